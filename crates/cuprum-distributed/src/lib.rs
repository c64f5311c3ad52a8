//! # cuprum-distributed
//!
//! Collectives across GPUs and processes, like `cupyx.distributed` and `torch.distributed`:
//! NCCL for CUDA arrays, a TCP backend for CPU arrays (so the same program runs, and is
//! tested, without GPUs), a token-authenticated rendezvous store, and the `cuprum-run`
//! launcher.
//!
//! Two API styles over one [`Communicator`]:
//! - CuPy's `NCCLBackend`: `comm.all_reduce(&input, &output, ReduceOp::Sum)`, `comm.reduce`,
//!   `comm.broadcast`, `comm.all_gather`, `comm.reduce_scatter`, `comm.gather`,
//!   `comm.scatter`, `comm.all_to_all`, `comm.send`, `comm.recv`, `comm.send_recv`,
//!   `comm.barrier`;
//! - torch's (and the tutorial's) free functions on the default group:
//!   [`init_process_group`], [`get_rank`], [`get_world_size`], [`all_reduce`], [`broadcast`],
//!   [`all_gather`], [`reduce()`], [`send`], [`recv`], [`barrier`], [`destroy_process_group`],
//!   [`is_nccl_available`].
//!
//! Launch with `cuprum-run --nproc-per-node 2 PROGRAM ARGS...`, `torchrun --nproc_per_node=2
//! PROGRAM` or `mpirun -np 2 PROGRAM`.
//!
//! ```
//! use cuprum_core::{Array, Device};
//! use cuprum_distributed as dist;
//! // A world of one rank (under a launcher, leave rank and world size to the environment).
//! let comm = dist::init_process_group(
//!     dist::InitOptions::new().backend(dist::Backend::Tcp).rank(0).world_size(1),
//! )
//! .unwrap();
//! let a = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], Device::Cpu).unwrap();
//! dist::all_reduce(&a, dist::ReduceOp::Sum).unwrap();
//! assert_eq!(dist::get_rank().unwrap(), comm.rank());
//! dist::destroy_process_group().unwrap();
//! ```
//!
//! Failures: every wait has a timeout (`CUPRUM_DIST_TIMEOUT_S`, default 300 s); a rank that
//! never arrives or dies makes the others fail with an error naming it, never hang (on the
//! TCP backend; NCCL work is bounded by [`Communicator::synchronize`] and
//! [`Communicator::barrier`], which abort the NCCL communicator at the timeout).
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
#![warn(missing_docs)]

mod backend;
pub mod bench;
mod comm;
mod cuda_glue;
pub mod error;
mod group;
mod host;
pub mod jacobi;
pub mod launcher;
pub mod nccl;
pub mod options;
pub mod reduce;
pub mod store;
mod token;

pub use comm::Communicator;
pub use error::{Error, Result};
pub use group::{
    all_gather, all_gather_into_tensor, all_reduce, all_to_all_single, barrier, broadcast,
    default_communicator, destroy_process_group, gather, get_rank, get_world_size, group,
    group_end, group_start, init_process_group, is_initialized, is_nccl_available, nccl_version,
    recv, reduce, reduce_scatter_tensor, scatter, send,
};
pub use options::{Backend, InitOptions};
pub use reduce::ReduceOp;
pub use token::{TOKEN_ENV, constant_time_eq, generate_token};

/// CuPy's name for the communicator (`cupyx.distributed.NCCLBackend`).
pub type NcclBackend = Communicator;
