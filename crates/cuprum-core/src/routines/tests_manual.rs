//! Hand-written tests of the routines: results NumPy gives in an order or form the generated
//! table cannot compare (roots), host I/O round trips, error paths, views.

use crate::test_util::all_devices;
use crate::*;

fn sorted_c(mut v: Vec<Complex64>) -> Vec<Complex64> {
    v.sort_by(|a, b| (a.re, a.im).partial_cmp(&(b.re, b.im)).unwrap());
    v
}

#[test]
fn roots_match_numpy() {
    // numpy.roots([1, -6, 11, -6]) = [3, 2, 1]; numpy.roots([1, 0, 1]) = [±1j];
    // numpy.roots([0, 2, -4, 0, 0]) = [2, 0, 0]
    for d in all_devices() {
        let p = Array::from_vec_on(vec![1.0f64, -6.0, 11.0, -6.0], &[4], d).unwrap();
        let r = roots(&p).unwrap();
        assert_eq!(r.dtype(), DType::Float64);
        let mut v = r.to_vec::<f64>().unwrap();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        for (g, w) in v.iter().zip([1.0, 2.0, 3.0]) {
            assert!((g - w).abs() < 1e-12, "{v:?}");
        }
        let p = Array::from_vec_on(vec![1.0f64, 0.0, 1.0], &[3], d).unwrap();
        let r = roots(&p).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        let v = sorted_c(r.to_vec::<Complex64>().unwrap());
        assert!(
            (v[0] - Complex64::new(0.0, -1.0)).norm() < 1e-12
                && (v[1] - Complex64::new(0.0, 1.0)).norm() < 1e-12
        );
        let p = Array::from_vec_on(vec![0i64, 2, -4, 0, 0], &[5], d).unwrap();
        let mut v = roots(&p).unwrap().to_vec::<f64>().unwrap();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert_eq!(v.len(), 3);
        assert!(v[0] == 0.0 && v[1] == 0.0 && (v[2] - 2.0).abs() < 1e-12);
        // a degree-8 polynomial with known roots 1..8 (numpy.poly(range(1, 9)))
        let c = poly(
            &Array::from_vec_on((1..=8).map(|x| x as f64).collect::<Vec<_>>(), &[8], d).unwrap(),
        )
        .unwrap();
        let mut v = roots(&c).unwrap().to_vec::<f64>().unwrap();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        for (k, g) in v.iter().enumerate() {
            assert!((g - (k + 1) as f64).abs() < 1e-8, "{v:?}");
        }
    }
}

#[test]
fn poly1d_arithmetic() {
    for d in all_devices() {
        let p = Poly1d::new(&Array::from_vec_on(vec![0.0f64, 1.0, 2.0, 3.0], &[4], d).unwrap())
            .unwrap();
        assert_eq!(p.order(), 2);
        let q = Poly1d::new(&Array::from_vec_on(vec![1.0f64, -1.0], &[2], d).unwrap()).unwrap();
        // numpy: p + q = [1, 3, 2]; p - q = [1, 1, 4]; p * q = [1, 1, 1, -3];
        // divmod(p, q) = ([1, 3], [6]); p.deriv() = [2, 2]; p.integ() = [1/3, 1, 3, 0]
        assert_eq!(
            p.add(&q).unwrap().coeffs().to_vec::<f64>().unwrap(),
            vec![1.0, 3.0, 2.0]
        );
        assert_eq!(
            p.sub(&q).unwrap().coeffs().to_vec::<f64>().unwrap(),
            vec![1.0, 1.0, 4.0]
        );
        assert_eq!(
            p.mul(&q).unwrap().coeffs().to_vec::<f64>().unwrap(),
            vec![1.0, 1.0, 1.0, -3.0]
        );
        let (a, b) = p.div(&q).unwrap();
        assert_eq!(a.coeffs().to_vec::<f64>().unwrap(), vec![1.0, 3.0]);
        assert_eq!(b.coeffs().to_vec::<f64>().unwrap(), vec![6.0]);
        assert_eq!(
            p.deriv(1).unwrap().coeffs().to_vec::<f64>().unwrap(),
            vec![2.0, 2.0]
        );
        let i = p.integ(1, &[]).unwrap().coeffs().to_vec::<f64>().unwrap();
        assert!((i[0] - 1.0 / 3.0).abs() < 1e-15 && i[1..] == [1.0, 3.0, 0.0]);
        let x = Array::from_vec_on(vec![2.0f64], &[1], d).unwrap();
        assert_eq!(p.call(&x).unwrap().to_vec::<f64>().unwrap(), vec![11.0]);
        let r =
            Poly1d::from_roots(&Array::from_vec_on(vec![1.0f64, 2.0], &[2], d).unwrap()).unwrap();
        assert_eq!(r.coeffs().to_vec::<f64>().unwrap(), vec![1.0, -3.0, 2.0]);
    }
}

