//! Matrix functions and norms: `norm`, `onenormest`, `expm_multiply`, `matrix_power`.

use super::direct::{HostCsr, canonical, host_csr};
use super::util::*;
use super::{AsLinearOperator, EigOptions};
use crate::parts::Compressed;
use crate::{Result, SparseError};
use cuprum_core::{Array, Complex64, DType, Device, IndexItem};

/// SciPy's `ord` of `scipy.sparse.linalg.norm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NormOrd {
    /// Frobenius (the default, `'fro'`)
    Fro,
    /// max column sum of absolute values (`1`)
    One,
    /// min column sum (`-1`)
    MinusOne,
    /// max row sum (`inf`)
    Inf,
    /// min row sum (`-inf`)
    MinusInf,
    /// the largest singular value (`2`), by [`svds`](super::svds)
    Two,
}

/// `scipy.sparse.linalg.norm(A, ord)`: a matrix norm of a sparse (or dense) matrix, as `f64`.
///
/// **Shapes**: `A` is `(m, n)`.
///
/// **Algorithm**: for canonical CSR parts (or a dense array) on the matrix's device with core's
/// reductions (`sqrt(Σ|aᵢⱼ|²)`; the column or row sums of `|A|` by a scatter-add, then their
/// max/min), one scalar read. Non-canonical parts (duplicates) are summed on the host first.
/// `Two`: the largest singular value by [`svds`](super::svds) (`k = 1`).
///
/// # Errors
/// [`SparseError::NotSupported`] for an abstract operator (except `Two`); `svds` errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{norm, NormOrd};
/// let a = Array::from_vec_on(vec![1.0f64, -2.0, 0.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// assert!((norm(&a, NormOrd::Fro).unwrap() - 14f64.sqrt()).abs() < 1e-14);
/// assert_eq!(norm(&a, NormOrd::One).unwrap(), 5.0);
/// assert_eq!(norm(&a, NormOrd::Inf).unwrap(), 3.0);
/// ```
pub fn norm(a: &(impl AsLinearOperator + ?Sized), ord: NormOrd) -> Result<f64> {
    const OP: &str = "norm";
    if ord == NormOrd::Two {
        let op = a.as_linear_operator()?;
        let (m, n) = op.shape();
        if m.min(n) <= 1 {
            // svds needs k < min(m, n): a vector's 2-norm directly
            let h = host_csr(OP, a)?;
            return Ok(h.data.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt());
        }
        let (_, s, _) = super::svds(&op, 1, EigOptions::new().return_eigenvectors(false))?;
        return read1(&s);
    }
    let Some(c) = a.to_csr() else {
        return Err(SparseError::NotSupported {
            op: OP,
            detail: "norm needs the matrix's entries, not an abstract LinearOperator".into(),
        });
    };
    let c = c?;
    if c.canonical {
        return device_norm(&c, ord);
    }
    let h = super::direct::host_csr_of(OP, &c)?;
    host_norm(&canonical(&h), ord)
}

fn device_norm(c: &Compressed, ord: NormOrd) -> Result<f64> {
    let (m, n) = c.shape;
    let ab = cuprum_core::abs(&c.data)?.astype(DType::Float64)?;
    let dev = c.data.device();
    let v = match ord {
        NormOrd::Fro => cuprum_core::sqrt(&cuprum_core::sum(
            &cuprum_core::multiply(&ab, &ab)?,
            None,
            false,
        )?)?,
        NormOrd::One | NormOrd::MinusOne | NormOrd::Inf | NormOrd::MinusInf => {
            let cols = matches!(ord, NormOrd::One | NormOrd::MinusOne);
            let len = if cols { n } else { m };
            if len == 0 {
                return Ok(0.0);
            }
            let acc = cuprum_core::zeros_on(&[len], DType::Float64, dev)?;
            let idx = if cols {
                c.indices.clone()
            } else {
                let ptr: Vec<i64> = c.indptr.astype(DType::Int64)?.to_vec()?;
                let mut rows = Vec::with_capacity(c.data.size());
                for (i, w) in ptr.windows(2).enumerate() {
                    rows.extend(std::iter::repeat_n(i as i64, (w[1] - w[0]).max(0) as usize));
                }
                let nn = rows.len();
                Array::from_vec_on(rows, &[nn], dev)?
            };
            if ab.size() > 0 {
                cuprum_core::add_at(&acc, &[IndexItem::Array(idx)], &ab)?;
            }
            if matches!(ord, NormOrd::One | NormOrd::Inf) {
                cuprum_core::max(&acc, None, false)?
            } else {
                cuprum_core::min(&acc, None, false)?
            }
        }
        NormOrd::Two => unreachable!("handled by the caller"),
    };
    read1(&v)
}

