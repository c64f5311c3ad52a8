//! The rendezvous store: a small key-value server over TCP, like `torch.distributed.TCPStore`.
//!
//! Rank 0 (or the `cuprum-run` launcher) serves it; every rank connects as a client. It holds
//! the peers' addresses and the NCCL unique id, and runs the waits of the rendezvous. A client
//! must present the job token first (compared in constant time) or the server closes the
//! connection; nothing is readable before that.
//!
//! Wire format (all integers little-endian): a request is `cmd: u8, key_len: u32, key,
//! val_len: u64, val, timeout_ms: u64`; a reply is `status: u8, len: u64, payload`.

use crate::token::constant_time_eq;
use crate::{Error, Result};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

const CMD_HELLO: u8 = 1;
const CMD_SET: u8 = 2;
const CMD_GET: u8 = 3;
const CMD_ADD: u8 = 4;
const CMD_WAIT: u8 = 5;

const ST_OK: u8 = 0;
const ST_TIMEOUT: u8 = 1;
const ST_REFUSED: u8 = 2;
const ST_BAD: u8 = 3;
/// A wait ended early because a rendezvous fault was reported (payload: its description).
const ST_FAULT: u8 = 4;
/// The hello claimed a rank that a live connection registered first (payload: the fault).
const ST_TAKEN: u8 = 5;

/// Keys under this prefix report rendezvous faults (a refused job token, a rank started with
/// another world size); every wait of the store ends as soon as one is set, so that the honest
/// ranks fail at once instead of waiting for the whole timeout.
pub(crate) const FAULT_PREFIX: &str = "fault/";

const MAX_KEY: usize = 64 * 1024;
const MAX_VAL: u64 = 64 << 20;
const MAX_HELLO: u64 = 4096;

#[derive(Default)]
struct State {
    map: Mutex<HashMap<String, Vec<u8>>>,
    changed: Condvar,
    /// The ranks claimed by live connections, and the address each connected from.
    ranks: Mutex<HashMap<usize, String>>,
}

/// A rank registered by one connection; released when the connection ends.
struct RankClaim<'a> {
    state: &'a State,
    rank: usize,
}

impl Drop for RankClaim<'_> {
    fn drop(&mut self) {
        lock(&self.state.ranks).remove(&self.rank);
    }
}

/// How long a claim waits for a held rank to be released: a process that drops its
/// communicator and creates another one reconnects before the server has seen the first
/// connection close.
const CLAIM_GRACE: Duration = Duration::from_secs(2);

