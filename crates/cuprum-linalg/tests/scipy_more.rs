//! `numpy.linalg`'s tensor helpers and the `cupyx.scipy.linalg` routines of `scipy_ext.rs`
//! against SciPy 1.17 / NumPy 2.4 answers (embedded; the script that made them is in each
//! test's comment), on every device (`all_devices()`: the CPU here, CUDA too on a GPU host).

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType, Device};
use cuprum_linalg::scipy::{self, Side};
use cuprum_linalg::{LinalgError, QrMode};

fn arr(v: &[f64], shape: &[usize], d: Device) -> Array {
    Array::from_vec_on(v.to_vec(), shape, d).unwrap()
}

fn get(a: &Array) -> Vec<f64> {
    assert_eq!(a.dtype(), DType::Float64);
    a.to_vec::<f64>().unwrap()
}

fn close(what: &str, got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "{what}[{i}]: {g} vs {w}"
        );
    }
}

const A: [f64; 9] = [1.0, 2.0, 0.5, -1.0, 0.3, 2.0, 0.2, -0.7, 1.5];
const S: [f64; 9] = [4.0, 1.0, 0.5, 1.0, 3.0, 0.2, 0.5, 0.2, 2.0];
const M: [f64; 6] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
const R: [f64; 6] = [1.0, 2.0, 3.0, 2.0, 4.0, 6.0];

#[test]
fn expm_matches_scipy() {
    // sl.expm(A), sl.expm(3 * A) (the degree-13 branch with squarings), a complex matrix
    let want_a = [
        1.5973605637300317,
        1.8283447715216659,
        5.3041270046150295,
        -0.6815144267975719,
        -0.7202824992709589,
        2.7072748387162093,
        1.1910189659929662,
        -0.7148882345874124,
        3.3857672995668895,
    ];
    let want_3a = [
        51.04307816348776,
        -6.920559179198382,
        140.7569416003759,
        10.299659496567623,
        4.145745435957122,
        18.917098247126813,
        28.945257012276652,
        0.2183955204740484,
        88.44939005856301,
    ];
    let want_c = [
        Complex64::new(-0.229075397901501, 2.3773315693827364),
        Complex64::new(1.5140088038160933, 1.3846590871818139),
        Complex64::new(3.6777234566532844, -2.197222155323098),
        Complex64::new(8.337578558457942, -0.9093854715180083),
    ];
    for d in all_devices() {
        close(
            "expm(A)",
            &get(&scipy::expm(&arr(&A, &[3, 3], d)).unwrap()),
            &want_a,
            1e-13,
        );
        let a3: Vec<f64> = A.iter().map(|x| 3.0 * x).collect();
        close(
            "expm(3A)",
            &get(&scipy::expm(&arr(&a3, &[3, 3], d)).unwrap()),
            &want_3a,
            1e-12,
        );
        // a batch: expm of each
        let mut two = A.to_vec();
        two.extend_from_slice(&a3);
        let e = get(&scipy::expm(&arr(&two, &[2, 3, 3], d)).unwrap());
        close("expm batch", &e[..9], &want_a, 1e-12);
        close("expm batch", &e[9..], &want_3a, 1e-12);
        // tiny norm (degree 3), zero matrix, float32, integers -> float64
        let z = get(&scipy::expm(&arr(&[0.0; 4], &[2, 2], d)).unwrap());
        assert_eq!(z, vec![1.0, 0.0, 0.0, 1.0]);
        let t = get(&scipy::expm(&arr(&[1e-3, 0.0, 0.0, -1e-3], &[2, 2], d)).unwrap());
        close(
            "expm tiny",
            &t,
            &[1e-3f64.exp(), 0.0, 0.0, (-1e-3f64).exp()],
            1e-15,
        );
        let f = Array::from_vec_on(A.iter().map(|&x| x as f32).collect(), &[3, 3], d).unwrap();
        let ef = scipy::expm(&f).unwrap();
        assert_eq!(ef.dtype(), DType::Float32);
        let ef: Vec<f64> = ef
            .to_vec::<f32>()
            .unwrap()
            .iter()
            .map(|&x| x as f64)
            .collect();
        close("expm float32", &ef, &want_a, 1e-5);
        let i = Array::from_vec_on(vec![0i64, 1, -1, 0], &[2, 2], d).unwrap();
        let ei = get(&scipy::expm(&i).unwrap());
        close(
            "expm int",
            &ei,
            &[1f64.cos(), 1f64.sin(), -(1f64.sin()), 1f64.cos()],
            1e-14,
        );
        let c = Array::from_vec_on(
            vec![
                Complex64::new(1.0, 2.0),
                Complex64::new(0.5, 0.0),
                Complex64::new(0.3, -1.0),
                Complex64::new(2.0, 0.0),
            ],
            &[2, 2],
            d,
        )
        .unwrap();
        let ec = scipy::expm(&c).unwrap().to_vec::<Complex64>().unwrap();
        for (g, w) in ec.iter().zip(&want_c) {
            assert!(
                (g - w).norm() < 1e-12 * w.norm().max(1.0),
                "expm complex {g} vs {w}"
            );
        }
        // errors
        assert!(matches!(
            scipy::expm(&arr(&M, &[2, 3], d)),
            Err(LinalgError::NotSquare { .. })
        ));
        assert!(matches!(
            scipy::expm(&arr(&[1.0, f64::NAN, 0.0, 1.0], &[2, 2], d)),
            Err(LinalgError::NonFinite { index: 1, .. })
        ));
    }
}

