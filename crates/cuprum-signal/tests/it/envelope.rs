//! `envelope` against SciPy (`gen_lti_splines.py`), on every device.

use crate::refs_lti_splines::*;
use crate::{arr, close, close_c, devices, sig, sig_columns};
use cuprum_core::{Array, Complex64, DType};
use cuprum_signal::{EnvelopeOptions, Residual, envelope};

/// [`EnvelopeOptions`] of the band `bp_in`, the output length `n_out` and `residual`.
fn band(bp_in: (Option<i64>, Option<i64>), n_out: Option<usize>, res: Residual) -> EnvelopeOptions {
    EnvelopeOptions {
        bp_in,
        n_out,
        residual: res,
        ..Default::default()
    }
}

#[test]
fn envelope_of_real_signals() {
    for dev in devices() {
        let x = arr(sig(24, 0), &[24], dev);
        let e = envelope(&x, &EnvelopeOptions::default()).unwrap();
        assert_eq!((e.shape(), e.dtype()), (&[2, 24][..], DType::Float64));
        close(&e, ENV_DEFAULT, 1e-12, 1e-12);
        let o = EnvelopeOptions {
            squared: true,
            ..band((Some(2), Some(8)), None, Residual::All)
        };
        close(&envelope(&x, &o).unwrap(), ENV_BAND_SQ, 1e-12, 1e-12);
        let o = band((Some(-5), Some(6)), Some(30), Residual::Lowpass);
        close(&envelope(&x, &o).unwrap(), ENV_NOUT, 1e-12, 1e-12);
        let o = band((Some(1), None), Some(16), Residual::All);
        let e = envelope(&arr(sig(25, 1), &[25], dev), &o).unwrap();
        close(&e, ENV_NOUT_SHORT, 1e-12, 1e-12);
        // (16, 2) along axis 0, no residual
        let v = sig_columns(16, 0, 1);
        let o = EnvelopeOptions {
            axis: 0,
            residual: Residual::None,
            ..Default::default()
        };
        let e = envelope(&arr(v, &[16, 2], dev), &o).unwrap();
        assert_eq!(e.shape(), &[16, 2]);
        close(&e, ENV_AXIS0, 1e-12, 1e-12);
    }
}

#[test]
fn envelope_of_complex_signals() {
    let (re, im) = (sig(20, 0), sig(20, 2));
    let z: Vec<Complex64> = re
        .iter()
        .zip(&im)
        .map(|(&a, &b)| Complex64::new(a, b))
        .collect();
    for dev in devices() {
        let z = Array::from_vec_on(z.clone(), &[20], dev).unwrap();
        let o = band((Some(-3), Some(5)), Some(26), Residual::Lowpass);
        close_c(&envelope(&z, &o).unwrap(), ENV_COMPLEX, 1e-12, 1e-12);
        let o = band((Some(1), Some(6)), Some(14), Residual::All);
        close_c(&envelope(&z, &o).unwrap(), ENV_COMPLEX_DOWN, 1e-12, 1e-12);
    }
}

#[test]
fn envelope_rejects_bad_bands() {
    let x = arr(sig(10, 0), &[10], cuprum_core::Device::Cpu);
    for bp in [(Some(3), Some(3)), (Some(-6), None), (None, Some(6))] {
        let o = EnvelopeOptions {
            bp_in: bp,
            ..Default::default()
        };
        let e = envelope(&x, &o).unwrap_err().to_string();
        assert!(e.contains("envelope"), "{e}");
    }
    let empty = arr(vec![], &[0], cuprum_core::Device::Cpu);
    assert!(envelope(&empty, &EnvelopeOptions::default()).is_err());
}
