//! `signal.*` classes beyond the chirp z-transform: `lti`, `dlti` and `ShortTimeFFT`, each a
//! constructor returning a [`Value::Object`] and one entry per method; and the functions of a
//! discrete system built on `dlti` (`dfreqresp`, `dbode`).
//!
//! `lti.to_discrete` returns a `dlti` object. `to_tf`, `to_zpk` and `to_ss` (of `lti` and
//! `dlti`) return the representation's arrays (`num, den`; `z, p, k`; `A, B, C, D`), which
//! SciPy returns as the attributes of a system object of that representation. SciPy's `lti(*system)` is of the subclass of
//! its representation (`TransferFunction`, `ZerosPolesGain`, `StateSpace`); here the object's
//! class is `lti` (or `dlti`) whatever the representation. The attributes of `ShortTimeFFT`
//! (`f`, `delta_t`, ...) are not methods and are not listed; its methods that take a sample
//! count (`t`, `p_num`, `p_max`, `k_max`) are.

use super::{four, opt_state, system, three, zpk};
use crate::registry::{Args, Entry, Object, Value, e, one, two};
use crate::scipy::signal as sg;
use crate::{Array, Error, Result};

crate::registry::self_objects!(lti: sg::Lti, dlti: sg::Dlti, stfft: sg::ShortTimeFFT);

/// `dt=True` (an unspecified sampling interval) is 1.
fn dt(a: &Args<'_>) -> Result<f64> {
    match a.get("dt") {
        Value::Bool(true) => Ok(1.0),
        _ => a.float("dt"),
    }
}

/// A discrete system from `system` (`(num, den, dt)`, `(z, p, k, dt)`, `(A, B, C, D, dt)`).
fn dlti_of(a: &Args<'_>) -> Result<sg::Dlti> {
    let (sys, dt) = system(a, true)?;
    sg::Dlti::new(sys, dt.unwrap_or(1.0))
}

/// Only the default `None` is implemented for `name`.
fn none_only(a: &Args<'_>, name: &str) -> Result<()> {
    if a.is_none(name) {
        Ok(())
    } else {
        Err(a.unsupported(name))
    }
}

fn padding(a: &Args<'_>) -> Result<sg::StftPadding> {
    use sg::StftPadding as P;
    Ok(match a.str("padding")? {
        "zeros" => P::Zeros,
        "edge" => P::Edge,
        "even" => P::Even,
        "odd" => P::Odd,
        _ => return Err(a.unsupported("padding")),
    })
}

/// `ShortTimeFFT.stft` and `ShortTimeFFT.spectrogram`: `(self, x, p0, p1, k_offset, padding, axis)`.
type StftFn = fn(
    &sg::ShortTimeFFT,
    &Array,
    Option<i64>,
    Option<i64>,
    i64,
    sg::StftPadding,
    isize,
) -> Result<Array>;

/// `ShortTimeFFT.stft`/`spectrogram` (`f`) of `x` with `p0`, `p1`, `k_offset`, `padding`
/// and `axis`.
fn stft_with(a: &Args<'_>, f: StftFn) -> Result<Vec<Value>> {
    one(f(
        stfft(a)?,
        &a.array("x")?,
        opt_i64(a, "p0")?,
        opt_i64(a, "p1")?,
        a.int("k_offset")?,
        padding(a)?,
        a.isize("axis")?,
    ))
}

fn opt_i64(a: &Args<'_>, name: &str) -> Result<Option<i64>> {
    a.opt_int(name)
}

/// A transfer function `(num, den)` with a single-output `num` made 1-D, as SciPy's
/// `TransferFunction.num` is.
fn tf1(r: Result<(Array, Array)>) -> Result<Vec<Value>> {
    let (n, d) = r?;
    two(n.reshape(&[n.size()][..]).map(|n| (n, d)))
}

fn int(v: i64) -> Value {
    Value::Int(v)
}

