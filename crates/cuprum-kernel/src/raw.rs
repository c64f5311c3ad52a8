//! [`RawKernel`] and [`RawModule`]: CUDA C source launched with an explicit grid.

use crate::error::{KernelError, Result};
use crate::source::{ArgPack, map_compile_error, with_header_hashes};
use cuprum_core::ext::nvrtc::{Function, LaunchConfig, Module};
use cuprum_core::{Array, Device, Element};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The typed arguments of a raw kernel launch, in the kernel's parameter order: arrays (passed
/// as a pointer to their first element, `T*` in the kernel) and scalars (passed by value in
/// their Rust type's layout: `i32` is `int`, `f64` is `double`, `Complex32` is
/// `complex<float>`/`float2`, ...). No raw pointers in user code; the arrays are held until the
/// launch is queued.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_kernel::LaunchArgs;
/// let x = Array::from_vec_on(vec![1.0f32; 4], &[4], Device::Cpu).unwrap();
/// let a = LaunchArgs::new().array(&x).scalar(4i32).scalar(2.5f32);
/// assert_eq!(a.len(), 3);
/// ```
#[derive(Clone, Default)]
pub struct LaunchArgs<'a> {
    items: Vec<LaunchArg<'a>>,
}

#[derive(Clone)]
enum LaunchArg<'a> {
    Array(&'a Array),
    /// the bytes (GPU), their count, and the value with its dtype (CPU)
    Value([u8; 16], usize, cuprum_core::DType, cuprum_core::Scalar),
}

impl<'a> LaunchArgs<'a> {
    /// No arguments yet.
    pub fn new() -> Self {
        LaunchArgs { items: Vec::new() }
    }
    /// Appends an array (the kernel parameter is a pointer to its element type).
    pub fn array(mut self, a: &'a Array) -> Self {
        self.items.push(LaunchArg::Array(a));
        self
    }
    /// Appends a scalar by value (`i32` → `int`, `u64` → `unsigned long long`, `f32` →
    /// `float`, `Complex64` → `complex<double>`, ...).
    pub fn scalar<T: Element>(mut self, v: T) -> Self {
        let b = T::to_bytes(std::slice::from_ref(&v));
        let mut buf = [0u8; 16];
        let n = b.len().min(16);
        buf[..n].copy_from_slice(&b[..n]);
        self.items
            .push(LaunchArg::Value(buf, n, T::DTYPE, v.to_scalar()));
        self
    }
    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    fn device(&self) -> Result<Option<Device>> {
        let mut d: Option<Device> = None;
        for it in &self.items {
            if let LaunchArg::Array(a) = it {
                crate::common::join_device("RawKernel::launch", &mut d, a.device())?;
            }
        }
        Ok(d)
    }

    fn pack(&self) -> ArgPack {
        let mut p = ArgPack::new();
        for it in &self.items {
            match it {
                LaunchArg::Array(a) => p.push_u64(a.device_ptr().unwrap_or(0)),
                LaunchArg::Value(b, n, ..) => p.push_bytes(&b[..*n], (*n).min(16)),
            }
        }
        p
    }

    fn cpu_args(&self) -> Vec<crate::cpu::KernelArg<'a>> {
        self.items
            .iter()
            .map(|it| match it {
                LaunchArg::Array(a) => crate::cpu::KernelArg::Array(cuprum_core::ext::view(a)),
                LaunchArg::Value(_, _, d, s) => crate::cpu::KernelArg::Scalar(*s, *d),
            })
            .collect()
    }
}

/// Grid or block dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim3(pub u32, pub u32, pub u32);

impl From<u32> for Dim3 {
    fn from(x: u32) -> Self {
        Dim3(x, 1, 1)
    }
}
impl From<(u32, u32)> for Dim3 {
    fn from((x, y): (u32, u32)) -> Self {
        Dim3(x, y, 1)
    }
}
impl From<(u32, u32, u32)> for Dim3 {
    fn from((x, y, z): (u32, u32, u32)) -> Self {
        Dim3(x, y, z)
    }
}

/// A module loaded on one device and the lowered names of its name expressions.
type Loaded = (Arc<Module>, Vec<String>);

struct ModuleSpec {
    label: String,
    code: String,
    options: Vec<String>,
    name_expressions: Vec<String>,
    loaded: Mutex<HashMap<usize, Loaded>>,
}

