//! The functions of a complex argument (`gamma`, `loggamma`, `rgamma`, `digamma`/`psi`, `expm1`,
//! `log1p`, `exp1`, `expi`, `erf`, `erfc`, `erfcx`, `erfi`, `dawsn`, `ndtr`, `log_ndtr`, `xlogy`, `xlog1py`, `sici`, `shichi`, `fresnel`, `spence`, `hyp1f1` of complex `z`) against SciPy 1.17.1 on every device, complex128 and complex64 (grids of
//! `tests/data/complex.txt`, written by `tests/data/complex.py`: random points from 1e-12 to
//! 1e4 in modulus, the neighbourhoods of the poles, both sides of the negative real axis, the
//! Taylor and reflection regions, large imaginary parts, non-finite values).

use super::grid::{Rtol, check_complex, complex_array, complex_values, group};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType, Device, Result};
use cuprum_special as sp;

/// A function of two arrays.
type Binary = fn(&Array, &Array) -> Result<Array>;
/// A function of one array with two results.
type Pair = fn(&Array) -> Result<(Array, Array)>;

/// `f` on the grid `name` as complex128 (within `rtol64 |w|` of SciPy) and complex64 (within
/// `rtol32 |w|` of SciPy's complex64 values) on every device.
fn check_grid(name: &str, f: fn(&Array) -> Result<Array>, rtol64: impl Into<Rtol>, rtol32: f64) {
    let rtol64 = rtol64.into();
    let [zr, zi, wr, wi, wr32, wi32] = group("complex", name);
    for (dt, want, rtol) in [
        (DType::Complex128, (&wr, &wi), rtol64),
        (DType::Complex64, (&wr32, &wi32), Rtol::from(rtol32)),
    ] {
        for dev in all_devices() {
            let rtol = rtol.on(dev);
            let r = f(&complex_array(&zr, &zi, dt, dev)).unwrap();
            assert_eq!((r.dtype(), r.device()), (dt, dev), "{name}");
            let what = |i: usize| format!("{name} {dev} {dt} z = {}{:+}j", zr[i], zi[i]);
            check_complex(&complex_values(&r), (want.0, want.1), (rtol, 0.0), what);
        }
    }
}

#[test]
fn gamma_complex() {
    check_grid("gamma", sp::gamma, Rtol::cuda(1e-13, 3e-13), 2e-7);
}

#[test]
fn loggamma_complex() {
    check_grid("loggamma", sp::loggamma, Rtol::cuda(1e-15, 1e-14), 2e-7);
}

#[test]
fn rgamma_complex() {
    check_grid("rgamma", sp::rgamma, Rtol::cuda(1e-13, 3e-13), 2e-7);
}

#[test]
fn digamma_complex() {
    check_grid("digamma", sp::digamma, 1e-15, 2e-7);
    check_grid("digamma", sp::psi, 1e-15, 2e-7);
}

#[test]
fn expm1_complex() {
    check_grid("expm1", sp::expm1, 1e-15, 2e-7);
}

#[test]
fn log1p_complex() {
    check_grid("log1p", sp::log1p, 1e-15, 2e-7);
}

#[test]
fn erf_family_complex() {
    check_grid("erf", sp::erf, 1e-15, 2e-7);
    check_grid("erfc", sp::erfc, 1e-15, 2e-7);
    check_grid("erfcx", sp::erfcx, 1e-15, 2e-7);
    check_grid("erfi", |z| sp::erfi(z), 1e-15, 2e-7);
    check_grid("dawsn", |z| sp::dawsn(z), 1e-15, 2e-7);
}

#[test]
fn expint_complex() {
    check_grid("exp1", sp::exp1, Rtol::cuda(1e-15, 2e-14), 2e-7);
    check_grid("expi", sp::expi, 1e-15, 2e-7);
}

#[test]
fn spence_complex() {
    check_grid("spence", sp::spence, 1e-15, 2e-7);
}

#[test]
fn ndtr_complex() {
    check_grid("ndtr", sp::ndtr, 1e-15, 2e-7);
    // log_ndtr: 6e-15 where Re and Im of -z^2/2 + log w(iz/sqrt 2) cancel (|z| ~ 20 on the
    // anti-diagonal; the C library's complex log is more accurate near |w| = 1)
    check_grid(
        "log_ndtr",
        |z| sp::log_ndtr(z),
        Rtol::cuda(1e-14, 2e-10),
        2e-7,
    );
}

