//! Multi-process tests of the TCP backend, the rendezvous, failures and the launcher.
//!
//! The test binary re-executes itself as the ranks: `worker_entry` runs a scenario when
//! `CUPRUM_DIST_TEST_SCENARIO` is set (and checks a world of one otherwise). The parent hosts
//! the rendezvous store on an OS-chosen port (as `cuprum-run` does) and checks every rank's
//! exit status; ranks check their own values and exit non-zero with a message on a mismatch.

use cuprum_core::{Array, Complex32, Complex64, DType, Device, bf16, f16};
use cuprum_distributed::store::{StoreClient, StoreServer};
use cuprum_distributed::{self as dist, Backend, Communicator, Error, InitOptions, ReduceOp};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const SCENARIO: &str = "CUPRUM_DIST_TEST_SCENARIO";

// ---------- arrays of any dtype from f64 values, and back ----------

fn arr(dtype: DType, v: &[f64]) -> Array {
    arr_on(dtype, v, Device::Cpu)
}

fn arr_on(dtype: DType, v: &[f64], d: Device) -> Array {
    let n = [v.len()];
    let r = match dtype {
        DType::Bool => Array::from_vec_on(v.iter().map(|&x| x != 0.0).collect::<Vec<_>>(), &n, d),
        DType::Int8 => Array::from_vec_on(v.iter().map(|&x| x as i8).collect::<Vec<_>>(), &n, d),
        DType::UInt8 => Array::from_vec_on(v.iter().map(|&x| x as u8).collect::<Vec<_>>(), &n, d),
        DType::Int16 => Array::from_vec_on(v.iter().map(|&x| x as i16).collect::<Vec<_>>(), &n, d),
        DType::UInt16 => Array::from_vec_on(v.iter().map(|&x| x as u16).collect::<Vec<_>>(), &n, d),
        DType::Int32 => Array::from_vec_on(v.iter().map(|&x| x as i32).collect::<Vec<_>>(), &n, d),
        DType::UInt32 => Array::from_vec_on(v.iter().map(|&x| x as u32).collect::<Vec<_>>(), &n, d),
        DType::Int64 => Array::from_vec_on(v.iter().map(|&x| x as i64).collect::<Vec<_>>(), &n, d),
        DType::UInt64 => Array::from_vec_on(v.iter().map(|&x| x as u64).collect::<Vec<_>>(), &n, d),
        DType::Float16 => Array::from_vec_on(
            v.iter().map(|&x| f16::from_f64(x)).collect::<Vec<_>>(),
            &n,
            d,
        ),
        DType::BFloat16 => Array::from_vec_on(
            v.iter().map(|&x| bf16::from_f64(x)).collect::<Vec<_>>(),
            &n,
            d,
        ),
        DType::Float32 => {
            Array::from_vec_on(v.iter().map(|&x| x as f32).collect::<Vec<_>>(), &n, d)
        }
        DType::Float64 => Array::from_vec_on(v.to_vec(), &n, d),
        // complex values carry -x as the imaginary part (checked on the way back)
        DType::Complex64 => Array::from_vec_on(
            v.iter()
                .map(|&x| Complex32::new(x as f32, -x as f32))
                .collect::<Vec<_>>(),
            &n,
            d,
        ),
        DType::Complex128 => Array::from_vec_on(
            v.iter().map(|&x| Complex64::new(x, -x)).collect::<Vec<_>>(),
            &n,
            d,
        ),
        other => panic!("test helper has no case for {other}"),
    };
    r.unwrap()
}

fn vals(a: &Array) -> Vec<f64> {
    match a.dtype() {
        DType::Bool => a
            .to_vec::<bool>()
            .unwrap()
            .into_iter()
            .map(|x| f64::from(u8::from(x)))
            .collect(),
        DType::Int8 => a
            .to_vec::<i8>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::UInt8 => a
            .to_vec::<u8>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::Int16 => a
            .to_vec::<i16>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::UInt16 => a
            .to_vec::<u16>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::Int32 => a
            .to_vec::<i32>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::UInt32 => a
            .to_vec::<u32>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::Int64 => a
            .to_vec::<i64>()
            .unwrap()
            .into_iter()
            .map(|x| x as f64)
            .collect(),
        DType::UInt64 => a
            .to_vec::<u64>()
            .unwrap()
            .into_iter()
            .map(|x| x as f64)
            .collect(),
        DType::Float16 => a
            .to_vec::<f16>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::BFloat16 => a
            .to_vec::<bf16>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::Float32 => a
            .to_vec::<f32>()
            .unwrap()
            .into_iter()
            .map(f64::from)
            .collect(),
        DType::Float64 => a.to_vec::<f64>().unwrap(),
        DType::Complex64 => a
            .to_vec::<Complex32>()
            .unwrap()
            .into_iter()
            .map(|c| {
                assert_eq!(c.im, -c.re, "imaginary part of {c}");
                f64::from(c.re)
            })
            .collect(),
        DType::Complex128 => a
            .to_vec::<Complex64>()
            .unwrap()
            .into_iter()
            .map(|c| {
                assert_eq!(c.im, -c.re, "imaginary part of {c}");
                c.re
            })
            .collect(),
        other => panic!("test helper has no case for {other}"),
    }
}

fn zeros(dtype: DType, n: usize) -> Array {
    arr(dtype, &vec![0.0; n])
}

fn zeros_on(dtype: DType, n: usize, d: Device) -> Array {
    arr_on(dtype, &vec![0.0; n], d)
}

