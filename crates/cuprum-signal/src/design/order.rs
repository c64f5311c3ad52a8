//! Minimum-order selection of IIR filters (`buttord`, `cheb1ord`, `cheb2ord`): SciPy's
//! formulas on the host, band-stop edges optimized with SciPy's bounded Brent search.

use crate::util::{bad_argument_if, out_of_domain_if};
use cuprum_core::{Error, Result};
use std::f64::consts::PI;

use super::band_stop::{BandStopType as Kind, band_stop_value};

/// The specification of an order-selection problem (SciPy's `wp`, `ws`, `gpass`, `gstop`,
/// `analog`, `fs`): pass and stop band edges (one each for low/high-pass, two for band
/// filters), the maximum passband loss and minimum stopband attenuation in dB.
#[derive(Clone, Debug)]
pub struct OrderSpec<'a> {
    /// passband edge(s)
    pub wp: &'a [f64],
    /// stopband edge(s)
    pub ws: &'a [f64],
    /// maximum loss in the passband (dB)
    pub gpass: f64,
    /// minimum attenuation in the stopband (dB)
    pub gstop: f64,
    /// analog edges (rad/s)
    pub analog: bool,
    /// the sampling frequency of the edges (`None`: normalized to Nyquist)
    pub fs: Option<f64>,
}

struct Prep {
    passb: Vec<f64>,
    stopb: Vec<f64>,
    ftype: u8,
}

fn prepare(op: &'static str, s: &OrderSpec<'_>) -> Result<Prep> {
    out_of_domain_if(s.gpass <= 0.0, op, "gpass", s.gpass, "(0, inf) dB")?;
    out_of_domain_if(s.gstop <= 0.0, op, "gstop", s.gstop, "(0, inf) dB")?;
    out_of_domain_if(
        s.gpass > s.gstop,
        op,
        "gpass",
        s.gpass,
        format!("(0, gstop] = (0, {}] dB", s.gstop),
    )?;
    let ok = |w: &[f64]| !w.is_empty() && w.len() <= 2;
    if !ok(s.wp) || s.wp.len() != s.ws.len() {
        return Err(if ok(s.wp) {
            Error::bad_argument(
                op,
                "ws",
                format!("{:?}", s.ws),
                format!("as many frequencies as wp = {:?}", s.wp),
            )
        } else {
            Error::bad_argument(op, "wp", format!("{:?}", s.wp), "1 or 2 frequencies")
        });
    }
    let (mut wp, mut ws) = (s.wp.to_vec(), s.ws.to_vec());
    if let Some(fs) = s.fs {
        bad_argument_if(s.analog, op, "fs", fs, "None for an analog filter")?;
        for w in wp.iter_mut().chain(ws.iter_mut()) {
            *w = 2.0 * *w / fs;
        }
    }
    let mut ftype = 2 * (wp.len() as u8 - 1) + 1;
    if wp[0] >= ws[0] {
        ftype += 1;
    }
    let warp = |w: &[f64]| -> Vec<f64> {
        if s.analog {
            w.to_vec()
        } else {
            w.iter().map(|x| (PI * x / 2.0).tan()).collect()
        }
    };
    Ok(Prep {
        passb: warp(&wp),
        stopb: warp(&ws),
        ftype,
    })
}

