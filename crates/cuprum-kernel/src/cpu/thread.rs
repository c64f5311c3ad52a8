//! CUDA's thread model in the lowering of a `__global__` kernel (a `RawKernel` on the CPU):
//! `threadIdx`/`blockIdx`/`blockDim`/`gridDim`, `__shared__` and `extern __shared__` arrays,
//! `__syncthreads()`, atomic functions, pointer parameters of `__device__` helpers.
//!
//! The threads of one block are the lanes of one frame of the vector machine: every operation
//! runs for all (active) threads of the block before the next one starts, so a
//! `__syncthreads()` that every thread reaches is already a barrier. It lowers to a check that
//! every thread still running is active there (a barrier in divergent code is a launch error);
//! one inside an `if` or a loop whose condition depends on `threadIdx` (directly or through a
//! variable computed from it) is a compile error.

use super::Diagnostic;
use super::lex::Pos;
use super::lower::{Lower, Lv, Sym, vty};
use super::parse::{BinOp, CTy, Declarator, Expr, ExprKind, Stmt, Storage};
use super::vm::{self, Lane, Node, OpFn, Reg, Stored, VTy, Val};
use cuprum_core::DType;
use std::collections::HashSet;

type R<T> = Result<T, Diagnostic>;

/// The most static `__shared__` memory of a kernel, and of static plus dynamic at a launch
/// (CUDA's default limit per block without opting in to more).
pub(crate) const SHARED_LIMIT: usize = 48 * 1024;

/// The most local-array memory of one thread on the CPU engine (CUDA allows 512 KiB of local
/// memory a thread; the CPU engine holds a block's threads' arrays at once).
pub(crate) const LOCAL_LIMIT: usize = 16 * 1024;

/// A per-thread or per-block value the launch fills in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    ThreadIdx(usize),
    BlockIdx(usize),
    BlockDim(usize),
    GridDim(usize),
    /// the thread's linear index in its block (its lane)
    Lane,
    /// the thread has not returned from the kernel
    Alive,
}

/// One `__shared__` array of the kernel.
#[derive(Clone, Debug)]
pub(crate) struct SharedDecl {
    pub name: String,
    pub dtype: DType,
    /// element count; `None` for `extern __shared__` (the launch's dynamic shared memory)
    pub len: Option<usize>,
    /// a local array: `len` elements for each thread of the block, thread `t`'s at `t * len`
    pub local: bool,
}

/// The kernel-lowering state.
pub(crate) struct KernelCtx {
    pub name: String,
    /// argument slots below this are the kernel's parameters; shared arrays follow
    pub nparams: usize,
    pub builtins: Vec<(Reg, Builtin)>,
    pub shared: Vec<SharedDecl>,
    pub alive: Reg,
    /// how many enclosing `if`s/loops have a thread-dependent condition
    pub divergent: usize,
    /// variables assigned from thread-dependent values
    pub tainted: HashSet<String>,
}

/// The atomic read-modify-write functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtomicOp {
    Add,
    Sub,
    Exch,
    Max,
    Min,
    Inc,
    Dec,
    And,
    Or,
    Xor,
    Cas,
}

impl AtomicOp {
    fn of(name: &str) -> Option<AtomicOp> {
        Some(match name {
            "atomicAdd" => AtomicOp::Add,
            "atomicSub" => AtomicOp::Sub,
            "atomicExch" => AtomicOp::Exch,
            "atomicMax" => AtomicOp::Max,
            "atomicMin" => AtomicOp::Min,
            "atomicInc" => AtomicOp::Inc,
            "atomicDec" => AtomicOp::Dec,
            "atomicAnd" => AtomicOp::And,
            "atomicOr" => AtomicOp::Or,
            "atomicXor" => AtomicOp::Xor,
            "atomicCAS" => AtomicOp::Cas,
            _ => return None,
        })
    }

    /// The element types CUDA declares the function for.
    fn accepts(self, d: DType) -> bool {
        use DType as D;
        match self {
            AtomicOp::Add => matches!(
                d,
                D::Int32 | D::UInt32 | D::UInt64 | D::Float32 | D::Float64
            ),
            AtomicOp::Sub => matches!(d, D::Int32 | D::UInt32),
            AtomicOp::Exch => matches!(d, D::Int32 | D::UInt32 | D::UInt64 | D::Float32),
            AtomicOp::Max | AtomicOp::Min => {
                matches!(d, D::Int32 | D::UInt32 | D::Int64 | D::UInt64)
            }
            AtomicOp::Inc | AtomicOp::Dec => d == D::UInt32,
            AtomicOp::And | AtomicOp::Or | AtomicOp::Xor => {
                matches!(d, D::Int32 | D::UInt32 | D::UInt64)
            }
            AtomicOp::Cas => matches!(d, D::Int32 | D::UInt32 | D::UInt64),
        }
    }
}

