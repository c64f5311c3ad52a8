//! Host-side plumbing of the CPU path: the [`Field`] trait over the four linalg dtypes, dtype
//! dispatch, reading arrays into stacks of faer matrices and writing results back.

use crate::error::{LinalgError, Result};
use cuprum_core::{Array, Complex32, Complex64, DType, DTypeKind, Device, Element};
use faer::Mat;
use faer::traits::ComplexField;

/// The element types linalg computes in: `f32`, `f64`, `Complex32`, `Complex64`.
pub(crate) trait Field:
    ComplexField
    + Element
    + Copy
    + Send
    + Sync
    + 'static
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Neg<Output = Self>
    + std::ops::AddAssign
    + std::ops::SubAssign
    + std::ops::MulAssign
    + std::ops::DivAssign
{
    /// True for the complex types.
    const IS_COMPLEX: bool;
    /// Machine epsilon of the real type.
    const EPS: f64;
    /// The real dtype (float32 or float64).
    const REAL_DTYPE: DType;
    /// Widens to `Complex64`.
    fn to_c(self) -> Complex64;
    /// Narrows from `Complex64` (dropping the imaginary part for real types).
    fn from_c(c: Complex64) -> Self;
    /// A real value as `f64`.
    fn real_f64(r: &<Self as ComplexField>::Real) -> f64;
    /// Writes real `f64` values as the real element type's bytes.
    fn real_array(v: &[f64], shape: &[usize], device: Device) -> Result<Array>;
    /// From a real number.
    fn from_f(x: f64) -> Self {
        Self::from_c(Complex64::new(x, 0.0))
    }
    /// The complex conjugate (identity for real types).
    fn conj_(self) -> Self {
        let c = self.to_c();
        Self::from_c(c.conj())
    }
    /// `|re| + |im|` (LAPACK's `cabs1`, used for pivoting).
    fn abs1_(self) -> f64 {
        let c = self.to_c();
        c.re.abs() + c.im.abs()
    }
    /// `|x|` as `f64`.
    fn abs_f(self) -> f64 {
        self.to_c().norm()
    }
}

macro_rules! impl_field {
    ($t:ty, $complex:expr, $eps:expr, $rd:ident, $r:ty, |$c:ident| $from:expr, |$s:ident| $to:expr) => {
        impl Field for $t {
            const IS_COMPLEX: bool = $complex;
            const EPS: f64 = $eps;
            const REAL_DTYPE: DType = DType::$rd;
            fn to_c(self) -> Complex64 {
                let $s = self;
                $to
            }
            fn from_c($c: Complex64) -> Self {
                $from
            }
            fn real_f64(r: &<Self as ComplexField>::Real) -> f64 {
                *r as f64
            }
            fn real_array(v: &[f64], shape: &[usize], device: Device) -> Result<Array> {
                let data: Vec<$r> = v.iter().map(|&x| x as $r).collect();
                Ok(Array::from_vec_on(data, shape, device)?)
            }
        }
    };
}

impl_field!(
    f32,
    false,
    f32::EPSILON as f64,
    Float32,
    f32,
    |c| c.re as f32,
    |s| Complex64::new(s as f64, 0.0)
);
impl_field!(f64, false, f64::EPSILON, Float64, f64, |c| c.re, |s| {
    Complex64::new(s, 0.0)
});
impl_field!(
    Complex32,
    true,
    f32::EPSILON as f64,
    Float32,
    f32,
    |c| Complex32::new(c.re as f32, c.im as f32),
    |s| Complex64::new(s.re as f64, s.im as f64)
);
impl_field!(Complex64, true, f64::EPSILON, Float64, f64, |c| c, |s| s);

/// Runs `$body` with the type alias `$T` bound to the Rust type of the linalg dtype `$dt`
/// (which must be one of float32, float64, complex64, complex128: see [`compute_dtype`]).
macro_rules! with_field {
    ($dt:expr, $T:ident => $body:expr) => {
        match $dt {
            cuprum_core::DType::Float32 => {
                type $T = f32;
                $body
            }
            cuprum_core::DType::Complex64 => {
                type $T = cuprum_core::Complex32;
                $body
            }
            cuprum_core::DType::Complex128 => {
                type $T = cuprum_core::Complex64;
                $body
            }
            _ => {
                type $T = f64;
                $body
            }
        }
    };
}
pub(crate) use with_field;

