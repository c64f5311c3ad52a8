//! `cuprum::registry`, the table of NumPy names the conformance harness dispatches first:
//! every name it lists runs with a minimal valid argument set, and cases the public corpus
//! does not hold (`ravel_multi_index` of an `(ndim, N)` array, `linspace` with array
//! endpoints and `retstep`, `random.permutation(n)`, `argwhere`, `array_split`) run through
//! the harness and match NumPy's results.

use cuprum::registry::{self, Call, Value};
use cuprum::{Array, DType, Device, Error};
use cuprum_tests::manifest::{Case, Check};
use cuprum_tests::runner::{self, Outcome};
use serde_json::json;

fn f64s(v: &[f64], shape: &[usize]) -> Array {
    Array::from_vec(v.to_vec(), shape).unwrap()
}
fn i64s(v: &[i64], shape: &[usize]) -> Array {
    Array::from_vec(v.to_vec(), shape).unwrap()
}
fn out_f64(v: &Value) -> Vec<f64> {
    v.as_array().expect("an array").to_vec::<f64>().unwrap()
}
fn out_i64(v: &Value) -> Vec<i64> {
    v.as_array().expect("an array").to_vec::<i64>().unwrap()
}

/// The required parameters of a signature (no default, not `*args`, not `*`/`/`).
fn n_required(sig: &str) -> usize {
    let inner = &sig[sig.find('(').unwrap() + 1..sig.len() - 1];
    let (mut depth, mut parts, mut cur) = (0, Vec::new(), String::new());
    for c in inner.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    parts.push(cur);
    parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty() && !p.contains('=') && !p.starts_with('*') && *p != "/")
        .count()
}

/// Argument sets for a function that has no override below, tried in order.
fn candidates(n: usize) -> Vec<Vec<Value>> {
    let spd = || Value::Array(f64s(&[2.0, 1.0, 1.0, 3.0], &[2, 2]));
    let vec3 = || Value::Array(f64s(&[0.5, 1.5, 2.5], &[3]));
    let ints = || Value::Array(i64s(&[3, 1, 2], &[3]));
    let rest = |first: Value, r: Value| -> Vec<Value> {
        std::iter::once(first)
            .chain(std::iter::repeat_n(r, n.saturating_sub(1)))
            .take(n)
            .collect()
    };
    vec![
        vec![spd(); n],
        rest(vec3(), Value::Int(1)),
        rest(spd(), Value::Int(1)),
        rest(spd(), Value::Float(0.5)),
        rest(spd(), Value::Int(2)),
        vec![ints(); n],
        vec![vec3(); n],
        vec![Value::Int(2); n],
        vec![Value::Float(0.5); n],
        rest(Value::List(vec![spd(), spd()]), Value::Int(0)),
    ]
}

