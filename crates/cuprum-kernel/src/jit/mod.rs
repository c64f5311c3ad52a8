//! Kernels written in Rust (CuPy's `cupyx.jit`): one source that runs on CUDA GPUs (as CUDA C
//! through NVRTC) and on the CPU (as compiled Rust).
//!
//! `#[jit::kernel]` on a function turns it into a `static` [`Kernel`]. Parameters are arrays
//! read (`x: &[T]`), arrays written (`y: &mut [T]`) and scalars (`a: T`, `n: usize`); element
//! types are type parameters (`T`, bound per call to the arguments' dtype, as CuPy's type
//! placeholders) or fixed (`i8`…`i64`, `u8`…`u64`, `f32`, `f64`; `usize`/`isize` scalars).
//! Arrays are C-contiguous (a read-only array that is not is copied first); `x[i]` indexes
//! the flat C-order elements and `x[(i, j)]` an n-d array; `x.len()` and `x.shape(k)` give
//! sizes.
//!
//! **The body language**: `let`/`let mut` (an unsuffixed literal takes its type from its use;
//! types never mix without `as`), arithmetic (`+ - * / %`, bitwise ops and shifts on
//! integers; integers wrap, integer division by zero gives 0), comparisons, `&&`/`||`/`!`,
//! `as` casts, `if`/`else` (also as a value), `for i in a..b` / `a..=b` /
//! `(a..b).step_by(s)`, `while`, `loop`, `break`/`continue`, `return`; math as methods or
//! functions (`sqrt`, `cbrt`, `exp`, `exp2`, `ln`/`log`, `log2`, `log10`, `sin`, `cos`, `tan`,
//! `asin`, `acos`, `atan`, `sinh`, `cosh`, `tanh`, `floor`, `ceil`, `round`, `trunc`, `abs`,
//! `min`, `max`, `powf`/`pow`, `powi`, `atan2`, `hypot`); constants such as `f32::INFINITY`,
//! `f64::consts::PI`, `i32::MAX`. The thread model of `cupyx.jit`: `thread_idx()`,
//! `block_idx()`, `block_dim()`, `grid_dim()` (`.x/.y/.z`, `u32`), `grid(1)` and
//! `gridsize(1)` (`usize`; `let (i, j) = grid(2);`), `laneid()`, `warpsize()`,
//! `syncthreads()`, `syncwarp()`, `let s = shared_memory::<T>(n);` (static, among the top-level
//! statements), atomics `atomic_add|sub|exch|min|max|inc|dec|and|or|xor(array, index, value)`
//! and `atomic_cas(array, index, compare, value)` (returning the old value; CUDA: 4- and 8-byte
//! types), warp operations `shfl_sync`, `shfl_down_sync`, `shfl_up_sync`, `shfl_xor_sync`
//! `(mask, value, lane_or_delta[, width])`, `all_sync`, `any_sync`, `ballot_sync`
//! `(mask, predicate)`. Anything else is a compile error at its span.
//!
//! **On the CPU** the blocks of a launch run in parallel (rayon) and the threads of a block as
//! loops; the body is cut into phases at each `syncthreads()`, `syncwarp()` and warp operation
//! (the MCUDA method): values used across a cut live in per-thread vectors, control flow that
//! holds a cut runs once per block with a per-thread mask. Shared memory is one buffer per
//! block; atomics on arrays are real atomics (compare-and-swap); warp operations read the 32
//! lanes of the warp. A `syncthreads()` under a condition that depends on the thread (its
//! index, a `grid()`, an atomic's or warp operation's result, or a variable computed from
//! them) is a compile error, as is `break`/`continue` out of a loop that holds a barrier.
//! An index out of bounds is an error of the launch (on CUDA it is undefined, as in CUDA C).
//!
//! **On CUDA** the body is CUDA C, instantiated per call with the type parameters'
//! `typedef`s, compiled by NVRTC with `--fmad=false` through cuprum's cache, and launched on the
//! current stream. Integer and IEEE arithmetic give the same results on both devices; math
//! functions may differ in the last bits (CUDA's libdevice against Rust's libm).
//!
//! # Example
//! ```
//! use cuprum_core::{Array, Device};
//! use cuprum_kernel::{args, jit};
//!
//! #[jit::kernel]
//! fn axpy<T>(x: &[T], y: &mut [T], a: T) {
//!     let i = grid(1);
//!     if i < x.len() {
//!         y[i] = a * x[i] + y[i];
//!     }
//! }
//!
//! let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], Device::Cpu)?;
//! let y = Array::from_vec_on(vec![10.0f32; 3], &[3], Device::Cpu)?;
//! axpy.launch(1, 32, args![&x, &y, 2.0])?;
//! assert_eq!(y.to_vec::<f32>()?, vec![12.0, 14.0, 16.0]);
//! axpy.elementwise(args![&x, &y, 1.0])?;
//! assert_eq!(y.to_vec::<f32>()?, vec![13.0, 16.0, 19.0]);
//! # Ok::<(), cuprum_kernel::KernelError>(())
//! ```

