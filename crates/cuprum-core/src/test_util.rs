//! Helpers shared by the unit tests: which devices to run on.

use crate::Device;

/// Every CUDA device, or none. Without a GPU the CUDA part of a test is skipped (with a note on
/// stderr); with `CUPRUM_REQUIRE_CUDA=1` (as `.gpu/run.sh` sets) that is a failure instead.
pub(crate) fn cuda_devices() -> Vec<Device> {
    let n = crate::cuda_device_count();
    if n == 0 {
        assert!(
            std::env::var("CUPRUM_REQUIRE_CUDA").as_deref() != Ok("1"),
            "CUPRUM_REQUIRE_CUDA=1 but no CUDA device is available"
        );
        eprintln!("skipped: no CUDA device");
    }
    (0..n).map(Device::Cuda).collect()
}

/// The CPU, then every CUDA device ([`cuda_devices`]).
pub(crate) fn all_devices() -> Vec<Device> {
    std::iter::once(Device::Cpu).chain(cuda_devices()).collect()
}
