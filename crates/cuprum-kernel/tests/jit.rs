//! `#[jit::kernel]`: kernels written in Rust, on every device.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Device};
use cuprum_kernel::{KernelError, args, jit};

fn arr<T: cuprum_core::Element>(v: Vec<T>, shape: &[usize], d: Device) -> Array {
    Array::from_vec_on(v, shape, d).unwrap()
}

#[jit::kernel]
fn axpy<T>(x: &[T], y: &mut [T], a: T) {
    let i = grid(1);
    if i < x.len() {
        y[i] = a * x[i] + y[i];
    }
}

#[test]
fn generic_axpy_on_every_dtype() {
    for d in all_devices() {
        let x = arr(vec![1.0f32, 2.0, 3.0, 4.0, 5.0], &[5], d);
        let y = arr(vec![1.0f32; 5], &[5], d);
        axpy.launch(2, 4, args![&x, &y, 0.5]).unwrap();
        assert_eq!(y.to_vec::<f32>().unwrap(), vec![1.5, 2.0, 2.5, 3.0, 3.5]);
        let x = arr(vec![1.0f64, -2.0], &[2], d);
        let y = arr(vec![0.25f64, 0.5], &[2], d);
        axpy.elementwise(args![&x, &y, 3.0]).unwrap();
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.25, -5.5]);
        // integers wrap as in C
        let x = arr(vec![i32::MAX, 7], &[2], d);
        let y = arr(vec![1i32, 1], &[2], d);
        axpy.elementwise(args![&x, &y, 1]).unwrap();
        assert_eq!(y.to_vec::<i32>().unwrap(), vec![i32::MIN, 8]);
        let x = arr(vec![200u8, 3], &[2], d);
        let y = arr(vec![100u8, 1], &[2], d);
        axpy.elementwise(args![&x, &y, 1]).unwrap();
        assert_eq!(y.to_vec::<u8>().unwrap(), vec![44, 4]);
    }
}

/// CuPy's jit documentation: `elementwise_copy` with a grid-stride loop.
#[jit::kernel]
fn elementwise_copy<T>(x: &[T], y: &mut [T], size: usize) {
    let tid = grid(1);
    let ntid = gridsize(1);
    for i in (tid..size).step_by(ntid) {
        y[i] = x[i];
    }
}

#[test]
fn grid_stride_copy() {
    for d in all_devices() {
        let v: Vec<f32> = (0..1000).map(|i| i as f32 * 0.5).collect();
        let x = arr(v.clone(), &[1000], d);
        let y = arr(vec![0.0f32; 1000], &[1000], d);
        elementwise_copy
            .launch(3, 32, args![&x, &y, 1000usize])
            .unwrap();
        assert_eq!(y.to_vec::<f32>().unwrap(), v);
    }
}

/// A block reduction through shared memory and `syncthreads()` in a uniform loop.
#[jit::kernel]
fn block_sum<T>(x: &[T], out: &mut [T]) {
    let sm = shared_memory::<T>(256);
    let tid = thread_idx().x as usize;
    let i = grid(1);
    let v = if i < x.len() { x[i] } else { 0 as T };
    sm[tid] = v;
    syncthreads();
    let mut s = block_dim().x as usize / 2;
    while s > 0 {
        if tid < s {
            sm[tid] = sm[tid] + sm[tid + s];
        }
        syncthreads();
        s /= 2;
    }
    if tid == 0 {
        out[block_idx().x as usize] = sm[0];
    }
}

#[test]
fn shared_memory_reduction() {
    for d in all_devices() {
        let n = 1000;
        let v: Vec<i64> = (0..n as i64).map(|i| i * i - 7).collect();
        let x = arr(v.clone(), &[n], d);
        let out = arr(vec![0i64; 4], &[4], d);
        block_sum.launch(4, 256, args![&x, &out]).unwrap();
        let got = out.to_vec::<i64>().unwrap();
        for b in 0..4 {
            let want: i64 = v[(b * 256).min(n)..((b + 1) * 256).min(n)].iter().sum();
            assert_eq!(got[b], want);
        }
        let xf = arr(vec![0.5f32; 300], &[300], d);
        let of = arr(vec![0.0f32; 2], &[2], d);
        block_sum.launch(2, 256, args![&xf, &of]).unwrap();
        assert_eq!(of.to_vec::<f32>().unwrap(), vec![128.0, 22.0]);
    }
}