impl ModuleSpec {
    fn load(&self, ordinal: usize) -> Result<(Arc<Module>, Vec<String>)> {
        if let Some(m) = crate::common::cached(&self.loaded, &ordinal) {
            return Ok(m);
        }
        let headers = if self.code.contains("cupy/") {
            crate::compat::raw_headers()
        } else {
            String::new()
        };
        let src = crate::compat::for_nvrtc(&self.code, &headers, "source");
        let src = with_header_hashes(src, &self.options);
        let o: Vec<&str> = self.options.iter().map(String::as_str).collect();
        let n: Vec<&str> = self.name_expressions.iter().map(String::as_str).collect();
        let sections = vec![("source".to_string(), self.code.clone())];
        let m = cuprum_core::ext::nvrtc::get_module_named(ordinal, &src, &o, &n)
            .map_err(|e| map_compile_error(&self.label, e, &sections, &src))?;
        self.loaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(ordinal, m.clone());
        Ok(m)
    }

    fn lowered(&self, name: &str, lowered: &[String]) -> String {
        match self.name_expressions.iter().position(|n| n == name) {
            Some(k) => lowered.get(k).cloned().unwrap_or_else(|| name.to_string()),
            None => name.to_string(),
        }
    }
}

/// A CUDA kernel from source, launched with an explicit grid, block and shared memory, CuPy's
/// `cupy.RawKernel(code, name, options=())`. The source is the user's CUDA C++ (`extern "C"
/// __global__ void name(...)`, or a template instantiated through a [`RawModule`] name
/// expression); `name` is the kernel to launch.
///
/// **Devices**: CUDA and the CPU. On a GPU, compiled by NVRTC through cuprum's cache (memory
/// and disk; headers `#include`d from `-I` directories are hashed into the key) on first launch
/// per device; NVRTC errors point at the user's lines (section `source`). On the CPU, compiled
/// once by the CPU kernel engine and run with CUDA's thread model (blocks in parallel, the
/// threads of a block in lock step, bounds-checked memory): see *On the CPU* below for the
/// subset and its checks.
///
/// # On the CPU
///
/// A launch whose arrays are on the CPU runs the same CUDA C source on the CPU kernel engine
/// (the C subset of `ElementwiseKernel`, see [`crate::cpu`]) with CUDA's thread model:
///
/// - **Kernels**: `__global__` functions (`extern "C"` or an `extern "C" { ... }` block, or a
///   function template instantiated by name, `RawModule::get_function("f<float>")`), with
///   pointer parameters (`T*`, `const T*`, `T* __restrict__`) bound to the array arguments and
///   scalar parameters bound to the scalars; `__device__` helpers (inlined; pointer, value and
///   reference parameters); `#define`, `#include` lines (skipped), line splices (`\`).
/// - **Thread model**: `threadIdx`, `blockIdx`, `blockDim`, `gridDim` (`.x`, `.y`, `.z`,
///   `unsigned int`); `__shared__` arrays of constant size (also 2-D, `tile[16][17]`) and scalars,
///   `extern __shared__ T buf[]` sized by the launch's `shared_mem` bytes (at most 48 KiB of
///   shared memory in all, as CUDA's default); `__syncthreads()`; `__threadfence*()`;
///   `atomicAdd`, `atomicSub`, `atomicExch`, `atomicMax`, `atomicMin`, `atomicInc`,
///   `atomicDec`, `atomicAnd`, `atomicOr`, `atomicXor`, `atomicCAS` (on `&a[i]`, `a + i`, `a`, or
///   `&s` of a `__shared__` scalar, for the element types CUDA declares each for), on global and
///   shared memory; the warp functions over 32 consecutive threads of a block (`warpSize`,
///   `__shfl_sync`, `__shfl_up_sync`, `__shfl_down_sync`, `__shfl_xor_sync` with their `width`,
///   `__ballot_sync`, `__any_sync`, `__all_sync`, `__activemask`, `__syncwarp`; the lanes run in
///   lock step, so the mask argument is not consulted).
/// - **Execution**: the blocks run in parallel on rayon's threads; the threads of one block are
///   the lanes of one vector frame and run each operation together, in thread order, so every
///   statement acts as a barrier and `__syncthreads()` costs nothing (warp-synchronous code,
///   which relies on lock-step lanes, runs as on a GPU). Atomics are real atomics on global
///   memory (every global access of a CPU launch is a relaxed atomic access, so races between
///   blocks are defined: some value is read), shared memory is per block (zeroed at its start).
/// - **Bounds**: arrays are flat (a pointer parameter takes a C-contiguous array; `p[j]` is its
///   element `j`) and every index is checked: an index outside the array (or outside a shared
///   array, or dynamic shared memory not given) stops the launch with [`KernelError::Launch`]
///   naming the block, the array and the index, never undefined behaviour (the outputs then
///   hold what the blocks that ran wrote).
/// - **Barriers**: a `__syncthreads()` inside an `if` or loop whose condition reads `threadIdx`
///   (or a variable computed from it) is a compile error; one reached by only some threads of a
///   block at run time (data-dependent divergence) is a launch error; threads that returned
///   early do not hold a barrier up.
/// - **Arguments are checked** (a GPU would read garbage): the argument count, each array's
///   dtype against its pointer's element type, each scalar's dtype against its parameter type
///   (an integer of the same size is reinterpreted, as on the GPU); a launch of more than 1024
///   threads a block, an empty grid or block, or a grid beyond CUDA's limits is
///   [`KernelError::Launch`] on both devices.
/// - **Local arrays** (`float w[4];`, `int m[2][3] = {...};`, also in `__device__` functions
///   and passed to them as pointers) hold one row a thread (16 KiB a thread at most); an index
///   outside the thread's own array stops the launch as above. `__constant__` arrays and
///   scalars of the source (with their initializer lists; elements not listed are zero) read
///   as `const` values; writing one is a compile error.
/// - **Pointers**: a pointer variable is bound to the array it is declared with (`T* p = x +
///   k;`, `&a[i]`, a local or `__shared__` array) and moves within it (`p[i]`, `*p`, `*(p +
///   i)`, `p += k`, `*p++`, passed to `__device__` functions by value); every access is
///   bounds-checked against that array. Re-pointing it at another array, comparing or
///   converting pointers are compile errors.
/// - **Structs** of number fields (`struct S { float a; int b; };`): local variables
///   (`S s = {1.0f, 2};`, `S t = s;`), member access, whole-struct assignment, `__device__`
///   parameters by value or by reference. Arrays of structs, pointers to structs, nested
///   structs and functions returning one are compile errors.
/// - **Not supported** (a [`KernelError::Compile`] naming the construct): `class`, `union`,
///   `printf`, `clock()`, textures, cooperative groups, recursion. The engine's [`CpuLimits`](crate::CpuLimits) apply (time limit, cancellation).
///
/// # Errors
/// [`KernelError::Launch`] for an empty grid or block, more than 1024 threads a block, a grid
/// beyond CUDA's limits, and (CPU) an index out of bounds or a divergent `__syncthreads()`;
/// [`KernelError::Compile`]; [`KernelError::NoSuchKernel`]; (CPU) [`KernelError::ArgCount`],
/// [`KernelError::DTypeMismatch`], [`KernelError::BadArgument`]; a CUDA launch error.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_kernel::{KernelError, LaunchArgs, RawKernel};
/// let k = RawKernel::new(r#"extern "C" __global__ void twice(float* x, int n) {
///     int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }"#, "twice");
/// let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// k.launch(1, 32, 0, &LaunchArgs::new().array(&x).scalar(4i32)).unwrap();
/// assert_eq!(x.to_vec::<f32>().unwrap(), vec![2.0, 4.0, 6.0, 8.0]);
/// // an index out of bounds is a launch error, not undefined behaviour
/// let e = k.launch(1, 32, 0, &LaunchArgs::new().array(&x).scalar(8i32)).unwrap_err();
/// assert!(matches!(e, KernelError::Launch { .. }), "{e}");
/// ```
#[derive(Clone)]
pub struct RawKernel {
    spec: Arc<ModuleSpec>,
    name: String,
    functions: Arc<Mutex<HashMap<usize, Function>>>,
    /// the kernel compiled by the CPU engine (on its first CPU launch)
    cpu: Arc<Mutex<Option<Arc<crate::cpu::KernelProgram>>>>,
}

