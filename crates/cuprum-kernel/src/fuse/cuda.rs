//! The CUDA path: one generated kernel per (trace, layout class), compiled through core's
//! NVRTC cache with the options of core's own elementwise kernels and kept in the trace's own
//! small cache, found per call by a key of a few integers (no source is built or hashed on a
//! cache hit).
//!
//! The element function `cuprum_fuse_eval` calls the ufunc bodies of `kernels/math.cuh`
//! (`op_*`) with the same casts as core's own elementwise kernels (`cast<TO>(op(ld(a), ...))`),
//! so each node gives the unfused kernel's bits. Real float add, subtract, multiply and square
//! nodes are the round-to-nearest intrinsics (`__fmul_rn`, ...), which ptxas never contracts, so
//! a multiply of one node and an add of the next cannot become one FMA (which would round once
//! where the unfused calls round twice; on the H200 an empty `asm` between the nodes did not
//! stop it). Each computed float node still passes through an empty `asm` statement.
//! Layout classes:
//! - **contiguous**: every array input C-contiguous with the result's shape or a single
//!   broadcast element, the destination C-contiguous: each thread loads one aligned 16-byte
//!   vector per input (`float4` for float32), applies the function to each lane and stores one
//!   vector; the tail runs one element per thread;
//! - **strided**: N-d (axes merged where every operand allows), per-operand strides in elements,
//!   32-bit indices when every offset fits, else 64-bit; grid-stride loop.

use super::graph::{Node, ReduceKind, Trace};
use crate::error::{KernelError, Result};
use crate::source::{ArgPack, IntStruct};
use cuprum_core::ext::cpu::Elem;
use cuprum_core::ext::nvrtc::{Function, Module, get_function, launch};
use cuprum_core::ext::prim::{BinaryOp, Side, UnaryOp};
use cuprum_core::{Array, DType, Error, Scalar, with_dtype};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

/// The kernel's name in every generated source.
const KERNEL: &str = "cuprum_fused";
/// Threads per block.
const THREADS: u32 = 256;

/// The layout class of one launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    /// every array contiguous; `vec` elements per thread; bit `k` of `ones`: argument `k` is one
    /// broadcast element
    Contig { vec: u8, ones: u64 },
    /// N-d strided
    Strided { nd: u8, wide: bool },
}

/// The compiled kernels of one trace.
#[derive(Default)]
pub(crate) struct GpuCache {
    entries: Mutex<Vec<(usize, Class, Function)>>,
    /// fused reductions
    reductions: Mutex<Vec<RedEntry>>,
}

/// A compiled fused reduction: (ordinal, kept axes, reduced axes, 64-bit indices, module).
type RedEntry = (usize, u8, u8, bool, Arc<Module>);

impl std::fmt::Debug for GpuCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GpuCache")
    }
}

fn ct(d: DType) -> &'static str {
    cuprum_core::ext::c_type(d)
}

/// The bytes of `s` cast to `d` (NumPy's C cast, core's table).
fn scalar_bytes(s: Scalar, d: DType) -> Vec<u8> {
    with_dtype!(d, T => bytemuck::bytes_of(&T::from_scalar(s)).to_vec())
}

/// The constants of a trace, in parameter order: (node, dtype, bytes).
pub(crate) fn constants(t: &Trace) -> Vec<(u32, DType, Vec<u8>)> {
    let mut v = Vec::new();
    for (i, nd) in t.nodes.iter().enumerate() {
        if !t.live[i] {
            continue;
        }
        match &nd.node {
            Node::Fill(s) => v.push((i as u32, nd.dtype, scalar_bytes(*s, nd.dtype))),
            Node::BinaryScalar(_, a, s, _) => {
                let d = t.nodes[*a as usize].dtype;
                v.push((i as u32, d, scalar_bytes(*s, d)));
            }
            _ => {}
        }
    }
    v
}

