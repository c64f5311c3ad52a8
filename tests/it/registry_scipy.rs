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
        // distance_transform_edt with return_indices=True
        "distance_transform_edt_indices",
    ];
    let missing: Vec<String> = public_fns("crates/cuprum-ndimage/src", &["lib.rs"])
        .into_iter()
        .filter(|n| !by_hand.contains(&n.as_str()))
        .filter(|n| registry::lookup(&format!("ndimage.{n}")).is_none())
        .collect();
    assert!(missing.is_empty(), "not in the registry: {missing:?}");
}

#[test]
fn grey_erosion_takes_a_non_flat_structure_by_name() {
    let _g = Device::Cpu.use_device().unwrap();
    let x = f64s(&[5.0, 1.0, 5.0, 5.0, 9.0, 0.0], &[6]);
    let s = f64s(&[1.0, 2.0, 1.0], &[3]);
    // scipy.ndimage.grey_erosion([5., 1, 5, 5, 9, 0], structure=[1., 2, 1])
    let out = registry::call(
        "ndimage.grey_erosion",
        &Call::new().arg(&x).kwarg("structure", &s),
    )
    .unwrap();
    assert_eq!(out_f64(&out[0]), vec![0.0, -1.0, 0.0, 3.0, -1.0, -2.0]);
    // scipy.ndimage.grey_erosion([5., 1, 5, 5, 9, 0], structure=[1., 2, 1], footprint=[1, 0, 1])
    let fp = f64s(&[1.0, 0.0, 1.0], &[3]);
    let call = Call::new()
        .arg(&x)
        .kwarg("structure", &s)
        .kwarg("footprint", &fp);
    let out = registry::call("ndimage.grey_erosion", &call).unwrap();
    assert_eq!(out_f64(&out[0]), vec![0.0, 4.0, 0.0, 4.0, -1.0, -1.0]);
}

#[test]
fn distance_transform_edt_returns_what_its_flags_ask() {
    let _g = Device::Cpu.use_device().unwrap();
    let x = f64s(&[0.0, 1.0, 1.0, 1.0, 0.0], &[5]);
    let call = |d: bool, i: bool| {
        registry::call(
            "ndimage.distance_transform_edt",
            &Call::new()
                .arg(&x)
                .kwarg("return_distances", d)
                .kwarg("return_indices", i),
        )
    };
    // scipy.ndimage.distance_transform_edt([0, 1, 1, 1, 0], return_indices=True)
    let out = call(true, true).unwrap();
    assert_eq!(out.len(), 2);
    assert_eq!(out_f64(&out[0]), vec![0.0, 1.0, 2.0, 1.0, 0.0]);
    let ind = out[1].as_array().unwrap().to_vec::<i32>().unwrap();
    assert_eq!(ind, vec![0, 0, 0, 4, 4]);
    let out = call(false, true).unwrap();
    assert_eq!(out[0].as_array().unwrap().to_vec::<i32>().unwrap(), ind);
    assert_eq!(
        out_f64(&call(true, false).unwrap()[0]),
        vec![0.0, 1.0, 2.0, 1.0, 0.0]
    );
    // SciPy: RuntimeError('at least one of return_distances/return_indices must be True')
    let e = call(false, false).unwrap_err().to_string();
    assert!(e.contains("return_distances"), "{e}");
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

/// The public functions of the source files under `dir`, its subdirectories included
/// (except the subdirectories named in `except_dirs`).
fn public_fns_tree(dir: &str, except_dirs: &[&str]) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir);
    let mut names = public_fns(dir, &["lib.rs"]);
    for f in std::fs::read_dir(&root).unwrap() {
        let p = f.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if p.is_dir() && !except_dirs.contains(&name.as_str()) {
            names.extend(public_fns_tree(&format!("{dir}/{name}"), except_dirs));
        }
    }
    names.sort();
    names
}

/// The public structs of a crate's top-level source files.
fn public_structs(dir: &str) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir);
    let mut names = Vec::new();
    for f in std::fs::read_dir(&root).unwrap() {
        let p = f.unwrap().path();
        if p.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        for line in std::fs::read_to_string(&p).unwrap().lines() {
            if let Some(rest) = line.strip_prefix("pub struct ") {
                let end = rest.find(['<', '(', ' ', ';', '{']).unwrap_or(rest.len());
                names.push(rest[..end].to_string());
            }
        }
    }
    names.sort();
    names
}

