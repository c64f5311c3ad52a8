//! `hfftn`, `hfft2`, `ihfftn`, `ihfft2` and `next_fast_len` against SciPy's answers, on every
//! device. Expected values: scipy 1.17 `scipy.fft` in python3 (the call is given next to each).

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64};
use cuprum_fft::{Norm, hfft2, hfftn, ihfft2, ihfftn, next_fast_len};

fn close(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-11, "{got:?} vs {want:?}");
    }
}

#[test]
fn hermitian_nd_transforms_as_scipy() {
    let c = |re: f64, im: f64| Complex64::new(re, im);
    for dev in all_devices() {
        let a = Array::from_vec_on(
            vec![
                c(1.0, 2.0),
                c(3.0, -1.0),
                c(0.5, 0.0),
                c(2.0, 0.0),
                c(0.0, 1.0),
                c(-1.0, 0.0),
            ],
            [2, 3],
            dev,
        )
        .unwrap();
        // scipy.fft.hfftn(a) = [[8.5, 3.5, -3.5, 3.5], [6.5, -6.5, -5.5, 1.5]]
        let y = hfftn(&a, None, None, Norm::Backward).unwrap();
        assert_eq!((y.shape(), y.device()), (&[2usize, 4][..], dev));
        close(
            &y.to_vec::<f64>().unwrap(),
            &[8.5, 3.5, -3.5, 3.5, 6.5, -6.5, -5.5, 1.5],
        );
        // scipy.fft.hfft2(a, s=(2, 3)) = [[9, 0, 0], [5, -7.464101615138, -0.535898384862]]
        let y = hfft2(&a, Some(&[2, 3]), None, Norm::Backward).unwrap();
        close(
            &y.to_vec::<f64>().unwrap(),
            &[9.0, 0.0, 0.0, 5.0, -7.464101615138, -0.535898384862],
        );
        let b = Array::from_vec_on(
            vec![1.0f64, 2.0, 3.0, 4.0, 0.0, -1.0, 5.0, 2.0],
            [2, 4],
            dev,
        )
        .unwrap();
        // scipy.fft.ihfftn(b) = [[2, -0.875-0.625j, 0.25], [0.5, 0.375+0.125j, -0.75]]
        let y = ihfftn(&b, None, None, Norm::Backward).unwrap();
        assert_eq!(y.shape(), &[2, 3]);
        let v: Vec<f64> = y
            .to_vec::<Complex64>()
            .unwrap()
            .iter()
            .flat_map(|z| [z.re, z.im])
            .collect();
        close(
            &v,
            &[
                2.0, 0.0, -0.875, -0.625, 0.25, 0.0, 0.5, 0.0, 0.375, 0.125, -0.75, 0.0,
            ],
        );
        // scipy.fft.ihfft2(b, norm='ortho')[0, :2] = [5.65685424949238, -2.47487373415292-1.76776695296637j]
        let y = ihfft2(&b, None, None, Norm::Ortho)
            .unwrap()
            .to_vec::<Complex64>()
            .unwrap();
        close(
            &[y[0].re, y[0].im, y[1].re, y[1].im],
            &[5.65685424949238, 0.0, -2.47487373415292, -1.76776695296637],
        );
    }
    // cupyx.scipy.fft.next_fast_len: 2,3,5,7-smooth (CuPy's rule)
    assert_eq!(next_fast_len(1021, false).unwrap(), 1024);
    assert_eq!(next_fast_len(13, false).unwrap(), 14);
    assert_eq!(next_fast_len(121, true).unwrap(), 125);
    assert_eq!(next_fast_len(1, false).unwrap(), 1);
}
