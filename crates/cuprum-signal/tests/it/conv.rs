//! Convolution and correlation against SciPy.

use crate::refs::*;
use crate::{arr, close, devices, sig};
use cuprum_core::{Array, ConvolveMode, Device, Scalar};
use cuprum_signal::*;

fn im(dev: Device) -> Array {
    arr((0..5).flat_map(|j| sig(6, j)).collect(), &[5, 6], dev)
}

fn k2(dev: Device) -> Array {
    arr(vec![1.0, 2.0, 0.5, 0.0, -1.0, 3.0], &[2, 3], dev)
}

#[test]
fn nd_convolution_modes_and_methods() {
    for dev in devices() {
        let (a, k) = (im(dev), k2(dev));
        close(
            &convolve(&a, &k, ConvolveMode::Full, ConvMethod::Direct).unwrap(),
            CONV_FULL,
            1e-10,
            1e-12,
        );
        close(
            &convolve(&a, &k, ConvolveMode::Same, ConvMethod::Fft).unwrap(),
            CONV_SAME_FFT,
            1e-10,
            1e-12,
        );
        close(
            &correlate(&a, &k, ConvolveMode::Valid, ConvMethod::Auto).unwrap(),
            CORR_VALID,
            1e-10,
            1e-12,
        );
        let x = arr(sig(40, 0), &[40], dev);
        let v = x.slice(cuprum_core::s![..7]).unwrap();
        close(
            &fftconvolve(&x, &v, ConvolveMode::Valid, None).unwrap(),
            FFTCONV_VALID,
            1e-10,
            1e-12,
        );
    }
}

#[test]
fn boundaries_2d() {
    for dev in devices() {
        let (a, k) = (im(dev), k2(dev));
        close(
            &convolve2d(&a, &k, ConvolveMode::Same, Boundary::Wrap, Scalar::Int(0)).unwrap(),
            CONV2D_WRAP,
            1e-10,
            1e-12,
        );
        close(
            &correlate2d(&a, &k, ConvolveMode::Full, Boundary::Symm, Scalar::Int(0)).unwrap(),
            CORR2D_SYMM,
            1e-10,
            1e-12,
        );
    }
}

#[test]
fn integer_direct_is_exact_and_empty_gives_empty() {
    for dev in devices() {
        let a = Array::from_vec_on(vec![1i64, 2, 3], &[3], dev).unwrap();
        let b = Array::from_vec_on(vec![4i64, 5], &[2], dev).unwrap();
        let r = convolve(&a, &b, ConvolveMode::Full, ConvMethod::Auto).unwrap();
        assert_eq!(
            r.to_device(Device::Cpu).unwrap().to_vec::<i64>().unwrap(),
            vec![4, 13, 22, 15]
        );
        let e = Array::from_vec_on(Vec::<f64>::new(), &[0], dev).unwrap();
        assert_eq!(
            convolve(&e, &e, ConvolveMode::Full, ConvMethod::Auto)
                .unwrap()
                .size(),
            0
        );
    }
}
