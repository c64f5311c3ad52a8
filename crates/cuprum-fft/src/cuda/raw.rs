//! One cuFFT plan ([`RawPlan`]): the handle, its work area (from cuprum's device allocator) and
//! the stream ordering that makes one plan safe to use from several streams.
//!
//! A plan's work area is scratch memory shared by every execution of the plan. Executions on
//! one stream are ordered by the stream; when a plan moves to another stream, that stream first
//! waits for an event recorded after the previous execution, so two executions never use the
//! work area at once. The plan is behind a mutex while its stream is set and the transform is
//! enqueued (cuFFT plans are not safe to drive from two threads at once). When the plan is
//! dropped, the dropping thread's current stream waits for the last execution before the work
//! area is returned to the allocator (on that stream) and the handle is destroyed.

use cudarc::cufft::sys as fft_sys;
use cudarc::driver::sys as drv_sys;
use cuprum_core::ext::{CudaStorage, cuda as core_cuda};
use cuprum_core::{Error, Result};
use std::ffi::c_longlong;
use std::panic::catch_unwind;
use std::sync::OnceLock;

/// The cuFFT transform type of a plan (precision and real/complex ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum FftType {
    /// complex64 → complex64
    C2C,
    /// complex128 → complex128
    Z2Z,
    /// float32 → complex64
    R2C,
    /// float64 → complex128
    D2Z,
    /// complex64 → float32
    C2R,
    /// complex128 → float64
    Z2D,
}

impl FftType {
    fn sys(self) -> fft_sys::cufftType {
        use fft_sys::cufftType_t as T;
        match self {
            FftType::C2C => T::CUFFT_C2C,
            FftType::Z2Z => T::CUFFT_Z2Z,
            FftType::R2C => T::CUFFT_R2C,
            FftType::D2Z => T::CUFFT_D2Z,
            FftType::C2R => T::CUFFT_C2R,
            FftType::Z2D => T::CUFFT_Z2D,
        }
    }
    /// NVIDIA's name (`"CUFFT_C2C"`).
    pub fn name(self) -> &'static str {
        match self {
            FftType::C2C => "C2C",
            FftType::Z2Z => "Z2Z",
            FftType::R2C => "R2C",
            FftType::D2Z => "D2Z",
            FftType::C2R => "C2R",
            FftType::Z2D => "Z2D",
        }
    }
}

/// What identifies a plan: device, type, transform lengths (rank 1–3, outermost first) and
/// batch count. Every plan uses cuFFT's basic (packed) layout: each batch is contiguous, batches
/// follow each other (for real transforms: `n` reals ↔ `n/2+1` complex per batch).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PlanKey {
    pub ordinal: usize,
    pub ty: FftType,
    pub dims: Vec<usize>,
    pub batch: usize,
}

/// Maps a cuFFT status to [`Error::CudaLibrary`].
pub(crate) fn status(op: &'static str, e: cudarc::cufft::result::CufftError) -> Error {
    Error::CudaLibrary {
        op,
        library: "cuFFT",
        status: format!("{:?}", e.0),
    }
}

/// Runs `f`, which calls into libcufft, turning the panic cudarc raises for a missing library
/// or symbol into [`Error::LibraryNotFound`].
pub(crate) fn guard<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    static PRESENT: OnceLock<bool> = OnceLock::new();
    let present = *PRESENT.get_or_init(|| {
        // SAFETY: is_culib_present only tries to dlopen candidate names and drops them.
        catch_unwind(|| unsafe { fft_sys::is_culib_present() }).unwrap_or(false)
    });
    if !present {
        return Err(Error::LibraryNotFound {
            library: "libcufft",
            detail: "no libcufft shared library was found on the loader path".into(),
        });
    }
    cuprum_core::ext::library_guard("libcufft", f)
}

fn drv(op: &'static str, e: drv_sys::CUresult) -> Error {
    Error::Cuda {
        op,
        name: format!("{e:?}"),
        description: String::new(),
    }
}

