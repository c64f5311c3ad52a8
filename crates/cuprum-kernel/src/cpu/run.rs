//! The run drivers: argument checks, buffer locking and binding, batching over rayon.

use super::limits::{self, Watch};
use super::lower::Rt;
use super::vm::{self, ArgMem, Frame, LANES, Mask, Offs, Pools, Reg, Val, with_vty};
use super::{CpuArg, ElementwiseProgram, Program, ReductionProgram, VarKind, VarSpec};
use cuprum_core::ext::{CpuRead, CpuWrite};
use cuprum_core::{DType, Error, Result, Scalar};
use rayon::prelude::*;
use std::sync::{Arc, Mutex};

const EW: &str = "ElementwiseKernel (CPU)";
const RD: &str = "ReductionKernel (CPU)";

/// Elements per rayon task of an elementwise run.
const TASK: usize = 16 * LANES;

/// Lanes per chunk of a straight-line elementwise body ([`Exec::Auto`]): every operation
/// runs over this many contiguous elements at once, with no mask bookkeeping.
pub(crate) const CHUNK: usize = 2048;

/// Elements per rayon task of a straight-line elementwise body.
const CHUNK_TASK: usize = 32 * CHUNK;

/// How an elementwise body is executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exec {
    /// Straight-line bodies ([`vm::straight_line`]) in chunks of [`CHUNK`] lanes, each
    /// operation once per chunk with no mask bookkeeping; other bodies as [`Exec::Masked`].
    Auto,
    /// Batches of [`LANES`] with masked control flow (any body).
    #[cfg_attr(not(test), allow(dead_code))]
    Masked,
}

enum Guard<'a> {
    R(#[allow(dead_code)] CpuRead<'a>),
    W(#[allow(dead_code)] CpuWrite<'a>),
}

/// Locked buffers and the argument memory descriptions of one run.
struct Bound<'a> {
    _guards: Vec<Guard<'a>>,
    _snapshots: Vec<Vec<u64>>,
    mem: Vec<ArgMem>,
    /// element outputs may be written by several threads at once
    parallel: bool,
}

fn scalar_val(s: Scalar, d: DType) -> Val {
    use cuprum_core::ext::cpu::{B8, Elem};
    use cuprum_core::{Complex32, Complex64, bf16, f16};
    match d {
        DType::Bool => Val::Bool(B8::from_scalar(s).get()),
        DType::Int8 => Val::I8(i8::from_scalar(s)),
        DType::Int16 => Val::I16(i16::from_scalar(s)),
        DType::Int32 => Val::I32(i32::from_scalar(s)),
        DType::Int64 => Val::I64(i64::from_scalar(s)),
        DType::UInt8 => Val::U8(u8::from_scalar(s)),
        DType::UInt16 => Val::U16(u16::from_scalar(s)),
        DType::UInt32 => Val::U32(u32::from_scalar(s)),
        DType::UInt64 => Val::U64(u64::from_scalar(s)),
        DType::Float16 => Val::F32(f16::from_scalar(s).to_f32()),
        DType::BFloat16 => Val::F32(bf16::from_scalar(s).to_f32()),
        DType::Float32 => Val::F32(f32::from_scalar(s)),
        DType::Float64 => Val::F64(f64::from_scalar(s)),
        DType::Complex64 => Val::C64(Complex32::from_scalar(s)),
        DType::Complex128 => Val::C128(Complex64::from_scalar(s)),
        #[allow(unreachable_patterns)]
        _ => Val::I32(0),
    }
}

/// Whether a layout is C-contiguous (axes of length 1 take any stride).
pub(super) fn c_contig(shape: &[usize], strides: &[isize]) -> bool {
    let mut acc = 1isize;
    for (n, s) in shape.iter().zip(strides).rev() {
        if *n != 1 && *s != acc {
            return false;
        }
        acc = acc.saturating_mul(*n as isize);
    }
    true
}

/// No two indices of the layout address the same element.
fn non_overlapping(shape: &[usize], strides: &[isize]) -> bool {
    let mut ax: Vec<(usize, isize)> = shape
        .iter()
        .zip(strides)
        .filter(|(n, _)| **n > 1)
        .map(|(n, s)| (*n, s.abs()))
        .collect();
    ax.sort_by_key(|a| a.1);
    let mut reach = 0isize;
    for (n, s) in ax {
        if s <= reach {
            return false;
        }
        reach += (n as isize - 1) * s;
    }
    true
}

