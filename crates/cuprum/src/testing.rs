//! Test helpers with the names of `cupy.testing`: array assertions (`assert_allclose`,
//! `assert_array_equal`, ...), cross-device comparisons (`numpy_cupy_allclose`, ...: the
//! closure runs on the CPU, which plays NumPy's part, and on every CUDA device) and dtype and
//! order loops (`for_all_dtypes`, `for_dtypes_combination`, `for_orders`, ...).
//!
//! **Semantics.** As NumPy's `numpy.testing` (which `cupy.testing` follows): the assertions
//! panic with a message naming the mismatch, like `assert_eq!` (they are test helpers; CuPy's
//! raise `AssertionError`). The decorators of CuPy become functions taking the test body as a
//! closure. NaNs compare equal to NaNs in every assertion, as NumPy's.

use cuprum_core::{Array, DType, Device, Result, allclose, isclose};

fn host(a: &Array) -> Array {
    a.to_device(Device::Cpu)
        .unwrap_or_else(|e| panic!("testing: cannot copy the array to the host: {e}"))
}

fn same_shape(what: &str, a: &Array, b: &Array) {
    assert!(
        a.shape() == b.shape(),
        "{what}: shape mismatch: {:?} and {:?}",
        a.shape(),
        b.shape()
    );
}

/// The elements as f64 pairs (real, imaginary) on the host.
fn parts(a: &Array) -> Vec<(f64, f64)> {
    let h = host(a);
    if h.dtype().is_complex() {
        h.astype(DType::Complex128)
            .and_then(|c| c.to_vec::<cuprum_core::Complex64>())
            .map(|v| v.into_iter().map(|z| (z.re, z.im)).collect())
            .unwrap_or_else(|e| panic!("testing: {e}"))
    } else {
        h.astype(DType::Float64)
            .and_then(|c| c.to_vec::<f64>())
            .map(|v| v.into_iter().map(|x| (x, 0.0)).collect())
            .unwrap_or_else(|e| panic!("testing: {e}"))
    }
}

/// Panics unless `actual` and `desired` have one shape and `|actual - desired| <= atol +
/// rtol * |desired|` elementwise, NaN matching NaN (`numpy.testing.assert_allclose`; NumPy's
/// defaults are `rtol = 1e-7`, `atol = 0`).
///
/// # Panics
/// On a shape mismatch, a value mismatch (the message gives the count and the largest
/// absolute difference) or a device error.
///
/// ```
/// use cuprum::{Array, testing::assert_allclose};
/// let a = Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap();
/// let b = Array::from_vec(vec![1.0f64 + 1e-9, 2.0], [2]).unwrap();
/// assert_allclose(&a, &b, 1e-7, 0.0);
/// ```
#[track_caller]
pub fn assert_allclose(actual: &Array, desired: &Array, rtol: f64, atol: f64) {
    same_shape("assert_allclose", actual, desired);
    let (a, d) = (host(actual), host(desired));
    let ok = allclose(&a, &d, rtol, atol, true).unwrap_or_else(|e| panic!("assert_allclose: {e}"));
    if !ok {
        let bad = isclose(&a, &d, rtol, atol, true)
            .and_then(|c| c.to_vec::<bool>())
            .map(|v| v.iter().filter(|x| !**x).count())
            .unwrap_or(0);
        let worst = max_abs_diff(actual, desired);
        panic!(
            "assert_allclose: not equal to tolerance rtol={rtol}, atol={atol}: {bad} of {} \
             elements differ; max absolute difference {worst}",
            a.size()
        );
    }
}

fn max_abs_diff(a: &Array, b: &Array) -> f64 {
    parts(a)
        .iter()
        .zip(parts(b))
        .map(|(x, y)| (x.0 - y.0).hypot(x.1 - y.1))
        .filter(|d| !d.is_nan())
        .fold(0.0, f64::max)
}

