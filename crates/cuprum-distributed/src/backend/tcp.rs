//! The TCP backend for CPU arrays: a full mesh of authenticated sockets between the ranks.
//!
//! Every pair of ranks shares one connection (the higher rank connects to the lower one and
//! presents the job token). Each message carries a header `kind: u8, tag: u64, len: u64` so
//! that ranks calling different collectives, counts or dtypes fail with [`Error::Mismatch`]
//! instead of reading garbage. Reductions go through a root in rank order (deterministic: every
//! rank gets bit-identical results); all sends of one step run on their own threads, so no
//! order of blocking sends can deadlock. Correctness over speed: this backend exists so that
//! the whole API runs, and is tested, without GPUs.

use crate::token::constant_time_eq;
use crate::{Error, Result};
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Message kinds (the first header byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Hello = 1,
    Barrier = 2,
    Release = 3,
    Abort = 4,
    Reduce = 5,
    Broadcast = 6,
    Gather = 7,
    Scatter = 8,
    AllToAll = 9,
    P2p = 10,
    AllGather = 11,
    ReduceScatter = 12,
    /// A rank's description of the collective it is entering (to rank 0).
    Call = 13,
    /// Rank 0's answer to the `Call`s: empty when every rank called the same collective,
    /// else a [`Verdict`] code (1 byte), a rank (8 bytes) and a text.
    Verdict = 14,
}

/// What a non-empty verdict says (its first byte).
#[derive(Clone, Copy)]
#[repr(u8)]
enum Verdict {
    /// the ranks called different collectives; the rank is one that differs from rank 0
    Mismatch = 1,
    /// the rank's connection closed while rank 0 waited for it
    Gone = 2,
}

fn verdict_bytes(v: Verdict, rank: usize, text: &str) -> Vec<u8> {
    let mut b = vec![v as u8];
    b.extend_from_slice(&(rank as u64).to_le_bytes());
    b.extend_from_slice(text.as_bytes());
    b
}

/// Longest collective description or verdict accepted.
const MAX_CALL_TEXT: usize = 64 * 1024;

impl Kind {
    fn from_u8(b: u8) -> Option<Kind> {
        use Kind::*;
        Some(match b {
            1 => Hello,
            2 => Barrier,
            3 => Release,
            4 => Abort,
            5 => Reduce,
            6 => Broadcast,
            7 => Gather,
            8 => Scatter,
            9 => AllToAll,
            10 => P2p,
            11 => AllGather,
            12 => ReduceScatter,
            13 => Call,
            14 => Verdict,
            _ => return None,
        })
    }
    fn name(self) -> &'static str {
        match self {
            Kind::Hello => "hello",
            Kind::Barrier => "barrier",
            Kind::Release => "barrier release",
            Kind::Abort => "abort",
            Kind::Reduce => "reduce",
            Kind::Broadcast => "broadcast",
            Kind::Gather => "gather",
            Kind::Scatter => "scatter",
            Kind::AllToAll => "all_to_all",
            Kind::P2p => "send",
            Kind::AllGather => "all_gather",
            Kind::ReduceScatter => "reduce_scatter",
            Kind::Call => "collective check",
            Kind::Verdict => "collective check verdict",
        }
    }

    /// A message in words: `reduce of 4 float32 elements (op sum, root 0)`, `send of 16
    /// bytes`, ... (data tags carry the dtype, the reduction and the root; see
    /// `tcp_ops::tag`).
    fn describe(self, tag: u64, len: usize) -> String {
        use Kind::*;
        match self {
            Reduce | Broadcast | Gather | Scatter | AllToAll | P2p | AllGather | ReduceScatter => {
                super::tcp_ops::describe_tag(self.name(), tag, len)
            }
            Barrier | Release => format!("{} #{tag}", self.name()),
            Hello | Abort | Call | Verdict => self.name().to_string(),
        }
    }
}

struct Peer {
    reader: Mutex<TcpStream>,
    writer: Mutex<TcpStream>,
}

/// One expected incoming message.
pub(crate) struct RecvSpec {
    pub peer: usize,
    pub kind: Kind,
    pub tag: u64,
    pub len: usize,
}

/// One outgoing message.
pub(crate) struct SendSpec<'a> {
    pub peer: usize,
    pub kind: Kind,
    pub tag: u64,
    pub data: &'a [u8],
}