/// Checks every array argument, locks each buffer once (for writing when some argument
/// writes it), snapshots read-only arguments that share a written buffer, and describes the
/// memory of each argument.
fn bind<'a>(
    op: &'static str,
    vars: &[VarSpec],
    args: &[&CpuArg<'a>],
    written: &[bool],
) -> Result<Bound<'a>> {
    // distinct buffers
    let mut keys: Vec<usize> = Vec::new();
    let mut key_of = vec![usize::MAX; args.len()];
    let mut key_written: Vec<bool> = Vec::new();
    let mut storages = Vec::new();
    for (k, a) in args.iter().enumerate() {
        if let CpuArg::Array(v) = a {
            let Some(cpu) = v.storage.as_cpu() else {
                return Err(Error::unsupported(
                    op,
                    format!("argument '{}' is not on the CPU", vars[k].name),
                ));
            };
            let key = cpu.as_ptr() as usize;
            let idx = match keys.iter().position(|x| *x == key) {
                Some(i) => i,
                None => {
                    keys.push(key);
                    key_written.push(false);
                    storages.push(cpu);
                    keys.len() - 1
                }
            };
            key_of[k] = idx;
            key_written[idx] |= written[k];
        }
    }
    let mut guards = Vec::new();
    let mut bases = Vec::new();
    for (i, s) in storages.iter().enumerate() {
        if key_written[i] {
            let mut g = s.write();
            let p = g.bytes_mut().as_mut_ptr();
            bases.push((p, s.nbytes()));
            guards.push(Guard::W(g));
        } else {
            let g = s.read();
            let p = g.bytes().as_ptr() as *mut u8;
            bases.push((p, s.nbytes()));
            guards.push(Guard::R(g));
        }
    }
    let mut snapshots: Vec<Vec<u64>> = Vec::new();
    let mut mem = Vec::with_capacity(args.len());
    let mut parallel = true;
    let mut writers_per_key = vec![0usize; keys.len()];
    for (k, a) in args.iter().enumerate() {
        if matches!(a, CpuArg::Array(_)) && written[k] {
            writers_per_key[key_of[k]] += 1;
        }
    }
    for (k, a) in args.iter().enumerate() {
        let CpuArg::Array(v) = a else {
            mem.push(ArgMem::empty());
            continue;
        };
        let l = v.layout;
        let item = v.dtype.itemsize() as i128;
        let size = crate::common::checked_size(op, &l.shape)?;
        let (mut ptr, nbytes) = bases[key_of[k]];
        if size > 0 {
            let (mut lo, mut hi) = (l.offset as i128, l.offset as i128);
            for (n, s) in l.shape.iter().zip(&l.strides) {
                let ext = (*n as i128 - 1) * *s as i128;
                if ext < 0 {
                    lo += ext;
                } else {
                    hi += ext;
                }
            }
            if lo < 0 || (hi + 1) * item > nbytes as i128 {
                return Err(Error::bad_argument(
                    op,
                    "args",
                    format!("argument '{}'", vars[k].name),
                    "arguments whose elements lie inside their buffers",
                ));
            }
        }
        let shared_written = key_written[key_of[k]];
        if !written[k] && shared_written {
            // a read-only argument whose buffer another argument writes: read a snapshot
            // SAFETY: `ptr` is the locked buffer of `nbytes` bytes (write guard held above);
            // no writer runs yet.
            let bytes = unsafe { std::slice::from_raw_parts(ptr, nbytes) };
            let mut snap = cuprum_core::ext::try_vec_filled(nbytes.div_ceil(8), 0u64)?;
            bytemuck_copy(&mut snap, bytes);
            ptr = snap.as_mut_ptr() as *mut u8;
            snapshots.push(snap);
        }
        let raw = matches!(vars[k].kind, VarKind::Raw { .. });
        if written[k] {
            if writers_per_key[key_of[k]] > 1 {
                parallel = false;
            }
            if !raw && !non_overlapping(&l.shape, &l.strides) {
                parallel = false;
            }
        }
        mem.push(ArgMem {
            ptr,
            offset: l.offset as isize,
            shape: l.shape.clone(),
            strides: l.strides.clone(),
            size,
            contig: c_contig(&l.shape, &l.strides),
            atomic: raw && written[k],
        });
    }
    Ok(Bound {
        _guards: guards,
        _snapshots: snapshots,
        mem,
        parallel,
    })
}

