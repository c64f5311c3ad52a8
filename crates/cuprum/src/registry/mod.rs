//! cuprum's functions by their NumPy names: how tools call cuprum as `np.<name>(*args,
//! **kwargs)`.
//!
//! A program that has a NumPy call as data (a conformance case, a notebook cell, a benchmark
//! description in JSON) looks the name up with [`lookup`] and calls the [`Entry`] with a
//! [`Call`]: positional arguments and keyword arguments by name, each a [`Value`] (an array, a
//! Python scalar, a string, a list, `None`). The entry binds them to its NumPy signature
//! ([`Entry::signature`], e.g. `sum(a, axis=None, dtype=None, keepdims=False, initial=None)`)
//! as Python does: positionals in order, then keywords by name, then the signature's defaults;
//! then it calls the typed Rust function and returns NumPy's outputs in NumPy's order (a tuple
//! result such as `divmod` or `linspace(..., retstep=True)` gives several [`Value`]s; a list
//! result such as `split` gives one per element).
//!
//! **Names:** NumPy's namespace without the `numpy.` prefix (`sum`, `linspace`), and the
//! submodules with theirs (`linalg.svd`, `fft.rfft`, `random.permutation`), SciPy's with
//! theirs (`special.jv`, `signal.windows.hann`). A class is a constructor entry
//! (`interpolate.CubicSpline(x, y, axis=0, bc_type='not-a-knot', extrapolate=None)`) that
//! returns a [`Value::Object`], and one entry per method, `<class>.<method>(self, ...)`
//! (`interpolate.CubicSpline.__call__(self, x, nu=0, extrapolate=None)`), called with
//! [`call_method`]. [`names`] lists them
//! all; `docs/api-coverage.md` maps CuPy's names to cuprum's items.
//!
//! **Semantics:** the typed function's: the result, dtype and error are exactly those of the
//! function the entry names (e.g. `sum` calls [`crate::reduce::reduce`]). Array arguments run on
//! the device they are on; functions that create arrays from nothing use the current device
//! ([`crate::Device::use_device`]). Python scalars passed where NumPy takes an array-like are
//! NEP 50 "weak" scalars in ufuncs (`float32 array * 2.5` stays float32) and 0-d arrays
//! elsewhere; a list of numbers is an array-like.
//!
//! # Errors
//! The typed function's errors, plus, from binding: [`Error::Unsupported`] for a keyword the
//! signature does not have (e.g. NumPy's `out=`; the message lists the signature) or a value
//! cuprum does not implement (e.g. `ravel_multi_index(..., mode='wrap')`);
//! [`Error::BadArgument`] for a missing required argument, too many positionals, an argument
//! given twice, or a value of the wrong kind (`axis='x'`).
//!
//! # Example
//! ```
//! use cuprum::registry::{self, Call, Value};
//! let a = cuprum::Array::from_vec(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
//! let out = registry::call("sum", &Call::new().arg(&a).kwarg("axis", 0)).unwrap();
//! assert_eq!(out[0].as_array().unwrap().to_vec::<f64>().unwrap(), vec![4.0, 6.0]);
//! // unknown keywords are errors, never ignored
//! assert!(registry::call("sum", &Call::new().arg(&a).kwarg("axes", 0)).is_err());
//! let (samples, step) = {
//!     let o = registry::call("linspace",
//!         &Call::new().arg(0.0).arg(1.0).kwarg("num", 5).kwarg("retstep", true)).unwrap();
//!     (o[0].clone(), o[1].clone())
//! };
//! assert_eq!(samples.as_array().unwrap().shape(), &[5]);
//! assert!(matches!(step, Value::Float(s) if s == 0.25));
//! ```

mod args;
mod creation;
mod fft;
mod info;
mod interpolate;
mod linalg;
mod manip;
mod ndimage;
mod random;
mod reduction;
mod signal;
mod sorting;
mod special;
mod ufunc;
mod value;

pub use args::Args;
pub use value::{Object, Value};

use crate::{Error, Result};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The body of an entry: the bound arguments in, NumPy's outputs out.
pub type Body = for<'a> fn(&Args<'a>) -> Result<Vec<Value>>;

/// One function of the registry: its NumPy signature and its body.
#[derive(Clone, Copy)]
pub struct Entry {
    signature: &'static str,
    body: Body,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.signature)
    }
}

impl Entry {
    /// An entry from a NumPy signature (`"name(a, axis=None, *, keepdims=False)"`: `*args`
    /// collects extra positionals into a list, a bare `*` makes the rest keyword-only,
    /// defaults are Python literals `None`, `True`, `False`, numbers and quoted strings) and
    /// its body.
    pub const fn new(signature: &'static str, body: Body) -> Entry {
        Entry { signature, body }
    }

    /// The NumPy name (`linalg.svd`).
    pub fn name(&self) -> &'static str {
        self.signature
            .split_once('(')
            .map_or(self.signature, |(n, _)| n)
    }

    /// The NumPy signature this entry binds calls against.
    pub fn signature(&self) -> &'static str {
        self.signature
    }

    /// Binds `call` to the signature and runs the function.
    ///
    /// # Errors
    /// See the [module documentation](self).
    pub fn call(&self, call: &Call) -> Result<Vec<Value>> {
        let args = Args::bind(self.name(), self.signature, call)?;
        (self.body)(&args)
    }
}

