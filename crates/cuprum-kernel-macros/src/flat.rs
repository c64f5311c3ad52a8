//! The flat path of the CPU kernel: a body shaped as an elementwise kernel (no barriers, no
//! shared memory, no warp operations, one thread index `let i = grid(1);` at the top level)
//! runs as plain loops over chunks of consecutive threads, with the arrays indexed `[i]` taken
//! as slices: no per-element bounds checks inside the chunk (the loop stops where the
//! shortest such array ends; the rest of the chunk runs checked), no atomics for the written
//! arrays indexed only by `[i]`, so LLVM vectorizes the loop. The launch takes this path when
//! it is one-dimensional and the arrays' buffers allow it (`rt::Bound::in_slice`,
//! `rt::Bound::out_window`); otherwise the block path runs.

use crate::ir::*;
use crate::phase::{children, has_barrier, stmt_exprs, visit_expr};
use crate::rgen::{R, slice_ident};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::cell::Cell;
use std::collections::HashSet;

/// What the flat path needs to know of a kernel.
pub struct Flat {
    /// the variable bound by `let i = grid(1);`
    pub ivar: usize,
    /// arrays read at `[i]` (taken as slices)
    pub ins: Vec<usize>,
    /// arrays written, indexed only at `[i]` (taken as chunk windows)
    pub outs: Vec<usize>,
}

impl Flat {
    /// Whether `idx` is exactly `[i]`.
    pub fn at_i(&self, idx: &[Expr]) -> bool {
        matches!(idx, [Expr { k: EK::Var(v), .. }] if *v == self.ivar)
    }
    /// Whether the access `p[idx]` goes through the flat path's slices.
    pub fn sliced(&self, a: Arr, idx: &[Expr]) -> bool {
        match a {
            Arr::Param(p) => (self.ins.contains(&p) || self.outs.contains(&p)) && self.at_i(idx),
            Arr::Shared(_) => false,
        }
    }
}

/// Every array access of the statements: (array, indices, is an atomic).
fn accesses(ss: &[Stmt], f: &mut dyn FnMut(Arr, &[Expr], bool)) {
    for s in ss {
        if let Stmt::Assign {
            place: Place::Index(a, idx),
            ..
        } = s
        {
            f(*a, idx, false);
        }
        for e in stmt_exprs(s) {
            visit_expr(e, &mut |x| match &x.k {
                EK::Index(a, idx) => f(*a, idx, false),
                EK::Atomic(_, a, idx, _) => f(*a, idx, true),
                _ => {}
            });
        }
        for b in children(s) {
            accesses(b, f);
        }
    }
}

/// The flat path of the kernel, when its body has the elementwise shape.
pub fn analyze(k: &Kernel) -> Option<Flat> {
    if k.vars.iter().any(|v| v.shared.is_some()) || k.body.iter().any(has_barrier) {
        return None;
    }
    let ivar = k.body.iter().find_map(|s| match s {
        Stmt::Let {
            var,
            init:
                Expr {
                    k: EK::Builtin(Builtin::Grid(0)),
                    ..
                },
        } if !k.vars[*var].mutable => Some(*var),
        _ => None,
    })?;
    let mut f = Flat {
        ivar,
        ins: Vec::new(),
        outs: Vec::new(),
    };
    let mut elsewhere = vec![false; k.params.len()];
    let mut at_i = vec![false; k.params.len()];
    accesses(&k.body, &mut |a, idx, atomic| {
        if let Arr::Param(p) = a {
            if !atomic && f.at_i(idx) {
                at_i[p] = true;
            } else {
                elsewhere[p] = true;
            }
        }
    });
    // a reassignment of `i` would make `[i]` another index (rustc rejects it; be sure)
    let mut reassigned = false;
    visit_assigned(&k.body, &mut |v| reassigned |= v == ivar);
    if reassigned {
        return None;
    }
    for (p, param) in k.params.iter().enumerate() {
        match param.kind {
            PKind::In if at_i[p] => f.ins.push(p),
            PKind::Out if at_i[p] && !elsewhere[p] => f.outs.push(p),
            _ => {}
        }
    }
    (!f.outs.is_empty()).then_some(f)
}

