//! `cavity --re RE --n N [--device cpu|cuda:N] [--out DIR] [--tol T] [--cfl C] [--poisson dst|cg]
//! [--launch K]`
//!
//! The lid-driven cavity (issue 21): steady incompressible flow in the unit square with the lid
//! `y = 1` moving at `u = 1`, at any Reynolds number, checked against Ghia, Ghia and Shin (1982)
//! when `RE` is one of their tabulated 100 and 1000. See `solver.rs` for the method and
//! `docs/cavity.md` for the accuracy table and the pictures.
//!
//! Writes to `DIR` (default `cavity-out`): `profiles.json` (`{"u": {"y": [...], "u": [...]},
//! "v": {"x": [...], "v": [...]}}`, the centreline profiles u(0.5, y) and v(x, 0.5) at the grid
//! nodes), `summary.json` (steps, residual, time, the largest deviations from Ghia),
//! `field.png` (speed with streamlines) and `profiles.png` (both profiles with Ghia's points).
//!
//! Several ranks: under `cuprum-run --nproc-per-node K` (or `--launch K`, which starts its own
//! K ranks) the grid is split into horizontal slabs, one per rank, on `cuda:LOCAL_RANK` with
//! NCCL when there are GPUs, else on the CPU with the TCP backend; rank 0 writes the outputs.
//!
//! ```text
//! cargo run --release --example cavity -p cuprum -- --re 1000 --n 129 --out cavity-re1000
//! cargo build --release --example cavity -p cuprum
//! cuprum-run --nproc-per-node 2 target/release/examples/cavity --re 100 --n 65
//! ```
//!
//! `--check D` exits with status 1 when a deviation from Ghia exceeds `D` (for the tests).

mod plot;
// shared with the cavity tests and cuprum-bench, which use other parts of it
#[allow(dead_code)]
mod solver;

use clap::Parser;
use cuprum as cp;
use cuprum::distributed as dist;
use solver::{Cavity, Params, Ranks};

#[derive(Parser, Debug, Clone)]
#[command(about = "Lid-driven cavity flow, checked against Ghia, Ghia and Shin (1982)")]
struct Args {
    /// Reynolds number
    #[arg(long, default_value_t = 100.0)]
    re: f64,
    /// grid nodes per side (walls included); odd puts grid lines on the centrelines
    #[arg(long, default_value_t = 129)]
    n: usize,
    /// cpu or cuda:N (default: the current device); ignored under a launcher (rank's device)
    #[arg(long)]
    device: Option<String>,
    /// output folder
    #[arg(long, default_value = "cavity-out")]
    out: std::path::PathBuf,
    /// steady-state tolerance on max |∂ω/∂t|
    #[arg(long, default_value_t = 1e-4)]
    tol: f64,
    /// pseudo-time step factor: Δt = cfl · min(h, 0.3 Re h²)
    #[arg(long, default_value_t = 1.0)]
    cfl: f64,
    /// how −∇²ψ = ω is solved: dst (exact, sine transform by matmuls) or cg (warm-started
    /// conjugate gradients, at most --cg-iters per step)
    #[arg(long, default_value = "dst")]
    poisson: solver::PoissonMethod,
    /// CG iterations per step at most (--poisson cg)
    #[arg(long, default_value_t = 10)]
    cg_iters: usize,
    /// step limit
    #[arg(long, default_value_t = 2_000_000)]
    max_steps: usize,
    /// start K ranks of this program (without a launcher's environment)
    #[arg(long)]
    launch: Option<usize>,
    /// fail (exit 1) when a deviation from Ghia exceeds this
    #[arg(long)]
    check: Option<f64>,
    /// no pictures (profiles.json and summary.json only)
    #[arg(long)]
    no_png: bool,
    /// no progress bar
    #[arg(long)]
    quiet: bool,
}

fn main() {
    let args = Args::parse();
    if let Some(k) = args.launch
        && std::env::var_os("RANK").is_none()
    {
        // Start K ranks of this program with the same arguments but --launch.
        let mut rest: Vec<String> = Vec::new();
        let mut it = std::env::args().skip(1);
        while let Some(a) = it.next() {
            if a == "--launch" {
                it.next();
            } else if !a.starts_with("--launch=") {
                rest.push(a);
            }
        }
        let exe = std::env::current_exe().expect("current_exe");
        let cfg = dist::launcher::LaunchConfig::new(k, exe).args(rest);
        match dist::launcher::launch(&cfg) {
            Ok(r) => std::process::exit(r.code),
            Err(e) => {
                eprintln!("cavity: launching {k} ranks: {e}");
                std::process::exit(2);
            }
        }
    }
    match run(&args) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("cavity: {e}");
            std::process::exit(2);
        }
    }
}

