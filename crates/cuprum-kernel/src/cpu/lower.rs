//! Type checking and lowering: AST → typed vector-machine program.
//!
//! Types follow C/C++: integer promotion, the usual arithmetic conversions, implicit
//! conversion on assignment and initialization (with `common.cuh`'s casts), `bool` from
//! comparisons. `__device__` functions are inlined at every call site (recursion is
//! rejected).

use super::Diagnostic;
use super::lex::{Num, Pos, Source};
use super::ops;
use super::parse::{BinOp, CTy, Expr, ExprKind, Func, Stmt, UnOp};
use super::vm::{self, Node, OpFn, Reg, VTy, Val};
use std::collections::HashMap;

mod call;

/// The register value type of a C type.
pub(crate) fn vty(c: CTy) -> VTy {
    match c {
        CTy::Bool => VTy::Bool,
        CTy::I8 => VTy::I8,
        CTy::I16 => VTy::I16,
        CTy::I32 => VTy::I32,
        CTy::I64 => VTy::I64,
        CTy::U8 => VTy::U8,
        CTy::U16 => VTy::U16,
        CTy::U32 => VTy::U32,
        CTy::U64 => VTy::U64,
        CTy::F16 | CTy::BF16 | CTy::F32 => VTy::F32,
        CTy::F64 => VTy::F64,
        CTy::C64 => VTy::C64,
        CTy::C128 => VTy::C128,
        CTy::Void | CTy::Auto => VTy::I32,
    }
}

/// The C type of a value type.
pub(crate) fn cty_of(v: VTy) -> CTy {
    match v {
        VTy::Bool => CTy::Bool,
        VTy::I8 => CTy::I8,
        VTy::I16 => CTy::I16,
        VTy::I32 => CTy::I32,
        VTy::I64 => CTy::I64,
        VTy::U8 => CTy::U8,
        VTy::U16 => CTy::U16,
        VTy::U32 => CTy::U32,
        VTy::U64 => CTy::U64,
        VTy::F32 => CTy::F32,
        VTy::F64 => CTy::F64,
        VTy::C64 => CTy::C64,
        VTy::C128 => CTy::C128,
    }
}

fn vname(v: VTy) -> &'static str {
    cty_of(v).name()
}

/// Integer promotion.
pub(crate) fn promote(t: VTy) -> VTy {
    match t {
        VTy::Bool | VTy::I8 | VTy::I16 | VTy::U8 | VTy::U16 => VTy::I32,
        t => t,
    }
}

fn is_int(t: VTy) -> bool {
    matches!(
        t,
        VTy::Bool
            | VTy::I8
            | VTy::I16
            | VTy::I32
            | VTy::I64
            | VTy::U8
            | VTy::U16
            | VTy::U32
            | VTy::U64
    )
}
fn is_complex(t: VTy) -> bool {
    matches!(t, VTy::C64 | VTy::C128)
}

/// The usual arithmetic conversions.
pub(crate) fn usual(a: VTy, b: VTy) -> VTy {
    use VTy::*;
    if a == C128 || b == C128 {
        return C128;
    }
    if a == C64 || b == C64 {
        return if a == F64 || b == F64 { C128 } else { C64 };
    }
    if a == F64 || b == F64 {
        return F64;
    }
    if a == F32 || b == F32 {
        return F32;
    }
    let (a, b) = (promote(a), promote(b));
    if a == b {
        return a;
    }
    let rank = |t: VTy| if matches!(t, I64 | U64) { 2 } else { 1 };
    let uns = |t: VTy| matches!(t, U32 | U64);
    if uns(a) == uns(b) {
        return if rank(a) >= rank(b) { a } else { b };
    }
    let (u, s) = if uns(a) { (a, b) } else { (b, a) };
    if rank(u) >= rank(s) {
        u
    } else {
        // a signed type of higher rank represents every value of the unsigned one
        s
    }
}

/// A name in scope.
#[derive(Clone, Debug)]
pub(crate) enum Sym {
    Var {
        reg: Reg,
        cty: CTy,
        is_const: bool,
    },
    /// a non-raw input: a const element, loaded once per batch
    ElemIn {
        arg: usize,
        cty: CTy,
        dtype: cuprum_core::DType,
    },
    /// a non-raw output (or an input passed by reference): loads and stores go to memory
    ElemOut {
        arg: usize,
        cty: CTy,
        dtype: cuprum_core::DType,
    },
    Raw {
        arg: usize,
        cty: CTy,
        dtype: cuprum_core::DType,
        writable: bool,
    },
    /// an element of a raw array bound to a reference parameter
    RawElem {
        arg: usize,
        cty: CTy,
        dtype: cuprum_core::DType,
        idx: Reg,
        writable: bool,
    },
    /// `_ind` / `_in_ind` / `_out_ind`: only `.size()`
    Index(Rt),
    /// a pointer variable: its array and its offset register
    Ptr(super::pointer::Target),
    /// a struct variable: its fields (name, type, register)
    Struct(Vec<(String, CTy, Reg)>),
    /// a multi-dimensional `__shared__` array, or a local array (row-major over `dims`)
    Array {
        arg: usize,
        cty: CTy,
        dtype: cuprum_core::DType,
        dims: Vec<usize>,
        /// one row a thread (a local or `__constant__` array)
        local: bool,
        writable: bool,
    },
}

