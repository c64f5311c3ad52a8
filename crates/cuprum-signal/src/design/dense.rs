//! Small dense complex matrices on the host for the design routines (pole placement): products,
//! LAPACK-convention Householder QR, LU solves and determinants, a one-sided Jacobi SVD and a
//! Jacobi eigensolver for Hermitian matrices. Sizes are a system's state count, so plain
//! O(n³) loops in float64.

use cuprum_core::ext::try_vec_filled;
use cuprum_core::{Complex64 as C, Result};

const ZERO: C = C::new(0.0, 0.0);
const ONE: C = C::new(1.0, 0.0);

/// A row-major `r × c` complex matrix.
#[derive(Clone, Debug)]
pub(crate) struct Mat {
    pub r: usize,
    pub c: usize,
    pub d: Vec<C>,
}

impl Mat {
    pub fn zeros(r: usize, c: usize) -> Result<Mat> {
        let len = cuprum_core::ext::layout::checked_size("signal.place_poles", &[r, c], 16)?;
        Ok(Mat {
            r,
            c,
            d: try_vec_filled(len, ZERO)?,
        })
    }

    pub fn eye(n: usize) -> Result<Mat> {
        let mut m = Mat::zeros(n, n)?;
        for i in 0..n {
            m.d[i * n + i] = ONE;
        }
        Ok(m)
    }

    /// The matrix of the row-major real values `v` (`r × c`).
    pub fn real(v: &[f64], r: usize, c: usize) -> Result<Mat> {
        let mut m = Mat::zeros(r, c)?;
        for (o, &x) in m.d.iter_mut().zip(v) {
            *o = C::new(x, 0.0);
        }
        Ok(m)
    }

    pub fn at(&self, i: usize, j: usize) -> C {
        self.d[i * self.c + j]
    }

    pub fn set(&mut self, i: usize, j: usize, v: C) {
        self.d[i * self.c + j] = v;
    }

    pub fn col(&self, j: usize) -> Result<Vec<C>> {
        let mut v = try_vec_filled(self.r, ZERO)?;
        for (i, o) in v.iter_mut().enumerate() {
            *o = self.at(i, j);
        }
        Ok(v)
    }

    pub fn set_col(&mut self, j: usize, v: &[C]) {
        for (i, &x) in v.iter().enumerate() {
            self.set(i, j, x);
        }
    }

    /// The columns `cols` of `self`, in that order.
    pub fn cols(&self, cols: &[usize]) -> Result<Mat> {
        let mut m = Mat::zeros(self.r, cols.len())?;
        for i in 0..self.r {
            for (k, &j) in cols.iter().enumerate() {
                m.set(i, k, self.at(i, j));
            }
        }
        Ok(m)
    }

    /// The rows `lo..hi` of `self`.
    pub fn rows(&self, lo: usize, hi: usize) -> Result<Mat> {
        let mut m = Mat::zeros(hi - lo, self.c)?;
        m.d.copy_from_slice(&self.d[lo * self.c..hi * self.c]);
        Ok(m)
    }

    /// `self` without the columns `drop`.
    pub fn without_cols(&self, drop: &[usize]) -> Result<Mat> {
        let keep: Vec<usize> = (0..self.c).filter(|j| !drop.contains(j)).collect();
        self.cols(&keep)
    }

    pub fn mul(&self, o: &Mat) -> Result<Mat> {
        let mut m = Mat::zeros(self.r, o.c)?;
        for i in 0..self.r {
            for l in 0..self.c {
                let x = self.at(i, l);
                if x == ZERO {
                    continue;
                }
                for j in 0..o.c {
                    m.d[i * o.c + j] += x * o.at(l, j);
                }
            }
        }
        Ok(m)
    }

    /// The transpose (`conj`: the conjugate transpose).
    pub fn t(&self, conj: bool) -> Result<Mat> {
        let mut m = Mat::zeros(self.c, self.r)?;
        for i in 0..self.r {
            for j in 0..self.c {
                let x = self.at(i, j);
                m.set(j, i, if conj { x.conj() } else { x });
            }
        }
        Ok(m)
    }

    /// `self + s·o` elementwise.
    pub fn add_scaled(&self, s: C, o: &Mat) -> Result<Mat> {
        let mut m = self.clone();
        for (x, &y) in m.d.iter_mut().zip(&o.d) {
            *x += s * y;
        }
        Ok(m)
    }
}

