//! Least squares by Golub–Kahan bidiagonalization: `lsqr` (Paige & Saunders 1982) and `lsmr`
//! (Fong & Saunders 2011), transcribed from SciPy's versions. Rectangular `A` of any shape;
//! the vectors stay on the device, the scalar recurrences run on the host from one read per
//! iteration (`α`, `β` and a norm together).

use super::util::*;
use super::{AsLinearOperator, LsqOptions};
use crate::{Result, SparseError};
use cuprum_core::{Array, DType};

/// What [`lsqr`] returns (SciPy's tuple `x, istop, itn, r1norm, r2norm, anorm, acond, arnorm,
/// xnorm`; `var` is not computed).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LsqrResult {
    /// the solution, 1-D of `n`
    pub x: Array,
    /// why it stopped: 0 `x = 0` is the solution, 1 `Ax = b` within `atol`/`btol`, 2 least
    /// squares within `atol`, 3 `conlim` exceeded, 4–6 as 1–3 at machine precision, 7 the
    /// iteration limit; -10 (not a SciPy code) a NaN or infinite value in `b`, `A x0` or a
    /// step's norms, `x` then the last iterate before it (SciPy runs on to the limit, istop 7;
    /// issue 46, docs/ARCHITECTURE.md Decisions)
    pub istop: i64,
    /// iterations done
    pub itn: usize,
    /// `‖b − Ax‖`
    pub r1norm: f64,
    /// `sqrt(‖b − Ax‖² + damp²‖x − x0‖²)`
    pub r2norm: f64,
    /// estimate of the Frobenius norm of `[A; damp·I]`
    pub anorm: f64,
    /// estimate of its condition number
    pub acond: f64,
    /// estimate of `‖Aᴴ(b − Ax) − damp²x‖`
    pub arnorm: f64,
    /// `‖x‖`
    pub xnorm: f64,
}

/// What [`lsmr`] returns (SciPy's tuple `x, istop, itn, normr, normar, norma, conda, normx`).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LsmrResult {
    /// the solution, 1-D of `n`
    pub x: Array,
    /// why it stopped (as [`LsqrResult::istop`])
    pub istop: i64,
    /// iterations done
    pub itn: usize,
    /// `‖b − Ax‖`
    pub normr: f64,
    /// `‖Aᴴ(b − Ax)‖`
    pub normar: f64,
    /// estimate of `‖A‖_F`
    pub norma: f64,
    /// estimate of `cond(A)`
    pub conda: f64,
    /// `‖x‖` (of the previous iterate: read with the last step's scalars)
    pub normx: f64,
}

/// What both solvers start from: the operator, `x0`, the first bidiagonalization vectors
/// `u`, `v` with their norms `α`, `β`, then `‖b‖`, the work dtype and `n`.
struct Setup(
    super::LinearOperator,
    Array,
    Array,
    Array,
    f64,
    f64,
    f64,
    DType,
    usize,
);

fn setup(
    op: &'static str,
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    o: &LsqOptions,
) -> Result<Setup> {
    let a = a.as_linear_operator()?;
    let (m, n) = a.shape();
    if b.size() != m || b.ndim() > 2 || (b.ndim() == 2 && b.shape()[1] != 1) {
        return Err(SparseError::ShapeMismatch {
            op,
            a: (m, n),
            b: (b.size(), 1),
        });
    }
    let dt = work_dtype(a.dtype(), b.dtype());
    let b = as_vec(b, dt)?;
    let bnorm = read1(&nrm2(&b)?)?;
    let (x, u) = match &o.x0 {
        Some(x0) => {
            check_x0(op, x0, (m, n))?;
            let x = as_vec(x0, dt)?.copy()?;
            let ax = a.matvec(&x)?;
            (x.clone(), cuprum_core::subtract(&b, &ax)?.astype(dt)?)
        }
        None => (cuprum_core::zeros_on(&[n], dt, a.device())?, b.clone()),
    };
    let beta = if o.x0.is_some() {
        read1(&nrm2(&u)?)?
    } else {
        bnorm
    };
    let (u, v, alpha) = if beta > 0.0 {
        let u = scal(hr(1.0 / beta), &u)?;
        let v = a.rmatvec(&u)?.astype(dt)?;
        let alpha = read1(&nrm2(&v)?)?;
        let v = if alpha > 0.0 {
            scal(hr(1.0 / alpha), &v)?
        } else {
            v
        };
        (u, v, alpha)
    } else {
        (u, cuprum_core::zeros_on(&[n], dt, a.device())?, 0.0)
    };
    Ok(Setup(a, x, u, v, alpha, beta, bnorm, dt, n))
}

