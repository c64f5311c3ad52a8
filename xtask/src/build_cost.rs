//! `cargo xtask build-cost [--out FILE] [--dir DIR] [--no-release]`: what building cuprum costs
//! a user. Makes a new crate from the README's two snippets (its `[dependencies]` and profile
//! TOML, its example `main.rs`), builds it with a fresh target directory, debug then release,
//! each followed by a rebuild after an edit of `main.rs`, and writes the record
//! (`docs/benchmarks/build.md` by default): machine, date, git revision, rustc, the wall time of
//! each build, and the ten compilation units that took longest in the fresh debug build (from
//! `cargo build --timings`). The record's "Earlier records" section is kept, and the record it
//! replaces is added to it, so the file reads as before/after.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// Arguments of `build-cost`.
#[derive(clap::Args)]
pub struct Args {
    /// the Markdown record to write (relative to the workspace root)
    #[arg(long, default_value = "docs/benchmarks/build.md")]
    pub out: PathBuf,
    /// scratch folder for the new crate and its target directory (default:
    /// `target/build-cost` of the workspace); its contents are deleted first
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// measure the debug builds only
    #[arg(long)]
    pub no_release: bool,
}

const EARLIER: &str = "## Earlier records";

pub fn run(args: &Args) -> ExitCode {
    match measure(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask build-cost: {e}");
            ExitCode::FAILURE
        }
    }
}

fn measure(args: &Args) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .map_err(|e| format!("workspace root: {e}"))?;
    let readme =
        std::fs::read_to_string(root.join("README.md")).map_err(|e| format!("README.md: {e}"))?;
    let main_rs = fenced_after(&readme, "## Example", "rust")
        .ok_or("README.md has no ```rust block after '## Example'")?;
    let deps = fenced_after(&readme, "To use it from your own crate", "toml")
        .ok_or("README.md has no ```toml block after 'To use it from your own crate'")?;
    let deps = deps.replace(
        "/path/to/cuprum",
        root.to_str().ok_or("the workspace path is not UTF-8")?,
    );
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| root.join("target").join("build-cost"));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let krate = dir.join("user");
    std::fs::create_dir_all(krate.join("src")).map_err(|e| format!("{}: {e}", dir.display()))?;
    // `[workspace]`: the scratch crate is its own workspace even when it lies inside ours
    let manifest = format!(
        "[package]\nname = \"user\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n\n{deps}"
    );
    write(&krate.join("Cargo.toml"), &manifest)?;
    write(&krate.join("src/main.rs"), &main_rs)?;
    let target = dir.join("target");

    let mut rows = Vec::new();
    let debug = timed(&krate, &target, &["build", "--timings"])?;
    rows.push(("fresh debug build (`cargo build`)", debug));
    let units = slowest_units(&target.join("cargo-timings/cargo-timing.html"), 10);
    edit(&krate)?;
    rows.push((
        "debug rebuild after editing `main.rs`",
        timed(&krate, &target, &["build"])?,
    ));
    if !args.no_release {
        rows.push((
            "fresh release build (`cargo build --release`)",
            timed(&krate, &target, &["build", "--release"])?,
        ));
        edit(&krate)?;
        rows.push((
            "release rebuild after editing `main.rs`",
            timed(&krate, &target, &["build", "--release"])?,
        ));
    }

    let mut md = String::from(
        "# Build cost of a crate that depends on cuprum\n\n\
         Written by `cargo xtask build-cost`: a new crate made of the README's snippets (its\n\
         `[dependencies]` and profile TOML, its example `main.rs`), built with a fresh target\n\
         directory; wall time of each step.\n\n## Current record\n\n",
    );
    md += &format!("- machine: {}\n", machine());
    md += &format!(
        "- date: {}\n",
        cmd_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"])
    );
    md += &format!("- git revision: {}\n", revision(&root));
    md += &format!("- rustc: {}\n\n", cmd_line("rustc", &["-V"]));
    md += "| step | wall time |\n|---|---|\n";
    for (step, secs) in &rows {
        md += &format!("| {step} | {} |\n", human(*secs));
    }
    if !units.is_empty() {
        md += "\nThe compilation units that took longest in the fresh debug build (`cargo build \
               --timings`; units compile in parallel, so they sum to more than the wall time):\n\n\
               | unit | seconds |\n|---|---|\n";
        for (name, secs) in &units {
            md += &format!("| {name} | {secs:.1} |\n");
        }
    }
    let out = root.join(&args.out);
    let earlier = std::fs::read_to_string(&out)
        .ok()
        .map(|old| earlier_records(&old))
        .unwrap_or_default();
    md += &format!("\n{EARLIER}\n\n{earlier}");
    write(&out, &md)?;
    print!("{md}");
    Ok(())
}

/// The body of the first fenced block of `lang` after the line containing `marker`.
fn fenced_after(text: &str, marker: &str, lang: &str) -> Option<String> {
    let from = text.find(marker)?;
    let open = format!("```{lang}\n");
    let start = from + text[from..].find(&open)? + open.len();
    let end = start + text[start..].find("```")?;
    Some(text[start..end].to_string())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Appends a comment line to `main.rs`, as an edit that changes only the user's crate.
fn edit(krate: &Path) -> Result<(), String> {
    let p = krate.join("src/main.rs");
    let mut s = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
    s.push_str("// edited\n");
    write(&p, &s)
}

/// Runs `cargo ARGS` in `krate` with `target` as the target directory; the wall time in seconds.
fn timed(krate: &Path, target: &Path, args: &[&str]) -> Result<f64, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let t0 = Instant::now();
    let status = Command::new(&cargo)
        .current_dir(krate)
        .env("CARGO_TARGET_DIR", target)
        .args(args)
        .status()
        .map_err(|e| format!("could not run {cargo}: {e}"))?;
    let secs = t0.elapsed().as_secs_f64();
    if !status.success() {
        return Err(format!("`cargo {}` failed ({status})", args.join(" ")));
    }
    eprintln!(
        "xtask build-cost: cargo {}: {}",
        args.join(" "),
        human(secs)
    );
    Ok(secs)
}

