//! NumPy's other names for core's functions (NumPy 2's array-API aliases `asin`, `pow`,
//! `concat`, `bitwise_left_shift`, ..., and the older `true_divide`, `mod`, `degrees`, ...) and
//! small routines with NumPy's names built from core's ufuncs, reductions and sorts (so each
//! runs on every device): `fabs`, `rsqrt` (cupyx), `bitwise_count`, `iscomplexobj`,
//! `isrealobj`, `isfortran`, `shares_memory`, `may_share_memory`, `unique_values`,
//! `unique_counts`, `unique_inverse`, `msort`, `sort_complex`, `cumulative_sum`,
//! `cumulative_prod`, `real_if_close`, `copyto`, `asarray_chkfinite`, `require`, `broadcast`,
//! `common_type`, `min_scalar_type`, `apply_over_axes`, `piecewise`.

use crate::manip::concatenate;
use crate::ops::{self, Operand, UnaryOp};
use crate::reduce::Axes;
use crate::{Array, DType, Error, Result, Scalar};

macro_rules! binary_alias {
    ($($name:ident => $target:ident, $numpy:literal, $a:expr, $b:expr => $r:expr;)*) => {$(
        #[doc = concat!("NumPy's `", $numpy, "`: the same function as [`", stringify!($target),
                        "`](crate::ops::", stringify!($target), ").")]
        ///
        /// **Shapes:** `a` and `b` broadcast together; either may be a weak scalar
        /// ([`Operand`]).
        ///
        /// # Errors
        #[doc = concat!("As [`", stringify!($target), "`](crate::ops::", stringify!($target), ").")]
        ///
        /// ```
        /// use cuprum_core::Array;
        #[doc = concat!("let a = Array::from_vec(vec!", stringify!($a), ", [2]).unwrap();")]
        #[doc = concat!("let b = Array::from_vec(vec!", stringify!($b), ", [2]).unwrap();")]
        #[doc = concat!("let r = cuprum_core::", stringify!($name), "(&a, &b).unwrap();")]
        #[doc = concat!("let want = vec!", stringify!($r), ";")]
        /// fn same<T: cuprum_core::Element + PartialEq + std::fmt::Debug>(r: &Array, want: Vec<T>) {
        ///     assert_eq!(r.to_vec::<T>().unwrap(), want);
        /// }
        /// same(&r, want);
        /// ```
        pub fn $name<'a>(a: impl Into<Operand<'a>>, b: impl Into<Operand<'a>>) -> Result<Array> {
            ops::$target(a, b)
        }
    )*};
}

macro_rules! unary_alias {
    ($($name:ident => $target:ident, $numpy:literal, $a:expr => $r:expr;)*) => {$(
        #[doc = concat!("NumPy's `", $numpy, "`: the same function as [`", stringify!($target),
                        "`](crate::ops::", stringify!($target), ").")]
        ///
        /// **Shapes:** the result has `a`'s shape.
        ///
        /// # Errors
        #[doc = concat!("As [`", stringify!($target), "`](crate::ops::", stringify!($target), ").")]
        ///
        /// ```
        /// use cuprum_core::Array;
        #[doc = concat!("let a = Array::from_vec(vec!", stringify!($a), ", [2]).unwrap();")]
        #[doc = concat!("let r = cuprum_core::", stringify!($name), "(&a).unwrap();")]
        #[doc = concat!("let want = vec!", stringify!($r), ";")]
        /// fn same<T: cuprum_core::Element + PartialEq + std::fmt::Debug>(r: &Array, want: Vec<T>) {
        ///     assert_eq!(r.to_vec::<T>().unwrap(), want);
        /// }
        /// same(&r, want);
        /// ```
        pub fn $name(a: &Array) -> Result<Array> {
            ops::$target(a)
        }
    )*};
}

binary_alias! {
    true_divide => divide, "true_divide", [1.0f64, 3.0], [2.0f64, 4.0] => [0.5f64, 0.75];
    mod_ => remainder, "mod", [7i64, -7], [2i64, 2] => [1i64, 1];
    atan2 => arctan2, "atan2", [0.0f64, 1.0], [1.0f64, 0.0] => [0.0f64, std::f64::consts::FRAC_PI_2];
    pow => power, "pow", [2i64, 3], [3i64, 2] => [8i64, 9];
    bitwise_left_shift => left_shift, "bitwise_left_shift", [1i32, 3], [2i32, 1] => [4i32, 6];
    bitwise_right_shift => right_shift, "bitwise_right_shift", [8i32, -8], [2i32, 1] => [2i32, -4];
}

unary_alias! {
    degrees => rad2deg, "degrees", [0.0f64, std::f64::consts::PI] => [0.0f64, 180.0];
    radians => deg2rad, "radians", [0.0f64, 180.0] => [0.0f64, std::f64::consts::PI];
    asin => arcsin, "asin", [0.0f64, 1.0] => [0.0f64, std::f64::consts::FRAC_PI_2];
    acos => arccos, "acos", [1.0f64, 0.0] => [0.0f64, std::f64::consts::FRAC_PI_2];
    atan => arctan, "atan", [0.0f64, 1.0] => [0.0f64, std::f64::consts::FRAC_PI_4];
    asinh => arcsinh, "asinh", [0.0f64, 0.0] => [0.0f64, 0.0];
    acosh => arccosh, "acosh", [1.0f64, 1.0] => [0.0f64, 0.0];
    atanh => arctanh, "atanh", [0.0f64, 0.0] => [0.0f64, 0.0];
    bitwise_invert => invert, "bitwise_invert", [0i8, -1] => [-1i8, 0];
}

/// NumPy 2's `concat`: the same function as [`concatenate`].
///
/// **Shapes:** the arrays agree except along `axis`; the result's `axis` is the sum.
///
/// # Errors
/// As [`concatenate`].
///
/// ```
/// use cuprum_core::{Array, concat};
/// let a = Array::from_vec(vec![1i32, 2], [2]).unwrap();
/// let b = Array::from_vec(vec![3i32], [1]).unwrap();
/// assert_eq!(concat(&[&a, &b], 0).unwrap().to_vec::<i32>().unwrap(), vec![1, 2, 3]);
/// ```
pub fn concat(arrays: &[&Array], axis: isize) -> Result<Array> {
    concatenate(arrays, axis)
}