/// Checks that every node has a CUDA form; the one gap is `nextafter` of float16/bfloat16
/// (core's kernel steps in the 16-bit format with code of its own).
pub(crate) fn check(t: &Trace, name: &str) -> Result<()> {
    for (i, nd) in t.nodes.iter().enumerate() {
        if !t.live[i] {
            continue;
        }
        if let Node::Binary(BinaryOp::Nextafter, a, _)
        | Node::BinaryScalar(BinaryOp::Nextafter, a, _, _) = nd.node
        {
            let d = t.nodes[a as usize].dtype;
            if matches!(d, DType::Float16 | DType::BFloat16) {
                return Err(KernelError::UnsupportedDType {
                    kernel: name.to_string(),
                    what: "nextafter in a fused function on CUDA".into(),
                    dtype: d,
                    reason: "call cuprum::nextafter unfused for 16-bit floats".into(),
                });
            }
        }
    }
    Ok(())
}

fn unary_name(op: UnaryOp) -> &'static str {
    op.name()
}

/// Whether `op` on `d` is emitted with a round-to-nearest intrinsic: real float adds,
/// subtracts and multiplies. NVRTC's PTX leaves `mul`/`add` contractible and ptxas would fuse a
/// multiply of one node with an add of the next into one FMA (an empty `asm` between them does
/// not stop it); the unfused kernels store each result, so they never contract across
/// operations. `__fmul_rn` and friends compile to `.rn` instructions, which are never fused.
fn rounded(op: BinaryOp, d: DType) -> bool {
    matches!(d, DType::Float32 | DType::Float64)
        && matches!(op, BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply)
}

/// `x op y` with the intrinsic of [`rounded`].
fn rn(op: BinaryOp, d: DType, x: &str, y: &str) -> String {
    let p = if d == DType::Float32 { "__f" } else { "__d" };
    let f = match op {
        BinaryOp::Add => "add",
        BinaryOp::Subtract => "sub",
        _ => "mul",
    };
    format!("{p}{f}_rn({x}, {y})")
}

/// The element function: `TO cuprum_fuse_eval(T0 x0, ..., C c<i>...)`.
fn eval_source(t: &Trace, nargs: usize, arg_dtypes: &[Option<DType>]) -> String {
    let mut s = String::new();
    let mut params: Vec<String> = Vec::new();
    for (k, d) in arg_dtypes.iter().enumerate().take(nargs) {
        if let Some(d) = d {
            params.push(format!("const {} x{k}", ct(*d)));
        }
    }
    for (i, d, _) in constants(t) {
        params.push(format!("const {} c{i}", ct(d)));
    }
    let out = ct(t.out_dtype());
    let _ = writeln!(
        s,
        "__device__ __forceinline__ {out} cuprum_fuse_eval({}) {{",
        params.join(", ")
    );
    for (i, nd) in t.nodes.iter().enumerate() {
        if !t.live[i] {
            continue;
        }
        let ty = ct(nd.dtype);
        let e = match &nd.node {
            Node::Input(k) => format!("x{k}"),
            Node::Fill(_) => format!("c{i}"),
            Node::Cast(a) => format!("cast<{ty}>(ld(v{a}))"),
            Node::Unary(UnaryOp::Square, a)
                if matches!(nd.dtype, DType::Float32 | DType::Float64)
                    && t.nodes[*a as usize].dtype == nd.dtype =>
            {
                rn(
                    BinaryOp::Multiply,
                    nd.dtype,
                    &format!("v{a}"),
                    &format!("v{a}"),
                )
            }
            Node::Unary(op, a) => format!("cast<{ty}>(op_{}(ld(v{a})))", unary_name(*op)),
            Node::Binary(op, a, b)
                if rounded(*op, nd.dtype)
                    && t.nodes[*a as usize].dtype == nd.dtype
                    && t.nodes[*b as usize].dtype == nd.dtype =>
            {
                rn(*op, nd.dtype, &format!("v{a}"), &format!("v{b}"))
            }
            Node::Binary(op, a, b) => {
                format!("cast<{ty}>(op_{}(ld(v{a}), ld(v{b})))", op.name())
            }
            Node::BinaryScalar(op, a, _, side)
                if rounded(*op, nd.dtype) && t.nodes[*a as usize].dtype == nd.dtype =>
            {
                let (x, y) = match side {
                    Side::Right => (format!("v{a}"), format!("c{i}")),
                    _ => (format!("c{i}"), format!("v{a}")),
                };
                rn(*op, nd.dtype, &x, &y)
            }
            Node::BinaryScalar(op, a, _, side) => match side {
                Side::Right => format!("cast<{ty}>(op_{}(ld(v{a}), ld(c{i})))", op.name()),
                _ => format!("cast<{ty}>(op_{}(ld(c{i}), ld(v{a})))", op.name()),
            },
            Node::Where(c, a, b) => format!("(v{c} ? v{a} : v{b})"),
        };
        let _ = writeln!(s, "    {ty} v{i} = {e};");
        // a computed float value leaves its node rounded: an empty asm that "changes" it keeps
        // the compiler from contracting operations of different nodes into one FMA (the unfused
        // kernels round each operation's result)
        if !matches!(nd.node, Node::Input(_) | Node::Fill(_)) {
            match nd.dtype {
                DType::Float32 => {
                    let _ = writeln!(s, "    asm(\"\" : \"+f\"(v{i}));");
                }
                DType::Float64 => {
                    let _ = writeln!(s, "    asm(\"\" : \"+d\"(v{i}));");
                }
                DType::Complex64 => {
                    let _ = writeln!(s, "    asm(\"\" : \"+f\"(v{i}.re), \"+f\"(v{i}.im));");
                }
                DType::Complex128 => {
                    let _ = writeln!(s, "    asm(\"\" : \"+d\"(v{i}.re), \"+d\"(v{i}.im));");
                }
                _ => {}
            }
        }
    }
    let _ = writeln!(s, "    return v{};\n}}", t.root);
    s
}

