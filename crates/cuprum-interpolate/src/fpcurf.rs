//! FITPACK's `fpcurf` (P. Dierckx, "Curve and surface fitting with splines", 1993), as
//! SciPy 1.17.1 runs it for [`crate::UnivariateSpline`] (`dfitpack.fpcurf0` / `fpcurf1`):
//! the knot placement and the smoothing-parameter iteration of a smoothing spline, with the
//! state FITPACK keeps between calls (`fpint`, `nrdata`, `ier`) so that a later call with
//! `iopt = 1` restarts from the knots of the last one (`set_smoothing_factor`).
//!
//! The arithmetic follows the Fortran statement by statement (Givens rotations `fpgivs` /
//! `fprota`, the B-spline recurrence `fpbspl`, the back substitution `fpback`, the knot
//! insertion `fpknot`, the discontinuity jumps `fpdisc`, the rational root finder `fprati`),
//! so that the knots, coefficients and residuals are SciPy's to rounding. Indices in this file
//! are FITPACK's, 1-based: `t[i - 1]` is `t(i)`.

use cuprum_core::{Error, Result, ext};

/// FITPACK's tolerance on `|fp - s| / s` (SciPy's `tol = 0.001`).
const TOL: f64 = 0.001;
/// FITPACK's iteration limit for the smoothing parameter (SciPy's `maxit = 20`).
const MAXIT: usize = 20;

/// How a fit is (re)started: FITPACK's `iopt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// `iopt = 0`: from the least-squares polynomial
    Fresh,
    /// `iopt = 1`: from the knots of the last call
    Continue,
}

/// A smoothing-spline fit and FITPACK's state between calls (SciPy's `UnivariateSpline._data`:
/// `x, y, w, xb, xe, k, s, n, t, c, fp, fpint, nrdata, ier`).
#[derive(Clone, Debug)]
pub(crate) struct CurveFit {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub w: Vec<f64>,
    pub k: usize,
    pub s: f64,
    /// the capacity of `t`, `c`, `fpint`, `nrdata` (FITPACK's `nest`)
    pub nest: usize,
    /// the number of knots in use
    pub n: usize,
    pub t: Vec<f64>,
    pub c: Vec<f64>,
    /// the weighted sum of squared residuals of the spline
    pub fp: f64,
    pub fpint: Vec<f64>,
    pub nrdata: Vec<i64>,
    /// FITPACK's status: 0 smoothing spline, -1 interpolating, -2 polynomial, 1 storage
    /// (`nest`) exhausted, 2 / 3 the `p` iteration stopped (SciPy warns; the spline is kept)
    pub ier: i32,
}

/// A column-major `(rows, cols)` matrix with FITPACK's 1-based indexing.
struct Mat {
    rows: usize,
    d: Vec<f64>,
}

impl Mat {
    fn new(rows: usize, cols: usize) -> Result<Mat> {
        Ok(Mat {
            rows,
            d: ext::try_vec_filled(rows * cols, 0.0)?,
        })
    }
    fn at(&mut self, i: usize, j: usize) -> &mut f64 {
        &mut self.d[(j - 1) * self.rows + i - 1]
    }
    fn get(&self, i: usize, j: usize) -> f64 {
        self.d[(j - 1) * self.rows + i - 1]
    }
}

/// `fpgivs`: the Givens rotation of `piv` into `ww`; returns `(cos, sin)`, `ww` becomes the
/// rotated pivot.
fn fpgivs(piv: f64, ww: &mut f64) -> (f64, f64) {
    let store = piv.abs();
    let dd = if store >= *ww {
        store * (1.0 + (*ww / piv).powi(2)).sqrt()
    } else {
        *ww * (1.0 + (piv / *ww).powi(2)).sqrt()
    };
    let r = (*ww / dd, piv / dd);
    *ww = dd;
    r
}

