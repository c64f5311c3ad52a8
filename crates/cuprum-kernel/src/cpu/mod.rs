//! The CPU engine: runs a user kernel's CUDA C++ body on the CPU.
//!
//! A user kernel's text (`preamble`, `loop_prep`, `operation`, `after_loop`, or a reduction's
//! `map_expr`, `reduce_expr`, `post_map_expr`, `identity`) is parsed into a small C/C++ subset,
//! type-checked against the bound dtypes and compiled once per dtype signature into a tree of
//! typed closures over vector registers. A run executes it over batches of 512 loop indices at
//! once (control flow narrows a lane mask, as a GPU warp does), batches spread over rayon's
//! threads.
//!
//! **Semantics (the GPU's, bit for bit where the GPU is deterministic)**: integer promotion and
//! the usual arithmetic conversions; signed and unsigned integer arithmetic wraps; `/`
//! truncates toward zero and `%` takes the dividend's sign; shifts clamp their count as PTX
//! does; `float` arithmetic in single precision and `double` in double, each operation rounded
//! once (no contraction: the GPU compiles with `--fmad=false`; `fma()` fuses); conversions on
//! assignment and casts as `kernels/common.cuh`'s `cast<T>` (float → integer truncates,
//! saturates, NaN → 0; integer → integer wraps; → bool is `!= 0`); `float16`/`bfloat16`
//! values compute in `float` and round to nearest even when stored (`y op= v` converts `v` to
//! `float` first, as the GPU's `float16::operator op=` does); `complex<T>` arithmetic as
//! `kernels/user.cuh` defines it (`complex<F> op F` acts on the parts). Integer division by zero
//! does not trap (all ones; `x % 0` is `x`).
//!
//! **Transcendental functions** (`exp`, `log`, `sin`, `pow`, `erf`, ...) use Rust's `std`
//! (the platform libm) and the `libm` crate; CUDA's implementations differ from them by a few
//! ulps (CUDA documents ≤ 1–4 ulp for the common float functions, ≤ 1–2 ulp for double).
//! `sqrt`, `fabs`, `floor`, `ceil`, `trunc`, `round`, `rint`, `fmin`/`fmax`, `fma`, `copysign`
//! are exact on both sides.
//!
//! **Supported**: expressions with C precedence (all arithmetic, bitwise, logical (short
//! circuit), comparison, conditional, comma, assignment and compound assignment operators,
//! `++`/`--`); local declarations (`const`, `auto`, several declarators, placeholder type
//! names, `T t(x)`), `if`/`else`, `for`, `while`, `do`/`while`, `break`, `continue`,
//! `return`; casts (`(T)x`, `T(x)`, `static_cast<T>(x)`); `__device__` functions in the
//! preamble (inlined; value, `T&` and `const T&` parameters, early `return`), `typedef`,
//! `__device__`/`const` globals, object-like `#define` (`#include`/`#pragma` lines are
//! skipped); `complex<float>`/`complex<double>` (also `thrust::`/`std::`) with `real()`,
//! `imag()`, `abs()`, `arg()`, `norm()`, `conj()`, `exp`/`log`/`sqrt`/trig/`pow`; CUDA math
//! functions and their `f`-suffixed and `__`-intrinsic forms; bit intrinsics
//! (`__float_as_int`, `__popc`, `__clz`, `__ffs`, `__brev`, ...); `i`, `_ind.size()`,
//! `_in_ind.size()`, `_out_ind.size()`, `x.size()` and `x[k]` reads and writes of raw arrays
//! (bounds-checked: an out-of-range index is an error, not a crash).
//!
//! **Not supported** (each a [`Diagnostic`] naming it): pointers other than a `RawKernel`'s
//! (see [`RawKernel`](crate::RawKernel)), local arrays outside a `RawKernel`,
//! `class`/`union`/`enum` (structs of number fields are supported), templates, function-like macros and conditional
//! compilation, `switch`/`goto`, recursion, atomics, shared memory and thread intrinsics
//! (`threadIdx`, `__syncthreads`, shuffles), `printf`, string literals, member access other
//! than the methods above. (A `RawKernel`'s `__global__` function on the CPU has CUDA's thread
//! model: `threadIdx` and friends, `__shared__` memory, `__syncthreads()`, atomics, pointer
//! parameters; see [`RawKernel`](crate::RawKernel).) `loop_prep` and `after_loop` run once per batch of lanes, not once
//! per GPU thread. Reductions take no raw arguments.