impl std::fmt::Debug for RawKernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RawKernel")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl RawKernel {
    /// A kernel named `name` in `code`.
    pub fn new(code: &str, name: &str) -> RawKernel {
        RawKernel::with_options(code, name, &[])
    }

    /// [`new`](Self::new) with NVRTC options (e.g. `--use_fast_math`, `-I/dir`, `-DN=4`).
    pub fn with_options(code: &str, name: &str, options: &[&str]) -> RawKernel {
        RawKernel {
            spec: Arc::new(ModuleSpec {
                label: name.to_string(),
                code: code.to_string(),
                options: options.iter().map(|s| s.to_string()).collect(),
                name_expressions: Vec::new(),
                loaded: Mutex::new(HashMap::new()),
            }),
            name: name.to_string(),
            functions: Arc::new(Mutex::new(HashMap::new())),
            cpu: Arc::new(Mutex::new(None)),
        }
    }

    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Launches on the device of the array arguments (the current device when there are none)
    /// on that device's current stream.
    ///
    /// # Errors
    /// See the type's documentation.
    pub fn launch(
        &self,
        grid: impl Into<Dim3>,
        block: impl Into<Dim3>,
        shared_mem: u32,
        args: &LaunchArgs<'_>,
    ) -> Result<()> {
        let (grid, block) = (grid.into(), block.into());
        self.check_dims(grid, block)?;
        let device = args.device()?.unwrap_or_else(cuprum_core::current_device);
        let Device::Cuda(ordinal) = device else {
            let p = self.cpu_program()?;
            return p.launch(
                [grid.0, grid.1, grid.2],
                [block.0, block.1, block.2],
                shared_mem as usize,
                &args.cpu_args(),
            );
        };
        let f = self.function(ordinal)?;
        let mut pack = args.pack();
        let mut ptrs = pack.pointers();
        let cfg = LaunchConfig {
            grid: (grid.0, grid.1, grid.2),
            block: (block.0, block.1, block.2),
            shared_mem_bytes: shared_mem,
        };
        // SAFETY: each pointer addresses one argument value in the user's order: arrays as
        // their device pointer (u64, on `ordinal`, held by `args` until the launch is
        // queued), scalars in their Rust layout. That these match the kernel's parameter
        // types and that the kernel stays inside the arrays is the user's contract, as with
        // CuPy's RawKernel (a mismatch is a CUDA error or wrong results, not host memory
        // unsafety: the driver copies exactly the parameter sizes from these buffers, which are
        // at least 16 bytes each).
        unsafe { cuprum_core::ext::nvrtc::launch(&f, cfg, None, &mut ptrs) }?;
        Ok(())
    }

    /// CUDA's limits on a launch: non-empty, at most 1024 threads a block (x, y ≤ 1024,
    /// z ≤ 64), grid x < 2^31, y and z ≤ 65535.
    fn check_dims(&self, grid: Dim3, block: Dim3) -> Result<()> {
        let bad = |reason: String| {
            Err(KernelError::Launch {
                kernel: self.name.clone(),
                reason,
            })
        };
        if [grid.0, grid.1, grid.2, block.0, block.1, block.2].contains(&0) {
            return bad(format!(
                "grid {grid:?} and block {block:?} must be non-zero"
            ));
        }
        let threads = block.0 as u64 * block.1 as u64 * block.2 as u64;
        if threads > crate::cpu::MAX_THREADS || block.0 > 1024 || block.1 > 1024 || block.2 > 64 {
            return bad(format!(
                "block {block:?} has {threads} threads: at most 1024 (x, y <= 1024, z <= 64)"
            ));
        }
        if grid.0 > i32::MAX as u32 || grid.1 > 65535 || grid.2 > 65535 {
            return bad(format!(
                "grid {grid:?}: x at most 2^31 - 1, y and z at most 65535"
            ));
        }
        Ok(())
    }

    /// The kernel compiled by the CPU engine (cached).
    fn cpu_program(&self) -> Result<Arc<crate::cpu::KernelProgram>> {
        let mut g = self.cpu.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = g.as_ref() {
            return Ok(p.clone());
        }
        let p = crate::cpu::KernelProgram::compile(&self.spec.code, &self.name)?;
        let p = Arc::new(p);
        *g = Some(p.clone());
        Ok(p)
    }

    fn function(&self, ordinal: usize) -> Result<Function> {
        if let Some(f) = crate::common::cached(&self.functions, &ordinal) {
            return Ok(f);
        }
        let (m, lowered) = self.spec.load(ordinal)?;
        let sym = self.spec.lowered(&self.name, &lowered);
        let f = m.function(&sym).map_err(|_| KernelError::NoSuchKernel {
            name: self.name.clone(),
            hint: if self.name.contains('<') {
                "; add the template instantiation to RawModule::name_expressions".into()
            } else {
                "; is it declared extern \"C\"? (else use a name expression)".into()
            },
        })?;
        self.functions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(ordinal, f.clone());
        Ok(f)
    }

    /// Whether this kernel's module on device `ordinal` came from the disk cache (`Some(true)`)
    /// or was compiled in this process (`Some(false)`); `None` before its first launch there.
    pub fn loaded_from_disk(&self, ordinal: usize) -> Option<bool> {
        self.spec
            .loaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&ordinal)
            .map(|(m, _)| m.origin == cuprum_core::ext::nvrtc::Origin::Disk)
    }
}