#[test]
fn text_io_round_trip() {
    let dir = std::env::temp_dir();
    let p = dir.join(format!("cuprum-routines-txt-{}.txt", std::process::id()));
    let a = Array::from_vec(vec![1.5f64, -2.0, 3.25, 1e-7, 5.0, f64::NAN], &[2, 3]).unwrap();
    let o = SaveTxtOptions {
        header: "a b c".into(),
        delimiter: ",".into(),
        ..SaveTxtOptions::default()
    };
    savetxt(&p, &a, &o).unwrap();
    let text = std::fs::read_to_string(&p).unwrap();
    // numpy.savetxt(f, a, delimiter=',', header='a b c') writes exactly this
    assert_eq!(
        text,
        "# a b c\n1.500000000000000000e+00,-2.000000000000000000e+00,3.250000000000000000e+00\n\
         9.999999999999999547e-08,5.000000000000000000e+00,nan\n"
    );
    let b = loadtxt(
        &p,
        &TextOptions {
            delimiter: Some(','),
            ..TextOptions::default()
        },
    )
    .unwrap();
    assert_eq!(b.shape(), &[2, 3]);
    let v = b.to_vec::<f64>().unwrap();
    assert_eq!(&v[..5], &[1.5, -2.0, 3.25, 1e-7, 5.0]);
    assert!(v[5].is_nan());
    std::fs::remove_file(&p).unwrap();
    // formats: '%d', '%.3f', '%10.2e', '%-6.1f|'
    let x = Array::from_vec(vec![3.7f64, -1234.5], &[2]).unwrap();
    let f = |fmt: &str| {
        savetxt_string(
            &x,
            &SaveTxtOptions {
                fmt: fmt.into(),
                ..SaveTxtOptions::default()
            },
        )
        .unwrap()
    };
    assert_eq!(f("%d"), "3\n-1234\n");
    assert_eq!(f("%.3f"), "3.700\n-1234.500\n");
    assert_eq!(f("%10.2e"), "  3.70e+00\n -1.23e+03\n");
    assert_eq!(f("%-6.1f|"), "3.7   |\n-1234.5|\n");
    // usecols, skiprows, comments, ndmin and a single column (numpy.loadtxt squeezes to 1-D)
    let o = TextOptions {
        skiprows: 1,
        usecols: Some(vec![-1]),
        ..TextOptions::default()
    };
    let r = loadtxt_str("h h\n1 2 # c\n\n3 4\n", &o).unwrap();
    assert_eq!(
        (r.shape(), r.to_vec::<f64>().unwrap()),
        (&[2usize][..], vec![2.0, 4.0])
    );
    let o = TextOptions {
        ndmin: 2,
        dtype: DType::Int32,
        ..TextOptions::default()
    };
    let r = loadtxt_str("1 2 3\n", &o).unwrap();
    assert_eq!((r.shape(), r.dtype()), (&[1usize, 3][..], DType::Int32));
    let e = loadtxt_str("1 2\n3 x\n", &TextOptions::default()).unwrap_err();
    assert!(e.to_string().contains("row 2"), "{e}");
    let e = loadtxt_str("1 2\n3\n", &TextOptions::default()).unwrap_err();
    assert!(matches!(e, Error::InvalidValue { .. }), "{e}");
}

