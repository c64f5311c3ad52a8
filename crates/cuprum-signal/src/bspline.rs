//! B-spline helpers of `scipy.signal`: `gauss_spline`, the mirror-symmetric spline
//! coefficients `cspline1d`/`qspline1d` and their evaluation `cspline1d_eval`/`qspline1d_eval`.

use crate::util::{axis_reverse, axis_slice, check_1d_nonempty, upload};
use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use cuprum_core::ext;
use cuprum_core::{Array, Complex64 as C, DType, Error, IndexMode, Result, Scalar};

/// The Gaussian approximation of the B-spline basis function of order `n`
/// (`scipy.signal.gauss_spline`).
///
/// **Shapes**: `x` any shape → the same shape, float64 (float32 for float32 `x`), on `x`'s
/// device.
///
/// `exp(−x²/(2σ²)) / sqrt(2πσ²)` with `σ² = (n + 1)/12`.
///
/// # Errors
/// [`Error::DType`]-style errors of the ufuncs for complex `x`.
///
/// **Algorithm**: elementwise on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.0f64], &[1], Device::Cpu).unwrap();
/// let g = cuprum_signal::gauss_spline(&x, 3).unwrap().to_vec::<f64>().unwrap();
/// assert!((g[0] - 1.0 / (2.0 * std::f64::consts::PI / 3.0).sqrt()).abs() < 1e-15);
/// ```
pub fn gauss_spline(x: &Array, n: usize) -> Result<Array> {
    let signsq = (n as f64 + 1.0) / 12.0;
    let x = if x.dtype().is_float() {
        x.clone()
    } else {
        x.astype(DType::Float64)?
    };
    let e = cuprum_core::exp(&cuprum_core::multiply(
        &cuprum_core::multiply(&x, &x)?,
        -0.5 / signsq,
    )?)?;
    cuprum_core::multiply(&e, 1.0 / (2.0 * std::f64::consts::PI * signsq).sqrt())
}

/// Checks `s` is a non-empty real signal whose number of dimensions `ndim_ok` accepts
/// (`expected` describes it in the error).
fn check_real_signal(
    op: &'static str,
    s: &Array,
    ndim_ok: bool,
    expected: &'static str,
) -> Result<()> {
    bad_shape_if(!ndim_ok || s.size() == 0, op, "signal", s.shape(), expected)?;
    if s.dtype().is_complex() {
        return Err(Error::unsupported(op, "complex signals"));
    }
    Ok(())
}

/// The error of a `precision` the symmetric boundary sum does not reach within `n` samples.
fn boundary_precision_error(op: &'static str, precision: f64, n: usize) -> Error {
    Error::bad_argument(
        op,
        "precision",
        precision,
        format!(
            "a precision the symmetric boundary sum reaches within the {n} samples (a longer \
             signal or a larger precision)"
        ),
    )
}

fn real_1d_f64(op: &'static str, s: &Array) -> Result<Array> {
    check_real_signal(op, s, s.ndim() == 1, "a non-empty 1-D array")?;
    s.astype(DType::Float64)
}

/// `Σ_k w[k]·x[k]` over the first `len(w)` samples of `x` (a device reduction, one number
/// read back).
fn dot_head(x: &Array, w: Vec<f64>) -> Result<f64> {
    let n = w.len().min(x.size());
    let head = axis_slice(x, 0, 0, Some(n as isize))?;
    let w = upload(w[..n].to_vec(), x.device())?;
    Ok(cuprum_core::multiply(&head, &w)?
        .sum(None::<isize>, false)?
        .item()?
        .as_f64())
}

fn scalar_at(x: &Array, i: usize) -> Result<f64> {
    Ok(axis_slice(x, 0, i as isize, Some(i as isize + 1))?
        .reshape(&[0usize; 0][..])?
        .item()?
        .as_f64())
}

/// The number of powers `z^k` (|z| < 1) above the float64 underflow.
fn decay_len(z: f64, k: usize) -> usize {
    let m = (-745.0 / z.abs().ln()).ceil() as usize + 1;
    m.min(k)
}

