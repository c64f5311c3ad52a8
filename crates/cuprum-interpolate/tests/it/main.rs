//! cuprum-interpolate against SciPy 1.17.1, on every device (`reference.rs` holds SciPy's
//! values; the call that produced each is named above it).

#![allow(clippy::approx_constant)]

mod bad_input;
mod basis_extend;
mod grid_pchip;
mod ndppoly;
mod reference;
mod scattered;
mod smoothing;
mod smoothing_reference;
mod splines;
mod tables;

use cuprum_core::{Array, Device};

/// `v` as a float64 array of `shape` on `dev`.
pub fn arr(v: &[f64], shape: &[usize], dev: Device) -> Array {
    Array::from_vec_on(v.to_vec(), shape, dev).unwrap()
}

/// Whether the first element of the result `r` (read as float64) is NaN; panics on an error.
#[track_caller]
pub fn first_nan(r: cuprum_core::Result<Array>) -> bool {
    r.unwrap().to_vec::<f64>().unwrap()[0].is_nan()
}

/// Asserts `a` equals `e` elementwise within `tol` relative (absolute near 0); NaN matches NaN.
#[track_caller]
pub fn check(a: &Array, e: &[f64], tol: f64) {
    let v = a.to_vec::<f64>().unwrap();
    assert_eq!(v.len(), e.len(), "length: got {v:?}, expected {e:?}");
    for (i, (x, y)) in v.iter().zip(e).enumerate() {
        if y.is_nan() {
            assert!(x.is_nan(), "element {i}: got {x}, expected NaN ({v:?})");
        } else if y.is_infinite() {
            assert_eq!(x, y, "element {i}");
        } else {
            assert!(
                (x - y).abs() <= tol * (1.0 + y.abs()),
                "element {i}: got {x}, expected {y} (all: {v:?})"
            );
        }
    }
}