/// The Euclidean norm of `v`.
pub(crate) fn norm(v: &[C]) -> f64 {
    v.iter().map(|x| x.norm_sqr()).sum::<f64>().sqrt()
}

/// NumPy's `allclose(v, 0)`: every `|v_i| ≤ 1e-8`.
pub(crate) fn all_near_zero(v: &[C]) -> bool {
    v.iter().all(|x| x.norm() <= 1e-8)
}

/// NumPy's `allclose(a, b)` for two scalars (`rtol` 1e-5, `atol` 1e-8).
pub(crate) fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-8 + 1e-5 * b.abs()
}

/// The full QR decomposition `a = Q·R` (`Q` `r × r` unitary, `R` `r × c`) by Householder
/// reflections in LAPACK's convention (`geqrf`/`ungqr`: `β = −sign(Re α)·‖(α, x)‖`,
/// `τ = (β − α)/β`, no reflection where the column below the diagonal is already zero and
/// `α` is real), so that the trailing columns of `Q` are those SciPy's `qr(mode='full')` gives.
pub(crate) fn qr(a: &Mat) -> Result<(Mat, Mat)> {
    let (m, n) = (a.r, a.c);
    let k = m.min(n);
    let mut r = a.clone();
    let mut vs = Mat::zeros(m, k)?;
    let mut taus = try_vec_filled(k, ZERO)?;
    for (j, tau_j) in taus.iter_mut().enumerate() {
        let alpha = r.at(j, j);
        let xnorm = (j + 1..m)
            .map(|i| r.at(i, j).norm_sqr())
            .sum::<f64>()
            .sqrt();
        vs.set(j, j, ONE);
        if xnorm == 0.0 && alpha.im == 0.0 {
            continue;
        }
        let mag = (alpha.norm_sqr() + xnorm * xnorm).sqrt();
        let beta = -sign(mag, alpha.re);
        let tau = C::new((beta - alpha.re) / beta, -alpha.im / beta);
        let scale = ONE / (alpha - beta);
        for i in j + 1..m {
            vs.set(i, j, r.at(i, j) * scale);
            r.set(i, j, ZERO);
        }
        r.set(j, j, C::new(beta, 0.0));
        *tau_j = tau;
        // A ← H^H·A on the trailing columns, H = I − τ·v·v^H
        for c in j + 1..n {
            let w: C = (j..m).map(|i| vs.at(i, j).conj() * r.at(i, c)).sum();
            for i in j..m {
                let v = vs.at(i, j);
                r.set(i, c, r.at(i, c) - tau.conj() * v * w);
            }
        }
    }
    // Q = H_1·H_2·…·H_k applied to the identity
    let mut q = Mat::eye(m)?;
    for j in (0..k).rev() {
        let tau = taus[j];
        if tau == ZERO {
            continue;
        }
        for c in 0..m {
            let w: C = (j..m).map(|i| vs.at(i, j).conj() * q.at(i, c)).sum();
            for i in j..m {
                let v = vs.at(i, j);
                q.set(i, c, q.at(i, c) - tau * v * w);
            }
        }
    }
    Ok((q, r))
}

/// The LU factorization with partial pivoting of the square `a`: the packed factors, the row
/// permutation's sign, or `None` when a pivot is zero (NumPy's "Singular matrix").
fn lu(a: &Mat, rhs: Option<&mut Mat>) -> Option<(Mat, f64)> {
    let n = a.r;
    let mut m = a.clone();
    let mut rhs = rhs;
    let mut sign = 1.0;
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| m.at(i, c).norm().total_cmp(&m.at(j, c).norm()))?;
        if m.at(p, c) == ZERO {
            return None;
        }
        if p != c {
            sign = -sign;
            for j in 0..n {
                m.d.swap(c * n + j, p * n + j);
            }
            if let Some(b) = rhs.as_deref_mut() {
                for j in 0..b.c {
                    b.d.swap(c * b.c + j, p * b.c + j);
                }
            }
        }
        for i in c + 1..n {
            let f = m.at(i, c) / m.at(c, c);
            m.set(i, c, f);
            for j in c + 1..n {
                let v = m.at(i, j) - f * m.at(c, j);
                m.set(i, j, v);
            }
            if let Some(b) = rhs.as_deref_mut() {
                for j in 0..b.c {
                    let v = b.at(i, j) - f * b.at(c, j);
                    b.set(i, j, v);
                }
            }
        }
    }
    Some((m, sign))
}

