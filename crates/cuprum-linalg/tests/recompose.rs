//! Recomposition checks on seeded random matrices of several sizes, dtypes and condition
//! numbers, batched and non-contiguous inputs, error reporting, and CUDA-vs-CPU agreement.
//! Tolerances are `c * n * eps(dtype)` scaled by the input's magnitude (backward errors of
//! stable factorizations do not depend on the condition number).

mod common;

use common::{M, Rng, batch_count, mat, values, vecb};
use cuprum_core::{Array, Complex32, Complex64, DType, Device};
use cuprum_linalg::scipy::{self, Trans};
use cuprum_linalg::{LinalgError, QrMode, Uplo};

const DTYPES: [DType; 4] = [
    DType::Float32,
    DType::Float64,
    DType::Complex64,
    DType::Complex128,
];

fn eps(dt: DType) -> f64 {
    if dt.real_dtype() == DType::Float32 {
        f64::from(f32::EPSILON)
    } else {
        f64::EPSILON
    }
}

/// An array of `dt` from complex values (imaginary parts dropped for real dtypes).
fn make(dt: DType, v: &[Complex64], shape: &[usize], dev: Device) -> Array {
    match dt {
        DType::Float32 => Array::from_vec_on(v.iter().map(|z| z.re as f32).collect(), shape, dev),
        DType::Float64 => Array::from_vec_on(v.iter().map(|z| z.re).collect(), shape, dev),
        DType::Complex64 => Array::from_vec_on(
            v.iter()
                .map(|z| Complex32::new(z.re as f32, z.im as f32))
                .collect(),
            shape,
            dev,
        ),
        _ => Array::from_vec_on(v.to_vec(), shape, dev),
    }
    .unwrap()
}

/// Random `batch x m x n` values with columns scaled geometrically from 1 to `1/cond`.
fn random(rng: &mut Rng, dt: DType, batch: usize, m: usize, n: usize, cond: f64) -> Vec<Complex64> {
    let mut v = Vec::with_capacity(batch * m * n);
    for _ in 0..batch {
        for _ in 0..m {
            for j in 0..n {
                let scale = if n > 1 {
                    cond.powf(-(j as f64) / (n - 1) as f64)
                } else {
                    1.0
                };
                let im = if dt.is_complex() { rng.next() } else { 0.0 };
                v.push(Complex64::new(rng.next(), im) * scale);
            }
        }
    }
    v
}

fn assert_close(what: &str, diff: f64, bound: f64) {
    assert!(
        diff <= bound,
        "{what}: deviation {diff:e} exceeds {bound:e}"
    );
}

fn unitary_dev(q: &M) -> f64 {
    q.h().mul(q).maxdiff(&M::eye(q.c))
}

#[test]
fn qr_recomposes_for_all_dtypes_shapes_and_modes() {
    let mut rng = Rng(1);
    for dt in DTYPES {
        for &(m, n) in &[(1, 1), (5, 3), (3, 5), (8, 8), (17, 4)] {
            let a = make(
                dt,
                &random(&mut rng, dt, 2, m, n, 10.0),
                &[2, m, n],
                Device::Cpu,
            );
            let tol = 30.0 * (m.max(n) as f64) * eps(dt);
            for mode in [QrMode::Reduced, QrMode::Complete] {
                let f = cuprum_linalg::qr(&a, mode).unwrap();
                let q = f.q.unwrap();
                assert_eq!(q.dtype(), dt);
                let qc = if mode == QrMode::Complete {
                    m
                } else {
                    m.min(n)
                };
                assert_eq!(q.shape(), &[2, m, qc]);
                for b in 0..2 {
                    let (am, qm, rm) = (mat(&a, b), mat(&q, b), mat(&f.r, b));
                    assert_close("q r - a", qm.mul(&rm).maxdiff(&am), tol * am.maxabs());
                    assert_close("q^H q - I", unitary_dev(&qm), tol);
                    for p in 0..rm.r {
                        for c in 0..p.min(rm.c) {
                            assert_eq!(rm.at(p, c), Complex64::new(0.0, 0.0));
                        }
                    }
                }
            }
            let r_only = cuprum_linalg::qr(&a, QrMode::R).unwrap();
            assert!(r_only.q.is_none());
            assert_eq!(r_only.r.shape(), &[2, m.min(n), n]);
        }
    }
}

