//! A banded linear solver on the host (LAPACK `gbsv`'s scheme: Gaussian elimination with
//! partial pivoting inside the band), for the small O(n·bandwidth) systems of spline
//! construction: SciPy solves the same systems on the host with `solve_banded`/`gbsv`.

use cuprum_core::{Error, Result, ext};

/// An `n x n` matrix with `kl` sub- and `ku` super-diagonals, stored by rows: row `i` holds
/// the columns `i - kl ..= i + kl + ku` (the extra `kl` columns take the fill-in of pivoting).
pub(crate) struct Banded {
    n: usize,
    kl: usize,
    ku: usize,
    w: usize,
    data: Vec<f64>,
}

impl Banded {
    /// A zero matrix.
    pub(crate) fn zeros(n: usize, kl: usize, ku: usize) -> Result<Self> {
        let w = 2 * kl + ku + 1;
        let len = n.checked_mul(w).ok_or_else(|| {
            Error::bad_argument(
                "interpolate.solve_banded",
                "n",
                n,
                "a band of fewer than usize::MAX entries",
            )
        })?;
        Ok(Self {
            n,
            kl,
            ku,
            w,
            data: ext::try_vec_filled(len, 0.0)?,
        })
    }

    fn pos(&self, i: usize, j: usize) -> Option<usize> {
        let lo = i as isize - self.kl as isize;
        let d = j as isize - lo;
        (d >= 0 && (d as usize) < self.w).then(|| i * self.w + d as usize)
    }

    /// Sets entry `(i, j)`.
    pub(crate) fn set(&mut self, op: &'static str, i: usize, j: usize, v: f64) -> Result<()> {
        let j_max = i + self.ku;
        if j + self.kl < i || j > j_max {
            return Err(Error::bad_argument(
                op,
                "entry",
                format!("({i}, {j})"),
                format!("an entry within the band ({}, {})", self.kl, self.ku),
            ));
        }
        match self.pos(i, j) {
            Some(p) => {
                self.data[p] = v;
                Ok(())
            }
            None => Err(Error::bad_argument(
                op,
                "entry",
                format!("({i}, {j})"),
                format!("an entry within the band ({}, {})", self.kl, self.ku),
            )),
        }
    }

    fn get(&self, i: usize, j: usize) -> f64 {
        self.pos(i, j).map_or(0.0, |p| self.data[p])
    }

    /// Solves `A X = B` in place for `B` of `n` rows and `r` columns (row-major); consumes
    /// the matrix.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `op` for a singular matrix.
    pub(crate) fn solve(mut self, op: &'static str, b: &mut [f64], r: usize) -> Result<()> {
        let n = self.n;
        let reach = self.kl + self.ku;
        for j in 0..n {
            // pivot among rows j ..= j + kl
            let last = (j + self.kl).min(n - 1);
            let mut p = j;
            let mut best = self.get(j, j).abs();
            for i in j + 1..=last {
                let v = self.get(i, j).abs();
                if v > best {
                    best = v;
                    p = i;
                }
            }
            if best == 0.0 || !best.is_finite() {
                return Err(Error::bad_argument(
                    op,
                    "matrix",
                    format!("a singular system (pivot {j} is {best})"),
                    "a nonsingular collocation system",
                ));
            }
            let cmax = (j + reach).min(n - 1);
            if p != j {
                for c in j..=cmax {
                    let (a, bb) = (self.get(j, c), self.get(p, c));
                    if let Some(q) = self.pos(j, c) {
                        self.data[q] = bb;
                    }
                    if let Some(q) = self.pos(p, c) {
                        self.data[q] = a;
                    }
                }
                for c in 0..r {
                    b.swap(j * r + c, p * r + c);
                }
            }
            let piv = self.get(j, j);
            for i in j + 1..=last {
                let f = self.get(i, j) / piv;
                if f == 0.0 {
                    continue;
                }
                for c in j..=cmax {
                    let v = self.get(j, c);
                    if v != 0.0
                        && let Some(q) = self.pos(i, c)
                    {
                        self.data[q] -= f * v;
                    }
                }
                for c in 0..r {
                    b[i * r + c] -= f * b[j * r + c];
                }
            }
        }
        for j in (0..n).rev() {
            let cmax = (j + reach).min(n - 1);
            let piv = self.get(j, j);
            for c in 0..r {
                let mut s = b[j * r + c];
                for k in j + 1..=cmax {
                    s -= self.get(j, k) * b[k * r + c];
                }
                b[j * r + c] = s / piv;
            }
        }
        Ok(())
    }
}

/// Solves a small dense system `A X = B` (`A` `n x n` row-major, `B` `n x r`) by Gaussian
/// elimination with partial pivoting.
pub(crate) fn solve_dense(
    op: &'static str,
    a: &[f64],
    n: usize,
    b: &mut [f64],
    r: usize,
) -> Result<()> {
    let mut m = Banded::zeros(n, n.saturating_sub(1), n.saturating_sub(1))?;
    for i in 0..n {
        for j in 0..n {
            if a[i * n + j] != 0.0 {
                m.set(op, i, j, a[i * n + j])?;
            }
        }
    }
    m.solve(op, b, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tridiagonal_with_pivoting() {
        // [[0, 1, 0], [2, 1, 1], [0, 3, 4]] x = [1, 5, 10]: x = [1.125, 1, 1.75] (numpy.linalg.solve)
        let mut m = Banded::zeros(3, 1, 1).unwrap();
        m.set("t", 0, 1, 1.0).unwrap();
        m.set("t", 1, 0, 2.0).unwrap();
        m.set("t", 1, 1, 1.0).unwrap();
        m.set("t", 1, 2, 1.0).unwrap();
        m.set("t", 2, 1, 3.0).unwrap();
        m.set("t", 2, 2, 4.0).unwrap();
        let mut b = vec![1.0, 5.0, 10.0];
        m.solve("t", &mut b, 1).unwrap();
        for (x, e) in b.iter().zip([1.125, 1.0, 1.75]) {
            assert!((x - e).abs() < 1e-14, "{b:?}");
        }
        let singular = Banded::zeros(2, 1, 1).unwrap();
        assert!(singular.solve("t", &mut [1.0, 1.0], 1).is_err());
    }
}
