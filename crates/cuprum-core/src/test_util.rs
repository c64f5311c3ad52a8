//! Helpers shared by the tests of core and of the feature crates (re-exported as
//! `ext::test_util` behind the `test-util` feature): which devices to run on.

use crate::Device;

/// True when `CUPRUM_REQUIRE_CUDA=1` is set (as `.gpu/run.sh` sets it): a missing GPU is then a
/// test failure instead of a skip. The one place the variable is read.
pub fn require_cuda() -> bool {
    std::env::var("CUPRUM_REQUIRE_CUDA").as_deref() == Ok("1")
}

/// Every CUDA device, or none. Without a GPU the CUDA part of a test is skipped (with a note on
/// stderr); with `CUPRUM_REQUIRE_CUDA=1` that is a failure instead.
///
/// # Panics
/// When `CUPRUM_REQUIRE_CUDA=1` and no CUDA device is usable.
#[track_caller]
pub fn cuda_devices() -> Vec<Device> {
    let n = crate::cuda_device_count();
    if n == 0 {
        assert!(
            !require_cuda(),
            "CUPRUM_REQUIRE_CUDA=1 but no CUDA device is available"
        );
        eprintln!("skipped: no CUDA device");
    }
    (0..n).map(Device::Cuda).collect()
}

/// The CPU, then every CUDA device ([`cuda_devices`]).
///
/// # Panics
/// As [`cuda_devices`].
#[track_caller]
pub fn all_devices() -> Vec<Device> {
    std::iter::once(Device::Cpu).chain(cuda_devices()).collect()
}
