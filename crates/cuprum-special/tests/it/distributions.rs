//! The distribution functions and Box-Cox transforms against SciPy 1.17.1 (`scipy.special.<name>(*args)`), on every device.

use super::check_n;
use super::grid::{Case, check_cases};
use cuprum_special as sp;

const CASES: &[Case] = &[
    ("chdtr", 2, 1e-13, |a| sp::chdtr(a[0], a[1])),
    ("chdtrc", 2, 1e-13, |a| sp::chdtrc(a[0], a[1])),
    ("pdtr", 2, 1e-13, |a| sp::pdtr(a[0], a[1])),
    ("pdtrc", 2, 1e-13, |a| sp::pdtrc(a[0], a[1])),
    ("stdtr", 2, 1e-13, |a| sp::stdtr(a[0], a[1])),
    ("boxcox", 2, 1e-13, |a| sp::boxcox(a[0], a[1])),
    ("boxcox1p", 2, 1e-13, |a| sp::boxcox1p(a[0], a[1])),
    ("inv_boxcox", 2, 1e-13, |a| sp::inv_boxcox(a[0], a[1])),
    ("inv_boxcox1p", 2, 1e-13, |a| sp::inv_boxcox1p(a[0], a[1])),
    ("gdtr", 3, 1e-13, |a| sp::gdtr(a[0], a[1], a[2])),
    ("gdtrc", 3, 1e-13, |a| sp::gdtrc(a[0], a[1], a[2])),
    ("bdtr", 3, 1e-13, |a| sp::bdtr(a[0], a[1], a[2])),
    ("bdtrc", 3, 1e-13, |a| sp::bdtrc(a[0], a[1], a[2])),
    ("fdtr", 3, 1e-13, |a| sp::fdtr(a[0], a[1], a[2])),
    ("fdtrc", 3, 1e-13, |a| sp::fdtrc(a[0], a[1], a[2])),
];

/// Each function of [`CASES`] against SciPy's float64 and float32 values.
#[test]
fn table_against_scipy() {
    check_cases("distributions", CASES);
}

#[test]
fn nbdtr() {
    // scipy.special.nbdtr(*args) for the columns below
    let x0 = [3.0, 0.0, 10.0, -1.0, 3.0];
    let x1 = [5.0, 5.0, 2.0, 5.0, 5.0];
    let x2 = [0.4, 0.4, 0.9, 0.4, 1.5];
    let want = [
        0.1736704,
        0.010240000000000003,
        0.999999999891,
        f64::NAN,
        f64::NAN,
    ];
    check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::nbdtr(a[0], a[1], a[2])
    });
}

#[test]
fn nbdtrc() {
    // scipy.special.nbdtrc(*args) for the columns below
    let x0 = [3.0, 0.0, 10.0, -1.0];
    let x1 = [5.0, 5.0, 2.0, 5.0];
    let x2 = [0.4, 0.4, 0.9, 0.4];
    let want = [0.8263296, 0.98976, 1.0899999999999973e-10, f64::NAN];
    check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::nbdtrc(a[0], a[1], a[2])
    });
}
