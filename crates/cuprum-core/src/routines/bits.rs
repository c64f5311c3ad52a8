//! Packing booleans into bits and back with NumPy's names: `packbits`, `unpackbits`.
//!
//! Composed of core's shifts, reductions and views, so they run on every device.

use crate::layout::normalize_axis;
use crate::ops;
use crate::util::ishape;
use crate::{Array, DType, Error, Result};

/// Packs the truth values of `a` into the bits of uint8 (`numpy.packbits`): 8 elements per
/// byte along `axis` (the flattened array for `None`), the first element in the most
/// (`little_endian_bits = false`, NumPy's `'big'`) or least significant bit; the last byte is
/// padded with zeros.
///
/// # Errors
/// [`Error::DType`] for float/complex input (NumPy requires integers or bools);
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, packbits};
/// let a = Array::from_vec(vec![1u8, 0, 1, 0, 0, 0, 0, 1, 1], &[9]).unwrap();
/// assert_eq!(packbits(&a, None, false).unwrap().to_vec::<u8>().unwrap(), vec![0b1010_0001, 0b1000_0000]);
/// ```
pub fn packbits(a: &Array, axis: Option<isize>, little_endian_bits: bool) -> Result<Array> {
    const OP: &str = "packbits";
    if !a.dtype().is_integer() && !a.dtype().is_bool() {
        return Err(Error::DType {
            op: OP,
            dtype: a.dtype(),
            detail: ": expected an input array of integer or boolean data type".into(),
        });
    }
    let (x, ax) = match axis {
        None => (a.ravel()?, 0usize),
        Some(ax) => (a.clone(), normalize_axis(OP, ax, a.ndim())?),
    };
    let x = x.moveaxis(&[ax as isize], &[-1])?;
    let n = x.shape()[x.ndim() - 1];
    let nb = n.div_ceil(8);
    let bits = ops::not_equal(&x, 0i64)?.astype(DType::UInt8)?;
    let bits = if nb * 8 > n {
        let mut pad = vec![(0usize, 0usize); bits.ndim()];
        pad[bits.ndim() - 1] = (0, nb * 8 - n);
        crate::manip::pad(&bits, &pad, crate::manip::PadMode::Constant(0u8.into()))?
    } else {
        bits
    };
    let mut shape = ishape(&bits.shape()[..bits.ndim() - 1]);
    shape.push(nb as isize);
    shape.push(8);
    let bits = bits.reshape(shape.as_slice())?;
    let w: Vec<u8> = (0..8)
        .map(|i| {
            if little_endian_bits {
                1u8 << i
            } else {
                128u8 >> i
            }
        })
        .collect();
    let w = Array::from_vec_on(w, &[8], a.device())?;
    let s = crate::reduce::sum(&ops::multiply(&bits, &w)?, -1, false)?.astype(DType::UInt8)?;
    s.moveaxis(&[-1], &[ax as isize])?.copy()
}

/// Unpacks uint8 elements into bits (`numpy.unpackbits`): each byte becomes 8 uint8 values
/// along `axis` (the flattened array for `None`), most significant bit first unless
/// `little_endian_bits`; `count` keeps only the first `count` bits.
///
/// # Errors
/// [`Error::DType`] for a dtype other than uint8; [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, unpackbits};
/// let a = Array::from_vec(vec![0b1010_0001u8], &[1]).unwrap();
/// assert_eq!(unpackbits(&a, None, None, false).unwrap().to_vec::<u8>().unwrap(), vec![1, 0, 1, 0, 0, 0, 0, 1]);
/// ```
pub fn unpackbits(
    a: &Array,
    axis: Option<isize>,
    count: Option<usize>,
    little_endian_bits: bool,
) -> Result<Array> {
    const OP: &str = "unpackbits";
    if a.dtype() != DType::UInt8 {
        return Err(Error::DType {
            op: OP,
            dtype: a.dtype(),
            detail: ": expected an input array of unsigned byte data type".into(),
        });
    }
    let (x, ax) = match axis {
        None => (a.ravel()?, 0usize),
        Some(ax) => (a.clone(), normalize_axis(OP, ax, a.ndim())?),
    };
    let x = x.moveaxis(&[ax as isize], &[-1])?;
    let shifts: Vec<u8> = (0..8)
        .map(|i| if little_endian_bits { i } else { 7 - i })
        .collect();
    let shifts = Array::from_vec_on(shifts, &[8], a.device())?;
    let mut sh = ishape(x.shape());
    sh.push(1);
    let b = ops::bitwise_and(
        &ops::right_shift(&x.reshape(sh.as_slice())?, &shifts)?,
        1u64,
    )?
    .astype(DType::UInt8)?;
    let mut flat = ishape(&x.shape()[..x.ndim() - 1]);
    flat.push((x.shape()[x.ndim() - 1] * 8) as isize);
    let mut b = b.reshape(flat.as_slice())?;
    if let Some(c) = count {
        b = crate::util::on_axis(&b, b.ndim() - 1, crate::util::range(None, Some(c as isize)))?;
    }
    b.moveaxis(&[-1], &[ax as isize])?.copy()
}