#[test]
fn sqrtm_matches_scipy() {
    let want_s = [
        1.9765806563757558,
        0.2692204493248592,
        0.14369849862298256,
        0.2692204493248593,
        1.7102165217242131,
        0.05176677010255955,
        0.14369849862298262,
        0.05176677010255945,
        1.4059413014086501,
    ];
    let want_a = [
        1.19274799087579,
        0.9013405990388003,
        -0.10267015821824474,
        -0.46641455430233986,
        0.9908123518136442,
        0.8418623031921313,
        0.021908955844467393,
        -0.310396060900188,
        1.3279910160442137,
    ];
    for d in all_devices() {
        let x = scipy::sqrtm(&arr(&S, &[3, 3], d)).unwrap();
        close("sqrtm(S)", &get(&x), &want_s, 1e-12);
        let x = scipy::sqrtm(&arr(&A, &[3, 3], d)).unwrap();
        close("sqrtm(A)", &get(&x), &want_a, 1e-11);
        // a negative eigenvalue: a complex root, as SciPy
        let x = scipy::sqrtm(&arr(&[-4.0, 1.0, 0.0, 9.0], &[2, 2], d)).unwrap();
        assert_eq!(x.dtype(), DType::Complex128);
        let v = x.to_vec::<Complex64>().unwrap();
        let want = [
            Complex64::new(0.0, 2.0),
            Complex64::new(0.23076923076923078, -0.15384615384615385),
            Complex64::new(0.0, 0.0),
            Complex64::new(3.0, 0.0),
        ];
        for (g, w) in v.iter().zip(&want) {
            assert!((g - w).norm() < 1e-12, "sqrtm complex {g} vs {w}");
        }
        assert!(scipy::sqrtm(&arr(&M, &[2, 3], d)).is_err());
    }
}