pub(in crate::registry) static CLASSES: &[Entry] = &[
    // --- continuous-time systems
    e!("signal.lti(*system)", |a| {
        let sys = sg::Lti::new(system(a, false)?.0)?;
        Ok(vec![Value::Object(Object::new("signal.lti", sys))])
    }),
    e!("signal.lti.output(self, U, T, X0=None)", |a| three(
        lti(a)?.output(
            a.opt_array("U")?.as_ref(),
            &a.array("T")?,
            opt_state(a, "X0")?.as_deref()
        )
    )),
    e!(
        "signal.lti.impulse(self, X0=None, T=None, N=None)",
        |a| two(lti(a)?.impulse(
            opt_state(a, "X0")?.as_deref(),
            a.opt_array("T")?.as_ref(),
            a.opt_usize("N")?
        ))
    ),
    e!("signal.lti.step(self, X0=None, T=None, N=None)", |a| two(
        lti(a)?.step(
            opt_state(a, "X0")?.as_deref(),
            a.opt_array("T")?.as_ref(),
            a.opt_usize("N")?
        )
    )),
    e!("signal.lti.freqresp(self, w=None, n=10000)", |a| two(lti(
        a
    )?
    .freqresp(a.opt_array("w")?.as_ref(), a.usize("n")?))),
    e!(
        "signal.lti.to_discrete(self, dt, method='zoh', alpha=None)",
        |a| {
            let m = sg::C2dMethod::parse(a.str("method")?, a.opt_float("alpha")?)?;
            let d = lti(a)?.to_discrete(a.float("dt")?, m)?;
            Ok(vec![Value::Object(Object::new("signal.dlti", d))])
        }
    ),
    // --- discrete-time systems
    e!("signal.dlti(*system, dt=True)", |a| {
        let d = sg::Dlti::new(system(a, false)?.0, dt(a)?)?;
        Ok(vec![Value::Object(Object::new("signal.dlti", d))])
    }),
    e!("signal.dlti.output(self, u, t, x0=None)", |a| {
        none_only(a, "t")?;
        two(dlti(a)?.output(&a.array("u")?, opt_state(a, "x0")?.as_deref()))
    }),
    e!("signal.dlti.impulse(self, x0=None, t=None, n=None)", |a| {
        none_only(a, "x0")?;
        none_only(a, "t")?;
        two(dlti(a)?.impulse(a.opt_usize("n")?.unwrap_or(100)))
    }),
    e!("signal.dlti.step(self, x0=None, t=None, n=None)", |a| {
        none_only(a, "x0")?;
        none_only(a, "t")?;
        two(dlti(a)?.step(a.opt_usize("n")?.unwrap_or(100)))
    }),
    e!(
        "signal.dlti.freqresp(self, w=None, n=10000, whole=False)",
        |a| two(dlti(a)?.freqresp(a.opt_array("w")?.as_ref(), a.usize("n")?, a.bool("whole")?))
    ),
    e!(
        "signal.dfreqresp(system, w=None, n=10000, whole=False)",
        |a| two(dlti_of(a)?.freqresp(a.opt_array("w")?.as_ref(), a.usize("n")?, a.bool("whole")?))
    ),
    e!("signal.dbode(system, w=None, n=100)", |a| three(
        dlti_of(a)?.bode(a.opt_array("w")?.as_ref(), a.usize("n")?)
    )),
    // --- the short-time Fourier transform
    e!(
        "signal.ShortTimeFFT(win, hop, fs, *, fft_mode='onesided', mfft=None, dual_win=None, scale_to=None, phase_shift=0)",
        |a| {
            use sg::{FftMode as M, StftScaling as S};
            let mut s = sg::ShortTimeFFT::new(&a.array("win")?, a.usize("hop")?, a.float("fs")?)?;
            if let Some(m) = a.opt_usize("mfft")? {
                s = s.with_mfft(m)?;
            }
            match a.opt_str("scale_to")? {
                None => {}
                Some("magnitude") => s = s.scale_to(S::Magnitude),
                Some("psd") => s = s.scale_to(S::Psd),
                Some(_) => return Err(a.unsupported("scale_to")),
            }
            let mode = match a.str("fft_mode")? {
                "onesided" => M::Onesided,
                "onesided2X" => M::Onesided2X,
                "twosided" => M::Twosided,
                "centered" => M::Centered,
                _ => {
                    return Err(Error::bad_argument(
                        a.op(),
                        "fft_mode",
                        a.get("fft_mode").describe(),
                        "one of 'twosided', 'centered', 'onesided', 'onesided2X'",
                    ));
                }
            };
            s = s.with_fft_mode(mode)?;
            if let Some(d) = a.opt_array("dual_win")? {
                s = s.with_dual_win(&d)?;
            }
            s = s.with_phase_shift(opt_i64(a, "phase_shift")?);
            Ok(vec![Value::Object(Object::new("signal.ShortTimeFFT", s))])
        }
    ),
    e!(
        "signal.ShortTimeFFT.stft(self, x, p0=None, p1=None, *, k_offset=0, padding='zeros', axis=-1)",
        |a| stft_with(a, sg::ShortTimeFFT::stft)
    ),
    e!(
        "signal.ShortTimeFFT.spectrogram(self, x, y=None, detr=None, *, p0=None, p1=None, k_offset=0, padding='zeros', axis=-1)",
        |a| {
            none_only(a, "y")?;
            none_only(a, "detr")?;
            stft_with(a, sg::ShortTimeFFT::spectrogram)
        }
    ),
    e!(
        "signal.ShortTimeFFT.istft(self, S, k0=0, k1=None, *, f_axis=-2, t_axis=-1)",
        |a| {
            if a.int("f_axis")? != -2 || a.int("t_axis")? != -1 {
                return Err(a.unsupported("f_axis"));
            }
            one(stfft(a)?.istft(&a.array("S")?, a.int("k0")?, opt_i64(a, "k1")?))
        }
    ),
    e!(
        "signal.ShortTimeFFT.t(self, n, p0=None, p1=None, k_offset=0)",
        |a| one(stfft(a)?.t(
            a.usize("n")?,
            opt_i64(a, "p0")?,
            opt_i64(a, "p1")?,
            a.int("k_offset")?
        ))
    ),
    e!("signal.ShortTimeFFT.p_num(self, n)", |a| Ok(vec![int(
        stfft(a)?.p_num(a.usize("n")?)? as i64
    )])),
    e!("signal.ShortTimeFFT.p_max(self, n)", |a| Ok(vec![int(
        stfft(a)?.p_max(a.usize("n")?)?
    )])),
    e!("signal.ShortTimeFFT.k_max(self, n)", |a| Ok(vec![int(
        stfft(a)?.k_max(a.usize("n")?)?
    )])),
];

/// The methods `lti` and `dlti` share (`bode`, `to_tf`, `to_zpk`, `to_ss`), as the entries
/// `$name` of the class `$cls` on the system `$sys(a)?`.
macro_rules! system_methods {
    ($name:ident, $cls:literal, $sys:ident) => {
        pub(in crate::registry) static $name: &[Entry] = &[
            e!(concat!($cls, ".bode(self, w=None, n=100)"), |a| three(
                $sys(a)?.bode(a.opt_array("w")?.as_ref(), a.usize("n")?)
            )),
            e!(concat!($cls, ".to_tf(self)"), |a| tf1($sys(a)?.to_tf())),
            e!(concat!($cls, ".to_zpk(self)"), |a| zpk($sys(a)?.to_zpk())),
            e!(concat!($cls, ".to_ss(self)"), |a| four($sys(a)?.to_ss())),
        ];
    };
}
system_methods!(LTI_METHODS, "signal.lti", lti);
system_methods!(DLTI_METHODS, "signal.dlti", dlti);
