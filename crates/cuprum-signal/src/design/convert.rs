//! Conversions between filter representations (`tf2zpk`, `zpk2tf`, `zpk2sos`, `sos2zpk`,
//! `sos2tf`, `tf2sos`), the frequency transformations of zeros-poles-gain (`lp2lp_zpk`,
//! `lp2hp_zpk`, `lp2bp_zpk`, `lp2bs_zpk`, `bilinear_zpk`) and of transfer functions
//! (`bilinear`); O(order) host work, results on the first argument's device.

use super::zpk::{self, Zpk};
use crate::util::bad_shape_if;
use crate::util::{host_f64, upload, upload_shaped};
use cuprum_core::{Array, Complex64 as C, DType, Device, Error, Result};

fn host_c(op: &'static str, arg: &'static str, a: &Array) -> Result<Vec<C>> {
    bad_shape_if(a.ndim() > 1, op, arg, a.shape(), "a 1-D array")?;
    a.astype(DType::Complex128)?
        .to_device(Device::Cpu)?
        .to_vec::<C>()
}

fn up_c(v: &[C], dev: Device) -> Result<Array> {
    Array::from_vec_on(v.to_vec(), &[v.len()], dev)
}

/// The roots of a real polynomial (highest power first), conjugate pairs made exact.
pub(crate) fn real_roots(_op: &'static str, c: &[f64]) -> Result<Vec<C>> {
    let p = Array::from_vec_on(c.to_vec(), &[c.len()], Device::Cpu)?;
    let r = cuprum_core::roots(&p)?
        .astype(DType::Complex128)?
        .to_vec::<C>()?;
    // a real polynomial's roots come in conjugate pairs: pair them greedily (largest
    // imaginary part first, each with the nearest mirror image of opposite sign) and make the
    // pairs exact; a root left without a partner is real
    let mut rem = r;
    let mut out = cuprum_core::ext::try_vec_with_capacity(rem.len())?;
    while !rem.is_empty() {
        let i = (0..rem.len())
            .max_by(|&a, &b| rem[a].im.abs().total_cmp(&rem[b].im.abs()))
            .unwrap_or(0);
        let z = rem.swap_remove(i);
        if z.im.abs() <= 1e-12 * z.norm() {
            out.push(C::new(z.re, 0.0));
            continue;
        }
        let j = (0..rem.len())
            .filter(|&j| rem[j].im * z.im < 0.0)
            .min_by(|&a, &b| {
                (rem[a] - z.conj())
                    .norm()
                    .total_cmp(&(rem[b] - z.conj()).norm())
            });
        match j {
            Some(j) => {
                let w = rem.swap_remove(j);
                let up = if z.im > 0.0 {
                    (z + w.conj()) / 2.0
                } else {
                    (w + z.conj()) / 2.0
                };
                out.push(up);
                out.push(up.conj());
            }
            None => out.push(C::new(z.re, 0.0)),
        }
    }
    let r = out;
    Ok(r)
}

/// SciPy's `normalize`: leading zeros of `a` (and `b`) removed, both divided by `a[0]`.
fn normalize(op: &'static str, b: &[f64], a: &[f64]) -> Result<(Vec<f64>, Vec<f64>)> {
    let first = a.iter().position(|&v| v != 0.0).ok_or_else(|| {
        Error::bad_argument(
            op,
            "a",
            format!("{a:?}"),
            "a denominator with at least one nonzero coefficient",
        )
    })?;
    let a = &a[first..];
    let a0 = a[0];
    let mut b: Vec<f64> = b.iter().map(|v| v / a0).collect();
    while b.len() > 1 && b[0] == 0.0 {
        b.remove(0);
    }
    Ok((b, a.iter().map(|v| v / a0).collect()))
}

fn tf2zpk_host(op: &'static str, b: &[f64], a: &[f64]) -> Result<Zpk> {
    let (b, a) = normalize(op, b, a)?;
    let k = b[0];
    let bn: Vec<f64> = if k != 0.0 {
        b.iter().map(|v| v / k).collect()
    } else {
        b.clone()
    };
    Ok(Zpk {
        z: real_roots(op, &bn)?,
        p: real_roots(op, &a)?,
        k,
    })
}

