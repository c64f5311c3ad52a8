//! The singular value decomposition of a small real square matrix along LAPACK's path for
//! it (`dgesdd` → `dgebd2`, `dbdsdc` → `dlasdq` → `dbdsqr`), so that the singular vectors
//! carry NumPy's signs: `place_poles`'s YT iterations take a singular vector as it comes where
//! a projection vanishes, and SciPy's transfer matrix follows those signs.

use super::dense::{Mat, sign};
use crate::util::bad_argument_if;
use cuprum_core::ext::try_vec_filled;
use cuprum_core::{Complex64 as C, Result};

/// LAPACK's relative machine precision `dlamch('E')` (half of Rust's `EPSILON`).
const EPS: f64 = f64::EPSILON / 2.0;

/// A Householder reflector `I − τ·v·vᵀ` (`v[0] = 1`) mapping `(alpha, x)` to `(beta, 0)`, as
/// `dlarfg`: `(beta, τ, v[1..])`; `τ = 0` (no reflection) when `x` is zero.
fn reflector(alpha: f64, x: &[f64]) -> (f64, f64, Vec<f64>) {
    let xnorm = x.iter().map(|v| v * v).sum::<f64>().sqrt();
    if xnorm == 0.0 {
        return (alpha, 0.0, x.to_vec());
    }
    let beta = -sign(alpha.hypot(xnorm), alpha);
    let scale = 1.0 / (alpha - beta);
    (
        beta,
        (beta - alpha) / beta,
        x.iter().map(|v| v * scale).collect(),
    )
}

/// `dlartg` (LAPACK 3.10 and later): `(c, s, r)` with `[c s; −s c]·[f; g] = [r; 0]`, `c ≥ 0`
/// and `r` of `f`'s sign.
fn givens(f: f64, g: f64) -> (f64, f64, f64) {
    if g == 0.0 {
        (1.0, 0.0, f)
    } else if f == 0.0 {
        (0.0, sign(1.0, g), g.abs())
    } else {
        let d = (f * f + g * g).sqrt();
        let r = sign(d, f);
        (f.abs() / d, g / r, r)
    }
}

/// The smaller singular value of `[[f, g], [0, h]]` (`dlas2`), the shift of the QR sweeps.
fn smaller_singular(f: f64, g: f64, h: f64) -> f64 {
    let (fa, ga, ha) = (f.abs(), g.abs(), h.abs());
    let (fhmn, fhmx) = (fa.min(ha), fa.max(ha));
    if fhmn == 0.0 {
        0.0
    } else if ga < fhmx {
        let as_ = 1.0 + fhmn / fhmx;
        let at = (fhmx - fhmn) / fhmx;
        let au = (ga / fhmx).powi(2);
        fhmn * (2.0 / ((as_ * as_ + au).sqrt() + (at * at + au).sqrt()))
    } else {
        let au = fhmx / ga;
        if au == 0.0 {
            (fhmn * fhmx) / ga
        } else {
            let as_ = 1.0 + fhmn / fhmx;
            let at = (fhmx - fhmn) / fhmx;
            let c = 1.0 / ((1.0 + (as_ * au).powi(2)).sqrt() + (1.0 + (at * au).powi(2)).sqrt());
            2.0 * ((fhmn * c) * au)
        }
    }
}

