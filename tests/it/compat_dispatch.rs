//! The NumPy names issue 23 added are dispatched by the conformance harness: the small corpus
//! of `tests/data/compat` (written by its `gen.py` with numpy 2.4 / scipy 1.17) passes on every
//! device, with no case skipped.

use cuprum_tests::runner::{self, Options, Outcome};
use std::path::Path;

#[test]
fn compat_corpus_passes_on_every_device() {
    let opts = Options {
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("data/compat"),
        devices: cuprum::devices(),
        filter: None,
        count_missing_cuda: false,
    };
    let report = runner::run(&opts).expect("the compat manifest must load");
    let bad: Vec<String> = report
        .results
        .iter()
        .filter(|r| !matches!(r.outcome, Outcome::Pass))
        .map(|r| format!("{} on {}: {:?}", r.id, r.device, r.outcome))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    let manifest = cuprum_tests::manifest::Manifest::load(&opts.dir).unwrap();
    assert_eq!(manifest.cases.len(), 45);
    assert_eq!(report.results.len(), 45 * opts.devices.len());
}
