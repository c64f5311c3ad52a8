//! The ufunc machinery of the special functions: operands, SciPy's loop selection (dtype
//! rules), broadcasting, the CPU loop over a scalar function and the CUDA launch of its
//! kernel (`kernels/special/special.cu`).
//!
//! Every function here computes in `f64` on the CPU and in `double` on CUDA; a float32 loop
//! rounds the float64 result (SciPy's float32 loops of these functions cast to double and
//! back, or compute in float32 less accurately).

use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, DType, Device, Error, Layout, Operand, Result, Scalar};
use rayon::prelude::*;
use std::ffi::c_void;

/// Which of SciPy's loops a ufunc lists first: `'f->f'` first (small integer and float16
/// inputs then run the float32 loop) or `'d->d'` first (they run the float64 loop).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum First {
    /// `'ff..->f'` listed first.
    F32,
    /// `'dd..->d'` listed first.
    F64,
}

/// Whether NumPy casts `d` to float32 under the `safe` rule.
fn safe_f32(d: DType) -> bool {
    matches!(
        d,
        DType::Bool
            | DType::Int8
            | DType::UInt8
            | DType::Int16
            | DType::UInt16
            | DType::Float16
            | DType::Float32
    )
}

/// The loop dtype (float32 or float64) NumPy's type resolution picks for `dts` (the arrays'
/// dtypes; weak scalars are left out): an exact match first, else the first loop every input
/// casts to safely.
pub(crate) fn loop_dtype(op: &'static str, dts: &[DType], first: First) -> Result<DType> {
    for &d in dts {
        if d.is_complex() {
            return Err(Error::unsupported(
                op,
                format!("complex input ({d}) is not implemented for this function"),
            ));
        }
        if d == DType::BFloat16 {
            return Err(Error::dtype(op, d));
        }
    }
    if dts.is_empty() || dts.iter().all(|&d| d == DType::Float64) {
        return Ok(DType::Float64);
    }
    if dts.iter().all(|&d| d == DType::Float32) {
        return Ok(DType::Float32);
    }
    if first == First::F32 && dts.iter().all(|&d| safe_f32(d)) {
        return Ok(DType::Float32);
    }
    Ok(DType::Float64)
}

/// The device of the array operands (the CPU when there are none); all must agree.
pub(crate) fn common_device(op: &'static str, ops: &[&Operand<'_>]) -> Result<Device> {
    let mut dev: Option<Device> = None;
    for o in ops {
        if let Operand::Array(a) = o {
            match dev {
                None => dev = Some(a.device()),
                Some(d) if d != a.device() => {
                    return Err(Error::DeviceMismatch {
                        op,
                        lhs: d,
                        rhs: a.device(),
                    });
                }
                _ => {}
            }
        }
    }
    Ok(dev.unwrap_or(Device::Cpu))
}

fn scalar_f64(s: &Scalar) -> Result<f64> {
    Ok(match *s {
        Scalar::Bool(b) => f64::from(u8::from(b)),
        Scalar::Int(i) => i as f64,
        Scalar::UInt(u) => u as f64,
        Scalar::Float(f) => f,
        Scalar::Complex(_) => {
            return Err(Error::unsupported(
                "special",
                "complex scalars are not implemented for this function",
            ));
        }
    })
}

