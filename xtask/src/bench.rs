//! `cargo xtask bench [ARGS...]`: builds the `cuprum-bench` binary (the unpublished crate
//! `crates/cuprum-bench`) in release mode and runs it with ARGS (`--suite
//! core|linalg|fft|memory|distributed|all`, `--size quick|full`, `--device cpu|cuda:N|all`,
//! `--out DIR`, `--name NAME`, `--compare cupy`). The binary also runs on its own on a machine
//! without cargo (`bash .gpu/run.sh bench ...`).

use std::process::ExitCode;

/// Arguments after `bench`, passed through to `cuprum-bench`.
#[derive(clap::Args)]
pub struct Args {
    /// arguments for cuprum-bench (see `cuprum-bench --help`)
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

pub fn run(args: &Args) -> ExitCode {
    crate::fuzz::build_and_run(
        "bench",
        "cuprum-bench",
        &["--release"],
        "release",
        &args.rest,
    )
}