/// `if t < u` alone between barriers, `t` the thread's x index: the CPU runs only the threads
/// below `u` in 1-D blocks, every thread in others.
#[jit::kernel]
fn count_below(count: &mut [u32], u: i64) {
    let t = thread_idx().x as i64;
    syncthreads();
    if t < u {
        atomic_add(count, thread_idx().y as usize, 1);
    }
}

#[test]
fn threads_below_a_uniform_bound() {
    for d in all_devices() {
        for u in [-3i64, 0, 1, 5, 99, 100, 101, 1 << 40] {
            let c = arr(vec![0u32; 2], &[2], d);
            count_below.launch(3, 100, args![&c, u]).unwrap();
            let want = 3 * u.clamp(0, 100) as u32;
            assert_eq!(c.to_vec::<u32>().unwrap(), vec![want, 0], "1-D, u = {u}");
            let c = arr(vec![0u32; 2], &[2], d);
            count_below.launch(3, (16, 2), args![&c, u]).unwrap();
            let want = 3 * u.clamp(0, 16) as u32;
            assert_eq!(c.to_vec::<u32>().unwrap(), vec![want, want], "2-D, u = {u}");
        }
    }
}

/// CuPy's atomic histogram.
#[jit::kernel]
fn histogram(x: &[i32], hist: &mut [u32]) {
    let start = grid(1);
    let stride = gridsize(1);
    let mut i = start;
    while i < x.len() {
        let b = x[i] as usize % hist.len();
        atomic_add(hist, b, 1);
        i += stride;
    }
}

#[test]
fn atomic_histogram() {
    for d in all_devices() {
        let v: Vec<i32> = (0..10_000).map(|i| (i * 7919) % 13).collect();
        let x = arr(v.clone(), &[10_000], d);
        let h = arr(vec![0u32; 13], &[13], d);
        histogram.launch(8, 64, args![&x, &h]).unwrap();
        let mut want = vec![0u32; 13];
        for &b in &v {
            want[b as usize] += 1;
        }
        assert_eq!(h.to_vec::<u32>().unwrap(), want);
    }
}

/// A warp-shuffle reduction (`shfl_down_sync` in a loop), one atomic per warp.
#[jit::kernel]
fn warp_sum(x: &[f32], out: &mut [f32]) {
    let i = grid(1);
    let mut v = if i < x.len() { x[i] } else { 0.0 };
    let mut off = 16u32;
    while off > 0 {
        v += shfl_down_sync(0xffffffff, v, off);
        off /= 2;
    }
    if laneid() == 0 {
        atomic_add(out, 0, v);
    }
}

#[test]
fn warp_shuffle_reduction() {
    for d in all_devices() {
        let x = arr((0..1000).map(|i| i as f32).collect::<Vec<_>>(), &[1000], d);
        let out = arr(vec![0.0f32], &[1], d);
        warp_sum.launch(4, 256, args![&x, &out]).unwrap();
        assert_eq!(out.to_vec::<f32>().unwrap(), vec![499_500.0]);
    }
}

/// A block reduction through warps: warp sums to shared memory, then the first warp reduces
/// them (warp operations under a thread-dependent `if`).
#[jit::kernel]
fn block_warp_sum(x: &[i32], out: &mut [i32]) {
    let sm = shared_memory::<i32>(32);
    let lane = laneid();
    let w = thread_idx().x / 32;
    let i = grid(1);
    let mut v = if i < x.len() { x[i] } else { 0 };
    for k in 0..5 {
        v += shfl_xor_sync(0xffffffff, v, 1u32 << k);
    }
    if lane == 0 {
        sm[w as usize] = v;
    }
    syncthreads();
    if w == 0 {
        let nw = block_dim().x / 32;
        let mut u = if lane < nw { sm[lane as usize] } else { 0 };
        let mut off = 16u32;
        while off > 0 {
            u += shfl_down_sync(0xffffffff, u, off);
            off /= 2;
        }
        if lane == 0 {
            out[block_idx().x as usize] = u;
        }
    }
}

