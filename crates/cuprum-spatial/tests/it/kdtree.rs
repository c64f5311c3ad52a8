//! KDTree queries.

use crate::reference::*;
use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_spatial::{KDTree, QueryOptions};

#[test]
fn query_k_p_and_upper_bound() {
    for dev in all_devices() {
        let (p, q) = (arr(P, &[40, 2], dev), arr(Q, &[6, 2], dev));
        let t = KDTree::new(&p).unwrap();
        let (d, i) = t.query(&q, 3, QueryOptions::default()).unwrap();
        assert_eq!((d.shape(), i.shape()), (&[6usize, 3][..], &[6usize, 3][..]));
        check(&d, KD_D, 1e-12);
        check(&i, KD_I, 0.0);
        let (d, i) = t
            .query(
                &q,
                2,
                QueryOptions {
                    p: 1.0,
                    distance_upper_bound: 0.1,
                },
            )
            .unwrap();
        check(&d, KD_D_UB, 1e-12);
        check(&i, KD_I_UB, 0.0);
        let (d, i) = t
            .query(
                &q,
                1,
                QueryOptions {
                    p: f64::INFINITY,
                    ..Default::default()
                },
            )
            .unwrap();
        assert_eq!(d.shape(), &[6]);
        check(&d, KD_D_INF, 1e-12);
        check(&i, KD_I_INF, 0.0);
        // more neighbours than points: inf and index n
        let small = KDTree::new(&arr(&[0.0, 1.0, 2.0], &[3, 1], dev)).unwrap();
        let (d, i) = small
            .query(&arr(&[0.0], &[1, 1], dev), 5, QueryOptions::default())
            .unwrap();
        check(&d, &[0.0, 1.0, 2.0, f64::INFINITY, f64::INFINITY], 0.0);
        check(&i, &[0.0, 1.0, 2.0, 3.0, 3.0], 0.0);
        assert!(t.query(&q, 0, QueryOptions::default()).is_err());
        assert!(
            t.query(&arr(&[1.0; 3], &[1, 3], dev), 1, QueryOptions::default())
                .is_err()
        );
        assert!(KDTree::new(&arr(&[0.0, f64::NAN], &[1, 2], dev)).is_err());
    }
}

#[test]
fn ball_pairs_and_counts() {
    for dev in all_devices() {
        let (p, q) = (arr(P, &[40, 2], dev), arr(Q, &[6, 2], dev));
        let t = KDTree::new(&p).unwrap();
        let lists = t.query_ball_point(&q, 0.2, 2.0).unwrap();
        let lens: Vec<f64> = lists.iter().map(|l| l.len() as f64).collect();
        assert_eq!(lens, BALL_LENS);
        let flat: Vec<f64> = lists.iter().flatten().map(|&v| v as f64).collect();
        assert_eq!(flat, BALL);
        let pairs: Vec<f64> = t
            .query_pairs(0.1, 2.0)
            .unwrap()
            .iter()
            .flat_map(|&(a, b)| [a as f64, b as f64])
            .collect();
        assert_eq!(pairs, PAIRS);
        let tq = KDTree::new(&q).unwrap();
        assert_eq!(t.count_neighbors(&tq, 0.25, 2.0).unwrap() as f64, COUNT[0]);
        assert!(t.query_ball_point(&q, -1.0, 2.0).is_err());
    }
}

#[test]
fn tree_agrees_with_exhaustive_search() {
    // 3000 points in 3-d (xorshift64), 40 queries: the CPU tree's neighbours equal a sort of
    // the cdist rows, for several p
    let mut next = crate::uniform(0x9e3779b97f4a7c15u64);
    let (n, q, k) = (3000, 40, 5);
    let pv: Vec<f64> = (0..3 * n).map(|_| next()).collect();
    let qv: Vec<f64> = (0..3 * q).map(|_| next() * 1.2 - 0.1).collect();
    let dev = cuprum_core::Device::Cpu;
    let (p, x) = (arr(&pv, &[n, 3], dev), arr(&qv, &[q, 3], dev));
    let t = KDTree::new(&p).unwrap();
    for pn in [1.0, 2.0, 3.0, f64::INFINITY] {
        let (d, i) = t
            .query(
                &x,
                k,
                QueryOptions {
                    p: pn,
                    ..Default::default()
                },
            )
            .unwrap();
        let (d, i) = (d.to_vec::<f64>().unwrap(), i.to_vec::<i64>().unwrap());
        let full = cuprum_spatial::distance::cdist(
            &x,
            &p,
            cuprum_spatial::distance::Metric::Minkowski(pn),
        )
        .unwrap()
        .to_vec::<f64>()
        .unwrap();
        for j in 0..q {
            let mut row: Vec<(f64, usize)> =
                full[j * n..(j + 1) * n].iter().copied().zip(0..n).collect();
            row.sort_by(|a, b| a.0.total_cmp(&b.0));
            for m in 0..k {
                assert_eq!(
                    i[j * k + m] as usize,
                    row[m].1,
                    "p {pn}, query {j}, neighbour {m}"
                );
                assert!((d[j * k + m] - row[m].0).abs() <= 1e-15 * (1.0 + row[m].0));
            }
        }
        let balls = t.query_ball_point(&x, 0.15, pn).unwrap();
        for (j, b) in balls.iter().enumerate() {
            let want: Vec<usize> = (0..n).filter(|&c| full[j * n + c] <= 0.15).collect();
            assert_eq!(b, &want);
        }
    }
}

