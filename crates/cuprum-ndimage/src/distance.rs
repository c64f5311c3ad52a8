//! Distance transforms: `distance_transform_edt` (and the feature transform of SciPy's
//! `return_indices`), `distance_transform_cdt`, `distance_transform_bf`.

use crate::support::{bounded, check_real, host_f64, per_axis, strides_of};
use cuprum_core::{Array, Device, Error, Result};
use rayon::prelude::*;

/// The squared distance transform of one line (`f` in, result in `d`), weights `w = s^2`:
/// Felzenszwalb and Huttenlocher's lower envelope of parabolas.
pub(crate) fn envelope(f: &[f64], d: &mut [f64], w: f64, v: &mut [usize], z: &mut [f64]) {
    let n = f.len();
    let mut k = 0usize;
    let first = f.iter().position(|v| v.is_finite());
    let Some(q0) = first else {
        d.iter_mut().for_each(|x| *x = f64::INFINITY);
        return;
    };
    v[0] = q0;
    z[0] = f64::NEG_INFINITY;
    z[1] = f64::INFINITY;
    for q in q0 + 1..n {
        if !f[q].is_finite() {
            continue;
        }
        loop {
            let p = v[k];
            let s = ((f[q] + w * (q * q) as f64) - (f[p] + w * (p * p) as f64))
                / (2.0 * w * (q as f64 - p as f64));
            if s <= z[k] {
                if k == 0 {
                    v[0] = q;
                    z[1] = f64::INFINITY;
                    break;
                }
                k -= 1;
                continue;
            }
            k += 1;
            v[k] = q;
            z[k] = s;
            z[k + 1] = f64::INFINITY;
            break;
        }
    }
    k = 0;
    for (q, dq) in d.iter_mut().enumerate() {
        while z[k + 1] < q as f64 {
            k += 1;
        }
        let p = v[k];
        let dx = q as f64 - p as f64;
        *dq = w * dx * dx + f[p];
    }
}

/// The exact Euclidean distance of each non-zero element to the nearest zero element
/// (`scipy.ndimage.distance_transform_edt`, distances only).
///
/// **Shapes**: `sampling` is empty (1 along every axis), one value or one per axis; the result
/// is float64 of the input's shape, on its device. Without any zero element every distance is
/// infinite.
///
/// # Errors
/// [`cuprum_core::Error::BadShape`] for a bad `sampling` list; [`cuprum_core::Error::DType`]
/// for complex input.
///
/// # Algorithm
/// Separable squared distances: one lower-envelope-of-parabolas pass per axis (Felzenszwalb
/// and Huttenlocher), exact for integer squared distances; CUDA: one thread per line.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::distance_transform_edt;
/// let x = Array::from_vec_on(vec![0u8, 1, 1, 1, 1], &[5], Device::Cpu).unwrap();
/// let d = distance_transform_edt(&x, &[]).unwrap();
/// assert_eq!(d.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 2.0, 3.0, 4.0]);
/// ```
#[allow(clippy::needless_range_loop)]
pub fn distance_transform_edt(input: &Array, sampling: &[f64]) -> Result<Array> {
    let op = "ndimage.distance_transform_edt";
    check_real(op, input)?;
    let nd = input.ndim();
    let samp = if sampling.is_empty() {
        bounded(nd, 1.0)
    } else {
        per_axis(op, "sampling", sampling, nd)?
    };
    let zero = cuprum_core::equal(input, 0.0)?;
    // f = 0 at zeros, inf elsewhere
    let inf = cuprum_core::where_(&zero, 0.0, f64::INFINITY)?;
    if let Device::Cuda(_) = input.device() {
        let mut f = cuprum_core::ext::as_c_contiguous(&inf)?;
        for d in 0..nd {
            f = crate::cuda::edt_pass(&f, d, samp[d] * samp[d])?;
        }
        return cuprum_core::sqrt(&f);
    }
    let shape = input.shape().to_vec();
    let mut v = host_f64(&inf)?;
    if v.is_empty() || nd == 0 {
        let out: Vec<f64> = v.iter().map(|x| x.sqrt()).collect();
        return Array::from_vec_on(out, shape, Device::Cpu);
    }
    let st = strides_of(&shape);
    for d in 0..nd {
        let n = shape[d];
        let s = st[d];
        let outer = v.len() / n;
        let w = samp[d] * samp[d];
        let starts: Vec<usize> = (0..outer).map(|k| (k / s) * n * s + k % s).collect();
        let lines: Vec<Vec<f64>> = starts
            .par_iter()
            .map(|&b| {
                let f: Vec<f64> = (0..n).map(|i| v[b + i * s]).collect();
                let mut out = bounded(n, 0.0);
                let mut vv = bounded(n, 0usize);
                let mut z = bounded(n + 1, 0.0);
                envelope(&f, &mut out, w, &mut vv, &mut z);
                out
            })
            .collect();
        for (b, line) in starts.iter().zip(lines) {
            for (i, x) in line.into_iter().enumerate() {
                v[b + i * s] = x;
            }
        }
    }
    v.iter_mut().for_each(|x| *x = x.sqrt());
    Array::from_vec_on(v, shape, Device::Cpu)
}

