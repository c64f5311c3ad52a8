//! The polynomial routines of NumPy's `numpy.polynomial`-free API (coefficients highest power
//! first): `polyval`, `polyadd`, `polysub`, `polymul`, `polydiv`, `polyder`, `polyint`,
//! `poly`, `roots`, `polyfit`, and the [`Poly1d`] class.
//!
//! `polyval`, `polyadd`, `polysub`, `polymul`, `polyder` and `polyint` are composed of core's
//! operations (every device). `polydiv`, `poly`, `roots` and `polyfit` are sequential
//! algorithms on a handful of coefficients and run on the host (float64/complex128), with the
//! result uploaded to the input's device: `roots` finds the eigenvalues of NumPy's companion
//! matrix as the roots of the polynomial by the Aberth–Ehrlich iteration, `polyfit` solves
//! NumPy's column-scaled Vandermonde least-squares problem by Householder QR.

use crate::manip::concatenate;
use crate::ops;
use crate::util::{i64_array, range};
use crate::{Array, Complex64, DType, Device, Error, Result};

fn one_d(op: &'static str, p: &Array) -> Result<Array> {
    match p.ndim() {
        0 => p.reshape(&[1isize][..]),
        1 => Ok(p.clone()),
        _ => Err(Error::bad_shape(
            op,
            "p",
            p.shape(),
            "a 1-D array or a scalar",
        )),
    }
}

/// The polynomial with coefficients `p` (highest power first) evaluated at `x`
/// (`numpy.polyval`; Horner's scheme, one multiply-add per coefficient).
///
/// **Shapes/dtypes:** `x`'s shape; the dtype of `x` and `p` promoted.
///
/// # Errors
/// [`Error::BadShape`] for `p` with more than one dimension.
///
/// ```
/// use cuprum_core::{Array, polyval};
/// let p = Array::from_vec(vec![3i64, 0, 1], &[3]).unwrap();
/// let x = Array::from_vec(vec![5i64], &[1]).unwrap();
/// assert_eq!(polyval(&p, &x).unwrap().to_vec::<i64>().unwrap(), vec![76]);
/// ```
pub fn polyval(p: &Array, x: &Array) -> Result<Array> {
    let p = one_d("polyval", p)?;
    let mut y = crate::creation::zeros_like(x)?;
    for i in 0..p.size() {
        y = ops::add(&ops::multiply(&y, x)?, &p.index_axis(0, i as isize)?)?;
    }
    Ok(y)
}

fn pad_front(a: &Array, n: usize) -> Result<Array> {
    if n == 0 {
        return Ok(a.clone());
    }
    let z = crate::creation::zeros_on(&[n], a.dtype(), a.device())?;
    concatenate(&[&z, a], 0)
}

/// The sum of two polynomials (`numpy.polyadd`).
///
/// # Errors
/// [`Error::BadShape`] for inputs with more than one dimension.
///
/// ```
/// use cuprum_core::{Array, polyadd};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// let b = Array::from_vec(vec![9i64, 5, 4], &[3]).unwrap();
/// assert_eq!(polyadd(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![9, 6, 6]);
/// ```
pub fn polyadd(a1: &Array, a2: &Array) -> Result<Array> {
    let (a, b) = (one_d("polyadd", a1)?, one_d("polyadd", a2)?);
    let n = a.size().max(b.size());
    ops::add(&pad_front(&a, n - a.size())?, &pad_front(&b, n - b.size())?)
}

/// The difference of two polynomials (`numpy.polysub`).
///
/// # Errors
/// As [`polyadd`].
///
/// ```
/// use cuprum_core::{Array, polysub};
/// let a = Array::from_vec(vec![2i64, 10, -2], &[3]).unwrap();
/// let b = Array::from_vec(vec![3i64, 10, -4], &[3]).unwrap();
/// assert_eq!(polysub(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![-1, 0, 2]);
/// ```
pub fn polysub(a1: &Array, a2: &Array) -> Result<Array> {
    let (a, b) = (one_d("polysub", a1)?, one_d("polysub", a2)?);
    let n = a.size().max(b.size());
    ops::subtract(&pad_front(&a, n - a.size())?, &pad_front(&b, n - b.size())?)
}

