//! FITPACK's `curfit`/`fpcurf` (P. Dierckx, "Curve and surface fitting with splines", 1993):
//! the knot placement and the smoothing-parameter iteration of a smoothing spline, on the
//! host. The structure follows SciPy's FITPACK reproduction (`make_splrep`): knots are added
//! where the residuals are largest until `fp <= s`, then the smoothing parameter `p` solves
//! `fp(p) = s` by FITPACK's rational-interpolation root finder (`fprati`), each `fp(p)` a
//! Givens-rotation update of the banded QR factorization of the data matrix.

use crate::bspline::{basis_host, find_interval, not_a_knot};
use cuprum_core::{Error, Result, ext};

/// FITPACK's tolerance on `|fp - s| / s`.
const TOL: f64 = 0.001;
/// FITPACK's iteration limit for `p`.
const MAXIT: usize = 20;

/// A banded least-squares system in FITPACK's packed form: row `i` holds `nz` entries
/// starting at column `offset[i]`.
struct Packed {
    a: Vec<f64>,
    nz: usize,
    offset: Vec<usize>,
    y: Vec<f64>,
}

/// The Givens rotation zeroing `g` against `f`: `(c, s, r)`.
fn givens(f: f64, g: f64) -> (f64, f64, f64) {
    if g == 0.0 {
        return (1.0, 0.0, f);
    }
    let r = f.hypot(g);
    (f / r, g / r, r)
}

impl Packed {
    fn rows(&self) -> usize {
        self.offset.len()
    }

    /// Triangularizes rows `startrow..` into the first `nc` rows (SciPy's `qr_reduce`).
    fn qr_reduce(&mut self, nc: usize, startrow: usize) {
        let nz = self.nz;
        for i in startrow..self.rows() {
            let oi = self.offset[i];
            let mut j = oi;
            while j < nc && j < i.min(nc) {
                let (c, s, r) = givens(self.a[j * nz], self.a[i * nz]);
                self.a[j * nz] = r;
                for l in 1..nz {
                    let (aj, ai) = (self.a[j * nz + l], self.a[i * nz + l]);
                    self.a[j * nz + l] = c * aj + s * ai;
                    self.a[i * nz + l - 1] = -s * aj + c * ai;
                }
                self.a[i * nz + nz - 1] = 0.0;
                let (yj, yi) = (self.y[j], self.y[i]);
                self.y[j] = c * yj + s * yi;
                self.y[i] = -s * yj + c * yi;
                j += 1;
            }
            if i < nc {
                self.offset[i] = i;
            }
        }
    }

    /// Back substitution of the triangular first `nc` rows.
    fn back(&self, nc: usize) -> Result<Vec<f64>> {
        let nz = self.nz;
        let mut c = ext::try_vec_filled(nc, 0.0)?;
        for i in (0..nc).rev() {
            let nel = nz.min(nc - i);
            let mut s = self.y[i];
            for j in 1..nel {
                s -= self.a[i * nz + j] * c[i + j];
            }
            c[i] = s / self.a[i * nz];
        }
        Ok(c)
    }
}

/// The weighted data matrix of the B-splines on `t` at `x` (rows weighted by `w`) with the
/// weighted data.
fn data_matrix(x: &[f64], y: &[f64], w: &[f64], t: &[f64], k: usize) -> Result<Packed> {
    let m = x.len();
    let mut a = ext::try_vec_filled(m * (k + 1), 0.0)?;
    let mut offset = ext::try_vec_filled(m, 0)?;
    for i in 0..m {
        let l = find_interval(t, k, x[i]);
        offset[i] = l - k;
        let h = basis_host(t, k, x[i], l, 0)?;
        for j in 0..=k {
            a[i * (k + 1) + j] = h[j] * w[i];
        }
    }
    Ok(Packed {
        a,
        nz: k + 1,
        offset,
        y: y.iter().zip(w).map(|(a, b)| a * b).collect(),
    })
}

/// The squared weighted residuals of the spline `(t, c, k)` per point, and their sum.
fn residuals(
    x: &[f64],
    y: &[f64],
    w: &[f64],
    t: &[f64],
    k: usize,
    c: &[f64],
) -> Result<(Vec<f64>, f64)> {
    let mut res = ext::try_vec_filled(x.len(), 0.0)?;
    let mut fp = 0.0;
    for i in 0..x.len() {
        let l = find_interval(t, k, x[i]);
        let h = basis_host(t, k, x[i], l, 0)?;
        let v: f64 = (0..=k).map(|j| c[l - k + j] * h[j]).sum();
        let d = w[i] * (v - y[i]);
        res[i] = d * d;
        fp += d * d;
    }
    Ok((res, fp))
}

/// The least-squares spline on the knots `t`: its triangularized system, coefficients,
/// residuals and `fp`.
fn lsq(
    x: &[f64],
    y: &[f64],
    w: &[f64],
    t: &[f64],
    k: usize,
) -> Result<(Packed, Vec<f64>, Vec<f64>, f64)> {
    let nc = t.len() - k - 1;
    let mut p = data_matrix(x, y, w, t, k)?;
    p.qr_reduce(nc, 0);
    let c = p.back(nc)?;
    let (r, fp) = residuals(x, y, w, t, k, &c)?;
    Ok((p, c, r, fp))
}

