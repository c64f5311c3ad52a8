//! The tutorial's array basics (section 3) and its speedup demo (section 7): creating arrays,
//! their attributes, arithmetic and `dot`, indexing, slicing and broadcasting, CPU↔GPU
//! transfers, and a 5000×5000 float32 matrix product timed on the CPU and on the GPU.
//!
//! Runs on the current device (CUDA 0 when present, else the CPU; `CUPRUM_DEVICE=cpu` forces
//! the CPU): `cargo run --release --example basics -p cuprum`. `CUPRUM_EXAMPLE_SMALL=1` shrinks
//! the sizes (for the test that runs every example).

use cuprum as cp;
use cuprum::{Array, DType, Device, s};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let small = std::env::var_os("CUPRUM_EXAMPLE_SMALL").is_some();
    let dev = cp::current_device();
    println!("device: {dev}\n");

    // 1. Creation and arithmetic.
    let np_arr = vec![1.0f32, 2.0, 3.0, 4.0]; // host data, np.array([[1, 2], [3, 4]], float32)
    println!("host array: {np_arr:?}");
    let cp_arr = Array::from_vec(np_arr.clone(), &[2, 2])?; // cp.asarray(np_arr)
    println!("cuprum array on {}:\n{}", cp_arr.device(), cp_arr);
    println!("shape: {:?}", cp_arr.shape());
    println!("dtype: {}", cp_arr.dtype());
    println!("ndim: {}", cp_arr.ndim());
    println!("size: {}", cp_arr.size());
    let cp_add = cp::add(&cp_arr, 2.0)?; // cp_arr + 2 (a weak scalar: stays float32)
    let cp_mul = cp::multiply(&cp_arr, 3.0)?;
    let cp_dot = cp::products::dot(&cp_arr, &cp_arr)?;
    println!("cp_arr + 2:\n{cp_add}");
    println!("cp_arr * 3:\n{cp_mul}");
    println!("dot(cp_arr, cp_arr):\n{cp_dot}");
    assert_eq!(cp_add.dtype(), DType::Float32);
    assert_eq!(cp_add.to_vec::<f32>()?, vec![3.0, 4.0, 5.0, 6.0]);
    assert_eq!(cp_mul.to_vec::<f32>()?, vec![3.0, 6.0, 9.0, 12.0]);
    assert_eq!(cp_dot.to_vec::<f32>()?, vec![7.0, 10.0, 15.0, 22.0]);

    // 2. Indexing, slicing and broadcasting.
    let mut rng = cp::random::default_rng(0);
    let a = rng.random(&[3, 4], DType::Float64)?; // cp.random.rand(3, 4)
    let host = a.to_vec::<f64>()?;
    println!("\nrandom array:\n{a}");
    let row0 = a.index_axis(0, 0)?; // a[0]
    let col1 = a.slice(s![.., 1])?; // a[:, 1]
    let sub = a.slice(s![1..3, 1..3])?; // a[1:3, 1:3]
    println!("first row: {row0}");
    println!("second column: {col1}");
    println!("a[1:3, 1:3]:\n{sub}");
    assert_eq!(row0.to_vec::<f64>()?, host[0..4].to_vec());
    assert_eq!(col1.to_vec::<f64>()?, vec![host[1], host[5], host[9]]);
    assert_eq!(
        sub.to_vec::<f64>()?,
        vec![host[5], host[6], host[9], host[10]]
    );
    let x = Array::from_vec(vec![1i64, 2, 3], &[3])?;
    let y = Array::from_vec(vec![4i64, 5, 6], &[3, 1])?;
    let b = cp::add(&x, &y)?; // (3,) + (3, 1) -> (3, 3)
    println!("broadcast add:\n{b}");
    assert_eq!(b.shape(), &[3, 3]);
    assert_eq!(b.to_vec::<i64>()?, vec![5, 6, 7, 6, 7, 8, 7, 8, 9]);

    // 3. CPU <-> GPU transfers: to_vec is `.get()` / `cp.asnumpy`, from_vec is `cp.asarray`,
    //    to_device moves an array between devices.
    let n = if small { 1 << 16 } else { 1 << 26 };
    let big = rng.random(&[n], DType::Float32)?;
    dev.synchronize()?;
    let t0 = Instant::now();
    let cpu_arr = big.to_vec::<f32>()?; // device -> host
    let t_d2h = t0.elapsed().as_secs_f64();
    let t0 = Instant::now();
    let back = Array::from_vec(cpu_arr.clone(), &[n])?; // host -> device
    dev.synchronize()?;
    let t_h2d = t0.elapsed().as_secs_f64();
    let on_cpu = back.to_device(Device::Cpu)?;
    assert_eq!(on_cpu.to_vec::<f32>()?, cpu_arr);
    let mb = (4 * n) as f64 / 1e6;
    println!(
        "\ntransfers of {mb:.0} MB: to host {:.2} ms ({:.1} GB/s), to {dev} {:.2} ms ({:.1} GB/s)",
        t_d2h * 1e3,
        mb / 1e3 / t_d2h,
        t_h2d * 1e3,
        mb / 1e3 / t_h2d
    );

    // 4. The speedup demo: a 5000x5000 float32 matrix product on the CPU and on the GPU.
    let m = if small { 128 } else { 5000 };
    let np_a = rng.random_on(&[m, m], DType::Float32, Device::Cpu)?;
    let np_b = rng.random_on(&[m, m], DType::Float32, Device::Cpu)?;
    let t0 = Instant::now();
    let np_c = cp::products::dot(&np_a, &np_b)?;
    let cpu_time = t0.elapsed().as_secs_f64();
    println!("\n{m}x{m} float32 dot on the CPU: {cpu_time:.3} s");
    // check a few entries against a float64 host dot product
    let (ha, hb, hc) = (
        np_a.to_vec::<f32>()?,
        np_b.to_vec::<f32>()?,
        np_c.to_vec::<f32>()?,
    );
    for &(i, j) in &[(0, 0), (m / 2, m / 3), (m - 1, m - 1)] {
        let exact: f64 = (0..m)
            .map(|k| ha[i * m + k] as f64 * hb[k * m + j] as f64)
            .sum();
        let got = hc[i * m + j] as f64;
        assert!(
            (got - exact).abs() <= 1e-4 * exact.abs(),
            "c[{i},{j}] = {got}, expected {exact}"
        );
    }
    if let Device::Cuda(_) = dev {
        let cp_a = np_a.to_device(dev)?;
        let cp_b = np_b.to_device(dev)?;
        cp::products::dot(&cp_a, &cp_b)?; // warm-up (loads cuBLAS)
        dev.synchronize()?;
        let t0 = Instant::now();
        let cp_c = cp::products::dot(&cp_a, &cp_b)?;
        dev.synchronize()?;
        let gpu_time = t0.elapsed().as_secs_f64();
        println!("{m}x{m} float32 dot on {dev}: {gpu_time:.4} s");
        println!("GPU speedup over the CPU: {:.1}x", cpu_time / gpu_time);
        let gc = cp_c.to_vec::<f32>()?;
        let err = gc
            .iter()
            .zip(&hc)
            .map(|(g, c)| ((g - c).abs() / c.abs().max(1.0)) as f64)
            .fold(0.0, f64::max);
        println!("max relative difference GPU vs CPU: {err:.2e}");
        assert!(err < 1e-2, "GPU and CPU products differ by {err}");
    } else {
        println!("(no GPU: the GPU half of the demo needs a CUDA device)");
    }
    Ok(())
}
