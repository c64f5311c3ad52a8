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
            ..Default::default()
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
fn frequency_responses_at_given_frequencies() {
    // scipy.signal.freqz/sosfreqz/freqz_zpk/group_delay with array worN (w) and with
    // include_nyquist, b = [0.2, 0.3, 0.1], a = [1, -0.5, 0.25], SciPy 1.17.1
    for dev in devices() {
        let b = crate::arr(vec![0.2, 0.3, 0.1], &[3], dev);
        let a = crate::arr(vec![1.0, -0.5, 0.25], &[3], dev);
        let nyq = FreqzOptions {
            wor_n: 5,
            include_nyquist: true,
            ..Default::default()
        };
        let (w, h) = freqz(&b, Some(&a), &nyq).unwrap();
        let q = std::f64::consts::FRAC_PI_4;
        close(&w, &[0.0, q, 2.0 * q, 3.0 * q, 4.0 * q], 1e-15, 0.0);
        let h_grid = [
            (0.8, 0.0),
            (0.5461735908970131, -0.5703335065585965),
            (-0.09230769230769229, -0.3384615384615385),
            (-0.0382897734696271, -0.0657691912058994),
            (0.0, 0.0),
        ];
        close_c(&h, &h_grid, 1e-13, 1e-15);
        let given = |f: &[f64], fs: f64| FreqzOptions {
            freqs: Some(f.to_vec()),
            fs,
            ..Default::default()
        };
        let (w, h) = freqz(&b, Some(&a), &given(&[0.1, 1.0, 3.0], 8.0)).unwrap();
        close(&w, &[0.1, 1.0, 3.0], 0.0, 0.0);
        let h_at = [
            (0.7987533837230631, -0.052477875058086355),
            (0.5461735908970131, -0.5703335065585965),
            (-0.0382897734696271, -0.0657691912058994),
        ];
        close_c(&h, &h_at, 1e-13, 1e-15);
        let sos = crate::arr(vec![0.2, 0.3, 0.1, 1.0, -0.5, 0.25], &[1, 6], dev);
        let (_, h) = sosfreqz(&sos, &given(&[0.0, 0.25], 1.0)).unwrap();
        close_c(&h, &[h_grid[0], h_grid[2]], 1e-13, 1e-15);
        let z = crate::arr(vec![-1.0], &[1], dev);
        let p = crate::arr(vec![0.5], &[1], dev);
        let (_, h) =
            freqz_zpk(&z, &p, 2.0, &given(&[0.5, 2.0], 2.0 * std::f64::consts::PI)).unwrap();
        let h_zpk = [
            (5.041607534332683, -3.862001261576876),
            (0.3504211937663383, -1.6372460221634624),
        ];
        close_c(&h, &h_zpk, 1e-13, 1e-15);
        let (w, gd) =
            group_delay(&b, &a, &given(&[0.3, 1.2, 2.9], 2.0 * std::f64::consts::PI)).unwrap();
        close(&w, &[0.3, 1.2, 2.9], 0.0, 0.0);
        let gd_at = [0.9208277433864178, 1.4005192892166813, -0.9054783280426373];
        close(&gd, &gd_at, 1e-12, 1e-15);
    }
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