/// A cuFFT plan with its work area. See the module docs for the ordering rules.
pub(crate) struct RawPlan {
    handle: fft_sys::cufftHandle,
    key: PlanKey,
    /// the work area (None when cuFFT needs none); freed after the handle is destroyed
    work: Option<CudaStorage>,
    work_size: usize,
    /// a timing-free event recorded after the last execution (or the work area's allocation)
    event: drv_sys::CUevent,
    /// the stream `event` was last recorded on (compared only, never used as a handle)
    last_stream: Option<drv_sys::CUstream>,
}

// SAFETY: the cuFFT handle and the CUDA event are plain handles of the device's primary
// context, usable from any thread that binds that context (every method binds it first); the
// plan is only driven through `&mut self` (callers keep it behind a mutex). `last_stream` is
// only compared, never dereferenced or passed to CUDA.
unsafe impl Send for RawPlan {}

impl RawPlan {
    /// Creates the plan for `key` (`cufftCreate`, `cufftSetAutoAllocation(0)`,
    /// `cufftMakePlanMany64` with the packed layout) and gives it a work area of the size cuFFT
    /// asks for, allocated through cuprum's installed device allocator on the current stream.
    pub fn new(key: PlanKey) -> Result<RawPlan> {
        let op = "cufftMakePlanMany64";
        core_cuda::context(key.ordinal)?; // binds the primary context to this thread
        let stream = core_cuda::get_current_stream(key.ordinal)?;
        guard(|| {
            let handle = cudarc::cufft::result::create().map_err(|e| status("cufftCreate", e))?;
            // from here on, `plan` owns the handle and destroys it on every error path
            let mut plan = RawPlan {
                handle,
                key: key.clone(),
                work: None,
                work_size: 0,
                event: std::ptr::null_mut(),
                last_stream: None,
            };
            // SAFETY: `handle` is a live plan handle created above.
            unsafe { cudarc::cufft::result::set_auto_allocation(handle, false) }
                .map_err(|e| status("cufftSetAutoAllocation", e))?;
            let mut n: Vec<c_longlong> = key.dims.iter().map(|&d| d as c_longlong).collect();
            let rank = n.len() as i32;
            let mut ws: usize = 0;
            // SAFETY: `n` holds `rank` lengths; null inembed/onembed select the packed layout,
            // under which the stride/dist arguments are ignored; `ws` receives one size_t.
            unsafe {
                fft_sys::cufftMakePlanMany64(
                    handle,
                    rank,
                    n.as_mut_ptr(),
                    std::ptr::null_mut(),
                    1,
                    0,
                    std::ptr::null_mut(),
                    1,
                    0,
                    key.ty.sys(),
                    key.batch as c_longlong,
                    &mut ws,
                )
            }
            .result()
            .map_err(|e| status(op, e))?;
            if ws > 0 {
                let work = core_cuda::alloc(key.ordinal, ws)?;
                // SAFETY: the work area holds `ws` bytes of this device, as cuFFT asked, and
                // lives in `plan.work` until after the handle is destroyed (see Drop).
                unsafe {
                    cudarc::cufft::result::set_work_area(handle, work.device_ptr() as *mut _)
                }
                .map_err(|e| status("cufftSetWorkArea", e))?;
                plan.work = Some(work);
                plan.work_size = ws;
            }
            let mut ev: drv_sys::CUevent = std::ptr::null_mut();
            // SAFETY: writes one event handle; the flag is a valid CUevent_flags value.
            let r = unsafe {
                drv_sys::cuEventCreate(
                    &mut ev,
                    drv_sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32,
                )
            };
            if r != drv_sys::CUresult::CUDA_SUCCESS {
                return Err(drv("cuEventCreate", r));
            }
            plan.event = ev;
            // the work area was allocated on `stream`: a first use on another stream waits
            plan.record(&stream)?;
            Ok(plan)
        })
    }

    /// Bytes of the work area.
    pub fn work_size(&self) -> usize {
        self.work_size
    }

    fn record(&mut self, stream: &core_cuda::Stream) -> Result<()> {
        // SAFETY: `event` is a live event of this context; the stream handle is valid while
        // `stream` lives.
        let r = unsafe { drv_sys::cuEventRecord(self.event, stream.raw()) };
        if r != drv_sys::CUresult::CUDA_SUCCESS {
            return Err(drv("cuEventRecord", r));
        }
        self.last_stream = Some(stream.raw());
        Ok(())
    }

