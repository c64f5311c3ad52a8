//! Grouped calls (`ncclGroupStart`/`ncclGroupEnd`, torch's `batch_isend_irecv`) and the default
//! process group behind the torch-style free functions.

use crate::backend::nccl;
use crate::comm::Communicator;
use crate::options::InitOptions;
use crate::reduce::ReduceOp;
use crate::{Error, Result};
use cuprum_core::Array;
use std::cell::RefCell;
use std::sync::{Arc, Mutex};

type Call = Box<dyn FnOnce() -> Result<()> + Send>;

/// One communicator's deferred point-to-point messages: sends (peer, tag, bytes) and
/// receives (peer, tag, output).
type Batch = (
    Communicator,
    Vec<(usize, u64, Vec<u8>)>,
    Vec<(usize, u64, Array)>,
);

enum Deferred {
    Send(Communicator, usize, u64, Vec<u8>),
    Recv(Communicator, usize, u64, Array),
    Call(Call),
}

#[derive(Default)]
struct State {
    depth: usize,
    nccl_started: bool,
    deferred: Vec<Deferred>,
}

thread_local! {
    static GROUP: RefCell<State> = RefCell::new(State::default());
}

/// True between [`group_start`] and the matching [`group_end`] on this thread.
pub(crate) fn in_group() -> bool {
    GROUP.with(|g| g.borrow().depth > 0)
}

/// Called before an NCCL call: opens the NCCL group lazily when this thread is in a group.
pub(crate) fn note_nccl() -> Result<()> {
    let start = GROUP.with(|g| {
        let mut g = g.borrow_mut();
        if g.depth > 0 && !g.nccl_started {
            g.nccl_started = true;
            true
        } else {
            false
        }
    });
    if start { nccl::group_start() } else { Ok(()) }
}

pub(crate) fn defer(f: Call) {
    GROUP.with(|g| g.borrow_mut().deferred.push(Deferred::Call(f)));
}
pub(crate) fn defer_send(c: Communicator, peer: usize, tag: u64, data: Vec<u8>) {
    GROUP.with(|g| {
        g.borrow_mut()
            .deferred
            .push(Deferred::Send(c, peer, tag, data))
    });
}
pub(crate) fn defer_recv(c: Communicator, peer: usize, tag: u64, out: Array) {
    GROUP.with(|g| {
        g.borrow_mut()
            .deferred
            .push(Deferred::Recv(c, peer, tag, out))
    });
}

/// Starts a group of calls on this thread, like `ncclGroupStart` (and torch's
/// `batch_isend_irecv`): the calls issued until [`group_end`] are launched together, so
/// sends and receives between ranks cannot deadlock on each other's order, and one thread can
/// drive several communicators of [`Communicator::init_all`]. Groups nest.
///
/// NCCL: `ncclGroupStart` (opened with the first CUDA call in the group). TCP: the calls are
/// recorded and run at [`group_end`]: all point-to-point messages at once (each send on its
/// own thread), then the collectives in call order.
///
/// # Errors
/// None today; `Result` for symmetry with [`group_end`].
pub fn group_start() -> Result<()> {
    GROUP.with(|g| g.borrow_mut().depth += 1);
    Ok(())
}

/// Ends a group started by [`group_start`]; at the outermost end the grouped calls run.
///
/// # Errors
/// [`Error::InvalidArgument`] without a matching [`group_start`]; the first error of the
/// grouped calls; [`Error::Nccl`] from `ncclGroupEnd`.
pub fn group_end() -> Result<()> {
    let (run, nccl_started, deferred) = GROUP.with(|g| {
        let mut g = g.borrow_mut();
        if g.depth == 0 {
            return (false, false, Vec::new());
        }
        g.depth -= 1;
        if g.depth > 0 {
            return (true, false, Vec::new());
        }
        let ns = std::mem::replace(&mut g.nccl_started, false);
        (true, ns, std::mem::take(&mut g.deferred))
    });
    if !run {
        return Err(Error::invalid(
            "group_end",
            "group_end without a matching group_start",
        ));
    }
    let nccl_result = if nccl_started {
        nccl::group_end()
    } else {
        Ok(())
    };
    // Point-to-point messages, batched per communicator.
    let mut batches: Vec<Batch> = Vec::new();
    let mut calls = Vec::new();
    for d in deferred {
        let slot = |batches: &mut Vec<(Communicator, _, _)>, c: Communicator| -> usize {
            match batches
                .iter()
                .position(|(b, _, _)| Arc::ptr_eq(&b.inner, &c.inner))
            {
                Some(i) => i,
                None => {
                    batches.push((c, Vec::new(), Vec::new()));
                    batches.len() - 1
                }
            }
        };
        match d {
            Deferred::Send(c, p, t, data) => {
                let i = slot(&mut batches, c);
                batches[i].1.push((p, t, data));
            }
            Deferred::Recv(c, p, t, out) => {
                let i = slot(&mut batches, c);
                batches[i].2.push((p, t, out));
            }
            Deferred::Call(f) => calls.push(f),
        }
    }
    let mut result = nccl_result;
    for (c, sends, recvs) in batches {
        let r = c.run_p2p_batch(sends, recvs);
        if result.is_ok() {
            result = r;
        }
    }
    for f in calls {
        let r = f();
        if result.is_ok() {
            result = r;
        }
    }
    result
}

