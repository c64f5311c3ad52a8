//! The one CUDA C source generator: kernels as data ([`ElementwiseSpec`], [`ReductionSpec`],
//! public as `cuprum_core::ext::codegen`), of which core's built-in elementwise families and
//! reductions are instances (layouts `Family`) and onto which `cuprum-kernel` maps its parsed
//! user kernels (layouts `Contiguous`/`Strided`).
//!
//! A built-in family is one source (one NVRTC compile, one module) per (kind, op, dtypes); it
//! holds every layout class as separate `extern "C"` kernels:
//! `c{M}v` / `c{M}s` (contiguous, broadcast-mask `M`, vector / scalar accesses),
//! `s32` / `s64` (strided N-d, 32- / 64-bit indices), `t32` / `t64` (tiled 2-D transpose,
//! one-input families only). A user kernel is one source per call signature and layout class.

use crate::backend::Side;
use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::{DType, Error, Result};
use std::fmt::Write;

pub(crate) const COMMON: &str = include_str!("../../../../kernels/common.cuh");
pub(crate) const MATH: &str = include_str!("../../../../kernels/math.cuh");
pub(crate) const ELEMENTWISE: &str = include_str!("../../../../kernels/elementwise.cuh");

/// Maximum number of axes of the strided kernels (`MAXD` in elementwise.cuh).
pub(crate) const MAXD: usize = 8;

/// What a kernel family computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Family {
    Fill,
    Copy,
    Unary(UnaryOp),
    Binary(BinaryOp),
    /// A binary op whose scalar operand (left or right) is a kernel argument passed by value.
    BinaryScalar(BinaryOp, Side),
    Where,
}

impl Family {
    pub(crate) fn nin(self) -> usize {
        match self {
            Family::Fill => 0,
            Family::Copy | Family::Unary(_) => 1,
            Family::Binary(_) | Family::BinaryScalar(..) => 2,
            Family::Where => 3,
        }
    }
    /// The input slot (0 or 1) taken by value as a kernel argument, if any.
    pub(crate) fn scalar_slot(self) -> Option<usize> {
        match self {
            Family::BinaryScalar(_, Side::Left) => Some(0),
            Family::BinaryScalar(_, Side::Right) => Some(1),
            _ => None,
        }
    }
    pub(crate) fn name(self) -> &'static str {
        match self {
            Family::Fill => "fill",
            Family::Copy => "copy",
            Family::Unary(u) => u.name(),
            Family::Binary(b) | Family::BinaryScalar(b, _) => b.name(),
            Family::Where => "where",
        }
    }
}

/// The C storage type of a dtype.
pub(crate) fn storage_type(d: DType) -> &'static str {
    match d {
        DType::Bool => "bool",
        DType::Int8 => "i8",
        DType::Int16 => "i16",
        DType::Int32 => "i32",
        DType::Int64 => "i64",
        DType::UInt8 => "u8",
        DType::UInt16 => "u16",
        DType::UInt32 => "u32",
        DType::UInt64 => "u64",
        DType::Float16 => "f16",
        DType::BFloat16 => "bf16",
        DType::Float32 => "float",
        DType::Float64 => "double",
        DType::Complex64 => "c64",
        DType::Complex128 => "c128",
    }
}

/// The C type arithmetic on a dtype runs in (float for the 16-bit floats).
pub(crate) fn compute_type(d: DType) -> &'static str {
    match d {
        DType::Float16 | DType::BFloat16 => "float",
        d => storage_type(d),
    }
}

fn unsupported(op: &'static str, d: DType, why: &str) -> Error {
    Error::DType {
        op,
        dtype: d,
        detail: format!(": {why}"),
    }
}

/// Unary ops whose result is computed in the input's type (predicates and complex → real).
fn unary_in_input_type(op: UnaryOp) -> bool {
    use UnaryOp::*;
    matches!(
        op,
        Abs | Real | Imag | Angle | IsNan | IsInf | IsFinite | Signbit | LogicalNot
    )
}

/// Checks that the CUDA backend implements `fam` for these dtypes.
///
/// Derived from the one table of ufunc loops, `ops::promote::{unary_dtypes, binary_dtypes}`:
/// a kernel computes in one dtype `d` (the input's for predicates, comparisons and complex →
/// real ops, else the output's, inputs cast to it), and `d` must be a loop of the op there — its
/// own compute dtype. So the backend accepts exactly what the semantic layer can hand it, and
/// the errors are the semantic layer's.
pub(crate) fn check(fam: Family, ins: &[DType], out: DType) -> Result<()> {
    use crate::ops::promote::{binary_dtypes, unary_dtypes};
    let name = fam.name();
    let (d, compute) = match fam {
        Family::Fill | Family::Copy | Family::Where => return Ok(()),
        Family::Unary(op) => {
            let d = if unary_in_input_type(op) { ins[0] } else { out };
            (d, unary_dtypes(op, d)?.0)
        }
        Family::Binary(op) | Family::BinaryScalar(op, _) => {
            let d = if op.returns_bool() { ins[0] } else { out };
            (d, binary_dtypes(op, d)?.0)
        }
    };
    if compute != d {
        return Err(unsupported(
            name,
            d,
            &format!("the loop for {d} computes in {compute}; cast the operands to it first"),
        ));
    }
    Ok(())
}

/// The body of `apply` of a built-in family (its parameters named as in [`Family::params`]).
fn apply_body(fam: Family, ins: &[DType], out: DType) -> String {
    let to = "TO";
    match fam {
        Family::Fill => "return v;".into(),
        Family::Copy => {
            if ins[0] == out {
                "return a;".into()
            } else {
                format!("return cast<{to}>(ld(a));")
            }
        }
        Family::Unary(op) => {
            let arg = if unary_in_input_type(op) || ins[0] == out {
                "ld(a)".to_string()
            } else {
                format!("cast<{}>(ld(a))", compute_type(out))
            };
            format!("return cast<TO>(op_{}({arg}));", op.name())
        }
        Family::Binary(op) | Family::BinaryScalar(op, _) => {
            let d = ins[0];
            if op == BinaryOp::Nextafter && matches!(d, DType::Float16 | DType::BFloat16) {
                let bf = (d == DType::BFloat16) as u8;
                return format!(
                    "\n\
                     float fx = {bf} ? b2f(a.x) : h2f(a.x), fy = {bf} ? b2f(b.x) : h2f(b.x);\n\
                     TO r; r.x = a.x;\n\
                     if (fx != fx) return a; if (fy != fy) return b; if (fx == fy) return b;\n\
                     if (fx == 0.0f) {{ r.x = (u16)((b.x & 0x8000u) | 1u); return r; }}\n\
                     r.x = (u16)(((fy > fx) == (fx > 0.0f)) ? a.x + 1 : a.x - 1); return r;"
                );
            }
            let (xa, xb) = if op.returns_bool() || ins[0] == out {
                ("ld(a)".to_string(), "ld(b)".to_string())
            } else {
                let ct = compute_type(out);
                (format!("cast<{ct}>(ld(a))"), format!("cast<{ct}>(ld(b))"))
            };
            format!("return cast<TO>(op_{}({xa}, {xb}));", op.name())
        }
        Family::Where => "return c ? a : b;".into(),
    }
}

/// Elements per thread of the vector path: 16 bytes of the widest operand.
pub(crate) fn vec_width(ins: &[DType], out: DType) -> usize {
    let w = ins
        .iter()
        .map(|d| d.itemsize())
        .chain(std::iter::once(out.itemsize()))
        .max()
        .unwrap_or(1);
    (16 / w).max(1)
}

/// The full CUDA C source of a family: its [`ElementwiseSpec`]'s source.
pub(crate) fn source(fam: Family, ins: &[DType], out: DType) -> String {
    fam.spec(ins, out).source().text
}

impl Family {
    /// The parameter names of a built-in family's `apply`.
    fn params(self) -> &'static [&'static str] {
        match self {
            Family::Fill => &[],
            Family::Copy | Family::Unary(_) => &["a"],
            Family::Binary(_) | Family::BinaryScalar(..) => &["a", "b"],
            Family::Where => &["c", "a", "b"],
        }
    }

    /// A built-in family as an instance of the public spec: the same generator serves
    /// built-in and user kernels.
    pub(crate) fn spec(self, ins: &[DType], out: DType) -> ElementwiseSpec {
        let slot = self.scalar_slot();
        ElementwiseSpec::family(
            self.name(),
            self.params()
                .iter()
                .zip(ins)
                .enumerate()
                .map(|(k, (n, d))| {
                    let kind = if Some(k) == slot {
                        ParamKind::Scalar
                    } else {
                        ParamKind::In
                    };
                    Param::new(n, *d, kind)
                })
                .collect(),
            out,
            &apply_body(self, ins, out),
        )
    }
}

/// `kernels/user.cuh`: CuPy's device types (`float16`, `complex<T>`) and the raw-array and index
/// types (`CArray`, `CArrayS`, `CIndexer`) that user kernels are written against.
pub const USER_HEADER: &str = include_str!("../../../../kernels/user.cuh");

/// The file name that `#line` directives give the generated text between user sections.
pub const GENERATED_ORIGIN: &str = "cuprum_generated";

