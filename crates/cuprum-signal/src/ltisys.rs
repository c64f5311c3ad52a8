//! Continuous- and discrete-time LTI systems (`scipy.signal.lti`, `dlti`): their three
//! representations, `cont2discrete`, the continuous simulations `lsim`, `impulse`, `step`, and
//! the frequency responses `bode`/`freqresp` of both kinds.
//!
//! Systems are single-input, single-output (SciPy's `lti` of a 1-D transfer function or of
//! zeros and poles; a state-space system with one input and one output); `cont2discrete` of a
//! state-space system takes any number of inputs and outputs. The O(order³) work (matrix
//! exponentials, characteristic polynomials) runs on the host in float64; the simulation over
//! the time samples runs on the input's device through the recursive filter engine.

use crate::design::convert::{ss2zpk, tf2zpk, zpk2ss, zpk2tf};
use crate::design::ss::{charpoly, siso_numerator, ss2tf, tf2ss};
use crate::util::{bad_argument_if, bad_shape_if, check_len, out_of_domain_if};
use crate::util::{host_f64, upload, upload_shaped};
use cuprum_core::ext::{try_vec_filled, try_vec_with_capacity};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result};

/// An LTI system in one of SciPy's three representations (arrays on any device; the
/// coefficients are read on the host).
#[derive(Clone, Debug)]
pub enum System {
    /// transfer function `num(s)/den(s)` (descending powers; `z` for discrete systems)
    Tf(Array, Array),
    /// zeros, poles, gain
    Zpk(Array, Array, f64),
    /// state space `A (n, n)`, `B (n, m)`, `C (p, n)`, `D (p, m)`
    Ss(Array, Array, Array, Array),
}

/// A single-input, single-output state-space system on the host (row-major `a`).
#[derive(Clone, Debug)]
struct Ss {
    n: usize,
    a: Vec<f64>,
    b: Vec<f64>,
    c: Vec<f64>,
    d: f64,
}

fn siso(op: &'static str, sys: &System) -> Result<Ss> {
    let (a, b, c, d) = match sys {
        System::Tf(num, den) => {
            if num.ndim() > 1 && num.shape()[0] != 1 {
                return Err(Error::unsupported(
                    op,
                    format!(
                        "transfer functions with several outputs (num of shape {:?})",
                        num.shape()
                    ),
                ));
            }
            tf2ss(&num.reshape(&[num.size()][..])?, den)?
        }
        System::Zpk(z, p, k) => zpk2ss(z, p, *k)?,
        System::Ss(a, b, c, d) => (a.clone(), b.clone(), c.clone(), d.clone()),
    };
    let n = a.shape().first().copied().unwrap_or(0);
    let bad = if a.shape() != [n, n] {
        Some(("A", a.shape(), "(n, n)".to_string()))
    } else if !(b.shape() == [n, 1] || (n == 0 && b.size() == 0)) {
        Some(("B", b.shape(), format!("({n}, 1) (a single input)")))
    } else if !(c.shape() == [1, n] || (n == 0 && c.size() == 0)) {
        Some(("C", c.shape(), format!("(1, {n}) (a single output)")))
    } else if d.size() != 1 {
        Some((
            "D",
            d.shape(),
            "(1, 1) (a single input and output)".to_string(),
        ))
    } else {
        None
    };
    if let Some((arg, shape, expected)) = bad {
        return Err(Error::bad_shape(op, arg, shape, expected));
    }
    // tf2ss of a constant gives 1×1 zero matrices: no state
    let (av, bv, cv, dv) = (
        host_f64(op, &a)?,
        host_f64(op, &b)?,
        host_f64(op, &c)?,
        host_f64(op, &d)?,
    );
    let trivial = n == 1 && av[0] == 0.0 && bv[0] == 0.0 && cv[0] == 0.0;
    if trivial && matches!(sys, System::Tf(..) | System::Zpk(..)) {
        return Ok(Ss {
            n: 0,
            a: vec![],
            b: vec![],
            c: vec![],
            d: dv[0],
        });
    }
    Ok(Ss {
        n,
        a: av,
        b: bv,
        c: cv,
        d: dv[0],
    })
}

/// `a (r×k) · b (k×c)` row-major.
fn matmul(a: &[f64], b: &[f64], r: usize, k: usize, c: usize) -> Result<Vec<f64>> {
    let mut o = try_vec_filled(r * c, 0.0)?;
    for i in 0..r {
        for l in 0..k {
            let x = a[i * k + l];
            if x != 0.0 {
                for j in 0..c {
                    o[i * c + j] += x * b[l * c + j];
                }
            }
        }
    }
    Ok(o)
}

/// The matrix exponential of the `n × n` matrix `m`: scaling and squaring with a degree-20
/// Taylor polynomial of `m / 2^s`, `‖m / 2^s‖₁ ≤ 1/2` (truncation below 1e-25 relative).
fn expm(m: &[f64], n: usize) -> Result<Vec<f64>> {
    let norm = (0..n)
        .map(|j| (0..n).map(|i| m[i * n + j].abs()).sum::<f64>())
        .fold(0.0, f64::max);
    if !norm.is_finite() {
        return try_vec_filled(n * n, f64::NAN);
    }
    let s = if norm > 0.5 {
        (norm / 0.5).log2().ceil() as i32
    } else {
        0
    };
    let scale = 0.5f64.powi(s);
    let x: Vec<f64> = m.iter().map(|v| v * scale).collect();
    let mut e = try_vec_filled(n * n, 0.0)?;
    let mut term = try_vec_filled(n * n, 0.0)?;
    for i in 0..n {
        e[i * n + i] = 1.0;
        term[i * n + i] = 1.0;
    }
    for k in 1..=20 {
        term = matmul(&term, &x, n, n, n)?;
        for v in term.iter_mut() {
            *v /= k as f64;
        }
        for (ei, ti) in e.iter_mut().zip(&term) {
            *ei += ti;
        }
    }
    for _ in 0..s {
        e = matmul(&e, &e, n, n, n)?;
    }
    Ok(e)
}

