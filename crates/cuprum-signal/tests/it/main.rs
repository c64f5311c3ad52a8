//! cuprum-signal's integration tests: one binary, one module per concern.

mod cusignal;
#[rustfmt::skip]
mod cusignal_golden;
