//! The same seed gives the same numbers on the CPU and on CUDA: every distribution, several
//! parameter sets and output dtypes, two draws in a row (the counter advances alike), lengths
//! that do not fill the last Philox block. Integers and uniform floats must agree bit for bit;
//! values computed through `log`/`exp`/`cos` (normal, exponential, gamma, beta) to 1 ulp of
//! float32 and half precision, and to 1e-12 relative in float64. Skipped without a GPU (a
//! failure with `CUPRUM_REQUIRE_CUDA=1`).

use super::*;
use crate::test_util::cuda_devices;

/// Floats as an ordered integer (adjacent floats differ by 1).
fn ordered(bits: i64, sign_bit: u32) -> i64 {
    if bits >> sign_bit & 1 == 1 {
        -(bits & ((1i64 << sign_bit) - 1))
    } else {
        bits
    }
}

/// Asserts `gpu` equals `cpu` element by element: exactly, or within `ulps` ulps for floats
/// narrower than float64 and `rel` relative error for float64.
pub(super) fn assert_same(what: &str, gpu: &Array, cpu: &Array, ulps: i64, rel: f64) {
    assert_eq!(gpu.shape(), cpu.shape(), "{what}: shape");
    assert_eq!(gpu.dtype(), cpu.dtype(), "{what}: dtype");
    let dt = cpu.dtype();
    let (g, c) = (gpu.to_bytes().unwrap(), cpu.to_bytes().unwrap());
    let isz = dt.itemsize();
    let mut worst = 0i64;
    for (i, (a, b)) in g.chunks(isz).zip(c.chunks(isz)).enumerate() {
        let ok = match dt {
            DType::Float64 => {
                let (x, y) = (
                    f64::from_ne_bytes(a.try_into().unwrap()),
                    f64::from_ne_bytes(b.try_into().unwrap()),
                );
                x == y || (x - y).abs() <= rel * y.abs()
            }
            DType::Float32 | DType::Float16 | DType::BFloat16 => {
                let bits = |v: &[u8]| -> i64 {
                    if isz == 4 {
                        u32::from_ne_bytes(v.try_into().unwrap()) as i64
                    } else {
                        u16::from_ne_bytes(v.try_into().unwrap()) as i64
                    }
                };
                let sign = if isz == 4 { 31 } else { 15 };
                let d = (ordered(bits(a), sign) - ordered(bits(b), sign)).abs();
                worst = worst.max(d);
                d <= ulps
            }
            _ => a == b,
        };
        assert!(ok, "{what}: element {i} differs: gpu {a:?}, cpu {b:?}");
    }
    if worst > 0 {
        eprintln!("{what}: worst difference {worst} ulp");
    }
}

pub(super) type Draw = Box<dyn Fn(&mut Generator, Device) -> Result<Array>>;

pub(super) fn cases() -> Vec<(String, Draw, i64, f64)> {
    let mut v: Vec<(String, Draw, i64, f64)> = Vec::new();
    let floats = [
        DType::Float64,
        DType::Float32,
        DType::Float16,
        DType::BFloat16,
    ];
    for dt in floats {
        for (lo, hi) in [(0.0, 1.0), (-2.5, 7.0)] {
            v.push((
                format!("uniform({lo}, {hi}) {dt}"),
                Box::new(move |g, d| g.uniform_on(lo, hi, &[3, 1367], dt, d)),
                0,
                0.0,
            ));
        }
        v.push((
            format!("normal(1, 2) {dt}"),
            Box::new(move |g, d| g.normal_on(1.0, 2.0, &[4099], dt, d)),
            1,
            1e-13,
        ));
        v.push((
            format!("exponential(0.5) {dt}"),
            Box::new(move |g, d| g.exponential_on(0.5, &[4099], dt, d)),
            1,
            1e-13,
        ));
        for k in [0.0, 0.3, 1.0, 2.0, 30.0] {
            v.push((
                format!("gamma({k}, 1.5) {dt}"),
                Box::new(move |g, d| g.gamma_on(k, 1.5, &[4099], dt, d)),
                1,
                1e-12,
            ));
        }
        for (a, b) in [(2.0, 5.0), (0.5, 0.5), (1e-3, 2.0)] {
            v.push((
                format!("beta({a}, {b}) {dt}"),
                Box::new(move |g, d| g.beta_on(a, b, &[4099], dt, d)),
                1,
                1e-12,
            ));
        }
    }
    for dt in [
        DType::Int64,
        DType::Int32,
        DType::Int8,
        DType::UInt8,
        DType::UInt64,
        DType::Bool,
    ] {
        let (lo, hi) = if dt == DType::Bool { (0, 2) } else { (0, 100) };
        v.push((
            format!("integers({lo}, {hi}) {dt}"),
            Box::new(move |g, d| g.integers_on(lo, hi, &[4099], dt, d)),
            0,
            0.0,
        ));
    }
    v.push((
        "integers(i64::MIN/2, i64::MAX/2) int64 (two words a value)".into(),
        Box::new(|g, d| g.integers_on(i64::MIN / 2, i64::MAX / 2, &[4099], DType::Int64, d)),
        0,
        0.0,
    ));
    for lam in [0.0, 3.5, 9.99, 10.0, 50.0, 1e6] {
        v.push((
            format!("poisson({lam}) int64"),
            Box::new(move |g, d| g.poisson_on(lam, &[4099], DType::Int64, d)),
            0,
            0.0,
        ));
    }
    v.push((
        "poisson(3.5) uint8".into(),
        Box::new(|g, d| g.poisson_on(3.5, &[4099], DType::UInt8, d)),
        0,
        0.0,
    ));
    for (n, p) in [
        (0, 0.5),
        (10, 0.3),
        (10, 0.9),
        (1000, 0.4),
        (1000, 0.95),
        (100, 1.0),
        (1 << 40, 0.25),
    ] {
        v.push((
            format!("binomial({n}, {p}) int64"),
            Box::new(move |g, d| g.binomial_on(n, p, &[4099], DType::Int64, d)),
            0,
            0.0,
        ));
    }
    v
}