// ------------------------------------------------------------------------ thread dependence

/// Whether `e` reads `threadIdx` or a tainted variable.
fn mentions(e: &Expr, t: &HashSet<String>) -> bool {
    match &e.kind {
        ExprKind::Name(n) => n == "threadIdx" || t.contains(n),
        ExprKind::Num(_) | ExprKind::Bool(_) => false,
        ExprKind::Unary(_, a) | ExprKind::Member(a, _) | ExprKind::AddrOf(a) => mentions(a, t),
        ExprKind::Binary(_, a, b)
        | ExprKind::Assign(_, a, b)
        | ExprKind::Index(a, b)
        | ExprKind::Comma(a, b) => mentions(a, t) || mentions(b, t),
        ExprKind::Cond(a, b, c) => mentions(a, t) || mentions(b, t) || mentions(c, t),
        ExprKind::Cast(_, args) | ExprKind::Call(_, args) => args.iter().any(|a| mentions(a, t)),
        ExprKind::Method(o, _, args) => mentions(o, t) || args.iter().any(|a| mentions(a, t)),
    }
}

fn taint_expr(e: &Expr, t: &mut HashSet<String>) {
    match &e.kind {
        ExprKind::Assign(_, l, r) => {
            taint_expr(r, t);
            if let ExprKind::Name(n) = &l.kind
                && mentions(r, t)
            {
                t.insert(n.clone());
            }
        }
        ExprKind::Unary(_, a) | ExprKind::Member(a, _) | ExprKind::AddrOf(a) => taint_expr(a, t),
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) | ExprKind::Comma(a, b) => {
            taint_expr(a, t);
            taint_expr(b, t);
        }
        ExprKind::Cond(a, b, c) => {
            taint_expr(a, t);
            taint_expr(b, t);
            taint_expr(c, t);
        }
        ExprKind::Cast(_, args) | ExprKind::Call(_, args) => {
            args.iter().for_each(|a| taint_expr(a, t))
        }
        ExprKind::Method(o, _, args) => {
            taint_expr(o, t);
            args.iter().for_each(|a| taint_expr(a, t));
        }
        _ => {}
    }
}

fn taint_stmt(s: &Stmt, t: &mut HashSet<String>) {
    match s {
        Stmt::Decl(decl) => {
            for d in &decl.vars {
                if let Some(e) = &d.init {
                    taint_expr(e, t);
                    if mentions(e, t) {
                        t.insert(d.name.clone());
                    }
                }
            }
        }
        Stmt::Expr(e) => taint_expr(e, t),
        Stmt::Block(b) => b.iter().for_each(|s| taint_stmt(s, t)),
        Stmt::If(c, a, b) => {
            taint_expr(c, t);
            taint_stmt(a, t);
            if let Some(b) = b {
                taint_stmt(b, t);
            }
        }
        Stmt::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                taint_stmt(i, t);
            }
            if let Some(c) = cond {
                taint_expr(c, t);
            }
            if let Some(s) = step {
                taint_expr(s, t);
            }
            taint_stmt(body, t);
        }
        Stmt::While(c, b) | Stmt::DoWhile(b, c) => {
            taint_expr(c, t);
            taint_stmt(b, t);
        }
        Stmt::Return(Some(e), _) => taint_expr(e, t),
        _ => {}
    }
}

/// The variables of `body` whose values depend on `threadIdx` through assignments (by name,
/// flow-insensitive; two passes reach values carried around loops).
pub(crate) fn tainted(body: &[Stmt]) -> HashSet<String> {
    let mut t = HashSet::new();
    for _ in 0..2 {
        body.iter().for_each(|s| taint_stmt(s, &mut t));
    }
    t
}

/// The value of an integer constant expression (array extents).
fn const_int(e: &Expr) -> Option<i64> {
    match &e.kind {
        ExprKind::Num(super::lex::Num::Int { value, .. }) => i64::try_from(*value).ok(),
        ExprKind::Unary(super::parse::UnOp::Neg, a) => const_int(a)?.checked_neg(),
        ExprKind::Unary(super::parse::UnOp::Plus, a) => const_int(a),
        ExprKind::Cast(t, args) if args.len() == 1 && t.dtype().is_some() => const_int(&args[0]),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (const_int(a)?, const_int(b)?);
            match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                BinOp::Mul => a.checked_mul(b),
                BinOp::Div => a.checked_div(b),
                BinOp::Rem => a.checked_rem(b),
                BinOp::Shl => u32::try_from(b).ok().and_then(|b| a.checked_shl(b)),
                BinOp::Shr => u32::try_from(b).ok().and_then(|b| a.checked_shr(b)),
                _ => None,
            }
        }
        _ => None,
    }
}

// ------------------------------------------------------------------------------ lowering

