//! The wavelets (CuPy's formulas, `refs_wavelets.rs`) and `max_len_seq` (SciPy 1.17.1).

use crate::refs_wavelets::*;
use crate::{arr, close, close_c, devices};
use cuprum_core::{DType, Device, Error};
use cuprum_signal::*;

/// `(sum(q), sum(q * arange(len(q))))` of a 0/1 sequence.
fn ones_and_moment(q: &[i8]) -> (i64, i64) {
    let ones = q.iter().map(|&b| i64::from(b)).sum();
    let moment = q
        .iter()
        .enumerate()
        .map(|(i, &b)| i64::from(b) * i as i64)
        .sum();
    (ones, moment)
}

#[test]
fn wavelets_match_cupy() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let m = morlet(6, 4.0, 0.7, true).unwrap();
        assert_eq!((m.dtype(), m.device()), (DType::Complex128, dev));
        close_c(&m, MORLET6, 1e-13, 1e-16);
        close_c(&morlet(6, 4.0, 0.7, false).unwrap(), MORLET6S, 1e-13, 1e-16);
        close_c(&morlet2(7, 1.5, 3.0).unwrap(), MORLET2, 1e-13, 1e-16);
        let r = ricker(8, 2.5).unwrap();
        assert_eq!(r.device(), dev);
        close(&r, RICKER, 1e-13, 1e-16);
        let q = qmf(&arr(vec![0.5, -1.0, 2.0, 0.25], &[4], dev)).unwrap();
        close(&q, QMF, 0.0, 0.0);
        let x = arr(DATA.to_vec(), &[DATA.len()], dev);
        let c = cwt(&x, ricker, &[1.0, 2.7, 4.0]).unwrap();
        assert_eq!((c.shape(), c.device()), (&[3, DATA.len()][..], dev));
        close(&c, CWT_RICKER, 1e-12, 1e-13);
        let c = cwt(&x, |n, w| morlet2(n, w, 5.0), &[1.5, 3.0]).unwrap();
        assert_eq!(c.dtype(), DType::Complex128);
        close_c(&c, CWT_MORLET2, 1e-12, 1e-13);
    }
}

#[test]
fn wavelets_bad_input() {
    let d = Device::Cpu;
    assert!(matches!(
        ricker(5, 0.0),
        Err(Error::OutOfDomain {
            op: "signal.ricker",
            arg: "a",
            ..
        })
    ));
    assert!(matches!(
        morlet2(5, -1.0, 5.0),
        Err(Error::OutOfDomain { arg: "s", .. })
    ));
    assert!(matches!(
        morlet(5, f64::NAN, 1.0, true),
        Err(Error::OutOfDomain { .. })
    ));
    assert!(matches!(
        qmf(&arr(vec![1.0; 4], &[2, 2], d)),
        Err(Error::BadShape {
            op: "signal.qmf",
            ..
        })
    ));
    let x = arr(vec![1.0, 2.0, 3.0], &[3], d);
    assert!(matches!(
        cwt(&x, ricker, &[0.5]),
        Err(Error::OutOfDomain { arg: "widths", .. })
    ));
    assert!(matches!(
        cwt(&arr(vec![], &[0], d), ricker, &[1.0]),
        Err(Error::BadShape { arg: "data", .. })
    ));
    // a wavelet that returns the wrong length
    assert!(matches!(
        cwt(&x, |_, w| ricker(2, w), &[1.0]),
        Err(Error::BadShape { arg: "wavelet", .. })
    ));
    assert_eq!(ricker(0, 1.0).unwrap().shape(), &[0]);
}

fn i8s(a: &cuprum_core::Array) -> Vec<i8> {
    a.to_device(Device::Cpu).unwrap().to_vec::<i8>().unwrap()
}

#[test]
fn max_len_seq_matches_scipy() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        // scipy.signal.max_len_seq(3)
        let (q, s) = max_len_seq(3, None, None, None).unwrap();
        assert_eq!((q.dtype(), q.device()), (DType::Int8, dev));
        assert_eq!(i8s(&q), vec![1, 1, 1, 0, 1, 0, 0]);
        assert_eq!(i8s(&s), vec![1, 1, 1]);
        // scipy.signal.max_len_seq(5, state=[1, 0, 0, 1, 0], length=20)
        let st = [true, false, false, true, false];
        let (q, s) = max_len_seq(5, Some(&st), Some(20), None).unwrap();
        assert_eq!(
            i8s(&q),
            vec![1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0, 0]
        );
        assert_eq!(i8s(&s), vec![0, 1, 1, 1, 1]);
        // scipy.signal.max_len_seq(6, taps=[5, 2, 6, 0], length=25): all ones
        let (q, s) = max_len_seq(6, None, Some(25), Some(&[5, 2, 6, 0])).unwrap();
        assert_eq!(i8s(&q), vec![1; 25]);
        assert_eq!(i8s(&s), vec![1; 6]);
        // scipy.signal.max_len_seq(16): 65535 samples, 32768 ones,
        // sum(q * arange(len(q))) % 1000003 == 500978, the last ten samples, state all ones
        let (q, s) = max_len_seq(16, None, None, None).unwrap();
        let v = i8s(&q);
        assert_eq!(v.len(), 65535);
        assert_eq!(ones_and_moment(&v).0, 32768);
        let h = ones_and_moment(&v).1;
        assert_eq!(h % 1000003, 500978);
        assert_eq!(&v[65525..], &[0, 0, 1, 1, 1, 1, 0, 0, 0, 0]);
        assert_eq!(i8s(&s), vec![1; 16]);
        // scipy.signal.max_len_seq(20, length=300000): several chunks
        let (q, s) = max_len_seq(20, None, Some(300000), None).unwrap();
        let v = i8s(&q);
        assert_eq!(ones_and_moment(&v).0, 150181);
        let h = ones_and_moment(&v).1;
        assert_eq!(h % 1000003, 96244);
        assert_eq!(
            i8s(&s),
            vec![1, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 1]
        );
        // length 0
        assert_eq!(max_len_seq(4, None, Some(0), None).unwrap().0.shape(), &[0]);
    }
}

#[test]
fn max_len_seq_bad_input() {
    assert!(matches!(
        max_len_seq(33, None, None, None),
        Err(Error::BadArgument {
            op: "signal.max_len_seq",
            arg: "nbits",
            ..
        })
    ));
    assert!(matches!(
        max_len_seq(4, None, None, Some(&[5])),
        Err(Error::BadArgument { arg: "taps", .. })
    ));
    assert!(matches!(
        max_len_seq(4, None, None, Some(&[])),
        Err(Error::BadArgument { arg: "taps", .. })
    ));
    assert!(matches!(
        max_len_seq(3, Some(&[true, false]), None, None),
        Err(Error::BadShape { arg: "state", .. })
    ));
    assert!(matches!(
        max_len_seq(3, Some(&[false; 3]), None, None),
        Err(Error::OutOfDomain { arg: "state", .. })
    ));
    assert!(matches!(
        max_len_seq(60, None, None, Some(&[59])),
        Err(Error::BadArgument { arg: "length", .. })
    ));
}
