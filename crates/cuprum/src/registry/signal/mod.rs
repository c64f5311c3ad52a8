//! `signal.*`: SciPy's signal processing through [`crate::scipy::signal`], by SciPy's names
//! and signatures (`signal.butter(N, Wn, btype='low', analog=False, output='ba', fs=None)`),
//! outputs in SciPy's order (`butter(..., output='zpk')` gives z, p and k as a float;
//! `find_peaks` the peak indices and the properties as a [`Value::Dict`]). The windows of
//! `scipy.signal.windows` are `signal.windows.<name>`; a window argument is a name, a
//! `(name, parameter, ...)` tuple or an array of values; SciPy 1.17's `'hann_periodic'` style
//! names are the periodic windows the spectral functions take anyway. An LTI `system`
//! argument is a tuple `(num, den)`, `(z, p, k)` or `(A, B, C, D)` (with `dt` last for the
//! discrete-time functions). `argrelextrema`'s `comparator` is the name of the NumPy
//! comparison (`'greater'`, `'less_equal'`, ...). The classes `CZT` and `ZoomFFT` are a
//! constructor and the methods `__call__` and `points`.
//!
//! The classes `lti`, `dlti` and `ShortTimeFFT` are in `classes.rs`.
//!
//! Not listed: `cwt` (its `wavelet` is a Python callable: a Rust closure in cuprum), and
//! `cupyx.signal`'s extras (`crate::scipy::signal::cusignal`), which are not `scipy.signal`
//! names.
//!
//! Filter design (representations, FIR and IIR design, frequency responses, partial
//! fractions) is in `design.rs`; the argument helpers here serve both.

mod classes;
mod design;

pub(super) use classes::{CLASSES, DLTI_METHODS, LTI_METHODS};
pub(super) use design::DESIGN;

use super::{Args, Entry, Object, Value, e, many, one, two};
use crate::scipy::signal as sg;
use crate::{Array, Complex64, ConvolveMode, DType, Error, Result};

fn float(v: f64) -> Value {
    Value::Float(v)
}

/// Three outputs, the last a float (`(z, p, k)`).
fn zpk(r: Result<(Array, Array, f64)>) -> Result<Vec<Value>> {
    r.map(|(z, p, k)| vec![Value::Array(z), Value::Array(p), float(k)])
}

fn three(r: Result<(Array, Array, Array)>) -> Result<Vec<Value>> {
    r.map(|(a, b, c)| vec![Value::Array(a), Value::Array(b), Value::Array(c)])
}

fn four(r: Result<(Array, Array, Array, Array)>) -> Result<Vec<Value>> {
    r.map(|(a, b, c, d)| {
        vec![
            Value::Array(a),
            Value::Array(b),
            Value::Array(c),
            Value::Array(d),
        ]
    })
}

/// A filter design in SciPy's output form.
fn filter_out(r: Result<sg::Filter>) -> Result<Vec<Value>> {
    Ok(match r? {
        sg::Filter::Ba(b, a) => vec![Value::Array(b), Value::Array(a)],
        sg::Filter::Zpk(z, p, k) => vec![Value::Array(z), Value::Array(p), float(k)],
        sg::Filter::Sos(s) => vec![Value::Array(s)],
    })
}

/// An order estimate `(N, Wn)`: `Wn` a float for one edge, an array for two.
fn order_out(r: Result<(usize, Vec<f64>)>) -> Result<Vec<Value>> {
    let (n, wn) = r?;
    let wn = match wn[..] {
        [w] => float(w),
        _ => Value::Array(Array::from_vec(wn, &[2])?),
    };
    Ok(vec![Value::Int(n as i64), wn])
}

/// Refuses a value other than the signature's default for an argument cuprum does not
/// implement.
fn only_default(a: &Args<'_>, name: &str, ok: bool) -> Result<()> {
    if ok { Ok(()) } else { Err(a.unsupported(name)) }
}

/// `cspline1d_eval`/`qspline1d_eval` (`f`) of the coefficients `cj` at `newx`, with `dx` and
/// `x0`.
fn spline_eval(
    a: &Args<'_>,
    f: fn(&Array, &Array, f64, f64) -> Result<Array>,
) -> Result<Vec<Value>> {
    one(f(
        &a.array("cj")?,
        &a.array("newx")?,
        a.float("dx")?,
        a.float("x0")?,
    ))
}

fn mode(a: &Args<'_>) -> Result<ConvolveMode> {
    ConvolveMode::parse(a.str("mode")?)
}

fn complex(a: &Args<'_>, name: &str) -> Result<Complex64> {
    Ok(a.scalar(name)?.as_complex())
}

fn opt_complex(a: &Args<'_>, name: &str) -> Result<Option<Complex64>> {
    if a.is_none(name) {
        return Ok(None);
    }
    complex(a, name).map(Some)
}

/// A window: a name, a `(name, parameter...)` tuple, or the values themselves.
fn window_of(a: &Args<'_>, name: &str) -> Result<sg::Window> {
    let bare = |s: &str| s.strip_suffix("_periodic").unwrap_or(s).to_string();
    Ok(match a.get(name) {
        Value::Str(s) => sg::Window::Name(bare(s)),
        Value::List(v) if matches!(v.first(), Some(Value::Str(_))) => {
            let Some(Value::Str(s)) = v.first() else {
                unreachable!()
            };
            let p: Vec<f64> = v[1..]
                .iter()
                .map(|x| match x.as_scalar() {
                    Some(s) => Ok(s.as_f64()),
                    None => Err(Error::bad_argument(
                        a.op(),
                        "window",
                        x.describe(),
                        "a number (the window's parameter)",
                    )),
                })
                .collect::<Result<_>>()?;
            match p[..] {
                [] => sg::Window::Name(bare(s)),
                [x] => sg::Window::Param(bare(s), x),
                [x, y] => sg::Window::Param2(bare(s), x, y),
                _ => return Err(a.unsupported(name)),
            }
        }
        _ => sg::Window::Values(a.floats(name)?),
    })
}

fn opt_window(a: &Args<'_>, name: &str) -> Result<Option<sg::Window>> {
    if a.is_none(name) {
        return Ok(None);
    }
    window_of(a, name).map(Some)
}