/// The full source of one (trace, class).
pub(crate) fn source(t: &Trace, arg_dtypes: &[Option<DType>], class: Class) -> String {
    let nargs = arg_dtypes.len();
    let mut s = String::with_capacity(32 * 1024);
    s.push_str(cuprum_core::ext::CUDA_COMMON);
    s.push_str(
        "\ntemplate <class T, int N> struct alignas(sizeof(T) * N) CuprumFuseVec { T v[N]; };\n",
    );
    s.push_str(&eval_source(t, nargs, arg_dtypes));
    let out = ct(t.out_dtype());
    let arrays: Vec<usize> = (0..nargs).filter(|&k| arg_dtypes[k].is_some()).collect();
    let mut decls = vec![format!("{out}* __restrict__ out")];
    for &k in &arrays {
        decls.push(format!(
            "const {}* __restrict__ in{k}",
            ct(arg_dtypes[k].expect("array argument"))
        ));
    }
    let consts = constants(t);
    for (i, d, _) in &consts {
        decls.push(format!("const {} c{i}", ct(*d)));
    }
    decls.push("const long long n".into());
    // the element function's argument list: the array operands, then the constants (a body
    // with no array operand calls it with constants only)
    let const_args: Vec<String> = consts.iter().map(|(i, _, _)| format!("c{i}")).collect();
    let call = |arrays: Vec<String>| -> String {
        arrays
            .into_iter()
            .chain(const_args.iter().cloned())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match class {
        Class::Contig { vec, ones } => {
            let v = vec.max(1) as usize;
            let _ = writeln!(
                s,
                "extern \"C\" __global__ void {KERNEL}({}) {{\n    \
                 const long long nvec = n / {v};\n    \
                 const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;",
                decls.join(", ")
            );
            for &k in &arrays {
                if ones >> k & 1 == 1 {
                    let _ = writeln!(
                        s,
                        "    const {} s{k} = in{k}[0];",
                        ct(arg_dtypes[k].expect("array"))
                    );
                }
            }
            let _ = writeln!(
                s,
                "    if (t < nvec) {{\n        const long long base = t * {v};"
            );
            for &k in &arrays {
                if ones >> k & 1 == 0 {
                    let _ = writeln!(
                        s,
                        "        const CuprumFuseVec<{c}, {v}> a{k} = *reinterpret_cast<const CuprumFuseVec<{c}, {v}>*>(in{k} + base);",
                        c = ct(arg_dtypes[k].expect("array"))
                    );
                }
            }
            let lane_args: Vec<String> = arrays
                .iter()
                .map(|&k| {
                    if ones >> k & 1 == 1 {
                        format!("s{k}")
                    } else {
                        format!("a{k}.v[j]")
                    }
                })
                .collect();
            let _ = writeln!(
                s,
                "        CuprumFuseVec<{out}, {v}> r;\n#pragma unroll\n        \
                 for (int j = 0; j < {v}; ++j) r.v[j] = cuprum_fuse_eval({});\n        \
                 *reinterpret_cast<CuprumFuseVec<{out}, {v}>*>(out + base) = r;\n    \
                 }} else {{\n        const long long i = nvec * {v} + (t - nvec);\n        \
                 if (i < n) out[i] = cuprum_fuse_eval({});\n    }}\n}}",
                call(lane_args),
                call(
                    arrays
                        .iter()
                        .map(|&k| if ones >> k & 1 == 1 {
                            format!("s{k}")
                        } else {
                            format!("in{k}[i]")
                        })
                        .collect::<Vec<_>>()
                )
            );
        }
        Class::Strided { nd, wide } => {
            let (iu, is) = if wide {
                ("unsigned long long", "long long")
            } else {
                ("unsigned int", "int")
            };
            let nops = arrays.len() + 1;
            let nd = nd.max(1) as usize;
            let _ = writeln!(
                s,
                "struct CuprumFuseGeom {{ {iu} shape[{nd}]; {is} st[{nops}][{nd}]; }};"
            );
            decls.push("const CuprumFuseGeom g".into());
            let _ = writeln!(
                s,
                "extern \"C\" __global__ void {KERNEL}({}) {{\n    \
                 for ({iu} t = ({iu})blockIdx.x * blockDim.x + threadIdx.x; t < ({iu})n; t += ({iu})blockDim.x * gridDim.x) {{\n        \
                 {iu} r = t;",
                decls.join(", ")
            );
            for j in 0..nops {
                let _ = writeln!(s, "        {is} o{j} = 0;");
            }
            let _ = writeln!(
                s,
                "#pragma unroll\n        for (int d = {} - 1; d >= 1; --d) {{\n            \
                 const {iu} q = r / g.shape[d];\n            const {is} c = ({is})(r - q * g.shape[d]);",
                nd
            );
            for j in 0..nops {
                let _ = writeln!(s, "            o{j} += c * g.st[{j}][d];");
            }
            s.push_str("            r = q;\n        }\n");
            for j in 0..nops {
                let _ = writeln!(s, "        o{j} += ({is})r * g.st[{j}][0];");
            }
            let args: Vec<String> = arrays
                .iter()
                .enumerate()
                .map(|(j, &k)| format!("in{k}[o{}]", j + 1))
                .collect();
            let _ = writeln!(
                s,
                "        out[o0] = cuprum_fuse_eval({});\n    }}\n}}",
                call(args)
            );
        }
    }
    s
}

/// Launches `t` on device `ordinal` writing `dst` (the broadcast shape, the trace's dtype, no
/// buffer shared with an input); `inputs[k]`: argument `k` broadcast to that shape, `None` when
/// unused or a scalar; `consts`: the trace's constants.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    name: &str,
    t: &Trace,
    cache: &GpuCache,
    consts: &[(u32, DType, Vec<u8>)],
    ordinal: usize,
    inputs: &[Option<Array>],
    dst: &Array,
) -> Result<()> {
    let n = dst.size();
    let arrays: Vec<usize> = (0..inputs.len()).filter(|&k| inputs[k].is_some()).collect();
    let a = |k: usize| inputs[k].as_ref().expect("array argument");
    let (class, geom) = classify(inputs, dst);
    let f = function(name, t, cache, ordinal, inputs, class)?;
    let mut pack = ArgPack::new();
    pack.push_u64(dst.device_ptr().unwrap_or(0));
    for &k in &arrays {
        pack.push_u64(a(k).device_ptr().unwrap_or(0));
    }
    for (_, d, bytes) in consts {
        pack.push_bytes(bytes, d.itemsize().clamp(1, 16));
    }
    pack.push_i64(n as i64);
    if let Some(g) = &geom {
        pack.push_bytes(&g.bytes, g.align());
    }
    let blocks: u64 = match class {
        Class::Contig { vec, .. } => {
            let v = vec.max(1) as usize;
            ((n / v + n % v) as u64).div_ceil(THREADS as u64)
        }
        Class::Strided { .. } => (n as u64).div_ceil(THREADS as u64).min(1 << 20),
    };
    let cfg = crate::common::launch_1d("fuse", n, blocks, THREADS)?;
    let mut ptrs = pack.pointers();
    // SAFETY: `ptrs` holds one pointer per kernel parameter in the generated order (the
    // destination and array inputs as u64 device pointers, each constant in its dtype's storage
    // layout, `n` as i64, the geometry struct with the same integer width and axis count the
    // source was generated for); every array is on `ordinal`, alive until the launch is queued
    // (frees are stream-ordered) and addresses only elements its layout covers (checked by
    // core); the contiguous class was chosen only for C-contiguous or single-element arrays,
    // and its vector width only for pointers aligned to it.
    unsafe { launch(&f, cfg, None, &mut ptrs) }?;
    Ok(())
}

