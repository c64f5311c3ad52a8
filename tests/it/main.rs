//! cuprum's integration tests: one binary, one module per area.

mod compat_dispatch;
mod conformance;
mod npy;
mod readme;
mod registry;
mod registry_scipy;
mod teardown;
mod tidy;
