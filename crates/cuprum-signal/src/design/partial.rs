//! Partial-fraction expansion of transfer functions and its inverse (`residue`, `residuez`,
//! `invres`, `invresz`) and the grouping of nearly equal roots (`unique_roots`): SciPy's
//! algorithms on the host in complex128 (O(order²) work on the coefficients), results on the
//! first argument's device.

use super::convert::real_roots;
use crate::util::out_of_domain_if;
use cuprum_core::ext::{try_vec_filled, try_vec_with_capacity};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result};

/// How [`unique_roots`], [`residue`] and friends merge the roots of one group (SciPy's
/// `rtype`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootType {
    /// the smallest (`'min'`, `'minimum'`); complex values compare by real part, then
    /// imaginary part, as NumPy's `min`
    Min,
    /// the largest (`'max'`, `'maximum'`)
    Max,
    /// the mean (`'avg'`, `'mean'`)
    Avg,
}

impl RootType {
    /// Parses SciPy's `rtype` names.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `signal.unique_roots` for another string.
    ///
    /// ```
    /// use cuprum_signal::RootType;
    /// assert_eq!(RootType::parse("mean").unwrap(), RootType::Avg);
    /// assert!(RootType::parse("median").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<RootType> {
        Ok(match s {
            "min" | "minimum" => RootType::Min,
            "max" | "maximum" => RootType::Max,
            "avg" | "mean" => RootType::Avg,
            _ => {
                return Err(Error::bad_argument(
                    "signal.unique_roots",
                    "rtype",
                    format!("{s:?}"),
                    "one of 'max', 'maximum', 'min', 'minimum', 'avg', 'mean'",
                ));
            }
        })
    }

    fn reduce(self, v: &[C]) -> C {
        let lex = |a: &C, b: &C| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im));
        match self {
            RootType::Min => v.iter().copied().min_by(lex).unwrap_or_default(),
            RootType::Max => v.iter().copied().max_by(lex).unwrap_or_default(),
            RootType::Avg => v.iter().sum::<C>() / v.len().max(1) as f64,
        }
    }
}

// ---- host polynomials, highest power first (NumPy's poly* conventions) ----

fn polymul(a: &[C], b: &[C]) -> Result<Vec<C>> {
    if a.is_empty() || b.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = try_vec_filled(a.len() + b.len() - 1, C::new(0.0, 0.0))?;
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    Ok(out)
}

/// NumPy's `polyadd` (right-aligned; `sign` −1 for `polysub`), no trimming.
fn polyadd(a: &[C], b: &[C], sign: f64) -> Result<Vec<C>> {
    let n = a.len().max(b.len());
    let mut out = try_vec_filled(n, C::new(0.0, 0.0))?;
    for (i, &x) in a.iter().enumerate() {
        out[n - a.len() + i] += x;
    }
    for (i, &y) in b.iter().enumerate() {
        out[n - b.len() + i] += y * sign;
    }
    Ok(out)
}

/// NumPy's `polydiv`: quotient and remainder, the remainder's leading coefficients dropped
/// while `allclose(r[0], 0)` (|r[0]| ≤ 1e-8) and more than one remains.
fn polydiv(u: &[C], v: &[C]) -> Result<(Vec<C>, Vec<C>)> {
    let (m, n) = (u.len() - 1, v.len() - 1);
    let scale = C::new(1.0, 0.0) / v[0];
    let mut q = try_vec_filled((m + 1).saturating_sub(n).max(1), C::new(0.0, 0.0))?;
    let mut r = u.to_vec();
    if m >= n {
        for k in 0..=(m - n) {
            let d = scale * r[k];
            q[k] = d;
            for (j, &vj) in v.iter().enumerate() {
                r[k + j] -= d * vj;
            }
        }
    }
    let mut s = 0;
    while r.len() - s > 1 && r[s].norm() <= 1e-8 {
        s += 1;
    }
    Ok((q, r[s..].to_vec()))
}

fn polyval(p: &[C], x: C) -> C {
    p.iter().fold(C::new(0.0, 0.0), |acc, &c| acc * x + c)
}

