//! The `distributed` suite: all-reduce bus bandwidth and Jacobi weak/strong scaling at 1, 2, 4
//! and 8 ranks (as many as the machine has GPUs; 1 and 2 CPU processes on the TCP backend when
//! it has none), next to torch.distributed and cupyx.distributed with `--compare cupy`.
//!
//! Its rows do not fit the CPU-vs-GPU table of the other suites (a row here is a rank count,
//! not a device), so the suite prints its own Markdown (the form of
//! `docs/benchmarks/h200x2-distributed.md`), and with `--out DIR` writes `DIR/scaling.md` and
//! `DIR/scaling.json` (every number with its unit).
//!
//! How the ranks run: for each rank count `n` the bench re-executes itself `n` times through
//! `cuprum-run`'s launcher (`cuprum::distributed::launcher::launch`, one process per GPU,
//! `NCCL_NVLS_ENABLE=0`), with [`WORKER_ENV`] describing the work; each worker joins the job
//! with `init_process_group`, runs `bench::all_reduce_sweep`, `bench::jacobi_weak_scaling` and
//! `bench::jacobi_strong_scaling`, and rank 0 writes the rows as JSON to the file named by
//! [`RESULT_ENV`]. On GPUs the suite also times one process driving `n` GPUs
//! (`Communicator::init_all`, grouped calls, as nccl-tests' `-g n`). torch and CuPy run the
//! same sweep through `dist_allreduce.py` under `python3 -m torch.distributed.run`.
//!
//! Environment knobs: `CUPRUM_BENCH_DIST_RANKS=1,2` (rank counts to run),
//! `CUPRUM_BENCH_DIST_MAX_BYTES` (largest all-reduce message).

use cuprum::Device;
use cuprum::distributed::{self as dist, bench, launcher};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Set in a worker's environment: the work, as `MIN,MAX,WARM,REP;ROWS,NX,ITERS;NY,NX,ITERS`
/// (all-reduce sizes in bytes; weak scaling rows per rank; strong scaling grid).
pub const WORKER_ENV: &str = "CUPRUM_BENCH_DIST_WORKER";
/// Set in a worker's environment: where rank 0 writes its JSON.
pub const RESULT_ENV: &str = "CUPRUM_BENCH_DIST_RESULT";

/// What the suite measures.
#[derive(Clone, Copy, Debug)]
struct Plan {
    min_bytes: usize,
    max_bytes: usize,
    warmup: usize,
    repeats: usize,
    weak_rows: usize,
    weak_nx: usize,
    weak_iters: usize,
    strong_ny: usize,
    strong_nx: usize,
    strong_iters: usize,
}

impl Plan {
    fn new(full: bool, gpu: bool) -> Plan {
        let mut p = match (gpu, full) {
            // 50 timed calls after 10 warm-ups (for every library alike): a 1 MiB all-reduce
            // takes ~23 us, and the median of 20 moved by 5 us between runs
            (true, true) => Plan {
                min_bytes: 1 << 20,
                max_bytes: 1 << 30,
                warmup: 10,
                repeats: 50,
                weak_rows: 8192,
                weak_nx: 8192,
                weak_iters: 100,
                strong_ny: 16384,
                strong_nx: 8192,
                strong_iters: 100,
            },
            (true, false) => Plan {
                min_bytes: 1 << 20,
                max_bytes: 1 << 28,
                warmup: 3,
                repeats: 10,
                weak_rows: 4096,
                weak_nx: 4096,
                weak_iters: 50,
                strong_ny: 8192,
                strong_nx: 4096,
                strong_iters: 50,
            },
            (false, true) => Plan {
                min_bytes: 1 << 20,
                max_bytes: 1 << 26,
                warmup: 2,
                repeats: 5,
                weak_rows: 512,
                weak_nx: 1024,
                weak_iters: 20,
                strong_ny: 1024,
                strong_nx: 1024,
                strong_iters: 20,
            },
            (false, false) => Plan {
                min_bytes: 1 << 20,
                max_bytes: 1 << 24,
                warmup: 1,
                repeats: 5,
                weak_rows: 128,
                weak_nx: 256,
                weak_iters: 20,
                strong_ny: 256,
                strong_nx: 256,
                strong_iters: 20,
            },
        };
        if let Some(m) = env_usize("CUPRUM_BENCH_DIST_MAX_BYTES") {
            p.max_bytes = m.max(p.min_bytes);
        }
        p
    }

