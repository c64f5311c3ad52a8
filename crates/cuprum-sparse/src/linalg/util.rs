//! BLAS-1 on device vectors with core's public ops, and the one host read per iteration.
//!
//! Scalars that a recurrence needs on the device (`alpha = rho / (p·q)`) stay 0-d arrays there;
//! what the host needs (norms for the convergence test, a Hessenberg column) is read in one
//! transfer with [`read`].

use crate::Result;
use cuprum_core::{Array, Complex64, DType, Operand};

/// The dtype a solver works in: the promotion of the operator's and the right-hand side's
/// dtypes, made inexact; float16/bfloat16 work in float32 (SciPy upcasts integers to float64).
pub(crate) fn work_dtype(a: DType, b: DType) -> DType {
    let d = DType::promote(a, b).to_inexact();
    match d {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        d => d,
    }
}

/// Machine epsilon of the real type of `dt`.
pub(crate) fn eps(dt: DType) -> f64 {
    match dt.real_dtype() {
        DType::Float32 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

/// `x` as a 1-D array of `dt` (a view when nothing changes).
pub(crate) fn as_vec(x: &Array, dt: DType) -> Result<Array> {
    let x = if x.ndim() == 1 {
        x.clone()
    } else {
        x.reshape(&[x.size() as isize])?
    };
    Ok(if x.dtype() == dt { x } else { x.astype(dt)? })
}

/// `xᴴ y` as a 0-d array on the device.
pub(crate) fn dotc(x: &Array, y: &Array) -> Result<Array> {
    if let Some(d) = fast::dot(x, y)? {
        return Ok(d);
    }
    Ok(cuprum_core::vdot(x, y)?)
}

/// `‖x‖₂` as a 0-d real array on the device.
pub(crate) fn nrm2(x: &Array) -> Result<Array> {
    if let Some(d) = fast::dot(x, x)? {
        return Ok(cuprum_core::sqrt(&d)?);
    }
    let d = cuprum_core::vdot(x, x)?;
    let d = if d.dtype().is_complex() {
        cuprum_core::real(&d)?
    } else {
        d
    };
    Ok(cuprum_core::sqrt(&d)?)
}

/// `y + a·x` (`a` an array or a weak scalar), in `y`'s dtype.
pub(crate) fn axpy<'a>(a: impl Into<Operand<'a>>, x: &'a Array, y: &Array) -> Result<Array> {
    let a = a.into();
    if let Some(r) = fast::axpy(&a, x, y)? {
        return Ok(r);
    }
    let t = cuprum_core::multiply(a, x)?;
    Ok(cuprum_core::add(y, &t)?)
}

/// `a·x`.
pub(crate) fn scal<'a>(a: impl Into<Operand<'a>>, x: &'a Array) -> Result<Array> {
    Ok(cuprum_core::multiply(a, x)?)
}

/// A host scalar as a weak operand for vectors of `dt` (its real part for real dtypes).
pub(crate) fn hs(x: Complex64, dt: DType) -> Operand<'static> {
    if dt.is_complex() {
        Operand::from(x)
    } else {
        Operand::from(x.re)
    }
}

/// A real host scalar as a weak operand.
pub(crate) fn hr(x: f64) -> Operand<'static> {
    Operand::from(x)
}

/// The complex conjugate of a 0-d (or any) array; a no-op for real dtypes.
pub(crate) fn conj(a: &Array) -> Result<Array> {
    Ok(if a.dtype().is_complex() {
        cuprum_core::conj(a)?
    } else {
        a.clone()
    })
}

/// `a / b` elementwise (0-d scalars on the device).
pub(crate) fn div(a: &Array, b: &Array) -> Result<Array> {
    Ok(cuprum_core::divide(a, b)?)
}

/// `a · b` elementwise (0-d scalars on the device).
pub(crate) fn mul(a: &Array, b: &Array) -> Result<Array> {
    Ok(cuprum_core::multiply(a, b)?)
}

/// Reads the given 0-d arrays (any dtypes) to the host in one transfer.
pub(crate) fn read(xs: &[&Array]) -> Result<Vec<Complex64>> {
    if xs.is_empty() {
        return Ok(Vec::new());
    }
    let cs: Vec<Array> = xs
        .iter()
        .map(|a| {
            let a = if a.ndim() == 0 {
                (*a).clone()
            } else {
                a.reshape(&[a.size() as isize])?
            };
            a.astype(DType::Complex128)
        })
        .collect::<cuprum_core::Result<_>>()?;
    let refs: Vec<&Array> = cs.iter().collect();
    let all = if refs.iter().all(|a| a.ndim() == 0) {
        cuprum_core::stack(&refs, 0)?
    } else {
        let flat: Vec<Array> = refs
            .iter()
            .map(|a| a.reshape(&[-1]))
            .collect::<cuprum_core::Result<_>>()?;
        let fr: Vec<&Array> = flat.iter().collect();
        cuprum_core::concatenate(&fr, 0)?
    };
    Ok(all.to_vec::<Complex64>()?)
}

/// Reads one real 0-d array.
pub(crate) fn read1(x: &Array) -> Result<f64> {
    Ok(read(&[x])?[0].re)
}

