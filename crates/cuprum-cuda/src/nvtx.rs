//! NVTX markers and ranges (`cupy.cuda.nvtx`): annotations that Nsight Systems shows on the
//! timeline of the thread that made them.
//!
//! The NVTX library is loaded at run time, on first use: `CUPRUM_NVTX_LIBRARY` if set, else
//! `libnvToolsExt.so.1` / `libnvToolsExt.so` (shipped with the CUDA toolkit up to 12.x and with
//! Nsight Systems; its injection hook is what Nsight listens to). Without it every function
//! here is a no-op that still succeeds, on any machine, with or without a GPU: annotate freely.
//! (NVTX 3 is header-only C; a Rust program reaches the same Nsight injection through this
//! library.)
//!
//! Every range and mark is also a `tracing` event/span (target `cuprum::nvtx`), so that CPU
//! runs can be profiled with a `tracing` subscriber.

use std::cell::Cell;
use std::ffi::{CString, c_char, c_int};
use std::sync::OnceLock;

/// CuPy's NVTX color table (`id_color` picks `COLORS[id_color % 7]`), ARGB.
pub const COLORS: [u32; 7] = [
    0xff00ff00, 0xff0000ff, 0xffffff00, 0xffff00ff, 0xff00ffff, 0xffff0000, 0xffffffff,
];

/// `nvtxEventAttributes_t` (version 2, 48 bytes on 64-bit targets).
#[repr(C)]
struct EventAttributes {
    version: u16,
    size: u16,
    category: u32,
    color_type: i32,
    color: u32,
    payload_type: i32,
    reserved0: i32,
    payload: u64,
    message_type: i32,
    message: *const c_char,
}

const NVTX_VERSION: u16 = 2;
const NVTX_COLOR_ARGB: i32 = 1;
const NVTX_MESSAGE_TYPE_ASCII: i32 = 1;

type PushA = unsafe extern "C" fn(*const c_char) -> c_int;
type PushEx = unsafe extern "C" fn(*const EventAttributes) -> c_int;
type Pop = unsafe extern "C" fn() -> c_int;
type MarkA = unsafe extern "C" fn(*const c_char);
type MarkEx = unsafe extern "C" fn(*const EventAttributes);

struct Nvtx {
    push_a: PushA,
    push_ex: PushEx,
    pop: Pop,
    mark_a: MarkA,
    mark_ex: MarkEx,
}

#[cfg(unix)]
fn load() -> Option<Nvtx> {
    let mut names: Vec<String> = Vec::new();
    if let Ok(p) = std::env::var("CUPRUM_NVTX_LIBRARY") {
        names.push(p);
    }
    names.extend([
        "libnvToolsExt.so.1".to_string(),
        "libnvToolsExt.so".to_string(),
    ]);
    for name in names {
        let Ok(c) = CString::new(name) else { continue };
        // SAFETY: dlopen with a NUL-terminated name; the handle is never closed (the functions
        // are used for the life of the process).
        let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if h.is_null() {
            continue;
        }
        let sym = |s: &[u8]| {
            // SAFETY: `s` is NUL-terminated; `h` is a live handle.
            let p = unsafe { libc::dlsym(h, s.as_ptr().cast()) };
            (!p.is_null()).then_some(p)
        };
        let (Some(a), Some(b), Some(c), Some(d), Some(e)) = (
            sym(b"nvtxRangePushA\0"),
            sym(b"nvtxRangePushEx\0"),
            sym(b"nvtxRangePop\0"),
            sym(b"nvtxMarkA\0"),
            sym(b"nvtxMarkEx\0"),
        ) else {
            continue;
        };
        // SAFETY: the symbols are NVTX's C functions with these signatures (nvToolsExt.h).
        unsafe {
            return Some(Nvtx {
                push_a: std::mem::transmute::<*mut libc::c_void, PushA>(a),
                push_ex: std::mem::transmute::<*mut libc::c_void, PushEx>(b),
                pop: std::mem::transmute::<*mut libc::c_void, Pop>(c),
                mark_a: std::mem::transmute::<*mut libc::c_void, MarkA>(d),
                mark_ex: std::mem::transmute::<*mut libc::c_void, MarkEx>(e),
            });
        }
    }
    None
}

#[cfg(not(unix))]
fn load() -> Option<Nvtx> {
    None
}

fn lib() -> Option<&'static Nvtx> {
    static LIB: OnceLock<Option<Nvtx>> = OnceLock::new();
    LIB.get_or_init(|| {
        let l = load();
        if l.is_none() {
            tracing::debug!("NVTX (libnvToolsExt) not found: NVTX ranges are no-ops");
        }
        l
    })
    .as_ref()
}

