//! DLPack tests: export and import on the CPU for every dtype and for strided, offset,
//! negative-stride and broadcast views; a foreign producer (a `DLManagedTensor` made here from
//! a `Vec`) for the import path; bad tensors; and CUDA export/import through
//! `test_util::cuda_devices()`.

use super::*;
use crate::{Array, DType, Device, SliceItem};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A producer's context: the memory (words), the shape and strides the tensor points into,
/// and a counter its deleter bumps.
struct Producer {
    _buf: Vec<u64>,
    _shape: Vec<i64>,
    _strides: Option<Vec<i64>>,
    deleted: Arc<AtomicUsize>,
}

unsafe extern "C" fn producer_delete(p: *mut DLManagedTensor) {
    // SAFETY: made by `produce` with Box::into_raw; called once.
    unsafe {
        let m = Box::from_raw(p);
        let ctx = Box::from_raw(m.manager_ctx.cast::<Producer>());
        ctx.deleted.fetch_add(1, Ordering::SeqCst);
    }
}

unsafe extern "C" fn producer_delete_versioned(p: *mut DLManagedTensorVersioned) {
    // SAFETY: made by `produce_versioned` with Box::into_raw; called once.
    unsafe {
        let m = Box::from_raw(p);
        let ctx = Box::from_raw(m.manager_ctx.cast::<Producer>());
        ctx.deleted.fetch_add(1, Ordering::SeqCst);
    }
}

/// What a foreign tensor looks like.
#[derive(Clone)]
struct Spec {
    bytes: Vec<u8>,
    /// bytes of padding before `bytes` in the buffer (the data pointer points at the buffer
    /// start; `byte_offset` = `pad`)
    pad: usize,
    /// the data pointer is moved by this many bytes (and byte_offset reduced): unaligned data
    shift: usize,
    dtype: DLDataType,
    shape: Vec<i64>,
    strides: Option<Vec<i64>>,
    device: DLDevice,
    ndim: Option<i32>,
    null_shape: bool,
    null_data: bool,
}

impl Spec {
    fn new(bytes: Vec<u8>, dtype: DType, shape: &[i64]) -> Spec {
        Spec {
            bytes,
            pad: 0,
            shift: 0,
            dtype: DLDataType::from_dtype(dtype),
            shape: shape.to_vec(),
            strides: None,
            device: DLDevice {
                device_type: DLDeviceType::CPU,
                device_id: 0,
            },
            ndim: None,
            null_shape: false,
            null_data: false,
        }
    }
}

/// Builds the producer's context and the tensor description (pointers into the context).
fn build(s: &Spec) -> (Box<Producer>, DLTensor, Arc<AtomicUsize>, *mut u8) {
    let deleted = Arc::new(AtomicUsize::new(0));
    let total = s.pad + s.bytes.len() + 8;
    let mut buf = vec![0u64; total.div_ceil(8)];
    let base = buf.as_mut_ptr().cast::<u8>();
    // SAFETY: the buffer has room for pad + bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(s.bytes.as_ptr(), base.add(s.pad), s.bytes.len());
    }
    let mut ctx = Box::new(Producer {
        _buf: buf,
        _shape: s.shape.clone(),
        _strides: s.strides.clone(),
        deleted: deleted.clone(),
    });
    let shape_ptr = if s.null_shape {
        std::ptr::null_mut()
    } else {
        ctx._shape.as_mut_ptr()
    };
    let strides_ptr = ctx
        ._strides
        .as_mut()
        .map_or(std::ptr::null_mut(), |v| v.as_mut_ptr());
    let data = if s.null_data {
        std::ptr::null_mut()
    } else {
        // SAFETY: inside the buffer.
        unsafe { base.add(s.shift).cast() }
    };
    let t = DLTensor {
        data,
        device: s.device,
        ndim: s.ndim.unwrap_or(s.shape.len() as i32),
        dtype: s.dtype,
        shape: shape_ptr,
        strides: strides_ptr,
        byte_offset: (s.pad - s.shift) as u64,
    };
    (ctx, t, deleted, base)
}

