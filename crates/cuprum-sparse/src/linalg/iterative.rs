//! Krylov solvers for square systems: `cg`, `bicg`, `bicgstab`, `cgs`, `gmres`, `lgmres`,
//! `minres`, `qmr`, `tfqmr` (`scipy.sparse.linalg`'s names, arguments and info codes).
//!
//! Every vector stays on the operator's device and every vector step is one of core's array
//! ops; the scalars of a recurrence stay 0-d arrays on the device where the next vector step
//! needs them, and the host reads a few scalars once per iteration for the convergence test
//! (BiCGSTAB and TFQMR: twice, one read per half step).
//!
//! Info codes, as SciPy: `0` converged; `> 0` the iteration count reached without convergence;
//! `< 0` breakdown (`-10`: a recurrence scalar became zero or not finite).
//!
//! Non-finite values (issue 46): every solver tests a residual norm through [`verdict`], which
//! gives `-10` at once for a NaN or infinite norm, before the `‖r‖ ≤ atol` test, so no solver
//! reports convergence with a non-finite residual; a `b` holding NaN or inf gives `-10` before
//! the first iteration. SciPy runs on to `maxiter` and returns `info = maxiter` in these cases
//! (its tests are `‖r‖ < atol`, false for NaN); no later iterate can be finite, so cuprum
//! stops at once (docs/ARCHITECTURE.md, Decisions).

use super::util::*;
use super::{AsLinearOperator, LinearOperator, SolveOptions};
use crate::{Result, SparseError};
use cuprum_core::{Array, Complex64, DType, Device};

/// What every solver starts from.
pub(crate) struct System<'a> {
    pub a: LinearOperator,
    pub m: Option<LinearOperator>,
    pub x: Array,
    pub b: Array,
    pub dt: DType,
    pub n: usize,
    pub bnrm: f64,
    pub atol: f64,
    pub x0_given: bool,
    pub callback: Option<super::options::Callback<'a>>,
    pub maxiter: Option<usize>,
    pub rtol: f64,
    pub check_every: Option<usize>,
}

pub(crate) fn make_system<'a>(
    op: &'static str,
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    o: SolveOptions<'a>,
) -> Result<System<'a>> {
    let a = a.as_linear_operator()?;
    let (m, n) = a.shape();
    require_square(op, (m, n))?;
    if b.size() != n || b.ndim() > 2 || (b.ndim() == 2 && b.shape()[1] != 1) {
        return Err(SparseError::ShapeMismatch {
            op,
            a: (m, n),
            b: (b.size(), 1),
        });
    }
    if b.device() != a.device() {
        return Err(SparseError::device_mismatch(op, a.device(), b.device()));
    }
    if o.rtol.is_nan() || o.rtol < 0.0 {
        return Err(SparseError::out_of_domain(op, "rtol", o.rtol, "[0, inf)"));
    }
    if o.atol.is_nan() || o.atol < 0.0 {
        return Err(SparseError::out_of_domain(op, "atol", o.atol, "[0, inf)"));
    }
    let dt = work_dtype(a.dtype(), b.dtype());
    let b = as_vec(b, dt)?;
    let x0_given = o.x0.is_some();
    let x = match &o.x0 {
        Some(x0) => {
            check_x0(op, x0, (m, n))?;
            // a copy: the solver never writes into the caller's array, but keep it distinct
            as_vec(x0, dt)?.copy()?
        }
        None => cuprum_core::zeros_on(&[n], dt, a.device())?,
    };
    if let Some(mm) = &o.m
        && mm.shape() != (n, n)
    {
        return Err(SparseError::ShapeMismatch {
            op,
            a: (n, n),
            b: mm.shape(),
        });
    }
    let bnrm = read1(&nrm2(&b)?)?;
    Ok(System {
        a,
        m: o.m,
        x,
        b,
        dt,
        n,
        bnrm,
        atol: o.atol.max(o.rtol * bnrm),
        x0_given,
        callback: o.callback,
        maxiter: o.maxiter,
        rtol: o.rtol,
        check_every: o.check_every,
    })
}

impl System<'_> {
    /// `y` in the working dtype.
    fn in_dt(&self, y: Array) -> Result<Array> {
        Ok(if y.dtype() == self.dt {
            y
        } else {
            y.astype(self.dt)?
        })
    }
    /// `A v` in the working dtype.
    pub fn av(&self, v: &Array) -> Result<Array> {
        self.in_dt(self.a.matvec(v)?)
    }
    /// `Aᴴ v`.
    pub fn ahv(&self, v: &Array) -> Result<Array> {
        self.in_dt(self.a.rmatvec(v)?)
    }
    /// `M v` (the identity without a preconditioner).
    pub fn mv(&self, v: &Array) -> Result<Array> {
        match &self.m {
            None => Ok(v.clone()),
            Some(m) => self.in_dt(m.matvec(v)?),
        }
    }
    /// `Mᴴ v`.
    pub fn mhv(&self, v: &Array) -> Result<Array> {
        match &self.m {
            None => Ok(v.clone()),
            Some(m) => self.in_dt(m.rmatvec(v)?),
        }
    }
    /// `b − A x` (just `b` for a zero start).
    pub fn residual(&self) -> Result<Array> {
        if self.x0_given {
            Ok(cuprum_core::subtract(&self.b, &self.av(&self.x)?)?)
        } else {
            Ok(self.b.clone())
        }
    }
    pub fn call(&mut self, x: &Array) {
        if let Some(cb) = self.callback.as_mut() {
            cb(x);
        }
    }
    pub fn maxiter_or(&self, default: usize) -> usize {
        self.maxiter.unwrap_or(default)
    }
}

