//! `cuprum_special::stats`' descriptive statistics, ranks, correlations and binned
//! statistics against SciPy 1.17.1, on every device.

use super::close;
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::stats::QuantileMethod;
use cuprum_core::{Array, DType, Device};
use cuprum_special::stats::{self, Alternative, BinStatistic, RankMethod, ScoreKind};

fn f64s(a: &Array) -> Vec<f64> {
    a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

fn cmp(dev: Device, what: &str, got: &Array, want: &[f64], rtol: f64) {
    assert_eq!(got.device(), dev, "{what}");
    let g = f64s(got);
    assert_eq!(g.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in g.iter().zip(want).enumerate() {
        assert!(
            close(g, w, rtol) || (g - w).abs() < 1e-15,
            "{dev}: {what}[{i}]: got {g:e}, SciPy {w:e}"
        );
    }
}

const A: &[f64] = &[
    1.004, 1.896, 0.178, -1.672, -0.364, -1.975, 1.18, 5.021, -0.477, -0.861, 2.47, 2.071, 1.316,
    -1.791, 2.071,
];

fn a(dev: Device) -> Array {
    Array::from_vec_on(A.to_vec(), &[3, 5], dev).unwrap()
}

#[test]
fn descriptive() {
    for dev in all_devices() {
        let x = a(dev);
        // scipy.stats.moment(A, 3, axis=0)
        cmp(
            dev,
            "scipy.stats.moment(A, 3, axis=0)",
            &stats::moment(&x, 3, Some(0), None).unwrap(),
            &[
                -2.459088090074075,
                -0.03432468674074075,
                4.860717940592595,
                0.14328322859259254,
                1.3209582420000006,
            ],
            1e-13,
        );
        // scipy.stats.moment(A, 1, axis=0)
        cmp(
            dev,
            "scipy.stats.moment(A, 1, axis=0)",
            &stats::moment(&x, 1, Some(0), None).unwrap(),
            &[0.0, 0.0, 0.0, 0.0, 0.0],
            1e-13,
        );
        // scipy.stats.moment(A, 2, axis=0, center=1.5)
        cmp(
            dev,
            "scipy.stats.moment(A, 2, axis=0, center=1.5)",
            &stats::moment(&x, 2, Some(0), Some(1.5)).unwrap(),
            &[
                4.420847,
                0.1950856666666667,
                4.7263269999999995,
                8.266931333333332,
                3.124952666666666,
            ],
            1e-13,
        );
        // scipy.stats.skew(A, axis=0, bias=True)
        cmp(
            dev,
            "scipy.stats.skew(A, axis=0, bias=True)",
            &stats::skew(&x, Some(0), true).unwrap(),
            &[
                -0.38877703160322746,
                -0.5993690418532789,
                0.5498790251393177,
                0.6858364762955036,
                0.6281394474395009,
            ],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=0, fisher=True, bias=True)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=0, fisher=True, bias=True)",
            &stats::kurtosis(&x, Some(0), true, true).unwrap(),
            &[
                -1.4999999999999998,
                -1.5000000000000002,
                -1.4999999999999998,
                -1.5000000000000007,
                -1.5,
            ],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=0, fisher=False, bias=True)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=0, fisher=False, bias=True)",
            &stats::kurtosis(&x, Some(0), false, true).unwrap(),
            &[
                1.5000000000000002,
                1.4999999999999998,
                1.5000000000000002,
                1.4999999999999993,
                1.5,
            ],
            1e-13,
        );
        // scipy.stats.skew(A, axis=0, bias=False)
        cmp(
            dev,
            "scipy.stats.skew(A, axis=0, bias=False)",
            &stats::skew(&x, Some(0), false).unwrap(),
            &[
                -0.952305351141797,
                -1.4681483201613879,
                1.3469230318503718,
                1.679949413912394,
                1.5386211335405504,
            ],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=0, fisher=True, bias=False)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=0, fisher=True, bias=False)",
            &stats::kurtosis(&x, Some(0), true, false).unwrap(),
            &[
                -1.4999999999999998,
                -1.5000000000000002,
                -1.4999999999999998,
                -1.5000000000000007,
                -1.5,
            ],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=0, fisher=False, bias=False)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=0, fisher=False, bias=False)",
            &stats::kurtosis(&x, Some(0), false, false).unwrap(),
            &[
                1.5000000000000002,
                1.4999999999999998,
                1.5000000000000002,
                1.4999999999999993,
                1.5,
            ],
            1e-13,
        );
        // scipy.stats.sem(A, axis=0)
        cmp(
            dev,
            "scipy.stats.sem(A, axis=0)",
            &stats::sem(&x, Some(0), 1.0).unwrap(),
            &[
                1.307704137452777,
                0.27255600851527345,
                1.4620517926682506,
                0.4195753143887811,
                0.905932852552182,
            ],
            1e-13,
        );
        // scipy.stats.variation(A, axis=0, ddof=1)
        cmp(
            dev,
            "scipy.stats.variation(A, axis=0, ddof=1)",
            &stats::variation(&x, Some(0), 1.0).unwrap(),
            &[
                4.533042042700956,
                0.2751588428152103,
                1.1660850291014127,
                -0.553344488926183,
                5.564261449880083,
            ],
            1e-13,
        );
        // scipy.stats.gmean(abs(A), axis=0)
        cmp(
            dev,
            "scipy.stats.gmean(abs(A), axis=0)",
            &stats::gmean(&stats_abs(&x), Some(0), None).unwrap(),
            &[
                1.6982407405971511,
                1.6671198134947165,
                1.0555740481553475,
                1.1262031714332728,
                0.865821191706094,
            ],
            1e-13,
        );
        // scipy.stats.hmean(abs(A), axis=0)
        cmp(
            dev,
            "scipy.stats.hmean(abs(A), axis=0)",
            &stats::hmean(&stats_abs(&x), Some(0), None).unwrap(),
            &[
                1.5729838144187525,
                1.614863366139711,
                0.45613366630375685,
                0.9222626431671983,
                0.683129875711265,
            ],
            1e-13,
        );
        // scipy.stats.pmean(abs(A), 2.5, axis=0)
        cmp(
            dev,
            "scipy.stats.pmean(abs(A), 2.5, axis=0)",
            &stats::pmean(&stats_abs(&x), 2.5, Some(0), None).unwrap(),
            &[
                1.957342214156994,
                1.7773725547212302,
                3.2808470551885573,
                1.4852121972615977,
                1.3986182669131553,
            ],
            1e-13,
        );
        // scipy.stats.iqr(A, axis=0)
        cmp(
            dev,
            "scipy.stats.iqr(A, axis=0)",
            &stats::iqr(&x, Some(0), (25.0, 75.0), 1.0, QuantileMethod::Linear).unwrap(),
            &[
                2.2225,
                0.44550000000000023,
                2.4215,
                0.657,
                1.4660000000000002,
            ],
            1e-13,
        );
        let d = stats::describe(&x, Some(0), 1.0, true).unwrap();
        // scipy.stats.describe(A, axis=0)
        assert_eq!(d.nobs, 3);
        cmp(
            dev,
            "describe mean",
            &d.mean,
            &[
                0.4996666666666667,
                1.7156666666666667,
                2.1716666666666664,
                -1.3133333333333332,
                0.28200000000000003,
            ],
            1e-13,
        );
        cmp(
            dev,
            "describe variance",
            &d.variance,
            &[
                5.130270333333334,
                0.22286033333333344,
                6.412786333333333,
                0.5281303333333334,
                2.462143,
            ],
            1e-13,
        );
        cmp(
            dev,
            "describe skewness",
            &d.skewness,
            &[
                -0.38877703160322746,
                -0.5993690418532789,
                0.5498790251393177,
                0.6858364762955036,
                0.6281394474395009,
            ],
            1e-13,
        );
        cmp(
            dev,
            "describe kurtosis",
            &d.kurtosis,
            &[
                -1.4999999999999998,
                -1.5000000000000002,
                -1.4999999999999998,
                -1.5000000000000007,
                -1.5,
            ],
            1e-13,
        );
        cmp(
            dev,
            "describe min",
            &d.minmax.0,
            &[-1.975, 1.18, 0.178, -1.791, -0.861],
            0.0,
        );
        cmp(
            dev,
            "describe max",
            &d.minmax.1,
            &[2.47, 2.071, 5.021, -0.477, 2.071],
            0.0,
        );
        // scipy.stats.moment(A, 3, axis=1)
        cmp(
            dev,
            "scipy.stats.moment(A, 3, axis=1)",
            &stats::moment(&x, 3, Some(1), None).unwrap(),
            &[-0.3053223544319995, 13.433176658591995, -4.875960189311998],
            1e-13,
        );
        // scipy.stats.moment(A, 1, axis=1)
        cmp(
            dev,
            "scipy.stats.moment(A, 1, axis=1)",
            &stats::moment(&x, 1, Some(1), None).unwrap(),
            &[0.0, 0.0, 0.0],
            1e-13,
        );
        // scipy.stats.moment(A, 2, axis=1, center=1.5)
        cmp(
            dev,
            "scipy.stats.moment(A, 2, axis=1, center=1.5)",
            &stats::moment(&x, 2, Some(1), Some(1.5)).unwrap(),
            &[3.1373191999999994, 6.8116632, 2.4915038000000003],
            1e-13,
        );
        // scipy.stats.skew(A, axis=1, bias=True)
        cmp(
            dev,
            "scipy.stats.skew(A, axis=1, bias=True)",
            &stats::skew(&x, Some(1), true).unwrap(),
            &[
                -0.17146938964675473,
                0.9230333052868658,
                -1.2974575227546465,
            ],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=1, fisher=True, bias=True)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=1, fisher=True, bias=True)",
            &stats::kurtosis(&x, Some(1), true, true).unwrap(),
            &[
                -1.04267539762573,
                -0.5350146333229246,
                -0.042434507575252134,
            ],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=1, fisher=False, bias=True)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=1, fisher=False, bias=True)",
            &stats::kurtosis(&x, Some(1), false, true).unwrap(),
            &[1.95732460237427, 2.4649853666770754, 2.957565492424748],
            1e-13,
        );
        // scipy.stats.skew(A, axis=1, bias=False)
        cmp(
            dev,
            "scipy.stats.skew(A, axis=1, bias=False)",
            &stats::skew(&x, Some(1), false).unwrap(),
            &[-0.2556114742070281, 1.3759768107451653, -1.93413547919858],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=1, fisher=True, bias=False)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=1, fisher=True, bias=False)",
            &stats::kurtosis(&x, Some(1), true, false).unwrap(),
            &[-0.17070159050291878, 1.8599414667083014, 3.8302619696989924],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=1, fisher=False, bias=False)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=1, fisher=False, bias=False)",
            &stats::kurtosis(&x, Some(1), false, false).unwrap(),
            &[2.8292984094970812, 4.859941466708301, 6.830261969698992],
            1e-13,
        );
        // scipy.stats.sem(A, axis=1)
        cmp(
            dev,
            "scipy.stats.sem(A, axis=1)",
            &stats::sem(&x, Some(1), 1.0).unwrap(),
            &[0.6060298342491068, 1.2207417253457014, 0.7773662328658223],
            1e-13,
        );
        // scipy.stats.variation(A, axis=1, ddof=1)
        cmp(
            dev,
            "scipy.stats.variation(A, axis=1, ddof=1)",
            &stats::variation(&x, Some(1), 1.0).unwrap(),
            &[6.50251394325304, 4.72586821475652, 1.4161998860199692],
            1e-13,
        );
        // scipy.stats.gmean(abs(A), axis=1)
        cmp(
            dev,
            "scipy.stats.gmean(abs(A), axis=1)",
            &stats::gmean(&stats_abs(&x), Some(1), None).unwrap(),
            &[0.72923237437191, 1.368838374368409, 1.903188151252451],
            1e-13,
        );
        // scipy.stats.hmean(abs(A), axis=1)
        cmp(
            dev,
            "scipy.stats.hmean(abs(A), axis=1)",
            &stats::hmean(&stats_abs(&x), Some(1), None).unwrap(),
            &[0.47679175617007385, 1.0393224534762964, 1.8595648751696663],
            1e-13,
        );
        // scipy.stats.pmean(abs(A), 2.5, axis=1)
        cmp(
            dev,
            "scipy.stats.pmean(abs(A), 2.5, axis=1)",
            &stats::pmean(&stats_abs(&x), 2.5, Some(1), None).unwrap(),
            &[1.301811581316067, 2.778285509551923, 1.997969186491785],
            1e-13,
        );
        // scipy.stats.iqr(A, axis=1)
        cmp(
            dev,
            "scipy.stats.iqr(A, axis=1)",
            &stats::iqr(&x, Some(1), (25.0, 75.0), 1.0, QuantileMethod::Linear).unwrap(),
            &[1.3679999999999999, 2.041, 0.7550000000000001],
            1e-13,
        );
        let d = stats::describe(&x, Some(1), 1.0, true).unwrap();
        // scipy.stats.describe(A, axis=1)
        assert_eq!(d.nobs, 5);
        cmp(
            dev,
            "describe mean",
            &d.mean,
            &[0.20839999999999997, 0.5776, 1.2274],
            1e-13,
        );
        cmp(
            dev,
            "describe variance",
            &d.variance,
            &[1.8363607999999998, 7.451051799999998, 3.0214913],
            1e-13,
        );
        cmp(
            dev,
            "describe skewness",
            &d.skewness,
            &[
                -0.17146938964675473,
                0.9230333052868658,
                -1.2974575227546465,
            ],
            1e-13,
        );
        cmp(
            dev,
            "describe kurtosis",
            &d.kurtosis,
            &[
                -1.04267539762573,
                -0.5350146333229246,
                -0.042434507575252134,
            ],
            1e-13,
        );
        cmp(
            dev,
            "describe min",
            &d.minmax.0,
            &[-1.672, -1.975, -1.791],
            0.0,
        );
        cmp(dev, "describe max", &d.minmax.1, &[1.896, 5.021, 2.47], 0.0);
        // scipy.stats.moment(A, 3, axis=None)
        cmp(
            dev,
            "scipy.stats.moment(A, 3, axis=None)",
            &stats::moment(&x, 3, None, None).unwrap(),
            &[2.881977406618074],
            1e-13,
        );
        // scipy.stats.moment(A, 1, axis=None)
        cmp(
            dev,
            "scipy.stats.moment(A, 1, axis=None)",
            &stats::moment(&x, 1, None, None).unwrap(),
            &[0.0],
            1e-13,
        );
        // scipy.stats.moment(A, 2, axis=None, center=1.5)
        cmp(
            dev,
            "scipy.stats.moment(A, 2, axis=None, center=1.5)",
            &stats::moment(&x, 2, None, Some(1.5)).unwrap(),
            &[4.146828733333334],
            1e-13,
        );
        // scipy.stats.skew(A, axis=None, bias=True)
        cmp(
            dev,
            "scipy.stats.skew(A, axis=None, bias=True)",
            &stats::skew(&x, None, true).unwrap(),
            &[0.4478292196573182],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=None, fisher=True, bias=True)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=None, fisher=True, bias=True)",
            &stats::kurtosis(&x, None, true, true).unwrap(),
            &[-0.19835177568048312],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=None, fisher=False, bias=True)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=None, fisher=False, bias=True)",
            &stats::kurtosis(&x, None, false, true).unwrap(),
            &[2.801648224319517],
            1e-13,
        );
        // scipy.stats.skew(A, axis=None, bias=False)
        cmp(
            dev,
            "scipy.stats.skew(A, axis=None, bias=False)",
            &stats::skew(&x, None, false).unwrap(),
            &[0.4992047646158633],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=None, fisher=True, bias=False)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=None, fisher=True, bias=False)",
            &stats::kurtosis(&x, None, true, false).unwrap(),
            &[0.2536487323562291],
            1e-13,
        );
        // scipy.stats.kurtosis(A, axis=None, fisher=False, bias=False)
        cmp(
            dev,
            "scipy.stats.kurtosis(A, axis=None, fisher=False, bias=False)",
            &stats::kurtosis(&x, None, false, false).unwrap(),
            &[3.253648732356229],
            1e-13,
        );
        // scipy.stats.sem(A, axis=None)
        cmp(
            dev,
            "scipy.stats.sem(A, axis=None)",
            &stats::sem(&x, None, 1.0).unwrap(),
            &[0.49712090956844557],
            1e-13,
        );
        // scipy.stats.variation(A, axis=None, ddof=1)
        cmp(
            dev,
            "scipy.stats.variation(A, axis=None, ddof=1)",
            &stats::variation(&x, None, 1.0).unwrap(),
            &[2.8687906086372403],
            1e-13,
        );
        // scipy.stats.gmean(abs(A), axis=None)
        cmp(
            dev,
            "scipy.stats.gmean(abs(A), axis=None)",
            &stats::gmean(&stats_abs(&x), None, None).unwrap(),
            &[1.2385112219510321],
            1e-13,
        );
        // scipy.stats.hmean(abs(A), axis=None)
        cmp(
            dev,
            "scipy.stats.hmean(abs(A), axis=None)",
            &stats::hmean(&stats_abs(&x), None, None).unwrap(),
            &[0.8339640858015709],
            1e-13,
        );
        // scipy.stats.pmean(abs(A), 2.5, axis=None)
        cmp(
            dev,
            "scipy.stats.pmean(abs(A), 2.5, axis=None)",
            &stats::pmean(&stats_abs(&x), 2.5, None, None).unwrap(),
            &[2.154574631067873],
            1e-13,
        );
        // scipy.stats.iqr(A, axis=None)
        cmp(
            dev,
            "scipy.stats.iqr(A, axis=None)",
            &stats::iqr(&x, None, (25.0, 75.0), 1.0, QuantileMethod::Linear).unwrap(),
            &[2.6525],
            1e-13,
        );
        let d = stats::describe(&x, None, 1.0, true).unwrap();
        // scipy.stats.describe(A, axis=None)
        assert_eq!(d.nobs, 15);
        cmp(dev, "describe mean", &d.mean, &[0.6711333333333334], 1e-13);
        cmp(
            dev,
            "describe variance",
            &d.variance,
            &[3.70693798095238],
            1e-13,
        );
        cmp(
            dev,
            "describe skewness",
            &d.skewness,
            &[0.4478292196573182],
            1e-13,
        );
        cmp(
            dev,
            "describe kurtosis",
            &d.kurtosis,
            &[-0.19835177568048312],
            1e-13,
        );
        cmp(dev, "describe min", &d.minmax.0, &[-1.975], 0.0);
        cmp(dev, "describe max", &d.minmax.1, &[5.021], 0.0);
        // scipy.stats.gmean(abs(A), axis=1, weights=[1, 2, 3, 4, 5])
        cmp(
            dev,
            "scipy.stats.gmean(abs(A), axis=1, weights=[1, 2, 3, 4, 5])",
            &stats::gmean(
                &stats_abs(&x),
                Some(1),
                Some(&Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], dev).unwrap()),
            )
            .unwrap(),
            &[0.6316475652204715, 1.153593331295356, 1.8410850174766606],
            1e-13,
        );
        // scipy.stats.hmean(abs(A), axis=1, weights=[1, 2, 3, 4, 5])
        cmp(
            dev,
            "scipy.stats.hmean(abs(A), axis=1, weights=[1, 2, 3, 4, 5])",
            &stats::hmean(
                &stats_abs(&x),
                Some(1),
                Some(&Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], dev).unwrap()),
            )
            .unwrap(),
            &[0.4281627279793791, 0.8827849828018273, 1.807687941385338],
            1e-13,
        );
        // scipy.stats.iqr(A, axis=1, rng=(10, 80), scale='normal')
        cmp(
            dev,
            "scipy.stats.iqr(A, axis=1, rng=(10, 80), scale='normal')",
            &stats::iqr(
                &x,
                Some(1),
                (10.0, 80.0),
                1.3489795003921634,
                QuantileMethod::Linear,
            )
            .unwrap(),
            &[1.7281211458901293, 2.577948737537541, 2.00077169387331],
            1e-13,
        );
        // scipy.stats.hmean(A) (negative values: NaN)
        cmp(
            dev,
            "scipy.stats.hmean(A) (negative values: NaN)",
            &stats::hmean(&x, None, None).unwrap(),
            &[f64::NAN],
            1e-13,
        );
    }
}

