//! [`Args`]: a [`Call`] bound to a NumPy signature, with typed getters.

use super::{Call, Value};
use crate::ops::Operand;
use crate::reduce::Axes;
use crate::{Array, DType, Error, Result, Scalar};

/// Where a parameter's value comes from.
#[derive(Clone, Debug)]
enum Slot<'a> {
    Given(&'a Value),
    Owned(Value),
    Missing,
}

/// The arguments of a call bound to a signature: every parameter by name, given or default.
#[derive(Debug)]
pub struct Args<'a> {
    op: &'static str,
    signature: &'static str,
    slots: Vec<(&'static str, Slot<'a>)>,
}

/// One parameter of a signature.
struct Param {
    name: &'static str,
    default: Option<&'static str>,
    variadic: bool,
    keyword_only: bool,
}

fn params(signature: &'static str) -> Vec<Param> {
    let inner = signature
        .split_once('(')
        .and_then(|(_, r)| r.strip_suffix(')'))
        .unwrap_or("");
    let mut out = Vec::new();
    let mut keyword_only = false;
    for p in split_top(inner) {
        if p == "*" {
            keyword_only = true;
            continue;
        }
        if p == "/" {
            continue;
        }
        let (name, default) = match p.split_once('=') {
            Some((n, d)) => (n.trim(), Some(d.trim())),
            None => (p, None),
        };
        let variadic = name.starts_with('*');
        out.push(Param {
            name: name.trim_start_matches('*'),
            default,
            variadic,
            keyword_only,
        });
        if variadic {
            keyword_only = true;
        }
    }
    out
}

/// Splits at the commas outside parentheses and brackets; trims; drops empty parts.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim());
    out.retain(|p| !p.is_empty());
    out
}

fn literal(s: &str) -> Value {
    if let Some(inner) = s.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        // `(x)` is x; `(x,)` and `(x, y)` are tuples
        let parts = split_top(inner);
        if parts.len() == 1 && !inner.trim_end().ends_with(',') {
            return literal(parts[0]);
        }
        return Value::List(parts.into_iter().map(literal).collect());
    }
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return Value::List(split_top(inner).into_iter().map(literal).collect());
    }
    if let Some(c) = complex_literal(s) {
        return Value::Complex(c);
    }
    match s {
        "None" => Value::None,
        "True" => Value::Bool(true),
        "False" => Value::Bool(false),
        _ => {
            if let Some(q) = s
                .strip_prefix('\'')
                .and_then(|r| r.strip_suffix('\''))
                .or_else(|| s.strip_prefix('"').and_then(|r| r.strip_suffix('"')))
            {
                Value::Str(q.to_string())
            } else if let Ok(i) = s.parse::<i64>() {
                Value::Int(i)
            } else if let Ok(f) = s.parse::<f64>() {
                Value::Float(f)
            } else {
                Value::Str(s.to_string())
            }
        }
    }
}

/// A Python complex literal: `1j`, `-2.5j`, `1+0j`, `1-2j`.
fn complex_literal(s: &str) -> Option<crate::Complex64> {
    let body = s.strip_suffix('j')?;
    let split = body
        .char_indices()
        .skip(1)
        .filter(|&(i, c)| (c == '+' || c == '-') && !body[..i].ends_with(['e', 'E']))
        .map(|(i, _)| i)
        .last();
    let (re, im) = match split {
        Some(i) => (
            body[..i].parse::<f64>().ok()?,
            body[i..].parse::<f64>().ok()?,
        ),
        None => (0.0, body.parse::<f64>().ok()?),
    };
    Some(crate::Complex64::new(re, im))
}