    fn to_env(self) -> String {
        format!(
            "{},{},{},{};{},{},{};{},{},{}",
            self.min_bytes,
            self.max_bytes,
            self.warmup,
            self.repeats,
            self.weak_rows,
            self.weak_nx,
            self.weak_iters,
            self.strong_ny,
            self.strong_nx,
            self.strong_iters
        )
    }

    fn from_env(s: &str) -> Option<Plan> {
        let v: Vec<usize> = s
            .split([',', ';'])
            .map(|x| x.trim().parse().ok())
            .collect::<Option<_>>()?;
        let [a, b, c, d, e, f, g, h, i, j] = v.as_slice().try_into().ok()?;
        Some(Plan {
            min_bytes: a,
            max_bytes: b,
            warmup: c,
            repeats: d,
            weak_rows: e,
            weak_nx: f,
            weak_iters: g,
            strong_ny: h,
            strong_nx: i,
            strong_iters: j,
        })
    }
}

fn env_usize(k: &str) -> Option<usize> {
    std::env::var(k).ok().and_then(|v| v.trim().parse().ok())
}

/// True in a process started by the suite as one of its ranks.
pub fn is_worker() -> bool {
    std::env::var_os(WORKER_ENV).is_some()
}

/// A rank of the suite's job: runs the hooks and exits (rank 0 writes the rows).
pub fn worker() -> ! {
    let code = match worker_main() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("distributed bench worker: {e}");
            1
        }
    };
    std::process::exit(code)
}

fn worker_main() -> std::result::Result<(), Box<dyn std::error::Error>> {
    let spec = std::env::var(WORKER_ENV)?;
    let plan =
        Plan::from_env(&spec).ok_or_else(|| format!("{WORKER_ENV}={spec:?} is malformed"))?;
    let comm = dist::init_process_group(dist::InitOptions::new())?;
    let sweep = bench::all_reduce_sweep(
        &comm,
        &bench::SweepConfig::default()
            .sizes(plan.min_bytes, plan.max_bytes)
            .repeats(plan.warmup, plan.repeats),
    )?;
    let weak = bench::jacobi_weak_scaling(&comm, plan.weak_rows, plan.weak_nx, plan.weak_iters)?;
    let strong =
        bench::jacobi_strong_scaling(&comm, plan.strong_ny, plan.strong_nx, plan.strong_iters)?;
    if comm.rank() == 0 {
        let out = json!({
            "backend": format!("{:?}", comm.backend()),
            "device": comm.device().to_string(),
            "all_reduce": sweep.iter().map(ar_json).collect::<Vec<_>>(),
            "jacobi_weak": jacobi_json(&weak),
            "jacobi_strong": jacobi_json(&strong),
        });
        let path = std::env::var(RESULT_ENV)?;
        std::fs::write(path, serde_json::to_vec(&out)?)?;
    }
    dist::destroy_process_group()?;
    Ok(())
}

fn ar_json(r: &bench::AllReduceRow) -> Value {
    json!({
        "bytes": r.bytes,
        "time": {"value": r.seconds * 1e6, "unit": "us"},
        "time_back_to_back": {"value": r.pipelined_seconds * 1e6, "unit": "us"},
        "algbw": {"value": r.algbw_gbps, "unit": "GB/s"},
        "busbw": {"value": r.busbw_gbps, "unit": "GB/s"},
        "ranks": r.world_size,
    })
}

