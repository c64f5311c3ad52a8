//! The elementwise operation vocabulary shared by every backend.

/// A one-operand elementwise operation (NumPy ufunc names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[allow(missing_docs)]
pub enum UnaryOp {
    Negative,
    Positive,
    Abs,
    Sign,
    Sqrt,
    Cbrt,
    Square,
    Reciprocal,
    Exp,
    Exp2,
    Expm1,
    Log,
    Log2,
    Log10,
    Log1p,
    Sin,
    Cos,
    Tan,
    Arcsin,
    Arccos,
    Arctan,
    Sinh,
    Cosh,
    Tanh,
    Arcsinh,
    Arccosh,
    Arctanh,
    Floor,
    Ceil,
    Trunc,
    Rint,
    /// bitwise NOT for integers, logical NOT for bool
    Invert,
    LogicalNot,
    Conj,
    Real,
    Imag,
    Angle,
    IsNan,
    IsInf,
    IsFinite,
    Signbit,
    Deg2Rad,
    Rad2Deg,
}

/// A two-operand elementwise operation (NumPy ufunc names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[allow(missing_docs)]
pub enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    FloorDivide,
    Remainder,
    Fmod,
    Power,
    Maximum,
    Minimum,
    Fmax,
    Fmin,
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    LeftShift,
    RightShift,
    Hypot,
    Arctan2,
    Copysign,
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

impl BinaryOp {
    /// NumPy's name of the ufunc.
    pub fn name(self) -> &'static str {
        use BinaryOp::*;
        match self {
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
    }

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
