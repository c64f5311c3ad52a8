//! The CPU's thread model: which statements are barriers (`syncthreads()`, `syncwarp()`, warp
//! operations), the check that a `syncthreads()` is not under thread-dependent control flow,
//! warp operations moved into statements of their own, and the variables that live across a
//! barrier (kept per thread).

use crate::ir::*;
use std::collections::{HashMap, HashSet};
use syn::{Error, Result};

pub fn expr_has_warp(e: &Expr) -> bool {
    let mut found = false;
    visit_expr(e, &mut |x| {
        if matches!(x.k, EK::Warp(..)) {
            found = true;
        }
    });
    found
}

/// Calls `f` on `e` and every expression inside it.
pub fn visit_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.k {
        EK::Bin(_, a, b) => {
            visit_expr(a, f);
            visit_expr(b, f);
        }
        EK::Un(_, a) | EK::Cast(a, _) => visit_expr(a, f),
        EK::Index(_, idx) => idx.iter().for_each(|x| visit_expr(x, f)),
        EK::If(c, a, b) => {
            visit_expr(c, f);
            visit_expr(a, f);
            visit_expr(b, f);
        }
        EK::Math(_, a) | EK::Warp(_, a) => a.iter().for_each(|x| visit_expr(x, f)),
        EK::Atomic(_, _, idx, vals) => {
            idx.iter().for_each(|x| visit_expr(x, f));
            vals.iter().for_each(|x| visit_expr(x, f));
        }
        _ => {}
    }
}

/// The expressions directly in a statement (not in nested statements).
pub(crate) fn stmt_exprs(s: &Stmt) -> Vec<&Expr> {
    match s {
        Stmt::Let { init, .. } => vec![init],
        Stmt::Assign { place, value, .. } => {
            let mut v = vec![value];
            if let Place::Index(_, idx) = place {
                v.extend(idx.iter());
            }
            v
        }
        Stmt::Expr(e) => vec![e],
        Stmt::If { cond, .. } | Stmt::While { cond, .. } => vec![cond],
        Stmt::For {
            start, end, step, ..
        } => {
            let mut v = vec![start, end];
            v.extend(step.iter());
            v
        }
        _ => vec![],
    }
}

pub(crate) fn children(s: &Stmt) -> Vec<&[Stmt]> {
    match s {
        Stmt::If { then, els, .. } => {
            let mut v: Vec<&[Stmt]> = vec![then];
            if let Some(e) = els {
                v.push(e);
            }
            v
        }
        Stmt::While { body, .. } | Stmt::Loop { body, .. } | Stmt::For { body, .. } => {
            vec![body]
        }
        Stmt::Block(b) => vec![b],
        _ => vec![],
    }
}

/// Whether the statement is or holds a barrier (the CPU runs it across the block's threads).
pub fn has_barrier(s: &Stmt) -> bool {
    if matches!(s, Stmt::Sync { .. }) {
        return true;
    }
    stmt_exprs(s).iter().any(|e| expr_has_warp(e))
        || children(s).iter().any(|b| b.iter().any(has_barrier))
}

fn holds_sync(s: &Stmt) -> Option<proc_macro2::Span> {
    if let Stmt::Sync { span, .. } = s {
        return Some(*span);
    }
    children(s)
        .iter()
        .find_map(|b| b.iter().find_map(holds_sync))
}

/// Whether a `return` stands anywhere in the statements.
pub fn has_return(ss: &[Stmt]) -> bool {
    ss.iter()
        .any(|s| matches!(s, Stmt::Return(_)) || children(s).iter().any(|b| has_return(b)))
}

// ---- thread dependence ----

fn tainted(e: &Expr, tv: &[bool]) -> bool {
    let mut t = false;
    visit_expr(e, &mut |x| match &x.k {
        EK::Builtin(Builtin::ThreadIdx(_) | Builtin::Grid(_) | Builtin::LaneId) => t = true,
        EK::Var(v) if tv[*v] => t = true,
        EK::Atomic(..) | EK::Warp(..) => t = true,
        _ => {}
    });
    t
}

