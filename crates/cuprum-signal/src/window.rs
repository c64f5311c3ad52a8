//! Window functions (`scipy.signal.windows`, `scipy.signal.get_window`).
//!
//! Windows are O(M) design data: computed on the host in float64 (as SciPy computes them) and
//! returned on the current device. [`get_window`] names them as SciPy does (with its aliases);
//! the functions of this module return one window each.

use crate::util::upload;
use crate::util::{bad_argument_if, check_len};
use cuprum_core::{Array, Error, Result, current_device, ext};
use std::f64::consts::PI;

/// A window specification, as SciPy's `window` argument: a name (`"hann"`), a name with a
/// parameter (`("kaiser", 8.6)`: Kaiser's beta, Gaussian's std, Tukey's alpha, ...), or
/// explicit values (an array window, accepted by the spectral functions).
#[derive(Clone, Debug, PartialEq)]
pub enum Window {
    /// A window by name, parameter-free or with its default parameter.
    Name(String),
    /// A window by name with one parameter (`("kaiser", beta)`).
    Param(String, f64),
    /// A window by name with two parameters (`("general_gaussian", p, sig)`).
    Param2(String, f64, f64),
    /// Explicit window values (its length is the segment length).
    Values(Vec<f64>),
}

impl From<&str> for Window {
    fn from(s: &str) -> Window {
        Window::Name(s.to_string())
    }
}

impl From<(&str, f64)> for Window {
    fn from((s, p): (&str, f64)) -> Window {
        Window::Param(s.to_string(), p)
    }
}

impl Window {
    /// Its values for a length-`m` window: symmetric when `sym`, periodic (the first `m` of
    /// an `m + 1`-point symmetric window) otherwise; explicit values are returned as they are.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `op` and `window` for an unknown window name or a window
    /// that needs a parameter given none; [`Error::BadShape`] for explicit values whose length
    /// is not `m`.
    pub(crate) fn values(&self, op: &'static str, m: usize, sym: bool) -> Result<Vec<f64>> {
        let (name, p1, p2) = match self {
            Window::Values(v) => {
                check_len(op, "window", v.len(), m, "the segment length")?;
                return Ok(v.clone());
            }
            Window::Name(n) => (n.as_str(), None, None),
            Window::Param(n, p) => (n.as_str(), Some(*p), None),
            Window::Param2(n, p, q) => (n.as_str(), Some(*p), Some(*q)),
        };
        ext::check_host_bytes(m.saturating_mul(8))?;
        let need = |p: Option<f64>| {
            p.ok_or_else(|| {
                Error::bad_argument(
                    op,
                    "window",
                    format!("'{name}'"),
                    format!("('{name}', parameter): the window needs a parameter"),
                )
            })
        };
        let lower = name.to_ascii_lowercase();
        let w = match lower.as_str() {
            "boxcar" | "box" | "ones" | "rect" | "rectangular" => ones(m),
            "triang" | "triangle" | "tri" => triang(m, sym),
            "parzen" | "parz" | "par" => parzen(m, sym),
            "bohman" | "bman" | "bmn" => bohman(m, sym),
            "blackman" | "black" | "blk" => general_cosine(m, &[0.42, 0.50, 0.08], sym),
            "nuttall" | "nutl" | "nut" => {
                general_cosine(m, &[0.3635819, 0.4891775, 0.1365995, 0.0106411], sym)
            }
            "blackmanharris" | "blackharr" | "bkh" => {
                general_cosine(m, &[0.35875, 0.48829, 0.14128, 0.01168], sym)
            }
            "flattop" | "flat" | "flt" => general_cosine(
                m,
                &[
                    0.21557895,
                    0.41663158,
                    0.277263158,
                    0.083578947,
                    0.006947368,
                ],
                sym,
            ),
            "bartlett" | "bart" | "brt" => bartlett(m, sym),
            "hann" | "han" => general_cosine(m, &[0.5, 0.5], sym),
            "hamming" | "hamm" | "ham" => general_cosine(m, &[0.54, 0.46], sym),
            "general_hamming" => {
                let a = need(p1)?;
                general_cosine(m, &[a, 1.0 - a], sym)
            }
            "barthann" | "brthan" | "bth" => barthann(m, sym),
            "cosine" | "halfcosine" => cosine(m, sym),
            "lanczos" | "sinc" => lanczos(m, sym),
            "exponential" | "poisson" => {
                // SciPy's parameters: (center, tau); a center needs a periodic window
                bad_argument_if(
                    sym && p1.is_some(),
                    op,
                    "window",
                    format!("('{name}', center = {}, ...)", p1.unwrap_or(f64::NAN)),
                    "a center of None for a symmetric window (fftbins=False)",
                )?;
                exponential(m, p1, p2.unwrap_or(1.0), sym)
            }
            "tukey" | "tuk" => tukey(m, p1.unwrap_or(0.5), sym),
            "kaiser" | "ksr" => kaiser(m, need(p1)?, sym),
            "chebwin" | "cheb" => chebwin(m, need(p1)?, sym)?,
            "taylor" | "taylorwin" => taylor(
                m,
                p1.map_or(4, |v| v as usize),
                p2.unwrap_or(30.0),
                true,
                sym,
            ),
            "kaiser_bessel_derived" | "kbd" => {
                bad_argument_if(
                    !sym,
                    op,
                    "window",
                    format!("'{name}' with fftbins=True"),
                    "a symmetric shape (fftbins=False) for Kaiser-Bessel Derived windows",
                )?;
                bad_argument_if(
                    m % 2 == 1,
                    op,
                    "window",
                    format!("'{name}' of {m} points"),
                    "an even number of points for Kaiser-Bessel Derived windows",
                )?;
                let k = kaiser(m / 2 + 1, need(p1)?, true);
                let mut c = 0.0;
                let cs: Vec<f64> = k
                    .iter()
                    .map(|v| {
                        c += v;
                        c
                    })
                    .collect();
                let total = cs[cs.len() - 1];
                let half: Vec<f64> = cs[..cs.len() - 1]
                    .iter()
                    .map(|v| (v / total).sqrt())
                    .collect();
                half.iter().chain(half.iter().rev()).copied().collect()
            }
            "gaussian" | "gauss" | "gss" => gaussian(m, need(p1)?, sym),
            "general_gaussian" | "general gaussian" | "general gauss" | "general_gauss" | "ggs" => {
                let p = need(p1)?;
                let sig = p2.ok_or_else(|| {
                    Error::bad_argument(
                        op,
                        "window",
                        format!("('{name}', {p})"),
                        "('general_gaussian', p, sig)",
                    )
                })?;
                general_gaussian(m, p, sig, sym)
            }
            _ => {
                return Err(Error::bad_argument(
                    op,
                    "window",
                    format!("{name:?}"),
                    "a window name of SciPy's get_window",
                ));
            }
        };
        Ok(w)
    }
}

