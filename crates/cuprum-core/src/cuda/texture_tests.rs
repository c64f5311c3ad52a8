//! Tests of `cuda::texture` (`cupy.cuda.texture`). The descriptor checks and the CPU errors run
//! everywhere; the `texture_cuda_*` tests run on every device of `test_util::cuda_devices()`
//! (skipped without a GPU unless `CUPRUM_REQUIRE_CUDA=1`): copies into and out of 1-D, 2-D and
//! 3-D CUDA arrays, texture fetches through small NVRTC kernels (`tex1Dfetch`, `tex2D`,
//! `tex3D`) with point and linear filtering and clamp, wrap and border addressing, and surface
//! writes and reads (`surf2Dwrite`, `surf2Dread`). Expected values are computed by hand from
//! CUDA's texture-fetch rules (Programming Guide, "Texture Fetching").

use super::nvrtc::{LaunchConfig, get_function, launch};
use super::test_support::gpus;
use super::texture::*;
use crate::{Array, DType, Device, Error, Layout, SliceItem, zeros_on};
use std::ffi::c_void;

fn f32ch(n: u32) -> ChannelFormatDescriptor {
    ChannelFormatDescriptor::for_dtype(DType::Float32, n).unwrap()
}

fn invalid(e: &Error, op: &str, words: &[&str]) {
    match e {
        Error::BadArgument { op: o, .. } => {
            assert_eq!(*o, op, "{e}");
            let text = e.to_string();
            for w in words {
                assert!(text.contains(w), "{w:?} not in {e}");
            }
        }
        other => panic!("expected BadArgument from {op}, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Everywhere: descriptors and the CPU errors
// ---------------------------------------------------------------------------------------------

#[test]
fn texture_channel_format_descriptor() {
    use ChannelFormatKind::*;
    let cases = [
        ((8, 0, 0, 0, Signed), DType::Int8, 1, 1),
        ((16, 16, 0, 0, Signed), DType::Int16, 2, 4),
        ((32, 32, 32, 32, Signed), DType::Int32, 4, 16),
        ((8, 8, 8, 8, Unsigned), DType::UInt8, 4, 4),
        ((16, 0, 0, 0, Unsigned), DType::UInt16, 1, 2),
        ((32, 32, 0, 0, Unsigned), DType::UInt32, 2, 8),
        ((16, 16, 16, 16, Float), DType::Float16, 4, 8),
        ((32, 0, 0, 0, Float), DType::Float32, 1, 4),
    ];
    for ((x, y, z, w, f), dtype, n, texel) in cases {
        let ch = ChannelFormatDescriptor::new(x, y, z, w, f).unwrap();
        assert_eq!(ch.dtype(), dtype);
        assert_eq!(ch.num_channels(), n);
        assert_eq!(ch.texel_bytes(), texel);
        assert_eq!(ch.bits_per_channel(), x);
        assert_eq!(ch.kind(), f);
        assert_eq!(
            ch.get_channel_format(),
            ChannelFormat { x, y, z, w, f },
            "{ch:?}"
        );
        assert_eq!(ChannelFormatDescriptor::for_dtype(dtype, n).unwrap(), ch);
    }
    use cudarc::driver::sys::CUarray_format as F;
    assert_eq!(f32ch(1).format(), F::CU_AD_FORMAT_FLOAT);
    assert_eq!(
        ChannelFormatDescriptor::for_dtype(DType::Float16, 2)
            .unwrap()
            .format(),
        F::CU_AD_FORMAT_HALF
    );
    assert_eq!(
        ChannelFormatDescriptor::for_dtype(DType::Int16, 1)
            .unwrap()
            .format(),
        F::CU_AD_FORMAT_SIGNED_INT16
    );
    assert_eq!(
        ChannelFormatDescriptor::for_dtype(DType::UInt8, 4)
            .unwrap()
            .format(),
        F::CU_AD_FORMAT_UNSIGNED_INT8
    );

    let op = "ChannelFormatDescriptor::new";
    let e = |x, y, z, w, f| ChannelFormatDescriptor::new(x, y, z, w, f).unwrap_err();
    invalid(&e(0, 0, 0, 0, Float), op, &["(0, 0, 0, 0)", "1, 2 or 4"]);
    invalid(
        &e(32, 32, 32, 0, Float),
        op,
        &["(32, 32, 32, 0)", "1, 2 or 4"],
    );
    invalid(&e(32, 0, 32, 0, Float), op, &["(32, 0, 32, 0)"]);
    invalid(&e(0, 32, 0, 0, Unsigned), op, &["(0, 32, 0, 0)"]);
    invalid(
        &e(32, 16, 0, 0, Float),
        op,
        &["(32, 16, 0, 0)", "same size"],
    );
    invalid(
        &e(8, 0, 0, 0, Float),
        op,
        &["x = 8 (kind Float)", "16 or 32"],
    );
    invalid(&e(64, 0, 0, 0, Signed), op, &["x = 64 (kind Signed)"]);
    invalid(&e(24, 0, 0, 0, Unsigned), op, &["x = 24 (kind Unsigned)"]);
    for d in [DType::Float64, DType::Int64, DType::Bool, DType::Complex64] {
        match ChannelFormatDescriptor::for_dtype(d, 1) {
            Err(Error::DType { op, dtype, .. }) => {
                assert_eq!((op, dtype), ("ChannelFormatDescriptor::for_dtype", d))
            }
            other => panic!("{d}: {other:?}"),
        }
    }
    invalid(
        &ChannelFormatDescriptor::for_dtype(DType::Float32, 3).unwrap_err(),
        "ChannelFormatDescriptor::for_dtype",
        &["num_channels = 3"],
    );
}

#[test]
fn texture_descriptor_fields_and_errors() {
    let t = TextureDescriptor::new(
        &[AddressMode::Clamp, AddressMode::Mirror],
        FilterMode::Linear,
        ReadMode::NormalizedFloat,
        true,
    )
    .unwrap();
    assert_eq!(
        t.address_modes(),
        [AddressMode::Clamp, AddressMode::Mirror, AddressMode::Wrap]
    );
    assert_eq!(t.filter_mode(), FilterMode::Linear);
    assert_eq!(t.read_mode(), ReadMode::NormalizedFloat);
    assert!(t.normalized_coords());
    assert!(!t.srgb());
    assert_eq!(t.border_color(), [0.0; 4]);
    assert_eq!(t.max_anisotropy(), 0);
    let t = t
        .with_srgb(true)
        .with_max_anisotropy(4)
        .with_border_color(&[0.25, 0.5])
        .unwrap();
    assert!(t.srgb());
    assert_eq!(t.max_anisotropy(), 4);
    assert_eq!(t.border_color(), [0.25, 0.5, 0.0, 0.0]);

    // the driver description: modes, filter, flags
    use cudarc::driver::sys;
    let raw = t.raw(&f32ch(1));
    assert_eq!(
        raw.addressMode,
        [
            sys::CUaddress_mode::CU_TR_ADDRESS_MODE_CLAMP,
            sys::CUaddress_mode::CU_TR_ADDRESS_MODE_MIRROR,
            sys::CUaddress_mode::CU_TR_ADDRESS_MODE_WRAP
        ]
    );
    assert_eq!(raw.filterMode, sys::CUfilter_mode::CU_TR_FILTER_MODE_LINEAR);
    assert_eq!(
        raw.flags,
        sys::CU_TRSF_NORMALIZED_COORDINATES | sys::CU_TRSF_SRGB
    );
    assert_eq!(raw.maxAnisotropy, 4);
    assert_eq!(raw.borderColor, [0.25, 0.5, 0.0, 0.0]);
    // integer texels read as ElementType are read as integers; float texels never
    let p = TextureDescriptor::new(&[], FilterMode::Point, ReadMode::ElementType, false).unwrap();
    assert_eq!(p.address_modes(), [AddressMode::Wrap; 3]);
    let i8ch = ChannelFormatDescriptor::for_dtype(DType::Int8, 1).unwrap();
    assert_eq!(p.raw(&i8ch).flags, sys::CU_TRSF_READ_AS_INTEGER);
    assert_eq!(p.raw(&f32ch(1)).flags, 0);
    let n =
        TextureDescriptor::new(&[], FilterMode::Point, ReadMode::NormalizedFloat, false).unwrap();
    assert_eq!(n.raw(&i8ch).flags, 0);

    invalid(
        &TextureDescriptor::new(
            &[AddressMode::Clamp; 4],
            FilterMode::Point,
            ReadMode::ElementType,
            false,
        )
        .unwrap_err(),
        "TextureDescriptor::new",
        &["address_modes = [Clamp, Clamp, Clamp, Clamp]", "at most 3"],
    );
    invalid(
        &p.with_border_color(&[1.0; 5]).unwrap_err(),
        "TextureDescriptor::with_border_color",
        &["colors = [1.0, 1.0, 1.0, 1.0, 1.0]", "at most 4"],
    );
}

#[test]
fn texture_cpu_and_missing_device_errors() {
    let ch = f32ch(1);
    match CUDAarray::new_on(&ch, 4, 4, 0, ARRAY_DEFAULT, Device::Cpu) {
        Err(Error::Unsupported { op, reason }) => {
            assert_eq!(op, "CUDAarray::new");
            assert!(
                reason.contains("CPU") && reason.contains("CUDA"),
                "{reason}"
            );
        }
        other => panic!("{other:?}"),
    }
    let a = Array::from_vec_on(vec![0.0f32; 64], &[64], Device::Cpu).unwrap();
    match ResourceDescriptor::linear(&a, &ch, 256) {
        Err(Error::Unsupported { op, .. }) => assert_eq!(op, "ResourceDescriptor::linear"),
        other => panic!("{other:?}"),
    }
    let a2 = a.reshape([4, 16]).unwrap();
    match ResourceDescriptor::pitch2d(&a2, &ch, 16, 4, 64) {
        Err(Error::Unsupported { op, .. }) => assert_eq!(op, "ResourceDescriptor::pitch2d"),
        other => panic!("{other:?}"),
    }
    // the shape checks come before the device is touched
    let nodev = Device::Cuda(4096);
    let op = "CUDAarray::new";
    let err = |w, h, d, f| CUDAarray::new_on(&ch, w, h, d, f, nodev).unwrap_err();
    invalid(&err(0, 4, 0, 0), op, &["width = 0", "nonzero width"]);
    invalid(
        &err(4, 0, 3, 0),
        op,
        &["height = 0", "depth 3", "nonzero height"],
    );
    invalid(&err(4, 4, 0, 1), op, &["flags = 0x1"]);
    invalid(&err(4, 4, 0, 4), op, &["flags = 0x4"]);
    invalid(
        &err(usize::MAX / 2, 4, 0, 0),
        op,
        &["(width, height, depth) = ("],
    );
    // a device that does not exist is an error, never a panic
    match CUDAarray::new_on(&ch, 4, 4, 0, ARRAY_SURFACE_LOAD_STORE, nodev) {
        Err(Error::DeviceUnavailable { .. } | Error::LibraryNotFound { .. }) => {}
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// CUDA
// ---------------------------------------------------------------------------------------------

/// The kernels: plain CUDA C, as CuPy's `test_texture.py` hands them to `RawModule` (NVRTC
/// provides the texture and surface functions and `cudaTextureObject_t` without includes).
const KERNELS: &str = r#"
extern "C" {
__global__ void sample2d(float* out, cudaTextureObject_t tex, const float* u, const float* v,
                         int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float>(tex, u[i], v[i]);
}

__global__ void fetch1d(float* out, cudaTextureObject_t tex, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(tex, i);
}

__global__ void copy3d_4ch(float* out, cudaTextureObject_t tex, int width, int height,
                           int depth)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < width && y < height && z < depth) {
        float4 t = tex3D<float4>(tex, x + 0.5f, y + 0.5f, z + 0.5f);
        float* o = out + 4 * ((z * height + y) * width + x);
        o[0] = t.x;
        o[1] = t.y;
        o[2] = t.z;
        o[3] = t.w;
    }
}

__global__ void surf_write2d(cudaSurfaceObject_t surf, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        float value = 3.0f * (float)(y * width + x);
        surf2Dwrite(value, surf, x * 4, y);
    }
}

__global__ void surf_read2d(float* out, cudaSurfaceObject_t surf, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) out[y * width + x] = surf2Dread<float>(surf, x * 4, y) + 0.5f;
}
}
"#;

fn run(
    d: usize,
    name: &str,
    grid: (u32, u32, u32),
    block: (u32, u32, u32),
    args: &mut [*mut c_void],
) {
    let f = get_function(d, KERNELS, name, &[]).unwrap();
    let cfg = LaunchConfig {
        grid,
        block,
        shared_mem_bytes: 0,
    };
    // SAFETY: every caller passes one pointer per parameter of `name` in KERNELS, to a value
    // of the parameter's type (device pointers as u64 of live arrays of the sizes the kernel's
    // bounds use, texture/surface handles as u64 of live objects, ints as i32); the arrays and
    // objects outlive the launch, which the caller synchronizes before dropping them.
    unsafe { launch(&f, cfg, None, args) }.unwrap();
}

fn arg<T>(x: &mut T) -> *mut c_void {
    (x as *mut T).cast()
}

fn dptr(a: &Array) -> u64 {
    a.device_ptr().unwrap()
}

fn f32s(a: &Array) -> Vec<f32> {
    a.to_vec::<f32>().unwrap()
}

/// `tex2D<float>(tex, u[i], v[i])` for every coordinate pair, on device `d`.
fn sample(d: usize, t: &TextureObject, uv: &[(f32, f32)]) -> Vec<f32> {
    let dev = Device::Cuda(d);
    let n = uv.len();
    let u = Array::from_vec_on(uv.iter().map(|p| p.0).collect(), &[n], dev).unwrap();
    let v = Array::from_vec_on(uv.iter().map(|p| p.1).collect(), &[n], dev).unwrap();
    let out = zeros_on(&[n], DType::Float32, dev).unwrap();
    let (mut po, mut h, mut pu, mut pv, mut ni) =
        (dptr(&out), t.ptr(), dptr(&u), dptr(&v), n as i32);
    run(
        d,
        "sample2d",
        (1, 1, 1),
        (n as u32, 1, 1),
        &mut [
            arg(&mut po),
            arg(&mut h),
            arg(&mut pu),
            arg(&mut pv),
            arg(&mut ni),
        ],
    );
    f32s(&out)
}

fn close(got: &[f32], want: &[f32], tol: f32, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol,
            "{what}: sample {i}: got {g}, expected {w} (all: {got:?})"
        );
    }
}

