//! The kernel as data: types, expressions and statements built from the user's `syn` tree,
//! with names resolved to parameters and variables and types inferred.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Error, Result};

/// The scalar types of the body language.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Prim {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F32,
    F64,
    Usize,
    Isize,
}

impl Prim {
    pub fn parse(s: &str) -> Option<Prim> {
        Some(match s {
            "i8" => Prim::I8,
            "i16" => Prim::I16,
            "i32" => Prim::I32,
            "i64" => Prim::I64,
            "u8" => Prim::U8,
            "u16" => Prim::U16,
            "u32" => Prim::U32,
            "u64" => Prim::U64,
            "f32" => Prim::F32,
            "f64" => Prim::F64,
            "usize" => Prim::Usize,
            "isize" => Prim::Isize,
            _ => return None,
        })
    }
    pub fn rust(self) -> &'static str {
        match self {
            Prim::I8 => "i8",
            Prim::I16 => "i16",
            Prim::I32 => "i32",
            Prim::I64 => "i64",
            Prim::U8 => "u8",
            Prim::U16 => "u16",
            Prim::U32 => "u32",
            Prim::U64 => "u64",
            Prim::F32 => "f32",
            Prim::F64 => "f64",
            Prim::Usize => "usize",
            Prim::Isize => "isize",
        }
    }
    pub fn c(self) -> &'static str {
        match self {
            Prim::I8 => "signed char",
            Prim::I16 => "short",
            Prim::I32 => "int",
            Prim::I64 | Prim::Isize => "long long",
            Prim::U8 => "unsigned char",
            Prim::U16 => "unsigned short",
            Prim::U32 => "unsigned int",
            Prim::U64 | Prim::Usize => "unsigned long long",
            Prim::F32 => "float",
            Prim::F64 => "double",
        }
    }
    /// cuprum's `DType` variant name.
    pub fn dtype(self) -> &'static str {
        match self {
            Prim::I8 => "Int8",
            Prim::I16 => "Int16",
            Prim::I32 => "Int32",
            Prim::I64 | Prim::Isize => "Int64",
            Prim::U8 => "UInt8",
            Prim::U16 => "UInt16",
            Prim::U32 => "UInt32",
            Prim::U64 | Prim::Usize => "UInt64",
            Prim::F32 => "Float32",
            Prim::F64 => "Float64",
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Prim::F32 | Prim::F64)
    }
}

/// A value's type. `LitInt`/`LitFloat` are unsuffixed literals (and variables bound to them)
/// whose type is taken from their use, as Rust does; left alone they are `i32`/`f64`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ty {
    /// the kernel's n-th type parameter (CuPy's placeholder)
    Gen(usize),
    P(Prim),
    Bool,
    LitInt,
    LitFloat,
}