fn produce(s: &Spec) -> (ManagedTensor, Arc<AtomicUsize>, *mut u8) {
    let (ctx, t, deleted, base) = build(s);
    let m = Box::new(DLManagedTensor {
        dl_tensor: t,
        manager_ctx: Box::into_raw(ctx).cast(),
        deleter: Some(producer_delete),
    });
    // SAFETY: a valid tensor owned by nobody else.
    let h = unsafe { ManagedTensor::from_raw(Box::into_raw(m)) }.unwrap();
    (h, deleted, base)
}

fn produce_versioned(
    s: &Spec,
    version: DLPackVersion,
    flags: u64,
) -> (ManagedTensorVersioned, Arc<AtomicUsize>) {
    let (ctx, t, deleted, _) = build(s);
    let m = Box::new(DLManagedTensorVersioned {
        version,
        manager_ctx: Box::into_raw(ctx).cast(),
        deleter: Some(producer_delete_versioned),
        flags,
        dl_tensor: t,
    });
    // SAFETY: a valid tensor owned by nobody else.
    let h = unsafe { ManagedTensorVersioned::from_raw(Box::into_raw(m)) }.unwrap();
    (h, deleted)
}

/// Six distinct values 1..=6 of `dtype`, C order, shape [2, 3].
fn sample(dtype: DType, device: Device) -> Array {
    crate::arange_on(1.0, 7.0, 1.0, Some(DType::Float64), device)
        .unwrap()
        .reshape(&[2usize, 3][..])
        .unwrap()
        .astype(dtype)
        .unwrap()
}

fn sl(start: Option<isize>, stop: Option<isize>, step: isize) -> SliceItem {
    SliceItem::Slice { start, stop, step }
}

/// Views of a [4, 6] array: the whole, a transpose, a strided slice with an offset, a
/// negative-stride slice, a broadcast.
fn views(base: &Array) -> Vec<(&'static str, Array)> {
    vec![
        ("whole", base.clone()),
        ("transpose", base.transpose().unwrap()),
        (
            "strided slice",
            base.slice(&[sl(Some(1), None, 2), sl(Some(1), Some(5), 3)])
                .unwrap(),
        ),
        (
            "negative strides",
            base.slice(&[sl(None, None, -1), sl(Some(4), Some(0), -2)])
                .unwrap(),
        ),
        (
            "broadcast",
            base.slice(&[SliceItem::Index(2)])
                .unwrap()
                .broadcast_to(&[3usize, 6][..])
                .unwrap(),
        ),
    ]
}

fn base_of(dtype: DType, device: Device) -> Array {
    crate::arange_on(0.0, 24.0, 1.0, Some(DType::Float64), device)
        .unwrap()
        .reshape(&[4usize, 6][..])
        .unwrap()
        .astype(dtype)
        .unwrap()
}

/// Reads the elements a CPU tensor describes, in C order, through its raw pointers.
fn read_tensor(t: &DLTensor) -> Vec<u8> {
    let n = t.ndim as usize;
    // SAFETY: a valid tensor has ndim shape and stride entries (strides exported non-null).
    let (shape, strides) = unsafe {
        (
            std::slice::from_raw_parts(t.shape, n),
            std::slice::from_raw_parts(t.strides, n),
        )
    };
    let item = (t.dtype.bits / 8) as usize;
    let size: i64 = shape.iter().product();
    let mut out = Vec::new();
    for flat in 0..size {
        let mut rem = flat;
        let mut off = 0i64;
        for d in (0..n).rev() {
            off += (rem % shape[d]) * strides[d];
            rem /= shape[d];
        }
        let p = t.data as usize as i64 + t.byte_offset as i64 + off * item as i64;
        // SAFETY: the element lies inside the exported buffer.
        out.extend_from_slice(unsafe { std::slice::from_raw_parts(p as *const u8, item) });
    }
    out
}