fn host_norm(h: &HostCsr, ord: NormOrd) -> Result<f64> {
    Ok(match ord {
        NormOrd::Fro => h.data.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt(),
        NormOrd::One | NormOrd::MinusOne => {
            // one sum per column: the column count is the shape's, not bounded by the entries
            let mut s = cuprum_core::ext::try_vec_filled(h.n_cols, 0.0)?;
            for (k, &j) in h.indices.iter().enumerate() {
                s[j] += h.data[k].norm();
            }
            if ord == NormOrd::One {
                s.iter().copied().fold(0.0, f64::max)
            } else {
                s.iter().copied().fold(f64::INFINITY, f64::min)
            }
        }
        NormOrd::Inf | NormOrd::MinusInf => {
            let s: Vec<f64> = (0..h.n_rows)
                .map(|i| {
                    (h.indptr[i]..h.indptr[i + 1])
                        .map(|k| h.data[k].norm())
                        .sum()
                })
                .collect();
            if ord == NormOrd::Inf {
                s.iter().copied().fold(0.0, f64::max)
            } else {
                s.iter().copied().fold(f64::INFINITY, f64::min)
            }
        }
        NormOrd::Two => f64::NAN,
    })
}

/// `scipy.sparse.linalg.onenormest`: an estimate (a lower bound, usually exact) of `‖A‖₁`
/// from products with `A` and `Aᴴ` only.
///
/// **Shapes**: `A` is `(n, n)`.
///
/// **Algorithm**: Hager's method as refined by Higham (LAPACK's `xLACON`, block size 1): at
/// most 5 products with `A` and with `Aᴴ`, the vectors on the operator's device; plus Higham's
/// alternating-sign extra vector.
///
/// # Errors
/// A non-square operator; [`SparseError::NotSupported`] without `rmatvec`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::onenormest;
/// let a = Array::from_vec_on(vec![1.0f64, -2.0, 0.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(onenormest(&a).unwrap(), 5.0);
/// ```
pub fn onenormest(a: &(impl AsLinearOperator + ?Sized)) -> Result<f64> {
    const OP: &str = "onenormest";
    let op = a.as_linear_operator()?;
    let (m, n) = op.shape();
    require_square(OP, (m, n))?;
    if n == 0 {
        return Ok(0.0);
    }
    let dt = work_dtype(op.dtype(), op.dtype());
    let dev = op.device();
    let abs1 = |y: &Array| -> Result<f64> {
        read1(&cuprum_core::sum(&cuprum_core::abs(y)?, None, false)?)
    };
    let mv = |x: &Array| -> Result<Array> {
        let y = op.matvec(x)?;
        Ok(if y.dtype() == dt { y } else { y.astype(dt)? })
    };
    let sign = |y: &Array| -> Result<Array> {
        if dt.is_complex() {
            let ab = cuprum_core::abs(y)?;
            let one = cuprum_core::ones_like(&ab)?;
            let safe = cuprum_core::where_(&cuprum_core::equal(&ab, 0.0)?, &one, &ab)?;
            let q = cuprum_core::divide(y, &safe)?;
            let z = cuprum_core::where_(&cuprum_core::equal(&ab, 0.0)?, &one.astype(dt)?, &q)?;
            Ok(z)
        } else {
            // sign with sign(0) = 1, as LAPACK
            let ge = cuprum_core::greater_equal(y, 0.0)?;
            let one = cuprum_core::ones_like(y)?;
            Ok(cuprum_core::where_(
                &ge,
                &one,
                &cuprum_core::negative(&one)?,
            )?)
        }
    };
    let mut x = cuprum_core::full_on(&[n], 1.0 / n as f64, Some(dt), dev)?;
    let mut est = 0.0f64;
    let mut last_j = usize::MAX;
    for it in 0..5 {
        let y = mv(&x)?;
        let e = abs1(&y)?;
        if it > 0 && e <= est {
            break;
        }
        est = e;
        let xi = sign(&y)?;
        let z = op.rmatvec(&xi)?;
        let za = cuprum_core::abs(&z)?;
        let vals = read(&[
            &cuprum_core::max(&za, None, false)?,
            &cuprum_core::argmax(&za, None, false)?,
            &cuprum_core::real(&dotc(&z, &x)?)?,
        ])?;
        let (zmax, j, ztx) = (vals[0].re, vals[1].re as usize, vals[2].re);
        if it > 0 && (zmax <= ztx || j == last_j) {
            break;
        }
        last_j = j;
        let mut e_j = vec![0.0f64; n];
        e_j[j] = 1.0;
        x = Array::from_vec_on(e_j, &[n], Device::Cpu)?
            .astype(dt)?
            .to_device(dev)?;
    }
    // Higham's extra vector x_i = (−1)^i (1 + i/(n−1))
    let alt: Vec<f64> = (0..n)
        .map(|i| {
            let s = if i % 2 == 0 { 1.0 } else { -1.0 };
            s * (1.0
                + if n > 1 {
                    i as f64 / (n - 1) as f64
                } else {
                    0.0
                })
        })
        .collect();
    let xa = Array::from_vec_on(alt, &[n], Device::Cpu)?
        .astype(dt)?
        .to_device(dev)?;
    let e2 = 2.0 * abs1(&mv(&xa)?)? / (3.0 * n as f64);
    Ok(est.max(e2))
}

