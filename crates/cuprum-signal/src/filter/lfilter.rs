//! `lfilter`, `lfilter_zi`, `lfiltic`, `filtfilt`: a rational transfer function `b/a` along an
//! axis (direct form II transposed, SciPy's recurrence and state layout).

use super::engine::{self, Recurrence};
use super::pad::{PadType, extend, unpad_reversed, validate_pad};
use crate::util::{
    along, axis_of, axis_reverse, axis_slice, check_1d_nonempty, from_last, inexact, same_device,
    to_last, upload,
};
use crate::util::{bad_argument_if, bad_shape_if};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result};

/// Normalized, equal-length coefficients of `b/a` on the host, and the dtype they promote to.
pub(crate) fn ba_host(op: &'static str, b: &Array, a: &Array) -> Result<(Vec<C>, Vec<C>, DType)> {
    for (name, c) in [("b", b), ("a", a)] {
        check_1d_nonempty(op, name, c)?;
    }
    let host = |c: &Array| -> Result<Vec<C>> {
        c.astype(DType::Complex128)?
            .to_device(Device::Cpu)?
            .to_vec::<C>()
    };
    let (mut bv, mut av) = (host(b)?, host(a)?);
    bad_argument_if(
        av[0] == C::new(0.0, 0.0),
        op,
        "a",
        "a[0] = 0",
        "a nonzero first coefficient",
    )?;
    let a0 = av[0];
    for c in bv.iter_mut().chain(av.iter_mut()) {
        *c /= a0;
    }
    let n = bv.len().max(av.len());
    bv.resize(n, C::new(0.0, 0.0));
    av.resize(n, C::new(0.0, 0.0));
    Ok((bv, av, DType::promote(b.dtype(), a.dtype())))
}

/// The state shape of `x` along `ax` with `k` values: `x`'s shape with `shape[ax] = k`.
fn state_shape(x: &Array, ax: usize, k: usize) -> Vec<usize> {
    let mut s = x.shape().to_vec();
    s[ax] = k;
    s
}

fn filter_ba(
    op: &'static str,
    b: &Array,
    a: &Array,
    x: &Array,
    zi: Option<&Array>,
    axis: isize,
) -> Result<(Array, Array)> {
    let (bv, av, cdt) = ba_host(op, b, a)?;
    let ax = axis_of(op, axis, x.ndim().max(1))?;
    bad_shape_if(x.ndim() == 0, op, "x", x.shape(), "at least 1 dimension")?;
    let k = bv.len() - 1;
    let dt = inexact(DType::promote(cdt, x.dtype()));
    let dt = match zi {
        Some(z) => inexact(DType::promote(dt, z.dtype())),
        None => dt,
    };
    let zshape = state_shape(x, ax, k);
    let z = match zi {
        Some(z) => {
            same_device(op, x, z)?;
            z.broadcast_to(&zshape).map_err(|_| {
                Error::bad_shape(
                    op,
                    "zi",
                    z.shape(),
                    format!(
                        "{zshape:?} or a shape broadcastable to it (x's shape {:?} with axis {ax} \
                         of length max(len(a), len(b)) - 1 = {k})",
                        x.shape()
                    ),
                )
            })?
        }
        None => cuprum_core::zeros_on(&zshape[..], dt, x.device())?,
    };
    // no copy when x already has the working dtype (the engine reads it in place)
    let xl = if x.dtype() == dt {
        to_last(x, ax)?
    } else {
        to_last(&x.astype(dt)?, ax)?
    };
    let zl = to_last(&z.astype(dt)?, ax)?;
    let (y, zf) = engine::run(op, &Recurrence::Ba { b: &bv, a: &av }, &xl, &zl)?;
    Ok((from_last(&y, ax)?, from_last(&zf, ax)?))
}