/// One bidiagonalization step on the device: `u ← (A v − α u)/β`, `v ← (Aᴴ u − β v)/α`;
/// returns the new `(u, v, α, β, extra)` with `extra` the norm of `also` read with them.
fn bidiag_step(
    a: &super::LinearOperator,
    dt: DType,
    u: &Array,
    v: &Array,
    alpha: f64,
    also: &Array,
) -> Result<(Array, Array, f64, f64, f64)> {
    let av = a.matvec(v)?;
    let av = if av.dtype() == dt { av } else { av.astype(dt)? };
    let u1 = axpy(hr(-alpha), u, &av)?;
    let beta_d = nrm2(&u1)?;
    // u/β on the device; β = 0 leaves u as is (then the next v uses a zero β)
    let inv = safe_recip(&beta_d)?;
    let u2 = cuprum_core::multiply(&u1, &inv)?;
    let ahu = a.rmatvec(&u2)?;
    let ahu = if ahu.dtype() == dt {
        ahu
    } else {
        ahu.astype(dt)?
    };
    let bd = beta_d.astype(dt.real_dtype())?;
    let v1 = cuprum_core::subtract(&ahu, &cuprum_core::multiply(&bd, v)?)?;
    let alpha_d = nrm2(&v1)?;
    let v2 = cuprum_core::multiply(&v1, &safe_recip(&alpha_d)?)?;
    let h = read(&[&beta_d, &alpha_d, &nrm2(also)?])?;
    let (beta, alpha_new) = (h[0].re, h[1].re);
    Ok((u2, v2, alpha_new, beta, h[2].re))
}

/// `istop` for a non-finite value (not one of SciPy's codes): as the Krylov solvers' `info`.
const BREAKDOWN: i64 = super::iterative::BREAKDOWN;

/// Whether any of `v` is NaN or infinite.
fn any_bad(v: &[f64]) -> bool {
    v.iter().any(|x| !x.is_finite())
}

/// SciPy's stopping tests shared by LSQR and LSMR, in SciPy's order (the last test that holds
/// gives `istop`; 0 to go on). `t1` is `test1 / (1 + ‖A‖‖x‖/‖b‖)`, `rtol` is
/// `btol + atol·‖A‖‖x‖/‖b‖`.
#[allow(clippy::too_many_arguments)]
fn stop_code(
    itn: usize,
    iter_lim: usize,
    (test1, test2, test3, t1): (f64, f64, f64, f64),
    rtol: f64,
    atol: f64,
    ctol: f64,
) -> i64 {
    let mut istop = 0;
    if itn >= iter_lim {
        istop = 7;
    }
    if 1.0 + test3 <= 1.0 {
        istop = 6;
    }
    if 1.0 + test2 <= 1.0 {
        istop = 5;
    }
    if 1.0 + t1 <= 1.0 {
        istop = 4;
    }
    if test3 <= ctol {
        istop = 3;
    }
    if test2 <= atol {
        istop = 2;
    }
    if test1 <= rtol {
        istop = 1;
    }
    istop
}

/// `1/s` where `s > 0`, else 0 (a 0-d real array).
fn safe_recip(s: &Array) -> Result<Array> {
    let pos = cuprum_core::greater(s, 0.0)?;
    let r = cuprum_core::divide(1.0, s)?;
    let z = cuprum_core::zeros_like(&r)?;
    Ok(cuprum_core::where_(&pos, &r, &z)?)
}

