//! Turning NumPy-style arguments (`n`, `s`, `axis`, `axes`, `norm`) into a device-independent
//! description of the work: a list of 1-D transform steps, the scale, the result dtype and shape.
//!
//! Every backend executes a [`Spec`] the same way: step by step, each step a batched 1-D
//! transform along one axis of the current array, the input of the step padded with zeros or
//! truncated along that axis to the step's input length first.

use crate::Norm;
use cuprum_core::ext::layout::{checked_size, normalize_axis};
use cuprum_core::{DType, Error, Layout, Result};

/// The kind of one batched 1-D transform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// complex → complex, length `n` → `n`
    C2C,
    /// real → complex, length `n` → `n/2+1` (forward only)
    R2C,
    /// complex → real, length `n/2+1` → `n` (inverse only)
    C2R,
}

/// One batched 1-D transform along `axis` with logical length `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub axis: usize,
    pub n: usize,
    pub kind: Kind,
}

impl Step {
    /// Length the input is padded/truncated to along `axis` before the step.
    pub fn in_len(&self) -> usize {
        match self.kind {
            Kind::C2C | Kind::R2C => self.n,
            Kind::C2R => self.n / 2 + 1,
        }
    }
    /// Length along `axis` after the step.
    pub fn out_len(&self) -> usize {
        match self.kind {
            Kind::C2C | Kind::C2R => self.n,
            Kind::R2C => self.n / 2 + 1,
        }
    }
}

/// Floating-point precision of the computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Precision {
    /// float32 / complex64
    Single,
    /// float64 / complex128
    Double,
}

impl Precision {
    /// NumPy 2's choice: float32, float16 (and bfloat16), complex64 compute in single
    /// precision; float64, complex128, integers and bool in double precision.
    pub fn of(dtype: DType) -> Precision {
        if dtype.complex_dtype() == DType::Complex64 {
            Precision::Single
        } else {
            Precision::Double
        }
    }
    pub fn real(self) -> DType {
        match self {
            Precision::Single => DType::Float32,
            Precision::Double => DType::Float64,
        }
    }
    pub fn complex(self) -> DType {
        match self {
            Precision::Single => DType::Complex64,
            Precision::Double => DType::Complex128,
        }
    }
}

/// A whole transform, ready for a backend.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    /// the public operation's name, for errors
    pub op: &'static str,
    /// the steps in execution order
    pub steps: Vec<Step>,
    /// sign of the exponent of the C2C steps: false = forward (e^-2πi..), true = inverse
    pub inverse: bool,
    /// multiply the result by this (1.0: no scaling)
    pub scale: f64,
    /// conjugate the (complex) input first (`hfft`)
    pub conj_in: bool,
    /// conjugate the (complex) output last (`ihfft`)
    pub conj_out: bool,
    pub precision: Precision,
    /// dtype of the result
    pub out_dtype: DType,
    /// shape of the result
    pub out_shape: Vec<usize>,
}

/// Which public family a call belongs to (fft, fft2 and fftn are [`Family::Fft`], ...).
pub(crate) use crate::plan::Transform as Family;

fn check_len(op: &'static str, n: usize) -> Result<()> {
    if n < 1 {
        return Err(Error::bad_argument(
            op,
            "n",
            n,
            "a positive number of data points",
        ));
    }
    Ok(())
}

/// The 1-D argument form (`n`, `axis`) as the n-d form.
pub(crate) fn spec_1d(
    op: &'static str,
    family: Family,
    dtype: DType,
    shape: &[usize],
    n: Option<usize>,
    axis: isize,
    norm: Norm,
) -> Result<Spec> {
    let ax = normalize_axis(op, axis, shape.len())?;
    let n = match n {
        Some(n) => n,
        None => match family {
            Family::Irfft | Family::Hfft => 2 * shape[ax].saturating_sub(1),
            _ => shape[ax],
        },
    };
    build(op, family, dtype, shape, &[ax], &[n], norm)
}

