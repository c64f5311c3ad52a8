//! cuprum's fuzzing engine on stable Rust, and its targets.
//!
//! cargo-fuzz needs a nightly compiler (`-Z sanitizer`); this crate needs none. It is a
//! structure-aware mutation fuzzer: each [`Target`] supplies seed inputs (real files where it
//! has them), mutations that know the input's structure (a `.npy` header's shape tuple, descr
//! and length field; an index expression's items) on top of generic byte mutations, and a
//! `run` that feeds one input to the code under test and checks what it can.
//!
//! The engine ([`fuzz`]) runs inputs until an iteration count or a time limit, catches panics
//! (each one is a crash: the input is saved under the output directory and counted), and keeps
//! inputs that the code accepted as further seeds (a cheap stand-in for coverage feedback).
//! A watchdog ends the run when one input takes longer than the hang limit, saving it first.
//! Aborts (a stack overflow, an allocation failure) end the process, so the binary runs the
//! engine in a child process that writes every input to a file before running it; the parent
//! saves that file when the child dies of a signal or an abort (`supervise`).
//!
//! Adding a target: implement [`Target`] (a few lines: a name, seeds, a `run` that calls the
//! code and returns whether it accepted the input) and list it in [`targets`]. Every input
//! that once failed goes into `crates/cuprum-fuzz/regressions/<target>/` and runs in
//! `cargo test -p cuprum-fuzz`, with a short run of every target.

#![warn(missing_docs)]

pub mod hb_target;
pub mod index_target;
pub mod jit_target;
pub mod kernel_target;
pub mod mm_target;
pub mod npy_target;
pub mod scipy_target;
pub mod text;

use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A small, fast pseudo-random generator (xorshift64*), seeded for reproducible runs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value): the state is SplitMix64 of the seed, so every seed
    /// gives its own stream (the state was once `(seed ^ C) | 1`, which gave seeds 2k and
    /// 2k + 1 the same stream).
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // xorshift needs a non-zero state
        Rng(if z == 0 { 0x9E37_79B9_7F4A_7C15 } else { z })
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
    /// True with probability `1 / n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    /// A byte: one time in `n` an edge value in `edge..=255`, otherwise a value below `plain`.
    pub fn edge_byte(&mut self, n: usize, edge: u8, plain: usize) -> u8 {
        if self.one_in(n) {
            edge + self.below(256 - edge as usize) as u8
        } else {
            self.below(plain) as u8
        }
    }
    /// An element of `xs` (which must not be empty).
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// One fuzz target: the code under test and what its inputs look like.
pub trait Target: Send + Sync {
    /// The name used on the command line and for the regression directory.
    fn name(&self) -> &'static str;
    /// Starting inputs (real files where the target has them).
    fn seeds(&self) -> Vec<Vec<u8>>;
    /// Structure-aware mutation of `input` in place; return false to let the engine apply a
    /// generic byte mutation instead.
    fn mutate(&self, _rng: &mut Rng, _input: &mut Vec<u8>) -> bool {
        false
    }
    /// Runs the code under test on `input`. Returns true when the code accepted the input
    /// (it then becomes a seed for further mutation). Bad input must give an error, never a
    /// panic, an abort or a hang; a violated invariant is a panic here.
    fn run(&self, input: &[u8]) -> bool;
}

/// Every target, by name.
pub fn targets() -> Vec<Box<dyn Target>> {
    vec![
        Box::new(npy_target::NpyTarget::new()),
        Box::new(index_target::IndexTarget),
        Box::new(mm_target::MmTarget),
        Box::new(hb_target::HbTarget),
        Box::new(kernel_target::KernelTarget),
        Box::new(scipy_target::ScipyTarget),
        Box::new(jit_target::JitTarget),
    ]
}

/// The target called `name`.
pub fn target(name: &str) -> Option<Box<dyn Target>> {
    targets().into_iter().find(|t| t.name() == name)
}

/// Interesting integers for mutations (boundaries of every width, NumPy's limits).
pub const INTERESTING: &[i128] = &[
    0,
    1,
    -1,
    2,
    7,
    8,
    255,
    256,
    65535,
    65536,
    10_000,
    10_001,
    i32::MAX as i128,
    i32::MAX as i128 + 1,
    u32::MAX as i128,
    u32::MAX as i128 + 1,
    1 << 40,
    i64::MAX as i128,
    i64::MAX as i128 + 1,
    u64::MAX as i128,
    u64::MAX as i128 + 1,
    i64::MIN as i128,
];

