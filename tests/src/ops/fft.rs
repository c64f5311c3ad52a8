//! Dispatch arms for the `fft` area (`cuprum::fft`, NumPy's `numpy.fft`): the 14 transforms
//! with `n`/`s`, `axis`/`axes` and `norm`, `fftfreq`/`rfftfreq` (`n`, `d`) and
//! `fftshift`/`ifftshift` (`axes`).

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::fft::{self, Norm};

/// Runs `op` when it is an fft op; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    type One = fn(&cuprum::Array, Option<usize>, isize, Norm) -> cuprum::Result<cuprum::Array>;
    type Many = fn(
        &cuprum::Array,
        Option<&[usize]>,
        Option<&[isize]>,
        Norm,
    ) -> cuprum::Result<cuprum::Array>;
    let one_d: Option<One> = match op {
        "fft.fft" => Some(fft::fft),
        "fft.ifft" => Some(fft::ifft),
        "fft.rfft" => Some(fft::rfft),
        "fft.irfft" => Some(fft::irfft),
        "fft.hfft" => Some(fft::hfft),
        "fft.ihfft" => Some(fft::ihfft),
        _ => None,
    };
    if let Some(f) = one_d {
        return Some(run_1d(cx, f));
    }
    let n_d: Option<Many> = match op {
        "fft.fft2" => Some(fft::fft2),
        "fft.ifft2" => Some(fft::ifft2),
        "fft.fftn" => Some(fft::fftn),
        "fft.ifftn" => Some(fft::ifftn),
        "fft.rfft2" => Some(fft::rfft2),
        "fft.irfft2" => Some(fft::irfft2),
        "fft.rfftn" => Some(fft::rfftn),
        "fft.irfftn" => Some(fft::irfftn),
        _ => None,
    };
    if let Some(f) = n_d {
        return Some(run_nd(cx, f));
    }
    Some(match op {
        "fft.fftfreq" | "fft.rfftfreq" => freq(cx, op == "fft.rfftfreq"),
        "fft.fftshift" | "fft.ifftshift" => shift(cx, op == "fft.ifftshift"),
        _ => return None,
    })
}

fn norm(cx: &CaseCx<'_>) -> Result<Norm, CaseError> {
    Ok(Norm::try_from(cx.kw_str("norm")?)?)
}

fn axes(cx: &CaseCx<'_>) -> Result<Option<Vec<isize>>, CaseError> {
    Ok(cx
        .kw_ints("axes")?
        .map(|v| v.into_iter().map(|x| x as isize).collect()))
}

fn run_1d(
    cx: &CaseCx<'_>,
    f: fn(&cuprum::Array, Option<usize>, isize, Norm) -> cuprum::Result<cuprum::Array>,
) -> OpResult {
    cx.only_kwargs(&["n", "axis", "norm"])?;
    let axis = cx.kw_i64("axis")?.unwrap_or(-1) as isize;
    one(f(cx.array(0)?, cx.kw_usize("n")?, axis, norm(cx)?))
}

#[allow(clippy::type_complexity)]
fn run_nd(
    cx: &CaseCx<'_>,
    f: fn(
        &cuprum::Array,
        Option<&[usize]>,
        Option<&[isize]>,
        Norm,
    ) -> cuprum::Result<cuprum::Array>,
) -> OpResult {
    cx.only_kwargs(&["s", "axes", "norm"])?;
    let s = cx.kw_shape("s")?;
    let ax = axes(cx)?;
    one(f(cx.array(0)?, s.as_deref(), ax.as_deref(), norm(cx)?))
}

fn freq(cx: &CaseCx<'_>, real: bool) -> OpResult {
    cx.only_kwargs(&["n", "d"])?;
    let n = cx
        .kw_usize("n")?
        .ok_or_else(|| CaseError::harness("fftfreq needs n"))?;
    let d = cx.kw_f64("d")?.unwrap_or(1.0);
    if real {
        one(fft::rfftfreq_on(n, d, cx.device))
    } else {
        one(fft::fftfreq_on(n, d, cx.device))
    }
}

fn shift(cx: &CaseCx<'_>, inverse: bool) -> OpResult {
    cx.only_kwargs(&["axes"])?;
    let ax = axes(cx)?;
    let a = cx.array(0)?;
    if inverse {
        one(fft::ifftshift(a, ax.as_deref()))
    } else {
        one(fft::fftshift(a, ax.as_deref()))
    }
}