#[test]
fn svd_recomposes_across_condition_numbers() {
    let mut rng = Rng(2);
    for dt in DTYPES {
        for cond in [1.0, 1e3, 1e6] {
            for &(m, n) in &[(4, 4), (6, 3), (3, 7), (20, 20)] {
                let a = make(
                    dt,
                    &random(&mut rng, dt, 3, m, n, cond),
                    &[3, m, n],
                    Device::Cpu,
                );
                let tol = 30.0 * (m.max(n) as f64) * eps(dt);
                for full in [false, true] {
                    let r = cuprum_linalg::svd(&a, full, true).unwrap();
                    let (u, vh) = (r.u.unwrap(), r.vh.unwrap());
                    assert_eq!(r.s.dtype(), dt.real_dtype());
                    let k = m.min(n);
                    for b in 0..3 {
                        let (am, um, vm, s) = (mat(&a, b), mat(&u, b), mat(&vh, b), vecb(&r.s, b));
                        assert!(s.windows(2).all(|w| w[0].re >= w[1].re), "s descending");
                        let lhs = um.cols(k).scale_cols(&s).mul(&vm.rows(k));
                        assert_close("u s vh - a", lhs.maxdiff(&am), tol * am.maxabs());
                        assert_close("u unitary", unitary_dev(&um), tol);
                        assert_close("vh unitary", unitary_dev(&vm.h()), tol);
                    }
                    let s_only = cuprum_linalg::svdvals(&a).unwrap();
                    let d = values(&s_only)
                        .iter()
                        .zip(values(&r.s))
                        .map(|(x, y)| (x - y).norm())
                        .fold(0.0, f64::max);
                    assert_close(
                        "svdvals == svd s",
                        d,
                        tol * values(&r.s)[0].norm().max(1e-300),
                    );
                }
            }
        }
    }
}

#[test]
fn eigh_recomposes_and_reads_one_triangle() {
    let mut rng = Rng(3);
    for dt in DTYPES {
        for n in [1, 2, 5, 16] {
            let raw = random(&mut rng, dt, 2, n, n, 1.0);
            // Hermitian part in both triangles, garbage-free.
            let mut h = raw.clone();
            for b in 0..2 {
                for i in 0..n {
                    for j in 0..n {
                        h[b * n * n + i * n + j] =
                            raw[b * n * n + i * n + j] + raw[b * n * n + j * n + i].conj();
                    }
                }
            }
            let a = make(dt, &h, &[2, n, n], Device::Cpu);
            let tol = 50.0 * n as f64 * eps(dt);
            for uplo in [Uplo::Lower, Uplo::Upper] {
                let (w, v) = cuprum_linalg::eigh(&a, uplo).unwrap();
                assert_eq!(w.dtype(), dt.real_dtype());
                for b in 0..2 {
                    let (am, vm, wv) = (mat(&a, b), mat(&v, b), vecb(&w, b));
                    assert!(wv.windows(2).all(|x| x[0].re <= x[1].re), "w ascending");
                    assert_close(
                        "a v - v w",
                        am.mul(&vm).maxdiff(&vm.scale_cols(&wv)),
                        tol * am.maxabs(),
                    );
                    assert_close("v unitary", unitary_dev(&vm), tol);
                }
                let w2 = cuprum_linalg::eigvalsh(&a, uplo).unwrap();
                let d = values(&w2)
                    .iter()
                    .zip(values(&w))
                    .map(|(x, y)| (x - y).norm())
                    .fold(0.0, f64::max);
                assert_close("eigvalsh == eigh w", d, tol * mat(&a, 0).maxabs().max(1.0));
            }
        }
    }
}

#[test]
fn eig_recomposes_for_general_matrices() {
    let mut rng = Rng(4);
    for dt in DTYPES {
        for n in [1, 3, 6, 12] {
            let a = make(
                dt,
                &random(&mut rng, dt, 2, n, n, 1.0),
                &[2, n, n],
                Device::Cpu,
            );
            let (w, v) = cuprum_linalg::eig(&a).unwrap();
            let tol = 200.0 * n as f64 * eps(dt);
            for b in 0..2 {
                let (am, vm, wv) = (mat(&a, b), mat(&v, b), vecb(&w, b));
                assert_close(
                    "a v - v w",
                    am.mul(&vm).maxdiff(&vm.scale_cols(&wv)),
                    tol * am.maxabs() * n as f64,
                );
                // NumPy's (LAPACK geev's) normalization: unit 2-norm columns, a complex
                // column's largest component real
                for j in 0..n {
                    let col: Vec<Complex64> = (0..n).map(|i| vm.at(i, j)).collect();
                    let norm = col.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt();
                    assert_close("column 2-norm - 1", (norm - 1.0).abs(), tol);
                    let big = col.iter().copied().fold(Complex64::new(0.0, 0.0), |m, z| {
                        if z.norm() > m.norm() { z } else { m }
                    });
                    assert_close("largest component's imaginary part", big.im.abs(), tol);
                }
            }
        }
    }
}