fn bad(x: f64) -> bool {
    !x.is_finite()
}

/// `info` for a breakdown: a recurrence scalar zero or a residual norm not finite.
pub(crate) const BREAKDOWN: i64 = -10;

/// The convergence test of every solver on a residual norm `rn` read on the host:
/// `Some(BREAKDOWN)` when `rn` is NaN or infinite (tested first: an infinite `atol` must not
/// accept it), `Some(0)` when `rn ≤ atol`, `None` to go on.
pub(crate) fn verdict(rn: f64, atol: f64) -> Option<i64> {
    if bad(rn) {
        Some(BREAKDOWN)
    } else if rn <= atol {
        Some(0)
    } else {
        None
    }
}

impl System<'_> {
    /// The answer before the first iteration, if there is one: `b = 0` gives `x = 0`,
    /// `info = 0` (SciPy's `if bnrm2 == 0: return b, 0`); a `b` holding NaN or inf gives the
    /// start vector with `info = -10`.
    pub fn early(&self) -> Result<Option<(Array, i64)>> {
        if self.bnrm == 0.0 {
            return Ok(Some((self.b.copy()?, 0)));
        }
        if bad(self.bnrm) {
            return Ok(Some((self.x.clone(), BREAKDOWN)));
        }
        Ok(None)
    }

    /// The answer after `maxiter` iterations from one more read of `‖r‖`: `0` when it passes,
    /// `-10` when it is not finite, else `maxiter`.
    pub fn finish(&self, x: Array, r: &Array, maxiter: usize) -> Result<(Array, i64)> {
        let rn = read1(&nrm2(r)?)?;
        Ok((x, verdict(rn, self.atol).unwrap_or(maxiter as i64)))
    }
}

/// What [`start`] gives: the system, `maxiter`, the start `x` and its residual, or the
/// answer before the first iteration ([`System::early`]).
type Started<'a> = std::result::Result<(System<'a>, usize, Array, Array), (Array, i64)>;

/// [`make_system`], then [`System::early`]'s answer if there is one, else the system with
/// `maxiter` (`default_maxiter(n)` unless given), `x0` and `b − A x0`.
fn start<'a>(
    op: &'static str,
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'a>,
    default_maxiter: impl FnOnce(usize) -> usize,
) -> Result<Started<'a>> {
    let s = make_system(op, a, b, opts)?;
    if let Some(out) = s.early()? {
        return Ok(Err(out));
    }
    let maxiter = s.maxiter_or(default_maxiter(s.n));
    let (x, r) = (s.x.clone(), s.residual()?);
    Ok(Ok((s, maxiter, x, r)))
}

/// `ρ = r̃ᴴr` and `‖r‖` in one host read, and the verdict on them (BiCGSTAB and CGS): as
/// [`verdict`], and `|ρ| < tiny` (or not finite) is a breakdown.
fn rho_verdict(rt: &Array, r: &Array, atol: f64, tiny: f64) -> Result<(Array, Option<i64>)> {
    let rho = dotc(rt, r)?;
    let h = read(&[&nrm2(r)?, &rho])?;
    let v = verdict(h[0].re, atol);
    let rn = h[1].norm();
    Ok(match v {
        None if rn < tiny || bad(rn) => (rho, Some(BREAKDOWN)),
        v => (rho, v),
    })
}

