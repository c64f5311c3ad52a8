//! cuprum-signal against SciPy 1.17 reference values (`refs.rs`, and `cusignal_golden.rs` for
//! `cupyx.signal`), on every device.

mod conv;
mod cusignal;
mod czt_objects;
#[rustfmt::skip]
mod cusignal_golden;
mod design;
mod design_extra;
mod ecg;
#[allow(dead_code)]
#[path = "../../examples/ecg.rs"]
mod ecg_example;
mod envelope;
mod errors;
mod filtering;
mod findfreqs;
mod ltisys;
mod misc;
mod place_poles;
mod refs;
#[rustfmt::skip]
mod refs_lti_splines;
mod refs_waveforms;
#[rustfmt::skip]
mod refs_symiir;
#[rustfmt::skip]
mod refs_wavelets;
mod remez;
mod shorttime;
mod spectral;
mod splines;
mod symiir;
mod wavelets;
mod waves_and_conversions;

use cuprum_core::{Array, Complex64, DType, Device};

/// SciPy's test input `sig(n, k)` (see `refs.rs`).
pub fn sig(n: usize, k: usize) -> Vec<f64> {
    (0..n)
        .map(|i| {
            let f = i as f64;
            (0.3 * f + k as f64).sin() + 0.5 * (1.7 * f).cos() + 0.1 * ((i * (k + 3)) % 7) as f64
        })
        .collect()
}

/// `stack(sig(30, 0), sig(30, 1), sig(30, 2))`, shape (3, 30).
pub fn sig2d(dev: Device) -> Array {
    let v: Vec<f64> = (0..3).flat_map(|k| sig(30, k)).collect();
    Array::from_vec_on(v, &[3, 30], dev).unwrap()
}

pub fn arr(v: Vec<f64>, shape: &[usize], dev: Device) -> Array {
    Array::from_vec_on(v, shape, dev).unwrap()
}

pub fn devices() -> Vec<Device> {
    cuprum_core::ext::test_util::all_devices()
}

/// Asserts `a` equals the real `want` within `rtol`/`atol`, elementwise in C order (a complex
/// `a` with imaginary parts within the tolerance).
#[track_caller]
pub fn close(a: &Array, want: &[f64], rtol: f64, atol: f64) {
    let want: Vec<(f64, f64)> = want.iter().map(|&w| (w, 0.0)).collect();
    close_c(a, &want, rtol, atol);
}

/// Asserts `a` (any dtype) equals the complex `want` within `rtol`/`atol` (`|a − want| ≤ atol +
/// rtol·|want|`), elementwise in C order.
#[track_caller]
pub fn close_c(a: &Array, want: &[(f64, f64)], rtol: f64, atol: f64) {
    let got = a
        .astype(DType::Complex128)
        .unwrap()
        .to_device(Device::Cpu)
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap();
    assert_eq!(
        got.len(),
        want.len(),
        "length of {:?} vs {}",
        a.shape(),
        want.len()
    );
    for (i, (g, &(wr, wi))) in got.iter().zip(want).enumerate() {
        let w = Complex64::new(wr, wi);
        assert!(
            (g - w).norm() <= atol + rtol * w.norm(),
            "element {i}: got {g}, want {w}"
        );
    }
}
