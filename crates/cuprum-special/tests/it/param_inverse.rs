//! The distribution parameter inverses (`pdtrik`, `bdtrik`, `bdtrin`, `chdtriv`, `stdtridf`,
//! `nbdtrik`, `nbdtrin`, `fdtridfd`, `gdtrib`, `gdtrix`, `gdtria`) against SciPy 1.17.1
//! (`tests/data/param_inverse.txt`) on every device: grids over each argument including the ends of
//! the probability range, values out of the domain, NaN and the points where SciPy returns a search
//! bound; the float32 loop.

use super::grid::{check_table, near};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Result};
use cuprum_special as sp;

/// `name(cols...)` with the columns as arrays.
fn call(name: &str, c: &[&Array]) -> Result<Array> {
    match name {
        "pdtrik" => sp::pdtrik(c[0], c[1]),
        "chdtriv" => sp::chdtriv(c[0], c[1]),
        "stdtridf" => sp::stdtridf(c[0], c[1]),
        "bdtrik" => sp::bdtrik(c[0], c[1], c[2]),
        "bdtrin" => sp::bdtrin(c[0], c[1], c[2]),
        "nbdtrik" => sp::nbdtrik(c[0], c[1], c[2]),
        "nbdtrin" => sp::nbdtrin(c[0], c[1], c[2]),
        "fdtridfd" => sp::fdtridfd(c[0], c[1], c[2]),
        "gdtrib" => sp::gdtrib(c[0], c[1], c[2]),
        "gdtrix" => sp::gdtrix(c[0], c[1], c[2]),
        "gdtria" => sp::gdtria(c[0], c[1], c[2]),
        other => panic!("no function {other}"),
    }
}

/// The relative tolerance against SciPy: CDFLIB ends its searches near a relative 1e-10 (its
/// values are that far from the root); `gdtrib` (xsf, Chandrupatla to machine precision),
/// `gdtrix` and `gdtria` (closed forms) are as accurate as this search.
fn rtol(name: &str) -> f64 {
    match name {
        "gdtrib" | "gdtrix" | "gdtria" => 1e-13,
        _ => 1e-9,
    }
}

#[test]
fn parameter_inverses_match_scipy_on_every_device() {
    let text = include_str!("../data/param_inverse.txt");
    let tol = |l: &[String]| (rtol(&l[0]), 1e-300);
    let (groups, checked) = check_table(text, |_, _| None, tol, |l, c| call(&l[0], c));
    assert_eq!(groups, 11);
    assert!(checked >= 2340);
}

/// The float32 loop: float32 operands give a float32 result within float32 rounding of SciPy's
/// (SciPy's float32 loop rounds its operands and result the same way; its values differ from
/// the float64 ones by up to a few 1e-7).
#[test]
fn parameter_inverses_float32_loop() {
    // scipy.special.<name>(*np.float32(args)) (float32 results)
    let cases: [(&str, &[f64], f64); 11] = [
        ("pdtrik", &[0.3, 2.5], 1.050795555114746),
        ("bdtrik", &[0.3, 10.0, 0.4], 2.6562039852142334),
        ("bdtrin", &[3.0, 0.3, 0.4], 10.952839851379395),
        ("chdtriv", &[0.3, 2.5], 4.383158206939697),
        ("stdtridf", &[0.3, -1.0], 0.5071594715118408),
        ("nbdtrik", &[0.3, 5.0, 0.4], 4.337544918060303),
        ("nbdtrin", &[3.0, 0.3, 0.4], 3.9282827377319336),
        ("fdtridfd", &[3.0, 0.3, 1.5], 0.33254143595695496),
        ("gdtrib", &[2.0, 0.3, 1.5], 4.273515224456787),
        ("gdtrix", &[2.0, 3.0, 0.3], 0.9568879008293152),
        ("gdtria", &[0.3, 3.0, 1.5], 1.275850534439087),
    ];
    for dev in all_devices() {
        for (name, args, want) in cases {
            let arrs: Vec<Array> = args
                .iter()
                .map(|&v| Array::scalar_on(v as f32, dev).unwrap())
                .collect();
            let refs: Vec<&Array> = arrs.iter().collect();
            let r = call(name, &refs).unwrap();
            assert_eq!(r.dtype(), DType::Float32, "{dev} {name}");
            assert_eq!(r.device(), dev);
            let got = f64::from(r.to_vec::<f32>().unwrap()[0]);
            assert!(
                near(got, want, 1e-6, 0.0),
                "{dev} {name}: got {got:e}, SciPy {want:e}"
            );
        }
    }
}
