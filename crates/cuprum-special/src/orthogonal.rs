//! The classical orthogonal polynomials `eval_*` (SciPy's `scipy.special.eval_legendre`, ...):
//! SciPy's two loops each, integer degree by recurrences and real degree through the Gauss
//! hypergeometric function.

use crate::scalar::orthogonal as orth;
use crate::ufunc::{First, Kernel, apply, common_device};
use cuprum_core::{Array, DType, Error, Operand, Result, Scalar};

/// Whether the degree operand selects SciPy's integer loop (`'l...'`, listed first): a bool or
/// integer array (not uint64, which casts safely only to float64) or a Python int.
fn integer_degree(n: &Operand<'_>) -> bool {
    match n {
        Operand::Array(a) => {
            let d = a.dtype();
            (d.is_integer() || d.is_bool()) && d != DType::UInt64
        }
        Operand::Scalar(s) => matches!(s, Scalar::Int(_) | Scalar::UInt(_) | Scalar::Bool(_)),
    }
}

/// The value of an integer scalar degree.
fn scalar_degree(s: &Scalar) -> f64 {
    match *s {
        Scalar::Bool(b) => f64::from(u8::from(b)),
        Scalar::Int(i) => i as f64,
        Scalar::UInt(u) => u as f64,
        Scalar::Float(f) => f,
        Scalar::Complex(c) => c.re,
    }
}

/// One of SciPy's two loops of a polynomial `name(n, ..., x)`: the integer-degree kernel
/// `<name>_l` (float64 output whatever the other operands' dtypes, SciPy's `'l..d->d'`) when
/// the degree is an integer, else the real-degree kernel `<name>` (`'f..f->f'` listed first).
/// `real` is `None` for the functions with the integer loop only (the Hermite polynomials).
fn eval_poly<const N: usize>(
    op: &'static str,
    names: (&'static str, &'static str),
    ops: [Operand<'_>; N],
    real: Option<Kernel<N, 1>>,
    int: Kernel<N, 1>,
) -> Result<Array> {
    if !integer_degree(&ops[0]) {
        let Some(real) = real else {
            let dt = match &ops[0] {
                Operand::Array(a) => a.dtype(),
                Operand::Scalar(Scalar::Complex(_)) => DType::Complex128,
                Operand::Scalar(_) => DType::Float64,
            };
            return Err(Error::dtype(op, dt));
        };
        let refs: [&Operand<'_>; N] = std::array::from_fn(|i| &ops[i]);
        let [r] = apply(op, names.0, First::F32, refs, real)?;
        return Ok(r);
    }
    let all: Vec<&Operand<'_>> = ops.iter().collect();
    let dev = common_device(op, &all)?;
    // the degree as a float64 array makes the loop float64 (SciPy's `'l'` loop)
    let n_arr = match &ops[0] {
        Operand::Scalar(s) => Array::scalar_on(scalar_degree(s), dev)?,
        Operand::Array(a) => a.astype(DType::Float64)?,
    };
    let n_op = Operand::Array(&n_arr);
    let mut refs: [&Operand<'_>; N] = std::array::from_fn(|i| &ops[i]);
    refs[0] = &n_op;
    let [r] = apply(op, names.1, First::F64, refs, int)?;
    Ok(r)
}

/// Evaluates the Legendre polynomial `P_n(x)` at `x`. SciPy's `scipy.special.eval_legendre(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with negative integer `n` by `P_{-n-1} = P_n`; a real degree runs the real-degree formula `hyp2f1(-n, n + 1, 1, (1 - x)/2)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the power series about 0 for `|x| < 1e-5`, else Bonnet's recurrence; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_legendre(3, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_legendre(3, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = -0.3824999999999999;
/// ```
pub fn eval_legendre<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_legendre",
        ("eval_legendre", "eval_legendre_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::legendre(n, x)]),
        |[n, x]| [orth::legendre_l(orth::deg(n), x)],
    )
}

/// Evaluates the Chebyshev polynomial of the first kind `T_n(x)` at `x`. SciPy's `scipy.special.eval_chebyt(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with negative integer `n` by `T_{-n} = T_n`; a real degree runs the real-degree formula `hyp2f1(-n, n, 1/2, (1 - x)/2)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree Clenshaw's recurrence (Mason and Handscomb); for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_chebyt(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_chebyt(4, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 0.34480000000000005;
/// ```
pub fn eval_chebyt<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_chebyt",
        ("eval_chebyt", "eval_chebyt_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::chebyt(n, x)]),
        |[n, x]| [orth::chebyt_l(orth::deg(n), x)],
    )
}

/// Evaluates the Chebyshev polynomial of the second kind `U_n(x)` at `x`. SciPy's `scipy.special.eval_chebyu(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with `U_{-1} = 0` and `U_{-n} = -U_{n-2}`; a real degree runs the real-degree formula `(n + 1) hyp2f1(-n, n + 2, 3/2, (1 - x)/2)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the three-term recurrence; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_chebyu(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_chebyu(4, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 0.04960000000000009;
/// ```
pub fn eval_chebyu<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_chebyu",
        ("eval_chebyu", "eval_chebyu_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::chebyu(n, x)]),
        |[n, x]| [orth::chebyu_l(orth::deg(n), x)],
    )
}