/// SciPy's `fminbound` (bounded Brent, `xatol = 1e-5`, at most 500 evaluations).
fn fminbound(f: impl Fn(f64) -> f64, x1: f64, x2: f64) -> f64 {
    let xatol = 1e-5;
    let sqrt_eps = 2.2e-16f64.sqrt();
    let golden_mean = 0.5 * (3.0 - 5f64.sqrt());
    let (mut a, mut b) = (x1, x2);
    let mut fulc = a + golden_mean * (b - a);
    let (mut nfc, mut xf) = (fulc, fulc);
    let (mut rat, mut e) = (0.0f64, 0.0f64);
    let mut fx = f(xf);
    let mut num = 1;
    let (mut ffulc, mut fnfc) = (fx, fx);
    let mut xm = 0.5 * (a + b);
    let mut tol1 = sqrt_eps * xf.abs() + xatol / 3.0;
    let mut tol2 = 2.0 * tol1;
    while (xf - xm).abs() > tol2 - 0.5 * (b - a) {
        let mut golden = true;
        if e.abs() > tol1 {
            golden = false;
            let mut r = (xf - nfc) * (fx - ffulc);
            let mut q = (xf - fulc) * (fx - fnfc);
            let mut p = (xf - fulc) * q - (xf - nfc) * r;
            q = 2.0 * (q - r);
            if q > 0.0 {
                p = -p;
            }
            q = q.abs();
            r = e;
            e = rat;
            if p.abs() < (0.5 * q * r).abs() && p > q * (a - xf) && p < q * (b - xf) {
                rat = p / q;
                let x = xf + rat;
                if (x - a) < tol2 || (b - x) < tol2 {
                    let d = xm - xf;
                    let si = if d > 0.0 {
                        1.0
                    } else if d < 0.0 {
                        -1.0
                    } else {
                        1.0
                    };
                    rat = tol1 * si;
                }
            } else {
                golden = true;
            }
        }
        if golden {
            e = if xf >= xm { a - xf } else { b - xf };
            rat = golden_mean * e;
        }
        let si = if rat > 0.0 {
            1.0
        } else if rat < 0.0 {
            -1.0
        } else {
            1.0
        };
        let x = xf + si * rat.abs().max(tol1);
        let fu = f(x);
        num += 1;
        if fu <= fx {
            if x >= xf {
                a = xf;
            } else {
                b = xf;
            }
            fulc = nfc;
            ffulc = fnfc;
            nfc = xf;
            fnfc = fx;
            xf = x;
            fx = fu;
        } else {
            if x < xf {
                a = x;
            } else {
                b = x;
            }
            if fu <= fnfc || nfc == xf {
                fulc = nfc;
                ffulc = fnfc;
                nfc = x;
                fnfc = fu;
            } else if fu <= ffulc || fulc == xf || fulc == nfc {
                fulc = x;
                ffulc = fu;
            }
        }
        xm = 0.5 * (a + b);
        tol1 = sqrt_eps * xf.abs() + xatol / 3.0;
        tol2 = 2.0 * tol1;
        if num >= 500 {
            break;
        }
    }
    xf
}

fn nat_freq(p: &mut Prep, gpass: f64, gstop: f64, kind: Kind) -> f64 {
    let (pb, sb) = (&p.passb, &p.stopb);
    let nat: Vec<f64> = match p.ftype {
        1 => sb.iter().zip(pb).map(|(s, q)| s / q).collect(),
        2 => pb.iter().zip(sb).map(|(q, s)| q / s).collect(),
        3 => {
            let wp0 = fminbound(
                |w| band_stop_value(w, 0, pb, sb, gpass, gstop, kind),
                pb[0],
                sb[0] - 1e-12,
            );
            let wp1 = fminbound(
                |w| band_stop_value(w, 1, pb, sb, gpass, gstop, kind),
                sb[1] + 1e-12,
                pb[1],
            );
            p.passb = vec![wp0, wp1];
            let pb = &p.passb;
            sb.iter()
                .map(|s| s * (pb[0] - pb[1]) / (s * s - pb[0] * pb[1]))
                .collect()
        }
        _ => sb
            .iter()
            .map(|s| (s * s - pb[0] * pb[1]) / (s * (pb[0] - pb[1])))
            .collect(),
    };
    nat.iter().map(|v| v.abs()).fold(f64::INFINITY, f64::min)
}

fn post(wn: &[f64], s: &OrderSpec<'_>) -> Vec<f64> {
    wn.iter()
        .map(|&w| {
            let w = if s.analog { w } else { w.atan() * 2.0 / PI };
            match s.fs {
                Some(fs) => w * fs / 2.0,
                None => w,
            }
        })
        .collect()
}

