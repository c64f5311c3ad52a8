//! The FFT part of the tutorial: `fft2` and `ifft2` of a 1024×1024 random signal on the current
//! device (CUDA 0 when present, else the CPU; `CUPRUM_DEVICE=cpu` forces the CPU), checking the
//! round trip.
//!
//! ```python
//! import cupy as cp
//! x = cp.random.random((1024, 1024), dtype=cp.float32)
//! y = cp.fft.fft2(x)
//! z = cp.fft.ifft2(y)
//! cp.testing.assert_allclose(z.real, x, atol=1e-5)
//! ```
//!
//! Run with `cargo run --release --example fft -p cuprum` (`CUPRUM_EXAMPLE_SMALL=1`: 128×128).

use cuprum as cp;
use cuprum::fft::Norm;

fn main() -> cp::Result<()> {
    let device = cp::current_device();
    // CUPRUM_EXAMPLE_SMALL=1 (the test that runs every example) shrinks the signal.
    let n = if std::env::var_os("CUPRUM_EXAMPLE_SMALL").is_some() {
        128
    } else {
        1024
    };
    let mut rng = cp::random::default_rng(0);
    let x = rng.random(&[n, n], cp::DType::Float32)?;
    let t0 = std::time::Instant::now();
    let y = cp::fft::fft2(&x, None, None, Norm::Backward)?;
    let z = cp::fft::ifft2(&y, None, None, Norm::Backward)?;
    device.synchronize()?;
    let elapsed = t0.elapsed();
    println!(
        "fft2 + ifft2 of {:?} {} on {device}: {:.3} ms (first call, includes planning)",
        x.shape(),
        x.dtype(),
        elapsed.as_secs_f64() * 1e3
    );
    assert_eq!(y.dtype(), cp::DType::Complex64);
    // compare on the host
    let xs = x.to_vec::<f32>()?;
    let zs = z.to_vec::<cp::Complex32>()?;
    let err = xs
        .iter()
        .zip(&zs)
        .map(|(a, b)| (b.re - a).abs().max(b.im.abs()))
        .fold(0f32, f32::max);
    println!("max |ifft2(fft2(x)) - x| = {err:e}");
    assert!(err < 1e-5, "round trip error {err} is too large");
    // the DC bin is the sum of the signal
    let sum: f64 = xs.iter().map(|&v| v as f64).sum();
    let dc = y.to_vec::<cp::Complex32>()?[0];
    println!("DC bin {:.3}, sum of x {sum:.3}", dc.re);
    assert!((dc.re as f64 - sum).abs() < 1e-4 * sum);
    if let cp::Device::Cuda(i) = device {
        cp::fft::plan_cache(i)?.show_info();
    }
    Ok(())
}
