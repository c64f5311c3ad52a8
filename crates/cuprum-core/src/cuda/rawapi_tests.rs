//! Tests of the raw-pointer `cupy.cuda.runtime` functions (`rawapi.rs`): the errors without a
//! device run everywhere; the CUDA groups (alloc/copy/free, pitched 2-D and 3-D copies, managed
//! memory, raw streams and events, host-function ordering, IPC handles, raw graphs, limits,
//! PCI ids, memory pools) run on every device of `test_util::cuda_devices()` (skipped without a
//! GPU unless `CUPRUM_REQUIRE_CUDA=1`).
//!
//! Not tested: `ipc_open_mem_handle` / `ipc_open_event_handle` with a real handle need a second
//! process (CUDA refuses to open a handle in the process that exported it), which a unit test
//! cannot fork safely after CUDA is initialized; only the export side and the error on a bad
//! handle are tested.

use super::runtime::{self, MemoryType};
use super::test_support::{gpus, is_unavailable};
use super::*;
use crate::Device;
use cudarc::driver::sys;
use std::sync::{Arc, Mutex};

#[test]
fn missing_devices_are_errors_never_panics() {
    let m = 4096;
    let h = [0u8; runtime::IPC_HANDLE_SIZE];
    let errs = [
        runtime::malloc(m, 16).unwrap_err(),
        runtime::malloc(m, 0).unwrap_err(),
        runtime::malloc_managed(m, 16, runtime::MEM_ATTACH_GLOBAL).unwrap_err(),
        runtime::host_alloc(m, 16, 0).unwrap_err(),
        runtime::stream_create_with_flags(m, runtime::STREAM_NON_BLOCKING).unwrap_err(),
        runtime::stream_create_with_priority(m, 0, 0).unwrap_err(),
        runtime::device_get_stream_priority_range(m).unwrap_err(),
        runtime::event_create_with_flags(m, 0).unwrap_err(),
        runtime::ipc_get_mem_handle(m, 0).unwrap_err(),
        runtime::ipc_open_mem_handle(m, &h, runtime::IPC_MEM_LAZY_ENABLE_PEER_ACCESS).unwrap_err(),
        runtime::ipc_open_event_handle(m, &h).unwrap_err(),
        runtime::device_get_limit(m, runtime::Limit::CU_LIMIT_STACK_SIZE).unwrap_err(),
        runtime::device_set_limit(m, runtime::Limit::CU_LIMIT_STACK_SIZE, 1024).unwrap_err(),
        runtime::device_get_default_mem_pool(m).unwrap_err(),
        runtime::device_get_mem_pool(m).unwrap_err(),
        runtime::mem_pool_create(m).unwrap_err(),
        runtime::malloc_array(m, runtime::ArrayFormat::CU_AD_FORMAT_FLOAT, 1, 4, 4, 0).unwrap_err(),
    ];
    // SAFETY: the device does not exist, so no address or handle below is used: each call
    // fails binding the device (the empty 3-D copy description is never executed).
    let raw_errs = unsafe {
        [
            runtime::free_array(m, std::ptr::null_mut()).unwrap_err(),
            runtime::memcpy_2d_to_array(m, std::ptr::null_mut(), 0, 0, 0, 4, 4, 1).unwrap_err(),
            runtime::memcpy_2d_from_array(m, 0, 4, std::ptr::null_mut(), 0, 0, 4, 1).unwrap_err(),
            runtime::free(m, 0).unwrap_err(),
            runtime::free_host(m, 0).unwrap_err(),
            runtime::host_register(m, 0, 0, 0).unwrap_err(),
            runtime::host_unregister(m, 0).unwrap_err(),
            runtime::memcpy(m, 0, 0, 0).unwrap_err(),
            runtime::memcpy_peer(0, m, 0, 0, 0).unwrap_err(),
            runtime::memcpy_2d(m, 0, 8, 0, 8, 8, 1).unwrap_err(),
            runtime::memcpy_3d(m, &runtime::memcpy_3d_params()).unwrap_err(),
            runtime::mem_advise(
                m,
                0,
                0,
                runtime::MemAdvise::CU_MEM_ADVISE_SET_READ_MOSTLY,
                Device::Cpu,
            )
            .unwrap_err(),
            runtime::stream_destroy(m, std::ptr::null_mut()).unwrap_err(),
            runtime::stream_get_priority(m, std::ptr::null_mut()).unwrap_err(),
            runtime::event_destroy(m, std::ptr::null_mut()).unwrap_err(),
            runtime::event_query_raw(m, std::ptr::null_mut()).unwrap_err(),
            runtime::ipc_close_mem_handle(m, 0).unwrap_err(),
            runtime::ipc_get_event_handle(m, std::ptr::null_mut()).unwrap_err(),
            runtime::graph_destroy(m, std::ptr::null_mut()).unwrap_err(),
            runtime::graph_exec_destroy(m, std::ptr::null_mut()).unwrap_err(),
            runtime::device_set_mem_pool(m, std::ptr::null_mut()).unwrap_err(),
            runtime::mem_pool_destroy(m, std::ptr::null_mut()).unwrap_err(),
            runtime::mem_pool_trim_to(m, std::ptr::null_mut(), 0).unwrap_err(),
            runtime::mem_pool_reserved_bytes(m, std::ptr::null_mut()).unwrap_err(),
        ]
    };
    for e in errs.iter().chain(&raw_errs) {
        assert!(is_unavailable(e), "{e}");
    }
    // the name of the call is in the error (without libcuda it names the library instead)
    if let cuprum_cuda::Error::DeviceUnavailable { op, .. } = &errs[0] {
        assert_eq!(*op, "malloc");
    }
    // a peer copy names the missing device whichever side it is on
    if let Ok(s) = Stream::new(0) {
        // SAFETY: the source device does not exist: nothing is copied.
        let e = unsafe { runtime::memcpy_peer_async(0, 0, 0, m, 0, &s) }.unwrap_err();
        assert!(is_unavailable(&e), "{e}");
    }
}

