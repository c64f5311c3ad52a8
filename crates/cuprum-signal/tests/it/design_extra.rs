//! Partial fractions (`residue`, `residuez`, `invres`, `invresz`, `unique_roots`), the analog
//! prototypes, `normalize`, `abcd_normalize` and `band_stop_obj` against SciPy 1.17.1.

use crate::{arr, close, close_c, devices};
use cuprum_core::{Array, Complex64, DType, Device, Error};
use cuprum_signal::*;

fn carr(v: &[(f64, f64)], dev: Device) -> Array {
    let c: Vec<Complex64> = v.iter().map(|&(r, i)| Complex64::new(r, i)).collect();
    let n = c.len();
    Array::from_vec_on(c, &[n], dev).unwrap()
}

fn empty(dev: Device) -> Array {
    arr(vec![], &[0], dev)
}

/// [`invres`] or [`invresz`].
type InvFn = fn(&Array, &Array, &Array, f64, RootType) -> cuprum_core::Result<(Array, Array)>;

/// `inv(r, p, k, tol=1e-3, rtype='avg')` ([`invres`] or [`invresz`]) of 1-D float64 arrays on
/// `dev`.
fn inv_of(inv: InvFn, r: &[f64], p: &[f64], k: &[f64], dev: Device) -> (Array, Array) {
    let a = |v: &[f64]| arr(v.to_vec(), &[v.len()], dev);
    inv(&a(r), &a(p), &a(k), 1e-3, RootType::Avg).unwrap()
}

#[test]
fn residue_matches_scipy() {
    for dev in devices() {
        // scipy.signal.residue([1, 0, 3, 2], [1, 2, 5])
        let (r, p, k) = residue(
            &arr(vec![1.0, 0.0, 3.0, 2.0], &[4], dev),
            &arr(vec![1.0, 2.0, 5.0], &[3], dev),
            1e-3,
            RootType::Avg,
        )
        .unwrap();
        assert_eq!(r.device(), dev);
        close_c(&r, &[(1.0, -2.5), (1.0, 2.5)], 1e-12, 1e-12);
        close_c(&p, &[(-1.0, 2.0), (-1.0, -2.0)], 1e-12, 1e-12);
        assert_eq!(k.dtype(), DType::Float64);
        close(&k, &[1.0, -2.0], 1e-12, 1e-12);
        // scipy.signal.residue([1, 2], [1, 5, 8, 4]): a pole of multiplicity 2 at -2
        let (r, p, k) = residue(
            &arr(vec![1.0, 2.0], &[2], dev),
            &arr(vec![1.0, 5.0, 8.0, 4.0], &[4], dev),
            1e-3,
            RootType::Avg,
        )
        .unwrap();
        assert_eq!(r.dtype(), DType::Float64);
        close(
            &r,
            &[
                1.0000000000000022,
                -1.0000000000000022,
                -4.440892098500634e-16,
            ],
            1e-6,
            1e-6,
        );
        close(
            &p,
            &[
                -1.0000000000000013,
                -1.9999999999999996,
                -1.9999999999999996,
            ],
            1e-6,
            1e-6,
        );
        assert_eq!(k.size(), 0);
        // scipy.signal.residuez([2, 3, 1], [1, -0.5, 0.06])
        let (r, p, k) = residuez(
            &arr(vec![2.0, 3.0, 1.0], &[3], dev),
            &arr(vec![1.0, -0.5, 0.06], &[3], dev),
            1e-3,
            RootType::Avg,
        )
        .unwrap();
        close(&r, &[-83.99999999999997, 69.33333333333333], 1e-10, 1e-10);
        close(
            &p,
            &[0.19999999999999998, 0.30000000000000004],
            1e-12,
            1e-12,
        );
        close(&k, &[16.666666666666668], 1e-12, 0.0);
        // scipy.signal.residuez([1, 1], [1, -1, 0.25]): a double pole at 0.5
        let (r, p, _) = residuez(
            &arr(vec![1.0, 1.0], &[2], dev),
            &arr(vec![1.0, -1.0, 0.25], &[3], dev),
            1e-3,
            RootType::Avg,
        )
        .unwrap();
        close(&r, &[-2.0, 3.0], 1e-6, 1e-6);
        close(&p, &[0.5, 0.5], 1e-6, 1e-6);
    }
}