/// Elementwise absolute value of real numbers (`numpy.fabs`): always a float result.
///
/// **Shapes/dtypes:** `x`'s shape; integers and bool compute in the smallest float that holds
/// them (int8 → float16, int32 → float64, as NumPy's `fabs` loops), floats keep their dtype.
///
/// # Errors
/// [`Error::DType`] for complex input (NumPy: "ufunc 'fabs' not supported for the input
/// types").
///
/// ```
/// use cuprum_core::{Array, DType, fabs};
/// let a = Array::from_vec(vec![-1i8, 2], [2]).unwrap();
/// let r = fabs(&a).unwrap();
/// assert_eq!(r.dtype(), DType::Float16);
/// assert_eq!(r.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
/// ```
pub fn fabs(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return Err(Error::DType {
            op: "fabs",
            dtype: x.dtype(),
            detail: ": fabs is defined for real numbers only".into(),
        });
    }
    // `sqrt`'s loops are NumPy's float loops: the same input→float dtype map as `fabs`.
    let (k, _) = ops::promote::unary_dtypes(UnaryOp::Sqrt, x.dtype())?;
    ops::abs(&x.astype(k)?)
}

/// Elementwise reciprocal square root `1 / sqrt(x)` (`cupyx.rsqrt`).
///
/// **Shapes/dtypes:** `x`'s shape; integers compute in float as [`sqrt`](crate::ops::sqrt)
/// does. Computed as `reciprocal(sqrt(x))` (two correctly rounded steps; CUDA's `rsqrtf` is
/// not used, so CPU and GPU agree).
///
/// # Errors
/// Allocation and device errors only.
///
/// ```
/// use cuprum_core::{Array, rsqrt};
/// let a = Array::from_vec(vec![4.0f64, 0.25], [2]).unwrap();
/// assert_eq!(rsqrt(&a).unwrap().to_vec::<f64>().unwrap(), vec![0.5, 2.0]);
/// ```
pub fn rsqrt(x: &Array) -> Result<Array> {
    ops::reciprocal(&ops::sqrt(x)?)
}

/// The number of 1 bits in the absolute value of each integer (`numpy.bitwise_count`).
///
/// **Shapes/dtypes:** `x`'s shape, uint8 result; bool counts as 0/1.
///
/// **Algorithm:** the SWAR population count (shift, mask, add, multiply) on the unsigned view
/// of `|x|`, composed of core's ufuncs.
///
/// # Errors
/// [`Error::DType`] for float and complex input.
///
/// ```
/// use cuprum_core::{Array, bitwise_count};
/// let a = Array::from_vec(vec![-128i8, -1, 7], [3]).unwrap();
/// assert_eq!(bitwise_count(&a).unwrap().to_vec::<u8>().unwrap(), vec![1, 1, 3]);
/// ```
pub fn bitwise_count(x: &Array) -> Result<Array> {
    let d = x.dtype();
    if d == DType::Bool {
        return x.astype(DType::UInt8);
    }
    if !d.is_integer() {
        return Err(Error::DType {
            op: "bitwise_count",
            dtype: d,
            detail: ": expected integers".into(),
        });
    }
    let u = match d {
        DType::Int8 => DType::UInt8,
        DType::Int16 => DType::UInt16,
        DType::Int32 => DType::UInt32,
        DType::Int64 => DType::UInt64,
        other => other,
    };
    // |x| wraps for the most negative value, whose bits are then the right ones unsigned.
    let a = if d.is_signed_integer() {
        ops::abs(x)?
    } else {
        x.clone()
    };
    let v = a.as_c_contiguous()?.view_dtype(u)?;
    let bits = u.itemsize() * 8;
    let m1 = 0x5555_5555_5555_5555u64 >> (64 - bits);
    let m2 = 0x3333_3333_3333_3333u64 >> (64 - bits);
    let m4 = 0x0f0f_0f0f_0f0f_0f0fu64 >> (64 - bits);
    let h01 = 0x0101_0101_0101_0101u64 >> (64 - bits);
    let s = |k: u64| Scalar::UInt(k);
    let v = ops::subtract(&v, &ops::bitwise_and(&ops::right_shift(&v, s(1))?, s(m1))?)?;
    let v = ops::add(
        &ops::bitwise_and(&v, s(m2))?,
        &ops::bitwise_and(&ops::right_shift(&v, s(2))?, s(m2))?,
    )?;
    let v = ops::bitwise_and(&ops::add(&v, &ops::right_shift(&v, s(4))?)?, s(m4))?;
    let v = ops::right_shift(&ops::multiply(&v, s(h01))?, s(bits as u64 - 8))?;
    v.astype(DType::UInt8)
}

/// Whether the array has a complex dtype (`numpy.iscomplexobj`).
///
/// ```
/// use cuprum_core::{Array, Complex64, iscomplexobj};
/// let a = Array::from_vec(vec![Complex64::new(1.0, 0.0)], [1]).unwrap();
/// assert!(iscomplexobj(&a));
/// ```
pub fn iscomplexobj(x: &Array) -> bool {
    x.dtype().is_complex()
}

/// Whether the array does not have a complex dtype (`numpy.isrealobj`).
///
/// ```
/// use cuprum_core::{Array, isrealobj};
/// assert!(isrealobj(&Array::from_vec(vec![1.0f32], [1]).unwrap()));
/// ```
pub fn isrealobj(x: &Array) -> bool {
    !x.dtype().is_complex()
}

/// Whether the array is Fortran-contiguous and not C-contiguous (`numpy.isfortran`: NumPy's
/// `flags.fnc`).
///
/// ```
/// use cuprum_core::{Array, isfortran};
/// let a = Array::from_vec(vec![1.0f32; 6], [2, 3]).unwrap();
/// assert!(!isfortran(&a));
/// assert!(isfortran(&a.transpose().unwrap()));
/// ```
pub fn isfortran(x: &Array) -> bool {
    x.is_f_contiguous() && !x.is_c_contiguous()
}

