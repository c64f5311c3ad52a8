//! The `interpolate` area: `scipy.interpolate.*` cases through [`cuprum::scipy::interpolate`].
//! An interpolator class is one op: constructed from every input but the last, evaluated at
//! the last (`nu`/`der` are evaluation arguments).

use super::OpResult;
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::scipy::interpolate as si;

/// Runs a `interpolate.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let name = op.strip_prefix("interpolate.")?;
    Some(run(name, cx))
}

fn grid_opts(cx: &CaseCx<'_>) -> Result<si::GridOptions, CaseError> {
    let mut o = si::GridOptions::default();
    if let Some(m) = cx.kw_str("method")? {
        o.method = si::GridMethod::from_name(m)?;
    }
    if let Some(b) = cx.kw_bool("bounds_error")? {
        o.bounds_error = b;
    }
    // `fill_value: null` is None (extrapolate); absent is NaN
    if let Some(v) = cx.case.kwargs.get("fill_value") {
        o.fill_value = if v.is_null() {
            None
        } else {
            cx.kw_f64("fill_value")?
        };
    }
    Ok(o)
}

fn run(name: &str, cx: &CaseCx<'_>) -> OpResult {
    let n = cx.n_inputs();
    let last = cx.array(n.saturating_sub(1))?;
    let nu = cx.kw_usize("nu")?.unwrap_or(0);
    Ok(match name {
        "interp1d" => {
            cx.only_kwargs(&[
                "kind",
                "bounds_error",
                "fill_value",
                "axis",
                "assume_sorted",
            ])?;
            let mut o = si::Interp1dOptions::default();
            if let Some(k) = cx.kw_str("kind")? {
                o.kind = si::Interp1dKind::from_name(k)?;
            }
            o.bounds_error = cx.kw_bool("bounds_error")?;
            if let Some(v) = cx.kw("fill_value") {
                o.fill_value = if v.as_str() == Some("extrapolate") {
                    si::FillValue::Extrapolate
                } else {
                    si::FillValue::Value(cx.kw_f64("fill_value")?.unwrap_or(f64::NAN))
                };
            }
            if let Some(a) = cx.kw_i64("axis")? {
                o.axis = a as isize;
            }
            o.assume_sorted = cx.kw_bool("assume_sorted")?.unwrap_or(false);
            vec![si::interp1d(cx.array(0)?, cx.array(1)?, o)?.call(last)?]
        }
        "CubicSpline" => {
            cx.only_kwargs(&["bc_type", "nu", "axis"])?;
            let mut o = si::CubicSplineOptions::default();
            if let Some(b) = cx.kw_str("bc_type")? {
                o.bc_type = si::BcType::from_name(b)?;
            }
            if let Some(a) = cx.kw_i64("axis")? {
                o.axis = a as isize;
            }
            vec![si::CubicSpline::new(cx.array(0)?, cx.array(1)?, o)?.call(last, nu)?]
        }
        "PchipInterpolator" => {
            cx.only_kwargs(&["nu"])?;
            vec![
                si::PchipInterpolator::new(cx.array(0)?, cx.array(1)?, 0, si::Extrapolate::Yes)?
                    .call(last, nu)?,
            ]
        }
        "Akima1DInterpolator" => {
            cx.only_kwargs(&["method", "nu"])?;
            let m = match cx.kw_str("method")? {
                None | Some("akima") => si::AkimaMethod::Akima,
                Some("makima") => si::AkimaMethod::Makima,
                Some(o) => return Err(CaseError::harness(format!("Akima method {o}"))),
            };
            vec![
                si::Akima1DInterpolator::new(cx.array(0)?, cx.array(1)?, 0, m, None)?
                    .call(last, nu)?,
            ]
        }
        "make_interp_spline" => {
            cx.only_kwargs(&["k", "nu"])?;
            let k = cx.kw_usize("k")?.unwrap_or(3);
            vec![
                si::make_interp_spline(cx.array(0)?, cx.array(1)?, k, si::SplineBc::NotAKnot, 0)?
                    .call(last, nu)?,
            ]
        }
        "BSpline" => {
            cx.only_kwargs(&["k", "extrapolate", "nu"])?;
            let k = cx
                .kw_usize("k")?
                .ok_or_else(|| CaseError::harness("BSpline needs k"))?;
            let e = match cx.kw_bool("extrapolate")? {
                Some(false) => si::Extrapolate::No,
                _ => si::Extrapolate::Yes,
            };
            vec![si::BSpline::new(cx.array(0)?, cx.array(1)?, k, e, 0)?.call(last, nu)?]
        }
        "splrep" => {
            cx.only_kwargs(&["k", "s", "der"])?;
            let o = si::SplrepOptions {
                k: cx.kw_usize("k")?.unwrap_or(3),
                s: cx.kw_f64("s")?,
            };
            let tck = si::splrep(cx.array(0)?, cx.array(1)?, o)?;
            let der = cx.kw_usize("der")?.unwrap_or(0);
            vec![si::splev(last, &tck, der, si::SplevExt::Extrapolate)?]
        }
        "RegularGridInterpolator" | "interpn" => {
            cx.only_kwargs(&["method", "bounds_error", "fill_value"])?;
            let o = grid_opts(cx)?;
            let pts: Vec<&cuprum::Array> = (0..n.saturating_sub(2))
                .map(|i| cx.array(i))
                .collect::<Result<_, _>>()?;
            let values = cx.array(n.saturating_sub(2))?;
            vec![si::interpn(&pts, values, last, o)?]
        }
        "krogh_interpolate" => {
            cx.only_kwargs(&["der"])?;
            let der = cx.kw_usize("der")?.unwrap_or(0);
            vec![si::krogh_interpolate(
                cx.array(0)?,
                cx.array(1)?,
                last,
                der,
                0,
            )?]
        }
        "barycentric_interpolate" => {
            cx.only_kwargs(&[])?;
            vec![si::barycentric_interpolate(
                cx.array(0)?,
                cx.array(1)?,
                last,
                0,
            )?]
        }
        "RBFInterpolator" => {
            cx.only_kwargs(&["kernel", "smoothing", "epsilon", "degree", "neighbors"])?;
            let mut o = si::RbfOptions::default();
            if let Some(k) = cx.kw_str("kernel")? {
                o.kernel = si::RbfKernel::from_name(k)?;
            }
            o.smoothing = cx.kw_f64("smoothing")?.unwrap_or(0.0);
            o.epsilon = cx.kw_f64("epsilon")?;
            o.degree = cx.kw_i64("degree")?;
            o.neighbors = cx.kw_usize("neighbors")?;
            vec![si::RBFInterpolator::new(cx.array(0)?, cx.array(1)?, o)?.call(last)?]
        }
        o => {
            return Err(CaseError::unsupported(format!(
                "no interpolate arm for {o}"
            )));
        }
    })
}