fn jacobi_json(r: &bench::JacobiRow) -> Value {
    json!({
        "ranks": r.world_size,
        "ny": r.ny, "nx": r.nx, "rows_per_rank": r.rows_per_rank, "iters": r.iters,
        "time_per_sweep": {"value": r.seconds_per_iter * 1e3, "unit": "ms"},
    })
}

/// Reads `v[key].value` as f64.
fn val(v: &Value, key: &str) -> f64 {
    v[key]["value"].as_f64().unwrap_or(f64::NAN)
}

/// One rank count's figures.
struct Run {
    ranks: usize,
    procs: Option<Value>,
    local: Option<Vec<bench::AllReduceRow>>,
    torch: Option<Vec<(usize, f64, f64)>>,
    cupy: Option<Vec<(usize, f64, f64)>>,
}

fn launch_ranks(n: usize, plan: Plan, size: &str) -> std::result::Result<Value, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let result =
        std::env::temp_dir().join(format!("cuprum-bench-dist-{}-{n}.json", std::process::id()));
    let _ = std::fs::remove_file(&result);
    let cfg = launcher::LaunchConfig::new(n, exe)
        .args(["--suite", "distributed", "--size", size])
        .env(WORKER_ENV, plan.to_env())
        .env(RESULT_ENV, result.as_os_str())
        .env("CUPRUM_DIST_TIMEOUT_S", "120");
    let out = launcher::launch(&cfg).map_err(|e| e.to_string())?;
    if out.code != 0 {
        return Err(format!(
            "the {n}-rank job failed (rank {:?}, exit code {})",
            out.failed_rank, out.code
        ));
    }
    let bytes = std::fs::read(&result).map_err(|e| format!("{}: {e}", result.display()))?;
    let _ = std::fs::remove_file(&result);
    serde_json::from_slice(&bytes).map_err(|e| e.to_string())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(29517)
}

/// Runs `dist_allreduce.py` for `lib` on `n` GPUs through torchrun; `None` (with one line on
/// stderr) when python3, torch or the library is missing or the run fails.
fn python_sweep(script: &Path, lib: &str, n: usize, plan: Plan) -> Option<Vec<(usize, f64, f64)>> {
    let out = std::process::Command::new("python3")
        .args(["-m", "torch.distributed.run", "--nproc_per_node"])
        .arg(n.to_string())
        .arg("--master_port")
        .arg(free_port().to_string())
        .arg(script)
        .arg(lib)
        .args([plan.min_bytes, plan.max_bytes, plan.warmup, plan.repeats].map(|x| x.to_string()))
        .arg(free_port().to_string())
        .env("NCCL_NVLS_ENABLE", "0")
        .stderr(std::process::Stdio::piped())
        .output();
    let o = match out {
        Ok(o) => o,
        Err(e) => {
            eprintln!("compare: python3 is not available ({e}); no {lib} figures");
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&o.stdout);
    let line = stdout
        .lines()
        .find_map(|l| l.split_once("RESULT ").map(|x| x.1));
    match (o.status.success(), line) {
        (true, Some(l)) => serde_json::from_str::<Vec<(usize, f64, f64)>>(l.trim()).ok(),
        _ => {
            let err = String::from_utf8_lossy(&o.stderr);
            let last = err
                .lines()
                .rev()
                .find(|l| l.contains("Error") || l.contains("error"))
                .or_else(|| err.lines().last())
                .unwrap_or("");
            eprintln!("compare: {lib} on {n} GPUs did not run ({last}); going on without it");
            None
        }
    }
}

fn fmt_bytes(b: usize) -> String {
    if b >= 1 << 30 {
        format!("{} GiB", b >> 30)
    } else if b >= 1 << 20 {
        format!("{} MiB", b >> 20)
    } else {
        format!("{} KiB", b >> 10)
    }
}

fn fmt_us(us: f64) -> String {
    if !us.is_finite() {
        "—".into()
    } else if us < 1000.0 {
        format!("{us:.1} µs")
    } else {
        format!("{:.3} ms", us / 1e3)
    }
}

fn bus(bytes: usize, t: f64, n: usize) -> f64 {
    if t > 0.0 {
        bytes as f64 / t / 1e9 * 2.0 * (n as f64 - 1.0) / n as f64
    } else {
        f64::NAN
    }
}

fn cell(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "—".into()
    }
}

