// Sorting and searching on the GPU: two LSD radix sorts with 8-bit digits that rank a tile's
// keys per warp with nine ballots and reorder the tile through shared memory before a stable
// scatter: onesweep (one histogram launch for every pass, then one launch a pass whose blocks
// find their offsets by a decoupled look-back over earlier tiles; the default) and the older
// reduce-then-scan sort (per pass: per-block digit histograms, a scan over (digit, block), the
// scatter); searchsorted and the flag-and-compact steps of unique. Prepended with common.cuh;
// compiled only through the NVRTC cache.
//
// Defines (from crates/cuprum-core/src/sort/cuda.rs):
//   KEY_T   the raw storage word of the dtype (u8, u16, u32, u64); keys move as raw bits, so
//           NaN payloads and the sign of zero survive the sort
//   KIND    0 unsigned, 1 signed, 2 float16, 3 bfloat16, 4 float32, 5 float64, 6 bool
//   HAS_VAL 1 when a payload travels with the keys (segment ids or element indices)
//   VAL_T   the payload word (u32 or u64) when HAS_VAL is 1
//   ITEMS   keys per thread per tile of the LSD sort
//   OS_ITEMS keys per thread per tile of onesweep (default ITEMS)
//   OS_MINB  onesweep's __launch_bounds__ minimum of resident blocks (default 4)
//
// The order is NumPy's: `canon` maps a key to an unsigned word whose unsigned order is the
// dtype's order with every NaN last (all NaNs equal) and -0.0 equal to +0.0 (so a stable sort
// keeps their input order). `sort/key.rs` is the Rust model of `canon`, tested on the CPU.

#ifndef HAS_VAL
#define HAS_VAL 0
#endif
#if !HAS_VAL
#undef VAL_T
#define VAL_T u32
#endif

#define SORT_BLOCK 256
#define SORT_NWARP (SORT_BLOCK / 32)
#define SORT_RADIX 256
#define SORT_TILE (SORT_BLOCK * ITEMS)
// onesweep's keys a thread (its tiles are larger than the LSD sort's: fewer look-back steps)
#ifndef OS_ITEMS
#define OS_ITEMS ITEMS
#endif
#define OS_TILE (SORT_BLOCK * OS_ITEMS)
// the declaration of onesweep's dynamic shared memory (tools/sort-sim gives a static array)
#ifndef OS_SMEM_DECL
#define OS_SMEM_DECL extern __shared__ __align__(16) unsigned char os_smem[]
#endif
// onesweep's least resident blocks an SM (its register budget: 65536 / (256 * OS_MINB))
#ifndef OS_MINB
#define OS_MINB 4
#endif

typedef KEY_T K;
typedef VAL_T V;

#if KIND == 2
#define SORT_INF 0x7c00ull
#elif KIND == 3
#define SORT_INF 0x7f80ull
#elif KIND == 4
#define SORT_INF 0x7f800000ull
#elif KIND == 5
#define SORT_INF 0x7ff0000000000000ull
#endif

__device__ __forceinline__ K canon(K x) {
#if KIND == 0
    return x;
#elif KIND == 1
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    return (K)(x ^ sign);
#elif KIND == 6
    return x != (K)0 ? (K)1 : (K)0;
#else
    // negative numbers map to sign - mag (so -0.0 meets +0.0 at `sign`), the rest to
    // sign + mag with every NaN clamped to one key just above +inf: one select. On the H200
    // (2^24 keys) the branchy form (NaN -> all ones, zero -> sign, negative -> ~x, else
    // x | sign) cost 2-3 us more a pass and slowed the histogram kernel.
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    const K mag = (K)(x & (K)(~sign));
    const K top = (K)((K)SORT_INF + (K)1);
    const K m2 = mag < top ? mag : top;
    return ((x & sign) && mag <= (K)SORT_INF) ? (K)(sign - mag) : (K)(sign + m2);
#endif
}

