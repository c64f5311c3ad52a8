//! Properties on seeded random inputs, on every device: agreement with a naive DFT (any
//! length including primes, any axis, strided and reversed views), round trips
//! `ifft(fft(x)) = x` and `irfft(rfft(x), n) = x`, Parseval's identity, the dtype rules and
//! the argument errors. Tolerances are machine epsilon × (log2 n + 1) × a small constant.

use crate::common::{Rng, devices, naive_dft_axis, rel_err, tol, values};
use cuprum_core::{Array, Complex32, Complex64, DType, Device, Error, SliceItem};
use cuprum_fft::{self as fft, Norm};

fn random_shape(rng: &mut Rng, ndim: usize) -> Vec<usize> {
    // lengths 1..=17 cover primes (2, 3, 5, 7, 11, 13, 17), powers of two and composites
    (0..ndim).map(|_| rng.range(1, 18)).collect()
}

fn c128(v: Vec<Complex64>, shape: &[usize], device: Device) -> Array {
    Array::from_vec_on(v, shape, device).unwrap()
}

#[test]
fn fft_matches_naive_dft_on_every_axis_and_length() {
    let mut rng = Rng::new(1);
    for device in devices() {
        for _ in 0..40 {
            let ndim = rng.range(1, 4);
            let shape = random_shape(&mut rng, ndim);
            let n: usize = shape.iter().product();
            let x = rng.vec_c128(n);
            let a = c128(x.clone(), &shape, device);
            for axis in 0..ndim {
                let got =
                    values(&fft::fft(&a, None, axis as isize, Norm::Backward).unwrap()).unwrap();
                let want = naive_dft_axis(&x, &shape, axis, -1.0);
                let e = rel_err(&got, &want);
                assert!(
                    e < tol(DType::Complex128, shape[axis]),
                    "fft {shape:?} axis {axis} on {device}: {e}"
                );
                let got =
                    values(&fft::ifft(&a, None, axis as isize, Norm::Forward).unwrap()).unwrap();
                let want = naive_dft_axis(&x, &shape, axis, 1.0);
                let e = rel_err(&got, &want);
                assert!(
                    e < tol(DType::Complex128, shape[axis]),
                    "ifft {shape:?} axis {axis}: {e}"
                );
            }
        }
    }
}

#[test]
fn large_prime_and_power_of_two_lengths() {
    let mut rng = Rng::new(2);
    for device in devices() {
        for &n in &[97usize, 127, 256, 1009, 1024] {
            let x = rng.vec_c128(n);
            let a = c128(x.clone(), &[n], device);
            let got = values(&fft::fft(&a, None, -1, Norm::Backward).unwrap()).unwrap();
            let want = naive_dft_axis(&x, &[n], 0, -1.0);
            let e = rel_err(&got, &want);
            assert!(e < tol(DType::Complex128, n), "n={n}: {e}");
        }
    }
}

#[test]
fn strided_and_reversed_views_match_contiguous_copies() {
    let mut rng = Rng::new(3);
    for device in devices() {
        let x = rng.vec_c128(7 * 12);
        let base = c128(x, &[7, 12], device);
        let views = [
            base.slice(&SliceItem::parse_expr("[::-1, ::3]").unwrap())
                .unwrap(),
            base.transpose().unwrap(),
            base.slice(&SliceItem::parse_expr("[1:6:2, ::-2]").unwrap())
                .unwrap(),
        ];
        for v in &views {
            let contig = c128(values(v).unwrap(), v.shape(), device);
            for axis in 0..2isize {
                let a = values(&fft::fft(v, None, axis, Norm::Ortho).unwrap()).unwrap();
                let b = values(&fft::fft(&contig, None, axis, Norm::Ortho).unwrap()).unwrap();
                assert!(
                    rel_err(&a, &b) < 1e-14,
                    "view {:?} axis {axis}",
                    v.strides()
                );
            }
            let a = values(&fft::fft2(v, Some(&[5, 3]), None, Norm::Backward).unwrap()).unwrap();
            let b =
                values(&fft::fft2(&contig, Some(&[5, 3]), None, Norm::Backward).unwrap()).unwrap();
            assert!(rel_err(&a, &b) < 1e-14);
        }
    }
}