/// Zeros, poles and gain of the transfer function `b/a` (`scipy.signal.tf2zpk`).
///
/// **Shapes**: 1-D real `b`, `a` → `z` `(len(b) − 1,)`, `p` `(len(a) − 1,)` complex128 (after
/// leading zeros are removed) and the gain, on `b`'s device.
///
/// # Errors
/// [`Error::DType`] naming `tf2zpk` for complex coefficients; [`Error::BadArgument`] for an
/// all-zero `a`.
///
/// **Algorithm**: SciPy's normalization, then the roots of both polynomials (cuprum's `roots`,
/// Aberth–Ehrlich) with conjugate pairs made exact, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![2.0f64, -2.0], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 0.5], &[2], Device::Cpu).unwrap();
/// let (z, p, k) = cuprum_signal::tf2zpk(&b, &a).unwrap();
/// assert_eq!(k, 2.0);
/// assert!((z.to_vec::<cuprum_core::Complex64>().unwrap()[0].re - 1.0).abs() < 1e-12);
/// assert!((p.to_vec::<cuprum_core::Complex64>().unwrap()[0].re + 0.5).abs() < 1e-12);
/// ```
pub fn tf2zpk(b: &Array, a: &Array) -> Result<(Array, Array, f64)> {
    const OP: &str = "tf2zpk";
    let f = tf2zpk_host(OP, &host_f64(OP, b)?, &host_f64(OP, a)?)?;
    Ok((up_c(&f.z, b.device())?, up_c(&f.p, b.device())?, f.k))
}

fn zpk_of(op: &'static str, z: &Array, p: &Array, k: f64) -> Result<Zpk> {
    Ok(Zpk {
        z: host_c(op, "z", z)?,
        p: host_c(op, "p", p)?,
        k,
    })
}

/// The transfer function `(b, a)` of zeros, poles and gain (`scipy.signal.zpk2tf`; the zeros
/// and poles in conjugate pairs, real coefficients).
///
/// **Shapes**: 1-D `z`, `p` → `b` `(len(z) + 1,)`, `a` `(len(p) + 1,)` float64 on `z`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `zpk2tf` and `z` or `p` for non-1-D zeros or poles.
///
/// **Algorithm**: the products `k·Π(x − z)` and `Π(x − p)` expanded on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let z = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![-0.5f64], &[1], Device::Cpu).unwrap();
/// let (b, a) = cuprum_signal::zpk2tf(&z, &p, 2.0).unwrap();
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![2.0, -2.0]);
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 0.5]);
/// ```
pub fn zpk2tf(z: &Array, p: &Array, k: f64) -> Result<(Array, Array)> {
    let f = zpk_of("zpk2tf", z, p, k)?;
    let (b, a) = zpk::zpk2tf(&f);
    Ok((upload(b, z.device())?, upload(a, z.device())?))
}

/// Second-order sections of zeros, poles and gain (`scipy.signal.zpk2sos`, pairing
/// `'nearest'`).
///
/// **Shapes**: 1-D `z`, `p` (conjugate pairs) → `(ceil(max(len(z), len(p))/2), 6)` float64 on
/// `z`'s device.
///
/// # Errors
/// [`Error::BadArgument`] naming `zpk2sos` and `z` or `p` for a complex value without its
/// conjugate, more zeros than poles; [`Error::OutOfDomain`] for a non-finite zero or pole.
///
/// **Algorithm**: SciPy's: poles closest to the unit circle first, each paired with its
/// nearest zeros, sections ordered from the last; on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let z = Array::from_vec_on(vec![-1.0f64, -1.0], &[2], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![0.5f64, 0.25], &[2], Device::Cpu).unwrap();
/// let sos = cuprum_signal::zpk2sos(&z, &p, 1.0).unwrap();
/// assert_eq!(sos.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 1.0, 1.0, -0.75, 0.125]);
/// ```
pub fn zpk2sos(z: &Array, p: &Array, k: f64) -> Result<Array> {
    let f = zpk_of("zpk2sos", z, p, k)?;
    let s = zpk::zpk2sos(&f)?;
    let n = s.len();
    upload_shaped(s.concat(), &[n, 6], z.device())
}

