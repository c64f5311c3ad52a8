//! State-space conversions (`tf2ss`, `ss2tf`) and the analog frequency responses (`freqs`,
//! `freqs_zpk`): O(order) host work, results on the first argument's device.

use super::findfreqs::WorN;
use crate::util::{bad_argument_if, bad_shape_if};
use crate::util::{host_f64, upload, upload_shaped};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result};

/// The controller canonical state-space form of `b/a` (`scipy.signal.tf2ss`, one output).
///
/// **Shapes**: 1-D `b` (no longer than `a` after normalization), 1-D `a` → `A` `(n, n)`, `B`
/// `(n, 1)`, `C` `(1, n)`, `D` `(1, 1)` float64 on `b`'s device, `n = len(a) − 1`.
///
/// # Errors
/// [`Error::BadArgument`] naming `tf2ss` for an improper function (`num` longer than `den`)
/// or an all-zero `den`; [`Error::DType`] for complex coefficients.
///
/// **Algorithm**: SciPy's: the companion matrix of the normalized denominator, `C = b[1:] −
/// b[0]·a[1:]`, `D = b[0]`; on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 1.0], &[3], Device::Cpu).unwrap();
/// let (am, bm, cm, dm) = cuprum_signal::tf2ss(&b, &a).unwrap();
/// assert_eq!(am.to_vec::<f64>().unwrap(), vec![-2.0, -1.0, 1.0, 0.0]);
/// assert_eq!(cm.to_vec::<f64>().unwrap(), vec![1.0, 3.0]);
/// assert_eq!((bm.shape(), dm.shape()), (&[2, 1][..], &[1, 1][..]));
/// ```
pub fn tf2ss(b: &Array, a: &Array) -> Result<(Array, Array, Array, Array)> {
    const OP: &str = "tf2ss";
    let (bv, av) = crate::util::tf_normalized(OP, "den", b, a)?;
    let (m, k) = (bv.len(), av.len());
    bad_argument_if(
        m > k,
        OP,
        "num",
        format!("{m} coefficients"),
        format!("at most as many as den ({k}): a proper transfer function"),
    )?;
    let dev = b.device();
    let mut num = cuprum_core::ext::try_vec_filled(k - m, 0.0)?;
    num.extend_from_slice(&bv);
    let d = num[0];
    if k == 1 {
        return Ok((
            upload_shaped(vec![0.0], &[1, 1], dev)?,
            upload_shaped(vec![0.0], &[1, 1], dev)?,
            upload_shaped(vec![0.0], &[1, 1], dev)?,
            upload_shaped(vec![d], &[1, 1], dev)?,
        ));
    }
    let n = k - 1;
    let mut am = cuprum_core::ext::try_vec_filled(n * n, 0.0)?;
    for j in 0..n {
        am[j] = -av[j + 1];
    }
    for i in 1..n {
        am[i * n + i - 1] = 1.0;
    }
    let mut bm = cuprum_core::ext::try_vec_filled(n, 0.0)?;
    bm[0] = 1.0;
    let cm: Vec<f64> = (0..n).map(|j| num[j + 1] - num[0] * av[j + 1]).collect();
    Ok((
        upload_shaped(am, &[n, n], dev)?,
        upload_shaped(bm, &[n, 1], dev)?,
        upload_shaped(cm, &[1, n], dev)?,
        upload_shaped(vec![d], &[1, 1], dev)?,
    ))
}

/// The numerator of the single-input single-output system `(A, B, C, d)` over its
/// denominator `den = charpoly(A)`: `charpoly(A − B·C) + (d − 1)·den` (highest power first;
/// `A` n × n row-major, `B` and `C` n values).
pub(crate) fn siso_numerator(
    a: &[f64],
    b: &[f64],
    c: &[f64],
    d: f64,
    den: &[f64],
    n: usize,
) -> Result<Vec<f64>> {
    let mut abc = a.to_vec();
    for i in 0..n {
        for j in 0..n {
            abc[i * n + j] -= b[i] * c[j];
        }
    }
    let p = charpoly(&abc, n)?;
    Ok(p.iter().zip(den).map(|(x, y)| x + (d - 1.0) * y).collect())
}