/// Several kernels compiled together from one source, CuPy's `cupy.RawModule(code=...,
/// options=(), name_expressions=...)`. [`get_function`](Self::get_function) gives a
/// [`RawKernel`] by its `extern "C"` name or by one of the `name_expressions` (template
/// instantiations such as `"axpy<float>"`, resolved to their mangled names with NVRTC's
/// name-expression API).
///
/// **Devices**: CUDA and the CPU, as [`RawKernel`] (on the CPU a name expression needs no
/// declaring: `get_function("fill<float>")` instantiates the template with `T = float`).
///
/// # Errors
/// As [`RawKernel`].
///
/// # Example
/// ```
/// use cuprum_kernel::RawModule;
/// let m = RawModule::new(r#"template <class T> __global__ void fill(T* x, T v, int n) {
///     int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = v; }"#)
///     .name_expressions(&["fill<float>", "fill<double>"]);
/// let k = m.get_function("fill<float>");
/// assert_eq!(k.name(), "fill<float>");
/// let x = cuprum_core::zeros_on(&[3], cuprum_core::DType::Float32, cuprum_core::Device::Cpu)
///     .unwrap();
/// k.launch(1, 32, 0, &cuprum_kernel::LaunchArgs::new().array(&x).scalar(1.5f32).scalar(3i32))
///     .unwrap();
/// assert_eq!(x.to_vec::<f32>().unwrap(), vec![1.5; 3]);
/// ```
#[derive(Clone)]
pub struct RawModule {
    spec: Arc<ModuleSpec>,
}

