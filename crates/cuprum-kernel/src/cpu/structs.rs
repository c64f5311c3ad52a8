//! Structs of the CPU engine: `struct S { T a; U b; };` in the source, local variables of
//! struct type (`S s;`, `S s = {1, 2};`, `S t = s;`), member access (`s.a`, read and
//! written), whole-struct assignment, and struct parameters of `__device__` functions (by
//! value, or by reference). A struct variable is its fields, each a variable of its own.
//! Struct arrays, pointers to structs, nested structs and functions returning a struct are
//! diagnostics.

use super::Diagnostic;
use super::lower::{Lower, Lv, Sym, vty};
use super::parse::{CTy, Declarator, Expr, ExprKind, Fields};
use super::vm::{self, Node, Reg, Val};

type R<T> = Result<T, Diagnostic>;

impl Lower<'_> {
    /// The fields (name, type, register) of the struct variable `e` names, if it is one.
    pub(super) fn struct_var(&self, e: &Expr) -> Option<Vec<(String, CTy, Reg)>> {
        match &e.kind {
            ExprKind::Name(n) => match self.lookup(n) {
                Some(Sym::Struct(f)) => Some(f.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// Fresh registers for a struct's fields.
    fn struct_regs(&mut self, fields: &Fields) -> Vec<(String, CTy, Reg)> {
        fields
            .iter()
            .map(|(n, t)| (n.clone(), *t, self.reg(vty(*t))))
            .collect()
    }

    /// Copies the fields of `from` into `to` (of the same struct type).
    fn struct_copy(
        &mut self,
        out: &mut Vec<Node>,
        to: &[(String, CTy, Reg)],
        from: &[(String, CTy, Reg)],
    ) {
        for ((_, _, d), (_, _, s)) in to.iter().zip(from) {
            self.effect(out, vm::assign(*s, *d));
        }
    }

    fn same_struct(a: &[(String, CTy, Reg)], b: &[(String, CTy, Reg)]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.0 == y.0 && x.1 == y.1)
    }

    /// A struct value `e` for a variable of the struct's type: another struct variable of it.
    fn struct_source(&self, e: &Expr, want: &[(String, CTy, Reg)]) -> R<Vec<(String, CTy, Reg)>> {
        match self.struct_var(e) {
            Some(f) if Self::same_struct(&f, want) => Ok(f),
            Some(_) => self.err(e.pos, "a struct of another type"),
            None => self.err(
                e.pos,
                "a struct is set from a struct variable of its type or an initializer list '{...}' on the CPU engine",
            ),
        }
    }

    /// `S s;`, `S s = {a, b};`, `S s{a, b};`, `S t = s;`.
    pub(super) fn struct_decl(
        &mut self,
        out: &mut Vec<Node>,
        fields: &Fields,
        d: &Declarator,
    ) -> R<()> {
        if !d.dims.is_empty() {
            return self.err(
                d.pos,
                "arrays of structs are not supported by the CPU engine",
            );
        }
        let regs = self.struct_regs(fields);
        match &d.init {
            Some(Expr {
                kind: ExprKind::Cast(_, items),
                pos,
            }) => {
                if items.len() > regs.len() {
                    return self.err(*pos, format!("too many initializers for '{}'", d.name));
                }
                for (k, (_, t, r)) in regs.iter().enumerate() {
                    let v = match items.get(k) {
                        Some(e) => self.expr(out, e)?,
                        None => self.constant(Val::I32(0)),
                    };
                    let c = self.convert(out, v, *t);
                    self.effect(out, vm::assign(c, *r));
                }
            }
            Some(e) => {
                let src = self.struct_source(e, &regs)?;
                self.struct_copy(out, &regs, &src);
            }
            None => {}
        }
        self.declare(&d.name, Sym::Struct(regs));
        Ok(())
    }

    /// `s = t` for struct variables; the value is 0 (a struct is no expression value).
    pub(super) fn struct_assign(&mut self, out: &mut Vec<Node>, l: &Expr, r: &Expr) -> R<Reg> {
        let to = self.struct_var(l).expect("a struct variable");
        let from = self.struct_source(r, &to)?;
        self.struct_copy(out, &to, &from);
        Ok(self.constant(Val::I32(0)))
    }

    /// `s.f`: the field's variable.
    pub(super) fn struct_field(
        &self,
        obj: &Expr,
        field: &str,
        pos: super::lex::Pos,
    ) -> Option<R<Lv>> {
        let fields = self.struct_var(obj)?;
        Some(match fields.iter().find(|(n, _, _)| n == field) {
            Some((_, t, r)) => Ok(Lv::Var(*r, *t)),
            None => self.err(pos, format!("the struct has no field '{field}'")),
        })
    }

    /// The binding of a `__device__` function's struct parameter: the argument's fields
    /// themselves (a non-const reference), else a copy.
    pub(super) fn struct_arg(
        &mut self,
        out: &mut Vec<Node>,
        fields: &Fields,
        a: &Expr,
        by_ref: bool,
    ) -> R<Sym> {
        let want = self.struct_regs(fields);
        let src = self.struct_source(a, &want)?;
        if by_ref {
            return Ok(Sym::Struct(src));
        }
        self.struct_copy(out, &want, &src);
        Ok(Sym::Struct(want))
    }
}
