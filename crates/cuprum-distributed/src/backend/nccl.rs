//! The NCCL backend for CUDA arrays, through `cudarc::nccl::sys` (loaded at run time).
//!
//! Every call is enqueued on the array's device's current stream and returns at once
//! (asynchronous, stream-ordered). Pure data movement (broadcast, gathers, scatters,
//! all-to-all, send/recv) moves bytes (`ncclUint8`), so every dtype works; reductions use the
//! dtype's NCCL type (complex as pairs of reals; bool as `uint8` with max/min).

use super::super::cuda_glue;
use crate::reduce::ReduceOp;
use crate::{Error, Result};
use cudarc::nccl::sys;
use cuprum_core::{Array, DType};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// True when `libnccl` can be loaded on this machine (never panics).
pub(crate) fn is_available() -> bool {
    static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        std::panic::catch_unwind(|| {
            // SAFETY: `is_culib_present` only tries `dlopen` on candidate names and drops the
            // handle.
            unsafe { sys::is_culib_present() }
        })
        .unwrap_or(false)
    })
}

/// NCCL's version code (e.g. 22803 for 2.28.3).
pub(crate) fn version() -> Result<i32> {
    ensure_loaded("nccl_version")?;
    let mut v = 0i32;
    // SAFETY: the library is loaded (checked above); `v` is a valid out-pointer for one int.
    let st = unsafe { sys::ncclGetVersion(&mut v) };
    check("ncclGetVersion", st, None)?;
    Ok(v)
}

fn ensure_loaded(op: &'static str) -> Result<()> {
    if is_available() {
        Ok(())
    } else {
        Err(Error::Core(cuprum_core::Error::LibraryNotFound {
            library: "libnccl",
            detail: format!("{op}: NCCL is not installed or not on the library path"),
        }))
    }
}

/// NCCL's status name.
fn status_name(st: sys::ncclResult_t) -> String {
    format!("{st:?}")
}

/// Maps an NCCL status to a result, adding NCCL's last-error text when a communicator is known.
fn check(op: &'static str, st: sys::ncclResult_t, comm: Option<sys::ncclComm_t>) -> Result<()> {
    if st == sys::ncclResult_t::ncclSuccess || st == sys::ncclResult_t::ncclInProgress {
        return Ok(());
    }
    let detail = comm
        .and_then(|c| {
            // SAFETY: `c` is a live communicator owned by the caller; NCCL returns a pointer to
            // a NUL-terminated string it owns (or null), which we copy at once.
            let p = unsafe { sys::ncclGetLastError(c) };
            if p.is_null() {
                None
            } else {
                // SAFETY: non-null, NUL-terminated, valid until the next NCCL call on this thread.
                let s = unsafe { std::ffi::CStr::from_ptr(p) }
                    .to_string_lossy()
                    .into_owned();
                (!s.is_empty()).then(|| format!(": {s}"))
            }
        })
        .unwrap_or_default();
    Err(Error::Nccl {
        op,
        status: status_name(st),
        detail,
    })
}

/// A new NCCL unique id (on the rank that creates the communicator's id).
pub(crate) fn unique_id() -> Result<[u8; 128]> {
    unique_id_for("init_process_group")
}

/// A new NCCL unique id; `op` names the caller in the error when NCCL is not installed.
pub(crate) fn unique_id_for(op: &'static str) -> Result<[u8; 128]> {
    ensure_loaded(op)?;
    let mut id = std::mem::MaybeUninit::<sys::ncclUniqueId>::uninit();
    // SAFETY: the library is loaded; `id` is a valid out-pointer for one ncclUniqueId, which
    // NCCL fully initializes on success (checked before `assume_init`).
    let st = unsafe { sys::ncclGetUniqueId(id.as_mut_ptr()) };
    check("ncclGetUniqueId", st, None)?;
    // SAFETY: ncclGetUniqueId succeeded and wrote the whole struct.
    let id = unsafe { id.assume_init() };
    Ok(id.internal.map(|c| c as u8))
}

/// What a reducing collective passes NCCL: the datatype, the element-count multiplier, the
/// reduction, the communicator, the send and receive buffers and the stream.
struct ReduceArgs {
    t: sys::ncclDataType_t,
    mult: usize,
    r: sys::ncclRedOp_t,
    comm: sys::ncclComm_t,
    s: *mut c_void,
    d: *mut c_void,
    st: sys::cudaStream_t,
}

