//! CUDA C generation for elementwise and reduction kernels.
//!
//! Every source is `ext::CUDA_COMMON`, `kernels/user.cuh` (CuPy's `float16`,
//! `complex<T>`, `CArray`, `CIndexer`), one `typedef` per bound placeholder, the user's
//! preamble, then the kernel. User text is placed under `#line 1 "<section>"` directives so
//! NVRTC reports errors against the user's own lines.
//!
//! This generator is deliberately not an instance of core's `ext::codegen::ElementwiseSpec` /
//! `ReductionSpec`: CuPy's kernels have any number of inputs and outputs assigned by name, raw
//! (`CArray`) parameters, CuPy's device types, per-section `#line` mapping and identity-less
//! reductions, none of which those specs express. `docs/ARCHITECTURE.md` (`cuprum-kernel`)
//! lists the differences.

use crate::params::{Param, user_c_type};
use crate::source::SourceBuilder;
use cuprum_core::DType;
use std::fmt::Write as _;

/// The user-facing device header (see the module doc).
pub(crate) const USER_HEADER: &str = include_str!("../../../kernels/user.cuh");

/// How one parameter is passed in a given call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PassKind {
    /// a scalar by value
    Scalar,
    /// a raw array: contiguous (`nd == None`) or strided with `nd` axes
    Raw(Option<u8>),
    /// an element of a (broadcast) array; `load` for outputs whose old value must be read
    Elem { load: bool },
}

/// The loop's layout class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum EwLayout {
    /// every element array C-contiguous with the loop shape; `vec` elements per thread
    Contig { vec: u8 },
    /// N-d strided, `nd` axes, 64-bit indices when `wide`
    Strided { nd: u8, wide: bool },
}

/// The typedefs and preamble every kernel starts with.
fn head(b: &mut SourceBuilder, typedefs: &[(String, DType)], preamble: &str) {
    b.code(cuprum_core::ext::CUDA_COMMON);
    b.code(USER_HEADER);
    let mut t = String::new();
    for (name, dt) in typedefs {
        let _ = writeln!(t, "typedef {} {};", user_c_type(*dt), name);
    }
    b.code(&t);
    if !preamble.trim().is_empty() {
        b.user("preamble", preamble);
    }
}

fn ctype(dt: DType) -> &'static str {
    user_c_type(dt)
}

fn idx_types(wide: bool) -> (&'static str, &'static str) {
    if wide {
        ("unsigned long long", "long long")
    } else {
        ("unsigned int", "int")
    }
}

/// Everything an elementwise source depends on.
pub(crate) struct EwSpec<'a> {
    pub(crate) name: &'a str,
    pub(crate) params: &'a [Param],
    pub(crate) dtypes: &'a [DType],
    pub(crate) pass: &'a [PassKind],
    pub(crate) typedefs: &'a [(String, DType)],
    pub(crate) preamble: &'a str,
    pub(crate) loop_prep: &'a str,
    pub(crate) operation: &'a str,
    pub(crate) after_loop: &'a str,
    pub(crate) layout: EwLayout,
}

fn param_decls(spec_params: &[Param], dtypes: &[DType], pass: &[PassKind]) -> Vec<String> {
    let mut v = Vec::new();
    for ((p, &dt), &k) in spec_params.iter().zip(dtypes).zip(pass) {
        let ct = ctype(dt);
        v.push(match k {
            PassKind::Scalar => format!("const {ct} {}", p.name),
            PassKind::Raw(None) => format!("CArray<{ct} > {}", p.name),
            PassKind::Raw(Some(nd)) => format!("CArrayS<{ct}, {nd}> {}", p.name),
            PassKind::Elem { .. } => {
                if p.output {
                    format!("{ct}* _p_{}", p.name)
                } else {
                    format!("const {ct}* _p_{}", p.name)
                }
            }
        });
    }
    v
}

