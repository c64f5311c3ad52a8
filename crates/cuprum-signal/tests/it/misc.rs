//! Resampling, smoothing and peaks against SciPy.

use crate::refs::*;
use crate::{arr, close, close_c, devices, sig, sig2d};
use cuprum_core::{DType, Device};
use cuprum_signal::peaks::Bounds;
use cuprum_signal::resample::DecimateFilter;
use cuprum_signal::*;

#[test]
fn resampling() {
    for dev in devices() {
        let x = arr(sig(40, 0), &[40], dev);
        close(&resample(&x, 57, 0).unwrap(), RESAMPLE_UP, 1e-10, 1e-12);
        close(&resample(&x, 25, 0).unwrap(), RESAMPLE_DOWN, 1e-10, 1e-12);
        let y = resample_poly(&x.astype(DType::Float32).unwrap(), 2, 5, 0, None).unwrap();
        assert_eq!(y.dtype(), DType::Float32);
        close(&y, RESAMPLE_POLY_F32, 1e-5, 1e-6);
        close(
            &decimate(
                &arr(sig(100, 0), &[100], dev),
                3,
                None,
                DecimateFilter::Iir,
                -1,
                true,
            )
            .unwrap(),
            DECIMATE_IIR,
            1e-9,
            1e-12,
        );
        let h = arr(vec![1.0, 0.5, 0.25, -0.1], &[4], dev);
        close(
            &upfirdn(&h, &sig2d(dev).transpose().unwrap(), 2, 3, 0).unwrap(),
            UPFIRDN_AX0,
            1e-10,
            1e-12,
        );
    }
}

#[test]
fn detrend_with_break_points() {
    // scipy.signal.detrend(x, axis=1, bp=[6, 2, 2]) and detrend(x.T, axis=0, bp=[1, 8]),
    // SciPy 1.17.1
    let x: Vec<f64> = [0.3, 1.1, 2.9, 3.2, 5.5, 4.1, 2.0, 1.5, 0.2]
        .into_iter()
        .chain((1..10).map(|i| (i * i) as f64))
        .collect();
    let want_ax1 = [
        0.0,
        0.0,
        -0.14,
        -0.43,
        1.28,
        -0.71,
        -0.13333333333333375,
        0.26666666666666616,
        -0.13333333333333391,
        0.0,
        0.0,
        1.0,
        -1.0,
        -1.0,
        1.0,
        0.3333333333333286,
        -0.6666666666666572,
        0.3333333333333428,
    ];
    let want_ax0 = [
        0.0,
        0.0,
        -1.7678571428571441,
        5.0,
        0.021428571428570464,
        0.0,
        0.31071428571428505,
        -3.0,
        2.6,
        -4.0,
        1.1892857142857136,
        -3.0,
        -0.9214285714285717,
        0.0,
        -1.432142857142857,
        5.0,
        0.0,
        0.0,
    ];
    for dev in devices() {
        let a = arr(x.clone(), &[2, 9], dev);
        let y = detrend_bp(&a, 1, Detrend::Linear, &[6, 2, 2]).unwrap();
        close(&y, &want_ax1, 1e-12, 1e-12);
        let t = a.transpose().unwrap();
        let y = detrend_bp(&t, 0, Detrend::Linear, &[1, 8]).unwrap();
        close(&y, &want_ax0, 1e-12, 1e-12);
        // no break point inside: the single line of detrend; constant ignores bp
        let plain = detrend(&a, 1, Detrend::Linear)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        let y = detrend_bp(&a, 1, Detrend::Linear, &[0, 9]).unwrap();
        close(&y, &plain, 0.0, 0.0);
        let c = detrend(&a, 1, Detrend::Constant)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close(
            &detrend_bp(&a, 1, Detrend::Constant, &[4]).unwrap(),
            &c,
            0.0,
            0.0,
        );
        let e = detrend_bp(&a, 1, Detrend::Linear, &[10]).unwrap_err();
        assert!(
            e.to_string().contains("detrend") && e.to_string().contains("bp"),
            "{e}"
        );
    }
}