// The lanes of the warp whose `d` (a digit, or 256 for an idle lane) equals this lane's:
// nine ballots, one per bit. `__match_any_sync` gives the same mask but is a slow instruction
// on sm_90 (it made the histogram and scatter kernels several times slower than memory);
// -DSORT_MATCH_ANY selects it for comparison.
__device__ __forceinline__ u32 digit_peers(u32 d) {
#ifdef SORT_MATCH_ANY
    return __match_any_sync(0xffffffffu, d);
#else
    u32 m = 0xffffffffu;
#pragma unroll
    for (int b = 0; b < 9; ++b) {
        const u32 bit = (d >> b) & 1u;
        const u32 v = __ballot_sync(0xffffffffu, bit);
        m &= bit ? v : ~v;
    }
    return m;
#endif
}

// digit_peers of the first `nbits` bits only: 8 suffice when no lane of the warp is idle (a
// full tile), sparing one ballot in nine.
__device__ __forceinline__ u32 digit_peers_bits(u32 d, int nbits) {
    u32 m = 0xffffffffu;
#pragma unroll
    for (int b = 0; b < 9; ++b) {
        if (b < nbits) {
            const u32 bit = (d >> b) & 1u;
            const u32 v = __ballot_sync(0xffffffffu, bit);
            m &= bit ? v : ~v;
        }
    }
    return m;
}

// Digit `shift / 8` of the key (src 0) or of the segment id `payload / div` (src 1).
__device__ __forceinline__ u32 digit_of(K k, V v, int src, int shift, V div) {
    if (src == 0) return (u32)((canon(k) >> shift) & (K)0xff);
    V s = div == (V)1 ? v : (V)(v / div);
    return (u32)((s >> shift) & (V)0xff);
}

// Exclusive scan of one value per thread over the block (blockDim.x == SORT_BLOCK); `ws` holds
// SORT_NWARP words of shared memory; `*total` (when not null) gets the sum of all values.
template <class T>
__device__ __forceinline__ T block_exscan(T x, T* ws, T* total) {
    const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    T s = x;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        T y = __shfl_up_sync(0xffffffffu, s, o);
        if (lane >= o) s += y;
    }
    if (lane == 31) ws[w] = s;
    __syncthreads();
    T pre = 0, all = 0;
#pragma unroll
    for (int i = 0; i < SORT_NWARP; ++i) {
        T t = ws[i];
        if (i < w) pre += t;
        all += t;
    }
    __syncthreads();
    if (total) *total = all;
    return pre + s - x;
}

// The range of elements block `b` owns: `per_block` tiles from its start.
__device__ __forceinline__ void block_range(unsigned long long n, unsigned long long per_block,
                                            unsigned long long* start, unsigned long long* end) {
    unsigned long long s = (unsigned long long)blockIdx.x * per_block;
    unsigned long long e = s + per_block;
    if (s > n) s = n;
    if (e > n) e = n;
    *start = s;
    *end = e;
}

// Payload initialisation: mode 0 the element index, mode 1 its segment id `i / seglen`.
extern "C" __global__ void cuprum_sort_init_vals(V* __restrict__ vals, unsigned long long n,
                                                 unsigned long long seglen, int mode) {
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        vals[i] = (V)(mode == 0 ? i : i / seglen);
    }
}

// Per-block digit histograms: counts[d * gridDim.x + b].
extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_radix_hist(const K* __restrict__ keys, const V* __restrict__ vals, unsigned long long n,
                  unsigned long long per_block, int src, int shift, V div,
                  unsigned long long* __restrict__ counts) {
    __shared__ u32 h[SORT_NWARP][SORT_RADIX];
    for (int i = threadIdx.x; i < SORT_NWARP * SORT_RADIX; i += SORT_BLOCK) (&h[0][0])[i] = 0u;
    __syncthreads();
    const int w = threadIdx.x >> 5;
    unsigned long long start, end;
    block_range(n, per_block, &start, &end);
    for (unsigned long long base = start; base < end; base += SORT_TILE) {
        K k[ITEMS];
        V v[ITEMS];
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            k[j] = (K)0;
            v[j] = (V)0;
            if (i < end) {
                if (src == 0) k[j] = keys[i];
                else v[j] = vals[i];
            }
        }
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            // one shared-memory atomic per key into the warp's own histogram: on sm_90 this is
            // faster than counting equal digits once (ballots or __match_any_sync), even for
            // low-entropy bytes (measured: 40 us a pass of 2^24 float32 keys either way)
            unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            const bool ok = i < end;
            const u32 d = ok ? digit_of(k[j], v[j], src, shift, div) : (u32)SORT_RADIX;
            if (ok) atomicAdd(&h[w][d], 1u);
        }
    }
    __syncthreads();
    for (int d = threadIdx.x; d < SORT_RADIX; d += SORT_BLOCK) {
        unsigned long long s = 0;
#pragma unroll
        for (int ww = 0; ww < SORT_NWARP; ++ww) s += h[ww][d];
        counts[(unsigned long long)d * gridDim.x + blockIdx.x] = s;
    }
}