#[test]
fn warps_under_a_thread_dependent_branch() {
    for d in all_devices() {
        let v: Vec<i32> = (0..512).map(|i| (i % 17) - 5).collect();
        let x = arr(v.clone(), &[512], d);
        let out = arr(vec![0i32; 2], &[2], d);
        block_warp_sum.launch(2, 256, args![&x, &out]).unwrap();
        let want: Vec<i32> = (0..2)
            .map(|b| v[b * 256..(b + 1) * 256].iter().sum())
            .collect();
        assert_eq!(out.to_vec::<i32>().unwrap(), want);
    }
}

#[jit::kernel]
fn votes(
    x: &[i32],
    all: &mut [i32],
    any: &mut [i32],
    ballot: &mut [u32],
    up: &mut [i32],
    idx: &mut [i32],
) {
    let t = thread_idx().x as usize;
    let p = x[t] > 0;
    let a = all_sync(0xffffffff, p);
    let b = any_sync(0xffffffff, p);
    let c = ballot_sync(0xffffffff, p);
    let u = shfl_up_sync(0xffffffff, x[t], 1);
    let s = shfl_sync(0xffffffff, x[t], 3);
    all[t] = a as i32;
    any[t] = b as i32;
    ballot[t] = c;
    up[t] = u;
    idx[t] = s;
}

#[test]
fn warp_votes_and_shuffles() {
    for d in all_devices() {
        let v: Vec<i32> = (0..64)
            .map(|i| if i < 32 { i + 1 } else { i % 2 })
            .collect();
        let x = arr(v.clone(), &[64], d);
        let z = || arr(vec![0i32; 64], &[64], d);
        let (all, any, up, idx) = (z(), z(), z(), z());
        let ballot = arr(vec![0u32; 64], &[64], d);
        votes
            .launch(1, 64, args![&x, &all, &any, &ballot, &up, &idx])
            .unwrap();
        let all = all.to_vec::<i32>().unwrap();
        assert_eq!((all[0], all[40]), (1, 0));
        let any = any.to_vec::<i32>().unwrap();
        assert_eq!((any[0], any[40]), (1, 1));
        let ballot = ballot.to_vec::<u32>().unwrap();
        assert_eq!((ballot[0], ballot[63]), (0xffff_ffff, 0xaaaa_aaaa));
        let up = up.to_vec::<i32>().unwrap();
        assert_eq!(&up[..3], &[1, 1, 2]);
        assert_eq!(&up[32..35], &[0, 0, 1]);
        let idx = idx.to_vec::<i32>().unwrap();
        assert_eq!((idx[0], idx[31], idx[32], idx[63]), (4, 4, 1, 1));
    }
}

#[jit::kernel]
fn atomics(a: &mut [i32], f: &mut [f64], old: &mut [i32]) {
    let t = thread_idx().x as i32;
    atomic_add(a, 0, t);
    atomic_sub(a, 1, t);
    atomic_max(a, 2, t);
    atomic_min(a, 3, t);
    atomic_or(a, 4, 1 << (t % 31));
    atomic_xor(a, 5, t);
    atomic_and(a, 6, !(1 << (t % 31)));
    atomic_add(f, 0, 0.5);
    atomic_min(f, 1, t as f64 - 3.0);
    if t == 5 {
        old[0] = atomic_exch(a, 7, 42);
        old[1] = atomic_cas(a, 8, 9, 100);
        old[2] = atomic_cas(a, 8, 9, 200);
    }
}

#[test]
fn atomic_operations() {
    for d in all_devices() {
        let a = arr(vec![0, 0, -5, 1000, 0, 0, -1, 7, 9], &[9], d);
        let f = arr(vec![0.0f64, 100.0], &[2], d);
        let old = arr(vec![0i32; 3], &[3], d);
        atomics.launch(1, 40, args![&a, &f, &old]).unwrap();
        let a = a.to_vec::<i32>().unwrap();
        let s: i32 = (0..40).sum();
        let x = (0..40).fold(0, |x, t| x ^ t);
        let or = (0..40).fold(0, |o, t| o | (1 << (t % 31)));
        let and = (0..40).fold(-1, |o, t: i32| o & !(1 << (t % 31)));
        assert_eq!(a, vec![s, -s, 39, 0, or, x, and, 42, 100]);
        assert_eq!(f.to_vec::<f64>().unwrap(), vec![20.0, -3.0]);
        assert_eq!(old.to_vec::<i32>().unwrap(), vec![7, 9, 100]);
    }
}

