//! The parser: tokens → AST of the C/C++ subset (C precedence, declarations, control flow,
//! `__device__` functions).

use super::Diagnostic;
use super::lex::{Num, Pos, Source, Tok, Token, lex};
use std::collections::HashMap;

mod expr;

/// A C type as written in the source (after placeholder substitution).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum CTy {
    Void,
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64,
    C64,
    C128,
    /// `auto`: the initializer's type.
    Auto,
}

impl CTy {
    /// The C spelling: CuPy's name of the dtype (`ext::codegen::cupy_c_type`, core's one
    /// table), or `void`/`auto`.
    pub fn name(self) -> &'static str {
        match self.dtype() {
            Some(d) => cuprum_core::ext::codegen::cupy_c_type(d),
            None if self == CTy::Auto => "auto",
            None => "void",
        }
    }
    /// The dtype of a value type (`None` for `void` and `auto`).
    pub fn dtype(self) -> Option<cuprum_core::DType> {
        use cuprum_core::DType as D;
        Some(match self {
            CTy::Bool => D::Bool,
            CTy::I8 => D::Int8,
            CTy::I16 => D::Int16,
            CTy::I32 => D::Int32,
            CTy::I64 => D::Int64,
            CTy::U8 => D::UInt8,
            CTy::U16 => D::UInt16,
            CTy::U32 => D::UInt32,
            CTy::U64 => D::UInt64,
            CTy::F16 => D::Float16,
            CTy::BF16 => D::BFloat16,
            CTy::F32 => D::Float32,
            CTy::F64 => D::Float64,
            CTy::C64 => D::Complex64,
            CTy::C128 => D::Complex128,
            CTy::Void | CTy::Auto => return None,
        })
    }
    /// The C type of a dtype (CuPy's mapping): the value type whose [`CTy::dtype`] it is.
    pub fn of_dtype(d: cuprum_core::DType) -> CTy {
        const VALUE_TYPES: [CTy; 15] = [
            CTy::Bool,
            CTy::I8,
            CTy::I16,
            CTy::I32,
            CTy::I64,
            CTy::U8,
            CTy::U16,
            CTy::U32,
            CTy::U64,
            CTy::F16,
            CTy::BF16,
            CTy::F32,
            CTy::F64,
            CTy::C64,
            CTy::C128,
        ];
        VALUE_TYPES
            .into_iter()
            .find(|t| t.dtype() == Some(d))
            .unwrap_or(CTy::Void)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
}

impl BinOp {
    pub fn text(self) -> &'static str {
        use BinOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Rem => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            And => "&&",
            Or => "||",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Debug)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub pos: Pos,
}