#[test]
fn cholesky_recomposes_lower_and_upper() {
    let mut rng = Rng(5);
    for dt in DTYPES {
        for n in [1, 4, 13] {
            let b = random(&mut rng, dt, 2, n, n, 1.0);
            let mut spd = vec![Complex64::new(0.0, 0.0); 2 * n * n];
            for k in 0..2 {
                let bm = M {
                    r: n,
                    c: n,
                    d: b[k * n * n..(k + 1) * n * n].to_vec(),
                };
                let p = bm.mul(&bm.h());
                for i in 0..n {
                    for j in 0..n {
                        spd[k * n * n + i * n + j] = p.at(i, j)
                            + if i == j {
                                Complex64::new(n as f64, 0.0)
                            } else {
                                Complex64::new(0.0, 0.0)
                            };
                    }
                }
            }
            let a = make(dt, &spd, &[2, n, n], Device::Cpu);
            let tol = 30.0 * n as f64 * eps(dt);
            let l = cuprum_linalg::cholesky(&a, Uplo::Lower).unwrap();
            let u = cuprum_linalg::cholesky(&a, Uplo::Upper).unwrap();
            for k in 0..2 {
                let (am, lm, um) = (mat(&a, k), mat(&l, k), mat(&u, k));
                assert_close("l l^H - a", lm.mul(&lm.h()).maxdiff(&am), tol * am.maxabs());
                assert_close("u^H u - a", um.h().mul(&um).maxdiff(&am), tol * am.maxabs());
                assert_close("u == l^H", um.maxdiff(&lm.h()), tol * am.maxabs().sqrt());
            }
        }
    }
}

#[test]
fn inv_solve_det_lu_agree_on_conditioned_matrices() {
    let mut rng = Rng(6);
    for dt in DTYPES {
        for cond in [1.0, 1e3] {
            for n in [1, 3, 9, 24] {
                let a = make(
                    dt,
                    &random(&mut rng, dt, 2, n, n, cond),
                    &[2, n, n],
                    Device::Cpu,
                );
                // The forward error of an inverse grows with the condition number.
                let tol = 100.0 * n as f64 * eps(dt) * cond * 10.0;
                let ai = cuprum_linalg::inv(&a).unwrap();
                let bvals = random(&mut rng, dt, 2, n, 2, 1.0);
                let bm = make(dt, &bvals, &[2, n, 2], Device::Cpu);
                let x = cuprum_linalg::solve(&a, &bm).unwrap();
                let (p, l, u) = scipy::lu(&a).unwrap();
                let (lu, piv) = scipy::lu_factor(&a).unwrap();
                for k in 0..2 {
                    let (am, aim) = (mat(&a, k), mat(&ai, k));
                    assert_close("a inv(a) - I", am.mul(&aim).maxdiff(&M::eye(n)), tol);
                    let (xm, bk) = (mat(&x, k), mat(&bm, k));
                    assert_close(
                        "a x - b",
                        am.mul(&xm).maxdiff(&bk),
                        tol * am.maxabs() * xm.maxabs().max(1.0),
                    );
                    let plu = mat(&p, k).mul(&mat(&l, k)).mul(&mat(&u, k));
                    assert_close(
                        "p l u - a",
                        plu.maxdiff(&am),
                        30.0 * n as f64 * eps(dt) * am.maxabs(),
                    );
                }
                for trans in [Trans::N, Trans::T, Trans::C] {
                    let xs = scipy::lu_solve(&lu, &piv, &bm, trans).unwrap();
                    for k in 0..2 {
                        let am = mat(&a, k);
                        let opa = match trans {
                            Trans::N => am.clone(),
                            Trans::T => {
                                let mut t = am.h();
                                t.d.iter_mut().for_each(|z| *z = z.conj());
                                t
                            }
                            _ => am.h(),
                        };
                        let xm = mat(&xs, k);
                        assert_close(
                            "op(a) x - b",
                            opa.mul(&xm).maxdiff(&mat(&bm, k)),
                            tol * am.maxabs() * xm.maxabs().max(1.0),
                        );
                    }
                }
                // det = product of eigenvalues for a small case; here: det(a) det(inv(a)) = 1.
                let d1 = values(&cuprum_linalg::det(&a).unwrap());
                let d2 = values(&cuprum_linalg::det(&ai).unwrap());
                for k in 0..2 {
                    assert_close("det(a) det(inv a) - 1", (d1[k] * d2[k] - 1.0).norm(), tol);
                }
            }
        }
    }
}