#[test]
fn round_trips_on_random_shapes_and_axes() {
    let mut rng = Rng::new(4);
    for device in devices() {
        for _ in 0..30 {
            let ndim = rng.range(1, 4);
            let shape = random_shape(&mut rng, ndim);
            let n: usize = shape.iter().product();
            let norm = [Norm::Backward, Norm::Ortho, Norm::Forward][rng.range(0, 3)];
            // complex round trip over a random subset of axes
            let x = rng.vec_c128(n);
            let a = c128(x.clone(), &shape, device);
            let k = rng.range(1, ndim + 1);
            let axes: Vec<isize> = (0..k).map(|i| (ndim - k + i) as isize).collect();
            let y = fft::fftn(&a, None, Some(&axes), norm).unwrap();
            let back = values(&fft::ifftn(&y, None, Some(&axes), norm).unwrap()).unwrap();
            assert!(
                rel_err(&back, &x) < tol(DType::Complex128, n),
                "fftn {shape:?} {axes:?}"
            );
            // real round trip, last transformed axis of any parity
            let xr = rng.vec_f64(n);
            let ar = Array::from_vec_on(xr.clone(), &shape, device).unwrap();
            let s: Vec<usize> = axes.iter().map(|&ax| shape[ax as usize]).collect();
            let y = fft::rfftn(&ar, None, Some(&axes), norm).unwrap();
            let back = fft::irfftn(&y, Some(&s), Some(&axes), norm).unwrap();
            assert_eq!(back.dtype(), DType::Float64);
            assert_eq!(back.shape(), &shape[..]);
            let xr_c: Vec<Complex64> = xr.iter().map(|&v| Complex64::new(v, 0.0)).collect();
            let e = rel_err(&values(&back).unwrap(), &xr_c);
            assert!(
                e < tol(DType::Float64, n),
                "rfftn {shape:?} {axes:?} {norm}: {e}"
            );
            // 1-D irfft(rfft(x), n) along a random axis
            let axis = rng.range(0, ndim);
            let y = fft::rfft(&ar, None, axis as isize, norm).unwrap();
            let back = fft::irfft(&y, Some(shape[axis]), axis as isize, norm).unwrap();
            assert!(rel_err(&values(&back).unwrap(), &xr_c) < tol(DType::Float64, shape[axis]));
            // hfft(ihfft(x), n) = x
            let y = fft::ihfft(&ar, None, axis as isize, norm).unwrap();
            let back = fft::hfft(&y, Some(shape[axis]), axis as isize, norm).unwrap();
            assert!(rel_err(&values(&back).unwrap(), &xr_c) < tol(DType::Float64, shape[axis]));
        }
    }
}

#[test]
fn single_precision_round_trip() {
    let mut rng = Rng::new(5);
    for device in devices() {
        let n = 4096;
        let x: Vec<f32> = (0..n).map(|_| rng.f64() as f32).collect();
        let a = Array::from_vec_on(x.clone(), &[4, n / 4], device).unwrap();
        let y = fft::rfft2(&a, None, None, Norm::Backward).unwrap();
        assert_eq!(y.dtype(), DType::Complex64);
        assert_eq!(y.shape(), &[4, n / 8 + 1]);
        let back = fft::irfft2(&y, Some(&[4, n / 4]), None, Norm::Backward).unwrap();
        assert_eq!(back.dtype(), DType::Float32);
        let got = back.to_vec::<f32>().unwrap();
        let err = got
            .iter()
            .zip(&x)
            .map(|(p, q)| (p - q).abs())
            .fold(0f32, f32::max);
        assert!(
            (err as f64) < tol(DType::Float32, n),
            "f32 round trip error {err}"
        );
    }
}

#[test]
fn parseval_holds() {
    let mut rng = Rng::new(6);
    for device in devices() {
        for _ in 0..20 {
            let ndim = rng.range(1, 3);
            let shape = random_shape(&mut rng, ndim);
            let n: usize = shape.iter().product();
            let x = rng.vec_c128(n);
            let a = c128(x.clone(), &shape, device);
            let y = values(&fft::fftn(&a, None, None, Norm::Ortho).unwrap()).unwrap();
            let ex: f64 = x.iter().map(|z| z.norm_sqr()).sum();
            let ey: f64 = y.iter().map(|z| z.norm_sqr()).sum();
            assert!(
                (ex - ey).abs() <= ex * tol(DType::Complex128, n),
                "{shape:?}: {ex} vs {ey}"
            );
            let y = values(&fft::fftn(&a, None, None, Norm::Backward).unwrap()).unwrap();
            let ey: f64 = y.iter().map(|z| z.norm_sqr()).sum::<f64>() / n as f64;
            assert!((ex - ey).abs() <= ex * tol(DType::Complex128, n));
        }
    }
}