#[test]
fn invres_matches_scipy() {
    for dev in devices() {
        // scipy.signal.invres([1+2j, 1-2j, 0.5], [-1+1j, -1-1j, -3], [2, 1])
        let (b, a) = invres(
            &carr(&[(1.0, 2.0), (1.0, -2.0), (0.5, 0.0)], dev),
            &carr(&[(-1.0, 1.0), (-1.0, -1.0), (-3.0, 0.0)], dev),
            &arr(vec![2.0, 1.0], &[2], dev),
            1e-3,
            RootType::Avg,
        )
        .unwrap();
        assert_eq!(b.device(), dev);
        close_c(
            &b,
            &[
                (2.0, 0.0),
                (11.0, 0.0),
                (23.5, 0.0),
                (25.0, 0.0),
                (1.0, 0.0),
            ],
            1e-12,
            1e-12,
        );
        close_c(
            &a,
            &[(1.0, 0.0), (5.0, 0.0), (8.0, 0.0), (6.0, 0.0)],
            1e-12,
            1e-12,
        );
        // scipy.signal.invres([1, 2, 3], [-1, -1, -2], [])
        let (b, a) = inv_of(invres, &[1.0, 2.0, 3.0], &[-1.0, -1.0, -2.0], &[], dev);
        assert_eq!(b.dtype(), DType::Float64);
        close(&b, &[4.0, 11.0, 9.0], 1e-12, 1e-12);
        close(&a, &[1.0, 4.0, 5.0, 2.0], 1e-12, 1e-12);
        // round trip: scipy.signal.residue([4, 11, 9], [1, 4, 5, 2]) -> r [1, 2, 3]
        let (r, _, _) = residue(&b, &a, 1e-3, RootType::Avg).unwrap();
        close(&r, &[1.0, 2.0, 3.0], 1e-6, 1e-6);
        // scipy.signal.invresz([1, 2], [0.5, 0.25], [1])
        let (b, a) = inv_of(invresz, &[1.0, 2.0], &[0.5, 0.25], &[1.0], dev);
        close(&b, &[4.0, -2.0, 0.125], 1e-12, 1e-12);
        close(&a, &[1.0, -0.75, 0.125], 1e-12, 1e-12);
        // scipy.signal.invresz([1, 2, 3], [0.5, 0.5, -0.2], [0.5, 1])
        let (b, a) = inv_of(
            invresz,
            &[1.0, 2.0, 3.0],
            &[0.5, 0.5, -0.2],
            &[0.5, 1.0],
            dev,
        );
        let want_b = [6.5, -2.3, -0.125, 0.07499999999999998, 0.05];
        close(&b, &want_b, 1e-12, 1e-12);
        close(&a, &[1.0, -0.8, 0.04999999999999999, 0.05], 1e-12, 1e-12);
    }
}

#[test]
fn unique_roots_matches_scipy() {
    for dev in devices() {
        // scipy.signal.unique_roots([1+1j, 2, 1+1.0001j, 2.0004, 5], tol=1e-3, rtype='avg')
        let (u, m) = unique_roots(
            &carr(
                &[
                    (1.0, 1.0),
                    (2.0, 0.0),
                    (1.0, 1.0001),
                    (2.0004, 0.0),
                    (5.0, 0.0),
                ],
                dev,
            ),
            1e-3,
            RootType::Avg,
        )
        .unwrap();
        close_c(
            &u,
            &[(1.0, 1.0000499999999999), (2.0002, 0.0), (5.0, 0.0)],
            1e-14,
            1e-14,
        );
        assert_eq!(m.to_vec::<i64>().unwrap(), vec![2, 2, 1]);
        // scipy.signal.unique_roots([3, 1, 3.0002, 1.0001], tol=1e-3, rtype='min')
        let (u, m) = unique_roots(
            &arr(vec![3.0, 1.0, 3.0002, 1.0001], &[4], dev),
            1e-3,
            RootType::Min,
        )
        .unwrap();
        assert_eq!(u.dtype(), DType::Float64);
        close(&u, &[3.0, 1.0], 0.0, 0.0);
        assert_eq!(m.to_vec::<i64>().unwrap(), vec![2, 2]);
    }
}

