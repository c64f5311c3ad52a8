//! The chirp z-transform (`czt`, `zoom_fft`, `czt_points`) by Bluestein's algorithm: three
//! design-sized chirp vectors on the host, the transform itself as FFTs and products on the
//! data's device.

use crate::util::axis_of;
use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result, SliceItem};
use cuprum_fft::Norm;
use std::f64::consts::PI;

#[derive(Clone, Debug)]
struct Plan {
    n: usize,
    m: usize,
    nfft: usize,
    awk2: Vec<C>,
    fwk2: Vec<C>,
    wk2: Vec<C>,
}

fn plan(n: usize, m: usize, wk2: Vec<C>, ak: impl Fn(usize) -> C) -> Result<Plan> {
    let nfft = cuprum_fft::next_fast_len(n + m - 1, false)?;
    let awk2: Vec<C> = (0..n).map(|k| ak(k) * wk2[k]).collect();
    let mut chirp = cuprum_core::ext::try_vec_with_capacity::<C>(n + m - 1)?;
    chirp.extend(wk2[1..n].iter().rev().map(|v| C::new(1.0, 0.0) / v));
    chirp.extend(wk2[..m].iter().map(|v| C::new(1.0, 0.0) / v));
    let ca = Array::from_vec_on(chirp, &[n + m - 1], Device::Cpu)?;
    let fwk2 = cuprum_fft::fft(&ca, Some(nfft), -1, Norm::Backward)?.to_vec::<C>()?;
    Ok(Plan {
        n,
        m,
        nfft,
        awk2,
        fwk2,
        wk2: wk2[..m].to_vec(),
    })
}