/// Argument sets for the functions the generic candidates do not fit.
fn overrides(name: &str) -> Option<Call> {
    let spd = || f64s(&[2.0, 1.0, 1.0, 3.0], &[2, 2]);
    let vec3 = || f64s(&[0.5, 1.5, 2.5], &[3]);
    let mask = || Array::from_vec(vec![true, false, true], &[3]).unwrap();
    let c = Call::new();
    Some(match name {
        "arange" => c.arg(5),
        "clip" => c.arg(spd()).arg(0.0).arg(1.0),
        "astype" => c.arg(spd()).arg("float32"),
        "ldexp" => c.arg(vec3()).arg(i64s(&[1, 2, 3], &[3])),
        "reshape" => c.arg(spd()).arg(vec![4i64]),
        "broadcast_to" => c.arg(vec3()).arg(vec![2i64, 3]),
        "broadcast_arrays" => c.arg(vec3()).arg(vec3().reshape(&[3, 1][..]).unwrap()),
        "meshgrid" => c.arg(vec3()).arg(vec3()),
        "atleast_1d" | "atleast_2d" | "atleast_3d" => c.arg(vec3()),
        "einsum" => c.arg("ii").arg(spd()),
        "choose" => c
            .arg(i64s(&[0, 1, 0], &[3]))
            .arg(vec![Value::from(vec3()), Value::from(vec3())]),
        "select" => c
            .arg(vec![Value::from(mask())])
            .arg(vec![Value::from(vec3())]),
        "dsplit" => c.arg(spd().reshape(&[1, 2, 2][..]).unwrap()).arg(2),
        "take_along_axis" => c.arg(spd()).arg(i64s(&[1, 0, 0, 1], &[2, 2])).arg(1),
        "compress" | "extract" => c.arg(mask()).arg(vec3()),
        "ravel_multi_index" => c.arg(i64s(&[1, 0, 1, 2], &[2, 2])).arg(vec![2i64, 3]),
        "unravel_index" => c.arg(i64s(&[3, 1, 2], &[3])).arg(vec![2i64, 2]),
        "unpackbits" => c.arg(Array::from_vec(vec![5u8, 255], &[2]).unwrap()),
        "put_along_axis" => c.arg(spd()).arg(i64s(&[1, 0], &[2, 1])).arg(0.0).arg(1),
        "putmask" | "place" => c.arg(vec3()).arg(mask()).arg(0.0),
        "polyfit" => c.arg(vec3()).arg(vec3()).arg(1),
        "linalg.tensorsolve" => c.arg(spd()).arg(f64s(&[1.0, 2.0], &[2])),
        "linalg.tensorinv" => c.arg(spd()).kwarg("ind", 1),
        "random.binomial" => c.arg(5).arg(0.5),
        "random.triangular" => c.arg(0.0).arg(0.5).arg(1.0),
        "random.negative_binomial" => c.arg(3).arg(0.5),
        "random.multinomial" => c.arg(5).arg(vec![0.5, 0.5]),
        "random.multivariate_normal" => c.arg(vec![0.0, 0.0]).arg(Value::List(vec![
            Value::from(vec![1.0, 0.0]),
            Value::from(vec![0.0, 1.0]),
        ])),
        // SciPy's rank filters and grey morphology need a window size
        "ndimage.percentile_filter" => c.arg(spd()).arg(50.0).kwarg("size", 2),
        "ndimage.rank_filter" => c.arg(spd()).arg(1).kwarg("size", 2),
        n if n.starts_with("ndimage.")
            && registry::lookup(n).is_some_and(|e| e.signature().contains("footprint=None")) =>
        {
            c.arg(spd()).kwarg("size", 2)
        }
        "ndimage.watershed_ift" => c
            .arg(Array::from_vec(vec![0u8, 1, 1, 0], &[2, 2]).unwrap())
            .arg(i64s(&[1, 0, 0, 2], &[2, 2])),
        "result_type" => c.arg(spd()).arg("float32"),
        "common_type" => c.arg(spd()),
        "ix_" => c.arg(vec3()).arg(vec3()),
        "save" | "load" => {
            let path = npy_path();
            cuprum::npy::save(&path, &spd()).unwrap();
            if name == "save" {
                c.arg(path.to_str().unwrap()).arg(spd())
            } else {
                c.arg(path.to_str().unwrap())
            }
        }
        _ => return scipy_overrides(name),
    })
}

