//! `lti`/`dlti`, `lsim`, `impulse`, `step`, `bode`, `freqresp`, `cont2discrete` against SciPy
//! (`gen_lti_splines.py`), on every device.

use crate::refs_lti_splines::*;
use crate::{arr, close, close_c, devices};
use cuprum_core::{Array, Device, Error};
use cuprum_signal::{C2dMethod, Dlti, Lti, System, cont2discrete, impulse, lsim, step};

fn tf(num: &[f64], den: &[f64], dev: Device) -> System {
    System::Tf(
        arr(num.to_vec(), &[num.len()], dev),
        arr(den.to_vec(), &[den.len()], dev),
    )
}

fn times(t0: f64, t1: f64, n: usize, dev: Device) -> Array {
    let v: Vec<f64> = (0..n)
        .map(|i| t0 + (t1 - t0) * i as f64 / (n - 1) as f64)
        .collect();
    arr(v, &[n], dev)
}

#[test]
fn lsim_matches_scipy() {
    for dev in devices() {
        let sys = tf(&[1.0, 3.0], &[1.0, 2.0, 5.0], dev);
        let t = times(0.0, 2.0, 11, dev);
        let tv = t.to_device(Device::Cpu).unwrap().to_vec::<f64>().unwrap();
        let u = arr(
            tv.iter().map(|&x| (3.0 * x).sin() + 0.5).collect(),
            &[11],
            dev,
        );
        let (_, y, x) = lsim(&sys, Some(&u), &t, None, true).unwrap();
        close(&y, LSIM_FOH_Y, 1e-10, 1e-12);
        assert_eq!(x.shape(), &[11, 2]);
        close(&x, LSIM_FOH_X, 1e-10, 1e-12);
        let (_, y, x) = lsim(&sys, Some(&u), &t, Some(&[0.5, -1.0]), false).unwrap();
        close(&y, LSIM_ZOH_X0_Y, 1e-10, 1e-12);
        close(&x, LSIM_ZOH_X0_X, 1e-10, 1e-12);
        let (_, y, _) = lsim(
            &sys,
            None,
            &times(0.5, 3.0, 9, dev),
            Some(&[1.0, 2.0]),
            true,
        )
        .unwrap();
        close(&y, LSIM_FREE_Y, 1e-10, 1e-12);
        let sys2 = tf(&[2.0, 1.0, 1.0], &[1.0, 4.0, 3.0], dev);
        let (_, y, _) = lsim(&sys2, Some(&u), &t, None, true).unwrap();
        close(&y, LSIM_BIPROPER_Y, 1e-10, 1e-12);
    }
}

#[test]
fn impulse_and_step_match_scipy() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let sys = tf(&[1.0, 3.0], &[1.0, 2.0, 5.0], dev);
        let (t, y) = impulse(&sys, None, None, None).unwrap();
        close(&t, IMP_T, 1e-14, 1e-14);
        close(&y, IMP_Y, 1e-10, 1e-12);
        let (t, y) = step(&sys, None, None, Some(12)).unwrap();
        close(&t, STEP_T, 1e-14, 1e-14);
        close(&y, STEP_Y, 1e-10, 1e-12);
        let lti = Lti::new(sys).unwrap();
        let (_, y2) = lti.step(None, Some(&t), None).unwrap();
        close(&y2, STEP_Y, 1e-10, 1e-12);
    }
}

#[test]
fn lti_frequency_responses_match_scipy() {
    for dev in devices() {
        let _g = dev.use_device().unwrap();
        let lti = Lti::new(tf(&[1.0, 3.0], &[1.0, 2.0, 5.0], dev)).unwrap();
        let (w, h) = lti.freqresp(None, 8).unwrap();
        close(&w, FR_W, 1e-13, 0.0);
        close_c(&h, FR_H, 1e-12, 1e-14);
        let lti = Lti::new(tf(&[1.0], &[1.0, 0.5, 2.0, 1.0], dev)).unwrap();
        let (w, m, p) = lti.bode(None, 7).unwrap();
        close(&w, BODE_W, 1e-13, 0.0);
        close(&m, BODE_M, 1e-11, 1e-11);
        close(&p, BODE_P, 1e-11, 1e-11);
        let d = Dlti::new(tf(&[1.0, 0.5], &[1.0, -0.6, 0.2], dev), 0.1).unwrap();
        let (w, h) = d.freqresp(None, 6, false).unwrap();
        close(&w, DFR_W, 1e-15, 0.0);
        close_c(&h, DFR_H, 1e-13, 1e-14);
        let wq = arr(vec![0.1, 0.5, 1.0, 2.0], &[4], dev);
        let (w, m, p) = d.bode(Some(&wq), 0).unwrap();
        close(&w, DBODE_W, 1e-14, 0.0);
        close(&m, DBODE_M, 1e-12, 1e-12);
        close(&p, DBODE_P, 1e-12, 1e-12);
    }
}

