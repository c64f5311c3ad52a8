//! NumPy's answers (run with `--features test-util`) for the aliases and small routines of `compat` and for `errstate`, on every
//! device. Every expected value was computed with numpy 2.4 in python3 (the expression is
//! given next to each).

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::*;

fn v<T: Element>(data: Vec<T>, shape: &[usize], dev: Device) -> Array {
    Array::from_vec_on(data, shape, dev).unwrap()
}

#[test]
fn aliases_equal_their_targets() {
    for dev in all_devices() {
        let a = v(vec![0.25f64, 0.5, -0.75], &[3], dev);
        let b = v(vec![2.0f64, -4.0, 0.5], &[3], dev);
        // bit equality: NaN (pow of a negative base) equals NaN
        let bits = |a: Array| -> Vec<u64> {
            a.to_vec::<f64>()
                .unwrap()
                .iter()
                .map(|v| v.to_bits())
                .collect()
        };
        let same = |x: Array, y: Array| assert_eq!(bits(x), bits(y));
        same(true_divide(&a, &b).unwrap(), divide(&a, &b).unwrap());
        same(mod_(&a, &b).unwrap(), remainder(&a, &b).unwrap());
        same(atan2(&a, &b).unwrap(), arctan2(&a, &b).unwrap());
        same(pow(&a, &b).unwrap(), power(&a, &b).unwrap());
        same(degrees(&a).unwrap(), rad2deg(&a).unwrap());
        same(radians(&a).unwrap(), deg2rad(&a).unwrap());
        same(asin(&a).unwrap(), arcsin(&a).unwrap());
        same(acos(&a).unwrap(), arccos(&a).unwrap());
        same(atan(&a).unwrap(), arctan(&a).unwrap());
        same(asinh(&a).unwrap(), arcsinh(&a).unwrap());
        same(atanh(&a).unwrap(), arctanh(&a).unwrap());
        same(acosh(&b).unwrap(), arccosh(&b).unwrap());
        let i = v(vec![1i32, -8, 5], &[3], dev);
        let s = v(vec![2i32, 1, 0], &[3], dev);
        // np.left_shift([1,-8,5],[2,1,0]) = [4,-16,5]; np.right_shift(...) = [0,-4,5]; ~ = [-2,7,-6]
        assert_eq!(
            bitwise_left_shift(&i, &s).unwrap().to_vec::<i32>().unwrap(),
            vec![4, -16, 5]
        );
        assert_eq!(
            bitwise_right_shift(&i, &s)
                .unwrap()
                .to_vec::<i32>()
                .unwrap(),
            vec![0, -4, 5]
        );
        assert_eq!(
            bitwise_invert(&i).unwrap().to_vec::<i32>().unwrap(),
            vec![-2, 7, -6]
        );
        let c = concat(&[&i, &s], 0).unwrap();
        assert_eq!(c.to_vec::<i32>().unwrap(), vec![1, -8, 5, 2, 1, 0]);
    }
}

#[test]
fn fabs_rsqrt_bitwise_count() {
    for dev in all_devices() {
        // np.fabs(np.array([-1.5, 2, -0.0], np.float32)) = [1.5, 2, 0] float32
        let r = fabs(&v(vec![-1.5f32, 2.0, -0.0], &[3], dev)).unwrap();
        assert_eq!(r.dtype(), DType::Float32);
        assert_eq!(r.to_vec::<f32>().unwrap(), vec![1.5, 2.0, 0.0]);
        // np.fabs(np.array([-1], np.int32)).dtype = float64
        assert_eq!(
            fabs(&v(vec![-1i32], &[1], dev)).unwrap().dtype(),
            DType::Float64
        );
        assert!(fabs(&v(vec![Complex64::new(1.0, 1.0)], &[1], dev)).is_err());
        // 1/np.sqrt([4., 16., 0.01]) = [0.5, 0.25, 10.0]
        let r = rsqrt(&v(vec![4.0f64, 16.0, 0.01], &[3], dev)).unwrap();
        assert_eq!(r.to_vec::<f64>().unwrap(), vec![0.5, 0.25, 10.0]);
        // np.bitwise_count(np.array([0,1,-1,255,-32768,12345], np.int16)) = [0,1,1,8,1,6]
        let r = bitwise_count(&v(vec![0i16, 1, -1, 255, -32768, 12345], &[6], dev)).unwrap();
        assert_eq!(r.dtype(), DType::UInt8);
        assert_eq!(r.to_vec::<u8>().unwrap(), vec![0, 1, 1, 8, 1, 6]);
        // np.bitwise_count(np.array([2**64-1, 2**63, 6], np.uint64)) = [64, 1, 2]
        let r = bitwise_count(&v(vec![u64::MAX, 1u64 << 63, 6], &[3], dev)).unwrap();
        assert_eq!(r.to_vec::<u8>().unwrap(), vec![64, 1, 2]);
        // np.bitwise_count(np.array([-2**31, 7], np.int32)) = [1, 3]
        let r = bitwise_count(&v(vec![i32::MIN, 7], &[2], dev)).unwrap();
        assert_eq!(r.to_vec::<u8>().unwrap(), vec![1, 3]);
        assert!(bitwise_count(&v(vec![1.0f64], &[1], dev)).is_err());
    }
}

