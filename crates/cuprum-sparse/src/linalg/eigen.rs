//! Eigenvalues and singular values of large sparse operators: `eigsh` (thick-restart Lanczos),
//! `eigs` (Krylov–Schur-style restarted Arnoldi), `svds` (thick-restart Golub–Kahan–Lanczos
//! bidiagonalization, as IRLBA — never `AᴴA`), `lobpcg`.
//!
//! The Krylov bases are 2-D arrays on the operator's device (one row per basis vector);
//! orthogonalization is classical Gram–Schmidt applied twice (CGS2, two matrix–vector products
//! with the basis per step). The small projected matrices (at most `ncv × ncv`) are read to the
//! host and decomposed there with faer: a few numbers per restart.

use super::direct::{SpLu, host_csr};
use super::util::*;
use super::{AsLinearOperator, LinearOperator};
use crate::{Result, SparseError};
use cuprum_core::{Array, Complex64, DType, Device, SliceItem};
use faer::{Mat, Side};

/// SciPy's `which`: the part of the spectrum wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// largest magnitude (the default)
    LM,
    /// smallest magnitude
    SM,
    /// largest algebraic (real) value — `eigsh`
    LA,
    /// smallest algebraic value — `eigsh`
    SA,
    /// both ends, half from each (one more from the high end when `k` is odd) — `eigsh`
    BE,
    /// largest real part — `eigs`
    LR,
    /// smallest real part — `eigs`
    SR,
    /// largest imaginary part — `eigs`
    LI,
    /// smallest imaginary part — `eigs`
    SI,
}

impl Which {
    /// Parses SciPy's string (`"LM"`, `"SA"`, ...).
    ///
    /// # Errors
    /// [`cuprum_core::Error::BadArgument`] (`which`) for an unknown name.
    pub fn parse(s: &str) -> Result<Which> {
        Ok(match s {
            "LM" => Which::LM,
            "SM" => Which::SM,
            "LA" => Which::LA,
            "SA" => Which::SA,
            "BE" => Which::BE,
            "LR" => Which::LR,
            "SR" => Which::SR,
            "LI" => Which::LI,
            "SI" => Which::SI,
            _ => {
                return Err(SparseError::bad_argument(
                    "eigs",
                    "which",
                    format!("{s:?}"),
                    "one of LM, SM, LA, SA, BE, LR, SR, LI, SI",
                ));
            }
        })
    }
}

/// The keyword arguments of [`eigsh`], [`eigs`] and [`svds`]: `which`, `sigma`, `ncv`,
/// `maxiter`, `tol`, `v0`, `return_eigenvectors` (SciPy's names and defaults: `which = LM`,
/// `ncv = max(2k + 1, 20)` capped at `n`, `maxiter = 10·n` restarts, `tol = 0` meaning machine
/// precision).
///
/// # Example
/// ```
/// use cuprum_sparse::linalg::{EigOptions, Which};
/// let o = EigOptions::new().which(Which::LA).tol(1e-10);
/// assert_eq!(o.which, Which::LA);
/// ```
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct EigOptions {
    /// which eigenvalues (singular values: `LM` largest, `SM` smallest)
    pub which: Which,
    /// shift-invert about `sigma` (`eigsh`/`eigs`: `which` then applies to `1/(λ − σ)`, so
    /// `LM` finds the eigenvalues nearest `sigma`); needs the matrix's entries
    pub sigma: Option<f64>,
    /// the Krylov dimension
    pub ncv: Option<usize>,
    /// restart limit
    pub maxiter: Option<usize>,
    /// relative accuracy of the Ritz values (0: machine precision)
    pub tol: f64,
    /// the starting vector (default: a fixed pseudo-random vector)
    pub v0: Option<Array>,
    /// also compute the vectors
    pub return_eigenvectors: bool,
}

impl Default for EigOptions {
    fn default() -> Self {
        EigOptions {
            which: Which::LM,
            sigma: None,
            ncv: None,
            maxiter: None,
            tol: 0.0,
            v0: None,
            return_eigenvectors: true,
        }
    }
}

impl EigOptions {
    /// SciPy's defaults.
    pub fn new() -> Self {
        Self::default()
    }
    cuprum_core::setters! {
        /// Sets `which`.
        pub fn which(w: Which) => which = w;
        /// Sets `sigma`.
        pub fn sigma(s: f64) => sigma = Some(s);
        /// Sets `ncv`.
        pub fn ncv(n: usize) => ncv = Some(n);
        /// Sets `maxiter`.
        pub fn maxiter(n: usize) => maxiter = Some(n);
        /// Sets `tol`.
        pub fn tol(t: f64) => tol = t;
        /// Sets `v0`.
        pub fn v0(v: Array) => v0 = Some(v);
        /// Sets `return_eigenvectors`.
        pub fn return_eigenvectors(b: bool) => return_eigenvectors = b;
    }
}

fn c0() -> Complex64 {
    Complex64::new(0.0, 0.0)
}

/// A row-per-vector basis on the device.
struct Basis {
    v: Array, // (cap, n)
    dt: DType,
}

