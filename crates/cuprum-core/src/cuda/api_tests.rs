//! Tests of the `cupy.cuda` API surface: `runtime` (attributes, versions, peer access,
//! memset, queries), `ExternalStream`, events, memory hooks on a device, NVTX/`time_range`
//! with `sync`, the profiler switch and cudarc interop. The CPU-side behaviour (errors without
//! a device, names, memset on host arrays) runs everywhere; the CUDA part runs on every device
//! of `test_util::cuda_devices()` (skipped without a GPU unless `CUPRUM_REQUIRE_CUDA=1`).

use super::hooks::{self, MemoryHook};
use super::runtime::{self, DeviceAttribute as A};
use super::test_support::{gpus, is_unavailable};
use super::*;
use crate::{Array, DType, Device, Error, SliceItem};
use std::sync::{Arc, Mutex};

#[test]
fn missing_devices_are_errors_never_panics() {
    let missing = 4096;
    assert!(is_unavailable(
        &runtime::device_get_attribute(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE, missing).unwrap_err()
    ));
    assert!(is_unavailable(
        &runtime::device_attributes(missing).unwrap_err()
    ));
    assert!(is_unavailable(
        &runtime::device_get_pci_bus_id(missing).unwrap_err()
    ));
    assert!(is_unavailable(
        &runtime::device_can_access_peer(0, missing).unwrap_err()
    ));
    assert!(is_unavailable(
        &runtime::device_enable_peer_access(missing, 0).unwrap_err()
    ));
    assert!(is_unavailable(
        &runtime::device_disable_peer_access(0, missing).unwrap_err()
    ));
    assert!(is_unavailable(&Stream::new(missing).unwrap_err()));
    assert!(is_unavailable(&Event::new(missing).unwrap_err()));
    // SAFETY: the device does not exist, so the handle is never used.
    let e = unsafe { ExternalStream::new(std::ptr::null_mut(), missing) }.unwrap_err();
    assert!(is_unavailable(&e));
    let d = Device::Cuda(missing);
    assert!(is_unavailable(&d.attributes().unwrap_err()));
    assert!(is_unavailable(&d.compute_capability().unwrap_err()));
    assert!(is_unavailable(&d.pci_bus_id().unwrap_err()));
    assert!(is_unavailable(&d.name().unwrap_err()));
    assert!(is_unavailable(&d.total_memory().unwrap_err()));
    assert!(is_unavailable(&d.mem_info().unwrap_err()));
    // the CPU is not a CUDA device
    for e in [
        Device::Cpu.attributes().unwrap_err(),
        Device::Cpu.compute_capability().unwrap_err(),
        Device::Cpu.pci_bus_id().unwrap_err(),
        Device::Cpu.name().unwrap_err(),
        Device::Cpu.total_memory().unwrap_err(),
        Device::Cpu.mem_info().unwrap_err(),
        Device::Cpu.can_access_peer(Device::Cuda(0)).unwrap_err(),
        Device::Cuda(0).enable_peer_access(Device::Cpu).unwrap_err(),
        Device::Cpu
            .disable_peer_access(Device::Cuda(0))
            .unwrap_err(),
    ] {
        assert!(
            matches!(e, cuprum_cuda::Error::Unsupported { .. }) && e.to_string().contains("CPU"),
            "{e}"
        );
    }
}

#[test]
fn device_count_and_versions_agree_with_initialization() {
    match init_error() {
        Some(_) => {
            assert_eq!(device_count(), 0);
            assert!(is_unavailable(&get_device_count().unwrap_err()));
            assert!(is_unavailable(&driver_get_version().unwrap_err()));
        }
        None => {
            assert_eq!(get_device_count().unwrap(), device_count());
            let v = driver_get_version().unwrap();
            assert!(v >= 11000 && v % 10 == 0, "{v}");
        }
    }
    match runtime::runtime_get_version() {
        Ok(v) => {
            let (major, minor) = nvrtc_version().unwrap();
            assert_eq!(v, 1000 * major + 10 * minor);
        }
        Err(e) => {
            assert!(!nvrtc_available());
            assert!(
                matches!(e, cuprum_cuda::Error::LibraryNotFound { .. }),
                "{e}"
            );
        }
    }
}

