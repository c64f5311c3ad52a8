//! `Display` of [`Sparse`] matrices in SciPy 1.17's coordinate form.

use crate::sparse::{Flavour, Sparse};
use crate::util::py_float;
use cuprum_core::{Array, DType};
use std::fmt;

/// SciPy's `maxprint`: more stored entries than this print the first and last halves.
const MAXPRINT: usize = 50;

fn values(a: &Array) -> cuprum_core::Result<Vec<String>> {
    let a = a.to_device(cuprum_core::Device::Cpu)?;
    Ok(match a.dtype() {
        DType::Bool => a
            .to_vec::<bool>()?
            .into_iter()
            .map(|b| if b { "True".into() } else { "False".into() })
            .collect(),
        DType::Float16 | DType::BFloat16 | DType::Float32 => a
            .astype(DType::Float32)?
            .to_vec::<f32>()?
            .into_iter()
            .map(|x| py_float(format!("{x:e}")))
            .collect(),
        DType::Float64 => a
            .to_vec::<f64>()?
            .into_iter()
            .map(|x| py_float(format!("{x:e}")))
            .collect(),
        DType::Complex64 => complex_cells(a.to_vec::<cuprum_core::Complex32>()?, |c| (c.re, c.im)),
        DType::Complex128 => complex_cells(a.to_vec::<cuprum_core::Complex64>()?, |c| (c.re, c.im)),
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => a
            .astype(DType::UInt64)?
            .to_vec::<u64>()?
            .into_iter()
            .map(|x| x.to_string())
            .collect(),
        _ => a
            .astype(DType::Int64)?
            .to_vec::<i64>()?
            .into_iter()
            .map(|x| x.to_string())
            .collect(),
    })
}

/// [`pycomplex`] of each element, `parts` giving its real and imaginary parts.
fn complex_cells<C, T: std::fmt::LowerExp + Into<f64> + Copy>(
    v: Vec<C>,
    parts: impl Fn(C) -> (T, T),
) -> Vec<String> {
    v.into_iter()
        .map(|c| {
            let (re, im) = parts(c);
            let r: f64 = re.into();
            pycomplex(
                format!("{re:e}"),
                format!("{im:e}"),
                r == 0.0 && r.is_sign_positive(),
            )
        })
        .collect()
}

/// Python's `repr(complex)`: `(1+2j)`, `2j` for a zero real part, components without `.0`.
fn pycomplex(re: String, im: String, re_zero: bool) -> String {
    let strip = |s: String| s.strip_suffix(".0").map(str::to_string).unwrap_or(s);
    let im = strip(py_float(im));
    if re_zero {
        return format!("{im}j");
    }
    let re = strip(py_float(re));
    let sign = if im.starts_with('-') { "" } else { "+" };
    format!("({re}{sign}{im}j)")
}

impl Sparse {
    /// SciPy's `repr(A)`: `<Compressed Sparse Row sparse matrix of dtype 'float32'\n\twith 4
    /// stored elements and shape (2, 4)>`.
    ///
    /// ```
    /// let a = cuprum_sparse::csr_matrix((2, 4), None).unwrap();
    /// assert_eq!(a.repr(), "<Compressed Sparse Row sparse matrix of dtype 'float64'\n\twith 0 stored elements and shape (2, 4)>");
    /// ```
    pub fn repr(&self) -> String {
        let kind = if self.flavour() == Flavour::Array {
            "array"
        } else {
            "matrix"
        };
        let shape = match self.shape().as_slice() {
            [n] => format!("({n},)"),
            s => format!("({}, {})", s[0], s[1]),
        };
        format!(
            "<{} sparse {kind} of dtype '{}'\n\twith {} stored elements and shape {shape}>",
            self.format().long_name(),
            self.dtype().name(),
            self.nnz()
        )
    }

    /// SciPy's `str(A)`: the `repr` then, when entries are stored, `  Coords\tValues` and one
    /// `  (i, j)\tv` line per stored entry of `tocoo()` (the first and last 25 of more than 50).
    ///
    /// # Errors
    /// Transfer errors (the coordinates are copied to the host).
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float32).unwrap().tocsr().unwrap();
    /// let s = a.to_str().unwrap();
    /// assert!(s.ends_with("  Coords\tValues\n  (0, 0)\t1.0\n  (1, 1)\t1.0"));
    /// ```
    pub fn to_str(&self) -> crate::Result<String> {
        let mut out = self.repr();
        let nnz = self.nnz();
        if nnz == 0 {
            return Ok(out);
        }
        let c = self.coo_parts()?;
        let rows = c
            .row
            .astype(DType::Int64)?
            .to_device(cuprum_core::Device::Cpu)?
            .to_vec::<i64>()?;
        let cols = c
            .col
            .astype(DType::Int64)?
            .to_device(cuprum_core::Device::Cpu)?
            .to_vec::<i64>()?;
        let vals = values(&c.data)?;
        let one_d = self.ndim() == 1;
        let line = |k: usize| {
            if one_d {
                format!("  ({},)\t{}", cols[k], vals[k])
            } else {
                format!("  ({}, {})\t{}", rows[k], cols[k], vals[k])
            }
        };
        out.push_str("\n  Coords\tValues\n");
        let n = vals.len();
        let lines: Vec<String> = if n > MAXPRINT {
            let half = MAXPRINT / 2;
            let rest = MAXPRINT - half;
            let mut v: Vec<String> = (0..half).map(line).collect();
            let tail: Vec<String> = (n - rest..n).map(line).collect();
            v.push("  :\t:".into());
            v.extend(tail);
            v
        } else {
            (0..n).map(line).collect()
        };
        out.push_str(&lines.join("\n"));
        Ok(out)
    }
}

/// SciPy's `str(A)` (see [`Sparse::to_str`]); a transfer error prints as `fmt::Error`.
impl fmt::Display for Sparse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.to_str().map_err(|_| fmt::Error)?;
        f.write_str(&s)
    }
}
