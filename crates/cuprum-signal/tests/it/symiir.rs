//! `symiirorder1`, `symiirorder2` and `sepfir2d` against SciPy 1.17.1 (`refs_symiir.rs`).

use crate::refs_symiir::*;
use crate::{arr, close, devices};
use cuprum_core::{Array, DType, Device, Error};
use cuprum_signal::*;

fn x200() -> Vec<f64> {
    (0..200)
        .map(|k| (0.37 * k as f64).sin() + 0.01 * k as f64)
        .collect()
}

/// `a[..., idx]` on the host, in C order.
fn pick(a: &Array, idx: &[usize]) -> Vec<f64> {
    let n = *a.shape().last().unwrap();
    let v = a
        .astype(DType::Float64)
        .unwrap()
        .to_device(Device::Cpu)
        .unwrap()
        .to_vec::<f64>()
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