/// The direction of a point-to-point transfer.
#[derive(Clone, Copy)]
pub(crate) enum Dir {
    Send,
    Recv,
}

impl Dir {
    fn back(self) -> Dir {
        match self {
            Dir::Send => Dir::Recv,
            Dir::Recv => Dir::Send,
        }
    }

    /// The error when the root of a scatter (`Send`) or gather (`Recv`) passed no array.
    fn root_array(self) -> &'static str {
        match self {
            Dir::Send => "the root must pass an input array",
            Dir::Recv => "the root must pass an output array",
        }
    }
}

/// The NCCL datatype and element-count multiplier for a reduction over `dtype`.
fn reduce_type(
    op_name: &'static str,
    dtype: DType,
    op: ReduceOp,
) -> Result<(sys::ncclDataType_t, usize, sys::ncclRedOp_t)> {
    use sys::ncclDataType_t as T;
    let (t, mult) = match dtype {
        DType::Bool | DType::UInt8 => (T::ncclUint8, 1),
        DType::Int8 => (T::ncclInt8, 1),
        DType::Int32 => (T::ncclInt32, 1),
        DType::UInt32 => (T::ncclUint32, 1),
        DType::Int64 => (T::ncclInt64, 1),
        DType::UInt64 => (T::ncclUint64, 1),
        DType::Float16 => (T::ncclFloat16, 1),
        DType::BFloat16 => (T::ncclBfloat16, 1),
        DType::Float32 => (T::ncclFloat32, 1),
        DType::Float64 => (T::ncclFloat64, 1),
        DType::Complex64 => (T::ncclFloat32, 2),
        DType::Complex128 => (T::ncclFloat64, 2),
        d => {
            return Err(Error::unsupported(
                op_name,
                format!("NCCL has no {d} type to reduce (it moves {d} data, but cannot add it)"),
            ));
        }
    };
    use sys::ncclRedOp_t as R;
    let r = match (dtype, op) {
        (DType::Bool, ReduceOp::Sum | ReduceOp::Max) => R::ncclMax,
        (DType::Bool, _) => R::ncclMin,
        (_, ReduceOp::Sum) => R::ncclSum,
        (_, ReduceOp::Prod) => R::ncclProd,
        (_, ReduceOp::Max) => R::ncclMax,
        (_, ReduceOp::Min) => R::ncclMin,
        (_, ReduceOp::Mean) => R::ncclAvg,
        (_, op) => {
            return Err(Error::unsupported(
                op_name,
                format!("reduction {op} in a collective (use sum, prod, max, min or mean/avg)"),
            ));
        }
    };
    Ok((t, mult, r))
}

/// One NCCL communicator (one rank on one device).
pub(crate) struct NcclComm {
    comm: sys::ncclComm_t,
    ordinal: usize,
    rank: usize,
    world: usize,
    aborted: AtomicBool,
}

// SAFETY: an ncclComm_t may be used from any thread; the Communicator serializes calls on one
// communicator behind a mutex, as NCCL requires (no concurrent calls on the same comm).
unsafe impl Send for NcclComm {}
// SAFETY: see `Send`; shared references only read the immutable fields or go through the mutex.
unsafe impl Sync for NcclComm {}

impl std::fmt::Debug for NcclComm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "NcclComm(rank {} of {} on cuda:{})",
            self.rank, self.world, self.ordinal
        )
    }
}

impl NcclComm {
    /// `ncclCommInitRank` on device `ordinal` (blocking until every rank joined).
    pub(crate) fn init_rank(
        ordinal: usize,
        world: usize,
        rank: usize,
        id: &[u8; 128],
    ) -> Result<NcclComm> {
        ensure_loaded("init_process_group")?;
        cuda_glue::bind(ordinal)?;
        let uid = sys::ncclUniqueId {
            internal: id.map(|b| b as std::ffi::c_char),
        };
        let mut comm: sys::ncclComm_t = std::ptr::null_mut();
        let (w, r) = (
            to_int("init_process_group", world)?,
            to_int("init_process_group", rank)?,
        );
        // SAFETY: the device's context is current on this thread (bind above); `comm` is a valid
        // out-pointer; the id came from ncclGetUniqueId on the root.
        let st = unsafe { sys::ncclCommInitRank(&mut comm, w, uid, r) };
        check("ncclCommInitRank", st, None)?;
        Ok(NcclComm {
            comm,
            ordinal,
            rank,
            world,
            aborted: AtomicBool::new(false),
        })
    }

