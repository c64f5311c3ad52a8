//! The `ndimage` area: `scipy.ndimage.*` cases through [`cuprum::scipy::ndimage`].

use super::OpResult;
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::scipy::ndimage as nd;
use cuprum::{Array, DType, Device};

/// Runs a `ndimage.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let name = op.strip_prefix("ndimage.")?;
    Some(run(name, cx))
}

type R<T> = Result<T, CaseError>;

fn mode(cx: &CaseCx<'_>, default: nd::Mode) -> R<nd::Mode> {
    match cx.kw_str("mode")? {
        None => Ok(default),
        Some(s) => Ok(nd::Mode::parse("ndimage", s)?),
    }
}

fn floats(cx: &CaseCx<'_>, k: &str) -> R<Option<Vec<f64>>> {
    match cx.kw(k) {
        None => Ok(None),
        Some(serde_json::Value::Array(a)) => a
            .iter()
            .map(|v| {
                v.as_f64()
                    .ok_or_else(|| CaseError::harness(format!("kwarg {k}: not a number")))
            })
            .collect::<R<Vec<f64>>>()
            .map(Some),
        Some(_) => Ok(cx.kw_f64(k)?.map(|v| vec![v])),
    }
}

fn filter_opts(cx: &CaseCx<'_>) -> R<nd::FilterOptions> {
    Ok(nd::FilterOptions {
        mode: mode(cx, nd::Mode::Reflect)?,
        cval: cx.kw_f64("cval")?.unwrap_or(0.0),
        origin: cx
            .kw_ints("origin")?
            .unwrap_or_default()
            .into_iter()
            .map(|v| v as isize)
            .collect(),
        output: cx.kw_dtype("output")?,
        axes: axes_kw(cx)?,
    })
}

/// SciPy's `axes` keyword (absent: every axis).
fn axes_kw(cx: &CaseCx<'_>) -> R<Vec<isize>> {
    Ok(cx
        .kw_ints("axes")?
        .unwrap_or_default()
        .into_iter()
        .map(|v| v as isize)
        .collect())
}

fn interp_opts(cx: &CaseCx<'_>) -> R<nd::InterpOptions> {
    Ok(nd::InterpOptions {
        order: cx.kw_usize("order")?.unwrap_or(3),
        mode: mode(cx, nd::Mode::Constant)?,
        cval: cx.kw_f64("cval")?.unwrap_or(0.0),
        prefilter: cx.kw_bool("prefilter")?.unwrap_or(true),
        output: cx.kw_dtype("output")?,
        grid_mode: cx.kw_bool("grid_mode")?.unwrap_or(false),
        reshape: cx.kw_bool("reshape")?.unwrap_or(true),
        axes: match cx.kw_ints("axes")? {
            Some(a) if a.len() == 2 => [a[0] as isize, a[1] as isize],
            Some(a) => return Err(CaseError::harness(format!("axes {a:?}"))),
            None => [1, 0],
        },
        output_shape: cx.kw_shape("output_shape")?,
    })
}