/// Filters `x` along `axis` with the rational transfer function `b/a`, from zero initial
/// state (`scipy.signal.lfilter` without `zi`).
///
/// **Shapes**: 1-D `b`, `a` (`a[0] != 0`), `x` of any shape → `y` of `x`'s shape.
///
/// `a[0]·y[n] = Σ b[k]·x[n−k] − Σ_{k≥1} a[k]·y[n−k]`. **Dtypes**: `b`, `a` and `x` promote
/// together, integers to float64 (float32 coefficients with float32 data stay float32).
///
/// # Errors
/// [`Error::BadShape`] naming `lfilter` for empty or non-1-D `b`/`a` or 0-d `x`;
/// [`Error::BadArgument`] for `a[0] == 0`; [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex coefficients on a CUDA
/// device.
///
/// **Algorithm**: direct form II transposed, one pass per 1-D signal: rayon over the signals
/// on the CPU, one CUDA thread per signal on a device (`kernels/signal/iir.cu`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::lfilter;
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64, 0.0, 0.0], &[3], Device::Cpu).unwrap();
/// assert_eq!(lfilter(&b, &a, &x, -1).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 0.5, 0.25]);
/// ```
pub fn lfilter(b: &Array, a: &Array, x: &Array, axis: isize) -> Result<Array> {
    Ok(filter_ba("lfilter", b, a, x, None, axis)?.0)
}

/// [`lfilter`] from the initial state `zi`, returning the output and the final state
/// (`scipy.signal.lfilter(b, a, x, axis, zi)` → `(y, zf)`).
///
/// **Shapes**: `zi` has `x`'s shape with `shape[axis] = max(len(a), len(b)) − 1` (axes of
/// length 1 broadcast) → `y` of `x`'s shape, `zf` of that state shape.
///
/// # Errors
/// As [`lfilter`], and [`Error::BadShape`] naming `zi` when its shape does not fit.
///
/// **Algorithm**: as [`lfilter`]; the state is SciPy's (the transposed direct form's delays).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::lfilter_with_state;
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.0f64, 0.0], &[2], Device::Cpu).unwrap();
/// let zi = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let (y, zf) = lfilter_with_state(&b, &a, &x, &zi, -1).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 0.5]);
/// assert_eq!(zf.to_vec::<f64>().unwrap(), vec![0.25]);
/// ```
pub fn lfilter_with_state(
    b: &Array,
    a: &Array,
    x: &Array,
    zi: &Array,
    axis: isize,
) -> Result<(Array, Array)> {
    filter_ba("lfilter", b, a, x, Some(zi), axis)
}

/// Solves `m·v = r` (dense, partial pivoting) on the host.
pub(crate) fn solve(op: &'static str, mut m: Vec<Vec<f64>>, mut r: Vec<f64>) -> Result<Vec<f64>> {
    let n = r.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))
            .unwrap_or(c);
        bad_argument_if(
            m[p][c] == 0.0,
            op,
            "a",
            "a filter with a pole at z = 1",
            "a filter without a pole at z = 1 (I − Aᵀ is singular)",
        )?;
        m.swap(c, p);
        r.swap(c, p);
        for i in c + 1..n {
            let f = m[i][c] / m[c][c];
            let (top, bottom) = m.split_at_mut(i);
            for (a, b) in bottom[0][c..].iter_mut().zip(&top[c][c..]) {
                *a -= f * b;
            }
            r[i] -= f * r[c];
        }
    }
    let mut v = cuprum_core::ext::try_vec_filled(n, 0.0)?;
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|j| m[i][j] * v[j]).sum();
        v[i] = (r[i] - s) / m[i][i];
    }
    Ok(v)
}

