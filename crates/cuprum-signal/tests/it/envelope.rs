//! `envelope` against SciPy (`gen_lti_splines.py`), on every device.

use crate::refs_lti_splines::*;
use crate::{arr, close, close_c, devices, sig};
use cuprum_core::{Array, Complex64, DType};
use cuprum_signal::{EnvelopeOptions, Residual, envelope};

#[test]
fn envelope_of_real_signals() {
    for dev in devices() {
        let x = arr(sig(24, 0), &[24], dev);
        let e = envelope(&x, &EnvelopeOptions::default()).unwrap();
        assert_eq!((e.shape(), e.dtype()), (&[2, 24][..], DType::Float64));
        close(&e, ENV_DEFAULT, 1e-12, 1e-12);
        let o = EnvelopeOptions {
            bp_in: (Some(2), Some(8)),
            squared: true,
            residual: Residual::All,
            ..Default::default()
        };
        close(&envelope(&x, &o).unwrap(), ENV_BAND_SQ, 1e-12, 1e-12);
        let o = EnvelopeOptions {
            bp_in: (Some(-5), Some(6)),
            n_out: Some(30),
            ..Default::default()
        };
        close(&envelope(&x, &o).unwrap(), ENV_NOUT, 1e-12, 1e-12);
        let o = EnvelopeOptions {
            n_out: Some(16),
            residual: Residual::All,
            ..Default::default()
        };
        close(
            &envelope(&arr(sig(25, 1), &[25], dev), &o).unwrap(),
            ENV_NOUT_SHORT,
            1e-12,
            1e-12,
        );
        // (16, 2) along axis 0, no residual
        let v: Vec<f64> = (0..16)
            .flat_map(|i| [sig(16, 0)[i], sig(16, 1)[i]])
            .collect();
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
        let o = EnvelopeOptions {
            bp_in: (Some(-3), Some(5)),
            n_out: Some(26),
            ..Default::default()
        };
        close_c(&envelope(&z, &o).unwrap(), ENV_COMPLEX, 1e-12, 1e-12);
        let o = EnvelopeOptions {
            bp_in: (Some(1), Some(6)),
            n_out: Some(14),
            residual: Residual::All,
            ..Default::default()
        };
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