#[test]
fn object_tests_and_memory() {
    for dev in all_devices() {
        let a = v((0..8i32).collect(), &[8], dev);
        let even = a.slice(s![0..8;2]).unwrap();
        let odd = a.slice(s![1..8;2]).unwrap();
        // np.shares_memory(x[::2], x[1::2]) = False; np.may_share_memory(...) = True
        assert!(!shares_memory(&even, &odd));
        assert!(may_share_memory(&even, &odd));
        assert!(shares_memory(&a, &odd));
        let b = a.copy().unwrap();
        assert!(!shares_memory(&a, &b) && !may_share_memory(&a, &b));
        let m = v(vec![1.0f64; 6], &[2, 3], dev);
        assert!(!isfortran(&m) && isfortran(&m.transpose().unwrap()));
        assert!(isrealobj(&m) && !iscomplexobj(&m));
    }
}

#[test]
fn unique_family_sorts_and_scans() {
    for dev in all_devices() {
        let a = v(vec![3i64, 1, 3, 3], &[2, 2], dev);
        // np.unique_counts([[3,1],[3,3]]) = ([1, 3], [1, 3])
        let (vals, counts) = unique_counts(&a).unwrap();
        assert_eq!(vals.to_vec::<i64>().unwrap(), vec![1, 3]);
        assert_eq!(counts.to_vec::<i64>().unwrap(), vec![1, 3]);
        // np.unique_inverse(...).inverse_indices = [[1, 0], [1, 1]]
        let (_, inv) = unique_inverse(&a).unwrap();
        assert_eq!(inv.shape(), &[2, 2]);
        assert_eq!(inv.to_vec::<i64>().unwrap(), vec![1, 0, 1, 1]);
        assert_eq!(
            unique_values(&a).unwrap().to_vec::<i64>().unwrap(),
            vec![1, 3]
        );
        // np.sort(a, axis=0) = [[3, 1], [3, 3]]
        assert_eq!(
            msort(&a).unwrap().to_vec::<i64>().unwrap(),
            vec![3, 1, 3, 3]
        );
        // np.sort_complex([1+2j, 1-1j, 5j, -1]) = [-1+0j, 5j, 1-1j, 1+2j]
        let z = v(
            vec![
                Complex64::new(1.0, 2.0),
                Complex64::new(1.0, -1.0),
                Complex64::new(0.0, 5.0),
                Complex64::new(-1.0, 0.0),
            ],
            &[4],
            dev,
        );
        let r = sort_complex(&z).unwrap().to_vec::<Complex64>().unwrap();
        assert_eq!(
            r,
            vec![
                Complex64::new(-1.0, 0.0),
                Complex64::new(0.0, 5.0),
                Complex64::new(1.0, -1.0),
                Complex64::new(1.0, 2.0)
            ]
        );
        // np.sort_complex(np.array([3, 1], np.int8)).dtype = complex64; float32 -> complex128
        assert_eq!(
            sort_complex(&v(vec![3i8, 1], &[2], dev)).unwrap().dtype(),
            DType::Complex64
        );
        assert_eq!(
            sort_complex(&v(vec![3f32, 1.0], &[2], dev))
                .unwrap()
                .dtype(),
            DType::Complex128
        );
        // np.cumulative_sum(np.array([[1,2],[3,4]], np.int8), axis=0, include_initial=True)
        //   = [[0,0],[1,2],[4,6]], int64
        let m = v(vec![1i8, 2, 3, 4], &[2, 2], dev);
        let r = cumulative_sum(&m, Some(0), None, true).unwrap();
        assert_eq!((r.shape(), r.dtype()), (&[3usize, 2][..], DType::Int64));
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![0, 0, 1, 2, 4, 6]);
        assert!(cumulative_sum(&m, None, None, false).is_err());
        // np.cumulative_prod([1.5, 2, 3], include_initial=True) = [1, 1.5, 3, 9]
        let r = cumulative_prod(&v(vec![1.5f64, 2.0, 3.0], &[3], dev), None, None, true).unwrap();
        assert_eq!(r.to_vec::<f64>().unwrap(), vec![1.0, 1.5, 3.0, 9.0]);
    }
}

