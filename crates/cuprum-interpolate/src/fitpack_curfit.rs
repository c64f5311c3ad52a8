//! FITPACK's `curfit`/`fpcurf` (Dierckx): knot placement and the smoothing-parameter
//! iteration of a smoothing spline, on the host.

use cuprum_core::{Error, Result};

/// Knots and coefficients of the smoothing spline with weights `w` and smoothing `s > 0`.
pub(crate) fn curfit(
    op: &'static str,
    x: &[f64],
    y: &[f64],
    w: &[f64],
    k: usize,
    s: f64,
) -> Result<(Vec<f64>, Vec<f64>)> {
    let _ = (x, y, w, k, s);
    Err(Error::unsupported(op, "smoothing (s > 0)"))
}
