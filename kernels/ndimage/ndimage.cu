// scipy.ndimage on CUDA: the stencil engine (weighted sums and order statistics over a list of
// taps), the 1-d correlation along one axis staged through shared memory, the B-spline prefilter (one thread per line), spline interpolation (one thread per
// output element), the squared Euclidean distance pass (one thread per line), labelling by
// minimum-index propagation, bounding boxes and per-label statistics. All data is double,
// all indices and sizes long long. Boundary modes: 0 reflect, 1 constant, 2 nearest,
// 3 mirror, 4 wrap, 5 grid-constant, 6 grid-wrap (crate::mode::Mode::code).

// NVRTC defines no C math constants for these sources
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif

typedef long long ll;
#define ND_MAXD 8

// the filter index of position i on an axis of n (-1: the constant mode reads cval)
__device__ ll nd_filter_index(ll i, ll n, int mode) {
    if (i >= 0 && i < n) return i;
    switch (mode) {
    case 1: case 5: return -1;
    case 2: return i < 0 ? 0 : n - 1;
    case 4: case 6: { ll k = i % n; return k < 0 ? k + n : k; }
    case 3: {
        if (n == 1) return 0;
        ll p = 2 * n - 2; ll k = i % p; if (k < 0) k += p;
        return k >= n ? p - k : k;
    }
    default: {
        ll p = 2 * n; ll k = i % p; if (k < 0) k += p;
        return k >= n ? p - 1 - k : k;
    }
    }
}

typedef unsigned long long ull;
// windows up to this many taps are selected in a local array; larger ones by radix selection
#define ND_RANK_LOCAL 64

// a key whose unsigned order is the order of doubles (-inf < ... < -0 < +0 < ... < inf < NaN)
__device__ ull nd_order_key(double v) {
    ull b = (ull)__double_as_longlong(v);
    return (b >> 63) ? ~b : (b | 0x8000000000000000ULL);
}

__device__ double nd_from_order_key(ull k) {
    ull b = (k >> 63) ? (k & 0x7fffffffffffffffULL) : ~k;
    return __longlong_as_double((long long)b);
}

extern "C" __global__ void nd_stencil(const double* __restrict__ x, double* __restrict__ y,
        const ll* __restrict__ shape, ll ndim, const ll* __restrict__ offs,
        const double* __restrict__ w, ll ntaps, ll mode, double cval, ll rank, ll n) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        ll coord[ND_MAXD];
        ll rem = i;
        for (ll d = ndim - 1; d >= 0; --d) { coord[d] = rem % shape[d]; rem /= shape[d]; }
        // the value of tap t
        #define ND_TAP(t, out) { \
            ll idx = 0; bool outside = false; \
            for (ll d = 0; d < ndim; ++d) { \
                ll j = nd_filter_index(coord[d] + offs[(t) * ndim + d], shape[d], (int)mode); \
                if (j < 0) { outside = true; break; } \
                idx = idx * shape[d] + j; } \
            out = outside ? cval : x[idx]; }
        double r;
        if (rank < 0) {
            r = 0.0;
            for (ll t = 0; t < ntaps; ++t) { double v; ND_TAP(t, v); r += w[t] * v; }
        } else if (rank == 0) {
            r = INFINITY;
            for (ll t = 0; t < ntaps; ++t) { double v; ND_TAP(t, v); r = fmin(r, v); }
        } else if (rank == ntaps - 1) {
            r = -INFINITY;
            for (ll t = 0; t < ntaps; ++t) { double v; ND_TAP(t, v); r = fmax(r, v); }
        } else if (ntaps <= ND_RANK_LOCAL) {
            // the window's order keys in a local array, then Wirth's selection: each tap read once
            ull buf[ND_RANK_LOCAL];
            for (ll t = 0; t < ntaps; ++t) { double v; ND_TAP(t, v); buf[t] = nd_order_key(v); }
            ll l = 0, m = ntaps - 1;
            while (l < m) {
                ull piv = buf[rank];
                ll a = l, b = m;
                do {
                    while (buf[a] < piv) ++a;
                    while (piv < buf[b]) --b;
                    if (a <= b) { ull tmp = buf[a]; buf[a] = buf[b]; buf[b] = tmp; ++a; --b; }
                } while (a <= b);
                if (b < rank) l = a;
                if (rank < a) m = b;
            }
            r = nd_from_order_key(buf[rank]);
        } else {
            // large windows: radix selection on the order keys, 4 bits a pass, 16 passes over
            // the taps and no storage for the window (cupy#6453: no sort of every window)
            ull prefix = 0, mask = 0;
            ll k = rank;
            for (int shift = 60; shift >= 0; shift -= 4) {
                ll cnt[16];
                for (int q = 0; q < 16; ++q) cnt[q] = 0;
                for (ll t = 0; t < ntaps; ++t) {
                    double v; ND_TAP(t, v);
                    ull key = nd_order_key(v);
                    if ((key & mask) == prefix) cnt[(key >> shift) & 15ULL] += 1;
                }
                int dgt = 0;
                while (dgt < 15 && k >= cnt[dgt]) { k -= cnt[dgt]; ++dgt; }
                prefix |= (ull)dgt << shift;
                mask |= 15ULL << shift;
            }
            r = nd_from_order_key(prefix);
        }
        #undef ND_TAP
        y[i] = r;
    }
}