#[test]
fn real_if_close_copyto_require_chkfinite() {
    for dev in all_devices() {
        // np.real_if_close([1+1e-15j, 2]).dtype = float64; [1+1e-10j, 2] stays complex128
        let z = v(
            vec![Complex64::new(1.0, 1e-15), Complex64::new(2.0, 0.0)],
            &[2],
            dev,
        );
        let r = real_if_close(&z, 100.0).unwrap();
        assert_eq!(r.dtype(), DType::Float64);
        assert_eq!(r.to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
        let z = v(
            vec![Complex64::new(1.0, 1e-10), Complex64::new(2.0, 0.0)],
            &[2],
            dev,
        );
        assert_eq!(real_if_close(&z, 100.0).unwrap().dtype(), DType::Complex128);
        // np.copyto(dst, [[7],[8]], where=[True, False, True]) on zeros((2, 3))
        let dst = zeros_on([2, 3], DType::Float32, dev).unwrap();
        let src = v(vec![7i8, 8], &[2, 1], dev);
        let mask = v(vec![true, false, true], &[3], dev);
        copyto(&dst, &src, Casting::SameKind, Some(&mask)).unwrap();
        assert_eq!(
            dst.to_vec::<f32>().unwrap(),
            vec![7.0, 0.0, 7.0, 8.0, 0.0, 8.0]
        );
        // np.copyto(int32_dst, float64_src) raises TypeError (same_kind)
        let idst = zeros_on([2], DType::Int32, dev).unwrap();
        assert!(
            copyto(
                &idst,
                &v(vec![1.5f64, 2.0], &[2], dev),
                Casting::SameKind,
                None
            )
            .is_err()
        );
        let t = v((0..6i32).collect(), &[2, 3], dev).transpose().unwrap();
        let r = require(&t, None, &[Requirement::CContiguous]).unwrap();
        assert!(r.is_c_contiguous());
        assert_eq!(r.to_vec::<i32>().unwrap(), vec![0, 3, 1, 4, 2, 5]);
        let f = require(&t, None, &[Requirement::FContiguous]).unwrap();
        assert!(f.shares_storage(&t));
        let o = require(&t, None, &[Requirement::OwnData]).unwrap();
        assert!(!o.shares_storage(&t));
        assert!(
            require(
                &t,
                None,
                &[Requirement::CContiguous, Requirement::FContiguous]
            )
            .is_err()
        );
        assert!(asarray_chkfinite(&v(vec![1.0f64, f64::INFINITY], &[2], dev)).is_err());
        assert!(asarray_chkfinite(&v(vec![1i64, 2], &[2], dev)).is_ok());
    }
}

#[test]
fn types_broadcast_functional() {
    // np.common_type(float16) = float16; (float16, complex64) = complex64; int8 = float64
    let d = |dt: DType| zeros_on([1], dt, Device::Cpu).unwrap();
    assert_eq!(common_type(&[&d(DType::Float16)]).unwrap(), DType::Float16);
    assert_eq!(
        common_type(&[&d(DType::Float16), &d(DType::Complex64)]).unwrap(),
        DType::Complex64
    );
    assert_eq!(common_type(&[&d(DType::Int8)]).unwrap(), DType::Float64);
    assert!(common_type(&[&d(DType::Bool)]).is_err());
    // np.min_scalar_type: 3.1 f2, 1e5 f4, -1 i1, 256 u2, 2**40 u8, 1+1j c8, True ?
    assert_eq!(min_scalar_type(Scalar::Float(3.1)), DType::Float16);
    assert_eq!(min_scalar_type(Scalar::Float(1e5)), DType::Float32);
    assert_eq!(min_scalar_type(Scalar::Int(-1)), DType::Int8);
    assert_eq!(min_scalar_type(Scalar::Int(256)), DType::UInt16);
    assert_eq!(min_scalar_type(Scalar::Int(1 << 40)), DType::UInt64);
    assert_eq!(
        min_scalar_type(Scalar::Complex(Complex64::new(1.0, 1.0))),
        DType::Complex64
    );
    assert_eq!(min_scalar_type(Scalar::Bool(true)), DType::Bool);
    for dev in all_devices() {
        let x = v(vec![1i32, 2, 3], &[3, 1], dev);
        let y = v(vec![4i32, 5], &[2], dev);
        let b = broadcast(&[&x, &y]).unwrap();
        assert_eq!((b.shape.clone(), b.ndim(), b.size()), (vec![3, 2], 2, 6));
        assert!(
            broadcast(&[
                &v(vec![1i32, 2], &[2], dev),
                &v(vec![1i32, 2, 3], &[3], dev)
            ])
            .is_err()
        );
        // np.apply_over_axes(np.sum, np.arange(24).reshape(2,3,4), [0,2]).ravel() = [60, 92, 124]
        let a = v((0..24i64).collect(), &[2, 3, 4], dev);
        let r = apply_over_axes(|x, ax| sum(x, ax, false), &a, &[0, 2]).unwrap();
        assert_eq!(r.shape(), &[1, 3, 1]);
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![60, 92, 124]);
        // np.piecewise(x, [x < 0, x > 1], [lambda v: -v, lambda v: v*10, 7.0]) = [2, 1, 7, 7, 20]
        let x = v(vec![-2.0f64, -1.0, 0.0, 1.0, 2.0], &[5], dev);
        let c1 = less(&x, 0.0).unwrap();
        let c2 = greater(&x, 1.0).unwrap();
        let r = piecewise(
            &x,
            &[&c1, &c2],
            vec![
                Piece::Func(Box::new(negative)),
                Piece::Func(Box::new(|v| multiply(v, 10.0))),
                Piece::Value(7.0),
            ],
        )
        .unwrap();
        assert_eq!(r.to_vec::<f64>().unwrap(), vec![2.0, 1.0, 7.0, 7.0, 20.0]);
        assert!(piecewise(&x, &[&c1], vec![]).is_err());
    }
}