    /// `ncclCommInitAll`: one communicator per device, for one process driving them all.
    pub(crate) fn init_all(ordinals: &[usize]) -> Result<Vec<NcclComm>> {
        ensure_loaded("Communicator::init_all")?;
        let n = ordinals.len();
        let devs: Vec<i32> = ordinals
            .iter()
            .map(|&o| to_int("Communicator::init_all", o))
            .collect::<Result<_>>()?;
        let mut comms: Vec<sys::ncclComm_t> = vec![std::ptr::null_mut(); n];
        // SAFETY: `comms` has room for `n` communicators and `devs` holds `n` device ordinals.
        let st = unsafe {
            sys::ncclCommInitAll(
                comms.as_mut_ptr(),
                to_int("Communicator::init_all", n)?,
                devs.as_ptr(),
            )
        };
        check("ncclCommInitAll", st, None)?;
        Ok(comms
            .into_iter()
            .enumerate()
            .map(|(rank, comm)| NcclComm {
                comm,
                ordinal: ordinals[rank],
                rank,
                world: n,
                aborted: AtomicBool::new(false),
            })
            .collect())
    }

    pub(crate) fn ordinal(&self) -> usize {
        self.ordinal
    }

    fn live(&self, op: &'static str) -> Result<sys::ncclComm_t> {
        if self.aborted.load(Ordering::SeqCst) {
            return Err(Error::Nccl {
                op,
                status: "aborted".into(),
                detail: ": this communicator was aborted after an earlier failure".into(),
            });
        }
        Ok(self.comm)
    }

    /// The asynchronous error state (`ncclCommGetAsyncError`).
    pub(crate) fn check_async(&self, op: &'static str) -> Result<()> {
        let comm = self.live(op)?;
        let mut st = sys::ncclResult_t::ncclSuccess;
        // SAFETY: `comm` is live (not destroyed or aborted); `st` is a valid out-pointer.
        let rc = unsafe { sys::ncclCommGetAsyncError(comm, &mut st) };
        check("ncclCommGetAsyncError", rc, Some(comm))?;
        check(op, st, Some(comm))
    }

    /// Aborts the communicator (`ncclCommAbort`): pending operations stop.
    pub(crate) fn abort(&self) {
        if !self.aborted.swap(true, Ordering::SeqCst) {
            // SAFETY: the communicator is live (the swap makes this the only abort) and is never
            // used again after `aborted` is set.
            let _ = unsafe { sys::ncclCommAbort(self.comm) };
        }
    }

    /// Waits until the work enqueued so far on the current stream is done, checking NCCL's
    /// asynchronous errors; aborts and fails after `timeout`.
    ///
    /// `gone` lists the ranks known to have exited (from the TCP mesh); it is asked every
    /// 50 ms, and a non-empty answer aborts the communicator at once with
    /// [`Error::RankFailed`] instead of waiting for the timeout (NCCL itself would hang).
    pub(crate) fn wait(
        &self,
        op: &'static str,
        timeout: Duration,
        gone: &dyn Fn() -> Vec<usize>,
    ) -> Result<()> {
        // The stream itself is polled (cuStreamQuery): no event to create, record and destroy
        // on every call. The current stream belongs to this thread, so nothing is queued on
        // it while this thread waits.
        let stream = cuda_glue::stream(self.ordinal)?;
        let cu = stream.cu_stream();
        let done = || -> std::result::Result<bool, cudarc::driver::DriverError> {
            use cudarc::driver::sys::{CUresult, cuStreamQuery};
            // SAFETY: `cu` is a live stream (held by `stream`) of the context bound above.
            match unsafe { cuStreamQuery(cu) } {
                CUresult::CUDA_SUCCESS => Ok(true),
                CUresult::CUDA_ERROR_NOT_READY => Ok(false),
                e => Err(cudarc::driver::DriverError(e)),
            }
        };
        let t0 = Instant::now();
        // A small collective completes in tens of microseconds: poll the stream alone (no NCCL
        // error probe, no yield) for the first 200 us, so that its completion is seen at once;
        // the full loop below, with its error and peer checks, takes over after that.
        while t0.elapsed() < Duration::from_micros(200) {
            match done() {
                Ok(true) => return self.check_async(op),
                Ok(false) => std::hint::spin_loop(),
                Err(e) => return Err(cuda_glue::driver_error(op, e)),
            }
        }
        let mut next_probe = t0 + Duration::from_millis(50);
        loop {
            match done() {
                Ok(true) => return self.check_async(op),
                Ok(false) => {}
                Err(e) => return Err(cuda_glue::driver_error(op, e)),
            }
            if let Err(e) = self.check_async(op) {
                self.abort();
                return Err(e);
            }
            if Instant::now() >= next_probe {
                next_probe += Duration::from_millis(50);
                if let Some(&rank) = gone().first() {
                    self.abort();
                    return Err(Error::RankFailed {
                        op,
                        rank,
                        reason: "its process exited while NCCL work was pending; the NCCL communicator was aborted".into(),
                    });
                }
            }
            if t0.elapsed() > timeout {
                self.abort();
                return Err(Error::Timeout {
                    op,
                    waited: timeout,
                    missing: gone(),
                });
            }
            // Spin (yielding) for short waits, so that timing a small collective measures
            // the collective; sleep once the wait is long.
            if t0.elapsed() < Duration::from_millis(20) {
                std::thread::yield_now();
            } else {
                std::thread::sleep(Duration::from_micros(100));
            }
        }
    }