/// The mirror-symmetric first-order recursive coefficients shared by the cubic (`z = −2 + √3`,
/// gain 6) and quadratic (`z = −3 + 2√2`, gain 8) splines: SciPy's `_cubic_coeff`.
fn first_order_coeff(s: &Array, z: f64, gain: f64) -> Result<Array> {
    let k = s.size();
    let dev = s.device();
    let l = decay_len(z, k);
    let sum = dot_head(s, (0..l).map(|i| z.powi(i as i32)).collect())?;
    if k == 1 {
        // SciPy returns this without the gain
        let yplus = scalar_at(s, 0)? + z * sum;
        return upload(vec![z / (z - 1.0) * yplus], dev);
    }
    let a = upload(vec![1.0, -z], dev)?;
    let zi = upload(vec![z * sum], dev)?;
    let (yplus, _) = crate::lfilter_with_state(&upload(vec![1.0], dev)?, &a, s, &zi, -1)?;
    let out_last = z / (z - 1.0) * scalar_at(&yplus, k - 1)?;
    let rev = axis_reverse(&axis_slice(&yplus, 0, 0, Some(k as isize - 1))?, 0)?;
    let zi = upload(vec![z * out_last], dev)?;
    let (out, _) = crate::lfilter_with_state(&upload(vec![-z], dev)?, &a, &rev, &zi, -1)?;
    let last = upload(vec![out_last], dev)?;
    let full = cuprum_core::concatenate(&[&axis_reverse(&out, 0)?, &last], 0)?;
    cuprum_core::multiply(&full, gain)
}

/// SciPy's `_coeff_smooth`: the pole radius and angle of the smoothing cubic spline.
fn coeff_smooth(lam: f64) -> (f64, f64) {
    let xi = 1.0 - 96.0 * lam + 24.0 * lam * (3.0 + 144.0 * lam).sqrt();
    let omeg = (144.0 * lam - 1.0).sqrt().atan2(xi.sqrt());
    let mut rho = (24.0 * lam - 1.0 - xi.sqrt()) / (24.0 * lam);
    rho *= ((48.0 * lam + 24.0 * lam * (3.0 + 144.0 * lam).sqrt()) / xi).sqrt();
    (rho, omeg)
}

/// The gain `cs = 1 − 2r·cos ω + r²` and the impulse responses of SciPy's second-order
/// mirror-symmetric filter with poles `r·e^{±iω}`: the causal `hc(k)` (`_hc`, 0 for `k < 0`)
/// and the symmetric `hs(k)` (`_hs`).
fn order2_responses(r: f64, omega: f64) -> (f64, impl Fn(i64) -> f64, impl Fn(i64) -> f64) {
    let cs = 1.0 - 2.0 * r * omega.cos() + r * r;
    let hc = move |k: i64| -> f64 {
        if k < 0 {
            0.0
        } else {
            cs / omega.sin() * r.powi(k as i32) * (omega * (k + 1) as f64).sin()
        }
    };
    let c0 = cs * cs * (1.0 + r * r)
        / (1.0 - r * r)
        / (1.0 - 2.0 * r * r * (2.0 * omega).cos() + r.powi(4));
    let gamma = (1.0 - r * r) / (1.0 + r * r) / omega.tan();
    let hs = move |k: i64| -> f64 {
        let ak = k.unsigned_abs() as f64;
        c0 * r.powf(ak) * ((omega * ak).cos() + gamma * (omega * ak).sin())
    };
    (cs, hc, hs)
}

/// The smoothing cubic spline's coefficients (SciPy's `_cubic_smooth_coeff`).
fn cubic_smooth_coeff(op: &'static str, s: &Array, lamb: f64) -> Result<Array> {
    let k = s.size();
    bad_shape_if(
        k < 3,
        op,
        "signal",
        s.shape(),
        "at least 3 samples for a smoothing spline (lamb > 0)",
    )?;
    let dev = s.device();
    let (rho, omega) = coeff_smooth(lamb);
    let (cs, hc, hs) = order2_responses(rho, omega);
    let l = decay_len(rho, k).max(2.min(k));
    let (s0, s1) = (scalar_at(s, 0)?, scalar_at(s, 1)?);
    let zi_2 = hc(0) * s0 + dot_head(s, (0..l as i64).map(|i| hc(i + 1)).collect())?;
    let zi_1 = hc(0) * s0 + hc(1) * s1 + dot_head(s, (0..l as i64).map(|i| hc(i + 2)).collect())?;
    let (a1, a2) = (-2.0 * rho * omega.cos(), rho * rho);
    // lfiltic(cs, [1, a1, a2], y=[y1, y2]) → [−(a1·y1 + a2·y2), −a2·y1]
    let state = |y1: f64, y2: f64| upload(vec![-(a1 * y1 + a2 * y2), -a2 * y1], dev);
    let b = upload(vec![cs], dev)?;
    let a = upload(vec![1.0, a1, a2], dev)?;
    let (yp, _) =
        crate::lfilter_with_state(&b, &a, &axis_slice(s, 0, 2, None)?, &state(zi_1, zi_2)?, -1)?;
    let yp = cuprum_core::concatenate(&[&upload(vec![zi_2, zi_1], dev)?, &yp], 0)?;
    let rs = axis_reverse(s, 0)?;
    let r2 = dot_head(&rs, (0..l as i64).map(|i| hs(i) + hs(i + 1)).collect())?;
    let r1 = dot_head(&rs, (0..l as i64).map(|i| hs(i - 1) + hs(i + 2)).collect())?;
    // yp[-3::-1]: yp[..k-2] reversed
    let src = axis_reverse(&axis_slice(&yp, 0, 0, Some(k as isize - 2))?, 0)?;
    let (y, _) = crate::lfilter_with_state(&b, &a, &src, &state(r1, r2)?, -1)?;
    cuprum_core::concatenate(&[&axis_reverse(&y, 0)?, &upload(vec![r1, r2], dev)?], 0)
}

