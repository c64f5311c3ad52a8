//! More of `scipy.linalg`'s special matrices (`cupyx.scipy.linalg`): [`khatri_rao`],
//! [`bandwidth`], [`companion`], [`convolution_matrix`], [`dft`], [`fiedler`],
//! [`fiedler_companion`], [`hadamard`], [`helmert`], [`hilbert`], [`leslie`].
//!
//! Those built from arrays compose core operations on the input's device; those built from a
//! size alone (`dft`, `hadamard`, `helmert`, `hilbert`) are computed on the host and placed on
//! the current device.

use crate::error::Result;
use cuprum_core::{Array, Complex64, ConvolveMode, DType, s};

fn one_d(op: &'static str, a: &Array) -> Result<Array> {
    match a.ndim() {
        0 => Ok(a.reshape([1usize])?),
        1 => Ok(a.clone()),
        _ => Err(cuprum_core::Error::bad_shape(op, "a", a.shape(), "a 1-D array").into()),
    }
}

/// The Khatri-Rao product (column-wise Kronecker product), like
/// `scipy.linalg.khatri_rao(a, b)`: column `k` of the result is `kron(a[:, k], b[:, k])`.
///
/// **Shapes:** `a` is `(n, k)`, `b` is `(m, k)`; the result is `(n * m, k)` of their promoted
/// dtype.
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) when either is not 2-D or the column
/// counts differ; device mismatch.
///
/// **Algorithm:** one broadcast multiply `a[:, None, :] * b[None, :, :]` on the device.
///
/// ```
/// use cuprum_core::Array;
/// let a = Array::from_vec(vec![1i64, 2, 3, 4, 5, 6], [2, 3]).unwrap();
/// let b = Array::from_vec(vec![3i64, 4, 5, 6, 7, 8], [2, 3]).unwrap();
/// let r = cuprum_linalg::scipy::khatri_rao(&a, &b).unwrap();
/// assert_eq!(r.shape(), &[4, 3]);
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![3, 8, 15, 6, 14, 24, 12, 20, 30, 24, 35, 48]);
/// ```
pub fn khatri_rao(a: &Array, b: &Array) -> Result<Array> {
    const OP: &str = "khatri_rao";
    if a.ndim() != 2 || b.ndim() != 2 {
        return Err(if a.ndim() != 2 {
            cuprum_core::Error::bad_shape(OP, "a", a.shape(), "a 2-D array")
        } else {
            cuprum_core::Error::bad_shape(OP, "b", b.shape(), "a 2-D array")
        }
        .into());
    }
    let (n, k) = (a.shape()[0], a.shape()[1]);
    let m = b.shape()[0];
    if b.shape()[1] != k {
        return Err(cuprum_core::Error::ShapeMismatch {
            op: OP,
            lhs: a.shape().to_vec(),
            rhs: b.shape().to_vec(),
            detail: Some(format!(
                "the number of columns of both arrays should be equal ({k} and {})",
                b.shape()[1]
            )),
        }
        .into());
    }
    let c = cuprum_core::multiply(&a.reshape([n, 1, k])?, &b.reshape([1, m, k])?)?;
    Ok(c.reshape([n * m, k])?)
}

/// The lower and upper bandwidth of a 2-D array, like `scipy.linalg.bandwidth(a)`: the
/// largest `i - j` and `j - i` of its nonzero elements (0 when there is none).
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) for an array that is not 2-D.
///
/// **Algorithm:** `nonzero` on the device, the extremes on the host.
///
/// ```
/// use cuprum_core::Array;
/// let a = Array::from_vec(vec![1.0f64, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0, 0.0, 5.0], [3, 3]).unwrap();
/// assert_eq!(cuprum_linalg::scipy::bandwidth(&a).unwrap(), (2, 1));
/// ```
pub fn bandwidth(a: &Array) -> Result<(usize, usize)> {
    if a.ndim() != 2 {
        return Err(
            cuprum_core::Error::bad_shape("bandwidth", "a", a.shape(), "a 2-D array").into(),
        );
    }
    let nz = cuprum_core::nonzero(a)?;
    let rows = nz[0].to_vec::<i64>()?;
    let cols = nz[1].to_vec::<i64>()?;
    let (mut lo, mut up) = (0i64, 0i64);
    for (r, c) in rows.iter().zip(&cols) {
        lo = lo.max(r - c);
        up = up.max(c - r);
    }
    Ok((lo as usize, up as usize))
}