/// A 4 x 2 float texture `T[y][x] = 10 y + x + 1` (rows `[1, 2, 3, 4]`, `[11, 12, 13, 14]`)
/// in a 2-D CUDA array.
fn texture_4x2(d: usize, flags: u32) -> CUDAarray {
    let arr = CUDAarray::new_on(&f32ch(1), 4, 2, 0, flags, Device::Cuda(d)).unwrap();
    let host: Vec<f32> = (0..2)
        .flat_map(|y| (0..4).map(move |x| (10 * y + x + 1) as f32))
        .collect();
    let a = Array::from_vec_on(host, &[2, 4], Device::Cuda(d)).unwrap();
    arr.copy_from(&a, None).unwrap();
    arr
}

fn tex_desc(modes: AddressMode, filter: FilterMode, normalized: bool) -> TextureDescriptor {
    TextureDescriptor::new(&[modes; 2], filter, ReadMode::ElementType, normalized).unwrap()
}

/// Values `(k * 7 + 3) % 100` of `dtype` and `shape` on `device`.
fn pattern(shape: &[usize], dtype: DType, device: Device) -> Array {
    let n: usize = shape.iter().product();
    let v: Vec<f64> = (0..n).map(|k| ((k * 7 + 3) % 100) as f64).collect();
    Array::from_vec_on(v, shape, device)
        .unwrap()
        .astype(dtype)
        .unwrap()
}

