//! `sparse_solve FILE [--rhs FILE] [--method spsolve|cg|gmres|bicgstab|minres|lsqr|lsmr|...]
//! [--precond jacobi|ilu0] [--rtol R] [--maxiter N] [--device cpu|cuda:N] [--json]`
//!
//! Reads a Matrix Market (`.mtx`) or Harwell-Boeing (`.rua`, `.rsa`, `.cua`, ... any other
//! extension) file, takes its right-hand side (`--rhs`, else the Harwell-Boeing file's own,
//! else `b = A·1`), solves `A x = b` with the chosen method on the chosen device, and prints
//! the relative residual `‖b − A x‖/‖b‖`, the iterations, the time and, when `b = A·1`,
//! `‖x − 1‖∞`. With `--json` it prints one JSON object with the fields `relative_residual`,
//! `iterations`, `seconds`, `method`, `device` and `x_minus_one_inf` (null when `b` was given);
//! a failure (a singular matrix, say) prints `{"error": ..., "method": ..., "device": ...}` and
//! exits with status 2.
//!
//! Run with `cargo run --example sparse_solve -p cuprum -- tests/data/matrices/pores_1.mtx
//! --method gmres --precond ilu0 --rtol 1e-10`.

use clap::Parser;
use cuprum as cp;
use cuprum::sparse as sp;
use cuprum::sparse::linalg as la;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    about = "Solve A x = b for a sparse matrix read from a Matrix Market or Harwell-Boeing file"
)]
struct Args {
    /// the matrix file (.mtx: Matrix Market; otherwise Harwell-Boeing)
    file: String,
    /// a right-hand side file (.mtx or .npy)
    #[arg(long)]
    rhs: Option<String>,
    /// spsolve, splu, cg, gmres, lgmres, bicg, bicgstab, cgs, minres, qmr, tfqmr, lsqr, lsmr
    #[arg(long, default_value = "spsolve")]
    method: String,
    /// jacobi or ilu0 (iterative methods)
    #[arg(long)]
    precond: Option<String>,
    /// relative tolerance of the iterative methods
    #[arg(long, default_value_t = 1e-8)]
    rtol: f64,
    /// iteration limit (default: the method's own)
    #[arg(long)]
    maxiter: Option<usize>,
    /// cpu or cuda:N (default: the current device)
    #[arg(long)]
    device: Option<String>,
    /// print one JSON object
    #[arg(long)]
    json: bool,
}

struct Outcome {
    x: cp::Array,
    iterations: usize,
    seconds: f64,
}

fn load(path: &str, device: cp::Device) -> cp::Result<(sp::Sparse, Option<cp::Array>)> {
    let coo_to = |c: &sp::parts::Coo| -> cp::Result<sp::Sparse> {
        Ok(sp::coo_matrix((&c.data, (&c.row, &c.col)), Some(c.shape))?.tocsr()?)
    };
    if path.to_lowercase().ends_with(".mtx") {
        match sp::io::mmread(path, device)? {
            sp::io::MmMatrix::Coo(c, _) => Ok((coo_to(&c)?, None)),
            sp::io::MmMatrix::Dense(a, _) => Ok((sp::csr_matrix(&a, None)?, None)),
        }
    } else {
        let hb = sp::io::hb_read(path, device)?;
        let rhs = match hb.rhs {
            Some(r) => Some(r.index_axis(1, 0)?.copy()?),
            None => None,
        };
        Ok((coo_to(&hb.matrix)?, rhs))
    }
}

fn load_rhs(path: &str, device: cp::Device) -> cp::Result<cp::Array> {
    if path.to_lowercase().ends_with(".npy") {
        return cp::npy::load_on(path, device);
    }
    match sp::io::mmread(path, device)? {
        sp::io::MmMatrix::Dense(a, _) => Ok(a.reshape(&[-1])?),
        sp::io::MmMatrix::Coo(c, _) => Ok(coo_to_dense(&c)?.reshape(&[-1])?),
    }
}

fn coo_to_dense(c: &sp::parts::Coo) -> cp::Result<cp::Array> {
    Ok(sp::coo_matrix((&c.data, (&c.row, &c.col)), Some(c.shape))?.toarray()?)
}