/// The mesh of one rank.
pub(crate) struct TcpMesh {
    rank: usize,
    world: usize,
    peers: Vec<Option<Peer>>,
    timeout: Duration,
}

impl std::fmt::Debug for TcpMesh {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TcpMesh(rank {} of {})", self.rank, self.world)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Maps a socket error with `peer` to the error users should see.
fn peer_error(op: &'static str, peer: usize, waited: Duration, e: std::io::Error) -> Error {
    match e.kind() {
        ErrorKind::WouldBlock | ErrorKind::TimedOut => Error::Timeout {
            op,
            waited,
            missing: vec![peer],
        },
        ErrorKind::UnexpectedEof
        | ErrorKind::ConnectionReset
        | ErrorKind::ConnectionAborted
        | ErrorKind::BrokenPipe
        | ErrorKind::NotConnected => Error::RankFailed {
            op,
            rank: peer,
            reason: format!("connection closed: {e}"),
        },
        _ => Error::Io {
            op,
            peer: format!("rank {peer}"),
            source: e,
        },
    }
}

fn header(kind: Kind, tag: u64, len: usize) -> [u8; 17] {
    let mut h = [0u8; 17];
    h[0] = kind as u8;
    h[1..9].copy_from_slice(&tag.to_le_bytes());
    h[9..17].copy_from_slice(&(len as u64).to_le_bytes());
    h
}

impl TcpMesh {
    /// A mesh of one rank (world size 1): no sockets.
    pub(crate) fn single(timeout: Duration) -> TcpMesh {
        TcpMesh {
            rank: 0,
            world: 1,
            peers: vec![None],
            timeout,
        }
    }