impl Ty {
    pub fn is_lit(self) -> bool {
        matches!(self, Ty::LitInt | Ty::LitFloat)
    }
    /// The type of a binary operation's operands.
    pub fn unify(a: Ty, b: Ty) -> Ty {
        match (a.is_lit(), b.is_lit()) {
            (false, _) => a,
            (true, false) => b,
            (true, true) => {
                if a == Ty::LitFloat || b == Ty::LitFloat {
                    Ty::LitFloat
                } else {
                    Ty::LitInt
                }
            }
        }
    }
    /// A literal type resolved to Rust's default.
    pub fn settle(self) -> Ty {
        match self {
            Ty::LitInt => Ty::P(Prim::I32),
            Ty::LitFloat => Ty::P(Prim::F64),
            t => t,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PKind {
    In,
    Out,
    Scalar,
}

pub struct Param {
    pub name: syn::Ident,
    pub kind: PKind,
    pub elem: Ty,
    /// the number of indices of its n-d uses (0: only flat indexing)
    pub ndim: usize,
    /// the least number of dimensions its `shape(k)` uses need
    pub min_ndim: usize,
}

pub struct Var {
    pub name: syn::Ident,
    pub ty: Ty,
    pub mutable: bool,
    /// declared with an explicit type
    pub annotated: bool,
    /// the initializer, for settling a literal-typed variable from later uses
    pub init: Option<Expr>,
    /// `shared_memory::<T>(n)`: the element type and length
    pub shared: Option<(Ty, usize)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinOp {
    pub fn is_cmp(self) -> bool {
        matches!(
            self,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        )
    }
    pub fn is_logic(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }
    pub fn is_shift(self) -> bool {
        matches!(self, BinOp::Shl | BinOp::Shr)
    }
    pub fn c(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Builtin {
    ThreadIdx(usize),
    BlockIdx(usize),
    BlockDim(usize),
    GridDim(usize),
    Grid(usize),
    GridSize(usize),
    LaneId,
    WarpSize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arr {
    Param(usize),
    Shared(usize),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AtomicOp {
    Add,
    Sub,
    Exch,
    Min,
    Max,
    Inc,
    Dec,
    Cas,
    And,
    Or,
    Xor,
}

impl AtomicOp {
    pub fn parse(s: &str) -> Option<AtomicOp> {
        Some(match s {
            "atomic_add" => AtomicOp::Add,
            "atomic_sub" => AtomicOp::Sub,
            "atomic_exch" => AtomicOp::Exch,
            "atomic_min" => AtomicOp::Min,
            "atomic_max" => AtomicOp::Max,
            "atomic_inc" => AtomicOp::Inc,
            "atomic_dec" => AtomicOp::Dec,
            "atomic_cas" => AtomicOp::Cas,
            "atomic_and" => AtomicOp::And,
            "atomic_or" => AtomicOp::Or,
            "atomic_xor" => AtomicOp::Xor,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::Exch => "exch",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::Inc => "inc",
            AtomicOp::Dec => "dec",
            AtomicOp::Cas => "cas",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WarpOp {
    Shfl,
    ShflDown,
    ShflUp,
    ShflXor,
    All,
    Any,
    Ballot,
}

impl WarpOp {
    pub fn parse(s: &str) -> Option<WarpOp> {
        Some(match s {
            "shfl_sync" => WarpOp::Shfl,
            "shfl_down_sync" => WarpOp::ShflDown,
            "shfl_up_sync" => WarpOp::ShflUp,
            "shfl_xor_sync" => WarpOp::ShflXor,
            "all_sync" => WarpOp::All,
            "any_sync" => WarpOp::Any,
            "ballot_sync" => WarpOp::Ballot,
            _ => return None,
        })
    }
}

/// Math functions: (Rust method / function name, number of arguments, C helper suffix).
pub const MATH: &[(&str, usize, &str)] = &[
    ("sqrt", 1, "sqrt"),
    ("cbrt", 1, "cbrt"),
    ("exp", 1, "exp"),
    ("exp2", 1, "exp2"),
    ("ln", 1, "log"),
    ("log", 1, "log"),
    ("log2", 1, "log2"),
    ("log10", 1, "log10"),
    ("sin", 1, "sin"),
    ("cos", 1, "cos"),
    ("tan", 1, "tan"),
    ("asin", 1, "asin"),
    ("acos", 1, "acos"),
    ("atan", 1, "atan"),
    ("sinh", 1, "sinh"),
    ("cosh", 1, "cosh"),
    ("tanh", 1, "tanh"),
    ("floor", 1, "floor"),
    ("ceil", 1, "ceil"),
    ("round", 1, "round"),
    ("trunc", 1, "trunc"),
    ("abs", 1, "abs"),
    ("min", 2, "min"),
    ("max", 2, "max"),
    ("powf", 2, "pow"),
    ("pow", 2, "pow"),
    ("powi", 2, "powi"),
    ("atan2", 2, "atan2"),
    ("hypot", 2, "hypot"),
];

#[derive(Clone, Debug)]
pub struct Expr {
    pub k: EK,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum EK {
    LitInt(u128, Option<Prim>),
    LitFloat(f64, Option<Prim>),
    Bool(bool),
    Var(usize),
    Param(usize),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Un(UnOp, Box<Expr>),
    Cast(Box<Expr>, Ty),
    Index(Arr, Vec<Expr>),
    Len(usize),
    Shape(usize, usize),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// index into [`MATH`]
    Math(usize, Vec<Expr>),
    Builtin(Builtin),
    Atomic(AtomicOp, Arr, Vec<Expr>, Vec<Expr>),
    Warp(WarpOp, Vec<Expr>),
}

#[derive(Clone, Debug)]
pub enum Place {
    Var(usize),
    Index(Arr, Vec<Expr>),
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Let {
        var: usize,
        init: Expr,
    },
    Assign {
        place: Place,
        op: Option<BinOp>,
        value: Expr,
        span: Span,
    },
    Expr(Expr),
    If {
        cond: Expr,
        then: Vec<Stmt>,
        els: Option<Vec<Stmt>>,
        span: Span,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
        span: Span,
    },
    Loop {
        body: Vec<Stmt>,
        span: Span,
    },
    For {
        var: usize,
        start: Expr,
        end: Expr,
        inclusive: bool,
        step: Option<Expr>,
        body: Vec<Stmt>,
        span: Span,
    },
    Break(Span),
    Continue(Span),
    Return(Span),
    Sync {
        warp: bool,
        span: Span,
    },
    Block(Vec<Stmt>),
}

pub struct Kernel {
    pub name: syn::Ident,
    pub vis: syn::Visibility,
    pub generics: Vec<syn::Ident>,
    pub params: Vec<Param>,
    pub vars: Vec<Var>,
    pub body: Vec<Stmt>,
    pub doc: Vec<syn::Attribute>,
}

pub(crate) fn err<T>(s: impl Spanned, msg: &str) -> Result<T> {
    Err(Error::new(s.span(), msg))
}

impl Kernel {
    pub fn ty(&self, e: &Expr) -> Ty {
        match &e.k {
            EK::LitInt(_, s) => s.map_or(Ty::LitInt, Ty::P),
            EK::LitFloat(_, s) => s.map_or(Ty::LitFloat, Ty::P),
            EK::Bool(_) => Ty::Bool,
            EK::Var(v) => self.vars[*v].ty,
            EK::Param(p) => self.params[*p].elem,
            EK::Bin(op, a, b) => {
                if op.is_cmp() || op.is_logic() {
                    Ty::Bool
                } else if op.is_shift() {
                    self.ty(a)
                } else {
                    Ty::unify(self.ty(a), self.ty(b))
                }
            }
            EK::Un(_, a) => self.ty(a),
            EK::Cast(_, t) => *t,
            EK::Index(a, _) | EK::Atomic(_, a, _, _) => self.elem(*a),
            EK::Len(_) | EK::Shape(..) => Ty::P(Prim::Usize),
            EK::If(_, a, b) => Ty::unify(self.ty(a), self.ty(b)),
            EK::Math(m, args) => {
                if MATH[*m].1 == 2 && MATH[*m].0 != "powi" && MATH[*m].0 != "pow" {
                    Ty::unify(self.ty(&args[0]), self.ty(&args[1]))
                } else {
                    self.ty(&args[0])
                }
            }
            EK::Builtin(b) => match b {
                Builtin::Grid(_) | Builtin::GridSize(_) => Ty::P(Prim::Usize),
                _ => Ty::P(Prim::U32),
            },
            EK::Warp(w, args) => match w {
                WarpOp::All | WarpOp::Any => Ty::Bool,
                WarpOp::Ballot => Ty::P(Prim::U32),
                _ => self.ty(&args[1]),
            },
        }
    }

    pub fn elem(&self, a: Arr) -> Ty {
        match a {
            Arr::Param(p) => self.params[p].elem,
            Arr::Shared(v) => self.vars[v].shared.map_or(Ty::LitInt, |s| s.0),
        }
    }

    /// A variable of literal type used with a value of type `t` takes that type.
    pub(crate) fn refine(&mut self, e: &Expr, t: Ty) {
        if t.is_lit() {
            return;
        }
        if let EK::Var(v) = &e.k {
            let var = &mut self.vars[*v];
            if var.ty.is_lit() && !var.annotated {
                var.ty = t;
            }
        }
    }
}

/// Builds the kernel from the user's function.
impl Kernel {
    pub fn parse_ty(&self, t: &syn::Type) -> Result<Ty> {
        if let syn::Type::Path(p) = t
            && let Some(id) = p.path.get_ident()
        {
            let s = id.to_string();
            if let Some(g) = self.generics.iter().position(|g| *g == s) {
                return Ok(Ty::Gen(g));
            }
            if s == "bool" {
                return Ok(Ty::Bool);
            }
            if let Some(p) = Prim::parse(&s) {
                return Ok(Ty::P(p));
            }
        }
        err(
            t,
            "a type of the kernel: a type parameter, i8..i64, u8..u64, usize, isize, f32, f64 or bool",
        )
    }
}
