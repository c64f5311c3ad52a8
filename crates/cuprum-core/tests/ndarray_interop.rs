//! `Array::from_ndarray` / `to_ndarray` (cargo features `ndarray` and `test-util`) on every
//! device; expected values are NumPy's indexing of the same arrays (given next to each).
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType, Error};
use ndarray::{Array3, ArrayD, IxDyn, ShapeBuilder, arr0, s};

#[test]
fn round_trips_any_dimension_and_strides() {
    for dev in all_devices() {
        // 0-d
        let z = arr0(2.5f64).into_dyn();
        let a = Array::from_ndarray_on(&z, dev).unwrap();
        assert_eq!((a.shape(), a.device()), (&[][..], dev));
        assert_eq!(a.to_ndarray::<f64>().unwrap(), z);
        // 3-d, reversed axes with negative strides and a step
        let n = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| (i * 100 + j * 10 + k) as i32);
        let v = n.slice(s![..;-1, 1.., ..;-2]);
        let a = Array::from_ndarray_on(&v, dev).unwrap();
        assert_eq!(a.shape(), &[2, 2, 2]);
        // numpy: n[::-1, 1:, ::-2].ravel() for n[i,j,k] = 100i + 10j + k
        assert_eq!(
            a.to_vec::<i32>().unwrap(),
            vec![113, 111, 123, 121, 13, 11, 23, 21]
        );
        assert_eq!(a.to_ndarray::<i32>().unwrap(), v.to_owned().into_dyn());
        // a Fortran-ordered ndarray
        let f = ndarray::Array2::from_shape_vec((2, 3).f(), vec![1u8, 2, 3, 4, 5, 6]).unwrap();
        let a = Array::from_ndarray_on(&f, dev).unwrap();
        assert_eq!(a.to_vec::<u8>().unwrap(), vec![1, 3, 5, 2, 4, 6]);
        // a cuprum view (transposed, reversed) to ndarray
        let c = Array::from_vec_on(
            vec![
                Complex64::new(1.0, 1.0),
                Complex64::new(2.0, 0.0),
                Complex64::new(0.0, 3.0),
                Complex64::new(4.0, 4.0),
            ],
            [2, 2],
            dev,
        )
        .unwrap();
        let t = c
            .transpose()
            .unwrap()
            .slice(cuprum_core::s![..;-1, ..])
            .unwrap();
        let nd = t.to_ndarray::<Complex64>().unwrap();
        assert_eq!(nd[[0, 0]], Complex64::new(2.0, 0.0));
        assert_eq!(nd[[1, 1]], Complex64::new(0.0, 3.0));
        // dtype mismatch is an error
        assert!(matches!(
            c.to_ndarray::<f64>(),
            Err(Error::DTypeMismatch {
                expected: DType::Float64,
                ..
            })
        ));
        // empty
        let e = ArrayD::<f32>::zeros(IxDyn(&[0, 3]));
        let a = Array::from_ndarray_on(&e, dev).unwrap();
        assert_eq!(a.shape(), &[0, 3]);
        assert_eq!(a.to_ndarray::<f32>().unwrap().shape(), &[0, 3]);
    }
}