#[test]
fn raw_bytes_io() {
    let p = std::env::temp_dir().join(format!("cuprum-routines-raw-{}.bin", std::process::id()));
    for d in all_devices() {
        let a = Array::from_vec_on(vec![1i32, -2, 3, 4], &[2, 2], d).unwrap();
        a.transpose().unwrap().tofile(&p).unwrap();
        let b = fromfile(&p, DType::Int32, None, 0).unwrap();
        assert_eq!(b.to_vec::<i32>().unwrap(), vec![1, 3, -2, 4]);
        let c = fromfile(&p, DType::Int32, Some(2), 4).unwrap();
        assert_eq!(c.to_vec::<i32>().unwrap(), vec![3, -2]);
        assert!(matches!(
            fromfile(&p, DType::Int32, Some(4), 4),
            Err(Error::BadArgument { arg: "count", .. })
        ));
        assert!(matches!(
            frombuffer(&[0u8; 5], DType::Int32, None, 0),
            Err(Error::BadArgument { arg: "buffer", .. })
        ));
        assert!(matches!(
            frombuffer(&[0u8; 4], DType::Int32, None, 8),
            Err(Error::BadArgument { arg: "offset", .. })
        ));
    }
    std::fs::remove_file(&p).unwrap();
    assert!(matches!(
        fromfile("/nonexistent/cuprum/x.bin", DType::Int8, None, 0),
        Err(Error::Io { .. })
    ));
}

#[test]
fn views_share_and_stay_in_bounds() {
    for d in all_devices() {
        let x = Array::from_vec_on((0..6i64).collect::<Vec<_>>(), &[6], d).unwrap();
        let w = sliding_window_view(&x, &[2], None).unwrap();
        assert!(w.shares_storage(&x));
        // as_strided never reaches outside the buffer, whatever the strides
        assert!(matches!(
            as_strided(&x, &[3, 3], &[16, 8]),
            Err(Error::BadArgument {
                op: "as_strided",
                arg: "strides",
                ..
            })
        ));
        assert!(matches!(
            as_strided(&x, &[2], &[-8]),
            Err(Error::BadArgument { arg: "strides", .. })
        ));
        assert!(matches!(
            as_strided(&x, &[2], &[4]),
            Err(Error::BadArgument { arg: "strides", .. })
        ));
        assert!(as_strided(&x, &[usize::MAX, 2], &[8, 8]).is_err());
        let tail = x
            .slice(&[crate::index::SliceItem::Slice {
                start: Some(4),
                stop: None,
                step: 1,
            }])
            .unwrap();
        let v = as_strided(&tail, &[2], &[-8]).unwrap();
        assert_eq!(v.to_vec::<i64>().unwrap(), vec![4, 3]);
        // writes through a view reach the base
        let s = sliding_window_view(&x, &[3], None).unwrap();
        s.index_axis(0, 1).unwrap().fill(9i64).unwrap();
        assert_eq!(x.to_vec::<i64>().unwrap(), vec![0, 9, 9, 9, 4, 5]);
        // view(dtype) errors: non-contiguous last axis, 0-d with another item size
        let t = Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2], d)
            .unwrap()
            .transpose()
            .unwrap();
        assert!(matches!(
            t.view_dtype(DType::Float64),
            Err(Error::BadArgument { arg: "dtype", .. })
        ));
        let z = Array::from_vec_on(vec![1.0f32], (), d).unwrap();
        assert!(matches!(
            z.view_dtype(DType::Float64),
            Err(Error::BadArgument { arg: "dtype", .. })
        ));
        assert_eq!(
            z.view_dtype(DType::Int32).unwrap().item().unwrap().as_i64(),
            0x3f80_0000
        );
        // iteration and flat
        let m = Array::from_vec_on(vec![1i64, 2, 3, 4], &[2, 2], d).unwrap();
        let rows: Vec<Vec<i64>> = m
            .iter()
            .unwrap()
            .map(|r| r.to_vec::<i64>().unwrap())
            .collect();
        assert_eq!(rows, vec![vec![1, 2], vec![3, 4]]);
        assert!(z.iter().is_err());
        let sc: Vec<i64> = m
            .mt()
            .unwrap()
            .scalars()
            .unwrap()
            .iter()
            .map(|s| s.as_i64())
            .collect();
        assert_eq!(sc, vec![1, 3, 2, 4]);
    }
}