    /// Connects the mesh. `listener` is this rank's bound listener; `addrs[r]` is rank r's
    /// listener address (from the store). Lower ranks accept, higher ranks connect.
    pub(crate) fn connect(
        rank: usize,
        world: usize,
        listener: TcpListener,
        addrs: &[SocketAddr],
        token: &str,
        timeout: Duration,
    ) -> Result<TcpMesh> {
        const OP: &str = "init_process_group";
        let deadline = Instant::now() + timeout;
        let mut peers: Vec<Option<Peer>> = (0..world).map(|_| None).collect();
        let make_peer = |s: TcpStream, r: usize| -> Result<Peer> {
            let _ = s.set_nodelay(true);
            let w = s.try_clone().map_err(|e| peer_error(OP, r, timeout, e))?;
            Ok(Peer {
                reader: Mutex::new(s),
                writer: Mutex::new(w),
            })
        };
        // Connect to every lower rank.
        for (r, addr) in addrs.iter().enumerate().take(rank) {
            let mut delay = Duration::from_millis(5);
            let mut s = loop {
                match TcpStream::connect_timeout(addr, Duration::from_secs(5)) {
                    Ok(s) => break s,
                    Err(e) => {
                        if Instant::now() >= deadline {
                            return Err(peer_error(OP, r, timeout, e));
                        }
                        std::thread::sleep(delay);
                        delay = (delay * 2).min(Duration::from_millis(200));
                    }
                }
            };
            let mut hello = Vec::with_capacity(8 + token.len());
            hello.extend_from_slice(&(rank as u64).to_le_bytes());
            hello.extend_from_slice(token.as_bytes());
            s.write_all(&header(Kind::Hello, 0, hello.len()))
                .and_then(|_| s.write_all(&hello))
                .map_err(|e| peer_error(OP, r, timeout, e))?;
            // The acceptor answers one byte: 1 = accepted.
            s.set_read_timeout(Some(
                deadline
                    .saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(10)),
            ))
            .map_err(|e| peer_error(OP, r, timeout, e))?;
            let mut ok = [0u8; 1];
            match s.read_exact(&mut ok) {
                Ok(()) if ok[0] == 1 => {}
                Ok(()) | Err(_) => {
                    return Err(Error::TokenRefused {
                        op: OP,
                        peer: format!("rank {r}"),
                    });
                }
            }
            peers[r] = Some(make_peer(s, r)?);
        }
        // Accept every higher rank.
        listener
            .set_nonblocking(true)
            .map_err(|e| peer_error(OP, rank, timeout, e))?;
        let mut pending: Vec<usize> = (rank + 1..world).collect();
        while !pending.is_empty() {
            match listener.accept() {
                Ok((mut s, from)) => {
                    let _ = s.set_nonblocking(false);
                    let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
                    let mut h = [0u8; 17];
                    if s.read_exact(&mut h).is_err() || h[0] != Kind::Hello as u8 {
                        continue; // not one of ours
                    }
                    let len = u64::from_le_bytes(h[9..17].try_into().unwrap_or([0; 8])) as usize;
                    if !(8..=8 + 4096).contains(&len) {
                        continue;
                    }
                    let mut body = vec![0u8; len];
                    if s.read_exact(&mut body).is_err() {
                        continue;
                    }
                    let r = u64::from_le_bytes(body[..8].try_into().unwrap_or([0; 8])) as usize;
                    if !constant_time_eq(&body[8..], token.as_bytes()) {
                        tracing::warn!(
                            "rank {rank}: refused a mesh connection from {from} with a wrong job token"
                        );
                        let _ = s.write_all(&[0]);
                        continue;
                    }
                    if !pending.contains(&r) {
                        let _ = s.write_all(&[0]);
                        continue;
                    }
                    s.write_all(&[1])
                        .map_err(|e| peer_error(OP, r, timeout, e))?;
                    pending.retain(|&p| p != r);
                    peers[r] = Some(make_peer(s, r)?);
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    if Instant::now() >= deadline {
                        return Err(Error::Timeout {
                            op: OP,
                            waited: timeout,
                            missing: pending,
                        });
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
                Err(e) => {
                    return Err(Error::Io {
                        op: OP,
                        peer: "mesh listener".into(),
                        source: e,
                    });
                }
            }
        }
        Ok(TcpMesh {
            rank,
            world,
            peers,
            timeout,
        })
    }

    pub(crate) fn rank(&self) -> usize {
        self.rank
    }
    pub(crate) fn world(&self) -> usize {
        self.world
    }
    pub(crate) fn timeout(&self) -> Duration {
        self.timeout
    }

    fn peer(&self, op: &'static str, r: usize) -> Result<&Peer> {
        self.peers.get(r).and_then(|p| p.as_ref()).ok_or_else(|| {
            Error::invalid(
                op,
                format!(
                    "rank {r} is not a peer of rank {} (world size {})",
                    self.rank, self.world
                ),
            )
        })
    }

    /// Sends one message (blocking until the kernel took it, at most the timeout).
    pub(crate) fn send(&self, op: &'static str, m: &SendSpec<'_>) -> Result<()> {
        let p = self.peer(op, m.peer)?;
        let mut w = lock(&p.writer);
        let to = self.timeout;
        w.set_write_timeout(Some(to))
            .map_err(|e| peer_error(op, m.peer, to, e))?;
        w.write_all(&header(m.kind, m.tag, m.data.len()))
            .and_then(|_| w.write_all(m.data))
            .map_err(|e| peer_error(op, m.peer, to, e))
    }

    /// Receives one message and checks that it is the expected one.
    pub(crate) fn recv(
        &self,
        op: &'static str,
        m: &RecvSpec,
        timeout: Duration,
    ) -> Result<Vec<u8>> {
        let p = self.peer(op, m.peer)?;
        let mut r = lock(&p.reader);
        let deadline = Instant::now() + timeout;
        let left = || {
            deadline
                .saturating_duration_since(Instant::now())
                .max(Duration::from_millis(1))
        };
        let err = |e| peer_error(op, m.peer, timeout, e);
        r.set_read_timeout(Some(left())).map_err(err)?;
        let mut h = [0u8; 17];
        r.read_exact(&mut h).map_err(err)?;
        let kind = Kind::from_u8(h[0]);
        let tag = u64::from_le_bytes(h[1..9].try_into().unwrap_or([0; 8]));
        let len = u64::from_le_bytes(h[9..17].try_into().unwrap_or([0; 8])) as usize;
        if kind == Some(Kind::Abort) {
            // The root gave up waiting: the payload lists the ranks it missed.
            let mut body = vec![0u8; len.min(1 << 20)];
            r.read_exact(&mut body).map_err(err)?;
            let missing = body
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) as usize)
                .collect();
            return Err(Error::Timeout {
                op,
                waited: Duration::from_millis(tag),
                missing,
            });
        }
        let text_kind = matches!(m.kind, Kind::Call | Kind::Verdict);
        if kind == Some(m.kind) && text_kind && len <= MAX_CALL_TEXT {
            let mut body = vec![0u8; len];
            r.set_read_timeout(Some(left())).map_err(err)?;
            r.read_exact(&mut body).map_err(err)?;
            return Ok(body);
        }
        if kind != Some(m.kind) || tag != m.tag || len != m.len {
            // Drain the payload (when it is of sane size) so that the stream stays in step.
            let mut sink = Vec::new();
            if len <= 64 << 20 {
                sink = vec![0u8; len];
                let _ = r.set_read_timeout(Some(left()));
                let _ = r.read_exact(&mut sink);
            }
            let expected = m.kind.describe(m.tag, m.len);
            let got = match kind {
                // the peer entered a collective: say which
                Some(Kind::Call) => format!(
                    "called {}",
                    String::from_utf8_lossy(&sink[..sink.len().min(1000)])
                ),
                Some(Kind::Verdict) => "sent a collective check verdict".to_string(),
                Some(k) => format!("sent {}", k.describe(tag, len)),
                None => format!("sent an unknown message (kind {}) of {len} bytes", h[0]),
            };
            let reason = format!(
                "rank {} {got} while rank {} expects {expected} from it: the ranks called \
                 different operations, counts or dtypes",
                m.peer, self.rank
            );
            if kind == Some(Kind::Call) {
                // That rank waits for rank 0's verdict (or this rank's): answer it now, so
                // that it fails at once too.
                let v = verdict_bytes(Verdict::Mismatch, self.rank, &reason);
                let _ = self.send(
                    op,
                    &SendSpec {
                        peer: m.peer,
                        kind: Kind::Verdict,
                        tag: 0,
                        data: &v,
                    },
                );
            }
            return Err(Error::Mismatch {
                op,
                rank: m.peer,
                reason,
            });
        }
        let mut body = vec![0u8; len];
        r.set_read_timeout(Some(left())).map_err(err)?;
        r.read_exact(&mut body).map_err(err)?;
        Ok(body)
    }

