//! `ShortTimeFFT` against SciPy (`gen_lti_splines.py`), on every device.

use crate::refs_lti_splines::*;
use crate::{arr, close, close_c, devices, sig, sig_columns};
use cuprum_core::{Array, Complex64};
use cuprum_signal::{FftMode, ShortTimeFFT, StftPadding, StftScaling, windows};

/// [`close`] within 1e-12 (relative and absolute).
#[track_caller]
fn near(a: &Array, want: &[f64]) {
    close(a, want, 1e-12, 1e-12);
}

/// [`close_c`] within 1e-12 (relative and absolute).
#[track_caller]
fn near_c(a: &Array, want: &[(f64, f64)]) {
    close_c(a, want, 1e-12, 1e-12);
}

#[test]
fn stft_and_istft_match_scipy() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let s = ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 3, 10.0).unwrap();
        let p = [
            s.p_min() as f64,
            s.p_max(40).unwrap() as f64,
            s.k_min() as f64,
            s.k_max(40).unwrap() as f64,
            s.p_num(40).unwrap() as f64,
        ];
        assert_eq!(&p[..], STFT_P);
        close(&s.f().unwrap(), STFT_F, 1e-15, 0.0);
        close(&s.t(40, None, None, 0).unwrap(), STFT_T, 1e-14, 1e-15);
        let x = arr(sig(40, 0), &[40], dev);
        let sx = s.stft(&x, None, None, 0, StftPadding::Zeros, -1).unwrap();
        assert_eq!((sx.shape(), sx.device()), (&[5, 16][..], dev));
        near_c(&sx, STFT_X);
        let sub = s
            .stft(&x, Some(1), Some(6), 2, StftPadding::Even, -1)
            .unwrap();
        near_c(&sub, STFT_X_SUB);
        near_c(
            &s.stft(&x, None, None, 0, StftPadding::Odd, -1).unwrap(),
            STFT_X_ODD,
        );
        near_c(
            &s.stft(&x, None, None, 0, StftPadding::Edge, -1).unwrap(),
            STFT_X_EDGE,
        );
        near(&s.istft(&sx, 0, Some(40)).unwrap(), STFT_ISTFT);

        let s2 = ShortTimeFFT::new(&windows::hamming(9, true).unwrap(), 4, 2.0)
            .unwrap()
            .with_mfft(12)
            .unwrap()
            .scale_to(StftScaling::Psd)
            .with_fft_mode(FftMode::Onesided2X)
            .unwrap()
            .with_phase_shift(None);
        let p2 = [
            s2.p_min() as f64,
            s2.p_max(33).unwrap() as f64,
            s2.k_min() as f64,
            s2.k_max(33).unwrap() as f64,
        ];
        assert_eq!(&p2[..], STFT2_P);
        let x2 = arr(sig(33, 1), &[33], dev);
        let sx2 = s2.stft(&x2, None, None, 0, StftPadding::Zeros, -1).unwrap();
        near_c(&sx2, STFT2_X);
        near(
            &s2.spectrogram(&x2, None, None, 0, StftPadding::Zeros, -1)
                .unwrap(),
            STFT2_SPEC,
        );
        near(&s2.istft(&sx2, 0, Some(30)).unwrap(), STFT2_ISTFT);

        let s3 = ShortTimeFFT::new(&windows::hann(6, false).unwrap(), 2, 1.0)
            .unwrap()
            .with_fft_mode(FftMode::Centered)
            .unwrap()
            .scale_to(StftScaling::Magnitude)
            .with_phase_shift(Some(1));
        close(&s3.f().unwrap(), STFT3_F, 1e-15, 0.0);
        let z: Vec<Complex64> = sig(20, 0)
            .iter()
            .zip(sig(20, 3))
            .map(|(&a, b)| Complex64::new(a, b))
            .collect();
        let z = Array::from_vec_on(z, &[20], dev).unwrap();
        let sz = s3.stft(&z, None, None, 0, StftPadding::Zeros, -1).unwrap();
        near_c(&sz, STFT3_X);
        near_c(&s3.istft(&sz, 0, Some(20)).unwrap(), STFT3_ISTFT);

        // (25, 2) along axis 0 → (8, 2, 7)
        let v = sig_columns(25, 0, 2);
        let s4 = ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 4, 1.0)
            .unwrap()
            .with_fft_mode(FftMode::Twosided)
            .unwrap();
        let sx4 = s4
            .stft(&arr(v, &[25, 2], dev), None, None, 0, StftPadding::Zeros, 0)
            .unwrap();
        assert_eq!(sx4.shape(), &[8, 2, 7]);
        near_c(&sx4, STFT4_AXIS0);
    }
}

#[test]
fn stft_errors_name_the_object() {
    let dev = cuprum_core::Device::Cpu;
    let s = ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 3, 10.0).unwrap();
    let x = arr(sig(40, 0), &[40], dev);
    let e = s
        .stft(&x, Some(3), Some(2), 0, StftPadding::Zeros, -1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("ShortTimeFFT"), "{e}");
    assert!(
        s.stft(
            &arr(sig(3, 0), &[3], dev),
            None,
            None,
            0,
            StftPadding::Zeros,
            -1
        )
        .is_err()
    );
    assert!(ShortTimeFFT::new(&windows::hann(8, false).unwrap(), 0, 1.0).is_err());
    assert!(s.clone().with_fft_mode(FftMode::Onesided2X).is_err());
}