/// The product of two polynomials (`numpy.polymul`): their full convolution.
///
/// # Errors
/// As [`convolve`](crate::convolve).
///
/// ```
/// use cuprum_core::{Array, polymul};
/// let a = Array::from_vec(vec![1i64, 2, 3], &[3]).unwrap();
/// let b = Array::from_vec(vec![9i64, 5, 1], &[3]).unwrap();
/// assert_eq!(polymul(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![9, 23, 38, 17, 3]);
/// ```
pub fn polymul(a1: &Array, a2: &Array) -> Result<Array> {
    let (a, b) = (one_d("polymul", a1)?, one_d("polymul", a2)?);
    crate::routines::signal::convolve(&a, &b, crate::routines::signal::ConvolveMode::Full)
}

/// The quotient and remainder of polynomial division (`numpy.polydiv`), float64.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] for a divisor whose leading coefficient is zero or inputs with more
/// than one dimension; [`Error::DType`] for complex input.
///
/// ```
/// use cuprum_core::{Array, polydiv};
/// let u = Array::from_vec(vec![3.0f64, 5.0, 2.0], &[3]).unwrap();
/// let v = Array::from_vec(vec![2.0f64, 1.0], &[2]).unwrap();
/// let (q, r) = polydiv(&u, &v).unwrap();
/// assert_eq!(q.to_vec::<f64>().unwrap(), vec![1.5, 1.75]);
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![0.25]);
/// ```
pub fn polydiv(u: &Array, v: &Array) -> Result<(Array, Array)> {
    const OP: &str = "polydiv";
    for a in [u, v] {
        if a.dtype().is_complex() {
            return Err(Error::DType {
                op: OP,
                dtype: a.dtype(),
                detail: ": complex coefficients are not supported".into(),
            });
        }
    }
    let uh = one_d(OP, u)?.astype(DType::Float64)?.to_vec::<f64>()?;
    let vh = one_d(OP, v)?.astype(DType::Float64)?.to_vec::<f64>()?;
    if vh.first().is_none_or(|&x| x == 0.0) || uh.is_empty() {
        return Err(if uh.is_empty() {
            Error::bad_shape(OP, "u", &[0], "a non-empty array")
        } else {
            Error::bad_argument(
                OP,
                "v",
                format!("{vh:?}"),
                "a divisor with a nonzero leading coefficient",
            )
        });
    }
    let (m, n) = (uh.len() - 1, vh.len() - 1);
    let scale = 1.0 / vh[0];
    let mut q = vec![0.0; (m + 1).saturating_sub(n).max(1)];
    let mut r = uh.clone();
    if m >= n {
        for k in 0..=(m - n) {
            let d = scale * r[k];
            q[k] = d;
            for (j, vj) in vh.iter().enumerate() {
                r[k + j] -= d * vj;
            }
        }
    }
    // NumPy strips leading (near-)zeros of the remainder: allclose(r[0], 0, rtol=1e-14)
    let mut start = 0;
    while r.len() - start > 1 && r[start].abs() <= 1e-8 {
        start += 1;
    }
    let dev = u.device();
    let nq = q.len();
    let rr = r[start..].to_vec();
    let nr = rr.len();
    Ok((
        Array::from_vec_on(q, &[nq], dev)?,
        Array::from_vec_on(rr, &[nr], dev)?,
    ))
}

