//! Logistic, information-theory and loss functions: `expit`, `logit`, `log_expit`, `xlogy`, `xlog1py`, `entr`, `rel_entr`, `kl_div`, `huber`, `pseudo_huber`.

use crate::scalar::cx::{self, Cz};
use crate::scalar::elementary;
use crate::ufunc::{First, apply, apply_complex2, is_complex, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// The logistic sigmoid `1 / (1 + exp(-x))`. SciPy's `scipy.special.expit`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Exactly 0 and 1 at `-inf` and `inf`; no overflow. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `1 / (1 + exp(-x))` (xsf `expit`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::expit(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.expit(0.5)
/// assert!((r[0] - 0.6224593312018546).abs() <= 1e-14 * 0.6224593312018546);
/// ```
pub fn expit(x: &Array) -> Result<Array> {
    if x.device() == cuprum_core::Device::Cpu && x.dtype() == cuprum_core::DType::Float32 {
        return crate::ufunc::map_f32_checked(
            "special.expit",
            x,
            expit_f32_fast,
            elementary::expit,
        );
    }
    let [r] = crate::ufunc::apply_inline(
        "special.expit",
        "expit",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::expit(x)],
    )?;
    Ok(r)
}

/// `2^(j/32)`, `j = 0..32` (Python's `2 ** (j / 32)`, within an ulp).
const EXP2_32: [f64; 32] = [
    1.0,
    1.0218971486541166,
    1.0442737824274138,
    1.0671404006768237,
    1.0905077326652577,
    1.1143867425958924,
    1.1387886347566916,
    1.1637248587775775,
    1.189207115002721,
    1.215247359980469,
    1.241857812073484,
    1.2690509571917332,
    1.2968395546510096,
    1.3252366431597413,
    1.3542555469368927,
    1.383909881963832,
    std::f64::consts::SQRT_2,
    1.4451808069770467,
    1.4768261459394993,
    1.5091644275934228,
    1.5422108254079407,
    1.5759808451078865,
    1.6104903319492543,
    1.645755478153965,
    1.681792830507429,
    1.718619298122478,
    1.7562521603732995,
    1.7947090750031072,
    1.8340080864093424,
    1.8741676341103,
    1.9152065613971474,
    1.9571441241754002,
];

/// `expit` of a float32 value through a branch-free float64 `exp` (range reduction by
/// `ln 2 / 32` and a table of `2^(j/32)`, the Taylor polynomial of degree 5 on
/// `|r| <= ln 2 / 64`: relative error below 3e-15), and whether the float32 rounding is
/// certain: the value lies at least `1e-13` (relative) from a rounding boundary, far beyond
/// its difference to `1 / (1 + exp(-x))` with the library's `exp`.
#[inline]
fn expit_f32_fast(x: f32) -> (f32, bool) {
    const K: f64 = 32.0 * std::f64::consts::LOG2_E;
    // ln 2 / 32 split: the high part has 21 trailing zero bits (k * hi exact for |k| < 2^21)
    const LN2_HI: f64 = 6.931_471_803_691_238e-1 / 32.0;
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10 / 32.0;
    const SHIFT: f64 = 6_755_399_441_055_744.0; // 1.5 * 2^52
    let y = -f64::from(x);
    let inside = y.abs() <= 700.0;
    let yc = if inside { y } else { 0.0 };
    let kf = (yc * K + SHIFT) - SHIFT;
    let r = (yc - kf * LN2_HI) - kf * LN2_LO;
    let p = 1.0 + r * (1.0 + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0)))));
    let k = kf as i64;
    let t = EXP2_32[(k & 31) as usize];
    let scale = f64::from_bits((((k >> 5) + 1023) as u64) << 52);
    let v = 1.0 / (1.0 + p * t * scale);
    let lo = (v * (1.0 - 1e-13)) as f32;
    let hi = (v * (1.0 + 1e-13)) as f32;
    (lo, inside & (lo == hi))
}

