//! Expressions: C precedence climbing from the comma operator down to primaries (literals,
//! names, casts, calls, `[]`, member and method access).

use super::{BinOp, Diagnostic, Expr, ExprKind, Parser, UnOp};
use crate::cpu::lex::{Num, Tok};

impl Parser<'_, '_> {
    /// One expression filling the whole text (a trailing ';' is tolerated).
    pub fn parse_whole_expr(&mut self) -> Result<Expr, Diagnostic> {
        if self.at_eof() {
            return self.err("expected an expression (the text is empty)");
        }
        let e = self.parse_expr()?;
        self.eat(";");
        if !self.at_eof() {
            return self.err(format!(
                "expected the end of the expression before {}",
                self.describe()
            ));
        }
        Ok(e)
    }

    pub fn parse_expr(&mut self) -> Result<Expr, Diagnostic> {
        self.nested(Self::parse_expr_here)
    }

    pub(super) fn parse_expr_here(&mut self) -> Result<Expr, Diagnostic> {
        let mut e = self.parse_assign()?;
        while self.is_punct(",") {
            self.enter()?;
            let pos = self.pos();
            self.bump();
            let r = self.parse_assign()?;
            e = Expr {
                kind: ExprKind::Comma(Box::new(e), Box::new(r)),
                pos,
            };
        }
        Ok(e)
    }

    pub fn parse_assign(&mut self) -> Result<Expr, Diagnostic> {
        self.nested(Self::parse_assign_here)
    }

    pub(super) fn parse_assign_here(&mut self) -> Result<Expr, Diagnostic> {
        let lhs = self.parse_cond()?;
        let op = match self.peek() {
            Tok::Punct("=") => Some(None),
            Tok::Punct("+=") => Some(Some(BinOp::Add)),
            Tok::Punct("-=") => Some(Some(BinOp::Sub)),
            Tok::Punct("*=") => Some(Some(BinOp::Mul)),
            Tok::Punct("/=") => Some(Some(BinOp::Div)),
            Tok::Punct("%=") => Some(Some(BinOp::Rem)),
            Tok::Punct("&=") => Some(Some(BinOp::BitAnd)),
            Tok::Punct("|=") => Some(Some(BinOp::BitOr)),
            Tok::Punct("^=") => Some(Some(BinOp::BitXor)),
            Tok::Punct("<<=") => Some(Some(BinOp::Shl)),
            Tok::Punct(">>=") => Some(Some(BinOp::Shr)),
            _ => None,
        };
        if let Some(op) = op {
            let pos = self.pos();
            self.bump();
            let rhs = self.parse_assign()?;
            return Ok(Expr {
                kind: ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                pos,
            });
        }
        Ok(lhs)
    }

    pub(super) fn parse_cond(&mut self) -> Result<Expr, Diagnostic> {
        let c = self.parse_binary(4)?;
        if self.is_punct("?") {
            let pos = self.pos();
            self.bump();
            let a = self.parse_expr()?;
            self.expect(":")?;
            let b = self.parse_assign()?;
            return Ok(Expr {
                kind: ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
                pos,
            });
        }
        Ok(c)
    }

    pub(super) fn binop_here(&self) -> Option<(BinOp, u8)> {
        let Tok::Punct(p) = self.peek() else {
            return None;
        };
        Some(match *p {
            "*" => (BinOp::Mul, 13),
            "/" => (BinOp::Div, 13),
            "%" => (BinOp::Rem, 13),
            "+" => (BinOp::Add, 12),
            "-" => (BinOp::Sub, 12),
            "<<" => (BinOp::Shl, 11),
            ">>" => (BinOp::Shr, 11),
            "<" => (BinOp::Lt, 10),
            "<=" => (BinOp::Le, 10),
            ">" => (BinOp::Gt, 10),
            ">=" => (BinOp::Ge, 10),
            "==" => (BinOp::Eq, 9),
            "!=" => (BinOp::Ne, 9),
            "&" => (BinOp::BitAnd, 8),
            "^" => (BinOp::BitXor, 7),
            "|" => (BinOp::BitOr, 6),
            "&&" => (BinOp::And, 5),
            "||" => (BinOp::Or, 4),
            _ => return None,
        })
    }

    pub(super) fn parse_binary(&mut self, min: u8) -> Result<Expr, Diagnostic> {
        self.nested(|p| p.parse_binary_here(min))
    }

