//! `scipy.spatial.distance`: [`cdist`], [`pdist`], [`squareform`], [`distance_matrix`] and
//! [`minkowski_distance`], composed of cuprum's array operations so that they run on the
//! inputs' device.

use crate::distance_direct::{Direct, cdist_direct};
use cuprum_core::{Array, DType, Device, Error, IndexMode, Result, SliceItem, ext, matmul, take};

/// A distance metric of [`cdist`] and [`pdist`] (SciPy's names; the ones CuPy 14 has, plus
/// `braycurtis` and `jaccard`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Metric {
    /// `sqrt(sum (u - v)^2)`
    Euclidean,
    /// `sum (u - v)^2`
    SqEuclidean,
    /// `sum |u - v|`
    Cityblock,
    /// `max |u - v|`
    Chebyshev,
    /// `(sum |u - v|^p)^(1/p)`, any `p > 0` (`inf` is Chebyshev)
    Minkowski(f64),
    /// `sum |u - v| / (|u| + |v|)`, terms with a zero denominator count 0
    Canberra,
    /// `sum |u - v| / sum |u + v|`
    BrayCurtis,
    /// `1 - u.v / (|u| |v|)`
    Cosine,
    /// the cosine distance of the centred vectors
    Correlation,
    /// the fraction of differing components
    Hamming,
    /// the fraction of differing truth values among the components where either is nonzero
    Jaccard,
    /// the square root of the Jensen–Shannon divergence of the normalized vectors
    JensenShannon,
    /// `(n - sum (u != 0 and v != 0)) / n`
    RussellRao,
    /// `sqrt(sum (sqrt u - sqrt v)^2) / sqrt 2` (CuPy's `hellinger`, a pylibraft metric SciPy
    /// lacks)
    Hellinger,
    /// `sum u log(u / v)` with SciPy's `rel_entr` at the edges (a term is 0 where `u == 0`,
    /// infinite where `u > 0` and `v == 0` or either is negative; CuPy's `kl_divergence`, a
    /// pylibraft metric SciPy lacks)
    KlDivergence,
}

impl Metric {
    /// SciPy's names: `euclidean`, `sqeuclidean`, `cityblock`, `chebyshev`, `minkowski`
    /// (with `p`), `canberra`, `braycurtis`, `cosine`, `correlation`, `hamming`, `jaccard`,
    /// `jensenshannon`, `russellrao`; and CuPy's `hellinger` and `kl_divergence`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for another name.
    pub fn from_name(name: &str, p: f64) -> Result<Metric> {
        Ok(match name {
            "euclidean" => Self::Euclidean,
            "sqeuclidean" => Self::SqEuclidean,
            "cityblock" => Self::Cityblock,
            "chebyshev" => Self::Chebyshev,
            "minkowski" => Self::Minkowski(p),
            "canberra" => Self::Canberra,
            "braycurtis" => Self::BrayCurtis,
            "cosine" => Self::Cosine,
            "correlation" => Self::Correlation,
            "hamming" => Self::Hamming,
            "jaccard" => Self::Jaccard,
            "jensenshannon" => Self::JensenShannon,
            "russellrao" => Self::RussellRao,
            "hellinger" => Self::Hellinger,
            "kl_divergence" => Self::KlDivergence,
            o => {
                return Err(Error::bad_argument(
                    "spatial.distance.cdist",
                    "metric",
                    format!("{o:?}"),
                    "a metric name of scipy.spatial.distance (euclidean, cityblock, ...)",
                ));
            }
        })
    }
}

fn as_2d(op: &'static str, a: &Array) -> Result<Array> {
    if a.ndim() != 2 {
        return Err(Error::bad_shape(op, "XA", a.shape(), "a 2-d array (m, n)"));
    }
    match a.dtype() {
        DType::Complex64 | DType::Complex128 => Err(Error::dtype(op, a.dtype())),
        _ => ext::as_c_contiguous(&a.astype(DType::Float64)?),
    }
}

