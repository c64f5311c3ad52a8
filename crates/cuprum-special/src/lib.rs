//! # cuprum-special
//!
//! `scipy.special` (`cupyx.scipy.special`) for cuprum arrays, on the CPU and on CUDA devices:
//! SciPy's names, argument names, defaults and dtype rules. The facade exposes it as
//! `cuprum::scipy::special`, and [`stats`] as `cuprum::scipy::stats`.
//!
//! Every function is a ufunc over float64 scalar code: the CPU side is a Rust port of the
//! Cephes / xsf algorithms SciPy itself uses (`scalar`), the CUDA side a CUDA C port of the
//! same algorithms (`kernels/special/special.cu`), so that both devices agree with SciPy to a
//! few units in the last place where SciPy is that accurate. Multi-argument functions
//! broadcast their operands and take weak Python scalars (NEP 50). The reductions
//! ([`logsumexp`], [`softmax`], [`log_softmax`]) compose core's reductions.
#![warn(missing_docs)]

mod bessel;
mod distributions;
mod elementary_fns;
mod errfn;
mod gammafn;
mod integrals;
mod logistic;
mod logsumexp;
mod scalar;
mod ufunc;

pub use bessel::*;
pub use distributions::*;
pub use elementary_fns::*;
pub use errfn::*;
pub use gammafn::*;
pub use integrals::*;
pub use logistic::*;
pub use logsumexp::*;

pub mod stats;
