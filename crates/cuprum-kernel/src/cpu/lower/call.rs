//! Calls: methods (`x.size()`, `z.real()`), CUDA math functions, bit intrinsics and inlined
//! `__device__` functions.

use super::{
    Lower, Lv, R, Sym, cty_of, is_complex, is_int, promote, unsupported_builtin, usual, vname, vty,
};
use crate::cpu::lex::Pos;
use crate::cpu::ops::{self, MathKind};
use crate::cpu::parse::{BinOp, CTy, Expr, ExprKind, Func};
use crate::cpu::vm::{self, Node, Reg, VTy, Val};

impl<'a> Lower<'a> {
    pub(super) fn method(
        &mut self,
        out: &mut Vec<Node>,
        obj: &Expr,
        m: &str,
        args: &[Expr],
        pos: Pos,
    ) -> R<Reg> {
        if let ExprKind::Name(n) = &obj.kind {
            match self.lookup(n).cloned() {
                Some(Sym::Index(rt)) if m == "size" && args.is_empty() => {
                    return Ok(self.runtime(VTy::I64, rt));
                }
                Some(Sym::Raw { arg, .. }) if m == "size" && args.is_empty() => {
                    let d = self.reg(VTy::I64);
                    let f = vm::arg_size(arg, d);
                    self.op(out, f);
                    return Ok(d);
                }
                Some(Sym::Index(_)) | Some(Sym::Raw { .. }) => {
                    return self.err(
                        pos,
                        format!(
                            "'{n}.{m}()' is not supported by the CPU engine (only '{n}.size()')"
                        ),
                    );
                }
                _ => {}
            }
        }
        let v = self.expr(out, obj)?;
        if is_complex(v.ty) && (m == "real" || m == "imag") && args.is_empty() {
            let dr = self.reg(if v.ty == VTy::C64 { VTy::F32 } else { VTy::F64 });
            let (f, _) = ops::complex_fn(m, v.ty, v, dr, dr).expect("real/imag");
            self.op(out, f);
            return Ok(dr);
        }
        self.err(
            pos,
            format!(
                "method '.{m}()' on a value of type {} is not supported by the CPU engine",
                vname(v.ty)
            ),
        )
    }

