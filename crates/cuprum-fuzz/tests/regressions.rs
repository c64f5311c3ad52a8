//! Every input that once made a target fail (`regressions/<target>/`) runs again, and every
//! target runs 10^4 fresh inputs: the short fuzz run of CI.

use cuprum_fuzz::{Config, fuzz, regression_inputs, targets};

#[test]
fn regression_inputs_do_not_crash() {
    let mut n = 0;
    for t in targets() {
        for (path, input) in regression_inputs(t.name()) {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| t.run(&input)));
            assert!(r.is_ok(), "{} crashes on {}", t.name(), path.display());
            n += 1;
        }
    }
    assert!(n > 0, "no regression inputs found");
}

#[test]
fn every_target_runs_10k_inputs_without_a_crash() {
    for t in targets() {
        let out = std::env::temp_dir().join(format!("cuprum-fuzz-ci-{}", std::process::id()));
        let r = fuzz(
            t.as_ref(),
            &Config {
                iters: 10_000,
                seed: 22,
                out,
                ..Config::default()
            },
        );
        assert_eq!(r.inputs, 10_000);
        assert!(
            r.crashes.is_empty(),
            "{}: crashes saved to {:?}",
            t.name(),
            r.crashes
        );
        assert!(r.accepted > 0, "{}: no input was accepted", t.name());
    }
}