impl Basis {
    fn new(cap: usize, n: usize, dt: DType, dev: Device) -> Result<Basis> {
        Ok(Basis {
            v: cuprum_core::zeros_on(&[cap, n], dt, dev)?,
            dt,
        })
    }
    fn row(&self, j: usize) -> Result<Array> {
        Ok(self.v.slice(&[SliceItem::Index(j as isize)])?)
    }
    fn rows(&self, j: usize) -> Result<Array> {
        Ok(self.v.slice(&[SliceItem::Slice {
            start: Some(0),
            stop: Some(j as isize),
            step: 1,
        }])?)
    }
    fn set(&self, j: usize, x: &Array) -> Result<()> {
        Ok(self.row(j)?.assign(x)?)
    }
    /// Orthogonalizes `w` against rows `0..j` (CGS2); returns `(w', h)` with `h` the (device)
    /// coefficients `Vᴴw` (length `j`).
    fn orth(&self, w: &Array, j: usize) -> Result<(Array, Option<Array>)> {
        if j == 0 {
            return Ok((w.clone(), None));
        }
        if let Some((w2, h)) = super::util::cgs2(&self.v, j, w)? {
            return Ok((w2, Some(h)));
        }
        let vj = self.rows(j)?;
        let vc = conj(&vj)?;
        let vt = vj.transpose()?;
        let h1 = cuprum_core::matmul(&vc, w)?;
        let w1 = cuprum_core::subtract(w, &cuprum_core::matmul(&vt, &h1)?)?;
        let h2 = cuprum_core::matmul(&vc, &w1)?;
        let w2 = cuprum_core::subtract(&w1, &cuprum_core::matmul(&vt, &h2)?)?;
        Ok((w2, Some(cuprum_core::add(&h1, &h2)?)))
    }
    /// `C (p × j) @ rows(j)`: new rows from combinations (C given on the host, row-major).
    fn combine(&self, c: &[Complex64], p: usize, j: usize) -> Result<Array> {
        let dev = self.v.device();
        let cm = host_to(c, &[p, j], self.dt, dev)?;
        Ok(cuprum_core::matmul(&cm, &self.rows(j)?)?)
    }
}

/// Host complex values as an array of `dt` on `dev` (real part for a real dtype).
fn host_to(c: &[Complex64], shape: &[usize], dt: DType, dev: Device) -> Result<Array> {
    let a = Array::from_vec_on(c.to_vec(), shape, Device::Cpu)?;
    let a = if dt.is_complex() {
        a.astype(dt)?
    } else {
        cuprum_core::real(&a)?.astype(dt)?
    };
    Ok(a.to_device(dev)?)
}

/// A fixed pseudo-random start vector (the same on every device).
fn start_vector(n: usize, dt: DType, dev: Device, salt: u64) -> Result<Array> {
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15 ^ salt;
    let v: Vec<Complex64> = (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            Complex64::new(((s >> 11) as f64 / (1u64 << 53) as f64) - 0.5, 0.0)
        })
        .collect();
    host_to(&v, &[n], dt, dev)
}

fn normalize(x: &Array) -> Result<(Array, f64)> {
    let nr = read1(&nrm2(x)?)?;
    Ok((scal(hr(if nr > 0.0 { 1.0 / nr } else { 0.0 }), x)?, nr))
}

/// Ordered indices of the `k` wanted values (most wanted first).
fn select(vals: &[Complex64], which: Which, k: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..vals.len()).collect();
    let key = |i: usize| -> f64 {
        let v = vals[i];
        match which {
            Which::LM => -v.norm(),
            Which::SM => v.norm(),
            Which::LA | Which::LR | Which::BE => -v.re,
            Which::SA | Which::SR => v.re,
            Which::LI => -v.im,
            Which::SI => v.im,
        }
    };
    idx.sort_by(|&a, &b| key(a).total_cmp(&key(b)));
    if which == Which::BE {
        // alternate high, low, high, ...
        let mut out = Vec::with_capacity(k);
        let (mut lo, mut hi) = (idx.len(), 0usize);
        let mut take_high = true;
        while out.len() < k.min(idx.len()) {
            if take_high {
                out.push(idx[hi]);
                hi += 1;
            } else {
                lo -= 1;
                out.push(idx[lo]);
            }
            take_high = !take_high;
        }
        return out;
    }
    idx.truncate(k);
    idx
}

