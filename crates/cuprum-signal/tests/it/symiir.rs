//! `symiirorder1`, `symiirorder2` and `sepfir2d` against SciPy 1.17.1 (`refs_symiir.rs`).

use crate::refs_symiir::*;
use crate::{arr, close, close_c, devices};
use cuprum_core::{Array, Complex64, DType, Device, Element, Error};
use cuprum_signal::*;

fn x200() -> Vec<f64> {
    (0..200)
        .map(|k| (0.37 * k as f64).sin() + 0.01 * k as f64)
        .collect()
}

/// `a[..., idx]` on the host as float64, in C order.
fn pick(a: &Array, idx: &[usize]) -> Vec<f64> {
    pick_as(a, DType::Float64, idx)
}

/// `a[..., idx]` on the host as `dt` (of element type `T`), in C order.
fn pick_as<T: Element>(a: &Array, dt: DType, idx: &[usize]) -> Vec<T> {
    let n = *a.shape().last().unwrap();
    let v = a
        .astype(dt)
        .unwrap()
        .to_device(Device::Cpu)
        .unwrap()
        .to_vec::<T>()
        .unwrap();
    v.chunks(n)
        .flat_map(|row| idx.iter().map(|&i| row[i]).collect::<Vec<_>>())
        .collect()
}

const IDX: [usize; 8] = [0, 1, 2, 50, 100, 197, 198, 199];
const IDX2: [usize; 5] = [0, 1, 30, 58, 59];

#[test]
fn symiirorder_matches_scipy() {
    for dev in devices() {
        let x = arr(x200(), &[200], dev);
        let y = symiirorder1(&x, 0.5, 0.8, -1.0).unwrap();
        assert_eq!((y.shape(), y.device()), (&[200][..], dev));
        close(&arr(pick(&y, &IDX), &[8], Device::Cpu), SYM1, 1e-10, 1e-12);
        let y = symiirorder1(&x, 0.3, -0.6, 1e-4).unwrap();
        close(
            &arr(pick(&y, &IDX), &[8], Device::Cpu),
            SYM1_P,
            1e-10,
            1e-12,
        );
        let x2 = arr(x200()[..120].to_vec(), &[2, 60], dev);
        let y = symiirorder1(&x2, 0.5, 0.3, -1.0).unwrap();
        assert_eq!(y.shape(), &[2, 60]);
        close(
            &arr(pick(&y, &IDX2), &[10], Device::Cpu),
            SYM1_2D,
            1e-10,
            1e-12,
        );
        let y = symiirorder2(&x, 0.5, 0.8, -1.0).unwrap();
        close(&arr(pick(&y, &IDX), &[8], Device::Cpu), SYM2, 1e-9, 1e-11);
        let y = symiirorder2(&x2.astype(DType::Float32).unwrap(), 0.4, 1.2, -1.0).unwrap();
        assert_eq!(y.dtype(), DType::Float32);
        close(
            &arr(pick(&y, &IDX2), &[10], Device::Cpu),
            SYM2_2D_F32,
            1e-5,
            1e-5,
        );
    }
}

/// Asserts the complex `a[..., idx]` equals `want` within `tol` (relative and absolute).
#[track_caller]
fn close_pick(a: &Array, idx: &[usize], want: &[(f64, f64)], tol: f64) {
    let v = pick_as::<Complex64>(a, DType::Complex128, idx);
    let len = v.len();
    close_c(
        &Array::from_vec_on(v, &[len], Device::Cpu).unwrap(),
        want,
        tol,
        tol,
    );
}