#[test]
fn input_checks_come_before_the_driver() {
    // a row wider than a pitch is refused on any machine
    // SAFETY: refused before any address is used.
    let e = unsafe { runtime::memcpy_2d(0, 0, 4, 0, 8, 8, 2) }.unwrap_err();
    assert!(
        matches!(
            e,
            cuprum_cuda::Error::BadArgument {
                op: "memcpy_2d",
                arg: "width",
                ..
            }
        ) && e.to_string().contains("8"),
        "{e}"
    );
    let e = runtime::device_get_by_pci_bus_id("0000:19\0:00.0").unwrap_err();
    assert!(
        matches!(
            e,
            cuprum_cuda::Error::BadArgument {
                arg: "pci_bus_id",
                ..
            }
        ),
        "{e}"
    );
    if device_count() == 0 {
        let e = runtime::device_get_by_pci_bus_id("0000:19:00.0").unwrap_err();
        assert!(is_unavailable(&e), "{e}");
        let x = 5u64;
        let e = runtime::pointer_get_attributes(&x as *const u64 as u64).unwrap_err();
        assert!(is_unavailable(&e), "{e}");
    }
}

fn pattern(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect()
}

#[test]
fn alloc_copy_free_round_trip() {
    for i in gpus() {
        let n = 1000;
        let src = pattern(n, 7);
        let a = runtime::malloc(i, n).unwrap();
        let b = runtime::malloc(i, n).unwrap();
        assert!(a != 0 && b != 0 && a != b);
        assert_eq!(runtime::malloc(i, 0).unwrap(), 0);
        let mut out = vec![0u8; n];
        // SAFETY: `a`, `b` are n-byte device allocations; `src`/`out` are n-byte host buffers.
        unsafe {
            runtime::memcpy(i, a, src.as_ptr() as u64, n).unwrap();
            runtime::memcpy(i, b, a, n).unwrap();
            runtime::memcpy(i, out.as_mut_ptr() as u64, b, n).unwrap();
        }
        assert_eq!(out, src);
        let at = runtime::pointer_get_attributes(a + 10).unwrap();
        assert_eq!(at.memory_type, MemoryType::Device);
        assert_eq!(at.device, i as i32);
        assert_eq!(at.device_pointer, a + 10);
        let host = runtime::pointer_get_attributes(out.as_ptr() as u64).unwrap();
        assert_eq!(host.memory_type, MemoryType::Unregistered);

        // peer copy within one device, and the async forms on a stream
        let s = Stream::new(i).unwrap();
        let c = runtime::malloc_async(n, &s).unwrap();
        // the synchronous peer copy below runs outside `s`'s order: let the allocation land
        s.synchronize().unwrap();
        let mut out2 = vec![0u8; n];
        // SAFETY: as above; `c` is valid in `s`'s order, `out2` outlives the synchronize.
        unsafe {
            runtime::memcpy_peer(c, i, a, i, n / 2).unwrap();
            runtime::memcpy_peer_async(c + (n / 2) as u64, i, a + (n / 2) as u64, i, n - n / 2, &s)
                .unwrap();
            runtime::memcpy_async(out2.as_mut_ptr() as u64, c, n, &s).unwrap();
        }
        s.synchronize().unwrap();
        assert_eq!(out2, src);
        // SAFETY: every allocation is freed once, after the work using it is done.
        unsafe {
            runtime::free_async(c, &s).unwrap();
            runtime::free_async(0, &s).unwrap();
            runtime::free(i, a).unwrap();
            runtime::free(i, b).unwrap();
            runtime::free(i, 0).unwrap();
        }
        s.synchronize().unwrap();

        // page-locked host memory: allocated and registered
        let h = runtime::host_alloc(i, 256, runtime::HOST_PORTABLE).unwrap();
        assert_eq!(
            runtime::pointer_get_attributes(h).unwrap().memory_type,
            MemoryType::Host
        );
        // SAFETY: `h` is 256 bytes of pinned memory, freed once.
        unsafe { runtime::free_host(i, h) }.unwrap();
        // page-aligned, as older drivers require of registered ranges
        let layout = std::alloc::Layout::from_size_align(8192, 4096).unwrap();
        // SAFETY: a non-zero size.
        let v = unsafe { std::alloc::alloc_zeroed(layout) };
        assert!(!v.is_null());
        let p = v as u64;
        // SAFETY: `v` stays allocated until after the unregister.
        unsafe { runtime::host_register(i, p, 8192, 0) }.unwrap();
        assert_eq!(
            runtime::pointer_get_attributes(p).unwrap().memory_type,
            MemoryType::Host
        );
        // SAFETY: registered above, no queued work uses it; then freed with its layout.
        unsafe {
            runtime::host_unregister(i, p).unwrap();
            std::alloc::dealloc(v, layout);
        }
    }
}