/// The SVD of the upper-triangular `[[f, g], [0, h]]` as LAPACK's `dlasv2` gives it:
/// `(ssmin, ssmax, (cos, sin) of the right rotation, (cos, sin) of the left one)`, with
/// `[[cl, sl], [−sl, cl]]·[[f, g], [0, h]]·[[cr, −sr], [sr, cr]] = diag(ssmax, ssmin)`
/// (`|ssmax| ≥ |ssmin|`, signed).
fn svd_upper2(f: f64, g: f64, h: f64) -> (f64, f64, (f64, f64), (f64, f64)) {
    let swap = h.abs() > f.abs();
    let (ft, ht) = if swap { (h, f) } else { (f, h) };
    let (fa, ha, ga) = (ft.abs(), ht.abs(), g.abs());
    // which entry is largest: 1 (f), 2 (g) or 3 (h)
    let mut pmax = if swap { 3 } else { 1 };
    let (mut clt, mut crt, mut slt, mut srt) = (1.0, 1.0, 0.0, 0.0);
    let (mut ssmin, mut ssmax) = (ha, fa);
    if ga != 0.0 {
        let mut normal = true;
        if ga > fa {
            pmax = 2;
            if fa / ga < f64::EPSILON / 2.0 {
                // g dominates to working precision
                normal = false;
                ssmax = ga;
                ssmin = if ha > 1.0 {
                    fa / (ga / ha)
                } else {
                    (fa / ga) * ha
                };
                (clt, slt, srt, crt) = (1.0, ht / g, 1.0, ft / g);
            }
        }
        if normal {
            let d = fa - ha;
            let l = if d == fa { 1.0 } else { d / fa };
            let m = g / ft;
            let t = 2.0 - l;
            let (mm, tt) = (m * m, t * t);
            let s = (tt + mm).sqrt();
            let r = if l == 0.0 {
                m.abs()
            } else {
                (l * l + mm).sqrt()
            };
            let a = 0.5 * (s + r);
            ssmin = ha / a;
            ssmax = fa * a;
            let t = if mm == 0.0 {
                if l == 0.0 {
                    sign(2.0, ft) * sign(1.0, g)
                } else {
                    g / sign(d, ft) + m / t
                }
            } else {
                (m / (s + t) + m / (r + l)) * (1.0 + a)
            };
            let l = (t * t + 4.0).sqrt();
            crt = 2.0 / l;
            srt = t / l;
            clt = (crt + srt * m) / a;
            slt = (ht / ft) * srt / a;
        }
    }
    let (csl, snl, csr, snr) = if swap {
        (srt, crt, slt, clt)
    } else {
        (clt, slt, crt, srt)
    };
    let tsign = match pmax {
        1 => sign(1.0, csr) * sign(1.0, csl) * sign(1.0, f),
        2 => sign(1.0, snr) * sign(1.0, csl) * sign(1.0, g),
        _ => sign(1.0, snr) * sign(1.0, snl) * sign(1.0, h),
    };
    (
        sign(ssmin, tsign * sign(1.0, f) * sign(1.0, h)),
        sign(ssmax, tsign),
        (csr, snr),
        (csl, snl),
    )
}

/// The rotation of the pair `(x, y)` by `(c, s)`: `(c·x + s·y, c·y − s·x)`.
fn rot(x: f64, y: f64, c: f64, s: f64) -> (f64, f64) {
    (c * x + s * y, c * y - s * x)
}

/// A square matrix as rows of `f64` (0-based) with LAPACK's 1-based row/column access helpers.
struct Sq {
    n: usize,
    v: Vec<f64>,
}

impl Sq {
    fn eye(n: usize) -> Result<Sq> {
        let mut v = try_vec_filled(n * n, 0.0)?;
        for i in 0..n {
            v[i * n + i] = 1.0;
        }
        Ok(Sq { n, v })
    }
    fn at(&self, i: usize, j: usize) -> f64 {
        self.v[i * self.n + j]
    }
    fn set(&mut self, i: usize, j: usize, x: f64) {
        self.v[i * self.n + j] = x;
    }
    /// Rotates rows `i`, `i + 1` (`rows`) or columns `i`, `i + 1` by `(c, s)` as `dlasr`.
    fn rotate(&mut self, rows: bool, i: usize, c: f64, s: f64) {
        if c == 1.0 && s == 0.0 {
            return;
        }
        for k in 0..self.n {
            let ((a, b), (p, q)) = if rows {
                ((i, k), (i + 1, k))
            } else {
                ((k, i), (k, i + 1))
            };
            let (x, y) = rot(self.at(a, b), self.at(p, q), c, s);
            self.set(a, b, x);
            self.set(p, q, y);
        }
    }
}

