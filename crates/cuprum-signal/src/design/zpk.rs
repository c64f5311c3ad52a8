//! Zeros-poles-gain on the host: the analog prototypes' transformations (`lp2lp_zpk` ...),
//! the bilinear transform, and the `zpk` → `tf` / `sos` conversions (SciPy's algorithms,
//! `zpk2sos`'s pairing included).

use crate::util::bad_argument_if;
use cuprum_core::{Complex64 as C, Error, Result};

/// Zeros, poles and gain of a filter, on the host.
#[derive(Clone, Debug, PartialEq)]
pub struct Zpk {
    /// the zeros
    pub z: Vec<C>,
    /// the poles
    pub p: Vec<C>,
    /// the gain
    pub k: f64,
}

fn degree(op: &'static str, z: &[C], p: &[C]) -> Result<usize> {
    p.len().checked_sub(z.len()).ok_or_else(|| {
        Error::bad_argument(
            op,
            "z",
            format!("{} zeros", z.len()),
            format!(
                "at most as many zeros as poles ({}): a proper transfer function",
                p.len()
            ),
        )
    })
}

fn prod_neg(v: &[C]) -> C {
    v.iter().fold(C::new(1.0, 0.0), |a, &x| a * -x)
}

pub(crate) fn lp2lp(f: Zpk, wo: f64) -> Result<Zpk> {
    let d = degree("lp2lp_zpk", &f.z, &f.p)?;
    Ok(Zpk {
        z: f.z.iter().map(|&x| x * wo).collect(),
        p: f.p.iter().map(|&x| x * wo).collect(),
        k: f.k * wo.powi(d as i32),
    })
}

pub(crate) fn lp2hp(f: Zpk, wo: f64) -> Result<Zpk> {
    let d = degree("lp2hp_zpk", &f.z, &f.p)?;
    let mut z: Vec<C> = f.z.iter().map(|&x| C::new(wo, 0.0) / x).collect();
    z.extend(std::iter::repeat_n(C::new(0.0, 0.0), d));
    let k = f.k * (prod_neg(&f.z) / prod_neg(&f.p)).re;
    Ok(Zpk {
        z,
        p: f.p.iter().map(|&x| C::new(wo, 0.0) / x).collect(),
        k,
    })
}

/// The two roots `x ± √(x² − wo²)` of each scaled root `x` (all `+` roots, then all `−`
/// roots): the band transforms' duplication of every root about `wo`.
fn split_about(scaled: &[C], wo: f64) -> Vec<C> {
    let root = |x: C| (x * x - wo * wo).sqrt();
    let mut out: Vec<C> = scaled.iter().map(|&x| x + root(x)).collect();
    out.extend(scaled.iter().map(|&x| x - root(x)));
    out
}

fn bp_split(v: &[C], bw: f64, wo: f64) -> Vec<C> {
    let lp: Vec<C> = v.iter().map(|&x| x * (bw / 2.0)).collect();
    split_about(&lp, wo)
}

pub(crate) fn lp2bp(f: Zpk, wo: f64, bw: f64) -> Result<Zpk> {
    let d = degree("lp2bp_zpk", &f.z, &f.p)?;
    let mut z = bp_split(&f.z, bw, wo);
    z.extend(std::iter::repeat_n(C::new(0.0, 0.0), d));
    Ok(Zpk {
        z,
        p: bp_split(&f.p, bw, wo),
        k: f.k * bw.powi(d as i32),
    })
}

fn bs_split(v: &[C], bw: f64, wo: f64) -> Vec<C> {
    let hp: Vec<C> = v.iter().map(|&x| C::new(bw / 2.0, 0.0) / x).collect();
    split_about(&hp, wo)
}

pub(crate) fn lp2bs(f: Zpk, wo: f64, bw: f64) -> Result<Zpk> {
    let d = degree("lp2bs_zpk", &f.z, &f.p)?;
    let mut z = bs_split(&f.z, bw, wo);
    z.extend(std::iter::repeat_n(C::new(0.0, wo), d));
    z.extend(std::iter::repeat_n(C::new(0.0, -wo), d));
    let k = f.k * (prod_neg(&f.z) / prod_neg(&f.p)).re;
    Ok(Zpk {
        z,
        p: bs_split(&f.p, bw, wo),
        k,
    })
}

