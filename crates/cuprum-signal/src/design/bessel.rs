//! The Bessel/Thomson analog prototype (`besselap`): the roots of the reverse Bessel
//! polynomial, normalized for phase, delay or magnitude as SciPy does.

use super::zpk::Zpk;
use crate::util::bad_argument_if;
use cuprum_core::{Complex64 as C, Error, Result};

/// The normalization of a Bessel filter (SciPy's `norm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BesselNorm {
    /// the phase response reaches its mid-point at the cutoff (`'phase'`, the default)
    #[default]
    Phase,
    /// unit group delay in the passband (`'delay'`)
    Delay,
    /// −3 dB at the cutoff (`'mag'`)
    Mag,
}

impl BesselNorm {
    /// Parses `'phase'`, `'delay'`, `'mag'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `bessel` and `norm` for another string.
    ///
    /// ```
    /// use cuprum_signal::design::bessel::BesselNorm;
    /// assert_eq!(BesselNorm::parse("mag").unwrap(), BesselNorm::Mag);
    /// ```
    pub fn parse(s: &str) -> Result<BesselNorm> {
        Ok(match s {
            "phase" => BesselNorm::Phase,
            "delay" => BesselNorm::Delay,
            "mag" => BesselNorm::Mag,
            _ => {
                return Err(Error::bad_argument(
                    "bessel",
                    "norm",
                    format!("{s:?}"),
                    "one of 'phase', 'delay', 'mag'",
                ));
            }
        })
    }
}

/// Coefficients of the reverse Bessel polynomial `θ_n(s)`, highest power first:
/// `(n + k)! / ((n − k)!·k!·2^k)` for `s^(n−k)`.
fn reverse_bessel(n: usize) -> Vec<f64> {
    (0..=n)
        .map(|k| {
            // (n+k)!/(n-k)! = Π_{j=n-k+1}^{n+k} j, divided by k! 2^k, accumulated in f64
            let mut v = 1.0f64;
            for j in (n - k + 1)..=(n + k) {
                v *= j as f64;
            }
            for j in 1..=k {
                v /= 2.0 * j as f64;
            }
            v
        })
        .collect()
}

fn polish(c: &[f64], mut z: C) -> C {
    for _ in 0..8 {
        let (mut p, mut dp) = (C::new(0.0, 0.0), C::new(0.0, 0.0));
        for &ck in c {
            dp = dp * z + p;
            p = p * z + ck;
        }
        if dp.norm() == 0.0 {
            break;
        }
        let step = p / dp;
        z -= step;
        if step.norm() <= 1e-17 * z.norm() {
            break;
        }
    }
    z
}

/// SciPy's `besselap(n, norm)`.
pub(crate) fn besselap(op: &'static str, n: usize, norm: BesselNorm) -> Result<Zpk> {
    if n == 0 {
        return Ok(Zpk {
            z: vec![],
            p: vec![],
            k: 1.0,
        });
    }
    bad_argument_if(
        n > 60,
        op,
        "N",
        n,
        "at most 60 (the Bessel polynomial's coefficients overflow float64 beyond)",
    )?;
    let c = reverse_bessel(n);
    let a_last = c[n];
    let roots = super::convert::real_roots(op, &c)?;
    let mut p: Vec<C> = roots.into_iter().map(|z| polish(&c, z)).collect();
    // keep conjugate pairs exact after the polish
    for v in &mut p {
        if v.im.abs() <= 1e-14 * v.norm() {
            v.im = 0.0;
        }
    }
    let k = match norm {
        BesselNorm::Phase => {
            let s = 10f64.powf(-a_last.log10() / n as f64);
            for v in &mut p {
                *v *= s;
            }
            1.0
        }
        BesselNorm::Delay => a_last,
        BesselNorm::Mag => {
            // Newton on |k / Π(iw − p)| = 1/√2 from w = 1.5 (SciPy's optimize.newton, secant)
            let g = |w: f64| {
                a_last
                    / p.iter()
                        .fold(C::new(1.0, 0.0), |acc, &q| acc * (C::new(0.0, w) - q))
                        .norm()
                    - 0.5f64.sqrt()
            };
            let (mut w0, mut w1) = (1.5, 1.5 * (1.0 + 1e-4) + 1e-4);
            let (mut f0, mut f1) = (g(w0), g(w1));
            for _ in 0..100 {
                if f1 == f0 {
                    break;
                }
                let w2 = w1 - f1 * (w1 - w0) / (f1 - f0);
                if (w2 - w1).abs() <= 1.48e-8 * w2.abs() {
                    w1 = w2;
                    break;
                }
                w0 = w1;
                f0 = f1;
                w1 = w2;
                f1 = g(w1);
            }
            for v in &mut p {
                *v /= w1;
            }
            w1.powi(-(n as i32)) * a_last
        }
    };
    Ok(Zpk { z: vec![], p, k })
}
