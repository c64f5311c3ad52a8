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

    /// Reduces `mine` of every rank into `root`'s result (returned there; `None` elsewhere).
    pub(crate) fn reduce_bytes(
        &self,
        op_name: &'static str,
        mine: Vec<u8>,
        dtype: DType,
        op: ReduceOp,
        root: usize,
    ) -> Result<Option<Vec<u8>>> {
        let t = tag(dtype, Some(op), root);
        if self.rank() != root {
            self.send(
                op_name,
                &SendSpec {
                    peer: root,
                    kind: Kind::Reduce,
                    tag: t,
                    data: &mine,
                },
            )?;
            return Ok(None);
        }
        let others = self.others();
        let recvs: Vec<RecvSpec> = others
            .iter()
            .map(|&p| RecvSpec {
                peer: p,
                kind: Kind::Reduce,
                tag: t,
                len: mine.len(),
            })
            .collect();
        let got = self.exchange(op_name, &[], &recvs, self.timeout())?;
        // Combine in rank order 0, 1, ..., n-1.
        let mut parts: Vec<Option<Vec<u8>>> = (0..self.world()).map(|_| None).collect();
        parts[root] = Some(mine);
        for (p, v) in others.into_iter().zip(got) {
            parts[p] = Some(v);
        }
        let mut it = parts.into_iter().flatten();
        let mut acc = it.next().unwrap_or_default();
        for v in it {
            reduce::combine(dtype, op, &mut acc, &v);
        }
        reduce::finish(dtype, op, &mut acc, self.world());
        Ok(Some(acc))
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
            let others = self.others();
            let sends: Vec<SendSpec<'_>> = others
                .iter()
                .map(|&p| SendSpec {
                    peer: p,
                    kind: Kind::Broadcast,
                    tag: t,
                    data: &data,
                })
                .collect();
            self.exchange(op_name, &sends, &[], self.timeout())?;
            return Ok(data);
        }
        let mut v = self.exchange(
            op_name,
            &[],
            &[RecvSpec {
                peer: root,
                kind: Kind::Broadcast,
                tag: t,
                len,
            }],
            self.timeout(),
        )?;
        Ok(v.pop().unwrap_or_default())
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
        let others = self.others();
        let sends: Vec<SendSpec<'_>> = others
            .iter()
            .map(|&p| SendSpec {
                peer: p,
                kind: Kind::AllGather,
                tag: t,
                data: mine,
            })
            .collect();
        let recvs: Vec<RecvSpec> = others
            .iter()
            .map(|&p| RecvSpec {
                peer: p,
                kind: Kind::AllGather,
                tag: t,
                len: mine.len(),
            })
            .collect();
        let got = self.exchange(op_name, &sends, &recvs, self.timeout())?;
        let mut out = Vec::with_capacity(mine.len() * self.world());
        let mut it = got.into_iter();
        for r in 0..self.world() {
            if r == self.rank() {
                out.extend_from_slice(mine);
            } else {
                out.extend(it.next().unwrap_or_default());
            }
        }
        Ok(out)
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
        if self.rank() != root {
            self.send(
                op_name,
                &SendSpec {
                    peer: root,
                    kind: Kind::Gather,
                    tag: t,
                    data: mine,
                },
            )?;
            return Ok(None);
        }
        let others = self.others();
        let recvs: Vec<RecvSpec> = others
            .iter()
            .map(|&p| RecvSpec {
                peer: p,
                kind: Kind::Gather,
                tag: t,
                len: mine.len(),
            })
            .collect();
        let got = self.exchange(op_name, &[], &recvs, self.timeout())?;
        let mut out = Vec::with_capacity(mine.len() * self.world());
        let mut it = got.into_iter();
        for r in 0..self.world() {
            if r == root {
                out.extend_from_slice(mine);
            } else {
                out.extend(it.next().unwrap_or_default());
            }
        }
        Ok(Some(out))
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
            let others = self.others();
            let sends: Vec<SendSpec<'_>> = others
                .iter()
                .map(|&p| SendSpec {
                    peer: p,
                    kind: Kind::Scatter,
                    tag: t,
                    data: &all[p * chunk..(p + 1) * chunk],
                })
                .collect();
            self.exchange(op_name, &sends, &[], self.timeout())?;
            return Ok(all[root * chunk..(root + 1) * chunk].to_vec());
        }
        let mut v = self.exchange(
            op_name,
            &[],
            &[RecvSpec {
                peer: root,
                kind: Kind::Scatter,
                tag: t,
                len: chunk,
            }],
            self.timeout(),
        )?;
        Ok(v.pop().unwrap_or_default())
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
        let n = self.world();
        let chunk = mine.len() / n;
        let others = self.others();
        let sends: Vec<SendSpec<'_>> = others
            .iter()
            .map(|&p| SendSpec {
                peer: p,
                kind,
                tag: t,
                data: &mine[p * chunk..(p + 1) * chunk],
            })
            .collect();
        let recvs: Vec<RecvSpec> = others
            .iter()
            .map(|&p| RecvSpec {
                peer: p,
                kind,
                tag: t,
                len: chunk,
            })
            .collect();
        let got = self.exchange(op_name, &sends, &recvs, self.timeout())?;
        let mut it = got.into_iter();
        let me = self.rank();
        Ok((0..n)
            .map(|r| {
                if r == me {
                    mine[me * chunk..(me + 1) * chunk].to_vec()
                } else {
                    it.next().unwrap_or_default()
                }
            })
            .collect())
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
        let mut it = parts.into_iter();
        let mut acc = it.next().unwrap_or_default();
        for v in it {
            reduce::combine(dtype, op, &mut acc, &v);
        }
        reduce::finish(dtype, op, &mut acc, self.world());
        Ok(acc)
    }
}