pub use limits::{CancelToken, CpuLimits, StopReason, with_cpu_limits};

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

mod launch;
mod lex;
mod limits;
mod lower;
mod ops;
mod parse;
mod pointer;
mod run;
mod structs;
mod thread;
#[macro_use]
mod vm;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_chunked;

pub(crate) use launch::{KernelArg, KernelProgram, MAX_THREADS};
use lex::Source;
use lower::{Lower, Rt, Sym};
use parse::{CTy, Env, Parser};
use std::collections::HashMap;
use vm::{Node, Reg, VTy, Val};

/// Section indices of the user's text.
const SECTIONS: [&str; 8] = [
    "preamble",
    "loop_prep",
    "operation",
    "after_loop",
    "map_expr",
    "reduce_expr",
    "post_map_expr",
    "identity",
];

/// The user's texts as the sections of [`SECTIONS`].
fn sources(texts: [&str; 8]) -> Vec<Source<'_>> {
    SECTIONS
        .iter()
        .zip(texts)
        .map(|(s, t)| Source {
            section: s,
            text: t,
        })
        .collect()
}

/// A lowered program: register counts, constants, values filled per run, and the node tree.
pub(crate) struct Program {
    counts: [usize; 13],
    consts: Vec<(Reg, Val)>,
    rt: Vec<(Reg, Rt)>,
}

fn check_dtypes(vars: &[VarSpec], section: &'static str) -> Result<(), Diagnostic> {
    for v in vars {
        if CTy::of_dtype(v.dtype) == CTy::Void {
            return Err(Diagnostic {
                section,
                line: 1,
                column: 1,
                source_line: String::new(),
                message: format!(
                    "parameter '{}' has dtype {:?}, which the CPU engine does not support",
                    v.name, v.dtype
                ),
            });
        }
    }
    Ok(())
}

/// Parses the preamble; returns it and the environment the other sections parse in.
fn parse_preamble(src: &Source<'_>, env: Env) -> Result<(parse::Preamble, Env), Diagnostic> {
    let mut p = Parser::new(src, env)?;
    let pre = p.parse_preamble(0)?;
    Ok((pre, p.env))
}

fn parse_body(src: &Source<'_>, env: &Env) -> Result<Vec<parse::Stmt>, Diagnostic> {
    let mut p = Parser::new(src, env.clone())?;
    p.parse_body()
}

fn parse_expr(src: &Source<'_>, env: &Env) -> Result<parse::Expr, Diagnostic> {
    let mut p = Parser::new(src, env.clone())?;
    p.parse_whole_expr()
}

/// The parse environment: placeholder type names; kernel parameter names shadow type names.
fn env_of(typedefs: &[(String, DType)], vars: &[&VarSpec]) -> Env {
    Env {
        types: typedefs
            .iter()
            .map(|(n, d)| (n.clone(), CTy::of_dtype(*d)))
            .collect(),
        defines: HashMap::new(),
        shadow: vars.iter().map(|v| v.name.clone()).collect(),
        structs: HashMap::new(),
    }
}

fn declare_vars(lw: &mut Lower<'_>, vars: &[VarSpec], base: usize) {
    for (k, v) in vars.iter().enumerate() {
        let arg = base + k;
        let cty = CTy::of_dtype(v.dtype);
        let sym = match v.kind {
            VarKind::Elem { output: false } => Sym::ElemIn {
                arg,
                cty,
                dtype: v.dtype,
            },
            VarKind::Elem { output: true } => Sym::ElemOut {
                arg,
                cty,
                dtype: v.dtype,
            },
            VarKind::Raw { output: _ } => Sym::Raw {
                arg,
                cty,
                dtype: v.dtype,
                writable: true,
            },
            VarKind::Scalar => Sym::Var {
                reg: lw.runtime(lower::vty(cty), Rt::Scalar(arg)),
                cty,
                is_const: true,
            },
        };
        lw.declare(&v.name, sym);
    }
}