/// The suite: runs every rank count, prints the Markdown and writes `scaling.md`/`.json` under
/// `out`. Returns the Markdown.
pub fn run(
    full: bool,
    compare: bool,
    out: Option<&Path>,
    rev: &str,
) -> std::result::Result<String, String> {
    let size = if full { "full" } else { "quick" };
    let ngpu = cuprum::cuda_device_count();
    let gpu = ngpu > 0 && dist::is_nccl_available();
    let plan = Plan::new(full, gpu);
    let counts: Vec<usize> = match std::env::var("CUPRUM_BENCH_DIST_RANKS") {
        Ok(s) => s.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
        Err(_) if gpu => [1, 2, 4, 8].into_iter().filter(|&k| k <= ngpu).collect(),
        Err(_) => vec![1, 2],
    };
    if !gpu {
        eprintln!(
            "distributed: {} — TCP-backend figures for {counts:?} CPU processes",
            if ngpu == 0 {
                "no CUDA device".to_string()
            } else {
                "NCCL is not available".to_string()
            }
        );
    }
    let script = if compare && gpu {
        let p = std::env::temp_dir().join(format!("cuprum-dist-{}.py", std::process::id()));
        std::fs::write(&p, include_str!("dist_allreduce.py")).map_err(|e| e.to_string())?;
        Some(p)
    } else {
        if compare {
            eprintln!("compare: torch.distributed and cupyx.distributed need GPUs; skipped");
        }
        None
    };
    let mut runs = Vec::new();
    for &n in &counts {
        eprintln!("distributed: {n} rank(s)…");
        let procs = match launch_ranks(n, plan, size) {
            Ok(v) => Some(v),
            Err(e) => {
                eprintln!("distributed: {e}");
                None
            }
        };
        let local = if gpu && n <= ngpu {
            let devs: Vec<Device> = (0..n).map(Device::Cuda).collect();
            let r = dist::Communicator::init_all(&devs).and_then(|comms| {
                bench::all_reduce_sweep_local(
                    &comms,
                    &bench::SweepConfig::default()
                        .sizes(plan.min_bytes, plan.max_bytes)
                        .repeats(plan.warmup, plan.repeats),
                )
            });
            r.map_err(|e| eprintln!("distributed: one process, {n} GPUs: {e}"))
                .ok()
        } else {
            None
        };
        let (torch, cupy) = match &script {
            Some(p) => (
                python_sweep(p, "torch", n, plan),
                python_sweep(p, "cupy", n, plan),
            ),
            None => (None, None),
        };
        runs.push(Run {
            ranks: n,
            procs,
            local,
            torch,
            cupy,
        });
    }
    if let Some(p) = &script {
        let _ = std::fs::remove_file(p);
    }
    let md = markdown(&runs, plan, gpu, rev);
    if let Some(dir) = out {
        let j = json_report(&runs, plan, gpu, rev);
        let w = || -> std::io::Result<PathBuf> {
            std::fs::create_dir_all(dir)?;
            std::fs::write(dir.join("scaling.md"), &md)?;
            std::fs::write(
                dir.join("scaling.json"),
                serde_json::to_string_pretty(&j).unwrap_or_default(),
            )?;
            Ok(dir.join("scaling.md"))
        };
        match w() {
            Ok(p) => eprintln!("distributed: wrote {}", p.display()),
            Err(e) => return Err(format!("could not write to {}: {e}", dir.display())),
        }
    }
    Ok(md)
}