/// `m` ones. Every window length reaching the functions below has passed
/// `ext::check_host_bytes` in [`Window::values`], which bounds their allocations.
fn ones(m: usize) -> Vec<f64> {
    (0..m).map(|_| 1.0).collect()
}

/// `(m + 1, true)` for a periodic window (computed one longer, then truncated).
fn extend(m: usize, sym: bool) -> (usize, bool) {
    if sym { (m, false) } else { (m + 1, true) }
}

fn truncate(mut w: Vec<f64>, t: bool) -> Vec<f64> {
    if t {
        w.pop();
    }
    w
}

/// NumPy's `linspace(a, b, m)` on the host.
/// An `m`-point window from `values(mm)`, the `mm`-point symmetric window: `mm = m` when
/// `sym`, else `m + 1` points truncated to `m` (SciPy's `_extend`/`_truncate`); `m <= 1` gives
/// ones.
fn sym_or_periodic(m: usize, sym: bool, values: impl FnOnce(usize) -> Vec<f64>) -> Vec<f64> {
    if m <= 1 {
        return ones(m);
    }
    let (mm, t) = extend(m, sym);
    truncate(values(mm), t)
}

fn linspace(a: f64, b: f64, m: usize) -> Vec<f64> {
    if m == 1 {
        return vec![a];
    }
    let step = (b - a) / (m - 1) as f64;
    let mut v: Vec<f64> = (0..m).map(|i| a + i as f64 * step).collect();
    if let Some(l) = v.last_mut() {
        *l = b;
    }
    v
}

