//! cuprum-fft's integration tests: one binary, one module per concern.

mod common;
mod conformance;
mod cuda;
mod hermitian_nd;
mod properties;
mod realtransforms;
#[rustfmt::skip]
mod scipy_real;
