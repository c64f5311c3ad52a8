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
    let mut s = 0x2545f4914f6cdd1du64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
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