/// `system`: `(num, den)`, `(z, p, k)` or `(A, B, C, D)`, and `dt` last when `discrete`.
fn system(a: &Args<'_>, discrete: bool) -> Result<(sg::System, Option<f64>)> {
    let Value::List(v) = a.get("system") else {
        return Err(Error::bad_argument(
            a.op(),
            "system",
            a.get("system").describe(),
            "a tuple (num, den), (z, p, k) or (A, B, C, D)",
        ));
    };
    let (parts, dt) = if discrete {
        let Some((last, rest)) = v.split_last() else {
            return Err(Error::bad_argument(
                a.op(),
                "system",
                "an empty tuple",
                "a system with dt last",
            ));
        };
        let dt = last.as_scalar().map(|s| s.as_f64()).ok_or_else(|| {
            Error::bad_argument(a.op(), "system", last.describe(), "dt, a number, last")
        })?;
        (rest, Some(dt))
    } else {
        (&v[..], None)
    };
    let arr = |i: usize| parts[i].to_array(a.op());
    let sys = match parts.len() {
        2 => sg::System::Tf(arr(0)?, arr(1)?),
        3 => sg::System::Zpk(
            arr(0)?,
            arr(1)?,
            parts[2].as_scalar().map(|s| s.as_f64()).ok_or_else(|| {
                Error::bad_argument(a.op(), "system", parts[2].describe(), "a gain k")
            })?,
        ),
        4 => sg::System::Ss(arr(0)?, arr(1)?, arr(2)?, arr(3)?),
        n => {
            return Err(Error::bad_argument(
                a.op(),
                "system",
                format!("a tuple of {n}"),
                "2 (tf), 3 (zpk) or 4 (ss) elements",
            ));
        }
    };
    Ok((sys, dt))
}

/// The `(num, den)` of a transfer-function system.
fn tf_system(a: &Args<'_>, discrete: bool) -> Result<(Array, Array, Option<f64>)> {
    match system(a, discrete)? {
        (sg::System::Tf(b, den), dt) => Ok((b, den, dt)),
        _ => Err(a.unsupported("system")),
    }
}

fn system_out(sys: sg::System, dt: f64) -> Vec<Value> {
    let mut v = match sys {
        sg::System::Tf(b, a) => vec![Value::Array(b), Value::Array(a)],
        sg::System::Zpk(z, p, k) => vec![Value::Array(z), Value::Array(p), float(k)],
        sg::System::Ss(a, b, c, d) => vec![
            Value::Array(a),
            Value::Array(b),
            Value::Array(c),
            Value::Array(d),
        ],
    };
    v.push(float(dt));
    v
}

fn opt_floats(a: &Args<'_>, name: &str) -> Result<Option<Vec<f64>>> {
    if a.is_none(name) {
        return Ok(None);
    }
    a.floats(name).map(Some)
}

fn iir_opts(a: &Args<'_>) -> Result<sg::IirOptions> {
    Ok(sg::IirOptions {
        btype: sg::BType::parse(a.str("btype")?)?,
        analog: a.bool("analog")?,
        output: sg::FilterOutput::parse(a.str("output")?)?,
        fs: a.opt_float("fs")?,
    })
}

/// `worN` (or `group_delay`'s `w`): a number of frequencies, or the frequencies themselves.
fn freqz_opts(a: &Args<'_>, n: &str) -> Result<sg::FreqzOptions> {
    let (wor_n, freqs) = match a.get(n) {
        Value::Int(_) => (a.usize(n)?, None),
        _ => (0, Some(a.floats(n)?)),
    };
    Ok(sg::FreqzOptions {
        wor_n,
        whole: a.bool("whole")?,
        fs: a.float("fs")?,
        include_nyquist: false,
        freqs,
    })
}

fn order_spec<'a>(a: &Args<'_>, wp: &'a [f64], ws: &'a [f64]) -> Result<sg::OrderSpec<'a>> {
    Ok(sg::OrderSpec {
        wp,
        ws,
        gpass: a.float("gpass")?,
        gstop: a.float("gstop")?,
        analog: a.bool("analog")?,
        fs: a.opt_float("fs")?,
    })
}

fn root_type(a: &Args<'_>) -> Result<sg::RootType> {
    sg::RootType::parse(a.str("rtype")?)
}

fn detrend_of(a: &Args<'_>) -> Result<sg::Detrend> {
    match a.get("detrend") {
        Value::Bool(false) => Ok(sg::Detrend::None),
        Value::Str(s) => sg::Detrend::parse(s),
        _ => Err(a.unsupported("detrend")),
    }
}

/// The options every spectral estimator shares (`fs`, `window`, `nperseg`, ...), where the
/// signature has them.
fn spectral_opts(a: &Args<'_>) -> Result<sg::SpectralOptions> {
    let has = |k: &str| a.signature().contains(&format!(" {k}="));
    Ok(sg::SpectralOptions {
        fs: a.float("fs")?,
        window: Some(window_of(a, "window")?),
        nperseg: if has("nperseg") {
            a.opt_usize("nperseg")?
        } else {
            None
        },
        noverlap: if has("noverlap") {
            a.opt_usize("noverlap")?
        } else {
            None
        },
        nfft: a.opt_usize("nfft")?,
        detrend: if has("detrend") {
            Some(detrend_of(a)?)
        } else {
            None
        },
        return_onesided: if has("return_onesided") {
            a.bool("return_onesided")?
        } else {
            true
        },
        scaling: if has("scaling") {
            Some(sg::Scaling::parse(a.str("scaling")?)?)
        } else {
            None
        },
        axis: if has("axis") { a.isize("axis")? } else { -1 },
        average: if has("average") {
            match a.str("average")? {
                "mean" => sg::spectral::Average::Mean,
                "median" => sg::spectral::Average::Median,
                _ => return Err(a.unsupported("average")),
            }
        } else {
            sg::spectral::Average::Mean
        },
    })
}

fn stft_boundary(a: &Args<'_>) -> Result<sg::spectral::StftBoundary> {
    use sg::spectral::StftBoundary as B;
    Ok(match a.get("boundary") {
        Value::None | Value::Bool(false) => B::None,
        Value::Bool(true) => B::Zeros,
        Value::Str(s) => match s.as_str() {
            "zeros" => B::Zeros,
            "even" => B::Even,
            "odd" => B::Odd,
            "constant" => B::Constant,
            _ => return Err(a.unsupported("boundary")),
        },
        _ => return Err(a.unsupported("boundary")),
    })
}