/// The cubic spline coefficients of a uniformly sampled signal with mirror-symmetric
/// boundaries (`scipy.signal.cspline1d`); `lamb > 0` gives a smoothing spline.
///
/// **Shapes**: 1-D real `signal` (k) → `(k,)` float64 on its device.
///
/// # Errors
/// [`Error::BadShape`] naming `cspline1d` for empty or non-1-D input (fewer than 3 samples
/// with smoothing); [`Error::Unsupported`] for complex input.
///
/// **Algorithm**: SciPy's: a causal and an anti-causal first-order recursion (pole `−2 + √3`;
/// with smoothing a pair of second-order ones) through [`lfilter`](crate::lfilter) with the
/// mirror-symmetric initial states, which are weighted sums of the signal computed on the
/// device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let s = Array::from_vec_on(vec![1.0f64, 1.0, 1.0], &[3], Device::Cpu).unwrap();
/// let c = cuprum_signal::cspline1d(&s, 0.0).unwrap().to_vec::<f64>().unwrap();
/// // SciPy: [0.99296817, 1.00185048, 0.9996299]
/// assert!((c[0] - 0.99296817).abs() < 1e-8 && (c[2] - 0.9996299).abs() < 1e-7);
/// ```
pub fn cspline1d(signal: &Array, lamb: f64) -> Result<Array> {
    const OP: &str = "cspline1d";
    let s = real_1d_f64(OP, signal)?;
    if lamb != 0.0 {
        cubic_smooth_coeff(OP, &s, lamb)
    } else {
        first_order_coeff(&s, -2.0 + 3f64.sqrt(), 6.0)
    }
}

/// The quadratic spline coefficients of a uniformly sampled signal with mirror-symmetric
/// boundaries (`scipy.signal.qspline1d`).
///
/// **Shapes**: as [`cspline1d`].
///
/// # Errors
/// As [`cspline1d`]; [`Error::BadArgument`] (`lamb`) for `lamb ≠ 0` (SciPy has no smoothing
/// quadratic spline).
///
/// **Algorithm**: as [`cspline1d`] with the pole `−3 + 2√2`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let s = Array::from_vec_on(vec![2.0f64, 2.0, 2.0, 2.0], &[4], Device::Cpu).unwrap();
/// let c = cuprum_signal::qspline1d(&s, 0.0).unwrap().to_vec::<f64>().unwrap();
/// // SciPy: [2.00035894, 1.99993843, 2.00001051, 1.9999985]
/// assert!((c[0] - 2.00035894).abs() < 1e-8 && (c[3] - 1.9999985).abs() < 1e-7);
/// ```
pub fn qspline1d(signal: &Array, lamb: f64) -> Result<Array> {
    const OP: &str = "qspline1d";
    let s = real_1d_f64(OP, signal)?;
    bad_argument_if(
        lamb != 0.0,
        OP,
        "lamb",
        lamb,
        "0 (smoothing quadratic splines are not supported, as in SciPy)",
    )?;
    first_order_coeff(&s, -3.0 + 2.0 * 2f64.sqrt(), 8.0)
}

/// `where(cond, a, b)` for arrays.
fn sel(cond: &Array, a: &Array, b: &Array) -> Result<Array> {
    cuprum_core::where_(cond, a, b)
}

