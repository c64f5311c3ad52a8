//! `cargo xtask conformance`: the conformance harness of `cuprum-tests`, from the command line.

use clap::Args as ClapArgs;
use cuprum_tests::runner::{self, Options};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cargo xtask conformance`.
#[derive(ClapArgs)]
pub struct Args {
    /// Corpus directory (default: $CUPRUM_CONFORMANCE_DIR, else tests/data/conformance).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Device(s) to run on: cpu, cuda:N, or all.
    #[arg(long, default_value = "all")]
    device: String,
    /// Only run cases whose id contains this text.
    #[arg(long)]
    filter: Option<String>,
    /// Also print one line per skipped case with the reason.
    #[arg(long)]
    show_skipped: bool,
}

/// Runs the corpus and prints the per-area lines, the total and one line per failure.
/// Exits with 1 when any case failed, 2 when the run could not start.
pub fn run(args: &Args) -> ExitCode {
    let devices = match runner::parse_devices(&args.device) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("xtask conformance: --device {}: {e}", args.device);
            return ExitCode::from(2);
        }
    };
    let opts = Options {
        dir: args
            .dir
            .clone()
            .unwrap_or_else(cuprum_tests::manifest::default_dir),
        devices,
        filter: args.filter.clone(),
        // `--device all` on a machine without a GPU counts the CUDA runs as skipped.
        count_missing_cuda: args.device.eq_ignore_ascii_case("all"),
    };
    let report = match runner::run(&opts) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("xtask conformance: {e}");
            return ExitCode::from(2);
        }
    };
    let names: Vec<String> = opts.devices.iter().map(|d| d.to_string()).collect();
    println!(
        "conformance corpus {} ({}), devices: {}",
        opts.dir.display(),
        report.generator,
        names.join(", ")
    );
    for line in report.failure_lines() {
        println!("{line}");
    }
    if args.show_skipped {
        for r in &report.results {
            if let runner::Outcome::Skip(m) = &r.outcome {
                println!("SKIP {} on {}: {m}", r.id, r.device);
            }
        }
    }
    for line in report.summary_lines() {
        println!("{line}");
    }
    if report.total().failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