/// Fails the worker with a message naming the rank, dtype and values.
fn expect(rank: usize, what: &str, dtype: DType, got: &[f64], want: &[f64]) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "rank {rank}: {what} of {dtype}: got {got:?}, want {want:?}"
        ))
    }
}

const DTYPES: [DType; 15] = DType::ALL;
const K: usize = 4; // elements per rank

// ---------- the scenarios the ranks run ----------

/// Every collective on every dtype, with arrays on `dev` (CPU: TCP backend; CUDA: NCCL).
fn collectives(c: &Communicator, dev: Device) -> Result<(), String> {
    let (n, rank) = (c.world_size(), c.rank());
    let e = |e: Error| format!("rank {rank} ({dev}): {e}");
    let arr = |dt: DType, v: &[f64]| arr_on(dt, v, dev);
    let zeros = |dt: DType, k: usize| zeros_on(dt, k, dev);
    // NCCL has no 16-bit integer type to add (it still moves them)
    let no_reduce = |dt: DType| dev.is_cuda() && matches!(dt, DType::Int16 | DType::UInt16);
    for dtype in DTYPES {
        let is_bool = dtype == DType::Bool;
        // all_reduce, every op the dtype allows, in place
        let x: Vec<f64> = (0..K)
            .map(|i| {
                if is_bool {
                    ((rank + i) % 2) as f64
                } else {
                    (rank + i) as f64
                }
            })
            .collect();
        for op in [
            ReduceOp::Sum,
            ReduceOp::Prod,
            ReduceOp::Max,
            ReduceOp::Min,
            ReduceOp::Mean,
        ] {
            let allowed = !((dtype.is_complex()
                && matches!(op, ReduceOp::Prod | ReduceOp::Max | ReduceOp::Min))
                || (is_bool && op == ReduceOp::Mean)
                || no_reduce(dtype));
            // products of small values so that bfloat16 stays exact
            let xs: Vec<f64> = if op == ReduceOp::Prod && !is_bool {
                (0..K).map(|i| (1 + (rank + i) % 2) as f64).collect()
            } else {
                x.clone()
            };
            let a = arr(dtype, &xs);
            let r = c.all_reduce(&a, &a, op);
            if !allowed {
                match r {
                    Err(Error::Unsupported { .. }) => continue,
                    other => {
                        return Err(format!(
                            "rank {rank}: {op} of {dtype} should be unsupported, got {other:?}"
                        ));
                    }
                }
            }
            r.map_err(e)?;
            let want: Vec<f64> = (0..K)
                .map(|i| {
                    let per: Vec<f64> = (0..n)
                        .map(|q| {
                            if op == ReduceOp::Prod && !is_bool {
                                (1 + (q + i) % 2) as f64
                            } else if is_bool {
                                ((q + i) % 2) as f64
                            } else {
                                (q + i) as f64
                            }
                        })
                        .collect();
                    match op {
                        ReduceOp::Sum if is_bool => per.iter().cloned().fold(0.0, f64::max),
                        ReduceOp::Prod if is_bool => per.iter().cloned().fold(1.0, f64::min),
                        ReduceOp::Sum => per.iter().sum(),
                        ReduceOp::Prod => per.iter().product(),
                        ReduceOp::Max => per.iter().cloned().fold(f64::MIN, f64::max),
                        ReduceOp::Min => per.iter().cloned().fold(f64::MAX, f64::min),
                        _ => {
                            let s: f64 = per.iter().sum();
                            if dtype.is_integer() {
                                (s / n as f64).floor()
                            } else {
                                s / n as f64
                            }
                        }
                    }
                })
                .collect();
            expect(rank, &format!("all_reduce {op}"), dtype, &vals(&a), &want)?;
        }
        // out-of-place all_reduce
        let a = arr(dtype, &x);
        let out = zeros(dtype, K);
        if !dtype.is_complex() && !no_reduce(dtype) {
            c.all_reduce(&a, &out, ReduceOp::Max).map_err(e)?;
            let want: Vec<f64> = (0..K)
                .map(|i| {
                    (0..n)
                        .map(|q| {
                            if is_bool {
                                ((q + i) % 2) as f64
                            } else {
                                (q + i) as f64
                            }
                        })
                        .fold(f64::MIN, f64::max)
                })
                .collect();
            expect(
                rank,
                "all_reduce out-of-place max",
                dtype,
                &vals(&out),
                &want,
            )?;
            expect(rank, "all_reduce input untouched", dtype, &vals(&a), &x)?;
        }
        let v = |q: usize, i: usize| -> f64 {
            if is_bool {
                ((q * 3 + i) % 2) as f64
            } else {
                (10 * q + i) as f64
            }
        };
        let mine: Vec<f64> = (0..K).map(|i| v(rank, i)).collect();
        // broadcast from the last rank
        let root = n - 1;
        let b = arr(
            dtype,
            &if rank == root {
                mine.clone()
            } else {
                vec![0.0; K]
            },
        );
        c.broadcast(&b, root).map_err(e)?;
        expect(
            rank,
            "broadcast",
            dtype,
            &vals(&b),
            &(0..K).map(|i| v(root, i)).collect::<Vec<_>>(),
        )?;
        // all_gather into one array
        let all: Vec<f64> = (0..n).flat_map(|q| (0..K).map(move |i| v(q, i))).collect();
        let g = zeros(dtype, n * K);
        c.all_gather(&arr(dtype, &mine), &g).map_err(e)?;
        expect(rank, "all_gather", dtype, &vals(&g), &all)?;
        // gather at rank 1 % n, scatter from it
        let root = 1 % n;
        let g = zeros(dtype, n * K);
        c.gather(&arr(dtype, &mine), (rank == root).then_some(&g), root)
            .map_err(e)?;
        if rank == root {
            expect(rank, "gather", dtype, &vals(&g), &all)?;
        }
        let s = zeros(dtype, K);
        let src = arr(dtype, &all);
        c.scatter((rank == root).then_some(&src), &s, root)
            .map_err(e)?;
        expect(rank, "scatter", dtype, &vals(&s), &mine)?;
        // all_to_all: block j of rank i = v(i, j) repeated → output block i of rank j
        let inp: Vec<f64> = (0..n)
            .flat_map(|j| std::iter::repeat_n(v(rank, j), K))
            .collect();
        let out = zeros(dtype, n * K);
        c.all_to_all(&arr(dtype, &inp), &out).map_err(e)?;
        let want: Vec<f64> = (0..n)
            .flat_map(|i| std::iter::repeat_n(v(i, rank), K))
            .collect();
        expect(rank, "all_to_all", dtype, &vals(&out), &want)?;
        // send_recv: the two ranks swap their arrays
        if n == 2 {
            let other = 1 - rank;
            let r = zeros(dtype, K);
            c.send_recv(&arr(dtype, &mine), &r, other).map_err(e)?;
            expect(
                rank,
                "send_recv",
                dtype,
                &vals(&r),
                &(0..K).map(|i| v(other, i)).collect::<Vec<_>>(),
            )?;
        }
    }
    Ok(())
}