#[derive(Clone, Debug)]
pub(crate) enum ExprKind {
    Num(Num),
    Bool(bool),
    Name(String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `lhs op= rhs` (op None: plain `=`)
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(T)x`, `T(x)`, `static_cast<T>(x)`, `complex<T>(re, im)`
    Cast(CTy, Vec<Expr>),
    Call(String, Vec<Expr>),
    Method(Box<Expr>, String, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    /// `obj.field` (`threadIdx.x`)
    Member(Box<Expr>, String),
    /// `&lvalue` (the address argument of an atomic function)
    AddrOf(Box<Expr>),
}

#[derive(Clone, Debug)]
pub(crate) struct Declarator {
    pub name: String,
    pub pos: Pos,
    pub init: Option<Expr>,
    /// array extents (`x[4][8]`); `None` for an unsized `[]` (an `extern __shared__` array)
    pub dims: Vec<Option<Expr>>,
}

/// Where a declared variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Storage {
    /// a local (per-thread) variable
    Local,
    /// `__shared__`: one per block
    Shared,
    /// `extern __shared__`: the launch's dynamic shared memory
    ExternShared,
}

/// A declaration: `[storage] [const] T [*] a [= e], b[n] ...;`.
#[derive(Clone, Debug)]
pub(crate) struct Decl {
    pub ty: CTy,
    pub is_const: bool,
    pub vars: Vec<Declarator>,
    pub pos: Pos,
    pub storage: Storage,
    /// `T* p` (`is_const`: a pointer to const)
    pub ptr: bool,
    /// a struct type's fields (`ty` is then `Void`)
    pub strukt: Option<Fields>,
}

/// A struct type's fields, in order.
pub(crate) type Fields = std::sync::Arc<Vec<(String, CTy)>>;

#[derive(Clone, Debug)]
pub(crate) enum Stmt {
    Decl(Decl),
    Expr(Expr),
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    While(Expr, Box<Stmt>),
    DoWhile(Box<Stmt>, Expr),
    Break(Pos),
    Continue(Pos),
    Return(Option<Expr>, Pos),
    Empty,
}

#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub ty: CTy,
    pub name: String,
    pub by_ref: bool,
    pub is_const: bool,
    /// `T*` (the pointee is `ty`; `is_const` for `const T*`)
    pub ptr: bool,
    /// a struct parameter's fields
    pub strukt: Option<Fields>,
    pub pos: Pos,
}

#[derive(Clone, Debug)]
pub(crate) struct Func {
    pub ret: CTy,
    pub name: String,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    /// index of the source section the function came from
    pub section: usize,
    /// `__global__` (a kernel entry point)
    pub is_global: bool,
    /// a function template (`template <typename T, ...>`): its type parameters
    pub template: Vec<String>,
    pub pos: Pos,
}

/// A parsed preamble: helper functions and global declarations (run before the body).
#[derive(Default)]
pub(crate) struct Preamble {
    pub funcs: Vec<Func>,
    pub globals: Vec<Stmt>,
}

/// What parsing one section knows from the ones before: type names, object-like macros, and
/// names that are variables (never type names).
#[derive(Clone, Default)]
pub(crate) struct Env {
    pub types: HashMap<String, CTy>,
    pub defines: HashMap<String, Vec<Tok>>,
    pub shadow: std::collections::HashSet<String>,
    /// struct types by name
    pub structs: HashMap<String, Fields>,
}

pub(crate) struct Parser<'s, 't> {
    pub src: &'s Source<'t>,
    toks: Vec<Token>,
    at: usize,
    pub env: Env,
    /// how deep the syntax tree under construction is (nested expressions and statements, and
    /// the length of operator chains, which build left-deep trees)
    depth: usize,
    /// the fields of the struct type the last type parsed names
    struct_ty: Option<Fields>,
}

/// The deepest syntax tree the CPU engine takes: its parser, compiler and the trees' `Drop` are
/// recursive, so a deeper one (thousands of nested parentheses, a chain of thousands of `+`)
/// would overflow the stack; it is a diagnostic instead.
const MAX_DEPTH: usize = 200;

/// Handles `#define NAME tokens` / `#undef NAME` and expands object-like macros.
fn preprocess(
    src: &Source<'_>,
    toks: Vec<Token>,
    defines: &mut HashMap<String, Vec<Tok>>,
) -> Result<Vec<Token>, Diagnostic> {
    fn expand(
        name: &str,
        pos: Pos,
        defines: &HashMap<String, Vec<Tok>>,
        depth: usize,
        out: &mut Vec<Token>,
    ) {
        let body = &defines[name];
        for t in body {
            match t {
                Tok::Ident(n) if depth < 16 && n != name && defines.contains_key(n) => {
                    expand(n, pos, defines, depth + 1, out)
                }
                _ => out.push(Token {
                    tok: t.clone(),
                    pos,
                }),
            }
        }
    }
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if matches!(t.tok, Tok::Punct("#")) {
            let line = t.pos.line;
            let same = |k: usize| {
                k < toks.len() && toks[k].pos.line == line && !matches!(toks[k].tok, Tok::Eof)
            };
            let dir = match toks.get(i + 1) {
                Some(Token {
                    tok: Tok::Ident(d), ..
                }) if same(i + 1) => d.clone(),
                _ => return Err(src.diag(t.pos, "malformed preprocessor directive")),
            };
            match dir.as_str() {
                "define" | "undef" => {
                    let Some(Token {
                        tok: Tok::Ident(name),
                        pos: npos,
                    }) = toks.get(i + 2).filter(|_| same(i + 2))
                    else {
                        return Err(src.diag(t.pos, format!("#{dir} needs a name")));
                    };
                    let mut k = i + 3;
                    if dir == "define"
                        && matches!(toks.get(k), Some(Token { tok: Tok::Punct("("), pos }) if pos.line == line && pos.col == npos.col + name.len())
                    {
                        return Err(src.diag(
                            *npos,
                            "function-like macros are not supported by the CPU engine",
                        ));
                    }
                    let mut body = Vec::new();
                    while same(k) {
                        body.push(toks[k].tok.clone());
                        k += 1;
                    }
                    if dir == "define" {
                        defines.insert(name.clone(), body);
                    } else {
                        defines.remove(name);
                    }
                    i = k;
                    continue;
                }
                d => {
                    return Err(src.diag(
                        t.pos,
                        format!("preprocessor directive '#{d}' is not supported by the CPU engine"),
                    ));
                }
            }
        }
        if let Tok::Ident(n) = &t.tok
            && defines.contains_key(n)
        {
            expand(n, t.pos, defines, 0, &mut out);
            i += 1;
            continue;
        }
        out.push(t.clone());
        i += 1;
    }
    Ok(out)
}

const QUALIFIERS: &[&str] = &[
    "__device__",
    "__host__",
    "__forceinline__",
    "__inline__",
    "inline",
    "static",
    "extern",
    "__constant__",
    "register",
    "volatile",
    "constexpr",
];

impl<'s, 't> Parser<'s, 't> {
    pub fn new(src: &'s Source<'t>, mut env: Env) -> Result<Self, Diagnostic> {
        let toks = preprocess(src, lex(src)?, &mut env.defines)?;
        Ok(Parser {
            src,
            toks,
            at: 0,
            env,
            depth: 0,
            struct_ty: None,
        })
    }