// A 1-d correlation along one axis (the separable filters' pass), staged through shared
// memory. The C-contiguous array is viewed as (outer, len, inner): len the filtered axis, inner
// the product of the axes after it (1 for the last axis). A block of (blockDim.x, blockDim.y)
// threads takes tiles of blockDim.x consecutive columns of inner (so that loads are coalesced
// along the last axis) by tl positions along the filtered axis. Each tile and its halo of
// nw - 1 positions is loaded once, the boundary mode resolved while loading (cval for the
// constant modes); then every thread computes its outputs from shared memory. Output position
// i is sum_k w[k] * x[i + lo + k], summed in k order from 0.0 (the tap engine's order).
// Dynamic shared memory: nw + (tl + nw - 1) * blockDim.x doubles.
extern "C" __global__ void nd_correlate_tiled(const double* __restrict__ x, double* __restrict__ y,
        ll outer, ll len, ll inner, const double* __restrict__ w, ll nw, ll lo, ll mode,
        double cval, ll tl) {
    extern __shared__ double nd_tile[];
    double* sw = nd_tile;
    double* sx = nd_tile + nw;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx = blockDim.x, by = blockDim.y;
    for (ll k = ty * bx + tx; k < nw; k += bx * by) sw[k] = w[k];
    const ll ncol = (inner + bx - 1) / bx;
    const ll nrow = (len + tl - 1) / tl;
    const ll ntiles = outer * nrow * ncol;
    const ll rows = tl + nw - 1;
    for (ll t = blockIdx.x; t < ntiles; t += gridDim.x) {
        const ll ct = t % ncol;
        const ll rt = (t / ncol) % nrow;
        const ll o = t / ncol / nrow;
        const ll col = ct * bx + tx;
        const ll start = rt * tl;
        const double* xl = x + o * len * inner;
        double* yl = y + o * len * inner;
        // the previous tile's reads are done (at the first tile: the weights are stored)
        __syncthreads();
        for (ll r = ty; r < rows; r += by) {
            double v = cval;
            if (col < inner) {
                ll j = nd_filter_index(start + lo + r, len, (int)mode);
                if (j >= 0) v = xl[j * inner + col];
            }
            sx[r * bx + tx] = v;
        }
        __syncthreads();
        if (col < inner) {
            for (ll r = ty; r < tl && start + r < len; r += by) {
                const double* p = sx + r * bx + tx;
                double acc = 0.0;
                for (int k = 0; k < (int)nw; ++k) acc += sw[k] * p[k * bx];
                yl[(start + r) * inner + col] = acc;
            }
        }
    }
}