fn general_cosine(m: usize, a: &[f64], sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let fac = linspace(-PI, PI, mm);
        fac.iter()
            .map(|&f| {
                a.iter()
                    .enumerate()
                    .fold(0.0, |s, (k, &ak)| s + ak * (k as f64 * f).cos())
            })
            .collect()
    })
}

fn triang(m: usize, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let half: Vec<f64> = (1..=mm.div_ceil(2)).map(|n| n as f64).collect();
        if mm % 2 == 0 {
            let h: Vec<f64> = half.iter().map(|n| (2.0 * n - 1.0) / mm as f64).collect();
            h.iter().chain(h.iter().rev()).copied().collect()
        } else {
            let h: Vec<f64> = half.iter().map(|n| 2.0 * n / (mm as f64 + 1.0)).collect();
            h.iter()
                .chain(h[..h.len() - 1].iter().rev())
                .copied()
                .collect()
        }
    })
}

fn bartlett(m: usize, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let d = (mm - 1) as f64;
        (0..mm)
            .map(|n| {
                let n = n as f64;
                if n <= d / 2.0 {
                    2.0 * n / d
                } else {
                    2.0 - 2.0 * n / d
                }
            })
            .collect()
    })
}

fn parzen(m: usize, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let mf = mm as f64;
        (0..mm)
            .map(|i| {
                let n = (-(mf - 1.0) / 2.0 + i as f64).abs();
                if n <= (mf - 1.0) / 4.0 {
                    1.0 - 6.0 * (n / (mf / 2.0)).powi(2) + 6.0 * (n / (mf / 2.0)).powi(3)
                } else {
                    2.0 * (1.0 - n / (mf / 2.0)).powi(3)
                }
            })
            .collect()
    })
}

fn bohman(m: usize, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let lin = linspace(-1.0, 1.0, mm);
        let mut w: Vec<f64> = (0..mm).map(|_| 0.0).collect();
        for i in 1..mm - 1 {
            let f = lin[i].abs();
            w[i] = (1.0 - f) * (PI * f).cos() + (PI * f).sin() / PI;
        }
        w
    })
}

fn barthann(m: usize, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        (0..mm)
            .map(|n| {
                let f = (n as f64 / (mm as f64 - 1.0) - 0.5).abs();
                0.62 - 0.48 * f + 0.38 * (2.0 * PI * f).cos()
            })
            .collect()
    })
}

fn cosine(m: usize, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        (0..mm)
            .map(|n| (PI / mm as f64 * (n as f64 + 0.5)).sin())
            .collect()
    })
}

fn sinc(x: f64) -> f64 {
    if x == 0.0 {
        1.0
    } else {
        (PI * x).sin() / (PI * x)
    }
}

fn lanczos(m: usize, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let d = (mm - 1) as f64;
        (0..mm).map(|n| sinc(2.0 * n as f64 / d - 1.0)).collect()
    })
}

fn exponential(m: usize, center: Option<f64>, tau: f64, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let c = center.unwrap_or((mm as f64 - 1.0) / 2.0);
        (0..mm)
            .map(|n| (-(n as f64 - c).abs() / tau).exp())
            .collect()
    })
}

fn tukey(m: usize, alpha: f64, sym: bool) -> Vec<f64> {
    if m <= 1 || alpha <= 0.0 {
        return ones(m);
    }
    if alpha >= 1.0 {
        return general_cosine(m, &[0.5, 0.5], sym);
    }
    let (mm, t) = extend(m, sym);
    let d = (mm - 1) as f64;
    let width = (alpha * d / 2.0).floor() as usize;
    let w = (0..mm)
        .map(|i| {
            let n = i as f64;
            if i <= width {
                0.5 * (1.0 + (PI * (-1.0 + 2.0 * n / alpha / d)).cos())
            } else if i + width + 1 < mm {
                1.0
            } else {
                0.5 * (1.0 + (PI * (-2.0 / alpha + 1.0 + 2.0 * n / alpha / d)).cos())
            }
        })
        .collect();
    truncate(w, t)
}

