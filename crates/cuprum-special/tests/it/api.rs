//! Dtype rules, broadcasting, weak scalars, the reductions and errors.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType, Error, Operand};
use cuprum_special as sp;

#[test]
fn dtype_rules_follow_scipy_loop_order() {
    for dev in all_devices() {
        let i8s = Array::from_vec_on(vec![1i8, 2], &[2], dev).unwrap();
        let i64s = Array::from_vec_on(vec![1i64, 2], &[2], dev).unwrap();
        let f16s = i8s.astype(DType::Float16).unwrap();
        // erf lists 'd->d' first: int8 and float16 give float64 (scipy.special.erf(np.int8(1)).dtype)
        assert_eq!(sp::erf(&i8s).unwrap().dtype(), DType::Float64);
        assert_eq!(sp::erf(&f16s).unwrap().dtype(), DType::Float64);
        // ndtri lists 'f->f' first: int8 gives float32, int64 float64
        assert_eq!(sp::ndtri(&i8s).unwrap().dtype(), DType::Float32);
        assert_eq!(sp::ndtri(&i64s).unwrap().dtype(), DType::Float64);
        // jv lists 'ff->f' first
        assert_eq!(sp::jv(&i8s, &i8s).unwrap().dtype(), DType::Float32);
        assert_eq!(sp::jv(&i64s, &i8s).unwrap().dtype(), DType::Float64);
        // int64 input: factorials (scipy.special.gamma(np.arange(1, 6)))
        let n = Array::from_vec_on(vec![1i64, 2, 3, 4, 5], &[5], dev).unwrap();
        let g = sp::gamma(&n).unwrap();
        assert_eq!(g.to_vec::<f64>().unwrap(), vec![1.0, 1.0, 2.0, 6.0, 24.0]);
    }
}

#[test]
fn broadcasting_and_weak_scalars() {
    for dev in all_devices() {
        let v = Array::from_vec_on(vec![0.0f32, 1.0], &[2, 1], dev).unwrap();
        let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], dev).unwrap();
        let r = sp::jv(&v, &x).unwrap();
        assert_eq!(r.shape(), &[2, 3]);
        assert_eq!(r.dtype(), DType::Float32);
        // a weak Python float keeps float32 (NEP 50): scipy.special.jv(2.5, np.float32(3.0))
        let r = sp::jv(2.5, &x).unwrap();
        assert_eq!(r.dtype(), DType::Float32);
        let got = r.to_vec::<f32>().unwrap()[2];
        assert!((got - 0.412_710_04_f32).abs() < 1e-6, "{got}");
        // betainc with (3,1,1), (1,2,1), (5,) operands gives (3, 2, 5)
        let a = Array::from_vec_on(vec![0.5, 2.0, 10.0], &[3, 1, 1], dev).unwrap();
        let b = Array::from_vec_on(vec![0.5, 5.0], &[1, 2, 1], dev).unwrap();
        let t = Array::from_vec_on(vec![0.0, 0.1, 0.5, 0.9, 1.0], &[5], dev).unwrap();
        let r = sp::betainc(&a, &b, &t).unwrap();
        assert_eq!(r.shape(), &[3, 2, 5]);
        let got = r.to_vec::<f64>().unwrap();
        // scipy.special.betainc(2.0, 5.0, 0.5)
        assert!((got[10 + 5 + 2] - 0.890_625).abs() < 1e-15);
        // non-contiguous input: a transposed view
        let m = Array::from_vec_on(vec![0.1, 0.2, 0.3, 0.4, 0.5, 0.6], &[2, 3], dev).unwrap();
        let mt = m.transpose().unwrap();
        let r = sp::erf(&mt).unwrap().to_vec::<f64>().unwrap();
        // scipy.special.erf(0.4)
        assert!((r[1] - 0.428_392_355_046_668_4).abs() < 1e-16);
        // empty arrays
        let e = Array::from_vec_on(Vec::<f64>::new(), &[0, 3], dev).unwrap();
        assert_eq!(sp::gamma(&e).unwrap().shape(), &[0, 3]);
        let (s, c) = sp::sici(&e).unwrap();
        assert_eq!((s.shape(), c.shape()), (&[0usize, 3][..], &[0usize, 3][..]));
    }
}

#[test]
fn sici_and_zeta() {
    for dev in all_devices() {
        let x = Array::from_vec_on(vec![-1.0, 0.0, 10.0, f64::INFINITY], &[4], dev).unwrap();
        let (s, c) = sp::sici(&x).unwrap();
        // scipy.special.sici([-1, 0, 10, inf])
        let (s, c) = (s.to_vec::<f64>().unwrap(), c.to_vec::<f64>().unwrap());
        assert!((s[0] + 0.946_083_070_367_183).abs() < 1e-15);
        assert!((c[0] - 0.337_403_922_900_968_2).abs() < 1e-15);
        assert_eq!((s[1], c[1]), (0.0, f64::NEG_INFINITY));
        assert!((s[2] - 1.658_347_594_218_874).abs() < 1e-15);
        assert!((c[2] + 0.045_456_433_004_455_37).abs() < 1e-16);
        assert_eq!((s[3], c[3]), (std::f64::consts::FRAC_PI_2, 0.0));
        // scipy.special.zeta([2, -1, -2]) and zeta(2, 2) = pi^2/6 - 1
        let z = Array::from_vec_on(vec![2.0, -1.0, -2.0], &[3], dev).unwrap();
        let r = sp::zeta(&z, None).unwrap().to_vec::<f64>().unwrap();
        assert!((r[0] - 1.644_934_066_848_226_4).abs() < 1e-15);
        assert!((r[1] + 1.0 / 12.0).abs() < 1e-15);
        assert_eq!(r[2], 0.0);
        let q = Array::from_vec_on(vec![2.0], &[1], dev).unwrap();
        let h = sp::zeta(2.0, Some(Operand::from(&q))).unwrap();
        assert!((h.to_vec::<f64>().unwrap()[0] - 0.644_934_066_848_226_4).abs() < 1e-15);
    }
}