impl Lower<'_> {
    fn builtin(&mut self, b: Builtin) -> Reg {
        let k = self.kernel.as_ref().expect("kernel");
        if let Some((r, _)) = k.builtins.iter().find(|(_, x)| *x == b) {
            return *r;
        }
        let r = self.reg(VTy::U32);
        self.kernel.as_mut().expect("kernel").builtins.push((r, b));
        r
    }

    /// Starts lowering the body of an `if` or a loop with these condition expressions; returns
    /// whether it is thread-dependent (pass it to [`Lower::leave_branch`]).
    pub(super) fn enter_branch(&mut self, conds: &[Option<&Expr>]) -> bool {
        let Some(k) = self.kernel.as_mut() else {
            return false;
        };
        let div = conds.iter().flatten().any(|c| mentions(c, &k.tainted));
        if div {
            k.divergent += 1;
        }
        div
    }

    pub(super) fn leave_branch(&mut self, div: bool) {
        if div && let Some(k) = self.kernel.as_mut() {
            k.divergent -= 1;
        }
    }

    /// A `return` of the kernel itself: the thread leaves (barriers stop counting it).
    pub(super) fn kernel_exit(&mut self, out: &mut Vec<Node>) {
        if let Some(k) = &self.kernel
            && self.call_stack.is_empty()
        {
            let alive = k.alive;
            let f = self.constant(Val::Bool(false));
            let op = vm::assign(f, alive);
            self.effect(out, op);
        }
    }

    /// `threadIdx.x` and friends.
    pub(super) fn member(&mut self, obj: &Expr, field: &str, pos: Pos) -> R<Reg> {
        if let ExprKind::Name(n) = &obj.kind
            && self.lookup(n).is_none()
            && matches!(
                n.as_str(),
                "threadIdx" | "blockIdx" | "blockDim" | "gridDim"
            )
        {
            if self.kernel.is_none() {
                return self.err(
                    pos,
                    format!(
                        "'{n}' is not supported by the CPU engine in an ElementwiseKernel or ReductionKernel (a RawKernel has CUDA's thread model)"
                    ),
                );
            }
            let axis = match field {
                "x" => 0,
                "y" => 1,
                "z" => 2,
                _ => return self.err(pos, format!("'{n}' has no member '{field}' (x, y or z)")),
            };
            let b = match n.as_str() {
                "threadIdx" => Builtin::ThreadIdx(axis),
                "blockIdx" => Builtin::BlockIdx(axis),
                "blockDim" => Builtin::BlockDim(axis),
                _ => Builtin::GridDim(axis),
            };
            return Ok(self.builtin(b));
        }
        self.err(
            pos,
            format!("member '.{field}' is not supported by the CPU engine"),
        )
    }

    /// An element `a[i]` (or `a[i][j]` of a multi-dimensional `__shared__` array): its
    /// argument slot, type, dtype, writability and flat index register (int64).
    pub(super) fn element(
        &mut self,
        out: &mut Vec<Node>,
        e: &Expr,
    ) -> R<(usize, CTy, DType, bool, Reg)> {
        let mut idxs = Vec::new();
        let mut base = e;
        while let ExprKind::Index(a, i) = &base.kind {
            idxs.push(&**i);
            base = a;
        }
        idxs.reverse();
        if let ExprKind::Name(n) = &base.kind
            && let Some(Sym::Array {
                arg,
                cty,
                dtype,
                dims,
                local,
                writable,
            }) = self.lookup(n).cloned()
        {
            if idxs.len() != dims.len() {
                return self.err(
                    e.pos,
                    format!(
                        "array '{n}' has {} dimensions; the CPU engine takes one subscript per dimension",
                        dims.len()
                    ),
                );
            }
            let mut acc: Option<Reg> = None;
            for (k, ie) in idxs.iter().enumerate() {
                let v = self.expr(out, ie)?;
                let v = self.index_value(out, v, ie.pos)?;
                acc = Some(match acc {
                    None => v,
                    Some(a) => {
                        let dk = self.constant(Val::I64(dims[k] as i64));
                        let m = self.arith(out, BinOp::Mul, a, dk, ie.pos)?;
                        self.arith(out, BinOp::Add, m, v, ie.pos)?
                    }
                });
            }
            let idx = acc.expect("at least one subscript");
            let idx = if local {
                self.local_index(out, idx, dims.iter().product())
            } else {
                idx
            };
            return Ok((arg, cty, dtype, writable, idx));
        }
        let ExprKind::Index(a, i) = &e.kind else {
            return self.err(e.pos, "expected an array element");
        };
        if !self.is_pointer(a) {
            // the error naming what can be indexed
            self.raw_target(a)?;
        }
        let t = self.pointer(out, a)?;
        let iv = self.expr(out, i)?;
        let iv = self.index_value(out, iv, i.pos)?;
        let idx = self.target_index(out, &t, iv, i.pos)?;
        Ok((t.arg, t.cty, t.dtype, t.writable, idx))
    }

    /// The index in a local array's block-wide buffer of the thread's element `flat` (of a
    /// row of `len`): `lane * len + flat`, or past the buffer's end when `flat` leaves the
    /// row (an out-of-bounds access, never another thread's element).
    pub(super) fn local_index(&mut self, out: &mut Vec<Node>, flat: Reg, len: usize) -> Reg {
        let lane = self.builtin(Builtin::Lane);
        let d = self.reg(VTy::I64);
        let n = len as i64;
        let f = vm::map2::<i64, u32, i64>(flat, lane, d, move |f, t| {
            if (0..n).contains(&f) {
                t as i64 * n + f
            } else {
                i64::MAX
            }
        });
        self.op(out, f);
        d
    }

    /// A local array `T a[n]...` of a `__global__` function (or of a `__device__` function
    /// it calls, or a `__constant__` array of the source): one row of the block-wide buffer a
    /// thread; an initializer list fills the first elements, zeros the rest.
    pub(super) fn local_array(
        &mut self,
        out: &mut Vec<Node>,
        ty: CTy,
        is_const: bool,
        d: &Declarator,
    ) -> R<()> {
        if self.kernel.is_none() {
            return self.err(
                d.pos,
                format!(
                    "local arrays are supported by the CPU engine only in a RawKernel ('{}')",
                    d.name
                ),
            );
        }
        let Some(dtype) = ty.dtype() else {
            return self.err(d.pos, format!("array of type {}", ty.name()));
        };
        let mut dims = Vec::new();
        for e in &d.dims {
            let v = e
                .as_ref()
                .and_then(const_int)
                .filter(|v| *v > 0)
                .and_then(|v| usize::try_from(v).ok());
            let Some(v) = v else {
                return self.err(
                    d.pos,
                    format!(
                        "the size of local array '{}' must be a positive integer constant",
                        d.name
                    ),
                );
            };
            dims.push(v);
        }
        let len = dims.iter().fold(1usize, |a, &b| a.saturating_mul(b));
        if len.saturating_mul(dtype.itemsize()) > LOCAL_LIMIT {
            return self.err(
                d.pos,
                format!(
                    "local array '{}' takes more than the {LOCAL_LIMIT} bytes a thread has on the CPU engine",
                    d.name
                ),
            );
        }
        let k = self.kernel.as_mut().expect("kernel");
        let arg = k.nparams + k.shared.len();
        k.shared.push(SharedDecl {
            name: d.name.clone(),
            dtype,
            len: Some(len),
            local: true,
        });
        if let Some(init) = &d.init {
            let items: &[Expr] = match &init.kind {
                ExprKind::Cast(_, items) => items,
                _ => std::slice::from_ref(init),
            };
            if items.len() > len {
                return self.err(
                    init.pos,
                    format!(
                        "too many initializers for '{}' ({} for {len} elements)",
                        d.name,
                        items.len()
                    ),
                );
            }
            for j in 0..len {
                let v = match items.get(j) {
                    Some(e) => self.expr(out, e)?,
                    None => self.constant(Val::I32(0)),
                };
                let jr = self.constant(Val::I64(j as i64));
                let idx = self.local_index(out, jr, len);
                self.write(out, &Lv::Raw(arg, ty, dtype, idx), v);
            }
        }
        self.declare(
            &d.name,
            Sym::Array {
                arg,
                cty: ty,
                dtype,
                dims,
                local: true,
                writable: !is_const,
            },
        );
        Ok(())
    }

    /// `__shared__` / `extern __shared__` declarations.
    pub(super) fn shared_decl(
        &mut self,
        _out: &mut Vec<Node>,
        ty: CTy,
        vars: &[Declarator],
        storage: Storage,
        pos: Pos,
    ) -> R<()> {
        if self.kernel.is_none() {
            return self.err(
                pos,
                "__shared__ memory is supported by the CPU engine only in a RawKernel's __global__ function",
            );
        }
        let Some(dtype) = ty.dtype() else {
            return self.err(pos, format!("__shared__ variable of type {}", ty.name()));
        };
        for d in vars {
            if d.init.is_some() {
                return self.err(d.pos, "a __shared__ variable cannot have an initializer");
            }
            let mut dims = Vec::new();
            let len = match storage {
                Storage::ExternShared => {
                    if d.dims.len() != 1 || d.dims[0].is_some() {
                        return self.err(
                            d.pos,
                            format!(
                                "dynamic shared memory is declared 'extern __shared__ T {}[];'",
                                d.name
                            ),
                        );
                    }
                    None
                }
                _ => {
                    let mut n: usize = 1;
                    for e in &d.dims {
                        let Some(e) = e else {
                            return self.err(
                                d.pos,
                                format!("__shared__ array '{}' needs a size (or 'extern')", d.name),
                            );
                        };
                        let v = const_int(e)
                            .filter(|v| *v > 0)
                            .and_then(|v| usize::try_from(v).ok());
                        let Some(v) = v else {
                            return self.err(
                                e.pos,
                                "the size of a __shared__ array must be a positive integer constant",
                            );
                        };
                        dims.push(v);
                        n = n.saturating_mul(v);
                    }
                    Some(n)
                }
            };
            let k = self.kernel.as_mut().expect("kernel");
            let bytes: usize = k
                .shared
                .iter()
                .filter(|s| !s.local)
                .filter_map(|s| s.len.map(|n| n.saturating_mul(s.dtype.itemsize())))
                .chain(len.map(|n| n.saturating_mul(dtype.itemsize())))
                .fold(0usize, |a, b| a.saturating_add(b));
            if bytes > SHARED_LIMIT {
                return self.err(
                    d.pos,
                    format!(
                        "the kernel's __shared__ arrays take {bytes} bytes, more than the {SHARED_LIMIT} bytes a block has"
                    ),
                );
            }
            let arg = k.nparams + k.shared.len();
            k.shared.push(SharedDecl {
                name: d.name.clone(),
                dtype,
                len,
                local: false,
            });
            let sym = match dims.len() {
                0 if len.is_some() => {
                    let idx = self.constant(Val::I64(0));
                    Sym::RawElem {
                        arg,
                        cty: ty,
                        dtype,
                        idx,
                        writable: true,
                    }
                }
                0 | 1 => Sym::Raw {
                    arg,
                    cty: ty,
                    dtype,
                    writable: true,
                },
                _ => Sym::Array {
                    arg,
                    cty: ty,
                    dtype,
                    dims,
                    local: false,
                    writable: true,
                },
            };
            self.declare(&d.name, sym);
        }
        Ok(())
    }

    /// The address argument of an atomic function: `&a[i]`, `&s` (a `__shared__` scalar),
    /// `a + i` or `a`.
    fn address(
        &mut self,
        out: &mut Vec<Node>,
        e: &Expr,
        fname: &str,
    ) -> R<(usize, CTy, DType, bool, Reg)> {
        match &e.kind {
            ExprKind::AddrOf(inner) => match &inner.kind {
                ExprKind::Index(..) => return self.element(out, inner),
                ExprKind::Name(n) => {
                    if let Some(Sym::RawElem {
                        arg,
                        cty,
                        dtype,
                        idx,
                        writable,
                    }) = self.lookup(n).cloned()
                    {
                        return Ok((arg, cty, dtype, writable, idx));
                    }
                }
                _ => {}
            },
            _ if self.is_pointer(e) => {
                let t = self.pointer(out, e)?;
                let z = self.constant(Val::I64(0));
                let idx = self.target_index(out, &t, z, e.pos)?;
                return Ok((t.arg, t.cty, t.dtype, t.writable, idx));
            }
            _ => {}
        }
        self.err(
            e.pos,
            format!(
                "the address argument of {fname} must be '&a[i]', 'a + i' or 'a' for an array parameter or __shared__ array 'a' (or '&s' for a __shared__ variable)"
            ),
        )
    }

    fn atomic(
        &mut self,
        out: &mut Vec<Node>,
        op: AtomicOp,
        name: &str,
        args: &[Expr],
        pos: Pos,
    ) -> R<Reg> {
        let want = if op == AtomicOp::Cas { 3 } else { 2 };
        if args.len() != want {
            return self.err(
                pos,
                format!("'{name}' takes {want} arguments, {} given", args.len()),
            );
        }
        let (arg, cty, dtype, writable, idx) = self.address(out, &args[0], name)?;
        if !op.accepts(dtype) {
            return self.err(
                pos,
                format!(
                    "'{name}' is not defined for elements of type {}",
                    cty.name()
                ),
            );
        }
        if !writable {
            return self.err(
                args[0].pos,
                format!("'{name}' on a read-only array (a 'const T*' parameter)"),
            );
        }
        let mut vals = Vec::new();
        for a in &args[1..] {
            let v = self.expr(out, a)?;
            vals.push(self.convert(out, v, cty));
        }
        let d = self.reg(vty(cty));
        self.written.insert(arg);
        // atomicCAS(address, compare, val)
        let (v, cmp) = match op {
            AtomicOp::Cas => (vals[1], Some(vals[0])),
            _ => (vals[0], None),
        };
        let f = atomic_op(op, arg, dtype, idx, v, cmp, d);
        self.effect(out, f);
        Ok(d)
    }

    /// The thread-model functions of a kernel; `None` for other names.
    pub(super) fn thread_call(
        &mut self,
        out: &mut Vec<Node>,
        name: &str,
        args: &[Expr],
        pos: Pos,
    ) -> R<Option<Reg>> {
        if let Some(op) = AtomicOp::of(name) {
            return self.atomic(out, op, name, args, pos).map(Some);
        }
        match name {
            "__syncthreads" => {
                if !args.is_empty() {
                    return self.err(pos, "'__syncthreads' takes no arguments");
                }
                let k = self.kernel.as_ref().expect("kernel");
                if k.divergent > 0 {
                    return self.err(
                        pos,
                        "__syncthreads() inside an 'if' or a loop whose condition depends on threadIdx: every thread of a block must reach each __syncthreads() (the CPU engine rejects divergent barriers)",
                    );
                }
                let f = barrier(k.alive, k.name.clone());
                self.effect(out, f);
                Ok(Some(self.constant(Val::I32(0))))
            }
            "__shfl_sync" | "__shfl_up_sync" | "__shfl_down_sync" | "__shfl_xor_sync" => {
                if args.len() != 3 && args.len() != 4 {
                    return self.err(
                        pos,
                        format!("'{name}' takes 3 or 4 arguments, {} given", args.len()),
                    );
                }
                // the lanes run in lock step: the mask names lanes that are all here
                self.expr(out, &args[0])?;
                let v = self.expr(out, &args[1])?;
                let v = match v.ty {
                    VTy::C64 | VTy::C128 => {
                        return self.err(pos, format!("'{name}' of a complex value"));
                    }
                    VTy::Bool | VTy::I8 | VTy::I16 | VTy::U8 | VTy::U16 => {
                        self.convert(out, v, CTy::I32)
                    }
                    _ => v,
                };
                let sv = self.expr(out, &args[2])?;
                let sv = self.convert(out, sv, CTy::I32);
                let w = match args.get(3) {
                    Some(a) => {
                        let w = self.expr(out, a)?;
                        self.convert(out, w, CTy::I32)
                    }
                    None => self.constant(Val::I32(32)),
                };
                let kind = match name {
                    "__shfl_sync" => Shfl::Idx,
                    "__shfl_up_sync" => Shfl::Up,
                    "__shfl_down_sync" => Shfl::Down,
                    _ => Shfl::Xor,
                };
                let d = self.reg(v.ty);
                let f = shuffle(kind, v, sv, w, d);
                self.effect(out, f);
                Ok(Some(d))
            }
            "__ballot_sync" | "__any_sync" | "__all_sync" => {
                if args.len() != 2 {
                    return self.err(
                        pos,
                        format!("'{name}' takes 2 arguments, {} given", args.len()),
                    );
                }
                self.expr(out, &args[0])?;
                let p = self.expr(out, &args[1])?;
                let p = self.as_bool(out, p);
                let (vote, ty) = match name {
                    "__ballot_sync" => (Vote::Ballot, VTy::U32),
                    "__any_sync" => (Vote::Any, VTy::I32),
                    _ => (Vote::All, VTy::I32),
                };
                let d = self.reg(ty);
                let f = vote_op(vote, Some(p), d);
                self.effect(out, f);
                Ok(Some(d))
            }
            "__activemask" => {
                if !args.is_empty() {
                    return self.err(pos, "'__activemask' takes no arguments");
                }
                let d = self.reg(VTy::U32);
                let f = vote_op(Vote::Ballot, None, d);
                self.effect(out, f);
                Ok(Some(d))
            }
            "__syncwarp" => {
                if args.len() > 1 {
                    return self.err(pos, "'__syncwarp' takes at most one argument");
                }
                for a in args {
                    self.expr(out, a)?;
                }
                Ok(Some(self.constant(Val::I32(0))))
            }
            "__threadfence" | "__threadfence_block" | "__threadfence_system" => {
                if !args.is_empty() {
                    return self.err(pos, format!("'{name}' takes no arguments"));
                }
                Ok(Some(self.constant(Val::I32(0))))
            }
            _ => Ok(None),
        }
    }
}

