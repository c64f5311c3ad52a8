//! The NumPy product family built on [`matmul`]: `dot`, `vdot`, `inner`,
//! `outer`, `tensordot`, `kron` and `einsum`. Each reshapes/transposes its operands (views where
//! possible) into one batched matrix product, so every device runs them on its gemm.

use super::{matmul, same_device};
use crate::layout::normalize_axis;
use crate::{Array, Error, Result};

/// Which axes [`tensordot`] contracts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TensorAxes {
    /// The last `n` axes of `a` with the first `n` of `b` (NumPy's `axes=n`).
    Last(usize),
    /// `a`'s axes with `b`'s axes, pairwise (NumPy's `axes=(list, list)`).
    Pairs(Vec<isize>, Vec<isize>),
}

/// Sum of products over the given axes (`numpy.tensordot`).
///
/// **Shapes**: `a`'s free axes then `b`'s free axes.
///
/// # Errors
/// [`Error::ShapeMismatch`] when contracted axes differ in length or the lists differ in
/// length; [`Error::AxisOutOfBounds`].
pub fn tensordot(a: &Array, b: &Array, axes: TensorAxes) -> Result<Array> {
    const OP: &str = "tensordot";
    same_device(OP, a, b)?;
    let (ax_a, ax_b): (Vec<usize>, Vec<usize>) = match axes {
        TensorAxes::Last(n) => {
            if n > a.ndim() || n > b.ndim() {
                return Err(Error::ShapeMismatch {
                    op: OP,
                    lhs: a.shape().to_vec(),
                    rhs: b.shape().to_vec(),
                    detail: Some(format!(
                        "axes={n} sums over more axes than the operands have ({} and {})",
                        a.ndim(),
                        b.ndim()
                    )),
                });
            }
            ((a.ndim() - n..a.ndim()).collect(), (0..n).collect())
        }
        TensorAxes::Pairs(x, y) => {
            if x.len() != y.len() {
                return Err(Error::ShapeMismatch {
                    op: OP,
                    lhs: a.shape().to_vec(),
                    rhs: b.shape().to_vec(),
                    detail: Some(format!(
                        "the axis lists {x:?} and {y:?} have different lengths"
                    )),
                });
            }
            (
                x.iter()
                    .map(|&i| normalize_axis(OP, i, a.ndim()))
                    .collect::<Result<_>>()?,
                y.iter()
                    .map(|&i| normalize_axis(OP, i, b.ndim()))
                    .collect::<Result<_>>()?,
            )
        }
    };
    for (&i, &j) in ax_a.iter().zip(&ax_b) {
        if a.shape()[i] != b.shape()[j] {
            return Err(Error::ShapeMismatch {
                op: OP,
                lhs: a.shape().to_vec(),
                rhs: b.shape().to_vec(),
                detail: Some(format!(
                    "axis {i} of the first operand has length {} and axis {j} of the second {}",
                    a.shape()[i],
                    b.shape()[j]
                )),
            });
        }
    }
    let free_a: Vec<usize> = (0..a.ndim()).filter(|i| !ax_a.contains(i)).collect();
    let free_b: Vec<usize> = (0..b.ndim()).filter(|i| !ax_b.contains(i)).collect();
    let k: usize = ax_a.iter().map(|&i| a.shape()[i]).product();
    let m: usize = free_a.iter().map(|&i| a.shape()[i]).product();
    let n: usize = free_b.iter().map(|&i| b.shape()[i]).product();
    let pa: Vec<isize> = free_a.iter().chain(&ax_a).map(|&i| i as isize).collect();
    let pb: Vec<isize> = ax_b.iter().chain(&free_b).map(|&i| i as isize).collect();
    let a2 = a.permute_dims(&pa)?.reshape(&[m as isize, k as isize])?;
    let b2 = b.permute_dims(&pb)?.reshape(&[k as isize, n as isize])?;
    let mut out_shape: Vec<isize> = free_a.iter().map(|&i| a.shape()[i] as isize).collect();
    out_shape.extend(free_b.iter().map(|&i| b.shape()[i] as isize));
    matmul(&a2, &b2)?.reshape(&out_shape)
}