/// 2-d indexing with `grid(2)`, casts, math and constants.
#[jit::kernel]
fn transpose_scale(x: &[f64], y: &mut [f64], s: f64) {
    let (j, i) = grid(2);
    if i < x.shape(0) && j < x.shape(1) {
        let v = x[(i, j)];
        y[(j, i)] = (v * s).sqrt().max(0.5) + f64::consts::PI.floor() - (i as f64).powi(2);
    }
}

#[test]
fn two_d_indexing_and_math() {
    for d in all_devices() {
        let v: Vec<f64> = (0..6).map(|i| i as f64).collect();
        let x = arr(v.clone(), &[2, 3], d);
        let y = arr(vec![0.0f64; 6], &[3, 2], d);
        transpose_scale
            .launch((1, 1), (4, 4), args![&x, &y, 2.0])
            .unwrap();
        let got = y.to_vec::<f64>().unwrap();
        for i in 0..2 {
            for j in 0..3 {
                let want = (v[i * 3 + j] * 2.0).sqrt().max(0.5) + 3.0 - (i * i) as f64;
                assert_eq!(got[j * 2 + i], want);
            }
        }
        // the array's dimensions must match its indexing
        let x1 = arr(v.clone(), &[6], d);
        let e = transpose_scale
            .launch(1, 32, args![&x1, &y, 2.0])
            .unwrap_err();
        assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
    }
}

/// Control flow: early return, `loop`/`break`/`continue`, integer ops, if-else chains.
#[jit::kernel]
fn collatz(x: &[u64], steps: &mut [i32]) {
    let i = grid(1);
    if i >= x.len() {
        return;
    }
    let mut n = x[i];
    let mut k = 0;
    loop {
        if n <= 1 {
            break;
        }
        k += 1;
        if n % 2 == 0 {
            n >>= 1;
            continue;
        } else if n > 1000000000000 {
            k = -1;
            break;
        } else {
            n = 3 * n + 1;
        }
    }
    steps[i] = k;
}

#[test]
fn control_flow() {
    for d in all_devices() {
        let x = arr(vec![1u64, 2, 3, 6, 7, 27], &[6], d);
        let s = arr(vec![0i32; 6], &[6], d);
        collatz.elementwise(args![&x, &s]).unwrap();
        assert_eq!(s.to_vec::<i32>().unwrap(), vec![0, 1, 7, 8, 16, 111]);
    }
}

/// Threads that return before a barrier leave the others to go on.
#[jit::kernel]
fn shift_left(x: &[f32], y: &mut [f32]) {
    let sm = shared_memory::<f32>(64);
    let t = thread_idx().x as usize;
    if t >= x.len() {
        return;
    }
    sm[t] = x[t] * 2.0;
    syncthreads();
    let n = x.len();
    y[t] = sm[(t + 1) % n];
}

#[test]
fn return_before_a_barrier() {
    for d in all_devices() {
        let x = arr(vec![1.0f32, 2.0, 3.0], &[3], d);
        let y = arr(vec![0.0f32; 3], &[3], d);
        shift_left.launch(1, 64, args![&x, &y]).unwrap();
        assert_eq!(y.to_vec::<f32>().unwrap(), vec![4.0, 6.0, 2.0]);
    }
}

#[jit::kernel]
fn oob(y: &mut [f32]) {
    let i = grid(1);
    y[i] = 1.0;
}

