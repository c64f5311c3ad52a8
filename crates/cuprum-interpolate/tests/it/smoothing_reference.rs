//! SciPy 1.17.1 reference values for `UnivariateSpline.set_smoothing_factor` and the smoothing
//! fits it restarts from, in `tests/data/smoothing.txt` (written by `gen_smoothing.py`, next
//! to this file): each group of sections names the SciPy calls that produced it.

use crate::arr;
use cuprum_core::{Array, Device};
use std::sync::LazyLock;

static TEXT: LazyLock<String> = LazyLock::new(|| {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/smoothing.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
});

/// The numbers of section `[name]` of `tests/data/smoothing.txt` (up to the next section or
/// comment).
pub fn r(name: &str) -> Vec<f64> {
    let head = format!("[{name}]\n");
    let start = TEXT
        .find(&head)
        .unwrap_or_else(|| panic!("no section [{name}]"))
        + head.len();
    TEXT[start..]
        .lines()
        .take_while(|l| !l.starts_with('[') && !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|t| t.parse::<f64>().unwrap())
        .collect()
}

/// Section `[name]` as a 1-D float64 array on `dev`.
pub fn col(name: &str, dev: Device) -> Array {
    let v = r(name);
    arr(&v, &[v.len()], dev)
}