/// The dtype linalg computes in for an input dtype, as NumPy: bool and integers become
/// float64; float32/float64/complex64/complex128 stay; float16/bfloat16 are rejected (NumPy:
/// "array type float16 is unsupported in linalg").
pub(crate) fn compute_dtype(op: &'static str, dt: DType) -> Result<DType> {
    match dt.kind() {
        DTypeKind::Bool | DTypeKind::Int | DTypeKind::UInt => Ok(DType::Float64),
        _ => match dt {
            DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128 => Ok(dt),
            _ => Err(cuprum_core::Error::DType {
                op,
                dtype: dt,
                detail: ": linalg supports float32, float64, complex64 and complex128 \
                         (integers are promoted to float64)"
                    .into(),
            }
            .into()),
        },
    }
}

/// The common compute dtype of two inputs (NumPy promotion, then [`compute_dtype`]).
pub(crate) fn compute_dtype2(op: &'static str, a: DType, b: DType) -> Result<DType> {
    let a = compute_dtype(op, a)?;
    let b = compute_dtype(op, b)?;
    compute_dtype(op, DType::promote(a, b))
}

/// Decodes native-endian bytes of `dtype` into `Complex64` values.
fn decode(dtype: DType, b: &[u8]) -> Vec<Complex64> {
    let isz = dtype.itemsize();
    macro_rules! rd {
        ($t:ty, $chunk:expr) => {
            <$t>::from_ne_bytes($chunk.try_into().expect("chunk size is the item size"))
        };
    }
    b.chunks_exact(isz)
        .map(|c| match dtype {
            DType::Bool => Complex64::new(f64::from(u8::from(c[0] != 0)), 0.0),
            DType::Int8 => Complex64::new(f64::from(rd!(i8, c)), 0.0),
            DType::Int16 => Complex64::new(f64::from(rd!(i16, c)), 0.0),
            DType::Int32 => Complex64::new(f64::from(rd!(i32, c)), 0.0),
            DType::Int64 => Complex64::new(rd!(i64, c) as f64, 0.0),
            DType::UInt8 => Complex64::new(f64::from(c[0]), 0.0),
            DType::UInt16 => Complex64::new(f64::from(rd!(u16, c)), 0.0),
            DType::UInt32 => Complex64::new(f64::from(rd!(u32, c)), 0.0),
            DType::UInt64 => Complex64::new(rd!(u64, c) as f64, 0.0),
            DType::Float16 => {
                Complex64::new(cuprum_core::f16::from_bits(rd!(u16, c)).to_f64(), 0.0)
            }
            DType::BFloat16 => {
                Complex64::new(cuprum_core::bf16::from_bits(rd!(u16, c)).to_f64(), 0.0)
            }
            DType::Float32 => Complex64::new(f64::from(rd!(f32, c)), 0.0),
            DType::Float64 => Complex64::new(rd!(f64, c), 0.0),
            DType::Complex64 => {
                Complex64::new(f64::from(rd!(f32, &c[..4])), f64::from(rd!(f32, &c[4..])))
            }
            DType::Complex128 => Complex64::new(rd!(f64, &c[..8]), rd!(f64, &c[8..])),
            _ => Complex64::new(f64::NAN, f64::NAN),
        })
        .collect()
}

/// The elements of `a` in C order, converted to `T` (synchronizes with the device).
pub(crate) fn read<T: Field>(a: &Array) -> Result<Vec<T>> {
    if a.dtype() == T::DTYPE {
        return Ok(a.to_vec::<T>()?);
    }
    let bytes = a.to_bytes()?;
    Ok(decode(a.dtype(), &bytes)
        .into_iter()
        .map(T::from_c)
        .collect())
}