/// The B-spline basis of degree 3 (`cubic`) or 2 at `t` (elementwise on the device).
fn basis(t: &Array, cubic: bool) -> Result<Array> {
    use cuprum_core::{abs, less, multiply, subtract};
    let a = abs(t)?;
    let a2 = multiply(&a, &a)?;
    let zero = cuprum_core::zeros_like(&a)?;
    if cubic {
        // |t| < 1: 2/3 − t² + |t|³/2; |t| < 2: (2 − |t|)³/6
        let p1 = cuprum_core::add(
            &subtract(2.0 / 3.0, &a2)?,
            &multiply(&multiply(&a2, &a)?, 0.5)?,
        )?;
        let q = subtract(2.0, &a)?;
        let p2 = multiply(&multiply(&multiply(&q, &q)?, &q)?, 1.0 / 6.0)?;
        sel(&less(&a, 1.0)?, &p1, &sel(&less(&a, 2.0)?, &p2, &zero)?)
    } else {
        // |t| < 1/2: 3/4 − t²; |t| < 3/2: (|t| − 3/2)²/2
        let p1 = subtract(0.75, &a2)?;
        let q = subtract(&a, 1.5)?;
        let p2 = multiply(&multiply(&q, &q)?, 0.5)?;
        sel(&less(&a, 0.5)?, &p1, &sel(&less(&a, 1.5)?, &p2, &zero)?)
    }
}

fn spline_eval(
    op: &'static str,
    cj: &Array,
    newx: &Array,
    dx: f64,
    x0: f64,
    cubic: bool,
) -> Result<Array> {
    check_1d_nonempty(op, "cj", cj)?;
    crate::util::same_device(op, cj, newx)?;
    let cj = cj.astype(DType::Float64)?;
    let n = cj.size();
    let x = cuprum_core::divide(
        &cuprum_core::subtract(&newx.astype(DType::Float64)?, x0)?,
        dx,
    )?;
    if x.size() == 0 {
        return Ok(x);
    }
    // SciPy's repeated mirroring at 0 and n − 1: the even extension of period 2(n − 1)
    let y = if n == 1 {
        cuprum_core::zeros_like(&x)?
    } else {
        let p = 2.0 * (n - 1) as f64;
        let r = cuprum_core::fmod(&cuprum_core::abs(&x)?, p)?;
        sel(
            &cuprum_core::greater(&r, (n - 1) as f64)?,
            &cuprum_core::subtract(p, &r)?,
            &r,
        )?
    };
    let (shift, terms) = if cubic { (2.0, 4) } else { (1.5, 3) };
    let jlower = cuprum_core::add(
        &cuprum_core::floor(&cuprum_core::subtract(&y, shift)?)?,
        1.0,
    )?;
    let mut res = cuprum_core::zeros_like(&y)?;
    for i in 0..terms {
        let thisj = cuprum_core::add(&jlower, i as f64)?;
        let ind = cuprum_core::clip(&thisj, Some(0.0.into()), Some(((n - 1) as f64).into()))?
            .astype(DType::Int64)?;
        let c = cuprum_core::take(&cj, &ind, None, IndexMode::Raise)?;
        let b = basis(&cuprum_core::subtract(&y, &thisj)?, cubic)?;
        res = cuprum_core::add(&res, &cuprum_core::multiply(&c, &b)?)?;
    }
    Ok(res)
}

/// Evaluates the cubic spline of coefficients `cj` (from [`cspline1d`]) at `newx`
/// (`scipy.signal.cspline1d_eval`): samples at `x0 + dx·j`, mirror-symmetric beyond both ends.
///
/// **Shapes**: 1-D `cj`, `newx` any shape → `newx`'s shape, float64, on their device.
///
/// # Errors
/// [`Error::BadShape`] naming `cspline1d_eval` for empty or non-1-D `cj`;
/// [`Error::DeviceMismatch`] when `cj` and `newx` are on different devices.
///
/// **Algorithm**: SciPy's four-term sum of `cj[j]·β₃(x − j)` around each point, with the
/// mirror folding done arithmetically; gathers and elementwise work on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let s = Array::from_vec_on(vec![0.0f64, 1.0, 4.0, 9.0, 16.0], &[5], Device::Cpu).unwrap();
/// let c = cuprum_signal::cspline1d(&s, 0.0).unwrap();
/// let x = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// let v = cuprum_signal::cspline1d_eval(&c, &x, 1.0, 0.0).unwrap().to_vec::<f64>().unwrap();
/// assert!((v[0] - 4.0).abs() < 1e-12);
/// ```
pub fn cspline1d_eval(cj: &Array, newx: &Array, dx: f64, x0: f64) -> Result<Array> {
    spline_eval("cspline1d_eval", cj, newx, dx, x0, true)
}

/// Evaluates the quadratic spline of coefficients `cj` (from [`qspline1d`]) at `newx`
/// (`scipy.signal.qspline1d_eval`).
///
/// **Shapes**, semantics: as [`cspline1d_eval`] with the quadratic basis.
///
/// # Errors
/// As [`cspline1d_eval`], naming `qspline1d_eval`.
///
/// **Algorithm**: SciPy's three-term sum of `cj[j]·β₂(x − j)`, on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let s = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let c = cuprum_signal::qspline1d(&s, 0.0).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let v = cuprum_signal::qspline1d_eval(&c, &x, 1.0, 0.0).unwrap().to_vec::<f64>().unwrap();
/// assert!((v[0] - 2.0).abs() < 1e-12);
/// ```
pub fn qspline1d_eval(cj: &Array, newx: &Array, dx: f64, x0: f64) -> Result<Array> {
    spline_eval("qspline1d_eval", cj, newx, dx, x0, false)
}