/// Solves `a·x = b` (`a` square) by LU with partial pivoting; `None` when `a` is singular.
pub(crate) fn solve(a: &Mat, b: &Mat) -> Option<Mat> {
    let mut x = b.clone();
    let (m, _) = lu(a, Some(&mut x))?;
    let n = a.r;
    for c in (0..n).rev() {
        for j in 0..x.c {
            let mut s = x.at(c, j);
            for l in c + 1..n {
                s -= m.at(c, l) * x.at(l, j);
            }
            x.set(c, j, s / m.at(c, c));
        }
    }
    Some(x)
}

/// `|det(a)|` of the square `a` (0 when singular).
pub(crate) fn abs_det(a: &Mat) -> f64 {
    match lu(a, None) {
        Some((m, _)) => (0..a.r).map(|i| m.at(i, i).norm()).product(),
        None => 0.0,
    }
}

/// Completes the first `k` orthonormal columns of the square `u` to an orthonormal basis by
/// Gram–Schmidt on the unit vectors.
fn complete_basis(u: &mut Mat, k: usize) -> Result<()> {
    let n = u.r;
    let mut have = k;
    for e in 0..n {
        if have == u.c {
            break;
        }
        let mut v = try_vec_filled(n, ZERO)?;
        v[e] = ONE;
        for j in 0..have {
            let uj = u.col(j)?;
            let d: C = uj.iter().zip(&v).map(|(a, b)| a.conj() * b).sum();
            for (x, y) in v.iter_mut().zip(&uj) {
                *x -= d * y;
            }
        }
        let nv = norm(&v);
        if nv > 1e-8 {
            u.set_col(have, &v.iter().map(|x| x / nv).collect::<Vec<_>>());
            have += 1;
        }
    }
    Ok(())
}