/// Reports the first NaN or infinite element of `data`.
pub(crate) fn check_finite<T: Field>(op: &'static str, data: &[T]) -> Result<()> {
    match data.iter().position(|x| {
        let c = x.to_c();
        !(c.re.is_finite() && c.im.is_finite())
    }) {
        Some(index) => Err(LinalgError::NonFinite { op, index }),
        None => Ok(()),
    }
}

/// Checks `ndim >= 2` and that the last two axes are equal; returns `(batch shape, n)`.
pub(crate) fn square_shape(op: &'static str, shape: &[usize]) -> Result<(Vec<usize>, usize)> {
    let (batch, rows, cols) = matrix_shape(op, shape)?;
    if rows != cols {
        return Err(LinalgError::NotSquare {
            op,
            shape: shape.to_vec(),
        });
    }
    Ok((batch, cols))
}

/// Checks `ndim >= 2`; returns `(batch shape, rows, cols)`.
pub(crate) fn matrix_shape(
    op: &'static str,
    shape: &[usize],
) -> Result<(Vec<usize>, usize, usize)> {
    let nd = shape.len();
    if nd < 2 {
        return Err(LinalgError::TooFewDims {
            op,
            ndim: nd,
            min: 2,
        });
    }
    Ok((shape[..nd - 2].to_vec(), shape[nd - 2], shape[nd - 1]))
}

/// A stack of `count` matrices of `rows x cols` held in C order on the host.
pub(crate) struct Stack<T> {
    pub data: Vec<T>,
    pub batch: Vec<usize>,
    pub rows: usize,
    pub cols: usize,
}

impl<T: Field> Stack<T> {
    /// Reads `a` (ndim >= 2) as a stack of matrices, converting to `T`; rejects NaN/inf when
    /// `finite` is set.
    pub(crate) fn read(op: &'static str, a: &Array, finite: bool) -> Result<Stack<T>> {
        let (batch, rows, cols) = matrix_shape(op, a.shape())?;
        let data = read::<T>(a)?;
        if finite {
            check_finite(op, &data)?;
        }
        Ok(Stack {
            data,
            batch,
            rows,
            cols,
        })
    }
    /// Number of matrices.
    pub(crate) fn count(&self) -> usize {
        self.batch.iter().product()
    }
    /// Matrix `i` as a faer matrix.
    pub(crate) fn mat(&self, i: usize) -> Mat<T> {
        let (r, c) = (self.rows, self.cols);
        let base = &self.data[i * r * c..(i + 1) * r * c];
        Mat::from_fn(r, c, |p, q| base[p * c + q])
    }
}

/// Collects matrices (all of the same shape) into one C-order array of shape
/// `batch + [rows, cols]` on `device`.
/// Runs the faer computation `f`, whose buffers take about `bytes` bytes of host memory:
/// refused first when the machine can never hold them, and a panic of faer's allocation
/// (faer unwraps its `AllocError`, and `Vec` panics with "capacity overflow") is turned into
/// [`cuprum_core::Error::OutOfMemory`] naming `bytes`; any other panic goes on unwinding.
///
/// # Errors
/// [`cuprum_core::Error::OutOfMemory`].
pub(crate) fn faer_call<R>(bytes: usize, f: impl FnOnce() -> R) -> Result<R> {
    cuprum_core::ext::check_host_bytes(bytes)?;
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if msg.contains("AllocError") || msg.contains("capacity overflow") || msg.contains("alloc")
        {
            cuprum_core::Error::host_out_of_memory(bytes).into()
        } else {
            std::panic::resume_unwind(p)
        }
    })
}

pub(crate) fn write_mats<T: Field>(
    batch: &[usize],
    rows: usize,
    cols: usize,
    mats: &[Mat<T>],
    device: Device,
) -> Result<Array> {
    let mut data = cuprum_core::ext::try_vec_with_capacity(mats.len() * rows * cols)?;
    for m in mats {
        for p in 0..rows {
            for q in 0..cols {
                data.push(m[(p, q)]);
            }
        }
    }
    let mut shape = batch.to_vec();
    shape.extend([rows, cols]);
    Ok(Array::from_vec_on(data, &shape, device)?)
}

/// A C-order array of `shape` from `data` on `device`.
pub(crate) fn write<T: Element>(data: Vec<T>, shape: &[usize], device: Device) -> Result<Array> {
    Ok(Array::from_vec_on(data, shape, device)?)
}