#[test]
fn errors() {
    let d = Device::Cpu;
    let x = arr(vec![1.0f32; 3], &[3], d);
    let y = arr(vec![1.0f64; 3], &[3], d);
    let e = axpy.launch(1, 4, args![&x, &y, 1.0]).unwrap_err();
    assert!(matches!(e, KernelError::PlaceholderConflict { .. }), "{e}");
    let e = axpy.launch(1, 4, args![&x, &x]).unwrap_err();
    assert!(matches!(e, KernelError::ArgCount { .. }), "{e}");
    let e = axpy.launch(1, 4, args![&x, 1.0, 1.0]).unwrap_err();
    assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
    let e = axpy.launch(0, 4, args![&x, &x, 1.0]).unwrap_err();
    assert!(matches!(e, KernelError::Launch { .. }), "{e}");
    let e = axpy.launch(1, 2048, args![&x, &x, 1.0]).unwrap_err();
    assert!(matches!(e, KernelError::Launch { .. }), "{e}");
    let h = arr(vec![1i64; 3], &[3], d);
    let e = histogram.launch(1, 4, args![&h, &h]).unwrap_err();
    assert!(matches!(e, KernelError::DTypeMismatch { .. }), "{e}");
    let b = arr(vec![true; 3], &[3], d);
    let e = axpy.launch(1, 4, args![&b, &b, 1]).unwrap_err();
    assert!(matches!(e, KernelError::UnsupportedDType { .. }), "{e}");
    let e = oob.launch(1, 8, args![&x]).unwrap_err();
    assert!(e.to_string().contains("out of bounds"), "{e}");
    // the elements in bounds were written
    assert_eq!(x.to_vec::<f32>().unwrap(), vec![1.0; 3]);
    // a non-contiguous written array is refused; a read one is copied
    let m = arr((0..6).map(|i| i as f32).collect(), &[2, 3], d);
    let t = m.transpose().unwrap();
    let e = axpy.launch(1, 8, args![&x, &t, 1.0]).unwrap_err();
    assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
    let out = arr(vec![0.0f32; 6], &[6], d);
    elementwise_copy
        .launch(1, 8, args![&t, &out, 6usize])
        .unwrap();
    assert_eq!(
        out.to_vec::<f32>().unwrap(),
        vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
    );
}

#[test]
fn in_place_aliasing() {
    for d in all_devices() {
        let x = arr(vec![1.0f32, 2.0, 3.0], &[3], d);
        axpy.elementwise(args![&x, &x, 2.0]).unwrap();
        assert_eq!(x.to_vec::<f32>().unwrap(), vec![3.0, 6.0, 9.0]);
    }
}

#[test]
fn cuda_source_is_typed_per_call() {
    let s = block_sum.cuda_source(&[DType::Float32]);
    assert!(s.contains("typedef float T;"), "{s}");
    assert!(s.contains("extern \"C\" __global__ void jit_block_sum(const T* p_x, long long p_x_len, long long p_x_d0, T* p_out"), "{s}");
    assert!(s.contains("__shared__ T s_sm_"), "{s}");
    assert!(s.contains("__syncthreads();"), "{s}");
    let s = warp_sum.cuda_source(&[]);
    assert!(s.contains("__shfl_down_sync(4294967295u, v_"), "{s}");
    let s = transpose_scale.cuda_source(&[]);
    assert!(s.contains("p_x_d1"), "{s}");
    assert_eq!(axpy.name(), "axpy");
}

/// A tiled matrix product: 2-d blocks, two shared tiles, `syncthreads()` inside a uniform
/// `for` over the tiles.
#[jit::kernel]
fn matmul_tiled(a: &[f32], b: &[f32], c: &mut [f32], n: usize) {
    let sa = shared_memory::<f32>(64);
    let sb = shared_memory::<f32>(64);
    let tx = thread_idx().x as usize;
    let ty = thread_idx().y as usize;
    let row = block_idx().y as usize * 8 + ty;
    let col = block_idx().x as usize * 8 + tx;
    let mut acc = 0.0f32;
    for t in 0..(n + 7) / 8 {
        sa[ty * 8 + tx] = if row < n && t * 8 + tx < n {
            a[row * n + t * 8 + tx]
        } else {
            0.0
        };
        sb[ty * 8 + tx] = if col < n && t * 8 + ty < n {
            b[(t * 8 + ty) * n + col]
        } else {
            0.0
        };
        syncthreads();
        for k in 0..8 {
            acc += sa[ty * 8 + k] * sb[k * 8 + tx];
        }
        syncthreads();
    }
    if row < n && col < n {
        c[row * n + col] = acc;
    }
}