#[test]
fn attribute_names_follow_cupy_and_round_trip() {
    let cases = [
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
            "MaxThreadsPerBlock",
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
            "MultiProcessorCount",
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
            "MaxThreadsPerMultiProcessor",
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
            "ComputeCapabilityMajor",
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH,
            "MaxTexture2DWidth",
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH,
            "MaxTexture3DDepth",
        ),
        (A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, "L2CacheSize"),
        (A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, "PciBusId"),
        (A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD, "IsMultiGpuBoard"),
        (
            A::CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS,
            "CanUse64BitStreamMemOps",
        ),
        (
            A::CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
            "MemoryPoolsSupported",
        ),
    ];
    for (a, name) in cases {
        assert_eq!(runtime::attribute_name(a), name);
        assert_eq!(runtime::attribute_from_name(name), Some(a));
        assert_eq!(runtime::attribute_from_name(&format!("{a:?}")), Some(a));
    }
    let list = runtime::device_attribute_list();
    assert_eq!(list.len(), 147);
    let names: std::collections::BTreeSet<String> =
        list.iter().map(|&a| runtime::attribute_name(a)).collect();
    assert_eq!(names.len(), list.len(), "names are unique");
    for &a in list {
        assert_eq!(runtime::attribute_from_raw(a as i32), Some(a));
    }
    assert_eq!(
        runtime::attribute_from_raw(10),
        Some(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE)
    );
    assert_eq!(runtime::attribute_from_raw(-3), None);
    assert_eq!(runtime::attribute_from_raw(100_000), None);
}

#[test]
fn memset_on_host_arrays_is_bounds_checked() {
    let a = crate::arange_on(0, 8, 1, Some(DType::UInt8), Device::Cpu).unwrap();
    let v = a
        .slice(&[SliceItem::Slice {
            start: Some(2),
            stop: None,
            step: 1,
        }])
        .unwrap();
    runtime::memset(&v, 9, 6).unwrap();
    assert_eq!(a.to_vec::<u8>().unwrap(), vec![0, 1, 9, 9, 9, 9, 9, 9]);
    let e = runtime::memset(&v, 0, 7).unwrap_err();
    assert!(
        matches!(
            e,
            crate::Error::BadArgument {
                op: "memset",
                arg: "nbytes",
                ..
            }
        ) && e.to_string().contains("nbytes = 7"),
        "{e}"
    );
    runtime::memset(&v, 0, 0).unwrap();
    let w = crate::zeros_on(&[3], DType::Float32, Device::Cpu).unwrap();
    runtime::memset(&w, 0x3f, 12).unwrap();
    assert_eq!(
        w.to_vec::<f32>().unwrap(),
        vec![f32::from_bits(0x3f3f3f3f); 3]
    );
    assert!(runtime::memset(&w, 0, usize::MAX).is_err());
}

#[test]
fn device_attributes_and_properties_agree() {
    for i in gpus() {
        let d = Device::Cuda(i);
        let p = properties(i).unwrap();
        let attrs = d.attributes().unwrap();
        assert_eq!(attrs["WarpSize"], 32);
        assert_eq!(attrs["MultiProcessorCount"] as u32, p.multiprocessor_count);
        assert_eq!(attrs["MaxThreadsPerBlock"] as u32, p.max_threads_per_block);
        assert_eq!(
            attrs["ComputeCapabilityMajor"] as u32,
            p.compute_capability.0
        );
        assert_eq!(
            attrs["ComputeCapabilityMinor"] as u32,
            p.compute_capability.1
        );
        assert_eq!(attrs["L2CacheSize"] as usize, p.l2_cache_size);
        assert!(attrs.len() > 100, "{} attributes", attrs.len());
        assert_eq!(
            runtime::device_get_attribute(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE, i).unwrap(),
            32
        );
        assert_eq!(
            d.compute_capability().unwrap(),
            format!("{}{}", p.compute_capability.0, p.compute_capability.1)
        );
        let bus = d.pci_bus_id().unwrap();
        let parts: Vec<&str> = bus.split([':', '.']).collect();
        assert_eq!(parts.len(), 4, "{bus}");
        assert_eq!(
            u32::from_str_radix(parts[1], 16).unwrap(),
            attrs["PciBusId"] as u32,
            "{bus}"
        );
        assert_eq!(
            u32::from_str_radix(parts[2], 16).unwrap(),
            attrs["PciDeviceId"] as u32,
            "{bus}"
        );
        assert_eq!(d.name().unwrap(), p.name);
        assert!(!p.name.is_empty());
        assert_eq!(d.total_memory().unwrap(), p.total_memory);
        let (free, total) = d.mem_info().unwrap();
        assert_eq!(total, p.total_memory);
        assert!(free <= total && free > 0);
        let drv = driver_get_version().unwrap();
        assert!(drv >= 11000);
        assert_eq!(get_device_count().unwrap(), device_count());
    }
}