#[test]
fn every_public_signal_function_is_in_the_registry() {
    // `cusignal/` is `cupyx.signal`, not `scipy.signal`; `cwt` takes a Python callable (a
    // Rust closure here); the `_with_state`/`_with_ratios`/`_bp`/`_hilbert` forms are the `zi=`/
    // `return_ratios=`/`bp=`/`method='hilbert'` forms of the SciPy function
    let by_hand = [
        "cwt",
        "detrend_bp",
        "minimum_phase_hilbert",
        "lfilter_with_state",
        "sosfilt_with_state",
        "dpss_with_ratios",
    ];
    let fns = public_fns_tree("crates/cuprum-signal/src", &["cusignal"]);
    assert!(fns.len() >= 130, "{} public functions", fns.len());
    let missing: Vec<String> = fns
        .into_iter()
        .filter(|n| !by_hand.contains(&n.as_str()))
        .map(|n| match n.as_str() {
            "check_cola" => "check_COLA".to_string(),
            "check_nola" => "check_NOLA".to_string(),
            _ => n,
        })
        .filter(|n| {
            registry::lookup(&format!("signal.{n}")).is_none()
                && registry::lookup(&format!("signal.windows.{n}")).is_none()
        })
        .collect();
    assert!(missing.is_empty(), "not in the registry: {missing:?}");
    for w in ["hann", "kaiser", "tukey", "dpss", "general_cosine"] {
        assert!(
            registry::lookup(&format!("signal.windows.{w}")).is_some(),
            "{w}"
        );
    }
    for c in ["signal.CZT", "signal.CZT.__call__", "signal.ZoomFFT.points"] {
        assert!(registry::lookup(c).is_some(), "{c}");
    }
    for class in ["lti", "dlti"] {
        for m in ["to_tf", "to_zpk", "to_ss"] {
            let c = format!("signal.{class}.{m}");
            assert!(registry::lookup(&c).is_some(), "{c}");
        }
    }
}

#[test]
fn every_public_interpolate_function_and_class_is_in_the_registry() {
    let fns = public_fns("crates/cuprum-interpolate/src", &["lib.rs"]);
    assert!(fns.len() >= 14, "{fns:?}");
    let missing: Vec<String> = fns
        .into_iter()
        .filter(|n| registry::lookup(&format!("interpolate.{n}")).is_none())
        .collect();
    assert!(missing.is_empty(), "not in the registry: {missing:?}");
    // classes: every public struct but the option and end-condition types; `Interp1d` is
    // SciPy's `interp1d`
    let classes: Vec<String> = public_structs("crates/cuprum-interpolate/src")
        .into_iter()
        .filter(|n| !n.ends_with("Options") && n != "BcType" && n != "Interp1d")
        .collect();
    assert!(classes.len() >= 15, "{classes:?}");
    let missing: Vec<String> = classes
        .into_iter()
        .filter(|c| {
            registry::lookup(&format!("interpolate.{c}")).is_none()
                || (c != "InterpolatedUnivariateSpline"
                    && c != "LSQUnivariateSpline"
                    && registry::lookup(&format!("interpolate.{c}.__call__")).is_none())
        })
        .collect();
    assert!(
        missing.is_empty(),
        "classes without a constructor or __call__: {missing:?}"
    );
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{got:?} {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() <= tol, "{got:?} {want:?}");
    }
}

