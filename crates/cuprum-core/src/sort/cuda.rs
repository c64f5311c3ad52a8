//! CUDA sorting: the radix sorts, searchsorted and unique kernels of `kernels/sort.cu`,
//! compiled per (key word, key kind, payload word) through [`crate::cuda::nvrtc`] and launched on
//! the calling thread's current stream.
//!
//! Two LSD radix sorts with 8-bit digits share the ranking: within a tile, each key is ranked
//! among equal digits of its warp with nine ballots (eight in onesweep's full tiles, which have
//! no idle lanes; `__match_any_sync` is several times slower on sm_90), the tile is reordered in shared memory and runs of equal digits are written
//! contiguously. Keys move as raw bits (digits come from the order-preserving `canon`, modelled
//! in [`super::key`]), so one pass per key byte; the first pass reads the input directly.
//!
//! **Onesweep** (the default; `CUPRUM_SORT_ALGO=lsd` selects the LSD sort; Adinets & Merrill
//! 2022, CUB's onesweep path), `2 + passes`
//! launches and one memset a sort:
//! 1. `cuMemsetD8Async` zeroes one workspace: a tile counter a pass, the histograms, the skip
//!    flags and the status words of every pass.
//! 2. `cuprum_onesweep_hist` reads the keys once and counts every byte of every key
//!    (shared-memory histograms, then 64-bit global atomics).
//! 3. `cuprum_onesweep_scan`, one block a pass: the exclusive scan of the pass's 256 counts (the
//!    digit bases); the segment-id passes' counts are computed in closed form. A pass where one
//!    digit holds all n keys is flagged as skipped (for every dtype, with no read-back).
//! 4. `cuprum_onesweep_pass` once a pass, one 256-thread block a tile. A block takes its tile
//!    from the pass's atomic counter (tiles start in order, so every tile it waits on belongs
//!    to a running block), ranks the tile and publishes, per digit, a 32-bit status word:
//!    bit 30 set with the tile's count in bits 0–29 ("aggregate"), then bit 31 with the count
//!    of this and every earlier tile ("inclusive prefix"; tile 0 publishes it at once); zero is
//!    "not yet". Thread d then looks back over the earlier tiles' words of digit d (volatile
//!    loads, spinning while zero), adding aggregates until it meets an inclusive prefix,
//!    publishes its own inclusive prefix, and the tile is scattered to the digit base plus
//!    that exclusive prefix. The count and its flags are one word, so no fence is needed. A
//!    skipped pass's blocks return at once: the skip flags route the ping-pong buffers on the
//!    device (the last pass that runs writes the result buffer; when none runs, the last
//!    launch copies the input), and the first pass that runs makes the payload from the index.
//!    Counts live in 30 bits, so onesweep takes n < 2^30 (larger arrays take the LSD sort).
//!
//! **LSD** (arrays of 2^30 keys or more, and `CUPRUM_SORT_ALGO=lsd`): three launches a pass:
//! per-block digit histograms (`counts[digit][block]`), one block per digit scanning its row
//! (and the digit's total), then the stable scatter, every block walking its contiguous range
//! tile by tile. For integer keys of two bytes or more, one launch first histograms every byte
//! and the host reads it back to skip the passes over bytes equal in every key.
//!
//! Several lanes (segments) are sorted at once: the keys are sorted first, then stably by the
//! segment id carried as a 32-bit (64-bit past 2^32 elements) payload, one more pass per byte
//! of the largest segment id. argsort carries the flat index instead and derives the segment
//! from it. One long row costs `itemsize` passes; 4096 rows of 1024 float32 cost 4 + 2.

use super::key;
use crate::cuda::nvrtc::{Function, LaunchConfig, launch, static_function};
use crate::{Array, DType, Device, Error, Result};
use std::ffi::c_void;
use std::sync::OnceLock;

const SRC: &str = include_str!("../../../../kernels/sort.cu");
const BLOCK: u32 = 256;
/// Most blocks of a radix pass (the scan over (digit, block) stays one small launch).
const MAX_BLOCKS: u64 = 1024;

fn source() -> &'static str {
    static S: OnceLock<String> = OnceLock::new();
    S.get_or_init(|| format!("{}\n{}", crate::cuda::codegen::COMMON, SRC))
}

/// The raw storage word of a dtype of `bytes` bytes.
fn word(bytes: usize) -> &'static str {
    match bytes {
        1 => "u8",
        2 => "u16",
        4 => "u32",
        _ => "u64",
    }
}