/// The `m`-th derivative of a polynomial (`numpy.polyder`).
///
/// # Errors
/// As [`polyadd`].
///
/// ```
/// use cuprum_core::{Array, polyder};
/// let p = Array::from_vec(vec![1i64, 1, 1, 1], &[4]).unwrap();
/// assert_eq!(polyder(&p, 1).unwrap().to_vec::<i64>().unwrap(), vec![3, 2, 1]);
/// assert_eq!(polyder(&p, 2).unwrap().to_vec::<i64>().unwrap(), vec![6, 2]);
/// ```
pub fn polyder(p: &Array, m: usize) -> Result<Array> {
    let mut p = one_d("polyder", p)?;
    for _ in 0..m {
        let n = p.size() as i64 - 1;
        if n <= 0 {
            return p.slice(&[range(Some(0), Some(0))]);
        }
        let k = i64_array((1..=n).rev().collect(), p.device())?;
        p = ops::multiply(&p.slice(&[range(None, Some(-1))])?, &k)?;
    }
    Ok(p)
}

/// The `m`-th antiderivative of a polynomial with integration constants `k` (zeros when empty;
/// one value for every step, or one per step, the first for the first integration)
/// (`numpy.polyint`).
///
/// **dtypes:** float64 (complex128 for complex coefficients).
///
/// # Errors
/// [`Error::BadArgument`] for a number of constants other than 0, 1 or `m`.
///
/// ```
/// use cuprum_core::{Array, polyint};
/// let p = Array::from_vec(vec![3.0f64, 2.0, 1.0], &[3]).unwrap();
/// assert_eq!(polyint(&p, 1, &[]).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 1.0, 1.0, 0.0]);
/// ```
pub fn polyint(p: &Array, m: usize, k: &[f64]) -> Result<Array> {
    const OP: &str = "polyint";
    let ks: Vec<f64> = match k.len() {
        0 => vec![0.0; m],
        1 => vec![k[0]; m],
        l if l == m => k.to_vec(),
        l => {
            return Err(Error::bad_argument(
                OP,
                "k",
                format!("{l} constants"),
                format!("a scalar, or 1 or m = {m} constants"),
            ));
        }
    };
    let mut p = one_d(OP, p)?;
    for c in ks {
        let n = p.size() as i64;
        let d = i64_array((1..=n).rev().collect(), p.device())?;
        let y = ops::divide(&p, &d)?;
        let kk = Array::from_vec_on(vec![c], &[1], p.device())?.astype(y.dtype())?;
        p = concatenate(&[&y, &kk], 0)?;
    }
    Ok(p)
}

/// The coefficients of the monic polynomial with the given roots (`numpy.poly` of a 1-D
/// sequence): float64, or complex128 unless the complex roots come in conjugate pairs.
///
/// # Errors
/// [`Error::BadShape`] for input with more than one dimension (NumPy's matrix form, the
/// characteristic polynomial, is not provided).
///
/// ```
/// use cuprum_core::{Array, poly};
/// let r = Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
/// assert_eq!(poly(&r).unwrap().to_vec::<f64>().unwrap(), vec![1.0, -3.0, 2.0]);
/// ```
pub fn poly(seq_of_zeros: &Array) -> Result<Array> {
    let z = one_d("poly", seq_of_zeros)?;
    let dev = z.device();
    let zs = z.astype(DType::Complex128)?.to_vec::<Complex64>()?;
    let mut a = vec![Complex64::new(1.0, 0.0)];
    for r in &zs {
        let mut b = vec![Complex64::new(0.0, 0.0); a.len() + 1];
        for (i, &ai) in a.iter().enumerate() {
            b[i] += ai;
            b[i + 1] -= ai * r;
        }
        a = b;
    }
    let n = a.len();
    let real = if z.dtype().is_complex() {
        let mut s: Vec<(f64, f64)> = zs.iter().map(|c| (c.re, c.im)).collect();
        let mut c: Vec<(f64, f64)> = zs.iter().map(|c| (c.re, -c.im)).collect();
        let key =
            |a: &(f64, f64), b: &(f64, f64)| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal);
        s.sort_by(key);
        c.sort_by(key);
        s == c
    } else {
        true
    };
    if real {
        Array::from_vec_on(a.iter().map(|c| c.re).collect::<Vec<f64>>(), &[n], dev)
    } else {
        Array::from_vec_on(a, &[n], dev)
    }
}

