//! PPoly/BPoly basis conversions and `extend`, UnivariateSpline's calculus methods and
//! make_lsq_spline with 2-d values, against SciPy 1.17.1 on every device.

use crate::{arr, check};
use cuprum_core::Error;
use cuprum_core::ext::test_util::all_devices;
use cuprum_interpolate::*;

/// The power-basis coefficients `(3, 2)` on the breakpoints `[0, 1, 2.5]` the extend tests
/// start from.
const C0: [f64; 6] = [1.0, 2.0, 0.5, -1.0, 0.0, 3.0];
const X0: [f64; 3] = [0.0, 1.0, 2.5];

#[test]
fn ppoly_extend_appends_and_prepends() {
    for dev in all_devices() {
        let base = PPoly::new(
            &arr(&C0, &[3, 2], dev),
            &arr(&X0, &[3], dev),
            Extrapolate::Yes,
            0,
        )
        .unwrap();
        // p = PPoly(c0, x0); p.extend([[1.0], [2.0]], [4.0]): a linear piece, padded
        let mut p = base.clone();
        p.extend(&arr(&[1.0, 2.0], &[2, 1], dev), &arr(&[4.0], &[1], dev))
            .unwrap();
        check(
            &p.c().unwrap(),
            &[1.0, 2.0, 0.0, 0.5, -1.0, 1.0, 0.0, 3.0, 2.0],
            0.0,
        );
        check(p.x(), &[0.0, 1.0, 2.5, 4.0], 0.0);
        let at = arr(&[0.5, 2.0, 3.0, 5.0], &[4], dev);
        // p([0.5, 2.0, 3.0, 5.0])
        check(&p.call(&at, 0).unwrap(), &[0.5, 4.0, 2.5, 4.5], 1e-15);
        assert_eq!(p.x().device(), dev);
        // p = PPoly(c0, x0); p.extend([[1, 2], [-1, 1], [0.5, 0]], [-3.0, -1.0])
        let mut p = base.clone();
        p.extend(
            &arr(&[1.0, 2.0, -1.0, 1.0, 0.5, 0.0], &[3, 2], dev),
            &arr(&[-3.0, -1.0], &[2], dev),
        )
        .unwrap();
        check(
            &p.c().unwrap(),
            &[1.0, 2.0, 1.0, 2.0, -1.0, 1.0, 0.5, -1.0, 0.5, 0.0, 0.0, 3.0],
            0.0,
        );
        check(p.x(), &[-3.0, -1.0, 0.0, 1.0, 2.5], 0.0);
        let at = arr(&[-2.5, -0.5, 0.5], &[3], dev);
        check(&p.call(&at, 0).unwrap(), &[0.25, 1.0, 0.5], 1e-15);
        // an empty c changes nothing
        let mut p = base.clone();
        p.extend(&arr(&[], &[3, 0], dev), &arr(&[], &[0], dev))
            .unwrap();
        check(p.x(), &X0, 0.0);
        // overlapping breakpoints and a wrong trailing shape are errors (SciPy's ValueError)
        let mut p = base.clone();
        let e = p.extend(&arr(&[1.0, 2.0], &[2, 1], dev), &arr(&[2.0], &[1], dev));
        assert!(matches!(e, Err(Error::BadArgument { .. })), "{e:?}");
        let e = p.extend(&arr(&[1.0, 2.0], &[1, 1, 2], dev), &arr(&[4.0], &[1], dev));
        assert!(matches!(e, Err(Error::BadShape { .. })), "{e:?}");
    }
}

