//! IIR filter design: `butter`, `cheby1`, `cheby2`, `iirfilter` (SciPy's analog prototypes,
//! frequency transformations and bilinear transform, on the host in float64).

use super::zpk::{self, Zpk};
use crate::util::{bad_argument_if, out_of_domain_if};
use crate::util::{upload, upload_shaped};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result, current_device};
use std::f64::consts::PI;

/// The band type of a filter (SciPy's `btype`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BType {
    /// low-pass (`'lowpass'`, `'low'`, `'lp'`, `'l'`)
    #[default]
    Lowpass,
    /// high-pass (`'highpass'`, `'high'`, `'hp'`, `'h'`)
    Highpass,
    /// band-pass (`'bandpass'`, `'band'`, `'pass'`, `'bp'`, `'bands'`)
    Bandpass,
    /// band-stop (`'bandstop'`, `'stop'`, `'bs'`)
    Bandstop,
}

impl BType {
    /// Parses SciPy's band type names and aliases.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `iirfilter` and `btype` for another string.
    ///
    /// ```
    /// use cuprum_signal::BType;
    /// assert_eq!(BType::parse("high").unwrap(), BType::Highpass);
    /// assert!(BType::parse("sideways").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<BType> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "lowpass" | "low" | "lp" | "l" => BType::Lowpass,
            "highpass" | "high" | "hp" | "h" => BType::Highpass,
            "bandpass" | "band" | "pass" | "bp" | "bands" => BType::Bandpass,
            "bandstop" | "stop" | "bs" => BType::Bandstop,
            _ => {
                return Err(Error::bad_argument(
                    "iirfilter",
                    "btype",
                    format!("{s:?}"),
                    "one of 'lowpass', 'highpass', 'bandpass', 'bandstop'",
                ));
            }
        })
    }
}

/// The form of a designed filter (SciPy's `output`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FilterOutput {
    /// numerator and denominator (`'ba'`, the default)
    #[default]
    Ba,
    /// zeros, poles and gain (`'zpk'`)
    Zpk,
    /// second-order sections (`'sos'`)
    Sos,
}

impl FilterOutput {
    /// Parses `'ba'`, `'zpk'`, `'sos'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `iirfilter` and `output` for another string.
    ///
    /// ```
    /// use cuprum_signal::FilterOutput;
    /// assert_eq!(FilterOutput::parse("sos").unwrap(), FilterOutput::Sos);
    /// ```
    pub fn parse(s: &str) -> Result<FilterOutput> {
        Ok(match s {
            "ba" => FilterOutput::Ba,
            "zpk" => FilterOutput::Zpk,
            "sos" => FilterOutput::Sos,
            _ => {
                return Err(Error::bad_argument(
                    "iirfilter",
                    "output",
                    format!("{s:?}"),
                    "one of 'ba', 'zpk', 'sos'",
                ));
            }
        })
    }
}

/// A designed filter, in the form its `output` asked for (arrays on the current device).
#[derive(Clone, Debug)]
pub enum Filter {
    /// numerator `b` and denominator `a` (float64, 1-D)
    Ba(Array, Array),
    /// zeros and poles (complex128, 1-D) and the gain
    Zpk(Array, Array, f64),
    /// second-order sections, `(n_sections, 6)` float64
    Sos(Array),
}

impl Filter {
    /// `(b, a)` of a [`Filter::Ba`].
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `output` for another form.
    pub fn ba(self) -> Result<(Array, Array)> {
        match self {
            Filter::Ba(b, a) => Ok((b, a)),
            other => Err(Error::bad_argument(
                "Filter::ba",
                "output",
                other.form(),
                "'ba' (the filter was designed in another form)",
            )),
        }
    }

    /// The `output` name of this form (`'ba'`, `'zpk'`, `'sos'`).
    fn form(&self) -> &'static str {
        match self {
            Filter::Ba(..) => "'ba'",
            Filter::Zpk(..) => "'zpk'",
            Filter::Sos(..) => "'sos'",
        }
    }

    /// The sections of a [`Filter::Sos`].
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `output` for another form.
    pub fn sos(self) -> Result<Array> {
        match self {
            Filter::Sos(s) => Ok(s),
            other => Err(Error::bad_argument(
                "Filter::sos",
                "output",
                other.form(),
                "'sos' (the filter was designed in another form)",
            )),
        }
    }
}