/// Rows `start..stop` of `a` (a view).
pub(crate) fn row_range(a: &Array, start: usize, stop: usize) -> Result<Array> {
    a.slice(&[SliceItem::Slice {
        start: Some(start as isize),
        stop: Some(stop as isize),
        step: 1,
    }])
}

/// The rows of a block of queries against `n` points: about `2^22` distances a block.
pub(crate) fn block_rows(n: usize) -> usize {
    ((1usize << 22) / n.max(1)).max(1)
}

fn col(a: &Array, k: usize) -> Result<Array> {
    a.slice(&[
        SliceItem::FULL,
        SliceItem::Slice {
            start: Some(k as isize),
            stop: Some(k as isize + 1),
            step: 1,
        },
    ])
}

/// `sum_k f(a[:, k], b[:, k])` over the components: an `(m, n)` array.
fn pair_sum(a: &Array, b: &Array, f: &dyn Fn(&Array, &Array) -> Result<Array>) -> Result<Array> {
    pair_fold(a, b, f, &|s, v| cuprum_core::add(s, v))
}

fn pair_max(a: &Array, b: &Array) -> Result<Array> {
    pair_fold(
        a,
        b,
        &|ak, bk| cuprum_core::abs(&cuprum_core::subtract(ak, bk)?),
        &|s, v| cuprum_core::maximum(s, v),
    )
}

/// `f(a[:, k], b[:, k])` over the components, combined by `combine`: an `(m, n)` array,
/// zeros for no components.
fn pair_fold(
    a: &Array,
    b: &Array,
    f: &dyn Fn(&Array, &Array) -> Result<Array>,
    combine: &dyn Fn(&Array, &Array) -> Result<Array>,
) -> Result<Array> {
    let bt = ext::as_c_contiguous(&b.transpose()?)?;
    let mut acc: Option<Array> = None;
    for k in 0..a.shape()[1] {
        let v = f(&col(a, k)?, &row_range(&bt, k, k + 1)?)?;
        acc = Some(match acc {
            None => v,
            Some(s) => combine(&s, &v)?,
        });
    }
    match acc {
        Some(s) => Ok(s),
        None => cuprum_core::zeros_on([a.shape()[0], b.shape()[0]], DType::Float64, a.device()),
    }
}

fn cosine_block(a: &Array, b: &Array) -> Result<Array> {
    let dot = matmul(a, &b.transpose()?)?;
    let na = cuprum_core::sqrt(&cuprum_core::square(a)?.sum(1, true)?)?;
    let nb =
        cuprum_core::sqrt(&cuprum_core::square(b)?.sum(1, true)?)?.reshape([1, b.shape()[0]])?;
    let d = cuprum_core::subtract(
        1.0,
        &cuprum_core::divide(&dot, &cuprum_core::multiply(&na, &nb)?)?,
    )?;
    cuprum_core::clip(&d, Some(0.0.into()), Some(2.0.into()))
}

/// SciPy's `rel_entr(x, y)`: `x log(x / y)` for `x > 0, y > 0`; 0 for `x == 0, y >= 0`;
/// infinite otherwise.
fn rel_entr(x: &Array, y: &Array) -> Result<Array> {
    use cuprum_core as cp;
    let pos = cp::logical_and(&cp::greater(x, 0.0)?, &cp::greater(y, 0.0)?)?;
    let safe_x = cp::where_(&pos, x, 1.0)?;
    let safe_y = cp::where_(&pos, y, 1.0)?;
    let v = cp::multiply(&safe_x, &cp::log(&cp::divide(&safe_x, &safe_y)?)?)?;
    let zero = cp::logical_and(&cp::equal(x, 0.0)?, &cp::greater_equal(y, 0.0)?)?;
    cp::where_(&pos, &v, &cp::where_(&zero, 0.0, f64::INFINITY)?)
}

