//! [`InitOptions`]: how a process finds its rank, its peers and its device.
//!
//! Each field is taken from, in order: the value set on the options; torchrun's environment
//! (`RANK`, `WORLD_SIZE`, `LOCAL_RANK`, `MASTER_ADDR`, `MASTER_PORT`); mpirun's
//! (`OMPI_COMM_WORLD_RANK`, `OMPI_COMM_WORLD_SIZE`, `OMPI_COMM_WORLD_LOCAL_RANK`); a default.

use crate::{Error, Result};
use cuprum_core::Device;
use std::time::Duration;

/// Environment variable with the timeout of every wait, in seconds (default 300).
pub const TIMEOUT_ENV: &str = "CUPRUM_DIST_TIMEOUT_S";
/// Environment variable set by `cuprum-run` when the launcher itself serves the store.
pub const STORE_HOSTED_ENV: &str = "CUPRUM_STORE_HOSTED";
/// Environment variable overriding the store's port (default: `MASTER_PORT`).
pub const STORE_PORT_ENV: &str = "CUPRUM_STORE_PORT";

/// Default timeout of every wait when neither the options nor `CUPRUM_DIST_TIMEOUT_S` set one.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);
/// Default `MASTER_PORT` (torch's).
pub const DEFAULT_PORT: u16 = 29500;

/// Which backend moves the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Backend {
    /// NCCL for CUDA arrays when this machine has GPUs and NCCL, and TCP for CPU arrays in
    /// any case (the default).
    #[default]
    Auto,
    /// NCCL for CUDA arrays (and TCP for CPU arrays); fails when NCCL or a GPU is missing.
    Nccl,
    /// TCP only: CPU arrays, no GPU needed (torch's `gloo` plays this part).
    Tcp,
}

impl std::str::FromStr for Backend {
    type Err = Error;
    /// Parses `auto`, `nccl`, `tcp` (also `gloo` and `cpu` for TCP).
    fn from_str(s: &str) -> Result<Backend> {
        match s.to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(Backend::Auto),
            "nccl" => Ok(Backend::Nccl),
            "tcp" | "gloo" | "cpu" => Ok(Backend::Tcp),
            _ => Err(Error::invalid(
                "Backend::from_str",
                format!("{s:?} is not auto, nccl or tcp"),
            )),
        }
    }
}

/// Options of [`init_process_group`](crate::init_process_group) and
/// [`Communicator::init`](crate::Communicator::init). Every field left unset is read from the
/// launcher's environment.
///
/// ```
/// use cuprum_distributed::{Backend, InitOptions};
/// use std::time::Duration;
/// let o = InitOptions::new()
///     .backend(Backend::Tcp)
///     .rank(0)
///     .world_size(1)
///     .master_addr("127.0.0.1")
///     .master_port(0)
///     .timeout(Duration::from_secs(10));
/// let c = cuprum_distributed::Communicator::init(o).unwrap();
/// assert_eq!((c.rank(), c.world_size()), (0, 1));
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct InitOptions {
    /// backend (default [`Backend::Auto`])
    pub backend: Backend,
    /// this process's rank
    pub rank: Option<usize>,
    /// number of ranks
    pub world_size: Option<usize>,
    /// rank on this node (selects the GPU)
    pub local_rank: Option<usize>,
    /// host of the rendezvous store
    pub master_addr: Option<String>,
    /// port of the rendezvous store (0 = any, only for a world of one)
    pub master_port: Option<u16>,
    /// job token every rank must present
    pub token: Option<String>,
    /// timeout of every wait
    pub timeout: Option<Duration>,
    /// device to use instead of `cuda:{local_rank % device_count}`
    pub device: Option<Device>,
    /// true when the store is served by someone else (the launcher); rank 0 then only connects
    pub store_hosted: Option<bool>,
}

impl InitOptions {
    /// Options with every field unset (all read from the environment).
    pub fn new() -> InitOptions {
        InitOptions::default()
    }
    /// CuPy's `init_process_group(n_devices, rank)`: NCCL backend, explicit rank and size.
    pub fn cupy(n_devices: usize, rank: usize) -> InitOptions {
        InitOptions::new()
            .backend(Backend::Nccl)
            .world_size(n_devices)
            .rank(rank)
    }
    cuprum_core::setters! {
        /// Sets the backend.
        pub fn backend(b: Backend) => backend = b;
        /// Sets the rank.
        pub fn rank(r: usize) => rank = Some(r);
        /// Sets the world size.
        pub fn world_size(n: usize) => world_size = Some(n);
        /// Sets the local rank.
        pub fn local_rank(r: usize) => local_rank = Some(r);
        /// Sets the store host (CuPy's `host=`).
        pub fn master_addr(a: impl Into<String>) => master_addr = Some(a.into());
    }
    /// Alias of [`InitOptions::master_addr`] under CuPy's name.
    pub fn host(self, a: impl Into<String>) -> Self {
        self.master_addr(a)
    }
    /// Sets the store port.
    pub fn master_port(mut self, p: u16) -> Self {
        self.master_port = Some(p);
        self
    }
    /// Alias of [`InitOptions::master_port`] under CuPy's name.
    pub fn port(self, p: u16) -> Self {
        self.master_port(p)
    }
    cuprum_core::setters! {
        /// Sets the job token.
        pub fn token(t: impl Into<String>) => token = Some(t.into());
        /// Sets the timeout of every wait.
        pub fn timeout(t: Duration) => timeout = Some(t);
        /// Sets the device explicitly.
        pub fn device(d: Device) => device = Some(d);
        /// Declares that the store is served by someone else (e.g. the launcher).
        pub fn store_hosted(hosted: bool) => store_hosted = Some(hosted);
    }
}

