//! More of `cupyx.scipy.sparse`'s names: the `isspmatrix*` tests, [`block_array`],
//! [`random_array`], the array-API transposes ([`matrix_transpose`], [`permute_dims`],
//! [`swapaxes`]), [`get_index_dtype`], and [`csgraph::connected_components`].

use crate::error::{Result, SparseError};
use crate::{Flavour, Format, Sparse};
use cuprum_core::{DType, Device};

fn as_sparse<T: std::any::Any>(x: &T) -> Option<&Sparse> {
    (x as &dyn std::any::Any).downcast_ref::<Sparse>()
}

/// Whether `x` is a sparse **matrix** (`scipy.sparse.isspmatrix`: false for sparse arrays).
///
/// ```
/// use cuprum_sparse::{csr_array, csr_matrix, isspmatrix};
/// assert!(isspmatrix(&csr_matrix((2, 2), None).unwrap()));
/// assert!(!isspmatrix(&csr_array((2, 2), None).unwrap()));
/// assert!(!isspmatrix(&1.0f64));
/// ```
pub fn isspmatrix<T: std::any::Any>(x: &T) -> bool {
    as_sparse(x).is_some_and(|s| s.flavour() == Flavour::Matrix)
}

macro_rules! is_format {
    ($($name:ident, $fmt:ident, $scipy:literal, $ctor:ident;)*) => {$(
        #[doc = concat!("Whether `x` is a sparse matrix in ", $scipy, " format (`scipy.sparse.",
                        stringify!($name), "`: false for sparse arrays).")]
        ///
        /// ```
        #[doc = concat!("use cuprum_sparse::{", stringify!($ctor), ", ", stringify!($name), "};")]
        #[doc = concat!("assert!(", stringify!($name), "(&", stringify!($ctor), "((2, 2), None).unwrap()));")]
        /// ```
        pub fn $name<T: std::any::Any>(x: &T) -> bool {
            as_sparse(x).is_some_and(|s| s.flavour() == Flavour::Matrix && s.format() == Format::$fmt)
        }
    )*};
}

is_format! {
    isspmatrix_csr, Csr, "CSR", csr_matrix;
    isspmatrix_csc, Csc, "CSC", csc_matrix;
    isspmatrix_coo, Coo, "COO", coo_matrix;
    isspmatrix_dia, Dia, "DIA", dia_matrix;
}

/// A sparse array from a grid of blocks (`scipy.sparse.block_array`): [`bmat`](crate::bmat)
/// with an array result (`None` blocks are zero).
///
/// # Errors
/// As [`bmat`](crate::bmat).
///
/// ```
/// use cuprum_sparse::{Flavour, block_array, eye};
/// let i = eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// let b = block_array(&[vec![Some(&i), None], vec![None, Some(&i)]]).unwrap();
/// assert_eq!((b.shape2(), b.flavour()), ((4, 4), Flavour::Array));
/// ```
pub fn block_array(blocks: &[Vec<Option<&Sparse>>]) -> Result<Sparse> {
    Ok(crate::bmat(blocks)?.with_flavour(Flavour::Array))
}

/// A random sparse array (`scipy.sparse.random_array`): [`random`](crate::random) with an
/// array result.
///
/// # Errors
/// As [`random`](crate::random).
///
/// ```
/// use cuprum_sparse::{Flavour, Format, random_array};
/// let r = random_array((3, 4), 0.5, Format::Csr, cuprum_core::DType::Float64, 7).unwrap();
/// assert_eq!((r.shape2(), r.nnz(), r.flavour()), ((3, 4), 6, Flavour::Array));
/// ```
pub fn random_array(
    shape: (usize, usize),
    density: f64,
    format: Format,
    dtype: DType,
    seed: u64,
) -> Result<Sparse> {
    Ok(crate::random(shape.0, shape.1, density, format, dtype, seed)?.with_flavour(Flavour::Array))
}

/// The transpose of the last two axes (`scipy.sparse.matrix_transpose`): for these 2-D
/// arrays, [`Sparse::transpose`].
///
/// # Errors
/// As [`Sparse::transpose`].
///
/// ```
/// let a = cuprum_sparse::random(2, 3, 1.0, cuprum_sparse::Format::Csr, cuprum_core::DType::Float64, 1).unwrap();
/// assert_eq!(cuprum_sparse::matrix_transpose(&a).unwrap().shape2(), (3, 2));
/// ```
pub fn matrix_transpose(x: &Sparse) -> Result<Sparse> {
    x.transpose()
}

