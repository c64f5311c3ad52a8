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
use cuprum_signal::{BType, Filter, FilterOutput, IirOptions};

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

/// `stack([sig(n, a), sig(n, b)], axis=1)`, shape (n, 2), flattened in C order.
pub fn sig_columns(n: usize, a: usize, b: usize) -> Vec<f64> {
    let (x, y) = (sig(n, a), sig(n, b));
    x.iter().zip(&y).flat_map(|(&p, &q)| [p, q]).collect()
}

pub fn arr(v: Vec<f64>, shape: &[usize], dev: Device) -> Array {
    Array::from_vec_on(v, shape, dev).unwrap()
}

/// [`IirOptions`] of band type `btype` with second-order-section output, at the sampling
/// frequency `fs` (`None`: frequencies normalized to Nyquist).
pub fn sos_options(btype: BType, fs: Option<f64>) -> IirOptions {
    IirOptions {
        btype,
        output: FilterOutput::Sos,
        fs,
        ..Default::default()
    }
}

/// Asserts a filter design's second-order sections equal `want` within `rtol`/`atol`.
#[track_caller]
pub fn close_sos(f: cuprum_core::Result<Filter>, want: &[f64], rtol: f64, atol: f64) {
    close(&f.unwrap().sos().unwrap(), want, rtol, atol);
}

/// Asserts a filter design's transfer function equals `want` (`(b, a)`) within `rtol`/`atol`.
#[track_caller]
pub fn close_ba(f: cuprum_core::Result<Filter>, want: (&[f64], &[f64]), rtol: f64, atol: f64) {
    let (b, a) = f.unwrap().ba().unwrap();
    close(&b, want.0, rtol, atol);
    close(&a, want.1, rtol, atol);
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