fn taint(ss: &[Stmt], ctx: bool, tv: &mut [bool], changed: &mut bool) {
    let set = |v: usize, t: bool, tv: &mut [bool], changed: &mut bool| {
        if t && !tv[v] {
            tv[v] = true;
            *changed = true;
        }
    };
    for s in ss {
        match s {
            Stmt::Let { var, init } => {
                let t = ctx || tainted(init, tv);
                set(*var, t, tv, changed);
            }
            Stmt::Assign {
                place: Place::Var(v),
                value,
                ..
            } => {
                let t = ctx || tainted(value, tv);
                set(*v, t, tv, changed);
            }
            Stmt::If {
                cond, then, els, ..
            } => {
                let c = ctx || tainted(cond, tv);
                taint(then, c, tv, changed);
                if let Some(e) = els {
                    taint(e, c, tv, changed);
                }
            }
            Stmt::While { cond, body, .. } => {
                let c = ctx || tainted(cond, tv);
                taint(body, c, tv, changed);
            }
            Stmt::For {
                var,
                start,
                end,
                step,
                body,
                ..
            } => {
                let c = ctx
                    || tainted(start, tv)
                    || tainted(end, tv)
                    || step.as_ref().is_some_and(|x| tainted(x, tv));
                set(*var, c, tv, changed);
                taint(body, c, tv, changed);
            }
            Stmt::Loop { body, .. } => taint(body, ctx, tv, changed),
            Stmt::Block(b) => taint(b, ctx, tv, changed),
            _ => {}
        }
    }
}

fn check_syncs(ss: &[Stmt], ctx: Option<proc_macro2::Span>, tv: &[bool]) -> Result<()> {
    for s in ss {
        let sub = |c: &Expr| -> Option<proc_macro2::Span> {
            if ctx.is_some() {
                ctx
            } else if tainted(c, tv) {
                Some(c.span)
            } else {
                None
            }
        };
        match s {
            Stmt::Sync { span, warp: false } => {
                if let Some(c) = ctx {
                    let mut e = Error::new(
                        *span,
                        "syncthreads() inside thread-dependent control flow: every thread of the \
                         block must reach the same barriers",
                    );
                    e.combine(Error::new(c, "this condition depends on the thread"));
                    return Err(e);
                }
            }
            Stmt::If {
                cond, then, els, ..
            } => {
                let c = sub(cond);
                check_syncs(then, c, tv)?;
                if let Some(e) = els {
                    check_syncs(e, c, tv)?;
                }
            }
            Stmt::While { cond, body, .. } => check_syncs(body, sub(cond), tv)?,
            Stmt::For {
                start,
                end,
                step,
                body,
                ..
            } => {
                let mut c = sub(start).or_else(|| sub(end));
                if let Some(st) = step {
                    c = c.or_else(|| sub(st));
                }
                check_syncs(body, c, tv)?;
            }
            Stmt::Loop { body, span } => {
                if let Some(sp) = body.iter().find_map(holds_sync) {
                    let mut e = Error::new(
                        sp,
                        "a barrier inside `loop`: write the loop as `while cond { ... }` or `for`",
                    );
                    e.combine(Error::new(*span, "this loop"));
                    return Err(e);
                }
            }
            Stmt::Block(b) => check_syncs(b, ctx, tv)?,
            _ => {}
        }
    }
    Ok(())
}

/// A `syncthreads()` under a condition that depends on the thread is a compile error.
pub fn check(k: &Kernel) -> Result<()> {
    check_syncs(&k.body, None, &thread_dependent(k))
}

/// Per variable: whether its value may differ between the threads of a block.
pub fn thread_dependent(k: &Kernel) -> Vec<bool> {
    let mut tv = vec![false; k.vars.len()];
    loop {
        let mut changed = false;
        taint(&k.body, false, &mut tv, &mut changed);
        if !changed {
            break;
        }
    }
    tv
}

// ---- block-uniform statements ----

/// An expression every thread of a block computes alike without reading memory: literals,
/// scalar parameters, sizes, block and grid builtins, and the variables of `u`.
pub fn pure_uniform(e: &Expr, u: &HashSet<usize>) -> bool {
    let mut ok = true;
    visit_expr(e, &mut |x| match &x.k {
        EK::Var(v) if !u.contains(v) => ok = false,
        EK::Index(..) | EK::Atomic(..) | EK::Warp(..) => ok = false,
        EK::Builtin(Builtin::ThreadIdx(_) | Builtin::Grid(_) | Builtin::LaneId) => ok = false,
        _ => {}
    });
    ok
}

fn assigned_in(ss: &[Stmt], out: &mut Vec<(usize, bool)>, region_level: bool) {
    for s in ss {
        let region = region_level && has_barrier(s);
        match s {
            Stmt::Assign {
                place: Place::Var(v),
                ..
            } => out.push((*v, region_level)),
            Stmt::Let { var, .. } => out.push((*var, region_level)),
            Stmt::For { var, .. } => out.push((*var, region)),
            _ => {}
        }
        for b in children(s) {
            assigned_in(b, out, region);
        }
    }
}