/// `fprota`: applies the rotation `(cos, sin)` to `(a, b)`.
fn fprota(cos: f64, sin: f64, a: &mut f64, b: &mut f64) {
    let (s1, s2) = (*a, *b);
    *b = cos * s2 + sin * s1;
    *a = cos * s1 - sin * s2;
}

/// `fpbspl`: the `k + 1` non-zero B-splines of degree `k` at `t(l) <= x < t(l + 1)`, in
/// `h(1..=k+1)` (`h[0..=k]`).
fn fpbspl(t: &[f64], k: usize, x: f64, l: usize) -> [f64; 7] {
    let tt = |i: usize| t[i - 1];
    let mut h = [0.0; 7];
    let mut hh = [0.0; 7];
    h[0] = 1.0;
    for j in 1..=k {
        hh[..j].copy_from_slice(&h[..j]);
        h[0] = 0.0;
        for i in 1..=j {
            let li = l + i;
            let lj = li - j;
            if tt(li) == tt(lj) {
                h[i] = 0.0;
                continue;
            }
            let f = hh[i - 1] / (tt(li) - tt(lj));
            h[i - 1] += f * (tt(li) - x);
            h[i] = f * (x - tt(lj));
        }
    }
    h
}

/// `fpback`: solves the upper-triangular banded system `a c = z` (`n` unknowns, bandwidth
/// `k`) into `c[..n]`; `z` may be `c` itself.
fn fpback(a: &Mat, z: &[f64], n: usize, k: usize, c: &mut [f64]) {
    let k1 = k - 1;
    c[n - 1] = z[n - 1] / a.get(n, 1);
    let mut i = n - 1;
    if i == 0 {
        return;
    }
    for j in 2..=n {
        let mut store = z[i - 1];
        let i1 = if j <= k1 { j - 1 } else { k1 };
        let mut m = i;
        for l in 1..=i1 {
            m += 1;
            store -= c[m - 1] * a.get(i, l + 1);
        }
        c[i - 1] = store / a.get(i, 1);
        i -= 1;
    }
}

/// `fpback` with the right-hand side in `c` (part 2's `call fpback(g, c, nk1, k2, c, nest)`).
fn fpback_in_place(a: &Mat, c: &mut [f64], n: usize, k: usize) {
    let z = c[..n].to_vec();
    fpback(a, &z, n, k, c);
}

/// `fpdisc`: the discontinuity jumps of the `k`-th derivative of the B-splines at the
/// interior knots, rows `1..=n - 2k - 2` of `b` (`k2 = k + 2` columns).
fn fpdisc(t: &[f64], n: usize, k2: usize, b: &mut Mat) {
    let tt = |i: usize| t[i - 1];
    let k1 = k2 - 1;
    let k = k1 - 1;
    let nk1 = n - k1;
    let nrint = nk1 - k;
    let fac = nrint as f64 / (tt(nk1 + 1) - tt(k1));
    let mut h = [0.0; 12];
    for l in k2..=nk1 {
        let lmk = l - k1;
        for j in 1..=k1 {
            let ik = j + k1;
            let lj = l + j;
            let lk = lj - k2;
            h[j - 1] = tt(l) - tt(lk);
            h[ik - 1] = tt(l) - tt(lj);
        }
        for j in 1..=k2 {
            let lp = lmk + j - 1;
            let mut prod = h[j - 1];
            for jk in j + 1..=j + k {
                prod = prod * h[jk - 1] * fac;
            }
            let lk = lp + k1;
            *b.at(lmk, j) = (tt(lk) - tt(lp)) / prod;
        }
    }
}