/// `dbdsqr` on the upper-bidiagonal `(d, e)` (0-based), accumulating the right rotations into
/// the rows of `vt` and the left ones into the columns of `u`; the singular values end in `d`,
/// positive and descending.
fn bidiagonal_svd(d: &mut [f64], e: &mut [f64], vt: &mut Sq, u: &mut Sq) -> Result<()> {
    let n = d.len();
    if n > 1 {
        bidiagonal_sweeps(d, e, vt, u)?;
    }
    for (i, di) in d.iter_mut().enumerate() {
        if *di == 0.0 {
            *di = 0.0;
        }
        if *di < 0.0 {
            *di = -*di;
            for k in 0..n {
                vt.set(i, k, -vt.at(i, k));
            }
        }
    }
    // dbdsqr's sort: the smallest of the leading part moves to its end
    for i in 1..n {
        let last = n - i;
        let mut isub = 0;
        let mut smin = d[0];
        for (j, &dj) in d.iter().enumerate().take(last + 1).skip(1) {
            if dj <= smin {
                isub = j;
                smin = dj;
            }
        }
        if isub != last {
            d[isub] = d[last];
            d[last] = smin;
            swap_pair(vt, u, isub, last);
        }
    }
    // then dlasdq sorts ascending and dbdsdc descending (selection sorts): distinct values end
    // as dbdsqr left them, equal ones trade their vectors as LAPACK's do
    for i in 0..n {
        let mut isub = i;
        for j in i + 1..n {
            if d[j] < d[isub] {
                isub = j;
            }
        }
        if isub != i {
            d.swap(isub, i);
            swap_pair(vt, u, isub, i);
        }
    }
    for i in 0..n.saturating_sub(1) {
        let mut kk = i;
        for j in i + 1..n {
            if d[j] > d[kk] {
                kk = j;
            }
        }
        if kk != i {
            d.swap(kk, i);
            swap_pair(vt, u, kk, i);
        }
    }
    Ok(())
}

/// Swaps rows `a`, `b` of `vt` and columns `a`, `b` of `u`.
fn swap_pair(vt: &mut Sq, u: &mut Sq, a: usize, b: usize) {
    let n = vt.n;
    for k in 0..n {
        vt.v.swap(a * n + k, b * n + k);
        u.v.swap(k * n + a, k * n + b);
    }
}

