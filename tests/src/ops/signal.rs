//! The `signal` area: `scipy.signal.*` cases through [`cuprum::scipy::signal`].

use super::OpResult;
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::scipy::signal as sg;
use cuprum::{Array, ConvolveMode, Scalar};
use serde_json::Value;

/// Runs a `signal.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let name = op.strip_prefix("signal.")?;
    Some(run(name, cx))
}

/// A window kwarg: a name, or `[name, parameter...]`.
fn window_of(cx: &CaseCx<'_>, k: &str) -> Result<Option<sg::Window>, CaseError> {
    Ok(match cx.kw(k) {
        None => None,
        Some(Value::String(s)) => Some(sg::Window::Name(s.clone())),
        Some(Value::Array(v)) => {
            let name = v
                .first()
                .and_then(|x| x.as_str())
                .ok_or_else(|| CaseError::harness(format!("window {v:?}")))?;
            let p: Vec<f64> = v[1..].iter().filter_map(|x| x.as_f64()).collect();
            Some(match p.as_slice() {
                [] => sg::Window::Name(name.into()),
                [a] => sg::Window::Param(name.into(), *a),
                [a, b, ..] => sg::Window::Param2(name.into(), *a, *b),
            })
        }
        Some(v) => return Err(CaseError::harness(format!("window {v}"))),
    })
}

/// A float or list-of-floats kwarg (`Wn`, `cutoff`).
fn floats(cx: &CaseCx<'_>, k: &str) -> Result<Vec<f64>, CaseError> {
    match cx.kw(k) {
        Some(Value::Array(v)) => v
            .iter()
            .map(|x| {
                x.as_f64()
                    .ok_or_else(|| CaseError::harness(format!("{k} {x}")))
            })
            .collect(),
        Some(v) => v
            .as_f64()
            .map(|x| vec![x])
            .ok_or_else(|| CaseError::harness(format!("{k} {v}"))),
        None => Err(CaseError::harness(format!("missing kwarg {k}"))),
    }
}

fn mode_of(cx: &CaseCx<'_>, default: ConvolveMode) -> Result<ConvolveMode, CaseError> {
    Ok(match cx.kw_str("mode")? {
        Some(m) => ConvolveMode::parse(m)?,
        None => default,
    })
}

fn method_of(cx: &CaseCx<'_>) -> Result<sg::ConvMethod, CaseError> {
    Ok(match cx.kw_str("method")? {
        Some(m) => sg::ConvMethod::parse(m)?,
        None => sg::ConvMethod::Auto,
    })
}

fn iir_opts(cx: &CaseCx<'_>) -> Result<sg::IirOptions, CaseError> {
    Ok(sg::IirOptions {
        btype: match cx.kw_str("btype")? {
            Some(b) => sg::BType::parse(b)?,
            None => sg::BType::Lowpass,
        },
        analog: cx.kw_bool("analog")?.unwrap_or(false),
        output: match cx.kw_str("output")? {
            Some(o) => sg::FilterOutput::parse(o)?,
            None => sg::FilterOutput::Ba,
        },
        fs: cx.kw_f64("fs")?,
    })
}

fn filter_out(f: sg::Filter) -> Vec<Array> {
    match f {
        sg::Filter::Ba(b, a) => vec![b, a],
        sg::Filter::Zpk(z, p, _) => vec![z, p],
        sg::Filter::Sos(s) => vec![s],
    }
}

fn spectral_opts(cx: &CaseCx<'_>) -> Result<sg::SpectralOptions, CaseError> {
    Ok(sg::SpectralOptions {
        fs: cx.kw_f64("fs")?.unwrap_or(1.0),
        window: window_of(cx, "window")?,
        nperseg: cx.kw_usize("nperseg")?,
        noverlap: cx.kw_usize("noverlap")?,
        nfft: cx.kw_usize("nfft")?,
        detrend: match cx.kw("detrend") {
            Some(Value::Bool(false)) => Some(sg::Detrend::None),
            Some(Value::String(s)) => Some(sg::Detrend::parse(s)?),
            Some(v) => return Err(CaseError::harness(format!("detrend {v}"))),
            None => None,
        },
        return_onesided: cx.kw_bool("return_onesided")?.unwrap_or(true),
        scaling: match cx.kw_str("scaling")? {
            Some(s) => Some(sg::Scaling::parse(s)?),
            None => None,
        },
        axis: cx.kw_i64("axis")?.unwrap_or(-1) as isize,
        average: match cx.kw_str("average")? {
            Some("median") => sg::Average::Median,
            _ => sg::Average::Mean,
        },
    })
}

