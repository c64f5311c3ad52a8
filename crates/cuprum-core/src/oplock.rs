//! Per-buffer operation locks: an operation that writes a buffer is one step with respect to
//! every other writing operation on that buffer.
//!
//! A backend primitive locks its buffers for its own duration (the storage's `RwLock`), but an
//! in-place operation such as `view += 1` or `add_out(v, 1, v)` is several steps: it reads its
//! inputs (sometimes through a cast or a temporary) and then writes the destination. Two
//! threads doing `view += 1` on overlapping views of one array could both read the old value
//! and both write `old + 1`, losing an increment. The op lock closes that window: every
//! operation that writes a buffer holds the buffer's op lock from its first read to its last
//! write — in-place ufuncs (`*_out`, the `+=` operators), `clip_out`, `add_at`/`put`,
//! `shuffle` — and every backend write primitive (`fill`, `copy`, `unary`, `binary`, `where`)
//! takes it too, so that a plain write (`a.set(...)`, `fill`) cannot land between the read and
//! the write of an in-place operation. Concurrent use then gives some serial outcome.
//!
//! The lock is re-entrant for the thread that holds it (an in-place operation calls write
//! primitives on its own destination), keyed by the address of the shared `Storage` (so it
//! covers CPU and CUDA buffers alike and needs no field in either), and is only ever waited for
//! while the thread holds no buffer `RwLock` and no other op lock on a shared buffer, so it
//! cannot deadlock against them. Pure readers never take it: a read primitive sees the buffer
//! under its read lock, before or after a whole in-place operation.
//!
//! Uncontended cost: one short global mutex section to take and one to release (tens of
//! nanoseconds; no system call unless a thread waits), against microseconds for the smallest
//! array operation.

use crate::storage::Storage;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::ThreadId;

/// Holder and re-entry count of each locked buffer (by `Storage` address), and how many
/// threads wait for one.
///
/// A `Vec`, not a map: a handful of buffers are locked at once (one or two a thread), and a
/// linear scan of them costs less than hashing. `waiting` lets a release skip the condition
/// variable's wake-up (a `futex` system call even with no waiter) in the usual, uncontended
/// case: the 30 x 30 add of views spent ~0.3 us of its 2-3 us there (now 1.0 us in all on the
/// 2-core CPU, docs/benchmarks/cpu-core.md).
struct Held {
    locks: Vec<(usize, ThreadId, usize)>,
    waiting: usize,
}

struct Table {
    held: Mutex<Held>,
    released: Condvar,
}

static TABLE: Table = Table {
    held: Mutex::new(Held {
        locks: Vec::new(),
        waiting: 0,
    }),
    released: Condvar::new(),
};

fn lock_table(t: &Table) -> MutexGuard<'_, Held> {
    t.held.lock().unwrap_or_else(|e| e.into_inner())
}

/// The calling thread's id (cached: `std::thread::current()` clones an `Arc` each call).
fn me() -> ThreadId {
    thread_local! {
        static ME: ThreadId = std::thread::current().id();
    }
    ME.with(|m| *m)
}

/// Waits for and takes the lock of `key` (re-entrant for the holding thread).
fn acquire(key: usize) {
    let me = me();
    let t = &TABLE;
    let mut held = lock_table(t);
    loop {
        match held.locks.iter_mut().find(|e| e.0 == key) {
            None => {
                held.locks.push((key, me, 1));
                return;
            }
            Some((_, owner, n)) if *owner == me => {
                *n += 1;
                return;
            }
            Some(_) => {
                held.waiting += 1;
                held = t.released.wait(held).unwrap_or_else(|e| e.into_inner());
                held.waiting -= 1;
            }
        }
    }
}

/// Releases one hold of `key`; the last one wakes the waiting threads (if any).
fn release(key: usize) {
    let t = &TABLE;
    let mut held = lock_table(t);
    let Some(i) = held.locks.iter().position(|e| e.0 == key) else {
        return;
    };
    if held.locks[i].2 > 1 {
        held.locks[i].2 -= 1;
        return;
    }
    held.locks.swap_remove(i);
    let wake = held.waiting > 0;
    drop(held);
    if wake {
        t.released.notify_all();
    }
}

#[must_use = "the lock is released when the guard is dropped"]
pub(crate) struct OpLock {
    key: usize,
    _storage: Arc<Storage>,
}

/// Takes the op lock of `storage`'s buffer, waiting while another thread holds it (re-entrant
/// for the holder). Taken by whole in-place operations on their destination.
pub(crate) fn lock(storage: &Arc<Storage>) -> OpLock {
    let key = Arc::as_ptr(storage) as usize;
    acquire(key);
    OpLock {
        key,
        _storage: storage.clone(),
    }
}

impl Drop for OpLock {
    fn drop(&mut self) {
        release(self.key);
    }
}