fn stats_abs(x: &Array) -> Array {
    cuprum_core::abs(x).unwrap()
}

const B: &[f64] = &[
    3.0,
    1.0,
    2.0,
    2.0,
    5.0,
    2.0,
    2.0,
    2.0,
    1.0,
    0.0,
    f64::NAN,
    1.0,
    2.0,
    3.0,
    4.0,
];
#[test]
fn ranks_and_modes() {
    for dev in all_devices() {
        let x = a(dev);
        let b = Array::from_vec_on(B.to_vec(), &[3, 5], dev).unwrap();
        // scipy.stats.rankdata(A, method='average', axis=0)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='average', axis=0)",
            &stats::rankdata(&x, RankMethod::Average, Some(0)).unwrap(),
            &[
                2.0, 2.0, 1.0, 2.0, 2.0, 1.0, 1.0, 3.0, 3.0, 1.0, 3.0, 3.0, 2.0, 1.0, 3.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='average', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='average', axis=1)",
            &stats::rankdata(&x, RankMethod::Average, Some(1)).unwrap(),
            &[
                4.0, 5.0, 3.0, 1.0, 2.0, 1.0, 4.0, 5.0, 3.0, 2.0, 5.0, 3.5, 2.0, 1.0, 3.5,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='average', axis=None)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='average', axis=None)",
            &stats::rankdata(&x, RankMethod::Average, None).unwrap(),
            &[
                8.0, 11.0, 7.0, 3.0, 6.0, 1.0, 9.0, 15.0, 5.0, 4.0, 14.0, 12.5, 10.0, 2.0, 12.5,
            ],
            0.0,
        );
        // scipy.stats.rankdata(B, method='average', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(B, method='average', axis=1)",
            &stats::rankdata(&b, RankMethod::Average, Some(1)).unwrap(),
            &[
                4.0,
                1.0,
                2.5,
                2.5,
                5.0,
                4.0,
                4.0,
                4.0,
                2.0,
                1.0,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='min', axis=0)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='min', axis=0)",
            &stats::rankdata(&x, RankMethod::Min, Some(0)).unwrap(),
            &[
                2.0, 2.0, 1.0, 2.0, 2.0, 1.0, 1.0, 3.0, 3.0, 1.0, 3.0, 3.0, 2.0, 1.0, 3.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='min', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='min', axis=1)",
            &stats::rankdata(&x, RankMethod::Min, Some(1)).unwrap(),
            &[
                4.0, 5.0, 3.0, 1.0, 2.0, 1.0, 4.0, 5.0, 3.0, 2.0, 5.0, 3.0, 2.0, 1.0, 3.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='min', axis=None)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='min', axis=None)",
            &stats::rankdata(&x, RankMethod::Min, None).unwrap(),
            &[
                8.0, 11.0, 7.0, 3.0, 6.0, 1.0, 9.0, 15.0, 5.0, 4.0, 14.0, 12.0, 10.0, 2.0, 12.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(B, method='min', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(B, method='min', axis=1)",
            &stats::rankdata(&b, RankMethod::Min, Some(1)).unwrap(),
            &[
                4.0,
                1.0,
                2.0,
                2.0,
                5.0,
                3.0,
                3.0,
                3.0,
                2.0,
                1.0,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='max', axis=0)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='max', axis=0)",
            &stats::rankdata(&x, RankMethod::Max, Some(0)).unwrap(),
            &[
                2.0, 2.0, 1.0, 2.0, 2.0, 1.0, 1.0, 3.0, 3.0, 1.0, 3.0, 3.0, 2.0, 1.0, 3.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='max', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='max', axis=1)",
            &stats::rankdata(&x, RankMethod::Max, Some(1)).unwrap(),
            &[
                4.0, 5.0, 3.0, 1.0, 2.0, 1.0, 4.0, 5.0, 3.0, 2.0, 5.0, 4.0, 2.0, 1.0, 4.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='max', axis=None)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='max', axis=None)",
            &stats::rankdata(&x, RankMethod::Max, None).unwrap(),
            &[
                8.0, 11.0, 7.0, 3.0, 6.0, 1.0, 9.0, 15.0, 5.0, 4.0, 14.0, 13.0, 10.0, 2.0, 13.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(B, method='max', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(B, method='max', axis=1)",
            &stats::rankdata(&b, RankMethod::Max, Some(1)).unwrap(),
            &[
                4.0,
                1.0,
                3.0,
                3.0,
                5.0,
                5.0,
                5.0,
                5.0,
                2.0,
                1.0,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='dense', axis=0)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='dense', axis=0)",
            &stats::rankdata(&x, RankMethod::Dense, Some(0)).unwrap(),
            &[
                2.0, 2.0, 1.0, 2.0, 2.0, 1.0, 1.0, 3.0, 3.0, 1.0, 3.0, 3.0, 2.0, 1.0, 3.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='dense', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='dense', axis=1)",
            &stats::rankdata(&x, RankMethod::Dense, Some(1)).unwrap(),
            &[
                4.0, 5.0, 3.0, 1.0, 2.0, 1.0, 4.0, 5.0, 3.0, 2.0, 4.0, 3.0, 2.0, 1.0, 3.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='dense', axis=None)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='dense', axis=None)",
            &stats::rankdata(&x, RankMethod::Dense, None).unwrap(),
            &[
                8.0, 11.0, 7.0, 3.0, 6.0, 1.0, 9.0, 14.0, 5.0, 4.0, 13.0, 12.0, 10.0, 2.0, 12.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(B, method='dense', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(B, method='dense', axis=1)",
            &stats::rankdata(&b, RankMethod::Dense, Some(1)).unwrap(),
            &[
                3.0,
                1.0,
                2.0,
                2.0,
                4.0,
                3.0,
                3.0,
                3.0,
                2.0,
                1.0,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='ordinal', axis=0)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='ordinal', axis=0)",
            &stats::rankdata(&x, RankMethod::Ordinal, Some(0)).unwrap(),
            &[
                2.0, 2.0, 1.0, 2.0, 2.0, 1.0, 1.0, 3.0, 3.0, 1.0, 3.0, 3.0, 2.0, 1.0, 3.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='ordinal', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='ordinal', axis=1)",
            &stats::rankdata(&x, RankMethod::Ordinal, Some(1)).unwrap(),
            &[
                4.0, 5.0, 3.0, 1.0, 2.0, 1.0, 4.0, 5.0, 3.0, 2.0, 5.0, 3.0, 2.0, 1.0, 4.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(A, method='ordinal', axis=None)
        cmp(
            dev,
            "scipy.stats.rankdata(A, method='ordinal', axis=None)",
            &stats::rankdata(&x, RankMethod::Ordinal, None).unwrap(),
            &[
                8.0, 11.0, 7.0, 3.0, 6.0, 1.0, 9.0, 15.0, 5.0, 4.0, 14.0, 12.0, 10.0, 2.0, 13.0,
            ],
            0.0,
        );
        // scipy.stats.rankdata(B, method='ordinal', axis=1)
        cmp(
            dev,
            "scipy.stats.rankdata(B, method='ordinal', axis=1)",
            &stats::rankdata(&b, RankMethod::Ordinal, Some(1)).unwrap(),
            &[
                4.0,
                1.0,
                2.0,
                3.0,
                5.0,
                3.0,
                4.0,
                5.0,
                2.0,
                1.0,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
                f64::NAN,
            ],
            0.0,
        );
        let r = stats::rankdata(
            &b.slice(&[cuprum_core::SliceItem::Index(0)]).unwrap(),
            RankMethod::Min,
            None,
        )
        .unwrap();
        assert_eq!(r.dtype(), DType::Int64);
        let m = stats::mode(
            &b.slice(&[cuprum_core::SliceItem::Slice {
                start: None,
                stop: Some(2),
                step: 1,
            }])
            .unwrap(),
            Some(0),
            false,
        )
        .unwrap();
        // scipy.stats.mode(B[:2], axis=0)
        cmp(dev, "mode", &m.mode, &[2.0, 1.0, 2.0, 1.0, 0.0], 0.0);
        cmp(dev, "mode count", &m.count, &[1.0, 1.0, 2.0, 1.0, 1.0], 0.0);
        let m = stats::mode(
            &b.slice(&[cuprum_core::SliceItem::Slice {
                start: None,
                stop: Some(2),
                step: 1,
            }])
            .unwrap(),
            Some(1),
            false,
        )
        .unwrap();
        // scipy.stats.mode(B[:2], axis=1)
        cmp(dev, "mode", &m.mode, &[2.0, 2.0], 0.0);
        cmp(dev, "mode count", &m.count, &[2.0, 3.0], 0.0);
        let m = stats::mode(
            &b.slice(&[cuprum_core::SliceItem::Slice {
                start: None,
                stop: Some(2),
                step: 1,
            }])
            .unwrap(),
            None,
            false,
        )
        .unwrap();
        // scipy.stats.mode(B[:2], axis=None)
        cmp(dev, "mode", &m.mode, &[2.0], 0.0);
        cmp(dev, "mode count", &m.count, &[5.0], 0.0);
        let m = stats::mode(&b, Some(1), true).unwrap();
        assert_eq!(m.mode.shape(), &[3, 1]);
        let a1 = Array::from_vec_on(vec![1.0, 2.0, 3.0, 3.0, 4.0, 2.0, 1.5], &[7], dev).unwrap();
        let s = Array::from_vec_on(vec![0.5, 2.0, 3.0, f64::NAN, 10.0, 1.0], &[6], dev).unwrap();
        // scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='rank')
        cmp(
            dev,
            "scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='rank')",
            &stats::percentileofscore(&a1, &s, ScoreKind::Rank).unwrap(),
            &[
                0.0,
                50.0,
                78.57142857142857,
                f64::NAN,
                100.0,
                14.285714285714286,
            ],
            1e-13,
        );
        let a1 = Array::from_vec_on(vec![1.0, 2.0, 3.0, 3.0, 4.0, 2.0, 1.5], &[7], dev).unwrap();
        let s = Array::from_vec_on(vec![0.5, 2.0, 3.0, f64::NAN, 10.0, 1.0], &[6], dev).unwrap();
        // scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='weak')
        cmp(
            dev,
            "scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='weak')",
            &stats::percentileofscore(&a1, &s, ScoreKind::Weak).unwrap(),
            &[
                0.0,
                57.142857142857146,
                85.71428571428572,
                f64::NAN,
                100.0,
                14.285714285714286,
            ],
            1e-13,
        );
        let a1 = Array::from_vec_on(vec![1.0, 2.0, 3.0, 3.0, 4.0, 2.0, 1.5], &[7], dev).unwrap();
        let s = Array::from_vec_on(vec![0.5, 2.0, 3.0, f64::NAN, 10.0, 1.0], &[6], dev).unwrap();
        // scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='strict')
        cmp(
            dev,
            "scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='strict')",
            &stats::percentileofscore(&a1, &s, ScoreKind::Strict).unwrap(),
            &[
                0.0,
                28.571428571428573,
                57.142857142857146,
                f64::NAN,
                100.0,
                0.0,
            ],
            1e-13,
        );
        let a1 = Array::from_vec_on(vec![1.0, 2.0, 3.0, 3.0, 4.0, 2.0, 1.5], &[7], dev).unwrap();
        let s = Array::from_vec_on(vec![0.5, 2.0, 3.0, f64::NAN, 10.0, 1.0], &[6], dev).unwrap();
        // scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='mean')
        cmp(
            dev,
            "scipy.stats.percentileofscore([1.0, 2, 3, 3, 4, 2, 1.5], S, kind='mean')",
            &stats::percentileofscore(&a1, &s, ScoreKind::Mean).unwrap(),
            &[
                0.0,
                42.85714285714286,
                71.42857142857143,
                f64::NAN,
                100.0,
                7.142857142857143,
            ],
            1e-13,
        );
    }
}

