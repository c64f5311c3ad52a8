//! Generates the CUDA C source of one elementwise kernel family from `kernels/*.cuh`.
//!
//! One source (one NVRTC compile, one module) per (kind, op, dtypes); it holds every layout
//! class as separate `extern "C"` kernels:
//! `c{M}v` / `c{M}s` (contiguous, broadcast-mask `M`, vector / scalar accesses),
//! `s32` / `s64` (strided N-d, 32- / 64-bit indices), `t32` / `t64` (tiled 2-D transpose,
//! one-input families only).

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
pub(crate) fn check(fam: Family, ins: &[DType], out: DType) -> Result<()> {
    let name = fam.name();
    match fam {
        Family::Fill | Family::Copy | Family::Where => Ok(()),
        Family::Unary(op) => {
            use UnaryOp::*;
            let d = if unary_in_input_type(op) { ins[0] } else { out };
            let float_only = matches!(
                op,
                Sqrt | Cbrt
                    | Exp
                    | Exp2
                    | Expm1
                    | Log
                    | Log2
                    | Log10
                    | Log1p
                    | Sin
                    | Cos
                    | Tan
                    | Arcsin
                    | Arccos
                    | Arctan
                    | Sinh
                    | Cosh
                    | Tanh
                    | Arcsinh
                    | Arccosh
                    | Arctanh
                    | Deg2Rad
                    | Rad2Deg
            );
            if float_only && !d.is_inexact() {
                return Err(unsupported(name, d, "needs a float or complex dtype"));
            }
            if matches!(op, Cbrt | Deg2Rad | Rad2Deg | Signbit) && d.is_complex() {
                return Err(unsupported(name, d, "not defined for complex"));
            }
            if matches!(op, Invert) && d.is_inexact() {
                return Err(unsupported(name, d, "needs an integer or bool dtype"));
            }
            Ok(())
        }
        Family::Binary(op) | Family::BinaryScalar(op, _) => {
            use BinaryOp::*;
            let d = if op.returns_bool() { ins[0] } else { out };
            match op {
                BitwiseAnd | BitwiseOr | BitwiseXor | LeftShift | RightShift if d.is_inexact() => {
                    Err(unsupported(name, d, "needs an integer or bool dtype"))
                }
                FloorDivide | Remainder | Fmod if d.is_complex() => {
                    Err(unsupported(name, d, "not defined for complex"))
                }
                Hypot | Arctan2 | Copysign | Nextafter if !d.is_float() => {
                    Err(unsupported(name, d, "needs a real float dtype"))
                }
                Subtract if d.is_bool() => Err(unsupported(
                    name,
                    d,
                    "numpy boolean subtract is not supported, use logical_xor",
                )),
                _ => Ok(()),
            }
        }
    }
}