/// `CUPRUM_SORT_ITEMS` (1 to 64, read once): float32 keys a thread in a tile, for tuning the
/// tile size on a GPU (both algorithms, the LSD sort at most 28; other key and payload widths
/// keep the tile's bytes). Unset or out of range: the defaults of [`Kernels::options`].
fn items_override() -> Option<usize> {
    static I: OnceLock<Option<usize>> = OnceLock::new();
    *I.get_or_init(|| {
        std::env::var("CUPRUM_SORT_ITEMS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|i| (1..=64).contains(i))
    })
}

/// `CUPRUM_SORT_MINB` (1 to 8, read once): onesweep's `__launch_bounds__` minimum of resident
/// blocks an SM (tuning). Unset or out of range: as many as the tile's shared memory allows,
/// at most 4.
fn minb_override() -> Option<u32> {
    static I: OnceLock<Option<u32>> = OnceLock::new();
    *I.get_or_init(|| {
        std::env::var("CUPRUM_SORT_MINB")
            .ok()
            .and_then(|v| v.trim().parse::<u32>().ok())
            .filter(|i| (1..=8).contains(i))
    })
}

/// Onesweep's tile bytes a thread (keys and payload) by default.
const OS_BYTES: usize = 112;
/// Onesweep's tile bytes a thread for 8-byte keys with a payload (argsort of float64/int64: 12
/// keys a thread). On the H200 (argsort of 2^24 keys): float64 1.862 / 1.730 / 1.735 /
/// 1.737 ms and int64 1.886 / 1.725 / 1.726 / 1.733 ms at 112 / 144 / 176 / 208 bytes (CuPy
/// 1.797 and 1.836); 4-byte keys did not gain (int32 argsort 751 -> 770 us, sorts slower).
/// At this setting: float64 1.739 ms, int64 1.731 ms (docs/benchmarks/h200-core.md).
const OS_BYTES_WIDE_PAYLOAD: usize = 144;
/// Static shared memory of `cuprum_onesweep_pass` (its counters, bases and scan words), and
/// the 1 KiB the hardware reserves a block, for the occupancy estimate.
const OS_STATIC: usize = 11 * 1024 + 512 + 1024;
/// Shared memory of one SM of sm_80/sm_90 usable by blocks (228 KiB).
const SM_SHARED: usize = 228 * 1024;

/// A compiled specialization: key dtype and payload width (0: none, 4 or 8 bytes). One per
/// (device, dtype, payload width) for the life of the process ([`Kernels::new`]), with its NVRTC
/// options made once and its kernels looked up once: a sort's host path formats no options and
/// hashes no source key (on the H200 a 2^24 float32 sort spent 45-50 us of host time, ~10 us
/// of it before the first kernel while the GPU waited, when options were made a call; 30 us
/// since).
pub(crate) struct Kernels {
    ordinal: usize,
    dtype: DType,
    val_bytes: usize,
    /// keys a thread in a tile of the LSD sort
    items: u32,
    /// keys a thread in a tile of onesweep
    os_items: u32,
    /// dynamic shared memory of an onesweep block: the reordered tile (keys, payload, digits)
    os_smem: u32,
    /// the NVRTC options of the specialization
    opts: Vec<String>,
    /// kernels looked up so far (a handful)
    fns: std::sync::Mutex<Vec<(&'static str, Function)>>,
}

impl Kernels {
    /// NVRTC options of a specialization (also used by the compile test), with the keys a
    /// thread in a tile of the LSD sort and of onesweep.
    pub(crate) fn options(dtype: DType, val_bytes: usize) -> Result<(Vec<String>, u32, u32)> {
        let kind = key::kind(dtype).ok_or_else(|| Error::dtype("sort (CUDA radix)", dtype))?;
        let kb = dtype.itemsize();
        // A tile's bytes a thread (keys and payload): the LSD sort 64 (16 float32 keys; on an
        // H200, 2^24 keys: 729 us at 16, 734 at 12, 795 at 8, 885 at 24), onesweep OS_BYTES
        // (H200, 2^24 float32/float64/int32/int64: 621/1643/546/1549 us at 16,
        // 607/1470/512/1343 at 20, 600/1314/519/1249 at 24, 569/1246/496/1139 at 28; the
        // reordered tile is in dynamic shared memory, so it may pass 48 KiB). Wider keys and
        // payloads keep the bytes. CUPRUM_SORT_ITEMS overrides both (tuning); the LSD sort's
        // static shared memory keeps its tile at most 112 bytes a thread (28 float32 keys).
        // Larger onesweep tiles lose occupancy faster than they save look-back steps (H200,
        // 2^24 float32 sort, us): 591 at 28 keys, 666 at 32 (3 blocks an SM), 626 / 732 / 771
        // at 36 / 40 / 48 (3 blocks); on another machine 645 at 28, 604 at 30, 641 at 32 (4
        // blocks). At the default: 512.9 us, CuPy 557.0 (docs/benchmarks/h200-core.md).
        let per = |bytes: usize, most: usize| (bytes / (kb + val_bytes)).clamp(1, most) as u32;
        let (items, os_items) = match items_override() {
            Some(i) => (per(4 * i.min(28), 28), per(4 * i, 64)),
            None => {
                let os = if val_bytes > 0 && kb >= 8 {
                    OS_BYTES_WIDE_PAYLOAD
                } else {
                    OS_BYTES
                };
                (per(64, 16), per(os, 64))
            }
        };
        let minb = minb_override().unwrap_or_else(|| {
            let smem = Kernels::os_smem(dtype, val_bytes, os_items) as usize;
            (SM_SHARED / (smem + OS_STATIC)).clamp(1, 4) as u32
        });
        let mut o = vec![
            format!("-DKEY_T={}", word(kb)),
            format!("-DKIND={kind}"),
            format!("-DITEMS={items}"),
            format!("-DOS_ITEMS={os_items}"),
            format!("-DOS_MINB={minb}"),
        ];
        if val_bytes > 0 {
            o.push("-DHAS_VAL=1".into());
            o.push(format!("-DVAL_T={}", word(val_bytes)));
        }
        Ok((o, items, os_items))
    }

    /// Dynamic shared memory of an onesweep block of `os_items` keys a thread: the tile's keys,
    /// payloads and digits.
    fn os_smem(dtype: DType, val_bytes: usize, os_items: u32) -> u32 {
        BLOCK * os_items * (dtype.itemsize() + val_bytes + 1) as u32
    }

    /// The specialization of `dtype` with a `val_bytes` payload on device `ordinal`, made on
    /// first use and kept (at most a few dozen: real dtypes times three payload widths a
    /// device).
    fn new(ordinal: usize, dtype: DType, val_bytes: usize) -> Result<&'static Kernels> {
        type Memo = std::sync::Mutex<Vec<&'static Kernels>>;
        static MEMO: Memo = std::sync::Mutex::new(Vec::new());
        let mut memo = MEMO.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = memo
            .iter()
            .find(|k| k.ordinal == ordinal && k.dtype == dtype && k.val_bytes == val_bytes)
        {
            return Ok(k);
        }
        let (opts, items, os_items) = Kernels::options(dtype, val_bytes)?;
        let k: &'static Kernels = Box::leak(Box::new(Kernels {
            ordinal,
            dtype,
            val_bytes,
            items,
            os_items,
            os_smem: Kernels::os_smem(dtype, val_bytes, os_items),
            opts,
            fns: std::sync::Mutex::new(Vec::new()),
        }));
        memo.push(k);
        Ok(k)
    }

    /// Kernel `name` of the specialization (compiled on first use).
    /// `cuprum_onesweep_pass` comes with its dynamic shared memory limit raised to `os_smem`.
    fn function(&self, name: &'static str) -> Result<Function> {
        if let Some((_, f)) = self
            .fns
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|(n, _)| *n == name)
        {
            return Ok(f.clone());
        }
        let refs: Vec<&str> = self.opts.iter().map(|s| s.as_str()).collect();
        let f = static_function(self.ordinal, source(), name, &refs)?;
        if name == "cuprum_onesweep_pass" {
            set_dynamic_shared(&f, self.os_smem)?;
        }
        self.fns
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((name, f.clone()));
        Ok(f)
    }
}

