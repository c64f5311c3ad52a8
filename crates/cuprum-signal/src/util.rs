//! Helpers shared by the modules: dtype rules, host copies of design-sized arrays, axis moves.

use cuprum_core::{Array, DType, Device, Error, Result, ext};

/// `ext::CUDA_COMMON` followed by the kernel source `kernel`, built once into `cell` (each
/// kernel module's `source()`).
pub(crate) fn cuda_source(
    cell: &'static std::sync::OnceLock<&'static str>,
    kernel: &'static str,
) -> &'static str {
    cell.get_or_init(|| Box::leak(format!("{}\n{kernel}", ext::CUDA_COMMON).into_boxed_str()))
}

/// The argument array of a CUDA kernel launch: the addresses of the given mutable locals in
/// order, as `*mut c_void` (`kernel_args![px, n]` is `[&mut px as *mut u64 as *mut c_void,
/// &mut n as *mut i64 as *mut c_void]` for `px: u64`, `n: i64`).
macro_rules! kernel_args {
    ($($v:ident),* $(,)?) => {
        [$(&mut $v as *mut _ as *mut std::ffi::c_void),*]
    };
}
pub(crate) use kernel_args;

/// The crate's argument checks, one per [`Error`] constructor: `name(bad, op, arg, what,
/// expected)` is the constructor's error (`op`'s argument `arg`, its `what`: a shape or a
/// value, and what was `expected`) when `bad`, `Ok(())` otherwise.
macro_rules! error_if {
    ($($(#[$doc:meta])* $name:ident($what:ident: $t:ty) => $ctor:ident;)*) => {$(
        $(#[$doc])*
        pub(crate) fn $name(
            bad: bool,
            op: &'static str,
            arg: &'static str,
            $what: $t,
            expected: impl Into<String>,
        ) -> Result<()> {
            if bad { Err(Error::$ctor(op, arg, $what, expected)) } else { Ok(()) }
        }
    )*};
}

error_if! {
    /// [`Error::BadShape`] when `bad`: `arg` has `shape`, not the `expected` one.
    bad_shape_if(shape: &[usize]) => bad_shape;
    /// [`Error::BadArgument`] when `bad`: `arg` is `value`, not the `expected` kind of value.
    bad_argument_if(value: impl std::fmt::Display) => bad_argument;
    /// [`Error::OutOfDomain`] when `bad`: `arg` is `value`, outside the `expected` domain.
    out_of_domain_if(value: impl std::fmt::Display) => out_of_domain;
}

/// [`Error::BadShape`] (`op`, `arg`: "a 1-D array") unless `a` is 1-D.
pub(crate) fn check_1d(op: &'static str, arg: &'static str, a: &Array) -> Result<()> {
    bad_shape_if(a.ndim() != 1, op, arg, a.shape(), "a 1-D array")
}

/// [`Error::BadShape`] (`op`, `arg`: "a non-empty 1-D array") unless `a` is 1-D with at
/// least one element.
pub(crate) fn check_1d_nonempty(op: &'static str, arg: &'static str, a: &Array) -> Result<()> {
    let bad = a.ndim() != 1 || a.size() == 0;
    bad_shape_if(bad, op, arg, a.shape(), "a non-empty 1-D array")
}

/// [`Error::BadShape`] (`op`, `arg` of shape `[got]`, expected "`want` values, `what`") unless
/// `got == want`: the length check of host-side inputs (a state, a window's values).
pub(crate) fn check_len(
    op: &'static str,
    arg: &'static str,
    got: usize,
    want: usize,
    what: &str,
) -> Result<()> {
    bad_shape_if(
        got != want,
        op,
        arg,
        &[got],
        format!("{want} values, {what}"),
    )
}

/// [`Error::ShapeMismatch`] (`op`, the shapes `lhs` and `rhs`, `detail`) when `bad`.
pub(crate) fn shape_mismatch_if(
    bad: bool,
    op: &'static str,
    lhs: &[usize],
    rhs: &[usize],
    detail: &str,
) -> Result<()> {
    if bad {
        return Err(Error::ShapeMismatch {
            op,
            lhs: lhs.to_vec(),
            rhs: rhs.to_vec(),
            detail: Some(detail.into()),
        });
    }
    Ok(())
}

/// [`Error::ShapeMismatch`] (`op`, both shapes: "`a.0` and `b.0` must have the same number
/// of dimensions") unless the named arrays `a` and `b` have as many dimensions.
pub(crate) fn same_ndim(op: &'static str, a: (&str, &Array), b: (&str, &Array)) -> Result<()> {
    let detail = format!(
        "{} and {} must have the same number of dimensions",
        a.0, b.0
    );
    shape_mismatch_if(
        a.1.ndim() != b.1.ndim(),
        op,
        a.1.shape(),
        b.1.shape(),
        &detail,
    )
}

/// [`Error::ShapeMismatch`] (`op`, both shapes: "`a.0` and `b.0` must have the same shape")
/// unless the named arrays `a` and `b` have the same shape.
pub(crate) fn same_shape(op: &'static str, a: (&str, &Array), b: (&str, &Array)) -> Result<()> {
    let detail = format!("{} and {} must have the same shape", a.0, b.0);
    shape_mismatch_if(
        a.1.shape() != b.1.shape(),
        op,
        a.1.shape(),
        b.1.shape(),
        &detail,
    )
}

/// [`Error::DType`] (`op`, `a`'s dtype, `detail`) when `a` is complex: the check of inputs
/// that must be real.
pub(crate) fn real_only(op: &'static str, a: &Array, detail: &str) -> Result<()> {
    if a.dtype().is_complex() {
        return Err(Error::DType {
            op,
            dtype: a.dtype(),
            detail: detail.into(),
        });
    }
    Ok(())
}

/// A 1-D array (coefficients, roots) copied to the host as complex128, its values finite.
pub(crate) fn host_c128(
    op: &'static str,
    arg: &'static str,
    a: &Array,
) -> Result<Vec<cuprum_core::Complex64>> {
    if a.ndim() > 1 {
        return Err(Error::bad_shape(op, arg, a.shape(), "a 1-D array"));
    }
    let v = a
        .astype(DType::Complex128)?
        .to_device(Device::Cpu)?
        .to_vec::<cuprum_core::Complex64>()?;
    if let Some(x) = v.iter().find(|x| !(x.re.is_finite() && x.im.is_finite())) {
        return Err(Error::out_of_domain(op, arg, x, "finite values"));
    }
    Ok(v)
}

/// A transfer function `b/a` (descending powers) on the host, normalized: `a`'s leading zeros
/// stripped and `a[0]` made 1 (`b` scaled alike), `b`'s leading zeros stripped but one.
///
/// # Errors
/// [`Error::BadArgument`] naming `den_arg` when `a` has no nonzero coefficient.
pub(crate) fn tf_normalized(
    op: &'static str,
    den_arg: &'static str,
    b: &Array,
    a: &Array,
) -> Result<(Vec<f64>, Vec<f64>)> {
    let (bv, av) = (host_f64(op, b)?, host_f64(op, a)?);
    let first = av.iter().position(|&v| v != 0.0).ok_or_else(|| {
        Error::bad_argument(
            op,
            den_arg,
            format!("{av:?}"),
            "a denominator with at least one nonzero coefficient",
        )
    })?;
    let a0 = av[first];
    let av: Vec<f64> = av[first..].iter().map(|v| v / a0).collect();
    let mut bv: Vec<f64> = bv.iter().map(|v| v / a0).collect();
    while bv.len() > 1 && bv[0] == 0.0 {
        bv.remove(0);
    }
    Ok((bv, av))
}

/// The floating dtype SciPy computes in for data of dtype `d`: float32 and complex64 stay,
/// float16 becomes float32, every other real dtype (bool, integers) float64.
pub(crate) fn inexact(d: DType) -> DType {
    match d {
        DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128 => d,
        DType::Float16 | DType::BFloat16 => DType::Float32,
        _ => DType::Float64,
    }
}

/// The real dtype of the same precision (`complex64` → `float32`).
pub(crate) fn real_of(d: DType) -> DType {
    match d {
        DType::Complex64 | DType::Float32 => DType::Float32,
        _ => DType::Float64,
    }
}

/// The complex dtype of the same precision (`float32` → `complex64`).
pub(crate) fn complex_of(d: DType) -> DType {
    match d {
        DType::Complex64 | DType::Float32 => DType::Complex64,
        _ => DType::Complex128,
    }
}

/// A design-sized array (filter coefficients, a window) copied to the host as float64.
pub(crate) fn host_f64(op: &'static str, a: &Array) -> Result<Vec<f64>> {
    real_only(op, a, ": expected real coefficients")?;
    a.astype(DType::Float64)?
        .to_device(Device::Cpu)?
        .to_vec::<f64>()
}

/// A 1-D float64 array of `v` on `device`.
pub(crate) fn upload(v: Vec<f64>, device: Device) -> Result<Array> {
    let n = v.len();
    Array::from_vec_on(v, &[n], device)
}

/// A float64 array of `v` with `shape` on `device`.
pub(crate) fn upload_shaped(v: Vec<f64>, shape: &[usize], device: Device) -> Result<Array> {
    Array::from_vec_on(v, shape, device)
}

/// Normalizes `axis` of an `ndim`-d array for `op`.
pub(crate) fn axis_of(op: &'static str, axis: isize, ndim: usize) -> Result<usize> {
    ext::layout::normalize_axis(op, axis, ndim)
}

/// `a` with axis `ax` moved to the end (a view).
pub(crate) fn to_last(a: &Array, ax: usize) -> Result<Array> {
    a.moveaxis(&[ax as isize], &[-1])
}

/// `a` with its last axis moved back to `ax` (a view).
pub(crate) fn from_last(a: &Array, ax: usize) -> Result<Array> {
    a.moveaxis(&[-1], &[ax as isize])
}

/// `a[start..stop]` along axis `ax` (a view; `stop` `None` is the end).
pub(crate) fn axis_slice(a: &Array, ax: usize, start: isize, stop: Option<isize>) -> Result<Array> {
    axis_slice_step(a, ax, Some(start), stop, 1)
}

/// `a[start:stop:step]` along axis `ax` (a view).
pub(crate) fn axis_slice_step(
    a: &Array,
    ax: usize,
    start: Option<isize>,
    stop: Option<isize>,
    step: isize,
) -> Result<Array> {
    let mut items = vec![
        cuprum_core::SliceItem::Slice {
            start: None,
            stop: None,
            step: 1
        };
        a.ndim()
    ];
    items[ax] = cuprum_core::SliceItem::Slice { start, stop, step };
    a.slice(&items)
}

/// `a` reversed along `ax` (a view).
pub(crate) fn axis_reverse(a: &Array, ax: usize) -> Result<Array> {
    axis_slice_step(a, ax, None, None, -1)
}

/// A shape of `ndim` ones with `n` at `ax` (for broadcasting a 1-D array along an axis).
pub(crate) fn along(ndim: usize, ax: usize, n: usize) -> Result<Vec<usize>> {
    let mut s = cuprum_core::ext::try_vec_filled(ndim, 1)?;
    s[ax] = n;
    Ok(s)
}

/// Fails with [`Error::DeviceMismatch`] when `b` is not on `a`'s device.
pub(crate) fn same_device(op: &'static str, a: &Array, b: &Array) -> Result<()> {
    if a.device() != b.device() {
        return Err(Error::DeviceMismatch {
            op,
            lhs: a.device(),
            rhs: b.device(),
        });
    }
    Ok(())
}

/// `nd` full slices `:` (to index one axis of an `nd`-d array).
pub(crate) fn full_slices(nd: usize) -> Result<Vec<cuprum_core::SliceItem>> {
    cuprum_core::ext::try_vec_filled(
        nd,
        cuprum_core::SliceItem::Slice {
            start: None,
            stop: None,
            step: 1,
        },
    )
}