/// The restarted Krylov eigensolver shared by `eigsh` and `eigs`. Returns the wanted Ritz
/// values (most wanted first) and, when asked, the Ritz vectors as `(n, k)`.
#[allow(clippy::too_many_arguments)]
fn krylov_schur(
    op: &'static str,
    apply: &dyn Fn(&Array) -> Result<Array>,
    n: usize,
    dt: DType,
    dev: Device,
    k: usize,
    o: &EigOptions,
    hermitian: bool,
) -> Result<(Vec<Complex64>, Option<Array>)> {
    if k == 0 || k >= n {
        return Err(SparseError::bad_argument(
            op,
            "k",
            k,
            format!("0 < k < n = {n}"),
        ));
    }
    let m = o.ncv.unwrap_or((2 * k + 1).max(20)).min(n).max(k + 1);
    let maxiter = o.maxiter.unwrap_or(10 * n).max(1);
    let tol = if o.tol > 0.0 { o.tol } else { eps(dt) };
    let basis = Basis::new(m + 1, n, dt, dev)?;
    let v0 = match &o.v0 {
        Some(v) => as_vec(v, dt)?,
        None => start_vector(n, dt, dev, 1)?,
    };
    let (v0, _) = normalize(&v0)?;
    basis.set(0, &v0)?;
    // H: (m+1) x m, row-major host
    let mut h = vec![c0(); (m + 1) * m];
    let mut kept = 0usize;
    let mut salt = 2u64;
    for iter in 0..maxiter {
        for j in kept..m {
            let w = apply(&basis.row(j)?)?;
            let w = if w.dtype() == dt { w } else { w.astype(dt)? };
            // the CPU float path extends the basis in place (row j + 1 holds the new vector,
            // unnormalized); elsewhere the orthogonalized vector comes back as an array
            let (vals, w) = match super::util::extend(&basis.v, j + 1, &w)? {
                Some((hc, nrm)) => {
                    let mut vals: Vec<Complex64> =
                        hc.into_iter().map(|x| Complex64::new(x, 0.0)).collect();
                    vals.push(Complex64::new(nrm, 0.0));
                    (vals, None)
                }
                None => {
                    let (w, coef) = basis.orth(&w, j + 1)?;
                    let wn = nrm2(&w)?;
                    let coef = coef.expect("j + 1 > 0 rows");
                    (read(&[&coef, &wn])?, Some(w))
                }
            };
            // a NaN or inf in the projection would make the m = n exit (and faer's projected
            // eigenproblem) report NaN eigenvalues as a success (issue 46)
            if vals[..=j + 1]
                .iter()
                .any(|v| !(v.re.is_finite() && v.im.is_finite()))
            {
                return Err(SparseError::InvalidValue {
                    op,
                    detail: format!(
                        "the operator gave a NaN or infinite value at Arnoldi step {j} \
                         (restart {iter})"
                    ),
                });
            }
            for i in 0..=j {
                h[i * m + j] = vals[i];
            }
            let mut beta = vals[j + 1].re;
            let scale: f64 = (0..=j).map(|i| vals[i].norm()).fold(beta, f64::max);
            if beta <= eps(dt) * scale.max(f64::MIN_POSITIVE) * 10.0 {
                // an invariant subspace: continue with a fresh vector orthogonal to the basis
                beta = 0.0;
                let r = start_vector(n, dt, dev, salt)?;
                salt += 1;
                let (r, _) = basis.orth(&r, j + 1)?;
                basis.set(j + 1, &normalize(&r)?.0)?;
            } else {
                match w {
                    Some(w) => basis.set(j + 1, &scal(hr(1.0 / beta), &w)?)?,
                    None => {
                        let done = super::util::scale_row(&basis.v, j + 1, 1.0 / beta);
                        debug_assert!(done, "extend and scale_row take the same bases");
                    }
                }
            }
            h[(j + 1) * m + j] = Complex64::new(beta, 0.0);
        }
        let beta_m = h[m * m + (m - 1)].re;
        // Rayleigh–Ritz on the m x m part
        let hm = Mat::<Complex64>::from_fn(m, m, |i, j| {
            if hermitian {
                (h[i * m + j] + h[j * m + i].conj()) * 0.5
            } else {
                h[i * m + j]
            }
        });
        let (theta, s): (Vec<Complex64>, Mat<Complex64>) = if hermitian {
            let e = hm
                .self_adjoint_eigen(Side::Lower)
                .map_err(|e| SparseError::InvalidValue {
                    op,
                    detail: format!("projected eigenproblem: {e:?}"),
                })?;
            let th = (0..m)
                .map(|i| Complex64::new(e.S().column_vector()[i].re, 0.0))
                .collect();
            (th, e.U().to_owned())
        } else {
            let e = hm.eigen().map_err(|e| SparseError::InvalidValue {
                op,
                detail: format!("projected eigenproblem: {e:?}"),
            })?;
            let th = (0..m).map(|i| e.S().column_vector()[i]).collect();
            let mut u = e.U().to_owned();
            // unit columns
            for j in 0..m {
                let nr = (0..m).map(|i| u[(i, j)].norm_sqr()).sum::<f64>().sqrt();
                if nr > 0.0 {
                    for i in 0..m {
                        u[(i, j)] /= nr;
                    }
                }
            }
            (th, u)
        };
        let want = select(&theta, o.which, k);
        let tmax = want.iter().map(|&i| theta[i].norm()).fold(0.0, f64::max);
        let floor = eps(dt).powf(2.0 / 3.0) * tmax;
        let nconv = want
            .iter()
            .filter(|&&i| beta_m * s[(m - 1, i)].norm() <= tol * theta[i].norm().max(floor))
            .count();
        let converged = nconv == want.len();
        if converged || iter + 1 == maxiter || m == n {
            if !converged && m < n {
                return Err(SparseError::InvalidValue {
                    op,
                    detail: format!(
                        "ARPACK-style iteration did not converge in {maxiter} restarts (ncv = {m})"
                    ),
                });
            }
            let vals: Vec<Complex64> = want.iter().map(|&i| theta[i]).collect();
            let vecs = if o.return_eigenvectors {
                let c: Vec<Complex64> = want
                    .iter()
                    .flat_map(|&i| (0..m).map(move |l| (i, l)))
                    .map(|(i, l)| s[(l, i)])
                    .collect();
                let x = basis.combine(&c, k, m)?; // (k, n)
                Some(x.transpose()?.copy()?)
            } else {
                None
            };
            return Ok((vals, vecs));
        }
        // thick restart with the p most wanted Ritz vectors: the k wanted, a buffer of
        // (m − k)/4 (at least one) that widens the gap to the unwanted part, and, as ARPACK's
        // dsaup2 does against stagnation, one more per converged value (up to (m − k)/2).
        // Keeping a fixed k + (m − k)/2 took 2.5x the matvecs of ARPACK on the 128² Poisson
        // matrix (k = 6, m = 20); this rule takes fewer than ARPACK there.
        let p = (k + ((m - k) / 4).max(1) + nconv.min((m - k) / 2))
            .min(m - 1)
            .max(k);
        let sel = select(&theta, o.which, p);
        // Q: m x p orthonormal basis of the selected eigenvectors
        let q: Mat<Complex64> = if hermitian {
            Mat::from_fn(m, p, |i, j| s[(i, sel[j])])
        } else {
            let sm = Mat::<Complex64>::from_fn(m, p, |i, j| s[(i, sel[j])]);
            sm.qr().compute_thin_Q()
        };
        // new H = Qᴴ Hm Q (p x p), row p = beta_m * Q[m-1, :]
        let hq = &hm * &q;
        let qhq = q.adjoint() * &hq;
        let mut hn = vec![c0(); (m + 1) * m];
        for i in 0..p {
            for j in 0..p {
                hn[i * m + j] = if hermitian && i != j {
                    c0()
                } else {
                    qhq[(i, j)]
                };
            }
            hn[p * m + i] = q[(m - 1, i)] * beta_m;
        }
        let c: Vec<Complex64> = (0..p)
            .flat_map(|j| (0..m).map(move |l| (j, l)))
            .map(|(j, l)| q[(l, j)])
            .collect();
        let newrows = basis.combine(&c, p, m)?; // (p, n)
        let last = basis.row(m)?.copy()?;
        basis
            .v
            .slice(&[SliceItem::Slice {
                start: Some(0),
                stop: Some(p as isize),
                step: 1,
            }])?
            .assign(&newrows)?;
        basis.set(p, &last)?;
        h = hn;
        kept = p;
    }
    unreachable!("the loop returns on its last iteration")
}