fn run(args: &Args) -> cp::Result<i32> {
    let mut p = Params::new(args.re, args.n);
    p.tol = args.tol;
    p.cfl = args.cfl;
    p.cg_iters = args.cg_iters;
    p.poisson = args.poisson;
    p.max_steps = args.max_steps;
    let distributed = std::env::var_os("RANK").is_some();
    let comm = if distributed {
        Some(dist::init_process_group(dist::InitOptions::new())?)
    } else {
        None
    };
    let device = match (&comm, &args.device) {
        (Some(c), _) => c.device(),
        (None, Some(d)) => d.parse::<cp::Device>().map_err(cp::Error::from)?,
        (None, None) => cp::current_device(),
    };
    let ranks = comm.as_ref().map_or(Ranks::single(), Ranks::of);
    let rank = comm.as_ref().map_or(0, |c| c.rank());
    let world = comm.as_ref().map_or(1, |c| c.world_size());
    let mut cav = Cavity::new(p.clone(), ranks, device)?;
    let lead = rank == 0;
    if lead && !args.quiet {
        eprintln!(
            "cavity: Re = {}, {}×{} nodes, Δt = {:.3e}, tol = {:.1e}, Poisson by {:?}, {} rank(s) on {}",
            args.re,
            args.n,
            args.n,
            cav.dt(),
            args.tol,
            args.poisson,
            world,
            device
        );
    }
    let bar = if lead && !args.quiet {
        indicatif::ProgressBar::new(1000)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{elapsed_precise} [{bar:40}] step {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    // The bar fills as log10(residual) falls from its first value to log10(tol).
    let mut first: Option<f64> = None;
    let tol = args.tol;
    let out = cav.run(|step, r| {
        let r0 = *first.get_or_insert(r.max(tol * 10.0));
        let frac = ((r0.log10() - r.log10()) / (r0.log10() - tol.log10())).clamp(0.0, 1.0);
        bar.set_position((frac * 1000.0) as u64);
        bar.set_message(format!("{step}, residual {r:.3e}"));
    })?;
    bar.finish_and_clear();
    let sol = cav.gather()?;
    let ghia = solver::ghia(solver::GHIA_JSON, args.re);
    let dev = ghia.as_ref().map(|g| g.max_deviation(&sol));
    let mut code = 0;
    if lead {
        std::fs::create_dir_all(&args.out).map_err(|e| io_err(&args.out, e))?;
        let (y, u) = sol.u_centerline();
        let (x, v) = sol.v_centerline();
        let profiles = serde_json::json!({"u": {"y": y, "u": u}, "v": {"x": x, "v": v}});
        write(&args.out.join("profiles.json"), &profiles.to_string())?;
        let summary = serde_json::json!({
            "re": args.re, "n": args.n, "ranks": world, "device": device.to_string(),
            "dt": cav.dt(), "tol": args.tol, "poisson": format!("{:?}", args.poisson).to_lowercase(), "steps": out.steps, "residual": out.residual,
            "converged": out.converged, "cg_iterations": out.cg_iterations,
            "seconds": out.seconds,
            "max_abs_u_minus_ghia": dev.map(|d| d.0), "max_abs_v_minus_ghia": dev.map(|d| d.1),
        });
        write(
            &args.out.join("summary.json"),
            &serde_json::to_string_pretty(&summary).unwrap_or_default(),
        )?;
        if !args.no_png {
            plot::field(&args.out.join("field.png"), &sol, args.re)
                .map_err(|e| cp::Error::invalid_value("cavity field.png", e))?;
            plot::profiles(&args.out.join("profiles.png"), &sol, ghia.as_ref(), args.re)
                .map_err(|e| cp::Error::invalid_value("cavity profiles.png", e))?;
        }
        println!(
            "Re {} on {}×{} ({} rank(s), {}): {} in {} steps, residual {:.3e}, {} CG iterations, {:.2} s",
            args.re,
            args.n,
            args.n,
            world,
            device,
            if out.converged {
                "converged"
            } else {
                "NOT converged"
            },
            out.steps,
            out.residual,
            out.cg_iterations,
            out.seconds
        );
        if let Some((du, dv)) = dev {
            println!("max |u - u_Ghia| = {du:.5}, max |v - v_Ghia| = {dv:.5}");
            if let Some(lim) = args.check
                && (du > lim || dv > lim)
            {
                eprintln!("cavity: a deviation exceeds {lim}");
                code = 1;
            }
        }
        if !out.converged {
            code = code.max(1);
        }
        println!("wrote {}", args.out.display());
    }
    if distributed {
        dist::destroy_process_group()?;
    }
    Ok(code)
}

fn io_err(path: &std::path::Path, e: std::io::Error) -> cp::Error {
    cp::Error::Io {
        op: "cavity output",
        path: path.display().to_string(),
        source: e,
    }
}

fn write(path: &std::path::Path, text: &str) -> cp::Result<()> {
    std::fs::write(path, text).map_err(|e| io_err(path, e))
}