// ni_splines.c's apply_filter on the strided line starting at c; kind 0 mirror, 1 wrap, 2 reflect
extern "C" __global__ void nd_spline_lines(double* __restrict__ c, ll n_lines, ll len, ll stride,
        const double* __restrict__ poles, ll npoles, ll kind) {
    for (ll k = blockIdx.x * (ll)blockDim.x + threadIdx.x; k < n_lines; k += (ll)gridDim.x * blockDim.x) {
        double* l = c + (k / stride) * len * stride + k % stride;
        ll n = len;
        #define L(i) l[(ll)(i) * stride]
        if (n <= 1) continue;
        double gain = 1.0;
        for (ll p = 0; p < npoles; ++p) { double z = poles[p]; gain *= (1.0 - z) * (1.0 - 1.0 / z); }
        for (ll i = 0; i < n; ++i) L(i) *= gain;
        for (ll p = 0; p < npoles; ++p) {
            double z = poles[p];
            if (kind == 0) {
                double zi = z, zn1 = pow(z, (double)(n - 1));
                L(0) += zn1 * L(n - 1);
                for (ll i = 1; i < n - 1; ++i) { L(0) += zi * (L(i) + zn1 * L(n - 1 - i)); zi *= z; }
                L(0) /= 1.0 - zn1 * zn1;
            } else if (kind == 1) {
                double zi = z;
                for (ll i = 1; i < n; ++i) { L(0) += zi * L(n - i); zi *= z; }
                L(0) /= 1.0 - zi;
            } else {
                double zi = z, zn = pow(z, (double)n), c0 = L(0);
                L(0) += zn * L(n - 1);
                for (ll i = 1; i < n; ++i) { L(0) += zi * (L(i) + zn * L(n - 1 - i)); zi *= z; }
                L(0) *= z / (1.0 - zn * zn);
                L(0) += c0;
            }
            for (ll i = 1; i < n; ++i) L(i) += z * L(i - 1);
            if (kind == 0) {
                L(n - 1) = (z * L(n - 2) + L(n - 1)) * z / (z * z - 1.0);
            } else if (kind == 1) {
                double zi = z;
                for (ll i = 0; i < n - 1; ++i) { L(n - 1) += zi * L(i); zi *= z; }
                L(n - 1) *= z / (zi - 1.0);
            } else {
                L(n - 1) *= z / (z - 1.0);
            }
            for (ll i = n - 2; i >= 0; --i) L(i) = z * (L(i + 1) - L(i));
        }
        #undef L
    }
}

// ni_interpolation.c's map_coordinate
__device__ double nd_map_coordinate(double in, ll len, int mode) {
    double flen = (double)len;
    if (in < 0) {
        switch (mode) {
        case 3: if (len <= 1) in = 0; else { double s = (double)(2 * len - 2); in += s * (double)(ll)(-in / s); in = in <= 1 - flen ? in + s : -in; } break;
        case 0: if (len <= 1) in = 0; else { double s = (double)(2 * len); if (in < -s) in += s * (double)(ll)(-in / s); in = in < -flen ? in + s : -in - 1; } break;
        case 4: if (len <= 1) in = 0; else { double s = (double)(len - 1); in += s * (double)((ll)(-in / s) + 1); } break;
        case 6: if (len <= 1) in = 0; else { in += flen * (double)((ll)((-1 - in) / flen) + 1); } break;
        case 2: in = 0; break;
        case 1: in = -1; break;
        default: break;
        }
    } else if (in > flen - 1) {
        switch (mode) {
        case 3: if (len <= 1) in = 0; else { double s = (double)(2 * len - 2); in -= s * (double)(ll)(in / s); if (in >= flen) in = s - in; } break;
        case 0: if (len <= 1) in = 0; else { double s = (double)(2 * len); in -= s * (double)(ll)(in / s); if (in >= flen) in = s - in - 1; } break;
        case 4: if (len <= 1) in = 0; else { double s = (double)(len - 1); in -= s * (double)(ll)(in / s); } break;
        case 6: if (len <= 1) in = 0; else { in -= flen * (double)(ll)(in / flen); } break;
        case 2: in = flen - 1; break;
        case 1: in = -1; break;
        default: break;
        }
    }
    return in;
}