#[test]
fn pinv_null_space_orth_polar() {
    for d in all_devices() {
        let p = get(&scipy::pinv(&arr(&M, &[3, 2], d), None, None).unwrap());
        let want = [
            -1.3333333333333337,
            -0.33333333333333287,
            0.6666666666666665,
            1.0833333333333337,
            0.3333333333333329,
            -0.4166666666666665,
        ];
        close("pinv(M)", &p, &want, 1e-12);
        let p = scipy::pinv(&arr(&R, &[2, 3], d), None, None).unwrap();
        assert_eq!(p.shape(), &[3, 2]);
        let want = [
            0.014285714285714282,
            0.028571428571428564,
            0.028571428571428564,
            0.05714285714285713,
            0.042857142857142844,
            0.08571428571428569,
        ];
        close("pinv(R)", &get(&p), &want, 1e-12);
        // atol above every singular value: zeros
        let z = get(&scipy::pinv(&arr(&R, &[2, 3], d), Some(100.0), None).unwrap());
        assert_eq!(z, vec![0.0; 6]);
        assert!(scipy::pinv(&arr(&R, &[2, 3], d), Some(-1.0), None).is_err());

        // null_space(R): (3, 2), R @ Z = 0, Z^T Z = I
        let z = scipy::null_space(&arr(&R, &[2, 3], d), None).unwrap();
        assert_eq!(z.shape(), &[3, 2]);
        let rz = get(&cuprum_core::matmul(&arr(&R, &[2, 3], d), &z).unwrap());
        assert!(rz.iter().all(|v| v.abs() < 1e-12), "{rz:?}");
        let ztz = get(&cuprum_core::matmul(&z.transpose().unwrap(), &z).unwrap());
        close("null_space orthonormal", &ztz, &[1.0, 0.0, 0.0, 1.0], 1e-12);
        // orth(R) = ±[-1, -2]/sqrt(5)
        let q = get(&scipy::orth(&arr(&R, &[2, 3], d), None).unwrap());
        assert_eq!(q.len(), 2);
        close(
            "orth(R)",
            &[q[0].abs(), q[1].abs()],
            &[0.4472135954999579, 0.8944271909999157],
            1e-12,
        );
        assert_eq!(
            scipy::null_space(&arr(&S, &[3, 3], d), None)
                .unwrap()
                .shape(),
            &[3, 0]
        );

        let (u, p) = scipy::polar(&arr(&M, &[3, 2], d), Side::Right).unwrap();
        let want_u = [
            -0.5510032429894987,
            0.7278246763805066,
            0.1361585186719082,
            0.5610652289408111,
            0.8233202803333143,
            0.3943057815011163,
        ];
        close("polar u", &get(&u), &want_u, 1e-12);
        let want_p = [
            3.9740737146927962,
            4.3825492707085205,
            4.3825492707085205,
            6.0657449575309546,
        ];
        close("polar p", &get(&p), &want_p, 1e-12);
        let (_, p) = scipy::polar(&arr(&M, &[3, 2], d), Side::Left).unwrap();
        let want_l = [
            0.9046461097715147,
            1.2582889765535303,
            1.6119318433355465,
            1.2582889765535303,
            2.6527364717789688,
            4.047183967004408,
            1.6119318433355465,
            4.047183967004408,
            6.48243609067327,
        ];
        close("polar left p", &get(&p), &want_l, 1e-12);
        assert!(scipy::polar(&arr(&[1.0; 8], &[2, 2, 2], d), Side::Right).is_err());
    }
}

#[test]
fn scipy_names_for_svd_qr_lstsq() {
    for d in all_devices() {
        let f = scipy::qr(&arr(&M, &[3, 2], d), QrMode::Complete).unwrap();
        let q = f.q.unwrap();
        assert_eq!(
            (q.shape(), f.r.shape()),
            (&[3usize, 3][..], &[3usize, 2][..])
        );
        let back = get(&cuprum_core::matmul(&q, &f.r).unwrap());
        close("qr recompose", &back, &M, 1e-12);
        let s = scipy::svd(&arr(&M, &[3, 2], d), false, false).unwrap();
        close(
            "svd s",
            &get(&s.s),
            &[9.525518091565107, 0.5143005806586441],
            1e-12,
        );
        let r = scipy::lstsq(&arr(&M, &[3, 2], d), &arr(&[1.0, 0.0, 2.0], &[3], d), None).unwrap();
        close("lstsq x", &get(&r.x), &[0.0, 0.25], 1e-12);
        close("lstsq residues", &get(&r.residuals), &[1.5], 1e-12);
    }
}

