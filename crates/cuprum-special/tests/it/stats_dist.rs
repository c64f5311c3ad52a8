//! `cuprum_special::stats`' distributions against SciPy 1.17.1, on every device: each
//! function on a column of points with array parameters (invalid ones included; the columns
//! and SciPy's values in `tests/data/stats_dist.txt`).

use super::close;
use super::grid::{data_file, parse, section};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Device, Result};
use cuprum_special::stats;

fn cmp(dev: Device, what: &str, r: Result<Array>, want: &[f64], rtol: f64) {
    let r = r.unwrap();
    assert_eq!(r.device(), dev, "{what}");
    assert_eq!(r.dtype(), cuprum_core::DType::Float64, "{what}");
    let g = r.to_vec::<f64>().unwrap();
    assert_eq!(g.len(), want.len(), "{what}");
    for (i, (&g, &w)) in g.iter().zip(want).enumerate() {
        assert!(
            close(g, w, rtol) || (g - w).abs() < 1e-300,
            "{dev}: {what}[{i}]: got {g:e}, SciPy {w:e}"
        );
    }
}

/// A distribution method's check: its section in `tests/data/stats_dist.txt` (SciPy's values),
/// the sections of its argument columns, the rtol, the method.
type Case = (
    &'static str,
    &'static [&'static str],
    f64,
    fn(&[&Array]) -> Result<Array>,
);

/// The [`Case`] of method `$m` of distribution `$d` on column `$x` and the parameter columns
/// `[name: "SECTION", ..]`.
macro_rules! case {
    ($d:ident, $m:ident, $x:literal, $rtol:literal, [$($p:ident: $col:literal),*]) => {
        (concat!(stringify!($d), ".", stringify!($m)), &[$x, $($col),*], $rtol, |a| {
            let [x, $($p),*] = a else { unreachable!() };
            stats::$d::$m(*x, $(*$p),*)
        })
    };
}

/// The six [`Case`]s of distribution `$d`: the density-like methods on the points `$x` (rtol
/// 1e-12), the quantiles on `Q` (rtol `$qtol`), each with the parameter columns `$ps`.
macro_rules! dist {
    ($d:ident, $x:literal, [$($m:ident),*], [$($q:ident),*], $qtol:literal, $ps:tt) => {
        [$(case!($d, $m, $x, 1e-12, $ps),)* $(case!($d, $q, "Q", $qtol, $ps),)*]
    };
}

const DISTS: &[[Case; 6]] = &[
    dist!(norm, "X", [pdf, logpdf, cdf, sf], [ppf, isf], 1e-12, [loc: "LOC", scale: "SCALE"]),
    dist!(expon, "X", [pdf, logpdf, cdf, sf], [ppf, isf], 1e-12, [loc: "LOC", scale: "SCALE"]),
    dist!(uniform, "X", [pdf, logpdf, cdf, sf], [ppf, isf], 1e-12, [loc: "LOC", scale: "SCALE"]),
    dist!(t, "X", [pdf, logpdf, cdf, sf], [ppf, isf], 1e-11, [df: "T_DF", loc: "LOC", scale: "SCALE"]),
    dist!(chi2, "X", [pdf, logpdf, cdf, sf], [ppf, isf], 1e-11, [df: "DF", loc: "LOC", scale: "SCALE"]),
    dist!(gamma, "X", [pdf, logpdf, cdf, sf], [ppf, isf], 1e-11, [a: "GAMMA_A", loc: "LOC", scale: "SCALE"]),
    dist!(beta, "X", [pdf, logpdf, cdf, sf], [ppf, isf], 1e-11, [a: "BETA_A", b: "BETA_B", loc: "LOC", scale: "SCALE"]),
    dist!(poisson, "K", [pmf, logpmf, cdf, sf], [ppf, isf], 1e-12, [mu: "DF", loc: "LOC"]),
    dist!(binom, "K", [pmf, logpmf, cdf, sf], [ppf, isf], 1e-12, [n: "BINOM_N", p: "BINOM_P", loc: "LOC"]),
];

/// Each method of [`DISTS`] on its columns against SciPy's values.
#[test]
fn distributions_against_scipy() {
    let text = data_file("stats_dist");
    for dev in all_devices() {
        for &(what, args, rtol, f) in DISTS.iter().flatten() {
            let xs: Vec<Array> = args
                .iter()
                .map(|n| {
                    let v = parse(section(&text, n));
                    let len = v.len();
                    Array::from_vec_on(v, &[len], dev).unwrap()
                })
                .collect();
            let refs: Vec<&Array> = xs.iter().collect();
            cmp(dev, what, f(&refs), &parse(section(&text, what)), rtol);
        }
    }
}
