//! LU-based routines: `inv`, `solve`, `det`, `slogdet`, `matrix_power`, and the LAPACK-style
//! unblocked LU (`getf2`) behind `scipy.linalg.lu`/`lu_factor`.

use crate::error::{LinalgError, Result};
use crate::host::{self, Field, Stack, with_field};
use cuprum_core::{Array, Complex64, DType};
use faer::Mat;
use faer::linalg::solvers::{DenseSolveCore, PartialPivLu, Solve};

/// The first pivot of an LU factor that is exactly zero (or non-finite, which faer produces
/// after a zero pivot), if any.
pub(crate) fn zero_pivot<T: Field>(u: faer::MatRef<'_, T>) -> Option<usize> {
    let k = u.nrows().min(u.ncols());
    (0..k).find(|&i| {
        let c = u[(i, i)].to_c();
        c == Complex64::new(0.0, 0.0) || !(c.re.is_finite() && c.im.is_finite())
    })
}

/// faer's partial-pivoting LU of every matrix of `s`, failing on the first zero pivot.
fn factor_all<T: Field>(op: &'static str, s: &Stack<T>) -> Result<Vec<PartialPivLu<T>>> {
    let count = s.count();
    (0..count)
        .map(|i| {
            let lu = s.mat(i).partial_piv_lu();
            match zero_pivot(lu.U()) {
                Some(p) => Err(LinalgError::singular(op, p, i, count)),
                None => Ok(lu),
            }
        })
        .collect()
}

/// The multiplicative inverse of each square matrix, like `numpy.linalg.inv`.
///
/// **Shapes**: `(..., M, M) -> (..., M, M)`. Integer input is promoted to float64.
///
/// # Errors
/// [`LinalgError::NotSquare`] / [`LinalgError::TooFewDims`] for a non-square input,
/// [`LinalgError::SingularMatrix`] naming the zero pivot, [`LinalgError::NonFinite`] for
/// NaN/inf input, a core dtype error for float16.
///
/// Algorithm: LU with partial pivoting then inversion (cuSOLVER `getrf` + `getrs` against the
/// identity on CUDA; faer on the CPU).
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![4.0f64, 7.0, 2.0, 6.0], &[2, 2], Device::Cpu).unwrap();
/// let x = cuprum_linalg::inv(&a).unwrap().to_vec::<f64>().unwrap();
/// assert!((x[0] - 0.6).abs() < 1e-12 && (x[1] + 0.7).abs() < 1e-12);
/// ```
pub fn inv(a: &Array) -> Result<Array> {
    let op = "inv";
    let (batch, n) = host::square_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    if let Some(r) = crate::cuda::inv(a, dt) {
        return r;
    }
    with_field!(dt, T => {
        let s = Stack::<T>::read(op, a, true)?;
        let lus = factor_all(op, &s)?;
        let mats: Vec<Mat<T>> = lus.iter().map(|lu| lu.inverse()).collect();
        host::write_mats(&batch, n, n, &mats, a.device())
    })
}