#[test]
fn r_c_ndindex_mask_indices() {
    for dev in all_devices() {
        // np.r_[np.array([1, 2], np.int8), 3, 0:3, 1:2:3j] = [1, 2, 3, 0, 1, 2, 1, 1.5, 2] float64
        let a = v(vec![1i8, 2], &[2], dev);
        let r = r_(&[
            RItem::from(&a),
            RItem::Scalar(Scalar::Int(3)),
            RItem::Range(Scalar::Int(0), Scalar::Int(3), Scalar::Int(1)),
            RItem::Linspace(1.0, 2.0, 3),
        ])
        .unwrap();
        assert_eq!(r.dtype(), DType::Float64);
        assert_eq!(r.device(), dev);
        assert_eq!(
            r.to_vec::<f64>().unwrap(),
            vec![1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 1.0, 1.5, 2.0]
        );
        // np.r_[np.array([1, 2], np.int8), 3].dtype = int8 (the scalar is weak)
        let r = r_(&[RItem::from(&a), RItem::Scalar(Scalar::Int(3))]).unwrap();
        assert_eq!(r.dtype(), DType::Int8);
        // np.r_[np.array([1, 2], np.int8), 3.5].dtype = float64
        let r = r_(&[RItem::from(&a), RItem::Scalar(Scalar::Float(3.5))]).unwrap();
        assert_eq!(r.dtype(), DType::Float64);
        // np.c_[np.array([[1, 2], [3, 4]]), np.array([5, 6])] = [[1, 2, 5], [3, 4, 6]]
        let m = v(vec![1i64, 2, 3, 4], &[2, 2], dev);
        let c = v(vec![5i64, 6], &[2], dev);
        let r = c_(&[RItem::from(&m), RItem::from(&c)]).unwrap();
        assert_eq!(r.shape(), &[2, 3]);
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 2, 5, 3, 4, 6]);
        assert!(r_(&[]).is_err());
    }
    assert_eq!(ndindex(&[2, 0]).count(), 0);
    assert_eq!(ndindex(&[3, 2]).nth(3), Some(vec![1, 1]));
    // np.mask_indices(3, np.tril) = ([0, 1, 1, 2, 2, 2], [0, 0, 1, 0, 1, 2])
    let (r, c) = mask_indices(3, tril, 0).unwrap();
    assert_eq!(r.to_vec::<i64>().unwrap(), vec![0, 1, 1, 2, 2, 2]);
    assert_eq!(c.to_vec::<i64>().unwrap(), vec![0, 0, 1, 0, 1, 2]);
}