// Histograms of every key byte at once (row b: digit b of canon(key)), summed over blocks with
// 64-bit atomics into the zeroed `counts` (sizeof(K) rows of 256). The host reads them to skip
// passes whose digit is the same for every key (the high bytes of small integers).
extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_radix_hist_all(const K* __restrict__ keys, unsigned long long n, unsigned long long per_block,
                      unsigned long long* __restrict__ counts) {
    __shared__ u32 h[sizeof(K)][SORT_RADIX];
    for (int i = threadIdx.x; i < (int)sizeof(K) * SORT_RADIX; i += SORT_BLOCK) (&h[0][0])[i] = 0u;
    __syncthreads();
    unsigned long long start, end;
    block_range(n, per_block, &start, &end);
    for (unsigned long long base = start; base < end; base += SORT_TILE) {
        K k[ITEMS];
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            k[j] = i < end ? canon(keys[i]) : (K)0;
        }
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            const bool ok = i < end;
#pragma unroll
            for (int b = 0; b < (int)sizeof(K); ++b) {
                const u32 d = ok ? (u32)((k[j] >> (8 * b)) & (K)0xff) : (u32)SORT_RADIX;
                if (ok) atomicAdd(&h[b][d], 1u);
            }
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < (int)sizeof(K) * SORT_RADIX; i += SORT_BLOCK) {
        const u32 c = (&h[0][0])[i];
        if (c) atomicAdd(counts + i, (unsigned long long)c);
    }
}

// Block `r` scans row r of counts (`g` words) in place to exclusive prefix sums and writes the
// row's sum to totals[r]. Launched with SORT_BLOCK threads.
extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_sort_scan_rows(unsigned long long* __restrict__ counts, unsigned long long g,
                      unsigned long long* __restrict__ totals) {
    __shared__ unsigned long long ws[SORT_NWARP];
    unsigned long long* c = counts + (unsigned long long)blockIdx.x * g;
    unsigned long long carry = 0;
    for (unsigned long long base = 0; base < g; base += SORT_BLOCK) {
        unsigned long long i = base + threadIdx.x;
        unsigned long long x = i < g ? c[i] : 0ull;
        unsigned long long all = 0;
        unsigned long long ex = block_exscan<unsigned long long>(x, ws, &all);
        if (i < g) c[i] = carry + ex;
        carry += all;
    }
    if (threadIdx.x == 0) totals[blockIdx.x] = carry;
}