pub(crate) fn bilinear(f: Zpk, fs: f64) -> Result<Zpk> {
    let d = degree("bilinear_zpk", &f.z, &f.p)?;
    let fs2 = C::new(2.0 * fs, 0.0);
    let mut z: Vec<C> = f.z.iter().map(|&x| (fs2 + x) / (fs2 - x)).collect();
    z.extend(std::iter::repeat_n(C::new(-1.0, 0.0), d));
    let num = f.z.iter().fold(C::new(1.0, 0.0), |a, &x| a * (fs2 - x));
    let den = f.p.iter().fold(C::new(1.0, 0.0), |a, &x| a * (fs2 - x));
    Ok(Zpk {
        z,
        p: f.p.iter().map(|&x| (fs2 + x) / (fs2 - x)).collect(),
        k: f.k * (num / den).re,
    })
}

/// The monic polynomial with roots `r` (NumPy's `poly`), highest power first; the real part
/// when the roots come in conjugate pairs (as `poly` returns).
pub(crate) fn poly(r: &[C]) -> Vec<C> {
    let mut c = vec![C::new(1.0, 0.0)];
    for &x in r {
        c.push(C::new(0.0, 0.0));
        for i in (1..c.len()).rev() {
            let prev = c[i - 1];
            c[i] -= x * prev;
        }
    }
    c
}

/// Real coefficients of `poly(r)` (the roots are closed under conjugation in every caller).
pub(crate) fn poly_real(r: &[C]) -> Vec<f64> {
    poly(r).iter().map(|c| c.re).collect()
}

/// `(b, a)` of a zpk (SciPy's `zpk2tf`, real coefficients).
pub(crate) fn zpk2tf(f: &Zpk) -> (Vec<f64>, Vec<f64>) {
    let b = poly_real(&f.z).iter().map(|c| c * f.k).collect();
    (b, poly_real(&f.p))
}

fn is_real(x: C) -> bool {
    x.im == 0.0
}

/// SciPy's `_cplxreal`: the complex elements as one representative per conjugate pair
/// (positive imaginary part, sorted by real part then |imag|), then the real elements sorted.
fn cplxreal(op: &'static str, arg: &'static str, z: &[C]) -> Result<(Vec<C>, Vec<f64>)> {
    if z.is_empty() {
        return Ok((vec![], vec![]));
    }
    let tol = 100.0 * f64::EPSILON;
    let mut z = z.to_vec();
    z.sort_by(|a, b| {
        a.re.total_cmp(&b.re)
            .then(a.im.abs().total_cmp(&b.im.abs()))
    });
    let mut zr = Vec::new();
    let mut rest = Vec::new();
    for &x in &z {
        if x.im.abs() <= tol * x.norm() {
            zr.push(x.re);
        } else {
            rest.push(x);
        }
    }
    if rest.is_empty() {
        return Ok((vec![], zr));
    }
    let mut zp: Vec<C> = rest.iter().copied().filter(|x| x.im > 0.0).collect();
    let mut zn: Vec<C> = rest.iter().copied().filter(|x| x.im < 0.0).collect();
    bad_argument_if(
        zp.len() != zn.len(),
        op,
        arg,
        "an array with a complex value without its conjugate",
        "complex values in conjugate pairs",
    )?;
    // runs of equal real part sorted by |imag|
    let mut s = 0;
    while s < zp.len() {
        let mut e = s + 1;
        while e < zp.len() && zp[e].re - zp[e - 1].re <= tol * zp[e - 1].norm() {
            e += 1;
        }
        if e - s > 1 {
            zp[s..e].sort_by(|a, b| a.im.abs().total_cmp(&b.im.abs()));
            zn[s..e].sort_by(|a, b| a.im.abs().total_cmp(&b.im.abs()));
        }
        s = e;
    }
    for (a, b) in zp.iter().zip(&zn) {
        bad_argument_if(
            (a - b.conj()).norm() > tol * b.norm(),
            op,
            arg,
            format!("an array holding {a} without its conjugate"),
            "complex values in conjugate pairs",
        )?;
    }
    let zc = zp
        .iter()
        .zip(&zn)
        .map(|(a, b)| (a + b.conj()) / 2.0)
        .collect();
    Ok((zc, zr))
}

#[derive(Clone, Copy, PartialEq)]
enum Which {
    Real,
    Complex,
    Any,
}

fn nearest(fro: &[C], to: C, which: Which) -> Result<usize> {
    let mut order: Vec<usize> = (0..fro.len()).collect();
    order.sort_by(|&i, &j| (fro[i] - to).norm().total_cmp(&(fro[j] - to).norm()));
    let found = match which {
        Which::Any => order.first(),
        Which::Real => order.iter().find(|&&i| is_real(fro[i])).or(order.first()),
        Which::Complex => order.iter().find(|&&i| !is_real(fro[i])).or(order.first()),
    };
    found.copied().ok_or_else(|| {
        Error::invalid_value(
            "zpk2sos",
            "no zero left to pair with a pole (inconsistent zeros and poles)",
        )
    })
}

