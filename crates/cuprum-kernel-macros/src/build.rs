//! The builder: the user's `syn` function to a [`Kernel`], names resolved to parameters and
//! variables (Rust's scoping and shadowing), literal types taken from their uses, and every
//! construct outside the body language rejected at its span.

use crate::ir::*;
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Error, Result};

pub fn build(f: syn::ItemFn) -> Result<Kernel> {
    let sig = &f.sig;
    if sig.asyncness.is_some() || sig.unsafety.is_some() || sig.constness.is_some() {
        return err(&sig.fn_token, "a kernel is a plain `fn`");
    }
    if !matches!(sig.output, syn::ReturnType::Default) {
        return err(
            &sig.output,
            "a kernel returns nothing (it writes its output arrays)",
        );
    }
    let mut generics = Vec::new();
    for g in &sig.generics.params {
        match g {
            syn::GenericParam::Type(t) => generics.push(t.ident.clone()),
            other => return err(other, "only type parameters (`T`, `U`) are supported"),
        }
    }
    let mut k = Kernel {
        name: sig.ident.clone(),
        vis: f.vis.clone(),
        generics,
        params: Vec::new(),
        vars: Vec::new(),
        body: Vec::new(),
        doc: f
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("doc"))
            .cloned()
            .collect(),
    };
    for input in &sig.inputs {
        let syn::FnArg::Typed(pt) = input else {
            return err(input, "a kernel takes no `self`");
        };
        let syn::Pat::Ident(pi) = &*pt.pat else {
            return err(&pt.pat, "a parameter is a plain name");
        };
        let (kind, elem) = match &*pt.ty {
            syn::Type::Reference(r) => {
                let syn::Type::Slice(s) = &*r.elem else {
                    return err(&r.elem, "an array parameter is `&[T]` or `&mut [T]`");
                };
                let elem = k.parse_ty(&s.elem)?;
                let kind = if r.mutability.is_some() {
                    PKind::Out
                } else {
                    PKind::In
                };
                (kind, elem)
            }
            t => (PKind::Scalar, k.parse_ty(t)?),
        };
        if elem == Ty::Bool {
            return err(
                &pt.ty,
                "bool parameters are not supported; use an integer type",
            );
        }
        k.params.push(Param {
            name: pi.ident.clone(),
            kind,
            elem,
            ndim: 0,
            min_ndim: 0,
        });
    }
    let mut b = Builder {
        k,
        scopes: vec![Vec::new()],
        depth: 0,
    };
    let body = b.block(&f.block.stmts)?;
    let mut k = b.k;
    k.body = body;
    // settle literal-typed variables from their initializers, then default them
    for _ in 0..3 {
        for v in 0..k.vars.len() {
            if k.vars[v].ty.is_lit()
                && let Some(init) = k.vars[v].init.clone()
            {
                let t = k.ty(&init);
                if !t.is_lit() {
                    k.vars[v].ty = t;
                }
            }
        }
    }
    for v in &mut k.vars {
        v.ty = v.ty.settle();
    }
    Ok(k)
}

struct Builder {
    k: Kernel,
    scopes: Vec<Vec<(String, usize)>>,
    /// nesting of control flow (0: the kernel's top-level statements)
    depth: usize,
}

impl Builder {
    fn lookup(&self, name: &str) -> Option<usize> {
        for s in self.scopes.iter().rev() {
            if let Some((_, v)) = s.iter().rev().find(|(n, _)| n == name) {
                return Some(*v);
            }
        }
        None
    }

    fn param(&self, name: &str) -> Option<usize> {
        self.k.params.iter().position(|p| p.name == name)
    }

    fn declare(&mut self, name: &syn::Ident, ty: Ty, mutable: bool, annotated: bool) -> usize {
        self.k.vars.push(Var {
            name: name.clone(),
            ty,
            mutable,
            annotated,
            init: None,
            shared: None,
        });
        let id = self.k.vars.len() - 1;
        if let Some(s) = self.scopes.last_mut() {
            s.push((name.to_string(), id));
        }
        id
    }

    fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.scopes.push(Vec::new());
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        self.scopes.pop();
        r
    }

    fn block(&mut self, stmts: &[syn::Stmt]) -> Result<Vec<Stmt>> {
        let mut out = Vec::new();
        for s in stmts {
            self.stmt(s, &mut out)?;
        }
        Ok(out)
    }

    fn sub_block(&mut self, b: &syn::Block) -> Result<Vec<Stmt>> {
        self.scoped(|me| me.block(&b.stmts))
    }

    fn stmt(&mut self, s: &syn::Stmt, out: &mut Vec<Stmt>) -> Result<()> {
        match s {
            syn::Stmt::Local(l) => self.local(l, out),
            syn::Stmt::Expr(e, semi) => {
                if semi.is_none() && !is_block_like(e) {
                    return err(e, "a kernel returns nothing: end this expression with `;`");
                }
                let st = self.stmt_expr(e)?;
                out.push(st);
                Ok(())
            }
            syn::Stmt::Item(i) => err(i, "items inside a kernel are not supported"),
            syn::Stmt::Macro(m) => err(m, "macros inside a kernel are not supported"),
        }
    }

    fn local(&mut self, l: &syn::Local, out: &mut Vec<Stmt>) -> Result<()> {
        let Some(init) = &l.init else {
            return err(l, "a `let` needs a value");
        };
        if let Some((_, e)) = &init.diverge {
            return err(e, "`let ... else` is not supported");
        }
        let (pat, annot) = match &l.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(self.k_parse_ty(&pt.ty)?)),
            p => (p, None),
        };
        // `let (i, j) = grid(2);`
        if let syn::Pat::Tuple(t) = pat {
            let (name, n) = match grid_call(&init.expr) {
                Some(x) => x,
                None => {
                    return err(pat, "tuple patterns bind only `grid(n)` / `gridsize(n)`");
                }
            };
            if t.elems.len() != n {
                return err(pat, "the tuple has one name per dimension of `grid(n)`");
            }
            for (axis, p) in t.elems.iter().enumerate() {
                let syn::Pat::Ident(pi) = p else {
                    return err(p, "a plain name");
                };
                let b = if name == "grid" {
                    Builtin::Grid(axis)
                } else {
                    Builtin::GridSize(axis)
                };
                let e = Expr {
                    k: EK::Builtin(b),
                    span: init.expr.span(),
                };
                let v = self.declare(
                    &pi.ident,
                    Ty::P(Prim::Usize),
                    pi.mutability.is_some(),
                    false,
                );
                out.push(Stmt::Let { var: v, init: e });
            }
            return Ok(());
        }
        let syn::Pat::Ident(pi) = pat else {
            return err(pat, "a `let` binds a plain name (or `(i, j) = grid(2)`)");
        };
        if pi.by_ref.is_some() || pi.subpat.is_some() {
            return err(pat, "a `let` binds a plain name");
        }
        // shared memory
        if let Some((elem, n)) = self.shared_call(&init.expr)? {
            if self.depth != 0 {
                return err(
                    &init.expr,
                    "shared_memory::<T>(n) is declared among the kernel's top-level statements",
                );
            }
            let v = self.declare(&pi.ident, elem, false, true);
            self.k.vars[v].shared = Some((elem, n));
            return Ok(());
        }
        let e = self.expr(&init.expr)?;
        if matches!(e.k, EK::Index(Arr::Shared(_), _)) || self.is_array_name(&init.expr) {
            return err(
                &init.expr,
                "arrays cannot be bound to variables; index them",
            );
        }
        let ty = match annot {
            Some(t) => t,
            None => self.k.ty(&e),
        };
        // the initializer is resolved before the new name is in scope
        let v = self.declare(&pi.ident, ty, pi.mutability.is_some(), annot.is_some());
        if let Some(t) = annot {
            let k = &mut self.k;
            k.refine(&e, t);
        }
        self.k.vars[v].init = Some(e.clone());
        out.push(Stmt::Let { var: v, init: e });
        Ok(())
    }

    fn k_parse_ty(&self, t: &syn::Type) -> Result<Ty> {
        self.k.parse_ty(t)
    }

    fn is_array_name(&self, e: &syn::Expr) -> bool {
        if let syn::Expr::Path(p) = e
            && let Some(id) = p.path.get_ident()
        {
            if let Some(v) = self.lookup(&id.to_string()) {
                return self.k.vars[v].shared.is_some();
            }
            if let Some(p) = self.param(&id.to_string()) {
                return self.k.params[p].kind != PKind::Scalar;
            }
        }
        false
    }

    fn shared_call(&self, e: &syn::Expr) -> Result<Option<(Ty, usize)>> {
        let syn::Expr::Call(c) = e else {
            return Ok(None);
        };
        let syn::Expr::Path(p) = &*c.func else {
            return Ok(None);
        };
        let Some(last) = p.path.segments.last() else {
            return Ok(None);
        };
        if last.ident != "shared_memory" {
            return Ok(None);
        }
        let syn::PathArguments::AngleBracketed(a) = &last.arguments else {
            return err(last, "shared_memory::<T>(n): name the element type");
        };
        let Some(syn::GenericArgument::Type(t)) = a.args.first() else {
            return err(a, "shared_memory::<T>(n): name the element type");
        };
        let elem = self.k.parse_ty(t)?;
        if c.args.len() != 1 {
            return err(
                &c.args,
                "shared_memory::<T>(n) takes the number of elements",
            );
        }
        let n = match &c.args[0] {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => i.base10_parse::<usize>()?,
            other => {
                return err(
                    other,
                    "the size of shared memory is an integer literal (static shared memory)",
                );
            }
        };
        if n == 0 || n > (1 << 16) {
            return err(&c.args[0], "shared memory holds 1 to 65536 elements");
        }
        Ok(Some((elem, n)))
    }

    fn stmt_expr(&mut self, e: &syn::Expr) -> Result<Stmt> {
        use syn::Expr as E;
        Ok(match e {
            E::If(i) => self.if_stmt(i)?,
            E::While(w) => {
                if w.label.is_some() {
                    return err(w, "loop labels are not supported");
                }
                let cond = self.expr(&w.cond)?;
                self.expect_bool(&cond, &w.cond)?;
                let body = self.sub_block(&w.body)?;
                Stmt::While {
                    cond,
                    body,
                    span: w.while_token.span,
                }
            }
            E::Loop(l) => {
                if l.label.is_some() {
                    return err(l, "loop labels are not supported");
                }
                let body = self.sub_block(&l.body)?;
                Stmt::Loop {
                    body,
                    span: l.loop_token.span,
                }
            }
            E::ForLoop(f) => self.for_stmt(f)?,
            E::Block(b) => {
                if b.label.is_some() {
                    return err(b, "block labels are not supported");
                }
                Stmt::Block(self.sub_block(&b.block)?)
            }
            E::Break(b) => {
                if b.label.is_some() || b.expr.is_some() {
                    return err(b, "`break` takes no label or value");
                }
                Stmt::Break(b.span())
            }
            E::Continue(c) => {
                if c.label.is_some() {
                    return err(c, "`continue` takes no label");
                }
                Stmt::Continue(c.span())
            }
            E::Return(r) => {
                if r.expr.is_some() {
                    return err(r, "a kernel returns nothing");
                }
                Stmt::Return(r.span())
            }
            E::Assign(a) => {
                let place = self.place(&a.left)?;
                let value = self.expr(&a.right)?;
                let pt = self.place_ty(&place);
                self.k.refine(&value, pt);
                if let Place::Var(v) = &place {
                    let vt = self.k.ty(&value);
                    let var = &mut self.k.vars[*v];
                    if var.ty.is_lit() && !vt.is_lit() {
                        var.ty = vt;
                    }
                }
                Stmt::Assign {
                    place,
                    op: None,
                    value,
                    span: a.span(),
                }
            }
            E::Binary(b) if compound(&b.op).is_some() => {
                let op = compound(&b.op).unwrap_or(BinOp::Add);
                let place = self.place(&b.left)?;
                let value = self.expr(&b.right)?;
                let pt = self.place_ty(&place);
                self.k.refine(&value, pt);
                if let Place::Var(v) = &place
                    && !op.is_shift()
                {
                    let vt = self.k.ty(&value);
                    let var = &mut self.k.vars[*v];
                    if var.ty.is_lit() && !vt.is_lit() {
                        var.ty = vt;
                    }
                }
                Stmt::Assign {
                    place,
                    op: Some(op),
                    value,
                    span: b.span(),
                }
            }
            E::Call(c) if call_name(c).as_deref() == Some("syncthreads") => {
                if !c.args.is_empty() {
                    return err(&c.args, "syncthreads() takes no arguments");
                }
                Stmt::Sync {
                    warp: false,
                    span: c.span(),
                }
            }
            E::Call(c) if call_name(c).as_deref() == Some("syncwarp") => {
                if c.args.len() > 1 {
                    return err(&c.args, "syncwarp() takes at most a mask");
                }
                Stmt::Sync {
                    warp: true,
                    span: c.span(),
                }
            }
            other => {
                let x = self.expr(other)?;
                if !matches!(x.k, EK::Atomic(..) | EK::Warp(..)) {
                    return err(other, "this statement has no effect");
                }
                Stmt::Expr(x)
            }
        })
    }

    fn place_ty(&self, p: &Place) -> Ty {
        match p {
            Place::Var(v) => self.k.vars[*v].ty,
            Place::Index(a, _) => self.k.elem(*a),
        }
    }

    fn expect_bool(&self, e: &Expr, s: &syn::Expr) -> Result<()> {
        if self.k.ty(e) != Ty::Bool {
            return err(s, "a condition is a `bool` (a comparison)");
        }
        Ok(())
    }

    fn if_stmt(&mut self, i: &syn::ExprIf) -> Result<Stmt> {
        let cond = self.expr(&i.cond)?;
        self.expect_bool(&cond, &i.cond)?;
        let then = self.sub_block(&i.then_branch)?;
        let els = match &i.else_branch {
            None => None,
            Some((_, e)) => Some(match &**e {
                syn::Expr::Block(b) => self.sub_block(&b.block)?,
                syn::Expr::If(ii) => {
                    let s = self.scoped(|me| me.if_stmt(ii))?;
                    vec![s]
                }
                other => return err(other, "an `else` branch is a block"),
            }),
        };
        Ok(Stmt::If {
            cond,
            then,
            els,
            span: i.if_token.span,
        })
    }

    fn for_stmt(&mut self, f: &syn::ExprForLoop) -> Result<Stmt> {
        if f.label.is_some() {
            return err(f, "loop labels are not supported");
        }
        let syn::Pat::Ident(pi) = &*f.pat else {
            return err(&f.pat, "a `for` binds a plain name");
        };
        let (range, step) = match &*f.expr {
            syn::Expr::MethodCall(m) if m.method == "step_by" => {
                if m.args.len() != 1 {
                    return err(m, "step_by takes one step");
                }
                (strip(&m.receiver), Some(self.expr(&m.args[0])?))
            }
            e => (strip(e), None),
        };
        let syn::Expr::Range(r) = range else {
            return err(
                &f.expr,
                "a `for` runs over a range: `a..b`, `a..=b` or `(a..b).step_by(s)`",
            );
        };
        let (Some(a), Some(b)) = (&r.start, &r.end) else {
            return err(r, "the range needs both ends");
        };
        let start = self.expr(a)?;
        let end = self.expr(b)?;
        let ta = self.k.ty(&start);
        let tb = self.k.ty(&end);
        let t = Ty::unify(ta, tb);
        self.k.refine(&start, t);
        self.k.refine(&end, t);
        // a literal range takes its type from the loop variable's uses (Rust's inference)
        let t = if t == Ty::LitFloat {
            Ty::P(Prim::F64)
        } else {
            t
        };
        let inclusive = matches!(r.limits, syn::RangeLimits::Closed(_));
        let span = f.for_token.span;
        self.scoped(|me| {
            let var = me.declare(&pi.ident, t, false, !t.is_lit());
            let body = me.block(&f.body.stmts)?;
            Ok(Stmt::For {
                var,
                start,
                end,
                inclusive,
                step,
                body,
                span,
            })
        })
    }

    fn place(&mut self, e: &syn::Expr) -> Result<Place> {
        match strip(e) {
            syn::Expr::Path(p) => {
                let Some(id) = p.path.get_ident() else {
                    return err(p, "assign to a variable or an array element");
                };
                let Some(v) = self.lookup(&id.to_string()) else {
                    if self.param(&id.to_string()).is_some() {
                        return err(p, "parameters are read-only; copy it into a `let mut`");
                    }
                    return err(p, "unknown name");
                };
                if self.k.vars[v].shared.is_some() {
                    return err(p, "assign to an element of shared memory: `s[i] = ...`");
                }
                Ok(Place::Var(v))
            }
            syn::Expr::Index(ix) => {
                let (arr, idx) = self.index(ix)?;
                if let Arr::Param(p) = arr
                    && self.k.params[p].kind == PKind::In
                {
                    return err(
                        &ix.expr,
                        "this array is read-only (`&[T]`); declare it `&mut [T]` to write it",
                    );
                }
                Ok(Place::Index(arr, idx))
            }
            other => err(other, "assign to a variable or an array element"),
        }
    }

    fn array(&self, e: &syn::Expr) -> Result<Arr> {
        if let syn::Expr::Path(p) = strip(e)
            && let Some(id) = p.path.get_ident()
        {
            let name = id.to_string();
            if let Some(v) = self.lookup(&name) {
                if self.k.vars[v].shared.is_some() {
                    return Ok(Arr::Shared(v));
                }
                return err(e, "not an array");
            }
            if let Some(p) = self.param(&name) {
                if self.k.params[p].kind == PKind::Scalar {
                    return err(e, "a scalar parameter is not an array");
                }
                return Ok(Arr::Param(p));
            }
            return err(e, "unknown array");
        }
        // `&mut x` / `&x` as written for atomics
        if let syn::Expr::Reference(r) = strip(e) {
            return self.array(&r.expr);
        }
        err(e, "an array parameter or shared memory")
    }

    fn index(&mut self, ix: &syn::ExprIndex) -> Result<(Arr, Vec<Expr>)> {
        let arr = self.array(&ix.expr)?;
        let idx = self.indices(arr, &ix.index)?;
        Ok((arr, idx))
    }

    fn indices(&mut self, arr: Arr, e: &syn::Expr) -> Result<Vec<Expr>> {
        let parts: Vec<&syn::Expr> = match strip(e) {
            syn::Expr::Tuple(t) => t.elems.iter().collect(),
            other => vec![other],
        };
        let mut idx = Vec::new();
        for p in &parts {
            let x = self.expr(p)?;
            match self.k.ty(&x) {
                Ty::P(pr) if !pr.is_float() => {}
                Ty::LitInt => {}
                _ => return err(p, "an index is an integer"),
            }
            self.k.refine(&x, Ty::P(Prim::Usize));
            idx.push(x);
        }
        if idx.len() > 1 {
            match arr {
                Arr::Param(p) => {
                    let nd = &mut self.k.params[p].ndim;
                    if *nd != 0 && *nd != idx.len() {
                        return err(
                            e,
                            "this array is indexed with another number of indices elsewhere",
                        );
                    }
                    *nd = idx.len();
                }
                Arr::Shared(_) => return err(e, "shared memory takes one (flat) index"),
            }
        }
        Ok(idx)
    }

    fn expr(&mut self, e: &syn::Expr) -> Result<Expr> {
        use syn::Expr as E;
        let span = e.span();
        let k = match e {
            E::Paren(p) => return self.expr(&p.expr),
            E::Group(g) => return self.expr(&g.expr),
            E::Lit(l) => match &l.lit {
                syn::Lit::Int(i) => {
                    let v: u128 = i.base10_parse()?;
                    let suf = match i.suffix() {
                        "" => None,
                        s => Some(
                            Prim::parse(s)
                                .ok_or_else(|| Error::new(i.span(), "unknown literal suffix"))?,
                        ),
                    };
                    if let Some(s) = suf
                        && s.is_float()
                    {
                        EK::LitFloat(v as f64, Some(s))
                    } else {
                        EK::LitInt(v, suf)
                    }
                }
                syn::Lit::Float(f) => {
                    let v: f64 = f.base10_parse()?;
                    let suf = match f.suffix() {
                        "" => None,
                        "f32" => Some(Prim::F32),
                        "f64" => Some(Prim::F64),
                        _ => return err(f, "unknown literal suffix"),
                    };
                    EK::LitFloat(v, suf)
                }
                syn::Lit::Bool(b) => EK::Bool(b.value),
                other => return err(other, "only numbers and booleans"),
            },
            E::Path(p) => {
                let Some(id) = p.path.get_ident() else {
                    return self.path_const(p);
                };
                let name = id.to_string();
                if let Some(v) = self.lookup(&name) {
                    if self.k.vars[v].shared.is_some() {
                        return err(e, "index shared memory: `s[i]`");
                    }
                    EK::Var(v)
                } else if let Some(pi) = self.param(&name) {
                    if self.k.params[pi].kind != PKind::Scalar {
                        return err(e, "index the array (`x[i]`) or take `x.len()`");
                    }
                    EK::Param(pi)
                } else {
                    return err(e, "unknown name");
                }
            }
            E::Binary(b) => {
                let Some(op) = binop(&b.op) else {
                    return err(&b.op, "assignment operators are statements");
                };
                let l = self.expr(&b.left)?;
                let r = self.expr(&b.right)?;
                let (tl, tr) = (self.k.ty(&l), self.k.ty(&r));
                if op.is_logic() {
                    if tl != Ty::Bool || tr != Ty::Bool {
                        return err(e, "`&&` and `||` take booleans");
                    }
                } else if !op.is_shift() {
                    self.k.refine(&l, tr);
                    self.k.refine(&r, tl);
                    let (tl, tr) = (self.k.ty(&l), self.k.ty(&r));
                    if !tl.is_lit() && !tr.is_lit() && tl != tr {
                        return err(
                            e,
                            "the operands have different types; convert one with `as`",
                        );
                    }
                }
                EK::Bin(op, Box::new(l), Box::new(r))
            }
            E::Unary(u) => {
                let a = self.expr(&u.expr)?;
                match u.op {
                    syn::UnOp::Neg(_) => EK::Un(UnOp::Neg, Box::new(a)),
                    syn::UnOp::Not(_) => EK::Un(UnOp::Not, Box::new(a)),
                    _ => return err(u, "pointers are not supported"),
                }
            }
            E::Cast(c) => {
                let a = self.expr(&c.expr)?;
                let t = self.k.parse_ty(&c.ty)?;
                if t == Ty::Bool {
                    return err(&c.ty, "no cast to bool; compare with zero");
                }
                EK::Cast(Box::new(a), t)
            }
            E::Index(ix) => {
                let (arr, idx) = self.index(ix)?;
                EK::Index(arr, idx)
            }
            E::If(i) => {
                let c = self.expr(&i.cond)?;
                self.expect_bool(&c, &i.cond)?;
                let a = self.tail(&i.then_branch)?;
                let Some((_, eb)) = &i.else_branch else {
                    return err(i, "an `if` used as a value needs an `else`");
                };
                let b = match &**eb {
                    E::Block(bb) => self.tail(&bb.block)?,
                    other => self.expr(other)?,
                };
                let (ta, tb) = (self.k.ty(&a), self.k.ty(&b));
                self.k.refine(&a, tb);
                self.k.refine(&b, ta);
                EK::If(Box::new(c), Box::new(a), Box::new(b))
            }
            E::Block(b) => return self.tail(&b.block),
            E::MethodCall(m) => return self.method(m),
            E::Field(f) => return self.field(f),
            E::Call(c) => return self.call(c),
            E::Macro(m) => return err(m, "macros inside a kernel are not supported"),
            E::Closure(c) => return err(c, "closures inside a kernel are not supported"),
            E::Reference(r) => return err(r, "references are only for atomics' arrays"),
            other => return err(other, "not supported inside a kernel"),
        };
        Ok(Expr { k, span })
    }

    /// `f32::INFINITY`, `f64::consts::PI`, `i32::MAX`, ...
    fn path_const(&mut self, p: &syn::ExprPath) -> Result<Expr> {
        let segs: Vec<String> = p
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let span = p.span();
        let (ty, name) = match segs.as_slice() {
            [t, n] => (t.as_str(), n.as_str()),
            [t, c, n] if c == "consts" => (t.as_str(), n.as_str()),
            [s, t, c, n] if s == "std" && c == "consts" => (t.as_str(), n.as_str()),
            [s, t, n] if s == "std" || s == "core" => (t.as_str(), n.as_str()),
            _ => return err(p, "unknown name"),
        };
        let Some(prim) = Prim::parse(ty) else {
            return err(p, "unknown name");
        };
        let f = |v: f64| EK::LitFloat(v, Some(prim));
        let k = match (prim.is_float(), name) {
            (true, "INFINITY") => f(f64::INFINITY),
            (true, "NEG_INFINITY") => f(f64::NEG_INFINITY),
            (true, "NAN") => f(f64::NAN),
            (true, "PI") => f(std::f64::consts::PI),
            (true, "E") => f(std::f64::consts::E),
            (true, "TAU") => f(std::f64::consts::TAU),
            (true, "SQRT_2") => f(std::f64::consts::SQRT_2),
            (true, "LN_2") => f(std::f64::consts::LN_2),
            (true, "LN_10") => f(std::f64::consts::LN_10),
            (true, "MAX") => {
                if prim == Prim::F32 {
                    f(f32::MAX as f64)
                } else {
                    f(f64::MAX)
                }
            }
            (true, "MIN") => {
                if prim == Prim::F32 {
                    f(f32::MIN as f64)
                } else {
                    f(f64::MIN)
                }
            }
            (true, "EPSILON") => {
                if prim == Prim::F32 {
                    f(f32::EPSILON as f64)
                } else {
                    f(f64::EPSILON)
                }
            }
            (false, "MAX") | (false, "MIN") => {
                let bits = match prim {
                    Prim::I8 | Prim::U8 => 8,
                    Prim::I16 | Prim::U16 => 16,
                    Prim::I32 | Prim::U32 => 32,
                    _ => 64,
                };
                let signed = matches!(
                    prim,
                    Prim::I8 | Prim::I16 | Prim::I32 | Prim::I64 | Prim::Isize
                );
                let max: u128 = if signed {
                    (1u128 << (bits - 1)) - 1
                } else {
                    (1u128 << bits) - 1
                };
                if name == "MAX" {
                    EK::LitInt(max, Some(prim))
                } else if signed {
                    // MIN = -MAX - 1
                    let m = Expr {
                        k: EK::Un(
                            UnOp::Neg,
                            Box::new(Expr {
                                k: EK::LitInt(max, Some(prim)),
                                span,
                            }),
                        ),
                        span,
                    };
                    EK::Bin(
                        BinOp::Sub,
                        Box::new(m),
                        Box::new(Expr {
                            k: EK::LitInt(1, Some(prim)),
                            span,
                        }),
                    )
                } else {
                    EK::LitInt(0, Some(prim))
                }
            }
            _ => return err(p, "unknown constant"),
        };
        Ok(Expr { k, span })
    }

    fn tail(&mut self, b: &syn::Block) -> Result<Expr> {
        match b.stmts.as_slice() {
            [syn::Stmt::Expr(e, None)] => self.expr(e),
            _ => err(b, "a block used as a value holds one expression"),
        }
    }

    fn field(&mut self, f: &syn::ExprField) -> Result<Expr> {
        let axis = match &f.member {
            syn::Member::Named(n) if n == "x" => 0,
            syn::Member::Named(n) if n == "y" => 1,
            syn::Member::Named(n) if n == "z" => 2,
            m => return err(m, "`.x`, `.y` or `.z` of a thread index or dimension"),
        };
        let syn::Expr::Call(c) = strip(&f.base) else {
            return err(
                &f.base,
                "fields are `.x/.y/.z` of thread_idx(), block_idx(), ...",
            );
        };
        let b = match call_name(c).as_deref() {
            Some("thread_idx") => Builtin::ThreadIdx(axis),
            Some("block_idx") => Builtin::BlockIdx(axis),
            Some("block_dim") => Builtin::BlockDim(axis),
            Some("grid_dim") => Builtin::GridDim(axis),
            _ => return err(c, "fields are `.x/.y/.z` of thread_idx(), block_idx(), ..."),
        };
        if !c.args.is_empty() {
            return err(&c.args, "takes no arguments");
        }
        Ok(Expr {
            k: EK::Builtin(b),
            span: f.span(),
        })
    }

    fn method(&mut self, m: &syn::ExprMethodCall) -> Result<Expr> {
        let name = m.method.to_string();
        let span = m.span();
        if name == "len" || name == "shape" {
            let arr = self.array(&m.receiver)?;
            let Arr::Param(p) = arr else {
                let Arr::Shared(v) = arr else { unreachable!() };
                let n = self.k.vars[v].shared.map_or(0, |s| s.1);
                return Ok(Expr {
                    k: EK::LitInt(n as u128, Some(Prim::Usize)),
                    span,
                });
            };
            if name == "len" {
                if !m.args.is_empty() {
                    return err(&m.args, "len() takes no arguments");
                }
                return Ok(Expr {
                    k: EK::Len(p),
                    span,
                });
            }
            let Some(syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            })) = m.args.first()
            else {
                return err(m, "shape(k) takes an integer literal axis");
            };
            let axis: usize = i.base10_parse()?;
            let param = &mut self.k.params[p];
            if param.ndim != 0 && axis >= param.ndim {
                return err(i, "axis out of range of the array's indexing");
            }
            param.min_ndim = param.min_ndim.max(axis + 1);
            return Ok(Expr {
                k: EK::Shape(p, axis),
                span,
            });
        }
        let Some(mi) = MATH.iter().position(|x| x.0 == name) else {
            return err(&m.method, "unsupported method");
        };
        let mut args = vec![self.expr(&m.receiver)?];
        for a in &m.args {
            args.push(self.expr(a)?);
        }
        self.math(mi, args, span, &m.method)
    }

    fn math(&mut self, mi: usize, args: Vec<Expr>, span: Span, at: impl Spanned) -> Result<Expr> {
        if args.len() != MATH[mi].1 {
            return err(at, "wrong number of arguments");
        }
        if args.len() == 2 && MATH[mi].0 != "powi" && MATH[mi].0 != "pow" {
            let (a, b) = (self.k.ty(&args[0]), self.k.ty(&args[1]));
            self.k.refine(&args[0], b);
            self.k.refine(&args[1], a);
        }
        Ok(Expr {
            k: EK::Math(mi, args),
            span,
        })
    }

    fn call(&mut self, c: &syn::ExprCall) -> Result<Expr> {
        let span = c.span();
        let Some(name) = call_name(c) else {
            return err(&c.func, "unsupported call");
        };
        let lit_arg = |k: usize| -> Result<usize> {
            match c.args.iter().nth(k) {
                Some(syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(i),
                    ..
                })) => i.base10_parse(),
                _ => err(c, "takes an integer literal"),
            }
        };
        let b = match name.as_str() {
            "grid" | "gridsize" => {
                let n = lit_arg(0)?;
                if n != 1 {
                    return err(c, "grid(2)/grid(3) bind a tuple: `let (i, j) = grid(2);`");
                }
                Some(if name == "grid" {
                    Builtin::Grid(0)
                } else {
                    Builtin::GridSize(0)
                })
            }
            "laneid" => Some(Builtin::LaneId),
            "warpsize" => Some(Builtin::WarpSize),
            "thread_idx" | "block_idx" | "block_dim" | "grid_dim" => {
                return err(c, "take one axis: `.x`, `.y` or `.z`");
            }
            "syncthreads" | "syncwarp" => {
                return err(c, "a barrier is a statement of its own: `syncthreads();`");
            }
            "shared_memory" => {
                return err(
                    c,
                    "bind shared memory with `let s = shared_memory::<T>(n);`",
                );
            }
            _ => None,
        };
        if let Some(b) = b {
            if name != "grid" && name != "gridsize" && !c.args.is_empty() {
                return err(&c.args, "takes no arguments");
            }
            return Ok(Expr {
                k: EK::Builtin(b),
                span,
            });
        }
        if let Some(op) = AtomicOp::parse(&name) {
            let nval = if op == AtomicOp::Cas { 2 } else { 1 };
            if c.args.len() != 2 + nval {
                return err(
                    c,
                    if op == AtomicOp::Cas {
                        "atomic_cas(array, index, compare, value)"
                    } else {
                        "atomic_op(array, index, value)"
                    },
                );
            }
            let arr = self.array(&c.args[0])?;
            if let Arr::Param(p) = arr
                && self.k.params[p].kind == PKind::In
            {
                return err(&c.args[0], "atomics write: declare this array `&mut [T]`");
            }
            let idx = self.indices(arr, &c.args[1])?;
            let et = self.k.elem(arr);
            let mut vals = Vec::new();
            for a in c.args.iter().skip(2) {
                let v = self.expr(a)?;
                self.k.refine(&v, et);
                vals.push(v);
            }
            return Ok(Expr {
                k: EK::Atomic(op, arr, idx, vals),
                span,
            });
        }
        if let Some(w) = WarpOp::parse(&name) {
            let n = c.args.len();
            let ok = match w {
                WarpOp::All | WarpOp::Any | WarpOp::Ballot => n == 2,
                _ => n == 3 || n == 4,
            };
            if !ok {
                return err(
                    c,
                    "shfl_*_sync(mask, value, lane_or_delta[, width]); all/any/ballot_sync(mask, predicate)",
                );
            }
            let mut args = Vec::new();
            for a in &c.args {
                args.push(self.expr(a)?);
            }
            self.k.refine(&args[0], Ty::P(Prim::U32));
            if n >= 3 {
                self.k.refine(&args[2], Ty::P(Prim::U32));
            }
            if n == 4 {
                self.k.refine(&args[3], Ty::P(Prim::U32));
            }
            if matches!(w, WarpOp::All | WarpOp::Any | WarpOp::Ballot)
                && self.k.ty(&args[1]) != Ty::Bool
            {
                return err(&c.args[1], "the predicate is a bool");
            }
            return Ok(Expr {
                k: EK::Warp(w, args),
                span,
            });
        }
        if let Some(mi) = MATH.iter().position(|x| x.0 == name) {
            let mut args = Vec::new();
            for a in &c.args {
                args.push(self.expr(a)?);
            }
            return self.math(mi, args, span, &c.func);
        }
        err(&c.func, "unknown function")
    }
}