// ------------------------------------------------------------------------------ vm ops

/// `__syncthreads()`: every thread still running must be here.
fn barrier(alive: Reg, kernel: String) -> OpFn {
    Box::new(move |fr, mask| {
        if mask.all || fr.err.is_some() {
            return;
        }
        let a = fr.get::<bool>(alive);
        if (0..fr.n).any(|k| a[k] && !mask.m[k]) {
            fr.err = Some(
                crate::KernelError::Launch {
                    kernel: kernel.clone(),
                    reason: "__syncthreads() was reached by only some of the threads of a block \
                             (a barrier in divergent code)"
                        .into(),
                }
                .into(),
            );
        }
    })
}

/// The warp shuffles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shfl {
    Idx,
    Up,
    Down,
    Xor,
}

/// `d = __shfl*_sync(_, v, s, width)`: each active lane reads `v` of another lane of its
/// warp (32 consecutive threads of the block) as CUDA defines each shuffle; a source outside
/// its segment of `width` lanes (or beyond the block) gives the lane its own value.
fn shuffle(kind: Shfl, v: Reg, s: Reg, w: Reg, d: Reg) -> OpFn {
    vm::with_vty!(v.ty, T => Box::new(move |fr: &mut vm::Frame<'_>, mask: &vm::Mask| {
        let n = fr.n;
        let src: Vec<T> = fr.get::<T>(v).to_vec();
        let sv: Vec<i32> = fr.get::<i32>(s).to_vec();
        let wv: Vec<i32> = fr.get::<i32>(w).to_vec();
        let mut out = fr.take::<T>(d);
        for k in 0..n {
            if !mask.m[k] {
                continue;
            }
            let width = match wv[k] {
                x @ (1 | 2 | 4 | 8 | 16 | 32) => x as usize,
                _ => 32,
            };
            let lane = k % 32;
            let seg = lane - lane % width;
            let x = sv[k];
            let l = match kind {
                Shfl::Idx => Some(seg + (x.rem_euclid(width as i32)) as usize),
                Shfl::Up => (x >= 0 && lane - seg >= x as usize).then(|| lane - x as usize),
                Shfl::Down => {
                    (x >= 0 && lane - seg + (x as usize) < width).then(|| lane + x as usize)
                }
                Shfl::Xor => {
                    let l = lane ^ (x as usize & 31);
                    (l < seg + width).then_some(l)
                }
            };
            let j = l.map_or(k, |l| k - lane + l);
            out[k] = if j < n { src[j] } else { src[k] };
        }
        fr.put(d, out);
    }))
}