#[test]
fn tiled_matmul() {
    for d in all_devices() {
        let n = 13;
        let av: Vec<f32> = (0..n * n).map(|i| ((i * 7) % 5) as f32 - 2.0).collect();
        let bv: Vec<f32> = (0..n * n).map(|i| ((i * 3) % 7) as f32 - 3.0).collect();
        let (a, b) = (arr(av.clone(), &[n, n], d), arr(bv.clone(), &[n, n], d));
        let c = arr(vec![0.0f32; n * n], &[n, n], d);
        matmul_tiled
            .launch((2, 2), (8, 8), args![&a, &b, &c, n])
            .unwrap();
        let got = c.to_vec::<f32>().unwrap();
        for i in 0..n {
            for j in 0..n {
                let want: f32 = (0..n).map(|k| av[i * n + k] * bv[k * n + j]).sum();
                assert_eq!(got[i * n + j], want, "({i}, {j})");
            }
        }
    }
}

/// A grid beyond CUDA's limits is refused on every device (on the CPU a grid of
/// (2^32 - 1)^3 blocks once overflowed the block count).
#[test]
fn grids_beyond_cuda_limits_are_refused() {
    for d in all_devices() {
        let x = arr(vec![1.0f32; 3], &[3], d);
        for g in [
            (1u32 << 31, 1, 1),
            (1, 65536, 1),
            (1, 1, 65536),
            (u32::MAX, u32::MAX, u32::MAX),
        ] {
            let e = axpy.launch(g, 4, args![&x, &x, 1.0]).unwrap_err();
            assert!(matches!(e, KernelError::Launch { .. }), "{g:?}: {e}");
        }
        // a block whose thread count overflows 64 bits (2^31 * 2^31 * 4 wrapped to 0)
        let e = axpy
            .launch(1, (1u32 << 31, 1u32 << 31, 4), args![&x, &x, 1.0])
            .unwrap_err();
        assert!(matches!(e, KernelError::Launch { .. }), "{e}");
        assert_eq!(x.to_vec::<f32>().unwrap(), vec![1.0; 3]);
    }
}

/// `(a..=b).step_by(s)` in every thread (plain Rust on the CPU).
#[jit::kernel]
fn loop_count(count: &mut [u32], a: i32, b: i32, s: i32) {
    for i in (a..=b).step_by(s) {
        if i >= a {
            atomic_add(count, 0, 1);
        }
    }
}

/// The same loop holding `syncthreads()` (run once per block on the CPU).
#[jit::kernel]
fn loop_count_sync(count: &mut [u32], a: i32, b: i32, s: i32) {
    for i in (a..=b).step_by(s) {
        if thread_idx().x == 0 && i >= a {
            atomic_add(count, 0, 1);
        }
        syncthreads();
    }
}

/// A thread-dependent loop holding a warp shuffle (per-thread state on the CPU).
#[jit::kernel]
fn loop_count_warp(count: &mut [u32], a: u32, b: u32, s: u32) {
    let mut v = 1u32;
    for i in (a + laneid()..b).step_by(s) {
        let w = shfl_xor_sync(0xffffffff, v, 1);
        v = w & 1;
        if i >= a {
            atomic_add(count, 0, 1 + (v & 0));
        }
    }
}

/// Loops end as Rust's ranges do in every form of the generated code: a step that would pass
/// the type's end, a negative step (one iteration) or a zero step (1). A wrapping increment
/// once started such a loop over (a hang, found by the `jit` fuzz target).
#[test]
fn loops_end_where_rust_ranges_end() {
    for d in all_devices() {
        for (a, b, s, want) in [
            (5, 8, -2, 1u32),
            (i32::MAX - 1, i32::MAX, 1, 2),
            (0, i32::MAX, 1 << 30, 2),
            (0, 3, 0, 4),
            (-3, -1, 1, 3),
            (i32::MIN, i32::MIN + 2, i32::MAX, 1),
        ] {
            let c = arr(vec![0u32], &[1], d);
            loop_count.launch(1, 1, args![&c, a, b, s]).unwrap();
            assert_eq!(c.to_vec::<u32>().unwrap(), vec![want], "{a}..={b} by {s}");
            let c = arr(vec![0u32], &[1], d);
            loop_count_sync.launch(1, 4, args![&c, a, b, s]).unwrap();
            assert_eq!(c.to_vec::<u32>().unwrap(), vec![want], "{a}..={b} by {s}");
        }
        // each of 32 lanes starts at u32::MAX - 40 + lane; the second value would pass 2^32
        let c = arr(vec![0u32], &[1], d);
        loop_count_warp
            .launch(1, 32, args![&c, u32::MAX - 40, u32::MAX, 1u32 << 31])
            .unwrap();
        assert_eq!(c.to_vec::<u32>().unwrap(), vec![32]);
    }
}