#[test]
fn errors_name_the_operation() {
    for d in all_devices() {
        let a = Array::from_vec_on(vec![1.0f64, 2.0], &[2], d).unwrap();
        let i = Array::from_vec_on(vec![0i64, 5], &[2], d).unwrap();
        let e = unravel_index(&i, &[2, 2]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::OutOfDomain {
                    op: "unravel_index",
                    arg: "indices",
                    ..
                }
            ),
            "{e}"
        );
        let e = choose(&i, &[&a, &a], crate::indexing::IndexMode::Raise).unwrap_err();
        assert!(
            matches!(
                e,
                Error::OutOfDomain {
                    op: "choose",
                    arg: "a",
                    ..
                }
            ),
            "{e}"
        );
        let e = ufunc_reduce(
            crate::ops::BinaryOp::Subtract,
            &Array::from_vec_on(Vec::<f64>::new(), &[0], d).unwrap(),
            Some(0),
            false,
        )
        .unwrap_err();
        assert!(
            matches!(
                e,
                Error::BadShape {
                    op: "reduce",
                    arg: "array",
                    ..
                }
            ),
            "{e}"
        );
        let e = gcd(&a, &a).unwrap_err();
        assert!(matches!(e, Error::DType { op: "gcd", .. }), "{e}");
        let e = digitize(
            &a,
            &Array::from_vec_on(vec![1.0f64, 0.0, 2.0], &[3], d).unwrap(),
            false,
        )
        .unwrap_err();
        assert!(
            matches!(
                e,
                Error::BadArgument {
                    op: "digitize",
                    arg: "bins",
                    ..
                }
            ),
            "{e}"
        );
        let e = average(
            &a,
            None,
            Some(&Array::from_vec_on(vec![1.0f64, -1.0], &[2], d).unwrap()),
        )
        .unwrap_err();
        assert!(
            matches!(
                e,
                Error::OutOfDomain {
                    op: "average",
                    arg: "weights",
                    ..
                }
            ),
            "{e}"
        );
        let e = cross(
            &a,
            &Array::from_vec_on(vec![1.0f64; 4], &[4], d).unwrap(),
            -1,
        )
        .unwrap_err();
        assert!(
            matches!(
                e,
                Error::BadShape {
                    op: "cross",
                    arg: "b",
                    ..
                }
            ),
            "{e}"
        );
        let e = gradient(&a, &[], None, 2).unwrap_err();
        assert!(
            matches!(
                e,
                Error::BadShape {
                    op: "gradient",
                    arg: "f",
                    ..
                }
            ),
            "{e}"
        );
        let e = delete(&a, &[2], None).unwrap_err();
        assert!(
            matches!(e, Error::IndexOutOfBounds { op: "delete", .. }),
            "{e}"
        );
        let e = insert(&a, &[3], &a, None).unwrap_err();
        assert!(
            matches!(e, Error::IndexOutOfBounds { op: "insert", .. }),
            "{e}"
        );
        let e = convolve(
            &a,
            &Array::from_vec_on(Vec::<f64>::new(), &[0], d).unwrap(),
            ConvolveMode::Full,
        )
        .unwrap_err();
        assert!(
            matches!(
                e,
                Error::BadShape {
                    op: "convolve",
                    arg: "v",
                    ..
                }
            ),
            "{e}"
        );
        let e = polydiv(&a, &Array::from_vec_on(vec![0.0f64, 1.0], &[2], d).unwrap()).unwrap_err();
        assert!(
            matches!(
                e,
                Error::BadArgument {
                    op: "polydiv",
                    arg: "v",
                    ..
                }
            ),
            "{e}"
        );
        let e = nanquantile(&a, 1.5, None, false, QuantileMethod::Linear).unwrap_err();
        assert!(
            matches!(
                e,
                Error::OutOfDomain {
                    op: "nanquantile",
                    arg: "q",
                    ..
                }
            ),
            "{e}"
        );
        assert!(resize(&a, &[usize::MAX, 4]).is_err());
        assert!(indices(&[usize::MAX, 4], d).is_err());
        assert!(matches!(
            geomspace(0.0, 1.0, 3, true, None, d),
            Err(Error::OutOfDomain { arg: "start", .. })
        ));
        let e = ufunc_at(
            crate::ops::BinaryOp::Divide,
            &i,
            &Array::from_vec_on(vec![0i64], &[1], d).unwrap(),
            &Array::from_vec_on(vec![3i64], &[1], d).unwrap(),
        )
        .unwrap_err();
        assert!(matches!(e, Error::DType { op: "at", .. }), "{e}");
    }
}