/// The warp votes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vote {
    Ballot,
    Any,
    All,
}

/// `__ballot_sync` (`p` of each active lane of the warp as a bit; `__activemask` when `p` is
/// `None`), `__any_sync`, `__all_sync` over the active lanes of each warp.
fn vote_op(vote: Vote, p: Option<Reg>, d: Reg) -> OpFn {
    Box::new(move |fr, mask| {
        let n = fr.n;
        // a block has at most 1024 threads: 32 warps
        let mut bits = [0u32; 32];
        let mut active = [0u32; 32];
        {
            let pv = p.map(|p| fr.get::<bool>(p));
            for k in 0..n {
                if mask.m[k] {
                    active[k / 32] |= 1 << (k % 32);
                    if pv.is_none_or(|pv| pv[k]) {
                        bits[k / 32] |= 1 << (k % 32);
                    }
                }
            }
        }
        if vote == Vote::Ballot {
            let mut out = fr.take::<u32>(d);
            for k in 0..n {
                out[k] = bits[k / 32];
            }
            fr.put(d, out);
        } else {
            let mut out = fr.take::<i32>(d);
            for k in 0..n {
                let (b, a) = (bits[k / 32], active[k / 32]);
                out[k] = match vote {
                    Vote::Any => (b != 0) as i32,
                    _ => (b == a) as i32,
                };
            }
            fr.put(d, out);
        }
    })
}

