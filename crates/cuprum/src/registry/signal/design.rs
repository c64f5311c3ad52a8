//! `signal.*` filter design: representations and their conversions, FIR and IIR design,
//! frequency responses, partial fractions and pole placement.

use super::{
    filter_out, float, four, freqz_opts, iir_opts, only_default, opt_floats, opt_window, order_out,
    order_spec, pass_zero, root_type, system, tf_system, three, window_of, zpk,
};
use crate::registry::{Entry, Value, e, one, two};
use crate::scipy::signal as sg;
use crate::{Complex64, DType, Error, Result};

/// The frequency transformations `lp2lp`/`lp2hp`/`lp2bp`/`lp2bs` of `(b, a)` (`ba`) or of
/// `(z, p, k)` (`zpk`) with `wo`, and `bw` where named.
macro_rules! lp2 {
    (ba $sig:literal, $f:path $(, $bw:literal)?) => {
        e!($sig, |a| two($f(
            &a.array("b")?,
            &a.array("a")?,
            a.float("wo")?
            $(, a.float($bw)?)?
        )))
    };
    (zpk $sig:literal, $f:path $(, $bw:literal)?) => {
        e!($sig, |a| zpk($f(
            &a.array("z")?,
            &a.array("p")?,
            a.float("k")?,
            a.float("wo")?
            $(, a.float($bw)?)?
        )))
    };
}

