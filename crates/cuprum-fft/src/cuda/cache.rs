//! The per-device cuFFT plan cache, like `cupy.fft.config.get_plan_cache()`: least recently
//! used plans are evicted past a count limit ([`PlanCache::set_size`]) or a work-area byte
//! limit ([`PlanCache::set_memsize`]); hits, misses and evictions are counted.
//!
//! Unlike CuPy's (one per thread), cuprum has one cache per device shared by all threads; a
//! cached plan is locked while one thread enqueues it and is safe to use from any stream (see
//! [`RawPlan`](super::raw::RawPlan)).

use super::raw::{PlanKey, RawPlan};
use cuprum_core::{Device, Error, Result};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::sync::{Arc, LazyLock, Mutex};

/// Default number of plans a device's cache holds (CuPy's default).
pub const DEFAULT_CACHE_SIZE: usize = 16;

/// A least-recently-used map with a count limit and a weight (bytes) limit, and statistics.
pub(crate) struct Lru<K, V> {
    map: HashMap<K, (Arc<V>, u64, usize)>,
    tick: u64,
    size: usize,
    memsize: Option<usize>,
    weight: usize,
    hits: u64,
    misses: u64,
    evictions: u64,
}

impl<K: Hash + Eq + Clone, V> Lru<K, V> {
    pub fn new(size: usize) -> Self {
        Lru {
            map: HashMap::new(),
            tick: 0,
            size,
            memsize: None,
            weight: 0,
            hits: 0,
            misses: 0,
            evictions: 0,
        }
    }

    /// The value for `key`, made by `make` (returning the value and its weight) on a miss.
    /// With a size of 0 (caching disabled) or a value heavier than the byte limit, the value is
    /// returned without being cached.
    pub fn get_or_insert(
        &mut self,
        key: &K,
        make: impl FnOnce() -> Result<(V, usize)>,
    ) -> Result<Arc<V>> {
        self.tick += 1;
        if let Some(e) = self.map.get_mut(key) {
            e.1 = self.tick;
            self.hits += 1;
            return Ok(e.0.clone());
        }
        self.misses += 1;
        let (v, w) = make()?;
        let v = Arc::new(v);
        if self.size == 0 || self.memsize.is_some_and(|m| w > m) {
            return Ok(v);
        }
        self.map.insert(key.clone(), (v.clone(), self.tick, w));
        self.weight += w;
        self.shrink();
        Ok(v)
    }

    fn shrink(&mut self) {
        while self.map.len() > self.size || self.memsize.is_some_and(|m| self.weight > m) {
            let Some(oldest) = self
                .map
                .iter()
                .min_by_key(|(_, e)| e.1)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((_, _, w)) = self.map.remove(&oldest) {
                self.weight -= w;
                self.evictions += 1;
            }
        }
    }

    pub fn set_size(&mut self, size: usize) {
        self.size = size;
        self.shrink();
    }
    pub fn set_memsize(&mut self, memsize: Option<usize>) {
        self.memsize = memsize;
        self.shrink();
    }
    pub fn clear(&mut self) {
        self.map.clear();
        self.weight = 0;
    }
    pub fn len(&self) -> usize {
        self.map.len()
    }
    pub fn stats(&self) -> (usize, Option<usize>, usize, u64, u64, u64) {
        (
            self.size,
            self.memsize,
            self.weight,
            self.hits,
            self.misses,
            self.evictions,
        )
    }
    /// Cached keys, most recently used first.
    pub fn keys(&self) -> Vec<K> {
        let mut v: Vec<(&K, u64)> = self.map.iter().map(|(k, e)| (k, e.1)).collect();
        v.sort_by_key(|x| std::cmp::Reverse(x.1));
        v.into_iter().map(|(k, _)| k.clone()).collect()
    }
}

type Store = Lru<PlanKey, Mutex<RawPlan>>;

static CACHES: LazyLock<Mutex<HashMap<usize, Arc<Mutex<Store>>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

