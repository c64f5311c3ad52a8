//! The pool's bookkeeping on a fake backend (host-only: fake addresses, fake streams whose
//! events complete when the test says so).

use super::*;
use std::sync::{Arc, Mutex};

const MIB: usize = 1 << 20;

#[derive(Default)]
struct FakeState {
    /// bytes handed out by the fake device
    held: usize,
    capacity: usize,
    next_addr: u64,
    chunks: HashMap<u64, usize>,
    /// per stream: is work queued that has not finished?
    busy: HashMap<u64, bool>,
    /// events: (stream, done)
    events: Vec<(u64, bool)>,
    mallocs: usize,
    frees: usize,
}

#[derive(Clone)]
struct Fake(Arc<Mutex<FakeState>>);

impl Fake {
    fn new(capacity: usize) -> Fake {
        Fake(Arc::new(Mutex::new(FakeState {
            capacity,
            next_addr: 0x1000_0000,
            ..Default::default()
        })))
    }
    fn st(&self) -> std::sync::MutexGuard<'_, FakeState> {
        self.0.lock().unwrap()
    }
    /// Queues work on `stream` that does not finish until [`Fake::finish`].
    fn launch(&self, stream: u64) {
        self.st().busy.insert(stream, true);
    }
    /// Finishes all work queued on `stream` (its events complete).
    fn finish(&self, stream: u64) {
        let mut s = self.st();
        s.busy.insert(stream, false);
        for e in s.events.iter_mut().filter(|e| e.0 == stream) {
            e.1 = true;
        }
    }
}

impl Backend for Fake {
    type Stream = u64;
    type Event = usize;
    fn device(&self) -> Device {
        Device::Cuda(0)
    }
    fn malloc(&mut self, nbytes: usize) -> Result<u64> {
        let mut s = self.st();
        if s.held + nbytes > s.capacity {
            return Err(Error::OutOfMemory {
                device: Device::Cuda(0),
                requested: nbytes,
                free: s.capacity - s.held,
                limit_note: String::new(),
            });
        }
        s.held += nbytes;
        s.mallocs += 1;
        let a = s.next_addr;
        // leave a gap so that chunks are never adjacent
        s.next_addr += (nbytes as u64).next_multiple_of(1 << 30) + (1 << 30);
        s.chunks.insert(a, nbytes);
        Ok(a)
    }
    fn free(&mut self, ptr: u64, nbytes: usize) -> Result<()> {
        let mut s = self.st();
        assert_eq!(s.chunks.remove(&ptr), Some(nbytes), "freeing a chunk whole");
        s.held -= nbytes;
        s.frees += 1;
        Ok(())
    }
    fn record(&mut self, stream: &u64) -> Result<usize> {
        let mut s = self.st();
        let done = !s.busy.get(stream).copied().unwrap_or(false);
        s.events.push((*stream, done));
        Ok(s.events.len() - 1)
    }
    fn query(&mut self, event: &usize) -> Result<bool> {
        Ok(self.st().events[*event].1)
    }
    fn wait(&mut self, event: &usize) -> Result<()> {
        // waiting = the GPU finishes that stream's work
        let stream = self.st().events[*event].0;
        self.finish(stream);
        Ok(())
    }
    fn free_memory(&self) -> usize {
        let s = self.st();
        s.capacity - s.held
    }
}

const A: u64 = 1;
const B: u64 = 2;

fn arena(capacity: usize) -> (Arena<Fake>, Fake) {
    let f = Fake::new(capacity);
    (Arena::new(f.clone(), usize::MAX), f)
}

#[test]
fn sizes_round_to_512_and_small_requests_share_a_2_mib_chunk() {
    let (mut p, f) = arena(1 << 40);
    let a = p.allocate(1, A).unwrap();
    let b = p.allocate(513, A).unwrap();
    let c = p.allocate(1000, A).unwrap();
    assert_eq!(b - a, 512);
    assert_eq!(c - b, 1024);
    let s = p.stats();
    assert_eq!(s.used_bytes, 512 + 1024 + 1024);
    assert_eq!(s.total_bytes, 2 * MIB);
    assert_eq!(s.free_bytes, 2 * MIB - 2560);
    assert_eq!(s.n_free_blocks, 1);
    assert_eq!(f.st().mallocs, 1);
    p.check();
    for x in [b, a, c] {
        p.deallocate(x, A, &A).unwrap();
        p.check();
    }
    let s = p.stats();
    assert_eq!(
        (s.used_bytes, s.n_free_blocks, s.largest_free_block),
        (0, 1, 2 * MIB)
    );
}

