//! Snapshots of the generated CUDA C (the `codegen-snapshot` feature, for refactors of the
//! generator; see `tests/data/codegen/README.md`): with `CUPRUM_KERNEL_SNAPSHOT_DIR` set, every
//! call on the CPU also generates the CUDA sources a GPU call of the same signature would
//! compile (the planned layout class and its neighbours: the widest vector width, 32- and
//! 64-bit strided) and writes each to `<dir>/<case>.cu`, the shared headers replaced by markers.

use crate::codegen::PassKind;
use crate::common::{Slot, raw_arg};
use crate::elementwise::ElementwiseKernel;
use crate::fuse::{cuda, graph::Trace};
use crate::params::Binding;
use crate::reduction::ReductionKernel;
use cuprum_core::ext::codegen::{ElementwiseLayout, USER_HEADER};
use cuprum_core::{Array, DType};

fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn dir() -> Option<String> {
    std::env::var("CUPRUM_KERNEL_SNAPSHOT_DIR")
        .ok()
        .filter(|d| !d.is_empty())
}

fn write(case: &str, text: &str) {
    let Some(d) = dir() else { return };
    let mut t = text.replace(USER_HEADER, "/*<<user.cuh>>*/");
    t = t.replace(cuprum_core::ext::CUDA_COMMON, "/*<<CUDA_COMMON>>*/");
    let body = format!(
        "==== {case} | {} bytes | fnv {:016x}\n{t}\n",
        text.len(),
        fnv(text)
    );
    let _ = std::fs::create_dir_all(&d);
    let _ = std::fs::write(format!("{d}/{case}.cu"), body);
}

fn pass_name(p: PassKind) -> String {
    match p {
        PassKind::Scalar => "scalar".into(),
        PassKind::Raw(None) => "raw".into(),
        PassKind::Raw(Some(nd)) => format!("raw{nd}"),
        PassKind::Elem { load: true } => "elemL".into(),
        PassKind::Elem { load: false } => "elem".into(),
    }
}

fn dtypes_name(d: &[DType]) -> String {
    d.iter().map(|d| d.name()).collect::<Vec<_>>().join(",")
}

fn ew_layout_name(l: ElementwiseLayout) -> String {
    match l {
        ElementwiseLayout::Contiguous { vec } => format!("contig{vec}"),
        ElementwiseLayout::Strided { nd, wide } => {
            format!("strided{nd}{}", if wide { "w" } else { "" })
        }
        ElementwiseLayout::Family => "family".into(),
    }
}

/// An elementwise call's sources.
#[allow(clippy::too_many_arguments)]
pub(crate) fn elementwise(
    k: &ElementwiseKernel,
    dtypes: &[DType],
    slots: &[Slot],
    shape: &[usize],
    n: usize,
    binding: &Binding,
    outputs_passed: bool,
) {
    if dir().is_none() {
        return;
    }
    let Ok((plan, _)) = k.plan_gpu(slots, shape, n, outputs_passed) else {
        return;
    };
    let mut layouts = vec![plan.layout];
    match plan.layout {
        ElementwiseLayout::Contiguous { .. } => {
            let maxsz = dtypes.iter().map(|d| d.itemsize()).max().unwrap_or(16);
            layouts.push(ElementwiseLayout::Contiguous {
                vec: (16 / maxsz).clamp(1, 8) as u8,
            });
            layouts.push(ElementwiseLayout::Strided {
                nd: shape.len().max(1) as u8,
                wide: false,
            });
        }
        ElementwiseLayout::Strided { nd, .. } => {
            layouts.push(ElementwiseLayout::Strided { nd, wide: true });
        }
        ElementwiseLayout::Family => {}
    }
    let user = format!("{:?}", k.user_text());
    for l in layouts {
        let case = format!(
            "ew-{}-{:08x}-{}-{}-{}",
            k.name(),
            fnv(&user) as u32,
            dtypes_name(dtypes),
            plan.pass
                .iter()
                .map(|p| pass_name(*p))
                .collect::<Vec<_>>()
                .join(","),
            ew_layout_name(l)
        );
        write(&case, &k.source(dtypes, &plan.pass, l, binding).text);
    }
}

