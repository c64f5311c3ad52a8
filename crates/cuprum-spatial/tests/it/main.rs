//! cuprum-spatial against SciPy 1.17.1, on every device (`reference.rs` holds SciPy's values;
//! the call that produced each is named above it).

mod delaunay;
mod delaunay_nd;
mod distance;
mod kdtree;
mod kdtree_nd;
mod reference;
mod repeated;

use cuprum_core::{Array, Device};

/// A seeded xorshift64 stream of samples uniform in `[0, 1)` (53 random bits each).
pub fn uniform(seed: u64) -> impl FnMut() -> f64 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `v` as a float64 array of `shape` on `dev`.
pub fn arr(v: &[f64], shape: &[usize], dev: Device) -> Array {
    Array::from_vec_on(v.to_vec(), shape, dev).unwrap()
}

/// Asserts `a` equals `e` within `tol` relative (absolute near 0); infinities exactly.
#[track_caller]
pub fn check(a: &Array, e: &[f64], tol: f64) {
    let v = a
        .astype(cuprum_core::DType::Float64)
        .unwrap()
        .to_vec::<f64>()
        .unwrap();
    assert_eq!(v.len(), e.len(), "length: got {v:?}, expected {e:?}");
    for (i, (x, y)) in v.iter().zip(e).enumerate() {
        if y.is_infinite() {
            assert_eq!(x, y, "element {i}");
        } else {
            assert!(
                (x - y).abs() <= tol * (1.0 + y.abs()),
                "element {i}: got {x}, expected {y} (all: {v:?})"
            );
        }
    }
}