/// The n-d argument form (`s`, `axes`), following NumPy's `_cook_nd_args`: with `axes`
/// `None`, the last `len(s)` axes (all axes when `s` is `None` too); with `s` `None`, the
/// input's lengths along `axes` (for the inverse real transforms the last one is
/// `2 * (m - 1)`). `default_axes` replaces `axes = None` (`fft2`'s `(-2, -1)`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn spec_nd(
    op: &'static str,
    family: Family,
    dtype: DType,
    shape: &[usize],
    s: Option<&[usize]>,
    axes: Option<&[isize]>,
    default_axes: Option<&[isize]>,
    norm: Norm,
) -> Result<Spec> {
    let nd = shape.len();
    let axes_given: Vec<isize> = match (axes.or(default_axes), s) {
        (Some(a), _) => a.to_vec(),
        (None, Some(s)) => (-(s.len() as isize)..0).collect(),
        (None, None) => (0..nd as isize).collect(),
    };
    let axes_u: Vec<usize> = axes_given
        .iter()
        .map(|&a| normalize_axis(op, a, nd))
        .collect::<Result<_>>()?;
    let lens: Vec<usize> = match s {
        Some(s) => {
            if s.len() != axes_u.len() {
                return Err(Error::bad_argument(
                    op,
                    "s",
                    format!("{s:?}"),
                    format!(
                        "one length per entry of axes={axes_given:?} ({})",
                        axes_u.len()
                    ),
                ));
            }
            s.to_vec()
        }
        None => {
            let mut v: Vec<usize> = axes_u.iter().map(|&a| shape[a]).collect();
            if matches!(family, Family::Irfft | Family::Hfft)
                && let Some(last) = v.last_mut()
            {
                *last = 2 * last.saturating_sub(1);
            }
            v
        }
    };
    build(op, family, dtype, shape, &axes_u, &lens, norm)
}

fn build(
    op: &'static str,
    family: Family,
    dtype: DType,
    shape: &[usize],
    axes: &[usize],
    lens: &[usize],
    norm: Norm,
) -> Result<Spec> {
    for &n in lens {
        check_len(op, n)?;
    }
    let real_in = matches!(family, Family::Rfft | Family::Ihfft);
    if real_in && dtype.is_complex() {
        return Err(Error::DType {
            op,
            dtype,
            detail: ": the input of a real-input transform must be real".into(),
        });
    }
    if matches!(family, Family::Rfft | Family::Irfft) && axes.is_empty() {
        return Err(Error::bad_argument(
            op,
            "axes",
            "an empty sequence",
            "at least one axis for a real transform",
        ));
    }
    if matches!(family, Family::Hfft | Family::Ihfft) && axes.len() != 1 {
        return Err(Error::bad_argument(
            op,
            "axes",
            format!("{} axes", axes.len()),
            "exactly one axis (hfft/ihfft)",
        ));
    }
    let precision = Precision::of(dtype);
    let k = axes.len();
    let mut steps = Vec::with_capacity(k);
    match family {
        Family::Fft | Family::Ifft => {
            // NumPy's _raw_fftnd: the last axis first
            for i in (0..k).rev() {
                steps.push(Step {
                    axis: axes[i],
                    n: lens[i],
                    kind: Kind::C2C,
                });
            }
        }
        Family::Rfft | Family::Ihfft => {
            steps.push(Step {
                axis: axes[k - 1],
                n: lens[k - 1],
                kind: Kind::R2C,
            });
            for i in 0..k - 1 {
                steps.push(Step {
                    axis: axes[i],
                    n: lens[i],
                    kind: Kind::C2C,
                });
            }
        }
        Family::Irfft | Family::Hfft => {
            for i in 0..k - 1 {
                steps.push(Step {
                    axis: axes[i],
                    n: lens[i],
                    kind: Kind::C2C,
                });
            }
            steps.push(Step {
                axis: axes[k - 1],
                n: lens[k - 1],
                kind: Kind::C2R,
            });
        }
    }
    // Every step's rows (its input length, then its output length, along its axis, complex
    // elements) must be an array NumPy could make: a length like `n = 2^61` is "array is too
    // big" here, before any buffer or plan exists, on every device (issue 46).
    let item = precision.complex().itemsize();
    let mut out_shape = shape.to_vec();
    for st in &steps {
        out_shape[st.axis] = st.in_len();
        checked_size(op, &out_shape, item)?;
        out_shape[st.axis] = st.out_len();
        checked_size(op, &out_shape, item)?;
    }
    let total: usize = lens.iter().product();
    // hfft = irfft(conj(a)) with the norm swapped, ihfft = conj(rfft(a)) with the norm
    // swapped: with the table of `Norm`, that is hfft on the forward column and ihfft on the
    // inverse one.
    let (inverse, scale_inverse) = match family {
        Family::Fft | Family::Rfft => (false, false),
        Family::Ifft | Family::Irfft => (true, true),
        Family::Hfft => (true, false),
        Family::Ihfft => (false, true),
    };
    let out_dtype = match family {
        Family::Irfft | Family::Hfft => precision.real(),
        _ => precision.complex(),
    };
    Ok(Spec {
        op,
        steps,
        inverse,
        scale: norm.factor(total, scale_inverse),
        conj_in: family == Family::Hfft,
        conj_out: family == Family::Ihfft,
        precision,
        out_dtype,
        out_shape,
    })
}