#[test]
fn dtypes_follow_numpy() {
    for device in devices() {
        let f32a = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], device).unwrap();
        assert_eq!(
            fft::fft(&f32a, None, -1, Norm::Backward).unwrap().dtype(),
            DType::Complex64
        );
        let h = Array::from_vec_on(vec![cuprum_core::f16::from_f32(1.0); 4], &[4], device).unwrap();
        assert_eq!(
            fft::fft(&h, None, -1, Norm::Backward).unwrap().dtype(),
            DType::Complex64
        );
        let i = Array::from_vec_on(vec![1i32, 2, 3, 4], &[4], device).unwrap();
        let y = fft::fft(&i, None, -1, Norm::Backward).unwrap();
        assert_eq!(y.dtype(), DType::Complex128);
        assert_eq!(values(&y).unwrap()[0], Complex64::new(10.0, 0.0));
        let b = Array::from_vec_on(vec![true, false, true, false], &[4], device).unwrap();
        assert_eq!(
            fft::rfft(&b, None, -1, Norm::Backward).unwrap().dtype(),
            DType::Complex128
        );
        let c = Array::from_vec_on(vec![Complex32::new(1.0, 1.0); 4], &[4], device).unwrap();
        assert_eq!(
            fft::irfft(&c, None, -1, Norm::Backward).unwrap().dtype(),
            DType::Float32
        );
        assert_eq!(
            fft::hfft(&c, None, -1, Norm::Backward).unwrap().dtype(),
            DType::Float32
        );
    }
}

#[test]
fn bad_arguments_are_errors() {
    for device in devices() {
        let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], device).unwrap();
        assert!(matches!(
            fft::fft(&a, Some(0), -1, Norm::Backward),
            Err(Error::BadArgument { arg: "n", .. })
        ));
        assert!(matches!(
            fft::fft(&a, None, 1, Norm::Backward),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(matches!(
            fft::fftn(&a, Some(&[0]), None, Norm::Backward),
            Err(Error::BadArgument { arg: "n", .. })
        ));
        assert!(matches!(
            fft::fftn(&a, Some(&[3, 3]), Some(&[0]), Norm::Backward),
            Err(Error::BadArgument { arg: "s", .. })
        ));
        let one = Array::from_vec_on(vec![Complex64::new(1.0, 0.0)], &[1], device).unwrap();
        assert!(matches!(
            fft::irfft(&one, None, -1, Norm::Backward),
            Err(Error::BadArgument { arg: "n", .. })
        ));
        let c = Array::from_vec_on(vec![Complex64::new(1.0, 0.0); 2], &[2], device).unwrap();
        assert!(matches!(
            fft::rfft(&c, None, -1, Norm::Backward),
            Err(Error::DType { .. })
        ));
        let empty = Array::from_vec_on(Vec::<f64>::new(), &[0], device).unwrap();
        assert!(matches!(
            fft::fft(&empty, None, -1, Norm::Backward),
            Err(Error::BadArgument { arg: "n", .. })
        ));
        // an empty batch axis is fine
        let e2 = Array::from_vec_on(Vec::<f64>::new(), &[0, 4], device).unwrap();
        assert_eq!(
            fft::fft(&e2, None, -1, Norm::Backward).unwrap().shape(),
            &[0, 4]
        );
        assert!(fft::fftfreq(0, 1.0).is_err());
        assert!("nope".parse::<Norm>().is_err());
    }
}

#[test]
fn shifts_invert_each_other_on_every_layout() {
    let mut rng = Rng::new(7);
    for device in devices() {
        for _ in 0..10 {
            let shape = random_shape(&mut rng, 3);
            let n: usize = shape.iter().product();
            let v: Vec<i64> = (0..n as i64).collect();
            let a = Array::from_vec_on(v.clone(), &shape, device).unwrap();
            let t = a.transpose().unwrap();
            for x in [&a, &t] {
                let back = fft::ifftshift(&fft::fftshift(x, None).unwrap(), None).unwrap();
                let want = x.to_device(Device::Cpu).unwrap();
                assert_eq!(back.to_vec::<i64>().unwrap(), want.to_vec::<i64>().unwrap());
            }
            // fftshift along axis 1 only moves elements along axis 1
            let s = fft::fftshift(&a, Some(&[1]))
                .unwrap()
                .to_vec::<i64>()
                .unwrap();
            let (n1, n2) = (shape[1], shape[2]);
            for i in 0..shape[0] {
                for j in 0..n1 {
                    let src = (j + n1 - n1 / 2) % n1;
                    for k in 0..n2 {
                        assert_eq!(s[(i * n1 + j) * n2 + k], v[(i * n1 + src) * n2 + k]);
                    }
                }
            }
        }
    }
}

#[test]
fn frequencies_match_numpy_formulas() {
    let f = fft::fftfreq_on(8, 0.1, Device::Cpu)
        .unwrap()
        .to_vec::<f64>()
        .unwrap();
    let want = [0.0, 1.25, 2.5, 3.75, -5.0, -3.75, -2.5, -1.25];
    for (a, b) in f.iter().zip(want) {
        assert!((a - b).abs() < 1e-12);
    }
    let f = fft::rfftfreq_on(9, 1.0, Device::Cpu)
        .unwrap()
        .to_vec::<f64>()
        .unwrap();
    assert_eq!(f.len(), 5);
    assert!((f[4] - 4.0 / 9.0).abs() < 1e-15);
}