fn shift_invert(
    op: &'static str,
    a: &(impl AsLinearOperator + ?Sized),
    sigma: f64,
) -> Result<SpLu> {
    let mut hcsr = host_csr(op, a)?;
    let n = hcsr.n_rows;
    // A − σI: append −σ on the diagonal (the LU sums duplicates)
    let mut indptr = vec![0usize];
    let mut indices = Vec::new();
    let mut data = Vec::new();
    for i in 0..n {
        for k in hcsr.indptr[i]..hcsr.indptr[i + 1] {
            indices.push(hcsr.indices[k]);
            data.push(hcsr.data[k]);
        }
        indices.push(i);
        data.push(Complex64::new(-sigma, 0.0));
        indptr.push(indices.len());
    }
    hcsr.indptr = indptr;
    hcsr.indices = indices;
    hcsr.data = data;
    SpLu::from_host(op, hcsr)
}

/// Eigenpairs of a square operator by [`krylov_schur`] (Hermitian: real working dtype, real
/// Ritz values; else complex), with shift-invert when `o.sigma` is set (the Ritz values `θ` of
/// `(A − σI)⁻¹` map back to `σ + 1/θ`). Returns the wanted values, the vectors and the working
/// dtype and device.
#[allow(clippy::type_complexity)]
fn square_krylov_schur(
    op: &'static str,
    a: &(impl AsLinearOperator + ?Sized),
    k: usize,
    o: &EigOptions,
    hermitian: bool,
) -> Result<(Vec<Complex64>, Option<Array>, DType, Device)> {
    let opr = a.as_linear_operator()?;
    let (m, n) = opr.shape();
    require_square(op, (m, n))?;
    let dt = work_dtype(opr.dtype(), opr.dtype());
    let dt = if hermitian { dt } else { dt.complex_dtype() };
    let dev = opr.device();
    let (vals, vecs) = match o.sigma {
        None => {
            let f = |x: &Array| opr.matvec(x);
            krylov_schur(op, &f, n, dt, dev, k, o, hermitian)?
        }
        Some(sigma) => {
            let lu = shift_invert(op, a, sigma)?;
            let f = |x: &Array| lu.solve(x);
            let (th, v) = krylov_schur(op, &f, n, dt, dev, k, o, hermitian)?;
            let back = |t: &Complex64| {
                if hermitian {
                    Complex64::new(sigma + 1.0 / t.re, 0.0)
                } else {
                    Complex64::new(sigma, 0.0) + 1.0 / t
                }
            };
            (th.iter().map(back).collect(), v)
        }
    };
    Ok((vals, vecs, dt, dev))
}

