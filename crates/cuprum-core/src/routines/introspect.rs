//! Questions about values and arrays rather than computations on them: `isscalar`,
//! `byte_bounds` and `who` (NumPy's `numpy.isscalar`, `numpy.byte_bounds` — `numpy.lib.
//! array_utils.byte_bounds` in NumPy 2 — and `numpy.who`, as CuPy has them).
//!
//! Nothing here launches work on a device: `byte_bounds` reads addresses and the layout,
//! `who` reads shapes, dtypes and devices.

use crate::ops::Operand;
use crate::{Array, Complex32, Complex64, Scalar, bf16, f16};
use std::fmt::Write as _;

/// What [`isscalar`] asks of a value: whether it is one scalar value (NumPy's
/// `numpy.isscalar`).
///
/// Scalars are [`Scalar`], a weak-scalar [`Operand`], Rust's numeric primitives, `bool`,
/// `f16`/`bf16`, the complex types and strings (NumPy counts `str` and `bytes` as scalars).
/// Arrays are not, **0-d arrays included** (NumPy: `isscalar(np.array(3.0))` is `False`), nor
/// are slices, `Vec`s or arrays of values.
pub trait IsScalar {
    /// True for one scalar value.
    fn is_scalar(&self) -> bool;
}

macro_rules! scalar_types {
    ($($t:ty),*) => {$(
        impl IsScalar for $t {
            fn is_scalar(&self) -> bool {
                true
            }
        }
    )*};
}
scalar_types!(
    bool, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64, f16, bf16,
    Complex32, Complex64, Scalar, str, String, char
);

impl IsScalar for Array {
    fn is_scalar(&self) -> bool {
        false
    }
}

impl IsScalar for Operand<'_> {
    fn is_scalar(&self) -> bool {
        matches!(self, Operand::Scalar(_))
    }
}

impl<T> IsScalar for [T] {
    fn is_scalar(&self) -> bool {
        false
    }
}

impl<T> IsScalar for Vec<T> {
    fn is_scalar(&self) -> bool {
        false
    }
}

impl<T, const N: usize> IsScalar for [T; N] {
    fn is_scalar(&self) -> bool {
        false
    }
}

impl<T: IsScalar + ?Sized> IsScalar for &T {
    fn is_scalar(&self) -> bool {
        (**self).is_scalar()
    }
}

/// Whether `x` is one scalar value (`numpy.isscalar` / `cupy.isscalar`).
///
/// **Shapes:** none: decided from the type (and, for an [`Operand`], from its variant).
///
/// NumPy's rule: numbers, `bool`, strings and [`Scalar`] values are scalars; arrays are not,
/// *even 0-d ones* (use `a.ndim() == 0` for those); containers (`Vec`, slices) are not. See
/// [`IsScalar`] for the list of types.
///
/// # Errors
/// None.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Scalar, isscalar};
/// assert!(isscalar(&3.1f64));
/// assert!(isscalar(&Scalar::Int(3)));
/// assert!(isscalar("xyz"));
/// let zero_d = Array::from_vec(vec![3.1f64], ()).unwrap();
/// assert!(!isscalar(&zero_d)); // NumPy: isscalar(np.array(3.1)) is False
/// assert!(!isscalar(&vec![3.1f64]));
/// ```
pub fn isscalar<T: IsScalar + ?Sized>(x: &T) -> bool {
    x.is_scalar()
}

/// The address of element `(0, ..., 0)` of `a`: the host address on the CPU, the
/// `CUdeviceptr` on a CUDA device (0 for an empty CUDA buffer).
fn first_element_address(a: &Array) -> u64 {
    let base = match a.storage().as_ref() {
        crate::storage::Storage::Cpu(c) => c.as_ptr() as usize as u64,
        crate::storage::Storage::Cuda(c) => c.device_ptr(),
    };
    base.wrapping_add((a.offset() as u64).wrapping_mul(a.dtype().itemsize() as u64))
}

/// The lowest address and one past the highest address of the memory `a`'s elements occupy
/// (`numpy.byte_bounds` / `cupy.byte_bounds`), as `(low, high)`.
///
/// **Shapes:** any `a`; result: two byte addresses, `low <= high`.
///
/// Computed from the layout like NumPy: starting at the address of element `(0, ..., 0)`
/// (buffer address + offset × itemsize), every axis of length `n` and stride `s` (bytes)
/// moves `low` down by `(n - 1)·|s|` when `s < 0` and `high` up by `(n - 1)·s` when `s > 0`;
/// `high` finally adds one itemsize. For a contiguous array `high - low == a.nbytes()`; for a
/// strided view the range also covers the skipped elements. An empty array gives
/// `(start, start)` (NumPy's contiguous rule: `high = low + size × itemsize`).
///
/// Addresses are host addresses for a CPU array and **device addresses** (`CUdeviceptr`)
/// for a CUDA array (CuPy's rule: `a.data.ptr`). Nothing is read or synchronized.
///
/// # Errors
/// None.
///
/// # Example
/// ```
/// use cuprum_core::{Array, byte_bounds, s};
/// let a = Array::from_vec(vec![0.0f64; 10], [10]).unwrap();
/// let (lo, hi) = byte_bounds(&a);
/// assert_eq!(hi - lo, 80);
/// // every other element, reversed: from element 1 to element 9, inclusive
/// let v = a.slice(s![..;-2]).unwrap();
/// let (vlo, vhi) = byte_bounds(&v);
/// assert_eq!((vlo - lo, vhi - lo), (8, 80));
/// ```
pub fn byte_bounds(a: &Array) -> (u64, u64) {
    let start = first_element_address(a);
    let item = a.dtype().itemsize() as i128;
    if a.size() == 0 {
        return (start, start);
    }
    let (mut low, mut high) = (start as i128, start as i128);
    for (&n, &st) in a.shape().iter().zip(a.strides()) {
        let span = (n as i128 - 1) * st as i128 * item;
        if span < 0 {
            low += span;
        } else {
            high += span;
        }
    }
    // a valid view stays inside its buffer, whose addresses fit u64
    (low as u64, (high + item) as u64)
}

