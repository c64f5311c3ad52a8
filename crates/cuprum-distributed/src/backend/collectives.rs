//! [`Collectives`]: the one interface the [`Communicator`]'s collectives dispatch through,
//! implemented by each transport (NCCL for CUDA arrays, the TCP mesh for CPU arrays).
//!
//! The split of work: `Communicator` checks every argument once for all transports (ranks,
//! peers, element counts, dtypes, the reduction, the root-only buffers) and picks the transport
//! from the arrays' device ([`Communicator::route`]); an implementation only moves the data.
//! Transport-specific rules stay in the implementation: NCCL calls hold the communicator's
//! call lock and tell an open group ([`Communicator::nccl_call`]); TCP calls check that host
//! outputs are writable, run the collective check through rank 0 ([`TcpMesh::check_call`])
//! and are deferred inside a group ([`Communicator::run_tcp`]).

use super::nccl::{self, NcclComm};
use super::tcp::{Kind, RecvSpec, SendSpec, TcpMesh};
use super::tcp_ops::tag;
use crate::comm::Communicator;
use crate::reduce::ReduceOp;
use crate::{Result, group, host};
use cuprum_core::Array;

/// The collectives and point-to-point transfers of one transport, on arguments the
/// [`Communicator`] has checked (`name` is the operation's name for errors, `c` the calling
/// communicator). Shapes and semantics are those of the `Communicator` method of the same name.
pub(crate) trait Collectives {
    /// See [`Communicator::all_reduce`].
    fn all_reduce(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        op: ReduceOp,
    ) -> Result<()>;
    /// See [`Communicator::reduce`] (`output`: the root's only).
    fn reduce(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: Option<Array>,
        root: usize,
        op: ReduceOp,
    ) -> Result<()>;
    /// See [`Communicator::broadcast`].
    fn broadcast(&self, c: &Communicator, name: &'static str, a: &Array, root: usize)
    -> Result<()>;
    /// See [`Communicator::all_gather`].
    fn all_gather(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
    ) -> Result<()>;
    /// See [`Communicator::reduce_scatter`].
    fn reduce_scatter(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        op: ReduceOp,
    ) -> Result<()>;
    /// See [`Communicator::gather`] (`output`: the root's only).
    fn gather(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: Option<Array>,
        root: usize,
    ) -> Result<()>;
    /// See [`Communicator::scatter`] (`input`: the root's only).
    fn scatter(
        &self,
        c: &Communicator,
        name: &'static str,
        input: Option<Array>,
        output: &Array,
        root: usize,
    ) -> Result<()>;
    /// See [`Communicator::all_to_all`].
    fn all_to_all(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
    ) -> Result<()>;
    /// See [`Communicator::send`].
    fn send(&self, c: &Communicator, name: &'static str, a: &Array, peer: usize) -> Result<()>;
    /// See [`Communicator::recv`].
    fn recv(&self, c: &Communicator, name: &'static str, a: &Array, peer: usize) -> Result<()>;
    /// See [`Communicator::send_recv`].
    fn send_recv(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        peer: usize,
    ) -> Result<()>;
    /// See [`Communicator::all_gather_list`].
    fn all_gather_list(
        &self,
        c: &Communicator,
        name: &'static str,
        outputs: &[Array],
        input: &Array,
    ) -> Result<()>;
    /// See [`Communicator::gather_list`] (`outputs`: empty except on the root).
    fn gather_list(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        outputs: Vec<Array>,
        root: usize,
    ) -> Result<()>;
    /// See [`Communicator::scatter_list`] (`inputs`: empty except on the root).
    fn scatter_list(
        &self,
        c: &Communicator,
        name: &'static str,
        inputs: Vec<Array>,
        output: &Array,
        root: usize,
    ) -> Result<()>;
}

// ---------------------------------------------------------------- NCCL

impl Collectives for NcclComm {
    fn all_reduce(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        op: ReduceOp,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::all_reduce(self, name, input, output, op))
    }

    fn reduce(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: Option<Array>,
        root: usize,
        op: ReduceOp,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::reduce(self, name, input, output.as_ref(), op, root))
    }

    fn broadcast(
        &self,
        c: &Communicator,
        name: &'static str,
        a: &Array,
        root: usize,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::broadcast(self, name, a, root))
    }