fn as_f64(a: &Array) -> Vec<f64> {
    a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

/// Copies into and back out of 1-D, 2-D and 3-D CUDA arrays of 1, 2 and 4 channels of every
/// texel dtype: from and to CUDA and CPU arrays, from C-contiguous and strided sources (CuPy's
/// `TestCUDAarray`). The round trip is exact.
#[test]
fn texture_cuda_array_copy_roundtrip() {
    let dtypes = [
        DType::Float16,
        DType::Float32,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
    ];
    for d in gpus() {
        let gpu = Device::Cuda(d);
        for (w, h, dp) in [(7usize, 0usize, 0usize), (7, 3, 0), (7, 3, 2)] {
            for nch in [1u32, 2, 4] {
                for dtype in dtypes {
                    let ch = ChannelFormatDescriptor::for_dtype(dtype, nch).unwrap();
                    let arr = CUDAarray::new_on(&ch, w, h, dp, ARRAY_DEFAULT, gpu).unwrap();
                    let shape = arr.shape();
                    let ndim = if dp > 0 {
                        3
                    } else if h > 0 {
                        2
                    } else {
                        1
                    };
                    assert_eq!(arr.ndim(), ndim);
                    assert_eq!(shape.len(), ndim);
                    assert_eq!(shape[ndim - 1], nch as usize * w);
                    for (src_dev, dst_dev) in [
                        (gpu, gpu),
                        (Device::Cpu, Device::Cpu),
                        (gpu, Device::Cpu),
                        (Device::Cpu, gpu),
                    ] {
                        for strided in [false, true] {
                            let src = if strided {
                                let mut wide = shape.clone();
                                *wide.last_mut().unwrap() *= 2;
                                let s = pattern(&wide, dtype, src_dev)
                                    .slice(&[
                                        SliceItem::Ellipsis,
                                        SliceItem::Slice {
                                            start: None,
                                            stop: None,
                                            step: 2,
                                        },
                                    ])
                                    .unwrap();
                                assert!(!s.is_c_contiguous());
                                s
                            } else {
                                pattern(&shape, dtype, src_dev)
                            };
                            let out = zeros_on(&shape[..], dtype, dst_dev).unwrap();
                            arr.copy_from(&src, None).unwrap();
                            arr.copy_to(&out, None).unwrap();
                            assert_eq!(
                                as_f64(&out),
                                as_f64(&src),
                                "{dtype} x{nch} ({w}, {h}, {dp}) {src_dev} -> {dst_dev} strided {strided}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Copies on an explicit stream (CuPy's `stream=` argument).
#[test]
fn texture_cuda_array_copy_on_stream() {
    for d in gpus() {
        let gpu = Device::Cuda(d);
        let s = super::Stream::new(d).unwrap();
        let arr = CUDAarray::new_on(&f32ch(2), 33, 17, 0, ARRAY_DEFAULT, gpu).unwrap();
        let src = pattern(&[17, 66], DType::Float32, gpu);
        let out = zeros_on(&[17, 66], DType::Float32, gpu).unwrap();
        arr.copy_from(&src, Some(&s)).unwrap();
        arr.copy_to(&out, Some(&s)).unwrap();
        s.synchronize().unwrap();
        assert_eq!(as_f64(&out), as_f64(&src));
        // host ends are complete on return
        let host = zeros_on(&[17, 66], DType::Float32, Device::Cpu).unwrap();
        arr.copy_to(&host, Some(&s)).unwrap();
        assert_eq!(as_f64(&host), as_f64(&src));
    }
}

#[test]
fn texture_cuda_array_copy_errors() {
    for d in gpus() {
        let gpu = Device::Cuda(d);
        let arr = CUDAarray::new_on(&f32ch(2), 5, 3, 0, ARRAY_DEFAULT, gpu).unwrap();
        assert_eq!(arr.shape(), vec![3, 10]);
        assert_eq!((arr.width(), arr.height(), arr.depth()), (5, 3, 0));
        assert_eq!(arr.flags(), ARRAY_DEFAULT);
        assert_eq!(arr.device(), gpu);
        assert_ne!(arr.ptr(), 0);
        // a wrong shape: (height, width) without the channels
        let a = zeros_on(&[3, 5], DType::Float32, gpu).unwrap();
        match arr.copy_from(&a, None) {
            Err(Error::ShapeMismatch { op, lhs, rhs, .. }) => {
                assert_eq!(op, "CUDAarray::copy_from");
                assert_eq!((lhs, rhs), (vec![3, 5], vec![3, 10]));
            }
            other => panic!("{other:?}"),
        }
        match arr.copy_to(&zeros_on(&[30], DType::Float32, gpu).unwrap(), None) {
            Err(Error::ShapeMismatch { op, .. }) => assert_eq!(op, "CUDAarray::copy_to"),
            other => panic!("{other:?}"),
        }
        // a wrong dtype, even of another kind with the same size
        for dt in [DType::Float64, DType::Int32, DType::Float16] {
            match arr.copy_from(&zeros_on(&[3, 10], dt, gpu).unwrap(), None) {
                Err(Error::DTypeMismatch {
                    op,
                    expected,
                    actual,
                }) => {
                    assert_eq!(
                        (op, expected, actual),
                        ("CUDAarray::copy_from", DType::Float32, dt)
                    );
                }
                other => panic!("{other:?}"),
            }
        }
        // copy_to needs a C-contiguous destination
        let t = zeros_on(&[10, 3], DType::Float32, gpu)
            .unwrap()
            .transpose()
            .unwrap();
        invalid(
            &arr.copy_to(&t, None).unwrap_err(),
            "CUDAarray::copy_to",
            &["C-contiguous"],
        );
    }
}

/// `tex2D<float>` through a texture object over a 2-D CUDA array with point and linear
/// filtering and clamp and wrap addressing (unnormalized and normalized coordinates). Point
/// samples read `T[floor(y)][floor(x)]`; linear samples interpolate at `(x - 0.5, y - 0.5)`
/// with weights that are multiples of 1/4 here (exact in the hardware's 8-bit fractions).
#[test]
fn texture_cuda_object_fetch_2d() {
    use AddressMode::{Clamp, Wrap};
    use FilterMode::{Linear, Point};
    for d in gpus() {
        let arr = texture_4x2(d, ARRAY_DEFAULT);
        let res = ResourceDescriptor::array(&arr);
        assert_eq!(res.res_type(), ResourceType::Array);
        assert_eq!(
            res.get_resource_desc(),
            ResourceInfo::Array { array: arr.ptr() }
        );

        // point, clamp, unnormalized
        let t = TextureObject::new(&res, &tex_desc(Clamp, Point, false)).unwrap();
        assert_ne!(t.ptr(), 0);
        let got = sample(
            d,
            &t,
            &[
                (0.5, 0.5),
                (3.5, 1.5),
                (2.2, 1.9),
                (1.0, 0.0),
                (-3.0, 0.5),
                (10.0, 5.0),
            ],
        );
        assert_eq!(got, vec![1.0, 14.0, 13.0, 2.0, 1.0, 14.0]);

        // linear, clamp, unnormalized: 10 * clamp(y - 0.5, 0, 1) + clamp(x - 0.5, 0, 3) + 1
        let t = TextureObject::new(&res, &tex_desc(Clamp, Linear, false)).unwrap();
        let got = sample(
            d,
            &t,
            &[
                (1.75, 0.5),
                (2.5, 1.25),
                (0.25, 1.5),
                (3.875, 0.75),
                (1.0, 1.0),
            ],
        );
        close(&got, &[2.25, 10.5, 11.0, 6.5, 6.5], 1e-4, "linear clamp");

        // point, wrap, normalized: x = frac(u) * 4, y = frac(v) * 2
        let t = TextureObject::new(&res, &tex_desc(Wrap, Point, true)).unwrap();
        let got = sample(
            d,
            &t,
            &[
                (0.125, 0.25),
                (1.125, 0.25),
                (-0.125, 0.75),
                (0.625, 1.75),
                (2.375, -0.25),
            ],
        );
        assert_eq!(got, vec![1.0, 1.0, 14.0, 13.0, 12.0]);

        // point, clamp, normalized: past the edge stays on the edge texel
        let t = TextureObject::new(&res, &tex_desc(Clamp, Point, true)).unwrap();
        let got = sample(d, &t, &[(1.125, 0.25), (-0.5, 0.75), (0.375, 0.75)]);
        assert_eq!(got, vec![4.0, 11.0, 12.0]);

        // linear, wrap, normalized: the neighbours of the edge texels wrap around
        let t = TextureObject::new(&res, &tex_desc(Wrap, Linear, true)).unwrap();
        let got = sample(d, &t, &[(0.0, 0.25), (1.0, 0.25), (0.25, 0.5), (0.5, 0.0)]);
        close(&got, &[2.5, 2.5, 6.5, 7.5], 1e-4, "linear wrap");

        // linear, clamp, normalized: the same coordinate clamps instead
        let t = TextureObject::new(&res, &tex_desc(Clamp, Linear, true)).unwrap();
        let got = sample(d, &t, &[(0.0, 0.25), (0.25, 0.5)]);
        close(&got, &[1.0, 6.5], 1e-4, "linear clamp normalized");
        assert_eq!(t.tex_desc().filter_mode(), Linear);
        assert_eq!(t.res_desc().res_type(), ResourceType::Array);
        assert_eq!(t.device(), Device::Cuda(d));
    }
}

/// Border addressing reads the border color outside the texture.
#[test]
fn texture_cuda_object_border_color() {
    for d in gpus() {
        let arr = texture_4x2(d, ARRAY_DEFAULT);
        let res = ResourceDescriptor::array(&arr);
        let desc = tex_desc(AddressMode::Border, FilterMode::Point, false)
            .with_border_color(&[7.5])
            .unwrap();
        let t = TextureObject::new(&res, &desc).unwrap();
        let got = sample(d, &t, &[(-0.5, 0.5), (4.5, 0.5), (1.5, 2.5), (1.5, 1.5)]);
        assert_eq!(got, vec![7.5, 7.5, 7.5, 12.0]);
    }
}

/// A 4-channel float 3-D CUDA array read with `tex3D<float4>` at every texel centre (CuPy's
/// `TestTextureVectorType`).
#[test]
fn texture_cuda_object_fetch_3d_float4() {
    for d in gpus() {
        let gpu = Device::Cuda(d);
        let (w, h, dp) = (5usize, 3usize, 2usize);
        let arr = CUDAarray::new_on(&f32ch(4), w, h, dp, ARRAY_DEFAULT, gpu).unwrap();
        let src = pattern(&[dp, h, 4 * w], DType::Float32, gpu);
        arr.copy_from(&src, None).unwrap();
        let tex = TextureDescriptor::new(
            &[AddressMode::Clamp; 3],
            FilterMode::Point,
            ReadMode::ElementType,
            false,
        )
        .unwrap();
        let t = TextureObject::new(&ResourceDescriptor::array(&arr), &tex).unwrap();
        let out = zeros_on(&[dp, h, 4 * w], DType::Float32, gpu).unwrap();
        let (mut po, mut ht) = (dptr(&out), t.ptr());
        let (mut wi, mut hi, mut di) = (w as i32, h as i32, dp as i32);
        run(
            d,
            "copy3d_4ch",
            (2, 1, 1),
            (4, 4, 2),
            &mut [
                arg(&mut po),
                arg(&mut ht),
                arg(&mut wi),
                arg(&mut hi),
                arg(&mut di),
            ],
        );
        assert_eq!(as_f64(&out), as_f64(&src));
    }
}

/// A f32 array of `shape` holding `host`, starting at a device address aligned to 1024 bytes
/// (a view into a larger buffer), as linear texture memory needs.
fn aligned(d: usize, host: &[f32], shape: &[usize]) -> Array {
    let gpu = Device::Cuda(d);
    let base = zeros_on(&[host.len() + 256], DType::Float32, gpu).unwrap();
    let off = ((1024 - dptr(&base) % 1024) % 1024) as usize;
    assert_eq!(off % 4, 0);
    let v = base.with_layout(Layout {
        offset: off / 4,
        ..Layout::contiguous(shape)
    });
    v.assign(&Array::from_vec_on(host.to_vec(), shape, gpu).unwrap())
        .unwrap();
    assert_eq!(dptr(&v) % 1024, 0);
    v
}

/// Linear memory read with `tex1Dfetch`, and pitched 2-D memory (rows 512 bytes apart, wider
/// than the texture) read with `tex2D` (CuPy's `TestTexture` for `linear` and `pitch2D`).
#[test]
fn texture_cuda_object_linear_and_pitch2d() {
    for d in gpus() {
        let gpu = Device::Cuda(d);
        let ch = f32ch(1);
        let n = 100usize;
        let vals: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 3.0).collect();
        let lin = aligned(d, &vals, &[n]);
        let res = ResourceDescriptor::linear(&lin, &ch, n * 4).unwrap();
        assert_eq!(res.res_type(), ResourceType::Linear);
        assert_eq!(
            res.get_resource_desc(),
            ResourceInfo::Linear {
                dev_ptr: dptr(&lin),
                desc: ch.get_channel_format(),
                size_in_bytes: n * 4
            }
        );
        let tex =
            TextureDescriptor::new(&[], FilterMode::Point, ReadMode::ElementType, false).unwrap();
        let t = TextureObject::new(&res, &tex).unwrap();
        let out = zeros_on(&[n], DType::Float32, gpu).unwrap();
        let (mut po, mut ht, mut ni) = (dptr(&out), t.ptr(), n as i32);
        run(
            d,
            "fetch1d",
            (1, 1, 1),
            (128, 1, 1),
            &mut [arg(&mut po), arg(&mut ht), arg(&mut ni)],
        );
        assert_eq!(f32s(&out), vals);

        // pitch2D: a 5 x 3 texture T[y][x] = 100 y + x in rows of 128 floats (the rest -1)
        let (w, h, row) = (5usize, 3usize, 128usize);
        let host: Vec<f32> = (0..h)
            .flat_map(|y| (0..row).map(move |x| if x < w { (100 * y + x) as f32 } else { -1.0 }))
            .collect();
        let pit = aligned(d, &host, &[h, row]);
        let res = ResourceDescriptor::pitch2d(&pit, &ch, w, h, row * 4).unwrap();
        assert_eq!(res.res_type(), ResourceType::Pitch2D);
        assert!(matches!(
            res.get_resource_desc(),
            ResourceInfo::Pitch2D {
                width: 5,
                height: 3,
                pitch_in_bytes: 512,
                ..
            }
        ));
        let tex = tex_desc(AddressMode::Clamp, FilterMode::Point, false);
        let t = TextureObject::new(&res, &tex).unwrap();
        let mut uv: Vec<(f32, f32)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x as f32 + 0.5, y as f32 + 0.5)))
            .collect();
        uv.extend([(7.0, 0.5), (2.5, 9.0)]);
        let mut want: Vec<f32> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (100 * y + x) as f32))
            .collect();
        want.extend([4.0, 202.0]);
        assert_eq!(sample(d, &t, &uv), want);
    }
}

/// A kernel writes a 2-D CUDA array through a surface object (`surf2Dwrite`); the values come
/// back by `copy_to` and by `surf2Dread` (CuPy's `TestSurface`).
#[test]
fn texture_cuda_surface_write_read_2d() {
    for d in gpus() {
        let gpu = Device::Cuda(d);
        let (w, h) = (5usize, 3usize);
        let arr = CUDAarray::new_on(&f32ch(1), w, h, 0, ARRAY_SURFACE_LOAD_STORE, gpu).unwrap();
        arr.copy_from(&zeros_on(&[h, w], DType::Float32, gpu).unwrap(), None)
            .unwrap();
        let res = ResourceDescriptor::array(&arr);
        let s = SurfaceObject::new(&res).unwrap();
        assert_ne!(s.ptr(), 0);
        assert_eq!(s.device(), gpu);
        assert_eq!(s.res_desc().cuda_array().unwrap().ptr(), arr.ptr());
        let (mut hs, mut wi, mut hi) = (s.ptr(), w as i32, h as i32);
        run(
            d,
            "surf_write2d",
            (2, 1, 1),
            (4, 4, 1),
            &mut [arg(&mut hs), arg(&mut wi), arg(&mut hi)],
        );
        let want: Vec<f32> = (0..w * h).map(|i| 3.0 * i as f32).collect();
        let out = zeros_on(&[h, w], DType::Float32, Device::Cpu).unwrap();
        arr.copy_to(&out, None).unwrap();
        assert_eq!(f32s(&out), want);
        let read = zeros_on(&[h, w], DType::Float32, gpu).unwrap();
        let mut pr = dptr(&read);
        run(
            d,
            "surf_read2d",
            (2, 1, 1),
            (4, 4, 1),
            &mut [arg(&mut pr), arg(&mut hs), arg(&mut wi), arg(&mut hi)],
        );
        let want_read: Vec<f32> = want.iter().map(|v| v + 0.5).collect();
        assert_eq!(f32s(&read), want_read);
    }
}

/// The combinations CUDA does not support are errors naming the operation and the values.
#[test]
fn texture_cuda_object_rejects_bad_combinations() {
    use AddressMode::*;
    for d in gpus() {
        let gpu = Device::Cuda(d);
        let arr = texture_4x2(d, ARRAY_DEFAULT);
        let res = ResourceDescriptor::array(&arr);
        let op = "TextureObject::new";
        for m in [Wrap, Mirror] {
            let e = TextureObject::new(&res, &tex_desc(m, FilterMode::Point, false)).unwrap_err();
            invalid(&e, op, &[&format!("{m:?}"), "axis 0", "normalized"]);
        }
        // only the axes the resource has count: a 2-D texture ignores the z mode
        let t = TextureDescriptor::new(
            &[Clamp, Border],
            FilterMode::Point,
            ReadMode::ElementType,
            false,
        )
        .unwrap();
        assert_eq!(t.address_modes()[2], Wrap);
        TextureObject::new(&res, &t).unwrap();

        // linear filtering of integers needs NormalizedFloat; 32-bit integers cannot normalize
        let i8arr = CUDAarray::new_on(
            &ChannelFormatDescriptor::for_dtype(DType::Int8, 1).unwrap(),
            4,
            4,
            0,
            ARRAY_DEFAULT,
            gpu,
        )
        .unwrap();
        let r8 = ResourceDescriptor::array(&i8arr);
        let lin = |rm| TextureDescriptor::new(&[Clamp; 2], FilterMode::Linear, rm, false).unwrap();
        invalid(
            &TextureObject::new(&r8, &lin(ReadMode::ElementType)).unwrap_err(),
            op,
            &["Linear", "8-bit", "Signed", "NormalizedFloat"],
        );
        TextureObject::new(&r8, &lin(ReadMode::NormalizedFloat)).unwrap();
        let u32arr = CUDAarray::new_on(
            &ChannelFormatDescriptor::for_dtype(DType::UInt32, 1).unwrap(),
            4,
            4,
            0,
            ARRAY_DEFAULT,
            gpu,
        )
        .unwrap();
        let pt = TextureDescriptor::new(
            &[Clamp; 2],
            FilterMode::Point,
            ReadMode::NormalizedFloat,
            false,
        )
        .unwrap();
        invalid(
            &TextureObject::new(&ResourceDescriptor::array(&u32arr), &pt).unwrap_err(),
            op,
            &["NormalizedFloat", "32-bit", "Unsigned"],
        );

        // linear memory: no filtering; wrong dtype, size, alignment
        let ch = f32ch(1);
        let lin_mem = aligned(d, &[1.0; 64], &[64]);
        let r = ResourceDescriptor::linear(&lin_mem, &ch, 256).unwrap();
        invalid(
            &TextureObject::new(&r, &lin(ReadMode::ElementType)).unwrap_err(),
            op,
            &["linear memory"],
        );
        let lop = "ResourceDescriptor::linear";
        invalid(
            &ResourceDescriptor::linear(&lin_mem, &ch, 0).unwrap_err(),
            lop,
            &["size_in_bytes = 0"],
        );
        invalid(
            &ResourceDescriptor::linear(&lin_mem, &ch, 6).unwrap_err(),
            lop,
            &["size_in_bytes = 6"],
        );
        // the view's buffer goes on past its 64 elements, not past the 256 + 64 allocated
        invalid(
            &ResourceDescriptor::linear(&lin_mem, &ch, 4 * 4096).unwrap_err(),
            lop,
            &["size_in_bytes = 16384"],
        );
        match ResourceDescriptor::linear(&lin_mem, &f32ch(2), 256) {
            Err(Error::DTypeMismatch { .. }) => panic!("float32 is the dtype of 2 float channels"),
            Ok(r) => assert_eq!(r.res_type(), ResourceType::Linear),
            Err(e) => panic!("{e}"),
        }
        let i32s = zeros_on(&[64], DType::Int32, gpu).unwrap();
        match ResourceDescriptor::linear(&i32s, &ch, 256) {
            Err(Error::DTypeMismatch {
                op,
                expected,
                actual,
            }) => assert_eq!((op, expected, actual), (lop, DType::Float32, DType::Int32)),
            other => panic!("{other:?}"),
        }
        let off = lin_mem
            .slice(&[SliceItem::Slice {
                start: Some(1),
                stop: None,
                step: 1,
            }])
            .unwrap();
        invalid(
            &ResourceDescriptor::linear(&off, &ch, 128).unwrap_err(),
            lop,
            &["texture alignment"],
        );

        // pitch2D: the rows must fit and the pitch hold a row
        let pop = "ResourceDescriptor::pitch2d";
        let pit = aligned(d, &[0.0; 4 * 128], &[4, 128]);
        invalid(
            &ResourceDescriptor::pitch2d(&pit, &ch, 200, 4, 512).unwrap_err(),
            pop,
            &["(width, height, pitch_in_bytes) = (200, 4, 512)"],
        );
        invalid(
            &ResourceDescriptor::pitch2d(&pit, &ch, 100, 400, 512).unwrap_err(),
            pop,
            &["= (100, 400, 512)"],
        );
        invalid(
            &ResourceDescriptor::pitch2d(&pit, &ch, 0, 4, 512).unwrap_err(),
            pop,
            &["= (0, 4, 512)"],
        );

        // surfaces: CUDA arrays made for load/store only
        let sop = "SurfaceObject::new";
        invalid(
            &SurfaceObject::new(&res).unwrap_err(),
            sop,
            &["ARRAY_SURFACE_LOAD_STORE"],
        );
        invalid(
            &SurfaceObject::new(&r).unwrap_err(),
            sop,
            &["Linear", "CUDA arrays only"],
        );
    }
}