/// The lowest Butterworth order meeting the specification, and its natural frequency
/// (`scipy.signal.buttord`).
///
/// **Shapes**: → `(order, wn)`, `wn` one frequency (low/high-pass) or two (band filters), in
/// the units of `fs` — to pass to [`butter`](crate::butter).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `buttord` and the argument for `gpass <= 0`, `gstop <= 0`,
/// `gpass > gstop`; [`Error::BadArgument`] for `wp`/`ws` of different or unsupported lengths,
/// `fs` with an analog filter.
///
/// **Algorithm**: SciPy's: pre-warped edges, the band-stop passband edges optimized by a
/// bounded Brent search, the order from the attenuation ratio; on the host.
///
/// # Example
/// ```
/// use cuprum_signal::{buttord, design::order::OrderSpec};
/// let s = OrderSpec { wp: &[0.2], ws: &[0.3], gpass: 3.0, gstop: 40.0, analog: false, fs: None };
/// let (n, wn) = buttord(&s).unwrap();
/// assert_eq!(n, 11);
/// assert!((wn[0] - 0.2000403906692605).abs() < 1e-12);
/// ```
pub fn buttord(spec: &OrderSpec<'_>) -> Result<(usize, Vec<f64>)> {
    let mut p = prepare("buttord", spec)?;
    let nat = nat_freq(&mut p, spec.gpass, spec.gstop, Kind::Butter);
    let gs = 10f64.powf(0.1 * spec.gstop.abs());
    let gp = 10f64.powf(0.1 * spec.gpass.abs());
    let ord = (((gs - 1.0) / (gp - 1.0)).log10() / (2.0 * nat.log10()))
        .ceil()
        .max(0.0) as usize;
    let w0 = if ord == 0 {
        1.0
    } else {
        (gp - 1.0).powf(-1.0 / (2.0 * ord as f64))
    };
    let pb = &p.passb;
    let wn: Vec<f64> = match p.ftype {
        1 => pb.iter().map(|q| w0 * q).collect(),
        2 => pb.iter().map(|q| q / w0).collect(),
        3 => {
            let discr = ((pb[1] - pb[0]).powi(2) + 4.0 * w0 * w0 * pb[0] * pb[1]).sqrt();
            let mut v = [
                ((pb[1] - pb[0]) + discr) / (2.0 * w0),
                ((pb[1] - pb[0]) - discr) / (2.0 * w0),
            ]
            .map(f64::abs)
            .to_vec();
            v.sort_by(f64::total_cmp);
            v
        }
        _ => {
            let mut v: Vec<f64> = [-w0, w0]
                .iter()
                .map(|w| {
                    (-w * (pb[1] - pb[0]) / 2.0
                        + (w * w / 4.0 * (pb[1] - pb[0]).powi(2) + pb[0] * pb[1]).sqrt())
                    .abs()
                })
                .collect();
            v.sort_by(f64::total_cmp);
            v
        }
    };
    Ok((ord, post(&wn, spec)))
}

fn cheb_order(op: &'static str, spec: &OrderSpec<'_>) -> Result<(usize, f64, Prep)> {
    let mut p = prepare(op, spec)?;
    let nat = nat_freq(&mut p, spec.gpass, spec.gstop, Kind::Cheby);
    let gs = 10f64.powf(0.1 * spec.gstop.abs());
    let gp = 10f64.powf(0.1 * spec.gpass.abs());
    let v = ((gs - 1.0) / (gp - 1.0)).sqrt().acosh();
    Ok(((v / nat.acosh()).ceil().max(0.0) as usize, v, p))
}