#[test]
fn logsumexp_softmax() {
    for dev in all_devices() {
        let a = Array::from_vec_on(
            vec![
                1000.0,
                1000.0,
                0.0,
                1.0,
                2.0,
                3.0,
                f64::NEG_INFINITY,
                0.0,
                1.0,
            ],
            &[3, 3],
            dev,
        )
        .unwrap();
        // scipy.special.logsumexp(a, axis=1)
        let r = sp::logsumexp(&a, 1, None, false).unwrap();
        assert_eq!(r.shape(), &[3]);
        let want = [
            1000.693_147_180_559_9,
            3.407_605_964_444_380_3,
            1.313_261_687_518_222_8,
        ];
        for (g, w) in r.to_vec::<f64>().unwrap().iter().zip(want) {
            assert!((g - w).abs() <= 1e-14 * w.abs(), "{g} {w}");
        }
        // keepdims and weights: scipy.special.logsumexp(a, axis=0, b=b, keepdims=True)
        let b = Array::from_vec_on(
            vec![1.0, 0.0, 2.0, 1.0, 1.0, 1.0, 0.5, 1.0, 1.0],
            &[3, 3],
            dev,
        )
        .unwrap();
        let r = sp::logsumexp(&a, 0, Some(&b), true).unwrap();
        assert_eq!(r.shape(), &[1, 3]);
        let want = [1000.0, 2.126_928_011_042_972_7, 3.210_997_623_238_175_6];
        for (g, w) in r.to_vec::<f64>().unwrap().iter().zip(want) {
            assert!((g - w).abs() <= 1e-14 * w.abs(), "{g} {w}");
        }
        // return_sign: scipy.special.logsumexp([1, 2], b=[1, -1], return_sign=True)
        let x = Array::from_vec_on(vec![1.0, 2.0], &[2], dev).unwrap();
        let w = Array::from_vec_on(vec![1.0, -1.0], &[2], dev).unwrap();
        let (r, s) = sp::logsumexp_with_sign(&x, None, Some(&w), false).unwrap();
        assert!((r.to_vec::<f64>().unwrap()[0] - 1.541_324_854_612_918_1).abs() < 1e-14);
        assert_eq!(s.to_vec::<f64>().unwrap(), vec![-1.0]);
        // softmax over rows and log_softmax over columns
        let s = sp::softmax(&a, 1).unwrap().to_vec::<f64>().unwrap();
        assert_eq!(&s[..3], &[0.5, 0.5, 0.0]);
        // scipy.special.log_softmax(a, axis=0)[1, 1]
        let l = sp::log_softmax(&a, 0).unwrap().to_vec::<f64>().unwrap();
        assert!((l[4] + 998.0).abs() < 1e-12, "{}", l[4]);
        // float32 stays float32
        let a32 = a.astype(DType::Float32).unwrap();
        assert_eq!(sp::softmax(&a32, None).unwrap().dtype(), DType::Float32);
        // an axis out of range
        let e = sp::logsumexp(&a, 2, None, false).unwrap_err();
        assert!(matches!(e, Error::AxisOutOfBounds { .. }), "{e}");
    }
}

#[test]
fn errors() {
    let c = Array::from_vec_on(
        vec![cuprum_core::Complex64::new(1.0, 1.0)],
        &[1],
        cuprum_core::Device::Cpu,
    )
    .unwrap();
    // gammaln has no complex loop in SciPy
    assert!(matches!(
        sp::gammaln(&c).unwrap_err(),
        Error::Unsupported { .. }
    ));
    let a = Array::from_vec_on(vec![1.0, 2.0], &[2], cuprum_core::Device::Cpu).unwrap();
    let b = Array::from_vec_on(vec![1.0, 2.0, 3.0], &[3], cuprum_core::Device::Cpu).unwrap();
    assert!(matches!(
        sp::jv(&a, &b).unwrap_err(),
        Error::Broadcast { .. }
    ));
}

#[test]
fn softplus_multigammaln() {
    for dev in all_devices() {
        let x = Array::from_vec_on(vec![-800.0, -1.0, 0.0, 1.0, 800.0], &[5], dev).unwrap();
        // scipy.special.softplus([-800., -1, 0, 1, 800])
        let r = sp::softplus(&x).unwrap().to_vec::<f64>().unwrap();
        let want = [
            0.0,
            0.313_261_687_518_222_86,
            std::f64::consts::LN_2,
            1.313_261_687_518_222_8,
            800.0,
        ];
        for (g, w) in r.iter().zip(want) {
            assert!((g - w).abs() <= 1e-15 * w.abs().max(1e-300), "{g} {w}");
        }
        // scipy.special.multigammaln([2., 5.], 2)
        let a = Array::from_vec_on(vec![2.0, 5.0], &[2], dev).unwrap();
        let r = sp::multigammaln(&a, 2).unwrap().to_vec::<f64>().unwrap();
        assert!((r[0] - 0.451_582_705_289_454_8).abs() < 1e-14, "{}", r[0]);
        assert!((r[1] - 6.204_155_344_115_088_5).abs() < 1e-13, "{}", r[1]);
        assert!(matches!(
            sp::multigammaln(&a, 5).unwrap_err(),
            Error::InvalidValue { .. }
        ));
    }
}