#[test]
fn correlations() {
    for dev in all_devices() {
        let x = Array::from_vec_on(
            vec![
                0.695, -1.344, -0.458, -1.901, -1.29, -1.842, -0.235, -1.267, 0.271, 0.157, -0.187,
                -2.517,
            ],
            &[12],
            dev,
        )
        .unwrap();
        let y = Array::from_vec_on(
            vec![
                -0.191, -0.721, -0.116, -2.481, -1.123, -1.9, -0.926, 0.427, -0.672, 0.046, 0.791,
                -1.842,
            ],
            &[12],
            dev,
        )
        .unwrap();
        let x2 = a(dev);
        let y2 = Array::from_vec_on(
            vec![
                0.189, 0.679, 0.117, -1.727, -0.033, 0.766, -1.193, 2.366, -0.024, -0.9, 2.741,
                1.384, -0.804, -0.463, 1.198,
            ],
            &[3, 5],
            dev,
        )
        .unwrap();
        let r = stats::pearsonr(&x, &y, Alternative::TwoSided, 0).unwrap();
        // scipy.stats.pearsonr(X, Y, alternative='two-sided')
        cmp(
            dev,
            "pearsonr r",
            &r.statistic,
            &[0.6713236272111857],
            1e-13,
        );
        cmp(dev, "pearsonr p", &r.pvalue, &[0.016832586480372773], 1e-12);
        let r = stats::spearmanr(&x, &y, Alternative::TwoSided, 0).unwrap();
        // scipy.stats.spearmanr(X, Y, alternative='two-sided')
        cmp(
            dev,
            "spearmanr r",
            &r.statistic,
            &[0.6853146853146854],
            1e-13,
        );
        cmp(
            dev,
            "spearmanr p",
            &r.pvalue,
            &[0.013905968814362752],
            1e-12,
        );
        let r = stats::pearsonr(&x, &y, Alternative::Less, 0).unwrap();
        // scipy.stats.pearsonr(X, Y, alternative='less')
        cmp(
            dev,
            "pearsonr r",
            &r.statistic,
            &[0.6713236272111857],
            1e-13,
        );
        cmp(dev, "pearsonr p", &r.pvalue, &[0.9915837067598137], 1e-12);
        let r = stats::spearmanr(&x, &y, Alternative::Less, 0).unwrap();
        // scipy.stats.spearmanr(X, Y, alternative='less')
        cmp(
            dev,
            "spearmanr r",
            &r.statistic,
            &[0.6853146853146854],
            1e-13,
        );
        cmp(dev, "spearmanr p", &r.pvalue, &[0.9930470155928186], 1e-12);
        let r = stats::pearsonr(&x, &y, Alternative::Greater, 0).unwrap();
        // scipy.stats.pearsonr(X, Y, alternative='greater')
        cmp(
            dev,
            "pearsonr r",
            &r.statistic,
            &[0.6713236272111857],
            1e-13,
        );
        cmp(dev, "pearsonr p", &r.pvalue, &[0.008416293240186386], 1e-12);
        let r = stats::spearmanr(&x, &y, Alternative::Greater, 0).unwrap();
        // scipy.stats.spearmanr(X, Y, alternative='greater')
        cmp(
            dev,
            "spearmanr r",
            &r.statistic,
            &[0.6853146853146854],
            1e-13,
        );
        cmp(
            dev,
            "spearmanr p",
            &r.pvalue,
            &[0.006952984407181376],
            1e-12,
        );
        let r = stats::pearsonr(&x2, &y2, Alternative::TwoSided, 0).unwrap();
        // scipy.stats.pearsonr(A, Y2, axis=0)
        cmp(
            dev,
            "pearsonr r",
            &r.statistic,
            &[
                0.5938798509402141,
                0.9966854855679982,
                0.871317264843593,
                0.6384705974800204,
                0.9651647707623587,
            ],
            1e-13,
        );
        cmp(
            dev,
            "pearsonr p",
            &r.pvalue,
            &[
                0.5951908850758949,
                0.05184717610725627,
                0.32653247945259556,
                0.5591347765066991,
                0.168528484729793,
            ],
            1e-12,
        );
        let r = stats::pearsonr(&x2, &y2, Alternative::TwoSided, 1).unwrap();
        // scipy.stats.pearsonr(A, Y2, axis=1)
        cmp(
            dev,
            "pearsonr r",
            &r.statistic,
            &[0.9157874826789321, 0.5854372165436332, 0.6844468000529665],
            1e-13,
        );
        cmp(
            dev,
            "pearsonr p",
            &r.pvalue,
            &[
                0.028962460596526043,
                0.2996905003135375,
                0.20241133074734563,
            ],
            1e-12,
        );
        assert!(
            stats::pearsonr(
                &x.slice(&[cuprum_core::SliceItem::Slice {
                    start: None,
                    stop: Some(1),
                    step: 1
                }])
                .unwrap(),
                &y.slice(&[cuprum_core::SliceItem::Slice {
                    start: None,
                    stop: Some(1),
                    step: 1
                }])
                .unwrap(),
                Alternative::TwoSided,
                0
            )
            .is_err()
        );
        assert!(stats::pearsonr(&x, &x2, Alternative::TwoSided, 0).is_err());
    }
}

