//! The robust pole-placement iterations of SciPy's `place_poles` for `1 < rank(B)`: Tits and
//! Yang's (`_YT_loop`, with `_YT_real`, `_YT_complex` and `_KNV0` steps) and Kautsky, Nichols
//! and Van Dooren's method 0 (`_KNV0_loop`). Each step rotates columns of the transfer matrix
//! `X` inside the kernels of `U1ᵀ·(A − λ·I)` to make `X` better conditioned.

use super::dense::{Mat, abs_det, all_near_zero, eigh, near, norm, qr};
use super::svd::svd_real;
use cuprum_core::{Complex64 as C, Result};

const SQRT2: f64 = std::f64::consts::SQRT_2;

/// The outcome of an update loop: SciPy's `(stop, cur_rtol, nb_iter)`.
pub(crate) struct LoopEnd {
    pub rtol: f64,
    pub iterations: usize,
}

fn real_col(x: &Mat, j: usize) -> Result<Vec<C>> {
    x.col(j)
}

fn set_real_col(x: &mut Mat, j: usize, v: impl Iterator<Item = f64>) {
    for (i, val) in v.enumerate() {
        x.set(i, j, C::new(val, 0.0));
    }
}

/// `_KNV0`: the column `j` of `x` becomes the unit projection onto `ker[j]` of the vector
/// orthogonal to the other columns.
fn knv0(ker: &[Mat], x: &mut Mat, j: usize) -> Result<()> {
    let (q, _) = qr(&x.without_cols(&[j])?)?;
    let last = q.cols(&[q.c - 1])?;
    let k = &ker[j];
    let yj = k.mul(&k.t(false)?.mul(&last)?)?.d;
    if !all_near_zero(&yj) {
        let nv = norm(&yj);
        set_real_col(x, j, yj.iter().map(|y| y.re / nv));
    }
    Ok(())
}

/// The pair `(top, …)` of `vs` stacked: `[a; b]` as one `2n × k` matrix.
fn vstack(a: &Mat, b: &Mat) -> Result<Mat> {
    let mut m = Mat::zeros(a.r + b.r, a.c)?;
    m.d[..a.d.len()].copy_from_slice(&a.d);
    m.d[a.d.len()..].copy_from_slice(&b.d);
    Ok(m)
}

/// `_YT_real`: the real pair of columns `i`, `j` (section 6.1 of Tits and Yang).
fn yt_real(ker: &[Mat], q: &Mat, x: &mut Mat, i: usize, j: usize) -> Result<()> {
    let n = x.r;
    let u = q.cols(&[q.c - 2])?;
    let v = q.cols(&[q.c - 1])?;
    let skew = u
        .mul(&v.t(false)?)?
        .add_scaled(C::new(-1.0, 0.0), &v.mul(&u.t(false)?)?)?;
    let m = ker[i].t(false)?.mul(&skew)?.mul(&ker[j])?;
    let (um, sm, vm) = svd_real(&m)?;
    let mut xij = try_stack_cols(x, i, j)?;
    let kmn = if !near(sm[0], sm[1]) {
        vstack(&ker[i].mul(&um.cols(&[0])?)?, &ker[j].mul(&vm.cols(&[0])?)?)?
    } else {
        vstack(
            &ker[i].mul(&um.cols(&[0, 1])?)?,
            &ker[j].mul(&vm.cols(&[0, 1])?)?,
        )?
    };
    let t = kmn.mul(&kmn.t(false)?.mul(&xij)?)?;
    if !all_near_zero(&t.d) {
        let s = SQRT2 / norm(&t.d);
        xij = t;
        xij.d.iter_mut().for_each(|z| *z *= s);
    } else {
        xij = kmn.cols(&[0])?;
    }
    set_real_col(x, i, (0..n).map(|r| xij.d[r].re));
    set_real_col(x, j, (n..2 * n).map(|r| xij.d[r].re));
    Ok(())
}