/// Zeros, poles and gain of second-order sections (`scipy.signal.sos2zpk`).
///
/// **Shapes**: `sos` `(n, 6)` → `z`, `p` `(2n,)` complex128 (a first-order section contributes
/// a zero at the origin, as SciPy) and the gain, on `sos`'s device.
///
/// # Errors
/// As [`sosfilt`](crate::sosfilt) for `sos`, naming `sos2zpk`.
///
/// **Algorithm**: [`tf2zpk`] of each section, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let sos = Array::from_vec_on(vec![1.0f64, 2.0, 1.0, 1.0, -0.75, 0.125], &[1, 6], Device::Cpu).unwrap();
/// let (z, p, k) = cuprum_signal::sos2zpk(&sos).unwrap();
/// assert_eq!((z.size(), p.size(), k), (2, 2, 1.0));
/// ```
pub fn sos2zpk(sos: &Array) -> Result<(Array, Array, f64)> {
    const OP: &str = "sos2zpk";
    let s = crate::filter::sos_host(OP, sos)?;
    let mut z = cuprum_core::ext::try_vec_filled(2 * s.len(), C::new(0.0, 0.0))?;
    let mut p = cuprum_core::ext::try_vec_filled(2 * s.len(), C::new(0.0, 0.0))?;
    let mut k = 1.0;
    for (i, r) in s.iter().enumerate() {
        let f = tf2zpk_host(OP, &r[..3], &r[3..])?;
        z[2 * i..2 * i + f.z.len()].copy_from_slice(&f.z);
        p[2 * i..2 * i + f.p.len()].copy_from_slice(&f.p);
        k *= f.k;
    }
    Ok((up_c(&z, sos.device())?, up_c(&p, sos.device())?, k))
}

fn conv(a: &[f64], b: &[f64]) -> Result<Vec<f64>> {
    let mut o = cuprum_core::ext::try_vec_filled(a.len() + b.len() - 1, 0.0)?;
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            o[i + j] += x * y;
        }
    }
    Ok(o)
}

/// The transfer function of second-order sections (`scipy.signal.sos2tf`).
///
/// **Shapes**: `sos` `(n, 6)` → `b`, `a` `(2n + 1,)` float64 on `sos`'s device.
///
/// # Errors
/// As [`sosfilt`](crate::sosfilt) for `sos`, naming `sos2tf`.
///
/// **Algorithm**: the sections' numerators and denominators multiplied out, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let sos = Array::from_vec_on(vec![1.0f64, 1.0, 0.0, 1.0, -0.5, 0.0], &[1, 6], Device::Cpu).unwrap();
/// let (b, a) = cuprum_signal::sos2tf(&sos).unwrap();
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![1.0, 1.0, 0.0]);
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, -0.5, 0.0]);
/// ```
pub fn sos2tf(sos: &Array) -> Result<(Array, Array)> {
    let s = crate::filter::sos_host("sos2tf", sos)?;
    let (mut b, mut a) = (vec![1.0], vec![1.0]);
    for r in &s {
        b = conv(&b, &r[..3])?;
        a = conv(&a, &r[3..])?;
    }
    Ok((upload(b, sos.device())?, upload(a, sos.device())?))
}

/// Second-order sections of the transfer function `b/a` (`scipy.signal.tf2sos`, pairing
/// `'nearest'`).
///
/// **Shapes**: 1-D `b`, `a` → `(n_sections, 6)` float64 on `b`'s device.
///
/// # Errors
/// As [`tf2zpk`] and [`zpk2sos`], naming `tf2sos`.
///
/// **Algorithm**: [`tf2zpk`] then [`zpk2sos`], on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64, 2.0, 1.0], &[3], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.75, 0.125], &[3], Device::Cpu).unwrap();
/// let s = cuprum_signal::tf2sos(&b, &a).unwrap().to_vec::<f64>().unwrap();
/// let want = [1.0, 2.0, 1.0, 1.0, -0.75, 0.125];
/// assert!(s.iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-12));
/// ```
pub fn tf2sos(b: &Array, a: &Array) -> Result<Array> {
    const OP: &str = "tf2sos";
    let f = tf2zpk_host(OP, &host_f64(OP, b)?, &host_f64(OP, a)?)?;
    let s = zpk::zpk2sos(&f)?;
    let n = s.len();
    upload_shaped(s.concat(), &[n, 6], b.device())
}