fn axis2(op: &'static str, ax: isize, ndim: usize) -> Result<usize> {
    let n = ndim as isize;
    if ax < -n || ax >= n {
        return Err(cuprum_core::Error::AxisOutOfBounds { op, axis: ax, ndim }.into());
    }
    Ok(if ax < 0 {
        (ax + n) as usize
    } else {
        ax as usize
    })
}

/// The axes permuted (`scipy.sparse.permute_dims`): `axes` is a permutation of the axes;
/// `None` reverses them.
///
/// # Errors
/// [`cuprum_core::Error::AxisOutOfBounds`] for an axis outside `[-2, 2)`;
/// [`cuprum_core::Error::BadArgument`] (`axes`) when `axes` is not a permutation of the
/// array's axes.
///
/// ```
/// let a = cuprum_sparse::random(2, 3, 1.0, cuprum_sparse::Format::Coo, cuprum_core::DType::Float64, 1).unwrap();
/// assert_eq!(cuprum_sparse::permute_dims(&a, Some(&[1, 0])).unwrap().shape2(), (3, 2));
/// assert_eq!(cuprum_sparse::permute_dims(&a, Some(&[0, 1])).unwrap().shape2(), (2, 3));
/// ```
pub fn permute_dims(x: &Sparse, axes: Option<&[isize]>) -> Result<Sparse> {
    const OP: &str = "permute_dims";
    let n = x.ndim();
    let Some(axes) = axes else {
        return x.transpose();
    };
    let mut p = Vec::with_capacity(axes.len());
    for &a in axes {
        p.push(axis2(OP, a, n)?);
    }
    let mut sorted = p.clone();
    sorted.sort_unstable();
    if sorted != (0..n).collect::<Vec<_>>() {
        return Err(SparseError::bad_argument(
            OP,
            "axes",
            format!("{axes:?}"),
            format!("a permutation of the {n} axes"),
        ));
    }
    if p.iter().enumerate().all(|(i, &a)| i == a) {
        x.copy()
    } else {
        x.transpose()
    }
}

/// The two axes interchanged (`scipy.sparse.swapaxes`).
///
/// # Errors
/// [`cuprum_core::Error::AxisOutOfBounds`] for an axis outside `[-2, 2)`.
///
/// ```
/// let a = cuprum_sparse::random(2, 3, 1.0, cuprum_sparse::Format::Csc, cuprum_core::DType::Float64, 1).unwrap();
/// assert_eq!(cuprum_sparse::swapaxes(&a, 0, 1).unwrap().shape2(), (3, 2));
/// ```
pub fn swapaxes(x: &Sparse, axis1: isize, axis2_: isize) -> Result<Sparse> {
    let n = x.ndim();
    let (a, b) = (axis2("swapaxes", axis1, n)?, axis2("swapaxes", axis2_, n)?);
    if a == b { x.copy() } else { x.transpose() }
}

/// The index dtype that holds `maxval` (`scipy.sparse.get_index_dtype(maxval=...)`): int32
/// when it fits, else int64.
///
/// ```
/// use cuprum_core::DType;
/// assert_eq!(cuprum_sparse::get_index_dtype(10), DType::Int32);
/// assert_eq!(cuprum_sparse::get_index_dtype(1 << 31), DType::Int64);
/// ```
pub fn get_index_dtype(maxval: u64) -> DType {
    if maxval <= i32::MAX as u64 {
        DType::Int32
    } else {
        DType::Int64
    }
}

/// Graph routines on sparse adjacency matrices (`cupyx.scipy.sparse.csgraph`).
pub mod csgraph {
    use super::*;