/// The operands as arrays of dtype `dt` on `dev`, broadcast to one shape.
fn prepare(
    op: &'static str,
    ops: &[&Operand<'_>],
    dt: DType,
    dev: Device,
) -> Result<(Vec<Array>, Vec<usize>)> {
    let mut arrs = Vec::new();
    for o in ops {
        let a = match o {
            Operand::Array(a) => {
                if a.dtype() == dt {
                    (*a).clone()
                } else {
                    a.astype(dt)?
                }
            }
            Operand::Scalar(s) => {
                let v = scalar_f64(s)?;
                if dt == DType::Float32 {
                    Array::scalar_on(v as f32, dev)?
                } else {
                    Array::scalar_on(v, dev)?
                }
            }
        };
        arrs.push(a);
    }
    let mut shape: Vec<usize> = Vec::new();
    for a in &arrs {
        shape = ext::layout::broadcast_shapes(op, &shape, a.shape())?;
    }
    Ok((arrs, shape))
}

/// A scalar kernel of `N` float64 arguments and `M` results.
pub(crate) type Kernel<const N: usize, const M: usize> = fn([f64; N]) -> [f64; M];

/// Defines public ufuncs, each `$name($p, ..)` (each operand an array or a weak scalar,
/// broadcast together): [`apply`] of the scalar kernel `$f` (the CUDA kernel `sp_<$kernel>`)
/// with the `First::$first` loop; the op is `special.<$name>`. Items are separated by `;`.
macro_rules! ufunc_fns {
    ($($(#[$attr:meta])* $name:ident($($p:ident),+) => $first:ident, $kernel:literal, $f:path);+ $(;)?) => {$(
        $(#[$attr])*
        pub fn $name<'a>(
            $($p: impl Into<cuprum_core::Operand<'a>>),+
        ) -> cuprum_core::Result<cuprum_core::Array> {
            let [r] = $crate::ufunc::apply(
                concat!("special.", stringify!($name)),
                $kernel,
                $crate::ufunc::First::$first,
                [$(&$p.into()),+],
                |[$($p),+]| [$f($($p),+)],
            )?;
            Ok(r)
        }
    )+};
}
pub(crate) use ufunc_fns;

/// Defines the public function `$f(n, z, derivative)` (`spherical_jn` and its kin; `n` and `z`
/// arrays or weak scalars): [`apply`] of `$m::$f` (the CUDA kernel of the same name) with the
/// float64-first loop, or of `$m::$fd` when `derivative`; the op is `special.<$f>`.
macro_rules! n_z_derivative_fn {
    ($(#[$attr:meta])* $m:ident::{$f:ident, $fd:ident}) => {
        $(#[$attr])*
        pub fn $f<'a>(
            n: impl Into<cuprum_core::Operand<'a>>,
            z: impl Into<cuprum_core::Operand<'a>>,
            derivative: bool,
        ) -> cuprum_core::Result<cuprum_core::Array> {
            let (n, z) = (n.into(), z.into());
            let (name, kernel): (&'static str, $crate::ufunc::Kernel<2, 1>) = if derivative {
                (stringify!($fd), |[n, z]| [$m::$fd(n, z)])
            } else {
                (stringify!($f), |[n, z]| [$m::$f(n, z)])
            };
            let op = concat!("special.", stringify!($f));
            let first = $crate::ufunc::First::F64;
            let [r] = $crate::ufunc::apply(op, name, first, [&n, &z], kernel)?;
            Ok(r)
        }
    };
}
pub(crate) use n_z_derivative_fn;

/// The operands' common (available) device and the loop dtype of their array dtypes.
fn device_and_loop(
    op: &'static str,
    ops: &[&Operand<'_>],
    first: First,
) -> Result<(Device, DType)> {
    let dev = common_device(op, ops)?;
    dev.check_available(op)?;
    let dts: Vec<DType> = ops
        .iter()
        .filter_map(|o| match o {
            Operand::Array(a) => Some(a.dtype()),
            Operand::Scalar(_) => None,
        })
        .collect();
    Ok((dev, loop_dtype(op, &dts, first)?))
}

/// Applies `f` elementwise over the broadcast operands: the CPU loop or the CUDA kernel
/// `sp_<name>` of `special.cu`.
pub(crate) fn apply<const N: usize, const M: usize>(
    op: &'static str,
    name: &'static str,
    first: First,
    ops: [&Operand<'_>; N],
    f: Kernel<N, M>,
) -> Result<[Array; M]> {
    let (dev, dt) = device_and_loop(op, &ops, first)?;
    match dev {
        Device::Cpu => cpu_apply(op, &ops, dt, f),
        Device::Cuda(o) => cuda_apply(op, name, &ops, dt, o),
        #[allow(unreachable_patterns)]
        other => Err(Error::unsupported(
            op,
            format!("device {other} is not supported"),
        )),
    }
}

/// [`apply`] for a cheap one-result kernel that the CPU loop inlines (a closure, not a function
/// pointer called per element): the same dtypes, broadcasting, devices and results.
pub(crate) fn apply_inline<const N: usize, F>(
    op: &'static str,
    name: &'static str,
    first: First,
    ops: [&Operand<'_>; N],
    f: F,
) -> Result<[Array; 1]>
where
    F: Fn([f64; N]) -> [f64; 1] + Sync,
{
    let (dev, dt) = device_and_loop(op, &ops, first)?;
    match dev {
        Device::Cpu => {
            let (arrs, shape) = prepare(op, &ops, dt, Device::Cpu)?;
            if dt == DType::Float32 {
                cpu_loop_one::<f32, N, 1, F>(op, &arrs, &shape, f)
            } else {
                cpu_loop_one::<f64, N, 1, F>(op, &arrs, &shape, f)
            }
        }
        Device::Cuda(o) => cuda_apply(op, name, &ops, dt, o),
        #[allow(unreachable_patterns)]
        other => Err(Error::unsupported(
            op,
            format!("device {other} is not supported"),
        )),
    }
}

/// A one-argument function over a float32 CPU array through a fast float64 approximation:
/// `fast(x)` returns the float32 result and whether it is certainly the correctly rounded
/// value of `exact(x)` (computed in float64 and rounded once, as [`apply`] does); where it is
/// not, `exact` runs. Same results as [`apply`] with `exact`, the fast part in blocks of 8 that
/// the compiler vectorizes.
pub(crate) fn map_f32_checked<G, F>(op: &'static str, x: &Array, fast: G, exact: F) -> Result<Array>
where
    G: Fn(f32) -> (f32, bool) + Sync,
    F: Fn(f64) -> f64 + Sync,
{
    let x = ext::as_c_contiguous(x)?;
    let out = ext::empty_for_overwrite(x.shape(), DType::Float32, Device::Cpu)?;
    let internal = || Error::unsupported(op, "a CPU array without host storage");
    let g = x.storage().as_cpu().ok_or_else(internal)?.read();
    let mut w = out.storage().as_cpu().ok_or_else(internal)?.write();
    let xs = &g.slice::<f32>()[x.offset()..x.offset() + x.size()];
    let ys = &mut w.slice_mut::<f32>()[..out.size()];
    ys.par_chunks_mut(CHUNK)
        .zip(xs.par_chunks(CHUNK))
        .for_each(|(yc, xc)| {
            for (yb, xb) in yc.chunks_mut(8).zip(xc.chunks(8)) {
                let mut ok = [true; 8];
                for ((y, &v), o) in yb.iter_mut().zip(xb).zip(ok.iter_mut()) {
                    let (r, good) = fast(v);
                    *y = r;
                    *o = good;
                }
                if !ok.iter().all(|&o| o) {
                    for ((y, &v), &o) in yb.iter_mut().zip(xb).zip(&ok) {
                        if !o {
                            *y = exact(f64::from(v)) as f32;
                        }
                    }
                }
            }
        });
    drop(w);
    Ok(out)
}

/// Elements per parallel task of the CPU loop.
const CHUNK: usize = 1 << 13;

/// A float type of the CPU loops: the loop reads and writes it directly, computing in `f64`.
trait Lane: cuprum_core::Element + bytemuck::Pod {
    fn to64(self) -> f64;
    fn from64(v: f64) -> Self;
    fn zero() -> Self;
}

impl Lane for f64 {
    #[inline]
    fn to64(self) -> f64 {
        self
    }
    #[inline]
    fn from64(v: f64) -> Self {
        v
    }
    fn zero() -> Self {
        0.0
    }
}

impl Lane for f32 {
    #[inline]
    fn to64(self) -> f64 {
        f64::from(self)
    }
    #[inline]
    fn from64(v: f64) -> Self {
        v as f32
    }
    fn zero() -> Self {
        0.0
    }
}

fn cpu_apply<const N: usize, const M: usize>(
    op: &'static str,
    ops: &[&Operand<'_>],
    dt: DType,
    f: Kernel<N, M>,
) -> Result<[Array; M]> {
    if dt == DType::Float32 {
        cpu_loop::<f32, N, M>(op, ops, f)
    } else {
        cpu_loop::<f64, N, M>(op, ops, f)
    }
}

/// The CPU loop in the loop dtype `T` (float32 inputs are read and results written as
/// float32, each value computed in float64 and rounded once, as SciPy's float32 loops that
/// call the double routine; weak scalars are cast to `T` first, as NumPy does).
fn cpu_loop<T: Lane, const N: usize, const M: usize>(
    op: &'static str,
    ops: &[&Operand<'_>],
    f: Kernel<N, M>,
) -> Result<[Array; M]> {
    let (arrs, shape) = prepare(op, ops, T::DTYPE, Device::Cpu)?;
    let n = ext::layout::shape_size(&shape);
    if M == 1 {
        return cpu_loop_one::<T, N, M, _>(op, &arrs, &shape, f);
    }
    let mut ins: Vec<Vec<T>> = Vec::new();
    for a in &arrs {
        let b = if a.shape() == shape.as_slice() {
            a.clone()
        } else {
            a.broadcast_to(shape.as_slice())?
        };
        ins.push(b.to_vec::<T>()?);
    }
    let mut outs: Vec<Vec<T>> = Vec::new();
    for _ in 0..M {
        outs.push(ext::try_vec_filled(n, T::zero())?);
    }
    let run = |start: usize, chunks: &mut [&mut [T]]| {
        let len = chunks.first().map_or(0, |c| c.len());
        for j in 0..len {
            let mut args = [0.0; N];
            for (k, a) in args.iter_mut().enumerate() {
                *a = ins[k][start + j].to64();
            }
            let r = f(args);
            for (k, c) in chunks.iter_mut().enumerate() {
                c[j] = T::from64(r[k]);
            }
        }
    };
    if M == 1 {
        outs[0]
            .par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(c, sl)| run(c * CHUNK, &mut [sl]));
    } else {
        // few multi-output functions: split the first output and zip the others by index
        let (first_out, rest) = outs.split_at_mut(1);
        let mut rest_chunks: Vec<std::slice::ChunksMut<'_, T>> =
            rest.iter_mut().map(|v| v.chunks_mut(CHUNK)).collect();
        for (c, sl) in first_out[0].chunks_mut(CHUNK).enumerate() {
            let mut parts: Vec<&mut [T]> = Vec::new();
            parts.push(sl);
            for it in rest_chunks.iter_mut() {
                if let Some(s) = it.next() {
                    parts.push(s);
                }
            }
            run(c * CHUNK, &mut parts);
        }
    }
    let mut res: Vec<Array> = Vec::new();
    for v in outs {
        res.push(Array::from_vec_on(v, shape.as_slice(), Device::Cpu)?);
    }
    res.try_into()
        .map_err(|_| Error::invalid_value(op, "internal: output count"))
}

/// [`cpu_loop`] for one result: the C-contiguous inputs read in place under their storage's
/// read guard (broadcast or strided ones made contiguous first), the result written into
/// [`ext::empty_for_overwrite`]'s buffer (recycled when the cache holds one): no copy of a
/// contiguous input, no zero-filled output.
fn cpu_loop_one<T: Lane, const N: usize, const M: usize, F>(
    op: &'static str,
    arrs: &[Array],
    shape: &[usize],
    f: F,
) -> Result<[Array; M]>
where
    F: Fn([f64; N]) -> [f64; M] + Sync,
{
    let mut ins: Vec<Array> = Vec::new();
    for a in arrs {
        let b = if a.shape() == shape {
            a.clone()
        } else {
            a.broadcast_to(shape)?
        };
        ins.push(ext::as_c_contiguous(&b)?);
    }
    let out = ext::empty_for_overwrite(shape, T::DTYPE, Device::Cpu)?;
    let internal = || Error::unsupported(op, "a CPU array without host storage");
    {
        let mut guards = Vec::new();
        for a in &ins {
            guards.push(a.storage().as_cpu().ok_or_else(internal)?.read());
        }
        let xs: Vec<&[T]> = guards
            .iter()
            .zip(&ins)
            .map(|(g, a)| &g.slice::<T>()[a.offset()..a.offset() + a.size()])
            .collect();
        let mut w = out.storage().as_cpu().ok_or_else(internal)?.write();
        let ys = &mut w.slice_mut::<T>()[..out.size()];
        ys.par_chunks_mut(CHUNK).enumerate().for_each(|(c, sl)| {
            let start = c * CHUNK;
            if N == 1 {
                let xc = &xs[0][start..start + sl.len()];
                for (y, &x) in sl.iter_mut().zip(xc) {
                    let mut args = [0.0; N];
                    args[0] = x.to64();
                    *y = T::from64(f(args)[0]);
                }
            } else {
                for (j, y) in sl.iter_mut().enumerate() {
                    let mut args = [0.0; N];
                    for (a, x) in args.iter_mut().zip(&xs) {
                        *a = x[start + j].to64();
                    }
                    *y = T::from64(f(args)[0]);
                }
            }
        });
    }
    // M is 1 here (the caller's dispatch)
    Ok(std::array::from_fn(|_| out.clone()))
}

/// The `kernels/special/` sources in the order of the `include_str!`s below, `common.cuh` first
/// (self-contained: none of core's headers). Compiled once per function with
/// `-DSP_WANT_<name>=1`, which defines that function's kernels and no other.
const SOURCE: &str = concat!(
    include_str!("../../../kernels/special/common.cuh"),
    include_str!("../../../kernels/special/gamma.cuh"),
    include_str!("../../../kernels/special/owens.cuh"),
    include_str!("../../../kernels/special/hypergeometric.cuh"),
    include_str!("../../../kernels/special/airy.cuh"),
    include_str!("../../../kernels/special/lpmv.cuh"),
    include_str!("../../../kernels/special/inverse.cuh"),
    include_str!("../../../kernels/special/bessel.cuh"),
    include_str!("../../../kernels/special/special.cu"),
    include_str!("../../../kernels/special/cx.cuh"),
    include_str!("../../../kernels/special/cgamma.cuh"),
    include_str!("../../../kernels/special/cexpint.cuh"),
    include_str!("../../../kernels/special/cfresnel.cuh"),
    include_str!("../../../kernels/special/spence.cuh"),
    include_str!("../../../kernels/special/discrete.cuh"),
    include_str!("../../../kernels/special/degrees.cuh"),
    include_str!("../../../kernels/special/log_ndtr.cuh"),
    include_str!("../../../kernels/special/shichi.cuh"),
    include_str!("../../../kernels/special/ellipj.cuh"),
    include_str!("../../../kernels/special/lambertw.cuh"),
    include_str!("../../../kernels/special/sph_harm.cuh"),
    include_str!("../../../kernels/special/spherical_ik.cuh"),
    include_str!("../../../kernels/special/hankel.cuh"),
    include_str!("../../../kernels/special/dawson.cuh"),
    include_str!("../../../kernels/special/faddeeva.cuh"),
    include_str!("../../../kernels/special/cerf.cuh"),
    include_str!("../../../kernels/special/fresnel.cuh"),
    include_str!("../../../kernels/special/bessel_scaled.cuh"),
    include_str!("../../../kernels/special/confluent.cuh"),
    include_str!("../../../kernels/special/struve.cuh"),
    include_str!("../../../kernels/special/wright_bessel.cuh"),
    include_str!("../../../kernels/special/orthogonal.cuh"),
    include_str!("../../../kernels/special/param_inverse.cuh"),
    include_str!("../../../kernels/special/cconfluent.cuh")
);

/// The device address of element 0 of a C-contiguous CUDA array.
fn dptr(a: &Array) -> Result<u64> {
    let s = a
        .storage()
        .as_cuda()
        .ok_or_else(|| Error::invalid_value("special", "internal: a CUDA array was expected"))?;
    Ok(s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64)
}

fn cuda_apply<const M: usize>(
    op: &'static str,
    name: &'static str,
    ops: &[&Operand<'_>],
    dt: DType,
    ordinal: usize,
) -> Result<[Array; M]> {
    let dev = Device::Cuda(ordinal);
    let (arrs, shape) = prepare(op, ops, dt, dev)?;
    let n = ext::layout::shape_size(&shape);
    let mut ins = Vec::new();
    for a in &arrs {
        let b = if a.shape() == shape.as_slice() {
            a.clone()
        } else {
            a.broadcast_to(shape.as_slice())?
        };
        ins.push(ext::as_c_contiguous(&b)?);
    }
    let mut outs = Vec::new();
    for _ in 0..M {
        outs.push(ext::empty_for_overwrite(&shape, dt, dev)?);
    }
    if n > 0 {
        let suffix = if dt == DType::Float32 { "f32" } else { "f64" };
        let kname = format!("sp_{name}_{suffix}");
        // One module per function (see common.cuh): `-DSP_WANT_<name>=1` keeps its kernels only.
        // `--fmad=false`: no contraction into multiply-adds, so the GPU evaluates each formula
        // in the CPU's order (an FMA moved `lambertw` across its branch point and `hyperu`,
        // `stdtr`, `wofz`, `sph_harm_y`, `airy` off the CPU's values by 1e-15 to 5e-12).
        let want = format!("-DSP_WANT_{name}=1");
        let f = nvrtc::static_function(ordinal, SOURCE, &kname, &[want.as_str(), "--fmad=false"])?;
        let mut ptrs: Vec<u64> = Vec::new();
        for a in ins.iter().chain(outs.iter()) {
            ptrs.push(dptr(a)?);
        }
        let mut len = n as i64;
        let mut args: Vec<*mut c_void> = ptrs
            .iter_mut()
            .map(|p| p as *mut u64 as *mut c_void)
            .collect();
        args.push(&mut len as *mut i64 as *mut c_void);
        let mut cfg = nvrtc::LaunchConfig::for_num_elems(n as u64, 256);
        cfg.grid.0 = cfg.grid.0.min(1 << 20);
        // SAFETY: every `sp_*` kernel of special.cu takes N input pointers, M output pointers
        // (C-contiguous buffers of `n` elements of the loop dtype, alive until the launch is
        // queued; frees are stream-ordered after it) and the length `n` as a 64-bit integer,
        // and loops grid-stride below `n`.
        unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
    }
    outs.try_into()
        .map_err(|_| Error::invalid_value(op, "internal: output count"))
}

/// The real and imaginary parts of `z` (float32 for complex64, float64 otherwise) and the
/// complex dtype of the result (complex64 or complex128).
fn split_complex(z: &Array) -> Result<(Array, Array, DType)> {
    Ok(if z.dtype() == DType::Complex64 {
        (
            cuprum_core::real(z)?,
            cuprum_core::imag(z)?,
            DType::Complex64,
        )
    } else {
        (
            cuprum_core::real(z)?.astype(DType::Float64)?,
            cuprum_core::imag(z)?.astype(DType::Float64)?,
            DType::Complex128,
        )
    })
}

/// Applies the complex function `f` (`[re z, im z] -> [re w, im w]`) elementwise to the complex
/// array `z`: the CPU loop over its real and imaginary parts or the CUDA kernel `sp_<name>` of
/// `kernels/special/` (two inputs, two outputs). complex64 is computed in complex128 and
/// rounded (SciPy's `'F->F'` loops call the double routine); the result has `z`'s complex dtype
/// (complex64 or complex128) and device.
pub(crate) fn apply_complex(
    op: &'static str,
    name: &'static str,
    z: &Array,
    f: Kernel<2, 2>,
) -> Result<Array> {
    let (re, im, dt) = split_complex(z)?;
    let [wr, wi] = apply(
        op,
        name,
        First::F64,
        [&Operand::Array(&re), &Operand::Array(&im)],
        f,
    )?;
    complex_from_parts(op, &wr, &wi, dt)
}

/// [`apply_complex`] for a pair of complex results (`[re z, im z] -> [re a, im a, re b, im b]`):
/// both of `z`'s complex dtype, on its device.
pub(crate) fn apply_complex_pair(
    op: &'static str,
    name: &'static str,
    z: &Array,
    f: Kernel<2, 4>,
) -> Result<(Array, Array)> {
    let (re, im, dt) = split_complex(z)?;
    let [ar, ai, br, bi] = apply(
        op,
        name,
        First::F64,
        [&Operand::Array(&re), &Operand::Array(&im)],
        f,
    )?;
    Ok((
        complex_from_parts(op, &ar, &ai, dt)?,
        complex_from_parts(op, &br, &bi, dt)?,
    ))
}

/// One real operand of a complex loop: an owned array or a weak scalar.
enum Part {
    Arr(Array),
    Sc(Scalar),
}

impl Part {
    fn operand(&self) -> Operand<'_> {
        match self {
            Part::Arr(a) => Operand::Array(a),
            Part::Sc(s) => Operand::Scalar(*s),
        }
    }
}

/// The real and imaginary parts of an operand of a complex loop of real dtype `rdt` (float32 or
/// float64): a complex array's parts cast to `rdt`, a real array cast to `rdt` with the weak
/// scalar 0, a scalar's parts as weak scalars.
fn complex_parts(o: &Operand<'_>, rdt: DType) -> Result<[Part; 2]> {
    let zero = Part::Sc(Scalar::Float(0.0));
    Ok(match o {
        Operand::Array(a) if a.dtype().is_complex() => [
            Part::Arr(cuprum_core::real(a)?.astype(rdt)?),
            Part::Arr(cuprum_core::imag(a)?.astype(rdt)?),
        ],
        Operand::Array(a) => [Part::Arr(a.astype(rdt)?), zero],
        Operand::Scalar(Scalar::Complex(c)) => {
            [Part::Sc(Scalar::Float(c.re)), Part::Sc(Scalar::Float(c.im))]
        }
        Operand::Scalar(s) => [Part::Sc(*s), zero],
    })
}

/// Applies the complex function `f` (`[re x, im x, re y, im y] -> [re w, im w]`) of two operands
/// of which at least one is complex: broadcast, on their device, the CUDA kernel `sp_<name>`
/// (four inputs, two outputs). The loop is complex64 when both operands are complex64 arrays
/// and complex128 otherwise (SciPy lists `'DD->D'` before `'FF->F'`, so a real or scalar
/// operand selects complex128).
pub(crate) fn apply_complex2(
    op: &'static str,
    name: &'static str,
    x: &Operand<'_>,
    y: &Operand<'_>,
    f: Kernel<4, 2>,
) -> Result<Array> {
    let both_c64 = [x, y]
        .iter()
        .all(|o| matches!(o, Operand::Array(a) if a.dtype() == DType::Complex64));
    let (rdt, dt) = if both_c64 {
        (DType::Float32, DType::Complex64)
    } else {
        (DType::Float64, DType::Complex128)
    };
    let [xr, xi] = complex_parts(x, rdt)?;
    let [yr, yi] = complex_parts(y, rdt)?;
    apply_parts4(op, name, [&xr, &xi, &yr, &yi], f, dt)
}

/// Runs the loop `f` (`sp_<name>` on CUDA) over four real operands and joins its two outputs
/// into one array of the complex dtype `dt`.
fn apply_parts4(
    op: &'static str,
    name: &'static str,
    parts: [&Part; 4],
    f: Kernel<4, 2>,
    dt: DType,
) -> Result<Array> {
    let ops = parts.map(Part::operand);
    let [wr, wi] = apply(
        op,
        name,
        First::F64,
        [&ops[0], &ops[1], &ops[2], &ops[3]],
        f,
    )?;
    complex_from_parts(op, &wr, &wi, dt)
}

/// Whether a real operand keeps a float32 loop (SciPy's `'ff..'` loops): a weak scalar, or an
/// array of bool, 8- or 16-bit integers, float16 or float32.
fn keeps_f32(o: &Operand<'_>) -> bool {
    match o {
        Operand::Array(a) => safe_f32(a.dtype()),
        Operand::Scalar(_) => true,
    }
}

/// Applies the function `f` (`[a, b, re z, im z] -> [re w, im w]`) of two real parameters and
/// a complex operand `z` (SciPy's `'ffF->F'` and `'ddD->D'` loops): broadcast, on their
/// device, the CUDA kernel `sp_<name>` (four inputs, two outputs). The loop is complex64 when
/// `z` is a complex64 array or a complex scalar, the parameters are weak scalars or arrays of
/// at most float32, and one operand is an array; complex128 otherwise. Complex parameters are
/// an [`Error::Unsupported`] (SciPy has no such loop).
pub(crate) fn apply_complex_params(
    op: &'static str,
    name: &'static str,
    a: &Operand<'_>,
    b: &Operand<'_>,
    z: &Operand<'_>,
    f: Kernel<4, 2>,
) -> Result<Array> {
    if is_complex(a) || is_complex(b) {
        return Err(Error::unsupported(
            op,
            "complex parameters (SciPy has no such loop)",
        ));
    }
    let any_array = [a, b, z].iter().any(|o| matches!(o, Operand::Array(_)));
    let z32 = match z {
        Operand::Array(arr) => arr.dtype() == DType::Complex64,
        Operand::Scalar(_) => true,
    };
    let (rdt, dt) = if any_array && z32 && keeps_f32(a) && keeps_f32(b) {
        (DType::Float32, DType::Complex64)
    } else {
        (DType::Float64, DType::Complex128)
    };
    let real_part = |o: &Operand<'_>| -> Result<Part> {
        Ok(match o {
            Operand::Array(x) => Part::Arr(x.astype(rdt)?),
            Operand::Scalar(s) => Part::Sc(*s),
        })
    };
    let (pa, pb) = (real_part(a)?, real_part(b)?);
    let [zr, zi] = complex_parts(z, rdt)?;
    apply_parts4(op, name, [&pa, &pb, &zr, &zi], f, dt)
}

/// The real and imaginary parts of the operand `z` as two operands: the arrays in `owned`
/// (the parts of an array `z`; a missing imaginary part is the weak scalar 0) or the parts of
/// a scalar `z` as weak scalars.
///
/// # Errors
/// [`Error::Unsupported`] naming `op` for an array `z` with `owned` empty (an internal error).
pub(crate) fn owned_parts<'b>(
    op: &'static str,
    owned: &'b Option<(Array, Option<Array>)>,
    z: &Operand<'_>,
) -> Result<(Operand<'b>, Operand<'b>)> {
    let zero = Operand::Scalar(Scalar::Float(0.0));
    Ok(match (owned, z) {
        (Some((r, Some(i))), _) => (Operand::Array(r), Operand::Array(i)),
        (Some((r, None)), _) => (Operand::Array(r), zero),
        (None, Operand::Scalar(Scalar::Complex(c))) => (
            Operand::Scalar(Scalar::Float(c.re)),
            Operand::Scalar(Scalar::Float(c.im)),
        ),
        (None, Operand::Scalar(s)) => (Operand::Scalar(*s), zero),
        (None, Operand::Array(_)) => {
            return Err(Error::unsupported(op, "internal: an array without parts"));
        }
    })
}

/// Whether the operand is a complex array or a complex scalar.
pub(crate) fn is_complex(o: &Operand<'_>) -> bool {
    match o {
        Operand::Array(a) => a.dtype().is_complex(),
        Operand::Scalar(s) => matches!(s, Scalar::Complex(_)),
    }
}

/// The operand as a complex array when it is complex (a complex array, or a complex scalar as a
/// 0-d complex128 array on the CPU), else `None`.
pub(crate) fn complex_operand(o: &Operand<'_>) -> Result<Option<Array>> {
    Ok(match o {
        Operand::Array(a) if a.dtype().is_complex() => Some((*a).clone()),
        Operand::Scalar(Scalar::Complex(c)) => {
            Some(Array::from_vec_on(vec![*c], &[] as &[usize], Device::Cpu)?)
        }
        _ => None,
    })
}

/// The complex array of dtype `dt` (complex64 or complex128) with real part `re` and imaginary
/// part `im` (equal shapes, of `dt`'s real dtype): the two stacked on a last axis of length 2
/// and the buffer read as complex (one copy, on the arrays' device).
pub(crate) fn complex_from_parts(
    op: &'static str,
    re: &Array,
    im: &Array,
    dt: DType,
) -> Result<Array> {
    let st = cuprum_core::stack(&[re, im], -1)?;
    let st = ext::as_c_contiguous(&st)?;
    if st.offset() != 0 {
        return Err(Error::unsupported(
            op,
            "internal: a stacked array with an offset",
        ));
    }
    ext::from_parts(st.storage().clone(), Layout::contiguous(re.shape()), dt)
}

#[cfg(test)]
mod tests {
    use super::SOURCE;

    /// Every kernel of the source is defined only for its own `-DSP_WANT_<name>=1` compile:
    /// inside a kernel macro whose body is `SP_KERNELS(NAME, ...)`, or between `#ifdef
    /// SP_WANT_<name>` and `#endif` for a hand-written one. A kernel outside both would be
    /// compiled into every function's module again.
    #[test]
    fn every_kernel_is_guarded_by_its_name() {
        let mut in_macro = false;
        let mut macro_guarded = false;
        let mut want: Option<&str> = None;
        let mut kernels = 0;
        for line in SOURCE.lines() {
            let t = line.trim_start();
            if t.starts_with("#define") {
                in_macro = line.trim_end().ends_with('\\');
                macro_guarded = false;
                continue;
            }
            if in_macro {
                if t.starts_with("SP_KERNELS(NAME,") {
                    macro_guarded = true;
                }
                if t.contains("__global__") {
                    assert!(macro_guarded, "kernel macro without SP_KERNELS: {line}");
                    kernels += 1;
                }
                in_macro = line.trim_end().ends_with('\\');
                continue;
            }
            if let Some(name) = t.strip_prefix("#ifdef SP_WANT_") {
                want = Some(name.trim());
                continue;
            }
            if t.starts_with("#endif") {
                want = None;
                continue;
            }
            if let Some(rest) = t.strip_prefix("extern \"C\" __global__ void sp_") {
                let name = rest.split('(').next().unwrap_or("");
                let base = name
                    .strip_suffix("_f64")
                    .or_else(|| name.strip_suffix("_f32"))
                    .unwrap_or(name);
                assert_eq!(
                    want,
                    Some(base),
                    "kernel sp_{name} outside #ifdef SP_WANT_{base}"
                );
                kernels += 1;
            }
        }
        // The four ufunc macros, airy, hankel, and the hand-written sici, ellipj, wofz,
        // fresnel, lambertw, shichi and sph_harm_y kernels.
        assert!(kernels >= 20, "{kernels} kernel definitions found");
    }

    /// No device function of the source calls itself by its plain name: the driver gives a
    /// kernel whose call graph has a cycle its default 1 KiB stack instead of the size ptxas
    /// computed. A function that must nest is a template on its depth and calls `name<D + 1>(`.
    /// (Mutual recursion, which erf/erfc and beta/beta_negint had, is checked on the PTX call
    /// graphs when the source changes; see ARCHITECTURE.)
    #[test]
    fn no_device_function_calls_itself() {
        let mut defs = 0;
        let mut rest = SOURCE;
        while let Some(i) = rest.find("__device__ ") {
            rest = &rest[i + "__device__ ".len()..];
            let head_end = match rest.find(['{', ';']) {
                Some(e) => e,
                None => break,
            };
            let head = &rest[..head_end];
            if !rest[head_end..].starts_with('{') || !head.contains('(') {
                continue;
            }
            let name = head[..head.find('(').unwrap()]
                .split_whitespace()
                .last()
                .unwrap_or("")
                .trim_start_matches('*');
            // the body: up to the matching closing brace
            let mut depth = 0usize;
            let mut end = head_end;
            for (k, c) in rest[head_end..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = head_end + k;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let body = &rest[head_end..end];
            if name.starts_with("sp_") {
                defs += 1;
                let call = format!("{name}(");
                let calls_itself = body.match_indices(&call).any(|(k, _)| {
                    let before = body[..k].chars().last().unwrap_or(' ');
                    !(before.is_alphanumeric() || before == '_')
                });
                assert!(!calls_itself, "device function {name} calls itself");
            }
            rest = &rest[end..];
        }
        assert!(defs > 300, "{defs} device functions found");
    }
}
