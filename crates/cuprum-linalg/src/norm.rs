//! `norm` and `cond`.

use crate::error::{LinalgError, Result};
use crate::host::{self, Field, with_field};
use crate::lu::zero_pivot;
use crate::svd::svd_one;
use cuprum_core::{Array, Complex64};
use faer::Mat;
use faer::linalg::solvers::DenseSolveCore;

/// The order of a [`norm`], as NumPy's `ord`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum NormOrd {
    /// A number: for vectors `sum(|x|^p)^(1/p)`, with `inf` (max `|x|`), `-inf` (min `|x|`)
    /// and `0` (count of non-zeros); for matrices one of `1, -1, 2, -2, inf, -inf`.
    P(f64),
    /// Frobenius norm (matrices): `sqrt(sum |a_ij|^2)`.
    Fro,
    /// Nuclear norm (matrices): the sum of the singular values.
    Nuc,
}

impl From<f64> for NormOrd {
    fn from(p: f64) -> Self {
        NormOrd::P(p)
    }
}

/// NumPy's `max` of two values: NaN when either is NaN (`f64::max` would skip it).
fn max_nan(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.max(b)
    }
}

/// NumPy's `min` of two values: NaN when either is NaN.
fn min_nan(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.min(b)
    }
}

fn vector_norm(v: &[Complex64], ord: Option<NormOrd>) -> Result<f64> {
    let abs = v.iter().map(|z| z.norm());
    Ok(match ord {
        None | Some(NormOrd::P(2.0)) => v.iter().map(|z| z.norm_sqr()).sum::<f64>().sqrt(),
        Some(NormOrd::P(p)) if p == f64::INFINITY => abs.fold(0.0, max_nan),
        Some(NormOrd::P(p)) if p == f64::NEG_INFINITY => abs.fold(f64::INFINITY, min_nan),
        Some(NormOrd::P(0.0)) => {
            v.iter().filter(|z| **z != Complex64::new(0.0, 0.0)).count() as f64
        }
        Some(NormOrd::P(1.0)) => abs.sum(),
        Some(NormOrd::P(p)) => abs.map(|x| x.powf(p)).sum::<f64>().powf(1.0 / p),
        Some(o) => {
            return Err(cuprum_core::Error::bad_argument(
                "norm",
                "ord",
                format!("{o:?}"),
                "an order valid for vectors",
            )
            .into());
        }
    })
}

/// A matrix norm of one matrix.
fn matrix_norm_one<T: Field>(m: &Mat<T>, ord: Option<NormOrd>) -> Result<f64> {
    let (r, c) = (m.nrows(), m.ncols());
    let col_sums = || (0..c).map(|j| (0..r).map(|i| m[(i, j)].abs_f()).sum::<f64>());
    let row_sums = || (0..r).map(|i| (0..c).map(|j| m[(i, j)].abs_f()).sum::<f64>());
    let svals = || -> Result<Vec<f64>> { Ok(svd_one("norm", m, false, false)?.1) };
    Ok(match ord {
        None | Some(NormOrd::Fro) => (0..r)
            .flat_map(|i| (0..c).map(move |j| (i, j)))
            .map(|(i, j)| m[(i, j)].to_c().norm_sqr())
            .sum::<f64>()
            .sqrt(),
        Some(NormOrd::Nuc) => svals()?.iter().sum(),
        Some(NormOrd::P(1.0)) => col_sums().fold(0.0, max_nan),
        Some(NormOrd::P(-1.0)) => col_sums().fold(f64::INFINITY, min_nan),
        Some(NormOrd::P(p)) if p == f64::INFINITY => row_sums().fold(0.0, max_nan),
        Some(NormOrd::P(p)) if p == f64::NEG_INFINITY => row_sums().fold(f64::INFINITY, min_nan),
        Some(NormOrd::P(2.0)) => svals()?.first().copied().unwrap_or(0.0),
        Some(NormOrd::P(-2.0)) => svals()?.last().copied().unwrap_or(0.0),
        Some(o) => {
            return Err(cuprum_core::Error::bad_argument(
                "norm",
                "ord",
                format!("{o:?}"),
                "an order valid for matrices",
            )
            .into());
        }
    })
}

