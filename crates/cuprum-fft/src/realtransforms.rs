//! Real-to-real transforms with `scipy.fft`'s names: [`dct`], [`idct`], [`dctn`], [`idctn`],
//! [`dst`], [`idst`], [`dstn`], [`idstn`] (types 1–4), as `cupyx.scipy.fft`.
//!
//! # Definitions
//!
//! With `N` the (padded or truncated) length along the axis and no normalization
//! (`norm = Backward` on the forward transform, `orthogonalize = false`), as SciPy:
//!
//! | type | DCT `y[k]` | DST `y[k]` |
//! |---|---|---|
//! | 1 | `x[0] + (-1)^k x[N-1] + 2 Σ_{n=1}^{N-2} x[n] cos(πkn/(N-1))` | `2 Σ x[n] sin(π(k+1)(n+1)/(N+1))` |
//! | 2 | `2 Σ x[n] cos(πk(2n+1)/(2N))` | `2 Σ x[n] sin(π(k+1)(2n+1)/(2N))` |
//! | 3 | `x[0] + 2 Σ_{n≥1} x[n] cos(πn(2k+1)/(2N))` | `(-1)^k x[N-1] + 2 Σ_{n<N-1} x[n] sin(π(2k+1)(n+1)/(2N))` |
//! | 4 | `2 Σ x[n] cos(π(2n+1)(2k+1)/(4N))` | `2 Σ x[n] sin(π(2n+1)(2k+1)/(4N))` |
//!
//! The inverse of type 2 is type 3 (and the other way round); types 1 and 4 are their own
//! inverses. `idct(x, t)` is the DCT of type `inv(t)` scaled by the inverse column of the
//! table below.
//!
//! # Normalization
//!
//! With `d = 2N'` (`N' = N − 1` for DCT-I, `N + 1` for DST-I, `N` otherwise), the forward
//! transform is scaled by 1 (`Backward`), `1/√d` (`Ortho`) or `1/d` (`Forward`), the inverse by
//! `1/d`, `1/√d`, 1. `orthogonalize` (`None`: true exactly when `norm` is `Ortho`, SciPy 1.17's
//! default) changes the definitions so that the `Ortho` matrices are orthogonal: DCT-I
//! multiplies `x[0]`, `x[N-1]` by √2 and divides `y[0]`, `y[N-1]` by √2; DCT-II divides
//! `y[0]` by √2, DCT-III multiplies `x[0]` by √2; DST-II divides `y[N-1]` by √2, DST-III
//! multiplies `x[N-1]` by √2; types 4 and DST-I are unchanged.
//!
//! # Dtypes
//!
//! As SciPy: float32 (and float16, bfloat16) → float32; float64, integers and bool → float64;
//! complex64 → complex64 and complex128 → complex128, the real and imaginary parts transformed
//! separately.
//!
//! # Algorithm
//!
//! Every type is one real FFT of the zero-padded (and, for types 1 and 3, weighted) input,
//! followed by one complex twiddle multiplication and taking the real part (`cuFFT` has no
//! real-to-real transforms, so `cupyx.scipy.fft` does the same kind of thing):
//!
//! | type | rfft length | bins used | twiddle |
//! |---|---|---|---|
//! | DCT-I | `2(N−1)` | `0..N` | 1 |
//! | DST-I | `2(N+1)` | `1..N+1` | `2i·e^{−iπ(k+1)/(N+1)}` |
//! | DCT-II / DST-II | `2N` | `0..N` / `1..N+1` | `2·e^{−iπk/(2N)}` / `2i·e^{−iπ(k+1)/(2N)}` |
//! | DCT-III / DST-III | `4N` | odd bins `1, 3, …, 2N−1` | 1 / `i·e^{−iπ(2k+1)/(2N)}` |
//! | DCT-IV / DST-IV | `4N` | odd bins | `2·e^{−iπ(2k+1)/(4N)}` / `2i·e^{−iπ(2k+1)/(4N)}` |
//!
//! The scale and the orthogonalization factors are folded into the weights and twiddles
//! (computed in double precision on the host, uploaded once per call). Everything else is
//! cuprum's own [`rfft`](crate::rfft) and elementwise operations, so the transforms run on every
//! device (cuFFT on CUDA) with no kernels of their own.