fn strip(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => strip(&p.expr),
        syn::Expr::Group(g) => strip(&g.expr),
        e => e,
    }
}

fn is_block_like(e: &syn::Expr) -> bool {
    matches!(
        e,
        syn::Expr::If(_)
            | syn::Expr::While(_)
            | syn::Expr::Loop(_)
            | syn::Expr::ForLoop(_)
            | syn::Expr::Block(_)
    )
}

fn call_name(c: &syn::ExprCall) -> Option<String> {
    if let syn::Expr::Path(p) = &*c.func {
        return p.path.segments.last().map(|s| s.ident.to_string());
    }
    None
}

fn grid_call(e: &syn::Expr) -> Option<(String, usize)> {
    if let syn::Expr::Call(c) = strip(e) {
        let name = call_name(c)?;
        if (name == "grid" || name == "gridsize")
            && let Some(syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            })) = c.args.first()
        {
            let n: usize = i.base10_parse().ok()?;
            if (2..=3).contains(&n) {
                return Some((name, n));
            }
        }
    }
    None
}

fn binop(op: &syn::BinOp) -> Option<BinOp> {
    use syn::BinOp as B;
    Some(match op {
        B::Add(_) => BinOp::Add,
        B::Sub(_) => BinOp::Sub,
        B::Mul(_) => BinOp::Mul,
        B::Div(_) => BinOp::Div,
        B::Rem(_) => BinOp::Rem,
        B::BitAnd(_) => BinOp::BitAnd,
        B::BitOr(_) => BinOp::BitOr,
        B::BitXor(_) => BinOp::BitXor,
        B::Shl(_) => BinOp::Shl,
        B::Shr(_) => BinOp::Shr,
        B::Lt(_) => BinOp::Lt,
        B::Le(_) => BinOp::Le,
        B::Gt(_) => BinOp::Gt,
        B::Ge(_) => BinOp::Ge,
        B::Eq(_) => BinOp::Eq,
        B::Ne(_) => BinOp::Ne,
        B::And(_) => BinOp::And,
        B::Or(_) => BinOp::Or,
        _ => return None,
    })
}

fn compound(op: &syn::BinOp) -> Option<BinOp> {
    use syn::BinOp as B;
    Some(match op {
        B::AddAssign(_) => BinOp::Add,
        B::SubAssign(_) => BinOp::Sub,
        B::MulAssign(_) => BinOp::Mul,
        B::DivAssign(_) => BinOp::Div,
        B::RemAssign(_) => BinOp::Rem,
        B::BitAndAssign(_) => BinOp::BitAnd,
        B::BitOrAssign(_) => BinOp::BitOr,
        B::BitXorAssign(_) => BinOp::BitXor,
        B::ShlAssign(_) => BinOp::Shl,
        B::ShrAssign(_) => BinOp::Shr,
        _ => return None,
    })
}