/// θ_m of Al-Mohy & Higham (2011) for double precision: `m → θ_m`.
const THETA: [(usize, f64); 35] = [
    (1, 2.29e-16),
    (2, 2.58e-8),
    (3, 1.39e-5),
    (4, 3.40e-4),
    (5, 2.40e-3),
    (6, 9.07e-3),
    (7, 2.38e-2),
    (8, 5.00e-2),
    (9, 8.96e-2),
    (10, 1.44e-1),
    (11, 2.14e-1),
    (12, 3.00e-1),
    (13, 4.00e-1),
    (14, 5.14e-1),
    (15, 6.41e-1),
    (16, 7.81e-1),
    (17, 9.31e-1),
    (18, 1.09),
    (19, 1.26),
    (20, 1.44),
    (21, 1.62),
    (22, 1.82),
    (23, 2.01),
    (24, 2.22),
    (25, 2.43),
    (26, 2.64),
    (27, 2.86),
    (28, 3.08),
    (29, 3.31),
    (30, 3.54),
    (35, 4.7),
    (40, 6.0),
    (45, 7.2),
    (50, 8.5),
    (55, 9.9),
];

/// `scipy.sparse.linalg.expm_multiply(A, B)`: `exp(A) @ B` without forming `exp(A)`.
///
/// **Shapes**: `A` is `(n, n)`; `B` is `(n,)` or `(n, k)`; the result has `B`'s shape.
///
/// **Algorithm**: Al-Mohy & Higham (2011): a truncated Taylor series of degree `m` applied `s`
/// times, `(m, s)` chosen from `‖A‖₁` (exact from the entries, else [`onenormest`]) to
/// minimize `m·s` for double-precision accuracy, with the trace shift `μ = tr(A)/n` when the
/// entries are known. Products run on the operator's device; the early-termination test reads
/// two norms per Taylor term.
///
/// # Errors
/// A non-square `A`, a `B` of the wrong length, [`cuprum_core::Error::OutOfDomain`] (`A`)
/// when `A` holds NaN or inf (its norm is not finite: SciPy raises `ValueError` too).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::expm_multiply;
/// let a = Array::from_vec_on(vec![1.0f64, 0.0, 0.0, 2.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let y = expm_multiply(&a, &b).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] - 1f64.exp()).abs() < 1e-13 && (y[1] - 2f64.exp()).abs() < 1e-12);
/// ```
pub fn expm_multiply(a: &(impl AsLinearOperator + ?Sized), b: &Array) -> Result<Array> {
    const OP: &str = "expm_multiply";
    let op = a.as_linear_operator()?;
    let (m, n) = op.shape();
    require_square(OP, (m, n))?;
    check_rhs(OP, (m, n), b)?;
    let dt = work_dtype(op.dtype(), b.dtype());
    let dev = op.device();
    // ‖A‖₁ and μ = tr(A)/n
    let (norm1, mu) = match a.to_csr() {
        Some(c) => {
            let h = super::direct::host_csr_of(OP, &c?)?;
            let h = canonical(&h);
            let tr: Complex64 = h.diagonal().iter().sum();
            let mu = tr / n.max(1) as f64;
            // ‖A − μI‖₁
            let mut s = vec![0.0; n];
            let mut has_diag = vec![false; n];
            for (i, hd) in has_diag.iter_mut().enumerate() {
                for k in h.indptr[i]..h.indptr[i + 1] {
                    let j = h.indices[k];
                    let v = if i == j {
                        *hd = true;
                        h.data[k] - mu
                    } else {
                        h.data[k]
                    };
                    s[j] += v.norm();
                }
            }
            for (si, &hd) in s.iter_mut().zip(&has_diag) {
                if !hd {
                    *si += mu.norm();
                }
            }
            (
                // NaN-propagating (`f64::max` drops NaN: a NaN entry then left ‖A‖₁ finite)
                s.iter().copied().fold(0.0, |m: f64, v| {
                    if m.is_nan() || v.is_nan() {
                        f64::NAN
                    } else {
                        m.max(v)
                    }
                }) + if mu.re.is_finite() && mu.im.is_finite() {
                    0.0
                } else {
                    f64::NAN
                },
                if dt.is_complex() {
                    mu
                } else {
                    Complex64::new(mu.re, 0.0)
                },
            )
        }
        None => (onenormest(&op)?, Complex64::new(0.0, 0.0)),
    };
    let shifted = |x: &Array| -> Result<Array> {
        let y = op.matvec(x)?;
        let y = if y.dtype() == dt { y } else { y.astype(dt)? };
        if mu.norm() == 0.0 {
            Ok(y)
        } else {
            axpy(hs(-mu, dt), x, &y)
        }
    };
    let apply = |x: &Array| -> Result<Array> {
        if x.ndim() == 1 {
            return shifted(x);
        }
        let k = x.shape()[1];
        let mut cols = Vec::with_capacity(k);
        for j in 0..k {
            cols.push(shifted(&x.index_axis(1, j as isize)?)?);
        }
        let r: Vec<&Array> = cols.iter().collect();
        Ok(cuprum_core::stack(&r, 1)?)
    };
    if !norm1.is_finite() {
        // inf gave s = usize::MAX steps (a hang), NaN gave s = 0 (b returned as exp(A) b)
        return Err(SparseError::out_of_domain(
            OP,
            "A",
            format!("a matrix with ‖A − μI‖₁ = {norm1}"),
            "matrices of finite values",
        ));
    }
    let (mm, s) = if norm1 == 0.0 {
        (0usize, 1usize)
    } else {
        let mut best = (0usize, usize::MAX, usize::MAX);
        for &(mth, th) in THETA.iter() {
            let s = (norm1 / th).ceil().max(1.0) as usize;
            let cost = mth.saturating_mul(s);
            if cost < best.2 {
                best = (mth, s, cost);
            }
        }
        (best.0, best.1)
    };
    let tol = eps(dt).min(2f64.powi(-53));
    let tol = tol.max(f64::EPSILON / 2.0);
    let mut f = b.astype(dt)?;
    let mut bb = f.clone();
    let eta = (mu / s as f64).exp();
    let inf_norm =
        |x: &Array| -> Result<Array> { Ok(cuprum_core::max(&cuprum_core::abs(x)?, None, false)?) };
    for _ in 0..s {
        let mut c1 = read1(&inf_norm(&bb)?)?;
        for j in 1..=mm {
            bb = scal(hr(1.0 / (s as f64 * j as f64)), &apply(&bb)?)?;
            f = cuprum_core::add(&f, &bb)?;
            let v = read(&[&inf_norm(&bb)?, &inf_norm(&f)?])?;
            let (c2, fn_) = (v[0].re, v[1].re);
            if c1 + c2 <= tol * fn_ {
                break;
            }
            c1 = c2;
        }
        f = scal(hs(eta, dt), &f)?;
        bb = f.clone();
    }
    let _ = dev;
    Ok(f)
}

