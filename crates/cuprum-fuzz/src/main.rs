//! `cuprum-fuzz TARGET [--iters N] [--seconds S] [--seed X] [--out DIR] [--hang SECS]`: runs a
//! fuzz target (see the library docs); `cargo xtask fuzz` builds and runs this.
//!
//! The run happens in a child process (this binary with `--worker`) that writes each input to
//! `<out>/last-<target>.bin` before running it; when the child dies of an abort or a signal
//! (a stack overflow, a failed allocation), this parent saves that input as a crash.
//! Exit status: 0 when no input crashed or hung, 1 otherwise, 2 for bad arguments.
//!
//! `cuprum-fuzz TARGET --replay FILE` runs the target once on a saved input (a crash or a hang
//! of an earlier run) in this process and prints whether it was accepted and how long it took.

use cuprum_fuzz::{Config, fuzz, read_last_input, save_input, target, targets};
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Duration;

fn usage() -> ExitCode {
    let names: Vec<&str> = targets().iter().map(|t| t.name()).collect();
    eprintln!(
        "usage: cuprum-fuzz TARGET [--iters N] [--seconds S] [--seed X] [--out DIR] [--hang SECS]\n\
         \x20      cuprum-fuzz TARGET --replay FILE\n\
         targets: {}",
        names.join(", ")
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first().filter(|a| !a.starts_with('-')) else {
        return usage();
    };
    let Some(t) = target(name) else {
        eprintln!("cuprum-fuzz: unknown target {name:?}");
        return usage();
    };
    let mut cfg = Config {
        iters: u64::MAX,
        progress: Some(Duration::from_secs(30)),
        ..Config::default()
    };
    let mut worker = false;
    let mut replay: Option<PathBuf> = None;
    let mut it = args[1..].iter();
    while let Some(a) = it.next() {
        if a == "--worker" {
            worker = true;
            continue;
        }
        let v = it.next().cloned();
        let ok = match (a.as_str(), v) {
            ("--iters", Some(v)) => v.replace('_', "").parse().map(|n| cfg.iters = n).is_ok(),
            ("--seconds", Some(v)) => v.parse().map(|s| cfg.seconds = Some(s)).is_ok(),
            ("--seed", Some(v)) => v.parse().map(|s| cfg.seed = s).is_ok(),
            ("--out", Some(v)) => {
                cfg.out = PathBuf::from(v);
                true
            }
            ("--replay", Some(v)) => {
                replay = Some(PathBuf::from(v));
                true
            }
            ("--hang", Some(v)) => v
                .parse()
                .map(|s: f64| cfg.hang = Duration::from_secs_f64(s))
                .is_ok(),
            _ => false,
        };
        if !ok {
            eprintln!("cuprum-fuzz: bad argument {a:?} (or its value)");
            return usage();
        }
    }
    if let Some(file) = replay {
        let input = match std::fs::read(&file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("cuprum-fuzz: cannot read {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        let t0 = std::time::Instant::now();
        let accepted = t.run(&input);
        println!(
            "replay {name} {}: {} in {:.3} s",
            file.display(),
            if accepted { "accepted" } else { "refused" },
            t0.elapsed().as_secs_f64()
        );
        return ExitCode::SUCCESS;
    }
    if cfg.iters == u64::MAX && cfg.seconds.is_none() {
        cfg.iters = 10_000;
    }
    let last = cfg.out.join(format!("last-{name}.bin"));
    if worker {
        cfg.last_input = Some(last);
        let r = fuzz(t.as_ref(), &cfg);
        println!(
            "fuzz {name}: {} inputs ({} accepted), {} crashes, {:.1} s ({:.0} inputs/s), seed {}",
            r.inputs,
            r.accepted,
            r.crashes.len(),
            r.elapsed.as_secs_f64(),
            r.inputs as f64 / r.elapsed.as_secs_f64().max(1e-9),
            cfg.seed
        );
        return if r.crashes.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    let _ = std::fs::create_dir_all(&cfg.out);
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("cuprum-fuzz: cannot find this executable: {e}");
            return ExitCode::from(2);
        }
    };
    let status = Command::new(exe).args(&args).arg("--worker").status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) if s.code() == Some(1) || s.code() == Some(3) => ExitCode::from(1),
        Ok(s) => {
            // an abort or a signal: the input being run is in the last-input file
            let input = read_last_input(&last).unwrap_or_default();
            let p = save_input(&cfg.out, "crash-abort", name, &input);
            eprintln!(
                "fuzz {name}: CRASH: the run died ({s}); the input it was running is saved to {}",
                p.display()
            );
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("cuprum-fuzz: could not start the worker: {e}");
            ExitCode::from(2)
        }
    }
}
