//! # cuprum-core
//!
//! The core of cuprum: [`Array`], an n-dimensional array with a run-time [`DType`] that lives on
//! a [`Device`] (the CPU or a CUDA GPU), with NumPy semantics for creation, views, broadcasting,
//! type promotion and elementwise operations.
//!
//! Every operation runs on the CPU (rayon) and on CUDA (NVRTC-compiled kernels from `kernels/`).
//! CUDA is loaded at run time: a machine without a GPU reports zero CUDA devices.
//!
//! ```
//! use cuprum_core::{Array, Device};
//! let a = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], Device::Cpu).unwrap();
//! assert_eq!(a.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0]);
//! ```
#![warn(missing_docs)]

pub mod array;
pub(crate) mod backend;
#[cfg(test)]
mod bad_input_tests;
pub mod cast;
pub mod creation;
pub mod cuda;
pub use cuprum_cuda::device;
pub mod dlpack;
pub mod dtype;
pub mod element;
pub mod error;
pub mod ext;
pub mod index;
pub mod indexing;
#[cfg(feature = "ndarray")]
mod interop_ndarray;
pub(crate) mod layout;
pub mod manip;
pub mod npy;
mod oplock;
pub mod ops;
pub mod print;
pub mod products;
pub mod random;
pub mod reduce;
pub mod scalar;
mod shape;
pub mod sort;
pub mod stats;
pub(crate) mod storage;
#[cfg(any(test, feature = "test-util"))]
mod test_util;
pub mod transfer;
mod util;
pub mod view;

