//! `place_poles` against SciPy 1.17.1: one input, full-rank B, and the YT and KNV0 iterations
//! for multi-input systems with real and complex poles. The multi-input cases and SciPy's
//! results are in `tests/data/place_poles.json`, written by `gen_place_poles.py`.

use crate::{arr, close, close_c, devices};
use cuprum_core::{Complex64 as C, DType, Device, Error};
use cuprum_signal::*;
use serde_json::Value;

fn re(v: &[f64]) -> Vec<C> {
    v.iter().map(|&x| C::new(x, 0.0)).collect()
}

fn pairs(v: &Value) -> Vec<(f64, f64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
        .collect()
}

fn flat(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()))
        .collect()
}

fn shape(v: &Value) -> [usize; 2] {
    let rows = v.as_array().unwrap();
    [rows.len(), rows[0].as_array().unwrap().len()]
}

/// The multi-input cases of `place_poles.json` on every device: the gain, `X`, the poles, `rtol`
/// and `nb_iter` are SciPy's, `X` too (with one input up to a unit factor per column: there
/// the sign of a zero in SciPy's products decides a Householder reflection, and so the phase
/// of a complex pole's kernel vector; the gain, the poles and `|det X|` don't depend on it). A pole placed more than once has an eigenspace of that dimension, which
/// rounding decides the basis of (Householder signs of exact zeros): there the gain and `X`
/// differ from SciPy's, and the test checks what they must satisfy instead.
#[test]
fn place_poles_iterative_matches_scipy() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/place_poles.json");
    let cases: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for dev in devices() {
        for c in cases.as_array().unwrap() {
            let call = c["call"].as_str().unwrap();
            let (av, bv) = (flat(&c["a"]), flat(&c["b"]));
            let (n, m) = (shape(&c["b"])[0], shape(&c["b"])[1]);
            let a = arr(av.clone(), &[n, n], dev);
            let b = arr(bv.clone(), &[n, m], dev);
            let poles: Vec<C> = pairs(&c["poles"])
                .into_iter()
                .map(|(r, i)| C::new(r, i))
                .collect();
            let method = match c["method"].as_str().unwrap() {
                "KNV0" => PlaceMethod::Knv0,
                _ => PlaceMethod::Yt,
            };
            let rtol = c["rtol_in"].as_f64().unwrap();
            let maxiter = c["maxiter"].as_u64().unwrap() as usize;
            let r = place_poles(&a, &b, &poles, method, rtol, maxiter).unwrap();
            assert_eq!((r.gain_matrix.device(), r.x.device()), (dev, dev), "{call}");
            assert_eq!(r.gain_matrix.shape(), &[m, n][..], "{call}");
            assert_eq!(r.x.shape(), &[n, n][..], "{call}");
            let requested = pairs(&c["requested"]);
            if requested.iter().all(|p| p.1 == 0.0) {
                assert_eq!(r.requested_poles.dtype(), DType::Float64, "{call}");
            }
            close_c(&r.requested_poles, &requested, 0.0, 0.0);
            close_c(&r.computed_poles, &pairs(&c["computed"]), 1e-6, 1e-8);
            let gain = r.gain_matrix.to_device(Device::Cpu).unwrap();
            let k = gain.to_vec::<f64>().unwrap();
            let x = r.x.to_device(Device::Cpu).unwrap().to_vec::<C>().unwrap();
            let want_x = pairs(&c["x"]);
            let repeated = (0..n).any(|i| poles[i + 1..].contains(&poles[i]));
            if repeated {
                eigenvectors(call, &av, &bv, &k, &x, &requested, n, m);
                let det = |v: &[C]| abs_det(v, n);
                let want: Vec<C> = want_x.iter().map(|&(re, im)| C::new(re, im)).collect();
                assert!(det(&x) > 0.5 * det(&want), "{call}: |det X| {}", det(&x));
                assert!(r.nb_iter >= 1.0 && r.nb_iter <= maxiter as f64, "{call}");
                assert!(r.rtol < rtol || r.nb_iter == maxiter as f64, "{call}");
            } else {
                close(&gain, &flat(&c["gain"]), 1e-7, 1e-8);
                same_up_to_phase(call, &x, &want_x, n, m > 1);
                assert_eq!(r.nb_iter, c["nb_iter"].as_f64().unwrap(), "{call}");
                let want_rtol = c["rtol"].as_f64().unwrap();
                assert!(
                    (r.rtol - want_rtol).abs() <= 1e-6 * want_rtol.abs().max(1e-3),
                    "{call}: rtol {} vs {want_rtol}",
                    r.rtol
                );
            }
        }
    }
}

/// Asserts each column of `got` (n × n, row-major) is the one of `want` times a unit factor
/// (`exact`: equal).
#[track_caller]
fn same_up_to_phase(call: &str, got: &[C], want: &[(f64, f64)], n: usize, exact: bool) {
    let w = |i: usize, c: usize| C::new(want[i * n + c].0, want[i * n + c].1);
    for c in 0..n {
        let dot: C = (0..n).map(|i| w(i, c).conj() * got[i * n + c]).sum();
        let ph = if exact {
            C::new(1.0, 0.0)
        } else {
            dot / dot.norm()
        };
        for i in 0..n {
            assert!(
                (got[i * n + c] - w(i, c) * ph).norm() <= 1e-7,
                "{call}: X[{i}, {c}] = {} vs {} (factor {ph})",
                got[i * n + c],
                w(i, c)
            );
        }
    }
}

