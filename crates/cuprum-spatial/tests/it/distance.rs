//! cdist, pdist, squareform, distance_matrix, minkowski_distance.

use crate::reference::*;
use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_spatial::distance::{Metric, cdist, pdist, squareform};
use cuprum_spatial::{distance_matrix, minkowski_distance};

#[test]
fn cdist_every_metric() {
    for dev in all_devices() {
        let (a, b) = (arr(A, &[5, 3], dev), arr(B, &[4, 3], dev));
        for (m, r) in [
            (Metric::Euclidean, CD_EUCLIDEAN),
            (Metric::SqEuclidean, CD_SQEUCLIDEAN),
            (Metric::Cityblock, CD_CITYBLOCK),
            (Metric::Chebyshev, CD_CHEBYSHEV),
            (Metric::Canberra, CD_CANBERRA),
            (Metric::BrayCurtis, CD_BRAYCURTIS),
            (Metric::Cosine, CD_COSINE),
            (Metric::Correlation, CD_CORRELATION),
            (Metric::JensenShannon, CD_JENSENSHANNON),
            (Metric::Hellinger, CD_HELLINGER),
            (Metric::KlDivergence, CD_KL_DIVERGENCE),
            (Metric::Minkowski(3.0), CD_MINK3),
            (Metric::Minkowski(0.5), CD_MINK05),
        ] {
            let d = cdist(&a, &b, m).unwrap();
            assert_eq!((d.shape(), d.device()), (&[5usize, 4][..], dev));
            check(&d, r, 1e-12);
        }
        let (i, j) = (arr(I, &[3, 3], dev), arr(J, &[2, 3], dev));
        for (m, r) in [
            (Metric::Hamming, CD_HAMMING),
            (Metric::Jaccard, CD_JACCARD),
            (Metric::RussellRao, CD_RUSSELLRAO),
        ] {
            check(&cdist(&i, &j, m).unwrap(), r, 1e-14);
        }
        assert_eq!(
            Metric::from_name("minkowski", 3.0).unwrap(),
            Metric::Minkowski(3.0)
        );
        assert_eq!(
            Metric::from_name("hellinger", 2.0).unwrap(),
            Metric::Hellinger
        );
        assert_eq!(
            Metric::from_name("kl_divergence", 2.0).unwrap(),
            Metric::KlDivergence
        );
        assert!(Metric::from_name("bogus", 2.0).is_err());
        assert!(cdist(&a, &arr(&[1.0, 2.0], &[1, 2], dev), Metric::Euclidean).is_err());
        assert!(cdist(&a, &b, Metric::Minkowski(0.0)).is_err());
        assert!(cdist(&arr(&[1.0], &[1], dev), &b, Metric::Euclidean).is_err());
    }
}

#[test]
fn pdist_squareform_and_friends() {
    for dev in all_devices() {
        let (a, b) = (arr(A, &[5, 3], dev), arr(B, &[4, 3], dev));
        let p = pdist(&a, Metric::Euclidean).unwrap();
        check(&p, PD_EUC, 1e-12);
        check(&pdist(&a, Metric::Cityblock).unwrap(), PD_CITY, 1e-12);
        let sq = squareform(&p, false).unwrap();
        assert_eq!(sq.shape(), &[5, 5]);
        check(&sq, SQ, 1e-12);
        check(&squareform(&sq, true).unwrap(), PD_EUC, 1e-12);
        assert!(squareform(&arr(&[1.0, 2.0], &[2], dev), false).is_err());
        assert!(squareform(&arr(&[0.0, 1.0, 2.0, 0.0], &[2, 2], dev), true).is_err());
        assert_eq!(
            squareform(&arr(&[], &[0], dev), false).unwrap().shape(),
            &[1, 1]
        );
        check(&distance_matrix(&a, &b, 1.0).unwrap(), DM1, 1e-12);
        let a4 = arr(&A[..12], &[4, 3], dev);
        check(&minkowski_distance(&a4, &b, 3.0).unwrap(), MD3, 1e-12);
    }
}

#[test]
fn pairwise_vector_functions() {
    use cuprum_spatial::distance as d;
    for dev in all_devices() {
        // the first rows of A and B against cdist's [0, 0] entries
        let (u, v) = (arr(&A[..3], &[3], dev), arr(&B[..3], &[3], dev));
        check(&d::euclidean(&u, &v).unwrap(), &CD_EUCLIDEAN[..1], 1e-12);
        check(&d::cosine(&u, &v).unwrap(), &CD_COSINE[..1], 1e-12);
        check(
            &d::jensenshannon(&u, &v).unwrap(),
            &CD_JENSENSHANNON[..1],
            1e-12,
        );
        check(&d::minkowski(&u, &v, 3.0).unwrap(), &CD_MINK3[..1], 1e-12);
        check(&d::hellinger(&u, &v).unwrap(), &CD_HELLINGER[..1], 1e-12);
        check(
            &d::kl_divergence(&u, &v).unwrap(),
            &CD_KL_DIVERGENCE[..1],
            1e-12,
        );
        // rel_entr's edges: 0 log 0 = 0; u > 0 against v = 0 is infinite
        let z = arr(&[0.0, 0.5, 0.5], &[3], dev);
        let w = arr(&[0.5, 0.5, 0.0], &[3], dev);
        let kl = d::kl_divergence(&z, &w).unwrap().to_vec::<f64>().unwrap()[0];
        assert_eq!(kl, f64::INFINITY);
        let kl = d::kl_divergence(&z, &z).unwrap().to_vec::<f64>().unwrap()[0];
        assert_eq!(kl, 0.0);
        assert_eq!(d::euclidean(&u, &v).unwrap().ndim(), 0);
        assert!(d::cityblock(&u, &arr(&[1.0], &[1], dev)).is_err());
    }
}