#[test]
fn managed_memory_is_addressable_from_the_host() {
    for i in gpus() {
        let n = 4096usize;
        let m = runtime::malloc_managed(i, n, runtime::MEM_ATTACH_GLOBAL).unwrap();
        let at = runtime::pointer_get_attributes(m).unwrap();
        assert_eq!(at.memory_type, MemoryType::Managed);
        let src = pattern(n, 3);
        let s = Stream::new(i).unwrap();
        let concurrent = runtime::device_get_attribute(
            DeviceAttribute::CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
            i,
        )
        .unwrap()
            != 0;
        // SAFETY: `m` is n bytes of managed memory; `src` n host bytes.
        unsafe {
            runtime::memcpy(i, m, src.as_ptr() as u64, n).unwrap();
            runtime::mem_advise(
                i,
                m,
                n,
                runtime::MemAdvise::CU_MEM_ADVISE_SET_READ_MOSTLY,
                Device::Cuda(i),
            )
            .unwrap();
            if concurrent {
                runtime::mem_prefetch_async(m, n, Device::Cuda(i), &s).unwrap();
                runtime::mem_prefetch_async(m, n, Device::Cpu, &s).unwrap();
            }
        }
        s.synchronize().unwrap();
        // SAFETY: managed memory is host-addressable once the device work is done.
        let seen = unsafe { std::slice::from_raw_parts(m as *const u8, n) }.to_vec();
        assert_eq!(seen, src);
        // SAFETY: freed once, nothing uses it.
        unsafe { runtime::free(i, m) }.unwrap();

        // the allocator form (CuPy's malloc_managed as the allocator), called directly so
        // that other tests' arrays keep the default allocator
        let al = ManagedAllocator;
        let p = al.allocate(i, 512, &s).unwrap();
        assert_eq!(
            runtime::pointer_get_attributes(p).unwrap().memory_type,
            MemoryType::Managed
        );
        al.deallocate(i, p, 512, &s).unwrap();
    }
}

