//! [`Value`]: one argument or result of a registry call.

use crate::{Array, Complex64, DType, Error, Result, Scalar};
use std::any::Any;
use std::sync::Arc;

/// A Python value as a NumPy function takes it: an array, a scalar, a string, a list or tuple,
/// or `None`.
#[derive(Clone, Debug)]
pub enum Value {
    /// `None`
    None,
    /// a Python `bool`
    Bool(bool),
    /// a Python `int`
    Int(i64),
    /// a Python `float`
    Float(f64),
    /// a Python `complex`
    Complex(Complex64),
    /// a Python `str` (a mode, a dtype name, einsum subscripts, ...)
    Str(String),
    /// a Python list or tuple
    List(Vec<Value>),
    /// an array
    Array(Array),
    /// a Python `dict`, keys in insertion order (`signal.find_peaks`' properties)
    Dict(Vec<(String, Value)>),
    /// an object a constructor returned (an interpolator, a transform): its methods are the
    /// entries `<class>.<method>` ([`super::call_method`]), called with the object as `self`
    Object(Object),
}

/// A Python object a registry constructor returned: its class name (`interpolate.CubicSpline`)
/// and the Rust value (here [`crate::scipy::interpolate::CubicSpline`]).
#[derive(Clone)]
pub struct Object {
    class: &'static str,
    inner: Arc<dyn Any + Send + Sync>,
}

impl Object {
    /// Wraps `v` as an object of class `class`.
    pub fn new<T: Any + Send + Sync>(class: &'static str, v: T) -> Object {
        Object {
            class,
            inner: Arc::new(v),
        }
    }

    /// The class name (`interpolate.CubicSpline`).
    pub fn class(&self) -> &'static str {
        self.class
    }

    /// The Rust value, when it is a `T`.
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.inner.downcast_ref::<T>()
    }
}

impl std::fmt::Debug for Object {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<{} object>", self.class)
    }
}

impl Value {
    /// The array, when this is one.
    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The Python scalar, when this is one (bool, int, float, complex).
    pub fn as_scalar(&self) -> Option<Scalar> {
        match self {
            Value::Bool(b) => Some(Scalar::Bool(*b)),
            Value::Int(i) => Some(Scalar::Int(*i)),
            Value::Float(f) => Some(Scalar::Float(*f)),
            Value::Complex(c) => Some(Scalar::Complex(*c)),
            _ => None,
        }
    }

    /// A short description for error messages (`int 3`, `array (2, 3) float32`).
    pub fn describe(&self) -> String {
        match self {
            Value::None => "None".into(),
            Value::Bool(b) => format!("bool {b}"),
            Value::Int(i) => format!("int {i}"),
            Value::Float(f) => format!("float {f}"),
            Value::Complex(c) => format!("complex {c}"),
            Value::Str(s) => format!("str {s:?}"),
            Value::List(v) => format!("list of {}", v.len()),
            Value::Array(a) => format!("array {:?} {}", a.shape(), a.dtype()),
            Value::Dict(v) => format!("dict of {}", v.len()),
            Value::Object(o) => format!("{} object", o.class),
        }
    }