/// The variables the CPU keeps once per block: not thread-dependent, and every assignment of
/// theirs a statement of a barrier region (the top level, or the body of control flow holding
/// a barrier) whose value is [`pure_uniform`] (for loops: a range of such values).
pub fn uniform_vars(k: &Kernel) -> HashSet<usize> {
    let tv = thread_dependent(k);
    let mut sites = Vec::new();
    assigned_in(&k.body, &mut sites, true);
    let mut u: HashSet<usize> = (0..k.vars.len())
        .filter(|&v| !tv[v] && k.vars[v].shared.is_none())
        .collect();
    for (v, region) in &sites {
        if !region {
            u.remove(v);
        }
    }
    // the values: iterate until no variable leaves
    loop {
        let before = u.len();
        check_values(&k.body, &mut u);
        if u.len() == before {
            break;
        }
    }
    u
}

fn check_values(ss: &[Stmt], u: &mut HashSet<usize>) {
    for s in ss {
        match s {
            Stmt::Let { var, init } if u.contains(var) && !pure_uniform(init, u) => {
                u.remove(var);
            }
            Stmt::Assign {
                place: Place::Var(v),
                value,
                ..
            } if u.contains(v) && !pure_uniform(value, u) => {
                u.remove(v);
            }
            Stmt::For {
                var,
                start,
                end,
                step,
                ..
            } if u.contains(var) => {
                let ok = pure_uniform(start, u)
                    && pure_uniform(end, u)
                    && step.as_ref().is_none_or(|x| pure_uniform(x, u));
                if !ok {
                    u.remove(var);
                }
            }
            _ => {}
        }
        for b in children(s) {
            check_values(b, u);
        }
    }
}

// ---- warp operations in statements of their own ----

fn extract_expr(k: &mut Kernel, e: Expr, out: &mut Vec<Stmt>) -> Expr {
    let span = e.span;
    let b = |k: &mut Kernel, x: Box<Expr>, out: &mut Vec<Stmt>| Box::new(extract_expr(k, *x, out));
    let kind = match e.k {
        EK::Bin(op, x, y) => {
            let x = b(k, x, out);
            let y = b(k, y, out);
            EK::Bin(op, x, y)
        }
        EK::Un(op, x) => EK::Un(op, b(k, x, out)),
        EK::Cast(x, t) => EK::Cast(b(k, x, out), t),
        EK::Index(a, idx) => EK::Index(
            a,
            idx.into_iter().map(|x| extract_expr(k, x, out)).collect(),
        ),
        EK::If(c, x, y) => {
            let c = b(k, c, out);
            let x = b(k, x, out);
            let y = b(k, y, out);
            EK::If(c, x, y)
        }
        EK::Math(m, a) => EK::Math(m, a.into_iter().map(|x| extract_expr(k, x, out)).collect()),
        EK::Atomic(op, a, idx, vals) => EK::Atomic(
            op,
            a,
            idx.into_iter().map(|x| extract_expr(k, x, out)).collect(),
            vals.into_iter().map(|x| extract_expr(k, x, out)).collect(),
        ),
        EK::Warp(w, a) => {
            let a: Vec<Expr> = a.into_iter().map(|x| extract_expr(k, x, out)).collect();
            let init = Expr {
                k: EK::Warp(w, a),
                span,
            };
            let ty = k.ty(&init).settle();
            k.vars.push(Var {
                name: syn::Ident::new(&format!("__warp{}", k.vars.len()), span),
                ty,
                mutable: false,
                annotated: true,
                init: None,
                shared: None,
            });
            let v = k.vars.len() - 1;
            out.push(Stmt::Let { var: v, init });
            EK::Var(v)
        }
        other => other,
    };
    Expr { k: kind, span }
}

fn no_warp(e: &Expr, what: &str) -> Result<()> {
    if expr_has_warp(e) {
        return Err(Error::new(
            e.span,
            format!("a warp operation in {what}: bind it with `let` first"),
        ));
    }
    Ok(())
}

