//! The `interpolate` suite: cuprum-interpolate and cuprum-spatial against CuPy (GPU) and SciPy
//! (CPU), the rows of issue 43's performance targets: `CubicSpline` build + evaluation,
//! `RegularGridInterpolator` linear on a cube, `RBFInterpolator` thin-plate, `KDTree` build +
//! 8-NN query in 3-D, `cdist` euclidean. Every row times the construction and the evaluation
//! together (float64, uniform random data in the unit interval/square/cube).
//!
//! `--size full` times the sizes on the GPU only (the RBF row alone is about 10^11
//! flops, minutes on a 2-core CPU) and repeats every row at the quick size with the CPU too;
//! `--size quick` times only the quick sizes, on both.

use crate::cases::{Body, Case, Work};
use cuprum::scipy::interpolate::{
    CubicSpline, CubicSplineOptions, GridOptions, RBFInterpolator, RbfKernel, RbfOptions,
    RegularGridInterpolator,
};
use cuprum::scipy::spatial::distance::{Metric, cdist};
use cuprum::scipy::spatial::{KDTree, QueryOptions};
use cuprum::{Array, DType, Device, Result};

/// The sizes of one set of rows.
#[derive(Clone, Copy)]
struct Sz {
    /// CubicSpline knots, evaluation points
    cs: (usize, usize),
    /// RegularGridInterpolator grid side, evaluation points
    rgi: (usize, usize),
    /// RBFInterpolator nodes, evaluation points (2-d)
    rbf: (usize, usize),
    /// KDTree data points = query points (3-d)
    kd: usize,
    /// cdist rows of each side, features
    cd: (usize, usize),
}

const FULL: Sz = Sz {
    cs: (1_000_000, 10_000_000),
    rgi: (256, 10_000_000),
    rbf: (10_000, 1_000_000),
    kd: 1_000_000,
    cd: (10_000, 64),
};

const QUICK: Sz = Sz {
    cs: (100_000, 1_000_000),
    rgi: (64, 1_000_000),
    rbf: (1_000, 20_000),
    kd: 100_000,
    cd: (2_000, 64),
};

fn rand(seed: u64, shape: &[usize], d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(seed);
    g.random_on(shape, DType::Float64, d)
}

pub fn interpolate(full: bool) -> Vec<Case> {
    let mut v = Vec::new();
    if full {
        v.extend(rows(FULL, false));
    }
    v.extend(rows(QUICK, true));
    v
}

fn rows(s: Sz, cpu_ok: bool) -> Vec<Case> {
    let case = |name: &str,
                shape: String,
                work: Work,
                repeat: usize,
                build: Box<dyn Fn(Device) -> Result<Body>>| {
        Case::new("interpolate", name, shape, work, build)
            .repeat(if cpu_ok { repeat } else { repeat.min(5) })
            .cpu_ok(cpu_ok)
    };
    let (nk, nq) = s.cs;
    let (g, ng) = s.rgi;
    let (nr, nrq) = s.rbf;
    let nkd = s.kd;
    let (ncd, f) = s.cd;
    vec![
        case(
            "CubicSpline build+eval",
            format!("{nk} knots, {nq} points float64"),
            Work::None,
            5,
            Box::new(move |d| {
                let x = cuprum::linspace_on(0.0, 1.0, nk, true, None, d)?;
                let y = rand(1, &[nk], d)?;
                let xq = rand(2, &[nq], d)?;
                Ok(Box::new(move || {
                    let cs = CubicSpline::new(&x, &y, CubicSplineOptions::default())?;
                    cs.call(&xq, 0).map(drop)
                }))
            }),
        ),
        case(
            "RegularGridInterpolator linear",
            format!("{g}^3 grid, {ng} points float64"),
            Work::None,
            5,
            Box::new(move |d| {
                let ax = cuprum::linspace_on(0.0, 1.0, g, true, None, d)?;
                let vals = rand(3, &[g, g, g], d)?;
                let xi = rand(4, &[ng, 3], d)?;
                Ok(Box::new(move || {
                    let rgi = RegularGridInterpolator::new(
                        &[&ax, &ax, &ax],
                        &vals,
                        GridOptions::default(),
                    )?;
                    rgi.call(&xi).map(drop)
                }))
            }),
        ),
        case(
            "RBFInterpolator thin_plate_spline",
            format!("{nr} nodes, {nrq} points 2-d float64"),
            // the evaluation's kernel matrix times the coefficients, the (n + 3)^3 solve
            Work::Flops(2.0 * (nrq * (nr + 3)) as f64 + (2.0 / 3.0) * ((nr + 3) as f64).powi(3)),
            3,
            Box::new(move |d| {
                let y = rand(5, &[nr, 2], d)?;
                let vals = rand(6, &[nr], d)?;
                let x = rand(7, &[nrq, 2], d)?;
                Ok(Box::new(move || {
                    let opts = RbfOptions {
                        kernel: RbfKernel::ThinPlateSpline,
                        ..Default::default()
                    };
                    RBFInterpolator::new(&y, &vals, opts)?.call(&x).map(drop)
                }))
            }),
        ),
        case(
            "KDTree build+query k=8",
            format!("{nkd} points, {nkd} queries 3-d float64"),
            Work::None,
            3,
            Box::new(move |d| {
                let data = rand(8, &[nkd, 3], d)?;
                let q = rand(9, &[nkd, 3], d)?;
                Ok(Box::new(move || {
                    KDTree::new(&data)?
                        .query(&q, 8, QueryOptions::default())
                        .map(drop)
                }))
            }),
        ),
        case(
            "cdist euclidean",
            format!("{ncd}x{ncd}x{f} float64"),
            Work::Flops(3.0 * (ncd * ncd * f) as f64),
            5,
            Box::new(move |d| {
                let a = rand(10, &[ncd, f], d)?;
                let b = rand(11, &[ncd, f], d)?;
                Ok(Box::new(move || cdist(&a, &b, Metric::Euclidean).map(drop)))
            }),
        ),
    ]
}