#[test]
fn signal_functions_run_by_name_with_scipys_values() {
    let _g = Device::Cpu.use_device().unwrap();
    // scipy.signal.butter(2, 0.3) (SciPy 1.17.1)
    let out = registry::call("signal.butter", &Call::new().arg(2).arg(0.3)).unwrap();
    assert_eq!(out.len(), 2);
    close(
        &out_f64(&out[0]),
        &[
            0.13110643991662593,
            0.26221287983325187,
            0.13110643991662593,
        ],
        1e-14,
    );
    close(
        &out_f64(&out[1]),
        &[1.0, -0.7477891782585034, 0.27221493792500717],
        1e-14,
    );
    // scipy.signal.butter(2, 0.3, output='zpk'): k is a float
    let zpk = registry::call(
        "signal.butter",
        &Call::new().arg(2).arg(0.3).kwarg("output", "zpk"),
    )
    .unwrap();
    assert_eq!(zpk.len(), 3);
    assert!(matches!(zpk[2], Value::Float(k) if (k - 0.13110643991662593).abs() < 1e-14));
    // scipy.signal.lfilter(b, a, [1, 0, 0, 0])
    let x = f64s(&[1.0, 0.0, 0.0, 0.0], &[4]);
    let y = registry::call(
        "signal.lfilter",
        &Call::new().arg(out[0].clone()).arg(out[1].clone()).arg(&x),
    )
    .unwrap();
    close(
        &out_f64(&y[0]),
        &[
            0.13110643991662593,
            0.3602528568029034,
            0.3648104962670744,
            0.17473513217172357,
        ],
        1e-14,
    );
    // scipy.signal.find_peaks([0,1,3,1,0,2,5,2,0,1], height=1.5): ([2, 6],
    // {'peak_heights': [3., 5.]})
    let x = f64s(&[0.0, 1.0, 3.0, 1.0, 0.0, 2.0, 5.0, 2.0, 0.0, 1.0], &[10]);
    let out = registry::call(
        "signal.find_peaks",
        &Call::new().arg(&x).kwarg("height", 1.5),
    )
    .unwrap();
    let peaks = out[0]
        .as_array()
        .unwrap()
        .astype(cuprum::DType::Int64)
        .unwrap();
    assert_eq!(peaks.to_vec::<i64>().unwrap(), vec![2, 6]);
    let Value::Dict(props) = &out[1] else {
        panic!("{:?}", out[1])
    };
    assert_eq!(props.len(), 1);
    assert_eq!(props[0].0, "peak_heights");
    assert_eq!(out_f64(&props[0].1), vec![3.0, 5.0]);
    // complex coefficients: scipy.signal.symiirorder1(x + 0j, 0.5+0.2j, 0.3-0.1j, precision=1e-10)
    // with x = [1, 2, 0.5, -1, 3, 0, 1.5, 2.5] * 4; its first four values
    let x: Vec<f64> = [1.0, 2.0, 0.5, -1.0, 3.0, 0.0, 1.5, 2.5].repeat(4);
    let out = registry::call(
        "signal.symiirorder1",
        &Call::new()
            .arg(f64s(&x, &[32]))
            .arg(cuprum::Complex64::new(0.5, 0.2))
            .arg(cuprum::Complex64::new(0.3, -0.1))
            .kwarg("precision", 1e-10),
    )
    .unwrap();
    let y = out[0]
        .as_array()
        .unwrap()
        .to_vec::<cuprum::Complex64>()
        .unwrap();
    let want = [
        (1.2479051979310851, 0.11944484103990172),
        (1.4626815984324733, 0.29783781256234276),
        (0.7108900455899683, -0.020166620994944845),
        (0.2514055109098725, -0.2745866208146891),
    ];
    for (g, (re, im)) in y.iter().zip(want) {
        assert!(
            (g.re - re).abs() < 1e-9 && (g.im - im).abs() < 1e-9,
            "{g} vs {re}+{im}i"
        );
    }
    // scipy.signal.windows.hann(5); scipy.signal.get_window(('kaiser', 8.6), 4) by tuple
    let w = registry::call("signal.windows.hann", &Call::new().arg(5)).unwrap();
    close(&out_f64(&w[0]), &[0.0, 0.5, 1.0, 0.5, 0.0], 1e-15);
    // scipy.signal.windows.taylor(10, nbar=3, sll=35, norm=False); kaiser_bessel_derived(10,
    // 2.5)[:2]; detrend([0, 1, 2, 10, 7, 4], bp=3)
    let w = registry::call(
        "signal.windows.taylor",
        &Call::new()
            .arg(10)
            .kwarg("nbar", 3)
            .kwarg("sll", 35.0)
            .kwarg("norm", false),
    )
    .unwrap();
    close(
        &out_f64(&w[0])[..2],
        &[0.3533072495570805, 0.6223805673289747],
        1e-13,
    );
    let w = registry::call(
        "signal.windows.kaiser_bessel_derived",
        &Call::new().arg(10).arg(2.5),
    )
    .unwrap();
    close(
        &out_f64(&w[0])[..2],
        &[0.27852723411604297, 0.5044023858969191],
        1e-13,
    );
    let y = registry::call(
        "signal.detrend",
        &Call::new()
            .arg(f64s(&[0.0, 1.0, 2.0, 10.0, 7.0, 4.0], &[6]))
            .kwarg("bp", 3),
    )
    .unwrap();
    close(&out_f64(&y[0]), &[0.0; 6], 1e-12);
    // scipy.signal.welch((arange(16)**2 % 7), nperseg=8)
    let x: Vec<f64> = (0..16).map(|i| f64::from((i * i) % 7)).collect();
    let out = registry::call(
        "signal.welch",
        &Call::new().arg(f64s(&x, &[16])).kwarg("nperseg", 8),
    )
    .unwrap();
    close(&out_f64(&out[0]), &[0.0, 0.125, 0.25, 0.375, 0.5], 1e-15);
    close(
        &out_f64(&out[1]),
        &[
            1.0829244826177387,
            4.2352934096799215,
            5.966638607589538,
            4.435730319472646,
            0.7464606389452914,
        ],
        1e-12,
    );
    // a class: CZT(4)(x) is the DFT
    let czt = registry::call("signal.CZT", &Call::new().arg(4)).unwrap();
    let Value::Object(c) = &czt[0] else {
        panic!("{:?}", czt[0])
    };
    let x = f64s(&[1.0, 2.0, 3.0, 4.0], &[4]);
    let y = registry::call_method(c, "__call__", &Call::new().arg(&x)).unwrap();
    let y = y[0]
        .as_array()
        .unwrap()
        .to_vec::<cuprum::Complex64>()
        .unwrap();
    // numpy.fft.fft([1, 2, 3, 4]) = [10, -2+2j, -2, -2-2j]
    for (g, w) in y
        .iter()
        .zip([(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)])
    {
        assert!(
            (g.re - w.0).abs() < 1e-12 && (g.im - w.1).abs() < 1e-12,
            "{y:?}"
        );
    }
    // d = scipy.signal.dlti([1], [1, -0.5], dt=0.1); d.impulse(n=4): t, y
    let d = registry::call(
        "signal.dlti",
        &Call::new()
            .arg(f64s(&[1.0], &[1]))
            .arg(f64s(&[1.0, -0.5], &[2]))
            .kwarg("dt", 0.1),
    )
    .unwrap();
    let Value::Object(d) = &d[0] else {
        panic!("{:?}", d[0])
    };
    let ty = registry::call_method(d, "impulse", &Call::new().kwarg("n", 4)).unwrap();
    close(&out_f64(&ty[0]), &[0.0, 0.1, 0.2, 0.3], 1e-15);
    close(&out_f64(&ty[1]), &[0.0, 1.0, 0.5, 0.25], 1e-15);
    // s = ShortTimeFFT(windows.hann(8, sym=False), 2, 1.0): p_num(20) = 13,
    // stft(sin(0.3 arange(20)))[1, 3] = 1.886869803383544-0.3926505850773873j
    let w = registry::call(
        "signal.windows.hann",
        &Call::new().arg(8).kwarg("sym", false),
    )
    .unwrap();
    let s = registry::call(
        "signal.ShortTimeFFT",
        &Call::new().arg(w[0].clone()).arg(2).arg(1.0),
    )
    .unwrap();
    let Value::Object(s) = &s[0] else {
        panic!("{:?}", s[0])
    };
    let p = registry::call_method(s, "p_num", &Call::new().arg(20)).unwrap();
    assert!(matches!(p[0], Value::Int(13)), "{:?}", p[0]);
    let xs: Vec<f64> = (0..20).map(|i| (f64::from(i) * 0.3).sin()).collect();
    let z = registry::call_method(s, "stft", &Call::new().arg(f64s(&xs, &[20]))).unwrap();
    let z = z[0].as_array().unwrap();
    assert_eq!(z.shape(), &[5, 13]);
    let z13 = z.to_vec::<cuprum::Complex64>().unwrap()[13 + 3];
    assert!(
        (z13.re - 1.886869803383544).abs() < 1e-12 && (z13.im + 0.3926505850773873).abs() < 1e-12,
        "{z13}"
    );
    // unknown keywords and unknown modes are errors naming the value
    assert!(
        registry::call(
            "signal.butter",
            &Call::new().arg(2).arg(0.3).kwarg("bogus", 1)
        )
        .is_err()
    );
    let e = registry::call(
        "signal.convolve",
        &Call::new().arg(&x).arg(&x).kwarg("mode", "bogus"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("bogus"), "{e}");
}

/// `registry::call(name, call)`'s single object.
fn object(name: &str, call: &Call) -> registry::Object {
    match registry::call(name, call).unwrap().remove(0) {
        Value::Object(o) => o,
        v => panic!("{name}: {v:?}"),
    }
}

/// A complex output's values as `(re, im)`, sorted.
fn out_c128_sorted(v: &Value) -> Vec<(f64, f64)> {
    let mut c: Vec<(f64, f64)> = v
        .as_array()
        .expect("an array")
        .to_vec::<cuprum::Complex64>()
        .unwrap()
        .iter()
        .map(|z| (z.re, z.im))
        .collect();
    c.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    c
}

/// Two complex values (sorted `(re, im)`) against `want` flattened.
fn close_pairs(got: &[(f64, f64)], want: &[f64]) {
    let flat: Vec<f64> = got.iter().flat_map(|&(re, im)| [re, im]).collect();
    close(&flat, want, 1e-14);
}

#[test]
fn lti_and_dlti_conversions_run_by_name_with_scipys_values() {
    let m =
        |o: &registry::Object, name: &str| registry::call_method(o, name, &Call::new()).unwrap();
    let gain = |v: &Value| match v {
        Value::Float(k) => *k,
        v => panic!("{v:?}"),
    };
    // s = scipy.signal.lti([1, 3], [1, 2, 5]); s.to_zpk(): z [-3], p [-1-2j, -1+2j], k 1.0;
    // s.to_ss(): A [[-2, -5], [1, 0]], B [[1], [0]], C [[1, 3]], D [[0]]
    let s = object(
        "signal.lti",
        &Call::new()
            .arg(f64s(&[1.0, 3.0], &[2]))
            .arg(f64s(&[1.0, 2.0, 5.0], &[3])),
    );
    let zpk = m(&s, "to_zpk");
    close_pairs(&out_c128_sorted(&zpk[0]), &[-3.0, 0.0]);
    close_pairs(&out_c128_sorted(&zpk[1]), &[-1.0, -2.0, -1.0, 2.0]);
    close(&[gain(&zpk[2])], &[1.0], 1e-15);
    let ss = m(&s, "to_ss");
    close(&out_f64(&ss[0]), &[-2.0, -5.0, 1.0, 0.0], 1e-15);
    close(&out_f64(&ss[1]), &[1.0, 0.0], 1e-15);
    close(&out_f64(&ss[2]), &[1.0, 3.0], 1e-15);
    close(&out_f64(&ss[3]), &[0.0], 1e-15);
    // scipy.signal.lti([-1], [-2, -3], 4.0).to_tf(): num [4, 4], den [1, 5, 6]
    let s = object(
        "signal.lti",
        &Call::new()
            .arg(f64s(&[-1.0], &[1]))
            .arg(f64s(&[-2.0, -3.0], &[2]))
            .arg(4.0),
    );
    let tf = m(&s, "to_tf");
    close(&out_f64(&tf[0]), &[4.0, 4.0], 1e-14);
    close(&out_f64(&tf[1]), &[1.0, 5.0, 6.0], 1e-14);
    // d = scipy.signal.dlti([1, 0.5], [1, -0.5, 0.06], dt=0.1); d.to_zpk(): z [-0.5],
    // p [0.3, 0.2], k 1.0; d.to_ss(): A [[0.5, -0.06], [1, 0]], B [[1], [0]], C [[1, 0.5]],
    // D [[0]]
    let d = object(
        "signal.dlti",
        &Call::new()
            .arg(f64s(&[1.0, 0.5], &[2]))
            .arg(f64s(&[1.0, -0.5, 0.06], &[3]))
            .kwarg("dt", 0.1),
    );
    let zpk = m(&d, "to_zpk");
    close_pairs(&out_c128_sorted(&zpk[0]), &[-0.5, 0.0]);
    close_pairs(&out_c128_sorted(&zpk[1]), &[0.2, 0.0, 0.3, 0.0]);
    close(&[gain(&zpk[2])], &[1.0], 1e-15);
    let ss = m(&d, "to_ss");
    close(&out_f64(&ss[0]), &[0.5, -0.06, 1.0, 0.0], 1e-15);
    close(&out_f64(&ss[1]), &[1.0, 0.0], 1e-15);
    close(&out_f64(&ss[2]), &[1.0, 0.5], 1e-15);
    close(&out_f64(&ss[3]), &[0.0], 1e-15);
    // scipy.signal.dlti([[-0.5, 0], [1, 0]], [[1], [0]], [[1, 2]], [[0.5]], dt=0.1).to_tf():
    // num [0.5, 1.2499999999999998, 1.9999999999999991], den [1, 0.5, 0]
    let d = object(
        "signal.dlti",
        &Call::new()
            .arg(f64s(&[-0.5, 0.0, 1.0, 0.0], &[2, 2]))
            .arg(f64s(&[1.0, 0.0], &[2, 1]))
            .arg(f64s(&[1.0, 2.0], &[1, 2]))
            .arg(f64s(&[0.5], &[1, 1]))
            .kwarg("dt", 0.1),
    );
    let tf = m(&d, "to_tf");
    close(&out_f64(&tf[0]), &[0.5, 1.25, 2.0], 1e-14);
    close(&out_f64(&tf[1]), &[1.0, 0.5, 0.0], 1e-14);
}

#[test]
fn interpolate_classes_and_functions_run_by_name_with_scipys_values() {
    let _g = Device::Cpu.use_device().unwrap();
    let x = f64s(&[0.0, 1.0, 2.0, 3.0, 4.0], &[5]);
    let y = f64s(&[0.0, 1.0, 0.0, 2.0, 1.0], &[5]);
    let at = f64s(&[0.5, 2.5], &[2]);
    // cs = scipy.interpolate.CubicSpline(x, y, bc_type='natural') (SciPy 1.17.1)
    let cs = registry::call(
        "interpolate.CubicSpline",
        &Call::new().arg(&x).arg(&y).kwarg("bc_type", "natural"),
    )
    .unwrap();
    let Value::Object(cs) = &cs[0] else {
        panic!("{:?}", cs[0])
    };
    assert_eq!(cs.class(), "interpolate.CubicSpline");
    // cs([0.5, 2.5]), cs([0.5, 2.5], 1), cs.integrate(0, 4), cs.derivative()(1.5)
    let v = registry::call_method(cs, "__call__", &Call::new().arg(&at)).unwrap();
    close(
        &out_f64(&v[0]),
        &[0.8013392857142856, 0.9397321428571428],
        1e-14,
    );
    let v = registry::call_method(cs, "__call__", &Call::new().arg(&at).arg(1)).unwrap();
    close(
        &out_f64(&v[0]),
        &[1.2008928571428572, 2.566964285714285],
        1e-13,
    );
    let v = registry::call_method(cs, "integrate", &Call::new().arg(0.0).arg(4.0)).unwrap();
    close(&out_f64(&v[0]), &[3.821428571428571], 1e-13);
    let d = registry::call_method(cs, "derivative", &Call::new()).unwrap();
    let Value::Object(d) = &d[0] else {
        panic!("{:?}", d[0])
    };
    assert_eq!(d.class(), "interpolate.PPoly");
    let v = registry::call_method(d, "__call__", &Call::new().arg(f64s(&[1.5], &[1]))).unwrap();
    close(&out_f64(&v[0]), &[-1.5044642857142856], 1e-13);
    // tck = splrep(x, y, k=3) -> (t, c, 3); splev([0.5, 2.5], tck)
    let tck = registry::call("interpolate.splrep", &Call::new().arg(&x).arg(&y)).unwrap();
    assert_eq!(tck.len(), 3);
    close(
        &out_f64(&tck[0]),
        &[0.0, 0.0, 0.0, 0.0, 2.0, 4.0, 4.0, 4.0, 4.0],
        0.0,
    );
    assert!(matches!(tck[2], Value::Int(3)));
    let v = registry::call(
        "interpolate.splev",
        &Call::new().arg(&at).arg(Value::List(tck.clone())),
    )
    .unwrap();
    close(&out_f64(&v[0]), &[1.2343749999999993, 0.828125], 1e-13);
    // interp1d(x, y, kind='quadratic')([0.5, 3.7])
    let f = registry::call(
        "interpolate.interp1d",
        &Call::new().arg(&x).arg(&y).kwarg("kind", "quadratic"),
    )
    .unwrap();
    let Value::Object(f) = &f[0] else {
        panic!("{:?}", f[0])
    };
    let v =
        registry::call_method(f, "__call__", &Call::new().arg(f64s(&[0.5, 3.7], &[2]))).unwrap();
    close(
        &out_f64(&v[0]),
        &[0.8785714285714286, 1.7379999999999995],
        1e-13,
    );
    // RegularGridInterpolator((x, x), add.outer(x, 2 x))([[0.5, 1.5], [3.2, 0.1]])
    let mut vals = Vec::new();
    for i in 0..5 {
        for j in 0..5 {
            vals.push(f64::from(i) + 2.0 * f64::from(j));
        }
    }
    let rgi = registry::call(
        "interpolate.RegularGridInterpolator",
        &Call::new()
            .arg(Value::List(vec![Value::from(&x), Value::from(&x)]))
            .arg(f64s(&vals, &[5, 5])),
    )
    .unwrap();
    let Value::Object(rgi) = &rgi[0] else {
        panic!("{:?}", rgi[0])
    };
    let v = registry::call_method(
        rgi,
        "__call__",
        &Call::new().arg(f64s(&[0.5, 1.5, 3.2, 0.1], &[2, 2])),
    )
    .unwrap();
    close(&out_f64(&v[0]), &[3.5, 3.4000000000000004], 1e-13);
    // pchip_interpolate(x, y, [0.5, 2.5])
    let v = registry::call(
        "interpolate.pchip_interpolate",
        &Call::new().arg(&x).arg(&y).arg(&at),
    )
    .unwrap();
    close(&out_f64(&v[0]), &[0.75, 1.0], 1e-14);
    // a method of another class is refused with the class named
    let e = registry::call(
        "interpolate.BSpline.__call__",
        &Call::new().arg(Value::Object(cs.clone())).arg(&at),
    )
    .unwrap_err();
    assert!(e.to_string().contains("BSpline"), "{e}");
}

#[test]
fn interpolate_in_place_methods_and_design_matrix_run_by_name() {
    let _g = Device::Cpu.use_device().unwrap();
    // x = linspace(0, 10, 20); y = sin(x) + 0.3 sin(13.7 x) (SciPy 1.17.1)
    let xs: Vec<f64> = (0..20)
        .map(|i| {
            if i == 19 {
                10.0
            } else {
                f64::from(i) * (10.0 / 19.0)
            }
        })
        .collect();
    let ys: Vec<f64> = xs
        .iter()
        .map(|v| v.sin() + 0.3 * (13.7 * v).sin())
        .collect();
    let made = registry::call(
        "interpolate.UnivariateSpline",
        &Call::new()
            .arg(f64s(&xs, &[20]))
            .arg(f64s(&ys, &[20]))
            .kwarg("s", 3.0),
    )
    .unwrap();
    let Value::Object(spl) = &made[0] else {
        panic!("{:?}", made[0])
    };
    // spl.get_knots() = [0, 5.2631578..., 10]; spl.set_smoothing_factor(0.5) adds 7.8947368...
    let refit = registry::call_method(spl, "set_smoothing_factor", &Call::new().arg(0.5)).unwrap();
    let Value::Object(refit) = &refit[0] else {
        panic!("{:?}", refit[0])
    };
    assert_eq!(refit.class(), "interpolate.UnivariateSpline");
    let knots = registry::call_method(refit, "get_knots", &Call::new()).unwrap();
    close(
        &out_f64(&knots[0]),
        &[0.0, 5.263157894736842, 7.894736842105263, 10.0],
        1e-12,
    );
    let res = registry::call_method(refit, "get_residual", &Call::new()).unwrap();
    assert!(matches!(res[0], Value::Float(r) if (r - 0.500084840240179).abs() < 1e-9));
    let v = registry::call_method(
        refit,
        "__call__",
        &Call::new().arg(f64s(&[2.5, 7.25], &[2])),
    )
    .unwrap();
    close(
        &out_f64(&v[0]),
        &[0.46844374741350503, 0.7401027035914143],
        1e-9,
    );
    // the object the method was called on keeps its fit
    let knots = registry::call_method(spl, "get_knots", &Call::new()).unwrap();
    close(&out_f64(&knots[0]), &[0.0, 5.263157894736842, 10.0], 1e-12);

    // p = PPoly([[1], [0]], [0, 1]); p.extend([[2], [1]], [2]); p([0.5, 1.5]) = [0.5, 2]
    let p = registry::call(
        "interpolate.PPoly",
        &Call::new()
            .arg(f64s(&[1.0, 0.0], &[2, 1]))
            .arg(f64s(&[0.0, 1.0], &[2])),
    )
    .unwrap();
    let Value::Object(p) = &p[0] else {
        panic!("{:?}", p[0])
    };
    let ext = registry::call_method(
        p,
        "extend",
        &Call::new()
            .arg(f64s(&[2.0, 1.0], &[2, 1]))
            .arg(f64s(&[2.0], &[1])),
    )
    .unwrap();
    let Value::Object(ext) = &ext[0] else {
        panic!("{:?}", ext[0])
    };
    assert_eq!(ext.class(), "interpolate.PPoly");
    let v =
        registry::call_method(ext, "__call__", &Call::new().arg(f64s(&[0.5, 1.5], &[2]))).unwrap();
    close(&out_f64(&v[0]), &[0.5, 2.0], 1e-14);
    // b = BPoly([[0], [1]], [0, 1]); b.extend([[1], [0]], [2]); b([0.25, 1.25]) = [0.25, 0.75]
    let b = registry::call(
        "interpolate.BPoly",
        &Call::new()
            .arg(f64s(&[0.0, 1.0], &[2, 1]))
            .arg(f64s(&[0.0, 1.0], &[2])),
    )
    .unwrap();
    let Value::Object(b) = &b[0] else {
        panic!("{:?}", b[0])
    };
    let ext = registry::call_method(
        b,
        "extend",
        &Call::new()
            .arg(f64s(&[1.0, 0.0], &[2, 1]))
            .arg(f64s(&[2.0], &[1])),
    )
    .unwrap();
    let Value::Object(ext) = &ext[0] else {
        panic!("{:?}", ext[0])
    };
    assert_eq!(ext.class(), "interpolate.BPoly");
    let v = registry::call_method(ext, "__call__", &Call::new().arg(f64s(&[0.25, 1.25], &[2])))
        .unwrap();
    close(&out_f64(&v[0]), &[0.25, 0.75], 1e-14);

    // BSpline.design_matrix([0.5, 1.5], [0, 0, 1, 2, 2], 1).toarray()
    //   = [[0.5, 0.5, 0], [0, 0.5, 0.5]]
    let m = registry::call(
        "interpolate.BSpline.design_matrix",
        &Call::new()
            .arg(f64s(&[0.5, 1.5], &[2]))
            .arg(f64s(&[0.0, 0.0, 1.0, 2.0, 2.0], &[5]))
            .arg(1),
    )
    .unwrap();
    let Value::Object(m) = &m[0] else {
        panic!("{:?}", m[0])
    };
    assert_eq!(m.class(), "sparse.csr_array");
    let dense = m
        .downcast::<cuprum::sparse::Sparse>()
        .unwrap()
        .toarray()
        .unwrap();
    assert_eq!(dense.shape(), &[2, 3]);
    close(
        &dense.to_vec::<f64>().unwrap(),
        &[0.5, 0.5, 0.0, 0.0, 0.5, 0.5],
        1e-15,
    );
}
