//! Conversions to and from the [`ndarray`] crate's arrays (cargo feature `ndarray`).
//!
//! Both directions copy through the host: an `ndarray` array lives in host memory, a cuprum
//! array on a device (CPU or CUDA). Any dimension, any memory order and any strides (negative
//! ones included) are taken in logical (C) order, so the element at index `(i, j, ...)` is the
//! same on both sides.

use ndarray::{ArrayBase, ArrayD, Data, Dimension, IxDyn};

use crate::{Array, Device, Element, Error, Result, current_device};

impl Array {
    /// A cuprum array on the current device with the elements and shape of an `ndarray` array
    /// (`cupy.asarray(numpy_array)`'s counterpart).
    ///
    /// **Shapes/dtypes:** `a`'s shape (any dimension, 0-d included); the dtype of `T`.
    /// Views with any strides (transposed, reversed with negative strides, sliced) are read in
    /// logical order.
    ///
    /// # Errors
    /// Allocation and device errors only.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// use ndarray::{ArrayD, IxDyn, s};
    /// let n = ArrayD::from_shape_vec(IxDyn(&[2, 3]), vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    /// let r = n.slice(s![.., ..;-1]).to_owned().into_dyn();
    /// let a = Array::from_ndarray(&r).unwrap();
    /// assert_eq!(a.shape(), &[2, 3]);
    /// assert_eq!(a.to_vec::<f32>().unwrap(), vec![3.0, 2.0, 1.0, 6.0, 5.0, 4.0]);
    /// ```
    pub fn from_ndarray<T, S, D>(a: &ArrayBase<S, D>) -> Result<Array>
    where
        T: Element,
        S: Data<Elem = T>,
        D: Dimension,
    {
        Array::from_ndarray_on(a, current_device())
    }

    /// As [`Array::from_ndarray`], onto `device`.
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] for an absent device; allocation errors.
    ///
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let n = ndarray::arr2(&[[1i64, 2], [3, 4]]);
    /// let a = Array::from_ndarray_on(&n.t(), Device::Cpu).unwrap();
    /// assert_eq!(a.to_vec::<i64>().unwrap(), vec![1, 3, 2, 4]);
    /// ```
    pub fn from_ndarray_on<T, S, D>(a: &ArrayBase<S, D>, device: Device) -> Result<Array>
    where
        T: Element,
        S: Data<Elem = T>,
        D: Dimension,
    {
        let shape = a.shape().to_vec();
        let data: Vec<T> = match a.as_slice() {
            Some(s) => s.to_vec(),
            None => a.iter().copied().collect(),
        };
        Array::from_vec_on(data, shape, device)
    }

    /// The array's elements as an `ndarray` `ArrayD<T>` in host memory (standard C layout),
    /// `cupy.asnumpy`'s counterpart. Synchronizes with the device.
    ///
    /// **Shapes/dtypes:** this array's shape; `T` must be its dtype.
    ///
    /// # Errors
    /// [`Error::DTypeMismatch`] when `T` is not the array's dtype; device errors.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = Array::from_vec((0..6i32).collect(), [2, 3]).unwrap().transpose().unwrap();
    /// let n = a.to_ndarray::<i32>().unwrap();
    /// assert_eq!(n.shape(), &[3, 2]);
    /// assert_eq!(n[[2, 1]], 5);
    /// ```
    pub fn to_ndarray<T: Element>(&self) -> Result<ArrayD<T>> {
        let data = self.to_vec::<T>()?;
        ArrayD::from_shape_vec(IxDyn(self.shape()), data).map_err(|e| {
            Error::invalid_value("to_ndarray", format!("ndarray rejected the shape: {e}"))
        })
    }
}
