//! The `ecg` example's pipeline on every device against `reference.json` (SciPy 1.17.1 on the
//! record; both files copied from `../shared/data` to `tests/data`).

use crate::devices;
use crate::ecg_example::{Params, pipeline};
use cuprum_core::Device;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

#[test]
fn ecg_matches_scipy_reference_on_every_device() {
    let text = std::fs::read_to_string(data("reference.json")).unwrap();
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    let r = &r["ecg"];
    let num = |k: &str| r[k].as_f64().unwrap();
    let p = Params {
        order: num("order") as usize,
        band: [
            r["band"][0].as_f64().unwrap(),
            r["band"][1].as_f64().unwrap(),
        ],
        nperseg: num("nperseg") as usize,
        height: num("height"),
        distance: num("distance"),
    };
    let first: Vec<i64> = r["first_peaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    let raw = cuprum_core::load(data("ecg_raw_uint16.npy")).unwrap();
    assert_eq!(raw.shape(), &[108_000]);
    for dev in devices() {
        let e = pipeline(&raw.to_device(dev).unwrap(), &p).unwrap();
        let rel = |got: f64, want: f64| (got - want).abs() <= 1e-6 * want.abs();
        assert!(
            rel(e.filtered_std, num("filtered_std")),
            "{dev:?}: filtered_std {}",
            e.filtered_std
        );
        assert!(
            rel(e.welch_peak_hz_50_70, num("welch_peak_hz_50_70")),
            "{dev:?}: welch peak {}",
            e.welch_peak_hz_50_70
        );
        assert_eq!(
            e.peaks.len() as i64,
            r["n_peaks"].as_i64().unwrap(),
            "{dev:?}"
        );
        assert_eq!(&e.peaks[..first.len()], &first[..], "{dev:?}");
        assert!(
            rel(e.mean_heart_rate_bpm, num("mean_heart_rate_bpm")),
            "{dev:?}: heart rate {}",
            e.mean_heart_rate_bpm
        );
        if dev == Device::Cpu {
            let j: serde_json::Value = serde_json::from_str(&e.json()).unwrap();
            assert_eq!(j["n_peaks"], r["n_peaks"]);
            assert_eq!(j["first_peaks"], r["first_peaks"]);
        }
    }
}
