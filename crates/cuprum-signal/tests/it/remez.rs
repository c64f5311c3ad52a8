//! `remez` against SciPy (`gen_lti_splines.py`), on every device.

use crate::refs_lti_splines::*;
use crate::{close, devices};
use cuprum_signal::{RemezOptions, RemezType, remez};

#[test]
fn remez_matches_scipy() {
    let o = RemezOptions::default();
    let hil = RemezOptions {
        kind: RemezType::Hilbert,
        ..Default::default()
    };
    let dif = RemezOptions {
        kind: RemezType::Differentiator,
        ..Default::default()
    };
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let h = remez(21, &[0.0, 0.1, 0.2, 0.5], &[1.0, 0.0], &o).unwrap();
        assert_eq!(h.device(), dev);
        close(&h, REMEZ_LP, 1e-7, 1e-9);
        let w = RemezOptions {
            weight: Some(vec![1.0, 2.0, 1.0]),
            ..Default::default()
        };
        let h = remez(24, &[0.0, 0.08, 0.15, 0.3, 0.38, 0.5], &[0.0, 1.0, 0.0], &w).unwrap();
        close(&h, REMEZ_BP_EVEN, 1e-7, 1e-9);
        let f = RemezOptions {
            fs: Some(1000.0),
            ..Default::default()
        };
        let h = remez(31, &[0.0, 100.0, 150.0, 500.0], &[0.0, 1.0], &f).unwrap();
        close(&h, REMEZ_HP_FS, 1e-7, 1e-9);
        for (numtaps, bands, o, want) in [
            (21, &[0.05, 0.45][..], &hil, REMEZ_HILBERT),
            (20, &[0.05, 0.5][..], &hil, REMEZ_HILBERT_EVEN),
            (16, &[0.0, 0.4][..], &dif, REMEZ_DIFF),
            (15, &[0.02, 0.45][..], &dif, REMEZ_DIFF_ODD),
        ] {
            close(&remez(numtaps, bands, &[1.0], o).unwrap(), want, 1e-7, 1e-9);
        }
    }
}

#[test]
fn remez_rejects_bad_bands() {
    let o = RemezOptions::default();
    for (bands, des) in [
        (&[0.0, 0.2, 0.3, 0.6][..], &[1.0, 0.0][..]),
        (&[0.0, 0.3, 0.2, 0.5][..], &[1.0, 0.0][..]),
        (&[0.0, 0.2, 0.3, 0.5][..], &[1.0, 0.0, 1.0][..]),
    ] {
        let e = remez(11, bands, des, &o).unwrap_err().to_string();
        assert!(e.contains("remez"), "{e}");
    }
    assert!(RemezType::parse("lowpass").is_err());
}
