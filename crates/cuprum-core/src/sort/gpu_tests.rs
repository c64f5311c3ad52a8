//! CUDA sorting against the host oracle: every real dtype (and complex, through the host path),
//! NaNs of several payloads and both signs, ±0, many duplicates, lengths around the tile sizes,
//! 0 and 1 elements, several shapes and axes. Every case runs with both CUDA sort algorithms
//! (onesweep and the LSD sort, see `cuda::Algo`). Skipped without a GPU (a failure with
//! `CUPRUM_REQUIRE_CUDA=1`); the kernel-source test runs wherever NVRTC loads.

use super::*;
use crate::test_util::cuda_devices;

use crate::Device;
use cuda::{Algo, with_algo};

/// Runs `f` once with each CUDA sort algorithm forced on this thread.
fn each_algo(mut f: impl FnMut(Algo)) {
    for a in [Algo::Onesweep, Algo::Lsd] {
        with_algo(a, || f(a));
    }
}

/// Every real dtype (`DType::ALL` without its two complex dtypes at the end).
fn real() -> impl Iterator<Item = DType> {
    DType::ALL.into_iter().filter(|d| !d.is_complex())
}

fn lcg(s: &mut u64) -> u64 {
    *s = s
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *s ^ (*s >> 31)
}

/// Raw little-endian bytes of `n` elements of `dtype`: few distinct values (duplicates), with
/// NaNs of both signs and several payloads, ±0 and ±inf for floats, and full-range words for a
/// part of the elements (every key byte matters).
fn input(dtype: DType, n: usize, seed: u64) -> Vec<u8> {
    let mut s = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let isz = dtype.itemsize();
    let mut out = Vec::with_capacity(n * isz);
    for _ in 0..n {
        let r = lcg(&mut s);
        let bits: u64 = match dtype {
            DType::Bool => r & 1,
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 => {
                let f = ((r >> 8) % 9) as f64 - 4.0;
                let special = |x: f64| -> u64 {
                    match dtype {
                        DType::Float16 => half::f16::from_f64(x).to_bits() as u64,
                        DType::BFloat16 => half::bf16::from_f64(x).to_bits() as u64,
                        DType::Float32 => (x as f32).to_bits() as u64,
                        _ => x.to_bits(),
                    }
                };
                let sign = 1u64 << (8 * isz - 1);
                let nan = match dtype {
                    DType::Float16 => 0x7e00u64,
                    DType::BFloat16 => 0x7fc0,
                    DType::Float32 => 0x7fc0_0000,
                    _ => 0x7ff8_0000_0000_0000,
                };
                match r % 16 {
                    0 => nan,
                    1 => nan | sign | 1,
                    2 => sign,         // -0.0
                    3 => special(0.0), // +0.0
                    4 => special(f64::INFINITY),
                    5 => special(f64::NEG_INFINITY),
                    6..=9 => {
                        // a random finite value (exponent below the max)
                        let w = lcg(&mut s);
                        let v = special(f64::from_bits(
                            (w & 0x800f_ffff_ffff_ffff) | ((w >> 52) % 2000 + 24) << 52,
                        ));
                        // a float32/16 rounding may produce inf; keep it, it is a valid key
                        v
                    }
                    _ => special(f),
                }
            }
            _ => {
                if r.is_multiple_of(4) {
                    lcg(&mut s)
                } else {
                    (r >> 8) % 7
                }
            }
        };
        out.extend_from_slice(&bits.to_le_bytes()[..isz]);
    }
    out
}

/// Element-wise equality by raw bits (NaN payloads and the sign of zero must survive).
fn assert_same(what: &str, gpu: &Array, cpu: &Array) {
    assert_eq!(gpu.shape(), cpu.shape(), "{what}: shape");
    assert_eq!(gpu.dtype(), cpu.dtype(), "{what}: dtype");
    let (g, c) = (gpu.to_bytes().unwrap(), cpu.to_bytes().unwrap());
    if g != c {
        let isz = gpu.dtype().itemsize();
        let i = g
            .chunks(isz)
            .zip(c.chunks(isz))
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{what}: first difference at element {i}: gpu {:?} cpu {:?}",
            &g[i * isz..(i + 1) * isz],
            &c[i * isz..(i + 1) * isz]
        );
    }
}