/// The arguments of one call: positionals in order and keywords by name.
#[derive(Clone, Debug, Default)]
pub struct Call {
    /// positional arguments
    pub args: Vec<Value>,
    /// keyword arguments, in the order given
    pub kwargs: Vec<(String, Value)>,
}

impl Call {
    /// A call with no arguments.
    pub fn new() -> Call {
        Call::default()
    }

    /// Appends a positional argument.
    pub fn arg(mut self, v: impl Into<Value>) -> Call {
        self.args.push(v.into());
        self
    }

    /// Appends a keyword argument.
    pub fn kwarg(mut self, name: impl Into<String>, v: impl Into<Value>) -> Call {
        self.kwargs.push((name.into(), v.into()));
        self
    }
}

fn table() -> &'static HashMap<&'static str, Entry> {
    static TABLE: OnceLock<HashMap<&'static str, Entry>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut m = HashMap::new();
        for family in [
            creation::ENTRIES,
            ufunc::ENTRIES,
            reduction::ENTRIES,
            manip::ENTRIES,
            sorting::ENTRIES,
            linalg::ENTRIES,
            fft::ENTRIES,
            info::ENTRIES,
            random::ENTRIES,
            special::ENTRIES,
            ndimage::ENTRIES,
            signal::ENTRIES,
            signal::WINDOWS,
            signal::DESIGN,
            signal::CLASSES,
            signal::LTI_METHODS,
            signal::DLTI_METHODS,
            interpolate::ENTRIES,
            interpolate::PPOLY_METHODS,
        ] {
            for e in family {
                let prev = m.insert(e.name(), *e);
                debug_assert!(prev.is_none(), "registry: {} listed twice", e.name());
            }
        }
        m
    })
}

/// The entry of NumPy name `name`, `None` when the registry does not list it.
pub fn lookup(name: &str) -> Option<&'static Entry> {
    table().get(name)
}

/// Every name the registry lists, sorted.
pub fn names() -> Vec<&'static str> {
    let mut v: Vec<_> = table().keys().copied().collect();
    v.sort_unstable();
    v
}

/// Calls NumPy function `name` with `call` (see the [module documentation](self)).
///
/// # Errors
/// [`Error::Unsupported`] when the registry does not list `name`; otherwise as [`Entry::call`].
pub fn call(name: &str, call: &Call) -> Result<Vec<Value>> {
    match lookup(name) {
        Some(e) => e.call(call),
        None => Err(Error::unsupported(
            "registry",
            format!("no function named {name:?}"),
        )),
    }
}

/// Calls method `method` of object `obj` (the entry `<class>.<method>`, e.g.
/// `interpolate.CubicSpline.__call__`) with `obj` as `self`, the first positional argument.
///
/// # Errors
/// [`Error::Unsupported`] when the class has no such method; otherwise as [`Entry::call`].
///
/// # Example
/// ```
/// use cuprum::registry::{self, Call, Value};
/// let x = cuprum::Array::from_vec(vec![0.0f64, 1.0, 2.0, 3.0], &[4]).unwrap();
/// let y = cuprum::Array::from_vec(vec![0.0f64, 1.0, 8.0, 27.0], &[4]).unwrap();
/// // cs = scipy.interpolate.CubicSpline(x, y); cs([1.5], nu=1)
/// let made = registry::call("interpolate.CubicSpline", &Call::new().arg(&x).arg(&y)).unwrap();
/// let Value::Object(cs) = &made[0] else { unreachable!() };
/// let at = cuprum::Array::from_vec(vec![1.5f64], &[1]).unwrap();
/// let d = registry::call_method(cs, "__call__", &Call::new().arg(&at).kwarg("nu", 1)).unwrap();
/// // not-a-knot reproduces x^3: the derivative at 1.5 is 6.75
/// assert!((d[0].as_array().unwrap().to_vec::<f64>().unwrap()[0] - 6.75).abs() < 1e-12);
/// ```
pub fn call_method(obj: &Object, method: &str, call: &Call) -> Result<Vec<Value>> {
    let mut with_self = call.clone();
    with_self.args.insert(0, Value::Object(obj.clone()));
    self::call(&format!("{}.{method}", obj.class()), &with_self)
}

/// One output.
fn one(r: Result<crate::Array>) -> Result<Vec<Value>> {
    r.map(|a| vec![Value::Array(a)])
}

/// Several outputs.
fn many(r: Result<Vec<crate::Array>>) -> Result<Vec<Value>> {
    r.map(|v| v.into_iter().map(Value::Array).collect())
}

/// A pair of outputs.
fn two(r: Result<(crate::Array, crate::Array)>) -> Result<Vec<Value>> {
    r.map(|(a, b)| vec![Value::Array(a), Value::Array(b)])
}

/// Registers entries: `e!("sin(x)", |a| one(crate::sin(&a.array("x")?)))`.
macro_rules! e {
    ($sig:expr, $body:expr) => {
        $crate::registry::Entry::new($sig, $body)
    };
}
pub(crate) use e;

/// Defines `fn $f(a) -> Result<&$t>`, the `self` argument as the object type `$t`, for each
/// `$f: $t`.
macro_rules! self_objects {
    ($($f:ident: $t:ty),* $(,)?) => {
        $(fn $f<'s>(a: &'s $crate::registry::Args<'_>) -> $crate::Result<&'s $t> {
            a.object::<$t>("self")
        })*
    };
}
pub(crate) use self_objects;
