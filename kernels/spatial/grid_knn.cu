// k-nearest-neighbour queries on a uniform grid of cells (cuprum-spatial's KDTree on CUDA
// devices, d <= 3). The points are sorted by cell: pts[(s * d) + j] is coordinate j of the s-th
// point in cell order, perm[s] its index in the caller's data, and the points of cell c are
// the sorted positions start[c] .. start[c + 1]. A cell's coordinates are
// floor((x_j - lo[j]) / w[j]) clipped to 0 .. g[j] - 1 and its id is row-major over g.
//
// One thread per query point (grid-stride loop): the cells at Chebyshev distance r = 0, 1, ...
// from the query's (clamped) cell are scanned ring by ring, keeping the k best in a sorted
// list; the search stops once every cell is covered, or once the k-th best (or the bound) is
// no farther than the query's distance to the outside of the scanned box of cells, which
// bounds every point not yet seen (any p-norm, p >= 1, is at least the largest coordinate
// difference). Distances are accumulated as |dx|^p sums (pmode 0: p = 2, 1: p = 1, 2: p = inf,
// the maximum, 3: general p) and rooted at the end. Only distances below `bound` (in the
// accumulated form) count; missing neighbours get distance inf and index n. NaN queries find
// nothing.
//
// grid_knn keeps each query's list in per-thread arrays (k <= KNN_KMAX); grid_knn_wide, for
// any k, keeps it in the query's own row of out_d / out_i (global memory) and roots it there.

// NVRTC defines no C math constants for these sources
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif

#define KNN_KMAX 32
#define KNN_DMAX 3

__device__ __forceinline__ double knn_term(double v, int pmode, double p) {
    double a = fabs(v);
    if (pmode == 0) return a * a;
    if (pmode == 3) return pow(a, p);
    return a;
}

__device__ __forceinline__ double knn_acc(double s, double t, int pmode) {
    return pmode == 2 ? fmax(s, t) : s + t;
}

__device__ __forceinline__ double knn_root(double s, int pmode, double p) {
    if (pmode == 0) return sqrt(s);
    if (pmode == 3) return pow(s, 1.0 / p);
    return s;
}