mod cuda;
mod elem;
#[doc(hidden)]
pub mod rt;

pub use cuprum_kernel_macros::kernel;
pub use elem::{JitElem, JitInt};

use crate::args::{Arg, convert_scalar, scalar_default_dtype};
use crate::error::{KernelError, Result};
use crate::raw::Dim3;
use cuprum_core::ext::nvrtc::Function;
use cuprum_core::{Array, DType, Device};
use rt::{ElemTy, PKind, Spec};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Threads per block of [`Kernel::elementwise`].
pub const ELEMENTWISE_BLOCK: u32 = 256;

/// The largest grid of a launch (x, y, z blocks), CUDA's limits on every device.
pub const MAX_GRID: [u32; 3] = [i32::MAX as u32, 65535, 65535];

type CacheEntry = (usize, Vec<DType>, Vec<usize>, Function);

/// A kernel made by `#[jit::kernel]` (a `static` named as the function).
///
/// **Devices**: CUDA (the generated CUDA C through NVRTC) and the CPU (the generated Rust);
/// the device is the arrays' (all on one device), the current device when there are none.
///
/// # Errors
/// Of [`launch`](Self::launch) and [`elementwise`](Self::elementwise):
/// [`KernelError::ArgCount`] for a wrong number of arguments, [`KernelError::BadArgument`]
/// for a scalar where an array is expected (or the reverse), a written array that is not
/// C-contiguous or an array whose number of dimensions differs from its n-d indexing,
/// [`KernelError::DTypeMismatch`] / [`KernelError::PlaceholderConflict`] /
/// [`KernelError::UnboundPlaceholder`] / [`KernelError::UnsupportedDType`] for element types,
/// [`KernelError::Launch`] for an empty grid or block, more than 1024 threads per block, a grid
/// beyond [`MAX_GRID`] (CUDA's limits, on every device), or an index out of bounds on the CPU, `DeviceMismatch` for arrays on several devices, NVRTC's
/// errors ([`KernelError::Compile`]) and CUDA's.
pub struct Kernel {
    spec: Spec,
    cache: Mutex<Vec<CacheEntry>>,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("jit::Kernel")
            .field("name", &self.spec.name)
            .finish_non_exhaustive()
    }
}

/// The dtypes with CPU instances and CUDA C types.
fn supported(d: DType) -> bool {
    matches!(
        d,
        DType::Int8
            | DType::Int16
            | DType::Int32
            | DType::Int64
            | DType::UInt8
            | DType::UInt16
            | DType::UInt32
            | DType::UInt64
            | DType::Float32
            | DType::Float64
    )
}

impl Kernel {
    #[doc(hidden)]
    pub const fn __new(spec: Spec) -> Kernel {
        Kernel {
            spec,
            cache: Mutex::new(Vec::new()),
        }
    }