#[test]
fn partial_fraction_bad_input() {
    let dev = Device::Cpu;
    let b = arr(vec![1.0], &[1], dev);
    let z = arr(vec![0.0, 0.0], &[2], dev);
    assert!(matches!(
        residue(&b, &z, 1e-3, RootType::Avg),
        Err(Error::OutOfDomain {
            op: "signal.residue",
            arg: "a",
            ..
        })
    ));
    assert!(matches!(
        residuez(&b, &arr(vec![0.0, 1.0], &[2], dev), 1e-3, RootType::Avg),
        Err(Error::OutOfDomain {
            op: "signal.residuez",
            ..
        })
    ));
    assert!(matches!(
        residue(
            &b,
            &arr(vec![1.0, 2.0, 3.0, 4.0], &[2, 2], dev),
            1e-3,
            RootType::Avg
        ),
        Err(Error::BadShape { arg: "a", .. })
    ));
    assert!(matches!(
        residue(
            &b,
            &arr(vec![1.0, f64::NAN], &[2], dev),
            1e-3,
            RootType::Avg
        ),
        Err(Error::OutOfDomain { .. })
    ));
    assert!(matches!(
        unique_roots(&b, -1.0, RootType::Min),
        Err(Error::OutOfDomain { arg: "tol", .. })
    ));
    assert!(matches!(
        invres(
            &arr(vec![1.0, 2.0], &[2], dev),
            &b,
            &empty(dev),
            1e-3,
            RootType::Avg
        ),
        Err(Error::ShapeMismatch { .. })
    ));
    assert!(RootType::parse("median").is_err());
    // empty numerator: zero residues, the sorted poles
    let (r, p, k) = residue(
        &empty(dev),
        &arr(vec![1.0, 3.0, 2.0], &[3], dev),
        1e-3,
        RootType::Avg,
    )
    .unwrap();
    close(&r, &[0.0, 0.0], 0.0, 0.0);
    close(&p, &[-1.0, -2.0], 1e-12, 1e-12);
    assert_eq!(k.size(), 0);
}