template <bool WIDE>
__device__ __forceinline__ void grid_knn_impl(const double* __restrict__ pts,
                                              const long long* __restrict__ perm,
                                              const long long* __restrict__ start,
                                              const double* __restrict__ lo,
                                              const double* __restrict__ w,
                                              const long long* __restrict__ g,
                                              const double* __restrict__ qs,
                                              double* __restrict__ out_d,
                                              long long* __restrict__ out_i, long long n,
                                              long long d, long long nq, long long k, double p,
                                              long long pmode_, double bound, double slack) {
    const int pmode = (int)pmode_;
    for (long long qi = blockIdx.x * (long long)blockDim.x + threadIdx.x; qi < nq;
         qi += (long long)gridDim.x * blockDim.x) {
        double bd_local[WIDE ? 1 : KNN_KMAX];
        long long bi_local[WIDE ? 1 : KNN_KMAX];
        double* bd = WIDE ? out_d + qi * k : bd_local;
        long long* bi = WIDE ? out_i + qi * k : bi_local;
        long long cnt = 0;
        double x[KNN_DMAX];
        long long cq[KNN_DMAX];
        long long gmax = 1;
        bool nan = false;
        for (int j = 0; j < d; ++j) {
            x[j] = qs[qi * d + j];
            if (x[j] != x[j]) nan = true;
            double c = floor((x[j] - lo[j]) / w[j]);
            long long ci;
            if (nan || c < 0.0) ci = 0;
            else if (c > (double)(g[j] - 1)) ci = g[j] - 1;
            else ci = (long long)c;
            cq[j] = ci;
            if (g[j] > gmax) gmax = g[j];
        }
        if (!nan) {
            for (long long r = 0; r <= gmax; ++r) {
                // the box of cells [cq - r, cq + r] clipped to the grid, scanned as an odometer
                long long b0[KNN_DMAX], b1[KNN_DMAX], c[KNN_DMAX];
                for (int j = 0; j < d; ++j) {
                    b0[j] = cq[j] - r < 0 ? 0 : cq[j] - r;
                    b1[j] = cq[j] + r > g[j] - 1 ? g[j] - 1 : cq[j] + r;
                    c[j] = b0[j];
                }
                bool more = true;
                while (more) {
                    long long cheb = 0, id = 0;
                    for (int j = 0; j < d; ++j) {
                        long long a = c[j] > cq[j] ? c[j] - cq[j] : cq[j] - c[j];
                        if (a > cheb) cheb = a;
                        id = id * g[j] + c[j];
                    }
                    if (cheb == r) {
                        for (long long s = start[id]; s < start[id + 1]; ++s) {
                            double acc = 0.0;
                            for (int j = 0; j < d; ++j)
                                acc = knn_acc(acc, knn_term(pts[s * d + j] - x[j], pmode, p), pmode);
                            if (!(acc < bound)) continue;
                            if (cnt == k && !(acc < bd[k - 1])) continue;
                            long long pos = cnt < k ? cnt : k - 1;
                            while (pos > 0 && bd[pos - 1] > acc) {
                                bd[pos] = bd[pos - 1];
                                bi[pos] = bi[pos - 1];
                                --pos;
                            }
                            bd[pos] = acc;
                            bi[pos] = perm[s];
                            if (cnt < k) ++cnt;
                        }
                    }
                    // next cell of the box
                    more = false;
                    for (int j = (int)d - 1; j >= 0; --j) {
                        if (c[j] < b1[j]) {
                            ++c[j];
                            more = true;
                            break;
                        }
                        c[j] = b0[j];
                    }
                }
                // the distance from the query to the outside of the scanned box (sides at the
                // grid's edge have nothing beyond them)
                double margin = INFINITY;
                for (int j = 0; j < d; ++j) {
                    if (cq[j] - r > 0) {
                        double m = x[j] - (lo[j] + (double)(cq[j] - r) * w[j]);
                        margin = fmin(margin, m);
                    }
                    if (cq[j] + r < g[j] - 1) {
                        double m = (lo[j] + (double)(cq[j] + r + 1) * w[j]) - x[j];
                        margin = fmin(margin, m);
                    }
                }
                if (margin == INFINITY) break;
                margin -= slack;
                if (margin <= 0.0) continue;
                double macc = knn_term(margin, pmode, p);
                if (macc >= bound) break;
                if (cnt == k && bd[k - 1] < macc) break;
            }
        }
        for (long long m = 0; m < k; ++m) {
            if (m < cnt) {
                out_d[qi * k + m] = knn_root(bd[m], pmode, p);
                out_i[qi * k + m] = bi[m];
            } else {
                out_d[qi * k + m] = INFINITY;
                out_i[qi * k + m] = n;
            }
        }
    }
}

#define GRID_KNN_PARAMS                                                                         \
    const double* __restrict__ pts, const long long* __restrict__ perm,                        \
        const long long* __restrict__ start, const double* __restrict__ lo,                    \
        const double* __restrict__ w, const long long* __restrict__ g,                         \
        const double* __restrict__ qs, double* __restrict__ out_d,                             \
        long long* __restrict__ out_i, long long n, long long d, long long nq, long long k,    \
        double p, long long pmode, double bound, double slack

extern "C" __global__ void grid_knn(GRID_KNN_PARAMS) {
    grid_knn_impl<false>(pts, perm, start, lo, w, g, qs, out_d, out_i, n, d, nq, k, p, pmode,
                         bound, slack);
}

extern "C" __global__ void grid_knn_wide(GRID_KNN_PARAMS) {
    grid_knn_impl<true>(pts, perm, start, lo, w, g, qs, out_d, out_i, n, d, nq, k, p, pmode,
                        bound, slack);
}
