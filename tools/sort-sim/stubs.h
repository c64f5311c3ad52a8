// Host stand-ins for the CUDA built-ins kernels/sort.cu uses: one std::thread per CUDA thread,
// std::barrier for __syncthreads and for the warp exchanges (ballot, shuffles).
#pragma once
#include <barrier>
#include <thread>
#include <vector>
#include <cstring>
#include <cstdint>
#include <cstdlib>
#include <sched.h>
#include <unistd.h>
// the integer types of kernels/common.cuh
typedef signed char i8;
typedef short i16;
typedef int i32;
typedef long long i64;
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __restrict__
#define __shared__ static
// onesweep's dynamic shared memory (the tile's keys, payloads and digits) as a static array
#define OS_SMEM_DECL alignas(16) static unsigned char os_smem[OS_TILE * (sizeof(K) + sizeof(V) + 1)]
struct dim3s { unsigned x, y, z; };
extern thread_local dim3s threadIdx;
extern dim3s blockIdx, blockDim, gridDim;
extern std::barrier<>* g_block_bar;
extern std::barrier<>* g_warp_bar[8];
extern u64 g_wx[8][32];
extern long* g_agg_reads;  // shared mmap counter
extern int g_jitter;
inline void jitter() {
    if (g_jitter && (rand() % 64) == 0) { if (rand() % 2) sched_yield(); else usleep(rand() % 50); }
}
inline void __syncthreads() { jitter(); g_block_bar->arrive_and_wait(); }
inline u32 __ballot_sync(u32, int p) {
    int w = threadIdx.x >> 5, l = threadIdx.x & 31;
    g_warp_bar[w]->arrive_and_wait();
    g_wx[w][l] = p != 0;
    g_warp_bar[w]->arrive_and_wait();
    u32 m = 0;
    for (int i = 0; i < 32; ++i) m |= (u32)g_wx[w][i] << i;
    g_warp_bar[w]->arrive_and_wait();
    return m;
}
template <class T> T shfl_gen(T v, int srclane, bool up, int o) {
    int w = threadIdx.x >> 5, l = threadIdx.x & 31;
    g_warp_bar[w]->arrive_and_wait();
    u64 b = 0; std::memcpy(&b, &v, sizeof(T)); g_wx[w][l] = b;
    g_warp_bar[w]->arrive_and_wait();
    int s = up ? (l >= o ? l - o : l) : srclane;
    u64 r = g_wx[w][s];
    g_warp_bar[w]->arrive_and_wait();
    T out; std::memcpy(&out, &r, sizeof(T)); return out;
}
template <class T> T __shfl_sync(u32, T v, int src) { return shfl_gen<T>(v, src, false, 0); }
template <class T> T __shfl_up_sync(u32, T v, int o) { return shfl_gen<T>(v, 0, true, o); }
inline u32 atomicAdd(u32* p, u32 v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __popc(u32 x) { return __builtin_popcount(x); }
#define OS_LOOKBACK_HOOK(x) do { if (((x) & 0xc0000000u) == 0x40000000u) __atomic_fetch_add(g_agg_reads, 1, __ATOMIC_SEQ_CST); } while (0)