/// The layout class of a launch writing `dst` from `inputs`, and its geometry argument (the
/// strided class).
pub(crate) fn classify(inputs: &[Option<Array>], dst: &Array) -> (Class, Option<IntStruct>) {
    let n = dst.size();
    let arrays: Vec<usize> = (0..inputs.len()).filter(|&k| inputs[k].is_some()).collect();
    let a = |k: usize| inputs[k].as_ref().expect("array argument");
    // the layout class
    let single = |x: &Array| {
        x.strides()
            .iter()
            .zip(x.shape())
            .all(|(&s, &d)| s == 0 || d == 1)
    };
    let contig = dst.is_c_contiguous()
        && arrays.len() <= 64
        && arrays
            .iter()
            .all(|&k| a(k).is_c_contiguous() || single(a(k)));
    let mut geom: Option<IntStruct> = None;
    let class = if contig {
        let mut ones = 0u64;
        for &k in &arrays {
            if !a(k).is_c_contiguous() || (single(a(k)) && n > 1) {
                ones |= 1 << k;
            }
        }
        let vec_arrays: Vec<&Array> = std::iter::once(dst)
            .chain(
                arrays
                    .iter()
                    .filter(|&&k| ones >> k & 1 == 0)
                    .map(|&k| a(k)),
            )
            .collect();
        let maxsz = vec_arrays
            .iter()
            .map(|x| x.dtype().itemsize())
            .max()
            .unwrap_or(1);
        let mut v = (16 / maxsz).clamp(1, 16);
        while v > 1
            && !vec_arrays.iter().all(|x| {
                x.device_ptr()
                    .is_some_and(|p| p % (v * x.dtype().itemsize()) as u64 == 0)
            })
        {
            v /= 2;
        }
        Class::Contig { vec: v as u8, ones }
    } else {
        let mut strides: Vec<&[isize]> = vec![dst.strides()];
        for &k in &arrays {
            strides.push(a(k).strides());
        }
        let (sh, st) = crate::common::collapse(dst.shape(), &strides, true);
        let g = IntStruct::geometry(n, &sh, &st);
        let wide = g.wide;
        geom = Some(g);
        Class::Strided {
            nd: sh.len() as u8,
            wide,
        }
    };
    (class, geom)
}