#[test]
fn pitched_2d_and_3d_copies_match_a_host_reference() {
    for i in gpus() {
        // 5 rows of 7 bytes: host rows 13 bytes apart, device rows 16 bytes apart
        let (w, h, sp, dp) = (7usize, 5usize, 13usize, 16usize);
        let host = pattern(sp * h, 11);
        let d = runtime::malloc(i, dp * h).unwrap();
        let fill = vec![0xAAu8; dp * h];
        let mut dense = vec![0u8; w * h];
        let mut whole = vec![0u8; dp * h];
        // SAFETY: every range below lies inside `host`, `d`, `dense` or `whole`.
        unsafe {
            runtime::memcpy(i, d, fill.as_ptr() as u64, dp * h).unwrap();
            runtime::memcpy_2d(i, d, dp, host.as_ptr() as u64, sp, w, h).unwrap();
            runtime::memcpy_2d(i, dense.as_mut_ptr() as u64, w, d, dp, w, h).unwrap();
            runtime::memcpy(i, whole.as_mut_ptr() as u64, d, dp * h).unwrap();
        }
        let mut want_dense = Vec::new();
        let mut want_whole = vec![0xAAu8; dp * h];
        for r in 0..h {
            want_dense.extend_from_slice(&host[r * sp..r * sp + w]);
            want_whole[r * dp..r * dp + w].copy_from_slice(&host[r * sp..r * sp + w]);
        }
        assert_eq!(dense, want_dense);
        assert_eq!(whole, want_whole, "the padding of each row is untouched");

        // the async form, columns 2..6 of rows 1..4 into a dense 4x3 block
        let s = Stream::new(i).unwrap();
        let mut block = vec![0u8; 4 * 3];
        // SAFETY: in bounds of `d` (rows 1..4, bytes 2..6) and `block` (3 rows of 4).
        unsafe {
            runtime::memcpy_2d_async(
                block.as_mut_ptr() as u64,
                4,
                d + dp as u64 + 2,
                dp,
                4,
                3,
                &s,
            )
            .unwrap();
        }
        s.synchronize().unwrap();
        let mut want_block = Vec::new();
        for r in 1..4 {
            want_block.extend_from_slice(&host[r * sp + 2..r * sp + 6]);
        }
        assert_eq!(block, want_block);

        // 3-D: 2 slices of 3 rows of 4 bytes, host pitch 5 (height 3) -> device pitch 8
        // (height 4: one spare row per slice)
        let (w3, h3, d3) = (4usize, 3usize, 2usize);
        let src3 = pattern(5 * 3 * d3, 19);
        let dst3 = runtime::malloc(i, 8 * 4 * d3).unwrap();
        let mut p = runtime::memcpy_3d_params();
        // pageable host memory is a host end (the 3-D description is the driver's, as given)
        p.srcMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
        p.srcHost = src3.as_ptr().cast();
        p.srcPitch = 5;
        p.srcHeight = 3;
        p.dstMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED;
        p.dstDevice = dst3;
        p.dstPitch = 8;
        p.dstHeight = 4;
        p.WidthInBytes = w3;
        p.Height = h3;
        p.Depth = d3;
        let zeros = vec![0u8; 8 * 4 * d3];
        let mut got = vec![0u8; 8 * 4 * d3];
        // SAFETY: the description stays inside `src3` and `dst3`; `got`/`zeros` are full size.
        unsafe {
            runtime::memcpy(i, dst3, zeros.as_ptr() as u64, zeros.len()).unwrap();
            runtime::memcpy_3d(i, &p).unwrap();
            runtime::memcpy(i, got.as_mut_ptr() as u64, dst3, got.len()).unwrap();
        }
        let mut want3 = vec![0u8; 8 * 4 * d3];
        for z in 0..d3 {
            for y in 0..h3 {
                let from = z * 15 + y * 5;
                let to = z * 32 + y * 8;
                want3[to..to + w3].copy_from_slice(&src3[from..from + w3]);
            }
        }
        assert_eq!(got, want3);
        // the async form writes the same again into a cleared buffer
        let mut got2 = vec![0u8; got.len()];
        // SAFETY: as above.
        unsafe {
            runtime::memcpy(i, dst3, zeros.as_ptr() as u64, zeros.len()).unwrap();
            runtime::memcpy_3d_async(&p, &s).unwrap();
            runtime::memcpy_async(got2.as_mut_ptr() as u64, dst3, got2.len(), &s).unwrap();
        }
        s.synchronize().unwrap();
        assert_eq!(got2, want3);
        // SAFETY: freed once after the synchronize.
        unsafe {
            runtime::free(i, d).unwrap();
            runtime::free(i, dst3).unwrap();
        }
    }
}

