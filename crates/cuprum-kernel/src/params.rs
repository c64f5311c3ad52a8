//! Parameter lists (`"float32 x, T y, raw T w"`), type names and placeholder binding.

use crate::error::{KernelError, Result};
use cuprum_core::DType;

/// The type of a parameter: a fixed dtype or a type placeholder.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamType {
    /// A NumPy dtype name (`float32`, `int64`, ...): the argument must have exactly this dtype.
    Fixed(DType),
    /// A placeholder (`T`, `U`, ...) bound at call time by the first array carrying it.
    Placeholder(String),
}

/// One parsed parameter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// the name in the body
    pub name: String,
    /// its type
    pub ty: ParamType,
    /// `raw`: not broadcast, indexed by the body with a flat index
    pub raw: bool,
    /// an output parameter
    pub output: bool,
}

/// The NumPy dtype a type name means (`float32`, `f4`, `double`, `int`, ...), if any.
pub(crate) fn numpy_dtype(name: &str) -> Option<DType> {
    use DType::*;
    Some(match name {
        "bool" | "bool_" | "?" | "b1" => Bool,
        "int8" | "i1" | "byte" => Int8,
        "int16" | "i2" | "short" => Int16,
        "int32" | "i4" | "intc" => Int32,
        "int64" | "i8" | "int" | "long" | "longlong" | "intp" => Int64,
        "uint8" | "u1" | "ubyte" => UInt8,
        "uint16" | "u2" | "ushort" => UInt16,
        "uint32" | "u4" | "uintc" => UInt32,
        "uint64" | "u8" | "uint" | "ulong" | "ulonglong" | "uintp" => UInt64,
        "float16" | "f2" | "half" | "e" => Float16,
        "bfloat16" => BFloat16,
        "float32" | "f4" | "single" | "f" => Float32,
        "float64" | "f8" | "double" | "float" | "d" => Float64,
        "complex64" | "c8" | "csingle" | "F" => Complex64,
        "complex128" | "c16" | "cdouble" | "complex" | "D" => Complex128,
        _ => return None,
    })
}

/// The dtype a C type name means (`float`, `double`, `int`, `long long`, `unsigned char`,
/// `complex<float>`, ...), if any (for `reduce_type`).
pub(crate) fn c_dtype(name: &str) -> Option<DType> {
    use DType::*;
    let n: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    Some(match n.as_str() {
        "bool" => Bool,
        "signed char" | "char" => Int8,
        "short" | "signed short" => Int16,
        "int" | "signed int" | "signed" => Int32,
        "long long" | "signed long long" | "long" | "ptrdiff_t" => Int64,
        "unsigned char" => UInt8,
        "unsigned short" => UInt16,
        "unsigned int" | "unsigned" => UInt32,
        "unsigned long long" | "unsigned long" | "size_t" => UInt64,
        "float16" | "half" => Float16,
        "bfloat16" => BFloat16,
        "float" => Float32,
        "double" => Float64,
        "complex<float>" | "complex< float >" => Complex64,
        "complex<double>" | "complex< double >" => Complex128,
        _ => return None,
    })
}

/// The C type a kernel body sees for `dtype` (CuPy's names: `float`, `long long`,
/// `complex<float>`, `float16`, ...).
pub fn user_c_type(dtype: DType) -> &'static str {
    cuprum_core::ext::codegen::cupy_c_type(dtype)
}

pub(crate) fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(ch) if ch == '_' || ch.is_ascii_alphabetic())
        && c.all(|ch| ch == '_' || ch.is_ascii_alphanumeric())
}

/// Names the generated code defines; a parameter may not take them.
/// Names and prefixes the generated code declares itself: core's generator's list.
use cuprum_core::ext::codegen::{RESERVED_NAMES as RESERVED, RESERVED_PREFIXES};

/// Parses `"float32 x, T y, raw T w"`.
pub(crate) fn parse_params(
    kernel: &str,
    which: &'static str,
    text: &str,
    output: bool,
) -> Result<Vec<Param>> {
    let bad = |reason: String| KernelError::Params {
        kernel: kernel.to_string(),
        which,
        text: text.to_string(),
        reason,
    };
    let mut out = Vec::new();
    if text.trim().is_empty() {
        return Ok(out);
    }
    for (k, item) in text.split(',').enumerate() {
        let toks: Vec<&str> = item.split_whitespace().collect();
        let (raw, rest) = match toks.first() {
            Some(&"raw") => (true, &toks[1..]),
            _ => (false, &toks[..]),
        };
        if rest.len() != 2 {
            return Err(bad(format!(
                "parameter {} ({:?}) is not \"[raw] <type> <name>\"",
                k + 1,
                item.trim()
            )));
        }
        let (tname, name) = (rest[0], rest[1]);
        if !is_ident(name) {
            return Err(bad(format!("{name:?} is not a C identifier")));
        }
        if !is_ident(tname) {
            return Err(bad(format!(
                "{tname:?} is neither a dtype name nor a type placeholder"
            )));
        }
        let ty = match numpy_dtype(tname) {
            Some(d) => ParamType::Fixed(d),
            None => ParamType::Placeholder(tname.to_string()),
        };
        out.push(Param {
            name: name.to_string(),
            ty,
            raw,
            output,
        });
    }
    Ok(out)
}