/// Point-to-point patterns for any n: a grouped ring, plain send/recv pairs, reduce,
/// reduce_scatter and the torch-style list functions.
fn p2p_and_reduce(c: &Communicator) -> Result<(), String> {
    let (n, rank) = (c.world_size(), c.rank());
    let e = |e: Error| format!("rank {rank}: {e}");
    for dtype in [
        DType::Float32,
        DType::Int64,
        DType::BFloat16,
        DType::Complex128,
        DType::Bool,
        DType::UInt16,
    ] {
        let is_bool = dtype == DType::Bool;
        let v = |q: usize, i: usize| -> f64 {
            if is_bool {
                ((q + i) % 2) as f64
            } else {
                (q * 7 + i) as f64
            }
        };
        let mine: Vec<f64> = (0..K).map(|i| v(rank, i)).collect();
        let (next, prev) = ((rank + 1) % n, (rank + n - 1) % n);
        // grouped ring: send to next, receive from prev
        let got = zeros(dtype, K);
        let src = arr(dtype, &mine);
        dist::group(|| {
            c.send(&src, next)?;
            c.recv(&got, prev)
        })
        .map_err(e)?;
        expect(
            rank,
            "grouped ring",
            dtype,
            &vals(&got),
            &(0..K).map(|i| v(prev, i)).collect::<Vec<_>>(),
        )?;
        // plain send/recv: even ranks send to the odd rank above them
        if rank % 2 == 0 && rank + 1 < n {
            c.send(&src, rank + 1).map_err(e)?;
        } else if rank % 2 == 1 {
            let r = zeros(dtype, K);
            c.recv(&r, rank - 1).map_err(e)?;
            expect(
                rank,
                "send/recv",
                dtype,
                &vals(&r),
                &(0..K).map(|i| v(rank - 1, i)).collect::<Vec<_>>(),
            )?;
        }
        // reduce (sum) to root n-1, out of place
        if !is_bool {
            let root = n - 1;
            let out = zeros(dtype, K);
            c.reduce(&src, (rank == root).then_some(&out), root, ReduceOp::Sum)
                .map_err(e)?;
            if rank == root {
                let want: Vec<f64> = (0..K).map(|i| (0..n).map(|q| v(q, i)).sum()).collect();
                expect(rank, "reduce", dtype, &vals(&out), &want)?;
            }
            // reduce_scatter: input block j = v(rank, j) repeated; output = sum over ranks of v(q, rank)
            let inp: Vec<f64> = (0..n)
                .flat_map(|j| std::iter::repeat_n(v(rank, j), K))
                .collect();
            let out = zeros(dtype, K);
            c.reduce_scatter(&arr(dtype, &inp), &out, ReduceOp::Sum)
                .map_err(e)?;
            let want = vec![(0..n).map(|q| v(q, rank)).sum::<f64>(); K];
            expect(rank, "reduce_scatter", dtype, &vals(&out), &want)?;
        }
    }
    // torch-style free functions on the default group
    let a = arr(
        DType::Float32,
        &[rank as f64 + 1.0, rank as f64 + 2.0, rank as f64 + 3.0],
    );
    dist::all_reduce(&a, ReduceOp::Sum).map_err(e)?;
    let s = (n * (n + 1) / 2) as f64;
    expect(
        rank,
        "dist::all_reduce",
        DType::Float32,
        &vals(&a),
        &[s, s + n as f64, s + 2.0 * n as f64],
    )?;
    let list: Vec<Array> = (0..n).map(|_| zeros(DType::Int32, 2)).collect();
    dist::all_gather(&list, &arr(DType::Int32, &[rank as f64, -(rank as f64)])).map_err(e)?;
    for (q, l) in list.iter().enumerate() {
        expect(
            rank,
            "dist::all_gather",
            DType::Int32,
            &vals(l),
            &[q as f64, -(q as f64)],
        )?;
    }
    let out = zeros(DType::Int32, 2);
    let slist: Vec<Array> = (0..n)
        .map(|q| arr(DType::Int32, &[q as f64, 100.0]))
        .collect();
    dist::scatter(&out, (rank == 0).then_some(&slist[..]), 0).map_err(e)?;
    expect(
        rank,
        "dist::scatter",
        DType::Int32,
        &vals(&out),
        &[rank as f64, 100.0],
    )?;
    let glist: Vec<Array> = (0..n).map(|_| zeros(DType::Int32, 2)).collect();
    dist::gather(&out, (rank == 0).then_some(&glist[..]), 0).map_err(e)?;
    if rank == 0 {
        for (q, l) in glist.iter().enumerate() {
            expect(
                rank,
                "dist::gather",
                DType::Int32,
                &vals(l),
                &[q as f64, 100.0],
            )?;
        }
    }
    let b = arr(DType::Float64, &[if rank == 0 { 42.0 } else { 0.0 }]);
    dist::broadcast(&b, 0).map_err(e)?;
    expect(rank, "dist::broadcast", DType::Float64, &vals(&b), &[42.0])?;
    let r = arr(DType::Int64, &[rank as f64]);
    dist::reduce(&r, 0, ReduceOp::Max).map_err(e)?;
    if rank == 0 {
        expect(
            rank,
            "dist::reduce",
            DType::Int64,
            &vals(&r),
            &[(n - 1) as f64],
        )?;
    }
    dist::barrier().map_err(e)?;
    // a mismatch between ranks is an error, not garbage: rank 0 broadcasts 2 elements,
    // the others expect 3
    let m = zeros(DType::Float32, if rank == 0 { 2 } else { 3 });
    let r = c.broadcast(&m, 0);
    if rank != 0 && !matches!(r, Err(Error::Mismatch { rank: 0, .. })) {
        return Err(format!(
            "rank {rank}: a size mismatch should be reported, got {r:?}"
        ));
    }
    Ok(())
}

