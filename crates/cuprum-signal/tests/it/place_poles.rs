//! `place_poles` against SciPy 1.17.1 (one input and full-rank B).

use crate::{arr, close, close_c, devices};
use cuprum_core::{Complex64 as C, Device, Error};
use cuprum_signal::*;

fn re(v: &[f64]) -> Vec<C> {
    v.iter().map(|&x| C::new(x, 0.0)).collect()
}

#[test]
fn place_poles_matches_scipy() {
    for dev in devices() {
        // scipy.signal.place_poles([[0, 1, 0], [0, 0, 1], [-1, -2, -3]], [[0], [0], [1]],
        //                          [-1, -2+1j, -2-1j])
        let a = arr(
            vec![0.0, 1.0, 0.0, 0.0, 0.0, 1.0, -1.0, -2.0, -3.0],
            &[3, 3],
            dev,
        );
        let b = arr(vec![0.0, 0.0, 1.0], &[3, 1], dev);
        let p = [C::new(-1.0, 0.0), C::new(-2.0, 1.0), C::new(-2.0, -1.0)];
        let r = place_poles(&a, &b, &p, PlaceMethod::Yt, 1e-3, 30).unwrap();
        assert_eq!(
            (r.gain_matrix.shape(), r.gain_matrix.device()),
            (&[1, 3][..], dev)
        );
        close(
            &r.gain_matrix,
            &[3.999999999999986, 6.999999999999986, 1.9999999999999973],
            1e-10,
            1e-10,
        );
        close_c(
            &r.computed_poles,
            &[(-1.0, 0.0), (-2.0, -1.0), (-2.0, 1.0)],
            1e-8,
            1e-8,
        );
        close_c(
            &r.requested_poles,
            &[(-1.0, 0.0), (-2.0, -1.0), (-2.0, 1.0)],
            0.0,
            0.0,
        );
        assert_eq!((r.rtol, r.nb_iter), (0.0, 0.0));
        // place_poles([[1, 2], [3, 4]], [[1, 0.5], [0.2, 1]], [-1, -3])
        let a = arr(vec![1.0, 2.0, 3.0, 4.0], &[2, 2], dev);
        let b = arr(vec![1.0, 0.5, 0.2, 1.0], &[2, 2], dev);
        let r = place_poles(&a, &b, &re(&[-1.0, -3.0]), PlaceMethod::Yt, 1e-3, 30).unwrap();
        close(
            &r.gain_matrix,
            &[
                2.7777777777777772,
                -0.5555555555555547,
                2.4444444444444438,
                5.111111111111111,
            ],
            1e-12,
            1e-12,
        );
        close(&r.computed_poles, &[-3.0, -1.0], 1e-10, 1e-10);
        assert!(r.rtol.is_nan() && r.nb_iter.is_nan());
        // ... with the poles [-1+1j, -1-1j]
        let r = place_poles(
            &a,
            &b,
            &[C::new(-1.0, 1.0), C::new(-1.0, -1.0)],
            PlaceMethod::Yt,
            1e-3,
            30,
        )
        .unwrap();
        close(
            &r.gain_matrix,
            &[
                2.98361821746945e-16,
                -1.666666666666666,
                3.999999999999999,
                5.333333333333333,
            ],
            1e-12,
            1e-12,
        );
        close_c(
            &r.computed_poles,
            &[(-1.0, -1.0), (-1.0, 1.0)],
            1e-10,
            1e-10,
        );
        // place_poles([[1, 0.5, 0], [0, 2, 1], [1, 0, -1]], [[1], [0], [2]], [-3, -1, -2],
        //             method='KNV0')
        let a = arr(
            vec![1.0, 0.5, 0.0, 0.0, 2.0, 1.0, 1.0, 0.0, -1.0],
            &[3, 3],
            dev,
        );
        let b = arr(vec![1.0, 0.0, 2.0], &[3, 1], dev);
        let r = place_poles(
            &a,
            &b,
            &re(&[-3.0, -1.0, -2.0]),
            PlaceMethod::Knv0,
            1e-3,
            30,
        )
        .unwrap();
        close(
            &r.gain_matrix,
            &[-10.00000000000016, 23.500000000000252, 9.000000000000103],
            1e-10,
            1e-10,
        );
        close(&r.computed_poles, &[-3.0, -2.0, -1.0], 1e-8, 1e-8);
    }
}

#[test]
fn place_poles_bad_input() {
    let d = Device::Cpu;
    let a = arr(vec![1.0, 2.0, 3.0, 4.0], &[2, 2], d);
    let b = arr(vec![1.0, 0.0], &[2, 1], d);
    let m = PlaceMethod::Yt;
    assert!(matches!(
        place_poles(&a, &b, &re(&[-1.0]), m, 1e-3, 30),
        Err(Error::BadShape {
            op: "signal.place_poles",
            arg: "poles",
            ..
        })
    ));
    assert!(matches!(
        place_poles(
            &arr(vec![1.0; 6], &[2, 3], d),
            &b,
            &re(&[-1.0, -2.0]),
            m,
            1e-3,
            30
        ),
        Err(Error::BadShape { arg: "A", .. })
    ));
    assert!(matches!(
        place_poles(&a, &b, &[C::new(-1.0, 1.0), C::new(-2.0, 0.0)], m, 1e-3, 30),
        Err(Error::OutOfDomain { arg: "poles", .. })
    ));
    assert!(matches!(
        place_poles(
            &a,
            &b,
            &[C::new(-1.0, 1.0), C::new(-1.0, -1.0)],
            PlaceMethod::Knv0,
            1e-3,
            30
        ),
        Err(Error::OutOfDomain { arg: "poles", .. })
    ));
    // a pole repeated more than rank(B) = 1 times
    assert!(matches!(
        place_poles(&a, &b, &re(&[-1.0, -1.0]), m, 1e-3, 30),
        Err(Error::OutOfDomain { arg: "poles", .. })
    ));
    assert!(matches!(
        place_poles(&a, &b, &re(&[-1.0, -2.0]), m, 2.0, 30),
        Err(Error::OutOfDomain { arg: "rtol", .. })
    ));
    // uncontrollable: B along an eigenvector of a diagonal A
    let ad = arr(vec![1.0, 0.0, 0.0, 2.0], &[2, 2], d);
    assert!(matches!(
        place_poles(&ad, &b, &re(&[-1.0, -2.0]), m, 1e-3, 30),
        Err(Error::OutOfDomain { arg: "poles", .. })
    ));
    // 1 < rank(B) < n
    let a3 = arr(
        vec![1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 3.0],
        &[3, 3],
        d,
    );
    let b3 = arr(vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[3, 2], d);
    assert!(matches!(
        place_poles(&a3, &b3, &re(&[-1.0, -2.0, -3.0]), m, 1e-3, 30),
        Err(Error::Unsupported { .. })
    ));
}