#[test]
fn xlogy_xlog1py_complex() {
    let fs: [(&str, Binary); 2] = [
        ("xlogy", |x, y| sp::xlogy(x, y)),
        ("xlog1py", |x, y| sp::xlog1py(x, y)),
    ];
    for (name, f) in fs {
        let [xr, xi, yr, yi, wr, wi, wr32, wi32] = group("complex", name);
        for (dt, want, rtol) in [
            (DType::Complex128, (&wr, &wi), 1e-15),
            (DType::Complex64, (&wr32, &wi32), 2e-7),
        ] {
            for dev in all_devices() {
                let x = complex_array(&xr, &xi, dt, dev);
                let y = complex_array(&yr, &yi, dt, dev);
                let r = f(&x, &y).unwrap();
                assert_eq!((r.dtype(), r.device()), (dt, dev), "{name}");
                let what = |i: usize| format!("{name} {dev} {dt} x = {}{:+}j", xr[i], xi[i]);
                check_complex(&complex_values(&r), (want.0, want.1), (rtol, 0.0), what);
            }
        }
    }
    // a real or scalar operand selects complex128: scipy.special.xlogy(2.0, np.array([1+1j])),
    // scipy.special.xlog1py(np.array([np.float32(2)]), 1j), both 0.6931471805599453+1.5707963267948966j
    let want = Complex64::new(0.6931471805599453, 1.5707963267948966);
    for dev in all_devices() {
        let y = Array::from_vec_on(vec![Complex64::new(1.0, 1.0)], &[1], dev).unwrap();
        let r = sp::xlogy(2.0, &y).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        let v = r.to_vec::<Complex64>().unwrap()[0];
        assert!((v - want).norm() <= 1e-15 * want.norm(), "{dev}: {v}");
        let x = Array::from_vec_on(vec![2.0f32], &[1], dev).unwrap();
        let r = sp::xlog1py(&x, Complex64::new(0.0, 1.0)).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        let v = r.to_vec::<Complex64>().unwrap()[0];
        assert!((v - want).norm() <= 1e-15 * want.norm(), "{dev}: {v}");
    }
}

/// The pair-valued `f` on the grid `name` as complex128 (both results within `rtol64 |w|` of
/// SciPy) and complex64 (within `rtol32 |w|` of SciPy's complex64 values) on every device.
fn check_pair(name: &str, f: Pair, rtol64: f64, rtol32: f64) {
    let [zr, zi, ar, ai, br, bi, ar32, ai32, br32, bi32] = group("complex", name);
    for (dt, want, rtol) in [
        (DType::Complex128, [(&ar, &ai), (&br, &bi)], rtol64),
        (DType::Complex64, [(&ar32, &ai32), (&br32, &bi32)], rtol32),
    ] {
        for dev in all_devices() {
            let (a, b) = f(&complex_array(&zr, &zi, dt, dev)).unwrap();
            for (k, (r, w)) in [a, b].iter().zip(want).enumerate() {
                assert_eq!((r.dtype(), r.device()), (dt, dev), "{name}");
                let what = |i: usize| format!("{name}[{k}] {dev} {dt} z = {}{:+}j", zr[i], zi[i]);
                check_complex(&complex_values(r), (w.0, w.1), (rtol, 0.0), what);
            }
        }
    }
}

#[test]
fn sici_shichi_complex() {
    check_pair("sici", sp::sici, 1e-15, 2e-7);
    check_pair("shichi", |z| sp::shichi(z), 1e-15, 2e-7);
}

#[test]
fn fresnel_complex() {
    // the CPU gives SciPy's bits on the grid, the non-finite values included
    check_pair("fresnel", |z| sp::fresnel(z), 1e-15, 2e-7);
    // a Python complex: scipy.special.fresnel(2+1j), complex128, 0-d
    let (s, c) = sp::fresnel(Complex64::new(2.0, 1.0)).unwrap();
    assert_eq!((s.dtype(), s.shape()), (DType::Complex128, &[] as &[usize]));
    assert_eq!((c.dtype(), c.shape()), (DType::Complex128, &[] as &[usize]));
    let s = s.to_vec::<Complex64>().unwrap()[0];
    let c = c.to_vec::<Complex64>().unwrap()[0];
    let (ws, wc) = (
        Complex64::new(-15.587751104404592, -36.725464883991435),
        Complex64::new(-36.22568799288166, 16.08787137412547),
    );
    assert!((s - ws).norm() <= 1e-15 * ws.norm(), "{s}");
    assert!((c - wc).norm() <= 1e-15 * wc.norm(), "{c}");
}

#[test]
fn complex_scalar_operand() {
    // scipy.special.erfi(0.5+0.5j), a Python complex: complex128, 0-d
    let r = sp::erfi(Complex64::new(0.5, 0.5)).unwrap();
    assert_eq!((r.dtype(), r.shape()), (DType::Complex128, &[] as &[usize]));
    let v = r.to_vec::<Complex64>().unwrap()[0];
    let want = Complex64::new(0.45788139443519227, 0.6426129148548206);
    assert!((v - want).norm() <= 1e-15 * want.norm(), "{v}");
}