/// A payload word value (u32 or u64 per the specialization) boxed for a launch argument.
enum Word {
    W32(u32),
    W64(u64),
}

impl Word {
    fn new(val_bytes: usize, x: u64) -> Word {
        if val_bytes == 8 {
            Word::W64(x)
        } else {
            Word::W32(x as u32)
        }
    }
    fn ptr(&mut self) -> *mut c_void {
        match self {
            Word::W32(x) => (x as *mut u32).cast(),
            Word::W64(x) => (x as *mut u64).cast(),
        }
    }
}

fn grid_for(n: u64) -> LaunchConfig {
    let mut cfg = LaunchConfig::for_num_elems(n.max(1), BLOCK);
    cfg.grid.0 = cfg.grid.0.min(132 * 16);
    cfg
}

fn dev_ptr(a: &Array) -> u64 {
    a.device_ptr().unwrap_or(0)
}

/// One radix pass: digit `shift / 8` of the key (`src` 0) or of the segment id (`src` 1).
#[derive(Clone, Copy, Debug)]
struct Pass {
    src: i32,
    shift: i32,
}

/// The passes of a sort of `nseg` segments of `dtype` keys: every key byte, then every byte of
/// the largest segment id.
fn passes(dtype: DType, nseg: u64) -> Vec<Pass> {
    let mut p: Vec<Pass> = (0..dtype.itemsize() as i32)
        .map(|b| Pass {
            src: 0,
            shift: 8 * b,
        })
        .collect();
    if nseg > 1 {
        let bits = 64 - (nseg - 1).leading_zeros() as i32;
        for b in 0..(bits + 7) / 8 {
            p.push(Pass {
                src: 1,
                shift: 8 * b,
            });
        }
    }
    p
}

/// Payload width for `n` elements: 4 bytes while indices fit in 32 bits.
fn val_bytes_for(n: u64) -> usize {
    if n <= u32::MAX as u64 { 4 } else { 8 }
}

/// What travels with the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Payload {
    None,
    /// the segment id `i / seglen`
    Segment,
    /// the flat index `i`
    Index,
}

