//! `ndimage.*`: SciPy's multidimensional image processing through [`crate::scipy::ndimage`],
//! by SciPy's names and signatures (`ndimage.gaussian_filter(input, sigma, order=0,
//! output=None, mode='reflect', ...)`). `output` is a dtype name (an output array is
//! [`crate::scipy::ndimage::write_output`]'s business); `label` returns the labels and their
//! count; `extrema` its four results. Not listed: the functions that take a Python callable
//! (`generic_filter`, `generic_filter1d`, `generic_gradient_magnitude`, `generic_laplace`,
//! `geometric_transform`, `labeled_comprehension`, `vectorized_filter`: Rust closures in
//! cuprum), `find_objects` (a list of slice tuples) and `value_indices` (a dict).

use super::{Args, Entry, Value, e, one, two};
use crate::scipy::ndimage as nd;
use crate::{Error, Result};

fn mode(a: &Args<'_>) -> Result<nd::Mode> {
    nd::Mode::parse(a.op(), a.str("mode")?)
}

fn isizes(a: &Args<'_>, name: &str) -> Result<Vec<isize>> {
    Ok(a.ints(name)?.into_iter().map(|v| v as isize).collect())
}

fn usizes(a: &Args<'_>, name: &str) -> Result<Vec<usize>> {
    a.ints(name)?
        .into_iter()
        .map(|v| {
            usize::try_from(v)
                .map_err(|_| Error::bad_argument(a.op(), "size", v, "non-negative integers"))
        })
        .collect()
}

/// `axes=None` is every axis.
fn axes(a: &Args<'_>) -> Result<Vec<isize>> {
    Ok(a.opt_axes("axes")?.unwrap_or_default())
}

/// `output`, `mode`, `cval`, `origin` and `axes` (where the signature has them).
fn filter_opts(a: &Args<'_>) -> Result<nd::FilterOptions> {
    let has = |k: &str| a.signature().contains(k);
    Ok(nd::FilterOptions {
        mode: mode(a)?,
        cval: a.float("cval")?,
        origin: if has("origin=") {
            isizes(a, "origin")?
        } else {
            Vec::new()
        },
        output: a.dtype("output")?,
        axes: if has("axes=") { axes(a)? } else { Vec::new() },
    })
}

fn gaussian_opts(a: &Args<'_>) -> Result<nd::GaussianOptions> {
    let has = |k: &str| a.signature().contains(k);
    Ok(nd::GaussianOptions {
        order: if has("order=") {
            usizes(a, "order")?
        } else {
            Vec::new()
        },
        mode: mode(a)?,
        cval: a.float("cval")?,
        truncate: a.float("truncate")?,
        radius: a
            .opt_ints("radius")?
            .unwrap_or_default()
            .into_iter()
            .map(|v| v.max(0) as usize)
            .collect(),
        output: a.dtype("output")?,
        axes: if has("axes=") { axes(a)? } else { Vec::new() },
    })
}

fn interp_opts(a: &Args<'_>) -> Result<nd::InterpOptions> {
    let has = |k: &str| a.signature().contains(k);
    let mut o = nd::InterpOptions {
        order: a.usize("order")?,
        mode: mode(a)?,
        cval: a.float("cval")?,
        prefilter: a.bool("prefilter")?,
        output: a.dtype("output")?,
        ..nd::InterpOptions::default()
    };
    if has("grid_mode=") {
        o.grid_mode = a.bool("grid_mode")?;
    }
    if has("reshape=") {
        o.reshape = a.bool("reshape")?;
    }
    if has("axes=") {
        let v = a.axes("axes")?;
        o.axes = match v[..] {
            [p, q] => [p, q],
            _ => {
                return Err(Error::bad_shape(
                    a.op(),
                    "axes",
                    &[v.len()],
                    "two axes (the plane of rotation)",
                ));
            }
        };
    }
    if has("output_shape=") {
        o.output_shape = a.opt_shape("output_shape")?;
    }
    Ok(o)
}

fn spline_opts(a: &Args<'_>) -> Result<nd::SplineOptions> {
    Ok(nd::SplineOptions {
        order: a.usize("order")?,
        mode: mode(a)?,
        output: a.dtype("output")?.unwrap_or(crate::DType::Float64),
    })
}

