//! `cuprum_special::stats` against SciPy 1.17.1's `scipy.stats`, on every device.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Device};
use cuprum_special::stats;

fn close_all(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * w.abs().max(1.0),
            "got {g}, SciPy {w}"
        );
    }
}

/// The 3 x 4 sample of the tests on `dev`.
fn sample(dev: Device) -> Array {
    let v = vec![1.0, 2.0, 3.0, 4.0, 2.0, 4.0, 8.0, 16.0, 1.0, 1.0, 1.0, 5.0];
    Array::from_vec_on(v, &[3, 4], dev).unwrap()
}

#[test]
fn zscore_zmap() {
    for dev in all_devices() {
        let a = sample(dev);
        // scipy.stats.zscore(a, axis=0)[0]
        let z = stats::zscore(&a, 0, 0.0).unwrap().to_vec::<f64>().unwrap();
        close_all(
            &z[..4],
            &[
                -0.7071067811865474,
                -0.2672612419124245,
                -0.3396831102433787,
                -0.7970811413304556,
            ],
            1e-14,
        );
        // scipy.stats.zscore(a, axis=1, ddof=1)[2]
        let z = stats::zscore(&a, 1, 1.0).unwrap().to_vec::<f64>().unwrap();
        close_all(&z[8..], &[-0.5, -0.5, -0.5, 1.5], 1e-14);
        // scipy.stats.zscore(a, axis=None)[1, 3]
        let z = stats::zscore(&a, None, 0.0)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(&z[7..8], &[2.896264752152867], 1e-14);
        // scipy.stats.zmap([1., 2., 3.], [1., 2., 3., 4., 5.])
        let s = Array::from_vec_on(vec![1.0, 2.0, 3.0], &[3], dev).unwrap();
        let c = Array::from_vec_on(vec![1.0, 2.0, 3.0, 4.0, 5.0], &[5], dev).unwrap();
        let z = stats::zmap(&s, &c, 0, 0.0)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(&z, &[-1.414213562373095, -0.7071067811865475, 0.0], 1e-14);
    }
}

#[test]
fn entropy_boxcox_llf_trim_mean() {
    for dev in all_devices() {
        let a = sample(dev);
        // scipy.stats.entropy(a, axis=1)
        let h = stats::entropy(&a, None, None, 1)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(
            &h,
            &[1.2798542258336676, 1.1369165918330009, 1.073542846408523],
            1e-14,
        );
        // scipy.stats.entropy([1, 2, 3], [3, 2, 1], base=2)
        let p = Array::from_vec_on(vec![1i64, 2, 3], &[3], dev).unwrap();
        let q = Array::from_vec_on(vec![3i64, 2, 1], &[3], dev).unwrap();
        let h = stats::entropy(&p, Some(&q), Some(2.0), 0)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(&h, &[0.5283208335737188], 1e-14);
        // scipy.stats.boxcox_llf(-1.5, a, axis=1) and boxcox_llf(0., [1, 2, 3, 4, 5])
        let l = stats::boxcox_llf(-1.5, &a, 1)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(
            &l,
            &[-2.0810750357396532, -7.625998381532252, 1.321012399755146],
            1e-13,
        );
        let x = Array::from_vec_on(vec![1.0, 2.0, 3.0, 4.0, 5.0], &[5], dev).unwrap();
        let l = stats::boxcox_llf(0.0, &x, 0)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(&l, &[-1.9629911845446344], 1e-14);
        // scipy.stats.trim_mean(a, 0.25, axis=1) and trim_mean(a, 0.34, axis=None)
        let m = stats::trim_mean(&a, 0.25, Some(1))
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(&m, &[2.5, 6.0, 1.0], 1e-15);
        let m = stats::trim_mean(&a, 0.34, None)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        close_all(&m, &[2.75], 1e-15);
        assert!(stats::trim_mean(&a, 0.5, Some(1)).is_err());
    }
}