    /// Sends every message in `sends` (each on its own thread) while receiving every message
    /// in `recvs` (each on its own thread); returns the received payloads in `recvs` order.
    ///
    /// When several receives time out, the one error names all the missing ranks.
    pub(crate) fn exchange(
        &self,
        op: &'static str,
        sends: &[SendSpec<'_>],
        recvs: &[RecvSpec],
        timeout: Duration,
    ) -> Result<Vec<Vec<u8>>> {
        let (send_results, recv_results) = std::thread::scope(|s| {
            let send_handles: Vec<_> = sends
                .iter()
                .map(|m| s.spawn(move || self.send(op, m)))
                .collect();
            let recv_results: Vec<Result<Vec<u8>>> = if recvs.len() == 1 {
                vec![self.recv(op, &recvs[0], timeout)]
            } else {
                let hs: Vec<_> = recvs
                    .iter()
                    .map(|m| s.spawn(move || self.recv(op, m, timeout)))
                    .collect();
                hs.into_iter()
                    .map(|h| {
                        h.join().unwrap_or_else(|_| {
                            Err(Error::invalid(op, "a receive thread panicked"))
                        })
                    })
                    .collect()
            };
            let send_results: Vec<Result<()>> = send_handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(Error::invalid(op, "a send thread panicked")))
                })
                .collect();
            (send_results, recv_results)
        });
        // Prefer the receive errors (they name what this rank waited for); merge timeouts.
        let mut missing = Vec::new();
        let mut first_other = None;
        let mut out = Vec::with_capacity(recv_results.len());
        for r in recv_results {
            match r {
                Ok(v) => out.push(v),
                Err(Error::Timeout { missing: m, .. }) => missing.extend(m),
                Err(e) => {
                    if first_other.is_none() {
                        first_other = Some(e);
                    }
                }
            }
        }
        if let Some(e) = first_other {
            return Err(e);
        }
        if !missing.is_empty() {
            missing.sort_unstable();
            missing.dedup();
            return Err(Error::Timeout {
                op,
                waited: timeout,
                missing,
            });
        }
        for r in send_results {
            r?;
        }
        Ok(out)
    }

    /// [`send_abort`](Self::send_abort) to the ranks of `others` that arrived (those not in
    /// `missing`), after waiting the mesh's timeout.
    fn abort_arrived(&self, others: &[usize], missing: &[usize]) {
        let arrived: Vec<usize> = others
            .iter()
            .copied()
            .filter(|r| !missing.contains(r))
            .collect();
        self.send_abort(&arrived, missing, self.timeout);
    }

    /// Tells `ranks` that this rank gave up waiting for `missing`.
    pub(crate) fn send_abort(&self, ranks: &[usize], missing: &[usize], waited: Duration) {
        let body: Vec<u8> = missing
            .iter()
            .flat_map(|&m| (m as u64).to_le_bytes())
            .collect();
        for &r in ranks {
            if let Ok(p) = self.peer("abort", r) {
                let mut w = lock(&p.writer);
                let _ = w.set_write_timeout(Some(Duration::from_secs(1)));
                let _ = w
                    .write_all(&header(Kind::Abort, waited.as_millis() as u64, body.len()))
                    .and_then(|_| w.write_all(&body));
            }
        }
    }

    /// The collective check: before the data of a collective moves, every rank tells rank 0
    /// what it called (`desc`: operation, count, dtype, reduction, root) and rank 0 answers
    /// whether all agree. Ranks that call different collectives (one `all_reduce`, another
    /// `broadcast`), counts or dtypes then fail at once, with an error naming every rank and
    /// what it called, instead of waiting for each other until the timeout; a rank that never
    /// arrives is named by rank 0 (and rank 0 by the others) when the timeout passes.
    pub(crate) fn check_call(&self, op: &'static str, desc: &str) -> Result<()> {
        if self.world == 1 {
            return Ok(());
        }
        let others: Vec<usize> = (1..self.world).collect();
        if self.rank != 0 {
            self.send(
                op,
                &SendSpec {
                    peer: 0,
                    kind: Kind::Call,
                    tag: 0,
                    data: desc.as_bytes(),
                },
            )?;
            // A little longer than rank 0 waits, so that its abort naming a missing rank
            // arrives first.
            let extra = Duration::from_millis(500) + self.timeout / 10;
            let v = self.recv(
                op,
                &RecvSpec {
                    peer: 0,
                    kind: Kind::Verdict,
                    tag: 0,
                    len: 0,
                },
                self.timeout + extra,
            )?;
            return verdict_result(op, &v);
        }
        let recvs: Vec<RecvSpec> = others
            .iter()
            .map(|&p| RecvSpec {
                peer: p,
                kind: Kind::Call,
                tag: 0,
                len: 0,
            })
            .collect();
        let got = match self.exchange(op, &[], &recvs, self.timeout) {
            Ok(g) => g,
            Err(e) => {
                match &e {
                    Error::Timeout { missing, .. } => {
                        self.abort_arrived(&others, missing);
                    }
                    Error::RankFailed { rank, reason, .. } => {
                        let v = verdict_bytes(Verdict::Gone, *rank, reason);
                        self.send_verdicts(op, &others, &v);
                    }
                    Error::Mismatch { rank, reason, .. } => {
                        // a rank sent something else (it is in another operation)
                        let v = verdict_bytes(Verdict::Mismatch, *rank, reason);
                        self.send_verdicts(op, &others, &v);
                    }
                    other => {
                        let v = verdict_bytes(Verdict::Mismatch, 0, &other.to_string());
                        self.send_verdicts(op, &others, &v);
                    }
                }
                return Err(e);
            }
        };
        let descs: Vec<String> = std::iter::once(desc.to_string())
            .chain(got.iter().map(|v| String::from_utf8_lossy(v).into_owned()))
            .collect();
        let differing = descs.iter().position(|d| d != &descs[0]);
        let Some(first) = differing else {
            self.send_verdicts(op, &others, &[]);
            return Ok(());
        };
        // "rank 0 called X; ranks 1, 3 called Y" (ranks grouped by what they called)
        let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
        for (r, d) in descs.iter().enumerate() {
            match groups.iter_mut().find(|g| g.0 == d.as_str()) {
                Some(g) => g.1.push(r),
                None => groups.push((d.as_str(), vec![r])),
            }
        }
        let parts: Vec<String> = groups
            .iter()
            .take(8)
            .map(|(d, rs)| {
                let list: Vec<String> = rs.iter().take(16).map(|r| r.to_string()).collect();
                let more = if rs.len() > 16 { ", ..." } else { "" };
                let s = if rs.len() == 1 { "" } else { "s" };
                format!("rank{s} {}{more} called {d}", list.join(", "))
            })
            .collect();
        let text = format!(
            "the ranks called different collectives: {}",
            parts.join("; ")
        );
        // each rank is told the rank that disagrees with it: rank 0 when it called something
        // else than rank 0, else the first rank that did
        let verdicts: Vec<Vec<u8>> = others
            .iter()
            .map(|&p| {
                let peer = if descs[p] != descs[0] { 0 } else { first };
                verdict_bytes(Verdict::Mismatch, peer, &text)
            })
            .collect();
        let sends: Vec<SendSpec<'_>> = others
            .iter()
            .zip(&verdicts)
            .map(|(&p, v)| SendSpec {
                peer: p,
                kind: Kind::Verdict,
                tag: 0,
                data: v,
            })
            .collect();
        let _ = self.exchange(op, &sends, &[], self.timeout);
        verdict_result(op, &verdict_bytes(Verdict::Mismatch, first, &text))
    }

    /// Sends `verdict` to `ranks` (best effort: a rank that is gone is reported elsewhere).
    fn send_verdicts(&self, op: &'static str, ranks: &[usize], verdict: &[u8]) {
        let sends: Vec<SendSpec<'_>> = ranks
            .iter()
            .map(|&p| SendSpec {
                peer: p,
                kind: Kind::Verdict,
                tag: 0,
                data: verdict,
            })
            .collect();
        let _ = self.exchange(op, &sends, &[], self.timeout);
    }

    /// Star barrier through rank 0: every rank reports to 0; 0 releases all. A rank that never
    /// reports makes rank 0 fail naming it, and rank 0 tells the others who was missing.
    pub(crate) fn barrier(&self, op: &'static str, tag: u64) -> Result<()> {
        if self.world == 1 {
            return Ok(());
        }
        let others: Vec<usize> = (1..self.world).collect();
        if self.rank == 0 {
            let recvs: Vec<RecvSpec> = others
                .iter()
                .map(|&p| RecvSpec {
                    peer: p,
                    kind: Kind::Barrier,
                    tag,
                    len: 0,
                })
                .collect();
            if let Err(e) = self.exchange(op, &[], &recvs, self.timeout) {
                if let Error::Timeout { missing, .. } = &e {
                    self.abort_arrived(&others, missing);
                }
                return Err(e);
            }
            let sends: Vec<SendSpec<'_>> = others
                .iter()
                .map(|&p| SendSpec {
                    peer: p,
                    kind: Kind::Release,
                    tag,
                    data: &[],
                })
                .collect();
            self.exchange(op, &sends, &[], self.timeout)?;
        } else {
            self.send(
                op,
                &SendSpec {
                    peer: 0,
                    kind: Kind::Barrier,
                    tag,
                    data: &[],
                },
            )?;
            // Wait a little longer than rank 0 so that its abort (naming the missing ranks)
            // arrives before this rank's own timeout fires.
            let extra = Duration::from_millis(500) + self.timeout / 10;
            self.recv(
                op,
                &RecvSpec {
                    peer: 0,
                    kind: Kind::Release,
                    tag,
                    len: 0,
                },
                self.timeout + extra,
            )?;
        }
        Ok(())
    }

    /// The peers whose connection is closed (their process exited), found without blocking:
    /// a peer whose socket is in use by a transfer right now counts as alive.
    pub(crate) fn gone_peers(&self) -> Vec<usize> {
        let mut gone = Vec::new();
        for (r, p) in self.peers.iter().enumerate() {
            let Some(p) = p else { continue };
            // Both halves share one file description: hold both, so that the non-blocking
            // moment below cannot touch a transfer of another thread.
            let Ok(_w) = p.writer.try_lock() else {
                continue;
            };
            let Ok(s) = p.reader.try_lock() else { continue };
            if s.set_nonblocking(true).is_err() {
                continue;
            }
            let mut b = [0u8; 1];
            let closed = match s.peek(&mut b) {
                Ok(0) => true,
                Ok(_) => false,
                Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted),
            };
            let _ = s.set_nonblocking(false);
            if closed {
                gone.push(r);
            }
        }
        gone
    }

    /// Closes every connection (peers then see this rank as gone).
    pub(crate) fn shutdown(&self) {
        for p in self.peers.iter().flatten() {
            let _ = lock(&p.writer).shutdown(std::net::Shutdown::Both);
        }
    }
}

