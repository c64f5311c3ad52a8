//! Shared helpers of cuprum's integration tests (the conformance harness lives here so that
//! `cargo xtask conformance` can run it too).