/// Evaluates the Chebyshev polynomial `C_n(x) = 2 T_n(x/2)` on `[-2, 2]` at `x`. SciPy's `scipy.special.eval_chebyc(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with as `eval_chebyt` at `x/2`; a real degree runs the real-degree formula `2 hyp2f1(-n, n, 1/2, (1 - x/2)/2)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree Clenshaw's recurrence; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.7f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_chebyc(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_chebyc(4, 0.7)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 0.2801000000000001;
/// ```
pub fn eval_chebyc<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_chebyc",
        ("eval_chebyc", "eval_chebyc_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::chebyc(n, x)]),
        |[n, x]| [orth::chebyc_l(orth::deg(n), x)],
    )
}

/// Evaluates the Chebyshev polynomial `S_n(x) = U_n(x/2)` on `[-2, 2]` at `x`. SciPy's `scipy.special.eval_chebys(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with as `eval_chebyu` at `x/2`; a real degree runs the real-degree formula `(n + 1) hyp2f1(-n, n + 2, 3/2, (1 - x/2)/2)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the three-term recurrence; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.7f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_chebys(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_chebys(4, 0.7)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = -0.22989999999999988;
/// ```
pub fn eval_chebys<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_chebys",
        ("eval_chebys", "eval_chebys_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::chebys(n, x)]),
        |[n, x]| [orth::chebys_l(orth::deg(n), x)],
    )
}

/// Evaluates the shifted Legendre polynomial `P*_n(x) = P_n(2x - 1)` on `[0, 1]` at `x`. SciPy's `scipy.special.eval_sh_legendre(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with as `eval_legendre` at `2x - 1`; a real degree runs the real-degree formula `hyp2f1 at `2x - 1``
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree as `eval_legendre` at `2x - 1`; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_sh_legendre(3, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_sh_legendre(3, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 0.44000000000000017;
/// ```
pub fn eval_sh_legendre<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_sh_legendre",
        ("eval_sh_legendre", "eval_sh_legendre_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::sh_legendre(n, x)]),
        |[n, x]| [orth::sh_legendre_l(orth::deg(n), x)],
    )
}

/// Evaluates the shifted Chebyshev polynomial `T*_n(x) = T_n(2x - 1)` on `[0, 1]` at `x`. SciPy's `scipy.special.eval_sh_chebyt(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with as `eval_chebyt` at `2x - 1`; a real degree runs the real-degree formula `hyp2f1 at `2x - 1``
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree Clenshaw's recurrence; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_sh_chebyt(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_sh_chebyt(4, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = -0.07520000000000016;
/// ```
pub fn eval_sh_chebyt<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_sh_chebyt",
        ("eval_sh_chebyt", "eval_sh_chebyt_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::sh_chebyt(n, x)]),
        |[n, x]| [orth::sh_chebyt_l(orth::deg(n), x)],
    )
}

