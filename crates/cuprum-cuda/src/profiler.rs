//! Profiling annotations: `cupyx.profiler.time_range` as a guard ([`time_range`],
//! [`TimeRange::builder`]) and a closure ([`with_time_range`]), and the CUDA profiler switch
//! (`cupy.cuda.profiler.start` / `stop` / `profile`).
//!
//! A time range is an NVTX range (see [`super::nvtx`]: a no-op without the NVTX library)
//! and a `tracing` span named `time_range` with the message as a field, on any device.

use super::nvtx;
use crate::{Device, Result};
use std::marker::PhantomData;

/// An open profiling range: closed (NVTX pop, span exit) when dropped. Made by
/// [`time_range`] or [`TimeRangeBuilder::enter`]; must be dropped on the thread that made it.
#[must_use = "the range closes when the guard is dropped"]
pub struct TimeRange {
    sync: Option<Device>,
    _span: tracing::span::EnteredSpan,
    _not_send: PhantomData<*const ()>,
}

impl std::fmt::Debug for TimeRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TimeRange(sync={:?})", self.sync)
    }
}

/// Opens a range named `message` on the calling thread until the guard drops
/// (`with cupyx.profiler.time_range(message):`). Never fails: without NVTX the range is only a
/// `tracing` span.
///
/// # Example
/// ```
/// use cuprum_cuda::{nvtx, profiler::time_range};
/// {
///     let _r = time_range("forward");
///     assert_eq!(nvtx::depth(), 1);
/// }
/// assert_eq!(nvtx::depth(), 0);
/// ```
pub fn time_range(message: &str) -> TimeRange {
    open(message, None, None)
}

/// Runs `f` inside a range named `message` (the decorator form of `cupyx.profiler.time_range`).
///
/// # Example
/// ```
/// let x = cuprum_cuda::profiler::with_time_range("step", || 1 + 1);
/// assert_eq!(x, 2);
/// ```
pub fn with_time_range<R>(message: &str, f: impl FnOnce() -> R) -> R {
    let _r = time_range(message);
    f()
}

fn open(message: &str, color: Option<u32>, sync: Option<Device>) -> TimeRange {
    match color {
        Some(c) => nvtx::range_push_c(message, c),
        None => nvtx::range_push(message),
    }
    let span = tracing::info_span!(target: "cuprum::nvtx", "time_range", message).entered();
    TimeRange {
        sync,
        _span: span,
        _not_send: PhantomData,
    }
}

impl Drop for TimeRange {
    fn drop(&mut self) {
        if let Some(d) = self.sync
            && let Err(e) = d.synchronize()
        {
            tracing::error!("time_range: synchronizing {d} on exit: {e}");
        }
        nvtx::range_pop();
    }
}

impl TimeRange {
    /// A range with options (`cupyx.profiler.time_range(message, color_id=, argb_color=,
    /// sync=)`).
    ///
    /// # Example
    /// ```
    /// use cuprum_cuda::profiler::TimeRange;
    /// let y = TimeRange::builder("solve").color_id(2).sync(true)
    ///     .run(|| 6 * 7)
    ///     .unwrap();
    /// assert_eq!(y, 42);
    /// ```
    pub fn builder(message: &str) -> TimeRangeBuilder {
        TimeRangeBuilder {
            message: message.to_string(),
            color: None,
            sync: false,
        }
    }
}

/// Options of a [`TimeRange`]; from [`TimeRange::builder`].
#[derive(Clone, Debug)]
pub struct TimeRangeBuilder {
    message: String,
    color: Option<u32>,
    sync: bool,
}

