//! The generator as it was before the spec grew the user layouts (test only): the snapshot
//! tests compare every built-in source with it, byte for byte.
#![allow(dead_code, unused_imports)]

use crate::backend::Side;
use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::{DType, Error, Result};
use std::fmt::Write;

const COMMON: &str = include_str!("../../../../kernels/common.cuh");
const MATH: &str = include_str!("../../../../kernels/math.cuh");
const ELEMENTWISE: &str = include_str!("../../../../kernels/elementwise.cuh");

/// Maximum number of axes of the strided kernels (`MAXD` in elementwise.cuh).
use super::codegen::{Family, compute_type, storage_type, vec_width};

/// Unary ops whose result is computed in the input's type (predicates and complex → real).
fn unary_in_input_type(op: UnaryOp) -> bool {
    use UnaryOp::*;
    matches!(
        op,
        Abs | Real | Imag | Angle | IsNan | IsInf | IsFinite | Signbit | LogicalNot
    )
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

/// The full CUDA C source of a family: its [`ElementwiseSpec`]'s source.
pub(crate) fn source(fam: Family, ins: &[DType], out: DType) -> String {
    fam.old_spec(ins, out).source()
}

trait OldSpec {
    fn old_params(self) -> &'static [&'static str];
    fn old_spec(self, ins: &[DType], out: DType) -> ElementwiseSpec;
}

impl OldSpec for Family {
    /// The parameter names of a built-in family's `apply`.
    fn old_params(self) -> &'static [&'static str] {
        match self {
            Family::Fill => &[],
            Family::Copy | Family::Unary(_) => &["a"],
            Family::Binary(_) | Family::BinaryScalar(..) => &["a", "b"],
            Family::Where => &["c", "a", "b"],
        }
    }

    /// A built-in family as an instance of the public spec: the same generator, kernels and
    /// layout classes serve built-in and user kernels.
    fn old_spec(self, ins: &[DType], out: DType) -> ElementwiseSpec {
        let slot = self.scalar_slot();
        ElementwiseSpec {
            name: self.name().to_string(),
            params: self
                .old_params()
                .iter()
                .zip(ins)
                .enumerate()
                .map(|(k, (n, d))| Param {
                    name: (*n).to_string(),
                    dtype: *d,
                    by_value: Some(k) == slot,
                })
                .collect(),
            output: out,
            body: apply_body(self, ins, out),
        }
    }
}

/// One parameter of an [`ElementwiseSpec`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// Its name in the body (a C identifier).
    pub name: String,
    /// Its dtype; in the body its value has the storage type `T{k}` (`k` its position).
    pub dtype: DType,
    /// A scalar passed to the kernel by value (the same value for every element) instead of
    /// an array.
    pub by_value: bool,
}

/// An elementwise kernel as data: the built-in ufuncs, casts, `where` and fills are instances,
/// and a user-kernel crate builds one from user source, so that both compile to the same
/// layout classes.
///
/// **Semantics**: `body` is the body of the C++ function
/// `__device__ TO apply(T0 <param 0>, T1 <param 1>, ...)`; it receives each parameter's
/// *storage* value (`ld(x)` gives the compute value: float for float16/bfloat16, the type
/// itself otherwise), and returns the output's storage value (`cast<TO>(v)` converts any
/// compute value with NumPy's `astype` rules, the same bits as the CPU's cast table). The
/// helpers of `kernels/common.cuh` and `kernels/math.cuh` (`op_add`, `op_exp`, ...) are in
/// scope. A spec with no parameters is a fill: its kernels take the output value `v` by value.
///
/// **Kernels** of [`source`](ElementwiseSpec::source), all `extern "C"`, 256 threads per block:
/// `c{M}v(TO* out, params..., i64 n)` (every operand contiguous; bit `k` of `M` set: parameter
/// `k` is one broadcast element; one aligned 16-byte vector of the widest operand per thread)
/// and `c{M}s` (one element per thread), for every `M` whose bits include the by-value
/// parameters; `s32(TO* out, params..., Geom<i32> g, u32 n)` and `s64(..., Geom<i64> g, i64 n)`
/// (strided N-d, at most 8 axes, shape and per-operand strides in elements, output first, a
/// by-value parameter's strides zero); and, for one array parameter and no by-value one, the
/// transpose tiles `t32`/`t64`/`tv(TO* out, const T0* in, i64 R, i64 C, i64 ldi, i64 ldo)`.
/// An array parameter is `const T{k}*`, a by-value one `T{k}`.
///
/// **Limits**: at most 3 parameters and one output (those of `kernels/elementwise.cuh`).
///
/// # Example
/// ```
/// use cuprum_core::DType;
/// use cuprum_core::ext::codegen::{ElementwiseSpec, Param};
/// let spec = ElementwiseSpec {
///     name: "axpy".into(),
///     params: vec![
///         Param { name: "x".into(), dtype: DType::Float32, by_value: false },
///         Param { name: "a".into(), dtype: DType::Float32, by_value: true },
///         Param { name: "y".into(), dtype: DType::Float32, by_value: false },
///     ],
///     output: DType::Float32,
///     body: "return a * x + y;".into(),
/// };
/// spec.validate().unwrap();
/// let src = spec.source();
/// assert!(src.contains("TO apply(T0 x, T1 a, T2 y) { return a * x + y; }"));
/// assert!(src.contains("c2v(TO* __restrict__ out, const T0* __restrict__ p0, T1 s1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElementwiseSpec {
    /// A name for messages and the source's first line.
    pub name: String,
    /// The parameters, in kernel order (at most 3).
    pub params: Vec<Param>,
    /// The output dtype (C storage type `TO`).
    pub output: DType,
    /// The body of `apply` (C++ statements ending in a `return`).
    pub body: String,
}