fn single_sos(z: &[C], p: &[C]) -> [f64; 6] {
    let mut s = [0.0; 6];
    let b = poly_real(z);
    let a = poly_real(p);
    s[3 - b.len()..3].copy_from_slice(&b);
    s[6 - a.len()..6].copy_from_slice(&a);
    s
}

fn argmin_by(v: &[C], f: impl Fn(C) -> f64) -> usize {
    let mut best = 0;
    for i in 1..v.len() {
        if f(v[i]) < f(v[best]) {
            best = i;
        }
    }
    best
}

/// Second-order sections of a digital zpk, SciPy's `zpk2sos` with `pairing='nearest'`.
pub(crate) fn zpk2sos(f: &Zpk) -> Result<Vec<[f64; 6]>> {
    const OP: &str = "zpk2sos";
    for (arg, vals) in [("z", &f.z), ("p", &f.p)] {
        if let Some(v) = vals
            .iter()
            .find(|v| !(v.re.is_finite() && v.im.is_finite()))
        {
            return Err(Error::out_of_domain(OP, arg, v, "finite values"));
        }
    }
    if f.z.is_empty() && f.p.is_empty() {
        return Ok(vec![[f.k, 0.0, 0.0, 1.0, 0.0, 0.0]]);
    }
    let mut p = f.p.clone();
    let mut z = f.z.clone();
    let zero = C::new(0.0, 0.0);
    while p.len() < z.len() {
        p.push(zero);
    }
    while z.len() < p.len() {
        z.push(zero);
    }
    let n_sections = p.len().div_ceil(2);
    if p.len() % 2 == 1 {
        p.push(zero);
        z.push(zero);
    }
    let (zc, zr) = cplxreal(OP, "z", &z)?;
    let mut z: Vec<C> = zc
        .into_iter()
        .chain(zr.into_iter().map(|r| C::new(r, 0.0)))
        .collect();
    let (pc, pr) = cplxreal(OP, "p", &p)?;
    let mut p: Vec<C> = pc
        .into_iter()
        .chain(pr.into_iter().map(|r| C::new(r, 0.0)))
        .collect();
    let worst = |v: &[C]| argmin_by(v, |x| (1.0 - x.norm()).abs());
    let mut sos = cuprum_core::ext::try_vec_filled(n_sections, [0.0; 6])?;
    for si in (0..n_sections).rev() {
        let p1 = p.remove(worst(&p));
        let n_real_p = p.iter().filter(|x| is_real(**x)).count();
        if is_real(p1) && n_real_p == 0 {
            let i = nearest(&z, p1, Which::Real)?;
            let z1 = z.remove(i);
            sos[si] = single_sos(&[z1, zero], &[p1, zero]);
        } else if p.len() + 1 == z.len()
            && !is_real(p1)
            && n_real_p == 1
            && z.iter().filter(|x| is_real(**x)).count() == 1
        {
            let i = nearest(&z, p1, Which::Complex)?;
            let z1 = z.remove(i);
            sos[si] = single_sos(&[z1, z1.conj()], &[p1, p1.conj()]);
        } else {
            let p2 = if is_real(p1) {
                let reals: Vec<usize> = (0..p.len()).filter(|&i| is_real(p[i])).collect();
                let vals: Vec<C> = reals.iter().map(|&i| p[i]).collect();
                let j = reals[worst(&vals)];
                p.remove(j)
            } else {
                p1.conj()
            };
            if !z.is_empty() {
                let i = nearest(&z, p1, Which::Any)?;
                let z1 = z.remove(i);
                if !is_real(z1) {
                    sos[si] = single_sos(&[z1, z1.conj()], &[p1, p2]);
                } else if !z.is_empty() {
                    let j = nearest(&z, p1, Which::Real)?;
                    let z2 = z.remove(j);
                    sos[si] = single_sos(&[z1, z2], &[p1, p2]);
                } else {
                    sos[si] = single_sos(&[z1], &[p1, p2]);
                }
            } else {
                sos[si] = single_sos(&[], &[p1, p2]);
            }
        }
    }
    for c in &mut sos[0][..3] {
        *c *= f.k;
    }
    Ok(sos)
}