/// Conjugate gradients for Hermitian positive definite `A` (`scipy.sparse.linalg.cg`).
///
/// **Shapes**: `A` is `(n, n)`, `b` has `n` elements; returns `(x, info)` with `x` 1-D of `n`.
///
/// Options: `x0`, `rtol`, `atol`, `maxiter` (default `10·n`), `M` (an SPD preconditioner),
/// `callback`. Stops when `‖r‖ ≤ max(atol, rtol·‖b‖)`; one host read (`‖r‖`) per iteration,
/// or on CUDA without `M` and `callback` one every `check_every` iterations (the test itself
/// runs on the device each iteration: the same iterates and `info`).
/// Without `M` the residual norm comes from `ρ = rᴴr`, one reduction; on CUDA each vector
/// update `y + a·x` is one kernel (`sp_axpy`) for float32/float64.
///
/// # Errors
/// A non-square `A`, a `b`/`x0` of the wrong length, operands on different devices.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{cg, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 1.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = cg(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// let x = x.to_vec::<f64>().unwrap();
/// assert!((x[0] - 1.0 / 11.0).abs() < 1e-10 && (x[1] - 7.0 / 11.0).abs() < 1e-10);
/// ```
pub fn cg(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let (mut s, maxiter, mut x, mut r) = match start("cg", a, b, opts, |n| 10 * n)? {
        Ok(st) => st,
        Err(out) => return Ok(out),
    };
    let mut p: Option<Array> = None;
    let mut rho_prev: Option<Array> = None;
    // rᴴr of the residual, when the last update computed it (CUDA float vectors)
    let mut rr: Option<Array> = None;
    // the device-side test (CUDA, no preconditioner, no callback): `[atol, iteration, info]`,
    // the iteration -1 until the fused update's reduction reaches a verdict; read every
    // `every` iterations; later updates leave x and r as they are
    let every = s.check_every.unwrap_or(CHECK_EVERY).max(1);
    let mut state = match x.device() {
        Device::Cuda(_) if s.m.is_none() && s.callback.is_none() && every > 1 => Some(
            Array::from_vec_on(vec![s.atol, -1.0, 0.0], &[3], x.device())?,
        ),
        _ => None,
    };
    let verdict_of = |st: &Array| -> Result<Option<i64>> {
        let v = st.to_vec::<f64>()?;
        Ok((v[1] >= 0.0).then_some(v[2] as i64))
    };
    for it in 0..maxiter {
        // without a preconditioner z = r and rho = rᴴr = ‖r‖²: one reduction serves both
        let (z, rho, rn) = if s.m.is_none() {
            let rho = match rr.take() {
                Some(v) => v,
                None => dotc(&r, &r)?,
            };
            match &state {
                Some(st) if it > 0 => {
                    if it % every == 0
                        && let Some(info) = verdict_of(st)?
                    {
                        return Ok((x, info));
                    }
                    (r.clone(), rho, 0.0)
                }
                _ => {
                    let rr = read1(&rho)?;
                    // a rounding-negative rᴴr is 0; NaN stays NaN (`f64::max` would make it 0)
                    (r.clone(), rho, if rr < 0.0 { 0.0 } else { rr.sqrt() })
                }
            }
        } else {
            let rn = read1(&nrm2(&r)?)?;
            let z = s.mv(&r)?;
            let rho = dotc(&r, &z)?;
            (z, rho, rn)
        };
        if (state.is_none() || it == 0)
            && let Some(info) = verdict(rn, s.atol)
        {
            return Ok((x, info));
        }
        let pk = match (&p, &rho_prev) {
            (Some(p), Some(rp)) if it > 0 => axpy_ratio(&rho, rp, false, p, &z)?,
            _ => z.copy()?,
        };
        let q = s.av(&pk)?;
        // alpha = rho / (p·q) inside the updates: no kernels of its own; on CUDA both updates
        // and the next rᴴr in one pass
        let pq = dotc(&pk, &q)?;
        let fused = if s.m.is_none() {
            crate::kernels::cuda::cg_step(&rho, &pq, &pk, &q, &x, &r, state.as_ref(), it)?
        } else {
            None
        };
        match fused {
            Some((x2, r2, rr2)) => {
                x = x2;
                r = r2;
                rr = Some(rr2);
            }
            _ => {
                // the vectors do not fit the fused update: the host tests from here on
                if let Some(st) = state.take()
                    && let Some(info) = verdict_of(&st)?
                {
                    return Ok((x, info));
                }
                x = axpy_ratio(&rho, &pq, false, &pk, &x)?;
                r = axpy_ratio(&rho, &pq, true, &q, &r)?;
            }
        }
        rho_prev = Some(rho);
        p = Some(pk);
        s.call(&x);
    }
    if let Some(st) = &state
        && let Some(info) = verdict_of(st)?
    {
        return Ok((x, info));
    }
    s.finish(x, &r, maxiter)
}

/// How often `cg` on CUDA reads its device-side convergence test by default (the
/// `check_every` field of [`SolveOptions`]).
pub const CHECK_EVERY: usize = 8;