/// The metric on one block of rows of `a` against all of `b`.
fn block(a: &Array, b: &Array, metric: Metric) -> Result<Array> {
    use cuprum_core as cp;
    let d = a.shape()[1] as f64;
    match metric {
        Metric::SqEuclidean => pair_sum(a, b, &|x, y| cp::square(&cp::subtract(x, y)?)),
        Metric::Euclidean => cp::sqrt(&pair_sum(a, b, &|x, y| cp::square(&cp::subtract(x, y)?))?),
        Metric::Cityblock => pair_sum(a, b, &|x, y| cp::abs(&cp::subtract(x, y)?)),
        Metric::Chebyshev => pair_max(a, b),
        Metric::Minkowski(p) if p.is_infinite() => pair_max(a, b),
        Metric::Minkowski(1.0) => pair_sum(a, b, &|x, y| cp::abs(&cp::subtract(x, y)?)),
        Metric::Minkowski(2.0) => {
            cp::sqrt(&pair_sum(a, b, &|x, y| cp::square(&cp::subtract(x, y)?))?)
        }
        Metric::Minkowski(p) => {
            let s = pair_sum(a, b, &|x, y| cp::power(&cp::abs(&cp::subtract(x, y)?)?, p))?;
            cp::power(&s, 1.0 / p)
        }
        Metric::Canberra => pair_sum(a, b, &|x, y| {
            let num = cp::abs(&cp::subtract(x, y)?)?;
            let den = cp::add(&cp::abs(x)?, &cp::abs(y)?)?;
            div_or_zero(&num, &den)
        }),
        Metric::BrayCurtis => {
            let num = pair_sum(a, b, &|x, y| cp::abs(&cp::subtract(x, y)?))?;
            let den = pair_sum(a, b, &|x, y| cp::abs(&cp::add(x, y)?))?;
            cp::divide(&num, &den)
        }
        Metric::Cosine => cosine_block(a, b),
        Metric::Correlation => {
            let ac = cp::subtract(a, &a.mean(1, true)?)?;
            let bc = cp::subtract(b, &b.mean(1, true)?)?;
            cosine_block(&ac, &bc)
        }
        Metric::Hamming => cp::divide(
            &pair_sum(a, b, &|x, y| cp::not_equal(x, y)?.astype(DType::Float64))?,
            d,
        ),
        Metric::Jaccard => {
            // SciPy 1.17's cdist/pdist compare the truth values of the components
            let a = &cp::not_equal(a, 0.0)?.astype(DType::Float64)?;
            let b = &cp::not_equal(b, 0.0)?.astype(DType::Float64)?;
            let nz = |x: &Array, y: &Array| {
                cp::logical_or(&cp::not_equal(x, 0.0)?, &cp::not_equal(y, 0.0)?)
            };
            let num = pair_sum(a, b, &|x, y| {
                cp::logical_and(&cp::not_equal(x, y)?, &nz(x, y)?)?.astype(DType::Float64)
            })?;
            let den = pair_sum(a, b, &|x, y| nz(x, y)?.astype(DType::Float64))?;
            div_or_zero(&num, &den)
        }
        Metric::RussellRao => {
            // on truth values, as SciPy 1.17's cdist/pdist
            let a = cp::not_equal(a, 0.0)?.astype(DType::Float64)?;
            let b = cp::not_equal(b, 0.0)?.astype(DType::Float64)?;
            let ntt = matmul(&a, &b.transpose()?)?;
            cp::divide(&cp::subtract(d, &ntt)?, d)
        }
        Metric::Hellinger => {
            let s = pair_sum(a, b, &|x, y| {
                cp::square(&cp::subtract(&cp::sqrt(x)?, &cp::sqrt(y)?)?)
            })?;
            cp::divide(&cp::sqrt(&s)?, std::f64::consts::SQRT_2)
        }
        Metric::KlDivergence => pair_sum(a, b, &rel_entr),
        Metric::JensenShannon => {
            let an = cp::divide(a, &a.sum(1, true)?)?;
            let bn = cp::divide(b, &b.sum(1, true)?)?;
            let rel = rel_entr;
            let js = pair_sum(&an, &bn, &|x, y| {
                let m = cp::divide(&cp::add(x, y)?, 2.0)?;
                cp::add(&rel(x, &m)?, &rel(y, &m)?)
            })?;
            cp::sqrt(&cp::divide(&js, 2.0)?)
        }
    }
}