/// Argument sets for the `signal.*` and `interpolate.*` functions the generic candidates do
/// not fit, and for the methods of the classes (called on an object their constructor made).
fn scipy_overrides(name: &str) -> Option<Call> {
    let f = |v: &[f64]| f64s(v, &[v.len()]);
    let spd = || f64s(&[2.0, 1.0, 1.0, 3.0], &[2, 2]);
    let sig = |n: usize| {
        f64s(
            &(0..n).map(|i| ((i * i) % 7) as f64).collect::<Vec<_>>(),
            &[n],
        )
    };
    let img = |n: usize| {
        f64s(
            &(0..n * n).map(|i| ((i * i) % 5) as f64).collect::<Vec<_>>(),
            &[n, n],
        )
    };
    let list = |v: Vec<Value>| Value::List(v);
    let tf = || list(vec![f(&[1.0]).into(), f(&[1.0, 1.0]).into()]);
    let dtf = || {
        list(vec![
            f(&[1.0]).into(),
            f(&[1.0, -0.5]).into(),
            Value::Float(1.0),
        ])
    };
    let sos = || f64s(&[1.0, 2.0, 1.0, 1.0, -0.5, 0.1], &[1, 6]);
    let x5 = || f(&[0.0, 1.0, 2.0, 3.0, 4.0]);
    let y5 = || f(&[0.0, 1.0, 0.0, 2.0, 1.0]);
    let pts = || f64s(&[0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.4, 0.6], &[5, 2]);
    let c = Call::new();
    // a method: construct the object, then pass it as `self`
    if let Some((class, method)) = name.rsplit_once('.')
        && registry::lookup(name).is_some_and(|e| e.signature().contains("(self"))
    {
        let ctor = scipy_overrides(class).unwrap_or_else(|| c.clone().arg(x5()).arg(y5()));
        let obj = registry::call(class, &ctor).ok()?.remove(0);
        let c = c.arg(obj);
        let nd = matches!(
            class,
            "interpolate.RegularGridInterpolator"
                | "interpolate.NearestNDInterpolator"
                | "interpolate.LinearNDInterpolator"
                | "interpolate.CloughTocher2DInterpolator"
                | "interpolate.RBFInterpolator"
                | "interpolate.NdPPoly"
                | "interpolate.NdBSpline"
        );
        let at = if nd {
            f64s(&[0.5, 0.5], &[1, 2])
        } else {
            f(&[0.5, 2.5])
        };
        return Some(match (class, method) {
            ("signal.lti", "output") => c.arg(f(&[1.0, 1.0, 1.0])).arg(f(&[0.0, 1.0, 2.0])),
            ("signal.lti", "to_discrete") => c.arg(0.1),
            ("signal.dlti", "output") => c.arg(f(&[1.0, 0.0, 0.0])).arg(Value::None),
            ("signal.ShortTimeFFT", "stft" | "spectrogram") => c.arg(sig(20)),
            ("signal.ShortTimeFFT", "istft") => {
                let z = registry::call(&format!("{class}.stft"), &c.clone().arg(sig(20)))
                    .ok()?
                    .remove(0);
                c.arg(z)
            }
            ("signal.ShortTimeFFT", _) => c.arg(20),
            ("signal.CZT" | "signal.ZoomFFT", "__call__") => c.arg(f(&[1.0, 2.0, 3.0, 4.0])),
            (_, "__call__") => c.arg(at),
            ("interpolate.NdPPoly", "derivative" | "antiderivative") => c.arg(vec![1i64, 0]),
            ("interpolate.NdPPoly", "integrate") => {
                c.arg(list(vec![vec![0.0, 1.0].into(), vec![0.0, 1.0].into()]))
            }
            ("interpolate.NdPPoly", "integrate_1d") => c.arg(0.0).arg(1.0).arg(0),
            (_, "integrate" | "integral") => c.arg(0.0).arg(1.0),
            ("interpolate.KroghInterpolator", "derivative" | "derivatives") => c.arg(at),
            // one more interval past the last breakpoint (4 for the interpolators, 2 for
            // PPoly and BPoly), same trailing shape
            (_, "extend") => c.arg(f64s(&[1.0, 0.5], &[2, 1])).arg(f(&[5.0])),
            ("interpolate.UnivariateSpline", "set_smoothing_factor") => c.arg(1.0),
            (_, "derivatives") => c.arg(1.0),
            _ => c,
        });
    }
    Some(match name {
        // --- signal
        "signal.CZT" => c.arg(4),
        "signal.lti" | "signal.dlti" => c.arg(f(&[1.0])).arg(f(&[1.0, 1.0])),
        "signal.ShortTimeFFT" => c.arg(f(&[0.0, 0.5, 1.0, 0.5])).arg(2).arg(1.0),
        "signal.dfreqresp" | "signal.dbode" => c.arg(dtf()),
        "signal.ZoomFFT" => c.arg(4).arg(vec![0.1, 0.5]),
        "signal.abcd_normalize" => c
            .arg(spd())
            .arg(f64s(&[1.0, 0.0], &[2, 1]))
            .arg(f64s(&[1.0, 0.0], &[1, 2])),
        "signal.argrelextrema" => c.arg(sig(8)).arg("greater"),
        "signal.band_stop_obj" => c
            .arg(0.25)
            .arg(0)
            .arg(vec![0.2, 0.5])
            .arg(vec![0.3, 0.4])
            .arg(3.0)
            .arg(40.0)
            .arg("butter"),
        "signal.butter" | "signal.bessel" => c.arg(2).arg(0.3),
        "signal.cheby1" => c.arg(2).arg(1.0).arg(0.3),
        "signal.cheby2" => c.arg(2).arg(40.0).arg(0.3),
        "signal.ellip" => c.arg(2).arg(1.0).arg(40.0).arg(0.3),
        "signal.iirfilter" => c.arg(2).arg(vec![0.2, 0.4]),
        "signal.bode" | "signal.freqresp" | "signal.impulse" | "signal.step" => c.arg(tf()),
        "signal.lsim" => c
            .arg(tf())
            .arg(f(&[1.0, 1.0, 1.0]))
            .arg(f(&[0.0, 1.0, 2.0])),
        "signal.dimpulse" | "signal.dstep" => c.arg(dtf()),
        "signal.dlsim" => c.arg(dtf()).arg(f(&[1.0, 0.0, 0.0])),
        "signal.group_delay" => c.arg(list(vec![f(&[1.0, 0.5]).into(), f(&[1.0, -0.2]).into()])),
        "signal.check_COLA" | "signal.check_NOLA" => c.arg("hann").arg(8).arg(4),
        "signal.get_window" => c.arg("hann").arg(8),
        "signal.cspline2d" | "signal.qspline2d" => c.arg(img(16)),
        "signal.spline_filter" => c.arg(img(64)),
        "signal.decimate" => c.arg(sig(40)).arg(2),
        "signal.filtfilt" => c.arg(f(&[0.5, 0.5])).arg(f(&[1.0])).arg(sig(20)),
        "signal.firls" => c
            .arg(5)
            .arg(vec![0.0, 0.3, 0.5, 1.0])
            .arg(vec![1.0, 1.0, 0.0, 0.0]),
        "signal.firwin" => c.arg(11).arg(0.3),
        "signal.firwin2" => c.arg(11).arg(vec![0.0, 0.5, 1.0]).arg(vec![1.0, 1.0, 0.0]),
        "signal.remez" => c.arg(11).arg(vec![0.0, 0.2, 0.3, 0.5]).arg(vec![1.0, 0.0]),
        "signal.freqs_zpk" | "signal.freqz_zpk" => c.arg(f(&[-1.0])).arg(f(&[-0.5, -0.2])).arg(1.0),
        "signal.gammatone" => c.arg(1000.0).arg("fir").kwarg("fs", 16000.0),
        "signal.kaiserord" => c.arg(60.0).arg(0.1),
        "signal.order_filter" => c.arg(img(4)).arg(f64s(&[1.0; 9], &[3, 3])).arg(4),
        "signal.peak_prominences" | "signal.peak_widths" => c
            .arg(f(&[0.0, 2.0, 0.0, 3.0, 0.0]))
            .arg(i64s(&[1, 3], &[2])),
        "signal.place_poles" => c
            .arg(spd())
            .arg(f64s(&[1.0, 0.0], &[2, 1]))
            .arg(vec![-1.0, -2.0]),
        "signal.savgol_coeffs" => c.arg(5).arg(2),
        "signal.savgol_filter" => c.arg(sig(10)).arg(5).arg(2),
        "signal.sepfir2d" => c
            .arg(img(4))
            .arg(f(&[1.0, 2.0, 1.0]))
            .arg(f(&[1.0, 2.0, 1.0])),
        "signal.sos2tf" | "signal.sos2zpk" | "signal.sosfilt_zi" | "signal.sosfreqz" => {
            c.arg(sos())
        }
        "signal.sosfilt" | "signal.sosfiltfilt" => c.arg(sos()).arg(sig(20)),
        "signal.ss2tf" | "signal.ss2zpk" => c
            .arg(spd())
            .arg(f64s(&[1.0, 0.0], &[2, 1]))
            .arg(f64s(&[1.0, 0.0], &[1, 2]))
            .arg(f64s(&[0.0], &[1, 1])),
        "signal.symiirorder1" => c.arg(sig(40)).arg(0.5).arg(0.2),
        "signal.symiirorder2" => c.arg(sig(64)).arg(0.5).arg(0.3),
        "signal.windows.dpss" => c.arg(8).arg(2.0),
        // --- interpolate
        "interpolate.CubicHermiteSpline" => c.arg(x5()).arg(y5()).arg(y5()),
        "interpolate.LSQUnivariateSpline" => c.arg(x5()).arg(y5()).arg(f(&[2.0])),
        "interpolate.make_lsq_spline" => c
            .arg(x5())
            .arg(y5())
            .arg(f(&[0.0, 0.0, 0.0, 0.0, 2.0, 4.0, 4.0, 4.0, 4.0])),
        "interpolate.PPoly" | "interpolate.BPoly" => c
            .arg(f64s(&[1.0, 1.0, 0.0, 2.0, 0.0, 1.0], &[3, 2]))
            .arg(f(&[0.0, 1.0, 2.0])),
        "interpolate.BPoly.from_derivatives" => c
            .arg(f(&[0.0, 1.0]))
            .arg(list(vec![vec![0.0, 1.0].into(), vec![1.0, 1.0].into()])),
        "interpolate.BPoly.from_power_basis" => c.arg(
            registry::call("interpolate.PPoly", &scipy_overrides("interpolate.PPoly")?)
                .ok()?
                .remove(0),
        ),
        "interpolate.PPoly.from_bernstein_basis" => c.arg(
            registry::call("interpolate.BPoly", &scipy_overrides("interpolate.BPoly")?)
                .ok()?
                .remove(0),
        ),
        "interpolate.NdPPoly" => c
            .arg(f64s(&[1.0, 2.0, 3.0, 4.0], &[2, 2, 1, 1]))
            .arg(list(vec![f(&[0.0, 1.0]).into(), f(&[0.0, 1.0]).into()])),
        "interpolate.NdBSpline" => c
            .arg(list(vec![
                f(&[0.0, 0.0, 1.0, 1.0]).into(),
                f(&[0.0, 0.0, 1.0, 1.0]).into(),
            ]))
            .arg(spd())
            .arg(1),
        "interpolate.BSpline" => c
            .arg(f(&[0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]))
            .arg(f(&[1.0, 2.0, 3.0, 4.0]))
            .arg(3),
        "interpolate.splrep" => c.arg(x5()).arg(y5()),
        "interpolate.BSpline.design_matrix" => c
            .arg(f(&[0.5, 1.5]))
            .arg(f(&[0.0, 0.0, 1.0, 2.0, 2.0]))
            .arg(1),
        "interpolate.splev"
        | "interpolate.splder"
        | "interpolate.splantider"
        | "interpolate.sproot"
        | "interpolate.splint"
        | "interpolate.PPoly.from_spline" => {
            let tck =
                list(registry::call("interpolate.splrep", &c.clone().arg(x5()).arg(y5())).ok()?);
            match name {
                "interpolate.splev" => c.arg(f(&[0.5, 2.5])).arg(tck),
                "interpolate.splint" => c.arg(0.0).arg(4.0).arg(tck),
                _ => c.arg(tck),
            }
        }
        "interpolate.RegularGridInterpolator" | "interpolate.interpn" => {
            let c = c
                .arg(list(vec![x5().into(), x5().into()]))
                .arg(f64s(&[1.0; 25], &[5, 5]));
            if name == "interpolate.interpn" {
                c.arg(f64s(&[0.5, 1.5], &[1, 2]))
            } else {
                c
            }
        }
        "interpolate.LinearNDInterpolator"
        | "interpolate.CloughTocher2DInterpolator"
        | "interpolate.NearestNDInterpolator"
        | "interpolate.RBFInterpolator" => c.arg(pts()).arg(f(&[0.0, 1.0, 1.0, 2.0, 1.0])),
        "interpolate.griddata" => c
            .arg(pts())
            .arg(f(&[0.0, 1.0, 1.0, 2.0, 1.0]))
            .arg(f64s(&[0.5, 0.5], &[1, 2])),
        n if n.starts_with("interpolate.")
            && registry::lookup(n).is_some_and(|e| {
                e.signature().contains("(x, y") || e.signature().contains("(xi, yi")
            }) =>
        {
            let c = c.arg(x5()).arg(y5());
            if registry::lookup(n).is_some_and(|e| e.signature().contains(", x,")) {
                c.arg(f(&[0.5, 2.5]))
            } else {
                c
            }
        }
        _ => return None,
    })
}

