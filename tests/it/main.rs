//! cuprum's integration tests: one binary, one module per area.

mod conformance;
mod npy;
mod readme;
mod tidy;
