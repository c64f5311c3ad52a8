//! The NVRTC kernel cache: CUDA C source → CUBIN (or PTX) → loaded module → function.
//!
//! - **Compile** with NVRTC for the device's exact architecture: `--gpu-arch=sm_XY` producing
//!   CUBIN when this NVRTC supports `sm_XY`, else `compute_XY` producing PTX for the driver to
//!   JIT. Failure is [`Error::Compile`] carrying NVRTC's log.
//! - **Memory cache**: loaded modules keyed by (device, hash of source, hash of options), so a
//!   source is compiled and loaded once per process per device. Hashing a 20 KB source costs
//!   tens of microseconds, so cuprum's own call sites, whose sources are `'static`, go through
//!   [`static_function`]: a memo keyed by the source's address, the options and the kernel name
//!   (well under a microsecond per launch).
//! - **Disk cache**: compiled binaries in `CUPRUM_CACHE_DIR` (default `~/.cache/cuprum`), file
//!   name = hash of (source, options, architecture, binary kind). The file records the NVRTC
//!   version that produced it; a hit is used without loading NVRTC at all (a CUBIN for the
//!   exact architecture does not depend on the compiler that made it), so a warm cache yields
//!   a kernel in a fresh process in well under a millisecond. Delete the folder to force
//!   recompilation after an NVRTC upgrade. Files are written to a temporary name and renamed,
//!   so concurrent processes never read half a file; a corrupt file (checksum) is recompiled.
//!   `CUPRUM_CACHE_DIR=off` disables the disk cache.
//!
//! User kernels (`cuprum-kernel`) use [`get_function`] and [`launch`] too.
//!
//! # Example
//! ```
//! use cuprum_cuda::{self as cuda, nvrtc};
//! if cuda::device_count() > 0 {
//!     let src = r#"extern "C" __global__ void twice(float* x, int n) {
//!         int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }"#;
//!     let f = nvrtc::get_function(0, src, "twice", &[]).unwrap();
//!     let _ = f;
//! }
//! ```

use super::driver::{bind, drv, guard};
use crate::{Error, Result};
use cudarc::driver::sys;
use cudarc::nvrtc::sys as nsys;
use std::collections::HashMap;
use std::ffi::{CString, c_void};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// 128-bit FNV-1a: a stable content hash for cache keys (not cryptographic).
#[derive(Clone, Copy)]
pub(crate) struct Fnv(u128);
impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0x6c62272e07bb014262b821756295c58d)
    }
    pub fn bytes(mut self, b: &[u8]) -> Fnv {
        const P: u128 = 0x0000000001000000000000000000013B;
        for &x in b {
            self.0 ^= x as u128;
            self.0 = self.0.wrapping_mul(P);
        }
        // field separator so ("ab","c") and ("a","bc") differ
        self.0 ^= 0xff;
        self.0 = self.0.wrapping_mul(P);
        self
    }
    pub fn finish(self) -> u128 {
        self.0
    }
}

/// What NVRTC produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryKind {
    /// Machine code for one exact architecture.
    Cubin,
    /// PTX, compiled by the driver at load time.
    Ptx,
}

/// A loaded CUDA module (never unloaded: cached for the life of the process).
#[derive(Debug)]
pub struct Module {
    raw: sys::CUmodule,
    ordinal: usize,
    /// Where the binary came from (for diagnostics and tests).
    pub origin: Origin,
}

/// Where a module's binary came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Compiled by NVRTC in this process.
    Compiled,
    /// Read from the disk cache.
    Disk,
}

// SAFETY: a CUmodule handle is valid in its context from any thread; it is never unloaded.
unsafe impl Send for Module {}
// SAFETY: as above; module queries are thread-safe in the driver.
unsafe impl Sync for Module {}

