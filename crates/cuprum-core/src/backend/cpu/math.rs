//! Scalar arithmetic of each dtype family with NumPy's semantics (the per-element functions the
//! unary and binary loops apply). float16/bfloat16 compute through f32.

use super::elem::Elem;
use half::{bf16, f16};
use num_complex::Complex;
use num_traits::{Float, FloatConst};

/// Integer arithmetic as NumPy defines it: wrapping, floor division, C remainder, shifts.
pub(crate) trait Int: Elem + Copy + PartialOrd + PartialEq {
    const ZERO: Self;
    const ONE: Self;
    fn wadd(self, o: Self) -> Self;
    fn wsub(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
    fn wneg(self) -> Self;
    fn wabs(self) -> Self;
    fn sign(self) -> Self;
    /// Floor division; 0 when dividing by 0; `MIN // -1` wraps to `MIN`.
    fn floordiv(self, o: Self) -> Self;
    /// Remainder with the divisor's sign; 0 when dividing by 0.
    fn floormod(self, o: Self) -> Self;
    /// Remainder with the dividend's sign (C `%`); 0 when dividing by 0.
    fn cmod(self, o: Self) -> Self;
    /// `self ** e` wrapping, for `e >= 0`.
    fn wpow(self, e: Self) -> Self;
    fn is_neg(self) -> bool;
    fn bitand(self, o: Self) -> Self;
    fn bitor(self, o: Self) -> Self;
    fn bitxor(self, o: Self) -> Self;
    fn bitnot(self) -> Self;
    /// `self << o`, 0 when `o` is negative or at least the bit width.
    fn shl(self, o: Self) -> Self;
    /// `self >> o` (arithmetic for signed), `-1`/`0` when `o` is negative or too large.
    fn shr(self, o: Self) -> Self;
    /// Integer reciprocal `1 / self` truncated; 0 for 0.
    fn recip(self) -> Self;
}

macro_rules! int_impl {
    ($($t:ty;)*) => {$(
        impl Int for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn wadd(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline(always)]
            fn wsub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline(always)]
            fn wmul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline(always)]
            fn wneg(self) -> Self { self.wrapping_neg() }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn wabs(self) -> Self { if self < 0 { self.wrapping_neg() } else { self } }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn sign(self) -> Self {
                if self > 0 { 1 } else if self < 0 { (0 as $t).wrapping_sub(1) } else { 0 }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn floordiv(self, o: Self) -> Self {
                if o == 0 {
                    return 0;
                }
                let q = self.wrapping_div(o);
                let r = self.wrapping_rem(o);
                if r != 0 && ((r < 0) != (o < 0)) { q.wrapping_sub(1) } else { q }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn floormod(self, o: Self) -> Self {
                if o == 0 {
                    return 0;
                }
                let r = self.wrapping_rem(o);
                if r != 0 && ((r < 0) != (o < 0)) { r.wrapping_add(o) } else { r }
            }
            #[inline(always)]
            fn cmod(self, o: Self) -> Self {
                if o == 0 { 0 } else { self.wrapping_rem(o) }
            }
            #[inline(always)]
            fn wpow(self, e: Self) -> Self {
                let mut e = e as u64;
                let mut base = self;
                let mut acc: $t = 1;
                while e > 0 {
                    if e & 1 == 1 {
                        acc = acc.wrapping_mul(base);
                    }
                    e >>= 1;
                    if e > 0 {
                        base = base.wrapping_mul(base);
                    }
                }
                acc
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn is_neg(self) -> bool { self < 0 }
            #[inline(always)]
            fn bitand(self, o: Self) -> Self { self & o }
            #[inline(always)]
            fn bitor(self, o: Self) -> Self { self | o }
            #[inline(always)]
            fn bitxor(self, o: Self) -> Self { self ^ o }
            #[inline(always)]
            fn bitnot(self) -> Self { !self }
            #[inline(always)]
            fn shl(self, o: Self) -> Self {
                // NumPy casts the shift to size_t: negative shifts become huge.
                let s = o as i64 as u64;
                if s < <$t>::BITS as u64 { self << s } else { 0 }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn shr(self, o: Self) -> Self {
                let s = o as i64 as u64;
                if s < <$t>::BITS as u64 {
                    self >> s
                } else if self < 0 {
                    (0 as $t).wrapping_sub(1)
                } else {
                    0
                }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn recip(self) -> Self {
                if self == 0 { 0 } else { (1 as $t).wrapping_div(self) }
            }
        }
    )*};
}

int_impl! {
    i8; i16; i32; i64;
    u8; u16; u32; u64;
}

/// A real floating compute type (f32 or f64).
pub(crate) trait RealF: Float + FloatConst + Send + Sync + 'static {
    /// Round half to even.
    fn rint(self) -> Self;
    /// From an f64 constant.
    fn c(v: f64) -> Self;
}

impl RealF for f32 {
    #[inline(always)]
    fn rint(self) -> Self {
        self.round_ties_even()
    }
    #[inline(always)]
    fn c(v: f64) -> Self {
        v as f32
    }
}
impl RealF for f64 {
    #[inline(always)]
    fn rint(self) -> Self {
        self.round_ties_even()
    }
    #[inline(always)]
    fn c(v: f64) -> Self {
        v
    }
}

/// A real floating storage type and the type it computes in (f16/bf16 compute in f32).
pub(crate) trait Flt: Elem + Copy {
    type C: RealF;
    fn load(self) -> Self::C;
    fn store(c: Self::C) -> Self;
    /// The next representable value of the storage type after `self` toward `o`.
    fn next_after(self, o: Self) -> Self;
}

macro_rules! nextafter_bits {
    ($x:expr, $y:expr, $ty:ty, $bits:ty, $sign:expr) => {{
        let (x, y): ($ty, $ty) = ($x, $y);
        if x.is_nan() || y.is_nan() {
            <$ty>::NAN
        } else if x == y {
            y
        } else if x == <$ty>::from_bits(0) || x == <$ty>::from_bits($sign) {
            // smallest subnormal with y's sign
            let tiny = <$ty>::from_bits(1);
            if y > x {
                tiny
            } else {
                <$ty>::from_bits($sign | 1)
            }
        } else {
            let b: $bits = x.to_bits();
            let away = (y > x) == (x > <$ty>::from_bits(0));
            <$ty>::from_bits(if away { b + 1 } else { b - 1 })
        }
    }};
}

impl Flt for f32 {
    type C = f32;
    #[inline(always)]
    fn load(self) -> f32 {
        self
    }
    #[inline(always)]
    fn store(c: f32) -> Self {
        c
    }
    fn next_after(self, o: Self) -> Self {
        nextafter_bits!(self, o, f32, u32, 0x8000_0000)
    }
}
impl Flt for f64 {
    type C = f64;
    #[inline(always)]
    fn load(self) -> f64 {
        self
    }
    #[inline(always)]
    fn store(c: f64) -> Self {
        c
    }
    fn next_after(self, o: Self) -> Self {
        nextafter_bits!(self, o, f64, u64, 0x8000_0000_0000_0000)
    }
}
impl Flt for f16 {
    type C = f32;
    #[inline(always)]
    fn load(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn store(c: f32) -> Self {
        f16::from_f32(c)
    }
    fn next_after(self, o: Self) -> Self {
        nextafter_bits!(self, o, f16, u16, 0x8000)
    }
}
impl Flt for bf16 {
    type C = f32;
    #[inline(always)]
    fn load(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn store(c: f32) -> Self {
        bf16::from_f32(c)
    }
    fn next_after(self, o: Self) -> Self {
        nextafter_bits!(self, o, bf16, u16, 0x8000)
    }
}

/// NumPy's `npy_divmod`: floor quotient and remainder with the divisor's sign.
#[inline(always)]
pub(crate) fn divmod_f<F: RealF>(a: F, b: F) -> (F, F) {
    let zero = F::zero();
    let mut m = a % b;
    if b == zero {
        return (a / b, m);
    }
    let mut div = (a - m) / b;
    if m != zero {
        if (b < zero) != (m < zero) {
            m = m + b;
            div = div - F::one();
        }
    } else {
        m = zero.copysign(b);
    }
    let fd = if div != zero {
        let mut f = div.floor();
        if div - f > F::c(0.5) {
            f = f + F::one();
        }
        f
    } else {
        zero.copysign(a / b)
    };
    (fd, m)
}

/// NumPy's `maximum` on reals: NaN propagates; on ties the second operand.
#[inline(always)]
pub(crate) fn maximum_f<F: Float>(a: F, b: F) -> F {
    if a.is_nan() || a > b { a } else { b }
}
/// NumPy's `minimum` on reals.
#[inline(always)]
pub(crate) fn minimum_f<F: Float>(a: F, b: F) -> F {
    if a.is_nan() || a < b { a } else { b }
}
/// NumPy's `fmax` on reals: NaN is ignored unless both are NaN.
#[inline(always)]
pub(crate) fn fmax_f<F: Float>(a: F, b: F) -> F {
    if b.is_nan() || a > b { a } else { b }
}
/// NumPy's `fmin` on reals.
#[inline(always)]
pub(crate) fn fmin_f<F: Float>(a: F, b: F) -> F {
    if b.is_nan() || a < b { a } else { b }
}
/// NumPy's `sign` on reals: -1, 0 (for either zero), 1, NaN for NaN.
#[inline(always)]
pub(crate) fn sign_f<F: Float>(x: F) -> F {
    if x > F::zero() {
        F::one()
    } else if x < F::zero() {
        -F::one()
    } else if x == F::zero() {
        F::zero()
    } else {
        x
    }
}

// ---- complex ----

#[inline(always)]
fn has_nan<F: Float>(z: Complex<F>) -> bool {
    z.re.is_nan() || z.im.is_nan()
}

/// Lexicographic `a >= b` as NumPy orders complex numbers.
#[inline(always)]
fn cge<F: Float>(a: Complex<F>, b: Complex<F>) -> bool {
    (a.re > b.re && !a.im.is_nan() && !b.im.is_nan()) || (a.re == b.re && a.im >= b.im)
}
#[inline(always)]
fn cle<F: Float>(a: Complex<F>, b: Complex<F>) -> bool {
    (a.re < b.re && !a.im.is_nan() && !b.im.is_nan()) || (a.re == b.re && a.im <= b.im)
}
/// Lexicographic `a < b`.
#[inline(always)]
pub(crate) fn clt<F: Float>(a: Complex<F>, b: Complex<F>) -> bool {
    a.re < b.re || (a.re == b.re && a.im < b.im)
}
/// Lexicographic `a <= b`.
#[inline(always)]
pub(crate) fn clte<F: Float>(a: Complex<F>, b: Complex<F>) -> bool {
    a.re < b.re || (a.re == b.re && a.im <= b.im)
}
/// NumPy's complex `maximum` (lexicographic, NaN propagates).
#[inline(always)]
pub(crate) fn cmaximum<F: Float>(a: Complex<F>, b: Complex<F>) -> Complex<F> {
    if has_nan(a) || cge(a, b) { a } else { b }
}
/// NumPy's complex `minimum`.
#[inline(always)]
pub(crate) fn cminimum<F: Float>(a: Complex<F>, b: Complex<F>) -> Complex<F> {
    if has_nan(a) || cle(a, b) { a } else { b }
}
/// NumPy's complex `fmax` (NaN ignored).
#[inline(always)]
pub(crate) fn cfmax<F: Float>(a: Complex<F>, b: Complex<F>) -> Complex<F> {
    if has_nan(b) || cge(a, b) { a } else { b }
}
/// NumPy's complex `fmin`.
#[inline(always)]
pub(crate) fn cfmin<F: Float>(a: Complex<F>, b: Complex<F>) -> Complex<F> {
    if has_nan(b) || cle(a, b) { a } else { b }
}

/// NumPy 2's complex `sign`: `z / |z|`; 0 for 0; NaN for NaN or two infinite parts; a unit
/// along the infinite part otherwise.
#[inline(always)]
pub(crate) fn csign<F: Float>(z: Complex<F>) -> Complex<F> {
    let nan = Complex::new(F::nan(), F::nan());
    if has_nan(z) {
        return nan;
    }
    match (z.re.is_infinite(), z.im.is_infinite()) {
        (true, true) => nan,
        (true, false) => Complex::new(F::one().copysign(z.re), F::zero()),
        (false, true) => Complex::new(F::zero(), F::one().copysign(z.im)),
        _ => {
            let n = z.norm();
            if n == F::zero() {
                Complex::new(F::zero(), F::zero())
            } else {
                Complex::new(z.re / n, z.im / n)
            }
        }
    }
}

/// Complex `expm1` as NumPy computes it (accurate near 0).
#[inline(always)]
pub(crate) fn cexpm1<F: Float>(z: Complex<F>) -> Complex<F> {
    let a = (z.im / (F::one() + F::one())).sin();
    Complex::new(
        z.re.exp_m1() * z.im.cos() - (F::one() + F::one()) * a * a,
        z.re.exp() * z.im.sin(),
    )
}

/// Complex `log1p` as NumPy computes it.
#[inline(always)]
pub(crate) fn clog1p<F: Float>(z: Complex<F>) -> Complex<F> {
    let r = z.re + F::one();
    Complex::new(r.hypot(z.im).ln(), z.im.atan2(r))
}

/// Complex power with NumPy's special cases: `x**0 = 1`, `0**b` is 0 for real positive `b`
/// and NaN otherwise, small integer exponents by repeated multiplication.
#[inline(always)]
pub(crate) fn cpow<F: Float>(a: Complex<F>, b: Complex<F>) -> Complex<F> {
    let zero = F::zero();
    let one = Complex::new(F::one(), zero);
    if b.re == zero && b.im == zero {
        return one;
    }
    if a.re == zero && a.im == zero {
        return if b.re > zero && b.im == zero {
            Complex::new(zero, zero)
        } else {
            Complex::new(F::nan(), F::nan())
        };
    }
    if b.im == zero && b.re == b.re.trunc() && b.re.abs() <= F::from(100.0).unwrap_or(zero) {
        let n = b.re.to_i64().unwrap_or(0);
        let mut mask = n.unsigned_abs();
        let mut base = a;
        let mut acc = one;
        while mask > 0 {
            if mask & 1 == 1 {
                acc = acc * base;
            }
            mask >>= 1;
            if mask > 0 {
                base = base * base;
            }
        }
        return if n < 0 { one / acc } else { acc };
    }
    a.powc(b)
}

/// Complex reciprocal `1/z` (Smith's algorithm through num-complex's division).
#[inline(always)]
pub(crate) fn crecip<F: Float>(z: Complex<F>) -> Complex<F> {
    Complex::new(F::one(), F::zero()) / z
}

/// Complex `rint`: each part rounded half to even.
#[inline(always)]
pub(crate) fn crint<F: RealF>(z: Complex<F>) -> Complex<F> {
    Complex::new(z.re.rint(), z.im.rint())
}

/// Complex division as NumPy's `nc_quot` (Smith's algorithm): no overflow or underflow in the
/// intermediate `|b|^2`; division by zero gives `a.re/0, a.im/0` parts as NumPy does.
pub(crate) fn cdiv<F: Float>(a: Complex<F>, b: Complex<F>) -> Complex<F> {
    let (ar, ai, br, bi) = (a.re, a.im, b.re, b.im);
    if br.abs() >= bi.abs() {
        if br == F::zero() && bi == F::zero() {
            return Complex::new(ar / br.abs(), ai / br.abs());
        }
        let rat = bi / br;
        let scl = F::one() / (br + bi * rat);
        Complex::new((ar + ai * rat) * scl, (ai - ar * rat) * scl)
    } else {
        let rat = br / bi;
        let scl = F::one() / (bi + br * rat);
        Complex::new((ar * rat + ai) * scl, (ai * rat - ar) * scl)
    }
}