fn solve(args: &Args, a: &sp::Sparse, b: &cp::Array) -> cp::Result<Outcome> {
    let n = a.shape2().0;
    let device = a.device();
    // a preconditioner only for the preconditioned Krylov methods: the direct solvers and
    // lsqr/lsmr take none, so building an ILU(0) for them would only cost time
    let takes_m = matches!(
        args.method.as_str(),
        "cg" | "gmres" | "lgmres" | "bicg" | "bicgstab" | "cgs" | "minres" | "qmr" | "tfqmr"
    );
    if !takes_m && args.precond.as_deref().is_some_and(|p| p != "none") {
        eprintln!(
            "note: --precond is ignored by --method {} (it takes no preconditioner)",
            args.method
        );
    }
    let m = match args.precond.as_deref().filter(|_| takes_m) {
        None | Some("none") => None,
        Some("jacobi") => Some(la::jacobi(a)?),
        // factorized and applied on the matrix's device (cuSPARSE csrilu02 + SpSV on CUDA)
        Some("ilu0") | Some("ilu") => Some(la::ilu0_operator(a)?),
        Some(other) => {
            return Err(sp::SparseError::InvalidValue {
                op: "sparse_solve",
                detail: format!("unknown preconditioner {other:?} (jacobi, ilu0)"),
            }
            .into());
        }
    };
    let iterations = std::cell::Cell::new(0usize);
    let start = Instant::now();
    let x = {
        let mut o = la::SolveOptions::new()
            .rtol(args.rtol)
            .callback(|_| iterations.set(iterations.get() + 1));
        if let Some(k) = args.maxiter {
            o = o.maxiter(k);
        }
        if let Some(m) = m {
            o = o.m(m);
        }
        let lsq = || {
            let mut l = la::LsqOptions::new().atol(args.rtol).btol(args.rtol);
            l = l.maxiter(args.maxiter.unwrap_or(10 * n));
            l
        };
        let (x, info) = match args.method.as_str() {
            "spsolve" => (la::spsolve(a, b)?, 0),
            "splu" => (la::splu(a)?.solve(b)?, 0),
            "cg" => la::cg(a, b, o)?,
            "gmres" => la::gmres(a, b, o)?,
            "lgmres" => la::lgmres(a, b, o)?,
            "bicg" => la::bicg(a, b, o)?,
            "bicgstab" => la::bicgstab(a, b, o)?,
            "cgs" => la::cgs(a, b, o)?,
            "minres" => la::minres(a, b, o)?,
            "qmr" => la::qmr(a, b, o)?,
            "tfqmr" => la::tfqmr(a, b, o)?,
            "lsqr" => {
                let r = la::lsqr(a, b, lsq())?;
                (r.x, r.itn as i64)
            }
            "lsmr" => {
                let r = la::lsmr(a, b, lsq())?;
                (r.x, r.itn as i64)
            }
            other => {
                return Err(sp::SparseError::InvalidValue {
                    op: "sparse_solve",
                    detail: format!("unknown method {other:?}"),
                }
                .into());
            }
        };
        if matches!(args.method.as_str(), "lsqr" | "lsmr") {
            iterations.set(info as usize);
        } else if info < 0 {
            eprintln!("warning: {} broke down (info {info})", args.method);
        } else if info > 0 {
            eprintln!(
                "warning: {} did not converge in {info} iterations",
                args.method
            );
        }
        x
    };
    device.synchronize()?;
    Ok(Outcome {
        x,
        iterations: iterations.get(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

fn run(args: &Args, device: cp::Device) -> cp::Result<serde_json::Value> {
    let (a, file_rhs) = load(&args.file, device)?;
    let (m, n) = a.shape2();
    let op = la::aslinearoperator(&a)?;
    let (b, ones) = match (&args.rhs, file_rhs) {
        (Some(p), _) => (load_rhs(p, device)?, false),
        (None, Some(r)) => (r, false),
        (None, None) => (
            op.matvec(&cp::ones_on(&[n], cp::DType::Float64, device)?)?,
            true,
        ),
    };
    let out = solve(args, &a, &b)?;
    // ‖b − A x‖ / ‖b‖ on the device
    let ax = op.matvec(&out.x)?;
    let r = cp::subtract(&b, &ax)?;
    let nrm = |v: &cp::Array| -> cp::Result<f64> {
        let d = cp::vdot(v, v)?;
        Ok(cp::real(&d)?.item()?.as_f64().sqrt())
    };
    let rel = nrm(&r)? / nrm(&b)?;
    let x1 = if ones {
        let d = cp::subtract(&out.x, 1.0)?;
        Some(cp::max(&cp::abs(&d)?, None, false)?.item()?.as_f64())
    } else {
        None
    };
    if !args.json {
        println!(
            "{}: {m} x {n}, {} stored entries, {} on {device}",
            args.file,
            a.nnz(),
            a.dtype()
        );
        println!(
            "method {}{}",
            args.method,
            args.precond
                .as_deref()
                .map(|p| format!(" with {p}"))
                .unwrap_or_default()
        );
        println!("relative residual ‖b − A x‖/‖b‖ = {rel:.3e}");
        println!("iterations {}", out.iterations);
        println!("time {:.6} s", out.seconds);
        if let Some(e) = x1 {
            println!("‖x − 1‖∞ = {e:.3e}");
        }
    }
    Ok(serde_json::json!({
        "relative_residual": rel,
        "iterations": out.iterations,
        "seconds": out.seconds,
        "method": args.method,
        "device": device.to_string(),
        "x_minus_one_inf": x1,
    }))
}

fn main() {
    let args = Args::parse();
    let device = match &args.device {
        Some(d) => match d.parse::<cp::Device>() {
            Ok(d) => d,
            Err(e) => {
                eprintln!("sparse_solve: bad --device {d:?}: {e}");
                std::process::exit(2);
            }
        },
        None => cp::current_device(),
    };
    match run(&args, device) {
        Ok(v) => {
            if args.json {
                println!("{v}");
            }
        }
        Err(e) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({"error": e.to_string(), "method": args.method, "device": device.to_string()})
                );
            } else {
                eprintln!("sparse_solve: {e}");
            }
            std::process::exit(2);
        }
    }
}