/// SciPy's `_compute_factors`: the denominator with each pole block's factor divided out (one
/// per power with `include_powers`), and the full denominator.
fn compute_factors(
    roots: &[C],
    mult: &[usize],
    include_powers: bool,
) -> Result<(Vec<Vec<C>>, Vec<C>)> {
    let one = vec![C::new(1.0, 0.0)];
    let mut current = one.clone();
    let mut suffixes = vec![current.clone()];
    for (&pole, &m) in roots.iter().zip(mult).skip(1).rev() {
        let mono = [C::new(1.0, 0.0), -pole];
        for _ in 0..m {
            current = polymul(&current, &mono)?;
        }
        suffixes.push(current.clone());
    }
    suffixes.reverse();
    let mut factors = Vec::new();
    let mut current = one;
    for ((&pole, &m), suffix) in roots.iter().zip(mult).zip(&suffixes) {
        let mono = [C::new(1.0, 0.0), -pole];
        let mut block = Vec::new();
        for i in 0..m {
            if i == 0 || include_powers {
                block.push(polymul(&current, suffix)?);
            }
            current = polymul(&current, &mono)?;
        }
        factors.extend(block.into_iter().rev());
    }
    Ok((factors, current))
}

/// SciPy's `_compute_residues`.
fn compute_residues(poles: &[C], mult: &[usize], numerator: &[C]) -> Result<Vec<C>> {
    let (factors, _) = compute_factors(poles, mult, false)?;
    let mut res = Vec::new();
    for ((&pole, &m), factor) in poles.iter().zip(mult).zip(&factors) {
        if m == 1 {
            res.push(polyval(numerator, pole) / polyval(factor, pole));
        } else {
            let mono = [C::new(1.0, 0.0), -pole];
            let mut numer = numerator.to_vec();
            let (factor, d) = polydiv(factor, &mono)?;
            let mut block = Vec::new();
            for _ in 0..m {
                let (q, n) = polydiv(&numer, &mono)?;
                let r = n[0] / d[0];
                let rf: Vec<C> = factor.iter().map(|&f| f * r).collect();
                numer = polyadd(&q, &rf, -1.0)?;
                block.push(r);
            }
            res.extend(block.into_iter().rev());
        }
    }
    Ok(res)
}

/// SciPy's `unique_roots` on the host: groups of roots within Euclidean distance `tol` of the
/// first unused root, in input order.
fn unique_host(p: &[C], tol: f64, rtype: RootType) -> Result<(Vec<C>, Vec<usize>)> {
    let mut used = try_vec_filled(p.len(), false)?;
    let mut uniq = Vec::new();
    let mut mult = Vec::new();
    for i in 0..p.len() {
        if used[i] {
            continue;
        }
        let group: Vec<usize> = (0..p.len())
            .filter(|&j| !used[j] && (p[j] - p[i]).norm() <= tol)
            .collect();
        let vals: Vec<C> = group.iter().map(|&j| p[j]).collect();
        uniq.push(rtype.reduce(&vals));
        mult.push(group.len());
        for j in group {
            used[j] = true;
        }
    }
    Ok((uniq, mult))
}

/// `_cmplx_sort`: a stable sort by magnitude; ties (conjugate pairs) put the positive
/// imaginary part first, as LAPACK's eigenvalue order does.
fn cmplx_order(p: &[C]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..p.len()).collect();
    idx.sort_by(|&a, &b| {
        p[a].norm()
            .total_cmp(&p[b].norm())
            .then(p[b].im.total_cmp(&p[a].im))
    });
    idx
}

fn check_tol(op: &'static str, tol: f64) -> Result<()> {
    out_of_domain_if(tol.is_nan() || tol < 0.0, op, "tol", tol, "[0, inf)")?;
    Ok(())
}

/// A 1-D array on the host as complex128, with whether its dtype was complex.
fn host_1d(op: &'static str, arg: &'static str, a: &Array) -> Result<(Vec<C>, bool)> {
    Ok((crate::util::host_c128(op, arg, a)?, a.dtype().is_complex()))
}

/// `v` on `dev`: complex128 when `complex`, otherwise the real parts as float64.
fn upload(v: Vec<C>, complex: bool, dev: Device) -> Result<Array> {
    let n = v.len();
    if complex {
        Array::from_vec_on(v, &[n], dev)
    } else {
        Array::from_vec_on(v.iter().map(|x| x.re).collect::<Vec<f64>>(), &[n], dev)
    }
}

fn trim_front(v: &[C]) -> &[C] {
    let s = v
        .iter()
        .position(|x| *x != C::new(0.0, 0.0))
        .unwrap_or(v.len());
    &v[s..]
}