#[test]
fn bpoly_extend_raises_the_degree() {
    for dev in all_devices() {
        let base = BPoly::new(
            &arr(&[0.0, 1.0, 1.0, 2.0, 0.5, 0.0], &[3, 2], dev),
            &arr(&X0, &[3], dev),
            Extrapolate::Yes,
            0,
        )
        .unwrap();
        // bp = BPoly(bc, x0); bp.extend([[1.0], [3.0]], [4.0])
        let mut b = base.clone();
        b.extend(&arr(&[1.0, 3.0], &[2, 1], dev), &arr(&[4.0], &[1], dev))
            .unwrap();
        check(b.c(), &[0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 0.5, 0.0, 3.0], 1e-15);
        let at = arr(&[0.5, 2.0, 3.0, 4.5], &[4], dev);
        check(
            &b.call(&at, 0).unwrap(),
            &[0.625, 1.0, 1.6666666666666667, 3.666666666666667],
            1e-14,
        );
        // bp = BPoly(bc, x0); bp.extend([[1], [2], [3], [4], [5]], [-1.0]): this one is raised
        let mut b = base.clone();
        b.extend(
            &arr(&[1.0, 2.0, 3.0, 4.0, 5.0], &[5, 1], dev),
            &arr(&[-1.0], &[1], dev),
        )
        .unwrap();
        check(
            b.c(),
            &[
                1.0, 0.0, 1.0, 2.0, 0.5, 1.5, 3.0, 0.75, 1.5, 4.0, 0.75, 1.0, 5.0, 0.5, 0.0,
            ],
            1e-15,
        );
        let at = arr(&[-0.5, 0.5, 2.0], &[3], dev);
        check(&b.call(&at, 0).unwrap(), &[3.0, 0.625, 1.0], 1e-14);
    }
}

#[test]
fn power_and_bernstein_conversions() {
    // cc (4, 3) on xb
    let cc = [
        1.0, -2.0, 0.5, 0.0, 1.0, 2.0, 3.0, -1.0, 1.0, 0.5, 0.5, -0.5,
    ];
    let xb = [0.0, 0.5, 2.0, 2.5];
    for dev in all_devices() {
        let (c, x) = (arr(&cc, &[4, 3], dev), arr(&xb, &[4], dev));
        let pp = PPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
        // BPoly.from_power_basis(PPoly(cc, xb)).c and its values at [0.25, 1.0, 2.2]
        let b = BPoly::from_power_basis(&pp, None).unwrap();
        check(
            b.c(),
            &[
                0.5,
                0.5,
                -0.5,
                1.0,
                0.0,
                -0.33333333333333337,
                1.5,
                0.25,
                0.0,
                2.125,
                -5.5,
                0.5625,
            ],
            1e-14,
        );
        assert_eq!(b.c().device(), dev);
        let at = arr(&[0.25, 1.0, 2.2], &[3], dev);
        check(
            &b.call(&at, 0).unwrap(),
            &[1.265625, 8.326672684688674e-17, -0.2159999999999997],
            1e-14,
        );
        // PPoly.from_bernstein_basis(BPoly(cc, xb)).c
        let bp = BPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
        let p2 = PPoly::from_bernstein_basis(&bp, Some(Extrapolate::No)).unwrap();
        check(
            &p2.c().unwrap(),
            &[
                -76.0,
                2.518518518518518,
                16.0,
                48.0,
                -6.666666666666666,
                -30.0,
                -6.0,
                6.0,
                9.0,
                1.0,
                -2.0,
                0.5,
            ],
            1e-13,
        );
        assert_eq!(p2.extrapolate(), Extrapolate::No);
        // the round trip keeps the coefficients
        let back = BPoly::from_power_basis(&p2, None).unwrap();
        check(back.c(), &cc, 1e-13);
    }
}