/// The lowest Chebyshev type I order meeting the specification, and its natural frequency
/// (`scipy.signal.cheb1ord`).
///
/// **Shapes**, units and errors: as [`buttord`], naming `cheb1ord`.
///
/// # Errors
/// As [`buttord`].
///
/// **Algorithm**: SciPy's (`acosh` of the attenuation ratio over `acosh` of the natural
/// frequency); the passband edges are the natural frequencies.
///
/// # Example
/// ```
/// use cuprum_signal::{cheb1ord, design::order::OrderSpec};
/// let s = OrderSpec { wp: &[0.2], ws: &[0.3], gpass: 3.0, gstop: 40.0, analog: false, fs: None };
/// assert_eq!(cheb1ord(&s).unwrap(), (6, vec![0.2]));
/// ```
pub fn cheb1ord(spec: &OrderSpec<'_>) -> Result<(usize, Vec<f64>)> {
    let (ord, _, p) = cheb_order("cheb1ord", spec)?;
    Ok((ord, post(&p.passb, spec)))
}

/// The lowest Chebyshev type II order meeting the specification, and its natural frequency
/// (`scipy.signal.cheb2ord`).
///
/// **Shapes**, units and errors: as [`buttord`], naming `cheb2ord`.
///
/// # Errors
/// As [`buttord`].
///
/// **Algorithm**: SciPy's: the order as [`cheb1ord`], the natural frequency moved to where
/// the stopband attenuation is met.
///
/// # Example
/// ```
/// use cuprum_signal::{cheb2ord, design::order::OrderSpec};
/// let s = OrderSpec { wp: &[0.2], ws: &[0.3], gpass: 3.0, gstop: 40.0, analog: false, fs: None };
/// assert_eq!(cheb2ord(&s).unwrap().0, 6);
/// ```
pub fn cheb2ord(spec: &OrderSpec<'_>) -> Result<(usize, Vec<f64>)> {
    let (ord, v, p) = cheb_order("cheb2ord", spec)?;
    let nf = 1.0 / (v / ord.max(1) as f64).cosh();
    let pb = &p.passb;
    let nat: Vec<f64> = match p.ftype {
        1 => pb.iter().map(|q| q / nf).collect(),
        2 => pb.iter().map(|q| q * nf).collect(),
        3 => {
            let n0 = nf / 2.0 * (pb[0] - pb[1])
                + (nf * nf * (pb[1] - pb[0]).powi(2) / 4.0 + pb[1] * pb[0]).sqrt();
            vec![n0, pb[1] * pb[0] / n0]
        }
        _ => {
            let n0 = 1.0 / (2.0 * nf) * (pb[0] - pb[1])
                + ((pb[1] - pb[0]).powi(2) / (4.0 * nf * nf) + pb[1] * pb[0]).sqrt();
            vec![n0, pb[0] * pb[1] / n0]
        }
    };
    Ok((ord, post(&nat, spec)))
}

/// The lowest elliptic order meeting the specification, and its natural frequency
/// (`scipy.signal.ellipord`).
///
/// **Shapes**, units and errors: as [`buttord`], naming `ellipord`.
///
/// # Errors
/// As [`buttord`].
///
/// **Algorithm**: SciPy's ratio of complete elliptic integrals; the passband edges are the
/// natural frequencies.
///
/// # Example
/// ```
/// use cuprum_signal::{ellipord, design::order::OrderSpec};
/// let s = OrderSpec { wp: &[0.2], ws: &[0.3], gpass: 3.0, gstop: 40.0, analog: false, fs: None };
/// assert_eq!(ellipord(&s).unwrap(), (4, vec![0.2]));
/// ```
pub fn ellipord(spec: &OrderSpec<'_>) -> Result<(usize, Vec<f64>)> {
    use super::elliptic::{ellipk, ellipkm1};
    let mut p = prepare("ellipord", spec)?;
    let nat = nat_freq(&mut p, spec.gpass, spec.gstop, Kind::Ellip);
    let pm1 = |x: f64| (std::f64::consts::LN_10 * x).exp_m1();
    let arg1_sq = pm1(0.1 * spec.gpass) / pm1(0.1 * spec.gstop);
    let arg0 = 1.0 / nat;
    let d0 = (ellipk(arg0 * arg0), ellipkm1(arg0 * arg0));
    let d1 = (ellipk(arg1_sq), ellipkm1(arg1_sq));
    let ord = (d0.0 * d1.1 / (d0.1 * d1.0)).ceil().max(0.0) as usize;
    Ok((ord, post(&p.passb, spec)))
}

