//! cuprum's automation, run as `cargo xtask <command>` (the alias lives in
//! `.cargo/config.toml`; it builds this crate in release mode).
//!
//! - `cargo xtask conformance [--dir DIR] [--device cpu|cuda:N|all] [--filter TEXT]`: runs the
//!   NumPy golden corpus and prints a pass count per area; exits non-zero on any failure.
//! - `cargo xtask bench [ARGS]`: builds and runs `cuprum-bench` (speedup tables).
//! - `cargo xtask info`: prints cuprum's configuration (`cuprum::show_config()`).
//! - `cargo xtask build-cost [--out FILE] [--no-release]`: builds a new crate made of the README's
//!   snippets with a fresh target directory and writes `docs/benchmarks/build.md`.
//! - `cargo xtask fuzz TARGET [--iters N] [--seconds S]`: runs a fuzz target of `cuprum-fuzz`
//!   (stable Rust; targets `npy`, `index`).
//!
//! Each command lives in its own module; `main` only parses arguments and dispatches.

mod bench;
mod build_cost;
mod conformance;
mod fuzz;
mod info;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "cuprum's automation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build cuprum-bench in release mode and run it (CPU-vs-GPU speedup tables).
    Bench(bench::Args),
    /// Measure what building a crate that depends on cuprum costs (debug and release, fresh and
    /// after an edit) and write `docs/benchmarks/build.md`.
    BuildCost(build_cost::Args),
    /// Run the NumPy/SciPy conformance corpus on the chosen devices.
    Conformance(conformance::Args),
    /// Print cuprum's version, the CPU, each GPU and the CUDA libraries found.
    Info,
    /// Run a fuzz target (`npy`, `index`, `mm`, `hb`, `kernel`, `scipy`) of cuprum-fuzz: `fuzz TARGET
    /// [--iters N] [--seconds S]`.
    Fuzz(fuzz::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Conformance(args) => conformance::run(&args),
        Command::Info => info::run(),
        Command::Bench(args) => bench::run(&args),
        Command::BuildCost(args) => build_cost::run(&args),
        Command::Fuzz(args) => fuzz::run(&args),
    }
}