    /// The kernel's name (the function's).
    pub fn name(&self) -> &'static str {
        self.spec.name
    }

    /// The CUDA C source of the instantiation with type parameters bound to `dtypes` (each
    /// array parameter taken with as many dimensions as its n-d indexing, 1 when flat).
    pub fn cuda_source(&self, dtypes: &[DType]) -> String {
        let nd: Vec<usize> = self
            .spec
            .params
            .iter()
            .map(|p| match p.kind {
                PKind::Scalar => 0,
                _ => p.ndim.clamp(p.min_ndim, usize::MAX).clamp(1, usize::MAX),
            })
            .collect();
        cuda::source(&self.spec, dtypes, &nd)
    }

    /// Launches with `grid` blocks of `block` threads (CuPy's `kernel[grid, block](args)`).
    ///
    /// # Errors
    /// See the type's documentation.
    pub fn launch(
        &self,
        grid: impl Into<Dim3>,
        block: impl Into<Dim3>,
        args: &[Arg<'_>],
    ) -> Result<()> {
        let (g, b) = (grid.into(), block.into());
        self.run([g.0, g.1, g.2], [b.0, b.1, b.2], args, None)
    }

    /// Launches one thread per element of the first written array (the first array when none
    /// is written), in blocks of [`ELEMENTWISE_BLOCK`]: for bodies indexed by `grid(1)` (with
    /// `if i < y.len()`, or a grid-stride loop over `gridsize(1)`).
    ///
    /// # Errors
    /// See the type's documentation.
    pub fn elementwise(&self, args: &[Arg<'_>]) -> Result<()> {
        let mut n: Option<usize> = None;
        for (p, a) in self.spec.params.iter().zip(args) {
            if let Arg::Array(x) = a {
                if p.kind == PKind::Out {
                    n = Some(x.size());
                    break;
                }
                if n.is_none() {
                    n = Some(x.size());
                }
            }
        }
        let n = std::cmp::max(n.unwrap_or(1), 1);
        let blocks = n.div_ceil(ELEMENTWISE_BLOCK as usize);
        let blocks = u32::try_from(blocks)
            .ok()
            .filter(|&b| b <= MAX_GRID[0])
            .ok_or_else(|| KernelError::Launch {
                kernel: self.spec.name.to_string(),
                reason: format!("{n} elements need {blocks} blocks; at most 2^31 - 1"),
            })?;
        self.run([blocks, 1, 1], [ELEMENTWISE_BLOCK, 1, 1], args, Some(n))
    }

    fn bad(&self, param: &str, reason: impl Into<String>) -> KernelError {
        KernelError::BadArgument {
            kernel: self.spec.name.to_string(),
            param: param.to_string(),
            reason: reason.into(),
        }
    }

    fn run(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Arg<'_>],
        _size: Option<usize>,
    ) -> Result<()> {
        let spec = &self.spec;
        let name = spec.name;
        if args.len() != spec.params.len() {
            return Err(KernelError::ArgCount {
                kernel: name.to_string(),
                expected: spec.params.len().to_string(),
                got: args.len(),
            });
        }
        if grid.contains(&0) || block.contains(&0) {
            return Err(KernelError::Launch {
                kernel: name.to_string(),
                reason: format!("grid {grid:?} and block {block:?} must be non-zero"),
            });
        }
        // in u128: three u32 dimensions overflow u64 (2^31 x 2^31 x 4 once wrapped to 0)
        let nt = block.iter().map(|&x| x as u128).product::<u128>();
        if nt > 1024 {
            return Err(KernelError::Launch {
                kernel: name.to_string(),
                reason: format!("block {block:?} has {nt} threads; at most 1024"),
            });
        }
        // CUDA's grid limits on every device: a CPU launch's block count (< 2^63) then fits
        // in `usize`, where (2^32 - 1)^3 blocks once overflowed it
        if grid[0] > MAX_GRID[0] || grid[1] > MAX_GRID[1] || grid[2] > MAX_GRID[2] {
            return Err(KernelError::Launch {
                kernel: name.to_string(),
                reason: format!(
                    "grid {grid:?} exceeds CUDA's limits: x at most 2^31 - 1, y and z at most 65535"
                ),
            });
        }
        // bind the type parameters: arrays first, then scalars (NumPy's type of a lone scalar)
        let mut gens: Vec<Option<(DType, &str)>> = spec.generics.iter().map(|_| None).collect();
        let mut device: Option<Device> = None;
        for (p, a) in spec.params.iter().zip(args) {
            match (p.kind, a) {
                (PKind::In | PKind::Out, Arg::Array(x)) => {
                    crate::common::join_device("jit::Kernel::launch", &mut device, x.device())?;
                    match p.elem {
                        ElemTy::Dt(d, _) => {
                            if x.dtype() != d {
                                return Err(KernelError::DTypeMismatch {
                                    kernel: name.to_string(),
                                    param: p.name.to_string(),
                                    expected: d,
                                    got: x.dtype(),
                                });
                            }
                        }
                        ElemTy::Gen(g) => match gens.get(g).copied().flatten() {
                            None => {
                                if let Some(s) = gens.get_mut(g) {
                                    *s = Some((x.dtype(), p.name));
                                }
                            }
                            Some((d, by)) if d != x.dtype() => {
                                return Err(KernelError::PlaceholderConflict {
                                    kernel: name.to_string(),
                                    placeholder: spec.generics[g].to_string(),
                                    bound: d,
                                    bound_by: by.to_string(),
                                    param: p.name.to_string(),
                                    got: x.dtype(),
                                });
                            }
                            _ => {}
                        },
                    }
                    if p.ndim > 0 && x.ndim() != p.ndim {
                        return Err(self.bad(
                            p.name,
                            format!(
                                "the kernel indexes it with {} indices; an array of shape {:?} was given",
                                p.ndim,
                                x.shape()
                            ),
                        ));
                    }
                    if x.ndim() < p.min_ndim {
                        return Err(self.bad(
                            p.name,
                            format!(
                                "the kernel takes shape({}) of it; an array of shape {:?} was given",
                                p.min_ndim - 1,
                                x.shape()
                            ),
                        ));
                    }
                    if p.kind == PKind::Out && !x.is_c_contiguous() {
                        return Err(self.bad(
                            p.name,
                            "a written array must be C-contiguous (pass a contiguous copy and copy it back)",
                        ));
                    }
                }
                (PKind::Scalar, Arg::Scalar(_)) => {}
                (PKind::Scalar, Arg::Array(_)) => {
                    return Err(self.bad(p.name, "a scalar parameter takes a scalar"));
                }
                (_, Arg::Scalar(_)) => {
                    return Err(self.bad(p.name, "an array parameter takes an array"));
                }
            }
        }
        for (p, a) in spec.params.iter().zip(args) {
            if let (ElemTy::Gen(g), Arg::Scalar(s)) = (p.elem, a)
                && let Some(slot) = gens.get_mut(g)
                && slot.is_none()
            {
                *slot = Some((scalar_default_dtype(s), p.name));
            }
        }
        let mut gdt: Vec<DType> = Vec::new();
        for (g, b) in gens.iter().enumerate() {
            let Some((d, by)) = b else {
                return Err(KernelError::UnboundPlaceholder {
                    kernel: name.to_string(),
                    placeholder: spec.generics[g].to_string(),
                });
            };
            if !supported(*d) {
                return Err(KernelError::UnsupportedDType {
                    kernel: name.to_string(),
                    what: format!("type parameter {} (from {by})", spec.generics[g]),
                    dtype: *d,
                    reason: "jit kernels take int8..uint64, float32 and float64".into(),
                });
            }
            gdt.push(*d);
        }
        let dtype_of = |p: &rt::ParamSpec| match p.elem {
            ElemTy::Dt(d, _) => d,
            ElemTy::Gen(g) => gdt.get(g).copied().unwrap_or(DType::Int32),
        };
        // arrays made C-contiguous (read-only ones copied when they are not), scalars converted
        let mut arrays: Vec<Option<Array>> = Vec::new();
        let mut scalars = Vec::new();
        for (p, a) in spec.params.iter().zip(args) {
            match a {
                Arg::Array(x) => {
                    arrays.push(Some(cuprum_core::ext::as_c_contiguous(x)?));
                    scalars.push(None);
                }
                Arg::Scalar(s) => {
                    arrays.push(None);
                    scalars.push(Some(convert_scalar("jit kernel", *s, dtype_of(p))?));
                }
            }
        }
        let device = device.unwrap_or_else(cuprum_core::current_device);
        match device {
            Device::Cuda(ordinal) => {
                let mut gargs = Vec::new();
                let mut ndims = Vec::new();
                for (a, s) in arrays.iter().zip(&scalars) {
                    match (a, s) {
                        (Some(x), _) => {
                            ndims.push(x.ndim());
                            gargs.push(cuda::GpuArg::Array {
                                ptr: x.device_ptr().unwrap_or(0),
                                len: x.size(),
                                dims: x.shape().to_vec(),
                            });
                        }
                        (None, Some(v)) => {
                            ndims.push(0);
                            gargs.push(cuda::GpuArg::Scalar(v.bytes, v.len));
                        }
                        (None, None) => ndims.push(0),
                    }
                }
                cuda::launch(self, ordinal, &gdt, &ndims, grid, block, &gargs)
            }
            _ => self.run_cpu(grid, block, &gdt, &arrays, &scalars),
        }
    }

    fn run_cpu(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        gdt: &[DType],
        arrays: &[Option<Array>],
        scalars: &[Option<crate::args::ScalarValue>],
    ) -> Result<()> {
        let spec = &self.spec;
        // lock each buffer once: for writing when a written parameter uses it
        let mut keys: Vec<usize> = Vec::new();
        let mut written: Vec<bool> = Vec::new();
        let mut key_of: Vec<Option<usize>> = Vec::new();
        for (p, a) in spec.params.iter().zip(arrays) {
            let Some(x) = a else {
                key_of.push(None);
                continue;
            };
            let v = cuprum_core::ext::view(x);
            let Some(cpu) = v.storage.as_cpu() else {
                return Err(self.bad(p.name, "the array is not in host memory"));
            };
            let key = cpu.as_ptr() as usize;
            let k = match keys.iter().position(|&q| q == key) {
                Some(k) => k,
                None => {
                    keys.push(key);
                    written.push(false);
                    keys.len() - 1
                }
            };
            if p.kind == PKind::Out {
                written[k] = true;
            }
            key_of.push(Some(k));
        }
        let mut guards: Vec<rt::Guard<'_>> = Vec::new();
        let mut bases: Vec<*mut u8> = Vec::new();
        for (k, &key) in keys.iter().enumerate() {
            let Some(x) = arrays.iter().flatten().find(|x| {
                cuprum_core::ext::view(x)
                    .storage
                    .as_cpu()
                    .map(|c| c.as_ptr() as usize)
                    == Some(key)
            }) else {
                continue;
            };
            let Some(cpu) = cuprum_core::ext::view(x).storage.as_cpu() else {
                continue;
            };
            if written[k] {
                let mut g = cpu.write();
                bases.push(g.bytes_mut().as_mut_ptr());
                guards.push(rt::Guard::W(g));
            } else {
                let g = cpu.read();
                bases.push(g.bytes().as_ptr() as *mut u8);
                guards.push(rt::Guard::R(g));
            }
        }
        let mut slots = Vec::new();
        for ((p, a), k) in spec.params.iter().zip(arrays).zip(&key_of) {
            match (a, k) {
                (Some(x), Some(k)) => {
                    let off = x.layout().offset * x.dtype().itemsize();
                    let base = bases.get(*k).copied().unwrap_or(std::ptr::null_mut());
                    slots.push(Some(rt::Slot {
                        // SAFETY: the offset of a C-contiguous array's first element, inside
                        // its buffer (core's layouts are bounds-checked).
                        ptr: unsafe { base.add(off) },
                        len: x.size(),
                        dims: x.shape().to_vec(),
                        live: p.kind == PKind::In && written.get(*k).copied().unwrap_or(false),
                        key: *k,
                    }));
                }
                _ => slots.push(None),
            }
        }
        let bound = rt::Bound {
            kernel: spec.name,
            generics: gdt.to_vec(),
            slots,
            scalars: scalars.iter().map(|s| s.map(|v| v.value)).collect(),
            oob: AtomicBool::new(false),
            _guards: guards,
        };
        let launch = rt::Launch {
            grid,
            block,
            oob: AtomicBool::new(false),
        };
        (spec.cpu)(&launch, &bound)?;
        if launch.oob.load(Ordering::Relaxed) || bound.oob.load(Ordering::Relaxed) {
            return Err(KernelError::Launch {
                kernel: spec.name.to_string(),
                reason: "an index was out of bounds of its array or shared memory (on CUDA: an \
                         illegal memory access)"
                    .into(),
            });
        }
        Ok(())
    }

    /// The compiled instantiation for device `ordinal` (cached here and in core's NVRTC cache).
    fn function(&self, ordinal: usize, gdt: &[DType], ndims: &[usize]) -> Result<Function> {
        if let Some(e) = self
            .cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|e| e.0 == ordinal && e.1 == gdt && e.2 == ndims)
        {
            return Ok(e.3.clone());
        }
        let f = cuda::compile(&self.spec, ordinal, gdt, ndims)?;
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).push((
            ordinal,
            gdt.to_vec(),
            ndims.to_vec(),
            f.clone(),
        ));
        Ok(f)
    }
}