fn check_metric(op: &'static str, metric: Metric) -> Result<()> {
    if let Metric::Minkowski(p) = metric
        && (p.is_nan() || p <= 0.0)
    {
        {
            return Err(Error::out_of_domain(op, "p", p, "p > 0"));
        }
    }
    Ok(())
}

/// Distances between each pair of rows of `xa` and `xb`
/// (`scipy.spatial.distance.cdist(XA, XB, metric)`).
///
/// **Shapes**: `xa` `(ma, d)`, `xb` `(mb, d)` → `(ma, mb)`, float64, on the inputs' device.
///
/// The Minkowski family (euclidean, sqeuclidean, cityblock, chebyshev, minkowski) is computed
/// directly: a loop over the pairs on the CPU (rows in parallel), one tiled kernel on CUDA
/// devices (`kernels/spatial/cdist.cu`, features through shared memory 16 at a time). The
/// other metrics are composed of cuprum's array operations, a block of rows at a time (about
/// 2^22 pair entries per block): the component loop accumulates `(rows, mb)` arrays, so no
/// `(ma, mb, d)` temporary exists; cosine, correlation and Russell–Rao use `matmul`.
///
/// # Errors
/// [`Error::BadShape`] when the inputs are not 2-d or their column counts differ;
/// [`Error::OutOfDomain`] when Minkowski's `p <= 0`; [`Error::DeviceMismatch`]; [`Error::DType`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::distance::{Metric, cdist};
/// let a = Array::from_vec_on(vec![0.0, 0.0, 1.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![3.0, 4.0], &[1, 2], Device::Cpu).unwrap();
/// let d = cdist(&a, &b, Metric::Euclidean).unwrap();
/// assert_eq!(d.to_vec::<f64>().unwrap()[0], 5.0);
/// ```
pub fn cdist(xa: &Array, xb: &Array, metric: Metric) -> Result<Array> {
    const OP: &str = "spatial.distance.cdist";
    check_metric(OP, metric)?;
    if xa.device() != xb.device() {
        return Err(Error::DeviceMismatch {
            op: OP,
            lhs: xa.device(),
            rhs: xb.device(),
        });
    }
    let a = as_2d(OP, xa)?;
    let b = as_2d(OP, xb)?;
    if a.shape()[1] != b.shape()[1] {
        return Err(Error::bad_shape(
            OP,
            "XB",
            b.shape(),
            format!("(mB, {}): as many columns as XA", a.shape()[1]),
        ));
    }
    let (ma, mb) = (a.shape()[0], b.shape()[0]);
    if ma == 0 || mb == 0 {
        return cuprum_core::zeros_on([ma, mb], DType::Float64, xa.device());
    }
    let direct = match metric {
        Metric::Euclidean | Metric::Minkowski(2.0) => Some(Direct::Euclidean),
        Metric::SqEuclidean => Some(Direct::SqEuclidean),
        Metric::Cityblock | Metric::Minkowski(1.0) => Some(Direct::Cityblock),
        Metric::Chebyshev => Some(Direct::Chebyshev),
        Metric::Minkowski(p) if p.is_infinite() => Some(Direct::Chebyshev),
        Metric::Minkowski(p) => Some(Direct::Minkowski(p)),
        _ => None,
    };
    if let Some(m) = direct {
        return cdist_direct(&a, &b, m);
    }
    let rows = block_rows(mb);
    let mut parts = Vec::new();
    let mut start = 0;
    while start < ma {
        let stop = (start + rows).min(ma);
        let blk = row_range(&a, start, stop)?;
        parts.push(block(&blk, &b, metric)?);
        start = stop;
    }
    let refs: Vec<&Array> = parts.iter().collect();
    if refs.len() == 1 {
        return Ok(parts.swap_remove(0));
    }
    cuprum_core::concatenate(&refs, 0)
}

