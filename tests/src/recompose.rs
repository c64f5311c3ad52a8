//! The `recompose` check (README "Checks"): factorizations unique only up to signs, phases or
//! order. The unique parts are compared with the `allclose` rule; the identities are checked on
//! the host in complex f64 with the max-norm rule `max|lhs - rhs| <= atol + rtol * scale`.

use crate::compare::{ElementRule, Tol, compare_elements};
use crate::cx::CaseCx;
use crate::manifest::Case;
use crate::runner::load_expected;
use crate::values::{HostArray, Values};
use cuprum::Array;
use std::path::Path;

type C = (f64, f64);

fn cmul(a: C, b: C) -> C {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}
fn csub(a: C, b: C) -> C {
    (a.0 - b.0, a.1 - b.1)
}
fn cabs(a: C) -> f64 {
    a.0.hypot(a.1)
}
fn conj(a: C) -> C {
    (a.0, -a.1)
}

/// A batch of complex matrices (`batch` matrices of `rows x cols`, C order).
#[derive(Clone, Debug)]
struct Mats {
    batch: usize,
    rows: usize,
    cols: usize,
    data: Vec<C>,
}

impl Mats {
    fn at(&self, b: usize, i: usize, j: usize) -> C {
        self.data[(b * self.rows + i) * self.cols + j]
    }
    fn zeros(batch: usize, rows: usize, cols: usize) -> Mats {
        Mats {
            batch,
            rows,
            cols,
            data: vec![(0.0, 0.0); batch * rows * cols],
        }
    }
    fn set(&mut self, b: usize, i: usize, j: usize, v: C) {
        let (r, c) = (self.rows, self.cols);
        self.data[(b * r + i) * c + j] = v;
    }
    /// `self^H`.
    fn adjoint(&self) -> Mats {
        let mut o = Mats::zeros(self.batch, self.cols, self.rows);
        for b in 0..self.batch {
            for i in 0..self.rows {
                for j in 0..self.cols {
                    o.set(b, j, i, conj(self.at(b, i, j)));
                }
            }
        }
        o
    }
    fn matmul(&self, o: &Mats) -> Result<Mats, String> {
        if self.cols != o.rows || self.batch != o.batch {
            return Err(format!(
                "cannot multiply {}x({}x{}) by {}x({}x{})",
                self.batch, self.rows, self.cols, o.batch, o.rows, o.cols
            ));
        }
        let mut r = Mats::zeros(self.batch, self.rows, o.cols);
        for b in 0..self.batch {
            for i in 0..self.rows {
                for j in 0..o.cols {
                    let mut acc = (0.0, 0.0);
                    for k in 0..self.cols {
                        let p = cmul(self.at(b, i, k), o.at(b, k, j));
                        acc = (acc.0 + p.0, acc.1 + p.1);
                    }
                    r.set(b, i, j, acc);
                }
            }
        }
        Ok(r)
    }
    /// Columns `0..k` (`[..., :, :k]`).
    fn cols_to(&self, k: usize) -> Mats {
        let mut o = Mats::zeros(self.batch, self.rows, k);
        for b in 0..self.batch {
            for i in 0..self.rows {
                for j in 0..k {
                    o.set(b, i, j, self.at(b, i, j));
                }
            }
        }
        o
    }
    /// Rows `0..k` (`[..., :k, :]`).
    fn rows_to(&self, k: usize) -> Mats {
        let mut o = Mats::zeros(self.batch, k, self.cols);
        for b in 0..self.batch {
            for i in 0..k {
                for j in 0..self.cols {
                    o.set(b, i, j, self.at(b, i, j));
                }
            }
        }
        o
    }
    fn max_abs(&self) -> f64 {
        self.data.iter().map(|&x| cabs(x)).fold(0.0, f64::max)
    }
    fn max_diff(&self, o: &Mats) -> Result<f64, String> {
        if (self.batch, self.rows, self.cols) != (o.batch, o.rows, o.cols) {
            return Err(format!(
                "shapes differ: {}x({}x{}) vs {}x({}x{})",
                self.batch, self.rows, self.cols, o.batch, o.rows, o.cols
            ));
        }
        Ok(self
            .data
            .iter()
            .zip(&o.data)
            .map(|(&a, &b)| cabs(csub(a, b)))
            .fold(0.0, f64::max))
    }
}

fn complex_values(h: &HostArray) -> Vec<C> {
    match &h.values {
        Values::Bool(v) => v.iter().map(|&b| (b as u8 as f64, 0.0)).collect(),
        Values::Int(v) => v.iter().map(|&x| (x as f64, 0.0)).collect(),
        Values::Float(v) => v.iter().map(|&x| (x, 0.0)).collect(),
        Values::Complex(v) => v.clone(),
    }
}

