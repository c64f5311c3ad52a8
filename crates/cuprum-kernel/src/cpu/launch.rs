//! A `__global__` kernel (a `RawKernel`) compiled for the CPU engine, and its launch: blocks
//! in parallel on rayon, the threads of a block as the lanes of one frame.

use super::lex::Source;
use super::limits;
use super::lower::{Lower, Rt, Sym, vty};
use super::parse::{CTy, Env, Func};
use super::thread::{Builtin, KernelCtx, SHARED_LIMIT, SharedDecl, tainted};
use super::vm::{self, ArgMem, Frame, Node, Offs, Pools, Reg, Val};
use super::{Diagnostic, Program, parse_preamble, program_of};
use crate::error::{KernelError, Result};
use cuprum_core::ext::{CpuWrite, View};
use cuprum_core::{DType, Scalar};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most threads of a block (CUDA's limit).
pub(crate) const MAX_THREADS: u64 = 1024;

/// One argument of a kernel launch on the CPU.
pub(crate) enum KernelArg<'a> {
    /// an array, for a pointer parameter
    Array(View<'a>),
    /// a scalar and the dtype it was given as
    Scalar(Scalar, DType),
}

/// A kernel parameter.
#[derive(Clone, Debug)]
struct KParam {
    name: String,
    cty: CTy,
    dtype: DType,
    ptr: bool,
}

/// A compiled `__global__` function.
pub(crate) struct KernelProgram {
    name: String,
    params: Vec<KParam>,
    prog: Program,
    nodes: Vec<Node>,
    builtins: Vec<(Reg, Builtin)>,
    shared: Vec<SharedDecl>,
}

/// `name<float, int>` → (`name`, [`float`, `int`]).
fn split_template(name: &str) -> (&str, Vec<&str>) {
    match name.find('<') {
        Some(k) if name.ends_with('>') => {
            let inner = &name[k + 1..name.len() - 1];
            (name[..k].trim(), inner.split(',').map(str::trim).collect())
        }
        _ => (name.trim(), Vec::new()),
    }
}

fn diag(message: String) -> Diagnostic {
    Diagnostic {
        section: "source",
        line: 1,
        column: 1,
        source_line: String::new(),
        message,
    }
}

impl KernelProgram {
    /// Parses `source` and lowers its `__global__` function `name` (an `extern "C"` name, or a
    /// template instantiation `f<float>`).
    ///
    /// # Errors
    /// [`KernelError::Compile`] with the source's line, or [`KernelError::NoSuchKernel`].
    pub(crate) fn compile(source: &str, name: &str) -> Result<Self> {
        let cerr = |d: Diagnostic| crate::common::cpu_compile_error(name, d);
        let missing = |base: &str| KernelError::NoSuchKernel {
            name: name.to_string(),
            hint: format!("; the source has no __global__ function '{base}'"),
        };
        let (base, targs) = split_template(name);
        let mut env = Env::default();
        if !targs.is_empty() {
            // the template's parameter names, from a first parse
            let src = Source {
                section: "source",
                text: source,
            };
            let (pre, _) = parse_preamble(&src, Env::default()).map_err(cerr)?;
            let Some(f) = pre.funcs.iter().find(|f| f.name == base && f.is_global) else {
                return Err(missing(base));
            };
            if f.template.len() != targs.len() {
                return Err(cerr(diag(format!(
                    "'{base}' has {} template parameters, '{name}' gives {}",
                    f.template.len(),
                    targs.len()
                ))));
            }
            for (p, t) in f.template.iter().zip(&targs) {
                let Some(ty) = super::parse::type_of_name(t) else {
                    return Err(cerr(diag(format!(
                        "template argument '{t}' of '{name}' is not a type the CPU engine knows"
                    ))));
                };
                env.types.insert(p.clone(), ty);
            }
        }
        let srcs = vec![Source {
            section: "source",
            text: source,
        }];
        let (pre, _) = parse_preamble(&srcs[0], env).map_err(cerr)?;
        let Some(f) = pre.funcs.iter().find(|f| f.name == base && f.is_global) else {
            return Err(missing(base));
        };
        if !f.template.is_empty() && targs.is_empty() {
            return Err(cerr(srcs[0].diag(
                f.pos,
                format!(
                    "'{base}' is a template: name an instantiation such as '{base}<float>' (RawModule::name_expressions)"
                ),
            )));
        }
        Self::lower(srcs, &pre.funcs, &pre.globals, f, name).map_err(cerr)
    }

    fn lower<'a>(
        srcs: Vec<Source<'a>>,
        funcs: &'a [Func],
        globals: &[super::parse::Stmt],
        f: &'a Func,
        name: &str,
    ) -> std::result::Result<Self, Diagnostic> {
        if f.ret != CTy::Void {
            return Err(srcs[0].diag(f.pos, "a __global__ function must return void"));
        }
        let mut params = Vec::new();
        for p in &f.params {
            let bad = |m: String| Err(srcs[0].diag(p.pos, m));
            if p.by_ref {
                return bad(format!(
                    "reference parameter '{}' of a __global__ function",
                    p.name
                ));
            }
            let Some(dtype) = p.ty.dtype() else {
                return bad(format!(
                    "parameter '{}' of type {}{} is not supported by the CPU engine",
                    p.name,
                    p.ty.name(),
                    if p.ptr { "*" } else { "" }
                ));
            };
            params.push(KParam {
                name: p.name.clone(),
                cty: p.ty,
                dtype,
                ptr: p.ptr,
            });
        }
        let mut lw = Lower::new(srcs);
        lw.add_funcs(funcs);
        let alive = lw.reg(super::vm::VTy::Bool);
        lw.kernel = Some(KernelCtx {
            name: name.to_string(),
            nparams: params.len(),
            builtins: vec![(alive, Builtin::Alive)],
            shared: Vec::new(),
            alive,
            divergent: 0,
            tainted: tainted(&f.body),
        });
        let mut body = Vec::new();
        lw.set_section(0);
        lw.stmts(&mut body, globals)?;
        lw.scopes.push(HashMap::new());
        for (k, (p, q)) in params.iter().zip(&f.params).enumerate() {
            let sym = if p.ptr {
                Sym::Raw {
                    arg: k,
                    cty: p.cty,
                    dtype: p.dtype,
                    writable: !q.is_const,
                }
            } else {
                // a by-value parameter is a local variable of each thread
                let rt = lw.runtime(vty(p.cty), Rt::Scalar(k));
                let reg = lw.reg(vty(p.cty));
                body.push(Node::Op(vm::assign(rt, reg)));
                Sym::Var {
                    reg,
                    cty: p.cty,
                    is_const: q.is_const,
                }
            };
            lw.declare(&p.name, sym);
        }
        lw.scopes.push(HashMap::new());
        lw.stmts(&mut body, &f.body)?;
        let k = lw.kernel.take().expect("kernel");
        Ok(KernelProgram {
            name: name.to_string(),
            params,
            prog: program_of(&lw),
            nodes: body,
            builtins: k.builtins,
            shared: k.shared,
        })
    }

    fn launch_error(&self, reason: String) -> KernelError {
        KernelError::Launch {
            kernel: self.name.clone(),
            reason,
        }
    }

    /// Runs the kernel over `grid` blocks of `block` threads with `shared_mem` bytes of dynamic
    /// shared memory.
    pub(crate) fn launch(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: usize,
        args: &[KernelArg<'_>],
    ) -> Result<()> {
        let kname = &self.name;
        if args.len() != self.params.len() {
            return Err(KernelError::ArgCount {
                kernel: kname.clone(),
                expected: self.params.len().to_string(),
                got: args.len(),
            });
        }
        let nthreads = block.iter().fold(1u64, |a, &b| a.saturating_mul(b as u64));
        let nblocks = grid.iter().fold(1u64, |a, &g| a.saturating_mul(g as u64));
        if nthreads == 0 || nblocks == 0 {
            return Err(self.launch_error(format!(
                "grid {grid:?} and block {block:?} must be non-zero"
            )));
        }
        if nthreads > MAX_THREADS {
            return Err(self.launch_error(format!(
                "a block of {nthreads} threads ({block:?}): at most {MAX_THREADS}"
            )));
        }
        let static_bytes: usize = self
            .shared
            .iter()
            .filter(|s| !s.local)
            .filter_map(|s| s.len.map(|n| n * s.dtype.itemsize()))
            .sum();
        if static_bytes.saturating_add(shared_mem) > SHARED_LIMIT {
            return Err(self.launch_error(format!(
                "{shared_mem} bytes of dynamic shared memory and {static_bytes} of static: at most {SHARED_LIMIT} in all"
            )));
        }
        // bind the arguments
        let mut scalars: HashMap<usize, Val> = HashMap::new();
        let mut storages: Vec<&cuprum_core::ext::CpuStorage> = Vec::new();
        let mut slot = vec![usize::MAX; args.len()];
        for (k, (p, a)) in self.params.iter().zip(args).enumerate() {
            let bad = |reason: String| KernelError::BadArgument {
                kernel: kname.clone(),
                param: p.name.clone(),
                reason,
            };
            match (p.ptr, a) {
                (true, KernelArg::Array(v)) => {
                    if v.dtype != p.dtype {
                        return Err(KernelError::DTypeMismatch {
                            kernel: kname.clone(),
                            param: p.name.clone(),
                            expected: p.dtype,
                            got: v.dtype,
                        });
                    }
                    let Some(cpu) = v.storage.as_cpu() else {
                        return Err(bad("the array is not on the CPU".into()));
                    };
                    if !super::run::c_contig(&v.layout.shape, &v.layout.strides) {
                        return Err(bad(
                            "a pointer parameter takes a C-contiguous array on the CPU (copy it first)"
                                .into(),
                        ));
                    }
                    slot[k] = match storages.iter().position(|s| std::ptr::eq(*s, cpu)) {
                        Some(i) => i,
                        None => {
                            storages.push(cpu);
                            storages.len() - 1
                        }
                    };
                }
                (false, KernelArg::Scalar(s, d)) => {
                    let same_int =
                        d.itemsize() == p.dtype.itemsize() && is_int(*d) && is_int(p.dtype);
                    if *d != p.dtype && !same_int {
                        return Err(bad(format!(
                            "a scalar of {d} for a parameter of type {} (pass the parameter's own type: a GPU would reinterpret the bytes)",
                            p.cty.name()
                        )));
                    }
                    scalars.insert(k, vm::cast_val(scalar_val(*s), vty(p.cty)));
                }
                (true, KernelArg::Scalar(..)) => {
                    return Err(bad(format!(
                        "a scalar for a pointer parameter ({}*): pass an array",
                        p.cty.name()
                    )));
                }
                (false, KernelArg::Array(_)) => {
                    return Err(bad(format!(
                        "an array for a parameter of type {}: pass a scalar",
                        p.cty.name()
                    )));
                }
            }
        }
        let mut guards: Vec<CpuWrite<'_>> = storages.iter().map(|s| s.write()).collect();
        let bases: Vec<(*mut u8, usize)> = guards
            .iter_mut()
            .zip(&storages)
            .map(|(g, s)| (g.bytes_mut().as_mut_ptr(), s.nbytes()))
            .collect();
        let mut globals = Vec::with_capacity(args.len());
        for (k, a) in args.iter().enumerate() {
            let mem = match a {
                KernelArg::Array(v) => {
                    let (ptr, nbytes) = bases[slot[k]];
                    let size = v.layout.shape.iter().product::<usize>();
                    let end = (v.layout.offset + size) * v.dtype.itemsize();
                    if size > 0 && end > nbytes {
                        return Err(KernelError::BadArgument {
                            kernel: kname.clone(),
                            param: self.params[k].name.clone(),
                            reason: "the array's elements lie outside its buffer".into(),
                        });
                    }
                    ArgMem {
                        ptr,
                        offset: v.layout.offset as isize,
                        shape: vec![size],
                        strides: vec![1],
                        size,
                        contig: true,
                        // blocks run in parallel: every access to global memory is atomic
                        atomic: true,
                    }
                }
                KernelArg::Scalar(..) => ArgMem::empty(),
            };
            globals.push(mem);
        }
        let shared_len: Vec<usize> = self
            .shared
            .iter()
            .map(|s| match s.len {
                Some(n) if s.local => n * nthreads as usize,
                Some(n) => n,
                None => shared_mem / s.dtype.itemsize(),
            })
            .collect();
        let dims = Dims {
            grid,
            block,
            nthreads: nthreads as usize,
        };
        let rt: Vec<(Reg, Val)> = self
            .prog
            .rt
            .iter()
            .map(|(r, rt)| {
                let v = match rt {
                    Rt::Scalar(k) => scalars.get(k).copied().unwrap_or(Val::I32(0)),
                    _ => Val::I32(0),
                };
                (*r, vm::cast_val(v, r.ty))
            })
            .collect();
        let watch = limits::watch();
        let failed = AtomicBool::new(false);
        let err: Mutex<Option<(u64, cuprum_core::Error)>> = Mutex::new(None);
        let run_range = |lo: u64, hi: u64| -> std::result::Result<(), KernelError> {
            let mut bufs: Vec<Vec<u64>> = Vec::with_capacity(self.shared.len());
            for (s, &n) in self.shared.iter().zip(&shared_len) {
                let words = (n * s.dtype.itemsize()).div_ceil(8);
                bufs.push(cuprum_core::ext::try_vec_filled(words, 0u64)?);
            }
            let mut mem: Vec<ArgMem> = globals
                .iter()
                .map(|m| ArgMem {
                    ptr: m.ptr,
                    offset: m.offset,
                    shape: m.shape.clone(),
                    strides: m.strides.clone(),
                    size: m.size,
                    contig: true,
                    atomic: m.atomic,
                })
                .collect();
            for (b, &n) in bufs.iter_mut().zip(&shared_len) {
                mem.push(ArgMem {
                    ptr: b.as_mut_ptr() as *mut u8,
                    offset: 0,
                    shape: vec![n],
                    strides: vec![1],
                    size: n,
                    contig: true,
                    atomic: false,
                });
            }
            let mut fr = self.frame(&mem, &rt, &dims, &watch)?;
            for b in lo..hi {
                if failed.load(Ordering::Relaxed) || watch.as_ref().is_some_and(|w| w.poll(true)) {
                    break;
                }
                for buf in &mut bufs {
                    buf.iter_mut().for_each(|w| *w = 0);
                }
                let bidx = [
                    (b % grid[0] as u64) as u32,
                    ((b / grid[0] as u64) % grid[1] as u64) as u32,
                    (b / (grid[0] as u64 * grid[1] as u64)) as u32,
                ];
                self.start_block(&mut fr, bidx, &rt);
                vm::run_nodes(&self.nodes, &mut fr);
                if let Some(e) = fr.err.take() {
                    failed.store(true, Ordering::Relaxed);
                    let mut g = err.lock().unwrap_or_else(|e| e.into_inner());
                    if g.as_ref().is_none_or(|(b0, _)| b < *b0) {
                        *g = Some((b, e));
                    }
                    break;
                }
            }
            Ok(())
        };
        let threads = rayon::current_num_threads() as u64;
        let chunks = if threads > 1 {
            nblocks.min(4 * threads)
        } else {
            1
        };
        let per = nblocks.div_ceil(chunks);
        let results: Vec<std::result::Result<(), KernelError>> = if chunks > 1 {
            (0..chunks)
                .into_par_iter()
                .map(|c| run_range(c * per, ((c + 1) * per).min(nblocks)))
                .collect()
        } else {
            vec![run_range(0, nblocks)]
        };
        drop(guards);
        for r in results {
            r?;
        }
        if let Some((b, e)) = err.into_inner().unwrap_or_else(|e| e.into_inner()) {
            let bidx = (
                b % grid[0] as u64,
                (b / grid[0] as u64) % grid[1] as u64,
                b / (grid[0] as u64 * grid[1] as u64),
            );
            return Err(match e {
                cuprum_core::Error::IndexOutOfBounds {
                    index, axis, size, ..
                } => {
                    let what = match self.params.get(axis) {
                        Some(p) => format!("parameter '{}'", p.name),
                        None => match self.shared.get(axis - self.params.len()) {
                            Some(s) if s.local => format!("local array '{}'", s.name),
                            Some(s) => format!("__shared__ array '{}'", s.name),
                            None => "an array".into(),
                        },
                    };
                    self.launch_error(format!(
                        "block {bidx:?}: index {index} is out of bounds for {what} of {size} elements"
                    ))
                }
                other => KernelError::from(other),
            });
        }
        if let Some(w) = watch.filter(|w| w.stopped()) {
            return Err(w.error("RawKernel").into());
        }
        Ok(())
    }

    /// A frame for the threads of one block, with the per-thread and per-launch values set.
    fn frame<'m>(
        &self,
        mem: &'m [ArgMem],
        rt: &[(Reg, Val)],
        dims: &Dims,
        watch: &Option<std::sync::Arc<limits::Watch>>,
    ) -> cuprum_core::Result<Frame<'m>> {
        let n = dims.nthreads;
        fn pool<T: Default + Clone>(count: usize, n: usize) -> cuprum_core::Result<Vec<Vec<T>>> {
            let mut v = cuprum_core::ext::try_vec_with_capacity(count)?;
            for _ in 0..count {
                v.push(cuprum_core::ext::try_vec_filled(n, T::default())?);
            }
            Ok(v)
        }
        let c = &self.prog.counts;
        let p = Pools {
            b: pool(c[0], n)?,
            i8: pool(c[1], n)?,
            i16: pool(c[2], n)?,
            i32: pool(c[3], n)?,
            i64: pool(c[4], n)?,
            u8: pool(c[5], n)?,
            u16: pool(c[6], n)?,
            u32: pool(c[7], n)?,
            u64: pool(c[8], n)?,
            f32: pool(c[9], n)?,
            f64: pool(c[10], n)?,
            c64: pool(c[11], n)?,
            c128: pool(c[12], n)?,
        };
        let mut fr = Frame {
            n,
            start: 0,
            p,
            mem,
            offs: vec![Offs::Contig(0); mem.len()],
            err: None,
            watch: watch.clone(),
            ticks: 0,
        };
        for (r, v) in &self.prog.consts {
            fr.fill(*r, *v);
        }
        for (r, v) in rt {
            fr.fill(*r, *v);
        }
        let [bx, by, _] = dims.block.map(|b| b as usize);
        for (r, b) in &self.builtins {
            match *b {
                Builtin::ThreadIdx(a) => {
                    let mut out = fr.take::<u32>(*r);
                    for (k, o) in out[..n].iter_mut().enumerate() {
                        *o = match a {
                            0 => k % bx,
                            1 => (k / bx) % by,
                            _ => k / (bx * by),
                        } as u32;
                    }
                    fr.put(*r, out);
                }
                Builtin::Lane => {
                    let mut out = fr.take::<u32>(*r);
                    for (k, o) in out[..n].iter_mut().enumerate() {
                        *o = k as u32;
                    }
                    fr.put(*r, out);
                }
                Builtin::BlockDim(a) => fr.fill(*r, Val::U32(dims.block[a])),
                Builtin::GridDim(a) => fr.fill(*r, Val::U32(dims.grid[a])),
                Builtin::BlockIdx(_) | Builtin::Alive => {}
            }
        }
        Ok(fr)
    }

    /// Resets the per-block values.
    fn start_block(&self, fr: &mut Frame<'_>, bidx: [u32; 3], rt: &[(Reg, Val)]) {
        for (r, b) in &self.builtins {
            match *b {
                Builtin::BlockIdx(a) => fr.fill(*r, Val::U32(bidx[a])),
                Builtin::Alive => fr.fill(*r, Val::Bool(true)),
                _ => {}
            }
        }
        for (r, v) in rt {
            fr.fill(*r, *v);
        }
        fr.err = None;
    }
}

struct Dims {
    grid: [u32; 3],
    block: [u32; 3],
    nthreads: usize,
}

fn is_int(d: DType) -> bool {
    use DType as D;
    matches!(
        d,
        D::Int8 | D::Int16 | D::Int32 | D::Int64 | D::UInt8 | D::UInt16 | D::UInt32 | D::UInt64
    )
}

fn scalar_val(s: Scalar) -> Val {
    match s {
        Scalar::Bool(b) => Val::Bool(b),
        Scalar::Int(i) => Val::I64(i),
        Scalar::UInt(u) => Val::U64(u),
        Scalar::Float(f) => Val::F64(f),
        Scalar::Complex(c) => Val::C128(c),
        #[allow(unreachable_patterns)]
        _ => Val::I32(0),
    }
}