fn extract_region(k: &mut Kernel, ss: Vec<Stmt>) -> Result<Vec<Stmt>> {
    let mut out = Vec::new();
    for s in ss {
        if !has_barrier(&s) {
            out.push(s);
            continue;
        }
        match s {
            Stmt::Let { var, init } => {
                let direct = matches!(&init.k, EK::Warp(_, a) if !a.iter().any(expr_has_warp));
                if direct {
                    out.push(Stmt::Let { var, init });
                } else {
                    let init = extract_expr(k, init, &mut out);
                    out.push(Stmt::Let { var, init });
                }
            }
            Stmt::Assign {
                place,
                op,
                value,
                span,
            } => {
                let place = match place {
                    Place::Index(a, idx) => Place::Index(
                        a,
                        idx.into_iter()
                            .map(|x| extract_expr(k, x, &mut out))
                            .collect(),
                    ),
                    p => p,
                };
                let value = extract_expr(k, value, &mut out);
                out.push(Stmt::Assign {
                    place,
                    op,
                    value,
                    span,
                });
            }
            Stmt::Expr(e) => {
                let e = extract_expr(k, e, &mut out);
                if !matches!(e.k, EK::Var(_)) {
                    out.push(Stmt::Expr(e));
                }
            }
            Stmt::If {
                cond,
                then,
                els,
                span,
            } => {
                no_warp(&cond, "an `if` condition")?;
                let then = extract_region(k, then)?;
                let els = match els {
                    Some(e) => Some(extract_region(k, e)?),
                    None => None,
                };
                out.push(Stmt::If {
                    cond,
                    then,
                    els,
                    span,
                });
            }
            Stmt::While { cond, body, span } => {
                no_warp(&cond, "a `while` condition")?;
                let body = extract_region(k, body)?;
                out.push(Stmt::While { cond, body, span });
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
                no_warp(&start, "a range")?;
                no_warp(&end, "a range")?;
                if let Some(s) = &step {
                    no_warp(s, "a step")?;
                }
                let body = extract_region(k, body)?;
                out.push(Stmt::For {
                    var,
                    start,
                    end,
                    inclusive,
                    step,
                    body,
                    span,
                });
            }
            Stmt::Loop { span, .. } => {
                return Err(Error::new(
                    span,
                    "a `loop` holding warp operations or barriers: write it as `while cond { ... }`",
                ));
            }
            Stmt::Block(b) => out.push(Stmt::Block(extract_region(k, b)?)),
            other => out.push(other),
        }
    }
    Ok(out)
}

/// Moves every warp operation of a barrier region into a `let` of its own.
pub fn extract(k: &mut Kernel) -> Result<()> {
    let body = std::mem::take(&mut k.body);
    k.body = extract_region(k, body)?;
    Ok(())
}

// ---- variables that live across barriers ----

fn vars_of(s: &Stmt, f: &mut dyn FnMut(usize)) {
    for e in stmt_exprs(s) {
        visit_expr(e, &mut |x| {
            if let EK::Var(v) = x.k {
                f(v)
            }
        });
    }
    match s {
        Stmt::Let { var, .. } => f(*var),
        Stmt::Assign {
            place: Place::Var(v),
            ..
        } => f(*v),
        Stmt::For { var, .. } => f(*var),
        _ => {}
    }
    for b in children(s) {
        for c in b {
            vars_of(c, f);
        }
    }
}

struct Plan<'a> {
    uniform: &'a HashSet<usize>,
    seg: usize,
    decl: HashMap<usize, usize>,
    uses: Vec<(usize, usize)>,
    pt: HashSet<usize>,
}

fn plan_region(ss: &[Stmt], p: &mut Plan<'_>) {
    for s in ss {
        let uniform = match s {
            Stmt::Let { var, .. } => p.uniform.contains(var),
            Stmt::Assign {
                place: Place::Var(v),
                ..
            } => p.uniform.contains(v),
            _ => false,
        };
        if uniform {
            // runs between two thread loops: the loops before and after are apart
            p.seg += 1;
            continue;
        }
        if !has_barrier(s) {
            if let Stmt::Let { var, .. } = s {
                p.decl.insert(*var, p.seg);
            }
            let seg = p.seg;
            vars_of(s, &mut |v| p.uses.push((v, seg)));
            continue;
        }
        p.seg += 1;
        let seg = p.seg;
        match s {
            Stmt::Let { var, init } => {
                p.pt.insert(*var);
                visit_expr(init, &mut |x| {
                    if let EK::Var(v) = x.k {
                        p.uses.push((v, seg))
                    }
                });
            }
            Stmt::For {
                var,
                start,
                end,
                step,
                body,
                ..
            } => {
                p.pt.insert(*var);
                for e in [Some(start), Some(end), step.as_ref()]
                    .into_iter()
                    .flatten()
                {
                    visit_expr(e, &mut |x| {
                        if let EK::Var(v) = x.k {
                            p.uses.push((v, seg))
                        }
                    });
                }
                plan_region(body, p);
            }
            other => {
                for e in stmt_exprs(other) {
                    visit_expr(e, &mut |x| {
                        if let EK::Var(v) = x.k {
                            p.uses.push((v, seg))
                        }
                    });
                }
                for b in children(other) {
                    plan_region(b, p);
                }
            }
        }
        p.seg += 1;
    }
}

/// The variables kept per thread: those used in another phase than the one declaring them.
pub fn per_thread(k: &Kernel, uniform: &HashSet<usize>) -> HashSet<usize> {
    let mut p = Plan {
        uniform,
        seg: 0,
        decl: HashMap::new(),
        uses: Vec::new(),
        pt: HashSet::new(),
    };
    plan_region(&k.body, &mut p);
    for (v, seg) in &p.uses {
        if let Some(d) = p.decl.get(v)
            && d != seg
        {
            p.pt.insert(*v);
        }
    }
    p.pt.retain(|v| !uniform.contains(v));
    p.pt
}