fn morph_opts(a: &Args<'_>) -> Result<nd::MorphOptions> {
    let has = |k: &str| a.signature().contains(k);
    let mask = if has("mask=") && !a.op().ends_with("propagation") {
        a.opt_array("mask")?
    } else {
        None
    };
    let border_value = match a.get("border_value") {
        Value::Bool(b) => *b,
        _ => a.int("border_value")? != 0,
    };
    Ok(nd::MorphOptions {
        structure: a.opt_array("structure")?,
        iterations: if has("iterations=") {
            a.int("iterations")?
        } else {
            1
        },
        border_value,
        origin: isizes(a, "origin")?,
        axes: axes(a)?,
        mask,
    })
}

/// `size=None, footprint=None` (and grey morphology's non-flat `structure=None`, alone or
/// with a footprint).
fn window(a: &Args<'_>) -> Result<nd::Window> {
    if a.signature().contains("structure=") && !a.is_none("structure") {
        let structure = a.array("structure")?;
        return Ok(match a.opt_array("footprint")? {
            Some(footprint) => nd::Window::MaskedStructure {
                structure,
                footprint,
            },
            None => nd::Window::Structure(structure),
        });
    }
    if let Some(f) = a.opt_array("footprint")? {
        return Ok(nd::Window::Footprint(f));
    }
    if a.is_none("size") {
        return Err(Error::bad_argument(
            a.op(),
            "size",
            "None",
            "size or footprint",
        ));
    }
    Ok(nd::Window::Size(usizes(a, "size")?))
}

/// `labels=None, index=None` of the measurement functions.
fn labels_index(a: &Args<'_>) -> Result<(Option<crate::Array>, Option<Vec<i64>>)> {
    Ok((a.opt_array("labels")?, a.opt_ints("index")?))
}

/// A list of floats, `None` as empty.
fn opt_floats(a: &Args<'_>, name: &str) -> Result<Vec<f64>> {
    if a.is_none(name) {
        return Ok(Vec::new());
    }
    a.floats(name)
}

/// Refuses `return_indices=True` (cuprum returns the distances only).
fn distances_only(a: &Args<'_>) -> Result<()> {
    if a.bool("return_indices")? || !a.bool("return_distances")? {
        return Err(a.unsupported("return_indices"));
    }
    for k in ["distances", "indices"] {
        if !a.is_none(k) {
            return Err(a.unsupported(k));
        }
    }
    Ok(())
}

fn fourier_opts(a: &Args<'_>) -> Result<nd::FourierOptions> {
    if !a.is_none("output") {
        return Err(a.unsupported("output"));
    }
    Ok(nd::FourierOptions {
        n: a.isize("n")?,
        axis: a.isize("axis")?,
    })
}

macro_rules! filt {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(
            &a.array("input")?,
            &a.array("weights")?,
            &filter_opts(a)?
        )))
    };
}
macro_rules! filt1d {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(
            &a.array("input")?,
            &a.array("weights")?,
            a.isize("axis")?,
            &filter_opts(a)?
        )))
    };
}
macro_rules! rank {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(
            &a.array("input")?,
            &window(a)?,
            &filter_opts(a)?
        )))
    };
}
macro_rules! rank1d {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(
            &a.array("input")?,
            a.usize("size")?,
            a.isize("axis")?,
            &filter_opts(a)?
        )))
    };
}
macro_rules! gauss {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(
            &a.array("input")?,
            &a.floats("sigma")?,
            &gaussian_opts(a)?
        )))
    };
}
macro_rules! deriv {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(
            &a.array("input")?,
            a.isize("axis")?,
            &filter_opts(a)?
        )))
    };
}
macro_rules! morph {
    ($sig:literal, $f:path) => {
        e!($sig, |a| one($f(&a.array("input")?, &morph_opts(a)?)))
    };
}
macro_rules! measure {
    ($sig:literal, $f:path) => {
        e!($sig, |a| {
            let (labels, index) = labels_index(a)?;
            one($f(&a.array("input")?, labels.as_ref(), index.as_deref()))
        })
    };
}
macro_rules! fourier {
    ($sig:literal, $arg:literal, $f:path) => {
        e!($sig, |a| one($f(
            &a.array("input")?,
            &a.floats($arg)?,
            &fourier_opts(a)?
        )))
    };
}