/// The byte offsets (in the shared buffer) of every element of `a`, sorted, and its
/// lowest/highest bytes.
fn element_bytes(a: &Array) -> (Vec<isize>, isize, isize) {
    let item = a.dtype().itemsize() as isize;
    let base = a.layout.offset as isize * item;
    let mut offs = vec![base];
    for (&n, &st) in a.shape().iter().zip(&a.layout.strides) {
        let mut next = Vec::with_capacity(offs.len() * n);
        for &o in &offs {
            for i in 0..n as isize {
                next.push(o + i * st * item);
            }
        }
        offs = next;
    }
    offs.sort_unstable();
    offs.dedup();
    let lo = offs.first().copied().unwrap_or(base);
    let hi = offs.last().copied().unwrap_or(base) + item;
    (offs, lo, hi)
}

/// Whether the two arrays share at least one byte of memory (`numpy.shares_memory`, exact).
///
/// **Algorithm:** arrays on different buffers share nothing; on one buffer, the byte ranges of
/// the elements of both are compared exactly (the offsets of the smaller are enumerated on the
/// host: no device work).
///
/// ```
/// use cuprum_core::{Array, s, shares_memory};
/// let a = Array::from_vec(vec![0i32; 8], [8]).unwrap();
/// let even = a.slice(s![0..8;2]).unwrap();
/// let odd = a.slice(s![1..8;2]).unwrap();
/// assert!(!shares_memory(&even, &odd));
/// assert!(shares_memory(&a, &odd));
/// ```
pub fn shares_memory(a: &Array, b: &Array) -> bool {
    if !a.shares_storage(b) || a.size() == 0 || b.size() == 0 {
        return false;
    }
    let item_a = a.dtype().itemsize() as isize;
    let item_b = b.dtype().itemsize() as isize;
    let (oa, ..) = element_bytes(a);
    let (ob, ..) = element_bytes(b);
    // Two sorted lists of [o, o + item) intervals: a merge walk finds any overlap.
    let (mut i, mut j) = (0, 0);
    while i < oa.len() && j < ob.len() {
        let (sa, ea) = (oa[i], oa[i] + item_a);
        let (sb, eb) = (ob[j], ob[j] + item_b);
        if sa < eb && sb < ea {
            return true;
        }
        if ea <= eb {
            i += 1;
        } else {
            j += 1;
        }
    }
    false
}

/// Whether the two arrays might share memory (`numpy.may_share_memory`): true when they view
/// one buffer and their byte extents overlap (a cheap bound: interleaved views give true).
///
/// ```
/// use cuprum_core::{Array, s, may_share_memory};
/// let a = Array::from_vec(vec![0i32; 8], [8]).unwrap();
/// assert!(may_share_memory(&a.slice(s![0..8;2]).unwrap(), &a.slice(s![1..8;2]).unwrap()));
/// assert!(!may_share_memory(&a.slice(s![0..4]).unwrap(), &a.slice(s![4..8]).unwrap()));
/// ```
pub fn may_share_memory(a: &Array, b: &Array) -> bool {
    if !a.shares_storage(b) || a.size() == 0 || b.size() == 0 {
        return false;
    }
    let (_, la, ha) = extent(a);
    let (_, lb, hb) = extent(b);
    la < hb && lb < ha
}

fn extent(a: &Array) -> ((), isize, isize) {
    let (item, offset) = (a.dtype().itemsize() as i128, a.layout.offset as i128);
    let (lo, hi) = crate::layout::stride_span(a.shape(), &a.layout.strides);
    (
        (),
        ((offset + lo) * item) as isize,
        ((offset + hi + 1) * item) as isize,
    )
}

/// The sorted unique elements of the flattened array (`numpy.unique_values`).
///
/// # Errors
/// As [`unique`](crate::unique).
///
/// ```
/// use cuprum_core::{Array, unique_values};
/// let a = Array::from_vec(vec![3i32, 1, 3, 2], [2, 2]).unwrap();
/// assert_eq!(unique_values(&a).unwrap().to_vec::<i32>().unwrap(), vec![1, 2, 3]);
/// ```
pub fn unique_values(x: &Array) -> Result<Array> {
    crate::sort::unique(x)
}

/// The sorted unique elements and how often each occurs (`numpy.unique_counts`).
///
/// **Shapes:** both 1-D of the number of unique values; the counts are int64.
///
/// # Errors
/// As [`unique_all`](crate::unique_all).
///
/// ```
/// use cuprum_core::{Array, unique_counts};
/// let a = Array::from_vec(vec![3i32, 1, 3, 2], [4]).unwrap();
/// let (v, c) = unique_counts(&a).unwrap();
/// assert_eq!(v.to_vec::<i32>().unwrap(), vec![1, 2, 3]);
/// assert_eq!(c.to_vec::<i64>().unwrap(), vec![1, 1, 2]);
/// ```
pub fn unique_counts(x: &Array) -> Result<(Array, Array)> {
    let u = crate::sort::unique_all(x, false, false, true)?;
    let counts = u.counts.ok_or_else(|| missing_part("unique_counts"))?;
    Ok((u.values, counts))
}

/// The sorted unique elements and, for each element of `x`, the index of its value in them
/// (`numpy.unique_inverse`).
///
/// **Shapes:** the values are 1-D; the inverse indices (int64) have `x`'s shape (NumPy 2).
///
/// # Errors
/// As [`unique_all`](crate::unique_all).
///
/// ```
/// use cuprum_core::{Array, unique_inverse};
/// let a = Array::from_vec(vec![3i32, 1, 1, 2], [2, 2]).unwrap();
/// let (v, inv) = unique_inverse(&a).unwrap();
/// assert_eq!(v.to_vec::<i32>().unwrap(), vec![1, 2, 3]);
/// assert_eq!(inv.shape(), &[2, 2]);
/// assert_eq!(inv.to_vec::<i64>().unwrap(), vec![2, 0, 0, 1]);
/// ```
pub fn unique_inverse(x: &Array) -> Result<(Array, Array)> {
    let u = crate::sort::unique_all(x, false, true, false)?;
    let inv = u.inverse.ok_or_else(|| missing_part("unique_inverse"))?;
    Ok((u.values, inv.reshape(x.shape())?))
}

