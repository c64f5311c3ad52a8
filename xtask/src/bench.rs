//! `cargo xtask bench [ARGS...]`: builds the `cuprum-bench` binary (the unpublished crate
//! `crates/cuprum-bench`) in release mode and runs it with ARGS (`--suite
//! core|linalg|fft|memory|distributed|all`, `--size quick|full`, `--device cpu|cuda:N|all`,
//! `--out DIR`, `--name NAME`, `--compare cupy`). The binary also runs on its own on a machine
//! without cargo (`bash .gpu/run.sh bench ...`).

use std::process::{Command, ExitCode};

/// Arguments after `bench`, passed through to `cuprum-bench`.
#[derive(clap::Args)]
pub struct Args {
    /// arguments for cuprum-bench (see `cuprum-bench --help`)
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

pub fn run(args: &Args) -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = Command::new(&cargo)
        .current_dir(&root)
        .args([
            "build",
            "--release",
            "-p",
            "cuprum-bench",
            "--bin",
            "cuprum-bench",
        ])
        .status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => {
            eprintln!("xtask bench: building cuprum-bench failed ({s})");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("xtask bench: could not run {cargo}: {e}");
            return ExitCode::FAILURE;
        }
    }
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| root.join("target"));
    let bin = target.join("release").join("cuprum-bench");
    match Command::new(&bin)
        .current_dir(&root)
        .args(&args.rest)
        .status()
    {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("xtask bench: could not run {}: {e}", bin.display());
            ExitCode::FAILURE
        }
    }
}