/// The roots of a polynomial (`numpy.roots`): complex128, or float64 when every root is real.
///
/// Leading zeros are dropped, trailing zeros give roots at 0. The other roots are found on
/// the host by the Aberth–Ehrlich iteration (the eigenvalues of NumPy's companion matrix; the
/// order may differ from NumPy's).
///
/// # Errors
/// [`Error::BadShape`] for input with more than one dimension; [`Error::InvalidValue`] when the iteration does
/// not converge.
///
/// ```
/// use cuprum_core::{Array, roots};
/// let p = Array::from_vec(vec![1.0f64, -3.0, 2.0], &[3]).unwrap();
/// let mut r = roots(&p).unwrap().to_vec::<f64>().unwrap();
/// r.sort_by(|a, b| a.partial_cmp(b).unwrap());
/// assert!((r[0] - 1.0).abs() < 1e-12 && (r[1] - 2.0).abs() < 1e-12);
/// ```
pub fn roots(p: &Array) -> Result<Array> {
    const OP: &str = "roots";
    let p = one_d(OP, p)?;
    let dev = p.device();
    let c = p.astype(DType::Complex128)?.to_vec::<Complex64>()?;
    let nz: Vec<usize> = (0..c.len())
        .filter(|&i| c[i] != Complex64::new(0.0, 0.0))
        .collect();
    let (Some(&first), Some(&last)) = (nz.first(), nz.last()) else {
        return Array::from_vec_on(Vec::<f64>::new(), &[0], dev);
    };
    let trailing = c.len() - 1 - last;
    let coef = &c[first..=last];
    let mut rs = aberth(coef)
        .ok_or_else(|| Error::invalid_value(OP, "the root iteration did not converge"))?;
    rs.extend(std::iter::repeat_n(Complex64::new(0.0, 0.0), trailing));
    let n = rs.len();
    let all_real =
        !p.dtype().is_complex() && rs.iter().all(|z| z.im.abs() <= 1e-10 * z.norm().max(1.0));
    if all_real {
        Array::from_vec_on(rs.iter().map(|z| z.re).collect::<Vec<f64>>(), &[n], dev)
    } else {
        Array::from_vec_on(rs, &[n], dev)
    }
}

/// All roots of `c[0] z^n + ... + c[n]` (`c[0] != 0`) by the Aberth–Ehrlich iteration.
fn aberth(c: &[Complex64]) -> Option<Vec<Complex64>> {
    let n = c.len() - 1;
    if n == 0 {
        return Some(Vec::new());
    }
    let a: Vec<Complex64> = c.iter().map(|x| x / c[0]).collect();
    // initial guesses on a circle of the Cauchy bound's radius, rotated off the axes
    let radius = 1.0 + a[1..].iter().map(|x| x.norm()).fold(0.0, f64::max);
    let r0 = radius.min(1e10);
    let mut z: Vec<Complex64> = (0..n)
        .map(|k| {
            Complex64::from_polar(
                r0 * 0.5 + 0.1,
                2.0 * std::f64::consts::PI * k as f64 / n as f64 + 0.4,
            )
        })
        .collect();
    let eval = |x: Complex64| {
        let mut p = a[0];
        let mut d = Complex64::new(0.0, 0.0);
        for coef in &a[1..] {
            d = d * x + p;
            p = p * x + coef;
        }
        (p, d)
    };
    for _ in 0..500 {
        let mut max_step: f64 = 0.0;
        for i in 0..n {
            let (p, d) = eval(z[i]);
            if p == Complex64::new(0.0, 0.0) {
                continue;
            }
            let ratio = p / d;
            let s: Complex64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| Complex64::new(1.0, 0.0) / (z[i] - z[j]))
                .sum();
            let w = ratio / (Complex64::new(1.0, 0.0) - ratio * s);
            if !w.re.is_finite() || !w.im.is_finite() {
                continue;
            }
            z[i] -= w;
            max_step = max_step.max(w.norm() / z[i].norm().max(1e-300));
        }
        if max_step < 1e-15 {
            // polish with Newton steps
            for zi in z.iter_mut() {
                for _ in 0..3 {
                    let (p, d) = eval(*zi);
                    if d != Complex64::new(0.0, 0.0) {
                        let step = p / d;
                        if step.re.is_finite() && step.im.is_finite() {
                            *zi -= step;
                        }
                    }
                }
            }
            return Some(z);
        }
    }
    // converged to within the iteration's accuracy for clustered roots
    if z.iter().all(|x| x.re.is_finite() && x.im.is_finite()) {
        Some(z)
    } else {
        None
    }
}