fn store(ordinal: usize) -> Arc<Mutex<Store>> {
    static AT_EXIT: std::sync::Once = std::sync::Once::new();
    // SAFETY: registers a plain `extern "C" fn()`; a failure to register only leaves the cached
    // plans to the operating system at exit, as before.
    AT_EXIT.call_once(|| unsafe {
        libc::atexit(release_plans);
    });
    CACHES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(ordinal)
        .or_insert_with(|| Arc::new(Mutex::new(Lru::new(DEFAULT_CACHE_SIZE))))
        .clone()
}

/// At process exit: drops every cached plan (its cuFFT handle is destroyed and its work area
/// returned to the allocator), so that leak checkers (compute-sanitizer's `--leak-check full`)
/// see every device allocation returned, as core's staging buffers are. A cache whose mutex
/// another thread holds at exit (a plan being looked up) is left to the operating system; plans
/// another thread still uses are dropped by that thread.
extern "C" fn release_plans() {
    let Ok(all) = CACHES.try_lock() else {
        return;
    };
    for s in all.values() {
        if let Ok(mut g) = s.try_lock() {
            g.clear();
        }
    }
}

/// The cached plan for `key`, created on a miss.
pub(crate) fn cached_plan(key: &PlanKey) -> Result<Arc<Mutex<RawPlan>>> {
    let s = store(key.ordinal);
    let mut g = s.lock().unwrap_or_else(|e| e.into_inner());
    g.get_or_insert(key, || {
        let p = RawPlan::new(key.clone())?;
        let w = p.work_size();
        Ok((Mutex::new(p), w))
    })
}

/// The cuFFT plan cache of one CUDA device (`cupy.fft.config.get_plan_cache()`), a cheap
/// handle: every handle for a device sees the same cache. Get one with [`plan_cache`].
#[derive(Clone)]
pub struct PlanCache {
    ordinal: usize,
    inner: Arc<Mutex<Store>>,
}

/// Statistics of a [`PlanCache`] (what `show_info()` prints in CuPy).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CacheInfo {
    /// the device
    pub device: Device,
    /// the most plans kept (0: caching disabled)
    pub size: usize,
    /// plans cached now
    pub curr_size: usize,
    /// the most work-area bytes kept (`None`: no limit)
    pub memsize: Option<usize>,
    /// work-area bytes of the cached plans
    pub curr_memsize: usize,
    /// lookups that found a plan
    pub hits: u64,
    /// lookups that made a new plan
    pub misses: u64,
    /// plans evicted to honour a limit
    pub evictions: u64,
    /// the cached plans, most recently used first, as `"C2C [4096, 4096] x1"`
    pub plans: Vec<String>,
}

impl fmt::Display for CacheInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "cuFFT plan cache (device {}):", self.device)?;
        writeln!(f, "  cache size: {} / {}", self.curr_size, self.size)?;
        match self.memsize {
            Some(m) => writeln!(f, "  work area: {} / {m} bytes", self.curr_memsize)?,
            None => writeln!(f, "  work area: {} bytes (no limit)", self.curr_memsize)?,
        }
        writeln!(
            f,
            "  hits: {}, misses: {}, evictions: {}",
            self.hits, self.misses, self.evictions
        )?;
        for p in &self.plans {
            writeln!(f, "  {p}")?;
        }
        Ok(())
    }
}

/// The plan cache of CUDA device `ordinal` (`cupy.fft.config.get_plan_cache()`).
///
/// Transforms on that device look their cuFFT plans up here; [`Plan`](crate::Plan) objects
/// own their plans instead.
///
/// # Errors
/// [`Error::DeviceUnavailable`] when the device does not exist.
///
/// # Example
/// ```
/// if cuprum_core::cuda_device_count() > 0 {
///     let cache = cuprum_fft::plan_cache(0).unwrap();
///     cache.set_size(4);
///     assert_eq!(cache.size(), 4);
///     println!("{}", cache.info());
/// } else {
///     assert!(cuprum_fft::plan_cache(0).is_err());
/// }
/// ```
pub fn plan_cache(ordinal: usize) -> Result<PlanCache> {
    let n = cuprum_core::cuda_device_count();
    if ordinal >= n {
        return Err(Error::DeviceUnavailable {
            op: "plan_cache",
            device: Device::Cuda(ordinal),
            reason: format!("this machine has {n} CUDA device(s)"),
        });
    }
    Ok(PlanCache {
        ordinal,
        inner: store(ordinal),
    })
}