#[test]
fn non_contiguous_views_give_the_contiguous_results() {
    let mut rng = Rng(7);
    for dt in DTYPES {
        let n = 6;
        let base = make(
            dt,
            &random(&mut rng, dt, 2, n, n, 1.0),
            &[2, n, n],
            Device::Cpu,
        );
        let t = base.swapaxes(-1, -2).unwrap();
        assert!(!t.is_c_contiguous());
        let tc = t.copy().unwrap();
        let same = |x: Array, y: Array| {
            let d = values(&x)
                .iter()
                .zip(values(&y))
                .map(|(a, b)| (a - b).norm())
                .fold(0.0, f64::max);
            assert_eq!(x.shape(), y.shape());
            assert!(
                d <= 10.0 * eps(dt) * values(&y).iter().map(|z| z.norm()).fold(1.0, f64::max),
                "{d:e}"
            );
        };
        same(
            cuprum_linalg::inv(&t).unwrap(),
            cuprum_linalg::inv(&tc).unwrap(),
        );
        same(
            cuprum_linalg::svdvals(&t).unwrap(),
            cuprum_linalg::svdvals(&tc).unwrap(),
        );
        same(
            cuprum_linalg::det(&t).unwrap(),
            cuprum_linalg::det(&tc).unwrap(),
        );
        same(
            cuprum_linalg::qr(&t, QrMode::R).unwrap().r,
            cuprum_linalg::qr(&tc, QrMode::R).unwrap().r,
        );
        // A zero-stride (broadcast) batch.
        let one = make(
            dt,
            &random(&mut rng, dt, 1, n, n, 1.0),
            &[n, n],
            Device::Cpu,
        );
        let bc = one.broadcast_to(&[3, n, n]).unwrap();
        let inv_bc = cuprum_linalg::inv(&bc).unwrap();
        let inv_one = cuprum_linalg::inv(&one).unwrap();
        assert_eq!(batch_count(&inv_bc), 3);
        for k in 0..3 {
            assert_close(
                "broadcast batch",
                mat(&inv_bc, k).maxdiff(&mat(&inv_one, 0)),
                0.0,
            );
        }
    }
}

#[test]
fn errors_name_the_pivot_index_and_class() {
    let cpu = Device::Cpu;
    // Singular: the second column is twice the first; the second pivot is zero.
    let s = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 4.0], &[2, 2], cpu).unwrap();
    match cuprum_linalg::inv(&s).unwrap_err() {
        LinalgError::SingularMatrix { op, pivot, .. } => {
            assert_eq!((op, pivot), ("inv", 1));
        }
        e => panic!("unexpected {e}"),
    }
    let e = cuprum_linalg::solve(
        &s,
        &Array::from_vec_on(vec![1.0f64, 1.0], &[2], cpu).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.conformance_class(), "singular_matrix");
    assert!(e.to_string().contains("U[1, 1]"), "{e}");
    // Not positive definite at index 2.
    let npd = Array::from_vec_on(
        vec![1.0f64, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -1.0],
        &[3, 3],
        cpu,
    )
    .unwrap();
    match cuprum_linalg::cholesky(&npd, Uplo::Lower).unwrap_err() {
        LinalgError::NotPositiveDefinite { index, .. } => assert_eq!(index, 2),
        e => panic!("unexpected {e}"),
    }
    // Non-finite input is reported, not propagated.
    let nan = Array::from_vec_on(vec![1.0f64, f64::NAN, 0.0, 1.0], &[2, 2], cpu).unwrap();
    for r in [
        cuprum_linalg::inv(&nan).map(|_| ()),
        cuprum_linalg::svd(&nan, true, true).map(|_| ()),
        cuprum_linalg::eigh(&nan, Uplo::Lower).map(|_| ()),
        cuprum_linalg::qr(&nan, QrMode::Reduced).map(|_| ()),
    ] {
        match r.unwrap_err() {
            LinalgError::NonFinite { index, .. } => assert_eq!(index, 1),
            e => panic!("unexpected {e}"),
        }
    }
    // Non-square and 1-d inputs are shape errors.
    let rect = Array::from_vec_on(vec![1.0f64; 6], &[2, 3], cpu).unwrap();
    assert_eq!(
        cuprum_linalg::inv(&rect).unwrap_err().conformance_class(),
        "shape_mismatch"
    );
    assert_eq!(
        cuprum_linalg::det(&rect).unwrap_err().conformance_class(),
        "shape_mismatch"
    );
    let v = Array::from_vec_on(vec![1.0f64; 3], &[3], cpu).unwrap();
    assert_eq!(
        cuprum_linalg::cholesky(&v, Uplo::Lower)
            .unwrap_err()
            .conformance_class(),
        "shape_mismatch"
    );
    // Batched singular: the error says which matrix.
    let batch = Array::from_vec_on(
        vec![1.0f64, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0],
        &[2, 2, 2],
        cpu,
    )
    .unwrap();
    let e = cuprum_linalg::inv(&batch).unwrap_err();
    assert!(e.to_string().contains("matrix 1 of the batch"), "{e}");
}

