//! Bad input: a clear error naming the function, never a panic.

use crate::{arr, devices};
use cuprum_core::{ConvolveMode, Error};
use cuprum_signal::*;

fn names(e: &Error, op: &str) -> bool {
    e.to_string().contains(op)
}

/// The variant and argument name of a structured argument error (`BadArgument`,
/// `OutOfDomain`, `BadShape`); panics on a result or any other error.
pub(crate) fn arg_err<T>(r: cuprum_core::Result<T>) -> (&'static str, &'static str) {
    match r {
        Err(Error::BadArgument { arg, .. }) => ("BadArgument", arg),
        Err(Error::OutOfDomain { arg, .. }) => ("OutOfDomain", arg),
        Err(Error::BadShape { arg, .. }) => ("BadShape", arg),
        Err(e) => panic!("not a structured argument error: {e}"),
        Ok(_) => panic!("expected an error"),
    }
}

#[test]
fn bad_design_arguments() {
    let e = butter(4, &[1.2], &IirOptions::default()).unwrap_err();
    assert!(
        matches!(e, Error::OutOfDomain { arg: "Wn", .. }) && names(&e, "butter"),
        "{e}"
    );
    assert!(names(&e, "[1.2]"), "{e}");
    let e = butter(
        4,
        &[0.4, 0.2],
        &IirOptions {
            btype: BType::Bandpass,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(e, Error::BadArgument { arg: "Wn", .. }) && names(&e, "butter"),
        "{e}"
    );
    let e = butter(
        2,
        &[600.0],
        &IirOptions {
            fs: Some(1000.0),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("fs/2"), "{e}");
    assert!(matches!(e, Error::OutOfDomain { arg: "Wn", .. }), "{e}");
    assert_eq!(
        arg_err(firwin(
            10,
            &[0.3],
            &FirwinOptions {
                pass_zero: false,
                ..Default::default()
            }
        )),
        ("BadArgument", "numtaps")
    );
    let e = get_window(&"nosuchwindow".into(), 8, true).unwrap_err();
    assert!(names(&e, "get_window"), "{e}");
    assert!(
        matches!(e, Error::BadArgument { arg: "window", ref value, .. } if value.contains("nosuchwindow")),
        "{e}"
    );
    assert_eq!(
        arg_err(get_window(&"kaiser".into(), 8, true)),
        ("BadArgument", "window")
    );
}

#[test]
fn bad_filter_and_data_arguments() {
    for dev in devices() {
        let b = arr(vec![1.0, 1.0], &[2], dev);
        let a0 = arr(vec![0.0, 1.0], &[2], dev);
        let x = arr(vec![1.0; 8], &[8], dev);
        let e = lfilter(&b, &a0, &x, -1).unwrap_err();
        assert!(names(&e, "lfilter"), "{e}");
        assert!(matches!(e, Error::BadArgument { arg: "a", .. }), "{e}");
        let a = arr(vec![1.0, 0.5, 0.25], &[3], dev);
        let badzi = arr(vec![0.0; 3], &[3], dev);
        let e = lfilter_with_state(&b, &a, &x, &badzi, -1).unwrap_err();
        assert!(
            matches!(e, Error::BadShape { arg: "zi", ref shape, .. } if shape == &[3]),
            "{e}"
        );
        let e = filtfilt(&b, &a, &x, -1, &FiltfiltOptions::default()).unwrap_err();
        assert!(
            matches!(e, Error::BadArgument { arg: "padlen", ref value, .. } if value == "9"),
            "{e}"
        );
        let badsos = arr(vec![1.0; 5], &[1, 5], dev);
        assert_eq!(arg_err(sosfilt(&badsos, &x, -1)), ("BadShape", "sos"));
        let o = SpectralOptions {
            nperseg: Some(4),
            noverlap: Some(4),
            ..Default::default()
        };
        let e = welch(&x, &o).unwrap_err();
        assert!(
            matches!(e, Error::BadArgument { arg: "noverlap", ref value, .. } if value == "4"),
            "{e}"
        );
        let e0 = arr(vec![], &[0], dev);
        assert_eq!(
            arg_err(welch(&e0, &SpectralOptions::default())),
            ("BadShape", "x")
        );
        let m = arr(vec![1.0; 4], &[2, 2], dev);
        assert!(matches!(
            convolve(&m, &x, ConvolveMode::Full, ConvMethod::Direct),
            Err(Error::ShapeMismatch { .. })
        ));
        assert_eq!(
            arg_err(medfilt(&x, Some(&[4]))),
            ("BadArgument", "kernel_size")
        );
        assert_eq!(
            arg_err(find_peaks(&m, &FindPeaksOptions::default())),
            ("BadShape", "x")
        );
        assert_eq!(arg_err(upfirdn(&b, &x, 0, 1, -1)), ("BadArgument", "up"));
        assert!(lfilter(&b, &a, &x, 3).is_err());
    }
}

#[test]
fn empty_signals_filter_to_empty() {
    for dev in devices() {
        let b = arr(vec![1.0, 0.5], &[2], dev);
        let a = arr(vec![1.0, -0.2], &[2], dev);
        let e = arr(vec![], &[0], dev);
        assert_eq!(lfilter(&b, &a, &e, -1).unwrap().size(), 0);
        let zi = arr(vec![0.7], &[1], dev);
        let (y, zf) = lfilter_with_state(&b, &a, &e, &zi, -1).unwrap();
        assert_eq!(y.size(), 0);
        crate::close(&zf, &[0.7], 0.0, 0.0);
        let sos = arr(vec![1.0, 0.0, 0.0, 1.0, -0.5, 0.0], &[1, 6], dev);
        assert_eq!(
            sosfilt(&sos, &arr(vec![], &[3, 0], dev), -1)
                .unwrap()
                .shape(),
            &[3, 0]
        );
    }
}