/// The layout that reads a step's input along `axis` as the last axis, clipped to `len`.
pub(crate) fn lines_view(layout: &Layout, axis: usize, len: usize) -> Layout {
    let mut shape = Vec::with_capacity(layout.ndim());
    let mut strides = Vec::with_capacity(layout.ndim());
    for k in 0..layout.ndim() {
        if k != axis {
            shape.push(layout.shape[k]);
            strides.push(layout.strides[k]);
        }
    }
    shape.push(layout.shape[axis].min(len));
    strides.push(layout.strides[axis]);
    Layout {
        shape,
        strides,
        offset: layout.offset,
    }
}

/// The layout, in the original axis order, of rows produced along `axis` with `out_len`
/// elements each (rows in C order of the other axes).
pub(crate) fn rows_layout(shape: &[usize], axis: usize, out_len: usize) -> Layout {
    let mut pshape: Vec<usize> = shape
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != axis)
        .map(|(_, &n)| n)
        .collect();
    pshape.push(out_len);
    let pstr = cuprum_core::ext::layout::c_strides(&pshape);
    let nd = shape.len();
    let mut strides = vec![0isize; nd];
    let mut j = 0;
    for (k, s) in strides.iter_mut().enumerate() {
        if k == axis {
            *s = pstr[nd - 1];
        } else {
            *s = pstr[j];
            j += 1;
        }
    }
    let mut new_shape = shape.to_vec();
    new_shape[axis] = out_len;
    Layout {
        shape: new_shape,
        strides,
        offset: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfftn_axes_order_and_shape() {
        let sp = spec_nd(
            "rfftn",
            Family::Rfft,
            DType::Float32,
            &[4, 6, 5],
            None,
            Some(&[0, 1]),
            None,
            Norm::Backward,
        )
        .unwrap();
        assert_eq!(sp.out_shape, vec![4, 4, 5]);
        assert_eq!(sp.steps[0].kind, Kind::R2C);
        assert_eq!(sp.steps[0].axis, 1);
        assert_eq!(sp.out_dtype, DType::Complex64);
    }

    #[test]
    fn irfftn_default_last_len_and_errors() {
        let sp = spec_nd(
            "irfftn",
            Family::Irfft,
            DType::Complex128,
            &[4, 5],
            None,
            None,
            None,
            Norm::Backward,
        )
        .unwrap();
        assert_eq!(sp.out_shape, vec![4, 8]);
        assert!((sp.scale - 1.0 / 32.0).abs() < 1e-15);
        let e = spec_1d(
            "fft",
            Family::Fft,
            DType::Float64,
            &[3],
            Some(0),
            0,
            Norm::Backward,
        );
        assert!(matches!(e, Err(Error::BadArgument { arg: "n", .. })));
        let e = spec_1d(
            "fft",
            Family::Fft,
            DType::Float64,
            &[3],
            None,
            1,
            Norm::Backward,
        );
        assert!(matches!(e, Err(Error::AxisOutOfBounds { .. })));
        let e = spec_1d(
            "rfft",
            Family::Rfft,
            DType::Complex64,
            &[3],
            None,
            0,
            Norm::Backward,
        );
        assert!(matches!(e, Err(Error::DType { .. })));
    }
}