/// Vector or matrix norms, like `numpy.linalg.norm(x, ord, axis, keepdims)`.
///
/// **Shapes**: with `axis = None`, `ord = None` gives the 2-norm of the flattened input (0-d);
/// a given `ord` needs a 1-d (vector norm) or 2-d (matrix norm) input. `axis = Some(&[k])`
/// takes vector norms along axis `k`; `Some(&[r, c])` takes matrix norms over axes `r`
/// (rows) and `c` (columns). The reduced axes are dropped, or kept with length 1 when
/// `keepdims`. The result has the real dtype of the input (float64 for integers).
///
/// # Errors
/// [`cuprum_core::Error::AxisOutOfBounds`]; [`cuprum_core::Error::BadArgument`] for an order
/// that is invalid for the norm kind, repeated axes, or a bad number of dimensions.
///
/// Algorithm: host reductions; matrix orders `2`, `-2` and nuclear use the SVD.
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::NormOrd;
/// let x = Array::from_vec_on(vec![3.0f64, -4.0], &[2], Device::Cpu).unwrap();
/// let n = cuprum_linalg::norm(&x, None, None, false).unwrap();
/// assert_eq!(n.to_vec::<f64>().unwrap(), vec![5.0]);
/// let n1 = cuprum_linalg::norm(&x, Some(NormOrd::P(1.0)), None, false).unwrap();
/// assert_eq!(n1.to_vec::<f64>().unwrap(), vec![7.0]);
/// ```
pub fn norm(
    x: &Array,
    ord: Option<NormOrd>,
    axis: Option<&[isize]>,
    keepdims: bool,
) -> Result<Array> {
    let op = "norm";
    let nd = x.ndim();
    let dt = host::compute_dtype(op, x.dtype())?;
    let rdt = dt.real_dtype();
    let shape = x.shape().to_vec();
    let axes: Vec<usize> = match axis {
        None => {
            if ord.is_none() || nd == 1 || nd == 2 {
                (0..nd).collect()
            } else {
                return Err(cuprum_core::Error::bad_argument(op, "ord", format!("{ord:?}"), format!("None for an array of {nd} dimensions without axis (an order needs 1-D or 2-D)")).into());
            }
        }
        Some(ax) => {
            let mut out = Vec::new();
            for &a in ax {
                let k = if a < 0 { a + nd as isize } else { a };
                if k < 0 || k >= nd as isize {
                    return Err(cuprum_core::Error::AxisOutOfBounds {
                        op,
                        axis: a,
                        ndim: nd,
                    }
                    .into());
                }
                out.push(k as usize);
            }
            if out.len() == 2 && out[0] == out[1] {
                return Err(cuprum_core::Error::bad_argument(
                    op,
                    "axis",
                    format!("{out:?}"),
                    "distinct axes",
                )
                .into());
            }
            if out.is_empty() || out.len() > 2 {
                return Err(cuprum_core::Error::bad_argument(
                    op,
                    "axis",
                    format!("{out:?}"),
                    "1 or 2 axes",
                )
                .into());
            }
            out
        }
    };
    // A flattened 2-norm when no order and no axis are given, whatever the ndim.
    let matrix = axes.len() == 2 && !(axis.is_none() && ord.is_none());
    let vals = host::read_c64(x)?;
    // C strides.
    let mut strides = vec![1usize; nd];
    for k in (0..nd.saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * shape[k + 1];
    }
    let outer: Vec<usize> = (0..nd).filter(|k| !axes.contains(k)).collect();
    let outer_shape: Vec<usize> = outer.iter().map(|&k| shape[k]).collect();
    let outer_count: usize = outer_shape.iter().product();
    let inner_shape: Vec<usize> = axes.iter().map(|&k| shape[k]).collect();
    let inner_count: usize = inner_shape.iter().product();
    let offset_of = |idx: usize, dims: &[usize], sh: &[usize]| -> usize {
        let mut rem = idx;
        let mut off = 0;
        for j in (0..dims.len()).rev() {
            off += (rem % sh[j]) * strides[dims[j]];
            rem /= sh[j];
        }
        off
    };
    let mut out = cuprum_core::ext::try_vec_with_capacity(outer_count)?;
    for o in 0..outer_count {
        let base = offset_of(o, &outer, &outer_shape);
        let elems: Vec<Complex64> = (0..inner_count)
            .map(|i| vals[base + offset_of(i, &axes, &inner_shape)])
            .collect();
        if matrix {
            let (r, c) = (inner_shape[0], inner_shape[1]);
            let v = with_field!(dt, T => {
                let m = Mat::<T>::from_fn(r, c, |p, q| T::from_c(elems[p * c + q]));
                matrix_norm_one(&m, ord)?
            });
            out.push(v);
        } else {
            if matches!(ord, Some(NormOrd::Fro | NormOrd::Nuc)) && axes.len() == 1 {
                return Err(cuprum_core::Error::bad_argument(
                    op,
                    "ord",
                    format!("{ord:?}"),
                    "an order valid for vectors",
                )
                .into());
            }
            out.push(vector_norm(&elems, ord)?);
        }
    }
    let out_shape: Vec<usize> = if keepdims {
        (0..nd)
            .map(|k| if axes.contains(&k) { 1 } else { shape[k] })
            .collect()
    } else {
        outer_shape
    };
    with_field!(rdt, R => R::real_array(&out, &out_shape, x.device()))
}