/// Solves `a · x = b` (`a` n × n, `b` n × k, row-major) by Gaussian elimination with partial
/// pivoting.
fn solve(op: &'static str, a: &[f64], b: &[f64], n: usize, k: usize) -> Result<Vec<f64>> {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    for col in 0..n {
        let p = (col..n)
            .max_by(|&i, &j| a[i * n + col].abs().total_cmp(&a[j * n + col].abs()))
            .unwrap_or(col);
        if a[p * n + col] == 0.0 {
            return Err(Error::invalid_value(op, "singular matrix (I − α·dt·A)"));
        }
        for j in 0..n {
            a.swap(col * n + j, p * n + j);
        }
        for j in 0..k {
            b.swap(col * k + j, p * k + j);
        }
        for i in col + 1..n {
            let f = a[i * n + col] / a[col * n + col];
            for j in col..n {
                a[i * n + j] -= f * a[col * n + j];
            }
            for j in 0..k {
                b[i * k + j] -= f * b[col * k + j];
            }
        }
    }
    for col in (0..n).rev() {
        for j in 0..k {
            let mut s = b[col * k + j];
            for l in col + 1..n {
                s -= a[col * n + l] * b[l * k + j];
            }
            b[col * k + j] = s / a[col * n + col];
        }
    }
    Ok(b)
}

/// The discretization of [`cont2discrete`] (SciPy's `method`, and `alpha` of `'gbt'`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum C2dMethod {
    /// zero-order hold (`'zoh'`, the default)
    Zoh,
    /// linear interpolation of the input (`'foh'`)
    Foh,
    /// impulse invariance (`'impulse'`; strictly proper systems)
    Impulse,
    /// Tustin's bilinear approximation (`'bilinear'`, `'tustin'`: `Gbt(0.5)`)
    Bilinear,
    /// forward differences (`'euler'`: `Gbt(0)`)
    Euler,
    /// backward differences (`'backward_diff'`: `Gbt(1)`)
    BackwardDiff,
    /// the generalized bilinear transformation with `alpha` in `[0, 1]` (`'gbt'`)
    Gbt(f64),
}

impl C2dMethod {
    /// Parses SciPy's method name (`'gbt'` needs its `alpha`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `cont2discrete` and `method` for another name, or
    /// `alpha` for `'gbt'` without it.
    ///
    /// ```
    /// use cuprum_signal::C2dMethod;
    /// assert_eq!(C2dMethod::parse("tustin", None).unwrap(), C2dMethod::Bilinear);
    /// ```
    pub fn parse(s: &str, alpha: Option<f64>) -> Result<C2dMethod> {
        Ok(match s {
            "zoh" => C2dMethod::Zoh,
            "foh" => C2dMethod::Foh,
            "impulse" => C2dMethod::Impulse,
            "bilinear" | "tustin" => C2dMethod::Bilinear,
            "euler" | "forward_diff" => C2dMethod::Euler,
            "backward_diff" => C2dMethod::BackwardDiff,
            "gbt" => C2dMethod::Gbt(alpha.ok_or_else(|| {
                Error::bad_argument(
                    "cont2discrete",
                    "alpha",
                    "None",
                    "a value in [0, 1] for the generalized bilinear transform (gbt) method",
                )
            })?),
            _ => {
                return Err(Error::bad_argument(
                    "cont2discrete",
                    "method",
                    format!("'{s}'"),
                    "one of 'gbt', 'bilinear' (or 'tustin'), 'euler' (or 'forward_diff'), \
                     'backward_diff', 'zoh', 'foh', 'impulse'",
                ));
            }
        })
    }
}

/// Host matrices of a state-space system: `(a, b, c, d, n, m, p)`.
type Mats = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>, usize, usize, usize);

fn ss_mats(op: &'static str, a: &Array, b: &Array, c: &Array, d: &Array) -> Result<Mats> {
    let n = a.shape().first().copied().unwrap_or(0);
    let m = if b.ndim() == 2 { b.shape()[1] } else { 0 };
    let p = if c.ndim() == 2 { c.shape()[0] } else { 0 };
    let bad = if a.shape() != [n, n] {
        Some(("A", a.shape(), "(n, n)".to_string()))
    } else if b.shape() != [n, m] {
        Some(("B", b.shape(), format!("({n}, m), n = {n} states")))
    } else if c.shape() != [p, n] {
        Some(("C", c.shape(), format!("(p, {n}), n = {n} states")))
    } else if d.shape() != [p, m] {
        Some((
            "D",
            d.shape(),
            format!("({p}, {m}), (outputs, inputs) of C and B"),
        ))
    } else {
        None
    };
    if let Some((arg, shape, expected)) = bad {
        return Err(Error::bad_shape(op, arg, shape, expected));
    }
    Ok((
        host_f64(op, a)?,
        host_f64(op, b)?,
        host_f64(op, c)?,
        host_f64(op, d)?,
        n,
        m,
        p,
    ))
}