/// `height=None`-style peak conditions: a number (the minimum), a `(min, max)` pair (either
/// may be `None`), or `None`.
fn bounds(a: &Args<'_>, name: &str) -> Result<Option<sg::Bounds>> {
    let num = |v: &Value| -> Result<Option<f64>> {
        match v {
            Value::None => Ok(None),
            v => v.as_scalar().map(|s| Some(s.as_f64())).ok_or_else(|| {
                Error::bad_argument(a.op(), "condition", v.describe(), "a number or None")
            }),
        }
    };
    Ok(match a.get(name) {
        Value::None => None,
        Value::List(v) if v.len() == 2 => Some(sg::Bounds {
            min: num(&v[0])?,
            max: num(&v[1])?,
        }),
        v => Some(sg::Bounds {
            min: num(v)?,
            max: None,
        }),
    })
}

fn peaks_dict(p: sg::Peaks) -> Vec<Value> {
    let mut props = Vec::new();
    for (k, v) in [
        ("plateau_sizes", p.plateau_sizes),
        ("left_edges", p.left_edges),
        ("right_edges", p.right_edges),
        ("peak_heights", p.peak_heights),
        ("left_thresholds", p.left_thresholds),
        ("right_thresholds", p.right_thresholds),
        ("prominences", p.prominences),
        ("left_bases", p.left_bases),
        ("right_bases", p.right_bases),
        ("widths", p.widths),
        ("width_heights", p.width_heights),
        ("left_ips", p.left_ips),
        ("right_ips", p.right_ips),
    ] {
        if let Some(v) = v {
            props.push((k.to_string(), Value::Array(v)));
        }
    }
    vec![Value::Array(p.peaks), Value::Dict(props)]
}

fn shape2(a: &Args<'_>, name: &'static str) -> Result<Option<[usize; 2]>> {
    Ok(match a.opt_shape(name)? {
        None => None,
        Some(v) => match v[..] {
            [n] => Some([n, n]),
            [m, n] => Some([m, n]),
            _ => {
                return Err(Error::bad_shape(
                    a.op(),
                    name,
                    &[v.len()],
                    "one or two sizes",
                ));
            }
        },
    })
}

fn comparator(a: &Args<'_>) -> Result<sg::peaks::Comparator> {
    use sg::peaks::Comparator as C;
    Ok(match a.str("comparator")? {
        "greater" => C::Greater,
        "greater_equal" => C::GreaterEqual,
        "less" => C::Less,
        "less_equal" => C::LessEqual,
        _ => return Err(a.unsupported("comparator")),
    })
}

fn wrap_mode(a: &Args<'_>) -> Result<bool> {
    match a.str("mode")? {
        "clip" => Ok(false),
        "wrap" => Ok(true),
        _ => Err(a.unsupported("mode")),
    }
}

fn pass_zero(a: &Args<'_>) -> Result<bool> {
    Ok(match a.get("pass_zero") {
        Value::Str(s) => match s.as_str() {
            "lowpass" | "bandstop" => true,
            "highpass" | "bandpass" => false,
            _ => return Err(a.unsupported("pass_zero")),
        },
        _ => a.bool("pass_zero")?,
    })
}

/// `x0`-style optional initial states as floats.
fn opt_state(a: &Args<'_>, name: &str) -> Result<Option<Vec<f64>>> {
    opt_floats(a, name)
}

super::self_objects!(czt_obj: sg::Czt, zoom_obj: sg::ZoomFft);

macro_rules! window_fn {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(a.usize("M")?, a.bool("sym")?)))
    };
}

/// `scipy.signal.windows.*`.
pub(super) static WINDOWS: &[Entry] = &[
    window_fn!("signal.windows.boxcar(M, sym=True)", sg::windows::boxcar),
    window_fn!("signal.windows.triang(M, sym=True)", sg::windows::triang),
    window_fn!("signal.windows.parzen(M, sym=True)", sg::windows::parzen),
    window_fn!("signal.windows.bohman(M, sym=True)", sg::windows::bohman),
    window_fn!(
        "signal.windows.blackman(M, sym=True)",
        sg::windows::blackman
    ),
    window_fn!("signal.windows.nuttall(M, sym=True)", sg::windows::nuttall),
    window_fn!(
        "signal.windows.blackmanharris(M, sym=True)",
        sg::windows::blackmanharris
    ),
    window_fn!("signal.windows.flattop(M, sym=True)", sg::windows::flattop),
    window_fn!(
        "signal.windows.bartlett(M, sym=True)",
        sg::windows::bartlett
    ),
    window_fn!("signal.windows.hann(M, sym=True)", sg::windows::hann),
    window_fn!("signal.windows.hamming(M, sym=True)", sg::windows::hamming),
    window_fn!(
        "signal.windows.barthann(M, sym=True)",
        sg::windows::barthann
    ),
    window_fn!("signal.windows.cosine(M, sym=True)", sg::windows::cosine),
    window_fn!(
        "signal.windows.lanczos(M, *, sym=True)",
        sg::windows::lanczos
    ),
    e!("signal.windows.kaiser(M, beta, sym=True)", |a| one(
        sg::windows::kaiser(a.usize("M")?, a.float("beta")?, a.bool("sym")?)
    )),
    e!("signal.windows.chebwin(M, at, sym=True)", |a| one(
        sg::windows::chebwin(a.usize("M")?, a.float("at")?, a.bool("sym")?)
    )),
    e!(
        "signal.windows.kaiser_bessel_derived(M, beta, *, sym=True)",
        |a| one(sg::windows::kaiser_bessel_derived(
            a.usize("M")?,
            a.float("beta")?,
            a.bool("sym")?
        ))
    ),
    e!(
        "signal.windows.taylor(M, nbar=4, sll=30, norm=True, sym=True)",
        |a| one(sg::windows::taylor(
            a.usize("M")?,
            a.usize("nbar")?,
            a.float("sll")?,
            a.bool("norm")?,
            a.bool("sym")?
        ))
    ),
    e!("signal.windows.gaussian(M, std, sym=True)", |a| one(
        sg::windows::gaussian(a.usize("M")?, a.float("std")?, a.bool("sym")?)
    )),
    e!("signal.windows.tukey(M, alpha=0.5, sym=True)", |a| one(
        sg::windows::tukey(a.usize("M")?, a.float("alpha")?, a.bool("sym")?)
    )),
    e!("signal.windows.general_hamming(M, alpha, sym=True)", |a| {
        one(sg::windows::general_hamming(
            a.usize("M")?,
            a.float("alpha")?,
            a.bool("sym")?,
        ))
    }),
    e!(
        "signal.windows.exponential(M, center=None, tau=1.0, sym=True)",
        |a| {
            only_default(a, "center", a.is_none("center"))?;
            one(sg::windows::exponential(
                a.usize("M")?,
                a.float("tau")?,
                a.bool("sym")?,
            ))
        }
    ),
    e!(
        "signal.windows.general_gaussian(M, p, sig, sym=True)",
        |a| one(sg::windows::general_gaussian(
            a.usize("M")?,
            a.float("p")?,
            a.float("sig")?,
            a.bool("sym")?
        ))
    ),
    e!("signal.windows.general_cosine(M, a, sym=True)", |a| one(
        sg::windows::general_cosine(a.usize("M")?, &a.floats("a")?, a.bool("sym")?)
    )),
    e!(
        "signal.windows.dpss(M, NW, Kmax=None, sym=True, norm=None, return_ratios=False)",
        |a| {
            use sg::windows::DpssNorm as N;
            let norm = match a.get("norm") {
                Value::None => None,
                Value::Int(2) => Some(N::L2),
                Value::Str(s) if s == "approximate" => Some(N::Approximate),
                Value::Str(s) if s == "subsample" => Some(N::Subsample),
                _ => return Err(a.unsupported("norm")),
            };
            let (m, nw, kmax, sym) = (
                a.usize("M")?,
                a.float("NW")?,
                a.opt_usize("Kmax")?,
                a.bool("sym")?,
            );
            if a.bool("return_ratios")? {
                two(sg::windows::dpss_with_ratios(m, nw, kmax, sym, norm))
            } else {
                one(sg::windows::dpss(m, nw, kmax, sym, norm))
            }
        }
    ),
];

