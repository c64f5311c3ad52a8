//! `qr`.

use crate::error::Result;
use crate::host::{self, Field, Stack, with_field};
use cuprum_core::Array;
use faer::Mat;

/// What [`qr`] computes, as NumPy's `mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum QrMode {
    /// `Q (..., M, K)`, `R (..., K, N)` with `K = min(M, N)` (NumPy's default).
    Reduced,
    /// `Q (..., M, M)`, `R (..., M, N)`.
    Complete,
    /// Only `R (..., K, N)`.
    R,
}

/// The result of [`qr`]: `q` is `None` for [`QrMode::R`].
#[derive(Clone, Debug)]
pub struct Qr {
    /// the factor with orthonormal columns (absent for mode `R`)
    pub q: Option<Array>,
    /// the upper-triangular (trapezoidal) factor
    pub r: Array,
}

/// The QR factorization `a = Q @ R` of each matrix, like `numpy.linalg.qr`.
///
/// **Shapes**: `(..., M, N)`; see [`QrMode`] for the outputs. Signs/phases of the rows of `R`
/// (and columns of `Q`) follow the Householder convention of the backend and may differ from
/// LAPACK's.
///
/// # Errors
/// `ndim < 2`; [`crate::LinalgError::NonFinite`]; a core dtype error for float16.
///
/// Algorithm: Householder QR (cuSOLVER `geqrf` + `orgqr`/`ungqr` on CUDA; faer on the CPU). A
/// matrix whose largest entry lies outside LAPACK's safe range (about 1e-139 to 1e138 in
/// float64) is scaled by a power of two first and `R` scaled back, on both devices (NumPy's
/// unscaled QR of `[[1e308, 1e308], [1e308, -1e308]]` overflows to inf/nan).
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::QrMode;
/// let a = Array::from_vec_on(vec![3.0f64, 0.0, 4.0, 5.0], &[2, 2], Device::Cpu).unwrap();
/// let qr = cuprum_linalg::qr(&a, QrMode::Reduced).unwrap();
/// let r = qr.r.to_vec::<f64>().unwrap();
/// assert!((r[0].abs() - 5.0).abs() < 1e-12 && r[2] == 0.0);
/// ```
pub fn qr(a: &Array, mode: QrMode) -> Result<Qr> {
    let op = "qr";
    let (batch, m, n) = host::matrix_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    // above the backend: LAPACK's scaling of matrices outside its safe range (crate::scale;
    // the host path below scales each matrix); Q does not change, R scales back
    if a.device().is_cuda()
        && let Some((scaled, es)) = crate::scale::scale_array(a, dt)?
    {
        let f = qr(&scaled, mode)?;
        return Ok(Qr {
            r: crate::scale::unscale(&f.r, &es, 2)?,
            q: f.q,
        });
    }
    if let Some(r) = crate::cuda::qr(a, dt, mode) {
        return r;
    }
    let k = m.min(n);
    with_field!(dt, T => {
        let s = Stack::<T>::read(op, a, true)?;
        let mut qs = Vec::new();
        let mut rs = Vec::new();
        let rrows = if mode == QrMode::Complete { m } else { k };
        for i in 0..s.count() {
            let m = s.mat(i);
            let (scaled, e) = crate::scale::scale_mat(&m);
            let f = scaled.as_ref().unwrap_or(&m).qr();
            let r = f.R();
            let back = T::from_f(crate::scale::pow2(-e));
            rs.push(Mat::from_fn(rrows, n, |p, q| {
                if p <= q && p < r.nrows() { r[(p, q)] * back } else { T::from_f(0.0) }
            }));
            match mode {
                QrMode::Reduced => qs.push(f.compute_thin_Q()),
                QrMode::Complete => qs.push(f.compute_Q()),
                QrMode::R => {}
            }
        }
        let r = host::write_mats(&batch, rrows, n, &rs, a.device())?;
        let q = match mode {
            QrMode::R => None,
            QrMode::Reduced => Some(host::write_mats(&batch, m, k, &qs, a.device())?),
            QrMode::Complete => Some(host::write_mats(&batch, m, m, &qs, a.device())?),
        };
        Ok(Qr { q, r })
    })
}