fn trim_back(v: &[C]) -> &[C] {
    let e = v
        .iter()
        .rposition(|x| *x != C::new(0.0, 0.0))
        .map_or(0, |e| e + 1);
    &v[..e]
}

/// The roots of `a` (highest power first, `a[0] != 0`): conjugate pairs exact for real
/// coefficients; whether all are real.
pub(crate) fn poly_roots(op: &'static str, a: &[C], complex: bool) -> Result<Vec<C>> {
    if a.len() < 2 {
        return Ok(Vec::new());
    }
    if !complex {
        let re: Vec<f64> = a.iter().map(|x| x.re).collect();
        return real_roots(op, &re);
    }
    let pa = Array::from_vec_on(a.to_vec(), &[a.len()], Device::Cpu)?;
    cuprum_core::roots(&pa)?
        .astype(DType::Complex128)?
        .to_vec::<C>()
}

/// Unique roots and their multiplicities (`scipy.signal.unique_roots`): the roots closer than
/// `tol` to each other are merged into one value chosen by `rtype`.
///
/// **Shapes**: 1-D `p` → `unique` (float64 for a real `p`, complex128 for a complex one) and
/// `multiplicity` (int64), each `(k,)` with `k ≤ len(p)`, on `p`'s device.
///
/// Groups are formed in input order: the first root not yet grouped and every ungrouped root
/// within Euclidean distance `tol` of it (SciPy's k-d tree ball query).
///
/// # Errors
/// [`Error::BadShape`] for a `p` of more than one dimension; [`Error::OutOfDomain`] for a
/// negative or NaN `tol` or a non-finite root.
///
/// **Algorithm**: an O(k²) scan on the host (the roots of a polynomial: a handful of values).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{RootType, unique_roots};
/// // scipy.signal.unique_roots([1, 3, 1.0005, 2], tol=1e-3, rtype='max')
/// let p = Array::from_vec_on(vec![1.0f64, 3.0, 1.0005, 2.0], &[4], Device::Cpu).unwrap();
/// let (u, m) = unique_roots(&p, 1e-3, RootType::Max).unwrap();
/// assert_eq!(u.to_vec::<f64>().unwrap(), vec![1.0005, 3.0, 2.0]);
/// assert_eq!(m.to_vec::<i64>().unwrap(), vec![2, 1, 1]);
/// ```
pub fn unique_roots(p: &Array, tol: f64, rtype: RootType) -> Result<(Array, Array)> {
    const OP: &str = "signal.unique_roots";
    check_tol(OP, tol)?;
    let (v, complex) = host_1d(OP, "p", p)?;
    let (u, m) = unique_host(&v, tol, rtype)?;
    let n = m.len();
    let m: Vec<i64> = m.iter().map(|&x| x as i64).collect();
    Ok((
        upload(u, complex, p.device())?,
        Array::from_vec_on(m, &[n], p.device())?,
    ))
}

/// Poles sorted by magnitude and grouped: `(unique, multiplicity, poles repeated per
/// multiplicity)`.
fn grouped_poles(poles: &[C], tol: f64, rtype: RootType) -> Result<(Vec<C>, Vec<usize>, Vec<C>)> {
    let (u, m) = unique_host(poles, tol, rtype)?;
    let order = cmplx_order(&u);
    let u: Vec<C> = order.iter().map(|&i| u[i]).collect();
    let m: Vec<usize> = order.iter().map(|&i| m[i]).collect();
    let mut full = try_vec_with_capacity(poles.len())?;
    for (&x, &k) in u.iter().zip(&m) {
        full.extend(std::iter::repeat_n(x, k));
    }
    Ok((u, m, full))
}

fn any_complex(v: &[C]) -> bool {
    v.iter().any(|x| x.im != 0.0)
}