/// `scipy.sparse.linalg.eigsh`: `k` eigenvalues (and eigenvectors) of a Hermitian operator.
///
/// **Shapes**: `A` is `(n, n)`, `0 < k < n`; returns `w` (1-D of `k`, real, ascending) and
/// `v` (`(n, k)`, column `i` belongs to `w[i]`) when `return_eigenvectors`.
///
/// **Algorithm**: thick-restart Lanczos with full reorthogonalization (the Krylov–Schur
/// restart specialised to Hermitian matrices: Wu & Simon's TRLan), `ncv` basis vectors on the
/// device, the `ncv × ncv` projected eigenproblem on the host (faer). With `sigma`,
/// shift-invert: `OP = (A − σI)⁻¹` through [`splu`](super::splu) (host LU; `which` applies to
/// `1/(λ − σ)`).
///
/// # Errors
/// `k` out of range, a non-square operator, no convergence within `maxiter` restarts,
/// `sigma` on an abstract operator, a singular `A − σI`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{eigsh, EigOptions, Which};
/// let d: Vec<f64> = (1..=30).map(|i| i as f64).collect();
/// let a = cuprum_core::diag(&Array::from_vec_on(d, &[30], Device::Cpu).unwrap(), 0).unwrap();
/// let (w, _) = eigsh(&a, 3, EigOptions::new().which(Which::LA)).unwrap();
/// let w = w.to_vec::<f64>().unwrap();
/// assert!((w[0] - 28.0).abs() < 1e-10 && (w[2] - 30.0).abs() < 1e-10);
/// ```
pub fn eigsh(
    a: &(impl AsLinearOperator + ?Sized),
    k: usize,
    o: EigOptions,
) -> Result<(Array, Option<Array>)> {
    let (vals, vecs, dt, dev) = square_krylov_schur("eigsh", a, k, &o, true)?;
    // ascending, as SciPy
    let mut order: Vec<usize> = (0..vals.len()).collect();
    order.sort_by(|&i, &j| vals[i].re.total_cmp(&vals[j].re));
    let w: Vec<f64> = order.iter().map(|&i| vals[i].re).collect();
    let w = Array::from_vec_on(w, &[k], Device::Cpu)?
        .astype(dt.real_dtype())?
        .to_device(dev)?;
    let v = match vecs {
        Some(v) => {
            let idx = Array::from_vec_on(
                order.iter().map(|&i| i as i64).collect::<Vec<_>>(),
                &[k],
                dev,
            )?;
            Some(cuprum_core::take(
                &v,
                &idx,
                Some(1),
                cuprum_core::IndexMode::Raise,
            )?)
        }
        None => None,
    };
    Ok((w, v))
}

/// `scipy.sparse.linalg.eigs`: `k` eigenvalues (and eigenvectors) of a general square operator.
///
/// **Shapes**: `A` is `(n, n)`, `0 < k < n`; returns `w` (complex, 1-D of `k`, most wanted
/// first) and `v` (`(n, k)`, complex) when `return_eigenvectors`.
///
/// **Algorithm**: restarted Arnoldi in complex arithmetic with a Krylov–Schur-style thick
/// restart (the wanted Ritz vectors, orthonormalized, and the last Arnoldi vector), CGS2 on the
/// device, the projected Hessenberg eigenproblem on the host (faer's QR algorithm). `sigma`
/// gives shift-invert as in [`eigsh`].
///
/// # Errors
/// As [`eigsh`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_sparse::linalg::{eigs, EigOptions};
/// // upper triangular: eigenvalues are the diagonal 1..=25
/// let n = 25;
/// let mut v = vec![0.0f64; n * n];
/// for i in 0..n { v[i * n + i] = (i + 1) as f64; if i + 1 < n { v[i * n + i + 1] = 1.0; } }
/// let a = Array::from_vec_on(v, &[n, n], Device::Cpu).unwrap();
/// let (w, _) = eigs(&a, 2, EigOptions::new()).unwrap();
/// let w = w.to_vec::<Complex64>().unwrap();
/// assert!((w[0] - Complex64::new(25.0, 0.0)).norm() < 1e-8);
/// ```
pub fn eigs(
    a: &(impl AsLinearOperator + ?Sized),
    k: usize,
    o: EigOptions,
) -> Result<(Array, Option<Array>)> {
    let (vals, vecs, dt, dev) = square_krylov_schur("eigs", a, k, &o, false)?;
    let w = host_to(&vals, &[k], dt, dev)?;
    Ok((w, vecs))
}