// One stable counting-sort pass by digit (src, shift): block b moves its range of `kin`/`vin`
// to the positions given by the scanned counts (row-major (digit, block)) and the digit totals.
// At least four blocks an SM (at most 64 registers a thread): 150 -> 143 us a pass of 2^24
// float32 keys on an H200, against three blocks at the compiler's own choice.
#ifndef SORT_MINB
#define SORT_MINB 4
#endif
extern "C" __global__ void __launch_bounds__(SORT_BLOCK, SORT_MINB)
cuprum_radix_scatter(const K* __restrict__ kin, K* __restrict__ kout, const V* __restrict__ vin,
                     V* __restrict__ vout, unsigned long long n, unsigned long long per_block,
                     int src, int shift, V div, const unsigned long long* __restrict__ counts,
                     const unsigned long long* __restrict__ totals) {
    __shared__ u32 wc[SORT_NWARP][SORT_RADIX];
    __shared__ unsigned long long run[SORT_RADIX];
    __shared__ u32 tstart[SORT_RADIX];
    __shared__ u32 ttot[SORT_RADIX];
    __shared__ unsigned long long ws64[SORT_NWARP];
    __shared__ u32 ws32[SORT_NWARP];
    __shared__ K sk[SORT_TILE];
    __shared__ unsigned char sd[SORT_TILE];
#if HAS_VAL
    __shared__ V sv[SORT_TILE];
#endif
    const int tid = threadIdx.x;
    const int lane = tid & 31, w = tid >> 5;
    const u32 lt = (1u << lane) - 1u;
    {
        // SORT_BLOCK == SORT_RADIX: thread t owns digit t.
        unsigned long long tot = totals[tid];
        unsigned long long base = block_exscan<unsigned long long>(tot, ws64, (unsigned long long*)0);
        run[tid] = base + counts[(unsigned long long)tid * gridDim.x + blockIdx.x];
    }
    unsigned long long start, end;
    block_range(n, per_block, &start, &end);
    for (unsigned long long base = start; base < end; base += SORT_TILE) {
        unsigned long long left = end - base;
        const u32 cnt = left < (unsigned long long)SORT_TILE ? (u32)left : (u32)SORT_TILE;
        for (int i = tid; i < SORT_NWARP * SORT_RADIX; i += SORT_BLOCK) (&wc[0][0])[i] = 0u;
        __syncthreads();
        K k[ITEMS];
        V v[ITEMS];
        u32 dr[ITEMS];  // digit | (rank among the warp's keys of that digit) << 16
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const u32 li = (u32)w * 32u * ITEMS + (u32)j * 32u + (u32)lane;
            k[j] = (K)0;
            v[j] = (V)0;
            if (li < cnt) {
                k[j] = kin[base + li];
#if HAS_VAL
                v[j] = vin[base + li];
#endif
            }
        }
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const u32 li = (u32)w * 32u * ITEMS + (u32)j * 32u + (u32)lane;
            const bool ok = li < cnt;
            const u32 dj = ok ? digit_of(k[j], v[j], src, shift, div) : (u32)SORT_RADIX;
            const u32 peers = digit_peers(dj);
            const int leader = 31 - __clz((int)peers);
            // one atomic per distinct digit (by its highest lane), broadcast to its peers; the
            // atomic's returned value orders it before the next iteration's
            u32 before = 0u;
            if (ok && lane == leader) before = atomicAdd(&wc[w][dj], (u32)__popc(peers));
            before = __shfl_sync(0xffffffffu, before, leader);
            dr[j] = dj | ((before + (u32)__popc(peers & lt)) << 16);
        }
        __syncthreads();
        {
            u32 s = 0;
#pragma unroll
            for (int ww = 0; ww < SORT_NWARP; ++ww) {
                u32 c = wc[ww][tid];
                wc[ww][tid] = s;
                s += c;
            }
            ttot[tid] = s;
            tstart[tid] = block_exscan<u32>(s, ws32, (u32*)0);
        }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const u32 li = (u32)w * 32u * ITEMS + (u32)j * 32u + (u32)lane;
            if (li < cnt) {
                const u32 dj = dr[j] & 0xffffu;
                const u32 pos = tstart[dj] + wc[w][dj] + (dr[j] >> 16);
                sk[pos] = k[j];
                sd[pos] = (unsigned char)dj;
#if HAS_VAL
                sv[pos] = v[j];
#endif
            }
        }
        __syncthreads();
        for (u32 i = (u32)tid; i < cnt; i += SORT_BLOCK) {
            const u32 dd = sd[i];
            const unsigned long long g = run[dd] + (unsigned long long)(i - tstart[dd]);
            kout[g] = sk[i];
#if HAS_VAL
            vout[g] = sv[i];
#endif
        }
        __syncthreads();
        run[tid] += ttot[tid];
        __syncthreads();
    }
}