#[test]
fn cpu_export_describes_every_dtype_and_view() {
    for dtype in DType::ALL {
        let base = base_of(dtype, Device::Cpu);
        for (name, v) in views(&base) {
            for versioned in [false, true] {
                let expect = v.to_bytes().unwrap();
                let check = |t: &DLTensor| {
                    assert_eq!(t.device.device_type, DLDeviceType::CPU);
                    assert_eq!(t.device.device_id, 0);
                    assert_eq!(t.ndim as usize, v.ndim(), "{dtype} {name}");
                    assert_eq!(t.dtype, DLDataType::from_dtype(dtype));
                    assert_eq!(t.dtype.to_dtype(), Some(dtype));
                    assert_eq!(t.byte_offset, 0);
                    // SAFETY: ndim entries each.
                    let (sh, st) = unsafe {
                        (
                            std::slice::from_raw_parts(t.shape, v.ndim()),
                            std::slice::from_raw_parts(t.strides, v.ndim()),
                        )
                    };
                    let want_sh: Vec<i64> = v.shape().iter().map(|&n| n as i64).collect();
                    let want_st: Vec<i64> = v.strides().iter().map(|&n| n as i64).collect();
                    assert_eq!(sh, &want_sh[..], "{dtype} {name}");
                    assert_eq!(st, &want_st[..], "{dtype} {name}");
                    assert_eq!(read_tensor(t), expect, "{dtype} {name}");
                };
                let back = if versioned {
                    let t = v.to_dlpack_versioned().unwrap();
                    assert_eq!(t.flags(), 0);
                    check(t.tensor());
                    from_dlpack(t).unwrap()
                } else {
                    let t = v.to_dlpack().unwrap();
                    check(t.tensor());
                    Array::from_dlpack(t).unwrap()
                };
                // our own tensor comes back as the same buffer and view
                assert!(
                    Arc::ptr_eq(back.storage(), base.storage()),
                    "{dtype} {name}"
                );
                assert_eq!(back.shape(), v.shape());
                assert_eq!(back.strides(), v.strides());
                assert_eq!(back.to_bytes().unwrap(), expect);
            }
        }
    }
}

/// A foreign consumer that re-wraps one of our tensors under its own deleter: the import path
/// for a foreign producer, over cuprum's memory, for every dtype and view.
fn rewrap(t: ManagedTensor, deleted: &Arc<AtomicUsize>) -> ManagedTensor {
    struct Inner {
        inner: *mut DLManagedTensor,
        deleted: Arc<AtomicUsize>,
    }
    unsafe extern "C" fn del(p: *mut DLManagedTensor) {
        // SAFETY: made below with Box::into_raw; the inner tensor is released once here.
        unsafe {
            let m = Box::from_raw(p);
            let ctx = Box::from_raw(m.manager_ctx.cast::<Inner>());
            drop(ManagedTensor::from_raw(ctx.inner));
            ctx.deleted.fetch_add(1, Ordering::SeqCst);
        }
    }
    let inner = t.into_raw();
    // SAFETY: `inner` is a valid tensor; the copy of its description stays valid while the
    // inner tensor lives (until our deleter).
    let dl = unsafe {
        let d = &(*inner).dl_tensor;
        DLTensor {
            data: d.data,
            device: d.device,
            ndim: d.ndim,
            dtype: d.dtype,
            shape: d.shape,
            strides: d.strides,
            byte_offset: d.byte_offset,
        }
    };
    let m = Box::new(DLManagedTensor {
        dl_tensor: dl,
        manager_ctx: Box::into_raw(Box::new(Inner {
            inner,
            deleted: deleted.clone(),
        }))
        .cast(),
        deleter: Some(del),
    });
    // SAFETY: a valid tensor owned by nobody else.
    unsafe { ManagedTensor::from_raw(Box::into_raw(m)) }.unwrap()
}