/// The partial-fraction expansion of `b(s)/a(s)` (`scipy.signal.residue`):
/// `b(s)/a(s) = Σ r[i]/(s − p[i])^j + k(s)`, a pole of multiplicity `m` contributing the
/// powers `j = 1..m` in order.
///
/// **Shapes**: 1-D `b`, `a` (highest power first) → `r` `(len(a) − 1,)`, `p` (the same length,
/// sorted by magnitude, repeated poles equal), `k` (the direct polynomial, empty when
/// `len(b) < len(a)`), on `b`'s device. `p` and `r` are complex128 unless every pole is real
/// (float64, as NumPy's `roots` returns); `k` is float64 for real input.
///
/// Poles closer than `tol` are treated as one repeated pole, its value chosen by `rtype`
/// (SciPy's defaults: `tol = 1e-3`, [`RootType::Avg`]).
///
/// # Errors
/// [`Error::BadShape`] for non-1-D input; [`Error::OutOfDomain`] naming `signal.residue` for
/// an all-zero `a`, non-finite coefficients, a negative `tol`; a root-finding failure.
///
/// **Algorithm**: SciPy's: the poles by polynomial roots (cuprum's `roots`), grouped by
/// [`unique_roots`]; simple residues by `b(p)/a'(p)`-style evaluation, repeated ones by
/// repeated synthetic division; on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// // scipy.signal.residue([1, 3], [1, 3, 2]) -> r [2, -1], p [-1, -2], k []
/// let b = Array::from_vec_on(vec![1.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 3.0, 2.0], &[3], Device::Cpu).unwrap();
/// let (r, p, k) = cuprum_signal::residue(&b, &a, 1e-3, cuprum_signal::RootType::Avg).unwrap();
/// let (r, p) = (r.to_vec::<f64>().unwrap(), p.to_vec::<f64>().unwrap());
/// assert!((r[0] - 2.0).abs() < 1e-12 && (r[1] + 1.0).abs() < 1e-12);
/// assert!((p[0] + 1.0).abs() < 1e-12 && (p[1] + 2.0).abs() < 1e-12);
/// assert_eq!(k.size(), 0);
/// ```
pub fn residue(b: &Array, a: &Array, tol: f64, rtype: RootType) -> Result<(Array, Array, Array)> {
    let (bt, at, cx, poles) = match expansion_start("signal.residue", b, a, tol, trim_front)? {
        Start::Done(r, p, k) => return Ok((r, p, k)),
        Start::Parts(parts) => parts,
    };
    let (bt, at, dev, pc) = (&bt[..], &at[..], b.device(), any_complex(&poles));
    let (k, rem) = if bt.len() < at.len() {
        (Vec::new(), bt.to_vec())
    } else {
        polydiv(bt, at)?
    };
    let (u, m, full) = grouped_poles(&poles, tol, rtype)?;
    let res: Vec<C> = compute_residues(&u, &m, &rem)?
        .into_iter()
        .map(|r| r / at[0])
        .collect();
    Ok((
        upload(res, pc || cx, dev)?,
        upload(full, pc || cx, dev)?,
        upload(k, cx, dev)?,
    ))
}

/// The partial-fraction expansion of `b(z)/a(z)` in powers of `z⁻¹`
/// (`scipy.signal.residuez`): `Σ r[i]/(1 − p[i]·z⁻¹)^j + k[0] + k[1]·z⁻¹ + …`.
///
/// **Shapes**: 1-D `b`, `a` (coefficients of `z⁰, z⁻¹, …`) → `r`, `p` `(len(a) − 1,)` (after
/// trailing zeros are removed), `k` (empty when `len(b) < len(a)`), on `b`'s device; dtypes
/// as [`residue`].
///
/// # Errors
/// As [`residue`], naming `signal.residuez`, and [`Error::OutOfDomain`] when `a[0] == 0`.
///
/// **Algorithm**: SciPy's: [`residue`]'s scheme on the reversed polynomials at the inverse
/// poles, the residues scaled by `(−p)^j / a[-1]`; on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// // scipy.signal.residuez([1], [1, -0.5]) -> r [1], p [0.5], k []
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
/// let (r, p, k) = cuprum_signal::residuez(&b, &a, 1e-3, cuprum_signal::RootType::Avg).unwrap();
/// assert!((r.to_vec::<f64>().unwrap()[0] - 1.0).abs() < 1e-12);
/// assert!((p.to_vec::<f64>().unwrap()[0] - 0.5).abs() < 1e-12);
/// assert_eq!(k.size(), 0);
/// ```
pub fn residuez(b: &Array, a: &Array, tol: f64, rtype: RootType) -> Result<(Array, Array, Array)> {
    let (bt, at, cx, poles) = match expansion_start("signal.residuez", b, a, tol, trim_back)? {
        Start::Done(r, p, k) => return Ok((r, p, k)),
        Start::Parts(parts) => parts,
    };
    let (dev, pc) = (b.device(), any_complex(&poles));
    let b_rev: Vec<C> = bt.iter().rev().copied().collect();
    let a_rev: Vec<C> = at.iter().rev().copied().collect();
    let (k_rev, rem) = if b_rev.len() < a_rev.len() {
        (Vec::new(), b_rev)
    } else {
        polydiv(&b_rev, &a_rev)?
    };
    let (u, m, full) = grouped_poles(&poles, tol, rtype)?;
    let inv: Vec<C> = u.iter().map(|&x| C::new(1.0, 0.0) / x).collect();
    let mut res = compute_residues(&inv, &m, &rem)?;
    let mut idx = 0;
    for &mm in &m {
        for j in 0..mm {
            let pw = (-full[idx]).powi(j as i32 + 1);
            res[idx] = res[idx] * pw / a_rev[0];
            idx += 1;
        }
    }
    let k: Vec<C> = k_rev.into_iter().rev().collect();
    Ok((
        upload(res, pc || cx, dev)?,
        upload(full, pc || cx, dev)?,
        upload(k, cx, dev)?,
    ))
}