// ---- Onesweep (Adinets & Merrill 2022; CUB's DeviceRadixSort onesweep path) ----
//
// A sort is: one cuMemset of a workspace (tile counters, histograms, skip flags and the status
// words of every pass), `cuprum_onesweep_hist` (the digit histograms of every key byte from
// one read of the keys), `cuprum_onesweep_scan` (per pass: the exclusive scan of its 256
// counts, the segment-id passes' counts computed in closed form, and the pass's skip flag when
// one digit holds every key), then one `cuprum_onesweep_pass` launch per pass.
//
// Status words (one per (tile, digit) and pass, zeroed): bit 30 "aggregate": bits 0..29 hold
// the tile's count of the digit; bit 31 "inclusive": bits 0..29 hold the count of the digit
// in this tile and every earlier tile of the pass. A zero word: not published yet. n < 2^30
// (the host takes the LSD path above), so every count fits in 30 bits.
#define OS_AGG 0x40000000u
#define OS_INC 0x80000000u
#define OS_FLAGS 0xc0000000u
#define OS_VALUE 0x3fffffffu
// copies of each byte's histogram in shared memory (fewer collisions): 32 KiB in all
#define OS_HCOPIES ((int)sizeof(K) >= 8 ? 4 : 8)

// Sees every status word the look-back reads (a no-op; the host simulation of the kernels
// counts the aggregates it reads through it).
#ifndef OS_LOOKBACK_HOOK
#define OS_LOOKBACK_HOOK(x)
#endif

// The status word at `p`, read past the L1 (other blocks write it while this one spins).
__device__ __forceinline__ u32 os_load(const u32* p) { return *(const volatile u32*)p; }
__device__ __forceinline__ void os_store(u32* p, u32 v) { *(volatile u32*)p = v; }