#[test]
fn complex_values_at_a_glance() {
    // scipy.special.gamma(1+1j), loggamma(-2.5+0j), loggamma(-2.5-0j), digamma(1j)
    let z = |v: Vec<Complex64>, dev: Device| Array::from_vec_on(v.clone(), &[v.len()], dev);
    for dev in all_devices() {
        let g = sp::gamma(&z(vec![Complex64::new(1.0, 1.0)], dev).unwrap()).unwrap();
        let g = g.to_vec::<Complex64>().unwrap()[0];
        let want = Complex64::new(0.49801566811835474, -0.15494982830181012);
        assert!((g - want).norm() <= 1e-15 * want.norm(), "{dev}: {g}");
        let a = z(
            vec![Complex64::new(-2.5, 0.0), Complex64::new(-2.5, -0.0)],
            dev,
        )
        .unwrap();
        let l = sp::loggamma(&a).unwrap().to_vec::<Complex64>().unwrap();
        assert!(
            (l[0].re - -0.05624371649767279).abs() < 1e-15,
            "{dev}: {}",
            l[0]
        );
        assert!(
            (l[0].im - -9.42477796076938).abs() < 1e-14,
            "{dev}: {}",
            l[0]
        );
        assert!(
            (l[1].im - 9.42477796076938).abs() < 1e-14,
            "{dev}: {}",
            l[1]
        );
        let d = sp::digamma(&z(vec![Complex64::new(0.0, 1.0)], dev).unwrap()).unwrap();
        let d = d.to_vec::<Complex64>().unwrap()[0];
        let want = Complex64::new(0.09465032062247702, 2.076674047468581);
        assert!((d - want).norm() <= 1e-15 * want.norm(), "{dev}: {d}");
    }
}

#[test]
fn hyp1f1_complex() {
    let [a, b, zr, zi, wr, wi, wr32, wi32] = group("complex", "hyp1f1");
    for (dt, rdt, want, rtol) in [
        (DType::Complex128, DType::Float64, (&wr, &wi), 1e-12),
        (DType::Complex64, DType::Float32, (&wr32, &wi32), 2e-7),
    ] {
        for dev in all_devices() {
            let pa = Array::from_vec_on(a.clone(), &[a.len()], dev)
                .unwrap()
                .astype(rdt)
                .unwrap();
            let pb = Array::from_vec_on(b.clone(), &[b.len()], dev)
                .unwrap()
                .astype(rdt)
                .unwrap();
            let r = sp::hyp1f1(&pa, &pb, &complex_array(&zr, &zi, dt, dev)).unwrap();
            assert_eq!((r.dtype(), r.device()), (dt, dev));
            let got = complex_values(&r);
            let err = got
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let s = wr[i].hypot(wi[i]);
                    let (er, ei) = if dt == DType::Complex128 {
                        (wr[i], wi[i])
                    } else {
                        (wr32[i], wi32[i])
                    };
                    let s = if dt == DType::Complex128 {
                        s
                    } else {
                        er.hypot(ei)
                    };
                    if s.is_finite() && s > 0.0 {
                        ((g.re - er).abs().max((g.im - ei).abs())) / s
                    } else {
                        0.0
                    }
                })
                .fold(0.0, f64::max);
            eprintln!("hyp1f1 {dev} {dt}: max relative error {err:e}");
            let what = |i: usize| {
                format!(
                    "hyp1f1 {dev} {dt} a = {} b = {} z = {}{:+}j",
                    a[i], b[i], zr[i], zi[i]
                )
            };
            check_complex(&got, (want.0, want.1), (rtol, 0.0), what);
        }
    }
    // a Python complex with float32 arrays gives complex64 (SciPy's 'ffF->F'), a float64
    // parameter complex128: scipy.special.hyp1f1(np.float32([1]), 2.0, 1j) = 0.84147096+0.45969772j
    for dev in all_devices() {
        let a32 = Array::from_vec_on(vec![1.0f32], &[1], dev).unwrap();
        let r = sp::hyp1f1(&a32, 2.0, Complex64::new(0.0, 1.0)).unwrap();
        assert_eq!(r.dtype(), DType::Complex64);
        let a64 = Array::from_vec_on(vec![1.0f64], &[1], dev).unwrap();
        let r = sp::hyp1f1(&a64, 2.0, Complex64::new(0.0, 1.0)).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        let v = r.to_vec::<Complex64>().unwrap()[0];
        let want = Complex64::new(1f64.sin(), 1.0 - 1f64.cos());
        assert!((v - want).norm() <= 1e-15, "{dev}: {v}");
        assert!(sp::hyp1f1(Complex64::new(1.0, 0.0), 2.0, &a64).is_err());
    }
}