/// Names that the [`Contiguous`](ElementwiseLayout::Contiguous),
/// [`Strided`](ElementwiseLayout::Strided) and [`Strided`](ReductionLayout::Strided) layouts
/// declare themselves (the loop index, the indexers, the reduce type): no parameter or
/// placeholder may take them. A reduction also reserves `a` and `b`.
pub const RESERVED_NAMES: &[&str] = &["i", "_ind", "_in_ind", "_out_ind", "_type_reduce"];

/// Prefixes of the generated code's own identifiers in those layouts (a parameter `x` is read
/// through `_p_x`, its vector lane `_a_x`): no parameter name may start with one.
pub const RESERVED_PREFIXES: &[&str] = &["_cuprum", "_p_", "_a_"];

/// Threads per block of the [`ReductionLayout::Strided`] kernels.
pub const REDUCTION_THREADS: u32 = 256;

/// Elements each thread of a `<name>_block` reduction kernel loads per iteration (independent
/// loads in flight).
pub const REDUCTION_UNROLL: u32 = 8;

/// Elements per 16-byte-or-narrower vector load of a [`ReductionLayout::Strided`] source's
/// `<name>_blockv` kernel, for element inputs of these dtypes: `min(4, 16 / itemsize)` over
/// them, or 0 (no `_blockv`) when that is below 2 or there is no element input.
///
/// `<name>_blockv` is `<name>_block` for one reduced axis read at unit stride, with every
/// input's block start aligned to `width × itemsize` bytes (the caller checks): each thread
/// loads `width` consecutive elements at once, two such loads in flight per iteration.
pub fn reduction_vector_width(elem_inputs: &[DType]) -> u32 {
    let w = elem_inputs
        .iter()
        .map(|d| (16 / d.itemsize().max(1)).min(4))
        .min()
        .unwrap_or(0);
    if w >= 2 { w as u32 } else { 0 }
}

/// The C type vocabulary (and header) that a spec's text is written against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CTypes {
    /// core's storage types (`i64`, `f16`, `bf16`, `c64`, ...) of `kernels/common.cuh`, read with
    /// `ld()` (the compute value) and converted with `cast<T>()`; `kernels/math.cuh`'s `op_*` in
    /// scope. What the built-in kernels are written in.
    Storage,
    /// CuPy's names (`long long`, `float16`, `complex<float>`, ...: [`cupy_c_type`]) from
    /// `kernels/user.cuh`, placed after core's header. What user kernels are written in.
    CuPy,
}

impl CTypes {
    /// The C type of `dtype` in this vocabulary.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::DType;
    /// use cuprum_core::ext::codegen::CTypes;
    /// assert_eq!(CTypes::Storage.c_type(DType::Int64), "i64");
    /// assert_eq!(CTypes::CuPy.c_type(DType::Int64), "long long");
    /// ```
    pub fn c_type(self, dtype: DType) -> &'static str {
        match self {
            CTypes::Storage => storage_type(dtype),
            CTypes::CuPy => cupy_c_type(dtype),
        }
    }
}

/// The C type a user kernel's body sees for `dtype` (CuPy's names: `float`, `long long`,
/// `complex<float>`, `float16`, ... of `kernels/user.cuh`).
///
/// # Example
/// ```
/// use cuprum_core::DType;
/// assert_eq!(cuprum_core::ext::codegen::cupy_c_type(DType::Complex64), "complex<float>");
/// ```
pub fn cupy_c_type(dtype: DType) -> &'static str {
    use DType::*;
    match dtype {
        Bool => "bool",
        Int8 => "signed char",
        Int16 => "short",
        Int32 => "int",
        Int64 => "long long",
        UInt8 => "unsigned char",
        UInt16 => "unsigned short",
        UInt32 => "unsigned int",
        UInt64 => "unsigned long long",
        Float16 => "float16",
        BFloat16 => "bfloat16",
        Float32 => "float",
        Float64 => "double",
        Complex64 => "complex<float>",
        Complex128 => "complex<double>",
    }
}

/// A piece of C++ text of a spec and where it comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Section {
    /// The C++ text.
    pub text: String,
    /// `Some(name)`: user text, placed under `#line 1 "<name>"` (and the generated text after
    /// it under `#line <n> "cuprum_generated"`), so that NVRTC's messages name the user's own
    /// lines; `None`: generated text, spliced as it is.
    pub origin: Option<String>,
}

impl Section {
    /// Generated text (no `#line` directive).
    pub fn generated(text: impl Into<String>) -> Section {
        Section {
            text: text.into(),
            origin: None,
        }
    }

    /// User text from the section `origin` (placed under `#line 1 "<origin>"`).
    pub fn user(origin: &str, text: impl Into<String>) -> Section {
        Section {
            text: text.into(),
            origin: Some(origin.to_string()),
        }
    }

    fn is_empty(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// How a parameter reaches the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// One element of an input array per loop index (the arrays broadcast to the loop shape):
    /// a `const` reference to it in the user layouts, its storage value in `apply`.
    In,
    /// A scalar passed by value (the same value for every element).
    Scalar,
    /// One element of an output array per loop index, a writable reference in the body (user
    /// layouts only); `load`: the contiguous class reads its old value first (an output the
    /// caller passed, which the body may read).
    Out {
        /// whether the old value is read
        load: bool,
    },
    /// The whole array, indexed by the body (`x[k]`, `x.size()`): CuPy's `raw` parameter, a
    /// `CArray<T>` (C-contiguous, `nd` = `None`) or a `CArrayS<T, nd>` (strided, `nd` axes).
    Raw {
        /// the axes of a strided raw array
        nd: Option<u8>,
    },
}

/// One parameter of an [`ElementwiseSpec`] or a [`ReductionSpec`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// Its name in the body (a C identifier).
    pub name: String,
    /// Its dtype (C type per the spec's [`CTypes`]; `T{k}` in `apply`, `k` its position).
    pub dtype: DType,
    /// How it is passed.
    pub kind: ParamKind,
}

impl Param {
    /// A parameter.
    pub fn new(name: &str, dtype: DType, kind: ParamKind) -> Param {
        Param {
            name: name.to_string(),
            dtype,
            kind,
        }
    }
}

/// The layout classes of an elementwise source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementwiseLayout {
    /// Core's built-in family: one module holding every class as separate `extern "C"` kernels
    /// (`c{M}v`/`c{M}s` contiguous with broadcast mask `M`, `s32`/`s64` strided N-d, `t32`/
    /// `t64`/`tv` transpose tiles), the host picking one per call. Requires
    /// [`CTypes::Storage`], an `output` returned by the body, at most 3 parameters of kind
    /// [`In`](ParamKind::In) or [`Scalar`](ParamKind::Scalar), no preamble, loop prologue or
    /// epilogue, generated sections only.
    Family,
    /// One kernel named after the spec: every `In`/`Out` array C-contiguous with the loop
    /// shape; each thread loads one aligned vector of `vec` elements per array (the last
    /// `n % vec` elements one per thread), runs the body per lane and stores the outputs.
    Contiguous {
        /// elements per thread (1 to 16; each array's address aligned to `vec` elements)
        vec: u8,
    },
    /// One kernel named after the spec: N-d strided over `nd` axes (at least 1), a
    /// grid-stride loop; the last argument is a geometry struct `{ U shape[nd]; S st[E][nd]; }`
    /// (`E` = the number of `In`/`Out` parameters, at least 1; strides in elements), `U`/`S`
    /// 32-bit, or 64-bit when `wide`.
    Strided {
        /// axes
        nd: u8,
        /// 64-bit indices
        wide: bool,
    },
}

/// A generated source: the text for NVRTC and the user sections in it (origin, text), to map
/// NVRTC's messages back onto the user's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The CUDA C++ source.
    pub text: String,
    /// Each user section once: (its origin, its text).
    pub sections: Vec<(String, String)>,
}

/// Builds a source: generated text interleaved with `#line`-mapped user sections.
struct Builder {
    text: String,
    sections: Vec<(String, String)>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            text: String::with_capacity(64 * 1024),
            sections: Vec::new(),
        }
    }

    /// Appends generated text (complete lines).
    fn code(&mut self, s: &str) {
        self.text.push_str(s);
        if !s.ends_with('\n') {
            self.text.push('\n');
        }
    }

    /// Appends a section: generated text as it is, user text under `#line 1 "<origin>"`, then
    /// back to generated numbering.
    fn section(&mut self, s: &Section) {
        let Some(origin) = &s.origin else {
            self.code(&s.text);
            return;
        };
        self.text.push_str(&format!("#line 1 \"{origin}\"\n"));
        self.text.push_str(&s.text);
        self.text.push('\n');
        if !self.sections.iter().any(|(n, _)| n == origin) {
            self.sections.push((origin.clone(), s.text.clone()));
        }
        let phys = self.text.bytes().filter(|&b| b == b'\n').count();
        // the directive is physical line phys + 1; the line after it gets number phys + 2
        self.text
            .push_str(&format!("#line {} \"{GENERATED_ORIGIN}\"\n", phys + 2));
    }

    fn finish(self) -> Generated {
        Generated {
            text: self.text,
            sections: self.sections,
        }
    }
}

