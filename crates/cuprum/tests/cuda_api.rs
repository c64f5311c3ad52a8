//! The `cupy.cuda` / `cupyx.profiler` / DLPack names through the facade, as a CuPy user
//! writes them (`use cuprum as cp;`). CPU behaviour here; the CUDA paths are tested in
//! cuprum-core (`cuda::api_tests`, `dlpack::tests`) on every device.

use cuprum as cp;
use std::sync::Arc;

#[test]
fn profiler_time_range_works_without_nvtx_or_a_gpu() {
    let _d = cp::Device::Cpu.use_device().unwrap();
    {
        let _r = cp::profiler::time_range("outer");
        let v = cp::profiler::with_time_range("inner", || 3);
        assert_eq!(v, 3);
        assert_eq!(cp::cuda::nvtx::depth(), 1);
    }
    assert_eq!(cp::cuda::nvtx::depth(), 0);
    let r = cp::profiler::TimeRange::builder("sync")
        .color_id(1)
        .sync(true)
        .run(|| 1)
        .unwrap();
    assert_eq!(r, 1);
    cp::cuda::nvtx::mark("mark");
}

#[test]
fn dlpack_round_trip_through_the_facade() {
    let a = cp::Array::from_vec_on(vec![1u32, 2, 3, 4], &[2, 2], cp::Device::Cpu).unwrap();
    let t = a.transpose().unwrap().to_dlpack().unwrap();
    assert_eq!(t.tensor().device.device_type, cp::dlpack::DLDeviceType::CPU);
    let b = cp::from_dlpack(t).unwrap();
    assert_eq!(b.to_vec::<u32>().unwrap(), vec![1, 3, 2, 4]);
    let v = a.to_dlpack_versioned().unwrap();
    assert_eq!(v.version().major, 1);
    assert_eq!(
        cp::Array::from_dlpack(v).unwrap().to_vec::<u32>().unwrap(),
        vec![1, 2, 3, 4]
    );
}

#[test]
fn cuda_runtime_names_exist_and_fail_cleanly_for_a_missing_device() {
    let n = cp::cuda::runtime::get_device_count();
    assert_eq!(n.unwrap_or(0), cp::cuda_device_count());
    assert!(
        cp::cuda::runtime::device_get_attribute(
            cp::cuda::DeviceAttribute::CU_DEVICE_ATTRIBUTE_WARP_SIZE,
            999
        )
        .is_err()
    );
    assert!(cp::cuda::runtime::device_can_access_peer(999, 0).is_err());
    assert!(cp::Device::Cuda(999).mem_info().is_err());
    assert!(cp::Device::Cpu.attributes().is_err());
    let h = Arc::new(cp::cuda::MallocStatsHook::default());
    cp::cuda::hooks::with_hook(h.clone(), || {
        let _a = cp::zeros_on(&[16], cp::DType::Float32, cp::Device::Cpu).unwrap();
    });
    assert_eq!(h.stats().mallocs, 0, "host arrays call no hook");
    let a = cp::zeros_on(&[4], cp::DType::UInt8, cp::Device::Cpu).unwrap();
    cp::cuda::runtime::memset(&a, 1, 4).unwrap();
    assert_eq!(a.to_vec::<u8>().unwrap(), vec![1; 4]);
}

#[test]
fn raw_runtime_functions_fail_cleanly_without_the_device() {
    use cp::cuda::runtime as rt;
    let e = rt::malloc(999, 64).unwrap_err();
    assert!(
        e.to_string().contains("malloc") || e.to_string().contains("libcuda"),
        "{e}"
    );
    assert!(rt::malloc_managed(999, 64, rt::MEM_ATTACH_GLOBAL).is_err());
    assert!(rt::stream_create_with_flags(999, rt::STREAM_NON_BLOCKING).is_err());
    assert!(rt::event_create_with_flags(999, rt::EVENT_DISABLE_TIMING).is_err());
    assert!(rt::device_get_limit(999, rt::Limit::CU_LIMIT_STACK_SIZE).is_err());
    assert!(rt::mem_pool_create(999).is_err());
    assert!(rt::ipc_get_mem_handle(999, 0).is_err());
    assert!(rt::device_get_by_pci_bus_id("no\0such").is_err());
    // SAFETY: refused before any address is used (the row is wider than the pitch).
    let e = unsafe { rt::memcpy_2d(0, 0, 4, 0, 4, 8, 1) }.unwrap_err();
    assert!(
        matches!(e, cp::cuda::CudaError::BadArgument { arg: "width", .. }),
        "{e}"
    );
    if cp::cuda_device_count() == 0 {
        let x = 1u32;
        assert!(rt::pointer_get_attributes(&x as *const u32 as u64).is_err());
    }
}