/// The companion matrix of the polynomial with coefficients `a` (highest power first), like
/// `scipy.linalg.companion(a)`: first row `-a[1:] / a[0]`, ones on the first subdiagonal.
///
/// **Shapes/dtypes:** `a` of length `n >= 2` gives `(n - 1, n - 1)`; the dtype of
/// `-a[1:] / (1.0 * a[0])` (integers give float64, float32 stays float32).
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) for fewer than 2 coefficients, a zero
/// leading coefficient or an array that is not 1-D.
///
/// ```
/// use cuprum_core::Array;
/// let a = Array::from_vec(vec![1i64, -10, 31, -30], [4]).unwrap();
/// let c = cuprum_linalg::scipy::companion(&a).unwrap();
/// assert_eq!(c.to_vec::<f64>().unwrap(), vec![10.0, -31.0, 30.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
/// ```
pub fn companion(a: &Array) -> Result<Array> {
    const OP: &str = "companion";
    let a = one_d(OP, a)?;
    let n = a.size();
    if n < 2 {
        return Err(cuprum_core::Error::bad_shape(OP, "a", &[n], "at least 2 coefficients").into());
    }
    let lead = a.slice(s![0..1])?;
    if cuprum_core::equal(&lead, 0i64)?.item()? == cuprum_core::Scalar::Bool(true) {
        return Err(cuprum_core::Error::bad_argument(
            OP,
            "a",
            "a first coefficient of 0",
            "a nonzero first coefficient",
        )
        .into());
    }
    let first = cuprum_core::divide(
        &cuprum_core::negative(&a.slice(s![1..])?).or_else(|_| {
            // bool has no negative in NumPy either; other dtypes always do.
            cuprum_core::negative(&a.slice(s![1..])?.astype(DType::Float64)?)
        })?,
        &cuprum_core::multiply(&lead, 1.0)?,
    )?;
    let dt = first.dtype();
    let below = cuprum_core::eye_on(n - 2, Some(n - 1), 0, dt, a.device())?;
    Ok(cuprum_core::concatenate(
        &[&first.reshape([1, n - 1])?, &below],
        0,
    )?)
}

/// The matrix whose product with a vector of length `n` is the convolution with `a`, like
/// `scipy.linalg.convolution_matrix(a, n, mode)`: `A @ v == convolve(a, v, mode)`.
///
/// **Shapes:** `a` of length `m`: `(m + n - 1, n)` for `Full`, `(max(m, n), n)` for `Same`,
/// `(max(m, n) - min(m, n) + 1, n)` for `Valid`; `a`'s dtype.
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) for `n == 0`, an empty `a` or an `a`
/// that is not 1-D.
///
/// **Algorithm:** SciPy's: a Toeplitz matrix of zero-padded `a`.
///
/// ```
/// use cuprum_core::{Array, ConvolveMode};
/// let a = Array::from_vec(vec![-1i64, 4, -2], [3]).unwrap();
/// let c = cuprum_linalg::scipy::convolution_matrix(&a, 3, ConvolveMode::Valid).unwrap();
/// assert_eq!(c.to_vec::<i64>().unwrap(), vec![-2, 4, -1]);
/// ```
pub fn convolution_matrix(a: &Array, n: usize, mode: ConvolveMode) -> Result<Array> {
    const OP: &str = "convolution_matrix";
    if n == 0 {
        return Err(cuprum_core::Error::bad_argument(OP, "n", n, "a positive integer").into());
    }
    let a = one_d(OP, a)?;
    let m = a.size();
    if m == 0 {
        return Err(cuprum_core::Error::bad_shape(OP, "a", &[m], "at least 1 element").into());
    }
    let zeros = cuprum_core::zeros_on([n - 1], a.dtype(), a.device())?;
    let az = cuprum_core::concatenate(&[&a, &zeros], 0)?;
    let raz = cuprum_core::concatenate(&[&cuprum_core::flip(&a, None)?, &zeros], 0)?;
    let len = m + n - 1;
    let (col0, row0) = match mode {
        ConvolveMode::Full => (az, raz.slice(s![(len - n) as isize..])?),
        ConvolveMode::Same | ConvolveMode::Valid => {
            let (tb, te) = if mode == ConvolveMode::Same {
                let trim = n.min(m) - 1;
                (trim / 2, trim - trim / 2)
            } else {
                let tb = n.min(m) - 1;
                (tb, tb)
            };
            let col0 = az.slice(s![tb as isize..(len - te) as isize])?;
            let row0 = raz.slice(s![(len - n - tb) as isize..(len - tb) as isize])?;
            (col0, row0)
        }
    };
    crate::scipy::toeplitz(&col0, Some(&row0))
}