fn apply(op: &'static str, p: &Plan, x: &Array, axis: isize) -> Result<Array> {
    bad_shape_if(x.ndim() == 0, op, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(op, axis, x.ndim())?;
    bad_shape_if(
        x.shape()[ax] != p.n,
        op,
        "x",
        x.shape(),
        format!(
            "{} samples along axis {ax} (the length the CZT was made for)",
            p.n
        ),
    )?;
    let dev = x.device();
    let up = |v: &[C]| Array::from_vec_on(v.to_vec(), &[v.len()], dev);
    let xl = crate::util::to_last(&x.astype(DType::Complex128)?, ax)?;
    let y = cuprum_fft::fft(
        &cuprum_core::multiply(&xl, &up(&p.awk2)?)?,
        Some(p.nfft),
        -1,
        Norm::Backward,
    )?;
    let y = cuprum_fft::ifft(
        &cuprum_core::multiply(&y, &up(&p.fwk2)?)?,
        None,
        -1,
        Norm::Backward,
    )?;
    let mut it = vec![
        SliceItem::Slice {
            start: None,
            stop: None,
            step: 1
        };
        y.ndim()
    ];
    it[y.ndim() - 1] = SliceItem::Slice {
        start: Some(p.n as isize - 1),
        stop: Some((p.n + p.m - 1) as isize),
        step: 1,
    };
    let y = cuprum_core::multiply(&y.slice(&it)?, &up(&p.wk2)?)?;
    crate::util::from_last(&y, ax)?.copy()
}

fn sizes(op: &'static str, n: usize, m: Option<usize>) -> Result<usize> {
    let m = m.unwrap_or(n);
    bad_argument_if(
        n < 1,
        op,
        "n",
        n,
        "a positive number of data points (a non-empty axis)",
    )?;
    bad_argument_if(m < 1, op, "m", m, "a positive number of output points")?;
    Ok(m)
}

/// The chirp z-transform: `X[k] = Σ x[j]·z_k^(−j)` at the `m` points `z_k = a·w^(−k)`
/// along `axis` (`scipy.signal.czt`).
///
/// **Shapes**: `x` → complex128 with `m` (default `n`) points along `axis`. `w` defaults to
/// `exp(−2πi/m)` and `a` to 1: the DFT.
///
/// # Errors
/// [`Error::BadShape`] naming `czt` for 0-d `x`; [`Error::BadArgument`] for an empty axis
/// (`n`) or `m == 0`;
/// [`Error::AxisOutOfBounds`].
///
/// **Algorithm**: Bluestein's: multiply by a chirp, convolve with the inverse chirp by an FFT
/// of `next_fast_len(n + m − 1)`, multiply by a chirp; on `x`'s device (cuFFT on CUDA).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let y = cuprum_signal::czt(&x, None, None, Complex64::new(1.0, 0.0), -1).unwrap();
/// let y = y.to_vec::<Complex64>().unwrap();
/// assert!((y[0].re - 6.0).abs() < 1e-12);
/// ```
pub fn czt(x: &Array, m: Option<usize>, w: Option<C>, a: C, axis: isize) -> Result<Array> {
    const OP: &str = "czt";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let n = x.shape()[axis_of(OP, axis, x.ndim())?];
    Czt::build(OP, n, m, w, a)?.run(OP, x, axis)
}

/// The DFT of `x` restricted to the band `[f1, f2)` (or `[f1, f2]` with `endpoint`) on `m`
/// points (`scipy.signal.zoom_fft`); `fband` is `[f2]` (from 0) or `[f1, f2]`, in the units of
/// `fs` (default 2).
///
/// **Shapes**: `x` → complex128 with `m` (default `n`) points along `axis`.
///
/// # Errors
/// As [`czt`], naming `zoom_fft`, and for a band of 0 or more than 2 values.
///
/// **Algorithm**: [`czt`]'s Bluestein scheme with `a = exp(2πi·f1/fs)` and the zoomed `w`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64, 0.0, -1.0, 0.0], &[4], Device::Cpu).unwrap();
/// let y = cuprum_signal::zoom_fft(&x, &[0.5, 1.5], Some(8), 2.0, false, -1).unwrap();
/// assert_eq!(y.shape(), &[8]);
/// ```
pub fn zoom_fft(
    x: &Array,
    fband: &[f64],
    m: Option<usize>,
    fs: f64,
    endpoint: bool,
    axis: isize,
) -> Result<Array> {
    const OP: &str = "zoom_fft";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let n = x.shape()[axis_of(OP, axis, x.ndim())?];
    ZoomFft::build(OP, n, fband, m, fs, endpoint)?
        .0
        .run(OP, x, axis)
}

/// A chirp z-transform precomputed for inputs of `n` samples (`scipy.signal.CZT`):
/// `X[k] = Σ x[j]·z_k^(−j)` at the `m` points `z_k = a·w^(−k)`.
///
/// **Shapes**: [`Czt::apply`] maps `x` with `n` samples along `axis` → complex128 with `m`
/// along `axis`, on `x`'s device. `w` defaults to `exp(−2πi/m)` and `a` to 1 (the DFT).
///
/// The chirps and the FFT of the inverse chirp are computed once by [`Czt::new`]; each
/// [`Czt::apply`] is then two FFTs and three products. [`czt`] builds one per call.
///
/// **Algorithm**: Bluestein's, as [`czt`]; the chirps in float64 on the host, the transform
/// on the data's device (cuFFT on CUDA).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// let t = cuprum_signal::Czt::new(4, None, None, Complex64::new(1.0, 0.0)).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let y = t.apply(&x, -1).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((y[0].re - 10.0).abs() < 1e-12 && (y[1] - Complex64::new(-2.0, 2.0)).norm() < 1e-12);
/// ```
#[derive(Clone, Debug)]
pub struct Czt {
    plan: Plan,
    w: Option<C>,
    a: C,
}

impl Czt {
    /// Precomputes the transform of `n` samples to `m` (default `n`) points `a·w^(−k)`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `signal.CZT` for `n == 0` or `m == 0`.
    pub fn new(n: usize, m: Option<usize>, w: Option<C>, a: C) -> Result<Czt> {
        Czt::build("signal.CZT", n, m, w, a)
    }

    fn build(op: &'static str, n: usize, m: Option<usize>, w: Option<C>, a: C) -> Result<Czt> {
        let m = sizes(op, n, m)?;
        let kmax = m.max(n);
        let wk2: Vec<C> = match w {
            None => (0..kmax as u64)
                .map(|k| C::new(0.0, -PI * ((k * k) % (2 * m as u64)) as f64 / m as f64).exp())
                .collect(),
            Some(w) => (0..kmax)
                .map(|k| w.powf((k as f64).powi(2) / 2.0))
                .collect(),
        };
        let plan = plan(n, m, wk2, |k| a.powf(-(k as f64)))?;
        Ok(Czt { plan, w, a })
    }

    /// The transform of `x` along `axis` (SciPy's `__call__`).
    ///
    /// # Errors
    /// [`Error::BadShape`] naming `signal.CZT` for a 0-d `x` or an axis whose length is not
    /// `n`; [`Error::AxisOutOfBounds`].
    pub fn apply(&self, x: &Array, axis: isize) -> Result<Array> {
        self.run("signal.CZT", x, axis)
    }

    fn run(&self, op: &'static str, x: &Array, axis: isize) -> Result<Array> {
        apply(op, &self.plan, x, axis)
    }

    /// The points at which the transform evaluates ([`czt_points`] of `m`, `w`, `a`), on the
    /// current device.
    ///
    /// # Errors
    /// Allocation errors only.
    pub fn points(&self) -> Result<Array> {
        czt_points(self.plan.m, self.w, self.a)
    }

    /// The input length `n`.
    pub fn n(&self) -> usize {
        self.plan.n
    }

    /// The number of output points `m`.
    pub fn m(&self) -> usize {
        self.plan.m
    }
}

/// A zoom FFT precomputed for inputs of `n` samples (`scipy.signal.ZoomFFT`): the DFT
/// restricted to the band `[f1, f2)` (`[f1, f2]` with `endpoint`) on `m` points.
///
/// **Shapes**: [`ZoomFft::apply`] maps `x` with `n` samples along `axis` → complex128 with
/// `m` (default `n`) along `axis`, on `x`'s device. `fband` is `[f2]` (from 0) or `[f1, f2]`
/// in the units of `fs` (SciPy's default 2).
///
/// **Algorithm**: a [`Czt`] with `a = exp(2πi·f1/fs)` and `w = exp(−2πi·scale/m)`,
/// `scale = (f2 − f1)/fs` (times `m/(m − 1)` with `endpoint`); [`zoom_fft`] builds one per
/// call.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// let z = cuprum_signal::ZoomFft::new(4, &[0.0, 1.0], Some(2), 2.0, false).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// // the first two DFT bins: 10 and -2+2j
/// let y = z.apply(&x, -1).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((y[1] - Complex64::new(-2.0, 2.0)).norm() < 1e-12);
/// ```
#[derive(Clone, Debug)]
pub struct ZoomFft(Czt);

impl ZoomFft {
    /// Precomputes the zoom FFT of `n` samples over `fband` on `m` (default `n`) points.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `signal.ZoomFFT` for `n == 0`, `m == 0`, a band of 0 or
    /// more than 2 values; [`Error::OutOfDomain`] for a non-finite band or `fs ≤ 0`.
    pub fn new(
        n: usize,
        fband: &[f64],
        m: Option<usize>,
        fs: f64,
        endpoint: bool,
    ) -> Result<ZoomFft> {
        ZoomFft::build("signal.ZoomFFT", n, fband, m, fs, endpoint)
    }

    fn build(
        op: &'static str,
        n: usize,
        fband: &[f64],
        m: Option<usize>,
        fs: f64,
        endpoint: bool,
    ) -> Result<ZoomFft> {
        let (f1, f2) = match fband {
            [f2] => (0.0, *f2),
            [f1, f2] => (*f1, *f2),
            _ => {
                return Err(Error::bad_argument(
                    op,
                    "fn",
                    format!("{fband:?}"),
                    "a scalar or a 2-length sequence",
                ));
            }
        };
        out_of_domain_if(
            !(f1.is_finite() && f2.is_finite()),
            op,
            "fn",
            format!("{fband:?}"),
            "finite frequencies",
        )?;
        out_of_domain_if(!(fs > 0.0 && fs.is_finite()), op, "fs", fs, "(0, inf)")?;
        let m = sizes(op, n, m)?;
        let scale = if endpoint {
            ((f2 - f1) * m as f64) / (fs * (m as f64 - 1.0))
        } else {
            (f2 - f1) / fs
        };
        let kmax = m.max(n);
        let wk2: Vec<C> = (0..kmax)
            .map(|k| C::new(0.0, -PI * scale * (k as f64).powi(2) / m as f64).exp())
            .collect();
        let plan = plan(n, m, wk2, |k| {
            C::new(0.0, -2.0 * PI * f1 / fs * k as f64).exp()
        })?;
        Ok(ZoomFft(Czt {
            plan,
            w: Some(C::new(0.0, -2.0 * PI / m as f64 * scale).exp()),
            a: C::new(0.0, 2.0 * PI * f1 / fs).exp(),
        }))
    }

    /// The transform of `x` along `axis` (SciPy's `__call__`).
    ///
    /// # Errors
    /// [`Error::BadShape`] naming `signal.ZoomFFT` for a 0-d `x` or an axis whose length is not
    /// `n`; [`Error::AxisOutOfBounds`].
    pub fn apply(&self, x: &Array, axis: isize) -> Result<Array> {
        self.0.run("signal.ZoomFFT", x, axis)
    }

    /// The points on the unit circle at which the transform evaluates, on the current device.
    ///
    /// # Errors
    /// Allocation errors only.
    pub fn points(&self) -> Result<Array> {
        self.0.points()
    }

    /// The input length `n`.
    pub fn n(&self) -> usize {
        self.0.n()
    }

    /// The number of output points `m`.
    pub fn m(&self) -> usize {
        self.0.m()
    }
}

/// The points `a·w^(−k)`, `k = 0..m`, at which [`czt`] evaluates (`scipy.signal.czt_points`).
///
/// **Shapes**: → complex128 `(m,)` on the current device.
///
/// # Errors
/// [`Error::BadArgument`] naming `czt_points` and `m` for `m == 0`.
///
/// **Algorithm**: the closed form on the host.
///
/// # Example
/// ```
/// use cuprum_core::Complex64;
/// let z = cuprum_signal::czt_points(4, None, Complex64::new(1.0, 0.0)).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((z[1].im - 1.0).abs() < 1e-15);
/// ```
pub fn czt_points(m: usize, w: Option<C>, a: C) -> Result<Array> {
    bad_argument_if(m == 0, "czt_points", "m", 0, "a positive integer")?;
    let v: Vec<C> = match w {
        None => (0..m)
            .map(|k| a * C::new(0.0, 2.0 * PI * k as f64 / m as f64).exp())
            .collect(),
        Some(w) => (0..m).map(|k| a * w.powf(-(k as f64))).collect(),
    };
    Array::from_vec_on(v, &[m], cuprum_core::current_device())
}
