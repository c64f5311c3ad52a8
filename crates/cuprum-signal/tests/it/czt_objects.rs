//! The precomputed `Czt` and `ZoomFft` transforms and `windows::general_cosine` against SciPy
//! 1.17.1.

use crate::{arr, close, close_c, devices};
use cuprum_core::{Complex64, Device, Error};
use cuprum_signal::*;

const X: [f64; 10] = [1.0, 2.0, -1.0, 0.5, 3.0, 0.0, 1.0, 0.0, -1.0, 2.0];

#[test]
fn czt_objects_match_scipy() {
    let w = Complex64::from_polar(0.9, -0.4);
    let a = Complex64::from_polar(1.1, 0.2);
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let x = arr(X.to_vec(), &[2, 5], dev);
        // scipy.signal.CZT(5, 3, w=0.9*exp(-0.4j), a=1.1*exp(0.2j))(x)
        let t = Czt::new(5, Some(3), Some(w), a).unwrap();
        assert_eq!((t.n(), t.m()), (5, 3));
        let y = t.apply(&x, -1).unwrap();
        assert_eq!((y.shape(), y.device()), (&[2, 3][..], dev));
        close_c(
            &y,
            &[
                (3.758355401756515, -1.7213873351880487),
                (1.0544249032654816, -1.4748018000702074),
                (1.247181091434534, -0.10684718758267697),
                (1.222602866880935, -0.7363119598065244),
                (0.13882580377123646, -0.5339796388210558),
                (0.4087807458431848, -0.11825989485354742),
            ],
            1e-12,
            1e-13,
        );
        // the same through the function
        close(
            &cuprum_core::abs(
                &cuprum_core::subtract(&czt(&x, Some(3), Some(w), a, -1).unwrap(), &y).unwrap(),
            )
            .unwrap(),
            &[0.0; 6],
            0.0,
            1e-13,
        );
        // CZT(...).points()
        close_c(
            &t.points().unwrap(),
            &[
                (1.078073235625366, 0.21853626387456734),
                (1.0087435293340514, 0.6901185785939322),
                (0.7337438721666095, 1.1427383744304769),
            ],
            1e-13,
            1e-14,
        );
        // scipy.signal.CZT(2, 4)(x, axis=0)
        let t2 = Czt::new(2, Some(4), None, Complex64::new(1.0, 0.0)).unwrap();
        close_c(
            &t2.apply(&x, 0).unwrap(),
            &[
                (1.0, 0.0),
                (3.0, 0.0),
                (-1.0, 0.0),
                (-0.5, 0.0),
                (5.0, 0.0),
                (1.0, 0.0),
                (2.0, -1.0),
                (-1.0, 0.0),
                (0.5, 1.0),
                (3.0, -2.0),
                (1.0, 0.0),
                (1.0, 0.0),
                (-1.0, 0.0),
                (1.5, 0.0),
                (1.0, 0.0),
                (1.0, 0.0),
                (2.0, 1.0),
                (-1.0, 0.0),
                (0.5, -1.0),
                (3.0, 2.0),
            ],
            1e-12,
            1e-13,
        );
        // scipy.signal.ZoomFFT(5, [0.2, 0.7], 4, fs=2, endpoint=True)(x)
        let z = ZoomFft::new(5, &[0.2, 0.7], Some(4), 2.0, true).unwrap();
        let want = [
            (-0.27254248593736774, -2.463398003314789),
            (1.6934902445599205, 2.0541280934844877),
            (4.664235544313776, -2.941637152634128),
            (-1.818076235187263, -4.486954759109944),
            (-0.5, -0.8122992405822658),
            (1.1487362328356454, 0.766481338718999),
            (1.413545457642601, -2.759051697815027),
            (-3.1568757573375215, -1.6755705045849478),
        ];
        close_c(&z.apply(&x, -1).unwrap(), &want, 1e-12, 1e-13);
        close_c(
            &zoom_fft(&x, &[0.2, 0.7], Some(4), 2.0, true, -1).unwrap(),
            &want,
            1e-12,
            1e-13,
        );
        close_c(
            &z.points().unwrap(),
            &[
                (0.8090169943749475, 0.5877852522924731),
                (0.4067366430758003, 0.9135454576426009),
                (-0.10452846326765333, 0.9945218953682733),
                (-0.5877852522924729, 0.8090169943749476),
            ],
            1e-13,
            1e-14,
        );
    }
}

#[test]
fn general_cosine_matches_scipy() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        // scipy.signal.windows.general_cosine(6, [0.4, -0.3, 0.2, 0.1], sym=False)
        let w = windows::general_cosine(6, &[0.4, -0.3, 0.2, 0.1], false).unwrap();
        assert_eq!(w.device(), dev);
        close(
            &w,
            &[
                0.7999999999999999,
                0.5500000000000002,
                0.05000000000000002,
                0.4,
                0.05000000000000002,
                0.5499999999999996,
            ],
            1e-14,
            1e-15,
        );
        // the named windows are general cosines: hann
        close(
            &windows::general_cosine(7, &[0.5, 0.5], true).unwrap(),
            &windows::hann(7, true).unwrap().to_vec::<f64>().unwrap(),
            0.0,
            0.0,
        );
        close(
            &windows::general_cosine(3, &[], true).unwrap(),
            &[0.0; 3],
            0.0,
            0.0,
        );
    }
}

#[test]
fn czt_objects_bad_input() {
    let one = Complex64::new(1.0, 0.0);
    assert!(matches!(
        Czt::new(0, None, None, one),
        Err(Error::BadArgument {
            op: "signal.CZT",
            ..
        })
    ));
    let t = Czt::new(4, None, None, one).unwrap();
    assert!(matches!(
        t.apply(&arr(vec![1.0; 5], &[5], Device::Cpu), -1),
        Err(Error::BadShape {
            op: "signal.CZT",
            ..
        })
    ));
    assert!(matches!(
        ZoomFft::new(4, &[0.1, 0.2, 0.3], None, 2.0, false),
        Err(Error::BadArgument {
            op: "signal.ZoomFFT",
            arg: "fn",
            ..
        })
    ));
    assert!(matches!(
        ZoomFft::new(4, &[0.5], None, 0.0, false),
        Err(Error::OutOfDomain { arg: "fs", .. })
    ));
    assert!(matches!(
        windows::general_cosine(4, &[f64::NAN], true),
        Err(Error::OutOfDomain { .. })
    ));
}