/// How [`dft`] scales its matrix (SciPy's `scale=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DftScale {
    /// No scaling (`None`).
    None,
    /// Divided by `sqrt(n)` (`'sqrtn'`: unitary).
    SqrtN,
    /// Divided by `n` (`'n'`).
    N,
}

/// The discrete Fourier transform matrix, like `scipy.linalg.dft(n, scale)`:
/// `m[j, k] = exp(-2πi jk / n)` (so `m @ x == fft(x)`), scaled.
///
/// **Shapes/dtypes:** `(n, n)` complex128 on the current device.
///
/// # Errors
/// Allocation and device errors; [`cuprum_core::Error::TooBig`] through the allocation.
///
/// ```
/// use cuprum_core::Complex64;
/// use cuprum_linalg::scipy::{DftScale, dft};
/// let m = dft(2, DftScale::None).unwrap().to_vec::<Complex64>().unwrap();
/// // exp(-iπ) = -1 up to the rounding of sin(π) (SciPy gives the same -1-1.2e-16j)
/// assert!((m[3] - Complex64::new(-1.0, 0.0)).norm() < 1e-15);
/// ```
pub fn dft(n: usize, scale: DftScale) -> Result<Array> {
    let f = match scale {
        DftScale::None => 1.0,
        DftScale::SqrtN => 1.0 / (n as f64).sqrt(),
        DftScale::N => 1.0 / n as f64,
    };
    cuprum_core::ext::layout::checked_size("dft", &[n, n], 16)?;
    let data: Vec<Complex64> = (0..n * n)
        .map(|k| {
            // jk mod n keeps the angle exact for large n, as SciPy's `omega ** (j * k)` does not
            // need.
            let jk = ((k / n) as u128 * (k % n) as u128 % n as u128) as f64;
            let ang = -2.0 * std::f64::consts::PI * jk / n as f64;
            Complex64::new(ang.cos() * f, ang.sin() * f)
        })
        .collect();
    Ok(Array::from_vec_on(
        data,
        [n, n],
        cuprum_core::current_device(),
    )?)
}

/// The symmetric Fiedler matrix `|a[i] - a[j]|`, like `scipy.linalg.fiedler(a)`.
///
/// **Shapes/dtypes:** `a` of length `n` gives `(n, n)` of `a`'s dtype (an empty `a` gives an
/// empty float64 `(0, 0)`).
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) for an `a` that is not 1-D.
///
/// ```
/// use cuprum_core::Array;
/// let a = Array::from_vec(vec![1i64, 4, 12], [3]).unwrap();
/// let f = cuprum_linalg::scipy::fiedler(&a).unwrap();
/// assert_eq!(f.to_vec::<i64>().unwrap(), vec![0, 3, 11, 3, 0, 8, 11, 8, 0]);
/// ```
pub fn fiedler(a: &Array) -> Result<Array> {
    let a = one_d("fiedler", a)?;
    let n = a.size();
    if n == 0 {
        return Ok(cuprum_core::zeros_on([0, 0], DType::Float64, a.device())?);
    }
    let d = cuprum_core::subtract(&a.reshape([n, 1])?, &a.reshape([1, n])?)?;
    Ok(cuprum_core::abs(&d)?)
}