/// Registers `rank` for the connection from `from`, or the address of the connection that
/// holds it still after [`CLAIM_GRACE`].
fn claim_rank<'a>(
    state: &'a State,
    rank: usize,
    from: &str,
) -> std::result::Result<RankClaim<'a>, String> {
    let deadline = Instant::now() + CLAIM_GRACE;
    loop {
        {
            let mut r = lock(&state.ranks);
            match r.get(&rank) {
                None => {
                    r.insert(rank, from.to_string());
                    return Ok(RankClaim { state, rank });
                }
                Some(holder) if Instant::now() >= deadline => return Err(holder.clone()),
                Some(_) => {}
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Records a rendezvous fault: every wait of the store that still misses a key ends with it.
fn report_fault(state: &State, kind: &str, what: String) {
    let mut m = lock(&state.map);
    let n = m.keys().filter(|k| k.starts_with(FAULT_PREFIX)).count();
    m.insert(format!("{FAULT_PREFIX}{kind}/{n}"), what.into_bytes());
    drop(m);
    state.changed.notify_all();
}

/// A rendezvous store server. It serves in background threads until dropped.
///
/// ```
/// use cuprum_distributed::store::{StoreClient, StoreServer};
/// use std::time::Duration;
/// let server = StoreServer::bind("127.0.0.1:0", "secret").unwrap();
/// let addr = server.local_addr().to_string();
/// let c = StoreClient::connect(&addr, "secret", 0, Duration::from_secs(5)).unwrap();
/// c.set("k", b"v").unwrap();
/// assert_eq!(c.get("k", Duration::from_secs(1)).unwrap(), b"v");
/// assert!(StoreClient::connect(&addr, "wrong", 1, Duration::from_secs(5)).is_err());
/// ```
pub struct StoreServer {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    state: Arc<State>,
    accept: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for StoreServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StoreServer({})", self.addr)
    }
}

impl StoreServer {
    /// Binds `addr` (`host:port`; port 0 lets the OS choose) and starts serving clients that
    /// present `token`.
    ///
    /// # Errors
    /// [`Error::Io`] when the address cannot be bound (e.g. the port is in use).
    pub fn bind(addr: &str, token: &str) -> Result<StoreServer> {
        let listener = TcpListener::bind(addr).map_err(|source| Error::Io {
            op: "StoreServer::bind",
            peer: addr.to_string(),
            source,
        })?;
        StoreServer::from_listener(listener, token)
    }

    /// Serves on an already bound listener.
    ///
    /// # Errors
    /// [`Error::Io`] when the listener's address cannot be read.
    pub fn from_listener(listener: TcpListener, token: &str) -> Result<StoreServer> {
        let addr = listener.local_addr().map_err(|source| Error::Io {
            op: "StoreServer::bind",
            peer: "listener".into(),
            source,
        })?;
        let stop = Arc::new(AtomicBool::new(false));
        let state = Arc::new(State::default());
        let token = token.as_bytes().to_vec();
        let (stop2, state2) = (stop.clone(), state.clone());
        let accept = std::thread::Builder::new()
            .name("cuprum-store".into())
            .spawn(move || {
                for conn in listener.incoming() {
                    if stop2.load(Ordering::SeqCst) {
                        break;
                    }
                    let Ok(conn) = conn else { continue };
                    let (state, token, stop) = (state2.clone(), token.clone(), stop2.clone());
                    let _ = std::thread::Builder::new()
                        .name("cuprum-store-conn".into())
                        .spawn(move || serve_client(conn, &state, &token, &stop));
                }
            })
            .map_err(|source| Error::Io {
                op: "StoreServer::bind",
                peer: addr.to_string(),
                source,
            })?;
        Ok(StoreServer {
            addr,
            stop,
            state,
            accept: Some(accept),
        })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for StoreServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.state.changed.notify_all();
        // Wake the accept loop with a connection of our own; it sees `stop` and ends.
        let mut wake = self.addr;
        if wake.ip().is_unspecified() {
            wake.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
        }
        if TcpStream::connect_timeout(&wake, Duration::from_secs(1)).is_ok()
            && let Some(h) = self.accept.take()
        {
            let _ = h.join();
        }
    }
}

fn read_u8(s: &mut impl Read) -> std::io::Result<u8> {
    let mut b = [0u8; 1];
    s.read_exact(&mut b)?;
    Ok(b[0])
}
fn read_u32(s: &mut impl Read) -> std::io::Result<u32> {
    let mut b = [0u8; 4];
    s.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}
fn read_u64(s: &mut impl Read) -> std::io::Result<u64> {
    let mut b = [0u8; 8];
    s.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}
fn read_vec(s: &mut impl Read, n: usize) -> std::io::Result<Vec<u8>> {
    let mut v = vec![0u8; n];
    s.read_exact(&mut v)?;
    Ok(v)
}

struct Request {
    cmd: u8,
    key: String,
    val: Vec<u8>,
    timeout: Duration,
}

fn bad(msg: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, msg.to_string())
}

fn read_request(s: &mut TcpStream, max_val: u64) -> std::io::Result<Request> {
    let cmd = read_u8(s)?;
    let klen = read_u32(s)? as usize;
    if klen > MAX_KEY {
        return Err(bad("key too long"));
    }
    let key = String::from_utf8(read_vec(s, klen)?).map_err(|_| bad("key is not UTF-8"))?;
    let vlen = read_u64(s)?;
    if vlen > max_val {
        return Err(bad("value too long"));
    }
    let val = read_vec(s, vlen as usize)?;
    let timeout = Duration::from_millis(read_u64(s)?);
    Ok(Request {
        cmd,
        key,
        val,
        timeout,
    })
}

fn write_reply(s: &mut TcpStream, status: u8, payload: &[u8]) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(9 + payload.len());
    buf.push(status);
    buf.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    buf.extend_from_slice(payload);
    s.write_all(&buf)
}