/// Radix-sorts the `n` contiguous keys of `keys` (a C-contiguous CUDA array of a real dtype) in
/// `n / seglen` segments of `seglen`. Returns the sorted keys (a new `[n]` array of the dtype)
/// and the sorted payload (a `[n]` uint32/uint64 array) when one was asked for.
fn radix_sort(keys: &Array, seglen: u64, payload: Payload) -> Result<(Array, Option<Array>)> {
    let Device::Cuda(ordinal) = keys.device() else {
        return Err(Error::unsupported(
            "sort",
            "the radix sort needs a CUDA array",
        ));
    };
    let dtype = keys.dtype();
    let n = keys.size() as u64;
    let nseg = n.checked_div(seglen).unwrap_or(0);
    let need_val = payload == Payload::Index || (payload == Payload::Segment && nseg > 1);
    let vb = if need_val { val_bytes_for(n) } else { 0 };
    let ks = Kernels::new(ordinal, dtype, vb)?;
    if n > 0 && n < ONESWEEP_MAX_N && algo() == Algo::Onesweep {
        let ps = if payload == Payload::Index || need_val {
            passes(dtype, nseg)
        } else {
            passes(dtype, 1)
        };
        let mode = if payload == Payload::Index { 0 } else { 1 };
        return onesweep(ks, keys, seglen.max(1), mode, &ps);
    }
    let dev = keys.device();
    let vdt = if vb == 8 {
        DType::UInt64
    } else {
        DType::UInt32
    };
    let kbuf = [
        Array::empty_on(&[n as usize], dtype, dev)?,
        Array::empty_on(&[n as usize], dtype, dev)?,
    ];
    let vbuf = if need_val {
        Some([
            Array::empty_on(&[n as usize], vdt, dev)?,
            Array::empty_on(&[n as usize], vdt, dev)?,
        ])
    } else {
        None
    };
    let mut ps = if payload == Payload::Index || need_val {
        passes(dtype, nseg)
    } else {
        passes(dtype, 1)
    };
    if n == 0 {
        return Ok((kbuf[0].clone(), vbuf.map(|v| v[0].clone())));
    }
    // payload init into vbuf[1] (pass 0 reads buffer 1 and writes buffer 0)
    if let Some(v) = &vbuf {
        let f = ks.function("cuprum_sort_init_vals")?;
        let mut p = dev_ptr(&v[1]);
        let mut nn = n;
        let mut sl = seglen.max(1);
        let mut mode: i32 = if payload == Payload::Index { 0 } else { 1 };
        let mut args: [*mut c_void; 4] = [
            (&mut p as *mut u64).cast(),
            (&mut nn as *mut u64).cast(),
            (&mut sl as *mut u64).cast(),
            (&mut mode as *mut i32).cast(),
        ];
        // SAFETY: (V*, u64 n, u64 seglen, int mode) as in cuprum_sort_init_vals; v[1] holds n
        // payload words of the compiled VAL_T; stream-ordered before the passes that read it.
        unsafe { launch(&f, grid_for(n), None, &mut args) }?;
    }
    let tile = BLOCK as u64 * ks.items as u64;
    let tiles = n.div_ceil(tile);
    // eight blocks per SM at most (1024 in all), each a contiguous range of whole tiles: 2^24
    // float32 keys took 729 us against 858 us with four per SM on an H200
    let sms = crate::cuda::properties(ordinal).map_or(132, |p| p.multiprocessor_count as u64);
    let tiles_per_block = tiles.div_ceil((8 * sms).clamp(1, MAX_BLOCKS));
    let per_block = tiles_per_block * tile;
    let g = n.div_ceil(per_block);
    if key::kind(dtype).is_some_and(|k| k <= 1) && dtype.itemsize() >= 2 {
        skip_constant_bytes(ks, keys, per_block, g, &mut ps)?;
    }
    if ps.is_empty() {
        // every key byte is the same: the input order is the sorted order
        return Ok((keys.copy()?.reshape(&[n as isize])?, vbuf.map(|[_, v1]| v1)));
    }
    let counts = Array::empty_on(&[256 * g as usize], DType::UInt64, dev)?;
    let totals = Array::empty_on(&[256], DType::UInt64, dev)?;
    let hist = ks.function("cuprum_radix_hist")?;
    let scan = ks.function("cuprum_sort_scan_rows")?;
    let scatter = ks.function("cuprum_radix_scatter")?;
    let div = if payload == Payload::Index {
        seglen.max(1)
    } else {
        1
    };
    let mut cp = dev_ptr(&counts);
    let mut tp = dev_ptr(&totals);
    for (i, pass) in ps.iter().enumerate() {
        let out = i % 2;
        let mut kin = if i == 0 {
            dev_ptr(keys)
        } else {
            dev_ptr(&kbuf[1 - out])
        };
        let mut kout = dev_ptr(&kbuf[out]);
        let (mut vin, mut vout) = match &vbuf {
            Some(v) => (dev_ptr(&v[1 - out]), dev_ptr(&v[out])),
            None => (0u64, 0u64),
        };
        let mut nn = n;
        let mut pb = per_block;
        let mut src = pass.src;
        let mut shift = pass.shift;
        let mut dv = Word::new(vb, div);
        let cfg = LaunchConfig {
            grid: (g as u32, 1, 1),
            block: (BLOCK, 1, 1),
            shared_mem_bytes: 0,
        };
        {
            let mut args: [*mut c_void; 8] = [
                (&mut kin as *mut u64).cast(),
                (&mut vin as *mut u64).cast(),
                (&mut nn as *mut u64).cast(),
                (&mut pb as *mut u64).cast(),
                (&mut src as *mut i32).cast(),
                (&mut shift as *mut i32).cast(),
                dv.ptr(),
                (&mut cp as *mut u64).cast(),
            ];
            // SAFETY: (const K*, const V*, u64 n, u64 per_block, int src, int shift, V div,
            // u64* counts) as in cuprum_radix_hist; `kin` holds n keys, `vin` n payloads (read
            // only when src == 1, which needs a payload), counts 256 * g words for g blocks
            // of per_block elements covering n; all buffers live until after the launch.
            unsafe { launch(&hist, cfg, None, &mut args) }?;
        }
        {
            let mut gg = g;
            let mut args: [*mut c_void; 3] = [
                (&mut cp as *mut u64).cast(),
                (&mut gg as *mut u64).cast(),
                (&mut tp as *mut u64).cast(),
            ];
            let scfg = LaunchConfig {
                grid: (256, 1, 1),
                block: (BLOCK, 1, 1),
                shared_mem_bytes: 0,
            };
            // SAFETY: (u64* counts, u64 g, u64* totals) as in cuprum_sort_scan_rows: 256 rows
            // of g words and 256 totals, one block per row.
            unsafe { launch(&scan, scfg, None, &mut args) }?;
        }
        {
            let mut args: [*mut c_void; 11] = [
                (&mut kin as *mut u64).cast(),
                (&mut kout as *mut u64).cast(),
                (&mut vin as *mut u64).cast(),
                (&mut vout as *mut u64).cast(),
                (&mut nn as *mut u64).cast(),
                (&mut pb as *mut u64).cast(),
                (&mut src as *mut i32).cast(),
                (&mut shift as *mut i32).cast(),
                dv.ptr(),
                (&mut cp as *mut u64).cast(),
                (&mut tp as *mut u64).cast(),
            ];
            // SAFETY: as cuprum_radix_scatter's parameters, in order; the scanned counts and
            // totals of this pass place every one of the n keys at a distinct position < n of
            // `kout` (and `vout`), which do not overlap the inputs (ping-pong buffers, the
            // caller's array only ever read).
            unsafe { launch(&scatter, cfg, None, &mut args) }?;
        }
    }
    let out = (ps.len() - 1) % 2;
    let [k0, k1] = kbuf;
    let keys_out = if out == 0 { k0 } else { k1 };
    let vals_out = vbuf.map(|[v0, v1]| if out == 0 { v0 } else { v1 });
    Ok((keys_out, vals_out))
}