thread_local! {
    /// Ranges pushed and not yet popped on this thread (through this module).
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// True when the NVTX library was found (`cupy.cuda.nvtx.available`); when false, ranges and
/// marks are no-ops.
///
/// # Example
/// ```
/// let _ = cuprum_cuda::nvtx::available(); // true or false, never a panic
/// ```
pub fn available() -> bool {
    lib().is_some()
}

/// Ranges pushed with [`range_push`] / [`range_push_c`] (or a `time_range`) and not yet popped
/// on the calling thread.
pub fn depth() -> usize {
    DEPTH.try_with(|d| d.get()).unwrap_or(0)
}

/// `message` as a C string (cut at an interior NUL).
fn c_message(message: &str) -> CString {
    let cut = message.split('\0').next().unwrap_or("");
    CString::new(cut).unwrap_or_default()
}

fn attributes(color: u32, message: &CString) -> EventAttributes {
    EventAttributes {
        version: NVTX_VERSION,
        size: std::mem::size_of::<EventAttributes>() as u16,
        category: 0,
        color_type: NVTX_COLOR_ARGB,
        color,
        payload_type: 0,
        reserved0: 0,
        payload: 0,
        message_type: NVTX_MESSAGE_TYPE_ASCII,
        message: message.as_ptr(),
    }
}

/// The ARGB color of CuPy's `id_color` (see [`COLORS`]).
pub fn color_of(id_color: usize) -> u32 {
    COLORS[id_color % COLORS.len()]
}

/// Marks an instant on the calling thread's timeline (`cupy.cuda.nvtx.Mark(message)`).
///
/// # Example
/// ```
/// cuprum_cuda::nvtx::mark("checkpoint");
/// ```
pub fn mark(message: &str) {
    tracing::trace!(target: "cuprum::nvtx", message, "mark");
    if let Some(l) = lib() {
        let m = c_message(message);
        // SAFETY: `m` is a NUL-terminated string alive for the call.
        unsafe { (l.mark_a)(m.as_ptr()) };
    }
}

/// [`mark`] in ARGB color `color` (`cupy.cuda.nvtx.MarkC(message, color)`).
pub fn mark_c(message: &str, color: u32) {
    tracing::trace!(target: "cuprum::nvtx", message, color, "mark");
    if let Some(l) = lib() {
        let m = c_message(message);
        let a = attributes(color, &m);
        // SAFETY: `a` is a valid version-2 attribute struct whose message outlives the call.
        unsafe { (l.mark_ex)(&a) };
    }
}

/// Opens a nested range on the calling thread (`cupy.cuda.nvtx.RangePush(message)`); close it
/// with [`range_pop`] on the same thread. Prefer the guard
/// [`time_range`](super::profiler::time_range).
///
/// # Example
/// ```
/// use cuprum_cuda::nvtx;
/// nvtx::range_push("step");
/// assert_eq!(nvtx::depth(), 1);
/// nvtx::range_pop();
/// assert_eq!(nvtx::depth(), 0);
/// ```
pub fn range_push(message: &str) {
    let _ = DEPTH.try_with(|d| d.set(d.get() + 1));
    if let Some(l) = lib() {
        let m = c_message(message);
        // SAFETY: `m` is a NUL-terminated string alive for the call (NVTX copies it).
        unsafe { (l.push_a)(m.as_ptr()) };
    }
}

/// [`range_push`] in ARGB color `color` (`cupy.cuda.nvtx.RangePushC(message, color)`).
pub fn range_push_c(message: &str, color: u32) {
    let _ = DEPTH.try_with(|d| d.set(d.get() + 1));
    if let Some(l) = lib() {
        let m = c_message(message);
        let a = attributes(color, &m);
        // SAFETY: `a` is a valid version-2 attribute struct whose message outlives the call.
        unsafe { (l.push_ex)(&a) };
    }
}

/// Closes the innermost range of the calling thread (`cupy.cuda.nvtx.RangePop()`); a no-op
/// when none is open.
pub fn range_pop() {
    let open = DEPTH
        .try_with(|d| {
            let v = d.get();
            d.set(v.saturating_sub(1));
            v > 0
        })
        .unwrap_or(false);
    if open && let Some(l) = lib() {
        // SAFETY: pops a range this thread pushed (depth > 0).
        unsafe { (l.pop)() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_attribute_struct_has_nvtx_layout() {
        assert_eq!(std::mem::size_of::<EventAttributes>(), 48);
        assert_eq!(std::mem::offset_of!(EventAttributes, payload), 24);
        assert_eq!(std::mem::offset_of!(EventAttributes, message_type), 32);
        assert_eq!(std::mem::offset_of!(EventAttributes, message), 40);
    }

    #[test]
    fn push_pop_nest_and_extra_pops_are_harmless() {
        assert_eq!(depth(), 0);
        range_push("a");
        range_push_c("b\0ignored", color_of(3));
        assert_eq!(depth(), 2);
        mark("m");
        mark_c("m", 0xff112233);
        range_pop();
        range_pop();
        range_pop();
        assert_eq!(depth(), 0);
    }

    #[test]
    fn colors_follow_cupy() {
        assert_eq!(color_of(0), 0xff00ff00);
        assert_eq!(color_of(8), 0xff0000ff);
        assert_eq!(c_message("x\0y").as_bytes(), b"x");
    }
}