/// SciPy's `symiirorder1` along the last axis of `x` (inexact; complex when `c0` or `z1` is):
/// the first-order recursion `1/(1 − z1·z⁻¹)` forward and `c0/(1 − z1·z)` backward with
/// mirror-symmetric boundaries, the forward start value summed over the first `K` samples,
/// `|z1|^K ≤ precision`.
pub(crate) fn symiirorder1_last(
    op: &'static str,
    x: &Array,
    c0: C,
    z1: C,
    precision: f64,
) -> Result<Array> {
    let nd = x.ndim();
    let n = x.shape()[nd - 1];
    let dev = x.device();
    let complex = c0.im != 0.0 || z1.im != 0.0;
    // the coefficients' dtype: the signal's (complex here) or its real counterpart
    let cdt = if complex {
        x.dtype()
    } else {
        crate::util::real_of(x.dtype())
    };
    let coef = |v: Vec<C>| -> Result<Array> {
        let len = v.len();
        if complex {
            Array::from_vec_on(v, &[len], dev)?.astype(cdt)
        } else {
            upload(v.iter().map(|z| z.re).collect(), dev)?.astype(cdt)
        }
    };
    // K = the first count of terms with |z1|^K <= precision (SciPy's do-while)
    let mut k = 1usize;
    let mut p = z1.norm();
    while p > precision {
        k += 1;
        p *= z1.norm();
        if k > n {
            // the message is formatted only on failure: this runs once per term
            return Err(boundary_precision_error(op, precision, n));
        }
    }
    let col = |a: &Array, i: isize| -> Result<Array> { axis_slice(a, nd - 1, i, Some(i + 1)) };
    // y0 = x[0] + Σ_{j<K} z1^{j+1}·x[j]
    let mut w = ext::try_vec_with_capacity(k)?;
    let mut zp = z1;
    for _ in 0..k {
        w.push(zp);
        zp *= z1;
    }
    let head = axis_slice(x, nd - 1, 0, Some(k as isize))?;
    let s = cuprum_core::multiply(&head, &coef(w)?)?.sum(Some(-1isize), true)?;
    let y0 = cuprum_core::add(&col(x, 0)?, &s)?;
    if complex {
        return symiir1_complex(x, &y0, c0, z1);
    }
    let one = C::new(1.0, 0.0);
    let a = coef(vec![one, -z1])?;
    let y1 = if n > 1 {
        let zi = cuprum_core::multiply(&y0, z1.re)?;
        let tail = axis_slice(x, nd - 1, 1, None)?;
        let (t, _) = crate::lfilter_with_state(&coef(vec![one])?, &a, &tail, &zi, -1)?;
        cuprum_core::concatenate(&[&y0, &t], -1)?
    } else {
        y0
    };
    let last = col(&y1, n as isize - 1)?;
    let out_last = cuprum_core::multiply(&last, -c0.re / (z1.re - 1.0))?;
    if n == 1 {
        return Ok(out_last);
    }
    let rev = axis_reverse(&axis_slice(&y1, nd - 1, 0, Some(n as isize - 1))?, nd - 1)?;
    let zi = cuprum_core::multiply(&out_last, z1.re)?;
    let (o, _) = crate::lfilter_with_state(&coef(vec![c0])?, &a, &rev, &zi, -1)?;
    cuprum_core::concatenate(&[&axis_reverse(&o, nd - 1)?, &out_last], -1)
}