/// The address of element (0, ..., 0).
fn first_element(a: &Array) -> usize {
    match a.device_ptr() {
        Some(p) => p as usize,
        None => a.storage().as_cpu().unwrap().as_ptr() as usize + a.offset() * a.dtype().itemsize(),
    }
}

#[test]
fn foreign_import_of_every_dtype_and_view_round_trips_on_every_device() {
    for device in crate::test_util::all_devices() {
        for dtype in DType::ALL {
            let base = base_of(dtype, device);
            for (name, v) in views(&base) {
                let deleted = Arc::new(AtomicUsize::new(0));
                let t = rewrap(v.to_dlpack().unwrap(), &deleted);
                let back = from_dlpack(t).unwrap();
                assert_eq!(back.device(), device);
                assert_eq!(back.dtype(), dtype);
                assert_eq!(back.shape(), v.shape(), "{device} {dtype} {name}");
                assert_eq!(back.strides(), v.strides(), "{device} {dtype} {name}");
                assert_eq!(
                    back.to_bytes().unwrap(),
                    v.to_bytes().unwrap(),
                    "{device} {dtype} {name}"
                );
                assert!(!Arc::ptr_eq(back.storage(), base.storage()));
                if first_element(&back) == first_element(&v) {
                    // zero copy: not released while the array lives
                    assert_eq!(deleted.load(Ordering::SeqCst), 0, "{device} {dtype} {name}");
                } else {
                    // copied (host memory not word-aligned or sized): released at once
                    assert!(
                        device.is_cpu(),
                        "{device} {dtype} {name}: CUDA imports never copy"
                    );
                    assert_eq!(deleted.load(Ordering::SeqCst), 1, "{device} {dtype} {name}");
                }
                drop(back);
                assert_eq!(deleted.load(Ordering::SeqCst), 1, "{device} {dtype} {name}");
            }
        }
    }
}

#[test]
fn writes_through_an_import_are_seen_by_the_exporter() {
    for device in crate::test_util::all_devices() {
        let a = crate::zeros_on(&[2, 4], DType::Float32, device).unwrap();
        let deleted = Arc::new(AtomicUsize::new(0));
        let b = from_dlpack(rewrap(a.to_dlpack().unwrap(), &deleted)).unwrap();
        let ones = crate::ones_on(&[2, 4], DType::Float32, device).unwrap();
        b.assign(&ones).unwrap();
        assert_eq!(a.to_vec::<f32>().unwrap(), vec![1.0; 8], "{device}");
        drop(b);
        assert_eq!(deleted.load(Ordering::SeqCst), 1);
    }
}

#[test]
fn foreign_cpu_tensor_is_wrapped_without_a_copy_and_released_with_the_last_view() {
    let vals: Vec<i32> = (1..=6).collect();
    let (t, deleted, base) = produce(&Spec::new(
        bytemuck::cast_slice(&vals).to_vec(),
        DType::Int32,
        &[2, 3],
    ));
    let a = from_dlpack(t).unwrap();
    assert_eq!(a.to_vec::<i32>().unwrap(), vals);
    // the producer writes; the array sees it (no copy)
    // SAFETY: element 4 of the producer's buffer; nothing borrows it now.
    unsafe { base.cast::<i32>().add(4).write(50) };
    assert_eq!(a.to_vec::<i32>().unwrap(), vec![1, 2, 3, 4, 50, 6]);
    let row = a.slice(&[SliceItem::Index(1)]).unwrap();
    drop(a);
    assert_eq!(deleted.load(Ordering::SeqCst), 0);
    assert_eq!(row.to_vec::<i32>().unwrap(), vec![4, 50, 6]);
    drop(row);
    assert_eq!(deleted.load(Ordering::SeqCst), 1);
}

