//! `cuprum_special::stats`' descriptive statistics, ranks, correlations and binned
//! statistics against SciPy 1.17.1, on every device (the inputs and SciPy's values in
//! `tests/data/stats_descriptive.txt`, one section per SciPy call).

use super::close;
use super::grid::{data_file, parse, section};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::stats::QuantileMethod;
use cuprum_core::{Array, DType, Device, Result, SliceItem};
use cuprum_special::stats::{self, Alternative, BinStatistic, RankMethod, ScoreKind};

fn f64s(a: &Array) -> Vec<f64> {
    a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

/// The reference values of `tests/data/stats_descriptive.txt` and the comparison with them.
struct Refs(String);

impl Refs {
    fn load() -> Self {
        Refs(data_file("stats_descriptive"))
    }

    /// The numbers of section `[name]`.
    fn values(&self, name: &str) -> Vec<f64> {
        parse(section(&self.0, name))
    }

    /// Section `[name]` as an array of shape `shape` on `dev`.
    fn array(&self, name: &str, shape: &[usize], dev: Device) -> Array {
        Array::from_vec_on(self.values(name), shape, dev).unwrap()
    }

    /// Whether `got` (on `dev`) matches section `[what]` within `rtol` (or 1e-15 absolute).
    fn cmp(&self, dev: Device, what: &str, got: &Array, rtol: f64) {
        let want = self.values(what);
        assert_eq!(got.device(), dev, "{what}");
        let g = f64s(got);
        assert_eq!(g.len(), want.len(), "{what}: length");
        for (i, (&g, &w)) in g.iter().zip(&want).enumerate() {
            assert!(
                close(g, w, rtol) || (g - w).abs() < 1e-15,
                "{dev}: {what}[{i}]: got {g:e}, SciPy {w:e}"
            );
        }
    }
}

/// A statistic along an axis of `A` (3 x 5): SciPy's call with `{axis}` for the axis, the
/// function of `A` and the axis.
type AxisStat = (&'static str, fn(&Array, Option<isize>) -> Result<Array>);

#[rustfmt::skip]
const AXIS_STATS: &[AxisStat] = &[
    ("moment(A, 3, axis={axis})", |x, ax| stats::moment(x, 3, ax, None)),
    ("moment(A, 1, axis={axis})", |x, ax| stats::moment(x, 1, ax, None)),
    ("moment(A, 2, axis={axis}, center=1.5)", |x, ax| stats::moment(x, 2, ax, Some(1.5))),
    ("skew(A, axis={axis}, bias=True)", |x, ax| stats::skew(x, ax, true)),
    ("kurtosis(A, axis={axis}, fisher=True, bias=True)", |x, ax| stats::kurtosis(x, ax, true, true)),
    ("kurtosis(A, axis={axis}, fisher=False, bias=True)", |x, ax| stats::kurtosis(x, ax, false, true)),
    ("skew(A, axis={axis}, bias=False)", |x, ax| stats::skew(x, ax, false)),
    ("kurtosis(A, axis={axis}, fisher=True, bias=False)", |x, ax| stats::kurtosis(x, ax, true, false)),
    ("kurtosis(A, axis={axis}, fisher=False, bias=False)", |x, ax| stats::kurtosis(x, ax, false, false)),
    ("sem(A, axis={axis})", |x, ax| stats::sem(x, ax, 1.0)),
    ("variation(A, axis={axis}, ddof=1)", |x, ax| stats::variation(x, ax, 1.0)),
    ("gmean(abs(A), axis={axis})", |x, ax| stats::gmean(&abs(x), ax, None)),
    ("hmean(abs(A), axis={axis})", |x, ax| stats::hmean(&abs(x), ax, None)),
    ("pmean(abs(A), 2.5, axis={axis})", |x, ax| stats::pmean(&abs(x), 2.5, ax, None)),
    ("iqr(A, axis={axis})", |x, ax| stats::iqr(x, ax, (25.0, 75.0), 1.0, QuantileMethod::Linear)),
];

/// The axes of the descriptive statistics, as SciPy writes them, and the number of values
/// along each.
const AXES: [(Option<isize>, &str, usize); 3] =
    [(Some(0), "0", 3), (Some(1), "1", 5), (None, "None", 15)];

fn abs(x: &Array) -> Array {
    cuprum_core::abs(x).unwrap()
}

#[test]
fn descriptive() {
    let refs = Refs::load();
    for dev in all_devices() {
        let x = refs.array("A", &[3, 5], dev);
        for (axis, name, nobs) in AXES {
            for (call, f) in AXIS_STATS {
                let what = format!("scipy.stats.{}", call.replace("{axis}", name));
                refs.cmp(dev, &what, &f(&x, axis).unwrap(), 1e-13);
            }
            let d = stats::describe(&x, axis, 1.0, true).unwrap();
            assert_eq!(d.nobs, nobs);
            let fields = [
                ("mean", &d.mean, 1e-13),
                ("variance", &d.variance, 1e-13),
                ("skewness", &d.skewness, 1e-13),
                ("kurtosis", &d.kurtosis, 1e-13),
                ("min", &d.minmax.0, 0.0),
                ("max", &d.minmax.1, 0.0),
            ];
            for (field, got, rtol) in fields {
                let what = format!("scipy.stats.describe(A, axis={name}) {field}");
                refs.cmp(dev, &what, got, rtol);
            }
        }
        let w = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], dev).unwrap();
        let rows = [
            (
                "gmean(abs(A), axis=1, weights=[1, 2, 3, 4, 5])",
                stats::gmean(&abs(&x), Some(1), Some(&w)),
            ),
            (
                "hmean(abs(A), axis=1, weights=[1, 2, 3, 4, 5])",
                stats::hmean(&abs(&x), Some(1), Some(&w)),
            ),
            (
                "iqr(A, axis=1, rng=(10, 80), scale='normal')",
                stats::iqr(
                    &x,
                    Some(1),
                    (10.0, 80.0),
                    1.3489795003921634,
                    QuantileMethod::Linear,
                ),
            ),
            (
                "hmean(A) (negative values: NaN)",
                stats::hmean(&x, None, None),
            ),
        ];
        for (call, got) in rows {
            refs.cmp(dev, &format!("scipy.stats.{call}"), &got.unwrap(), 1e-13);
        }
    }
}