/// `scipy.sparse.linalg.matrix_power(A, p)`: `A` multiplied by itself `p` times, as CSR
/// parts (`p = 0` gives the identity).
///
/// **Shapes**: `A` is `(n, n)`; the result is `(n, n)` CSR, canonical, on `A`'s device.
///
/// **Algorithm**: repeated squaring with a row-by-row sparse accumulator (Gustavson) on the
/// host; the result is uploaded to the matrix's device. (The device SpGEMM of the sparse
/// kernels will replace it.)
///
/// # Errors
/// A non-square matrix; [`SparseError::NotSupported`] for an abstract operator.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::matrix_power;
/// let a = Array::from_vec_on(vec![1.0f64, 1.0, 0.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let p = matrix_power(&a, 3).unwrap();
/// assert_eq!(p.data.to_vec::<f64>().unwrap(), vec![1.0, 3.0, 1.0]);
/// ```
pub fn matrix_power(a: &(impl AsLinearOperator + ?Sized), p: u32) -> Result<Compressed> {
    const OP: &str = "matrix_power";
    let h = canonical(&host_csr(OP, a)?);
    let n = h.n_rows;
    require_square(OP, (h.n_rows, h.n_cols))?;
    let mut result = identity_host(n, h.dtype, h.device);
    let mut base = h.clone();
    let mut e = p;
    while e > 0 {
        if e & 1 == 1 {
            result = spgemm(&result, &base);
        }
        e >>= 1;
        if e > 0 {
            base = spgemm(&base, &base);
        }
    }
    to_parts(&result)
}