#[test]
fn foreign_strides_offsets_and_null_strides() {
    // memory 0..12 (f64); views described by strides and byte_offset
    let vals: Vec<f64> = (0..12).map(|i| i as f64).collect();
    let bytes = bytemuck::cast_slice(&vals).to_vec();
    // (shape, strides, byte_offset, the values in C order)
    type Case = (Vec<i64>, Option<Vec<i64>>, usize, Vec<f64>);
    let cases: Vec<Case> = vec![
        // C order, strides null
        (vec![3, 4], None, 0, vals.clone()),
        // Fortran order over the same memory: a[i, j] = m[i + 3 j]
        (
            vec![3, 4],
            Some(vec![1, 3]),
            0,
            vec![0., 3., 6., 9., 1., 4., 7., 10., 2., 5., 8., 11.],
        ),
        // negative strides from element 11 (byte_offset 88): a[i, j] = m[11 - 4 i - j]
        (
            vec![3, 4],
            Some(vec![-4, -1]),
            88,
            (0..12).rev().map(|i| i as f64).collect(),
        ),
        // every other element from element 1: a[i] = m[1 + 2 i]
        (vec![5], Some(vec![2]), 8, vec![1., 3., 5., 7., 9.]),
        // zero stride (broadcast of element 2)
        (vec![2, 3], Some(vec![0, 0]), 16, vec![2.0; 6]),
        // 0-d
        (vec![], None, 40, vec![5.0]),
    ];
    for (shape, strides, off, want) in cases {
        let mut s = Spec::new(bytes.clone(), DType::Float64, &shape);
        s.strides = strides.clone();
        s.pad = 0;
        // byte_offset carries `off`: point data at the buffer start
        let (ctx, mut t, deleted, _) = build(&s);
        t.byte_offset = off as u64;
        let m = Box::new(DLManagedTensor {
            dl_tensor: t,
            manager_ctx: Box::into_raw(ctx).cast(),
            deleter: Some(producer_delete),
        });
        // SAFETY: a valid tensor owned by nobody else.
        let h = unsafe { ManagedTensor::from_raw(Box::into_raw(m)) }.unwrap();
        let a = from_dlpack(h).unwrap();
        let want_shape: Vec<usize> = shape.iter().map(|&n| n as usize).collect();
        assert_eq!(a.shape(), &want_shape[..]);
        assert_eq!(a.to_vec::<f64>().unwrap(), want, "{shape:?} {strides:?}");
        drop(a);
        assert_eq!(deleted.load(Ordering::SeqCst), 1);
    }
}

#[test]
fn unaligned_or_odd_sized_host_memory_is_copied_and_released_at_once() {
    // 3 bytes: not a multiple of 8
    let (t, deleted, _) = produce(&Spec::new(vec![7, 8, 9], DType::UInt8, &[3]));
    let a = from_dlpack(t).unwrap();
    assert_eq!(deleted.load(Ordering::SeqCst), 1);
    assert_eq!(a.to_vec::<u8>().unwrap(), vec![7, 8, 9]);
    // 8 bytes at an odd address
    let mut s = Spec::new(vec![1, 2, 3, 4, 5, 6, 7, 8], DType::Int16, &[4]);
    s.pad = 1;
    s.shift = 1;
    let (t, deleted, _) = produce(&s);
    let a = from_dlpack(t).unwrap();
    assert_eq!(deleted.load(Ordering::SeqCst), 1);
    assert_eq!(
        a.to_vec::<i16>().unwrap(),
        vec![
            i16::from_ne_bytes([1, 2]),
            i16::from_ne_bytes([3, 4]),
            i16::from_ne_bytes([5, 6]),
            i16::from_ne_bytes([7, 8])
        ]
    );
}