#[test]
fn univariate_spline_calculus() {
    for dev in all_devices() {
        // x = linspace(0, 3, 12); y = sin(2 x) + 0.1 x; s = UnivariateSpline(x, y, s=0.05)
        let xs: Vec<f64> = (0..12).map(|i| 3.0 * i as f64 / 11.0).collect();
        let ys: Vec<f64> = xs.iter().map(|&v| (2.0 * v).sin() + 0.1 * v).collect();
        let s = UnivariateSpline::new(
            &arr(&xs, &[12], dev),
            &arr(&ys, &[12], dev),
            UnivariateOptions {
                s: Some(0.05),
                ..Default::default()
            },
        )
        .unwrap();
        check(
            &s.get_knots().unwrap(),
            &[0.0, 0.8181818181818181, 1.6363636363636362, 3.0],
            1e-12,
        );
        let at = arr(&[0.3, 1.7, 2.9], &[3], dev);
        // s.derivative(1)(at), s.antiderivative(1)(at), s.roots(), s.derivatives(1.3)
        let d = s.derivative(1).unwrap();
        assert_eq!(d.k(), 2);
        check(
            &d.call(&at, 0).unwrap(),
            &[1.7921172153878844, -1.581335283937206, 2.443042471800495],
            1e-10,
        );
        check(
            &s.antiderivative(1).unwrap().call(&at, 0).unwrap(),
            &[0.1065222298196738, 1.124839235803669, 0.4839162538640918],
            1e-10,
        );
        check(
            &s.roots().unwrap(),
            &[0.021438873103038308, 1.6696659969661978, 2.979814209232968],
            1e-10,
        );
        let all = s.derivatives(1.3).unwrap();
        assert_eq!(all.device(), dev);
        check(
            &all,
            &[
                0.576967167990292,
                -1.4294211740649512,
                -1.2380436913989665,
                4.27938110516322,
            ],
            1e-10,
        );
        // s.derivatives(5.0): ValueError (outside t(k) <= x <= t(n-k+1)); s.derivative(4)
        assert!(matches!(s.derivatives(5.0), Err(Error::OutOfDomain { .. })));
        assert!(matches!(s.derivative(4), Err(Error::OutOfDomain { .. })));
        // make_lsq_spline(x, c_[y, cos(x)], [0]*4 + [1, 2] + [3]*4, 3).c
        let y2: Vec<f64> = xs
            .iter()
            .zip(&ys)
            .flat_map(|(&v, &w)| [w, v.cos()])
            .collect();
        let t = [0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 3.0, 3.0, 3.0];
        let b = make_lsq_spline(
            &arr(&xs, &[12], dev),
            &arr(&y2, &[12, 2], dev),
            &arr(&t, &[10], dev),
            3,
            None,
        )
        .unwrap();
        let c = b.c().unwrap();
        assert_eq!(c.shape(), &[6, 2]);
        check(
            &c,
            &[
                -0.002087468235552851,
                0.9998227128401016,
                0.763262926890449,
                1.0049749736276261,
                1.7458437445108665,
                0.6360790706598273,
                -1.1368216193400518,
                -0.4892403711838386,
                -0.7507625280426217,
                -0.948029288820321,
                0.025478904237413367,
                -0.9897789416688045,
            ],
            1e-10,
        );
    }
}

#[test]
fn extend_with_trailing_axes() {
    // c = [1, 2, 0.5, -1] as (2, 1, 2) on [0, 1]; c2 = [3, 1, 0, 2, 1, 1] as (3, 1, 2) at [2.0]
    let c = [1.0, 2.0, 0.5, -1.0];
    let c2 = [3.0, 1.0, 0.0, 2.0, 1.0, 1.0];
    for dev in all_devices() {
        let x = arr(&[0.0, 1.0], &[2], dev);
        let at = arr(&[0.5, 1.5], &[2], dev);
        // p = PPoly(c, [0, 1]); p.extend(c2, [2.0]); p.c, p([0.5, 1.5])
        let mut p = PPoly::new(&arr(&c, &[2, 1, 2], dev), &x, Extrapolate::Yes, 0).unwrap();
        p.extend(&arr(&c2, &[3, 1, 2], dev), &arr(&[2.0], &[1], dev))
            .unwrap();
        let pc = p.c().unwrap();
        assert_eq!(pc.shape(), &[3, 2, 2]);
        check(
            &pc,
            &[0.0, 0.0, 3.0, 1.0, 1.0, 2.0, 0.0, 2.0, 0.5, -1.0, 1.0, 1.0],
            0.0,
        );
        check(&p.call(&at, 0).unwrap(), &[1.0, 0.0, 1.75, 2.25], 1e-15);
        // b = BPoly(c, [0, 1]); b.extend(c2, [2.0]); b.c, b([0.5, 1.5])
        let mut b = BPoly::new(&arr(&c, &[2, 1, 2], dev), &x, Extrapolate::Yes, 0).unwrap();
        b.extend(&arr(&c2, &[3, 1, 2], dev), &arr(&[2.0], &[1], dev))
            .unwrap();
        assert_eq!(b.c().shape(), &[3, 2, 2]);
        check(
            b.c(),
            &[1.0, 2.0, 3.0, 1.0, 0.75, 0.5, 0.0, 2.0, 0.5, -1.0, 1.0, 1.0],
            1e-15,
        );
        check(&b.call(&at, 0).unwrap(), &[0.75, 0.5, 1.0, 1.5], 1e-15);
        // a trailing shape other than (1, 2) is refused
        let e = b.extend(&arr(&c2, &[3, 2, 1], dev), &arr(&[3.0, 4.0], &[2], dev));
        assert!(matches!(e, Err(Error::BadShape { .. })), "{e:?}");
    }
}
