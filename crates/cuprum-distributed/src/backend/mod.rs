//! The transports: NCCL for CUDA arrays, a TCP mesh for CPU arrays.

pub(crate) mod nccl;
pub(crate) mod tcp;
pub(crate) mod tcp_ops;