/// `scipy.sparse.linalg.svds`: the `k` largest (`which = LM`) or smallest (`SM`) singular
/// triplets of an `(m, n)` operator.
///
/// **Shapes**: returns `(u, s, vh)`: `u` `(m, k)`, `s` 1-D of `k` ascending (as SciPy),
/// `vh` `(k, n)`; `u`/`vh` are `None` without `return_eigenvectors`.
///
/// **Algorithm**: Golub–Kahan–Lanczos bidiagonalization with full reorthogonalization of both
/// bases (CGS2 on the device) and thick restarts (Baglama & Reichel's IRLBA); the small
/// `ncv × ncv` bidiagonal-plus-spike matrix is decomposed on the host (faer SVD). `AᴴA` is
/// never formed, so the condition number is not squared. Needs `rmatvec`.
///
/// # Errors
/// `k` out of range (`0 < k < min(m, n)`), no convergence, no `rmatvec`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{svds, EigOptions};
/// let (m, n) = (30, 20);
/// let mut v = vec![0.0f64; m * n];
/// for i in 0..n { v[i * n + i] = (i + 1) as f64; }
/// let a = Array::from_vec_on(v, &[m, n], Device::Cpu).unwrap();
/// let (_, s, _) = svds(&a, 2, EigOptions::new().return_eigenvectors(false)).unwrap();
/// let s = s.to_vec::<f64>().unwrap();
/// assert!((s[0] - 19.0).abs() < 1e-9 && (s[1] - 20.0).abs() < 1e-9);
/// ```
pub fn svds(
    a: &(impl AsLinearOperator + ?Sized),
    k: usize,
    o: EigOptions,
) -> Result<(Option<Array>, Array, Option<Array>)> {
    const OP: &str = "svds";
    let opr = a.as_linear_operator()?;
    let (mr, nc) = opr.shape();
    let mn = mr.min(nc);
    if k == 0 || k >= mn {
        return Err(SparseError::bad_argument(
            OP,
            "k",
            k,
            format!("0 < k < min(m, n) = {mn}"),
        ));
    }
    let dt = work_dtype(opr.dtype(), opr.dtype());
    let dev = opr.device();
    let m = o.ncv.unwrap_or((2 * k + 1).max(20)).min(mn).max(k + 1);
    let maxiter = o.maxiter.unwrap_or(10 * mn).max(1);
    let tol = if o.tol > 0.0 { o.tol } else { eps(dt) };
    let vb = Basis::new(m + 1, nc, dt, dev)?;
    let ub = Basis::new(m, mr, dt, dev)?;
    let v0 = match &o.v0 {
        Some(v) => as_vec(v, dt)?,
        None => start_vector(nc, dt, dev, 7)?,
    };
    vb.set(0, &normalize(&v0)?.0)?;
    let mut b = vec![c0(); m * m]; // B = Uᴴ A V, row-major
    let mut kept = 0usize;
    let mut salt = 11u64;
    let small = o.which == Which::SM;
    for iter in 0..maxiter {
        let mut beta = 0.0;
        for j in kept..m {
            let w = opr.matvec(&vb.row(j)?)?;
            let w = if w.dtype() == dt { w } else { w.astype(dt)? };
            let (w, coef) = ub.orth(&w, j)?;
            let wn = nrm2(&w)?;
            let mut refs: Vec<&Array> = Vec::new();
            if let Some(c) = &coef {
                refs.push(c);
            }
            refs.push(&wn);
            let vals = read(&refs)?;
            for i in 0..j {
                b[i * m + j] = vals[i];
            }
            let alpha = vals[j].re;
            let u = if alpha > 0.0 {
                scal(hr(1.0 / alpha), &w)?
            } else {
                let r = start_vector(mr, dt, dev, salt)?;
                salt += 1;
                normalize(&ub.orth(&r, j)?.0)?.0
            };
            b[j * m + j] = Complex64::new(alpha, 0.0);
            ub.set(j, &u)?;
            let z = opr.rmatvec(&u)?;
            let z = if z.dtype() == dt { z } else { z.astype(dt)? };
            let (z, _) = vb.orth(&z, j + 1)?;
            let (zn, bn) = normalize(&z)?;
            beta = bn;
            let zn = if bn > 0.0 {
                zn
            } else {
                let r = start_vector(nc, dt, dev, salt)?;
                salt += 1;
                normalize(&vb.orth(&r, j + 1)?.0)?.0
            };
            vb.set(j + 1, &zn)?;
        }
        // NaN or inf in the projection: faer's SVD would hand back NaN singular values, which
        // the m = min(m, n) exit reports as a success (issue 46)
        if b.iter().any(|v| !(v.re.is_finite() && v.im.is_finite())) || !beta.is_finite() {
            return Err(SparseError::InvalidValue {
                op: OP,
                detail: format!("the operator gave a NaN or infinite value (restart {iter})"),
            });
        }
        let bm = Mat::<Complex64>::from_fn(m, m, |i, j| b[i * m + j]);
        let f = bm.svd().map_err(|e| SparseError::InvalidValue {
            op: OP,
            detail: format!("projected SVD: {e:?}"),
        })?;
        let sig: Vec<f64> = (0..m).map(|i| f.S().column_vector()[i].re).collect();
        let (pu, qv) = (f.U().to_owned(), f.V().to_owned());
        let vals: Vec<Complex64> = sig.iter().map(|&s| Complex64::new(s, 0.0)).collect();
        let which = if small { Which::SM } else { Which::LM };
        let want = select(&vals, which, k);
        let smax = sig.iter().copied().fold(0.0, f64::max);
        let converged = want
            .iter()
            .all(|&i| beta * pu[(m - 1, i)].norm() <= tol * smax);
        if converged || iter + 1 == maxiter || m == mn {
            if !converged && m < mn {
                return Err(SparseError::InvalidValue {
                    op: OP,
                    detail: format!("did not converge in {maxiter} restarts (ncv = {m})"),
                });
            }
            let mut order = want.clone();
            order.sort_by(|&i, &j| sig[i].total_cmp(&sig[j]));
            let s: Vec<f64> = order.iter().map(|&i| sig[i]).collect();
            let s = Array::from_vec_on(s, &[k], Device::Cpu)?
                .astype(dt.real_dtype())?
                .to_device(dev)?;
            if !o.return_eigenvectors {
                return Ok((None, s, None));
            }
            let cu: Vec<Complex64> = order
                .iter()
                .flat_map(|&i| (0..m).map(move |l| (i, l)))
                .map(|(i, l)| pu[(l, i)])
                .collect();
            let cv: Vec<Complex64> = order
                .iter()
                .flat_map(|&i| (0..m).map(move |l| (i, l)))
                .map(|(i, l)| qv[(l, i)])
                .collect();
            let u = ub.combine(&cu, k, m)?.transpose()?.copy()?; // (m, k)
            // v_i = V q_i; the rows of vh are v_iᴴ
            let vh = conj(&vb.combine(&cv, k, m)?)?;
            return Ok((Some(u), s, Some(vh)));
        }
        let p = (k + (m - k) / 2).min(m - 1).max(k);
        let sel = select(&vals, which, p);
        let cv: Vec<Complex64> = sel
            .iter()
            .flat_map(|&i| (0..m).map(move |l| (i, l)))
            .map(|(i, l)| qv[(l, i)])
            .collect();
        let cu: Vec<Complex64> = sel
            .iter()
            .flat_map(|&i| (0..m).map(move |l| (i, l)))
            .map(|(i, l)| pu[(l, i)])
            .collect();
        let nv = vb.combine(&cv, p, m)?;
        let nu = ub.combine(&cu, p, m)?;
        let last = vb.row(m)?.copy()?;
        vb.v.slice(&[SliceItem::Slice {
            start: Some(0),
            stop: Some(p as isize),
            step: 1,
        }])?
        .assign(&nv)?;
        vb.set(p, &last)?;
        ub.v.slice(&[SliceItem::Slice {
            start: Some(0),
            stop: Some(p as isize),
            step: 1,
        }])?
        .assign(&nu)?;
        let mut bn = vec![c0(); m * m];
        for (jj, &i) in sel.iter().enumerate() {
            bn[jj * m + jj] = Complex64::new(sig[i], 0.0);
        }
        b = bn;
        kept = p;
    }
    unreachable!("the loop returns on its last iteration")
}

