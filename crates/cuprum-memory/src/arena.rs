//! The bookkeeping of one device's pool, independent of CUDA: generic over a [`Backend`] that
//! hands out raw chunks and records/queries events, so that every rule below is tested on the
//! CPU with a fake backend.
//!
//! - **Blocks.** The pool holds *chunks* (one `malloc` of the backend each). A chunk is tiled by
//!   address-ordered *blocks* (a doubly linked list per chunk); a block is in use or free.
//!   Sizes are rounded up to [`ALIGN`] (512 bytes, CuPy's allocation unit).
//! - **Best fit, split, coalesce.** An allocation takes the smallest usable free block that is
//!   large enough and splits off the rest (when at least [`ALIGN`] bytes). A freed block is
//!   merged with its free neighbours at once, so a chunk whose blocks are all free again is one
//!   block: a large block freed after being split is reusable whole (CuPy's pool can fragment
//!   here; this one cannot).
//! - **Stream order.** A block freed on stream `S` is *owned* by `S`: work queued on `S` after
//!   the free is ordered after the work that used it, so `S` may reuse it at once. Another
//!   stream may take it only after an event recorded on `S` (at or after the free) has
//!   completed; then the block is *clean* (usable by every stream). Events are recorded lazily,
//!   only when another stream runs short of memory, so the fast path records none.
//!   Neighbours merge when they have the same owner or one of them is clean (the merged block
//!   keeps the owner); blocks of two different owners are merged once both are clean.
//! - **Growth and limits.** When nothing fits, the pool first cleans what it can without
//!   waiting, then allocates a chunk: 2 MiB for requests up to 1 MiB, 20 MiB up to 10 MiB,
//!   else the request rounded up to 2 MiB (never past the limit: then exactly the request).
//!   When the backend is out of memory or the limit would be passed, the pool waits for every
//!   stream's frees, returns all wholly free chunks to the backend and tries once more; then it
//!   fails with an error naming the bytes requested, the limit and the bytes in use.

use cuprum_core::{Device, Error, Result};
use std::collections::{BTreeSet, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// Allocation unit in bytes: every block size is a multiple of it (CuPy's 512).
pub const ALIGN: usize = 512;
const MIB: usize = 1 << 20;

/// What the pool needs from the memory it manages: chunks, events, streams.
pub trait Backend: Send {
    /// A stream handle kept alive while the pool holds blocks owned by it.
    type Stream: Clone + Send;
    /// A completion marker recorded on a stream.
    type Event: Send;
    /// The device, for error messages.
    fn device(&self) -> Device;
    /// A new chunk of `nbytes`; `Err(Error::OutOfMemory)` when the memory is exhausted.
    fn malloc(&mut self, nbytes: usize) -> Result<u64>;
    /// Returns a chunk obtained from [`Backend::malloc`] (every block of it is free and no
    /// queued work uses it).
    fn free(&mut self, ptr: u64, nbytes: usize) -> Result<()>;
    /// Records an event on `stream`, after the work queued on it so far.
    fn record(&mut self, stream: &Self::Stream) -> Result<Self::Event>;
    /// True when the work before `event` has completed (does not block).
    fn query(&mut self, event: &Self::Event) -> Result<bool>;
    /// Blocks until the work before `event` has completed.
    fn wait(&mut self, event: &Self::Event) -> Result<()>;
    /// Bytes the backend could still hand out (for error messages).
    fn free_memory(&self) -> usize;
}

/// A multiplicative hasher for device addresses and stream handles (no allocation, few ns).
#[derive(Default)]
pub(crate) struct AddrHasher(u64);
impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v ^ (v >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}
type AddrMap<V> = HashMap<u64, V, BuildHasherDefault<AddrHasher>>;

const NIL: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Used,
    Clean,
    /// Free, owned by the stream in this slot.
    Owned(u32),
}

#[derive(Clone, Copy, Debug)]
struct Block {
    addr: u64,
    size: usize,
    prev: u32,
    next: u32,
    state: State,
    /// The pool's free counter when this block (or its latest merged part) was freed.
    epoch: u64,
}

struct StreamSlot<B: Backend> {
    key: u64,
    stream: B::Stream,
    free: BTreeSet<(usize, u32)>,
    /// Events recorded on this stream, with the free counter at recording time.
    pending: Vec<(B::Event, u64)>,
}