#[test]
fn analog_prototypes_match_scipy() {
    for dev in devices() {
        {
            let _g = dev.use_device().unwrap();
            // scipy.signal.buttap(5)
            let (z, p, k) = buttap(5).unwrap();
            assert_eq!((z.size(), k, p.device()), (0, 1.0, dev));
            close_c(
                &p,
                &[
                    (-0.30901699437494745, 0.9510565162951535),
                    (-0.8090169943749475, 0.5877852522924731),
                    (-1.0, 0.0),
                    (-0.8090169943749475, -0.5877852522924731),
                    (-0.30901699437494745, -0.9510565162951535),
                ],
                1e-14,
                1e-15,
            );
            // scipy.signal.cheb1ap(4, 0.5)
            let (_, p, k) = cheb1ap(4, 0.5).unwrap();
            close_c(
                &p,
                &[
                    (-0.17535306957759994, 1.0162528927169086),
                    (-0.4233397587779947, 0.4209457309642335),
                    (-0.4233397587779947, -0.4209457309642335),
                    (-0.17535306957759994, -1.0162528927169086),
                ],
                1e-13,
                1e-14,
            );
            assert!((k - 0.35784689515539864).abs() < 1e-13);
            // scipy.signal.cheb1ap(0, 0.5) -> k 0.9440608762859234
            assert!((cheb1ap(0, 0.5).unwrap().2 - 0.9440608762859234).abs() < 1e-15);
            // scipy.signal.cheb2ap(5, 30)
            let (z, p, k) = cheb2ap(5, 30.0).unwrap();
            close_c(
                &z,
                &[
                    (0.0, -1.0514622242382672),
                    (0.0, -1.7013016167040798),
                    (0.0, 1.7013016167040798),
                    (0.0, 1.0514622242382672),
                ],
                1e-13,
                1e-14,
            );
            close_c(
                &p,
                &[
                    (-0.16240987627423428, -0.7349279946959252),
                    (-0.6222489819648376, -0.6647121685109684),
                    (-1.0778712106732897, 0.0),
                    (-0.6222489819648376, 0.6647121685109684),
                    (-0.16240987627423428, 0.7349279946959252),
                ],
                1e-13,
                1e-14,
            );
            assert!((k - 0.15819299929208316).abs() < 1e-13);
            // scipy.signal.ellipap(5, 0.5, 50)
            let (z, p, k) = ellipap(5, 0.5, 50.0).unwrap();
            close_c(
                &z,
                &[
                    (0.0, 2.3025582755128777),
                    (0.0, 1.5410150753076293),
                    (0.0, -2.3025582755128777),
                    (0.0, -1.5410150753076293),
                ],
                1e-10,
                1e-12,
            );
            close_c(
                &p,
                &[
                    (-0.4278836078333788, 0.0),
                    (-0.28476603661320876, -0.7055272663717959),
                    (-0.08097308608632943, -1.012527744573531),
                    (-0.28476603661320876, 0.7055272663717959),
                    (-0.08097308608632943, 1.012527744573531),
                ],
                1e-10,
                1e-12,
            );
            assert!((k - 0.020297706779619968).abs() < 1e-11);
        }
    }
    assert!(matches!(
        cheb1ap(3, -1.0),
        Err(Error::OutOfDomain {
            op: "signal.cheb1ap",
            arg: "rp",
            ..
        })
    ));
    assert!(matches!(
        cheb2ap(3, f64::NAN),
        Err(Error::OutOfDomain { .. })
    ));
    assert!(matches!(
        ellipap(3, 1.0, 0.0),
        Err(Error::OutOfDomain { arg: "rs", .. })
    ));
    assert!(matches!(buttap(1 << 20), Err(Error::BadArgument { .. })));
}

#[test]
fn normalize_matches_scipy() {
    for dev in devices() {
        // scipy.signal.normalize([[0, 0, 2, 4], [0, 1e-15, 3, 6]], [0, 2, 4]) (warns)
        let n = normalize(
            &arr(vec![0.0, 0.0, 2.0, 4.0, 0.0, 1e-15, 3.0, 6.0], &[2, 4], dev),
            &arr(vec![0.0, 2.0, 4.0], &[3], dev),
        )
        .unwrap();
        assert_eq!(n.num.shape(), &[2, 2]);
        assert_eq!(n.num.device(), dev);
        close(&n.num, &[1.0, 2.0, 1.5, 3.0], 0.0, 0.0);
        close(&n.den, &[1.0, 2.0], 0.0, 0.0);
        assert_eq!(n.warning, Some(BadCoefficients { trimmed: 2 }));
        // scipy.signal.normalize([3, -2, 5], [2, 3, 1]) (no warning)
        let n = normalize(
            &arr(vec![3.0, -2.0, 5.0], &[3], dev),
            &arr(vec![2.0, 3.0, 1.0], &[3], dev),
        )
        .unwrap();
        close(&n.num, &[1.5, -1.0, 2.5], 0.0, 0.0);
        close(&n.den, &[1.0, 1.5, 0.5], 0.0, 0.0);
        assert_eq!(n.warning, None);
        // scipy.signal.normalize([0, 0], [1, 2]) -> [0.] (one column kept, warns)
        let n = normalize(
            &arr(vec![0.0, 0.0], &[2], dev),
            &arr(vec![1.0, 2.0], &[2], dev),
        )
        .unwrap();
        close(&n.num, &[0.0], 0.0, 0.0);
        assert!(n.warning.is_some());
        // scipy.signal.normalize([[1, 2]], [4]) -> [0.25, 0.5] (one row squeezed)
        let n = normalize(
            &arr(vec![1.0, 2.0], &[1, 2], dev),
            &arr(vec![4.0], &[1], dev),
        )
        .unwrap();
        assert_eq!(n.num.shape(), &[2]);
        close(&n.num, &[0.25, 0.5], 0.0, 0.0);
    }
    let d = Device::Cpu;
    assert!(matches!(
        normalize(&arr(vec![1.0], &[1], d), &arr(vec![0.0, 0.0], &[2], d)),
        Err(Error::OutOfDomain {
            op: "signal.normalize",
            arg: "a",
            ..
        })
    ));
    assert!(matches!(
        normalize(&arr(vec![1.0], &[1], d), &arr(vec![1.0; 4], &[2, 2], d)),
        Err(Error::BadShape { arg: "a", .. })
    ));
}

