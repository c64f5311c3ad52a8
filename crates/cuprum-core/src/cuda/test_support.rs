//! Helpers of the `cuda::*_tests` modules.

use crate::Device;

/// The ordinals of [`crate::test_util::cuda_devices`] (none without a GPU).
pub(super) fn gpus() -> Vec<usize> {
    crate::test_util::cuda_devices()
        .into_iter()
        .filter_map(|d| match d {
            Device::Cuda(i) => Some(i),
            _ => None,
        })
        .collect()
}

/// True for the errors of a call on a device that is absent or whose library does not load.
pub(super) fn is_unavailable(e: &cuprum_cuda::Error) -> bool {
    matches!(
        e,
        cuprum_cuda::Error::DeviceUnavailable { .. } | cuprum_cuda::Error::LibraryNotFound { .. }
    )
}