/// `fprati`: the zero of the rational function through three points; moves `(p1, f1)` or
/// `(p3, f3)` to `(p2, f2)` so that `f1 > 0 > f3`. `p3 <= 0` stands for infinity.
fn fprati(p1: &mut f64, f1: &mut f64, p2: f64, f2: f64, p3: &mut f64, f3: &mut f64) -> f64 {
    let p = if *p3 > 0.0 {
        let h1 = *f1 * (f2 - *f3);
        let h2 = f2 * (*f3 - *f1);
        let h3 = *f3 * (*f1 - f2);
        -(*p1 * p2 * h3 + p2 * *p3 * h1 + *p3 * *p1 * h2) / (*p1 * h1 + p2 * h2 + *p3 * h3)
    } else {
        (*p1 * (*f1 - *f3) * f2 - p2 * (f2 - *f3) * *f1) / ((*f1 - f2) * *f3)
    };
    if f2 < 0.0 {
        *p3 = p2;
        *f3 = f2;
    } else {
        *p1 = p2;
        *f1 = f2;
    }
    p
}

impl CurveFit {
    /// A fit of `(x, y)` with weights `w` not yet run, with room for `nest` knots.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when the state does not fit in host memory.
    pub fn new(
        x: Vec<f64>,
        y: Vec<f64>,
        w: Vec<f64>,
        k: usize,
        s: f64,
        nest: usize,
    ) -> Result<Self> {
        Ok(CurveFit {
            x,
            y,
            w,
            k,
            s,
            nest,
            n: 0,
            t: ext::try_vec_filled(nest, 0.0)?,
            c: ext::try_vec_filled(nest, 0.0)?,
            fp: 0.0,
            fpint: ext::try_vec_filled(nest, 0.0)?,
            nrdata: ext::try_vec_filled(nest, 0)?,
            ier: 0,
        })
    }

    /// SciPy's `_reset_nest`: grows the storage to the maximum `m + k + 1` knots
    /// (`np.resize`, which repeats the old contents) before a restart.
    fn grow(&mut self) -> Result<()> {
        let nest = self.x.len() + self.k + 1;
        fn resize<T: Copy>(v: &[T], n: usize) -> Result<Vec<T>> {
            let mut out = ext::try_vec_with_capacity(n)?;
            out.extend(v.iter().copied().cycle().take(n));
            Ok(out)
        }
        self.t = resize(&self.t, nest)?;
        self.c = resize(&self.c, nest)?;
        self.fpint = resize(&self.fpint, nest)?;
        self.nrdata = resize(&self.nrdata, nest)?;
        self.nest = nest;
        Ok(())
    }

    /// Runs FITPACK's `fpcurf` as SciPy's `UnivariateSpline` does: `start`, then, when the
    /// knots outgrow `nest` (`ier = 1`), once more from those knots with room for `m + k + 1`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `op` when FITPACK would insert a knot into an interval
    /// without data points (all residual intervals empty) or the data hold NaN.
    pub fn fit(&mut self, op: &'static str, start: Start) -> Result<()> {
        self.fpcurf(op, start)?;
        if self.ier == 1 {
            self.grow()?;
            self.fpcurf(op, Start::Continue)?;
        }
        Ok(())
    }

