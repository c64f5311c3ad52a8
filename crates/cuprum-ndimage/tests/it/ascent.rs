//! The `ascent` example's pipeline on every device against `reference.json` (SciPy 1.17.1 on the
//! image; both files copied from `../shared/data` to `tests/data`).

use crate::ascent_example::pipeline;
use cuprum_core::ext::test_util::all_devices;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

#[test]
fn ascent_matches_scipy_reference_on_every_device() {
    let text = std::fs::read_to_string(data("reference.json")).unwrap();
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    let r = &r["ascent"];
    let num = |k: &str| r[k].as_f64().unwrap();
    let int = |k: &str| r[k].as_u64().unwrap() as usize;
    let img = cuprum_core::load(data("ascent_uint8.npy")).unwrap();
    assert_eq!(img.shape(), &[512, 512]);
    // float32 images: 1e-4 relative (the data README's bound for them)
    let rel = |got: f64, want: f64| (got - want).abs() <= 1e-4 * want.abs();
    for dev in all_devices() {
        let s = pipeline(
            &img.to_device(dev).unwrap(),
            num("sigma"),
            num("threshold"),
            r["iterations"].as_i64().unwrap(),
        )
        .unwrap();
        assert!(
            rel(s.gaussian_mean, num("gaussian_mean")),
            "{dev}: gaussian_mean {}",
            s.gaussian_mean
        );
        assert!(
            rel(s.sobel_magnitude_mean, num("sobel_magnitude_mean")),
            "{dev}: sobel_magnitude_mean {}",
            s.sobel_magnitude_mean
        );
        assert_eq!(s.n_labels, int("n_labels"), "{dev}");
        assert_eq!(s.largest_label, int("largest_label"), "{dev}");
        assert_eq!(s.largest_size, num("largest_size"), "{dev}");
        let com = &r["largest_center_of_mass"];
        for k in 0..2 {
            let want = com[k].as_f64().unwrap();
            let got = s.largest_center_of_mass[k];
            assert!(
                (got - want).abs() <= 1e-9 * want.abs(),
                "{dev}: com[{k}] {got}"
            );
        }
        assert_eq!(s.edt_max, num("edt_max"), "{dev}");
        assert_eq!(s.objects.len(), s.n_labels, "{dev}");
        assert_eq!(s.labels.shape(), &[512, 512]);
    }
}