/// One generic byte-level mutation (bit flips, interesting bytes and integers, inserts,
/// deletes, duplicated chunks, splices with `other`, truncation).
pub fn mutate_bytes(rng: &mut Rng, v: &mut Vec<u8>, other: &[u8]) {
    let n = v.len();
    match rng.below(9) {
        0 if n > 0 => {
            let i = rng.below(n);
            v[i] ^= 1 << rng.below(8);
        }
        1 if n > 0 => {
            let i = rng.below(n);
            v[i] = *rng.pick(&[
                0, 0xff, 0x7f, 0x80, b'(', b')', b',', b'\'', b' ', b'9', b'-',
            ]);
        }
        2 => {
            let i = rng.below(n + 1);
            let k = 1 + rng.below(8);
            let bytes: Vec<u8> = (0..k).map(|_| rng.next_u64() as u8).collect();
            v.splice(i..i, bytes);
        }
        3 if n > 0 => {
            let i = rng.below(n);
            let k = 1 + rng.below((n - i).min(16));
            v.drain(i..i + k);
        }
        4 if n > 0 => {
            // copy a chunk elsewhere
            let i = rng.below(n);
            let k = 1 + rng.below((n - i).min(32));
            let chunk = v[i..i + k].to_vec();
            let j = rng.below(v.len() + 1);
            v.splice(j..j, chunk);
        }
        5 if !other.is_empty() => {
            let cut = rng.below(n + 1);
            let from = rng.below(other.len());
            v.truncate(cut);
            v.extend_from_slice(&other[from..]);
        }
        6 if n >= 8 => {
            let i = rng.below(n - 7);
            let x = *rng.pick(INTERESTING) as u64;
            let w = *rng.pick(&[1usize, 2, 4, 8]);
            v[i..i + w].copy_from_slice(&x.to_le_bytes()[..w]);
        }
        7 if n > 0 => v.truncate(rng.below(n)),
        _ => {
            let i = rng.below(n + 1);
            v.insert(i, rng.next_u64() as u8);
        }
    }
}

/// Settings of one run.
#[derive(Clone, Debug)]
pub struct Config {
    /// stop after this many inputs
    pub iters: u64,
    /// stop after this long (whichever comes first)
    pub seconds: Option<f64>,
    /// the generator's seed
    pub seed: u64,
    /// where crashes are saved (`crash-<target>-<hash>.bin`)
    pub out: PathBuf,
    /// an input that runs longer than this is a hang
    pub hang: Duration,
    /// every input is written here before it runs (for the supervising parent), if set
    pub last_input: Option<PathBuf>,
    /// print a progress line this often
    pub progress: Option<Duration>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            iters: 10_000,
            seconds: None,
            seed: 1,
            out: PathBuf::from("target/fuzz"),
            hang: Duration::from_secs(10),
            last_input: None,
            progress: None,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// inputs run
    pub inputs: u64,
    /// inputs the code accepted
    pub accepted: u64,
    /// panicking inputs (saved under `Config::out`)
    pub crashes: Vec<PathBuf>,
    /// wall time
    pub elapsed: Duration,
}