pub use array::Array;
pub use creation::{
    arange, arange_on, empty, empty_like, empty_like_on, empty_on, eye, eye_on, full, full_like,
    full_like_on, full_on, identity, identity_on, linspace, linspace_on, ones, ones_like,
    ones_like_on, ones_on, tri, tri_on, zeros, zeros_like, zeros_like_on, zeros_on,
};
pub use device::{Device, DeviceGuard, cuda_device_count, current_device, default_device, devices};
pub use dlpack::from_dlpack;
pub use dtype::{DType, DTypeKind};
pub use element::Element;
pub use error::{Error, Result};
pub use half::{bf16, f16};
pub use index::SliceItem;
pub use layout::Layout;
pub use npy::{load, save};
pub use num_complex::{Complex32, Complex64};
pub use ops::{
    BinaryOp, Operand, UnaryOp, abs, absolute, add, add_out, allclose, angle, arccos, arccosh,
    arcsin, arcsinh, arctan, arctan2, arctanh, around, array_equal, binary_out, bitwise_and,
    bitwise_or, bitwise_xor, cbrt, ceil, clip, clip_out, conj, conjugate, copysign, cos, cosh,
    deg2rad, divide, divide_out, divmod, equal, exp, exp2, expm1, floor, floor_divide, fmax, fmin,
    fmod, greater, greater_equal, hypot, imag, invert, isclose, isfinite, isinf, isnan, left_shift,
    less, less_equal, log, log1p, log2, log10, logical_and, logical_not, logical_or, logical_xor,
    maximum, minimum, multiply, multiply_out, negative, nextafter, not_equal, positive, power,
    rad2deg, real, reciprocal, remainder, right_shift, rint, round, sign, signbit, sin, sinh, sqrt,
    square, subtract, subtract_out, tan, tanh, trunc, unary_out, where_,
};
pub use print::{array_repr, array_str};
pub use reduce::*;
pub use scalar::Scalar;
pub use shape::IntoShape;
pub use stats::{
    QuantileMethod, bincount, corrcoef, cov, histogram, histogram_edges, median, percentile,
    percentiles, quantile, quantiles,
};
pub use view::{ascontiguousarray, broadcast_arrays};
// NumPy's top-level names for the functions that live in modules here, so that `cp.matmul`,
// `cp.concatenate`, `cp.sort`, `cp.take` ... are `cp::matmul`, `cp::concatenate`, ...
pub use indexing::{
    IndexItem, IndexMode, add_at, argwhere, compress, flatnonzero, nonzero, put, take,
    take_along_axis,
};
pub use manip::{
    array_split, concatenate, diag, diagonal, diff, flip, hstack, meshgrid, pad, repeat, roll,
    split, stack, tile, trace, tril, triu, vstack,
};
pub use products::{TensorAxes, dot, einsum, inner, kron, matmul, outer, tensordot, vdot};
pub use sort::{
    Side, Unique, argpartition, argsort, partition, searchsorted, sort, unique, unique_all,
};
pub mod routines;
pub use creation::{GridRange, diagflat, fromfunction, geomspace, logspace, mgrid, ogrid, vander};
pub use indexing::{
    ChooseMode, apply_along_axis, as_strided, choose, diag_indices, diag_indices_from, extract,
    fill_diagonal, indices, ix_, lexsort, place, put_along_axis, putmask, ravel_multi_index,
    select, sliding_window_view, tril_indices, tril_indices_from, triu_indices, triu_indices_from,
    unravel_index,
};
pub use manip::{
    append, asfortranarray, atleast_1d, atleast_2d, atleast_3d, column_stack, delete, dsplit,
    dstack, fliplr, flipud, hsplit, insert, matrix_transpose, resize, rollaxis, rot90, trim_zeros,
    vsplit,
};
pub use ops::errstate::{
    ErrCall, ErrState, FpError, FpMode, errstate, geterr, geterrcall, seterr, seterrcall,
};
pub use routines::bits::{packbits, unpackbits};
pub use routines::calculus::{cross, ediff1d, gradient, nancumprod, nancumsum, trapezoid, unwrap};
pub use routines::compat::{
    Broadcast, Piece, RItem, Requirement, acos, acosh, apply_over_axes, asarray_chkfinite, asin,
    asinh, atan, atan2, atanh, bitwise_count, bitwise_invert, bitwise_left_shift,
    bitwise_right_shift, broadcast, c_, common_type, concat, copyto, cumulative_prod,
    cumulative_sum, degrees, fabs, iscomplexobj, isfortran, isrealobj, mask_indices,
    may_share_memory, min_scalar_type, mod_, msort, ndindex, piecewise, pow, r_, radians,
    real_if_close, require, rsqrt, shares_memory, sort_complex, true_divide, unique_counts,
    unique_inverse, unique_values,
};
pub use routines::elementwise::{fix, i0, iscomplex, isneginf, isposinf, isreal, nan_to_num, sinc};
pub use routines::introspect::{IsScalar, byte_bounds, isscalar, who};
pub use routines::io::{
    SaveTxtOptions, TextOptions, frombuffer, frombuffer_on, fromfile, genfromtxt, genfromtxt_str,
    loadtxt, loadtxt_str, savetxt, savetxt_string,
};
pub use routines::memo::{Memoized, clear_memo, memoize};
pub use routines::npz::{load_npz, load_npz_on, savez, savez_compressed};
pub use routines::poly::{
    Poly1d, poly, polyadd, polyder, polydiv, polyfit, polyint, polymul, polysub, polyval, roots,
};
pub use routines::polynomial;
pub use routines::sets::{in1d, intersect1d, isin, setdiff1d, setxor1d, union1d};
pub use routines::signal::{ConvolveMode, convolve, correlate, interp};
pub use routines::text::{
    FloatRepr, Trim, array2string, base_repr, binary_repr, format_float_positional,
    format_float_scientific, fromiter, fromstring,
};
pub use routines::types::{Casting, array_equiv, can_cast, result_type};
pub use routines::ufuncs::{
    Ufunc, float_power, frexp, gcd, heaviside, lcm, ldexp, logaddexp, logaddexp2, modf,
    scatter_max, scatter_min, ufunc_accumulate, ufunc_at, ufunc_outer, ufunc_reduce,
    ufunc_reduceat,
};
pub use routines::window::{bartlett, blackman, hamming, hanning, kaiser};
pub use stats::{
    Bins, average, average_returned, digitize, histogram2d, histogramdd, nanmedian, nanpercentile,
    nanpercentiles, nanquantile, nanquantiles,
};