#[test]
fn integer_input_is_promoted_to_float64() {
    let a = Array::from_vec_on(vec![2i32, 0, 0, 4], &[2, 2], Device::Cpu).unwrap();
    let ai = cuprum_linalg::inv(&a).unwrap();
    assert_eq!(ai.dtype(), DType::Float64);
    assert_eq!(ai.to_vec::<f64>().unwrap(), vec![0.5, 0.0, 0.0, 0.25]);
    let p = cuprum_linalg::matrix_power(&a, 3).unwrap();
    assert_eq!(p.to_vec::<i32>().unwrap(), vec![8, 0, 0, 64]);
    let pz = cuprum_linalg::matrix_power(&a, 0).unwrap();
    assert_eq!(pz.to_vec::<i32>().unwrap(), vec![1, 0, 0, 1]);
    let pn = cuprum_linalg::matrix_power(&a, -1).unwrap();
    assert_eq!(pn.to_vec::<f64>().unwrap(), vec![0.5, 0.0, 0.0, 0.25]);
}

/// Every CUDA device against the CPU on random inputs; skipped without a GPU (fails with
/// `CUPRUM_REQUIRE_CUDA=1`).
#[test]
fn cuda_matches_cpu() {
    let count = cuprum_core::ext::test_util::cuda_devices().len();
    if count == 0 {
        return;
    }
    let mut rng = Rng(8);
    for ord in 0..count {
        let dev = Device::Cuda(ord);
        for dt in DTYPES {
            for &(m, n) in &[(5, 5), (7, 3), (3, 7), (40, 40), (300, 300)] {
                let vals = random(&mut rng, dt, 2, m, n, 10.0);
                let (a, ag) = (
                    make(dt, &vals, &[2, m, n], Device::Cpu),
                    make(dt, &vals, &[2, m, n], dev),
                );
                let tol = 100.0 * (m.max(n) as f64) * eps(dt);
                let back = |x: &Array| x.to_device(Device::Cpu).unwrap();
                // QR and SVD: check the identities on the GPU results.
                for mode in [QrMode::Reduced, QrMode::Complete] {
                    let f = cuprum_linalg::qr(&ag, mode).unwrap();
                    let (q, r) = (back(&f.q.unwrap()), back(&f.r));
                    for k in 0..2 {
                        let am = mat(&a, k);
                        assert_close(
                            "gpu q r - a",
                            mat(&q, k).mul(&mat(&r, k)).maxdiff(&am),
                            tol * am.maxabs(),
                        );
                        assert_close("gpu q unitary", unitary_dev(&mat(&q, k)), tol);
                    }
                }
                for full in [false, true] {
                    let r = cuprum_linalg::svd(&ag, full, true).unwrap();
                    let (u, s, vh) = (back(&r.u.unwrap()), back(&r.s), back(&r.vh.unwrap()));
                    let sc = cuprum_linalg::svd(&a, full, false).unwrap().s;
                    let k = m.min(n);
                    for b in 0..2 {
                        let am = mat(&a, b);
                        let lhs = mat(&u, b)
                            .cols(k)
                            .scale_cols(&vecb(&s, b))
                            .mul(&mat(&vh, b).rows(k));
                        assert_close("gpu u s vh - a", lhs.maxdiff(&am), tol * am.maxabs());
                        let ds = vecb(&s, b)
                            .iter()
                            .zip(vecb(&sc, b))
                            .map(|(x, y)| (x - y).norm())
                            .fold(0.0, f64::max);
                        assert_close("gpu s == cpu s", ds, tol * am.maxabs() * k as f64);
                    }
                }
                if m != n {
                    continue;
                }
                let close = |what: &str, g: &Array, c: &Array, scale: f64| {
                    let d = values(&back(g))
                        .iter()
                        .zip(values(c))
                        .map(|(x, y)| (x - y).norm())
                        .fold(0.0, f64::max);
                    assert_close(what, d, tol * scale);
                };
                let ci = cuprum_linalg::inv(&a).unwrap();
                close(
                    "inv",
                    &cuprum_linalg::inv(&ag).unwrap(),
                    &ci,
                    10.0 * values(&ci).iter().map(|z| z.norm()).fold(1.0, f64::max),
                );
                let bv = random(&mut rng, dt, 1, n, 1, 1.0);
                let (b, bg) = (make(dt, &bv, &[n], Device::Cpu), make(dt, &bv, &[n], dev));
                let cx = cuprum_linalg::solve(&a, &b).unwrap();
                close(
                    "solve",
                    &cuprum_linalg::solve(&ag, &bg).unwrap(),
                    &cx,
                    10.0 * values(&cx).iter().map(|z| z.norm()).fold(1.0, f64::max),
                );
                // Hermitian positive definite: a a^H + n I.
                let mut hv = vec![Complex64::new(0.0, 0.0); 2 * n * n];
                for k in 0..2 {
                    let am = mat(&a, k);
                    let p = am.mul(&am.h());
                    for i in 0..n {
                        for j in 0..n {
                            hv[k * n * n + i * n + j] = p.at(i, j)
                                + if i == j {
                                    Complex64::new(n as f64, 0.0)
                                } else {
                                    Complex64::new(0.0, 0.0)
                                };
                        }
                    }
                }
                let (h, hg) = (
                    make(dt, &hv, &[2, n, n], Device::Cpu),
                    make(dt, &hv, &[2, n, n], dev),
                );
                let hs = values(&h).iter().map(|z| z.norm()).fold(1.0, f64::max);
                for uplo in [Uplo::Lower, Uplo::Upper] {
                    close(
                        "cholesky",
                        &cuprum_linalg::cholesky(&hg, uplo).unwrap(),
                        &cuprum_linalg::cholesky(&h, uplo).unwrap(),
                        hs.sqrt(),
                    );
                    let (w, v) = cuprum_linalg::eigh(&hg, uplo).unwrap();
                    close(
                        "eigh w",
                        &w,
                        &cuprum_linalg::eigvalsh(&h, uplo).unwrap(),
                        hs,
                    );
                    let (w, v) = (back(&w), back(&v));
                    for k in 0..2 {
                        let (hm, vm) = (mat(&h, k), mat(&v, k));
                        assert_close(
                            "gpu a v - v w",
                            hm.mul(&vm).maxdiff(&vm.scale_cols(&vecb(&w, k))),
                            tol * hm.maxabs(),
                        );
                    }
                }
                // Errors come back the same way.
                let mut nanv = vals[..n * n].to_vec();
                nanv[n + 1] = Complex64::new(f64::NAN, 0.0);
                match cuprum_linalg::inv(&make(dt, &nanv, &[n, n], dev)).unwrap_err() {
                    LinalgError::NonFinite { index, .. } => assert_eq!(index, n + 1),
                    e => panic!("unexpected {e}"),
                }
                let z = make(dt, &vec![Complex64::new(0.0, 0.0); n * n], &[n, n], dev);
                assert_eq!(
                    cuprum_linalg::inv(&z).unwrap_err().conformance_class(),
                    "singular_matrix"
                );
                let neg = make(
                    dt,
                    &(0..n * n)
                        .map(|i| Complex64::new(if i % (n + 1) == 0 { -1.0 } else { 0.0 }, 0.0))
                        .collect::<Vec<_>>(),
                    &[n, n],
                    dev,
                );
                match cuprum_linalg::cholesky(&neg, Uplo::Lower).unwrap_err() {
                    LinalgError::NotPositiveDefinite { index, .. } => assert_eq!(index, 0),
                    e => panic!("unexpected {e}"),
                }
            }
        }
    }
}
