//! The B-spline helpers and `windows.dpss` against SciPy (`gen_lti_splines.py`), on every
//! device.

use crate::refs_lti_splines::*;
use crate::{arr, close, devices, sig};
use cuprum_signal::windows::{DpssNorm, dpss, dpss_with_ratios};
use cuprum_signal::{cspline1d, cspline1d_eval, gauss_spline, qspline1d, qspline1d_eval};

const NEWX: [f64; 9] = [-3.7, -0.5, 0.0, 0.25, 3.3, 7.9, 11.0, 12.4, 25.1];

#[test]
fn spline_coefficients_and_evaluation() {
    for dev in devices() {
        let x: Vec<f64> = (0..7).map(|i| -2.0 + 4.0 * i as f64 / 6.0).collect();
        close(
            &gauss_spline(&arr(x, &[7], dev), 3).unwrap(),
            GAUSS_SPLINE,
            1e-14,
            0.0,
        );
        let s = arr(sig(12, 0), &[12], dev);
        let c = cspline1d(&s, 0.0).unwrap();
        assert_eq!(c.device(), dev);
        close(&c, CSPLINE, 1e-12, 1e-13);
        close(&cspline1d(&s, 0.5).unwrap(), CSPLINE_SMOOTH, 1e-10, 1e-12);
        let q = qspline1d(&s, 0.0).unwrap();
        close(&q, QSPLINE, 1e-12, 1e-13);
        close(
            &cspline1d(&arr(vec![2.0], &[1], dev), 0.0).unwrap(),
            CSPLINE_ONE,
            1e-14,
            0.0,
        );
        let nx = arr(NEWX.to_vec(), &[9], dev);
        close(
            &cspline1d_eval(&c, &nx, 1.0, 0.0).unwrap(),
            CSPLINE_EVAL,
            1e-12,
            1e-13,
        );
        close(
            &cspline1d_eval(&c, &nx, 0.5, 1.0).unwrap(),
            CSPLINE_EVAL_DX,
            1e-12,
            1e-13,
        );
        close(
            &qspline1d_eval(&q, &nx, 1.0, 0.0).unwrap(),
            QSPLINE_EVAL,
            1e-12,
            1e-13,
        );
    }
    let e = qspline1d(&arr(sig(5, 0), &[5], cuprum_core::Device::Cpu), 1.0).unwrap_err();
    assert!(e.to_string().contains("qspline1d"), "{e}");
    assert!(
        matches!(e, cuprum_core::Error::BadArgument { arg: "lamb", .. }),
        "{e}"
    );
}

#[test]
fn dpss_matches_scipy() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let w = dpss(8, 2.0, None, true, None).unwrap();
        assert_eq!((w.shape(), w.device()), (&[8][..], dev));
        close(&w, DPSS_8_2, 1e-10, 1e-12);
        close(
            &dpss(9, 2.0, Some(3), true, None).unwrap(),
            DPSS_9_2_K3,
            1e-10,
            1e-12,
        );
        close(
            &dpss(16, 3.0, Some(4), true, Some(DpssNorm::Subsample)).unwrap(),
            DPSS_16_3_K4_SUB,
            1e-10,
            1e-12,
        );
        let (w, r) = dpss_with_ratios(31, 2.5, Some(5), false, None).unwrap();
        assert_eq!(w.shape(), &[5, 31]);
        close(&w, DPSS_31_P_K5, 1e-9, 1e-11);
        close(&r, DPSS_31_RATIOS, 1e-10, 1e-12);
        close(
            &dpss(64, 4.0, Some(2), true, Some(DpssNorm::Approximate)).unwrap(),
            DPSS_64_4_K2_APPROX,
            1e-9,
            1e-11,
        );
    }
    assert!(
        dpss(8, 4.0, None, true, None)
            .unwrap_err()
            .to_string()
            .contains("dpss")
    );
    assert!(dpss(8, 1.0, Some(9), true, None).is_err());
}

