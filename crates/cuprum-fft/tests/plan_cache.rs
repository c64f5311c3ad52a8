//! The per-device cuFFT plan cache's bookkeeping (hits, misses, size limit, eviction, clear).
//!
//! A test binary of its own: the cache is per device and process-wide, so any other test
//! running FFTs in parallel would change the counters this test asserts. Skipped without a GPU
//! (it says so on stderr); with `CUPRUM_REQUIRE_CUDA=1` a missing GPU fails instead.

use cuprum_core::{Array, Complex64, Device};
use cuprum_fft::{self as fft, Norm};

// `Some(Device::Cuda(0))` when a GPU is present; `None` (skip) otherwise
use cuprum_core::ext::test_util::first_gpu as gpu;

#[test]
fn plan_cache_counts_hits_and_honours_limits() {
    let Some(dev) = gpu("plan_cache_counts_hits_and_honours_limits") else {
        return;
    };
    let Device::Cuda(i) = dev else { unreachable!() };
    let cache = fft::plan_cache(i).unwrap();
    cache.clear();
    cache.set_size(fft::DEFAULT_CACHE_SIZE);
    let before = cache.info();
    let a = Array::from_vec_on(vec![Complex64::new(1.0, 0.0); 64], &[64], dev).unwrap();
    for _ in 0..3 {
        fft::fft(&a, None, -1, Norm::Backward).unwrap();
    }
    let after = cache.info();
    assert_eq!(after.misses - before.misses, 1);
    assert_eq!(after.hits - before.hits, 2);
    assert_eq!(cache.curr_size(), 1);
    for n in 2..6 {
        let b = Array::from_vec_on(vec![Complex64::new(1.0, 0.0); n], &[n], dev).unwrap();
        fft::fft(&b, None, -1, Norm::Backward).unwrap();
    }
    cache.set_size(2);
    assert_eq!(cache.curr_size(), 2);
    assert!(cache.info().evictions >= 3);
    cache.set_size(0);
    fft::fft(&a, None, -1, Norm::Backward).unwrap();
    assert_eq!(cache.curr_size(), 0);
    cache.set_size(fft::DEFAULT_CACHE_SIZE);
    cache.clear();
    assert_eq!((cache.curr_size(), cache.curr_memsize()), (0, 0));
    cache.show_info();
}
