//! The inverse functions (`gammaincinv`, `betaincinv`, `stdtrit`, `chdtri`, `pdtri`, `bdtri`,
//! `fdtri`, `nbdtri`, ...) against SciPy 1.17.1, on every device: random grids over orders of
//! magnitude of the parameters and probabilities, the edges, and a float32 loop (the values in
//! `tests/data/inverse.txt`).

use super::grid::{data_file, parse, section};
use super::{check_f32, check_n};
use cuprum_core::{Array, Result};
use cuprum_special as sp;

/// An inverse function's check: its group in `tests/data/inverse.txt`, its number of
/// arguments, the float64 rtol, the function.
type Case = (&'static str, usize, f64, fn(&[&Array]) -> Result<Array>);

const CASES: &[Case] = &[
    ("gammaincinv", 2, 5e-13, |x| sp::gammaincinv(x[0], x[1])),
    ("gammainccinv", 2, 5e-13, |x| sp::gammainccinv(x[0], x[1])),
    ("betaincinv", 3, 5e-12, |x| sp::betaincinv(x[0], x[1], x[2])),
    ("betainccinv", 3, 5e-12, |x| {
        sp::betainccinv(x[0], x[1], x[2])
    }),
    ("stdtrit", 2, 1e-12, |x| sp::stdtrit(x[0], x[1])),
    ("chdtri", 2, 5e-13, |x| sp::chdtri(x[0], x[1])),
    ("pdtri", 2, 1e-13, |x| sp::pdtri(x[0], x[1])),
    ("bdtri", 3, 1e-12, |x| sp::bdtri(x[0], x[1], x[2])),
    ("fdtri", 3, 5e-12, |x| sp::fdtri(x[0], x[1], x[2])),
    ("nbdtri", 3, 1e-12, |x| sp::nbdtri(x[0], x[1], x[2])),
];

/// Each function of [`CASES`] on its float64 columns `[f.c0]`, ... against `[f.want]`
/// ([`check_n`]) and on its float32 columns `[f.f32_c0]`, ... against `[f.f32_want]`
/// ([`check_f32`]).
#[test]
fn inverse_functions_against_scipy() {
    let text = data_file("inverse");
    let col = |f: &str, n: &str| parse(section(&text, &format!("{f}.{n}")));
    for &(f, nargs, rtol, func) in CASES {
        eprintln!("{f}");
        let xs: Vec<Vec<f64>> = (0..nargs).map(|k| col(f, &format!("c{k}"))).collect();
        let x32: Vec<Vec<f64>> = (0..nargs).map(|k| col(f, &format!("f32_c{k}"))).collect();
        let (want, want32) = (col(f, "want"), col(f, "f32_want"));
        for c in &xs {
            assert_eq!(c.len(), want.len(), "{f}");
        }
        for c in &x32 {
            assert_eq!(c.len(), want32.len(), "{f}");
        }
        let xr: Vec<&[f64]> = xs.iter().map(Vec::as_slice).collect();
        check_n(&xr, &want, rtol, func);
        let xr: Vec<&[f64]> = x32.iter().map(Vec::as_slice).collect();
        check_f32(&xr, &want32, func);
    }
}

#[test]
fn gammaincinv_at_a_zero() {
    // SciPy's igami/igamci at a = 0: 0 where the complementary probability is at most 1e-5,
    // NaN between that and the ends (0.9999899999999999 is the double below 0.99999)
    let p: &[f64] = &[
        0.0,
        1e-300,
        0.5,
        0.9,
        0.99,
        0.9999899999999999,
        0.99999,
        0.9999900001,
        0.99999999,
        0.9999999999999999,
        1.0,
    ];
    // scipy.special.gammaincinv(0, p)
    let nan = f64::NAN;
    let want: &[f64] = &[
        0.0,
        nan,
        nan,
        nan,
        nan,
        nan,
        0.0,
        0.0,
        0.0,
        0.0,
        f64::INFINITY,
    ];
    let zeros = vec![0.0; p.len()];
    check_n(&[&zeros, p], want, 0.0, |x| {
        cuprum_special::gammaincinv(x[0], x[1])
    });
    let q: &[f64] = &[
        0.0,
        1e-300,
        1e-8,
        9.9999e-6,
        1e-5,
        1.0000000000000003e-5,
        1.0000001e-5,
        0.5,
        0.95,
        1.0,
    ];
    // scipy.special.gammainccinv(0, q); scipy.special.chdtri(0, q) equals it
    let want: &[f64] = &[f64::INFINITY, 0.0, 0.0, 0.0, 0.0, nan, nan, nan, nan, 0.0];
    let zeros = vec![0.0; q.len()];
    check_n(&[&zeros, q], want, 0.0, |x| {
        cuprum_special::gammainccinv(x[0], x[1])
    });
    check_n(&[&zeros, q], want, 0.0, |x| {
        cuprum_special::chdtri(x[0], x[1])
    });
}
