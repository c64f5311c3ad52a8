//! Host time per small CUDA operation (no sync per call): a throwaway probe for bisecting.
use cuprum_core::*;
use std::time::Instant;

fn time<F: FnMut() -> Result<()>>(name: &str, n: usize, d: Device, mut f: F) -> Result<()> {
    for _ in 0..200 {
        f()?;
    }
    d.synchronize()?;
    let mut best = f64::MAX;
    let mut all = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..n {
            f()?;
        }
        let host = t.elapsed().as_secs_f64() * 1e6 / n as f64;
        d.synchronize()?;
        best = best.min(host);
        all.push(format!("{host:.2}"));
    }
    println!("{name:<28} best {best:6.2} us/call  rounds [{}]", all.join(" "));
    Ok(())
}

fn main() -> Result<()> {
    let d = Device::Cuda(0);
    let a = ones_on(&[1024usize], DType::Float32, d)?;
    let b = ones_on(&[1024usize], DType::Float32, d)?;
    let n = 2000;
    time("add drop", n, d, || add(&a, &b).map(drop))?;
    let mut keep = Vec::with_capacity(n * 300);
    time("add keep", n, d, || {
        keep.push(add(&a, &b)?);
        Ok(())
    })?;
    drop(keep);
    let out = ones_on(&[1024usize], DType::Float32, d)?;
    time("binary_out add (no alloc)", n, d, || {
        ops::binary_out(ops::BinaryOp::Add, &a, &b, &out)
    })?;
    time("multiply drop", n, d, || multiply(&a, &b).map(drop))?;
    time("sum all drop", n, d, || a.sum(None::<isize>, false).map(drop))?;
    time("empty_on drop", n, d, || {
        empty_on(&[1024usize], DType::Float32, d).map(drop)
    })?;
    time("ones_on drop", n, d, || {
        ones_on(&[1024usize], DType::Float32, d).map(drop)
    })?;
    time("to_vec 1024 (sync)", 500, d, || a.to_vec::<f32>().map(drop))?;
    Ok(())
}