#[test]
fn bad_queries_are_errors() {
    for dev in all_devices() {
        let t = KDTree::new(&arr(&[0.0, 0.0, 1.0, 0.0, 0.0, 1.0], &[3, 2], dev)).unwrap();
        // NaN or infinite query coordinates: SciPy raises ValueError
        for bad in [f64::NAN, f64::INFINITY] {
            let q = arr(&[bad, 0.5], &[1, 2], dev);
            assert!(t.query(&q, 1, QueryOptions::default()).is_err());
            assert!(t.query_ball_point(&q, 0.5, 2.0).is_err());
        }
        assert!(
            t.query(&arr(&[0.5; 3], &[1, 3], dev), 1, QueryOptions::default())
                .is_err()
        );
        assert!(
            t.query(&arr(&[0.5; 2], &[1, 2], dev), 0, QueryOptions::default())
                .is_err()
        );
        assert!(KDTree::new(&arr(&[f64::NAN, 0.0], &[1, 2], dev)).is_err());
        // more neighbours than points: the rest are inf and n
        let (d, i) = t
            .query(&arr(&[0.0, 0.0], &[1, 2], dev), 5, QueryOptions::default())
            .unwrap();
        let (d, i) = (d.to_vec::<f64>().unwrap(), i.to_vec::<i64>().unwrap());
        assert_eq!(
            (d[3], i[3], d[4], i[4]),
            (f64::INFINITY, 3, f64::INFINITY, 3)
        );
        assert_eq!(i[0], 0);
    }
}

#[test]
fn device_search_agrees_with_the_cpu_tree() {
    // 20000 points (uniform in 3-d, clustered in 2-d, on a line in 1-d), queries inside and
    // outside the data: every device's k nearest (the grid kernel on CUDA devices for k <= 32,
    // the exhaustive search above) equal the CPU tree's, for several p and an upper bound
    let mut next = crate::uniform(0x2545f4914f6cdd1du64);
    let n = 20000;
    let q = 300;
    let sets: Vec<(usize, Vec<f64>, Vec<f64>)> = vec![
        (
            3,
            (0..3 * n).map(|_| next()).collect(),
            (0..3 * q).map(|_| next() * 1.4 - 0.2).collect(),
        ),
        (
            2,
            (0..2 * n)
                .map(|i| {
                    let c = ((i / 2) % 4) as f64;
                    c * 3.0 + 0.05 * next()
                })
                .collect(),
            (0..2 * q).map(|_| next() * 12.0 - 1.0).collect(),
        ),
        (
            1,
            (0..n).map(|_| (next() * 50.0).floor()).collect(),
            (0..q).map(|_| next() * 60.0 - 5.0).collect(),
        ),
    ];
    for (d, pv, qv) in &sets {
        let cpu = cuprum_core::Device::Cpu;
        let tc = KDTree::new(&arr(pv, &[n, *d], cpu)).unwrap();
        let xc = arr(qv, &[q, *d], cpu);
        for dev in all_devices() {
            let t = KDTree::new(&arr(pv, &[n, *d], dev)).unwrap();
            let x = arr(qv, &[q, *d], dev);
            for (k, pn, ub) in [
                (8, 2.0, f64::INFINITY),
                (1, 1.0, f64::INFINITY),
                (5, f64::INFINITY, 0.3),
                (3, 3.0, f64::INFINITY),
                (40, 2.0, f64::INFINITY),
            ] {
                let o = QueryOptions {
                    p: pn,
                    distance_upper_bound: ub,
                };
                let (dw, iw) = tc.query(&xc, k, o).unwrap();
                let (dg, ig) = t.query(&x, k, o).unwrap();
                let (dw, dg) = (dw.to_vec::<f64>().unwrap(), dg.to_vec::<f64>().unwrap());
                let (iw, ig) = (iw.to_vec::<i64>().unwrap(), ig.to_vec::<i64>().unwrap());
                for m in 0..dw.len() {
                    if dw[m].is_infinite() {
                        assert_eq!((dg[m], ig[m]), (dw[m], iw[m]), "d {d} k {k} p {pn} #{m}");
                    } else {
                        assert!(
                            (dg[m] - dw[m]).abs() <= 1e-12 * (1.0 + dw[m]),
                            "d {d} k {k} p {pn} #{m}: {} vs {}",
                            dg[m],
                            dw[m]
                        );
                        // ties (the 1-d set has many duplicate points) may pick another point at
                        // the same distance, which the device's pow may round differently: the
                        // point it names must lie at the CPU tree's distance from the query
                        if ig[m] != iw[m] {
                            let (row, j) = (m / k, ig[m] as usize);
                            let dist =
                                minkowski(&pv[j * d..(j + 1) * d], &qv[row * d..(row + 1) * d], pn);
                            assert!(
                                (dist - dw[m]).abs() <= 1e-12 * (1.0 + dw[m]),
                                "d {d} k {k} p {pn} #{m}: point {j} lies at {dist}, not {}",
                                dw[m]
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The Minkowski p-distance of two points (p = inf: the largest coordinate difference).
fn minkowski(a: &[f64], b: &[f64], p: f64) -> f64 {
    let diffs = a.iter().zip(b).map(|(x, y)| (x - y).abs());
    if p.is_infinite() {
        diffs.fold(0.0, f64::max)
    } else if p == 1.0 {
        diffs.sum()
    } else {
        diffs.map(|t| t.powf(p)).sum::<f64>().powf(1.0 / p)
    }
}