fn mats(h: &HostArray, what: &str) -> Result<Mats, String> {
    let nd = h.shape.len();
    if nd < 2 {
        return Err(format!(
            "{what} has shape {:?}, a matrix was expected",
            h.shape
        ));
    }
    let (rows, cols) = (h.shape[nd - 2], h.shape[nd - 1]);
    Ok(Mats {
        batch: h.shape[..nd - 2].iter().product(),
        rows,
        cols,
        data: complex_values(h),
    })
}

/// Vectors `[..., n]` as a batch of `1 x n` rows.
fn vecs(h: &HostArray, what: &str) -> Result<Mats, String> {
    let nd = h.shape.len();
    if nd < 1 {
        return Err(format!("{what} is 0-d, a vector was expected"));
    }
    let n = h.shape[nd - 1];
    Ok(Mats {
        batch: h.shape[..nd - 1].iter().product(),
        rows: 1,
        cols: n,
        data: complex_values(h),
    })
}

fn host(a: &Array, what: &str) -> Result<HostArray, String> {
    HostArray::from_array(a).map_err(|m| format!("{what}: {m}"))
}

fn identity_like(batch: usize, n: usize) -> Mats {
    let mut m = Mats::zeros(batch, n, n);
    for b in 0..batch {
        for i in 0..n {
            m.set(b, i, i, (1.0, 0.0));
        }
    }
    m
}

fn check_identity(name: &str, lhs: &Mats, rhs: &Mats, tol: Tol, scale: f64) -> Result<(), String> {
    let d = lhs.max_diff(rhs).map_err(|m| format!("{name}: {m}"))?;
    let bound = tol.atol + tol.rtol * scale;
    if d <= bound {
        Ok(())
    } else {
        Err(format!(
            "identity {name} fails: max|lhs - rhs| = {d:e} > {bound:e} (atol {:e} + rtol {:e} * {scale:e})",
            tol.atol, tol.rtol
        ))
    }
}

fn orthonormal_cols(name: &str, q: &Mats, tol: Tol) -> Result<(), String> {
    let g = q.adjoint().matmul(q)?;
    check_identity(name, &g, &identity_like(q.batch, q.cols), tol, 1.0)
}

/// Compares an output with the expected unique part; `abs` compares `|output|`.
fn unique_part(
    case: &Case,
    dir: &Path,
    j: usize,
    actual: &HostArray,
    abs: bool,
    tol: Tol,
) -> Result<(), String> {
    let file = case
        .expected
        .get(j)
        .ok_or_else(|| format!("the case has no expected[{j}]"))?;
    let expected = load_expected(dir, file)?;
    let mut a = actual.clone();
    if abs {
        a.values = Values::Float(complex_values(actual).into_iter().map(cabs).collect());
        a.dtype = actual.dtype.real_dtype();
    }
    // A complex result whose imaginary parts are zero is accepted for a real expected output
    // (eig); otherwise the dtype must match.
    if let (Values::Complex(v), Values::Float(_)) = (&a.values, &expected.values)
        && v.iter().all(|x| x.1 == 0.0)
    {
        a.values = Values::Float(v.iter().map(|x| x.0).collect());
        a.dtype = expected.dtype;
    }
    if a.dtype != expected.dtype {
        return Err(format!(
            "unique part {j}: dtype {}, expected {}",
            a.dtype, expected.dtype
        ));
    }
    compare_elements(&a, &expected, ElementRule::AllClose, tol)
        .map_err(|m| format!("unique part {j}: {m}"))
}

/// Sorts complex vectors (the last axis) by real part, then imaginary part.
fn sort_eigenvalues(h: &mut HostArray) {
    let n = h.shape.last().copied().unwrap_or(1).max(1);
    let by = |a: &C, b: &C| {
        a.0.partial_cmp(&b.0)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal))
    };
    match &mut h.values {
        Values::Complex(v) => v.chunks_mut(n).for_each(|c| c.sort_by(by)),
        Values::Float(v) => v
            .chunks_mut(n)
            .for_each(|c| c.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal))),
        _ => {}
    }
}