fn shapes() -> Vec<(Vec<usize>, Vec<Option<isize>>)> {
    vec![
        (vec![0], vec![Some(0), None]),
        (vec![1], vec![Some(0), None]),
        (vec![2], vec![Some(-1)]),
        (vec![4095], vec![Some(0)]),
        (vec![4097], vec![None]),
        (vec![40_000], vec![Some(0)]),
        (vec![300_001], vec![Some(0)]),
        (vec![3, 0], vec![Some(0), Some(1)]),
        (vec![5, 1], vec![Some(1), Some(0)]),
        (vec![7, 33], vec![Some(-1), Some(0), None]),
        (vec![300, 257], vec![Some(1), Some(0)]),
        (vec![2, 3, 5], vec![Some(0), Some(1), Some(2)]),
        (vec![70_000, 2], vec![Some(0), Some(1)]),
    ]
}

#[test]
fn cuda_sort_argsort_match_cpu() {
    each_algo(cuda_sort_argsort_match_cpu_with);
}

fn cuda_sort_argsort_match_cpu_with(algo: Algo) {
    for dev in cuda_devices() {
        let mut cases = 0;
        for dtype in real().chain([DType::Complex64]) {
            for (si, (shape, axes)) in shapes().into_iter().enumerate() {
                let n: usize = shape.iter().product();
                let bytes = if dtype == DType::Complex64 {
                    input(DType::Float32, 2 * n, si as u64)
                } else {
                    input(dtype, n, si as u64 * 31 + dtype.itemsize() as u64)
                };
                let host = Array::from_bytes_on(&bytes, &shape, dtype, Device::Cpu).unwrap();
                let gpu = host.to_device(dev).unwrap();
                for axis in axes {
                    let what = format!("{algo:?} {dtype} {shape:?} axis {axis:?}");
                    let gs = sort(&gpu, axis).unwrap();
                    assert_eq!(gs.device(), dev);
                    let cs = sort(&host, axis).unwrap();
                    assert_same(
                        &format!("sort {what}"),
                        &gs.to_device(Device::Cpu).unwrap(),
                        &cs,
                    );
                    let ga = argsort(&gpu, axis).unwrap();
                    let ca = argsort(&host, axis).unwrap();
                    assert_same(
                        &format!("argsort {what}"),
                        &ga.to_device(Device::Cpu).unwrap(),
                        &ca,
                    );
                    cases += 1;
                }
            }
            // a non-contiguous input: a transposed view
            let base = Array::from_bytes_on(&input(dtype, 600, 5), &[20, 30], dtype, Device::Cpu);
            if let Ok(base) = base {
                let g = base.to_device(dev).unwrap();
                let view = |a: &Array| a.transpose().unwrap();
                let gs = sort(&view(&g), Some(1)).unwrap();
                let cs = sort(&view(&base), Some(1)).unwrap();
                assert_same(
                    &format!("{algo:?} sort transposed {dtype}"),
                    &gs.to_device(Device::Cpu).unwrap(),
                    &cs,
                );
            }
        }
        eprintln!("{cases} sort/argsort cases on {dev} ({algo:?})");
    }
}

#[test]
fn cuda_unique_matches_cpu() {
    each_algo(cuda_unique_matches_cpu_with);
}