/// Fortran's `SIGN(a, b)`: `|a|` with the sign of `b` (a negative zero counts as negative).
fn sign(a: f64, b: f64) -> f64 {
    if b.is_sign_negative() {
        -a.abs()
    } else {
        a.abs()
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

/// The SVD of a real 2 × 2 matrix with the singular vectors' signs of LAPACK's `dgesdd` (and
/// `zgesdd` on real data), which NumPy's `svd` calls: a Householder bidiagonalization, the
/// 2 × 2 bidiagonal SVD of `dlasv2` inside `dbdsqr`, singular values made positive by negating
/// rows of `Vᵀ`, then sorted descending. Returns `(U, s, V)`.
fn svd2_lapack(m: &Mat) -> Result<(Mat, Vec<f64>, Mat)> {
    let (a, b, c, d) = (m.at(0, 0).re, m.at(0, 1).re, m.at(1, 0).re, m.at(1, 1).re);
    // H = I − τ·v·vᵀ, v = (1, v1), annihilating c (dlarfg); H·[a b; c d] = [d1 e; 0 d2]
    let (tau, v1, d1) = if c == 0.0 {
        (0.0, 0.0, a)
    } else {
        let beta = -sign(a.hypot(c), a);
        ((beta - a) / beta, c / (a - beta), beta)
    };
    let w = b + v1 * d;
    let (e, d2) = (b - tau * w, d - tau * v1 * w);
    let mut s = [d1, d2];
    // rows of Vᵀ and columns of U of the bidiagonal problem
    let (mut vt, mut u) = ([[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]);
    // dbdsqr's split test: e negligible next to the smallest singular value's estimate
    let tol = (f64::EPSILON / 2.0).powf(-0.125).clamp(10.0, 100.0) * (f64::EPSILON / 2.0);
    let mut sminoa = d1.abs();
    if sminoa != 0.0 {
        sminoa = sminoa.min(d2.abs() * (sminoa / (sminoa + e.abs())));
    }
    let thresh = (tol * sminoa / 2f64.sqrt()).max(6.0 * 4.0 * f64::MIN_POSITIVE);
    if !(e.abs() <= thresh || e == 0.0) {
        let (smin, smax, (cr, sr), (cl, sl)) = svd_upper2(d1, e, d2);
        s = [smax, smin];
        vt = [[cr, sr], [-sr, cr]];
        u = [[cl, -sl], [sl, cl]];
    }
    for (i, si) in s.iter_mut().enumerate() {
        if *si < 0.0 {
            *si = -*si;
            vt[i] = [-vt[i][0], -vt[i][1]];
        }
    }
    if s[1] > s[0] {
        s.swap(0, 1);
        vt.swap(0, 1);
        u = [[u[0][1], u[0][0]], [u[1][1], u[1][0]]];
    }
    // U = H·U_bd, V = (Vᵀ)ᵀ
    let mut um = Mat::zeros(2, 2)?;
    let mut vm = Mat::zeros(2, 2)?;
    for j in 0..2 {
        let wj = u[0][j] + v1 * u[1][j];
        um.set(0, j, C::new(u[0][j] - tau * wj, 0.0));
        um.set(1, j, C::new(u[1][j] - tau * v1 * wj, 0.0));
        for (i, row) in vt.iter().enumerate() {
            vm.set(j, i, C::new(row[j], 0.0));
        }
    }
    Ok((um, s.to_vec(), vm))
}

/// The singular value decomposition `m = U·diag(s)·Vᵀ` of a real square matrix (the real
/// parts of `m`), singular values descending: `(U, s, V)`. A 2 × 2 matrix gets LAPACK's
/// signs ([`svd2_lapack`]); a larger one one-sided Jacobi rotations, whose vectors may differ
/// from LAPACK's in sign.
pub(crate) fn svd_real(m: &Mat) -> Result<(Mat, Vec<f64>, Mat)> {
    if m.r == 2 && m.c == 2 {
        return svd2_lapack(m);
    }
    let n = m.c;
    let mut w = m.clone();
    w.d.iter_mut().for_each(|x| x.im = 0.0);
    let mut v = Mat::eye(n)?;
    for _ in 0..60 {
        let mut rotated = false;
        for p in 0..n {
            for q in p + 1..n {
                let (mut al, mut be, mut ga) = (0.0, 0.0, 0.0);
                for i in 0..w.r {
                    let (x, y) = (w.at(i, p).re, w.at(i, q).re);
                    al += x * x;
                    be += y * y;
                    ga += x * y;
                }
                if ga.abs() <= 1e-15 * (al * be).sqrt() || ga == 0.0 {
                    continue;
                }
                rotated = true;
                let zeta = (be - al) / (2.0 * ga);
                let t = zeta.signum() / (zeta.abs() + (1.0 + zeta * zeta).sqrt());
                let c = 1.0 / (1.0 + t * t).sqrt();
                let s = c * t;
                for mat in [&mut w, &mut v] {
                    for i in 0..mat.r {
                        let (x, y) = (mat.at(i, p), mat.at(i, q));
                        mat.set(i, p, x * c - y * s);
                        mat.set(i, q, x * s + y * c);
                    }
                }
            }
        }
        if !rotated {
            break;
        }
    }
    let sv: Vec<f64> = (0..n)
        .map(|j| norm(&w.col(j).unwrap_or_default()))
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| sv[b].total_cmp(&sv[a]));
    let s: Vec<f64> = order.iter().map(|&j| sv[j]).collect();
    let v = v.cols(&order)?;
    let mut u = Mat::zeros(w.r, w.r)?;
    let top = s
        .iter()
        .max_by(|a, b| a.total_cmp(b))
        .copied()
        .unwrap_or(0.0);
    let mut k = 0;
    for (j, &o) in order.iter().enumerate() {
        if s[j] <= 1e-14 * top || s[j] == 0.0 {
            break;
        }
        let col: Vec<C> = w.col(o)?.iter().map(|x| x / s[j]).collect();
        u.set_col(j, &col);
        k += 1;
    }
    complete_basis(&mut u, k)?;
    Ok((u, s, v))
}

/// The eigenvalues (real) and orthonormal eigenvectors (columns) of a Hermitian matrix by
/// complex Jacobi rotations, each vector's phase LAPACK `zgeev`'s (its largest component real
/// and positive).
pub(crate) fn eigh(h: &Mat) -> Result<(Vec<f64>, Mat)> {
    let n = h.r;
    let mut a = h.clone();
    let mut v = Mat::eye(n)?;
    let scale: f64 = a.d.iter().map(|x| x.norm_sqr()).sum();
    for _ in 0..60 {
        let off: f64 = (0..n)
            .flat_map(|p| (p + 1..n).map(move |q| (p, q)))
            .map(|(p, q)| a.at(p, q).norm_sqr())
            .sum();
        if off <= 1e-30 * scale || off == 0.0 {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let hpq = a.at(p, q);
                let r = hpq.norm();
                if r == 0.0 {
                    continue;
                }
                // the phase D_qq = conj(e) makes a_pq real: a ← D^H·a·D, v ← v·D
                let e = hpq / r;
                for i in 0..n {
                    a.set(i, q, a.at(i, q) * e.conj());
                    v.set(i, q, v.at(i, q) * e.conj());
                }
                for j in 0..n {
                    a.set(q, j, a.at(q, j) * e);
                }
                // then the real rotation of the symmetric [[a_pp, r], [r, a_qq]]
                let theta = (a.at(q, q).re - a.at(p, p).re) / (2.0 * r);
                let sg = if theta >= 0.0 { 1.0 } else { -1.0 };
                let t = sg / (theta.abs() + (theta * theta + 1.0).sqrt());
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for mat in [&mut a, &mut v] {
                    for i in 0..n {
                        let (x, y) = (mat.at(i, p), mat.at(i, q));
                        mat.set(i, p, x * c - y * s);
                        mat.set(i, q, x * s + y * c);
                    }
                }
                for j in 0..n {
                    let (x, y) = (a.at(p, j), a.at(q, j));
                    a.set(p, j, x * c - y * s);
                    a.set(q, j, x * s + y * c);
                }
            }
        }
    }
    // LAPACK's zgeev phase (NumPy's eig): each vector's first component of largest modulus
    // made real and positive
    for j in 0..n {
        let col = v.col(j)?;
        let k = (0..n).fold(0, |b, i| {
            if col[i].norm_sqr() > col[b].norm_sqr() {
                i
            } else {
                b
            }
        });
        if col[k].norm() > 0.0 {
            let ph = col[k].conj() / col[k].norm();
            v.set_col(j, &col.iter().map(|z| z * ph).collect::<Vec<_>>());
        }
    }
    Ok(((0..n).map(|i| a.at(i, i).re).collect(), v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &Mat, b: &Mat) -> bool {
        a.d.iter().zip(&b.d).all(|(x, y)| (x - y).norm() < 1e-12)
    }

    #[test]
    fn qr_reconstructs_and_matches_lapack_signs() {
        // scipy.linalg.qr([[1, 2], [3, 4], [5, 6]]) -> Q[:, 0] = -[1, 3, 5]/√35
        let a = Mat::real(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 3, 2).unwrap();
        let (q, r) = qr(&a).unwrap();
        assert!(close(&q.mul(&r).unwrap(), &a));
        assert!((q.at(0, 0).re + 1.0 / 35f64.sqrt()).abs() < 1e-15);
        assert!(close(
            &q.t(true).unwrap().mul(&q).unwrap(),
            &Mat::eye(3).unwrap()
        ));
        // complex: Q unitary, Q·R = A
        let mut c = Mat::zeros(3, 2).unwrap();
        for (i, x) in c.d.iter_mut().enumerate() {
            *x = C::new(i as f64 - 1.5, (i * i) as f64 * 0.3);
        }
        let (q, r) = qr(&c).unwrap();
        assert!(close(&q.mul(&r).unwrap(), &c));
        assert!(close(
            &q.t(true).unwrap().mul(&q).unwrap(),
            &Mat::eye(3).unwrap()
        ));
    }

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
    fn svd_and_eigh_reconstruct() {
        let m = Mat::real(&[0.0, 2.0, -1.0, 1.0, 3.0, 0.5, 0.2, -4.0, 1.0], 3, 3).unwrap();
        let (u, s, v) = svd_real(&m).unwrap();
        assert!(s[0] >= s[1] && s[1] >= s[2]);
        let mut us = u.clone();
        for i in 0..3 {
            for (j, sj) in s.iter().enumerate() {
                us.set(i, j, u.at(i, j) * sj);
            }
        }
        assert!(close(&us.mul(&v.t(false).unwrap()).unwrap(), &m));
        let mut h = Mat::zeros(3, 3).unwrap();
        for i in 0..3 {
            for j in 0..3 {
                let x = C::new((i + j) as f64, i as f64 - j as f64);
                h.set(i, j, x);
            }
        }
        let (w, vecs) = eigh(&h).unwrap();
        let hv = h.mul(&vecs).unwrap();
        for (j, wj) in w.iter().enumerate() {
            for i in 0..3 {
                assert!((hv.at(i, j) - vecs.at(i, j) * wj).norm() < 1e-10);
            }
        }
    }
}
