//! The linalg area of the NumPy conformance corpus (`tests/data/conformance`), run on the CPU
//! (and on every CUDA device when one is present).
//!
//! `run_case` is the dispatch from a manifest case to cuprum-linalg; the workspace harness can
//! reuse the same mapping.

mod common;

use common::{M, batch_count, mat, values, vecb};
use cuprum_core::{Array, Complex64, DType, Device};
use cuprum_linalg::scipy::{self, Trans};
use cuprum_linalg::{LinalgError, NormOrd, QrMode, Uplo};
use serde_json::Value;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/conformance")
}

fn ord_of(v: Option<&Value>) -> Option<NormOrd> {
    match v? {
        Value::Null => None,
        Value::String(s) => Some(match s.as_str() {
            "inf" => NormOrd::P(f64::INFINITY),
            "-inf" => NormOrd::P(f64::NEG_INFINITY),
            "fro" => NormOrd::Fro,
            "nuc" => NormOrd::Nuc,
            o => panic!("unknown ord {o}"),
        }),
        Value::Number(n) => Some(NormOrd::P(n.as_f64().unwrap())),
        o => panic!("unknown ord {o}"),
    }
}

fn trans_of(v: Option<&Value>) -> Trans {
    match v.and_then(Value::as_i64) {
        None | Some(0) => Trans::N,
        Some(1) => Trans::T,
        Some(2) => Trans::C,
        Some(t) => panic!("trans {t}"),
    }
}

/// Runs one manifest case: the outputs in NumPy's order.
fn run_case(op: &str, ins: &[Array], kw: &Value) -> Result<Vec<Array>, LinalgError> {
    let b = |k: &str, d: bool| kw.get(k).and_then(Value::as_bool).unwrap_or(d);
    let uplo = || Uplo::parse(kw.get("UPLO").and_then(Value::as_str).unwrap_or("L"));
    Ok(match op {
        "linalg.inv" => vec![cuprum_linalg::inv(&ins[0])?],
        "linalg.solve" => vec![cuprum_linalg::solve(&ins[0], &ins[1])?],
        "linalg.det" => vec![cuprum_linalg::det(&ins[0])?],
        "linalg.slogdet" => {
            let (s, l) = cuprum_linalg::slogdet(&ins[0])?;
            vec![s, l]
        }
        "linalg.eigh" => {
            let (w, v) = cuprum_linalg::eigh(&ins[0], uplo()?)?;
            vec![w, v]
        }
        "linalg.eigvalsh" => vec![cuprum_linalg::eigvalsh(&ins[0], uplo()?)?],
        "linalg.eig" => {
            let (w, v) = cuprum_linalg::eig(&ins[0])?;
            vec![w, v]
        }
        "linalg.eigvals" => vec![cuprum_linalg::eigvals(&ins[0])?],
        "linalg.svd" => {
            let r = cuprum_linalg::svd(&ins[0], b("full_matrices", true), b("compute_uv", true))?;
            match (r.u, r.vh) {
                (Some(u), Some(vh)) => vec![u, r.s, vh],
                _ => vec![r.s],
            }
        }
        "linalg.qr" => {
            let mode = match kw.get("mode").and_then(Value::as_str).unwrap_or("reduced") {
                "reduced" => QrMode::Reduced,
                "complete" => QrMode::Complete,
                "r" => QrMode::R,
                m => panic!("qr mode {m}"),
            };
            let r = cuprum_linalg::qr(&ins[0], mode)?;
            match r.q {
                Some(q) => vec![q, r.r],
                None => vec![r.r],
            }
        }
        "linalg.cholesky" => {
            let u = if b("upper", false) {
                Uplo::Upper
            } else {
                Uplo::Lower
            };
            vec![cuprum_linalg::cholesky(&ins[0], u)?]
        }
        "linalg.lstsq" => {
            let rcond = kw.get("rcond").and_then(Value::as_f64);
            let r = cuprum_linalg::lstsq(&ins[0], &ins[1], rcond)?;
            vec![r.x, r.residuals, r.rank, r.s]
        }
        "linalg.pinv" => vec![cuprum_linalg::pinv(
            &ins[0],
            kw.get("rcond").and_then(Value::as_f64),
        )?],
        "linalg.matrix_rank" => {
            vec![cuprum_linalg::matrix_rank(
                &ins[0],
                kw.get("tol").and_then(Value::as_f64),
            )?]
        }
        "linalg.norm" => {
            let axis: Option<Vec<isize>> = match kw.get("axis") {
                None | Some(Value::Null) => None,
                Some(Value::Number(n)) => Some(vec![n.as_i64().unwrap() as isize]),
                Some(Value::Array(v)) => {
                    Some(v.iter().map(|x| x.as_i64().unwrap() as isize).collect())
                }
                Some(o) => panic!("axis {o}"),
            };
            vec![cuprum_linalg::norm(
                &ins[0],
                ord_of(kw.get("ord")),
                axis.as_deref(),
                b("keepdims", false),
            )?]
        }
        "linalg.cond" => vec![cuprum_linalg::cond(&ins[0], ord_of(kw.get("p")))?],
        "linalg.matrix_power" => {
            vec![cuprum_linalg::matrix_power(
                &ins[0],
                kw["n"].as_i64().unwrap(),
            )?]
        }
        "scipy.linalg.solve_triangular" => vec![scipy::solve_triangular(
            &ins[0],
            &ins[1],
            trans_of(kw.get("trans")),
            b("lower", false),
            b("unit_diagonal", false),
        )?],
        "scipy.linalg.lu_solve" => {
            let (lu, piv) = scipy::lu_factor(&ins[0])?;
            vec![scipy::lu_solve(
                &lu,
                &piv,
                &ins[1],
                trans_of(kw.get("trans")),
            )?]
        }
        o => panic!("no dispatch for {o}"),
    })
}

