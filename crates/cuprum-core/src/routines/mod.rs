//! NumPy routines built from core's operations: set operations, elementwise functions,
//! calculus along an axis, interpolation and convolution, bit packing, polynomials, window
//! functions, the composed ufuncs and the ufunc methods, `ndarray` methods, and host-side I/O.
//! (More statistics, indexing, manipulation and creation routines live in their concepts'
//! modules: [`crate::stats`], [`crate::indexing`], [`crate::manip`], [`crate::creation`].)
//!
//! Every function here is composed of core's primitives and operations (ufuncs, reductions,
//! scans, sort/searchsorted, take/compress, views), so each runs on every device with the
//! kernels core already has; index arrays and other values that depend only on shapes are
//! built on the host and uploaded once. The re-exports at the crate root give NumPy's
//! top-level names (`cp::isin`, `cp::interp`, ...).

pub mod bits;
pub mod calculus;
pub mod compat;
pub mod elementwise;
/// `seterr`/`errstate` live with the ops engine that checks them (`crate::ops::errstate`).
pub use crate::ops::errstate;
pub mod introspect;
pub mod io;
pub mod memo;
mod ndarray;
pub mod npz;
pub mod poly;
pub mod polynomial;
pub mod sets;
pub mod signal;
pub mod text;
pub mod types;
pub mod ufuncs;
pub mod window;

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_manual;