#[test]
fn errstate_modes_on_every_device() {
    for dev in all_devices() {
        let one = v(vec![1.0f64, -1.0, 0.0, 2.0], &[4], dev);
        let zero = v(vec![0.0f64, 0.0, 0.0, 1.0], &[4], dev);
        // Default: ignore (np.divide gives [inf, -inf, nan, 2] under errstate(all='ignore')).
        assert_eq!(geterr(), ErrState::IGNORE);
        let r = divide(&one, &zero).unwrap().to_vec::<f64>().unwrap();
        assert!(r[0].is_infinite() && r[2].is_nan());
        // np.errstate(divide='raise'): FloatingPointError: divide by zero encountered in divide
        let raise_div = ErrState {
            divide: FpMode::Raise,
            ..ErrState::IGNORE
        };
        let e = errstate(raise_div, || divide(&one, &zero)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "divide: floating point error: divide by zero encountered"
        );
        assert!(matches!(
            e,
            Error::FloatingPoint {
                op: "divide",
                error: FpError::Divide
            }
        ));
        // 0/0 alone is 'invalid', not 'divide'.
        let z0 = v(vec![0.0f64], &[1], dev);
        assert!(errstate(raise_div, || divide(&z0, &z0)).is_ok());
        let raise_inv = ErrState {
            invalid: FpMode::Raise,
            ..ErrState::IGNORE
        };
        let e = errstate(raise_inv, || divide(&z0, &z0)).unwrap_err();
        assert!(matches!(
            e,
            Error::FloatingPoint {
                op: "divide",
                error: FpError::Invalid
            }
        ));
        // sqrt(-1) and log(-1): invalid; log(0): divide; exp(1000): over.
        let neg = v(vec![-1.0f64], &[1], dev);
        assert!(errstate(raise_inv, || sqrt(&neg)).is_err());
        assert!(errstate(raise_inv, || log(&neg)).is_err());
        assert!(errstate(raise_div, || log(&z0)).is_err());
        let big = v(vec![1000.0f64], &[1], dev);
        let raise_over = ErrState {
            over: FpMode::Raise,
            ..ErrState::IGNORE
        };
        let e = errstate(raise_over, || exp(&big)).unwrap_err();
        assert!(matches!(
            e,
            Error::FloatingPoint {
                op: "exp",
                error: FpError::Over
            }
        ));
        // float32 multiply overflow: np.float32(3e38) * 10 -> overflow
        let f = v(vec![3e38f32], &[1], dev);
        assert!(errstate(raise_over, || multiply(&f, 10.0)).is_err());
        // A NaN operand does not flag invalid; an inf operand does not flag over.
        let nan = v(vec![f64::NAN, f64::INFINITY], &[2], dev);
        assert!(errstate(ErrState::all(FpMode::Raise), || add(&nan, 1.0)).is_ok());
        // Integer floor_divide by zero: np.floor_divide([1], [0]) warns 'divide by zero'.
        let i1 = v(vec![1i64], &[1], dev);
        let i0 = v(vec![0i64], &[1], dev);
        assert!(errstate(raise_div, || floor_divide(&i1, &i0)).is_err());
        assert!(errstate(raise_div, || floor_divide(&i1, &i1)).is_ok());
        // Ignore/warn modes return the values; the state is restored after errstate.
        let w = ErrState::all(FpMode::Warn);
        assert!(errstate(w, || divide(&one, &zero)).is_ok());
        assert_eq!(geterr(), ErrState::IGNORE);
        let old = seterr(raise_div);
        assert!(divide(&one, &zero).is_err());
        assert_eq!(seterr(old), raise_div);
    }
}