#[test]
fn ranks_and_modes() {
    let refs = Refs::load();
    use RankMethod as R;
    for dev in all_devices() {
        let x = refs.array("A", &[3, 5], dev);
        let b = refs.array("B", &[3, 5], dev);
        for method in [R::Average, R::Min, R::Max, R::Dense, R::Ordinal] {
            let name = format!("{method:?}").to_lowercase();
            let cases = [(&x, "A", AXES[0]), (&x, "A", AXES[1]), (&x, "A", AXES[2])];
            for (a, a_name, (axis, ax_name, _)) in cases.into_iter().chain([(&b, "B", AXES[1])]) {
                let what =
                    format!("scipy.stats.rankdata({a_name}, method='{name}', axis={ax_name})");
                refs.cmp(dev, &what, &stats::rankdata(a, method, axis).unwrap(), 0.0);
            }
        }
        let r = stats::rankdata(
            &b.slice(&[SliceItem::Index(0)]).unwrap(),
            RankMethod::Min,
            None,
        )
        .unwrap();
        assert_eq!(r.dtype(), DType::Int64);
        let b2 = b
            .slice(&[SliceItem::Slice {
                start: None,
                stop: Some(2),
                step: 1,
            }])
            .unwrap();
        for (axis, name, _) in AXES {
            let m = stats::mode(&b2, axis, false).unwrap();
            let what = format!("scipy.stats.mode(B[:2], axis={name})");
            refs.cmp(dev, &format!("{what} mode"), &m.mode, 0.0);
            refs.cmp(dev, &format!("{what} count"), &m.count, 0.0);
        }
        let m = stats::mode(&b, Some(1), true).unwrap();
        assert_eq!(m.mode.shape(), &[3, 1]);
        use ScoreKind as K;
        for kind in [K::Rank, K::Weak, K::Strict, K::Mean] {
            let name = format!("{kind:?}").to_lowercase();
            let a1 =
                Array::from_vec_on(vec![1.0, 2.0, 3.0, 3.0, 4.0, 2.0, 1.5], &[7], dev).unwrap();
            let s =
                Array::from_vec_on(vec![0.5, 2.0, 3.0, f64::NAN, 10.0, 1.0], &[6], dev).unwrap();
            let what = format!(
                "scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='{name}')"
            );
            refs.cmp(
                dev,
                &what,
                &stats::percentileofscore(&a1, &s, kind).unwrap(),
                1e-13,
            );
        }
    }
}