fn missing_part(op: &'static str) -> Error {
    Error::invalid_value(op, "unique_all returned no such part")
}

/// The array sorted along its first axis (`numpy.msort`, deprecated in NumPy: `sort(a,
/// axis=0)`).
///
/// # Errors
/// As [`sort`](crate::sort()); [`Error::AxisOutOfBounds`] for a 0-d array.
///
/// ```
/// use cuprum_core::{Array, msort};
/// let a = Array::from_vec(vec![3i32, 1, 2, 4], [2, 2]).unwrap();
/// assert_eq!(msort(&a).unwrap().to_vec::<i32>().unwrap(), vec![2, 1, 3, 4]);
/// ```
pub fn msort(a: &Array) -> Result<Array> {
    crate::sort::sort(a, Some(0))
}

/// The array sorted (last axis) as complex numbers, real part first (`numpy.sort_complex`).
///
/// **Dtypes:** complex input keeps its dtype; int8, uint8, int16 and uint16 give complex64;
/// every other real dtype gives complex128 (as NumPy).
///
/// # Errors
/// As [`sort`](crate::sort()).
///
/// ```
/// use cuprum_core::{Array, DType, sort_complex};
/// let a = Array::from_vec(vec![5i32, 3, 6, 2, 1], [5]).unwrap();
/// let r = sort_complex(&a).unwrap();
/// assert_eq!(r.dtype(), DType::Complex128);
/// ```
pub fn sort_complex(a: &Array) -> Result<Array> {
    let s = crate::sort::sort(a, Some(-1))?;
    let d = a.dtype();
    if d.is_complex() {
        return Ok(s);
    }
    let to = match d {
        DType::Int8 | DType::UInt8 | DType::Int16 | DType::UInt16 => DType::Complex64,
        _ => DType::Complex128,
    };
    s.astype(to)
}

fn cumulative(
    op: &'static str,
    prod: bool,
    x: &Array,
    axis: Option<isize>,
    dtype: Option<DType>,
    include_initial: bool,
) -> Result<Array> {
    let axis = match (axis, x.ndim()) {
        (Some(a), _) => a,
        (None, 0 | 1) => 0,
        (None, n) => {
            return Err(Error::bad_argument(
                op,
                "axis",
                "None",
                format!("an axis for an array of dimension {n} > 1"),
            ));
        }
    };
    let x1 = if x.ndim() == 0 {
        x.reshape([1usize])?
    } else {
        x.clone()
    };
    let r = if prod {
        crate::reduce::cumprod_dtype(&x1, Some(axis), dtype)?
    } else {
        crate::reduce::cumsum_dtype(&x1, Some(axis), dtype)?
    };
    if !include_initial {
        return Ok(r);
    }
    let ax = crate::layout::normalize_axis(op, axis, r.ndim())?;
    let mut shape = r.shape().to_vec();
    shape[ax] = 1;
    let init =
        crate::creation::full_on(shape, if prod { 1i64 } else { 0i64 }, r.dtype(), r.device())?;
    concatenate(&[&init, &r], ax as isize)
}

/// Cumulative sum along an axis, optionally starting with the additive identity
/// (`numpy.cumulative_sum`, NumPy 2.1).
///
/// **Shapes/dtypes:** `x`'s shape (0-d input is taken as 1-D), one longer along `axis` when
/// `include_initial`; the dtype as [`cumsum_dtype`](crate::cumsum_dtype). `axis` may be
/// `None` only for 0-d and 1-D arrays.
///
/// # Errors
/// [`Error::BadArgument`] for `axis=None` on an array of two or more dimensions;
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, cumulative_sum};
/// let a = Array::from_vec(vec![1i64, 2, 3], [3]).unwrap();
/// let r = cumulative_sum(&a, None, None, true).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![0, 1, 3, 6]);
/// ```
pub fn cumulative_sum(
    x: &Array,
    axis: Option<isize>,
    dtype: Option<DType>,
    include_initial: bool,
) -> Result<Array> {
    cumulative("cumulative_sum", false, x, axis, dtype, include_initial)
}

/// Cumulative product along an axis, optionally starting with the multiplicative identity
/// (`numpy.cumulative_prod`, NumPy 2.1).
///
/// **Shapes/dtypes:** as [`cumulative_sum`].
///
/// # Errors
/// As [`cumulative_sum`].
///
/// ```
/// use cuprum_core::{Array, cumulative_prod};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], [2, 2]).unwrap();
/// let r = cumulative_prod(&a, Some(1), None, true).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 1, 2, 1, 3, 12]);
/// ```
pub fn cumulative_prod(
    x: &Array,
    axis: Option<isize>,
    dtype: Option<DType>,
    include_initial: bool,
) -> Result<Array> {
    cumulative("cumulative_prod", true, x, axis, dtype, include_initial)
}

/// The real part if every imaginary part is within `tol` machine epsilons of zero, else the
/// array unchanged (`numpy.real_if_close`; NumPy's default `tol` is 100).
///
/// **Semantics:** a `tol` above 1 counts machine epsilons of the dtype; a `tol` of at most 1 is
/// absolute. Real input is returned as it is.
///
/// # Errors
/// Allocation and device errors only.
///
/// ```
/// use cuprum_core::{Array, Complex64, DType, real_if_close};
/// let a = Array::from_vec(vec![Complex64::new(2.1, 4e-14), Complex64::new(5.2, 3e-15)], [2]).unwrap();
/// let r = real_if_close(&a, 1000.0).unwrap();
/// assert_eq!(r.dtype(), DType::Float64);
/// ```
pub fn real_if_close(a: &Array, tol: f64) -> Result<Array> {
    let d = a.dtype();
    if !d.is_complex() {
        return Ok(a.clone());
    }
    let tol = if tol > 1.0 {
        let eps = match d {
            DType::Complex64 => f32::EPSILON as f64,
            _ => f64::EPSILON,
        };
        tol * eps
    } else {
        tol
    };
    let im = ops::abs(&ops::imag(a)?)?;
    let close = ops::less(&im, tol)?.all(Axes::All, false)?.item()? == Scalar::Bool(true);
    if close { ops::real(a) } else { Ok(a.clone()) }
}