pub(super) static ENTRIES: &[Entry] = &[
    // --- B-splines
    e!("signal.gauss_spline(x, n)", |a| one(sg::gauss_spline(
        &a.array("x")?,
        a.usize("n")?
    ))),
    e!("signal.cspline1d(signal, lamb=0.0)", |a| one(
        sg::cspline1d(&a.array("signal")?, a.float("lamb")?)
    )),
    e!("signal.qspline1d(signal, lamb=0.0)", |a| one(
        sg::qspline1d(&a.array("signal")?, a.float("lamb")?)
    )),
    e!("signal.cspline1d_eval(cj, newx, dx=1.0, x0=0)", |a| {
        spline_eval(a, sg::cspline1d_eval)
    }),
    e!("signal.qspline1d_eval(cj, newx, dx=1.0, x0=0)", |a| {
        spline_eval(a, sg::qspline1d_eval)
    }),
    e!("signal.cspline2d(signal, lamb=0.0, precision=-1.0)", |a| {
        one(sg::cspline2d(
            &a.array("signal")?,
            a.float("lamb")?,
            a.float("precision")?,
        ))
    }),
    e!("signal.qspline2d(signal, lamb=0.0, precision=-1.0)", |a| {
        one(sg::qspline2d(
            &a.array("signal")?,
            a.float("lamb")?,
            a.float("precision")?,
        ))
    }),
    e!("signal.spline_filter(Iin, lmbda=5.0)", |a| one(
        sg::spline_filter(&a.array("Iin")?, a.float("lmbda")?)
    )),
    // --- convolution
    e!(
        "signal.choose_conv_method(in1, in2, mode='full', measure=False)",
        |a| {
            only_default(a, "measure", !a.bool("measure")?)?;
            let m = sg::choose_conv_method(&a.array("in1")?, &a.array("in2")?, mode(a)?);
            Ok(vec![Value::Str(
                match m {
                    sg::ConvMethod::Fft => "fft",
                    _ => "direct",
                }
                .into(),
            )])
        }
    ),
    e!(
        "signal.convolve(in1, in2, mode='full', method='auto')",
        |a| one(sg::convolve(
            &a.array("in1")?,
            &a.array("in2")?,
            mode(a)?,
            sg::ConvMethod::parse(a.str("method")?)?
        ))
    ),
    e!(
        "signal.correlate(in1, in2, mode='full', method='auto')",
        |a| one(sg::correlate(
            &a.array("in1")?,
            &a.array("in2")?,
            mode(a)?,
            sg::ConvMethod::parse(a.str("method")?)?
        ))
    ),
    e!(
        "signal.fftconvolve(in1, in2, mode='full', axes=None)",
        |a| one(sg::fftconvolve(
            &a.array("in1")?,
            &a.array("in2")?,
            mode(a)?,
            a.opt_axes("axes")?.as_deref()
        ))
    ),
    e!("signal.oaconvolve(in1, in2, mode='full', axes=None)", |a| {
        one(sg::oaconvolve(
            &a.array("in1")?,
            &a.array("in2")?,
            mode(a)?,
            a.opt_axes("axes")?.as_deref(),
        ))
    }),
    e!(
        "signal.convolve2d(in1, in2, mode='full', boundary='fill', fillvalue=0)",
        |a| one(sg::convolve2d(
            &a.array("in1")?,
            &a.array("in2")?,
            mode(a)?,
            sg::Boundary::parse(a.str("boundary")?)?,
            a.scalar("fillvalue")?
        ))
    ),
    e!(
        "signal.correlate2d(in1, in2, mode='full', boundary='fill', fillvalue=0)",
        |a| one(sg::correlate2d(
            &a.array("in1")?,
            &a.array("in2")?,
            mode(a)?,
            sg::Boundary::parse(a.str("boundary")?)?,
            a.scalar("fillvalue")?
        ))
    ),
    e!("signal.deconvolve(signal, divisor)", |a| two(
        sg::deconvolve(&a.array("signal")?, &a.array("divisor")?)
    )),
    e!(
        "signal.correlation_lags(in1_len, in2_len, mode='full')",
        |a| one(sg::correlation_lags(
            a.usize("in1_len")?,
            a.usize("in2_len")?,
            mode(a)?
        ))
    ),
    // --- chirp z-transform
    e!("signal.czt(x, m=None, w=None, a=(1+0j), *, axis=-1)", |a| {
        one(sg::czt(
            &a.array("x")?,
            a.opt_usize("m")?,
            opt_complex(a, "w")?,
            complex(a, "a")?,
            a.isize("axis")?,
        ))
    }),
    e!(
        "signal.zoom_fft(x, fn, m=None, *, fs=2, endpoint=False, axis=-1)",
        |a| one(sg::zoom_fft(
            &a.array("x")?,
            &a.floats("fn")?,
            a.opt_usize("m")?,
            a.float("fs")?,
            a.bool("endpoint")?,
            a.isize("axis")?
        ))
    ),
    e!("signal.czt_points(m, w=None, a=(1+0j))", |a| one(
        sg::czt_points(a.usize("m")?, opt_complex(a, "w")?, complex(a, "a")?)
    )),
    e!("signal.CZT(n, m=None, w=None, a=(1+0j))", |a| {
        let c = sg::Czt::new(
            a.usize("n")?,
            a.opt_usize("m")?,
            opt_complex(a, "w")?,
            complex(a, "a")?,
        )?;
        Ok(vec![Value::Object(Object::new("signal.CZT", c))])
    }),
    e!("signal.CZT.__call__(self, x, *, axis=-1)", |a| one(
        czt_obj(a)?.apply(&a.array("x")?, a.isize("axis")?)
    )),
    e!("signal.CZT.points(self)", |a| one(czt_obj(a)?.points())),
    e!(
        "signal.ZoomFFT(n, fn, m=None, *, fs=2, endpoint=False)",
        |a| {
            let z = sg::ZoomFft::new(
                a.usize("n")?,
                &a.floats("fn")?,
                a.opt_usize("m")?,
                a.float("fs")?,
                a.bool("endpoint")?,
            )?;
            Ok(vec![Value::Object(Object::new("signal.ZoomFFT", z))])
        }
    ),
    e!("signal.ZoomFFT.__call__(self, x, *, axis=-1)", |a| one(
        zoom_obj(a)?.apply(&a.array("x")?, a.isize("axis")?)
    )),
    e!(
        "signal.ZoomFFT.points(self)",
        |a| one(zoom_obj(a)?.points())
    ),
    // --- filtering
    e!("signal.lfilter(b, a, x, axis=-1, zi=None)", |a| {
        let (b, den, x, axis) = (
            a.array("b")?,
            a.array("a")?,
            a.array("x")?,
            a.isize("axis")?,
        );
        match a.opt_array("zi")? {
            Some(zi) => two(sg::lfilter_with_state(&b, &den, &x, &zi, axis)),
            None => one(sg::lfilter(&b, &den, &x, axis)),
        }
    }),
    e!("signal.lfilter_zi(b, a)", |a| one(sg::lfilter_zi(
        &a.array("b")?,
        &a.array("a")?
    ))),
    e!("signal.lfiltic(b, a, y, x=None)", |a| one(sg::lfiltic(
        &a.array("b")?,
        &a.array("a")?,
        &a.array("y")?,
        a.opt_array("x")?.as_ref()
    ))),
    e!(
        "signal.filtfilt(b, a, x, axis=-1, padtype='odd', padlen=None, method='pad', irlen=None)",
        |a| {
            only_default(a, "method", a.str("method")? == "pad")?;
            one(sg::filtfilt(
                &a.array("b")?,
                &a.array("a")?,
                &a.array("x")?,
                a.isize("axis")?,
                &filtfilt_opts(a)?,
            ))
        }
    ),
    e!("signal.sosfilt(sos, x, axis=-1, zi=None)", |a| {
        let (sos, x, axis) = (a.array("sos")?, a.array("x")?, a.isize("axis")?);
        match a.opt_array("zi")? {
            Some(zi) => two(sg::sosfilt_with_state(&sos, &x, &zi, axis)),
            None => one(sg::sosfilt(&sos, &x, axis)),
        }
    }),
    e!("signal.sosfilt_zi(sos)", |a| one(sg::sosfilt_zi(
        &a.array("sos")?
    ))),
    e!(
        "signal.sosfiltfilt(sos, x, axis=-1, padtype='odd', padlen=None)",
        |a| one(sg::sosfiltfilt(
            &a.array("sos")?,
            &a.array("x")?,
            a.isize("axis")?,
            &filtfilt_opts(a)?
        ))
    ),
    e!(
        "signal.envelope(z, bp_in=(1, None), *, n_out=None, squared=False, residual='lowpass', axis=-1)",
        |a| {
            let bp = match a.get("bp_in") {
                Value::List(v) if v.len() == 2 => {
                    let f = |x: &Value| match x {
                        Value::None => Ok(None),
                        Value::Int(i) => Ok(Some(*i)),
                        _ => Err(a.unsupported("bp_in")),
                    };
                    (f(&v[0])?, f(&v[1])?)
                }
                _ => return Err(a.unsupported("bp_in")),
            };
            let residual = match a.get("residual") {
                Value::None => sg::Residual::None,
                Value::Str(s) if s == "lowpass" => sg::Residual::Lowpass,
                Value::Str(s) if s == "all" => sg::Residual::All,
                _ => return Err(a.unsupported("residual")),
            };
            one(sg::envelope(
                &a.array("z")?,
                &sg::EnvelopeOptions {
                    bp_in: bp,
                    n_out: a.opt_usize("n_out")?,
                    squared: a.bool("squared")?,
                    residual,
                    axis: a.isize("axis")?,
                },
            ))
        }
    ),
    // --- linear systems
    e!("signal.dlsim(system, u, t=None, x0=None)", |a| {
        only_default(a, "t", a.is_none("t"))?;
        let (b, den, dt) = tf_system(a, true)?;
        two(sg::dlsim(
            &b,
            &den,
            dt.unwrap_or(1.0),
            &a.array("u")?,
            opt_state(a, "x0")?.as_deref(),
        ))
    }),
    e!("signal.dimpulse(system, x0=None, t=None, n=None)", |a| {
        only_default(a, "x0", a.is_none("x0"))?;
        only_default(a, "t", a.is_none("t"))?;
        let (b, den, dt) = tf_system(a, true)?;
        two(sg::dimpulse(
            &b,
            &den,
            dt.unwrap_or(1.0),
            a.opt_usize("n")?.unwrap_or(100),
        ))
    }),
    e!("signal.dstep(system, x0=None, t=None, n=None)", |a| {
        only_default(a, "x0", a.is_none("x0"))?;
        only_default(a, "t", a.is_none("t"))?;
        let (b, den, dt) = tf_system(a, true)?;
        two(sg::dstep(
            &b,
            &den,
            dt.unwrap_or(1.0),
            a.opt_usize("n")?.unwrap_or(100),
        ))
    }),
    e!(
        "signal.cont2discrete(system, dt, method='zoh', alpha=None)",
        |a| {
            let dt = a.float("dt")?;
            let m = sg::C2dMethod::parse(a.str("method")?, a.opt_float("alpha")?)?;
            Ok(system_out(
                sg::cont2discrete(&system(a, false)?.0, dt, m)?,
                dt,
            ))
        }
    ),
    e!(
        "signal.lsim(system, U, T, X0=None, interp=True)",
        |a| three(sg::lsim(
            &system(a, false)?.0,
            a.opt_array("U")?.as_ref(),
            &a.array("T")?,
            opt_state(a, "X0")?.as_deref(),
            a.bool("interp")?
        ))
    ),
    e!("signal.impulse(system, X0=None, T=None, N=None)", |a| two(
        sg::impulse(
            &system(a, false)?.0,
            opt_state(a, "X0")?.as_deref(),
            a.opt_array("T")?.as_ref(),
            a.opt_usize("N")?
        )
    )),
    e!("signal.step(system, X0=None, T=None, N=None)", |a| two(
        sg::step(
            &system(a, false)?.0,
            opt_state(a, "X0")?.as_deref(),
            a.opt_array("T")?.as_ref(),
            a.opt_usize("N")?
        )
    )),
    // --- peaks
    e!(
        "signal.max_len_seq(nbits, state=None, length=None, taps=None)",
        |a| {
            let state: Option<Vec<bool>> = a
                .opt_ints("state")?
                .map(|v| v.into_iter().map(|b| b != 0).collect());
            let taps: Option<Vec<usize>> = a
                .opt_ints("taps")?
                .map(|v| v.into_iter().map(|t| t.max(0) as usize).collect());
            two(sg::max_len_seq(
                a.usize("nbits")?,
                state.as_deref(),
                a.opt_usize("length")?,
                taps.as_deref(),
            ))
        }
    ),
    e!("signal.peak_prominences(x, peaks, wlen=None)", |a| three(
        sg::peak_prominences(&a.array("x")?, &a.array("peaks")?, a.opt_float("wlen")?)
    )),
    e!(
        "signal.peak_widths(x, peaks, rel_height=0.5, prominence_data=None, wlen=None)",
        |a| {
            only_default(a, "prominence_data", a.is_none("prominence_data"))?;
            four(sg::peak_widths(
                &a.array("x")?,
                &a.array("peaks")?,
                a.float("rel_height")?,
                a.opt_float("wlen")?,
            ))
        }
    ),
    e!(
        "signal.find_peaks(x, height=None, threshold=None, distance=None, prominence=None, width=None, wlen=None, rel_height=0.5, plateau_size=None)",
        |a| {
            let o = sg::FindPeaksOptions {
                height: bounds(a, "height")?,
                threshold: bounds(a, "threshold")?,
                distance: a.opt_float("distance")?,
                prominence: bounds(a, "prominence")?,
                width: bounds(a, "width")?,
                wlen: a.opt_float("wlen")?,
                rel_height: a.float("rel_height")?,
                plateau_size: bounds(a, "plateau_size")?,
            };
            Ok(peaks_dict(sg::find_peaks(&a.array("x")?, &o)?))
        }
    ),
    e!(
        "signal.argrelextrema(data, comparator, axis=0, order=1, mode='clip')",
        |a| many(sg::argrelextrema(
            &a.array("data")?,
            comparator(a)?,
            a.isize("axis")?,
            a.usize("order")?,
            wrap_mode(a)?
        ))
    ),
    e!(
        "signal.argrelmax(data, axis=0, order=1, mode='clip')",
        |a| many(sg::argrelmax(
            &a.array("data")?,
            a.isize("axis")?,
            a.usize("order")?,
            wrap_mode(a)?
        ))
    ),
    e!(
        "signal.argrelmin(data, axis=0, order=1, mode='clip')",
        |a| many(sg::argrelmin(
            &a.array("data")?,
            a.isize("axis")?,
            a.usize("order")?,
            wrap_mode(a)?
        ))
    ),
    e!("signal.vectorstrength(events, period)", |a| two(
        sg::vectorstrength(&a.array("events")?, &a.array("period")?)
    )),
    e!(
        "signal.find_peaks_cwt(vector, widths, wavelet=None, max_distances=None, gap_thresh=None, min_length=None, min_snr=1, noise_perc=10, window_size=None)",
        |a| {
            only_default(a, "wavelet", a.is_none("wavelet"))?;
            one(sg::find_peaks_cwt(
                &a.array("vector")?,
                &a.floats("widths")?,
                &sg::CwtPeaksOptions {
                    max_distances: opt_floats(a, "max_distances")?,
                    gap_thresh: a.opt_float("gap_thresh")?,
                    min_length: a.opt_float("min_length")?,
                    min_snr: a.float("min_snr")?,
                    noise_perc: a.float("noise_perc")?,
                    window_size: a.opt_usize("window_size")?,
                },
            ))
        }
    ),
    // --- resampling
    e!(
        "signal.upfirdn(h, x, up=1, down=1, axis=-1, mode='constant', cval=0)",
        |a| {
            only_default(a, "mode", a.str("mode")? == "constant")?;
            only_default(a, "cval", a.float("cval")? == 0.0)?;
            one(sg::upfirdn(
                &a.array("h")?,
                &a.array("x")?,
                a.usize("up")?,
                a.usize("down")?,
                a.isize("axis")?,
            ))
        }
    ),
    e!(
        "signal.resample_poly(x, up, down, axis=0, window=('kaiser', 5.0), padtype='constant', cval=None)",
        |a| {
            only_default(a, "padtype", a.str("padtype")? == "constant")?;
            only_default(a, "cval", a.is_none("cval"))?;
            one(sg::resample_poly(
                &a.array("x")?,
                a.usize("up")?,
                a.usize("down")?,
                a.isize("axis")?,
                Some(&window_of(a, "window")?),
            ))
        }
    ),
    e!(
        "signal.decimate(x, q, n=None, ftype='iir', axis=-1, zero_phase=True)",
        |a| {
            let ft = match a.str("ftype")? {
                "iir" => sg::DecimateFilter::Iir,
                "fir" => sg::DecimateFilter::Fir,
                _ => return Err(a.unsupported("ftype")),
            };
            one(sg::decimate(
                &a.array("x")?,
                a.usize("q")?,
                a.opt_usize("n")?,
                ft,
                a.isize("axis")?,
                a.bool("zero_phase")?,
            ))
        }
    ),
    e!(
        "signal.resample(x, num, t=None, axis=0, window=None, domain='time')",
        |a| {
            only_default(a, "t", a.is_none("t"))?;
            only_default(a, "window", a.is_none("window"))?;
            only_default(a, "domain", a.str("domain")? == "time")?;
            one(sg::resample(
                &a.array("x")?,
                a.usize("num")?,
                a.isize("axis")?,
            ))
        }
    ),
    // --- smoothing, detrending, analytic signal
    e!(
        "signal.detrend(data, axis=-1, type='linear', bp=0, overwrite_data=False)",
        |a| {
            let bp: Vec<usize> = match a.get("bp") {
                Value::Int(_) => vec![a.usize("bp")?],
                _ => a
                    .ints("bp")?
                    .iter()
                    .map(|&b| usize::try_from(b).map_err(|_| a.unsupported("bp")))
                    .collect::<Result<_>>()?,
            };
            one(sg::detrend_bp(
                &a.array("data")?,
                a.isize("axis")?,
                sg::Detrend::parse(a.str("type")?)?,
                &bp,
            ))
        }
    ),
    e!("signal.hilbert(x, N=None, axis=-1)", |a| one(sg::hilbert(
        &a.array("x")?,
        a.opt_usize("N")?,
        a.isize("axis")?
    ))),
    e!("signal.hilbert2(x, N=None, axes=(-2, -1))", |a| {
        only_default(a, "axes", a.axes("axes")? == [-2, -1])?;
        one(sg::hilbert2(&a.array("x")?, shape2(a, "N")?))
    }),
    e!("signal.medfilt(volume, kernel_size=None)", |a| one(
        sg::medfilt(&a.array("volume")?, a.opt_shape("kernel_size")?.as_deref())
    )),
    e!("signal.medfilt2d(input, kernel_size=3)", |a| one(
        sg::medfilt2d(&a.array("input")?, a.opt_shape("kernel_size")?.as_deref())
    )),
    e!("signal.wiener(im, mysize=None, noise=None)", |a| one(
        sg::wiener(
            &a.array("im")?,
            a.opt_shape("mysize")?.as_deref(),
            a.opt_float("noise")?
        )
    )),
    e!("signal.order_filter(a, domain, rank)", |a| one(
        sg::order_filter(&a.array("a")?, &a.array("domain")?, a.usize("rank")?)
    )),
    e!(
        "signal.savgol_coeffs(window_length, polyorder, deriv=0, delta=1.0, pos=None, use='conv')",
        |a| {
            let conv = match a.str("use")? {
                "conv" => true,
                "dot" => false,
                _ => return Err(a.unsupported("use")),
            };
            one(sg::savgol_coeffs(
                a.usize("window_length")?,
                a.usize("polyorder")?,
                a.usize("deriv")?,
                a.float("delta")?,
                a.opt_float("pos")?,
                conv,
            ))
        }
    ),
    e!(
        "signal.savgol_filter(x, window_length, polyorder, deriv=0, delta=1.0, axis=-1, mode='interp', cval=0.0)",
        |a| one(sg::savgol_filter(
            &a.array("x")?,
            a.usize("window_length")?,
            a.usize("polyorder")?,
            &sg::SavgolOptions {
                deriv: a.usize("deriv")?,
                delta: a.float("delta")?,
                axis: a.isize("axis")?,
                mode: sg::SavgolMode::parse(a.str("mode")?)?,
                cval: a.float("cval")?,
            }
        ))
    ),
    e!("signal.symiirorder1(signal, c0, z1, precision=-1.0)", |a| {
        one(sg::symiirorder1(
            &a.array("signal")?,
            complex(a, "c0")?,
            complex(a, "z1")?,
            a.float("precision")?,
        ))
    }),
    e!(
        "signal.symiirorder2(input, r, omega, precision=-1.0)",
        |a| one(sg::symiirorder2(
            &a.array("input")?,
            a.float("r")?,
            a.float("omega")?,
            a.float("precision")?
        ))
    ),
    e!("signal.sepfir2d(input, hrow, hcol)", |a| one(sg::sepfir2d(
        &a.array("input")?,
        &a.array("hrow")?,
        &a.array("hcol")?
    ))),
    // --- spectral analysis
    e!(
        "signal.csd(x, y, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None, nfft=None, detrend='constant', return_onesided=True, scaling='density', axis=-1, average='mean')",
        |a| two(sg::csd(&a.array("x")?, &a.array("y")?, &spectral_opts(a)?))
    ),
    e!(
        "signal.welch(x, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None, nfft=None, detrend='constant', return_onesided=True, scaling='density', axis=-1, average='mean')",
        |a| two(sg::welch(&a.array("x")?, &spectral_opts(a)?))
    ),
    e!(
        "signal.periodogram(x, fs=1.0, window='boxcar', nfft=None, detrend='constant', return_onesided=True, scaling='density', axis=-1)",
        |a| two(sg::periodogram(&a.array("x")?, &spectral_opts(a)?))
    ),
    e!(
        "signal.coherence(x, y, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None, nfft=None, detrend='constant', axis=-1)",
        |a| two(sg::coherence(
            &a.array("x")?,
            &a.array("y")?,
            &spectral_opts(a)?
        ))
    ),
    e!(
        "signal.spectrogram(x, fs=1.0, window=('tukey_periodic', 0.25), nperseg=None, noverlap=None, nfft=None, detrend='constant', return_onesided=True, scaling='density', axis=-1, mode='psd')",
        |a| {
            use sg::spectral::SpectrogramMode as M;
            let m = match a.str("mode")? {
                "psd" => M::Psd,
                "complex" => M::Complex,
                "magnitude" => M::Magnitude,
                "angle" => M::Angle,
                _ => return Err(a.unsupported("mode")),
            };
            three(sg::spectrogram(&a.array("x")?, &spectral_opts(a)?, m))
        }
    ),
    e!(
        "signal.stft(x, fs=1.0, window='hann_periodic', nperseg=256, noverlap=None, nfft=None, detrend=False, return_onesided=True, boundary='zeros', padded=True, axis=-1, scaling='spectrum')",
        |a| {
            let st = sg::spectral::StftOptions {
                boundary: stft_boundary(a)?,
                padded: a.bool("padded")?,
                ..sg::spectral::StftOptions::default()
            };
            three(sg::stft(&a.array("x")?, &spectral_opts(a)?, &st))
        }
    ),
    e!(
        "signal.istft(Zxx, fs=1.0, window='hann_periodic', nperseg=None, noverlap=None, nfft=None, input_onesided=True, boundary=True, time_axis=-1, freq_axis=-2, scaling='spectrum')",
        |a| {
            let mut o = spectral_opts(a)?;
            o.scaling = Some(sg::Scaling::parse(match a.str("scaling")? {
                "psd" => "density",
                s => s,
            })?);
            let st = sg::spectral::StftOptions {
                boundary: stft_boundary(a)?,
                input_onesided: a.bool("input_onesided")?,
                time_axis: a.isize("time_axis")?,
                freq_axis: a.isize("freq_axis")?,
                ..sg::spectral::StftOptions::default()
            };
            two(sg::istft(&a.array("Zxx")?, &o, &st))
        }
    ),
    e!(
        "signal.check_COLA(window, nperseg, noverlap, tol=1e-10)",
        |a| Ok(vec![Value::Bool(sg::check_cola(
            &window_of(a, "window")?,
            a.usize("nperseg")?,
            a.usize("noverlap")?,
            a.float("tol")?
        )?)])
    ),
    e!(
        "signal.check_NOLA(window, nperseg, noverlap, tol=1e-10)",
        |a| Ok(vec![Value::Bool(sg::check_nola(
            &window_of(a, "window")?,
            a.usize("nperseg")?,
            a.usize("noverlap")?,
            a.float("tol")?
        )?)])
    ),
    e!(
        "signal.lombscargle(x, y, freqs, *, precenter=False, normalize=False, weights=None, floating_mean=False)",
        |a| {
            use sg::spectral::LombNormalize as N;
            only_default(a, "precenter", !a.bool("precenter")?)?;
            let normalize = match a.get("normalize") {
                Value::Bool(false) => N::Power,
                Value::Bool(true) => N::Normalize,
                Value::Str(s) if s == "power" => N::Power,
                Value::Str(s) if s == "normalize" => N::Normalize,
                Value::Str(s) if s == "amplitude" => N::Amplitude,
                _ => return Err(a.unsupported("normalize")),
            };
            let weights = a.opt_array("weights")?;
            one(sg::lombscargle(
                &a.array("x")?,
                &a.array("y")?,
                &a.array("freqs")?,
                &sg::spectral::LombOptions {
                    normalize,
                    weights: weights.as_ref(),
                    floating_mean: a.bool("floating_mean")?,
                },
            ))
        }
    ),
    // --- waveforms and wavelets
    e!(
        "signal.chirp(t, f0, t1, f1, method='linear', phi=0, vertex_zero=True, *, complex=False)",
        |a| {
            only_default(a, "complex", !a.bool("complex")?)?;
            one(sg::chirp(
                &a.array("t")?,
                a.float("f0")?,
                a.float("t1")?,
                a.float("f1")?,
                sg::waveforms::ChirpMethod::parse(a.str("method")?)?,
                a.float("phi")?,
                a.bool("vertex_zero")?,
            ))
        }
    ),
    e!(
        "signal.gausspulse(t, fc=1000, bw=0.5, bwr=-6, tpr=-60, retquad=False, retenv=False)",
        |a| {
            let (yi, yq, env) = sg::gausspulse(
                &a.array("t")?,
                a.float("fc")?,
                a.float("bw")?,
                a.float("bwr")?,
            )?;
            let mut v = vec![Value::Array(yi)];
            if a.bool("retquad")? {
                v.push(Value::Array(yq));
            }
            if a.bool("retenv")? {
                v.push(Value::Array(env));
            }
            Ok(v)
        }
    ),
    e!("signal.sawtooth(t, width=1)", |a| one(sg::sawtooth(
        &a.array("t")?,
        a.operand("width")?
    ))),
    e!("signal.square(t, duty=0.5)", |a| one(sg::square(
        &a.array("t")?,
        a.operand("duty")?
    ))),
    e!("signal.sweep_poly(t, poly, phi=0)", |a| {
        only_default(a, "phi", a.float("phi")? == 0.0)?;
        one(sg::sweep_poly(&a.array("t")?, &a.floats("poly")?))
    }),
    e!("signal.unit_impulse(shape, idx=None, dtype=float)", |a| {
        use sg::waveforms::ImpulseAt;
        let idx = match a.get("idx") {
            Value::None => ImpulseAt::First,
            Value::Str(s) if s == "mid" => ImpulseAt::Mid,
            _ => ImpulseAt::Index(a.shape("idx")?),
        };
        one(sg::unit_impulse(
            &a.shape("shape")?,
            &idx,
            a.dtype("dtype")?.unwrap_or(DType::Float64),
        ))
    }),
    e!("signal.morlet(M, w=5.0, s=1.0, complete=True)", |a| one(
        sg::morlet(
            a.usize("M")?,
            a.float("w")?,
            a.float("s")?,
            a.bool("complete")?
        )
    )),
    e!("signal.morlet2(M, s, w=5)", |a| one(sg::morlet2(
        a.usize("M")?,
        a.float("s")?,
        a.float("w")?
    ))),
    e!("signal.ricker(points, a)", |a| one(sg::ricker(
        a.usize("points")?,
        a.float("a")?
    ))),
    e!("signal.qmf(hk)", |a| one(sg::qmf(&a.array("hk")?))),
    e!("signal.get_window(window, Nx, fftbins=True)", |a| one(
        sg::get_window(&window_of(a, "window")?, a.usize("Nx")?, a.bool("fftbins")?)
    )),
];

fn filtfilt_opts(a: &Args<'_>) -> Result<sg::FiltfiltOptions> {
    Ok(sg::FiltfiltOptions {
        padtype: match a.get("padtype") {
            Value::None => sg::PadType::None,
            _ => sg::PadType::parse(a.str("padtype")?)?,
        },
        padlen: a.opt_usize("padlen")?,
    })
}