#[test]
fn find_peaks_cwt_matches_scipy() {
    use cuprum_signal::{CwtPeaksOptions, find_peaks_cwt};
    let as_i64 = |v: &[f64]| v.iter().map(|&x| x as i64).collect::<Vec<i64>>();
    let host_i64 = |p: &cuprum_core::Array| {
        let p = p.to_device(cuprum_core::Device::Cpu).unwrap();
        p.to_vec::<i64>().unwrap()
    };
    for dev in devices() {
        let v = arr(CWT_VEC.to_vec(), &[CWT_VEC.len()], dev);
        let w: Vec<f64> = (1..20).map(|i| i as f64).collect();
        let p = find_peaks_cwt(&v, &w, &CwtPeaksOptions::default()).unwrap();
        assert_eq!(p.device(), dev);
        assert_eq!(host_i64(&p), as_i64(CWT_PEAKS));
        let w: Vec<f64> = (1..15).map(|i| 2.0 * i as f64).collect();
        let o = CwtPeaksOptions {
            min_snr: 2.0,
            noise_perc: 20.0,
            window_size: Some(31),
            gap_thresh: Some(3.0),
            ..Default::default()
        };
        let p = find_peaks_cwt(&v, &w, &o).unwrap();
        assert_eq!(host_i64(&p), as_i64(CWT_PEAKS_OPTS));
        let p =
            find_peaks_cwt(&v, &[1.5, 2.5, 4.0, 6.25, 9.0], &CwtPeaksOptions::default()).unwrap();
        assert_eq!(host_i64(&p), as_i64(CWT_PEAKS_FRAC));
    }
}

#[test]
fn spline_2d_coefficients() {
    use cuprum_signal::{cspline2d, qspline2d};
    for dev in devices() {
        let img = arr(IMG.to_vec(), &[13, 17], dev);
        let c = cspline2d(&img, 0.0, -1.0).unwrap();
        assert_eq!((c.shape(), c.device()), (&[13, 17][..], dev));
        close(&c, CSPLINE2D, 1e-12, 1e-13);
        close(
            &cspline2d(&img, 0.0, 1e-3).unwrap(),
            CSPLINE2D_P3,
            1e-12,
            1e-13,
        );
        close(
            &qspline2d(&img, 0.0, -1.0).unwrap(),
            QSPLINE2D,
            1e-12,
            1e-13,
        );
        let f = cspline2d(&img.astype(cuprum_core::DType::Float32).unwrap(), 0.0, -1.0).unwrap();
        assert_eq!(f.dtype(), cuprum_core::DType::Float32);
        close(&f, CSPLINE2D_F32, 1e-5, 1e-6);
    }
    let img = arr(IMG.to_vec(), &[13, 17], cuprum_core::Device::Cpu);
    assert!(
        qspline2d(&img, 0.5, -1.0)
            .unwrap_err()
            .to_string()
            .contains("qspline2d")
    );
    assert!(cspline2d(&img, 0.5, -1.0).is_err());
}

#[test]
fn smoothing_splines_and_spline_filter() {
    use cuprum_signal::{cspline2d, spline_filter};
    for dev in devices() {
        let img = arr(IMG.to_vec(), &[13, 17], dev);
        let img2 = arr(IMG2.to_vec(), &[40, 48], dev);
        close(
            &cspline2d(&img2, 0.5, -1.0).unwrap(),
            CSPLINE2D_SMOOTH,
            1e-11,
            1e-12,
        );
        close(
            &cspline2d(&img, 5.0, 1e-3).unwrap(),
            CSPLINE2D_SMOOTH5_P3,
            1e-11,
            1e-12,
        );
        let f = spline_filter(&img2, 5.0).unwrap();
        assert_eq!((f.shape(), f.device()), (&[40, 48][..], dev));
        close(&f, SPLINE_FILTER, 1e-11, 1e-12);
        close(
            &spline_filter(&img2, 1.0).unwrap(),
            SPLINE_FILTER_L1,
            1e-11,
            1e-12,
        );
        let f32 = spline_filter(&img2.astype(cuprum_core::DType::Float32).unwrap(), 2.0).unwrap();
        assert_eq!(f32.dtype(), cuprum_core::DType::Float32);
        close(&f32, SPLINE_FILTER_F32, 1e-4, 1e-5);
    }
}