/// `scipy.sparse.linalg.lobpcg`: the `k` smallest (or largest) eigenpairs of a Hermitian
/// operator by the locally optimal block preconditioned conjugate gradient method (Knyazev).
///
/// **Shapes**: `x` is the `(n, k)` starting block; returns `(w, v)`: `w` 1-D of `k` (ascending
/// for `largest = false`, descending for `largest = true`, as SciPy), `v` `(n, k)`.
///
/// Options: `m` (preconditioner), `tol` (default `√ε·n`, as SciPy), `maxiter` (default 20),
/// `largest`. The Rayleigh–Ritz step on `[X, W, P]` (at most `3k` columns) runs on the host:
/// its Gram matrices are formed on the device (`SᴴS`, `SᴴAS`), the basis is made orthonormal
/// by an eigendecomposition of the Gram matrix that drops numerically dependent directions.
///
/// # Errors
/// Shape errors; a projected eigenproblem that fails.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::lobpcg;
/// let d: Vec<f64> = (1..=40).map(|i| i as f64).collect();
/// let a = cuprum_core::diag(&Array::from_vec_on(d, &[40], Device::Cpu).unwrap(), 0).unwrap();
/// let x0 = cuprum_core::ones_on(&[40, 2], cuprum_core::DType::Float64, Device::Cpu).unwrap();
/// let x0 = cuprum_core::add(&x0, &cuprum_core::arange_on(0.0, 80.0, 1.0, None, Device::Cpu).unwrap().reshape(&[40, 2]).unwrap()).unwrap();
/// let (w, _) = lobpcg(&a, &x0, None, 1e-8, 200, false).unwrap();
/// let w = w.to_vec::<f64>().unwrap();
/// assert!((w[0] - 1.0).abs() < 1e-6 && (w[1] - 2.0).abs() < 1e-6);
/// ```
pub fn lobpcg(
    a: &(impl AsLinearOperator + ?Sized),
    x: &Array,
    m: Option<&LinearOperator>,
    tol: f64,
    maxiter: usize,
    largest: bool,
) -> Result<(Array, Array)> {
    const OP: &str = "lobpcg";
    let opr = a.as_linear_operator()?;
    let (nr, n) = opr.shape();
    if nr != n || x.ndim() != 2 || x.shape()[0] != n || x.shape()[1] == 0 {
        return Err(SparseError::invalid_shape(
            OP,
            x.shape(),
            format!("X must be (n, k) with n = {n}"),
        ));
    }
    let k = x.shape()[1];
    let dt = work_dtype(opr.dtype(), x.dtype());
    let dev = opr.device();
    let tol = if tol > 0.0 {
        tol
    } else {
        eps(dt).sqrt() * n as f64
    };
    let amat = |blk: &Array| -> Result<Array> {
        let cols = blk.shape()[1];
        let mut out = Vec::with_capacity(cols);
        for j in 0..cols {
            let y = opr.matvec(&blk.index_axis(1, j as isize)?)?;
            out.push(if y.dtype() == dt { y } else { y.astype(dt)? });
        }
        let r: Vec<&Array> = out.iter().collect();
        Ok(cuprum_core::stack(&r, 1)?)
    };
    let gram = |p: &Array, q: &Array| -> Result<Mat<Complex64>> {
        let g = cuprum_core::matmul(&conj(&p.transpose()?)?, q)?;
        let (r, c) = (g.shape()[0], g.shape()[1]);
        let v: Vec<Complex64> = g.astype(DType::Complex128)?.to_vec()?;
        Ok(Mat::from_fn(r, c, |i, j| v[i * c + j]))
    };
    let mut xb = x.astype(dt)?;
    let mut pb: Option<Array> = None;
    let mut lam = vec![0.0f64; k];
    for it in 0..maxiter.max(1) {
        // Rayleigh–Ritz basis S = [X, W, P]
        let ax = amat(&xb)?;
        let gx = gram(&xb, &xb)?;
        let gax = gram(&xb, &ax)?;
        let (c, th) = rayleigh_ritz(OP, &gx, &gax, k, largest)?;
        let cm = host_to(&flat(&c), &[c.nrows(), c.ncols()], dt, dev)?;
        xb = cuprum_core::matmul(&xb, &cm)?;
        let axr = cuprum_core::matmul(&ax, &cm)?;
        lam = th.clone();
        // residuals R = A X − X Λ
        let lm = host_to(
            &lam.iter()
                .map(|&l| Complex64::new(l, 0.0))
                .collect::<Vec<_>>(),
            &[1, k],
            dt,
            dev,
        )?;
        let rres = cuprum_core::subtract(&axr, &cuprum_core::multiply(&xb, &lm)?)?;
        let rn = cuprum_core::sqrt(&cuprum_core::sum(
            &cuprum_core::real(&cuprum_core::multiply(&conj(&rres)?, &rres)?)?,
            0,
            false,
        )?)?;
        let rnv: Vec<f64> = rn.astype(DType::Float64)?.to_vec()?;
        if rnv.iter().any(|r| !r.is_finite()) {
            return Err(SparseError::InvalidValue {
                op: OP,
                detail: format!("a residual norm is NaN or infinite at iteration {it}"),
            });
        }
        if rnv.iter().all(|&r| r <= tol) {
            break;
        }
        let w = match m {
            Some(mm) => {
                let mut cols = Vec::with_capacity(k);
                for j in 0..k {
                    let y = mm.matvec(&rres.index_axis(1, j as isize)?)?;
                    cols.push(if y.dtype() == dt { y } else { y.astype(dt)? });
                }
                let r: Vec<&Array> = cols.iter().collect();
                cuprum_core::stack(&r, 1)?
            }
            None => rres.clone(),
        };
        let mut parts: Vec<&Array> = vec![&xb, &w];
        if let Some(p) = &pb {
            parts.push(p);
        }
        let s = cuprum_core::concatenate(&parts, 1)?;
        let as_ = amat(&s)?;
        let gs = gram(&s, &s)?;
        let gas = gram(&s, &as_)?;
        let (c, th) = rayleigh_ritz(OP, &gs, &gas, k, largest)?;
        let cm = host_to(&flat(&c), &[c.nrows(), c.ncols()], dt, dev)?;
        let xn = cuprum_core::matmul(&s, &cm)?;
        // P = the W and P components of the new X
        let cp = cm.slice(&[SliceItem::Slice {
            start: Some(k as isize),
            stop: None,
            step: 1,
        }])?;
        let sp = s.slice(&[
            SliceItem::Slice {
                start: None,
                stop: None,
                step: 1,
            },
            SliceItem::Slice {
                start: Some(k as isize),
                stop: None,
                step: 1,
            },
        ])?;
        pb = Some(cuprum_core::matmul(&sp, &cp)?);
        xb = xn;
        lam = th;
    }
    let w = Array::from_vec_on(lam, &[k], Device::Cpu)?
        .astype(dt.real_dtype())?
        .to_device(dev)?;
    Ok((w, xb))
}