#[test]
fn a_large_block_split_and_freed_is_reusable_whole() {
    let (mut p, f) = arena(1 << 40);
    let big = p.allocate(256 * MIB, A).unwrap();
    p.deallocate(big, A, &A).unwrap();
    // split it into 4 pieces, free them in a scrambled order
    let parts: Vec<u64> = (0..4).map(|_| p.allocate(64 * MIB, A).unwrap()).collect();
    assert_eq!(f.st().mallocs, 1, "the pieces come from the one chunk");
    assert_eq!(parts[0], big);
    for &k in &[2usize, 0, 3, 1] {
        p.deallocate(parts[k], A, &A).unwrap();
        p.check();
    }
    assert_eq!(p.stats().n_free_blocks, 1);
    assert_eq!(p.stats().largest_free_block, 256 * MIB);
    // the whole block again, without growing
    let again = p.allocate(256 * MIB, A).unwrap();
    assert_eq!(again, big);
    assert_eq!(f.st().mallocs, 1);
    assert_eq!(p.stats().total_bytes, 256 * MIB);
    p.deallocate(again, A, &A).unwrap();
    // uneven pieces, partly reused, then whole again
    let x = p.allocate(100 * MIB, A).unwrap();
    let y = p.allocate(3 * MIB + 17, A).unwrap();
    let z = p.allocate(150 * MIB, A).unwrap();
    p.deallocate(y, A, &A).unwrap();
    // the tail left after z (3 MiB - 512) is too small; the hole of y fits exactly
    let y2 = p.allocate(3 * MIB + 1, A).unwrap();
    assert_eq!(y2, y, "best fit reuses the hole");
    // a smaller request takes the smaller tail, not the hole
    let t = p.allocate(MIB, A).unwrap();
    assert_eq!(t, z + 150 * MIB as u64);
    p.deallocate(t, A, &A).unwrap();
    for q in [x, z, y2] {
        p.deallocate(q, A, &A).unwrap();
    }
    p.check();
    assert_eq!(p.allocate(256 * MIB, A).unwrap(), big);
    assert_eq!(f.st().mallocs, 1);
}

#[test]
fn best_fit_prefers_the_smallest_block() {
    let (mut p, _f) = arena(1 << 40);
    let a = p.allocate(64 * MIB, A).unwrap();
    let b = p.allocate(16 * MIB, A).unwrap();
    p.deallocate(a, A, &A).unwrap();
    p.deallocate(b, A, &A).unwrap();
    // 16 MiB fits in both free chunks (64 and 20 MiB); it takes the 20 MiB one
    let c = p.allocate(16 * MIB, A).unwrap();
    assert_eq!(c, b);
}

#[test]
fn the_same_stream_reuses_at_once_another_stream_only_after_the_free_completed() {
    let (mut p, f) = arena(1 << 40);
    let a = p.allocate(32 * MIB, A).unwrap();
    f.launch(A); // a kernel on A still uses `a`
    p.deallocate(a, A, &A).unwrap();
    // A itself may reuse it at once (its later work is ordered after the kernel)
    let a2 = p.allocate(32 * MIB, A).unwrap();
    assert_eq!(a2, a);
    p.deallocate(a2, A, &A).unwrap();
    // B may not: A's work is not finished, so B gets new memory
    let b = p.allocate(32 * MIB, B).unwrap();
    assert_ne!(b, a);
    assert_eq!(f.st().mallocs, 2);
    p.check();
    p.deallocate(b, B, &B).unwrap();
    // once A's work completes, B takes A's old block (after the event recorded above)
    f.finish(A);
    // B's own freed block is preferred when it fits; ask for more than B's block to force it
    let big = p.allocate(32 * MIB, B).unwrap();
    assert_eq!(big, b, "B reuses its own block first");
    let b2 = p.allocate(32 * MIB, B).unwrap();
    assert_eq!(b2, a, "A's block is clean now and goes to B");
    assert_eq!(f.st().mallocs, 2);
    p.check();
}

#[test]
fn blocks_of_different_streams_merge_once_clean() {
    let (mut p, f) = arena(1 << 40);
    let whole = p.allocate(64 * MIB, A).unwrap();
    p.deallocate(whole, A, &A).unwrap();
    let x = p.allocate(32 * MIB, A).unwrap();
    let y = p.allocate(32 * MIB, A).unwrap();
    f.launch(A);
    f.launch(B);
    p.deallocate(x, A, &A).unwrap();
    p.deallocate(y, B, &B).unwrap();
    assert_eq!(
        p.stats().n_free_blocks,
        2,
        "owned by different streams: not merged"
    );
    p.check();
    // a third stream needs the whole: nothing is complete, so the pool grows
    let c = p.allocate(64 * MIB, 3).unwrap();
    assert_ne!(c, whole);
    p.deallocate(c, 3, &3).unwrap();
    f.finish(A);
    f.finish(B);
    // the events recorded by the failed attempt have completed now: both halves are clean
    // and merge, so the whole chunk serves stream 3 again... or its own block (same size)
    let d = p.allocate(64 * MIB, 4).unwrap();
    p.check();
    assert!(d == whole || d == c);
    p.free_all_blocks().unwrap();
    p.check();
    assert_eq!(p.stats().total_bytes, 64 * MIB);
    assert_eq!(p.stats().n_free_blocks, 0);
}