// Histograms of every byte of canon(key): hist[b * 256 + d] (64-bit, zeroed) gets the count of
// keys whose byte b is d. Blocks take tiles blockIdx.x, blockIdx.x + gridDim.x, ...
extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_onesweep_hist(const K* __restrict__ keys, unsigned long long n,
                     unsigned long long* __restrict__ hist) {
    __shared__ u32 h[sizeof(K)][OS_HCOPIES][SORT_RADIX];
    for (int i = threadIdx.x; i < (int)sizeof(K) * OS_HCOPIES * SORT_RADIX; i += SORT_BLOCK)
        (&h[0][0][0])[i] = 0u;
    __syncthreads();
    const int c = (threadIdx.x >> 5) % OS_HCOPIES;
    const unsigned long long tiles = (n + OS_TILE - 1) / OS_TILE;
    for (unsigned long long t = blockIdx.x; t < tiles; t += gridDim.x) {
        const unsigned long long base = t * OS_TILE;
        // raw keys first, the transform where the digits are taken: with canon applied at the
        // load, the histogram of 2^24 float32 keys took 90 us against 40 us (H200)
        K k[OS_ITEMS];
#pragma unroll
        for (int j = 0; j < OS_ITEMS; ++j) {
            const unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            k[j] = i < n ? keys[i] : (K)0;
        }
#pragma unroll
        for (int j = 0; j < OS_ITEMS; ++j) {
            const unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            if (i < n) {
                const K q = canon(k[j]);
#pragma unroll
                for (int b = 0; b < (int)sizeof(K); ++b)
                    atomicAdd(&h[b][c][(u32)((q >> (8 * b)) & (K)0xff)], 1u);
            }
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < (int)sizeof(K) * SORT_RADIX; i += SORT_BLOCK) {
        const int b = i / SORT_RADIX, d = i % SORT_RADIX;
        u32 s = 0;
#pragma unroll
        for (int cc = 0; cc < OS_HCOPIES; ++cc) s += h[b][cc][d];
        if (s) atomicAdd(hist + i, (unsigned long long)s);
    }
}

// Block p (one per pass) scans pass p's 256 digit counts into bins[p * 256 + d] (exclusive:
// where digit d's keys start in the pass's output) and sets skip[p] (zeroed) when one digit
// holds all n keys. Passes p < nkey are key bytes 0, 1, ... (counts from `hist`); pass
// nkey + b is byte b of the segment id i / seglen of n = nseg * seglen elements, whose counts
// are seglen times the number of s < nseg with ((s >> 8b) & 255) == d.
extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_onesweep_scan(const unsigned long long* __restrict__ hist,
                     unsigned long long* __restrict__ bins, u32* __restrict__ skip,
                     unsigned long long n, unsigned long long seglen, int nkey) {
    __shared__ unsigned long long ws[SORT_NWARP];
    const int p = blockIdx.x;
    const unsigned long long d = threadIdx.x;
    unsigned long long c;
    if (p < nkey) {
        c = hist[(unsigned long long)p * SORT_RADIX + d];
    } else {
        const int b = p - nkey;
        const unsigned long long nseg = n / seglen;
        const unsigned long long lo = 1ull << (8 * b);  // weight of one step of digit b
        unsigned long long full, rem;
        if (b >= 7) {
            full = 0;
            rem = nseg;
        } else {
            const unsigned long long hi = lo << 8;
            full = nseg / hi;
            rem = nseg % hi;
        }
        const unsigned long long dl = d * lo;
        unsigned long long part = rem > dl ? rem - dl : 0ull;
        if (part > lo) part = lo;
        c = (full * lo + part) * seglen;
    }
    const unsigned long long ex = block_exscan<unsigned long long>(c, ws, (unsigned long long*)0);
    bins[(unsigned long long)p * SORT_RADIX + d] = ex;
    if (c == n) skip[p] = 1u;
}

// Pass `pass` of `npass`: one tile of OS_TILE keys per block, tiles taken in launch order
// from `*counter` (zeroed) so that every tile a block waits on belongs to a block already
// running. Buffers: `kx` the caller's keys, `ka`/`kb` (and `va`/`vb`) the ping-pong pair. The
// skip flags route the data without the host: the last pass that runs writes `ka`, the one
// before it `kb`, and so on; the first pass that runs reads `kx` and makes the payload from
// the element index (mode 0: the index, 1: the segment id index / seglen). When every pass is
// skipped, the last launch copies kx (and the initial payload) into ka.
// `status` (tiles * 256 words, zeroed) and `bins` (256) belong to this pass.
extern "C" __global__ void __launch_bounds__(SORT_BLOCK, OS_MINB)
cuprum_onesweep_pass(const K* __restrict__ kx, K* ka, K* kb, V* va, V* vb, unsigned long long n,
                     unsigned long long seglen, int mode, int pass, int npass, int src, int shift,
                     V div, const u32* __restrict__ skip, u32* __restrict__ counter,
                     u32* __restrict__ status, const unsigned long long* __restrict__ bins) {
    __shared__ u32 wc[SORT_NWARP][SORT_RADIX];
    __shared__ u32 tstart[SORT_RADIX];
    __shared__ u32 ws32[SORT_NWARP];
    __shared__ u32 tile_sh;
    __shared__ unsigned long long run[SORT_RADIX];
    // the reordered tile lives in dynamic shared memory (OS_TILE * (sizeof(K) + sizeof(V) + 1)
    // bytes, the payload only with HAS_VAL), so tiles may pass the 48 KiB of static memory
    OS_SMEM_DECL;
    K* sk = (K*)os_smem;
#if HAS_VAL
    V* sv = (V*)(os_smem + (unsigned long long)OS_TILE * sizeof(K));
    unsigned char* sd = os_smem + (unsigned long long)OS_TILE * (sizeof(K) + sizeof(V));
#else
    unsigned char* sd = os_smem + (unsigned long long)OS_TILE * sizeof(K);
#endif
    const int tid = threadIdx.x;
    const int lane = tid & 31, w = tid >> 5;
    const u32 lt = (1u << lane) - 1u;
    int before = 0, after = 0;
    for (int p = 0; p < npass; ++p) {
        if (!skip[p]) {
            if (p < pass) ++before;
            if (p > pass) ++after;
        }
    }
    if (skip[pass]) {
        if (pass == npass - 1 && before == 0) {
            // nothing to sort: the input order is the sorted order
            const unsigned long long base = (unsigned long long)blockIdx.x * OS_TILE;
            for (u32 j = (u32)tid; j < (u32)OS_TILE; j += SORT_BLOCK) {
                const unsigned long long i = base + j;
                if (i < n) {
                    ka[i] = kx[i];
#if HAS_VAL
                    va[i] = (V)(mode == 0 ? i : i / seglen);
#endif
                }
            }
        }
        return;
    }
    const K* kin = before == 0 ? kx : ((after & 1) ? ka : kb);
    K* kout = (after & 1) ? kb : ka;
#if HAS_VAL
    const V* vin = (after & 1) ? va : vb;
    V* vout = (after & 1) ? vb : va;
#endif
    if (tid == 0) tile_sh = atomicAdd(counter, 1u);
    for (int i = tid; i < SORT_NWARP * SORT_RADIX; i += SORT_BLOCK) (&wc[0][0])[i] = 0u;
    __syncthreads();
    const u32 tile = tile_sh;
    const unsigned long long base = (unsigned long long)tile * OS_TILE;
    const unsigned long long left = n - base;
    const u32 cnt = left < (unsigned long long)OS_TILE ? (u32)left : (u32)OS_TILE;
    K k[OS_ITEMS];
    V v[OS_ITEMS];
    u32 dr[OS_ITEMS];  // digit | (rank among the warp's keys of that digit) << 16
    const int nbits = cnt == (u32)OS_TILE ? 8 : 9;  // idle lanes (digit 256) need the 9th
#pragma unroll
    for (int j = 0; j < OS_ITEMS; ++j) {
        const u32 li = (u32)w * 32u * OS_ITEMS + (u32)j * 32u + (u32)lane;
        k[j] = (K)0;
        v[j] = (V)0;
        if (li < cnt) {
            const unsigned long long i = base + li;
            k[j] = kin[i];
#if HAS_VAL
            v[j] = before == 0 ? (V)(mode == 0 ? i : i / seglen) : vin[i];
#endif
        }
    }
#pragma unroll
    for (int j = 0; j < OS_ITEMS; ++j) {
        const u32 li = (u32)w * 32u * OS_ITEMS + (u32)j * 32u + (u32)lane;
        const bool ok = li < cnt;
        const u32 dj = ok ? digit_of(k[j], v[j], src, shift, div) : (u32)SORT_RADIX;
        const u32 peers = digit_peers_bits(dj, nbits);
        const int leader = 31 - __clz((int)peers);
        u32 before_w = 0u;
        if (ok && lane == leader) before_w = atomicAdd(&wc[w][dj], (u32)__popc(peers));
        before_w = __shfl_sync(0xffffffffu, before_w, leader);
        dr[j] = dj | ((before_w + (u32)__popc(peers & lt)) << 16);
    }
    __syncthreads();
    // thread tid owns digit tid (SORT_BLOCK == SORT_RADIX)
    u32 s = 0;
#pragma unroll
    for (int ww = 0; ww < SORT_NWARP; ++ww) {
        const u32 c = wc[ww][tid];
        wc[ww][tid] = s;
        s += c;
    }
    // publish this tile's count of the digit at once: later tiles' look-back needs it
    u32* st = status + (unsigned long long)tile * SORT_RADIX + tid;
    os_store(st, (tile == 0 ? OS_INC : OS_AGG) | s);
    tstart[tid] = block_exscan<u32>(s, ws32, (u32*)0);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < OS_ITEMS; ++j) {
        const u32 li = (u32)w * 32u * OS_ITEMS + (u32)j * 32u + (u32)lane;
        if (li < cnt) {
            const u32 dj = dr[j] & 0xffffu;
            const u32 pos = tstart[dj] + wc[w][dj] + (dr[j] >> 16);
            sk[pos] = k[j];
            sd[pos] = (unsigned char)dj;
#if HAS_VAL
            sv[pos] = v[j];
#endif
        }
    }
    // decoupled look-back, one thread per digit: add the counts of earlier tiles until one
    // publishes its inclusive prefix, then publish this tile's
    u32 excl = 0;
    if (tile > 0) {
        const u32* q = st;
        for (;;) {
            q -= SORT_RADIX;
            u32 x;
            do {
                x = os_load(q);
            } while ((x & OS_FLAGS) == 0u);
            OS_LOOKBACK_HOOK(x);
            excl += x & OS_VALUE;
            if (x & OS_INC) break;
        }
        os_store(st, OS_INC | (excl + s));
    }
    // where this tile's keys of digit tid start in the output, minus their start in the tile
    run[tid] = bins[tid] + excl - tstart[tid];
    __syncthreads();
    for (u32 i = (u32)tid; i < cnt; i += SORT_BLOCK) {
        const u32 dd = sd[i];
        const unsigned long long g = run[dd] + i;
        kout[g] = sk[i];
#if HAS_VAL
        vout[g] = sv[i];
#endif
    }
}