fn is_c_ident(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Checks the parameter names of a user layout: C identifiers, distinct, none reserved.
fn check_user_names(
    spec: &str,
    params: &[Param],
    extra: &[&str],
) -> std::result::Result<(), String> {
    for (k, p) in params.iter().enumerate() {
        if !is_c_ident(&p.name)
            || RESERVED_NAMES.contains(&p.name.as_str())
            || extra.contains(&p.name.as_str())
            || RESERVED_PREFIXES.iter().any(|x| p.name.starts_with(x))
        {
            return Err(format!(
                "{spec}: parameter {k} is named {:?}: not a free C identifier",
                p.name
            ));
        }
        if params[..k].iter().any(|q| q.name == p.name) {
            return Err(format!("{spec}: parameter name {:?} appears twice", p.name));
        }
    }
    Ok(())
}

fn check_typedefs(spec: &str, typedefs: &[(String, DType)]) -> std::result::Result<(), String> {
    match typedefs.iter().find(|(n, _)| !is_c_ident(n)) {
        Some((n, _)) => Err(format!("{spec}: typedef name {n:?} is not a C identifier")),
        None => Ok(()),
    }
}

/// The start of every user-layout source: core's header, CuPy's header for [`CTypes::CuPy`],
/// one `typedef` per placeholder, the preamble.
fn head(b: &mut Builder, types: CTypes, typedefs: &[(String, DType)], preamble: &Section) {
    b.code(crate::ext::CUDA_COMMON);
    if types == CTypes::CuPy {
        b.code(USER_HEADER);
    }
    let mut t = String::new();
    for (name, dt) in typedefs {
        let _ = writeln!(t, "typedef {} {};", types.c_type(*dt), name);
    }
    b.code(&t);
    if !preamble.is_empty() {
        b.section(preamble);
    }
}

fn idx_types(wide: bool) -> (&'static str, &'static str) {
    if wide {
        ("unsigned long long", "long long")
    } else {
        ("unsigned int", "int")
    }
}

/// The kernel parameter declarations of a user layout.
fn param_decls(params: &[Param], types: CTypes) -> Vec<String> {
    params
        .iter()
        .map(|p| {
            let ct = types.c_type(p.dtype);
            match p.kind {
                ParamKind::Scalar => format!("const {ct} {}", p.name),
                ParamKind::Raw { nd: None } => format!("CArray<{ct} > {}", p.name),
                ParamKind::Raw { nd: Some(nd) } => format!("CArrayS<{ct}, {nd}> {}", p.name),
                ParamKind::Out { .. } => format!("{ct}* _p_{}", p.name),
                ParamKind::In => format!("const {ct}* _p_{}", p.name),
            }
        })
        .collect()
}

fn is_elem(p: &Param) -> bool {
    matches!(p.kind, ParamKind::In | ParamKind::Out { .. })
}

fn is_out(p: &Param) -> bool {
    matches!(p.kind, ParamKind::Out { .. })
}

/// An elementwise kernel as data: the built-in ufuncs, casts, `where` and fills are instances
/// (layout [`Family`](ElementwiseLayout::Family)), and `cuprum-kernel` maps a parsed
/// `ElementwiseKernel` onto one per call signature and layout class
/// ([`Contiguous`](ElementwiseLayout::Contiguous) or [`Strided`](ElementwiseLayout::Strided));
/// [`source`](ElementwiseSpec::source) is the one generator of both.
///
/// **Semantics, `Family`**: `body` is the body of the C++ function
/// `__device__ TO apply(T0 <param 0>, T1 <param 1>, ...)`; it receives each parameter's
/// *storage* value (`ld(x)` gives the compute value: float for float16/bfloat16, the type
/// itself otherwise), and returns the output's storage value (`cast<TO>(v)` converts any
/// compute value with NumPy's `astype` rules, the same bits as the CPU's cast table). The
/// helpers of `kernels/common.cuh` and `kernels/math.cuh` (`op_add`, `op_exp`, ...) are in
/// scope. A spec with no parameters is a fill: its kernels take the output value `v` by value.
/// Kernels, all `extern "C"`, 256 threads per block:
/// `c{M}v(TO* out, params..., i64 n)` (every operand contiguous; bit `k` of `M` set: parameter
/// `k` is one broadcast element; one aligned 16-byte vector of the widest operand per thread)
/// and `c{M}s` (one element per thread), for every `M` whose bits include the by-value
/// parameters; `s32(TO* out, params..., Geom<i32> g, u32 n)` and `s64(..., Geom<i64> g, i64 n)`
/// (strided N-d, at most 8 axes, shape and per-operand strides in elements, output first, a
/// by-value parameter's strides zero); and, for one array parameter and no by-value one, the
/// transpose tiles `t32`/`t64`/`tv(TO* out, const T0* in, i64 R, i64 C, i64 ldi, i64 ldo)`.
/// An array parameter is `const T{k}*`, a by-value one `T{k}`.
///
/// **Semantics, `Contiguous` and `Strided`** (CuPy's `ElementwiseKernel`): one kernel
/// `<name>(params..., const long long _cuprum_n[, geometry])` running `body` once per element
/// of the loop (size `_cuprum_n`) in C order, with `i` (a signed 64-bit index) and `_ind`
/// (`_ind.size()` the loop size); an [`In`](ParamKind::In) parameter is a `const` reference to
/// its element, an [`Out`](ParamKind::Out) one a writable reference (assigned by name, any
/// number of outputs), a [`Scalar`](ParamKind::Scalar) a `const` value, a
/// [`Raw`](ParamKind::Raw) one the whole array. `loop_prep` runs once per thread before the
/// loop, `after_loop` after it, `preamble` before the kernel; `typedefs` name the placeholders'
/// types. Array parameters are passed as device pointers, in parameter order.
///
/// # Example
/// ```
/// use cuprum_core::DType;
/// use cuprum_core::ext::codegen::{
///     CTypes, ElementwiseLayout, ElementwiseSpec, Param, ParamKind, Section,
/// };
/// // a built-in-style family: apply returns the output
/// let spec = ElementwiseSpec::family(
///     "axpy",
///     vec![
///         Param::new("x", DType::Float32, ParamKind::In),
///         Param::new("a", DType::Float32, ParamKind::Scalar),
///         Param::new("y", DType::Float32, ParamKind::In),
///     ],
///     DType::Float32,
///     "return a * x + y;",
/// );
/// spec.validate().unwrap();
/// let src = spec.source().text;
/// assert!(src.contains("TO apply(T0 x, T1 a, T2 y) { return a * x + y; }"));
/// assert!(src.contains("c2v(TO* __restrict__ out, const T0* __restrict__ p0, T1 s1"));
/// // a user kernel: two outputs assigned by name, N-d strided
/// let user = ElementwiseSpec {
///     name: "divmod".into(),
///     params: vec![
///         Param::new("x", DType::Int32, ParamKind::In),
///         Param::new("q", DType::Int32, ParamKind::Out { load: false }),
///         Param::new("r", DType::Int32, ParamKind::Out { load: false }),
///     ],
///     output: None,
///     types: CTypes::CuPy,
///     typedefs: vec![],
///     preamble: Section::default(),
///     loop_prep: Section::default(),
///     body: Section::user("operation", "q = x / 7; r = x % 7;"),
///     after_loop: Section::default(),
///     layout: ElementwiseLayout::Strided { nd: 2, wide: false },
/// };
/// user.validate().unwrap();
/// let g = user.source();
/// assert!(g.text.contains("extern \"C\" __global__ void divmod(const int* _p_x, int* _p_q"));
/// assert!(g.text.contains("#line 1 \"operation\"\nq = x / 7; r = x % 7;\n"));
/// assert_eq!(g.sections, vec![("operation".to_string(), "q = x / 7; r = x % 7;".to_string())]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElementwiseSpec {
    /// The kernel's name (the source's first line for `Family`; the kernel's `extern "C"`
    /// name for the user layouts).
    pub name: String,
    /// The parameters, in kernel order.
    pub params: Vec<Param>,
    /// `Family`: the output dtype (C storage type `TO`), returned by the body; the user
    /// layouts: `None` (outputs are [`Out`](ParamKind::Out) parameters).
    pub output: Option<DType>,
    /// The C type vocabulary of the text.
    pub types: CTypes,
    /// `typedef <C type of dtype> <name>;` lines before the preamble (type placeholders).
    pub typedefs: Vec<(String, DType)>,
    /// Code before the kernel (`__device__` helpers); empty for none.
    pub preamble: Section,
    /// Code run once per thread before the loop; empty for none.
    pub loop_prep: Section,
    /// The body: `apply`'s statements (`Family`) or the per-element statements.
    pub body: Section,
    /// Code run once per thread after the loop; empty for none.
    pub after_loop: Section,
    /// The layout class(es) generated.
    pub layout: ElementwiseLayout,
}

impl ElementwiseSpec {
    /// A [`Family`](ElementwiseLayout::Family) spec: core's storage types, `body` the generated
    /// statements of `apply` returning the output.
    pub fn family(name: &str, params: Vec<Param>, output: DType, body: &str) -> ElementwiseSpec {
        ElementwiseSpec {
            name: name.to_string(),
            params,
            output: Some(output),
            types: CTypes::Storage,
            typedefs: Vec::new(),
            preamble: Section::default(),
            loop_prep: Section::default(),
            body: Section::generated(body),
            after_loop: Section::default(),
            layout: ElementwiseLayout::Family,
        }
    }