fn cuda_unique_matches_cpu_with(algo: Algo) {
    for dev in cuda_devices() {
        for dtype in real().chain([DType::Complex128]) {
            for shape in [vec![0], vec![1], vec![257], vec![50, 41], vec![300_003]] {
                let n: usize = shape.iter().product();
                let bytes = if dtype == DType::Complex128 {
                    input(DType::Float64, 2 * n, 9)
                } else {
                    input(dtype, n, 17 + n as u64)
                };
                let host = Array::from_bytes_on(&bytes, &shape, dtype, Device::Cpu).unwrap();
                let gpu = host.to_device(dev).unwrap();
                for (ri, rv, rc) in [
                    (false, false, false),
                    (true, true, true),
                    (false, true, false),
                ] {
                    let what = format!("{algo:?} unique {dtype} {shape:?} {ri} {rv} {rc}");
                    let g = unique_all(&gpu, ri, rv, rc).unwrap();
                    let c = unique_all(&host, ri, rv, rc).unwrap();
                    assert_same(&what, &g.values.to_device(Device::Cpu).unwrap(), &c.values);
                    for (name, gp, cp) in [
                        ("indices", &g.indices, &c.indices),
                        ("inverse", &g.inverse, &c.inverse),
                        ("counts", &g.counts, &c.counts),
                    ] {
                        match (gp, cp) {
                            (Some(x), Some(y)) => assert_same(
                                &format!("{what} {name}"),
                                &x.to_device(Device::Cpu).unwrap(),
                                y,
                            ),
                            (None, None) => {}
                            _ => panic!("{what}: {name} presence differs"),
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn cuda_searchsorted_partition_match_cpu() {
    each_algo(cuda_searchsorted_partition_match_cpu_with);
}

fn cuda_searchsorted_partition_match_cpu_with(algo: Algo) {
    for dev in cuda_devices() {
        for dtype in real().chain([DType::Complex64]) {
            for n in [0usize, 1, 5, 1000, 70_001] {
                let bytes = if dtype == DType::Complex64 {
                    input(DType::Float32, 2 * n, 3)
                } else {
                    input(dtype, n, 3 + n as u64)
                };
                let a = Array::from_bytes_on(&bytes, &[n], dtype, Device::Cpu).unwrap();
                let sorted = sort(&a, Some(0)).unwrap();
                let qn = 777;
                let qb = if dtype == DType::Complex64 {
                    input(DType::Float32, 2 * qn, 4)
                } else {
                    input(dtype, qn, 4)
                };
                let q = Array::from_bytes_on(&qb, &[3, 259], dtype, Device::Cpu).unwrap();
                let (ga, gq) = (sorted.to_device(dev).unwrap(), q.to_device(dev).unwrap());
                for side in [Side::Left, Side::Right] {
                    let what = format!("{algo:?} searchsorted {dtype} n={n} {side:?}");
                    let g = searchsorted(&ga, &gq, side, None).unwrap();
                    assert_eq!(g.device(), dev);
                    let c = searchsorted(&sorted, &q, side, None).unwrap();
                    assert_same(&what, &g.to_device(Device::Cpu).unwrap(), &c);
                    // with a sorter on the unsorted input
                    let sorter = argsort(&a, Some(0)).unwrap();
                    let g2 = searchsorted(
                        &a.to_device(dev).unwrap(),
                        &gq,
                        side,
                        Some(&sorter.to_device(dev).unwrap()),
                    )
                    .unwrap();
                    assert_same(
                        &format!("{what} sorter"),
                        &g2.to_device(Device::Cpu).unwrap(),
                        &c,
                    );
                }
                if n > 0 {
                    let ga = a.to_device(dev).unwrap();
                    let gp = partition(&ga, &[n as isize / 2], Some(0)).unwrap();
                    assert_same(
                        &format!("{algo:?} partition {dtype} {n}"),
                        &gp.to_device(Device::Cpu).unwrap(),
                        &sorted,
                    );
                    let gi = argpartition(&ga, &[-1], None).unwrap();
                    let ci = argsort(&a, None).unwrap();
                    assert_same(
                        &format!("{algo:?} argpartition {dtype} {n}"),
                        &gi.to_device(Device::Cpu).unwrap(),
                        &ci,
                    );
                }
            }
        }
        // mixed dtypes promote (int32 array, float64 queries)
        let a = Array::from_vec_on(vec![-3i32, 0, 0, 7], &[4], dev).unwrap();
        let q = Array::from_vec_on(vec![-0.0f64, 0.5, f64::NAN, -9.0], &[4], dev).unwrap();
        let l = searchsorted(&a, &q, Side::Left, None).unwrap();
        assert_eq!(l.to_vec::<i64>().unwrap(), vec![1, 3, 4, 0]);
        let r = searchsorted(&a, &q, Side::Right, None).unwrap();
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![3, 3, 4, 0]);
    }
}

/// Tile size (keys) of `algo`'s sort specialization of `dtype` with a payload of `vb` bytes.
fn tile(algo: Algo, dtype: DType, vb: usize) -> usize {
    let (_, lsd, os) = cuda::Kernels::options(dtype, vb).expect("real dtype");
    256 * if algo == Algo::Onesweep { os } else { lsd } as usize
}

/// sort and argsort of `host` (moved to `dev`) along `axis` against the CPU.
fn check_sort(what: &str, host: &Array, dev: Device, axis: Option<isize>) {
    let gpu = host.to_device(dev).unwrap();
    let gs = sort(&gpu, axis).unwrap();
    assert_same(
        &format!("sort {what}"),
        &gs.to_device(Device::Cpu).unwrap(),
        &sort(host, axis).unwrap(),
    );
    let ga = argsort(&gpu, axis).unwrap();
    assert_same(
        &format!("argsort {what}"),
        &ga.to_device(Device::Cpu).unwrap(),
        &argsort(host, axis).unwrap(),
    );
}

/// Lengths around the tile sizes of the sort (without and with a payload) and 2^20 + 7, in one
/// lane and in several; NaNs of both signs, ±0, ±inf, many equal keys (argsort's stability).
#[test]
fn cuda_sort_tile_edges_both_algorithms() {
    each_algo(|algo| {
        for dev in cuda_devices() {
            for dtype in [
                DType::Float32,
                DType::Float64,
                DType::Int32,
                DType::Int64,
                DType::UInt8,
                DType::Int16,
                DType::Float16,
                DType::Bool,
            ] {
                let mut sizes = vec![0usize, 1, 2, (1 << 20) + 7];
                for vb in [0, 4] {
                    let t = tile(algo, dtype, vb);
                    sizes.extend([t - 1, t, t + 1, 3 * t + 5]);
                }
                for (k, &n) in sizes.iter().enumerate() {
                    let bytes = input(dtype, n, 100 + k as u64);
                    let host = Array::from_bytes_on(&bytes, &[n], dtype, Device::Cpu).unwrap();
                    check_sort(&format!("{algo:?} {dtype} n={n}"), &host, dev, Some(0));
                }
                // several lanes whose length crosses a tile
                let t = tile(algo, dtype, 4);
                for shape in [vec![3, t + 1], vec![257, 4099], vec![5, (1 << 18) + 3]] {
                    let n: usize = shape.iter().product();
                    let host =
                        Array::from_bytes_on(&input(dtype, n, 7), &shape, dtype, Device::Cpu)
                            .unwrap();
                    check_sort(&format!("{algo:?} {dtype} {shape:?}"), &host, dev, Some(-1));
                }
            }
        }
    });
}

/// `input` for a float dtype with every NaN replaced by -0.0: keys of both signs, ±0 (many of
/// each, so argsort's stability between them shows), ±inf and denormals, and no NaN.
fn input_without_nans(dtype: DType, n: usize, seed: u64) -> Vec<u8> {
    let isz = dtype.itemsize();
    let sign = 1u64 << (8 * isz - 1);
    let inf = match dtype {
        DType::Float16 => 0x7c00u64,
        DType::BFloat16 => 0x7f80,
        DType::Float32 => 0x7f80_0000,
        _ => 0x7ff0_0000_0000_0000,
    };
    let mut bytes = input(dtype, n, seed);
    for e in bytes.chunks_mut(isz) {
        let mut w = [0u8; 8];
        w[..isz].copy_from_slice(e);
        if u64::from_le_bytes(w) & !sign > inf {
            e.copy_from_slice(&sign.to_le_bytes()[..isz]);
        }
    }
    bytes
}

/// Float keys without a NaN (every large input of the other tests has some): both signs, many
/// ±0 and ±inf; lengths around the tile, one lane and several.
#[test]
fn cuda_sort_floats_without_nans() {
    each_algo(|algo| {
        for dev in cuda_devices() {
            for dtype in [
                DType::Float16,
                DType::BFloat16,
                DType::Float32,
                DType::Float64,
            ] {
                let t = tile(algo, dtype, 0);
                for (k, n) in [1usize, 2, t - 1, t + 1, 3 * t + 5, (1 << 20) + 7]
                    .into_iter()
                    .enumerate()
                {
                    let bytes = input_without_nans(dtype, n, 300 + k as u64);
                    let host = Array::from_bytes_on(&bytes, &[n], dtype, Device::Cpu).unwrap();
                    assert!(
                        !crate::ops::isnan(&host)
                            .unwrap()
                            .any(crate::reduce::Axes::All, false)
                            .unwrap()
                            .item()
                            .unwrap()
                            .as_bool()
                    );
                    check_sort(
                        &format!("{algo:?} {dtype} n={n} (no NaN)"),
                        &host,
                        dev,
                        Some(0),
                    );
                }
                let shape = [37usize, 4099];
                let host = Array::from_bytes_on(
                    &input_without_nans(dtype, shape.iter().product(), 9),
                    &shape,
                    dtype,
                    Device::Cpu,
                )
                .unwrap();
                check_sort(
                    &format!("{algo:?} {dtype} {shape:?} (no NaN)"),
                    &host,
                    dev,
                    Some(-1),
                );
            }
        }
    });
}

/// Integer extremes, keys equal in every byte (every pass skipped: the input order is the
/// answer), small integers (the high-byte passes skipped), equal keys in several lanes (only
/// the segment-id passes run), and argsort's stability on them.
#[test]
fn cuda_sort_extremes_and_skipped_passes() {
    each_algo(|algo| {
        for dev in cuda_devices() {
            let mut s = 5u64;
            let ext32 = [i32::MIN, i32::MAX, 0, -1, 1, i32::MIN + 1, i32::MAX - 1];
            let v: Vec<i32> = (0..70_001)
                .map(|_| ext32[(lcg(&mut s) % 7) as usize])
                .collect();
            let a = Array::from_vec_on(v, &[70_001], Device::Cpu).unwrap();
            check_sort(&format!("{algo:?} int32 extremes"), &a, dev, Some(0));
            let ext64 = [i64::MIN, i64::MAX, 0, -1, 1, i64::MIN + 1, 1 << 40];
            let v: Vec<i64> = (0..70_001)
                .map(|_| ext64[(lcg(&mut s) % 7) as usize])
                .collect();
            let a = Array::from_vec_on(v, &[70_001], Device::Cpu).unwrap();
            check_sort(&format!("{algo:?} int64 extremes"), &a, dev, Some(0));
            let v: Vec<u64> = (0..9_999).map(|_| u64::MAX - lcg(&mut s) % 3).collect();
            let a = Array::from_vec_on(v, &[9_999], Device::Cpu).unwrap();
            check_sort(&format!("{algo:?} uint64 near max"), &a, dev, Some(0));
            // every key equal: sort is the identity, argsort 0..n
            for n in [1usize, 4096, 50_000] {
                let a = Array::from_vec_on(vec![1.5f32; n], &[n], Device::Cpu).unwrap();
                check_sort(&format!("{algo:?} constant float32 {n}"), &a, dev, Some(0));
                let g = argsort(&a.to_device(dev).unwrap(), Some(0)).unwrap();
                let want: Vec<i64> = (0..n as i64).collect();
                assert_eq!(
                    g.to_vec::<i64>().unwrap(),
                    want,
                    "{algo:?} constant argsort"
                );
            }
            let a = Array::from_vec_on(vec![-7i64; 4 * 3000], &[4, 3000], Device::Cpu).unwrap();
            check_sort(&format!("{algo:?} constant int64 lanes"), &a, dev, Some(-1));
            let a = Array::from_vec_on(vec![0.0f64; 300 * 70], &[300, 70], Device::Cpu).unwrap();
            check_sort(
                &format!("{algo:?} constant float64 300 lanes"),
                &a,
                dev,
                Some(-1),
            );
            // small integers: only byte 0 varies
            let v: Vec<i64> = (0..(1 << 20) + 7)
                .map(|_| (lcg(&mut s) % 5) as i64)
                .collect();
            let a = Array::from_vec_on(v, &[(1 << 20) + 7], Device::Cpu).unwrap();
            check_sort(&format!("{algo:?} small int64"), &a, dev, Some(0));
            let v: Vec<i32> = (0..600 * 333)
                .map(|_| (lcg(&mut s) % 3) as i32 - 1)
                .collect();
            let a = Array::from_vec_on(v, &[600, 333], Device::Cpu).unwrap();
            check_sort(&format!("{algo:?} small int32 lanes"), &a, dev, Some(-1));
            check_sort(&format!("{algo:?} small int32 axis 0"), &a, dev, Some(0));
            // -0.0 / 0.0 and NaNs of both signs only (their input order must survive)
            let pool = [
                0.0f32,
                -0.0,
                f32::NAN,
                -f32::NAN,
                f32::from_bits(0x7fc0_0001),
            ];
            let v: Vec<f32> = (0..30_000)
                .map(|_| pool[(lcg(&mut s) % 5) as usize])
                .collect();
            let a = Array::from_vec_on(v, &[30_000], Device::Cpu).unwrap();
            check_sort(&format!("{algo:?} zeros and NaNs"), &a, dev, Some(0));
        }
    });
}

/// Every specialization of `kernels/sort.cu` compiles with NVRTC for sm_90 (runs wherever
/// libnvrtc loads, GPU or not; skipped otherwise).
#[test]
fn cuda_sort_kernels_compile() {
    if !crate::test_util::nvrtc_usable() {
        return;
    }
    let src = cuda::full_source();
    let specs = cuda::all_specializations();
    let sources: Vec<(String, String)> = specs
        .iter()
        .map(|(what, opts)| {
            // the -DNAME=VALUE options as #defines (compile_for_arch takes no options)
            let defs: String = opts
                .iter()
                .filter_map(|o| o.strip_prefix("-D"))
                .map(|d| format!("#define {}\n", d.replacen('=', " ", 1)))
                .collect();
            (what.clone(), format!("{defs}{src}"))
        })
        .collect();
    crate::test_util::assert_sources_compile(&sources, "sort", "sort specializations");
}