/// The condensed pairwise distances of the rows of `x` (`scipy.spatial.distance.pdist`):
/// the upper triangle of [`cdist`]`(x, x)` in row-major order.
///
/// **Shapes**: `x` `(m, d)` → `(m (m - 1) / 2,)`, float64 on `x`'s device.
///
/// # Errors
/// As [`cdist`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::distance::{Metric, pdist};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 3.0], &[3, 1], Device::Cpu).unwrap();
/// assert_eq!(pdist(&x, Metric::Cityblock).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 3.0, 2.0]);
/// ```
pub fn pdist(x: &Array, metric: Metric) -> Result<Array> {
    let full = cdist(x, x, metric)?;
    condensed(&full)
}

/// The upper triangle (k = 1) of the square `m` in row-major order.
fn condensed(m: &Array) -> Result<Array> {
    let n = m.shape()[0];
    let idx = cuprum_core::triu_indices(n, 1, Some(n), m.device())?;
    let flat = cuprum_core::add(&cuprum_core::multiply(&idx[0], n as i64)?, &idx[1])?;
    take(
        &ext::as_c_contiguous(m)?.reshape([n * n])?,
        &flat,
        None,
        IndexMode::Raise,
    )
}

/// Converts between the condensed and the square forms of a distance matrix
/// (`scipy.spatial.distance.squareform`): a 1-d vector of length `n (n - 1) / 2` gives the
/// symmetric `(n, n)` matrix with a zero diagonal; a square matrix gives its upper triangle.
///
/// `checks` verifies (on the host) that a square input is symmetric with a zero diagonal.
///
/// # Errors
/// [`Error::BadShape`] for a vector whose length is not triangular, a non-square matrix or
/// an input of another rank; [`Error::BadArgument`] (with `checks`) for an asymmetric
/// matrix or one with a nonzero diagonal.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::distance::squareform;
/// let v = Array::from_vec_on(vec![1.0, 3.0, 2.0], &[3], Device::Cpu).unwrap();
/// let m = squareform(&v, false).unwrap();
/// assert_eq!(m.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 3.0, 1.0, 0.0, 2.0, 3.0, 2.0, 0.0]);
/// assert_eq!(squareform(&m, true).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 3.0, 2.0]);
/// ```
pub fn squareform(x: &Array, checks: bool) -> Result<Array> {
    const OP: &str = "spatial.distance.squareform";
    let dev = x.device();
    match x.ndim() {
        1 => {
            let s = x.shape()[0];
            let d = ((1.0 + (1.0 + 8.0 * s as f64).sqrt()) / 2.0).round() as usize;
            if d * (d - 1) / 2 != s {
                return Err(Error::bad_shape(
                    OP,
                    "X",
                    x.shape(),
                    "a condensed vector: its length a binomial coefficient n choose 2",
                ));
            }
            if s == 0 {
                return cuprum_core::zeros_on([d, d], x.dtype(), dev);
            }
            let i = arange(d, dev)?.reshape([d, 1])?;
            let j = arange(d, dev)?.reshape([1, d])?;
            let a = cuprum_core::minimum(&i, &j)?;
            let b = cuprum_core::maximum(&i, &j)?;
            // index of (a, b), a < b, in the condensed vector: d a - a (a + 1) / 2 + b - a - 1
            let aa1 = cuprum_core::floor_divide(
                &cuprum_core::multiply(&a, &cuprum_core::add(&a, 1i64)?)?,
                2i64,
            )?;
            let k = cuprum_core::subtract(
                &cuprum_core::add(
                    &cuprum_core::subtract(&cuprum_core::multiply(&a, d as i64)?, &aa1)?,
                    &b,
                )?,
                &cuprum_core::add(&a, 1i64)?,
            )?;
            let k = cuprum_core::clip(&k, Some(0i64.into()), Some((s as i64 - 1).into()))?;
            let v = take(x, &k, None, IndexMode::Clip)?;
            let diag = cuprum_core::equal(&i, &j)?;
            cuprum_core::where_(&diag, &cuprum_core::zeros_on([1], x.dtype(), dev)?, &v)
        }
        2 => {
            let (r, c) = (x.shape()[0], x.shape()[1]);
            if r != c {
                return Err(Error::bad_shape(
                    OP,
                    "X",
                    x.shape(),
                    "a square matrix (n, n)",
                ));
            }
            if checks {
                let h = x.astype(DType::Float64)?.to_vec::<f64>()?;
                for i in 0..r {
                    if h[i * r + i] != 0.0 {
                        return Err(Error::bad_argument(
                            OP,
                            "X",
                            format!("X[{i}, {i}] = {}", h[i * r + i]),
                            "a zero diagonal (checks=true)",
                        ));
                    }
                    for j in 0..i {
                        if h[i * r + j] != h[j * r + i] {
                            return Err(Error::bad_argument(
                                OP,
                                "X",
                                format!(
                                    "X[{i}, {j}] = {} and X[{j}, {i}] = {}",
                                    h[i * r + j],
                                    h[j * r + i]
                                ),
                                "a symmetric matrix (checks=true)",
                            ));
                        }
                    }
                }
            }
            condensed(x)
        }
        _ => Err(Error::bad_shape(
            OP,
            "X",
            x.shape(),
            "a 1-d condensed vector or a 2-d square matrix",
        )),
    }
}

