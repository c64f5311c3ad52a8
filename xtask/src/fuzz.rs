//! `cargo xtask fuzz TARGET [--iters N] [--seconds S] [--seed X] [--out DIR] [--hang SECS]`:
//! builds the `cuprum-fuzz` binary and runs it (stable Rust: a structure-aware mutation fuzzer,
//! see `crates/cuprum-fuzz`). Targets: `npy` (the `.npy` reader), `index` (index expressions,
//! slicing, take/put/compress), `mm` (the Matrix Market reader), `hb` (the Harwell-Boeing
//! reader), `kernel` (cuprum-kernel's C-subset parser and CPU engine). The build uses the `test` profile: optimized, with overflow
//! checks and debug assertions on, so that an arithmetic overflow is found as a crash.
//! Crashes are saved under `target/fuzz/` (or `--out`); copy each into
//! `crates/cuprum-fuzz/regressions/<target>/` once fixed. Records of long runs: `docs/fuzzing.md`.

use std::process::{Command, ExitCode};

/// Arguments after `fuzz`, passed through to `cuprum-fuzz`.
#[derive(clap::Args)]
pub struct Args {
    /// the target and options (see `cuprum-fuzz` without arguments)
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

pub fn run(args: &Args) -> ExitCode {
    // the test profile's binaries go to target/debug
    build_and_run(
        "fuzz",
        "cuprum-fuzz",
        &["--profile", "test"],
        "debug",
        &args.rest,
    )
}

/// Builds the binary `bin` of the workspace package of the same name (`cargo build` with
/// `profile_args`) and runs it from the workspace root with `rest`; `task` names the xtask
/// command in messages, `out_dir` the folder of the target directory the binary lands in.
pub(crate) fn build_and_run(
    task: &str,
    bin: &str,
    profile_args: &[&str],
    out_dir: &str,
    rest: &[String],
) -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = Command::new(&cargo)
        .current_dir(&root)
        .arg("build")
        .args(profile_args)
        .args(["-p", bin, "--bin", bin])
        .status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => {
            eprintln!("xtask {task}: building {bin} failed ({s})");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("xtask {task}: could not run {cargo}: {e}");
            return ExitCode::FAILURE;
        }
    }
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| root.join("target"));
    let bin = target.join(out_dir).join(bin);
    match Command::new(&bin).current_dir(&root).args(rest).status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("xtask {task}: could not run {}: {e}", bin.display());
            ExitCode::FAILURE
        }
    }
}