__device__ void nd_spline_weights(double x, int order, double* w) {
    x -= floor((order & 1) ? x : x + 0.5);
    double y = x, z = 1.0 - x, t;
    switch (order) {
    case 1: w[0] = 1.0 - x; break;
    case 2: w[1] = 0.75 - x * x; y = 0.5 - x; w[0] = 0.5 * y * y; break;
    case 3:
        w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
        w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0;
        w[0] = z * z * z / 6.0; break;
    case 4:
        t = x * x; w[2] = t * (t * 0.25 - 0.625) + 115.0 / 192.0;
        y = 1.0 + x; w[1] = y * (y * (y * (5.0 - y) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
        w[3] = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
        y = 0.5 - x; t = y * y; w[0] = t * t / 24.0; break;
    case 5:
        t = y * y; w[2] = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55;
        t = z * z; w[3] = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55;
        y += 1.0; w[1] = y * (y * (y * (y * (y / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
        z += 1.0; w[4] = z * (z * (z * (z * (z / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
        y = 1.0 - x; t = y * y; w[0] = y * t * t / 120.0; break;
    default: break;
    }
    if (order > 0) { double s = 0.0; for (int i = 0; i < order; ++i) s += w[i]; w[order] = 1.0 - s; }
    else w[0] = 1.0;
}

// kind 0: coordinates array (ndim, nout); 1: affine, params = matrix (ndim x ondim), offset
// (ndim); 2: zoom/shift, params = zoom (ndim), shift (ndim), grid flag
extern "C" __global__ void nd_interpolate(const double* __restrict__ x, double* __restrict__ y,
        const ll* __restrict__ ishape, ll ndim, const ll* __restrict__ oshape, ll ondim, ll nout,
        ll kind, const double* __restrict__ params, const double* __restrict__ coords,
        ll order, ll mode, double cval, double npad) {
    // spline window boundary: constant and wrap use mirror
    int smode = (mode == 1 || mode == 4) ? 3 : (int)mode;
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < nout; i += (ll)gridDim.x * blockDim.x) {
        ll oc[ND_MAXD];
        ll rem = i;
        for (ll d = ondim - 1; d >= 0; --d) { oc[d] = rem % oshape[d]; rem /= oshape[d]; }
        double c[ND_MAXD];
        for (ll d = 0; d < ndim; ++d) {
            double v;
            if (kind == 0) {
                v = coords[d * nout + i];
            } else if (kind == 1) {
                // rounded products and sums (no FMA contraction): a coordinate on the edge
                // of the input must land on the same side as on the CPU
                v = 0.0;
                for (ll e = 0; e < ondim; ++e) v = __dadd_rn(v, __dmul_rn((double)oc[e], params[d * ondim + e]));
                v = __dadd_rn(v, params[ndim * ondim + d]);
            } else {
                v = (double)oc[d] + params[ndim + d];
                if (params[2 * ndim] != 0.0) v = __dadd_rn(__dmul_rn(v + 0.5, params[d]), -0.5); else v *= params[d];
            }
            c[d] = v + npad;
        }
        ll idx[ND_MAXD][6];
        double wts[ND_MAXD][6];
        bool constant = false;
        for (ll d = 0; d < ndim && !constant; ++d) {
            ll n = ishape[d];
            double cc = nd_map_coordinate(c[d], n, (int)mode);
            if (!(cc > -1.0 || mode == 5)) { constant = true; break; }
            ll start = ((order & 1) ? (ll)floor(cc) : (ll)floor(cc + 0.5)) - order / 2;
            nd_spline_weights(cc, (int)order, wts[d]);
            for (ll l = 0; l <= order; ++l) {
                ll j = start + l;
                if (j < 0 || j >= n) {
                    if (smode == 5) j = -1;
                    else {
                        j = (ll)nd_map_coordinate((double)j, n, smode);
                        j = j < 0 ? 0 : (j >= n ? n - 1 : j);
                    }
                }
                idx[d][l] = j;
            }
        }
        double t = 0.0;
        if (constant) {
            t = cval;
        } else {
            ll k = order + 1, total = 1;
            for (ll d = 0; d < ndim; ++d) total *= k;
            for (ll f = 0; f < total; ++f) {
                ll r = f, off = 0; double w = 1.0; bool outside = false;
                ll mul = 1;
                for (ll d = ndim - 1; d >= 0; --d) {
                    ll l = r % k; r /= k;
                    ll j = idx[d][l];
                    if (j < 0) outside = true; else off += j * mul;
                    mul *= ishape[d];
                    w *= wts[d][l];
                }
                t += w * (outside ? cval : x[off]);
            }
        }
        y[i] = t;
    }
}

// one squared-distance pass along a strided line: in f, out d; scratch v (len), z (len + 1)
extern "C" __global__ void nd_edt_pass(const double* __restrict__ f, double* __restrict__ dst,
        ll* __restrict__ vs, double* __restrict__ zs, ll n_lines, ll len, ll stride, double w) {
    for (ll k = blockIdx.x * (ll)blockDim.x + threadIdx.x; k < n_lines; k += (ll)gridDim.x * blockDim.x) {
        ll base = (k / stride) * len * stride + k % stride;
        ll* v = vs + k * len;
        double* z = zs + k * (len + 1);
        #define F(i) f[base + (ll)(i) * stride]
        ll q0 = -1;
        for (ll q = 0; q < len; ++q) if (isfinite(F(q))) { q0 = q; break; }
        if (q0 < 0) {
            for (ll q = 0; q < len; ++q) dst[base + q * stride] = INFINITY;
            continue;
        }
        ll m = 0;
        v[0] = q0; z[0] = -INFINITY; z[1] = INFINITY;
        for (ll q = q0 + 1; q < len; ++q) {
            if (!isfinite(F(q))) continue;
            while (true) {
                ll p = v[m];
                double s = ((F(q) + w * (double)(q * q)) - (F(p) + w * (double)(p * p))) / (2.0 * w * (double)(q - p));
                if (s <= z[m]) {
                    if (m == 0) { v[0] = q; z[1] = INFINITY; break; }
                    m -= 1; continue;
                }
                m += 1; v[m] = q; z[m] = s; z[m + 1] = INFINITY; break;
            }
        }
        m = 0;
        for (ll q = 0; q < len; ++q) {
            while (z[m + 1] < (double)q) m += 1;
            ll p = v[m];
            double dx = (double)(q - p);
            dst[base + q * stride] = w * dx * dx + F(p);
        }
        #undef F
    }
}

extern "C" __global__ void nd_label_init(const double* __restrict__ x, ll* __restrict__ lab, ll n) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x)
        lab[i] = x[i] != 0.0 ? i : -1;
}

// one propagation step: every foreground element takes the smallest label among itself, its
// neighbours (offsets and their negations) and its label's label
extern "C" __global__ void nd_label_step(ll* lab, const ll* __restrict__ shape, ll ndim,
        const ll* __restrict__ offs, ll noff, ll n, int* changed) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        ll cur = lab[i];
        if (cur < 0) continue;
        ll coord[ND_MAXD];
        ll rem = i;
        for (ll d = ndim - 1; d >= 0; --d) { coord[d] = rem % shape[d]; rem /= shape[d]; }
        ll m = cur;
        ll via = lab[cur];
        if (via >= 0 && via < m) m = via;
        for (ll o = 0; o < 2 * noff; ++o) {
            ll sgn = o < noff ? 1 : -1;
            const ll* off = offs + (o % noff) * ndim;
            ll j = 0; bool ok = true;
            for (ll d = 0; d < ndim; ++d) {
                ll cc = coord[d] + sgn * off[d];
                if (cc < 0 || cc >= shape[d]) { ok = false; break; }
                j = j * shape[d] + cc;
            }
            if (!ok) continue;
            ll lj = lab[j];
            if (lj >= 0 && lj < m) m = lj;
        }
        if (m < cur) {
            atomicMin((unsigned long long*)&lab[i], (unsigned long long)m);
            atomicMin((unsigned long long*)&lab[cur], (unsigned long long)m);
            *changed = 1;
        }
    }
}

extern "C" __global__ void nd_label_roots(const ll* __restrict__ lab, ll* __restrict__ root, ll n) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x)
        root[i] = lab[i] == i ? 1 : 0;
}

extern "C" __global__ void nd_label_final(const ll* __restrict__ lab, const ll* __restrict__ num,
        int* __restrict__ out, ll n) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x)
        out[i] = lab[i] >= 0 ? (int)num[lab[i]] : 0;
}

extern "C" __global__ void nd_bbox(const ll* __restrict__ lab, ll n, const ll* __restrict__ shape,
        ll ndim, ll m, ll* bmin, ll* bmax) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        ll l = lab[i];
        if (l <= 0 || l > m) continue;
        ll rem = i;
        for (ll d = ndim - 1; d >= 0; --d) {
            ll c = rem % shape[d]; rem /= shape[d];
            atomicMin(&bmin[(l - 1) * ndim + d], c);
            atomicMax(&bmax[(l - 1) * ndim + d], c + 1);
        }
    }
}

