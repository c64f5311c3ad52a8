//! The fft area of the NumPy conformance corpus (`tests/data/conformance`), run through this
//! crate's API on every device, with the corpus's own tolerances (the workspace harness runs
//! the same cases through its dispatch table; this copy keeps the crate testable alone).

use crate::common::{devices, values};
use cuprum_core::{Array, Complex64, Device, Result, SliceItem};
use cuprum_fft::{self as fft, Norm};
use serde_json::Value;
use std::path::PathBuf;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/conformance")
}

fn apply_pre(a: Array, pre: &str) -> Result<Array> {
    let mut a = a;
    let mut rest = pre;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix(".T") {
            a = a.transpose()?;
            rest = r;
        } else {
            let end = rest.find(']').expect("a bracketed index expression") + 1;
            a = a.slice(&SliceItem::parse_expr(&rest[..end])?)?;
            rest = &rest[end..];
        }
    }
    Ok(a)
}

fn ints(v: Option<&Value>) -> Option<Vec<i64>> {
    match v? {
        Value::Null => None,
        Value::Array(a) => Some(a.iter().map(|x| x.as_i64().unwrap()).collect()),
        x => Some(vec![x.as_i64().unwrap()]),
    }
}

fn run_case(case: &Value, device: Device) -> Result<Array> {
    let dir = corpus();
    let kw = &case["kwargs"];
    let inputs: Vec<Array> = case["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let a = cuprum_core::npy::load_on(dir.join(f.as_str().unwrap()), device)?;
            match kw
                .get("pre")
                .and_then(|p| p.get(i))
                .and_then(|p| p.as_str())
            {
                Some(p) => apply_pre(a, p),
                None => Ok(a),
            }
        })
        .collect::<Result<_>>()?;
    let norm = Norm::try_from(kw.get("norm").and_then(|v| v.as_str()))?;
    let n = kw.get("n").and_then(|v| v.as_u64()).map(|v| v as usize);
    let axis = kw.get("axis").and_then(|v| v.as_i64()).unwrap_or(-1) as isize;
    let s: Option<Vec<usize>> = ints(kw.get("s")).map(|v| v.iter().map(|&x| x as usize).collect());
    let axes: Option<Vec<isize>> =
        ints(kw.get("axes")).map(|v| v.iter().map(|&x| x as isize).collect());
    let (s, axes) = (s.as_deref(), axes.as_deref());
    let op = case["op"].as_str().unwrap();
    let d = kw.get("d").and_then(|v| v.as_f64()).unwrap_or(1.0);
    match op {
        "fft.fft" => fft::fft(&inputs[0], n, axis, norm),
        "fft.ifft" => fft::ifft(&inputs[0], n, axis, norm),
        "fft.rfft" => fft::rfft(&inputs[0], n, axis, norm),
        "fft.irfft" => fft::irfft(&inputs[0], n, axis, norm),
        "fft.hfft" => fft::hfft(&inputs[0], n, axis, norm),
        "fft.ihfft" => fft::ihfft(&inputs[0], n, axis, norm),
        "fft.fft2" => fft::fft2(&inputs[0], s, axes, norm),
        "fft.ifft2" => fft::ifft2(&inputs[0], s, axes, norm),
        "fft.fftn" => fft::fftn(&inputs[0], s, axes, norm),
        "fft.ifftn" => fft::ifftn(&inputs[0], s, axes, norm),
        "fft.rfft2" => fft::rfft2(&inputs[0], s, axes, norm),
        "fft.irfft2" => fft::irfft2(&inputs[0], s, axes, norm),
        "fft.rfftn" => fft::rfftn(&inputs[0], s, axes, norm),
        "fft.irfftn" => fft::irfftn(&inputs[0], s, axes, norm),
        "fft.fftfreq" => fft::fftfreq_on(n.unwrap(), d, device),
        "fft.rfftfreq" => fft::rfftfreq_on(n.unwrap(), d, device),
        "fft.fftshift" => fft::fftshift(&inputs[0], axes),
        "fft.ifftshift" => fft::ifftshift(&inputs[0], axes),
        _ => panic!("fft conformance: unknown op {op}"),
    }
}

/// The corpus's allclose rule on complex values.
fn check(case: &Value, got: &Array) -> std::result::Result<(), String> {
    let dir = corpus();
    let exp_file = case["expected"][0].as_str().unwrap();
    let exp =
        cuprum_core::npy::load_on(dir.join(exp_file), Device::Cpu).map_err(|e| e.to_string())?;
    if exp.shape() != got.shape() {
        return Err(format!(
            "shape {:?}, expected {:?}",
            got.shape(),
            exp.shape()
        ));
    }
    if exp.dtype() != got.dtype() {
        return Err(format!("dtype {}, expected {}", got.dtype(), exp.dtype()));
    }
    let rtol = case["rtol"].as_f64().unwrap();
    let atol = case["atol"].as_f64().unwrap();
    let g = values(got).map_err(|e| e.to_string())?;
    let e = values(&exp).map_err(|e| e.to_string())?;
    for (i, (x, y)) in g.iter().zip(&e).enumerate() {
        let ok = (x - y).norm() <= atol + rtol * y.norm();
        if !ok {
            return Err(format!(
                "element {i}: got {x}, expected {y} (rtol {rtol}, atol {atol})"
            ));
        }
    }
    let _: Vec<Complex64> = g;
    Ok(())
}

#[test]
fn fft_area_of_the_conformance_corpus() {
    let text = std::fs::read_to_string(corpus().join("manifest.json")).expect("manifest.json");
    let m: Value = serde_json::from_str(&text).unwrap();
    let cases: Vec<&Value> = m["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["area"] == "fft" || c["op"].as_str().unwrap_or("").starts_with("fft."))
        .collect();
    assert!(cases.len() >= 40, "only {} fft cases found", cases.len());
    let mut failures = Vec::new();
    let mut passed = 0;
    for device in devices() {
        for case in &cases {
            let id = case["id"].as_str().unwrap();
            let r = run_case(case, device);
            let outcome = match (case.get("error"), r) {
                (Some(_), Err(e)) => {
                    if case["error"] == "invalid_value"
                        && !matches!(
                            e,
                            cuprum_core::Error::InvalidValue { .. }
                                | cuprum_core::Error::BadArgument { .. }
                                | cuprum_core::Error::OutOfDomain { .. }
                                | cuprum_core::Error::BadShape { .. }
                        )
                    {
                        Err(format!("wrong error class: {e}"))
                    } else {
                        Ok(())
                    }
                }
                (Some(cls), Ok(_)) => Err(format!("expected a {cls} error, got a result")),
                (None, Err(e)) => Err(format!("error: {e}")),
                (None, Ok(a)) => check(case, &a),
            };
            match outcome {
                Ok(()) => passed += 1,
                Err(msg) => failures.push(format!("{id} on {device}: {msg}")),
            }
        }
    }
    println!(
        "fft conformance: {passed} passed, {} failed",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