/// Copies `src` into `dst` where `mask` is true (everywhere when `None`), broadcasting `src`
/// and casting it under `casting` (`numpy.copyto`; NumPy's default casting is `SameKind`).
///
/// **Shapes:** `src` and `mask` broadcast to `dst.shape()`.
///
/// # Errors
/// [`Error::DType`] when `src`'s dtype cannot be cast to `dst`'s under `casting` (NumPy's
/// `TypeError: Cannot cast array data`); [`Error::Broadcast`]; [`Error::DeviceMismatch`].
///
/// ```
/// use cuprum_core::{Array, Casting, copyto};
/// let dst = Array::from_vec(vec![0.0f64; 3], [3]).unwrap();
/// let src = Array::from_vec(vec![1i32, 2, 3], [3]).unwrap();
/// let mask = Array::from_vec(vec![true, false, true], [3]).unwrap();
/// copyto(&dst, &src, Casting::SameKind, Some(&mask)).unwrap();
/// assert_eq!(dst.to_vec::<f64>().unwrap(), vec![1.0, 0.0, 3.0]);
/// ```
pub fn copyto(
    dst: &Array,
    src: &Array,
    casting: crate::routines::types::Casting,
    mask: Option<&Array>,
) -> Result<()> {
    if !crate::routines::types::can_cast(src.dtype(), dst.dtype(), casting) {
        return Err(Error::DType {
            op: "copyto",
            dtype: src.dtype(),
            detail: format!(
                ": cannot cast array data from {} to {} under rule {casting:?}",
                src.dtype(),
                dst.dtype()
            ),
        });
    }
    match mask {
        None => dst.assign(src),
        Some(m) => {
            let m = if m.dtype() == DType::Bool {
                m.clone()
            } else {
                m.astype(DType::Bool)?
            };
            let v = ops::where_(&m, &src.astype(dst.dtype())?, dst)?;
            dst.assign(&v)
        }
    }
}

/// The array, after checking that it has no NaN or infinity (`numpy.asarray_chkfinite`).
///
/// # Errors
/// [`Error::OutOfDomain`] naming the first non-finite element's flat index ("array must not
/// contain infs or NaNs", NumPy's `ValueError`).
///
/// ```
/// use cuprum_core::{Array, asarray_chkfinite};
/// assert!(asarray_chkfinite(&Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap()).is_ok());
/// assert!(asarray_chkfinite(&Array::from_vec(vec![1.0f64, f64::NAN], [2]).unwrap()).is_err());
/// ```
pub fn asarray_chkfinite(a: &Array) -> Result<Array> {
    if a.dtype().is_float() || a.dtype().is_complex() {
        let bad = ops::logical_not(&ops::isfinite(a)?)?;
        if bad.any(Axes::All, false)?.item()? == Scalar::Bool(true) {
            let first = crate::reduce::argmax(&bad.ravel()?, Axes::All, false)?.item()?;
            return Err(Error::out_of_domain(
                "asarray_chkfinite",
                "a",
                format!("an array whose element {first:?} is not finite"),
                "finite values (no infs or NaNs)",
            ));
        }
    }
    Ok(a.clone())
}

/// A flag of [`require`] (NumPy's `requirements` letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// `'C'`: C-contiguous.
    CContiguous,
    /// `'F'`: Fortran-contiguous.
    FContiguous,
    /// `'A'`: aligned (always true here).
    Aligned,
    /// `'W'`: writeable (a broadcast view is copied).
    Writeable,
    /// `'O'`: owns its data (a copy unless it is a whole fresh array).
    OwnData,
    /// `'E'`: ensure a base-class array (always true here).
    EnsureArray,
}

/// The array with `dtype` (when given) that satisfies every requirement, copying only when
/// needed (`numpy.require`).
///
/// # Errors
/// [`Error::BadArgument`] when both `CContiguous` and `FContiguous` are asked of an array of
/// two or more non-trivial dimensions (NumPy: "Cannot specify both C and Fortran contiguous");
/// cast errors of [`Array::astype`].
///
/// ```
/// use cuprum_core::{Array, DType, Requirement, require};
/// let a = Array::from_vec(vec![1i32, 2, 3, 4, 5, 6], [2, 3]).unwrap().transpose().unwrap();
/// let r = require(&a, Some(DType::Float32), &[Requirement::CContiguous]).unwrap();
/// assert!(r.is_c_contiguous());
/// assert_eq!(r.dtype(), DType::Float32);
/// ```
pub fn require(a: &Array, dtype: Option<DType>, requirements: &[Requirement]) -> Result<Array> {
    let has = |r| requirements.contains(&r);
    if has(Requirement::CContiguous) && has(Requirement::FContiguous) {
        return Err(Error::bad_argument(
            "require",
            "requirements",
            "both C and F",
            "at most one of C and F (C and Fortran contiguous)",
        ));
    }
    let mut r = match dtype {
        Some(d) if d != a.dtype() => a.astype(d)?,
        _ => a.clone(),
    };
    let fresh = !r.shares_storage(a);
    if has(Requirement::CContiguous) && !r.is_c_contiguous() {
        r = r.as_c_contiguous()?;
    } else if has(Requirement::FContiguous) && !r.is_f_contiguous() {
        r = crate::manip::asfortranarray(&r)?;
    }
    let copied = !r.shares_storage(a) || fresh;
    let broadcast = r
        .layout
        .strides
        .iter()
        .zip(r.shape())
        .any(|(&s, &n)| s == 0 && n > 1);
    if !copied && (has(Requirement::OwnData) || (has(Requirement::Writeable) && broadcast)) {
        r = if has(Requirement::FContiguous) {
            crate::manip::asfortranarray(&r.copy()?)?
        } else {
            r.copy()?
        };
    }
    Ok(r)
}