fn init_from_env() -> Result<Communicator, String> {
    dist::init_process_group(InitOptions::new().backend(Backend::Tcp))
        .map_err(|e| format!("init: {e}"))
}

fn run_scenario(name: &str) -> Result<(), String> {
    match name {
        "collectives" => {
            let c = init_from_env()?;
            collectives(&c, Device::Cpu)?;
            dist::destroy_process_group().map_err(|e| e.to_string())
        }
        "p2p" => {
            let c = init_from_env()?;
            p2p_and_reduce(&c)?;
            c.barrier().map_err(|e| e.to_string())?;
            dist::destroy_process_group().map_err(|e| e.to_string())
        }
        "jacobi" => {
            let c = init_from_env()?;
            let cfg = dist::jacobi::JacobiConfig::new(13, 9, 60);
            let (u, r) = dist::jacobi::solve_gathered(&c, &cfg).map_err(|e| e.to_string())?;
            let (serial, iters, res) = dist::jacobi::solve_serial(&cfg);
            if r.iters != iters {
                return Err(format!("iterations {} vs serial {iters}", r.iters));
            }
            let maxdiff = u
                .iter()
                .zip(&serial)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            if maxdiff > 0.0 || (r.residual - res).abs() > 1e-12 * res.max(1e-300) {
                return Err(format!(
                    "rank {}: jacobi differs from serial: max diff {maxdiff}, residual {} vs {res}",
                    c.rank(),
                    r.residual
                ));
            }
            println!("jacobi ok: residual {:.3e}", r.residual);
            Ok(())
        }
        "expect_missing" => {
            // world of 3, rank 2 never starts
            match Communicator::init(InitOptions::new().backend(Backend::Tcp)) {
                Err(Error::Timeout { missing, .. }) if missing == vec![2] => Ok(()),
                other => Err(format!("expected a timeout naming rank 2, got {other:?}")),
            }
        }
        "dies" => {
            let c = init_from_env()?;
            if c.rank() == 2 {
                std::process::exit(0); // gone without a word
            }
            let a = arr(DType::Float32, &[1.0]);
            std::thread::sleep(Duration::from_millis(100));
            let r = c
                .all_reduce(&a, &a, ReduceOp::Sum)
                .and_then(|_| c.barrier());
            match r {
                Err(Error::RankFailed { rank: 2, .. }) => Ok(()),
                Err(Error::Timeout { missing, .. }) if missing == vec![2] => Ok(()),
                // rank 1's peer may be rank 0 reporting rank 2 missing, or rank 0 vanishing
                Err(Error::RankFailed { rank: 0, .. }) if c.rank() == 1 => Ok(()),
                other => Err(format!(
                    "rank {}: expected an error naming rank 2, got {other:?}",
                    c.rank()
                )),
            }
        }
        // ---- issue 22 item 5: faults fail fast and name the ranks and what each did
        "mismatched_collectives" => {
            let c = init_from_env()?;
            let a = arr(DType::Float32, &[1.0, 2.0, 3.0, 4.0]);
            let r = if c.rank() == 0 {
                c.all_reduce(&a, &a, ReduceOp::Sum)
            } else {
                c.broadcast(&a, 0)
            };
            let msg = match r {
                Err(e @ Error::Mismatch { .. }) => e.to_string(),
                other => {
                    return Err(format!(
                        "rank {}: expected a mismatch, got {other:?}",
                        c.rank()
                    ));
                }
            };
            for want in [
                "rank 0 called all_reduce of 4 float32 elements, op sum",
                "rank 1 called broadcast of 4 float32 elements, root 0",
            ] {
                if !msg.contains(want) {
                    return Err(format!("rank {}: {msg:?} lacks {want:?}", c.rank()));
                }
            }
            // the ranks stay usable: the next matching collective works
            c.all_reduce(&a, &a, ReduceOp::Sum)
                .map_err(|e| e.to_string())?;
            expect(
                c.rank(),
                "all_reduce after a mismatch",
                DType::Float32,
                &vals(&a),
                &[2.0, 4.0, 6.0, 8.0],
            )
        }
        "mismatched_counts" => {
            let c = init_from_env()?;
            let n = 3 + c.rank();
            let a = arr(DType::Int64, &vec![1.0; n]);
            match c.all_reduce(&a, &a, ReduceOp::Max) {
                Err(e @ Error::Mismatch { .. }) => {
                    let m = e.to_string();
                    if m.contains("3 int64 elements") && m.contains("4 int64 elements") {
                        Ok(())
                    } else {
                        Err(format!("rank {}: {m}", c.rank()))
                    }
                }
                other => Err(format!(
                    "rank {}: expected a mismatch, got {other:?}",
                    c.rank()
                )),
            }
        }
        "mismatched_dtypes_p2p" => {
            let c = init_from_env()?;
            if c.rank() == 0 {
                c.send(&arr(DType::Int64, &[1.0, 2.0]), 1)
                    .map_err(|e| e.to_string())
            } else {
                let out = zeros(DType::Float64, 2);
                match c.recv(&out, 0) {
                    Err(e @ Error::Mismatch { rank: 0, .. }) => {
                        let m = e.to_string();
                        let ok = m.contains("rank 0 sent send of 2 int64 elements")
                            && m.contains("expects send of 2 float64 elements")
                            && !m.contains("tag");
                        if ok { Ok(()) } else { Err(m) }
                    }
                    other => Err(format!("expected a mismatch naming rank 0, got {other:?}")),
                }
            }
        }
        "collective_vs_recv" => {
            // rank 1 enters all_reduce while rank 0 waits in a p2p recv from it
            let c = init_from_env()?;
            let a = arr(DType::Float64, &[1.0]);
            let r = if c.rank() == 0 {
                c.recv(&a, 1)
            } else {
                c.all_reduce(&a, &a, ReduceOp::Sum)
            };
            match r {
                Err(e @ Error::Mismatch { .. })
                    if e.to_string()
                        .contains("rank 1 called all_reduce of 1 float64 elements") =>
                {
                    Ok(())
                }
                other => Err(format!(
                    "rank {}: expected a mismatch, got {other:?}",
                    c.rank()
                )),
            }
        }
        "stopped" => {
            // rank 2 stays alive but never calls the collective (as if stopped)
            let c = init_from_env()?;
            if c.rank() == 2 {
                std::thread::sleep(Duration::from_secs(6));
                return Ok(());
            }
            let a = arr(DType::Float32, &[1.0]);
            match c.all_reduce(&a, &a, ReduceOp::Sum) {
                Err(Error::Timeout { missing, .. }) if missing == vec![2] => Ok(()),
                other => Err(format!(
                    "rank {}: expected a timeout naming rank 2, got {other:?}",
                    c.rank()
                )),
            }
        }
        "launcher_fail" => {
            let c = init_from_env()?;
            println!("hello from rank {}", c.rank());
            if c.rank() == 1 {
                std::process::exit(7);
            }
            // the others would wait a minute in this barrier; the launcher must end them
            let _ = c.barrier();
            std::thread::sleep(Duration::from_secs(60));
            Ok(())
        }
        "launcher_ok" => {
            let c = init_from_env()?;
            let a = arr(DType::Int32, &[c.rank() as f64 + 1.0]);
            dist::all_reduce(&a, ReduceOp::Sum).map_err(|e| e.to_string())?;
            println!("sum={}", vals(&a)[0]);
            Ok(())
        }
        "nccl" => {
            let c = dist::init_process_group(InitOptions::new().backend(Backend::Nccl))
                .map_err(|e| format!("init: {e}"))?;
            if c.device() != Device::Cuda(c.local_rank()) {
                return Err(format!("rank {} got device {}", c.rank(), c.device()));
            }
            collectives(&c, c.device())?;
            c.synchronize().map_err(|e| e.to_string())?;
            // the same communicator moves CPU arrays through TCP
            collectives(&c, Device::Cpu)?;
            c.barrier().map_err(|e| e.to_string())?;
            dist::destroy_process_group().map_err(|e| e.to_string())
        }
        other => Err(format!("unknown scenario {other}")),
    }
}

