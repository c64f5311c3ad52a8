//! The elementwise operation vocabulary shared by every backend.

/// A one-operand elementwise operation (NumPy ufunc names): the vocabulary of
/// [`crate::ext::prim::unary`], and the spec every backend implements.
///
/// **Backend contract:** the source dtype is the compute dtype; the destination is that dtype,
/// bool for predicates (`IsNan`, `IsInf`, `IsFinite`, `Signbit`, `LogicalNot`), or the real
/// dtype for `Abs`/`Real`/`Imag`/`Angle` of complex. float16/bfloat16 compute in f32 and round
/// once; complex64 computes in f32 parts. Combinations marked "no loop" are rejected with
/// `Error::DType` (the ops layer casts, e.g. `sqrt` of int8 runs on float16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnaryOp {
    /// `-x`. Integers wrap (`-MIN == MIN`). No bool loop (the ops layer rejects bool).
    Negative,
    /// `+x` (identity). No bool loop in NumPy (rejected above).
    Positive,
    /// `|x|`. Integers wrap (`abs(MIN) == MIN`); bool is the identity; complex → real dtype, `hypot(re, im)`.
    Abs,
    /// -1, 0 or 1 (`0` for both zeros, NaN for NaN). Complex (NumPy 2): `z/|z|`; `0` for 0; NaN+NaNj when a part is NaN or both parts are infinite; `±1` along the one infinite part otherwise.
    Sign,
    /// Square root (principal branch for complex). Float and complex dtypes only.
    Sqrt,
    /// Real cube root. Float dtypes only (no complex).
    Cbrt,
    /// `x*x`. Integers wrap.
    Square,
    /// `1/x`. Integers: `1/x` truncated toward zero, and 0 for x = 0 (NumPy's integer result there is platform-dependent).
    Reciprocal,
    /// `e**x`. Float and complex.
    Exp,
    /// `2**x`. Float and complex.
    Exp2,
    /// `e**x - 1`, accurate near 0. Complex: `(expm1(re)*cos(im) - 2*sin(im/2)**2) + i*exp(re)*sin(im)` (NumPy's formula).
    Expm1,
    /// Natural logarithm (principal branch for complex).
    Log,
    /// Base-2 logarithm.
    Log2,
    /// Base-10 logarithm.
    Log10,
    /// `log(1 + x)`, accurate near 0. Complex: `log(hypot(re+1, im)) + i*atan2(im, re+1)`.
    Log1p,
    /// Sine (radians).
    Sin,
    /// Cosine.
    Cos,
    /// Tangent.
    Tan,
    /// Inverse sine (C99 branch cuts for complex).
    Arcsin,
    /// Inverse cosine.
    Arccos,
    /// Inverse tangent.
    Arctan,
    /// Hyperbolic sine.
    Sinh,
    /// Hyperbolic cosine.
    Cosh,
    /// Hyperbolic tangent.
    Tanh,
    /// Inverse hyperbolic sine.
    Arcsinh,
    /// Inverse hyperbolic cosine.
    Arccosh,
    /// Inverse hyperbolic tangent.
    Arctanh,
    /// Round toward -inf. Integers and bool: identity. No complex loop.
    Floor,
    /// Round toward +inf. Integers and bool: identity. No complex loop.
    Ceil,
    /// Round toward zero. Integers and bool: identity. No complex loop.
    Trunc,
    /// Round to nearest, halves to even (`round_ties_even`); complex rounds both parts. Float and complex only (NumPy computes `rint` of integers in float).
    Rint,
    /// Bitwise NOT for integers (two's complement), logical NOT for bool. No float/complex loop.
    Invert,
    /// `x == 0` (complex: both parts zero) → bool.
    LogicalNot,
    /// Complex conjugate; identity for real dtypes.
    Conj,
    /// Real part (complex → real dtype); identity for real dtypes.
    Real,
    /// Imaginary part (complex → real dtype); zeros for real dtypes.
    Imag,
    /// `atan2(im, re)` (complex → real dtype); floats: `atan2(0, x)` (0 or π, π for -0.0).
    Angle,
    /// NaN test → bool (complex: either part); false for integers and bool.
    IsNan,
    /// ±inf test → bool (complex: either part); false for integers and bool.
    IsInf,
    /// Finite test → bool (complex: both parts); true for integers and bool.
    IsFinite,
    /// Sign bit set → bool (true for -0.0 and negative NaN; `x < 0` for integers; false for bool). No complex loop.
    Signbit,
    /// Degrees to radians (`x * π/180`). Float only.
    Deg2Rad,
    /// Radians to degrees (`x * 180/π`). Float only.
    Rad2Deg,
}