impl Sym {
    /// The symbol read-only (a `const T*` parameter bound to an array).
    pub(super) fn read_only(self) -> Sym {
        let mut s = self;
        match &mut s {
            Sym::Raw { writable, .. }
            | Sym::Array { writable, .. }
            | Sym::RawElem { writable, .. } => {
                *writable = false;
            }
            Sym::Ptr(t) => t.writable = false,
            _ => {}
        }
        s
    }
}

/// A value filled in when a frame is made for a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rt {
    /// `_ind.size()` (elementwise) / `_in_ind.size()` (reduction)
    LoopSize,
    /// `_out_ind.size()`
    OutSize,
    /// a scalar parameter (argument index)
    Scalar(usize),
}

pub(super) enum Lv {
    Var(Reg, CTy),
    Elem(usize, CTy, cuprum_core::DType),
    Raw(usize, CTy, cuprum_core::DType, Reg),
}

/// The lowering state, shared by every piece of one kernel (one register space).
pub(crate) struct Lower<'a> {
    pub srcs: Vec<Source<'a>>,
    sec: usize,
    pub counts: [usize; 13],
    pub consts: Vec<(Reg, Val)>,
    pub(super) const_of: HashMap<Reg, Val>,
    pub rt: Vec<(Reg, Rt)>,
    pub scopes: Vec<HashMap<String, Sym>>,
    pub(super) funcs: HashMap<String, Vec<&'a Func>>,
    pub(super) call_stack: Vec<String>,
    /// per function being lowered: its return type and register
    rets: Vec<(CTy, Option<Reg>)>,
    loops: usize,
    /// side effects emitted so far (to tell pure sub-expressions)
    pub(super) effects: usize,
    /// inputs loaded once at the start: (arg, dtype, reg)
    pub loads: Vec<(usize, cuprum_core::DType, Reg)>,
    /// arguments the program writes
    pub written: std::collections::HashSet<usize>,
    /// whether `i` was used (its register)
    pub index_reg: Option<Reg>,
    /// `i` is available (elementwise)
    pub has_i: bool,
    /// the thread model of a `__global__` kernel (RawKernel on the CPU), when lowering one
    pub kernel: Option<super::thread::KernelCtx>,
}

type R<T> = Result<T, Diagnostic>;

fn vidx(t: VTy) -> usize {
    match t {
        VTy::Bool => 0,
        VTy::I8 => 1,
        VTy::I16 => 2,
        VTy::I32 => 3,
        VTy::I64 => 4,
        VTy::U8 => 5,
        VTy::U16 => 6,
        VTy::U32 => 7,
        VTy::U64 => 8,
        VTy::F32 => 9,
        VTy::F64 => 10,
        VTy::C64 => 11,
        VTy::C128 => 12,
    }
}

/// CUDA names the CPU engine knows but does not run (a clearer error than "undefined").
fn unsupported_builtin(name: &str) -> bool {
    name.starts_with("atomic")
        || name.starts_with("__shfl")
        || name.starts_with("__syncwarp")
        || name.starts_with("__ballot")
        || name.starts_with("__any")
        || name.starts_with("__all")
        || name.starts_with("tex")
        || matches!(
            name,
            "threadIdx"
                | "blockIdx"
                | "blockDim"
                | "gridDim"
                | "warpSize"
                | "__syncthreads"
                | "__threadfence"
                | "printf"
                | "malloc"
                | "free"
                | "memcpy"
                | "memset"
                | "clock"
                | "clock64"
                | "__ldg"
                | "assert"
                | "__popc"
                | "__popcll"
                | "__clz"
                | "__ffs"
                | "__brev"
                | "__float_as_int"
                | "__int_as_float"
                | "__float_as_uint"
                | "__uint_as_float"
                | "__double_as_longlong"
                | "__longlong_as_double"
        )
}