#[test]
fn versioned_tensors_read_only_copies_and_version_checks() {
    let vals = [1.5f32, 2.5, 3.5, 4.5];
    let spec = Spec::new(bytemuck::cast_slice(&vals).to_vec(), DType::Float32, &[4]);
    // writable 1.0: wrapped
    let (t, deleted) = produce_versioned(&spec, DLPACK_VERSION, 0);
    assert_eq!(t.version(), DLPACK_VERSION);
    let a = from_dlpack(t).unwrap();
    assert_eq!(deleted.load(Ordering::SeqCst), 0);
    assert_eq!(a.to_vec::<f32>().unwrap(), vals);
    drop(a);
    assert_eq!(deleted.load(Ordering::SeqCst), 1);
    // read-only 1.1: a copy, released at once
    let (t, deleted) = produce_versioned(
        &spec,
        DLPackVersion { major: 1, minor: 1 },
        DLPACK_FLAG_BITMASK_READ_ONLY,
    );
    let a = from_dlpack(t).unwrap();
    assert_eq!(deleted.load(Ordering::SeqCst), 1);
    assert_eq!(a.to_vec::<f32>().unwrap(), vals);
    // major 2: refused, released
    let (t, deleted) = produce_versioned(&spec, DLPackVersion { major: 2, minor: 0 }, 0);
    let e = from_dlpack(t).unwrap_err();
    assert!(e.to_string().contains("2.0"), "{e}");
    assert_eq!(deleted.load(Ordering::SeqCst), 1);
}

#[test]
fn bad_tensors_are_errors_and_are_released() {
    let good = Spec::new(vec![0u8; 16], DType::Float32, &[4]);
    let mut cases: Vec<(&str, Spec, &str)> = Vec::new();
    let mut s = good.clone();
    s.dtype.lanes = 4;
    cases.push(("vector lanes", s, "lanes 4"));
    let mut s = good.clone();
    s.dtype = DLDataType {
        code: type_code::FLOAT,
        bits: 8,
        lanes: 1,
    };
    cases.push(("float8", s, "bits 8"));
    let mut s = good.clone();
    s.dtype.code = type_code::OPAQUE_HANDLE;
    cases.push(("opaque", s, "code 3"));
    let mut s = good.clone();
    s.ndim = Some(-1);
    cases.push(("negative ndim", s, "ndim = -1"));
    let mut s = good.clone();
    s.shape = vec![-4];
    cases.push(("negative extent", s, "shape = [-4]"));
    let mut s = good.clone();
    s.null_shape = true;
    cases.push(("null shape", s, "shape = a null pointer"));
    let mut s = good.clone();
    s.null_data = true;
    cases.push(("null data", s, "data = a null pointer"));
    let mut s = good.clone();
    s.device = DLDevice {
        device_type: DLDeviceType::OPENCL,
        device_id: 0,
    };
    cases.push(("OpenCL", s, "device type 4"));
    let mut s = good.clone();
    s.device = DLDevice {
        device_type: DLDeviceType::CUDA,
        device_id: -1,
    };
    cases.push(("negative device id", s, "device_id = -1"));
    let mut s = good.clone();
    s.device = DLDevice {
        device_type: DLDeviceType::CUDA,
        device_id: 4096,
    };
    cases.push(("missing GPU", s, ""));
    for (name, s, msg) in cases {
        let (t, deleted, _) = produce(&s);
        let e = from_dlpack(t).unwrap_err();
        assert!(e.to_string().contains(msg), "{name}: {e}");
        assert_eq!(deleted.load(Ordering::SeqCst), 1, "{name}");
    }
}

#[test]
fn empty_tensors_become_empty_arrays() {
    let mut s = Spec::new(vec![], DType::Int64, &[0, 3]);
    s.null_data = true;
    let (t, deleted, _) = produce(&s);
    let a = from_dlpack(t).unwrap();
    assert_eq!(a.shape(), &[0, 3]);
    assert_eq!(a.dtype(), DType::Int64);
    assert_eq!(deleted.load(Ordering::SeqCst), 1);
    // and empty arrays export
    let t = a.to_dlpack().unwrap();
    assert_eq!(t.tensor().ndim, 2);
}