pub(in crate::registry) static DESIGN: &[Entry] = &[
    // --- filter representations
    e!("signal.tf2zpk(b, a)", |a| zpk(sg::tf2zpk(
        &a.array("b")?,
        &a.array("a")?
    ))),
    e!("signal.zpk2tf(z, p, k)", |a| two(sg::zpk2tf(
        &a.array("z")?,
        &a.array("p")?,
        a.float("k")?
    ))),
    e!(
        "signal.zpk2sos(z, p, k, pairing=None, *, analog=False)",
        |a| {
            only_default(
                a,
                "pairing",
                a.is_none("pairing") || a.str("pairing")? == "nearest",
            )?;
            only_default(a, "analog", !a.bool("analog")?)?;
            one(sg::zpk2sos(&a.array("z")?, &a.array("p")?, a.float("k")?))
        }
    ),
    e!("signal.sos2zpk(sos)", |a| zpk(sg::sos2zpk(
        &a.array("sos")?
    ))),
    e!("signal.sos2tf(sos)", |a| two(sg::sos2tf(&a.array("sos")?))),
    e!("signal.tf2sos(b, a, pairing=None, *, analog=False)", |a| {
        only_default(
            a,
            "pairing",
            a.is_none("pairing") || a.str("pairing")? == "nearest",
        )?;
        only_default(a, "analog", !a.bool("analog")?)?;
        one(sg::tf2sos(&a.array("b")?, &a.array("a")?))
    }),
    e!("signal.bilinear(b, a, fs=1.0)", |a| two(sg::bilinear(
        &a.array("b")?,
        &a.array("a")?,
        a.float("fs")?
    ))),
    e!("signal.bilinear_zpk(z, p, k, fs)", |a| zpk(
        sg::bilinear_zpk(
            &a.array("z")?,
            &a.array("p")?,
            a.float("k")?,
            a.float("fs")?
        )
    )),
    lp2!(ba "signal.lp2lp(b, a, wo=1.0)", sg::lp2lp),
    lp2!(ba "signal.lp2hp(b, a, wo=1.0)", sg::lp2hp),
    lp2!(ba "signal.lp2bp(b, a, wo=1.0, bw=1.0)", sg::lp2bp, "bw"),
    lp2!(ba "signal.lp2bs(b, a, wo=1.0, bw=1.0)", sg::lp2bs, "bw"),
    lp2!(zpk "signal.lp2lp_zpk(z, p, k, wo=1.0)", sg::lp2lp_zpk),
    lp2!(zpk "signal.lp2hp_zpk(z, p, k, wo=1.0)", sg::lp2hp_zpk),
    lp2!(zpk "signal.lp2bp_zpk(z, p, k, wo=1.0, bw=1.0)", sg::lp2bp_zpk, "bw"),
    lp2!(zpk "signal.lp2bs_zpk(z, p, k, wo=1.0, bw=1.0)", sg::lp2bs_zpk, "bw"),
    e!("signal.zpk2ss(z, p, k)", |a| four(sg::zpk2ss(
        &a.array("z")?,
        &a.array("p")?,
        a.float("k")?
    ))),
    e!("signal.ss2zpk(A, B, C, D, input=0)", |a| {
        only_default(a, "input", a.int("input")? == 0)?;
        zpk(sg::ss2zpk(
            &a.array("A")?,
            &a.array("B")?,
            &a.array("C")?,
            &a.array("D")?,
        ))
    }),
    e!("signal.tf2ss(num, den)", |a| four(sg::tf2ss(
        &a.array("num")?,
        &a.array("den")?
    ))),
    e!("signal.ss2tf(A, B, C, D, input=0)", |a| {
        only_default(a, "input", a.int("input")? == 0)?;
        two(sg::ss2tf(
            &a.array("A")?,
            &a.array("B")?,
            &a.array("C")?,
            &a.array("D")?,
        ))
    }),
    e!("signal.normalize(b, a)", |a| {
        let n = sg::normalize(&a.array("b")?, &a.array("a")?)?;
        Ok(vec![Value::Array(n.num), Value::Array(n.den)])
    }),
    e!(
        "signal.abcd_normalize(A=None, B=None, C=None, D=None)",
        |a| four(sg::abcd_normalize(
            a.opt_array("A")?.as_ref(),
            a.opt_array("B")?.as_ref(),
            a.opt_array("C")?.as_ref(),
            a.opt_array("D")?.as_ref()
        ))
    ),
    e!("signal.findfreqs(num, den, N, kind='ba')", |a| one(
        sg::findfreqs(
            &a.array("num")?,
            &a.array("den")?,
            a.usize("N")?,
            sg::FreqsKind::parse(a.str("kind")?)?
        )
    )),
    // --- FIR design
    e!("signal.kaiser_beta(a)", |a| Ok(vec![float(
        sg::kaiser_beta(a.float("a")?)
    )])),
    e!("signal.kaiser_atten(numtaps, width)", |a| Ok(vec![float(
        sg::kaiser_atten(a.usize("numtaps")?, a.float("width")?)
    )])),
    e!("signal.kaiserord(ripple, width)", |a| {
        let (n, beta) = sg::kaiserord(a.float("ripple")?, a.float("width")?)?;
        Ok(vec![Value::Int(n as i64), float(beta)])
    }),
    e!(
        "signal.firwin(numtaps, cutoff, *, width=None, window='hamming', pass_zero=True, scale=True, fs=None)",
        |a| one(sg::firwin(
            a.usize("numtaps")?,
            &a.floats("cutoff")?,
            &sg::FirwinOptions {
                width: a.opt_float("width")?,
                window: window_of(a, "window")?,
                pass_zero: pass_zero(a)?,
                scale: a.bool("scale")?,
                fs: a.opt_float("fs")?,
            }
        ))
    ),
    e!(
        "signal.firwin2(numtaps, freq, gain, *, nfreqs=None, window='hamming', antisymmetric=False, fs=None)",
        |a| one(sg::firwin2(
            a.usize("numtaps")?,
            &a.floats("freq")?,
            &a.floats("gain")?,
            &sg::design::fir::Firwin2Options {
                nfreqs: a.opt_usize("nfreqs")?,
                window: opt_window(a, "window")?,
                antisymmetric: a.bool("antisymmetric")?,
                fs: a.opt_float("fs")?,
            }
        ))
    ),
    e!(
        "signal.minimum_phase(h, method='homomorphic', n_fft=None, *, half=True)",
        |a| {
            let h = a.array("h")?;
            match a.str("method")? {
                "homomorphic" => one(sg::minimum_phase(
                    &h,
                    a.opt_usize("n_fft")?,
                    a.bool("half")?,
                )),
                "hilbert" if a.bool("half")? => {
                    one(sg::minimum_phase_hilbert(&h, a.opt_usize("n_fft")?))
                }
                "hilbert" => Err(a.unsupported("half")),
                _ => Err(a.unsupported("method")),
            }
        }
    ),
    e!(
        "signal.firls(numtaps, bands, desired, *, weight=None, fs=None)",
        |a| one(sg::firls(
            a.usize("numtaps")?,
            &a.floats("bands")?,
            &a.floats("desired")?,
            opt_floats(a, "weight")?.as_deref(),
            a.opt_float("fs")?
        ))
    ),
    e!(
        "signal.remez(numtaps, bands, desired, *, weight=None, type='bandpass', maxiter=25, grid_density=16, fs=None)",
        |a| one(sg::remez(
            a.usize("numtaps")?,
            &a.floats("bands")?,
            &a.floats("desired")?,
            &sg::RemezOptions {
                weight: opt_floats(a, "weight")?,
                kind: sg::RemezType::parse(a.str("type")?)?,
                maxiter: a.usize("maxiter")?,
                grid_density: a.usize("grid_density")?,
                fs: a.opt_float("fs")?,
            }
        ))
    ),
    // --- frequency responses
    e!(
        "signal.freqz(b, a=1, worN=512, whole=False, plot=None, fs=6.283185307179586, include_nyquist=False)",
        |a| {
            only_default(a, "plot", a.is_none("plot"))?;
            let den = match a.get("a") {
                Value::Int(1) => None,
                _ => Some(a.array("a")?),
            };
            let opts = sg::FreqzOptions {
                include_nyquist: a.bool("include_nyquist")?,
                ..freqz_opts(a, "worN")?
            };
            two(sg::freqz(&a.array("b")?, den.as_ref(), &opts))
        }
    ),
    e!(
        "signal.sosfreqz(sos, worN=512, whole=False, fs=6.283185307179586)",
        |a| two(sg::sosfreqz(&a.array("sos")?, &freqz_opts(a, "worN")?))
    ),
    e!(
        "signal.freqz_zpk(z, p, k, worN=512, whole=False, fs=6.283185307179586)",
        |a| two(sg::freqz_zpk(
            &a.array("z")?,
            &a.array("p")?,
            a.float("k")?,
            &freqz_opts(a, "worN")?
        ))
    ),
    e!(
        "signal.group_delay(system, w=512, whole=False, fs=6.283185307179586)",
        |a| {
            let (b, den, _) = tf_system(a, false)?;
            two(sg::group_delay(&b, &den, &freqz_opts(a, "w")?))
        }
    ),
    e!("signal.freqs(b, a, worN=200, plot=None)", |a| {
        only_default(a, "plot", a.is_none("plot"))?;
        let (b, den) = (a.array("b")?, a.array("a")?);
        match a.get("worN") {
            Value::Int(_) => two(sg::freqs(&b, &den, sg::WorN::N(a.usize("worN")?))),
            _ => two(sg::freqs(&b, &den, sg::WorN::W(&a.array("worN")?))),
        }
    }),
    e!("signal.freqs_zpk(z, p, k, worN=200)", |a| {
        let (z, p, k) = (a.array("z")?, a.array("p")?, a.float("k")?);
        match a.get("worN") {
            Value::Int(_) => two(sg::freqs_zpk(&z, &p, k, sg::WorN::N(a.usize("worN")?))),
            _ => two(sg::freqs_zpk(&z, &p, k, sg::WorN::W(&a.array("worN")?))),
        }
    }),
    e!("signal.freqresp(system, w=None, n=10000)", |a| {
        let lti = sg::Lti::new(system(a, false)?.0)?;
        two(lti.freqresp(a.opt_array("w")?.as_ref(), a.usize("n")?))
    }),
    e!("signal.bode(system, w=None, n=100)", |a| {
        let lti = sg::Lti::new(system(a, false)?.0)?;
        three(lti.bode(a.opt_array("w")?.as_ref(), a.usize("n")?))
    }),
    // --- IIR design
    e!(
        "signal.iirfilter(N, Wn, rp=None, rs=None, btype='band', analog=False, ftype='butter', output='ba', fs=None)",
        |a| {
            let need = |k: &str| -> Result<f64> {
                a.opt_float(k)?.ok_or_else(|| {
                    Error::bad_argument(a.op(), "rp", "None", format!("{k} for this ftype"))
                })
            };
            let ftype = match a.str("ftype")? {
                "butter" | "butterworth" => sg::IirType::Butter,
                "cheby1" | "chebyshev1" => sg::IirType::Cheby1 { rp: need("rp")? },
                "cheby2" | "chebyshev2" => sg::IirType::Cheby2 { rs: need("rs")? },
                "ellip" | "elliptic" => sg::IirType::Ellip {
                    rp: need("rp")?,
                    rs: need("rs")?,
                },
                "bessel" => sg::IirType::Bessel {
                    norm: sg::design::bessel::BesselNorm::Phase,
                },
                _ => return Err(a.unsupported("ftype")),
            };
            filter_out(sg::iirfilter(
                a.usize("N")?,
                &a.floats("Wn")?,
                ftype,
                &iir_opts(a)?,
            ))
        }
    ),
    e!(
        "signal.butter(N, Wn, btype='low', analog=False, output='ba', fs=None)",
        |a| filter_out(sg::butter(a.usize("N")?, &a.floats("Wn")?, &iir_opts(a)?))
    ),
    e!(
        "signal.cheby1(N, rp, Wn, btype='low', analog=False, output='ba', fs=None)",
        |a| filter_out(sg::cheby1(
            a.usize("N")?,
            a.float("rp")?,
            &a.floats("Wn")?,
            &iir_opts(a)?
        ))
    ),
    e!(
        "signal.cheby2(N, rs, Wn, btype='low', analog=False, output='ba', fs=None)",
        |a| filter_out(sg::cheby2(
            a.usize("N")?,
            a.float("rs")?,
            &a.floats("Wn")?,
            &iir_opts(a)?
        ))
    ),
    e!(
        "signal.ellip(N, rp, rs, Wn, btype='low', analog=False, output='ba', fs=None)",
        |a| filter_out(sg::ellip(
            a.usize("N")?,
            a.float("rp")?,
            a.float("rs")?,
            &a.floats("Wn")?,
            &iir_opts(a)?
        ))
    ),
    e!(
        "signal.bessel(N, Wn, btype='low', analog=False, output='ba', norm='phase', fs=None)",
        |a| filter_out(sg::bessel(
            a.usize("N")?,
            &a.floats("Wn")?,
            sg::design::bessel::BesselNorm::parse(a.str("norm")?)?,
            &iir_opts(a)?
        ))
    ),
    e!("signal.iirnotch(w0, Q, fs=2.0)", |a| two(sg::iirnotch(
        a.float("w0")?,
        a.float("Q")?,
        a.float("fs")?
    ))),
    e!("signal.iirpeak(w0, Q, fs=2.0)", |a| two(sg::iirpeak(
        a.float("w0")?,
        a.float("Q")?,
        a.float("fs")?
    ))),
    e!(
        "signal.iircomb(w0, Q, ftype='notch', fs=2.0, *, pass_zero=False)",
        |a| {
            let peak = match a.str("ftype")? {
                "notch" => false,
                "peak" => true,
                _ => return Err(a.unsupported("ftype")),
            };
            two(sg::iircomb(
                a.float("w0")?,
                a.float("Q")?,
                peak,
                a.float("fs")?,
                a.bool("pass_zero")?,
            ))
        }
    ),
    e!(
        "signal.gammatone(freq, ftype, order=None, numtaps=None, fs=None)",
        |a| {
            let iir = match a.str("ftype")? {
                "fir" => false,
                "iir" => true,
                _ => return Err(a.unsupported("ftype")),
            };
            two(sg::gammatone(
                a.float("freq")?,
                iir,
                a.opt_usize("order")?,
                a.opt_usize("numtaps")?,
                a.opt_float("fs")?.unwrap_or(2.0),
            ))
        }
    ),
    e!(
        "signal.buttord(wp, ws, gpass, gstop, analog=False, fs=None)",
        |a| {
            let (wp, ws) = (a.floats("wp")?, a.floats("ws")?);
            order_out(sg::buttord(&order_spec(a, &wp, &ws)?))
        }
    ),
    e!(
        "signal.cheb1ord(wp, ws, gpass, gstop, analog=False, fs=None)",
        |a| {
            let (wp, ws) = (a.floats("wp")?, a.floats("ws")?);
            order_out(sg::cheb1ord(&order_spec(a, &wp, &ws)?))
        }
    ),
    e!(
        "signal.cheb2ord(wp, ws, gpass, gstop, analog=False, fs=None)",
        |a| {
            let (wp, ws) = (a.floats("wp")?, a.floats("ws")?);
            order_out(sg::cheb2ord(&order_spec(a, &wp, &ws)?))
        }
    ),
    e!(
        "signal.ellipord(wp, ws, gpass, gstop, analog=False, fs=None)",
        |a| {
            let (wp, ws) = (a.floats("wp")?, a.floats("ws")?);
            order_out(sg::ellipord(&order_spec(a, &wp, &ws)?))
        }
    ),
    e!(
        "signal.iirdesign(wp, ws, gpass, gstop, analog=False, ftype='ellip', output='ba', fs=None)",
        |a| {
            use sg::design::order::DesignFamily as F;
            let fam = match a.str("ftype")? {
                "butter" | "butterworth" => F::Butter,
                "cheby1" | "chebyshev1" => F::Cheby1,
                "cheby2" | "chebyshev2" => F::Cheby2,
                "ellip" | "elliptic" => F::Ellip,
                _ => return Err(a.unsupported("ftype")),
            };
            let (wp, ws) = (a.floats("wp")?, a.floats("ws")?);
            filter_out(sg::iirdesign(
                &order_spec(a, &wp, &ws)?,
                fam,
                sg::FilterOutput::parse(a.str("output")?)?,
            ))
        }
    ),
    e!(
        "signal.band_stop_obj(wp, ind, passb, stopb, gpass, gstop, type)",
        |a| {
            let pair = |k: &str| -> Result<[f64; 2]> {
                let v = a.floats(k)?;
                match v[..] {
                    [x, y] => Ok([x, y]),
                    _ => Err(Error::bad_shape(
                        a.op(),
                        "passb",
                        &[v.len()],
                        "two band edges",
                    )),
                }
            };
            Ok(vec![float(sg::band_stop_obj(
                a.float("wp")?,
                a.usize("ind")?,
                pair("passb")?,
                pair("stopb")?,
                a.float("gpass")?,
                a.float("gstop")?,
                sg::BandStopType::parse(a.str("type")?)?,
            )?)])
        }
    ),
    e!("signal.buttap(N)", |a| zpk(sg::buttap(a.usize("N")?))),
    e!("signal.cheb1ap(N, rp)", |a| zpk(sg::cheb1ap(
        a.usize("N")?,
        a.float("rp")?
    ))),
    e!("signal.cheb2ap(N, rs)", |a| zpk(sg::cheb2ap(
        a.usize("N")?,
        a.float("rs")?
    ))),
    e!("signal.ellipap(N, rp, rs)", |a| zpk(sg::ellipap(
        a.usize("N")?,
        a.float("rp")?,
        a.float("rs")?
    ))),
    // --- partial fractions, pole placement
    e!("signal.unique_roots(p, tol=0.001, rtype='min')", |a| two(
        sg::unique_roots(&a.array("p")?, a.float("tol")?, root_type(a)?)
    )),
    e!("signal.residue(b, a, tol=0.001, rtype='avg')", |a| three(
        sg::residue(
            &a.array("b")?,
            &a.array("a")?,
            a.float("tol")?,
            root_type(a)?
        )
    )),
    e!("signal.residuez(b, a, tol=0.001, rtype='avg')", |a| three(
        sg::residuez(
            &a.array("b")?,
            &a.array("a")?,
            a.float("tol")?,
            root_type(a)?
        )
    )),
    e!("signal.invres(r, p, k, tol=0.001, rtype='avg')", |a| two(
        sg::invres(
            &a.array("r")?,
            &a.array("p")?,
            &a.array("k")?,
            a.float("tol")?,
            root_type(a)?
        )
    )),
    e!("signal.invresz(r, p, k, tol=0.001, rtype='avg')", |a| two(
        sg::invresz(
            &a.array("r")?,
            &a.array("p")?,
            &a.array("k")?,
            a.float("tol")?,
            root_type(a)?
        )
    )),
    e!(
        "signal.place_poles(A, B, poles, method='YT', rtol=0.001, maxiter=30)",
        |a| {
            let method = match a.str("method")? {
                "YT" => sg::PlaceMethod::Yt,
                "KNV0" => sg::PlaceMethod::Knv0,
                _ => return Err(a.unsupported("method")),
            };
            let poles = a
                .array("poles")?
                .astype(DType::Complex128)?
                .to_vec::<Complex64>()?;
            let r = sg::place_poles(
                &a.array("A")?,
                &a.array("B")?,
                &poles,
                method,
                a.float("rtol")?,
                a.usize("maxiter")?,
            )?;
            Ok(vec![Value::Dict(vec![
                ("gain_matrix".into(), Value::Array(r.gain_matrix)),
                ("computed_poles".into(), Value::Array(r.computed_poles)),
                ("requested_poles".into(), Value::Array(r.requested_poles)),
                ("X".into(), Value::Array(r.x)),
                ("rtol".into(), float(r.rtol)),
                ("nb_iter".into(), float(r.nb_iter)),
            ])])
        }
    ),
];