impl<'a> Args<'a> {
    /// Binds `call` to `signature` as Python does.
    ///
    /// # Errors
    /// See the [module documentation](super).
    pub fn bind(op: &'static str, signature: &'static str, call: &'a Call) -> Result<Args<'a>> {
        let ps = params(signature);
        let mut slots: Vec<(&'static str, Slot<'a>)> =
            ps.iter().map(|p| (p.name, Slot::Missing)).collect();
        let mut pos = call.args.iter();
        for (i, p) in ps.iter().enumerate() {
            if p.keyword_only && !p.variadic {
                break;
            }
            if p.variadic {
                slots[i].1 = Slot::Owned(Value::List(pos.by_ref().cloned().collect()));
                break;
            }
            match pos.next() {
                Some(v) => slots[i].1 = Slot::Given(v),
                None => break,
            }
        }
        if pos.next().is_some() {
            return Err(Error::bad_argument(
                op,
                "*args",
                format!("{} positional arguments", call.args.len()),
                format!(
                    "at most {} ({signature})",
                    ps.iter().take_while(|p| !p.keyword_only).count()
                ),
            ));
        }
        for (k, v) in &call.kwargs {
            let Some(i) = ps.iter().position(|p| p.name == k.as_str() && !p.variadic) else {
                return Err(Error::unsupported(
                    op,
                    format!("unexpected keyword argument {k:?}; the signature is {signature}"),
                ));
            };
            if !matches!(slots[i].1, Slot::Missing) {
                return Err(Error::bad_argument(
                    op,
                    slots[i].0,
                    "a value given twice",
                    "one value, positional or keyword",
                ));
            }
            slots[i].1 = Slot::Given(v);
        }
        for (p, slot) in ps.iter().zip(slots.iter_mut()) {
            if matches!(slot.1, Slot::Missing) {
                match p.default {
                    Some(d) => slot.1 = Slot::Owned(literal(d)),
                    None if p.variadic => slot.1 = Slot::Owned(Value::List(Vec::new())),
                    None => {
                        return Err(Error::bad_argument(
                            op,
                            p.name,
                            "missing",
                            format!("a value for a required argument ({signature})"),
                        ));
                    }
                }
            }
        }
        Ok(Args {
            op,
            signature,
            slots,
        })
    }

    /// The operation's NumPy name.
    pub fn op(&self) -> &'static str {
        self.op
    }

