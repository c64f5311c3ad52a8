//! The pool, pinned memory and transfers on a real GPU. Every test is skipped (with a line on
//! stderr) without a CUDA device, and fails instead when `CUPRUM_REQUIRE_CUDA=1`. The tests
//! share the default pool, so they run one at a time (a lock).

use cuprum_core::cuda::{self, Stream};
use cuprum_core::{Array, DType, Device};
use cuprum_memory::{Limit, get_default_memory_pool};
use std::sync::{Barrier, Mutex, MutexGuard};

static SERIAL: Mutex<()> = Mutex::new(());

/// The serial lock when a GPU is present; `None` (skipped) otherwise.
fn gpu(name: &str) -> Option<MutexGuard<'static, ()>> {
    if cuda::device_count() == 0 {
        if cuprum_core::ext::test_util::require_cuda() {
            panic!(
                "{name}: CUPRUM_REQUIRE_CUDA=1 but no CUDA device ({})",
                cuda::init_error().unwrap_or_default()
            );
        }
        eprintln!("{name}: skipped (no CUDA device)");
        return None;
    }
    cuprum_memory::install();
    Some(SERIAL.lock().unwrap_or_else(|e| e.into_inner()))
}

const D: Device = Device::Cuda(0);

#[test]
fn arrays_come_from_the_pool_and_give_everything_back() {
    let Some(_g) = gpu("arrays_come_from_the_pool_and_give_everything_back") else {
        return;
    };
    let pool = get_default_memory_pool();
    D.synchronize().unwrap();
    let before = pool.used_bytes();
    {
        let a = Array::from_vec_on((0..1_000_000i64).collect(), &[1000, 1000], D).unwrap();
        assert!(pool.used_bytes() >= before + 8_000_000);
        let b = cuprum_core::add(&a, &a).unwrap();
        let c = b.sum(cuprum_core::Axes::All, false).unwrap();
        assert_eq!(c.to_vec::<i64>().unwrap(), vec![999_999 * 1_000_000]);
        let mut v = Vec::new();
        for k in 1..50usize {
            v.push(cuprum_core::zeros_on(&[k * 1013], DType::Float32, D).unwrap());
        }
        assert!(pool.n_free_blocks() > 0 || pool.free_bytes() == 0);
    }
    D.synchronize().unwrap();
    assert_eq!(
        pool.used_bytes(),
        before,
        "bytes in use back where they were"
    );
    let total = pool.total_bytes();
    pool.free_all_blocks().unwrap();
    assert!(pool.total_bytes() <= total);
    assert_eq!(pool.used_bytes(), before);
    let s = pool.stats(0).unwrap();
    assert_eq!(s.free_bytes, s.total_bytes - s.used_bytes);
    println!("{}", cuprum_memory::memory_report());
}

#[test]
fn a_large_buffer_split_and_freed_is_reused_whole() {
    let Some(_g) = gpu("a_large_buffer_split_and_freed_is_reused_whole") else {
        return;
    };
    let pool = get_default_memory_pool();
    pool.free_all_blocks().unwrap();
    let held = pool.total_bytes();
    let big = cuda::alloc(0, 256 << 20).unwrap();
    let addr = big.device_ptr();
    drop(big);
    let parts: Vec<_> = (0..4).map(|_| cuda::alloc(0, 64 << 20).unwrap()).collect();
    assert_eq!(parts[0].device_ptr(), addr);
    assert_eq!(
        pool.total_bytes(),
        held + (256 << 20),
        "no growth for the parts"
    );
    drop(parts);
    let again = cuda::alloc(0, 256 << 20).unwrap();
    assert_eq!(again.device_ptr(), addr, "the whole block again");
    assert_eq!(pool.total_bytes(), held + (256 << 20));
}

#[test]
fn the_limit_is_enforced_with_a_clear_error() {
    let Some(_g) = gpu("the_limit_is_enforced_with_a_clear_error") else {
        return;
    };
    let pool = get_default_memory_pool();
    D.synchronize().unwrap();
    pool.free_all_blocks().unwrap();
    let held = pool.total_bytes();
    pool.set_limit(Limit::Bytes(held + (64 << 20))).unwrap();
    let r = (|| -> cuprum_core::Result<()> {
        let a = cuda::alloc(0, 48 << 20)?;
        let e = cuda::alloc(0, 32 << 20).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("33554432 bytes requested"), "{msg}");
        assert!(
            msg.contains(&format!("pool limit {} bytes", held + (64 << 20))),
            "{msg}"
        );
        assert!(msg.contains("bytes in use by the pool"), "{msg}");
        drop(a);
        // after the free the same request fits
        let b = cuda::alloc(0, 32 << 20)?;
        drop(b);
        Ok(())
    })();
    pool.set_limit(Limit::None).unwrap();
    r.unwrap();
    assert_eq!(pool.get_limit(0).unwrap(), usize::MAX);
    pool.set_limit(Limit::Fraction(0.5)).unwrap();
    let total = cuda::properties(0).unwrap().total_memory;
    assert_eq!(pool.get_limit(0).unwrap(), total / 2);
    pool.set_limit(Limit::None).unwrap();
}