/// `numpy.dot`: for 1-D operands the inner product (no conjugation); for 2-D the matrix
/// product; for N-D `a` and M-D `b`, the sum over `a`'s last axis and `b`'s second-to-last;
/// a 0-d operand multiplies elementwise.
///
/// # Errors
/// [`Error::ShapeMismatch`] when the summed axes differ.
pub fn dot(a: &Array, b: &Array) -> Result<Array> {
    same_device("dot", a, b)?;
    if a.ndim() == 0 || b.ndim() == 0 {
        return crate::ops::multiply(a, b);
    }
    if b.ndim() <= 2 {
        return matmul(a, b).map_err(|e| rename(e, "dot"));
    }
    let bax = b.ndim() as isize - 2;
    tensordot(a, b, TensorAxes::Pairs(vec![-1], vec![bax])).map_err(|e| rename(e, "dot"))
}

fn rename(e: Error, op: &'static str) -> Error {
    match e {
        Error::ShapeMismatch {
            lhs, rhs, detail, ..
        } => Error::ShapeMismatch {
            op,
            lhs,
            rhs,
            detail,
        },
        other => other,
    }
}

/// `numpy.vdot`: the inner product of the flattened arrays, conjugating the first.
///
/// # Errors
/// [`Error::ShapeMismatch`] when the sizes differ.
pub fn vdot(a: &Array, b: &Array) -> Result<Array> {
    same_device("vdot", a, b)?;
    if a.size() != b.size() {
        return Err(Error::ShapeMismatch {
            op: "vdot",
            lhs: a.shape().to_vec(),
            rhs: b.shape().to_vec(),
            detail: None,
        });
    }
    let af = a.ravel()?;
    let af = if af.dtype().is_complex() {
        crate::ops::conj(&af)?
    } else {
        af
    };
    matmul(&af, &b.ravel()?)
}

/// `numpy.inner`: sum over the last axes of both (a 0-d operand multiplies).
///
/// # Errors
/// [`Error::ShapeMismatch`] when the last axes differ.
pub fn inner(a: &Array, b: &Array) -> Result<Array> {
    if a.ndim() == 0 || b.ndim() == 0 {
        return crate::ops::multiply(a, b);
    }
    tensordot(a, b, TensorAxes::Pairs(vec![-1], vec![-1])).map_err(|e| rename(e, "inner"))
}

/// `numpy.outer`: `out[i, j] = a.ravel()[i] * b.ravel()[j]`.
///
/// # Errors
/// [`Error::DeviceMismatch`].
pub fn outer(a: &Array, b: &Array) -> Result<Array> {
    same_device("outer", a, b)?;
    let a2 = a.reshape(&[-1, 1])?;
    let b2 = b.reshape(&[1, -1])?;
    crate::ops::multiply(&a2, &b2)
}

/// `numpy.kron`: the Kronecker product (block `(i, j)` is `a[i, j] * b`), for any ranks.
///
/// # Errors
/// [`Error::DeviceMismatch`].
pub fn kron(a: &Array, b: &Array) -> Result<Array> {
    same_device("kron", a, b)?;
    let nd = a.ndim().max(b.ndim());
    let pad = |x: &Array| -> Vec<usize> {
        let mut s = vec![1usize; nd - x.ndim()];
        s.extend_from_slice(x.shape());
        s
    };
    let (sa, sb) = (pad(a), pad(b));
    let mut ia = Vec::with_capacity(2 * nd);
    let mut ib = Vec::with_capacity(2 * nd);
    for i in 0..nd {
        ia.extend([sa[i] as isize, 1]);
        ib.extend([1, sb[i] as isize]);
    }
    let p = crate::ops::multiply(&a.reshape(&ia)?, &b.reshape(&ib)?)?;
    let out: Vec<isize> = (0..nd).map(|i| (sa[i] * sb[i]) as isize).collect();
    p.reshape(&out)
}