/// Named constants of CUDA's headers.
fn named_constant(name: &str) -> Option<Val> {
    Some(match name {
        "INFINITY" | "HUGE_VALF" | "CUDART_INF_F" => Val::F32(f32::INFINITY),
        "NAN" | "CUDART_NAN_F" => Val::F32(f32::NAN),
        "HUGE_VAL" | "CUDART_INF" => Val::F64(f64::INFINITY),
        "CUDART_NAN" => Val::F64(f64::NAN),
        "CUDART_PI_F" => Val::F32(std::f32::consts::PI),
        "CUDART_PI" | "M_PI" => Val::F64(std::f64::consts::PI),
        "M_E" => Val::F64(std::f64::consts::E),
        "M_SQRT2" => Val::F64(std::f64::consts::SQRT_2),
        "M_LN2" => Val::F64(std::f64::consts::LN_2),
        "M_LN10" => Val::F64(std::f64::consts::LN_10),
        "M_LOG2E" => Val::F64(std::f64::consts::LOG2_E),
        "M_LOG10E" => Val::F64(std::f64::consts::LOG10_E),
        "M_PI_2" => Val::F64(std::f64::consts::FRAC_PI_2),
        "M_PI_4" => Val::F64(std::f64::consts::FRAC_PI_4),
        "M_1_PI" => Val::F64(std::f64::consts::FRAC_1_PI),
        "M_2_PI" => Val::F64(std::f64::consts::FRAC_2_PI),
        "M_2_SQRTPI" => Val::F64(std::f64::consts::FRAC_2_SQRT_PI),
        "M_SQRT1_2" => Val::F64(std::f64::consts::FRAC_1_SQRT_2),
        "FLT_MAX" => Val::F32(f32::MAX),
        "FLT_MIN" => Val::F32(f32::MIN_POSITIVE),
        "FLT_EPSILON" => Val::F32(f32::EPSILON),
        "DBL_MAX" => Val::F64(f64::MAX),
        "DBL_MIN" => Val::F64(f64::MIN_POSITIVE),
        "DBL_EPSILON" => Val::F64(f64::EPSILON),
        "INT_MAX" => Val::I32(i32::MAX),
        "INT_MIN" => Val::I32(i32::MIN),
        "UINT_MAX" => Val::U32(u32::MAX),
        "LLONG_MAX" => Val::I64(i64::MAX),
        "LLONG_MIN" => Val::I64(i64::MIN),
        "ULLONG_MAX" => Val::U64(u64::MAX),
        _ => return None,
    })
}

impl<'a> Lower<'a> {
    pub fn new(srcs: Vec<Source<'a>>) -> Self {
        Lower {
            srcs,
            sec: 0,
            counts: [0; 13],
            consts: Vec::new(),
            const_of: HashMap::new(),
            rt: Vec::new(),
            scopes: vec![HashMap::new()],
            funcs: HashMap::new(),
            call_stack: Vec::new(),
            rets: Vec::new(),
            loops: 0,
            effects: 0,
            loads: Vec::new(),
            written: Default::default(),
            index_reg: None,
            has_i: false,
            kernel: None,
        }
    }

    pub fn set_section(&mut self, s: usize) {
        self.sec = s;
    }

    pub fn add_funcs(&mut self, fs: &'a [Func]) {
        for f in fs {
            self.funcs.entry(f.name.clone()).or_default().push(f);
        }
    }

    pub(super) fn err<T>(&self, pos: Pos, msg: impl Into<String>) -> R<T> {
        Err(self.srcs[self.sec].diag(pos, msg))
    }

    pub fn reg(&mut self, t: VTy) -> Reg {
        let i = vidx(t);
        let r = Reg {
            ty: t,
            idx: self.counts[i],
        };
        self.counts[i] += 1;
        r
    }

    pub fn constant(&mut self, v: Val) -> Reg {
        let r = self.reg(v.ty());
        self.consts.push((r, v));
        self.const_of.insert(r, v);
        r
    }

    pub fn runtime(&mut self, t: VTy, rt: Rt) -> Reg {
        if let Some((r, _)) = self.rt.iter().find(|(r, x)| *x == rt && r.ty == t) {
            return *r;
        }
        let r = self.reg(t);
        self.rt.push((r, rt));
        r
    }

    pub fn declare(&mut self, name: &str, s: Sym) {
        self.scopes
            .last_mut()
            .expect("scope")
            .insert(name.to_string(), s);
    }

    /// "invalid operands to binary op (a and b)".
    fn bad_operands<T>(&self, op: BinOp, a: Reg, b: Reg, pos: Pos) -> R<T> {
        self.err(
            pos,
            format!(
                "invalid operands to binary {} ({} and {})",
                op.text(),
                vname(a.ty),
                vname(b.ty)
            ),
        )
    }