/// The logit function `log(p / (1 - p))`, the inverse of [`expit`]. SciPy's `scipy.special.logit`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `-inf` at 0, `inf` at 1, NaN outside `[0, 1]`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `log(p / (1 - p))`, or `log1p(2p - 1) - log1p(1 - 2p)` for `p` in `[0.3, 0.65]` (xsf `logit`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.25f64], &[1], Device::Cpu).unwrap();
/// let r = special::logit(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.logit(0.25)
/// assert!((r[0] - -1.0986122886681098).abs() <= 1e-14 * 1.0986122886681098);
/// ```
pub fn logit(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.logit",
        "logit",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::logit(x)],
    )?;
    Ok(r)
}

/// `log(expit(x))` without underflow or loss of precision. SciPy's `scipy.special.log_expit`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `-x`-linear for large negative `x`, `-exp(-x)` for large positive `x`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `x - log1p(exp(x))` for `x < 0`, `-log1p(exp(-x))` otherwise (xsf `log_expit`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![-2.0f64], &[1], Device::Cpu).unwrap();
/// let r = special::log_expit(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.log_expit(-2.0)
/// assert!((r[0] - -2.1269280110429727).abs() <= 1e-14 * 2.1269280110429727);
/// ```
pub fn log_expit(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.log_expit",
        "log_expit",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::log_expit(x)],
    )?;
    Ok(r)
}

/// The elementwise entropy `-x log x`. SciPy's `scipy.special.entr`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** 0 at 0, `-inf` for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `-x * log(x)` (xsf `entr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::entr(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.entr(0.5)
/// assert!((r[0] - 0.34657359027997264).abs() <= 1e-14 * 0.34657359027997264);
/// ```
pub fn entr(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.entr",
        "entr",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [elementary::entr(x)],
    )?;
    Ok(r)
}

/// `x * log(y)`, 0 where `x == 0`. SciPy's `scipy.special.xlogy`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
///
/// **Semantics:** 0 when `x == 0` even at `y = 0` or `inf`, unless `y` is NaN. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex operands (complex64, complex128, Python complex) give a complex result: complex64 when both are complex64 arrays, else complex128 (SciPy lists `'DD->D'` before `'FF->F'`). The result lives on the input's device.
///
/// **Algorithm:** `x * log(y)` (xsf `xlogy`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex operands: xsf's complex `xlogy`: `x log y` with the principal `log`, 0 where `x == 0` and `y` is not NaN (CUDA: `kernels/special/cx.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
/// let r = special::xlogy(2.0, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.xlogy(2.0, 3.0)
/// assert!((r[0] - 2.1972245773362196).abs() <= 1e-14 * 2.1972245773362196);
/// ```
pub fn xlogy<'a>(x: impl Into<Operand<'a>>, y: impl Into<Operand<'a>>) -> Result<Array> {
    let (x, y) = (x.into(), y.into());
    if is_complex(&x) || is_complex(&y) {
        return apply_complex2("special.xlogy", "cxlogy", &x, &y, |[xr, xi, yr, yi]| {
            let w = cx::cxlogy(Cz::new(xr, xi), Cz::new(yr, yi));
            [w.re, w.im]
        });
    }
    let [r] = apply("special.xlogy", "xlogy", First::F64, [&x, &y], |[x, y]| {
        [elementary::xlogy(x, y)]
    })?;
    Ok(r)
}

