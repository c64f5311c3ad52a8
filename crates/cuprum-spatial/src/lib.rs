//! # cuprum-spatial
//!
//! `scipy.spatial` (`cupyx.scipy.spatial`) for cuprum arrays, on the CPU and on CUDA devices:
//! SciPy's names, argument names, defaults and dtype rules. The facade exposes it as
//! `cuprum::scipy::spatial`.
//!
//! - [`distance`]: `cdist`, `pdist`, `squareform`, `distance_matrix`, `minkowski_distance`
//!   (also re-exported at the root, as SciPy's `scipy.spatial.distance_matrix` is);
//! - [`KDTree`]: `query` (k nearest, `p`, `distance_upper_bound`), `query_ball_point`,
//!   `query_ball_tree`, `query_pairs`, `count_neighbors`, `sparse_distance_matrix`;
//! - [`Delaunay`] and [`ConvexHull`] for point sets of any dimension `d >= 2`.
//!
//! Every computation whose size follows the data is composed of cuprum's array operations
//! and runs on the inputs' device; results are float64.
#![warn(missing_docs)]

mod delaunay;
pub mod distance;
mod distance_direct;
mod hull_nd;
mod kdtree;
mod kdtree_brute;
mod kdtree_cpu;
mod kdtree_grid;
mod launch;
mod tetrahedra;

pub use delaunay::{ConvexHull, Delaunay};
pub use distance::{distance_matrix, minkowski_distance};
pub use kdtree::{KDTree, QueryOptions};