#[test]
fn raw_streams_and_events_create_query_destroy() {
    for i in gpus() {
        let raw = runtime::stream_create_with_flags(i, runtime::STREAM_NON_BLOCKING).unwrap();
        assert!(!raw.is_null());
        {
            // SAFETY: `raw` is a live stream of device i, destroyed only after `ext` drops.
            let ext = unsafe { ExternalStream::new(raw, i) }.unwrap();
            assert!(runtime::stream_query(&ext).unwrap());
            let ev = runtime::event_create_with_flags(i, runtime::EVENT_DISABLE_TIMING).unwrap();
            // SAFETY: `ev` is a live event of device i, destroyed once below.
            unsafe {
                runtime::event_record(ev, &ext).unwrap();
                ext.synchronize().unwrap();
                assert!(runtime::event_query_raw(i, ev).unwrap());
                runtime::event_destroy(i, ev).unwrap();
            }
        }
        // SAFETY: created above, no wrapper is left.
        unsafe { runtime::stream_destroy(i, raw) }.unwrap();

        let (least, greatest) = runtime::device_get_stream_priority_range(i).unwrap();
        assert!(greatest <= least, "{greatest} {least}");
        let hi = runtime::stream_create_with_priority(i, runtime::STREAM_NON_BLOCKING, greatest)
            .unwrap();
        // SAFETY: `hi` is live until the destroy below.
        unsafe {
            assert_eq!(runtime::stream_get_priority(i, hi).unwrap(), greatest);
            runtime::stream_destroy(i, hi).unwrap();
        }
    }
}

#[test]
fn host_functions_run_in_stream_order() {
    for i in gpus() {
        let s = Stream::new(i).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let d = runtime::malloc(i, 64).unwrap();
        let src = pattern(64, 1);
        let mut out = vec![0u8; 64];
        let (a, b, c) = (seen.clone(), seen.clone(), seen.clone());
        runtime::launch_host_func(&s, move || a.lock().unwrap().push(1)).unwrap();
        // SAFETY: `d` is 64 device bytes; `src`/`out` outlive the synchronize.
        unsafe { runtime::memcpy_async(d, src.as_ptr() as u64, 64, &s) }.unwrap();
        runtime::stream_add_callback(&s, move |st| {
            b.lock().unwrap().push(if st.is_ok() { 2 } else { -2 });
        })
        .unwrap();
        // SAFETY: as above.
        unsafe { runtime::memcpy_async(out.as_mut_ptr() as u64, d, 64, &s) }.unwrap();
        runtime::launch_host_func(&s, move || c.lock().unwrap().push(3)).unwrap();
        s.synchronize().unwrap();
        assert_eq!(*seen.lock().unwrap(), vec![1, 2, 3]);
        assert_eq!(out, src);
        // a panicking host function is caught; the stream goes on
        runtime::launch_host_func(&s, || panic!("inside a host function")).unwrap();
        let after = seen.clone();
        runtime::launch_host_func(&s, move || after.lock().unwrap().push(4)).unwrap();
        s.synchronize().unwrap();
        assert_eq!(*seen.lock().unwrap(), vec![1, 2, 3, 4]);
        // SAFETY: freed once after the synchronize.
        unsafe { runtime::free(i, d) }.unwrap();
    }
}