/// `[x[:, i]; x[:, j]]` as a `2n × 1` matrix.
fn try_stack_cols(x: &Mat, i: usize, j: usize) -> Result<Mat> {
    vstack(&x.cols(&[i])?, &x.cols(&[j])?)
}

/// `_YT_complex`: the pair of columns `i`, `j` holding the real and imaginary parts of a
/// complex pole's vector (section 6.2).
fn yt_complex(ker: &[Mat], q: &Mat, x: &mut Mat, i: usize, j: usize) -> Result<()> {
    let (ur, ui) = (real_col(q, q.c - 2)?, real_col(q, q.c - 1)?);
    let mut u = Mat::zeros(x.r, 1)?;
    for (k, o) in u.d.iter_mut().enumerate() {
        *o = C::new(SQRT2 * ur[k].re, SQRT2 * ui[k].re);
    }
    let ubar = {
        let mut b = u.clone();
        b.d.iter_mut().for_each(|z| *z = z.conj());
        b
    };
    let k = &ker[i];
    let herm = u
        .mul(&u.t(true)?)?
        .add_scaled(C::new(-1.0, 0.0), &ubar.mul(&u.t(false)?)?)?;
    let m = k.t(true)?.mul(&herm)?.mul(k)?;
    let (vals, vecs) = eigh(&m)?;
    let mut idx: Vec<usize> = (0..vals.len()).collect();
    idx.sort_by(|&a, &b| vals[a].abs().total_cmp(&vals[b].abs()));
    let (l1, l2) = (idx[idx.len() - 1], idx[idx.len() - 2]);
    let kmu = if !near(vals[l1].abs(), vals[l2].abs()) {
        k.mul(&vecs.cols(&[l1])?)?
    } else {
        k.mul(&vecs.cols(&[l1, l2])?)?
    };
    let mut xc = Mat::zeros(x.r, 1)?;
    for (r, o) in xc.d.iter_mut().enumerate() {
        *o = C::new(x.at(r, i).re, x.at(r, j).re);
    }
    let t = kmu.mul(&kmu.t(true)?.mul(&xc)?)?;
    let col = if !all_near_zero(&t.d) {
        let nt = norm(&t.d);
        t.d.iter().map(|z| z / nt).collect::<Vec<_>>()
    } else {
        kmu.col(0)?
    };
    set_real_col(x, i, col.iter().map(|z| z.re));
    set_real_col(x, j, col.iter().map(|z| z.im));
    Ok(())
}

/// SciPy's `update_order` of `_YT_loop` (0-based pairs; `(0, 0)` is a KNV0 step).
fn yt_order(poles: &[C]) -> Vec<(usize, usize)> {
    let n = poles.len() as i64;
    let nb_real = poles.iter().filter(|p| p.im == 0.0).count() as i64;
    let hnb = nb_real / 2;
    let first_real = poles.first().is_some_and(|p| p.im == 0.0);
    let mut o: Vec<(i64, i64)> = Vec::new();
    if nb_real > 0 {
        o.push((nb_real, 1));
    }
    let comp: Vec<i64> = (nb_real + 1..=n).step_by(2).collect();
    let push_comp = |o: &mut Vec<(i64, i64)>| o.extend(comp.iter().map(|&c| (c, c + 1)));
    let knv = |o: &mut Vec<(i64, i64)>| {
        if hnb == 0 && first_real {
            o.push((1, 1));
        }
    };
    o.extend((1..hnb + nb_real % 2).map(|r| (2 * r, 2 * r + 1)));
    push_comp(&mut o);
    o.extend((1..=hnb).map(|r| (2 * r - 1, 2 * r)));
    knv(&mut o);
    push_comp(&mut o);
    for j in 2..hnb + nb_real % 2 {
        o.extend((1..=hnb).map(|i| (i, i + j)));
    }
    knv(&mut o);
    push_comp(&mut o);
    for j in 2..hnb + nb_real % 2 {
        for i in hnb + 1..=nb_real {
            let idx = if i + j > nb_real {
                i + j - nb_real
            } else {
                i + j
            };
            o.push((i, idx));
        }
    }
    knv(&mut o);
    push_comp(&mut o);
    o.extend((1..=hnb).map(|i| (i, i + hnb)));
    knv(&mut o);
    push_comp(&mut o);
    o.into_iter()
        .map(|(a, b)| ((a - 1) as usize, (b - 1) as usize))
        .collect()
}