#[test]
fn cholesky_and_banded_solves() {
    let b = [1.0, 2.0, 3.0];
    let want = [-0.08172851103804599, 0.5965241897604509, 1.4607797087834662];
    for d in all_devices() {
        for lower in [false, true] {
            let c = scipy::cho_factor(&arr(&S, &[3, 3], d), lower).unwrap();
            assert_eq!(c.1, lower);
            let x = scipy::cho_solve(&c, &arr(&b, &[3], d)).unwrap();
            close(&format!("cho_solve lower={lower}"), &get(&x), &want, 1e-13);
            // a matrix right-hand side
            let bm = arr(&[1.0, 1.0, 2.0, 2.0, 3.0, 3.0], &[3, 2], d);
            let xm = get(&scipy::cho_solve(&c, &bm).unwrap());
            close("cho_solve matrix", &[xm[0], xm[2], xm[4]], &want, 1e-13);
        }
        assert!(matches!(
            scipy::cho_factor(&arr(&[1.0, 2.0, 2.0, 1.0], &[2, 2], d), false),
            Err(LinalgError::NotPositiveDefinite { .. })
        ));
        let ab = [
            0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 1.0, 1.5, 2.0, 0.0, 0.5, 0.25, 0.0, 0.0,
        ];
        let x = scipy::solve_banded(
            (2, 1),
            &arr(&ab, &[4, 4], d),
            &arr(&[1.0, 2.0, 3.0, 4.0], &[4], d),
        )
        .unwrap();
        let want_b = [
            0.1737357259380098,
            0.30505709624796085,
            0.15048939641109296,
            0.517536704730832,
        ];
        close("solve_banded", &get(&x), &want_b, 1e-13);
        let e = scipy::solve_banded((1, 1), &arr(&ab, &[4, 4], d), &arr(&[1.0; 4], &[4], d));
        assert!(matches!(
            e,
            Err(cuprum_linalg::LinalgError::Core(
                cuprum_core::Error::BadArgument {
                    op: "solve_banded",
                    arg: "l_and_u",
                    ..
                }
            ))
        ));
        assert!(
            scipy::solve_banded((2, 1), &arr(&ab, &[4, 4], d), &arr(&[1.0; 3], &[3], d)).is_err()
        );
    }
}

#[test]
fn special_matrices() {
    for d in all_devices() {
        let i = |v: &[i64]| Array::from_vec_on(v.to_vec(), &[v.len()], d).unwrap();
        let t = scipy::toeplitz(&i(&[1, 2, 3]), Some(&i(&[1, 4, 5, 6]))).unwrap();
        assert_eq!(t.shape(), &[3, 4]);
        assert_eq!(
            t.to_vec::<i64>().unwrap(),
            vec![1, 4, 5, 6, 2, 1, 4, 5, 3, 2, 1, 4]
        );
        let c = Array::from_vec_on(
            vec![Complex64::new(1.0, 1.0), Complex64::new(2.0, -1.0)],
            &[2],
            d,
        )
        .unwrap();
        let tc = scipy::toeplitz(&c, None)
            .unwrap()
            .to_vec::<Complex64>()
            .unwrap();
        let want = [(1.0, 1.0), (2.0, 1.0), (2.0, -1.0), (1.0, 1.0)];
        for (g, w) in tc.iter().zip(want) {
            assert_eq!((g.re, g.im), w);
        }
        let h = scipy::hankel(&i(&[1, 2, 3]), Some(&i(&[3, 4, 5, 6]))).unwrap();
        assert_eq!(
            h.to_vec::<i64>().unwrap(),
            vec![1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6]
        );
        let h0 = scipy::hankel(&i(&[1, 2]), None).unwrap();
        assert_eq!(h0.to_vec::<i64>().unwrap(), vec![1, 2, 2, 0]);
        let ci = scipy::circulant(&i(&[1, 2, 3, 4])).unwrap();
        assert_eq!(
            ci.to_vec::<i64>().unwrap(),
            vec![1, 4, 3, 2, 2, 1, 4, 3, 3, 2, 1, 4, 4, 3, 2, 1]
        );
        let a = Array::from_vec_on(vec![1i64, 2, 3, 4], &[2, 2], d).unwrap();
        let e = Array::from_vec_on(vec![8i64], (), d).unwrap();
        let bd = scipy::block_diag(&[&a, &i(&[5, 6, 7]), &e]).unwrap();
        assert_eq!(bd.shape(), &[4, 6]);
        assert_eq!(
            bd.to_vec::<i64>().unwrap(),
            vec![
                1, 2, 0, 0, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0, 5, 6, 7, 0, 0, 0, 0, 0, 0, 8
            ]
        );
        // promotion: int64 with float64 blocks
        let bf = scipy::block_diag(&[&a, &arr(&[0.5], &[1], d)]).unwrap();
        assert_eq!(bf.dtype(), DType::Float64);
        assert_eq!(scipy::block_diag(&[]).unwrap().shape(), &[1, 0]);
        let three = arr(&[1.0; 8], &[2, 2, 2], d);
        assert!(
            scipy::block_diag(&[&a, &three])
                .unwrap_err()
                .to_string()
                .contains("[1]")
        );
    }
}