/// Runs the `recompose` check of one case.
///
/// # Errors
/// A message naming the part or identity that fails.
pub fn check(case: &Case, dir: &Path, cx: &CaseCx<'_>, outputs: &[Array]) -> Result<(), String> {
    let tol = Tol {
        rtol: case.rtol,
        atol: case.atol,
    };
    let a_h = host(cx.array(0).map_err(|e| e.to_string())?, "input")?;
    let a = mats(&a_h, "input")?;
    let scale = a.max_abs();
    let out = |i: usize, what: &str| -> Result<HostArray, String> {
        let o = outputs.get(i).ok_or_else(|| {
            format!(
                "{} output(s), output {i} ({what}) is missing",
                outputs.len()
            )
        })?;
        host(o, what)
    };
    match case.op.as_str() {
        "linalg.svd" => {
            let compute_uv = case
                .kwargs
                .get("compute_uv")
                .and_then(|v| v.as_bool())
                .unwrap_or(true);
            if !compute_uv {
                return unique_part(case, dir, 0, &out(0, "s")?, false, tol);
            }
            let (u, s, vh) = (out(0, "u")?, out(1, "s")?, out(2, "vh")?);
            unique_part(case, dir, 0, &s, false, tol)?;
            let (u, s, vh) = (mats(&u, "u")?, vecs(&s, "s")?, mats(&vh, "vh")?);
            let k = a.rows.min(a.cols);
            let mut svh = vh.rows_to(k);
            for b in 0..svh.batch {
                for i in 0..k {
                    for j in 0..svh.cols {
                        let v = cmul(s.at(b, 0, i), svh.at(b, i, j));
                        svh.set(b, i, j, v);
                    }
                }
            }
            let recon = u.cols_to(k).matmul(&svh)?;
            check_identity(
                "u[..., :, :k] @ (s[..., :, None] * vh[..., :k, :]) == a",
                &recon,
                &a,
                tol,
                scale,
            )?;
            orthonormal_cols("u^H @ u == I", &u, tol)?;
            orthonormal_cols("vh @ vh^H == I", &vh.adjoint(), tol)
        }
        "linalg.eigh" | "linalg.eig" => {
            let (mut w, v) = (out(0, "w")?, out(1, "v")?);
            let wv = vecs(&w, "w")?;
            let vm = mats(&v, "v")?;
            let lhs = a.matmul(&vm)?;
            let mut rhs = vm.clone();
            for b in 0..rhs.batch {
                for i in 0..rhs.rows {
                    for j in 0..rhs.cols {
                        rhs.set(b, i, j, cmul(vm.at(b, i, j), wv.at(b, 0, j)));
                    }
                }
            }
            check_identity("a @ v == v * w[..., None, :]", &lhs, &rhs, tol, scale)?;
            if case.op == "linalg.eigh" {
                unique_part(case, dir, 0, &w, false, tol)?;
                orthonormal_cols("v^H @ v == I", &vm, tol)
            } else {
                sort_eigenvalues(&mut w);
                unique_part(case, dir, 0, &w, false, tol)
            }
        }
        "linalg.qr" => {
            let mode = case
                .kwargs
                .get("mode")
                .and_then(|v| v.as_str())
                .unwrap_or("reduced");
            if mode == "r" {
                let r = out(0, "r")?;
                unique_part(case, dir, 0, &r, true, tol)?;
                let rm = mats(&r, "r")?;
                let lhs = rm.adjoint().matmul(&rm)?;
                let rhs = a.adjoint().matmul(&a)?;
                let s = rhs.max_abs();
                return check_identity("r^H @ r == a^H @ a", &lhs, &rhs, tol, s);
            }
            let (q, r) = (out(0, "q")?, out(1, "r")?);
            unique_part(case, dir, 0, &r, true, tol)?;
            let (qm, rm) = (mats(&q, "q")?, mats(&r, "r")?);
            check_identity("q @ r == a", &qm.matmul(&rm)?, &a, tol, scale)?;
            orthonormal_cols("q^H @ q == I", &qm, tol)?;
            let bound = tol.atol + tol.rtol * scale;
            for b in 0..rm.batch {
                for i in 0..rm.rows {
                    for j in 0..i.min(rm.cols) {
                        if cabs(rm.at(b, i, j)) > bound {
                            return Err(format!(
                                "r is not upper triangular: |r[{b}][{i}, {j}]| = {:e}",
                                cabs(rm.at(b, i, j))
                            ));
                        }
                    }
                }
            }
            Ok(())
        }
        other => Err(format!(
            "the harness has no recompose rule for op {other:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(rows: usize, cols: usize, v: &[f64]) -> Mats {
        Mats {
            batch: 1,
            rows,
            cols,
            data: v.iter().map(|&x| (x, 0.0)).collect(),
        }
    }

    #[test]
    fn matmul_and_adjoint() {
        let a = m(2, 3, &[1., 2., 3., 4., 5., 6.]);
        let g = a.matmul(&a.adjoint()).unwrap();
        assert_eq!(g.data, vec![(14., 0.), (32., 0.), (32., 0.), (77., 0.)]);
        assert!(a.matmul(&a).is_err());
    }

    #[test]
    fn identity_rule_uses_the_scale() {
        let t = Tol {
            rtol: 1e-3,
            atol: 0.0,
        };
        let a = m(1, 1, &[100.0]);
        let b = m(1, 1, &[100.05]);
        assert!(check_identity("x", &a, &b, t, 100.0).is_ok());
        assert!(check_identity("x", &a, &b, t, 1.0).is_err());
        // a rotation has orthonormal columns, a shear does not
        let c = std::f64::consts::FRAC_1_SQRT_2;
        assert!(orthonormal_cols("q", &m(2, 2, &[c, -c, c, c]), t).is_ok());
        assert!(orthonormal_cols("q", &m(2, 2, &[1.0, 1.0, 0.0, 1.0]), t).is_err());
    }
}
