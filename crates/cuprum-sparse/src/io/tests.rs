//! Reading and writing the matrices of `tests/data/matrices` (see its README).

use super::*;
use crate::parts::Coo;
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Complex64, Device};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/matrices")
        .join(name)
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cuprum_sparse_io_{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// (row, col) -> summed value
fn entries(c: &Coo) -> BTreeMap<(i64, i64), Complex64> {
    let r = mm::host_i64(&c.row).unwrap();
    let k = mm::host_i64(&c.col).unwrap();
    let (v, _) = mm::host_values(&c.data).unwrap();
    let mut m = BTreeMap::new();
    for i in 0..r.len() {
        *m.entry((r[i], k[i])).or_insert(Complex64::new(0.0, 0.0)) += v[i];
    }
    m
}

fn coo_of(m: MmMatrix) -> Coo {
    match m {
        MmMatrix::Coo(c, _) => c,
        MmMatrix::Dense(..) => panic!("expected a coordinate file"),
    }
}

#[test]
fn mmread_the_collection_files() {
    for dev in all_devices() {
        let lund = mmread(data("lund_a.mtx"), dev).unwrap();
        let i = lund.info().clone();
        assert_eq!((i.rows, i.cols, i.entries), (147, 147, 1298));
        assert_eq!(i.symmetry, MmSymmetry::Symmetric);
        let c = coo_of(lund);
        assert_eq!(c.data.size(), 2449, "expanded entries");
        assert_eq!(c.data.device(), dev);
        let e = entries(&c);
        let fro: f64 = e.values().map(|v| v.norm_sqr()).sum::<f64>().sqrt();
        assert!((fro / 1.3897e9 - 1.0).abs() < 1e-4, "‖A‖_F = {fro}");
        for (&(r, k), v) in &e {
            assert_eq!(e[&(k, r)], *v, "symmetric at ({r}, {k})");
        }
        let p = coo_of(mmread(data("pores_1.mtx"), dev).unwrap());
        assert_eq!((p.shape, p.data.size()), ((30, 30), 180));
        assert_eq!(
            entries(&p)[&(0, 0)],
            Complex64::new(-9.4810113490000e+02, 0.0)
        );
        let j = mmread(data("jgl009.mtx"), dev).unwrap();
        assert_eq!(j.info().field, MmField::Pattern);
        let j = coo_of(j);
        assert_eq!((j.shape, j.data.size()), ((9, 9), 50));
        assert_eq!(j.data.dtype(), cuprum_core::DType::Float64);
    }
}

#[test]
fn malformed_files_name_the_file_and_line() {
    let e = mmread(data("wrong.mtx"), Device::Cpu).unwrap_err();
    let s = e.to_string();
    assert!(matches!(e, crate::SparseError::Io { line: 3, .. }), "{s}");
    assert!(
        s.contains("wrong.mtx") && s.contains("row index 0 is out of bounds"),
        "{s}"
    );
    // more entries declared than the file can hold: refused before allocating
    let p = tmp("huge.mtx");
    std::fs::write(
        &p,
        "%%MatrixMarket matrix coordinate real general\n10 10 1000000000000\n1 1 1.0\n",
    )
    .unwrap();
    let e = mmread(&p, Device::Cpu).unwrap_err().to_string();
    assert!(e.contains("cannot hold") && e.contains(":2:"), "{e}");
    let p = tmp("overflow.mtx");
    std::fs::write(
        &p,
        "%%MatrixMarket matrix array real general\n18446744073709551615 3\n1.0\n",
    )
    .unwrap();
    let e = mmread(&p, Device::Cpu).unwrap_err().to_string();
    assert!(e.contains("overflows"), "{e}");
    let p = tmp("short.mtx");
    std::fs::write(
        &p,
        "%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 1 1\n2 2 x\n",
    )
    .unwrap();
    let e = mmread(&p, Device::Cpu).unwrap_err().to_string();
    assert!(e.contains(":4:") && e.contains("\"x\""), "{e}");
    let p = tmp("few.mtx");
    std::fs::write(
        &p,
        "%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 1 1\n",
    )
    .unwrap();
    let e = mmread(&p, Device::Cpu).unwrap_err().to_string();
    assert!(e.contains("ends after 1"), "{e}");
    let p = tmp("bad.rua");
    std::fs::write(&p, "t\n 1 1 1 1 0\nRUA                   99999999999999  99999999999999  99999999999999\n(1I1) (1I1) (1E9.1)\n").unwrap();
    assert!(hb_read(&p, Device::Cpu).is_err());
    assert!(
        mmread(data("nonexistent.mtx"), Device::Cpu)
            .unwrap_err()
            .to_string()
            .contains("nonexistent.mtx")
    );
}

#[test]
fn matrix_market_round_trips_every_field_and_symmetry() {
    for dev in all_devices() {
        for name in ["lund_a.mtx", "pores_1.mtx", "jgl009.mtx"] {
            let m = mmread(data(name), dev).unwrap();
            let info = m.info().clone();
            let p = tmp(name);
            mmwrite(&p, &m).unwrap();
            let back = mmread(&p, dev).unwrap();
            assert_eq!(back.info(), &info, "{name}");
            assert_eq!(entries(&coo_of(back)), entries(&coo_of(m)), "{name}");
        }
        // every field x symmetry through a small matrix
        let text = [
            (
                "%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 1.5 0\n2 1 2 -3\n",
                3,
            ),
            (
                "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 -4\n3 2 7\n",
                4,
            ),
            (
                "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 1e300\n2 1 -2.5e-300\n",
                3,
            ),
        ];
        for (t, n) in text {
            let p = tmp("small.mtx");
            std::fs::write(&p, t).unwrap();
            let m = mmread(&p, dev).unwrap();
            let c = coo_of(m.clone());
            assert_eq!(c.data.size(), n, "{t}");
            let e = entries(&c);
            if t.contains("hermitian") {
                assert_eq!(e[&(0, 1)], Complex64::new(2.0, 3.0));
            }
            if t.contains("skew") {
                assert_eq!(e[&(0, 1)], Complex64::new(4.0, 0.0));
            }
            let p2 = tmp("small2.mtx");
            mmwrite(&p2, &m).unwrap();
            let b = mmread(&p2, dev).unwrap();
            assert_eq!(b.info(), m.info());
            assert_eq!(entries(&coo_of(b)), e, "{t}");
        }
        // array format, symmetric
        let p = tmp("arr.mtx");
        std::fs::write(
            &p,
            "%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n",
        )
        .unwrap();
        let m = mmread(&p, dev).unwrap();
        let MmMatrix::Dense(a, _) = &m else { panic!() };
        assert_eq!(
            a.to_device(Device::Cpu).unwrap().to_vec::<f64>().unwrap(),
            vec![1.0, 2.0, 2.0, 3.0]
        );
        mmwrite(&p, &m).unwrap();
        let MmMatrix::Dense(b, _) = mmread(&p, dev).unwrap() else {
            panic!()
        };
        assert_eq!(
            b.to_device(Device::Cpu).unwrap().to_vec::<f64>().unwrap(),
            vec![1.0, 2.0, 2.0, 3.0]
        );
    }
}

#[test]
fn harwell_boeing_reads_rsa_like_the_mtx_and_right_hand_sides() {
    for dev in all_devices() {
        let rsa = hb_read(data("lund_a.rsa"), dev).unwrap();
        assert_eq!(rsa.mxtype, "RSA");
        assert_eq!(rsa.key, "LUND A");
        let mtx = coo_of(mmread(data("lund_a.mtx"), dev).unwrap());
        let (a, b) = (entries(&rsa.matrix), entries(&mtx));
        assert_eq!(a.len(), b.len());
        for (k, v) in &a {
            let w = b[k];
            assert!((v - w).norm() <= 1e-7 * w.norm(), "{k:?}: {v} vs {w}");
        }
        let utm = hb_read(data("utm300.rua"), dev).unwrap();
        assert_eq!(
            (utm.matrix.shape, utm.matrix.data.size()),
            ((300, 300), 3155)
        );
        let rhs = utm.rhs.expect("utm300 has a right-hand side");
        assert_eq!(rhs.shape(), &[300, 1]);
        let r = rhs.to_device(Device::Cpu).unwrap().to_vec::<f64>().unwrap();
        assert!(r.iter().all(|x| x.is_finite()) && r.iter().any(|&x| x != 0.0));
        assert!(utm.guess.is_none() && utm.exact.is_none());
        let s = hb_read(data("rua_32_ax.rua"), dev).unwrap();
        assert_eq!((s.matrix.shape, s.matrix.data.size()), ((32, 32), 126));
        // F7.1 without a decimal point: 101 reads as 10.1 (Fortran's implied decimals)
        assert_eq!(entries(&s.matrix)[&(0, 0)], Complex64::new(10.1, 0.0));
        assert_eq!(s.rhs.unwrap().shape(), &[32, 2]);
        assert_eq!(s.guess.unwrap().shape(), &[32, 2]);
        assert_eq!(s.exact.unwrap().shape(), &[32, 2]);
    }
}

#[test]
fn harwell_boeing_round_trips() {
    for dev in all_devices() {
        for (name, sym) in [
            ("lund_a.rsa", true),
            ("utm300.rua", false),
            ("rua_32_ax.rua", false),
        ] {
            let f = hb_read(data(name), dev).unwrap();
            let p = tmp(name);
            hb_write(&p, &f.matrix, &f.title, &f.key, sym).unwrap();
            let g = hb_read(&p, dev).unwrap();
            assert_eq!(g.mxtype, if sym { "RSA" } else { "RUA" });
            assert_eq!(g.key, f.key);
            assert_eq!(entries(&g.matrix), entries(&f.matrix), "{name}");
        }
        // the Matrix Market files through Harwell-Boeing
        for name in ["pores_1.mtx", "jgl009.mtx"] {
            let c = coo_of(mmread(data(name), dev).unwrap());
            let p = tmp("x.rua");
            hb_write(&p, &c, name, "K", false).unwrap();
            assert_eq!(
                entries(&hb_read(&p, dev).unwrap().matrix),
                entries(&c),
                "{name}"
            );
        }
    }
}

/// Issue 46: Matrix Market `integer` values are read as int64, not through f64
/// (9007199254740993 = 2^53 + 1 read as …992), in coordinate and array files, symmetric and
/// skew-symmetric storage too.
#[test]
fn mm_integer_values_are_exact_int64() {
    for dev in all_devices() {
        let big = (1i64 << 53) + 1;
        let text = format!(
            "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 {big}\n3 1 {}\n",
            i64::MAX
        );
        let MmMatrix::Coo(c, _) = mmread_bytes(text.as_bytes(), "int.mtx", dev).unwrap() else {
            panic!("a coordinate file gives COO")
        };
        assert_eq!(c.data.dtype(), cuprum_core::DType::Int64);
        assert_eq!(
            c.data.to_vec::<i64>().unwrap(),
            vec![big, i64::MAX, -big, -i64::MAX]
        );
        let text = format!("%%MatrixMarket matrix array integer general\n2 1\n{big}\n-{big}\n");
        let MmMatrix::Dense(a, _) = mmread_bytes(text.as_bytes(), "arr.mtx", dev).unwrap() else {
            panic!("an array file gives a dense array")
        };
        assert_eq!(a.to_vec::<i64>().unwrap(), vec![big, -big]);
    }
}

/// Issue 46: a Harwell-Boeing real without a decimal point and more than 17 digits is parsed
/// once, correctly rounded (as `str::parse::<f64>` of the decimal value); parsing the
/// mantissa first and scaling it after rounded twice, 1 ulp off here.
#[test]
fn hb_real_without_decimal_point_rounds_once() {
    let want: f64 = "42996121944328664.726".parse().unwrap();
    assert_eq!(hb::parse_real("42996121944328664726", 3), Some(want));
    assert_eq!(want, 4.2996121944328664e16);
    assert_eq!(hb::parse_real("-42996121944328664726", 3), Some(-want));
    // an exponent without its letter, the implied point shifting it
    assert_eq!(hb::parse_real("125-2", 1), Some(0.125));
    assert_eq!(hb::parse_real("1x5", 1), None);
}