#[test]
fn threads_and_streams_allocate_concurrently() {
    let Some(_g) = gpu("threads_and_streams_allocate_concurrently") else {
        return;
    };
    let pool = get_default_memory_pool();
    D.synchronize().unwrap();
    let before = pool.used_bytes();
    let threads: Vec<_> = (0..8usize)
        .map(|t| {
            std::thread::spawn(move || {
                let s = Stream::new(0).unwrap();
                let _g = s.use_stream().unwrap();
                for i in 0..200usize {
                    let n = 1 + (t * 7919 + i * 104_729) % 300_000;
                    let a =
                        cuprum_core::full_on(&[n], (t + 1) as i64, Some(DType::Int64), D).unwrap();
                    if i % 20 == 0 {
                        let s = a.sum(cuprum_core::Axes::All, false).unwrap();
                        assert_eq!(s.to_vec::<i64>().unwrap(), vec![(n * (t + 1)) as i64]);
                    }
                }
                s.synchronize().unwrap();
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    cuda::synchronize_all(0).unwrap();
    assert_eq!(pool.used_bytes(), before);
}

/// A buffer freed on stream A while A's kernels still read it must not be handed to stream B
/// before they finish: B's writes would change A's result.
#[test]
fn a_block_freed_on_one_stream_is_not_reused_early_by_another() {
    let Some(_g) = gpu("a_block_freed_on_one_stream_is_not_reused_early_by_another") else {
        return;
    };
    let n = 1 << 24;
    for _round in 0..3 {
        let barrier = std::sync::Arc::new(Barrier::new(2));
        let b2 = barrier.clone();
        let a = std::thread::spawn(move || {
            let s = Stream::new(0).unwrap();
            let _g = s.use_stream().unwrap();
            let x = cuprum_core::full_on(&[n], 1.0f32, Some(DType::Float32), D).unwrap();
            let mut r = x.clone();
            for _ in 0..40 {
                r = cuprum_core::sqrt(&cuprum_core::multiply(&r, &x).unwrap()).unwrap();
            }
            drop(x); // freed on A while A's kernels still read it
            b2.wait(); // B allocates now
            b2.wait(); // B has written
            let v = r.to_vec::<f32>().unwrap();
            assert!(
                v.iter().all(|&e| e == 1.0),
                "stream A's input was overwritten"
            );
        });
        let b = std::thread::spawn(move || {
            let s = Stream::new(0).unwrap();
            let _g = s.use_stream().unwrap();
            barrier.wait();
            let y = cuprum_core::full_on(&[n], 7.0f32, Some(DType::Float32), D).unwrap();
            s.synchronize().unwrap();
            barrier.wait();
            drop(y);
        });
        a.join().unwrap();
        b.join().unwrap();
    }
}

fn pattern(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 7 + i / 251) as u8).collect()
}

#[test]
fn pinned_arrays_round_trip_sync_and_async() {
    let Some(_g) = gpu("pinned_arrays_round_trip_sync_and_async") else {
        return;
    };
    let n = (3 << 20) + 5;
    let p = cuprum_memory::empty_pinned(&[n], DType::UInt8).unwrap();
    assert!(cuprum_memory::is_pinned(&p));
    p.assign(&Array::from_vec_on(pattern(n), &[n], Device::Cpu).unwrap())
        .unwrap();
    let d = p.to_device(D).unwrap();
    assert_eq!(d.to_vec::<u8>().unwrap(), pattern(n));
    let s = Stream::new(0).unwrap();
    let d2 = cuprum_memory::to_device_async(&p, 0, &s).unwrap();
    let q = cuprum_memory::zeros_like_pinned(&p).unwrap();
    assert_eq!(q.to_vec::<u8>().unwrap(), vec![0; n]);
    cuprum_memory::copy_to_host_async(&d2, &q, &s).unwrap();
    s.synchronize().unwrap();
    assert_eq!(q.to_vec::<u8>().unwrap(), pattern(n));
    // into an existing device array
    let z = cuprum_memory::zeros_pinned(&[n], DType::UInt8).unwrap();
    cuprum_memory::copy_to_device_async(&z, &d2, &s).unwrap();
    s.synchronize().unwrap();
    assert_eq!(d2.to_vec::<u8>().unwrap(), vec![0; n]);
    // errors name the op
    let plain = Array::from_vec_on(vec![1u8; 4], &[4], Device::Cpu).unwrap();
    let e = cuprum_memory::to_device_async(&plain, 0, &s).unwrap_err();
    assert!(e.to_string().contains("to_device_async"), "{e}");
    // pinned pool statistics: blocks come back when the arrays drop
    let pp = cuprum_memory::get_default_pinned_memory_pool();
    drop((p, q, z));
    cuda::synchronize_all(0).unwrap();
    let _ = cuprum_memory::zeros_pinned(&[1], DType::UInt8).unwrap(); // polls the watch list
    assert!(pp.n_free_blocks() >= 2);
    pp.free_all_blocks().unwrap();
    assert_eq!(pp.n_free_blocks(), 0);
}

/// An upload on one stream overlaps a long computation on another (CUDA events on both).
#[test]
fn an_async_upload_overlaps_compute_on_another_stream() {
    let Some(_g) = gpu("an_async_upload_overlaps_compute_on_another_stream") else {
        return;
    };
    let bytes = 512usize << 20;
    let host = cuprum_memory::zeros_pinned(&[bytes / 4], DType::Float32).unwrap();
    let x = cuprum_core::full_on(&[1 << 26], 1.0f32, Some(DType::Float32), D).unwrap();
    D.synchronize().unwrap();
    let barrier = std::sync::Arc::new(Barrier::new(2));
    let b2 = barrier.clone();
    let compute = std::thread::spawn(move || {
        let s = Stream::new(0).unwrap();
        let _g = s.use_stream().unwrap();
        let c0 = cuda::Event::new(0).unwrap();
        let c1 = cuda::Event::new(0).unwrap();
        c0.record(&s).unwrap();
        let mut r = x.clone();
        for _ in 0..150 {
            r = cuprum_core::sqrt(&r).unwrap();
        }
        c1.record(&s).unwrap();
        b2.wait(); // the compute is queued
        b2.wait(); // the copy is queued
        s.synchronize().unwrap();
        (c0, c1)
    });
    barrier.wait();
    let t = Stream::new(0).unwrap();
    let e0 = cuda::Event::new(0).unwrap();
    let e1 = cuda::Event::new(0).unwrap();
    e0.record(&t).unwrap();
    let dev = cuprum_memory::to_device_async(&host, 0, &t).unwrap();
    e1.record(&t).unwrap();
    barrier.wait();
    let (c0, c1) = compute.join().unwrap();
    t.synchronize().unwrap();
    let compute_ms = c0.elapsed_time(&c1).unwrap();
    let copy_ms = e0.elapsed_time(&e1).unwrap();
    let copy_start = c0.elapsed_time(&e0).unwrap();
    let copy_end = c0.elapsed_time(&e1).unwrap();
    eprintln!(
        "compute {compute_ms:.3} ms on one stream; copy of 512 MiB {copy_ms:.3} ms \
         ({:.1} GB/s) on another, from {copy_start:.3} to {copy_end:.3} ms",
        bytes as f64 / (copy_ms as f64 * 1e-3) / 1e9
    );
    assert!(
        copy_start < compute_ms && copy_end > 0.0,
        "the copy [{copy_start}, {copy_end}] ms does not overlap the compute [0, {compute_ms}] ms"
    );
    assert_eq!(dev.shape(), host.shape());
}

#[test]
fn pageable_transfers_are_staged_correctly_at_odd_sizes() {
    let Some(_g) = gpu("pageable_transfers_are_staged_correctly_at_odd_sizes") else {
        return;
    };
    for n in [
        (4 << 20) - 1,
        (4 << 20) + 3,
        (16 << 20) + 1,
        (5 * (16 << 20)) + 5, // more chunks than staging buffers
        (37 << 20) + 11,
    ] {
        let v = pattern(n);
        let d = Array::from_vec_on(v.clone(), &[n], D).unwrap();
        assert_eq!(d.to_vec::<u8>().unwrap(), v, "round trip of {n} bytes");
        // a view that starts inside the buffer
        let tail = d.slice(cuprum_core::s![7..]).unwrap();
        assert_eq!(tail.to_vec::<u8>().unwrap(), v[7..].to_vec());
    }
    // f64 through to_device both ways
    let n = 3_000_001usize;
    let v: Vec<f64> = (0..n).map(|i| i as f64 * 0.5).collect();
    let h = Array::from_vec_on(v.clone(), &[n], Device::Cpu).unwrap();
    let d = h.to_device(D).unwrap();
    let back = d.to_device(Device::Cpu).unwrap();
    assert_eq!(back.to_vec::<f64>().unwrap(), v);
}