#[test]
fn cuda_draws_match_cpu() {
    for dev in cuda_devices() {
        for (name, draw, ulps, rel) in cases() {
            let (mut gc, mut gg) = (Generator::new(2026), Generator::new(2026));
            for round in 0..2 {
                let c = draw(&mut gc, Device::Cpu).unwrap();
                let g = draw(&mut gg, dev).unwrap();
                assert_eq!(g.device(), dev, "{name}");
                assert_same(&format!("{name} on {dev}, draw {round}"), &g, &c, ulps, rel);
                assert_eq!(gc.counter(), gg.counter(), "{name}: counter");
            }
        }
        // an empty draw consumes nothing
        let mut g = Generator::new(1);
        let e = g.poisson_on(2.0, &[0], DType::Int64, dev).unwrap();
        assert_eq!((e.shape(), g.counter()), (&[0usize][..], 0));
    }
}

/// Asserts the mean of the samples `a` is within 5 standard errors of `mean` (`var`: the
/// distribution's variance); the message names `what`.
fn check_mean(what: &str, a: Array, mean: f64, var: f64) {
    let v = a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    assert!((m - mean).abs() < 5.0 * (var / n).sqrt(), "{what} mean {m}");
}

#[test]
fn cuda_samples_have_the_right_means() {
    // the GPU's own samples (not just agreement with the CPU): mean within 5 sigma, for the
    // rejection samplers (seed 77) and the per-element distributions (seed 78)
    for dev in cuda_devices() {
        let n = 1usize << 20;
        let mut g = Generator::new(77);
        let a = g.poisson_on(50.0, &[n], DType::Int64, dev).unwrap();
        check_mean("poisson(50)", a, 50.0, 50.0);
        let a = g.binomial_on(1000, 0.4, &[n], DType::Int64, dev).unwrap();
        check_mean("binomial", a, 400.0, 240.0);
        let a = g.gamma_on(0.3, 2.0, &[n], DType::Float32, dev).unwrap();
        check_mean("gamma", a, 0.6, 1.2);
        let a = g.beta_on(2.0, 5.0, &[n], DType::Float64, dev).unwrap();
        check_mean("beta", a, 2.0 / 7.0, 10.0 / 392.0);
        let mut g = Generator::new(78);
        let a = g.chisquare_on(3.0, &[n], DType::Float32, dev).unwrap();
        check_mean("chisquare", a, 3.0, 6.0);
        let a = g
            .hypergeometric_on(70, 50, 40, &[n], DType::Int64, dev)
            .unwrap();
        let var = 40.0 * 70.0 / 120.0 * 50.0 / 120.0 * 80.0 / 119.0;
        check_mean("hypergeometric", a, 40.0 * 70.0 / 120.0, var);
        let a = g.geometric_on(0.1, &[n], DType::Int64, dev).unwrap();
        check_mean("geometric", a, 10.0, 90.0);
    }
}

