//! Pole placement by full-state feedback (`place_poles`), SciPy's algorithm: the least-squares
//! gain for a full-row-rank `B`, otherwise Kautsky–Nichols–Van Dooren's construction of the
//! transfer matrix `X` from the kernels of `U1ᵀ·(A − λ·I)`, improved by the YT or KNV0
//! iterations (`pole_update`) when `rank(B) > 1`. Host linear algebra on the small matrices,
//! in float64.

use super::convert::real_roots;
use super::dense::{Mat, qr, solve};
use super::pole_update::update_loop;
use super::ss::charpoly;
use super::svd::svd_real;
use crate::util::{bad_shape_if, check_len, out_of_domain_if};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result};

const OP: &str = "signal.place_poles";

/// SciPy's `method` of [`place_poles`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlaceMethod {
    /// Tits and Yang (`'YT'`, the default)
    #[default]
    Yt,
    /// Kautsky, Nichols and Van Dooren's method 0 (`'KNV0'`; real poles only)
    Knv0,
}

/// The result of [`place_poles`] (SciPy's `Bunch`).
#[derive(Clone, Debug)]
pub struct PlacedPoles {
    /// the gain `K` `(m, n)` float64: the poles of `A − B·K` are the requested ones
    pub gain_matrix: Array,
    /// the eigenvalues of `A − B·K`, ordered as the requested poles are (real ones ascending,
    /// then each complex pair, negative imaginary part first)
    pub computed_poles: Array,
    /// the requested poles in that order
    pub requested_poles: Array,
    /// SciPy's `X`, the transfer matrix `(n, n)` with `(A − B·K)·X = X·diag(poles)`:
    /// complex128 (a complex pole's pair of columns is `re ∓ i·im`), or the float64 identity
    /// for a full-row-rank `B`
    pub x: Array,
    /// SciPy's `rtol`: the relative change of `|det X|` in the last iteration (0 for
    /// `rank(B) = 1`, which does not iterate; NaN for a full-row-rank `B`)
    pub rtol: f64,
    /// SciPy's `nb_iter`: the iterations run (0 for `rank(B) = 1`, NaN for a full-row-rank `B`)
    pub nb_iter: f64,
}

fn host(arg: &'static str, a: &Array) -> Result<(Vec<f64>, usize, usize)> {
    bad_shape_if(a.ndim() != 2, OP, arg, a.shape(), "a 2-D array")?;
    if a.dtype().is_complex() {
        return Err(Error::dtype(OP, a.dtype()));
    }
    let v = a
        .astype(DType::Float64)?
        .to_device(Device::Cpu)?
        .to_vec::<f64>()?;
    if let Some(x) = v.iter().find(|x| !x.is_finite()) {
        return Err(Error::out_of_domain(OP, arg, x, "finite values"));
    }
    Ok((v, a.shape()[0], a.shape()[1]))
}

/// SciPy's `_order_complex_poles`.
fn order_poles(p: &[C]) -> Result<Vec<C>> {
    let mut real: Vec<C> = p.iter().copied().filter(|x| x.im == 0.0).collect();
    real.sort_by(|a, b| a.re.total_cmp(&b.re));
    let mut neg: Vec<C> = p.iter().copied().filter(|x| x.im < 0.0).collect();
    neg.sort_by(|a, b| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im)));
    for x in neg {
        if p.contains(&x.conj()) {
            real.push(x);
            real.push(x.conj());
        }
    }
    out_of_domain_if(
        real.len() != p.len(),
        OP,
        "poles",
        format!("{p:?}"),
        "complex poles with their conjugates",
    )?;
    Ok(real)
}

/// NumPy's `matrix_rank` of `b` (n × m): the singular values above `σ_max·max(n, m)·ε`
/// (of `b` padded with zeros to a square).
fn rank(b: &[f64], n: usize, m: usize) -> Result<usize> {
    let k = n.max(m);
    if k == 0 {
        return Ok(0);
    }
    let mut sq = Mat::zeros(k, k)?;
    for i in 0..n {
        for j in 0..m {
            sq.set(i, j, C::new(b[i * m + j], 0.0));
        }
    }
    let (_, sv, _) = svd_real(&sq)?;
    let tol = sv.first().copied().unwrap_or(0.0) * k as f64 * f64::EPSILON;
    Ok(sv.iter().filter(|&&x| x > tol).count())
}