/// The `n` longest units of a `cargo build --timings` report (its `UNIT_DATA` JSON).
fn slowest_units(html: &Path, n: usize) -> Vec<(String, f64)> {
    let Ok(text) = std::fs::read_to_string(html) else {
        return Vec::new();
    };
    let Some(start) = text.find("const UNIT_DATA = ").map(|i| i + 18) else {
        return Vec::new();
    };
    let Some(len) = text[start..].find(";\n") else {
        return Vec::new();
    };
    let Ok(serde_json::Value::Array(units)) = serde_json::from_str(&text[start..start + len])
    else {
        return Vec::new();
    };
    let mut v: Vec<(String, f64)> = units
        .iter()
        .filter_map(|u| {
            let name = u.get("name")?.as_str()?;
            let version = u.get("version").and_then(|v| v.as_str()).unwrap_or("");
            let target = u.get("target").and_then(|v| v.as_str()).unwrap_or("");
            let secs = u.get("duration")?.as_f64()?;
            Some((format!("{name} {version}{target}"), secs))
        })
        .collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v.truncate(n);
    v
}

/// The earlier records of an existing file: its current record (moved down) and the earlier ones.
fn earlier_records(old: &str) -> String {
    let Some(cur) = old.find("## Current record") else {
        return String::new();
    };
    let body_start = cur + "## Current record".len();
    let (current, rest) = match old[body_start..].find(EARLIER) {
        Some(i) => (
            &old[body_start..body_start + i],
            &old[body_start + i + EARLIER.len()..],
        ),
        None => (&old[body_start..], ""),
    };
    let date = current
        .lines()
        .find_map(|l| l.strip_prefix("- date: "))
        .unwrap_or("an earlier date");
    format!(
        "### Record of {date}\n\n{}\n\n{}",
        current.trim(),
        rest.trim_start()
    )
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| {
                l.strip_prefix("model name")
                    .map(|r| r.trim_start_matches([' ', '\t', ':']).to_string())
            })
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{cpu}, {cores} cores available to cargo")
}

fn revision(root: &Path) -> String {
    let rev = cmd_line(
        "git",
        &[
            "-C",
            root.to_str().unwrap_or("."),
            "rev-parse",
            "--short",
            "HEAD",
        ],
    );
    let dirty = Command::new("git")
        .args([
            "-C",
            root.to_str().unwrap_or("."),
            "status",
            "--porcelain",
            "--untracked-files=no",
        ])
        .output()
        .map(|o| !o.stdout.is_empty())
        .unwrap_or(false);
    if dirty {
        format!("{rev} (with uncommitted changes)")
    } else {
        rev
    }
}

fn cmd_line(cmd: &str, args: &[&str]) -> String {
    Command::new(cmd)
        .args(args)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| format!("unknown ({cmd} failed)"))
}

fn human(secs: f64) -> String {
    if secs >= 60.0 {
        format!(
            "{} min {:.0} s ({secs:.0} s)",
            (secs / 60.0).floor(),
            secs % 60.0
        )
    } else {
        format!("{secs:.1} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_snippets_are_found() {
        let text = "intro\n## Example\n\n```rust\nfn main() {}\n```\nTo use it from your own crate:\n\n```toml\n[dependencies]\ncuprum = { path = \"/path/to/cuprum/crates/cuprum\" }\n```\n";
        assert_eq!(
            fenced_after(text, "## Example", "rust").unwrap(),
            "fn main() {}\n"
        );
        let deps = fenced_after(text, "To use it from your own crate", "toml").unwrap();
        assert!(deps.starts_with("[dependencies]\ncuprum = { path = \"/path/to/cuprum"));
        assert_eq!(fenced_after(text, "## Missing", "rust"), None);
    }

    #[test]
    fn the_current_record_moves_to_the_earlier_ones() {
        let old = "# t\n\n## Current record\n\n- date: 2026-01-01 10:00 UTC\n| a | 1 s |\n\n## Earlier records\n\n### Record of 2025\nold\n";
        let e = earlier_records(old);
        assert!(e.starts_with(
            "### Record of 2026-01-01 10:00 UTC\n\n- date: 2026-01-01 10:00 UTC\n| a | 1 s |"
        ));
        assert!(e.ends_with("### Record of 2025\nold\n"));
        assert_eq!(earlier_records("no record"), "");
    }

    #[test]
    fn durations_read_as_minutes_and_seconds() {
        assert_eq!(human(1.44), "1.4 s");
        assert_eq!(human(1406.6), "23 min 27 s (1407 s)");
    }

    #[test]
    fn the_readme_of_this_workspace_has_both_snippets() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let main_rs = fenced_after(&readme, "## Example", "rust").unwrap();
        assert!(main_rs.contains("fn main()"));
        let deps = fenced_after(&readme, "To use it from your own crate", "toml").unwrap();
        assert!(deps.contains("/path/to/cuprum"), "{deps}");
    }
}
