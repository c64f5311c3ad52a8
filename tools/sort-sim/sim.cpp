// Host simulation of the onesweep kernels of kernels/sort.cu (not part of the build): runs
// hist, scan and every pass on random keys, the pass kernels' blocks as forked processes (GROUP
// at a time, default 4) over shared memory so that the look-back really waits on other blocks,
// and checks keys and payload against std::stable_sort. See README.md.
#include "stubs.h"
#include <sys/mman.h>
#include <sys/wait.h>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include "../../kernels/sort.cu"

thread_local dim3s threadIdx;
dim3s blockIdx, blockDim{256, 1, 1}, gridDim;
std::barrier<>* g_block_bar;
std::barrier<>* g_warp_bar[8];
u64 g_wx[8][32];
long* g_agg_reads;
int g_jitter = 0;

template <class T> T* dalloc(size_t n) {
    void* p = mmap(nullptr, std::max<size_t>(n * sizeof(T), 8), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) { perror("mmap"); exit(2); }
    return (T*)p;
}
template <class F> void run_block(unsigned b, unsigned grid, F f) {
    blockIdx = {b, 0, 0};
    gridDim = {grid, 1, 1};
    std::barrier<> bb(256);
    g_block_bar = &bb;
    std::vector<std::barrier<>*> wb;
    for (int i = 0; i < 8; ++i) g_warp_bar[i] = new std::barrier<>(32);
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < 256; ++t) ts.emplace_back([&, t] { threadIdx = {t, 0, 0}; f(); });
    for (auto& t : ts) t.join();
    for (int i = 0; i < 8; ++i) delete g_warp_bar[i];
}
template <class F> void launch_seq(unsigned grid, F f) { for (unsigned b = 0; b < grid; ++b) run_block(b, grid, f); }
template <class F> void launch_forked(unsigned grid, unsigned group, F f) {
    for (unsigned b0 = 0; b0 < grid; b0 += group) {
        std::vector<pid_t> kids;
        for (unsigned b = b0; b < std::min(grid, b0 + group); ++b) {
            pid_t pid = fork();
            if (pid == 0) { srand(b * 7919 + getpid()); run_block(b, grid, f); _exit(0); }
            kids.push_back(pid);
        }
        for (pid_t k : kids) { int st; waitpid(k, &st, 0); if (!WIFEXITED(st) || WEXITSTATUS(st)) { fprintf(stderr, "child failed\n"); exit(3); } }
    }
}

static u64 rng = 88172645463325252ull;
u64 next() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

int main(int argc, char** argv) {
    u64 n = strtoull(argv[1], 0, 10), seglen = strtoull(argv[2], 0, 10);
    int payload = atoi(argv[3]);  // 0 none, 1 segment, 2 index
    int dist = atoi(argv[4]);     // 0 mixed, 1 constant, 2 small ints
    g_jitter = argc > 5 ? atoi(argv[5]) : 1;
    g_agg_reads = dalloc<long>(1);
    u64 nseg = n / seglen;
    bool need_val = payload == 2 || (payload == 1 && nseg > 1);
    if (need_val != (bool)HAS_VAL) { fprintf(stderr, "HAS_VAL mismatch\n"); return 2; }
    int kbytes = sizeof(K);
    std::vector<std::pair<int, int>> ps;
    for (int b = 0; b < kbytes; ++b) ps.push_back({0, 8 * b});
    if ((payload == 2 || need_val) && nseg > 1) {
        int bits = 64 - __builtin_clzll(nseg - 1);
        for (int b = 0; b < (bits + 7) / 8; ++b) ps.push_back({1, 8 * b});
    }
    int np = ps.size(), nkey = kbytes;
    K* kx = dalloc<K>(n);
    for (u64 i = 0; i < n; ++i) {
        u64 r = next();
        K k;
        if (dist == 1) k = (K)0x1234567890abcdefull;
        else if (dist == 2) k = (K)(r % 5);
        else k = (r % 4 == 0) ? (K)next() : (K)((r >> 8) % 7);
        if (dist == 0 && KIND == 4 && r % 16 == 1) k = (K)0x7fc00000u;   // NaN
        if (dist == 0 && KIND == 4 && r % 16 == 2) k = (K)0x80000000u;   // -0.0
        if (dist == 0 && KIND == 4 && r % 16 == 3) k = (K)0xffc00001u;   // -NaN
        kx[i] = k;
    }
    u64 tile = OS_TILE, tiles = (n + tile - 1) / tile;
    u64 words = 16 + (u64)nkey * 512 + (u64)np * 512 + 16 + (u64)np * tiles * 256;
    u32* ws = dalloc<u32>(words);  // mmap zeroes: the memset
    u32* counters = ws;
    unsigned long long* hist = (unsigned long long*)(ws + 16);
    unsigned long long* bins = (unsigned long long*)(ws + 16 + nkey * 512);
    u32* skip = ws + 16 + nkey * 512 + np * 512;
    u32* status = skip + 16;
    K* ka = dalloc<K>(n); K* kb = dalloc<K>(n);
    V* va = dalloc<V>(n); V* vb = dalloc<V>(n);
    int mode = payload == 2 ? 0 : 1;
    unsigned hg = std::min<u64>(tiles, 3);
    launch_seq(hg, [&] { cuprum_onesweep_hist(kx, n, hist); });
    launch_seq(np, [&] { cuprum_onesweep_scan(hist, bins, skip, n, seglen, nkey); });
    for (int p = 0; p < np; ++p) {
        V div = payload == 2 ? (V)seglen : (V)1;
        launch_forked(tiles, getenv("GROUP") ? atoi(getenv("GROUP")) : 4, [&] {
            cuprum_onesweep_pass(kx, ka, kb, va, vb, n, seglen, mode, p, np, ps[p].first, ps[p].second, div,
                                 skip, counters + p, status + (u64)p * tiles * 256, bins + p * 256);
        });
    }
    // reference
    std::vector<u64> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](u64 a, u64 b) {
        u64 sa = a / seglen, sb = b / seglen;
        if (nseg > 1 && sa != sb) return sa < sb;
        return canon(kx[a]) < canon(kx[b]);
    });
    int nskip = 0;
    for (int p = 0; p < np; ++p) nskip += skip[p];
    u64 bad = 0;
    for (u64 i = 0; i < n; ++i) {
        if (ka[i] != kx[idx[i]]) { if (bad++ < 5) fprintf(stderr, "key %llu: %llx vs %llx\n", (unsigned long long)i, (unsigned long long)ka[i], (unsigned long long)kx[idx[i]]); }
        if (HAS_VAL) {
            u64 want = payload == 2 ? idx[i] : idx[i] / seglen;
            if ((u64)va[i] != want) { if (bad++ < 5) fprintf(stderr, "val %llu: %llu vs %llu\n", (unsigned long long)i, (unsigned long long)va[i], (unsigned long long)want); }
        }
    }
    printf("n=%llu seglen=%llu payload=%d dist=%d tiles=%llu passes=%d skipped=%d agg_reads=%ld: %s\n",
           (unsigned long long)n, (unsigned long long)seglen, payload, dist, (unsigned long long)tiles, np, nskip,
           *g_agg_reads, bad ? "FAIL" : "ok");
    return bad ? 1 : 0;
}