/// An elementwise body (one `grid(1)` index, no barriers): on the CPU it runs as chunks of
/// consecutive threads over slices; the results and errors are the block path's.
#[jit::kernel]
fn fused<T>(x: &[T], y: &[T], z: &mut [T], a: T) {
    let i = grid(1);
    if i >= z.len() {
        return;
    }
    z[i] += x[i] * a - y[i];
}

#[jit::kernel]
fn thread_ids(out: &mut [u32]) {
    let i = grid(1);
    if i < out.len() {
        out[i] = thread_idx().x
            + block_idx().x * 100
            + laneid() * 1000
            + (block_dim().x + grid_dim().x + gridsize(1) as u32) * 100_000;
    }
}

#[test]
fn elementwise_bodies_over_many_chunks() {
    for d in all_devices() {
        // past several chunks of 32768 threads, and not a multiple of the block
        let n = 100_003usize;
        let xs: Vec<f64> = (0..n).map(|i| (i % 97) as f64 * 0.5).collect();
        let ys: Vec<f64> = (0..n).map(|i| (i % 13) as f64 - 6.0).collect();
        let x = arr(xs.clone(), &[n], d);
        let y = arr(ys.clone(), &[n], d);
        let z = arr(vec![1.0f64; n], &[n], d);
        fused
            .launch(n.div_ceil(256) as u32, 256, args![&x, &y, &z, 3.0])
            .unwrap();
        let want: Vec<f64> = (0..n).map(|i| 1.0 + xs[i] * 3.0 - ys[i]).collect();
        assert_eq!(z.to_vec::<f64>().unwrap(), want);
        // integers wrap on both paths
        let x = arr(vec![i64::MAX; 5], &[5], d);
        let y = arr(vec![-1i64; 5], &[5], d);
        let z = arr(vec![0i64; 5], &[5], d);
        fused.elementwise(args![&x, &y, &z, 1]).unwrap();
        assert_eq!(z.to_vec::<i64>().unwrap(), vec![i64::MIN; 5]);
        // a read array shorter than the written one: the threads past its end fault
        let x = arr(vec![1.0f32; 40_000], &[40_000], d);
        let y = arr(vec![1.0f32; 39_999], &[39_999], d);
        let z = arr(vec![0.0f32; 40_000], &[40_000], d);
        if d == Device::Cpu {
            let e = fused.elementwise(args![&x, &y, &z, 2.0]).unwrap_err();
            assert!(e.to_string().contains("out of bounds"), "{e}");
        }
        // the written array is also read: in place
        fused.elementwise(args![&x, &x, &x, 2.0]).unwrap();
        assert_eq!(x.to_vec::<f32>().unwrap(), vec![2.0; 40_000]);
    }
}

#[test]
fn thread_builtins_of_an_elementwise_body() {
    for d in all_devices() {
        let n = 200usize;
        let out = arr(vec![0u32; n], &[n], d);
        thread_ids.launch(3, 96, args![&out]).unwrap();
        let want: Vec<u32> = (0..n as u32)
            .map(|i| {
                let (t, b) = (i % 96, i / 96);
                t + b * 100 + (t % 32) * 1000 + (96 + 3 + 288) * 100_000
            })
            .collect();
        assert_eq!(out.to_vec::<u32>().unwrap(), want);
        // a two-dimensional launch takes the block path: the same values along x
        let out = arr(vec![0u32; 96], &[96], d);
        thread_ids.launch((1, 2), 96, args![&out]).unwrap();
        let want: Vec<u32> = (0..96u32)
            .map(|t| t + (t % 32) * 1000 + (96 + 1 + 96) * 100_000)
            .collect();
        assert_eq!(out.to_vec::<u32>().unwrap(), want);
    }
}