/// Solves `a @ x = b` for `x`, like `numpy.linalg.solve` (NumPy 2 semantics).
///
/// **Shapes**: `a (..., M, M)`; `b (M,)` (a vector, broadcast against `a`'s batch) giving
/// `(..., M)`, or `b (..., M, K)` giving `(..., M, K)` with the batch axes broadcast.
///
/// # Errors
/// Non-square `a`; [`cuprum_core::Error::ShapeMismatch`] when `b`'s `M` differs;
/// [`cuprum_core::Error::Broadcast`] for incompatible batches; [`LinalgError::SingularMatrix`];
/// [`LinalgError::NonFinite`].
///
/// Algorithm: LU with partial pivoting (cuSOLVER `getrf` + `getrs`; faer on the CPU).
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![3.0f64, 1.0, 1.0, 2.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![9.0f64, 8.0], &[2], Device::Cpu).unwrap();
/// let x = cuprum_linalg::solve(&a, &b).unwrap().to_vec::<f64>().unwrap();
/// assert!((x[0] - 2.0).abs() < 1e-12 && (x[1] - 3.0).abs() < 1e-12);
/// ```
pub fn solve(a: &Array, b: &Array) -> Result<Array> {
    let op = "solve";
    let (abatch, n) = host::square_shape(op, a.shape())?;
    host::same_device(op, a, b)?;
    let vector = b.ndim() == 1;
    let (bbatch, bm, k) = if vector {
        (Vec::new(), b.shape()[0], 1)
    } else if b.ndim() == 0 {
        return Err(LinalgError::TooFewDims {
            op,
            ndim: 0,
            min: 1,
        });
    } else {
        host::matrix_shape(op, b.shape())?
    };
    if bm != n {
        return Err(host::shape_mismatch(op, a, b, None));
    }
    let batch = host::broadcast_batch(op, &abatch, &bbatch)?;
    let dt = host::compute_dtype2(op, a.dtype(), b.dtype())?;
    let mut out_shape = batch.clone();
    out_shape.push(n);
    if !vector {
        out_shape.push(k);
    }
    if let Some(r) = crate::cuda::solve(a, b, dt, &batch, vector) {
        return r;
    }
    with_field!(dt, T => {
        let sa = Stack::<T>::read(op, a, true)?;
        let bdata = host::read::<T>(b)?;
        host::check_finite(op, &bdata)?;
        let lus = factor_all(op, &sa)?;
        let count: usize = batch.iter().product();
        let mut out = cuprum_core::ext::try_vec_with_capacity(count.saturating_mul(n).saturating_mul(k))?;
        for i in 0..count {
            let ai = host::broadcast_index(&batch, &abatch, i);
            let bi = host::broadcast_index(&batch, &bbatch, i);
            let base = &bdata[bi * n * k..(bi + 1) * n * k];
            let mut x = Mat::from_fn(n, k, |p, q| base[p * k + q]);
            lus[ai].solve_in_place(x.as_mut());
            for p in 0..n {
                for q in 0..k {
                    out.push(x[(p, q)]);
                }
            }
        }
        host::write(out, &out_shape, a.device())
    })
}

/// Sign of a permutation given as a forward index array.
fn perm_sign(fwd: &[usize]) -> f64 {
    let mut seen = vec![false; fwd.len()];
    let mut sign = 1.0;
    for s in 0..fwd.len() {
        if seen[s] {
            continue;
        }
        let mut len = 0;
        let mut j = s;
        while !seen[j] {
            seen[j] = true;
            j = fwd[j];
            len += 1;
        }
        if len % 2 == 0 {
            sign = -sign;
        }
    }
    sign
}

/// `(sign, log|det|)` of one matrix, with sign 0 and `-inf` for a singular one.
fn slogdet_one<T: Field>(m: &Mat<T>) -> (Complex64, f64) {
    let n = m.nrows();
    if n == 0 {
        return (Complex64::new(1.0, 0.0), 0.0);
    }
    let lu = m.partial_piv_lu();
    if zero_pivot(lu.U()).is_some() {
        return (Complex64::new(0.0, 0.0), f64::NEG_INFINITY);
    }
    let mut sign = Complex64::new(perm_sign(lu.P().arrays().0), 0.0);
    let mut logdet = 0.0;
    for i in 0..n {
        let d = lu.U()[(i, i)].to_c();
        let r = d.norm();
        sign *= d / r;
        logdet += r.ln();
    }
    (sign, logdet)
}

/// The determinant of each square matrix, like `numpy.linalg.det`.
///
/// **Shapes**: `(..., M, M) -> (...)`; the determinant of a 0x0 matrix is 1.
///
/// # Errors
/// Non-square input; [`LinalgError::NonFinite`] for NaN/inf input. A singular matrix is not an
/// error (its determinant is 0).
///
/// Algorithm: product of the LU pivots times the permutation's sign (cuSOLVER `getrf` on CUDA,
/// faer on the CPU).
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let d = cuprum_linalg::det(&a).unwrap().to_vec::<f64>().unwrap();
/// assert!((d[0] + 2.0).abs() < 1e-12);
/// ```
pub fn det(a: &Array) -> Result<Array> {
    let op = "det";
    let (batch, _) = host::square_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    with_field!(dt, T => {
        let s = Stack::<T>::read(op, a, true)?;
        let out: Vec<T> = (0..s.count())
            .map(|i| {
                let m = s.mat(i);
                let n = m.nrows();
                if n == 0 {
                    return T::from_f(1.0);
                }
                let lu = m.partial_piv_lu();
                if zero_pivot(lu.U()).is_some() {
                    return T::from_f(0.0);
                }
                let mut d = T::from_f(perm_sign(lu.P().arrays().0));
                for i in 0..n {
                    d *= lu.U()[(i, i)];
                }
                d
            })
            .collect();
        host::write(out, &batch, a.device())
    })
}

