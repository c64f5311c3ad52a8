//! The launcher behind `cuprum-run`: starts one process per rank with torchrun's environment,
//! serves the rendezvous store, prefixes each rank's output lines with `[rank N]`, and when a
//! rank fails ends the others and reports that rank's exit code.
//!
//! ```text
//! cuprum-run --nproc-per-node 2 target/release/examples/distributed
//! cuprum-run --nproc-per-node 8 --nnodes 2 --node-rank 0 --master-addr 10.0.0.1 --master-port 29500 ./prog
//! ```

use crate::options::{STORE_HOSTED_ENV, TIMEOUT_ENV};
use crate::store::StoreServer;
use crate::token::{TOKEN_ENV, generate_token};
use crate::{Error, Result};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What to launch, and where. Build with [`LaunchConfig::new`] and the setters.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LaunchConfig {
    /// processes on this node (`--nproc-per-node`)
    pub nproc_per_node: usize,
    /// number of nodes (`--nnodes`)
    pub nnodes: usize,
    /// this node's index (`--node-rank`)
    pub node_rank: usize,
    /// the store's host (`--master-addr`)
    pub master_addr: String,
    /// the store's port (`--master-port`; 0 = any free port, single node only)
    pub master_port: u16,
    /// the program
    pub program: OsString,
    /// its arguments
    pub args: Vec<OsString>,
    /// extra environment for every rank
    pub env: Vec<(OsString, OsString)>,
    /// prefix output lines with `[rank N]`
    pub prefix_output: bool,
    /// how long ranks get to exit after SIGTERM before SIGKILL
    pub kill_grace: Duration,
}

impl LaunchConfig {
    /// `nproc_per_node` copies of `program` on one node, store on an OS-chosen local port.
    pub fn new(nproc_per_node: usize, program: impl Into<OsString>) -> LaunchConfig {
        LaunchConfig {
            nproc_per_node,
            nnodes: 1,
            node_rank: 0,
            master_addr: "127.0.0.1".into(),
            master_port: 0,
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
            prefix_output: true,
            kill_grace: Duration::from_secs(3),
        }
    }
    /// Sets the program's arguments.
    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Self {
        self.args = args.into_iter().map(Into::into).collect();
        self
    }
    /// Adds an environment variable for every rank.
    pub fn env(mut self, k: impl Into<OsString>, v: impl Into<OsString>) -> Self {
        self.env.push((k.into(), v.into()));
        self
    }
    /// Sets the number of nodes and this node's index.
    pub fn nodes(mut self, nnodes: usize, node_rank: usize) -> Self {
        self.nnodes = nnodes;
        self.node_rank = node_rank;
        self
    }
    /// Sets the store's address.
    pub fn master(mut self, addr: impl Into<String>, port: u16) -> Self {
        self.master_addr = addr.into();
        self.master_port = port;
        self
    }
    /// Turns the `[rank N]` prefix on or off.
    pub fn prefix_output(mut self, on: bool) -> Self {
        self.prefix_output = on;
        self
    }
}

/// How a launch ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchOutcome {
    /// the launcher's exit code: 0, or the first failing rank's code (128 + signal when a
    /// signal killed it)
    pub code: i32,
    /// the first rank that failed, if any
    pub failed_rank: Option<usize>,
}

fn exit_code(st: ExitStatus) -> i32 {
    if let Some(c) = st.code() {
        return c;
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(s) = st.signal() {
            return 128 + s;
        }
    }
    1
}

fn pump(rank: usize, src: impl Read, to_stderr: bool, prefix: bool) {
    let mut r = BufReader::new(src);
    let mut line = Vec::new();
    loop {
        line.clear();
        match r.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let mut out = Vec::with_capacity(line.len() + 12);
                if prefix {
                    out.extend_from_slice(format!("[rank {rank}] ").as_bytes());
                }
                out.extend_from_slice(&line);
                if !out.ends_with(b"\n") {
                    out.push(b'\n');
                }
                // One write per line under the lock: lines of different ranks never interleave.
                if to_stderr {
                    let mut e = std::io::stderr().lock();
                    let _ = e.write_all(&out);
                } else {
                    let mut o = std::io::stdout().lock();
                    let _ = o.write_all(&out);
                    let _ = o.flush();
                }
            }
        }
    }
}

#[cfg(unix)]
fn terminate(child: &Child) {
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: kill(2) with a pid we spawned and still own (not yet reaped) and a valid
        // signal number; no memory is touched.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
    }
}

#[cfg(not(unix))]
fn terminate(_child: &Child) {}