    fn all_gather(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::all_gather(self, name, input, output))
    }

    fn reduce_scatter(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        op: ReduceOp,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::reduce_scatter(self, name, input, output, op))
    }

    fn gather(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: Option<Array>,
        root: usize,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::gather(self, name, input, output.as_ref(), root))
    }

    fn scatter(
        &self,
        c: &Communicator,
        name: &'static str,
        input: Option<Array>,
        output: &Array,
        root: usize,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::scatter(self, name, input.as_ref(), output, root))
    }

    fn all_to_all(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::all_to_all(self, name, input, output))
    }

    fn send(&self, c: &Communicator, name: &'static str, a: &Array, peer: usize) -> Result<()> {
        c.nccl_call(|| NcclComm::send(self, name, a, peer))
    }

    fn recv(&self, c: &Communicator, name: &'static str, a: &Array, peer: usize) -> Result<()> {
        c.nccl_call(|| NcclComm::recv(self, name, a, peer))
    }

    fn send_recv(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        peer: usize,
    ) -> Result<()> {
        c.nccl_call(|| NcclComm::send_recv(self, name, input, output, peer))
    }

    fn all_gather_list(
        &self,
        c: &Communicator,
        name: &'static str,
        outputs: &[Array],
        input: &Array,
    ) -> Result<()> {
        c.nccl_call(|| {
            nccl::grouped(name, || {
                for (r, o) in outputs.iter().enumerate() {
                    NcclComm::send(self, name, input, r)?;
                    NcclComm::recv(self, name, o, r)?;
                }
                Ok(())
            })
        })
    }

    fn gather_list(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        outputs: Vec<Array>,
        root: usize,
    ) -> Result<()> {
        c.nccl_call(|| {
            nccl::grouped(name, || {
                for (r, o) in outputs.iter().enumerate() {
                    NcclComm::recv(self, name, o, r)?;
                }
                NcclComm::send(self, name, input, root)
            })
        })
    }

    fn scatter_list(
        &self,
        c: &Communicator,
        name: &'static str,
        inputs: Vec<Array>,
        output: &Array,
        root: usize,
    ) -> Result<()> {
        c.nccl_call(|| {
            nccl::grouped(name, || {
                for (r, i) in inputs.iter().enumerate() {
                    NcclComm::send(self, name, i, r)?;
                }
                NcclComm::recv(self, name, output, root)
            })
        })
    }
}

// ---------------------------------------------------------------- TCP

/// What a rank called, for the TCP backend's collective check ([`TcpMesh::check_call`]): the
/// operation, the element count and dtype of `a`, and `extra` (the reduction, the root).
fn call_desc(op: &str, a: &Array, extra: &str) -> String {
    format!("{op} of {} {} elements{extra}", a.size(), a.dtype())
}

/// Writes `v` into each of `outputs` in turn, `chunk` bytes each.
fn write_chunks(name: &'static str, outputs: &[Array], v: &[u8], chunk: usize) -> Result<()> {
    for (o, part) in outputs.iter().zip(v.chunks(chunk.max(1))) {
        host::write(name, o, part)?;
    }
    Ok(())
}

impl Collectives for TcpMesh {
    fn all_reduce(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        op: ReduceOp,
    ) -> Result<()> {
        let (input, output) = (input.clone(), output.clone());
        host::check_writable(name, &output)?;
        c.run_tcp(move |c| {
            c.mesh().check_call(
                name,
                &call_desc(name, &input, &format!(", op {}", op.name())),
            )?;
            let v =
                c.mesh()
                    .all_reduce_bytes(name, host::read(name, &input)?, input.dtype(), op)?;
            host::write(name, &output, &v)
        })
    }