    /// Declares a mutable variable in register `reg`.
    pub fn declare_var(&mut self, name: &str, reg: Reg, cty: CTy) {
        self.declare(
            name,
            Sym::Var {
                reg,
                cty,
                is_const: false,
            },
        );
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Sym> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub(super) fn op(&mut self, out: &mut Vec<Node>, f: OpFn) {
        out.push(Node::Op(f));
    }
    pub(super) fn effect(&mut self, out: &mut Vec<Node>, f: OpFn) {
        self.effects += 1;
        out.push(Node::Op(f));
    }

    /// Converts `r` to the C type `to` (float16/bfloat16 round).
    pub fn convert(&mut self, out: &mut Vec<Node>, r: Reg, to: CTy) -> Reg {
        let t = vty(to);
        let half = matches!(to, CTy::F16 | CTy::BF16);
        if let Some(v) = self.const_of.get(&r).copied() {
            let mut c = vm::cast_val(v, t);
            if half {
                let f = match vm::cast_val(v, VTy::F64) {
                    Val::F64(x) => x,
                    _ => 0.0,
                };
                let rounded = if to == CTy::F16 {
                    cuprum_core::f16::from_f64(f).to_f32()
                } else {
                    cuprum_core::bf16::from_f64(f).to_f32()
                };
                c = Val::F32(rounded);
            }
            return self.constant(c);
        }
        if r.ty == t && !half {
            return r;
        }
        let d = self.reg(t);
        let f = if half {
            vm::convert_half(r, d, to == CTy::BF16)
        } else {
            vm::convert(r, d)
        };
        self.op(out, f);
        d
    }

    pub(super) fn as_bool(&mut self, out: &mut Vec<Node>, r: Reg) -> Reg {
        self.convert(out, r, CTy::Bool)
    }

    // ------------------------------------------------------------------ statements

    pub fn stmts(&mut self, out: &mut Vec<Node>, ss: &[Stmt]) -> R<()> {
        for s in ss {
            self.stmt(out, s)?;
        }
        Ok(())
    }

    pub fn stmt(&mut self, out: &mut Vec<Node>, s: &Stmt) -> R<()> {
        match s {
            Stmt::Empty => Ok(()),
            Stmt::Expr(e) => {
                self.expr(out, e)?;
                Ok(())
            }
            Stmt::Block(b) => {
                self.scopes.push(HashMap::new());
                let r = self.stmts(out, b);
                self.scopes.pop();
                r
            }
            Stmt::Decl(decl) if decl.strukt.is_some() => {
                let fields = decl.strukt.clone().expect("a struct declaration");
                for d in &decl.vars {
                    self.struct_decl(out, &fields, d)?;
                }
                Ok(())
            }
            Stmt::Decl(decl) => {
                let (ty, is_const, vars) = (&decl.ty, &decl.is_const, &decl.vars);
                let (pos, storage, ptr) = (&decl.pos, &decl.storage, &decl.ptr);
                if *ptr {
                    for d in vars {
                        self.pointer_decl(d, *ty, *is_const, out)?;
                    }
                    return Ok(());
                }
                if *ty == CTy::Void {
                    return self.err(*pos, "variable declared void");
                }
                if *storage != super::parse::Storage::Local {
                    return self.shared_decl(out, *ty, vars, *storage, *pos);
                }
                for d in vars {
                    if !d.dims.is_empty() {
                        self.local_array(out, *ty, *is_const, d)?;
                        continue;
                    }
                    let (cty, val) = match &d.init {
                        Some(e) => {
                            let v = self.expr(out, e)?;
                            let cty = if *ty == CTy::Auto { cty_of(v.ty) } else { *ty };
                            (cty, Some(self.convert(out, v, cty)))
                        }
                        None => {
                            if *ty == CTy::Auto {
                                return self.err(
                                    d.pos,
                                    format!("declaration of 'auto {}' has no initializer", d.name),
                                );
                            }
                            (*ty, None)
                        }
                    };
                    let reg = self.reg(vty(cty));
                    if let Some(v) = val {
                        let f = vm::assign(v, reg);
                        self.effect(out, f);
                    }
                    self.declare(
                        &d.name,
                        Sym::Var {
                            reg,
                            cty,
                            is_const: *is_const,
                        },
                    );
                }
                Ok(())
            }
            Stmt::If(c, t, e) => {
                let cv = self.expr(out, c)?;
                let cond = self.as_bool(out, cv);
                let div = self.enter_branch(&[Some(c)]);
                let mut then = Vec::new();
                self.scopes.push(HashMap::new());
                let r = self.stmt(&mut then, t);
                self.scopes.pop();
                let mut els = Vec::new();
                let r = r.and_then(|()| {
                    if let Some(e) = e {
                        self.scopes.push(HashMap::new());
                        let r = self.stmt(&mut els, e);
                        self.scopes.pop();
                        r
                    } else {
                        Ok(())
                    }
                });
                self.leave_branch(div);
                r?;
                self.effects += 1;
                out.push(Node::If { cond, then, els });
                Ok(())
            }
            Stmt::While(c, body) => self.lower_loop(out, None, Some(c), None, body, false),
            Stmt::DoWhile(body, c) => self.lower_loop(out, None, Some(c), None, body, true),
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                self.scopes.push(HashMap::new());
                let r = self.lower_loop(
                    out,
                    init.as_deref(),
                    cond.as_ref(),
                    step.as_ref(),
                    body,
                    false,
                );
                self.scopes.pop();
                r
            }
            Stmt::Break(p) | Stmt::Continue(p) => {
                let (word, node) = match s {
                    Stmt::Break(_) => ("break", Node::Break),
                    _ => ("continue", Node::Continue),
                };
                if self.loops == 0 {
                    return self.err(*p, format!("{word} statement not within a loop"));
                }
                self.effects += 1;
                out.push(node);
                Ok(())
            }
            Stmt::Return(e, p) => {
                let (ret_ty, ret_reg) = self.rets.last().copied().unwrap_or((CTy::Void, None));
                match (e, ret_reg) {
                    (Some(e), Some(r)) => {
                        let v = self.expr(out, e)?;
                        let v = self.convert(out, v, ret_ty);
                        let f = vm::assign(v, r);
                        self.effect(out, f);
                    }
                    (Some(_), None) => {
                        return self.err(*p, "return with a value in a function returning void");
                    }
                    (None, Some(_)) => {
                        return self
                            .err(*p, "return with no value in a function returning a value");
                    }
                    (None, None) => {}
                }
                self.kernel_exit(out);
                self.effects += 1;
                out.push(Node::Return);
                Ok(())
            }
        }
    }