/// Prepends the per-batch loads of the inputs the program reads (and the index `i`).
fn with_loads(lw: &mut Lower<'_>, body: Vec<Node>) -> Vec<Node> {
    let mut nodes = Vec::new();
    if let Some(r) = lw.index_reg {
        nodes.push(Node::Op(vm::lane_index(r)));
    }
    for (arg, dtype, r) in lw.loads.drain(..) {
        nodes.push(Node::Op(vm::load_elem_typed(arg, dtype, r)));
    }
    nodes.extend(body);
    nodes
}

fn program_of(lw: &Lower<'_>) -> Program {
    Program {
        counts: lw.counts,
        consts: lw.consts.clone(),
        rt: lw.rt.clone(),
    }
}

/// A compiled elementwise kernel body (CuPy's `ElementwiseKernel`) for one dtype signature.
///
/// The body runs on batches of loop indices at once (a vector machine with masked control
/// flow, in parallel over rayon's threads), with C/CUDA semantics: integer promotion and the
/// usual arithmetic conversions, wrapping integer arithmetic, truncating division, IEEE float
/// and double arithmetic without contraction, `common.cuh`'s conversions on stores.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, ext};
/// use cuprum_kernel::cpu::{CpuArg, ElementwiseProgram, VarKind, VarSpec};
/// let spec = |name: &str, output| VarSpec {
///     name: name.into(),
///     dtype: DType::Int32,
///     kind: VarKind::Elem { output },
/// };
/// let p = ElementwiseProgram::compile(
///     &[spec("a", false), spec("b", false), spec("q", true)],
///     "", "", "q = a / b;", "",
/// )
/// .unwrap();
/// let a = Array::from_vec_on(vec![-7i32, 7], &[2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![2i32, 2], &[2], Device::Cpu).unwrap();
/// let q = cuprum_core::zeros_on(&[2], DType::Int32, Device::Cpu).unwrap();
/// let args = [ext::view(&a), ext::view(&b), ext::view(&q)].map(CpuArg::Array);
/// p.run(&args, &[2]).unwrap();
/// assert_eq!(q.to_vec::<i32>().unwrap(), vec![-3, 3]); // C division truncates
/// ```
pub struct ElementwiseProgram {
    vars: Vec<VarSpec>,
    prog: Program,
    nodes: Vec<Node>,
    written: Vec<bool>,
    /// the body is straight-line code ([`vm::straight_line`]): it runs in chunks
    straight: bool,
}