/// Checks the names of all parameters together: unique, not reserved, not a placeholder's.
pub(crate) fn check_names(kernel: &str, params: &[Param], extra_reserved: &[&str]) -> Result<()> {
    for (k, p) in params.iter().enumerate() {
        let which = if p.output { "out_params" } else { "in_params" };
        let bad = |reason: String| KernelError::Params {
            kernel: kernel.to_string(),
            which,
            text: p.name.clone(),
            reason,
        };
        if RESERVED.contains(&p.name.as_str()) || extra_reserved.contains(&p.name.as_str()) {
            return Err(bad(format!(
                "the name {} is reserved by the generated code",
                p.name
            )));
        }
        if RESERVED_PREFIXES.iter().any(|x| p.name.starts_with(x)) {
            return Err(bad(format!(
                "names starting with {:?} are reserved",
                &p.name[..3]
            )));
        }
        if params[..k].iter().any(|q| q.name == p.name) {
            return Err(bad(format!("the name {} is used twice", p.name)));
        }
        if params
            .iter()
            .any(|q| matches!(&q.ty, ParamType::Placeholder(t) if *t == p.name))
        {
            return Err(bad(format!(
                "the name {} is also a type placeholder",
                p.name
            )));
        }
    }
    Ok(())
}

/// Placeholder bindings built up during a call.
#[derive(Clone, Debug, Default)]
pub(crate) struct Binding {
    /// (placeholder, dtype, the parameter that bound it)
    pub(crate) map: Vec<(String, DType, String)>,
}

impl Binding {
    pub(crate) fn get(&self, t: &str) -> Option<DType> {
        self.map.iter().find(|(n, ..)| n == t).map(|(_, d, _)| *d)
    }

    /// Binds (or checks) parameter `p` against an array of `dtype`.
    pub(crate) fn bind_array(&mut self, kernel: &str, p: &Param, dtype: DType) -> Result<()> {
        match &p.ty {
            ParamType::Fixed(d) => {
                if *d != dtype {
                    return Err(KernelError::DTypeMismatch {
                        kernel: kernel.to_string(),
                        param: p.name.clone(),
                        expected: *d,
                        got: dtype,
                    });
                }
            }
            ParamType::Placeholder(t) => match self.map.iter().find(|(n, ..)| n == t) {
                Some((_, b, by)) => {
                    if *b != dtype {
                        return Err(KernelError::PlaceholderConflict {
                            kernel: kernel.to_string(),
                            placeholder: t.clone(),
                            bound: *b,
                            bound_by: by.clone(),
                            param: p.name.clone(),
                            got: dtype,
                        });
                    }
                }
                None => self.map.push((t.clone(), dtype, p.name.clone())),
            },
        }
        Ok(())
    }

    /// The dtype of parameter `p` (its fixed dtype or its placeholder's binding).
    pub(crate) fn resolve(&self, kernel: &str, p: &Param) -> Result<DType> {
        match &p.ty {
            ParamType::Fixed(d) => Ok(*d),
            ParamType::Placeholder(t) => {
                self.get(t).ok_or_else(|| KernelError::UnboundPlaceholder {
                    kernel: kernel.to_string(),
                    placeholder: t.clone(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_cupy_param_lists() {
        let p = parse_params("k", "in_params", "float32 x, T y, raw T w", false).unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[0].ty, ParamType::Fixed(DType::Float32));
        assert_eq!(p[1].ty, ParamType::Placeholder("T".into()));
        assert!(p[2].raw && p[2].name == "w");
        assert!(
            parse_params("k", "in_params", "", false)
                .unwrap()
                .is_empty()
        );
        assert!(parse_params("k", "in_params", "float32", false).is_err());
        assert!(parse_params("k", "in_params", "float32 1x", false).is_err());
        let e = parse_params("k", "out_params", "raw raw T z", true).unwrap_err();
        assert!(e.to_string().contains("out_params"), "{e}");
    }

    #[test]
    fn names_are_checked() {
        let mut p = parse_params("k", "in_params", "T x, T x", false).unwrap();
        assert!(check_names("k", &p, &[]).is_err());
        p = parse_params("k", "in_params", "T i", false).unwrap();
        assert!(check_names("k", &p, &[]).is_err());
        p = parse_params("k", "in_params", "T x, U T", false).unwrap();
        assert!(check_names("k", &p, &[]).is_err());
    }

    #[test]
    fn binding_rules() {
        let p = parse_params("k", "in_params", "T x, T y, float32 z", false).unwrap();
        let mut b = Binding::default();
        b.bind_array("k", &p[0], DType::Float64).unwrap();
        b.bind_array("k", &p[1], DType::Float64).unwrap();
        let e = b.bind_array("k", &p[1], DType::Float32).unwrap_err();
        assert!(matches!(e, KernelError::PlaceholderConflict { .. }));
        let e = b.bind_array("k", &p[2], DType::Int64).unwrap_err();
        assert!(matches!(e, KernelError::DTypeMismatch { .. }));
        assert_eq!(b.resolve("k", &p[0]).unwrap(), DType::Float64);
        assert_eq!(c_dtype("unsigned  long long"), Some(DType::UInt64));
        assert_eq!(c_dtype("float"), Some(DType::Float32));
        assert_eq!(numpy_dtype("float"), Some(DType::Float64));
    }
}