/// SciPy's `_sym_ortho`: a stable Givens rotation `(c, s, r)` with `[c s; -s c] [a; b] = [r; 0]`.
pub(crate) fn sym_ortho(a: f64, b: f64) -> (f64, f64, f64) {
    if b == 0.0 {
        (if a == 0.0 { 1.0 } else { a.signum() }, 0.0, a.abs())
    } else if a == 0.0 {
        (0.0, b.signum(), b.abs())
    } else if b.abs() > a.abs() {
        let tau = a / b;
        let s = b.signum() / (1.0 + tau * tau).sqrt();
        let c = s * tau;
        (c, s, b / s)
    } else {
        let tau = b / a;
        let c = a.signum() / (1.0 + tau * tau).sqrt();
        let s = c * tau;
        (c, s, a / c)
    }
}

/// One-pass CPU forms of the BLAS-1 steps for contiguous 1-D float32/float64 vectors (the
/// solvers' common case), with the results the unfused core calls give: `axpy` rounds
/// `a·x` then `y + a·x` as `multiply` then `add` do; `dot` sums in the vectors' dtype, in
/// fixed-size blocks whose partial sums are added in order (the same on every run). Anything
/// else (complex, other devices, strided views, mixed dtypes) returns `None` and takes core's
/// path.
mod fast {
    use crate::Result;
    use cuprum_core::{Array, DType, Device, Operand, Scalar, ext};
    use rayon::prelude::*;

    /// Elements per parallel block.
    const BLOCK: usize = 1 << 14;

    trait Real:
        bytemuck::Pod
        + cuprum_core::Element
        + Send
        + Sync
        + std::ops::Add<Output = Self>
        + std::ops::Mul<Output = Self>
        + std::ops::Sub<Output = Self>
    {
        const ZERO: Self;
        fn of_f64(v: f64) -> Self;
    }
    impl Real for f32 {
        const ZERO: f32 = 0.0;
        fn of_f64(v: f64) -> f32 {
            v as f32
        }
    }
    impl Real for f64 {
        const ZERO: f64 = 0.0;
        fn of_f64(v: f64) -> f64 {
            v
        }
    }

    /// A contiguous 1-D real float CPU vector worth a parallel pass.
    fn eligible(a: &Array) -> bool {
        a.device() == Device::Cpu
            && a.ndim() == 1
            && a.is_c_contiguous()
            && matches!(a.dtype(), DType::Float32 | DType::Float64)
    }

    fn with_slice<T: Real, R>(a: &Array, f: impl FnOnce(&[T]) -> R) -> R {
        let s = a.storage().as_cpu().expect("a CPU array");
        let g = s.read();
        f(&g.slice::<T>()[a.offset()..a.offset() + a.size()])
    }

    /// Runs `f` on the elements of two CPU vectors (one read guard when they share a buffer).
    fn with_two<T: Real, R>(x: &Array, y: &Array, f: impl FnOnce(&[T], &[T]) -> R) -> R {
        let (sx, sy) = (x.storage().as_cpu(), y.storage().as_cpu());
        let (sx, sy) = (sx.expect("a CPU array"), sy.expect("a CPU array"));
        if std::ptr::eq(sx, sy) {
            let g = sx.read();
            let all = g.slice::<T>();
            f(
                &all[x.offset()..x.offset() + x.size()],
                &all[y.offset()..y.offset() + y.size()],
            )
        } else {
            with_slice::<T, _>(x, |a| with_slice::<T, _>(y, |b| f(a, b)))
        }
    }

    fn dot_t<T: Real>(x: &[T], y: &[T]) -> T {
        let partial: Vec<T> = x
            .par_chunks(BLOCK)
            .zip(y.par_chunks(BLOCK))
            .map(|(a, b)| dot_block(a, b))
            .collect();
        partial.iter().fold(T::ZERO, |t, &v| t + v)
    }

    /// `xᴴ y` (= `xᵀ y` for real vectors) as a 0-d array, or `None` when not eligible.
    pub(super) fn dot(x: &Array, y: &Array) -> Result<Option<Array>> {
        if !eligible(x) || !eligible(y) || x.dtype() != y.dtype() || x.size() != y.size() {
            return Ok(None);
        }
        fn go<T: Real>(x: &Array, y: &Array) -> Result<Array> {
            let d = with_two::<T, _>(x, y, dot_t);
            Ok(Array::from_vec_on(vec![d], &[1], Device::Cpu)?.reshape(())?)
        }
        Ok(Some(match x.dtype() {
            DType::Float32 => go::<f32>(x, y)?,
            _ => go::<f64>(x, y)?,
        }))
    }

