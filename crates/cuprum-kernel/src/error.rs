//! [`KernelError`]: cuprum-kernel's one structured error type.

use cuprum_core::DType;
use std::fmt;

/// Result alias used across cuprum-kernel.
pub type Result<T, E = KernelError> = std::result::Result<T, E>;

cuprum_core::feature_error_impls!(
    /// `?` on a kernel result inside a function returning `cuprum_core::Result`: a
    /// [`KernelError::Core`] unwraps to the core error it holds, every other variant travels as
    /// [`cuprum_core::Error::Feature`] (get it back with `e.feature::<KernelError>()`).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_kernel::{ElementwiseKernel, KernelError, args};
    /// fn run(a: &Array) -> cuprum_core::Result<Vec<Array>> {
    ///     let k = ElementwiseKernel::new("float32 x", "float32 y", "y = x * 2", "twice")?;
    ///     Ok(k.call(args![a])?)
    /// }
    /// let a = Array::from_vec_on(vec![1i64, 2], &[2], Device::Cpu).unwrap();
    /// let e = run(&a).unwrap_err();
    /// assert!(matches!(e.feature::<KernelError>(), Some(KernelError::DTypeMismatch { .. })));
    /// ```
    KernelError
);

/// A core error that carries a kernel error ([`cuprum_core::Error::Feature`], e.g. from the
/// CPU engine) comes back as that kernel error; every other one is [`KernelError::Core`].
impl From<cuprum_core::Error> for KernelError {
    fn from(e: cuprum_core::Error) -> Self {
        match e {
            cuprum_core::Error::Feature(b) => match b.downcast::<KernelError>() {
                Ok(k) => *k,
                Err(b) => KernelError::Core(cuprum_core::Error::Feature(b)),
            },
            other => KernelError::Core(other),
        }
    }
}

/// One compiler message located in the user's own source: which piece of text (`operation`,
/// `preamble`, `map_expr`, `source` for a raw kernel, ...), the 1-based line and column there,
/// the line itself and the message. Displayed as `section:line:col: message`, the line, and a
/// caret under the column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceDiagnostic {
    /// The piece of user text (`"operation"`, `"preamble"`, `"loop_prep"`, `"after_loop"`,
    /// `"map_expr"`, `"reduce_expr"`, `"post_map_expr"`, `"identity"`, `"source"`), or
    /// `"generated"` when the compiler blamed cuprum's generated code.
    pub section: String,
    /// 1-based line within the section (0 when unknown).
    pub line: usize,
    /// 1-based column within the line (0 when the compiler did not say).
    pub column: usize,
    /// The offending line of the user's text (empty when unknown).
    pub source_line: String,
    /// The compiler's message.
    pub message: String,
}

impl fmt::Display for SourceDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.section, self.line, self.column, self.message
            )?;
        } else {
            write!(f, "{}:{}: {}", self.section, self.line, self.message)?;
        }
        if !self.source_line.is_empty() {
            write!(f, "\n    {}", self.source_line)?;
            // caret under the column (or under the first non-blank character)
            let col = if self.column > 0 {
                self.column
            } else {
                self.source_line
                    .chars()
                    .position(|c| !c.is_whitespace())
                    .map_or(1, |p| p + 1)
            };
            let pad: String = self
                .source_line
                .chars()
                .take(col.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "\n    {pad}^")?;
        }
        Ok(())
    }
}

