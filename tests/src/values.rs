//! Host copies of arrays for comparison: every dtype widened to one of four element kinds without
//! losing a value or a sign bit (floats of any width are exactly representable as `f64`).

use cuprum::{Array, DType};

/// The elements of an array in C order, widened losslessly.
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    /// bool elements
    Bool(Vec<bool>),
    /// every integer dtype (int64 and uint64 both fit in i128)
    Int(Vec<i128>),
    /// float16, bfloat16, float32, float64 (widening to f64 is exact, sign of zero kept)
    Float(Vec<f64>),
    /// complex64, complex128 as (re, im)
    Complex(Vec<(f64, f64)>),
}

/// An array copied to the host: dtype, shape and the widened values.
#[derive(Clone, Debug, PartialEq)]
pub struct HostArray {
    /// the array's dtype
    pub dtype: DType,
    /// the array's shape
    pub shape: Vec<usize>,
    /// the elements in C order
    pub values: Values,
}

impl HostArray {
    /// Copies `a` to the host (synchronizing with its device).
    ///
    /// # Errors
    /// The device-to-host copy's error, or a dtype the harness does not know, as text.
    pub fn from_array(a: &Array) -> Result<HostArray, String> {
        let bytes = a
            .to_bytes()
            .map_err(|e| format!("copying the result to the host: {e}"))?;
        Ok(HostArray {
            dtype: a.dtype(),
            shape: a.shape().to_vec(),
            values: decode(a.dtype(), &bytes)?,
        })
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Values {
    /// Number of elements.
    pub fn len(&self) -> usize {
        match self {
            Values::Bool(v) => v.len(),
            Values::Int(v) => v.len(),
            Values::Float(v) => v.len(),
            Values::Complex(v) => v.len(),
        }
    }

    /// True when there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `i` as text, for failure messages.
    pub fn show(&self, i: usize) -> String {
        match self {
            Values::Bool(v) => (if v[i] { "True" } else { "False" }).to_string(),
            Values::Int(v) => v[i].to_string(),
            Values::Float(v) => format!("{:?}", v[i]),
            Values::Complex(v) => format!("({:?}{:+?}j)", v[i].0, v[i].1),
        }
    }
}

/// Decodes native-endian C-order bytes of `dtype`.
///
/// # Errors
/// A dtype this function does not know yet (`DType` is non-exhaustive).
pub fn decode(dtype: DType, b: &[u8]) -> Result<Values, String> {
    fn chunks<const N: usize>(b: &[u8]) -> impl Iterator<Item = [u8; N]> + '_ {
        b.chunks_exact(N).map(|c| {
            let mut a = [0u8; N];
            a.copy_from_slice(c);
            a
        })
    }
    Ok(match dtype {
        DType::Bool => Values::Bool(b.iter().map(|&x| x != 0).collect()),
        DType::Int8 => Values::Int(b.iter().map(|&x| x as i8 as i128).collect()),
        DType::UInt8 => Values::Int(b.iter().map(|&x| x as i128).collect()),
        DType::Int16 => Values::Int(
            chunks::<2>(b)
                .map(|c| i16::from_ne_bytes(c) as i128)
                .collect(),
        ),
        DType::UInt16 => Values::Int(
            chunks::<2>(b)
                .map(|c| u16::from_ne_bytes(c) as i128)
                .collect(),
        ),
        DType::Int32 => Values::Int(
            chunks::<4>(b)
                .map(|c| i32::from_ne_bytes(c) as i128)
                .collect(),
        ),
        DType::UInt32 => Values::Int(
            chunks::<4>(b)
                .map(|c| u32::from_ne_bytes(c) as i128)
                .collect(),
        ),
        DType::Int64 => Values::Int(
            chunks::<8>(b)
                .map(|c| i64::from_ne_bytes(c) as i128)
                .collect(),
        ),
        DType::UInt64 => Values::Int(
            chunks::<8>(b)
                .map(|c| u64::from_ne_bytes(c) as i128)
                .collect(),
        ),
        DType::Float16 => Values::Float(
            chunks::<2>(b)
                .map(|c| cuprum::f16::from_bits(u16::from_ne_bytes(c)).to_f64())
                .collect(),
        ),
        DType::BFloat16 => Values::Float(
            chunks::<2>(b)
                .map(|c| cuprum::bf16::from_bits(u16::from_ne_bytes(c)).to_f64())
                .collect(),
        ),
        DType::Float32 => Values::Float(
            chunks::<4>(b)
                .map(|c| f32::from_ne_bytes(c) as f64)
                .collect(),
        ),
        DType::Float64 => Values::Float(chunks::<8>(b).map(f64::from_ne_bytes).collect()),
        DType::Complex64 => Values::Complex(
            chunks::<8>(b)
                .map(|c| {
                    let re = f32::from_ne_bytes([c[0], c[1], c[2], c[3]]);
                    let im = f32::from_ne_bytes([c[4], c[5], c[6], c[7]]);
                    (re as f64, im as f64)
                })
                .collect(),
        ),
        DType::Complex128 => Values::Complex(
            chunks::<16>(b)
                .map(|c| {
                    let mut re = [0u8; 8];
                    let mut im = [0u8; 8];
                    re.copy_from_slice(&c[..8]);
                    im.copy_from_slice(&c[8..]);
                    (f64::from_ne_bytes(re), f64::from_ne_bytes(im))
                })
                .collect(),
        ),
        // DType is non_exhaustive: a new dtype must be added here before it can be compared.
        other => return Err(format!("the harness cannot decode dtype {other} yet")),
    })
}
