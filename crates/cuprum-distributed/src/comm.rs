//! [`Communicator`]: one rank's handle on a group of processes (or of GPUs in one process),
//! with CuPy's `NCCLBackend` methods.

use crate::backend::collectives::Collectives;
use crate::backend::nccl::{self, NcclComm};
use crate::backend::tcp::{Kind, RecvSpec, SendSpec, TcpMesh};
use crate::group;
use crate::options::{Backend, InitOptions, Resolved};
use crate::reduce::{self, ReduceOp};
use crate::store::{StoreClient, StoreServer};
use crate::{Error, Result, host};
use cuprum_core::{Array, Device};
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One rank's handle on a communicator: collectives and point-to-point transfers of cuprum
/// arrays between the ranks of a job, like CuPy's `cupyx.distributed.NCCLBackend`.
///
/// CUDA arrays go through NCCL (asynchronous on the device's stream); CPU arrays through the
/// TCP backend (synchronous: the call returns when this rank's part is done). A program written
/// against it runs unchanged on machines with and without GPUs.
///
/// Methods take an input and an output array (pass the same array for the in-place form, where
/// the operation allows it). Arrays must have the same dtype on every rank, and the element
/// counts stated per method; ranks that disagree fail with [`Error::Mismatch`] on the TCP
/// backend (NCCL cannot detect it).
///
/// Cloning is cheap (a handle on the same communicator). Dropping the last handle tears the
/// communicator down (closing sockets, destroying the NCCL communicator) without panicking.
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_distributed::{Backend, Communicator, InitOptions, ReduceOp};
/// // A world of one: every collective is the identity.
/// let comm = Communicator::init(
///     InitOptions::new().backend(Backend::Tcp).rank(0).world_size(1),
/// )
/// .unwrap();
/// let a = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu).unwrap();
/// comm.all_reduce(&a, &a, ReduceOp::Sum).unwrap();
/// assert_eq!(a.to_vec::<f32>().unwrap(), vec![1.0, 2.0]);
/// ```
#[derive(Clone)]
pub struct Communicator {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    rank: usize,
    world: usize,
    local_rank: usize,
    device: Device,
    backend: Backend,
    timeout: Duration,
    mesh: Option<TcpMesh>,
    nccl: Option<NcclComm>,
    /// serializes calls on this communicator (NCCL forbids concurrent calls on one comm)
    call: Mutex<()>,
    barrier_seq: AtomicU64,
    // Field order matters for drop: the mesh and NCCL go first, the store last.
    _store: Option<StoreClient>,
    _server: Option<StoreServer>,
}

impl std::fmt::Debug for Communicator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Communicator(rank {} of {}, device {}, backend {:?})",
            self.inner.rank, self.inner.world, self.inner.device, self.inner.backend
        )
    }
}

fn io_err(op: &'static str, what: &str, source: std::io::Error) -> Error {
    Error::Io {
        op,
        peer: what.to_string(),
        source,
    }
}

/// Rank 0 publishes its world size; every other rank compares its own with it before joining
/// the mesh. A rank started with another world size reports the fault to the store (which ends
/// every rank's rendezvous wait at once) and fails naming both sizes.
fn check_world_size(
    store: &StoreClient,
    rank: usize,
    world: usize,
    timeout: Duration,
) -> Result<()> {
    const OP: &str = "init_process_group";
    if rank == 0 {
        return store.set("world_size", world.to_string().as_bytes());
    }
    let v = store.get("world_size", timeout)?;
    let theirs = String::from_utf8_lossy(&v).into_owned();
    if theirs.parse::<usize>().ok() == Some(world) {
        return Ok(());
    }
    let fault = format!(
        "rank {rank} was started with world size {world} but rank 0 with world size {theirs}; \
         every rank must be started with the same WORLD_SIZE"
    );
    store.set(
        &format!("{}world/{rank}", crate::store::FAULT_PREFIX),
        fault.as_bytes(),
    )?;
    Err(Error::RendezvousFault { op: OP, fault })
}