    /// Checks the spec against its layout's limits (see [`ElementwiseLayout`]). `Family`: at
    /// most 3 parameters of kind `In`/`Scalar`, at least one `In` when any is `Scalar`, names
    /// distinct C identifiers that do not shadow the kernels' own (`out`, `n`, `g`, `fv`,
    /// `p0`..`p2`, `s0`..`s2`). User layouts: no `output`, names distinct C identifiers, none in
    /// [`RESERVED_NAMES`] or starting with one of [`RESERVED_PREFIXES`], typedef names C
    /// identifiers, `vec` 1 to 16, `nd` at least 1; the name a C identifier.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the spec and the offending parameter or field.
    pub fn validate(&self) -> Result<()> {
        let bad = |why: String| {
            Err(Error::invalid_value(
                "ElementwiseSpec",
                format!("{}: {why}", self.name),
            ))
        };
        if self.layout != ElementwiseLayout::Family {
            if !is_c_ident(&self.name) {
                return bad("the kernel name is not a C identifier".into());
            }
            if self.output.is_some() {
                return bad("a returned output needs the Family layout: use Out parameters".into());
            }
            match self.layout {
                ElementwiseLayout::Contiguous { vec } if !(1..=16).contains(&vec) => {
                    return bad(format!("vector width {vec} (1 to 16)"));
                }
                ElementwiseLayout::Strided { nd: 0, .. } => {
                    return bad("a strided layout needs at least one axis".into());
                }
                _ => {}
            }
            if let Err(e) = check_user_names(&self.name, &self.params, &[])
                .and_then(|()| check_typedefs(&self.name, &self.typedefs))
            {
                return Err(Error::invalid_value("ElementwiseSpec", e));
            }
            return Ok(());
        }
        if self.output.is_none() {
            return bad("the Family layout returns its output: give its dtype".into());
        }
        if self.types != CTypes::Storage
            || !self.typedefs.is_empty()
            || !self.preamble.is_empty()
            || !self.loop_prep.is_empty()
            || !self.after_loop.is_empty()
            || self.body.origin.is_some()
        {
            return bad(
                "the Family layout takes core's storage types and a generated body only".into(),
            );
        }
        if self.params.len() > 3 {
            return bad(format!("{} parameters (at most 3)", self.params.len()));
        }
        if let Some(p) = self
            .params
            .iter()
            .find(|p| !matches!(p.kind, ParamKind::In | ParamKind::Scalar))
        {
            return bad(format!(
                "parameter {:?} is {:?}: the Family layout takes In and Scalar parameters",
                p.name, p.kind
            ));
        }
        if !self.params.is_empty() && self.params.iter().all(|p| p.kind == ParamKind::Scalar) {
            return bad("every parameter is by value: at least one must be an array".into());
        }
        const RESERVED: [&str; 10] = ["out", "n", "g", "fv", "p0", "p1", "p2", "s0", "s1", "s2"];
        for (k, p) in self.params.iter().enumerate() {
            if !is_c_ident(&p.name) || RESERVED.contains(&p.name.as_str()) {
                return bad(format!(
                    "parameter {k} is named {:?}: not a free C identifier",
                    p.name
                ));
            }
            if self.params[..k].iter().any(|q| q.name == p.name) {
                return bad(format!("parameter name {:?} appears twice", p.name));
            }
        }
        Ok(())
    }

    /// The full CUDA C source of the spec's layout (see [`ElementwiseLayout`]); compile it
    /// with the NVRTC cache. A spec that [`validate`](Self::validate) rejects gives a source
    /// that NVRTC rejects.
    pub fn source(&self) -> Generated {
        match self.layout {
            ElementwiseLayout::Family => Generated {
                text: self.family_source(),
                sections: Vec::new(),
            },
            _ => self.user_source(),
        }
    }

