//! Pointer variables and pointer arithmetic of the CPU engine: a pointer is bound to one array
//! (a parameter, a `__shared__` array or a local array) when it is declared, and carries an
//! element offset (int64): `T* p = x + k;`, `p[i]`, `*p`, `*(p + i)`, `p += k`, `p++`,
//! `*p++`, `&a[i]`, and pointers passed to `__device__` functions (by value). Every access
//! stays bounds-checked against the array it points into (a local array: the thread's row).
//! Pointer comparison and a pointer re-pointed at another array are diagnostics.

use super::Diagnostic;
use super::lex::Pos;
use super::lower::{Lower, Sym};
use super::parse::{BinOp, CTy, Declarator, Expr, ExprKind, UnOp};
use super::vm::{self, Node, Reg, VTy, Val};
use cuprum_core::DType;

type R<T> = Result<T, Diagnostic>;

/// Where a pointer expression points.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Target {
    pub arg: usize,
    pub cty: CTy,
    pub dtype: DType,
    pub writable: bool,
    /// the element offset (int64; `None`: 0)
    pub off: Option<Reg>,
    /// a local array's row length (its elements are the thread's own)
    pub row: Option<usize>,
}

pub(super) const NOT_A_POINTER: &str = "only raw array parameters (and a RawKernel's pointer parameters, \
     pointer variables, __shared__ and local arrays) can be indexed by the CPU engine";