#[test]
fn free_all_blocks_returns_whole_chunks_only() {
    let (mut p, f) = arena(1 << 40);
    let a = p.allocate(64 * MIB, A).unwrap();
    let b = p.allocate(100, A).unwrap();
    let c = p.allocate(200, A).unwrap();
    p.deallocate(a, A, &A).unwrap();
    p.deallocate(b, A, &A).unwrap();
    f.launch(A);
    p.free_all_blocks().unwrap();
    p.check();
    let s = p.stats();
    // the 64 MiB chunk went back; the 2 MiB chunk still holds `c`
    assert_eq!(s.total_bytes, 2 * MIB);
    assert_eq!(s.used_bytes, 512);
    assert_eq!(f.st().frees, 1);
    p.deallocate(c, A, &A).unwrap();
    p.free_all_blocks().unwrap();
    assert_eq!(
        p.stats(),
        PoolStats {
            limit: usize::MAX,
            ..PoolStats::default()
        }
    );
    assert_eq!(f.st().held, 0);
}

#[test]
fn the_limit_is_enforced_with_a_clear_error() {
    let (mut p, _f) = arena(1 << 40);
    p.set_limit(10 * MIB);
    let a = p.allocate(8 * MIB, A).unwrap();
    assert_eq!(
        p.stats().total_bytes,
        10 * MIB,
        "the chunk is capped at the limit"
    );
    let e = p.allocate(4 * MIB, A).unwrap_err();
    let msg = e.to_string();
    assert!(
        matches!(e, Error::OutOfMemory { requested, .. } if requested == 4 * MIB),
        "{msg}"
    );
    assert!(msg.contains("4194304 bytes requested"), "{msg}");
    assert!(msg.contains("pool limit 10485760 bytes"), "{msg}");
    assert!(msg.contains("8388608 bytes in use"), "{msg}");
    // what is left under the limit still serves
    let b = p.allocate(2 * MIB, A).unwrap();
    p.deallocate(a, A, &A).unwrap();
    p.deallocate(b, A, &A).unwrap();
    let c = p.allocate(10 * MIB, A).unwrap();
    p.deallocate(c, A, &A).unwrap();
    assert!(p.allocate(10 * MIB + 1, A).is_err());
    p.check();
}

#[test]
fn out_of_memory_frees_cached_chunks_and_retries() {
    let (mut p, f) = arena(64 * MIB);
    let a = p.allocate(40 * MIB, A).unwrap();
    f.launch(A);
    p.deallocate(a, A, &A).unwrap();
    // 48 MiB does not fit next to the cached 40 MiB chunk; the pool waits for A, frees it
    let b = p.allocate(48 * MIB, B).unwrap();
    let s = p.stats();
    assert_eq!((s.total_bytes, s.used_bytes), (48 * MIB, 48 * MIB));
    assert_eq!(f.st().frees, 1);
    // beyond the device: an error naming the request and the bytes in use
    let e = p.allocate(32 * MIB, B).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("33554432 bytes requested"), "{msg}");
    assert!(msg.contains("no pool limit"), "{msg}");
    assert!(msg.contains("50331648 bytes in use"), "{msg}");
    p.deallocate(b, B, &B).unwrap();
    p.check();
}

#[test]
fn unknown_pointers_are_an_error() {
    let (mut p, _f) = arena(1 << 40);
    let e = p.deallocate(0x1234, A, &A).unwrap_err();
    assert!(e.to_string().contains("0x1234"), "{e}");
}

#[test]
fn concurrent_allocations_from_threads_balance_to_zero() {
    let (p, f) = arena(1 << 40);
    let p = Arc::new(Mutex::new(p));
    let threads: Vec<_> = (0..8u64)
        .map(|t| {
            let p = p.clone();
            std::thread::spawn(move || {
                let mut live: Vec<(u64, usize)> = Vec::new();
                let mut x = 0x9E37_79B9u64.wrapping_mul(t + 1);
                for step in 0..2000 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let stream = 10 + (t % 3);
                    if live.len() < 16 && (!x.is_multiple_of(3) || live.is_empty()) {
                        let size = 1 + (x as usize >> 8) % (3 * MIB);
                        let ptr = p.lock().unwrap().allocate(size, stream).unwrap();
                        live.push((ptr, size));
                    } else {
                        let k = (x as usize >> 20) % live.len();
                        let (ptr, _) = live.swap_remove(k);
                        p.lock().unwrap().deallocate(ptr, stream, &stream).unwrap();
                    }
                    if step % 500 == 0 {
                        p.lock().unwrap().check();
                    }
                }
                // no two live blocks overlap
                live
            })
        })
        .collect();
    let mut all: Vec<(u64, usize)> = Vec::new();
    for t in threads {
        all.extend(t.join().unwrap());
    }
    all.sort();
    for w in all.windows(2) {
        assert!(w[0].0 + w[0].1 as u64 <= w[1].0, "live blocks overlap");
    }
    let mut g = p.lock().unwrap();
    g.check();
    for (ptr, _) in all {
        g.deallocate(ptr, 99, &99).unwrap();
    }
    assert_eq!(g.stats().used_bytes, 0);
    g.free_all_blocks().unwrap();
    g.check();
    assert_eq!(g.stats().total_bytes, 0);
    assert_eq!(f.st().held, 0);
}
