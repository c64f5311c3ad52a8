//! Bounds on a user kernel's run on the CPU engine: a time limit and cancellation.
//!
//! C has no such bounds and neither does the engine by default: a body with `while (1);` runs
//! forever, as it would on a GPU. A service that runs kernels it did not write sets
//! [`CpuLimits`] around its calls with [`with_cpu_limits`]; the engine then polls them at every
//! loop iteration of the body (the only construct that can run unboundedly: the body language
//! has no recursion and no `goto`) and between batches of elements, and stops the call with
//! [`KernelError::Stopped`](crate::KernelError::Stopped) once the time limit has passed or the
//! [`CancelToken`] was cancelled (from any thread). The outputs of a stopped call hold
//! unspecified values (the elements already computed, the rest as they were).

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A flag another thread sets to stop the kernel calls that watch it.
///
/// Clones share the flag.
///
/// # Example
/// ```
/// use cuprum_kernel::CancelToken;
/// let t = CancelToken::new();
/// let u = t.clone();
/// assert!(!u.is_cancelled());
/// t.cancel();
/// assert!(u.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token not yet cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Cancels: every call watching this token (now or later) stops at its next poll.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What bounds a user kernel's run on the CPU engine (both off by default).
///
/// # Example
/// ```
/// use cuprum_kernel::{CancelToken, CpuLimits};
/// use std::time::Duration;
/// let token = CancelToken::new();
/// let limits = CpuLimits::new().time_limit(Duration::from_secs(2)).cancel_token(&token);
/// assert_eq!(limits.get_time_limit(), Some(Duration::from_secs(2)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct CpuLimits {
    time_limit: Option<Duration>,
    cancel: Option<CancelToken>,
}

impl CpuLimits {
    /// No limit, no token.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stops each kernel call that runs longer than `limit` (wall-clock time from the start of
    /// its run on the engine).
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops each kernel call once `token` is cancelled.
    pub fn cancel_token(mut self, token: &CancelToken) -> Self {
        self.cancel = Some(token.clone());
        self
    }

    /// The time limit, if any.
    pub fn get_time_limit(&self) -> Option<Duration> {
        self.time_limit
    }
}

/// Why the engine stopped a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The [`CpuLimits::time_limit`] passed.
    TimeLimit(Duration),
    /// The [`CancelToken`] was cancelled.
    Cancelled,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StopReason::TimeLimit(d) => write!(f, "its time limit of {d:?} passed"),
            StopReason::Cancelled => f.write_str("it was cancelled"),
        }
    }
}

thread_local! {
    static LIMITS: RefCell<Option<CpuLimits>> = const { RefCell::new(None) };
}

/// Runs `f` with `limits` applying to every user kernel it runs on the CPU engine from this
/// thread (`ElementwiseKernel`, `ReductionKernel`; the engine's worker threads inherit them).
/// Scopes nest; the innermost applies. GPU launches are not affected.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_kernel::{CpuLimits, ElementwiseKernel, KernelError, StopReason, args, with_cpu_limits};
/// use std::time::Duration;
/// let spin = ElementwiseKernel::new("T x", "T y", "while (x == x) {} y = x;", "spin").unwrap();
/// let x = Array::from_vec_on(vec![1.0f32; 4], &[4], Device::Cpu).unwrap();
/// let limits = CpuLimits::new().time_limit(Duration::from_millis(50));
/// let e = with_cpu_limits(&limits, || spin.call(args![&x])).unwrap_err();
/// assert!(matches!(e, KernelError::Stopped { reason: StopReason::TimeLimit(_), .. }), "{e}");
/// ```
pub fn with_cpu_limits<R>(limits: &CpuLimits, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<CpuLimits>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0.take();
            let _ = LIMITS.try_with(|l| *l.borrow_mut() = prev);
        }
    }
    let prev = LIMITS
        .try_with(|l| l.borrow_mut().replace(limits.clone()))
        .ok()
        .flatten();
    let _restore = Restore(prev);
    f()
}

/// The watch of one engine run: the calling thread's limits, started now; `None` when no
/// limit applies.
pub(crate) fn watch() -> Option<Arc<Watch>> {
    let limits = LIMITS.try_with(|l| l.borrow().clone()).ok().flatten()?;
    if limits.time_limit.is_none() && limits.cancel.is_none() {
        return None;
    }
    Some(Arc::new(Watch {
        deadline: limits.time_limit.map(|d| (Instant::now() + d, d)),
        cancel: limits.cancel,
        stopped: AtomicBool::new(false),
    }))
}

/// One run's limits, shared by the threads that run its batches.
#[derive(Debug)]
pub(crate) struct Watch {
    deadline: Option<(Instant, Duration)>,
    cancel: Option<CancelToken>,
    stopped: AtomicBool,
}

impl Watch {
    /// Whether the run must stop; checks the clock only when `check_clock`.
    pub(crate) fn poll(&self, check_clock: bool) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        let stop = self.cancel.as_ref().is_some_and(CancelToken::is_cancelled)
            || (check_clock && self.deadline.is_some_and(|(t, _)| Instant::now() >= t));
        if stop {
            self.stopped.store(true, Ordering::Relaxed);
        }
        stop
    }

    /// Whether the run was stopped.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// The error a stopped run returns.
    pub(crate) fn error(&self, op: &'static str) -> cuprum_core::Error {
        let reason = match (&self.cancel, self.deadline) {
            (Some(c), _) if c.is_cancelled() => StopReason::Cancelled,
            (_, Some((_, d))) => StopReason::TimeLimit(d),
            _ => StopReason::Cancelled,
        };
        crate::KernelError::Stopped { op, reason }.into()
    }
}
