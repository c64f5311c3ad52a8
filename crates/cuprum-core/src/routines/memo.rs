//! Memoization: [`memoize`] (`cupy.memoize`) caches a function's results by argument (and,
//! optionally, by current device); [`clear_memo`] (`cupy.clear_memo`) empties every cache
//! made by [`memoize`].
//!
//! CuPy uses its decorator for values that are costly to build and depend only on the
//! arguments and the device: compiled kernels, plans, constant tables. The Rust analogue is a
//! value, [`Memoized`], wrapping a closure.

use crate::{Device, current_device};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

/// A cache that [`clear_memo`] can empty.
trait Clear: Send + Sync {
    fn clear(&self);
}

/// The cache of one [`Memoized`]: results by (device or none, argument).
struct Table<K, V> {
    map: Mutex<HashMap<(Option<Device>, K), V>>,
}

impl<K, V> Table<K, V> {
    fn lock(&self) -> MutexGuard<'_, HashMap<(Option<Device>, K), V>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl<K: Send, V: Send> Clear for Table<K, V> {
    fn clear(&self) {
        self.lock().clear();
    }
}

/// Every cache made by [`memoize`] that is still alive (CuPy's `_memos` list).
static MEMOS: Mutex<Vec<Weak<dyn Clear>>> = Mutex::new(Vec::new());

fn memos() -> MutexGuard<'static, Vec<Weak<dyn Clear>>> {
    MEMOS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A function with a cache of its results, made by [`memoize`] (a function decorated with
/// `@cupy.memoize()`). Call it with [`Memoized::call`].
///
/// `Memoized` is `Send`/`Sync` when the closure is: one cache may be shared by many threads
/// (results are computed outside the lock, so two threads asking for the same new key at once
/// may both compute it; the first result stored is the one every caller gets, like CuPy's
/// `dict.setdefault`).
pub struct Memoized<K, V, F> {
    f: F,
    for_each_device: bool,
    table: Arc<Table<K, V>>,
}

impl<K, V, F> std::fmt::Debug for Memoized<K, V, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Memoized(for_each_device={}, {} cached)",
            self.for_each_device,
            self.table.lock().len()
        )
    }
}

/// Wraps `f` so that its result for each argument (and, with `for_each_device`, for each
/// current device) is computed once and then returned from a cache (`cupy.memoize(
/// for_each_device)`).
///
/// **Shapes:** none: `K` is the argument (use a tuple for several, as CuPy keys on the
/// argument tuple), `V` the result, cloned out of the cache on every call (make it an `Arc`
/// or an [`Array`](crate::Array) handle, which clones cheaply).
///
/// With `for_each_device` the key includes [`current_device`] at the time of the call, so a
/// value built for one GPU (a kernel, an array) is not handed to another; without it the key is
/// the argument alone. [`clear_memo`] empties the caches of every `Memoized` made by this
/// function; [`Memoized::clear`] empties one.
///
/// A closure returning a `Result` has its errors cached too (they are values like any other);
/// map them to a retryable form, or [`Memoized::clear`], where that matters.
///
/// # Errors
/// None.
///
/// # Example
/// ```
/// use cuprum_core::{clear_memo, memoize};
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// static CALLS: AtomicUsize = AtomicUsize::new(0);
/// let square = memoize(false, |x: &i64| {
///     CALLS.fetch_add(1, Ordering::Relaxed);
///     x * x
/// });
/// assert_eq!(square.call(3), 9);
/// assert_eq!(square.call(3), 9);
/// assert_eq!(CALLS.load(Ordering::Relaxed), 1);
/// clear_memo();
/// assert_eq!(square.call(3), 9);
/// assert_eq!(CALLS.load(Ordering::Relaxed), 2);
/// ```
pub fn memoize<K, V, F>(for_each_device: bool, f: F) -> Memoized<K, V, F>
where
    K: Hash + Eq + Send + 'static,
    V: Clone + Send + 'static,
    F: Fn(&K) -> V,
{
    let table = Arc::new(Table {
        map: Mutex::new(HashMap::new()),
    });
    let weak: Weak<dyn Clear> = {
        let t: Arc<dyn Clear> = table.clone();
        Arc::downgrade(&t)
    };
    let mut m = memos();
    m.retain(|w| w.strong_count() > 0);
    m.push(weak);
    Memoized {
        f,
        for_each_device,
        table,
    }
}