    fn lower_loop(
        &mut self,
        out: &mut Vec<Node>,
        init: Option<&Stmt>,
        cond: Option<&Expr>,
        step: Option<&Expr>,
        body: &Stmt,
        do_while: bool,
    ) -> R<()> {
        if let Some(i) = init {
            self.stmt(out, i)?;
        }
        let mut pre = Vec::new();
        let c = match cond {
            Some(c) => {
                let v = self.expr(&mut pre, c)?;
                Some(self.as_bool(&mut pre, v))
            }
            None => None,
        };
        let mut st = Vec::new();
        if let Some(s) = step {
            self.expr(&mut st, s)?;
        }
        let mut b = Vec::new();
        let init_e = match init {
            Some(Stmt::Expr(e)) => Some(e),
            Some(Stmt::Decl(decl)) => decl.vars.first().and_then(|d| d.init.as_ref()),
            _ => None,
        };
        let div = self.enter_branch(&[cond, step, init_e]);
        self.loops += 1;
        self.scopes.push(HashMap::new());
        let r = self.stmt(&mut b, body);
        self.scopes.pop();
        self.loops -= 1;
        self.leave_branch(div);
        r?;
        self.effects += 1;
        out.push(Node::Loop {
            pre,
            cond: c,
            body: b,
            step: st,
            do_while,
        });
        Ok(())
    }

    // ------------------------------------------------------------------ expressions

    fn int_literal(&mut self, value: u64, unsigned: bool, long: bool, radix_not10: bool) -> Reg {
        let v = if unsigned {
            if !long && value <= u32::MAX as u64 {
                Val::U32(value as u32)
            } else {
                Val::U64(value)
            }
        } else if !long && value <= i32::MAX as u64 {
            Val::I32(value as i32)
        } else if !long && radix_not10 && value <= u32::MAX as u64 {
            Val::U32(value as u32)
        } else if value <= i64::MAX as u64 {
            Val::I64(value as i64)
        } else {
            Val::U64(value)
        };
        self.constant(v)
    }

    pub(super) fn lvalue(&mut self, out: &mut Vec<Node>, e: &Expr) -> R<Lv> {
        match &e.kind {
            ExprKind::Name(n) => match self.lookup(n).cloned() {
                Some(Sym::Var { reg, cty, is_const }) => {
                    if is_const {
                        return self.err(e.pos, format!("assignment of read-only variable '{n}'"));
                    }
                    Ok(Lv::Var(reg, cty))
                }
                Some(Sym::ElemOut { arg, cty, dtype }) => Ok(Lv::Elem(arg, cty, dtype)),
                Some(Sym::ElemIn { .. }) => self.err(
                    e.pos,
                    format!("assignment of read-only parameter '{n}' (a non-raw input is a const reference)"),
                ),
                Some(Sym::RawElem {
                    arg,
                    cty,
                    dtype,
                    idx,
                    writable,
                }) => {
                    if !writable {
                        return self.err(e.pos, format!("assignment of read-only reference '{n}'"));
                    }
                    Ok(Lv::Raw(arg, cty, dtype, idx))
                }
                Some(_) => self.err(e.pos, format!("'{n}' is not assignable")),
                None => self.err(e.pos, format!("identifier \"{n}\" is undefined")),
            },
            ExprKind::Index(..) => {
                let (arg, cty, dtype, writable, idx) = self.element(out, e)?;
                if !writable {
                    return self.err(
                        e.pos,
                        "assignment of an element of a read-only array (a raw input or a 'const T*' parameter)",
                    );
                }
                Ok(Lv::Raw(arg, cty, dtype, idx))
            }
            ExprKind::Member(obj, field) => match self.struct_field(obj, field, e.pos) {
                Some(lv) => lv,
                None => self.err(e.pos, "expression is not assignable (lvalue required)"),
            },
            _ => self.err(e.pos, "expression is not assignable (lvalue required)"),
        }
    }

    pub(super) fn raw_target(&mut self, a: &Expr) -> R<(usize, CTy, cuprum_core::DType, bool)> {
        if let ExprKind::Name(n) = &a.kind {
            match self.lookup(n) {
                Some(Sym::Raw {
                    arg,
                    cty,
                    dtype,
                    writable,
                }) => return Ok((*arg, *cty, *dtype, *writable)),
                None => return self.err(a.pos, format!("identifier \"{n}\" is undefined")),
                _ => {}
            }
        }
        self.err(a.pos, super::pointer::NOT_A_POINTER)
    }

    pub(super) fn index_value(&mut self, out: &mut Vec<Node>, v: Reg, pos: Pos) -> R<Reg> {
        if !is_int(v.ty) {
            return self.err(
                pos,
                format!("array subscript is not an integer (it is {})", vname(v.ty)),
            );
        }
        Ok(self.convert(out, v, CTy::I64))
    }

    pub(super) fn read(&mut self, out: &mut Vec<Node>, lv: &Lv) -> Reg {
        match *lv {
            Lv::Var(r, _) => r,
            Lv::Elem(arg, cty, dtype) => {
                let d = self.reg(vty(cty));
                let f = vm::load_elem_typed(arg, dtype, d);
                self.op(out, f);
                d
            }
            Lv::Raw(arg, cty, dtype, idx) => {
                let d = self.reg(vty(cty));
                let f = vm::load_raw(arg, dtype, idx, d);
                self.effect(out, f);
                d
            }
        }
    }

