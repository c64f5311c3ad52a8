//! The transports: NCCL for CUDA arrays, a TCP mesh for CPU arrays, both behind one trait
//! ([`collectives::Collectives`]) that the `Communicator`'s collectives dispatch through.

pub(crate) mod collectives;
pub(crate) mod nccl;
pub(crate) mod tcp;
pub(crate) mod tcp_ops;
