//! # cuprum-ndimage
//!
//! `scipy.ndimage` (`cupyx.scipy.ndimage`) for cuprum arrays, on the CPU and on CUDA devices: SciPy's names, argument names,
//! defaults and dtype rules. The facade exposes it as `cuprum::scipy::ndimage`.
//!
//! - **Filters** ([`filters`], [`rank`]): [`correlate`], [`convolve`], [`correlate1d`],
//!   [`convolve1d`], [`uniform_filter`], [`uniform_filter1d`], [`gaussian_filter`],
//!   [`gaussian_filter1d`], [`gaussian_laplace`], [`gaussian_gradient_magnitude`], [`sobel`],
//!   [`prewitt`], [`laplace`], [`minimum_filter`], [`maximum_filter`], [`minimum_filter1d`],
//!   [`maximum_filter1d`], [`median_filter`], [`percentile_filter`], [`rank_filter`].
//! - **Interpolation** ([`interpolation`]): [`spline_filter`], [`spline_filter1d`],
//!   [`map_coordinates`], [`affine_transform`], [`zoom`], [`shift`], [`rotate`],
//!   [`geometric_transform`] (a Rust closure mapping).
//! - **Morphology** ([`morphology`]): [`generate_binary_structure`], [`iterate_structure`],
//!   [`binary_erosion`], [`binary_dilation`], [`binary_opening`], [`binary_closing`],
//!   [`binary_fill_holes`], [`binary_propagation`], [`binary_hit_or_miss`], [`grey_erosion`],
//!   [`grey_dilation`], [`grey_opening`], [`grey_closing`], [`white_tophat`], [`black_tophat`],
//!   [`morphological_gradient`], [`morphological_laplace`].
//! - **Measurements** ([`measurements`]): [`label`], [`find_objects`], [`sum_labels`], [`mean`],
//!   [`variance`], [`standard_deviation`], [`minimum`], [`maximum`], [`center_of_mass`],
//!   [`minimum_position`], [`maximum_position`], [`extrema`], [`median`], [`histogram`],
//!   [`value_indices`]; [`labeled_comprehension`] (a Rust closure, on the CPU).
//! - **Segmentation** ([`watershed`]): [`watershed_ift`].
//! - **Distance transforms** ([`distance`]): [`distance_transform_edt`] (and
//!   [`distance_transform_edt_indices`] for SciPy's `return_indices`),
//!   [`distance_transform_cdt`], [`distance_transform_bf`].
//! - **User functions** ([`generic`]): [`generic_laplace`], [`generic_gradient_magnitude`];
//!   Rust closures on the CPU: [`generic_filter`], [`generic_filter1d`]; on every device,
//!   a closure over all windows at once: [`vectorized_filter`] ([`vectorized`]).
//! - **Fourier filters** ([`fourier`]): [`fourier_gaussian`], [`fourier_uniform`],
//!   [`fourier_ellipsoid`], [`fourier_shift`].
//!
//! SciPy's `output=` argument: a dtype is each function's `output` option; an array is that
//! option plus [`write_output`] ([`output`]). SciPy's `axes` is the `axes` field of
//! [`FilterOptions`], [`GaussianOptions`] and [`MorphOptions`], and an argument of
//! [`vectorized_filter`].
//!
//! Every computation runs on the input's device: the CPU in `f64` with rayon, CUDA with the
//! NVRTC kernels of `kernels/ndimage/ndimage.cu` (one thread per output element or per line;
//! the separable filters' 1-d passes as tiles staged through shared memory);
//! filter weights, sigmas and sizes are kernel arguments, so a new sigma compiles nothing.
#![warn(missing_docs)]

mod cuda;
pub mod distance;
mod engine;
pub mod filters;
pub mod fourier;
pub mod generic;
pub mod interpolation;
mod measure_cuda;
pub mod measurements;
mod mode;
pub mod morphology;
pub mod output;
pub mod rank;
mod support;
pub mod vectorized;
pub mod watershed;

pub use distance::{
    distance_transform_bf, distance_transform_cdt, distance_transform_edt,
    distance_transform_edt_indices,
};
pub use filters::{
    FilterOptions, GaussianOptions, convolve, convolve1d, correlate, correlate1d, gaussian_filter,
    gaussian_filter1d, gaussian_gradient_magnitude, gaussian_laplace, laplace, prewitt, sobel,
    uniform_filter, uniform_filter1d,
};
pub use fourier::{
    FourierOptions, fourier_ellipsoid, fourier_gaussian, fourier_shift, fourier_uniform,
};
pub use generic::{generic_filter, generic_filter1d, generic_gradient_magnitude, generic_laplace};
pub use interpolation::{
    InterpOptions, SplineOptions, affine_transform, geometric_transform, map_coordinates, rotate,
    shift, spline_filter, spline_filter1d, zoom,
};
pub use measurements::{
    center_of_mass, extrema, find_objects, histogram, label, labeled_comprehension, maximum,
    maximum_position, mean, median, minimum, minimum_position, standard_deviation, sum_labels,
    value_indices, variance,
};
pub use mode::Mode;
pub use morphology::{
    HitOrMissOptions, MorphOptions, binary_closing, binary_dilation, binary_erosion,
    binary_fill_holes, binary_hit_or_miss, binary_opening, binary_propagation, black_tophat,
    generate_binary_structure, grey_closing, grey_dilation, grey_erosion, grey_opening,
    iterate_structure, morphological_gradient, morphological_laplace, white_tophat,
};
pub use output::write_output;
pub use rank::{
    Window, maximum_filter, maximum_filter1d, median_filter, minimum_filter, minimum_filter1d,
    percentile_filter, rank_filter,
};
pub use vectorized::vectorized_filter;
pub use watershed::watershed_ift;
