//! # cuprum-interpolate
//!
//! `scipy.interpolate` (`cupyx.scipy.interpolate`) for cuprum arrays, on the CPU and on CUDA
//! devices: SciPy's names, argument names, defaults and dtype rules. The facade exposes it as
//! `cuprum::scipy::interpolate`.
//!
//! Every interpolator is built from arrays on one device and evaluates on that device.
//! Construction work that is a small solve (spline slopes, collocation systems, divided
//! differences) runs on the host as in SciPy; evaluation at the query points (the part
//! proportional to the data) runs on the arrays' device: composed of cuprum's array operations
//! (`searchsorted`, `take`, ufuncs, `matmul`), except the power-basis evaluation of [`PPoly`]
//! (and so of the cubic interpolators and [`BPoly`]) on CUDA, which is one NVRTC kernel
//! (`kernels/interpolate/ppoly.cu`). Results are float64.
//!
//! - piecewise polynomials: [`PPoly`], [`BPoly`], [`NdPPoly`], [`CubicHermiteSpline`], [`CubicSpline`],
//!   [`PchipInterpolator`] / [`pchip_interpolate`], [`Akima1DInterpolator`];
//! - B-splines: [`BSpline`], [`make_interp_spline`], FITPACK's [`splrep`], [`splev`],
//!   [`splder`], [`splantider`], [`splint`], [`UnivariateSpline`],
//!   [`InterpolatedUnivariateSpline`], [`LSQUnivariateSpline`], [`make_lsq_spline`];
//! - 1-D tables: [`interp1d`] ([`Interp1d`]);
//! - polynomials through all points: [`KroghInterpolator`] / [`krogh_interpolate`],
//!   [`BarycentricInterpolator`] / [`barycentric_interpolate`];
//! - grids: [`RegularGridInterpolator`], [`interpn`], [`NdBSpline`];
//! - scattered data: [`RBFInterpolator`], [`NearestNDInterpolator`],
//!   [`LinearNDInterpolator`], [`CloughTocher2DInterpolator`] (on `cuprum-spatial`'s
//!   Delaunay triangulation), [`griddata`].
//!
//! ```
//! use cuprum_core as cp;
//! use cuprum_interpolate::{BcType, CubicSpline, CubicSplineOptions};
//! let x = cp::linspace(0.0, 10.0, 50, true, None).unwrap();
//! let y = cp::sin(&x).unwrap();
//! let opts = CubicSplineOptions { bc_type: BcType::NATURAL, ..Default::default() };
//! let cs = CubicSpline::new(&x, &y, opts).unwrap();
//! let dy = cs.call(&cp::linspace(0.0, 10.0, 1000, true, None).unwrap(), 1).unwrap();
//! assert_eq!((dy.shape(), dy.device()), (&[1000usize][..], x.device()));
//! ```
#![warn(missing_docs)]

mod banded;
mod bpoly;
mod bspline;
mod cubic;
mod fitpack;
mod fitpack_lsq;
mod fpcurf;
mod grid;
mod grid_pchip;
mod interp1d;
mod interpnd;
mod ndbspline;
mod ndgriddata;
mod ndppoly;
mod polyint;
mod ppoly;
mod rbf;
mod roots;
mod univariate;
mod util;

pub use bpoly::BPoly;
pub use bspline::{BSpline, SplineBc, make_interp_spline};
pub use cubic::{
    Akima1DInterpolator, AkimaMethod, BcType, Boundary, CubicHermiteSpline, CubicSpline,
    CubicSplineOptions, PchipInterpolator, pchip_interpolate,
};
pub use fitpack::{SplevExt, SplrepOptions, splantider, splder, splev, splint, splrep, sproot};
pub use grid::{GridMethod, GridOptions, RegularGridInterpolator, interpn};
pub use interp1d::{FillValue, Interp1d, Interp1dKind, Interp1dOptions, interp1d};
pub use interpnd::{CloughTocher2DInterpolator, CloughTocherOptions, LinearNDInterpolator};
pub use ndbspline::NdBSpline;
pub use ndgriddata::{GriddataMethod, NearestNDInterpolator, griddata};
pub use ndppoly::{NdPPoly, NdPPolyIntegral};
pub use polyint::{
    BarycentricInterpolator, KroghInterpolator, barycentric_interpolate, krogh_interpolate,
};
pub use ppoly::{Extrapolate, PPoly};
pub use rbf::{RBFInterpolator, RbfKernel, RbfOptions};
pub use univariate::{
    InterpolatedUnivariateSpline, LSQUnivariateSpline, UnivariateOptions, UnivariateSpline,
    make_lsq_spline,
};
