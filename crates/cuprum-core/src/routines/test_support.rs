//! What the generated NumPy cases in `tests.rs` are written with: the input constructor, the
//! comparison with NumPy's values and the macro that declares one case as a test.

use crate::*;

/// Builds an input array of `shape` from `data` on `device`.
pub(super) fn arr<T: Element>(data: &[T], shape: impl IntoShape, device: Device) -> Result<Array> {
    Array::from_slice_on(data, shape, device)
}

/// Compares `r` with NumPy's values (`re`, `im` for complex), shape and dtype.
pub(super) fn chk(
    case: &str,
    r: &Array,
    re: &[f64],
    im: Option<&[f64]>,
    shape: &[usize],
    dt: DType,
    tol: f64,
) {
    assert_eq!(r.shape(), shape, "{case}: shape");
    assert_eq!(r.dtype(), dt, "{case}: dtype");
    let tol = if tol > 0.0 {
        tol
    } else {
        match dt.real_dtype() {
            DType::Float16 | DType::BFloat16 => 1e-3,
            DType::Float32 => 2e-6,
            _ => 1e-13,
        }
    };
    let as_f64 = |x: &Array| x.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
    let parts: Vec<(Vec<f64>, &[f64])> = if dt.is_complex() {
        vec![
            (as_f64(&crate::ops::real(r).unwrap()), re),
            (as_f64(&crate::ops::imag(r).unwrap()), im.unwrap()),
        ]
    } else {
        vec![(as_f64(r), re)]
    };
    for (got, want) in parts {
        assert_eq!(got.len(), want.len(), "{case}: size");
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            let ok = (g.is_nan() && w.is_nan())
                || g == w
                || (g - w).abs() <= tol * w.abs().max(f64::MIN_POSITIVE)
                || (g - w).abs() <= tol * 1e-300;
            assert!(ok, "{case}: element {i}: got {g:e}, NumPy {w:e}");
            if *w == 0.0 && *g == 0.0 && dt.is_float() {
                assert_eq!(
                    g.is_sign_negative(),
                    w.is_sign_negative(),
                    "{case}: sign of zero at {i}"
                );
            }
        }
    }
}

/// Declares the test `$name`: the statements after `|$d|` run once for every device `$d`
/// (inside a closure returning `Result<()>`, so `?` applies); an error panics with
/// `"$case on $d: error"`.
macro_rules! np_test {
    ($name:ident, $case:literal, |$d:ident| $($body:tt)*) => {
        #[test]
        fn $name() {
            for $d in all_devices() {
                (|| -> Result<()> {
                    $($body)*
                    Ok(())
                })()
                .unwrap_or_else(|e| panic!("{} on {}: {e}", $case, $d));
            }
        }
    };
}
pub(super) use np_test;