/// LSQR: the least-squares solution of `A x = b` (or the damped problem)
/// (`scipy.sparse.linalg.lsqr`).
///
/// **Shapes**: `A` is `(m, n)` (any shape), `b` has `m` elements; `x` is 1-D of `n`.
///
/// Options ([`LsqOptions`]): `damp`, `atol`, `btol`, `conlim`, `maxiter` (SciPy's `iter_lim`,
/// default `2n`), `x0`. Needs `Aᴴ` (`rmatvec`).
///
/// # Errors
/// A `b`/`x0` of the wrong length; [`SparseError::NotSupported`] without `rmatvec`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{lsqr, LsqOptions};
/// // fit y = c0 + c1 t through (0, 1), (1, 2), (2, 4): c = (5/6, 3/2)
/// let a = Array::from_vec_on(vec![1.0f64, 0.0, 1.0, 1.0, 1.0, 2.0], &[3, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, 2.0, 4.0], &[3], Device::Cpu).unwrap();
/// let r = lsqr(&a, &b, LsqOptions::new().atol(1e-12).btol(1e-12)).unwrap();
/// let x = r.x.to_vec::<f64>().unwrap();
/// assert!((x[0] - 5.0 / 6.0).abs() < 1e-9 && (x[1] - 1.5).abs() < 1e-9);
/// ```
pub fn lsqr(a: &(impl AsLinearOperator + ?Sized), b: &Array, o: LsqOptions) -> Result<LsqrResult> {
    let Setup(a, mut x, mut u, mut v, mut alpha, beta, bnorm, dt, n) = setup("lsqr", a, b, &o)?;
    let iter_lim = o.maxiter.unwrap_or(2 * n);
    let eps = eps(dt);
    let ctol = if o.conlim > 0.0 { 1.0 / o.conlim } else { 0.0 };
    let damp = o.damp;
    let dampsq = damp * damp;
    let (mut anorm, mut acond, mut ddnorm, mut res2, mut xnorm, mut xxnorm, mut z) =
        (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let (mut cs2, mut sn2) = (-1.0f64, 0.0f64);
    let mut w = v.copy()?;
    let mut rhobar = alpha;
    let mut phibar = beta;
    let mut rnorm = beta;
    let mut r1norm = rnorm;
    let mut r2norm = rnorm;
    let mut arnorm = alpha * beta;
    let mut istop = 0;
    let mut itn = 0;
    let res = |x: Array, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm| LsqrResult {
        x,
        istop,
        itn,
        r1norm,
        r2norm,
        anorm,
        acond,
        arnorm,
        xnorm,
    };
    if any_bad(&[bnorm, beta, alpha]) {
        istop = BREAKDOWN;
    }
    if arnorm == 0.0 || istop == BREAKDOWN {
        return Ok(res(
            x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm,
        ));
    }
    while itn < iter_lim {
        itn += 1;
        let (u2, v2, alpha2, beta, wnorm) = bidiag_step(&a, dt, &u, &v, alpha, &w)?;
        if any_bad(&[alpha2, beta, wnorm]) {
            istop = BREAKDOWN;
            break;
        }
        let x_prev = x.clone();
        if beta > 0.0 {
            anorm = (anorm * anorm + alpha * alpha + beta * beta + dampsq).sqrt();
        }
        u = u2;
        let prev_alpha = alpha;
        let _ = prev_alpha;
        alpha = if beta > 0.0 { alpha2 } else { alpha };
        let v_new = if beta > 0.0 { v2 } else { v.clone() };
        let (rhobar1, psi) = if damp > 0.0 {
            let rhobar1 = (rhobar * rhobar + dampsq).sqrt();
            let cs1 = rhobar / rhobar1;
            let sn1 = damp / rhobar1;
            let psi = sn1 * phibar;
            phibar *= cs1;
            (rhobar1, psi)
        } else {
            (rhobar, 0.0)
        };
        let (cs, sn, rho) = sym_ortho(rhobar1, beta);
        let theta = sn * alpha;
        rhobar = -cs * alpha;
        let phi = cs * phibar;
        phibar *= sn;
        let tau = sn * phi;
        let t1 = phi / rho;
        let t2 = -theta / rho;
        // dk = w / rho; ‖dk‖ = ‖w‖ / |rho| with ‖w‖ read in the step above
        x = axpy(hr(t1), &w, &x)?;
        w = axpy(hr(t2), &w, &v_new)?;
        v = v_new;
        ddnorm += (wnorm / rho).powi(2);
        let delta = sn2 * rho;
        let gambar = -cs2 * rho;
        let rhs = phi - delta * z;
        let zbar = rhs / gambar;
        xnorm = (xxnorm + zbar * zbar).sqrt();
        let gamma = gambar.hypot(theta);
        cs2 = gambar / gamma;
        sn2 = theta / gamma;
        z = rhs / gamma;
        xxnorm += z * z;
        acond = anorm * ddnorm.sqrt();
        let res1 = phibar * phibar;
        res2 += psi * psi;
        rnorm = (res1 + res2).sqrt();
        arnorm = alpha * tau.abs();
        let r1sq = rnorm * rnorm - dampsq * xxnorm;
        r1norm = r1sq.abs().sqrt();
        if r1sq < 0.0 {
            r1norm = -r1norm;
        }
        r2norm = rnorm;
        let test1 = rnorm / bnorm;
        let test2 = arnorm / (anorm * rnorm + eps);
        let test3 = 1.0 / (acond + eps);
        let t1 = test1 / (1.0 + anorm * xnorm / bnorm);
        let rtol = o.btol + o.atol * anorm * xnorm / bnorm;
        if any_bad(&[rnorm, arnorm, anorm, xnorm, acond]) {
            x = x_prev;
            istop = BREAKDOWN;
            break;
        }
        istop = stop_code(itn, iter_lim, (test1, test2, test3, t1), rtol, o.atol, ctol);
        if istop != 0 {
            break;
        }
    }
    Ok(res(
        x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm,
    ))
}

/// LSMR: the least-squares solution of `A x = b` minimizing `‖Aᴴr‖` monotonically
/// (`scipy.sparse.linalg.lsmr`).
///
/// **Shapes**: as [`lsqr`]. Options ([`LsqOptions`]): `damp`, `atol`, `btol`, `conlim`,
/// `maxiter` (default `min(m, n)`), `x0`.
///
/// # Errors
/// As [`lsqr`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{lsmr, LsqOptions};
/// let a = Array::from_vec_on(vec![1.0f64, 0.0, 1.0, 1.0, 1.0, 2.0], &[3, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, 2.0, 4.0], &[3], Device::Cpu).unwrap();
/// let r = lsmr(&a, &b, LsqOptions::new().atol(1e-12).btol(1e-12).maxiter(10)).unwrap();
/// let x = r.x.to_vec::<f64>().unwrap();
/// assert!((x[0] - 5.0 / 6.0).abs() < 1e-9 && (x[1] - 1.5).abs() < 1e-9);
/// ```
pub fn lsmr(a: &(impl AsLinearOperator + ?Sized), b: &Array, o: LsqOptions) -> Result<LsmrResult> {
    let Setup(a, mut x, mut u, mut v, mut alpha, beta, bnorm, dt, n) = setup("lsmr", a, b, &o)?;
    let (m, _) = a.shape();
    let maxiter = o.maxiter.unwrap_or(m.min(n));
    let damp = o.damp;
    let mut zetabar = alpha * beta;
    let mut alphabar = alpha;
    let (mut rho, mut rhobar, mut cbar, mut sbar) = (1.0f64, 1.0f64, 1.0f64, 0.0f64);
    let mut h = v.copy()?;
    let mut hbar = cuprum_core::zeros_on(&[n], dt, x.device())?;
    let (mut betadd, mut betad, mut rhodold, mut tautildeold, mut thetatilde, mut zeta, mut d) =
        (beta, 0.0f64, 1.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let mut norma2 = alpha * alpha;
    let (mut maxrbar, mut minrbar) = (0.0f64, 1e100f64);
    let mut norma = norma2.sqrt();
    let mut conda = 1.0;
    let mut normx = 0.0;
    let mut istop = 0;
    let ctol = if o.conlim > 0.0 { 1.0 / o.conlim } else { 0.0 };
    let mut normr = beta;
    let mut normar = alpha * beta;
    let mut itn = 0;
    let out = |x, istop, itn, normr, normar, norma, conda, normx| LsmrResult {
        x,
        istop,
        itn,
        normr,
        normar,
        norma,
        conda,
        normx,
    };
    if any_bad(&[bnorm, beta, alpha]) {
        return Ok(out(x, BREAKDOWN, itn, normr, normar, norma, conda, normx));
    }
    if normar == 0.0 || bnorm == 0.0 {
        let x = if bnorm == 0.0 {
            cuprum_core::zeros_like(&x)?
        } else {
            x
        };
        return Ok(out(x, istop, itn, normr, normar, norma, conda, normx));
    }
    while itn < maxiter {
        itn += 1;
        let (u2, v2, alpha2, beta, xn) = bidiag_step(&a, dt, &u, &v, alpha, &x)?;
        if any_bad(&[alpha2, beta, xn]) {
            istop = BREAKDOWN;
            break;
        }
        let x_prev = x.clone();
        normx = xn;
        u = u2;
        if beta > 0.0 {
            v = v2;
            alpha = alpha2;
        }
        let (chat, shat, alphahat) = sym_ortho(alphabar, damp);
        let rhoold = rho;
        let (c, s, rho_new) = sym_ortho(alphahat, beta);
        rho = rho_new;
        let thetanew = s * alpha;
        alphabar = c * alpha;
        let rhobarold = rhobar;
        let zetaold = zeta;
        let thetabar = sbar * rho;
        let rhotemp = cbar * rho;
        let (cb, sb, rb) = sym_ortho(cbar * rho, thetanew);
        cbar = cb;
        sbar = sb;
        rhobar = rb;
        zeta = cbar * zetabar;
        zetabar *= -sbar;
        // hbar = h − (θ̄ρ/(ρ_old ρ̄_old)) hbar; x += (ζ/(ρ ρ̄)) hbar; h = v − (θ_new/ρ) h
        hbar = axpy(hr(-(thetabar * rho / (rhoold * rhobarold))), &hbar, &h)?;
        x = axpy(hr(zeta / (rho * rhobar)), &hbar, &x)?;
        h = axpy(hr(-(thetanew / rho)), &h, &v)?;
        let betaacute = chat * betadd;
        let betacheck = -shat * betadd;
        let betahat = c * betaacute;
        betadd = -s * betaacute;
        let thetatildeold = thetatilde;
        let (ctildeold, stildeold, rhotildeold) = sym_ortho(rhodold, thetabar);
        thetatilde = stildeold * rhobar;
        rhodold = ctildeold * rhobar;
        betad = -stildeold * betad + ctildeold * betahat;
        tautildeold = (zetaold - thetatildeold * tautildeold) / rhotildeold;
        let taud = (zeta - thetatilde * tautildeold) / rhodold;
        d += betacheck * betacheck;
        normr = (d + (betad - taud).powi(2) + betadd * betadd).sqrt();
        norma2 += beta * beta;
        norma = norma2.sqrt();
        norma2 += alpha * alpha;
        maxrbar = maxrbar.max(rhobarold);
        if itn > 1 {
            minrbar = minrbar.min(rhobarold);
        }
        conda = maxrbar.max(rhotemp) / minrbar.min(rhotemp);
        normar = zetabar.abs();
        let test1 = normr / bnorm;
        let test2 = if norma * normr != 0.0 {
            normar / (norma * normr)
        } else {
            f64::INFINITY
        };
        let test3 = 1.0 / conda;
        let t1 = test1 / (1.0 + norma * normx / bnorm);
        let rtol = o.btol + o.atol * norma * normx / bnorm;
        if any_bad(&[normr, normar, norma, normx]) {
            x = x_prev;
            istop = BREAKDOWN;
            break;
        }
        istop = stop_code(itn, maxiter, (test1, test2, test3, t1), rtol, o.atol, ctol);
        if istop > 0 {
            break;
        }
    }
    Ok(out(x, istop, itn, normr, normar, norma, conda, normx))
}