/// Parsed einsum operand: one label per axis (ellipsis axes get generated labels).
fn parse_einsum(
    op: &'static str,
    subscripts: &str,
    operands: &[&Array],
) -> Result<(Vec<Vec<char>>, Vec<char>)> {
    let s: String = subscripts.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match s.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (s.clone(), None),
    };
    let terms: Vec<&str> = lhs.split(',').collect();
    if terms.len() != operands.len() {
        return Err(Error::bad_argument(
            op,
            "subscripts",
            format!("{subscripts:?}"),
            format!("{} comma-separated terms, one per operand", operands.len()),
        ));
    }
    // ellipsis labels: uppercase-free private range
    let ell_dims = operands
        .iter()
        .zip(&terms)
        .map(|(a, t)| {
            if t.contains("...") {
                a.ndim()
                    .saturating_sub(t.chars().filter(|c| c.is_alphabetic()).count())
            } else {
                0
            }
        })
        .max()
        .unwrap_or(0);
    let ell: Vec<char> = (0..ell_dims)
        .map(|i| char::from_u32(0x3B1 + i as u32).unwrap_or('?'))
        .collect();
    let expand = |t: &str, nd: usize| -> Result<Vec<char>> {
        let mut out = Vec::new();
        if let Some((pre, post)) = t.split_once("...") {
            let named = pre.chars().count() + post.chars().count();
            let k = nd.checked_sub(named).ok_or_else(|| {
                Error::bad_argument(
                    op,
                    "subscripts",
                    format!("{t:?}"),
                    format!("at most {nd} labels for an operand of dimension {nd}"),
                )
            })?;
            out.extend(pre.chars());
            out.extend(ell[ell.len() - k..].iter());
            out.extend(post.chars());
        } else {
            out.extend(t.chars());
        }
        if out.len() != nd {
            return Err(Error::bad_argument(
                op,
                "subscripts",
                format!("{t:?}"),
                format!("one label per axis of an operand of dimension {nd}"),
            ));
        }
        if let Some(c) = out.iter().find(|c| !(c.is_alphabetic())) {
            return Err(Error::bad_argument(
                op,
                "subscripts",
                format!("{subscripts:?}"),
                format!("letters as labels ({c:?} is not one)"),
            ));
        }
        Ok(out)
    };
    let labels: Vec<Vec<char>> = operands
        .iter()
        .zip(&terms)
        .map(|(a, t)| expand(t, a.ndim()))
        .collect::<Result<_>>()?;
    let out: Vec<char> = match rhs {
        Some(r) => {
            let mut o = Vec::new();
            if let Some((pre, post)) = r.split_once("...") {
                o.extend(pre.chars());
                o.extend(ell.iter());
                o.extend(post.chars());
            } else {
                o.extend(r.chars());
            }
            o
        }
        None => {
            // implicit: ellipsis labels, then labels appearing once, alphabetically
            let mut counts = std::collections::BTreeMap::new();
            for l in labels.iter().flatten() {
                if !ell.contains(l) {
                    *counts.entry(*l).or_insert(0) += 1;
                }
            }
            let mut o: Vec<char> = ell.clone();
            o.extend(counts.into_iter().filter(|(_, c)| *c == 1).map(|(l, _)| l));
            o
        }
    };
    Ok((labels, out))
}

/// Takes repeated labels of one operand to their diagonal, and sums labels not in `keep`.
fn reduce_operand(a: &Array, labels: &[char], keep: &[char]) -> Result<(Array, Vec<char>)> {
    let mut a = a.clone();
    let mut labels = labels.to_vec();
    // diagonals
    loop {
        let dup = (0..labels.len()).find_map(|i| {
            (i + 1..labels.len())
                .find(|&j| labels[j] == labels[i])
                .map(|j| (i, j))
        });
        let Some((i, j)) = dup else { break };
        if a.shape()[i] != a.shape()[j] {
            return Err(Error::ShapeMismatch {
                op: "einsum",
                lhs: a.shape().to_vec(),
                rhs: a.shape().to_vec(),
                detail: Some(format!(
                    "label {:?} is repeated on axes {i} and {j} of lengths {} and {}",
                    labels[i],
                    a.shape()[i],
                    a.shape()[j]
                )),
            });
        }
        a = crate::manip::diagonal(&a, 0, i as isize, j as isize)?;
        let l = labels[i];
        labels.remove(j);
        labels.remove(i);
        labels.push(l);
    }
    let sum_axes: Vec<isize> = (0..labels.len())
        .filter(|&i| !keep.contains(&labels[i]))
        .map(|i| i as isize)
        .collect();
    if !sum_axes.is_empty() {
        a = crate::reduce::sum(&a, sum_axes.clone(), false)?;
        labels = labels
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !sum_axes.contains(&(*i as isize)))
            .map(|(_, l)| l)
            .collect();
    }
    Ok((a, labels))
}