/// Where [`expansion_start`] leaves `residue`/`residuez`: the finished result of a zero
/// numerator, or the trimmed `b` and `a`, whether either is complex, and the poles.
enum Start {
    Done(Array, Array, Array),
    Parts((Vec<C>, Vec<C>, bool, Vec<C>)),
}

/// The shared start of `residue` and `residuez`: `tol` checked, `b` and `a` copied to the host
/// and trimmed by `trim`, a nonzero denominator (with a nonzero `a[0]`), its roots; a zero
/// numerator gives zero residues at the sorted poles and an empty `k`.
fn expansion_start(
    op: &'static str,
    b: &Array,
    a: &Array,
    tol: f64,
    trim: fn(&[C]) -> &[C],
) -> Result<Start> {
    check_tol(op, tol)?;
    let (bv, bc) = host_1d(op, "b", b)?;
    let (av, ac) = host_1d(op, "a", a)?;
    let cx = bc || ac;
    let dev = b.device();
    let (bt, at) = (trim(&bv), trim(&av));
    out_of_domain_if(
        at.is_empty(),
        op,
        "a",
        format!("{:?}", a.shape()),
        "a denominator with a nonzero coefficient",
    )?;
    out_of_domain_if(at[0] == C::new(0.0, 0.0), op, "a[0]", 0, "nonzero values")?;
    let poles = poly_roots(op, at, cx)?;
    if bt.is_empty() {
        let sorted: Vec<C> = cmplx_order(&poles).iter().map(|&i| poles[i]).collect();
        let n = sorted.len();
        return Ok(Start::Done(
            cuprum_core::zeros_on(&[n][..], DType::Float64, dev)?,
            upload(sorted, any_complex(&poles), dev)?,
            upload(Vec::new(), cx, dev)?,
        ));
    }
    Ok(Start::Parts((bt.to_vec(), at.to_vec(), cx, poles)))
}

/// SciPy's `_group_poles`: runs of consecutive poles within `tol` of the run's first pole,
/// each represented by that first pole.
fn group_consecutive(p: &[C], tol: f64) -> (Vec<C>, Vec<usize>) {
    let mut u: Vec<C> = Vec::new();
    let mut m: Vec<usize> = Vec::new();
    for &x in p {
        match (u.last(), m.last_mut()) {
            (Some(&lead), Some(k)) if (x - lead).norm() <= tol => *k += 1,
            _ => {
                u.push(x);
                m.push(1);
            }
        }
    }
    (u, m)
}

struct Inv {
    r: Vec<C>,
    u: Vec<C>,
    m: Vec<usize>,
    k: Vec<C>,
    complex: bool,
}

fn inv_prepare(op: &'static str, r: &Array, p: &Array, k: &Array, tol: f64) -> Result<Inv> {
    check_tol(op, tol)?;
    let (rv, rc) = host_1d(op, "r", r)?;
    let (pv, pc) = host_1d(op, "p", p)?;
    let (kv, kc) = host_1d(op, "k", k)?;
    crate::util::shape_mismatch_if(
        rv.len() != pv.len(),
        op,
        r.shape(),
        p.shape(),
        "r and p must have the same length",
    )?;
    let (u, m) = group_consecutive(&pv, tol);
    Ok(Inv {
        r: rv,
        u,
        m,
        k: kv,
        complex: rc || pc || kc,
    })
}