fn bytemuck_copy(dst: &mut [u64], src: &[u8]) {
    let d: &mut [u8] = bytemuck::cast_slice_mut(dst);
    d[..src.len()].copy_from_slice(src);
}

fn check_args(op: &'static str, vars: &[VarSpec], args: &[CpuArg<'_>]) -> Result<()> {
    if args.len() != vars.len() {
        return Err(Error::bad_argument(
            op,
            "args",
            format!("{} arguments", args.len()),
            format!("{} arguments, one per kernel parameter", vars.len()),
        ));
    }
    for (v, a) in vars.iter().zip(args) {
        match (a, &v.kind) {
            (CpuArg::Array(x), VarKind::Elem { .. } | VarKind::Raw { .. }) => {
                if x.dtype != v.dtype {
                    return Err(Error::DTypeMismatch {
                        op,
                        expected: v.dtype,
                        actual: x.dtype,
                    });
                }
            }
            (CpuArg::Scalar(_), VarKind::Scalar) => {}
            _ => {
                return Err(Error::bad_argument(
                    op,
                    "args",
                    format!("argument '{}'", v.name),
                    "arguments passed as the kernel was compiled (array or scalar)",
                ));
            }
        }
    }
    Ok(())
}

fn new_frame<'a>(
    p: &Program,
    mem: &'a [ArgMem],
    rt: &[(Reg, Val)],
    watch: &Option<Arc<Watch>>,
) -> Frame<'a> {
    new_frame_lanes(p, mem, rt, watch, LANES)
}

/// A frame whose registers hold `lanes` values each.
fn new_frame_lanes<'a>(
    p: &Program,
    mem: &'a [ArgMem],
    rt: &[(Reg, Val)],
    watch: &Option<Arc<Watch>>,
    lanes: usize,
) -> Frame<'a> {
    fn pool<T: Default + Clone>(n: usize, lanes: usize) -> Vec<Vec<T>> {
        (0..n).map(|_| vec![T::default(); lanes]).collect()
    }
    let c = &p.counts;
    let pools = Pools {
        b: pool(c[0], lanes),
        i8: pool(c[1], lanes),
        i16: pool(c[2], lanes),
        i32: pool(c[3], lanes),
        i64: pool(c[4], lanes),
        u8: pool(c[5], lanes),
        u16: pool(c[6], lanes),
        u32: pool(c[7], lanes),
        u64: pool(c[8], lanes),
        f32: pool(c[9], lanes),
        f64: pool(c[10], lanes),
        c64: pool(c[11], lanes),
        c128: pool(c[12], lanes),
    };
    let mut fr = Frame {
        n: lanes,
        start: 0,
        p: pools,
        mem,
        offs: vec![Offs::Contig(0); mem.len()],
        err: None,
        watch: watch.clone(),
        ticks: 0,
    };
    for (r, v) in &p.consts {
        fr.fill(*r, *v);
    }
    for (r, v) in rt {
        fr.fill(*r, vm::cast_val(*v, r.ty));
    }
    fr
}

