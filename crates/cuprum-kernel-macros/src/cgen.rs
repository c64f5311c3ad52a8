//! The CUDA C body of a kernel. Parameters are named `p_<name>` (arrays add `p_<name>_len`
//! and `p_<name>_d<k>`), variables `<name>_<id>`, shared memory `s_<name>_<id>`; type
//! parameters keep their names and are `typedef`ed per call by the runtime; helpers
//! (`__jit_*`) come from the runtime's prelude.

use crate::ir::*;
use std::fmt::Write;

pub fn body(k: &Kernel) -> String {
    let mut g = C {
        k,
        out: String::new(),
        ind: 1,
    };
    // shared memory first: static storage of the block
    for (id, v) in k.vars.iter().enumerate() {
        if let Some((t, n)) = v.shared {
            let _ = writeln!(g.out, "    __shared__ {} s_{}_{id}[{n}];", g.cty(t), v.name);
        }
    }
    g.stmts(&k.body);
    g.out
}

struct C<'a> {
    k: &'a Kernel,
    out: String,
    ind: usize,
}

impl C<'_> {
    fn cty(&self, t: Ty) -> String {
        match t.settle() {
            Ty::Gen(g) => self.k.generics[g].to_string(),
            Ty::P(p) => p.c().to_string(),
            Ty::Bool => "bool".into(),
            _ => "int".into(),
        }
    }

    fn line(&mut self, s: &str) {
        for _ in 0..self.ind {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn var(&self, v: usize) -> String {
        format!("{}_{v}", self.k.vars[v].name)
    }

    fn stmts(&mut self, ss: &[Stmt]) {
        for s in ss {
            self.stmt(s);
        }
    }

    fn block(&mut self, head: &str, ss: &[Stmt]) {
        self.line(&format!("{head} {{"));
        self.ind += 1;
        self.stmts(ss);
        self.ind -= 1;
        self.line("}");
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Let { var, init } => {
                let t = self.k.vars[*var].ty;
                let e = self.expr(init, Some(t));
                let l = format!("{} {} = {e};", self.cty(t), self.var(*var));
                self.line(&l);
            }
            Stmt::Assign {
                place, op, value, ..
            } => {
                let (lhs, t) = match place {
                    Place::Var(v) => (self.var(*v), self.k.vars[*v].ty),
                    Place::Index(a, idx) => (self.elem(*a, idx), self.k.elem(*a)),
                };
                let rhs = match op {
                    None => self.expr(value, Some(t)),
                    Some(op) => {
                        let r = if op.is_shift() {
                            self.expr(value, None)
                        } else {
                            self.expr(value, Some(t))
                        };
                        self.arith(*op, &lhs, &r, t)
                    }
                };
                self.line(&format!("{lhs} = {rhs};"));
            }
            Stmt::Expr(e) => {
                let x = self.expr(e, None);
                self.line(&format!("{x};"));
            }
            Stmt::If {
                cond, then, els, ..
            } => {
                let c = self.expr(cond, None);
                self.block(&format!("if ({c})"), then);
                if let Some(e) = els {
                    self.block("else", e);
                }
            }
            Stmt::While { cond, body, .. } => {
                let c = self.expr(cond, None);
                self.block(&format!("while ({c})"), body);
            }
            Stmt::Loop { body, .. } => self.block("for (;;)", body),
            Stmt::For {
                var,
                start,
                end,
                inclusive,
                step,
                body,
                ..
            } => {
                let t = self.k.vars[*var].ty;
                let ct = self.cty(t);
                let v = self.var(*var);
                let a = self.expr(start, Some(t));
                let b = self.expr(end, Some(t));
                let st = match step {
                    Some(s) => format!("({ct})({})", self.expr(s, Some(t))),
                    None => format!("({ct})1"),
                };
                let cmp = if *inclusive { "<=" } else { "<" };
                // Rust's range: `__jit_next` ends the loop where the next value would pass the
                // end or leave the type (a wrapping `+=` would start over), steps below 1 as
                // the CPU's
                self.line("{");
                self.ind += 1;
                self.line(&format!("bool {v}_go = true;"));
                self.block(
                    &format!(
                        "for ({ct} {v} = {a}, {v}_end = {b}; {v}_go && {v} {cmp} {v}_end; \
                         {v}_go = __jit_next({v}, {v}_end, {st}, {inclusive}))"
                    ),
                    body,
                );
                self.ind -= 1;
                self.line("}");
            }
            Stmt::Break(_) => self.line("break;"),
            Stmt::Continue(_) => self.line("continue;"),
            Stmt::Return(_) => self.line("return;"),
            Stmt::Sync { warp, .. } => self.line(if *warp {
                "__syncwarp();"
            } else {
                "__syncthreads();"
            }),
            Stmt::Block(b) => self.block("", b),
        }
    }

    fn arith(&self, op: BinOp, a: &str, b: &str, t: Ty) -> String {
        let ct = self.cty(t);
        match op {
            BinOp::Rem => format!("__jit_rem({a}, {b})"),
            BinOp::Div => format!("__jit_div({a}, {b})"),
            _ => format!("(({ct})({a} {} {b}))", op.c()),
        }
    }

    fn elem(&self, a: Arr, idx: &[Expr]) -> String {
        match a {
            Arr::Shared(v) => {
                let i = self.expr(&idx[0], Some(Ty::P(Prim::Usize)));
                format!("s_{}_{v}[{i}]", self.k.vars[v].name)
            }
            Arr::Param(p) => {
                let name = &self.k.params[p].name;
                let mut flat = String::new();
                for (d, e) in idx.iter().enumerate() {
                    let i = format!("(long long)({})", self.expr(e, Some(Ty::P(Prim::Usize))));
                    flat = if d == 0 {
                        i
                    } else {
                        format!("({flat}) * p_{name}_d{d} + {i}")
                    };
                }
                format!("p_{name}[{flat}]")
            }
        }
    }

    fn lit_int(&self, v: u128, t: Ty) -> String {
        match t.settle() {
            Ty::P(p) => match p {
                Prim::I32 => format!("{v}"),
                Prim::I64 | Prim::Isize => format!("{v}LL"),
                Prim::U32 => format!("{v}u"),
                Prim::U64 | Prim::Usize => format!("{v}ULL"),
                Prim::F32 => format!("{v}.0f"),
                Prim::F64 => format!("{v}.0"),
                p => format!("(({})({v}))", p.c()),
            },
            Ty::Gen(_) => format!("(({})({v}LL))", self.cty(t)),
            _ => format!("{v}"),
        }
    }

    fn lit_float(&self, v: f64, t: Ty) -> String {
        let t = match t.settle() {
            Ty::Bool => Ty::P(Prim::F64),
            t => t,
        };
        let f32 = t == Ty::P(Prim::F32);
        let s = if v.is_nan() {
            if f32 {
                "__int_as_float(0x7fc00000)".into()
            } else {
                "__longlong_as_double(0x7ff8000000000000LL)".into()
            }
        } else if v.is_infinite() {
            let s = if f32 {
                "__int_as_float(0x7f800000)"
            } else {
                "__longlong_as_double(0x7ff0000000000000LL)"
            };
            if v < 0.0 {
                format!("(-{s})")
            } else {
                s.to_string()
            }
        } else {
            // shortest round-trip text, made a C floating literal
            let mut s = if f32 {
                format!("{:?}", v as f32)
            } else {
                format!("{v:?}")
            };
            if !s.contains(['.', 'e', 'E']) {
                s.push_str(".0");
            }
            if f32 {
                s.push('f');
            }
            s
        };
        match t {
            Ty::P(Prim::F32) | Ty::P(Prim::F64) => s,
            other => format!("(({})({s}))", self.cty(other)),
        }
    }

    /// The expression's text; `want` is the type a literal takes when its own is open.
    fn expr(&self, e: &Expr, want: Option<Ty>) -> String {
        let k = self.k;
        let lit_ty = |own: Ty| -> Ty {
            if own.is_lit() {
                want.filter(|w| !w.is_lit() && *w != Ty::Bool)
                    .unwrap_or(own)
            } else {
                own
            }
        };
        match &e.k {
            EK::LitInt(v, _) => {
                let t = lit_ty(k.ty(e));
                if t == Ty::LitFloat {
                    return self.lit_float(*v as f64, t);
                }
                self.lit_int(*v, t)
            }
            EK::LitFloat(v, _) => self.lit_float(*v, lit_ty(k.ty(e))),
            EK::Bool(b) => (if *b { "true" } else { "false" }).into(),
            EK::Var(v) => self.var(*v),
            EK::Param(p) => format!("p_{}", k.params[*p].name),
            EK::Bin(op, a, b) => {
                if op.is_logic() {
                    return format!("({} {} {})", self.expr(a, None), op.c(), self.expr(b, None));
                }
                if op.is_shift() {
                    let t = lit_ty(k.ty(a));
                    let x = self.expr(a, Some(t));
                    let y = self.expr(b, None);
                    return self.arith(*op, &x, &y, t);
                }
                let t = Ty::unify(k.ty(a), k.ty(b));
                let t = if op.is_cmp() {
                    if t.is_lit() { t.settle() } else { t }
                } else {
                    lit_ty(t)
                };
                let x = self.expr(a, Some(t));
                let y = self.expr(b, Some(t));
                if op.is_cmp() {
                    format!("({x} {} {y})", op.c())
                } else {
                    self.arith(*op, &x, &y, t)
                }
            }
            EK::Un(op, a) => {
                let t = lit_ty(k.ty(a));
                let x = self.expr(a, Some(t));
                match (op, t) {
                    (UnOp::Not, Ty::Bool) => format!("(!{x})"),
                    (UnOp::Not, _) => format!("(({})(~{x}))", self.cty(t)),
                    (UnOp::Neg, _) => format!("(({})(-{x}))", self.cty(t)),
                }
            }
            EK::Cast(a, t) => {
                let x = self.expr(a, None);
                format!("(({})({x}))", self.cty(*t))
            }
            EK::Index(a, idx) => self.elem(*a, idx),
            EK::Len(p) => format!("((unsigned long long)p_{}_len)", k.params[*p].name),
            EK::Shape(p, d) => format!("((unsigned long long)p_{}_d{d})", k.params[*p].name),
            EK::If(c, a, b) => {
                let t = lit_ty(k.ty(e));
                format!(
                    "({} ? {} : {})",
                    self.expr(c, None),
                    self.expr(a, Some(t)),
                    self.expr(b, Some(t))
                )
            }
            EK::Math(m, args) => {
                let (name, _, cname) = MATH[*m];
                let t = lit_ty(k.ty(e));
                let a = self.expr(&args[0], Some(t));
                if args.len() == 1 {
                    return format!("__jit_{cname}({a})");
                }
                let b = if name == "powi" {
                    self.expr(&args[1], Some(Ty::P(Prim::I32)))
                } else if name == "pow"
                    && !matches!(t, Ty::P(p) if p.is_float())
                    && !matches!(t, Ty::Gen(_))
                {
                    self.expr(&args[1], Some(Ty::P(Prim::U32)))
                } else {
                    self.expr(&args[1], Some(t))
                };
                format!("__jit_{cname}({a}, {b})")
            }
            EK::Builtin(b) => {
                let ax = |i: usize| ["x", "y", "z"][i];
                match b {
                    Builtin::ThreadIdx(i) => format!("threadIdx.{}", ax(*i)),
                    Builtin::BlockIdx(i) => format!("blockIdx.{}", ax(*i)),
                    Builtin::BlockDim(i) => format!("blockDim.{}", ax(*i)),
                    Builtin::GridDim(i) => format!("gridDim.{}", ax(*i)),
                    Builtin::Grid(i) => format!(
                        "((unsigned long long)blockIdx.{0} * blockDim.{0} + threadIdx.{0})",
                        ax(*i)
                    ),
                    Builtin::GridSize(i) => {
                        format!("((unsigned long long)gridDim.{0} * blockDim.{0})", ax(*i))
                    }
                    Builtin::LaneId => "__jit_laneid()".into(),
                    Builtin::WarpSize => "32u".into(),
                }
            }
            EK::Atomic(op, a, idx, vals) => {
                let t = k.elem(*a);
                let p = self.elem(*a, idx);
                let vs: Vec<String> = vals.iter().map(|v| self.expr(v, Some(t))).collect();
                format!("__jit_atomic_{}(&{p}, {})", op.name(), vs.join(", "))
            }
            EK::Warp(w, args) => {
                let u = Ty::P(Prim::U32);
                let mask = self.expr(&args[0], Some(u));
                match w {
                    WarpOp::All => {
                        format!("(__all_sync({mask}, {}) != 0)", self.expr(&args[1], None))
                    }
                    WarpOp::Any => {
                        format!("(__any_sync({mask}, {}) != 0)", self.expr(&args[1], None))
                    }
                    WarpOp::Ballot => {
                        format!("__ballot_sync({mask}, {})", self.expr(&args[1], None))
                    }
                    _ => {
                        let vt = lit_ty(k.ty(&args[1]));
                        let v = self.expr(&args[1], Some(vt));
                        let l = self.expr(&args[2], Some(u));
                        let wd = args
                            .get(3)
                            .map_or("32".to_string(), |w| self.expr(w, Some(u)));
                        let f = match w {
                            WarpOp::Shfl => "__shfl_sync",
                            WarpOp::ShflDown => "__shfl_down_sync",
                            WarpOp::ShflUp => "__shfl_up_sync",
                            _ => "__shfl_xor_sync",
                        };
                        format!("(({}){f}({mask}, {v}, {l}, {wd}))", self.cty(vt))
                    }
                }
            }
        }
    }
}
