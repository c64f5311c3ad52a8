//! `cuprum_signal::cusignal` (`cupyx.signal`) against NumPy/SciPy's answers (`cusignal_golden.rs`,
//! the references of CuPy's own tests) and naive references, on every device.

use crate::cusignal_golden as g;
use crate::errors::arg_err;
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType, Device, Error, negative};
use cuprum_signal::cusignal::{
    ConvolveMethod, ConvolveMode, Window, ca_cfar, cfar_alpha, cfar_alpha_array, channelize_poly,
    convolve1d3o, freq_shift, pulse_compression, pulse_doppler,
};

/// re/im pairs → complex values.
fn pairs(v: &[f64]) -> Vec<Complex64> {
    v.chunks(2).map(|p| Complex64::new(p[0], p[1])).collect()
}

/// An array of `dtype` on `dev` from re/im pairs (real dtypes take the real parts).
fn make(v: &[f64], shape: &[usize], dtype: DType, dev: Device) -> Array {
    let z = pairs(v);
    let a = if dtype.is_complex() {
        Array::from_vec_on(z, shape, Device::Cpu).unwrap()
    } else {
        Array::from_vec_on(
            z.iter().map(|c| c.re).collect::<Vec<_>>(),
            shape,
            Device::Cpu,
        )
        .unwrap()
    };
    a.astype(dtype).unwrap().to_device(dev).unwrap()
}

/// The real and complex dtypes a case runs in, with a relative tolerance for each.
fn dtypes(complex: bool) -> [(DType, f64); 2] {
    if complex {
        [(DType::Complex128, 1e-12), (DType::Complex64, 2e-5)]
    } else {
        [(DType::Float64, 1e-12), (DType::Float32, 2e-5)]
    }
}

/// max |got − want| ≤ rtol · max(1, max |want|).
fn check(what: &str, got: &Array, want: &[Complex64], rtol: f64) {
    let v = values(got).unwrap();
    assert_eq!(v.len(), want.len(), "{what}: length");
    let scale = want.iter().map(|z| z.norm()).fold(1.0, f64::max);
    for (i, (a, b)) in v.iter().zip(want).enumerate() {
        assert!(
            (a - b).norm() <= rtol * scale,
            "{what}: element {i}: {a} vs {b} (rtol {rtol}, scale {scale})"
        );
    }
}

#[test]
fn channelize_poly_matches_the_reference() {
    for dev in all_devices() {
        for (k, &(complex, n_chans, x, h, want)) in g::CHANNELIZE.iter().enumerate() {
            for (dt, rtol) in dtypes(complex) {
                let (lx, lh) = (x.len() / 2, h.len() / 2);
                let xa = make(x, &[lx], dt, dev);
                let ha = make(h, &[lh], dt, dev);
                let y = channelize_poly(&xa, &ha, n_chans).unwrap();
                let single = matches!(dt, DType::Float32 | DType::Complex64);
                let want_dt = if single {
                    DType::Complex64
                } else {
                    DType::Complex128
                };
                assert_eq!(y.dtype(), want_dt);
                assert_eq!(y.shape(), &[n_chans, lx / n_chans]);
                assert_eq!(y.device(), dev);
                check(&format!("{dev} case {k} {dt}"), &y, &pairs(want), rtol);
            }
        }
    }
}

#[test]
fn channelize_poly_promotes_and_rejects() {
    let (_, n, x, h, want) = g::CHANNELIZE[0];
    for dev in all_devices() {
        // float32 x with float64 h computes in float64 → complex128
        let xa = make(x, &[x.len() / 2], DType::Float32, dev);
        let ha = make(h, &[h.len() / 2], DType::Float64, dev);
        let y = channelize_poly(&xa, &ha, n).unwrap();
        assert_eq!(y.dtype(), DType::Complex128);
        check("mixed", &y, &pairs(want), 1e-12);
        let xi = Array::from_vec_on(vec![1i64; 8], &[8], dev).unwrap();
        assert!(matches!(
            channelize_poly(&xi, &xi, 2),
            Err(Error::DType {
                dtype: DType::Int64,
                ..
            })
        ));
        assert_eq!(
            arg_err(channelize_poly(&xa, &ha, 0)),
            ("BadArgument", "n_chans")
        );
        let x2 = xa.reshape([2, x.len() / 4]).unwrap();
        assert_eq!(arg_err(channelize_poly(&x2, &ha, n)), ("BadShape", "x"));
        // fewer samples than channels: no output column
        let short = channelize_poly(&xa.slice(cuprum_core::s![..3]).unwrap(), &ha, n).unwrap();
        assert_eq!(short.shape(), &[n, 0]);
    }
}