/// Options of the IIR design functions (SciPy's keyword arguments).
#[derive(Clone, Debug, Default)]
pub struct IirOptions {
    /// band type (default low-pass; [`iirfilter`]'s SciPy default is band-pass: set it)
    pub btype: BType,
    /// an analog filter (frequencies in rad/s, no bilinear transform)
    pub analog: bool,
    /// the output form
    pub output: FilterOutput,
    /// the sampling frequency (`Wn` in the units of `fs`); `None`: `Wn` normalized to Nyquist
    pub fs: Option<f64>,
}

/// The analog prototype family of [`iirfilter`] (SciPy's `ftype`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IirType {
    /// Butterworth (`'butter'`)
    Butter,
    /// Chebyshev type I with passband ripple `rp` dB (`'cheby1'`)
    Cheby1 {
        /// passband ripple in dB
        rp: f64,
    },
    /// Chebyshev type II with stopband attenuation `rs` dB (`'cheby2'`)
    Cheby2 {
        /// stopband attenuation in dB
        rs: f64,
    },
    /// Bessel/Thomson with the given normalization (`'bessel'`)
    Bessel {
        /// the normalization
        norm: super::bessel::BesselNorm,
    },
    /// elliptic (Cauer) with passband ripple `rp` and stopband attenuation `rs` dB
    /// (`'ellip'`)
    Ellip {
        /// passband ripple in dB
        rp: f64,
        /// stopband attenuation in dB
        rs: f64,
    },
}

pub(crate) fn buttap(n: usize) -> Zpk {
    let p = (0..n)
        .map(|i| {
            let m = -(n as f64) + 1.0 + 2.0 * i as f64;
            -C::new(0.0, PI * m / (2.0 * n as f64)).exp()
        })
        .collect();
    Zpk {
        z: vec![],
        p,
        k: 1.0,
    }
}

pub(crate) fn cheb1ap(n: usize, rp: f64) -> Zpk {
    if n == 0 {
        return Zpk {
            z: vec![],
            p: vec![],
            k: 10f64.powf(-rp / 20.0),
        };
    }
    let eps = (10f64.powf(0.1 * rp) - 1.0).sqrt();
    let mu = (1.0 / eps).asinh() / n as f64;
    let p: Vec<C> = (0..n)
        .map(|i| {
            let m = -(n as f64) + 1.0 + 2.0 * i as f64;
            let theta = PI * m / (2.0 * n as f64);
            -C::new(mu, theta).sinh()
        })
        .collect();
    let mut k = p.iter().fold(C::new(1.0, 0.0), |a, &x| a * -x).re;
    if n.is_multiple_of(2) {
        k /= (1.0 + eps * eps).sqrt();
    }
    Zpk { z: vec![], p, k }
}

pub(crate) fn cheb2ap(n: usize, rs: f64) -> Zpk {
    if n == 0 {
        return Zpk {
            z: vec![],
            p: vec![],
            k: 1.0,
        };
    }
    let de = 1.0 / (10f64.powf(0.1 * rs) - 1.0).sqrt();
    let mu = (1.0 / de).asinh() / n as f64;
    let nf = n as f64;
    let ms: Vec<f64> = if n % 2 == 1 {
        let mut v: Vec<f64> = (0..)
            .map(|i| -nf + 1.0 + 2.0 * i as f64)
            .take_while(|&m| m < 0.0)
            .collect();
        v.extend((0..).map(|i| 2.0 + 2.0 * i as f64).take_while(|&m| m < nf));
        v
    } else {
        (0..n).map(|i| -nf + 1.0 + 2.0 * i as f64).collect()
    };
    let z: Vec<C> = ms
        .iter()
        .map(|&m| C::new(0.0, 1.0) / (m * PI / (2.0 * nf)).sin())
        .collect();
    let p: Vec<C> = (0..n)
        .map(|i| {
            let m = -nf + 1.0 + 2.0 * i as f64;
            let theta = PI * m / (2.0 * nf);
            -C::new(1.0, 0.0) / C::new(mu, theta).sinh()
        })
        .collect();
    let pn = p.iter().fold(C::new(1.0, 0.0), |a, &x| a * -x);
    let zn = z.iter().fold(C::new(1.0, 0.0), |a, &x| a * -x);
    Zpk {
        z,
        p,
        k: (pn / zn).re,
    }
}

