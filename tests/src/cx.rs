//! [`CaseCx`]: what a dispatch arm sees of a case — its inputs on the device under test and
//! typed access to its keyword arguments.

use crate::classify::CaseError;
use crate::manifest::Case;
use cuprum::ops::Operand;
use cuprum::{Array, DType, Device, Scalar};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One positional input of a case.
#[derive(Clone, Debug)]
pub enum Input {
    /// an array on the device under test (after its `pre` view)
    Array(Array),
    /// a weak (Python) scalar: a 0-d input of a `scalar_weak` case
    Weak(Scalar),
}

/// The context a dispatch arm runs in.
pub struct CaseCx<'a> {
    /// the case
    pub case: &'a Case,
    /// the corpus directory
    pub dir: &'a Path,
    /// the device under test (also the thread's current device while the case runs)
    pub device: Device,
    /// the inputs, loaded on `device`
    pub inputs: Vec<Input>,
}

type R<T> = Result<T, CaseError>;

impl CaseCx<'_> {
    /// Number of positional inputs.
    pub fn n_inputs(&self) -> usize {
        self.inputs.len()
    }

    /// Input `i` as an array.
    ///
    /// # Errors
    /// A harness error when the input is missing or is a weak scalar.
    pub fn array(&self, i: usize) -> R<&Array> {
        match self.inputs.get(i) {
            Some(Input::Array(a)) => Ok(a),
            Some(Input::Weak(_)) => Err(CaseError::harness(format!(
                "input {i} is a weak scalar, an array was needed"
            ))),
            None => Err(CaseError::harness(format!(
                "op {} needs input {i}, the case has {}",
                self.case.op,
                self.inputs.len()
            ))),
        }
    }

    /// Every input as an array.
    ///
    /// # Errors
    /// As [`CaseCx::array`].
    pub fn arrays(&self) -> R<Vec<&Array>> {
        (0..self.inputs.len()).map(|i| self.array(i)).collect()
    }

    /// Input `i` as an elementwise operand (an array, or a weak scalar).
    ///
    /// # Errors
    /// A harness error when the input is missing.
    pub fn operand(&self, i: usize) -> R<Operand<'_>> {
        match self.inputs.get(i) {
            Some(Input::Array(a)) => Ok(Operand::from(a)),
            Some(Input::Weak(s)) => Ok(Operand::from(*s)),
            None => Err(CaseError::harness(format!(
                "op {} needs input {i}, the case has {}",
                self.case.op,
                self.inputs.len()
            ))),
        }
    }

    /// Input `i` as a scalar: a weak scalar, or the value of a size-1 array.
    ///
    /// # Errors
    /// A harness error when the input is missing or has more than one element.
    pub fn scalar(&self, i: usize) -> R<Scalar> {
        match self.inputs.get(i) {
            Some(Input::Weak(s)) => Ok(*s),
            Some(Input::Array(a)) => Ok(a.item()?),
            None => Err(CaseError::harness(format!("missing input {i}"))),
        }
    }

    /// Path of input file `i`.
    pub fn input_path(&self, i: usize) -> R<PathBuf> {
        self.case
            .inputs
            .get(i)
            .map(|f| self.dir.join(f))
            .ok_or_else(|| CaseError::harness(format!("missing input file {i}")))
    }

    /// Keyword `k`, `None` when absent or `null`.
    pub fn kw(&self, k: &str) -> Option<&Value> {
        self.case.kwargs.get(k).filter(|v| !v.is_null())
    }

    fn bad(&self, k: &str, what: &str) -> CaseError {
        CaseError::harness(format!(
            "kwarg {k:?} = {} is not {what}",
            self.case
                .kwargs
                .get(k)
                .map(|v| v.to_string())
                .unwrap_or_default()
        ))
    }

    /// Keyword `k` as an integer.
    ///
    /// # Errors
    /// A harness error when it is present but not an integer.
    pub fn kw_i64(&self, k: &str) -> R<Option<i64>> {
        self.kw(k)
            .map(|v| v.as_i64().ok_or_else(|| self.bad(k, "an integer")))
            .transpose()
    }

    /// Keyword `k` as a non-negative integer.
    ///
    /// # Errors
    /// A harness error when it is present but not a non-negative integer.
    pub fn kw_usize(&self, k: &str) -> R<Option<usize>> {
        self.kw(k)
            .map(|v| {
                v.as_u64()
                    .map(|x| x as usize)
                    .ok_or_else(|| self.bad(k, "a non-negative integer"))
            })
            .transpose()
    }

    /// Keyword `k` as a float (integers accepted; `"inf"`/`"-inf"` strings too).
    ///
    /// # Errors
    /// A harness error when it is present but not a number.
    pub fn kw_f64(&self, k: &str) -> R<Option<f64>> {
        self.kw(k)
            .map(|v| match v {
                Value::String(s) if s == "inf" => Ok(f64::INFINITY),
                Value::String(s) if s == "-inf" => Ok(f64::NEG_INFINITY),
                _ => v.as_f64().ok_or_else(|| self.bad(k, "a number")),
            })
            .transpose()
    }

    /// Keyword `k` as a bool.
    ///
    /// # Errors
    /// A harness error when it is present but not a bool.
    pub fn kw_bool(&self, k: &str) -> R<Option<bool>> {
        self.kw(k)
            .map(|v| v.as_bool().ok_or_else(|| self.bad(k, "a bool")))
            .transpose()
    }

    /// Keyword `k` as a string.
    ///
    /// # Errors
    /// A harness error when it is present but not a string.
    pub fn kw_str(&self, k: &str) -> R<Option<&str>> {
        self.kw(k)
            .map(|v| v.as_str().ok_or_else(|| self.bad(k, "a string")))
            .transpose()
    }

    /// Keyword `k` as a NumPy dtype name.
    ///
    /// # Errors
    /// A harness error when it is present but not a dtype name cuprum knows.
    pub fn kw_dtype(&self, k: &str) -> R<Option<DType>> {
        self.kw(k)
            .map(|v| {
                v.as_str()
                    .and_then(DType::from_name)
                    .ok_or_else(|| self.bad(k, "a dtype name"))
            })
            .transpose()
    }

    /// Keyword `k` as a Python scalar: a JSON integer is an `int`, a JSON float a `float`, a
    /// JSON bool a `bool`, `"inf"`/`"-inf"` floats.
    ///
    /// # Errors
    /// A harness error when it is present but not a number or bool.
    pub fn kw_scalar(&self, k: &str) -> R<Option<Scalar>> {
        self.kw(k)
            .map(|v| json_scalar(v).ok_or_else(|| self.bad(k, "a scalar")))
            .transpose()
    }

    /// Keyword `k` as a list of integers (a single integer is a list of one).
    ///
    /// # Errors
    /// A harness error when it is present but not an integer or a list of integers.
    pub fn kw_ints(&self, k: &str) -> R<Option<Vec<i64>>> {
        self.kw(k)
            .map(|v| match v {
                Value::Array(a) => a
                    .iter()
                    .map(|x| x.as_i64().ok_or_else(|| self.bad(k, "a list of integers")))
                    .collect(),
                _ => v
                    .as_i64()
                    .map(|x| vec![x])
                    .ok_or_else(|| self.bad(k, "an integer or a list of integers")),
            })
            .transpose()
    }

    /// Keyword `k` as a shape (a non-negative integer or a list of them).
    ///
    /// # Errors
    /// A harness error when it is present but not a shape.
    pub fn kw_shape(&self, k: &str) -> R<Option<Vec<usize>>> {
        match self.kw_ints(k)? {
            None => Ok(None),
            Some(v) => v
                .into_iter()
                .map(|x| usize::try_from(x).map_err(|_| self.bad(k, "a shape")))
                .collect::<R<Vec<_>>>()
                .map(Some),
        }
    }

    /// Fails with a harness error naming the first keyword not in `known`, so that a case
    /// with an argument the arm ignores is never passed by accident.
    ///
    /// # Errors
    /// As described.
    pub fn only_kwargs(&self, known: &[&str]) -> R<()> {
        const HARNESS_KEYS: [&str; 3] = ["pre", "scalar_weak", "index_arrays"];
        for k in self.case.kwargs.keys() {
            if !known.contains(&k.as_str()) && !HARNESS_KEYS.contains(&k.as_str()) {
                return Err(CaseError::unsupported(format!(
                    "the dispatch arm for {} does not handle kwarg {k:?}",
                    self.case.op
                )));
            }
        }
        Ok(())
    }
}

/// A JSON value as a Python scalar (int, float, bool; `"inf"`/`"-inf"`).
pub fn json_scalar(v: &Value) -> Option<Scalar> {
    match v {
        Value::Bool(b) => Some(Scalar::Bool(*b)),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Some(Scalar::Int(i))
            } else if let Some(u) = n.as_u64() {
                Some(Scalar::UInt(u))
            } else {
                n.as_f64().map(Scalar::Float)
            }
        }
        Value::String(s) if s == "inf" => Some(Scalar::Float(f64::INFINITY)),
        Value::String(s) if s == "-inf" => Some(Scalar::Float(f64::NEG_INFINITY)),
        _ => None,
    }
}