    /// The [`Family`](ElementwiseLayout::Family) source: common.cuh, math.cuh, the `apply`
    /// function, elementwise.cuh and the kernels.
    fn family_source(&self) -> String {
        let ins: Vec<DType> = self.params.iter().map(|p| p.dtype).collect();
        let out = self.output.unwrap_or(DType::Bool);
        let nin = ins.len();
        let mut s = String::with_capacity(COMMON.len() + MATH.len() + ELEMENTWISE.len() + 4096);
        let _ = writeln!(
            s,
            "// cuprum kernel family: {} {:?} -> {}",
            self.name, ins, out
        );
        s.push_str(COMMON);
        s.push_str(MATH);
        let _ = writeln!(s, "typedef {} TO;", storage_type(out));
        for (k, d) in ins.iter().enumerate() {
            let _ = writeln!(s, "typedef {} T{k};", storage_type(*d));
        }
        let _ = writeln!(s, "#define NIN {nin}");
        let _ = writeln!(s, "#define VEC {}", vec_width(&ins, out));
        let sig = if nin == 0 {
            "TO v".to_string()
        } else {
            self.params
                .iter()
                .enumerate()
                .map(|(k, p)| format!("T{k} {}", p.name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            s,
            "__device__ __forceinline__ TO apply({sig}) {{ {} }}",
            self.body.text
        );
        s.push_str(ELEMENTWISE);
        let byval: usize = self
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind == ParamKind::Scalar)
            .map(|(k, _)| 1usize << k)
            .sum();
        if byval != 0 {
            by_value_wrappers(&mut s, nin, byval);
            return s;
        }
        plain_wrappers(&mut s, &ins);
        s
    }

    /// The [`Contiguous`](ElementwiseLayout::Contiguous) or
    /// [`Strided`](ElementwiseLayout::Strided) source: one kernel.
    fn user_source(&self) -> Generated {
        let mut b = Builder::new();
        let ct = |d: DType| self.types.c_type(d);
        head(&mut b, self.types, &self.typedefs, &self.preamble);
        let params = &self.params;
        let elems: Vec<usize> = (0..params.len()).filter(|&k| is_elem(&params[k])).collect();
        let mut decls = param_decls(params, self.types);
        decls.push("const long long _cuprum_n".into());
        if let ElementwiseLayout::Strided { nd, wide } = self.layout {
            let (iu, is) = idx_types(wide);
            b.code(&format!(
                "struct _CuprumGeom {{ {iu} shape[{nd}]; {is} st[{}][{nd}]; }};",
                elems.len().max(1)
            ));
            decls.push("const _CuprumGeom _cuprum_g".into());
        }
        b.code(&format!(
            "extern \"C\" __global__ void {}({}) {{\n    const CIndexer _ind = {{_cuprum_n}};\n    (void)_ind;",
            self.name,
            decls.join(", ")
        ));
        if !self.loop_prep.is_empty() {
            b.section(&self.loop_prep);
        }
        match self.layout {
            ElementwiseLayout::Contiguous { vec } => {
                let v = vec.max(1);
                let mut g = String::new();
                let _ = writeln!(
                    g,
                    "    const long long _cuprum_nvec = _cuprum_n / {v};\n    \
                     const long long _cuprum_t = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n    \
                     long long _cuprum_base; int _cuprum_cnt;\n    \
                     if (_cuprum_t < _cuprum_nvec) {{ _cuprum_base = _cuprum_t * {v}; _cuprum_cnt = {v}; }}\n    \
                     else {{ _cuprum_base = _cuprum_nvec * {v} + (_cuprum_t - _cuprum_nvec); _cuprum_cnt = _cuprum_base < _cuprum_n ? 1 : 0; }}\n    \
                     if (_cuprum_cnt > 0) {{"
                );
                for &k in &elems {
                    let p = &params[k];
                    let c = ct(p.dtype);
                    let load = match p.kind {
                        ParamKind::Out { load } => load,
                        _ => true,
                    };
                    let _ = writeln!(g, "        CuprumVec<{c}, {v}> _a_{};", p.name);
                    if load {
                        let _ = writeln!(
                            g,
                            "        if (_cuprum_cnt == {v}) _a_{n} = *reinterpret_cast<const CuprumVec<{c}, {v}>*>(_p_{n} + _cuprum_base); else _a_{n}.v[0] = _p_{n}[_cuprum_base];",
                            n = p.name
                        );
                    }
                }
                let _ = writeln!(
                    g,
                    "#pragma unroll\n        for (int _cuprum_k = 0; _cuprum_k < {v}; ++_cuprum_k) {{\n            if (_cuprum_k < _cuprum_cnt) {{\n                const long long i = _cuprum_base + _cuprum_k; (void)i;"
                );
                for &k in &elems {
                    let p = &params[k];
                    let cq = if is_out(p) { "" } else { "const " };
                    let _ = writeln!(
                        g,
                        "                {cq}{}& {n} = _a_{n}.v[_cuprum_k];",
                        ct(p.dtype),
                        n = p.name
                    );
                }
                g.push_str("                {");
                b.code(&g);
                b.section(&self.body);
                let mut g = String::from(
                    "                ;\n                }\n            }\n        }\n",
                );
                for &k in &elems {
                    let p = &params[k];
                    if !is_out(p) {
                        continue;
                    }
                    let _ = writeln!(
                        g,
                        "        if (_cuprum_cnt == {v}) *reinterpret_cast<CuprumVec<{c}, {v}>*>(_p_{n} + _cuprum_base) = _a_{n}; else _p_{n}[_cuprum_base] = _a_{n}.v[0];",
                        c = ct(p.dtype),
                        n = p.name
                    );
                }
                g.push_str("    }");
                b.code(&g);
            }
            ElementwiseLayout::Strided { nd, wide } => {
                let (iu, is) = idx_types(wide);
                let mut g = String::new();
                let _ = writeln!(
                    g,
                    "    for ({iu} _cuprum_t = ({iu})blockIdx.x * blockDim.x + threadIdx.x; _cuprum_t < ({iu})_cuprum_n; _cuprum_t += ({iu})blockDim.x * gridDim.x) {{\n        {iu} _cuprum_r = _cuprum_t;"
                );
                for (j, _) in elems.iter().enumerate() {
                    let _ = writeln!(g, "        {is} _cuprum_o{j} = 0;");
                }
                let _ = writeln!(
                    g,
                    "#pragma unroll\n        for (int _cuprum_d = {last}; _cuprum_d >= 1; --_cuprum_d) {{\n            const {iu} _cuprum_q = _cuprum_r / _cuprum_g.shape[_cuprum_d];\n            const {is} _cuprum_c = ({is})(_cuprum_r - _cuprum_q * _cuprum_g.shape[_cuprum_d]);",
                    last = nd as i32 - 1
                );
                for (j, _) in elems.iter().enumerate() {
                    let _ = writeln!(
                        g,
                        "            _cuprum_o{j} += _cuprum_c * _cuprum_g.st[{j}][_cuprum_d];"
                    );
                }
                g.push_str("            _cuprum_r = _cuprum_q;\n        }\n");
                for (j, _) in elems.iter().enumerate() {
                    let _ = writeln!(
                        g,
                        "        _cuprum_o{j} += ({is})_cuprum_r * _cuprum_g.st[{j}][0];"
                    );
                }
                g.push_str("        const long long i = (long long)_cuprum_t; (void)i;\n");
                for (j, &k) in elems.iter().enumerate() {
                    let p = &params[k];
                    let cq = if is_out(p) { "" } else { "const " };
                    let _ = writeln!(
                        g,
                        "        {cq}{}& {n} = _p_{n}[_cuprum_o{j}];",
                        ct(p.dtype),
                        n = p.name
                    );
                }
                g.push_str("        {");
                b.code(&g);
                b.section(&self.body);
                b.code("        ;\n        }\n    }");
            }
            ElementwiseLayout::Family => {}
        }
        if !self.after_loop.is_empty() {
            b.section(&self.after_loop);
        }
        b.code("}");
        b.finish()
    }
}

/// The kernels of a spec without by-value parameters.
fn plain_wrappers(s: &mut String, ins: &[DType]) {
    let nin = ins.len();
    let params = match nin {
        0 => "TO fv",
        1 => "const T0* __restrict__ p0",
        2 => "const T0* __restrict__ p0, const T1* __restrict__ p1",
        _ => "const T0* __restrict__ p0, const T1* __restrict__ p1, const T2* __restrict__ p2",
    };
    let args = match nin {
        0 => "fv",
        1 => "p0",
        2 => "p0, p1",
        _ => "p0, p1, p2",
    };
    for m in 0..(1usize << nin) {
        let _ = writeln!(
            s,
            "extern \"C\" __global__ void __launch_bounds__(256) c{m}v(TO* __restrict__ out, {params}, i64 n) {{ contig<{m}, VEC>(out, {args}, n); }}"
        );
        let _ = writeln!(
            s,
            "extern \"C\" __global__ void __launch_bounds__(256) c{m}s(TO* __restrict__ out, {params}, i64 n) {{ contig<{m}, 1>(out, {args}, n); }}"
        );
    }
    let _ = writeln!(
        s,
        "extern \"C\" __global__ void __launch_bounds__(256) s32(TO* __restrict__ out, {params}, Geom<i32> g, u32 n) {{ strided<u32, i32>(out, {args}, g, n); }}"
    );
    let _ = writeln!(
        s,
        "extern \"C\" __global__ void __launch_bounds__(256) s64(TO* __restrict__ out, {params}, Geom<i64> g, i64 n) {{ strided<i64, i64>(out, {args}, g, n); }}"
    );
    if nin == 1 {
        let big = ins[0].itemsize() > 8;
        let t64 = if big { 32 } else { 64 };
        let _ = writeln!(
            s,
            "extern \"C\" __global__ void __launch_bounds__(256) t32(TO* __restrict__ out, const T0* __restrict__ in, i64 R, i64 C, i64 ldi, i64 ldo) {{ transpose_tile<32>(out, in, R, C, ldi, ldo); }}"
        );
        let _ = writeln!(
            s,
            "extern \"C\" __global__ void __launch_bounds__(256) t64(TO* __restrict__ out, const T0* __restrict__ in, i64 R, i64 C, i64 ldi, i64 ldo) {{ transpose_tile<{t64}>(out, in, R, C, ldi, ldo); }}"
        );
        let _ = writeln!(
            s,
            "extern \"C\" __global__ void __launch_bounds__(256) tv(TO* __restrict__ out, const T0* __restrict__ in, i64 R, i64 C, i64 ldi, i64 ldo) {{ transpose_tile_vec<{t64}>(out, in, R, C, ldi, ldo); }}"
        );
    }
}

/// The kernels of a spec with by-value parameters (bit `k` of `byval` set: parameter `k`):
/// `c{M}v`/`c{M}s` for the masks `M` that include `byval` (a by-value parameter is a broadcast
/// input reading its one element from the kernel argument) and `s32`/`s64` (the host passes
/// zero strides for it).
fn by_value_wrappers(s: &mut String, nin: usize, byval: usize) {
    let param = |k: usize| {
        if byval & (1 << k) != 0 {
            format!("T{k} s{k}")
        } else {
            format!("const T{k}* __restrict__ p{k}")
        }
    };
    let params = (0..nin).map(param).collect::<Vec<_>>().join(", ");
    let pro: String = (0..nin)
        .filter(|k| byval & (1 << k) != 0)
        .map(|k| format!("const T{k}* p{k} = &s{k}; "))
        .collect();
    let args = (0..nin)
        .map(|k| format!("p{k}"))
        .collect::<Vec<_>>()
        .join(", ");
    for m in (0..(1usize << nin)).filter(|m| m & byval == byval) {
        for (sfx, v) in [("v", "VEC"), ("s", "1")] {
            let _ = writeln!(
                s,
                "extern \"C\" __global__ void __launch_bounds__(256) c{m}{sfx}(TO* __restrict__ out, {params}, i64 n) {{ {pro}contig<{m}, {v}>(out, {args}, n); }}"
            );
        }
    }
    let _ = writeln!(
        s,
        "extern \"C\" __global__ void __launch_bounds__(256) s32(TO* __restrict__ out, {params}, Geom<i32> g, u32 n) {{ {pro}strided<u32, i32>(out, {args}, g, n); }}"
    );
    let _ = writeln!(
        s,
        "extern \"C\" __global__ void __launch_bounds__(256) s64(TO* __restrict__ out, {params}, Geom<i64> g, i64 n) {{ {pro}strided<i64, i64>(out, {args}, g, n); }}"
    );
}

pub(crate) const REDUCE: &str = include_str!("../../../../kernels/reduce.cuh");
pub(crate) const REDUCE_KERNELS: &str = include_str!("../../../../kernels/reduce_kernels.cuh");

/// The layout classes of a reduction source.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReductionLayout {
    /// Core's built-in reductions: the kernels of `kernels/reduce_kernels.cuh` over one input
    /// parameter (`IN_T`; its [`In`](ParamKind::In) parameter names `map`'s element):
    /// `r_all1_v`/`r_all1_s` + `r_all2` (a full reduction: per-block partials, then one block),
    /// `r_rowsb_*` / `r_rowsw_*` (reduced elements contiguous: a block or a warp per row),
    /// `r_cols1_*` + `r_cols2` (reduced axis strided, kept axes contiguous), `r_accsize` (the
    /// accumulator's size); `_v` kernels use 16-byte vector loads. Requires
    /// [`CTypes::Storage`], an identity, generated sections.
    Family {
        /// the compute dtype (`C_T`)
        compute: DType,
        /// the output dtype (`OUT_T`)
        output: DType,
        /// the C++ type of the accumulator (`acc_t`)
        acc_type: String,
    },
    /// CuPy's `ReductionKernel`: three kernels over `nk` kept and `nr` reduced axes (each
    /// merged, at least 1; 32-bit indices, or 64-bit when `wide`), [`REDUCTION_THREADS`] per
    /// block: `<name>_block` (a block per output and split of the reduced range, a tree in
    /// shared memory, post-map when there is one split, else a partial), `<name>_finish` (a
    /// block per output over the partials, then post-map) and `<name>_thread` (a thread per
    /// output). The accumulator is `_type_reduce` (`reduce_type`).
    Strided {
        /// the dtype of the accumulator (`_type_reduce`)
        reduce_type: DType,
        /// kept axes
        nk: u8,
        /// reduced axes
        nr: u8,
        /// 64-bit indices
        wide: bool,
    },
}