/// `Ok` for an empty verdict, else the error it describes ([`Error::Mismatch`] naming a rank
/// that called something else, [`Error::RankFailed`] naming a rank that is gone).
fn verdict_result(op: &'static str, v: &[u8]) -> Result<()> {
    if v.is_empty() {
        return Ok(());
    }
    let rank = v
        .get(1..9)
        .and_then(|b| b.try_into().ok())
        .map_or(0, |b| u64::from_le_bytes(b) as usize);
    let text = String::from_utf8_lossy(v.get(9..).unwrap_or_default()).into_owned();
    if v[0] == Verdict::Gone as u8 {
        return Err(Error::RankFailed {
            op,
            rank,
            reason: format!("rank 0 reports: {text}"),
        });
    }
    Err(Error::Mismatch {
        op,
        rank,
        reason: text,
    })
}

impl Drop for TcpMesh {
    fn drop(&mut self) {
        self.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two meshes of a world of two, connected over loopback.
    fn pair() -> (TcpMesh, TcpMesh) {
        let l0 = TcpListener::bind("127.0.0.1:0").unwrap();
        let l1 = TcpListener::bind("127.0.0.1:0").unwrap();
        let addrs = vec![l0.local_addr().unwrap(), l1.local_addr().unwrap()];
        let a2 = addrs.clone();
        let t = Duration::from_secs(5);
        let h = std::thread::spawn(move || TcpMesh::connect(1, 2, l1, &a2, "tok", t).unwrap());
        let m0 = TcpMesh::connect(0, 2, l0, &addrs, "tok", t).unwrap();
        (m0, h.join().unwrap())
    }

    /// A point-to-point receive of `len` bytes with `tag` from `peer`.
    fn recv_p2p(m: &TcpMesh, peer: usize, tag: u64, len: usize, wait: Duration) -> Result<Vec<u8>> {
        let spec = RecvSpec {
            peer,
            kind: Kind::P2p,
            tag,
            len,
        };
        m.recv("t", &spec, wait)
    }

    /// A point-to-point send of `data` with `tag` to `peer`.
    fn send_p2p(m: &TcpMesh, peer: usize, tag: u64, data: &[u8]) -> Result<()> {
        let spec = SendSpec {
            peer,
            kind: Kind::P2p,
            tag,
            data,
        };
        m.send("t", &spec)
    }

    #[test]
    fn a_closed_peer_is_seen_without_blocking() {
        let (m0, m1) = pair();
        assert!(m0.gone_peers().is_empty());
        drop(m1);
        let t0 = Instant::now();
        while m0.gone_peers().is_empty() && t0.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(m0.gone_peers(), vec![1]);
        // and a receive names it
        let r = recv_p2p(&m0, 1, 0, 4, Duration::from_secs(1));
        assert!(matches!(r, Err(Error::RankFailed { rank: 1, .. })), "{r:?}");
    }

    #[test]
    fn a_silent_peer_times_out_by_name_and_messages_are_checked() {
        let (m0, m1) = pair();
        let r = recv_p2p(&m0, 1, 0, 4, Duration::from_millis(100));
        assert!(
            matches!(r, Err(Error::Timeout { ref missing, .. }) if missing == &[1]),
            "{r:?}"
        );
        send_p2p(&m1, 0, 7, &[1, 2, 3, 4]).unwrap();
        let r = recv_p2p(&m0, 1, 8, 4, Duration::from_secs(1));
        assert!(matches!(r, Err(Error::Mismatch { rank: 1, .. })), "{r:?}");
        // the stream stays in step after a mismatch
        send_p2p(&m1, 0, 8, &[5, 6]).unwrap();
        let v = recv_p2p(&m0, 1, 8, 2, Duration::from_secs(1)).unwrap();
        assert_eq!(v, vec![5, 6]);
    }
}