fn chebwin(m: usize, at: f64, sym: bool) -> Result<Vec<f64>> {
    if m <= 1 {
        return Ok(ones(m));
    }
    let (mm, t) = extend(m, sym);
    let order = mm as f64 - 1.0;
    let beta = ((10f64.powf(at.abs() / 20.0)).acosh() / order).cosh();
    let p: Vec<cuprum_core::Complex64> = (0..mm)
        .map(|k| {
            let x = beta * (PI * k as f64 / mm as f64).cos();
            let v = if x > 1.0 {
                (order * x.acosh()).cosh()
            } else if x < -1.0 {
                (2.0 * (mm % 2) as f64 - 1.0) * (order * (-x).acosh()).cosh()
            } else {
                (order * x.acos()).cos()
            };
            if mm % 2 == 1 {
                cuprum_core::Complex64::new(v, 0.0)
            } else {
                cuprum_core::Complex64::new(0.0, PI / mm as f64 * k as f64).exp() * v
            }
        })
        .collect();
    let pa = Array::from_vec_on(p, &[mm], cuprum_core::Device::Cpu)?;
    let f = cuprum_fft::fft(&pa, None, -1, cuprum_fft::Norm::Backward)?
        .to_vec::<cuprum_core::Complex64>()?;
    let re: Vec<f64> = f.iter().map(|c| c.re).collect();
    let w: Vec<f64> = if mm % 2 == 1 {
        let n = mm.div_ceil(2);
        re[1..n]
            .iter()
            .rev()
            .chain(re[..n].iter())
            .copied()
            .collect()
    } else {
        let n = mm / 2 + 1;
        re[1..n]
            .iter()
            .rev()
            .chain(re[1..n].iter())
            .copied()
            .collect()
    };
    let mx = w.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Ok(truncate(w.iter().map(|v| v / mx).collect(), t))
}

fn taylor(m: usize, nbar: usize, sll: f64, norm: bool, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let b = 10f64.powf(sll / 20.0);
        let a = b.acosh() / PI;
        let nb = nbar as f64;
        let s2 = nb * nb / (a * a + (nb - 0.5).powi(2));
        let ma: Vec<f64> = (1..nbar).map(|v| v as f64).collect();
        let fm: Vec<f64> = (0..ma.len())
            .map(|mi| {
                let m2 = ma[mi] * ma[mi];
                let sign = if mi % 2 == 0 { 1.0 } else { -1.0 };
                let numer: f64 = sign
                    * ma.iter()
                        .map(|q| 1.0 - m2 / s2 / (a * a + (q - 0.5).powi(2)))
                        .product::<f64>();
                let denom: f64 = 2.0
                    * ma[..mi].iter().map(|q| 1.0 - m2 / (q * q)).product::<f64>()
                    * ma[mi + 1..]
                        .iter()
                        .map(|q| 1.0 - m2 / (q * q))
                        .product::<f64>();
                numer / denom
            })
            .collect();
        let wf = |n: f64| {
            1.0 + 2.0
                * fm.iter()
                    .zip(&ma)
                    .map(|(f, q)| {
                        f * (2.0 * PI * q * (n - mm as f64 / 2.0 + 0.5) / mm as f64).cos()
                    })
                    .sum::<f64>()
        };
        let scale = if norm {
            1.0 / wf((mm as f64 - 1.0) / 2.0)
        } else {
            1.0
        };
        (0..mm).map(|n| wf(n as f64) * scale).collect()
    })
}

/// The modified Bessel function of the first kind of order 0 (its power series; every term is
/// positive, so the sum is accurate to rounding for the arguments windows use).
pub(crate) fn i0(x: f64) -> f64 {
    let q = x * x / 4.0;
    let (mut term, mut sum, mut k) = (1.0f64, 1.0f64, 1.0f64);
    while k < 1000.0 {
        term *= q / (k * k);
        sum += term;
        if term <= sum * 1e-17 {
            break;
        }
        k += 1.0;
    }
    sum
}

fn kaiser(m: usize, beta: f64, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let alpha = (mm as f64 - 1.0) / 2.0;
        let den = i0(beta);
        (0..mm)
            .map(|n| {
                let r = (n as f64 - alpha) / alpha;
                i0(beta * (1.0 - r * r).max(0.0).sqrt()) / den
            })
            .collect()
    })
}

fn gaussian(m: usize, std: f64, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        let sig2 = 2.0 * std * std;
        (0..mm)
            .map(|n| {
                let x = n as f64 - (mm as f64 - 1.0) / 2.0;
                (-x * x / sig2).exp()
            })
            .collect()
    })
}