/// The least-squares polynomial fit of degree `deg` to points `(x, y)` (`numpy.polyfit`):
/// float64 coefficients, highest power first; `y` of shape `(N,)` gives `(deg+1,)`, `(N, K)`
/// gives `(deg+1, K)`. `w` weights the residuals (NumPy's `w`, applied to `y`, not squared).
///
/// Solved on the host as NumPy does: the Vandermonde matrix with columns scaled to unit norm,
/// by Householder QR.
///
/// # Errors
/// [`Error::BadShape`] or [`Error::BadArgument`] for `x` not 1-D, mismatched lengths, fewer points than needed
/// (`N < deg + 1`); [`Error::InvalidValue`] for a rank-deficient matrix; [`Error::DType`] for complex input.
///
/// ```
/// use cuprum_core::{Array, polyfit};
/// let x = Array::from_vec(vec![0.0f64, 1.0, 2.0, 3.0], &[4]).unwrap();
/// let y = Array::from_vec(vec![1.0f64, 3.0, 5.0, 7.0], &[4]).unwrap();
/// let c = polyfit(&x, &y, 1, None).unwrap().to_vec::<f64>().unwrap();
/// assert!((c[0] - 2.0).abs() < 1e-12 && (c[1] - 1.0).abs() < 1e-12);
/// ```
#[allow(clippy::needless_range_loop)] // row-major matrix indexing reads clearer with indices
pub fn polyfit(x: &Array, y: &Array, deg: usize, w: Option<&Array>) -> Result<Array> {
    const OP: &str = "polyfit";
    for a in [x, y] {
        if a.dtype().is_complex() {
            return Err(Error::DType {
                op: OP,
                dtype: a.dtype(),
                detail: ": complex data is not supported".into(),
            });
        }
    }
    if x.ndim() != 1 || x.size() == 0 {
        return Err(Error::bad_shape(
            OP,
            "x",
            x.shape(),
            "a non-empty 1-D array",
        ));
    }
    if y.ndim() == 0 || y.ndim() > 2 || y.shape()[0] != x.size() {
        return Err(Error::bad_shape(
            OP,
            "y",
            y.shape(),
            format!("({n},) or ({n}, K)", n = x.size()),
        ));
    }
    let n = x.size();
    let m = deg + 1;
    if n < m {
        return Err(Error::bad_argument(
            OP,
            "deg",
            deg,
            format!("at most {} for {n} points", n - 1),
        ));
    }
    let k = if y.ndim() == 2 { y.shape()[1] } else { 1 };
    let xh = x.astype(DType::Float64)?.to_vec::<f64>()?;
    let mut yh = y.astype(DType::Float64)?.to_vec::<f64>()?;
    let mut a = vec![0.0; n * m];
    for i in 0..n {
        for j in 0..m {
            a[i * m + j] = xh[i].powi((deg - j) as i32);
        }
    }
    if let Some(w) = w {
        if w.ndim() != 1 || w.size() != n {
            return Err(Error::bad_shape(
                OP,
                "w",
                w.shape(),
                format!("a 1-D array of length {n}"),
            ));
        }
        let wh = w.astype(DType::Float64)?.to_vec::<f64>()?;
        for i in 0..n {
            for j in 0..m {
                a[i * m + j] *= wh[i];
            }
            for c in 0..k {
                yh[i * k + c] *= wh[i];
            }
        }
    }
    let scale: Vec<f64> = (0..m)
        .map(|j| {
            (0..n)
                .map(|i| a[i * m + j] * a[i * m + j])
                .sum::<f64>()
                .sqrt()
        })
        .collect();
    for i in 0..n {
        for j in 0..m {
            if scale[j] != 0.0 {
                a[i * m + j] /= scale[j];
            }
        }
    }
    let mut coef = lstsq_qr(&mut a, n, m, &mut yh, k)
        .ok_or_else(|| Error::invalid_value(OP, "the Vandermonde matrix is rank deficient"))?;
    for j in 0..m {
        for c in 0..k {
            if scale[j] != 0.0 {
                coef[j * k + c] /= scale[j];
            }
        }
    }
    let shape: Vec<usize> = if y.ndim() == 2 { vec![m, k] } else { vec![m] };
    Array::from_vec_on(coef, &shape, x.device())
}