fn visit_assigned(ss: &[Stmt], f: &mut dyn FnMut(usize)) {
    for s in ss {
        if let Stmt::Assign {
            place: Place::Var(v),
            ..
        } = s
        {
            f(*v);
        }
        for b in children(s) {
            visit_assigned(b, f);
        }
    }
}

/// The CPU code generator, generating the flat path's code when `flat` is given.
fn with_flat<'a>(k: &'a Kernel, rt: &TokenStream, flat: Option<(&'a Flat, bool)>) -> R<'a> {
    R {
        k,
        rt: rt.clone(),
        pt: HashSet::new(),
        uniform: HashSet::new(),
        n: Cell::new(0),
        has_return: false,
        flat,
    }
}

/// The flat path's function `__flat`: `Ok(false)` when the launch or the arguments do not
/// allow it (then the block path runs), else the whole launch run as chunks of threads.
/// `binds` binds every parameter as the block path does (`__arr_<name>`, `__p_<name>`).
pub fn function(
    k: &Kernel,
    f: &Flat,
    rt: &TokenStream,
    binds: &TokenStream,
) -> syn::Result<TokenStream> {
    let fast = with_flat(k, rt, Some((f, true))).block(&k.body, 0, false)?;
    let checked = with_flat(k, rt, Some((f, false))).block(&k.body, 0, false)?;
    let r = with_flat(k, rt, None);
    let mut take = TokenStream::new();
    let mut chunk = TokenStream::new();
    let mut narrow = TokenStream::new();
    for &p in f.ins.iter().chain(&f.outs) {
        let param = &k.params[p];
        let ety = r.rty(param.elem);
        let whole = format_ident!("__w_{}", param.name);
        let s = slice_ident(&param.name);
        if param.kind == PKind::In {
            take.extend(quote! {
                let ::core::option::Option::Some(#whole) = __b.in_slice::<#ety>(#p) else {
                    return ::core::result::Result::Ok(false);
                };
            });
            chunk.extend(quote!(let #s: &[#ety] = __c.window(#whole);));
            narrow.extend(quote!(let #s: &[#ety] = &#s[..__m];));
        } else {
            take.extend(quote! {
                let ::core::option::Option::Some(#whole) = __b.out_window::<#ety>(#p) else {
                    return ::core::result::Result::Ok(false);
                };
            });
            chunk.extend(quote!(let #s: &mut [#ety] = #whole.take(__c);));
            narrow.extend(quote!(let #s: &mut [#ety] = &mut #s[..__m];));
        }
        chunk.extend(quote!(__m = ::core::cmp::min(__m, #s.len());));
    }
    let gens = &k.generics;
    Ok(quote! {
        #[allow(unused, unused_mut, unused_labels, unused_variables, unused_parens,
                non_snake_case, clippy::all)]
        fn __flat<#(#gens: #rt::JitElem),*>(
            __l: &#rt::Launch,
            __b: &#rt::Bound<'_>,
        ) -> #rt::Result<bool> {
            if !__l.flat_1d() {
                return ::core::result::Result::Ok(false);
            }
            #take
            #binds
            let __bdim: [u32; 3] = __l.block_dim();
            let __gdim: [u32; 3] = __l.grid_dim();
            __l.run_flat(__b, &|__c: &#rt::Chunk<'_>| -> #rt::Result<()> {
                let __n = __c.hi - __c.lo;
                let mut __m = __n;
                #chunk
                {
                    #narrow
                    for __j in 0..__m {
                        let __g = __c.lo + __j;
                        '__th: { #fast }
                    }
                }
                for __j in __m..__n {
                    let __g = __c.lo + __j;
                    '__th: { #checked }
                }
                ::core::result::Result::Ok(())
            })?;
            ::core::result::Result::Ok(true)
        }
    })
}