// argsort's result: the payload (a flat index) minus the start of its segment, as int64.
// Element i of the sorted array lies in segment i / seglen, as does its payload.
extern "C" __global__ void cuprum_sort_index_out(const V* __restrict__ vals, long long* __restrict__ out,
                                                 unsigned long long n, unsigned long long seglen) {
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        out[i] = (long long)((unsigned long long)vals[i] - (i / seglen) * seglen);
    }
}

// numpy.searchsorted: one thread per query, binary search of the sorted `a` in canonical order.
extern "C" __global__ void cuprum_searchsorted(const K* __restrict__ a, unsigned long long na,
                                               const K* __restrict__ q, unsigned long long nq,
                                               int right, long long* __restrict__ out) {
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < nq;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        const K x = canon(q[i]);
        unsigned long long lo = 0, hi = na;
        while (lo < hi) {
            const unsigned long long mid = lo + (hi - lo) / 2;
            const K y = canon(a[mid]);
            const bool go = right ? (y <= x) : (y < x);
            if (go) lo = mid + 1;
            else hi = mid;
        }
        out[i] = (long long)lo;
    }
}

__device__ __forceinline__ u32 run_start(const K* __restrict__ keys, unsigned long long i) {
    return (i == 0 || canon(keys[i]) != canon(keys[i - 1])) ? 1u : 0u;
}