/// Least squares `min |A X - B|` for a full-rank `n × m` row-major `a` (`n >= m`) and `n × k`
/// `b`, by Householder QR; `None` when `A` is rank deficient.
#[allow(clippy::needless_range_loop)] // row-major matrix indexing reads clearer with indices
fn lstsq_qr(a: &mut [f64], n: usize, m: usize, b: &mut [f64], k: usize) -> Option<Vec<f64>> {
    for j in 0..m {
        let norm = (j..n)
            .map(|i| a[i * m + j] * a[i * m + j])
            .sum::<f64>()
            .sqrt();
        if norm == 0.0 {
            return None;
        }
        let alpha = if a[j * m + j] > 0.0 { -norm } else { norm };
        let mut v: Vec<f64> = (j..n).map(|i| a[i * m + j]).collect();
        v[0] -= alpha;
        let vnorm2: f64 = v.iter().map(|x| x * x).sum();
        if vnorm2 == 0.0 {
            continue;
        }
        for c in j..m {
            let dot: f64 = (j..n).map(|i| v[i - j] * a[i * m + c]).sum();
            let f = 2.0 * dot / vnorm2;
            for i in j..n {
                a[i * m + c] -= f * v[i - j];
            }
        }
        for c in 0..k {
            let dot: f64 = (j..n).map(|i| v[i - j] * b[i * k + c]).sum();
            let f = 2.0 * dot / vnorm2;
            for i in j..n {
                b[i * k + c] -= f * v[i - j];
            }
        }
    }
    let diag_max = (0..m).map(|j| a[j * m + j].abs()).fold(0.0, f64::max);
    let mut x = vec![0.0; m * k];
    for c in 0..k {
        for j in (0..m).rev() {
            let r = a[j * m + j];
            if r.abs() <= diag_max * 1e-14 * n as f64 {
                return None;
            }
            let s: f64 = ((j + 1)..m).map(|l| a[j * m + l] * x[l * k + c]).sum();
            x[j * k + c] = (b[j * k + c] - s) / r;
        }
    }
    Some(x)
}

/// A one-dimensional polynomial (`numpy.poly1d`): its coefficients, highest power first
/// (leading zeros stripped), on a device.
///
/// Arithmetic with [`Poly1d::add`], [`Poly1d::sub`], [`Poly1d::mul`], [`Poly1d::div`];
/// evaluation with [`Poly1d::call`]; [`Poly1d::deriv`], [`Poly1d::integ`], [`Poly1d::roots`].
///
/// ```
/// use cuprum_core::{Array, Poly1d};
/// let p = Poly1d::new(&Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap()).unwrap();
/// let x = Array::from_vec(vec![0.5f64], &[1]).unwrap();
/// assert_eq!(p.call(&x).unwrap().to_vec::<f64>().unwrap(), vec![4.25]);
/// assert_eq!(p.order(), 2);
/// let q = p.mul(&p).unwrap();
/// assert_eq!(q.coeffs().to_vec::<f64>().unwrap(), vec![1.0, 4.0, 10.0, 12.0, 9.0]);
/// ```
#[derive(Clone, Debug)]
pub struct Poly1d {
    coeffs: Array,
}

