//! CUDA against the CPU on seeded random inputs (every transform, layouts, dtypes, norms), explicit
//! plans and use from two streams. Skipped without a GPU
//! (each test says so on stderr); with `CUPRUM_REQUIRE_CUDA=1` a missing GPU fails instead.

use crate::common::{Rng, rel_err, tol, values};
use cuprum_core::cuda::Stream;
use cuprum_core::{Array, Complex32, DType, Device, SliceItem};
use cuprum_fft::{self as fft, Norm, Plan, Transform};

// `Some(Device::Cuda(0))` when a GPU is present; `None` (skip) otherwise
use cuprum_core::ext::test_util::first_gpu as gpu;

type F = fn(&Array, Option<&[usize]>, Option<&[isize]>, Norm) -> cuprum_core::Result<Array>;

/// Compares `f` on the GPU and on the CPU for one input.
fn same(f: F, cpu: &Array, dev: Device, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) {
    let want = f(cpu, s, axes, norm).unwrap();
    let g = cpu.to_device(dev).unwrap();
    let got = f(&g, s, axes, norm).unwrap();
    assert_eq!(got.device(), dev);
    assert_eq!(got.shape(), want.shape());
    assert_eq!(got.dtype(), want.dtype());
    let n: usize = want.shape().iter().product::<usize>().max(2);
    let e = rel_err(&values(&got).unwrap(), &values(&want).unwrap());
    assert!(
        e < 4.0 * tol(want.dtype(), n),
        "{:?} s={s:?} axes={axes:?} {norm}: relative error {e}",
        cpu.shape()
    );
}

#[test]
fn cuda_matches_cpu_on_random_inputs() {
    let Some(dev) = gpu("cuda_matches_cpu_on_random_inputs") else {
        return;
    };
    let mut rng = Rng::new(11);
    let c2c: [F; 4] = [fft::fftn, fft::ifftn, fft::fft2, fft::ifft2];
    let r2c: [F; 2] = [fft::rfftn, fft::rfft2];
    for _ in 0..25 {
        let ndim = rng.range(2, 4);
        let shape: Vec<usize> = (0..ndim).map(|_| rng.range(1, 40)).collect();
        let n: usize = shape.iter().product();
        let norm = [Norm::Backward, Norm::Ortho, Norm::Forward][rng.range(0, 3)];
        let xc = Array::from_vec_on(rng.vec_c128(n), &shape, Device::Cpu).unwrap();
        let x32: Vec<Complex32> = values(&xc)
            .unwrap()
            .iter()
            .map(|z| Complex32::new(z.re as f32, z.im as f32))
            .collect();
        let xc32 = Array::from_vec_on(x32, &shape, Device::Cpu).unwrap();
        let xr = Array::from_vec_on(rng.vec_f64(n), &shape, Device::Cpu).unwrap();
        let axes: Vec<isize> = vec![-1, 0];
        let s: Vec<usize> = vec![rng.range(1, 50), rng.range(1, 50)];
        for f in c2c {
            same(f, &xc, dev, None, None, norm);
            same(f, &xc32, dev, None, None, norm);
            same(f, &xc, dev, Some(&s), Some(&axes), norm);
            same(f, &xc.transpose().unwrap(), dev, None, Some(&[0]), norm);
        }
        for f in r2c {
            same(f, &xr, dev, None, None, norm);
            same(f, &xr, dev, Some(&s), Some(&axes), norm);
        }
        let y = fft::rfftn(&xr, None, None, Norm::Backward).unwrap();
        same(fft::irfftn, &y, dev, Some(&shape), None, norm);
        same(fft::irfftn, &y, dev, None, None, norm);
        same(fft::irfft2, &y, dev, None, None, norm);
        // 1-D families through the n-d signature
        let h = |a: &Array, _s: Option<&[usize]>, _ax: Option<&[isize]>, nm: Norm| {
            fft::hfft(a, None, 0, nm)
        };
        same(h, &xc, dev, None, None, norm);
        let ih = |a: &Array, _s: Option<&[usize]>, _ax: Option<&[isize]>, nm: Norm| {
            fft::ihfft(a, Some(7), -1, nm)
        };
        same(ih, &xr, dev, None, None, norm);
        let strided = xc
            .slice(&SliceItem::parse_expr("[::-1, ::2]").unwrap())
            .unwrap();
        let one = |a: &Array, _s: Option<&[usize]>, _ax: Option<&[isize]>, nm: Norm| {
            fft::fft(a, Some(13), 0, nm)
        };
        same(one, &strided, dev, None, None, norm);
        let ints =
            Array::from_vec_on((0..n as i64).collect::<Vec<_>>(), &shape, Device::Cpu).unwrap();
        same(fft::fftn, &ints, dev, None, None, norm);
    }
}

#[test]
fn cuda_large_contiguous_paths() {
    let Some(dev) = gpu("cuda_large_contiguous_paths") else {
        return;
    };
    let mut rng = Rng::new(12);
    // the benchmark shapes, scaled down: a 2-D complex64 plan and a long float32 rfft
    let n = 512;
    let v: Vec<Complex32> = (0..n * n)
        .map(|_| Complex32::new(rng.f64() as f32, rng.f64() as f32))
        .collect();
    let a = Array::from_vec_on(v, &[n, n], Device::Cpu).unwrap();
    same(fft::fft2, &a, dev, None, None, Norm::Backward);
    let r: Vec<f32> = (0..1 << 20).map(|_| rng.f64() as f32).collect();
    let r = Array::from_vec_on(r, &[1 << 20], Device::Cpu).unwrap();
    same(fft::rfftn, &r, dev, None, None, Norm::Backward);
    // many short signals
    let b = Array::from_vec_on(rng.vec_f64(4096 * 16), &[4096, 16], Device::Cpu).unwrap();
    same(fft::rfftn, &b, dev, None, Some(&[-1]), Norm::Ortho);
}