/// The condition number of each matrix in the norm `p`, like `numpy.linalg.cond(x, p)`.
///
/// **Shapes**: `(..., M, N) -> (...)`, real dtype. `p = None` (or `±2`) uses the ratio of the
/// largest and smallest singular values (any `M, N`); other orders need square matrices and
/// compute `norm(x, p) * norm(inv(x), p)`, giving `inf` for a singular matrix.
///
/// # Errors
/// `ndim < 2`; a non-square input with `p` other than `None`/`±2`; an invalid order;
/// [`LinalgError::NonFinite`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![2.0f64, 0.0, 0.0, 0.5], &[2, 2], Device::Cpu).unwrap();
/// let c = cuprum_linalg::cond(&a, None).unwrap().to_vec::<f64>().unwrap();
/// assert!((c[0] - 4.0).abs() < 1e-12);
/// ```
pub fn cond(x: &Array, p: Option<NormOrd>) -> Result<Array> {
    let op = "cond";
    let (batch, m, n) = host::matrix_shape(op, x.shape())?;
    let dt = host::compute_dtype(op, x.dtype())?;
    let svd_based = matches!(p, None | Some(NormOrd::P(2.0)) | Some(NormOrd::P(-2.0)));
    if !svd_based && m != n {
        return Err(LinalgError::NotSquare {
            op,
            shape: x.shape().to_vec(),
        });
    }
    with_field!(dt, T => {
        let st = host::Stack::<T>::read(op, x, true)?;
        let mut out = Vec::new();
        for i in 0..st.count() {
            let mat = st.mat(i);
            let v = if svd_based {
                let s = svd_one(op, &mat, false, false)?.1;
                let (hi, lo) = (s.first().copied().unwrap_or(0.0), s.last().copied().unwrap_or(0.0));
                if p == Some(NormOrd::P(-2.0)) { lo / hi } else { hi / lo }
            } else {
                let lu = mat.partial_piv_lu();
                if zero_pivot(lu.U()).is_some() {
                    f64::INFINITY
                } else {
                    matrix_norm_one(&mat, p)? * matrix_norm_one(&lu.inverse(), p)?
                }
            };
            out.push(v);
        }
        T::real_array(&out, &batch, x.device())
    })
}