/// The gain `K` placing the poles of `A − B·K` at `poles` by full-state feedback
/// (`scipy.signal.place_poles`).
///
/// **Shapes**: `A` `(n, n)`, `B` `(n, m)`, `poles` `n` values (complex ones in conjugate
/// pairs) → [`PlacedPoles`] with `gain_matrix` `(m, n)` float64, `computed_poles` and
/// `requested_poles` `(n,)` (float64 when all real, complex128 otherwise) and `X` `(n, n)`,
/// on `A`'s device.
///
/// SciPy's algorithm and results: with `rank(B) = n` the minimum-norm least-squares
/// `K = −B⁺·(D − A)`, `D` the real block-diagonal matrix of the poles (no iteration: `rtol`
/// and `nb_iter` NaN, `X` the identity); otherwise `K = −z⁻¹·U0ᵀ·(X·diag(P)·X⁻¹ − A)` with
/// `B = [U0 U1]·[z; 0]` and the transfer matrix `X` built from the kernels of
/// `U1ᵀ·(A − λ·I)` (Kautsky, Nichols and Van Dooren), which for `rank(B) > 1` the method's
/// iterations improve until the relative change of `|det X|` is below `rtol` or `maxiter`
/// sweeps ran: Tits and Yang's `Yt` (the default; complex poles allowed) or `Knv0` (real
/// poles). SciPy warns when `rtol > 0` is not reached; here the returned `rtol` and `nb_iter`
/// tell it. Where a projection vanishes the iterations take a singular vector (an eigenvector
/// for a complex pair) as the decomposition gives it; the SVD, QR and eigenvectors here follow
/// LAPACK's sign and phase conventions, so `X` is SciPy's. Two cases are left to rounding, in
/// SciPy as here: a pole repeated `r` times has an `r`-dimensional eigenspace whose basis in
/// `X` (and so the gain) may differ from SciPy's, and with one input a complex pole's column
/// of `X` may differ by a unit factor (the sign of a zero decides a Householder reflection);
/// neither changes the placed poles.
///
/// # Errors
/// [`Error::BadShape`] naming `signal.place_poles` for a non-square `A`, a `B` with other
/// than `n` rows, or not `n` poles; [`Error::OutOfDomain`] for complex poles without their
/// conjugates, complex poles with KNV0, a pole repeated more than `rank(B)` times, `maxiter
/// < 1`, `rtol > 1`, non-finite entries; [`Error::OutOfDomain`] naming `B` for linearly
/// dependent columns with `rank(B) < n` (SciPy: "the poles can't be placed"), naming `poles`
/// when the poles can't be placed (an uncontrollable system: a singular `X` or `B·Bᵀ`).
///
/// **Algorithm**: host float64 linear algebra on the small matrices: Householder QR in
/// LAPACK's sign convention (so `X` follows SciPy's), LU solves, LAPACK's SVD path for small
/// matrices (`YT` real steps: Householder bidiagonalization and the bidiagonal QR sweeps of
/// `dbdsqr`) and a Hermitian Jacobi eigensolver with `zgeev`'s phase (`YT` complex steps); the
/// computed poles as the roots of the characteristic polynomial of `A − B·K`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_signal::{PlaceMethod, place_poles};
/// // scipy.signal.place_poles(A, B, [-1, -2+1j, -2-1j]).gain_matrix -> [[4, 7, 2]]
/// let a = Array::from_vec_on(vec![0.0f64, 1.0, 0.0, 0.0, 0.0, 1.0, -1.0, -2.0, -3.0], &[3, 3], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![0.0f64, 0.0, 1.0], &[3, 1], Device::Cpu).unwrap();
/// let p = [Complex64::new(-1.0, 0.0), Complex64::new(-2.0, 1.0), Complex64::new(-2.0, -1.0)];
/// let r = place_poles(&a, &b, &p, PlaceMethod::Yt, 1e-3, 30).unwrap();
/// let k = r.gain_matrix.to_vec::<f64>().unwrap();
/// assert!((k[0] - 4.0).abs() < 1e-9 && (k[1] - 7.0).abs() < 1e-9 && (k[2] - 2.0).abs() < 1e-9);
/// ```
pub fn place_poles(
    a: &Array,
    b: &Array,
    poles: &[C],
    method: PlaceMethod,
    rtol: f64,
    maxiter: usize,
) -> Result<PlacedPoles> {
    let (av, n, n2) = host("A", a)?;
    bad_shape_if(n != n2, OP, "A", a.shape(), "a square matrix")?;
    let (bv, nb, m) = host("B", b)?;
    bad_shape_if(
        nb != n,
        OP,
        "B",
        b.shape(),
        format!("({n}, m): as many rows as A"),
    )?;
    check_len(OP, "poles", poles.len(), n, "one pole per state")?;
    if let Some(p) = poles
        .iter()
        .find(|p| !(p.re.is_finite() && p.im.is_finite()))
    {
        return Err(Error::out_of_domain(OP, "poles", p, "finite values"));
    }
    let poles = order_poles(poles)?;
    out_of_domain_if(maxiter < 1, OP, "maxiter", maxiter, "[1, inf)")?;
    out_of_domain_if(rtol > 1.0, OP, "rtol", rtol, "(-inf, 1]")?;
    out_of_domain_if(
        method == PlaceMethod::Knv0 && poles.iter().any(|p| p.im != 0.0),
        OP,
        "poles",
        format!("{poles:?}"),
        "real poles with method KNV0",
    )?;
    let rb = rank(&bv, n, m)?;
    for p in &poles {
        out_of_domain_if(
            poles.iter().filter(|q| *q == p).count() > rb,
            OP,
            "poles",
            p,
            format!("poles repeated at most rank(B) = {rb} times"),
        )?;
    }
    let uncontrollable = || {
        Error::out_of_domain(
            OP,
            "poles",
            format!("{poles:?}"),
            "a controllable (A, B): these poles can't be placed",
        )
    };
    let am = Mat::real(&av, n, n)?;
    let bm = Mat::real(&bv, n, m)?;
    let (k, x, rtol_out, iters) = if rb == n {
        // SciPy's lstsq(B, D − A) with D the real block-diagonal matrix of the poles, as the
        // minimum-norm K = Bᵀ·(B·Bᵀ)⁻¹·(A − D)
        let mut d = Mat::zeros(n, n)?;
        let mut i = 0;
        while i < n {
            let p = poles[i];
            d.set(i, i, C::new(p.re, 0.0));
            if p.im != 0.0 && i + 1 < n {
                d.set(i, i + 1, C::new(-p.im, 0.0));
                d.set(i + 1, i + 1, C::new(p.re, 0.0));
                d.set(i + 1, i, C::new(p.im, 0.0));
                i += 1;
            }
            i += 1;
        }
        let amd = am.add_scaled(C::new(-1.0, 0.0), &d)?;
        let bt = bm.t(false)?;
        let y = solve(&bm.mul(&bt)?, &amd).ok_or_else(uncontrollable)?;
        (bt.mul(&y)?, None, f64::NAN, f64::NAN)
    } else if rb < m {
        // SciPy solves z·K = U0ᵀ·(M − A) with z of shape (rank(B), m), which fails
        return Err(Error::out_of_domain(
            OP,
            "B",
            format!("rank(B) = {rb} < {m} columns"),
            "linearly independent columns of B when rank(B) < n: the poles can't be placed",
        ));
    } else {
        let (x, end) = transfer_matrix(&am, &bm, &poles, rb, method, rtol, maxiter)?;
        // M = X·diag(P)·X⁻¹ is A + B·K₊; K₊ = z⁻¹·U0ᵀ·(M − A), K = −K₊ (SciPy solves with A + B·K)
        let (u, r) = qr(&bm)?;
        let u0 = u.cols(&(0..rb).collect::<Vec<_>>())?;
        let z = r.rows(0, rb)?;
        let xt = x.t(false)?;
        let mut dxt = xt.clone();
        for (row, p) in poles.iter().enumerate() {
            for c in 0..n {
                dxt.set(row, c, xt.at(row, c) * p);
            }
        }
        let mm = solve(&xt, &dxt).ok_or_else(uncontrollable)?.t(false)?;
        let rhs = u0.t(false)?.mul(&mm.add_scaled(C::new(-1.0, 0.0), &am)?)?;
        let kp = solve(&z, &rhs).ok_or_else(uncontrollable)?;
        let neg = Mat::zeros(m, n)?.add_scaled(C::new(-1.0, 0.0), &kp)?;
        (neg, Some(x), end.0, end.1)
    };
    let kre: Vec<f64> = k.d.iter().map(|z| z.re).collect();
    // computed poles: the eigenvalues of A − B·K
    let cl = am.add_scaled(C::new(-1.0, 0.0), &bm.mul(&k)?)?;
    let clre: Vec<f64> = cl.d.iter().map(|z| z.re).collect();
    let computed = order_poles(&real_roots(OP, &charpoly(&clre, n)?)?).unwrap_or_default();
    let dev = a.device();
    let up = |p: Vec<C>| -> Result<Array> {
        let len = p.len();
        if p.iter().all(|x| x.im == 0.0) {
            Array::from_vec_on(p.iter().map(|x| x.re).collect::<Vec<f64>>(), &[len], dev)
        } else {
            Array::from_vec_on(p, &[len], dev)
        }
    };
    let x = match x {
        Some(x) => Array::from_vec_on(x.d, &[n, n], dev)?,
        None => cuprum_core::eye_on(n, None, 0, DType::Float64, dev)?,
    };
    Ok(PlacedPoles {
        gain_matrix: Array::from_vec_on(kre, &[m, n], dev)?,
        computed_poles: up(computed)?,
        requested_poles: up(poles)?,
        x,
        rtol: rtol_out,
        nb_iter: iters,
    })
}