// The per-element distributions (`dist/per_element.rs`, the kernels of
// `kernels/random_dist.cu`): every distribution, several parameter sets (every algorithm
// branch), float64/float32/float16 and int64/int32/uint8 outputs, two draws in a row, odd
// lengths. Integers must agree exactly, floats to 1 ulp of float32/half and 1e-12 relative in
// float64 (`log`/`exp`/`pow`/`cos` differ by an ulp between glibc and CUDA).

/// float64 results: `|gpu - cpu| <= 1e-12 · max(|cpu|, 1)` (an absolute floor: a location
/// parameter added to an ulp-different term leaves an absolute, not relative, difference near
/// zero; stick-breaking's `1 - v` does the same); other dtypes through [`assert_same`].
pub(super) fn check(what: &str, gpu: &Array, cpu: &Array, ulps: i64) {
    if cpu.dtype() != DType::Float64 {
        return assert_same(what, gpu, cpu, ulps, 0.0);
    }
    assert_eq!(gpu.shape(), cpu.shape(), "{what}: shape");
    let (g, c) = (gpu.to_vec::<f64>().unwrap(), cpu.to_vec::<f64>().unwrap());
    for (i, (x, y)) in g.iter().zip(&c).enumerate() {
        let ok = x == y || (x.is_nan() && y.is_nan()) || (x - y).abs() <= 1e-12 * y.abs().max(1.0);
        assert!(ok, "{what}: element {i} differs: gpu {x:e}, cpu {y:e}");
    }
}

/// A draw of a per-element distribution into the given dtype.
pub(super) type DrawAs = Box<dyn Fn(&mut Generator, Device, DType) -> Result<Array>>;

/// Pushes the case `$name` drawn by the closure `|$g, $d, $t| $e` (generator, device, dtype;
/// moved into a [`DrawAs`]) onto `$v`.
macro_rules! push_case {
    ($v:ident, $name:expr, |$g:ident, $d:ident, $t:ident| $e:expr) => {
        $v.push((
            $name.to_string(),
            Box::new(move |$g: &mut Generator, $d, $t| $e),
        ))
    };
}

pub(super) fn float_cases() -> Vec<(String, DrawAs)> {
    let mut v: Vec<(String, DrawAs)> = Vec::new();
    macro_rules! case {
        ($($case:tt)*) => { push_case!(v, $($case)*) };
    }
    let sh = [3, 1001];
    case!("lognormal(0.5, 1.5)", |g, d, t| g
        .lognormal_on(0.5, 1.5, &sh, t, d));
    case!("standard_exponential", |g, d, t| g
        .standard_exponential_on(&sh, t, d));
    for k in [0.4, 3.5, 50.0] {
        case!(format!("chisquare({k})"), |g, d, t| g
            .chisquare_on(k, &sh, t, d));
    }
    case!("laplace(1, 2)", |g, d, t| g.laplace_on(1.0, 2.0, &sh, t, d));
    case!("logistic(1, 2)", |g, d, t| g
        .logistic_on(1.0, 2.0, &sh, t, d));
    case!("gumbel(1, 2)", |g, d, t| g.gumbel_on(1.0, 2.0, &sh, t, d));
    case!("rayleigh(2)", |g, d, t| g.rayleigh_on(2.0, &sh, t, d));
    for a in [0.0, 0.5, 1.5] {
        case!(format!("weibull({a})"), |g, d, t| g
            .weibull_on(a, &sh, t, d));
    }
    case!("pareto(3)", |g, d, t| g.pareto_on(3.0, &sh, t, d));
    case!("power(0.5)", |g, d, t| g.power_on(0.5, &sh, t, d));
    case!("standard_cauchy", |g, d, t| g.standard_cauchy_on(&sh, t, d));
    case!("standard_t(5)", |g, d, t| g.standard_t_on(5.0, &sh, t, d));
    for (k, l) in [(3.0, 2.0), (0.7, 2.0), (2.0, 0.0)] {
        case!(format!("noncentral_chisquare({k}, {l})"), |g, d, t| {
            g.noncentral_chisquare_on(k, l, &sh, t, d)
        });
    }
    case!("f(5, 10)", |g, d, t| g.f_on(5.0, 10.0, &sh, t, d));
    case!("noncentral_f(5, 10, 1.5)", |g, d, t| g
        .noncentral_f_on(5.0, 10.0, 1.5, &sh, t, d));
    for k in [1e-9, 1e-6, 4.0, 1e7] {
        case!(format!("vonmises(0.5, {k})"), |g, d, t| g
            .vonmises_on(0.5, k, &sh, t, d));
    }
    case!("wald(1, 2)", |g, d, t| g.wald_on(1.0, 2.0, &sh, t, d));
    case!("triangular(0, 1, 3)", |g, d, t| g
        .triangular_on(0.0, 1.0, 3.0, &sh, t, d));
    v
}