#[test]
fn abcd_normalize_shapes() {
    for dev in devices() {
        // scipy.signal.abcd_normalize(A=[[1, 2], [3, 4]], C=[[1, 0]], D=[[0.5]]): B = [[0.], [0.]]
        let a = arr(vec![1.0, 2.0, 3.0, 4.0], &[2, 2], dev);
        let c = arr(vec![1.0, 0.0], &[2], dev);
        let d = arr(vec![0.5], &[1, 1], dev);
        let (a2, b2, c2, d2) = abcd_normalize(Some(&a), None, Some(&c), Some(&d)).unwrap();
        assert_eq!(a2.shape(), &[2, 2]);
        assert_eq!((b2.shape(), b2.device()), (&[2, 1][..], dev));
        close(&b2, &[0.0, 0.0], 0.0, 0.0);
        assert_eq!(c2.shape(), &[1, 2]);
        close(&d2, &[0.5], 0.0, 0.0);
        let bad = arr(vec![1.0; 3], &[3, 1], dev);
        assert!(matches!(
            abcd_normalize(Some(&a), Some(&bad), Some(&c), Some(&d)),
            Err(Error::BadShape { arg: "B", .. })
        ));
    }
    assert!(matches!(
        abcd_normalize(None, None, None, None),
        Err(Error::BadArgument { .. })
    ));
}

#[test]
fn band_stop_obj_matches_scipy() {
    // scipy.signal.band_stop_obj(1.2, 0, np.array([1., 4]), np.array([2., 3]), 1, 40, t) and
    // band_stop_obj(3.5, 1, np.array([1., 4]), np.array([2., 3]), 2, 60, t)
    let want = [
        (BandStopType::Butter, 7.618479817340552, 23.136558980151385),
        (BandStopType::Cheby, 4.536111994321332, 9.493715853814994),
        (BandStopType::Ellip, 3.3178156120513393, 5.642648706547741),
    ];
    for (t, w0, w1) in want {
        let v0 = band_stop_obj(1.2, 0, [1.0, 4.0], [2.0, 3.0], 1.0, 40.0, t).unwrap();
        let v1 = band_stop_obj(3.5, 1, [1.0, 4.0], [2.0, 3.0], 2.0, 60.0, t).unwrap();
        assert!((v0 - w0).abs() <= 1e-12 * w0, "{t:?}: {v0} vs {w0}");
        assert!((v1 - w1).abs() <= 1e-12 * w1, "{t:?}: {v1} vs {w1}");
    }
    let b = BandStopType::Butter;
    assert!(matches!(
        band_stop_obj(1.2, 2, [1.0, 4.0], [2.0, 3.0], 1.0, 40.0, b),
        Err(Error::BadArgument { arg: "ind", .. })
    ));
    assert!(matches!(
        band_stop_obj(1.2, 0, [1.0, 4.0], [2.0, 3.0], 50.0, 40.0, b),
        Err(Error::OutOfDomain { arg: "gpass", .. })
    ));
    assert!(BandStopType::parse("bessel").is_err());
}