#[test]
fn symiirorder1_complex_matches_scipy() {
    for dev in devices() {
        let xr = arr(x200(), &[200], dev);
        let (c0, z1) = (Complex64::new(0.5, 0.2), Complex64::new(0.3, 0.4));
        // a real signal with complex coefficients is filtered as complex (SciPy needs a
        // complex signal here: SYM1_C is SciPy's on x.astype(complex))
        let y = symiirorder1(&xr, c0, z1, -1.0).unwrap();
        assert_eq!((y.dtype(), y.device()), (DType::Complex128, dev));
        close_pick(&y, &IDX, SYM1_C, 1e-10);
        let xc = xr.astype(DType::Complex128).unwrap();
        let y = symiirorder1(&xc, c0, z1, -1.0).unwrap();
        close_pick(&y, &IDX, SYM1_C, 1e-10);
        // a complex signal with real coefficients
        let v = x200();
        let zv: Vec<Complex64> = (0..200).map(|k| Complex64::new(v[k], v[199 - k])).collect();
        let xz = Array::from_vec_on(zv, &[200], dev).unwrap();
        let y = symiirorder1(&xz, 0.5, 0.3, -1.0).unwrap();
        assert_eq!(y.dtype(), DType::Complex128);
        close_pick(&y, &IDX, SYM1_CX, 1e-10);
        // complex64 rows, complex coefficients, precision 1e-4
        let zv: Vec<Complex64> = (0..120)
            .map(|k| {
                let (r, c) = (k / 60, k % 60);
                Complex64::new(v[k], -0.5 * v[(1 - r) * 60 + c])
            })
            .collect();
        let x2 = Array::from_vec_on(zv, &[2, 60], dev)
            .unwrap()
            .astype(DType::Complex64)
            .unwrap();
        let y = symiirorder1(
            &x2,
            Complex64::new(1.0, -0.5),
            Complex64::new(-0.2, 0.6),
            1e-4,
        )
        .unwrap();
        assert_eq!((y.shape(), y.dtype()), (&[2, 60][..], DType::Complex64));
        close_pick(&y, &IDX2, SYM1_C64_2D, 1e-5);
    }
}

#[test]
fn sepfir2d_matches_scipy() {
    for dev in devices() {
        let im: Vec<f64> = (0..42).map(|v| (v as f64).powf(1.3) % 11.0).collect();
        let im = arr(im, &[6, 7], dev);
        let y = sepfir2d(
            &im,
            &arr(vec![1.0, 2.0, 4.0], &[3], dev),
            &arr(vec![0.5, -1.0, 3.0, 0.2, 0.1], &[5], dev),
        )
        .unwrap();
        assert_eq!((y.shape(), y.device()), (&[6, 7][..], dev));
        close(&y, SEPFIR, 1e-12, 1e-12);
    }
}

#[test]
fn symiir_bad_input() {
    let d = Device::Cpu;
    let x = arr(x200(), &[200], d);
    assert!(matches!(
        symiirorder1(&x, 0.5, 1.0, -1.0),
        Err(Error::OutOfDomain {
            op: "signal.symiirorder1",
            arg: "z1",
            ..
        })
    ));
    assert!(matches!(
        symiirorder2(&x, 1.0, 0.5, -1.0),
        Err(Error::OutOfDomain { arg: "r", .. })
    ));
    assert!(matches!(
        symiirorder1(&arr(vec![1.0; 8], &[2, 2, 2], d), 0.5, 0.5, -1.0),
        Err(Error::BadShape { arg: "signal", .. })
    ));
    assert!(matches!(
        symiirorder1(&arr(vec![], &[0], d), 0.5, 0.5, -1.0),
        Err(Error::BadShape { .. })
    ));
    assert!(matches!(
        symiirorder1(&x, 0.5, Complex64::new(0.8, 0.7), -1.0),
        Err(Error::OutOfDomain { arg: "z1", .. })
    ));
    assert!(matches!(
        symiirorder1(&x, Complex64::new(1.0, f64::NAN), 0.5, -1.0),
        Err(Error::OutOfDomain { arg: "c0", .. })
    ));
    // too short for the default precision: an error, not a panic
    assert!(symiirorder1(&arr(vec![1.0; 10], &[10], d), 0.5, 0.9, -1.0).is_err());
    assert!(symiirorder2(&arr(vec![1.0; 2], &[2], d), 0.5, 0.5, 0.5).is_err());
    let h = arr(vec![1.0, 2.0], &[2], d);
    let im = arr(vec![1.0; 12], &[3, 4], d);
    assert!(matches!(
        sepfir2d(&im, &h, &arr(vec![1.0], &[1], d)),
        Err(Error::BadShape {
            op: "signal.sepfir2d",
            arg: "hrow",
            ..
        })
    ));
    assert!(matches!(
        sepfir2d(&x, &arr(vec![1.0], &[1], d), &arr(vec![1.0], &[1], d)),
        Err(Error::BadShape { arg: "input", .. })
    ));
}
