//! Edges of issue 46, on every device: sizes no machine can hold fail with
//! [`cuprum_core::Error::OutOfMemory`] (NumPy's MemoryError) before anything is allocated,
//! NaN propagates through the 1- and inf-norms as in NumPy, and matrices outside LAPACK's safe
//! range are scaled before the factorization (crate::scale) so their results stay exact.
//! Expected values: NumPy 2.4 (`np.linalg`), the call next to each.

use crate::{LinalgError, NormOrd, QrMode, cond, eigvals, matrix_rank, norm, qr, slogdet, svd};
use crate::{Svd, svdvals};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Error, zeros_on};

fn rel_close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 1e-13 * want.abs(),
        "{what}: {got:e} vs {want:e}"
    );
}

#[test]
fn full_svd_beyond_memory_fails_cleanly() {
    for dev in all_devices() {
        // np.linalg.svd(np.zeros((1, 2**24))) with full_matrices: Vh is 2^24 x 2^24 float64,
        // 2^51 bytes: MemoryError (faer used to panic unwrapping its AllocError)
        let a = zeros_on([1usize, 1 << 24], DType::Float64, dev).unwrap();
        match svd(&a, true, true) {
            Err(LinalgError::Core(Error::OutOfMemory { requested, .. })) => {
                assert!(requested >= 1 << 51, "{requested}")
            }
            other => panic!("{dev}: expected OutOfMemory, got {other:?}"),
        }
        // the small case: np.linalg.svd(np.zeros((1, 3))) -> s = [0], Vh 3 x 3
        let a = zeros_on([1usize, 3], DType::Float64, dev).unwrap();
        let Svd { s, vh, .. } = svd(&a, true, true).unwrap();
        assert_eq!(s.to_vec::<f64>().unwrap(), vec![0.0]);
        assert_eq!(vh.unwrap().shape(), &[3, 3]);
    }
}

#[test]
fn one_and_inf_norms_propagate_nan() {
    for dev in all_devices() {
        let b = Array::from_vec_on(vec![1.0, f64::NAN, 2.0, 3.0], [2, 2], dev).unwrap();
        // np.linalg.norm(B, ord) for ord in (1, inf, -1, -inf) = nan
        for ord in [1.0, f64::INFINITY, -1.0, f64::NEG_INFINITY] {
            let v = norm(&b, Some(NormOrd::P(ord)), None, false).unwrap();
            assert!(v.to_vec::<f64>().unwrap()[0].is_nan(), "{dev} ord {ord}");
        }
        // np.linalg.norm([1, nan], inf) = nan, and -inf
        let x = Array::from_vec_on(vec![1.0, f64::NAN], [2], dev).unwrap();
        for ord in [f64::INFINITY, f64::NEG_INFINITY] {
            let v = norm(&x, Some(NormOrd::P(ord)), None, false).unwrap();
            assert!(
                v.to_vec::<f64>().unwrap()[0].is_nan(),
                "{dev} vector ord {ord}"
            );
        }
        // np.linalg.norm([[1, -2], [3, 4]], ord) = 6, 7, 4, 3
        let c = Array::from_vec_on(vec![1.0, -2.0, 3.0, 4.0], [2, 2], dev).unwrap();
        for (ord, want) in [
            (1.0, 6.0),
            (f64::INFINITY, 7.0),
            (-1.0, 4.0),
            (f64::NEG_INFINITY, 3.0),
        ] {
            let v = norm(&c, Some(NormOrd::P(ord)), None, false).unwrap();
            assert_eq!(v.to_vec::<f64>().unwrap(), vec![want], "{dev} ord {ord}");
        }
    }
}

#[test]
fn huge_entries_are_scaled_before_the_factorization() {
    let sqrt2e308 = std::f64::consts::SQRT_2 * 1e308;
    for dev in all_devices() {
        let a = Array::from_vec_on(vec![1e308, 1e308, 1e308, -1e308], [2, 2], dev).unwrap();
        // np.linalg.eigvals(A) = [1.414213562373095e+308, -1.4142135623730951e+308]
        let mut w = eigvals(&a).unwrap().to_vec::<f64>().unwrap();
        w.sort_by(f64::total_cmp);
        rel_close(w[0], -sqrt2e308, "eigvals[0]");
        rel_close(w[1], sqrt2e308, "eigvals[1]");
        // det = -2e616: sign -1, log|det| = ln 2 + 616 ln 10 = 1419.085564464892 (NumPy's LU
        // overflows to inf here; scaled, the value is exact)
        let (sign, logdet) = slogdet(&a).unwrap();
        assert_eq!(sign.to_vec::<f64>().unwrap(), vec![-1.0]);
        rel_close(
            logdet.to_vec::<f64>().unwrap()[0],
            1419.085564464892,
            "slogdet",
        );
        // A's columns are orthogonal, each of norm sqrt(2)e308: R = diag(±sqrt(2)e308) (R[0,1]
        // is rounding noise, 1.9958e292 in NumPy's, a few ulps of R[0,0]), Q's entries
        // ±1/sqrt(2) (NumPy overflows to inf/nan; np.linalg.qr(A * 2**-600) gives these, R
        // times 2**600)
        let f = qr(&a, QrMode::Reduced).unwrap();
        let r = f.r.to_vec::<f64>().unwrap();
        rel_close(r[0].abs(), sqrt2e308, "R[0,0]");
        assert!(r[1].abs() < 1e294 && r[2] == 0.0, "{r:?}");
        rel_close(r[3].abs(), sqrt2e308, "R[1,1]");
        for qv in f.q.unwrap().to_vec::<f64>().unwrap() {
            rel_close(qv.abs(), std::f64::consts::FRAC_1_SQRT_2, "Q");
        }
        // the singular values: np.linalg.svd(A, compute_uv=False) = [sqrt(2)e308] * 2
        for s in svdvals(&a).unwrap().to_vec::<f64>().unwrap() {
            rel_close(s, sqrt2e308, "svdvals");
        }
    }
}

#[test]
fn subnormal_entries_are_scaled_before_the_factorization() {
    for dev in all_devices() {
        let d = Array::from_vec_on(vec![1e-310, 0.0, 0.0, 1e-310], [2, 2], dev).unwrap();
        // np.linalg.svd(D, compute_uv=False) = [1e-310, 1e-310]; matrix_rank = 2; cond = 1.0
        assert_eq!(
            svdvals(&d).unwrap().to_vec::<f64>().unwrap(),
            vec![1e-310, 1e-310]
        );
        let s = svd(&d, false, true).unwrap().s;
        assert_eq!(s.to_vec::<f64>().unwrap(), vec![1e-310, 1e-310], "{dev}");
        assert_eq!(
            matrix_rank(&d, None).unwrap().to_vec::<i64>().unwrap(),
            vec![2]
        );
        assert_eq!(cond(&d, None).unwrap().to_vec::<f64>().unwrap(), vec![1.0]);
        // np.linalg.eigvals(D) = [1e-310, 1e-310]
        assert_eq!(
            eigvals(&d).unwrap().to_vec::<f64>().unwrap(),
            vec![1e-310, 1e-310]
        );
    }
}