fn npy_path() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("cuprum-registry-{}.npy", std::process::id()))
}

#[test]
fn every_registry_name_runs_with_a_minimal_argument_set() {
    let _g = Device::Cpu.use_device().unwrap();
    let names = registry::names();
    assert!(
        names.len() >= 300,
        "the registry lists {} names",
        names.len()
    );
    let mut failures = Vec::new();
    for name in &names {
        let entry = registry::lookup(name).unwrap();
        assert_eq!(entry.name(), *name);
        let calls: Vec<Call> = match overrides(name) {
            Some(c) => vec![c],
            None => candidates(n_required(entry.signature()))
                .into_iter()
                .map(|args| Call {
                    args,
                    kwargs: Vec::new(),
                })
                .collect(),
        };
        let mut last = None;
        let ok = calls.iter().any(|c| match entry.call(c) {
            Ok(_) => true,
            Err(e) => {
                last = Some(e);
                false
            }
        });
        if !ok {
            failures.push(format!("{}: {:?}", entry.signature(), last));
        }
    }
    std::fs::remove_file(npy_path()).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn binding_follows_python_and_rejects_unknown_keywords() {
    let _g = Device::Cpu.use_device().unwrap();
    let a = f64s(&[1.0, 2.0, 3.0, 4.0], &[2, 2]);
    // positional and keyword forms agree: np.sum(a, 1) == np.sum(a, axis=1) == [3, 7]
    let p = registry::call("sum", &Call::new().arg(&a).arg(1)).unwrap();
    let k = registry::call("sum", &Call::new().arg(&a).kwarg("axis", 1)).unwrap();
    assert_eq!(out_f64(&p[0]), vec![3.0, 7.0]);
    assert_eq!(out_f64(&k[0]), vec![3.0, 7.0]);
    // a keyword NumPy's signature lacks is an error naming it, never ignored
    let e = registry::call("sum", &Call::new().arg(&a).kwarg("axes", 1)).unwrap_err();
    assert!(matches!(e, Error::Unsupported { .. }), "{e}");
    assert!(e.to_string().contains("\"axes\""), "{e}");
    // a missing required argument, an argument given twice, too many positionals
    let e = registry::call("linspace", &Call::new().arg(0.0)).unwrap_err();
    assert!(matches!(e, Error::BadArgument { arg: "stop", .. }), "{e}");
    let e = registry::call("sum", &Call::new().arg(&a).arg(0).kwarg("axis", 1)).unwrap_err();
    assert!(
        matches!(e, Error::BadArgument { arg: "axis", .. }) && e.to_string().contains("twice"),
        "{e}"
    );
    let e = registry::call("sin", &Call::new().arg(&a).arg(&a)).unwrap_err();
    assert!(matches!(e, Error::BadArgument { arg: "*args", .. }), "{e}");
    // an unknown name
    assert!(registry::lookup("no_such_function").is_none());
    // Python scalars are weak in ufuncs: float32 array * 2.5 stays float32 (NEP 50)
    let f = Array::from_vec(vec![1.0f32, 2.0], &[2]).unwrap();
    let r = registry::call("multiply", &Call::new().arg(&f).arg(2.5)).unwrap();
    assert_eq!(r[0].as_array().unwrap().dtype(), DType::Float32);
    assert_eq!(
        r[0].as_array().unwrap().to_vec::<f32>().unwrap(),
        vec![2.5, 5.0]
    );
}

#[test]
fn the_five_cases_of_issue_39_run_through_the_registry() {
    let _g = Device::Cpu.use_device().unwrap();
    // np.ravel_multi_index(np.array([[3, 6, 6], [4, 5, 1]]), (7, 6)) == [22, 41, 37]
    let mi = i64s(&[3, 6, 6, 4, 5, 1], &[2, 3]);
    let dims = vec![7i64, 6];
    let r = registry::call("ravel_multi_index", &Call::new().arg(&mi).arg(dims.clone())).unwrap();
    assert_eq!(out_i64(&r[0]), vec![22, 41, 37]);
    // ... and as a tuple of coordinate arrays
    let tup = vec![
        Value::from(i64s(&[3, 6, 6], &[3])),
        Value::from(i64s(&[4, 5, 1], &[3])),
    ];
    let r = registry::call("ravel_multi_index", &Call::new().arg(tup).arg(dims)).unwrap();
    assert_eq!(out_i64(&r[0]), vec![22, 41, 37]);

    // np.linspace([0, 10], [1, 20], 3) == [[0, 10], [0.5, 15], [1, 20]]
    let start = f64s(&[0.0, 10.0], &[2]);
    let stop = f64s(&[1.0, 20.0], &[2]);
    let c = Call::new().arg(&start).arg(&stop).arg(3);
    let r = registry::call("linspace", &c).unwrap();
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].as_array().unwrap().shape(), &[3, 2]);
    assert_eq!(out_f64(&r[0]), vec![0.0, 10.0, 0.5, 15.0, 1.0, 20.0]);
    // axis=-1 puts the samples last; retstep=True adds the steps [0.5, 5]
    let c = c.kwarg("axis", -1).kwarg("retstep", true);
    let r = registry::call("linspace", &c).unwrap();
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].as_array().unwrap().shape(), &[2, 3]);
    assert_eq!(out_f64(&r[0]), vec![0.0, 0.5, 1.0, 10.0, 15.0, 20.0]);
    assert_eq!(out_f64(&r[1]), vec![0.5, 5.0]);
    // a list endpoint, endpoint=False: np.linspace(0, [1, 2], 4, endpoint=False)
    let c = Call::new()
        .arg(0.0)
        .arg(vec![1.0, 2.0])
        .arg(4)
        .kwarg("endpoint", false);
    let r = registry::call("linspace", &c).unwrap();
    assert_eq!(
        out_f64(&r[0]),
        vec![0.0, 0.0, 0.25, 0.5, 0.5, 1.0, 0.75, 1.5]
    );
    // scalar endpoints with retstep: (array([0, .25, .5, .75, 1]), 0.25)
    let c = Call::new().arg(0.0).arg(1.0).arg(5).kwarg("retstep", true);
    let r = registry::call("linspace", &c).unwrap();
    assert_eq!(out_f64(&r[0]), vec![0.0, 0.25, 0.5, 0.75, 1.0]);
    assert!(matches!(r[1], Value::Float(s) if s == 0.25), "{:?}", r[1]);
    // num=1 with endpoint: NumPy's step is nan
    let c = Call::new().arg(2.0).arg(3.0).arg(1).kwarg("retstep", true);
    let r = registry::call("linspace", &c).unwrap();
    assert!(matches!(r[1], Value::Float(s) if s.is_nan()), "{:?}", r[1]);

    // np.random.permutation(6): an int64 permutation of 0..6
    let r = registry::call("random.permutation", &Call::new().arg(6)).unwrap();
    let p = r[0].as_array().unwrap();
    assert_eq!((p.shape(), p.dtype()), (&[6usize][..], DType::Int64));
    let mut v = p.to_vec::<i64>().unwrap();
    v.sort_unstable();
    assert_eq!(v, (0..6).collect::<Vec<_>>());

    // np.argwhere([[0, 1], [2, 0]]) == [[0, 1], [1, 0]]
    let x = i64s(&[0, 1, 2, 0], &[2, 2]);
    let r = registry::call("argwhere", &Call::new().arg(&x)).unwrap();
    assert_eq!(r[0].as_array().unwrap().shape(), &[2, 2]);
    assert_eq!(out_i64(&r[0]), vec![0, 1, 1, 0]);

    // np.array_split(np.arange(7), 3) == [0 1 2], [3 4], [5 6]; at [2, 5]: [0 1], [2 3 4], [5 6]
    let x = i64s(&[0, 1, 2, 3, 4, 5, 6], &[7]);
    let r = registry::call("array_split", &Call::new().arg(&x).arg(3)).unwrap();
    let parts: Vec<Vec<i64>> = r.iter().map(out_i64).collect();
    assert_eq!(parts, vec![vec![0, 1, 2], vec![3, 4], vec![5, 6]]);
    let r = registry::call("array_split", &Call::new().arg(&x).arg(vec![2i64, 5])).unwrap();
    let parts: Vec<Vec<i64>> = r.iter().map(out_i64).collect();
    assert_eq!(parts, vec![vec![0, 1], vec![2, 3, 4], vec![5, 6]]);
}