/// `a @ b` of two faer matrices.
pub(crate) fn matmul<T: Field>(a: faer::MatRef<'_, T>, b: faer::MatRef<'_, T>) -> Mat<T> {
    let mut out = Mat::<T>::zeros(a.nrows(), b.ncols());
    faer::linalg::matmul::matmul(
        out.as_mut(),
        faer::Accum::Replace,
        a,
        b,
        T::from_f(1.0),
        faer::get_global_parallelism(),
    );
    out
}

/// Broadcasts two batch shapes (NumPy rules).
pub(crate) fn broadcast_batch(op: &'static str, a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let x = if i + a.len() >= n {
            a[i + a.len() - n]
        } else {
            1
        };
        let y = if i + b.len() >= n {
            b[i + b.len() - n]
        } else {
            1
        };
        out[i] = if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return Err(cuprum_core::Error::Broadcast {
                op,
                lhs: a.to_vec(),
                rhs: b.to_vec(),
            }
            .into());
        };
    }
    Ok(out)
}

/// The flat index into a stack of batch shape `src` for flat index `i` of the broadcast batch
/// shape `dst` (size-1 axes of `src` repeat).
pub(crate) fn broadcast_index(dst: &[usize], src: &[usize], mut i: usize) -> usize {
    let mut idx = 0;
    let mut stride = 1;
    for k in (0..dst.len()).rev() {
        let coord = i % dst[k];
        i /= dst[k];
        let sk = k as isize - (dst.len() as isize - src.len() as isize);
        if sk >= 0 {
            let s = src[sk as usize];
            if s != 1 {
                idx += coord * stride;
            }
            stride *= s;
        }
    }
    idx
}

/// Builds the full Hermitian matrix that LAPACK sees when it reads only one triangle of `m`
/// (the imaginary parts of the diagonal are ignored).
pub(crate) fn hermitian_from<T: Field>(m: &Mat<T>, lower: bool) -> Mat<T> {
    let n = m.nrows();
    Mat::from_fn(n, n, |i, j| {
        if i == j {
            T::from_f(m[(i, i)].to_c().re)
        } else if (i > j) == lower {
            m[(i, j)]
        } else {
            m[(j, i)].conj_()
        }
    })
}

/// Writes complex values (given as `Complex64`) as complex64 or complex128 depending on the
/// real dtype `real`.
pub(crate) fn write_complex(
    v: Vec<Complex64>,
    shape: &[usize],
    real: DType,
    device: Device,
) -> Result<Array> {
    if real == DType::Float32 {
        let d: Vec<Complex32> = v
            .iter()
            .map(|c| Complex32::new(c.re as f32, c.im as f32))
            .collect();
        write(d, shape, device)
    } else {
        write(v, shape, device)
    }
}

/// The core shape-mismatch error of `op` for the operands `a` and `b`.
pub(crate) fn shape_mismatch(
    op: &'static str,
    a: &Array,
    b: &Array,
    detail: Option<String>,
) -> LinalgError {
    cuprum_core::Error::ShapeMismatch {
        op,
        lhs: a.shape().to_vec(),
        rhs: b.shape().to_vec(),
        detail,
    }
    .into()
}

/// Rejects arrays on two different devices.
pub(crate) fn same_device(op: &'static str, a: &Array, b: &Array) -> Result<()> {
    if a.device() != b.device() {
        return Err(cuprum_core::Error::DeviceMismatch {
            op,
            lhs: a.device(),
            rhs: b.device(),
        }
        .into());
    }
    Ok(())
}

/// Reads every element of `a` as `Complex64` (any dtype).
pub(crate) fn read_c64(a: &Array) -> Result<Vec<Complex64>> {
    Ok(decode(a.dtype(), &a.to_bytes()?))
}

/// The conjugate transpose of a matrix, owned.
pub(crate) fn adjoint<T: Field>(m: &Mat<T>) -> Mat<T> {
    Mat::from_fn(m.ncols(), m.nrows(), |p, q| m[(q, p)].conj_())
}