/// SciPy's stopping rule: the relative change of `|det X|` over one sweep.
fn sweep_end(before: f64, x: &Mat, rtol: f64) -> (bool, f64) {
    let floor = f64::EPSILON.sqrt();
    let det = abs_det(x).max(floor);
    let cur = ((det - before) / det).abs();
    (cur < rtol && det > floor, cur)
}

/// Runs `_YT_loop` (`yt`) or `_KNV0_loop` on the real transfer matrix `x` until the relative
/// change of `|det X|` falls below `rtol` or `maxiter` sweeps are done.
pub(crate) fn update_loop(
    yt: bool,
    ker: &[Mat],
    x: &mut Mat,
    poles: &[C],
    maxiter: usize,
    rtol: f64,
) -> Result<LoopEnd> {
    let order = if yt {
        yt_order(poles)
    } else {
        (0..x.r).map(|j| (j, j)).collect()
    };
    let mut end = LoopEnd {
        rtol: 0.0,
        iterations: 0,
    };
    while end.iterations < maxiter {
        let before = abs_det(x);
        for &(i, j) in &order {
            if i == j {
                knv0(ker, x, i)?;
            } else {
                let (q, _) = qr(&x.without_cols(&[i, j])?)?;
                if poles[i].im == 0.0 {
                    yt_real(ker, &q, x, i, j)?;
                } else {
                    yt_complex(ker, &q, x, i, j)?;
                }
            }
        }
        let (stop, cur) = sweep_end(before, x, rtol);
        end.rtol = cur;
        end.iterations += 1;
        if stop {
            break;
        }
    }
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yt_order_is_scipys() {
        // SciPy's update_order (np.array(update_order).T - 1) of _YT_loop for these poles
        let re = |v: &[f64]| v.iter().map(|&x| C::new(x, 0.0)).collect::<Vec<_>>();
        let p7 = re(&[-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0]);
        let want7 = [
            (6, 0),
            (1, 2),
            (3, 4),
            (5, 6),
            (0, 1),
            (2, 3),
            (4, 5),
            (0, 2),
            (1, 3),
            (2, 4),
            (0, 3),
            (1, 4),
            (2, 5),
            (3, 5),
            (4, 6),
            (5, 0),
            (6, 1),
            (3, 6),
            (4, 0),
            (5, 1),
            (6, 2),
            (0, 3),
            (1, 4),
            (2, 5),
        ];
        assert_eq!(yt_order(&p7), want7);
        let p4 = re(&[-1.0, -2.0, -3.0, -4.0]);
        assert_eq!(
            yt_order(&p4),
            [(3, 0), (1, 2), (0, 1), (2, 3), (0, 2), (1, 3)]
        );
        let (c, cc) = (C::new(-1.0, -1.0), C::new(-1.0, 1.0));
        let mixed = [C::new(-1.0, 0.0), C::new(-2.0, 0.0), c, cc];
        let want = [
            (1, 0),
            (2, 3),
            (0, 1),
            (2, 3),
            (2, 3),
            (2, 3),
            (0, 1),
            (2, 3),
        ];
        assert_eq!(yt_order(&mixed), want);
        let one_real = [C::new(-1.0, 0.0), c, cc];
        assert_eq!(yt_order(&one_real), [(0, 0), (1, 2)].repeat(5));
    }
}