/// Everything resolved: what a process needs to join.
#[derive(Clone, Debug)]
pub(crate) struct Resolved {
    pub backend: Backend,
    pub rank: usize,
    pub world_size: usize,
    pub local_rank: usize,
    pub store_addr: String,
    pub token: String,
    pub timeout: Duration,
    pub device: Option<Device>,
    pub store_hosted: bool,
}

fn env(var: &str) -> Option<String> {
    std::env::var(var).ok().filter(|v| !v.trim().is_empty())
}

fn env_usize(op: &'static str, vars: &[&'static str]) -> Result<Option<usize>> {
    for &v in vars {
        if let Some(s) = env(v) {
            return s.trim().parse::<usize>().map(Some).map_err(|_| Error::Env {
                op,
                var: v,
                reason: format!("{s:?} is not a non-negative integer"),
            });
        }
    }
    Ok(None)
}

/// The timeout from `CUPRUM_DIST_TIMEOUT_S`, if set.
pub(crate) fn env_timeout(op: &'static str) -> Result<Option<Duration>> {
    match env(TIMEOUT_ENV) {
        None => Ok(None),
        Some(s) => match s.trim().parse::<f64>() {
            Ok(x) if x > 0.0 && x.is_finite() => Ok(Some(Duration::from_secs_f64(x))),
            _ => Err(Error::Env {
                op,
                var: TIMEOUT_ENV,
                reason: format!("{s:?} is not a positive number of seconds"),
            }),
        },
    }
}

impl InitOptions {
    pub(crate) fn resolve(&self, op: &'static str) -> Result<Resolved> {
        let rank = match self.rank {
            Some(r) => r,
            None => env_usize(op, &["RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK"])?
                .ok_or(Error::Env {
                op,
                var: "RANK",
                reason:
                    "not set (run under cuprum-run, torchrun or mpirun, or pass InitOptions::rank)"
                        .into(),
            })?,
        };
        let world_size = match self.world_size {
            Some(n) => n,
            None => env_usize(op, &["WORLD_SIZE", "OMPI_COMM_WORLD_SIZE", "PMI_SIZE"])?.ok_or(
                Error::Env {
                    op,
                    var: "WORLD_SIZE",
                    reason: "not set (run under cuprum-run, torchrun or mpirun, or pass InitOptions::world_size)".into(),
                },
            )?,
        };
        if world_size == 0 || rank >= world_size {
            return Err(Error::invalid(
                op,
                format!("rank {rank} is not in a world of size {world_size}"),
            ));
        }
        let local_rank = match self.local_rank {
            Some(r) => r,
            None => env_usize(
                op,
                &[
                    "LOCAL_RANK",
                    "OMPI_COMM_WORLD_LOCAL_RANK",
                    "MPI_LOCALRANKID",
                ],
            )?
            .unwrap_or(rank),
        };
        let addr = self
            .master_addr
            .clone()
            .or_else(|| env("MASTER_ADDR"))
            .unwrap_or_else(|| "127.0.0.1".into());
        let master_port = match self.master_port {
            Some(p) => p,
            None => match env("MASTER_PORT") {
                Some(s) => s.trim().parse::<u16>().map_err(|_| Error::Env {
                    op,
                    var: "MASTER_PORT",
                    reason: format!("{s:?} is not a port number"),
                })?,
                None => DEFAULT_PORT,
            },
        };
        // torchrun's agent already serves its own store on MASTER_PORT; use the next port.
        let port = match env(STORE_PORT_ENV) {
            Some(s) => s.trim().parse::<u16>().map_err(|_| Error::Env {
                op,
                var: STORE_PORT_ENV,
                reason: format!("{s:?} is not a port number"),
            })?,
            None if self.master_port.is_none() && env("TORCHELASTIC_RUN_ID").is_some() => {
                master_port.wrapping_add(1)
            }
            None => master_port,
        };
        if port == 0 && world_size > 1 {
            return Err(Error::invalid(
                op,
                "port 0 (any port) only works for a world of one: the other ranks could not find the store",
            ));
        }
        let store_addr = if addr.contains(':') && !addr.starts_with('[') {
            format!("[{addr}]:{port}") // IPv6 literal
        } else {
            format!("{addr}:{port}")
        };
        let token = match self.token.clone().or_else(|| env(crate::token::TOKEN_ENV)) {
            Some(t) => t,
            None => {
                // No token from the launcher (torchrun, mpirun): derive one that every rank of
                // this job computes alike. It keeps strays of *other* jobs out; it is not secret.
                let job = [
                    "TORCHELASTIC_RUN_ID",
                    "PMIX_NAMESPACE",
                    "OMPI_MCA_ess_base_jobid",
                ]
                .iter()
                .find_map(|v| env(v))
                .unwrap_or_default();
                tracing::warn!(
                    "{} is not set: using a job token derived from the job's environment; run under cuprum-run for a secret one",
                    crate::token::TOKEN_ENV
                );
                format!("derived:{job}:{store_addr}:{world_size}")
            }
        };
        let timeout = match self.timeout {
            Some(t) => t,
            None => env_timeout(op)?.unwrap_or(DEFAULT_TIMEOUT),
        };
        let store_hosted = match self.store_hosted {
            Some(h) => h,
            None => matches!(env(STORE_HOSTED_ENV).as_deref(), Some("1" | "true" | "yes")),
        };
        Ok(Resolved {
            backend: self.backend,
            rank,
            world_size,
            local_rank,
            store_addr,
            token,
            timeout,
            device: self.device,
            store_hosted,
        })
    }
}