    /// One call of FITPACK's `fpcurf` with `iopt` 0 or 1, `xb = x[0]`, `xe = x[m - 1]`.
    #[allow(clippy::too_many_lines)]
    fn fpcurf(&mut self, op: &'static str, start: Start) -> Result<()> {
        let (con1, con9, con4) = (0.1, 0.9, 0.04);
        let m = self.x.len();
        let k = self.k;
        let (k1, k2) = (k + 1, k + 2);
        let s = self.s;
        let nest = self.nest;
        let (xb, xe) = (self.x[0], self.x[m - 1]);
        ext::check_host_bytes(m.saturating_mul(8 * k1) + nest.saturating_mul(8 * 3 * k2))?;
        let mut q = Mat::new(m, k1)?;
        let mut a = Mat::new(nest, k1)?;
        let mut b = Mat::new(nest, k2)?;
        let mut g = Mat::new(nest, k2)?;
        let mut z = ext::try_vec_filled(nest, 0.0)?;
        let nmin = 2 * k1;
        let acc = TOL * s;
        let nmax = m + k1;
        let mut n = self.n;
        let mut ier = self.ier;
        let (mut fp0, mut fpold, mut nplus) = (0.0f64, 0.0f64, 0i64);
        let mut fp = 0.0;
        let mut fpms = 0.0;
        let x = &self.x;
        let (t, fpint, nrdata) = (&mut self.t, &mut self.fpint, &mut self.nrdata);
        // label 10: the interior knots of the interpolating spline
        let interp_knots = |t: &mut [f64]| {
            let mk1 = m - k1;
            let k3 = k / 2;
            let (mut i, mut j) = (k2, k3 + 2);
            for _ in 0..mk1 {
                t[i - 1] = if k % 2 == 1 {
                    x[j - 1]
                } else {
                    (x[j - 1] + x[j - 2]) * 0.5
                };
                i += 1;
                j += 1;
            }
        };
        if s > 0.0 {
            // label 45
            let mut restart = false;
            if start == Start::Continue && n != nmin {
                fp0 = fpint[n - 1];
                fpold = fpint[n - 2];
                nplus = nrdata[n - 1];
                restart = fp0 > s;
            }
            if !restart {
                n = nmin;
                fpold = 0.0;
                nplus = 0;
                nrdata[0] = m as i64 - 2;
            }
        } else {
            n = nmax;
            if nmax > nest {
                self.ier = 1;
                return Ok(());
            }
            interp_knots(t);
        }
        // part 1: the number and position of the knots. `Some(ier)` returns at once.
        let done: Option<i32> = 'part1: loop {
            for _ in 1..=m {
                if n == nmin {
                    ier = -2;
                }
                let mut nrint = n - nmin + 1;
                let nk1 = n - k1;
                let mut i = n;
                for j in 1..=k1 {
                    t[j - 1] = xb;
                    t[i - 1] = xe;
                    i -= 1;
                }
                fp = 0.0;
                for i in 1..=nk1 {
                    z[i - 1] = 0.0;
                    for j in 1..=k1 {
                        *a.at(i, j) = 0.0;
                    }
                }
                let mut l = k1;
                for it in 1..=m {
                    let xi = x[it - 1];
                    let wi = self.w[it - 1];
                    let mut yi = self.y[it - 1] * wi;
                    while !(xi < t[l] || l == nk1) {
                        l += 1;
                    }
                    let mut h = fpbspl(t, k, xi, l);
                    for i in 1..=k1 {
                        *q.at(it, i) = h[i - 1];
                        h[i - 1] *= wi;
                    }
                    let mut j = l - k1;
                    for i in 1..=k1 {
                        j += 1;
                        let piv = h[i - 1];
                        if piv == 0.0 {
                            continue;
                        }
                        let (cos, sin) = fpgivs(piv, a.at(j, 1));
                        fprota(cos, sin, &mut yi, &mut z[j - 1]);
                        if i == k1 {
                            break;
                        }
                        let mut i2 = 1;
                        for i1 in i + 1..=k1 {
                            i2 += 1;
                            let mut hv = h[i1 - 1];
                            fprota(cos, sin, &mut hv, a.at(j, i2));
                            h[i1 - 1] = hv;
                        }
                    }
                    fp += yi * yi;
                }
                if fp.is_nan() {
                    return Err(Error::bad_argument(
                        op,
                        "y",
                        "data whose weighted sum of squared residuals is NaN",
                        "finite data and weights",
                    ));
                }
                if ier == -2 {
                    fp0 = fp;
                }
                fpint[n - 1] = fp0;
                fpint[n - 2] = fpold;
                nrdata[n - 1] = nplus;
                fpback(&a, &z, nk1, k1, &mut self.c);
                fpms = fp - s;
                if fpms.abs() < acc {
                    break 'part1 Some(ier);
                }
                if fpms < 0.0 {
                    break 'part1 None;
                }
                if n == nmax {
                    break 'part1 Some(-1);
                }
                if n == nest {
                    break 'part1 Some(1);
                }
                if ier == 0 {
                    let mut npl1 = nplus * 2;
                    let rn = nplus as f64;
                    if fpold - fp > acc {
                        npl1 = (rn * fpms / (fpold - fp)) as i64;
                    }
                    nplus = (nplus * 2).min(npl1.max(nplus / 2).max(1));
                } else {
                    nplus = 1;
                    ier = 0;
                }
                fpold = fp;
                // the squared residuals per knot interval
                let mut fpart = 0.0;
                let mut i = 1;
                let mut l = k2;
                let mut new = false;
                for it in 1..=m {
                    if x[it - 1] >= t[l - 1] && l <= nk1 {
                        new = true;
                        l += 1;
                    }
                    let mut term = 0.0;
                    let mut l0 = l - k2;
                    for j in 1..=k1 {
                        l0 += 1;
                        term += self.c[l0 - 1] * q.get(it, j);
                    }
                    term = (self.w[it - 1] * (term - self.y[it - 1])).powi(2);
                    fpart += term;
                    if new {
                        let store = term * 0.5;
                        fpint[i - 1] = fpart - store;
                        i += 1;
                        fpart = store;
                        new = false;
                    }
                }
                fpint[nrint - 1] = fpart;
                for _ in 1..=nplus {
                    fpknot(op, x, t, &mut n, fpint, nrdata, &mut nrint)?;
                    if n == nmax {
                        interp_knots(t);
                        continue 'part1;
                    }
                    if n == nest {
                        break;
                    }
                }
            }
            break 'part1 None;
        };
        if let Some(code) = done {
            self.n = n;
            self.fp = fp;
            self.ier = code;
            return Ok(());
        }
        // label 250: the least-squares polynomial is the solution
        if ier == -2 {
            self.n = n;
            self.fp = fp;
            self.ier = ier;
            return Ok(());
        }
        // part 2: the smoothing spline, p such that f(p) = s
        let nk1 = n - k1;
        fpdisc(t, n, k2, &mut b);
        let (mut p1, mut f1, mut p3, mut f3) = (0.0, fp0 - s, -1.0, fpms);
        let mut p: f64 = (1..=nk1).map(|i| a.get(i, 1)).sum();
        p = nk1 as f64 / p;
        let (mut ich1, mut ich3) = (false, false);
        let n8 = n - nmin;
        let c = &mut self.c;
        for iter in 1..=MAXIT {
            let pinv = 1.0 / p;
            for i in 1..=nk1 {
                c[i - 1] = z[i - 1];
                *g.at(i, k2) = 0.0;
                for j in 1..=k1 {
                    *g.at(i, j) = a.get(i, j);
                }
            }
            for it in 1..=n8 {
                let mut h = [0.0; 7];
                for i in 1..=k2 {
                    h[i - 1] = b.get(it, i) * pinv;
                }
                let mut yi = 0.0;
                for j in it..=nk1 {
                    let piv = h[0];
                    let (cos, sin) = fpgivs(piv, g.at(j, 1));
                    fprota(cos, sin, &mut yi, &mut c[j - 1]);
                    if j == nk1 {
                        break;
                    }
                    let i2 = if j > n8 { nk1 - j } else { k1 };
                    for i in 1..=i2 {
                        let i1 = i + 1;
                        let mut hv = h[i1 - 1];
                        fprota(cos, sin, &mut hv, g.at(j, i1));
                        h[i1 - 1] = hv;
                        h[i - 1] = hv;
                    }
                    h[i2] = 0.0;
                }
            }
            fpback_in_place(&g, c, nk1, k2);
            fp = 0.0;
            let mut l = k2;
            for it in 1..=m {
                if x[it - 1] >= t[l - 1] && l <= nk1 {
                    l += 1;
                }
                let mut l0 = l - k2;
                let mut term = 0.0;
                for j in 1..=k1 {
                    l0 += 1;
                    term += c[l0 - 1] * q.get(it, j);
                }
                fp += (self.w[it - 1] * (term - self.y[it - 1])).powi(2);
            }
            fpms = fp - s;
            if fpms.abs() < acc {
                break;
            }
            if iter == MAXIT {
                ier = 3;
                break;
            }
            let (p2, f2) = (p, fpms);
            if !ich3 {
                if f2 - f3 <= acc {
                    // the initial p is too large
                    p3 = p2;
                    f3 = f2;
                    p *= con4;
                    if p <= p1 {
                        p = p1 * con9 + p2 * con1;
                    }
                    continue;
                }
                if f2 < 0.0 {
                    ich3 = true;
                }
            }
            if !ich1 {
                if f1 - f2 <= acc {
                    // the initial p is too small
                    p1 = p2;
                    f1 = f2;
                    p /= con4;
                    if p3 < 0.0 {
                        continue;
                    }
                    if p >= p3 {
                        p = p2 * con1 + p3 * con9;
                    }
                    continue;
                }
                if f2 > 0.0 {
                    ich1 = true;
                }
            }
            if f2 >= f1 || f2 <= f3 {
                ier = 2;
                break;
            }
            p = fprati(&mut p1, &mut f1, p2, f2, &mut p3, &mut f3);
        }
        self.n = n;
        self.fp = fp;
        self.ier = ier;
        Ok(())
    }

    /// The knots in use, `t[..n]`.
    pub fn knots(&self) -> &[f64] {
        &self.t[..self.n]
    }

    /// The B-spline coefficients in use, `c[..n - k - 1]`.
    pub fn coefficients(&self) -> &[f64] {
        &self.c[..self.n - self.k - 1]
    }
}

