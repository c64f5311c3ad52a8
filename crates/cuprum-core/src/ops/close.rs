//! Tolerant and exact array comparison: `isclose`, `allclose`, `array_equal` (NumPy's), built
//! from the elementwise ufuncs, so they run on every device with no kernels of their own.

use super::{
    abs, add, bitwise_and, bitwise_or, equal, isfinite, isnan, less_equal, multiply, subtract,
};
use crate::reduce::Axes;
use crate::{Array, DType, Result, Scalar};

/// Elementwise `|a - b| <= atol + rtol * |b|` (`numpy.isclose`), with NumPy's rules for
/// non-finite values: infinities are close only to the same infinity, NaN is close to nothing
/// unless `equal_nan` (then NaN is close to NaN).
///
/// **Shapes:** `a` and `b` broadcast together; the result is bool with the broadcast shape, on
/// their device. **Dtypes:** any numeric; integer and bool `b` are compared in float64 (as
/// NumPy turns `b` into `result_type(b, 1.0)`); complex values use the complex modulus. The
/// test is not symmetric: `rtol` scales `|b|`.
///
/// # Errors
/// [`Error::Broadcast`](crate::Error::Broadcast) naming both shapes;
/// [`Error::DeviceMismatch`](crate::Error::DeviceMismatch).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let a = Array::from_vec_on(vec![1.0f64, 1e-9, f64::NAN, f64::INFINITY], &[4], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64 + 1e-7, 0.0, f64::NAN, f64::INFINITY], &[4], Device::Cpu).unwrap();
/// let c = ops::isclose(&a, &b, 1e-5, 1e-8, false).unwrap();
/// assert_eq!(c.to_vec::<bool>().unwrap(), vec![true, true, false, true]);
/// let c = ops::isclose(&a, &b, 1e-5, 1e-8, true).unwrap();
/// assert_eq!(c.to_vec::<bool>().unwrap(), vec![true, true, true, true]);
/// ```
pub fn isclose(a: &Array, b: &Array, rtol: f64, atol: f64, equal_nan: bool) -> Result<Array> {
    let y = if b.dtype().is_inexact() {
        b.clone()
    } else {
        b.astype(DType::Float64)?
    };
    // |a - y| <= atol + rtol * |y|, true only where y is finite; or exactly equal (equal
    // infinities); NaN compares false everywhere
    let diff = abs(&subtract(a, &y)?)?;
    let tol = add(&multiply(&abs(&y)?, rtol)?, atol)?;
    let near = bitwise_and(&less_equal(&diff, &tol)?, &isfinite(&y)?)?;
    let mut close = bitwise_or(&near, &equal(a, &y)?)?;
    if equal_nan {
        close = bitwise_or(&close, &bitwise_and(&isnan(a)?, &isnan(&y)?)?)?;
    }
    Ok(close)
}

/// True when every element pair is [`isclose`] (`numpy.allclose`); empty inputs are close.
///
/// **Shapes:** `a` and `b` broadcast together. The answer is read back to the host (one
/// synchronization on CUDA).
///
/// # Errors
/// As [`isclose`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let a = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f32, 2.000001], &[2], Device::Cpu).unwrap();
/// assert!(ops::allclose(&a, &b, 1e-5, 1e-8, false).unwrap());
/// assert!(!ops::allclose(&a, &b, 1e-9, 0.0, false).unwrap());
/// ```
pub fn allclose(a: &Array, b: &Array, rtol: f64, atol: f64, equal_nan: bool) -> Result<bool> {
    let c = isclose(a, b, rtol, atol, equal_nan)?;
    Ok(c.all(Axes::All, false)?.item()? == Scalar::Bool(true))
}

/// True when `a` and `b` have the same shape and equal elements (`numpy.array_equal`); with
/// `equal_nan`, NaNs in the same places count as equal. Arrays of different shapes are not
/// equal (no broadcasting, no error).
///
/// # Errors
/// [`Error::DeviceMismatch`](crate::Error::DeviceMismatch) for arrays on different devices.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let a = Array::from_vec_on(vec![1i32, 2, 3], &[3], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// assert!(ops::array_equal(&a, &b, false).unwrap());
/// assert!(!ops::array_equal(&a, &b.reshape(&[1, 3]).unwrap(), false).unwrap());
/// ```
pub fn array_equal(a: &Array, b: &Array, equal_nan: bool) -> Result<bool> {
    if a.shape() != b.shape() {
        return Ok(false);
    }
    let mut eq = equal(a, b)?;
    if equal_nan && (a.dtype().is_inexact() || b.dtype().is_inexact()) {
        eq = bitwise_or(&eq, &bitwise_and(&isnan(a)?, &isnan(b)?)?)?;
    }
    Ok(eq.all(Axes::All, false)?.item()? == Scalar::Bool(true))
}