macro_rules! zpk_transform {
    ($(#[$doc:meta])* $name:ident, $op:literal, $f:expr, ($($arg:ident),*), $ex:literal) => {
        $(#[$doc])*
        ///
        /// **Shapes**: 1-D `z`, `p` (no more zeros than poles) → the transformed zeros and
        /// poles (complex128) and gain, on `z`'s device.
        ///
        /// # Errors
        #[doc = concat!("[`Error::BadArgument`] naming `", $op, "` and `z` for more zeros than poles.")]
        ///
        /// **Algorithm**: SciPy's closed forms on the host.
        ///
        /// # Example
        /// ```
        /// use cuprum_core::{Array, Device};
        /// let z = Array::from_vec_on(Vec::<f64>::new(), &[0], Device::Cpu).unwrap();
        /// let p = Array::from_vec_on(vec![-1.0f64], &[1], Device::Cpu).unwrap();
        #[doc = $ex]
        /// assert!(p2.size() >= 1);
        /// ```
        pub fn $name(z: &Array, p: &Array, k: f64, $($arg: f64),*) -> Result<(Array, Array, f64)> {
            let f = zpk_of($op, z, p, k)?;
            let g = $f(f, $($arg),*)?;
            Ok((up_c(&g.z, z.device())?, up_c(&g.p, z.device())?, g.k))
        }
    };
}

zpk_transform!(
    /// A low-pass prototype moved to cutoff `wo` rad/s (`scipy.signal.lp2lp_zpk`).
    lp2lp_zpk, "lp2lp_zpk", zpk::lp2lp, (wo),
    "let (_z2, p2, _k2) = cuprum_signal::lp2lp_zpk(&z, &p, 1.0, 2.0).unwrap();"
);
zpk_transform!(
    /// A low-pass prototype turned high-pass at `wo` rad/s (`scipy.signal.lp2hp_zpk`).
    lp2hp_zpk, "lp2hp_zpk", zpk::lp2hp, (wo),
    "let (_z2, p2, _k2) = cuprum_signal::lp2hp_zpk(&z, &p, 1.0, 2.0).unwrap();"
);
zpk_transform!(
    /// A low-pass prototype turned band-pass at centre `wo`, width `bw` (rad/s)
    /// (`scipy.signal.lp2bp_zpk`); twice the poles.
    lp2bp_zpk, "lp2bp_zpk", zpk::lp2bp, (wo, bw),
    "let (_z2, p2, _k2) = cuprum_signal::lp2bp_zpk(&z, &p, 1.0, 1.0, 0.5).unwrap();"
);
zpk_transform!(
    /// A low-pass prototype turned band-stop at centre `wo`, width `bw` (rad/s)
    /// (`scipy.signal.lp2bs_zpk`); twice the poles.
    lp2bs_zpk, "lp2bs_zpk", zpk::lp2bs, (wo, bw),
    "let (_z2, p2, _k2) = cuprum_signal::lp2bs_zpk(&z, &p, 1.0, 1.0, 0.5).unwrap();"
);
zpk_transform!(
    /// The bilinear transform of an analog zpk at sampling frequency `fs`
    /// (`scipy.signal.bilinear_zpk`).
    bilinear_zpk, "bilinear_zpk", zpk::bilinear, (fs),
    "let (_z2, p2, _k2) = cuprum_signal::bilinear_zpk(&z, &p, 1.0, 10.0).unwrap();"
);

fn comb(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The bilinear transform of an analog transfer function at sampling frequency `fs`
/// (`scipy.signal.bilinear`).
///
/// **Shapes**: 1-D `b`, `a` → `b'`, `a'` of length `max(len(a), len(b))`, normalized
/// (`a'[0] = 1`), float64 on `b`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `bilinear` for an empty `b` or `a`; [`Error::BadArgument`] for
/// an all-zero `a`; [`Error::DType`] for complex coefficients.
///
/// **Algorithm**: SciPy's binomial expansion of `s = 2fs·(z − 1)/(z + 1)` on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let (bz, az) = cuprum_signal::bilinear(&b, &a, 0.5).unwrap();
/// assert_eq!(bz.to_vec::<f64>().unwrap(), vec![0.5, 0.5]);
/// assert_eq!(az.to_vec::<f64>().unwrap(), vec![1.0, 0.0]);
/// ```
pub fn bilinear(b: &Array, a: &Array, fs: f64) -> Result<(Array, Array)> {
    const OP: &str = "bilinear";
    let (bv, av) = ba_pair(OP, b, a)?;
    let d = av.len() - 1;
    let n = bv.len() - 1;
    let m = n.max(d);
    let expand = |c: &[f64], deg: usize| -> Vec<f64> {
        (0..=m)
            .map(|j| {
                let mut val = 0.0;
                for i in 0..=deg {
                    for k in 0..=i {
                        for l in 0..=(m - i) {
                            if k + l == j {
                                let sign = if k % 2 == 1 { -1.0 } else { 1.0 };
                                val += comb(i, k)
                                    * comb(m - i, l)
                                    * c[deg - i]
                                    * (2.0 * fs).powi(i as i32)
                                    * sign;
                            }
                        }
                    }
                }
                val
            })
            .collect()
    };
    let (bp, ap) = normalize(OP, &expand(&bv, n), &expand(&av, d))?;
    Ok((upload(bp, b.device())?, upload(ap, b.device())?))
}

/// `b` and `a` on the host, their degrees and the larger of the two.
type BaDegrees = (Vec<f64>, Vec<f64>, usize, usize, usize);

/// [`ba_pair`] with the degrees of `b` and `a` and the larger of the two.
fn ba_degrees(op: &'static str, b: &Array, a: &Array) -> Result<BaDegrees> {
    let (bv, av) = ba_pair(op, b, a)?;
    let (nn, dd) = (bv.len() - 1, av.len() - 1);
    Ok((bv, av, nn, dd, nn.max(dd)))
}

fn ba_pair(op: &'static str, b: &Array, a: &Array) -> Result<(Vec<f64>, Vec<f64>)> {
    let (bv, av) = (host_f64(op, b)?, host_f64(op, a)?);
    if bv.is_empty() || av.is_empty() {
        let (arg, v) = if bv.is_empty() {
            ("b", &bv)
        } else {
            ("a", &av)
        };
        return Err(Error::bad_shape(
            op,
            arg,
            &[v.len()],
            "at least one coefficient",
        ));
    }
    Ok((bv, av))
}

fn ba_out(op: &'static str, b: &[f64], a: &[f64], dev: Device) -> Result<(Array, Array)> {
    let (b, a) = normalize(op, b, a)?;
    Ok((upload(b, dev)?, upload(a, dev)?))
}

/// A low-pass analog prototype `b/a` moved to cutoff `wo` rad/s (`scipy.signal.lp2lp`).
///
/// **Shapes**: 1-D `b`, `a` → normalized `b'`, `a'` float64 on `b`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `lp2lp` for empty input; [`Error::DType`] for complex input;
/// [`Error::BadArgument`] for an all-zero denominator.
///
/// **Algorithm**: SciPy's power-of-`wo` scaling of the coefficients, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let (b2, a2) = cuprum_signal::lp2lp(&b, &a, 2.0).unwrap();
/// assert_eq!((b2.to_vec::<f64>().unwrap(), a2.to_vec::<f64>().unwrap()), (vec![2.0], vec![1.0, 2.0]));
/// ```
pub fn lp2lp(b: &Array, a: &Array, wo: f64) -> Result<(Array, Array)> {
    const OP: &str = "lp2lp";
    let (bv, av) = ba_pair(OP, b, a)?;
    let (d, n) = (av.len(), bv.len());
    let m = d.max(n);
    let pwo: Vec<f64> = (0..m).rev().map(|e| wo.powi(e as i32)).collect();
    let s1 = n.saturating_sub(d);
    let s2 = d.saturating_sub(n);
    let bo: Vec<f64> = bv
        .iter()
        .zip(&pwo[s2..])
        .map(|(x, p)| x * pwo[s1] / p)
        .collect();
    let ao: Vec<f64> = av
        .iter()
        .zip(&pwo[s1..])
        .map(|(x, p)| x * pwo[s1] / p)
        .collect();
    ba_out(OP, &bo, &ao, b.device())
}

/// A low-pass analog prototype `b/a` turned high-pass at `wo` rad/s (`scipy.signal.lp2hp`).
///
/// **Shapes**, errors: as [`lp2lp`], naming `lp2hp`.
///
/// # Errors
/// As [`lp2lp`].
///
/// **Algorithm**: SciPy's reversal and power-of-`wo` scaling, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let (b2, a2) = cuprum_signal::lp2hp(&b, &a, 2.0).unwrap();
/// assert_eq!((b2.to_vec::<f64>().unwrap(), a2.to_vec::<f64>().unwrap()), (vec![1.0, 0.0], vec![1.0, 2.0]));
/// ```
pub fn lp2hp(b: &Array, a: &Array, wo: f64) -> Result<(Array, Array)> {
    const OP: &str = "lp2hp";
    let (bv, av) = ba_pair(OP, b, a)?;
    let (d, n) = (av.len(), bv.len());
    let pwo: Vec<f64> = (0..d.max(n)).map(|e| wo.powi(e as i32)).collect();
    let (ob, oa) = if d >= n {
        let oa: Vec<f64> = av.iter().rev().zip(&pwo).map(|(x, p)| x * p).collect();
        let mut ob = cuprum_core::ext::try_vec_filled(d, 0.0)?;
        for (i, (x, p)) in bv.iter().rev().zip(&pwo).enumerate() {
            ob[i] = x * p;
        }
        (ob, oa)
    } else {
        let ob: Vec<f64> = bv.iter().rev().zip(&pwo).map(|(x, p)| x * p).collect();
        let mut oa = cuprum_core::ext::try_vec_filled(n, 0.0)?;
        for (i, (x, p)) in av.iter().rev().zip(&pwo).enumerate() {
            oa[i] = x * p;
        }
        (ob, oa)
    };
    ba_out(OP, &ob, &oa, b.device())
}

/// A low-pass analog prototype `b/a` turned band-pass at centre `wo` with width `bw` rad/s
/// (`scipy.signal.lp2bp`).
///
/// **Shapes**, errors: as [`lp2lp`], naming `lp2bp`; twice the order.
///
/// # Errors
/// As [`lp2lp`].
///
/// **Algorithm**: SciPy's binomial expansion of `s → (s² + wo²)/(bw·s)`, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let (b2, a2) = cuprum_signal::lp2bp(&b, &a, 1.0, 1.0).unwrap();
/// assert_eq!((b2.to_vec::<f64>().unwrap(), a2.to_vec::<f64>().unwrap()), (vec![1.0, 0.0], vec![1.0, 1.0, 1.0]));
/// ```
pub fn lp2bp(b: &Array, a: &Array, wo: f64, bw: f64) -> Result<(Array, Array)> {
    const OP: &str = "lp2bp";
    let (bv, av, nn, dd, ma) = ba_degrees(OP, b, a)?;
    let wosq = wo * wo;
    let expand = |c: &[f64], deg: usize| -> Result<Vec<f64>> {
        let np = deg + ma;
        let mut out = cuprum_core::ext::try_vec_filled(np + 1, 0.0)?;
        for j in 0..=np {
            let mut val = 0.0;
            for i in 0..=deg {
                for k in 0..=i {
                    if ma + 2 * k == j + i {
                        val +=
                            comb(i, k) * c[deg - i] * wosq.powi((i - k) as i32) / bw.powi(i as i32);
                    }
                }
            }
            out[np - j] = val;
        }
        Ok(out)
    };
    ba_out(OP, &expand(&bv, nn)?, &expand(&av, dd)?, b.device())
}

/// A low-pass analog prototype `b/a` turned band-stop at centre `wo` with width `bw` rad/s
/// (`scipy.signal.lp2bs`).
///
/// **Shapes**, errors: as [`lp2lp`], naming `lp2bs`; twice the order.
///
/// # Errors
/// As [`lp2lp`].
///
/// **Algorithm**: SciPy's binomial expansion of `s → bw·s/(s² + wo²)`, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let (b2, a2) = cuprum_signal::lp2bs(&b, &a, 1.0, 1.0).unwrap();
/// assert_eq!((b2.to_vec::<f64>().unwrap(), a2.to_vec::<f64>().unwrap()), (vec![1.0, 0.0, 1.0], vec![1.0, 1.0, 1.0]));
/// ```
pub fn lp2bs(b: &Array, a: &Array, wo: f64, bw: f64) -> Result<(Array, Array)> {
    const OP: &str = "lp2bs";
    let (bv, av, nn, dd, m) = ba_degrees(OP, b, a)?;
    let wosq = wo * wo;
    let expand = |c: &[f64], deg: usize| -> Result<Vec<f64>> {
        let np = 2 * m;
        let mut out = cuprum_core::ext::try_vec_filled(np + 1, 0.0)?;
        for j in 0..=np {
            let mut val = 0.0;
            for i in 0..=deg {
                for k in 0..=(m - i) {
                    if i + 2 * k == j {
                        val += comb(m - i, k)
                            * c[deg - i]
                            * wosq.powi((m - i - k) as i32)
                            * bw.powi(i as i32);
                    }
                }
            }
            out[np - j] = val;
        }
        Ok(out)
    };
    ba_out(OP, &expand(&bv, nn)?, &expand(&av, dd)?, b.device())
}

/// The state-space form of zeros, poles and gain (`scipy.signal.zpk2ss`): [`tf2ss`](crate::tf2ss)
/// of [`zpk2tf`].
///
/// **Shapes**: as [`tf2ss`](crate::tf2ss), on `z`'s device.
///
/// # Errors
/// As [`zpk2tf`] and [`tf2ss`](crate::tf2ss).
///
/// **Algorithm**: the two conversions on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let z = Array::from_vec_on(Vec::<f64>::new(), &[0], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![-1.0f64], &[1], Device::Cpu).unwrap();
/// let (a, _b, _c, _d) = cuprum_signal::zpk2ss(&z, &p, 1.0).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![-1.0]);
/// ```
pub fn zpk2ss(z: &Array, p: &Array, k: f64) -> Result<(Array, Array, Array, Array)> {
    let (b, a) = zpk2tf(z, p, k)?;
    super::ss::tf2ss(&b, &a)
}

/// Zeros, poles and gain of a single-input, single-output state-space system
/// (`scipy.signal.ss2zpk`): [`tf2zpk`] of [`ss2tf`](crate::ss2tf).
///
/// **Shapes**: as [`ss2tf`](crate::ss2tf) → as [`tf2zpk`].
///
/// # Errors
/// As [`ss2tf`](crate::ss2tf) and [`tf2zpk`].
///
/// **Algorithm**: the two conversions on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![-1.0f64], &[1, 1], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64], &[1, 1], Device::Cpu).unwrap();
/// let c = Array::from_vec_on(vec![1.0f64], &[1, 1], Device::Cpu).unwrap();
/// let d = Array::from_vec_on(vec![0.0f64], &[1, 1], Device::Cpu).unwrap();
/// let (_z, p, k) = cuprum_signal::ss2zpk(&a, &b, &c, &d).unwrap();
/// assert_eq!((p.to_vec::<cuprum_core::Complex64>().unwrap()[0].re, k), (-1.0, 1.0));
/// ```
pub fn ss2zpk(a: &Array, b: &Array, c: &Array, d: &Array) -> Result<(Array, Array, f64)> {
    let (num, den) = super::ss::ss2tf(a, b, c, d)?;
    tf2zpk(&num.reshape(&[num.size()][..])?, &den)
}