/// One line of Maurer, Qi and Raghavan's feature transform along axis `d` (SciPy's
/// `_VoronoiFT`): `f[i]` is the nearest feature found so far for position `i` of the line
/// (`f[i][0] < 0`: none), `coor` the line's coordinates on the other axes; on return each
/// position holds its nearest feature over the axes processed so far. `g` is scratch.
fn voronoi_line(f: &mut [Vec<i32>], coor: &[i64], d: usize, samp: &[f64], g: &mut [usize]) {
    let rank = coor.len();
    let dist_other = |p: &[i32]| -> f64 {
        (0..rank)
            .filter(|&j| j != d)
            .map(|j| {
                let t = (p[j] as i64 - coor[j]) as f64 * samp[j];
                t * t
            })
            .sum()
    };
    let mut l: isize = -1;
    for ii in 0..f.len() {
        if f[ii][0] < 0 {
            continue;
        }
        let fd = f[ii][d] as f64;
        let w_r = dist_other(&f[ii]);
        while l >= 1 {
            let (i1, i2) = (g[l as usize], g[l as usize - 1]);
            let f1 = f[i1][d] as f64;
            let a = (f1 - f[i2][d] as f64) * samp[d];
            let b = (fd - f1) * samp[d];
            let c = a + b;
            let (u_r, v_r) = (dist_other(&f[i2]), dist_other(&f[i1]));
            if c * v_r - b * u_r - a * w_r - a * b * c <= 0.0 {
                break;
            }
            l -= 1;
        }
        l += 1;
        g[l as usize] = ii;
    }
    if l < 0 {
        return;
    }
    let maxl = l as usize;
    let dist = |p: &[i32], ii: usize| -> f64 {
        (0..rank)
            .map(|j| {
                let c = if j == d { ii as i64 } else { coor[j] };
                let t = (p[j] as i64 - c) as f64 * samp[j];
                t * t
            })
            .sum()
    };
    let feats: Vec<Vec<i32>> = g[..=maxl].iter().map(|&k| f[k].clone()).collect();
    let mut l = 0usize;
    for (ii, fi) in f.iter_mut().enumerate() {
        let mut delta1 = dist(&feats[l], ii);
        while l < maxl {
            let delta2 = dist(&feats[l + 1], ii);
            if delta1 <= delta2 {
                break;
            }
            delta1 = delta2;
            l += 1;
        }
        fi.clone_from(&feats[l]);
    }
}