fn function(
    name: &str,
    t: &Trace,
    cache: &GpuCache,
    ordinal: usize,
    inputs: &[Option<Array>],
    class: Class,
) -> Result<Function> {
    {
        let e = cache.entries.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, _, f)) = e.iter().find(|(o, c, _)| *o == ordinal && *c == class) {
            return Ok(f.clone());
        }
    }
    let dts: Vec<Option<DType>> = inputs
        .iter()
        .map(|x| x.as_ref().map(Array::dtype))
        .collect();
    let src = source(t, &dts, class);
    // core's own elementwise kernels' options (no `--fmad=false`: an operation whose formula
    // has a multiply-add, like a complex product, contracts as it does there)
    let f = get_function(ordinal, &src, KERNEL, &[]).map_err(|e| match e {
        Error::Compile { .. } => KernelError::InvalidSpec {
            kernel: name.to_string(),
            what: "generated fused kernel",
            reason: format!("NVRTC rejected the generated source (a cuprum bug): {e}"),
        },
        e => KernelError::Core(e),
    })?;
    cache
        .entries
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((ordinal, class, f.clone()));
    Ok(f)
}

/// The name of the fused reduction kernels (`<name>_block`, `_blockv`, `_finish`, `_thread`).
const RED_KERNEL: &str = "cuprum_fused_red";