fn tf_out(s: System) -> (Array, Array) {
    match s {
        System::Tf(b, a) => (b, a),
        other => panic!("expected a transfer function, got {other:?}"),
    }
}

#[test]
fn cont2discrete_matches_scipy() {
    let cases: [(C2dMethod, &[f64], &[f64]); 6] = [
        (C2dMethod::Zoh, C2D_TF_ZOH_B, C2D_TF_ZOH_A),
        (C2dMethod::Foh, C2D_TF_FOH_B, C2D_TF_FOH_A),
        (C2dMethod::Bilinear, C2D_TF_BILINEAR_B, C2D_TF_BILINEAR_A),
        (C2dMethod::Euler, C2D_TF_EULER_B, C2D_TF_EULER_A),
        (
            C2dMethod::BackwardDiff,
            C2D_TF_BACKWARD_DIFF_B,
            C2D_TF_BACKWARD_DIFF_A,
        ),
        (C2dMethod::Impulse, C2D_TF_IMPULSE_B, C2D_TF_IMPULSE_A),
    ];
    for dev in devices() {
        for (m, wb, wa) in cases {
            let sys = if m == C2dMethod::Impulse {
                tf(&[1.0], &[1.0, 2.0, 5.0], dev)
            } else {
                tf(&[1.0, 3.0], &[1.0, 2.0, 5.0], dev)
            };
            let (b, a) = tf_out(cont2discrete(&sys, 0.1, m).unwrap());
            close(&b, wb, 1e-10, 1e-13);
            close(&a, wa, 1e-12, 1e-13);
        }
        let mats = |dev| {
            System::Ss(
                arr(vec![0.0, 1.0, -2.0, -3.0], &[2, 2], dev),
                arr(vec![0.0, 1.0, 1.0, 0.5], &[2, 2], dev),
                arr(vec![1.0, 0.0], &[1, 2], dev),
                arr(vec![0.0, 0.2], &[1, 2], dev),
            )
        };
        for (m, want) in [
            (C2dMethod::Zoh, C2D_SS_ZOH),
            (C2dMethod::Foh, C2D_SS_FOH),
            (C2dMethod::Gbt(0.3), C2D_SS_GBT),
        ] {
            let System::Ss(a, b, c, d) = cont2discrete(&mats(dev), 0.25, m).unwrap() else {
                panic!("state space expected")
            };
            assert_eq!(a.device(), dev);
            close(&a, &want[..4], 1e-13, 1e-14);
            close(&b, &want[4..8], 1e-13, 1e-14);
            close(&c, &want[8..10], 1e-13, 1e-14);
            close(&d, &want[10..], 1e-13, 1e-14);
        }
        let zpk = System::Zpk(
            arr(vec![-1.0], &[1], dev),
            arr(vec![-2.0, -3.0], &[2], dev),
            4.0,
        );
        let System::Zpk(z, p, k) = cont2discrete(&zpk, 0.1, C2dMethod::Zoh).unwrap() else {
            panic!("zpk expected")
        };
        let real_sorted = |a: &Array| {
            let re = cuprum_core::real(a)
                .unwrap()
                .to_device(Device::Cpu)
                .unwrap();
            let mut v: Vec<f64> = re.to_vec().unwrap();
            v.sort_by(f64::total_cmp);
            v
        };
        let (zr, pr) = (real_sorted(&z), real_sorted(&p));
        let got: Vec<f64> = zr.into_iter().chain(pr).chain([k]).collect();
        for (g, w) in got.iter().zip(C2D_ZPK) {
            assert!(
                (g - w).abs() <= 1e-10 * w.abs().max(1.0),
                "{got:?} vs {C2D_ZPK:?}"
            );
        }
    }
}

#[test]
fn lti_errors_name_the_function() {
    let dev = Device::Cpu;
    let sys = tf(&[1.0], &[1.0, 1.0], dev);
    let t = arr(vec![0.0, 0.1, 0.3], &[3], dev);
    let e = lsim(&sys, None, &t, Some(&[1.0]), true).unwrap_err();
    assert!(matches!(e, Error::BadArgument { arg: "T", .. }), "{e}");
    let e = e.to_string();
    assert!(e.contains("lsim") && e.contains("equally spaced"), "{e}");
    let t = arr(vec![-1.0, 0.0], &[2], dev);
    let e = lsim(&sys, None, &t, None, true).unwrap_err();
    assert!(matches!(e, Error::OutOfDomain { arg: "T", .. }), "{e}");
    assert!(e.to_string().contains("-1"), "{e}");
    let e = cont2discrete(&sys, 0.1, C2dMethod::Gbt(1.5)).unwrap_err();
    assert!(
        matches!(e, Error::OutOfDomain { arg: "alpha", ref value, .. } if value == "1.5"),
        "{e}"
    );
    assert!(e.to_string().contains("cont2discrete"), "{e}");
    let e = C2dMethod::parse("nope", None).unwrap_err();
    assert!(matches!(e, Error::BadArgument { arg: "method", .. }), "{e}");
    assert!(e.to_string().contains("nope"), "{e}");
}