/// The Fiedler companion matrix of the polynomial `a` (highest power first), like
/// `scipy.linalg.fiedler_companion(a)`: a pentadiagonal matrix with the roots of `a` as
/// eigenvalues.
///
/// **Shapes/dtypes:** `(n - 1, n - 1)` for `n >= 2` coefficients, the dtype of `a / a[0]`.
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) for a zero leading coefficient (with
/// more than two coefficients), fewer than two coefficients, or an `a` that is not 1-D.
///
/// **Algorithm:** `a / a[0]` on the device, the matrix filled on the host.
///
/// ```
/// use cuprum_core::Array;
/// let a = Array::from_vec(vec![1.0f64, -0.25, -3.5, 1.0], [4]).unwrap();
/// let f = cuprum_linalg::scipy::fiedler_companion(&a).unwrap();
/// assert_eq!(f.to_vec::<f64>().unwrap(), vec![0.25, 3.5, 1.0, 1.0, 0.0, 0.0, 0.0, -1.0, 0.0]);
/// ```
pub fn fiedler_companion(a: &Array) -> Result<Array> {
    const OP: &str = "fiedler_companion";
    let a = one_d(OP, a)?;
    let n1 = a.size();
    if n1 < 2 {
        return Err(
            cuprum_core::Error::bad_shape(OP, "a", &[n1], "at least 2 coefficients").into(),
        );
    }
    let lead = a.slice(s![0..1])?;
    if n1 > 2 && cuprum_core::equal(&lead, 0i64)?.item()? == cuprum_core::Scalar::Bool(true) {
        return Err(cuprum_core::Error::bad_argument(
            OP,
            "a",
            "a leading coefficient of 0",
            "a nonzero leading coefficient",
        )
        .into());
    }
    let an = cuprum_core::divide(&a, &lead)?;
    let dt = an.dtype();
    let v: Vec<Complex64> = an.astype(DType::Complex128)?.to_vec::<Complex64>()?;
    let n = n1 - 1;
    let zero = Complex64::new(0.0, 0.0);
    let one = Complex64::new(1.0, 0.0);
    let mut c = cuprum_core::ext::try_vec_filled(
        cuprum_core::ext::layout::checked_size("fiedler_companion", &[n, n], 16)?,
        zero,
    )?;
    if n == 1 {
        c[0] = -v[1];
    } else {
        let mut set = |i: usize, j: usize, x: Complex64| c[i * n + j] = x;
        for (i, j) in (3..n).step_by(2).zip((1..n.saturating_sub(2)).step_by(2)) {
            set(i, j, one);
        }
        for ((i, j), k) in (2..n)
            .step_by(2)
            .zip((1..n - 1).step_by(2))
            .zip((3..n1).step_by(2))
        {
            set(i, j, -v[k]);
        }
        for (i, j) in (0..n.saturating_sub(2)).step_by(2).zip((2..n).step_by(2)) {
            set(i, j, one);
        }
        for ((i, j), k) in (0..n - 1)
            .step_by(2)
            .zip((1..n).step_by(2))
            .zip((2..n1).step_by(2))
        {
            set(i, j, -v[k]);
        }
        set(0, 0, -v[1]);
        set(1, 0, one);
    }
    let m = Array::from_vec_on(c, [n, n], a.device())?;
    if dt.is_complex() {
        Ok(m.astype(dt)?)
    } else {
        Ok(cuprum_core::real(&m)?.astype(dt)?)
    }
}

/// A Hadamard matrix of order `n` (Sylvester's construction), like
/// `scipy.linalg.hadamard(n, dtype)`: entries ±1, `H @ H.T == n * I`.
///
/// **Shapes/dtypes:** `(n, n)` of `dtype` (SciPy's default is int64) on the current device.
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) when `n` is not a power of 2.
///
/// ```
/// use cuprum_core::DType;
/// let h = cuprum_linalg::scipy::hadamard(2, DType::Int64).unwrap();
/// assert_eq!(h.to_vec::<i64>().unwrap(), vec![1, 1, 1, -1]);
/// ```
pub fn hadamard(n: usize, dtype: DType) -> Result<Array> {
    if !n.is_power_of_two() {
        return Err(
            cuprum_core::Error::bad_argument("hadamard", "n", n, "a positive power of 2").into(),
        );
    }
    cuprum_core::ext::layout::checked_size("hadamard", &[n, n], 8)?;
    // H[i, j] = (-1)^popcount(i & j)
    let data: Vec<i64> = (0..n * n)
        .map(|k| {
            if ((k / n) & (k % n)).count_ones().is_multiple_of(2) {
                1
            } else {
                -1
            }
        })
        .collect();
    Ok(Array::from_vec_on(data, [n, n], cuprum_core::current_device())?.astype(dtype)?)
}