    pub(super) fn parse_binary_here(&mut self, min: u8) -> Result<Expr, Diagnostic> {
        let mut lhs = self.parse_unary()?;
        while let Some((op, prec)) = self.binop_here() {
            if prec < min {
                break;
            }
            self.enter()?;
            let pos = self.pos();
            self.bump();
            let rhs = self.parse_binary(prec + 1)?;
            lhs = Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                pos,
            };
        }
        Ok(lhs)
    }

    pub(super) fn parse_unary(&mut self) -> Result<Expr, Diagnostic> {
        self.nested(Self::parse_unary_here)
    }

    pub(super) fn parse_unary_here(&mut self) -> Result<Expr, Diagnostic> {
        let pos = self.pos();
        let op = match self.peek() {
            Tok::Punct("-") => Some(UnOp::Neg),
            Tok::Punct("+") => Some(UnOp::Plus),
            Tok::Punct("!") => Some(UnOp::Not),
            Tok::Punct("~") => Some(UnOp::BitNot),
            Tok::Punct("++") => Some(UnOp::PreInc),
            Tok::Punct("--") => Some(UnOp::PreDec),
            Tok::Punct("*") => {
                // `*p` is `p[0]`
                self.bump();
                let e = self.parse_unary()?;
                let zero = Expr {
                    kind: ExprKind::Num(Num::int(0)),
                    pos,
                };
                return Ok(Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(zero)),
                    pos,
                });
            }
            Tok::Punct("&") => {
                self.bump();
                let e = self.parse_unary()?;
                return Ok(Expr {
                    kind: ExprKind::AddrOf(Box::new(e)),
                    pos,
                });
            }
            Tok::Ident(s) if s == "sizeof" => {
                return self.err("'sizeof' is not supported by the CPU engine");
            }
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let e = self.parse_unary()?;
            return Ok(Expr {
                kind: ExprKind::Unary(op, Box::new(e)),
                pos,
            });
        }
        // C-style cast: '(' type ')'
        if self.is_punct("(") {
            let save = self.at;
            self.bump();
            if self.type_starts() {
                let (ty, _) = self.parse_type()?;
                if self.eat(")") {
                    let e = self.parse_unary()?;
                    return Ok(Expr {
                        kind: ExprKind::Cast(ty, vec![e]),
                        pos,
                    });
                }
            }
            self.at = save;
        }
        self.parse_postfix()
    }

    pub(super) fn parse_args(&mut self) -> Result<Vec<Expr>, Diagnostic> {
        self.expect("(")?;
        let mut args = Vec::new();
        if !self.is_punct(")") {
            loop {
                args.push(self.parse_assign()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect(")")?;
        Ok(args)
    }

    pub(super) fn parse_postfix(&mut self) -> Result<Expr, Diagnostic> {
        self.nested(Self::parse_postfix_here)
    }

    pub(super) fn parse_postfix_here(&mut self) -> Result<Expr, Diagnostic> {
        let mut e = self.parse_primary()?;
        loop {
            self.enter()?;
            let pos = self.pos();
            if self.eat("[") {
                let idx = self.parse_expr()?;
                self.expect("]")?;
                e = Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(idx)),
                    pos,
                };
            } else if self.is_punct("(") {
                let ExprKind::Name(n) = &e.kind else {
                    return self.err("only named functions can be called");
                };
                let n = n.clone();
                let args = self.parse_args()?;
                e = Expr {
                    kind: ExprKind::Call(n, args),
                    pos: e.pos,
                };
            } else if self.eat(".") {
                let m = self.ident()?;
                let args = if self.is_punct("(") {
                    self.parse_args()?
                } else {
                    e = Expr {
                        kind: ExprKind::Member(Box::new(e), m),
                        pos,
                    };
                    continue;
                };
                e = Expr {
                    kind: ExprKind::Method(Box::new(e), m, args),
                    pos,
                };
            } else if self.is_punct("->") {
                return self.err("'->' is not supported by the CPU engine");
            } else if self.is_punct("++") || self.is_punct("--") {
                let op = if self.is_punct("++") {
                    UnOp::PostInc
                } else {
                    UnOp::PostDec
                };
                self.bump();
                e = Expr {
                    kind: ExprKind::Unary(op, Box::new(e)),
                    pos,
                };
            } else {
                break;
            }
        }
        Ok(e)
    }

    pub(super) fn parse_primary(&mut self) -> Result<Expr, Diagnostic> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::Num(n) => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Num(n),
                    pos,
                })
            }
            Tok::Punct("(") => {
                self.bump();
                let e = self.parse_expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Ident(s) => {
                if s == "true" || s == "false" {
                    self.bump();
                    return Ok(Expr {
                        kind: ExprKind::Bool(s == "true"),
                        pos,
                    });
                }
                if s == "static_cast" {
                    self.bump();
                    self.expect("<")?;
                    let (ty, _) = self.parse_type()?;
                    self.expect(">")?;
                    self.expect("(")?;
                    let e = self.parse_expr()?;
                    self.expect(")")?;
                    return Ok(Expr {
                        kind: ExprKind::Cast(ty, vec![e]),
                        pos,
                    });
                }
                if matches!(
                    s.as_str(),
                    "reinterpret_cast" | "const_cast" | "dynamic_cast"
                ) {
                    return self.err(format!("'{s}' is not supported by the CPU engine"));
                }
                // functional cast / constructor: type '(' args ')'
                if self.type_starts() && !self.is_ident("const") {
                    let save = self.at;
                    if let Ok((ty, _)) = self.parse_type()
                        && self.is_punct("(")
                    {
                        let args = self.parse_args()?;
                        return Ok(Expr {
                            kind: ExprKind::Cast(ty, args),
                            pos,
                        });
                    }
                    self.at = save;
                }
                self.bump();
                let mut name = s;
                // qualified names: keep the last component of std::/thrust::/cuda:: names
                while self.is_punct("::") {
                    self.bump();
                    let next = self.ident()?;
                    if matches!(name.as_str(), "std" | "thrust" | "cuda" | "") {
                        name = next;
                    } else {
                        name = format!("{name}::{next}");
                    }
                }
                Ok(Expr {
                    kind: ExprKind::Name(name),
                    pos,
                })
            }
            Tok::Punct("::") => {
                self.bump();
                self.parse_primary()
            }
            _ => self.err(format!("expected an expression before {}", self.describe())),
        }
    }
}