/// The characteristic polynomial of `a` (n × n, row-major), highest power first
/// (Faddeev–LeVerrier).
pub(crate) fn charpoly(a: &[f64], n: usize) -> Result<Vec<f64>> {
    let mut c = cuprum_core::ext::try_vec_filled(n + 1, 0.0)?;
    c[0] = 1.0;
    let mut m = cuprum_core::ext::try_vec_filled(n * n, 0.0)?;
    for k in 1..=n {
        // M_k = A·M_{k−1} + c_{k−1}·I
        let mut next = cuprum_core::ext::try_vec_filled(n * n, 0.0)?;
        for i in 0..n {
            for j in 0..n {
                let mut s = 0.0;
                for l in 0..n {
                    s += a[i * n + l] * m[l * n + j];
                }
                next[i * n + j] = s + if i == j { c[k - 1] } else { 0.0 };
            }
        }
        m = next;
        let mut tr = 0.0;
        for i in 0..n {
            for l in 0..n {
                tr += a[i * n + l] * m[l * n + i];
            }
        }
        c[k] = -tr / k as f64;
    }
    Ok(c)
}

/// The transfer function of a single-input, single-output state-space system
/// (`scipy.signal.ss2tf` with one input and one output).
///
/// **Shapes**: `A` `(n, n)`, `B` `(n, 1)`, `C` `(1, n)`, `D` `(1, 1)` → `num` `(1, n + 1)`,
/// `den` `(n + 1,)` float64 on `A`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `ss2tf` and the matrix for inconsistent shapes;
/// [`Error::DType`] for complex matrices.
///
/// **Algorithm**: SciPy's: `den = poly(A)`, `num = poly(A − B·C) + (D − 1)·den`, the
/// characteristic polynomials by the Faddeev–LeVerrier recurrence on the host (exact for the
/// small orders of filter design).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 1.0], &[3], Device::Cpu).unwrap();
/// let (am, bm, cm, dm) = cuprum_signal::tf2ss(&b, &a).unwrap();
/// let (num, den) = cuprum_signal::ss2tf(&am, &bm, &cm, &dm).unwrap();
/// assert_eq!(num.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 3.0]);
/// assert_eq!(den.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 1.0]);
/// ```
pub fn ss2tf(a: &Array, b: &Array, c: &Array, d: &Array) -> Result<(Array, Array)> {
    const OP: &str = "ss2tf";
    let n = a.shape().first().copied().unwrap_or(0);
    let bad = if a.shape() != [n, n] {
        Some(("A", a.shape(), "(n, n)".to_string()))
    } else if b.shape() != [n, 1] {
        Some(("B", b.shape(), format!("({n}, 1)")))
    } else if c.shape() != [1, n] {
        Some(("C", c.shape(), format!("(1, {n})")))
    } else if d.size() != 1 {
        Some(("D", d.shape(), "(1, 1)".to_string()))
    } else {
        None
    };
    if let Some((arg, shape, expected)) = bad {
        return Err(Error::bad_shape(OP, arg, shape, expected));
    }
    let (av, bv, cv, dv) = (
        host_f64(OP, a)?,
        host_f64(OP, b)?,
        host_f64(OP, c)?,
        host_f64(OP, d)?,
    );
    let den = charpoly(&av, n)?;
    let num = siso_numerator(&av, &bv, &cv, dv[0], &den, n)?;
    Ok((
        upload_shaped(num, &[1, n + 1], a.device())?,
        upload(den, a.device())?,
    ))
}

fn eval_s(c: &[f64], s: C) -> C {
    c.iter().fold(C::new(0.0, 0.0), |acc, &v| acc * s + v)
}

/// The frequency response of an analog filter `b(s)/a(s)` at angular frequencies `w`
/// (`scipy.signal.freqs`).
///
/// **Shapes**: 1-D `b`, `a`; `w` a 1-D array of angular frequencies, or a count `n` (SciPy's
/// integer `worN`, default 200) of frequencies chosen by [`findfreqs`](crate::findfreqs) →
/// `w` and `h` (complex128) `(len(w),)`, on `w`'s device (on `b`'s for a count).
///
/// # Errors
/// [`Error::DType`] naming `freqs` for complex coefficients.
///
/// **Algorithm**: Horner evaluation of both polynomials at `s = i·w` on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![0.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let (_w, h) = cuprum_signal::freqs(&b, &a, &w).unwrap();
/// let h = h.to_vec::<cuprum_core::Complex64>().unwrap();
/// assert!((h[1].norm() - 0.5f64.sqrt()).abs() < 1e-15);
/// ```
pub fn freqs<'w>(b: &Array, a: &Array, w: impl Into<WorN<'w>>) -> Result<(Array, Array)> {
    const OP: &str = "freqs";
    let w = match w.into() {
        WorN::W(w) => w.clone(),
        WorN::N(n) => crate::findfreqs(b, a, n, crate::FreqsKind::Ba)?,
    };
    let w = &w;
    let (bv, av, wv) = (host_f64(OP, b)?, host_f64(OP, a)?, host_f64(OP, w)?);
    let h: Vec<C> = wv
        .iter()
        .map(|&x| eval_s(&bv, C::new(0.0, x)) / eval_s(&av, C::new(0.0, x)))
        .collect();
    let n = h.len();
    Ok((w.clone(), Array::from_vec_on(h, &[n], w.device())?))
}