fn c2d_mats(op: &'static str, s: Mats, dt: f64, method: C2dMethod) -> Result<Mats> {
    let (a, b, c, d, n, m, p) = s;
    let alpha = match method {
        C2dMethod::Bilinear => Some(0.5),
        C2dMethod::Euler => Some(0.0),
        C2dMethod::BackwardDiff => Some(1.0),
        C2dMethod::Gbt(al) => Some(al),
        _ => None,
    };
    if let Some(al) = alpha {
        out_of_domain_if(!(0.0..=1.0).contains(&al), op, "alpha", al, "[0, 1]")?;
        let mut ima = try_vec_filled(n * n, 0.0)?;
        let mut ipa = try_vec_filled(n * n, 0.0)?;
        for i in 0..n {
            for j in 0..n {
                let e = if i == j { 1.0 } else { 0.0 };
                ima[i * n + j] = e - al * dt * a[i * n + j];
                ipa[i * n + j] = e + (1.0 - al) * dt * a[i * n + j];
            }
        }
        let ad = solve(op, &ima, &ipa, n, n)?;
        let bdt: Vec<f64> = b.iter().map(|v| v * dt).collect();
        let bd = solve(op, &ima, &bdt, n, m)?;
        // cd = solve(imaᵀ, cᵀ)ᵀ
        let mut imat = try_vec_filled(n * n, 0.0)?;
        let mut ct = try_vec_filled(n * p, 0.0)?;
        for i in 0..n {
            for j in 0..n {
                imat[i * n + j] = ima[j * n + i];
            }
            for j in 0..p {
                ct[i * p + j] = c[j * n + i];
            }
        }
        let cdt = solve(op, &imat, &ct, n, p)?;
        let mut cd = try_vec_filled(p * n, 0.0)?;
        for i in 0..n {
            for j in 0..p {
                cd[j * n + i] = cdt[i * p + j];
            }
        }
        let cb = matmul(&c, &bd, p, n, m)?;
        let dd: Vec<f64> = d.iter().zip(&cb).map(|(x, y)| x + al * y).collect();
        return Ok((ad, bd, cd, dd, n, m, p));
    }
    match method {
        C2dMethod::Zoh => {
            let k = n + m;
            let mut em = try_vec_filled(k * k, 0.0)?;
            for i in 0..n {
                for j in 0..n {
                    em[i * k + j] = a[i * n + j] * dt;
                }
                for j in 0..m {
                    em[i * k + n + j] = b[i * m + j] * dt;
                }
            }
            let ms = expm(&em, k)?;
            let (mut ad, mut bd) = (try_vec_filled(n * n, 0.0)?, try_vec_filled(n * m, 0.0)?);
            for i in 0..n {
                ad[i * n..(i + 1) * n].copy_from_slice(&ms[i * k..i * k + n]);
                bd[i * m..(i + 1) * m].copy_from_slice(&ms[i * k + n..i * k + k]);
            }
            Ok((ad, bd, c, d, n, m, p))
        }
        C2dMethod::Foh => {
            let (ad, bd0, bd1) = foh(&a, &b, n, m, dt)?;
            // bd = ms12 − ms13 + ms11·ms13, dd = d + c·ms13
            let ab1 = matmul(&ad, &bd1, n, n, m)?;
            let bd: Vec<f64> = bd0.iter().zip(&ab1).map(|(x, y)| x + y).collect();
            let cb1 = matmul(&c, &bd1, p, n, m)?;
            let dd: Vec<f64> = d.iter().zip(&cb1).map(|(x, y)| x + y).collect();
            Ok((ad, bd, c, dd, n, m, p))
        }
        C2dMethod::Impulse => {
            bad_argument_if(
                d.iter().any(|v| v.abs() > 1e-8),
                op,
                "method",
                "'impulse'",
                "another method: 'impulse' applies to strictly proper systems (D = 0) only",
            )?;
            let adt: Vec<f64> = a.iter().map(|v| v * dt).collect();
            let ad = expm(&adt, n)?;
            let bd: Vec<f64> = matmul(&ad, &b, n, n, m)?.iter().map(|v| v * dt).collect();
            let dd: Vec<f64> = matmul(&c, &b, p, n, m)?.iter().map(|v| v * dt).collect();
            Ok((ad, bd, c, dd, n, m, p))
        }
        _ => unreachable!("gbt methods return above"),
    }
}

/// The first-order-hold blocks of `expm([[A·dt, B·dt, 0], [0, 0, I], [0, 0, 0]])`: `Ad`,
/// `Bd0 = ms12 − ms13`, `Bd1 = ms13`.
fn foh(
    a: &[f64],
    b: &[f64],
    n: usize,
    m: usize,
    dt: f64,
) -> Result<(Vec<f64>, Vec<f64>, Vec<f64>)> {
    let k = n + 2 * m;
    let mut em = try_vec_filled(k * k, 0.0)?;
    for i in 0..n {
        for j in 0..n {
            em[i * k + j] = a[i * n + j] * dt;
        }
        for j in 0..m {
            em[i * k + n + j] = b[i * m + j] * dt;
        }
    }
    for j in 0..m {
        em[(n + j) * k + n + m + j] = 1.0;
    }
    let ms = expm(&em, k)?;
    let mut ad = try_vec_filled(n * n, 0.0)?;
    let (mut bd0, mut bd1) = (try_vec_filled(n * m, 0.0)?, try_vec_filled(n * m, 0.0)?);
    for i in 0..n {
        ad[i * n..(i + 1) * n].copy_from_slice(&ms[i * k..i * k + n]);
        for j in 0..m {
            bd1[i * m + j] = ms[i * k + n + m + j];
            bd0[i * m + j] = ms[i * k + n + j] - bd1[i * m + j];
        }
    }
    Ok((ad, bd0, bd1))
}

