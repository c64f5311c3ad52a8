//! The CPU kernel: Rust code that runs a block's threads as loops, phase by phase.
//!
//! A block's body is cut at each barrier (a `syncthreads()`, `syncwarp()` or warp operation
//! at the top level of the body or of uniform control flow holding barriers). Each piece
//! between barriers runs as `for __t in 0..__nt { ... }` over the active threads; control flow
//! holding barriers runs once per block with a per-thread mask (`if`: the condition per
//! thread; `while`/`for`: iterations while some thread stays in the loop); a warp operation
//! gathers its operands per thread and computes the 32-lane result. Variables used in another
//! piece than the one declaring them live in per-thread vectors (`__pt_<name>_<id>`).
//! A piece that is one `if t < u { .. }` (`t` the thread's x index, `u` block-uniform: a tree
//! reduction's step) loops over threads `0..min(u, nt)` only, in 1-D blocks.
//! An elementwise body also gets the flat path's code (see [`crate::flat`]), generated here
//! with `R::flat` set: slices instead of atomic accesses, thread builtins from the flat index.

use crate::flat::Flat;
use crate::ir::*;
use crate::phase::{has_barrier, pure_uniform};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use std::cell::Cell;
use std::collections::HashSet;
use syn::{Error, Result};

pub struct R<'a> {
    pub k: &'a Kernel,
    pub rt: TokenStream,
    pub pt: HashSet<usize>,
    /// variables kept once per block (see [`crate::phase::uniform_vars`])
    pub uniform: HashSet<usize>,
    pub n: Cell<usize>,
    /// the body has a `return` (threads leave: the per-thread `__alive` flags are kept)
    pub has_return: bool,
    /// the flat path's code (see [`crate::flat`]): its shape, and whether this is the loop
    /// where every sliced array holds the thread's element (`true`) or the checked rest
    pub flat: Option<(&'a Flat, bool)>,
}

