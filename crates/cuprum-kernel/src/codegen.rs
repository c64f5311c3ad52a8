//! Maps a parsed user kernel onto core's one CUDA source generator
//! (`cuprum_core::ext::codegen`): an `ElementwiseKernel` call becomes an `ElementwiseSpec` of
//! layout `Contiguous` or `Strided`, a `ReductionKernel` call a `ReductionSpec` of layout
//! `Strided`, both in CuPy's C types (`kernels/user.cuh`) with every user section under its own
//! `#line` origin (`preamble`, `loop_prep`, `operation`, `after_loop`, `identity`, `map_expr`,
//! `reduce_expr`, `post_map_expr`), so NVRTC's errors point at the user's lines.

use crate::params::Param;
use cuprum_core::DType;
use cuprum_core::ext::codegen::{
    self as cg, CTypes, ElementwiseLayout, ElementwiseSpec, Generated, ParamKind, ReductionLayout,
    ReductionSpec, Section,
};

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

/// A user parameter as a spec parameter.
fn param(p: &Param, dtype: DType, pass: PassKind) -> cg::Param {
    let kind = match pass {
        PassKind::Scalar => ParamKind::Scalar,
        PassKind::Raw(nd) => ParamKind::Raw { nd },
        PassKind::Elem { load } if p.output => ParamKind::Out { load },
        PassKind::Elem { .. } => ParamKind::In,
    };
    cg::Param::new(&p.name, dtype, kind)
}

/// A user section (empty text: none).
fn section(origin: &str, text: &str) -> Section {
    Section::user(origin, text)
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
    pub(crate) layout: ElementwiseLayout,
}

/// The elementwise kernel source (one layout class), from core's generator.
pub(crate) fn elementwise_source(s: &EwSpec<'_>) -> Generated {
    ElementwiseSpec {
        name: s.name.to_string(),
        params: s
            .params
            .iter()
            .zip(s.dtypes)
            .zip(s.pass)
            .map(|((p, &d), &k)| param(p, d, k))
            .collect(),
        output: None,
        types: CTypes::CuPy,
        typedefs: s.typedefs.to_vec(),
        preamble: section("preamble", s.preamble),
        loop_prep: section("loop_prep", s.loop_prep),
        body: section("operation", s.operation),
        after_loop: section("after_loop", s.after_loop),
        layout: s.layout,
    }
    .source()
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
pub(crate) const RED_BLOCK: u32 = cg::REDUCTION_THREADS;
/// Elements each thread of a block reduction loads per iteration (independent loads in flight).
pub(crate) const RED_UNROLL: u32 = cg::REDUCTION_UNROLL;

/// The reduction source (`<name>_block`, `<name>_finish`, `<name>_thread`), from core's
/// generator.
pub(crate) fn reduction_source(s: &RedSpec<'_>) -> Generated {
    let ins = s
        .ins
        .iter()
        .zip(s.in_dtypes)
        .zip(s.in_pass)
        .map(|((p, &d), &k)| param(p, d, k));
    let outs = s
        .outs
        .iter()
        .zip(s.out_dtypes)
        .map(|(p, &d)| cg::Param::new(&p.name, d, ParamKind::Out { load: false }));
    ReductionSpec {
        name: s.name.to_string(),
        params: ins.chain(outs).collect(),
        types: CTypes::CuPy,
        typedefs: s.typedefs.to_vec(),
        preamble: section("preamble", s.preamble),
        identity: s.identity.map(|id| section("identity", id)),
        map: section("map_expr", s.map_expr),
        reduce: section("reduce_expr", s.reduce_expr),
        post_map: section("post_map_expr", s.post_map_expr),
        layout: ReductionLayout::Strided {
            reduce_type: s.reduce_type,
            nk: s.nk,
            nr: s.nr,
            wide: s.wide,
        },
    }
    .source()
}