#[test]
fn hilbert_detrend_medfilt_wiener() {
    for dev in devices() {
        let x = arr(sig(15, 0), &[15], dev);
        close_c(&hilbert(&x, None, -1).unwrap(), HILBERT_ODD, 1e-10, 1e-12);
        close_c(&hilbert(&x, Some(20), -1).unwrap(), HILBERT_N, 1e-10, 1e-12);
        close(
            &detrend(&sig2d(dev), 1, Detrend::Linear).unwrap(),
            DETREND_AX1,
            1e-10,
            1e-12,
        );
        let im = arr((0..5).flat_map(|j| sig(6, j)).collect(), &[5, 6], dev);
        close(&medfilt(&im, Some(&[3, 5])).unwrap(), MEDFILT_2D, 0.0, 0.0);
        close(
            &wiener(&im, Some(&[3, 3]), Some(0.05)).unwrap(),
            WIENER_NOISE,
            1e-10,
            1e-12,
        );
    }
}

#[test]
fn savitzky_golay() {
    close(
        &savgol_coeffs(7, 3, 1, 0.5, None, true).unwrap(),
        SAVGOL_COEFFS,
        1e-10,
        1e-12,
    );
    for dev in devices() {
        let x = arr(sig(40, 0), &[40], dev);
        // (window_length, polyorder, deriv, mode, want, rtol, atol)
        for (wl, po, deriv, mode, want, rtol, atol) in [
            (9, 4, 2, SavgolMode::Interp, SAVGOL_INTERP_D2, 1e-9, 1e-11),
            (7, 2, 0, SavgolMode::Mirror, SAVGOL_MIRROR, 1e-10, 1e-12),
            (8, 3, 0, SavgolMode::Wrap, SAVGOL_WRAP_EVEN, 1e-10, 1e-12),
        ] {
            let o = smooth::SavgolOptions {
                deriv,
                mode,
                ..Default::default()
            };
            close(&savgol_filter(&x, wl, po, &o).unwrap(), want, rtol, atol);
        }
    }
}

const XP: [f64; 16] = [
    0., 1., 1., 1., 0., 2., 0.5, 3., 3., 0., 1., 0.2, 5., 4., 4.5, 0.,
];

#[test]
fn peaks() {
    let as_f = |a: &cuprum_core::Array| a.astype(DType::Float64).unwrap();
    for dev in devices() {
        let x = arr(XP.to_vec(), &[16], dev);
        let o = FindPeaksOptions {
            prominence: Some(Bounds::min(0.6)),
            width: Some(Bounds::min(1.0)),
            ..Default::default()
        };
        let p = find_peaks(&x, &o).unwrap();
        assert_eq!(p.peaks.device(), dev);
        close(&as_f(&p.peaks), PEAKS_PW, 0.0, 0.0);
        close(p.prominences.as_ref().unwrap(), PEAKS_PW_PROM, 1e-12, 1e-12);
        close(p.widths.as_ref().unwrap(), PEAKS_PW_WIDTHS, 1e-12, 1e-12);
        close(p.left_ips.as_ref().unwrap(), PEAKS_PW_LIPS, 1e-12, 1e-12);
        let o = FindPeaksOptions {
            plateau_size: Some(Bounds::min(2.0)),
            threshold: Some(Bounds {
                min: None,
                max: Some(2.5),
            }),
            ..Default::default()
        };
        close(
            &as_f(&find_peaks(&x, &o).unwrap().peaks),
            PEAKS_PLATEAU,
            0.0,
            0.0,
        );
        let pk = cuprum_core::Array::from_vec_on(vec![5i64, 12], &[2], dev).unwrap();
        close(
            &peak_prominences(&x, &pk, Some(5.0)).unwrap().0,
            PROM_WLEN,
            1e-12,
            1e-12,
        );
        close(
            &peak_widths(&x, &pk, 0.8, None).unwrap().0,
            WIDTHS_REL,
            1e-12,
            1e-12,
        );
        close(
            &as_f(&argrelmax(&x, 0, 2, false).unwrap()[0]),
            ARGRELMAX_O2,
            0.0,
            0.0,
        );
        let empty = find_peaks(
            &arr(vec![1.0, 2.0], &[2], dev),
            &FindPeaksOptions::default(),
        )
        .unwrap();
        assert_eq!(empty.peaks.to_device(Device::Cpu).unwrap().size(), 0);
    }
}