/// The sign and natural logarithm of the absolute determinant, like `numpy.linalg.slogdet`.
///
/// **Shapes**: `(..., M, M) -> ((...), (...))`. `sign` has the input's (compute) dtype (a unit
/// complex number for complex input), `logabsdet` the real dtype. A singular matrix gives
/// sign 0 and `logabsdet = -inf`.
///
/// A matrix whose largest entry lies outside LAPACK's safe range (about 1e-139 to 1e138 in
/// float64) is scaled by a power of two `2^e` before the LU and `e·n·ln 2` taken off the log
/// after: `[[1e308, 1e308], [1e308, -1e308]]` gives `(-1, 1419.0856)`, the exact value, where
/// NumPy's unscaled LU overflows to `inf`.
///
/// # Errors
/// Non-square input; [`LinalgError::NonFinite`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let (s, l) = cuprum_linalg::slogdet(&a).unwrap();
/// assert_eq!(s.to_vec::<f64>().unwrap(), vec![-1.0]);
/// assert!((l.to_vec::<f64>().unwrap()[0] - 2f64.ln()).abs() < 1e-12);
/// ```
pub fn slogdet(a: &Array) -> Result<(Array, Array)> {
    let op = "slogdet";
    let (batch, _) = host::square_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    with_field!(dt, T => {
        let s = Stack::<T>::read(op, a, true)?;
        let mut signs = Vec::new();
        let mut logs = Vec::new();
        for i in 0..s.count() {
            // a matrix outside LAPACK's safe range is scaled by 2^e first (crate::scale):
            // det(2^e A) = 2^(e n) det(A), so its log is corrected by e n ln 2
            let m = s.mat(i);
            let (scaled, e) = crate::scale::scale_mat(&m);
            let (sg, l) = slogdet_one(scaled.as_ref().unwrap_or(&m));
            signs.push(T::from_c(sg));
            logs.push(l - f64::from(e) * m.nrows() as f64 * std::f64::consts::LN_2);
        }
        Ok((host::write(signs, &batch, a.device())?, T::real_array(&logs, &batch, a.device())?))
    })
}

/// Raises each square matrix to the integer power `n`, like `numpy.linalg.matrix_power`.
///
/// **Shapes**: `(..., M, M) -> (..., M, M)`. For `n >= 0` the dtype is kept (integer matrices
/// are multiplied exactly, with wrapping like NumPy's fixed-width integers; `n = 0` gives the
/// identity); for `n < 0` the inverse is raised to `-n` (float64 for integer input).
///
/// # Errors
/// Non-square input; for `n < 0` the errors of [`inv`]; float16/bfloat16 input. Bool
/// matrices are multiplied with `and`/`or`, as NumPy's `matmul` on bool.
///
/// Algorithm: binary exponentiation with matrix products.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1i64, 1, 1, 0], &[2, 2], Device::Cpu).unwrap();
/// let f = cuprum_linalg::matrix_power(&a, 5).unwrap().to_vec::<i64>().unwrap();
/// assert_eq!(f, vec![8, 5, 5, 3]);
/// ```
pub fn matrix_power(a: &Array, n: i64) -> Result<Array> {
    let op = "matrix_power";
    let (batch, m) = host::square_shape(op, a.shape())?;
    let base = if n < 0 { inv(a)? } else { a.clone() };
    let p = n.unsigned_abs();
    let dt = base.dtype();
    match dt {
        DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128 => {
            with_field!(dt, T => {
                let s = Stack::<T>::read(op, &base, false)?;
                let mats: Vec<Mat<T>> = (0..s.count())
                    .map(|i| power_by_squaring(s.mat(i), p, Mat::<T>::identity(m, m), |x, y| {
                        host::matmul(x.as_ref(), y.as_ref())
                    }))
                    .collect();
                host::write_mats(&batch, m, m, &mats, a.device())
            })
        }
        DType::Float16 | DType::BFloat16 => Err(host::compute_dtype(op, dt).unwrap_err()),
        DType::Bool => {
            let data = base.to_vec::<bool>()?;
            let out = int_power(
                &data,
                s_count(&batch),
                m,
                p,
                |x, y| x & y,
                |x, y| x | y,
                false,
                true,
            );
            host::write(out, a.shape(), a.device())
        }
        _ => {
            macro_rules! ints {
                ($($d:ident => $t:ty),*) => {
                    match dt {
                        $(DType::$d => {
                            let data = base.to_vec::<$t>()?;
                            let out = int_power(&data, s_count(&batch), m, p, |x: $t, y: $t| x.wrapping_mul(y), |x: $t, y: $t| x.wrapping_add(y), 0, 1);
                            host::write(out, a.shape(), a.device())
                        })*
                        _ => Err(host::compute_dtype(op, dt).unwrap_err()),
                    }
                };
            }
            ints!(Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64, UInt8 => u8, UInt16 => u16, UInt32 => u32, UInt64 => u64)
        }
    }
}