// `numpy.savez_compressed(f, a=int32 [1, 2, 3], b=[[1.5, -2.0], [3.0, 4.25]])` and
// `numpy.savez(f, int32 [1, 2, 3], big=arange(300, dtype=int16))` (numpy 2.4), byte for byte
const NUMPY_SAVEZ_COMPRESSED: &[u8] = &[
    80, 75, 3, 4, 45, 0, 0, 0, 8, 0, 0, 0, 33, 0, 235, 192, 43, 4, 255, 255, 255, 255, 255, 255,
    255, 255, 5, 0, 20, 0, 97, 46, 110, 112, 121, 1, 0, 16, 0, 140, 0, 0, 0, 0, 0, 0, 0, 77, 0, 0,
    0, 0, 0, 0, 0, 155, 236, 23, 234, 27, 16, 201, 200, 80, 198, 80, 173, 158, 146, 90, 156, 92,
    164, 110, 165, 160, 110, 147, 105, 162, 174, 163, 160, 158, 150, 95, 84, 82, 148, 152, 23, 159,
    95, 148, 146, 10, 18, 119, 75, 204, 41, 78, 5, 138, 23, 103, 36, 22, 164, 2, 249, 26, 198, 58,
    154, 58, 10, 181, 10, 20, 0, 46, 70, 6, 6, 6, 38, 32, 102, 6, 98, 0, 80, 75, 3, 4, 45, 0, 0, 0,
    8, 0, 0, 0, 33, 0, 52, 226, 53, 159, 255, 255, 255, 255, 255, 255, 255, 255, 5, 0, 20, 0, 98,
    46, 110, 112, 121, 1, 0, 16, 0, 160, 0, 0, 0, 0, 0, 0, 0, 86, 0, 0, 0, 0, 0, 0, 0, 155, 236,
    23, 234, 27, 16, 201, 200, 80, 198, 80, 173, 158, 146, 90, 156, 92, 164, 110, 165, 160, 110,
    147, 102, 161, 174, 163, 160, 158, 150, 95, 84, 82, 148, 152, 23, 159, 95, 148, 146, 10, 18,
    119, 75, 204, 41, 78, 5, 138, 23, 103, 36, 22, 164, 2, 249, 26, 70, 58, 10, 70, 154, 58, 10,
    181, 10, 100, 3, 46, 6, 48, 248, 97, 15, 161, 25, 14, 64, 40, 14, 7, 8, 45, 232, 0, 0, 80, 75,
    1, 2, 45, 3, 45, 0, 0, 0, 8, 0, 0, 0, 33, 0, 235, 192, 43, 4, 77, 0, 0, 0, 140, 0, 0, 0, 5, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 1, 0, 0, 0, 0, 97, 46, 110, 112, 121, 80, 75, 1, 2, 45, 3,
    45, 0, 0, 0, 8, 0, 0, 0, 33, 0, 52, 226, 53, 159, 86, 0, 0, 0, 160, 0, 0, 0, 5, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 128, 1, 132, 0, 0, 0, 98, 46, 110, 112, 121, 80, 75, 5, 6, 0, 0, 0, 0, 2, 0,
    2, 0, 102, 0, 0, 0, 17, 1, 0, 0, 0, 0,
];
const NUMPY_SAVEZ: &[u8] = &[
    80, 75, 3, 4, 45, 0, 0, 0, 0, 0, 0, 0, 33, 0, 46, 121, 27, 39, 255, 255, 255, 255, 255, 255,
    255, 255, 7, 0, 20, 0, 98, 105, 103, 46, 110, 112, 121, 1, 0, 16, 0, 216, 2, 0, 0, 0, 0, 0, 0,
    216, 2, 0, 0, 0, 0, 0, 0, 147, 78, 85, 77, 80, 89, 1, 0, 118, 0, 123, 39, 100, 101, 115, 99,
    114, 39, 58, 32, 39, 60, 105, 50, 39, 44, 32, 39, 102, 111, 114, 116, 114, 97, 110, 95, 111,
    114, 100, 101, 114, 39, 58, 32, 70, 97, 108, 115, 101, 44, 32, 39, 115, 104, 97, 112, 101, 39,
    58, 32, 40, 51, 48, 48, 44, 41, 44, 32, 125, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 10, 0,
    0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0, 9, 0, 10, 0, 11, 0, 12, 0, 13, 0, 14, 0, 15,
    0, 16, 0, 17, 0, 18, 0, 19, 0, 20, 0, 21, 0, 22, 0, 23, 0, 24, 0, 25, 0, 26, 0, 27, 0, 28, 0,
    29, 0, 30, 0, 31, 0, 32, 0, 33, 0, 34, 0, 35, 0, 36, 0, 37, 0, 38, 0, 39, 0, 40, 0, 41, 0, 42,
    0, 43, 0, 44, 0, 45, 0, 46, 0, 47, 0, 48, 0, 49, 0, 50, 0, 51, 0, 52, 0, 53, 0, 54, 0, 55, 0,
    56, 0, 57, 0, 58, 0, 59, 0, 60, 0, 61, 0, 62, 0, 63, 0, 64, 0, 65, 0, 66, 0, 67, 0, 68, 0, 69,
    0, 70, 0, 71, 0, 72, 0, 73, 0, 74, 0, 75, 0, 76, 0, 77, 0, 78, 0, 79, 0, 80, 0, 81, 0, 82, 0,
    83, 0, 84, 0, 85, 0, 86, 0, 87, 0, 88, 0, 89, 0, 90, 0, 91, 0, 92, 0, 93, 0, 94, 0, 95, 0, 96,
    0, 97, 0, 98, 0, 99, 0, 100, 0, 101, 0, 102, 0, 103, 0, 104, 0, 105, 0, 106, 0, 107, 0, 108, 0,
    109, 0, 110, 0, 111, 0, 112, 0, 113, 0, 114, 0, 115, 0, 116, 0, 117, 0, 118, 0, 119, 0, 120, 0,
    121, 0, 122, 0, 123, 0, 124, 0, 125, 0, 126, 0, 127, 0, 128, 0, 129, 0, 130, 0, 131, 0, 132, 0,
    133, 0, 134, 0, 135, 0, 136, 0, 137, 0, 138, 0, 139, 0, 140, 0, 141, 0, 142, 0, 143, 0, 144, 0,
    145, 0, 146, 0, 147, 0, 148, 0, 149, 0, 150, 0, 151, 0, 152, 0, 153, 0, 154, 0, 155, 0, 156, 0,
    157, 0, 158, 0, 159, 0, 160, 0, 161, 0, 162, 0, 163, 0, 164, 0, 165, 0, 166, 0, 167, 0, 168, 0,
    169, 0, 170, 0, 171, 0, 172, 0, 173, 0, 174, 0, 175, 0, 176, 0, 177, 0, 178, 0, 179, 0, 180, 0,
    181, 0, 182, 0, 183, 0, 184, 0, 185, 0, 186, 0, 187, 0, 188, 0, 189, 0, 190, 0, 191, 0, 192, 0,
    193, 0, 194, 0, 195, 0, 196, 0, 197, 0, 198, 0, 199, 0, 200, 0, 201, 0, 202, 0, 203, 0, 204, 0,
    205, 0, 206, 0, 207, 0, 208, 0, 209, 0, 210, 0, 211, 0, 212, 0, 213, 0, 214, 0, 215, 0, 216, 0,
    217, 0, 218, 0, 219, 0, 220, 0, 221, 0, 222, 0, 223, 0, 224, 0, 225, 0, 226, 0, 227, 0, 228, 0,
    229, 0, 230, 0, 231, 0, 232, 0, 233, 0, 234, 0, 235, 0, 236, 0, 237, 0, 238, 0, 239, 0, 240, 0,
    241, 0, 242, 0, 243, 0, 244, 0, 245, 0, 246, 0, 247, 0, 248, 0, 249, 0, 250, 0, 251, 0, 252, 0,
    253, 0, 254, 0, 255, 0, 0, 1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1, 7, 1, 8, 1, 9, 1, 10, 1, 11,
    1, 12, 1, 13, 1, 14, 1, 15, 1, 16, 1, 17, 1, 18, 1, 19, 1, 20, 1, 21, 1, 22, 1, 23, 1, 24, 1,
    25, 1, 26, 1, 27, 1, 28, 1, 29, 1, 30, 1, 31, 1, 32, 1, 33, 1, 34, 1, 35, 1, 36, 1, 37, 1, 38,
    1, 39, 1, 40, 1, 41, 1, 42, 1, 43, 1, 80, 75, 3, 4, 45, 0, 0, 0, 0, 0, 0, 0, 33, 0, 235, 192,
    43, 4, 255, 255, 255, 255, 255, 255, 255, 255, 9, 0, 20, 0, 97, 114, 114, 95, 48, 46, 110, 112,
    121, 1, 0, 16, 0, 140, 0, 0, 0, 0, 0, 0, 0, 140, 0, 0, 0, 0, 0, 0, 0, 147, 78, 85, 77, 80, 89,
    1, 0, 118, 0, 123, 39, 100, 101, 115, 99, 114, 39, 58, 32, 39, 60, 105, 52, 39, 44, 32, 39,
    102, 111, 114, 116, 114, 97, 110, 95, 111, 114, 100, 101, 114, 39, 58, 32, 70, 97, 108, 115,
    101, 44, 32, 39, 115, 104, 97, 112, 101, 39, 58, 32, 40, 51, 44, 41, 44, 32, 125, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 10, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 80, 75, 1, 2, 45,
    3, 45, 0, 0, 0, 0, 0, 0, 0, 33, 0, 46, 121, 27, 39, 216, 2, 0, 0, 216, 2, 0, 0, 7, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 128, 1, 0, 0, 0, 0, 98, 105, 103, 46, 110, 112, 121, 80, 75, 1, 2, 45, 3,
    45, 0, 0, 0, 0, 0, 0, 0, 33, 0, 235, 192, 43, 4, 140, 0, 0, 0, 140, 0, 0, 0, 9, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 128, 1, 17, 3, 0, 0, 97, 114, 114, 95, 48, 46, 110, 112, 121, 80, 75, 5, 6,
    0, 0, 0, 0, 2, 0, 2, 0, 108, 0, 0, 0, 216, 3, 0, 0, 0, 0,
];

