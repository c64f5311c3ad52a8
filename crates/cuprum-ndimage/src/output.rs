//! SciPy's `output=` array argument: a result written into an array the caller owns.

use cuprum_core::{Array, Error, Result};

/// Writes a filter's `result` into `output` (SciPy's `output=array` argument, for every
/// function of this crate).
///
/// **Shapes**: `output` has the result's shape and is on its device; it may be a view
/// (a slice of a larger array).
///
/// SciPy's functions round each intermediate pass through the output array's dtype; to get
/// the same values pass `output.dtype()` as the function's `output` option (for example
/// [`crate::FilterOptions::output`]), then write the result here. Values are cast to
/// `output`'s dtype as SciPy's C code stores them (truncation toward zero for integers).
///
/// # Errors
/// [`Error::ShapeMismatch`] for another shape; [`Error::DeviceMismatch`] for another device.
///
/// # Algorithm
/// One elementwise copy with a cast on the arrays' device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device};
/// use cuprum_ndimage::{FilterOptions, uniform_filter, write_output};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 4.0], &[3], Device::Cpu).unwrap();
/// let out = Array::from_vec_on(vec![0i32; 3], &[3], Device::Cpu).unwrap();
/// let o = FilterOptions { output: Some(out.dtype()), ..Default::default() };
/// write_output(&out, &uniform_filter(&x, &[3], &o).unwrap()).unwrap();
/// assert_eq!(out.to_vec::<i32>().unwrap(), vec![1, 2, 3]);
/// ```
pub fn write_output(output: &Array, result: &Array) -> Result<()> {
    let op = "ndimage.output";
    crate::support::check_same_shape(
        op,
        output,
        result,
        "the output array must have the result's shape",
    )?;
    if output.device() != result.device() {
        return Err(Error::DeviceMismatch {
            op,
            lhs: output.device(),
            rhs: result.device(),
        });
    }
    output.assign(result)
}