impl Module {
    /// The device ordinal the module is loaded on.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// Looks up `name` (an `extern "C"` kernel) in the module.
    ///
    /// # Errors
    /// [`Error::Cuda`] `CUDA_ERROR_NOT_FOUND` when the module has no such kernel.
    pub fn function(self: &Arc<Self>, name: &str) -> Result<Function> {
        bind("Module::function", self.ordinal)?;
        let cname = CString::new(name).map_err(|_| {
            Error::bad_argument(
                "get_function",
                "name",
                format!("{name:?}"),
                "a kernel name without NUL bytes",
            )
        })?;
        let mut f: sys::CUfunction = std::ptr::null_mut();
        // SAFETY: `self.raw` is a loaded module; `cname` is NUL-terminated; writes one handle.
        unsafe { sys::cuModuleGetFunction(&mut f, self.raw, cname.as_ptr()) }
            .result()
            .map_err(|e| drv("cuModuleGetFunction", e))?;
        Ok(Function {
            raw: f,
            ordinal: self.ordinal,
            _module: self.clone(),
        })
    }
}

/// A kernel in a loaded module, ready to [`launch`].
#[derive(Clone, Debug)]
pub struct Function {
    raw: sys::CUfunction,
    ordinal: usize,
    _module: Arc<Module>,
}

// SAFETY: CUfunction handles are usable from any thread with the context current (launch binds).
unsafe impl Send for Function {}
// SAFETY: as above.
unsafe impl Sync for Function {}

impl Function {
    /// The raw handle.
    pub fn raw(&self) -> sys::CUfunction {
        self.raw
    }
    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }
}

/// Grid, block and dynamic shared memory of a launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    /// blocks in x, y, z
    pub grid: (u32, u32, u32),
    /// threads per block in x, y, z
    pub block: (u32, u32, u32),
    /// dynamic shared memory per block in bytes
    pub shared_mem_bytes: u32,
}

impl LaunchConfig {
    /// One-dimensional: enough blocks of `threads` for `n` threads.
    pub fn for_num_elems(n: u64, threads: u32) -> LaunchConfig {
        let blocks = n.div_ceil(threads as u64).clamp(1, i32::MAX as u64) as u32;
        LaunchConfig {
            grid: (blocks, 1, 1),
            block: (threads, 1, 1),
            shared_mem_bytes: 0,
        }
    }
}

/// Launches `f` on `stream` (`None`: the calling thread's current stream of `f`'s device).
///
/// # Safety
/// `args` must hold one pointer per kernel parameter, in order, each pointing to a value of
/// exactly the parameter's type (device pointers as `u64`); every device pointer must address
/// memory the kernel may access for as long as it runs (stream order), and the kernel must not
/// access memory out of bounds for `cfg`.
///
/// # Errors
/// A CUDA error from `cuLaunchKernel` (invalid configuration, too many resources, ...).
pub unsafe fn launch(
    f: &Function,
    cfg: LaunchConfig,
    stream: Option<&super::Stream>,
    args: &mut [*mut c_void],
) -> Result<()> {
    bind("launch", f.ordinal)?;
    let s = match stream {
        Some(s) => s.raw(),
        None => super::stream::current_raw(f.ordinal),
    };
    // SAFETY: forwarded to the caller's contract above.
    unsafe { launch_raw(f.raw, cfg, s, args) }
}

/// `cuLaunchKernel` without binding (the caller bound the context).
///
/// # Safety
/// As [`launch`]; the function's context must be current.
#[inline]
pub unsafe fn launch_raw(
    f: sys::CUfunction,
    cfg: LaunchConfig,
    stream: sys::CUstream,
    args: &mut [*mut c_void],
) -> Result<()> {
    // SAFETY: per the caller's contract.
    unsafe {
        sys::cuLaunchKernel(
            f,
            cfg.grid.0,
            cfg.grid.1,
            cfg.grid.2,
            cfg.block.0,
            cfg.block.1,
            cfg.block.2,
            cfg.shared_mem_bytes,
            stream,
            args.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    }
    .result()
    .map_err(|e| drv("cuLaunchKernel", e))
}

type ModKey = (usize, u128, u128);

/// (device, source address, source length, options joined by NUL, kernel name).
type StaticKey = (usize, usize, usize, String, String);

/// [`get_function`] for a `'static` source, memoized by the source's address: the lookup on a
/// hit builds one small key and never hashes the source. A `'static` string's address is never
/// reused for other text, so the memo cannot return another source's kernel.
///
/// # Errors
/// As [`get_function`] on the first call of a (device, source, options, name).
pub fn static_function(
    ordinal: usize,
    source: &'static str,
    kernel_name: &str,
    options: &[&str],
) -> Result<Function> {
    static MEMO: OnceLock<Mutex<HashMap<StaticKey, Function>>> = OnceLock::new();
    let memo = MEMO.get_or_init(|| Mutex::new(HashMap::new()));
    let key: StaticKey = (
        ordinal,
        source.as_ptr() as usize,
        source.len(),
        options.join("\0"),
        kernel_name.to_string(),
    );
    if let Some(f) = memo.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(f.clone());
    }
    let f = get_function(ordinal, source, kernel_name, options)?;
    memo.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, f.clone());
    Ok(f)
}
/// A memo of built modules with one slot per key: the map's lock is held only to find or add
/// a slot, and a slot's own lock while its module is built, so that threads compiling different
/// modules do so in parallel and threads asking for one module wait for a single compile.
type Slots<V> = Mutex<HashMap<ModKey, Arc<Mutex<Option<V>>>>>;