/// The passes of [`symiirorder1_last`] for a complex `z1` (`x` complex, `y0` its forward start
/// value): each pass is the zero-state recursion `r[m] = s[m] + z1·r[m−1]` of a sequence whose
/// first sample is the pass's start value, run as `1/(1 − z1·z⁻¹) = (1 − z̄1·z⁻¹)/(1 −
/// 2·Re z1·z⁻¹ + |z1|²·z⁻²)` through two filters with real coefficients (real and imaginary
/// part of the numerator), which the recursive-filter engine runs on every device.
fn symiir1_complex(x: &Array, y0: &Array, c0: C, z1: C) -> Result<Array> {
    let nd = x.ndim();
    let n = x.shape()[nd - 1];
    let dev = x.device();
    let rdt = crate::util::real_of(x.dtype());
    let real = |v: Vec<f64>| upload(v, dev)?.astype(rdt);
    let den = real(vec![1.0, -2.0 * z1.re, z1.norm_sqr()])?;
    let (num_re, num_im) = (real(vec![1.0, -z1.re])?, real(vec![0.0, z1.im])?);
    let pass = |s: &Array| -> Result<Array> {
        let re = crate::lfilter(&num_re, &den, s, -1)?;
        let im = crate::lfilter(&num_im, &den, s, -1)?;
        crate::filter::combine(&re, &im, s.dtype())
    };
    // forward: y1[0] = y0, y1[i] = x[i] + z1·y1[i−1]
    let tail = axis_slice(x, nd - 1, 1, None)?;
    let y1 = pass(&cuprum_core::concatenate(&[y0, &tail], -1)?)?;
    let out_last = cuprum_core::multiply(
        &axis_slice(&y1, nd - 1, n as isize - 1, None)?,
        Scalar::Complex(-c0 / (z1 - 1.0)),
    )?;
    if n == 1 {
        return Ok(out_last);
    }
    // backward, reversed: r[0] = out_last, r[m] = c0·y1[n−1−m] + z1·r[m−1]
    let rev = axis_reverse(&axis_slice(&y1, nd - 1, 0, Some(n as isize - 1))?, nd - 1)?;
    let scaled = cuprum_core::multiply(&rev, Scalar::Complex(c0))?;
    let r = pass(&cuprum_core::concatenate(&[&out_last, &scaled], -1)?)?;
    axis_reverse(&r, nd - 1)?.copy()
}

/// The number of leading terms of a boundary sum with coefficients `coef(k)`: through the first
/// `k` with `|coef(k)| ≤ precision` (`squared`: `coef(k)² ≤ precision`, SciPy's backward rule).
fn sum_terms(
    op: &'static str,
    n: usize,
    precision: f64,
    squared: bool,
    coef: impl Fn(i64) -> f64,
) -> Result<usize> {
    let mut k = 0usize;
    loop {
        let c = coef(k as i64);
        k += 1;
        let done = if squared {
            c * c <= precision
        } else {
            c.abs() <= precision
        };
        if done {
            return Ok(k);
        }
        if k >= n {
            // the message is formatted only on failure: this runs once per term
            return Err(boundary_precision_error(op, precision, n));
        }
    }
}

/// SciPy's `symiirorder2` along the last axis of `x` (inexact): the second-order smoothing
/// recursion with poles `r·e^{±iω}` forward and backward, mirror-symmetric boundaries, its
/// boundary sums truncated as SciPy truncates them.
pub(crate) fn symiirorder2_last(
    op: &'static str,
    x: &Array,
    r: f64,
    omega: f64,
    precision: f64,
) -> Result<Array> {
    let nd = x.ndim();
    let n = x.shape()[nd - 1];
    bad_shape_if(
        n < 3,
        op,
        "signal",
        x.shape(),
        "at least 3 samples along each axis for a smoothing spline",
    )?;
    let dev = x.device();
    let rdt = crate::util::real_of(x.dtype());
    let (cs, hc, hs) = order2_responses(r, omega);
    let range = |a: &Array, lo: isize, hi: Option<isize>| axis_slice(a, a.ndim() - 1, lo, hi);
    // Σ_{k<K} w(k)·a[..., k], keeping the axis
    let wsum = |a: &Array, kk: usize, w: &dyn Fn(i64) -> f64| -> Result<Array> {
        let wv: Vec<f64> = (0..kk as i64).map(w).collect();
        let wa = upload(wv, dev)?.astype(rdt)?;
        cuprum_core::multiply(&range(a, 0, Some(kk as isize))?, &wa)?.sum(Some(-1isize), true)
    };
    let k0 = sum_terms(op, n, precision, false, |k| hc(k + 1))?;
    let k1 = sum_terms(op, n, precision, false, |k| hc(k + 2))?;
    let x0 = range(x, 0, Some(1))?;
    let x1 = range(x, 1, Some(2))?;
    let y0 = cuprum_core::add(
        &cuprum_core::multiply(&x0, hc(0))?,
        &wsum(x, k0, &|k| hc(k + 1))?,
    )?;
    let y1 = cuprum_core::add(
        &cuprum_core::add(
            &cuprum_core::multiply(&x1, hc(0))?,
            &cuprum_core::multiply(&x0, hc(1))?,
        )?,
        &wsum(x, k1, &|k| hc(k + 2))?,
    )?;
    let (a1, a2) = (-2.0 * r * omega.cos(), r * r);
    // lfiltic of the outputs (recent, older): [−(a1·recent + a2·older), −a2·recent]
    let state = |recent: &Array, older: &Array| -> Result<Array> {
        let z0 = cuprum_core::add(
            &cuprum_core::multiply(recent, -a1)?,
            &cuprum_core::multiply(older, -a2)?,
        )?;
        let z1 = cuprum_core::multiply(recent, -a2)?;
        cuprum_core::concatenate(&[&z0, &z1], -1)
    };
    let b = upload(vec![cs], dev)?.astype(rdt)?;
    let a = upload(vec![1.0, a1, a2], dev)?.astype(rdt)?;
    let (yf, _) = crate::lfilter_with_state(&b, &a, &range(x, 2, None)?, &state(&y1, &y0)?, -1)?;
    let yf = cuprum_core::concatenate(&[&y0, &y1, &yf], -1)?;
    let xr = crate::util::axis_reverse(x, nd - 1)?;
    let k2 = sum_terms(op, n, precision, true, |k| hs(k) + hs(k + 1))?;
    let k3 = sum_terms(op, n, precision, true, |k| hs(k - 1) + hs(k + 2))?;
    let z2 = wsum(&xr, k2, &|k| hs(k) + hs(k + 1))?;
    let z1 = wsum(&xr, k3, &|k| hs(k - 1) + hs(k + 2))?;
    let src = crate::util::axis_reverse(&range(&yf, 0, Some(n as isize - 2))?, nd - 1)?;
    let (y, _) = crate::lfilter_with_state(&b, &a, &src, &state(&z1, &z2)?, -1)?;
    cuprum_core::concatenate(&[&crate::util::axis_reverse(&y, nd - 1)?, &z1, &z2], -1)
}