// unique, step 1: how many runs of equal sorted keys start in each block's range
// (counts[b], b < gridDim.x).
extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_unique_count(const K* __restrict__ keys, unsigned long long n, unsigned long long per_block,
                    unsigned long long* __restrict__ counts) {
    __shared__ unsigned long long ws[SORT_NWARP];
    unsigned long long start, end;
    block_range(n, per_block, &start, &end);
    unsigned long long c = 0;
    for (unsigned long long i = start + threadIdx.x; i < end; i += SORT_BLOCK) c += run_start(keys, i);
    unsigned long long all = 0;
    block_exscan<unsigned long long>(c, ws, &all);
    if (threadIdx.x == 0) counts[blockIdx.x] = all;
}

// unique, step 3 (after an exclusive scan of the block counts into `offs`): the unique values,
// the start of each run, the first index of each value (the payload at the run's start: the
// sort is stable) and the inverse (`inv[payload] = run`). Optional outputs are null pointers.
extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_unique_write(const K* __restrict__ keys, const V* __restrict__ vals, unsigned long long n,
                    unsigned long long per_block, const unsigned long long* __restrict__ offs,
                    K* __restrict__ uvals, long long* __restrict__ starts,
                    long long* __restrict__ first, long long* __restrict__ inv) {
    __shared__ unsigned long long ws[SORT_NWARP];
    unsigned long long start, end;
    block_range(n, per_block, &start, &end);
    unsigned long long carry = offs[blockIdx.x];
    for (unsigned long long base = start; base < end; base += SORT_BLOCK) {
        const unsigned long long i = base + threadIdx.x;
        const bool ok = i < end;
        const unsigned long long f = ok ? (unsigned long long)run_start(keys, i) : 0ull;
        unsigned long long all = 0;
        const unsigned long long ex = block_exscan<unsigned long long>(f, ws, &all);
        if (ok) {
            const unsigned long long pos = carry + ex;  // index of this run if it starts here
            if (f) {
                uvals[pos] = keys[i];
                starts[pos] = (long long)i;
#if HAS_VAL
                if (first) first[pos] = (long long)vals[i];
#endif
            }
#if HAS_VAL
            if (inv) inv[vals[i]] = (long long)(pos + f - 1);
#endif
        }
        carry += all;
    }
}

// unique, step 4: counts[j] = starts[j + 1] - starts[j] (starts[k] = n).
extern "C" __global__ void cuprum_unique_counts(const long long* __restrict__ starts,
                                                unsigned long long k, unsigned long long n,
                                                long long* __restrict__ counts) {
    for (unsigned long long j = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; j < k;
         j += (unsigned long long)gridDim.x * blockDim.x) {
        const long long next = j + 1 < k ? starts[j + 1] : (long long)n;
        counts[j] = next - starts[j];
    }
}