/// Converts a continuous-time system to a discrete-time one with sampling interval `dt`
/// (`scipy.signal.cont2discrete`).
///
/// **Shapes**: the representation of `sys` is kept: a transfer function (1-D `num`, `den`) →
/// `num` `(1, n + 1)`, `den` `(n + 1,)`; zeros, poles, gain → the same; state space `A (n, n)`,
/// `B (n, m)`, `C (p, n)`, `D (p, m)` → the same shapes. Float64 on the device of `sys`'s first
/// array.
///
/// Transfer functions and zeros/poles go through their controller-canonical state space
/// ([`tf2ss`]) and back ([`ss2tf`], [`ss2zpk`]),
/// as in SciPy.
///
/// # Errors
/// [`Error::BadShape`] naming `cont2discrete` for inconsistent matrix shapes;
/// [`Error::OutOfDomain`] for a `Gbt` `alpha` outside `[0, 1]`; [`Error::BadArgument`] for
/// [`C2dMethod::Impulse`] of a system with a nonzero `D`; [`Error::InvalidValue`] for a
/// singular `I − α·dt·A`.
///
/// **Algorithm**: SciPy's: the generalized bilinear transformation by linear solves; `'zoh'`,
/// `'foh'` and `'impulse'` by the matrix exponential of the block matrices (scaling and
/// squaring of a Taylor polynomial), all on the host in float64.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{C2dMethod, System, cont2discrete};
/// let num = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let den = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let System::Tf(b, a) = cont2discrete(&System::Tf(num, den), 0.1, C2dMethod::Zoh).unwrap()
/// else { unreachable!() };
/// let (b, a) = (b.to_vec::<f64>().unwrap(), a.to_vec::<f64>().unwrap());
/// let e = (-0.1f64).exp();
/// assert!((a[1] + e).abs() < 1e-15 && (b[1] - (1.0 - e)).abs() < 1e-15);
/// ```
pub fn cont2discrete(sys: &System, dt: f64, method: C2dMethod) -> Result<System> {
    const OP: &str = "cont2discrete";
    match sys {
        System::Tf(num, den) => {
            let (a, b, c, d) = tf2ss(&num.reshape(&[num.size()][..])?, den)?;
            let System::Ss(a, b, c, d) = cont2discrete(&System::Ss(a, b, c, d), dt, method)? else {
                unreachable!("state space in, state space out")
            };
            let (n, d2) = ss2tf(&a, &b, &c, &d)?;
            Ok(System::Tf(n, d2))
        }
        System::Zpk(z, p, k) => {
            let (a, b, c, d) = zpk2ss(z, p, *k)?;
            let System::Ss(a, b, c, d) = cont2discrete(&System::Ss(a, b, c, d), dt, method)? else {
                unreachable!("state space in, state space out")
            };
            let (z, p, k) = ss2zpk(&a, &b, &c, &d)?;
            Ok(System::Zpk(z, p, k))
        }
        System::Ss(a, b, c, d) => {
            let dev = a.device();
            let s = ss_mats(OP, a, b, c, d)?;
            let (ad, bd, cd, dd, n, m, p) = c2d_mats(OP, s, dt, method)?;
            Ok(System::Ss(
                upload_shaped(ad, &[n, n], dev)?,
                upload_shaped(bd, &[n, m], dev)?,
                upload_shaped(cd, &[p, n], dev)?,
                upload_shaped(dd, &[p, m], dev)?,
            ))
        }
    }
}

/// An impulse `[1, 0, …, 0]` of length `len` on `dev` (built there).
fn impulse_on(len: usize, dev: Device) -> Result<Array> {
    let one = cuprum_core::ones_on(&[1][..], DType::Float64, dev)?;
    let rest = cuprum_core::zeros_on(&[len - 1][..], DType::Float64, dev)?;
    cuprum_core::concatenate(&[&one, &rest], 0)
}

/// The outputs `y_r[k] = c_r·v[k] + d_r·u[k]` of the discrete system `v[k+1] = ad·v[k] +
/// bd·u[k]`, `v[0] = v0`, for each row `c_r` of `cm` (`rows × n`), over `steps` samples of `u`
/// (`None`: zero input), each a float64 `(steps,)` array on `dev`.
///
/// Each output is [`lfilter`](crate::lfilter) of `u` through its transfer function (`den =
/// poly(ad)`, `num = poly(ad − bd·c_r) + (d_r − 1)·den`) plus the free response from `v0`,
/// itself `lfilter` of an impulse through `q/den` with `q` matching its first `n` samples.
#[allow(clippy::too_many_arguments)]
fn simulate(
    ad: &[f64],
    bd: &[f64],
    cm: &[f64],
    dm: &[f64],
    n: usize,
    v0: &[f64],
    u: Option<&Array>,
    steps: usize,
    dev: Device,
) -> Result<Vec<Array>> {
    let rows = dm.len();
    let mut out = try_vec_with_capacity(rows)?;
    let den = charpoly(ad, n)?;
    let den_a = upload(den.clone(), dev)?;
    let free_needed = v0.iter().any(|&v| v != 0.0) && n > 0;
    let imp = if free_needed {
        Some(impulse_on(steps, dev)?)
    } else {
        None
    };
    for r in 0..rows {
        let c = &cm[r * n..(r + 1) * n];
        let mut y = match u {
            Some(u) => {
                let num = siso_numerator(ad, bd, c, dm[r], &den, n)?;
                crate::lfilter(&upload(num, dev)?, &den_a, u, -1)?
            }
            None => cuprum_core::zeros_on(&[steps][..], DType::Float64, dev)?,
        };
        if let Some(imp) = &imp {
            let mut x = v0.to_vec();
            let k = n.min(steps);
            let mut yf = try_vec_with_capacity(k)?;
            for _ in 0..k {
                yf.push(c.iter().zip(&x).map(|(a, b)| a * b).sum::<f64>());
                x = matmul(ad, &x, n, n, 1)?;
            }
            let q: Vec<f64> = (0..k)
                .map(|i| (0..=i).map(|j| den[j] * yf[i - j]).sum())
                .collect();
            let free = crate::lfilter(&upload(q, dev)?, &den_a, imp, -1)?;
            y = cuprum_core::add(&y, &free)?;
        }
        out.push(y);
    }
    Ok(out)
}

fn squeeze_cols(cols: Vec<Array>, steps: usize) -> Result<Array> {
    match cols.len() {
        1 => Ok(cols.into_iter().next().expect("one column")),
        0 => cuprum_core::zeros_on(
            &[steps, 0][..],
            DType::Float64,
            cuprum_core::current_device(),
        ),
        _ => {
            let refs: Vec<&Array> = cols.iter().collect();
            cuprum_core::stack(&refs, 1)
        }
    }
}