/// A two-operand elementwise operation (NumPy ufunc names): the vocabulary of
/// [`crate::ext::prim::binary`], and the spec every backend implements.
///
/// **Backend contract:** both inputs have the compute dtype; the destination is that dtype,
/// or bool for comparisons and logical operations ([`BinaryOp::returns_bool`]).
/// float16/bfloat16 compute in f32 and round once (except `Nextafter`); complex64 computes in
/// f32 parts. Combinations marked "no loop" are rejected with `Error::DType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BinaryOp {
    /// `a + b`. Integers wrap; bool: logical or.
    Add,
    /// `a - b`. Integers wrap. No bool loop.
    Subtract,
    /// `a * b`. Integers wrap; bool: logical and.
    Multiply,
    /// True division `a / b` (IEEE: `x/0` is ±inf or NaN). Float and complex only (integers are computed in float64 by the ops layer).
    Divide,
    /// Floor division. Integers: rounds toward -inf, `x // 0 == 0`, `MIN // -1 == MIN` (wraps). Floats: NumPy's `npy_divmod`: `mod = fmod(a, b)`; `div = (a - mod) / b`, minus 1 when `mod` is nonzero and its sign differs from `b`'s; then `floor(div)` (+1 when `div - floor(div) > 0.5`), or `copysign(0, a/b)` when `div` is 0; `b == 0` gives `a / b` (±inf, NaN for 0/0 and NaN). No complex loop.
    FloorDivide,
    /// Remainder with the sign of the divisor (Python's `%`). Integers: `x % 0 == 0`, `MIN % -1 == 0`. Floats: the `mod` of `npy_divmod` above (`fmod`, plus `b` when the signs differ, `copysign(0, b)` when zero; NaN when `b == 0`; `-1 % inf == inf`). No complex loop.
    Remainder,
    /// C `fmod`: remainder with the sign of the dividend; integers: C `%` with `x fmod 0 == 0`. No complex loop.
    Fmod,
    /// `a ** b`. Integers: wrapping exponentiation by squaring; a negative exponent makes the backend report `Error::OutOfDomain` ("integers to negative integer powers are not allowed") after writing 0 there. Floats: C `pow`. Complex: `x**0 == 1`; `0**b` is 0 for real `b > 0` and NaN+NaNj otherwise; integral real `b` with `|b| <= 100` by repeated multiplication (reciprocal for negative); else `exp(b*log(a))`.
    Power,
    /// Larger of the two; NaN propagates (`a` if `a` is NaN or `a > b`, else `b`, so ties give `b`). Complex: lexicographic, a NaN in either part propagates (first operand first).
    Maximum,
    /// Smaller of the two; NaN propagates (`a` if `a` is NaN or `a < b`, else `b`). Complex as `Maximum`.
    Minimum,
    /// Larger of the two ignoring NaN (`a` if `b` is NaN or `a > b`, else `b`); NaN only when both are. Complex: lexicographic.
    Fmax,
    /// Smaller of the two ignoring NaN. Complex: lexicographic.
    Fmin,
    /// `a == b` → bool (IEEE; complex: both parts equal).
    Equal,
    /// `a != b` → bool.
    NotEqual,
    /// `a < b` → bool. Complex: lexicographic (`a.re < b.re || (a.re == b.re && a.im < b.im)`); bool: `!a & b`.
    Less,
    /// `a <= b` → bool (lexicographic for complex).
    LessEqual,
    /// `a > b` → bool (lexicographic for complex).
    Greater,
    /// `a >= b` → bool (lexicographic for complex).
    GreaterEqual,
    /// `(a != 0) && (b != 0)` → bool (complex: either part nonzero is true).
    LogicalAnd,
    /// `(a != 0) || (b != 0)` → bool.
    LogicalOr,
    /// `(a != 0) != (b != 0)` → bool.
    LogicalXor,
    /// `a & b` (logical for bool). No float/complex loop.
    BitwiseAnd,
    /// `a | b` (logical for bool). No float/complex loop.
    BitwiseOr,
    /// `a ^ b` (logical for bool). No float/complex loop.
    BitwiseXor,
    /// `a << b`; 0 when `b` is negative or `>=` the bit width (NumPy casts `b` to an unsigned size). Integers only.
    LeftShift,
    /// `a >> b` (arithmetic for signed); when `b` is negative or `>=` the bit width: -1 for negative `a`, else 0. Integers only.
    RightShift,
    /// `sqrt(a² + b²)` without undue overflow (C `hypot`). Float only.
    Hypot,
    /// C `atan2(a, b)`: the angle of the point `(b, a)`. Float only.
    Arctan2,
    /// Magnitude of `a` with the sign bit of `b`. Float only.
    Copysign,
    /// Next representable value after `a` toward `b`, in the storage precision (float16/bfloat16 step in their own bits); `b` when equal; NaN when either is NaN. Float only.
    Nextafter,
}