/// Evaluates the shifted Chebyshev polynomial `U*_n(x) = U_n(2x - 1)` on `[0, 1]` at `x`. SciPy's `scipy.special.eval_sh_chebyu(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with as `eval_chebyu` at `2x - 1`; a real degree runs the real-degree formula `hyp2f1 at `2x - 1``
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the three-term recurrence; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_sh_chebyu(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_sh_chebyu(4, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = -0.5104000000000002;
/// ```
pub fn eval_sh_chebyu<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_sh_chebyu",
        ("eval_sh_chebyu", "eval_sh_chebyu_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::sh_chebyu(n, x)]),
        |[n, x]| [orth::sh_chebyu_l(orth::deg(n), x)],
    )
}

/// Evaluates the Jacobi polynomial `P_n^(alpha, beta)(x)` at `x`. SciPy's `scipy.special.eval_jacobi(n, alpha, beta, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'lddd->d'`), with negative integer `n` through the real-degree formula; a real degree runs the real-degree formula `binom(n + alpha, n) hyp2f1(-n, n + alpha + beta + 1, alpha + 1, (1 - x)/2)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ffff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the recurrence of the normalized sum times `binom(n + alpha, n)`; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_jacobi(3, 0.5, 1.5, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_jacobi(3, 0.5, 1.5, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = -0.39725000000000016;
/// ```
pub fn eval_jacobi<'a>(
    n: impl Into<Operand<'a>>,
    alpha: impl Into<Operand<'a>>,
    beta: impl Into<Operand<'a>>,
    x: impl Into<Operand<'a>>,
) -> Result<Array> {
    eval_poly(
        "special.eval_jacobi",
        ("eval_jacobi", "eval_jacobi_l"),
        [n.into(), alpha.into(), beta.into(), x.into()],
        Some(|[n, alpha, beta, x]| [orth::jacobi(n, alpha, beta, x)]),
        |[n, alpha, beta, x]| [orth::jacobi_l(orth::deg(n), alpha, beta, x)],
    )
}

/// Evaluates the shifted Jacobi polynomial `G_n^(p, q)(x) = P_n^(p-q, q-1)(2x - 1) / binom(2n + p - 1, n)` at `x`. SciPy's `scipy.special.eval_sh_jacobi(n, p, q, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'lddd->d'`), with as `eval_jacobi`; a real degree runs the real-degree formula `the Jacobi formula at `2x - 1``
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ffff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the Jacobi recurrence at `2x - 1`; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_sh_jacobi(3, 2.5, 1.5, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_sh_jacobi(3, 2.5, 1.5, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 0.01358741258741259;
/// ```
pub fn eval_sh_jacobi<'a>(
    n: impl Into<Operand<'a>>,
    p: impl Into<Operand<'a>>,
    q: impl Into<Operand<'a>>,
    x: impl Into<Operand<'a>>,
) -> Result<Array> {
    eval_poly(
        "special.eval_sh_jacobi",
        ("eval_sh_jacobi", "eval_sh_jacobi_l"),
        [n.into(), p.into(), q.into(), x.into()],
        Some(|[n, p, q, x]| [orth::sh_jacobi(n, p, q, x)]),
        |[n, p, q, x]| [orth::sh_jacobi_l(orth::deg(n), p, q, x)],
    )
}

/// Evaluates the Gegenbauer (ultraspherical) polynomial `C_n^(alpha)(x)` at `x`. SciPy's `scipy.special.eval_gegenbauer(n, alpha, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ldd->d'`), with 0 for negative integer `n`; `alpha = 0` through the real-degree formula (0 for `n >= 1`); a real degree runs the real-degree formula `Gamma(n + 2 alpha) / (Gamma(n + 1) Gamma(2 alpha)) hyp2f1(-n, n + 2 alpha, alpha + 1/2, (1 - x)/2)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'fff->f'` listed first). Complex input is not implemented. The result lives on
/// the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the power series about 0 for `|x| < 1e-5`, else the recurrence times `binom(n + 2 alpha - 1, n)`; for real
/// degree this crate's `hyp2f1` (Cephes). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_gegenbauer(3, 0.75, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_gegenbauer(3, 0.75, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = -0.6575624999999999;
/// ```
pub fn eval_gegenbauer<'a>(
    n: impl Into<Operand<'a>>,
    alpha: impl Into<Operand<'a>>,
    x: impl Into<Operand<'a>>,
) -> Result<Array> {
    eval_poly(
        "special.eval_gegenbauer",
        ("eval_gegenbauer", "eval_gegenbauer_l"),
        [n.into(), alpha.into(), x.into()],
        Some(|[n, alpha, x]| [orth::gegenbauer(n, alpha, x)]),
        |[n, alpha, x]| [orth::gegenbauer_l(orth::deg(n), alpha, x)],
    )
}

/// Evaluates the Laguerre polynomial `L_n(x)` at `x`. SciPy's `scipy.special.eval_laguerre(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ld->d'`), with 0 for negative integer `n`; a real degree runs the real-degree formula `binom(n + alpha, n) hyp1f1(-n, alpha + 1, x)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'ff->f'` listed first); an integer-valued real `n >= 0` takes the integer recurrence (where the
/// series terminates). Complex input is not implemented. The result lives on the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the recurrence of the normalized sum; for real
/// degree this crate's [`hyp1f1`](crate::hyp1f1). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_laguerre(3, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_laguerre(3, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 0.23049999999999998;
/// ```
pub fn eval_laguerre<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_laguerre",
        ("eval_laguerre", "eval_laguerre_l"),
        [n.into(), x.into()],
        Some(|[n, x]| [orth::laguerre(n, x)]),
        |[n, x]| [orth::laguerre_l(orth::deg(n), x)],
    )
}