fn arange(n: usize, dev: Device) -> Result<Array> {
    cuprum_core::arange_on(0i64, n as i64, 1i64, Some(DType::Int64), dev)
}

/// The `p`-norm distances between the rows of `x` and `y`
/// (`scipy.spatial.distance_matrix(x, y, p)`): [`cdist`] with `Minkowski(p)`.
///
/// # Errors
/// As [`cdist`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::distance_matrix;
/// let a = Array::from_vec_on(vec![0.0, 0.0], &[1, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0, 2.0], &[1, 2], Device::Cpu).unwrap();
/// assert_eq!(distance_matrix(&a, &b, 1.0).unwrap().to_vec::<f64>().unwrap(), vec![3.0]);
/// ```
pub fn distance_matrix(x: &Array, y: &Array, p: f64) -> Result<Array> {
    cdist(x, y, Metric::Minkowski(p))
}

/// The `p`-norm distances between corresponding rows of `x` and `y`, broadcast together
/// (`scipy.spatial.minkowski_distance`): shape of `x` without its last axis.
///
/// # Errors
/// [`Error::Broadcast`] for shapes that do not broadcast; [`Error::OutOfDomain`] for
/// `p <= 0`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::minkowski_distance;
/// let a = Array::from_vec_on(vec![0.0, 0.0, 1.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![3.0, 4.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(minkowski_distance(&a, &b, 2.0).unwrap().to_vec::<f64>().unwrap(), vec![5.0, 13f64.sqrt()]);
/// ```
pub fn minkowski_distance(x: &Array, y: &Array, p: f64) -> Result<Array> {
    use cuprum_core as cp;
    check_metric("spatial.minkowski_distance", Metric::Minkowski(p))?;
    let d = cp::abs(&cp::subtract(
        &x.astype(DType::Float64)?,
        &y.astype(DType::Float64)?,
    )?)?;
    if d.ndim() == 0 {
        return Ok(d);
    }
    let ax = d.ndim() as isize - 1;
    if p.is_infinite() {
        return d.max(ax, false);
    }
    if p == 1.0 {
        return d.sum(ax, false);
    }
    cp::power(&cp::power(&d, p)?.sum(ax, false)?, 1.0 / p)
}