impl TimeRangeBuilder {
    /// Colors the range with CuPy's color number `id` (`color_id=`; see
    /// [`super::nvtx::COLORS`]).
    pub fn color_id(mut self, id: usize) -> Self {
        self.color = Some(nvtx::color_of(id));
        self
    }
    /// Colors the range with an ARGB color (`argb_color=`, e.g. `0xff00ff00`).
    pub fn argb_color(mut self, argb: u32) -> Self {
        self.color = Some(argb);
        self
    }
    /// Synchronizes the current device (its current stream) on entry and exit, so the range
    /// covers the device work queued inside it (`sync=True`). A no-op on the CPU.
    pub fn sync(mut self, sync: bool) -> Self {
        self.sync = sync;
        self
    }
    /// Opens the range.
    ///
    /// # Errors
    /// With `sync(true)`, a CUDA error from synchronizing the current device on entry (then no
    /// range is opened).
    pub fn enter(self) -> Result<TimeRange> {
        let sync = if self.sync {
            let d = crate::current_device();
            d.synchronize()?;
            Some(d)
        } else {
            None
        };
        Ok(open(&self.message, self.color, sync))
    }
    /// Runs `f` inside the range.
    ///
    /// # Errors
    /// As [`TimeRangeBuilder::enter`].
    pub fn run<R>(self, f: impl FnOnce() -> R) -> Result<R> {
        let _r = self.enter()?;
        Ok(f())
    }
}

/// Starts the CUDA profiler's collection (`cupy.cuda.profiler.start()`, `cuProfilerStart`),
/// for runs under Nsight with collection initially off.
///
/// # Errors
/// [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable)(crate::Error::DeviceUnavailable) /
/// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound)(crate::Error::LibraryNotFound) without a GPU; a CUDA error.
///
/// # Example
/// ```
/// // without a GPU this is an error, not a panic
/// let _ = cuprum_cuda::profiler::start();
/// ```
pub fn start() -> Result<()> {
    switch("cuda::profiler::start", true)
}

/// Stops the CUDA profiler's collection (`cupy.cuda.profiler.stop()`, `cuProfilerStop`).
///
/// # Errors
/// As [`start`].
pub fn stop() -> Result<()> {
    switch("cuda::profiler::stop", false)
}

fn switch(op: &'static str, on: bool) -> Result<()> {
    let ordinal = match crate::current_device() {
        Device::Cuda(i) => i,
        _ => 0,
    };
    super::driver::bind(op, ordinal)?;
    super::driver::guard("libcuda", || {
        // SAFETY: no arguments; the device's context is current.
        let r = unsafe {
            if on {
                cudarc::driver::sys::cuProfilerStart()
            } else {
                cudarc::driver::sys::cuProfilerStop()
            }
        };
        r.result().map_err(|e| {
            super::driver::drv(
                if on {
                    "cuProfilerStart"
                } else {
                    "cuProfilerStop"
                },
                e,
            )
        })
    })
}

/// Collects CUDA profiler data while the guard lives (`with cupy.cuda.profiler.profile():`).
///
/// # Errors
/// As [`start`].
pub fn profile() -> Result<ProfileGuard> {
    start()?;
    Ok(ProfileGuard(()))
}

/// Stops profiler collection when dropped; from [`profile`].
#[must_use = "collection stops when the guard is dropped"]
#[derive(Debug)]
pub struct ProfileGuard(());

impl Drop for ProfileGuard {
    fn drop(&mut self) {
        if let Err(e) = stop() {
            tracing::error!("cuda::profiler::profile: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_ranges_nest_and_close_on_the_cpu() {
        let _d = Device::Cpu.use_device().unwrap();
        assert_eq!(nvtx::depth(), 0);
        {
            let _a = time_range("outer");
            let _b = TimeRange::builder("inner")
                .color_id(1)
                .sync(true)
                .enter()
                .unwrap();
            assert_eq!(nvtx::depth(), 2);
        }
        assert_eq!(nvtx::depth(), 0);
        let v = with_time_range("f", || {
            assert_eq!(nvtx::depth(), 1);
            7
        });
        assert_eq!(v, 7);
        let v = TimeRange::builder("g")
            .argb_color(0xff123456)
            .run(nvtx::depth)
            .unwrap();
        assert_eq!(v, 1);
        assert_eq!(nvtx::depth(), 0);
    }
}