/// Panics unless `|desired - actual| < 1.5 * 10^-decimal` elementwise
/// (`numpy.testing.assert_array_almost_equal`; NumPy's default `decimal` is 6).
///
/// # Panics
/// As [`assert_allclose`].
///
/// ```
/// use cuprum::{Array, testing::assert_array_almost_equal};
/// let a = Array::from_vec(vec![1.0f32, 2.0000001], [2]).unwrap();
/// let b = Array::from_vec(vec![1.0f32, 2.0], [2]).unwrap();
/// assert_array_almost_equal(&a, &b, 6);
/// ```
#[track_caller]
pub fn assert_array_almost_equal(x: &Array, y: &Array, decimal: i32) {
    same_shape("assert_array_almost_equal", x, y);
    let tol = 1.5 * 10f64.powi(-decimal);
    for (i, (a, b)) in parts(x).iter().zip(parts(y)).enumerate() {
        let both_nan = (a.0.is_nan() || a.1.is_nan()) && (b.0.is_nan() || b.1.is_nan());
        let d = (a.0 - b.0).hypot(a.1 - b.1);
        let same_inf = a == &b;
        assert!(
            both_nan || same_inf || d < tol,
            "assert_array_almost_equal: element {i} differs: {a:?} and {b:?} (decimal={decimal})"
        );
    }
}

/// The distance in units in the last place between two floats of one dtype.
fn ulp_diff(a: f64, b: f64, dt: DType) -> f64 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0.0;
    }
    if a.is_nan() || b.is_nan() {
        return f64::INFINITY;
    }
    let ordered = |x: f64| -> i128 {
        match dt {
            DType::Float32 | DType::Complex64 => {
                let i = (x as f32).to_bits() as i32;
                (if i < 0 { i32::MIN - i } else { i }) as i128
            }
            DType::Float16 => {
                let i = cuprum_core::f16::from_f64(x).to_bits() as i16;
                (if i < 0 { i16::MIN - i } else { i }) as i128
            }
            _ => {
                let i = x.to_bits() as i64;
                (if i < 0 { i64::MIN - i } else { i }) as i128
            }
        }
    };
    (ordered(a) - ordered(b)).unsigned_abs() as f64
}

fn ulps(what: &str, x: &Array, y: &Array) -> Vec<f64> {
    same_shape(what, x, y);
    let dt = DType::promote(x.dtype(), y.dtype());
    assert!(
        dt.is_float() || dt.is_complex(),
        "{what}: expected float arrays, got {} and {}",
        x.dtype(),
        y.dtype()
    );
    parts(x)
        .iter()
        .zip(parts(y))
        .flat_map(|(a, b)| [ulp_diff(a.0, b.0, dt), ulp_diff(a.1, b.1, dt)])
        .collect()
}

/// Panics unless `|x - y| <= nulp * spacing(max(|x|, |y|))` elementwise
/// (`numpy.testing.assert_array_almost_equal_nulp`; NumPy's default `nulp` is 1): here the
/// distance in units in the last place of the arrays' dtype.
///
/// # Panics
/// On a shape or value mismatch, or non-float input.
///
/// ```
/// use cuprum::{Array, testing::assert_array_almost_equal_nulp};
/// let a = Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap();
/// let b = Array::from_vec(vec![1.0f64 + f64::EPSILON, 2.0], [2]).unwrap();
/// assert_array_almost_equal_nulp(&a, &b, 1);
/// ```
#[track_caller]
pub fn assert_array_almost_equal_nulp(x: &Array, y: &Array, nulp: u64) {
    let worst = ulps("assert_array_almost_equal_nulp", x, y)
        .into_iter()
        .fold(0.0, f64::max);
    assert!(
        worst <= nulp as f64,
        "assert_array_almost_equal_nulp: arrays differ by {worst} ULP > {nulp}"
    );
}