/// The distance between two 1-d vectors under `metric` (SciPy's `scipy.spatial.distance.<metric>(u, v)`):
/// a 0-d float64 array on the inputs' device.
///
/// # Errors
/// [`Error::BadShape`] when `u` and `v` are not 1-d of equal length; as [`cdist`].
fn pair(op: &'static str, u: &Array, v: &Array, metric: Metric) -> Result<Array> {
    if u.ndim() != 1 || v.ndim() != 1 || u.shape() != v.shape() {
        let expected = if u.ndim() == 1 {
            format!("({},): 1-d, as long as u", u.shape()[0])
        } else {
            "a 1-d array".to_string()
        };
        let (arg, shape) = if u.ndim() != 1 {
            ("u", u.shape())
        } else {
            ("v", v.shape())
        };
        return Err(Error::bad_shape(op, arg, shape, expected));
    }
    let n = u.shape()[0];
    let d = cdist(&u.reshape([1, n])?, &v.reshape([1, n])?, metric)?;
    d.reshape(Vec::<usize>::new())
}

macro_rules! pair_fns {
    ($($name:ident, $metric:ident, $py:literal;)*) => {$(
        #[doc = concat!("`cupyx.scipy.spatial.distance.", $py, "(u, v)` (SciPy's `scipy.spatial.distance.", $py, "` where SciPy has it): [`cdist`] with `Metric::", stringify!($metric), "` of two 1-d vectors, a 0-d float64 array on their device.")]
        ///
        /// # Errors
        /// [`Error::BadShape`] when `u` and `v` are not 1-d of equal length.
        ///
        /// # Example
        /// ```
        /// use cuprum_core::{Array, Device};
        #[doc = concat!("use cuprum_spatial::distance::", stringify!($name), ";")]
        /// let u = Array::from_vec_on(vec![1.0, 0.0, 2.0], &[3], Device::Cpu).unwrap();
        /// let v = Array::from_vec_on(vec![0.5, 1.0, 2.0], &[3], Device::Cpu).unwrap();
        #[doc = concat!("let d = ", stringify!($name), "(&u, &v).unwrap();")]
        /// assert_eq!(d.ndim(), 0);
        /// assert!(d.to_vec::<f64>().unwrap()[0] >= 0.0);
        /// ```
        pub fn $name(u: &Array, v: &Array) -> Result<Array> {
            pair(concat!("spatial.distance.", $py), u, v, Metric::$metric)
        }
    )*};
}

pair_fns! {
    euclidean, Euclidean, "euclidean";
    sqeuclidean, SqEuclidean, "sqeuclidean";
    cityblock, Cityblock, "cityblock";
    chebyshev, Chebyshev, "chebyshev";
    canberra, Canberra, "canberra";
    braycurtis, BrayCurtis, "braycurtis";
    cosine, Cosine, "cosine";
    correlation, Correlation, "correlation";
    hamming, Hamming, "hamming";
    jaccard, Jaccard, "jaccard";
    jensenshannon, JensenShannon, "jensenshannon";
    russellrao, RussellRao, "russellrao";
    hellinger, Hellinger, "hellinger";
    kl_divergence, KlDivergence, "kl_divergence";
}

/// SciPy's `scipy.spatial.distance.minkowski(u, v, p)`: a 0-d float64 array.
///
/// # Errors
/// As [`cdist`] with `Metric::Minkowski(p)`; [`Error::BadShape`] when `u` and `v` are
/// not 1-d of equal length.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::distance::minkowski;
/// let u = Array::from_vec_on(vec![0.0, 0.0], &[2], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![3.0, 4.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(minkowski(&u, &v, 1.0).unwrap().to_vec::<f64>().unwrap(), vec![7.0]);
/// ```
pub fn minkowski(u: &Array, v: &Array, p: f64) -> Result<Array> {
    pair("spatial.distance.minkowski", u, v, Metric::Minkowski(p))
}

/// `num / den` elementwise, 0 where `den` is 0 (the division runs with 1 there).
fn div_or_zero(num: &Array, den: &Array) -> Result<Array> {
    use cuprum_core as cp;
    let zero = cp::equal(den, 0.0)?;
    cp::where_(&zero, 0.0, &cp::divide(num, &cp::where_(&zero, 1.0, den)?)?)
}
