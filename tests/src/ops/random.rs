//! Dispatch arms for the `random-stats` area: `random.<dist>` draws `size` samples on the
//! device under test from `Generator::new(seed)` and returns the statistic `stat` (`mean` or
//! `var` with ddof 0, in float64) as a 0-d float64 array, which the runner compares with the
//! population value within the case's `atol` (5 standard deviations of the statistic).
//! Distributions: `uniform`, `normal`, `standard_normal`, `exponential`, `integers`,
//! `poisson`, `binomial`, `gamma` and `beta`.

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::DType;
use cuprum::random::Generator;
use cuprum::reduce::{self, Axes, ReduceOp};

/// Runs `op` when it is a `random.*` case; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let dist = op.strip_prefix("random.")?;
    Some(draw(dist, cx))
}

fn draw(dist: &str, cx: &CaseCx<'_>) -> OpResult {
    let size = cx
        .kw_usize("size")?
        .ok_or_else(|| CaseError::harness("random case without size"))?;
    let seed = cx.kw_i64("seed")?.unwrap_or(0) as u64;
    let f = |k: &str, d: f64| cx.kw_f64(k).map(|v| v.unwrap_or(d));
    let mut common = vec!["dist", "size", "seed", "stat", "dtype"];
    let float = cx.kw_dtype("dtype")?.unwrap_or(DType::Float64);
    let mut g = Generator::new(seed);
    let dev = cx.device;
    let shape = [size];
    let sample = match dist {
        "uniform" => {
            common.extend(["low", "high"]);
            cx.only_kwargs(&common)?;
            g.uniform_on(f("low", 0.0)?, f("high", 1.0)?, &shape, float, dev)?
        }
        "normal" => {
            common.extend(["loc", "scale"]);
            cx.only_kwargs(&common)?;
            g.normal_on(f("loc", 0.0)?, f("scale", 1.0)?, &shape, float, dev)?
        }
        "standard_normal" => {
            cx.only_kwargs(&common)?;
            g.standard_normal_on(&shape, float, dev)?
        }
        "exponential" => {
            common.push("scale");
            cx.only_kwargs(&common)?;
            g.exponential_on(f("scale", 1.0)?, &shape, float, dev)?
        }
        "integers" => {
            common.extend(["low", "high"]);
            cx.only_kwargs(&common)?;
            let int = cx.kw_dtype("dtype")?.unwrap_or(DType::Int64);
            let low = cx.kw_i64("low")?.unwrap_or(0);
            let high = cx
                .kw_i64("high")?
                .ok_or_else(|| CaseError::harness("integers needs high"))?;
            g.integers_on(low, high, &shape, int, dev)?
        }
        "poisson" => {
            common.push("lam");
            cx.only_kwargs(&common)?;
            let int = cx.kw_dtype("dtype")?.unwrap_or(DType::Int64);
            g.poisson_on(f("lam", 1.0)?, &shape, int, dev)?
        }
        "binomial" => {
            common.extend(["n", "p"]);
            cx.only_kwargs(&common)?;
            let int = cx.kw_dtype("dtype")?.unwrap_or(DType::Int64);
            let n = cx
                .kw_i64("n")?
                .ok_or_else(|| CaseError::harness("binomial needs n"))?;
            let p = cx
                .kw_f64("p")?
                .ok_or_else(|| CaseError::harness("binomial needs p"))?;
            g.binomial_on(n, p, &shape, int, dev)?
        }
        "gamma" => {
            common.extend(["shape", "scale"]);
            cx.only_kwargs(&common)?;
            let k = cx
                .kw_f64("shape")?
                .ok_or_else(|| CaseError::harness("gamma needs shape"))?;
            g.gamma_on(k, f("scale", 1.0)?, &shape, float, dev)?
        }
        "beta" => {
            common.extend(["a", "b"]);
            cx.only_kwargs(&common)?;
            let a = cx
                .kw_f64("a")?
                .ok_or_else(|| CaseError::harness("beta needs a"))?;
            let b = cx
                .kw_f64("b")?
                .ok_or_else(|| CaseError::harness("beta needs b"))?;
            g.beta_on(a, b, &shape, float, dev)?
        }
        d => {
            return Err(CaseError::unsupported(format!(
                "random distribution {d:?} is not in cuprum's Generator"
            )));
        }
    };
    if sample.device() != dev || sample.shape() != shape {
        return Err(CaseError::harness(format!(
            "random.{dist}: {:?} sample on {}, wanted [{size}] on {dev}",
            sample.shape(),
            sample.device()
        )));
    }
    let x = sample.astype(DType::Float64)?;
    let op = match cx.kw_str("stat")? {
        Some("mean") => ReduceOp::Mean,
        Some("var") => ReduceOp::Var,
        s => return Err(CaseError::harness(format!("random-stats stat {s:?}"))),
    };
    one(reduce::reduce(op, &x, Axes::All, false, None, 0.0))
}