pub(super) static ENTRIES: &[Entry] = &[
    filt!(
        "ndimage.correlate(input, weights, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::correlate
    ),
    filt!(
        "ndimage.convolve(input, weights, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::convolve
    ),
    filt1d!(
        "ndimage.correlate1d(input, weights, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
        nd::correlate1d
    ),
    filt1d!(
        "ndimage.convolve1d(input, weights, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
        nd::convolve1d
    ),
    gauss!(
        "ndimage.gaussian_filter(input, sigma, order=0, output=None, mode='reflect', cval=0.0, truncate=4.0, *, radius=None, axes=None)",
        nd::gaussian_filter
    ),
    e!(
        "ndimage.gaussian_filter1d(input, sigma, axis=-1, order=0, output=None, mode='reflect', cval=0.0, truncate=4.0, *, radius=None)",
        |a| one(nd::gaussian_filter1d(
            &a.array("input")?,
            a.float("sigma")?,
            a.isize("axis")?,
            &gaussian_opts(a)?
        ))
    ),
    gauss!(
        "ndimage.gaussian_laplace(input, sigma, output=None, mode='reflect', cval=0.0, *, axes=None, truncate=4.0, radius=None)",
        nd::gaussian_laplace
    ),
    gauss!(
        "ndimage.gaussian_gradient_magnitude(input, sigma, output=None, mode='reflect', cval=0.0, *, axes=None, truncate=4.0, radius=None)",
        nd::gaussian_gradient_magnitude
    ),
    e!(
        "ndimage.uniform_filter(input, size=3, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        |a| one(nd::uniform_filter(
            &a.array("input")?,
            &usizes(a, "size")?,
            &filter_opts(a)?
        ))
    ),
    rank1d!(
        "ndimage.uniform_filter1d(input, size, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
        nd::uniform_filter1d
    ),
    rank1d!(
        "ndimage.minimum_filter1d(input, size, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
        nd::minimum_filter1d
    ),
    rank1d!(
        "ndimage.maximum_filter1d(input, size, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
        nd::maximum_filter1d
    ),
    rank!(
        "ndimage.minimum_filter(input, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::minimum_filter
    ),
    rank!(
        "ndimage.maximum_filter(input, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::maximum_filter
    ),
    rank!(
        "ndimage.median_filter(input, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::median_filter
    ),
    e!(
        "ndimage.percentile_filter(input, percentile, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        |a| one(nd::percentile_filter(
            &a.array("input")?,
            a.float("percentile")?,
            &window(a)?,
            &filter_opts(a)?
        ))
    ),
    e!(
        "ndimage.rank_filter(input, rank, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        |a| one(nd::rank_filter(
            &a.array("input")?,
            a.int("rank")?,
            &window(a)?,
            &filter_opts(a)?
        ))
    ),
    rank!(
        "ndimage.grey_erosion(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::grey_erosion
    ),
    rank!(
        "ndimage.grey_dilation(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::grey_dilation
    ),
    rank!(
        "ndimage.grey_opening(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::grey_opening
    ),
    rank!(
        "ndimage.grey_closing(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::grey_closing
    ),
    rank!(
        "ndimage.morphological_gradient(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::morphological_gradient
    ),
    rank!(
        "ndimage.morphological_laplace(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::morphological_laplace
    ),
    rank!(
        "ndimage.white_tophat(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::white_tophat
    ),
    rank!(
        "ndimage.black_tophat(input, size=None, footprint=None, structure=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
        nd::black_tophat
    ),
    deriv!(
        "ndimage.sobel(input, axis=-1, output=None, mode='reflect', cval=0.0)",
        nd::sobel
    ),
    deriv!(
        "ndimage.prewitt(input, axis=-1, output=None, mode='reflect', cval=0.0)",
        nd::prewitt
    ),
    e!(
        "ndimage.laplace(input, output=None, mode='reflect', cval=0.0, *, axes=None)",
        |a| one(nd::laplace(&a.array("input")?, &filter_opts(a)?))
    ),
    e!(
        "ndimage.zoom(input, zoom, output=None, order=3, mode='constant', cval=0.0, prefilter=True, *, grid_mode=False)",
        |a| one(nd::zoom(
            &a.array("input")?,
            &a.floats("zoom")?,
            &interp_opts(a)?
        ))
    ),
    e!(
        "ndimage.shift(input, shift, output=None, order=3, mode='constant', cval=0.0, prefilter=True)",
        |a| one(nd::shift(
            &a.array("input")?,
            &a.floats("shift")?,
            &interp_opts(a)?
        ))
    ),
    e!(
        "ndimage.rotate(input, angle, axes=(1, 0), reshape=True, output=None, order=3, mode='constant', cval=0.0, prefilter=True)",
        |a| one(nd::rotate(
            &a.array("input")?,
            a.float("angle")?,
            &interp_opts(a)?
        ))
    ),
    e!(
        "ndimage.affine_transform(input, matrix, offset=0.0, output_shape=None, output=None, order=3, mode='constant', cval=0.0, prefilter=True)",
        |a| one(nd::affine_transform(
            &a.array("input")?,
            &a.array("matrix")?,
            &a.floats("offset")?,
            &interp_opts(a)?
        ))
    ),
    e!(
        "ndimage.map_coordinates(input, coordinates, output=None, order=3, mode='constant', cval=0.0, prefilter=True)",
        |a| one(nd::map_coordinates(
            &a.array("input")?,
            &a.array("coordinates")?,
            &interp_opts(a)?
        ))
    ),
    e!(
        "ndimage.spline_filter(input, order=3, output='float64', mode='mirror')",
        |a| one(nd::spline_filter(&a.array("input")?, &spline_opts(a)?))
    ),
    e!(
        "ndimage.spline_filter1d(input, order=3, axis=-1, output='float64', mode='mirror')",
        |a| one(nd::spline_filter1d(
            &a.array("input")?,
            a.isize("axis")?,
            &spline_opts(a)?
        ))
    ),
    morph!(
        "ndimage.binary_erosion(input, structure=None, iterations=1, mask=None, output=None, border_value=0, origin=0, brute_force=False, *, axes=None)",
        nd::binary_erosion
    ),
    morph!(
        "ndimage.binary_dilation(input, structure=None, iterations=1, mask=None, output=None, border_value=0, origin=0, brute_force=False, *, axes=None)",
        nd::binary_dilation
    ),
    morph!(
        "ndimage.binary_opening(input, structure=None, iterations=1, output=None, origin=0, mask=None, border_value=0, brute_force=False, *, axes=None)",
        nd::binary_opening
    ),
    morph!(
        "ndimage.binary_closing(input, structure=None, iterations=1, output=None, origin=0, mask=None, border_value=0, brute_force=False, *, axes=None)",
        nd::binary_closing
    ),
    e!(
        "ndimage.binary_propagation(input, structure=None, mask=None, output=None, border_value=0, origin=0, *, axes=None)",
        |a| one(nd::binary_propagation(
            &a.array("input")?,
            a.opt_array("mask")?.as_ref(),
            &morph_opts(a)?
        ))
    ),
    e!(
        "ndimage.binary_fill_holes(input, structure=None, output=None, origin=0, *, axes=None)",
        |a| {
            if !a.is_none("axes") {
                return Err(a.unsupported("axes"));
            }
            if a.ints("origin")?.iter().any(|&o| o != 0) {
                return Err(a.unsupported("origin"));
            }
            one(nd::binary_fill_holes(
                &a.array("input")?,
                a.opt_array("structure")?.as_ref(),
            ))
        }
    ),
    e!(
        "ndimage.binary_hit_or_miss(input, structure1=None, structure2=None, output=None, origin1=0, origin2=None, *, axes=None)",
        |a| {
            let opts = nd::HitOrMissOptions {
                origin1: isizes(a, "origin1")?,
                origin2: if a.is_none("origin2") {
                    None
                } else {
                    Some(isizes(a, "origin2")?)
                },
                axes: axes(a)?,
            };
            one(nd::binary_hit_or_miss(
                &a.array("input")?,
                a.opt_array("structure1")?.as_ref(),
                a.opt_array("structure2")?.as_ref(),
                &opts,
            ))
        }
    ),
    e!(
        "ndimage.generate_binary_structure(rank, connectivity)",
        |a| one(nd::generate_binary_structure(
            a.usize("rank")?,
            a.usize("connectivity")?
        ))
    ),
    e!(
        "ndimage.iterate_structure(structure, iterations, origin=None)",
        |a| {
            if !a.is_none("origin") {
                return Err(a.unsupported("origin"));
            }
            one(nd::iterate_structure(
                &a.array("structure")?,
                a.usize("iterations")?,
            ))
        }
    ),
    e!("ndimage.label(input, structure=None, output=None)", |a| {
        if !a.is_none("output") {
            return Err(a.unsupported("output"));
        }
        let (l, n) = nd::label(&a.array("input")?, a.opt_array("structure")?.as_ref())?;
        Ok(vec![Value::Array(l), Value::Int(n as i64)])
    }),
    e!(
        "ndimage.watershed_ift(input, markers, structure=None, output=None)",
        |a| {
            if !a.is_none("output") {
                return Err(a.unsupported("output"));
            }
            one(nd::watershed_ift(
                &a.array("input")?,
                &a.array("markers")?,
                a.opt_array("structure")?.as_ref(),
            ))
        }
    ),
    measure!(
        "ndimage.sum_labels(input, labels=None, index=None)",
        nd::sum_labels
    ),
    measure!(
        "ndimage.sum(input, labels=None, index=None)",
        nd::sum_labels
    ),
    measure!("ndimage.mean(input, labels=None, index=None)", nd::mean),
    measure!(
        "ndimage.variance(input, labels=None, index=None)",
        nd::variance
    ),
    measure!(
        "ndimage.standard_deviation(input, labels=None, index=None)",
        nd::standard_deviation
    ),
    measure!(
        "ndimage.minimum(input, labels=None, index=None)",
        nd::minimum
    ),
    measure!(
        "ndimage.maximum(input, labels=None, index=None)",
        nd::maximum
    ),
    measure!("ndimage.median(input, labels=None, index=None)", nd::median),
    measure!(
        "ndimage.center_of_mass(input, labels=None, index=None)",
        nd::center_of_mass
    ),
    measure!(
        "ndimage.minimum_position(input, labels=None, index=None)",
        nd::minimum_position
    ),
    measure!(
        "ndimage.maximum_position(input, labels=None, index=None)",
        nd::maximum_position
    ),
    e!("ndimage.extrema(input, labels=None, index=None)", |a| {
        let (labels, index) = labels_index(a)?;
        let (p, q, r, s) = nd::extrema(&a.array("input")?, labels.as_ref(), index.as_deref())?;
        Ok(vec![
            Value::Array(p),
            Value::Array(q),
            Value::Array(r),
            Value::Array(s),
        ])
    }),
    e!(
        "ndimage.histogram(input, min, max, bins, labels=None, index=None)",
        |a| {
            let (labels, index) = labels_index(a)?;
            one(nd::histogram(
                &a.array("input")?,
                a.float("min")?,
                a.float("max")?,
                a.usize("bins")?,
                labels.as_ref(),
                index.as_deref(),
            ))
        }
    ),
    e!(
        "ndimage.distance_transform_edt(input, sampling=None, return_distances=True, return_indices=False, distances=None, indices=None)",
        |a| {
            for k in ["distances", "indices"] {
                if !a.is_none(k) {
                    return Err(a.unsupported(k));
                }
            }
            let (input, sampling) = (a.array("input")?, opt_floats(a, "sampling")?);
            match (a.bool("return_distances")?, a.bool("return_indices")?) {
                (true, false) => one(nd::distance_transform_edt(&input, &sampling)),
                (true, true) => two(nd::distance_transform_edt_indices(&input, &sampling)),
                (false, true) => {
                    one(nd::distance_transform_edt_indices(&input, &sampling).map(|r| r.1))
                }
                (false, false) => Err(Error::bad_argument(
                    a.op(),
                    "return_distances",
                    false,
                    "at least one of return_distances and return_indices true (SciPy's RuntimeError)",
                )),
            }
        }
    ),
    e!(
        "ndimage.distance_transform_cdt(input, metric='chessboard', return_distances=True, return_indices=False, distances=None, indices=None)",
        |a| {
            distances_only(a)?;
            one(nd::distance_transform_cdt(
                &a.array("input")?,
                a.str("metric")?,
            ))
        }
    ),
    e!(
        "ndimage.distance_transform_bf(input, metric='euclidean', sampling=None, return_distances=True, return_indices=False, distances=None, indices=None)",
        |a| {
            distances_only(a)?;
            one(nd::distance_transform_bf(
                &a.array("input")?,
                a.str("metric")?,
                &opt_floats(a, "sampling")?,
            ))
        }
    ),
    fourier!(
        "ndimage.fourier_gaussian(input, sigma, n=-1, axis=-1, output=None)",
        "sigma",
        nd::fourier_gaussian
    ),
    fourier!(
        "ndimage.fourier_uniform(input, size, n=-1, axis=-1, output=None)",
        "size",
        nd::fourier_uniform
    ),
    fourier!(
        "ndimage.fourier_ellipsoid(input, size, n=-1, axis=-1, output=None)",
        "size",
        nd::fourier_ellipsoid
    ),
    fourier!(
        "ndimage.fourier_shift(input, shift, n=-1, axis=-1, output=None)",
        "shift",
        nd::fourier_shift
    ),
];
