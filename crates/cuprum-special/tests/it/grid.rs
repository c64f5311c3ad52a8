//! Helpers of the grid tests: reference values embedded as whitespace-separated text (Python's
//! `repr` of SciPy's float64 results, `nan` and `inf` included) and a check of functions with
//! several outputs on every device.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Result};

/// The numbers of `s` (whitespace-separated; Rust's float syntax, which reads Python's `repr`).
pub fn parse(s: &str) -> Vec<f64> {
    s.split_whitespace()
        .map(|t| t.parse::<f64>().unwrap())
        .collect()
}

/// Whether `got` is within `rtol * |want| + atol` of `want`; NaN matches NaN and infinities
/// match exactly.
pub fn near(got: f64, want: f64, rtol: f64, atol: f64) -> bool {
    if want.is_nan() {
        return got.is_nan();
    }
    if want.is_infinite() {
        return got == want;
    }
    (got - want).abs() <= rtol * want.abs() + atol
}

/// Runs `f` on the columns `xs` as arrays of dtype `dt` on every device and compares output `k`
/// (of dtype `dt`, on the device) with `want[k]` by [`near`].
pub fn check_outs(
    xs: &[&[f64]],
    want: &[&[f64]],
    dt: DType,
    rtol: f64,
    atol: f64,
    f: impl Fn(&[&Array]) -> Result<Vec<Array>>,
) {
    for dev in all_devices() {
        let arrs: Vec<Array> = xs
            .iter()
            .map(|c| {
                Array::from_vec_on(c.to_vec(), &[c.len()], dev)
                    .unwrap()
                    .astype(dt)
                    .unwrap()
            })
            .collect();
        let refs: Vec<&Array> = arrs.iter().collect();
        let outs = f(&refs).unwrap();
        assert_eq!(outs.len(), want.len());
        for (k, (r, w)) in outs.iter().zip(want).enumerate() {
            assert_eq!(r.dtype(), dt, "{dev} output {k}");
            assert_eq!(r.device(), dev);
            let got = r.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
            assert_eq!(got.len(), w.len());
            for (i, (&g, &wv)) in got.iter().zip(w.iter()).enumerate() {
                assert!(
                    near(g, wv, rtol, atol),
                    "{dev} {dt} output {k} element {i} (inputs {:?}): got {g:e}, SciPy {wv:e}",
                    xs.iter().map(|c| c[i]).collect::<Vec<_>>()
                );
            }
        }
    }
}
