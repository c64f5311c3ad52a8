//! The `pchip` method of [`RegularGridInterpolator`](crate::RegularGridInterpolator): SciPy's
//! recursive 1-d PCHIP interpolation along each dimension (the last first), evaluated from
//! the 4^d grid values around each point (PCHIP is local: the piece on `[x_i, x_{i+1}]` depends
//! on the values at `x_{i-1} .. x_{i+2}`), on the values' device.

use cuprum_core as cp;
use cuprum_core::{Array, DType, IndexMode, Result, SliceItem, ext, take};

/// SciPy's `PchipInterpolator._edge_case`: the one-sided three-point slope at an end,
/// limited to keep the shape.
fn edge(h0: &Array, h1: &Array, m0: &Array, m1: &Array) -> Result<Array> {
    let d = cp::divide(
        &cp::subtract(
            &cp::multiply(&cp::add(&cp::multiply(h0, 2.0)?, h1)?, m0)?,
            &cp::multiply(h0, m1)?,
        )?,
        &cp::add(h0, h1)?,
    )?;
    let (sd, s0, s1) = (cp::sign(&d)?, cp::sign(m0)?, cp::sign(m1)?);
    let mask = cp::not_equal(&sd, &s0)?;
    let mask2 = cp::logical_and(
        &cp::not_equal(&s0, &s1)?,
        &cp::greater(&cp::absolute(&d)?, &cp::multiply(&cp::absolute(m0)?, 3.0)?)?,
    )?;
    let d = cp::where_(&mask2, &cp::multiply(m0, 3.0)?, &d)?;
    cp::where_(&mask, 0.0, &d)
}

/// SciPy's interior PCHIP slope at a node with the intervals `ha` before and `hb` after and
/// the secants `ma`, `mb`: the weighted harmonic mean, 0 where the secants differ in sign or
/// one is zero.
fn interior(ha: &Array, hb: &Array, ma: &Array, mb: &Array) -> Result<Array> {
    let w1 = cp::add(&cp::multiply(hb, 2.0)?, ha)?;
    let w2 = cp::add(hb, &cp::multiply(ha, 2.0)?)?;
    let den = cp::add(&cp::divide(&w1, ma)?, &cp::divide(&w2, mb)?)?;
    let d = cp::divide(&cp::add(&w1, &w2)?, &den)?;
    let same = cp::greater(&cp::multiply(ma, mb)?, 0.0)?;
    cp::where_(&same, &d, 0.0)
}

/// The PCHIP value at `x` `(q, 1)` in the interval `i` `(q, 1)` (of `n` nodes) from the values
/// `w` at the nodes `i - 1 .. i + 2` (clipped to the grid), each `(q, r)`, at the coordinates
/// `xw` `(q, 1)`.
fn pchip1(w: &[Array], xw: &[Array], x: &Array, i: &Array, n: usize) -> Result<Array> {
    let ha = cp::subtract(&xw[1], &xw[0])?;
    let hb = cp::subtract(&xw[2], &xw[1])?;
    let hc = cp::subtract(&xw[3], &xw[2])?;
    let ma = cp::divide(&cp::subtract(&w[1], &w[0])?, &ha)?;
    let mb = cp::divide(&cp::subtract(&w[2], &w[1])?, &hb)?;
    let mc = cp::divide(&cp::subtract(&w[3], &w[2])?, &hc)?;
    let first = cp::equal(i, 0i64)?;
    let last = cp::equal(i, (n - 2) as i64)?;
    let d1 = cp::where_(
        &first,
        &edge(&hb, &hc, &mb, &mc)?,
        &interior(&ha, &hb, &ma, &mb)?,
    )?;
    let d2 = cp::where_(
        &last,
        &edge(&hb, &ha, &mb, &ma)?,
        &interior(&hb, &hc, &mb, &mc)?,
    )?;
    // the cubic Hermite basis in s = (x - x_i) / h
    let s = cp::divide(&cp::subtract(x, &xw[1])?, &hb)?;
    let s2 = cp::multiply(&s, &s)?;
    let s3 = cp::multiply(&s2, &s)?;
    let h00 = cp::add(
        &cp::subtract(&cp::multiply(&s3, 2.0)?, &cp::multiply(&s2, 3.0)?)?,
        1.0,
    )?;
    let h10 = cp::add(&cp::subtract(&s3, &cp::multiply(&s2, 2.0)?)?, &s)?;
    let h01 = cp::subtract(&cp::multiply(&s2, 3.0)?, &cp::multiply(&s3, 2.0)?)?;
    let h11 = cp::subtract(&s3, &s2)?;
    let a = cp::add(&cp::multiply(&h00, &w[1])?, &cp::multiply(&h01, &w[2])?)?;
    let b = cp::add(&cp::multiply(&h10, &d1)?, &cp::multiply(&h11, &d2)?)?;
    cp::add(&a, &cp::multiply(&b, &hb)?)
}