/// An element type of the atomic functions: its bits in a `u32` or `u64` word.
trait AtomicLane: Lane + Stored<L = Self> {
    const WIDE: bool;
    fn bits(self) -> u64;
    fn from_bits(b: u64) -> Self;
}
macro_rules! atomic_lane {
    ($($t:ty, $wide:expr, $to:expr, $from:expr;)*) => {$(
        impl AtomicLane for $t {
            const WIDE: bool = $wide;
            #[inline(always)]
            #[allow(clippy::redundant_closure_call)]
            fn bits(self) -> u64 { ($to)(self) }
            #[inline(always)]
            #[allow(clippy::redundant_closure_call)]
            fn from_bits(b: u64) -> Self { ($from)(b) }
        }
    )*};
}
atomic_lane! {
    i32, false, |x: i32| x as u32 as u64, |b: u64| b as u32 as i32;
    u32, false, |x: u32| x as u64, |b: u64| b as u32;
    i64, true, |x: i64| x as u64, |b: u64| b as i64;
    u64, true, |x: u64| x, |b: u64| b;
    f32, false, |x: f32| x.to_bits() as u64, |b: u64| f32::from_bits(b as u32);
    f64, true, |x: f64| x.to_bits(), |b: u64| f64::from_bits(b);
}

/// Atomically replaces `*p` by `f(*p)`; returns the old value.
///
/// # Safety
/// `p` is valid and aligned for `T`, and every concurrent access to it is atomic.
unsafe fn rmw<T: AtomicLane>(p: *mut T, f: impl Fn(T) -> T) -> T {
    use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
    // SAFETY: per the caller; `T` is 4 or 8 bytes (`WIDE`), aligned to its size.
    unsafe {
        if T::WIDE {
            let a = AtomicU64::from_ptr(p as *mut u64);
            let mut cur = a.load(Relaxed);
            loop {
                let old = T::from_bits(cur);
                match a.compare_exchange_weak(cur, f(old).bits(), Relaxed, Relaxed) {
                    Ok(_) => return old,
                    Err(x) => cur = x,
                }
            }
        } else {
            let a = AtomicU32::from_ptr(p as *mut u32);
            let mut cur = a.load(Relaxed);
            loop {
                let old = T::from_bits(cur as u64);
                match a.compare_exchange_weak(cur, f(old).bits() as u32, Relaxed, Relaxed) {
                    Ok(_) => return old,
                    Err(x) => cur = x,
                }
            }
        }
    }
}