    pub(super) fn call(
        &mut self,
        out: &mut Vec<Node>,
        name: &str,
        args: &[Expr],
        pos: Pos,
    ) -> R<Reg> {
        if self.kernel.is_some()
            && let Some(r) = self.thread_call(out, name, args, pos)?
        {
            return Ok(r);
        }
        // user functions first (they may overload a math name)
        if let Some(cands) = self.funcs.get(name).cloned() {
            if let Some(f) = cands.iter().find(|f| f.params.len() == args.len()) {
                return self.inline_call(out, f, args, pos);
            }
            return self.err(
                pos,
                format!("no overload of '{name}' takes {} arguments", args.len()),
            );
        }
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.expr(out, a)?);
        }
        let nargs = |want: usize, me: &Self| -> R<()> {
            if vals.len() != want {
                return me.err(
                    pos,
                    format!("'{name}' takes {want} argument(s), {} given", vals.len()),
                );
            }
            Ok(())
        };
        // complex-aware functions
        match name {
            "real" | "imag" | "conj" | "arg" | "norm" | "proj" => {
                nargs(1, self)?;
                let v = vals[0];
                if is_complex(v.ty) {
                    let rt = if v.ty == VTy::C64 { VTy::F32 } else { VTy::F64 };
                    let dr = self.reg(rt);
                    let dc = self.reg(v.ty);
                    let (f, real) = ops::complex_fn(name, v.ty, v, dr, dc).expect("complex fn");
                    self.op(out, f);
                    return Ok(if real { dr } else { dc });
                }
                // real argument: real(x) = x, imag(x) = 0, conj(x) = x (as double for ints)
                let t = if v.ty == VTy::F32 { CTy::F32 } else { CTy::F64 };
                let c = self.convert(out, v, t);
                return Ok(match name {
                    "imag" => {
                        let z = self.constant(Val::F64(0.0));
                        self.convert(out, z, t)
                    }
                    "norm" => {
                        let d = self.reg(vty(t));
                        let f = ops::binary(BinOp::Mul, vty(t), c, c, d).expect("mul");
                        self.op(out, f);
                        d
                    }
                    "arg" => {
                        let z = self.constant(Val::F64(0.0));
                        let z = self.convert(out, z, t);
                        let d = self.reg(vty(t));
                        let f = ops::math2("atan2", vty(t), z, c, d).expect("atan2");
                        self.op(out, f);
                        d
                    }
                    _ => c,
                });
            }
            "abs" => {
                nargs(1, self)?;
                let v = vals[0];
                let t = promote(v.ty);
                let c = self.convert(out, v, cty_of(t));
                let rt = match t {
                    VTy::C64 => VTy::F32,
                    VTy::C128 => VTy::F64,
                    t => t,
                };
                let d = self.reg(rt);
                let f = ops::abs(t, c, d).expect("abs");
                self.op(out, f);
                return Ok(d);
            }
            "min" | "max" => {
                nargs(2, self)?;
                let t = usual(vals[0].ty, vals[1].ty);
                if is_complex(t) {
                    return self.err(pos, format!("'{name}' of complex values"));
                }
                let a = self.convert(out, vals[0], cty_of(t));
                let b = self.convert(out, vals[1], cty_of(t));
                let d = self.reg(t);
                let f = if is_int(t) {
                    ops::int_minmax(name == "max", t, a, b, d)
                } else {
                    ops::math2(name, t, a, b, d)
                }
                .expect("min/max");
                self.op(out, f);
                return Ok(d);
            }
            _ => {}
        }
        if let Some(r) = self.intrinsic(out, name, &vals, pos)? {
            return Ok(r);
        }
        let Some((kind, base, single)) = ops::math_kind(name) else {
            if unsupported_builtin(name) {
                return self.err(pos, format!("'{name}' is not supported by the CPU engine"));
            }
            return self.err(pos, format!("identifier \"{name}\" is undefined"));
        };
        let arity = match kind {
            MathKind::Unary | MathKind::Predicate => 1,
            MathKind::Binary => 2,
            MathKind::Ternary => 3,
        };
        nargs(arity, self)?;
        // complex overloads
        if vals.iter().any(|v| is_complex(v.ty)) {
            if single {
                return self.err(pos, format!("'{name}' takes real arguments"));
            }
            if arity == 1 {
                let v = vals[0];
                let rt = if v.ty == VTy::C64 { VTy::F32 } else { VTy::F64 };
                let dr = self.reg(rt);
                let dc = self.reg(v.ty);
                if let Some((f, real)) = ops::complex_fn(base, v.ty, v, dr, dc) {
                    self.op(out, f);
                    return Ok(if real { dr } else { dc });
                }
            } else if base == "pow" {
                let t = usual(vals[0].ty, vals[1].ty);
                let a = self.convert(out, vals[0], cty_of(t));
                let b = self.convert(out, vals[1], cty_of(t));
                let d = self.reg(t);
                let f = ops::complex_pow(t, a, b, d).expect("cpow");
                self.op(out, f);
                return Ok(d);
            }
            return self.err(
                pos,
                format!("'{name}' of a complex value is not supported by the CPU engine"),
            );
        }
        // the overload: float when forced (expf) or when every argument is float; else double
        let t = if single {
            VTy::F32
        } else {
            let mut t = VTy::F32;
            for v in &vals {
                if v.ty != VTy::F32 {
                    t = VTy::F64;
                }
            }
            t
        };
        let ct = cty_of(t);
        let cs: Vec<Reg> = vals.iter().map(|v| self.convert(out, *v, ct)).collect();
        let f = match kind {
            MathKind::Unary => {
                let d = self.reg(t);
                ops::math1(base, t, cs[0], d).map(|f| (f, d))
            }
            MathKind::Binary => {
                let d = self.reg(t);
                ops::math2(base, t, cs[0], cs[1], d).map(|f| (f, d))
            }
            MathKind::Ternary => {
                let d = self.reg(t);
                ops::fma(t, cs[0], cs[1], cs[2], d).map(|f| (f, d))
            }
            MathKind::Predicate => {
                let d = self.reg(VTy::Bool);
                ops::predicate(base, t, cs[0], d).map(|f| (f, d))
            }
        };
        match f {
            Some((f, d)) => {
                self.op(out, f);
                Ok(d)
            }
            None => self.err(
                pos,
                format!("math function '{name}' is not supported by the CPU engine"),
            ),
        }
    }

    /// Bit-level CUDA intrinsics (`__float_as_int`, `__popc`, ...).
    pub(super) fn intrinsic(
        &mut self,
        out: &mut Vec<Node>,
        name: &str,
        vals: &[Reg],
        pos: Pos,
    ) -> R<Option<Reg>> {
        macro_rules! un {
            ($from:ty, $cfrom:expr, $to:ty, $vto:expr, $f:expr) => {{
                if vals.len() != 1 {
                    return self.err(
                        pos,
                        format!("'{name}' takes 1 argument, {} given", vals.len()),
                    );
                }
                let a = self.convert(out, vals[0], $cfrom);
                let d = self.reg($vto);
                let f = vm::map1::<$from, $to>(a, d, $f);
                self.op(out, f);
                Ok(Some(d))
            }};
        }
        match name {
            "__float_as_int" => un!(f32, CTy::F32, i32, VTy::I32, |x: f32| x.to_bits() as i32),
            "__float_as_uint" => un!(f32, CTy::F32, u32, VTy::U32, |x: f32| x.to_bits()),
            "__int_as_float" => un!(i32, CTy::I32, f32, VTy::F32, |x: i32| f32::from_bits(
                x as u32
            )),
            "__uint_as_float" => un!(u32, CTy::U32, f32, VTy::F32, f32::from_bits),
            "__double_as_longlong" => {
                un!(f64, CTy::F64, i64, VTy::I64, |x: f64| x.to_bits() as i64)
            }
            "__longlong_as_double" => {
                un!(i64, CTy::I64, f64, VTy::F64, |x: i64| f64::from_bits(
                    x as u64
                ))
            }
            "__popc" => un!(u32, CTy::U32, i32, VTy::I32, |x: u32| x.count_ones() as i32),
            "__popcll" => un!(u64, CTy::U64, i32, VTy::I32, |x: u64| x.count_ones() as i32),
            "__clz" => un!(i32, CTy::I32, i32, VTy::I32, |x: i32| x.leading_zeros()
                as i32),
            "__clzll" => un!(i64, CTy::I64, i32, VTy::I32, |x: i64| x.leading_zeros()
                as i32),
            "__ffs" => un!(i32, CTy::I32, i32, VTy::I32, |x: i32| if x == 0 {
                0
            } else {
                x.trailing_zeros() as i32 + 1
            }),
            "__ffsll" => un!(i64, CTy::I64, i32, VTy::I32, |x: i64| if x == 0 {
                0
            } else {
                x.trailing_zeros() as i32 + 1
            }),
            "__brev" => un!(u32, CTy::U32, u32, VTy::U32, |x: u32| x.reverse_bits()),
            "__brevll" => un!(u64, CTy::U64, u64, VTy::U64, |x: u64| x.reverse_bits()),
            _ => Ok(None),
        }
    }

    pub(super) fn inline_call(
        &mut self,
        out: &mut Vec<Node>,
        f: &'a Func,
        args: &[Expr],
        pos: Pos,
    ) -> R<Reg> {
        if self.call_stack.contains(&f.name) {
            return self.err(
                pos,
                format!(
                    "recursive call of '{}' is not supported by the CPU engine",
                    f.name
                ),
            );
        }
        if self.call_stack.len() > 64 {
            return self.err(pos, "functions nested too deeply");
        }
        // evaluate the arguments in the caller's scope
        let mut bound = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            if let Some(fields) = &p.strukt {
                let s = self.struct_arg(out, fields, a, p.by_ref && !p.is_const)?;
                bound.push((p.name.clone(), s));
            } else if p.ptr {
                let s = self.pointer_arg(out, a, p.is_const)?;
                bound.push((p.name.clone(), s));
            } else if p.by_ref && !p.is_const {
                let lv = self.lvalue(out, a)?;
                let s = match lv {
                    Lv::Var(reg, cty) => {
                        if cty != p.ty {
                            return self.err(
                                a.pos,
                                format!(
                                    "cannot bind a reference of type {}& to a {}",
                                    p.ty.name(),
                                    cty.name()
                                ),
                            );
                        }
                        Sym::Var {
                            reg,
                            cty,
                            is_const: false,
                        }
                    }
                    Lv::Elem(arg, cty, dtype) => Sym::ElemOut { arg, cty, dtype },
                    Lv::Raw(arg, cty, dtype, idx) => Sym::RawElem {
                        arg,
                        cty,
                        dtype,
                        idx,
                        writable: true,
                    },
                };
                bound.push((p.name.clone(), s));
            } else {
                let v = self.expr(out, a)?;
                let cty = if p.ty == CTy::Auto {
                    cty_of(v.ty)
                } else {
                    p.ty
                };
                let c = self.convert(out, v, cty);
                let reg = self.reg(vty(cty));
                let fa = vm::assign(c, reg);
                self.effect(out, fa);
                bound.push((
                    p.name.clone(),
                    Sym::Var {
                        reg,
                        cty,
                        is_const: p.is_const,
                    },
                ));
            }
        }
        let globals = self.scopes[0].clone();
        let saved_scopes = std::mem::replace(&mut self.scopes, vec![globals]);
        let saved_loops = std::mem::replace(&mut self.loops, 0);
        let saved_sec = self.sec;
        let saved_i = self.has_i;
        self.has_i = false;
        self.sec = f.section;
        self.scopes.push(bound.into_iter().collect());
        let ret = if f.ret == CTy::Void {
            None
        } else {
            Some(self.reg(vty(f.ret)))
        };
        self.rets.push((f.ret, ret));
        self.call_stack.push(f.name.clone());
        let mut body = Vec::new();
        let r = self.stmts(&mut body, &f.body);
        self.call_stack.pop();
        self.rets.pop();
        self.scopes = saved_scopes;
        self.loops = saved_loops;
        self.sec = saved_sec;
        self.has_i = saved_i;
        r?;
        self.effects += 1;
        out.push(Node::Call(body));
        Ok(match ret {
            Some(r) => r,
            None => self.constant(Val::I32(0)),
        })
    }
}