/// SciPy's transfer matrix `X` for `rank(B) < n`: for each pole (once per complex pair) the
/// normalized sum of the orthonormal basis of the kernel of `U1ᵀ·(A − λ·I)` from a full QR
/// (a complex pole's real and imaginary parts in two columns), improved by the YT or KNV0
/// iterations when `rank(B) > 1`; returned with each complex pair as `re ∓ i·im`, with the
/// loop's `(rtol, nb_iter)`.
fn transfer_matrix(
    am: &Mat,
    bm: &Mat,
    poles: &[C],
    rb: usize,
    method: PlaceMethod,
    rtol: f64,
    maxiter: usize,
) -> Result<(Mat, (f64, f64))> {
    let n = am.r;
    let (u, _) = qr(bm)?;
    let u1t = u.cols(&(rb..n).collect::<Vec<_>>())?.t(false)?;
    let mut x = Mat::zeros(n, n)?;
    let mut ker: Vec<Mat> = Vec::new();
    let mut j = 0;
    while j < n {
        let p = poles[j];
        let shifted = am.add_scaled(-p, &Mat::eye(n)?)?;
        let space = u1t.mul(&shifted)?.t(false)?;
        let (q, _) = qr(&space)?;
        let kj = q.cols(&(n - rb..n).collect::<Vec<_>>())?;
        let mut t = Mat::zeros(n, 1)?;
        for (i, o) in t.d.iter_mut().enumerate() {
            *o = (0..rb).map(|c| kj.at(i, c)).sum();
        }
        let nt = super::dense::norm(&t.d);
        t.d.iter_mut().for_each(|z| *z /= nt);
        if p.im != 0.0 && j + 1 < n {
            for i in 0..n {
                x.set(i, j, C::new(t.d[i].re, 0.0));
                x.set(i, j + 1, C::new(t.d[i].im, 0.0));
            }
            ker.push(kj.clone());
            ker.push(kj);
            j += 2;
        } else {
            x.set_col(j, &t.d);
            ker.push(kj);
            j += 1;
        }
    }
    let mut end = (0.0, 0.0);
    if rb > 1 {
        let e = update_loop(
            method == PlaceMethod::Yt,
            &ker,
            &mut x,
            poles,
            maxiter,
            rtol,
        )?;
        end = (e.rtol, e.iterations as f64);
    }
    let mut idx = 0;
    while idx + 1 < n {
        if poles[idx].im != 0.0 {
            for i in 0..n {
                let (re, im) = (x.at(i, idx).re, x.at(i, idx + 1).re);
                x.set(i, idx, C::new(re, -im));
                x.set(i, idx + 1, C::new(re, im));
            }
            idx += 1;
        }
        idx += 1;
    }
    Ok((x, end))
}