    fn reduce(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: Option<Array>,
        root: usize,
        op: ReduceOp,
    ) -> Result<()> {
        let input = input.clone();
        if let Some(o) = &output {
            host::check_writable(name, o)?;
        }
        c.run_tcp(move |c| {
            c.mesh().check_call(
                name,
                &call_desc(name, &input, &format!(", op {}, root {root}", op.name())),
            )?;
            let r =
                c.mesh()
                    .reduce_bytes(name, host::read(name, &input)?, input.dtype(), op, root)?;
            match (output, r) {
                (Some(o), Some(v)) => host::write(name, &o, &v),
                _ => Ok(()),
            }
        })
    }

    fn broadcast(
        &self,
        c: &Communicator,
        name: &'static str,
        a: &Array,
        root: usize,
    ) -> Result<()> {
        let a = a.clone();
        host::check_writable(name, &a)?;
        c.run_tcp(move |c| {
            c.mesh()
                .check_call(name, &call_desc(name, &a, &format!(", root {root}")))?;
            let data = if c.rank() == root {
                Some(host::read(name, &a)?)
            } else {
                None
            };
            let v = c
                .mesh()
                .broadcast_bytes(name, data, a.nbytes(), a.dtype(), root)?;
            if c.rank() != root {
                host::write(name, &a, &v)?;
            }
            Ok(())
        })
    }

    fn all_gather(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
    ) -> Result<()> {
        let (input, output) = (input.clone(), output.clone());
        host::check_writable(name, &output)?;
        c.run_tcp(move |c| {
            c.mesh().check_call(name, &call_desc(name, &input, ""))?;
            let v = c
                .mesh()
                .all_gather_bytes(name, &host::read(name, &input)?, input.dtype())?;
            host::write(name, &output, &v)
        })
    }

    fn reduce_scatter(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        op: ReduceOp,
    ) -> Result<()> {
        let (input, output) = (input.clone(), output.clone());
        host::check_writable(name, &output)?;
        c.run_tcp(move |c| {
            c.mesh().check_call(
                name,
                &call_desc(name, &input, &format!(", op {}", op.name())),
            )?;
            let v = c.mesh().reduce_scatter_bytes(
                name,
                &host::read(name, &input)?,
                input.dtype(),
                op,
            )?;
            host::write(name, &output, &v)
        })
    }

    fn gather(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: Option<Array>,
        root: usize,
    ) -> Result<()> {
        let input = input.clone();
        c.run_tcp(move |c| {
            c.mesh()
                .check_call(name, &call_desc(name, &input, &format!(", root {root}")))?;
            let r = c
                .mesh()
                .gather_bytes(name, &host::read(name, &input)?, input.dtype(), root)?;
            match (output, r) {
                (Some(o), Some(v)) => host::write(name, &o, &v),
                _ => Ok(()),
            }
        })
    }

    fn scatter(
        &self,
        c: &Communicator,
        name: &'static str,
        input: Option<Array>,
        output: &Array,
        root: usize,
    ) -> Result<()> {
        let output = output.clone();
        host::check_writable(name, &output)?;
        c.run_tcp(move |c| {
            c.mesh()
                .check_call(name, &call_desc(name, &output, &format!(", root {root}")))?;
            let all = match &input {
                Some(a) => Some(host::read(name, a)?),
                None => None,
            };
            let v = c.mesh().scatter_bytes(
                name,
                all.as_deref(),
                output.nbytes(),
                output.dtype(),
                root,
            )?;
            host::write(name, &output, &v)
        })
    }

    fn all_to_all(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
    ) -> Result<()> {
        let (input, output) = (input.clone(), output.clone());
        host::check_writable(name, &output)?;
        c.run_tcp(move |c| {
            c.mesh().check_call(name, &call_desc(name, &input, ""))?;
            let v = c
                .mesh()
                .all_to_all_bytes(name, &host::read(name, &input)?, input.dtype())?;
            host::write(name, &output, &v)
        })
    }

