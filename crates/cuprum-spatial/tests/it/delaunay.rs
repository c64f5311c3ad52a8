//! Delaunay and ConvexHull against SciPy (Qhull): the same triangles up to order.

use crate::reference::*;
use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_spatial::{ConvexHull, Delaunay};

fn sorted_rows(v: Vec<i32>) -> Vec<[i64; 3]> {
    let mut rows: Vec<[i64; 3]> = v
        .chunks(3)
        .map(|c| {
            let mut r = [c[0] as i64, c[1] as i64, c[2] as i64];
            r.sort();
            r
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn delaunay_matches_qhull() {
    for dev in all_devices() {
        let p = arr(DP, &[60, 2], dev);
        let d = Delaunay::new(&p).unwrap();
        let got = sorted_rows(d.simplices().to_vec::<i32>().unwrap());
        let want: Vec<[i64; 3]> = DSIMP.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
        assert_eq!(got, want);
        // every neighbour relation is mutual
        let nb = d.neighbors().to_vec::<i32>().unwrap();
        for (t, row) in nb.chunks(3).enumerate() {
            for &o in row.iter().filter(|&&o| o >= 0) {
                assert!(nb[3 * o as usize..3 * o as usize + 3].contains(&(t as i32)));
            }
        }
        let q = arr(DQ, &[10, 2], dev);
        let f = d.find_simplex(&q).unwrap().to_vec::<i32>().unwrap();
        let simp = d.simplices().to_vec::<i32>().unwrap();
        for (i, &s) in f.iter().enumerate() {
            let got: [i64; 3] = if s < 0 {
                [-1, -1, -1]
            } else {
                let mut r = [
                    simp[3 * s as usize] as i64,
                    simp[3 * s as usize + 1] as i64,
                    simp[3 * s as usize + 2] as i64,
                ];
                r.sort();
                r
            };
            assert_eq!(&got[..], &DFIND[3 * i..3 * i + 3], "query {i}");
        }
        // bad input: collinear, too few, 3-d
        assert!(Delaunay::new(&arr(&[0.0, 0.0, 1.0, 1.0, 2.0, 2.0], &[3, 2], dev)).is_err());
        assert!(Delaunay::new(&arr(&[0.0, 0.0, 1.0, 1.0], &[2, 2], dev)).is_err());
        assert!(Delaunay::new(&arr(&[0.0; 12], &[4, 3], dev)).is_err());
    }
}

#[test]
fn delaunay_large_grid_and_random() {
    // 10^5 random points (xorshift64): a complete triangulation has 2n - 2 - h triangles (Euler)
    let n = 100_000;
    let mut next = crate::uniform(0x2545f4914f6cdd1du64);
    let v: Vec<f64> = (0..2 * n).map(|_| next()).collect();
    let p = arr(&v, &[n, 2], cuprum_core::Device::Cpu);
    let d = Delaunay::new(&p).unwrap();
    let h = ConvexHull::new(&p).unwrap();
    let hv = h.vertices().shape()[0];
    assert_eq!(d.simplices().shape()[0], 2 * n - 2 - hv);
    assert_eq!(d.convex_hull().shape()[0], hv);
}

#[test]
fn convex_hull_matches_qhull() {
    for dev in all_devices() {
        let h = ConvexHull::new(&arr(DP, &[60, 2], dev)).unwrap();
        let v: Vec<i64> = h
            .vertices()
            .to_vec::<i32>()
            .unwrap()
            .iter()
            .map(|&x| x as i64)
            .collect();
        assert_eq!(v.len(), HV.len());
        let at = v.iter().position(|&x| x == HV[0]).unwrap();
        let rotated: Vec<i64> = v[at..].iter().chain(&v[..at]).copied().collect();
        assert_eq!(rotated, HV);
        check(
            &cuprum_core::Array::from_vec(vec![h.volume(), h.area()], [2]).unwrap(),
            HVA,
            1e-12,
        );
    }
}

/// `rng = np.random.default_rng(11); P3 = np.round(rng.random((20, 3)), 4)`
const P3: &[f64] = &[
    0.1286, 0.4993, 0.6015, 0.0287, 0.1479, 0.9282, 0.0704, 0.1298, 0.9483, 0.6219, 0.369, 0.5114,
    0.6628, 0.2753, 0.138, 0.788, 0.6704, 0.5124, 0.8167, 0.5491, 0.9809, 0.2045, 0.5537, 0.4836,
    0.3533, 0.5916, 0.2353, 0.8022, 0.8673, 0.1288, 0.4671, 0.2771, 0.0831, 0.8959, 0.4299, 0.1477,
    0.6734, 0.2022, 0.9014, 0.2171, 0.0331, 0.2008, 0.3457, 0.4689, 0.9061, 0.6974, 0.3393, 0.0169,
    0.1598, 0.9964, 0.4597, 0.691, 0.0547, 0.0341, 0.8459, 0.5879, 0.3087, 0.3174, 0.0892, 0.1727,
];
/// `sorted(map(tuple, np.sort(Delaunay(P3).simplices, axis=1)))`
const S3: &[i32] = &[
    0, 1, 2, 13, 0, 1, 2, 14, 0, 1, 13, 16, 0, 1, 14, 16, 0, 2, 3, 13, 0, 2, 3, 14, 0, 3, 7, 14, 0,
    3, 7, 19, 0, 3, 13, 19, 0, 7, 13, 16, 0, 7, 13, 19, 0, 7, 14, 16, 2, 3, 12, 13, 2, 3, 12, 14,
    2, 6, 12, 14, 2, 12, 13, 17, 3, 4, 8, 10, 3, 4, 8, 18, 3, 4, 10, 19, 3, 4, 11, 17, 3, 4, 11,
    18, 3, 4, 17, 19, 3, 5, 6, 12, 3, 5, 6, 14, 3, 5, 7, 8, 3, 5, 7, 14, 3, 5, 8, 18, 3, 5, 12, 18,
    3, 6, 12, 14, 3, 7, 8, 19, 3, 8, 10, 19, 3, 11, 12, 17, 3, 11, 12, 18, 3, 12, 13, 19, 3, 12,
    17, 19, 4, 8, 10, 15, 4, 8, 15, 18, 4, 10, 15, 17, 4, 10, 17, 19, 4, 11, 15, 17, 4, 11, 15, 18,
    5, 6, 9, 16, 5, 6, 9, 18, 5, 6, 12, 18, 5, 6, 14, 16, 5, 7, 8, 16, 5, 7, 14, 16, 5, 8, 9, 16,
    5, 8, 9, 18, 6, 9, 11, 18, 6, 11, 12, 18, 7, 8, 13, 16, 7, 8, 13, 19, 8, 9, 10, 15, 8, 9, 15,
    18, 8, 10, 13, 16, 8, 10, 13, 19, 9, 11, 15, 18, 10, 13, 17, 19, 12, 13, 17, 19,
];
/// `np.round(rng.random((6, 3)) * 0.6 + 0.2, 4)` and `[2, 2, 2]`
const Q3: &[f64] = &[
    0.2148, 0.7035, 0.4798, 0.2763, 0.6435, 0.3174, 0.2372, 0.559, 0.7375, 0.2162, 0.6831, 0.3141,
    0.2557, 0.2108, 0.3758, 0.6363, 0.4959, 0.7118, 2.0, 2.0, 2.0,
];
/// the sorted vertices of `Delaunay(P3).find_simplex(Q3)`'s simplices (-1s outside)
const FS3: &[i32] = &[
    5, 7, 14, 16, 7, 8, 13, 16, 0, 1, 14, 16, -1, -1, -1, -1, 0, 2, 3, 13, 3, 5, 6, 14, -1, -1, -1,
    -1,
];

fn sorted_simplices(a: &cuprum_core::Array, k: usize) -> Vec<Vec<i32>> {
    let v = a.to_vec::<i32>().unwrap();
    let mut out: Vec<Vec<i32>> = v
        .chunks(k)
        .map(|c| {
            let mut c = c.to_vec();
            c.sort_unstable();
            c
        })
        .collect();
    out.sort();
    out
}

#[test]
fn delaunay_3d_matches_scipy() {
    for dev in all_devices() {
        let d = Delaunay::new(&arr(P3, &[20, 3], dev)).unwrap();
        assert_eq!(d.simplices().shape(), &[60, 4]);
        let want: Vec<Vec<i32>> = S3.chunks(4).map(|c| c.to_vec()).collect();
        assert_eq!(sorted_simplices(d.simplices(), 4), want);
        assert_eq!(d.convex_hull().shape(), &[22, 3]);
        assert_eq!(d.transform().shape(), &[60, 4, 3]);
        let s = d
            .find_simplex(&arr(Q3, &[7, 3], dev))
            .unwrap()
            .to_vec::<i32>()
            .unwrap();
        let simp = d.simplices().to_vec::<i32>().unwrap();
        for (j, &t) in s.iter().enumerate() {
            let got = if t < 0 {
                vec![-1; 4]
            } else {
                let mut v = simp[4 * t as usize..4 * t as usize + 4].to_vec();
                v.sort_unstable();
                v
            };
            assert_eq!(got, FS3[4 * j..4 * j + 4].to_vec(), "query {j}");
        }
        // every neighbour shares a face (three vertices) with its simplex
        let nb = d.neighbors().to_vec::<i32>().unwrap();
        for t in 0..60 {
            for e in 0..4 {
                let o = nb[4 * t + e];
                if o >= 0 {
                    let o = o as usize;
                    let shared = (0..4)
                        .filter(|&i| simp[4 * o..4 * o + 4].contains(&simp[4 * t + i]))
                        .count();
                    assert_eq!(shared, 3);
                    assert!(!simp[4 * o..4 * o + 4].contains(&simp[4 * t + e]));
                }
            }
        }
        // coplanar and too few points: errors
        let flat: Vec<f64> = P3
            .chunks(3)
            .flat_map(|c| [c[0], c[1], 0.5 * c[0] + 0.25 * c[1]])
            .collect();
        assert!(Delaunay::new(&arr(&flat, &[20, 3], dev)).is_err());
        assert!(Delaunay::new(&arr(&P3[..9], &[3, 3], dev)).is_err());
        let mut bad = P3.to_vec();
        bad[7] = f64::NAN;
        assert!(Delaunay::new(&arr(&bad, &[20, 3], dev)).is_err());
    }
}

#[test]
fn delaunay_3d_is_empty_sphere_on_many_points() {
    // 1500 points (xorshift64): every tetrahedron is positive and its circumsphere holds no
    // other point (a relative tolerance of 1e-9)
    let mut next = crate::uniform(0x9e3779b97f4a7c15u64);
    let n = 1500;
    let pv: Vec<f64> = (0..3 * n).map(|_| next()).collect();
    let d = Delaunay::new(&arr(&pv, &[n, 3], cuprum_core::Device::Cpu)).unwrap();
    let simp = d.simplices().to_vec::<i32>().unwrap();
    let p = |i: i32| {
        [
            pv[3 * i as usize],
            pv[3 * i as usize + 1],
            pv[3 * i as usize + 2],
        ]
    };
    let mut vol = 0.0;
    for t in simp.chunks(4) {
        let [a, b, c, e] = [p(t[0]), p(t[1]), p(t[2]), p(t[3])];
        // circumcentre: solve 2 (v - a) . x = |v|^2 - |a|^2 for v = b, c, e
        let rows: Vec<[f64; 4]> = [b, c, e]
            .iter()
            .map(|v| {
                [
                    2.0 * (v[0] - a[0]),
                    2.0 * (v[1] - a[1]),
                    2.0 * (v[2] - a[2]),
                    v.iter().map(|x| x * x).sum::<f64>() - a.iter().map(|x| x * x).sum::<f64>(),
                ]
            })
            .collect();
        let det3 = |m: [[f64; 3]; 3]| {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        };
        let m = |c: usize, rhs: bool| -> [[f64; 3]; 3] {
            let mut o = [[0.0; 3]; 3];
            for i in 0..3 {
                for j in 0..3 {
                    o[i][j] = if rhs && j == c {
                        rows[i][3]
                    } else {
                        rows[i][j]
                    };
                }
            }
            o
        };
        let dd = det3(m(0, false));
        let cc = [
            det3(m(0, true)) / dd,
            det3(m(1, true)) / dd,
            det3(m(2, true)) / dd,
        ];
        let r2: f64 = (0..3).map(|k| (a[k] - cc[k]).powi(2)).sum();
        for i in 0..n as i32 {
            if t.contains(&i) {
                continue;
            }
            let q = p(i);
            let d2: f64 = (0..3).map(|k| (q[k] - cc[k]).powi(2)).sum();
            assert!(
                d2 >= r2 * (1.0 - 1e-9),
                "point {i} inside the sphere of {t:?}"
            );
        }
        let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let w = [e[0] - a[0], e[1] - a[1], e[2] - a[2]];
        let o = det3([u, v, w]);
        assert!(o > 0.0);
        vol += o / 6.0;
    }
    // the tetrahedra fill the hull: the volume is below the unit cube's and close to it
    assert!(vol < 1.0 && vol > 0.9, "volume {vol}");
}

#[test]
fn convex_hull_3d_matches_scipy() {
    for dev in all_devices() {
        // ConvexHull(P3): vertices, volume, area, 22 triangles (SciPy 1.17.1)
        let h = ConvexHull::new(&arr(P3, &[20, 3], dev)).unwrap();
        assert_eq!(
            h.vertices().to_vec::<i32>().unwrap(),
            vec![1, 2, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
        );
        assert_eq!(h.simplices().shape(), &[22, 3]);
        check(
            &arr(&[h.volume(), h.area()], &[2], dev),
            &[0.3323921224314999, 2.7875867770988068],
            1e-12,
        );
        let flat: Vec<f64> = P3
            .chunks(3)
            .flat_map(|c| [c[0], c[1], 0.5 * c[0] + 0.25 * c[1]])
            .collect();
        assert!(ConvexHull::new(&arr(&flat, &[20, 3], dev)).is_err());
    }
}