/// Panics unless every pair of elements is at most `maxulp` units in the last place apart
/// (`numpy.testing.assert_array_max_ulp`; NumPy's default `maxulp` is 1). Returns the largest
/// distance, as NumPy.
///
/// # Panics
/// As [`assert_array_almost_equal_nulp`].
///
/// ```
/// use cuprum::{Array, testing::assert_array_max_ulp};
/// let a = Array::from_vec(vec![1.0f32], [1]).unwrap();
/// let b = Array::from_vec(vec![1.0f32 + 2.0 * f32::EPSILON], [1]).unwrap();
/// assert_eq!(assert_array_max_ulp(&a, &b, 2), 2.0);
/// ```
#[track_caller]
pub fn assert_array_max_ulp(a: &Array, b: &Array, maxulp: u64) -> f64 {
    let worst = ulps("assert_array_max_ulp", a, b)
        .into_iter()
        .fold(0.0, f64::max);
    assert!(
        worst <= maxulp as f64,
        "assert_array_max_ulp: arrays differ by {worst} ULP > {maxulp}"
    );
    worst
}

/// Panics unless the arrays have one shape and equal elements, NaN matching NaN
/// (`numpy.testing.assert_array_equal`; values compare exactly after promotion).
///
/// # Panics
/// On a shape or value mismatch.
///
/// ```
/// use cuprum::{Array, testing::assert_array_equal};
/// let a = Array::from_vec(vec![1i32, 2], [2]).unwrap();
/// let b = Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap();
/// assert_array_equal(&a, &b);
/// ```
#[track_caller]
pub fn assert_array_equal(x: &Array, y: &Array) {
    same_shape("assert_array_equal", x, y);
    let ok = cuprum_core::array_equal(&host(x), &host(y), true)
        .unwrap_or_else(|e| panic!("assert_array_equal: {e}"));
    assert!(
        ok,
        "assert_array_equal: arrays are not equal (max absolute difference {})",
        max_abs_diff(x, y)
    );
}

/// Panics unless `x < y` elementwise, with broadcasting (`numpy.testing.assert_array_less`;
/// NaNs must be at the same places in both).
///
/// # Panics
/// On a broadcast error or a value that is not smaller.
///
/// ```
/// use cuprum::{Array, testing::assert_array_less};
/// let a = Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap();
/// let b = Array::from_vec(vec![1.5f64, 2.5], [2]).unwrap();
/// assert_array_less(&a, &b);
/// ```
#[track_caller]
pub fn assert_array_less(x: &Array, y: &Array) {
    let (hx, hy) = (host(x), host(y));
    let check = || -> Result<bool> {
        let lt = cuprum_core::less(&hx, &hy)?;
        let nx = cuprum_core::isnan(&hx)?;
        let ny = cuprum_core::isnan(&hy)?;
        let both_nan = cuprum_core::logical_and(&nx, &ny)?;
        let ok = cuprum_core::logical_or(&lt, &both_nan)?;
        let nan_places = cuprum_core::array_equal(
            &cuprum_core::broadcast_arrays(&[&nx, &ny])?[0],
            &cuprum_core::broadcast_arrays(&[&nx, &ny])?[1],
            false,
        )?;
        Ok(nan_places && ok.all(cuprum_core::Axes::All, false)?.item()? == true.into())
    };
    let ok = check().unwrap_or_else(|e| panic!("assert_array_less: {e}"));
    assert!(ok, "assert_array_less: x is not less than y everywhere");
}

/// Panics unless the two lists have one length and equal arrays pairwise
/// (`cupy.testing.assert_array_list_equal`).
///
/// # Panics
/// As [`assert_array_equal`], or on different lengths.
///
/// ```
/// use cuprum::{Array, testing::assert_array_list_equal};
/// let a = Array::from_vec(vec![1i32], [1]).unwrap();
/// assert_array_list_equal(&[a.clone()], &[a]);
/// ```
#[track_caller]
pub fn assert_array_list_equal(xlist: &[Array], ylist: &[Array]) {
    assert_eq!(
        xlist.len(),
        ylist.len(),
        "assert_array_list_equal: lengths differ"
    );
    for (x, y) in xlist.iter().zip(ylist) {
        assert_array_equal(x, y);
    }
}