/// The README's allclose rule on complex-widened values.
fn allclose(x: &[Complex64], e: &[Complex64], rtol: f64, atol: f64) -> Result<(), String> {
    if x.len() != e.len() {
        return Err(format!("length {} != {}", x.len(), e.len()));
    }
    for (i, (x, e)) in x.iter().zip(e).enumerate() {
        let ok = if e.re.is_finite() && e.im.is_finite() {
            x.re.is_finite() && x.im.is_finite() && (x - e).norm() <= atol + rtol * e.norm()
        } else {
            let part = |x: f64, e: f64| {
                if e.is_nan() {
                    x.is_nan()
                } else if e.is_infinite() {
                    x == e
                } else {
                    x.is_finite() && (x - e).abs() <= atol + rtol * e.abs()
                }
            };
            part(x.re, e.re) && part(x.im, e.im)
        };
        if !ok {
            return Err(format!("element {i}: got {x}, expected {e}"));
        }
    }
    Ok(())
}

fn sort_c(v: &mut [Complex64]) {
    v.sort_by(|a, b| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im)));
}

fn check_dtype(got: &Array, exp: &Array, note: &str) -> Result<(), String> {
    let any_int = note.contains("any integer dtype");
    let complex_ok = note.contains("complex with zero imaginary part is accepted");
    if got.dtype() == exp.dtype()
        || (any_int && got.dtype().is_integer() && exp.dtype().is_integer())
        || (complex_ok && got.dtype() == exp.dtype().complex_dtype())
    {
        Ok(())
    } else {
        Err(format!("dtype {} != expected {}", got.dtype(), exp.dtype()))
    }
}

fn check_shape(got: &Array, exp: &Array) -> Result<(), String> {
    if got.shape() == exp.shape() {
        Ok(())
    } else {
        Err(format!(
            "shape {:?} != expected {:?}",
            got.shape(),
            exp.shape()
        ))
    }
}

fn within(what: &str, diff: f64, bound: f64) -> Result<(), String> {
    if diff <= bound {
        Ok(())
    } else {
        Err(format!("{what}: max deviation {diff:e} > {bound:e}"))
    }
}

#[allow(clippy::too_many_arguments)]
fn recompose(
    op: &str,
    a: &Array,
    out: &[Array],
    exp: &[Array],
    kw: &Value,
    rtol: f64,
    atol: f64,
    note: &str,
) -> Result<(), String> {
    let nb = batch_count(a);
    let unitary = |q: &M| -> Result<(), String> {
        within(
            "orthonormality",
            q.h().mul(q).maxdiff(&M::eye(q.c)),
            atol + rtol,
        )
    };
    match op {
        "linalg.svd" => {
            let (u, s, vh) = (&out[0], &out[1], &out[2]);
            check_dtype(s, &exp[0], note)?;
            check_shape(s, &exp[0])?;
            allclose(&values(s), &values(&exp[0]), rtol, atol)?;
            for i in 0..nb {
                let am = mat(a, i);
                let k = am.r.min(am.c);
                let (um, vm, sv) = (mat(u, i), mat(vh, i), vecb(s, i));
                let lhs = um.cols(k).scale_cols(&sv).mul(&vm.rows(k));
                within(
                    "u diag(s) vh - a",
                    lhs.maxdiff(&am),
                    atol + rtol * am.maxabs(),
                )?;
                unitary(&um)?;
                unitary(&vm.h())?;
            }
        }
        "linalg.eigh" | "linalg.eig" => {
            let (w, v) = (&out[0], &out[1]);
            check_shape(w, &exp[0])?;
            check_dtype(w, &exp[0], note)?;
            let mut wv = values(w);
            let n = *w.shape().last().unwrap();
            for chunk in wv.chunks_mut(n.max(1)) {
                sort_c(chunk);
            }
            allclose(&wv, &values(&exp[0]), rtol, atol)?;
            for i in 0..nb {
                let (am, vm) = (mat(a, i), mat(v, i));
                let lhs = am.mul(&vm);
                let rhs = vm.scale_cols(&vecb(w, i));
                within("a v - v w", lhs.maxdiff(&rhs), atol + rtol * am.maxabs())?;
                if op == "linalg.eigh" {
                    unitary(&vm)?;
                }
            }
        }
        "linalg.qr" => {
            let mode = kw.get("mode").and_then(Value::as_str).unwrap_or("reduced");
            let r = out.last().unwrap();
            check_shape(r, &exp[0])?;
            check_dtype(&out[0], a, note)?;
            let ra: Vec<Complex64> = values(r)
                .iter()
                .map(|z| Complex64::new(z.norm(), 0.0))
                .collect();
            allclose(&ra, &values(&exp[0]), rtol, atol)?;
            for i in 0..nb {
                let (am, rm) = (mat(a, i), mat(r, i));
                for p in 0..rm.r {
                    for q in 0..p.min(rm.c) {
                        if rm.at(p, q) != Complex64::new(0.0, 0.0) {
                            return Err(format!(
                                "r[{p},{q}] = {} is below the diagonal",
                                rm.at(p, q)
                            ));
                        }
                    }
                }
                if mode == "r" {
                    let aha = am.h().mul(&am);
                    within(
                        "r^H r - a^H a",
                        rm.h().mul(&rm).maxdiff(&aha),
                        atol + rtol * aha.maxabs(),
                    )?;
                } else {
                    let qm = mat(&out[0], i);
                    within(
                        "q r - a",
                        qm.mul(&rm).maxdiff(&am),
                        atol + rtol * am.maxabs(),
                    )?;
                    unitary(&qm)?;
                }
            }
        }
        o => return Err(format!("no recompose rule for {o}")),
    }
    Ok(())
}

