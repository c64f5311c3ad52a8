//! `findfreqs` and the integer `worN` of `freqs` / `freqs_zpk` against SciPy 1.17.1.

use crate::{arr, close, close_c, devices};
use cuprum_core::{Array, Complex64, Device, Error};
use cuprum_signal::*;

fn carr(v: &[(f64, f64)], dev: Device) -> Array {
    let c: Vec<Complex64> = v.iter().map(|&(r, i)| Complex64::new(r, i)).collect();
    let n = c.len();
    Array::from_vec_on(c, &[n], dev).unwrap()
}

/// `scipy.signal.findfreqs([-3+0j], [-0.5, -2+5j, -2-5j], 4, kind='zp')`, the frequencies
/// `freqs_zpk` picks for that system with `worN=4`.
const W_ZP4: &[f64] = &[0.01, 0.21544346900318834, 4.6415888336127775, 100.0];

#[test]
fn findfreqs_matches_scipy() {
    for dev in devices() {
        // scipy.signal.findfreqs([1, 0], [1, 8, 25], 9)
        let w = findfreqs(
            &arr(vec![1.0, 0.0], &[2], dev),
            &arr(vec![1.0, 8.0, 25.0], &[3], dev),
            9,
            FreqsKind::Ba,
        )
        .unwrap();
        assert_eq!(w.device(), dev);
        close(
            &w,
            &[
                0.01,
                0.03162277660168379,
                0.1,
                0.31622776601683794,
                1.0,
                3.1622776601683795,
                10.0,
                31.622776601683793,
                100.0,
            ],
            1e-14,
            0.0,
        );
        // scipy.signal.findfreqs([1, 2, 0.5], [1, 0.3, 4, 0.2], 5)
        let w = findfreqs(
            &arr(vec![1.0, 2.0, 0.5], &[3], dev),
            &arr(vec![1.0, 0.3, 4.0, 0.2], &[4], dev),
            5,
            FreqsKind::Ba,
        )
        .unwrap();
        close(&w, &[0.001, 0.01, 0.1, 1.0, 10.0], 1e-14, 0.0);
        // scipy.signal.findfreqs([-3+0j], [-0.5, -2+5j, -2-5j], 4, kind='zp')
        let w = findfreqs(
            &carr(&[(-3.0, 0.0)], dev),
            &carr(&[(-0.5, 0.0), (-2.0, 5.0), (-2.0, -5.0)], dev),
            4,
            FreqsKind::Zp,
        )
        .unwrap();
        close(&w, W_ZP4, 1e-14, 0.0);
        // scipy.signal.findfreqs([1], [1, 0, 0], 3): double pole at the origin
        let w = findfreqs(
            &arr(vec![1.0], &[1], dev),
            &arr(vec![1.0, 0.0, 0.0], &[3], dev),
            3,
            FreqsKind::Ba,
        )
        .unwrap();
        close(&w, &[0.01, 0.31622776601683794, 10.0], 1e-14, 0.0);
    }
}

#[test]
fn freqs_with_a_count() {
    for dev in devices() {
        // scipy.signal.freqs([1], [1, 2, 1], worN=5)
        let (w, h) = freqs(
            &arr(vec![1.0], &[1], dev),
            &arr(vec![1.0, 2.0, 1.0], &[3], dev),
            5,
        )
        .unwrap();
        assert_eq!(h.device(), dev);
        close(
            &w,
            &[
                0.01,
                0.056234132519034905,
                0.31622776601683794,
                1.7782794100389228,
                10.0,
            ],
            1e-14,
            0.0,
        );
        close_c(
            &h,
            &[
                (0.999700049993001, -0.019996000599920013),
                (0.9905629465565932, -0.11176031315179163),
                (0.743801652892562, -0.5226905223418808),
                (-0.12480999484183866, -0.20529004954620172),
                (-0.009704930889128516, -0.001960592098813842),
            ],
            1e-12,
            1e-15,
        );
        // scipy.signal.freqs_zpk([-3], [-0.5, -2+5j, -2-5j], 2.0, worN=4)
        let (w, h) = freqs_zpk(
            &arr(vec![-3.0], &[1], dev),
            &carr(&[(-0.5, 0.0), (-2.0, 5.0), (-2.0, -5.0)], dev),
            2.0,
            4,
        )
        .unwrap();
        close(&w, W_ZP4, 1e-14, 0.0);
        close_c(
            &h,
            &[
                (0.413646358252766, -0.007464366646688976),
                (0.35632167881750243, -0.13612167719272952),
                (-0.010002711769156498, -0.11791680997677316),
                (-0.00020048527394637392, -3.028318077153782e-06),
            ],
            1e-12,
            1e-16,
        );
    }
}

#[test]
fn findfreqs_bad_input() {
    let d = Device::Cpu;
    assert!(matches!(
        findfreqs(
            &arr(vec![1.0; 4], &[2, 2], d),
            &arr(vec![1.0, 1.0], &[2], d),
            5,
            FreqsKind::Ba
        ),
        Err(Error::BadShape {
            op: "signal.findfreqs",
            arg: "num",
            ..
        })
    ));
    assert!(matches!(
        findfreqs(
            &arr(vec![1.0], &[1], d),
            &arr(vec![1.0, f64::INFINITY], &[2], d),
            5,
            FreqsKind::Ba
        ),
        Err(Error::OutOfDomain { arg: "den", .. })
    ));
    assert!(FreqsKind::parse("sos").is_err());
    // no poles: SciPy's stand-in pole at -1000
    let w = findfreqs(
        &arr(vec![1.0], &[1], d),
        &arr(vec![2.0], &[1], d),
        2,
        FreqsKind::Ba,
    )
    .unwrap();
    // scipy.signal.findfreqs([1], [2], 2) -> [100, 10000]
    close(&w, &[100.0, 10000.0], 1e-14, 0.0);
}