fn identity_host(n: usize, dtype: DType, device: Device) -> HostCsr {
    HostCsr {
        n_rows: n,
        n_cols: n,
        indptr: (0..=n).collect(),
        indices: (0..n).collect(),
        data: vec![Complex64::new(1.0, 0.0); n],
        dtype,
        device,
    }
}

fn spgemm(a: &HostCsr, b: &HostCsr) -> HostCsr {
    let mut acc = vec![Complex64::new(0.0, 0.0); b.n_cols];
    let mut mark = vec![usize::MAX; b.n_cols];
    let mut indptr = vec![0usize];
    let mut indices = Vec::new();
    let mut data = Vec::new();
    for i in 0..a.n_rows {
        let mut cols = Vec::new();
        for ka in a.indptr[i]..a.indptr[i + 1] {
            let (k, av) = (a.indices[ka], a.data[ka]);
            for kb in b.indptr[k]..b.indptr[k + 1] {
                let j = b.indices[kb];
                if mark[j] != i {
                    mark[j] = i;
                    acc[j] = Complex64::new(0.0, 0.0);
                    cols.push(j);
                }
                acc[j] += av * b.data[kb];
            }
        }
        cols.sort_unstable();
        for j in cols {
            indices.push(j);
            data.push(acc[j]);
        }
        indptr.push(indices.len());
    }
    HostCsr {
        n_rows: a.n_rows,
        n_cols: b.n_cols,
        indptr,
        indices,
        data,
        dtype: a.dtype,
        device: a.device,
    }
}

fn to_parts(h: &HostCsr) -> Result<Compressed> {
    let nnz = h.data.len();
    let dev = h.device;
    let data = Array::from_vec_on(h.data.clone(), &[nnz], Device::Cpu)?;
    let data = if h.dtype.is_complex() {
        data.astype(h.dtype)?
    } else {
        cuprum_core::real(&data)?.astype(h.dtype)?
    };
    Ok(Compressed {
        data: data.to_device(dev)?,
        indices: Array::from_vec_on(
            h.indices.iter().map(|&i| i as i64).collect::<Vec<_>>(),
            &[nnz],
            dev,
        )?,
        indptr: Array::from_vec_on(
            h.indptr.iter().map(|&i| i as i64).collect::<Vec<_>>(),
            &[h.n_rows + 1],
            dev,
        )?,
        shape: (h.n_rows, h.n_cols),
        canonical: true,
    })
}
