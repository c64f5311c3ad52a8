//! Normalization of system descriptions: `normalize` (a transfer function's coefficients,
//! with SciPy's `BadCoefficients` warning as a typed value) and `abcd_normalize` (state-space
//! matrices checked and completed to compatible 2-D shapes).

use crate::util::{bad_argument_if, bad_shape_if};
use cuprum_core::{Array, DType, Device, Error, Result};
use std::fmt;

/// SciPy's `BadCoefficients` warning: the numerator of a normalized transfer function had
/// leading coefficients of magnitude ≤ 1e-14 (after division by the denominator's leading
/// coefficient), which were removed.
///
/// cuprum has no warning channel: [`normalize`] returns this value beside its result (`None`
/// when SciPy would not warn), so the caller decides whether to log, ignore or reject.
/// It implements [`std::error::Error`] so that it can be turned into an error with `?`.
///
/// # Example
/// ```
/// use cuprum_signal::BadCoefficients;
/// let w = BadCoefficients { trimmed: 1 };
/// assert!(w.to_string().starts_with("Badly conditioned filter coefficients (numerator)"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadCoefficients {
    /// the number of leading numerator columns removed
    pub trimmed: usize,
}

impl fmt::Display for BadCoefficients {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Badly conditioned filter coefficients (numerator): the results may be meaningless ({} leading coefficient(s) of magnitude <= 1e-14 removed)",
            self.trimmed
        )
    }
}

impl std::error::Error for BadCoefficients {}

/// The result of [`normalize`]: the numerator(s), the denominator and SciPy's warning.
#[derive(Clone, Debug)]
pub struct Normalized {
    /// the numerator: 1-D for a 1-D `b`, `(rows, m)` for a 2-D `b` (float64 or complex128)
    pub num: Array,
    /// the denominator, 1-D, leading coefficient 1
    pub den: Array,
    /// `Some` where SciPy emits `BadCoefficients`
    pub warning: Option<BadCoefficients>,
}

/// Normalizes a continuous-time transfer function `b/a` (`scipy.signal.normalize`): leading
/// zeros of `a` removed, both divided by the new `a[0]`, and the leading numerator columns
/// whose entries are all ≤ 1e-14 in magnitude removed (at least one column is kept).
///
/// **Shapes**: `b` 1-D (or 0-d) or 2-D (several numerators over one denominator), `a` 1-D (or
/// 0-d) → [`Normalized`]: `num` 1-D for a 1-D `b` or a 2-D `b` of one row (as SciPy squeezes
/// it), otherwise 2-D; `den` 1-D; float64, or complex128 when either input is complex; on `b`'s
/// device.
///
/// # Errors
/// [`Error::BadShape`] naming `signal.normalize` for a 2-D `a` or a `b` of more than two
/// dimensions; [`Error::OutOfDomain`] for an all-zero (or empty) `a`.
///
/// **Algorithm**: SciPy's, on the host (O(order) coefficients).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// // scipy.signal.normalize([0, 3, 6], [2, -5, 4]) -> ([1.5, 3.], [1., -2.5, 2.]) + BadCoefficients
/// let b = Array::from_vec_on(vec![0.0f64, 3.0, 6.0], &[3], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![2.0f64, -5.0, 4.0], &[3], Device::Cpu).unwrap();
/// let n = cuprum_signal::normalize(&b, &a).unwrap();
/// assert_eq!(n.num.to_vec::<f64>().unwrap(), vec![1.5, 3.0]);
/// assert_eq!(n.den.to_vec::<f64>().unwrap(), vec![1.0, -2.5, 2.0]);
/// assert!(n.warning.is_some());
/// ```
pub fn normalize(b: &Array, a: &Array) -> Result<Normalized> {
    const OP: &str = "signal.normalize";
    bad_shape_if(a.ndim() > 1, OP, "a", a.shape(), "a 1-D array")?;
    bad_shape_if(b.ndim() > 2, OP, "b", b.shape(), "a 1-D or 2-D array")?;
    let complex = a.dtype().is_complex() || b.dtype().is_complex();
    let dt = if complex {
        DType::Complex128
    } else {
        DType::Float64
    };
    let host = |x: &Array| -> Result<Vec<cuprum_core::Complex64>> {
        x.astype(DType::Complex128)?
            .to_device(Device::Cpu)?
            .to_vec::<cuprum_core::Complex64>()
    };
    let av = host(a)?;
    let zero = cuprum_core::Complex64::new(0.0, 0.0);
    let first = av.iter().position(|&v| v != zero).ok_or_else(|| {
        Error::out_of_domain(
            OP,
            "a",
            format!("{:?}", a.shape()),
            "a denominator with a nonzero coefficient",
        )
    })?;
    let a0 = av[first];
    let den: Vec<_> = av[first..].iter().map(|&v| v / a0).collect();
    let (rows, cols) = match b.ndim() {
        0 => (1, 1),
        1 => (1, b.shape()[0]),
        _ => (b.shape()[0], b.shape()[1]),
    };
    let bv: Vec<_> = host(b)?.iter().map(|&v| v / a0).collect();
    let mut lead = 0;
    while lead < cols && (0..rows).all(|r| bv[r * cols + lead].norm() <= 1e-14) {
        lead += 1;
    }
    let warning = (lead > 0).then_some(BadCoefficients { trimmed: lead });
    if lead == cols && cols > 0 {
        lead -= 1;
    }
    let keep = cols - lead;
    let mut num = cuprum_core::ext::try_vec_with_capacity(rows * keep)?;
    for r in 0..rows {
        num.extend_from_slice(&bv[r * cols + lead..(r + 1) * cols]);
    }
    let dev = b.device();
    let shape: Vec<usize> = if b.ndim() == 2 && rows != 1 {
        vec![rows, keep]
    } else {
        vec![keep]
    };
    let nd = den.len();
    Ok(Normalized {
        num: Array::from_vec_on(num, &shape, dev)?.astype(dt)?,
        den: Array::from_vec_on(den, &[nd], dev)?.astype(dt)?,
        warning,
    })
}