fn flat(c: &Mat<Complex64>) -> Vec<Complex64> {
    let (r, cc) = (c.nrows(), c.ncols());
    (0..r)
        .flat_map(|i| (0..cc).map(move |j| (i, j)))
        .map(|(i, j)| c[(i, j)])
        .collect()
}

/// Rayleigh–Ritz for the pencil `(G_A, G)`: coefficients `C` (`s × k`, `Cᴴ G C = I`) of the
/// `k` wanted Ritz vectors and their values.
fn rayleigh_ritz(
    op: &'static str,
    g: &Mat<Complex64>,
    ga: &Mat<Complex64>,
    k: usize,
    largest: bool,
) -> Result<(Mat<Complex64>, Vec<f64>)> {
    let s = g.nrows();
    let gs = Mat::<Complex64>::from_fn(s, s, |i, j| (g[(i, j)] + g[(j, i)].conj()) * 0.5);
    let e = gs
        .self_adjoint_eigen(Side::Lower)
        .map_err(|e| SparseError::InvalidValue {
            op,
            detail: format!("Gram eigenproblem: {e:?}"),
        })?;
    let ev: Vec<f64> = (0..s).map(|i| e.S().column_vector()[i].re).collect();
    let emax = ev.iter().copied().fold(0.0, f64::max);
    let keep: Vec<usize> = (0..s)
        .filter(|&i| ev[i] > emax * 1e-12 * s as f64)
        .collect();
    let r = keep.len();
    if r < k {
        return Err(SparseError::InvalidValue {
            op,
            detail: format!("the block basis has rank {r} < k = {k}"),
        });
    }
    let u = e.U();
    let t = Mat::<Complex64>::from_fn(s, r, |i, j| u[(i, keep[j])] / ev[keep[j]].sqrt());
    let red = t.adjoint() * ga * &t;
    let red = Mat::<Complex64>::from_fn(r, r, |i, j| (red[(i, j)] + red[(j, i)].conj()) * 0.5);
    let e2 = red
        .self_adjoint_eigen(Side::Lower)
        .map_err(|e| SparseError::InvalidValue {
            op,
            detail: format!("projected eigenproblem: {e:?}"),
        })?;
    let vals: Vec<f64> = (0..r).map(|i| e2.S().column_vector()[i].re).collect();
    let idx: Vec<usize> = if largest {
        (0..k).map(|i| r - 1 - i).collect()
    } else {
        (0..k).collect()
    };
    let y = e2.U();
    let ysel = Mat::<Complex64>::from_fn(r, k, |i, j| y[(i, idx[j])]);
    let c = &t * &ysel;
    Ok((c, idx.iter().map(|&i| vals[i]).collect()))
}