/// Runs `f` inside [`group_start`]/[`group_end`] (the group is ended even when `f` fails).
///
/// # Errors
/// The error of `f`, else that of [`group_end`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_distributed::{Backend, Communicator, InitOptions, ReduceOp, group};
/// let c = Communicator::init(InitOptions::new().backend(Backend::Tcp).rank(0).world_size(1)).unwrap();
/// let a = Array::from_vec_on(vec![3i32], &[1], Device::Cpu).unwrap();
/// group(|| c.all_reduce(&a, &a, ReduceOp::Max)).unwrap();
/// assert_eq!(a.to_vec::<i32>().unwrap(), vec![3]);
/// ```
pub fn group<R>(f: impl FnOnce() -> Result<R>) -> Result<R> {
    group_start()?;
    let r = f();
    let e = group_end();
    let r = r?;
    e?;
    Ok(r)
}

// ---- the default process group (torch.distributed / cupyx.distributed free functions) ----

static DEFAULT: Mutex<Option<Communicator>> = Mutex::new(None);

fn default_slot() -> std::sync::MutexGuard<'static, Option<Communicator>> {
    DEFAULT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Initializes the default process group (torch's and the tutorial's
/// `dist.init_process_group(...)`, CuPy's `cupyx.distributed.init_process_group(n_devices,
/// rank)` via [`InitOptions::cupy`]) and returns its [`Communicator`] (CuPy's
/// `NCCLBackend`).
///
/// Reads `RANK`/`WORLD_SIZE`/`LOCAL_RANK`/`MASTER_ADDR`/`MASTER_PORT` (torchrun,
/// `cuprum-run`), `OMPI_COMM_WORLD_*` (mpirun), or the values set on `opts`; see
/// [`Communicator::init`] for the rendezvous.
///
/// # Errors
/// [`Error::InvalidArgument`] when the default group already exists; the errors of
/// [`Communicator::init`].
pub fn init_process_group(opts: InitOptions) -> Result<Communicator> {
    let mut slot = default_slot();
    if slot.is_some() {
        return Err(Error::invalid(
            "init_process_group",
            "the default process group is already initialized; call destroy_process_group first",
        ));
    }
    let c = Communicator::init(opts)?;
    *slot = Some(c.clone());
    Ok(c)
}

/// Tears the default process group down (sockets closed, NCCL communicator destroyed once the
/// last handle is dropped).
///
/// # Errors
/// [`Error::NotInitialized`] when there is none.
pub fn destroy_process_group() -> Result<()> {
    match default_slot().take() {
        Some(_) => Ok(()),
        None => Err(Error::NotInitialized {
            op: "destroy_process_group",
        }),
    }
}

/// True after [`init_process_group`] and before [`destroy_process_group`].
pub fn is_initialized() -> bool {
    default_slot().is_some()
}

/// The default process group's communicator.
///
/// # Errors
/// [`Error::NotInitialized`].
pub fn default_communicator() -> Result<Communicator> {
    default_slot().clone().ok_or(Error::NotInitialized {
        op: "default_communicator",
    })
}

fn with_default<R>(op: &'static str, f: impl FnOnce(&Communicator) -> Result<R>) -> Result<R> {
    let c = default_slot().clone().ok_or(Error::NotInitialized { op })?;
    f(&c)
}

/// This process's rank in the default group.
///
/// # Errors
/// [`Error::NotInitialized`].
pub fn get_rank() -> Result<usize> {
    with_default("get_rank", |c| Ok(c.rank()))
}

/// The default group's number of ranks.
///
/// # Errors
/// [`Error::NotInitialized`].
pub fn get_world_size() -> Result<usize> {
    with_default("get_world_size", |c| Ok(c.world_size()))
}

/// True when NCCL can be loaded on this machine (`dist.is_nccl_available()`). Never panics.
pub fn is_nccl_available() -> bool {
    nccl::is_available()
}

/// NCCL's version code (e.g. 22803 for 2.28.3).
///
/// # Errors
/// A core `LibraryNotFound` error when NCCL is not installed.
pub fn nccl_version() -> Result<i32> {
    nccl::version()
}

/// torch's `dist.all_reduce(tensor, op)`: in place on the default group.
///
/// # Errors
/// As [`Communicator::all_reduce`]; [`Error::NotInitialized`].
pub fn all_reduce(array: &Array, op: ReduceOp) -> Result<()> {
    with_default("all_reduce", |c| c.all_reduce(array, array, op))
}

/// torch's `dist.broadcast(tensor, src)`.
///
/// # Errors
/// As [`Communicator::broadcast`]; [`Error::NotInitialized`].
pub fn broadcast(array: &Array, src: usize) -> Result<()> {
    with_default("broadcast", |c| c.broadcast(array, src))
}

/// torch's `dist.reduce(tensor, dst, op)`: `dst`'s `array` gets the reduction (in place).
///
/// # Errors
/// As [`Communicator::reduce`]; [`Error::NotInitialized`].
pub fn reduce(array: &Array, dst: usize, op: ReduceOp) -> Result<()> {
    with_default("reduce", |c| c.reduce(array, Some(array), dst, op))
}

/// torch's `dist.all_gather(tensor_list, tensor)`.
///
/// # Errors
/// As [`Communicator::all_gather_list`]; [`Error::NotInitialized`].
pub fn all_gather(tensor_list: &[Array], array: &Array) -> Result<()> {
    with_default("all_gather", |c| c.all_gather_list(tensor_list, array))
}

/// torch's `dist.all_gather_into_tensor(output, input)`.
///
/// # Errors
/// As [`Communicator::all_gather`]; [`Error::NotInitialized`].
pub fn all_gather_into_tensor(output: &Array, input: &Array) -> Result<()> {
    with_default("all_gather_into_tensor", |c| c.all_gather(input, output))
}

/// torch's `dist.reduce_scatter_tensor(output, input, op)`.
///
/// # Errors
/// As [`Communicator::reduce_scatter`]; [`Error::NotInitialized`].
pub fn reduce_scatter_tensor(output: &Array, input: &Array, op: ReduceOp) -> Result<()> {
    with_default("reduce_scatter_tensor", |c| {
        c.reduce_scatter(input, output, op)
    })
}

/// torch's `dist.gather(tensor, gather_list, dst)` (`gather_list` on `dst` only).
///
/// # Errors
/// As [`Communicator::gather_list`]; [`Error::NotInitialized`].
pub fn gather(array: &Array, gather_list: Option<&[Array]>, dst: usize) -> Result<()> {
    with_default("gather", |c| c.gather_list(array, gather_list, dst))
}

/// torch's `dist.scatter(tensor, scatter_list, src)` (`scatter_list` on `src` only).
///
/// # Errors
/// As [`Communicator::scatter_list`]; [`Error::NotInitialized`].
pub fn scatter(array: &Array, scatter_list: Option<&[Array]>, src: usize) -> Result<()> {
    with_default("scatter", |c| c.scatter_list(scatter_list, array, src))
}

/// torch's `dist.all_to_all_single(output, input)`.
///
/// # Errors
/// As [`Communicator::all_to_all`]; [`Error::NotInitialized`].
pub fn all_to_all_single(output: &Array, input: &Array) -> Result<()> {
    with_default("all_to_all_single", |c| c.all_to_all(input, output))
}

/// torch's `dist.send(tensor, dst)`.
///
/// # Errors
/// As [`Communicator::send`]; [`Error::NotInitialized`].
pub fn send(array: &Array, dst: usize) -> Result<()> {
    with_default("send", |c| c.send(array, dst))
}

/// torch's `dist.recv(tensor, src)`.
///
/// # Errors
/// As [`Communicator::recv`]; [`Error::NotInitialized`].
pub fn recv(array: &Array, src: usize) -> Result<()> {
    with_default("recv", |c| c.recv(array, src))
}

/// torch's `dist.barrier()`.
///
/// # Errors
/// As [`Communicator::barrier`]; [`Error::NotInitialized`].
pub fn barrier() -> Result<()> {
    with_default("barrier", |c| c.barrier())
}