impl R<'_> {
    fn fresh(&self, p: &str) -> Ident {
        let n = self.n.get();
        self.n.set(n + 1);
        format_ident!("__{}{}", p, n)
    }

    pub fn rty(&self, t: Ty) -> TokenStream {
        match t.settle() {
            Ty::Gen(g) => {
                let g = &self.k.generics[g];
                quote!(#g)
            }
            Ty::P(p) => {
                let i = format_ident!("{}", p.rust());
                quote!(#i)
            }
            _ => quote!(bool),
        }
    }

    fn pt_ident(&self, v: usize) -> Ident {
        format_ident!("__pt_{}_{}", self.k.vars[v].name, v)
    }

    fn sh_ident(&self, v: usize) -> Ident {
        format_ident!("__sh_{}_{}", self.k.vars[v].name, v)
    }

    fn arr_ident(&self, p: usize) -> Ident {
        format_ident!("__arr_{}", self.k.params[p].name)
    }

    /// On the flat path, the chunk slice `p[i]` goes through (and whether in the fast loop).
    fn sliced(&self, a: Arr, idx: &[Expr]) -> Option<(Ident, bool)> {
        let (f, fast) = self.flat?;
        match a {
            Arr::Param(p) if f.sliced(a, idx) => Some((slice_ident(&self.k.params[p].name), fast)),
            _ => None,
        }
    }

    /// In the fast loop of the flat path, `i < x.len()` (and its mirror and negation) for a
    /// sliced `x` is known: the loop runs only over the elements every sliced array holds.
    fn known_cmp(&self, op: BinOp, a: &Expr, b: &Expr) -> Option<bool> {
        let (f, true) = self.flat? else {
            return None;
        };
        let is_i = |e: &Expr| matches!(e.k, EK::Var(v) if v == f.ivar);
        let is_len =
            |e: &Expr| matches!(e.k, EK::Len(p) if f.ins.contains(&p) || f.outs.contains(&p));
        match op {
            BinOp::Lt if is_i(a) && is_len(b) => Some(true),
            BinOp::Gt if is_len(a) && is_i(b) => Some(true),
            BinOp::Ge if is_i(a) && is_len(b) => Some(false),
            BinOp::Le if is_len(a) && is_i(b) => Some(false),
            _ => None,
        }
    }

    fn var_ref(&self, v: usize) -> TokenStream {
        if self.pt.contains(&v) {
            let i = self.pt_ident(v);
            quote!(#i[__t])
        } else {
            let i = &self.k.vars[v].name;
            quote!(#i)
        }
    }

    /// The block-level declarations: shared memory and per-thread vectors.
    pub fn block_decls(&self) -> TokenStream {
        let rt = &self.rt;
        let mut out = TokenStream::new();
        for (v, var) in self.k.vars.iter().enumerate() {
            if let Some((t, n)) = var.shared {
                let i = self.sh_ident(v);
                let ty = self.rty(t);
                out.extend(quote!(let mut #i: ::std::vec::Vec<#ty> = __blk.shared::<#ty>(#n)?;));
            }
        }
        let mut pts: Vec<usize> = self.pt.iter().copied().collect();
        pts.sort();
        for v in pts {
            let i = self.pt_ident(v);
            let ty = self.rty(self.k.vars[v].ty);
            out.extend(quote!(let mut #i: ::std::vec::Vec<#ty> = __blk.vec::<#ty>()?;));
        }
        let _ = rt;
        out
    }

    fn active(&self, masks: &[Ident]) -> TokenStream {
        if self.has_return {
            quote!(__alive[__t] #(&& #masks[__t])*)
        } else {
            quote!(true #(&& #masks[__t])*)
        }
    }

    /// Whether thread `__t` has not returned.
    fn alive(&self) -> TokenStream {
        if self.has_return {
            quote!(__alive[__t])
        } else {
            quote!(true)
        }
    }

    fn thread_loop(&self, masks: &[Ident], body: TokenStream) -> TokenStream {
        let act = self.active(masks);
        quote! {
            for __t in 0..__nt {
                if !(#act) { continue; }
                let __tid = __blk.tid(__t);
                '__th: { #body }
            }
        }
    }

    pub fn region(&self, ss: &[Stmt], masks: &[Ident], hloop: bool) -> Result<TokenStream> {
        let mut out = TokenStream::new();
        let mut seg: Vec<&Stmt> = Vec::new();
        for s in ss {
            if self.is_uniform(s) {
                // once per block, between the thread loops before and after it
                out.extend(self.segment(&seg, masks, hloop)?);
                seg.clear();
                out.extend(self.stmt(s, 0, hloop)?);
                continue;
            }
            if !has_barrier(s) {
                seg.push(s);
                continue;
            }
            out.extend(self.segment(&seg, masks, hloop)?);
            seg.clear();
            out.extend(self.hoisted(s, masks, hloop)?);
        }
        out.extend(self.segment(&seg, masks, hloop)?);
        Ok(out)
    }

    /// A statement of a barrier region that assigns a block-uniform variable.
    fn is_uniform(&self, s: &Stmt) -> bool {
        match s {
            Stmt::Let { var, .. } => {
                self.uniform.contains(var) && self.k.vars[*var].shared.is_none()
            }
            Stmt::Assign {
                place: Place::Var(v),
                ..
            } => self.uniform.contains(v),
            _ => false,
        }
    }

    fn segment(&self, ss: &[&Stmt], masks: &[Ident], hloop: bool) -> Result<TokenStream> {
        let mut body = TokenStream::new();
        let mut any = false;
        for s in ss {
            if let Stmt::Let { var, .. } = s
                && self.k.vars[*var].shared.is_some()
            {
                continue;
            }
            any = true;
            body.extend(self.stmt(s, 0, hloop)?);
        }
        if !any {
            return Ok(TokenStream::new());
        }
        if let Some(code) = self.prefix_segment(ss, masks, hloop)? {
            return Ok(code);
        }
        Ok(self.thread_loop(masks, body))
    }

    /// A segment that is one `if t < u { .. }` with `t` the thread's x index and `u`
    /// block-uniform (a tree reduction's step): in a 1-D block the active threads are
    /// `0..min(u, nt)`, so the loop runs over those only; other blocks take the plain loop.
    fn prefix_segment(
        &self,
        ss: &[&Stmt],
        masks: &[Ident],
        hloop: bool,
    ) -> Result<Option<TokenStream>> {
        let [
            Stmt::If {
                cond,
                then,
                els: None,
                ..
            },
        ] = ss
        else {
            return Ok(None);
        };
        if !masks.is_empty() || self.has_return || self.flat.is_some() {
            return Ok(None);
        }
        let EK::Bin(BinOp::Lt, a, b) = &cond.k else {
            return Ok(None);
        };
        let EK::Var(v) = a.k else {
            return Ok(None);
        };
        if !self.is_thread_x(v) || !pure_uniform(b, &self.uniform) {
            return Ok(None);
        }
        let rt = &self.rt;
        let u = self.expr(b, Some(self.k.vars[v].ty))?;
        let mut code = TokenStream::new();
        for s in then {
            code.extend(self.stmt(s, 0, hloop)?);
        }
        let mut plain = TokenStream::new();
        for s in ss {
            plain.extend(self.stmt(s, 0, hloop)?);
        }
        let plain = self.thread_loop(masks, plain);
        Ok(Some(quote! {
            if __blk.bdim[1] == 1 && __blk.bdim[2] == 1 {
                for __t in 0..#rt::below((#u) as i128, __nt) {
                    let __tid = __blk.tid(__t);
                    '__th: { #code }
                }
            } else {
                #plain
            }
        }))
    }

    /// Whether variable `v` is `let v = thread_idx().x` (or its cast to an integer type of
    /// 32 bits or more) and never assigned again.
    fn is_thread_x(&self, v: usize) -> bool {
        fn is_tx(e: &Expr) -> bool {
            match &e.k {
                EK::Builtin(Builtin::ThreadIdx(0)) => true,
                EK::Cast(x, Ty::P(p)) => {
                    matches!(x.k, EK::Builtin(Builtin::ThreadIdx(0)))
                        && matches!(
                            p,
                            Prim::I32
                                | Prim::I64
                                | Prim::U32
                                | Prim::U64
                                | Prim::Usize
                                | Prim::Isize
                        )
                }
                _ => false,
            }
        }
        fn sites(ss: &[Stmt], v: usize, lets: &mut usize, ok: &mut bool) {
            for s in ss {
                match s {
                    Stmt::Let { var, init } if *var == v => {
                        *lets += 1;
                        *ok &= is_tx(init);
                    }
                    Stmt::Assign {
                        place: Place::Var(x),
                        ..
                    }
                    | Stmt::For { var: x, .. }
                        if *x == v =>
                    {
                        *ok = false
                    }
                    _ => {}
                }
                for b in crate::phase::children(s) {
                    sites(b, v, lets, ok);
                }
            }
        }
        let (mut lets, mut ok) = (0, true);
        sites(&self.k.body, v, &mut lets, &mut ok);
        ok && lets == 1
    }

    fn flags(&self, masks: &[Ident], id: &Ident) -> TokenStream {
        let act = self.active(masks);
        quote! {
            let mut #id = __blk.flags(false)?;
            for __t in 0..__nt { #id[__t] = #act; }
        }
    }

    fn hoisted(&self, s: &Stmt, masks: &[Ident], hloop: bool) -> Result<TokenStream> {
        let rt = &self.rt;
        Ok(match s {
            Stmt::Sync { .. } => TokenStream::new(),
            Stmt::Let { var, init } => {
                let EK::Warp(w, args) = &init.k else {
                    return Err(Error::new(init.span, "internal: a barrier statement"));
                };
                let u32t = Ty::P(Prim::U32);
                let mut tys: Vec<Ty> = Vec::new();
                for (i, a) in args.iter().enumerate() {
                    let t = match (w, i) {
                        (_, 0) => u32t,
                        (WarpOp::All | WarpOp::Any | WarpOp::Ballot, 1) => Ty::Bool,
                        (_, 1) => self.k.ty(a).settle(),
                        _ => u32t,
                    };
                    tys.push(t);
                }
                let ids: Vec<Ident> = (0..args.len()).map(|_| self.fresh("wa")).collect();
                let mut decl = TokenStream::new();
                let mut fill = TokenStream::new();
                for ((id, t), a) in ids.iter().zip(&tys).zip(args) {
                    let ty = self.rty(*t);
                    decl.extend(quote!(let mut #id: ::std::vec::Vec<#ty> = __blk.vec::<#ty>()?;));
                    let x = self.expr(a, Some(*t))?;
                    fill.extend(quote!(#id[__t] = #x;));
                }
                let gather = self.thread_loop(masks, fill);
                let act = self.fresh("act");
                let flags = self.flags(masks, &act);
                let out = self.pt_ident(*var);
                let call = match w {
                    WarpOp::All | WarpOp::Any | WarpOp::Ballot => {
                        let kind = match w {
                            WarpOp::All => 0u8,
                            WarpOp::Any => 1,
                            _ => 2,
                        };
                        let (m, p) = (&ids[0], &ids[1]);
                        if *w == WarpOp::Ballot {
                            quote!(#rt::warp_ballot(&#act, &#m, &#p, &mut #out);)
                        } else {
                            quote!(#rt::warp_vote(#kind, &#act, &#m, &#p, &mut #out);)
                        }
                    }
                    _ => {
                        let kind = match w {
                            WarpOp::Shfl => 0u8,
                            WarpOp::ShflDown => 1,
                            WarpOp::ShflUp => 2,
                            _ => 3,
                        };
                        let (v, l) = (&ids[1], &ids[2]);
                        let width = match ids.get(3) {
                            Some(wd) => quote!(::core::option::Option::Some(&#wd[..])),
                            None => quote!(::core::option::Option::None),
                        };
                        quote!(#rt::warp_shfl(#kind, &#act, &#v, &#l, #width, &mut #out);)
                    }
                };
                quote! { { #decl #gather #flags #call } }
            }
            Stmt::If {
                cond, then, els, ..
            } if pure_uniform(cond, &self.uniform) => {
                let c = self.expr(cond, None)?;
                let a = self.region(then, masks, hloop)?;
                match els {
                    Some(e) => {
                        let b = self.region(e, masks, hloop)?;
                        quote!(if #c { #a } else { #b })
                    }
                    None => quote!(if #c { #a }),
                }
            }
            Stmt::While { cond, body, .. } if pure_uniform(cond, &self.uniform) => {
                let c = self.expr(cond, None)?;
                let code = self.region(body, masks, true)?;
                quote!(while #c { #code })
            }
            Stmt::For {
                var,
                start,
                end,
                inclusive,
                step,
                body,
                ..
            } if self.uniform.contains(var) => {
                let t = self.k.vars[*var].ty;
                let ty = self.rty(t);
                let name = &self.k.vars[*var].name;
                let e = self.fresh("end");
                let a = self.expr(start, Some(t))?;
                let b = self.expr(end, Some(t))?;
                let st = match step {
                    Some(s) => self.expr(s, Some(t))?,
                    None => self.lit_int(1, t, Span::call_site()),
                };
                let cmp = if *inclusive {
                    quote!(#name <= #e)
                } else {
                    quote!(#name < #e)
                };
                let code = self.region(body, masks, true)?;
                quote! {
                    {
                        let mut #name: #ty = #a;
                        let #e: #ty = #b;
                        while #cmp {
                            #code
                            // Rust's range: the loop ends where the next value leaves the type
                            match #rt::JitElem::loop_next(#name, #st) {
                                ::core::option::Option::Some(__n) => #name = __n,
                                ::core::option::Option::None => break,
                            }
                        }
                    }
                }
            }
            Stmt::If {
                cond, then, els, ..
            } => {
                let c = self.fresh("c");
                let cx = self.expr(cond, None)?;
                let gather = self.thread_loop(masks, quote!(#c[__t] = #cx;));
                let mut inner: Vec<Ident> = masks.to_vec();
                inner.push(c.clone());
                let then_code = self.region(then, &inner, hloop)?;
                let else_code = match els {
                    Some(e) => {
                        let n = self.fresh("e");
                        let fill = self.thread_loop(masks, quote!(#n[__t] = !#c[__t];));
                        let mut em: Vec<Ident> = masks.to_vec();
                        em.push(n.clone());
                        let code = self.region(e, &em, hloop)?;
                        quote! { let mut #n = __blk.flags(false)?; #fill #code }
                    }
                    None => TokenStream::new(),
                };
                quote! {
                    {
                        let mut #c = __blk.flags(false)?;
                        #gather
                        #then_code
                        #else_code
                    }
                }
            }
            Stmt::While { cond, body, .. } => {
                let alive = self.alive();
                let c = self.fresh("c");
                let init = self.flags(masks, &c);
                let cx = self.expr(cond, None)?;
                let code = self.region(body, std::slice::from_ref(&c), true)?;
                quote! {
                    {
                        #init
                        loop {
                            for __t in 0..__nt {
                                if !(#alive && #c[__t]) { #c[__t] = false; continue; }
                                let __tid = __blk.tid(__t);
                                #c[__t] = #cx;
                            }
                            if !#c.iter().any(|&__x| __x) { break; }
                            #code
                        }
                    }
                }
            }
            Stmt::For {
                var,
                start,
                end,
                inclusive,
                step,
                body,
                ..
            } => {
                let alive = self.alive();
                let t = self.k.vars[*var].ty;
                let ty = self.rty(t);
                let e = self.fresh("end");
                let c = self.fresh("c");
                let pv = self.pt_ident(*var);
                let a = self.expr(start, Some(t))?;
                let b = self.expr(end, Some(t))?;
                let st = match step {
                    Some(s) => self.expr(s, Some(t))?,
                    None => self.lit_int(1, t, Span::call_site()),
                };
                let gather = self.thread_loop(masks, quote!(#pv[__t] = #a; #e[__t] = #b;));
                let init = self.flags(masks, &c);
                let cmp = if *inclusive {
                    quote!(#pv[__t] <= #e[__t])
                } else {
                    quote!(#pv[__t] < #e[__t])
                };
                let code = self.region(body, std::slice::from_ref(&c), true)?;
                quote! {
                    {
                        let mut #e: ::std::vec::Vec<#ty> = __blk.vec::<#ty>()?;
                        #gather
                        #init
                        loop {
                            for __t in 0..__nt {
                                if !(#alive && #c[__t]) { #c[__t] = false; continue; }
                                #c[__t] = #cmp;
                            }
                            if !#c.iter().any(|&__x| __x) { break; }
                            #code
                            for __t in 0..__nt {
                                if !(#alive && #c[__t]) { continue; }
                                let __tid = __blk.tid(__t);
                                // Rust's range: the thread's loop ends where the next value
                                // leaves the type
                                match #rt::JitElem::loop_next(#pv[__t], #st) {
                                    ::core::option::Option::Some(__n) => #pv[__t] = __n,
                                    ::core::option::Option::None => #c[__t] = false,
                                }
                            }
                        }
                    }
                }
            }
            Stmt::Block(b) => {
                let code = self.region(b, masks, hloop)?;
                quote!({ #code })
            }
            Stmt::Loop { span, .. } => {
                return Err(Error::new(*span, "a `loop` holding barriers: use `while`"));
            }
            other => {
                return Err(Error::new(
                    stmt_span(other),
                    "internal: unexpected barrier statement",
                ));
            }
        })
    }

    pub fn block(&self, ss: &[Stmt], depth: usize, hloop: bool) -> Result<TokenStream> {
        let mut out = TokenStream::new();
        for s in ss {
            out.extend(self.stmt(s, depth, hloop)?);
        }
        Ok(out)
    }

    /// A statement inside a thread loop; `depth` counts the loops opened inside the piece.
    fn stmt(&self, s: &Stmt, depth: usize, hloop: bool) -> Result<TokenStream> {
        let rt = &self.rt;
        Ok(match s {
            Stmt::Let { var, init } => {
                let v = &self.k.vars[*var];
                if v.shared.is_some() {
                    return Ok(TokenStream::new());
                }
                let x = self.expr(init, Some(v.ty))?;
                if self.pt.contains(var) {
                    let i = self.pt_ident(*var);
                    quote!(#i[__t] = #x;)
                } else {
                    let ty = self.rty(v.ty);
                    let name = &v.name;
                    if v.mutable {
                        quote!(let mut #name: #ty = #x;)
                    } else {
                        quote!(let #name: #ty = #x;)
                    }
                }
            }
            Stmt::Assign {
                place,
                op,
                value,
                span,
            } => {
                let (t, cur) = match place {
                    Place::Var(v) => (self.k.vars[*v].ty, self.var_ref(*v)),
                    Place::Index(a, idx) => (self.k.elem(*a), self.load(*a, idx)?),
                };
                let val = match op {
                    None => self.expr(value, Some(t))?,
                    Some(op) => {
                        let y = if op.is_shift() {
                            self.expr(value, None)?
                        } else {
                            self.expr(value, Some(t))?
                        };
                        self.arith(*op, cur.clone(), y, *span)
                    }
                };
                let sliced = match place {
                    Place::Index(a, idx) => self.sliced(*a, idx),
                    Place::Var(_) => None,
                };
                match place {
                    Place::Var(_) => quote_spanned!(*span=> #cur = #val;),
                    Place::Index(..) if sliced.is_some() => match sliced {
                        Some((s, true)) => {
                            quote_spanned!(*span=> { let __v = #val; #s[__j] = __v; })
                        }
                        _ => {
                            let s = sliced.map(|x| x.0);
                            quote_spanned!(*span=> { let __v = #val; #rt::sh_st(&mut #s[..], __j, __v, __c); })
                        }
                    },
                    Place::Index(Arr::Param(p), idx) => {
                        let a = self.arr_ident(*p);
                        let f = self.flat(Arr::Param(*p), idx)?;
                        quote_spanned!(*span=> { let __v = #val; #a.st(#f, __v); })
                    }
                    Place::Index(Arr::Shared(v), idx) => {
                        let sh = self.sh_ident(*v);
                        let f = self.flat(Arr::Shared(*v), idx)?;
                        quote_spanned!(*span=> { let __v = #val; let __i = #f; #rt::sh_st(&mut #sh, __i, __v, __blk); })
                    }
                }
            }
            Stmt::Expr(e) => {
                let x = self.expr(e, None)?;
                quote!(let _ = #x;)
            }
            Stmt::If {
                cond, then, els, ..
            } => {
                let c = self.expr(cond, None)?;
                let a = self.block(then, depth, hloop)?;
                match els {
                    Some(e) => {
                        let b = self.block(e, depth, hloop)?;
                        quote!(if #c { #a } else { #b })
                    }
                    None => quote!(if #c { #a }),
                }
            }
            Stmt::While { cond, body, .. } => {
                let c = self.expr(cond, None)?;
                let b = self.block(body, depth + 1, hloop)?;
                quote!(while #c { #b })
            }
            Stmt::Loop { body, .. } => {
                let b = self.block(body, depth + 1, hloop)?;
                quote!(loop { #b })
            }
            Stmt::For {
                var,
                start,
                end,
                inclusive,
                step,
                body,
                span,
            } => {
                let t = self.k.vars[*var].ty;
                let a = self.expr(start, Some(t))?;
                let b = self.expr(end, Some(t))?;
                let name = &self.k.vars[*var].name;
                let range = if *inclusive {
                    quote_spanned!(*span=> (#a..=#b))
                } else {
                    quote_spanned!(*span=> (#a..#b))
                };
                let range = match step {
                    Some(s) => {
                        let st = self.expr(s, None)?;
                        quote_spanned!(*span=> #range.step_by(#rt::step(#st)))
                    }
                    None => range,
                };
                let body = self.block(body, depth + 1, hloop)?;
                quote!(for #name in #range { #body })
            }
            Stmt::Break(sp) | Stmt::Continue(sp) => {
                if depth == 0 {
                    return Err(Error::new(
                        *sp,
                        if hloop {
                            "`break`/`continue` out of a loop that holds syncthreads() or warp \
                             operations is not supported: end the loop through its condition"
                        } else {
                            "`break`/`continue` outside of a loop"
                        },
                    ));
                }
                if matches!(s, Stmt::Break(_)) {
                    quote!(break;)
                } else {
                    quote!(continue;)
                }
            }
            Stmt::Return(_) if self.flat.is_some() => quote!(break '__th;),
            Stmt::Return(_) => quote!({
                __alive[__t] = false;
                break '__th;
            }),
            Stmt::Sync { span, .. } => {
                return Err(Error::new(
                    *span,
                    "a barrier here is not supported: barriers stand in the kernel's top-level \
                     statements or in `if`/`while`/`for` bodies",
                ));
            }
            Stmt::Block(b) => {
                let b = self.block(b, depth, hloop)?;
                quote!({ #b })
            }
        })
    }

    fn flat(&self, a: Arr, idx: &[Expr]) -> Result<TokenStream> {
        let rt = &self.rt;
        let us = Some(Ty::P(Prim::Usize));
        let mut xs = Vec::new();
        for i in idx {
            let x = self.expr(i, us)?;
            xs.push(quote!(#rt::ix(#x)));
        }
        Ok(match a {
            Arr::Param(p) if xs.len() > 1 => {
                let ai = self.arr_ident(p);
                quote!(#ai.flat([#(#xs),*]))
            }
            _ => {
                let x = &xs[0];
                quote!(#x)
            }
        })
    }

    fn load(&self, a: Arr, idx: &[Expr]) -> Result<TokenStream> {
        let rt = &self.rt;
        if let Some((s, fast)) = self.sliced(a, idx) {
            return Ok(if fast {
                quote!(#s[__j])
            } else {
                quote!(#rt::sh_ld(&#s[..], __j, __c))
            });
        }
        let f = self.flat(a, idx)?;
        Ok(match a {
            Arr::Param(p) => {
                let ai = self.arr_ident(p);
                quote!(#ai.ld(#f))
            }
            Arr::Shared(v) => {
                let sh = self.sh_ident(v);
                quote!(#rt::sh_ld(&#sh, #f, __blk))
            }
        })
    }

    fn arith(&self, op: BinOp, x: TokenStream, y: TokenStream, span: Span) -> TokenStream {
        let rt = &self.rt;
        match op {
            BinOp::Add => quote_spanned!(span=> #rt::add(#x, #y)),
            BinOp::Sub => quote_spanned!(span=> #rt::sub(#x, #y)),
            BinOp::Mul => quote_spanned!(span=> #rt::mul(#x, #y)),
            BinOp::Div => quote_spanned!(span=> #rt::div(#x, #y)),
            BinOp::Rem => quote_spanned!(span=> #rt::rem(#x, #y)),
            BinOp::Shl => quote_spanned!(span=> #rt::shl(#x, #rt::to_u32(#y))),
            BinOp::Shr => quote_spanned!(span=> #rt::shr(#x, #rt::to_u32(#y))),
            BinOp::BitAnd => quote_spanned!(span=> (#x & #y)),
            BinOp::BitOr => quote_spanned!(span=> (#x | #y)),
            BinOp::BitXor => quote_spanned!(span=> (#x ^ #y)),
            _ => quote_spanned!(span=> compile_error!("internal: not arithmetic")),
        }
    }

    fn lit_int(&self, v: u128, t: Ty, span: Span) -> TokenStream {
        let rt = &self.rt;
        match t.settle() {
            Ty::P(p) => {
                let s = if p.is_float() {
                    format!("{v}.0{}", p.rust())
                } else {
                    format!("{v}{}", p.rust())
                };
                if p.is_float() {
                    let l = syn::LitFloat::new(&s, span);
                    quote!(#l)
                } else {
                    let l = syn::LitInt::new(&s, span);
                    quote!(#l)
                }
            }
            Ty::Gen(g) => {
                let g = &self.k.generics[g];
                let l = syn::LitInt::new(&format!("{}u64", v as u64), span);
                quote_spanned!(span=> <#g as #rt::JitElem>::from_as(#l))
            }
            _ => {
                let l = syn::LitInt::new(&format!("{v}"), span);
                quote!(#l)
            }
        }
    }

    fn lit_float(&self, v: f64, t: Ty, span: Span) -> TokenStream {
        let rt = &self.rt;
        let f = |p: Prim| -> TokenStream {
            let pi = format_ident!("{}", p.rust());
            if v.is_nan() {
                quote!(#pi::NAN)
            } else if v == f64::INFINITY {
                quote!(#pi::INFINITY)
            } else if v == f64::NEG_INFINITY {
                quote!(#pi::NEG_INFINITY)
            } else {
                let mut s = if p == Prim::F32 {
                    format!("{:?}", v as f32)
                } else {
                    format!("{v:?}")
                };
                if !s.contains(['.', 'e', 'E']) {
                    s.push_str(".0");
                }
                s.push_str(p.rust());
                let l = syn::LitFloat::new(&s, span);
                quote!(#l)
            }
        };
        match t.settle() {
            Ty::P(p) if p.is_float() => f(p),
            Ty::P(p) => {
                let x = f(Prim::F64);
                let pi = format_ident!("{}", p.rust());
                quote_spanned!(span=> <#pi as #rt::JitElem>::from_as(#x))
            }
            Ty::Gen(g) => {
                let g = &self.k.generics[g];
                let x = f(Prim::F64);
                quote_spanned!(span=> <#g as #rt::JitElem>::from_as(#x))
            }
            _ => f(Prim::F64),
        }
    }

    pub fn expr(&self, e: &Expr, want: Option<Ty>) -> Result<TokenStream> {
        let k = self.k;
        let rt = &self.rt;
        let span = e.span;
        let lit_ty = |own: Ty| -> Ty {
            if own.is_lit() {
                want.filter(|w| !w.is_lit() && *w != Ty::Bool)
                    .unwrap_or(own)
            } else {
                own
            }
        };
        Ok(match &e.k {
            EK::LitInt(v, _) => {
                let t = lit_ty(k.ty(e));
                if t == Ty::LitFloat {
                    self.lit_float(*v as f64, t, span)
                } else {
                    self.lit_int(*v, t, span)
                }
            }
            EK::LitFloat(v, _) => self.lit_float(*v, lit_ty(k.ty(e)), span),
            EK::Bool(b) => quote!(#b),
            EK::Var(v) => self.var_ref(*v),
            EK::Param(p) => {
                let i = format_ident!("__p_{}", k.params[*p].name);
                quote!(#i)
            }
            EK::Bin(op, a, b) => {
                if op.is_logic() {
                    let x = self.expr(a, None)?;
                    let y = self.expr(b, None)?;
                    return Ok(if *op == BinOp::And {
                        quote_spanned!(span=> (#x && #y))
                    } else {
                        quote_spanned!(span=> (#x || #y))
                    });
                }
                if op.is_shift() {
                    let t = lit_ty(k.ty(a));
                    let x = self.expr(a, Some(t))?;
                    let y = self.expr(b, None)?;
                    return Ok(self.arith(*op, x, y, span));
                }
                if let Some(v) = self.known_cmp(*op, a, b) {
                    return Ok(quote!(#v));
                }
                let t = Ty::unify(k.ty(a), k.ty(b));
                let t = if op.is_cmp() { t.settle() } else { lit_ty(t) };
                let x = self.expr(a, Some(t))?;
                let y = self.expr(b, Some(t))?;
                if op.is_cmp() {
                    match op {
                        BinOp::Lt => quote_spanned!(span=> (#x < #y)),
                        BinOp::Le => quote_spanned!(span=> (#x <= #y)),
                        BinOp::Gt => quote_spanned!(span=> (#x > #y)),
                        BinOp::Ge => quote_spanned!(span=> (#x >= #y)),
                        BinOp::Eq => quote_spanned!(span=> (#x == #y)),
                        _ => quote_spanned!(span=> (#x != #y)),
                    }
                } else {
                    self.arith(*op, x, y, span)
                }
            }
            EK::Un(op, a) => {
                let t = lit_ty(k.ty(a));
                let x = self.expr(a, Some(t))?;
                match op {
                    UnOp::Neg => quote_spanned!(span=> #rt::neg(#x)),
                    UnOp::Not => quote_spanned!(span=> (!#x)),
                }
            }
            EK::Cast(a, t) => {
                let src = k.ty(a).settle();
                let x = self.expr(a, Some(src))?;
                let dst = self.rty(*t);
                if src == Ty::Bool {
                    quote_spanned!(span=> <#dst as #rt::JitElem>::from_as(#x as u8))
                } else {
                    quote_spanned!(span=> <#dst as #rt::JitElem>::from_as(#x))
                }
            }
            EK::Index(a, idx) => self.load(*a, idx)?,
            EK::Len(p) => {
                let ai = self.arr_ident(*p);
                quote!(#ai.len())
            }
            EK::Shape(p, d) => {
                let ai = self.arr_ident(*p);
                quote!(#ai.dim(#d))
            }
            EK::If(c, a, b) => {
                let t = lit_ty(k.ty(e));
                let c = self.expr(c, None)?;
                let x = self.expr(a, Some(t))?;
                let y = self.expr(b, Some(t))?;
                quote_spanned!(span=> (if #c { #x } else { #y }))
            }
            EK::Math(m, args) => {
                let (name, _, cname) = MATH[*m];
                let t = lit_ty(k.ty(e)).settle();
                let f = format_ident!("{}", cname);
                let x = self.expr(&args[0], Some(t))?;
                if args.len() == 1 {
                    quote_spanned!(span=> #rt::JitElem::#f(#x))
                } else {
                    let y = if name == "powi" {
                        self.expr(&args[1], Some(Ty::P(Prim::I32)))?
                    } else {
                        self.expr(&args[1], Some(t))?
                    };
                    quote_spanned!(span=> #rt::JitElem::#f(#x, #y))
                }
            }
            EK::Builtin(b) if self.flat.is_some() => flat_builtin(*b),
            EK::Builtin(b) => match b {
                Builtin::ThreadIdx(i) => quote!(__tid[#i]),
                Builtin::BlockIdx(i) => quote!(__blk.bidx[#i]),
                Builtin::BlockDim(i) => quote!(__blk.bdim[#i]),
                Builtin::GridDim(i) => quote!(__blk.gdim[#i]),
                Builtin::Grid(i) => {
                    quote!((__blk.bidx[#i] as usize * __blk.bdim[#i] as usize + __tid[#i] as usize))
                }
                Builtin::GridSize(i) => quote!((__blk.gdim[#i] as usize * __blk.bdim[#i] as usize)),
                Builtin::LaneId => quote!(((__t % 32) as u32)),
                Builtin::WarpSize => quote!(32u32),
            },
            EK::Atomic(op, a, idx, vals) => {
                let t = k.elem(*a);
                let f = self.flat(*a, idx)?;
                let v = self.expr(&vals[0], Some(t))?;
                let body = match op {
                    AtomicOp::Add => quote!(#rt::add(__o, __v)),
                    AtomicOp::Sub => quote!(#rt::sub(__o, __v)),
                    AtomicOp::Exch => quote!(__v),
                    AtomicOp::Min => quote!(#rt::JitElem::min(__o, __v)),
                    AtomicOp::Max => quote!(#rt::JitElem::max(__o, __v)),
                    AtomicOp::Inc => quote!(#rt::inc(__o, __v)),
                    AtomicOp::Dec => quote!(#rt::dec(__o, __v)),
                    AtomicOp::And => quote!((__o & __v)),
                    AtomicOp::Or => quote!((__o | __v)),
                    AtomicOp::Xor => quote!((__o ^ __v)),
                    AtomicOp::Cas => quote!(if __o == __c { __v } else { __o }),
                };
                let (cmp, v) = if *op == AtomicOp::Cas {
                    let c = v;
                    let v2 = self.expr(&vals[1], Some(t))?;
                    (quote!(let __c = #c;), v2)
                } else {
                    (TokenStream::new(), v)
                };
                match a {
                    Arr::Param(p) => {
                        let ai = self.arr_ident(*p);
                        quote_spanned!(span=> { let __i = #f; #cmp let __v = #v; #ai.rmw(__i, |__o| #body) })
                    }
                    Arr::Shared(sv) => {
                        let sh = self.sh_ident(*sv);
                        quote_spanned!(span=> { let __i = #f; #cmp let __v = #v; #rt::sh_rmw(&mut #sh, __i, __blk, |__o| #body) })
                    }
                }
            }
            EK::Warp(..) => {
                return Err(Error::new(
                    span,
                    "a warp operation here is not supported on the CPU: use it in a `let` of \
                     the kernel's top-level statements or of `if`/`while`/`for` bodies",
                ));
            }
        })
    }
}

/// The name of a flat run's chunk slice of parameter `name`.
pub fn slice_ident(name: &Ident) -> Ident {
    format_ident!("__s_{}", name)
}

/// A thread builtin on the flat path: thread `__g` of a one-dimensional launch of `__bdim`
/// threads a block and `__gdim` blocks.
fn flat_builtin(b: Builtin) -> TokenStream {
    let bd = quote!((__bdim[0] as usize));
    match b {
        Builtin::ThreadIdx(0) => quote!(((__g % #bd) as u32)),
        Builtin::BlockIdx(0) => quote!(((__g / #bd) as u32)),
        Builtin::ThreadIdx(_) | Builtin::BlockIdx(_) => quote!(0u32),
        Builtin::BlockDim(i) => quote!(__bdim[#i]),
        Builtin::GridDim(i) => quote!(__gdim[#i]),
        Builtin::Grid(0) => quote!(__g),
        Builtin::Grid(_) => quote!(0usize),
        Builtin::GridSize(i) => quote!((__gdim[#i] as usize * __bdim[#i] as usize)),
        Builtin::LaneId => quote!(((__g % #bd % 32) as u32)),
        Builtin::WarpSize => quote!(32u32),
    }
}

fn stmt_span(s: &Stmt) -> Span {
    match s {
        Stmt::Assign { span, .. }
        | Stmt::If { span, .. }
        | Stmt::While { span, .. }
        | Stmt::Loop { span, .. }
        | Stmt::For { span, .. }
        | Stmt::Sync { span, .. } => *span,
        Stmt::Break(s) | Stmt::Continue(s) | Stmt::Return(s) => *s,
        Stmt::Let { init, .. } => init.span,
        Stmt::Expr(e) => e.span,
        Stmt::Block(_) => Span::call_site(),
    }
}
