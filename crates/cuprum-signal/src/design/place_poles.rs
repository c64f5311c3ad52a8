//! Pole placement by full-state feedback (`place_poles`) for the systems whose gain is unique:
//! a single effective input (rank(B) = 1, Ackermann's formula) or a full-row-rank B (SciPy's
//! least-squares solution); the robust multi-input methods of SciPy (YT, KNV0 iterations for
//! 1 < rank(B) < n) are not implemented. Host linear algebra on the tiny matrices, in float64.

use super::convert::real_roots;
use super::ss::charpoly;
use cuprum_core::ext::try_vec_filled;
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
    /// SciPy's `rtol`: 0 for one input, NaN for a full-rank `B` (no iteration in either case)
    pub rtol: f64,
    /// SciPy's `nb_iter`: 0 for one input, NaN for a full-rank `B`
    pub nb_iter: f64,
}

fn host(arg: &'static str, a: &Array) -> Result<(Vec<f64>, usize, usize)> {
    if a.ndim() != 2 {
        return Err(Error::bad_shape(OP, arg, a.shape(), "a 2-D array"));
    }
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
    if real.len() != p.len() {
        return Err(Error::out_of_domain(
            OP,
            "poles",
            format!("{p:?}"),
            "complex poles with their conjugates",
        ));
    }
    Ok(real)
}

/// Solves `m·x = rhs` (n × n, row-major, `k` right-hand sides as columns of `rhs` n × k) by
/// Gaussian elimination with partial pivoting; `None` when singular.
fn solve(mut m: Vec<f64>, mut rhs: Vec<f64>, n: usize, k: usize) -> Option<Vec<f64>> {
    let scale = m
        .iter()
        .fold(0.0f64, |a, &b| a.max(b.abs()))
        .max(f64::MIN_POSITIVE);
    for c in 0..n {
        let piv = (c..n).max_by(|&i, &j| m[i * n + c].abs().total_cmp(&m[j * n + c].abs()))?;
        if m[piv * n + c].abs() <= 1e-13 * scale {
            return None;
        }
        for j in 0..n {
            m.swap(c * n + j, piv * n + j);
        }
        for j in 0..k {
            rhs.swap(c * k + j, piv * k + j);
        }
        for i in c + 1..n {
            let f = m[i * n + c] / m[c * n + c];
            for j in c..n {
                m[i * n + j] -= f * m[c * n + j];
            }
            for j in 0..k {
                rhs[i * k + j] -= f * rhs[c * k + j];
            }
        }
    }
    for c in (0..n).rev() {
        for j in 0..k {
            let mut s = rhs[c * k + j];
            for l in c + 1..n {
                s -= m[c * n + l] * rhs[l * k + j];
            }
            rhs[c * k + j] = s / m[c * n + c];
        }
    }
    Some(rhs)
}

fn matmul(a: &[f64], b: &[f64], n: usize, k: usize, m: usize) -> Result<Vec<f64>> {
    let mut out = try_vec_filled(n * m, 0.0)?;
    for i in 0..n {
        for l in 0..k {
            let x = a[i * k + l];
            for j in 0..m {
                out[i * m + j] += x * b[l * m + j];
            }
        }
    }
    Ok(out)
}

/// The numerical rank of `b` (n × m) by Gaussian elimination with full pivoting.
fn rank(b: &[f64], n: usize, m: usize) -> Result<usize> {
    let mut a = b.to_vec();
    let tol = a.iter().fold(0.0f64, |x, &y| x.max(y.abs())) * (n.max(m) as f64) * f64::EPSILON;
    let mut r = 0;
    let mut used_c = try_vec_filled(m, false)?;
    let mut used_r = try_vec_filled(n, false)?;
    loop {
        let mut best = (0, 0, 0.0f64);
        for i in (0..n).filter(|&i| !used_r[i]) {
            for j in (0..m).filter(|&j| !used_c[j]) {
                if a[i * m + j].abs() > best.2 {
                    best = (i, j, a[i * m + j].abs());
                }
            }
        }
        if best.2 <= tol {
            return Ok(r);
        }
        let (pi, pj) = (best.0, best.1);
        used_r[pi] = true;
        used_c[pj] = true;
        r += 1;
        for i in (0..n).filter(|&i| !used_r[i]) {
            let f = a[i * m + pj] / a[pi * m + pj];
            for j in 0..m {
                a[i * m + j] -= f * a[pi * m + j];
            }
        }
    }
}