/// A statistic, its 1-D label and SciPy values, its 2-D label and SciPy values.
type BinRow<'a> = (BinStatistic, &'a str, &'a [f64], &'a str, &'a [f64]);

#[test]
fn binned_statistics() {
    for dev in all_devices() {
        let p = Array::from_vec_on(
            vec![
                1.5, 8.16, 3.79, 10.0, 5.9, 10.0, 6.38, 6.76, 1.51, 4.4, 2.4, 4.02, 0.97, 9.68,
                2.15, 6.72, 3.0, 8.74, 6.62, 1.32, 8.45, 9.45, 9.04, 5.7, 1.45, 1.92, 9.28, 5.52,
                1.81, 8.84, 6.42, 5.7, 3.76, 4.11, 2.39, 0.38, 8.76, 4.68, 5.48, 3.22,
            ],
            &[40],
            dev,
        )
        .unwrap();
        let q = Array::from_vec_on(
            vec![
                0.5, -0.95, -0.26, -0.94, -0.75, 0.93, 0.32, -0.14, 0.05, 0.75, -0.31, 0.18, 0.37,
                -0.29, 0.04, 0.53, 0.82, -0.7, 0.87, -0.99, 0.51, 0.62, -0.73, -0.16, 0.63, -0.97,
                0.26, 0.59, 0.03, 0.45, -0.55, -0.6, -0.27, -0.64, -0.31, 0.9, 0.15, -0.32, -0.46,
                0.9,
            ],
            &[40],
            dev,
        )
        .unwrap();
        let v = Array::from_vec_on(
            vec![
                1.249, 1.442, -0.066, -0.274, -0.16, -0.975, 1.099, -0.543, -0.051, -0.793, -0.626,
                -1.278, 1.257, -0.154, 0.966, 0.013, -0.694, -0.327, -0.56, 0.008, -0.375, -0.3,
                -1.379, -0.807, 1.654, -0.671, -1.054, 0.337, 1.407, -1.454, -0.209, -0.632,
                -1.761, 0.735, -0.023, 0.071, -0.752, 0.455, -0.539, -0.143,
            ],
            &[40],
            dev,
        )
        .unwrap();
        // The bin edges and bin numbers are SciPy's for every statistic.
        let edges: &[f64] = &[
            0.38,
            1.754285714285714,
            3.128571428571428,
            4.502857142857143,
            5.877142857142856,
            7.25142857142857,
            8.625714285714286,
            10.0,
        ];
        let binnumber: &[f64] = &[
            1.0, 6.0, 3.0, 7.0, 5.0, 7.0, 5.0, 5.0, 1.0, 3.0, 2.0, 3.0, 1.0, 7.0, 2.0, 5.0, 2.0,
            7.0, 5.0, 1.0, 6.0, 7.0, 7.0, 4.0, 1.0, 2.0, 7.0, 4.0, 2.0, 7.0, 5.0, 4.0, 3.0, 3.0,
            2.0, 1.0, 7.0, 4.0, 4.0, 3.0,
        ];
        let binnumber_2d: &[f64] = &[
            8.0, 26.0, 12.0, 26.0, 16.0, 28.0, 22.0, 22.0, 7.0, 18.0, 12.0, 17.0, 8.0, 27.0, 12.0,
            23.0, 13.0, 26.0, 23.0, 6.0, 28.0, 28.0, 26.0, 17.0, 8.0, 6.0, 27.0, 18.0, 7.0, 28.0,
            21.0, 16.0, 12.0, 16.0, 12.0, 8.0, 27.0, 17.0, 16.0, 13.0,
        ];
        let rows: [BinRow; 7] = [
            // scipy.stats.binned_statistic(P, V, 'mean', bins=7)
            // scipy.stats.binned_statistic_2d(P, Q, V, 'mean', bins=(4, 3), range=[(0, 8), (-1, 1)])
            (
                BinStatistic::Mean,
                "binned mean",
                &[
                    0.698,
                    0.05983333333333335,
                    -0.5509999999999999,
                    -0.2372,
                    -0.06000000000000002,
                    0.5335,
                    -0.741,
                ],
                "binned 2d mean",
                &[
                    -0.3315,
                    0.678,
                    1.05775,
                    f64::NAN,
                    -0.30199999999999994,
                    -0.4185,
                    -0.14900000000000002,
                    -0.5433333333333333,
                    -0.228,
                    -0.209,
                    0.27799999999999997,
                    -0.2735,
                ],
            ),
            // scipy.stats.binned_statistic(P, V, 'std', bins=7)
            // scipy.stats.binned_statistic_2d(P, Q, V, 'std', bins=(4, 3), range=[(0, 8), (-1, 1)])
            (
                BinStatistic::Std,
                "binned std",
                &[
                    0.7024063401384321,
                    0.8382130629433598,
                    0.8273127179811353,
                    0.5254462484403138,
                    0.5573897499356563,
                    0.9085,
                    0.4710265385304739,
                ],
                "binned 2d std",
                &[
                    0.3395,
                    0.729,
                    0.5927619146841335,
                    f64::NAN,
                    0.8916297437838197,
                    0.27549999999999997,
                    0.5401310026280661,
                    0.7316476079522315,
                    0.5650000000000001,
                    0.0,
                    0.821,
                    0.28650000000000003,
                ],
            ),
            // scipy.stats.binned_statistic(P, V, 'median', bins=7)
            // scipy.stats.binned_statistic_2d(P, Q, V, 'median', bins=(4, 3), range=[(0, 8), (-1, 1)])
            (
                BinStatistic::Median,
                "binned median",
                &[0.66, -0.3245, -0.468, -0.539, -0.1845, 0.5335, -0.752],
                "binned 2d median",
                &[
                    -0.3315,
                    0.678,
                    1.2530000000000001,
                    f64::NAN,
                    -0.066,
                    -0.4185,
                    -0.34950000000000003,
                    -0.807,
                    -0.228,
                    -0.209,
                    0.27799999999999997,
                    -0.2735,
                ],
            ),
            // scipy.stats.binned_statistic(P, V, 'count', bins=7)
            // scipy.stats.binned_statistic_2d(P, Q, V, 'count', bins=(4, 3), range=[(0, 8), (-1, 1)])
            (
                BinStatistic::Count,
                "binned count",
                &[6.0, 6.0, 6.0, 5.0, 6.0, 2.0, 9.0],
                "binned 2d count",
                &[2.0, 2.0, 4.0, 0.0, 5.0, 2.0, 4.0, 3.0, 2.0, 1.0, 2.0, 2.0],
            ),
            // scipy.stats.binned_statistic(P, V, 'sum', bins=7)
            // scipy.stats.binned_statistic_2d(P, Q, V, 'sum', bins=(4, 3), range=[(0, 8), (-1, 1)])
            (
                BinStatistic::Sum,
                "binned sum",
                &[
                    4.188,
                    0.3590000000000001,
                    -3.3059999999999996,
                    -1.186,
                    -0.3600000000000001,
                    1.067,
                    -6.669,
                ],
                "binned 2d sum",
                &[
                    -0.663,
                    1.356,
                    4.231,
                    0.0,
                    -1.5099999999999998,
                    -0.837,
                    -0.5960000000000001,
                    -1.63,
                    -0.456,
                    -0.209,
                    0.5559999999999999,
                    -0.547,
                ],
            ),
            // scipy.stats.binned_statistic(P, V, 'min', bins=7)
            // scipy.stats.binned_statistic_2d(P, Q, V, 'min', bins=(4, 3), range=[(0, 8), (-1, 1)])
            (
                BinStatistic::Min,
                "binned min",
                &[-0.051, -0.694, -1.761, -0.807, -0.56, -0.375, -1.454],
                "binned 2d min",
                &[
                    -0.671,
                    -0.051,
                    0.071,
                    f64::NAN,
                    -1.761,
                    -0.694,
                    -0.632,
                    -1.278,
                    -0.793,
                    -0.209,
                    -0.543,
                    -0.56,
                ],
            ),
            // scipy.stats.binned_statistic(P, V, 'max', bins=7)
            // scipy.stats.binned_statistic_2d(P, Q, V, 'max', bins=(4, 3), range=[(0, 8), (-1, 1)])
            (
                BinStatistic::Max,
                "binned max",
                &[1.654, 1.407, 0.735, 0.455, 1.099, 1.442, -0.154],
                "binned 2d max",
                &[
                    0.008,
                    1.407,
                    1.654,
                    f64::NAN,
                    0.966,
                    -0.143,
                    0.735,
                    0.455,
                    0.337,
                    -0.209,
                    1.099,
                    0.013,
                ],
            ),
        ];
        for (stat, what, want, what_2d, want_2d) in rows {
            let r = stats::binned_statistic(&p, &v, stat, 7, None).unwrap();
            cmp(dev, what, &r.statistic, want, 1e-13);
            cmp(dev, "binned edges", &r.bin_edges[0], edges, 1e-15);
            cmp(dev, "binnumber", &r.binnumber, binnumber, 0.0);
            let range = Some([(0.0, 8.0), (-1.0, 1.0)]);
            let r = stats::binned_statistic_2d(&p, &q, &v, stat, (4, 3), range).unwrap();
            cmp(dev, what_2d, &r.statistic, want_2d, 1e-13);
            cmp(dev, "binnumber 2d", &r.binnumber, binnumber_2d, 0.0);
        }
        let r = stats::binned_statistic_dd(&[&p, &q, &v], &v, BinStatistic::Mean, &[2, 3, 2], None)
            .unwrap();
        // scipy.stats.binned_statistic_dd([P, Q, V], V, 'mean', bins=[2, 3, 2])
        assert_eq!(r.statistic.shape(), &[2, 3, 2]);
        cmp(
            dev,
            "binned dd",
            &r.statistic,
            &[
                -0.671,
                0.3715,
                -0.93275,
                0.5508,
                -0.5433333333333333,
                1.05775,
                -0.5028571428571429,
                1.442,
                -0.6619999999999999,
                f64::NAN,
                -0.7327999999999999,
                0.48299999999999993,
            ],
            1e-13,
        );
        cmp(
            dev,
            "binnumber dd",
            &r.binnumber,
            &[
                34.0, 46.0, 29.0, 45.0, 45.0, 53.0, 54.0, 49.0, 30.0, 33.0, 29.0, 29.0, 34.0, 49.0,
                30.0, 54.0, 33.0, 45.0, 53.0, 26.0, 53.0, 53.0, 45.0, 49.0, 34.0, 25.0, 49.0, 54.0,
                30.0, 53.0, 45.0, 45.0, 29.0, 26.0, 30.0, 34.0, 49.0, 30.0, 45.0, 33.0,
            ],
            0.0,
        );
        assert!(stats::binned_statistic(&p, &v, BinStatistic::Mean, 0, None).is_err());
        assert!(
            stats::binned_statistic(&p, &v, BinStatistic::Mean, 3, Some((1.0, f64::NAN))).is_err()
        );
    }
}
