//! `betainc` where `a` or `b` is tiny (Boost's BGRAT route, where Cephes' `1 - I_{1-x}(b, a)`
//! cancels) and `fdtr` with a tiny `dfd`, against SciPy 1.17.1 on every device (grids of
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
