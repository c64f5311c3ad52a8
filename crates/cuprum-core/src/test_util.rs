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

/// `Some(Device::Cuda(0))` when a GPU is present; `None` otherwise, the skip of `test` noted on
/// stderr.
///
/// # Panics
/// When `CUPRUM_REQUIRE_CUDA=1` and there is no CUDA device.
#[track_caller]
pub fn first_gpu(test: &str) -> Option<Device> {
    if crate::cuda_device_count() > 0 {
        return Some(Device::Cuda(0));
    }
    assert!(
        !require_cuda(),
        "CUPRUM_REQUIRE_CUDA=1 but there is no CUDA device"
    );
    eprintln!("{test}: skipped (no CUDA device)");
    None
}

/// The CPU, then every CUDA device ([`cuda_devices`]).
///
/// # Panics
/// As [`cuda_devices`].
#[track_caller]
pub fn all_devices() -> Vec<Device> {
    std::iter::once(Device::Cpu).chain(cuda_devices()).collect()
}

/// True when libnvrtc loads (kernel sources can be compiled, GPU or not); otherwise false, with
/// a note on stderr.
///
/// # Panics
/// When `CUPRUM_REQUIRE_CUDA=1` and libnvrtc cannot be loaded.
#[cfg(test)]
#[track_caller]
pub(crate) fn nvrtc_usable() -> bool {
    if crate::cuda::nvrtc::nvrtc_available() {
        return true;
    }
    assert!(
        !require_cuda(),
        "CUPRUM_REQUIRE_CUDA=1 but libnvrtc cannot be loaded"
    );
    eprintln!("skipped: libnvrtc not available");
    false
}

/// Compiles every `(what, source)` with NVRTC for sm_90 (in parallel, as program `program`) and
/// asserts that none fails; the message counts the failed `noun` and lists them.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_sources_compile(sources: &[(String, String)], program: &str, noun: &str) {
    use rayon::prelude::*;
    let failures: Vec<String> = sources
        .par_iter()
        .filter_map(|(what, s)| {
            crate::cuda::nvrtc::compile_for_arch(s, 90, program)
                .err()
                .map(|e| format!("{what}: {e}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} {noun} failed:\n{}",
        failures.len(),
        sources.len(),
        failures.join("\n")
    );
}