fn general_gaussian(m: usize, p: f64, sig: f64, sym: bool) -> Vec<f64> {
    sym_or_periodic(m, sym, |mm| {
        (0..mm)
            .map(|n| {
                let x = n as f64 - (mm as f64 - 1.0) / 2.0;
                (-0.5 * (x / sig).abs().powf(2.0 * p)).exp()
            })
            .collect()
    })
}

pub(crate) fn exponential_values(m: usize, tau: f64, sym: bool) -> Vec<f64> {
    exponential(m, None, tau, sym)
}

/// A window of length `nx` by SciPy's name (`scipy.signal.get_window`).
///
/// **Shapes**: → `(nx,)` float64 on the current device.
///
/// `fftbins` true (SciPy's default) gives a periodic window for spectral analysis (the first
/// `nx` points of an `nx + 1`-point symmetric window); false the symmetric window for filter
/// design. Names and aliases are SciPy's: `boxcar`, `triang`, `blackman`, `hamming`, `hann`,
/// `bartlett`, `flattop`, `parzen`, `bohman`, `blackmanharris`, `nuttall`, `barthann`,
/// `cosine`, `exponential`, `tukey`, `lanczos`, `taylor` (optional `nbar`, `sll`), and with a
/// parameter `kaiser` (beta), `chebwin` (attenuation dB), `kaiser_bessel_derived` (beta,
/// symmetric and even only),
/// `gaussian` (std), `general_hamming` (alpha), `general_gaussian` (p, sig).
///
/// # Errors
/// [`Error::BadArgument`] naming `get_window` and `window` for an unknown name or a missing
/// parameter.
///
/// **Algorithm**: SciPy's closed forms, on the host in float64 (O(nx)), then one upload.
///
/// # Example
/// ```
/// use cuprum_signal::{Window, get_window};
/// let w = get_window(&"hann".into(), 4, true).unwrap().to_vec::<f64>().unwrap();
/// assert!((w[2] - 1.0).abs() < 1e-15 && w[0] == 0.0);
/// ```
pub fn get_window(window: &Window, nx: usize, fftbins: bool) -> Result<Array> {
    upload(window.values("get_window", nx, !fftbins)?, current_device())
}

macro_rules! plain_windows {
    ($($name:ident, $title:literal;)*) => {$(
        #[doc = concat!("The ", $title, " window of length `m` (`scipy.signal.windows.", stringify!($name), "`).")]
        ///
        /// **Shapes**: → `(m,)` float64 on the current device; symmetric when `sym` (SciPy's
        /// default), periodic otherwise.
        ///
        /// # Errors
        /// Allocation errors only.
        ///
        /// **Algorithm**: SciPy's closed form on the host, one upload.
        ///
        /// # Example
        /// ```
        #[doc = concat!("let w = cuprum_signal::windows::", stringify!($name), "(5, true).unwrap();")]
        /// assert_eq!(w.shape(), &[5]);
        /// ```
        pub fn $name(m: usize, sym: bool) -> Result<Array> {
            get_window(&Window::Name(stringify!($name).into()), m, !sym)
        }
    )*};
}

/// The windows of `scipy.signal.windows`, one function each.
pub mod windows {
    use super::{Window, exponential_values, get_window};
    pub use crate::dpss::{DpssNorm, dpss, dpss_with_ratios};
    use crate::util::upload;
    use cuprum_core::{Array, Result, current_device};
    plain_windows! {
        boxcar, "rectangular";
        triang, "triangular";
        parzen, "Parzen";
        bohman, "Bohman";
        blackman, "Blackman";
        nuttall, "Nuttall (minimum 4-term Blackman-Harris)";
        blackmanharris, "minimum 4-term Blackman-Harris";
        flattop, "flat top";
        bartlett, "Bartlett";
        hann, "Hann";
        hamming, "Hamming";
        barthann, "modified Bartlett-Hann";
        cosine, "cosine";
        lanczos, "Lanczos (sinc)";
    }

    /// The Kaiser window of length `m` with shape `beta` (`scipy.signal.windows.kaiser`).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device.
    ///
    /// # Errors
    /// Allocation errors only.
    ///
    /// **Algorithm**: `I0(beta·sqrt(1 − ((n − α)/α)²)) / I0(beta)`, `α = (m − 1)/2`, on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::kaiser(5, 8.6, true).unwrap();
    /// assert_eq!(w.shape(), &[5]);
    /// ```
    pub fn kaiser(m: usize, beta: f64, sym: bool) -> Result<Array> {
        get_window(&Window::Param("kaiser".into(), beta), m, !sym)
    }