/// The result of broadcasting arrays against each other (`numpy.broadcast`): its shape,
/// dimension, size and number of operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broadcast {
    /// The broadcast shape.
    pub shape: Vec<usize>,
    /// The number of arrays broadcast (NumPy's `numiter`).
    pub numiter: usize,
}

impl Broadcast {
    /// The number of dimensions of the broadcast shape (NumPy's `nd`/`ndim`).
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }
    /// The number of elements of the broadcast shape.
    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }
}

/// Broadcasts the arrays' shapes (`numpy.broadcast`; [`broadcast_arrays`](crate::broadcast_arrays)
/// gives the views).
///
/// # Errors
/// [`Error::Broadcast`] naming two shapes that do not broadcast.
///
/// ```
/// use cuprum_core::{Array, broadcast};
/// let x = Array::from_vec(vec![1i32, 2, 3], [3, 1]).unwrap();
/// let y = Array::from_vec(vec![4i32, 5, 6], [3]).unwrap();
/// let b = broadcast(&[&x, &y]).unwrap();
/// assert_eq!((b.shape.as_slice(), b.size(), b.numiter), (&[3usize, 3][..], 9, 2));
/// ```
pub fn broadcast(arrays: &[&Array]) -> Result<Broadcast> {
    let mut shape: Vec<usize> = Vec::new();
    for a in arrays {
        shape = crate::layout::broadcast_shapes("broadcast", &shape, a.shape())?;
    }
    Ok(Broadcast {
        shape,
        numiter: arrays.len(),
    })
}

/// The float (or complex) dtype the arrays convert to (`numpy.common_type`): integers count
/// as float64, float16 stays float16; any complex array makes the result complex.
///
/// # Errors
/// [`Error::BadArgument`] for no arrays; [`Error::DType`] for a bool array (NumPy: "can't get
/// common type for non-numeric array").
///
/// ```
/// use cuprum_core::{Array, DType, common_type};
/// let a = Array::from_vec(vec![1.0f32], [1]).unwrap();
/// let b = Array::from_vec(vec![1i32], [1]).unwrap();
/// assert_eq!(common_type(&[&a]).unwrap(), DType::Float32);
/// assert_eq!(common_type(&[&a, &b]).unwrap(), DType::Float64);
/// ```
pub fn common_type(arrays: &[&Array]) -> Result<DType> {
    if arrays.is_empty() {
        return Err(Error::bad_argument(
            "common_type",
            "arrays",
            "an empty sequence",
            "at least one array",
        ));
    }
    let mut complex = false;
    let mut prec = 0usize;
    for a in arrays {
        let d = a.dtype();
        let p = match d {
            DType::Bool => {
                return Err(Error::DType {
                    op: "common_type",
                    dtype: d,
                    detail: ": can't get common type for non-numeric array".into(),
                });
            }
            DType::Float16 => 16,
            DType::BFloat16 => 32,
            DType::Float32 => 32,
            DType::Complex64 => {
                complex = true;
                32
            }
            DType::Complex128 => {
                complex = true;
                64
            }
            _ => 64,
        };
        prec = prec.max(p);
    }
    Ok(match (complex, prec) {
        (false, 16) => DType::Float16,
        (false, 32) => DType::Float32,
        (false, _) => DType::Float64,
        (true, 64) => DType::Complex128,
        (true, _) => DType::Complex64,
    })
}

/// The smallest dtype that holds the value (`numpy.min_scalar_type`): unsigned for
/// non-negative integers, the smallest float that keeps a float's magnitude finite (float16
/// first), complex64 or complex128 likewise.
///
/// ```
/// use cuprum_core::{DType, Scalar, min_scalar_type};
/// assert_eq!(min_scalar_type(Scalar::Int(10)), DType::UInt8);
/// assert_eq!(min_scalar_type(Scalar::Int(-129)), DType::Int16);
/// assert_eq!(min_scalar_type(Scalar::Float(3.1)), DType::Float16);
/// assert_eq!(min_scalar_type(Scalar::Float(1e50)), DType::Float64);
/// ```
pub fn min_scalar_type(value: Scalar) -> DType {
    let float_of = |x: f64| {
        let m = x.abs();
        if !m.is_finite() || m < 65000.0 {
            DType::Float16
        } else if m < f32::MAX as f64 {
            DType::Float32
        } else {
            DType::Float64
        }
    };
    match value {
        Scalar::Bool(_) => DType::Bool,
        Scalar::UInt(u) => uint_of(u),
        Scalar::Int(i) if i >= 0 => uint_of(i as u64),
        Scalar::Int(i) => {
            if i >= i8::MIN as i64 {
                DType::Int8
            } else if i >= i16::MIN as i64 {
                DType::Int16
            } else if i >= i32::MIN as i64 {
                DType::Int32
            } else {
                DType::Int64
            }
        }
        Scalar::Float(x) => float_of(x),
        Scalar::Complex(z) => {
            if float_of(z.re) == DType::Float64 || float_of(z.im) == DType::Float64 {
                DType::Complex128
            } else {
                DType::Complex64
            }
        }
    }
}

fn uint_of(u: u64) -> DType {
    if u <= u8::MAX as u64 {
        DType::UInt8
    } else if u <= u16::MAX as u64 {
        DType::UInt16
    } else if u <= u32::MAX as u64 {
        DType::UInt32
    } else {
        DType::UInt64
    }
}

