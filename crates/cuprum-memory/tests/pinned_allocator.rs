//! `set_pinned_memory_allocator` / `alloc_pinned_memory` (`cupy.cuda.set_pinned_memory_allocator`,
//! `cupy.cuda.alloc_pinned_memory`). In its own test binary: the setting is process-wide.
//! The page-locked part runs where a CUDA device is present (`cuda_devices()`); on the CPU the
//! pinned-array functions fall back to ordinary memory, which is checked too.

use cuprum_core::ext::test_util::cuda_devices;
use cuprum_core::{DType, Device};
use cuprum_memory::*;
use std::sync::Mutex;

/// The tests below change the process-wide setting: one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

/// Puts the default pool back when a test ends, also when it fails, so that one failure does
/// not cascade into the other test.
struct Restore;
impl Drop for Restore {
    fn drop(&mut self) {
        set_pinned_memory_allocator(Some(get_default_pinned_memory_pool()));
    }
}

#[test]
fn pinned_arrays_come_from_the_set_allocator() {
    let _s = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let _r = Restore;
    let gpu = !cuda_devices().is_empty();
    // default: the default pool
    assert!(get_pinned_memory_allocator().same_pool(&get_default_pinned_memory_pool()));
    let mine = PinnedMemoryPool::new();
    set_pinned_memory_allocator(Some(mine.clone()));
    assert!(get_pinned_memory_allocator().same_pool(&mine));
    let a = zeros_pinned(&[1000], DType::Float64).unwrap();
    assert_eq!(a.device(), Device::Cpu);
    assert_eq!(a.to_vec::<f64>().unwrap(), vec![0.0; 1000]);
    assert_eq!(is_pinned(&a), gpu);
    if gpu {
        // 8000 bytes, rounded to 512: 8192 in use in `mine`, none in a fresh default pool
        assert_eq!(mine.used_bytes(), 8192);
        drop(a);
        assert_eq!((mine.used_bytes(), mine.n_free_blocks()), (0, 1));
        // recycled: empty_pinned of the same size takes the cached block, zeros_pinned zeroes it
        let b = empty_pinned(&[1000], DType::Float64).unwrap();
        assert_eq!(mine.n_free_blocks(), 0);
        b.fill(7.0).unwrap();
        drop(b);
        let c = zeros_pinned(&[1000], DType::Float64).unwrap();
        assert_eq!(c.to_vec::<f64>().unwrap(), vec![0.0; 1000]);
        drop(c);
        let m = alloc_pinned_memory(100).unwrap();
        assert_eq!(m.len(), 100);
        assert_eq!(mine.used_bytes(), 512);
        drop(m);
        mine.free_all_blocks().unwrap();
        assert_eq!(mine.total_bytes(), 0);
    }
    set_pinned_memory_allocator(Some(get_default_pinned_memory_pool()));
}

#[test]
fn none_disables_the_pool() {
    let _s = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let _r = Restore;
    let gpu = !cuda_devices().is_empty();
    set_pinned_memory_allocator(None);
    let raw = get_pinned_memory_allocator();
    assert!(!raw.is_pooled());
    assert!(!raw.same_pool(&get_default_pinned_memory_pool()));
    let a = zeros_pinned(&[3, 5], DType::Int32).unwrap();
    assert_eq!(a.to_vec::<i32>().unwrap(), vec![0; 15]);
    assert_eq!(is_pinned(&a), gpu);
    if gpu {
        // a device round trip through the unpooled pinned buffer
        let host = cuprum_core::Array::from_vec((0..15).collect::<Vec<i32>>(), [3, 5]).unwrap();
        let d = host.to_device(cuda_devices()[0]).unwrap();
        let back = copy_to_host_async(&d, &a, &cuprum_core::cuda::get_current_stream(0).unwrap());
        back.unwrap();
        cuprum_core::cuda::synchronize_device(0).unwrap();
        assert_eq!(a.to_vec::<i32>().unwrap(), (0..15).collect::<Vec<i32>>());
        assert_eq!(raw.used_bytes(), 512);
        drop(a);
        // returned to the OS at once: nothing cached, nothing held
        assert_eq!(
            (raw.used_bytes(), raw.total_bytes(), raw.n_free_blocks()),
            (0, 0, 0)
        );
        let m = alloc_pinned_memory(4096).unwrap();
        assert_eq!(raw.total_bytes(), 4096);
        drop(m);
        assert_eq!(raw.total_bytes(), 0);
    } else {
        // no driver: the raw allocator reports it, never panics
        assert!(alloc_pinned_memory(16).is_err());
    }
    assert!(alloc_pinned_memory(0).is_err());
    set_pinned_memory_allocator(Some(get_default_pinned_memory_pool()));
}