/// `fpknot` (`istart = 1`): a knot at the middle data point of the interval with the largest
/// residual sum among those holding data points; updates `t`, `n`, `fpint`, `nrdata`, `nrint`.
fn fpknot(
    op: &'static str,
    x: &[f64],
    t: &mut [f64],
    n: &mut usize,
    fpint: &mut [f64],
    nrdata: &mut [i64],
    nrint: &mut usize,
) -> Result<()> {
    let k = (*n - *nrint - 1) / 2;
    let mut fpmax = 0.0;
    let mut jbegin: i64 = 1;
    let mut found: Option<(usize, i64, i64)> = None;
    for j in 1..=*nrint {
        let jpoint = nrdata[j - 1];
        if !(fpmax >= fpint[j - 1] || jpoint == 0) {
            fpmax = fpint[j - 1];
            found = Some((j, jpoint, jbegin));
        }
        jbegin += jpoint + 1;
    }
    let Some((number, maxpt, maxbeg)) = found else {
        return Err(Error::bad_argument(
            op,
            "s",
            "a smoothing factor that needs a knot in an interval without data points",
            "a larger smoothing factor (FITPACK finds no interval to split)",
        ));
    };
    let ihalf = maxpt / 2 + 1;
    let nrx = (maxbeg + ihalf) as usize;
    let next = number + 1;
    if next <= *nrint {
        for j in next..=*nrint {
            let jj = next + *nrint - j;
            fpint[jj] = fpint[jj - 1];
            nrdata[jj] = nrdata[jj - 1];
            let jk = jj + k;
            t[jk] = t[jk - 1];
        }
    }
    nrdata[number - 1] = ihalf - 1;
    nrdata[next - 1] = maxpt - ihalf;
    let am = maxpt as f64;
    fpint[number - 1] = fpmax * nrdata[number - 1] as f64 / am;
    fpint[next - 1] = fpmax * nrdata[next - 1] as f64 / am;
    t[next + k - 1] = x[nrx - 1];
    *n += 1;
    *nrint += 1;
    Ok(())
}