#[test]
fn convolve1d3o_matches_the_einsum_reference() {
    for dev in all_devices() {
        for (k, &(complex, a, sh, b, want)) in g::CONVOLVE1D3O.iter().enumerate() {
            for (dt, rtol) in dtypes(complex) {
                let aa = make(a, &[a.len() / 2], dt, dev);
                let bb = make(b, sh, dt, dev);
                let y =
                    convolve1d3o(&aa, &bb, ConvolveMode::Valid, ConvolveMethod::Direct).unwrap();
                assert_eq!(y.dtype(), dt);
                assert_eq!(y.device(), dev);
                check(&format!("{dev} case {k} {dt}"), &y, &pairs(want), rtol);
            }
        }
    }
}

#[test]
fn convolve1d3o_integers_layouts_and_errors() {
    for dev in all_devices() {
        // integers: every product exact; the kernel a strided (transposed) view
        let a = Array::from_vec_on(vec![1i32, -2, 3, 0, 2, -1, 1], &[7], dev).unwrap();
        let kv: Vec<i32> = (0..24).map(|i| (i % 5) - 2).collect();
        let k = Array::from_vec_on(kv.clone(), &[4, 3, 2], dev).unwrap();
        let kt = k.transpose().unwrap(); // (2, 3, 4)
        let av = [1i64, -2, 3, 0, 2, -1, 1];
        // kt[x, y, z] = k[z, y, x]
        let want: Vec<i64> = (0..4)
            .map(|i| {
                let mut t = 0i64;
                for x in 0..2 {
                    for y in 0..3 {
                        for z in 0..4 {
                            t += av[i + 1 - x]
                                * av[i + 2 - y]
                                * av[i + 3 - z]
                                * kv[(z * 3 + y) * 2 + x] as i64;
                        }
                    }
                }
                t
            })
            .collect();
        let y = convolve1d3o(&a, &kt, ConvolveMode::Valid, ConvolveMethod::Direct).unwrap();
        assert_eq!(y.dtype(), DType::Int32);
        assert_eq!(
            y.astype(DType::Int64).unwrap().to_vec::<i64>().unwrap(),
            want,
            "{dev}"
        );
        // a reversed (negative-stride) signal
        let ar = a.slice(cuprum_core::s![..;-1]).unwrap();
        let yr = convolve1d3o(&ar, &kt, ConvolveMode::Valid, ConvolveMethod::Direct).unwrap();
        let arc = ar.copy().unwrap();
        let yc = convolve1d3o(&arc, &kt, ConvolveMode::Valid, ConvolveMethod::Direct).unwrap();
        assert_eq!(yr.to_vec::<i32>().unwrap(), yc.to_vec::<i32>().unwrap());
        // errors: CuPy's ValueError / NotImplementedError
        let m = ConvolveMethod::Direct;
        assert_eq!(
            arg_err(convolve1d3o(&k, &k, ConvolveMode::Valid, m)),
            ("BadShape", "in1")
        );
        assert_eq!(
            arg_err(convolve1d3o(&a, &a, ConvolveMode::Valid, m)),
            ("BadShape", "in2")
        );
        assert!(matches!(
            convolve1d3o(&a, &k, ConvolveMode::Full, m),
            Err(Error::Unsupported { .. })
        ));
        assert!(matches!(
            convolve1d3o(&a, &k, ConvolveMode::Valid, ConvolveMethod::Fft),
            Err(Error::Unsupported { .. })
        ));
        let big = Array::from_vec_on(vec![0i32; 9 * 2 * 2], &[9, 2, 2], dev).unwrap();
        assert_eq!(
            arg_err(convolve1d3o(&a, &big, ConvolveMode::Valid, m)),
            ("BadShape", "in1")
        );
        // n = max − 1: an empty output, as CuPy's
        let edge = Array::from_vec_on(vec![0i32; 8 * 2 * 2], &[8, 2, 2], dev).unwrap();
        let e = convolve1d3o(&a, &edge, ConvolveMode::Valid, m).unwrap();
        assert_eq!(e.shape(), &[0]);
    }
}