fn bounds(cx: &CaseCx<'_>, k: &str) -> Result<Option<sg::peaks::Bounds>, CaseError> {
    Ok(match cx.kw(k) {
        None => None,
        Some(Value::Array(v)) => Some(sg::peaks::Bounds {
            min: v.first().and_then(|x| x.as_f64()),
            max: v.get(1).and_then(|x| x.as_f64()),
        }),
        Some(v) => Some(sg::peaks::Bounds::min(
            v.as_f64()
                .ok_or_else(|| CaseError::harness(format!("{k} {v}")))?,
        )),
    })
}

fn run(name: &str, cx: &CaseCx<'_>) -> OpResult {
    let axis = || -> Result<isize, CaseError> { Ok(cx.kw_i64("axis")?.unwrap_or(-1) as isize) };
    let known: &[&str] = match name {
        "convolve" | "correlate" => &["mode", "method"],
        "fftconvolve" | "oaconvolve" => &["mode", "axes"],
        "convolve2d" | "correlate2d" => &["mode", "boundary", "fillvalue"],
        "lfilter" => &["axis", "array_kwargs"],
        "lfilter_zi" | "sosfilt_zi" => &[],
        "filtfilt" | "sosfiltfilt" => &["axis", "padtype", "padlen"],
        "sosfilt" => &["axis"],
        "butter" => &["N", "Wn", "btype", "analog", "output", "fs"],
        "cheby1" => &["N", "rp", "Wn", "btype", "analog", "output", "fs"],
        "cheby2" => &["N", "rs", "Wn", "btype", "analog", "output", "fs"],
        "ellip" => &["N", "rp", "rs", "Wn", "btype", "analog", "output", "fs"],
        "firwin" => &[
            "numtaps",
            "cutoff",
            "window",
            "pass_zero",
            "fs",
            "width",
            "scale",
        ],
        "freqz" | "sosfreqz" => &["worN", "whole", "fs"],
        "welch" | "csd" | "coherence" | "periodogram" | "spectrogram" => &[
            "fs",
            "window",
            "nperseg",
            "noverlap",
            "nfft",
            "detrend",
            "return_onesided",
            "scaling",
            "axis",
            "average",
        ],
        "stft" | "istft" => &["fs", "window", "nperseg", "noverlap", "nfft"],
        "resample" => &["num", "axis"],
        "resample_poly" => &["up", "down", "axis"],
        "decimate" => &["q", "ftype", "n", "axis", "zero_phase"],
        "upfirdn" => &["up", "down", "axis"],
        "hilbert" => &["N", "axis"],
        "detrend" => &["type", "axis"],
        "medfilt" => &["kernel_size"],
        "wiener" => &["mysize", "noise"],
        "savgol_filter" => &[
            "window_length",
            "polyorder",
            "deriv",
            "delta",
            "mode",
            "axis",
            "cval",
        ],
        "find_peaks" => &[
            "height",
            "threshold",
            "distance",
            "prominence",
            "width",
            "wlen",
            "rel_height",
            "plateau_size",
        ],
        "get_window" => &["window", "Nx", "fftbins"],
        _ => &[],
    };
    cx.only_kwargs(known)?;
    let need_usize = |k: &str| -> Result<usize, CaseError> {
        cx.kw_usize(k)?
            .ok_or_else(|| CaseError::harness(format!("missing kwarg {k}")))
    };
    let need_f64 = |k: &str| -> Result<f64, CaseError> {
        cx.kw_f64(k)?
            .ok_or_else(|| CaseError::harness(format!("missing kwarg {k}")))
    };
    Ok(match name {
        "convolve" => vec![sg::convolve(
            cx.array(0)?,
            cx.array(1)?,
            mode_of(cx, ConvolveMode::Full)?,
            method_of(cx)?,
        )?],
        "correlate" => vec![sg::correlate(
            cx.array(0)?,
            cx.array(1)?,
            mode_of(cx, ConvolveMode::Full)?,
            method_of(cx)?,
        )?],
        "fftconvolve" | "oaconvolve" => {
            let axes: Option<Vec<isize>> = cx
                .kw_ints("axes")?
                .map(|v| v.into_iter().map(|a| a as isize).collect());
            let f = if name == "fftconvolve" {
                sg::fftconvolve
            } else {
                sg::oaconvolve
            };
            vec![f(
                cx.array(0)?,
                cx.array(1)?,
                mode_of(cx, ConvolveMode::Full)?,
                axes.as_deref(),
            )?]
        }
        "convolve2d" | "correlate2d" => {
            let b = match cx.kw_str("boundary")? {
                Some(b) => sg::Boundary::parse(b)?,
                None => sg::Boundary::Fill,
            };
            let fill = cx.kw_scalar("fillvalue")?.unwrap_or(Scalar::Int(0));
            let f = if name == "convolve2d" {
                sg::convolve2d
            } else {
                sg::correlate2d
            };
            vec![f(
                cx.array(0)?,
                cx.array(1)?,
                mode_of(cx, ConvolveMode::Full)?,
                b,
                fill,
            )?]
        }
        "lfilter" => {
            if cx.n_inputs() == 4 {
                let (y, zf) = sg::lfilter_with_state(
                    cx.array(0)?,
                    cx.array(1)?,
                    cx.array(2)?,
                    cx.array(3)?,
                    axis()?,
                )?;
                vec![y, zf]
            } else {
                vec![sg::lfilter(
                    cx.array(0)?,
                    cx.array(1)?,
                    cx.array(2)?,
                    axis()?,
                )?]
            }
        }
        "lfilter_zi" => vec![sg::lfilter_zi(cx.array(0)?, cx.array(1)?)?],
        "sosfilt_zi" => vec![sg::sosfilt_zi(cx.array(0)?)?],
        "filtfilt" | "sosfiltfilt" => {
            let o = sg::FiltfiltOptions {
                padtype: match cx.kw("padtype") {
                    Some(Value::String(s)) => sg::PadType::parse(s)?,
                    _ => sg::PadType::Odd,
                },
                padlen: cx.kw_usize("padlen")?,
            };
            if name == "filtfilt" {
                vec![sg::filtfilt(
                    cx.array(0)?,
                    cx.array(1)?,
                    cx.array(2)?,
                    axis()?,
                    &o,
                )?]
            } else {
                vec![sg::sosfiltfilt(cx.array(0)?, cx.array(1)?, axis()?, &o)?]
            }
        }
        "sosfilt" => vec![sg::sosfilt(cx.array(0)?, cx.array(1)?, axis()?)?],
        "butter" => filter_out(sg::butter(
            need_usize("N")?,
            &floats(cx, "Wn")?,
            &iir_opts(cx)?,
        )?),
        "cheby1" => filter_out(sg::cheby1(
            need_usize("N")?,
            need_f64("rp")?,
            &floats(cx, "Wn")?,
            &iir_opts(cx)?,
        )?),
        "cheby2" => filter_out(sg::cheby2(
            need_usize("N")?,
            need_f64("rs")?,
            &floats(cx, "Wn")?,
            &iir_opts(cx)?,
        )?),
        "ellip" => filter_out(sg::ellip(
            need_usize("N")?,
            need_f64("rp")?,
            need_f64("rs")?,
            &floats(cx, "Wn")?,
            &iir_opts(cx)?,
        )?),
        "firwin" => {
            let o = sg::FirwinOptions {
                width: cx.kw_f64("width")?,
                window: window_of(cx, "window")?.unwrap_or(sg::Window::Name("hamming".into())),
                pass_zero: cx.kw_bool("pass_zero")?.unwrap_or(true),
                scale: cx.kw_bool("scale")?.unwrap_or(true),
                fs: cx.kw_f64("fs")?,
            };
            vec![sg::firwin(
                need_usize("numtaps")?,
                &floats(cx, "cutoff")?,
                &o,
            )?]
        }
        "freqz" | "sosfreqz" => {
            let o = sg::FreqzOptions {
                wor_n: cx.kw_usize("worN")?.unwrap_or(512),
                whole: cx.kw_bool("whole")?.unwrap_or(false),
                fs: cx.kw_f64("fs")?.unwrap_or(2.0 * std::f64::consts::PI),
            };
            let (w, h) = if name == "freqz" {
                let a = if cx.n_inputs() > 1 {
                    Some(cx.array(1)?)
                } else {
                    None
                };
                sg::freqz(cx.array(0)?, a, &o)?
            } else {
                sg::sosfreqz(cx.array(0)?, &o)?
            };
            vec![w, h]
        }
        "welch" | "periodogram" => {
            let f = if name == "welch" {
                sg::welch
            } else {
                sg::periodogram
            };
            let (f, p) = f(cx.array(0)?, &spectral_opts(cx)?)?;
            vec![f, p]
        }
        "csd" | "coherence" => {
            let f = if name == "csd" {
                sg::csd
            } else {
                sg::coherence
            };
            let (f, p) = f(cx.array(0)?, cx.array(1)?, &spectral_opts(cx)?)?;
            vec![f, p]
        }
        "spectrogram" => {
            let (f, t, s) = sg::spectrogram(
                cx.array(0)?,
                &spectral_opts(cx)?,
                sg::spectral::SpectrogramMode::Psd,
            )?;
            vec![f, t, s]
        }
        "stft" => {
            let (f, t, z) = sg::stft(
                cx.array(0)?,
                &spectral_opts(cx)?,
                &sg::spectral::StftOptions::default(),
            )?;
            vec![f, t, z]
        }
        "istft" => {
            let (t, x) = sg::istft(
                cx.array(0)?,
                &spectral_opts(cx)?,
                &sg::spectral::StftOptions::default(),
            )?;
            vec![t, x]
        }
        "resample" => vec![sg::resample(
            cx.array(0)?,
            need_usize("num")?,
            cx.kw_i64("axis")?.unwrap_or(0) as isize,
        )?],
        "resample_poly" => vec![sg::resample_poly(
            cx.array(0)?,
            need_usize("up")?,
            need_usize("down")?,
            cx.kw_i64("axis")?.unwrap_or(0) as isize,
            None,
        )?],
        "decimate" => {
            let ft = match cx.kw_str("ftype")? {
                Some("fir") => sg::resample::DecimateFilter::Fir,
                Some("iir") | None => sg::resample::DecimateFilter::Iir,
                Some(o) => return Err(CaseError::unsupported(format!("decimate ftype {o}"))),
            };
            vec![sg::decimate(
                cx.array(0)?,
                need_usize("q")?,
                cx.kw_usize("n")?,
                ft,
                axis()?,
                cx.kw_bool("zero_phase")?.unwrap_or(true),
            )?]
        }
        "upfirdn" => vec![sg::upfirdn(
            cx.array(0)?,
            cx.array(1)?,
            cx.kw_usize("up")?.unwrap_or(1),
            cx.kw_usize("down")?.unwrap_or(1),
            axis()?,
        )?],
        "hilbert" => vec![sg::hilbert(cx.array(0)?, cx.kw_usize("N")?, axis()?)?],
        "detrend" => {
            let t = match cx.kw_str("type")? {
                Some(t) => sg::Detrend::parse(t)?,
                None => sg::Detrend::Linear,
            };
            vec![sg::detrend(cx.array(0)?, axis()?, t)?]
        }
        "medfilt" => {
            let k = cx.kw_shape("kernel_size")?;
            vec![sg::medfilt(cx.array(0)?, k.as_deref())?]
        }
        "wiener" => {
            let k = cx.kw_shape("mysize")?;
            vec![sg::wiener(cx.array(0)?, k.as_deref(), cx.kw_f64("noise")?)?]
        }
        "savgol_filter" => {
            let o = sg::SavgolOptions {
                deriv: cx.kw_usize("deriv")?.unwrap_or(0),
                delta: cx.kw_f64("delta")?.unwrap_or(1.0),
                axis: axis()?,
                mode: match cx.kw_str("mode")? {
                    Some(m) => sg::SavgolMode::parse(m)?,
                    None => sg::SavgolMode::Interp,
                },
                cval: cx.kw_f64("cval")?.unwrap_or(0.0),
            };
            vec![sg::savgol_filter(
                cx.array(0)?,
                need_usize("window_length")?,
                need_usize("polyorder")?,
                &o,
            )?]
        }
        "find_peaks" => {
            let o = sg::FindPeaksOptions {
                height: bounds(cx, "height")?,
                threshold: bounds(cx, "threshold")?,
                distance: cx.kw_f64("distance")?,
                prominence: bounds(cx, "prominence")?,
                width: bounds(cx, "width")?,
                wlen: cx.kw_f64("wlen")?,
                rel_height: cx.kw_f64("rel_height")?.unwrap_or(0.5),
                plateau_size: bounds(cx, "plateau_size")?,
            };
            vec![sg::find_peaks(cx.array(0)?, &o)?.peaks]
        }
        "get_window" => {
            let w = window_of(cx, "window")?
                .ok_or_else(|| CaseError::harness("get_window needs window"))?;
            vec![sg::get_window(
                &w,
                need_usize("Nx")?,
                cx.kw_bool("fftbins")?.unwrap_or(true),
            )?]
        }
        o => {
            return Err(CaseError::unsupported(format!(
                "no signal arm for signal.{o}"
            )));
        }
    })
}