/// Runs `f` on the CPU (the reference: NumPy's part) and on every CUDA device, and compares
/// each device's result with the CPU's.
fn cross_device(what: &str, f: impl Fn(Device) -> Result<Array>, cmp: impl Fn(&Array, &Array)) {
    let reference = f(Device::Cpu).unwrap_or_else(|e| panic!("{what}: on the CPU: {e}"));
    for dev in cuprum_core::devices().into_iter().filter(|d| d.is_cuda()) {
        let got = f(dev).unwrap_or_else(|e| panic!("{what}: on {dev}: {e}"));
        assert_eq!(got.device(), dev, "{what}: the result is not on {dev}");
        assert_eq!(got.dtype(), reference.dtype(), "{what}: dtype on {dev}");
        cmp(&got, &reference);
    }
}

/// `cupy.testing.numpy_cupy_allclose`: `f(device)` on the CPU and on every CUDA device give
/// results of one dtype that are [`assert_allclose`].
///
/// # Panics
/// When `f` fails or the results differ.
///
/// ```
/// use cuprum::{Device, arange_on, testing::numpy_cupy_allclose};
/// numpy_cupy_allclose(1e-7, 0.0, |d: Device| cuprum::sqrt(&arange_on(0, 5, 1, None, d)?));
/// ```
#[track_caller]
pub fn numpy_cupy_allclose(rtol: f64, atol: f64, f: impl Fn(Device) -> Result<Array>) {
    cross_device("numpy_cupy_allclose", f, |g, r| {
        assert_allclose(g, r, rtol, atol)
    });
}

/// `cupy.testing.numpy_cupy_array_almost_equal`: as [`numpy_cupy_allclose`] with
/// [`assert_array_almost_equal`].
///
/// # Panics
/// When `f` fails or the results differ.
///
/// ```
/// use cuprum::{Device, ones_on, testing::numpy_cupy_array_almost_equal};
/// numpy_cupy_array_almost_equal(6, |d: Device| ones_on([2], None, d));
/// ```
#[track_caller]
pub fn numpy_cupy_array_almost_equal(decimal: i32, f: impl Fn(Device) -> Result<Array>) {
    cross_device("numpy_cupy_array_almost_equal", f, |g, r| {
        assert_array_almost_equal(g, r, decimal)
    });
}

/// `cupy.testing.numpy_cupy_array_almost_equal_nulp`: as [`numpy_cupy_allclose`] with
/// [`assert_array_almost_equal_nulp`].
///
/// # Panics
/// When `f` fails or the results differ.
///
/// ```
/// use cuprum::{Device, ones_on, testing::numpy_cupy_array_almost_equal_nulp};
/// numpy_cupy_array_almost_equal_nulp(1, |d: Device| ones_on([2], None, d));
/// ```
#[track_caller]
pub fn numpy_cupy_array_almost_equal_nulp(nulp: u64, f: impl Fn(Device) -> Result<Array>) {
    cross_device("numpy_cupy_array_almost_equal_nulp", f, |g, r| {
        assert_array_almost_equal_nulp(g, r, nulp)
    });
}

/// `cupy.testing.numpy_cupy_array_max_ulp`: as [`numpy_cupy_allclose`] with
/// [`assert_array_max_ulp`].
///
/// # Panics
/// When `f` fails or the results differ.
///
/// ```
/// use cuprum::{Device, ones_on, testing::numpy_cupy_array_max_ulp};
/// numpy_cupy_array_max_ulp(1, |d: Device| ones_on([2], None, d));
/// ```
#[track_caller]
pub fn numpy_cupy_array_max_ulp(maxulp: u64, f: impl Fn(Device) -> Result<Array>) {
    cross_device("numpy_cupy_array_max_ulp", f, |g, r| {
        assert_array_max_ulp(g, r, maxulp);
    });
}

/// `cupy.testing.numpy_cupy_array_equal`: as [`numpy_cupy_allclose`] with
/// [`assert_array_equal`].
///
/// # Panics
/// When `f` fails or the results differ.
///
/// ```
/// use cuprum::{Device, arange_on, testing::numpy_cupy_array_equal};
/// numpy_cupy_array_equal(|d: Device| arange_on(0, 4, 1, None, d));
/// ```
#[track_caller]
pub fn numpy_cupy_array_equal(f: impl Fn(Device) -> Result<Array>) {
    cross_device("numpy_cupy_array_equal", f, assert_array_equal);
}

