//! lfilter, sosfilt and the zero-phase filters against SciPy.

use crate::refs::*;
use crate::{arr, close, devices, sig, sig2d};
use cuprum_core::DType;
use cuprum_signal::*;

#[test]
fn lfilter_along_axis0_and_with_state() {
    for dev in devices() {
        let b = arr(B4.to_vec(), &[5], dev);
        let a = arr(A4.to_vec(), &[5], dev);
        let x = sig2d(dev);
        let y = lfilter(&b, &a, &x.transpose().unwrap(), 0).unwrap();
        assert_eq!(y.shape(), &[30, 3]);
        close(&y, LFILTER_AX0, 1e-10, 1e-12);
        let zi = arr((0..12).map(|i| i as f64 * 0.1).collect(), &[3, 4], dev);
        let (y, zf) = lfilter_with_state(&b, &a, &x, &zi, -1).unwrap();
        close(&y, LFILTER_ZI_Y, 1e-10, 1e-12);
        close(&zf, LFILTER_ZI_ZF, 1e-10, 1e-12);
        // float32 coefficients and data stay float32
        let y32 = lfilter(
            &b.astype(DType::Float32).unwrap(),
            &a.astype(DType::Float32).unwrap(),
            &x.astype(DType::Float32).unwrap(),
            -1,
        )
        .unwrap();
        assert_eq!(y32.dtype(), DType::Float32);
    }
}

#[test]
fn initial_conditions() {
    for dev in devices() {
        let b = arr(B4.to_vec(), &[5], dev);
        let a = arr(A4.to_vec(), &[5], dev);
        close(&lfilter_zi(&b, &a).unwrap(), LFILTER_ZI, 1e-10, 1e-12);
        let y = arr(vec![1.0, 0.5, -0.25], &[3], dev);
        let xp = arr(vec![0.3, 0.2], &[2], dev);
        close(
            &lfiltic(&b, &a, &y, Some(&xp)).unwrap(),
            LFILTIC,
            1e-10,
            1e-12,
        );
        let sos = arr(SOS4.to_vec(), &[2, 6], dev);
        close(&sosfilt_zi(&sos).unwrap(), SOSFILT_ZI, 1e-10, 1e-12);
    }
}

#[test]
fn sosfilt_and_zero_phase() {
    for dev in devices() {
        let sos = arr(SOS4.to_vec(), &[2, 6], dev);
        let x = arr(sig(40, 0), &[40], dev);
        close(&sosfilt(&sos, &x, -1).unwrap(), SOSFILT, 1e-10, 1e-12);
        close(
            &sosfiltfilt(&sos, &sig2d(dev), 1, &FiltfiltOptions::default()).unwrap(),
            SOSFILTFILT,
            1e-10,
            1e-12,
        );
        let b = arr(B4.to_vec(), &[5], dev);
        let a = arr(A4.to_vec(), &[5], dev);
        let o = FiltfiltOptions {
            padtype: PadType::Even,
            padlen: Some(10),
        };
        close(
            &filtfilt(&b, &a, &x, -1, &o).unwrap(),
            FILTFILT_EVEN,
            1e-10,
            1e-12,
        );
    }
}

#[test]
fn nan_propagates_and_complex_data_filters_linearly() {
    for dev in devices() {
        let b = arr(vec![1.0], &[1], dev);
        let a = arr(vec![1.0, -0.5], &[2], dev);
        let x = arr(vec![1.0, f64::NAN, 0.0], &[3], dev);
        let y = lfilter(&b, &a, &x, -1)
            .unwrap()
            .to_device(cuprum_core::Device::Cpu)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        assert_eq!(y[0], 1.0);
        assert!(y[1].is_nan() && y[2].is_nan());
        let xc = arr(vec![1.0, 0.0, 0.0], &[3], dev)
            .astype(DType::Complex128)
            .unwrap();
        let yc = lfilter(
            &b,
            &a,
            &cuprum_core::multiply(
                &xc,
                cuprum_core::Scalar::Complex(cuprum_core::Complex64::new(0.0, 2.0)),
            )
            .unwrap(),
            -1,
        )
        .unwrap();
        crate::close_c(&yc, &[(0.0, 2.0), (0.0, 1.0), (0.0, 0.5)], 0.0, 1e-15);
    }
}