    /// Which connected components of a directed graph (SciPy's `connection=`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Connection {
        /// `'weak'`: connected ignoring edge directions.
        Weak,
        /// `'strong'`: mutually reachable.
        Strong,
    }

    /// The connected components of the graph whose adjacency matrix is `graph`
    /// (`scipy.sparse.csgraph.connected_components(graph, directed, connection)`): their
    /// number and each node's label (int32).
    ///
    /// **Semantics:** every stored entry (explicit zeros included) is an edge `i → j`.
    /// `directed = false` or `Connection::Weak` ignore directions; labels then number the
    /// components by their smallest node. `Connection::Strong` labels components in the order
    /// Pearce's depth-first search (SciPy's) completes them, starting from node 0 and
    /// following each row's columns in order.
    ///
    /// # Errors
    /// [`cuprum_core::Error::BadShape`] (`csgraph`) for a graph that is not square.
    ///
    /// **Algorithm:** on the host (the CSR structure is copied there): union by breadth-first
    /// search, or an iterative Tarjan search; the labels are copied back to the graph's device.
    ///
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_sparse::{csr_array, csgraph::{Connection, connected_components}};
    /// let dense = Array::from_vec(vec![0.0f64, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [3, 3]).unwrap();
    /// let g = csr_array(&dense, None).unwrap();
    /// let (n, labels) = connected_components(&g, true, Connection::Weak).unwrap();
    /// assert_eq!((n, labels.to_vec::<i32>().unwrap()), (2, vec![0, 0, 1]));
    /// ```
    pub fn connected_components(
        graph: &Sparse,
        directed: bool,
        connection: Connection,
    ) -> Result<(usize, cuprum_core::Array)> {
        const OP: &str = "connected_components";
        let (m, n) = graph.shape2();
        if m != n {
            return Err(SparseError::bad_shape(
                OP,
                "csgraph",
                &[m, n],
                "a square (N, N) matrix",
            ));
        }
        let csr = graph.tocsr()?.sort_indices()?;
        let device: Device = graph.device();
        let ptr = host_i64(csr.indptr())?;
        let idx = host_i64(csr.indices())?;
        let adj = |i: usize| {
            idx[ptr[i] as usize..ptr[i + 1] as usize]
                .iter()
                .map(|&j| j as usize)
        };
        let labels: Vec<i32>;
        let count: usize;
        if directed && connection == Connection::Strong {
            (count, labels) = tarjan(n, &adj);
        } else {
            let mut und: Vec<Vec<usize>> = vec![Vec::new(); n];
            for i in 0..n {
                for j in adj(i) {
                    und[i].push(j);
                    und[j].push(i);
                }
            }
            let mut lab = vec![-1i32; n];
            let mut c = 0i32;
            let mut queue = std::collections::VecDeque::new();
            for s in 0..n {
                if lab[s] >= 0 {
                    continue;
                }
                lab[s] = c;
                queue.push_back(s);
                while let Some(u) = queue.pop_front() {
                    for &w in &und[u] {
                        if lab[w] < 0 {
                            lab[w] = c;
                            queue.push_back(w);
                        }
                    }
                }
                c += 1;
            }
            count = c as usize;
            labels = lab;
        }
        Ok((count, cuprum_core::Array::from_vec_on(labels, [n], device)?))
    }

    fn host_i64(a: Option<&cuprum_core::Array>) -> Result<Vec<i64>> {
        let a = a.ok_or(SparseError::invalid_format(
            "connected_components",
            "a CSR matrix has indptr and indices",
        ))?;
        Ok(a.astype(DType::Int64)?.to_vec::<i64>()?)
    }

    /// Iterative Tarjan: components labelled in completion order.
    fn tarjan<I: Iterator<Item = usize>>(n: usize, adj: &dyn Fn(usize) -> I) -> (usize, Vec<i32>) {
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0usize; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut labels = vec![-1i32; n];
        let mut next_index = 0usize;
        let mut comp = 0i32;
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            // (node, its remaining successors)
            let mut work: Vec<(usize, Vec<usize>)> = vec![(root, adj(root).collect())];
            index[root] = next_index;
            low[root] = next_index;
            next_index += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some((v, succ)) = work.last_mut() {
                let v = *v;
                if let Some(w) = succ.first().copied() {
                    succ.remove(0);
                    if index[w] == usize::MAX {
                        index[w] = next_index;
                        low[w] = next_index;
                        next_index += 1;
                        stack.push(w);
                        on_stack[w] = true;
                        work.push((w, adj(w).collect()));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                } else {
                    work.pop();
                    if let Some((parent, _)) = work.last() {
                        low[*parent] = low[*parent].min(low[v]);
                    }
                    if low[v] == index[v] {
                        while let Some(w) = stack.pop() {
                            on_stack[w] = false;
                            labels[w] = comp;
                            if w == v {
                                break;
                            }
                        }
                        comp += 1;
                    }
                }
            }
        }
        (comp as usize, labels)
    }
}

#[cfg(test)]
mod tests {
    use super::csgraph::{Connection, connected_components};
    use super::*;
    use cuprum_core::Array;
    use cuprum_core::ext::test_util::all_devices;