/// The Helmert matrix of order `n`, like `scipy.linalg.helmert(n, full)`: orthogonal rows,
/// the first (dropped unless `full`) constant.
///
/// **Shapes/dtypes:** `(n, n)` when `full`, else `(n - 1, n)`; float64 on the current device.
///
/// # Errors
/// Allocation errors.
///
/// ```
/// let h = cuprum_linalg::scipy::helmert(2, true).unwrap().to_vec::<f64>().unwrap();
/// let r = std::f64::consts::FRAC_1_SQRT_2;
/// assert!((h[0] - r).abs() < 1e-15 && (h[3] + r).abs() < 1e-15);
/// ```
pub fn helmert(n: usize, full: bool) -> Result<Array> {
    cuprum_core::ext::layout::checked_size("helmert", &[n, n], 8)?;
    let mut data = cuprum_core::ext::try_vec_filled(n * n, 0.0f64)?;
    for i in 0..n {
        let d = if i == 0 {
            n as f64
        } else {
            (i * (i + 1)) as f64
        };
        let s = d.sqrt();
        for j in 0..n {
            let h = if i == 0 || j < i {
                1.0
            } else if j == i {
                -(i as f64)
            } else {
                0.0
            };
            data[i * n + j] = h / s;
        }
    }
    let m = Array::from_vec_on(data, [n, n], cuprum_core::current_device())?;
    if full || n == 0 {
        Ok(m)
    } else {
        Ok(m.slice(s![1..])?.copy()?)
    }
}

/// The Hilbert matrix `1 / (i + j + 1)` of order `n`, like `scipy.linalg.hilbert(n)`.
///
/// **Shapes/dtypes:** `(n, n)` float64 on the current device.
///
/// # Errors
/// Allocation errors.
///
/// ```
/// let h = cuprum_linalg::scipy::hilbert(2).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(h, vec![1.0, 0.5, 0.5, 1.0 / 3.0]);
/// ```
pub fn hilbert(n: usize) -> Result<Array> {
    cuprum_core::ext::layout::checked_size("hilbert", &[n, n], 8)?;
    let data: Vec<f64> = (0..n * n)
        .map(|k| 1.0 / ((k / n + k % n) as f64 + 1.0))
        .collect();
    Ok(Array::from_vec_on(
        data,
        [n, n],
        cuprum_core::current_device(),
    )?)
}

/// The Leslie matrix of fecundities `f` and survival rates `s`, like
/// `scipy.linalg.leslie(f, s)`: first row `f`, `s` on the first subdiagonal.
///
/// **Shapes/dtypes:** `f` of length `n`, `s` of length `n - 1`; `(n, n)` of the promoted dtype.
///
/// # Errors
/// [`LinalgError::Core`](crate::LinalgError::Core) (`BadShape`, `BadArgument` or `ShapeMismatch`) when `s` is empty or not one shorter
/// than `f`, or either is not 1-D; device mismatch.
///
/// ```
/// use cuprum_core::Array;
/// let f = Array::from_vec(vec![0.1f64, 2.0, 1.0, 0.1], [4]).unwrap();
/// let s = Array::from_vec(vec![0.2f64, 0.8, 0.7], [3]).unwrap();
/// let l = cuprum_linalg::scipy::leslie(&f, &s).unwrap();
/// assert_eq!(l.to_vec::<f64>().unwrap()[4..8], [0.2, 0.0, 0.0, 0.0]);
/// ```
pub fn leslie(f: &Array, s_: &Array) -> Result<Array> {
    const OP: &str = "leslie";
    let f = one_d(OP, f)?;
    let sv = one_d(OP, s_)?;
    if f.size() != sv.size() + 1 {
        return Err(cuprum_core::Error::ShapeMismatch {
            op: OP,
            lhs: f.shape().to_vec(),
            rhs: sv.shape().to_vec(),
            detail: Some("the length of s must be one less than the length of f".into()),
        }
        .into());
    }
    if sv.size() == 0 {
        return Err(
            cuprum_core::Error::bad_shape(OP, "s", sv.shape(), "at least 1 element").into(),
        );
    }
    crate::host::same_device(OP, &f, &sv)?;
    let n = f.size();
    let dt = DType::promote(f.dtype(), sv.dtype());
    let below = cuprum_core::diag(&sv.astype(dt)?, 0)?;
    let pad = cuprum_core::zeros_on([n - 1, 1], dt, f.device())?;
    let below = cuprum_core::concatenate(&[&below, &pad], 1)?;
    Ok(cuprum_core::concatenate(
        &[&f.astype(dt)?.reshape([1, n])?, &below],
        0,
    )?)
}
