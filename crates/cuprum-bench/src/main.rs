//! `cuprum-bench`: CPU-vs-GPU speedup tables (run through `cargo xtask bench`, or on its own on
//! a machine without cargo).
//!
//! Each row is timed on the CPU and on each CUDA device (CUDA events for GPU time, warm-ups,
//! median of repeats) and printed as a Markdown table with the speedup, the achieved rate
//! (GB/s or TFLOP/s) and the share of the device's own ceilings, which the bench measures after
//! the rows (a large device-to-device copy and a large gemm). `--compare cupy` adds CuPy (GPU), PyTorch
//! (GPU) and NumPy (CPU) times from the same run. JSON (every number with its unit), a Markdown
//! file and an SVG chart of the speedups go to `--out`.

mod cases;
mod cases_cavity;
mod cases_distributed;
mod cases_fuse;
mod cases_graph;
mod cases_interpolate;
mod cases_kernel;
mod cases_memory;
mod cases_ndimage;
mod cases_signal;
mod cases_sparse;
mod cases_special;

use cases::{Case, Timing, Work};
use clap::Parser;
use cuprum::{Array, DType, Device, Result};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write;

#[derive(Parser, Debug)]
#[command(name = "cuprum-bench", about = "CPU-vs-GPU speedup tables for cuprum")]
struct Args {
    /// core | linalg | fft | sparse | memory | kernel | fuse | distributed | cavity | signal |
    /// ndimage | special | interpolate | all
    #[arg(long, default_value = "all")]
    suite: String,
    /// quick (small sizes, finishes in minutes on 2 cores) | full (the issues' sizes)
    #[arg(long, default_value = "quick")]
    size: String,
    /// cpu | cuda:N | all (default: all available)
    #[arg(long, default_value = "all")]
    device: String,
    /// folder for NAME.md, NAME.json and NAME.svg (nothing written when absent)
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// file name stem inside --out
    #[arg(long, default_value = "bench")]
    name: String,
    /// `cupy`: also time CuPy, PyTorch and NumPy through python3
    #[arg(long)]
    compare: Option<String>,
    /// skip the CPU timings of rows (GPU only)
    #[arg(long)]
    no_cpu: bool,
    /// git revision to record (default: `git rev-parse --short HEAD` when available)
    #[arg(long)]
    git_rev: Option<String>,
    /// only rows whose `name | shape` (e.g. `stencil step (slices) | 128x128 float32`) contains
    /// this text
    #[arg(long)]
    filter: Option<String>,
}

struct Row {
    case: String,
    name: String,
    shape: String,
    suite: &'static str,
    work: Work,
    timing: Timing,
    cpu_s: Option<f64>,
    gpu: Vec<(usize, f64)>,
    error: Option<String>,
}

/// Pause before a GPU row that follows a FLOP-bound one: after seconds of GEMMs the H200 ran a
/// 2^24-key sort 10-12% slower for a few seconds (CuPy's too), and at its speed again 3 s later
/// (the sort rows of docs/benchmarks/h200-core.md were measured this way).
const GPU_SETTLE: std::time::Duration = std::time::Duration::from_secs(3);

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        f64::NAN
    } else {
        v[v.len() / 2]
    }
}

fn time_case(c: &Case, d: Device, quick_cpu: bool) -> Result<f64> {
    let mut body = (c.build)(d)?;
    let (warm, rep) = match d {
        Device::Cpu => {
            // Time one warm-up call, then repeat enough for a stable median of fast rows (up
            // to the row's own repeat count, about 0.3 s of calls), at least 3 (5 in full).
            // A warm-up under 0.1 s is followed by a second timed call that sets the count: the
            // first call faults in its outputs' fresh pages (about 3 ms a 2 MiB page on the CI
            // VM), which made the 2048² stencil's count 4 instead of 20.
            let t0 = std::time::Instant::now();
            body()?;
            let mut once = t0.elapsed().as_secs_f64();
            if once < 0.1 {
                let t1 = std::time::Instant::now();
                body()?;
                once = t1.elapsed().as_secs_f64();
            }
            let floor = if c.timing == Timing::Host {
                200
            } else if matches!(c.timing, Timing::HostBatch(_)) {
                20
            } else if quick_cpu {
                3
            } else {
                5
            };
            let fit = (0.3 / once.max(1e-9)) as usize;
            (0, fit.min(c.repeat.max(floor)).max(floor))
        }
        // three warm-ups (cases_cavity.rs counts on them), one for rows timed once (solves
        // that take seconds)
        _ => (if c.repeat == 1 { 1 } else { 3 }, c.repeat),
    };
    let r = cuprum::profiler::benchmark(&c.name, d, &mut *body, warm, rep)?;
    Ok(match (c.timing, d) {
        (Timing::Host, _) => median(&mut r.cpu_times.clone()),
        (Timing::HostBatch(b), _) => median(&mut r.cpu_times.clone()) / f64::from(b),
        (_, Device::Cpu) => median(&mut r.cpu_times.clone()),
        _ => median(&mut r.gpu_times.clone()),
    })
}