/// The new value of an atomic function from the old one, the operand and (CAS) the compared
/// value, as CUDA defines each.
trait AtomicArith: AtomicLane {
    fn apply(op: AtomicOp, old: Self, v: Self, cmp: Self) -> Self;
}
macro_rules! atomic_int {
    ($($t:ty),*) => {$(
        impl AtomicArith for $t {
            #[inline(always)]
            fn apply(op: AtomicOp, old: Self, v: Self, cmp: Self) -> Self {
                match op {
                    AtomicOp::Add => old.wrapping_add(v),
                    AtomicOp::Sub => old.wrapping_sub(v),
                    AtomicOp::Exch => v,
                    AtomicOp::Max => old.max(v),
                    AtomicOp::Min => old.min(v),
                    AtomicOp::Inc => if old >= v { 0 } else { old.wrapping_add(1) },
                    AtomicOp::Dec => if old == 0 || old > v { v } else { old.wrapping_sub(1) },
                    AtomicOp::And => old & v,
                    AtomicOp::Or => old | v,
                    AtomicOp::Xor => old ^ v,
                    AtomicOp::Cas => if old == cmp { v } else { old },
                }
            }
        }
    )*};
}
atomic_int!(i32, u32, i64, u64);
macro_rules! atomic_float {
    ($($t:ty),*) => {$(
        impl AtomicArith for $t {
            #[inline(always)]
            fn apply(op: AtomicOp, old: Self, v: Self, _cmp: Self) -> Self {
                match op {
                    AtomicOp::Add => old + v,
                    AtomicOp::Sub => old - v,
                    _ => v, // Exch (the only other one accepted for floats)
                }
            }
        }
    )*};
}
atomic_float!(f32, f64);