impl ElementwiseSpec {
    /// Checks the limits: at most 3 parameters, at least one of them an array when any is by
    /// value, parameter names distinct C identifiers that do not shadow the kernels' own
    /// (`out`, `n`, `g`, `fv`, `p0`..`p2`, `s0`..`s2`).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the spec and the offending parameter.
    pub fn validate(&self) -> Result<()> {
        let bad = |why: String| {
            Err(Error::invalid_value(
                "ElementwiseSpec",
                format!("{}: {why}", self.name),
            ))
        };
        if self.params.len() > 3 {
            return bad(format!("{} parameters (at most 3)", self.params.len()));
        }
        if !self.params.is_empty() && self.params.iter().all(|p| p.by_value) {
            return bad("every parameter is by value: at least one must be an array".into());
        }
        const RESERVED: [&str; 10] = ["out", "n", "g", "fv", "p0", "p1", "p2", "s0", "s1", "s2"];
        for (k, p) in self.params.iter().enumerate() {
            let ident = !p.name.is_empty()
                && !p.name.starts_with(|c: char| c.is_ascii_digit())
                && p.name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !ident || RESERVED.contains(&p.name.as_str()) {
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

    /// The full CUDA C source (common.cuh, math.cuh, the `apply` function, elementwise.cuh and
    /// the kernels listed on [`ElementwiseSpec`]); compile it with the NVRTC cache.
    pub fn source(&self) -> String {
        let ins: Vec<DType> = self.params.iter().map(|p| p.dtype).collect();
        let out = self.output;
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
            self.body
        );
        s.push_str(ELEMENTWISE);
        let byval: usize = self
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.by_value)
            .map(|(k, _)| 1usize << k)
            .sum();
        if byval != 0 {
            by_value_wrappers(&mut s, nin, byval);
            return s;
        }
        plain_wrappers(&mut s, &ins);
        s
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

const REDUCE: &str = include_str!("../../../../kernels/reduce.cuh");
const REDUCE_KERNELS: &str = include_str!("../../../../kernels/reduce_kernels.cuh");

/// A reduction kernel as data: every built-in reduction (`sum`, `max`, `argmin`, `var`'s
/// passes, ...) is an instance, and a user-kernel crate builds one from user source, so that
/// both compile to the same layout classes of `kernels/reduce.cuh`.
///
/// **Semantics**: the generated `Op` has `typedef acc_type acc_t;` and four static functions
/// whose bodies are the spec's C++ statements:
/// - `acc_t identity()` (`identity`): the accumulator of an empty range;
/// - `acc_t map(IN_T x, i64 i, i64 out, const RParams& p)` (`map`): one input element `x`
///   (storage type; `ld(x)` gives its compute value) at flat index `i` of its slice, for output
///   `out`;
/// - `acc_t combine(acc_t a, acc_t b)` (`reduce`): associative, applied in a fixed order
///   (deterministic results);
/// - `OUT_T finalize(acc_t a, i64 n, i64 out, const RParams& p)` (`post_map`): the output of a
///   slice of `n` elements.
///
/// `IN_T`, `C_T` and `OUT_T` are the C storage types of `input`, `compute` and `output`; the
/// helpers of `kernels/common.cuh` and `kernels/reduce.cuh` (`r_add`, `r_isnan`, `cast<T>`, ...)
/// are in scope.
///
/// **Kernels** of [`source`](ReductionSpec::source), all `extern "C"`: `r_all1_v`/`r_all1_s` +
/// `r_all2` (a full reduction: per-block partials, then one block), `r_rowsb_*` / `r_rowsw_*`
/// (reduced elements contiguous: a block or a warp per row), `r_cols1_*` + `r_cols2`
/// (reduced axis strided, kept axes contiguous), `r_accsize` (the accumulator's size); `_v`
/// kernels use 16-byte vector loads of `input`.
///
/// # Example
/// ```
/// use cuprum_core::DType;
/// use cuprum_core::ext::codegen::ReductionSpec;
/// // sum of squares
/// let spec = ReductionSpec {
///     name: "sumsq".into(),
///     input: DType::Float32,
///     compute: DType::Float32,
///     output: DType::Float32,
///     acc_type: "float".into(),
///     identity: "return 0.0f;".into(),
///     map: "float v = ld(x); return v * v;".into(),
///     reduce: "return a + b;".into(),
///     post_map: "return a;".into(),
/// };
/// assert!(spec.source().contains("static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) { return a + b; }"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReductionSpec {
    /// A name for messages and the source's first line.
    pub name: String,
    /// The input dtype (`IN_T`).
    pub input: DType,
    /// The compute dtype (`C_T`).
    pub compute: DType,
    /// The output dtype (`OUT_T`).
    pub output: DType,
    /// The C++ type of the accumulator (`acc_t`).
    pub acc_type: String,
    /// Body of `identity()`.
    pub identity: String,
    /// Body of `map(x, i, out, p)`.
    pub map: String,
    /// Body of `combine(a, b)`.
    pub reduce: String,
    /// Body of `finalize(a, n, out, p)`.
    pub post_map: String,
}

impl ReductionSpec {
    /// A spec whose four functions are those of the C++ operation type `op` of
    /// `kernels/reduce.cuh` (for example `SumOp<IN_T, C_T, OUT_T, false, false, false>`): how
    /// the built-in reductions are written.
    pub fn from_op_type(name: &str, input: DType, compute: DType, output: DType, op: &str) -> Self {
        ReductionSpec {
            name: name.to_string(),
            input,
            compute,
            output,
            acc_type: format!("{op}::acc_t"),
            identity: format!("return {op}::identity();"),
            map: format!("return {op}::map(x, i, out, p);"),
            reduce: format!("return {op}::combine(a, b);"),
            post_map: format!("return {op}::finalize(a, n, out, p);"),
        }
    }

    /// The full CUDA C source (common.cuh, the type definitions, reduce.cuh, the `Op` of this
    /// spec and the kernels listed on [`ReductionSpec`]).
    pub fn source(&self) -> String {
        let c = storage_type(self.compute);
        format!(
            "// cuprum reduction: {}\n{COMMON}\ntypedef {} IN_T;\ntypedef {c} C_T;\ntypedef {} OUT_T;\n#define VMAX {}\n{REDUCE}\n\
             struct SpecOp {{\n\
             typedef {} acc_t;\n\
             static __device__ __forceinline__ acc_t identity() {{ {} }}\n\
             static __device__ __forceinline__ acc_t map(IN_T x, i64 i, i64 out, const RParams& p) {{ {} }}\n\
             static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {{ {} }}\n\
             static __device__ __forceinline__ OUT_T finalize(acc_t a, i64 n, i64 out, const RParams& p) {{ {} }}\n\
             }};\ntypedef SpecOp Op;\n{REDUCE_KERNELS}",
            self.name,
            storage_type(self.input),
            storage_type(self.output),
            (16 / self.input.itemsize()).max(1),
            self.acc_type,
            self.identity,
            self.map,
            self.reduce,
            self.post_map,
        )
    }
}