/// The elementwise kernel source (one layout class).
pub(crate) fn elementwise_source(s: &EwSpec<'_>) -> SourceBuilder {
    let mut b = SourceBuilder::new();
    head(&mut b, s.typedefs, s.preamble);
    let elems: Vec<usize> = (0..s.params.len())
        .filter(|&k| matches!(s.pass[k], PassKind::Elem { .. }))
        .collect();
    let mut decls = param_decls(s.params, s.dtypes, s.pass);
    decls.push("const long long _cuprum_n".into());
    if let EwLayout::Strided { nd, wide } = s.layout {
        let (iu, is) = idx_types(wide);
        b.code(&format!(
            "struct _CuprumGeom {{ {iu} shape[{nd}]; {is} st[{}][{nd}]; }};",
            elems.len().max(1)
        ));
        decls.push("const _CuprumGeom _cuprum_g".into());
    }
    b.code(&format!(
        "extern \"C\" __global__ void {}({}) {{\n    const CIndexer _ind = {{_cuprum_n}};\n    (void)_ind;",
        s.name,
        decls.join(", ")
    ));
    if !s.loop_prep.trim().is_empty() {
        b.user("loop_prep", s.loop_prep);
    }
    match s.layout {
        EwLayout::Contig { vec } => {
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
                let p = &s.params[k];
                let ct = ctype(s.dtypes[k]);
                let load = !p.output || matches!(s.pass[k], PassKind::Elem { load: true });
                let _ = writeln!(g, "        CuprumVec<{ct}, {v}> _a_{};", p.name);
                if load {
                    let _ = writeln!(
                        g,
                        "        if (_cuprum_cnt == {v}) _a_{n} = *reinterpret_cast<const CuprumVec<{ct}, {v}>*>(_p_{n} + _cuprum_base); else _a_{n}.v[0] = _p_{n}[_cuprum_base];",
                        n = p.name
                    );
                }
            }
            let _ = writeln!(
                g,
                "#pragma unroll\n        for (int _cuprum_k = 0; _cuprum_k < {v}; ++_cuprum_k) {{\n            if (_cuprum_k < _cuprum_cnt) {{\n                const long long i = _cuprum_base + _cuprum_k; (void)i;"
            );
            for &k in &elems {
                let p = &s.params[k];
                let ct = ctype(s.dtypes[k]);
                let c = if p.output { "" } else { "const " };
                let _ = writeln!(
                    g,
                    "                {c}{ct}& {n} = _a_{n}.v[_cuprum_k];",
                    n = p.name
                );
            }
            g.push_str("                {");
            b.code(&g);
            b.user("operation", s.operation);
            let mut g =
                String::from("                ;\n                }\n            }\n        }\n");
            for &k in &elems {
                let p = &s.params[k];
                if !p.output {
                    continue;
                }
                let ct = ctype(s.dtypes[k]);
                let _ = writeln!(
                    g,
                    "        if (_cuprum_cnt == {v}) *reinterpret_cast<CuprumVec<{ct}, {v}>*>(_p_{n} + _cuprum_base) = _a_{n}; else _p_{n}[_cuprum_base] = _a_{n}.v[0];",
                    n = p.name
                );
            }
            g.push_str("    }");
            b.code(&g);
        }
        EwLayout::Strided { nd, wide } => {
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
                let p = &s.params[k];
                let ct = ctype(s.dtypes[k]);
                let c = if p.output { "" } else { "const " };
                let _ = writeln!(
                    g,
                    "        {c}{ct}& {n} = _p_{n}[_cuprum_o{j}];",
                    n = p.name
                );
            }
            g.push_str("        {");
            b.code(&g);
            b.user("operation", s.operation);
            b.code("        ;\n        }\n    }");
        }
    }
    if !s.after_loop.trim().is_empty() {
        b.user("after_loop", s.after_loop);
    }
    b.code("}");
    b
}