impl Communicator {
    /// Joins the job described by `opts` (and the environment; see [`InitOptions`]).
    ///
    /// Rank 0 serves the rendezvous store at `MASTER_ADDR:MASTER_PORT` (unless the launcher
    /// serves it); every rank connects with the job token, publishes the address of its own
    /// listener, waits for all the others (naming the missing ones at the timeout), connects
    /// the TCP mesh, and, with NCCL, creates the NCCL communicator from a unique id that rank 0
    /// publishes through the store. The GPU is `cuda:{local_rank % device_count}` unless the
    /// options name a device; it becomes this thread's current device.
    ///
    /// # Errors
    /// [`Error::Env`] for missing or malformed launcher variables; [`Error::StoreUnreachable`],
    /// [`Error::TokenRefused`], [`Error::Timeout`] (naming the ranks that never arrived) from
    /// the rendezvous; [`Error::Nccl`] from `ncclCommInitRank`; a core error when
    /// [`Backend::Nccl`] is asked for on a machine without a GPU.
    pub fn init(opts: InitOptions) -> Result<Communicator> {
        const OP: &str = "init_process_group";
        let r = opts.resolve(OP)?;
        let device = select_device(&r)?;
        if let Device::Cuda(_) = device {
            // Make the GPU current for this thread, like `cupy.cuda.Device(local_rank).use()`.
            std::mem::forget(device.use_device()?);
        }
        let use_nccl = device.is_cuda();
        if r.world_size == 1 {
            let nccl = if use_nccl {
                let id = nccl::unique_id()?;
                Some(NcclComm::init_rank(cuda_ordinal(device), 1, 0, &id)?)
            } else {
                None
            };
            return Ok(Communicator::from_parts(
                &r,
                device,
                TcpMesh::single(r.timeout),
                nccl,
                None,
                None,
            ));
        }
        // The store.
        let server = if r.rank == 0 && !r.store_hosted {
            let bound = StoreServer::bind(&r.store_addr, &r.token).or_else(|e| {
                // MASTER_ADDR may name this host by an address it cannot bind; listen on all.
                let port = r.store_addr.rsplit(':').next().unwrap_or("0");
                StoreServer::bind(&format!("0.0.0.0:{port}"), &r.token).map_err(|_| e)
            });
            match bound {
                Ok(s) => Some(s),
                Err(e) => {
                    // The port is taken: when by this job's store, rank 0 is running already
                    // and the store says so, naming the rank; else the bind error stands.
                    let probe = StoreClient::connect(
                        &r.store_addr,
                        &r.token,
                        0,
                        Duration::from_secs(2).min(r.timeout),
                    );
                    return Err(match probe {
                        Err(taken @ Error::RendezvousFault { .. }) => taken,
                        _ => e,
                    });
                }
            }
        } else {
            None
        };
        let store = StoreClient::connect(&r.store_addr, &r.token, r.rank, r.timeout)?;
        check_world_size(&store, r.rank, r.world_size, r.timeout)?;
        // This rank's mesh listener, on the interface that reaches the store.
        let ip = store
            .local_ip()
            .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST));
        let listener = TcpListener::bind(SocketAddr::new(ip, 0))
            .map_err(|e| io_err(OP, "mesh listener", e))?;
        let my_addr = listener
            .local_addr()
            .map_err(|e| io_err(OP, "mesh listener", e))?;
        store.set(&format!("mesh/{}", r.rank), my_addr.to_string().as_bytes())?;
        // WORLD_SIZE comes from the user: its lists are allocated fallibly
        let mut keys = cuprum_core::ext::try_vec_with_capacity::<String>(r.world_size)?;
        keys.extend((0..r.world_size).map(|i| format!("mesh/{i}")));
        let missing = store.wait(&keys, r.timeout)?;
        if !missing.is_empty() {
            let ranks = missing
                .iter()
                .filter_map(|k| k.strip_prefix("mesh/").and_then(|s| s.parse().ok()))
                .collect();
            return Err(Error::Timeout {
                op: OP,
                waited: r.timeout,
                missing: ranks,
            });
        }
        let mut addrs = cuprum_core::ext::try_vec_with_capacity(r.world_size)?;
        for k in &keys {
            let v = store.get(k, r.timeout)?;
            let s = String::from_utf8_lossy(&v).into_owned();
            addrs.push(s.parse::<SocketAddr>().map_err(|_| {
                Error::invalid(
                    OP,
                    format!("the store holds {s:?} for {k}, not a socket address"),
                )
            })?);
        }
        let mesh = TcpMesh::connect(r.rank, r.world_size, listener, &addrs, &r.token, r.timeout)?;
        let nccl = if use_nccl {
            let id = if r.rank == 0 {
                let id = nccl::unique_id()?;
                store.set("nccl/id", &id)?;
                id
            } else {
                let v = store.get("nccl/id", r.timeout)?;
                v.as_slice().try_into().map_err(|_| {
                    Error::invalid(
                        OP,
                        format!("the NCCL id in the store has {} bytes, not 128", v.len()),
                    )
                })?
            };
            // Everyone has the id: only now enter the (blocking) NCCL init.
            mesh.barrier(OP, u64::MAX)?;
            Some(NcclComm::init_rank(
                cuda_ordinal(device),
                r.world_size,
                r.rank,
                &id,
            )?)
        } else {
            None
        };
        mesh.barrier(OP, u64::MAX - 1)?;
        Ok(Communicator::from_parts(
            &r,
            device,
            mesh,
            nccl,
            Some(store),
            server,
        ))
    }

    fn from_parts(
        r: &Resolved,
        device: Device,
        mesh: TcpMesh,
        nccl: Option<NcclComm>,
        store: Option<StoreClient>,
        server: Option<StoreServer>,
    ) -> Communicator {
        Communicator {
            inner: Arc::new(Inner {
                rank: r.rank,
                world: r.world_size,
                local_rank: r.local_rank,
                device,
                backend: if nccl.is_some() {
                    Backend::Nccl
                } else {
                    Backend::Tcp
                },
                timeout: r.timeout,
                mesh: Some(mesh),
                nccl,
                call: Mutex::new(()),
                barrier_seq: AtomicU64::new(0),
                _store: store,
                _server: server,
            }),
        }
    }

    /// One communicator per device for one process driving several GPUs
    /// (`ncclCommInitAll`); communicator `i` is rank `i` on `devices[i]`.
    ///
    /// Calls on several of them from one thread must be grouped (see [`group`](crate::group)),
    /// as NCCL requires. These communicators move CUDA arrays only.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for an empty list, a CPU device or a repeated device; a core
    /// error when a device is missing; [`Error::Nccl`] from `ncclCommInitAll`.
    pub fn init_all(devices: &[Device]) -> Result<Vec<Communicator>> {
        const OP: &str = "Communicator::init_all";
        if devices.is_empty() {
            return Err(Error::invalid(OP, "no devices given"));
        }
        let mut ordinals = Vec::with_capacity(devices.len());
        for &d in devices {
            match d {
                Device::Cuda(o) if !ordinals.contains(&o) => {
                    d.check_available(OP)?;
                    ordinals.push(o);
                }
                Device::Cuda(o) => {
                    return Err(Error::invalid(OP, format!("cuda:{o} is listed twice")));
                }
                _ => return Err(Error::invalid(OP, format!("{d} is not a CUDA device"))),
            }
        }
        let timeout = crate::options::env_timeout(OP)?.unwrap_or(crate::options::DEFAULT_TIMEOUT);
        let n = ordinals.len();
        Ok(NcclComm::init_all(&ordinals)?
            .into_iter()
            .enumerate()
            .map(|(rank, c)| Communicator {
                inner: Arc::new(Inner {
                    rank,
                    world: n,
                    local_rank: rank,
                    device: Device::Cuda(c.ordinal()),
                    backend: Backend::Nccl,
                    timeout,
                    mesh: None,
                    nccl: Some(c),
                    call: Mutex::new(()),
                    barrier_seq: AtomicU64::new(0),
                    _store: None,
                    _server: None,
                }),
            })
            .collect())
    }

    /// This process's rank (`get_rank()`, CuPy's `rank`).
    pub fn rank(&self) -> usize {
        self.inner.rank
    }
    /// Number of ranks (`get_world_size()`, CuPy's `n_devices`).
    pub fn world_size(&self) -> usize {
        self.inner.world
    }
    /// Rank on this node.
    pub fn local_rank(&self) -> usize {
        self.inner.local_rank
    }
    /// The device this rank computes on (`cuda:N`, or the CPU without GPUs).
    pub fn device(&self) -> Device {
        self.inner.device
    }
    /// [`Backend::Nccl`] when CUDA arrays can be moved, else [`Backend::Tcp`].
    pub fn backend(&self) -> Backend {
        self.inner.backend
    }
    /// The timeout of every wait.
    pub fn timeout(&self) -> Duration {
        self.inner.timeout
    }

    /// The transport of one call: NCCL for CUDA arrays (of this communicator's device), the
    /// TCP mesh for CPU arrays; every collective dispatches through it.
    pub(crate) fn route(&self, op: &'static str, arrays: &[&Array]) -> Result<&dyn Collectives> {
        let dev = arrays.first().map(|a| a.device()).unwrap_or(Device::Cpu);
        for a in arrays {
            if a.device() != dev {
                return Err(Error::Core(cuprum_core::Error::DeviceMismatch {
                    op,
                    lhs: dev,
                    rhs: a.device(),
                }));
            }
        }
        match dev {
            Device::Cuda(o) => match &self.inner.nccl {
                Some(n) if n.ordinal() == o => Ok(n),
                Some(n) => Err(Error::Core(cuprum_core::Error::DeviceMismatch {
                    op,
                    lhs: dev,
                    rhs: Device::Cuda(n.ordinal()),
                })),
                None => Err(Error::unsupported(
                    op,
                    format!(
                        "this communicator has no NCCL backend for {dev} arrays (init with Backend::Nccl on a GPU machine)"
                    ),
                )),
            },
            _ => match &self.inner.mesh {
                Some(m) => Ok(m),
                None => Err(Error::unsupported(
                    op,
                    "communicators from init_all move CUDA arrays only",
                )),
            },
        }
    }

    fn check_rank(&self, op: &'static str, what: &str, r: usize) -> Result<()> {
        if r >= self.inner.world {
            return Err(Error::invalid(
                op,
                format!(
                    "{what} {r} is not a rank of this world of size {}",
                    self.inner.world
                ),
            ));
        }
        Ok(())
    }

    fn check_peer(&self, op: &'static str, peer: usize) -> Result<()> {
        self.check_rank(op, "peer", peer)?;
        if peer == self.inner.rank {
            return Err(Error::invalid(
                op,
                format!("rank {peer} cannot send to or receive from itself"),
            ));
        }
        Ok(())
    }

    /// The call lock: one call at a time on this communicator (NCCL forbids concurrent calls).
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, ()> {
        self.inner.call.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs an NCCL call under the call lock, telling an open group that it holds NCCL work.
    pub(crate) fn nccl_call(&self, f: impl FnOnce() -> Result<()>) -> Result<()> {
        let _g = self.lock();
        group::note_nccl()?;
        f()
    }

    /// Runs `f` now, or, inside [`group_start`](crate::group_start) on the TCP backend,
    /// defers it to the group's end.
    pub(crate) fn run_tcp(
        &self,
        f: impl FnOnce(&Communicator) -> Result<()> + Send + 'static,
    ) -> Result<()> {
        if group::in_group() {
            let me = self.clone();
            group::defer(Box::new(move || f(&me)));
            Ok(())
        } else {
            let _g = self.lock();
            f(self)
        }
    }

    pub(crate) fn mesh(&self) -> &TcpMesh {
        // Only called on the TCP route, which exists only when the mesh does.
        self.inner
            .mesh
            .as_ref()
            .unwrap_or_else(|| unreachable!("TCP route without a mesh"))
    }

    /// All-reduce: every rank's `output` gets the elementwise reduction of all ranks' `input`.
    ///
    /// **Shapes**: `input` and `output` have the same number of elements and dtype (any
    /// shape); they may be the same array (in place).
    ///
    /// NCCL `ncclAllReduce` on CUDA arrays; on the TCP backend a reduction in rank order at
    /// rank 0 followed by a broadcast (bit-identical results on every rank).
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for mismatched sizes or dtypes; [`Error::Unsupported`] for a
    /// reduction the dtype does not allow (see [`ReduceOp`]); [`Error::Timeout`] /
    /// [`Error::RankFailed`] naming a rank that does not take part.
    pub fn all_reduce(&self, input: &Array, output: &Array, op: ReduceOp) -> Result<()> {
        const OP: &str = "all_reduce";
        same_layout(OP, input, output, 1)?;
        reduce::check(OP, input.dtype(), op)?;
        self.route(OP, &[input, output])?
            .all_reduce(self, OP, input, output, op)
    }

    /// Reduce: `root`'s `output` gets the elementwise reduction of all ranks' `input`.
    ///
    /// **Shapes**: as [`Communicator::all_reduce`]; `output` is needed on the root only
    /// (`None` elsewhere) and may be `input` itself.
    ///
    /// NCCL `ncclReduce`; TCP: reduction in rank order at the root.
    ///
    /// # Errors
    /// As [`Communicator::all_reduce`]; [`Error::InvalidArgument`] when the root passes no
    /// output or `root` is not a rank.
    pub fn reduce(
        &self,
        input: &Array,
        output: Option<&Array>,
        root: usize,
        op: ReduceOp,
    ) -> Result<()> {
        const OP: &str = "reduce";
        self.check_rank(OP, "root", root)?;
        reduce::check(OP, input.dtype(), op)?;
        let is_root = self.inner.rank == root;
        let out = match (is_root, output) {
            (true, None) => return Err(Error::invalid(OP, "the root must pass an output array")),
            (true, Some(o)) => {
                same_layout(OP, input, o, 1)?;
                Some(o.clone())
            }
            (false, _) => None,
        };
        let arrays: Vec<&Array> = std::iter::once(input).chain(out.as_ref()).collect();
        self.route(OP, &arrays)?
            .reduce(self, OP, input, out, root, op)
    }

    /// Broadcast: every rank's `array` gets `root`'s `array` (in place, CuPy's
    /// `broadcast(in_out_array, root)`).
    ///
    /// NCCL `ncclBroadcast`; TCP: the root sends to every rank.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `root` is not a rank; [`Error::Mismatch`] when ranks
    /// pass different sizes or dtypes (TCP); timeouts as [`Communicator::all_reduce`].
    pub fn broadcast(&self, array: &Array, root: usize) -> Result<()> {
        const OP: &str = "broadcast";
        self.check_rank(OP, "root", root)?;
        self.route(OP, &[array])?.broadcast(self, OP, array, root)
    }

    /// All-gather: `output` gets every rank's `input`, concatenated in rank order.
    ///
    /// **Shapes**: `output` has `world_size × input.size()` elements of `input`'s dtype, e.g.
    /// shape `(world_size, *input.shape)`.
    ///
    /// NCCL `ncclAllGather`; TCP: every rank sends to every other rank.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] for wrong sizes or dtypes; timeouts as
    /// [`Communicator::all_reduce`].
    pub fn all_gather(&self, input: &Array, output: &Array) -> Result<()> {
        const OP: &str = "all_gather";
        same_layout(OP, input, output, self.inner.world)?;
        self.route(OP, &[input, output])?
            .all_gather(self, OP, input, output)
    }

    /// Reduce-scatter: block `rank` of the elementwise reduction of all ranks' `input` lands in
    /// `output`.
    ///
    /// **Shapes**: `input` has `world_size × output.size()` elements; block `r` is elements
    /// `r*count..(r+1)*count` in C order.
    ///
    /// NCCL `ncclReduceScatter`; TCP: block `r` of every rank goes to rank `r`, which reduces
    /// them in rank order.
    ///
    /// # Errors
    /// As [`Communicator::all_reduce`].
    pub fn reduce_scatter(&self, input: &Array, output: &Array, op: ReduceOp) -> Result<()> {
        const OP: &str = "reduce_scatter";
        same_layout(OP, output, input, self.inner.world)?;
        reduce::check(OP, input.dtype(), op)?;
        self.route(OP, &[input, output])?
            .reduce_scatter(self, OP, input, output, op)
    }

    /// Gather: `root`'s `output` gets every rank's `input`, concatenated in rank order.
    ///
    /// **Shapes**: `output` (root only; `None` elsewhere) has `world_size × input.size()`
    /// elements.
    ///
    /// NCCL: grouped `ncclSend`/`ncclRecv`; TCP: every rank sends to the root.
    ///
    /// # Errors
    /// As [`Communicator::all_gather`]; [`Error::InvalidArgument`] when the root passes no
    /// output.
    pub fn gather(&self, input: &Array, output: Option<&Array>, root: usize) -> Result<()> {
        const OP: &str = "gather";
        self.check_rank(OP, "root", root)?;
        let out = self.root_buffer(OP, root, output, input, true)?;
        let arrays: Vec<&Array> = std::iter::once(input).chain(out.as_ref()).collect();
        self.route(OP, &arrays)?.gather(self, OP, input, out, root)
    }

    /// Scatter: block `r` of `root`'s `input` lands in rank `r`'s `output`.
    ///
    /// **Shapes**: `input` (root only; `None` elsewhere) has `world_size × output.size()`
    /// elements.
    ///
    /// NCCL: grouped `ncclSend`/`ncclRecv`; TCP: the root sends block `r` to rank `r`.
    ///
    /// # Errors
    /// As [`Communicator::gather`].
    pub fn scatter(&self, input: Option<&Array>, output: &Array, root: usize) -> Result<()> {
        const OP: &str = "scatter";
        self.check_rank(OP, "root", root)?;
        let inp = self.root_buffer(OP, root, input, output, false)?;
        let arrays: Vec<&Array> = std::iter::once(output).chain(inp.as_ref()).collect();
        self.route(OP, &arrays)?
            .scatter(self, OP, inp, output, root)
    }

    /// Checks the root-only buffer of gather (an output) or scatter (an input).
    fn root_buffer(
        &self,
        op: &'static str,
        root: usize,
        buf: Option<&Array>,
        local: &Array,
        is_output: bool,
    ) -> Result<Option<Array>> {
        if self.inner.rank != root {
            return Ok(None);
        }
        let b = buf.ok_or_else(|| {
            Error::invalid(
                op,
                format!(
                    "the root must pass the {} array",
                    if is_output { "output" } else { "input" }
                ),
            )
        })?;
        same_layout(op, local, b, self.inner.world)?;
        if is_output && b.device().is_cpu() {
            host::check_writable(op, b)?;
        }
        Ok(Some(b.clone()))
    }

    /// All-to-all: block `j` of rank `i`'s `input` lands in block `i` of rank `j`'s `output`.
    ///
    /// **Shapes**: `input` and `output` both have `world_size × k` elements of one dtype.
    ///
    /// NCCL: grouped `ncclSend`/`ncclRecv`; TCP: one message per pair of ranks.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when the sizes differ or are not a multiple of the world
    /// size; timeouts as [`Communicator::all_reduce`].
    pub fn all_to_all(&self, input: &Array, output: &Array) -> Result<()> {
        const OP: &str = "all_to_all";
        same_layout(OP, input, output, 1)?;
        if !input.size().is_multiple_of(self.inner.world) {
            return Err(Error::invalid(
                OP,
                format!(
                    "{} elements do not split into {} equal blocks",
                    input.size(),
                    self.inner.world
                ),
            ));
        }
        self.route(OP, &[input, output])?
            .all_to_all(self, OP, input, output)
    }

    /// Sends `array` to rank `peer`, which must call [`Communicator::recv`] with an array of
    /// the same size and dtype.
    ///
    /// NCCL `ncclSend` (asynchronous; pair it with the peer's receive in a group, or on
    /// another stream, to avoid a deadlock). TCP: returns once the bytes are handed to the
    /// socket; a large send to a peer that is itself blocked sending to this rank can wait
    /// until the timeout; use [`Communicator::send_recv`] or a group for exchanges.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`] when `peer` is not another rank; I/O and timeout errors.
    pub fn send(&self, array: &Array, peer: usize) -> Result<()> {
        const OP: &str = "send";
        self.check_peer(OP, peer)?;
        self.route(OP, &[array])?.send(self, OP, array, peer)
    }

    /// Receives into `array` what rank `peer` sends with [`Communicator::send`].
    ///
    /// NCCL `ncclRecv`; TCP: blocks until the message arrived (at most the timeout).
    ///
    /// # Errors
    /// As [`Communicator::send`]; [`Error::Mismatch`] when the peer sent another size or
    /// dtype (TCP).
    pub fn recv(&self, array: &Array, peer: usize) -> Result<()> {
        const OP: &str = "recv";
        self.check_peer(OP, peer)?;
        self.route(OP, &[array])?.recv(self, OP, array, peer)
    }

    /// Sends `input` to `peer` and receives `output` from it at the same time (deadlock-free
    /// exchange, CuPy's `send_recv`).
    ///
    /// NCCL: `ncclSend` + `ncclRecv` in one group; TCP: the send runs on its own thread.
    ///
    /// # Errors
    /// As [`Communicator::send`] and [`Communicator::recv`].
    pub fn send_recv(&self, input: &Array, output: &Array, peer: usize) -> Result<()> {
        const OP: &str = "send_recv";
        self.check_peer(OP, peer)?;
        self.route(OP, &[input, output])?
            .send_recv(self, OP, input, output, peer)
    }

    /// torch's list form of all-gather: `outputs[r]` gets rank `r`'s `input`.
    ///
    /// **Shapes**: `outputs` has `world_size` arrays, each of `input`'s size and dtype.
    ///
    /// NCCL: grouped `ncclSend`/`ncclRecv` (one pair per rank, itself included); TCP: as
    /// [`Communicator::all_gather`].
    ///
    /// # Errors
    /// As [`Communicator::all_gather`].
    pub fn all_gather_list(&self, outputs: &[Array], input: &Array) -> Result<()> {
        const OP: &str = "all_gather";
        self.check_list(OP, outputs, input)?;
        let arrays: Vec<&Array> = std::iter::once(input).chain(outputs).collect();
        self.route(OP, &arrays)?
            .all_gather_list(self, OP, outputs, input)
    }

    /// torch's list form of gather: on `root`, `outputs[r]` gets rank `r`'s `input`.
    ///
    /// # Errors
    /// As [`Communicator::gather`].
    pub fn gather_list(&self, input: &Array, outputs: Option<&[Array]>, root: usize) -> Result<()> {
        const OP: &str = "gather";
        let outs = self.root_list(OP, root, outputs, "output", input)?;
        let arrays: Vec<&Array> = std::iter::once(input).chain(&outs).collect();
        self.route(OP, &arrays)?
            .gather_list(self, OP, input, outs, root)
    }

    /// torch's list form of scatter: rank `r`'s `output` gets `inputs[r]` of `root`.
    ///
    /// # Errors
    /// As [`Communicator::scatter`].
    pub fn scatter_list(
        &self,
        inputs: Option<&[Array]>,
        output: &Array,
        root: usize,
    ) -> Result<()> {
        const OP: &str = "scatter";
        let ins = self.root_list(OP, root, inputs, "input", output)?;
        let arrays: Vec<&Array> = std::iter::once(output).chain(&ins).collect();
        self.route(OP, &arrays)?
            .scatter_list(self, OP, ins, output, root)
    }

    /// After checking `root`: on the root, its `what` ("input"/"output") `list`, which it must
    /// pass ([`Communicator::check_list`] against `like`); on the other ranks, nothing.
    fn root_list(
        &self,
        op: &'static str,
        root: usize,
        list: Option<&[Array]>,
        what: &str,
        like: &Array,
    ) -> Result<Vec<Array>> {
        self.check_rank(op, "root", root)?;
        if self.inner.rank != root {
            return Ok(Vec::new());
        }
        let l =
            list.ok_or_else(|| Error::invalid(op, format!("the root must pass the {what} list")))?;
        self.check_list(op, l, like)?;
        Ok(l.to_vec())
    }

    fn check_list(&self, op: &'static str, list: &[Array], like: &Array) -> Result<()> {
        if list.len() != self.inner.world {
            return Err(Error::invalid(
                op,
                format!(
                    "the list has {} arrays; the world has {} ranks",
                    list.len(),
                    self.inner.world
                ),
            ));
        }
        for a in list {
            same_layout(op, like, a, 1)?;
            if a.device().is_cpu() {
                host::check_writable(op, a)?;
            }
        }
        Ok(())
    }

    /// Point-to-point messages deferred by a TCP group, run together at the group's end.
    pub(crate) fn run_p2p_batch(
        &self,
        sends: Vec<(usize, u64, Vec<u8>)>,
        recvs: Vec<(usize, u64, Array)>,
    ) -> Result<()> {
        const OP: &str = "group_end";
        let _g = self.lock();
        let m = self.mesh();
        let s: Vec<SendSpec<'_>> = sends
            .iter()
            .map(|(p, t, d)| SendSpec {
                peer: *p,
                kind: Kind::P2p,
                tag: *t,
                data: d,
            })
            .collect();
        let r: Vec<RecvSpec> = recvs
            .iter()
            .map(|(p, t, a)| RecvSpec {
                peer: *p,
                kind: Kind::P2p,
                tag: *t,
                len: a.nbytes(),
            })
            .collect();
        // Two messages from one peer must be read in order: receive them one peer at a time.
        let mut peers: Vec<usize> = r.iter().map(|x| x.peer).collect();
        peers.sort_unstable();
        peers.dedup();
        if peers.len() == r.len() {
            let got = m.exchange(OP, &s, &r, m.timeout())?;
            for ((_, _, a), v) in recvs.iter().zip(got) {
                host::write(OP, a, &v)?;
            }
            return Ok(());
        }
        std::thread::scope(|sc| {
            let h = sc.spawn(|| m.exchange(OP, &s, &[], m.timeout()));
            let mut res = Ok(());
            for (spec, (_, _, a)) in r.iter().zip(&recvs) {
                match m
                    .recv(OP, spec, m.timeout())
                    .and_then(|v| host::write(OP, a, &v))
                {
                    Ok(()) => {}
                    Err(e) => {
                        res = Err(e);
                        break;
                    }
                }
            }
            let sent = h
                .join()
                .unwrap_or_else(|_| Err(Error::invalid(OP, "a send thread panicked")));
            res.and(sent.map(|_| ()))
        })
    }

    /// Blocks until every rank has called `barrier` (at most the timeout).
    ///
    /// TCP: a star through rank 0 (rank 0 names the ranks that never arrive, and tells the
    /// others); with NCCL, the TCP barrier runs after the NCCL work queued so far completed.
    ///
    /// # Errors
    /// [`Error::Timeout`] naming the missing ranks; [`Error::RankFailed`] when one exited.
    pub fn barrier(&self) -> Result<()> {
        const OP: &str = "barrier";
        let _g = self.lock();
        if let Some(n) = &self.inner.nccl {
            n.wait(OP, self.inner.timeout, &|| self.gone_peers())?;
        }
        match &self.inner.mesh {
            Some(m) => {
                let seq = self.inner.barrier_seq.fetch_add(1, Ordering::SeqCst);
                m.barrier(OP, seq)
            }
            None => Ok(()),
        }
    }

    /// Waits for the NCCL work queued so far on this rank's stream and reports NCCL's
    /// asynchronous errors (`ncclCommGetAsyncError`); after the timeout the NCCL communicator
    /// is aborted and [`Error::Timeout`] returned. A rank whose process exits meanwhile is
    /// noticed through its closed TCP connection within about 50 ms: the NCCL communicator is
    /// aborted and [`Error::RankFailed`] names it. A no-op on the TCP backend (its calls are
    /// synchronous).
    ///
    /// # Errors
    /// [`Error::Nccl`] for an asynchronous NCCL failure; [`Error::Timeout`].
    pub fn synchronize(&self) -> Result<()> {
        match &self.inner.nccl {
            Some(n) => n.wait("synchronize", self.inner.timeout, &|| self.gone_peers()),
            None => Ok(()),
        }
    }

    /// The ranks whose process is known to have exited (closed TCP connections).
    fn gone_peers(&self) -> Vec<usize> {
        self.inner
            .mesh
            .as_ref()
            .map(|m| m.gone_peers())
            .unwrap_or_default()
    }

    /// Reports an asynchronous NCCL error without waiting (`ncclCommGetAsyncError`).
    ///
    /// # Errors
    /// [`Error::Nccl`] with NCCL's status and last-error text.
    pub fn check_async_error(&self) -> Result<()> {
        match &self.inner.nccl {
            Some(n) => n.check_async("check_async_error"),
            None => Ok(()),
        }
    }

    /// Aborts the NCCL communicator (`ncclCommAbort`, for a rank that must stop while others
    /// may be stuck) and closes the TCP connections. Later calls fail.
    pub fn abort(&self) {
        if let Some(n) = &self.inner.nccl {
            n.abort();
        }
        if let Some(m) = &self.inner.mesh {
            m.shutdown();
        }
    }
}