#[test]
fn memset_on_device_arrays() {
    for i in gpus() {
        let a = crate::zeros_on(&[10], DType::UInt8, Device::Cuda(i)).unwrap();
        let v = a
            .slice(&[SliceItem::Slice {
                start: Some(3),
                stop: None,
                step: 1,
            }])
            .unwrap();
        runtime::memset(&v, 5, 4).unwrap();
        assert_eq!(
            a.to_vec::<u8>().unwrap(),
            vec![0, 0, 0, 5, 5, 5, 5, 0, 0, 0]
        );
        assert!(runtime::memset(&v, 1, 8).is_err());
        let s = Stream::new(i).unwrap();
        runtime::memset_async(&a, 0xff, 10, &s).unwrap();
        s.synchronize().unwrap();
        assert_eq!(a.to_vec::<u8>().unwrap(), vec![255; 10]);
        let f = crate::zeros_on(&[4], DType::Int32, Device::Cuda(i)).unwrap();
        runtime::memset(&f, 1, 16).unwrap();
        assert_eq!(f.to_vec::<i32>().unwrap(), vec![0x01010101; 4]);
        // a CPU array on a device stream
        let h = crate::zeros_on(&[4], DType::UInt8, Device::Cpu).unwrap();
        assert!(matches!(
            runtime::memset_async(&h, 0, 4, &s).unwrap_err(),
            Error::DeviceMismatch { .. }
        ));
    }
}

#[test]
fn stream_and_event_queries() {
    for i in gpus() {
        let s = Stream::new(i).unwrap();
        let x = {
            let _g = s.use_stream().unwrap();
            let x = crate::ones_on(&[1 << 20], DType::Float32, Device::Cuda(i)).unwrap();
            let mut y = x.clone();
            for _ in 0..20 {
                y = crate::add(&y, &x).unwrap();
            }
            y
        };
        let e = s.record().unwrap();
        e.synchronize().unwrap();
        assert!(e.done().unwrap());
        assert!(e.query().unwrap());
        assert!(runtime::event_query(&e).unwrap());
        s.synchronize().unwrap();
        assert!(s.done().unwrap());
        assert!(s.query().unwrap());
        assert!(runtime::stream_query(&s).unwrap());
        assert_eq!(x.to_vec::<f32>().unwrap()[0], 21.0);
        // a never-recorded event is done
        let fresh = Event::new(i).unwrap();
        assert!(fresh.done().unwrap());
        assert_eq!(fresh.ordinal(), i);
        // elapsed time between two recorded events
        let (a, b) = (Event::new(i).unwrap(), Event::new(i).unwrap());
        a.record(&s).unwrap();
        {
            let _g = s.use_stream().unwrap();
            let _ = crate::multiply(&x, &x).unwrap();
        }
        b.record(&s).unwrap();
        b.synchronize().unwrap();
        let ms = get_elapsed_time(&a, &b).unwrap();
        assert!(ms >= 0.0 && ms == a.elapsed_time(&b).unwrap());
    }
}

#[test]
fn an_external_stream_is_usable_as_the_current_stream() {
    for i in gpus() {
        let owner = Stream::new(i).unwrap();
        // SAFETY: `owner` owns the stream and outlives every use of `ext` below.
        let ext = unsafe { ExternalStream::new(owner.raw(), i) }.unwrap();
        assert_eq!(ext.raw(), owner.raw());
        assert_eq!(ext.ordinal(), i);
        let y = {
            let _g = ext.use_stream().unwrap();
            assert_eq!(get_current_stream(i).unwrap().raw(), owner.raw());
            let x = crate::arange_on(0, 1000, 1, Some(DType::Int64), Device::Cuda(i)).unwrap();
            crate::multiply(&x, 3).unwrap()
        };
        ext.synchronize().unwrap();
        assert!(ext.done().unwrap());
        let v = y.to_vec::<i64>().unwrap();
        assert_eq!(v[999], 2997);
        // the legacy default stream wrapped
        // SAFETY: null is the legacy default stream, always valid.
        let null = unsafe { ExternalStream::new(std::ptr::null_mut(), i) }.unwrap();
        assert_eq!(null.stream(), Stream::null(i).unwrap());
        drop(ext);
        // the owner's stream still works after the wrapper is gone
        owner.synchronize().unwrap();
    }
}