impl Lower<'_> {
    /// Whether `e` is a pointer expression (an array name, a pointer variable, `p ± k`, `&a[i]`).
    pub(super) fn is_pointer(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(n) => matches!(
                self.lookup(n),
                Some(Sym::Raw { .. } | Sym::Array { .. } | Sym::Ptr { .. })
            ),
            ExprKind::Binary(BinOp::Add, a, b) => self.is_pointer(a) || self.is_pointer(b),
            ExprKind::Binary(BinOp::Sub, a, _) => self.is_pointer(a),
            ExprKind::AddrOf(a) => matches!(a.kind, ExprKind::Index(..)),
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, a) => {
                self.is_pointer_var(a)
            }
            _ => false,
        }
    }

    /// Whether `e` names a pointer variable.
    pub(super) fn is_pointer_var(&self, e: &Expr) -> bool {
        matches!(&e.kind, ExprKind::Name(n) if matches!(self.lookup(n), Some(Sym::Ptr { .. })))
    }

    fn offset_add(&mut self, out: &mut Vec<Node>, off: Option<Reg>, k: Reg, pos: Pos) -> R<Reg> {
        match off {
            None => Ok(k),
            Some(o) => self.arith(out, BinOp::Add, o, k, pos),
        }
    }

    /// The target of a pointer expression.
    pub(super) fn pointer(&mut self, out: &mut Vec<Node>, e: &Expr) -> R<Target> {
        match &e.kind {
            ExprKind::Name(n) => match self.lookup(n) {
                Some(s) => match array_target(s) {
                    Some(t) => Ok(t),
                    None => self.err(e.pos, NOT_A_POINTER),
                },
                None => self.err(e.pos, format!("identifier \"{n}\" is undefined")),
            },
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let (p, k) = if self.is_pointer(a) { (a, b) } else { (b, a) };
                if *op == BinOp::Sub && !self.is_pointer(a) {
                    return self.err(e.pos, "an integer minus a pointer is not a pointer");
                }
                let t = self.pointer(out, p)?;
                let kv = self.expr(out, k)?;
                let mut kv = self.index_value(out, kv, k.pos)?;
                if *op == BinOp::Sub {
                    let z = self.constant(Val::I64(0));
                    kv = self.arith(out, BinOp::Sub, z, kv, k.pos)?;
                }
                let off = self.offset_add(out, t.off, kv, e.pos)?;
                Ok(Target {
                    off: Some(off),
                    ..t
                })
            }
            ExprKind::AddrOf(inner) => match &inner.kind {
                ExprKind::Index(a, i) if self.is_pointer(a) => {
                    let t = self.pointer(out, a)?;
                    if t.row.is_none() && self.array_dims(a) > 1 {
                        return self.err(
                            inner.pos,
                            "the address of an element of a multi-dimensional array is not supported by the CPU engine",
                        );
                    }
                    let iv = self.expr(out, i)?;
                    let iv = self.index_value(out, iv, i.pos)?;
                    let off = self.offset_add(out, t.off, iv, e.pos)?;
                    Ok(Target {
                        off: Some(off),
                        ..t
                    })
                }
                _ => self.err(e.pos, NOT_A_POINTER),
            },
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                a,
            ) if self.is_pointer_var(a) => {
                let t = self.pointer(out, a)?;
                let Some(reg) = t.off else {
                    return self.err(e.pos, NOT_A_POINTER);
                };
                let old = self.reg(VTy::I64);
                self.effect(out, vm::assign(reg, old));
                let step = self.constant(Val::I64(if matches!(op, UnOp::PreInc | UnOp::PostInc) {
                    1
                } else {
                    -1
                }));
                let new = self.arith(out, BinOp::Add, reg, step, e.pos)?;
                self.effect(out, vm::assign(new, reg));
                let at = if matches!(op, UnOp::PostInc | UnOp::PostDec) {
                    old
                } else {
                    reg
                };
                // the value is the offset before (or after) the step, whatever follows
                let keep = self.reg(VTy::I64);
                self.effect(out, vm::assign(at, keep));
                Ok(Target {
                    off: Some(keep),
                    ..t
                })
            }
            _ => self.err(e.pos, NOT_A_POINTER),
        }
    }

    /// The number of subscripts an array name takes (1 for anything else).
    fn array_dims(&self, e: &Expr) -> usize {
        match &e.kind {
            ExprKind::Name(n) => match self.lookup(n) {
                Some(Sym::Array { dims, .. }) => dims.len(),
                _ => 1,
            },
            _ => 1,
        }
    }

    /// The element index (int64) of `p[i]` for a pointer target: the offset plus `i`, within
    /// the thread's row for a local array.
    pub(super) fn target_index(
        &mut self,
        out: &mut Vec<Node>,
        t: &Target,
        i: Reg,
        pos: Pos,
    ) -> R<Reg> {
        let idx = self.offset_add(out, t.off, i, pos)?;
        Ok(match t.row {
            Some(n) => self.local_index(out, idx, n),
            None => idx,
        })
    }

    /// A pointer variable (or parameter) with its own copy of a target's offset (reading only
    /// when `is_const`).
    fn bind_target(&mut self, out: &mut Vec<Node>, t: Target, is_const: bool) -> Sym {
        let reg = self.reg(VTy::I64);
        let f = match t.off {
            Some(o) => vm::assign(o, reg),
            None => {
                let z = self.constant(Val::I64(0));
                vm::assign(z, reg)
            }
        };
        self.effect(out, f);
        Sym::Ptr(Target {
            off: Some(reg),
            writable: t.writable && !is_const,
            ..t
        })
    }

    /// `T* p = e;` (`const T* p` reads only).
    pub(super) fn pointer_decl(
        &mut self,
        d: &Declarator,
        ty: CTy,
        c: bool,
        out: &mut Vec<Node>,
    ) -> R<()> {
        let is_const = c;
        let Some(init) = &d.init else {
            return self.err(
                d.pos,
                format!(
                    "pointer '{}' needs an initializer (the CPU engine binds a pointer to one array)",
                    d.name
                ),
            );
        };
        if !self.is_pointer(init) {
            return self.err(
                init.pos,
                format!(
                    "pointer '{}' must point into an array ('x', 'x + k', '&x[k]'): the CPU engine has no other pointers",
                    d.name
                ),
            );
        }
        let t = self.pointer(out, init)?;
        if t.cty != ty && ty != CTy::Auto {
            return self.err(
                init.pos,
                format!(
                    "pointer '{}' to {} cannot point into an array of {}",
                    d.name,
                    ty.name(),
                    t.cty.name()
                ),
            );
        }
        let s = self.bind_target(out, t, is_const);
        self.declare(&d.name, s);
        Ok(())
    }

    /// The binding of a `__device__` function's pointer parameter (a copy of the offset).
    pub(super) fn pointer_arg(&mut self, out: &mut Vec<Node>, a: &Expr, is_const: bool) -> R<Sym> {
        // an array binds as itself (the callee indexes it as the caller does)
        if let ExprKind::Name(n) = &a.kind
            && let Some(s @ (Sym::Raw { .. } | Sym::Array { .. })) = self.lookup(n).cloned()
        {
            return Ok(if is_const { s.read_only() } else { s });
        }
        if !self.is_pointer(a) {
            return self.err(
                a.pos,
                "a pointer argument must be an array, a pointer variable or 'p + k' / '&a[i]'",
            );
        }
        let t = self.pointer(out, a)?;
        Ok(self.bind_target(out, t, is_const))
    }

    /// `p = q`, `p += k`, `p -= k`, `p++` and friends on a pointer variable.
    pub(super) fn pointer_update(&mut self, out: &mut Vec<Node>, e: &Expr) -> R<Reg> {
        let (lhs, new) = match &e.kind {
            ExprKind::Assign(None, l, r) => (l, self.pointer(out, r)?),
            ExprKind::Assign(Some(op @ (BinOp::Add | BinOp::Sub)), l, r) => {
                let step = Expr {
                    kind: ExprKind::Binary(*op, l.clone(), r.clone()),
                    pos: e.pos,
                };
                (l, self.pointer(out, &step)?)
            }
            ExprKind::Unary(..) => {
                self.pointer(out, e)?;
                return Ok(self.constant(Val::I32(0)));
            }
            _ => {
                return self.err(
                    e.pos,
                    "this operation on a pointer is not supported by the CPU engine",
                );
            }
        };
        let old = self.pointer(out, lhs)?;
        if old.arg != new.arg {
            return self.err(
                e.pos,
                "a pointer variable points into one array on the CPU engine (the one it was declared with)",
            );
        }
        let Some(reg) = old.off else {
            return self.err(e.pos, NOT_A_POINTER);
        };
        let off = match new.off {
            Some(o) => o,
            None => self.constant(Val::I64(0)),
        };
        self.effect(out, vm::assign(off, reg));
        Ok(self.constant(Val::I32(0)))
    }
}

/// The target of an array symbol (its element 0) or a pointer variable.
fn array_target(s: &Sym) -> Option<Target> {
    let (arg, cty, dtype, writable, row) = match *s {
        Sym::Raw {
            arg,
            cty,
            dtype,
            writable,
        } => (arg, cty, dtype, writable, None),
        Sym::Array {
            arg,
            cty,
            dtype,
            ref dims,
            local,
            writable,
        } => (
            arg,
            cty,
            dtype,
            writable,
            local.then(|| dims.iter().product()),
        ),
        Sym::Ptr(t) => return Some(t),
        _ => return None,
    };
    Some(Target {
        arg,
        cty,
        dtype,
        writable,
        off: None,
        row,
    })
}
