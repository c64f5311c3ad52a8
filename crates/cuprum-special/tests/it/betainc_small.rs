//! `betainc` where `a` or `b` is tiny (Boost's BGRAT route, where Cephes' `1 - I_{1-x}(b, a)`
//! cancels), `fdtr` with a tiny `dfd` and the lower tail of `stdtr`, against SciPy 1.17.1 on every device (grids of
//! `tests/data/betainc_small.txt`, written by `tests/data/betainc_small.py`).

use super::check_n;
use super::grid::group;
use cuprum_special as sp;

#[test]
fn betainc_tiny_a_or_b() {
    let [a, b, x, want] = group("betainc_small", "betainc");
    // 3,360 points: a or b in 1e-12..0.9, the other in 1e-4..1e5, x in 1e-5..1 - 1e-10
    check_n(&[&a, &b, &x], &want, 5e-12, |c| {
        sp::betainc(c[0], c[1], c[2])
    });
}

#[test]
fn fdtr_tiny_dfd() {
    // fdtr(0.5, 1.05e-7, 1.0) = 9.988852816088167e-07 (Cephes' route gave 8.5e-7)
    let [dfn, dfd, x, want] = group("betainc_small", "fdtr");
    check_n(&[&dfn, &dfd, &x], &want, 1e-13, |c| {
        sp::fdtr(c[0], c[1], c[2])
    });
}

#[test]
fn stdtr_lower_tail() {
    // scipy.special.stdtr(df, t): the lower tail where 1/2 - I_z(1/2, df/2)/2 cancels, taken as
    // I_{1-z}(df/2, 1/2)/2 with z exact (Boost's ibetac, as SciPy)
    let df: &[f64] = &[2560.0, 5000.0, 1e5, 50.0, 3.0, 1.5, 40.0];
    let t: &[f64] = &[-30.0, -30.0, -30.0, -5.0, -1.0, -0.2, -3.0];
    let want: &[f64] = &[
        5.2291700822287e-170,
        2.8458290589308155e-182,
        3.68926843611138e-197,
        3.7166061236162897e-06,
        0.19550110947788524,
        0.43259683837288393,
        0.0023150698920780676,
    ];
    check_n(&[df, t], want, 1e-13, |c| sp::stdtr(c[0], c[1]));
}