fn rate(work: Work, t: f64) -> (f64, &'static str) {
    match work {
        Work::Bytes(b) => (b / t / 1e9, "GB/s"),
        Work::Flops(f) => (f / t / 1e12, "TFLOP/s"),
        Work::None => (f64::NAN, ""),
    }
}

fn fmt_t(t: f64) -> String {
    if !t.is_finite() {
        "—".into()
    } else if t < 1e-3 {
        format!("{:.1} µs", t * 1e6)
    } else if t < 1.0 {
        format!("{:.3} ms", t * 1e3)
    } else {
        format!("{:.2} s", t)
    }
}

/// Ceilings of a CUDA device: device-to-device copy GB/s and f32/f64 gemm TFLOP/s.
fn ceilings(i: usize, full: bool) -> Result<(f64, f64, f64)> {
    let d = Device::Cuda(i);
    let n = 1usize << 27;
    let a = Array::empty_on(&[n], DType::Float32, d)?;
    let b = Array::empty_on(&[n], DType::Float32, d)?;
    let r = cuprum::profiler::benchmark("copy", d, || b.assign(&a), 3, 20)?;
    let copy = 8.0 * n as f64 / r.median() / 1e9;
    let m = if full { 8192 } else { 4096 };
    let mut g = cuprum::random::Generator::new(3);
    let mut flops = [0.0; 2];
    for (k, dt) in [DType::Float32, DType::Float64].into_iter().enumerate() {
        let x = g.random_on(&[m, m], dt, d)?;
        let r = cuprum::profiler::benchmark(
            "gemm",
            d,
            || cuprum::products::matmul(&x, &x).map(drop),
            2,
            5,
        )?;
        flops[k] = 2.0 * (m as f64).powi(3) / r.median() / 1e12;
    }
    Ok((copy, flops[0], flops[1]))
}

fn git_rev(arg: &Option<String>) -> String {
    if let Some(r) = arg {
        return r.clone();
    }
    std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

fn compare(
    size: &str,
    suites: &[&str],
    filter: Option<&str>,
) -> BTreeMap<String, BTreeMap<String, f64>> {
    // compare.py's helpers, then each SciPy suite's rows, then the JSON it prints
    let script = [
        include_str!("compare.py"),
        include_str!("compare_signal.py"),
        include_str!("compare_ndimage.py"),
        include_str!("compare_special.py"),
        include_str!("compare_interpolate.py"),
        "print(json.dumps(out))\n",
    ]
    .concat();
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(&script)
        .arg(size)
        .arg(suites.join(","))
        .arg(filter.unwrap_or(""))
        // the cavity suite's CuPy side: the example's script, run from its text
        .env(
            "CUPRUM_CAVITY_SRC",
            include_str!("../../cuprum/examples/cavity/cavity_cupy.py"),
        )
        .output();
    match out {
        Ok(o) if o.status.success() => {
            let err = String::from_utf8_lossy(&o.stderr);
            for l in err.lines().filter(|l| l.contains("not available")) {
                eprintln!("compare: {l}");
            }
            serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
                eprintln!("compare: could not parse the python output ({e}); going on without it");
                BTreeMap::new()
            })
        }
        Ok(o) => {
            eprintln!(
                "compare: python3 failed ({}); going on without CuPy/PyTorch/NumPy figures",
                String::from_utf8_lossy(&o.stderr)
                    .lines()
                    .last()
                    .unwrap_or("")
            );
            BTreeMap::new()
        }
        Err(e) => {
            eprintln!(
                "compare: python3 is not available ({e}); going on without CuPy/PyTorch/NumPy figures"
            );
            BTreeMap::new()
        }
    }
}