/// The `apply` function of a family.
fn apply_fn(fam: Family, ins: &[DType], out: DType) -> String {
    let to = "TO";
    match fam {
        Family::Fill => "__device__ __forceinline__ TO apply(TO v) { return v; }\n".into(),
        Family::Copy => {
            if ins[0] == out {
                "__device__ __forceinline__ TO apply(T0 a) { return a; }\n".into()
            } else {
                format!(
                    "__device__ __forceinline__ TO apply(T0 a) {{ return cast<{to}>(ld(a)); }}\n"
                )
            }
        }
        Family::Unary(op) => {
            let arg = if unary_in_input_type(op) || ins[0] == out {
                "ld(a)".to_string()
            } else {
                format!("cast<{}>(ld(a))", compute_type(out))
            };
            format!(
                "__device__ __forceinline__ TO apply(T0 a) {{ return cast<TO>(op_{}({arg})); }}\n",
                op.name()
            )
        }
        Family::Binary(op) | Family::BinaryScalar(op, _) => {
            let d = ins[0];
            if op == BinaryOp::Nextafter && matches!(d, DType::Float16 | DType::BFloat16) {
                let bf = (d == DType::BFloat16) as u8;
                return format!(
                    "__device__ __forceinline__ TO apply(T0 a, T1 b) {{\n\
                     float fx = {bf} ? b2f(a.x) : h2f(a.x), fy = {bf} ? b2f(b.x) : h2f(b.x);\n\
                     TO r; r.x = a.x;\n\
                     if (fx != fx) return a; if (fy != fy) return b; if (fx == fy) return b;\n\
                     if (fx == 0.0f) {{ r.x = (u16)((b.x & 0x8000u) | 1u); return r; }}\n\
                     r.x = (u16)(((fy > fx) == (fx > 0.0f)) ? a.x + 1 : a.x - 1); return r; }}\n"
                );
            }
            let (xa, xb) = if op.returns_bool() || ins[0] == out {
                ("ld(a)".to_string(), "ld(b)".to_string())
            } else {
                let ct = compute_type(out);
                (format!("cast<{ct}>(ld(a))"), format!("cast<{ct}>(ld(b))"))
            };
            format!(
                "__device__ __forceinline__ TO apply(T0 a, T1 b) {{ return cast<TO>(op_{}({xa}, {xb})); }}\n",
                op.name()
            )
        }
        Family::Where => {
            "__device__ __forceinline__ TO apply(T0 c, T1 a, T2 b) { return c ? a : b; }\n".into()
        }
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

/// The full CUDA C source of a family.
pub(crate) fn source(fam: Family, ins: &[DType], out: DType) -> String {
    let nin = fam.nin();
    let mut s = String::with_capacity(COMMON.len() + MATH.len() + ELEMENTWISE.len() + 4096);
    let _ = writeln!(
        s,
        "// cuprum kernel family: {} {:?} -> {}",
        fam.name(),
        ins,
        out
    );
    s.push_str(COMMON);
    s.push_str(MATH);
    let _ = writeln!(s, "typedef {} TO;", storage_type(out));
    for (k, d) in ins.iter().enumerate() {
        let _ = writeln!(s, "typedef {} T{k};", storage_type(*d));
    }
    let _ = writeln!(s, "#define NIN {nin}");
    let _ = writeln!(s, "#define VEC {}", vec_width(ins, out));
    s.push_str(&apply_fn(fam, ins, out));
    s.push_str(ELEMENTWISE);
    if let Some(slot) = fam.scalar_slot() {
        scalar_wrappers(&mut s, slot);
        return s;
    }
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
    s
}

/// The `extern "C"` kernels of a binary family whose input `slot` is a scalar passed by value:
/// the contiguous kernels `c{M}v`/`c{M}s` for the masks `M` with the scalar's bit set (the
/// scalar is a broadcast input reading its one element from the kernel argument) and the
/// strided `s32`/`s64` (the host passes zero strides for the scalar).
fn scalar_wrappers(s: &mut String, slot: usize) {
    let param = |k: usize| {
        if k == slot {
            format!("T{k} s{k}")
        } else {
            format!("const T{k}* __restrict__ p{k}")
        }
    };
    let params = format!("{}, {}", param(0), param(1));
    let pro = format!("const T{slot}* p{slot} = &s{slot};");
    let bit = 1usize << slot;
    for m in (0..4usize).filter(|m| m & bit != 0) {
        for (sfx, v) in [("v", "VEC"), ("s", "1")] {
            let _ = writeln!(
                s,
                "extern \"C\" __global__ void __launch_bounds__(256) c{m}{sfx}(TO* __restrict__ out, {params}, i64 n) {{ {pro} contig<{m}, {v}>(out, p0, p1, n); }}"
            );
        }
    }
    let _ = writeln!(
        s,
        "extern \"C\" __global__ void __launch_bounds__(256) s32(TO* __restrict__ out, {params}, Geom<i32> g, u32 n) {{ {pro} strided<u32, i32>(out, p0, p1, g, n); }}"
    );
    let _ = writeln!(
        s,
        "extern \"C\" __global__ void __launch_bounds__(256) s64(TO* __restrict__ out, {params}, Geom<i64> g, i64 n) {{ {pro} strided<i64, i64>(out, p0, p1, g, n); }}"
    );
}
