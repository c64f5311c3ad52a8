//! `random.*`: the legacy module functions of `numpy.random` (`cupy.random`), drawing from
//! the global generator ([`crate::random::seed`]). `size=None` gives a 0-d array.

use super::{Args, Entry, Value, e, one};
use crate::random as rd;
use crate::{Error, Result};

/// `random.name(p..., size=None)` with float parameters.
macro_rules! dist {
    ($sig:literal, $f:path $(, $p:literal)*) => {
        e!($sig, |a| one($f($(a.float($p)?,)* &size(a)?[..])))
    };
}

pub(super) static ENTRIES: &[Entry] = &[
    e!("random.seed(seed=None)", |a| {
        rd::seed(match a.opt_int("seed")? {
            Some(s) => u64::try_from(s)
                .map_err(|_| Error::out_of_domain("random.seed", "seed", s, "[0, 2**64 - 1]"))?,
            None => 0,
        });
        Ok(Vec::new())
    }),
    e!("random.permutation(x)", |a| match a.get("x") {
        Value::Array(x) if x.ndim() > 0 => {
            let c = x.copy()?;
            rd::shuffle(&c)?;
            one(Ok(c))
        }
        _ => one(rd::permutation(a.usize("x")?)),
    }),
    e!("random.shuffle(x)", |a| {
        rd::shuffle(&a.array("x")?)?;
        Ok(Vec::new())
    }),
    e!("random.choice(a, size=None, replace=True, p=None)", |a| {
        if !a.is_none("p") {
            return Err(a.unsupported("p"));
        }
        let n = match a.get("a") {
            Value::Array(x) if x.ndim() > 0 => {
                let idx = rd::choice(x.shape()[0], &size(a)?[..], a.bool("replace")?)?;
                return one(crate::take(x, &idx, Some(0), crate::IndexMode::Raise));
            }
            _ => a.usize("a")?,
        };
        one(rd::choice(n, &size(a)?[..], a.bool("replace")?))
    }),
    e!("random.rand(*args)", |a| one(rd::rand(
        &a.shape("args")?[..]
    ))),
    e!("random.randn(*args)", |a| one(rd::randn(
        &a.shape("args")?[..]
    ))),
    e!("random.random(size=None)", |a| one(rd::random(
        &size(a)?[..]
    ))),
    e!("random.random_sample(size=None)", |a| one(
        rd::random_sample(&size(a)?[..])
    )),
    e!("random.ranf(size=None)", |a| one(rd::ranf(&size(a)?[..]))),
    e!("random.sample(size=None)", |a| one(rd::sample(
        &size(a)?[..]
    ))),
    e!(
        "random.randint(low, high=None, size=None, dtype=None)",
        |a| {
            if !matches!(a.dtype("dtype")?, None | Some(crate::DType::Int64)) {
                return Err(a.unsupported("dtype"));
            }
            let (low, high) = match a.opt_int("high")? {
                Some(h) => (a.int("low")?, h),
                None => (0, a.int("low")?),
            };
            one(rd::randint(low, high, &size(a)?[..]))
        }
    ),
    e!("random.random_integers(low, high=None, size=None)", |a| {
        let (low, high) = match a.opt_int("high")? {
            Some(h) => (a.int("low")?, h),
            None => (1, a.int("low")?),
        };
        one(rd::random_integers(low, high, &size(a)?[..]))
    }),
    dist!(
        "random.uniform(low=0.0, high=1.0, size=None)",
        rd::uniform,
        "low",
        "high"
    ),
    dist!(
        "random.normal(loc=0.0, scale=1.0, size=None)",
        rd::normal,
        "loc",
        "scale"
    ),
    dist!("random.standard_normal(size=None)", rd::standard_normal),
    dist!(
        "random.exponential(scale=1.0, size=None)",
        rd::exponential,
        "scale"
    ),
    dist!(
        "random.standard_exponential(size=None)",
        rd::standard_exponential
    ),
    dist!(
        "random.lognormal(mean=0.0, sigma=1.0, size=None)",
        rd::lognormal,
        "mean",
        "sigma"
    ),
    dist!("random.chisquare(df, size=None)", rd::chisquare, "df"),
    dist!(
        "random.laplace(loc=0.0, scale=1.0, size=None)",
        rd::laplace,
        "loc",
        "scale"
    ),
    dist!(
        "random.logistic(loc=0.0, scale=1.0, size=None)",
        rd::logistic,
        "loc",
        "scale"
    ),
    dist!(
        "random.gumbel(loc=0.0, scale=1.0, size=None)",
        rd::gumbel,
        "loc",
        "scale"
    ),
    dist!(
        "random.rayleigh(scale=1.0, size=None)",
        rd::rayleigh,
        "scale"
    ),
    dist!("random.weibull(a, size=None)", rd::weibull, "a"),
    dist!("random.pareto(a, size=None)", rd::pareto, "a"),
    dist!("random.power(a, size=None)", rd::power, "a"),
    dist!("random.standard_cauchy(size=None)", rd::standard_cauchy),
    dist!("random.standard_t(df, size=None)", rd::standard_t, "df"),
    dist!("random.f(dfnum, dfden, size=None)", rd::f, "dfnum", "dfden"),
    dist!(
        "random.vonmises(mu, kappa, size=None)",
        rd::vonmises,
        "mu",
        "kappa"
    ),
    dist!(
        "random.wald(mean, scale, size=None)",
        rd::wald,
        "mean",
        "scale"
    ),
    dist!(
        "random.triangular(left, mode, right, size=None)",
        rd::triangular,
        "left",
        "mode",
        "right"
    ),
    dist!("random.geometric(p, size=None)", rd::geometric, "p"),
    dist!(
        "random.negative_binomial(n, p, size=None)",
        rd::negative_binomial,
        "n",
        "p"
    ),
    dist!("random.zipf(a, size=None)", rd::zipf, "a"),
    dist!("random.logseries(p, size=None)", rd::logseries, "p"),
    dist!("random.poisson(lam=1.0, size=None)", rd::poisson, "lam"),
    dist!(
        "random.gamma(shape, scale=1.0, size=None)",
        rd::gamma,
        "shape",
        "scale"
    ),
    dist!(
        "random.standard_gamma(shape, size=None)",
        rd::standard_gamma,
        "shape"
    ),
    dist!("random.beta(a, b, size=None)", rd::beta, "a", "b"),
    dist!(
        "random.noncentral_chisquare(df, nonc, size=None)",
        rd::noncentral_chisquare,
        "df",
        "nonc"
    ),
    dist!(
        "random.noncentral_f(dfnum, dfden, nonc, size=None)",
        rd::noncentral_f,
        "dfnum",
        "dfden",
        "nonc"
    ),
    e!(
        "random.hypergeometric(ngood, nbad, nsample, size=None)",
        |a| one(rd::hypergeometric(
            a.int("ngood")?,
            a.int("nbad")?,
            a.int("nsample")?,
            &size(a)?[..]
        ))
    ),
    e!("random.dirichlet(alpha, size=None)", |a| one(
        rd::dirichlet(&a.floats("alpha")?, &size(a)?[..])
    )),
    e!("random.multinomial(n, pvals, size=None)", |a| one(
        rd::multinomial(a.int("n")?, &a.floats("pvals")?, &size(a)?[..])
    )),
    e!("random.multivariate_normal(mean, cov, size=None)", |a| one(
        rd::multivariate_normal(
            &a.floats("mean")?,
            &a.array("cov")?
                .astype(crate::DType::Float64)?
                .to_vec::<f64>()?,
            &size(a)?[..],
        )
    )),
    e!("random.binomial(n, p, size=None)", |a| one(rd::binomial(
        a.int("n")?,
        a.float("p")?,
        &size(a)?[..]
    ))),
];

fn size(a: &Args<'_>) -> Result<Vec<usize>> {
    Ok(a.opt_shape("size")?.unwrap_or_default())
}