/// FITPACK's new knot: the middle data point of the knot interval with the largest sum of
/// residuals among those holding more than one interior data point (`fpknot`).
fn new_knot(x: &[f64], t: &[f64], k: usize, res: &[f64]) -> Option<f64> {
    let nc = t.len() - k - 1;
    let mut interval = k + 1;
    let mut ix = vec![0usize];
    let mut fparts = Vec::new();
    let mut fpart = 0.0;
    for i in 0..x.len() {
        fpart += res[i];
        if x[i] >= t[interval] && interval < nc {
            let carry = res[i] / 2.0;
            fpart -= carry;
            fparts.push(fpart);
            fpart = carry;
            interval += 1;
            ix.push(i);
        }
    }
    ix.push(x.len() - 1);
    fparts.push(fpart);
    let mut best: Option<usize> = None;
    let mut fmax = -1e100;
    for i in 0..fparts.len() {
        if ix[i + 1] - ix[i] > 1 && fparts[i] > fmax {
            best = Some(i);
            fmax = fparts[i];
        }
    }
    best.map(|b| x[(ix[b] + ix[b + 1]).div_ceil(2)])
}

/// The knots of the smoothing spline (`_generate_knots_impl`, non-periodic).
fn generate_knots(x: &[f64], y: &[f64], w: &[f64], k: usize, s: f64) -> Result<Vec<f64>> {
    let acc = s * TOL;
    let m = x.len();
    let nest = (m + k + 1).max(2 * k + 3);
    let nmin = 2 * (k + 1);
    let nmax = m + k + 1;
    let (xb, xe) = (x[0], x[m - 1]);
    let mut t: Vec<f64> = std::iter::repeat_n(xb, k + 1)
        .chain(std::iter::repeat_n(xe, k + 1))
        .collect();
    let mut last = t.clone();
    let mut fp = 0.0;
    let mut nplus = 1usize;
    let mut n = t.len();
    for _ in 0..m {
        last = t.clone();
        let fpold = fp;
        let (mut res, f) = {
            let (_, _, r, f) = lsq(x, y, w, &t, k)?;
            (r, f)
        };
        fp = f;
        if fp.is_nan() {
            return Err(Error::bad_argument(
                "interpolate.splrep",
                "y",
                "data whose weighted sum of squared residuals is NaN",
                "finite data and weights",
            ));
        }
        let fpms = fp - s;
        if fpms.abs() < acc || fpms < 0.0 {
            return Ok(last);
        }
        if n == nmin {
            nplus = 1;
        } else {
            let delta = fpold - fp;
            let npl1 = if delta > acc {
                (nplus as f64 * fpms / delta) as i64
            } else {
                nplus as i64 * 2
            };
            nplus = (nplus * 2).min(npl1.max((nplus / 2) as i64).max(1) as usize);
        }
        for j in 0..nplus {
            let knot = new_knot(x, &t, k, &res).ok_or_else(|| {
                Error::bad_argument(
                    "interpolate.splrep",
                    "s",
                    s,
                    "a smoothing factor reachable by splitting knot intervals",
                )
            })?;
            let at = t.partition_point(|&v| v < knot);
            t.insert(at, knot);
            n = t.len();
            if n >= nmax {
                return not_a_knot(x, k);
            }
            if n >= nest {
                return Ok(t);
            }
            if j + 1 < nplus {
                res = lsq(x, y, w, &t, k)?.2;
            }
        }
    }
    Ok(last)
}

/// The discontinuity matrix of the `k`-th derivative at the interior knots, FITPACK's
/// normalization (`fpdisc`): `(nrint - 1, k + 2)`.
fn disc(t: &[f64], k: usize) -> Result<(Vec<f64>, usize)> {
    let n = t.len();
    let delta = t[n - k - 1] - t[k];
    let nrint = n - 2 * k - 1;
    let rows = nrint - 1;
    let mut b = ext::try_vec_filled(rows * (k + 2), 0.0)?;
    let fac = (delta / nrint as f64).powi(k as i32);
    for jj in 0..rows {
        let j = jj + k + 1;
        for ii in 0..k + 2 {
            let i = jj + ii;
            let mut prod = 1.0;
            for s in 0..k + 2 {
                if i + s != j {
                    prod *= t[j] - t[i + s];
                }
            }
            b[jj * (k + 2) + ii] = (t[i + k + 1] - t[i]) / prod * fac;
        }
    }
    Ok((b, rows))
}

/// FITPACK's `fprati`: the zero of the rational function through three points (`p3 = inf`
/// allowed).
fn fprati(p1: f64, f1: f64, p2: f64, f2: f64, p3: f64, f3: f64) -> f64 {
    let h1 = f1 * (f2 - f3);
    let h2 = f2 * (f3 - f1);
    let h3 = f3 * (f1 - f2);
    if p3.is_infinite() {
        return -(p2 * h1 + p1 * h2) / h3;
    }
    -(p1 * p2 * h3 + p2 * p3 * h1 + p1 * p3 * h2) / (p1 * h1 + p2 * h2 + p3 * h3)
}