/// The gain `K` placing the poles of `A − B·K` at `poles` by full-state feedback
/// (`scipy.signal.place_poles`), for one effective input or a full-row-rank `B`.
///
/// **Shapes**: `A` `(n, n)`, `B` `(n, m)`, `poles` `n` values (complex ones in conjugate
/// pairs) → [`PlacedPoles`] with `gain_matrix` `(m, n)` float64, `computed_poles` and
/// `requested_poles` `(n,)` (float64 when all real, complex128 otherwise), on `A`'s device.
///
/// With `rank(B) = 1` the gain is unique and is what SciPy's YT and KNV0 both return
/// (Ackermann's formula on the rank-1 part of `B`); with `rank(B) = n` it is SciPy's
/// minimum-norm least-squares `K = −B⁺·(D − A)`, `D` the real block-diagonal matrix of the
/// poles. `method`, `rtol` and `maxiter` are SciPy's and only checked, since neither case
/// iterates.
///
/// # Errors
/// [`Error::BadShape`] naming `signal.place_poles` for a non-square `A`, a `B` with other
/// than `n` rows, or not `n` poles; [`Error::OutOfDomain`] for complex poles without their
/// conjugates, complex poles with KNV0, a pole repeated more than `rank(B)` times, `maxiter
/// < 1`, `rtol > 1`, non-finite entries; [`Error::Unsupported`] for `1 < rank(B) < n` (SciPy's
/// iterative robust placement); [`Error::OutOfDomain`] naming `poles` when the system is not
/// controllable.
///
/// **Algorithm**: host float64 linear algebra: the controllability matrix and Gaussian
/// elimination (one input), the normal equations of `B` (full rank); the computed poles as the
/// roots of the characteristic polynomial of `A − B·K`.
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
    if n != n2 {
        return Err(Error::bad_shape(OP, "A", a.shape(), "a square matrix"));
    }
    let (bv, nb, m) = host("B", b)?;
    if nb != n {
        return Err(Error::bad_shape(
            OP,
            "B",
            b.shape(),
            format!("({n}, m): as many rows as A"),
        ));
    }
    if poles.len() != n {
        return Err(Error::bad_shape(
            OP,
            "poles",
            &[poles.len()],
            format!("({n},): one pole per state"),
        ));
    }
    if let Some(p) = poles
        .iter()
        .find(|p| !(p.re.is_finite() && p.im.is_finite()))
    {
        return Err(Error::out_of_domain(OP, "poles", p, "finite values"));
    }
    let poles = order_poles(poles)?;
    if maxiter < 1 {
        return Err(Error::out_of_domain(OP, "maxiter", maxiter, "[1, inf)"));
    }
    if rtol.is_nan() || rtol > 1.0 {
        return Err(Error::out_of_domain(OP, "rtol", rtol, "(-inf, 1]"));
    }
    if method == PlaceMethod::Knv0 && poles.iter().any(|p| p.im != 0.0) {
        return Err(Error::out_of_domain(
            OP,
            "poles",
            format!("{poles:?}"),
            "real poles with method KNV0",
        ));
    }
    let rb = rank(&bv, n, m)?;
    for p in &poles {
        if poles.iter().filter(|q| *q == p).count() > rb {
            return Err(Error::out_of_domain(
                OP,
                "poles",
                p,
                format!("poles repeated at most rank(B) = {rb} times"),
            ));
        }
    }
    let uncontrollable = || {
        Error::out_of_domain(
            OP,
            "poles",
            format!("{poles:?}"),
            "a controllable (A, B): these poles can't be placed",
        )
    };
    let (k, rtol_out, iters) = if rb == n {
        // K = B^T (B B^T)^{-1} (A - D)
        let mut d = try_vec_filled(n * n, 0.0)?;
        let mut i = 0;
        while i < n {
            let p = poles[i];
            d[i * n + i] = p.re;
            if p.im != 0.0 {
                d[i * n + i + 1] = -p.im;
                d[(i + 1) * n + i + 1] = p.re;
                d[(i + 1) * n + i] = p.im;
                i += 1;
            }
            i += 1;
        }
        let amd: Vec<f64> = av.iter().zip(&d).map(|(x, y)| x - y).collect();
        let bt: Vec<f64> = (0..m * n).map(|idx| bv[(idx % n) * m + idx / n]).collect();
        let bbt = matmul(&bv, &bt, n, m, n)?;
        let y = solve(bbt, amd, n, n).ok_or_else(uncontrollable)?;
        (matmul(&bt, &y, m, n, n)?, f64::NAN, f64::NAN)
    } else if rb == 1 {
        // B = u·v^T with u the column of largest norm: A − u·(v^T K) and Ackermann on (A, u)
        let j0 = (0..m)
            .max_by(|&x, &y| {
                let nx: f64 = (0..n).map(|i| bv[i * m + x].powi(2)).sum();
                let ny: f64 = (0..n).map(|i| bv[i * m + y].powi(2)).sum();
                nx.total_cmp(&ny)
            })
            .unwrap_or(0);
        let u: Vec<f64> = (0..n).map(|i| bv[i * m + j0]).collect();
        // controllability matrix [u, Au, ..., A^{n-1}u] (n × n)
        let mut ctrl = try_vec_filled(n * n, 0.0)?;
        let mut col = u.clone();
        for c in 0..n {
            for i in 0..n {
                ctrl[i * n + c] = col[i];
            }
            col = matmul(&av, &col, n, n, 1)?;
        }
        // φ(A) = Π (A − p_i I), real for conjugate pairs
        let coef = super::zpk::poly_real(&poles);
        let mut phi = try_vec_filled(n * n, 0.0)?;
        for &c in &coef {
            phi = matmul(&phi, &av, n, n, n)?;
            for i in 0..n {
                phi[i * n + i] += c;
            }
        }
        // k_u^T = e_n^T ctrl^{-1} φ(A): solve ctrl^T z = e_n, then k_u = φ(A)^T z
        let ct: Vec<f64> = (0..n * n)
            .map(|idx| ctrl[(idx % n) * n + idx / n])
            .collect();
        let mut en = try_vec_filled(n, 0.0)?;
        en[n - 1] = 1.0;
        let z = solve(ct, en, n, 1).ok_or_else(uncontrollable)?;
        let ku: Vec<f64> = (0..n)
            .map(|j| (0..n).map(|i| z[i] * phi[i * n + j]).sum())
            .collect();
        // B·K = u·ku^T with K = w·ku^T, B·w = u: w the minimum-norm solution (B = u v^T, so
        // w = v/|v|², v_j = (u·b_j)/|u|²)
        let uu: f64 = u.iter().map(|x| x * x).sum();
        let v: Vec<f64> = (0..m)
            .map(|j| (0..n).map(|i| u[i] * bv[i * m + j]).sum::<f64>() / uu)
            .collect();
        let vv: f64 = v.iter().map(|x| x * x).sum();
        let mut k = try_vec_filled(m * n, 0.0)?;
        for r in 0..m {
            for c in 0..n {
                k[r * n + c] = v[r] / vv * ku[c];
            }
        }
        (k, 0.0, 0.0)
    } else {
        return Err(Error::unsupported(
            OP,
            format!("1 < rank(B) = {rb} < n = {n}: SciPy's iterative YT/KNV0 robust placement"),
        ));
    };
    // computed poles: the eigenvalues of A − B·K
    let bk = matmul(&bv, &k, n, m, n)?;
    let cl: Vec<f64> = av.iter().zip(&bk).map(|(x, y)| x - y).collect();
    let computed = order_poles(&real_roots(OP, &charpoly(&cl, n)?)?).unwrap_or_default();
    let dev = a.device();
    let up = |p: Vec<C>| -> Result<Array> {
        let len = p.len();
        if p.iter().all(|x| x.im == 0.0) {
            Array::from_vec_on(p.iter().map(|x| x.re).collect::<Vec<f64>>(), &[len], dev)
        } else {
            Array::from_vec_on(p, &[len], dev)
        }
    };
    Ok(PlacedPoles {
        gain_matrix: Array::from_vec_on(k, &[m, n], dev)?,
        computed_poles: up(computed)?,
        requested_poles: up(poles)?,
        rtol: rtol_out,
        nb_iter: iters,
    })
}