impl<K, V, F> Memoized<K, V, F>
where
    K: Hash + Eq + Send + 'static,
    V: Clone + Send + 'static,
    F: Fn(&K) -> V,
{
    /// The function's result for `key`: the cached one, or a new one computed by the closure
    /// and cached (under `key` and, with `for_each_device`, the current device).
    ///
    /// # Errors
    /// None (a panicking closure caches nothing and unwinds to the caller).
    ///
    /// # Example
    /// ```
    /// let len = cuprum_core::memoize(true, |s: &String| s.len());
    /// assert_eq!(len.call("abc".to_string()), 3);
    /// assert_eq!(len.len(), 1);
    /// ```
    pub fn call(&self, key: K) -> V {
        let dev = self.for_each_device.then(current_device);
        let k = (dev, key);
        if let Some(v) = self.table.lock().get(&k) {
            return v.clone();
        }
        // computed without the lock: the closure may call this function again
        let v = (self.f)(&k.1);
        self.table.lock().entry(k).or_insert(v).clone()
    }

    /// Number of cached results (over every device).
    pub fn len(&self) -> usize {
        self.table.lock().len()
    }

    /// True when nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Empties this function's cache only.
    pub fn clear(&self) {
        self.table.lock().clear();
    }

    /// Whether results are kept per current device (`for_each_device`).
    pub fn for_each_device(&self) -> bool {
        self.for_each_device
    }
}

/// Empties the caches of every live function made by [`memoize`] (`cupy.clear_memo`).
///
/// CuPy calls it at exit and before resetting devices; call it after anything that makes
/// cached values stale (a device reset, a changed configuration).
///
/// # Errors
/// None.
///
/// # Example
/// ```
/// let f = cuprum_core::memoize(false, |x: &u8| *x as u32 + 1);
/// f.call(1);
/// cuprum_core::clear_memo();
/// assert!(f.is_empty());
/// ```
pub fn clear_memo() {
    let live: Vec<Arc<dyn Clear>> = {
        let mut m = memos();
        m.retain(|w| w.strong_count() > 0);
        m.iter().filter_map(Weak::upgrade).collect()
    };
    for t in live {
        t.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::all_devices;
    use crate::{Array, DType};
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn memoize_caches_per_argument_and_device() {
        let calls = AtomicUsize::new(0);
        // an array per device: a cached array is only reused on the device it was made for
        let make = memoize(true, |n: &usize| {
            calls.fetch_add(1, Ordering::Relaxed);
            crate::arange(0.0, *n as f64, 1.0, Some(DType::Float64)).unwrap()
        });
        let devs = all_devices();
        for &d in &devs {
            let _g = d.use_device().unwrap();
            let a = make.call(4);
            assert_eq!(a.device(), d);
            assert_eq!(a.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 2.0, 3.0]);
            let b = make.call(4);
            assert!(a.shares_storage(&b));
            assert_eq!(make.call(2).to_vec::<f64>().unwrap(), vec![0.0, 1.0]);
        }
        assert_eq!(calls.load(Ordering::Relaxed), 2 * devs.len());
        assert_eq!(make.len(), 2 * devs.len());
        // without for_each_device the key is the argument alone
        let shared = memoize(false, |x: &(i32, i32)| {
            Array::from_vec(vec![x.0, x.1], [2]).unwrap()
        });
        let a = shared.call((1, 2));
        for &d in &devs {
            let _g = d.use_device().unwrap();
            assert!(shared.call((1, 2)).shares_storage(&a));
        }
        assert_eq!(shared.len(), 1);
    }

    #[test]
    fn clear_memo_empties_every_live_memo() {
        let a = memoize(false, |x: &u32| x + 1);
        let b = memoize(true, |x: &u32| x * 2);
        assert_eq!((a.call(1), b.call(5)), (2, 10));
        {
            let c = memoize(false, |x: &u32| *x);
            c.call(0);
        } // dropped: its weak entry is skipped
        clear_memo();
        assert!(a.is_empty() && b.is_empty());
        assert_eq!(a.call(1), 2);
        a.clear();
        assert!(a.is_empty());
        // recursion through the same memo does not deadlock (the closure runs unlocked)
        type Fib = Memoized<u64, u64, fn(&u64) -> u64>;
        static FIB: std::sync::OnceLock<Fib> = std::sync::OnceLock::new();
        fn fib(n: &u64) -> u64 {
            let m = FIB.get().expect("initialized below");
            if *n < 2 {
                *n
            } else {
                m.call(n - 1) + m.call(n - 2)
            }
        }
        let m = FIB.get_or_init(|| memoize(false, fib as fn(&u64) -> u64));
        assert_eq!(m.call(60), 1_548_008_755_920);
    }
}
