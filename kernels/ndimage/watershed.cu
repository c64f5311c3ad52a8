// watershed_ift on CUDA (crates/cuprum-ndimage/src/watershed.rs): SciPy's ni_measure.c
// NI_WatershedIFT, the image foresting transform over FIFO buckets of cost 0..maxval, run by one
// thread so that every tie is broken as SciPy breaks it (object markers enter bucket 0 at its
// front, background markers at its back; an improved neighbour enters its bucket at the front,
// or at the back when its label is negative). -1 is "no element" in the links.
typedef long long ll;

extern "C" __global__ void ndw_watershed(const int* __restrict__ x, ll* __restrict__ out, ll size,
        ll maxval, const ll* __restrict__ nstr, ll nneigh, const ll* __restrict__ shape,
        const ll* __restrict__ strides, ll ndim, int* cost, ll* nxt, ll* prv,
        unsigned char* done, ll* first, ll* last) {
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    for (ll h = 0; h <= maxval; ++h) { first[h] = -1; last[h] = -1; }
    for (ll j = 0; j < size; ++j) {
        done[j] = 0; nxt[j] = -1; prv[j] = -1;
        ll label = out[j];
        if (label != 0) {
            cost[j] = 0;
            if (first[0] < 0) {
                first[0] = j; last[0] = j;
            } else if (label > 0) {
                nxt[j] = first[0]; prv[first[0]] = j; first[0] = j;
            } else {
                prv[j] = last[0]; nxt[last[0]] = j; last[0] = j;
            }
        } else {
            cost[j] = (int)(maxval + 1);
        }
    }
    for (ll jj = 0; jj <= maxval; ++jj) {
        while (first[jj] >= 0) {
            ll v = first[jj];
            first[jj] = nxt[v];
            if (first[jj] >= 0) prv[first[jj]] = -1;
            prv[v] = -1; nxt[v] = -1;
            done[v] = 1;
            for (ll h = 0; h < nneigh; ++h) {
                ll p = v + nstr[h];
                ll idx = p;
                bool outside = false;
                for (ll q = 0; q < ndim; ++q) {
                    ll cc = idx / strides[q];
                    if (cc < 0 || cc >= shape[q]) { outside = true; break; }
                    idx -= cc * strides[q];
                }
                if (outside || done[p]) continue;
                int wvp = x[p] - x[v];
                if (wvp < 0) wvp = -wvp;
                int pcost = cost[p];
                int mx = cost[v] > wvp ? cost[v] : wvp;
                if (mx < pcost) {
                    cost[p] = mx;
                    ll label = out[v];
                    out[p] = label;
                    if (nxt[p] >= 0 || prv[p] >= 0) {
                        ll pr = prv[p], nx = nxt[p];
                        if (first[pcost] == p) first[pcost] = nx;
                        if (last[pcost] == p) last[pcost] = pr;
                        if (pr >= 0) nxt[pr] = nx;
                        if (nx >= 0) prv[nx] = pr;
                    }
                    if (label < 0) {
                        prv[p] = last[mx]; nxt[p] = -1;
                        if (last[mx] >= 0) nxt[last[mx]] = p;
                        last[mx] = p;
                        if (first[mx] < 0) first[mx] = p;
                    } else {
                        nxt[p] = first[mx]; prv[p] = -1;
                        if (first[mx] >= 0) prv[first[mx]] = p;
                        first[mx] = p;
                        if (last[mx] < 0) last[mx] = p;
                    }
                }
            }
        }
    }
}
