//! `cuprum::registry`'s SciPy areas: every public function of a SciPy crate is listed under its
//! SciPy name and runs by name with SciPy's values.

use cuprum::Array;
use cuprum::Device;
use cuprum::registry::{self, Call, Value};

fn f64s(v: &[f64], shape: &[usize]) -> Array {
    Array::from_vec(v.to_vec(), shape).unwrap()
}
fn out_f64(v: &Value) -> Vec<f64> {
    v.as_array().expect("an array").to_vec::<f64>().unwrap()
}

/// The public functions of a SciPy crate's source files (`pub fn name` at the start of a line,
/// the files of `dir` except those named in `except`).
fn public_fns(dir: &str, except: &[&str]) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir);
    let mut names = Vec::new();
    for f in std::fs::read_dir(&root).unwrap() {
        let p = f.unwrap().path();
        let file = p.file_name().unwrap().to_str().unwrap().to_string();
        if p.extension().is_none_or(|e| e != "rs") || except.contains(&file.as_str()) {
            continue;
        }
        for line in std::fs::read_to_string(&p).unwrap().lines() {
            if let Some(rest) = line.strip_prefix("pub fn ") {
                let end = rest.find(['<', '(']).unwrap_or(rest.len());
                names.push(rest[..end].to_string());
            }
        }
    }
    names.sort();
    names
}

#[test]
fn every_public_special_function_is_in_the_registry() {
    // `logsumexp_with_sign` is `special.logsumexp(..., return_sign=True)`
    let missing: Vec<String> = public_fns("crates/cuprum-special/src", &["stats.rs", "lib.rs"])
        .into_iter()
        .filter(|n| n != "logsumexp_with_sign")
        .filter(|n| registry::lookup(&format!("special.{n}")).is_none())
        .collect();
    assert!(missing.is_empty(), "not in the registry: {missing:?}");
    assert!(
        registry::names()
            .iter()
            .filter(|n| n.starts_with("special."))
            .count()
            >= 130
    );
}

#[test]
fn special_functions_run_by_name_with_scipys_values() {
    let _g = Device::Cpu.use_device().unwrap();
    // scipy.special.jv(1.5, [0.5, 2.0]) (SciPy 1.17.1)
    let x = f64s(&[0.5, 2.0], &[2]);
    let out = registry::call("special.jv", &Call::new().arg(1.5).arg(&x)).unwrap();
    let v = out_f64(&out[0]);
    for (g, w) in v.iter().zip([0.09170169962565139, 0.49129377868716273]) {
        assert!((g - w).abs() < 1e-14, "{g} {w}");
    }
    // scipy.special.airy(0.5): Ai, Ai', Bi, Bi'
    let out = registry::call("special.airy", &Call::new().arg(0.5)).unwrap();
    assert_eq!(out.len(), 4);
    let ai = out[0].as_array().unwrap().to_vec::<f64>().unwrap()[0];
    assert!((ai - 0.23169360648083343).abs() < 1e-14, "{ai}");
    // scipy.special.logsumexp([1, 2, 3], b=[1, -1, 1], return_sign=True)
    let a = f64s(&[1.0, 2.0, 3.0], &[3]);
    let b = f64s(&[1.0, -1.0, 1.0], &[3]);
    let out = registry::call(
        "special.logsumexp",
        &Call::new()
            .arg(&a)
            .kwarg("b", &b)
            .kwarg("return_sign", true),
    )
    .unwrap();
    let (r, s) = (out_f64(&out[0])[0], out_f64(&out[1])[0]);
    assert!(
        (r - 2.7353256640555195).abs() < 1e-14 && s == 1.0,
        "{r} {s}"
    );
    // unknown keywords are errors, never ignored
    assert!(registry::call("special.erf", &Call::new().arg(0.5).kwarg("out", 0.0)).is_err());
}

#[test]
fn every_public_ndimage_function_is_in_the_registry() {
    // functions of a Python callable (Rust closures here), find_objects' slice tuples,
    // value_indices' dict and the output-array helper have no by-name form
    let by_hand = [
        "generic_filter",
        "generic_filter1d",
        "generic_gradient_magnitude",
        "generic_laplace",
        "geometric_transform",
        "labeled_comprehension",
        "vectorized_filter",
        "find_objects",
        "value_indices",
        "write_output",
    ];
    let missing: Vec<String> = public_fns("crates/cuprum-ndimage/src", &["lib.rs"])
        .into_iter()
        .filter(|n| !by_hand.contains(&n.as_str()))
        .filter(|n| registry::lookup(&format!("ndimage.{n}")).is_none())
        .collect();
    assert!(missing.is_empty(), "not in the registry: {missing:?}");
}

#[test]
fn ndimage_functions_run_by_name_with_scipys_values() {
    let _g = Device::Cpu.use_device().unwrap();
    let x = f64s(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0], &[3, 3]);
    // scipy.ndimage.gaussian_filter(x, 1.0, mode='nearest') (SciPy 1.17.1)
    let want = [
        2.4397692410785266,
        3.0948532343987027,
        3.759129010203156,
        4.3766830644241,
        5.0903172382574216,
        5.851125942077228,
        6.32278867025395,
        7.132955772102626,
        8.052920367664314,
    ];
    let out = registry::call(
        "ndimage.gaussian_filter",
        &Call::new().arg(&x).arg(1.0).kwarg("mode", "nearest"),
    )
    .unwrap();
    for (g, w) in out_f64(&out[0]).iter().zip(want) {
        assert!((g - w).abs() < 1e-12, "{g} {w}");
    }
    // scipy.ndimage.median_filter(x, size=2)
    let out = registry::call(
        "ndimage.median_filter",
        &Call::new().arg(&x).kwarg("size", 2),
    )
    .unwrap();
    assert_eq!(
        out_f64(&out[0]),
        vec![1.0, 2.0, 3.0, 4.0, 4.0, 5.0, 7.0, 7.0, 8.0]
    );
    // scipy.ndimage.label([[1,0,1],[0,0,1],[1,0,0]]) -> labels, 3
    let img = Array::from_vec(vec![1i64, 0, 1, 0, 0, 1, 1, 0, 0], &[3, 3]).unwrap();
    let out = registry::call("ndimage.label", &Call::new().arg(&img)).unwrap();
    let labels = out[0]
        .as_array()
        .unwrap()
        .astype(cuprum::DType::Int64)
        .unwrap();
    assert_eq!(
        labels.to_vec::<i64>().unwrap(),
        vec![1, 0, 2, 0, 0, 2, 3, 0, 0]
    );
    assert!(matches!(out[1], Value::Int(3)));
    // a window is required; an unknown mode names the argument
    assert!(registry::call("ndimage.median_filter", &Call::new().arg(&x)).is_err());
    let e = registry::call(
        "ndimage.gaussian_filter",
        &Call::new().arg(&x).arg(1.0).kwarg("mode", "bogus"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("bogus"), "{e}");
}