#[test]
fn explicit_plans_and_two_streams() {
    let Some(dev) = gpu("explicit_plans_and_two_streams") else {
        return;
    };
    let Device::Cuda(i) = dev else { unreachable!() };
    let mut rng = Rng::new(13);
    let x = Array::from_vec_on(rng.vec_c128(32 * 48), &[32, 48], Device::Cpu).unwrap();
    let want = values(&fft::fft2(&x, None, None, Norm::Ortho).unwrap()).unwrap();
    let g = x.to_device(dev).unwrap();
    let plan = Plan::new(
        Transform::Fft,
        &[32, 48],
        DType::Complex128,
        dev,
        None,
        Some(&[-2, -1]),
        Norm::Ortho,
    )
    .unwrap();
    let (s1, s2) = (Stream::new(i).unwrap(), Stream::new(i).unwrap());
    for k in 0..4 {
        let s = if k % 2 == 0 { &s1 } else { &s2 };
        let _guard = s.use_stream().unwrap();
        let y = plan.execute(&g).unwrap();
        let via_cache = fft::fft2(&g, None, None, Norm::Ortho).unwrap();
        s.synchronize().unwrap();
        assert!(rel_err(&values(&y).unwrap(), &want) < tol(DType::Complex128, 48 * 32));
        assert!(rel_err(&values(&via_cache).unwrap(), &want) < tol(DType::Complex128, 48 * 32));
    }
    assert!(plan.execute(&x).is_err()); // wrong device
}

/// dct/dst (every type, both directions), their n-d forms and fht/ifht on the GPU against the
/// CPU, on lengths large enough for cuFFT's multi-kernel paths (odd, even, prime), float32,
/// float64 and complex128.
#[test]
fn cuda_real_transforms_and_fht_match_cpu() {
    let Some(dev) = gpu("cuda_real_transforms_and_fht_match_cpu") else {
        return;
    };
    type R1 =
        fn(&Array, u32, Option<usize>, isize, Norm, Option<bool>) -> cuprum_core::Result<Array>;
    let mut rng = Rng::new(0x0d57);
    for &(rows, n) in &[(3usize, 1000usize), (2, 999), (4, 1031), (5, 64)] {
        let x = Array::from_vec_on(rng.vec_f64(rows * n), &[rows, n], Device::Cpu).unwrap();
        let xc = Array::from_vec_on(rng.vec_c128(rows * n), &[rows, n], Device::Cpu).unwrap();
        for input in [x.astype(DType::Float32).unwrap(), x.clone(), xc] {
            let g = input.to_device(dev).unwrap();
            for f in [fft::dct as R1, fft::idct, fft::dst, fft::idst] {
                for ty in 1..=4u32 {
                    for (norm, axis) in [(Norm::Backward, -1), (Norm::Ortho, 0), (Norm::Forward, 1)]
                    {
                        let want = f(&input, ty, None, axis, norm, None).unwrap();
                        let got = f(&g, ty, None, axis, norm, None).unwrap();
                        assert_eq!(got.device(), dev);
                        assert_eq!(got.dtype(), want.dtype());
                        assert_eq!(got.shape(), want.shape());
                        let e = rel_err(&values(&got).unwrap(), &values(&want).unwrap());
                        assert!(
                            e < 8.0 * tol(want.dtype(), n),
                            "type {ty} {norm} axis {axis} {:?} {}: relative error {e}",
                            input.shape(),
                            input.dtype()
                        );
                    }
                }
            }
            for ty in 1..=4u32 {
                let want = fft::dctn(&input, ty, None, None, Norm::Ortho, None).unwrap();
                let got = fft::dctn(&g, ty, None, None, Norm::Ortho, None).unwrap();
                let e = rel_err(&values(&got).unwrap(), &values(&want).unwrap());
                assert!(e < 8.0 * tol(want.dtype(), rows * n), "dctn type {ty}: {e}");
                let want =
                    fft::idstn(&input, ty, Some(&[7, n]), None, Norm::Backward, None).unwrap();
                let got = fft::idstn(&g, ty, Some(&[7, n]), None, Norm::Backward, None).unwrap();
                let e = rel_err(&values(&got).unwrap(), &values(&want).unwrap());
                assert!(e < 8.0 * tol(want.dtype(), 7 * n), "idstn type {ty}: {e}");
            }
        }
        let gx = x.to_device(dev).unwrap();
        for (bias, offset) in [(0.0, 0.0), (0.4, 0.1)] {
            for f in [fft::fht, fft::ifht] {
                let want = f(&x, 0.05, 0.5, offset, bias).unwrap();
                let got = f(&gx, 0.05, 0.5, offset, bias).unwrap();
                assert_eq!(got.device(), dev);
                let e = rel_err(&values(&got).unwrap(), &values(&want).unwrap());
                assert!(e < 8.0 * tol(DType::Float64, n), "fht bias {bias}: {e}");
            }
        }
    }
}