/// The combine function of a fused reduction in accumulator type `acc` (core's rules: integers
/// wrap, complex products by the textbook formula, max/min propagate NaN and order complex
/// numbers lexicographically) and its identity (`None` for max/min of types without an
/// infinity: a partial then starts from its first element).
fn combine_source(kind: ReduceKind, acc: DType) -> (String, Option<String>) {
    let a = ct(acc);
    let complex = matches!(acc, DType::Complex64 | DType::Complex128);
    let float = matches!(acc, DType::Float32 | DType::Float64);
    let (zero, one) = match acc {
        DType::Complex64 => ("mk(0.0f, 0.0f)", "mk(1.0f, 0.0f)"),
        DType::Complex128 => ("mk(0.0, 0.0)", "mk(1.0, 0.0)"),
        _ => ("0", "1"),
    };
    let inf = if acc == DType::Float64 {
        "CUPRUM_INF_D"
    } else {
        "CUPRUM_INF_F"
    };
    let (body, identity) = match kind {
        ReduceKind::Sum if complex => ("return mk(a.re + b.re, a.im + b.im);".to_string(), zero),
        ReduceKind::Sum if float => ("return a + b;".to_string(), zero),
        ReduceKind::Sum => (format!("return ({a})((u64)a + (u64)b);"), zero),
        ReduceKind::Prod if complex => (
            "return mk(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);".to_string(),
            one,
        ),
        ReduceKind::Prod if float => ("return a * b;".to_string(), one),
        ReduceKind::Prod => (format!("return ({a})((u64)a * (u64)b);"), one),
        ReduceKind::Max | ReduceKind::Min => {
            let (op, id) = if kind == ReduceKind::Max {
                (">", format!("-{inf}"))
            } else {
                ("<", inf.to_string())
            };
            if complex {
                let body = format!(
                    "if (a.re != a.re || a.im != a.im) return a;\n    \
                     if (b.re != b.re || b.im != b.im) return b;\n    \
                     return (b.re {op} a.re || (b.re == a.re && b.im {op} a.im)) ? b : a;"
                );
                return (wrap_combine(a, &body), None);
            }
            if float {
                let body = format!("return (a {op} b || a != a) ? a : b;");
                return (wrap_combine(a, &body), Some(id));
            }
            return (
                wrap_combine(a, &format!("return (b {op} a) ? b : a;")),
                None,
            );
        }
    };
    (wrap_combine(a, &body), Some(identity.to_string()))
}

fn wrap_combine(a: &str, body: &str) -> String {
    format!(
        "__device__ __forceinline__ {a} cuprum_fr_combine(const {a} a, const {a} b) {{\n    {body}\n}}\n"
    )
}

/// The dtypes of a fused reduction: the map's dtype, the accumulator's, the result's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RedTypes {
    pub(crate) kind: ReduceKind,
    pub(crate) acc: DType,
    pub(crate) result: DType,
}