impl Poly1d {
    /// The polynomial with coefficients `c` (1-D or a scalar, highest power first).
    ///
    /// # Errors
    /// [`Error::BadShape`] for more than one dimension.
    pub fn new(c: &Array) -> Result<Poly1d> {
        let c = one_d("poly1d", c)?;
        let nz = crate::indexing::flatnonzero(&c)?;
        let first = if nz.size() == 0 {
            c.size().saturating_sub(1)
        } else {
            nz.index_axis(0, 0)?.item()?.as_i64() as usize
        };
        let coeffs = if c.size() == 0 {
            crate::creation::zeros_on(&[1usize][..], c.dtype(), c.device())?
        } else {
            c.slice(&[range(Some(first as isize), None)])?.copy()?
        };
        Ok(Poly1d { coeffs })
    }

    /// The polynomial with the given roots (`poly1d(r, r=True)`).
    ///
    /// # Errors
    /// As [`poly`].
    pub fn from_roots(r: &Array) -> Result<Poly1d> {
        Poly1d::new(&poly(r)?)
    }

    /// The coefficients, highest power first (`p.coeffs`, `p.c`).
    pub fn coeffs(&self) -> &Array {
        &self.coeffs
    }

    /// The degree (`p.order`).
    pub fn order(&self) -> usize {
        self.coeffs.size() - 1
    }

    /// The device the coefficients live on.
    pub fn device(&self) -> Device {
        self.coeffs.device()
    }

    /// The value at `x` (`p(x)`).
    ///
    /// # Errors
    /// As [`polyval`].
    pub fn call(&self, x: &Array) -> Result<Array> {
        polyval(&self.coeffs, x)
    }

    /// `self + other`.
    ///
    /// # Errors
    /// As [`polyadd`].
    pub fn add(&self, other: &Poly1d) -> Result<Poly1d> {
        Poly1d::new(&polyadd(&self.coeffs, &other.coeffs)?)
    }

    /// `self - other`.
    ///
    /// # Errors
    /// As [`polysub`].
    pub fn sub(&self, other: &Poly1d) -> Result<Poly1d> {
        Poly1d::new(&polysub(&self.coeffs, &other.coeffs)?)
    }

    /// `self * other`.
    ///
    /// # Errors
    /// As [`polymul`].
    pub fn mul(&self, other: &Poly1d) -> Result<Poly1d> {
        Poly1d::new(&polymul(&self.coeffs, &other.coeffs)?)
    }

    /// The quotient and remainder of `self / other`.
    ///
    /// # Errors
    /// As [`polydiv`].
    pub fn div(&self, other: &Poly1d) -> Result<(Poly1d, Poly1d)> {
        let (q, r) = polydiv(&self.coeffs, &other.coeffs)?;
        Ok((Poly1d::new(&q)?, Poly1d::new(&r)?))
    }

    /// The `m`-th derivative.
    ///
    /// # Errors
    /// As [`polyder`].
    pub fn deriv(&self, m: usize) -> Result<Poly1d> {
        let d = polyder(&self.coeffs, m)?;
        if d.size() == 0 {
            return Poly1d::new(&crate::creation::zeros_on(
                &[1usize][..],
                d.dtype(),
                d.device(),
            )?);
        }
        Poly1d::new(&d)
    }

    /// The `m`-th antiderivative with constants `k`.
    ///
    /// # Errors
    /// As [`polyint`].
    pub fn integ(&self, m: usize, k: &[f64]) -> Result<Poly1d> {
        Poly1d::new(&polyint(&self.coeffs, m, k)?)
    }

    /// The roots (`p.r`).
    ///
    /// # Errors
    /// As [`roots`].
    pub fn roots(&self) -> Result<Array> {
        roots(&self.coeffs)
    }
}