/// Simulates the continuous-time system `sys` driven by `u` at the times `t`
/// (`scipy.signal.lsim`).
///
/// **Shapes**: 1-D `t` (`steps`, evenly spaced, `t[0] ≥ 0`), `u` `(steps,)` or `None` (zero
/// input) → `t`, `yout` `(steps,)` and `xout` `(steps, n)` (`(steps,)` for one state) float64
/// on `t`'s device. `x0` is the initial state (default zero) of the state-space form of `sys`
/// ([`tf2ss`] for a transfer function).
///
/// The input is linearly interpolated between samples (`interp`, SciPy's default) or held
/// (zero-order hold); with `t[0] > 0` the state first evolves freely from `x0` to `t[0]`.
///
/// # Errors
/// [`Error::BadShape`] naming `lsim` for a system that is not single-input single-output,
/// non-1-D or empty `T`, a `U` of another length, an `X0` of another length than the states;
/// [`Error::OutOfDomain`] for `T[0] < 0`; [`Error::BadArgument`] for uneven time steps.
///
/// **Algorithm**: SciPy's discretization (the matrix exponential of the block matrix of `A`,
/// `B`, on the host); the recursion over the samples is [`lfilter`](crate::lfilter) of `u`
/// through the discrete transfer function of each output and state (first-order hold rewritten
/// as a plain state recursion of `v = x − Bd1·u`), plus the free response from the initial
/// state, on `t`'s device. Equal to SciPy's loop to rounding for the low orders of this
/// representation (the transfer-function form of a high-order system sampled finely is
/// ill-conditioned).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{System, lsim};
/// let sys = System::Tf(
///     Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap(),
///     Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap(),
/// );
/// let t = Array::from_vec_on(vec![0.0f64, 0.5, 1.0], &[3], Device::Cpu).unwrap();
/// let u = Array::from_vec_on(vec![1.0f64, 1.0, 1.0], &[3], Device::Cpu).unwrap();
/// let (_t, y, _x) = lsim(&sys, Some(&u), &t, None, true).unwrap();
/// let y = y.to_vec::<f64>().unwrap();
/// assert!((y[2] - (1.0 - (-1.0f64).exp())).abs() < 1e-12);
/// ```
pub fn lsim(
    sys: &System,
    u: Option<&Array>,
    t: &Array,
    x0: Option<&[f64]>,
    interp: bool,
) -> Result<(Array, Array, Array)> {
    const OP: &str = "lsim";
    let s = siso(OP, sys)?;
    let n = s.n;
    bad_shape_if(t.ndim() != 1, OP, "T", t.shape(), "a 1-D array")?;
    let steps = t.size();
    let dev = t.device();
    let t = t.astype(DType::Float64)?;
    bad_shape_if(steps == 0, OP, "T", &[0], "at least one time")?;
    let x0: Vec<f64> = match x0 {
        Some(v) if v.len() != n => {
            return Err(Error::bad_shape(
                OP,
                "X0",
                &[v.len()],
                format!("{n} values, one per state"),
            ));
        }
        Some(v) => v.to_vec(),
        None => try_vec_filled(n, 0.0)?,
    };
    let t0 = t.slice_axis0(0)?;
    out_of_domain_if(t0 < 0.0, OP, "T", format!("a first time {t0}"), "[0, inf)")?;
    let xstart = if t0 > 0.0 {
        let at: Vec<f64> = s.a.iter().map(|v| v * t0).collect();
        matmul(&expm(&at, n)?, &x0, n, n, 1)?
    } else {
        x0
    };
    let u = match u {
        Some(u) => {
            let u = u.astype(DType::Float64)?;
            let u = if u.ndim() == 2 && u.shape()[1] == 1 {
                u.reshape(&[u.shape()[0]][..])?
            } else {
                u
            };
            bad_shape_if(
                u.ndim() != 1 || u.size() != steps,
                OP,
                "U",
                u.shape(),
                format!("({steps},) or ({steps}, 1), one input per time in T"),
            )?;
            crate::util::same_device(OP, &t, &u)?;
            let any = u.any(None::<isize>, false)?.item()?.as_f64() != 0.0;
            any.then_some(u)
        }
        None => None,
    };
    // the state-output rows: C, then the identity
    let mut cm = s.c.clone();
    for i in 0..n {
        for j in 0..n {
            cm.push(if i == j { 1.0 } else { 0.0 });
        }
    }
    if steps == 1 {
        let mut y = s.c.iter().zip(&xstart).map(|(a, b)| a * b).sum::<f64>();
        let yv = match &u {
            Some(u) => {
                y += s.d * u.item()?.as_f64();
                y
            }
            None => y,
        };
        let y = Array::from_vec_on(vec![yv], &[1], dev)?.reshape(&[0usize; 0][..])?;
        let x = Array::from_vec_on(xstart.clone(), &[n], dev)?;
        return Ok((t, y, x));
    }
    let t1 = t.slice_axis0(1)?;
    let dt = t1 - t0;
    let d = cuprum_core::diff(&t, 1, 0)?;
    let even = cuprum_core::allclose(&d, &cuprum_core::full_like(&d, dt)?, 1e-5, 1e-8, false)?;
    bad_argument_if(
        !even,
        OP,
        "T",
        "unevenly spaced times",
        "equally spaced times",
    )?;
    let outs = match &u {
        None => {
            let adt: Vec<f64> = s.a.iter().map(|v| v * dt).collect();
            let ad = expm(&adt, n)?;
            let zb = try_vec_filled(n, 0.0)?;
            let mut dm = try_vec_filled(n + 1, 0.0)?;
            dm[0] = 0.0;
            simulate(&ad, &zb, &cm, &dm, n, &xstart, None, steps, dev)?
        }
        Some(u) if !interp => {
            let (ad, bd, ..) = c2d_mats(
                OP,
                (s.a.clone(), s.b.clone(), s.c.clone(), vec![s.d], n, 1, 1),
                dt,
                C2dMethod::Zoh,
            )?;
            let mut dm = try_vec_filled(n + 1, 0.0)?;
            dm[0] = s.d;
            simulate(&ad, &bd, &cm, &dm, n, &xstart, Some(u), steps, dev)?
        }
        Some(u) => {
            let (ad, bd0, bd1) = foh(&s.a, &s.b, n, 1, dt)?;
            let ab1 = matmul(&ad, &bd1, n, n, 1)?;
            let bd: Vec<f64> = bd0.iter().zip(&ab1).map(|(x, y)| x + y).collect();
            // y = C·v + (D + C·Bd1)·u, x = v + Bd1·u, v[0] = x0 − Bd1·u[0]
            let mut dm = try_vec_with_capacity(n + 1)?;
            dm.push(s.d + s.c.iter().zip(&bd1).map(|(a, b)| a * b).sum::<f64>());
            dm.extend_from_slice(&bd1);
            let u0 = u.slice_axis0(0)?;
            let v0: Vec<f64> = xstart.iter().zip(&bd1).map(|(x, b)| x - b * u0).collect();
            simulate(&ad, &bd, &cm, &dm, n, &v0, Some(u), steps, dev)?
        }
    };
    let mut outs = outs.into_iter();
    let y = outs.next().expect("the output row");
    let x = squeeze_cols(outs.collect(), steps)?;
    Ok((t, y, x))
}