/// Statistics of one device's pool, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PoolStats {
    /// Bytes in blocks handed out (sizes rounded up to 512 bytes), like CuPy's `used_bytes`.
    pub used_bytes: usize,
    /// Bytes held from the device (every chunk), like CuPy's `total_bytes`.
    pub total_bytes: usize,
    /// Bytes cached: held but not in use (`total_bytes - used_bytes`).
    pub free_bytes: usize,
    /// Number of free blocks.
    pub n_free_blocks: usize,
    /// The largest free block (the largest request served without growing, for the stream
    /// that owns it).
    pub largest_free_block: usize,
    /// Number of chunks held from the device.
    pub n_chunks: usize,
    /// The limit on `total_bytes` (`usize::MAX`: none).
    pub limit: usize,
}

/// One device's pool (see the module docs).
pub struct Arena<B: Backend> {
    backend: B,
    blocks: Vec<Block>,
    spare: Vec<u32>,
    used: AddrMap<u32>,
    clean: BTreeSet<(usize, u32)>,
    slots: Vec<Option<StreamSlot<B>>>,
    epoch: u64,
    used_bytes: usize,
    total_bytes: usize,
    n_chunks: usize,
    n_free: usize,
    limit: usize,
}

/// `n` rounded up to a multiple of `to` (`None` on overflow).
fn round_up(n: usize, to: usize) -> Option<usize> {
    n.checked_add(to - 1).map(|v| v / to * to)
}

/// The size of the chunk the pool asks for to serve a request of `n` (rounded) bytes.
pub fn segment_size(n: usize) -> usize {
    if n <= MIB {
        2 * MIB
    } else if n < 10 * MIB {
        20 * MIB
    } else {
        round_up(n, 2 * MIB).unwrap_or(n)
    }
}

impl<B: Backend> Arena<B> {
    /// An empty pool over `backend` with a limit on the bytes held (`usize::MAX`: none).
    pub fn new(backend: B, limit: usize) -> Arena<B> {
        Arena {
            backend,
            blocks: Vec::new(),
            spare: Vec::new(),
            used: AddrMap::default(),
            clean: BTreeSet::new(),
            slots: Vec::new(),
            epoch: 0,
            used_bytes: 0,
            total_bytes: 0,
            n_chunks: 0,
            n_free: 0,
            limit,
        }
    }

    /// The backend.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// Sets the limit on the bytes held (takes effect for later growth).
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// The current statistics.
    pub fn stats(&self) -> PoolStats {
        let mut largest = self.clean.last().map_or(0, |b| b.0);
        for s in self.slots.iter().flatten() {
            largest = largest.max(s.free.last().map_or(0, |b| b.0));
        }
        PoolStats {
            used_bytes: self.used_bytes,
            total_bytes: self.total_bytes,
            free_bytes: self.total_bytes - self.used_bytes,
            n_free_blocks: self.n_free,
            largest_free_block: largest,
            n_chunks: self.n_chunks,
            limit: self.limit,
        }
    }

    fn new_block(&mut self, b: Block) -> u32 {
        if let Some(i) = self.spare.pop() {
            self.blocks[i as usize] = b;
            i
        } else {
            self.blocks.push(b);
            (self.blocks.len() - 1) as u32
        }
    }