/// The exact Euclidean distance transform with the feature transform
/// (`scipy.ndimage.distance_transform_edt(input, sampling, return_indices=True)`): the
/// distances, as [`distance_transform_edt`], and for each element the coordinates of its
/// nearest zero element.
///
/// **Shapes**: the distances are float64 of the input's shape; the indices int32 of shape
/// `(ndim,) + input.shape` (`indices[k][i]` the `k`-th coordinate of element `i`'s nearest
/// zero), both on the input's device. Of zero elements at the same distance, the one SciPy's
/// algorithm keeps. Without any zero element SciPy's indices are returned (`-1` in the first
/// coordinate, `0` in the others) and every distance is infinite.
///
/// # Errors
/// As [`distance_transform_edt`]; [`cuprum_core::Error::OutOfMemory`] when the indices do
/// not fit in host memory; [`cuprum_core::Error::BadArgument`] for an axis longer than
/// `i32::MAX` (the indices are int32, as SciPy's).
///
/// # Algorithm
/// The distances as [`distance_transform_edt`]. The indices: Maurer, Qi and Raghavan's
/// feature transform (SciPy's algorithm, with its tie-breaking), one pass per axis over every
/// line, lines in parallel; on a CUDA device the input is copied to the host for it and the
/// indices copied back.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::distance_transform_edt_indices;
/// let x = Array::from_vec_on(vec![0u8, 1, 1, 1, 0], &[5], Device::Cpu).unwrap();
/// let (d, i) = distance_transform_edt_indices(&x, &[]).unwrap();
/// assert_eq!(d.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 2.0, 1.0, 0.0]);
/// assert_eq!(i.to_vec::<i32>().unwrap(), vec![0, 0, 0, 4, 4]);
/// ```
pub fn distance_transform_edt_indices(input: &Array, sampling: &[f64]) -> Result<(Array, Array)> {
    let op = "ndimage.distance_transform_edt";
    let dist = distance_transform_edt(input, sampling)?;
    let nd = input.ndim();
    let shape = input.shape().to_vec();
    let samp = if sampling.is_empty() {
        bounded(nd, 1.0)
    } else {
        per_axis(op, "sampling", sampling, nd)?
    };
    if let Some(&n) = shape.iter().find(|&&n| n > i32::MAX as usize) {
        return Err(Error::bad_argument(
            op,
            "input",
            format!("{shape:?}"),
            format!(
                "axes of at most {} elements (the indices are int32; one has {n})",
                i32::MAX
            ),
        ));
    }
    let zero = host_f64(&cuprum_core::equal(input, 0.0)?)?;
    let n = zero.len();
    let st = strides_of(&shape);
    let coords = |i: usize, k: usize| ((i / st[k]) % shape[k]) as i32;
    // feat[i * nd + k]: the k-th coordinate of element i's nearest zero so far (SciPy's
    // initial state: a zero element's own coordinates; -1 in the first coordinate, 0 after)
    let mut feat = cuprum_core::ext::try_vec_filled(n.saturating_mul(nd), 0i32)?;
    for i in 0..n {
        if zero[i] != 0.0 {
            for k in 0..nd {
                feat[i * nd + k] = coords(i, k);
            }
        } else if nd > 0 {
            feat[i * nd] = -1;
        }
    }
    for d in 0..nd {
        let len = shape[d];
        if len == 0 || n == 0 {
            break;
        }
        let s = st[d];
        let starts: Vec<usize> = (0..n / len).map(|k| (k / s) * len * s + k % s).collect();
        let lines: Vec<Vec<Vec<i32>>> = starts
            .par_iter()
            .map(|&b| {
                let mut f: Vec<Vec<i32>> = (0..len)
                    .map(|i| feat[(b + i * s) * nd..(b + i * s + 1) * nd].to_vec())
                    .collect();
                let coor: Vec<i64> = (0..nd).map(|k| i64::from(coords(b, k))).collect();
                let mut g = bounded(len, 0usize);
                voronoi_line(&mut f, &coor, d, &samp, &mut g);
                f
            })
            .collect();
        for (b, line) in starts.iter().zip(lines) {
            for (i, p) in line.into_iter().enumerate() {
                let e = b + i * s;
                feat[e * nd..(e + 1) * nd].copy_from_slice(&p);
            }
        }
    }
    // (ndim,) + shape, C order: indices[k][i] = feat[i * nd + k]
    let mut ind = cuprum_core::ext::try_vec_filled(feat.len(), 0i32)?;
    for i in 0..n {
        for k in 0..nd {
            ind[k * n + i] = feat[i * nd + k];
        }
    }
    let mut ishape = vec![nd];
    ishape.extend_from_slice(&shape);
    let indices = Array::from_vec_on(ind, ishape, Device::Cpu)?.to_device(input.device())?;
    Ok((dist, indices))
}