#[test]
fn correlations() {
    let refs = Refs::load();
    type Corr = fn(&Array, &Array, Alternative, isize) -> Result<stats::CorrelationResult>;
    let tests: [(Corr, &str); 2] = [
        (stats::pearsonr, "pearsonr"),
        (stats::spearmanr, "spearmanr"),
    ];
    let alternatives = [
        (Alternative::TwoSided, "two-sided"),
        (Alternative::Less, "less"),
        (Alternative::Greater, "greater"),
    ];
    for dev in all_devices() {
        let x = refs.array("X", &[12], dev);
        let y = refs.array("Y", &[12], dev);
        let x2 = refs.array("A", &[3, 5], dev);
        let y2 = refs.array("Y2", &[3, 5], dev);
        for (alt, alt_name) in alternatives {
            for (f, name) in tests {
                let r = f(&x, &y, alt, 0).unwrap();
                let what = format!("scipy.stats.{name}(X, Y, alternative='{alt_name}')");
                refs.cmp(dev, &format!("{what} r"), &r.statistic, 1e-13);
                refs.cmp(dev, &format!("{what} p"), &r.pvalue, 1e-12);
            }
        }
        for axis in [0, 1] {
            let r = stats::pearsonr(&x2, &y2, Alternative::TwoSided, axis).unwrap();
            let what = format!("scipy.stats.pearsonr(A, Y2, axis={axis})");
            refs.cmp(dev, &format!("{what} r"), &r.statistic, 1e-13);
            refs.cmp(dev, &format!("{what} p"), &r.pvalue, 1e-12);
        }
        let first = [SliceItem::Slice {
            start: None,
            stop: Some(1),
            step: 1,
        }];
        let (x1, y1) = (x.slice(&first).unwrap(), y.slice(&first).unwrap());
        assert!(stats::pearsonr(&x1, &y1, Alternative::TwoSided, 0).is_err());
        assert!(stats::pearsonr(&x, &x2, Alternative::TwoSided, 0).is_err());
    }
}

#[test]
fn binned_statistics() {
    let refs = Refs::load();
    use BinStatistic as B;
    for dev in all_devices() {
        let p = refs.array("P", &[40], dev);
        let q = refs.array("Q", &[40], dev);
        let v = refs.array("V", &[40], dev);
        // The bin edges and bin numbers are SciPy's for every statistic.
        for stat in [B::Mean, B::Std, B::Median, B::Count, B::Sum, B::Min, B::Max] {
            let name = format!("{stat:?}").to_lowercase();
            let r = stats::binned_statistic(&p, &v, stat, 7, None).unwrap();
            let what = format!("scipy.stats.binned_statistic(P, V, '{name}', bins=7)");
            refs.cmp(dev, &what, &r.statistic, 1e-13);
            refs.cmp(dev, "binned edges", &r.bin_edges[0], 1e-15);
            refs.cmp(dev, "binnumber", &r.binnumber, 0.0);
            let range = Some([(0.0, 8.0), (-1.0, 1.0)]);
            let r = stats::binned_statistic_2d(&p, &q, &v, stat, (4, 3), range).unwrap();
            let what = format!(
                "scipy.stats.binned_statistic_2d(P, Q, V, '{name}', bins=(4, 3), range=[(0, 8), (-1, 1)])"
            );
            refs.cmp(dev, &what, &r.statistic, 1e-13);
            refs.cmp(dev, "binnumber 2d", &r.binnumber, 0.0);
        }
        let r = stats::binned_statistic_dd(&[&p, &q, &v], &v, BinStatistic::Mean, &[2, 3, 2], None)
            .unwrap();
        assert_eq!(r.statistic.shape(), &[2, 3, 2]);
        let what = "scipy.stats.binned_statistic_dd([P, Q, V], V, 'mean', bins=[2, 3, 2])";
        refs.cmp(dev, what, &r.statistic, 1e-13);
        refs.cmp(dev, "binnumber dd", &r.binnumber, 0.0);
        assert!(stats::binned_statistic(&p, &v, BinStatistic::Mean, 0, None).is_err());
        assert!(
            stats::binned_statistic(&p, &v, BinStatistic::Mean, 3, Some((1.0, f64::NAN))).is_err()
        );
    }
}