fn run_manifest(device: Device) -> (usize, Vec<String>) {
    let dir = data_dir();
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    let mut passed = 0;
    let mut failures = Vec::new();
    for case in manifest["cases"].as_array().unwrap() {
        if case["area"] != "linalg" {
            continue;
        }
        let id = case["id"].as_str().unwrap();
        let op = case["op"].as_str().unwrap();
        let kw = &case["kwargs"];
        let note = case.get("note").and_then(Value::as_str).unwrap_or("");
        let rtol = case["rtol"].as_f64().unwrap_or(0.0);
        let atol = case["atol"].as_f64().unwrap_or(0.0);
        let check = case
            .get("check")
            .and_then(Value::as_str)
            .unwrap_or("allclose");
        let ins: Vec<Array> = case["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| cuprum_core::npy::load_on(dir.join(f.as_str().unwrap()), device).unwrap())
            .collect();
        let res = run_case(op, &ins, kw);
        let verdict: Result<(), String> = match (case.get("error").and_then(Value::as_str), res) {
            (Some(class), Err(e)) if e.conformance_class() == class => Ok(()),
            (Some(class), Err(e)) => Err(format!(
                "expected {class}, got {} ({e})",
                e.conformance_class()
            )),
            (Some(class), Ok(_)) => Err(format!("expected error {class}, got a result")),
            (None, Err(e)) => Err(format!("error: {e}")),
            (None, Ok(out)) => {
                let exp: Vec<Array> = case["expected"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| {
                        cuprum_core::npy::load_on(dir.join(f.as_str().unwrap()), Device::Cpu)
                            .unwrap()
                    })
                    .collect();
                if check == "recompose" {
                    recompose(op, &ins[0], &out, &exp, kw, rtol, atol, note)
                } else if out.len() != exp.len() {
                    Err(format!("{} outputs, expected {}", out.len(), exp.len()))
                } else {
                    out.iter().zip(&exp).try_for_each(|(o, e)| {
                        check_shape(o, e)?;
                        check_dtype(o, e, note)?;
                        let (mut x, mut y) = (values(o), values(e));
                        if check == "sorted" {
                            sort_c(&mut x);
                            sort_c(&mut y);
                        }
                        let (r, a) = if check == "exact" {
                            (0.0, 0.0)
                        } else {
                            (rtol, atol)
                        };
                        allclose(&x, &y, r, a)
                    })
                }
            }
        };
        match verdict {
            Ok(()) => passed += 1,
            Err(m) => failures.push(format!("{id} on {device}: {m}")),
        }
    }
    (passed, failures)
}

#[test]
fn conformance_linalg() {
    for d in cuprum_core::ext::test_util::all_devices() {
        let (passed, failures) = run_manifest(d);
        println!(
            "linalg conformance on {d}: {passed} passed, {} failed",
            failures.len()
        );
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert_eq!(passed, 67, "the corpus has 67 linalg cases");
    }
}

#[test]
fn float16_is_rejected_as_dtype() {
    let a = Array::from_vec_on(
        vec![cuprum_core::f16::from_f32(1.0); 4],
        &[2, 2],
        Device::Cpu,
    )
    .unwrap();
    let e = cuprum_linalg::inv(&a).unwrap_err();
    assert_eq!(e.conformance_class(), "dtype");
    let _ = DType::Float16;
}