/// A reduction kernel as data: every built-in reduction (`sum`, `max`, `argmin`, `var`'s
/// passes, ...) is an instance (layout [`Family`](ReductionLayout::Family)), and
/// `cuprum-kernel` maps a parsed `ReductionKernel` onto one per call signature and geometry
/// ([`Strided`](ReductionLayout::Strided)); [`source`](ReductionSpec::source) is the one
/// generator of both.
///
/// **Semantics**: a map / reduce / post-map triple with an optional identity. `identity`,
/// `map` and `reduce` are C++ *expressions*: the accumulator of an empty range; the value one
/// input element contributes; the combination of two partial values `a` and `b` (associative;
/// applied in a fixed order, so results are deterministic). Without an identity (CuPy's
/// `identity=None`, `Strided` only) a partial starts from its first mapped element.
///
/// - `Family`: the generated `Op` has `typedef acc_type acc_t;` and `identity()`,
///   `map(IN_T x, i64 i, i64 out, const RParams& p)` (one input element `x`, storage type,
///   `ld(x)` its compute value, at flat index `i` of its slice, for output `out`),
///   `combine(acc_t a, acc_t b)`, and `OUT_T finalize(acc_t a, i64 n, i64 out, const RParams&
///   p)` returning `post_map` (an expression: the output of a slice of `n` elements). `IN_T`,
///   `C_T` and `OUT_T` are the C storage types of the input, `compute` and `output`; the
///   helpers of `kernels/common.cuh` and `kernels/reduce.cuh` (`r_add`, `r_isnan`, `cast<T>`,
///   ...) are in scope.
/// - `Strided`: `map` reads the input parameters by name ([`In`](ParamKind::In): the element,
///   [`Scalar`](ParamKind::Scalar), [`Raw`](ParamKind::Raw)), with `_in_ind.size()` the size of
///   the broadcast input and `_out_ind.size()` the number of outputs; `post_map` is statements
///   with `a` the reduced value and the [`Out`](ParamKind::Out) parameters writable (`y = a;`).
///   The typedefs `_type_reduce`, `type_in<k>_raw` and `type_out<k>_raw` (CuPy's) follow the
///   spec's own. Parameters: inputs, then outputs; the kernels take them in that order, then
///   `_type_reduce* part` (`nout * split` partials), `long long nout`, `long long nred`,
///   `int split` and the geometry struct `{ U kshape[nk]; U rshape[nr]; S kst[E][nk];
///   S rst[E][nr]; }` (`E` the number of `In` parameters, at least 1).
///
/// # Example
/// ```
/// use cuprum_core::DType;
/// use cuprum_core::ext::codegen::{
///     CTypes, Param, ParamKind, ReductionLayout, ReductionSpec, Section,
/// };
/// // sum of squares, built-in style
/// let spec = ReductionSpec {
///     name: "sumsq".into(),
///     params: vec![Param::new("x", DType::Float32, ParamKind::In)],
///     types: CTypes::Storage,
///     typedefs: vec![],
///     preamble: Section::default(),
///     identity: Some(Section::generated("0.0f")),
///     map: Section::generated("ld(x) * ld(x)"),
///     reduce: Section::generated("a + b"),
///     post_map: Section::generated("a"),
///     layout: ReductionLayout::Family {
///         compute: DType::Float32,
///         output: DType::Float32,
///         acc_type: "float".into(),
///     },
/// };
/// spec.validate().unwrap();
/// assert!(spec.source().text.contains(
///     "static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) { return a + b; }"
/// ));
/// // the same as a user reduction without an identity
/// let user = ReductionSpec {
///     name: "sumsq".into(),
///     params: vec![
///         Param::new("x", DType::Float32, ParamKind::In),
///         Param::new("y", DType::Float32, ParamKind::Out { load: false }),
///     ],
///     types: CTypes::CuPy,
///     typedefs: vec![],
///     preamble: Section::default(),
///     identity: None,
///     map: Section::user("map_expr", "x * x"),
///     reduce: Section::user("reduce_expr", "a + b"),
///     post_map: Section::user("post_map_expr", "y = a"),
///     layout: ReductionLayout::Strided { reduce_type: DType::Float32, nk: 1, nr: 1, wide: false },
/// };
/// user.validate().unwrap();
/// let text = user.source().text;
/// assert!(text.contains("void __launch_bounds__(256) sumsq_block(const float* _p_x, float* _p_y"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReductionSpec {
    /// The kernel's name (the source's first line for `Family`; the kernels' prefix for
    /// `Strided`).
    pub name: String,
    /// The parameters: the inputs, then the outputs (`Strided`); the one input (`Family`).
    pub params: Vec<Param>,
    /// The C type vocabulary of the text.
    pub types: CTypes,
    /// `typedef <C type of dtype> <name>;` lines before the preamble (type placeholders).
    pub typedefs: Vec<(String, DType)>,
    /// Code before the kernels; empty for none.
    pub preamble: Section,
    /// The accumulator of an empty range (an expression); `None`: none (`Strided` only).
    pub identity: Option<Section>,
    /// The value of one input element (an expression).
    pub map: Section,
    /// The combination of partial values `a` and `b` (an expression).
    pub reduce: Section,
    /// `Family`: the output of a slice (an expression in `a`, `n`, `out`, `p`); `Strided`:
    /// statements writing the outputs from `a`.
    pub post_map: Section,
    /// The layout class(es) generated.
    pub layout: ReductionLayout,
}

impl ReductionSpec {
    /// A [`Family`](ReductionLayout::Family) spec whose four functions are those of the C++
    /// operation type `op` of `kernels/reduce.cuh` (for example
    /// `SumOp<IN_T, C_T, OUT_T, false, false, false>`): how the built-in reductions are written.
    pub fn from_op_type(name: &str, input: DType, compute: DType, output: DType, op: &str) -> Self {
        ReductionSpec {
            name: name.to_string(),
            params: vec![Param::new("x", input, ParamKind::In)],
            types: CTypes::Storage,
            typedefs: Vec::new(),
            preamble: Section::default(),
            identity: Some(Section::generated(format!("{op}::identity()"))),
            map: Section::generated(format!("{op}::map(x, i, out, p)")),
            reduce: Section::generated(format!("{op}::combine(a, b)")),
            post_map: Section::generated(format!("{op}::finalize(a, n, out, p)")),
            layout: ReductionLayout::Family {
                compute,
                output,
                acc_type: format!("{op}::acc_t"),
            },
        }
    }

    /// Checks the spec against its layout (see [`ReductionLayout`]). `Family`: one `In`
    /// parameter, core's storage types, an identity, generated sections, no typedefs or
    /// preamble. `Strided`: the name a C identifier; inputs (`In`, `Scalar`, `Raw`) before at
    /// least one `Out` output; names distinct C identifiers, none `a`, `b`, in
    /// [`RESERVED_NAMES`] or starting with one of [`RESERVED_PREFIXES`].
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the spec and the offending parameter or field.
    pub fn validate(&self) -> Result<()> {
        let bad = |why: String| {
            Err(Error::invalid_value(
                "ReductionSpec",
                format!("{}: {why}", self.name),
            ))
        };
        match &self.layout {
            ReductionLayout::Family { .. } => {
                if self.params.len() != 1 || self.params[0].kind != ParamKind::In {
                    return bad("the Family layout reduces exactly one In parameter".into());
                }
                if !is_c_ident(&self.params[0].name) {
                    return bad(format!("parameter name {:?}", self.params[0].name));
                }
                let generated = [Some(&self.map), Some(&self.reduce), Some(&self.post_map)]
                    .into_iter()
                    .chain(std::iter::once(self.identity.as_ref()))
                    .all(|s| s.is_some_and(|s| s.origin.is_none()));
                if self.types != CTypes::Storage
                    || !generated
                    || !self.typedefs.is_empty()
                    || !self.preamble.is_empty()
                {
                    return bad(
                        "the Family layout takes core's storage types, an identity and generated sections only"
                            .into(),
                    );
                }
                Ok(())
            }
            ReductionLayout::Strided { .. } => {
                if !is_c_ident(&self.name) {
                    return bad("the kernel name is not a C identifier".into());
                }
                let nin = self.params.iter().take_while(|p| !is_out(p)).count();
                if nin == self.params.len() || !self.params[nin..].iter().all(is_out) {
                    return bad(
                        "the parameters must be the inputs, then one or more Out outputs".into(),
                    );
                }
                check_user_names(&self.name, &self.params, &["a", "b"])
                    .and_then(|()| check_typedefs(&self.name, &self.typedefs))
                    .map_err(|e| Error::invalid_value("ReductionSpec", e))
            }
        }
    }

    /// The full CUDA C source of the spec's layout (see [`ReductionLayout`]). A spec that
    /// [`validate`](Self::validate) rejects gives a source that NVRTC rejects.
    pub fn source(&self) -> Generated {
        match &self.layout {
            ReductionLayout::Family {
                compute,
                output,
                acc_type,
            } => Generated {
                text: self.family_source(*compute, *output, acc_type),
                sections: Vec::new(),
            },
            ReductionLayout::Strided {
                reduce_type,
                nk,
                nr,
                wide,
            } => self.strided_source(*reduce_type, *nk, *nr, *wide),
        }
    }

