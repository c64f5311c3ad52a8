//! Runs the whole conformance corpus on every device (CPU always, each CUDA device when
//! present) and fails on any failed case in the areas expected to pass
//! (`cuprum_tests::runner::EXPECTED_TO_PASS`). Cases of other areas may be skipped (op not
//! implemented yet); they are counted and printed but do not fail the test.

use cuprum_tests::runner::{self, EXPECTED_TO_PASS, Options, Outcome};

#[test]
fn conformance_corpus_on_every_device() {
    if cuprum_core::ext::test_util::require_cuda() {
        assert!(
            cuprum::cuda_device_count() > 0,
            "CUPRUM_REQUIRE_CUDA=1 but this machine has no usable CUDA device"
        );
    }
    let opts = Options::default();
    let report = runner::run(&opts).expect("the manifest must load");
    for line in report.summary_lines() {
        println!("{line}");
    }
    for line in report.failure_lines() {
        println!("{line}");
    }
    // Every case ran on every device.
    let manifest = cuprum_tests::manifest::Manifest::load(&opts.dir).unwrap();
    let runs_per_case = opts.devices.len() + usize::from(cuprum::cuda_device_count() == 0);
    assert_eq!(report.results.len(), manifest.cases.len() * runs_per_case);
    let bad: Vec<String> = report
        .failures_in(&EXPECTED_TO_PASS)
        .map(|r| match &r.outcome {
            Outcome::Fail(m) => format!("{} on {}: {m}", r.id, r.device),
            Outcome::Skip(m) => format!("{} on {}: not dispatched ({m})", r.id, r.device),
            Outcome::Pass => unreachable!(),
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} conformance failure(s) in areas expected to pass:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn io_cases_pass_on_the_cpu() {
    // The .npy reader/writer is cuprum's own: every io case must pass, never be skipped.
    let opts = Options {
        devices: vec![cuprum::Device::Cpu],
        filter: Some("io.roundtrip".to_string()),
        count_missing_cuda: false,
        ..Options::default()
    };
    let report = runner::run(&opts).unwrap();
    let t = report.total();
    assert!(t.passed >= 15, "{:?}", report.failure_lines());
    assert_eq!((t.failed, t.skipped), (0, 0), "{:?}", report.results);
}

#[test]
fn sparse_cases_pass_on_the_cpu() {
    // The whole sparse area (formats, products, solvers) on the CPU: no failure, no skip.
    let opts = Options {
        devices: vec![cuprum::Device::Cpu],
        filter: Some("sparse.".to_string()),
        count_missing_cuda: false,
        ..Options::default()
    };
    let report = runner::run(&opts).unwrap();
    for line in report.failure_lines() {
        println!("{line}");
    }
    let skipped: Vec<String> = report
        .results
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Skip(_)))
        .map(|r| format!("{}: {:?}", r.id, r.outcome))
        .collect();
    let t = report.total();
    println!(
        "sparse on cpu: {} passed, {} failed, {} skipped",
        t.passed, t.failed, t.skipped
    );
    assert!(t.passed >= 81, "{:?}", report.failure_lines());
    assert_eq!(
        (t.failed, t.skipped),
        (0, 0),
        "{:?}\n{skipped:?}",
        report.failure_lines()
    );
}

#[test]
fn a_wrong_result_is_a_failure_and_an_unknown_op_a_skip() {
    // The harness must not pass what it cannot check.
    let dir = cuprum_tests::manifest::default_dir();
    let manifest = cuprum_tests::manifest::Manifest::load(&dir).unwrap();
    let mut case = manifest
        .cases
        .iter()
        .find(|c| c.id == "io.roundtrip.f64")
        .expect("io.roundtrip.f64 is in the corpus")
        .clone();
    // compare against another case's expected output: must fail
    case.expected = vec!["io.roundtrip.c128.out0.npy".to_string()];
    let o = runner::run_case(&case, &dir, cuprum::Device::Cpu);
    assert!(
        matches!(&o, Outcome::Fail(m) if m.contains("dtype")),
        "{o:?}"
    );
    // an op nobody implements: skipped
    case.op = "no.such.op".to_string();
    let o = runner::run_case(&case, &dir, cuprum::Device::Cpu);
    assert!(
        matches!(&o, Outcome::Skip(m) if m.contains("dispatch table")),
        "{o:?}"
    );
    // expecting an error but getting a result: failure
    let mut case = manifest
        .cases
        .iter()
        .find(|c| c.id == "io.roundtrip.i8")
        .unwrap()
        .clone();
    case.error = Some("broadcast".to_string());
    let o = runner::run_case(&case, &dir, cuprum::Device::Cpu);
    assert!(
        matches!(&o, Outcome::Fail(m) if m.contains("expected an error of class broadcast")),
        "{o:?}"
    );
}

#[test]
fn kernel_cases_pass_on_every_device() {
    // User kernels (ElementwiseKernel, ReductionKernel): all 36 cases, none skipped, on the CPU
    // (the CPU kernel engine) and on each CUDA device (NVRTC).
    let opts = Options {
        filter: Some("kernel.".to_string()),
        count_missing_cuda: false,
        ..Options::default()
    };
    let report = runner::run(&opts).unwrap();
    let t = report.total();
    assert_eq!(
        t.passed,
        36 * opts.devices.len(),
        "{:?}",
        report.failure_lines()
    );
    assert_eq!(
        (t.failed, t.skipped),
        (0, 0),
        "{:?}",
        report.failure_lines()
    );
}