/// Designs a digital or analog IIR filter of order `n` (`scipy.signal.iirfilter`).
///
/// **Shapes**: `wn` holds one critical frequency (low/high-pass) or two (band-pass/stop).
/// → [`Filter`] on the current device: `b`, `a` of length `n + 1` (`2n + 1` for band
/// filters), or zpk, or `(ceil(order/2), 6)` sections.
///
/// Digital frequencies are normalized to Nyquist (`0 < wn < 1`) unless `fs` is given
/// (`0 < wn < fs/2`); analog ones are in rad/s.
///
/// # Errors
/// [`Error::OutOfDomain`] naming the design function and `Wn` for a frequency outside the
/// allowed range, `rp`/`rs` for a negative ripple, `fs` for a non-positive one;
/// [`Error::BadArgument`] for `Wn[0] >= Wn[1]`, the wrong number of frequencies for the band
/// type, `fs` given for an analog filter; [`Error::Unsupported`] for analog `sos` output.
///
/// **Algorithm**: SciPy's: the analog prototype's zpk (`buttap`/`cheb1ap`/`cheb2ap`), a
/// frequency transformation at the pre-warped frequencies (`lp2lp_zpk` ...), the bilinear
/// transform, then `zpk2tf` or `zpk2sos` (nearest pairing), on the host in float64.
///
/// # Example
/// ```
/// use cuprum_signal::{IirOptions, IirType, iirfilter};
/// let (b, a) = iirfilter(2, &[0.5], IirType::Butter, &IirOptions::default()).unwrap().ba().unwrap();
/// assert_eq!(b.shape(), &[3]);
/// assert_eq!(a.to_vec::<f64>().unwrap()[0], 1.0);
/// ```
pub fn iirfilter(n: usize, wn: &[f64], ftype: IirType, opts: &IirOptions) -> Result<Filter> {
    let op = match ftype {
        IirType::Butter => "butter",
        IirType::Cheby1 { .. } => "cheby1",
        IirType::Cheby2 { .. } => "cheby2",
        IirType::Ellip { .. } => "ellip",
        IirType::Bessel { .. } => "bessel",
    };
    let zpk = design_zpk(op, n, wn, ftype, opts)?;
    finish(op, zpk, opts, current_device())
}