/// The two-pass (last axis, then axis 0) mirror-symmetric spline filter of `cspline2d` and
/// `qspline2d`.
fn spline2d(
    op: &'static str,
    signal: &Array,
    order2: Option<(f64, f64)>,
    c0: f64,
    z1: f64,
    precision: f64,
) -> Result<Array> {
    check_real_signal(
        op,
        signal,
        signal.ndim() > 0,
        "a non-empty array of at least 1 dimension",
    )?;
    let dt = crate::util::inexact(signal.dtype());
    let x = signal.astype(dt)?;
    let prec = if (0.0..1.0).contains(&precision) {
        precision
    } else if dt == DType::Float32 {
        1e-3
    } else {
        1e-6
    };
    let pass = |a: &Array| match order2 {
        Some((r, omega)) => symiirorder2_last(op, a, r, omega, prec),
        None => symiirorder1_last(op, a, C::new(c0, 0.0), C::new(z1, 0.0), prec),
    };
    let out = pass(&x)?;
    let t = out.moveaxis(&[0], &[-1])?;
    let t = pass(&t)?;
    t.moveaxis(&[-1], &[0])?.copy()
}

/// The cubic B-spline coefficients of a 2-D image with mirror-symmetric boundaries
/// (`scipy.signal.cspline2d`).
///
/// **Shapes**: `signal` real, any number of dimensions (SciPy's 2-D use: the last axis, then
/// axis 0) → the same shape, float64 (float32 for float32 input), on its device.
///
/// `precision` outside `[0, 1)` takes SciPy's default (1e-3 for float32, 1e-6 otherwise): the
/// boundary sums stop at the first power of the pole below it.
///
/// # Errors
/// [`Error::BadShape`] naming `cspline2d` for empty or 0-d input or an axis shorter than 3
/// with smoothing; [`Error::BadArgument`] (`precision`) for an axis too short for the boundary
/// sums to converge; [`Error::Unsupported`] for
/// complex input.
///
/// **Algorithm**: SciPy's: for `lamb ≤ 1/144` `symiirorder1` with the pole `−2 + √3` and gain
/// 6 along each axis, otherwise the smoothing `symiirorder2` with the poles of
/// `compute_root_from_lambda(lamb)`; the boundary sums on the device, then
/// [`lfilter`](crate::lfilter) forward and backward.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let img = Array::from_vec_on((0..256).map(|v| v as f64).collect(), &[16, 16], Device::Cpu).unwrap();
/// let c = cuprum_signal::cspline2d(&img, 0.0, -1.0).unwrap();
/// assert_eq!(c.shape(), &[16, 16]);
/// ```
pub fn cspline2d(signal: &Array, lamb: f64, precision: f64) -> Result<Array> {
    const OP: &str = "cspline2d";
    if lamb > 1.0 / 144.0 {
        // SciPy's compute_root_from_lambda
        let tmp = (3.0 + 144.0 * lamb).sqrt();
        let xi = 1.0 - 96.0 * lamb + 24.0 * lamb * tmp;
        let omega = ((144.0 * lamb - 1.0) / xi).sqrt().atan();
        let tmp2 = xi.sqrt();
        let r = (24.0 * lamb - 1.0 - tmp2) / (24.0 * lamb)
            * (48.0 * lamb + 24.0 * lamb * tmp).sqrt()
            / tmp2;
        return spline2d(OP, signal, Some((r, omega)), 0.0, 0.0, precision);
    }
    let r = -2.0 + 3f64.sqrt();
    spline2d(OP, signal, None, -r * 6.0, r, precision)
}