/// Evaluates the generalized Laguerre polynomial `L_n^(alpha)(x)` at `x`. SciPy's `scipy.special.eval_genlaguerre(n, alpha, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** SciPy's two loops: an integer degree (a bool or integer array other than
/// uint64, or a Python int) runs the integer loop (float64 result whatever `x`'s dtype, SciPy's
/// `'ldd->d'`), with NaN for `alpha <= -1`; 0 for negative integer `n`; a real degree runs the real-degree formula `binom(n + alpha, n) hyp1f1(-n, alpha + 1, x)`
/// (float32 stays float32; bool, 8- and 16-bit integers and float16 in `x` give float32, SciPy's
/// `'fff->f'` listed first); an integer-valued real `n >= 0` takes the integer recurrence (where the
/// series terminates). Complex input is not implemented. The result lives on the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the recurrence of the normalized sum times
/// `binom(n + alpha, n)`; for real degree this crate's [`hyp1f1`](crate::hyp1f1). The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_genlaguerre(3, 0.5, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_genlaguerre(3, 0.5, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 1.0280000000000002;
/// ```
pub fn eval_genlaguerre<'a>(
    n: impl Into<Operand<'a>>,
    alpha: impl Into<Operand<'a>>,
    x: impl Into<Operand<'a>>,
) -> Result<Array> {
    eval_poly(
        "special.eval_genlaguerre",
        ("eval_genlaguerre", "eval_genlaguerre_l"),
        [n.into(), alpha.into(), x.into()],
        Some(|[n, alpha, x]| [orth::genlaguerre(n, alpha, x)]),
        |[n, alpha, x]| [orth::genlaguerre_l(orth::deg(n), alpha, x)],
    )
}

/// Evaluates the physicists' Hermite polynomial `H_n(x)` at `x`. SciPy's `scipy.special.eval_hermite(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** the degree `n` must be an integer (a bool or integer array other than uint64,
/// or a Python int), as SciPy's only loop `'ld->d'`; NaN for `n < 0`. The result is float64 whatever `x`'s
/// dtype. The result lives on the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree `2^(n/2) He_n(sqrt(2) x)` with the recurrence of `He_n`. The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16, [`Error::DType`](cuprum_core::Error::DType) for a
/// non-integer degree (SciPy's `TypeError`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_hermite(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_hermite(4, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 7.8096;
/// ```
pub fn eval_hermite<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_hermite",
        ("eval_hermite", "eval_hermite_l"),
        [n.into(), x.into()],
        None,
        |[n, x]| [orth::hermite(orth::deg(n), x)],
    )
}

/// Evaluates the probabilists' Hermite polynomial `He_n(x)` at `x`. SciPy's `scipy.special.eval_hermitenorm(n, x)`.
///
/// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
/// result has the broadcast shape.
///
/// **Semantics:** the degree `n` must be an integer (a bool or integer array other than uint64,
/// or a Python int), as SciPy's only loop `'ld->d'`; NaN for `n < 0`. The result is float64 whatever `x`'s
/// dtype. The result lives on the input's device.
///
/// **Algorithm:** SciPy 1.17.1's `orthogonal_eval.pxd`: for integer degree the three-term recurrence. The CPU computes in float64 (Rust,
/// `scalar/orthogonal.rs`); CUDA runs the same steps in `kernels/special/orthogonal.cuh`.
/// Within 1e-12 relative (1e-13 absolute) of SciPy's values on the tested grids (degrees up to
/// 30, `|x|` up to 25); the recurrences' rounding grows with the degree.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16, [`Error::DType`](cuprum_core::Error::DType) for a
/// non-integer degree (SciPy's `TypeError`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::eval_hermitenorm(4, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.eval_hermitenorm(4, 0.3)
/// assert!((r[0] - VALUE).abs() <= 1e-14 * VALUE.abs());
/// # const VALUE: f64 = 2.4681;
/// ```
pub fn eval_hermitenorm<'a>(n: impl Into<Operand<'a>>, x: impl Into<Operand<'a>>) -> Result<Array> {
    eval_poly(
        "special.eval_hermitenorm",
        ("eval_hermitenorm", "eval_hermitenorm_l"),
        [n.into(), x.into()],
        None,
        |[n, x]| [orth::hermitenorm(orth::deg(n), x)],
    )
}