    fn graph(dense: &[f64], n: usize, dev: Device) -> Sparse {
        let a = Array::from_vec_on(dense.to_vec(), [n, n], dev).unwrap();
        crate::csr_array(&a, None).unwrap()
    }

    #[test]
    fn connected_components_as_scipy() {
        for dev in all_devices() {
            // scipy.sparse.csgraph.connected_components on
            // [[0,1,0,0,0],[0,0,1,0,0],[1,0,0,0,0],[0,0,0,0,1],[0,0,0,0,0]]:
            // strong (3, [0,0,0,2,1]); weak and undirected (2, [0,0,0,1,1])
            let mut d = vec![0.0; 25];
            for (i, j) in [(0, 1), (1, 2), (2, 0), (3, 4)] {
                d[i * 5 + j] = 1.0;
            }
            let g = graph(&d, 5, dev);
            let (n, l) = connected_components(&g, true, Connection::Strong).unwrap();
            assert_eq!((n, l.device()), (3, dev));
            assert_eq!(l.to_vec::<i32>().unwrap(), vec![0, 0, 0, 2, 1]);
            let (n, l) = connected_components(&g, true, Connection::Weak).unwrap();
            assert_eq!((n, l.to_vec::<i32>().unwrap()), (2, vec![0, 0, 0, 1, 1]));
            let (n, l) = connected_components(&g, false, Connection::Strong).unwrap();
            assert_eq!((n, l.to_vec::<i32>().unwrap()), (2, vec![0, 0, 0, 1, 1]));
            // [[0,0,0,1],[0,0,0,0],[0,1,0,0],[0,0,1,0]]: strong (4, [3,0,1,2]); weak (1, [0,0,0,0])
            let mut d = vec![0.0; 16];
            for (i, j) in [(0, 3), (2, 1), (3, 2)] {
                d[i * 4 + j] = 1.0;
            }
            let g = graph(&d, 4, dev);
            let (n, l) = connected_components(&g, true, Connection::Strong).unwrap();
            assert_eq!((n, l.to_vec::<i32>().unwrap()), (4, vec![3, 0, 1, 2]));
            let (n, _) = connected_components(&g, true, Connection::Weak).unwrap();
            assert_eq!(n, 1);
            // [[0,1,0,0],[0,0,0,0],[0,0,0,1],[0,0,0,0]]: strong (4, [1,0,3,2])
            let mut d = vec![0.0; 16];
            d[1] = 1.0;
            d[2 * 4 + 3] = 1.0;
            let (n, l) =
                connected_components(&graph(&d, 4, dev), true, Connection::Strong).unwrap();
            assert_eq!((n, l.to_vec::<i32>().unwrap()), (4, vec![1, 0, 3, 2]));
            let rect = crate::csr_array(
                &Array::from_vec_on(vec![0.0f64; 6], [2, 3], dev).unwrap(),
                None,
            )
            .unwrap();
            assert!(connected_components(&rect, true, Connection::Weak).is_err());
        }
    }

    #[test]
    fn predicates_and_transposes() {
        for dev in all_devices() {
            let a = Array::from_vec_on(vec![1.0f64, 0.0, 2.0, 0.0, 0.0, 3.0], [2, 3], dev).unwrap();
            let m = crate::csc_matrix(&a, None).unwrap();
            let arr = crate::csc_array(&a, None).unwrap();
            assert!(isspmatrix(&m) && isspmatrix_csc(&m) && !isspmatrix_csr(&m));
            assert!(!isspmatrix(&arr) && !isspmatrix_csc(&arr) && !isspmatrix_coo(&arr));
            assert!(!isspmatrix_dia(&a));
            for t in [
                matrix_transpose(&arr).unwrap(),
                permute_dims(&arr, None).unwrap(),
                permute_dims(&arr, Some(&[-1, 0])).unwrap(),
                swapaxes(&arr, 0, -1).unwrap(),
            ] {
                assert_eq!(t.shape2(), (3, 2));
                assert_eq!(
                    t.toarray().unwrap().to_vec::<f64>().unwrap(),
                    vec![1.0, 0.0, 0.0, 0.0, 2.0, 3.0]
                );
            }
            assert!(permute_dims(&arr, Some(&[0, 0])).is_err());
            assert!(swapaxes(&arr, 0, 2).is_err());
            let b = block_array(&[vec![Some(&arr)], vec![Some(&arr)]]).unwrap();
            assert_eq!((b.shape2(), b.flavour()), ((4, 3), Flavour::Array));
        }
    }
}