/// The implicit zero-shift and shifted QR sweeps of `dbdsqr` until every `e` vanishes.
fn bidiagonal_sweeps(d: &mut [f64], e: &mut [f64], vt: &mut Sq, u: &mut Sq) -> Result<()> {
    const MAXITR: usize = 6;
    let n = d.len();
    let nf = n as f64;
    let tol = EPS.powf(-0.125).clamp(10.0, 100.0) * EPS;
    let mut sminoa = d[0].abs();
    if sminoa != 0.0 {
        let mut mu = sminoa;
        for i in 1..n {
            mu = d[i].abs() * (mu / (mu + e[i - 1].abs()));
            sminoa = sminoa.min(mu);
            if sminoa == 0.0 {
                break;
            }
        }
    }
    let thresh = (tol * sminoa / nf.sqrt()).max(MAXITR as f64 * (nf * (nf * f64::MIN_POSITIVE)));
    // 1-based positions as in LAPACK: d(i) = d[i - 1], e(i) = e[i - 1]
    let (mut iter, mut iterdivn) = (0usize, 0usize);
    let (mut oldll, mut oldm, mut idir) = (0usize, 0usize, 0u8);
    let mut m = n;
    let mut cs = try_vec_filled(4 * n, 0.0)?;
    'outer: while m > 1 {
        if iter >= n {
            iter -= n;
            iterdivn += 1;
            bad_argument_if(
                iterdivn >= MAXITR * n,
                "signal.place_poles",
                "matrix",
                format!("a {n} x {n} SVD"),
                "an SVD that converges within dbdsqr's iteration limit",
            )?;
        }
        let mut smax = d[m - 1].abs();
        let mut ll = 0;
        for lll in 1..m {
            let l = m - lll;
            let (abss, abse) = (d[l - 1].abs(), e[l - 1].abs());
            if abse <= thresh || abse == 0.0 {
                ll = l;
                break;
            }
            smax = smax.max(abss).max(abse);
        }
        if ll > 0 {
            e[ll - 1] = 0.0;
            if ll == m - 1 {
                m -= 1;
                continue;
            }
        }
        ll += 1;
        if ll == m - 1 {
            let (smin, smx, (cr, sr), (cl, sl)) = svd_upper2(d[m - 2], e[m - 2], d[m - 1]);
            d[m - 2] = smx;
            e[m - 2] = 0.0;
            d[m - 1] = smin;
            vt.rotate(true, m - 2, cr, sr);
            u.rotate(false, m - 2, cl, sl);
            m -= 2;
            continue;
        }
        if ll > oldm || m < oldll {
            idir = if d[ll - 1].abs() >= d[m - 1].abs() {
                1
            } else {
                2
            };
        }
        let mut smin;
        if idir == 1 {
            if e[m - 2].abs() <= tol * d[m - 1].abs() {
                e[m - 2] = 0.0;
                continue;
            }
            let mut mu = d[ll - 1].abs();
            smin = mu;
            for l in ll..m {
                if e[l - 1].abs() <= tol * mu {
                    e[l - 1] = 0.0;
                    continue 'outer;
                }
                mu = d[l].abs() * (mu / (mu + e[l - 1].abs()));
                smin = smin.min(mu);
            }
        } else {
            if e[ll - 1].abs() <= tol * d[ll - 1].abs() {
                e[ll - 1] = 0.0;
                continue;
            }
            let mut mu = d[m - 1].abs();
            smin = mu;
            for l in (ll..m).rev() {
                if e[l - 1].abs() <= tol * mu {
                    e[l - 1] = 0.0;
                    continue 'outer;
                }
                mu = d[l - 1].abs() * (mu / (mu + e[l - 1].abs()));
                smin = smin.min(mu);
            }
        }
        oldll = ll;
        oldm = m;
        let mut shift = 0.0;
        if nf * tol * (smin / smax) > EPS.max(0.01 * tol) {
            let sll;
            if idir == 1 {
                sll = d[ll - 1].abs();
                shift = smaller_singular(d[m - 2], e[m - 2], d[m - 1]);
            } else {
                sll = d[m - 1].abs();
                shift = smaller_singular(d[ll - 1], e[ll - 1], d[ll]);
            }
            if sll > 0.0 && (shift / sll).powi(2) < EPS {
                shift = 0.0;
            }
        }
        iter += m - ll;
        // the rotations of this sweep: k = 1..=m−ll at cs[k−1], sn, and the second pair
        let nr = m - ll;
        let (c1, rest) = cs.split_at_mut(n);
        let (s1, rest) = rest.split_at_mut(n);
        let (c2, s2) = rest.split_at_mut(n);
        if shift == 0.0 && idir == 1 {
            let (mut c, mut oldc, mut olds) = (1.0, 1.0, 0.0);
            for i in ll..m {
                let (ci, si, r) = givens(d[i - 1] * c, e[i - 1]);
                c = ci;
                if i > ll {
                    e[i - 2] = olds * r;
                }
                let (oc, os, di) = givens(oldc * r, d[i] * si);
                (oldc, olds, d[i - 1]) = (oc, os, di);
                let k = i - ll;
                (c1[k], s1[k], c2[k], s2[k]) = (ci, si, oc, os);
            }
            let h = d[m - 1] * c;
            d[m - 1] = h * oldc;
            e[m - 2] = h * olds;
            for k in 0..nr {
                vt.rotate(true, ll - 1 + k, c1[k], s1[k]);
                u.rotate(false, ll - 1 + k, c2[k], s2[k]);
            }
            if e[m - 2].abs() <= thresh {
                e[m - 2] = 0.0;
            }
        } else if shift == 0.0 {
            let (mut c, mut oldc, mut olds) = (1.0, 1.0, 0.0);
            for i in (ll + 1..=m).rev() {
                let (ci, si, r) = givens(d[i - 1] * c, e[i - 2]);
                c = ci;
                if i < m {
                    e[i - 1] = olds * r;
                }
                let (oc, os, di) = givens(oldc * r, d[i - 2] * si);
                (oldc, olds, d[i - 1]) = (oc, os, di);
                let k = i - ll - 1;
                (c1[k], s1[k], c2[k], s2[k]) = (ci, -si, oc, -os);
            }
            let h = d[ll - 1] * c;
            d[ll - 1] = h * oldc;
            e[ll - 1] = h * olds;
            for k in (0..nr).rev() {
                vt.rotate(true, ll - 1 + k, c2[k], s2[k]);
                u.rotate(false, ll - 1 + k, c1[k], s1[k]);
            }
            if e[ll - 1].abs() <= thresh {
                e[ll - 1] = 0.0;
            }
        } else if idir == 1 {
            let dl = d[ll - 1];
            let mut f = (dl.abs() - shift) * (sign(1.0, dl) + shift / dl);
            let mut g = e[ll - 1];
            for i in ll..m {
                let (cr, sr, r) = givens(f, g);
                if i > ll {
                    e[i - 2] = r;
                }
                f = cr * d[i - 1] + sr * e[i - 1];
                e[i - 1] = cr * e[i - 1] - sr * d[i - 1];
                g = sr * d[i];
                d[i] *= cr;
                let (cl, sl, r) = givens(f, g);
                d[i - 1] = r;
                f = cl * e[i - 1] + sl * d[i];
                d[i] = cl * d[i] - sl * e[i - 1];
                if i < m - 1 {
                    g = sl * e[i];
                    e[i] *= cl;
                }
                let k = i - ll;
                (c1[k], s1[k], c2[k], s2[k]) = (cr, sr, cl, sl);
            }
            e[m - 2] = f;
            for k in 0..nr {
                vt.rotate(true, ll - 1 + k, c1[k], s1[k]);
                u.rotate(false, ll - 1 + k, c2[k], s2[k]);
            }
            if e[m - 2].abs() <= thresh {
                e[m - 2] = 0.0;
            }
        } else {
            let dm = d[m - 1];
            let mut f = (dm.abs() - shift) * (sign(1.0, dm) + shift / dm);
            let mut g = e[m - 2];
            for i in (ll + 1..=m).rev() {
                let (cr, sr, r) = givens(f, g);
                if i < m {
                    e[i - 1] = r;
                }
                f = cr * d[i - 1] + sr * e[i - 2];
                e[i - 2] = cr * e[i - 2] - sr * d[i - 1];
                g = sr * d[i - 2];
                d[i - 2] *= cr;
                let (cl, sl, r) = givens(f, g);
                d[i - 1] = r;
                f = cl * e[i - 2] + sl * d[i - 2];
                d[i - 2] = cl * d[i - 2] - sl * e[i - 2];
                if i > ll + 1 {
                    g = sl * e[i - 3];
                    e[i - 3] *= cl;
                }
                let k = i - ll - 1;
                (c1[k], s1[k], c2[k], s2[k]) = (cr, -sr, cl, -sl);
            }
            e[ll - 1] = f;
            if e[ll - 1].abs() <= thresh {
                e[ll - 1] = 0.0;
            }
            for k in (0..nr).rev() {
                vt.rotate(true, ll - 1 + k, c2[k], s2[k]);
                u.rotate(false, ll - 1 + k, c1[k], s1[k]);
            }
        }
    }
    Ok(())
}

