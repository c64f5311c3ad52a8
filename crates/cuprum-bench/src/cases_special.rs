//! The `special` suite: cuprum-special against CuPy (GPU) and SciPy (CPU), the rows of
//! issue 42's performance targets: five one-argument functions on float32 (memory-bound
//! on a GPU), `gammainc` and `betainc` on float64 (compute-bound), and `jv` on float64
//! (CuPy has none: SciPy on the CPU is the reference).
//!
//! Inputs are uniform random numbers scaled to each function's interesting range; the
//! CuPy/SciPy script draws the same ranges (not the same numbers).

use crate::cases::{Case, Work};
use cuprum::scipy::special;
use cuprum::{Array, DType, Device, Result};

/// Uniform numbers in `[lo, hi)` of `dtype`, drawn with seed `seed`.
fn uniform(n: usize, dtype: DType, lo: f64, hi: f64, seed: u64, d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(seed);
    let u = g.random_on(&[n], dtype, d)?;
    let s = if dtype == DType::Float32 {
        cuprum::multiply(&u, (hi - lo) as f32)?
    } else {
        cuprum::multiply(&u, hi - lo)?
    };
    if lo == 0.0 {
        Ok(s)
    } else if dtype == DType::Float32 {
        cuprum::add(&s, lo as f32)
    } else {
        cuprum::add(&s, lo)
    }
}

type Unary = fn(&Array) -> Result<Array>;

/// A one-argument float32 row: `f` over `n` values in `[lo, hi)`.
fn unary(name: &'static str, n: usize, lo: f64, hi: f64, f: Unary) -> Case {
    Case::new(
        "special",
        name,
        format!("{n} float32"),
        Work::Bytes(8.0 * n as f64),
        move |d| {
            let x = uniform(n, DType::Float32, lo, hi, 1, d)?;
            Ok(Box::new(move || f(&x).map(drop)))
        },
    )
}

/// A two-argument float64 row: `f` over `n` pairs, the first in `a`'s range, the second in
/// `x`'s.
fn binary(
    name: &'static str,
    n: usize,
    a: (f64, f64),
    x: (f64, f64),
    f: fn(&Array, &Array) -> Result<Array>,
) -> Case {
    Case::new(
        "special",
        name,
        format!("{n} float64"),
        Work::Bytes(24.0 * n as f64),
        move |d| {
            let a = uniform(n, DType::Float64, a.0, a.1, 1, d)?;
            let x = uniform(n, DType::Float64, x.0, x.1, 2, d)?;
            Ok(Box::new(move || f(&a, &x).map(drop)))
        },
    )
}

pub fn special(full: bool) -> Vec<Case> {
    // issue 42 item 4: 2^27 float32, 2^24 float64; the quick sizes run in seconds on 2 cores
    let (n32, n64, njv) = if full {
        (1usize << 27, 1usize << 24, 1usize << 24)
    } else {
        (1usize << 20, 1usize << 18, 1usize << 16)
    };
    vec![
        unary("erf", n32, -4.0, 4.0, special::erf),
        unary("gammaln", n32, 0.0, 100.0, special::gammaln),
        unary("expit", n32, -20.0, 20.0, special::expit),
        unary("i0e", n32, 0.0, 50.0, special::i0e),
        unary("j1", n32, 0.0, 50.0, special::j1),
        binary("gammainc", n64, (0.0, 20.0), (0.0, 20.0), |a, x| {
            special::gammainc(a, x)
        })
        .repeat(10),
        Case::new(
            "special",
            "betainc",
            format!("{n64} float64"),
            Work::Bytes(32.0 * n64 as f64),
            move |d| {
                let a = uniform(n64, DType::Float64, 0.0, 20.0, 1, d)?;
                let b = uniform(n64, DType::Float64, 0.0, 20.0, 2, d)?;
                let x = uniform(n64, DType::Float64, 0.0, 1.0, 3, d)?;
                Ok(Box::new(move || special::betainc(&a, &b, &x).map(drop)))
            },
        )
        .repeat(10),
        binary("jv", njv, (0.0, 20.0), (0.0, 50.0), |v, x| {
            special::jv(v, x)
        })
        .repeat(5),
    ]
}
