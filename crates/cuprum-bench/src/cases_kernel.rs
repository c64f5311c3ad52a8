//! The `kernel` suite: user kernels (issue 18's targets). The tutorial's `ElementwiseKernel`
//! (`z = x + y * 2`, float32), the same expression written with ufuncs, a `ReductionKernel`
//! L2 norm, and the host time of a call whose kernel is already compiled.

use crate::cases::{Case, Sizes, Timing, Work};
use cuprum::kernel::args;
use cuprum::reduce::Axes;
use cuprum::{Array, DType, Device, ElementwiseKernel, ReductionKernel, Result};

fn rand(n: usize, d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(0);
    g.random_on(&[n], DType::Float32, d)
}

fn add_mul() -> Result<ElementwiseKernel> {
    Ok(ElementwiseKernel::new(
        "float32 x, float32 y",
        "float32 z",
        "z = x + y * 2;",
        "add_mul_kernel",
    )?)
}

fn l2norm() -> Result<ReductionKernel> {
    Ok(ReductionKernel::new(
        "T x",
        "T y",
        "x * x",
        "a + b",
        "y = sqrt(a)",
        "0",
        "l2norm",
    )?)
}

pub fn kernel(s: Sizes) -> Vec<Case> {
    let n = s.elems;
    vec![
        Case::new(
            "kernel",
            "ElementwiseKernel add_mul",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            move |d| {
                let (x, y) = (rand(n, d)?, rand(n, d)?);
                let k = add_mul()?;
                Ok(Box::new(move || {
                    k.call_one(args![&x, &y])?;
                    Ok(())
                }))
            },
        ),
        // two passes: y * 2 (8 bytes an element), then x + t (12)
        Case::new(
            "kernel",
            "ufuncs x + y * 2",
            format!("{n} float32"),
            Work::Bytes(20.0 * n as f64),
            move |d| {
                let (x, y) = (rand(n, d)?, rand(n, d)?);
                Ok(Box::new(move || {
                    cuprum::add(&x, &cuprum::multiply(&y, 2.0f32)?).map(drop)
                }))
            },
        ),
        Case::new(
            "kernel",
            "ReductionKernel l2norm",
            format!("{n} float32"),
            Work::Bytes(4.0 * n as f64),
            move |d| {
                let x = rand(n, d)?;
                let k = l2norm()?;
                Ok(Box::new(move || {
                    k.call(args![&x], Axes::All, false)?;
                    Ok(())
                }))
            },
        ),
        Case::new(
            "kernel",
            "ElementwiseKernel cached call (host time)",
            "1024 float32",
            Work::None,
            move |d| {
                let (x, y) = (rand(1024, d)?, rand(1024, d)?);
                let k = add_mul()?;
                k.call_one(args![&x, &y])?; // compile once
                Ok(Box::new(move || {
                    k.call_one(args![&x, &y])?;
                    Ok(())
                }))
            },
        )
        .timing(Timing::Host)
        .repeat(2000),
        Case::new(
            "kernel",
            "ReductionKernel cached call (host time)",
            "1024 float32",
            Work::None,
            move |d| {
                let x = rand(1024, d)?;
                let k = l2norm()?;
                k.call(args![&x], Axes::All, false)?;
                Ok(Box::new(move || {
                    k.call(args![&x], Axes::All, false)?;
                    Ok(())
                }))
            },
        )
        .timing(Timing::Host)
        .repeat(2000),
    ]
    .into_iter()
    .chain(jit_cases(n))
    .collect()
}

// ---- cuprum::jit (issue 44): a kernel written in Rust against the same kernel as CUDA C ----

use cuprum::{RawKernel, jit};

/// `z = x + y * 2` as a jit kernel (one thread per element).
#[jit::kernel]
fn jit_add_mul(x: &[f32], y: &[f32], z: &mut [f32]) {
    let i = grid(1);
    if i < z.len() {
        z[i] = x[i] + y[i] * 2.0;
    }
}

const RAW_ADD_MUL: &str = r#"extern "C" __global__ void raw_add_mul(const float* x, const float* y,
        float* z, long long n) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (unsigned long long)n) z[i] = x[i] + y[i] * 2.0f;
}"#;

/// Per-block sums through shared memory and `syncthreads()` (blocks of 256 threads).
#[jit::kernel]
fn jit_block_sum(x: &[f32], out: &mut [f32]) {
    let sm = shared_memory::<f32>(256);
    let t = thread_idx().x as usize;
    let i = grid(1);
    sm[t] = if i < x.len() { x[i] } else { 0.0 };
    syncthreads();
    let mut s = 128usize;
    while s > 0 {
        if t < s {
            sm[t] = sm[t] + sm[t + s];
        }
        syncthreads();
        s /= 2;
    }
    if t == 0 {
        out[block_idx().x as usize] = sm[0];
    }
}

const RAW_BLOCK_SUM: &str = r#"extern "C" __global__ void raw_block_sum(const float* x, float* out,
        long long n) {
    __shared__ float sm[256];
    unsigned int t = threadIdx.x;
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + t;
    sm[t] = i < (unsigned long long)n ? x[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 128; s > 0; s /= 2) {
        if (t < s) sm[t] = sm[t] + sm[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = sm[0];
}"#;

fn jit_cases(n: usize) -> Vec<Case> {
    let blocks = n.div_ceil(256).max(1) as u32;
    vec![
        Case::new(
            "kernel",
            "jit add_mul (elementwise, into z)",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            move |d| {
                let (x, y) = (rand(n, d)?, rand(n, d)?);
                let z = cuprum::zeros_on(&[n], DType::Float32, d)?;
                jit_add_mul.elementwise(args![&x, &y, &z])?;
                Ok(Box::new(move || {
                    Ok(jit_add_mul.elementwise(args![&x, &y, &z])?)
                }))
            },
        ),
        Case::new(
            "kernel",
            "RawKernel add_mul (the jit kernel in CUDA C)",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            move |d| {
                let (x, y) = (rand(n, d)?, rand(n, d)?);
                let z = cuprum::zeros_on(&[n], DType::Float32, d)?;
                let k = RawKernel::new(RAW_ADD_MUL, "raw_add_mul");
                Ok(Box::new(move || {
                    let a = cuprum::kernel::LaunchArgs::new()
                        .array(&x)
                        .array(&y)
                        .array(&z)
                        .scalar(n as i64);
                    Ok(k.launch(blocks, 256, 0, &a)?)
                }))
            },
        ),
        Case::new(
            "kernel",
            "jit block_sum (shared memory, syncthreads)",
            format!("{n} float32"),
            Work::Bytes(4.0 * n as f64),
            move |d| {
                let x = rand(n, d)?;
                let out = cuprum::zeros_on(&[blocks as usize], DType::Float32, d)?;
                Ok(Box::new(move || {
                    Ok(jit_block_sum.launch(blocks, 256, args![&x, &out])?)
                }))
            },
        ),
        Case::new(
            "kernel",
            "RawKernel block_sum (the jit kernel in CUDA C)",
            format!("{n} float32"),
            Work::Bytes(4.0 * n as f64),
            move |d| {
                let x = rand(n, d)?;
                let out = cuprum::zeros_on(&[blocks as usize], DType::Float32, d)?;
                let k = RawKernel::new(RAW_BLOCK_SUM, "raw_block_sum");
                Ok(Box::new(move || {
                    let a = cuprum::kernel::LaunchArgs::new()
                        .array(&x)
                        .array(&out)
                        .scalar(n as i64);
                    Ok(k.launch(blocks, 256, 0, &a)?)
                }))
            },
        ),
    ]
}