#[derive(Default)]
struct Log(Mutex<Vec<(String, usize, u64)>>);
impl MemoryHook for Log {
    fn malloc_postprocess(&self, _d: usize, size: usize, _m: usize, p: u64, _id: u64) {
        self.0.lock().unwrap().push(("malloc".into(), size, p));
    }
    fn alloc_postprocess(&self, _d: usize, size: usize, p: u64) {
        self.0.lock().unwrap().push(("alloc".into(), size, p));
    }
    fn free_postprocess(&self, _d: usize, size: usize, p: u64, _id: u64) {
        self.0.lock().unwrap().push(("free".into(), size, p));
    }
}

#[test]
fn memory_hooks_see_device_allocations_and_frees() {
    for i in gpus() {
        let log = Arc::new(Log::default());
        let ptr = {
            let _g = hooks::install(log.clone());
            let a = crate::zeros_on(&[256], DType::Float32, Device::Cuda(i)).unwrap();
            let p = a.device_ptr().unwrap();
            drop(a);
            p
        };
        let l = log.0.lock().unwrap();
        assert!(
            l.contains(&("malloc".to_string(), 1024, ptr)),
            "{l:?} lacks the malloc of {ptr:#x}"
        );
        assert!(
            l.contains(&("free".to_string(), 1024, ptr)),
            "{l:?} lacks the free of {ptr:#x}"
        );
        // the default allocator reports its driver allocation (another test may have
        // installed a different allocator; then only malloc/free are seen)
        let mallocs = l.iter().filter(|e| e.0 == "malloc").count();
        let frees = l.iter().filter(|e| e.0 == "free").count();
        assert_eq!(mallocs, frees, "{l:?}");
        drop(l);
        // after the guard: nothing more is logged
        let n = log.0.lock().unwrap().len();
        drop(crate::zeros_on(&[8], DType::Float32, Device::Cuda(i)).unwrap());
        assert_eq!(log.0.lock().unwrap().len(), n);
    }
}

#[test]
fn time_ranges_with_sync_on_a_device() {
    for i in gpus() {
        let _d = Device::Cuda(i).use_device().unwrap();
        let x = crate::ones_on(&[1 << 16], DType::Float64, Device::Cuda(i)).unwrap();
        let s = profiler::TimeRange::builder("sum")
            .color_id(4)
            .sync(true)
            .run(|| x.sum(crate::reduce::Axes::All, false).unwrap())
            .unwrap();
        assert_eq!(s.to_vec::<f64>().unwrap(), vec![65536.0]);
        assert_eq!(nvtx::depth(), 0);
        profiler::start().unwrap();
        profiler::stop().unwrap();
        drop(profiler::profile().unwrap());
    }
}

#[test]
fn peer_access_control() {
    let g = gpus();
    for &i in &g {
        assert!(!runtime::device_can_access_peer(i, i).unwrap());
        assert!(runtime::device_enable_peer_access(i, i).is_err());
    }
    if g.len() >= 2 {
        let (a, b) = (Device::Cuda(g[0]), Device::Cuda(g[1]));
        if a.can_access_peer(b).unwrap() {
            a.enable_peer_access(b).unwrap();
            a.enable_peer_access(b).unwrap(); // idempotent
            let x = crate::arange_on(0, 100, 1, Some(DType::Int32), b).unwrap();
            let y = x.to_device(a).unwrap();
            assert_eq!(y.to_vec::<i32>().unwrap(), (0..100).collect::<Vec<_>>());
            a.disable_peer_access(b).unwrap();
            assert!(a.disable_peer_access(b).is_err());
        } else {
            assert!(a.enable_peer_access(b).is_err());
        }
    }
}

