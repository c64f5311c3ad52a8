//! Values of the one-argument ufuncs against SciPy 1.17.1 (`scipy.special.<name>(x)`, computed with python3 at the inputs listed in `tests/data/values.txt`), on every device, float64 and float32.

use super::grid::{data_file, parse, section};
use super::{check, check_f32};
use cuprum_core::{Array, Result};
use cuprum_special as sp;

/// A one-argument ufunc: its group in `tests/data/values.txt`, the float64 rtol, the function.
type Case = (&'static str, f64, fn(&[&Array]) -> Result<Array>);

const CASES: &[Case] = &[
    ("erf", 1e-13, |a| sp::erf(a[0])),
    ("erfc", 1e-13, |a| sp::erfc(a[0])),
    ("erfinv", 1e-13, |a| sp::erfinv(a[0])),
    ("erfcinv", 1e-13, |a| sp::erfcinv(a[0])),
    ("ndtr", 1e-13, |a| sp::ndtr(a[0])),
    ("ndtri", 1e-13, |a| sp::ndtri(a[0])),
    ("gamma", 1e-13, |a| sp::gamma(a[0])),
    ("gammaln", 1e-13, |a| sp::gammaln(a[0])),
    ("loggamma", 1e-13, |a| sp::loggamma(a[0])),
    ("gammasgn", 1e-13, |a| sp::gammasgn(a[0])),
    ("rgamma", 1e-13, |a| sp::rgamma(a[0])),
    ("digamma", 1e-13, |a| sp::digamma(a[0])),
    ("zetac", 1e-13, |a| sp::zetac(a[0])),
    ("expit", 1e-13, |a| sp::expit(a[0])),
    ("logit", 1e-13, |a| sp::logit(a[0])),
    ("log_expit", 1e-13, |a| sp::log_expit(a[0])),
    ("entr", 1e-13, |a| sp::entr(a[0])),
    ("j0", 1e-13, |a| sp::j0(a[0])),
    ("j1", 1e-13, |a| sp::j1(a[0])),
    ("y0", 1e-13, |a| sp::y0(a[0])),
    ("y1", 1e-13, |a| sp::y1(a[0])),
    ("i0", 1e-13, |a| sp::i0(a[0])),
    ("i0e", 1e-13, |a| sp::i0e(a[0])),
    ("i1", 1e-13, |a| sp::i1(a[0])),
    ("i1e", 1e-13, |a| sp::i1e(a[0])),
    ("k0", 1e-13, |a| sp::k0(a[0])),
    ("k0e", 1e-13, |a| sp::k0e(a[0])),
    ("k1", 1e-13, |a| sp::k1(a[0])),
    ("k1e", 1e-13, |a| sp::k1e(a[0])),
    ("ellipk", 1e-13, |a| sp::ellipk(a[0])),
    ("ellipkm1", 1e-13, |a| sp::ellipkm1(a[0])),
    ("ellipe", 1e-13, |a| sp::ellipe(a[0])),
    ("expi", 1e-13, |a| sp::expi(a[0])),
    ("exp1", 1e-13, |a| sp::exp1(a[0])),
];

/// Each ufunc of [`CASES`] on `[f.x]` against `[f.want]` ([`check`]) and on `[f.x]` as float32
/// against `[f.want32]` ([`check_f32`]).
#[test]
fn one_argument_ufuncs_against_scipy() {
    let text = data_file("values");
    for &(f, rtol, func) in CASES {
        eprintln!("{f}");
        let col = |n: &str| parse(section(&text, &format!("{f}.{n}")));
        let (x, want, want32) = (col("x"), col("want"), col("want32"));
        assert_eq!(x.len(), want.len(), "{f}");
        assert_eq!(x.len(), want32.len(), "{f}");
        check(&x, &want, rtol, func);
        check_f32(&[&x], &want32, func);
    }
}