/// The frequency response of an analog filter in zeros, poles and gain at angular
/// frequencies `w` (`scipy.signal.freqs_zpk`).
///
/// **Shapes**: 1-D `z`, `p` (real or complex); `w` a 1-D array or a count `n` of frequencies
/// chosen by [`findfreqs`](crate::findfreqs) with `kind='zp'` → `w` and `h` (complex128), on
/// `w`'s device (on `z`'s for a count).
///
/// # Errors
/// [`Error::BadShape`] naming `freqs_zpk` and `z` or `p` for non-1-D zeros or poles.
///
/// **Algorithm**: `k·Π(iw − z)/Π(iw − p)` on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let z = Array::from_vec_on(Vec::<f64>::new(), &[0], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![-1.0f64], &[1], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![0.0f64], &[1], Device::Cpu).unwrap();
/// let (_w, h) = cuprum_signal::freqs_zpk(&z, &p, 1.0, &w).unwrap();
/// assert_eq!(h.to_vec::<cuprum_core::Complex64>().unwrap()[0].re, 1.0);
/// ```
pub fn freqs_zpk<'w>(
    z: &Array,
    p: &Array,
    k: f64,
    w: impl Into<WorN<'w>>,
) -> Result<(Array, Array)> {
    const OP: &str = "freqs_zpk";
    let w = match w.into() {
        WorN::W(w) => w.clone(),
        WorN::N(n) => crate::findfreqs(z, p, n, crate::FreqsKind::Zp)?,
    };
    let w = &w;
    let host = |arg: &'static str, a: &Array| -> Result<Vec<C>> {
        bad_shape_if(a.ndim() != 1, OP, arg, a.shape(), "a 1-D array")?;
        a.astype(DType::Complex128)?
            .to_device(Device::Cpu)?
            .to_vec::<C>()
    };
    let (zv, pv, wv) = (host("z", z)?, host("p", p)?, host_f64(OP, w)?);
    let h: Vec<C> = wv
        .iter()
        .map(|&x| {
            let s = C::new(0.0, x);
            let num = zv.iter().fold(C::new(k, 0.0), |acc, &r| acc * (s - r));
            pv.iter().fold(num, |acc, &r| acc / (s - r))
        })
        .collect();
    let n = h.len();
    Ok((w.clone(), Array::from_vec_on(h, &[n], w.device())?))
}

/// The frequency response of an analog system `b(s)/a(s)` at angular frequencies `w`
/// (`scipy.signal.freqresp` with an explicit `w`): [`freqs`].
///
/// **Shapes**, errors: as [`freqs`], naming `freqs`.
///
/// # Errors
/// As [`freqs`].
///
/// **Algorithm**: [`freqs`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let (_w, h) = cuprum_signal::freqresp(&b, &a, &w).unwrap();
/// assert!((h.to_vec::<cuprum_core::Complex64>().unwrap()[0].re - 0.5).abs() < 1e-15);
/// ```
pub fn freqresp(b: &Array, a: &Array, w: &Array) -> Result<(Array, Array)> {
    freqs(b, a, w)
}

/// The Bode magnitude (dB) and phase (degrees, unwrapped) of an analog system `b(s)/a(s)` at
/// angular frequencies `w` (`scipy.signal.bode` with an explicit `w`).
///
/// **Shapes**: 1-D `b`, `a`, `w` → `w`, `mag`, `phase` float64 `(len(w),)` on `w`'s device.
///
/// # Errors
/// As [`freqs`], naming `freqs`.
///
/// **Algorithm**: [`freqs`], then `20·log10|h|` and `unwrap(angle(h))·180/π` on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let (_w, mag, phase) = cuprum_signal::bode(&b, &a, &w).unwrap();
/// assert!((mag.to_vec::<f64>().unwrap()[0] + 3.0103).abs() < 1e-4);
/// assert!((phase.to_vec::<f64>().unwrap()[0] + 45.0).abs() < 1e-12);
/// ```
pub fn bode(b: &Array, a: &Array, w: &Array) -> Result<(Array, Array, Array)> {
    let (w, h) = freqs(b, a, w)?;
    let mag = cuprum_core::multiply(&cuprum_core::log10(&cuprum_core::abs(&h)?)?, 20.0)?;
    let ang = cuprum_core::arctan2(&cuprum_core::imag(&h)?, &cuprum_core::real(&h)?)?;
    let ph = cuprum_core::unwrap(&ang, None, -1, 2.0 * std::f64::consts::PI)?;
    let ph = cuprum_core::multiply(&ph, 180.0 / std::f64::consts::PI)?;
    Ok((w, mag, ph))
}
