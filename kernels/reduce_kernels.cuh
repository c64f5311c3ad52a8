// cuprum reduction/scan entry points: instantiated after reduce.cuh and a generated prefix that
// defines IN_T, C_T, OUT_T, VMAX and either `Op` (reductions) or `Scan` with R_SCAN (scans).
// Kernel names are fixed; each specialization is its own NVRTC module.

#ifndef R_SCAN
typedef Op::acc_t ACC;

extern "C" __global__ void r_accsize(i64* out) { *out = (i64)sizeof(ACC); }

extern "C" __global__ void __launch_bounds__(256) r_all1_v(const IN_T* x, i64 n, ACC* part, RParams p) {
    all_pass1<Op, VMAX>(x, n, part, p);
}
extern "C" __global__ void __launch_bounds__(256) r_all1_s(const IN_T* x, i64 n, ACC* part, RParams p) {
    all_pass1<Op, 1>(x, n, part, p);
}
extern "C" __global__ void __launch_bounds__(256) r_all2(const ACC* part, i64 nparts, OUT_T* out, i64 n, RParams p) {
    all_pass2<Op>(part, nparts, out, n, p);
}
extern "C" __global__ void __launch_bounds__(256) r_rowsb_v(const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams p) {
    rows_block<Op, VMAX>(x, rows, cols, rs, out, p);
}
extern "C" __global__ void __launch_bounds__(256) r_rowsb_s(const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams p) {
    rows_block<Op, 1>(x, rows, cols, rs, out, p);
}
extern "C" __global__ void __launch_bounds__(256) r_rowsw_v(const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams p) {
    rows_warp<Op, VMAX>(x, rows, cols, rs, out, p);
}
extern "C" __global__ void __launch_bounds__(256) r_rowsw_s(const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams p) {
    rows_warp<Op, 1>(x, rows, cols, rs, out, p);
}
extern "C" __global__ void __launch_bounds__(256) r_cols1_v(const IN_T* x, i64 rows, i64 cols, i64 rs, i64 bs, i64 rps, ACC* part, RParams p) {
    cols_pass1<Op, VMAX>(x, rows, cols, rs, bs, rps, part, p);
}
extern "C" __global__ void __launch_bounds__(256) r_cols1_s(const IN_T* x, i64 rows, i64 cols, i64 rs, i64 bs, i64 rps, ACC* part, RParams p) {
    cols_pass1<Op, 1>(x, rows, cols, rs, bs, rps, part, p);
}
extern "C" __global__ void __launch_bounds__(256) r_cols2(const ACC* part, i64 splits, i64 cols, i64 nb, OUT_T* out, i64 rows, RParams p) {
    cols_pass2<Op>(part, splits, cols, nb, out, rows, p);
}
#else
extern "C" __global__ void __launch_bounds__(256) r_scan_lines(const IN_T* x, OUT_T* y, i64 outer, i64 len, i64 inner) {
    scan_lines<Scan>(x, y, outer, len, inner);
}
extern "C" __global__ void __launch_bounds__(256) r_scan_c1(const IN_T* x, OUT_T* y, i64 outer, i64 len, i64 inner, i64 chunk, i64 nchunks, C_T* totals) {
    scan_chunks1<Scan>(x, y, outer, len, inner, chunk, nchunks, totals);
}
extern "C" __global__ void __launch_bounds__(256) r_scan_c2(C_T* totals, i64 nlines, i64 nchunks) {
    scan_chunks2<Scan>(totals, nlines, nchunks);
}
extern "C" __global__ void __launch_bounds__(256) r_scan_c3(OUT_T* y, i64 outer, i64 len, i64 inner, i64 chunk, i64 nchunks, const C_T* totals) {
    scan_chunks3<Scan>(y, outer, len, inner, chunk, nchunks, totals);
}
#endif
