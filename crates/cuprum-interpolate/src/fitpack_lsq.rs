//! The weighted least-squares spline on given knots (FITPACK's `fpcurf` with `iopt = -1`,
//! SciPy's `LSQUnivariateSpline` and `make_lsq_spline(method='qr')`): the banded data matrix
//! reduced by Givens rotations, then back substitution, on the host. The smoothing fits
//! (`iopt = 0, 1`) are in [`crate::fpcurf`].

use crate::bspline::{basis_host, find_interval};
use cuprum_core::{Error, Result, ext};

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
