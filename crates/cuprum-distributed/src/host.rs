//! Reading and writing the elements of CPU arrays as bytes, for any strided layout.
//!
//! The TCP backend moves C-order byte buffers; these helpers gather them from, and scatter them
//! into, a CPU array's buffer through its layout (strides in elements, possibly negative).

use crate::{Error, Result};
use cuprum_core::Array;

/// Element offsets (in elements, from the buffer start) of `a`'s elements in C order.
fn element_offsets(a: &Array) -> Vec<usize> {
    let shape = a.shape();
    let strides = a.strides();
    let n = a.size();
    let mut out = Vec::with_capacity(n);
    if n == 0 {
        return out;
    }
    let nd = shape.len();
    let mut idx = vec![0usize; nd];
    let mut off = a.offset() as isize;
    for _ in 0..n {
        out.push(off as usize);
        // odometer increment
        for ax in (0..nd).rev() {
            idx[ax] += 1;
            off += strides[ax];
            if idx[ax] < shape[ax] {
                break;
            }
            off -= strides[ax] * shape[ax] as isize;
            idx[ax] = 0;
        }
    }
    out
}

/// The elements of a CPU array in C order as native-endian bytes.
///
/// # Errors
/// [`Error::Unsupported`] when the array is not on the CPU.
pub(crate) fn read(op: &'static str, a: &Array) -> Result<Vec<u8>> {
    let cpu = a.storage().as_cpu().ok_or_else(|| {
        Error::unsupported(
            op,
            format!(
                "the TCP backend moves CPU arrays; this one is on {}",
                a.device()
            ),
        )
    })?;
    let isz = a.dtype().itemsize();
    let guard = cpu.read();
    let buf = guard.bytes();
    if a.is_c_contiguous() {
        let start = a.offset() * isz;
        return Ok(buf[start..start + a.nbytes()].to_vec());
    }
    let mut out = Vec::with_capacity(a.nbytes());
    for off in element_offsets(a) {
        out.extend_from_slice(&buf[off * isz..(off + 1) * isz]);
    }
    Ok(out)
}

/// Fails unless `a` is a CPU array whose elements are distinct memory (no zero strides), so
/// that writing into it is well defined.
pub(crate) fn check_writable(op: &'static str, a: &Array) -> Result<()> {
    if a.storage().as_cpu().is_none() {
        return Err(Error::unsupported(
            op,
            format!(
                "the TCP backend moves CPU arrays; this one is on {}",
                a.device()
            ),
        ));
    }
    let overlapping = a
        .shape()
        .iter()
        .zip(a.strides())
        .any(|(&n, &s)| n > 1 && s == 0);
    if overlapping {
        return Err(Error::invalid(
            op,
            format!(
                "the output array (shape {:?}, strides {:?}) is a broadcast view whose elements overlap; pass a contiguous array",
                a.shape(),
                a.strides()
            ),
        ));
    }
    Ok(())
}

/// Writes C-order bytes into a CPU array's elements (through its layout).
///
/// # Errors
/// As [`check_writable`]; [`Error::InvalidArgument`] when the byte count is not the array's.
pub(crate) fn write(op: &'static str, a: &Array, bytes: &[u8]) -> Result<()> {
    check_writable(op, a)?;
    if bytes.len() != a.nbytes() {
        return Err(Error::invalid(
            op,
            format!(
                "received {} bytes for an output of {} bytes (shape {:?}, {})",
                bytes.len(),
                a.nbytes(),
                a.shape(),
                a.dtype()
            ),
        ));
    }
    let Some(cpu) = a.storage().as_cpu() else {
        return Ok(()); // unreachable: check_writable tested it
    };
    let isz = a.dtype().itemsize();
    let mut guard = cpu.write();
    let buf = guard.bytes_mut();
    if a.is_c_contiguous() {
        let start = a.offset() * isz;
        buf[start..start + bytes.len()].copy_from_slice(bytes);
        return Ok(());
    }
    for (i, off) in element_offsets(a).into_iter().enumerate() {
        buf[off * isz..(off + 1) * isz].copy_from_slice(&bytes[i * isz..(i + 1) * isz]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cuprum_core::Device;

    #[test]
    fn offsets_follow_strides() {
        let a = Array::from_vec_on((0..6i32).collect(), &[2, 3], Device::Cpu).unwrap();
        assert_eq!(element_offsets(&a), vec![0, 1, 2, 3, 4, 5]);
        let bytes = read("t", &a).unwrap();
        assert_eq!(bytemuck::cast_slice::<u8, i32>(&bytes), &[0, 1, 2, 3, 4, 5]);
        write("t", &a, bytemuck::cast_slice(&[5i32, 4, 3, 2, 1, 0])).unwrap();
        assert_eq!(a.to_vec::<i32>().unwrap(), vec![5, 4, 3, 2, 1, 0]);
        assert!(write("t", &a, &[0u8; 3]).is_err());
    }
}
