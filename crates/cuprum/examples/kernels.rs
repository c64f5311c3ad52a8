//! The tutorial's user kernel (section 六.3): an `ElementwiseKernel` computing `z = x + y * 2`,
//! on the current device (CUDA 0 when present, else the CPU; `CUPRUM_DEVICE=cpu` forces the
//! CPU). The same CUDA C string runs on both: NVRTC compiles it on a GPU, cuprum's CPU kernel
//! engine runs it on the CPU.
//!
//! ```python
//! import cupy as cp
//! custom_kernel = cp.ElementwiseKernel(
//!     'float32 x, float32 y',  # inputs
//!     'float32 z',             # output
//!     'z = x + y * 2;',        # body
//!     'add_mul_kernel')        # name
//! a = cp.array([1, 2, 3], dtype=cp.float32)
//! b = cp.array([4, 5, 6], dtype=cp.float32)
//! res = custom_kernel(a, b)
//! print("result:", res)
//! ```
//!
//! Also a `ReductionKernel` (an L2 norm, CuPy's documentation example) and, on a large array,
//! a check against the same expression written with ufuncs.
//!
//! Run with `cargo run --release --example kernels -p cuprum` (`CUPRUM_EXAMPLE_SMALL=1`: small
//! sizes).

use cuprum as cp;
use cuprum::kernel::args;

fn main() -> cp::Result<()> {
    let device = cp::current_device();
    let custom_kernel = cp::ElementwiseKernel::new(
        "float32 x, float32 y", // inputs
        "float32 z",            // output
        "z = x + y * 2;",       // body
        "add_mul_kernel",       // name
    )?;
    let a = cp::Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], device)?;
    let b = cp::Array::from_vec_on(vec![4.0f32, 5.0, 6.0], &[3], device)?;
    let res = custom_kernel.call_one(args![&a, &b])?;
    println!("device: {device}");
    println!("add_mul_kernel(a, b) = {}", cp::array_str(&res)?);
    assert_eq!(res.to_vec::<f32>()?, vec![9.0, 12.0, 15.0]);

    // CuPy's ReductionKernel example: the L2 norm along axis 1
    let l2norm =
        cp::ReductionKernel::new("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")?;
    let x = cp::arange_on(0.0, 10.0, 1.0, Some(cp::DType::Float32), device)?.reshape(&[2, 5])?;
    let n = &l2norm.call(args![&x], cp::reduce::Axes::One(1), false)?[0];
    let nv = n.to_vec::<f32>()?;
    println!("l2norm: {:.4} {:.4}", nv[0], nv[1]);
    assert!((nv[0] - 5.477226).abs() < 1e-5 && (nv[1] - 15.968719).abs() < 1e-4);

    // a larger array: the kernel against the same expression with ufuncs
    let len = if std::env::var_os("CUPRUM_EXAMPLE_SMALL").is_some() {
        1 << 12
    } else {
        1 << 24
    };
    let mut rng = cp::random::default_rng(0);
    let x = rng.random(&[len], cp::DType::Float32)?;
    let y = rng.random(&[len], cp::DType::Float32)?;
    let t0 = std::time::Instant::now();
    let z = custom_kernel.call_one(args![&x, &y])?;
    device.synchronize()?;
    let tk = t0.elapsed();
    let t0 = std::time::Instant::now();
    let w = cp::add(&x, &cp::multiply(&y, 2.0f32)?)?;
    device.synchronize()?;
    let tu = t0.elapsed();
    assert!(cp::array_equal(&z, &w, false)?, "kernel and ufuncs differ");
    println!(
        "{len} float32: kernel {:.3} ms (first call: compiles on a GPU), ufuncs {:.3} ms",
        tk.as_secs_f64() * 1e3,
        tu.as_secs_f64() * 1e3
    );
    println!("all kernel checks passed");
    Ok(())
}