/// Writes `arrays` as `<id>.<tag><i>.npy` files in `dir`, returning their names.
fn write(dir: &std::path::Path, id: &str, tag: &str, arrays: &[Array]) -> Vec<String> {
    arrays
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let name = format!("{id}.{tag}{i}.npy");
            cuprum::npy::save(dir.join(&name), &a.to_device(Device::Cpu).unwrap()).unwrap();
            name
        })
        .collect()
}

#[test]
fn the_harness_runs_cases_the_corpus_does_not_hold() {
    let dir = std::env::temp_dir().join(format!("cuprum-registry-cases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let case =
        |id: &str, op: &str, inputs: &[Array], kwargs: serde_json::Value, out: &[Array]| Case {
            id: id.to_string(),
            area: "indexing".to_string(),
            op: op.to_string(),
            inputs: write(&dir, id, "in", inputs),
            kwargs: kwargs.as_object().cloned().unwrap_or_default(),
            expected: write(&dir, id, "out", out),
            error: None,
            rtol: 1e-12,
            atol: 1e-12,
            check: Check::AllClose,
            note: String::new(),
        };
    let cases = [
        case(
            "ravel_multi_index.ndim_n",
            "ravel_multi_index",
            &[i64s(&[3, 6, 6, 4, 5, 1], &[2, 3])],
            json!({"dims": [7, 6]}),
            &[i64s(&[22, 41, 37], &[3])],
        ),
        case(
            "linspace.arrays.retstep",
            "linspace",
            &[f64s(&[0.0, 10.0], &[2]), f64s(&[1.0, 20.0], &[2])],
            json!({"num": 3, "retstep": true}),
            &[
                f64s(&[0.0, 10.0, 0.5, 15.0, 1.0, 20.0], &[3, 2]),
                f64s(&[0.5, 5.0], &[2]),
            ],
        ),
        case(
            "linspace.scalar.retstep",
            "linspace",
            &[],
            json!({"start": 0.0, "stop": 1.0, "num": 5, "retstep": true}),
            &[f64s(&[0.0, 0.25, 0.5, 0.75, 1.0], &[5]), f64s(&[0.25], &[])],
        ),
        case(
            "argwhere.2d",
            "argwhere",
            &[i64s(&[0, 1, 2, 0], &[2, 2])],
            json!({}),
            &[i64s(&[0, 1, 1, 0], &[2, 2])],
        ),
        case(
            "array_split.sections",
            "array_split",
            &[i64s(&[0, 1, 2, 3, 4, 5, 6], &[7])],
            json!({"indices_or_sections": 3}),
            &[
                i64s(&[0, 1, 2], &[3]),
                i64s(&[3, 4], &[2]),
                i64s(&[5, 6], &[2]),
            ],
        ),
        case(
            "array_split.indices",
            "array_split",
            &[i64s(&[0, 1, 2, 3, 4, 5, 6], &[7])],
            json!({"indices_or_sections": [2, 5]}),
            &[
                i64s(&[0, 1], &[2]),
                i64s(&[2, 3, 4], &[3]),
                i64s(&[5, 6], &[2]),
            ],
        ),
    ];
    let mut perm = case(
        "random.permutation.n",
        "random.permutation",
        &[],
        json!({"x": 6}),
        &[i64s(&[0, 1, 2, 3, 4, 5], &[6])],
    );
    perm.check = Check::Sorted;
    for c in cases.iter().chain([&perm]) {
        for d in cuprum::devices() {
            let o = runner::run_case(c, &dir, d);
            assert_eq!(o, Outcome::Pass, "{} on {d}", c.id);
        }
    }
    // a keyword the function does not take is not silently dropped: the case is not passed
    let bad = case(
        "argwhere.bad_kwarg",
        "argwhere",
        &[i64s(&[0, 1], &[2])],
        json!({"axis": 0}),
        &[i64s(&[1], &[1, 1])],
    );
    let o = runner::run_case(&bad, &dir, Device::Cpu);
    assert!(
        matches!(&o, Outcome::Skip(m) if m.contains("axis")),
        "{o:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