/// `x * log1p(y)`, 0 where `x == 0`. SciPy's `scipy.special.xlog1py`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
///
/// **Semantics:** 0 when `x == 0` unless `y` is NaN. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex operands (complex64, complex128, Python complex) give a complex result: complex64 when both are complex64 arrays, else complex128 (SciPy lists `'DD->D'` before `'FF->F'`). The result lives on the input's device.
///
/// **Algorithm:** `x * log1p(y)` (xsf `xlog1py`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex operands: xsf's complex `xlog1py`: `x log1p(y)` with [`log1p`](crate::log1p)'s complex `log1p`, 0 where `x == 0` and `y` is not NaN (CUDA: `kernels/special/cx.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.001f64], &[1], Device::Cpu).unwrap();
/// let r = special::xlog1py(2.0, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.xlog1py(2.0, 0.001)
/// assert!((r[0] - 0.0019990006661670663).abs() <= 1e-14 * 0.0019990006661670663);
/// ```
pub fn xlog1py<'a>(x: impl Into<Operand<'a>>, y: impl Into<Operand<'a>>) -> Result<Array> {
    let (x, y) = (x.into(), y.into());
    if is_complex(&x) || is_complex(&y) {
        return apply_complex2("special.xlog1py", "cxlog1py", &x, &y, |[xr, xi, yr, yi]| {
            let w = cx::cxlog1py(Cz::new(xr, xi), Cz::new(yr, yi));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.xlog1py",
        "xlog1py",
        First::F64,
        [&x, &y],
        |[x, y]| [elementary::xlog1py(x, y)],
    )?;
    Ok(r)
}

ufunc_fns! {
    /// The elementwise relative entropy `x log(x / y)`. SciPy's `scipy.special.rel_entr`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** 0 at `x = 0, y >= 0`; `inf` when `x` or `y` is negative or `y = 0 < x`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `x * log1p((x - y)/y)` when `x/y` is in `(0.5, 2)`, else `x * log(x/y)` (xsf `rel_entr`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.25f64], &[1], Device::Cpu).unwrap();
    /// let r = special::rel_entr(0.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.rel_entr(0.5, 0.25)
    /// assert!((r[0] - 0.34657359027997264).abs() <= 1e-14 * 0.34657359027997264);
    /// ```
    rel_entr(x, y) => F32, "rel_entr", elementary::rel_entr;

    /// The elementwise Kullback-Leibler divergence `x log(x / y) - x + y`. SciPy's `scipy.special.kl_div`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `y` at `x = 0, y >= 0`; `inf` elsewhere outside the domain. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** xsf `kl_div`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.25f64], &[1], Device::Cpu).unwrap();
    /// let r = special::kl_div(0.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.kl_div(0.5, 0.25)
    /// assert!((r[0] - 0.09657359027997264).abs() <= 1e-14 * 0.09657359027997264);
    /// ```
    kl_div(x, y) => F32, "kl_div", elementary::kl_div;

    /// Huber's loss: `r^2/2` for `|r| <= delta`, `delta (|r| - delta/2)` otherwise. SciPy's `scipy.special.huber`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `inf` for `delta < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** xsf `huber`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::huber(1.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.huber(1.0, 2.5)
    /// assert!((r[0] - 2.0).abs() <= 1e-14 * 2.0);
    /// ```
    huber(delta, r) => F32, "huber", elementary::huber;

    /// The pseudo-Huber loss `delta^2 (sqrt(1 + (r/delta)^2) - 1)`. SciPy's `scipy.special.pseudo_huber`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `inf` for `delta < 0`; 0 when `delta` or `r` is 0. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `delta^2 expm1(log1p((r/delta)^2) / 2)` (xsf `pseudo_huber`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::pseudo_huber(1.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.pseudo_huber(1.0, 2.5)
    /// assert!((r[0] - 1.6925824035672519).abs() <= 1e-14 * 1.6925824035672519);
    /// ```
    pseudo_huber(delta, r) => F32, "pseudo_huber", elementary::pseudo_huber
}

#[cfg(test)]
mod fast_tests {
    use super::expit_f32_fast;
    use crate::scalar::elementary;

    /// Where the fast float32 expit claims certainty it equals the float64 routine rounded
    /// once, over a spread of float32 bit patterns (both signs, every exponent, NaN, inf).
    #[test]
    fn expit_f32_fast_matches_the_float64_routine() {
        let mut certain = 0usize;
        let mut total = 0usize;
        for bits in (0..=u32::MAX).step_by(1021) {
            let x = f32::from_bits(bits);
            let want = elementary::expit(f64::from(x)) as f32;
            let (got, ok) = expit_f32_fast(x);
            total += 1;
            if ok {
                certain += 1;
                assert_eq!(got.to_bits(), want.to_bits(), "x = {x:e}");
            }
        }
        // nearly all values within |x| <= 700 take the fast path
        assert!(certain > total / 2, "{certain} of {total}");
        for x in [
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            0.0,
            -0.0,
            1e-30,
            -88.0,
            17.0,
        ] {
            let (got, ok) = expit_f32_fast(x);
            if ok {
                assert_eq!(
                    got.to_bits(),
                    (elementary::expit(f64::from(x)) as f32).to_bits()
                );
            }
        }
    }
}