/// Host `lfilter_zi` of real coefficients.
pub(crate) fn lfilter_zi_host(op: &'static str, b: &[f64], a: &[f64]) -> Result<Vec<f64>> {
    let mut a: Vec<f64> = a.to_vec();
    while a.len() > 1 && a[0] == 0.0 {
        a.remove(0);
    }
    bad_argument_if(
        a.is_empty() || a[0] == 0.0,
        op,
        "a",
        format!("{a:?}"),
        "at least one nonzero coefficient",
    )?;
    let a0 = a[0];
    let mut b: Vec<f64> = b.iter().map(|v| v / a0).collect();
    let mut a: Vec<f64> = a.iter().map(|v| v / a0).collect();
    let n = a.len().max(b.len());
    a.resize(n, 0.0);
    b.resize(n, 0.0);
    let k = n - 1;
    // I − companion(a)ᵀ: companion's first row is −a[1:], its subdiagonal ones
    let mut m = cuprum_core::ext::try_vec_filled(k, cuprum_core::ext::try_vec_filled(k, 0.0)?)?;
    for i in 0..k {
        m[i][i] += 1.0;
        m[i][0] += a[i + 1];
        if i + 1 < k {
            m[i][i + 1] -= 1.0;
        }
    }
    let r: Vec<f64> = (0..k).map(|i| b[i + 1] - a[i + 1] * b[0]).collect();
    solve(op, m, r)
}

/// The initial state of [`lfilter_with_state`] for the steady state of a unit step
/// (`scipy.signal.lfilter_zi`).
///
/// **Shapes**: 1-D `b`, `a` → `(max(len(a), len(b)) − 1,)` float64 on `b`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `lfilter_zi` for non-1-D coefficients; [`Error::DType`] for
/// complex ones; [`Error::BadArgument`] naming `a` for an all-zero `a` or a singular system (a
/// pole at `z = 1`).
///
/// **Algorithm**: SciPy's: solves `(I − Aᵀ)·zi = b[1:] − a[1:]·b[0]` with `A` the companion
/// matrix of `a`, on the host (O(order²) design work).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![0.5f64, 0.5], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 0.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(cuprum_signal::lfilter_zi(&b, &a).unwrap().to_vec::<f64>().unwrap(), vec![0.5]);
/// ```
pub fn lfilter_zi(b: &Array, a: &Array) -> Result<Array> {
    const OP: &str = "lfilter_zi";
    for (name, c) in [("b", b), ("a", a)] {
        bad_shape_if(c.ndim() != 1, OP, name, c.shape(), "a 1-D array")?;
    }
    let zi = lfilter_zi_host(
        OP,
        &crate::util::host_f64(OP, b)?,
        &crate::util::host_f64(OP, a)?,
    )?;
    upload(zi, b.device())
}

/// The initial state of [`lfilter_with_state`] that reproduces past outputs `y` (most
/// recent first) and inputs `x` (`scipy.signal.lfiltic`).
///
/// **Shapes**: 1-D `b`, `a`, `y`, optional 1-D `x` → `(max(len(a), len(b)) − 1,)` float64 on
/// `b`'s device. Missing past values are zeros.
///
/// # Errors
/// [`Error::DType`] naming `lfiltic` for complex arguments; [`Error::BadArgument`] for
/// `a[0] == 0`.
///
/// **Algorithm**: SciPy's sums over the past values, on the host (O(order²)).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// assert_eq!(cuprum_signal::lfiltic(&b, &a, &y, None).unwrap().to_vec::<f64>().unwrap(), vec![1.0]);
/// ```
pub fn lfiltic(b: &Array, a: &Array, y: &Array, x: Option<&Array>) -> Result<Array> {
    const OP: &str = "lfiltic";
    let h = |c: &Array| crate::util::host_f64(OP, c);
    let (bv, av, yv) = (h(b)?, h(a)?, h(y)?);
    if av.first().copied().unwrap_or(0.0) == 0.0 {
        let v = if av.is_empty() { "[]" } else { "a[0] = 0" };
        return Err(Error::bad_argument(
            OP,
            "a",
            v,
            "a nonzero first coefficient",
        ));
    }
    let n = av.len() - 1;
    let m = bv.len().saturating_sub(1);
    let k = m.max(n);
    let mut xv = match x {
        Some(x) => h(x)?,
        None => vec![],
    };
    xv.resize(m, 0.0);
    let mut yv = yv;
    yv.resize(n, 0.0);
    let mut zi = cuprum_core::ext::try_vec_filled(k, 0.0)?;
    for (i, z) in zi.iter_mut().enumerate().take(m) {
        *z = (0..m - i).map(|j| bv[i + 1 + j] * xv[j]).sum();
    }
    for (i, z) in zi.iter_mut().enumerate().take(n) {
        *z -= (0..n - i).map(|j| av[i + 1 + j] * yv[j]).sum::<f64>();
    }
    let a0 = av[0];
    upload(zi.iter().map(|v| v / a0).collect(), b.device())
}

