//! The CPU engine: runs a user kernel's CUDA C++ body on the CPU.
//!
//! A user kernel's text (`preamble`, `operation`, `map_expr`, ...) is parsed into a small C/C++
//! subset, type-checked against the bound dtypes (C's usual arithmetic conversions, CUDA's
//! wrapping integer arithmetic, IEEE single/double without FMA contraction) and compiled once per
//! dtype signature into a typed program that runs in parallel with rayon.

use cuprum_core::{DType, Scalar};

/// How a kernel variable reaches the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// An element of a broadcast array: the body reads/writes `x` for element `i`.
    Elem {
        /// Whether the body writes it (an output parameter).
        output: bool,
    },
    /// A raw array (`raw T x`): the body indexes it with a flat C-order index `x[j]`.
    Raw {
        /// Whether the body writes it (an output parameter).
        output: bool,
    },
    /// A scalar parameter, the same value for every element.
    Scalar,
}

/// One kernel variable: its name in the body, its dtype and how it is passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarSpec {
    /// The identifier used in the body.
    pub name: String,
    /// The element dtype.
    pub dtype: DType,
    /// How the variable reaches the body.
    pub kind: VarKind,
}

/// A syntax/semantic error located in the user's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Which piece of user text: "operation" | "preamble" | "map_expr" | ...
    pub section: &'static str,
    /// 1-based line within that section.
    pub line: usize,
    /// 1-based column within that line.
    pub column: usize,
    /// The offending source line.
    pub source_line: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: {}",
            self.section, self.line, self.column, self.message
        )?;
        writeln!(f, "  {}", self.source_line)?;
        write!(f, "  {}^", " ".repeat(self.column.saturating_sub(1)))
    }
}

impl std::error::Error for Diagnostic {}

/// One argument of a CPU kernel run.
pub enum CpuArg<'a> {
    /// An array view (Elem args already broadcast to the run shape; Raw args as given).
    Array(cuprum_core::ext::View<'a>),
    /// A scalar parameter's value.
    Scalar(Scalar),
}

fn unsupported(section: &'static str, message: &str) -> Diagnostic {
    Diagnostic {
        section,
        line: 1,
        column: 1,
        source_line: String::new(),
        message: message.to_string(),
    }
}

/// A compiled elementwise kernel body (CuPy's `ElementwiseKernel`) for one dtype signature.
pub struct ElementwiseProgram {
    _private: (),
}

impl ElementwiseProgram {
    /// Parses and type-checks the kernel text against `vars`.
    ///
    /// # Errors
    /// A [`Diagnostic`] locating the first syntax or semantic error.
    pub fn compile(
        vars: &[VarSpec],
        preamble: &str,
        loop_prep: &str,
        operation: &str,
        after_loop: &str,
    ) -> Result<Self, Diagnostic> {
        let _ = (vars, preamble, loop_prep, operation, after_loop);
        Err(unsupported(
            "operation",
            "the CPU kernel engine is not implemented yet",
        ))
    }

    /// Runs over `shape` (the broadcast shape). Elem args are views already broadcast to
    /// `shape`; Raw args are the arrays as given (the body indexes them with a flat C-order
    /// index); outputs are written in place. `i` is the C-order linear index, `_ind.size()` the
    /// total size.
    ///
    /// # Errors
    /// Argument count/dtype mismatches, out-of-bounds raw indexing.
    pub fn run(&self, args: &[CpuArg<'_>], shape: &[usize]) -> cuprum_core::Result<()> {
        let _ = (args, shape);
        Err(cuprum_core::Error::unsupported(
            "cpu kernel",
            "the CPU kernel engine is not implemented yet",
        ))
    }
}

/// A compiled reduction kernel (CuPy's `ReductionKernel`) for one dtype signature.
pub struct ReductionProgram {
    _private: (),
}

impl ReductionProgram {
    /// CuPy's ReductionKernel: `a`/`b` in reduce_expr, `a` in post_map_expr, `_type_reduce` =
    /// reduce_type, `identity` text (may be empty: no identity), `_in_ind`/`_out_ind`.
    ///
    /// # Errors
    /// A [`Diagnostic`] locating the first syntax or semantic error.
    #[allow(clippy::too_many_arguments)]
    pub fn compile(
        in_vars: &[VarSpec],
        out_vars: &[VarSpec],
        reduce_type: DType,
        preamble: &str,
        map_expr: &str,
        reduce_expr: &str,
        post_map_expr: &str,
        identity: &str,
    ) -> Result<Self, Diagnostic> {
        let _ = (
            in_vars,
            out_vars,
            reduce_type,
            preamble,
            map_expr,
            reduce_expr,
            post_map_expr,
            identity,
        );
        Err(unsupported(
            "map_expr",
            "the CPU kernel engine is not implemented yet",
        ))
    }

    /// `in_shape` is the broadcast input shape; `axes` the reduced axes (sorted, normalized);
    /// outputs have the kept-axes shape (the caller handles keepdims by reshaping).
    ///
    /// # Errors
    /// Argument count/dtype mismatches, empty reductions without an identity.
    pub fn run(
        &self,
        ins: &[CpuArg<'_>],
        outs: &[CpuArg<'_>],
        in_shape: &[usize],
        axes: &[usize],
    ) -> cuprum_core::Result<()> {
        let _ = (ins, outs, in_shape, axes);
        Err(cuprum_core::Error::unsupported(
            "cpu kernel",
            "the CPU kernel engine is not implemented yet",
        ))
    }
}