fn s_count(batch: &[usize]) -> usize {
    batch.iter().product()
}

fn power_by_squaring<M: Clone>(
    mut base: M,
    mut p: u64,
    identity: M,
    mul: impl Fn(&M, &M) -> M,
) -> M {
    let mut acc: Option<M> = None;
    if p == 0 {
        return identity;
    }
    while p > 0 {
        if p & 1 == 1 {
            acc = Some(match acc {
                None => base.clone(),
                Some(a) => mul(&a, &base),
            });
        }
        p >>= 1;
        if p > 0 {
            base = mul(&base, &base);
        }
    }
    acc.unwrap_or(identity)
}

#[allow(clippy::too_many_arguments)]
fn int_power<X: Copy>(
    data: &[X],
    count: usize,
    m: usize,
    p: u64,
    mul: impl Fn(X, X) -> X + Copy,
    add: impl Fn(X, X) -> X + Copy,
    zero: X,
    one: X,
) -> Vec<X> {
    let matmul = |x: &Vec<X>, y: &Vec<X>| {
        let mut out = vec![zero; m * m];
        for i in 0..m {
            for k in 0..m {
                let xik = x[i * m + k];
                for j in 0..m {
                    out[i * m + j] = add(out[i * m + j], mul(xik, y[k * m + j]));
                }
            }
        }
        out
    };
    let mut identity = vec![zero; m * m];
    for i in 0..m {
        identity[i * m + i] = one;
    }
    let mut out = Vec::with_capacity(count * m * m);
    for b in 0..count {
        let mat = data[b * m * m..(b + 1) * m * m].to_vec();
        out.extend(power_by_squaring(mat, p, identity.clone(), matmul));
    }
    out
}

/// LAPACK `getf2` on a C-order `m x n` matrix, in place: partial pivoting by `|re| + |im|`
/// (first maximum wins), multipliers stored below the diagonal, scaling skipped for a zero
/// pivot. Returns LAPACK's 0-based row interchanges `ipiv` (row `i` was swapped with row
/// `ipiv[i]`) and the first zero pivot, if any.
pub(crate) fn getf2<T: Field>(a: &mut [T], m: usize, n: usize) -> (Vec<usize>, Option<usize>) {
    let k = m.min(n);
    let mut ipiv = Vec::with_capacity(k);
    let mut first_zero = None;
    for j in 0..k {
        let mut p = j;
        let mut best = a[j * n + j].abs1_();
        for i in j + 1..m {
            let v = a[i * n + j].abs1_();
            if v > best {
                best = v;
                p = i;
            }
        }
        ipiv.push(p);
        if p != j {
            for c in 0..n {
                a.swap(j * n + c, p * n + c);
            }
        }
        let piv = a[j * n + j];
        if best == 0.0 {
            first_zero.get_or_insert(j);
            continue;
        }
        for i in j + 1..m {
            let l = a[i * n + j] / piv;
            a[i * n + j] = l;
            for c in j + 1..n {
                let u = a[j * n + c];
                a[i * n + c] -= l * u;
            }
        }
    }
    (ipiv, first_zero)
}

/// The row permutation of LAPACK interchanges: row `i` of `L U` is row `perm[i]` of `A`.
pub(crate) fn ipiv_to_perm(ipiv: &[usize], m: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..m).collect();
    for (i, &p) in ipiv.iter().enumerate() {
        perm.swap(i, p);
    }
    perm
}