    /// The Dolph-Chebyshev window with sidelobes `at` dB below the main lobe
    /// (`scipy.signal.windows.chebwin`).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device; symmetric when `sym` (SciPy's
    /// default), periodic otherwise.
    ///
    /// # Errors
    /// Allocation errors only (SciPy warns for `|at| < 45`; the window is returned as SciPy's).
    ///
    /// **Algorithm**: the Chebyshev polynomial sampled on the unit circle and an inverse DFT, as
    /// SciPy, on the host; normalized to a peak of 1.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::chebwin(7, 100.0, true).unwrap().to_vec::<f64>().unwrap();
    /// assert_eq!(w[3], 1.0);
    /// assert!((w[0] - w[6]).abs() < 1e-15);
    /// ```
    pub fn chebwin(m: usize, at: f64, sym: bool) -> Result<Array> {
        get_window(&Window::Param("chebwin".into(), at), m, !sym)
    }

    /// The Kaiser-Bessel derived window with shape `beta`
    /// (`scipy.signal.windows.kaiser_bessel_derived`), used by MDCT filter banks.
    ///
    /// **Shapes**: → `(m,)` float64 on the current device; symmetric only.
    ///
    /// # Errors
    /// [`Error::BadArgument`](cuprum_core::Error::BadArgument) naming
    /// `signal.windows.kaiser_bessel_derived` when `sym` is false or `m` is odd (SciPy's
    /// ValueErrors); allocation errors.
    ///
    /// **Algorithm**: the square root of the normalized cumulative sum of an `m/2 + 1`-point
    /// Kaiser window, mirrored, on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::kaiser_bessel_derived(8, 4.0, true).unwrap();
    /// let w = w.to_vec::<f64>().unwrap();
    /// // Princen-Bradley: w[n]² + w[n + m/2]² = 1
    /// assert!((w[1] * w[1] + w[5] * w[5] - 1.0).abs() < 1e-15);
    /// assert!(cuprum_signal::windows::kaiser_bessel_derived(7, 4.0, true).is_err());
    /// ```
    pub fn kaiser_bessel_derived(m: usize, beta: f64, sym: bool) -> Result<Array> {
        upload(
            Window::Param("kaiser_bessel_derived".into(), beta).values(
                "signal.windows.kaiser_bessel_derived",
                m,
                sym,
            )?,
            current_device(),
        )
    }

    /// The Taylor window with `nbar` nearly constant sidelobes adjacent to the main lobe, `sll`
    /// dB below it (`scipy.signal.windows.taylor`; SciPy's defaults are `nbar = 4`, `sll = 30`,
    /// `norm = true`).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device; symmetric when `sym`, periodic
    /// otherwise. `norm` scales the window to 1 at its centre (for odd `m`; SciPy's rule).
    ///
    /// # Errors
    /// Allocation errors only.
    ///
    /// **Algorithm**: Taylor's coefficients `F_m` and the cosine sum `1 + 2·Σ F_m·cos(…)`, as
    /// SciPy, on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::taylor(9, 4, 30.0, true, true).unwrap();
    /// assert!((w.to_vec::<f64>().unwrap()[4] - 1.0).abs() < 1e-15);
    /// ```
    pub fn taylor(m: usize, nbar: usize, sll: f64, norm: bool, sym: bool) -> Result<Array> {
        cuprum_core::ext::check_host_bytes(m.saturating_add(1).saturating_mul(16))?;
        upload(super::taylor(m, nbar, sll, norm, sym), current_device())
    }

    /// The Gaussian window with standard deviation `std` (`scipy.signal.windows.gaussian`).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device.
    ///
    /// # Errors
    /// Allocation errors only.
    ///
    /// **Algorithm**: `exp(−n²/(2·std²))` around the centre, on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::gaussian(5, 1.0, true).unwrap();
    /// assert_eq!(w.to_vec::<f64>().unwrap()[2], 1.0);
    /// ```
    pub fn gaussian(m: usize, std: f64, sym: bool) -> Result<Array> {
        get_window(&Window::Param("gaussian".into(), std), m, !sym)
    }