use crate::Norm;
use cuprum_core::ext::layout::normalize_axis;
use cuprum_core::{Array, Complex32, Complex64, DType, Error, Result, SliceItem};
use std::f64::consts::{PI, SQRT_2};

/// Cosine or sine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trig {
    Cos,
    Sin,
}

impl Trig {
    fn name(self) -> &'static str {
        match self {
            Trig::Cos => "DCT",
            Trig::Sin => "DST",
        }
    }
}

/// One batched 1-D real transform, ready to run.
struct Recipe {
    /// weights the input is multiplied by (length `n`), if any
    pre: Option<Vec<f64>>,
    /// length of the real FFT
    len: usize,
    /// first bin used
    start: usize,
    /// distance between the bins used
    step: usize,
    /// twiddles the bins are multiplied by (length `n`) before taking the real part
    post: Vec<Complex64>,
}

/// The recipe of the forward transform `(trig, ty)` of length `n` scaled by `f`.
///
/// # Errors
/// [`Error::OutOfMemory`] when the host cannot hold its `n` twiddles.
fn recipe(trig: Trig, ty: u32, n: usize, f: f64, orth: bool) -> Result<Recipe> {
    // the twiddles (16 bytes each) and pre-factors (8 bytes each)
    cuprum_core::ext::check_host_bytes(n.saturating_mul(24))?;
    let nf = n as f64;
    let cis = |t: f64| Complex64::from_polar(1.0, t);
    let two_i = Complex64::new(0.0, 2.0 * f);
    Ok(match (trig, ty) {
        (Trig::Cos, 1) => {
            let mut pre = cuprum_core::ext::try_vec_filled(n, 2.0)?;
            pre[0] = 1.0;
            pre[n - 1] = 1.0;
            let mut post = cuprum_core::ext::try_vec_filled(n, Complex64::new(f, 0.0))?;
            if orth {
                pre[0] = SQRT_2;
                pre[n - 1] = SQRT_2;
                post[0] /= SQRT_2;
                post[n - 1] /= SQRT_2;
            }
            Recipe {
                pre: Some(pre),
                len: 2 * (n - 1),
                start: 0,
                step: 1,
                post,
            }
        }
        (Trig::Sin, 1) => Recipe {
            pre: None,
            len: 2 * (n + 1),
            start: 1,
            step: 1,
            post: (0..n)
                .map(|k| two_i * cis(-PI * (k + 1) as f64 / (nf + 1.0)))
                .collect(),
        },
        (Trig::Cos, 2) => {
            let mut post: Vec<Complex64> = (0..n)
                .map(|k| 2.0 * f * cis(-PI * k as f64 / (2.0 * nf)))
                .collect();
            if orth {
                post[0] /= SQRT_2;
            }
            Recipe {
                pre: None,
                len: 2 * n,
                start: 0,
                step: 1,
                post,
            }
        }
        (Trig::Sin, 2) => {
            let mut post: Vec<Complex64> = (0..n)
                .map(|k| two_i * cis(-PI * (k + 1) as f64 / (2.0 * nf)))
                .collect();
            if orth {
                post[n - 1] /= SQRT_2;
            }
            Recipe {
                pre: None,
                len: 2 * n,
                start: 1,
                step: 1,
                post,
            }
        }
        (Trig::Cos, 3) | (Trig::Sin, 3) => {
            let mut pre = cuprum_core::ext::try_vec_filled(n, 2.0)?;
            let edge = if trig == Trig::Cos { 0 } else { n - 1 };
            pre[edge] = if orth { SQRT_2 } else { 1.0 };
            let post = match trig {
                Trig::Cos => cuprum_core::ext::try_vec_filled(n, Complex64::new(f, 0.0))?,
                Trig::Sin => (0..n)
                    .map(|k| Complex64::new(0.0, f) * cis(-PI * (2 * k + 1) as f64 / (2.0 * nf)))
                    .collect(),
            };
            Recipe {
                pre: Some(pre),
                len: 4 * n,
                start: 1,
                step: 2,
                post,
            }
        }
        _ => {
            // type 4
            let c = if trig == Trig::Cos {
                Complex64::new(2.0 * f, 0.0)
            } else {
                two_i
            };
            Recipe {
                pre: None,
                len: 4 * n,
                start: 1,
                step: 2,
                post: (0..n)
                    .map(|k| c * cis(-PI * (2 * k + 1) as f64 / (4.0 * nf)))
                    .collect(),
            }
        }
    })
}