    fn peek(&self) -> &Tok {
        &self.toks[self.at].tok
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.at + k).min(self.toks.len() - 1)].tok
    }
    fn pos(&self) -> Pos {
        self.toks[self.at].pos
    }
    fn bump(&mut self) -> Token {
        let t = self.toks[self.at].clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }
    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn is_ident(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Ident(q) if q == s)
    }
    fn eat(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn err<T>(&self, msg: impl Into<String>) -> Result<T, Diagnostic> {
        Err(self.src.diag(self.pos(), msg))
    }
    fn describe(&self) -> String {
        match self.peek() {
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Num(Num::Int { value, .. }) => format!("'{value}'"),
            Tok::Num(Num::Float { value, .. }) => format!("'{value}'"),
            Tok::Punct(p) => format!("'{p}'"),
            Tok::Eof => "end of input".into(),
        }
    }
    fn expect(&mut self, p: &str) -> Result<(), Diagnostic> {
        if self.eat(p) {
            Ok(())
        } else {
            self.err(format!("expected '{p}' before {}", self.describe()))
        }
    }
    fn ident(&mut self) -> Result<String, Diagnostic> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.bump();
                Ok(s)
            }
            _ => self.err(format!("expected an identifier before {}", self.describe())),
        }
    }
    /// One level deeper in the syntax tree, or a diagnostic beyond [`MAX_DEPTH`].
    fn enter(&mut self) -> Result<(), Diagnostic> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!(
                "the code is nested more than {MAX_DEPTH} levels deep (parentheses, operators, \
                 blocks or statements): not supported by the CPU engine"
            ));
        }
        Ok(())
    }

    /// Runs `f` one level deeper and restores the depth afterwards (also on errors).
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, Diagnostic>,
    ) -> Result<T, Diagnostic> {
        let base = self.depth;
        let r = self.enter().and_then(|()| f(self));
        self.depth = base;
        r
    }

    pub fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }

    // ---------------------------------------------------------------- types

    /// Whether a type starts here (without consuming).
    fn type_starts(&self) -> bool {
        match self.peek() {
            Tok::Ident(s) if self.env.shadow.contains(s.as_str()) => false,
            Tok::Ident(s) => {
                is_type_keyword(s)
                    || self.env.types.contains_key(s.as_str())
                    || s == "const"
                    || s == "auto"
                    || ((s == "thrust" || s == "std" || s == "cuda")
                        && matches!(self.peek_at(1), Tok::Punct("::"))
                        && matches!(self.peek_at(2), Tok::Ident(n) if n == "complex" || n == "std"))
            }
            _ => false,
        }
    }

    /// Parses `[const] type [const]`; returns the type and constness.
    fn parse_type(&mut self) -> Result<(CTy, bool), Diagnostic> {
        let (ty, is_const, ptr) = self.parse_type_ptr()?;
        if ptr {
            return self.err("pointer types are not supported by the CPU engine here (only as kernel parameters)");
        }
        Ok((ty, is_const))
    }

    /// Parses `[const] type [const] [* [const|__restrict__]]`; returns the type, constness of
    /// the (pointed-to) value and whether it is a pointer.
    fn parse_type_ptr(&mut self) -> Result<(CTy, bool, bool), Diagnostic> {
        let mut is_const = false;
        while self.is_ident("const") || self.is_ident("volatile") {
            is_const |= self.is_ident("const");
            self.bump();
        }
        let pos = self.pos();
        let ty = self.parse_base_type()?;
        while self.is_ident("const") {
            is_const = true;
            self.bump();
        }
        let mut ptr = false;
        if self.is_punct("*") {
            self.bump();
            ptr = true;
            while self.is_ident("const")
                || self.is_ident("__restrict__")
                || self.is_ident("__restrict")
                || self.is_ident("restrict")
                || self.is_ident("volatile")
            {
                self.bump();
            }
            if self.is_punct("*") {
                return self.err("pointers to pointers are not supported by the CPU engine");
            }
        }
        let _ = pos;
        Ok((ty, is_const, ptr))
    }

    fn parse_base_type(&mut self) -> Result<CTy, Diagnostic> {
        let pos = self.pos();
        let Tok::Ident(first) = self.peek().clone() else {
            return self.err(format!("expected a type before {}", self.describe()));
        };
        if let Some(t) = self.env.types.get(&first).copied() {
            self.bump();
            self.struct_ty = self.env.structs.get(&first).cloned();
            return Ok(t);
        }
        if first == "auto" {
            self.bump();
            return Ok(CTy::Auto);
        }
        // qualified names: thrust::complex<T>, std::complex<T>, cuda::std::complex<T>
        if first == "thrust" || first == "std" || first == "cuda" {
            self.bump();
            self.expect("::")?;
            return self.parse_base_type();
        }
        if first == "complex" {
            self.bump();
            self.expect("<")?;
            let (inner, _) = self.parse_type()?;
            self.expect(">")?;
            return match inner {
                CTy::F32 => Ok(CTy::C64),
                CTy::F64 => Ok(CTy::C128),
                other => Err(self.src.diag(
                    pos,
                    format!(
                        "complex<{}> is not supported (complex<float> or complex<double>)",
                        other.name()
                    ),
                )),
            };
        }
        // builtin specifier sequences
        let (mut signed, mut unsigned, mut short, mut long, mut base) =
            (false, false, false, 0, None::<&str>);
        let mut any = false;
        while let Tok::Ident(s) = self.peek().clone() {
            match s.as_str() {
                "signed" => signed = true,
                "unsigned" => unsigned = true,
                "short" => short = true,
                "long" => long += 1,
                "int" | "char" | "float" | "double" | "bool" | "void" if base.is_none() => {
                    base = Some(match s.as_str() {
                        "int" => "int",
                        "char" => "char",
                        "float" => "float",
                        "double" => "double",
                        "bool" => "bool",
                        _ => "void",
                    })
                }
                _ => {
                    if !any
                        && !self.env.shadow.contains(&s)
                        && let Some(t) = named_type(&s)
                    {
                        self.bump();
                        return Ok(t);
                    }
                    break;
                }
            }
            any = true;
            self.bump();
        }
        if !any {
            return Err(self.src.diag(pos, format!("unknown type name '{first}'")));
        }
        let _ = signed;
        let t = match base {
            Some("char") => {
                if unsigned {
                    CTy::U8
                } else {
                    CTy::I8
                }
            }
            Some("float") => CTy::F32,
            Some("double") => CTy::F64,
            Some("bool") => CTy::Bool,
            Some("void") => CTy::Void,
            _ => {
                let (s, u) = if short {
                    (CTy::I16, CTy::U16)
                } else if long >= 1 {
                    (CTy::I64, CTy::U64)
                } else {
                    (CTy::I32, CTy::U32)
                };
                if unsigned { u } else { s }
            }
        };
        Ok(t)
    }

    // ---------------------------------------------------------------- statements

    /// Statements up to the end of input.
    pub fn parse_body(&mut self) -> Result<Vec<Stmt>, Diagnostic> {
        let mut out = Vec::new();
        while !self.at_eof() {
            out.push(self.parse_stmt()?);
        }
        Ok(out)
    }

    fn parse_block(&mut self) -> Result<Vec<Stmt>, Diagnostic> {
        self.expect("{")?;
        let mut out = Vec::new();
        while !self.is_punct("}") {
            if self.at_eof() {
                return self.err("expected '}' at end of input");
            }
            out.push(self.parse_stmt()?);
        }
        self.bump();
        Ok(out)
    }

    /// A declaration when a type is followed by a name (`T t`, `const int k`).
    fn try_decl(&mut self) -> Result<Option<Stmt>, Diagnostic> {
        let save = self.at;
        let pos = self.pos();
        let (mut shared, mut is_extern, mut constant) = (false, false, false);
        while let Tok::Ident(s) = self.peek() {
            if s == "__shared__" {
                shared = true;
            } else if s == "extern" {
                is_extern = true;
            } else if s == "__constant__" {
                constant = true;
            } else if !QUALIFIERS.contains(&s.as_str()) {
                break;
            }
            self.bump();
        }
        let storage = match (shared, is_extern) {
            (false, _) => Storage::Local,
            (true, false) => Storage::Shared,
            (true, true) => Storage::ExternShared,
        };
        if !self.type_starts() {
            self.at = save;
            return Ok(None);
        }
        self.struct_ty = None;
        let (ty, is_const, ptr) = match self.parse_type_ptr() {
            Ok((t, c, p)) => (t, c || constant, p),
            Err(e) => {
                self.at = save;
                if matches!(self.peek_at(1), Tok::Punct("(")) {
                    return Ok(None);
                }
                return Err(e);
            }
        };
        if !matches!(self.peek(), Tok::Ident(_)) {
            if self.is_punct("&") {
                return self.err("reference variables are not supported by the CPU engine");
            }
            self.at = save;
            return Ok(None);
        }
        let mut vars = Vec::new();
        loop {
            let vpos = self.pos();
            let name = self.ident()?;
            let mut dims = Vec::new();
            while self.eat("[") {
                if self.eat("]") {
                    dims.push(None);
                    continue;
                }
                dims.push(Some(self.parse_expr()?));
                self.expect("]")?;
            }
            // `= {a, b}` (an array's elements) reads as `{a, b}`
            let braced = self.is_punct("=") && matches!(self.peek_at(1), Tok::Punct("{"));
            if braced {
                self.bump();
            }
            let init = if !braced && self.eat("=") {
                Some(self.parse_assign()?)
            } else if self.is_punct("(") || self.is_punct("{") {
                let close = if self.eat("(") {
                    ")"
                } else {
                    self.bump();
                    "}"
                };
                let mut args = Vec::new();
                while !self.is_punct(close) {
                    args.push(self.parse_assign()?);
                    // a trailing comma ends a braced list too
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(close)?;
                Some(Expr {
                    kind: ExprKind::Cast(ty, args),
                    pos: vpos,
                })
            } else {
                None
            };
            vars.push(Declarator {
                name,
                pos: vpos,
                init,
                dims,
            });
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")?;
        let strukt = self.struct_ty.take();
        Ok(Some(Stmt::Decl(Decl {
            ty,
            is_const,
            vars,
            pos,
            storage,
            ptr,
            strukt,
        })))
    }

    pub fn parse_stmt(&mut self) -> Result<Stmt, Diagnostic> {
        self.nested(Self::parse_stmt_here)
    }

    fn parse_stmt_here(&mut self) -> Result<Stmt, Diagnostic> {
        let pos = self.pos();
        if self.eat(";") {
            return Ok(Stmt::Empty);
        }
        if self.is_punct("{") {
            return Ok(Stmt::Block(self.parse_block()?));
        }
        if self.is_punct("#") {
            return self.err("preprocessor directives are not supported by the CPU engine");
        }
        if let Tok::Ident(kw) = self.peek().clone() {
            match kw.as_str() {
                "if" => {
                    self.bump();
                    self.expect("(")?;
                    let c = self.parse_expr()?;
                    self.expect(")")?;
                    let t = self.parse_stmt()?;
                    let e = if self.is_ident("else") {
                        self.bump();
                        Some(Box::new(self.parse_stmt()?))
                    } else {
                        None
                    };
                    return Ok(Stmt::If(c, Box::new(t), e));
                }
                "for" => {
                    self.bump();
                    self.expect("(")?;
                    let init = if self.eat(";") {
                        None
                    } else if let Some(d) = self.try_decl()? {
                        Some(Box::new(d))
                    } else {
                        let e = self.parse_expr()?;
                        self.expect(";")?;
                        Some(Box::new(Stmt::Expr(e)))
                    };
                    let cond = if self.is_punct(";") {
                        None
                    } else {
                        Some(self.parse_expr()?)
                    };
                    self.expect(";")?;
                    let step = if self.is_punct(")") {
                        None
                    } else {
                        Some(self.parse_expr()?)
                    };
                    self.expect(")")?;
                    let body = Box::new(self.parse_stmt()?);
                    return Ok(Stmt::For {
                        init,
                        cond,
                        step,
                        body,
                    });
                }
                "while" => {
                    self.bump();
                    self.expect("(")?;
                    let c = self.parse_expr()?;
                    self.expect(")")?;
                    let body = self.parse_stmt()?;
                    return Ok(Stmt::While(c, Box::new(body)));
                }
                "do" => {
                    self.bump();
                    let body = self.parse_stmt()?;
                    if !self.is_ident("while") {
                        return self.err(format!("expected 'while' before {}", self.describe()));
                    }
                    self.bump();
                    self.expect("(")?;
                    let c = self.parse_expr()?;
                    self.expect(")")?;
                    self.expect(";")?;
                    return Ok(Stmt::DoWhile(Box::new(body), c));
                }
                "break" => {
                    self.bump();
                    self.expect(";")?;
                    return Ok(Stmt::Break(pos));
                }
                "continue" => {
                    self.bump();
                    self.expect(";")?;
                    return Ok(Stmt::Continue(pos));
                }
                "return" => {
                    self.bump();
                    let e = if self.is_punct(";") {
                        None
                    } else {
                        Some(self.parse_expr()?)
                    };
                    self.expect(";")?;
                    return Ok(Stmt::Return(e, pos));
                }
                "switch" | "goto" | "case" | "default" | "asm" | "template" | "struct"
                | "class" | "union" | "enum" | "typedef" | "sizeof" | "new" | "delete" | "try"
                | "throw" => {
                    return self.err(format!("'{kw}' is not supported by the CPU engine"));
                }
                _ => {}
            }
        }
        if let Some(d) = self.try_decl()? {
            return Ok(d);
        }
        let e = self.parse_expr()?;
        if !self.is_punct(";") && self.at_eof() {
            // CuPy allows the last statement of an operation without ';'
            return Ok(Stmt::Expr(e));
        }
        self.expect(";")?;
        Ok(Stmt::Expr(e))
    }

    /// The preamble: `__device__` functions, global constants, and prototypes.
    pub fn parse_preamble(&mut self, section: usize) -> Result<Preamble, Diagnostic> {
        let mut pre = Preamble::default();
        // open `extern "C" {` blocks
        let mut extern_blocks = 0usize;
        while !self.at_eof() {
            if self.eat(";") {
                continue;
            }
            if extern_blocks > 0 && self.eat("}") {
                extern_blocks -= 1;
                continue;
            }
            if self.is_ident("extern") && matches!(self.peek_at(1), Tok::Punct("{")) {
                self.bump();
                self.bump();
                extern_blocks += 1;
                continue;
            }
            if self.is_punct("#") {
                return self.err("preprocessor directives are not supported by the CPU engine");
            }
            let mut template = Vec::new();
            if self.is_ident("template") {
                self.bump();
                self.expect("<")?;
                loop {
                    if !(self.is_ident("typename") || self.is_ident("class")) {
                        return self.err(
                            "only type template parameters ('typename T') are supported by the CPU engine",
                        );
                    }
                    self.bump();
                    let t = self.ident()?;
                    template.push(t);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(">")?;
                // the body parses with the parameters as type names (bound when instantiated)
                for t in &template {
                    self.env.types.entry(t.clone()).or_insert(CTy::Auto);
                }
            }
            if self.is_ident("typedef") {
                self.bump();
                let (ty, _) = self.parse_type()?;
                let name = self.ident()?;
                self.expect(";")?;
                self.env.types.insert(name, ty);
                continue;
            }
            if self.is_ident("struct") && matches!(self.peek_at(2), Tok::Punct("{")) {
                self.parse_struct()?;
                continue;
            }
            if self.is_ident("struct") || self.is_ident("using") || self.is_ident("class") {
                return self.err(format!(
                    "{} is not supported by the CPU engine",
                    self.describe()
                ));
            }
            let pos = self.pos();
            let save = self.at;
            let mut is_global = false;
            while let Tok::Ident(s) = self.peek() {
                if s == "__global__" {
                    is_global = true;
                } else if s == "__launch_bounds__" {
                    self.bump();
                    self.parse_args()?;
                    continue;
                } else if !QUALIFIERS.contains(&s.as_str()) {
                    break;
                }
                self.bump();
            }
            self.struct_ty = None;
            let (ret, _) = self.parse_type()?;
            if self.struct_ty.is_some() {
                return self
                    .err("functions returning a struct are not supported by the CPU engine");
            }
            while self.is_ident("__launch_bounds__") {
                self.bump();
                self.parse_args()?;
            }
            let name = self.ident()?;
            if !self.eat("(") {
                // a global declaration: re-parse as a statement
                self.at = save;
                match self.try_decl()? {
                    Some(d) => {
                        pre.globals.push(d);
                        continue;
                    }
                    None => return self.err("expected a function or a declaration"),
                }
            }
            let mut params = Vec::new();
            if !self.is_punct(")") {
                if self.is_ident("void") && matches!(self.peek_at(1), Tok::Punct(")")) {
                    self.bump();
                } else {
                    loop {
                        let ppos = self.pos();
                        self.struct_ty = None;
                        let (ty, is_const, ptr) = self.parse_type_ptr()?;
                        let strukt = self.struct_ty.take();
                        if strukt.is_some() && ptr {
                            return self
                                .err("pointers to structs are not supported by the CPU engine");
                        }
                        let by_ref = !ptr && self.eat("&");
                        let name = self.ident()?;
                        if self.is_punct("[") {
                            return self
                                .err("array parameters are not supported by the CPU engine");
                        }
                        params.push(Param {
                            ty,
                            name,
                            by_ref,
                            is_const,
                            ptr,
                            strukt,
                            pos: ppos,
                        });
                        if !self.eat(",") {
                            break;
                        }
                    }
                }
            }
            self.expect(")")?;
            if self.eat(";") {
                continue; // prototype
            }
            let body = self.parse_block()?;
            pre.funcs.push(Func {
                ret,
                name,
                params,
                body,
                section,
                is_global,
                template,
                pos,
            });
        }
        if extern_blocks > 0 {
            return self.err("expected '}' to close an 'extern \"C\" {' block");
        }
        Ok(pre)
    }

    /// `struct Name { T a; U b, c; };`: fields of value types.
    fn parse_struct(&mut self) -> Result<(), Diagnostic> {
        self.bump();
        let name = self.ident()?;
        self.expect("{")?;
        let mut fields: Vec<(String, CTy)> = Vec::new();
        while !self.eat("}") {
            if self.at_eof() {
                return self.err(format!("expected '}}' to close struct '{name}'"));
            }
            self.struct_ty = None;
            let (ty, _) = self.parse_type()?;
            if self.struct_ty.is_some() || matches!(ty, CTy::Void | CTy::Auto) {
                return self.err(
                    "struct fields of the CPU engine are numbers (bool, integers, floating, complex)",
                );
            }
            loop {
                let f = self.ident()?;
                if self.is_punct("[") {
                    return self.err("array fields are not supported by the CPU engine");
                }
                if fields.iter().any(|(g, _)| *g == f) {
                    return self.err(format!("duplicate field '{f}' of struct '{name}'"));
                }
                fields.push((f, ty));
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(";")?;
        }
        self.expect(";")?;
        self.env.types.insert(name.clone(), CTy::Void);
        self.env.structs.insert(name, std::sync::Arc::new(fields));
        Ok(())
    }
}

/// The C type a type name spells (`"float"`, `"unsigned int"`, `"complex<double>"`), for
/// template arguments.
pub(crate) fn type_of_name(text: &str) -> Option<CTy> {
    let src = Source {
        section: "source",
        text,
    };
    let mut p = Parser::new(&src, Env::default()).ok()?;
    let (t, _) = p.parse_type().ok()?;
    (p.at_eof() && t.dtype().is_some()).then_some(t)
}

fn is_type_keyword(s: &str) -> bool {
    matches!(
        s,
        "void"
            | "bool"
            | "char"
            | "short"
            | "int"
            | "long"
            | "signed"
            | "unsigned"
            | "float"
            | "double"
            | "complex"
    ) || named_type(s).is_some()
}

/// Type names of one identifier (stdint, CUDA and CuPy names).
fn named_type(s: &str) -> Option<CTy> {
    Some(match s {
        "int8_t" => CTy::I8,
        "int16_t" => CTy::I16,
        "int32_t" => CTy::I32,
        "int64_t" | "ptrdiff_t" | "ssize_t" | "long_long" => CTy::I64,
        "uint8_t" => CTy::U8,
        "uint16_t" => CTy::U16,
        "uint32_t" | "uint" => CTy::U32,
        "uint64_t" | "size_t" => CTy::U64,
        "float16" | "half" | "__half" => CTy::F16,
        "bfloat16" | "__nv_bfloat16" => CTy::BF16,
        "float32" => CTy::F32,
        "float64" => CTy::F64,
        "i8" => CTy::I8,
        "i16" => CTy::I16,
        "i32" => CTy::I32,
        "i64" => CTy::I64,
        "u8" => CTy::U8,
        "u16" => CTy::U16,
        "u32" => CTy::U32,
        "u64" => CTy::U64,
        "c64" | "complex64" => CTy::C64,
        "c128" | "complex128" => CTy::C128,
        _ => return None,
    })
}