    fn stream(&self) -> Result<sys::cudaStream_t> {
        let s = cuda_glue::stream(self.ordinal)?;
        Ok(s.cu_stream().cast())
    }

    fn ptr(&self, op: &'static str, a: &Array) -> Result<*mut c_void> {
        cuda_glue::check_array(op, a, self.ordinal)?;
        Ok(cuda_glue::device_ptr(op, a)? as usize as *mut c_void)
    }

    /// What a reducing collective from `send` into `recv` (or in place, `None`) passes NCCL.
    fn reduce_args(
        &self,
        op_name: &'static str,
        send: &Array,
        recv: Option<&Array>,
        op: ReduceOp,
    ) -> Result<ReduceArgs> {
        let (t, mult, r) = reduce_type(op_name, send.dtype(), op)?;
        let comm = self.live(op_name)?;
        let s = self.ptr(op_name, send)?;
        let d = match recv {
            Some(a) => self.ptr(op_name, a)?,
            None => s,
        };
        let st = self.stream()?;
        Ok(ReduceArgs {
            t,
            mult,
            r,
            comm,
            s,
            d,
            st,
        })
    }

    /// All-reduce `send` into `recv` (same size and dtype; may be the same buffer).
    pub(crate) fn all_reduce(
        &self,
        op_name: &'static str,
        send: &Array,
        recv: &Array,
        op: ReduceOp,
    ) -> Result<()> {
        let a = self.reduce_args(op_name, send, Some(recv), op)?;
        // SAFETY: both pointers address `send.size()` contiguous elements on this comm's device
        // (checked by check_array); the count is in NCCL elements of type `t`; stream order
        // keeps the buffers alive and unmodified until the collective is done.
        let rc =
            unsafe { sys::ncclAllReduce(a.s, a.d, send.size() * a.mult, a.t, a.r, a.comm, a.st) };
        check(op_name, rc, Some(a.comm))
    }

    /// Reduce `send` into `recv` on `root`.
    pub(crate) fn reduce(
        &self,
        op_name: &'static str,
        send: &Array,
        recv: Option<&Array>,
        op: ReduceOp,
        root: usize,
    ) -> Result<()> {
        let a = self.reduce_args(op_name, send, recv, op)?;
        let root = to_int(op_name, root)?;
        // SAFETY: as in all_reduce; `d` is only written on the root, where it is a checked array.
        let rc = unsafe {
            sys::ncclReduce(a.s, a.d, send.size() * a.mult, a.t, a.r, root, a.comm, a.st)
        };
        check(op_name, rc, Some(a.comm))
    }