__device__ void nd_atomic_min(double* a, double v) {
    unsigned long long* p = (unsigned long long*)a;
    unsigned long long old = *p, assumed;
    while (v < __longlong_as_double(old)) {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(v));
        if (old == assumed) break;
    }
}

__device__ void nd_atomic_max(double* a, double v) {
    unsigned long long* p = (unsigned long long*)a;
    unsigned long long old = *p, assumed;
    while (v > __longlong_as_double(old)) {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(v));
        if (old == assumed) break;
    }
}

// the first position of value v in the sorted index (k entries), or k
__device__ ll nd_lower_bound(const ll* s, ll k, ll v) {
    ll lo = 0, hi = k;
    while (lo < hi) { ll mid = (lo + hi) / 2; if (s[mid] < v) lo = mid + 1; else hi = mid; }
    return lo;
}

// pass 0: count, sum, min, max, coordinate sums; pass 1: centred sum of squares (mean given)
extern "C" __global__ void nd_label_stats(const double* __restrict__ x, const ll* __restrict__ lab, ll n,
        const ll* __restrict__ sidx, const ll* __restrict__ perm, ll k, ll all_positive,
        const ll* __restrict__ shape, ll ndim, ll want_com, ll pass, double* cnt, double* sum,
        double* mn, double* mx, double* com, const double* __restrict__ mean, double* css) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        ll l = lab[i];
        double v = x[i];
        ll p, pend;
        if (all_positive) {
            if (l <= 0) continue;
            p = 0; pend = 1;
        } else {
            p = nd_lower_bound(sidx, k, l);
            pend = p;
            while (pend < k && sidx[pend] == l) ++pend;
        }
        for (; p < pend; ++p) {
            ll g = all_positive ? 0 : perm[p];
            if (pass == 0) {
                atomicAdd(&cnt[g], 1.0);
                atomicAdd(&sum[g], v);
                nd_atomic_min(&mn[g], v);
                nd_atomic_max(&mx[g], v);
                if (want_com) {
                    ll rem = i;
                    for (ll d = ndim - 1; d >= 0; --d) {
                        ll c = rem % shape[d]; rem /= shape[d];
                        atomicAdd(&com[g * ndim + d], v * (double)c);
                    }
                }
            } else {
                double dv = v - mean[g];
                atomicAdd(&css[g], dv * dv);
            }
        }
    }
}

// fourier_ellipsoid's factor from the scaled frequency distance d (in place): 2 J1(d) / d in
// 2-d, 3 (sin d - d cos d) / d^3 in 3-d, 1 where d == 0 (scipy's ni_fourier.c)
extern "C" __global__ void nd_ellipsoid(double* d, ll n, ll ndim) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        double r = d[i];
        double f = 1.0;
        if (r > 0.0) {
            if (ndim == 2) f = 2.0 * j1(r) / r;
            else f = 3.0 * (sin(r) - r * cos(r)) / (r * r * r);
        }
        d[i] = f;
    }
}