/// Also the tests of `manip::{trace, diff, meshgrid}`, the other NumPy helpers composed of
/// existing ops, on every device.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Complex64, Device, cuda_device_count};

    /// CPU, and the first GPU when there is one (a failure without one when
    /// `CUPRUM_REQUIRE_CUDA=1`).
    fn devices() -> Vec<Device> {
        if cuda_device_count() > 0 {
            return vec![Device::Cpu, Device::Cuda(0)];
        }
        assert!(
            !crate::test_util::require_cuda(),
            "CUPRUM_REQUIRE_CUDA=1 but no CUDA device is available"
        );
        vec![Device::Cpu]
    }

    fn on<T: crate::Element>(v: Vec<T>, shape: &[usize], d: Device) -> Array {
        Array::from_vec_on(v, shape, d).unwrap()
    }

    /// NumPy 2.4's answers for the same inputs (`np.isclose(a, b)` with its defaults).
    #[test]
    fn isclose_matches_numpy() {
        let inf = f64::INFINITY;
        for d in devices() {
            let a = on(
                vec![1.0, 1.0, 0.0, inf, inf, -inf, f64::NAN, 1e10, 1e-8],
                &[9],
                d,
            );
            let b = on(
                vec![
                    1.00001,
                    1.0001,
                    1e-9,
                    inf,
                    -inf,
                    -inf,
                    f64::NAN,
                    1.00001e10,
                    0.0,
                ],
                &[9],
                d,
            );
            let c = isclose(&a, &b, 1e-5, 1e-8, false).unwrap();
            assert_eq!(c.device(), d);
            assert_eq!(
                c.to_vec::<bool>().unwrap(),
                vec![true, false, true, true, false, true, false, true, true],
                "{d}"
            );
            let c = isclose(&a, &b, 1e-5, 1e-8, true)
                .unwrap()
                .to_vec::<bool>()
                .unwrap();
            assert!(c[6], "equal_nan on {d}");
            // broadcasting, int against float, float32 keeps its own precision
            let i = on(vec![1i32, 2, 3], &[3, 1], d);
            let f = on(vec![1.0f32, 2.0000001, 3.5], &[1, 3], d);
            let c = isclose(&i, &f, 1e-5, 1e-8, false).unwrap();
            assert_eq!(c.shape(), &[3, 3]);
            assert_eq!(
                c.to_vec::<bool>().unwrap(),
                vec![true, false, false, false, true, false, false, false, false]
            );
            // complex: the modulus of the difference
            let z = on(vec![Complex64::new(1.0, 1.0)], &[1], d);
            let w = on(vec![Complex64::new(1.0, 1.0 + 1e-6)], &[1], d);
            assert!(allclose(&z, &w, 1e-5, 1e-8, false).unwrap());
            assert!(!allclose(&z, &w, 1e-7, 0.0, false).unwrap());
            // array_equal: shapes must match exactly, NaN only with equal_nan
            let n = on(vec![1.0, f64::NAN], &[2], d);
            assert!(!array_equal(&n, &n, false).unwrap());
            assert!(array_equal(&n, &n, true).unwrap());
            assert!(!array_equal(&n, &n.reshape(&[2, 1]).unwrap(), true).unwrap());
            // shapes that do not broadcast: isclose's broadcast error
            let e = isclose(
                &on(vec![0.0; 3], &[3], d),
                &on(vec![0.0; 2], &[2], d),
                1e-5,
                0.0,
                false,
            );
            assert!(matches!(e, Err(crate::Error::Broadcast { .. })));
        }
    }

    #[test]
    fn trace_sums_the_diagonal() {
        for d in devices() {
            let a = on((0..24i64).collect(), &[2, 3, 4], d);
            // np.trace(a) over axes 0, 1: shape [4], a[0,0,:] + a[1,1,:]
            let t = crate::manip::trace(&a, 0, 0, 1, None).unwrap();
            assert_eq!(t.to_vec::<i64>().unwrap(), vec![16, 18, 20, 22]);
            // last two axes with offset -1: a[:, 1, 0] + a[:, 2, 1]
            let t = crate::manip::trace(&a, -1, -2, -1, None).unwrap();
            assert_eq!(t.to_vec::<i64>().unwrap(), vec![13, 37]);
            let f = on(vec![1.5f32, 0.0, 0.0, 2.0], &[2, 2], d);
            let t = crate::manip::trace(&f, 0, 0, 1, Some(DType::Float64)).unwrap();
            assert_eq!(
                (t.dtype(), t.to_vec::<f64>().unwrap()),
                (DType::Float64, vec![3.5])
            );
            // an offset past the edge: an empty diagonal sums to 0
            let t = crate::manip::trace(&f, 5, 0, 1, None).unwrap();
            assert_eq!(t.to_vec::<f32>().unwrap(), vec![0.0]);
            let e = crate::manip::trace(&on(vec![1.0f64], &[1], d), 0, 0, 1, None).unwrap_err();
            assert!(e.to_string().starts_with("trace: "), "{e}");
        }
    }

    /// `diff` and `meshgrid` against NumPy 2.4's answers for the same inputs.
    #[test]
    fn diff_and_meshgrid_match_numpy() {
        use crate::manip::{diff, meshgrid};
        for d in devices() {
            let a = on((0..12i64).map(|x| x * x).collect(), &[3, 4], d);
            let r = diff(&a, 1, 0).unwrap();
            assert_eq!((r.shape(), r.device()), (&[2usize, 4][..], d));
            assert_eq!(
                r.to_vec::<i64>().unwrap(),
                vec![16, 24, 32, 40, 48, 56, 64, 72]
            );
            let u = diff(&on(vec![1u8, 0, 5], &[3], d), 1, -1).unwrap();
            assert_eq!(u.to_vec::<u8>().unwrap(), vec![255, 5]);
            let b = diff(&on(vec![true, true, false, true], &[4], d), 1, -1).unwrap();
            assert_eq!(b.to_vec::<bool>().unwrap(), vec![false, true, true]);
            let r = on(vec![0.0f64, 1.0, 2.0], &[3], d);
            assert_eq!(diff(&r, 5, -1).unwrap().shape(), &[0]);
            assert_eq!(
                diff(&r, 0, -1).unwrap().to_vec::<f64>().unwrap(),
                vec![0.0, 1.0, 2.0]
            );
            assert!(matches!(
                diff(&r, 1, 1),
                Err(crate::Error::AxisOutOfBounds { .. })
            ));
            let (x, y, z) = (
                on(vec![1i64, 2], &[2], d),
                on(vec![10i64, 20, 30], &[3], d),
                on(vec![100.0f64, 200.0], &[2], d),
            );
            let g = meshgrid(&[&x, &y, &z], "xy").unwrap();
            for t in &g {
                assert_eq!((t.shape(), t.device()), (&[3usize, 2, 2][..], d));
            }
            assert_eq!(
                g[0].to_vec::<i64>().unwrap(),
                vec![1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2]
            );
            assert_eq!(
                g[1].to_vec::<i64>().unwrap(),
                vec![10, 10, 10, 10, 20, 20, 20, 20, 30, 30, 30, 30]
            );
            assert_eq!(
                g[2].to_vec::<f64>().unwrap()[..4],
                [100.0, 200.0, 100.0, 200.0]
            );
            let g = meshgrid(&[&x, &y, &z], "ij").unwrap();
            assert_eq!(g[0].shape(), &[2, 3, 2]);
            assert_eq!(
                g[0].to_vec::<i64>().unwrap(),
                vec![1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]
            );
            assert_eq!(
                g[1].to_vec::<i64>().unwrap(),
                vec![10, 10, 20, 20, 30, 30, 10, 10, 20, 20, 30, 30]
            );
            assert_eq!(g[2].dtype(), DType::Float64);
            let e = meshgrid(&[&x], "yx").unwrap_err().to_string();
            assert!(e.starts_with("meshgrid: ") && e.contains("\"yx\""), "{e}");
        }
    }
}