/// Child-process entry point; in the parent run, checks the world of one.
#[test]
fn worker_entry() {
    if let Ok(s) = std::env::var(SCENARIO) {
        let code = match run_scenario(&s) {
            Ok(()) => 0,
            Err(msg) => {
                eprintln!("scenario {s} failed: {msg}");
                1
            }
        };
        std::process::exit(code);
    }
    // A world of one: every collective is the identity, and the free functions work.
    let c = Communicator::init(
        InitOptions::new()
            .backend(Backend::Tcp)
            .rank(0)
            .world_size(1),
    )
    .unwrap();
    let a = arr(DType::Float64, &[1.5, -2.0]);
    let out = zeros(DType::Float64, 2);
    c.all_reduce(&a, &out, ReduceOp::Mean).unwrap();
    assert_eq!(vals(&out), vec![1.5, -2.0]);
    let g = zeros(DType::Float64, 2);
    c.all_gather(&a, &g).unwrap();
    assert_eq!(vals(&g), vec![1.5, -2.0]);
    assert!(matches!(c.send(&a, 0), Err(Error::InvalidArgument { .. })));
    assert!(matches!(
        c.broadcast(&a, 1),
        Err(Error::InvalidArgument { .. })
    ));
    c.barrier().unwrap();
}

// ---------- the parent side ----------