/// `numpy.einsum` for products, transposes, traces and reductions: `"ij,jk->ik"`,
/// `"bij,bjk->bik"`, `"ij->ji"`, `"ii->"`, `"i,i->"`, `"...ij,...jk->...ik"`, implicit output.
/// Operands are contracted pairwise left to right, each contraction one batched matmul.
///
/// # Errors
/// [`Error::BadArgument`] for malformed subscripts; [`Error::ShapeMismatch`] when a label's
/// lengths disagree.
pub fn einsum(subscripts: &str, operands: &[&Array]) -> Result<Array> {
    const OP: &str = "einsum";
    if operands.is_empty() {
        return Err(Error::bad_argument(
            OP,
            "operands",
            "an empty sequence",
            "at least one operand",
        ));
    }
    for o in &operands[1..] {
        same_device(OP, operands[0], o)?;
    }
    let (labels, out) = parse_einsum(OP, subscripts, operands)?;
    // keep for operand i: output labels and labels of later operands
    let keep_for = |i: usize, extra: &[char]| -> Vec<char> {
        let mut k: Vec<char> = out.clone();
        for l in labels.iter().skip(i + 1).flatten() {
            k.push(*l);
        }
        k.extend_from_slice(extra);
        k
    };
    let (mut acc, mut al) = reduce_operand(
        operands[0],
        &labels[0],
        &keep_for(0, &labels.get(1).cloned().unwrap_or_default()),
    )?;
    for i in 1..operands.len() {
        let keep = keep_for(i, &[]);
        let (b, bl) = reduce_operand(operands[i], &labels[i], &{
            let mut k = keep.clone();
            k.extend(al.iter());
            k
        })?;
        // labels only in acc and not kept: sum now
        let (a2, al2) = reduce_operand(&acc, &al, &{
            let mut k = keep.clone();
            k.extend(bl.iter());
            k
        })?;
        let batch: Vec<char> = al2
            .iter()
            .copied()
            .filter(|l| bl.contains(l) && keep.contains(l))
            .collect();
        let contr: Vec<char> = al2
            .iter()
            .copied()
            .filter(|l| bl.contains(l) && !keep.contains(l))
            .collect();
        let lfree: Vec<char> = al2.iter().copied().filter(|l| !bl.contains(l)).collect();
        let rfree: Vec<char> = bl.iter().copied().filter(|l| !al2.contains(l)).collect();
        let pos =
            |ls: &[char], l: char| ls.iter().position(|&x| x == l).expect("label present") as isize;
        let dim = |x: &Array, ls: &[char], l: char| x.shape()[pos(ls, l) as usize];
        for &l in batch.iter().chain(&contr) {
            let (da, db) = (dim(&a2, &al2, l), dim(&b, &bl, l));
            if da != db && da != 1 && db != 1 {
                return Err(Error::ShapeMismatch {
                    op: OP,
                    lhs: a2.shape().to_vec(),
                    rhs: b.shape().to_vec(),
                    detail: Some(format!(
                        "label {l:?} has length {da} in one operand and {db} in the other"
                    )),
                });
            }
        }
        let pa: Vec<isize> = batch
            .iter()
            .chain(&lfree)
            .chain(&contr)
            .map(|&l| pos(&al2, l))
            .collect();
        let pb: Vec<isize> = batch
            .iter()
            .chain(&contr)
            .chain(&rfree)
            .map(|&l| pos(&bl, l))
            .collect();
        let ap = a2.permute_dims(&pa)?;
        let bp = b.permute_dims(&pb)?;
        let nbt = batch.len();
        let m: usize = lfree.iter().map(|&l| dim(&a2, &al2, l)).product();
        let n: usize = rfree.iter().map(|&l| dim(&b, &bl, l)).product();
        let k: usize = contr.iter().map(|&l| dim(&a2, &al2, l)).product();
        let mut sa: Vec<isize> = ap.shape()[..nbt].iter().map(|&x| x as isize).collect();
        sa.extend([m as isize, k as isize]);
        let mut sb: Vec<isize> = bp.shape()[..nbt].iter().map(|&x| x as isize).collect();
        sb.extend([k as isize, n as isize]);
        let prod = matmul(&ap.reshape(&sa)?, &bp.reshape(&sb)?)?;
        let mut rs: Vec<isize> = prod.shape()[..nbt].iter().map(|&x| x as isize).collect();
        rs.extend(lfree.iter().map(|&l| dim(&a2, &al2, l) as isize));
        rs.extend(rfree.iter().map(|&l| dim(&b, &bl, l) as isize));
        acc = prod.reshape(&rs)?;
        al = batch.iter().chain(&lfree).chain(&rfree).copied().collect();
    }
    // final: sum what is not in the output, then order as the output
    let (acc, al) = reduce_operand(&acc, &al, &out)?;
    for l in &out {
        if !al.contains(l) {
            return Err(Error::bad_argument(
                OP,
                "subscripts",
                format!("{subscripts:?}"),
                format!("output labels that appear in an operand ({l:?} appears in none)"),
            ));
        }
    }
    let perm: Vec<isize> = out
        .iter()
        .map(|l| al.iter().position(|x| x == l).expect("checked") as isize)
        .collect();
    acc.permute_dims(&perm)?.copy()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Device;

    fn f(v: Vec<f64>, s: &[usize]) -> Array {
        Array::from_vec_on(v, s, Device::Cpu).unwrap()
    }
    fn r(n: usize, s: &[usize]) -> Array {
        f((0..n).map(|i| (i as f64 * 0.7).sin()).collect(), s)
    }
    fn close(a: &Array, b: &Array) {
        assert_eq!(a.shape(), b.shape());
        let (x, y) = (a.to_vec::<f64>().unwrap(), b.to_vec::<f64>().unwrap());
        for (p, q) in x.iter().zip(&y) {
            assert!((p - q).abs() < 1e-12, "{p} vs {q}");
        }
    }

    #[test]
    fn dot_tensordot_inner_outer_kron() {
        let a = r(24, &[2, 3, 4]);
        let b = r(60, &[3, 4, 5]);
        let t = tensordot(&a, &b, TensorAxes::Last(2)).unwrap();
        assert_eq!(t.shape(), &[2, 5]);
        let e = einsum("ijk,jkl->il", &[&a, &b]).unwrap();
        close(&t, &e);
        let c = r(120, &[5, 4, 6]);
        let d = dot(&a, &c).unwrap();
        assert_eq!(d.shape(), &[2, 3, 5, 6]);
        close(&d, &einsum("ijk,lkm->ijlm", &[&a, &c]).unwrap());
        let x = r(3, &[3]);
        let y = r(4, &[4]);
        let o = outer(&x, &y).unwrap();
        assert_eq!(o.shape(), &[3, 4]);
        close(&o, &einsum("i,j->ij", &[&x, &y]).unwrap());
        let m = r(6, &[2, 3]);
        let n = r(12, &[4, 3]);
        assert_eq!(inner(&m, &n).unwrap().shape(), &[2, 4]);
        let k = kron(&f(vec![1.0, 2.0], &[2]), &f(vec![1.0, 10.0, 100.0], &[3])).unwrap();
        assert_eq!(
            k.to_vec::<f64>().unwrap(),
            vec![1.0, 10.0, 100.0, 2.0, 20.0, 200.0]
        );
        let k2 = kron(&r(4, &[2, 2]), &r(6, &[2, 3])).unwrap();
        assert_eq!(k2.shape(), &[4, 6]);
        assert!(matches!(
            dot(&r(3, &[3]), &r(4, &[4])),
            Err(Error::ShapeMismatch { op: "dot", .. })
        ));
    }

    #[test]
    fn einsum_forms() {
        let a = r(6, &[2, 3]);
        let t = einsum("ij->ji", &[&a]).unwrap();
        close(&t, &a.transpose().unwrap().copy().unwrap());
        let s = r(9, &[3, 3]);
        let tr = einsum("ii->", &[&s]).unwrap().to_vec::<f64>().unwrap()[0];
        let sv = s.to_vec::<f64>().unwrap();
        assert!((tr - (sv[0] + sv[4] + sv[8])).abs() < 1e-12);
        let v = r(5, &[5]);
        let dd = einsum("i,i->", &[&v, &v]).unwrap().to_vec::<f64>().unwrap()[0];
        let vv = v.to_vec::<f64>().unwrap();
        assert!((dd - vv.iter().map(|x| x * x).sum::<f64>()).abs() < 1e-12);
        let x = r(2 * 3 * 4, &[2, 3, 4]);
        let y = r(2 * 4 * 5, &[2, 4, 5]);
        close(
            &einsum("bij,bjk->bik", &[&x, &y]).unwrap(),
            &matmul(&x, &y).unwrap(),
        );
        close(
            &einsum("...ij,...jk->...ik", &[&x, &y]).unwrap(),
            &matmul(&x, &y).unwrap(),
        );
        close(
            &einsum("ij,jk", &[&a, &r(12, &[3, 4])]).unwrap(),
            &matmul(&a, &r(12, &[3, 4])).unwrap(),
        );
    }
}