/// The real dtype a real input computes in (SciPy: float32 stays, integers go to float64).
fn real_dtype(dtype: DType) -> DType {
    match dtype {
        DType::Float32 | DType::Float16 | DType::BFloat16 => DType::Float32,
        _ => DType::Float64,
    }
}

/// An array of `values` along axis `ax` of an `ndim`-d array (length 1 on the other axes),
/// in `dtype` (float32/float64/complex64/complex128), on `like`'s device.
fn axis_vector_real(values: &[f64], ndim: usize, ax: usize, like: &Array) -> Result<Array> {
    let mut shape = vec![1usize; ndim];
    shape[ax] = values.len();
    if like.dtype() == DType::Float32 {
        let v: Vec<f32> = values.iter().map(|&x| x as f32).collect();
        Array::from_vec_on(v, shape.as_slice(), like.device())
    } else {
        Array::from_vec_on(values.to_vec(), shape.as_slice(), like.device())
    }
}

fn axis_vector_complex(
    values: &[Complex64],
    ndim: usize,
    ax: usize,
    single: bool,
    like: &Array,
) -> Result<Array> {
    let mut shape = vec![1usize; ndim];
    shape[ax] = values.len();
    if single {
        let v: Vec<Complex32> = values
            .iter()
            .map(|z| Complex32::new(z.re as f32, z.im as f32))
            .collect();
        Array::from_vec_on(v, shape.as_slice(), like.device())
    } else {
        Array::from_vec_on(values.to_vec(), shape.as_slice(), like.device())
    }
}

/// `items` selecting `start..stop` with `step` along `ax` of an `ndim`-d array.
fn axis_slice(ndim: usize, ax: usize, start: usize, stop: usize, step: usize) -> Vec<SliceItem> {
    let mut items = vec![SliceItem::FULL; ndim];
    items[ax] = SliceItem::Slice {
        start: Some(start as isize),
        stop: Some(stop as isize),
        step: step as isize,
    };
    items
}

/// The scale of a transform with `d = 2N'` on the forward (`inverse = false`) or inverse side.
fn scale(norm: Norm, d: usize, inverse: bool) -> f64 {
    let d = d as f64;
    match (norm, inverse) {
        (Norm::Backward, false) | (Norm::Forward, true) => 1.0,
        (Norm::Ortho, _) => 1.0 / d.sqrt(),
        (Norm::Backward, true) | (Norm::Forward, false) => 1.0 / d,
    }
}

/// Checks the type and the length of one 1-D transform.
fn check(op: &'static str, trig: Trig, ty: u32, n: usize) -> Result<()> {
    if !(1..=4).contains(&ty) {
        return Err(Error::bad_argument(
            op,
            "type",
            ty,
            format!("a {} type of 1, 2, 3 or 4", trig.name()),
        ));
    }
    if n < 1 {
        return Err(Error::bad_argument(
            op,
            "n",
            n,
            "a positive number of data points",
        ));
    }
    if trig == Trig::Cos && ty == 1 && n < 2 {
        return Err(Error::bad_argument(
            op,
            "n",
            n,
            "at least 2 data points for DCT-I (SciPy: zero-length FFT requested)",
        ));
    }
    Ok(())
}

/// One 1-D transform of a real float32/float64 array along `ax` (checked), length `n`.
#[allow(clippy::too_many_arguments)]
fn real_1d(
    x: &Array,
    trig: Trig,
    ty: u32,
    n: usize,
    ax: usize,
    norm: Norm,
    orth: bool,
    inverse: bool,
) -> Result<Array> {
    let nd = x.ndim();
    // the forward type that computes this transform
    let fty = if inverse {
        match ty {
            2 => 3,
            3 => 2,
            t => t,
        }
    } else {
        ty
    };
    let d = match (trig, ty) {
        (Trig::Cos, 1) => 2 * (n - 1),
        (Trig::Sin, 1) => 2 * (n + 1),
        _ => 2 * n,
    };
    let f = scale(norm, d, inverse);
    let r = recipe(trig, fty, n, f, orth)?;
    let m = x.shape()[ax].min(n);
    let mut xin = x.slice(&axis_slice(nd, ax, 0, m, 1))?;
    if let Some(pre) = &r.pre {
        let w = axis_vector_real(&pre[..m], nd, ax, x)?;
        xin = cuprum_core::multiply(&xin, &w)?;
    }
    let spec = crate::rfft(&xin, Some(r.len), ax as isize, Norm::Backward)?;
    let bins = spec.slice(&axis_slice(nd, ax, r.start, r.start + r.step * n, r.step))?;
    let tw = axis_vector_complex(&r.post, nd, ax, x.dtype() == DType::Float32, x)?;
    cuprum_core::real(&cuprum_core::multiply(&bins, &tw)?)
}