/// `cupy.testing.numpy_cupy_array_less`: the CUDA devices' results are
/// [`assert_array_less`] than the CPU's.
///
/// # Panics
/// When `f` fails or a result is not smaller.
///
/// ```
/// use cuprum::{Device, ones_on, testing::numpy_cupy_array_less};
/// numpy_cupy_array_less(|d: Device| ones_on([2], None, d));
/// ```
#[track_caller]
pub fn numpy_cupy_array_less(f: impl Fn(Device) -> Result<Array>) {
    let reference = f(Device::Cpu).unwrap_or_else(|e| panic!("numpy_cupy_array_less: {e}"));
    for dev in cuprum_core::devices().into_iter().filter(|d| d.is_cuda()) {
        let got = f(dev).unwrap_or_else(|e| panic!("numpy_cupy_array_less: on {dev}: {e}"));
        assert_array_less(&got, &reference);
    }
}

/// `cupy.testing.numpy_cupy_array_list_equal`: `f(device)` gives lists of arrays that are
/// [`assert_array_list_equal`] on every CUDA device and the CPU.
///
/// # Panics
/// When `f` fails or the lists differ.
///
/// ```
/// use cuprum::{Device, ones_on, testing::numpy_cupy_array_list_equal};
/// numpy_cupy_array_list_equal(|d: Device| Ok(vec![ones_on([2], None, d)?]));
/// ```
#[track_caller]
pub fn numpy_cupy_array_list_equal(f: impl Fn(Device) -> Result<Vec<Array>>) {
    let reference = f(Device::Cpu).unwrap_or_else(|e| panic!("numpy_cupy_array_list_equal: {e}"));
    for dev in cuprum_core::devices().into_iter().filter(|d| d.is_cuda()) {
        let got = f(dev).unwrap_or_else(|e| panic!("numpy_cupy_array_list_equal: {dev}: {e}"));
        assert_array_list_equal(&got, &reference);
    }
}

/// Every dtype cuprum has (`cupy.testing`'s `_regular_dtypes`: bool, the integers, the
/// floats and the complex types).
pub const ALL_DTYPES: &[DType] = &REGULAR_DTYPES;

/// `DType::ALL` without bfloat16 (which `cupy.testing` does not test).
const REGULAR_DTYPES: [DType; 14] = {
    let mut out = [DType::Bool; 14];
    let (mut i, mut k) = (0, 0);
    while i < DType::ALL.len() {
        if !matches!(DType::ALL[i], DType::BFloat16) {
            out[k] = DType::ALL[i];
            k += 1;
        }
        i += 1;
    }
    out
};
/// The float dtypes (float16, float32, float64).
pub const FLOAT_DTYPES: &[DType] = &[DType::Float16, DType::Float32, DType::Float64];
/// The signed integer dtypes.
pub const SIGNED_DTYPES: &[DType] = &[DType::Int8, DType::Int16, DType::Int32, DType::Int64];
/// The unsigned integer dtypes.
pub const UNSIGNED_DTYPES: &[DType] = &[DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64];
/// The integer dtypes, signed then unsigned.
pub const INT_DTYPES: &[DType] = &[
    DType::Int8,
    DType::Int16,
    DType::Int32,
    DType::Int64,
    DType::UInt8,
    DType::UInt16,
    DType::UInt32,
    DType::UInt64,
];
/// The complex dtypes.
pub const COMPLEX_DTYPES: &[DType] = &[DType::Complex64, DType::Complex128];

/// Runs `f` once per dtype of `dtypes` (`cupy.testing.for_dtypes`).
///
/// ```
/// use cuprum::{DType, testing::for_dtypes};
/// let mut seen = vec![];
/// for_dtypes(&[DType::Int8, DType::Float32], |d| seen.push(d));
/// assert_eq!(seen, vec![DType::Int8, DType::Float32]);
/// ```
pub fn for_dtypes(dtypes: &[DType], mut f: impl FnMut(DType)) {
    for &d in dtypes {
        f(d);
    }
}