fn atomic_op(
    op: AtomicOp,
    arg: usize,
    dtype: DType,
    idx: Reg,
    v: Reg,
    cmp: Option<Reg>,
    d: Reg,
) -> OpFn {
    fn go<T: AtomicArith>(
        op: AtomicOp,
        arg: usize,
        idx: Reg,
        v: Reg,
        cmp: Option<Reg>,
        d: Reg,
    ) -> OpFn {
        Box::new(move |fr, mask| {
            let n = fr.n;
            let mut out = fr.take::<T>(d);
            let bad = {
                let m = &fr.mem[arg];
                let ix = fr.get::<i64>(idx);
                let x = fr.get::<T>(v);
                let c = cmp.map(|c| fr.get::<T>(c));
                vm::in_bounds_lanes(n, &mask.m, ix, m.size, |k, j| {
                    let (xv, cv) = (x[k], c.map_or(x[k], |c| c[k]));
                    // SAFETY: 0 <= j < size of a buffer the launch checked and holds; the
                    // element is aligned for `T`; every access to global memory during a launch
                    // is atomic (shared memory belongs to this block's thread alone).
                    let p = unsafe { (m.ptr as *mut T).offset(m.flat_offset(j)) };
                    // SAFETY: as above.
                    out[k] = unsafe { rmw(p, |old| T::apply(op, old, xv, cv)) };
                })
            };
            fr.put(d, out);
            if let Some(j) = bad
                && fr.err.is_none()
            {
                fr.err = Some(cuprum_core::Error::IndexOutOfBounds {
                    op: "RawKernel (CPU)",
                    index: j,
                    axis: arg,
                    size: fr.mem[arg].size,
                });
            }
        })
    }
    match dtype {
        DType::Int32 => go::<i32>(op, arg, idx, v, cmp, d),
        DType::UInt32 => go::<u32>(op, arg, idx, v, cmp, d),
        DType::Int64 => go::<i64>(op, arg, idx, v, cmp, d),
        DType::UInt64 => go::<u64>(op, arg, idx, v, cmp, d),
        DType::Float32 => go::<f32>(op, arg, idx, v, cmp, d),
        _ => go::<f64>(op, arg, idx, v, cmp, d),
    }
}
