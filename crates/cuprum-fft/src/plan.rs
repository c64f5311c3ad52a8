//! Explicit plans for repeated transforms of one shape, dtype and device (like
//! `cupyx.scipy.fftpack.get_fft_plan`).

use crate::Norm;
use crate::cuda::raw::{PlanKey, RawPlan};
use crate::spec::{Family, Spec, spec_nd};
use cuprum_core::{Array, DType, Device, Error, Result};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Which transform a [`Plan`] performs (the NumPy function it stands for; the `2`/`n` forms
/// are the same transform over more axes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Transform {
    /// [`fftn`](crate::fftn)
    Fft,
    /// [`ifftn`](crate::ifftn)
    Ifft,
    /// [`rfftn`](crate::rfftn)
    Rfft,
    /// [`irfftn`](crate::irfftn)
    Irfft,
    /// [`hfft`](crate::hfft) (one axis)
    Hfft,
    /// [`ihfft`](crate::ihfft) (one axis)
    Ihfft,
}

impl Transform {
    fn family(self) -> (Family, &'static str) {
        let name = match self {
            Transform::Fft => "fftn",
            Transform::Ifft => "ifftn",
            Transform::Rfft => "rfftn",
            Transform::Irfft => "irfftn",
            Transform::Hfft => "hfft",
            Transform::Ihfft => "ihfft",
        };
        (self, name)
    }
}

/// A transform fixed for one input shape, dtype and device, for repeated use.
///
/// On CUDA the plan owns its cuFFT plans (made on the first [`Plan::execute`], kept until the
/// `Plan` is dropped, outside the device's [plan cache](crate::plan_cache)), so no lookup or
/// eviction happens on later calls; it may be executed from any thread and on any stream (each
/// cuFFT plan is locked while it is enqueued, and its work area is ordered between streams).
/// On the CPU, rustfft's planner already caches its plans; the `Plan` only fixes the arguments.
///
/// Arguments are those of the n-d functions: `s` (`None`: the input's lengths; for the inverse
/// real transforms the last is `2·(m − 1)`) and `axes` (`None`: the last `len(s)` axes, or
/// all). For a 1-D transform pass `s = Some(&[n])` or `None` and `axes = Some(&[axis])`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device};
/// use cuprum_fft::{Norm, Plan, Transform};
/// let plan = Plan::new(Transform::Rfft, &[8, 64], DType::Float32, Device::Cpu, None, Some(&[-1]), Norm::Backward).unwrap();
/// assert_eq!(plan.output_shape(), &[8, 33]);
/// let a = Array::from_vec_on(vec![1.0f32; 512], &[8, 64], Device::Cpu).unwrap();
/// for _ in 0..3 {
///     let y = plan.execute(&a).unwrap();
///     assert_eq!(y.dtype(), DType::Complex64);
/// }
/// ```
pub struct Plan {
    spec: Spec,
    shape: Vec<usize>,
    dtype: DType,
    device: Device,
    plans: Mutex<HashMap<PlanKey, Arc<Mutex<RawPlan>>>>,
}

impl std::fmt::Debug for Plan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Plan({}, shape={:?}, dtype={}, device={}, out={:?} {})",
            self.spec.op,
            self.shape,
            self.dtype,
            self.device,
            self.spec.out_shape,
            self.spec.out_dtype
        )
    }
}

impl Plan {
    /// Plans `transform` for inputs of `shape` and `dtype` on `device`.
    ///
    /// # Errors
    /// As the n-d function of `transform` ([`Error::AxisOutOfBounds`],
    /// [`Error::BadArgument`] for a length 0 or mismatched `s`/`axes`, [`Error::DType`] for
    /// complex input to a real-input transform); [`Error::DeviceUnavailable`] for a missing
    /// device.
    pub fn new(
        transform: Transform,
        shape: &[usize],
        dtype: DType,
        device: Device,
        s: Option<&[usize]>,
        axes: Option<&[isize]>,
        norm: Norm,
    ) -> Result<Plan> {
        let (family, op) = transform.family();
        device.check_available(op)?;
        let spec = spec_nd(op, family, dtype, shape, s, axes, None, norm)?;
        Ok(Plan {
            spec,
            shape: shape.to_vec(),
            dtype,
            device,
            plans: Mutex::new(HashMap::new()),
        })
    }

    /// The shape of the results.
    pub fn output_shape(&self) -> &[usize] {
        &self.spec.out_shape
    }

    /// The dtype of the results.
    pub fn output_dtype(&self) -> DType {
        self.spec.out_dtype
    }

    /// Transforms `a` (any layout), returning a new array on `a`'s device. Asynchronous on
    /// CUDA (the current stream).
    ///
    /// # Errors
    /// [`Error::ShapeMismatch`], [`Error::DTypeMismatch`] or [`Error::DeviceMismatch`] when `a`
    /// is not what the plan was made for; cuFFT or allocation errors.
    pub fn execute(&self, a: &Array) -> Result<Array> {
        let op = self.spec.op;
        if a.shape() != &self.shape[..] {
            return Err(Error::ShapeMismatch {
                op,
                lhs: a.shape().to_vec(),
                rhs: self.shape.clone(),
                detail: None,
            });
        }
        if a.dtype() != self.dtype {
            return Err(Error::DTypeMismatch {
                op,
                expected: self.dtype,
                actual: a.dtype(),
            });
        }
        if a.device() != self.device {
            return Err(Error::DeviceMismatch {
                op,
                lhs: a.device(),
                rhs: self.device,
            });
        }
        match self.device {
            Device::Cuda(ordinal) => {
                let source = |key: &PlanKey| -> Result<Arc<Mutex<RawPlan>>> {
                    let mut m = self.plans.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(p) = m.get(key) {
                        return Ok(p.clone());
                    }
                    let p = Arc::new(Mutex::new(RawPlan::new(key.clone())?));
                    m.insert(key.clone(), p.clone());
                    Ok(p)
                };
                crate::cuda::exec::execute_with(a, &self.spec, ordinal, &source)
            }
            _ => crate::transforms::run(a, &self.spec),
        }
    }
}