struct Job {
    _server: StoreServer,
    port: u16,
    token: String,
}

fn job() -> Job {
    let token = dist::generate_token().unwrap();
    let server = StoreServer::bind("127.0.0.1:0", &token).unwrap();
    Job {
        port: server.local_addr().port(),
        _server: server,
        token,
    }
}

/// Spawns `ranks` of a world of `world` running `scenario`; returns their outputs.
fn spawn(
    job: &Job,
    scenario: &str,
    world: usize,
    ranks: &[usize],
    timeout_s: &str,
) -> Vec<(usize, Output)> {
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = ranks
        .iter()
        .map(|&r| {
            let child = Command::new(&exe)
                .args(["--exact", "worker_entry", "--nocapture", "--test-threads=1"])
                .env(SCENARIO, scenario)
                .env("RANK", r.to_string())
                .env("WORLD_SIZE", world.to_string())
                .env("LOCAL_RANK", r.to_string())
                .env("MASTER_ADDR", "127.0.0.1")
                .env("MASTER_PORT", job.port.to_string())
                .env("CUPRUM_STORE_HOSTED", "1")
                .env("CUPRUM_JOB_TOKEN", &job.token)
                .env("CUPRUM_DIST_TIMEOUT_S", timeout_s)
                // NVLink multicast stays off (it can take shared GPUs out of service)
                .env("NCCL_NVLS_ENABLE", "0")
                .env_remove("TORCHELASTIC_RUN_ID")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            (r, child)
        })
        .collect();
    children
        .into_iter()
        .map(|(r, c)| (r, wait_bounded(c, Duration::from_secs(60))))
        .collect()
}