/// Biconjugate gradients (`scipy.sparse.linalg.bicg`); needs `Aᴴ` (`rmatvec`).
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `atol`, `maxiter` (default `10·n`), `M` (with
/// its `rmatvec`), `callback`. One host read per iteration.
///
/// # Errors
/// As [`cg`]; [`SparseError::NotSupported`] when the operator has no `rmatvec`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{bicg, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = bicg(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// let x = x.to_vec::<f64>().unwrap();
/// assert!((x[0] - 1.0).abs() < 1e-10 && (x[1] - 1.0).abs() < 1e-10);
/// ```
pub fn bicg(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let (mut s, maxiter, mut x, mut r) = match start("bicg", a, b, opts, |n| 10 * n)? {
        Ok(st) => st,
        Err(out) => return Ok(out),
    };
    let mut rt = r.copy()?;
    let mut p: Option<(Array, Array)> = None;
    let mut rho_prev: Option<Array> = None;
    for _ in 0..maxiter {
        if let Some(info) = verdict(read1(&nrm2(&r)?)?, s.atol) {
            return Ok((x, info));
        }
        let z = s.mv(&r)?;
        let zt = s.mhv(&rt)?;
        let rho = dotc(&rt, &z)?;
        let (pk, ptk) = match (&p, &rho_prev) {
            (Some((p, pt)), Some(rp)) => {
                let beta = div(&rho, rp)?;
                (axpy(&beta, p, &z)?, axpy(&conj(&beta)?, pt, &zt)?)
            }
            _ => (z.copy()?, zt.copy()?),
        };
        let q = s.av(&pk)?;
        let qt = s.ahv(&ptk)?;
        let alpha = div(&rho, &dotc(&ptk, &q)?)?;
        x = axpy(&alpha, &pk, &x)?;
        r = axpy(&cuprum_core::negative(&alpha)?, &q, &r)?;
        rt = axpy(&cuprum_core::negative(&conj(&alpha)?)?, &qt, &rt)?;
        rho_prev = Some(rho);
        p = Some((pk, ptk));
        s.call(&x);
    }
    s.finish(x, &r, maxiter)
}

/// BiCGSTAB (`scipy.sparse.linalg.bicgstab`) for general square `A`.
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `atol`, `maxiter` (default `10·n`), `M`,
/// `callback`. Two host reads per iteration (`‖r‖` with `ρ`, then `‖s‖`); `info = -10` when
/// `ρ` or `ω` breaks down.
///
/// # Errors
/// As [`cg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{bicgstab, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = bicgstab(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// let x = x.to_vec::<f64>().unwrap();
/// assert!((x[0] - 1.0).abs() < 1e-10 && (x[1] - 1.0).abs() < 1e-10);
/// ```
pub fn bicgstab(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let (mut s, maxiter, mut x, mut r) = match start("bicgstab", a, b, opts, |n| 10 * n)? {
        Ok(st) => st,
        Err(out) => return Ok(out),
    };
    let tiny = eps(s.dt) * eps(s.dt);
    let rt = r.copy()?;
    let mut p: Option<Array> = None;
    let mut v: Option<Array> = None;
    let mut rho_prev: Option<Array> = None;
    let mut alpha: Option<Array> = None;
    let mut omega: Option<Array> = None;
    for _ in 0..maxiter {
        let (rho, stop) = rho_verdict(&rt, &r, s.atol, tiny)?;
        if let Some(info) = stop {
            return Ok((x, info));
        }
        let pk = match (&p, &v, &rho_prev, &alpha, &omega) {
            (Some(p), Some(v), Some(rp), Some(al), Some(om)) => {
                let beta = mul(&div(&rho, rp)?, &div(al, om)?)?;
                let t = axpy(&cuprum_core::negative(om)?, v, p)?;
                axpy(&beta, &t, &r)?
            }
            _ => r.copy()?,
        };
        let phat = s.mv(&pk)?;
        let vk = s.av(&phat)?;
        let al = div(&rho, &dotc(&rt, &vk)?)?;
        let sv = axpy(&cuprum_core::negative(&al)?, &vk, &r)?;
        match verdict(read1(&nrm2(&sv)?)?, s.atol) {
            Some(0) => {
                x = axpy(&al, &phat, &x)?;
                s.call(&x);
                return Ok((x, 0));
            }
            Some(info) => return Ok((x, info)),
            None => {}
        }
        let shat = s.mv(&sv)?;
        let t = s.av(&shat)?;
        let om = div(&dotc(&t, &sv)?, &dotc(&t, &t)?)?;
        x = axpy(&al, &phat, &x)?;
        x = axpy(&om, &shat, &x)?;
        r = axpy(&cuprum_core::negative(&om)?, &t, &sv)?;
        rho_prev = Some(rho);
        p = Some(pk);
        v = Some(vk);
        alpha = Some(al);
        omega = Some(om);
        s.call(&x);
    }
    s.finish(x, &r, maxiter)
}

/// Conjugate gradients squared (`scipy.sparse.linalg.cgs`).
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `atol`, `maxiter` (default `10·n`), `M`,
/// `callback`. One host read per iteration.
///
/// # Errors
/// As [`cg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{cgs, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = cgs(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// assert!((x.to_vec::<f64>().unwrap()[0] - 1.0).abs() < 1e-10);
/// ```
pub fn cgs(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let (mut s, maxiter, mut x, mut r) = match start("cgs", a, b, opts, |n| 10 * n)? {
        Ok(st) => st,
        Err(out) => return Ok(out),
    };
    let tiny = eps(s.dt) * eps(s.dt);
    let rt = r.copy()?;
    let mut st: Option<(Array, Array, Array)> = None; // (p, q, rho_prev)
    for _ in 0..maxiter {
        let (rho, stop) = rho_verdict(&rt, &r, s.atol, tiny)?;
        if let Some(info) = stop {
            return Ok((x, info));
        }
        let (u, pk) = match &st {
            Some((p, q, rp)) => {
                let beta = div(&rho, rp)?;
                let u = axpy(&beta, q, &r)?;
                // p = u + beta (q + beta p)
                let t = axpy(&beta, p, q)?;
                (u.clone(), axpy(&beta, &t, &u)?)
            }
            None => (r.copy()?, r.copy()?),
        };
        let phat = s.mv(&pk)?;
        let vhat = s.av(&phat)?;
        let alpha = div(&rho, &dotc(&rt, &vhat)?)?;
        let q = axpy(&cuprum_core::negative(&alpha)?, &vhat, &u)?;
        let uhat = s.mv(&cuprum_core::add(&u, &q)?)?;
        x = axpy(&alpha, &uhat, &x)?;
        let qhat = s.av(&uhat)?;
        r = axpy(&cuprum_core::negative(&alpha)?, &qhat, &r)?;
        st = Some((pk, q, rho));
        s.call(&x);
    }
    s.finish(x, &r, maxiter)
}

/// A complex Givens rotation `(c, s)` zeroing the real `b` under `a`:
/// `[c s; −s̄ c]·[a; b] = [r; 0]`.
pub(crate) fn givens(a: Complex64, b: f64) -> (f64, Complex64, Complex64) {
    let an = a.norm();
    if an == 0.0 {
        return (0.0, Complex64::new(1.0, 0.0), Complex64::new(b, 0.0));
    }
    let t = an.hypot(b);
    let ph = a / an;
    (an / t, ph * (b / t), ph * t)
}

/// Back substitution with the leading `k×k` upper triangle of `h` (column-major rows `h[i][j]`).
pub(crate) fn upper_solve(h: &[Vec<Complex64>], g: &[Complex64], k: usize) -> Vec<Complex64> {
    let mut y = vec![Complex64::new(0.0, 0.0); k];
    for i in (0..k).rev() {
        let mut acc = g[i];
        for j in i + 1..k {
            acc -= h[i][j] * y[j];
        }
        y[i] = if h[i][i].norm() == 0.0 {
            Complex64::new(0.0, 0.0)
        } else {
            acc / h[i][i]
        };
    }
    y
}

/// Restarted GMRES (`scipy.sparse.linalg.gmres`), right-preconditioned so that the residual
/// tested is the true one.
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `atol`, `restart` (default 20), `maxiter`
/// (restart cycles, default `10·n`), `M`, `callback` (called once per restart cycle with `x`).
///
/// Arnoldi by modified Gram–Schmidt on the device; the Hessenberg column (`j + 2` scalars) is
/// read once per inner step and its Givens rotations and the small triangular solve run on the
/// host.
///
/// # Errors
/// As [`cg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{gmres, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = gmres(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// assert!((x.to_vec::<f64>().unwrap()[1] - 1.0).abs() < 1e-10);
/// ```
pub fn gmres(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let restart = opts.restart.unwrap_or(20);
    let mut s = make_system("gmres", a, b, opts)?;
    gmres_impl(&mut s, restart, 0)
}

/// The GMRES engine; `augment > 0` turns it into LGMRES (Baker, Jessup & Manteuffel): each
/// cycle's Krylov space is augmented with up to `augment` previous error approximations.
pub(crate) fn gmres_impl(
    s: &mut System<'_>,
    restart: usize,
    augment: usize,
) -> Result<(Array, i64)> {
    if let Some(out) = s.early()? {
        return Ok(out);
    }
    let n = s.n;
    let restart = restart.clamp(1, n.max(1));
    let maxiter = s.maxiter_or(10 * n);
    let dt = s.dt;
    let mut x = s.x.clone();
    let mut r = s.residual()?;
    let mut outer: Vec<Array> = Vec::new(); // LGMRES: previous corrections z = x_new − x_old
    for _cycle in 0..maxiter {
        let beta = read1(&nrm2(&r)?)?;
        if let Some(info) = verdict(beta, s.atol) {
            return Ok((x, info));
        }
        let mut v: Vec<Array> = vec![scal(hr(1.0 / beta), &r)?];
        let mut z: Vec<Array> = Vec::new(); // the preconditioned directions
        let mut h: Vec<Vec<Complex64>> = Vec::new(); // h[i][j], (m+1) x m
        let mut g = vec![Complex64::new(beta, 0.0)];
        let mut rots: Vec<(f64, Complex64)> = Vec::new();
        let total = restart + outer.len().min(augment);
        let mut converged = false;
        for j in 0..total {
            let zj = if j < restart {
                s.mv(&v[j])?
            } else {
                outer[outer.len() - 1 - (j - restart)].clone()
            };
            let mut w = s.av(&zj)?;
            let mut hs_dev: Vec<Array> = Vec::with_capacity(j + 2);
            for vi in v.iter() {
                let hij = dotc(vi, &w)?;
                w = axpy(&cuprum_core::negative(&hij)?, vi, &w)?;
                hs_dev.push(hij);
            }
            let hn = nrm2(&w)?;
            let mut refs: Vec<&Array> = hs_dev.iter().collect();
            refs.push(&hn);
            let col = read(&refs)?;
            let hnext = col[j + 1].re;
            let mut colv: Vec<Complex64> = col[..=j].to_vec();
            colv.push(Complex64::new(hnext, 0.0));
            if h.len() < j + 2 {
                h.resize(j + 2, vec![Complex64::new(0.0, 0.0); total]);
            }
            // apply the previous rotations
            for (i, &(c, sn)) in rots.iter().enumerate() {
                let (a0, a1) = (colv[i], colv[i + 1]);
                colv[i] = a0 * c + sn * a1;
                colv[i + 1] = -sn.conj() * a0 + a1 * c;
            }
            let (c, sn, rr) = givens(colv[j], colv[j + 1].re);
            colv[j] = rr;
            colv[j + 1] = Complex64::new(0.0, 0.0);
            rots.push((c, sn));
            let gj = g[j];
            g[j] = gj * c;
            g.push(-sn.conj() * gj);
            for (i, hv) in colv.iter().enumerate() {
                h[i][j] = *hv;
            }
            z.push(zj);
            if bad(hnext) || bad(g[j + 1].norm()) {
                return Ok((x, BREAKDOWN));
            }
            let res = g[j + 1].norm();
            let done = res <= s.atol || hnext <= eps(dt) * beta;
            if !done {
                v.push(scal(hr(1.0 / hnext), &w)?);
            }
            if done {
                converged = true;
                break;
            }
        }
        let k = z.len();
        let y = upper_solve(&h, &g, k);
        let mut dx: Option<Array> = None;
        for (yi, zi) in y.iter().zip(&z) {
            dx = Some(match dx {
                None => scal(hs(*yi, dt), zi)?,
                Some(d) => axpy(hs(*yi, dt), zi, &d)?,
            });
        }
        if let Some(dx) = dx {
            x = cuprum_core::add(&x, &dx)?;
            if augment > 0 {
                outer.push(dx);
                if outer.len() > augment {
                    outer.remove(0);
                }
            }
        }
        r = cuprum_core::subtract(&s.b, &s.av(&x)?)?;
        s.call(&x);
        let _ = converged;
    }
    s.finish(x, &r, maxiter)
}

/// LGMRES (`scipy.sparse.linalg.lgmres`): GMRES whose restart cycles are augmented with the
/// previous cycles' corrections, which keeps restarted GMRES from stagnating.
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `atol`, `restart` (SciPy's `inner_m`, default
/// 30), `maxiter` (cycles, default 1000), `M`, `callback`; 3 augmentation vectors
/// (SciPy's `outer_k`).
///
/// # Errors
/// As [`cg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{lgmres, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = lgmres(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// assert!((x.to_vec::<f64>().unwrap()[0] - 1.0).abs() < 1e-10);
/// ```
pub fn lgmres(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let restart = opts.restart.unwrap_or(30);
    let maxiter = opts.maxiter.unwrap_or(1000);
    let mut s = make_system("lgmres", a, b, opts)?;
    s.maxiter = Some(maxiter);
    gmres_impl(&mut s, restart, 3)
}

/// MINRES for Hermitian (possibly indefinite) `A` (`scipy.sparse.linalg.minres`, Paige &
/// Saunders, transcribed from SciPy's version).
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `shift` (solve `(A − shift·I) x = b`),
/// `maxiter` (default `5·n`), `M` (Hermitian positive definite), `callback`. One host read per
/// iteration (`α`, `β²` and `‖x‖` of the previous iterate together).
///
/// # Errors
/// As [`cg`]; [`cuprum_core::Error::OutOfDomain`] (`M`) when `M` is indefinite at the start;
/// [`SparseError::InvalidValue`] when a negative `β²` mid-iteration shows that `A` is not
/// Hermitian or `M` is not positive definite.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{minres, SolveOptions};
/// // symmetric indefinite
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, -1.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![3.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = minres(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// let x = x.to_vec::<f64>().unwrap();
/// assert!((x[0] - 1.0).abs() < 1e-9 && (x[1] - 1.0).abs() < 1e-9);
/// ```
pub fn minres(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    const OP: &str = "minres";
    let shift = opts.shift;
    let mut s = make_system(OP, a, b, opts)?;
    let dt = s.dt;
    let n = s.n;
    let maxiter = s.maxiter_or(5 * n);
    let eps = eps(dt);
    let rtol = s.rtol;
    let mut x = s.x.clone();
    let mut r1 = s.residual()?;
    let mut y = s.mv(&r1)?;
    let beta1_sq = read(&[&dotc(&r1, &y)?])?[0].re;
    if beta1_sq < 0.0 {
        return Err(SparseError::out_of_domain(
            OP,
            "M",
            format!("an indefinite operator (rᴴ M r = {beta1_sq:e})"),
            "Hermitian positive definite operators",
        ));
    }
    if beta1_sq == 0.0 {
        return Ok((x, 0));
    }
    if let Some(out) = s.early()? {
        return Ok(out);
    }
    let beta1 = beta1_sq.sqrt();
    let (mut oldb, mut beta, mut dbar, mut epsln, mut phibar) = (0.0, beta1, 0.0, 0.0, beta1);
    let (mut rhs1, mut rhs2, mut tnorm2, mut gmax, mut gmin) = (beta1, 0.0, 0.0, 0.0f64, f64::MAX);
    let (mut cs, mut sn) = (-1.0, 0.0);
    let mut w = cuprum_core::zeros_on(&[n], dt, x.device())?;
    let mut w2 = w.clone();
    let mut r2 = r1.clone();
    let mut istop = 0;
    let mut itn = 0;
    let mut ynorm_prev = 0.0;
    while itn < maxiter {
        itn += 1;
        let v = scal(hr(1.0 / beta), &y)?;
        let mut yy = s.av(&v)?;
        if shift != 0.0 {
            yy = axpy(hr(-shift), &v, &yy)?;
        }
        if itn >= 2 {
            yy = axpy(hr(-beta / oldb), &r1, &yy)?;
        }
        let alfa_dev = dotc(&v, &yy)?;
        let alfa_dev = if alfa_dev.dtype().is_complex() {
            cuprum_core::real(&alfa_dev)?
        } else {
            alfa_dev
        };
        yy = axpy(&cuprum_core::multiply(&alfa_dev, -1.0 / beta)?, &r2, &yy)?;
        r1 = r2;
        r2 = yy;
        y = s.mv(&r2)?;
        oldb = beta;
        let vals = read(&[&alfa_dev, &dotc(&r2, &y)?, &nrm2(&x)?])?;
        let alfa = vals[0].re;
        let bsq = vals[1].re;
        ynorm_prev = if itn > 1 { vals[2].re } else { ynorm_prev };
        if bsq < 0.0 {
            return Err(SparseError::InvalidValue {
                op: OP,
                detail: "the matrix is not Hermitian (or M is not positive definite)".into(),
            });
        }
        beta = bsq.sqrt();
        tnorm2 += alfa * alfa + oldb * oldb + beta * beta;
        if itn == 1 && beta / beta1 <= 10.0 * eps {
            istop = -1;
        }
        let oldeps = epsln;
        let delta = cs * dbar + sn * alfa;
        let gbar = sn * dbar - cs * alfa;
        epsln = sn * beta;
        dbar = -cs * beta;
        let root = gbar.hypot(dbar);
        let gamma = gbar.hypot(beta).max(eps);
        cs = gbar / gamma;
        sn = beta / gamma;
        let phi = cs * phibar;
        phibar *= sn;
        let denom = 1.0 / gamma;
        let w1 = w2;
        w2 = w;
        // w = (v − oldeps·w1 − delta·w2) / gamma
        let t = axpy(hr(-oldeps), &w1, &v)?;
        let t = axpy(hr(-delta), &w2, &t)?;
        w = scal(hr(denom), &t)?;
        x = axpy(hr(phi), &w, &x)?;
        gmax = gmax.max(gamma);
        gmin = gmin.min(gamma);
        let zz = rhs1 / gamma;
        rhs1 = rhs2 - delta * zz;
        rhs2 = -epsln * zz;
        let anorm = tnorm2.sqrt();
        // ‖x‖ of the previous iterate, read with this step's scalars (SciPy uses this step's)
        let ynorm = ynorm_prev;
        let epsx = anorm * ynorm * eps;
        let rnorm = phibar;
        let test1 = if ynorm == 0.0 || anorm == 0.0 {
            f64::INFINITY
        } else {
            rnorm / (anorm * ynorm)
        };
        let test2 = if anorm == 0.0 {
            f64::INFINITY
        } else {
            root / anorm
        };
        let acond = gmax / gmin;
        if istop == 0 {
            if 1.0 + test2 <= 1.0 {
                istop = 2;
            }
            if 1.0 + test1 <= 1.0 {
                istop = 1;
            }
            if itn >= maxiter {
                istop = 6;
            }
            if acond >= 0.1 / eps {
                istop = 4;
            }
            if epsx >= beta1 {
                istop = 3;
            }
            if test2 <= rtol {
                istop = 2;
            }
            if test1 <= rtol {
                istop = 1;
            }
        }
        s.call(&x);
        // ‖x‖ of the previous iterate too: a finite `phibar` can hide a non-finite `x`
        if bad(rnorm) || bad(ynorm) {
            return Ok((x, BREAKDOWN));
        }
        if istop != 0 {
            break;
        }
    }
    Ok((x, if istop == 6 { maxiter as i64 } else { 0 }))
}

/// TFQMR, transpose-free QMR (`scipy.sparse.linalg.tfqmr`, Freund 1993).
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `atol`, `maxiter` (default
/// `min(10000, 10·n)`), `M`, `callback`. One host read (`‖w‖`) per half step; stops when the
/// quasi-residual bound `τ·√(k+1)` is below `max(atol, rtol·‖r₀‖)`.
///
/// # Errors
/// As [`cg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{tfqmr, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = tfqmr(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// assert!((x.to_vec::<f64>().unwrap()[0] - 1.0).abs() < 1e-8);
/// ```
pub fn tfqmr(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let (mut s, maxiter, mut x, r) = match start("tfqmr", a, b, opts, |n| (10 * n).min(10000))? {
        Ok(st) => st,
        Err(out) => return Ok(out),
    };
    let mut u = r.clone();
    let mut w = r.copy()?;
    let rstar = r.clone();
    let mut v = s.mv(&s.av(&r)?)?;
    let mut uhat = v.clone();
    let mut d = cuprum_core::zeros_like(&x)?;
    let mut theta = 0.0f64;
    let mut eta: Option<Array> = None;
    let mut rho = dotc(&rstar, &r)?;
    let mut rho_last = rho.clone();
    let r0 = read1(&nrm2(&r)?)?;
    let mut tau = r0;
    if let Some(info) = verdict(r0, 0.0) {
        return Ok((x, info));
    }
    let atol = s.atol.max(s.rtol * r0);
    let mut alpha: Option<Array> = None;
    let mut u_next: Option<Array> = None;
    for it in 0..maxiter {
        let even = it % 2 == 0;
        if even {
            let al = div(&rho, &dotc(&rstar, &v)?)?;
            u_next = Some(axpy(&cuprum_core::negative(&al)?, &v, &u)?);
            alpha = Some(al);
        }
        let al = alpha
            .clone()
            .expect("alpha is set on the first (even) step");
        w = axpy(&cuprum_core::negative(&al)?, &uhat, &w)?;
        d = match &eta {
            None => u.clone(),
            Some(e) => {
                let coef = cuprum_core::multiply(&div(e, &al)?, theta * theta)?;
                axpy(&coef, &d, &u)?
            }
        };
        theta = read1(&nrm2(&w)?)? / tau;
        let c = (1.0 / (1.0 + theta * theta)).sqrt();
        tau *= theta * c;
        let e = cuprum_core::multiply(&al, c * c)?;
        let zv = s.mv(&d)?;
        x = axpy(&e, &zv, &x)?;
        eta = Some(e);
        s.call(&x);
        if bad(tau) {
            return Ok((x, BREAKDOWN));
        }
        if tau * ((it + 1) as f64).sqrt() < atol {
            return Ok((x, 0));
        }
        if !even {
            rho = dotc(&rstar, &w)?;
            let beta = div(&rho, &rho_last)?;
            u = axpy(&beta, &u, &w)?;
            let t = scal(&beta, &uhat)?;
            v = axpy(&mul(&beta, &beta)?, &v, &t)?;
            uhat = s.mv(&s.av(&u)?)?;
            v = cuprum_core::add(&v, &uhat)?;
        } else {
            let un = u_next.take().expect("set on the even step");
            uhat = s.mv(&s.av(&un)?)?;
            u = un;
            rho_last = rho.clone();
        }
    }
    Ok((x, maxiter as i64))
}

/// QMR, quasi-minimal residual (`scipy.sparse.linalg.qmr`, Freund & Nachtigal), without look-
/// ahead; needs `Aᴴ` (`rmatvec`). With a preconditioner `M` it is used on both sides as
/// SciPy's `M1 = M`, `M2 = I`.
///
/// **Shapes**: as [`cg`]. Options: `x0`, `rtol`, `atol`, `maxiter` (default `10·n`), `M`,
/// `callback`. Four small host reads per iteration (`δ`, `ε`, `ρ` and `ξ`, `‖r‖`): its
/// breakdown tests need them before the next vector step.
///
/// # Errors
/// As [`bicg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{qmr, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let (x, info) = qmr(&a, &b, SolveOptions::new().rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// assert!((x.to_vec::<f64>().unwrap()[0] - 1.0).abs() < 1e-9);
/// ```
pub fn qmr(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    opts: SolveOptions<'_>,
) -> Result<(Array, i64)> {
    let (mut s, maxiter, mut x, mut r) = match start("qmr", a, b, opts, |n| 10 * n)? {
        Ok(st) => st,
        Err(out) => return Ok(out),
    };
    let dt = s.dt;
    // SciPy's qmr with M1 = M, M2 = I (left preconditioning of the Lanczos vectors)
    let mut vtilde = r.copy()?;
    let mut y = s.mv(&vtilde)?;
    let mut wtilde = r.copy()?;
    let mut z = wtilde.clone(); // M2ᴴ w̃ with M2 = I
    let init = read(&[&nrm2(&y)?, &nrm2(&z)?, &nrm2(&r)?])?;
    let (mut rho, mut xi) = (init[0].re, init[1].re);
    if let Some(info) = verdict(init[2].re, s.atol) {
        return Ok((x, info));
    }
    let (mut gamma, mut eta) = (1.0f64, Complex64::new(-1.0, 0.0));
    let mut theta = 0.0f64;
    let mut epsilon = Complex64::new(1.0, 0.0);
    let mut p: Option<Array> = None;
    let mut q: Option<Array> = None;
    let mut d: Option<Array> = None;
    let mut sv: Option<Array> = None;
    let c1 = |x: f64| Complex64::new(x, 0.0);
    for it in 0..maxiter {
        if rho == 0.0 || xi == 0.0 {
            return Ok((x, BREAKDOWN));
        }
        let v = scal(hr(1.0 / rho), &vtilde)?;
        y = scal(hr(1.0 / rho), &y)?;
        let w = scal(hr(1.0 / xi), &wtilde)?;
        z = scal(hr(1.0 / xi), &z)?;
        let delta_dev = dotc(&z, &y)?;
        // y ← M2 y = y; z ← M1ᴴ z
        let ytilde = y.clone();
        let ztilde = s.mhv(&z)?;
        // read δ (and ε of the previous step needs p̃ᴴ A q, computed after): here only δ
        let delta = read(&[&delta_dev])?[0];
        if delta.norm() == 0.0 {
            return Ok((x, BREAKDOWN));
        }
        let (pk, qk) = if it > 0 {
            let pp = p.as_ref().expect("set after the first step");
            let qq = q.as_ref().expect("set after the first step");
            let pk = axpy(hs(-(c1(xi) * delta / epsilon), dt), pp, &ytilde)?;
            let qk = axpy(hs(-(c1(rho) * delta / epsilon).conj(), dt), qq, &ztilde)?;
            (pk, qk)
        } else {
            (ytilde.clone(), ztilde.clone())
        };
        let ptilde = s.av(&pk)?;
        let eps_dev = dotc(&qk, &ptilde)?;
        let beta_pre = read(&[&eps_dev])?[0];
        epsilon = beta_pre;
        if epsilon.norm() == 0.0 {
            return Ok((x, BREAKDOWN));
        }
        let beta = epsilon / delta;
        vtilde = axpy(hs(-beta, dt), &v, &ptilde)?;
        y = s.mv(&vtilde)?;
        let rho_old = rho;
        let wt = s.ahv(&qk)?;
        wtilde = axpy(hs(-beta.conj(), dt), &w, &wt)?;
        z = wtilde.clone();
        let nv = read(&[&nrm2(&y)?, &nrm2(&z)?])?;
        rho = nv[0].re;
        xi = nv[1].re;
        let gamma_old = gamma;
        let theta_old = theta;
        theta = rho / (gamma_old * beta.norm());
        gamma = 1.0 / (1.0 + theta * theta).sqrt();
        if gamma == 0.0 {
            return Ok((x, BREAKDOWN));
        }
        eta = -eta * c1(rho_old) * c1(gamma * gamma) / (beta * c1(gamma_old * gamma_old));
        let (dk, sk) = match (&d, &sv) {
            (Some(dd), Some(ss)) if it > 0 => {
                let f = c1((theta_old * gamma).powi(2));
                (
                    axpy(hs(f, dt), dd, &scal(hs(eta, dt), &pk)?)?,
                    axpy(hs(f, dt), ss, &scal(hs(eta, dt), &ptilde)?)?,
                )
            }
            _ => (scal(hs(eta, dt), &pk)?, scal(hs(eta, dt), &ptilde)?),
        };
        x = cuprum_core::add(&x, &dk)?;
        r = cuprum_core::subtract(&r, &sk)?;
        s.call(&x);
        if let Some(info) = verdict(read1(&nrm2(&r)?)?, s.atol) {
            return Ok((x, info));
        }
        p = Some(pk);
        q = Some(qk);
        d = Some(dk);
        sv = Some(sk);
    }
    Ok((x, maxiter as i64))
}