#[test]
fn tensor_helpers_match_numpy() {
    for d in all_devices() {
        // np.linalg.tensorinv(np.arange(16.).reshape(4,2,2) + 5 * np.eye(4).reshape(4,2,2), ind=1)
        let mut v: Vec<f64> = (0..16).map(|x| x as f64).collect();
        for k in 0..4 {
            v[k * 4 + k] += 5.0;
        }
        let ti = cuprum_linalg::tensorinv(&arr(&v, &[4, 2, 2], d), 1).unwrap();
        assert_eq!(ti.shape(), &[2, 2, 4]);
        let want = [
            0.31789473684210534,
            0.056842105263157874,
            -0.004210526315789451,
            -0.06526315789473684,
            0.025263157894736862,
            0.19789473684210526,
            -0.02947368421052631,
            -0.056842105263157895,
            -0.06736842105263155,
            -0.06105263157894735,
            0.14526315789473682,
            -0.04842105263157895,
            -0.16000000000000006,
            -0.12000000000000001,
            -0.08,
            0.16,
        ];
        close("tensorinv", &get(&ti), &want, 1e-13);
        assert!(cuprum_linalg::tensorinv(&arr(&v, &[4, 2, 2], d), 0).is_err());
        assert!(
            cuprum_linalg::tensorinv(&arr(&v, &[4, 4], d).reshape([2, 8]).unwrap(), 1).is_err()
        );
        // a6 = (np.arange(36.).reshape(6,6) % 7 + 10 * np.eye(6)).reshape(6,2,3);
        // np.linalg.tensorsolve(a6, np.arange(6.))
        let mut a6: Vec<f64> = (0..36).map(|x| (x % 7) as f64).collect();
        for k in 0..6 {
            a6[k * 6 + k] += 10.0;
        }
        let b: Vec<f64> = (0..6).map(|x| x as f64).collect();
        let x =
            cuprum_linalg::tensorsolve(&arr(&a6, &[6, 2, 3], d), &arr(&b, &[6], d), None).unwrap();
        assert_eq!(x.shape(), &[2, 3]);
        let want = [
            -0.3109368857168779,
            0.06708349714216594,
            0.18048961199987903,
            0.21451144645719294,
            0.22471799679438714,
            0.22777996189554542,
        ];
        close("tensorsolve", &get(&x), &want, 1e-13);
        // axes: move axis 0 to the end first (a6 transposed back)
        let moved = arr(&a6, &[6, 2, 3], d)
            .moveaxis(&[0], &[2])
            .unwrap()
            .copy()
            .unwrap();
        let x2 = cuprum_linalg::tensorsolve(&moved, &arr(&b, &[6], d), Some(&[0, 1])).unwrap();
        assert_eq!(x2.shape(), &[2, 3]);
        close("tensorsolve axes", &get(&x2), &want, 1e-13);
        assert!(
            cuprum_linalg::tensorsolve(&arr(&a6, &[6, 6], d), &arr(&b[..5], &[5], d), None)
                .is_err()
        );

        let t = cuprum_linalg::matrix_transpose(&arr(&M, &[1, 2, 3], d)).unwrap();
        assert_eq!(t.shape(), &[1, 3, 2]);
        assert_eq!(get(&t.copy().unwrap()), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
        assert!(matches!(
            cuprum_linalg::matrix_transpose(&arr(&[1.0], &[1], d)),
            Err(LinalgError::TooFewDims { .. })
        ));
        // np.linalg.cross([[1,2,3],[4,5,6]], [7,8,9])
        let c =
            cuprum_linalg::cross(&arr(&M, &[2, 3], d), &arr(&[7.0, 8.0, 9.0], &[3], d)).unwrap();
        assert_eq!(c.shape(), &[2, 3]);
        assert_eq!(get(&c), vec![-6.0, 12.0, -6.0, -3.0, 6.0, -3.0]);
        let e = cuprum_linalg::cross(&arr(&[1.0, 2.0], &[2], d), &arr(&[1.0, 2.0], &[2], d));
        assert!(e.unwrap_err().to_string().contains("3-dimensional vectors"));
    }
}