/// `a[i]` of a 1-D float64 array as a host number.
trait At {
    fn slice_axis0(&self, i: usize) -> Result<f64>;
}

impl At for Array {
    fn slice_axis0(&self, i: usize) -> Result<f64> {
        let v = crate::util::axis_slice(self, 0, i as isize, Some(i as isize + 1))?;
        Ok(v.reshape(&[0usize; 0][..])?.item()?.as_f64())
    }
}

/// SciPy's `_default_response_times`: `linspace(0, 7/r, n)`, `r` the smallest `|Re λ|` of
/// `A`'s eigenvalues (1 when it is 0).
fn default_times(op: &'static str, s: &Ss, n: usize) -> Result<Array> {
    let dev = cuprum_core::current_device();
    bad_argument_if(
        s.n == 0,
        op,
        "T",
        "None",
        "times for a system without states (it has no default response times)",
    )?;
    let poly = charpoly(&s.a, s.n)?;
    let ev = crate::design::convert::real_roots(op, &poly)?;
    let mut r = ev.iter().map(|z| z.re.abs()).fold(f64::INFINITY, f64::min);
    if r == 0.0 {
        r = 1.0;
    }
    cuprum_core::linspace_on(0.0, 7.0 / r, n, true, Some(DType::Float64), dev)
}

/// The state-space form of `sys` and the times of a response: `t`, or `n` (default 100)
/// [`default_times`].
fn siso_times(
    op: &'static str,
    sys: &System,
    t: Option<&Array>,
    n: Option<usize>,
) -> Result<(Ss, Array)> {
    let s = siso(op, sys)?;
    let t = match t {
        Some(t) => t.clone(),
        None => default_times(op, &s, n.unwrap_or(100))?,
    };
    Ok((s, t))
}

/// The impulse response of the continuous-time system `sys` (`scipy.signal.impulse`).
///
/// **Shapes**: `t` 1-D (`None`: `n` times, default 100, over seven time constants of the
/// slowest pole) → `t` and `y` `(len(t),)` float64 on `t`'s device (the current device when
/// `t` is `None`).
///
/// The response from the state `B + x0` under zero input.
///
/// # Errors
/// As [`lsim`], naming `impulse`.
///
/// **Algorithm**: [`lsim`] with zero input from `B + x0`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{System, impulse};
/// let sys = System::Tf(
///     Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap(),
///     Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap(),
/// );
/// let (t, y) = impulse(&sys, None, None, Some(5)).unwrap();
/// let (t, y) = (t.to_vec::<f64>().unwrap(), y.to_vec::<f64>().unwrap());
/// assert!((y[4] - (-2.0 * t[4]).exp()).abs() < 1e-12);
/// ```
pub fn impulse(
    sys: &System,
    x0: Option<&[f64]>,
    t: Option<&Array>,
    n: Option<usize>,
) -> Result<(Array, Array)> {
    const OP: &str = "impulse";
    let (s, t) = siso_times(OP, sys, t, n)?;
    let mut x = s.b.clone();
    if let Some(x0) = x0 {
        check_len(OP, "X0", x0.len(), s.n, "one per state")?;
        for (xi, v) in x.iter_mut().zip(x0) {
            *xi += v;
        }
    }
    let (t, y, _) = lsim(sys, None, &t, Some(&x), false)?;
    Ok((t, y))
}

/// The step response of the continuous-time system `sys` (`scipy.signal.step`).
///
/// **Shapes**: as [`impulse`].
///
/// # Errors
/// As [`lsim`], naming `step`.
///
/// **Algorithm**: [`lsim`] of a unit step with a zero-order hold, from `x0`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{System, step};
/// let sys = System::Tf(
///     Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap(),
///     Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap(),
/// );
/// let (t, y) = step(&sys, None, None, Some(3)).unwrap();
/// let (t, y) = (t.to_vec::<f64>().unwrap(), y.to_vec::<f64>().unwrap());
/// assert!((y[2] - (1.0 - (-t[2]).exp())).abs() < 1e-12);
/// ```
pub fn step(
    sys: &System,
    x0: Option<&[f64]>,
    t: Option<&Array>,
    n: Option<usize>,
) -> Result<(Array, Array)> {
    let (_, t) = siso_times("step", sys, t, n)?;
    let u = cuprum_core::ones_on(&[t.size()][..], DType::Float64, t.device())?;
    let (t, y, _) = lsim(sys, Some(&u), &t, x0, false)?;
    Ok((t, y))
}

/// A continuous-time LTI system (`scipy.signal.lti`), single-input single-output.
#[derive(Clone, Debug)]
pub struct Lti {
    sys: System,
}

impl Lti {
    /// The system `sys`.
    ///
    /// # Errors
    /// [`Error::BadShape`] naming `lti` when `sys` is not single-input single-output or its
    /// arrays are inconsistent.
    ///
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let num = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
    /// let den = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
    /// let s = cuprum_signal::Lti::new(cuprum_signal::System::Tf(num, den)).unwrap();
    /// assert!(matches!(s.system(), cuprum_signal::System::Tf(..)));
    /// ```
    pub fn new(sys: System) -> Result<Lti> {
        siso("lti", &sys)?;
        Ok(Lti { sys })
    }