/// The quadratic B-spline coefficients of a 2-D image with mirror-symmetric boundaries
/// (`scipy.signal.qspline2d`).
///
/// **Shapes**, precision: as [`cspline2d`].
///
/// # Errors
/// As [`cspline2d`], naming `qspline2d`; [`Error::OutOfDomain`] (`lamb`) for `lamb > 0`.
///
/// **Algorithm**: as [`cspline2d`] with the pole `−3 + 2√2` and gain 8.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let img = Array::from_vec_on((0..256).map(|v| v as f64).collect(), &[16, 16], Device::Cpu).unwrap();
/// let c = cuprum_signal::qspline2d(&img, 0.0, -1.0).unwrap();
/// assert_eq!(c.shape(), &[16, 16]);
/// ```
pub fn qspline2d(signal: &Array, lamb: f64, precision: f64) -> Result<Array> {
    const OP: &str = "qspline2d";
    out_of_domain_if(lamb > 0.0, OP, "lamb", lamb, "(-inf, 0]")?;
    let r = -3.0 + 2.0 * 2f64.sqrt();
    spline2d(OP, signal, None, -r * 8.0, r, precision)
}

/// The image smoothed by a cubic smoothing spline (`scipy.signal.spline_filter`): the
/// coefficients of [`cspline2d`] with smoothing `lmbda` (SciPy's default 5), sampled back by
/// the separable kernel `[1, 4, 1]/6` with mirror-symmetric edges.
///
/// **Shapes**: `iin` float32 or float64, 1-D or 2-D → the same shape and dtype, on its device.
///
/// # Errors
/// [`Error::DType`] for other dtypes; [`Error::Unsupported`] for complex images; as
/// [`cspline2d`] otherwise, naming `spline_filter`.
///
/// **Algorithm**: [`cspline2d`], then along each axis `(x[i−1] + 4·x[i] + x[i+1])/6` of the
/// edge-repeating extension (SciPy's `sepfir2d`, its float32 taps), on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let img = Array::from_vec_on(vec![1.0f64; 1600], &[40, 40], Device::Cpu).unwrap();
/// let s = cuprum_signal::spline_filter(&img, 5.0).unwrap().to_vec::<f64>().unwrap();
/// // SciPy: min 0.99452424, max 1.00025394, s[20, 20] = 1.00000052
/// assert!((s[20 * 40 + 20] - 1.0000005174885043).abs() < 1e-12);
/// ```
pub fn spline_filter(iin: &Array, lmbda: f64) -> Result<Array> {
    const OP: &str = "spline_filter";
    let dt = iin.dtype();
    if dt.is_complex() {
        return Err(Error::unsupported(OP, "complex images"));
    }
    if dt != DType::Float32 && dt != DType::Float64 {
        return Err(Error::dtype(OP, dt));
    }
    bad_shape_if(
        iin.ndim() == 0 || iin.ndim() > 2,
        OP,
        "Iin",
        iin.shape(),
        "a 1-D or 2-D array",
    )?;
    let ck = cspline2d(iin, lmbda, -1.0)?;
    // SciPy's taps: float32 [1, 4, 1] / 6
    let (t0, t1) = ((1.0f32 / 6.0f32) as f64, (4.0f32 / 6.0f32) as f64);
    let mut out = ck;
    for ax in 0..out.ndim() {
        let n = out.shape()[ax];
        let mut pw = cuprum_core::ext::try_vec_filled(out.ndim(), (0usize, 0usize))?;
        pw[ax] = (1, 1);
        let p = cuprum_core::pad(&out, &pw, cuprum_core::manip::PadMode::Symmetric)?;
        let sl = |lo: usize| crate::util::axis_slice(&p, ax, lo as isize, Some((lo + n) as isize));
        let s = cuprum_core::add(&sl(0)?, &sl(2)?)?;
        out = cuprum_core::add(
            &cuprum_core::multiply(&s, t0)?,
            &cuprum_core::multiply(&sl(1)?, t1)?,
        )?;
    }
    out.astype(dt)
}