/// The `pchip` values at `xi` `(q, d)` of the grid `values` `(prod sizes, r)`, with the
/// interval of each point in each dimension in `idx` (`(q,)` int64, `0 ..= n_j - 2`).
pub(crate) fn pchip_eval(
    grids: &[Array],
    sizes: &[usize],
    values: &Array,
    xi: &Array,
    idx: &[Array],
) -> Result<Array> {
    let d = grids.len();
    let q = xi.shape()[0];
    let mut strides = ext::try_vec_filled(d, 1usize)?;
    for j in (0..d.saturating_sub(1)).rev() {
        strides[j] = strides[j + 1] * sizes[j + 1];
    }
    // the clipped node indices i - 1 .. i + 2 of each dimension, `(q,)` int64, and their
    // coordinates `(q, 1)`
    let mut nodes: Vec<Vec<Array>> = ext::try_vec_with_capacity(d)?;
    let mut coords: Vec<Vec<Array>> = ext::try_vec_with_capacity(d)?;
    for j in 0..d {
        let mut nj = ext::try_vec_with_capacity(4)?;
        let mut cj = ext::try_vec_with_capacity(4)?;
        for a in 0..4i64 {
            let k = cp::clip(
                &cp::add(&idx[j], a - 1)?,
                Some(0i64.into()),
                Some(((sizes[j] - 1) as i64).into()),
            )?
            .astype(DType::Int64)?;
            cj.push(take(&grids[j], &k, None, IndexMode::Clip)?.reshape([q, 1])?);
            nj.push(k);
        }
        nodes.push(nj);
        coords.push(cj);
    }
    // the 4^d window values, C order over (a_0, .., a_{d-1})
    let total = 4usize.pow(d as u32);
    let mut vals: Vec<Array> = ext::try_vec_with_capacity(total)?;
    for combo in 0..total {
        let mut flat: Option<Array> = None;
        for j in 0..d {
            let a = (combo / 4usize.pow((d - 1 - j) as u32)) % 4;
            let term = cp::multiply(&nodes[j][a], strides[j] as i64)?;
            flat = Some(match flat {
                None => term,
                Some(f) => cp::add(&f, &term)?,
            });
        }
        let flat = flat.ok_or_else(|| {
            cuprum_core::Error::bad_argument(
                "interpolate.RegularGridInterpolator",
                "points",
                "no dimensions",
                "at least one grid axis",
            )
        })?;
        vals.push(take(values, &flat, Some(0), IndexMode::Clip)?);
    }
    // fold the dimensions, the last first
    for j in (0..d).rev() {
        let xj = xi.slice(&[
            SliceItem::FULL,
            SliceItem::Slice {
                start: Some(j as isize),
                stop: Some(j as isize + 1),
                step: 1,
            },
        ])?;
        let ij = idx[j].reshape([q, 1])?;
        let mut next = ext::try_vec_with_capacity(vals.len() / 4)?;
        for group in vals.chunks(4) {
            next.push(pchip1(group, &coords[j], &xj, &ij, sizes[j])?);
        }
        vals = next;
    }
    vals.pop().ok_or_else(|| {
        cuprum_core::Error::bad_argument(
            "interpolate.RegularGridInterpolator",
            "points",
            "no dimensions",
            "at least one grid axis",
        )
    })
}
