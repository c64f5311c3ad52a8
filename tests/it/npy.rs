//! `.npy` I/O against NumPy's own files in the conformance corpus.

use cuprum::{Device, npy};
use cuprum_tests::manifest::default_dir;

/// Every little-endian C-order file NumPy wrote is reproduced byte for byte by
/// read-then-write (same header, same padding, same data).
#[test]
fn writer_reproduces_numpy_files_byte_for_byte() {
    let dir = default_dir();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("npy") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let header = String::from_utf8_lossy(&bytes[..bytes.len().min(128)]).to_string();
        if header.contains("'fortran_order': True") || header.contains("'>") {
            continue;
        }
        let a = npy::from_npy_bytes_on(&bytes, Device::Cpu)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = npy::to_npy_bytes(&a).unwrap();
        assert!(
            out == bytes,
            "{}: written bytes differ from NumPy's",
            path.display()
        );
        checked += 1;
    }
    assert!(checked > 500, "only {checked} files checked");
}

/// Fortran-order and big-endian files read as the C-order native values NumPy gives.
#[test]
fn fortran_and_big_endian_files_read_as_numpy_does() {
    let dir = default_dir();
    for (input, expected) in [
        (
            "io.roundtrip.fortran_2d.in0.npy",
            "io.roundtrip.fortran_2d.out0.npy",
        ),
        (
            "io.roundtrip.fortran_3d.i32.in0.npy",
            "io.roundtrip.fortran_3d.i32.out0.npy",
        ),
        (
            "io.roundtrip.big_endian.f64.in0.npy",
            "io.roundtrip.big_endian.f64.out0.npy",
        ),
    ] {
        let a = npy::load_on(dir.join(input), Device::Cpu).unwrap();
        let e = npy::load_on(dir.join(expected), Device::Cpu).unwrap();
        assert_eq!(a.shape(), e.shape(), "{input}");
        assert_eq!(a.dtype(), e.dtype(), "{input}");
        assert!(a.is_c_contiguous());
        assert_eq!(a.to_bytes().unwrap(), e.to_bytes().unwrap(), "{input}");
    }
}

/// A file written by `save` loads back with `load`.
#[test]
fn save_then_load() {
    let path = std::env::temp_dir().join(format!("cuprum_it_npy_{}.npy", std::process::id()));
    let a = cuprum::Array::from_vec_on(vec![1u32, 2, 3, 4, 5, 6], &[3, 2], Device::Cpu).unwrap();
    npy::save(&path, &a).unwrap();
    let b = npy::load_on(&path, Device::Cpu).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(b.shape(), &[3, 2]);
    assert_eq!(b.to_vec::<u32>().unwrap(), vec![1, 2, 3, 4, 5, 6]);
}
