//! `findfreqs`: the logarithmic frequency grid that spans the interesting part of an analog
//! filter's response (from its poles and zeros), and the `worN` argument of `freqs` /
//! `freqs_zpk` that takes either a number of such frequencies or the frequencies themselves.

use crate::util::host_c128;
use crate::util::out_of_domain_if;
use cuprum_core::{Array, Complex64 as C, Error, Result};

/// The frequencies argument of [`freqs`](crate::freqs) and [`freqs_zpk`](crate::freqs_zpk)
/// (SciPy's `worN`): a count, spread by [`findfreqs`], or explicit angular frequencies.
///
/// `usize` and `&Array` convert into it, so `freqs(&b, &a, 200)` and `freqs(&b, &a, &w)` both
/// read as in SciPy.
#[derive(Clone, Copy, Debug)]
pub enum WorN<'a> {
    /// this many frequencies chosen by [`findfreqs`] (SciPy's default is 200)
    N(usize),
    /// these angular frequencies (rad/s), 1-D
    W(&'a Array),
}

impl From<usize> for WorN<'_> {
    fn from(n: usize) -> Self {
        WorN::N(n)
    }
}

impl<'a> From<&'a Array> for WorN<'a> {
    fn from(w: &'a Array) -> Self {
        WorN::W(w)
    }
}

/// What [`findfreqs`]'s `num` and `den` hold (SciPy's `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FreqsKind {
    /// polynomial coefficients, highest power first (`'ba'`)
    #[default]
    Ba,
    /// the zeros and poles themselves (`'zp'`)
    Zp,
}

impl FreqsKind {
    /// Parses `'ba'` and `'zp'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `signal.findfreqs` for another string.
    ///
    /// ```
    /// use cuprum_signal::FreqsKind;
    /// assert_eq!(FreqsKind::parse("zp").unwrap(), FreqsKind::Zp);
    /// assert!(FreqsKind::parse("sos").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<FreqsKind> {
        match s {
            "ba" => Ok(FreqsKind::Ba),
            "zp" => Ok(FreqsKind::Zp),
            _ => Err(Error::bad_argument(
                "signal.findfreqs",
                "kind",
                format!("{s:?}"),
                "one of 'ba', 'zp'",
            )),
        }
    }
}

fn roots_of(op: &'static str, c: &[C]) -> Result<Vec<C>> {
    let s = c
        .iter()
        .position(|x| *x != C::new(0.0, 0.0))
        .unwrap_or(c.len());
    let c = &c[s..];
    super::partial::poly_roots(op, c, c.iter().any(|x| x.im != 0.0))
}

/// The decade exponents `(low, high)` of SciPy's `findfreqs` for zeros `tz` and poles `ep`.
pub(crate) fn decades(tz: &[C], ep: &[C]) -> (f64, f64) {
    let dflt = [C::new(-1000.0, 0.0)];
    let ep = if ep.is_empty() { &dflt[..] } else { ep };
    let ez: Vec<C> = ep
        .iter()
        .filter(|x| x.im >= 0.0)
        .chain(tz.iter().filter(|x| x.norm() < 1e5 && x.im >= 0.0))
        .copied()
        .collect();
    let integ = |x: &C| if x.norm() < 1e-10 { 1.0 } else { 0.0 };
    let hi = ez
        .iter()
        .map(|x| 3.0 * (x.re + integ(x)).abs() + 1.5 * x.im)
        .fold(f64::NEG_INFINITY, f64::max);
    let lo = ez
        .iter()
        .map(|x| (x.re + integ(x)).abs() + 2.0 * x.im)
        .fold(f64::INFINITY, f64::min);
    (
        round_half_even((0.1 * lo).log10() - 0.5),
        round_half_even(hi.log10() + 0.5),
    )
}

/// NumPy's `round` (half to even), a value within 1e-7 of a half-integer counted as the
/// half-integer: a repeated root found with a relative error near √ε (as the roots of a
/// polynomial with a double root are) must round as the exact root does.
fn round_half_even(x: f64) -> f64 {
    let half = (x - 0.5).round() + 0.5;
    if (x - half).abs() < 1e-7 {
        half.round_ties_even()
    } else {
        x.round_ties_even()
    }
}

/// `n` logarithmically spaced angular frequencies spanning the response of an analog filter
/// (`scipy.signal.findfreqs`).
///
/// **Shapes**: 1-D `num`, `den` (coefficients, highest power first, or zeros and poles with
/// [`FreqsKind::Zp`]) → `w` float64 `(n,)` on `num`'s device.
///
/// The grid runs from `10^lo` to `10^hi`, the decades rounded (half to even, as NumPy) from
/// the smallest and largest magnitudes among the poles and the zeros below 1e5 in the upper
/// half-plane (a pole at −1000 when there is none).
///
/// # Errors
/// [`Error::BadShape`] naming `signal.findfreqs` for non-1-D input; [`Error::OutOfDomain`]
/// for non-finite coefficients; a root-finding failure.
///
/// **Algorithm**: SciPy's: the roots on the host (cuprum's `roots`), then `logspace` on the
/// device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FreqsKind, findfreqs};
/// // scipy.signal.findfreqs([1, 0], [1, 8, 25], N=9) -> 1e-2, 10**-1.5, ..., 1e2
/// let b = Array::from_vec_on(vec![1.0f64, 0.0], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 8.0, 25.0], &[3], Device::Cpu).unwrap();
/// let w = findfreqs(&b, &a, 9, FreqsKind::Ba).unwrap().to_vec::<f64>().unwrap();
/// assert!((w[0] - 1e-2).abs() < 1e-15 && (w[8] - 1e2).abs() < 1e-12);
/// ```
pub fn findfreqs(num: &Array, den: &Array, n: usize, kind: FreqsKind) -> Result<Array> {
    const OP: &str = "signal.findfreqs";
    let (nv, dv) = (host_c128(OP, "num", num)?, host_c128(OP, "den", den)?);
    let (tz, ep) = match kind {
        FreqsKind::Ba => (roots_of(OP, &nv)?, roots_of(OP, &dv)?),
        FreqsKind::Zp => (nv, dv),
    };
    let (lo, hi) = decades(&tz, &ep);
    out_of_domain_if(
        !(lo.is_finite() && hi.is_finite()),
        OP,
        "num, den",
        format!("decades [{lo}, {hi}]"),
        "roots with a finite, nonzero magnitude",
    )?;
    cuprum_core::logspace(lo, hi, n, true, 10.0, None, num.device())
}
