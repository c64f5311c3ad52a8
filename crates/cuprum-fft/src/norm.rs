//! [`Norm`]: the normalization mode of a transform (NumPy's `norm=` argument).

use cuprum_core::{Error, Result};

/// Which direction of a transform pair is scaled, as NumPy's `norm=` keyword.
///
/// With `N` the product of the transformed lengths (the *output* lengths `n`/`s`, after
/// padding or truncation):
///
/// | mode | forward (`fft`, `rfft`, `ihfft`) | inverse (`ifft`, `irfft`, `hfft`) |
/// |---|---|---|
/// | [`Norm::Backward`] (NumPy's default) | 1 | 1/N |
/// | [`Norm::Ortho`] | 1/√N | 1/√N |
/// | [`Norm::Forward`] | 1/N | 1 |
///
/// (`hfft`/`ihfft` follow NumPy: `hfft` is the forward transform of a Hermitian signal and
/// uses the *forward* column, `ihfft` the inverse column.)
///
/// Parses from NumPy's strings:
/// ```
/// use cuprum_fft::Norm;
/// assert_eq!("ortho".parse::<Norm>().unwrap(), Norm::Ortho);
/// assert_eq!(Norm::default(), Norm::Backward);
/// assert!("sideways".parse::<Norm>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Norm {
    /// No scaling on the forward transform, 1/N on the inverse (`norm="backward"` or `None`).
    #[default]
    Backward,
    /// 1/√N on both directions: the transform is unitary (`norm="ortho"`).
    Ortho,
    /// 1/N on the forward transform, none on the inverse (`norm="forward"`).
    Forward,
}

impl Norm {
    /// NumPy's name of the mode (`"backward"`, `"ortho"`, `"forward"`).
    pub const fn name(self) -> &'static str {
        match self {
            Norm::Backward => "backward",
            Norm::Ortho => "ortho",
            Norm::Forward => "forward",
        }
    }

    /// The other end of the pair (`backward` ↔ `forward`; `ortho` stays), as NumPy's
    /// `_swap_direction` (used by `hfft`/`ihfft`).
    pub const fn swapped(self) -> Norm {
        match self {
            Norm::Backward => Norm::Forward,
            Norm::Ortho => Norm::Ortho,
            Norm::Forward => Norm::Backward,
        }
    }

    /// The factor a transform of total logical length `n` is multiplied by.
    /// `inverse` selects the inverse column of the table above.
    pub fn factor(self, n: usize, inverse: bool) -> f64 {
        let n = n as f64;
        match (self, inverse) {
            (Norm::Backward, false) | (Norm::Forward, true) => 1.0,
            (Norm::Ortho, _) => 1.0 / n.sqrt(),
            (Norm::Backward, true) | (Norm::Forward, false) => 1.0 / n,
        }
    }
}

impl std::fmt::Display for Norm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Norm {
    type Err = Error;
    /// Parses `"backward"`, `"ortho"` or `"forward"` (NumPy's spellings).
    fn from_str(s: &str) -> Result<Norm> {
        match s {
            "backward" => Ok(Norm::Backward),
            "ortho" => Ok(Norm::Ortho),
            "forward" => Ok(Norm::Forward),
            _ => Err(Error::bad_argument(
                "fft",
                "norm",
                format!("{s:?}"),
                "\"backward\", \"ortho\" or \"forward\"",
            )),
        }
    }
}

impl TryFrom<Option<&str>> for Norm {
    type Error = Error;
    /// `None` is NumPy's default (`"backward"`).
    fn try_from(s: Option<&str>) -> Result<Norm> {
        s.map_or(Ok(Norm::Backward), str::parse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factors_match_numpy_table() {
        assert_eq!(Norm::Backward.factor(8, false), 1.0);
        assert_eq!(Norm::Backward.factor(8, true), 0.125);
        assert_eq!(Norm::Forward.factor(8, false), 0.125);
        assert_eq!(Norm::Forward.factor(8, true), 1.0);
        assert!((Norm::Ortho.factor(4, true) - 0.5).abs() < 1e-15);
        assert_eq!(Norm::try_from(None).unwrap(), Norm::Backward);
        assert_eq!(Norm::Backward.swapped(), Norm::Forward);
    }
}