/// Applies `f` to a real input (promoted as SciPy), or to the real and imaginary parts of a
/// complex one.
fn separable(x: &Array, f: impl Fn(&Array) -> Result<Array>) -> Result<Array> {
    if x.dtype().is_complex() {
        let re = f(&cuprum_core::real(x)?)?;
        let im = f(&cuprum_core::imag(x)?)?;
        cuprum_core::add(&re, &cuprum_core::multiply(&im, Complex64::new(0.0, 1.0))?)
    } else {
        let want = real_dtype(x.dtype());
        if x.dtype() == want {
            f(x)
        } else {
            f(&x.astype(want)?)
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn one(
    op: &'static str,
    trig: Trig,
    inverse: bool,
    x: &Array,
    ty: u32,
    n: Option<usize>,
    axis: isize,
    norm: Norm,
    orthogonalize: Option<bool>,
) -> Result<Array> {
    let ax = normalize_axis(op, axis, x.ndim())?;
    let n = n.unwrap_or(x.shape()[ax]);
    check(op, trig, ty, n)?;
    let orth = orthogonalize.unwrap_or(norm == Norm::Ortho);
    separable(x, |r| real_1d(r, trig, ty, n, ax, norm, orth, inverse))
}

/// SciPy's `_init_nd_shape_and_axes`: the lengths and (normalized) axes of an n-d transform.
fn nd_args(
    op: &'static str,
    shape: &[usize],
    s: Option<&[usize]>,
    axes: Option<&[isize]>,
) -> Result<(Vec<usize>, Vec<usize>)> {
    let nd = shape.len();
    let axes_u: Option<Vec<usize>> = match axes {
        Some(a) => {
            let v: Vec<usize> = a
                .iter()
                .map(|&x| normalize_axis(op, x, nd))
                .collect::<Result<_>>()?;
            for (i, &p) in v.iter().enumerate() {
                if v[..i].contains(&p) {
                    return Err(Error::bad_argument(
                        op,
                        "axes",
                        format!("{a:?}"),
                        format!("distinct axes (axis {p} is repeated)"),
                    ));
                }
            }
            Some(v)
        }
        None => None,
    };
    let (lens, axes_u) = match (s, axes_u) {
        (Some(s), Some(a)) => {
            if s.len() != a.len() {
                return Err(Error::bad_argument(
                    op,
                    "s",
                    format!("{s:?}"),
                    format!("{} lengths, one per entry of axes", a.len()),
                ));
            }
            (s.to_vec(), a)
        }
        (Some(s), None) => {
            if s.len() > nd {
                return Err(Error::bad_argument(
                    op,
                    "s",
                    format!("{s:?}"),
                    format!("at most {nd} lengths (the input's dimensions)"),
                ));
            }
            (s.to_vec(), (nd - s.len()..nd).collect())
        }
        (None, Some(a)) => (a.iter().map(|&k| shape[k]).collect(), a),
        (None, None) => (shape.to_vec(), (0..nd).collect()),
    };
    if lens.contains(&0) {
        return Err(Error::bad_argument(
            op,
            "s",
            format!("{lens:?}"),
            "positive numbers of data points",
        ));
    }
    Ok((lens, axes_u))
}

#[allow(clippy::too_many_arguments)]
fn many(
    op: &'static str,
    trig: Trig,
    inverse: bool,
    x: &Array,
    ty: u32,
    s: Option<&[usize]>,
    axes: Option<&[isize]>,
    norm: Norm,
    orthogonalize: Option<bool>,
) -> Result<Array> {
    let (lens, axes_u) = nd_args(op, x.shape(), s, axes)?;
    for &n in &lens {
        check(op, trig, ty, n)?;
    }
    if axes_u.is_empty() {
        // SciPy returns the input as it is
        return Ok(x.clone());
    }
    let orth = orthogonalize.unwrap_or(norm == Norm::Ortho);
    separable(x, |r| {
        let mut cur = r.clone();
        for (&n, &ax) in lens.iter().zip(&axes_u) {
            cur = real_1d(&cur, trig, ty, n, ax, norm, orth, inverse)?;
        }
        Ok(cur)
    })
}

/// Writes the public transforms: each calls [`one`] (1-D) or [`many`] (n-D) with its name, its
/// trigonometric kind and its direction, and the arguments of SciPy's function of that name.
macro_rules! trig_transforms {
    ($(
        $(#[$doc:meta])*
        pub fn $name:ident = $via:ident($trig:ident, inverse: $inverse:literal; $len:ident: $lt:ty, $ax:ident: $at:ty);
    )*) => {$(
        $(#[$doc])*
        pub fn $name(
            x: &Array,
            r#type: u32,
            $len: $lt,
            $ax: $at,
            norm: Norm,
            orthogonalize: Option<bool>,
        ) -> Result<Array> {
            $via(stringify!($name), Trig::$trig, $inverse, x, r#type, $len, $ax, norm, orthogonalize)
        }
    )*};
}

trig_transforms! {
    /// The discrete cosine transform of `type` 1–4 along `axis` (`scipy.fft.dct`,
    /// `cupyx.scipy.fft.dct`).
    ///
    /// **Shapes**: `x` of any shape with at least one axis → the same shape with `n` along `axis`;
    /// `n` (`None`: the input's length) zero-pads or truncates first.
    ///
    /// `dct(x, type, n, axis, norm, orthogonalize)` is SciPy's
    /// `dct(x, type, n, axis, norm, orthogonalize=...)` (`overwrite_x`, `workers` have no
    /// counterpart). The definitions, norms, dtypes and the algorithm are in the
    /// [module docs](crate::realtransforms): one [`rfft`](crate::rfft) plus elementwise twiddles,
    /// on every device.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for a bad `axis`; [`Error::BadArgument`] for a `type` other
    /// than 1–4, `n = 0` (or an empty axis), and type 1 with `n < 2`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dct};
    /// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
    /// let y = dct(&x, 2, None, -1, Norm::Backward, None).unwrap().to_vec::<f64>().unwrap();
    /// assert!((y[0] - 20.0).abs() < 1e-12); // 2 * (1 + 2 + 3 + 4)
    /// assert!((y[1] - -6.308644059797899).abs() < 1e-12); // scipy.fft.dct([1, 2, 3, 4])[1]
    /// ```
    pub fn dct = one(Cos, inverse: false; n: Option<usize>, axis: isize);

    /// The inverse discrete cosine transform (`scipy.fft.idct`): the DCT of type 3 for `type` 2,
    /// of type 2 for `type` 3, of the same type for 1 and 4, scaled by the inverse side of `norm`
    /// (`1/(2N)`, or `1/(2(N−1))` for type 1, by default), so `idct(dct(x)) == x` for every
    /// type and norm.
    ///
    /// **Shapes**: as [`dct`].
    ///
    /// # Errors
    /// As [`dct`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dct, idct};
    /// let x = Array::from_vec_on(vec![1.0f32, -2.0, 0.5], &[3], Device::Cpu).unwrap();
    /// let y = dct(&x, 4, None, -1, Norm::Ortho, None).unwrap();
    /// let back = idct(&y, 4, None, -1, Norm::Ortho, None).unwrap().to_vec::<f32>().unwrap();
    /// assert!((back[1] + 2.0).abs() < 1e-5);
    /// ```
    pub fn idct = one(Cos, inverse: true; n: Option<usize>, axis: isize);

    /// The discrete sine transform of `type` 1–4 along `axis` (`scipy.fft.dst`).
    ///
    /// **Shapes**: as [`dct`].
    ///
    /// Definitions, norms and dtypes in the [module docs](crate::realtransforms); one
    /// [`rfft`](crate::rfft) plus elementwise twiddles, on every device.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for a bad `axis`; [`Error::BadArgument`] for a `type` other
    /// than 1–4 or `n = 0`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dst};
    /// let x = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
    /// let y = dst(&x, 1, None, -1, Norm::Backward, None).unwrap().to_vec::<f64>().unwrap();
    /// assert!((y[0] - 2.0 * 3f64.sqrt()).abs() < 1e-12); // 2 (sin(π/3) + sin(2π/3))
    /// assert!(y[1].abs() < 1e-12);
    /// ```
    pub fn dst = one(Sin, inverse: false; n: Option<usize>, axis: isize);

    /// The inverse discrete sine transform (`scipy.fft.idst`); types as [`idct`].
    ///
    /// **Shapes**: as [`dct`].
    ///
    /// # Errors
    /// As [`dst`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dst, idst};
    /// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0, 5.0], &[5], Device::Cpu).unwrap();
    /// let y = dst(&x, 2, None, -1, Norm::Forward, None).unwrap();
    /// let back = idst(&y, 2, None, -1, Norm::Forward, None).unwrap().to_vec::<f64>().unwrap();
    /// assert!((back[4] - 5.0).abs() < 1e-12);
    /// ```
    pub fn idst = one(Sin, inverse: true; n: Option<usize>, axis: isize);

    /// The n-D discrete cosine transform (`scipy.fft.dctn`): [`dct`] along each of `axes` in
    /// order.
    ///
    /// **Shapes**: `axes` `None` means the last `len(s)` axes, or all axes when `s` is `None` too;
    /// `s` `None` means the input's lengths along `axes`. An empty `axes` returns the input as it
    /// is (as SciPy).
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for a bad axis; [`Error::BadArgument`] for repeated axes, `s`
    /// and `axes` of different lengths, `s` longer than the number of axes, a length 0, a bad
    /// `type`, and type 1 with a length below 2.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dctn};
    /// let x = Array::from_vec_on(vec![1.0f64; 6], &[2, 3], Device::Cpu).unwrap();
    /// let y = dctn(&x, 2, None, None, Norm::Ortho, None).unwrap().to_vec::<f64>().unwrap();
    /// assert!((y[0] - 6f64.sqrt()).abs() < 1e-12);
    /// assert!(y[1..].iter().all(|v| v.abs() < 1e-12));
    /// ```
    pub fn dctn = many(Cos, inverse: false; s: Option<&[usize]>, axes: Option<&[isize]>);

    /// The n-D inverse discrete cosine transform (`scipy.fft.idctn`): [`idct`] along each of
    /// `axes`; arguments as [`dctn`].
    ///
    /// # Errors
    /// As [`dctn`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dctn, idctn};
    /// let x = Array::from_vec_on((0..12).map(f64::from).collect::<Vec<_>>(), &[3, 4], Device::Cpu).unwrap();
    /// let y = dctn(&x, 1, None, None, Norm::Backward, None).unwrap();
    /// let b = idctn(&y, 1, None, None, Norm::Backward, None).unwrap().to_vec::<f64>().unwrap();
    /// assert!((b[7] - 7.0).abs() < 1e-12);
    /// ```
    pub fn idctn = many(Cos, inverse: true; s: Option<&[usize]>, axes: Option<&[isize]>);

    /// The n-D discrete sine transform (`scipy.fft.dstn`): [`dst`] along each of `axes`;
    /// arguments as [`dctn`].
    ///
    /// # Errors
    /// As [`dctn`] (type 1 accepts length 1).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dstn};
    /// let x = Array::from_vec_on(vec![1.0f32; 4], &[2, 2], Device::Cpu).unwrap();
    /// let y = dstn(&x, 2, Some(&[2]), Some(&[0]), Norm::Backward, None).unwrap();
    /// assert_eq!(y.shape(), &[2, 2]);
    /// assert_eq!(y.dtype(), cuprum_core::DType::Float32);
    /// ```
    pub fn dstn = many(Sin, inverse: false; s: Option<&[usize]>, axes: Option<&[isize]>);

    /// The n-D inverse discrete sine transform (`scipy.fft.idstn`): [`idst`] along each of
    /// `axes`; arguments as [`dctn`].
    ///
    /// # Errors
    /// As [`dstn`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_fft::{Norm, dstn, idstn};
    /// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3], Device::Cpu).unwrap();
    /// let y = dstn(&x, 3, None, None, Norm::Ortho, None).unwrap();
    /// let b = idstn(&y, 3, None, None, Norm::Ortho, None).unwrap().to_vec::<f64>().unwrap();
    /// assert!((b[5] - 6.0).abs() < 1e-12);
    /// ```
    pub fn idstn = many(Sin, inverse: true; s: Option<&[usize]>, axes: Option<&[isize]>);
}