/// The `array_kwargs` input named `k`, if any (the last inputs, in order).
fn array_kw<'a>(cx: &'a CaseCx<'_>, k: &str) -> R<Option<&'a Array>> {
    let names: Vec<String> = match cx.kw("array_kwargs") {
        Some(serde_json::Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
        _ => vec![],
    };
    match names.iter().position(|n| n == k) {
        None => Ok(None),
        Some(p) => {
            let i = cx.n_inputs() - names.len() + p;
            Ok(Some(cx.array(i)?))
        }
    }
}

fn window(cx: &CaseCx<'_>) -> R<nd::Window> {
    if let Some(f) = array_kw(cx, "footprint")? {
        return Ok(nd::Window::Footprint(f.clone()));
    }
    match cx.kw_shape("size")? {
        Some(s) => Ok(nd::Window::Size(s)),
        None => Err(CaseError::harness(
            "a rank filter case needs size or footprint",
        )),
    }
}

fn index_of(cx: &CaseCx<'_>, i: usize) -> R<Option<Vec<i64>>> {
    if cx.n_inputs() <= i {
        return Ok(None);
    }
    Ok(Some(cx.array(i)?.astype(DType::Int64)?.to_vec::<i64>()?))
}

fn run(name: &str, cx: &CaseCx<'_>) -> OpResult {
    let x = cx.array(0)?;
    let f_common: &[&str] = &["mode", "cval", "origin", "output", "array_kwargs", "axes"];
    let one = |a: Array| -> OpResult { Ok(vec![a]) };
    match name {
        "correlate" | "convolve" => {
            cx.only_kwargs(f_common)?;
            let o = filter_opts(cx)?;
            let w = cx.array(1)?;
            one(if name == "correlate" {
                nd::correlate(x, w, &o)?
            } else {
                nd::convolve(x, w, &o)?
            })
        }
        "correlate1d" | "convolve1d" => {
            cx.only_kwargs(&["mode", "cval", "origin", "output", "axis"])?;
            let o = filter_opts(cx)?;
            let axis = cx.kw_i64("axis")?.unwrap_or(-1) as isize;
            let w = cx.array(1)?;
            one(if name == "correlate1d" {
                nd::correlate1d(x, w, axis, &o)?
            } else {
                nd::convolve1d(x, w, axis, &o)?
            })
        }
        "gaussian_filter"
        | "gaussian_filter1d"
        | "gaussian_laplace"
        | "gaussian_gradient_magnitude" => {
            cx.only_kwargs(&[
                "sigma", "order", "mode", "cval", "truncate", "radius", "output", "axis", "axes",
            ])?;
            let sigma = floats(cx, "sigma")?.ok_or_else(|| CaseError::harness("sigma missing"))?;
            let o = nd::GaussianOptions {
                order: cx.kw_shape("order")?.unwrap_or_default(),
                mode: mode(cx, nd::Mode::Reflect)?,
                cval: cx.kw_f64("cval")?.unwrap_or(0.0),
                truncate: cx.kw_f64("truncate")?.unwrap_or(4.0),
                radius: cx.kw_shape("radius")?.unwrap_or_default(),
                output: cx.kw_dtype("output")?,
                axes: axes_kw(cx)?,
            };
            one(match name {
                "gaussian_filter" => nd::gaussian_filter(x, &sigma, &o)?,
                "gaussian_filter1d" => nd::gaussian_filter1d(
                    x,
                    sigma[0],
                    cx.kw_i64("axis")?.unwrap_or(-1) as isize,
                    &o,
                )?,
                "gaussian_laplace" => nd::gaussian_laplace(x, &sigma, &o)?,
                _ => nd::gaussian_gradient_magnitude(x, &sigma, &o)?,
            })
        }
        "uniform_filter" | "uniform_filter1d" => {
            cx.only_kwargs(&["size", "mode", "cval", "origin", "output", "axis", "axes"])?;
            let o = filter_opts(cx)?;
            let size = cx.kw_shape("size")?.unwrap_or_else(|| vec![3]);
            one(if name == "uniform_filter" {
                nd::uniform_filter(x, &size, &o)?
            } else {
                nd::uniform_filter1d(x, size[0], cx.kw_i64("axis")?.unwrap_or(-1) as isize, &o)?
            })
        }
        "minimum_filter" | "maximum_filter" | "median_filter" | "grey_erosion"
        | "grey_dilation" | "percentile_filter" | "rank_filter" => {
            cx.only_kwargs(&[
                "size",
                "mode",
                "cval",
                "origin",
                "output",
                "array_kwargs",
                "percentile",
                "rank",
                "axes",
            ])?;
            let o = filter_opts(cx)?;
            let w = window(cx)?;
            one(match name {
                "minimum_filter" => nd::minimum_filter(x, &w, &o)?,
                "maximum_filter" => nd::maximum_filter(x, &w, &o)?,
                "median_filter" => nd::median_filter(x, &w, &o)?,
                "grey_erosion" => nd::grey_erosion(x, &w, &o)?,
                "grey_dilation" => nd::grey_dilation(x, &w, &o)?,
                "percentile_filter" => {
                    nd::percentile_filter(x, cx.kw_f64("percentile")?.unwrap_or(50.0), &w, &o)?
                }
                _ => nd::rank_filter(x, cx.kw_i64("rank")?.unwrap_or(0), &w, &o)?,
            })
        }
        "sobel" | "prewitt" => {
            cx.only_kwargs(&["axis", "mode", "cval", "output"])?;
            let o = filter_opts(cx)?;
            let axis = cx.kw_i64("axis")?.unwrap_or(-1) as isize;
            one(if name == "sobel" {
                nd::sobel(x, axis, &o)?
            } else {
                nd::prewitt(x, axis, &o)?
            })
        }
        "laplace" => {
            cx.only_kwargs(&["mode", "cval", "output"])?;
            one(nd::laplace(x, &filter_opts(cx)?)?)
        }
        "zoom" | "shift" | "rotate" | "affine_transform" | "map_coordinates" => {
            cx.only_kwargs(&[
                "zoom",
                "shift",
                "angle",
                "order",
                "mode",
                "cval",
                "prefilter",
                "output",
                "grid_mode",
                "reshape",
                "axes",
                "offset",
                "output_shape",
            ])?;
            let o = interp_opts(cx)?;
            one(match name {
                "zoom" => nd::zoom(
                    x,
                    &floats(cx, "zoom")?.ok_or_else(|| CaseError::harness("zoom missing"))?,
                    &o,
                )?,
                "shift" => nd::shift(
                    x,
                    &floats(cx, "shift")?.ok_or_else(|| CaseError::harness("shift missing"))?,
                    &o,
                )?,
                "rotate" => nd::rotate(x, cx.kw_f64("angle")?.unwrap_or(0.0), &o)?,
                "affine_transform" => nd::affine_transform(
                    x,
                    cx.array(1)?,
                    &floats(cx, "offset")?.unwrap_or_default(),
                    &o,
                )?,
                _ => nd::map_coordinates(x, cx.array(1)?, &o)?,
            })
        }
        "spline_filter" | "spline_filter1d" => {
            cx.only_kwargs(&["order", "mode", "output", "axis"])?;
            let o = nd::SplineOptions {
                order: cx.kw_usize("order")?.unwrap_or(3),
                mode: mode(cx, nd::Mode::Mirror)?,
                output: cx.kw_dtype("output")?.unwrap_or(DType::Float64),
            };
            one(if name == "spline_filter" {
                nd::spline_filter(x, &o)?
            } else {
                nd::spline_filter1d(x, cx.kw_i64("axis")?.unwrap_or(-1) as isize, &o)?
            })
        }
        "binary_erosion" | "binary_dilation" | "binary_opening" | "binary_closing" => {
            cx.only_kwargs(&[
                "iterations",
                "border_value",
                "origin",
                "array_kwargs",
                "axes",
            ])?;
            let o = nd::MorphOptions {
                structure: array_kw(cx, "structure")?.cloned(),
                iterations: cx.kw_i64("iterations")?.unwrap_or(1),
                border_value: cx
                    .kw_i64("border_value")?
                    .map(|v| v != 0)
                    .or(cx.kw_bool("border_value").ok().flatten())
                    .unwrap_or(false),
                origin: cx
                    .kw_ints("origin")?
                    .unwrap_or_default()
                    .into_iter()
                    .map(|v| v as isize)
                    .collect(),
                axes: axes_kw(cx)?,
            };
            one(match name {
                "binary_erosion" => nd::binary_erosion(x, &o)?,
                "binary_dilation" => nd::binary_dilation(x, &o)?,
                "binary_opening" => nd::binary_opening(x, &o)?,
                _ => nd::binary_closing(x, &o)?,
            })
        }
        "binary_fill_holes" => {
            cx.only_kwargs(&["array_kwargs"])?;
            one(nd::binary_fill_holes(x, array_kw(cx, "structure")?)?)
        }
        "label" => {
            cx.only_kwargs(&["array_kwargs"])?;
            let (l, n) = nd::label(x, array_kw(cx, "structure")?)?;
            Ok(vec![
                l,
                Array::from_vec_on(vec![n as i64], Vec::<usize>::new(), cx.device)?,
            ])
        }
        "find_objects" => {
            cx.only_kwargs(&["max_label"])?;
            let objs = nd::find_objects(x, cx.kw_usize("max_label")?.unwrap_or(0))?;
            let ndim = x.ndim();
            let mut v = Vec::new();
            for o in &objs {
                match o {
                    Some(r) => r.iter().for_each(|&(a, b)| v.extend([a as i64, b as i64])),
                    None => v.extend(std::iter::repeat_n(-1i64, 2 * ndim)),
                }
            }
            one(Array::from_vec_on(
                v,
                vec![objs.len(), ndim, 2],
                Device::Cpu,
            )?)
        }
        "sum_labels" | "mean" | "variance" | "standard_deviation" | "minimum" | "maximum"
        | "center_of_mass" => {
            cx.only_kwargs(&[])?;
            let labels = if cx.n_inputs() > 1 {
                Some(cx.array(1)?)
            } else {
                None
            };
            let index = index_of(cx, 2)?;
            let idx = index.as_deref();
            one(match name {
                "sum_labels" => nd::sum_labels(x, labels, idx)?,
                "mean" => nd::mean(x, labels, idx)?,
                "variance" => nd::variance(x, labels, idx)?,
                "standard_deviation" => nd::standard_deviation(x, labels, idx)?,
                "minimum" => nd::minimum(x, labels, idx)?,
                "maximum" => nd::maximum(x, labels, idx)?,
                _ => nd::center_of_mass(x, labels, idx)?,
            })
        }
        "distance_transform_edt" => {
            cx.only_kwargs(&["sampling"])?;
            one(nd::distance_transform_edt(
                x,
                &floats(cx, "sampling")?.unwrap_or_default(),
            )?)
        }
        "fourier_gaussian" | "fourier_shift" | "fourier_uniform" | "fourier_ellipsoid" => {
            cx.only_kwargs(&["sigma", "shift", "size", "n", "axis"])?;
            let o = nd::FourierOptions {
                n: cx.kw_i64("n")?.unwrap_or(-1) as isize,
                axis: cx.kw_i64("axis")?.unwrap_or(-1) as isize,
            };
            one(match name {
                "fourier_gaussian" => {
                    nd::fourier_gaussian(x, &floats(cx, "sigma")?.unwrap_or_default(), &o)?
                }
                "fourier_uniform" => {
                    nd::fourier_uniform(x, &floats(cx, "size")?.unwrap_or_default(), &o)?
                }
                "fourier_ellipsoid" => {
                    nd::fourier_ellipsoid(x, &floats(cx, "size")?.unwrap_or_default(), &o)?
                }
                _ => nd::fourier_shift(x, &floats(cx, "shift")?.unwrap_or_default(), &o)?,
            })
        }
        other => Err(CaseError::unsupported(format!(
            "no ndimage arm for {other}"
        ))),
    }
}