impl ElementwiseProgram {
    /// Parses and type-checks the kernel text against `vars`.
    ///
    /// Type placeholders (`T`) are not known here: use [`ElementwiseProgram::compile_with_types`]
    /// to make them type names of the body.
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
        Self::compile_with_types(vars, &[], preamble, loop_prep, operation, after_loop)
    }

    /// [`ElementwiseProgram::compile`] with type names: `typedefs` binds each placeholder
    /// (`("T", DType::Float32)`) as `typedef float T;` does on the GPU.
    ///
    /// # Errors
    /// A [`Diagnostic`] locating the first syntax or semantic error.
    pub fn compile_with_types(
        vars: &[VarSpec],
        typedefs: &[(String, DType)],
        preamble: &str,
        loop_prep: &str,
        operation: &str,
        after_loop: &str,
    ) -> Result<Self, Diagnostic> {
        check_dtypes(vars, "operation")?;
        let texts = [preamble, loop_prep, operation, after_loop, "", "", "", ""];
        let srcs = sources(texts);
        let env = env_of(typedefs, &vars.iter().collect::<Vec<_>>());
        let (pre, env) = parse_preamble(&srcs[0], env)?;
        let bodies = [
            parse_body(&srcs[1], &env)?,
            parse_body(&srcs[2], &env)?,
            parse_body(&srcs[3], &env)?,
        ];
        let mut lw = Lower::new(srcs);
        lw.add_funcs(&pre.funcs);
        let mut body = Vec::new();
        lw.set_section(0);
        lw.stmts(&mut body, &pre.globals)?;
        lw.scopes.push(HashMap::new());
        declare_vars(&mut lw, vars, 0);
        lw.declare("_ind", Sym::Index(Rt::LoopSize));
        lw.has_i = true;
        for (k, b) in bodies.iter().enumerate() {
            lw.set_section(k + 1);
            lw.stmts(&mut body, b)?;
        }
        let nodes = with_loads(&mut lw, body);
        let written = (0..vars.len()).map(|k| lw.written.contains(&k)).collect();
        Ok(ElementwiseProgram {
            vars: vars.to_vec(),
            prog: program_of(&lw),
            straight: vm::straight_line(&nodes),
            nodes,
            written,
        })
    }

    /// Runs over `shape` (the broadcast shape). Elem args are views already broadcast to
    /// `shape`; Raw args are the arrays as given (the body indexes them with a flat C-order
    /// index); outputs are written in place. `i` is the C-order linear index, `_ind.size()` the
    /// total size.
    ///
    /// # Errors
    /// Argument count/dtype/shape mismatches, arrays not on the CPU, out-of-bounds raw indexing.
    pub fn run(&self, args: &[CpuArg<'_>], shape: &[usize]) -> cuprum_core::Result<()> {
        run::elementwise(self, args, shape, run::Exec::Auto)
    }

    /// Whether a run writes every element of argument `k` (an element output of a
    /// straight-line body: each store covers every lane), so that its buffer's old contents
    /// are never seen.
    pub(crate) fn overwrites(&self, k: usize) -> bool {
        self.straight
            && self.written.get(k).copied().unwrap_or(false)
            && matches!(self.vars[k].kind, VarKind::Elem { .. })
    }

    /// [`ElementwiseProgram::run`] with a chosen execution strategy (tests compare them).
    #[cfg(test)]
    pub(crate) fn run_exec(
        &self,
        args: &[CpuArg<'_>],
        shape: &[usize],
        exec: run::Exec,
    ) -> cuprum_core::Result<()> {
        run::elementwise(self, args, shape, exec)
    }
}

/// A compiled reduction kernel (CuPy's `ReductionKernel`) for one dtype signature.
///
/// Per output element, `map_expr` runs on every input element reducing into it (converted to
/// the reduce type), `reduce_expr` combines partial values `a` and `b` (in a tree: the order of
/// combination is unspecified, as on the GPU), and `post_map_expr` stores the result.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, ext};
/// use cuprum_kernel::cpu::{CpuArg, ReductionProgram, VarKind, VarSpec};
/// let spec = |name: &str, output| VarSpec {
///     name: name.into(),
///     dtype: DType::Float64,
///     kind: VarKind::Elem { output },
/// };
/// let p = ReductionProgram::compile(
///     &[spec("x", false)], &[spec("y", true)], DType::Float64,
///     "", "x * x", "a + b", "y = sqrt(a)", "0",
/// )
/// .unwrap();
/// let x = Array::from_vec_on(vec![3.0f64, 4.0, 0.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let y = cuprum_core::zeros_on(&[2], DType::Float64, Device::Cpu).unwrap();
/// p.run(&[CpuArg::Array(ext::view(&x))], &[CpuArg::Array(ext::view(&y))], &[2, 2], &[1])
///     .unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![5.0, 1.0]);
/// ```
pub struct ReductionProgram {
    in_vars: Vec<VarSpec>,
    out_vars: Vec<VarSpec>,
    prog: Program,
    map: Vec<Node>,
    reduce: Vec<Node>,
    post: Vec<Node>,
    identity: Option<Vec<Node>>,
    /// `a`, `b` and the identity's registers (reduce type)
    a: Reg,
    b: Reg,
    id: Reg,
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
        Self::compile_with_types(
            in_vars,
            out_vars,
            &[],
            reduce_type,
            preamble,
            map_expr,
            reduce_expr,
            post_map_expr,
            identity,
        )
    }

    /// [`ReductionProgram::compile`] with type names for the placeholders (see
    /// [`ElementwiseProgram::compile_with_types`]).
    ///
    /// # Errors
    /// A [`Diagnostic`] locating the first syntax or semantic error.
    #[allow(clippy::too_many_arguments)]
    pub fn compile_with_types(
        in_vars: &[VarSpec],
        out_vars: &[VarSpec],
        typedefs: &[(String, DType)],
        reduce_type: DType,
        preamble: &str,
        map_expr: &str,
        reduce_expr: &str,
        post_map_expr: &str,
        identity: &str,
    ) -> Result<Self, Diagnostic> {
        check_dtypes(in_vars, "map_expr")?;
        check_dtypes(out_vars, "post_map_expr")?;
        let rty = CTy::of_dtype(reduce_type);
        let texts = [
            preamble,
            "",
            "",
            "",
            map_expr,
            reduce_expr,
            post_map_expr,
            identity,
        ];
        let srcs = sources(texts);
        let mut env = env_of(
            typedefs,
            &in_vars.iter().chain(out_vars).collect::<Vec<_>>(),
        );
        env.types.insert("_type_reduce".into(), rty);
        env.shadow.insert("a".into());
        env.shadow.insert("b".into());
        let (pre, env) = parse_preamble(&srcs[0], env)?;
        let map_e = parse_expr(&srcs[4], &env)?;
        let red_e = parse_expr(&srcs[5], &env)?;
        let post_s = parse_body(&srcs[6], &env)?;
        let id_e = if identity.trim().is_empty() {
            None
        } else {
            Some(parse_expr(&srcs[7], &env)?)
        };
        let mut lw = Lower::new(srcs);
        lw.add_funcs(&pre.funcs);
        let mut globals = Vec::new();
        lw.set_section(0);
        lw.stmts(&mut globals, &pre.globals)?;
        let rv = lower::vty(rty);
        let a = lw.reg(rv);
        let b = lw.reg(rv);
        let id = lw.reg(rv);
        // identity: no variables in scope
        let identity = match &id_e {
            Some(e) => {
                lw.set_section(7);
                let mut n = Vec::new();
                let v = lw.expr(&mut n, e)?;
                let c = lw.convert(&mut n, v, rty);
                n.push(Node::Op(vm::assign(c, id)));
                Some(n)
            }
            None => None,
        };
        // map: the inputs
        lw.scopes.push(HashMap::new());
        declare_vars(&mut lw, in_vars, 0);
        lw.declare("_in_ind", Sym::Index(Rt::LoopSize));
        lw.declare("_out_ind", Sym::Index(Rt::OutSize));
        lw.set_section(4);
        let mut map = globals;
        let v = lw.expr(&mut map, &map_e)?;
        let c = lw.convert(&mut map, v, rty);
        map.push(Node::Op(vm::assign(c, b)));
        let map = with_loads(&mut lw, map);
        lw.scopes.pop();
        // reduce: a, b
        lw.scopes.push(HashMap::new());
        lw.declare_var("a", a, rty);
        lw.declare_var("b", b, rty);
        lw.set_section(5);
        let mut reduce = Vec::new();
        let v = lw.expr(&mut reduce, &red_e)?;
        let c = lw.convert(&mut reduce, v, rty);
        let tmp = lw.reg(rv);
        reduce.push(Node::Op(vm::assign(c, tmp)));
        reduce.push(Node::Op(vm::assign(tmp, a)));
        lw.scopes.pop();
        // post map: a and the outputs
        lw.scopes.push(HashMap::new());
        lw.declare_var("a", a, rty);
        declare_vars(&mut lw, out_vars, in_vars.len());
        lw.declare("_in_ind", Sym::Index(Rt::LoopSize));
        lw.declare("_out_ind", Sym::Index(Rt::OutSize));
        lw.set_section(6);
        let mut post = Vec::new();
        lw.stmts(&mut post, &post_s)?;
        let post = with_loads(&mut lw, post);
        lw.scopes.pop();
        Ok(ReductionProgram {
            in_vars: in_vars.to_vec(),
            out_vars: out_vars.to_vec(),
            prog: program_of(&lw),
            map,
            reduce,
            post,
            identity,
            a,
            b,
            id,
        })
    }

    /// `in_shape` is the broadcast input shape; `axes` the reduced axes (sorted, normalized);
    /// outputs have the kept-axes shape (the caller handles keepdims by reshaping).
    ///
    /// # Errors
    /// Argument count/dtype/shape mismatches, arrays not on the CPU, an empty reduction without
    /// an identity.
    pub fn run(
        &self,
        ins: &[CpuArg<'_>],
        outs: &[CpuArg<'_>],
        in_shape: &[usize],
        axes: &[usize],
    ) -> cuprum_core::Result<()> {
        run::reduction(self, ins, outs, in_shape, axes)
    }
}

#[allow(dead_code)]
fn _assert_send_sync() {
    fn f<T: Send + Sync>() {}
    f::<ElementwiseProgram>();
    f::<ReductionProgram>();
    let _ = VTy::Bool;
}