/// Asserts `(A − B·K)·X = X·diag(poles)` with unit columns of `X`.
#[allow(clippy::too_many_arguments)]
#[track_caller]
fn eigenvectors(
    call: &str,
    a: &[f64],
    b: &[f64],
    k: &[f64],
    x: &[C],
    poles: &[(f64, f64)],
    n: usize,
    m: usize,
) {
    for c in 0..n {
        let p = C::new(poles[c].0, poles[c].1);
        let nrm: f64 = (0..n).map(|i| x[i * n + c].norm_sqr()).sum();
        assert!((nrm - 1.0).abs() < 1e-9, "{call}: column {c} norm {nrm}");
        for i in 0..n {
            let cl: C = (0..n)
                .map(|l| {
                    let bk: f64 = (0..m).map(|q| b[i * m + q] * k[q * n + l]).sum();
                    (a[i * n + l] - bk) * x[l * n + c]
                })
                .sum();
            assert!(
                (cl - p * x[i * n + c]).norm() < 1e-8,
                "{call}: (A - BK)X != X diag(P) at [{i}, {c}]"
            );
        }
    }
}

/// `|det(v)|` of the n × n row-major `v` by Gaussian elimination.
fn abs_det(v: &[C], n: usize) -> f64 {
    let mut a = v.to_vec();
    let mut det = 1.0;
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i * n + c].norm().total_cmp(&a[j * n + c].norm()))
            .unwrap();
        if a[p * n + c].norm() == 0.0 {
            return 0.0;
        }
        for j in 0..n {
            a.swap(c * n + j, p * n + j);
        }
        det *= a[c * n + c].norm();
        for i in c + 1..n {
            let f = a[i * n + c] / a[c * n + c];
            for j in c..n {
                let t = a[c * n + j];
                a[i * n + j] -= f * t;
            }
        }
    }
    det
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
    // linearly dependent columns of B with rank(B) < n: SciPy's "poles can't be placed"
    let a3 = arr(
        vec![1.0, 2.0, 0.0, 0.0, -1.0, 1.0, 3.0, 0.0, 2.0],
        &[3, 3],
        d,
    );
    let b3 = arr(vec![1.0, 2.0, 0.0, 0.0, 1.0, 2.0], &[3, 2], d);
    assert!(matches!(
        place_poles(&a3, &b3, &re(&[-1.0, -2.0, -3.0]), m, 1e-3, 30),
        Err(Error::OutOfDomain {
            op: "signal.place_poles",
            arg: "B",
            ..
        })
    ));
    // rank(B) = 0: every pole is repeated more than rank(B) times
    let b0 = arr(vec![0.0; 3], &[3, 1], d);
    assert!(matches!(
        place_poles(&a3, &b0, &re(&[-1.0, -2.0, -3.0]), m, 1e-3, 30),
        Err(Error::OutOfDomain { arg: "poles", .. })
    ));
    // three equal poles with rank(B) = 2
    let b2 = arr(vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[3, 2], d);
    assert!(matches!(
        place_poles(&a3, &b2, &re(&[-1.0, -1.0, -1.0]), m, 1e-3, 30),
        Err(Error::OutOfDomain { arg: "poles", .. })
    ));
    assert!(matches!(
        place_poles(&a3, &b2, &re(&[-1.0, -2.0, -3.0]), m, 1e-3, 0),
        Err(Error::OutOfDomain { arg: "maxiter", .. })
    ));
    // B with other than n rows
    assert!(matches!(
        place_poles(&a3, &b, &re(&[-1.0, -2.0, -3.0]), m, 1e-3, 30),
        Err(Error::BadShape { arg: "B", .. })
    ));
    // place_poles(zeros((0, 0)), zeros((0, 0)), []) -> empty gain; [[2]], [[1]], [-1] -> [[3]]
    let e = arr(vec![], &[0, 0], d);
    let r = place_poles(&e, &e, &[], m, 1e-3, 30).unwrap();
    assert_eq!(r.gain_matrix.shape(), &[0, 0]);
    let r = place_poles(
        &arr(vec![2.0], &[1, 1], d),
        &arr(vec![1.0], &[1, 1], d),
        &re(&[-1.0]),
        m,
        1e-3,
        30,
    )
    .unwrap();
    close(&r.gain_matrix, &[3.0], 1e-14, 1e-14);
    // B without columns: rank 0, "repeated more than rank(B) times"
    assert!(matches!(
        place_poles(
            &a,
            &arr(vec![], &[2, 0], d),
            &re(&[-1.0, -2.0]),
            m,
            1e-3,
            30
        ),
        Err(Error::OutOfDomain { arg: "poles", .. })
    ));
    // NaN entries of A
    assert!(matches!(
        place_poles(
            &arr(vec![1.0, f64::NAN, 0.0, 1.0], &[2, 2], d),
            &b,
            &re(&[-1.0, -2.0]),
            m,
            1e-3,
            30
        ),
        Err(Error::OutOfDomain { arg: "A", .. })
    ));
    // a NaN rtol is accepted as SciPy does (no sweep meets it: maxiter sweeps)
    let r = place_poles(&a3, &b2, &re(&[-1.0, -2.0, -3.0]), m, f64::NAN, 4).unwrap();
    assert_eq!(r.nb_iter, 4.0);
}