fn serve_client(mut s: TcpStream, state: &State, token: &[u8], stop: &AtomicBool) {
    let from = s
        .peer_addr()
        .map_or_else(|_| "an unknown address".to_string(), |a| a.to_string());
    let _ = s.set_nodelay(true);
    // The hello must come quickly and be small; nothing else is answered before it.
    let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
    let hello = match read_request(&mut s, MAX_HELLO) {
        Ok(r) => r,
        Err(_) => return,
    };
    if hello.cmd != CMD_HELLO || !constant_time_eq(&hello.val, token) {
        let _ = write_reply(&mut s, ST_REFUSED, b"");
        if hello.cmd == CMD_HELLO {
            // A well-formed hello with another token: a rank of another job (or a stale
            // launch). Tell the honest ranks, whose waits end on this fault. The claimed rank
            // is whatever the hello said (at most a few characters are kept).
            let claimed: String = hello.key.chars().take(20).collect();
            report_fault(
                state,
                "token",
                format!(
                    "a process claiming to be rank {claimed} (connecting from {from}) presented \
                     a different job token and was refused; every rank must run with the same \
                     CUPRUM_JOB_TOKEN"
                ),
            );
        }
        return;
    }
    // One live connection per rank: a second process claiming a registered rank is told at
    // once (instead of overwriting the first one's mesh address and waiting out the timeout),
    // and so are the ranks waiting in the rendezvous.
    let _claim = match hello.key.parse::<usize>() {
        Ok(rank) => match claim_rank(state, rank, &from) {
            Ok(c) => Some(c),
            Err(holder) => {
                let what = format!(
                    "rank {rank} is already taken: the process connecting from {holder} \
                     registered it first and a second process claiming rank {rank} (connecting \
                     from {from}) was refused; start each rank of the job once"
                );
                let _ = write_reply(&mut s, ST_TAKEN, what.as_bytes());
                report_fault(state, "rank", what);
                return;
            }
        },
        Err(_) => None,
    };
    if write_reply(&mut s, ST_OK, b"").is_err() {
        return;
    }
    let _ = s.set_read_timeout(None);
    while !stop.load(Ordering::SeqCst) {
        let req = match read_request(&mut s, MAX_VAL) {
            Ok(r) => r,
            Err(_) => return,
        };
        let ok = match req.cmd {
            CMD_SET => {
                lock(&state.map).insert(req.key, req.val);
                state.changed.notify_all();
                write_reply(&mut s, ST_OK, b"")
            }
            CMD_ADD => {
                let delta = i64::from_le_bytes(
                    req.val
                        .get(..8)
                        .and_then(|b| b.try_into().ok())
                        .unwrap_or([0; 8]),
                );
                let new = {
                    let mut m = lock(&state.map);
                    let cur = m
                        .get(&req.key)
                        .and_then(|v| v.get(..8))
                        .and_then(|b| b.try_into().ok())
                        .map(i64::from_le_bytes)
                        .unwrap_or(0);
                    let new = cur.wrapping_add(delta);
                    m.insert(req.key, new.to_le_bytes().to_vec());
                    new
                };
                state.changed.notify_all();
                write_reply(&mut s, ST_OK, &new.to_le_bytes())
            }
            CMD_GET => match wait_keys(state, std::slice::from_ref(&req.key), req.timeout, stop) {
                Ok(()) => {
                    let v = lock(&state.map).get(&req.key).cloned().unwrap_or_default();
                    write_reply(&mut s, ST_OK, &v)
                }
                Err(Missing::Fault(f)) => write_reply(&mut s, ST_FAULT, f.as_bytes()),
                Err(Missing::Keys(_)) => write_reply(&mut s, ST_TIMEOUT, b""),
            },
            CMD_WAIT => {
                let keys: Vec<String> = String::from_utf8_lossy(&req.val)
                    .split('\n')
                    .filter(|k| !k.is_empty())
                    .map(str::to_string)
                    .collect();
                match wait_keys(state, &keys, req.timeout, stop) {
                    Ok(()) => write_reply(&mut s, ST_OK, b""),
                    Err(Missing::Fault(f)) => write_reply(&mut s, ST_FAULT, f.as_bytes()),
                    Err(Missing::Keys(missing)) => {
                        write_reply(&mut s, ST_TIMEOUT, missing.join("\n").as_bytes())
                    }
                }
            }
            _ => write_reply(&mut s, ST_BAD, b""),
        };
        if ok.is_err() {
            return;
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Why a wait of the store ended without its keys.
enum Missing {
    /// the timeout passed; the keys still missing
    Keys(Vec<String>),
    /// a rendezvous fault was reported (its description)
    Fault(String),
}

/// Waits until every key exists; on timeout returns the missing ones, and as soon as a fault
/// key ([`FAULT_PREFIX`]) is set (and a key is still missing), the fault.
fn wait_keys(
    state: &State,
    keys: &[String],
    timeout: Duration,
    stop: &AtomicBool,
) -> std::result::Result<(), Missing> {
    let deadline = Instant::now() + timeout;
    let mut m = lock(&state.map);
    loop {
        let missing: Vec<String> = keys
            .iter()
            .filter(|k| !m.contains_key(*k))
            .cloned()
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        if let Some((_, v)) = m
            .iter()
            .filter(|(k, _)| k.starts_with(FAULT_PREFIX))
            .min_by(|a, b| a.0.cmp(b.0))
        {
            return Err(Missing::Fault(String::from_utf8_lossy(v).into_owned()));
        }
        let now = Instant::now();
        if now >= deadline || stop.load(Ordering::SeqCst) {
            return Err(Missing::Keys(missing));
        }
        // Bounded slices so that a stopped server answers soon.
        let slice = (deadline - now).min(Duration::from_millis(200));
        m = state
            .changed
            .wait_timeout(m, slice)
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
}

/// A client of a [`StoreServer`], authenticated with the job token.
pub struct StoreClient {
    conn: Mutex<TcpStream>,
    addr: String,
}

impl std::fmt::Debug for StoreClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StoreClient({})", self.addr)
    }
}

impl StoreClient {
    /// Connects to the store at `addr` (`host:port`), retrying until `timeout` (the server may
    /// not be up yet), and presents `token` on behalf of `rank`.
    ///
    /// # Errors
    /// [`Error::StoreUnreachable`] when no connection succeeds in time;
    /// [`Error::TokenRefused`] when the server rejects the token;
    /// [`Error::RendezvousFault`] naming `rank` when another live connection registered it.
    /// The rank is held until this client is dropped.
    pub fn connect(addr: &str, token: &str, rank: usize, timeout: Duration) -> Result<StoreClient> {
        const OP: &str = "rendezvous";
        let deadline = Instant::now() + timeout;
        let mut delay = Duration::from_millis(10);
        let stream = loop {
            let attempt = addr.to_socket_addrs().and_then(|mut it| {
                let sa = it
                    .next()
                    .ok_or_else(|| bad("the address resolves to nothing"))?;
                let left = deadline
                    .saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(10));
                TcpStream::connect_timeout(&sa, left.min(Duration::from_secs(5)))
            });
            match attempt {
                Ok(s) => break s,
                Err(source) if Instant::now() >= deadline => {
                    return Err(Error::StoreUnreachable {
                        op: OP,
                        addr: addr.to_string(),
                        waited: timeout,
                        source,
                    });
                }
                Err(_) => {}
            }
            std::thread::sleep(delay.min(deadline.saturating_duration_since(Instant::now())));
            delay = (delay * 2).min(Duration::from_millis(200));
        };
        let _ = stream.set_nodelay(true);
        let client = StoreClient {
            conn: Mutex::new(stream),
            addr: addr.to_string(),
        };
        let (st, payload) = client.request(
            OP,
            CMD_HELLO,
            &rank.to_string(),
            token.as_bytes(),
            Duration::ZERO,
        )?;
        if st == ST_TAKEN {
            return Err(Error::RendezvousFault {
                op: OP,
                fault: String::from_utf8_lossy(&payload)
                    .chars()
                    .take(1000)
                    .collect(),
            });
        }
        if st != ST_OK {
            return Err(Error::TokenRefused {
                op: OP,
                peer: format!("the store at {addr}"),
            });
        }
        Ok(client)
    }

    /// The local address of the connection (the interface that reaches the store).
    pub(crate) fn local_ip(&self) -> Option<std::net::IpAddr> {
        lock(&self.conn).local_addr().ok().map(|a| a.ip())
    }

    fn request(
        &self,
        op: &'static str,
        cmd: u8,
        key: &str,
        val: &[u8],
        timeout: Duration,
    ) -> Result<(u8, Vec<u8>)> {
        let io = |source| Error::Io {
            op,
            peer: format!("the store at {}", self.addr),
            source,
        };
        let mut s = lock(&self.conn);
        let mut buf = Vec::with_capacity(21 + key.len() + val.len());
        buf.push(cmd);
        buf.extend_from_slice(&(key.len() as u32).to_le_bytes());
        buf.extend_from_slice(key.as_bytes());
        buf.extend_from_slice(&(val.len() as u64).to_le_bytes());
        buf.extend_from_slice(val);
        buf.extend_from_slice(&(timeout.as_millis() as u64).to_le_bytes());
        // The server answers within `timeout`; allow a margin for the network.
        s.set_read_timeout(Some(timeout + Duration::from_secs(30)))
            .map_err(io)?;
        s.write_all(&buf).map_err(io)?;
        let st = read_u8(&mut *s).map_err(|e| {
            if cmd == CMD_HELLO && e.kind() == std::io::ErrorKind::UnexpectedEof {
                // A server that refuses may close before we read the status.
                Error::TokenRefused {
                    op,
                    peer: format!("the store at {}", self.addr),
                }
            } else {
                io(e)
            }
        })?;
        let n = read_u64(&mut *s).map_err(io)?;
        if n > MAX_VAL {
            return Err(io(bad("reply too long")));
        }
        let payload = read_vec(&mut *s, n as usize).map_err(io)?;
        if st == ST_BAD {
            return Err(io(bad("the store rejected the request")));
        }
        Ok((st, payload))
    }

    /// Sets `key` to `value` (overwriting).
    ///
    /// # Errors
    /// [`Error::Io`] when the store connection fails.
    pub fn set(&self, key: &str, value: &[u8]) -> Result<()> {
        self.request("store.set", CMD_SET, key, value, Duration::ZERO)?;
        Ok(())
    }

    /// The value of `key`, waiting up to `timeout` for it to be set.
    ///
    /// # Errors
    /// [`Error::Timeout`] (with no rank named) when the key is not set in time;
    /// [`Error::Io`] when the connection fails; [`Error::RendezvousFault`] as [`StoreClient::wait`].
    pub fn get(&self, key: &str, timeout: Duration) -> Result<Vec<u8>> {
        let (st, v) = self.request("store.get", CMD_GET, key, b"", timeout)?;
        fault("rendezvous", st, &v)?;
        if st == ST_TIMEOUT {
            return Err(Error::Timeout {
                op: "store.get",
                waited: timeout,
                missing: vec![],
            });
        }
        Ok(v)
    }

    /// Adds `delta` to the integer at `key` (0 when unset) and returns the new value.
    ///
    /// # Errors
    /// [`Error::Io`] when the connection fails.
    pub fn add(&self, key: &str, delta: i64) -> Result<i64> {
        let (_, v) = self.request(
            "store.add",
            CMD_ADD,
            key,
            &delta.to_le_bytes(),
            Duration::ZERO,
        )?;
        let b: [u8; 8] = v
            .get(..8)
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| Error::Io {
                op: "store.add",
                peer: self.addr.clone(),
                source: bad("short reply"),
            })?;
        Ok(i64::from_le_bytes(b))
    }

    /// Waits until every key in `keys` is set. Returns the keys still missing at the timeout
    /// (empty when all arrived).
    ///
    /// # Errors
    /// [`Error::Io`] when the connection fails; [`Error::RendezvousFault`] as soon as a fault
    /// is reported to the store (a refused job token, a world-size mismatch).
    pub fn wait(&self, keys: &[String], timeout: Duration) -> Result<Vec<String>> {
        let joined = keys.join("\n");
        let (st, v) = self.request("store.wait", CMD_WAIT, "", joined.as_bytes(), timeout)?;
        fault("rendezvous", st, &v)?;
        if st == ST_OK {
            return Ok(vec![]);
        }
        Ok(String::from_utf8_lossy(&v)
            .split('\n')
            .filter(|k| !k.is_empty())
            .map(str::to_string)
            .collect())
    }
}