    /// Stores `v` (converted to the target type) and returns the stored value.
    pub(super) fn write(&mut self, out: &mut Vec<Node>, lv: &Lv, v: Reg) -> Reg {
        match *lv {
            Lv::Var(r, cty) => {
                let c = self.convert(out, v, cty);
                let f = vm::assign(c, r);
                self.effect(out, f);
                r
            }
            Lv::Elem(arg, cty, dtype) => {
                self.written.insert(arg);
                let c = self.convert(out, v, cty);
                let f = vm::store_elem(arg, dtype, c);
                self.effect(out, f);
                c
            }
            Lv::Raw(arg, cty, dtype, idx) => {
                self.written.insert(arg);
                let c = self.convert(out, v, cty);
                let f = vm::store_raw(arg, dtype, idx, c);
                self.effect(out, f);
                c
            }
        }
    }

    pub fn expr(&mut self, out: &mut Vec<Node>, e: &Expr) -> R<Reg> {
        match &e.kind {
            ExprKind::Num(Num::Int {
                value,
                unsigned,
                long,
                radix_not10,
            }) => Ok(self.int_literal(*value, *unsigned, *long, *radix_not10)),
            ExprKind::Num(Num::Float { value, single }) => Ok(if *single {
                self.constant(Val::F32(*value as f32))
            } else {
                self.constant(Val::F64(*value))
            }),
            ExprKind::Bool(b) => Ok(self.constant(Val::Bool(*b))),
            ExprKind::Name(n) => self.name(out, n, e.pos),
            ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                a,
            ) if self.is_pointer_var(a) => self.pointer_update(out, e),
            ExprKind::Assign(_, l, _) if self.is_pointer_var(l) => self.pointer_update(out, e),
            ExprKind::Assign(None, l, r) if self.struct_var(l).is_some() => {
                self.struct_assign(out, l, r)
            }
            ExprKind::Member(obj, field) if self.struct_var(obj).is_some() => {
                let lv = self.lvalue(out, e)?;
                Ok(self.read(out, &lv))
            }
            ExprKind::Unary(op, a) => self.unary(out, *op, a, e.pos),
            ExprKind::Binary(op, a, b) => self.binary(out, *op, a, b, e.pos),
            ExprKind::Assign(op, l, r) => {
                let lv = self.lvalue(out, l)?;
                let v = match op {
                    None => self.expr(out, r)?,
                    Some(op) => {
                        let cur = self.read(out, &lv);
                        let mut rv = self.expr(out, r)?;
                        let half = matches!(
                            lv,
                            Lv::Var(_, CTy::F16 | CTy::BF16)
                                | Lv::Elem(_, CTy::F16 | CTy::BF16, _)
                                | Lv::Raw(_, CTy::F16 | CTy::BF16, _, _)
                        );
                        if half
                            && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div)
                            && !is_complex(rv.ty)
                        {
                            // float16's `operator op=(float)`: the value converts to float first
                            rv = self.convert(out, rv, CTy::F32);
                        }
                        self.arith(out, *op, cur, rv, e.pos)?
                    }
                };
                Ok(self.write(out, &lv, v))
            }
            ExprKind::Cond(c, a, b) => {
                let cv = self.expr(out, c)?;
                let cond = self.as_bool(out, cv);
                let e0 = self.effects;
                let mut na = Vec::new();
                let va = self.expr(&mut na, a)?;
                let mut nb = Vec::new();
                let vb = self.expr(&mut nb, b)?;
                let t = if va.ty == VTy::Bool && vb.ty == VTy::Bool {
                    VTy::Bool
                } else if va.ty == vb.ty {
                    va.ty
                } else {
                    usual(va.ty, vb.ty)
                };
                let ct = cty_of(t);
                let ca = self.convert(&mut na, va, ct);
                let cb = self.convert(&mut nb, vb, ct);
                let d = self.reg(t);
                if self.effects == e0 {
                    out.extend(na);
                    out.extend(nb);
                    let f = vm::select(cond, ca, cb, d);
                    self.op(out, f);
                } else {
                    na.push(Node::Op(vm::assign(ca, d)));
                    nb.push(Node::Op(vm::assign(cb, d)));
                    self.effects += 1;
                    out.push(Node::If {
                        cond,
                        then: na,
                        els: nb,
                    });
                }
                Ok(d)
            }
            ExprKind::Cast(ty, args) => self.cast(out, *ty, args, e.pos),
            ExprKind::Call(name, args) => self.call(out, name, args, e.pos),
            ExprKind::Method(obj, m, args) => self.method(out, obj, m, args, e.pos),
            ExprKind::Index(..) => {
                let (arg, cty, dtype, _, idx) = self.element(out, e)?;
                Ok(self.read(out, &Lv::Raw(arg, cty, dtype, idx)))
            }
            ExprKind::Comma(a, b) => {
                self.expr(out, a)?;
                self.expr(out, b)
            }
            ExprKind::Member(obj, field) => self.member(obj, field, e.pos),
            ExprKind::AddrOf(_) => self.err(
                e.pos,
                "taking an address is supported by the CPU engine only as the first argument of an atomic function",
            ),
        }
    }

    fn name(&mut self, out: &mut Vec<Node>, n: &str, pos: Pos) -> R<Reg> {
        match self.lookup(n).cloned() {
            Some(Sym::Var { reg, .. }) => Ok(reg),
            Some(Sym::ElemIn { arg, cty, dtype }) => {
                if let Some((_, _, r)) = self.loads.iter().find(|(a, _, _)| *a == arg) {
                    return Ok(*r);
                }
                let r = self.reg(vty(cty));
                self.loads.push((arg, dtype, r));
                Ok(r)
            }
            Some(Sym::ElemOut { arg, cty, dtype }) => {
                Ok(self.read(out, &Lv::Elem(arg, cty, dtype)))
            }
            Some(Sym::RawElem {
                arg,
                cty,
                dtype,
                idx,
                ..
            }) => Ok(self.read(out, &Lv::Raw(arg, cty, dtype, idx))),
            Some(Sym::Raw { .. }) => self.err(
                pos,
                format!("raw array '{n}' must be indexed ('{n}[j]') or sized ('{n}.size()')"),
            ),
            Some(Sym::Index(_)) => self.err(pos, format!("'{n}' can only be used as '{n}.size()'")),
            Some(Sym::Struct(_)) => self.err(
                pos,
                format!("struct '{n}' is used through its fields ('{n}.field') or assigned whole"),
            ),
            Some(Sym::Ptr(_)) => self.err(
                pos,
                format!("pointer '{n}' must be indexed ('{n}[j]', '*{n}'): the CPU engine does not compare or convert pointers"),
            ),
            Some(Sym::Array { dims, .. }) => self.err(
                pos,
                format!("array '{n}' must be indexed with {} subscripts", dims.len()),
            ),
            None => {
                if n == "i" && self.has_i {
                    if let Some(r) = self.index_reg {
                        return Ok(r);
                    }
                    let r = self.reg(VTy::I64);
                    self.index_reg = Some(r);
                    return Ok(r);
                }
                if let Some(v) = named_constant(n) {
                    return Ok(self.constant(v));
                }
                if n == "warpSize" && self.kernel.is_some() {
                    return Ok(self.constant(Val::I32(32)));
                }
                if self.funcs.contains_key(n) || ops::math_kind(n).is_some() {
                    return self.err(pos, format!("function '{n}' used without a call"));
                }
                if unsupported_builtin(n) {
                    return self.err(pos, format!("'{n}' is not supported by the CPU engine"));
                }
                self.err(pos, format!("identifier \"{n}\" is undefined"))
            }
        }
    }

    fn unary(&mut self, out: &mut Vec<Node>, op: UnOp, a: &Expr, pos: Pos) -> R<Reg> {
        match op {
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                let lv = self.lvalue(out, a)?;
                let cur = self.read(out, &lv);
                if cur.ty == VTy::Bool {
                    return self.err(pos, "increment/decrement of a bool is not allowed");
                }
                let inc = matches!(op, UnOp::PreInc | UnOp::PostInc);
                let t = promote(cur.ty);
                let c = self.convert(out, cur, cty_of(t));
                // keep the old value for the postfix forms
                let old = if matches!(op, UnOp::PostInc | UnOp::PostDec) {
                    let o = self.reg(cur.ty);
                    let f = vm::assign(cur, o);
                    self.effect(out, f);
                    Some(o)
                } else {
                    None
                };
                let d = self.reg(t);
                let f = ops::step(inc, t, c, d).expect("step on arithmetic types");
                self.op(out, f);
                let stored = self.write(out, &lv, d);
                Ok(old.unwrap_or(stored))
            }
            UnOp::Plus => {
                let v = self.expr(out, a)?;
                Ok(self.convert(out, v, cty_of(promote(v.ty))))
            }
            UnOp::Not => {
                let v = self.expr(out, a)?;
                let b = self.as_bool(out, v);
                let d = self.reg(VTy::Bool);
                let f = ops::unary(UnOp::Not, VTy::Bool, b, d).expect("not");
                self.op(out, f);
                Ok(d)
            }
            UnOp::Neg | UnOp::BitNot => {
                let v = self.expr(out, a)?;
                let t = promote(v.ty);
                if op == UnOp::BitNot && !is_int(t) {
                    return self.err(
                        pos,
                        format!("wrong type argument to bit-complement ({})", vname(v.ty)),
                    );
                }
                let c = self.convert(out, v, cty_of(t));
                let d = self.reg(t);
                let f = ops::unary(op, t, c, d).expect("unary on promoted types");
                self.op(out, f);
                Ok(d)
            }
        }
    }

    /// `a op b` for arithmetic/bitwise/shift ops (used by compound assignment too).
    pub(super) fn arith(
        &mut self,
        out: &mut Vec<Node>,
        op: BinOp,
        a: Reg,
        b: Reg,
        pos: Pos,
    ) -> R<Reg> {
        match op {
            BinOp::Shl | BinOp::Shr => {
                if !is_int(a.ty) || !is_int(b.ty) {
                    return self.bad_operands(op, a, b, pos);
                }
                let t = promote(a.ty);
                let ca = self.convert(out, a, cty_of(t));
                let cb = self.convert(out, b, CTy::I64);
                let d = self.reg(t);
                let f = ops::binary(op, t, ca, cb, d).expect("shift on ints");
                self.op(out, f);
                Ok(d)
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div
                if is_complex(a.ty) && !is_complex(b.ty) =>
            {
                // complex<F> op real: the real converts to F (the GPU's template operators)
                let comp = if a.ty == VTy::C64 { CTy::F32 } else { CTy::F64 };
                let cb = self.convert(out, b, comp);
                let d = self.reg(a.ty);
                let f = ops::complex_real(op, a.ty, a, cb, d).expect("complex op real");
                self.op(out, f);
                Ok(d)
            }
            _ => {
                let t = if is_complex(b.ty) && !is_complex(a.ty) {
                    b.ty
                } else {
                    usual(a.ty, b.ty)
                };
                let int_only = matches!(
                    op,
                    BinOp::Rem | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
                );
                if int_only && !is_int(t) {
                    return self.bad_operands(op, a, b, pos);
                }
                let ca = self.convert(out, a, cty_of(t));
                let cb = self.convert(out, b, cty_of(t));
                let d = self.reg(t);
                match ops::binary(op, t, ca, cb, d) {
                    Some(f) => {
                        self.op(out, f);
                        Ok(d)
                    }
                    None => self.bad_operands(op, a, b, pos),
                }
            }
        }
    }

    fn binary(&mut self, out: &mut Vec<Node>, op: BinOp, a: &Expr, b: &Expr, pos: Pos) -> R<Reg> {
        match op {
            BinOp::And | BinOp::Or => {
                let av = self.expr(out, a)?;
                let ab = self.as_bool(out, av);
                let e0 = self.effects;
                let mut nb = Vec::new();
                let bv = self.expr(&mut nb, b)?;
                let bb = self.as_bool(&mut nb, bv);
                let d = self.reg(VTy::Bool);
                if self.effects == e0 {
                    out.extend(nb);
                    let f = if op == BinOp::And {
                        vm::map2::<bool, bool, bool>(ab, bb, d, |x, y| x && y)
                    } else {
                        vm::map2::<bool, bool, bool>(ab, bb, d, |x, y| x || y)
                    };
                    self.op(out, f);
                } else {
                    // short-circuit: evaluate b only on the lanes that need it
                    out.push(Node::Op(vm::assign(ab, d)));
                    nb.push(Node::Op(vm::assign(bb, d)));
                    self.effects += 1;
                    if op == BinOp::And {
                        out.push(Node::If {
                            cond: ab,
                            then: nb,
                            els: Vec::new(),
                        });
                    } else {
                        let nab = self.reg(VTy::Bool);
                        out.push(Node::Op(vm::map1::<bool, bool>(ab, nab, |x| !x)));
                        out.push(Node::If {
                            cond: nab,
                            then: nb,
                            els: Vec::new(),
                        });
                    }
                }
                Ok(d)
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne => {
                let av = self.expr(out, a)?;
                let bv = self.expr(out, b)?;
                let t = if av.ty == VTy::Bool && bv.ty == VTy::Bool {
                    VTy::Bool
                } else {
                    usual(av.ty, bv.ty)
                };
                let ca = self.convert(out, av, cty_of(t));
                let cb = self.convert(out, bv, cty_of(t));
                let d = self.reg(VTy::Bool);
                match ops::compare(op, t, ca, cb, d) {
                    Some(f) => {
                        self.op(out, f);
                        Ok(d)
                    }
                    None => self.bad_operands(op, av, bv, pos),
                }
            }
            _ => {
                let av = self.expr(out, a)?;
                let bv = self.expr(out, b)?;
                self.arith(out, op, av, bv, pos)
            }
        }
    }

    fn cast(&mut self, out: &mut Vec<Node>, ty: CTy, args: &[Expr], pos: Pos) -> R<Reg> {
        if matches!(ty, CTy::Void | CTy::Auto) {
            return self.err(pos, format!("cannot convert to {}", ty.name()));
        }
        match args.len() {
            0 => {
                let z = self.constant(Val::I32(0));
                Ok(self.convert(out, z, ty))
            }
            1 => {
                let v = self.expr(out, &args[0])?;
                Ok(self.convert(out, v, ty))
            }
            2 if matches!(ty, CTy::C64 | CTy::C128) => {
                let comp = if ty == CTy::C64 { CTy::F32 } else { CTy::F64 };
                let a = self.expr(out, &args[0])?;
                let b = self.expr(out, &args[1])?;
                if is_complex(a.ty) || is_complex(b.ty) {
                    return self.err(pos, "complex constructor takes two real parts");
                }
                let ca = self.convert(out, a, comp);
                let cb = self.convert(out, b, comp);
                let d = self.reg(vty(ty));
                let f = ops::make_complex(vty(ty), ca, cb, d).expect("complex");
                self.op(out, f);
                Ok(d)
            }
            n => self.err(pos, format!("{} takes one value, {n} given", ty.name())),
        }
    }
}