/// The value of `key` in `slots`, built by `build` on the first call (a failed build leaves the
/// slot empty: the next call tries again).
fn slot_get<V: Clone>(
    slots: &Slots<V>,
    key: ModKey,
    build: impl FnOnce() -> Result<V>,
) -> Result<V> {
    let slot = slots
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(key)
        .or_default()
        .clone();
    let mut s = slot.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = s.as_ref() {
        return Ok(v.clone());
    }
    let v = build()?;
    *s = Some(v.clone());
    Ok(v)
}

fn modules() -> &'static Slots<Arc<Module>> {
    static M: OnceLock<Slots<Arc<Module>>> = OnceLock::new();
    M.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Compiles (or finds in a cache) `source` for device `ordinal` and loads it.
///
/// # Errors
/// [`Error::Compile`] with NVRTC's log; [`Error::LibraryNotFound`] when NVRTC is missing.
pub fn get_module(ordinal: usize, source: &str, options: &[&str]) -> Result<Arc<Module>> {
    let sh = Fnv::new().bytes(source.as_bytes()).finish();
    let mut oh = Fnv::new();
    for o in options {
        oh = oh.bytes(o.as_bytes());
    }
    let key = (ordinal, sh, oh.finish());
    slot_get(modules(), key, || {
        Ok(Arc::new(build_module(ordinal, source, options, "module")?))
    })
}

/// [`get_module`] with NVRTC name expressions (`"my_kernel<float>"` for a template kernel):
/// also returns each expression's lowered (mangled) name, for [`Module::function`]. Cached in
/// memory and on disk like [`get_module`] (the lowered names in a `.names` file beside the
/// binary; the key covers the expressions).
///
/// # Errors
/// As [`get_module`]; [`Error::CudaLibrary`] when an expression names no kernel.
pub fn get_module_named(
    ordinal: usize,
    source: &str,
    options: &[&str],
    name_expressions: &[&str],
) -> Result<(Arc<Module>, Vec<String>)> {
    if name_expressions.is_empty() {
        return get_module(ordinal, source, options).map(|m| (m, Vec::new()));
    }
    static NAMED: OnceLock<Slots<(Arc<Module>, Vec<String>)>> = OnceLock::new();
    let sh = Fnv::new().bytes(source.as_bytes()).finish();
    let mut oh = Fnv::new();
    for o in options {
        oh = oh.bytes(o.as_bytes());
    }
    oh = oh.bytes(b"\0names");
    for n in name_expressions {
        oh = oh.bytes(n.as_bytes());
    }
    let key = (ordinal, sh, oh.finish());
    let slots = NAMED.get_or_init(|| Mutex::new(HashMap::new()));
    slot_get(slots, key, || {
        let st = bind("get_module_named", ordinal)?;
        let arch = st.arch;
        let mut key_opts: Vec<&str> = options.to_vec();
        key_opts.push("--cuprum-name-expressions");
        key_opts.extend_from_slice(name_expressions);
        let path = cache_dir().map(|d| d.join(disk_key(source, &key_opts, arch)));
        if let Some(p) = &path
            && let Some((kind, bin)) = read_disk(p)
            && let Ok(names) = std::fs::read_to_string(p.with_extension("names"))
        {
            let lowered: Vec<String> = names.lines().map(str::to_string).collect();
            if lowered.len() == name_expressions.len()
                && let Ok(m) = load_module(ordinal, kind, &bin, Origin::Disk)
            {
                return Ok((Arc::new(m), lowered));
            }
        }
        let (kind, bin, version, lowered) = {
            let _span = tracing::info_span!("nvrtc_compile", kernel = "module", arch).entered();
            let t = std::time::Instant::now();
            let r = compile_named(source, options, arch, "module", name_expressions)?;
            log_compile("module", options, t.elapsed().as_secs_f64(), r.1.len());
            r
        };
        if let Some(p) = &path {
            let tmp = p.with_extension(format!("names.{}.tmp", std::process::id()));
            if std::fs::create_dir_all(p.parent().unwrap_or(p)).is_ok()
                && std::fs::write(&tmp, lowered.join("\n")).is_ok()
                && std::fs::rename(&tmp, p.with_extension("names")).is_err()
            {
                let _ = std::fs::remove_file(&tmp);
            }
            write_disk(p, kind, version, &bin);
        }
        Ok((
            Arc::new(load_module(ordinal, kind, &bin, Origin::Compiled)?),
            lowered,
        ))
    })
}