/// [`Error::RendezvousFault`] when a wait ended on a reported fault.
fn fault(op: &'static str, st: u8, payload: &[u8]) -> Result<()> {
    if st == ST_FAULT {
        return Err(Error::RendezvousFault {
            op,
            fault: String::from_utf8_lossy(payload)
                .chars()
                .take(1000)
                .collect(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_add_wait_and_refusal() {
        let server = StoreServer::bind("127.0.0.1:0", "tok").unwrap();
        let addr = server.local_addr().to_string();
        let a = StoreClient::connect(&addr, "tok", 0, Duration::from_secs(5)).unwrap();
        let b = StoreClient::connect(&addr, "tok", 1, Duration::from_secs(5)).unwrap();
        assert_eq!(a.add("n", 2).unwrap(), 2);
        assert_eq!(b.add("n", 3).unwrap(), 5);
        let t = std::thread::spawn(move || b.get("later", Duration::from_secs(5)).unwrap());
        std::thread::sleep(Duration::from_millis(50));
        a.set("later", b"xyz").unwrap();
        assert_eq!(t.join().unwrap(), b"xyz");
        let missing = a
            .wait(
                &["later".into(), "never".into()],
                Duration::from_millis(100),
            )
            .unwrap();
        assert_eq!(missing, vec!["never".to_string()]);
        assert!(matches!(
            a.get("never", Duration::from_millis(50)),
            Err(Error::Timeout { .. })
        ));
        let refused = StoreClient::connect(&addr, "nope", 2, Duration::from_secs(5));
        assert!(
            matches!(refused, Err(Error::TokenRefused { .. })),
            "{refused:?}"
        );
        // ... and the honest clients' waits end at once, told who was refused
        let t0 = Instant::now();
        let e = a
            .wait(&["never".into()], Duration::from_secs(120))
            .unwrap_err();
        assert!(t0.elapsed() < Duration::from_secs(30), "{:?}", t0.elapsed());
        let msg = e.to_string();
        assert!(
            matches!(e, Error::RendezvousFault { .. })
                && msg.contains("claiming to be rank 2")
                && msg.contains("127.0.0.1:")
                && msg.contains("different job token"),
            "{msg}"
        );
        assert!(matches!(
            a.get("never", Duration::from_secs(120)),
            Err(Error::RendezvousFault { .. })
        ));
        // keys that exist are still read
        assert_eq!(a.get("later", Duration::from_secs(1)).unwrap(), b"xyz");
    }

    #[test]
    fn a_rank_taken_twice_is_refused_at_once() {
        let server = StoreServer::bind("127.0.0.1:0", "tok").unwrap();
        let addr = server.local_addr().to_string();
        let a = StoreClient::connect(&addr, "tok", 0, Duration::from_secs(5)).unwrap();
        let b = StoreClient::connect(&addr, "tok", 1, Duration::from_secs(5)).unwrap();
        // a second process claiming rank 1 fails at once, naming the rank (not after the
        // 300 s rendezvous timeout, blaming a refused connection)
        let t0 = Instant::now();
        let dup = StoreClient::connect(&addr, "tok", 1, Duration::from_secs(300));
        assert!(t0.elapsed() < Duration::from_secs(30), "{:?}", t0.elapsed());
        match dup {
            Err(e @ Error::RendezvousFault { .. }) => {
                let msg = e.to_string();
                assert!(
                    msg.contains("rank 1 is already taken") && msg.contains("127.0.0.1:"),
                    "{msg}"
                );
            }
            other => panic!("expected a fault naming rank 1, got {other:?}"),
        }
        // the ranks waiting in the rendezvous are told at once too
        let t0 = Instant::now();
        let e = a
            .wait(&["mesh/2".into()], Duration::from_secs(120))
            .unwrap_err();
        assert!(t0.elapsed() < Duration::from_secs(30), "{:?}", t0.elapsed());
        assert!(e.to_string().contains("rank 1 is already taken"), "{e}");
        // the holder keeps working, and once its connection ends the rank is free again
        b.set("k", b"v").unwrap();
        drop(b);
        let again = (0..100).find_map(|_| {
            std::thread::sleep(Duration::from_millis(50));
            StoreClient::connect(&addr, "tok", 1, Duration::from_secs(5)).ok()
        });
        assert!(again.is_some(), "rank 1 was not released");
    }

    #[test]
    fn unreachable_store_times_out() {
        // Bind then drop to get a port nobody listens on.
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let t0 = Instant::now();
        let r = StoreClient::connect(
            &format!("127.0.0.1:{port}"),
            "t",
            1,
            Duration::from_millis(300),
        );
        assert!(matches!(r, Err(Error::StoreUnreachable { .. })), "{r:?}");
        assert!(t0.elapsed() < Duration::from_secs(5));
    }
}
