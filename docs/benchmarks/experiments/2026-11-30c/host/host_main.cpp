#include <cstdio>
int main() {
    blockDim.x = 1; gridDim.x = 1; blockIdx.x = 0; threadIdx.x = 0;
    const int n = 2000;
    static OUT_T out[n];
    unsigned long long seed = 2026;
    KERNEL_NAME(out, n, (unsigned)seed, (unsigned)(seed >> 32), 5, P0, P1, ILOW, 0);
    for (int i = 0; i < n; ++i) printf(FMT "\n", out[i]);
}