    fn slot_of(&self, key: u64) -> Option<u32> {
        self.slots
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.key == key))
            .map(|i| i as u32)
    }

    fn slot_for(&mut self, key: u64, stream: &B::Stream) -> u32 {
        if let Some(i) = self.slot_of(key) {
            return i;
        }
        let slot = StreamSlot {
            key,
            stream: stream.clone(),
            free: BTreeSet::new(),
            pending: Vec::new(),
        };
        if let Some(i) = self.slots.iter().position(Option::is_none) {
            self.slots[i] = Some(slot);
            i as u32
        } else {
            self.slots.push(Some(slot));
            (self.slots.len() - 1) as u32
        }
    }

    fn set_of(&mut self, state: State) -> &mut BTreeSet<(usize, u32)> {
        match state {
            State::Owned(s) => match self.slots[s as usize].as_mut() {
                Some(slot) => &mut slot.free,
                // a block never names an empty slot (slots are removed only when empty)
                None => &mut self.clean,
            },
            _ => &mut self.clean,
        }
    }

    fn insert_free(&mut self, i: u32) {
        let b = self.blocks[i as usize];
        self.set_of(b.state).insert((b.size, i));
        self.n_free += 1;
    }

    fn remove_free(&mut self, i: u32) {
        let b = self.blocks[i as usize];
        self.set_of(b.state).remove(&(b.size, i));
        self.n_free -= 1;
    }

    /// The smallest block of at least `n` bytes usable by the stream in `slot`.
    fn best_fit(&self, n: usize, slot: Option<u32>) -> Option<u32> {
        let c = self.clean.range((n, 0)..).next().copied();
        let o = slot
            .and_then(|s| self.slots[s as usize].as_ref())
            .and_then(|s| s.free.range((n, 0)..).next().copied());
        match (c, o) {
            (Some(c), Some(o)) => Some(if o.0 <= c.0 { o.1 } else { c.1 }),
            (c, o) => c.or(o).map(|x| x.1),
        }
    }

    /// Hands out `n` bytes of free block `i`, splitting off the rest.
    fn take(&mut self, i: u32, n: usize) -> u64 {
        self.remove_free(i);
        let b = self.blocks[i as usize];
        if b.size - n >= ALIGN {
            let j = self.new_block(Block {
                addr: b.addr + n as u64,
                size: b.size - n,
                prev: i,
                next: b.next,
                state: b.state,
                epoch: b.epoch,
            });
            if b.next != NIL {
                self.blocks[b.next as usize].prev = j;
            }
            let bi = &mut self.blocks[i as usize];
            bi.next = j;
            bi.size = n;
            self.insert_free(j);
        }
        let bi = &mut self.blocks[i as usize];
        bi.state = State::Used;
        let (addr, size) = (bi.addr, bi.size);
        self.used.insert(addr, i);
        self.used_bytes += size;
        addr
    }

    /// The state of `a` merged with `b`, if they may merge.
    fn merged_state(a: State, b: State) -> Option<State> {
        match (a, b) {
            (State::Used, _) | (_, State::Used) => None,
            (x, y) if x == y => Some(x),
            (State::Clean, o) | (o, State::Clean) => Some(o),
            _ => None,
        }
    }

    /// Merges free block `i` (not in any set) with its free neighbours where allowed
    /// (`clean_only`: only with clean neighbours, keeping `i`'s state), then inserts the result.
    fn coalesce(&mut self, mut i: u32, clean_only: bool) {
        loop {
            let b = self.blocks[i as usize];
            let mut merged = false;
            for nb in [b.prev, b.next] {
                if nb == NIL {
                    continue;
                }
                let n = self.blocks[nb as usize];
                let st = if clean_only {
                    (n.state == State::Clean).then_some(b.state)
                } else {
                    Self::merged_state(b.state, n.state)
                };
                let Some(st) = st else { continue };
                self.remove_free(nb);
                let (lo, hi) = if n.addr < b.addr { (nb, i) } else { (i, nb) };
                let h = self.blocks[hi as usize];
                let l = &mut self.blocks[lo as usize];
                l.size += h.size;
                l.next = h.next;
                l.state = st;
                l.epoch = b.epoch.max(n.epoch);
                if h.next != NIL {
                    self.blocks[h.next as usize].prev = lo;
                }
                self.spare.push(hi);
                i = lo;
                merged = true;
                break;
            }
            if !merged {
                break;
            }
        }
        self.insert_free(i);
    }

    /// Allocates `nbytes` (> 0) for work on the stream whose identity is `key`.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] naming the request, the limit and the bytes in use, after cached
    /// blocks were returned and the allocation retried; backend errors.
    pub fn allocate(&mut self, nbytes: usize, key: u64) -> Result<u64> {
        let Some(n) = round_up(nbytes.max(1), ALIGN) else {
            return Err(self.oom(nbytes));
        };
        let slot = self.slot_of(key);
        if let Some(i) = self.best_fit(n, slot) {
            return Ok(self.take(i, n));
        }
        self.allocate_slow(n, nbytes, key)
    }

    fn allocate_slow(&mut self, n: usize, nbytes: usize, key: u64) -> Result<u64> {
        // 1. clean what other streams freed, without waiting
        self.reclaim(Some(key), false)?;
        if let Some(i) = self.best_fit(n, self.slot_of(key)) {
            return Ok(self.take(i, n));
        }
        // 2. grow
        match self.grow(n) {
            Ok(i) => return Ok(self.take(i, n)),
            Err(Error::OutOfMemory { .. }) => {}
            Err(e) => return Err(e),
        }
        // 3. wait for every stream, return whole free chunks, retry
        tracing::debug!(
            device = %self.backend.device(),
            requested = nbytes,
            "memory pool: out of memory, freeing cached blocks and retrying"
        );
        self.release_cached()?;
        if let Some(i) = self.best_fit(n, self.slot_of(key)) {
            return Ok(self.take(i, n));
        }
        match self.grow(n) {
            Ok(i) => Ok(self.take(i, n)),
            Err(Error::OutOfMemory { .. }) => Err(self.oom(nbytes)),
            Err(e) => Err(e),
        }
    }

    fn oom(&self, requested: usize) -> Error {
        let limit = if self.limit == usize::MAX {
            "no pool limit".to_string()
        } else {
            format!("pool limit {} bytes", self.limit)
        };
        let free = if self.limit == usize::MAX {
            self.backend.free_memory()
        } else {
            self.limit
                .saturating_sub(self.total_bytes)
                .min(self.backend.free_memory())
        };
        Error::OutOfMemory {
            device: self.backend.device(),
            requested,
            free,
            limit_note: format!(
                ", {limit}, {} bytes in use by the pool ({} bytes held)",
                self.used_bytes, self.total_bytes
            ),
        }
    }

    /// Adds a chunk able to serve `n` bytes; returns its (clean, free) block.
    fn grow(&mut self, n: usize) -> Result<u32> {
        let room = self.limit.saturating_sub(self.total_bytes);
        if n > room {
            return Err(self.oom(n));
        }
        let want = segment_size(n).min(room).max(n);
        let _span = tracing::debug_span!(
            "memory pool growth",
            device = %self.backend.device(),
            chunk = want,
            held = self.total_bytes
        )
        .entered();
        let (ptr, size) = match self.backend.malloc(want) {
            Ok(p) => (p, want),
            Err(Error::OutOfMemory { .. }) if want > n => (self.backend.malloc(n)?, n),
            Err(e) => return Err(e),
        };
        self.total_bytes += size;
        self.n_chunks += 1;
        let i = self.new_block(Block {
            addr: ptr,
            size,
            prev: NIL,
            next: NIL,
            state: State::Clean,
            epoch: 0,
        });
        self.insert_free(i);
        Ok(i)
    }

    /// Returns a block from [`Arena::allocate`], freed on `stream` (identity `key`): work
    /// queued on it before this call may still use the block.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `ptr` is not a block in use of this pool.
    pub fn deallocate(&mut self, ptr: u64, key: u64, stream: &B::Stream) -> Result<()> {
        let Some(i) = self.used.remove(&ptr) else {
            return Err(Error::bad_argument(
                "MemoryPool::deallocate",
                "ptr",
                format!("{ptr:#x}"),
                format!("a block in use of the pool of {}", self.backend.device()),
            ));
        };
        let slot = self.slot_for(key, stream);
        self.epoch += 1;
        let b = &mut self.blocks[i as usize];
        b.state = State::Owned(slot);
        b.epoch = self.epoch;
        self.used_bytes -= b.size;
        self.coalesce(i, false);
        Ok(())
    }

    /// Makes clean the blocks whose streams are known to be done with them. Without `wait`,
    /// records an event on each stream (other than `except`) that has owned blocks and no
    /// pending event, and queries events without blocking; with `wait`, waits for every stream.
    fn reclaim(&mut self, except: Option<u64>, wait: bool) -> Result<()> {
        for s in 0..self.slots.len() {
            let Some(slot) = self.slots[s].as_mut() else {
                continue;
            };
            if slot.free.is_empty() {
                // an empty slot: drop it (and the stream handle) unless events are pending
                if slot.pending.is_empty() {
                    self.slots[s] = None;
                }
                continue;
            }
            if Some(slot.key) == except && !wait {
                continue;
            }
            let mut upto = 0u64;
            if wait {
                let ev = self.backend.record(&slot.stream)?;
                self.backend.wait(&ev)?;
                upto = self.epoch;
                slot.pending.clear();
            } else {
                let mut k = 0;
                while k < slot.pending.len() {
                    if self.backend.query(&slot.pending[k].0)? {
                        upto = upto.max(slot.pending[k].1);
                        slot.pending.swap_remove(k);
                    } else {
                        k += 1;
                    }
                }
                if slot.pending.is_empty() && upto < self.epoch {
                    let ev = self.backend.record(&slot.stream)?;
                    if self.backend.query(&ev)? {
                        upto = self.epoch;
                    } else {
                        slot.pending.push((ev, self.epoch));
                    }
                }
            }
            if upto == 0 {
                continue;
            }
            let ready: Vec<u32> = slot
                .free
                .iter()
                .filter(|&&(_, i)| self.blocks[i as usize].epoch <= upto)
                .map(|&(_, i)| i)
                .collect();
            for i in ready {
                self.remove_free(i);
                self.blocks[i as usize].state = State::Clean;
                self.coalesce(i, true);
            }
        }
        Ok(())
    }

    /// Waits for every stream's frees, merges all free neighbours and returns every wholly
    /// free chunk to the backend.
    fn release_cached(&mut self) -> Result<()> {
        self.reclaim(None, true)?;
        let whole: Vec<(usize, u32)> = self
            .clean
            .iter()
            .filter(|&&(_, i)| {
                let b = self.blocks[i as usize];
                b.prev == NIL && b.next == NIL
            })
            .copied()
            .collect();
        for (size, i) in whole {
            let addr = self.blocks[i as usize].addr;
            self.backend.free(addr, size)?;
            self.remove_free(i);
            self.spare.push(i);
            self.total_bytes -= size;
            self.n_chunks -= 1;
        }
        // slots emptied by the cleaning above
        for s in self.slots.iter_mut() {
            if s.as_ref()
                .is_some_and(|x| x.free.is_empty() && x.pending.is_empty())
            {
                *s = None;
            }
        }
        Ok(())
    }

    /// Returns every cached block that can be returned: waits for the streams that freed
    /// blocks, then frees every chunk all of whose blocks are free (CuPy's `free_all_blocks`).
    ///
    /// # Errors
    /// Backend errors.
    pub fn free_all_blocks(&mut self) -> Result<()> {
        let _span =
            tracing::debug_span!("free_all_blocks", device = %self.backend.device()).entered();
        self.release_cached()
    }

    /// Checks the tiling invariants (tests): each chunk's blocks are contiguous, sizes add up,
    /// free sets match the block states, no two neighbours that may merge are unmerged.
    #[cfg(test)]
    pub(crate) fn check(&self) {
        let live: Vec<u32> = (0..self.blocks.len() as u32)
            .filter(|i| !self.spare.contains(i))
            .collect();
        let mut total = 0;
        let mut used = 0;
        let mut free = 0;
        for &i in &live {
            let b = self.blocks[i as usize];
            if b.prev == NIL {
                total += {
                    let mut sz = 0;
                    let mut j = i;
                    let mut addr = b.addr;
                    while j != NIL {
                        let x = self.blocks[j as usize];
                        assert_eq!(x.addr, addr, "blocks of a chunk are contiguous");
                        addr += x.size as u64;
                        sz += x.size;
                        j = x.next;
                    }
                    sz
                };
            }
            assert_eq!(b.size % ALIGN, 0);
            match b.state {
                State::Used => {
                    used += b.size;
                    assert_eq!(self.used.get(&b.addr), Some(&i));
                }
                st => {
                    free += 1;
                    let in_set = match st {
                        State::Owned(s) => self.slots[s as usize]
                            .as_ref()
                            .is_some_and(|x| x.free.contains(&(b.size, i))),
                        _ => self.clean.contains(&(b.size, i)),
                    };
                    assert!(in_set, "free block {i} is in its set");
                    if b.next != NIL {
                        let n = self.blocks[b.next as usize];
                        assert!(
                            !(n.state == st),
                            "neighbours {i} and {} with the same state are merged",
                            b.next
                        );
                    }
                }
            }
        }
        assert_eq!(total, self.total_bytes);
        assert_eq!(used, self.used_bytes);
        assert_eq!(free, self.n_free);
        assert_eq!(
            self.used.len(),
            live.iter()
                .filter(|&&i| self.blocks[i as usize].state == State::Used)
                .count()
        );
    }
}

#[cfg(test)]
mod tests;
