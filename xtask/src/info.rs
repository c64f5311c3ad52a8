//! `cargo xtask info`: prints `cuprum::show_config()`.

use std::process::ExitCode;

/// Prints the configuration report.
pub fn run() -> ExitCode {
    cuprum::show_config();
    ExitCode::SUCCESS
}