    /// Enqueues the transform on `stream`: `idata` → `odata` (equal for in place, allowed for
    /// complex-to-complex only). `inverse` selects `CUFFT_INVERSE` for C2C/Z2Z.
    ///
    /// # Safety
    /// `idata` must address `batch` packed input batches and `odata` `batch` packed output
    /// batches of this plan's type and lengths, in live buffers of this device that stay alive
    /// until the work queued on `stream` completes (stream-ordered frees guarantee it for
    /// cuprum buffers). For C2R/Z2D the input is overwritten.
    pub unsafe fn execute(
        &mut self,
        stream: &core_cuda::Stream,
        idata: u64,
        odata: u64,
        inverse: bool,
    ) -> Result<()> {
        core_cuda::context(self.key.ordinal)?;
        if self.last_stream != Some(stream.raw()) {
            // SAFETY: both handles are live; the stream will not run past the event, so the
            // previous execution (on another stream) is done with the work area first.
            let r = unsafe { drv_sys::cuStreamWaitEvent(stream.raw(), self.event, 0) };
            if r != drv_sys::CUresult::CUDA_SUCCESS {
                return Err(drv("cuStreamWaitEvent", r));
            }
        }
        let h = self.handle;
        let dir = if inverse { 1 } else { -1 }; // CUFFT_INVERSE / CUFFT_FORWARD
        guard(|| {
            // SAFETY: `h` is live; the stream handle of this context is valid while `stream`
            // lives (the driver and runtime stream types are the same object).
            unsafe { cudarc::cufft::result::set_stream(h, stream.raw() as fft_sys::cudaStream_t) }
                .map_err(|e| status("cufftSetStream", e))?;
            // SAFETY: the caller guarantees the pointers address buffers of the plan's sizes
            // and type; the work area is set and ordered on `stream` (above).
            unsafe {
                match self.key.ty {
                    FftType::C2C => {
                        cudarc::cufft::result::exec_c2c(h, idata as *mut _, odata as *mut _, dir)
                    }
                    FftType::Z2Z => {
                        cudarc::cufft::result::exec_z2z(h, idata as *mut _, odata as *mut _, dir)
                    }
                    FftType::R2C => {
                        cudarc::cufft::result::exec_r2c(h, idata as *mut _, odata as *mut _)
                    }
                    FftType::D2Z => {
                        cudarc::cufft::result::exec_d2z(h, idata as *mut _, odata as *mut _)
                    }
                    FftType::C2R => {
                        cudarc::cufft::result::exec_c2r(h, idata as *mut _, odata as *mut _)
                    }
                    FftType::Z2D => {
                        cudarc::cufft::result::exec_z2d(h, idata as *mut _, odata as *mut _)
                    }
                }
            }
            .map_err(|e| status("cufftExec", e))
        })?;
        self.record(stream)
    }
}

impl Drop for RawPlan {
    fn drop(&mut self) {
        let ordinal = self.key.ordinal;
        if core_cuda::context(ordinal).is_err() {
            return; // the device went away; nothing can be released safely
        }
        if !self.event.is_null() {
            if let Ok(s) = core_cuda::get_current_stream(ordinal) {
                // SAFETY: live handles; the free of the work area below is queued on this
                // stream, after the last execution.
                let _ = unsafe { drv_sys::cuStreamWaitEvent(s.raw(), self.event, 0) };
            }
            // SAFETY: created by cuEventCreate, destroyed once; the driver defers destruction
            // until the recorded work completes.
            let _ = unsafe { drv_sys::cuEventDestroy_v2(self.event) };
        }
        let h = self.handle;
        let _ = guard(|| {
            // SAFETY: the handle is live and destroyed exactly once (here).
            unsafe { cudarc::cufft::result::destroy(h) }.map_err(|e| status("cufftDestroy", e))
        });
        // the work area (if any) is freed when `self.work` drops, on the current stream
    }
}