/// Everything that can go wrong building or calling a user kernel. Each variant names the
/// kernel and the values involved.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum KernelError {
    /// An error from cuprum-core (broadcasting, devices, memory, axes, CUDA).
    #[error(transparent)]
    Core(cuprum_core::Error),
    /// The kernel's source does not compile (NVRTC on a GPU, the CPU engine's parser and type
    /// checker on the CPU); each diagnostic points into the user's own text.
    #[error("kernel {kernel} does not compile ({compiler}):\n{}", fmt_diags(.diagnostics, .log))]
    Compile {
        /// the kernel's name
        kernel: String,
        /// `"NVRTC"` or `"the CPU kernel engine"`
        compiler: &'static str,
        /// the errors, located in the user's sections
        diagnostics: Vec<SourceDiagnostic>,
        /// the compiler's raw log (NVRTC), empty for the CPU engine
        log: String,
    },
    /// A parameter list (`"float32 x, T y, raw T w"`) that does not parse.
    #[error("kernel {kernel}: bad {which} {text:?}: {reason}")]
    Params {
        /// the kernel's name
        kernel: String,
        /// `"in_params"` or `"out_params"`
        which: &'static str,
        /// the whole parameter string
        text: String,
        /// what is wrong
        reason: String,
    },
    /// A constructor argument that is not valid (kernel name, reduce type, identity, ...).
    #[error("kernel {kernel}: invalid {what}: {reason}")]
    InvalidSpec {
        /// the kernel's name
        kernel: String,
        /// which argument
        what: &'static str,
        /// what is wrong
        reason: String,
    },
    /// The call has the wrong number of arguments (CuPy raises `TypeError`).
    #[error("kernel {kernel}: takes {expected} arguments, {got} given")]
    ArgCount {
        /// the kernel's name
        kernel: String,
        /// what is accepted, e.g. `"2 or 3"`
        expected: String,
        /// how many were given
        got: usize,
    },
    /// An argument of the wrong kind: a scalar for an output or `raw` parameter, `size` given
    /// together with non-raw arrays, or no loop size at all.
    #[error("kernel {kernel}: argument {param:?}: {reason}")]
    BadArgument {
        /// the kernel's name
        kernel: String,
        /// the parameter's name (or `"size"`)
        param: String,
        /// what is wrong
        reason: String,
    },
    /// An array for a fixed-type parameter has another dtype (no implicit cast, as CuPy).
    #[error(
        "kernel {kernel}: parameter {param} is {expected}, but an array of {got} was given (type is mismatched; cast it first)"
    )]
    DTypeMismatch {
        /// the kernel's name
        kernel: String,
        /// the parameter's name
        param: String,
        /// the parameter's fixed dtype
        expected: DType,
        /// the argument's dtype
        got: DType,
    },
    /// A type placeholder bound to one dtype meets an array of another.
    #[error(
        "kernel {kernel}: type placeholder {placeholder} is bound to {bound} (by {bound_by}), but parameter {param} got an array of {got}"
    )]
    PlaceholderConflict {
        /// the kernel's name
        kernel: String,
        /// the placeholder, e.g. `"T"`
        placeholder: String,
        /// the dtype it is bound to
        bound: DType,
        /// the parameter that bound it
        bound_by: String,
        /// the parameter in conflict
        param: String,
        /// its argument's dtype
        got: DType,
    },
    /// A type placeholder no argument binds (it appears only in outputs).
    #[error("kernel {kernel}: type placeholder {placeholder} is not bound by any argument")]
    UnboundPlaceholder {
        /// the kernel's name
        kernel: String,
        /// the placeholder
        placeholder: String,
    },
    /// A dtype the kernel machinery cannot handle here (e.g. bfloat16 as a reduce type on the
    /// CPU engine).
    #[error("kernel {kernel}: {what} of dtype {dtype} is not supported: {reason}")]
    UnsupportedDType {
        /// the kernel's name
        kernel: String,
        /// what has that dtype
        what: String,
        /// the dtype
        dtype: DType,
        /// why
        reason: String,
    },
    /// A reduction over an empty axis by a kernel without identity.
    #[error(
        "kernel {kernel}: zero-size reduction (input shape {shape:?}) of a kernel that has no identity"
    )]
    EmptyReduction {
        /// the kernel's name
        kernel: String,
        /// the input shape
        shape: Vec<usize>,
    },
    /// A GPU-only feature used on the CPU.
    #[error(
        "{what} {kernel} runs CUDA C source with CUDA's thread model on a GPU; it cannot run on the CPU ({reason})"
    )]
    GpuOnly {
        /// `"RawKernel"` or `"RawModule"`
        what: &'static str,
        /// the kernel's (or module's) name
        kernel: String,
        /// why
        reason: &'static str,
    },
    /// An invalid launch configuration for a raw kernel.
    #[error("kernel {kernel}: invalid launch: {reason}")]
    Launch {
        /// the kernel's name
        kernel: String,
        /// what is wrong
        reason: String,
    },
    /// The CPU engine stopped the call: its [`CpuLimits`](crate::CpuLimits) time limit passed
    /// or its [`CancelToken`](crate::CancelToken) was cancelled ([`crate::with_cpu_limits`]).
    #[error("{op}: the CPU engine stopped the call: {reason}")]
    Stopped {
        /// `"ElementwiseKernel"` or `"ReductionKernel"`
        op: &'static str,
        /// why
        reason: crate::StopReason,
    },
    /// A raw module has no kernel of that name (or name expression).
    #[error("module has no kernel {name:?}{hint}")]
    NoSuchKernel {
        /// the name asked for
        name: String,
        /// a hint (starts with "; " or empty)
        hint: String,
    },
}

fn fmt_diags(d: &[SourceDiagnostic], log: &str) -> String {
    if d.is_empty() {
        return log.trim_end().to_string();
    }
    d.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

impl KernelError {
    /// The conformance corpus' error class for this error: `compile_error`, `dtype`,
    /// `invalid_argument`, `broadcast`, `axis_out_of_bounds`, `invalid_value`, `overflow`, or
    /// `other`.
    ///
    /// ```
    /// use cuprum_kernel::KernelError;
    /// let e = KernelError::ArgCount { kernel: "k".into(), expected: "2 or 3".into(), got: 1 };
    /// assert_eq!(e.conformance_class(), "invalid_argument");
    /// ```
    pub fn conformance_class(&self) -> &'static str {
        use cuprum_core::Error as E;
        match self {
            KernelError::Compile { .. } => "compile_error",
            KernelError::DTypeMismatch { .. }
            | KernelError::PlaceholderConflict { .. }
            | KernelError::UnboundPlaceholder { .. }
            | KernelError::UnsupportedDType { .. } => "dtype",
            KernelError::ArgCount { .. }
            | KernelError::BadArgument { .. }
            | KernelError::Params { .. }
            | KernelError::InvalidSpec { .. }
            | KernelError::Launch { .. }
            | KernelError::NoSuchKernel { .. } => "invalid_argument",
            KernelError::EmptyReduction { .. } => "invalid_value",
            KernelError::GpuOnly { .. } => "unsupported",
            KernelError::Stopped { .. } => "other",
            KernelError::Core(c) => match c {
                E::Broadcast { .. } => "broadcast",
                E::AxisOutOfBounds { .. } => "axis_out_of_bounds",
                E::DType { .. } | E::DTypeMismatch { .. } => "dtype",
                E::InvalidValue { .. }
                | E::BadArgument { .. }
                | E::OutOfDomain { .. }
                | E::BadShape { .. } => "invalid_value",
                E::Overflow { .. } => "overflow",
                E::ShapeMismatch { .. } => "shape_mismatch",
                E::Unsupported { .. } => "unsupported",
                _ => "other",
            },
        }
    }
}