    /// The representation it was built from.
    pub fn system(&self) -> &System {
        &self.sys
    }

    /// Its transfer function `(num, den)` (`lti.to_tf()`).
    ///
    /// # Errors
    /// As [`ss2tf`].
    pub fn to_tf(&self) -> Result<(Array, Array)> {
        to_tf(&self.sys)
    }

    /// Its zeros, poles and gain (`lti.to_zpk()`).
    ///
    /// # Errors
    /// As [`tf2zpk`].
    pub fn to_zpk(&self) -> Result<(Array, Array, f64)> {
        to_zpk(&self.sys)
    }

    /// Its state space `(A, B, C, D)` (`lti.to_ss()`).
    ///
    /// # Errors
    /// As [`tf2ss`].
    pub fn to_ss(&self) -> Result<(Array, Array, Array, Array)> {
        to_ss(&self.sys)
    }

    /// [`lsim`] of this system.
    ///
    /// # Errors
    /// As [`lsim`].
    pub fn output(
        &self,
        u: Option<&Array>,
        t: &Array,
        x0: Option<&[f64]>,
    ) -> Result<(Array, Array, Array)> {
        lsim(&self.sys, u, t, x0, true)
    }

    /// [`impulse`] of this system.
    ///
    /// # Errors
    /// As [`impulse`].
    pub fn impulse(
        &self,
        x0: Option<&[f64]>,
        t: Option<&Array>,
        n: Option<usize>,
    ) -> Result<(Array, Array)> {
        impulse(&self.sys, x0, t, n)
    }

    /// [`step`] of this system.
    ///
    /// # Errors
    /// As [`step`].
    pub fn step(
        &self,
        x0: Option<&[f64]>,
        t: Option<&Array>,
        n: Option<usize>,
    ) -> Result<(Array, Array)> {
        step(&self.sys, x0, t, n)
    }

    /// The frequency response `(w, H(iw))` (`lti.freqresp`, `scipy.signal.freqresp` of the
    /// system): at `w` (rad/s), or at `n` frequencies chosen around its poles and zeros as
    /// SciPy's `findfreqs` does (on the current device).
    ///
    /// # Errors
    /// As [`freqs`](crate::freqs).
    pub fn freqresp(&self, w: Option<&Array>, n: usize) -> Result<(Array, Array)> {
        let (num, den) = self.to_tf()?;
        let num = num.reshape(&[num.size()][..])?;
        let w = self.freqs_of(w, &num, &den, n)?;
        crate::freqs(&num, &den, &w)
    }

    /// The Bode magnitude (dB) and phase (degrees) `(w, mag, phase)` (`lti.bode`,
    /// `scipy.signal.bode` of the system), at `w` or `n` frequencies as
    /// [`freqresp`](Self::freqresp).
    ///
    /// # Errors
    /// As [`freqs`](crate::freqs).
    pub fn bode(&self, w: Option<&Array>, n: usize) -> Result<(Array, Array, Array)> {
        let (num, den) = self.to_tf()?;
        let num = num.reshape(&[num.size()][..])?;
        let w = self.freqs_of(w, &num, &den, n)?;
        crate::bode(&num, &den, &w)
    }

    fn freqs_of(&self, w: Option<&Array>, num: &Array, den: &Array, n: usize) -> Result<Array> {
        match w {
            Some(w) => Ok(w.clone()),
            None => crate::findfreqs(num, den, n, crate::FreqsKind::Ba)?
                .to_device(cuprum_core::current_device()),
        }
    }

    /// This system discretized with sampling interval `dt` (`lti.to_discrete`):
    /// [`cont2discrete`].
    ///
    /// # Errors
    /// As [`cont2discrete`].
    pub fn to_discrete(&self, dt: f64, method: C2dMethod) -> Result<Dlti> {
        Ok(Dlti {
            sys: cont2discrete(&self.sys, dt, method)?,
            dt,
        })
    }
}

fn to_tf(sys: &System) -> Result<(Array, Array)> {
    match sys {
        System::Tf(n, d) => Ok((n.clone(), d.clone())),
        System::Zpk(z, p, k) => zpk2tf(z, p, *k),
        System::Ss(a, b, c, d) => ss2tf(a, b, c, d),
    }
}

/// The zeros, poles and gain of `sys` (the same for a continuous or a discrete system).
fn to_zpk(sys: &System) -> Result<(Array, Array, f64)> {
    match sys {
        System::Zpk(z, p, k) => Ok((z.clone(), p.clone(), *k)),
        _ => {
            let (n, d) = to_tf(sys)?;
            tf2zpk(&n.reshape(&[n.size()][..])?, &d)
        }
    }
}

/// The state space `(A, B, C, D)` of `sys` (the same for a continuous or a discrete system).
fn to_ss(sys: &System) -> Result<(Array, Array, Array, Array)> {
    match sys {
        System::Ss(a, b, c, d) => Ok((a.clone(), b.clone(), c.clone(), d.clone())),
        System::Tf(n, d) => tf2ss(&n.reshape(&[n.size()][..])?, d),
        System::Zpk(z, p, k) => zpk2ss(z, p, *k),
    }
}

/// A discrete-time LTI system with sampling interval `dt` (`scipy.signal.dlti`),
/// single-input single-output; transfer functions in positive powers of `z`.
#[derive(Clone, Debug)]
pub struct Dlti {
    sys: System,
    dt: f64,
}

impl Dlti {
    /// The system `sys` sampled every `dt`.
    ///
    /// # Errors
    /// [`Error::BadShape`] naming `dlti` when `sys` is not single-input single-output.
    ///
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let num = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
    /// let den = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
    /// let s = cuprum_signal::Dlti::new(cuprum_signal::System::Tf(num, den), 0.1).unwrap();
    /// assert_eq!(s.dt(), 0.1);
    /// ```
    pub fn new(sys: System, dt: f64) -> Result<Dlti> {
        siso("dlti", &sys)?;
        Ok(Dlti { sys, dt })
    }