/// The source of a fused reduction (core's strided reduction generator, layout `Strided` with
/// core's storage types): parameters `x<k>` (the array arguments, read at their broadcast
/// strides), `c<i>` (the trace's constants, by value) and the output `y`; the map is the fused
/// element function converted to the accumulator type.
pub(crate) fn reduce_source(
    t: &Trace,
    arg_dtypes: &[Option<DType>],
    rt: RedTypes,
    nk: u8,
    nr: u8,
    wide: bool,
) -> cuprum_core::ext::codegen::Generated {
    use cuprum_core::ext::codegen::{
        CTypes, Param, ParamKind, ReductionLayout, ReductionSpec, Section,
    };
    let nargs = arg_dtypes.len();
    let mut params = Vec::new();
    let mut call = Vec::new();
    for (k, d) in arg_dtypes.iter().enumerate() {
        if let Some(d) = d {
            params.push(Param::new(&format!("x{k}"), *d, ParamKind::In));
            call.push(format!("x{k}"));
        }
    }
    for (i, d, _) in constants(t) {
        params.push(Param::new(&format!("c{i}"), d, ParamKind::Scalar));
        call.push(format!("c{i}"));
    }
    params.push(Param::new("y", rt.result, ParamKind::Out { load: false }));
    let (combine, identity) = combine_source(rt.kind, rt.acc);
    let mut pre = String::new();
    // the strided kernels' `_in_ind` / `_out_ind` (user.cuh's, which this source does not
    // include: it is written in core's storage types)
    pre.push_str(
        "struct CIndexer { long long n; __device__ __forceinline__ long long size() const { return n; } };\n",
    );
    pre.push_str(&eval_source(t, nargs, arg_dtypes));
    pre.push_str(&combine);
    ReductionSpec {
        name: RED_KERNEL.into(),
        params,
        types: CTypes::Storage,
        typedefs: Vec::new(),
        preamble: Section::generated(pre),
        identity: identity.map(Section::generated),
        map: Section::generated(format!(
            "cast<{}>(ld(cuprum_fuse_eval({})))",
            ct(rt.acc),
            call.join(", ")
        )),
        reduce: Section::generated("cuprum_fr_combine(a, b)"),
        post_map: Section::generated(format!("y = cast<{}>(a)", ct(rt.result))),
        layout: ReductionLayout::Strided {
            reduce_type: rt.acc,
            nk,
            nr,
            wide,
        },
    }
    .source()
}

/// Runs a fused reduction on device `ordinal`: `inputs[k]` is argument `k` broadcast to the
/// map's shape (`None` when unused or a scalar), `red` marks the reduced axes, `dst` is a fresh
/// C-contiguous array of the kept shape and dtype `rt.result` with `nout > 0` elements; the
/// reduced length `nred` is at least 1 (empty reductions run unfused).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_reduce(
    name: &str,
    t: &Trace,
    cache: &GpuCache,
    consts: &[(u32, DType, Vec<u8>)],
    ordinal: usize,
    inputs: &[Option<Array>],
    shape: &[usize],
    red: &[bool],
    rt: RedTypes,
    dst: &Array,
) -> Result<()> {
    let nout = dst.size();
    let total: usize = shape.iter().product();
    let nred = total / nout.max(1);
    let elem: Vec<Array> = inputs.iter().flatten().cloned().collect();
    let elem_dtypes: Vec<DType> = elem.iter().map(Array::dtype).collect();
    let plan = crate::reduction::plan_strided(
        ordinal,
        &elem,
        &elem_dtypes,
        crate::reduction::split_axes(&elem, shape, red, true),
        nout,
        nred,
    );
    let module = {
        let found = cache
            .reductions
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .find(|(o, nk, nr, w, _)| {
                *o == ordinal && *nk == plan.nk && *nr == plan.nr && *w == plan.wide
            })
            .map(|e| e.4.clone());
        match found {
            Some(m) => m,
            None => {
                let dts: Vec<Option<DType>> = inputs
                    .iter()
                    .map(|x| x.as_ref().map(Array::dtype))
                    .collect();
                let src = reduce_source(t, &dts, rt, plan.nk, plan.nr, plan.wide).text;
                let m = cuprum_core::ext::nvrtc::get_module(ordinal, &src, &[]).map_err(
                    |e| match e {
                        Error::Compile { .. } => KernelError::InvalidSpec {
                            kernel: name.to_string(),
                            what: "generated fused reduction",
                            reason: format!(
                                "NVRTC rejected the generated source (a cuprum bug): {e}"
                            ),
                        },
                        e => KernelError::Core(e),
                    },
                )?;
                cache
                    .reductions
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push((ordinal, plan.nk, plan.nr, plan.wide, m.clone()));
                m
            }
        }
    };
    let mut pack = ArgPack::new();
    for a in &elem {
        pack.push_u64(a.device_ptr().unwrap_or(0));
    }
    for (_, d, bytes) in consts {
        pack.push_bytes(bytes, d.itemsize().clamp(1, 16));
    }
    pack.push_u64(dst.device_ptr().unwrap_or(0));
    crate::reduction::launch_strided(
        &module,
        RED_KERNEL,
        &plan,
        pack,
        rt.acc,
        dst.device(),
        nout,
        nred,
    )?;
    drop(elem);
    Ok(())
}