fn cuda_ordinal(d: Device) -> usize {
    match d {
        Device::Cuda(o) => o,
        _ => 0,
    }
}

fn select_device(r: &Resolved) -> Result<Device> {
    const OP: &str = "init_process_group";
    if let Some(d) = r.device {
        if r.backend == Backend::Nccl && !d.is_cuda() {
            return Err(Error::invalid(
                OP,
                format!("the NCCL backend needs a CUDA device, not {d}"),
            ));
        }
        d.check_available(OP)?;
        if d.is_cuda() && r.backend != Backend::Tcp && !nccl::is_available() {
            return Err(no_nccl());
        }
        return Ok(if r.backend == Backend::Tcp {
            Device::Cpu
        } else {
            d
        });
    }
    match r.backend {
        Backend::Tcp => Ok(Device::Cpu),
        Backend::Nccl | Backend::Auto => {
            let n = cuprum_core::cuda_device_count();
            if n == 0 {
                if r.backend == Backend::Nccl {
                    return Err(Error::Core(cuprum_core::Error::DeviceUnavailable {
                        op: OP,
                        device: Device::Cuda(r.local_rank),
                        reason: cuprum_core::cuda::init_error()
                            .unwrap_or_else(|| "this machine has no CUDA device".into()),
                    }));
                }
                return Ok(Device::Cpu);
            }
            if !nccl::is_available() {
                if r.backend == Backend::Nccl {
                    return Err(no_nccl());
                }
                tracing::warn!(
                    "NCCL is not available: CUDA arrays cannot be communicated; CPU arrays use TCP"
                );
                return Ok(Device::Cpu);
            }
            // NCCL refuses two ranks of one communicator on one GPU (`ncclInvalidUsage`): when
            // the launcher says more ranks share this node than it has GPUs, `Auto` falls back
            // to CPU arrays over TCP and `Nccl` says why it cannot work.
            let local_world = std::env::var("LOCAL_WORLD_SIZE")
                .ok()
                .and_then(|v| v.trim().parse::<usize>().ok());
            if r.world_size > 1
                && let Some(lw) = local_world
                && lw > n
            {
                let why = format!(
                    "{lw} ranks on this node (LOCAL_WORLD_SIZE) but {n} CUDA device(s): local rank {} would share cuda:{} with another rank, which NCCL does not allow",
                    r.local_rank,
                    r.local_rank % n
                );
                if r.backend == Backend::Nccl {
                    return Err(Error::Unsupported {
                        op: OP,
                        reason: why,
                    });
                }
                tracing::warn!("{why}: using CPU arrays over TCP");
                return Ok(Device::Cpu);
            }
            Ok(Device::Cuda(r.local_rank % n))
        }
    }
}

fn no_nccl() -> Error {
    Error::Core(cuprum_core::Error::LibraryNotFound {
        library: "libnccl",
        detail: "init_process_group: NCCL is not installed or not on the library path".into(),
    })
}

/// Checks that `big` has `factor × small.size()` elements of `small`'s dtype.
fn same_layout(op: &'static str, small: &Array, big: &Array, factor: usize) -> Result<()> {
    if small.dtype() != big.dtype() {
        return Err(Error::invalid(
            op,
            format!("dtypes differ: {} and {}", small.dtype(), big.dtype()),
        ));
    }
    if big.size() != small.size() * factor {
        return Err(Error::invalid(
            op,
            format!(
                "the array of shape {:?} needs {} elements ({} × {}), but has shape {:?}",
                small.shape(),
                small.size() * factor,
                factor,
                small.size(),
                big.shape()
            ),
        ));
    }
    Ok(())
}