/// Options of [`filtfilt`] and [`sosfiltfilt`](crate::sosfiltfilt).
#[derive(Clone, Copy, Debug, Default)]
pub struct FiltfiltOptions {
    /// the extension at both ends (default odd)
    pub padtype: PadType,
    /// samples of extension (default `3·max(len(a), len(b))`, or `3·ntaps` of the sections)
    pub padlen: Option<usize>,
}

/// Applies `b/a` forward and backward along `axis` (zero phase, squared magnitude response)
/// (`scipy.signal.filtfilt` with `method='pad'`).
///
/// **Shapes**: 1-D `b`, `a`, `x` of any shape → `x`'s shape (`b`, `a`, `x` promoted, integers
/// to float64).
///
/// The signal is extended at both ends by `padlen` samples (`padtype` odd, even or constant;
/// none), filtered forward from the state `lfilter_zi · x_ext[0]`, then backward from
/// `lfilter_zi · y[-1]`, and the extension is cut off.
///
/// # Errors
/// As [`lfilter`], and [`Error::BadArgument`] naming `padlen` when `x` is not longer than
/// `padlen` along `axis`.
///
/// **Algorithm**: SciPy's, composed of [`lfilter_with_state`] runs and views (the extension
/// is computed on `x`'s device).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FiltfiltOptions, filtfilt};
/// let b = Array::from_vec_on(vec![0.5f64, 0.5], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64; 10], &[10], Device::Cpu).unwrap();
/// let y = filtfilt(&b, &a, &x, -1, &FiltfiltOptions::default()).unwrap();
/// assert!(y.to_vec::<f64>().unwrap().iter().all(|v| (v - 1.0).abs() < 1e-12));
/// ```
pub fn filtfilt(
    b: &Array,
    a: &Array,
    x: &Array,
    axis: isize,
    opts: &FiltfiltOptions,
) -> Result<Array> {
    const OP: &str = "filtfilt";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let ntaps = b.size().max(a.size());
    let (edge, ext) = validate_pad(OP, opts.padtype, opts.padlen, x, ax, ntaps)?;
    let ext = extend(&ext, ax, edge, opts.padtype)?;
    let zi = lfilter_zi_host(
        OP,
        &crate::util::host_f64(OP, b)?,
        &crate::util::host_f64(OP, a)?,
    )?;
    let k = zi.len();
    let zi = Array::from_vec_on(zi, &along(x.ndim(), ax, k)?[..], x.device())?;
    let x0 = axis_slice(&ext, ax, 0, Some(1))?;
    let (y, _) = filter_ba(
        OP,
        b,
        a,
        &ext,
        Some(&cuprum_core::multiply(&zi, &x0)?),
        ax as isize,
    )?;
    let y0 = axis_slice(&y, ax, -1, None)?;
    let (y, _) = filter_ba(
        OP,
        b,
        a,
        &axis_reverse(&y, ax)?,
        Some(&cuprum_core::multiply(&zi, &y0)?),
        ax as isize,
    )?;
    unpad_reversed(&y, ax, edge)
}