/// Knots and coefficients of the smoothing spline with weights `w` and smoothing `s > 0`.
pub(crate) fn curfit(
    op: &'static str,
    x: &[f64],
    y: &[f64],
    w: &[f64],
    k: usize,
    s: f64,
) -> Result<(Vec<f64>, Vec<f64>)> {
    let m = x.len();
    ext::check_host_bytes(m.saturating_mul(8 * (k + 2)))?;
    let acc = s * TOL;
    let t = generate_knots(x, y, w, k, s)?;
    let (packed, c, _, fpinf_raw) = lsq(x, y, w, &t, k)?;
    if t.len() == 2 * (k + 1) {
        return Ok((t, c));
    }
    let nc = t.len() - k - 1;
    let diag: f64 = (0..packed.rows()).map(|i| packed.a[i * packed.nz]).sum();
    let p0 = nc as f64 / diag;
    let fpinf = fpinf_raw - s;
    let tpoly: Vec<f64> = std::iter::repeat_n(x[0], k + 1)
        .chain(std::iter::repeat_n(x[m - 1], k + 1))
        .collect();
    let fp0 = lsq(x, y, w, &tpoly, k)?.3 - s;
    // the system of F: R (k+2 wide) over the discontinuity rows
    let (b, nb) = disc(&t, k)?;
    let nz = k + 2;
    let mut base = Packed {
        a: ext::try_vec_filled((nc + nb) * nz, 0.0)?,
        nz,
        offset: ext::try_vec_with_capacity(nc + nb)?,
        y: ext::try_vec_filled(nc + nb, 0.0)?,
    };
    for i in 0..nc {
        for j in 0..=k {
            base.a[i * nz + j] = packed.a[i * (k + 1) + j];
        }
        base.y[i] = packed.y[i];
        base.offset.push(i);
    }
    base.offset.extend(0..nb);
    let mut last_c = c;
    let mut f = |p: f64| -> Result<f64> {
        let mut sys = Packed {
            a: base.a.clone(),
            nz,
            offset: base.offset.clone(),
            y: base.y.clone(),
        };
        for r in 0..nb {
            for j in 0..nz {
                sys.a[(nc + r) * nz + j] = b[r * nz + j] / p;
            }
        }
        sys.qr_reduce(nc, nc);
        let c = sys.back(nc)?;
        let (_, fp) = residuals(x, y, w, &t, k, &c)?;
        last_c = c;
        Ok(fp - s)
    };
    // root_rati
    let (con1, con9, con4) = (0.1, 0.9, 0.04);
    let (mut ich1, mut ich3) = (false, false);
    let (mut p1, mut f1, mut p3, mut f3) = (0.0, fp0, f64::INFINITY, fpinf);
    let mut p = p0;
    for _ in 0..MAXIT {
        let (p2, f2) = (p, f(p)?);
        if f2.abs() < acc {
            break;
        }
        if !ich3 {
            if f2 - f3 <= acc {
                p3 = p2;
                f3 = f2;
                p *= con4;
                if p <= p1 {
                    p = p1 * con9 + p2 * con1;
                }
                continue;
            } else if f2 < 0.0 {
                ich3 = true;
            }
        }
        if !ich1 {
            if f1 - f2 <= acc {
                p1 = p2;
                f1 = f2;
                p /= con4;
                if p3.is_finite() && p <= p3 {
                    p = p2 * con1 + p3 * con9;
                }
                continue;
            } else if f2 > 0.0 {
                ich1 = true;
            }
        }
        if f1 <= f2 || f2 <= f3 {
            break;
        }
        p = fprati(p1, f1, p2, f2, p3, f3);
        if f2 < 0.0 {
            p3 = p2;
            f3 = f2;
        } else {
            p1 = p2;
            f1 = f2;
        }
    }
    let _ = op;
    Ok((t, last_c))
}

/// The weighted least-squares spline on the knots `t`: its coefficients and the weighted sum
/// of squared residuals.
///
/// # Errors
/// [`Error::BadArgument`] naming `op` when the data do not determine every coefficient
/// (the Schoenberg–Whitney conditions fail: a zero on the triangular factor's diagonal).
pub(crate) fn lsq_spline(
    op: &'static str,
    x: &[f64],
    y: &[f64],
    w: &[f64],
    t: &[f64],
    k: usize,
) -> Result<(Vec<f64>, f64)> {
    let (_, c, _, fp) = lsq(x, y, w, t, k)?;
    if c.iter().any(|v| !v.is_finite()) {
        return Err(Error::bad_argument(
            op,
            "t",
            "knots giving a singular least-squares system",
            "knots satisfying the Schoenberg-Whitney conditions",
        ));
    }
    Ok((c, fp))
}