/// The op lock of the buffer a backend primitive writes. Primitives get `&Storage` (inside the
/// `Arc` of the array being written, which outlives the call), so the borrow keeps the address
/// alive.
pub(crate) fn lock_dst(storage: &Storage) -> OpLockRef<'_> {
    let key = storage as *const Storage as usize;
    acquire(key);
    OpLockRef {
        key,
        _storage: std::marker::PhantomData,
    }
}

/// [`lock_dst`]'s guard.
#[must_use = "the lock is released when the guard is dropped"]
pub(crate) struct OpLockRef<'a> {
    key: usize,
    _storage: std::marker::PhantomData<&'a Storage>,
}

impl Drop for OpLockRef<'_> {
    fn drop(&mut self) {
        release(self.key);
    }
}

#[cfg(test)]
mod tests {
    use crate::index::SliceItem;
    use crate::test_util::all_devices;
    use crate::{Array, DType, ops};

    const THREADS: usize = 8;
    const ROUNDS: usize = 60;

    /// Thread `t`'s view: elements `4t .. 4t + 40` of a 72-element array (neighbours overlap).
    fn view(a: &Array, t: usize) -> Array {
        let start = 4 * t as isize;
        a.slice(&[SliceItem::Slice {
            start: Some(start),
            stop: Some(start + 40),
            step: 1,
        }])
        .unwrap()
    }

    /// How many of the threads' views cover element `i`, times `per_round` × [`ROUNDS`].
    fn expected(n: usize, per_round: i64) -> Vec<i64> {
        (0..n)
            .map(|i| {
                let k = (0..THREADS)
                    .filter(|&t| i >= 4 * t && i < 4 * t + 40)
                    .count();
                k as i64 * per_round * ROUNDS as i64
            })
            .collect()
    }

    fn run_threads(a: &Array, f: impl Fn(&Array, usize) + Sync) {
        std::thread::scope(|s| {
            for t in 0..THREADS {
                let (a, f) = (a, &f);
                s.spawn(move || {
                    let v = view(a, t);
                    for _ in 0..ROUNDS {
                        f(&v, t);
                    }
                });
            }
        });
    }

    /// Issue 22 item 6: `view += 1` from 8 threads on overlapping views loses no increment.
    #[test]
    fn concurrent_in_place_adds_lose_nothing() {
        for dev in all_devices() {
            let a = crate::zeros_on(&[72], DType::Int64, dev).unwrap();
            run_threads(&a, |v, _| {
                let mut v = v.clone();
                v += 1i64;
            });
            assert_eq!(a.to_vec::<i64>().unwrap(), expected(72, 1), "+= on {dev}");

            let a = crate::zeros_on(&[72], DType::Int64, dev).unwrap();
            run_threads(&a, |v, _| ops::add_out(v, 2i64, v).unwrap());
            assert_eq!(
                a.to_vec::<i64>().unwrap(),
                expected(72, 2),
                "add_out on {dev}"
            );

            // a cast on the way (float32 += float64 array: a temporary, then a copy) and an
            // input that is another overlapping view of the same buffer
            let a = crate::zeros_on(&[72], DType::Float32, dev).unwrap();
            let one = crate::ones_on(&[40], DType::Float64, dev).unwrap();
            run_threads(&a, |v, _| ops::add_out(v, &one, v).unwrap());
            let want: Vec<f32> = expected(72, 1).iter().map(|&x| x as f32).collect();
            assert_eq!(a.to_vec::<f32>().unwrap(), want, "cast add_out on {dev}");
        }
    }

    /// Mixed writers: in-place adds from some threads, `clip_out` and `fill` of the same buffer
    /// from others; every outcome is a serial one, and nothing deadlocks.
    #[test]
    fn mixed_writers_give_a_serial_outcome() {
        for dev in all_devices() {
            let a = crate::zeros_on(&[72], DType::Int64, dev).unwrap();
            let b = crate::zeros_on(&[72], DType::Int64, dev).unwrap();
            run_threads(&a, |v, t| match t % 3 {
                // a += b-view and b += a-view: each op reads the other buffer while writing its own
                0 => ops::add_out(v, &view(&b, t), v).unwrap(),
                1 => ops::add_out(&view(&b, t), 1i64, &view(&b, t)).unwrap(),
                _ => ops::clip_out(v, Some(0i64.into()), None, v).unwrap(),
            });
            // b: threads 1, 4, 7 add 1 per round to their views; clip(·, 0) is the identity on
            // non-negative values, so a's elements are sums of b's (non-negative) values
            let bv = b.to_vec::<i64>().unwrap();
            for (i, &x) in bv.iter().enumerate() {
                let k = [1usize, 4, 7]
                    .iter()
                    .filter(|&&t| i >= 4 * t && i < 4 * t + 40)
                    .count();
                assert_eq!(x, (k * ROUNDS) as i64, "b[{i}] on {dev}");
            }
            assert!(a.to_vec::<i64>().unwrap().iter().all(|&x| x >= 0));
        }
    }
}