/// Applies `func(a, axis)` repeatedly over the axes (`numpy.apply_over_axes`): each result
/// replaces `a`; a result with one dimension fewer gets the axis back as length 1.
///
/// # Errors
/// `func`'s errors; [`Error::BadShape`] when a result has neither `a`'s dimension nor one
/// fewer (NumPy: "function is not returning an array of the correct shape").
///
/// ```
/// use cuprum_core::{Array, apply_over_axes, sum};
/// let a = Array::from_vec((0..24i64).collect::<Vec<_>>(), [2, 3, 4]).unwrap();
/// let r = apply_over_axes(|x, ax| sum(x, ax, false), &a, &[0, 2]).unwrap();
/// assert_eq!(r.shape(), &[1, 3, 1]);
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![60, 92, 124]);
/// ```
pub fn apply_over_axes(
    func: impl Fn(&Array, isize) -> Result<Array>,
    a: &Array,
    axes: &[isize],
) -> Result<Array> {
    let n = a.ndim();
    let mut cur = a.clone();
    for &ax in axes {
        let axn = crate::layout::normalize_axis("apply_over_axes", ax, n)?;
        let r = func(&cur, axn as isize)?;
        cur = if r.ndim() == n {
            r
        } else if r.ndim() + 1 == n {
            r.expand_dims(axn as isize)?
        } else {
            return Err(Error::bad_shape(
                "apply_over_axes",
                "func",
                r.shape(),
                format!(
                    "an array of the shape {:?} of its input, or with one dimension fewer",
                    cur.shape()
                ),
            ));
        };
    }
    Ok(cur)
}

/// The function form of a [`Piece`]: the selected elements to their values.
pub type PieceFn<'f> = Box<dyn Fn(&Array) -> Result<Array> + 'f>;

/// One piece of [`piecewise`]: a constant or a function of the selected elements.
pub enum Piece<'f> {
    /// The pieces' elements take this value.
    Value(f64),
    /// Called with the 1-D array of the selected elements; returns their values (same length,
    /// or a scalar-shaped array broadcast to it).
    Func(PieceFn<'f>),
}

/// Evaluates a function piecewise (`numpy.piecewise`): where `condlist[i]` is true the result
/// is `funclist[i]` of the selected elements of `x`; one extra function is the default where no
/// condition holds; elsewhere the result is 0. Later conditions win where several hold.
///
/// **Shapes/dtypes:** `x`'s shape and dtype; each condition is a bool array of `x`'s shape.
///
/// # Errors
/// [`Error::BadArgument`] when `funclist` has neither `condlist.len()` nor one more entries
/// (NumPy's `ValueError`); [`Error::ShapeMismatch`] for a condition of another shape; the
/// functions' errors.
///
/// ```
/// use cuprum_core::{Array, Piece, less, piecewise, negative};
/// let x = Array::from_vec(vec![-2.0f64, -1.0, 0.0, 1.0, 2.0], [5]).unwrap();
/// let neg = less(&x, 0.0).unwrap();
/// let r = piecewise(&x, &[&neg], vec![Piece::Func(Box::new(|v| negative(v))), Piece::Value(7.0)]).unwrap();
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![2.0, 1.0, 7.0, 7.0, 7.0]);
/// ```
pub fn piecewise(x: &Array, condlist: &[&Array], funclist: Vec<Piece<'_>>) -> Result<Array> {
    const OP: &str = "piecewise";
    let n = condlist.len();
    if funclist.len() != n && funclist.len() != n + 1 {
        return Err(Error::bad_argument(
            OP,
            "funclist",
            format!("{} functions", funclist.len()),
            format!("{n} or {} functions for {n} conditions", n + 1),
        ));
    }
    let mut conds: Vec<Array> = Vec::with_capacity(n + 1);
    for c in condlist {
        if c.shape() != x.shape() {
            return Err(Error::ShapeMismatch {
                op: OP,
                lhs: x.shape().to_vec(),
                rhs: c.shape().to_vec(),
                detail: Some("each condition must have x's shape".into()),
            });
        }
        conds.push(c.astype(DType::Bool)?);
    }
    if funclist.len() == n + 1 {
        let mut any = crate::creation::zeros_on(x.shape(), DType::Bool, x.device())?;
        for c in &conds {
            any = ops::logical_or(&any, c)?;
        }
        conds.push(ops::logical_not(&any)?);
    }
    let out = crate::creation::zeros_on(x.shape(), x.dtype(), x.device())?;
    for (c, f) in conds.iter().zip(funclist) {
        let vals = match f {
            Piece::Value(v) => crate::creation::full_on(x.shape(), v, x.dtype(), x.device())?,
            Piece::Func(f) => {
                let sel = crate::indexing::compress(c, x, None)?;
                let got = f(&sel)?.astype(x.dtype())?;
                let full = crate::creation::zeros_on(x.shape(), x.dtype(), x.device())?;
                if sel.size() > 0 {
                    crate::indexing::place(&full, c, &got)?;
                }
                full
            }
        };
        out.assign(&ops::where_(c, &vals, &out)?)?;
    }
    Ok(out)
}

/// One item of [`r_`] and [`c_`] (NumPy's index-expression items of `np.r_[...]`).
#[derive(Clone, Copy, Debug)]
pub enum RItem<'a> {
    /// An array (a 0-d array counts as one element).
    Array(&'a Array),
    /// A Python scalar: weakly typed, as NumPy's `r_` promotes with `result_type`.
    Scalar(Scalar),
    /// `start:stop:step`: `arange(start, stop, step)`.
    Range(Scalar, Scalar, Scalar),
    /// `start:stop:numj`: `linspace(start, stop, num)` (endpoint included).
    Linspace(f64, f64, usize),
}

impl<'a> From<&'a Array> for RItem<'a> {
    fn from(a: &'a Array) -> RItem<'a> {
        RItem::Array(a)
    }
}

fn weak_rank(d: DType) -> u8 {
    if d == DType::Bool {
        0
    } else if d.is_integer() {
        1
    } else if d.is_float() {
        2
    } else {
        3
    }
}

