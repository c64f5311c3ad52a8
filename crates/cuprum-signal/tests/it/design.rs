//! Filter design and windows against SciPy.

use crate::refs::*;
use crate::{close, close_c, close_sos, devices, sos_options};
use cuprum_signal::*;

#[test]
fn iir_designs() {
    let o = IirOptions {
        btype: BType::Bandstop,
        ..Default::default()
    };
    let (b, a) = butter(3, &[0.1, 0.35], &o).unwrap().ba().unwrap();
    close(&b, BUTTER_BS_B, 1e-10, 1e-12);
    close(&a, BUTTER_BS_A, 1e-10, 1e-12);
    let o = sos_options(BType::Lowpass, None);
    close_sos(cheby2(5, 40.0, &[0.3], &o), CHEBY2_SOS, 1e-10, 1e-12);
    let o = sos_options(BType::Bandpass, Some(1000.0));
    close_sos(
        cheby1(3, 0.5, &[100.0, 200.0], &o),
        CHEBY1_BP_SOS,
        1e-10,
        1e-12,
    );
}

#[test]
fn design_lands_on_the_current_device() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let (b, _a) = butter(4, &[0.2], &IirOptions::default())
            .unwrap()
            .ba()
            .unwrap();
        assert_eq!(b.device(), dev);
        close(&b, B4, 1e-10, 1e-14);
        let h = firwin(
            21,
            &[100.0],
            &FirwinOptions {
                pass_zero: false,
                fs: Some(1000.0),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(h.device(), dev);
        close(&h, FIRWIN_HP, 1e-10, 1e-13);
    }
}

#[test]
fn firwin_width_gives_kaiser() {
    let o = FirwinOptions {
        width: Some(0.1),
        ..Default::default()
    };
    close(
        &firwin(31, &[0.2, 0.4], &o).unwrap(),
        FIRWIN_BS_WIDTH,
        1e-10,
        1e-13,
    );
}

#[test]
fn frequency_responses() {
    for dev in devices() {
        let b = crate::arr(B4.to_vec(), &[5], dev);
        let a = crate::arr(A4.to_vec(), &[5], dev);
        let o = FreqzOptions {
            wor_n: 8,
            whole: true,
            fs: 100.0,
        };
        let (w, h) = freqz(&b, Some(&a), &o).unwrap();
        assert_eq!(h.device(), dev);
        close(&w, FREQZ_W, 1e-12, 1e-12);
        close_c(&h, FREQZ_H, 1e-10, 1e-12);
    }
    let Filter::Zpk(z, p, k) = butter(
        2,
        &[0.3],
        &IirOptions {
            output: FilterOutput::Zpk,
            ..Default::default()
        },
    )
    .unwrap() else {
        panic!("zpk expected")
    };
    let (_w, h) = freqz_zpk(
        &z,
        &p,
        k,
        &FreqzOptions {
            wor_n: 5,
            ..Default::default()
        },
    )
    .unwrap();
    close_c(&h, FREQZ_ZPK_H, 1e-10, 1e-12);
}

#[test]
fn windows_match_scipy() {
    let cases: [(&str, &[f64]); 10] = [
        ("blackman", WIN_BLACKMAN),
        ("flattop", WIN_FLATTOP),
        ("triang", WIN_TRIANG),
        ("parzen", WIN_PARZEN),
        ("bohman", WIN_BOHMAN),
        ("nuttall", WIN_NUTTALL),
        ("barthann", WIN_BARTHANN),
        ("cosine", WIN_COSINE),
        ("lanczos", WIN_LANCZOS),
        ("bartlett", WIN_BARTLETT),
    ];
    for (name, want) in cases {
        close(
            &get_window(&name.into(), 11, true).unwrap(),
            want,
            1e-10,
            1e-14,
        );
    }
    close(
        &get_window(&("gaussian", 2.5).into(), 10, false).unwrap(),
        WIN_GAUSS,
        1e-10,
        1e-14,
    );
    close(
        &get_window(
            &Window::Param2("general_gaussian".into(), 1.5, 3.0),
            10,
            true,
        )
        .unwrap(),
        WIN_GGAUSS,
        1e-10,
        1e-14,
    );
    close(
        &get_window(&("exponential", 2.0).into(), 9, true).unwrap(),
        WIN_EXP,
        1e-10,
        1e-14,
    );
    close(
        &windows::hann(3, true).unwrap(),
        &[0.0, 1.0, 0.0],
        0.0,
        1e-15,
    );
}