    fn send(&self, c: &Communicator, name: &'static str, a: &Array, peer: usize) -> Result<()> {
        let data = host::read(name, a)?;
        let tag = tag(a.dtype(), None, 0);
        if group::in_group() {
            group::defer_send(c.clone(), peer, tag, data);
            return Ok(());
        }
        let _g = c.lock();
        TcpMesh::send(
            self,
            name,
            &SendSpec {
                peer,
                kind: Kind::P2p,
                tag,
                data: &data,
            },
        )
    }

    fn recv(&self, c: &Communicator, name: &'static str, a: &Array, peer: usize) -> Result<()> {
        host::check_writable(name, a)?;
        let tag = tag(a.dtype(), None, 0);
        if group::in_group() {
            group::defer_recv(c.clone(), peer, tag, a.clone());
            return Ok(());
        }
        let _g = c.lock();
        let v = TcpMesh::recv(
            self,
            name,
            &RecvSpec {
                peer,
                kind: Kind::P2p,
                tag,
                len: a.nbytes(),
            },
            self.timeout(),
        )?;
        host::write(name, a, &v)
    }

    fn send_recv(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        output: &Array,
        peer: usize,
    ) -> Result<()> {
        host::check_writable(name, output)?;
        let data = host::read(name, input)?;
        let stag = tag(input.dtype(), None, 0);
        let rtag = tag(output.dtype(), None, 0);
        if group::in_group() {
            group::defer_send(c.clone(), peer, stag, data);
            group::defer_recv(c.clone(), peer, rtag, output.clone());
            return Ok(());
        }
        let _g = c.lock();
        let mut v = self.exchange(
            name,
            &[SendSpec {
                peer,
                kind: Kind::P2p,
                tag: stag,
                data: &data,
            }],
            &[RecvSpec {
                peer,
                kind: Kind::P2p,
                tag: rtag,
                len: output.nbytes(),
            }],
            self.timeout(),
        )?;
        host::write(name, output, &v.pop().unwrap_or_default())
    }

    fn all_gather_list(
        &self,
        c: &Communicator,
        name: &'static str,
        outputs: &[Array],
        input: &Array,
    ) -> Result<()> {
        let (input, outputs) = (input.clone(), outputs.to_vec());
        c.run_tcp(move |c| {
            c.mesh().check_call(name, &call_desc(name, &input, ""))?;
            let v = c
                .mesh()
                .all_gather_bytes(name, &host::read(name, &input)?, input.dtype())?;
            write_chunks(name, &outputs, &v, input.nbytes())
        })
    }

    fn gather_list(
        &self,
        c: &Communicator,
        name: &'static str,
        input: &Array,
        outputs: Vec<Array>,
        root: usize,
    ) -> Result<()> {
        let input = input.clone();
        c.run_tcp(move |c| {
            c.mesh()
                .check_call(name, &call_desc(name, &input, &format!(", root {root}")))?;
            match c
                .mesh()
                .gather_bytes(name, &host::read(name, &input)?, input.dtype(), root)?
            {
                Some(v) => write_chunks(name, &outputs, &v, input.nbytes()),
                None => Ok(()),
            }
        })
    }

    fn scatter_list(
        &self,
        c: &Communicator,
        name: &'static str,
        inputs: Vec<Array>,
        output: &Array,
        root: usize,
    ) -> Result<()> {
        let output = output.clone();
        host::check_writable(name, &output)?;
        c.run_tcp(move |c| {
            c.mesh()
                .check_call(name, &call_desc(name, &output, &format!(", root {root}")))?;
            let all = if inputs.is_empty() {
                None
            } else {
                let mut b = Vec::with_capacity(output.nbytes() * inputs.len());
                for i in &inputs {
                    b.extend(host::read(name, i)?);
                }
                Some(b)
            };
            let v = c.mesh().scatter_bytes(
                name,
                all.as_deref(),
                output.nbytes(),
                output.dtype(),
                root,
            )?;
            host::write(name, &output, &v)
        })
    }
}