pub(crate) fn design_zpk(
    op: &'static str,
    n: usize,
    wn: &[f64],
    ftype: IirType,
    opts: &IirOptions,
) -> Result<Zpk> {
    // the prototype's n poles and zeros, doubled by band transforms, and the output form:
    // a few complex values per order
    cuprum_core::ext::check_host_bytes(n.saturating_mul(128))?;
    let wn_given = wn;
    let mut wn = wn.to_vec();
    if let Some(fs) = opts.fs {
        bad_argument_if(opts.analog, op, "fs", fs, "None for an analog filter")?;
        out_of_domain_if(!(fs > 0.0 && fs.is_finite()), op, "fs", fs, "(0, inf)")?;
        for w in &mut wn {
            *w /= fs / 2.0;
        }
    }
    bad_argument_if(
        wn.is_empty() || wn.len() > 2,
        op,
        "Wn",
        format!("{wn_given:?}"),
        "1 or 2 frequencies",
    )?;
    out_of_domain_if(
        wn.iter().any(|&w| w <= 0.0 || w.is_nan()),
        op,
        "Wn",
        format!("{wn_given:?}"),
        "frequencies greater than 0",
    )?;
    bad_argument_if(
        wn.len() == 2 && wn[0] >= wn[1],
        op,
        "Wn",
        format!("{wn_given:?}"),
        "Wn[0] < Wn[1]",
    )?;
    let proto = match ftype {
        IirType::Butter => buttap(n),
        IirType::Cheby1 { rp } => {
            out_of_domain_if(rp < 0.0, op, "rp", rp, "[0, inf) dB")?;
            cheb1ap(n, rp)
        }
        IirType::Cheby2 { rs } => {
            out_of_domain_if(rs < 0.0, op, "rs", rs, "[0, inf) dB")?;
            cheb2ap(n, rs)
        }
        IirType::Ellip { rp, rs } => {
            out_of_domain_if(rp < 0.0, op, "rp", rp, "[0, inf) dB")?;
            out_of_domain_if(rs < 0.0, op, "rs", rs, "[0, inf) dB")?;
            super::elliptic::ellipap(op, n, rp, rs)?
        }
        IirType::Bessel { norm } => super::bessel::besselap(op, n, norm)?,
    };
    let (warped, fs) = if !opts.analog {
        out_of_domain_if(
            wn.iter().any(|&w| w >= 1.0),
            op,
            "Wn",
            format!("{wn_given:?}"),
            match opts.fs {
                Some(fs) => format!("0 < Wn < fs/2 = {} (digital filter)", fs / 2.0),
                None => "(0, 1) (digital filter, normalized to Nyquist)".to_string(),
            },
        )?;
        let fs = 2.0;
        (
            wn.iter()
                .map(|&w| 2.0 * fs * (PI * w / fs).tan())
                .collect::<Vec<_>>(),
            fs,
        )
    } else {
        (wn.clone(), 0.0)
    };
    let (edges, expected) = match opts.btype {
        BType::Lowpass | BType::Highpass => (
            1,
            "a single critical frequency for a lowpass or highpass filter",
        ),
        BType::Bandpass | BType::Bandstop => (
            2,
            "start and stop frequencies for a bandpass or bandstop filter",
        ),
    };
    let given = format!("{wn_given:?}");
    bad_argument_if(warped.len() != edges, op, "Wn", given, expected)?;
    let z = match opts.btype {
        BType::Lowpass | BType::Highpass => {
            if opts.btype == BType::Lowpass {
                zpk::lp2lp(proto, warped[0])?
            } else {
                zpk::lp2hp(proto, warped[0])?
            }
        }
        BType::Bandpass | BType::Bandstop => {
            let bw = warped[1] - warped[0];
            let wo = (warped[0] * warped[1]).sqrt();
            if opts.btype == BType::Bandpass {
                zpk::lp2bp(proto, wo, bw)?
            } else {
                zpk::lp2bs(proto, wo, bw)?
            }
        }
    };
    if opts.analog {
        Ok(z)
    } else {
        zpk::bilinear(z, fs)
    }
}

pub(crate) fn finish(op: &'static str, f: Zpk, opts: &IirOptions, dev: Device) -> Result<Filter> {
    Ok(match opts.output {
        FilterOutput::Ba => {
            let (b, a) = zpk::zpk2tf(&f);
            Filter::Ba(upload(b, dev)?, upload(a, dev)?)
        }
        FilterOutput::Zpk => {
            Filter::Zpk(complex_upload(&f.z, dev)?, complex_upload(&f.p, dev)?, f.k)
        }
        FilterOutput::Sos => {
            if opts.analog {
                return Err(Error::unsupported(
                    op,
                    "analog second-order sections ('minimal' pairing)",
                ));
            }
            let s = zpk::zpk2sos(&f)?;
            let n = s.len();
            Filter::Sos(upload_shaped(s.concat(), &[n, 6], dev)?)
        }
    })
}

fn complex_upload(v: &[C], dev: Device) -> Result<Array> {
    let a = Array::from_vec_on(v.to_vec(), &[v.len()], dev)?;
    debug_assert_eq!(a.dtype(), DType::Complex128);
    Ok(a)
}

/// A Butterworth filter of order `n` (`scipy.signal.butter`).
///
/// **Shapes**, semantics and errors: as [`iirfilter`] with [`IirType::Butter`].
///
/// **Algorithm**: poles `−exp(iπm/(2n))`, `m = −n+1, −n+3, …, n−1`, then [`iirfilter`]'s
/// transformations.
///
/// # Errors
/// As [`iirfilter`].
///
/// # Example
/// ```
/// use cuprum_signal::{BType, IirOptions, butter};
/// let o = IirOptions { btype: BType::Highpass, fs: Some(1000.0), ..Default::default() };
/// let (b, a) = butter(3, &[100.0], &o).unwrap().ba().unwrap();
/// assert_eq!((b.shape(), a.shape()), (&[4][..], &[4][..]));
/// ```
pub fn butter(n: usize, wn: &[f64], opts: &IirOptions) -> Result<Filter> {
    iirfilter(n, wn, IirType::Butter, opts)
}