pub(super) fn int_cases() -> Vec<(String, DrawAs)> {
    let mut v: Vec<(String, DrawAs)> = Vec::new();
    macro_rules! case {
        ($($case:tt)*) => { push_case!(v, $($case)*) };
    }
    let sh = [4099];
    for p in [0.05, 0.5, 1.0] {
        case!(format!("geometric({p})"), |g, d, t| g
            .geometric_on(p, &sh, t, d));
    }
    for (n, p) in [(5.0, 0.4), (0.5, 0.8), (100.0, 0.01)] {
        case!(format!("negative_binomial({n}, {p})"), |g, d, t| {
            g.negative_binomial_on(n, p, &sh, t, d)
        });
    }
    for a in [1.5, 3.0, 2000.0] {
        case!(format!("zipf({a})"), |g, d, t| g.zipf_on(a, &sh, t, d));
    }
    for p in [0.3, 0.95] {
        case!(format!("logseries({p})"), |g, d, t| g
            .logseries_on(p, &sh, t, d));
    }
    for (a, b, n) in [(7, 5, 4), (70, 50, 40), (500, 600, 300), (5, 995, 990)] {
        case!(format!("hypergeometric({a}, {b}, {n})"), |g, d, t| {
            g.hypergeometric_on(a, b, n, &sh, t, d)
        });
    }
    v
}

#[test]
fn cuda_per_element_dists_match_cpu() {
    for dev in cuda_devices() {
        let runs = [
            (
                float_cases(),
                vec![
                    (DType::Float64, 0),
                    (DType::Float32, 1),
                    (DType::Float16, 1),
                ],
            ),
            (
                int_cases(),
                vec![(DType::Int64, 0), (DType::Int32, 0), (DType::UInt8, 0)],
            ),
        ];
        for (cases, dtypes) in runs {
            for (name, draw) in cases {
                for &(dt, ulps) in &dtypes {
                    let (mut gc, mut gg) = (Generator::new(2027), Generator::new(2027));
                    for round in 0..2 {
                        let c = draw(&mut gc, Device::Cpu, dt).unwrap();
                        let g = draw(&mut gg, dev, dt).unwrap();
                        assert_eq!(g.device(), dev, "{name}");
                        check(&format!("{name} {dt} on {dev}, draw {round}"), &g, &c, ulps);
                        assert_eq!(gc.counter(), gg.counter(), "{name}: counter");
                    }
                }
            }
        }
    }
}

#[test]
fn cuda_rows_match_cpu() {
    for dev in cuda_devices() {
        let (mut gc, mut gg) = (Generator::new(5), Generator::new(5));
        for round in 0..2 {
            for (n, pv) in [
                (50i64, vec![0.2, 0.3, 0.1, 0.4]),
                (1 << 30, vec![0.5, 0.25, 0.25]),
                (0, vec![1.0]),
            ] {
                let c = gc.multinomial_on(n, &pv, &[7, 131], Device::Cpu).unwrap();
                let g = gg.multinomial_on(n, &pv, &[7, 131], dev).unwrap();
                assert_same(&format!("multinomial({n}) round {round}"), &g, &c, 0, 0.0);
            }
            for alpha in [vec![1.0, 2.0, 3.0], vec![0.05, 0.02, 0.08], vec![0.0, 0.0]] {
                let c = gc.dirichlet_on(&alpha, &[917], Device::Cpu).unwrap();
                let g = gg.dirichlet_on(&alpha, &[917], dev).unwrap();
                check(&format!("dirichlet({alpha:?}) round {round}"), &g, &c, 0);
            }
            let c = gc
                .multivariate_normal_on(&[1.0, 2.0], &[2.0, 0.5, 0.5, 1.0], &[333], Device::Cpu)
                .unwrap();
            let g = gg
                .multivariate_normal_on(&[1.0, 2.0], &[2.0, 0.5, 0.5, 1.0], &[333], dev)
                .unwrap();
            check(&format!("multivariate_normal round {round}"), &g, &c, 0);
            assert_eq!(gc.counter(), gg.counter());
        }
        // empty draws consume nothing
        let mut g = Generator::new(1);
        let e = g.zipf_on(2.0, &[0], DType::Int64, dev).unwrap();
        let m = g.multinomial_on(3, &[0.5, 0.5], &[0], dev).unwrap();
        assert_eq!((e.size(), m.shape(), g.counter()), (0, &[0usize, 2][..], 0));
    }
}