impl UnaryOp {
    /// NumPy's name of the ufunc (used in error messages and kernel names).
    pub fn name(self) -> &'static str {
        use UnaryOp::*;
        match self {
            Negative => "negative",
            Positive => "positive",
            Abs => "abs",
            Sign => "sign",
            Sqrt => "sqrt",
            Cbrt => "cbrt",
            Square => "square",
            Reciprocal => "reciprocal",
            Exp => "exp",
            Exp2 => "exp2",
            Expm1 => "expm1",
            Log => "log",
            Log2 => "log2",
            Log10 => "log10",
            Log1p => "log1p",
            Sin => "sin",
            Cos => "cos",
            Tan => "tan",
            Arcsin => "arcsin",
            Arccos => "arccos",
            Arctan => "arctan",
            Sinh => "sinh",
            Cosh => "cosh",
            Tanh => "tanh",
            Arcsinh => "arcsinh",
            Arccosh => "arccosh",
            Arctanh => "arctanh",
            Floor => "floor",
            Ceil => "ceil",
            Trunc => "trunc",
            Rint => "rint",
            Invert => "invert",
            LogicalNot => "logical_not",
            Conj => "conjugate",
            Real => "real",
            Imag => "imag",
            Angle => "angle",
            IsNan => "isnan",
            IsInf => "isinf",
            IsFinite => "isfinite",
            Signbit => "signbit",
            Deg2Rad => "deg2rad",
            Rad2Deg => "rad2deg",
        }
    }
}

/// `$ty::name` (documented by `$doc`) and the array `$ty::$all` of every variant (in table
/// order) from one table of the variants of the enum `$ty` and their NumPy names.
macro_rules! op_names {
    ($ty:ident, $all:ident, $doc:literal; $($v:ident => $n:literal,)*) => {
        impl $ty {
            #[doc = $doc]
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$v => $n,)*
                }
            }

            /// Every variant, in declaration order.
            pub(crate) const $all: [$ty; [$($n),*].len()] = [$($ty::$v),*];
        }
    };
}
pub(crate) use op_names;

op_names! {
    BinaryOp, ALL, "NumPy's name of the ufunc.";
    Add => "add",
    Subtract => "subtract",
    Multiply => "multiply",
    Divide => "divide",
    FloorDivide => "floor_divide",
    Remainder => "remainder",
    Fmod => "fmod",
    Power => "power",
    Maximum => "maximum",
    Minimum => "minimum",
    Fmax => "fmax",
    Fmin => "fmin",
    Equal => "equal",
    NotEqual => "not_equal",
    Less => "less",
    LessEqual => "less_equal",
    Greater => "greater",
    GreaterEqual => "greater_equal",
    LogicalAnd => "logical_and",
    LogicalOr => "logical_or",
    LogicalXor => "logical_xor",
    BitwiseAnd => "bitwise_and",
    BitwiseOr => "bitwise_or",
    BitwiseXor => "bitwise_xor",
    LeftShift => "left_shift",
    RightShift => "right_shift",
    Hypot => "hypot",
    Arctan2 => "arctan2",
    Copysign => "copysign",
    Nextafter => "nextafter",
}

impl BinaryOp {
    /// True when the result is bool whatever the operand dtype (comparisons, logical ops).
    pub fn returns_bool(self) -> bool {
        use BinaryOp::*;
        matches!(
            self,
            Equal
                | NotEqual
                | Less
                | LessEqual
                | Greater
                | GreaterEqual
                | LogicalAnd
                | LogicalOr
                | LogicalXor
        )
    }
}