    /// Broadcast `root`'s `send` into every rank's `recv` (bytes).
    pub(crate) fn broadcast(&self, op_name: &'static str, buf: &Array, root: usize) -> Result<()> {
        let comm = self.live(op_name)?;
        let (p, st) = (self.ptr(op_name, buf)?, self.stream()?);
        // SAFETY: `p` addresses `nbytes` contiguous bytes on this device; in-place broadcast.
        let rc = unsafe {
            sys::ncclBroadcast(
                p,
                p,
                buf.nbytes(),
                sys::ncclDataType_t::ncclUint8,
                to_int(op_name, root)?,
                comm,
                st,
            )
        };
        check(op_name, rc, Some(comm))
    }

    /// All-gather: `recv` (n × send bytes) gets every rank's `send` in rank order.
    pub(crate) fn all_gather(
        &self,
        op_name: &'static str,
        send: &Array,
        recv: &Array,
    ) -> Result<()> {
        let comm = self.live(op_name)?;
        let (s, d, st) = (
            self.ptr(op_name, send)?,
            self.ptr(op_name, recv)?,
            self.stream()?,
        );
        // SAFETY: `recv` holds world × send.nbytes() bytes (checked by the caller).
        let rc = unsafe {
            sys::ncclAllGather(
                s,
                d,
                send.nbytes(),
                sys::ncclDataType_t::ncclUint8,
                comm,
                st,
            )
        };
        check(op_name, rc, Some(comm))
    }

    /// Reduce-scatter: `recv` (count elements) gets block `rank` of the reduction of `send`.
    pub(crate) fn reduce_scatter(
        &self,
        op_name: &'static str,
        send: &Array,
        recv: &Array,
        op: ReduceOp,
    ) -> Result<()> {
        let a = self.reduce_args(op_name, send, Some(recv), op)?;
        // SAFETY: `send` holds world × recv.size() elements (checked by the caller).
        let rc = unsafe {
            sys::ncclReduceScatter(a.s, a.d, recv.size() * a.mult, a.t, a.r, a.comm, a.st)
        };
        check(op_name, rc, Some(a.comm))
    }

    /// Point-to-point transfer (`dir`) of `nbytes` bytes at byte offset `off` of `a` with `peer`.
    fn part(
        &self,
        dir: Dir,
        op_name: &'static str,
        a: &Array,
        (off, nbytes): (usize, usize),
        peer: usize,
    ) -> Result<()> {
        let comm = self.live(op_name)?;
        let (p, st) = (self.ptr(op_name, a)?, self.stream()?);
        let peer = to_int(op_name, peer)?;
        let t = sys::ncclDataType_t::ncclUint8;
        // SAFETY: `off + nbytes <= a.nbytes()` (callers pass whole arrays or chunk k of n equal
        // chunks); the pointer arithmetic stays inside the buffer.
        let rc = unsafe {
            let p = p.cast::<u8>().add(off);
            match dir {
                Dir::Send => sys::ncclSend(p.cast(), nbytes, t, peer, comm, st),
                Dir::Recv => sys::ncclRecv(p.cast(), nbytes, t, peer, comm, st),
            }
        };
        check(op_name, rc, Some(comm))
    }

    pub(crate) fn send(&self, op_name: &'static str, a: &Array, peer: usize) -> Result<()> {
        self.part(Dir::Send, op_name, a, (0, a.nbytes()), peer)
    }
    pub(crate) fn recv(&self, op_name: &'static str, a: &Array, peer: usize) -> Result<()> {
        self.part(Dir::Recv, op_name, a, (0, a.nbytes()), peer)
    }

    /// Grouped send + receive with one peer.
    pub(crate) fn send_recv(
        &self,
        op_name: &'static str,
        send: &Array,
        recv: &Array,
        peer: usize,
    ) -> Result<()> {
        grouped(op_name, || {
            self.send(op_name, send, peer)?;
            self.recv(op_name, recv, peer)
        })
    }

    /// A gather (`dir` = `Recv`) or scatter (`Send`) at `root` by grouped send/recv (works on
    /// every NCCL version): the root moves chunk `r` of `at_root` (the size of `mine`) with each
    /// rank `r`; then every rank moves `mine` the other way with the root.
    pub(crate) fn rooted(
        &self,
        op_name: &'static str,
        dir: Dir,
        at_root: Option<&Array>,
        mine: &Array,
        root: usize,
    ) -> Result<()> {
        let chunk = mine.nbytes();
        grouped(op_name, || {
            if self.rank == root {
                let a = at_root.ok_or_else(|| Error::invalid(op_name, dir.root_array()))?;
                for r in 0..self.world {
                    self.part(dir, op_name, a, (r * chunk, chunk), r)?;
                }
            }
            self.part(dir.back(), op_name, mine, (0, chunk), root)
        })
    }