    /// The signature the call was bound to.
    pub fn signature(&self) -> &'static str {
        self.signature
    }

    /// Parameter `name`'s value (given or default).
    ///
    /// # Panics
    /// When the signature has no parameter `name` (a programmer error in a registry entry).
    #[track_caller]
    pub fn get(&self, name: &str) -> &Value {
        match self.slots.iter().find(|(n, _)| *n == name) {
            Some((_, Slot::Given(v))) => v,
            Some((_, Slot::Owned(v))) => v,
            _ => panic!("registry entry {}: no parameter {name:?}", self.signature),
        }
    }

    /// Whether parameter `name` is `None`.
    pub fn is_none(&self, name: &str) -> bool {
        matches!(self.get(name), Value::None)
    }

    fn bad(&self, name: &str, what: &str) -> Error {
        Error::bad_argument(
            self.op,
            self.slots
                .iter()
                .map(|(n, _)| *n)
                .find(|n| *n == name)
                .unwrap_or("?"),
            self.get(name).describe(),
            what,
        )
    }

    /// An error for a value cuprum does not implement.
    pub fn unsupported(&self, name: &str) -> Error {
        Error::unsupported(
            self.op,
            format!("{name}={} is not implemented", self.get(name).describe()),
        )
    }

    /// An array-like argument as an array ([`Value::to_array`]).
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not array-like.
    pub fn array(&self, name: &str) -> Result<Array> {
        self.get(name).to_array(self.op)
    }

    /// `None` when `name` is `None`, else `Some` of `f` on it.
    fn opt<'s, T>(
        &'s self,
        name: &str,
        f: impl FnOnce(&'s Self, &str) -> Result<T>,
    ) -> Result<Option<T>> {
        if self.is_none(name) {
            return Ok(None);
        }
        f(self, name).map(Some)
    }

    /// An optional array-like argument (`None` is `None`).
    ///
    /// # Errors
    /// As [`Args::array`].
    pub fn opt_array(&self, name: &str) -> Result<Option<Array>> {
        self.opt(name, Self::array)
    }

    /// A sequence of array-likes (a list, or an array iterated along its first axis).
    ///
    /// # Errors
    /// As [`Args::array`].
    pub fn arrays(&self, name: &str) -> Result<Vec<Array>> {
        match self.get(name) {
            Value::List(v) => v.iter().map(|x| x.to_array(self.op)).collect(),
            Value::Array(a) if a.ndim() > 0 => rows(a),
            _ => Err(self.bad(name, "a sequence of arrays")),
        }
    }

    /// An object argument (`self` of a method) as its Rust value.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not an object of Rust type `T`.
    pub fn object<T: std::any::Any>(&self, name: &str) -> Result<&T> {
        match self.get(name) {
            Value::Object(o) => o.downcast::<T>(),
            _ => None,
        }
        .ok_or_else(|| {
            // `self` is of the method's class; another object argument names its Rust type
            let class = if name == "self" {
                self.op.rsplit_once('.').map_or(self.op, |(c, _)| c)
            } else {
                let t = std::any::type_name::<T>();
                t.rsplit_once("::").map_or(t, |(_, n)| n)
            };
            self.bad(name, &format!("an object of class {class}"))
        })
    }

    /// A ufunc operand: an array, or a Python scalar as a weak scalar.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for anything else (convert lists with [`Args::array`]).
    pub fn operand(&self, name: &str) -> Result<Operand<'_>> {
        match self.get(name) {
            Value::Array(a) => Ok(Operand::from(a)),
            v => v
                .as_scalar()
                .map(Operand::from)
                .ok_or_else(|| self.bad(name, "an array or a scalar")),
        }
    }

    /// An optional ufunc operand (`None` is `None`).
    ///
    /// # Errors
    /// As [`Args::operand`].
    pub fn opt_operand(&self, name: &str) -> Result<Option<Operand<'_>>> {
        self.opt(name, Self::operand)
    }

    /// A Python scalar (a 0-d or size-1 array gives its element).
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not a scalar.
    pub fn scalar(&self, name: &str) -> Result<Scalar> {
        match self.get(name) {
            Value::Array(a) if a.size() == 1 => a.item(),
            v => v.as_scalar().ok_or_else(|| self.bad(name, "a scalar")),
        }
    }

    /// An optional scalar.
    ///
    /// # Errors
    /// As [`Args::scalar`].
    pub fn opt_scalar(&self, name: &str) -> Result<Option<Scalar>> {
        self.opt(name, Self::scalar)
    }

    /// An integer (a bool or an integral 0-d array too).
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not an integer.
    pub fn int(&self, name: &str) -> Result<i64> {
        match self.get(name) {
            Value::Int(i) => Ok(*i),
            Value::Bool(b) => Ok(i64::from(*b)),
            Value::Array(a) if a.size() == 1 && (a.dtype().is_integer() || a.dtype().is_bool()) => {
                Ok(a.item()?.as_i64())
            }
            _ => Err(self.bad(name, "an integer")),
        }
    }

    /// An optional integer.
    ///
    /// # Errors
    /// As [`Args::int`].
    pub fn opt_int(&self, name: &str) -> Result<Option<i64>> {
        self.opt(name, Self::int)
    }

    /// A non-negative integer.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not a non-negative integer.
    pub fn usize(&self, name: &str) -> Result<usize> {
        let i = self.int(name)?;
        usize::try_from(i).map_err(|_| self.bad(name, "a non-negative integer"))
    }

    /// An optional non-negative integer.
    ///
    /// # Errors
    /// As [`Args::usize`].
    pub fn opt_usize(&self, name: &str) -> Result<Option<usize>> {
        self.opt(name, Self::usize)
    }

    /// An axis.
    ///
    /// # Errors
    /// As [`Args::int`].
    pub fn isize(&self, name: &str) -> Result<isize> {
        self.int(name).map(|i| i as isize)
    }

    /// An optional axis.
    ///
    /// # Errors
    /// As [`Args::int`].
    pub fn opt_isize(&self, name: &str) -> Result<Option<isize>> {
        self.opt_int(name).map(|o| o.map(|i| i as isize))
    }

    /// A float (an int or a 0-d array too; the strings `"inf"`/`"-inf"`/`"nan"`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not a number.
    pub fn float(&self, name: &str) -> Result<f64> {
        match self.get(name) {
            Value::Float(f) => Ok(*f),
            Value::Int(i) => Ok(*i as f64),
            Value::Bool(b) => Ok(f64::from(u8::from(*b))),
            Value::Str(s) if s == "inf" => Ok(f64::INFINITY),
            Value::Str(s) if s == "-inf" => Ok(f64::NEG_INFINITY),
            Value::Str(s) if s == "nan" => Ok(f64::NAN),
            Value::Array(a) if a.size() == 1 => Ok(a.item()?.as_f64()),
            _ => Err(self.bad(name, "a number")),
        }
    }

    /// An optional float.
    ///
    /// # Errors
    /// As [`Args::float`].
    pub fn opt_float(&self, name: &str) -> Result<Option<f64>> {
        self.opt(name, Self::float)
    }

    /// A bool.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not a bool.
    pub fn bool(&self, name: &str) -> Result<bool> {
        match self.get(name) {
            Value::Bool(b) => Ok(*b),
            Value::Int(i @ (0 | 1)) => Ok(*i == 1),
            _ => Err(self.bad(name, "a bool")),
        }
    }

    /// A string.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when it is not a string.
    pub fn str(&self, name: &str) -> Result<&str> {
        match self.get(name) {
            Value::Str(s) => Ok(s),
            _ => Err(self.bad(name, "a string")),
        }
    }

    /// An optional string.
    ///
    /// # Errors
    /// As [`Args::str`].
    pub fn opt_str(&self, name: &str) -> Result<Option<&str>> {
        self.opt(name, Self::str)
    }

    /// An optional dtype (a NumPy dtype name).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for anything else.
    pub fn dtype(&self, name: &str) -> Result<Option<DType>> {
        self.get(name).to_dtype(self.op)
    }

    /// A list of integers (an integer is a list of one; an integer array its elements).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for anything else.
    pub fn ints(&self, name: &str) -> Result<Vec<i64>> {
        match self.get(name) {
            Value::List(v) => v
                .iter()
                .map(|x| match x {
                    Value::Int(i) => Ok(*i),
                    Value::Array(a) if a.size() == 1 && a.dtype().is_integer() => {
                        Ok(a.item()?.as_i64())
                    }
                    _ => Err(self.bad(name, "a list of integers")),
                })
                .collect(),
            Value::Array(a) if a.dtype().is_integer() || a.dtype() == DType::Bool => {
                a.astype(DType::Int64)?.to_vec::<i64>()
            }
            _ => self.int(name).map(|i| vec![i]),
        }
    }

    /// An optional list of integers.
    ///
    /// # Errors
    /// As [`Args::ints`].
    pub fn opt_ints(&self, name: &str) -> Result<Option<Vec<i64>>> {
        self.opt(name, Self::ints)
    }

    /// A list of axes.
    ///
    /// # Errors
    /// As [`Args::ints`].
    pub fn axes(&self, name: &str) -> Result<Vec<isize>> {
        Ok(self.ints(name)?.into_iter().map(|i| i as isize).collect())
    }

    /// An optional list of axes.
    ///
    /// # Errors
    /// As [`Args::ints`].
    pub fn opt_axes(&self, name: &str) -> Result<Option<Vec<isize>>> {
        self.opt(name, Self::axes)
    }

    /// A shape (a non-negative integer or a list of them).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for anything else.
    pub fn shape(&self, name: &str) -> Result<Vec<usize>> {
        self.ints(name)?
            .into_iter()
            .map(|i| usize::try_from(i).map_err(|_| self.bad(name, "a shape")))
            .collect()
    }

    /// An optional shape.
    ///
    /// # Errors
    /// As [`Args::shape`].
    pub fn opt_shape(&self, name: &str) -> Result<Option<Vec<usize>>> {
        self.opt(name, Self::shape)
    }

    /// NumPy's reduction `axis`: `None` is every axis, an integer one, a list several.
    ///
    /// # Errors
    /// As [`Args::ints`].
    pub fn reduce_axes(&self, name: &str) -> Result<Axes> {
        Ok(match self.get(name) {
            Value::None => Axes::All,
            Value::List(_) => Axes::Many(self.axes(name)?),
            _ => Axes::One(self.isize(name)?),
        })
    }

    /// A list of floats (a number is a list of one).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for anything else.
    pub fn floats(&self, name: &str) -> Result<Vec<f64>> {
        match self.get(name) {
            Value::List(v) => v
                .iter()
                .map(|x| match x {
                    Value::Float(f) => Ok(*f),
                    Value::Int(i) => Ok(*i as f64),
                    _ => Err(self.bad(name, "a list of numbers")),
                })
                .collect(),
            Value::Array(a) if a.ndim() > 0 => a.astype(DType::Float64)?.to_vec::<f64>(),
            _ => self.float(name).map(|f| vec![f]),
        }
    }
}

/// The sub-arrays of `a` along its first axis.
pub(super) fn rows(a: &Array) -> Result<Vec<Array>> {
    let n = a.shape().first().copied().unwrap_or(0);
    if n == 0 {
        return Ok(Vec::new());
    }
    crate::manip::split(a, n, 0)?
        .into_iter()
        .map(|r| r.squeeze(Some(&[0])))
        .collect()
}