#[test]
fn an_export_keeps_the_buffer_alive_and_crosses_ffi_as_a_raw_pointer() {
    let a = sample(DType::Int64, Device::Cpu);
    let t = a.to_dlpack().unwrap();
    drop(a);
    let raw = t.into_raw();
    // SAFETY: `raw` came from into_raw; the data is alive (the tensor holds the array).
    let got = read_tensor(unsafe { &(*raw).dl_tensor });
    assert_eq!(bytemuck::cast_slice::<u8, i64>(&got), &[1, 2, 3, 4, 5, 6]);
    // a C consumer calls the deleter
    // SAFETY: the deleter of our tensor, called once.
    unsafe { ((*raw).deleter.unwrap())(raw) };
    // and the versioned one
    let t = sample(DType::Bool, Device::Cpu)
        .to_dlpack_versioned()
        .unwrap();
    let raw = t.into_raw();
    // SAFETY: from into_raw; taken back once.
    let t = unsafe { ManagedTensorVersioned::from_raw(raw) }.unwrap();
    assert_eq!(
        from_dlpack(t).unwrap().to_vec::<bool>().unwrap(),
        vec![true; 6]
    );
    // SAFETY: null is refused, not dereferenced.
    assert!(unsafe { ManagedTensor::from_raw(std::ptr::null_mut()) }.is_none());
}

#[test]
fn dlpack_device_names_the_device() {
    for device in crate::test_util::all_devices() {
        let a = sample(DType::Float32, device);
        let d = a.dlpack_device();
        match device {
            Device::Cuda(i) => {
                assert_eq!(d.device_type, DLDeviceType::CUDA);
                assert_eq!(d.device_id, i as i32);
            }
            _ => assert_eq!(d.device_type, DLDeviceType::CPU),
        }
        let t = a.to_dlpack().unwrap();
        assert_eq!(t.tensor().device, d);
        let back = from_dlpack(t).unwrap();
        assert_eq!(back.to_vec::<f32>().unwrap(), vec![1., 2., 3., 4., 5., 6.]);
    }
}

#[test]
fn every_dtype_maps_both_ways() {
    for dtype in DType::ALL {
        let d = DLDataType::from_dtype(dtype);
        assert_eq!(d.to_dtype(), Some(dtype));
        assert_eq!(d.bits as usize, dtype.itemsize() * 8);
    }
    assert_eq!(
        DLDataType::from_dtype(DType::Bool),
        DLDataType {
            code: type_code::BOOL,
            bits: 8,
            lanes: 1
        }
    );
    assert_eq!(
        DLDataType::from_dtype(DType::BFloat16).code,
        type_code::BFLOAT
    );
    assert_eq!(
        DLDataType::from_dtype(DType::Complex128),
        DLDataType {
            code: type_code::COMPLEX,
            bits: 128,
            lanes: 1
        }
    );
}

#[test]
fn struct_layouts_match_dlpack_h() {
    use std::mem::{offset_of, size_of};
    assert_eq!(size_of::<DLDevice>(), 8);
    assert_eq!(size_of::<DLDataType>(), 4);
    assert_eq!(offset_of!(DLTensor, device), 8);
    assert_eq!(offset_of!(DLTensor, ndim), 16);
    assert_eq!(offset_of!(DLTensor, dtype), 20);
    assert_eq!(offset_of!(DLTensor, shape), 24);
    assert_eq!(offset_of!(DLTensor, strides), 32);
    assert_eq!(offset_of!(DLTensor, byte_offset), 40);
    assert_eq!(size_of::<DLTensor>(), 48);
    assert_eq!(offset_of!(DLManagedTensor, manager_ctx), 48);
    assert_eq!(offset_of!(DLManagedTensor, deleter), 56);
    assert_eq!(size_of::<DLManagedTensor>(), 64);
    assert_eq!(offset_of!(DLManagedTensorVersioned, manager_ctx), 8);
    assert_eq!(offset_of!(DLManagedTensorVersioned, deleter), 16);
    assert_eq!(offset_of!(DLManagedTensorVersioned, flags), 24);
    assert_eq!(offset_of!(DLManagedTensorVersioned, dl_tensor), 32);
    assert_eq!(size_of::<DLManagedTensorVersioned>(), 80);
}