/// A stable 64-bit hash (FNV-1a) of an input, for file names.
pub fn hash(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h ^ x as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// Saves a failing input as `<out>/<kind>-<target>-<hash>.bin` and returns the path.
pub fn save_input(out: &Path, kind: &str, target: &str, input: &[u8]) -> PathBuf {
    let _ = std::fs::create_dir_all(out);
    let p = out.join(format!("{kind}-{target}-{:016x}.bin", hash(input)));
    let _ = std::fs::write(&p, input);
    p
}

/// Runs `target` as `cfg` says: mutate, run, catch panics, save failures.
pub fn fuzz(target: &dyn Target, cfg: &Config) -> Report {
    let mut rng = Rng::new(cfg.seed);
    let mut pool: Vec<Vec<u8>> = target.seeds();
    if pool.is_empty() {
        pool.push(Vec::new());
    }
    let n_seeds = pool.len();
    let done = Arc::new(AtomicU64::new(0));
    let current: Arc<std::sync::Mutex<Vec<u8>>> = Arc::default();
    // watchdog: an input that does not finish within the hang limit ends the process
    {
        let (done, current, hang, out, name) = (
            done.clone(),
            current.clone(),
            cfg.hang,
            cfg.out.clone(),
            target.name(),
        );
        std::thread::spawn(move || {
            let mut last = u64::MAX;
            let mut since = Instant::now();
            loop {
                std::thread::sleep(hang / 4);
                let d = done.load(Ordering::Relaxed);
                if d != last {
                    (last, since) = (d, Instant::now());
                } else if since.elapsed() > hang {
                    let input = current.lock().map(|g| g.clone()).unwrap_or_default();
                    let p = save_input(&out, "hang", name, &input);
                    eprintln!(
                        "fuzz {name}: HANG: an input ran longer than {hang:?}; saved to {}",
                        p.display()
                    );
                    std::process::exit(3);
                }
            }
        });
    }
    let last_file = cfg.last_input.as_ref().and_then(|p| {
        std::fs::OpenOptions::new()
            .create(true)
            .truncate(true)
            .write(true)
            .open(p)
            .ok()
    });
    // panics are reported by the loop below, with where they happened
    let quiet_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        PANIC_AT.with(|p| *p.borrow_mut() = at);
    }));
    let t0 = Instant::now();
    let mut last_progress = Instant::now();
    let mut report = Report::default();
    let mut input = Vec::new();
    while report.inputs < cfg.iters && cfg.seconds.is_none_or(|s| t0.elapsed().as_secs_f64() < s) {
        // the seeds themselves first, then mutants of pool members
        if (report.inputs as usize) < n_seeds {
            input.clone_from(&pool[report.inputs as usize]);
        } else {
            input.clone_from(&pool[rng.below(pool.len())]);
            let rounds = 1 + rng.below(4);
            for _ in 0..rounds {
                if rng.one_in(2) || !target.mutate(&mut rng, &mut input) {
                    let other = &pool[rng.below(pool.len())];
                    mutate_bytes(&mut rng, &mut input, other);
                }
            }
            input.truncate(1 << 20);
        }
        if let Some(f) = &last_file {
            let mut b = (input.len() as u64).to_le_bytes().to_vec();
            b.extend_from_slice(&input);
            let _ = f.write_all_at(&b, 0);
        }
        if let Ok(mut g) = current.try_lock() {
            g.clone_from(&input);
        }
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| target.run(&input)));
        report.inputs += 1;
        done.store(report.inputs, Ordering::Relaxed);
        match r {
            Ok(true) => {
                report.accepted += 1;
                if pool.len() < n_seeds + 512 {
                    pool.push(input.clone());
                } else {
                    let i = n_seeds + rng.below(512);
                    pool[i].clone_from(&input);
                }
            }
            Ok(false) => {}
            Err(payload) => {
                let msg = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                let p = save_input(&cfg.out, "crash", target.name(), &input);
                let at = PANIC_AT.with(|p| p.borrow().clone());
                eprintln!(
                    "fuzz {}: CRASH (panic at {at}: {msg}); input saved to {}",
                    target.name(),
                    p.display()
                );
                report.crashes.push(p);
            }
        }
        if let Some(every) = cfg.progress
            && last_progress.elapsed() >= every
        {
            last_progress = Instant::now();
            eprintln!(
                "fuzz {}: {} inputs, {} accepted, {} crashes, {:.0} s",
                target.name(),
                report.inputs,
                report.accepted,
                report.crashes.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    }
    std::panic::set_hook(quiet_hook);
    report.elapsed = t0.elapsed();
    let _ = std::io::stderr().flush();
    report
}

thread_local! {
    /// Where the last panic on this thread happened (set by the engine's panic hook).
    static PANIC_AT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Reads the input a supervised child wrote last (see [`Config::last_input`]).
pub fn read_last_input(p: &Path) -> Option<Vec<u8>> {
    let b = std::fs::read(p).ok()?;
    let n = u64::from_le_bytes(b.get(..8)?.try_into().ok()?) as usize;
    b.get(8..8 + n).map(<[u8]>::to_vec)
}

/// The regression inputs of `target` (`regressions/<target>/*`), sorted by name.
pub fn regression_inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("regressions")
        .join(target);
    let mut v: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let p = e.path();
            std::fs::read(&p).ok().map(|b| (p, b))
        })
        .collect();
    v.sort();
    v
}

#[cfg(test)]
mod rng_tests {
    use super::Rng;

    /// Neighbouring seeds (the seeds of parallel fuzz processes) give different streams.
    #[test]
    fn neighbouring_seeds_differ() {
        let first = |seed: u64| {
            let mut r = Rng::new(seed);
            (0..4).map(|_| r.next_u64()).collect::<Vec<_>>()
        };
        for s in [0u64, 22, 1000, 1002, 1004] {
            assert_ne!(first(s), first(s + 1), "seeds {s} and {}", s + 1);
        }
        assert_eq!(first(7), first(7));
    }
}