/// The chamfer distance transform (`scipy.ndimage.distance_transform_cdt`): for each non-zero
/// element, the number of steps to the nearest zero element, a step being a move to a
/// neighbour of `metric` (`"chessboard"`: any of the `3^n - 1` neighbours, the default;
/// `"taxicab"`: the `2n` face neighbours). `-1` where no zero element exists.
///
/// **Shapes**: int32 of the input's shape, on its device.
///
/// # Errors
/// [`cuprum_core::Error::BadArgument`] for another metric; [`cuprum_core::Error::DType`] for
/// complex input.
///
/// # Algorithm
/// Relaxation to a fixed point: `d = min(d, min over the neighbours of d + 1)` with the
/// minimum filter of the footprint engine, as many passes as the largest distance.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::distance_transform_cdt;
/// let x = Array::from_vec_on(vec![0u8, 1, 1, 1, 1, 1], &[2, 3], Device::Cpu).unwrap();
/// let d = distance_transform_cdt(&x, "taxicab").unwrap();
/// assert_eq!(d.to_vec::<i32>().unwrap(), vec![0, 1, 2, 1, 2, 3]);
/// ```
pub fn distance_transform_cdt(input: &Array, metric: &str) -> Result<Array> {
    let op = "ndimage.distance_transform_cdt";
    check_real(op, input)?;
    let nd = input.ndim();
    let conn = match metric {
        "chessboard" => nd.max(1),
        "taxicab" | "cityblock" | "manhattan" => 1,
        m => {
            return Err(cuprum_core::Error::bad_argument(
                op,
                "metric",
                format!("{m:?}"),
                "one of \"chessboard\", \"taxicab\", \"cityblock\", \"manhattan\"",
            ));
        }
    };
    let fg = cuprum_core::not_equal(input, 0.0)?;
    if nd == 0 {
        return cuprum_core::where_(&fg, -1i32, 0i32)?.astype(cuprum_core::DType::Int32);
    }
    let s = crate::generate_binary_structure(nd, conn)?;
    let win = crate::Window::Footprint(s);
    let mut d = cuprum_core::where_(&fg, f64::INFINITY, 0.0)?;
    let o = crate::FilterOptions {
        mode: crate::Mode::Constant,
        cval: f64::INFINITY,
        ..Default::default()
    };
    loop {
        let m = cuprum_core::add(&crate::minimum_filter(&d, &win, &o)?, 1.0)?;
        let nd2 = cuprum_core::where_(&fg, &cuprum_core::minimum(&d, &m)?, 0.0)?;
        let same = cuprum_core::array_equal(&d, &nd2, false)?;
        d = nd2;
        if same {
            break;
        }
    }
    let inf = cuprum_core::isinf(&d)?;
    cuprum_core::where_(&inf, -1.0, &d)?.astype(cuprum_core::DType::Int32)
}

/// The brute-force distance transform (`scipy.ndimage.distance_transform_bf`): `"euclidean"`
/// distances ([`distance_transform_edt`], exact, `sampling` applies), or the `"taxicab"` and
/// `"chessboard"` distances ([`distance_transform_cdt`]), as float64.
///
/// **Shapes**: float64 of the input's shape.
///
/// # Errors
/// As the two transforms.
///
/// # Algorithm
/// The exact transforms above give the brute force's values.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::distance_transform_bf;
/// let x = Array::from_vec_on(vec![0u8, 1, 1, 1], &[2, 2], Device::Cpu).unwrap();
/// let d = distance_transform_bf(&x, "euclidean", &[]).unwrap();
/// assert_eq!(d.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 1.0, 2f64.sqrt()]);
/// ```
pub fn distance_transform_bf(input: &Array, metric: &str, sampling: &[f64]) -> Result<Array> {
    match metric {
        "euclidean" => distance_transform_edt(input, sampling),
        m => distance_transform_cdt(input, m)?.astype(cuprum_core::DType::Float64),
    }
}