    /// The [`Family`](ReductionLayout::Family) source: common.cuh, the type definitions,
    /// reduce.cuh, the `Op` of this spec and reduce_kernels.cuh.
    fn family_source(&self, compute: DType, output: DType, acc_type: &str) -> String {
        let input = self.params.first().map_or(DType::Bool, |p| p.dtype);
        let x = self.params.first().map_or("x", |p| p.name.as_str());
        let c = storage_type(compute);
        let identity = self.identity.as_ref().map_or("", |s| s.text.as_str());
        format!(
            "// cuprum reduction: {}\n{COMMON}\ntypedef {} IN_T;\ntypedef {c} C_T;\ntypedef {} OUT_T;\n#define VMAX {}\n{REDUCE}\n\
             struct SpecOp {{\n\
             typedef {} acc_t;\n\
             static __device__ __forceinline__ acc_t identity() {{ return {}; }}\n\
             static __device__ __forceinline__ acc_t map(IN_T {x}, i64 i, i64 out, const RParams& p) {{ return {}; }}\n\
             static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {{ return {}; }}\n\
             static __device__ __forceinline__ OUT_T finalize(acc_t a, i64 n, i64 out, const RParams& p) {{ return {}; }}\n\
             }};\ntypedef SpecOp Op;\n{REDUCE_KERNELS}",
            self.name,
            storage_type(input),
            storage_type(output),
            (16 / input.itemsize()).max(1),
            acc_type,
            identity,
            self.map.text,
            self.reduce.text,
            self.post_map.text,
        )
    }