/// A reduction call's sources.
pub(crate) fn reduction(
    k: &ReductionKernel,
    r: &crate::common::Resolved,
    reduce_type: DType,
    in_shape: &[usize],
    red: &[bool],
) {
    if dir().is_none() {
        return;
    }
    let nin = k.nin();
    let mut elem: Vec<Array> = Vec::new();
    let mut pass = Vec::new();
    for s in &r.slots[..nin] {
        match s {
            Slot::Scalar(_) => pass.push(PassKind::Scalar),
            Slot::Raw(a) => pass.push(raw_arg(a).0),
            Slot::Elem(a) => {
                let Ok(b) = a.broadcast_to(in_shape) else {
                    return;
                };
                elem.push(b);
                pass.push(PassKind::Elem { load: true });
            }
            Slot::Create => return,
        }
    }
    let ((ksh, _), (rsh, _)) = k.axes(&elem, in_shape, red);
    let user = format!("{:?}", k.user_text());
    for wide in [false, true] {
        let case = format!(
            "red-{}-{:08x}-{}-{}-{}-k{}r{}{}",
            k.name(),
            fnv(&user) as u32,
            dtypes_name(&r.dtypes),
            reduce_type.name(),
            pass.iter()
                .map(|p| pass_name(*p))
                .collect::<Vec<_>>()
                .join(","),
            ksh.len(),
            rsh.len(),
            if wide { "w" } else { "" }
        );
        let text = k
            .source(
                &r.dtypes,
                &pass,
                reduce_type,
                &r.binding,
                ksh.len() as u8,
                rsh.len() as u8,
                wide,
            )
            .text;
        write(&case, &text);
    }
}

/// A fused call's sources.
pub(crate) fn fuse(name: &str, t: &Trace, inputs: &[Option<Array>], dst: &Array) {
    if dir().is_none() {
        return;
    }
    let (class, _) = cuda::classify(inputs, dst);
    let dts: Vec<Option<DType>> = inputs
        .iter()
        .map(|x| x.as_ref().map(Array::dtype))
        .collect();
    let mut classes = vec![class];
    match class {
        cuda::Class::Contig { ones, .. } => {
            let maxsz = dts
                .iter()
                .flatten()
                .chain(std::iter::once(&dst.dtype()))
                .map(|d| d.itemsize())
                .max()
                .unwrap_or(16);
            classes.push(cuda::Class::Contig {
                vec: (16 / maxsz).clamp(1, 16) as u8,
                ones,
            });
            classes.push(cuda::Class::Strided {
                nd: dst.ndim().max(1) as u8,
                wide: false,
            });
        }
        cuda::Class::Strided { nd, .. } => classes.push(cuda::Class::Strided { nd, wide: true }),
    }
    let trace = format!("{:?}", t.nodes);
    for c in classes {
        let cname = match c {
            cuda::Class::Contig { vec, ones } => format!("contig{vec}o{ones:x}"),
            cuda::Class::Strided { nd, wide } => {
                format!("strided{nd}{}", if wide { "w" } else { "" })
            }
        };
        let case = format!(
            "fuse-{name}-{:08x}-{}-{cname}",
            fnv(&trace) as u32,
            dts.iter()
                .map(|d| d.map_or("-", |d| d.name()))
                .collect::<Vec<_>>()
                .join(",")
        );
        write(&case, &cuda::source(t, &dts, c));
    }
}

/// A fused reduction's sources: the planned geometry class and its 64-bit twin.
#[allow(clippy::too_many_arguments)]
pub(crate) fn fuse_reduce(
    name: &str,
    t: &Trace,
    inputs: &[Option<Array>],
    shape: &[usize],
    axes: &[usize],
    kind: crate::fuse::graph::ReduceKind,
    acc: DType,
    result: DType,
) {
    if dir().is_none() {
        return;
    }
    let elem: Vec<Array> = inputs.iter().flatten().cloned().collect();
    let red: Vec<bool> = (0..shape.len()).map(|d| axes.contains(&d)).collect();
    let ((ksh, _), (rsh, _)) = crate::reduction::split_axes(&elem, shape, &red, true);
    let dts: Vec<Option<DType>> = inputs
        .iter()
        .map(|x| x.as_ref().map(Array::dtype))
        .collect();
    let trace = format!("{:?}", t.nodes);
    let rt = cuda::RedTypes { kind, acc, result };
    for wide in [false, true] {
        let case = format!(
            "fusered-{name}-{:08x}-{}-{}-k{}r{}{}",
            fnv(&trace) as u32,
            kind.name(),
            dts.iter()
                .map(|d| d.map_or("-", |d| d.name()))
                .collect::<Vec<_>>()
                .join(","),
            ksh.len().max(1),
            rsh.len().max(1),
            if wide { "w" } else { "" }
        );
        let src = cuda::reduce_source(
            t,
            &dts,
            rt,
            ksh.len().max(1) as u8,
            rsh.len().max(1) as u8,
            wide,
        );
        write(&case, &src.text);
    }
}
