//! cuprum's conformance harness: runs the NumPy/SciPy golden cases of
//! `tests/data/conformance` (see its README) through cuprum on every device and reports
//! `conformance <area>: N passed, N failed, N skipped` per area.
//!
//! Used by `tests/it/conformance.rs` (which fails on any failure in the areas listed in
//! [`runner::EXPECTED_TO_PASS`]) and by `cargo xtask conformance`.
//!
//! - [`manifest`]: reading `manifest.json`;
//! - [`cx`]: the context a dispatch arm sees (inputs on the device, typed kwargs);
//! - [`ops`]: the dispatch table, one file per family of ops;
//! - [`classify`]: mapping errors onto the README's error classes;
//! - [`compare`], [`recompose`], [`values`]: the checks;
//! - [`runner`]: the loop over cases and devices, and the report.

pub mod classify;
pub mod compare;
pub mod cx;
pub mod manifest;
pub mod ops;
pub mod recompose;
pub mod runner;
pub mod values;

pub use classify::{CaseError, Classification, Classify, ErrorClass};
pub use runner::{Options, Outcome, Report, run};