#[test]
fn ipc_handles_are_exported() {
    for i in gpus() {
        let d = runtime::malloc(i, 1 << 20).unwrap();
        let h = runtime::ipc_get_mem_handle(i, d).unwrap();
        assert!(h.iter().any(|&b| b != 0));
        // the same allocation gives the same handle
        assert_eq!(runtime::ipc_get_mem_handle(i, d).unwrap(), h);
        // a handle of zeros is not a handle
        assert!(
            runtime::ipc_open_mem_handle(i, &[0; 64], runtime::IPC_MEM_LAZY_ENABLE_PEER_ACCESS)
                .is_err()
        );
        // SAFETY: freed once; nothing uses it.
        unsafe { runtime::free(i, d) }.unwrap();

        let ev = runtime::event_create_with_flags(
            i,
            runtime::EVENT_INTERPROCESS | runtime::EVENT_DISABLE_TIMING,
        )
        .unwrap();
        // SAFETY: `ev` is a live event of device i, destroyed once.
        unsafe {
            let eh = runtime::ipc_get_event_handle(i, ev).unwrap();
            assert!(eh.iter().any(|&b| b != 0));
            runtime::event_destroy(i, ev).unwrap();
        }
    }
}

#[test]
fn graphs_upload_print_and_raw_handles_destroy() {
    for i in gpus() {
        let s = Stream::new(i).unwrap();
        let x = crate::Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], Device::Cuda(i)).unwrap();
        let (g, y) = graph::capture_with(&s, |_| crate::multiply(&x, 2.0)).unwrap();
        runtime::graph_upload(&g, &s).unwrap();
        g.launch(&s).unwrap();
        s.synchronize().unwrap();
        assert_eq!(y.to_vec::<f32>().unwrap(), vec![2.0, 4.0, 6.0]);
        let path =
            std::env::temp_dir().join(format!("cuprum-graph-{}-{i}.dot", std::process::id()));
        runtime::graph_debug_dot_print(&g, &path, 1).unwrap();
        let dot = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(dot.contains("digraph"), "{dot}");
        assert!(!g.raw_graph().is_null());

        // a graph made through the driver API: instantiate, upload, then destroy both
        let _b = context(i).unwrap();
        let mut raw: sys::CUgraph = std::ptr::null_mut();
        let mut exec: sys::CUgraphExec = std::ptr::null_mut();
        // SAFETY: an empty graph and its executable form, destroyed once each below.
        unsafe {
            sys::cuGraphCreate(&mut raw, 0).result().unwrap();
            sys::cuGraphInstantiateWithFlags(&mut exec, raw, 0)
                .result()
                .unwrap();
            runtime::graph_exec_destroy(i, exec).unwrap();
            runtime::graph_destroy(i, raw).unwrap();
        }
    }
}

#[test]
fn limits_pci_ids_and_memory_pools() {
    for i in gpus() {
        use runtime::Limit as L;
        let stack = runtime::device_get_limit(i, L::CU_LIMIT_STACK_SIZE).unwrap();
        assert!(stack > 0);
        runtime::device_set_limit(i, L::CU_LIMIT_STACK_SIZE, stack + 1024).unwrap();
        assert!(runtime::device_get_limit(i, L::CU_LIMIT_STACK_SIZE).unwrap() >= stack + 1024);
        runtime::device_set_limit(i, L::CU_LIMIT_STACK_SIZE, stack).unwrap();
        assert_eq!(
            runtime::device_get_limit(i, L::CU_LIMIT_STACK_SIZE).unwrap(),
            stack
        );
        assert!(runtime::device_get_limit(i, L::CU_LIMIT_MALLOC_HEAP_SIZE).unwrap() > 0);

        let id = runtime::device_get_pci_bus_id(i).unwrap();
        assert_eq!(runtime::device_get_by_pci_bus_id(&id).unwrap(), i);
        assert!(runtime::device_get_by_pci_bus_id("ffff:ff:1f.7").is_err());

        if !properties(i).unwrap().memory_pools_supported {
            continue;
        }
        let def = runtime::device_get_default_mem_pool(i).unwrap();
        assert_eq!(runtime::device_get_mem_pool(i).unwrap(), def);
        // SAFETY: setting the default pool as the current one changes nothing.
        unsafe { runtime::device_set_mem_pool(i, def) }.unwrap();
        assert_eq!(runtime::device_get_mem_pool(i).unwrap(), def);

        let pool = runtime::mem_pool_create(i).unwrap();
        assert!(!pool.is_null() && pool != def);
        let s = Stream::new(i).unwrap();
        // SAFETY: `pool` is live until the destroy; the allocation is freed in stream order
        // before the trim.
        unsafe {
            let p = runtime::malloc_from_pool_async(1 << 22, pool, &s).unwrap();
            assert_ne!(p, 0);
            let src = pattern(256, 5);
            let mut out = vec![0u8; 256];
            runtime::memcpy_async(p, src.as_ptr() as u64, 256, &s).unwrap();
            runtime::memcpy_async(out.as_mut_ptr() as u64, p, 256, &s).unwrap();
            assert!(runtime::mem_pool_reserved_bytes(i, pool).unwrap() >= 1 << 22);
            runtime::free_async(p, &s).unwrap();
            s.synchronize().unwrap();
            assert_eq!(out, src);
            runtime::mem_pool_trim_to(i, pool, 0).unwrap();
            assert_eq!(runtime::mem_pool_reserved_bytes(i, pool).unwrap(), 0);
            runtime::mem_pool_destroy(i, pool).unwrap();
        }
    }
}

