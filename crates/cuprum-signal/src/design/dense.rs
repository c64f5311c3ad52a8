//! Small dense complex matrices on the host for the design routines (pole placement): products,
//! LAPACK-convention Householder QR, LU solves and determinants, and a Jacobi eigensolver for
//! Hermitian matrices with `zgeev`'s phase (the SVD is in `svd.rs`). Sizes are a system's
//! state count, so plain O(n³) loops in float64.

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

/// Fortran's `SIGN(a, b)`: `|a|` with the sign of `b` (a negative zero counts as negative).
pub(crate) fn sign(a: f64, b: f64) -> f64 {
    if b.is_sign_negative() {
        -a.abs()
    } else {
        a.abs()
    }
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
    fn eigh_diagonalizes() {
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