fn date() -> String {
    std::process::Command::new("date")
        .args(["-u", "+%Y-%m-%d %H:%M UTC"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

fn machine() -> (String, String) {
    let cfg = cuprum::config();
    let gpus = crate::gpu_names(&cfg);
    (
        format!(
            "{} ({} threads)",
            cfg.cpu_model.clone().unwrap_or_default(),
            cfg.cpu_threads
        ),
        if gpus.is_empty() {
            "none".into()
        } else {
            gpus.join(", ")
        },
    )
}

fn markdown(runs: &[Run], plan: Plan, gpu: bool, rev: &str) -> String {
    let (cpu, gpus) = machine();
    let nccl = dist::nccl_version().map_or("not available".to_string(), |v| v.to_string());
    let mut md = String::from("# Distributed scaling: all-reduce and Jacobi\n\n");
    md += &format!(
        "- date: {}\n- git revision: {rev}\n- CPU: {cpu}\n- GPUs: {gpus}\n- NCCL: {nccl}\n- backend: {}\n- produced by `cuprum-bench --suite distributed` (see crates/cuprum-bench/src/cases_distributed.rs)\n\n",
        date(),
        if gpu {
            "NCCL, one process per GPU (launched like `cuprum-run`)"
        } else {
            "TCP (CPU arrays), one process per rank on this machine"
        }
    );
    md += &format!(
        "## All-reduce\n\nfloat32, in place, timed two ways for every library alike, each the maximum over ranks: \
           **back to back**, {rep} calls queued with one synchronization, time divided by {rep} (nccl-tests' method, and the \
           method of the NCCL/CuPy/torch baselines), median of {trials} batches; **synchronized**, the median of {rep} calls each \
           followed by a stream synchronization (the latency a program that waits for every call sees). \
           Bus bandwidth `busbw = algbw × 2(n−1)/n` (nccl-tests' definition) from the back-to-back time, GB/s = 10⁹ B/s. \
           \"one process\" is one process driving n GPUs (`Communicator::init_all`, grouped calls).\n\n",
        rep = plan.repeats,
        trials = bench::PIPELINE_TRIALS
    );
    for r in runs {
        let n = r.ranks;
        md += &format!("### {n} rank{}\n\n", if n == 1 { "" } else { "s" });
        let Some(p) = &r.procs else {
            md += "(the job failed; see stderr)\n\n";
            continue;
        };
        let rows = p["all_reduce"].as_array().cloned().unwrap_or_default();
        md += "| size | cuprum back to back | torch back to back | cupyx back to back | cuprum synchronized | torch synchronized | cupyx synchronized | cuprum busbw | cuprum one process busbw | torch busbw | cupyx busbw | cuprum / torch busbw |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
        for (i, row) in rows.iter().enumerate() {
            let b = row["bytes"].as_u64().unwrap_or(0) as usize;
            let ours = val(row, "busbw");
            let local = r
                .local
                .as_ref()
                .and_then(|l| l.get(i))
                .map_or(f64::NAN, |x| x.busbw_gbps);
            let find = |v: &Option<Vec<(usize, f64, f64)>>| {
                v.as_ref()
                    .and_then(|v| v.iter().find(|x| x.0 == b))
                    .map_or((f64::NAN, f64::NAN), |x| (x.1, x.2))
            };
            let ((ts, tp), (cs, cpp)) = (find(&r.torch), find(&r.cupy));
            let (t, c) = (bus(b, tp, n), bus(b, cpp, n));
            let ratio = if t > 0.0 && ours.is_finite() {
                format!("{:.3}", ours / t)
            } else {
                "—".into()
            };
            md += &format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {ratio} |\n",
                fmt_bytes(b),
                fmt_us(val(row, "time_back_to_back")),
                fmt_us(tp * 1e6),
                fmt_us(cpp * 1e6),
                fmt_us(val(row, "time")),
                fmt_us(ts * 1e6),
                fmt_us(cs * 1e6),
                cell(ours),
                cell(local),
                cell(t),
                cell(c)
            );
        }
        md += "\n";
    }
    md += &format!(
        "## Jacobi (2-D Poisson, float64, {} / {} sweeps)\n\nWeak scaling: {} × {} interior points per rank; strong scaling: a fixed {} × {} grid. \
         Time per sweep = halo exchange (send/recv) + update (cuprum array ops) + all-reduce of the residual, maximum over ranks. \
         Weak efficiency = t(1)/t(n); strong efficiency = t(1)/(n·t(n)).\n\n",
        plan.weak_iters,
        plan.strong_iters,
        plan.weak_rows,
        plan.weak_nx,
        plan.strong_ny,
        plan.strong_nx
    );
    md += "| ranks | weak grid | weak time/sweep | weak efficiency | strong time/sweep | strong speedup | strong efficiency |\n|---|---|---|---|---|---|---|\n";
    let t1 = |k: &str| {
        runs.iter()
            .find(|r| r.ranks == 1)
            .and_then(|r| r.procs.as_ref())
            .map_or(f64::NAN, |p| val(&p[k], "time_per_sweep"))
    };
    let (w1, s1) = (t1("jacobi_weak"), t1("jacobi_strong"));
    for r in runs {
        let Some(p) = &r.procs else { continue };
        let n = r.ranks as f64;
        let (w, s) = (
            val(&p["jacobi_weak"], "time_per_sweep"),
            val(&p["jacobi_strong"], "time_per_sweep"),
        );
        let pct = |x: f64| {
            if x.is_finite() {
                format!("{:.1}%", 100.0 * x)
            } else {
                "—".into()
            }
        };
        md += &format!(
            "| {} | {} × {} | {:.3} ms | {} | {:.3} ms | {} | {} |\n",
            r.ranks,
            p["jacobi_weak"]["ny"],
            p["jacobi_weak"]["nx"],
            w,
            pct(w1 / w),
            s,
            if (s1 / s).is_finite() {
                format!("{:.2}×", s1 / s)
            } else {
                "—".into()
            },
            pct(s1 / (n * s))
        );
    }
    md
}

fn json_report(runs: &[Run], plan: Plan, gpu: bool, rev: &str) -> Value {
    let (cpu, gpus) = machine();
    let lib = |v: &Option<Vec<(usize, f64, f64)>>, n: usize| {
        v.as_ref().map(|v| {
            v.iter()
                .map(|&(b, t, tp)| {
                    json!({"bytes": b, "time": {"value": t * 1e6, "unit": "us"},
                           "time_back_to_back": {"value": tp * 1e6, "unit": "us"},
                           "busbw": {"value": bus(b, tp, n), "unit": "GB/s"}})
                })
                .collect::<Vec<_>>()
        })
    };
    json!({
        "date": date(), "git_revision": rev, "cpu": cpu, "gpus": gpus,
        "nccl_version": dist::nccl_version().ok(),
        "backend": if gpu { "nccl" } else { "tcp" },
        "plan": {
            "all_reduce_bytes": [plan.min_bytes, plan.max_bytes], "warmup": plan.warmup, "repeats": plan.repeats,
            "weak": {"rows_per_rank": plan.weak_rows, "nx": plan.weak_nx, "iters": plan.weak_iters},
            "strong": {"ny": plan.strong_ny, "nx": plan.strong_nx, "iters": plan.strong_iters},
        },
        "runs": runs.iter().map(|r| json!({
            "ranks": r.ranks,
            "cuprum": r.procs,
            "cuprum_one_process": r.local.as_ref().map(|l| l.iter().map(ar_json).collect::<Vec<_>>()),
            "torch": lib(&r.torch, r.ranks),
            "cupyx": lib(&r.cupy, r.ranks),
        })).collect::<Vec<_>>(),
    })
}