    /// This value as an array on the current device: an array as is, a scalar as a 0-d array
    /// (bool, int64, float64, complex128), a (nested) list of numbers as an array of the
    /// smallest of those kinds that holds every element (NumPy's `asarray` of a list).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for `None`, a string, a ragged list or a list holding arrays
    /// of different shapes.
    pub fn to_array(&self, op: &'static str) -> Result<Array> {
        if let Value::Array(a) = self {
            return Ok(a.clone());
        }
        let mut shape = Vec::new();
        let mut flat = Vec::new();
        flatten(self, 0, &mut shape, &mut flat, op)?;
        if flat.iter().any(|v| matches!(v, Value::Array(_))) {
            let arrays = flat
                .iter()
                .map(|v| v.to_array(op))
                .collect::<Result<Vec<_>>>()?;
            let refs: Vec<&Array> = arrays.iter().collect();
            let st = crate::stack(&refs, 0)?;
            let mut full = shape.clone();
            full.extend_from_slice(&st.shape()[1..]);
            return st.reshape(&full[..]);
        }
        let kind = flat.iter().fold(0u8, |k, v| {
            k.max(match v {
                Value::Bool(_) => 0,
                Value::Int(_) => 1,
                Value::Float(_) => 2,
                _ => 3,
            })
        });
        let scalars: Vec<Scalar> = flat.iter().filter_map(Value::as_scalar).collect();
        match kind {
            0 => Array::from_vec(
                scalars.iter().map(Scalar::as_bool).collect::<Vec<_>>(),
                &shape[..],
            ),
            1 => Array::from_vec(
                scalars.iter().map(Scalar::as_i64).collect::<Vec<_>>(),
                &shape[..],
            ),
            2 => Array::from_vec(
                scalars.iter().map(Scalar::as_f64).collect::<Vec<_>>(),
                &shape[..],
            ),
            _ => Array::from_vec(
                scalars.iter().map(Scalar::as_complex).collect::<Vec<_>>(),
                &shape[..],
            ),
        }
    }

    /// This value as a dtype: a NumPy dtype name; `None` is `None`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for anything else.
    pub fn to_dtype(&self, op: &'static str) -> Result<Option<DType>> {
        match self {
            Value::None => Ok(None),
            Value::Str(s) => DType::from_name(s).map(Some).ok_or_else(|| {
                Error::bad_argument(
                    op,
                    "dtype",
                    format!("{s:?}"),
                    "a data type name NumPy understands",
                )
            }),
            v => Err(Error::bad_argument(
                op,
                "dtype",
                v.describe(),
                "a data type name",
            )),
        }
    }
}

fn flatten(
    v: &Value,
    depth: usize,
    shape: &mut Vec<usize>,
    out: &mut Vec<Value>,
    op: &'static str,
) -> Result<()> {
    match v {
        Value::List(items) => {
            if shape.len() == depth {
                shape.push(items.len());
            } else if shape.get(depth) != Some(&items.len()) {
                return Err(Error::bad_argument(
                    op,
                    "object",
                    "a ragged nested list",
                    "a rectangular nested list (setting an array element with a sequence)",
                ));
            }
            for x in items {
                flatten(x, depth + 1, shape, out, op)?;
            }
            Ok(())
        }
        Value::None | Value::Str(_) | Value::Dict(_) | Value::Object(_) => Err(
            Error::bad_argument(op, "object", v.describe(), "an array-like"),
        ),
        x => {
            if shape.len() > depth {
                return Err(Error::bad_argument(
                    op,
                    "object",
                    "a ragged nested list",
                    "a rectangular nested list (setting an array element with a sequence)",
                ));
            }
            out.push(x.clone());
            Ok(())
        }
    }
}

impl From<&Array> for Value {
    fn from(a: &Array) -> Value {
        Value::Array(a.clone())
    }
}
/// `impl From<$t> for Value` as the variant `Value::$v`.
macro_rules! value_from {
    ($($t:ty => $v:ident),* $(,)?) => {
        $(impl From<$t> for Value {
            fn from(x: $t) -> Value {
                Value::$v(x)
            }
        })*
    };
}
value_from!(Array => Array, bool => Bool, i64 => Int, f64 => Float, Complex64 => Complex, String => Str);
impl From<i32> for Value {
    fn from(i: i32) -> Value {
        Value::Int(i64::from(i))
    }
}
impl From<usize> for Value {
    fn from(i: usize) -> Value {
        i64::try_from(i).map_or(Value::Float(i as f64), Value::Int)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}
impl From<Scalar> for Value {
    fn from(s: Scalar) -> Value {
        match s {
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(i) => Value::Int(i),
            Scalar::UInt(u) => i64::try_from(u).map_or(Value::Float(u as f64), Value::Int),
            Scalar::Float(f) => Value::Float(f),
            Scalar::Complex(c) => Value::Complex(c),
        }
    }
}
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::List(v.into_iter().map(Into::into).collect())
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::None, Into::into)
    }
}