#[test]
fn cudarc_slices_become_arrays_without_a_copy() {
    for i in gpus() {
        let ctx = context(i).unwrap();
        let stream = ctx.default_stream();
        // owned
        let slice = stream
            .clone_htod(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])
            .unwrap();
        let raw = {
            use cudarc::driver::DevicePtr;
            let (p, _r) = slice.device_ptr(&stream);
            p
        };
        let a = Array::from_cuda_slice(slice, &[2, 3]).unwrap();
        assert_eq!(a.device(), Device::Cuda(i));
        assert_eq!(a.device_ptr(), Some(raw));
        assert_eq!(a.to_vec::<f32>().unwrap(), vec![1., 2., 3., 4., 5., 6.]);
        let b = crate::multiply(&a.transpose().unwrap(), 2.0).unwrap();
        assert_eq!(b.to_vec::<f32>().unwrap(), vec![2., 8., 4., 10., 6., 12.]);
        drop(a); // cudarc frees the slice
        // from a slice on another (non-blocking) stream of cuprum's context
        let other = ctx.new_stream().unwrap();
        let s2 = other.clone_htod(&[7i64; 1000]).unwrap();
        let c = Array::from_cuda_slice(s2, 1000usize).unwrap();
        assert_eq!(
            c.sum(crate::reduce::Axes::All, false)
                .unwrap()
                .to_vec::<i64>()
                .unwrap(),
            vec![7000]
        );
        drop(c);
        other.synchronize().unwrap();
        // shape mismatch: an error, the slice freed
        let s3 = stream.clone_htod(&[1u8, 2, 3]).unwrap();
        assert!(matches!(
            Array::from_cuda_slice(s3, &[2, 2]).unwrap_err(),
            Error::ShapeMismatch { .. }
        ));
        // borrowed
        let keep = stream.clone_htod(&[10i32, 20, 30]).unwrap();
        {
            // SAFETY: `keep` outlives `d`, and the stream is synchronized before it is freed.
            let d = unsafe { Array::from_cuda_slice_borrowed(&keep, 3usize) }.unwrap();
            let e = crate::add(&d, 1).unwrap();
            assert_eq!(e.to_vec::<i32>().unwrap(), vec![11, 21, 31]);
        }
        synchronize_device(i).unwrap();
        drop(keep);
    }
}

#[test]
fn arrays_lend_their_memory_to_cudarc() {
    for i in gpus() {
        let a = crate::arange_on(0.0, 6.0, 1.0, Some(DType::Float64), Device::Cuda(i)).unwrap();
        {
            let mut v = a.as_cuda_view::<f64>().unwrap();
            assert_eq!(v.len(), 6);
            let stream = v.stream().clone();
            assert_eq!(stream.cu_stream(), get_current_stream(i).unwrap().raw());
            let host = stream.clone_dtoh(&*v).unwrap();
            assert_eq!(host, vec![0., 1., 2., 3., 4., 5.]);
            assert_eq!(v.view().len(), 6);
            // a write through cudarc is seen by the array
            stream.memset_zeros(&mut v.view_mut()).unwrap();
        }
        assert_eq!(a.to_vec::<f64>().unwrap(), vec![0.0; 6]);
        // the view keeps the buffer alive after the array is dropped
        let b = crate::full_on(&[3], 2.5f32, DType::Float32, Device::Cuda(i)).unwrap();
        let v = b.as_cuda_view::<f32>().unwrap();
        let ptr = b.device_ptr().unwrap();
        drop(b);
        let host = v.stream().clone().clone_dtoh(&*v).unwrap();
        assert_eq!(host, vec![2.5; 3]);
        {
            use cudarc::driver::DevicePtr;
            let s = v.stream().clone();
            assert_eq!(v.device_ptr(&s).0, ptr);
        }
        drop(v);
        // refused: wrong type, not C-contiguous
        let m = crate::zeros_on(&[2, 3], DType::Float32, Device::Cuda(i)).unwrap();
        assert!(matches!(
            m.as_cuda_view::<f64>().unwrap_err(),
            Error::DTypeMismatch { .. }
        ));
        assert!(m.transpose().unwrap().as_cuda_view::<f32>().is_err());
        // a C-contiguous slice with an offset starts at its first element
        let row = m.slice(&[SliceItem::Index(1)]).unwrap();
        let rv = row.as_cuda_view::<f32>().unwrap();
        {
            use cudarc::driver::DevicePtr;
            let s = rv.stream().clone();
            assert_eq!(rv.device_ptr(&s).0, m.device_ptr().unwrap() + 12);
        }
    }
}