    /// The [`Strided`](ReductionLayout::Strided) source: `<name>_block`, `<name>_finish`,
    /// `<name>_thread`.
    fn strided_source(&self, reduce_type: DType, nk: u8, nr: u8, wide: bool) -> Generated {
        let mut b = Builder::new();
        let nin = self.params.iter().take_while(|p| !is_out(p)).count();
        let (ins, outs) = self.params.split_at(nin);
        let ctype = |d: DType| self.types.c_type(d);
        let mut td: Vec<(String, DType)> = self.typedefs.clone();
        td.push(("_type_reduce".into(), reduce_type));
        for (k, p) in ins.iter().enumerate() {
            td.push((format!("type_in{k}_raw"), p.dtype));
        }
        for (k, p) in outs.iter().enumerate() {
            td.push((format!("type_out{k}_raw"), p.dtype));
        }
        head(&mut b, self.types, &td, &self.preamble);
        let (iu, is) = idx_types(wide);
        let (nk, nr) = (nk.max(1), nr.max(1));
        let elems: Vec<usize> = (0..ins.len()).filter(|&k| is_elem(&ins[k])).collect();
        let ne = elems.len().max(1);
        b.code(&format!(
            "struct _CuprumRGeom {{ {iu} kshape[{nk}]; {iu} rshape[{nr}]; {is} kst[{ne}][{nk}]; {is} rst[{ne}][{nr}]; }};"
        ));
        // the reduce function
        b.code(
            "__device__ __forceinline__ _type_reduce _cuprum_reduce(const _type_reduce& a, const _type_reduce& b) {\n    return (_type_reduce)(",
        );
        b.section(&self.reduce);
        b.code("    );\n}");
        // identity
        if let Some(id) = &self.identity {
            b.code("__device__ __forceinline__ _type_reduce _cuprum_identity() {\n    return (_type_reduce)(");
            b.section(id);
            b.code("    );\n}");
        }
        // common parameter list
        let mut decls = param_decls(ins, self.types);
        for p in outs {
            decls.push(format!("{}* _p_{}", ctype(p.dtype), p.name));
        }
        decls.push("_type_reduce* _cuprum_part".into());
        decls.push("const long long _cuprum_nout".into());
        decls.push("const long long _cuprum_nred".into());
        decls.push("const int _cuprum_split".into());
        decls.push("const _CuprumRGeom _cuprum_g".into());
        let decls = decls.join(", ");
        // helpers (as macros over the kernel's locals)
        let mut g = String::new();
        let _ = writeln!(
            g,
            "#define CUPRUM_KOFF(o_, offs_) do {{ {iu} _r = (o_); _Pragma(\"unroll\") for (int _d = {nk} - 1; _d >= 1; --_d) {{ {iu} _q = _r / _cuprum_g.kshape[_d]; {is} _c = ({is})(_r - _q * _cuprum_g.kshape[_d]); _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) offs_[_j] += _c * _cuprum_g.kst[_j][_d]; _r = _q; }} _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) offs_[_j] += ({is})_r * _cuprum_g.kst[_j][0]; }} while (0)"
        );
        let _ = writeln!(
            g,
            "#define CUPRUM_ROFF(r_, offs_) do {{ {iu} _r = (r_); _Pragma(\"unroll\") for (int _d = {nr} - 1; _d >= 1; --_d) {{ {iu} _q = _r / _cuprum_g.rshape[_d]; {is} _c = ({is})(_r - _q * _cuprum_g.rshape[_d]); _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) offs_[_j] += _c * _cuprum_g.rst[_j][_d]; _r = _q; }} _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) offs_[_j] += ({is})_r * _cuprum_g.rst[_j][0]; }} while (0)"
        );
        b.code(&g);

        // one map-and-accumulate step at reduced index `r`, given kept offsets `_cuprum_ko`
        let map_step = |b: &mut Builder, r: &str, indent: &str| {
            let mut g = String::new();
            let _ = writeln!(
                g,
                "{indent}{{\n{indent}    {is} _cuprum_ro[{ne}];\n{indent}    _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) _cuprum_ro[_j] = _cuprum_ko[_j];\n{indent}    CUPRUM_ROFF({r}, _cuprum_ro);"
            );
            for (j, &k) in elems.iter().enumerate() {
                let p = &ins[k];
                let _ = writeln!(
                    g,
                    "{indent}    const {}& {n} = _p_{n}[_cuprum_ro[{j}]];",
                    ctype(p.dtype),
                    n = p.name
                );
            }
            let _ = write!(
                g,
                "{indent}    const _type_reduce _cuprum_m = (_type_reduce)("
            );
            b.code(&g);
            b.section(&self.map);
            b.code(&format!(
                "{indent}    );\n{indent}    if (_cuprum_has) _cuprum_acc = _cuprum_reduce(_cuprum_acc, _cuprum_m); else {{ _cuprum_acc = _cuprum_m; _cuprum_has = true; }}\n{indent}}}"
            ));
        };
        let acc_init = if self.identity.is_some() {
            "_type_reduce _cuprum_acc = _cuprum_identity(); bool _cuprum_has = true;"
        } else {
            "_type_reduce _cuprum_acc; bool _cuprum_has = false;"
        };
        // post-map of value `v` into output element `o`
        let post = |b: &mut Builder, v: &str, o: &str, indent: &str| {
            let mut g = String::new();
            let _ = writeln!(g, "{indent}{{\n{indent}    const _type_reduce a = {v};");
            for p in outs {
                let _ = writeln!(
                    g,
                    "{indent}    {}& {n} = _p_{n}[{o}];",
                    ctype(p.dtype),
                    n = p.name
                );
            }
            b.code(&g);
            b.section(&self.post_map);
            b.code(&format!("{indent}    ;\n{indent}}}"));
        };
        let prologue = "    const CIndexer _in_ind = {_cuprum_nout * _cuprum_nred}; (void)_in_ind;\n    const CIndexer _out_ind = {_cuprum_nout}; (void)_out_ind;";
        // the end of both block kernels: a tree in shared memory, then post-map (one split)
        // or the block's partial
        let block_tail = |b: &mut Builder| {
            b.code(&format!(
                "    _cuprum_sh[threadIdx.x] = _cuprum_acc; _cuprum_shh[threadIdx.x] = _cuprum_has;\n    __syncthreads();\n    \
                 for (int _w = {half}; _w > 0; _w >>= 1) {{\n        \
                 if (threadIdx.x < _w && _cuprum_shh[threadIdx.x + _w]) {{\n            \
                 _cuprum_sh[threadIdx.x] = _cuprum_shh[threadIdx.x] ? _cuprum_reduce(_cuprum_sh[threadIdx.x], _cuprum_sh[threadIdx.x + _w]) : _cuprum_sh[threadIdx.x + _w];\n            \
                 _cuprum_shh[threadIdx.x] = true;\n        }}\n        __syncthreads();\n    }}\n    \
                 if (threadIdx.x == 0) {{\n        if (_cuprum_split == 1) {{",
                half = REDUCTION_THREADS / 2
            ));
            post(&mut *b, "_cuprum_sh[0]", "_cuprum_o", "            ");
            b.code("        } else {\n            _cuprum_part[blockIdx.x] = _cuprum_sh[0];\n        }\n    }\n}");
        };

        // ---- block kernel ----
        b.code(&format!(
            "extern \"C\" __global__ void __launch_bounds__({REDUCTION_THREADS}) {name}_block({decls}) {{\n{prologue}\n    \
             __shared__ _type_reduce _cuprum_sh[{REDUCTION_THREADS}];\n    __shared__ bool _cuprum_shh[{REDUCTION_THREADS}];\n    \
             const {iu} _cuprum_o = ({iu})blockIdx.x / ({iu})_cuprum_split;\n    \
             const {iu} _cuprum_s = ({iu})blockIdx.x - _cuprum_o * ({iu})_cuprum_split;\n    \
             const {iu} _cuprum_chunk = ({iu})((_cuprum_nred + _cuprum_split - 1) / _cuprum_split);\n    \
             const {iu} _cuprum_lo = _cuprum_s * _cuprum_chunk;\n    \
             const {iu} _cuprum_hi = min(({iu})_cuprum_nred, _cuprum_lo + _cuprum_chunk);\n    \
             {is} _cuprum_ko[{ne}];\n    _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) _cuprum_ko[_j] = 0;\n    \
             CUPRUM_KOFF(_cuprum_o, _cuprum_ko);\n    {acc_init}\n    \
             {iu} _cuprum_r = _cuprum_lo + threadIdx.x;\n    \
             for (; _cuprum_r + {um1}u * {REDUCTION_THREADS}u < _cuprum_hi; _cuprum_r += {REDUCTION_UNROLL}u * {REDUCTION_THREADS}u) {{\n#pragma unroll\n        \
             for (int _cuprum_u = 0; _cuprum_u < {REDUCTION_UNROLL}; ++_cuprum_u)",
            name = self.name,
            um1 = REDUCTION_UNROLL - 1
        ));
        map_step(
            &mut b,
            &format!("_cuprum_r + ({iu})_cuprum_u * {REDUCTION_THREADS}u"),
            "        ",
        );
        b.code(&format!(
            "    }}\n    for (; _cuprum_r < _cuprum_hi; _cuprum_r += {REDUCTION_THREADS}u)"
        ));
        map_step(&mut b, "_cuprum_r", "    ");
        block_tail(&mut b);

        // ---- vector-load block kernel (one reduced axis at unit stride, aligned) ----
        let vw = reduction_vector_width(&elems.iter().map(|&k| ins[k].dtype).collect::<Vec<_>>());
        if nr == 1 && vw >= 2 {
            let mut g = String::new();
            for (j, &k) in elems.iter().enumerate() {
                let p = &ins[k];
                let _ = writeln!(
                    g,
                    "struct __align__({a}) _cuprum_vec{j} {{ {} e[{vw}]; }};",
                    ctype(p.dtype),
                    a = vw as usize * p.dtype.itemsize()
                );
            }
            b.code(&g);
            // one vector at reduced index `r` (a multiple of the width from the block start)
            let vec_step = |b: &mut Builder, r: &str, indent: &str| {
                let mut g = String::new();
                let _ = writeln!(g, "{indent}{{");
                for (j, &k) in elems.iter().enumerate() {
                    let _ = writeln!(
                        g,
                        "{indent}    const _cuprum_vec{j} _cuprum_v{j} = *(const _cuprum_vec{j}*)(_p_{n} + _cuprum_ko[{j}] + ({is})({r}));",
                        n = ins[k].name
                    );
                }
                let _ = writeln!(
                    g,
                    "{indent}    _Pragma(\"unroll\") for (int _cuprum_c = 0; _cuprum_c < {vw}; ++_cuprum_c) {{"
                );
                for (j, &k) in elems.iter().enumerate() {
                    let p = &ins[k];
                    let _ = writeln!(
                        g,
                        "{indent}        const {}& {n} = _cuprum_v{j}.e[_cuprum_c];",
                        ctype(p.dtype),
                        n = p.name
                    );
                }
                let _ = write!(
                    g,
                    "{indent}        const _type_reduce _cuprum_m = (_type_reduce)("
                );
                b.code(&g);
                b.section(&self.map);
                b.code(&format!(
                    "{indent}        );\n{indent}        if (_cuprum_has) _cuprum_acc = _cuprum_reduce(_cuprum_acc, _cuprum_m); else {{ _cuprum_acc = _cuprum_m; _cuprum_has = true; }}\n{indent}    }}\n{indent}}}"
                ));
            };
            b.code(&format!(
                "extern \"C\" __global__ void __launch_bounds__({REDUCTION_THREADS}) {name}_blockv({decls}) {{\n{prologue}\n    \
                 __shared__ _type_reduce _cuprum_sh[{REDUCTION_THREADS}];\n    __shared__ bool _cuprum_shh[{REDUCTION_THREADS}];\n    \
                 const {iu} _cuprum_o = ({iu})blockIdx.x / ({iu})_cuprum_split;\n    \
                 const {iu} _cuprum_s = ({iu})blockIdx.x - _cuprum_o * ({iu})_cuprum_split;\n    \
                 const {iu} _cuprum_chunk = ({iu})(((_cuprum_nred + _cuprum_split - 1) / _cuprum_split + {vm1}) / {vw} * {vw});\n    \
                 const {iu} _cuprum_lo = _cuprum_s * _cuprum_chunk;\n    \
                 const {iu} _cuprum_hi = max(_cuprum_lo, min(({iu})_cuprum_nred, _cuprum_lo + _cuprum_chunk));\n    \
                 const {iu} _cuprum_vend = _cuprum_lo + (_cuprum_hi - _cuprum_lo) / {vw}u * {vw}u;\n    \
                 {is} _cuprum_ko[{ne}];\n    _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) _cuprum_ko[_j] = 0;\n    \
                 CUPRUM_KOFF(_cuprum_o, _cuprum_ko);\n    {acc_init}\n    \
                 {iu} _cuprum_r = _cuprum_lo + threadIdx.x * {vw}u;\n    \
                 for (; _cuprum_r + {REDUCTION_THREADS}u * {vw}u + {vw}u <= _cuprum_vend; _cuprum_r += 2u * {REDUCTION_THREADS}u * {vw}u) {{\n#pragma unroll\n        \
                 for (int _cuprum_u = 0; _cuprum_u < 2; ++_cuprum_u)",
                name = self.name,
                vm1 = vw - 1
            ));
            vec_step(
                &mut b,
                &format!("_cuprum_r + ({iu})_cuprum_u * {REDUCTION_THREADS}u * {vw}u"),
                "        ",
            );
            b.code(&format!(
                "    }}\n    for (; _cuprum_r + {vw}u <= _cuprum_vend; _cuprum_r += {REDUCTION_THREADS}u * {vw}u)"
            ));
            vec_step(&mut b, "_cuprum_r", "    ");
            b.code(&format!(
                "    for (_cuprum_r = _cuprum_vend + threadIdx.x; _cuprum_r < _cuprum_hi; _cuprum_r += {REDUCTION_THREADS}u)"
            ));
            map_step(&mut b, "_cuprum_r", "    ");
            block_tail(&mut b);
        }

        // ---- finish kernel: block per output over `split` partials (all non-empty) ----
        b.code(&format!(
            "extern \"C\" __global__ void __launch_bounds__({REDUCTION_THREADS}) {name}_finish({decls}) {{\n{prologue}\n    \
             __shared__ _type_reduce _cuprum_sh[{REDUCTION_THREADS}];\n    __shared__ bool _cuprum_shh[{REDUCTION_THREADS}];\n    \
             const long long _cuprum_o = blockIdx.x;\n    \
             _type_reduce _cuprum_acc; bool _cuprum_has = false;\n    \
             for (int _cuprum_s = threadIdx.x; _cuprum_s < _cuprum_split; _cuprum_s += {REDUCTION_THREADS}) {{\n        \
             const _type_reduce _cuprum_m = _cuprum_part[_cuprum_o * _cuprum_split + _cuprum_s];\n        \
             if (_cuprum_has) _cuprum_acc = _cuprum_reduce(_cuprum_acc, _cuprum_m); else {{ _cuprum_acc = _cuprum_m; _cuprum_has = true; }}\n    }}\n    \
             _cuprum_sh[threadIdx.x] = _cuprum_acc; _cuprum_shh[threadIdx.x] = _cuprum_has;\n    __syncthreads();\n    \
             for (int _w = {half}; _w > 0; _w >>= 1) {{\n        \
             if (threadIdx.x < _w && _cuprum_shh[threadIdx.x + _w]) {{\n            \
             _cuprum_sh[threadIdx.x] = _cuprum_shh[threadIdx.x] ? _cuprum_reduce(_cuprum_sh[threadIdx.x], _cuprum_sh[threadIdx.x + _w]) : _cuprum_sh[threadIdx.x + _w];\n            \
             _cuprum_shh[threadIdx.x] = true;\n        }}\n        __syncthreads();\n    }}\n    \
             if (threadIdx.x == 0) {{",
            name = self.name,
            half = REDUCTION_THREADS / 2
        ));
        post(&mut b, "_cuprum_sh[0]", "_cuprum_o", "        ");
        b.code("    }\n}");

        // ---- thread kernel: one thread per output ----
        b.code(&format!(
            "extern \"C\" __global__ void __launch_bounds__({REDUCTION_THREADS}) {name}_thread({decls}) {{\n{prologue}\n    \
             for ({iu} _cuprum_o = ({iu})blockIdx.x * blockDim.x + threadIdx.x; _cuprum_o < ({iu})_cuprum_nout; _cuprum_o += ({iu})blockDim.x * gridDim.x) {{\n    \
             {is} _cuprum_ko[{ne}];\n    _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) _cuprum_ko[_j] = 0;\n    \
             CUPRUM_KOFF(_cuprum_o, _cuprum_ko);\n    {acc_init}\n    \
             {iu} _cuprum_r = 0;\n    \
             for (; _cuprum_r + 3u < ({iu})_cuprum_nred; _cuprum_r += 4u) {{\n#pragma unroll\n        \
             for (int _cuprum_u = 0; _cuprum_u < 4; ++_cuprum_u)",
            name = self.name
        ));
        map_step(&mut b, &format!("_cuprum_r + ({iu})_cuprum_u"), "        ");
        b.code(&format!(
            "    }}\n    for (; _cuprum_r < ({iu})_cuprum_nred; ++_cuprum_r)"
        ));
        map_step(&mut b, "_cuprum_r", "    ");
        post(&mut b, "_cuprum_acc", "_cuprum_o", "    ");
        b.code("    }\n}");
        b.finish()
    }
}