/// Prints a table of the named arrays and returns its text (`numpy.who(vardict)` /
/// `cupy.who(vardict)`).
///
/// **Shapes:** any arrays; one row each.
///
/// Rows are sorted by name, with columns Name, Shape (`2 x 3`; empty for 0-d), Bytes
/// ([`Array::nbytes`]), Type (the dtype's NumPy name) and Device (`cpu`, `cuda:0`; a column
/// CuPy's table does not have), then `Upper bound on total bytes  =       N`. A name bound to
/// the same array as an earlier row (same buffer, layout and dtype: a clone of the handle) is
/// shown as `name (earlier)` and not counted again, like NumPy's `id` check. With no arrays
/// only the total line is printed. The layout follows NumPy's (`Name` padded to at least 10
/// characters, and so on). Rust has no `globals()`, so the names are given explicitly.
///
/// The text is printed to standard output and returned (without the trailing newline of the
/// print).
///
/// # Errors
/// None.
///
/// # Example
/// ```
/// use cuprum_core::{Array, who};
/// let x = Array::from_vec(vec![0.0f64, 1.0], [2]).unwrap();
/// let y = Array::from_vec(vec![0.0f64; 3], [3]).unwrap();
/// let t = who(&[("y", &y), ("x", &x)]);
/// assert!(t.starts_with("Name "));
/// assert!(t.lines().nth(3).unwrap().starts_with("x "));
/// assert!(t.ends_with("Upper bound on total bytes  =       40"));
/// ```
pub fn who(vars: &[(&str, &Array)]) -> String {
    /// One row of the table.
    struct Row {
        name: String,
        shape: String,
        bytes: usize,
        dtype: &'static str,
        device: String,
        counted: bool,
    }
    let mut order: Vec<(&str, &Array)> = vars.to_vec();
    order.sort_by(|a, b| a.0.cmp(b.0));
    let mut rows: Vec<Row> = Vec::new();
    let mut seen: Vec<(&str, &Array)> = Vec::new();
    for &(name, a) in &order {
        let earlier = seen.iter().find(|(_, b)| {
            a.shares_storage(b) && a.layout() == b.layout() && a.dtype() == b.dtype()
        });
        let (shown, counted) = match earlier {
            Some((first, _)) => (format!("{name} ({first})"), false),
            None => {
                seen.push((name, a));
                (name.to_string(), true)
            }
        };
        let shape = a
            .shape()
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" x ");
        rows.push(Row {
            name: shown,
            shape,
            bytes: a.nbytes(),
            dtype: a.dtype().name(),
            device: a.device().to_string(),
            counted,
        });
    }
    let total: u128 = rows
        .iter()
        .filter(|r| r.counted)
        .map(|r| r.bytes as u128)
        .sum();
    let mut out = String::new();
    if !rows.is_empty() {
        let width = |f: &dyn Fn(&Row) -> usize| rows.iter().map(f).max().unwrap_or(0).max(10);
        let sp1 = width(&|r| r.name.chars().count());
        let sp2 = width(&|r| r.shape.len());
        let sp3 = width(&|r| r.bytes.to_string().len());
        let sp4 = width(&|r| r.dtype.len());
        let header = format!(
            "Name {} Shape {} Bytes {} Type {} Device",
            " ".repeat(sp1),
            " ".repeat(sp2),
            " ".repeat(sp3),
            " ".repeat(sp4)
        );
        let _ = write!(out, "{header}\n{}\n\n", "=".repeat(header.len() + 5));
        for r in &rows {
            let bytes = r.bytes.to_string();
            let _ = writeln!(
                out,
                "{} {} {} {} {} {} {} {} {}",
                r.name,
                " ".repeat(sp1 - r.name.chars().count() + 4),
                r.shape,
                " ".repeat(sp2 - r.shape.len() + 5),
                bytes,
                " ".repeat(sp3 - bytes.len() + 5),
                r.dtype,
                " ".repeat(sp4 - r.dtype.len() + 4),
                r.device,
            );
        }
    }
    let _ = write!(out, "\nUpper bound on total bytes  =       {total}");
    println!("{out}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::all_devices;
    use crate::{DType, s};

    #[test]
    fn isscalar_follows_numpy() {
        // numpy: isscalar(3.1) True, isscalar(np.array(3.1)) False, isscalar([3.1]) False,
        // isscalar('x') True, isscalar(np.float32(1)) True
        assert!(isscalar(&3.1f64) && isscalar(&1f32) && isscalar(&true) && isscalar(&7u8));
        assert!(isscalar(&Complex64::new(1.0, 2.0)) && isscalar(&f16::from_f32(1.0)));
        assert!(isscalar("x") && isscalar(&String::from("x")) && isscalar(&Scalar::Float(1.0)));
        assert!(!isscalar(&vec![3.1f64]) && !isscalar(&[1, 2][..]) && !isscalar(&[1, 2]));
        for d in all_devices() {
            let z = Array::from_vec_on(vec![3.1f64], (), d).unwrap();
            assert_eq!(z.ndim(), 0);
            assert!(!isscalar(&z));
            assert!(!isscalar(&&z));
            assert!(!isscalar(&Operand::from(&z)));
            assert!(isscalar(&Operand::Scalar(Scalar::Int(2))));
        }
    }

    #[test]
    fn byte_bounds_match_numpy_layouts() {
        for d in all_devices() {
            // numpy: I = np.eye(2, dtype='f'); hi - lo == I.nbytes
            let a = Array::from_vec_on((0..24).map(|x| x as f32).collect(), [4, 6], d).unwrap();
            let (lo, hi) = byte_bounds(&a);
            assert_eq!(hi - lo, 96);
            if d.is_cuda() {
                assert_eq!(lo, a.device_ptr().unwrap());
            } else {
                let p = a.storage().as_cpu().unwrap().as_ptr() as u64;
                assert_eq!(lo, p);
            }
            // a[1:3, ::2]: element (1,0) at byte 24, last (2,4) at byte (2*6+4)*4=64 → hi 68
            let v = a.slice(s![1..3, ..;2]).unwrap();
            assert_eq!(byte_bounds(&v), (lo + 24, lo + 68));
            // a[::-1, ::-3]: first (3,5) = byte 92; low at (0,2) = byte 8; high = 92 + 4
            let r = a.slice(s![..;-1, ..;-3]).unwrap();
            assert_eq!(byte_bounds(&r), (lo + 8, lo + 96));
            // transpose: same span as the original
            assert_eq!(byte_bounds(&a.transpose().unwrap()), (lo, hi));
            // a broadcast view (stride 0) spans one row
            let row = a.slice(s![2]).unwrap();
            let b = row.broadcast_to([5, 6]).unwrap();
            assert_eq!(byte_bounds(&b), (lo + 48, lo + 72));
            // empty view: (start, start)
            let e = a.slice(s![1..1]).unwrap();
            let (elo, ehi) = byte_bounds(&e);
            assert_eq!(elo, ehi);
            // complex128 scalar view at element 2
            let c = Array::from_vec_on(vec![Complex64::new(0.0, 0.0); 4], [4], d).unwrap();
            let (clo, _) = byte_bounds(&c);
            let c2 = c.slice(s![2]).unwrap();
            assert_eq!(byte_bounds(&c2), (clo + 32, clo + 48));
        }
    }

    #[test]
    fn who_prints_numpys_table() {
        for d in all_devices() {
            let x = crate::arange_on(0.0, 2.0, 1.0, Some(DType::Float64), d).unwrap();
            let y = crate::zeros_on(&[2, 3], DType::Int32, d).unwrap();
            let x2 = x.clone();
            let t = who(&[("y", &y), ("x", &x), ("z", &x2)]);
            let lines: Vec<&str> = t.lines().collect();
            let dev = d.to_string();
            assert_eq!(
                lines[0],
                format!(
                    "Name {} Shape {} Bytes {} Type {} Device",
                    " ".repeat(10),
                    " ".repeat(10),
                    " ".repeat(10),
                    " ".repeat(10)
                )
            );
            assert_eq!(lines[1], "=".repeat(lines[0].len() + 5));
            assert_eq!(lines[2], "");
            let row = |n: &str, sh: &str, b: &str, ty: &str| {
                format!(
                    "{n} {} {sh} {} {b} {} {ty} {} {dev}",
                    " ".repeat(14 - n.len()),
                    " ".repeat(15 - sh.len()),
                    " ".repeat(15 - b.len()),
                    " ".repeat(14 - ty.len())
                )
            };
            assert_eq!(lines[3], row("x", "2", "16", "float64"));
            assert_eq!(lines[4], row("y", "2 x 3", "24", "int32"));
            assert_eq!(lines[5], row("z (x)", "2", "16", "float64"));
            assert_eq!(lines[6], "");
            // z is the same array as x: counted once (numpy: 16 + 24)
            assert_eq!(lines[7], "Upper bound on total bytes  =       40");
            assert_eq!(lines.len(), 8);
        }
        assert_eq!(who(&[]), "\nUpper bound on total bytes  =       0");
    }
}
