//! Delaunay's repeated points (`coplanar`) and `vertex_neighbor_vertices`, against SciPy
//! 1.17.1 in 2, 3 and 4 dimensions on every device.

use crate::arr;
use cuprum_core::ext::test_util::all_devices;
use cuprum_spatial::Delaunay;

struct RepeatCase {
    d: usize,
    points: &'static [f64],
    /// `[point, vertex]` of each coplanar row, by point
    coplanar: &'static [[i32; 2]],
    /// each vertex's neighbours, sorted
    neighbours: &'static [&'static [i32]],
}

// p = round(default_rng(5).random((n, d)), 3) for (d, n) = (2, 12), (3, 14), (4, 12), drawn in
// turn, with rows 2, 7, 2 appended; t = Delaunay(p): t.coplanar (rows sorted; the point and
// vertex columns) and t.vertex_neighbor_vertices (each vertex's list sorted)
const CASES: &[RepeatCase] = &[
    RepeatCase {
        d: 2,
        points: &[
            0.805, 0.808, 0.515, 0.286, 0.054, 0.383, 0.408, 0.045, 0.049, 0.999, 0.652, 0.235,
            0.435, 0.974, 0.898, 0.844, 0.392, 0.493, 0.677, 0.061, 0.556, 0.271, 0.88, 0.064,
            0.054, 0.383, 0.898, 0.844, 0.054, 0.383,
        ],
        coplanar: &[[12, 2], [13, 7], [14, 2]],
        neighbours: &[
            &[5, 6, 7, 8, 10, 11],
            &[2, 3, 8, 10],
            &[1, 3, 4, 8],
            &[1, 2, 9, 10, 11],
            &[2, 6, 8],
            &[0, 9, 10, 11],
            &[0, 4, 7, 8],
            &[0, 6, 11],
            &[0, 1, 2, 4, 6, 10],
            &[3, 5, 10, 11],
            &[0, 1, 3, 5, 8, 9],
            &[0, 3, 5, 7, 9],
            &[],
            &[],
            &[],
        ],
    },
    RepeatCase {
        d: 3,
        points: &[
            0.679, 0.87, 0.227, 0.895, 0.872, 0.019, 0.707, 0.001, 0.503, 0.437, 0.203, 0.325,
            0.806, 0.316, 0.149, 0.699, 0.449, 0.799, 0.236, 0.32, 0.8, 0.507, 0.506, 0.236, 0.015,
            0.933, 0.086, 0.845, 0.368, 0.951, 0.399, 0.936, 0.556, 0.24, 0.741, 0.674, 0.684,
            0.464, 0.222, 0.641, 0.107, 0.692, 0.707, 0.001, 0.503, 0.507, 0.506, 0.236, 0.707,
            0.001, 0.503,
        ],
        coplanar: &[[14, 2], [15, 7], [16, 2]],
        neighbours: &[
            &[1, 5, 7, 8, 9, 10, 12],
            &[0, 4, 5, 7, 8, 9, 10, 12],
            &[3, 4, 5, 6, 9, 12, 13],
            &[2, 4, 5, 6, 7, 8, 11, 12, 13],
            &[1, 2, 3, 5, 7, 8, 9, 12],
            &[0, 1, 2, 3, 4, 6, 7, 9, 10, 11, 12, 13],
            &[2, 3, 5, 7, 8, 9, 11, 13],
            &[0, 1, 3, 4, 5, 6, 8, 10, 11, 12],
            &[0, 1, 3, 4, 6, 7, 10, 11],
            &[0, 1, 2, 4, 5, 6, 10, 11, 13],
            &[0, 1, 5, 7, 8, 9, 11],
            &[3, 5, 6, 7, 8, 9, 10],
            &[0, 1, 2, 3, 4, 5, 7, 13],
            &[2, 3, 5, 6, 9, 12],
            &[],
            &[],
            &[],
        ],
    },
    RepeatCase {
        d: 4,
        points: &[
            0.635, 0.377, 0.799, 0.194, 0.39, 0.798, 0.38, 0.713, 0.613, 0.941, 0.992, 0.724,
            0.809, 0.153, 0.713, 0.848, 0.401, 0.553, 0.479, 0.959, 0.317, 0.402, 0.001, 0.42,
            0.631, 0.935, 0.924, 0.327, 0.989, 0.188, 0.823, 0.157, 0.405, 0.073, 0.858, 0.829,
            0.14, 0.527, 0.258, 0.492, 0.553, 0.106, 0.864, 0.279, 0.447, 0.057, 0.003, 0.195,
            0.613, 0.941, 0.992, 0.724, 0.989, 0.188, 0.823, 0.157, 0.613, 0.941, 0.992, 0.724,
        ],
        coplanar: &[[12, 2], [13, 7], [14, 2]],
        neighbours: &[
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
            &[0, 2, 3, 4, 5, 6, 7, 8, 9],
            &[0, 1, 3, 4, 6, 7, 8, 9, 10],
            &[0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
            &[0, 1, 2, 3, 5, 8, 9, 10, 11],
            &[0, 1, 3, 4, 6, 7, 8, 9, 10, 11],
            &[0, 1, 2, 3, 5, 7, 8, 9, 10, 11],
            &[0, 1, 2, 3, 5, 6, 8, 10, 11],
            &[0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11],
            &[0, 1, 2, 3, 4, 5, 6, 8, 10, 11],
            &[0, 2, 3, 4, 5, 6, 7, 8, 9, 11],
            &[0, 3, 4, 5, 6, 7, 8, 9, 10],
            &[],
            &[],
            &[],
        ],
    },
];

#[test]
fn repeated_points_and_vertex_neighbours() {
    for dev in all_devices() {
        for case in CASES {
            let (d, n) = (case.d, case.points.len() / case.d);
            let t = Delaunay::new(&arr(case.points, &[n, d], dev)).unwrap();
            let simp = t.simplices().to_vec::<i32>().unwrap();
            // the repeated points are no simplex's vertices
            assert!(simp.iter().all(|&v| (v as usize) < n - 3), "d = {d}");
            let cop = t.coplanar();
            assert_eq!((cop.shape(), cop.device()), (&[3usize, 3][..], dev));
            let rows = cop.to_vec::<i32>().unwrap();
            for (row, want) in rows.chunks_exact(3).zip(case.coplanar) {
                assert_eq!([row[0], row[2]], *want, "d = {d}");
                // the simplex column names a simplex having the vertex
                let s = &simp[row[1] as usize * (d + 1)..(row[1] as usize + 1) * (d + 1)];
                assert!(s.contains(&row[2]), "d = {d}: {row:?} {s:?}");
            }
            let (indptr, indices) = t.vertex_neighbor_vertices().unwrap();
            assert_eq!((indptr.device(), indices.device()), (dev, dev));
            let (ip, ind) = (
                indptr.to_vec::<i32>().unwrap(),
                indices.to_vec::<i32>().unwrap(),
            );
            assert_eq!(ip.len(), n + 1);
            for (k, want) in case.neighbours.iter().enumerate() {
                let mut got = ind[ip[k] as usize..ip[k + 1] as usize].to_vec();
                got.sort_unstable();
                assert_eq!(got, *want, "d = {d}, vertex {k}");
            }
        }
    }
}

#[test]
fn too_few_distinct_points_is_an_error() {
    for dev in all_devices() {
        // Delaunay([[0, 0], [1, 0], [0, 0]]): QhullError (two distinct points)
        let p = arr(&[0.0, 0.0, 1.0, 0.0, 0.0, 0.0], &[3, 2], dev);
        let e = Delaunay::new(&p);
        assert!(
            matches!(e, Err(cuprum_core::Error::BadArgument { .. })),
            "{e:?}"
        );
        // -0.0 repeats 0.0: Delaunay([[0, 0], [1, 0], [0, 1], [-0.0, 0]]).coplanar == [[3, 0, 0]]
        let p = arr(&[0.0, 0.0, 1.0, 0.0, 0.0, 1.0, -0.0, 0.0], &[4, 2], dev);
        let t = Delaunay::new(&p).unwrap();
        assert_eq!(t.coplanar().to_vec::<i32>().unwrap(), vec![3, 0, 0]);
    }
}