macro_rules! for_set {
    ($($name:ident, $combo:ident, $set:ident, $cupy:literal, $n:literal;)*) => {$(
        #[doc = concat!("Runs `f` once per dtype of [`", stringify!($set), "`] (`cupy.testing.", $cupy, "`).")]
        ///
        /// ```
        #[doc = concat!("let mut n = 0; cuprum::testing::", stringify!($name), "(|_| n += 1); assert_eq!(n, ", $n, ");")]
        /// ```
        pub fn $name(f: impl FnMut(DType)) {
            for_dtypes($set, f)
        }
    )*};
}

for_set! {
    for_all_dtypes, _a, ALL_DTYPES, "for_all_dtypes", 14;
    for_float_dtypes, _f, FLOAT_DTYPES, "for_float_dtypes", 3;
    for_signed_dtypes, _s, SIGNED_DTYPES, "for_signed_dtypes", 4;
    for_unsigned_dtypes, _u, UNSIGNED_DTYPES, "for_unsigned_dtypes", 4;
    for_int_dtypes, _i, INT_DTYPES, "for_int_dtypes", 8;
    for_complex_dtypes, _c, COMPLEX_DTYPES, "for_complex_dtypes", 2;
}

/// Runs `f` for every combination (with repetition, in order) of `n` dtypes of `dtypes`
/// (`cupy.testing.for_dtypes_combination` with `full=True`: `dtypes.len()^n` calls).
///
/// ```
/// use cuprum::{DType, testing::for_dtypes_combination};
/// let mut seen = vec![];
/// for_dtypes_combination(&[DType::Int8, DType::Float32], 2, |c| seen.push(c.to_vec()));
/// assert_eq!(seen.len(), 4);
/// assert_eq!(seen[1], vec![DType::Int8, DType::Float32]);
/// ```
pub fn for_dtypes_combination(dtypes: &[DType], n: usize, mut f: impl FnMut(&[DType])) {
    let total = (0..n).try_fold(1usize, |acc, _| acc.checked_mul(dtypes.len()));
    let Some(total) = total else {
        return;
    };
    let mut combo = vec![DType::Bool; n];
    for mut k in 0..total {
        for slot in combo.iter_mut().rev() {
            *slot = dtypes[k % dtypes.len()];
            k /= dtypes.len();
        }
        f(&combo);
    }
}

macro_rules! for_combo {
    ($($name:ident, $set:ident, $cupy:literal;)*) => {$(
        #[doc = concat!("[`for_dtypes_combination`] over [`", stringify!($set), "`] (`cupy.testing.", $cupy, "`).")]
        ///
        /// ```
        #[doc = concat!("let mut n = 0; cuprum::testing::", stringify!($name), "(2, |_| n += 1); assert!(n > 0);")]
        /// ```
        pub fn $name(n: usize, f: impl FnMut(&[DType])) {
            for_dtypes_combination($set, n, f)
        }
    )*};
}

for_combo! {
    for_all_dtypes_combination, ALL_DTYPES, "for_all_dtypes_combination";
    for_signed_dtypes_combination, SIGNED_DTYPES, "for_signed_dtypes_combination";
    for_unsigned_dtypes_combination, UNSIGNED_DTYPES, "for_unsigned_dtypes_combination";
    for_int_dtypes_combination, INT_DTYPES, "for_int_dtypes_combination";
}

/// A memory order (`'C'` or `'F'`) for [`for_orders`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Row-major (C).
    C,
    /// Column-major (Fortran).
    F,
}

impl Order {
    /// The array in this order (a copy when it is not already contiguous in it).
    ///
    /// # Errors
    /// Allocation and device errors.
    pub fn apply(self, a: &Array) -> Result<Array> {
        match self {
            Order::C => cuprum_core::ascontiguousarray(a),
            Order::F => cuprum_core::asfortranarray(a),
        }
    }
}