/// Starts the ranks of this node and waits for them.
///
/// Every rank gets `RANK`, `WORLD_SIZE`, `LOCAL_RANK`, `LOCAL_WORLD_SIZE`, `MASTER_ADDR`,
/// `MASTER_PORT`, `CUPRUM_JOB_TOKEN` (the environment's, else a fresh random token; several
/// nodes must share one through the environment), `NCCL_NVLS_ENABLE=0` (unless set) and, on
/// node 0, `CUPRUM_STORE_HOSTED=1`: the launcher serves the store itself, so no rank races
/// for the port. When a rank exits with a failure, the others get SIGTERM, then SIGKILL
/// after [`LaunchConfig::kill_grace`], and the outcome carries the failing rank's code.
///
/// # Errors
/// [`Error::InvalidArgument`] for an empty or inconsistent configuration; [`Error::Env`]
/// when several nodes have no shared `CUPRUM_JOB_TOKEN`; [`Error::Io`] when the store port
/// cannot be bound or the program cannot be started.
pub fn launch(cfg: &LaunchConfig) -> Result<LaunchOutcome> {
    const OP: &str = "cuprum-run";
    if cfg.nproc_per_node == 0 || cfg.nnodes == 0 || cfg.node_rank >= cfg.nnodes {
        return Err(Error::invalid(
            OP,
            format!(
                "--nproc-per-node {} --nnodes {} --node-rank {} is not a valid layout",
                cfg.nproc_per_node, cfg.nnodes, cfg.node_rank
            ),
        ));
    }
    let token = match std::env::var(TOKEN_ENV) {
        Ok(t) if !t.is_empty() => t,
        _ if cfg.nnodes > 1 => {
            return Err(Error::Env {
                op: OP,
                var: TOKEN_ENV,
                reason: "several nodes need the same secret: set it on every node (e.g. to the output of `openssl rand -hex 32`)".into(),
            });
        }
        _ => generate_token()?,
    };
    let world = cfg.nproc_per_node * cfg.nnodes;
    // Node 0 serves the store; its port is then known for sure (port 0 = any free port).
    let server = if cfg.node_rank == 0 {
        let bind = format!("{}:{}", cfg.master_addr, cfg.master_port);
        let s = StoreServer::bind(&bind, &token)
            .or_else(|_| StoreServer::bind(&format!("0.0.0.0:{}", cfg.master_port), &token))?;
        Some(s)
    } else {
        if cfg.master_port == 0 {
            return Err(Error::invalid(OP, "nodes other than 0 need --master-port"));
        }
        None
    };
    let port = server
        .as_ref()
        .map(|s| s.local_addr().port())
        .unwrap_or(cfg.master_port);
    let mut children: Vec<Option<Child>> =
        cuprum_core::ext::try_vec_with_capacity(cfg.nproc_per_node)?;
    let mut pumps = Vec::new();
    for local in 0..cfg.nproc_per_node {
        let rank = cfg.node_rank * cfg.nproc_per_node + local;
        let mut cmd = Command::new(&cfg.program);
        cmd.args(&cfg.args)
            .env("RANK", rank.to_string())
            .env("WORLD_SIZE", world.to_string())
            .env("LOCAL_RANK", local.to_string())
            .env("LOCAL_WORLD_SIZE", cfg.nproc_per_node.to_string())
            .env("GROUP_RANK", cfg.node_rank.to_string())
            .env("MASTER_ADDR", &cfg.master_addr)
            .env("MASTER_PORT", port.to_string())
            .env(TOKEN_ENV, &token)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if std::env::var_os("NCCL_NVLS_ENABLE").is_none() {
            cmd.env("NCCL_NVLS_ENABLE", "0");
        }
        if server.is_some() {
            cmd.env(STORE_HOSTED_ENV, "1");
        }
        for (k, v) in &cfg.env {
            cmd.env(k, v);
        }
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(source) => {
                for c in children.iter_mut().flatten() {
                    let _ = c.kill();
                    let _ = c.wait();
                }
                return Err(Error::Io {
                    op: OP,
                    peer: format!("program {:?}", cfg.program),
                    source,
                });
            }
        };
        let prefix = cfg.prefix_output;
        if let Some(o) = child.stdout.take() {
            pumps.push(std::thread::spawn(move || pump(rank, o, false, prefix)));
        }
        if let Some(e) = child.stderr.take() {
            pumps.push(std::thread::spawn(move || pump(rank, e, true, prefix)));
        }
        children.push(Some(child));
    }
    let mut outcome = LaunchOutcome {
        code: 0,
        failed_rank: None,
    };
    let mut kill_at: Option<Instant> = None;
    let mut running = children.len();
    let mut terminated = false;
    while running > 0 {
        for (local, slot) in children.iter_mut().enumerate() {
            let Some(child) = slot else { continue };
            match child.try_wait() {
                Ok(Some(st)) => {
                    running -= 1;
                    *slot = None;
                    let code = exit_code(st);
                    if code != 0 && outcome.failed_rank.is_none() {
                        let rank = cfg.node_rank * cfg.nproc_per_node + local;
                        outcome = LaunchOutcome {
                            code,
                            failed_rank: Some(rank),
                        };
                        eprintln!(
                            "cuprum-run: rank {rank} exited with code {code}; stopping the other ranks"
                        );
                        kill_at = Some(Instant::now() + cfg.kill_grace);
                    }
                }
                Ok(None) => {}
                Err(_) => {
                    running -= 1;
                    *slot = None;
                }
            }
        }
        if let Some(t) = kill_at {
            if !terminated {
                terminated = true;
                for c in children.iter().flatten() {
                    terminate(c);
                }
            }
            if Instant::now() >= t {
                for c in children.iter_mut().flatten() {
                    let _ = c.kill();
                }
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    for p in pumps {
        let _ = p.join();
    }
    drop(server);
    Ok(outcome)
}

/// The environment variable that sets the rendezvous timeout, re-exported for the launcher's
/// help text.
pub const TIMEOUT_VAR: &str = TIMEOUT_ENV;