    /// `y + a·x` in one pass, or `None` when not eligible (`a` must be a 0-d array of the
    /// vectors' dtype or a real weak scalar).
    pub(super) fn axpy(a: &Operand<'_>, x: &Array, y: &Array) -> Result<Option<Array>> {
        if !eligible(x) || !eligible(y) || x.dtype() != y.dtype() || x.size() != y.size() {
            return Ok(None);
        }
        let dt = x.dtype();
        let av: f64 = match a {
            Operand::Array(s) if s.ndim() == 0 && s.dtype() == dt && s.device() == Device::Cpu => {
                match s.item()? {
                    Scalar::Float(v) => v,
                    _ => return Ok(None),
                }
            }
            Operand::Scalar(Scalar::Float(v)) => *v,
            _ => return Ok(None),
        };
        fn go<T: Real>(av: f64, x: &Array, y: &Array) -> Result<Array> {
            let a = T::of_f64(av);
            let out = ext::empty_for_overwrite(&[x.size()], x.dtype(), Device::Cpu)?;
            {
                let s = out.storage().as_cpu().expect("a fresh CPU array");
                let mut w = s.write();
                let o = &mut w.slice_mut::<T>()[..x.size()];
                with_two::<T, _>(x, y, |xs, ys| {
                    o.par_chunks_mut(BLOCK)
                        .zip(xs.par_chunks(BLOCK).zip(ys.par_chunks(BLOCK)))
                        .for_each(|(o, (xs, ys))| {
                            for ((o, &p), &q) in o.iter_mut().zip(xs).zip(ys) {
                                *o = q + a * p;
                            }
                        })
                });
            }
            Ok(out)
        }
        Ok(Some(match dt {
            DType::Float32 => go::<f32>(av, x, y)?,
            _ => go::<f64>(av, x, y)?,
        }))
    }

    /// Classical Gram–Schmidt applied twice (CGS2) against the first `j` rows of the
    /// C-contiguous basis `v` (`(cap, n)`): returns `(w', h)` with `h = h₁ + h₂` the
    /// coefficients (1-D, `j`) and `w' = w − Vᵀh`, or `None` when not eligible. Each pass is
    /// one parallel sweep for the `j` dot products (partial sums per block of columns, added
    /// in order) and one for the update.
    pub(crate) fn cgs2(v: &Array, j: usize, w: &Array) -> Result<Option<(Array, Array)>> {
        if v.device() != Device::Cpu
            || v.ndim() != 2
            || !v.is_c_contiguous()
            || !eligible(w)
            || v.dtype() != w.dtype()
            || v.shape()[1] != w.size()
            || j == 0
            || j > v.shape()[0]
        {
            return Ok(None);
        }
        fn go<T: Real>(v: &Array, j: usize, w: &Array) -> Result<(Array, Array)> {
            let n = w.size();
            let sv = v.storage().as_cpu().expect("a CPU array");
            let gv = sv.read();
            let vs = &gv.slice::<T>()[v.offset()..v.offset() + j * n];
            // `w` may share the basis' buffer (an operator returning its input): copy it out
            // under the same guard when it does
            let mut cur: Vec<T> = match w.storage().as_cpu() {
                Some(sw) if std::ptr::eq(sw, sv) => {
                    gv.slice::<T>()[w.offset()..w.offset() + n].to_vec()
                }
                _ => with_slice::<T, _>(w, |x| x.to_vec()),
            };
            let mut h = vec![T::ZERO; j];
            let nb = n.div_ceil(BLOCK).max(1);
            for _pass in 0..2 {
                let parts: Vec<Vec<T>> = (0..nb)
                    .into_par_iter()
                    .map(|b| {
                        let r = b * BLOCK..((b + 1) * BLOCK).min(n);
                        (0..j)
                            .map(|i| dot_block(&vs[i * n..][r.clone()], &cur[r.clone()]))
                            .collect()
                    })
                    .collect();
                let mut hp = vec![T::ZERO; j];
                for p in &parts {
                    for (s, &d) in hp.iter_mut().zip(p) {
                        *s = *s + d;
                    }
                }
                cur.par_chunks_mut(BLOCK).enumerate().for_each(|(b, c)| {
                    let o = b * BLOCK;
                    for (i, &hi) in hp.iter().enumerate() {
                        let vi = &vs[i * n + o..i * n + o + c.len()];
                        for (x, &y) in c.iter_mut().zip(vi) {
                            *x = *x - hi * y;
                        }
                    }
                });
                for (s, &d) in h.iter_mut().zip(&hp) {
                    *s = *s + d;
                }
            }
            drop(gv);
            Ok((
                Array::from_vec_on(cur, &[n], Device::Cpu)?,
                Array::from_vec_on(h, &[j], Device::Cpu)?,
            ))
        }
        Ok(Some(match w.dtype() {
            DType::Float32 => go::<f32>(v, j, w)?,
            _ => go::<f64>(v, j, w)?,
        }))
    }

    /// The dot product of one block (eight running sums, then added in order).
    fn dot_block<T: Real>(a: &[T], b: &[T]) -> T {
        let mut acc = [T::ZERO; 8];
        let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
        let (ra, rb) = (ca.remainder(), cb.remainder());
        for (u, v) in ca.zip(cb) {
            for ((s, &p), &q) in acc.iter_mut().zip(u).zip(v) {
                *s = *s + p * q;
            }
        }
        let mut s = T::ZERO;
        for (&p, &q) in ra.iter().zip(rb) {
            s = s + p * q;
        }
        acc.iter().fold(s, |t, &v| t + v)
    }
}

pub(crate) use fast::cgs2;