/// Checks state-space matrices for compatible shapes and completes the missing ones with
/// zeros (`scipy.signal.abcd_normalize`).
///
/// **Shapes**: `A` `(n, n)`, `B` `(n, p)`, `C` `(q, n)`, `D` `(q, p)`; each given matrix is
/// made 2-D (a scalar becomes `(1, 1)`, a 1-D array of length `m` `(1, m)`); `n`, `p`, `q` are
/// taken from the first given matrix that has them nonzero; a missing matrix (or one of shape
/// `(0, 0)`) becomes float64 zeros of its shape. The matrices keep their dtype and device; the
/// zeros go to the device of the first matrix given.
///
/// # Errors
/// [`Error::BadArgument`] naming `signal.abcd_normalize` when a dimension cannot be
/// determined (`A`, `B`, `C` all missing; `B` and `D` missing; `C` and `D` missing);
/// [`Error::BadShape`] for a matrix of the wrong shape or of more than two dimensions.
///
/// **Algorithm**: SciPy's shape rules; no data is copied except for the reshapes.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// // scipy.signal.abcd_normalize(A=[[1, 2], [3, 4]], B=[[-1], [5]], D=2.5): C = [[0., 0.]]
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![-1.0f64, 5.0], &[2, 1], Device::Cpu).unwrap();
/// let d = Array::from_vec_on(vec![2.5f64], &[0usize; 0], Device::Cpu).unwrap();
/// let (_a, _b, c, d) = cuprum_signal::abcd_normalize(Some(&a), Some(&b), None, Some(&d)).unwrap();
/// assert_eq!((c.shape(), d.shape()), (&[1, 2][..], &[1, 1][..]));
/// assert_eq!(c.to_vec::<f64>().unwrap(), vec![0.0, 0.0]);
/// ```
pub fn abcd_normalize(
    a: Option<&Array>,
    b: Option<&Array>,
    c: Option<&Array>,
    d: Option<&Array>,
) -> Result<(Array, Array, Array, Array)> {
    const OP: &str = "signal.abcd_normalize";
    bad_argument_if(
        a.is_none() && b.is_none() && c.is_none(),
        OP,
        "A, B, C",
        "None",
        "at least one of A, B, C to determine the state dimension n",
    )?;
    bad_argument_if(
        b.is_none() && d.is_none(),
        OP,
        "B, D",
        "None",
        "B or D to determine the input dimension p",
    )?;
    bad_argument_if(
        c.is_none() && d.is_none(),
        OP,
        "C, D",
        "None",
        "C or D to determine the output dimension q",
    )?;
    let dev = [a, b, c, d]
        .iter()
        .flatten()
        .next()
        .map_or(Device::Cpu, |m| m.device());
    let two_d = |name: &'static str, m: Option<&Array>| -> Result<Option<Array>> {
        let Some(m) = m else { return Ok(None) };
        let m = match m.ndim() {
            0 => m.reshape(&[1, 1])?,
            1 => m.reshape(&[1, m.shape()[0]])?,
            2 => m.clone(),
            _ => {
                return Err(Error::bad_shape(
                    OP,
                    name,
                    m.shape(),
                    "at most 2 dimensions",
                ));
            }
        };
        Ok((m.size() != 0 || m.shape() != [0, 0]).then_some(m))
    };
    let (a, b, c, d) = (
        two_d("A", a)?,
        two_d("B", b)?,
        two_d("C", c)?,
        two_d("D", d)?,
    );
    let dim = |m: &Option<Array>, i: usize| m.as_ref().map_or(0, |m| m.shape()[i]);
    let or = |x: usize, y: usize| if x != 0 { x } else { y };
    let n = or(dim(&a, 0), or(dim(&b, 0), dim(&c, 1)));
    let p = or(dim(&b, 1), dim(&d, 1));
    let q = or(dim(&c, 0), dim(&d, 0));
    let fill = |name: &'static str, m: Option<Array>, r: usize, k: usize| -> Result<Array> {
        let m = match m {
            Some(m) if m.size() != 0 => m,
            _ => return cuprum_core::zeros_on(&[r, k][..], DType::Float64, dev),
        };
        bad_shape_if(
            m.shape() != [r, k],
            OP,
            name,
            m.shape(),
            format!("({r}, {k})"),
        )?;
        Ok(m)
    };
    Ok((
        fill("A", a, n, n)?,
        fill("B", b, n, p)?,
        fill("C", c, q, n)?,
        fill("D", d, q, p)?,
    ))
}