impl std::fmt::Debug for RawModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RawModule")
            .field("name_expressions", &self.spec.name_expressions)
            .finish_non_exhaustive()
    }
}

impl RawModule {
    /// A module from `code`.
    pub fn new(code: &str) -> RawModule {
        RawModule {
            spec: Arc::new(ModuleSpec {
                label: "RawModule".into(),
                code: code.to_string(),
                options: Vec::new(),
                name_expressions: Vec::new(),
                loaded: Mutex::new(HashMap::new()),
            }),
        }
    }

    fn rebuild(&self, f: impl FnOnce(&mut ModuleSpec)) -> RawModule {
        let mut s = ModuleSpec {
            label: self.spec.label.clone(),
            code: self.spec.code.clone(),
            options: self.spec.options.clone(),
            name_expressions: self.spec.name_expressions.clone(),
            loaded: Mutex::new(HashMap::new()),
        };
        f(&mut s);
        RawModule { spec: Arc::new(s) }
    }

    /// NVRTC options.
    pub fn options(self, options: &[&str]) -> RawModule {
        self.rebuild(|s| s.options = options.iter().map(|o| o.to_string()).collect())
    }

    /// Template instantiations to compile and make available by name (`"f<float>"`).
    pub fn name_expressions(self, names: &[&str]) -> RawModule {
        self.rebuild(|s| s.name_expressions = names.iter().map(|o| o.to_string()).collect())
    }

    /// The kernel `name` (an `extern "C"` name or a name expression); the module compiles on
    /// the first launch.
    pub fn get_function(&self, name: &str) -> RawKernel {
        RawKernel {
            spec: self.spec.clone(),
            name: name.to_string(),
            functions: Arc::new(Mutex::new(HashMap::new())),
            cpu: Arc::new(Mutex::new(None)),
        }
    }

    /// Compiles (or loads from the caches) the module for CUDA device `ordinal` now.
    ///
    /// # Errors
    /// [`KernelError::Compile`] with the user's lines, or a CUDA error.
    pub fn compile(&self, ordinal: usize) -> Result<()> {
        self.spec.load(ordinal).map(|_| ())
    }
}
