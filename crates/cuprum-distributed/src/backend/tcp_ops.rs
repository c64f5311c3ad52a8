//! Collectives over the TCP mesh, on C-order byte buffers.
//!
//! Reductions combine in rank order at the root (rank 0 for `all_reduce`), so every rank
//! gets the same bits whatever the timing.

use super::tcp::{Kind, RecvSpec, SendSpec, TcpMesh};
use crate::reduce::{self, ReduceOp};
use crate::{Error, Result};
use cuprum_core::DType;

/// A fingerprint of (dtype, op, root) that both sides of a message must agree on.
pub(crate) fn tag(dtype: DType, op: Option<ReduceOp>, root: usize) -> u64 {
    let d = DType::ALL.iter().position(|&x| x == dtype).unwrap_or(255) as u64;
    let o = op
        .map(|o| reduce::code(o).map_or(255, u64::from) + 1)
        .unwrap_or(0);
    d | (o << 8) | ((root as u64) << 16)
}

/// A data message in words, from its kind name, tag and byte length: `reduce of 4 float32
/// elements (16 bytes, op sum, root 0)`.
pub(crate) fn describe_tag(kind: &str, tag: u64, len: usize) -> String {
    let dtype = DType::ALL.get((tag & 0xff) as usize).copied();
    let op = match (tag >> 8) & 0xff {
        0 => None,
        c => [
            ReduceOp::Sum,
            ReduceOp::Prod,
            ReduceOp::Max,
            ReduceOp::Min,
            ReduceOp::Mean,
        ]
        .into_iter()
        .find(|o| reduce::code(*o).map_or(255, u64::from) + 1 == c),
    };
    let root = tag >> 16;
    let mut notes = vec![format!("{len} bytes")];
    let what = match dtype {
        Some(d) if len.is_multiple_of(d.itemsize()) => {
            format!("{} {d} elements", len / d.itemsize())
        }
        Some(d) => format!("{d} data"),
        None => "data of an unknown dtype".to_string(),
    };
    if let Some(o) = op {
        notes.push(format!("op {}", o.name()));
    }
    if kind != "send" {
        notes.push(format!("root {root}"));
    }
    format!("{kind} of {what} ({})", notes.join(", "))
}

impl TcpMesh {
    fn others(&self) -> Vec<usize> {
        (0..self.world()).filter(|&r| r != self.rank()).collect()
    }

