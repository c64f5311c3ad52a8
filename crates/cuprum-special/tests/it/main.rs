//! Integration tests of cuprum-special on every device (`all_devices()`): values against
//! SciPy 1.17.1, dtype rules, broadcasting, the reductions, errors.
//!
//! Expected values are SciPy's outputs as Python prints them (shortest round-trip digits).
#![allow(
    clippy::excessive_precision,
    clippy::approx_constant,
    clippy::inconsistent_digit_grouping
)]

mod airy;
mod api;
mod bessel_scaled;
mod betainc_small;
mod btdtr;
mod complex;
mod confluent;
mod dawson;
mod degrees;
mod distributions;
mod elementary;
mod ellipj;
mod faddeeva;
mod fresnel;
mod grid;
mod hankel;
mod inverse;
mod lambertw;
mod log_ndtr;
mod orthogonal;
mod param_inverse;
mod shichi;
mod spence;
mod sph_harm_y;
mod spherical;
mod spherical_ik;
mod stats;
mod stats_descriptive;
mod stats_dist;
mod struve;
mod values;
mod values_multi;
mod wright_bessel;

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Result};

/// Whether `got` equals `want` within `rtol` (relative), NaN matching NaN and infinities
/// matching exactly.
pub fn close(got: f64, want: f64, rtol: f64) -> bool {
    if want.is_nan() {
        return got.is_nan();
    }
    if want.is_infinite() || want == 0.0 {
        return got == want || (want == 0.0 && got.abs() < 1e-300);
    }
    (got - want).abs() <= rtol * want.abs()
}

/// Runs `f` on float64 arrays made of the columns `xs` on every device and compares with
/// `want`.
pub fn check_n(
    xs: &[&[f64]],
    want: &[f64],
    rtol: impl Into<grid::Rtol>,
    f: impl Fn(&[&Array]) -> Result<Array>,
) {
    let bound = rtol.into();
    for dev in all_devices() {
        let rtol = bound.on(dev);
        let arrs: Vec<Array> = xs
            .iter()
            .map(|c| Array::from_vec_on(c.to_vec(), &[c.len()], dev).unwrap())
            .collect();
        let refs: Vec<&Array> = arrs.iter().collect();
        let r = f(&refs).unwrap();
        assert_eq!(r.dtype(), DType::Float64);
        assert_eq!(r.device(), dev);
        let got = r.to_vec::<f64>().unwrap();
        for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
            assert!(
                close(g, w, rtol),
                "{dev}: element {i} (inputs {:?}): got {g:e}, SciPy {w:e}",
                xs.iter().map(|c| c[i]).collect::<Vec<_>>()
            );
        }
    }
}

/// [`check_n`] for one column.
pub fn check(x: &[f64], want: &[f64], rtol: f64, f: impl Fn(&[&Array]) -> Result<Array>) {
    check_n(&[x], want, rtol, f)
}

/// Runs `f` on float32 arrays (the columns rounded to float32) on every device: the result is
/// float32 and matches SciPy's float32 loop within 2e-6 relative.
pub fn check_f32(xs: &[&[f64]], want: &[f64], f: impl Fn(&[&Array]) -> Result<Array>) {
    for dev in all_devices() {
        let arrs: Vec<Array> = xs
            .iter()
            .map(|c| {
                let v: Vec<f32> = c.iter().map(|&x| x as f32).collect();
                Array::from_vec_on(v, &[c.len()], dev).unwrap()
            })
            .collect();
        let refs: Vec<&Array> = arrs.iter().collect();
        let r = f(&refs).unwrap();
        assert_eq!(r.dtype(), DType::Float32);
        let got = r.to_vec::<f32>().unwrap();
        for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
            let w32 = w as f32;
            let ok = if w32.is_nan() {
                g.is_nan()
            } else if w32.is_infinite() {
                g == w32
            } else {
                (g - w32).abs() <= 2e-6 * w32.abs() || (g - w32).abs() < 1e-37
            };
            assert!(ok, "{dev}: float32 element {i}: got {g:e}, SciPy {w32:e}");
        }
    }
}
