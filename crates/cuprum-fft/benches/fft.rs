//! CPU benchmarks of `fft2` (complex64) and `rfft` (float32) at small sizes (criterion).
//!
//! The GPU numbers (fft2 complex64 4096², rfft float32 2^26, side by side with CuPy) come from
//! `cargo xtask bench --suite fft`; these track the CPU engine. Every result is a new array,
//! so the timed region includes the output allocation, as in NumPy.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use cuprum_core::{Array, Complex32, Device};
use cuprum_fft::{Norm, fft2, rfft};
use std::hint::black_box;

fn signal(n: usize) -> Vec<f32> {
    // deterministic, not constant (a constant signal can hit special cases)
    (0..n)
        .map(|i| ((i * 7919) % 1013) as f32 / 1013.0 - 0.5)
        .collect()
}

fn bench_fft2(c: &mut Criterion) {
    let mut g = c.benchmark_group("fft2_complex64_cpu");
    for &n in &[64usize, 256, 512] {
        let v: Vec<Complex32> = signal(n * n)
            .into_iter()
            .map(|x| Complex32::new(x, -x))
            .collect();
        let a = Array::from_vec_on(v, &[n, n], Device::Cpu).unwrap();
        g.throughput(Throughput::Elements((n * n) as u64));
        g.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &a,
            |b, a| b.iter(|| black_box(fft2(a, None, None, Norm::Backward).unwrap())),
        );
    }
    g.finish();
}

fn bench_rfft(c: &mut Criterion) {
    let mut g = c.benchmark_group("rfft_float32_cpu");
    for &log2 in &[12u32, 16, 20] {
        let n = 1usize << log2;
        let a = Array::from_vec_on(signal(n), &[n], Device::Cpu).unwrap();
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(
            BenchmarkId::from_parameter(format!("2^{log2}")),
            &a,
            |b, a| b.iter(|| black_box(rfft(a, None, -1, Norm::Backward).unwrap())),
        );
    }
    // many short signals: the batched path
    let a = Array::from_vec_on(signal(4096 * 64), &[4096, 64], Device::Cpu).unwrap();
    g.throughput(Throughput::Elements(4096 * 64));
    g.bench_function("batch_4096x64", |b| {
        b.iter(|| black_box(rfft(&a, None, -1, Norm::Backward).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, bench_fft2, bench_rfft);
criterion_main!(benches);
