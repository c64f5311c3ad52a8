//! [`Array::astype`]: dtype conversion with NumPy's C-cast semantics.

use crate::{Array, DType, Result, backend};

impl Array {
    /// A C-contiguous copy converted to `dtype`, NumPy's `a.astype(dtype)` (always a copy,
    /// on the same device).
    ///
    /// **Semantics** (NumPy's `casting="unsafe"` C casts, identical on every backend):
    /// integer → integer wraps (two's complement); float → integer truncates toward zero
    /// (out-of-range values and NaN give an unspecified value, as in C); complex → real drops
    /// the imaginary part; anything → bool is `value != 0` (for complex: either part nonzero);
    /// bool → number is 0/1; to float16/bfloat16 rounds to nearest even.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) and other backend errors.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device};
    /// let a = Array::from_vec_on(vec![-2.7f64, 0.5, 300.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(a.astype(DType::Int32).unwrap().to_vec::<i32>().unwrap(), vec![-2, 0, 300]);
    /// assert_eq!(a.astype(DType::UInt8).unwrap().to_vec::<u8>().unwrap(), vec![254, 0, 44]);
    /// assert_eq!(a.astype(DType::Bool).unwrap().to_vec::<bool>().unwrap(), vec![true; 3]);
    /// ```
    pub fn astype(&self, dtype: DType) -> Result<Array> {
        let out = Array::empty_on(self.shape(), dtype, self.device())?;
        if self.size() > 0 {
            backend::copy(self.view(), out.view())?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Array, Complex32, Complex64, DType, Device, Layout, f16};

    #[test]
    fn astype_is_a_contiguous_copy_with_c_casts() {
        let a = Array::from_vec_on(vec![1.5f32, -2.5, 3.0, 4.0, 5.0, 6.0], &[2, 3], Device::Cpu)
            .unwrap();
        let t = a.with_layout(Layout {
            shape: vec![3, 2],
            strides: vec![1, 3],
            offset: 0,
        });
        let b = t.astype(DType::Int64).unwrap();
        assert!(b.is_c_contiguous());
        assert_eq!(b.shape(), &[3, 2]);
        assert_eq!(b.to_vec::<i64>().unwrap(), vec![1, 4, -2, 5, 3, 6]);
        let c = a.astype(DType::Float32).unwrap();
        assert!(!c.shares_storage(&a));
        let h = a.astype(DType::Float16).unwrap();
        assert_eq!(h.to_vec::<f16>().unwrap()[1], f16::from_f32(-2.5));
        let z = a.astype(DType::Complex64).unwrap();
        assert_eq!(
            z.to_vec::<Complex32>().unwrap()[0],
            Complex32::new(1.5, 0.0)
        );
        let w = Array::from_vec_on(vec![Complex64::new(2.9, 7.0)], &[1], Device::Cpu).unwrap();
        assert_eq!(
            w.astype(DType::Int8).unwrap().to_vec::<i8>().unwrap(),
            vec![2]
        );
        let e = Array::empty_on(&[0, 4], DType::Float64, Device::Cpu).unwrap();
        assert_eq!(e.astype(DType::Bool).unwrap().shape(), &[0, 4]);
    }
}