    /// All-to-all by grouped send/recv.
    pub(crate) fn all_to_all(
        &self,
        op_name: &'static str,
        send: &Array,
        recv: &Array,
    ) -> Result<()> {
        let chunk = send.nbytes() / self.world;
        grouped(op_name, || {
            for r in 0..self.world {
                self.part(Dir::Send, op_name, send, (r * chunk, chunk), r)?;
                self.part(Dir::Recv, op_name, recv, (r * chunk, chunk), r)?;
            }
            Ok(())
        })
    }
}

impl Drop for NcclComm {
    fn drop(&mut self) {
        if self.aborted.load(Ordering::SeqCst) {
            return;
        }
        let comm = self.comm;
        let ordinal = self.ordinal;
        // Never panic in drop: a missing library or a failed destroy is logged only.
        let r = std::panic::catch_unwind(move || {
            let _ = cuda_glue::bind(ordinal);
            // SAFETY: the communicator is live and this is its last use (drop).
            unsafe { sys::ncclCommDestroy(comm) }
        });
        match r {
            Ok(st) if st != sys::ncclResult_t::ncclSuccess => {
                tracing::warn!("ncclCommDestroy on cuda:{ordinal} returned {st:?}");
            }
            Err(_) => tracing::warn!("ncclCommDestroy on cuda:{ordinal} panicked"),
            _ => {}
        }
    }
}

fn to_int(op: &'static str, v: usize) -> Result<i32> {
    i32::try_from(v).map_err(|_| Error::invalid(op, format!("{v} does not fit NCCL's int")))
}

/// `ncclGroupStart`.
pub(crate) fn group_start() -> Result<()> {
    ensure_loaded("group_start")?;
    // SAFETY: no arguments; the library is loaded.
    let st = unsafe { sys::ncclGroupStart() };
    check("ncclGroupStart", st, None)
}

/// `ncclGroupEnd`.
pub(crate) fn group_end() -> Result<()> {
    ensure_loaded("group_end")?;
    // SAFETY: no arguments; the library is loaded.
    let st = unsafe { sys::ncclGroupEnd() };
    check("ncclGroupEnd", st, None)
}

/// Runs `f` between ncclGroupStart and ncclGroupEnd (always ending the group).
pub(crate) fn grouped(op: &'static str, f: impl FnOnce() -> Result<()>) -> Result<()> {
    group_start()?;
    let r = f();
    let e = group_end();
    r?;
    e.map_err(|e| match e {
        Error::Nccl { status, detail, .. } => Error::Nccl { op, status, detail },
        e => e,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sys::ncclDataType_t as T;
    use sys::ncclRedOp_t as R;

    #[test]
    fn dtypes_map_onto_nccl_types() {
        let t = |d, op| reduce_type("t", d, op);
        for (d, op, want) in [
            (
                DType::Complex64,
                ReduceOp::Sum,
                (T::ncclFloat32, 2, R::ncclSum),
            ),
            (
                DType::Complex128,
                ReduceOp::Mean,
                (T::ncclFloat64, 2, R::ncclAvg),
            ),
            (
                DType::BFloat16,
                ReduceOp::Max,
                (T::ncclBfloat16, 1, R::ncclMax),
            ),
            (DType::Bool, ReduceOp::Sum, (T::ncclUint8, 1, R::ncclMax)),
            (DType::Bool, ReduceOp::Prod, (T::ncclUint8, 1, R::ncclMin)),
            (
                DType::UInt64,
                ReduceOp::Prod,
                (T::ncclUint64, 1, R::ncclProd),
            ),
        ] {
            assert_eq!(t(d, op).unwrap(), want, "{d} {op:?}");
        }
        assert!(matches!(
            t(DType::Int16, ReduceOp::Sum),
            Err(Error::Unsupported { .. })
        ));
    }

    #[test]
    fn availability_never_panics() {
        // Whatever this machine has, asking is safe and stable.
        assert_eq!(is_available(), is_available());
        if !is_available() {
            assert!(unique_id().is_err());
            assert!(group_start().is_err());
        }
    }
}