/// The kernel `kernel_name` of `source` compiled for device `ordinal` with NVRTC `options`,
/// from the memory cache, the disk cache or a fresh compile.
///
/// # Errors
/// [`Error::Compile`] with NVRTC's log; [`Error::LibraryNotFound`] when NVRTC is missing;
/// [`Error::Cuda`] when the module has no kernel of that name.
pub fn get_function(
    ordinal: usize,
    source: &str,
    kernel_name: &str,
    options: &[&str],
) -> Result<Function> {
    get_module(ordinal, source, options)?.function(kernel_name)
}

fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os("CUPRUM_CACHE_DIR") {
        Some(v) if v == "off" => None,
        Some(v) if !v.is_empty() => Some(PathBuf::from(v)),
        _ => std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("cuprum")),
    }
}

const MAGIC: &[u8; 8] = b"CUPRUMK1";

fn disk_key(source: &str, options: &[&str], arch: u32) -> String {
    let mut h = Fnv::new().bytes(source.as_bytes());
    for o in options {
        h = h.bytes(o.as_bytes());
    }
    h = h.bytes(format!("sm_{arch}").as_bytes());
    format!("{:032x}.bin", h.finish())
}

fn read_disk(path: &std::path::Path) -> Option<(BinaryKind, Vec<u8>)> {
    let data = std::fs::read(path).ok()?;
    // MAGIC, kind (1), nvrtc major (4), minor (4), len (8), payload, checksum (16)
    if data.len() < 8 + 1 + 8 + 8 + 16 || &data[..8] != MAGIC {
        return None;
    }
    let kind = match data[8] {
        0 => BinaryKind::Cubin,
        1 => BinaryKind::Ptx,
        _ => return None,
    };
    let len = u64::from_le_bytes(data[17..25].try_into().ok()?) as usize;
    if data.len() != 25 + len + 16 {
        return None;
    }
    let payload = &data[25..25 + len];
    let sum = u128::from_le_bytes(data[25 + len..].try_into().ok()?);
    if Fnv::new().bytes(payload).finish() != sum {
        return None;
    }
    Some((kind, payload.to_vec()))
}

