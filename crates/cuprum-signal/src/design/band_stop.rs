//! `band_stop_obj`: the order objective that the band-stop order estimators (`buttord`,
//! `cheb1ord`, `cheb2ord`, `ellipord`) minimize over one passband edge.

use crate::util::{bad_argument_if, out_of_domain_if};
use cuprum_core::{Error, Result};

/// The filter family of [`band_stop_obj`] (SciPy's `type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BandStopType {
    /// Butterworth (`'butter'`)
    Butter,
    /// Chebyshev, type I or II (`'cheby'`)
    Cheby,
    /// elliptic (`'ellip'`)
    Ellip,
}

impl BandStopType {
    /// Parses `'butter'`, `'cheby'`, `'ellip'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `signal.band_stop_obj` for another string.
    ///
    /// ```
    /// use cuprum_signal::BandStopType;
    /// assert_eq!(BandStopType::parse("cheby").unwrap(), BandStopType::Cheby);
    /// assert!(BandStopType::parse("bessel").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<BandStopType> {
        Ok(match s {
            "butter" => BandStopType::Butter,
            "cheby" => BandStopType::Cheby,
            "ellip" => BandStopType::Ellip,
            _ => {
                return Err(Error::bad_argument(
                    "signal.band_stop_obj",
                    "type",
                    format!("{s:?}"),
                    "one of 'butter', 'cheby', 'ellip'",
                ));
            }
        })
    }
}

/// The value of the band-stop order objective without validation (`passb`, `stopb`: two edges
/// each; shared with the order estimators).
pub(crate) fn band_stop_value(
    wp: f64,
    ind: usize,
    passb: &[f64],
    stopb: &[f64],
    gpass: f64,
    gstop: f64,
    kind: BandStopType,
) -> f64 {
    let mut pb = [passb[0], passb[1]];
    pb[ind] = wp;
    let nat = stopb
        .iter()
        .map(|s| (s * (pb[0] - pb[1]) / (s * s - pb[0] * pb[1])).abs())
        .fold(f64::INFINITY, f64::min);
    let gs = 10f64.powf(0.1 * gstop.abs());
    let gp = 10f64.powf(0.1 * gpass.abs());
    match kind {
        BandStopType::Butter => ((gs - 1.0) / (gp - 1.0)).log10() / (2.0 * nat.log10()),
        BandStopType::Cheby => ((gs - 1.0) / (gp - 1.0)).sqrt().acosh() / nat.acosh(),
        BandStopType::Ellip => {
            use super::elliptic::ellipk;
            let arg1 = ((10f64.powf(0.1 * gpass) - 1.0) / (10f64.powf(0.1 * gstop) - 1.0)).sqrt();
            let arg0 = 1.0 / nat;
            let (d00, d01) = (ellipk(arg0 * arg0), ellipk(1.0 - arg0 * arg0));
            let (d10, d11) = (ellipk(arg1 * arg1), ellipk(1.0 - arg1 * arg1));
            d00 * d11 / (d01 * d10)
        }
    }
}

/// The (non-integer) order of an analog band-stop filter whose passband edge `ind` is moved
/// to `wp` (`scipy.signal.band_stop_obj`).
///
/// **Shapes**: scalars; `passb` and `stopb` hold the two passband and stopband edges (rad/s).
///
/// The natural frequency ratio is `min |s·(pb0 − pb1)/(s² − pb0·pb1)|` over the stopband
/// edges `s`; the order follows from `gpass` and `gstop` (dB) by the family's formula.
///
/// # Errors
/// [`Error::BadArgument`] naming `signal.band_stop_obj` for `ind` not 0 or 1;
/// [`Error::OutOfDomain`] for `gpass ≤ 0`, `gstop ≤ 0` or `gpass > gstop` (SciPy's
/// `_validate_gpass_gstop`).
///
/// **Algorithm**: SciPy's closed forms (complete elliptic integrals for `'ellip'`).
///
/// # Example
/// ```
/// use cuprum_signal::{BandStopType, band_stop_obj};
/// // scipy.signal.band_stop_obj(2, 1, np.array([1, 3]), np.array([0.5, 4]), 3, 30, 'butter')
/// let n = band_stop_obj(2.0, 1, [1.0, 3.0], [0.5, 4.0], 3.0, 30.0, BandStopType::Butter).unwrap();
/// assert!((n + 2.758504160760643).abs() < 1e-12);
/// ```
pub fn band_stop_obj(
    wp: f64,
    ind: usize,
    passb: [f64; 2],
    stopb: [f64; 2],
    gpass: f64,
    gstop: f64,
    kind: BandStopType,
) -> Result<f64> {
    const OP: &str = "signal.band_stop_obj";
    bad_argument_if(ind > 1, OP, "ind", ind, "0 or 1")?;
    out_of_domain_if(
        gpass.is_nan() || gpass <= 0.0,
        OP,
        "gpass",
        gpass,
        "(0, inf)",
    )?;
    out_of_domain_if(
        gstop.is_nan() || gstop <= 0.0,
        OP,
        "gstop",
        gstop,
        "(0, inf)",
    )?;
    out_of_domain_if(
        gpass > gstop,
        OP,
        "gpass",
        gpass,
        format!("(0, gstop = {gstop}]"),
    )?;
    Ok(band_stop_value(wp, ind, &passb, &stopb, gpass, gstop, kind))
}