/// The sort algorithm of the CUDA radix sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Algo {
    /// one histogram launch for every pass, then one launch a pass with a decoupled look-back
    Onesweep,
    /// three launches a pass (histogram, scan, scatter)
    Lsd,
}

#[cfg(test)]
thread_local! {
    /// The algorithm the tests of this thread force (both are tested on every case).
    static FORCED: std::cell::Cell<Option<Algo>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with the CUDA sort forced to `a` on this thread (tests).
#[cfg(test)]
pub(crate) fn with_algo<R>(a: Algo, f: impl FnOnce() -> R) -> R {
    FORCED.with(|c| c.set(Some(a)));
    let r = f();
    FORCED.with(|c| c.set(None));
    r
}

/// The algorithm: onesweep, or the LSD sort with `CUPRUM_SORT_ALGO=lsd` (read once).
/// Onesweep is the default since 8b4c1b3: its tests pass on the H200 and it was faster than the
/// LSD sort on all eight sort/argsort rows of 2^24 keys (float32 sort 707 µs against 803 µs,
/// argsort 1.04 ms against 1.41 ms, both with 64-byte tiles; docs/benchmarks/h200-core.md has
/// the rows at today's tiles).
fn algo() -> Algo {
    #[cfg(test)]
    if let Some(a) = FORCED.with(|c| c.get()) {
        return a;
    }
    static A: OnceLock<Algo> = OnceLock::new();
    *A.get_or_init(|| match std::env::var("CUPRUM_SORT_ALGO") {
        Ok(v) if v.eq_ignore_ascii_case("lsd") => Algo::Lsd,
        _ => Algo::Onesweep,
    })
}

/// Onesweep sorts fewer than 2^30 keys: a status word holds a 30-bit count (the LSD sort takes
/// larger arrays).
const ONESWEEP_MAX_N: u64 = 1 << 30;

/// The onesweep sort of the `n` (`0 < n < 2^30`) keys of `keys` by the passes `ps` (key bytes
/// first, then segment-id bytes of `seglen`-element segments); `mode` makes the initial
/// payload (0: the index, 1: the segment id) when the specialization carries one. Launches:
/// one memset of the workspace, the histogram of every key byte, the per-pass scans (and skip
/// flags), then one kernel a pass; the sorted keys (and payload) end in new arrays.
fn onesweep(
    ks: &Kernels,
    keys: &Array,
    seglen: u64,
    mode: i32,
    ps: &[Pass],
) -> Result<(Array, Option<Array>)> {
    let dtype = keys.dtype();
    let dev = keys.device();
    let n = keys.size() as u64;
    let np = ps.len() as u64;
    let nkey = ps.iter().filter(|p| p.src == 0).count() as u64;
    let tile = BLOCK as u64 * ks.os_items as u64;
    let tiles = n.div_ceil(tile);
    // workspace in u32 words: 16 tile counters (one a pass), the key bytes' histograms and the
    // passes' digit bases (u64 each), 16 skip flags, then every pass's tiles * 256 status words
    let hist_off = 16u64;
    let bins_off = hist_off + 512 * nkey;
    let skip_off = bins_off + 512 * np;
    let status_off = skip_off + 16;
    let per_pass = tiles * 256;
    let words = per_pass
        .checked_mul(np)
        .and_then(|w| w.checked_add(status_off))
        .and_then(|w| usize::try_from(w).ok())
        .ok_or_else(|| {
            Error::invalid_value("sort", format!("{n} keys: onesweep workspace too large"))
        })?;
    // one memset zeroes counters, histograms, flags and status words of every pass
    let ws = crate::creation::zeros_on(&[words], DType::UInt32, dev)?;
    let wp = dev_ptr(&ws);
    let at = |off: u64| wp + 4 * off;
    let sms = crate::cuda::properties(ks.ordinal).map_or(132, |p| p.multiprocessor_count as u64);
    let block = |grid: u64| LaunchConfig {
        grid: (grid as u32, 1, 1),
        block: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    };
    let mut nn = n;
    let mut kx = dev_ptr(keys);
    if nkey > 0 {
        let f = ks.function("cuprum_onesweep_hist")?;
        let mut hp = at(hist_off);
        let mut args: [*mut c_void; 3] = [
            (&mut kx as *mut u64).cast(),
            (&mut nn as *mut u64).cast(),
            (&mut hp as *mut u64).cast(),
        ];
        // SAFETY: (const K*, u64 n, u64* hist) as in cuprum_onesweep_hist: `keys` holds n keys,
        // hist sizeof(K) * 256 zeroed u64 words (nkey == sizeof(K)) 8-byte aligned inside `ws`.
        unsafe { launch(&f, block(tiles.min(3 * sms)), None, &mut args) }?;
    }
    {
        let f = ks.function("cuprum_onesweep_scan")?;
        let mut hp = at(hist_off);
        let mut bp = at(bins_off);
        let mut sp = at(skip_off);
        let mut sl = seglen;
        let mut nk = nkey as i32;
        let mut args: [*mut c_void; 6] = [
            (&mut hp as *mut u64).cast(),
            (&mut bp as *mut u64).cast(),
            (&mut sp as *mut u64).cast(),
            (&mut nn as *mut u64).cast(),
            (&mut sl as *mut u64).cast(),
            (&mut nk as *mut i32).cast(),
        ];
        // SAFETY: (const u64* hist, u64* bins, u32* skip, u64 n, u64 seglen, int nkey) as in
        // cuprum_onesweep_scan: np blocks read nkey * 256 histogram words and write np * 256
        // bases and np <= 16 flags, all inside `ws`; seglen >= 1 divides n when np > nkey.
        unsafe { launch(&f, block(np), None, &mut args) }?;
    }
    // the output and ping-pong buffers are allocated while the histogram runs (their host
    // time was part of the GPU's wait before the first kernel)
    let ka = Array::empty_on(&[n as usize], dtype, dev)?;
    let kb = Array::empty_on(&[n as usize], dtype, dev)?;
    let vb = ks.val_bytes;
    let vbuf = if vb > 0 {
        let vdt = if vb == 8 {
            DType::UInt64
        } else {
            DType::UInt32
        };
        Some([
            Array::empty_on(&[n as usize], vdt, dev)?,
            Array::empty_on(&[n as usize], vdt, dev)?,
        ])
    } else {
        None
    };
    let f = ks.function("cuprum_onesweep_pass")?;
    let (mut ka_p, mut kb_p) = (dev_ptr(&ka), dev_ptr(&kb));
    let (mut va_p, mut vb_p) = match &vbuf {
        Some(v) => (dev_ptr(&v[0]), dev_ptr(&v[1])),
        None => (0u64, 0u64),
    };
    let mut sl = seglen;
    let mut md = mode;
    let mut npass = np as i32;
    let mut sp = at(skip_off);
    for (i, pass) in ps.iter().enumerate() {
        let mut pi = i as i32;
        let mut src = pass.src;
        let mut shift = pass.shift;
        let mut dv = Word::new(vb, if mode == 0 { seglen } else { 1 });
        let mut cp = at(i as u64);
        let mut stp = at(status_off + i as u64 * per_pass);
        let mut bp = at(bins_off + 512 * i as u64);
        let mut args: [*mut c_void; 17] = [
            (&mut kx as *mut u64).cast(),
            (&mut ka_p as *mut u64).cast(),
            (&mut kb_p as *mut u64).cast(),
            (&mut va_p as *mut u64).cast(),
            (&mut vb_p as *mut u64).cast(),
            (&mut nn as *mut u64).cast(),
            (&mut sl as *mut u64).cast(),
            (&mut md as *mut i32).cast(),
            (&mut pi as *mut i32).cast(),
            (&mut npass as *mut i32).cast(),
            (&mut src as *mut i32).cast(),
            (&mut shift as *mut i32).cast(),
            dv.ptr(),
            (&mut sp as *mut u64).cast(),
            (&mut cp as *mut u64).cast(),
            (&mut stp as *mut u64).cast(),
            (&mut bp as *mut u64).cast(),
        ];
        let cfg = LaunchConfig {
            shared_mem_bytes: ks.os_smem,
            ..block(tiles)
        };
        // SAFETY: as cuprum_onesweep_pass's parameters, in order. `keys` (only read) and the
        // ping-pong buffers ka/kb (va/vb, null without a payload) hold n elements each and do
        // not overlap; the scanned bases of this pass place every key at a distinct position
        // < n; `tiles` blocks take the tiles 0..tiles of this pass's zeroed counter, status
        // words (tiles * 256) and bases (256), all inside `ws`, which lives past the launch;
        // the dynamic shared memory is the tile's keys, payloads and digits (os_smem).
        unsafe { launch(&f, cfg, None, &mut args) }?;
    }
    Ok((ka, vbuf.map(|[a, _]| a)))
}

/// Lets `f` take `bytes` of dynamic shared memory a block (past the default 48 KiB) and asks
/// for the largest shared-memory carveout, so that several large tiles fit an SM.
fn set_dynamic_shared(f: &Function, bytes: u32) -> Result<()> {
    use cudarc::driver::sys;
    let attr = |a: sys::CUfunction_attribute, v: i32| {
        // SAFETY: `f` is a loaded kernel of a live module; the attributes take plain integers
        // (bytes, and a percentage for the carveout) that the driver validates.
        unsafe { sys::cuFuncSetAttribute(f.raw(), a, v) }
            .result()
            .map_err(|e| crate::Error::from(crate::cuda::driver::drv("cuFuncSetAttribute", e)))
    };
    attr(
        sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        bytes as i32,
    )?;
    attr(
        sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
        100,
    )
}

/// Drops the key passes of `ps` whose byte is the same in every key of `keys` (one launch that
/// histograms every byte at once, then a 2 KiB read-back). Integer keys only: their high bytes
/// are often constant, float exponents rarely are.
fn skip_constant_bytes(
    ks: &Kernels,
    keys: &Array,
    per_block: u64,
    g: u64,
    ps: &mut Vec<Pass>,
) -> Result<()> {
    let dtype = keys.dtype();
    let kb = dtype.itemsize();
    let n = keys.size() as u64;
    let counts = crate::creation::zeros_on(&[kb * 256], DType::UInt64, keys.device())?;
    let f = ks.function("cuprum_radix_hist_all")?;
    let mut kp = dev_ptr(keys);
    let mut nn = n;
    let mut pb = per_block;
    let mut cp = dev_ptr(&counts);
    let mut args: [*mut c_void; 4] = [
        (&mut kp as *mut u64).cast(),
        (&mut nn as *mut u64).cast(),
        (&mut pb as *mut u64).cast(),
        (&mut cp as *mut u64).cast(),
    ];
    let cfg = LaunchConfig {
        grid: (g as u32, 1, 1),
        block: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    };
    // SAFETY: (const K*, u64 n, u64 per_block, u64* counts) as in cuprum_radix_hist_all; keys
    // hold n elements covered by g blocks of per_block, counts holds sizeof(K) * 256 zeroed
    // words; both outlive the stream-ordered launch.
    unsafe { launch(&f, cfg, None, &mut args) }?;
    let h = counts.to_vec::<u64>()?;
    ps.retain(|p| {
        p.src != 0 || {
            let row = &h[(p.shift as usize / 8) * 256..][..256];
            !row.contains(&n)
        }
    });
    Ok(())
}

/// CUDA `sort` of C-contiguous lanes `l` (last axis sorted): a new C-contiguous array.
pub(crate) fn sort_lanes(l: &Array) -> Result<Array> {
    let n = l.shape().last().copied().unwrap_or(1) as u64;
    if l.size() == 0 || n <= 1 {
        return l.copy();
    }
    let (k, _) = radix_sort(l, n, Payload::Segment)?;
    k.reshape(&shape_isize(l.shape()))
}

fn shape_isize(s: &[usize]) -> Vec<isize> {
    s.iter().map(|&x| x as isize).collect()
}

fn launch_index_out(vals: &Array, out: &Array, seglen: u64) -> Result<()> {
    let Device::Cuda(ordinal) = vals.device() else {
        return Err(Error::unsupported("argsort", "needs CUDA arrays"));
    };
    let vb = vals.dtype().itemsize();
    let ks = Kernels::new(ordinal, DType::UInt8, vb)?;
    let f = ks.function("cuprum_sort_index_out")?;
    let mut n = out.size() as u64;
    let mut vp = dev_ptr(vals);
    let mut op = dev_ptr(out);
    let mut sl = seglen.max(1);
    let mut args: [*mut c_void; 4] = [
        (&mut vp as *mut u64).cast(),
        (&mut op as *mut u64).cast(),
        (&mut n as *mut u64).cast(),
        (&mut sl as *mut u64).cast(),
    ];
    // SAFETY: (const V*, i64*, u64 n, u64 seglen) as in cuprum_sort_index_out with VAL_T of
    // `vals`' width; both arrays hold n elements and outlive the stream-ordered launch.
    unsafe { launch(&f, grid_for(n), None, &mut args) }
}

/// CUDA `argsort` of C-contiguous lanes `l`: int64 indices within each lane, `l`'s shape.
pub(crate) fn argsort_lanes(l: &Array) -> Result<Array> {
    let n = l.shape().last().copied().unwrap_or(1) as u64;
    let out = Array::empty_on(l.shape(), DType::Int64, l.device())?;
    if l.size() == 0 {
        return Ok(out);
    }
    if n <= 1 {
        return crate::creation::zeros_on(l.shape(), DType::Int64, l.device());
    }
    let (_, v) = radix_sort(l, n, Payload::Index)?;
    let v = v.ok_or_else(|| Error::unsupported("argsort", "radix sort returned no payload"))?;
    launch_index_out(&v, &out, n)?;
    Ok(out)
}

/// CUDA `searchsorted` of the C-contiguous `q` into the sorted C-contiguous 1-D `a` (same real
/// dtype): int64 with `q`'s shape.
pub(crate) fn searchsorted(a: &Array, q: &Array, right: bool) -> Result<Array> {
    let Device::Cuda(ordinal) = a.device() else {
        return Err(Error::unsupported("searchsorted", "needs CUDA arrays"));
    };
    let out = Array::empty_on(q.shape(), DType::Int64, q.device())?;
    let mut nq = q.size() as u64;
    if nq == 0 {
        return Ok(out);
    }
    let ks = Kernels::new(ordinal, a.dtype(), 0)?;
    let f = ks.function("cuprum_searchsorted")?;
    let mut ap = dev_ptr(a);
    let mut na = a.size() as u64;
    let mut qp = dev_ptr(q);
    let mut r: i32 = i32::from(right);
    let mut op = dev_ptr(&out);
    let mut args: [*mut c_void; 6] = [
        (&mut ap as *mut u64).cast(),
        (&mut na as *mut u64).cast(),
        (&mut qp as *mut u64).cast(),
        (&mut nq as *mut u64).cast(),
        (&mut r as *mut i32).cast(),
        (&mut op as *mut u64).cast(),
    ];
    // SAFETY: (const K*, u64 na, const K*, u64 nq, int right, i64*) as in cuprum_searchsorted
    // with KEY_T of the common dtype of `a` and `q`; `a` holds na keys, `q` nq keys and `out`
    // nq int64s, all alive until after the stream-ordered launch.
    unsafe { launch(&f, grid_for(nq), None, &mut args) }?;
    Ok(out)
}

/// CUDA parts of [`super::Unique`]: sorted unique values, first indices, inverse (flat) and
/// counts of the flattened C-contiguous `flat`.
pub(crate) struct UniqueParts {
    pub values: Array,
    pub indices: Option<Array>,
    pub inverse: Option<Array>,
    pub counts: Option<Array>,
}

/// CUDA `unique` of a flat C-contiguous array: radix sort (with the flat index as payload when
/// indices or the inverse are asked for), then flag the starts of runs of equal keys, count
/// them per block, scan, and compact.
pub(crate) fn unique(
    flat: &Array,
    return_index: bool,
    return_inverse: bool,
    return_counts: bool,
) -> Result<UniqueParts> {
    let Device::Cuda(ordinal) = flat.device() else {
        return Err(Error::unsupported("unique", "needs a CUDA array"));
    };
    let dev = flat.device();
    let dtype = flat.dtype();
    let n = flat.size() as u64;
    let want_val = return_index || return_inverse;
    let empty_i64 = |k: usize| Array::empty_on(&[k], DType::Int64, dev);
    if n == 0 {
        return Ok(UniqueParts {
            values: Array::empty_on(&[0], dtype, dev)?,
            indices: if return_index {
                Some(empty_i64(0)?)
            } else {
                None
            },
            inverse: if return_inverse {
                Some(empty_i64(0)?)
            } else {
                None
            },
            counts: if return_counts {
                Some(empty_i64(0)?)
            } else {
                None
            },
        });
    }
    let (keys, vals) = radix_sort(
        flat,
        n,
        if want_val {
            Payload::Index
        } else {
            Payload::None
        },
    )?;
    let vb = vals.as_ref().map_or(0, |v| v.dtype().itemsize());
    let ks = Kernels::new(ordinal, dtype, vb)?;
    let per_block = n.div_ceil(MAX_BLOCKS).div_ceil(BLOCK as u64) * BLOCK as u64;
    let g = n.div_ceil(per_block);
    let bcounts = Array::empty_on(&[g as usize], DType::UInt64, dev)?;
    let total = Array::empty_on(&[1], DType::UInt64, dev)?;
    let cfg = LaunchConfig {
        grid: (g as u32, 1, 1),
        block: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    };
    let mut kp = dev_ptr(&keys);
    let mut nn = n;
    let mut pb = per_block;
    let mut bp = dev_ptr(&bcounts);
    {
        let f = ks.function("cuprum_unique_count")?;
        let mut args: [*mut c_void; 4] = [
            (&mut kp as *mut u64).cast(),
            (&mut nn as *mut u64).cast(),
            (&mut pb as *mut u64).cast(),
            (&mut bp as *mut u64).cast(),
        ];
        // SAFETY: (const K*, u64 n, u64 per_block, u64* counts) as in cuprum_unique_count; keys
        // hold n elements, counts g words for the g launched blocks.
        unsafe { launch(&f, cfg, None, &mut args) }?;
    }
    {
        let f = ks.function("cuprum_sort_scan_rows")?;
        let mut gg = g;
        let mut tp = dev_ptr(&total);
        let mut args: [*mut c_void; 3] = [
            (&mut bp as *mut u64).cast(),
            (&mut gg as *mut u64).cast(),
            (&mut tp as *mut u64).cast(),
        ];
        let scfg = LaunchConfig {
            grid: (1, 1, 1),
            block: (BLOCK, 1, 1),
            shared_mem_bytes: 0,
        };
        // SAFETY: one row of g words scanned in place, its sum written to `total` (1 word).
        unsafe { launch(&f, scfg, None, &mut args) }?;
    }
    let k = total.to_vec::<u64>()?[0] as usize;
    let values = Array::empty_on(&[k], dtype, dev)?;
    let starts = empty_i64(k)?;
    let indices = if return_index {
        Some(empty_i64(k)?)
    } else {
        None
    };
    let inverse = if return_inverse {
        Some(empty_i64(n as usize)?)
    } else {
        None
    };
    {
        let f = ks.function("cuprum_unique_write")?;
        let mut vp = vals.as_ref().map_or(0, dev_ptr);
        let mut up = dev_ptr(&values);
        let mut sp = dev_ptr(&starts);
        let mut fp = indices.as_ref().map_or(0, dev_ptr);
        let mut ip = inverse.as_ref().map_or(0, dev_ptr);
        let mut args: [*mut c_void; 9] = [
            (&mut kp as *mut u64).cast(),
            (&mut vp as *mut u64).cast(),
            (&mut nn as *mut u64).cast(),
            (&mut pb as *mut u64).cast(),
            (&mut bp as *mut u64).cast(),
            (&mut up as *mut u64).cast(),
            (&mut sp as *mut u64).cast(),
            (&mut fp as *mut u64).cast(),
            (&mut ip as *mut u64).cast(),
        ];
        // SAFETY: as cuprum_unique_write's parameters in order; keys/vals hold n elements (vals
        // a permutation of 0..n, so `inv[vals[i]]` stays inside the n-element inverse), the
        // scanned block counts place the k run starts at distinct positions < k of values,
        // starts and first; null pointers only for outputs not asked for (or vals when neither
        // first nor inv is written).
        unsafe { launch(&f, cfg, None, &mut args) }?;
    }
    let counts = if return_counts {
        let c = empty_i64(k)?;
        if k > 0 {
            let f = ks.function("cuprum_unique_counts")?;
            let mut sp = dev_ptr(&starts);
            let mut kk = k as u64;
            let mut cp = dev_ptr(&c);
            let mut args: [*mut c_void; 4] = [
                (&mut sp as *mut u64).cast(),
                (&mut kk as *mut u64).cast(),
                (&mut nn as *mut u64).cast(),
                (&mut cp as *mut u64).cast(),
            ];
            // SAFETY: (const i64* starts, u64 k, u64 n, i64* counts) as in cuprum_unique_counts;
            // both arrays hold k elements.
            unsafe { launch(&f, grid_for(kk), None, &mut args) }?;
        }
        Some(c)
    } else {
        None
    };
    Ok(UniqueParts {
        values,
        indices,
        inverse,
        counts,
    })
}

/// NVRTC options of every specialization the CUDA sort can ask for (compile test).
#[cfg(test)]
pub(crate) fn all_specializations() -> Vec<(String, Vec<String>)> {
    let mut v = vec![];
    for dtype in DType::ALL {
        if key::kind(dtype).is_none() {
            continue;
        }
        for vb in [0usize, 4, 8] {
            let (o, _, _) = Kernels::options(dtype, vb).expect("real dtype");
            v.push((format!("{dtype} payload {vb}"), o));
        }
    }
    v
}

#[cfg(test)]
pub(crate) fn full_source() -> &'static str {
    source()
}
