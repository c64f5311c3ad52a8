// The grouped measurements of cuprum-ndimage on CUDA (crates/cuprum-ndimage/src/measure_cuda.rs):
// each element's group slot, per-slot extrema and their first positions, histograms and medians
// of values sorted by (slot, value). Slots: 0..k the groups, k the elements of no group, k + 1
// always empty. Grid-stride loops; 64-bit indices throughout.
typedef long long ll;
typedef unsigned long long ull;

__device__ ll ndm_lower_bound(const ll* s, ll k, ll v) {
    ll lo = 0, hi = k;
    while (lo < hi) { ll mid = (lo + hi) / 2; if (s[mid] < v) lo = mid + 1; else hi = mid; }
    return lo;
}

// mode 0: every element in slot 0; mode 1: a positive label in slot 0, else slot k;
// mode 2: the slot of the label in the sorted distinct index values uidx[0..k], else k
extern "C" __global__ void ndm_group_id(const ll* __restrict__ lab, ll n, const ll* __restrict__ uidx,
        ll k, ll mode, ll* __restrict__ gid) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        ll g;
        if (mode == 0) {
            g = 0;
        } else if (mode == 1) {
            g = lab[i] > 0 ? 0 : k;
        } else {
            ll l = lab[i];
            ll p = ndm_lower_bound(uidx, k, l);
            g = (p < k && uidx[p] == l) ? p : k;
        }
        gid[i] = g;
    }
}

__device__ void ndm_atomic_min(double* a, double v) {
    ull* p = (ull*)a;
    ull old = *p, assumed;
    while (v < __longlong_as_double(old)) {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(v));
        if (old == assumed) break;
    }
}

__device__ void ndm_atomic_max(double* a, double v) {
    ull* p = (ull*)a;
    ull old = *p, assumed;
    while (v > __longlong_as_double(old)) {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(v));
        if (old == assumed) break;
    }
}

// mn, mx: one per slot, filled with +inf / -inf
extern "C" __global__ void ndm_minmax(const double* __restrict__ x, const ll* __restrict__ gid, ll n,
        double* mn, double* mx) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        ll g = gid[i];
        ndm_atomic_min(&mn[g], x[i]);
        ndm_atomic_max(&mx[g], x[i]);
    }
}

// pos: one per slot, filled with n (none); the first (smallest flat) index whose value equals the
// slot's target
extern "C" __global__ void ndm_position(const double* __restrict__ x, const ll* __restrict__ gid, ll n,
        const double* __restrict__ target, ll* pos) {
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        ll g = gid[i];
        if (x[i] == target[g]) atomicMin((ull*)&pos[g], (ull)i);
    }
}

// out[s * ndim + d]: the coordinates of flat index pos[s]; zeros where pos[s] >= n (none)
extern "C" __global__ void ndm_unravel(const ll* __restrict__ pos, ll slots, ll n,
        const ll* __restrict__ shape, ll ndim, ll* __restrict__ out) {
    for (ll s = blockIdx.x * (ll)blockDim.x + threadIdx.x; s < slots; s += (ll)gridDim.x * blockDim.x) {
        ll rem = pos[s];
        bool none = rem >= n;
        for (ll d = ndim - 1; d >= 0; --d) {
            out[s * ndim + d] = none ? 0 : rem % shape[d];
            if (!none) rem /= shape[d];
        }
    }
}

// out[g * bins + b] += 1 for each value in [lo, hi] (NumPy's rule: hi in the last bin)
extern "C" __global__ void ndm_histogram(const double* __restrict__ x, const ll* __restrict__ gid, ll n,
        double lo, double hi, ll bins, ll* out) {
    double width = (hi - lo) / (double)bins;
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < n; i += (ll)gridDim.x * blockDim.x) {
        double v = x[i];
        if (!(v >= lo && v <= hi)) continue;
        ll b;
        if (v == hi || width == 0.0) {
            b = bins - 1;
        } else {
            b = (ll)((v - lo) / width);
            if (b > bins - 1) b = bins - 1;
        }
        atomicAdd((ull*)&out[gid[i] * bins + b], 1ULL);
    }
}

// the median of each slot's run sx[start[s] .. start[s] + cnt[s]] (sorted), 0 for an empty run
extern "C" __global__ void ndm_median(const double* __restrict__ sx, const ll* __restrict__ start,
        const ll* __restrict__ cnt, ll slots, double* __restrict__ out) {
    for (ll s = blockIdx.x * (ll)blockDim.x + threadIdx.x; s < slots; s += (ll)gridDim.x * blockDim.x) {
        ll c = cnt[s], b = start[s];
        out[s] = c == 0 ? 0.0 : 0.5 * (sx[b + (c - 1) / 2] + sx[b + c / 2]);
    }
}