    /// Messages of `kind` and tag `t` to every other rank, `data(peer)` to each.
    fn sends_to_others<'a>(
        &self,
        kind: Kind,
        t: u64,
        data: impl Fn(usize) -> &'a [u8],
    ) -> Vec<SendSpec<'a>> {
        let spec = |peer| SendSpec {
            peer,
            kind,
            tag: t,
            data: data(peer),
        };
        self.others().into_iter().map(spec).collect()
    }

    /// Receives of `len` bytes of `kind` and tag `t` from every other rank, in rank order.
    fn recvs_from_others(&self, kind: Kind, t: u64, len: usize) -> Vec<RecvSpec> {
        let spec = |peer| RecvSpec {
            peer,
            kind,
            tag: t,
            len,
        };
        self.others().into_iter().map(spec).collect()
    }

    /// The one message of `kind`, tag `t` and `len` bytes that `root` sends this rank.
    fn recv_from_root(
        &self,
        op_name: &'static str,
        (kind, t): (Kind, u64),
        len: usize,
        root: usize,
    ) -> Result<Vec<u8>> {
        let spec = RecvSpec {
            peer: root,
            kind,
            tag: t,
            len,
        };
        let mut v = self.exchange(op_name, &[], &[spec], self.timeout())?;
        Ok(v.pop().unwrap_or_default())
    }

    /// A rooted collective's exchange: a rank other than `root` sends `mine` to it and gets
    /// `None`; the root gets every rank's part (as many bytes as `mine`) in rank order, its own
    /// being `mine`.
    fn parts_at_root(
        &self,
        op_name: &'static str,
        (kind, t): (Kind, u64),
        mine: &[u8],
        root: usize,
    ) -> Result<Option<Vec<Vec<u8>>>> {
        if self.rank() != root {
            let spec = SendSpec {
                peer: root,
                kind,
                tag: t,
                data: mine,
            };
            self.send(op_name, &spec)?;
            return Ok(None);
        }
        let recvs = self.recvs_from_others(kind, t, mine.len());
        let got = self.exchange(op_name, &[], &recvs, self.timeout())?;
        Ok(Some(self.in_rank_order(mine.to_vec(), got)))
    }

    /// This rank's `mine` and the other ranks' parts `got` (in rank order), as one list in
    /// rank order.
    fn in_rank_order(&self, mine: Vec<u8>, got: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let (me, mut mine, mut it) = (self.rank(), Some(mine), got.into_iter());
        (0..self.world())
            .map(|r| {
                if r == me {
                    mine.take().unwrap_or_default()
                } else {
                    it.next().unwrap_or_default()
                }
            })
            .collect()
    }

    /// `parts` combined in order by `op`, then finished (the mean divides by the world size).
    fn reduce_parts(&self, dtype: DType, op: ReduceOp, parts: Vec<Vec<u8>>) -> Vec<u8> {
        let mut it = parts.into_iter();
        let mut acc = it.next().unwrap_or_default();
        for v in it {
            reduce::combine(dtype, op, &mut acc, &v);
        }
        reduce::finish(dtype, op, &mut acc, self.world());
        acc
    }

    /// `op` of every rank's `mine`, combined in rank order at `root` (`None` elsewhere).
    pub(crate) fn reduce_bytes(
        &self,
        op_name: &'static str,
        mine: Vec<u8>,
        dtype: DType,
        op: ReduceOp,
        root: usize,
    ) -> Result<Option<Vec<u8>>> {
        let t = tag(dtype, Some(op), root);
        let parts = self.parts_at_root(op_name, (Kind::Reduce, t), &mine, root)?;
        Ok(parts.map(|p| self.reduce_parts(dtype, op, p)))
    }

    /// Sends `root`'s `data` to every rank; returns it everywhere. Non-roots pass `None` and
    /// the expected length.
    pub(crate) fn broadcast_bytes(
        &self,
        op_name: &'static str,
        data: Option<Vec<u8>>,
        len: usize,
        dtype: DType,
        root: usize,
    ) -> Result<Vec<u8>> {
        let t = tag(dtype, None, root);
        if self.rank() == root {
            let data = data.unwrap_or_default();
            let sends = self.sends_to_others(Kind::Broadcast, t, |_| &data);
            self.exchange(op_name, &sends, &[], self.timeout())?;
            return Ok(data);
        }
        self.recv_from_root(op_name, (Kind::Broadcast, t), len, root)
    }

    /// `all_reduce`: a reduce to rank 0 followed by a broadcast from it.
    pub(crate) fn all_reduce_bytes(
        &self,
        op_name: &'static str,
        mine: Vec<u8>,
        dtype: DType,
        op: ReduceOp,
    ) -> Result<Vec<u8>> {
        let len = mine.len();
        let r = self.reduce_bytes(op_name, mine, dtype, op, 0)?;
        self.broadcast_bytes(op_name, r, len, dtype, 0)
    }

    /// Every rank's `mine`, concatenated in rank order, on every rank.
    pub(crate) fn all_gather_bytes(
        &self,
        op_name: &'static str,
        mine: &[u8],
        dtype: DType,
    ) -> Result<Vec<u8>> {
        let t = tag(dtype, None, 0);
        let sends = self.sends_to_others(Kind::AllGather, t, |_| mine);
        let recvs = self.recvs_from_others(Kind::AllGather, t, mine.len());
        let got = self.exchange(op_name, &sends, &recvs, self.timeout())?;
        Ok(self.in_rank_order(mine.to_vec(), got).concat())
    }

    /// Every rank's `mine` concatenated in rank order at `root` (`None` elsewhere).
    pub(crate) fn gather_bytes(
        &self,
        op_name: &'static str,
        mine: &[u8],
        dtype: DType,
        root: usize,
    ) -> Result<Option<Vec<u8>>> {
        let t = tag(dtype, None, root);
        let parts = self.parts_at_root(op_name, (Kind::Gather, t), mine, root)?;
        Ok(parts.map(|p| p.concat()))
    }

    /// Chunk `r` of `root`'s `all` (n chunks of `chunk` bytes) to rank `r`.
    pub(crate) fn scatter_bytes(
        &self,
        op_name: &'static str,
        all: Option<&[u8]>,
        chunk: usize,
        dtype: DType,
        root: usize,
    ) -> Result<Vec<u8>> {
        let t = tag(dtype, None, root);
        if self.rank() == root {
            let all = all
                .ok_or_else(|| Error::invalid(op_name, "the root must pass the data to scatter"))?;
            let sends =
                self.sends_to_others(Kind::Scatter, t, |p| &all[p * chunk..(p + 1) * chunk]);
            self.exchange(op_name, &sends, &[], self.timeout())?;
            return Ok(all[root * chunk..(root + 1) * chunk].to_vec());
        }
        self.recv_from_root(op_name, (Kind::Scatter, t), chunk, root)
    }

    /// Chunk `j` of every rank's `mine` to rank `j`; returns the chunks received, in rank
    /// order. `kind` distinguishes all_to_all from reduce_scatter.
    fn transpose_bytes(
        &self,
        op_name: &'static str,
        mine: &[u8],
        t: u64,
        kind: Kind,
    ) -> Result<Vec<Vec<u8>>> {
        let chunk = mine.len() / self.world();
        let sends = self.sends_to_others(kind, t, |p| &mine[p * chunk..(p + 1) * chunk]);
        let recvs = self.recvs_from_others(kind, t, chunk);
        let got = self.exchange(op_name, &sends, &recvs, self.timeout())?;
        let me = self.rank();
        Ok(self.in_rank_order(mine[me * chunk..(me + 1) * chunk].to_vec(), got))
    }

    /// `all_to_all` on bytes (`mine` holds n equal chunks).
    pub(crate) fn all_to_all_bytes(
        &self,
        op_name: &'static str,
        mine: &[u8],
        dtype: DType,
    ) -> Result<Vec<u8>> {
        Ok(self
            .transpose_bytes(op_name, mine, tag(dtype, None, 0), Kind::AllToAll)?
            .concat())
    }

    /// `reduce_scatter` on bytes: chunk `r` of the elementwise reduction lands on rank `r`.
    pub(crate) fn reduce_scatter_bytes(
        &self,
        op_name: &'static str,
        mine: &[u8],
        dtype: DType,
        op: ReduceOp,
    ) -> Result<Vec<u8>> {
        let parts =
            self.transpose_bytes(op_name, mine, tag(dtype, Some(op), 0), Kind::ReduceScatter)?;
        Ok(self.reduce_parts(dtype, op, parts))
    }
}