impl PlanCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// The most plans kept (`get_size()`).
    pub fn size(&self) -> usize {
        self.lock().stats().0
    }
    /// Sets the most plans kept, evicting the least recently used beyond it; 0 disables
    /// caching (`set_size()`).
    pub fn set_size(&self, size: usize) {
        self.lock().set_size(size)
    }
    /// Plans cached now (`get_curr_size()`).
    pub fn curr_size(&self) -> usize {
        self.lock().len()
    }
    /// The work-area byte limit, `None` for none (`get_memsize()`; CuPy's -1).
    pub fn memsize(&self) -> Option<usize> {
        self.lock().stats().1
    }
    /// Sets the work-area byte limit (`None`: no limit), evicting as needed (`set_memsize()`).
    pub fn set_memsize(&self, memsize: Option<usize>) {
        self.lock().set_memsize(memsize)
    }
    /// Work-area bytes held by cached plans (`get_curr_memsize()`).
    pub fn curr_memsize(&self) -> usize {
        self.lock().stats().2
    }
    /// Drops every cached plan (`clear()`); plans in use finish first.
    pub fn clear(&self) {
        self.lock().clear()
    }
    /// The statistics and cached plans.
    pub fn info(&self) -> CacheInfo {
        let g = self.lock();
        let (size, memsize, curr_memsize, hits, misses, evictions) = g.stats();
        CacheInfo {
            device: Device::Cuda(self.ordinal),
            size,
            curr_size: g.len(),
            memsize,
            curr_memsize,
            hits,
            misses,
            evictions,
            plans: g
                .keys()
                .iter()
                .map(|k| format!("{} {:?} x{}", k.ty.name(), k.dims, k.batch))
                .collect(),
        }
    }
    /// Prints [`PlanCache::info`] to standard output (`show_info()`).
    pub fn show_info(&self) {
        print!("{}", self.info());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lru_evicts_least_recently_used_and_counts() {
        let mut c: Lru<u32, u32> = Lru::new(2);
        let mk = |v: u32, w: usize| move || Ok((v, w));
        assert_eq!(*c.get_or_insert(&1, mk(10, 5)).unwrap(), 10);
        assert_eq!(*c.get_or_insert(&2, mk(20, 5)).unwrap(), 20);
        assert_eq!(*c.get_or_insert(&1, mk(99, 5)).unwrap(), 10); // hit, 1 is now newest
        c.get_or_insert(&3, mk(30, 5)).unwrap(); // evicts 2
        assert_eq!(c.keys(), vec![3, 1]);
        let (size, mem, w, hits, misses, ev) = c.stats();
        assert_eq!((size, mem, w, hits, misses, ev), (2, None, 10, 1, 3, 1));
        c.set_memsize(Some(7)); // only one plan of 5 bytes fits
        assert_eq!(c.len(), 1);
        assert_eq!(c.keys(), vec![3]);
        c.get_or_insert(&4, mk(40, 8)).unwrap(); // heavier than the limit: not cached
        assert_eq!(c.keys(), vec![3]);
        c.set_size(0);
        assert_eq!(c.len(), 0);
        c.get_or_insert(&5, mk(50, 1)).unwrap();
        assert_eq!(c.len(), 0);
        c.set_size(4);
        c.get_or_insert(&5, mk(50, 1)).unwrap();
        c.clear();
        assert_eq!((c.len(), c.stats().2), (0, 0));
    }
}