/// The family [`iirdesign`] designs (SciPy's `ftype`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DesignFamily {
    /// Butterworth
    Butter,
    /// Chebyshev type I
    Cheby1,
    /// Chebyshev type II
    Cheby2,
    /// elliptic (the default)
    #[default]
    Ellip,
}

/// The minimum-order IIR filter meeting a specification (`scipy.signal.iirdesign`).
///
/// **Shapes**: as [`OrderSpec`]; the band type follows from the edges (low-pass when
/// `wp < ws`, band-pass when the stopband surrounds the passband, ...). `output` selects the
/// form (on the current device).
///
/// # Errors
/// As [`buttord`] and [`iirfilter`](crate::iirfilter), naming `iirdesign`; digital edges
/// outside `(0, 1)` (normalized) or `(0, fs/2)`.
///
/// **Algorithm**: the family's order selection ([`buttord`], [`cheb1ord`], [`cheb2ord`],
/// [`ellipord`]), then [`iirfilter`](crate::iirfilter) with `rp = gpass`, `rs = gstop`.
///
/// # Example
/// ```
/// use cuprum_signal::{FilterOutput, iirdesign, design::order::{DesignFamily, OrderSpec}};
/// let s = OrderSpec { wp: &[0.2], ws: &[0.3], gpass: 1.0, gstop: 40.0, analog: false, fs: None };
/// let sos = iirdesign(&s, DesignFamily::Ellip, FilterOutput::Sos).unwrap().sos().unwrap();
/// assert_eq!(sos.shape()[1], 6);
/// ```
pub fn iirdesign(
    spec: &OrderSpec<'_>,
    family: DesignFamily,
    output: super::iir::FilterOutput,
) -> Result<super::iir::Filter> {
    const OP: &str = "iirdesign";
    let nyq = spec.fs.map_or(1.0, |f| f / 2.0);
    if !spec.analog {
        for (arg, w) in [("wp", spec.wp), ("ws", spec.ws)] {
            out_of_domain_if(
                w.iter().any(|&w| !(w > 0.0 && w < nyq)),
                OP,
                arg,
                format!("{w:?}"),
                format!("(0, {nyq}) (digital edge frequencies below fs/2)"),
            )?;
        }
    }
    let p = prepare(OP, spec)?;
    let btype = match p.ftype {
        1 => super::iir::BType::Lowpass,
        2 => super::iir::BType::Highpass,
        3 => super::iir::BType::Bandstop,
        _ => super::iir::BType::Bandpass,
    };
    let (n, wn, ftype) = match family {
        DesignFamily::Butter => {
            let (n, wn) = buttord(spec)?;
            (n, wn, super::iir::IirType::Butter)
        }
        DesignFamily::Cheby1 => {
            let (n, wn) = cheb1ord(spec)?;
            (n, wn, super::iir::IirType::Cheby1 { rp: spec.gpass })
        }
        DesignFamily::Cheby2 => {
            let (n, wn) = cheb2ord(spec)?;
            (n, wn, super::iir::IirType::Cheby2 { rs: spec.gstop })
        }
        DesignFamily::Ellip => {
            let (n, wn) = ellipord(spec)?;
            (
                n,
                wn,
                super::iir::IirType::Ellip {
                    rp: spec.gpass,
                    rs: spec.gstop,
                },
            )
        }
    };
    let o = super::iir::IirOptions {
        btype,
        analog: spec.analog,
        output,
        fs: spec.fs,
    };
    super::iir::iirfilter(n, &wn, ftype, &o)
}
