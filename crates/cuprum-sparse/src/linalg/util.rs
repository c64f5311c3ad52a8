//! BLAS-1 on device vectors with core's public ops, and the one host read per iteration.
//!
//! Scalars that a recurrence needs on the device (`alpha = rho / (p·q)`) stay 0-d arrays there;
//! what the host needs (norms for the convergence test, a Hessenberg column) is read in one
//! transfer with [`read`].

use super::AsLinearOperator;
use crate::parts::Compressed;
use crate::{Result, SparseError};
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
    {
        // CUDA: one kernel instead of a multiply and an add (two passes and a temporary)
        let dev = match &a {
            Operand::Array(s) => crate::kernels::cuda::axpy(Some(s), 0.0, None, false, x, y)?,
            Operand::Scalar(cuprum_core::Scalar::Float(v)) => {
                crate::kernels::cuda::axpy(None, *v, None, false, x, y)?
            }
            _ => None,
        };
        if let Some(r) = dev {
            return Ok(r);
        }
    }
    let t = cuprum_core::multiply(a, x)?;
    Ok(cuprum_core::add(y, &t)?)
}

/// `y + (num / den)·x`, or `y - (num / den)·x` when `neg`, for 0-d `num` and `den` on the
/// vectors' device (the Krylov solvers' `alpha` and `beta`, ratios of two reductions): on CUDA
/// one kernel (no kernels for the division and the sign), elsewhere `div`, `negative`, `axpy`,
/// with the same roundings.
pub(crate) fn axpy_ratio(
    num: &Array,
    den: &Array,
    neg: bool,
    x: &Array,
    y: &Array,
) -> Result<Array> {
    if let Some(r) = crate::kernels::cuda::axpy(Some(num), 0.0, Some(den), neg, x, y)? {
        return Ok(r);
    }
    let a = div(num, den)?;
    let a = if neg { cuprum_core::negative(&a)? } else { a };
    axpy(&a, x, y)
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
        fn to_f64(self) -> f64;
        fn sqrt_(self) -> Self;
    }
    impl Real for f32 {
        const ZERO: f32 = 0.0;
        fn of_f64(v: f64) -> f32 {
            v as f32
        }
        fn to_f64(self) -> f64 {
            self as f64
        }
        fn sqrt_(self) -> f32 {
            self.sqrt()
        }
    }
    impl Real for f64 {
        const ZERO: f64 = 0.0;
        fn of_f64(v: f64) -> f64 {
            v
        }
        fn to_f64(self) -> f64 {
            self
        }
        fn sqrt_(self) -> f64 {
            self.sqrt()
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

    /// Elements per parallel chunk of the CGS2 sweeps (fixed, so the sums do not depend on
    /// the number of threads).
    const CHUNK: usize = 1 << 12;
    /// Elements per cache block inside a chunk: the vector's block stays in L1 while the
    /// basis rows stream past it.
    const SUB: usize = 512;

    /// Eight running sums of `a·b` (a multiple of 8 elements) added into `acc`.
    #[inline(always)]
    fn dot_acc<T: Real>(acc: &mut [T; 8], a: &[T], b: &[T]) {
        let mut s = *acc;
        for (u, v) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
            for ((s, &p), &q) in s.iter_mut().zip(u).zip(v) {
                *s = *s + p * q;
            }
        }
        *acc = s;
    }

    /// Per-row dot-product state of one chunk: eight running sums and a scalar tail (for the
    /// last `len % 8` elements of the vector), finished as [`dot_block`] finishes.
    #[derive(Clone, Copy)]
    struct Acc<T: Real> {
        lanes: [T; 8],
        tail: T,
    }

    impl<T: Real> Acc<T> {
        fn new() -> Self {
            Acc {
                lanes: [T::ZERO; 8],
                tail: T::ZERO,
            }
        }
        /// Adds `a·b` over one cache block (only the vector's last block has a tail).
        #[inline(always)]
        fn add(&mut self, a: &[T], b: &[T]) {
            let e = a.len() / 8 * 8;
            dot_acc(&mut self.lanes, &a[..e], &b[..e]);
            for (&p, &q) in a[e..].iter().zip(&b[e..]) {
                self.tail = self.tail + p * q;
            }
        }
        fn sum(&self) -> T {
            self.lanes.iter().fold(self.tail, |t, &v| t + v)
        }
    }

    /// `c ← c − Σᵢ hᵢ·vᵢ` over one cache block, the rows subtracted in order (four at a time,
    /// each element rounded exactly as the one-row-at-a-time loop rounds it).
    #[inline(always)]
    fn sub_rows<T: Real>(c: &mut [T], vs: &[T], n: usize, at: usize, h: &[T]) {
        let len = c.len();
        let row = |i: usize| &vs[i * n + at..i * n + at + len];
        let mut i = 0;
        while i + 4 <= h.len() {
            let (h0, h1, h2, h3) = (h[i], h[i + 1], h[i + 2], h[i + 3]);
            let (r0, r1, r2, r3) = (row(i), row(i + 1), row(i + 2), row(i + 3));
            for ((((x, &a), &b), &c2), &d) in c.iter_mut().zip(r0).zip(r1).zip(r2).zip(r3) {
                *x = *x - h0 * a - h1 * b - h2 * c2 - h3 * d;
            }
            i += 4;
        }
        while i < h.len() {
            let hi = h[i];
            for (x, &y) in c.iter_mut().zip(row(i)) {
                *x = *x - hi * y;
            }
            i += 1;
        }
    }

    /// Classical Gram–Schmidt applied twice, in place: `cur ← (I − VVᵀ)²cur` against the `j`
    /// rows of `vs` (row-major, `n = cur.len()` columns). Returns `h₁ + h₂` (the coefficients)
    /// and `‖cur‖²` afterwards. Three parallel sweeps over the basis instead of four: the
    /// first pass's dot products; the first update fused with the second pass's dot products
    /// (a cache block is final for pass 1 before pass 2 reads it); the second update fused
    /// with the norm. Dot products are eight running sums per chunk of [`CHUNK`] elements,
    /// the chunks' sums added in order (the same on every run and thread count).
    fn cgs2_in_place<T: Real>(vs: &[T], j: usize, cur: &mut [T]) -> (Vec<T>, T) {
        let n = cur.len();
        // one parallel sweep over `cur`'s blocks: `f(start, block)` gives `len` partial sums,
        // added over the blocks in order
        let sweep = |cur: &mut [T], len: usize, f: &(dyn Fn(usize, &mut [T]) -> Vec<T> + Sync)| {
            let parts: Vec<Vec<T>> = cur
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(ci, c)| f(ci * CHUNK, c))
                .collect();
            let mut s = vec![T::ZERO; len];
            for p in &parts {
                for (s, &d) in s.iter_mut().zip(p) {
                    *s = *s + d;
                }
            }
            s
        };
        let avx2 = has_avx2();
        // pass 1: h1 = V cur
        let h1 = sweep(cur, j, &|at, c| {
            let mut acc = vec![Acc::<T>::new(); j];
            dots(avx2, vs, n, at, &mut acc, c);
            acc.iter().map(Acc::sum).collect()
        });
        // update 1, then pass 2's dot products on each finished block
        let h2 = sweep(cur, j, &|at, c| {
            let mut acc = vec![Acc::<T>::new(); j];
            let mut unused = Acc::<T>::new();
            update(avx2, vs, n, at, &h1, &mut acc, &mut unused, c);
            acc.iter().map(Acc::sum).collect()
        });
        // update 2 and the norm of the result
        let nn = sweep(cur, 1, &|at, c| {
            let mut nrm = Acc::<T>::new();
            update(avx2, vs, n, at, &h2, &mut [], &mut nrm, c);
            vec![nrm.sum()]
        })[0];
        let h = h1.iter().zip(&h2).map(|(&a, &b)| a + b).collect();
        (h, nn)
    }

    /// Whether the CPU has AVX2 (checked once).
    fn has_avx2() -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            static F: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            *F.get_or_init(|| std::arch::is_x86_feature_detected!("avx2"))
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }

    /// Runs `$body` (an `#[inline(always)]` fn) compiled for AVX2 when `$avx2` (separate
    /// multiplies and adds, no FMA: the same rounding either way), else for the baseline.
    macro_rules! dispatch {
        ($avx2:expr, $body:ident <$T:ty> ($($a:ident : $t:ty),*)) => {{
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn with_avx2<T: Real>($($a: $t),*) {
                $body::<T>($($a),*)
            }
            #[cfg(target_arch = "x86_64")]
            if $avx2 {
                // SAFETY: `$avx2` is true only when the running CPU has AVX2 (`has_avx2`).
                unsafe { with_avx2::<$T>($($a),*) }
            } else {
                $body::<$T>($($a),*)
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                let _ = $avx2;
                $body::<$T>($($a),*)
            }
        }};
    }

    /// Pass 1 on one chunk `c` (starting at column `at`): the dot products of the
    /// `acc.len()` first rows with `c`, cache block by cache block.
    fn dots<T: Real>(avx2: bool, vs: &[T], n: usize, at: usize, acc: &mut [Acc<T>], c: &[T]) {
        #[inline(always)]
        fn body<T: Real>(vs: &[T], n: usize, at: usize, acc: &mut [Acc<T>], c: &[T]) {
            for (si, cs) in c.chunks(SUB).enumerate() {
                let at = at + si * SUB;
                for (i, a) in acc.iter_mut().enumerate() {
                    a.add(&vs[i * n + at..i * n + at + cs.len()], cs);
                }
            }
        }
        dispatch!(avx2, body<T>(vs: &[T], n: usize, at: usize, acc: &mut [Acc<T>], c: &[T]))
    }

    /// Passes 2 and 3 on one chunk: `c ← c − Σᵢ hᵢ·vᵢ` block by block, then on each updated
    /// block the dot products of the `acc.len()` first rows with it, and `c·c` into `nrm`.
    #[allow(clippy::too_many_arguments)]
    fn update<T: Real>(
        avx2: bool,
        vs: &[T],
        n: usize,
        at: usize,
        h: &[T],
        acc: &mut [Acc<T>],
        nrm: &mut Acc<T>,
        c: &mut [T],
    ) {
        #[inline(always)]
        fn body<T: Real>(
            vs: &[T],
            n: usize,
            at: usize,
            h: &[T],
            acc: &mut [Acc<T>],
            nrm: &mut Acc<T>,
            c: &mut [T],
        ) {
            for (si, cs) in c.chunks_mut(SUB).enumerate() {
                let at = at + si * SUB;
                sub_rows(cs, vs, n, at, h);
                for (i, a) in acc.iter_mut().enumerate() {
                    a.add(&vs[i * n + at..i * n + at + cs.len()], cs);
                }
                nrm.add(cs, cs);
            }
        }
        dispatch!(avx2, body<T>(vs: &[T], n: usize, at: usize, h: &[T], acc: &mut [Acc<T>],
            nrm: &mut Acc<T>, c: &mut [T]))
    }

    /// Checks that `v` is a C-contiguous 2-D CPU basis of the dtype of the eligible vector
    /// `w`, with `w.size()` columns and more than `j` rows.
    fn basis_ok(v: &Array, j: usize, w: &Array) -> bool {
        v.device() == Device::Cpu
            && v.ndim() == 2
            && v.is_c_contiguous()
            && eligible(w)
            && v.dtype() == w.dtype()
            && v.shape()[1] == w.size()
            && j < v.shape()[0]
    }

    /// Classical Gram–Schmidt applied twice (CGS2) against the first `j` rows of the
    /// C-contiguous basis `v` (`(cap, n)`): returns `(w', h)` with `h = h₁ + h₂` the
    /// coefficients (1-D, `j`) and `w' = w − Vᵀh`, or `None` when not eligible (see
    /// [`cgs2_in_place`] for the sweeps).
    pub(crate) fn cgs2(v: &Array, j: usize, w: &Array) -> Result<Option<(Array, Array)>> {
        if j == 0 || !basis_ok(v, j - 1, w) {
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
            let (h, _) = cgs2_in_place(vs, j, &mut cur);
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

    /// One Lanczos/Arnoldi extension step in place: copies `w` into row `j` of the basis `v`
    /// (`(cap, n)`, `j < cap`), orthogonalizes it there against rows `0..j` by CGS2 and
    /// returns the coefficients `h₁ + h₂` and the norm of the result (computed in the
    /// vectors' dtype), both widened to `f64`; `None` when not eligible. Row `j` is left
    /// unnormalized (see [`scale_row`]).
    pub(crate) fn extend(v: &Array, j: usize, w: &Array) -> Result<Option<(Vec<f64>, f64)>> {
        if j == 0 || !basis_ok(v, j, w) {
            return Ok(None);
        }
        fn go<T: Real>(v: &Array, j: usize, w: &Array) -> (Vec<f64>, f64) {
            let n = w.size();
            let sv = v.storage().as_cpu().expect("a CPU array");
            let same = matches!(w.storage().as_cpu(), Some(sw) if std::ptr::eq(sw, sv));
            let mut gv = sv.write();
            let all = gv.slice_mut::<T>();
            if same {
                // the operator returned a view of the basis (its input): copy within
                all.copy_within(w.offset()..w.offset() + n, v.offset() + j * n);
            }
            let rows = &mut all[v.offset()..v.offset() + (j + 1) * n];
            let (vs, cur) = rows.split_at_mut(j * n);
            if !same {
                with_slice::<T, _>(w, |x| cur.copy_from_slice(x));
            }
            let (h, nn) = cgs2_in_place(vs, j, cur);
            (
                h.into_iter().map(Real::to_f64).collect(),
                nn.sqrt_().to_f64(),
            )
        }
        Ok(Some(match w.dtype() {
            DType::Float32 => go::<f32>(v, j, w),
            _ => go::<f64>(v, j, w),
        }))
    }

    /// Row `j` of the C-contiguous CPU basis `v` times `s` in place (`s` rounded to the
    /// dtype first, as a weak scalar is); `false` (nothing done) when not a float32/float64
    /// CPU basis.
    pub(crate) fn scale_row(v: &Array, j: usize, s: f64) -> bool {
        if v.device() != Device::Cpu
            || v.ndim() != 2
            || !v.is_c_contiguous()
            || !matches!(v.dtype(), DType::Float32 | DType::Float64)
            || j >= v.shape()[0]
        {
            return false;
        }
        fn go<T: Real>(v: &Array, j: usize, s: f64) {
            let n = v.shape()[1];
            let a = T::of_f64(s);
            let sv = v.storage().as_cpu().expect("a CPU array");
            let mut gv = sv.write();
            let row = &mut gv.slice_mut::<T>()[v.offset() + j * n..v.offset() + (j + 1) * n];
            row.par_chunks_mut(BLOCK).for_each(|c| {
                for x in c {
                    *x = *x * a;
                }
            });
        }
        match v.dtype() {
            DType::Float32 => go::<f32>(v, j, s),
            _ => go::<f64>(v, j, s),
        }
        true
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

pub(crate) use fast::{cgs2, extend, scale_row};

/// Whether the square CSR matrix `(data, indices, indptr)` equals its conjugate transpose
/// exactly (its transpose for real data): the canonical CSR of `Aᴴ` (a device transposition
/// where the arrays live) compared array by array with `A`'s, which must be canonical. Any
/// difference — a value, an explicitly stored zero without its mirror, a NaN — answers `false`.
///
/// # Errors
/// Device errors of the transposition and the comparisons.
pub(crate) fn is_hermitian(
    n: usize,
    data: &Array,
    indices: &Array,
    indptr: &Array,
) -> Result<bool> {
    use cuprum_core::ops::array_equal;
    let a = crate::csr_matrix((data, indices, indptr), Some((n, n)))?;
    let t = a.transpose()?.tocsr()?.sum_duplicates()?;
    let t = if data.dtype().is_complex() {
        t.conj()?
    } else {
        t
    };
    let t = t.to_compressed()?;
    Ok(t.data.size() == data.size()
        && array_equal(&t.indptr, indptr, false)?
        && array_equal(&t.indices, indices, false)?
        && array_equal(&t.data, data, false)?)
}

/// Fails with [`SparseError::InvalidShape`] unless the matrix's shape `(m, n)` is square.
pub(crate) fn require_square(op: &'static str, (m, n): (usize, usize)) -> Result<()> {
    if m != n {
        return Err(SparseError::invalid_shape(
            op,
            &[m, n],
            "the matrix must be square",
        ));
    }
    Ok(())
}

/// The matrix's CSR form; [`SparseError::NotSupported`] for an abstract `LinearOperator`,
/// which has no entries to factorize or copy.
pub(crate) fn concrete_csr(
    op: &'static str,
    a: &(impl AsLinearOperator + ?Sized),
) -> Result<Compressed> {
    let Some(c) = a.to_csr() else {
        return Err(SparseError::NotSupported {
            op,
            detail: "the matrix must be sparse (or dense), not an abstract LinearOperator".into(),
        });
    };
    c
}

/// Fails with [`SparseError::ShapeMismatch`] unless the initial guess `x0` has one element per
/// column of the `(m, n)` operator.
pub(crate) fn check_x0(op: &'static str, x0: &Array, (m, n): (usize, usize)) -> Result<()> {
    if x0.size() != n {
        return Err(SparseError::ShapeMismatch {
            op,
            a: (m, n),
            b: (x0.size(), 1),
        });
    }
    Ok(())
}

/// Fails with [`SparseError::rhs_shape`]'s error unless the right-hand side `b` is 1-D or 2-D
/// with `n` rows, for the `(m, n)` matrix.
pub(crate) fn check_rhs(op: &'static str, (m, n): (usize, usize), b: &Array) -> Result<()> {
    if b.ndim() == 0 || b.ndim() > 2 || b.shape()[0] != n {
        return Err(SparseError::rhs_shape(op, (m, n), n, b.shape()));
    }
    Ok(())
}
