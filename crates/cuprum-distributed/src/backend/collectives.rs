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

use super::nccl::{self, Dir, NcclComm};
use super::tcp::{Kind, RecvSpec, SendSpec, TcpMesh};
use super::tcp_ops::tag;
use crate::comm::Communicator;
use crate::reduce::ReduceOp;
use crate::{Result, group, host};
use cuprum_core::{Array, DType};

/// Writes the [`Collectives`] trait (one method per row) and its two implementations: NCCL's
/// runs the row's expression under the call lock ([`Communicator::nccl_call`]); TCP's calls the
/// method of the same name on [`Tcp`].
macro_rules! collectives {
    ($self:ident, $c:ident, $name:ident; $(
        $(#[$doc:meta])*
        fn $method:ident($($arg:ident: $ty:ty),* $(,)?) => $nccl:expr;
    )*) => {
        /// The collectives and point-to-point transfers of one transport, on arguments the
        /// [`Communicator`] has checked (`name` is the operation's name for errors, `c` the
        /// calling communicator). Shapes and semantics are those of the `Communicator` method
        /// of the same name.
        pub(crate) trait Collectives {
            $(
                $(#[$doc])*
                fn $method(&self, c: &Communicator, name: &'static str, $($arg: $ty),*) -> Result<()>;
            )*
        }

        impl Collectives for NcclComm {
            $(
                fn $method(&$self, $c: &Communicator, $name: &'static str, $($arg: $ty),*) -> Result<()> {
                    $c.nccl_call(|| $nccl)
                }
            )*
        }

        impl Collectives for TcpMesh {
            $(
                fn $method(&$self, $c: &Communicator, $name: &'static str, $($arg: $ty),*) -> Result<()> {
                    Tcp { mesh: $self, c: $c, name: $name }.$method($($arg),*)
                }
            )*
        }
    };
}

collectives! { self, c, name;
    /// See [`Communicator::all_reduce`].
    fn all_reduce(input: &Array, output: &Array, op: ReduceOp)
        => NcclComm::all_reduce(self, name, input, output, op);
    /// See [`Communicator::reduce`] (`output`: the root's only).
    fn reduce(input: &Array, output: Option<Array>, root: usize, op: ReduceOp)
        => NcclComm::reduce(self, name, input, output.as_ref(), op, root);
    /// See [`Communicator::broadcast`].
    fn broadcast(a: &Array, root: usize) => NcclComm::broadcast(self, name, a, root);
    /// See [`Communicator::all_gather`].
    fn all_gather(input: &Array, output: &Array)
        => NcclComm::all_gather(self, name, input, output);
    /// See [`Communicator::reduce_scatter`].
    fn reduce_scatter(input: &Array, output: &Array, op: ReduceOp)
        => NcclComm::reduce_scatter(self, name, input, output, op);
    /// See [`Communicator::gather`] (`output`: the root's only).
    fn gather(input: &Array, output: Option<Array>, root: usize)
        => NcclComm::rooted(self, name, Dir::Recv, output.as_ref(), input, root);
    /// See [`Communicator::scatter`] (`input`: the root's only).
    fn scatter(input: Option<Array>, output: &Array, root: usize)
        => NcclComm::rooted(self, name, Dir::Send, input.as_ref(), output, root);
    /// See [`Communicator::all_to_all`].
    fn all_to_all(input: &Array, output: &Array)
        => NcclComm::all_to_all(self, name, input, output);
    /// See [`Communicator::send`].
    fn send(a: &Array, peer: usize) => NcclComm::send(self, name, a, peer);
    /// See [`Communicator::recv`].
    fn recv(a: &Array, peer: usize) => NcclComm::recv(self, name, a, peer);
    /// See [`Communicator::send_recv`].
    fn send_recv(input: &Array, output: &Array, peer: usize)
        => NcclComm::send_recv(self, name, input, output, peer);
    /// See [`Communicator::all_gather_list`].
    fn all_gather_list(outputs: &[Array], input: &Array) => nccl::grouped(name, || {
        for (r, o) in outputs.iter().enumerate() {
            NcclComm::send(self, name, input, r)?;
            NcclComm::recv(self, name, o, r)?;
        }
        Ok(())
    });
    /// See [`Communicator::gather_list`] (`outputs`: empty except on the root).
    fn gather_list(input: &Array, outputs: Vec<Array>, root: usize) => nccl::grouped(name, || {
        for (r, o) in outputs.iter().enumerate() {
            NcclComm::recv(self, name, o, r)?;
        }
        NcclComm::send(self, name, input, root)
    });
    /// See [`Communicator::scatter_list`] (`inputs`: empty except on the root).
    fn scatter_list(inputs: Vec<Array>, output: &Array, root: usize) => nccl::grouped(name, || {
        for (r, i) in inputs.iter().enumerate() {
            NcclComm::send(self, name, i, r)?;
        }
        NcclComm::recv(self, name, output, root)
    });
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

/// One call on the TCP mesh: the mesh, the calling communicator and the operation's name.
/// Collectives check host outputs are writable before anything runs, then run (deferred inside
/// a group, [`Communicator::run_tcp`]) the collective check through rank 0 and the transfer.
struct Tcp<'a> {
    mesh: &'a TcpMesh,
    c: &'a Communicator,
    name: &'static str,
}

/// The mesh, the operation's name, this rank's bytes and their dtype.
type BytesOp = dyn FnOnce(&TcpMesh, &'static str, Vec<u8>, DType) -> Result<Vec<u8>> + Send;
/// The operation's name, the gathered bytes and the size in bytes of one rank's part.
type WriteGathered = dyn FnOnce(&'static str, Vec<u8>, usize) -> Result<()> + Send;
/// The operation's name and the size in bytes of one rank's part.
type RootBytes = dyn FnOnce(&'static str, usize) -> Result<Option<Vec<u8>>> + Send;

impl Tcp<'_> {
    /// Runs `body` after the collective check of `desc` ([`call_desc`]).
    fn collective(
        &self,
        desc: String,
        body: impl FnOnce(&Communicator) -> Result<()> + Send + 'static,
    ) -> Result<()> {
        let name = self.name;
        self.c.run_tcp(move |c| {
            c.mesh().check_call(name, &desc)?;
            body(c)
        })
    }

    /// A collective whose `output` on every rank is `f` of `input`'s bytes.
    fn to_output(&self, input: &Array, output: &Array, extra: &str, f: Box<BytesOp>) -> Result<()> {
        let (name, input, output) = (self.name, input.clone(), output.clone());
        host::check_writable(name, &output)?;
        self.collective(call_desc(name, &input, extra), move |c| {
            let v = f(c.mesh(), name, host::read(name, &input)?, input.dtype())?;
            host::write(name, &output, &v)
        })
    }

    /// A gather to `root` of `input`; the root hands the gathered bytes and `input`'s size in
    /// bytes to `write`.
    fn gather_then(&self, input: &Array, root: usize, write: Box<WriteGathered>) -> Result<()> {
        let (name, input) = (self.name, input.clone());
        self.collective(
            call_desc(name, &input, &format!(", root {root}")),
            move |c| match c.mesh().gather_bytes(
                name,
                &host::read(name, &input)?,
                input.dtype(),
                root,
            )? {
                Some(v) => write(name, v, input.nbytes()),
                None => Ok(()),
            },
        )
    }

    /// A scatter from `root` into `output`; the root's bytes come from `all` (given the name
    /// and `output`'s size in bytes).
    fn scatter_from(&self, output: &Array, root: usize, all: Box<RootBytes>) -> Result<()> {
        let (name, output) = (self.name, output.clone());
        host::check_writable(name, &output)?;
        self.collective(
            call_desc(name, &output, &format!(", root {root}")),
            move |c| {
                let all = all(name, output.nbytes())?;
                let v = c.mesh().scatter_bytes(
                    name,
                    all.as_deref(),
                    output.nbytes(),
                    output.dtype(),
                    root,
                )?;
                host::write(name, &output, &v)
            },
        )
    }

    fn all_reduce(&self, input: &Array, output: &Array, op: ReduceOp) -> Result<()> {
        let extra = format!(", op {}", op.name());
        self.to_output(
            input,
            output,
            &extra,
            Box::new(move |m, name, v, dt| m.all_reduce_bytes(name, v, dt, op)),
        )
    }

    fn reduce(
        &self,
        input: &Array,
        output: Option<Array>,
        root: usize,
        op: ReduceOp,
    ) -> Result<()> {
        let (name, input) = (self.name, input.clone());
        if let Some(o) = &output {
            host::check_writable(name, o)?;
        }
        let extra = format!(", op {}, root {root}", op.name());
        self.collective(call_desc(name, &input, &extra), move |c| {
            let r =
                c.mesh()
                    .reduce_bytes(name, host::read(name, &input)?, input.dtype(), op, root)?;
            match (output, r) {
                (Some(o), Some(v)) => host::write(name, &o, &v),
                _ => Ok(()),
            }
        })
    }

    fn broadcast(&self, a: &Array, root: usize) -> Result<()> {
        let (name, a) = (self.name, a.clone());
        host::check_writable(name, &a)?;
        self.collective(call_desc(name, &a, &format!(", root {root}")), move |c| {
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

    fn all_gather(&self, input: &Array, output: &Array) -> Result<()> {
        self.to_output(
            input,
            output,
            "",
            Box::new(|m, name, v, dt| m.all_gather_bytes(name, &v, dt)),
        )
    }

    fn reduce_scatter(&self, input: &Array, output: &Array, op: ReduceOp) -> Result<()> {
        let extra = format!(", op {}", op.name());
        self.to_output(
            input,
            output,
            &extra,
            Box::new(move |m, name, v, dt| m.reduce_scatter_bytes(name, &v, dt, op)),
        )
    }

    fn gather(&self, input: &Array, output: Option<Array>, root: usize) -> Result<()> {
        self.gather_then(
            input,
            root,
            Box::new(move |name, v, _| match output {
                Some(o) => host::write(name, &o, &v),
                None => Ok(()),
            }),
        )
    }

    fn scatter(&self, input: Option<Array>, output: &Array, root: usize) -> Result<()> {
        self.scatter_from(
            output,
            root,
            Box::new(move |name, _| input.as_ref().map(|a| host::read(name, a)).transpose()),
        )
    }

    fn all_to_all(&self, input: &Array, output: &Array) -> Result<()> {
        self.to_output(
            input,
            output,
            "",
            Box::new(|m, name, v, dt| m.all_to_all_bytes(name, &v, dt)),
        )
    }

    fn send(&self, a: &Array, peer: usize) -> Result<()> {
        let data = host::read(self.name, a)?;
        let tag = tag(a.dtype(), None, 0);
        if group::in_group() {
            group::defer_send(self.c.clone(), peer, tag, data);
            return Ok(());
        }
        let _g = self.c.lock();
        let spec = SendSpec {
            peer,
            kind: Kind::P2p,
            tag,
            data: &data,
        };
        TcpMesh::send(self.mesh, self.name, &spec)
    }

    fn recv(&self, a: &Array, peer: usize) -> Result<()> {
        host::check_writable(self.name, a)?;
        let tag = tag(a.dtype(), None, 0);
        if group::in_group() {
            group::defer_recv(self.c.clone(), peer, tag, a.clone());
            return Ok(());
        }
        let _g = self.c.lock();
        let spec = RecvSpec {
            peer,
            kind: Kind::P2p,
            tag,
            len: a.nbytes(),
        };
        let v = TcpMesh::recv(self.mesh, self.name, &spec, self.mesh.timeout())?;
        host::write(self.name, a, &v)
    }

    fn send_recv(&self, input: &Array, output: &Array, peer: usize) -> Result<()> {
        let name = self.name;
        host::check_writable(name, output)?;
        let data = host::read(name, input)?;
        let stag = tag(input.dtype(), None, 0);
        let rtag = tag(output.dtype(), None, 0);
        if group::in_group() {
            group::defer_send(self.c.clone(), peer, stag, data);
            group::defer_recv(self.c.clone(), peer, rtag, output.clone());
            return Ok(());
        }
        let _g = self.c.lock();
        let send = SendSpec {
            peer,
            kind: Kind::P2p,
            tag: stag,
            data: &data,
        };
        let recv = RecvSpec {
            peer,
            kind: Kind::P2p,
            tag: rtag,
            len: output.nbytes(),
        };
        let mut v = self
            .mesh
            .exchange(name, &[send], &[recv], self.mesh.timeout())?;
        host::write(name, output, &v.pop().unwrap_or_default())
    }

    fn all_gather_list(&self, outputs: &[Array], input: &Array) -> Result<()> {
        let (name, input, outputs) = (self.name, input.clone(), outputs.to_vec());
        self.collective(call_desc(name, &input, ""), move |c| {
            let v = c
                .mesh()
                .all_gather_bytes(name, &host::read(name, &input)?, input.dtype())?;
            write_chunks(name, &outputs, &v, input.nbytes())
        })
    }

    fn gather_list(&self, input: &Array, outputs: Vec<Array>, root: usize) -> Result<()> {
        self.gather_then(
            input,
            root,
            Box::new(move |name, v, chunk| write_chunks(name, &outputs, &v, chunk)),
        )
    }

    fn scatter_list(&self, inputs: Vec<Array>, output: &Array, root: usize) -> Result<()> {
        self.scatter_from(
            output,
            root,
            Box::new(move |name, chunk| {
                if inputs.is_empty() {
                    return Ok(None);
                }
                let mut b = Vec::with_capacity(chunk * inputs.len());
                for i in &inputs {
                    b.extend(host::read(name, i)?);
                }
                Ok(Some(b))
            }),
        )
    }
}