/// The transfer function `b(s)/a(s)` of a partial-fraction expansion (`scipy.signal.invres`),
/// the inverse of [`residue`].
///
/// **Shapes**: 1-D `r`, `p` of equal length and `k` → `b`, `a` (highest power first; `a` of
/// length `len(p) + 1`), on `r`'s device; float64 when `r`, `p`, `k` are all real, otherwise
/// complex128.
///
/// Consecutive poles closer than `tol` to the first of their run form one repeated pole (as
/// [`residue`] returns them); `rtype` is accepted for SciPy's signature (SciPy's grouping
/// keeps the run's first pole).
///
/// # Errors
/// [`Error::ShapeMismatch`] when `r` and `p` differ in length; [`Error::BadShape`] for
/// non-1-D input; [`Error::OutOfDomain`] for a negative `tol` or non-finite values.
///
/// **Algorithm**: SciPy's: `a = Π(s − p)`, `b = k·a + Σ r·a/(s − p)^j`, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// // scipy.signal.invres([2, -1], [-1, -2], []) -> b [1, 3], a [1, 3, 2]
/// let r = Array::from_vec_on(vec![2.0f64, -1.0], &[2], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![-1.0f64, -2.0], &[2], Device::Cpu).unwrap();
/// let k = Array::from_vec_on(Vec::<f64>::new(), &[0], Device::Cpu).unwrap();
/// let (b, a) = cuprum_signal::invres(&r, &p, &k, 1e-3, cuprum_signal::RootType::Avg).unwrap();
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![1.0, 3.0]);
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 3.0, 2.0]);
/// ```
pub fn invres(
    r: &Array,
    p: &Array,
    k: &Array,
    tol: f64,
    rtype: RootType,
) -> Result<(Array, Array)> {
    let _ = rtype;
    let s = inv_prepare("signal.invres", r, p, k, tol)?;
    let (factors, den) = compute_factors(&s.u, &s.m, true)?;
    let k = trim_front(&s.k);
    let mut num = if k.is_empty() {
        vec![C::new(0.0, 0.0)]
    } else {
        polymul(k, &den)?
    };
    for (&res, f) in s.r.iter().zip(&factors) {
        let t: Vec<C> = f.iter().map(|&x| x * res).collect();
        num = polyadd(&num, &t, 1.0)?;
    }
    let dev = r.device();
    Ok((upload(num, s.complex, dev)?, upload(den, s.complex, dev)?))
}

/// The transfer function `b(z)/a(z)` (coefficients of `z⁰, z⁻¹, …`) of a partial-fraction
/// expansion in `z⁻¹` (`scipy.signal.invresz`), the inverse of [`residuez`].
///
/// **Shapes**, grouping and dtypes: as [`invres`].
///
/// # Errors
/// As [`invres`], naming `signal.invresz`.
///
/// **Algorithm**: SciPy's: [`invres`]'s products on the reversed polynomials, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// // scipy.signal.invresz([1], [0.5], []) -> b [1], a [1, -0.5]
/// let r = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let k = Array::from_vec_on(Vec::<f64>::new(), &[0], Device::Cpu).unwrap();
/// let (b, a) = cuprum_signal::invresz(&r, &p, &k, 1e-3, cuprum_signal::RootType::Avg).unwrap();
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![1.0]);
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, -0.5]);
/// ```
pub fn invresz(
    r: &Array,
    p: &Array,
    k: &Array,
    tol: f64,
    rtype: RootType,
) -> Result<(Array, Array)> {
    let _ = rtype;
    let s = inv_prepare("signal.invresz", r, p, k, tol)?;
    let (factors, den) = compute_factors(&s.u, &s.m, true)?;
    let k = trim_back(&s.k);
    let den_rev: Vec<C> = den.iter().rev().copied().collect();
    let mut num = if k.is_empty() {
        vec![C::new(0.0, 0.0)]
    } else {
        let k_rev: Vec<C> = k.iter().rev().copied().collect();
        polymul(&k_rev, &den_rev)?
    };
    for (&res, f) in s.r.iter().zip(&factors) {
        let t: Vec<C> = f.iter().rev().map(|&x| x * res).collect();
        num = polyadd(&num, &t, 1.0)?;
    }
    num.reverse();
    let dev = r.device();
    Ok((upload(num, s.complex, dev)?, upload(den, s.complex, dev)?))
}