/// Waits for a child at most `limit`, killing it after that (a test never hangs).
fn wait_bounded(mut c: std::process::Child, limit: Duration) -> Output {
    let t0 = Instant::now();
    while t0.elapsed() < limit {
        if let Ok(Some(_)) = c.try_wait() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = c.kill();
    c.wait_with_output().unwrap()
}

fn assert_all_ok(outs: &[(usize, Output)]) {
    for (r, o) in outs {
        assert!(
            o.status.success(),
            "rank {r} failed ({:?}):\nstdout:\n{}\nstderr:\n{}",
            o.status,
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn every_collective_and_dtype_on_2_ranks() {
    let j = job();
    assert_all_ok(&spawn(&j, "collectives", 2, &[0, 1], "30"));
}

#[test]
fn p2p_reduce_and_free_functions_on_3_and_4_ranks() {
    for n in [3, 4] {
        let j = job();
        let ranks: Vec<usize> = (0..n).collect();
        assert_all_ok(&spawn(&j, "p2p", n, &ranks, "30"));
    }
}

#[test]
fn jacobi_on_3_ranks_matches_the_single_process_run() {
    let j = job();
    assert_all_ok(&spawn(&j, "jacobi", 3, &[0, 1, 2], "30"));
}

#[test]
fn a_rank_that_never_arrives_is_named_within_the_timeout() {
    let j = job();
    let t0 = Instant::now();
    let outs = spawn(&j, "expect_missing", 3, &[0, 1], "1.5");
    assert_all_ok(&outs);
    assert!(
        t0.elapsed() < Duration::from_secs(20),
        "took {:?}",
        t0.elapsed()
    );
}

#[test]
fn a_rank_that_dies_is_named_not_waited_for() {
    let j = job();
    let t0 = Instant::now();
    assert_all_ok(&spawn(&j, "dies", 3, &[0, 1, 2], "5"));
    assert!(
        t0.elapsed() < Duration::from_secs(30),
        "took {:?}",
        t0.elapsed()
    );
}

#[test]
fn a_wrong_token_is_refused_by_the_store() {
    let j = job();
    let r = Communicator::init(
        InitOptions::new()
            .backend(Backend::Tcp)
            .rank(1)
            .world_size(2)
            .master_addr("127.0.0.1")
            .master_port(j.port)
            .store_hosted(true)
            .token("not-the-job-token")
            .timeout(Duration::from_secs(5)),
    );
    assert!(matches!(r, Err(Error::TokenRefused { .. })), "{r:?}");
}

/// Spawns a 2-rank `scenario` with a long timeout and checks that every rank succeeded well
/// before it (the scenario checks its own errors).
fn fails_fast(scenario: &str, world: usize) {
    let j = job();
    let t0 = Instant::now();
    let ranks: Vec<usize> = (0..world).collect();
    assert_all_ok(&spawn(&j, scenario, world, &ranks, "120"));
    assert!(
        t0.elapsed() < Duration::from_secs(40),
        "{scenario} took {:?}",
        t0.elapsed()
    );
}

#[test]
fn ranks_in_different_collectives_fail_fast_naming_both_calls() {
    fails_fast("mismatched_collectives", 2);
}

#[test]
fn ranks_with_different_counts_fail_fast() {
    fails_fast("mismatched_counts", 2);
}

#[test]
fn a_dtype_mismatch_in_p2p_names_the_dtypes_not_tags() {
    fails_fast("mismatched_dtypes_p2p", 2);
}

#[test]
fn a_collective_against_a_recv_fails_fast_on_both_ranks() {
    fails_fast("collective_vs_recv", 2);
}

#[test]
fn a_stopped_rank_is_blamed_by_every_other_rank() {
    let j = job();
    assert_all_ok(&spawn(&j, "stopped", 3, &[0, 1, 2], "2"));
}

#[test]
fn ranks_started_with_different_world_sizes_fail_fast() {
    let j = job();
    let t0 = Instant::now();
    let hs: Vec<_> = [(0usize, 2usize), (1, 3)]
        .into_iter()
        .map(|(r, w)| {
            let o = thread_rank(r, w, &j).timeout(Duration::from_secs(120));
            std::thread::spawn(move || Communicator::init(o).map(|c| c.rank()))
        })
        .collect();
    for h in hs {
        match h.join().unwrap() {
            Err(e @ Error::RendezvousFault { .. }) => {
                let m = e.to_string();
                assert!(
                    m.contains("rank 1 was started with world size 3 but rank 0 with world size 2"),
                    "{m}"
                );
            }
            other => panic!("expected a rendezvous fault, got {other:?}"),
        }
    }
    assert!(t0.elapsed() < Duration::from_secs(40), "{:?}", t0.elapsed());
}

#[test]
fn honest_ranks_are_told_when_a_rank_presents_a_wrong_token() {
    let j = job();
    let t0 = Instant::now();
    let honest = {
        let o = thread_rank(0, 2, &j).timeout(Duration::from_secs(120));
        std::thread::spawn(move || Communicator::init(o).map(|c| c.rank()))
    };
    let impostor = Communicator::init(
        thread_rank(1, 2, &j)
            .token("not-the-job-token")
            .timeout(Duration::from_secs(120)),
    );
    assert!(
        matches!(impostor, Err(Error::TokenRefused { .. })),
        "{impostor:?}"
    );
    match honest.join().unwrap() {
        Err(e @ Error::RendezvousFault { .. }) => {
            let m = e.to_string();
            assert!(
                m.contains("claiming to be rank 1") && m.contains("different job token"),
                "{m}"
            );
        }
        other => panic!("expected a rendezvous fault, got {other:?}"),
    }
    assert!(t0.elapsed() < Duration::from_secs(40), "{:?}", t0.elapsed());
}

fn thread_rank(rank: usize, world: usize, j: &Job) -> InitOptions {
    InitOptions::new()
        .backend(Backend::Tcp)
        .rank(rank)
        .world_size(world)
        .master_addr("127.0.0.1")
        .master_port(j.port)
        .store_hosted(true)
        .token(j.token.clone())
        .timeout(Duration::from_secs(20))
}

#[test]
fn a_stray_connection_without_the_token_is_refused_by_the_mesh() {
    use std::io::{Read, Write};
    let j = job();
    let ranks: Vec<_> = (0..2)
        .map(|r| {
            let o = thread_rank(r, 3, &j);
            std::thread::spawn(move || Communicator::init(o).map(|c| c.rank()))
        })
        .collect();
    // A stray process that learned rank 0's mesh address (here through the store) but not the
    // job token claims to be rank 2: its hello (kind 1, tag 0, length, rank, token) is refused.
    let peek = StoreClient::connect(
        &format!("127.0.0.1:{}", j.port),
        &j.token,
        9,
        Duration::from_secs(5),
    )
    .unwrap();
    // Rank 2's address is only read by ranks above 2 (none): a placeholder lets ranks 0 and 1
    // go on to accepting connections.
    peek.set("mesh/2", b"127.0.0.1:9").unwrap();
    let addr0 = String::from_utf8(peek.get("mesh/0", Duration::from_secs(10)).unwrap()).unwrap();
    let mut s = std::net::TcpStream::connect(&addr0).unwrap();
    let body = [2u64.to_le_bytes().as_slice(), b"not-the-token"].concat();
    let mut hello = vec![1u8];
    hello.extend(0u64.to_le_bytes());
    hello.extend((body.len() as u64).to_le_bytes());
    hello.extend(&body);
    s.write_all(&hello).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut answer = [9u8; 1];
    s.read_exact(&mut answer).unwrap();
    assert_eq!(answer[0], 0, "the mesh accepted a wrong token");
    // The real rank 2 still joins, and the job forms.
    let c2 = Communicator::init(thread_rank(2, 3, &j)).unwrap();
    let got: Vec<usize> = ranks
        .into_iter()
        .map(|h| h.join().unwrap().unwrap())
        .collect();
    assert_eq!(got, vec![0, 1]);
    assert_eq!(c2.world_size(), 3);
}

#[test]
fn threads_as_ranks_share_one_store() {
    // Communicator::init needs no globals: two ranks as threads of this process.
    let j = job();
    let port = j.port;
    let token = j.token.clone();
    let hs: Vec<_> = (0..2)
        .map(|r| {
            let token = token.clone();
            std::thread::spawn(move || {
                let c = Communicator::init(
                    InitOptions::new()
                        .backend(Backend::Tcp)
                        .rank(r)
                        .world_size(2)
                        .master_addr("127.0.0.1")
                        .master_port(port)
                        .store_hosted(true)
                        .token(token)
                        .timeout(Duration::from_secs(20)),
                )
                .unwrap();
                let a = arr(DType::UInt64, &[r as f64 + 1.0, 10.0]);
                c.all_reduce(&a, &a, ReduceOp::Prod).unwrap();
                vals(&a)
            })
        })
        .collect();
    for h in hs {
        assert_eq!(h.join().unwrap(), vec![2.0, 100.0]);
    }
}

/// The `cuprum-run` binary: cargo's build path, or, where the test binary was carried to another
/// machine (gpu-pack's `.gpu/tests/` beside `.gpu/bin/`), the packed one.
fn cuprum_run() -> std::path::PathBuf {
    let built = std::path::PathBuf::from(env!("CARGO_BIN_EXE_cuprum-run"));
    if built.exists() {
        return built;
    }
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap();
    [dir.join("cuprum-run"), dir.join("../bin/cuprum-run")]
        .into_iter()
        .find(|p| p.exists())
        .unwrap_or_else(|| {
            panic!(
                "cuprum-run is neither at {} nor beside {}",
                built.display(),
                exe.display()
            )
        })
}

fn launcher(scenario: &str, n: usize) -> (Output, Duration) {
    let t0 = Instant::now();
    let child = Command::new(cuprum_run())
        .args(["--nproc-per-node", &n.to_string(), "--master-port", "0"])
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", "worker_entry", "--nocapture", "--test-threads=1"])
        .env(SCENARIO, scenario)
        .env("CUPRUM_DIST_TIMEOUT_S", "60")
        .env_remove("CUPRUM_JOB_TOKEN")
        .env_remove("TORCHELASTIC_RUN_ID")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_bounded(child, Duration::from_secs(60));
    (out, t0.elapsed())
}

/// True when a line of `out` starts with rank `r`'s prefix and contains `text`.
fn has_line(out: &str, r: usize, text: &str) -> bool {
    let p = format!("[rank {r}] ");
    out.lines().any(|l| l.starts_with(&p) && l.contains(text))
}

#[test]
fn launcher_prefixes_output_and_sets_the_environment() {
    let (out, _) = launcher("launcher_ok", 2);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    // libtest writes its own words before ours on the first line
    for r in 0..2 {
        assert!(has_line(&stdout, r, "sum=3"), "{stdout}");
    }
}

#[test]
fn launcher_stops_the_job_with_the_failing_rank_code() {
    let (out, took) = launcher("launcher_fail", 3);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(7),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(has_line(&stdout, 1, "hello from rank 1"), "{stdout}");
    assert!(stderr.contains("rank 1 exited with code 7"), "{stderr}");
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

// ---------- NCCL (GPU machines; skipped elsewhere unless CUPRUM_REQUIRE_CUDA=1) ----------

/// True when this machine has `need` GPUs and NCCL; otherwise skips (or fails when
/// `CUPRUM_REQUIRE_CUDA=1`).
fn gpus(need: usize) -> bool {
    let n = cuprum_core::cuda_device_count();
    let nccl = dist::is_nccl_available();
    if n >= need && nccl {
        return true;
    }
    let why = format!(
        "needs {need} GPU(s) and NCCL; this machine has {n} GPU(s), NCCL available: {nccl}"
    );
    if cuprum_core::ext::test_util::require_cuda() {
        panic!("CUPRUM_REQUIRE_CUDA=1 but the test {why}");
    }
    eprintln!("skipped: {why}");
    false
}

#[test]
fn nccl_every_collective_on_two_processes() {
    if !gpus(2) {
        return;
    }
    let j = job();
    assert_all_ok(&spawn(&j, "nccl", 2, &[0, 1], "60"));
}

#[test]
fn nccl_one_process_drives_every_gpu() {
    if !gpus(2) {
        return;
    }
    let n = cuprum_core::cuda_device_count();
    let devs: Vec<Device> = (0..n).map(Device::Cuda).collect();
    let comms = Communicator::init_all(&devs).unwrap();
    let arrays: Vec<Array> = devs
        .iter()
        .enumerate()
        .map(|(r, &d)| arr_on(DType::Float32, &[r as f64 + 1.0, 2.0], d))
        .collect();
    dist::group(|| {
        for (c, a) in comms.iter().zip(&arrays) {
            c.all_reduce(a, a, ReduceOp::Sum)?;
        }
        Ok(())
    })
    .unwrap();
    let s = (n * (n + 1) / 2) as f64;
    for (c, a) in comms.iter().zip(&arrays) {
        c.synchronize().unwrap();
        assert_eq!(vals(a), vec![s, 2.0 * n as f64]);
    }
    // CPU arrays are not for these communicators
    assert!(matches!(
        comms[0].all_reduce(
            &arr(DType::Float32, &[1.0]),
            &arr(DType::Float32, &[1.0]),
            ReduceOp::Sum
        ),
        Err(Error::Unsupported { .. })
    ));
}

#[test]
fn nccl_world_of_one_in_process() {
    if !gpus(1) {
        return;
    }
    let c = Communicator::init(
        InitOptions::new()
            .backend(Backend::Nccl)
            .rank(0)
            .world_size(1),
    )
    .unwrap();
    let a = arr_on(DType::BFloat16, &[1.0, 2.0, 3.0], c.device());
    c.all_reduce(&a, &a, ReduceOp::Max).unwrap();
    c.synchronize().unwrap();
    c.check_async_error().unwrap();
    assert_eq!(vals(&a), vec![1.0, 2.0, 3.0]);
}