/// A Chebyshev type I filter of order `n` with `rp` dB of passband ripple
/// (`scipy.signal.cheby1`).
///
/// **Shapes** and semantics: as [`iirfilter`] with [`IirType::Cheby1`].
///
/// # Errors
/// As [`iirfilter`].
///
/// **Algorithm**: SciPy's `cheb1ap` prototype, then [`iirfilter`]'s transformations.
///
/// # Example
/// ```
/// use cuprum_signal::{IirOptions, cheby1};
/// let (b, a) = cheby1(4, 1.0, &[0.3], &IirOptions::default()).unwrap().ba().unwrap();
/// assert_eq!(b.shape(), &[5]);
/// ```
pub fn cheby1(n: usize, rp: f64, wn: &[f64], opts: &IirOptions) -> Result<Filter> {
    iirfilter(n, wn, IirType::Cheby1 { rp }, opts)
}

/// A Chebyshev type II filter of order `n` with `rs` dB of stopband attenuation
/// (`scipy.signal.cheby2`).
///
/// **Shapes** and semantics: as [`iirfilter`] with [`IirType::Cheby2`].
///
/// # Errors
/// As [`iirfilter`].
///
/// **Algorithm**: SciPy's `cheb2ap` prototype, then [`iirfilter`]'s transformations.
///
/// # Example
/// ```
/// use cuprum_signal::{IirOptions, cheby2};
/// let (b, a) = cheby2(4, 40.0, &[0.3], &IirOptions::default()).unwrap().ba().unwrap();
/// assert_eq!(a.shape(), &[5]);
/// ```
pub fn cheby2(n: usize, rs: f64, wn: &[f64], opts: &IirOptions) -> Result<Filter> {
    iirfilter(n, wn, IirType::Cheby2 { rs }, opts)
}

/// An elliptic (Cauer) filter of order `n` with `rp` dB of passband ripple and `rs` dB of
/// stopband attenuation (`scipy.signal.ellip`).
///
/// **Shapes** and semantics: as [`iirfilter`] with [`IirType::Ellip`].
///
/// # Errors
/// As [`iirfilter`], naming `ellip`.
///
/// **Algorithm**: SciPy's `ellipap` prototype (Jacobi elliptic functions by Landen
/// transformations, the modulus from the degree equation's q-series), then [`iirfilter`]'s
/// transformations.
///
/// # Example
/// ```
/// use cuprum_signal::{IirOptions, ellip};
/// let (b, a) = ellip(4, 1.0, 40.0, &[0.3], &IirOptions::default()).unwrap().ba().unwrap();
/// assert_eq!((b.shape(), a.shape()), (&[5][..], &[5][..]));
/// ```
pub fn ellip(n: usize, rp: f64, rs: f64, wn: &[f64], opts: &IirOptions) -> Result<Filter> {
    iirfilter(n, wn, IirType::Ellip { rp, rs }, opts)
}

/// A Bessel/Thomson filter of order `n` (`scipy.signal.bessel`), maximally flat group delay.
///
/// **Shapes** and semantics: as [`iirfilter`] with [`IirType::Bessel`]; `norm` places the
/// cutoff (phase mid-point, unit delay, or −3 dB).
///
/// # Errors
/// As [`iirfilter`], naming `bessel`; an order above 60.
///
/// **Algorithm**: the poles are the roots of the reverse Bessel polynomial (cuprum's `roots`,
/// then Newton-polished), scaled per `norm` as SciPy's `besselap`; then [`iirfilter`]'s
/// transformations.
///
/// # Example
/// ```
/// use cuprum_signal::{IirOptions, bessel, design::bessel::BesselNorm};
/// let (b, a) = bessel(4, &[0.2], BesselNorm::Phase, &IirOptions::default()).unwrap().ba().unwrap();
/// assert_eq!((b.shape(), a.shape()), (&[5][..], &[5][..]));
/// ```
pub fn bessel(
    n: usize,
    wn: &[f64],
    norm: super::bessel::BesselNorm,
    opts: &IirOptions,
) -> Result<Filter> {
    iirfilter(n, wn, IirType::Bessel { norm }, opts)
}