/// The items as arrays on one device, cast to NumPy's `result_type` of them all.
fn ritems(op: &'static str, items: &[RItem<'_>]) -> Result<Vec<Array>> {
    if items.is_empty() {
        return Err(Error::bad_argument(
            op,
            "items",
            "an empty sequence",
            "at least one item",
        ));
    }
    let device = items
        .iter()
        .find_map(|i| match i {
            RItem::Array(a) => Some(a.device()),
            _ => None,
        })
        .unwrap_or_else(crate::default_device);
    let mut arrays: Vec<(Array, bool)> = Vec::with_capacity(items.len());
    for it in items {
        arrays.push(match *it {
            RItem::Array(a) => (a.clone(), false),
            RItem::Scalar(s) => (
                crate::creation::full_on([1usize], s, s.default_dtype(), device)?,
                true,
            ),
            RItem::Range(a, b, s) => (crate::creation::arange_on(a, b, s, None, device)?, false),
            RItem::Linspace(a, b, n) => (
                crate::creation::linspace_on(a, b, n, true, None, device)?,
                false,
            ),
        });
    }
    let strong: Vec<DType> = arrays
        .iter()
        .filter(|x| !x.1)
        .map(|x| x.0.dtype())
        .collect();
    let mut dt = match strong.split_first() {
        Some((f, rest)) => rest.iter().fold(*f, |a, &b| DType::promote(a, b)),
        None => arrays
            .iter()
            .map(|x| x.0.dtype())
            .reduce(DType::promote)
            .unwrap_or(DType::Float64),
    };
    for (a, weak) in &arrays {
        if *weak && weak_rank(a.dtype()) > weak_rank(dt) {
            dt = DType::promote(dt, a.dtype());
        }
    }
    arrays
        .into_iter()
        .map(|(a, _)| if a.dtype() == dt { Ok(a) } else { a.astype(dt) })
        .collect()
}

/// Concatenates the items along the first axis (`numpy.r_[...]` with arrays, scalars, ranges
/// and `j`-step ranges; the string directives are not supported).
///
/// **Shapes/dtypes:** every item is made at least 1-D, then they are concatenated along axis
/// 0; the dtype is NumPy's `result_type` of the items, scalars weakly typed. The result lives
/// on the first array's device (the default device when there is none).
///
/// # Errors
/// [`Error::BadArgument`] for no items; the errors of
/// [`concatenate`] (items that differ beyond axis 0).
///
/// ```
/// use cuprum_core::{Array, RItem, Scalar, r_};
/// let a = Array::from_vec(vec![1i64, 2, 3], [3]).unwrap();
/// let r = r_(&[RItem::from(&a), RItem::Scalar(Scalar::Int(0)), RItem::Scalar(Scalar::Int(0)), RItem::from(&a)]).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 2, 3, 0, 0, 1, 2, 3]);
/// ```
pub fn r_(items: &[RItem<'_>]) -> Result<Array> {
    let arrays = ritems("r_", items)?;
    let ones: Vec<Array> = arrays
        .iter()
        .map(crate::manip::atleast_1d)
        .collect::<Result<_>>()?;
    let refs: Vec<&Array> = ones.iter().collect();
    concatenate(&refs, 0)
}

/// Stacks the items as columns along the last axis (`numpy.c_[...]`): 1-D items (and scalars
/// and ranges) become columns `(n, 1)`, arrays of two or more dimensions are taken as they are.
///
/// **Shapes/dtypes:** as NumPy's `c_` (`r_['-1,2,0', ...]`); the dtype as [`r_`].
///
/// # Errors
/// As [`r_`].
///
/// ```
/// use cuprum_core::{Array, RItem, c_};
/// let a = Array::from_vec(vec![1i64, 2, 3], [3]).unwrap();
/// let b = Array::from_vec(vec![4i64, 5, 6], [3]).unwrap();
/// let r = c_(&[RItem::from(&a), RItem::from(&b)]).unwrap();
/// assert_eq!(r.shape(), &[3, 2]);
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 4, 2, 5, 3, 6]);
/// ```
pub fn c_(items: &[RItem<'_>]) -> Result<Array> {
    let arrays = ritems("c_", items)?;
    let cols: Vec<Array> = arrays
        .iter()
        .map(|a| match a.ndim() {
            0 => a.reshape([1usize, 1]),
            1 => a.reshape([a.shape()[0], 1]),
            _ => Ok(a.clone()),
        })
        .collect::<Result<_>>()?;
    let refs: Vec<&Array> = cols.iter().collect();
    concatenate(&refs, -1)
}

/// Every index of an array of `shape`, in C order (`numpy.ndindex`).
///
/// ```
/// use cuprum_core::ndindex;
/// let v: Vec<Vec<usize>> = ndindex(&[2, 2]).collect();
/// assert_eq!(v, vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]]);
/// assert_eq!(ndindex(&[]).count(), 1);
/// ```
pub fn ndindex(shape: &[usize]) -> impl Iterator<Item = Vec<usize>> + use<> {
    let shape = shape.to_vec();
    let total: usize = shape.iter().product();
    let mut cur = vec![0usize; shape.len()];
    let mut left = total;
    std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        left -= 1;
        let out = cur.clone();
        for d in (0..shape.len()).rev() {
            cur[d] += 1;
            if cur[d] < shape[d] {
                break;
            }
            cur[d] = 0;
        }
        Some(out)
    })
}

/// The indices of the nonzero elements of `mask_func(ones((n, n)), k)` (`numpy.mask_indices`):
/// with [`triu`](crate::triu) the upper triangle's indices.
///
/// **Shapes:** two 1-D int64 arrays (rows, columns) in C order.
///
/// # Errors
/// `mask_func`'s errors; [`Error::ShapeMismatch`] when it does not return an `(n, n)` array.
///
/// ```
/// use cuprum_core::{mask_indices, triu};
/// let (r, c) = mask_indices(3, |a, k| triu(a, k), 1).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![0, 0, 1]);
/// assert_eq!(c.to_vec::<i64>().unwrap(), vec![1, 2, 2]);
/// ```
pub fn mask_indices(
    n: usize,
    mask_func: impl Fn(&Array, isize) -> Result<Array>,
    k: isize,
) -> Result<(Array, Array)> {
    let ones = crate::creation::ones([n, n], DType::Int64)?;
    let m = mask_func(&ones, k)?;
    if m.shape() != [n, n] {
        return Err(Error::ShapeMismatch {
            op: "mask_indices",
            lhs: vec![n, n],
            rhs: m.shape().to_vec(),
            detail: Some("mask_func must keep the (n, n) shape".into()),
        });
    }
    let mut nz = crate::indexing::nonzero(&m)?;
    let c = nz.pop().ok_or_else(|| missing_part("mask_indices"))?;
    let r = nz.pop().ok_or_else(|| missing_part("mask_indices"))?;
    Ok((r, c))
}