/// Everything a reduction source depends on.
pub(crate) struct RedSpec<'a> {
    pub(crate) name: &'a str,
    pub(crate) ins: &'a [Param],
    pub(crate) outs: &'a [Param],
    pub(crate) in_dtypes: &'a [DType],
    pub(crate) out_dtypes: &'a [DType],
    pub(crate) in_pass: &'a [PassKind],
    pub(crate) reduce_type: DType,
    pub(crate) typedefs: &'a [(String, DType)],
    pub(crate) preamble: &'a str,
    pub(crate) map_expr: &'a str,
    pub(crate) reduce_expr: &'a str,
    pub(crate) post_map_expr: &'a str,
    pub(crate) identity: Option<&'a str>,
    /// kept axes, reduced axes (each at least 1)
    pub(crate) nk: u8,
    pub(crate) nr: u8,
    pub(crate) wide: bool,
}

/// Threads per block of the reduction kernels.
pub(crate) const RED_BLOCK: u32 = 256;
/// Elements each thread of a block reduction loads per iteration (independent loads in flight).
pub(crate) const RED_UNROLL: u32 = 8;

/// The reduction source: three kernels, `<name>_block` (a block per output and split, tree in
/// shared memory, post-map when there is one split, else a partial), `<name>_finish` (a block
/// per output over the partials, then post-map) and `<name>_thread` (a thread per output).
pub(crate) fn reduction_source(s: &RedSpec<'_>) -> SourceBuilder {
    let mut b = SourceBuilder::new();
    let mut td: Vec<(String, DType)> = s.typedefs.to_vec();
    td.push(("_type_reduce".into(), s.reduce_type));
    for (k, d) in s.in_dtypes.iter().enumerate() {
        td.push((format!("type_in{k}_raw"), *d));
    }
    for (k, d) in s.out_dtypes.iter().enumerate() {
        td.push((format!("type_out{k}_raw"), *d));
    }
    head(&mut b, &td, s.preamble);
    let (iu, is) = idx_types(s.wide);
    let (nk, nr) = (s.nk.max(1), s.nr.max(1));
    let elems: Vec<usize> = (0..s.ins.len())
        .filter(|&k| matches!(s.in_pass[k], PassKind::Elem { .. }))
        .collect();
    let ne = elems.len().max(1);
    b.code(&format!(
        "struct _CuprumRGeom {{ {iu} kshape[{nk}]; {iu} rshape[{nr}]; {is} kst[{ne}][{nk}]; {is} rst[{ne}][{nr}]; }};"
    ));
    // the reduce function
    b.code(
        "__device__ __forceinline__ _type_reduce _cuprum_reduce(const _type_reduce& a, const _type_reduce& b) {\n    return (_type_reduce)(",
    );
    b.user("reduce_expr", s.reduce_expr);
    b.code("    );\n}");
    // identity
    if let Some(id) = s.identity {
        b.code("__device__ __forceinline__ _type_reduce _cuprum_identity() {\n    return (_type_reduce)(");
        b.user("identity", id);
        b.code("    );\n}");
    }
    // common parameter list
    let mut decls = param_decls(s.ins, s.in_dtypes, s.in_pass);
    for (p, &dt) in s.outs.iter().zip(s.out_dtypes) {
        decls.push(format!("{}* _p_{}", ctype(dt), p.name));
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
    let map_step = |b: &mut SourceBuilder, r: &str, indent: &str| {
        let mut g = String::new();
        let _ = writeln!(
            g,
            "{indent}{{\n{indent}    {is} _cuprum_ro[{ne}];\n{indent}    _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) _cuprum_ro[_j] = _cuprum_ko[_j];\n{indent}    CUPRUM_ROFF({r}, _cuprum_ro);"
        );
        for (j, &k) in elems.iter().enumerate() {
            let p = &s.ins[k];
            let _ = writeln!(
                g,
                "{indent}    const {}& {n} = _p_{n}[_cuprum_ro[{j}]];",
                ctype(s.in_dtypes[k]),
                n = p.name
            );
        }
        let _ = write!(
            g,
            "{indent}    const _type_reduce _cuprum_m = (_type_reduce)("
        );
        b.code(&g);
        b.user("map_expr", s.map_expr);
        b.code(&format!(
            "{indent}    );\n{indent}    if (_cuprum_has) _cuprum_acc = _cuprum_reduce(_cuprum_acc, _cuprum_m); else {{ _cuprum_acc = _cuprum_m; _cuprum_has = true; }}\n{indent}}}"
        ));
    };
    let acc_init = if s.identity.is_some() {
        "_type_reduce _cuprum_acc = _cuprum_identity(); bool _cuprum_has = true;"
    } else {
        "_type_reduce _cuprum_acc; bool _cuprum_has = false;"
    };
    // post-map of value `v` into output element `o`
    let post = |b: &mut SourceBuilder, v: &str, o: &str, indent: &str| {
        let mut g = String::new();
        let _ = writeln!(g, "{indent}{{\n{indent}    const _type_reduce a = {v};");
        for (p, &dt) in s.outs.iter().zip(s.out_dtypes) {
            let _ = writeln!(
                g,
                "{indent}    {}& {n} = _p_{n}[{o}];",
                ctype(dt),
                n = p.name
            );
        }
        b.code(&g);
        b.user("post_map_expr", s.post_map_expr);
        b.code(&format!("{indent}    ;\n{indent}}}"));
    };
    let prologue = "    const CIndexer _in_ind = {_cuprum_nout * _cuprum_nred}; (void)_in_ind;\n    const CIndexer _out_ind = {_cuprum_nout}; (void)_out_ind;";

    // ---- block kernel ----
    b.code(&format!(
        "extern \"C\" __global__ void __launch_bounds__({RED_BLOCK}) {name}_block({decls}) {{\n{prologue}\n    \
         __shared__ _type_reduce _cuprum_sh[{RED_BLOCK}];\n    __shared__ bool _cuprum_shh[{RED_BLOCK}];\n    \
         const {iu} _cuprum_o = ({iu})blockIdx.x / ({iu})_cuprum_split;\n    \
         const {iu} _cuprum_s = ({iu})blockIdx.x - _cuprum_o * ({iu})_cuprum_split;\n    \
         const {iu} _cuprum_chunk = ({iu})((_cuprum_nred + _cuprum_split - 1) / _cuprum_split);\n    \
         const {iu} _cuprum_lo = _cuprum_s * _cuprum_chunk;\n    \
         const {iu} _cuprum_hi = min(({iu})_cuprum_nred, _cuprum_lo + _cuprum_chunk);\n    \
         {is} _cuprum_ko[{ne}];\n    _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) _cuprum_ko[_j] = 0;\n    \
         CUPRUM_KOFF(_cuprum_o, _cuprum_ko);\n    {acc_init}\n    \
         {iu} _cuprum_r = _cuprum_lo + threadIdx.x;\n    \
         for (; _cuprum_r + {um1}u * {RED_BLOCK}u < _cuprum_hi; _cuprum_r += {RED_UNROLL}u * {RED_BLOCK}u) {{\n#pragma unroll\n        \
         for (int _cuprum_u = 0; _cuprum_u < {RED_UNROLL}; ++_cuprum_u)",
        name = s.name,
        um1 = RED_UNROLL - 1
    ));
    map_step(
        &mut b,
        &format!("_cuprum_r + ({iu})_cuprum_u * {RED_BLOCK}u"),
        "        ",
    );
    b.code(&format!(
        "    }}\n    for (; _cuprum_r < _cuprum_hi; _cuprum_r += {RED_BLOCK}u)"
    ));
    map_step(&mut b, "_cuprum_r", "    ");
    b.code(&format!(
        "    _cuprum_sh[threadIdx.x] = _cuprum_acc; _cuprum_shh[threadIdx.x] = _cuprum_has;\n    __syncthreads();\n    \
         for (int _w = {half}; _w > 0; _w >>= 1) {{\n        \
         if (threadIdx.x < _w && _cuprum_shh[threadIdx.x + _w]) {{\n            \
         _cuprum_sh[threadIdx.x] = _cuprum_shh[threadIdx.x] ? _cuprum_reduce(_cuprum_sh[threadIdx.x], _cuprum_sh[threadIdx.x + _w]) : _cuprum_sh[threadIdx.x + _w];\n            \
         _cuprum_shh[threadIdx.x] = true;\n        }}\n        __syncthreads();\n    }}\n    \
         if (threadIdx.x == 0) {{\n        if (_cuprum_split == 1) {{",
        half = RED_BLOCK / 2
    ));
    post(&mut b, "_cuprum_sh[0]", "_cuprum_o", "            ");
    b.code("        } else {\n            _cuprum_part[blockIdx.x] = _cuprum_sh[0];\n        }\n    }\n}");

    // ---- finish kernel: block per output over `split` partials (all non-empty) ----
    b.code(&format!(
        "extern \"C\" __global__ void __launch_bounds__({RED_BLOCK}) {name}_finish({decls}) {{\n{prologue}\n    \
         __shared__ _type_reduce _cuprum_sh[{RED_BLOCK}];\n    __shared__ bool _cuprum_shh[{RED_BLOCK}];\n    \
         const long long _cuprum_o = blockIdx.x;\n    \
         _type_reduce _cuprum_acc; bool _cuprum_has = false;\n    \
         for (int _cuprum_s = threadIdx.x; _cuprum_s < _cuprum_split; _cuprum_s += {RED_BLOCK}) {{\n        \
         const _type_reduce _cuprum_m = _cuprum_part[_cuprum_o * _cuprum_split + _cuprum_s];\n        \
         if (_cuprum_has) _cuprum_acc = _cuprum_reduce(_cuprum_acc, _cuprum_m); else {{ _cuprum_acc = _cuprum_m; _cuprum_has = true; }}\n    }}\n    \
         _cuprum_sh[threadIdx.x] = _cuprum_acc; _cuprum_shh[threadIdx.x] = _cuprum_has;\n    __syncthreads();\n    \
         for (int _w = {half}; _w > 0; _w >>= 1) {{\n        \
         if (threadIdx.x < _w && _cuprum_shh[threadIdx.x + _w]) {{\n            \
         _cuprum_sh[threadIdx.x] = _cuprum_shh[threadIdx.x] ? _cuprum_reduce(_cuprum_sh[threadIdx.x], _cuprum_sh[threadIdx.x + _w]) : _cuprum_sh[threadIdx.x + _w];\n            \
         _cuprum_shh[threadIdx.x] = true;\n        }}\n        __syncthreads();\n    }}\n    \
         if (threadIdx.x == 0) {{",
        name = s.name,
        half = RED_BLOCK / 2
    ));
    post(&mut b, "_cuprum_sh[0]", "_cuprum_o", "        ");
    b.code("    }\n}");

    // ---- thread kernel: one thread per output ----
    b.code(&format!(
        "extern \"C\" __global__ void __launch_bounds__({RED_BLOCK}) {name}_thread({decls}) {{\n{prologue}\n    \
         for ({iu} _cuprum_o = ({iu})blockIdx.x * blockDim.x + threadIdx.x; _cuprum_o < ({iu})_cuprum_nout; _cuprum_o += ({iu})blockDim.x * gridDim.x) {{\n    \
         {is} _cuprum_ko[{ne}];\n    _Pragma(\"unroll\") for (int _j = 0; _j < {ne}; ++_j) _cuprum_ko[_j] = 0;\n    \
         CUPRUM_KOFF(_cuprum_o, _cuprum_ko);\n    {acc_init}\n    \
         {iu} _cuprum_r = 0;\n    \
         for (; _cuprum_r + 3u < ({iu})_cuprum_nred; _cuprum_r += 4u) {{\n#pragma unroll\n        \
         for (int _cuprum_u = 0; _cuprum_u < 4; ++_cuprum_u)",
        name = s.name
    ));
    map_step(&mut b, &format!("_cuprum_r + ({iu})_cuprum_u"), "        ");
    b.code(&format!(
        "    }}\n    for (; _cuprum_r < ({iu})_cuprum_nred; ++_cuprum_r)"
    ));
    map_step(&mut b, "_cuprum_r", "    ");
    post(&mut b, "_cuprum_acc", "_cuprum_o", "    ");
    b.code("    }\n}");
    b
}