/// The singular value decomposition `m = U·diag(s)·Vᵀ` of a real square matrix (the real
/// parts of `m`) with LAPACK `dgesdd`'s singular values (descending) and vector signs, which
/// NumPy's `svd` returns (also through `zgesdd` for complex data with zero imaginary parts):
/// Householder bidiagonalization (`dgebd2`), the bidiagonal QR iterations of `dbdsqr`, then
/// the reflectors applied back. Returns `(U, s, V)`.
pub(crate) fn svd_real(m: &Mat) -> Result<(Mat, Vec<f64>, Mat)> {
    let n = m.r;
    let mut a = Sq::eye(n)?;
    for (o, z) in a.v.iter_mut().zip(&m.d) {
        *o = z.re;
    }
    let (mut d, mut e) = (
        try_vec_filled(n, 0.0)?,
        try_vec_filled(n.saturating_sub(1), 0.0)?,
    );
    // the left reflectors (τ, v over rows i..) and right ones (τ, v over columns i+1..)
    let mut left: Vec<(f64, Vec<f64>)> = Vec::new();
    let mut right: Vec<(f64, Vec<f64>)> = Vec::new();
    for i in 0..n {
        let col: Vec<f64> = (i + 1..n).map(|r| a.at(r, i)).collect();
        let (beta, tau, v) = reflector(a.at(i, i), &col);
        d[i] = beta;
        let v: Vec<f64> = std::iter::once(1.0).chain(v).collect();
        for c in i + 1..n {
            let w: f64 = (i..n).map(|r| v[r - i] * a.at(r, c)).sum();
            for r in i..n {
                a.set(r, c, a.at(r, c) - tau * v[r - i] * w);
            }
        }
        left.push((tau, v));
        if i + 1 < n {
            let row: Vec<f64> = (i + 2..n).map(|c| a.at(i, c)).collect();
            let (beta, tau, v) = reflector(a.at(i, i + 1), &row);
            e[i] = beta;
            let v: Vec<f64> = std::iter::once(1.0).chain(v).collect();
            for r in i + 1..n {
                let w: f64 = (i + 1..n).map(|c| a.at(r, c) * v[c - i - 1]).sum();
                for c in i + 1..n {
                    a.set(r, c, a.at(r, c) - tau * w * v[c - i - 1]);
                }
            }
            right.push((tau, v));
        }
    }
    let (mut vt, mut u) = (Sq::eye(n)?, Sq::eye(n)?);
    if n == 1 {
        // dbdsdc's 1 × 1 case: the sign goes to U
        u.set(0, 0, sign(1.0, d[0]));
        d[0] = d[0].abs();
    } else {
        bidiagonal_svd(&mut d, &mut e, &mut vt, &mut u)?;
    }
    // U ← Q·U with Q = H(0)·H(1)·…, applied last reflector first
    for (i, (tau, v)) in left.iter().enumerate().rev() {
        for c in 0..n {
            let w: f64 = (i..n).map(|r| v[r - i] * u.at(r, c)).sum();
            for r in i..n {
                u.set(r, c, u.at(r, c) - tau * v[r - i] * w);
            }
        }
    }
    // Vᵀ ← Vᵀ·Pᵀ with P = G(0)·G(1)·…: right-multiply by G(last), …, G(0)
    for (i, (tau, v)) in right.iter().enumerate().rev() {
        for r in 0..n {
            let w: f64 = (i + 1..n).map(|c| vt.at(r, c) * v[c - i - 1]).sum();
            for c in i + 1..n {
                vt.set(r, c, vt.at(r, c) - tau * w * v[c - i - 1]);
            }
        }
    }
    let (mut um, mut vm) = (Mat::zeros(n, n)?, Mat::zeros(n, n)?);
    for i in 0..n {
        for j in 0..n {
            um.set(i, j, C::new(u.at(i, j), 0.0));
            vm.set(j, i, C::new(vt.at(i, j), 0.0));
        }
    }
    Ok((um, d, vm))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svd2_has_lapacks_signs() {
        // numpy.linalg.svd(m) (LAPACK dgesdd): U, s, Vh row-major
        // (m, U, s, Vh)
        type Case = ([f64; 4], [f64; 4], [f64; 2], [f64; 4]);
        let cases: [Case; 5] = [
            (
                [
                    -0.09403795758324121,
                    0.7234420806650406,
                    -0.42681003819087115,
                    -0.06187465659462915,
                ],
                [
                    -0.9999107628832158,
                    0.01335912685416163,
                    0.013359126854161608,
                    0.9999107628832158,
                ],
                [0.7295706898835215, 0.4312000369149672],
                [
                    0.12106812635019457,
                    -0.992644200497869,
                    -0.992644200497869,
                    -0.12106812635019457,
                ],
            ),
            (
                [2.0, -1.0, 0.0, -3.0],
                [
                    0.47185792553202427,
                    -0.8816745987679436,
                    0.8816745987679436,
                    0.47185792553202427,
                ],
                [3.25661653798294, 1.8424029756098448],
                [
                    0.28978414868843,
                    -0.9570920264890526,
                    -0.9570920264890526,
                    -0.28978414868843,
                ],
            ),
            (
                [0.5, 3.0, -1.0, 0.2],
                [
                    0.9999258507863249,
                    0.01217755842704582,
                    0.012177558427046051,
                    -0.9999258507863249,
                ],
                [3.0415814712325284, 1.0192066296168614],
                [
                    0.16037228381998697,
                    0.9870565994827053,
                    0.9870565994827053,
                    -0.16037228381998697,
                ],
            ),
            (
                [1.0, 0.0, 0.0, 1.0],
                [1.0, 0.0, 0.0, 1.0],
                [1.0, 1.0],
                [1.0, 0.0, 0.0, 1.0],
            ),
            (
                [0.0, 1.0, -1.0, 0.0],
                [0.0, 1.0, 1.0, 0.0],
                [1.0, 1.0],
                [-1.0, 0.0, 0.0, 1.0],
            ),
        ];
        for (m, u_want, s_want, vh_want) in cases {
            let (u, s, v) = svd_real(&Mat::real(&m, 2, 2).unwrap()).unwrap();
            for i in 0..2 {
                assert!((s[i] - s_want[i]).abs() < 1e-14, "{m:?}: s {s:?}");
                for j in 0..2 {
                    assert!(
                        (u.at(i, j).re - u_want[2 * i + j]).abs() < 1e-14,
                        "{m:?}: U"
                    );
                    assert!(
                        (v.at(j, i).re - vh_want[2 * i + j]).abs() < 1e-14,
                        "{m:?}: Vh"
                    );
                }
            }
        }
    }

    #[test]
    fn larger_svd_has_lapacks_signs() {
        type Case = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>);
        // numpy.linalg.svd(m) for default_rng(7).standard_normal((3, 3)), ((4, 4)),
        // [[1, 2, 3], [4, 5, 6], [7, 8, 10]], standard_normal((5, 5)), diag(1, -2, 3):
        // (m, U, s, Vh) row-major. (Equal singular values, as of a skew matrix, leave the
        // vectors' basis to rounding: there the signs may differ from LAPACK's.)
        #[rustfmt::skip]
        let cases: Vec<Case> = vec![
(vec![0.0012301533574825742, 0.2987455375084699, -0.2741378553622176, -0.8905918387572742, -0.45467078517172255, -0.9916465549964624, 0.060143602597438485, 1.3402152455545335, -0.49220651855132963], vec![0.19183687915407333, 0.19732153409012598, -0.961385887134165, -0.46282081882907916, 0.882005289756865, 0.08867670776077272, 0.8654452619633468, 0.42793794062367024, 0.2605256561645435], vec![1.501409319969427, 1.3887417832789528, 0.08289714666947832], vec![0.30935696386374817, 0.9508562601522634, -0.013062979685181499, -0.5469168255454904, 0.1666658590576486, -0.8204294469116894, -0.7779333228781551, 0.2609499261425989, 0.57159853149035]),
(vec![-0.6204748998199404, 0.4898420501851982, 0.35688700816006075, 0.10541424899789856, -0.9304680447082047, -0.02925182246327349, 0.6953031944582878, -1.344214547285082, -0.45761576104021817, -1.901222739800844, -1.289537739784976, -1.8417350377917323, -0.23509113107468127, -1.2674464814437032, 0.2712643588217015, 0.15675108662422516], vec![0.11864778648539226, 0.38841407992310406, 0.10754784974978604, 0.9074638644562125, -0.27179025680655267, 0.8863066006608898, 0.11370403442560494, -0.35729827663355385, -0.9288366528814967, -0.16391036504256815, -0.24809996589942723, 0.22100287648854955, -0.2220703296954434, -0.1916468219774042, 0.9560079808716251, -0.00223714207794733], vec![3.1776321824517644, 1.7374603340603572, 1.1222224772014415, 0.4286045759237697], vec![0.20661020359450058, 0.6651042468090033, 0.31183513863674855, 0.6463028786557173, -0.5442534162844005, 0.41374623368979585, 0.5262010194292169, -0.5056824696604779, -0.25284046655773484, -0.6154218612803587, 0.6208273172836785, 0.41460954311669784, -0.772769138296985, 0.08778569155822602, -0.4903516856067728, 0.39328965874527616]),
(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0], vec![-0.20933734352577438, 0.9643851351290609, 0.1616761817574713, -0.5038485108077233, 0.03532145172128207, -0.8630695645225479, -0.838042096056285, -0.26213299332667783, 0.4785099153070752], vec![17.412505166808593, 0.8751613501104366, 0.1968665211174301], vec![-0.46466754677974925, -0.5537545526717396, -0.6909703078751005, -0.833286354773932, 0.009499485152154215, 0.5527599937852021, 0.2995295009131192, -0.8326257593764234, 0.4658502150966254]),
(vec![-0.18693094462995438, -2.516759710820513, -0.5386928958466366, -0.048500945401071985, 0.11330898600330756, -1.5301357655053935, -0.47775327603393064, -0.9785190780566395, -0.8088372394255993, 1.0608986233860787, -0.8075346753318965, -0.0325217049455206, 0.8843898673831739, -0.583600432743302, -0.11170194958415963, 0.11046414324948059, 0.06378177425506196, -1.2250558264176934, 0.0761402303770081, 1.3588234217415376, -1.5471446781284823, 0.8593826880215982, 0.11935402569658124, -0.6414703941072214, 2.000416546342423], vec![-0.045024431184876534, 0.8945344347649267, 0.18632828625127834, -0.3945843783451487, -0.08582472676861028, -0.5919014891752313, 0.268931658959646, 0.1163006341196897, 0.7475259280072798, -0.07076396951535328, -0.09745940415824593, -0.10324199893837349, 0.6575086940433958, -0.07261418615549538, 0.7363777912339916, -0.33625383645363444, 0.12352343242029534, -0.7082228086094081, -0.14456390418349205, 0.5909289721158963, -0.7246105503785842, -0.3186957155772958, 0.13363645785776698, -0.5092510313185717, -0.3101246126719412], vec![3.52581009321456, 2.8354984795217186, 1.9056735981910273, 0.7576685382785923, 0.14612621500297282], vec![0.5890111083303048, -0.06945823128018394, 0.2390071059308808, 0.27710704472422515, -0.7171671753849901, 0.0040087017719205795, -0.9319196101651165, -0.36173569002159334, 0.004649389805369836, -0.025208019335934185, -0.5398277614213979, -0.24989415076502028, 0.6563980536093377, -0.3287424561838646, -0.3274276929831453, -0.31610360870111104, 0.2526706203348714, -0.616113927026236, -0.3001960354334372, -0.605410633719034, 0.5115802391986095, -0.020294465505322337, 0.03959946996273693, -0.8514697920366232, 0.10632435637767357]),
(vec![1.0, 0.0, 0.0, 0.0, -2.0, 0.0, 0.0, 0.0, 3.0], vec![0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0], vec![3.0, 2.0, 1.0], vec![0.0, 0.0, 1.0, -0.0, -1.0, -0.0, 1.0, 0.0, 0.0]),

        ];
        for (m, u_want, s_want, vh_want) in cases {
            let n = s_want.len();
            let (u, s, v) = svd_real(&Mat::real(&m, n, n).unwrap()).unwrap();
            for i in 0..n {
                assert!((s[i] - s_want[i]).abs() < 1e-12, "{m:?}: s {s:?}");
                for j in 0..n {
                    let (ue, ve) = (u_want[n * i + j], vh_want[n * i + j]);
                    assert!((u.at(i, j).re - ue).abs() < 1e-10, "{m:?}: U[{i}, {j}]");
                    assert!((v.at(j, i).re - ve).abs() < 1e-10, "{m:?}: Vh[{i}, {j}]");
                }
            }
        }
    }
}