fn svg(rows: &[Row]) -> String {
    let bars: Vec<(String, f64)> = rows
        .iter()
        .filter_map(|r| {
            let g = r.gpu.first()?.1;
            let c = r.cpu_s?;
            (r.timing == Timing::Device && g > 0.0)
                .then(|| (format!("{} {}", r.name, r.shape), c / g))
        })
        .collect();
    let h = 24 * bars.len() + 60;
    let maxlog = bars
        .iter()
        .map(|b| b.1.max(1.0).log10())
        .fold(1.0, f64::max);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<text x=\"10\" y=\"20\" font-size=\"15\">cuprum: GPU speedup over CPU (log scale)</text>\n"
    );
    for (i, (label, sp)) in bars.iter().enumerate() {
        let y = 40 + 24 * i;
        let w = (sp.max(1.0).log10() / maxlog * 480.0).max(1.0);
        s += &format!(
            "<text x=\"10\" y=\"{}\">{}</text><rect x=\"300\" y=\"{}\" width=\"{w:.0}\" height=\"16\" fill=\"#b87333\"/><text x=\"{:.0}\" y=\"{}\">{sp:.1}×</text>\n",
            y + 12,
            label.replace('&', "&amp;"),
            y,
            305.0 + w,
            y + 12
        );
    }
    s + "</svg>\n"
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let full = args.size == "full";
    let sizes = cases::sizes(full);
    let suites: Vec<&str> = if args.suite == "all" {
        vec![
            "core",
            "linalg",
            "fft",
            "sparse",
            "memory",
            "kernel",
            "fuse",
            "distributed",
        ]
    } else {
        args.suite.split(',').collect()
    };
    let mut all: Vec<Case> = Vec::new();
    for s in &suites {
        match *s {
            "core" => all.extend(cases::core(sizes)),
            "linalg" => all.extend(cases::linalg(sizes)),
            "fft" => all.extend(cases::fft(sizes)),
            "sparse" => all.extend(cases_sparse::sparse(full)),
            "memory" => all.extend(cases_memory::memory(sizes)),
            "kernel" => all.extend(cases_kernel::kernel(sizes)),
            "fuse" => {
                all.extend(cases_fuse::fuse_suite(sizes));
                all.extend(cases_graph::graph(sizes));
            }
            "cavity" => all.extend(cases_cavity::cavity()),
            "signal" => all.extend(cases_signal::signal(full)),
            "ndimage" => all.extend(cases_ndimage::ndimage(full)),
            "special" => all.extend(cases_special::special(full)),
            "interpolate" => all.extend(cases_interpolate::interpolate(full)),
            "distributed" => {
                // Its rows are rank counts, not devices: it prints its own tables (and, with
                // --out, writes scaling.md/.json). A process it started as a rank stops here.
                if cases_distributed::is_worker() {
                    cases_distributed::worker();
                }
                let compare = args.compare.as_deref() == Some("cupy");
                let rev = git_rev(&args.git_rev);
                match cases_distributed::run(full, compare, args.out.as_deref(), &rev) {
                    Ok(md) => println!("{md}"),
                    Err(e) => {
                        eprintln!("suite distributed: {e}");
                        return std::process::ExitCode::FAILURE;
                    }
                }
                if suites.len() == 1 {
                    // Alone, it has no CPU-vs-GPU rows: skip the empty table and the ceilings.
                    return std::process::ExitCode::SUCCESS;
                }
            }
            other => {
                eprintln!(
                    "unknown suite {other:?}: use core|linalg|fft|sparse|memory|kernel|fuse|distributed|cavity|signal|ndimage|special|interpolate|all"
                );
                return std::process::ExitCode::from(2);
            }
        }
    }
    if let Some(f) = &args.filter {
        // the same key compare.py matches: `name | shape`
        all.retain(|c| format!("{} | {}", c.name.trim_end(), c.shape).contains(f.as_str()));
    }
    let gpus: Vec<usize> = match args.device.as_str() {
        "all" => (0..cuprum::cuda_device_count()).collect(),
        "cpu" => vec![],
        d => match d.parse::<Device>() {
            Ok(Device::Cuda(i)) => vec![i],
            _ => {
                eprintln!("--device must be cpu, cuda:N or all");
                return std::process::ExitCode::from(2);
            }
        },
    };
    let run_cpu = !args.no_cpu;
    if gpus.is_empty() {
        eprintln!(
            "no CUDA device: CPU timings only ({})",
            cuprum::cuda::init_error().unwrap_or_default()
        );
    }
    let pb = indicatif::ProgressBar::new(all.len() as u64);
    pb.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut rows = Vec::new();
    let mut after_flops = false;
    for c in &all {
        pb.set_message(format!("{} {}", c.name, c.shape));
        let mut row = Row {
            case: format!("{} | {}", c.name, c.shape),
            name: c.name.clone(),
            shape: c.shape.clone(),
            suite: c.suite,
            work: c.work,
            timing: c.timing,
            cpu_s: None,
            gpu: vec![],
            error: None,
        };
        if run_cpu && c.cpu_ok {
            match time_case(c, Device::Cpu, !full) {
                Ok(t) => row.cpu_s = Some(t),
                Err(e) => row.error = Some(format!("cpu: {e}")),
            }
        }
        if after_flops {
            // the same pause for a row after a FLOP-bound one (matmul, factorizations), once
            // for all GPUs
            std::thread::sleep(GPU_SETTLE);
        }
        for &i in &gpus {
            match time_case(c, Device::Cuda(i), false) {
                Ok(t) => row.gpu.push((i, t)),
                Err(e) => row.error = Some(format!("cuda:{i}: {e}")),
            }
        }
        after_flops = !gpus.is_empty() && matches!(c.work, Work::Flops(_));
        rows.push(row);
        pb.inc(1);
    }
    pb.finish_and_clear();
    // The ceilings come last: right after their GEMMs the GPU runs slower for a few seconds
    // (sorts of 2^24 keys 10-12% slower, CuPy's as much), so measured first they slowed the
    // rows after them (docs/benchmarks/h200-core.md has them last).
    let mut ceil = BTreeMap::new();
    for &i in &gpus {
        match ceilings(i, full) {
            Ok(c) => {
                ceil.insert(i, c);
            }
            Err(e) => eprintln!("cuda:{i}: ceilings not measured: {e}"),
        }
    }
    if !gpus.is_empty() && args.compare.is_some() {
        // CuPy's rows start right after: not in the ceilings' wake either
        std::thread::sleep(GPU_SETTLE);
    }
    let cmp = if args.compare.as_deref() == Some("cupy") {
        compare(&args.size, &suites, args.filter.as_deref())
    } else {
        BTreeMap::new()
    };

    // Markdown
    let cfg = cuprum::config();
    let rev = git_rev(&args.git_rev);
    let date = std::process::Command::new("date")
        .arg("-u")
        .arg("+%Y-%m-%d %H:%M UTC")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let gpu_names = gpu_names(&cfg);
    let mut md = String::new();
    md += &format!("# cuprum benchmark ({} sizes)\n\n", args.size);
    md += &format!(
        "- date: {date}\n- git revision: {rev}\n- cuprum {}\n- CPU: {} ({} threads)\n- GPUs: {}\n- NVRTC: {:?}\n\n",
        cfg.version,
        cfg.cpu_model.clone().unwrap_or_default(),
        cfg.cpu_threads,
        if gpu_names.is_empty() {
            "none".into()
        } else {
            gpu_names.join(", ")
        },
        cfg.nvrtc_version
    );
    for (i, (copy, f32f, f64f)) in &ceil {
        md += &format!(
            "Ceilings measured on cuda:{i}: device copy {copy:.0} GB/s, gemm float32 {f32f:.1} TFLOP/s, float64 {f64f:.1} TFLOP/s.\n\n"
        );
    }
    let has_cmp = !cmp.is_empty();
    md += "| suite | operation | shape, dtype | CPU time | GPU time | speedup | rate | % of ceiling |";
    if has_cmp {
        md += " CuPy GPU | cuprum/CuPy | PyTorch GPU | cuprum/PyTorch | NumPy/SciPy CPU | cuprum CPU/NumPy |";
    }
    md += "\n|---|---|---|---|---|---|---|---|";
    if has_cmp {
        md += "---|---|---|---|---|---|";
    }
    md += "\n";
    let mut jrows = Vec::new();
    for r in &rows {
        let g = r.gpu.first().map(|x| x.1);
        let (rt, unit) = match (g, r.cpu_s) {
            (Some(t), _) | (None, Some(t)) if r.timing == Timing::Device => rate(r.work, t),
            _ => (f64::NAN, ""),
        };
        let pct = match (r.work, g.and(r.gpu.first()).and_then(|x| ceil.get(&x.0))) {
            (Work::Bytes(_), Some(c)) => format!("{:.0}% of copy", 100.0 * rt / c.0),
            (Work::Flops(_), Some(c)) => {
                let peak = if r.shape.contains("float64") {
                    c.2
                } else {
                    c.1
                };
                format!("{:.0}% of gemm", 100.0 * rt / peak)
            }
            _ => "—".into(),
        };
        let sp = match (r.cpu_s, g) {
            (Some(c), Some(g)) => format!("{:.1}×", c / g),
            _ => "—".into(),
        };
        let label = if r.timing != Timing::Device {
            format!("{} ", r.name)
        } else {
            r.name.clone()
        };
        md += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            r.suite,
            label,
            r.shape,
            r.cpu_s.map_or("—".into(), fmt_t),
            g.map_or("—".into(), fmt_t),
            sp,
            if rt.is_finite() {
                format!("{rt:.1} {unit}")
            } else {
                "—".into()
            },
            pct
        );
        let c = cmp.get(&r.case);
        if has_cmp {
            let get = |k: &str| c.and_then(|m| m.get(k)).copied();
            let cell = |v: Option<f64>, ours: Option<f64>| -> (String, String) {
                match v {
                    Some(ms) => (
                        fmt_t(ms * 1e-3),
                        ours.map_or("—".into(), |o| format!("{:.2}", o / (ms * 1e-3))),
                    ),
                    None => ("—".into(), "—".into()),
                }
            };
            let (a, b) = cell(get("cupy_ms"), g);
            let (c1, d1) = cell(get("torch_ms"), g);
            let (e, f) = cell(get("numpy_ms"), r.cpu_s);
            md += &format!(" {a} | {b} | {c1} | {d1} | {e} | {f} |");
        }
        md += "\n";
        if let Some(e) = &r.error {
            eprintln!("{}: {e}", r.case);
        }
        let ms =
            |t: Option<f64>| t.map_or(Value::Null, |t| json!({"value": t * 1e3, "unit": "ms"}));
        jrows.push(json!({
            "suite": r.suite, "operation": r.name, "shape": r.shape,
            "timing": if r.timing == Timing::Device { "device" } else { "host" },
            "cpu_time": ms(r.cpu_s),
            "gpu_times": r.gpu.iter().map(|(i, t)| json!({"device": format!("cuda:{i}"), "time": {"value": t * 1e3, "unit": "ms"}})).collect::<Vec<_>>(),
            "rate": if rt.is_finite() { json!({"value": rt, "unit": unit}) } else { Value::Null },
            "compare": c.map(|m| m.iter().map(|(k, v)| (k.clone(), json!({"value": v, "unit": "ms"}))).collect::<serde_json::Map<_, _>>()),
            "error": r.error,
        }));
    }
    print!("{md}");
    let _ = std::io::stdout().flush();
    if let Some(dir) = &args.out {
        let j = json!({
            "machine": {"cpu": cfg.cpu_model, "cpu_threads": cfg.cpu_threads, "os": cfg.os, "gpus": gpu_names,
                         "nvrtc_version": format!("{:?}", cfg.nvrtc_version), "config": cfg.to_string()},
            "cuprum_version": cfg.version, "git_revision": rev, "date": date, "size": args.size,
            "ceilings": ceil.iter().map(|(i, c)| json!({"device": format!("cuda:{i}"), "copy": {"value": c.0, "unit": "GB/s"}, "gemm_float32": {"value": c.1, "unit": "TFLOP/s"}, "gemm_float64": {"value": c.2, "unit": "TFLOP/s"}})).collect::<Vec<_>>(),
            "rows": jrows,
        });
        let w = || -> std::io::Result<()> {
            std::fs::create_dir_all(dir)?;
            std::fs::write(dir.join(format!("{}.md", args.name)), &md)?;
            std::fs::write(
                dir.join(format!("{}.json", args.name)),
                serde_json::to_string_pretty(&j).unwrap_or_default(),
            )?;
            std::fs::write(dir.join(format!("{}.svg", args.name)), svg(&rows))?;
            Ok(())
        };
        if let Err(e) = w() {
            eprintln!("could not write to {}: {e}", dir.display());
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// `cuda:N name` for each GPU of `cfg` (`cuda:N (error)` where its properties could not be read).
fn gpu_names(cfg: &cuprum::Config) -> Vec<String> {
    cfg.gpus
        .iter()
        .map(|g| match &g.properties {
            Ok(p) => format!("cuda:{} {}", g.ordinal, p.name),
            Err(e) => format!("cuda:{} ({e})", g.ordinal),
        })
        .collect()
}