#[test]
fn freq_shift_matches_numpy() {
    for dev in all_devices() {
        for (k, &(complex, sh, x, freq, fs, want)) in g::FREQ_SHIFT.iter().enumerate() {
            for (dt, _) in dtypes(complex) {
                let xa = make(x, sh, dt, dev);
                let y = freq_shift(&xa, freq, fs).unwrap();
                assert_eq!(y.dtype(), DType::Complex128);
                assert_eq!(y.shape(), sh);
                // the phase is formed in float64 whatever x's precision; x is exact in f32
                check(&format!("{dev} case {k} {dt}"), &y, &pairs(want), 1e-12);
            }
        }
        let x = Array::from_vec_on(vec![1.0f64], &[1], dev).unwrap();
        assert_eq!(arg_err(freq_shift(&x, 1.0, 0.0)), ("OutOfDomain", "fs"));
    }
}

/// The [`Window`] of a golden case's name (`neg` is the callable `numpy.negative`).
fn with_window<R>(
    kind: &str,
    n: usize,
    dev: Device,
    neg: &dyn Fn(&Array) -> cuprum_core::Result<Array>,
    f: impl FnOnce(Option<Window<'_>>) -> R,
) -> R {
    match kind {
        "none" => f(None),
        "negative" => f(Some(Window::Func(neg))),
        "kaiser" => f(Some(Window::Kaiser(2.5))),
        "array" => {
            let w = cuprum_core::linspace_on(0.5, 1.5, n, true, Some(DType::Float64), dev).unwrap();
            f(Some(Window::Array(&w)))
        }
        name => f(Some(Window::Named(name))),
    }
}

#[test]
fn pulse_compression_matches_numpy() {
    let neg = |a: &Array| negative(a);
    for dev in all_devices() {
        for (k, &(complex, sh, x, t, normalize, kind, nfft, want)) in
            g::PULSE_COMPRESSION.iter().enumerate()
        {
            for (dt, rtol) in dtypes(complex) {
                let xa = make(x, sh, dt, dev);
                let lt = t.len() / 2;
                let ta = make(t, &[lt], dt, dev);
                let nfft = (nfft > 0).then_some(nfft);
                let y = with_window(kind, lt, dev, &neg, |w| {
                    pulse_compression(&xa, &ta, normalize, w, nfft)
                })
                .unwrap();
                // float32 data with a float64 Window::Array promotes the template only
                let real_dt = if dt == DType::Complex128 || dt == DType::Float64 {
                    dt
                } else if kind == "array" {
                    if complex {
                        DType::Complex128
                    } else {
                        DType::Float64
                    }
                } else {
                    dt
                };
                assert_eq!(y.dtype(), real_dt, "{dev} case {k} {dt}");
                assert_eq!(y.shape(), &[sh[0], nfft.unwrap_or(sh[1])]);
                let label = format!("{dev} case {k} {dt} {kind}");
                check(&label, &y, &pairs(want), rtol);
            }
        }
    }
}

#[test]
fn pulse_doppler_matches_numpy() {
    let neg = |a: &Array| negative(a);
    for dev in all_devices() {
        for (k, &(complex, sh, x, kind, nfft, want)) in g::PULSE_DOPPLER.iter().enumerate() {
            for (dt, rtol) in dtypes(complex) {
                let xa = make(x, sh, dt, dev);
                let nfft = (nfft > 0).then_some(nfft);
                let y =
                    with_window(kind, sh[0], dev, &neg, |w| pulse_doppler(&xa, w, nfft)).unwrap();
                assert!(y.dtype().is_complex());
                assert_eq!(y.shape(), &[nfft.unwrap_or(sh[0]), sh[1]]);
                let label = format!("{dev} case {k} {dt} {kind}");
                check(&label, &y, &pairs(want), rtol);
            }
        }
    }
}

#[test]
fn pulse_functions_reject_bad_input() {
    for dev in all_devices() {
        let x = Array::from_vec_on(vec![1.0f64; 12], &[3, 4], dev).unwrap();
        let t = Array::from_vec_on(vec![1.0f64; 3], &[3], dev).unwrap();
        let flat = x.reshape([12]).unwrap();
        assert_eq!(
            arg_err(pulse_compression(&flat, &t, false, None, None)),
            ("BadShape", "x")
        );
        assert_eq!(arg_err(pulse_doppler(&flat, None, None)), ("BadShape", "x"));
        // a window array of the wrong length
        assert_eq!(
            arg_err(pulse_compression(
                &x,
                &t,
                false,
                Some(Window::Array(&x)),
                None
            )),
            ("BadShape", "window")
        );
        assert_eq!(
            arg_err(pulse_doppler(&x, Some(Window::Named("nope")), None)),
            ("BadArgument", "window")
        );
        assert_eq!(
            arg_err(pulse_doppler(&x, None, Some(0))),
            ("BadArgument", "nfft")
        );
    }
}

#[test]
fn cfar_alpha_matches_the_formula() {
    for &(pfa, n, want) in g::CFAR_ALPHA {
        let got = cfar_alpha(pfa, n).unwrap();
        assert!(
            (got - want).abs() <= 1e-14 * want.abs(),
            "{pfa} {n}: {got} vs {want}"
        );
    }
    assert_eq!(arg_err(cfar_alpha(1e-3, 0)), ("BadArgument", "N"));
    // the array form (CuPy's test passes an array of pfa)
    for dev in all_devices() {
        let p: Vec<f64> = g::CFAR_ALPHA.iter().map(|c| c.0).collect();
        for (dt, rtol) in [(DType::Float64, 1e-13), (DType::Float32, 1e-5)] {
            let pa = Array::from_vec_on(p.clone(), &[p.len()], dev)
                .unwrap()
                .astype(dt)
                .unwrap();
            let a = cfar_alpha_array(&pa, 128).unwrap();
            assert_eq!(a.dtype(), dt);
            let want: Vec<Complex64> = p
                .iter()
                .map(|&q| Complex64::new(cfar_alpha(q, 128).unwrap(), 0.0))
                .collect();
            check(&format!("{dev} {dt}"), &a, &want, rtol);
        }
        let pi = Array::from_vec_on(vec![1i64, 2], &[2], dev).unwrap();
        assert_eq!(cfar_alpha_array(&pi, 4).unwrap().dtype(), DType::Float64);
        assert!(cfar_alpha_array(&pi, 0).is_err());
    }
}

/// Compares a CFAR threshold with SciPy's and the detections with `array − threshold > 0`.
fn check_cfar(what: &str, a: &Array, mask: &Array, det: &Array, want: &[Complex64]) {
    assert_eq!(mask.dtype(), DType::Float32, "{what}");
    assert_eq!(det.dtype(), DType::Bool, "{what}");
    assert_eq!(mask.shape(), a.shape());
    check(what, mask, want, 2e-6);
    let av = values(a).unwrap();
    let m = mask
        .to_device(Device::Cpu)
        .unwrap()
        .to_vec::<f32>()
        .unwrap();
    let d = det
        .to_device(Device::Cpu)
        .unwrap()
        .to_vec::<bool>()
        .unwrap();
    for i in 0..m.len() {
        assert_eq!(d[i], av[i].re - m[i] as f64 > 0.0, "{what}: detection {i}");
    }
}

#[test]
fn ca_cfar_1d_matches_scipy() {
    for dev in all_devices() {
        for &(size, gc, rc, pfa, a, want) in g::CA_CFAR_1D {
            for dt in [DType::Float64, DType::Float32] {
                let aa = make(a, &[size], dt, dev);
                let (mask, det) = ca_cfar(&aa, &[gc], &[rc], pfa).unwrap();
                let what = format!("{dev} {dt} size {size} g {gc} r {rc}");
                // the float32 input's own rounding: compare with SciPy on that input
                let want: Vec<Complex64> = if dt == DType::Float32 {
                    let a32 = values(&aa).unwrap();
                    let pa: Vec<f64> = a32.iter().map(|z| z.re).collect();
                    naive_cfar_1d(&pa, gc, rc, pfa)
                } else {
                    pairs(want)
                };
                check_cfar(&what, &aa, &mask, &det, &want);
            }
        }
    }
}

/// The 1-D threshold by direct sums (the float32 cases' reference).
fn naive_cfar_1d(a: &[f64], g: usize, r: usize, pfa: f64) -> Vec<Complex64> {
    let n = a.len();
    let alpha = cfar_alpha(pfa, 2 * r).unwrap();
    (0..n)
        .map(|x| {
            if x < g + r || x + g + r >= n {
                return Complex64::new(0.0, 0.0);
            }
            let s: f64 = (x - g - r..=x + g + r)
                .filter(|&j| j + g < x || j > x + g)
                .map(|j| a[j])
                .sum();
            Complex64::new(alpha / (2 * r) as f64 * s, 0.0)
        })
        .collect()
}

#[test]
fn ca_cfar_2d_matches_scipy() {
    for dev in all_devices() {
        for &(sh, gc, rc, pfa, a, want) in g::CA_CFAR_2D {
            let aa = make(a, sh, DType::Float64, dev);
            let (mask, det) = ca_cfar(&aa, gc, rc, pfa).unwrap();
            let what = format!("{dev} {sh:?} g {gc:?} r {rc:?}");
            check_cfar(&what, &aa, &mask, &det, &pairs(want));
            // a transposed input gives the transposed threshold
            let at = aa.transpose().unwrap();
            let (mt, _) = ca_cfar(&at, &[gc[1], gc[0]], &[rc[1], rc[0]], pfa).unwrap();
            let back = mt.transpose().unwrap();
            check(&format!("{what} transposed"), &back, &pairs(want), 2e-6);
        }
    }
}

#[test]
fn ca_cfar_integers_and_errors() {
    for dev in all_devices() {
        // integer data: the detections compare in float64
        let mut v = vec![2i32; 12];
        v[6] = 40;
        let a = Array::from_vec_on(v, &[12], dev).unwrap();
        let (mask, det) = ca_cfar(&a, &[1], &[2], 1e-3).unwrap();
        let m = mask.to_vec::<f32>().unwrap();
        let alpha = cfar_alpha(1e-3, 4).unwrap();
        // cell 5's reference cells (2, 3, 7, 8) hold 2; cell 3's (0, 1, 5, 6) hold the target
        assert!(
            (m[5] as f64 - alpha * 2.0).abs() < 1e-5 * alpha,
            "{dev}: {m:?}"
        );
        assert!(
            (m[3] as f64 - alpha / 4.0 * 46.0).abs() < 1e-5 * alpha,
            "{dev}: {m:?}"
        );
        assert_eq!(m[2], 0.0);
        let d = det.to_vec::<bool>().unwrap();
        assert!(d[6] && !d[5] && !d[7]);
        // CuPy's test_ca_cfar1d_failures / test_ca_cfar2d_failures
        for (size, gc, rc) in [(1, 1, 1), (10, 2, 3), (10, 0, 5), (10, 5, 0)] {
            let z = cuprum_core::zeros_on([size], DType::Float64, dev).unwrap();
            assert_eq!(
                arg_err(ca_cfar(&z, &[gc], &[rc], 1e-3)),
                ("BadShape", "array"),
                "{size} {gc} {rc}"
            );
        }
        for (sh, gc, rc) in [
            ([3, 3], [1, 2], [1, 10]),
            ([3, 3], [1, 1], [10, 1]),
            ([5, 5], [3, 3], [3, 3]),
        ] {
            let z = cuprum_core::zeros_on(sh, DType::Float64, dev).unwrap();
            assert_eq!(arg_err(ca_cfar(&z, &gc, &rc, 1e-3)), ("BadShape", "array"));
        }
        // no reference cells (CuPy divides by zero), wrong counts, 3-D, complex
        let z = cuprum_core::zeros_on([20], DType::Float64, dev).unwrap();
        assert_eq!(arg_err(ca_cfar(&z, &[2], &[0], 1e-3)), ("BadArgument", "N"));
        assert_eq!(
            arg_err(ca_cfar(&z, &[1, 1], &[2, 2], 1e-3)),
            ("BadArgument", "guard_cells")
        );
        let z3 = cuprum_core::zeros_on([9, 9, 9], DType::Float64, dev).unwrap();
        assert_eq!(
            arg_err(ca_cfar(&z3, &[1, 1, 1], &[1, 1, 1], 1e-3)),
            ("BadShape", "array")
        );
        let zc = cuprum_core::zeros_on([20], DType::Complex64, dev).unwrap();
        assert!(matches!(
            ca_cfar(&zc, &[1], &[2], 1e-3),
            Err(Error::DType { .. })
        ));
    }
}

/// Every element as complex f64 (C order), whatever the dtype.
fn values(a: &Array) -> cuprum_core::Result<Vec<Complex64>> {
    let cpu = a.to_device(Device::Cpu)?;
    Ok(match cpu.dtype() {
        DType::Complex128 => cpu.to_vec::<Complex64>()?,
        DType::Complex64 => cpu
            .to_vec::<cuprum_core::Complex32>()?
            .into_iter()
            .map(|z| Complex64::new(z.re as f64, z.im as f64))
            .collect(),
        _ => cpu
            .astype(DType::Float64)?
            .to_vec::<f64>()?
            .into_iter()
            .map(|x| Complex64::new(x, 0.0))
            .collect(),
    })
}