#[test]
fn cuda_arrays_round_trip_a_2d_region() {
    for i in gpus() {
        // a 16 x 4 array of u8; write a 5 x 3 block at (column 4, row 1) from a pitched host
        // buffer, read the whole array back
        let arr = runtime::malloc_array(
            i,
            runtime::ArrayFormat::CU_AD_FORMAT_UNSIGNED_INT8,
            1,
            16,
            4,
            0,
        )
        .unwrap();
        let zeros = [0u8; 16 * 4];
        let src = pattern(9 * 3, 23);
        let mut all = vec![0xFFu8; 16 * 4];
        // SAFETY: the array is 16 x 4 bytes; every host range is inside its buffer.
        unsafe {
            runtime::memcpy_2d_to_array(i, arr, 0, 0, zeros.as_ptr() as u64, 16, 16, 4).unwrap();
            runtime::memcpy_2d_to_array(i, arr, 4, 1, src.as_ptr() as u64, 9, 5, 3).unwrap();
            runtime::memcpy_2d_from_array(i, all.as_mut_ptr() as u64, 16, arr, 0, 0, 16, 4)
                .unwrap();
        }
        let mut want = vec![0u8; 16 * 4];
        for r in 0..3 {
            want[(r + 1) * 16 + 4..(r + 1) * 16 + 9].copy_from_slice(&src[r * 9..r * 9 + 5]);
        }
        assert_eq!(all, want);
        // async forms: the block back out of the array into a dense 5 x 3 buffer
        let s = Stream::new(i).unwrap();
        let mut block = vec![0u8; 15];
        // SAFETY: as above.
        unsafe {
            runtime::memcpy_2d_from_array_async(block.as_mut_ptr() as u64, 5, arr, 4, 1, 5, 3, &s)
                .unwrap();
        }
        s.synchronize().unwrap();
        let want_block: Vec<u8> = (0..3)
            .flat_map(|r| src[r * 9..r * 9 + 5].to_vec())
            .collect();
        assert_eq!(block, want_block);
        // SAFETY: as above; `src` outlives the synchronize.
        unsafe {
            runtime::memcpy_2d_to_array_async(arr, 0, 0, src.as_ptr() as u64, 9, 9, 3, &s).unwrap();
        }
        s.synchronize().unwrap();
        let mut row0 = vec![0u8; 9];
        // SAFETY: as above.
        unsafe {
            runtime::memcpy_2d_from_array(i, row0.as_mut_ptr() as u64, 9, arr, 0, 0, 9, 1).unwrap();
        }
        assert_eq!(row0, src[..9].to_vec());
        let a3 =
            runtime::malloc_3d_array(i, runtime::ArrayFormat::CU_AD_FORMAT_FLOAT, 4, 8, 8, 2, 0)
                .unwrap();
        // SAFETY: both arrays are freed once; no work uses them.
        unsafe {
            runtime::free_array(i, a3).unwrap();
            runtime::free_array(i, arr).unwrap();
        }
    }
}
