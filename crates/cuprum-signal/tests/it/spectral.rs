//! Spectral estimates against SciPy.

use crate::refs::*;
use crate::{arr, close, close_c, devices, sig, sig2d};
use cuprum_signal::spectral::{SpectrogramMode, StftOptions};
use cuprum_signal::*;

/// [`SpectralOptions`] at the sampling frequency `fs` with segments of `nperseg` samples.
fn segments(fs: f64, nperseg: usize) -> SpectralOptions {
    SpectralOptions {
        fs,
        nperseg: Some(nperseg),
        ..Default::default()
    }
}

#[test]
fn welch_median_periodogram_coherence() {
    for dev in devices() {
        let x = arr(sig(256, 0), &[256], dev);
        let o = SpectralOptions {
            average: Average::Median,
            detrend: Some(Detrend::Linear),
            ..segments(10.0, 64)
        };
        let (f, p) = welch(&x, &o).unwrap();
        assert_eq!(f.shape(), &[33]);
        close(&p, WELCH_MEDIAN, 1e-10, 1e-14);
        let o = SpectralOptions {
            window: Some("hann".into()),
            scaling: Some(Scaling::Spectrum),
            ..Default::default()
        };
        close(&periodogram(&x, &o).unwrap().1, PERIODOGRAM, 1e-10, 1e-14);
        let y = arr(sig(256, 1), &[256], dev);
        let o = segments(1.0, 32);
        close(&coherence(&x, &y, &o).unwrap().1, COHERENCE, 1e-9, 1e-12);
    }
}

#[test]
fn spectrogram_and_stft_roundtrip() {
    for dev in devices() {
        let x = arr(sig(256, 0), &[256], dev);
        let o = segments(2.0, 32);
        let (_f, t, s) = spectrogram(&x, &o, SpectrogramMode::Psd).unwrap();
        close(&t, SPEC_T, 1e-12, 1e-12);
        assert_eq!(s.shape(), &[17, 9]);
        close(&s, SPEC_S, 1e-10, 1e-14);
        let x2 = sig2d(dev);
        let o = SpectralOptions {
            nperseg: Some(16),
            noverlap: Some(12),
            ..Default::default()
        };
        let (_f, _t, z) = stft(&x2, &o, &StftOptions::default()).unwrap();
        assert_eq!(z.shape(), &[3, 9, 9]);
        close_c(&z, STFT_Z, 1e-10, 1e-13);
        let (_t, back) = istft(&z, &o, &StftOptions::default()).unwrap();
        let back = back.slice(cuprum_core::s![.., ..30]).unwrap();
        let want: Vec<f64> = (0..3).flat_map(|k| sig(30, k)).collect();
        close(&back, &want, 1e-10, 1e-12);
    }
}

#[test]
fn spectral_along_axis0_and_unequal_lengths() {
    for dev in devices() {
        let mut v = Vec::new();
        let cols: Vec<Vec<f64>> = (0..3).map(|k| sig(64, k)).collect();
        for i in 0..64 {
            for c in &cols {
                v.push(c[i]);
            }
        }
        let x = arr(v, &[64, 3], dev);
        let o = SpectralOptions {
            nperseg: Some(16),
            axis: 0,
            ..Default::default()
        };
        let (_f, p) = welch(&x, &o).unwrap();
        assert_eq!(p.shape(), &[9, 3]);
        close(&p, WELCH_AX0, 1e-10, 1e-14);
        let (_f, _t, z) = stft(&x, &o, &StftOptions::default()).unwrap();
        assert_eq!(z.shape(), &[9, 3, 9]);
        close_c(&z, STFT_AX0, 1e-10, 1e-13);
        let a = arr(sig(64, 0), &[64], dev);
        let b = arr(sig(50, 2), &[50], dev);
        let o = SpectralOptions {
            nperseg: Some(16),
            scaling: Some(Scaling::Spectrum),
            ..Default::default()
        };
        close_c(&csd(&a, &b, &o).unwrap().1, CSD_PAD, 1e-10, 1e-14);
    }
}