fn write_disk(path: &std::path::Path, kind: BinaryKind, version: (i32, i32), bin: &[u8]) {
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let mut data = Vec::with_capacity(bin.len() + 41);
    data.extend_from_slice(MAGIC);
    data.push(match kind {
        BinaryKind::Cubin => 0,
        BinaryKind::Ptx => 1,
    });
    data.extend_from_slice(&version.0.to_le_bytes());
    data.extend_from_slice(&version.1.to_le_bytes());
    data.extend_from_slice(&(bin.len() as u64).to_le_bytes());
    data.extend_from_slice(bin);
    data.extend_from_slice(&Fnv::new().bytes(bin).finish().to_le_bytes());
    static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let tmp = path.with_extension(format!(
        "{}.{}.tmp",
        std::process::id(),
        SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    if std::fs::write(&tmp, &data).is_ok() && std::fs::rename(&tmp, path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// Builds a module: disk cache hit, else NVRTC compile (and disk write), then load.
pub fn build_module(ordinal: usize, source: &str, options: &[&str], what: &str) -> Result<Module> {
    let st = bind("get_function", ordinal)?;
    let arch = st.arch;
    let dir = cache_dir();
    let path = dir
        .as_ref()
        .map(|d| d.join(disk_key(source, options, arch)));
    if let Some(p) = &path {
        let span = tracing::debug_span!("nvrtc_disk_cache", kernel = what, arch).entered();
        if let Some((kind, bin)) = read_disk(p)
            && let Ok(m) = load_module(ordinal, kind, &bin, Origin::Disk)
        {
            tracing::debug!(parent: &span, "disk cache hit {}", p.display());
            return Ok(m);
        }
    }
    let (kind, bin, version) = {
        let _span = tracing::info_span!("nvrtc_compile", kernel = what, arch).entered();
        let t = std::time::Instant::now();
        let r = compile(source, options, arch, what)?;
        log_compile(what, options, t.elapsed().as_secs_f64(), r.1.len());
        r
    };
    if let Some(p) = &path {
        write_disk(p, kind, version, &bin);
    }
    load_module(ordinal, kind, &bin, Origin::Compiled)
}

/// With `CUPRUM_NVRTC_LOG=FILE`, one line a fresh compile appended to FILE: seconds, binary
/// bytes, the kernel (or "module") and the options (finding what makes a cold cache slow).
fn log_compile(what: &str, options: &[&str], secs: f64, bytes: usize) {
    static PATH: OnceLock<Option<PathBuf>> = OnceLock::new();
    if let Some(p) = PATH.get_or_init(|| std::env::var_os("CUPRUM_NVRTC_LOG").map(PathBuf::from)) {
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(p)
        {
            let _ = writeln!(f, "{secs:.3} {bytes} {what} {}", options.join(" "));
        }
    }
}

fn load_module(ordinal: usize, kind: BinaryKind, bin: &[u8], origin: Origin) -> Result<Module> {
    bind("cuModuleLoadData", ordinal)?;
    let mut image = bin.to_vec();
    if kind == BinaryKind::Ptx && image.last() != Some(&0) {
        image.push(0);
    }
    let mut m: sys::CUmodule = std::ptr::null_mut();
    // SAFETY: `image` is a complete CUBIN, or PTX text NUL-terminated above; the driver copies it.
    // (with the thread's capture mode relaxed while a capture is open: loading is host work
    // that a thread-local or global capture may otherwise refuse)
    super::graph::relaxed(|| unsafe { sys::cuModuleLoadData(&mut m, image.as_ptr().cast()) })
        .result()
        .map_err(|e| drv("cuModuleLoadData", e))?;
    Ok(Module {
        raw: m,
        ordinal,
        origin,
    })
}

/// NVRTC's version `(major, minor)`.
///
/// # Errors
/// [`Error::LibraryNotFound`] when libnvrtc cannot be loaded.
pub fn nvrtc_version() -> Result<(i32, i32)> {
    nvrtc_present()?;
    guard("libnvrtc", || {
        let (mut a, mut b) = (0, 0);
        // SAFETY: writes two ints.
        unsafe { nsys::nvrtcVersion(&mut a, &mut b) }
            .result()
            .map_err(|e| nvrtc_err("nvrtcVersion", e))?;
        Ok((a, b))
    })
}

fn nvrtc_present() -> Result<()> {
    static P: OnceLock<bool> = OnceLock::new();
    let ok = *P.get_or_init(|| {
        // SAFETY: is_culib_present only tries to dlopen candidate names and drops them.
        std::panic::catch_unwind(|| unsafe { nsys::is_culib_present() }).unwrap_or(false)
    });
    if ok {
        Ok(())
    } else {
        Err(Error::LibraryNotFound {
            library: "libnvrtc",
            detail: "NVRTC (libnvrtc.so) was not found on the library path".into(),
        })
    }
}

fn nvrtc_err(op: &'static str, e: cudarc::nvrtc::result::NvrtcError) -> Error {
    Error::CudaLibrary {
        op,
        library: "NVRTC",
        status: format!("{:?}", e.0),
    }
}

fn supports_cubin(arch: u32) -> bool {
    static ARCHS: OnceLock<Vec<i32>> = OnceLock::new();
    let archs = ARCHS.get_or_init(|| {
        guard("libnvrtc", || {
            let mut n = 0;
            // SAFETY: writes one int, then `n` ints into a buffer of that size.
            unsafe {
                nsys::nvrtcGetNumSupportedArchs(&mut n)
                    .result()
                    .map_err(|e| nvrtc_err("nvrtcGetNumSupportedArchs", e))?;
                let mut v = vec![0i32; n.max(0) as usize];
                nsys::nvrtcGetSupportedArchs(v.as_mut_ptr())
                    .result()
                    .map_err(|e| nvrtc_err("nvrtcGetSupportedArchs", e))?;
                Ok::<_, Error>(v)
            }
        })
        .unwrap_or_default()
    });
    archs.contains(&(arch as i32))
}

/// Compiles `source` for `sm_{arch}`; returns the binary, its kind and NVRTC's version.
fn compile(
    source: &str,
    options: &[&str],
    arch: u32,
    what: &str,
) -> Result<(BinaryKind, Vec<u8>, (i32, i32))> {
    compile_named(source, options, arch, what, &[]).map(|(k, b, v, _)| (k, b, v))
}

/// A compiled binary, NVRTC's version and the lowered names of the name expressions.
type Compiled = (BinaryKind, Vec<u8>, (i32, i32), Vec<String>);

/// [`compile`] with NVRTC name expressions (`"my_kernel<float>"`); also returns their lowered
/// (mangled) names, in order.
fn compile_named(
    source: &str,
    options: &[&str],
    arch: u32,
    what: &str,
    names: &[&str],
) -> Result<Compiled> {
    nvrtc_present()?;
    let version = nvrtc_version()?;
    guard("libnvrtc", || {
        let cubin = supports_cubin(arch);
        let arch_opt = if cubin {
            format!("--gpu-architecture=sm_{arch}")
        } else {
            format!("--gpu-architecture=compute_{arch}")
        };
        let csrc = CString::new(source).map_err(|_| {
            Error::bad_argument(
                "nvrtc",
                "source",
                "a source with a NUL byte",
                "a kernel source without NUL bytes",
            )
        })?;
        let cname = CString::new(format!("{what}.cu")).unwrap_or_default();
        let mut prog: nsys::nvrtcProgram = std::ptr::null_mut();
        // SAFETY: NUL-terminated strings that outlive the program (destroyed below); no headers.
        unsafe {
            nsys::nvrtcCreateProgram(
                &mut prog,
                csrc.as_ptr(),
                cname.as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null(),
            )
        }
        .result()
        .map_err(|e| nvrtc_err("nvrtcCreateProgram", e))?;
        let cnames: Vec<CString> = names
            .iter()
            .map(|n| CString::new(*n))
            .collect::<std::result::Result<_, _>>()
            .map_err(|_| {
                Error::bad_argument(
                    "nvrtc",
                    "name_expressions",
                    format!("{names:?}"),
                    "name expressions without NUL bytes",
                )
            })?;
        for n in &cnames {
            // SAFETY: `prog` is live; `n` is NUL-terminated and outlives the program.
            unsafe { nsys::nvrtcAddNameExpression(prog, n.as_ptr()) }
                .result()
                .map_err(|e| nvrtc_err("nvrtcAddNameExpression", e))?;
        }
        let mut opts: Vec<CString> = Vec::with_capacity(options.len() + 2);
        opts.push(CString::new(arch_opt).unwrap_or_default());
        opts.push(CString::new("--std=c++17").unwrap_or_default());
        for o in options {
            opts.push(CString::new(*o).map_err(|_| {
                Error::bad_argument(
                    "nvrtc",
                    "options",
                    format!("{o:?}"),
                    "options without NUL bytes",
                )
            })?);
        }
        let ptrs: Vec<*const std::ffi::c_char> = opts.iter().map(|c| c.as_ptr()).collect();
        // SAFETY: `prog` was created above; `ptrs` holds `ptrs.len()` valid C strings.
        let r = unsafe { nsys::nvrtcCompileProgram(prog, ptrs.len() as i32, ptrs.as_ptr()) };
        let out = (|| {
            if r != nsys::nvrtcResult::NVRTC_SUCCESS {
                let mut n = 0usize;
                // SAFETY: log size then log into a buffer of that size.
                let log = unsafe {
                    nsys::nvrtcGetProgramLogSize(prog, &mut n);
                    let mut buf = vec![0u8; n.max(1)];
                    nsys::nvrtcGetProgramLog(prog, buf.as_mut_ptr().cast());
                    String::from_utf8_lossy(&buf[..n.saturating_sub(1)]).into_owned()
                };
                return Err(Error::Compile {
                    kernel: what.to_string(),
                    log,
                });
            }
            let mut lowered = Vec::with_capacity(cnames.len());
            for (n, expr) in cnames.iter().zip(names) {
                let mut p: *const std::ffi::c_char = std::ptr::null();
                // SAFETY: `prog` compiled with `n` added; NVRTC owns the returned string until
                // the program is destroyed (below), we copy it before.
                unsafe { nsys::nvrtcGetLoweredName(prog, n.as_ptr(), &mut p) }
                    .result()
                    .map_err(|e| nvrtc_err("nvrtcGetLoweredName", e))?;
                if p.is_null() {
                    return Err(Error::bad_argument(
                        "nvrtc",
                        "name_expressions",
                        format!("{expr:?}"),
                        "a name expression NVRTC lowers to a kernel name",
                    ));
                }
                // SAFETY: non-null, NUL-terminated string owned by `prog` (alive here).
                lowered.push(
                    unsafe { std::ffi::CStr::from_ptr(p) }
                        .to_string_lossy()
                        .into_owned(),
                );
            }
            let mut n = 0usize;
            // SAFETY: size query then copy into a buffer of that size.
            unsafe {
                if cubin {
                    nsys::nvrtcGetCUBINSize(prog, &mut n)
                        .result()
                        .map_err(|e| nvrtc_err("nvrtcGetCUBINSize", e))?;
                    let mut buf = vec![0u8; n];
                    nsys::nvrtcGetCUBIN(prog, buf.as_mut_ptr().cast())
                        .result()
                        .map_err(|e| nvrtc_err("nvrtcGetCUBIN", e))?;
                    Ok((BinaryKind::Cubin, buf, lowered))
                } else {
                    nsys::nvrtcGetPTXSize(prog, &mut n)
                        .result()
                        .map_err(|e| nvrtc_err("nvrtcGetPTXSize", e))?;
                    let mut buf = vec![0u8; n];
                    nsys::nvrtcGetPTX(prog, buf.as_mut_ptr().cast())
                        .result()
                        .map_err(|e| nvrtc_err("nvrtcGetPTX", e))?;
                    Ok((BinaryKind::Ptx, buf, lowered))
                }
            }
        })();
        // SAFETY: destroys the program created above exactly once.
        unsafe { nsys::nvrtcDestroyProgram(&mut prog) };
        let (k, b, l) = out?;
        Ok((k, b, version, l))
    })
}

/// Compiles `source` for `sm_{arch}` without a device (for tests: every kernel family of the
/// layers above compiles, GPU or not).
pub fn compile_for_arch(source: &str, arch: u32, what: &str) -> Result<BinaryKind> {
    compile(source, &[], arch, what).map(|r| r.0)
}

/// Whether libnvrtc can be loaded on this machine.
pub fn nvrtc_available() -> bool {
    nvrtc_present().is_ok()
}

/// Compiles `source` with NVRTC for device `ordinal` without loading it, returning the binary
/// kind and size (for tests and diagnostics; bypasses every cache).
///
/// # Errors
/// As [`get_function`].
pub fn compile_only(ordinal: usize, source: &str, options: &[&str]) -> Result<(BinaryKind, usize)> {
    let arch = bind("compile_only", ordinal)?.arch;
    let (k, b, _) = compile(source, options, arch, "compile_only")?;
    Ok((k, b.len()))
}