    /// The sampling interval.
    pub fn dt(&self) -> f64 {
        self.dt
    }

    /// The representation it was built from.
    pub fn system(&self) -> &System {
        &self.sys
    }

    /// Its transfer function `(num, den)` in positive powers of `z`.
    ///
    /// # Errors
    /// As [`ss2tf`].
    pub fn to_tf(&self) -> Result<(Array, Array)> {
        to_tf(&self.sys)
    }

    /// Its zeros, poles and gain (`dlti.to_zpk()`), in the variable `z`.
    ///
    /// # Errors
    /// As [`tf2zpk`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let num = Array::from_vec_on(vec![1.0f64, 0.5], &[2], Device::Cpu).unwrap();
    /// let den = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
    /// let s = cuprum_signal::Dlti::new(cuprum_signal::System::Tf(num, den), 0.1).unwrap();
    /// let (z, p, k) = s.to_zpk().unwrap();
    /// let z = z.to_vec::<cuprum_core::Complex64>().unwrap();
    /// let p = p.to_vec::<cuprum_core::Complex64>().unwrap();
    /// assert!((z[0].re + 0.5).abs() < 1e-15 && (p[0].re - 0.5).abs() < 1e-15 && k == 1.0);
    /// ```
    pub fn to_zpk(&self) -> Result<(Array, Array, f64)> {
        to_zpk(&self.sys)
    }

    /// Its state space `(A, B, C, D)` (`dlti.to_ss()`): `x[k+1] = A·x[k] + B·u[k]`.
    ///
    /// # Errors
    /// As [`tf2ss`].
    pub fn to_ss(&self) -> Result<(Array, Array, Array, Array)> {
        to_ss(&self.sys)
    }

    fn tf1(&self) -> Result<(Array, Array)> {
        let (n, d) = self.to_tf()?;
        Ok((n.reshape(&[n.size()][..])?, d))
    }

    /// [`dlsim`](crate::dlsim) of this system: `(t, y)` with `y` `(len(u), 1)`.
    ///
    /// # Errors
    /// As [`dlsim`](crate::dlsim).
    pub fn output(&self, u: &Array, x0: Option<&[f64]>) -> Result<(Array, Array)> {
        let (n, d) = self.tf1()?;
        crate::dlsim(&n, &d, self.dt, u, x0)
    }

    /// [`dimpulse`](crate::dimpulse) of this system over `n` samples.
    ///
    /// # Errors
    /// As [`dimpulse`](crate::dimpulse).
    pub fn impulse(&self, n: usize) -> Result<(Array, Array)> {
        let (b, a) = self.tf1()?;
        crate::dimpulse(&b, &a, self.dt, n)
    }

    /// [`dstep`](crate::dstep) of this system over `n` samples.
    ///
    /// # Errors
    /// As [`dstep`](crate::dstep).
    pub fn step(&self, n: usize) -> Result<(Array, Array)> {
        let (b, a) = self.tf1()?;
        crate::dstep(&b, &a, self.dt, n)
    }

    /// The frequency response `(w, H(e^{iw}))` (`dlti.freqresp`, `scipy.signal.dfreqresp`):
    /// at `w` (rad/sample), or at `n` frequencies `π·k/n` (`2π·k/n` with `whole`); on the
    /// device of `w` (the current one without).
    ///
    /// # Errors
    /// [`Error::DType`] naming `dfreqresp` for complex `w`.
    ///
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let num = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
    /// let den = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
    /// let s = cuprum_signal::Dlti::new(cuprum_signal::System::Tf(num, den), 1.0).unwrap();
    /// let (_w, h) = s.freqresp(None, 4, false).unwrap();
    /// assert!((h.to_vec::<cuprum_core::Complex64>().unwrap()[0].re - 2.0).abs() < 1e-15);
    /// ```
    pub fn freqresp(&self, w: Option<&Array>, n: usize, whole: bool) -> Result<(Array, Array)> {
        const OP: &str = "dfreqresp";
        let (num, den) = self.tf1()?;
        let (bv, av) = (host_f64(OP, &num)?, host_f64(OP, &den)?);
        let (wv, dev) = match w {
            Some(w) => (host_f64(OP, w)?, w.device()),
            None => {
                let span = if whole { 2.0 } else { 1.0 } * std::f64::consts::PI;
                (
                    (0..n).map(|k| span * k as f64 / n as f64).collect(),
                    cuprum_core::current_device(),
                )
            }
        };
        let eval = |c: &[f64], z: C| c.iter().fold(C::new(0.0, 0.0), |acc, &v| acc * z + v);
        let h: Vec<C> = wv
            .iter()
            .map(|&x| {
                let z = C::new(0.0, x).exp();
                eval(&bv, z) / eval(&av, z)
            })
            .collect();
        let m = h.len();
        Ok((upload(wv, dev)?, Array::from_vec_on(h, &[m], dev)?))
    }

    /// The Bode magnitude (dB) and phase (degrees) `(w / dt, mag, phase)` (`dlti.bode`,
    /// `scipy.signal.dbode`), at `w` (rad/sample) or `n` frequencies as
    /// [`freqresp`](Self::freqresp).
    ///
    /// # Errors
    /// As [`freqresp`](Self::freqresp).
    pub fn bode(&self, w: Option<&Array>, n: usize) -> Result<(Array, Array, Array)> {
        let (w, h) = self.freqresp(w, n, false)?;
        let mag = cuprum_core::multiply(&cuprum_core::log10(&cuprum_core::abs(&h)?)?, 20.0)?;
        let ang = cuprum_core::arctan2(&cuprum_core::imag(&h)?, &cuprum_core::real(&h)?)?;
        let ph = cuprum_core::unwrap(&ang, None, -1, 2.0 * std::f64::consts::PI)?;
        let ph = cuprum_core::multiply(&ph, 180.0 / std::f64::consts::PI)?;
        Ok((cuprum_core::divide(&w, self.dt)?, mag, ph))
    }
}