fn rt_values(
    p: &Program,
    args: &[&CpuArg<'_>],
    vars: &[VarSpec],
    loop_size: usize,
    out_size: usize,
) -> Vec<(Reg, Val)> {
    p.rt.iter()
        .map(|(r, rt)| {
            let v = match rt {
                Rt::LoopSize => Val::I64(loop_size as i64),
                Rt::OutSize => Val::I64(out_size as i64),
                Rt::Scalar(k) => match args[*k] {
                    CpuArg::Scalar(s) => scalar_val(*s, vars[*k].dtype),
                    CpuArg::Array(_) => Val::I32(0),
                },
            };
            (*r, v)
        })
        .collect()
}

/// The offsets of elements `s..s+n` (C order over `m.shape`).
fn batch_offsets(m: &ArgMem, s: usize, n: usize, out: &mut Offs) {
    if m.contig {
        *out = Offs::Contig(m.offset + s as isize);
        return;
    }
    let mut v = match std::mem::replace(out, Offs::Contig(0)) {
        Offs::Gather(v) => v,
        Offs::Contig(_) => Vec::with_capacity(n),
    };
    v.clear();
    let nd = m.shape.len();
    let mut idx = vec![0usize; nd];
    let mut rem = s;
    for ax in (0..nd).rev() {
        let e = m.shape[ax].max(1);
        idx[ax] = rem % e;
        rem /= e;
    }
    let mut off = m.offset;
    for (i, s) in idx.iter().zip(&m.strides) {
        off += *i as isize * s;
    }
    for _ in 0..n {
        v.push(off);
        // odometer step
        let mut ax = nd;
        while ax > 0 {
            ax -= 1;
            idx[ax] += 1;
            off += m.strides[ax];
            if idx[ax] < m.shape[ax] {
                break;
            }
            off -= idx[ax] as isize * m.strides[ax];
            idx[ax] = 0;
        }
    }
    *out = Offs::Gather(v);
}

fn record(slot: &Mutex<Option<Error>>, fr: &mut Frame<'_>) {
    if let Some(e) = fr.err.take() {
        let mut g = slot.lock().unwrap_or_else(|e| e.into_inner());
        if g.is_none() {
            *g = Some(e);
        }
    }
}

pub(super) fn elementwise(
    p: &ElementwiseProgram,
    args: &[CpuArg<'_>],
    shape: &[usize],
    exec: Exec,
) -> Result<()> {
    check_args(EW, &p.vars, args)?;
    let size = shape
        .iter()
        .try_fold(1usize, |a, &b| a.checked_mul(b))
        .ok_or_else(|| {
            Error::bad_argument(
                EW,
                "shape",
                format!("{shape:?}"),
                "an element count that fits in usize",
            )
        })?;
    for (v, a) in p.vars.iter().zip(args) {
        if let (CpuArg::Array(x), VarKind::Elem { .. }) = (a, &v.kind)
            && x.layout.shape != shape
        {
            return Err(Error::ShapeMismatch {
                op: EW,
                lhs: x.layout.shape.clone(),
                rhs: shape.to_vec(),
                detail: Some(format!(
                    "argument '{}' is not broadcast to the loop shape",
                    v.name
                )),
            });
        }
    }
    let refs: Vec<&CpuArg<'_>> = args.iter().collect();
    let bound = bind(EW, &p.vars, &refs, &p.written)?;
    if size == 0 {
        return Ok(());
    }
    let rt = rt_values(&p.prog, &refs, &p.vars, size, size);
    let elem: Vec<usize> = p
        .vars
        .iter()
        .enumerate()
        .filter(|(_, v)| matches!(v.kind, VarKind::Elem { .. }))
        .map(|(k, _)| k)
        .collect();
    let err = Mutex::new(None);
    let mem = &bound.mem;
    let watch = limits::watch();
    let chunked = exec != Exec::Masked && p.straight;
    let (lanes, task) = if chunked {
        (CHUNK, CHUNK_TASK)
    } else {
        (LANES, TASK)
    };
    let run_range = |fr: &mut Frame<'_>, lo: usize, hi: usize| {
        let mut full = Mask::full(0);
        let mut s = lo;
        while s < hi {
            if fr.watch.as_ref().is_some_and(|w| w.poll(true)) {
                return;
            }
            let n = lanes.min(hi - s);
            fr.n = n;
            fr.start = s;
            for &k in &elem {
                batch_offsets(&mem[k], s, n, &mut fr.offs[k]);
            }
            if chunked {
                if full.m.len() != n {
                    full = Mask::full(n);
                }
                vm::run_straight(&p.nodes, fr, &full);
            } else {
                vm::run_nodes(&p.nodes, fr);
            }
            if fr.err.is_some() {
                record(&err, fr);
            }
            s += n;
        }
    };
    if bound.parallel && size > task && rayon::current_num_threads() > 1 {
        let ntasks = size.div_ceil(task);
        (0..ntasks).into_par_iter().for_each_init(
            || new_frame_lanes(&p.prog, mem, &rt, &watch, lanes),
            |fr, t| run_range(fr, t * task, ((t + 1) * task).min(size)),
        );
    } else {
        let mut fr = new_frame_lanes(&p.prog, mem, &rt, &watch, lanes);
        run_range(&mut fr, 0, size);
    }
    if let Some(w) = watch.filter(|w| w.stopped()) {
        return Err(w.error(EW));
    }
    match err.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Copies lanes `from..from+n` of `src` into lanes `0..n` of `dst` (same type).
fn copy_lanes(fr: &mut Frame<'_>, src: Reg, dst: Reg, from: usize, n: usize) {
    with_vty!(src.ty, T => {
        let pool = <T as vm::Lane>::pool_mut(&mut fr.p);
        if src.idx == dst.idx {
            pool[src.idx].copy_within(from..from + n, 0);
        } else {
            let s: Vec<T> = pool[src.idx][from..from + n].to_vec();
            pool[dst.idx][..n].copy_from_slice(&s);
        }
    })
}

/// The one stride of a C-order walk over `dims` with `strides`, when the walk is an arithmetic
/// progression: core's axis merging (`ext::layout::merge_axes`, one operand) leaves at most
/// one axis (none for a single element: stride 1).
fn collapse(dims: &[usize], strides: &[isize]) -> Option<isize> {
    let mut sh = dims.to_vec();
    let mut st: Vec<[isize; 1]> = strides.iter().map(|&s| [s]).collect();
    match cuprum_core::ext::layout::merge_axes(&mut sh, &mut st) {
        0 => Some(1),
        1 => Some(st[0][0]),
        _ => None,
    }
}

/// Unravels `j` over `dims` (C order) and returns Σ idx·stride.
fn unravel(j: usize, dims: &[usize], strides: &[isize]) -> isize {
    let mut rem = j;
    let mut off = 0isize;
    for ax in (0..dims.len()).rev() {
        let e = dims[ax].max(1);
        off += (rem % e) as isize * strides[ax];
        rem /= e;
    }
    off
}

pub(super) fn reduction(
    p: &ReductionProgram,
    ins: &[CpuArg<'_>],
    outs: &[CpuArg<'_>],
    in_shape: &[usize],
    axes: &[usize],
) -> Result<()> {
    check_args(RD, &p.in_vars, ins)?;
    check_args(RD, &p.out_vars, outs)?;
    let nd = in_shape.len();
    for w in axes.windows(2) {
        if w[0] >= w[1] {
            return Err(Error::bad_argument(
                RD,
                "axes",
                format!("{axes:?}"),
                "sorted, unique axes",
            ));
        }
    }
    if let Some(&a) = axes.last()
        && a >= nd
    {
        {
            return Err(Error::AxisOutOfBounds {
                op: RD,
                axis: a as isize,
                ndim: nd,
            });
        }
    }
    let kept: Vec<usize> = (0..nd).filter(|d| !axes.contains(d)).collect();
    let kdims: Vec<usize> = kept.iter().map(|&d| in_shape[d]).collect();
    let rdims: Vec<usize> = axes.iter().map(|&d| in_shape[d]).collect();
    let prod = |v: &[usize]| v.iter().try_fold(1usize, |a, &b| a.checked_mul(b));
    let (Some(m_total), Some(r_total)) = (prod(&kdims), prod(&rdims)) else {
        return Err(Error::bad_argument(
            RD,
            "shape",
            format!("{in_shape:?}"),
            "an element count that fits in usize",
        ));
    };
    let in_size = m_total.checked_mul(r_total).ok_or_else(|| {
        Error::bad_argument(
            RD,
            "shape",
            format!("{in_shape:?}"),
            "an element count that fits in usize",
        )
    })?;
    for (v, a) in p.in_vars.iter().zip(ins) {
        match (a, &v.kind) {
            (CpuArg::Array(x), VarKind::Elem { .. }) if x.layout.shape != in_shape => {
                return Err(Error::ShapeMismatch {
                    op: RD,
                    lhs: x.layout.shape.clone(),
                    rhs: in_shape.to_vec(),
                    detail: Some(format!(
                        "input '{}' is not broadcast to the input shape",
                        v.name
                    )),
                });
            }
            (_, VarKind::Raw { .. }) => {
                return Err(Error::unsupported(
                    RD,
                    "raw arguments of a reduction on the CPU",
                ));
            }
            _ => {}
        }
    }
    for (v, a) in p.out_vars.iter().zip(outs) {
        if let CpuArg::Array(x) = a
            && x.layout.shape != kdims
        {
            return Err(Error::ShapeMismatch {
                op: RD,
                lhs: x.layout.shape.clone(),
                rhs: kdims.clone(),
                detail: Some(format!("output '{}' must have the kept-axes shape", v.name)),
            });
        }
    }
    if m_total == 0 {
        return Ok(());
    }
    if r_total == 0 && p.identity.is_none() {
        return Err(Error::bad_shape(
            RD,
            "in",
            in_shape,
            "a non-empty reduction (a zero-size reduction needs an identity)",
        ));
    }
    let nin = ins.len();
    let args: Vec<&CpuArg<'_>> = ins.iter().chain(outs.iter()).collect();
    let vars: Vec<VarSpec> = p.in_vars.iter().chain(p.out_vars.iter()).cloned().collect();
    let written: Vec<bool> = (0..args.len()).map(|k| k >= nin).collect();
    let bound = bind(RD, &vars, &args, &written)?;
    let mem = &bound.mem;
    let rt = rt_values(&p.prog, &args, &vars, in_size, m_total);
    // per input: strides over kept and reduced dims
    let elem_ins: Vec<usize> = (0..nin)
        .filter(|&k| matches!(args[k], CpuArg::Array(_)))
        .collect();
    let strides_over = |dims: &[usize]| -> Vec<Vec<isize>> {
        (0..nin)
            .map(|k| {
                dims.iter()
                    .map(|&d| mem[k].strides.get(d).copied().unwrap_or(0))
                    .collect()
            })
            .collect()
    };
    let kstr = strides_over(&kept);
    let rstr = strides_over(axes);
    // per input: the single stride the reduced dims collapse to, when they do
    let rlin: Vec<Option<isize>> = (0..nin).map(|k| collapse(&rdims, &rstr[k])).collect();
    let err = Mutex::new(None);
    let watch = limits::watch();
    let out_offs = |m0: usize, n: usize| -> Vec<Offs> {
        (nin..args.len())
            .map(|k| Offs::Gather((m0..m0 + n).map(|m| mem[k].flat_offset(m)).collect()))
            .collect()
    };
    let set_identity = |fr: &mut Frame<'_>| {
        if let Some(idn) = &p.identity {
            vm::run_nodes(idn, fr);
            let n = fr.n;
            copy_lanes(fr, p.id, p.a, 0, n);
        }
    };

    if m_total >= LANES / 2 || r_total == 0 {
        // lanes over outputs
        let run_batch = |fr: &mut Frame<'_>, m0: usize, nb: usize| {
            if fr.watch.as_ref().is_some_and(|w| w.poll(true)) {
                return;
            }
            fr.n = nb;
            let base: Vec<Vec<isize>> = (0..nin)
                .map(|k| {
                    (m0..m0 + nb)
                        .map(|m| mem[k].offset + unravel(m, &kdims, &kstr[k]))
                        .collect()
                })
                .collect();
            set_identity(fr);
            for r in 0..r_total {
                for &k in &elem_ins {
                    let orr = unravel(r, &rdims, &rstr[k]);
                    let v: Vec<isize> = base[k].iter().map(|b| b + orr).collect();
                    fr.offs[k] = Offs::Gather(v);
                }
                vm::run_nodes(&p.map, fr);
                if r == 0 && p.identity.is_none() {
                    copy_lanes(fr, p.b, p.a, 0, nb);
                } else {
                    vm::run_nodes(&p.reduce, fr);
                }
            }
            for (j, o) in out_offs(m0, nb).into_iter().enumerate() {
                fr.offs[nin + j] = o;
            }
            vm::run_nodes(&p.post, fr);
            if fr.err.is_some() {
                record(&err, fr);
            }
        };
        let nbatches = m_total.div_ceil(LANES);
        if bound.parallel && nbatches > 1 && rayon::current_num_threads() > 1 {
            (0..nbatches).into_par_iter().for_each_init(
                || new_frame(&p.prog, mem, &rt, &watch),
                |fr, t| run_batch(fr, t * LANES, LANES.min(m_total - t * LANES)),
            );
        } else {
            let mut fr = new_frame(&p.prog, mem, &rt, &watch);
            for t in 0..nbatches {
                run_batch(&mut fr, t * LANES, LANES.min(m_total - t * LANES));
            }
        }
    } else {
        // lanes over the reduced elements of one output; partial results folded in a tree
        let threads = rayon::current_num_threads().max(1);
        let want = (4 * threads).div_ceil(m_total);
        let parts = want.min(r_total.div_ceil(4 * LANES)).max(1);
        let per = r_total.div_ceil(parts);
        let tasks: Vec<(usize, usize, usize)> = (0..m_total)
            .flat_map(|m| {
                (0..parts)
                    .map(move |q| (m, q * per, ((q + 1) * per).min(r_total)))
                    .filter(|t| t.1 < t.2)
            })
            .collect();
        let fold = |fr: &mut Frame<'_>, m: usize, r0: usize, r1: usize| -> Val {
            let om: Vec<isize> = (0..nin)
                .map(|k| mem[k].offset + unravel(m, &kdims, &kstr[k]))
                .collect();
            let mut valid = 0usize;
            let mut s = r0;
            while s < r1 {
                if fr.watch.as_ref().is_some_and(|w| w.poll(true)) {
                    return fr.lane_val(p.a, 0);
                }
                let n = LANES.min(r1 - s);
                fr.n = n;
                for &k in &elem_ins {
                    fr.offs[k] = match rlin[k] {
                        Some(1) if !mem[k].atomic => Offs::Contig(om[k] + s as isize),
                        Some(st) => {
                            Offs::Gather((s..s + n).map(|r| om[k] + r as isize * st).collect())
                        }
                        None => Offs::Gather(
                            (s..s + n)
                                .map(|r| om[k] + unravel(r, &rdims, &rstr[k]))
                                .collect(),
                        ),
                    };
                }
                vm::run_nodes(&p.map, fr);
                if valid == 0 {
                    copy_lanes(fr, p.b, p.a, 0, n);
                    valid = n;
                } else {
                    vm::run_nodes(&p.reduce, fr);
                }
                s += n;
            }
            while valid > 1 {
                let half = valid / 2;
                let upper = valid - half;
                fr.n = LANES;
                copy_lanes(fr, p.a, p.b, upper, half);
                fr.n = half;
                vm::run_nodes(&p.reduce, fr);
                valid = upper;
            }
            fr.lane_val(p.a, 0)
        };
        let partials: Vec<Val> = if tasks.len() > 1 && threads > 1 {
            tasks
                .par_iter()
                .map_init(
                    || new_frame(&p.prog, mem, &rt, &watch),
                    |fr, &(m, r0, r1)| {
                        let v = fold(fr, m, r0, r1);
                        record(&err, fr);
                        v
                    },
                )
                .collect()
        } else {
            let mut fr = new_frame(&p.prog, mem, &rt, &watch);
            tasks
                .iter()
                .map(|&(m, r0, r1)| {
                    let v = fold(&mut fr, m, r0, r1);
                    record(&err, &mut fr);
                    v
                })
                .collect()
        };
        // combine per output and run post_map_expr
        let mut fr = new_frame(&p.prog, mem, &rt, &watch);
        let mut t = 0;
        for m in 0..m_total {
            fr.n = 1;
            let mut first = true;
            while t < tasks.len() && tasks[t].0 == m {
                if first {
                    fr.set_lane(p.a, 0, partials[t]);
                    first = false;
                } else {
                    fr.set_lane(p.b, 0, partials[t]);
                    vm::run_nodes(&p.reduce, &mut fr);
                }
                t += 1;
            }
            if first {
                set_identity(&mut fr);
            }
            for (j, o) in out_offs(m, 1).into_iter().enumerate() {
                fr.offs[nin + j] = o;
            }
            vm::run_nodes(&p.post, &mut fr);
            record(&err, &mut fr);
        }
    }
    if let Some(w) = watch.filter(|w| w.stopped()) {
        return Err(w.error(RD));
    }
    match err.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