/// Runs `f` once per order (`cupy.testing.for_orders`).
///
/// ```
/// use cuprum::testing::{Order, for_orders};
/// let mut seen = vec![];
/// for_orders(&[Order::F], |o| seen.push(o));
/// assert_eq!(seen, vec![Order::F]);
/// ```
pub fn for_orders(orders: &[Order], mut f: impl FnMut(Order)) {
    for &o in orders {
        f(o);
    }
}

/// Runs `f` with C and with F order (`cupy.testing.for_CF_orders`).
///
/// ```
/// let mut n = 0;
/// cuprum::testing::for_cf_orders(|_| n += 1);
/// assert_eq!(n, 2);
/// ```
pub fn for_cf_orders(f: impl FnMut(Order)) {
    for_orders(&[Order::C, Order::F], f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "assert_allclose: not equal to tolerance")]
    fn allclose_panics_on_mismatch() {
        let a = Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap();
        let b = Array::from_vec(vec![1.0f64, 2.1], [2]).unwrap();
        assert_allclose(&a, &b, 1e-7, 0.0);
    }

    #[test]
    fn assertions_accept_and_reject() {
        let nan = Array::from_vec(vec![f64::NAN, 1.0], [2]).unwrap();
        assert_array_equal(&nan, &nan);
        assert_allclose(&nan, &nan, 0.0, 0.0);
        assert_array_almost_equal(&nan, &nan, 6);
        // numpy.testing.assert_array_almost_equal([1.0], [1.000002], decimal=6) raises
        // (|diff| = 2e-6 >= 1.5e-6)
        let a = Array::from_vec(vec![1.0f64], [1]).unwrap();
        let b = Array::from_vec(vec![1.000002f64], [1]).unwrap();
        assert!(
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| assert_array_almost_equal(
                &a, &b, 6
            )))
            .is_err()
        );
        assert_array_almost_equal(&a, &b, 5);
        // np.testing.assert_array_max_ulp(np.float32(1), np.float32(1) + 3*eps32) -> 3 ULP
        let x = Array::from_vec(vec![1.0f32], [1]).unwrap();
        let y = Array::from_vec(vec![1.0f32 + 3.0 * f32::EPSILON], [1]).unwrap();
        assert_eq!(assert_array_max_ulp(&x, &y, 3), 3.0);
        assert!(
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| assert_array_max_ulp(
                &x, &y, 2
            )))
            .is_err()
        );
        // across zero: nextafter(0, 1) and nextafter(0, -1) are 2 ULP apart
        let p = Array::from_vec(vec![f64::from_bits(1)], [1]).unwrap();
        let m = Array::from_vec(vec![-f64::from_bits(1)], [1]).unwrap();
        assert_eq!(assert_array_max_ulp(&p, &m, 2), 2.0);
        let lo = Array::from_vec(vec![1i32, 2], [2]).unwrap();
        let hi = Array::from_vec(vec![2i32, 3], [2]).unwrap();
        assert_array_less(&lo, &hi);
        assert!(
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| assert_array_less(&hi, &lo)))
                .is_err()
        );
        assert!(
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| assert_array_equal(
                &lo, &hi
            )))
            .is_err()
        );
    }

    #[test]
    fn cross_device_and_loops() {
        numpy_cupy_allclose(1e-12, 0.0, |d| {
            cuprum_core::exp(&cuprum_core::linspace_on(0.0, 1.0, 5, true, None, d)?)
        });
        numpy_cupy_array_equal(|d| cuprum_core::arange_on(0, 7, 2, None, d));
        let mut n = 0;
        for_all_dtypes_combination(2, |_| n += 1);
        assert_eq!(n, 14 * 14);
        let mut seen = vec![];
        for_cf_orders(|o| seen.push(o));
        assert_eq!(seen, vec![Order::C, Order::F]);
        let a = Array::from_vec(vec![1i32, 2, 3, 4], [2, 2]).unwrap();
        assert!(Order::F.apply(&a).unwrap().is_f_contiguous());
    }
}