    /// The Tukey (tapered cosine) window with taper fraction `alpha`
    /// (`scipy.signal.windows.tukey`).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device.
    ///
    /// # Errors
    /// Allocation errors only.
    ///
    /// **Algorithm**: SciPy's piecewise cosine taper on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::tukey(8, 0.5, true).unwrap();
    /// assert_eq!(w.shape(), &[8]);
    /// ```
    pub fn tukey(m: usize, alpha: f64, sym: bool) -> Result<Array> {
        get_window(&Window::Param("tukey".into(), alpha), m, !sym)
    }

    /// The generalized Hamming window `α − (1 − α)·cos(2πn/(m − 1))`
    /// (`scipy.signal.windows.general_hamming`).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device.
    ///
    /// # Errors
    /// Allocation errors only.
    ///
    /// **Algorithm**: a two-term cosine sum on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::general_hamming(5, 0.54, true).unwrap();
    /// assert_eq!(w.shape(), &[5]);
    /// ```
    pub fn general_hamming(m: usize, alpha: f64, sym: bool) -> Result<Array> {
        get_window(&Window::Param("general_hamming".into(), alpha), m, !sym)
    }

    /// The exponential (Poisson) window with decay `tau`, centred
    /// (`scipy.signal.windows.exponential` with `center=None`; `get_window(('exponential',
    /// center, tau), m)` gives an off-centre periodic one).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device.
    ///
    /// # Errors
    /// Allocation errors only.
    ///
    /// **Algorithm**: `exp(−|n − c|/tau)` on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::exponential(5, 1.0, true).unwrap();
    /// assert_eq!(w.to_vec::<f64>().unwrap()[2], 1.0);
    /// ```
    pub fn exponential(m: usize, tau: f64, sym: bool) -> Result<Array> {
        upload(exponential_values(m, tau, sym), current_device())
    }

    /// The generalized Gaussian window `exp(−½·|n/sig|^(2p))`
    /// (`scipy.signal.windows.general_gaussian`).
    ///
    /// **Shapes**: → `(m,)` float64 on the current device.
    ///
    /// # Errors
    /// Allocation errors only.
    ///
    /// **Algorithm**: the closed form on the host.
    ///
    /// # Example
    /// ```
    /// let w = cuprum_signal::windows::general_gaussian(5, 1.5, 1.0, true).unwrap();
    /// assert_eq!(w.shape(), &[5]);
    /// ```
    pub fn general_gaussian(m: usize, p: f64, sig: f64, sym: bool) -> Result<Array> {
        get_window(&Window::Param2("general_gaussian".into(), p, sig), m, !sym)
    }

    /// The generalized cosine window `Σ_k a[k]·cos(k·x)`, `x` from −π to π
    /// (`scipy.signal.windows.general_cosine`), for any list of weights `a`.
    ///
    /// **Shapes**: → `(m,)` float64 on the current device; symmetric when `sym` (SciPy's
    /// default), periodic otherwise (an `m + 1`-point window truncated). `m ≤ 1` gives ones;
    /// an empty `a` gives zeros.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`](cuprum_core::Error::OutOfDomain) naming
    /// `signal.windows.general_cosine` for a non-finite weight; allocation errors.
    ///
    /// **Algorithm**: the cosine sum on the host (as every window), one upload.
    ///
    /// # Example
    /// ```
    /// // scipy.signal.windows.general_cosine(5, [0.5, 0.3, 0.2]) -> [0.4, 0.3, 1.0, 0.3, 0.4]
    /// let w = cuprum_signal::windows::general_cosine(5, &[0.5, 0.3, 0.2], true).unwrap();
    /// let w = w.to_vec::<f64>().unwrap();
    /// assert!((w[0] - 0.4).abs() < 1e-15 && (w[1] - 0.3).abs() < 1e-15 && (w[2] - 1.0).abs() < 1e-15);
    /// ```
    pub fn general_cosine(m: usize, a: &[f64], sym: bool) -> Result<Array> {
        if let Some(v) = a.iter().find(|v| !v.is_finite()) {
            return Err(cuprum_core::Error::out_of_domain(
                "signal.windows.general_cosine",
                "a",
                v,
                "finite weights",
            ));
        }
        cuprum_core::ext::check_host_bytes(m.saturating_add(1).saturating_mul(16))?;
        upload(super::general_cosine(m, a, sym), current_device())
    }
}