#[test]
fn npz_reads_numpy_archives_and_round_trips() {
    let dir = std::env::temp_dir();
    let pid = std::process::id();
    let pc = dir.join(format!("cuprum-npz-c-{pid}.npz"));
    let pu = dir.join(format!("cuprum-npz-u-{pid}.npz"));
    for d in all_devices() {
        // NumPy's archives again for each device (the round trips below overwrite them)
        std::fs::write(&pc, NUMPY_SAVEZ_COMPRESSED).unwrap();
        std::fs::write(&pu, NUMPY_SAVEZ).unwrap();
        let m = load_npz_on(&pc, d).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!((m[0].0.as_str(), m[0].1.dtype()), ("a", DType::Int32));
        assert_eq!(m[0].1.to_vec::<i32>().unwrap(), vec![1, 2, 3]);
        assert_eq!((m[1].0.as_str(), m[1].1.shape()), ("b", &[2usize, 2][..]));
        assert_eq!(m[1].1.to_vec::<f64>().unwrap(), vec![1.5, -2.0, 3.0, 4.25]);
        assert_eq!(m[1].1.device(), d);
        let m = load_npz_on(&pu, d).unwrap();
        // NumPy writes the keyword arrays first, then arr_0, ...
        assert_eq!(m[0].0, "big");
        assert_eq!(m[1].0, "arr_0");
        assert_eq!(
            m[0].1.to_vec::<i16>().unwrap(),
            (0..300).collect::<Vec<i16>>()
        );
        assert_eq!(m[1].1.to_vec::<i32>().unwrap(), vec![1, 2, 3]);
        // round trips, both forms
        let x = Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3], d).unwrap();
        let y = Array::from_vec_on(vec![true, false], &[2], d).unwrap();
        for (compress, p) in [(false, &pu), (true, &pc)] {
            if compress {
                savez_compressed(p, &[("x", &x), ("y", &y)]).unwrap();
            } else {
                savez(p, &[("x", &x), ("y", &y)]).unwrap();
            }
            let m = load_npz_on(p, d).unwrap();
            assert_eq!(m[0].0, "x");
            assert_eq!(m[0].1.shape(), &[2, 3]);
            assert_eq!(m[0].1.to_vec::<f32>().unwrap(), x.to_vec::<f32>().unwrap());
            assert_eq!(m[1].1.to_vec::<bool>().unwrap(), vec![true, false]);
        }
    }
    // a damaged archive is an error naming what is wrong, never a panic
    let mut bad = NUMPY_SAVEZ_COMPRESSED.to_vec();
    let n = bad.len();
    bad[n / 2] ^= 0xff;
    std::fs::write(&pc, &bad).unwrap();
    assert!(load_npz(&pc).is_err());
    std::fs::write(&pc, &NUMPY_SAVEZ[..NUMPY_SAVEZ.len() - 30]).unwrap();
    assert!(matches!(load_npz(&pc), Err(Error::InvalidValue { .. })));
    std::fs::write(&pc, b"not a zip").unwrap();
    assert!(matches!(load_npz(&pc), Err(Error::InvalidValue { .. })));
    std::fs::remove_file(&pc).unwrap();
    std::fs::remove_file(&pu).unwrap();
}
