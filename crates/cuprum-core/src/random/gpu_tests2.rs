//! The distributions of `dist2.rs` give the same numbers on the CPU and on CUDA (the kernels
//! of `kernels/random2.cu`): every distribution, several parameter sets (every algorithm
//! branch), float64/float32/float16 and int64/int32/uint8 outputs, two draws in a row, odd
//! lengths. Integers must agree exactly, floats to 1 ulp of float32/half and 1e-12 relative in
//! float64 (`log`/`exp`/`pow`/`cos` differ by an ulp between glibc and CUDA). Skipped without a
//! GPU (a failure with `CUPRUM_REQUIRE_CUDA=1`).

use super::gpu_tests::assert_same;
use super::*;
use crate::test_util::cuda_devices;

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

pub(super) type Draw = Box<dyn Fn(&mut Generator, Device, DType) -> Result<Array>>;

pub(super) fn float_cases() -> Vec<(String, Draw)> {
    let mut v: Vec<(String, Draw)> = Vec::new();
    macro_rules! case {
        ($name:expr, |$g:ident, $d:ident, $t:ident| $e:expr) => {
            v.push((
                $name.to_string(),
                Box::new(move |$g: &mut Generator, $d, $t| $e),
            ))
        };
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

pub(super) fn int_cases() -> Vec<(String, Draw)> {
    let mut v: Vec<(String, Draw)> = Vec::new();
    macro_rules! case {
        ($name:expr, |$g:ident, $d:ident, $t:ident| $e:expr) => {
            v.push((
                $name.to_string(),
                Box::new(move |$g: &mut Generator, $d, $t| $e),
            ))
        };
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
fn cuda_dist2_match_cpu() {
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

#[test]
fn cuda_dist2_moments() {
    // the GPU's own samples, not just agreement with the CPU: mean within 5 sigma
    for dev in cuda_devices() {
        let n = 1usize << 20;
        let mut g = Generator::new(78);
        let mean = |a: Array| -> f64 {
            let v = a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
            v.iter().sum::<f64>() / v.len() as f64
        };
        let sd = |var: f64| 5.0 * (var / n as f64).sqrt();
        let m = mean(g.chisquare_on(3.0, &[n], DType::Float32, dev).unwrap());
        assert!((m - 3.0).abs() < sd(6.0), "chisquare mean {m}");
        let m = mean(
            g.hypergeometric_on(70, 50, 40, &[n], DType::Int64, dev)
                .unwrap(),
        );
        let var = 40.0 * 70.0 / 120.0 * 50.0 / 120.0 * 80.0 / 119.0;
        assert!(
            (m - 40.0 * 70.0 / 120.0).abs() < sd(var),
            "hypergeometric mean {m}"
        );
        let m = mean(g.geometric_on(0.1, &[n], DType::Int64, dev).unwrap());
        assert!((m - 10.0).abs() < sd(90.0), "geometric mean {m}");
    }
}
