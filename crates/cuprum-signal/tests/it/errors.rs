//! Bad input: a clear error naming the function, never a panic.

use crate::{arr, devices};
use cuprum_core::{ConvolveMode, Error};
use cuprum_signal::*;

fn names(e: &Error, op: &str) -> bool {
    e.to_string().contains(op)
}

#[test]
fn bad_design_arguments() {
    let e = butter(4, &[1.2], &IirOptions::default()).unwrap_err();
    assert!(
        matches!(e, Error::InvalidValue { .. }) && names(&e, "butter"),
        "{e}"
    );
    let e = butter(
        4,
        &[0.4, 0.2],
        &IirOptions {
            btype: BType::Bandpass,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(names(&e, "butter"), "{e}");
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
    assert!(
        firwin(
            10,
            &[0.3],
            &FirwinOptions {
                pass_zero: false,
                ..Default::default()
            }
        )
        .is_err()
    );
    let e = get_window(&"nosuchwindow".into(), 8, true).unwrap_err();
    assert!(names(&e, "get_window"), "{e}");
    assert!(get_window(&"kaiser".into(), 8, true).is_err());
}

#[test]
fn bad_filter_and_data_arguments() {
    for dev in devices() {
        let b = arr(vec![1.0, 1.0], &[2], dev);
        let a0 = arr(vec![0.0, 1.0], &[2], dev);
        let x = arr(vec![1.0; 8], &[8], dev);
        let e = lfilter(&b, &a0, &x, -1).unwrap_err();
        assert!(names(&e, "lfilter"), "{e}");
        let a = arr(vec![1.0, 0.5, 0.25], &[3], dev);
        let badzi = arr(vec![0.0; 3], &[3], dev);
        let e = lfilter_with_state(&b, &a, &x, &badzi, -1).unwrap_err();
        assert!(e.to_string().contains("zi"), "{e}");
        let e = filtfilt(&b, &a, &x, -1, &FiltfiltOptions::default()).unwrap_err();
        assert!(e.to_string().contains("padlen"), "{e}");
        let badsos = arr(vec![1.0; 5], &[1, 5], dev);
        assert!(sosfilt(&badsos, &x, -1).is_err());
        let o = SpectralOptions {
            nperseg: Some(4),
            noverlap: Some(4),
            ..Default::default()
        };
        let e = welch(&x, &o).unwrap_err();
        assert!(e.to_string().contains("noverlap"), "{e}");
        let e0 = arr(vec![], &[0], dev);
        assert!(welch(&e0, &SpectralOptions::default()).is_err());
        let m = arr(vec![1.0; 4], &[2, 2], dev);
        assert!(convolve(&m, &x, ConvolveMode::Full, ConvMethod::Direct).is_err());
        assert!(medfilt(&x, Some(&[4])).is_err());
        assert!(find_peaks(&m, &FindPeaksOptions::default()).is_err());
        assert!(upfirdn(&b, &x, 0, 1, -1).is_err());
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
