//! `special.*`: SciPy's special functions through [`crate::scipy::special`], every public
//! function of the crate by its SciPy name (`special.jv(v, x)`). Ufunc operands are arrays or
//! Python scalars (weak, as NumPy's); outputs in SciPy's order (`special.airy` gives Ai, Ai',
//! Bi, Bi').

use super::{Args, Entry, Value, e, one, two};
use crate::Result;
use crate::scipy::special as sp;

/// Four outputs (`airy`, `airye`, `ellipj`).
fn four(r: Result<(crate::Array, crate::Array, crate::Array, crate::Array)>) -> Result<Vec<Value>> {
    r.map(|(a, b, c, d)| {
        vec![
            Value::Array(a),
            Value::Array(b),
            Value::Array(c),
            Value::Array(d),
        ]
    })
}

/// `logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False)`.
fn logsumexp(a: &Args<'_>) -> Result<Vec<Value>> {
    let x = a.array("a")?;
    let b = a.opt_array("b")?;
    let axis = a.reduce_axes("axis")?;
    let keepdims = a.bool("keepdims")?;
    if a.bool("return_sign")? {
        two(sp::logsumexp_with_sign(&x, axis, b.as_ref(), keepdims))
    } else {
        one(sp::logsumexp(&x, axis, b.as_ref(), keepdims))
    }
}

pub(super) static ENTRIES: &[Entry] = &[
    e!("special.fresnel(z)", |a| two(sp::fresnel(a.operand("z")?))),
    e!("special.dawsn(x)", |a| one(sp::dawsn(a.operand("x")?))),
    e!("special.erfi(x)", |a| one(sp::erfi(a.operand("x")?))),
    e!("special.wofz(z)", |a| one(sp::wofz(a.operand("z")?))),
    e!("special.voigt_profile(x, sigma, gamma)", |a| one(
        sp::voigt_profile(a.operand("x")?, a.operand("sigma")?, a.operand("gamma")?)
    )),
    e!("special.airy(x)", |a| four(sp::airy(a.operand("x")?))),
    e!("special.airye(x)", |a| four(sp::airye(a.operand("x")?))),
    e!("special.bdtr(k, n, p)", |a| one(sp::bdtr(
        a.operand("k")?,
        a.operand("n")?,
        a.operand("p")?
    ))),
    e!("special.bdtrc(k, n, p)", |a| one(sp::bdtrc(
        a.operand("k")?,
        a.operand("n")?,
        a.operand("p")?
    ))),
    e!("special.bdtri(k, n, y)", |a| one(sp::bdtri(
        a.operand("k")?,
        a.operand("n")?,
        a.operand("y")?
    ))),
    e!("special.beta(a, b)", |a| one(sp::beta(
        a.operand("a")?,
        a.operand("b")?
    ))),
    e!("special.betainc(a, b, x)", |a| one(sp::betainc(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("x")?
    ))),
    e!("special.betainccinv(a, b, y)", |a| one(sp::betainccinv(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("y")?
    ))),
    e!("special.betaincinv(a, b, y)", |a| one(sp::betaincinv(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("y")?
    ))),
    e!("special.betaln(a, b)", |a| one(sp::betaln(
        a.operand("a")?,
        a.operand("b")?
    ))),
    e!("special.binom(n, k)", |a| one(sp::binom(
        a.operand("n")?,
        a.operand("k")?
    ))),
    e!("special.boxcox(x, lmbda)", |a| one(sp::boxcox(
        a.operand("x")?,
        a.operand("lmbda")?
    ))),
    e!("special.boxcox1p(x, lmbda)", |a| one(sp::boxcox1p(
        a.operand("x")?,
        a.operand("lmbda")?
    ))),
    e!("special.btdtr(a, b, x)", |a| one(sp::btdtr(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("x")?
    ))),
    e!("special.btdtri(a, b, p)", |a| one(sp::btdtri(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("p")?
    ))),
    e!("special.cbrt(x)", |a| one(sp::cbrt(&a.array("x")?))),
    e!("special.chdtr(v, x)", |a| one(sp::chdtr(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.chdtrc(v, x)", |a| one(sp::chdtrc(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.chdtri(v, p)", |a| one(sp::chdtri(
        a.operand("v")?,
        a.operand("p")?
    ))),
    e!("special.cosdg(x)", |a| one(sp::cosdg(a.operand("x")?))),
    e!("special.cosm1(x)", |a| one(sp::cosm1(&a.array("x")?))),
    e!("special.cotdg(x)", |a| one(sp::cotdg(a.operand("x")?))),
    e!("special.digamma(x)", |a| one(sp::digamma(&a.array("x")?))),
    e!("special.ellipe(x)", |a| one(sp::ellipe(&a.array("x")?))),
    e!("special.ellipeinc(phi, m)", |a| one(sp::ellipeinc(
        a.operand("phi")?,
        a.operand("m")?
    ))),
    e!("special.ellipj(u, m)", |a| four(sp::ellipj(
        a.operand("u")?,
        a.operand("m")?
    ))),
    e!("special.ellipk(x)", |a| one(sp::ellipk(&a.array("x")?))),
    e!("special.ellipkinc(phi, m)", |a| one(sp::ellipkinc(
        a.operand("phi")?,
        a.operand("m")?
    ))),
    e!("special.ellipkm1(x)", |a| one(sp::ellipkm1(&a.array("x")?))),
    e!("special.entr(x)", |a| one(sp::entr(&a.array("x")?))),
    e!("special.erf(x)", |a| one(sp::erf(&a.array("x")?))),
    e!("special.erfc(x)", |a| one(sp::erfc(&a.array("x")?))),
    e!("special.erfcinv(x)", |a| one(sp::erfcinv(&a.array("x")?))),
    e!("special.erfcx(x)", |a| one(sp::erfcx(&a.array("x")?))),
    e!("special.erfinv(x)", |a| one(sp::erfinv(&a.array("x")?))),
    e!("special.exp1(x)", |a| one(sp::exp1(&a.array("x")?))),
    e!("special.exp10(x)", |a| one(sp::exp10(&a.array("x")?))),
    e!("special.exp2(x)", |a| one(sp::exp2(&a.array("x")?))),
    e!("special.expi(x)", |a| one(sp::expi(&a.array("x")?))),
    e!("special.expit(x)", |a| one(sp::expit(&a.array("x")?))),
    e!("special.expm1(x)", |a| one(sp::expm1(&a.array("x")?))),
    e!("special.expn(n, x)", |a| one(sp::expn(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.exprel(x)", |a| one(sp::exprel(&a.array("x")?))),
    e!("special.fdtr(dfn, dfd, x)", |a| one(sp::fdtr(
        a.operand("dfn")?,
        a.operand("dfd")?,
        a.operand("x")?
    ))),
    e!("special.fdtrc(dfn, dfd, x)", |a| one(sp::fdtrc(
        a.operand("dfn")?,
        a.operand("dfd")?,
        a.operand("x")?
    ))),
    e!("special.fdtri(dfn, dfd, p)", |a| one(sp::fdtri(
        a.operand("dfn")?,
        a.operand("dfd")?,
        a.operand("p")?
    ))),
    e!("special.gamma(x)", |a| one(sp::gamma(&a.array("x")?))),
    e!("special.gammainc(a, x)", |a| one(sp::gammainc(
        a.operand("a")?,
        a.operand("x")?
    ))),
    e!("special.gammaincc(a, x)", |a| one(sp::gammaincc(
        a.operand("a")?,
        a.operand("x")?
    ))),
    e!("special.gammainccinv(a, y)", |a| one(sp::gammainccinv(
        a.operand("a")?,
        a.operand("y")?
    ))),
    e!("special.gammaincinv(a, y)", |a| one(sp::gammaincinv(
        a.operand("a")?,
        a.operand("y")?
    ))),
    e!("special.gammaln(x)", |a| one(sp::gammaln(&a.array("x")?))),
    e!("special.gammasgn(x)", |a| one(sp::gammasgn(&a.array("x")?))),
    e!("special.gdtr(a, b, x)", |a| one(sp::gdtr(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("x")?
    ))),
    e!("special.gdtrc(a, b, x)", |a| one(sp::gdtrc(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("x")?
    ))),
    e!("special.hankel1(v, z)", |a| one(sp::hankel1(
        a.operand("v")?,
        a.operand("z")?
    ))),
    e!("special.hankel1e(v, z)", |a| one(sp::hankel1e(
        a.operand("v")?,
        a.operand("z")?
    ))),
    e!("special.hankel2(v, z)", |a| one(sp::hankel2(
        a.operand("v")?,
        a.operand("z")?
    ))),
    e!("special.hankel2e(v, z)", |a| one(sp::hankel2e(
        a.operand("v")?,
        a.operand("z")?
    ))),
    e!("special.huber(delta, r)", |a| one(sp::huber(
        a.operand("delta")?,
        a.operand("r")?
    ))),
    e!("special.hyp1f1(a, b, x)", |a| one(sp::hyp1f1(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("x")?
    ))),
    e!("special.hyp2f1(a, b, c, x)", |a| one(sp::hyp2f1(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("c")?,
        a.operand("x")?
    ))),
    e!("special.hyperu(a, b, x)", |a| one(sp::hyperu(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("x")?
    ))),
    e!("special.i0(x)", |a| one(sp::i0(&a.array("x")?))),
    e!("special.i0e(x)", |a| one(sp::i0e(&a.array("x")?))),
    e!("special.i1(x)", |a| one(sp::i1(&a.array("x")?))),
    e!("special.i1e(x)", |a| one(sp::i1e(&a.array("x")?))),
    e!("special.inv_boxcox(y, lmbda)", |a| one(sp::inv_boxcox(
        a.operand("y")?,
        a.operand("lmbda")?
    ))),
    e!("special.inv_boxcox1p(y, lmbda)", |a| one(sp::inv_boxcox1p(
        a.operand("y")?,
        a.operand("lmbda")?
    ))),
    e!("special.iv(v, x)", |a| one(sp::iv(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.ive(v, x)", |a| one(sp::ive(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.j0(x)", |a| one(sp::j0(&a.array("x")?))),
    e!("special.j1(x)", |a| one(sp::j1(&a.array("x")?))),
    e!("special.jv(v, x)", |a| one(sp::jv(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.jve(v, x)", |a| one(sp::jve(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.k0(x)", |a| one(sp::k0(&a.array("x")?))),
    e!("special.k0e(x)", |a| one(sp::k0e(&a.array("x")?))),
    e!("special.k1(x)", |a| one(sp::k1(&a.array("x")?))),
    e!("special.k1e(x)", |a| one(sp::k1e(&a.array("x")?))),
    e!("special.kl_div(x, y)", |a| one(sp::kl_div(
        a.operand("x")?,
        a.operand("y")?
    ))),
    e!("special.kn(n, x)", |a| one(sp::kn(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.kv(v, x)", |a| one(sp::kv(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.kve(v, x)", |a| one(sp::kve(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.log1p(x)", |a| one(sp::log1p(&a.array("x")?))),
    e!("special.log_expit(x)", |a| one(sp::log_expit(
        &a.array("x")?
    ))),
    e!("special.log_ndtr(x)", |a| one(sp::log_ndtr(
        a.operand("x")?
    ))),
    e!("special.loggamma(x)", |a| one(sp::loggamma(&a.array("x")?))),
    e!("special.logit(x)", |a| one(sp::logit(&a.array("x")?))),
    e!("special.lpmv(m, v, x)", |a| one(sp::lpmv(
        a.operand("m")?,
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.modstruve(v, x)", |a| one(sp::modstruve(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.nbdtr(k, n, p)", |a| one(sp::nbdtr(
        a.operand("k")?,
        a.operand("n")?,
        a.operand("p")?
    ))),
    e!("special.nbdtrc(k, n, p)", |a| one(sp::nbdtrc(
        a.operand("k")?,
        a.operand("n")?,
        a.operand("p")?
    ))),
    e!("special.nbdtri(k, n, y)", |a| one(sp::nbdtri(
        a.operand("k")?,
        a.operand("n")?,
        a.operand("y")?
    ))),
    e!("special.ndtr(x)", |a| one(sp::ndtr(&a.array("x")?))),
    e!("special.ndtri(x)", |a| one(sp::ndtri(&a.array("x")?))),
    e!("special.owens_t(h, a)", |a| one(sp::owens_t(
        a.operand("h")?,
        a.operand("a")?
    ))),
    e!("special.pdtr(k, m)", |a| one(sp::pdtr(
        a.operand("k")?,
        a.operand("m")?
    ))),
    e!("special.pdtrc(k, m)", |a| one(sp::pdtrc(
        a.operand("k")?,
        a.operand("m")?
    ))),
    e!("special.pdtri(k, y)", |a| one(sp::pdtri(
        a.operand("k")?,
        a.operand("y")?
    ))),
    e!("special.poch(z, m)", |a| one(sp::poch(
        a.operand("z")?,
        a.operand("m")?
    ))),
    e!("special.polygamma(n, x)", |a| one(sp::polygamma(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.pseudo_huber(delta, r)", |a| one(sp::pseudo_huber(
        a.operand("delta")?,
        a.operand("r")?
    ))),
    e!("special.psi(x)", |a| one(sp::psi(&a.array("x")?))),
    e!("special.radian(d, m, s)", |a| one(sp::radian(
        a.operand("d")?,
        a.operand("m")?,
        a.operand("s")?
    ))),
    e!("special.rel_entr(x, y)", |a| one(sp::rel_entr(
        a.operand("x")?,
        a.operand("y")?
    ))),
    e!("special.rgamma(x)", |a| one(sp::rgamma(&a.array("x")?))),
    e!("special.round(x)", |a| one(sp::round(&a.array("x")?))),
    e!("special.shichi(x)", |a| two(sp::shichi(a.operand("x")?))),
    e!("special.sici(x)", |a| two(sp::sici(&a.array("x")?))),
    e!("special.sindg(x)", |a| one(sp::sindg(a.operand("x")?))),
    e!("special.softplus(x)", |a| one(sp::softplus(&a.array("x")?))),
    e!("special.spence(x)", |a| one(sp::spence(&a.array("x")?))),
    e!("special.sph_harm_y(n, m, theta, phi)", |a| one(
        sp::sph_harm_y(
            a.operand("n")?,
            a.operand("m")?,
            a.operand("theta")?,
            a.operand("phi")?
        )
    )),
    e!("special.stdtr(df, t)", |a| one(sp::stdtr(
        a.operand("df")?,
        a.operand("t")?
    ))),
    e!("special.stdtrit(df, p)", |a| one(sp::stdtrit(
        a.operand("df")?,
        a.operand("p")?
    ))),
    e!("special.struve(v, x)", |a| one(sp::struve(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.tandg(x)", |a| one(sp::tandg(a.operand("x")?))),
    e!("special.wright_bessel(a, b, x)", |a| one(
        sp::wright_bessel(a.operand("a")?, a.operand("b")?, a.operand("x")?)
    )),
    e!("special.xlog1py(x, y)", |a| one(sp::xlog1py(
        a.operand("x")?,
        a.operand("y")?
    ))),
    e!("special.xlogy(x, y)", |a| one(sp::xlogy(
        a.operand("x")?,
        a.operand("y")?
    ))),
    e!("special.y0(x)", |a| one(sp::y0(&a.array("x")?))),
    e!("special.y1(x)", |a| one(sp::y1(&a.array("x")?))),
    e!("special.yn(n, x)", |a| one(sp::yn(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.yv(v, x)", |a| one(sp::yv(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.yve(v, x)", |a| one(sp::yve(
        a.operand("v")?,
        a.operand("x")?
    ))),
    e!("special.zetac(x)", |a| one(sp::zetac(&a.array("x")?))),
    e!(
        "special.comb(N, k, *, exact=False, repetition=False)",
        |a| one(sp::comb(
            a.operand("N")?,
            a.operand("k")?,
            a.bool("exact")?,
            a.bool("repetition")?
        ))
    ),
    e!("special.perm(N, k, exact=False)", |a| one(sp::perm(
        a.operand("N")?,
        a.operand("k")?,
        a.bool("exact")?
    ))),
    e!("special.zeta(x, q=None)", |a| one(sp::zeta(
        a.operand("x")?,
        a.opt_operand("q")?
    ))),
    e!("special.lambertw(z, k=0, tol=1e-08)", |a| one(
        sp::lambertw(a.operand("z")?, a.operand("k")?, a.float("tol")?)
    )),
    e!("special.spherical_jn(n, z, derivative=False)", |a| one(
        sp::spherical_jn(a.operand("n")?, a.operand("z")?, a.bool("derivative")?)
    )),
    e!("special.spherical_yn(n, z, derivative=False)", |a| one(
        sp::spherical_yn(a.operand("n")?, a.operand("z")?, a.bool("derivative")?)
    )),
    e!("special.spherical_in(n, z, derivative=False)", |a| one(
        sp::spherical_in(a.operand("n")?, a.operand("z")?, a.bool("derivative")?)
    )),
    e!("special.spherical_kn(n, z, derivative=False)", |a| one(
        sp::spherical_kn(a.operand("n")?, a.operand("z")?, a.bool("derivative")?)
    )),
    e!("special.multigammaln(a, d)", |a| one(sp::multigammaln(
        &a.array("a")?,
        a.usize("d")?
    ))),
    e!("special.softmax(x, axis=None)", |a| one(sp::softmax(
        &a.array("x")?,
        a.reduce_axes("axis")?
    ))),
    e!("special.log_softmax(x, axis=None)", |a| one(
        sp::log_softmax(&a.array("x")?, a.reduce_axes("axis")?)
    )),
    e!(
        "special.logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False)",
        logsumexp
    ),
    e!("special.pdtrik(p, m)", |a| one(sp::pdtrik(
        a.operand("p")?,
        a.operand("m")?
    ))),
    e!("special.bdtrik(y, n, p)", |a| one(sp::bdtrik(
        a.operand("y")?,
        a.operand("n")?,
        a.operand("p")?
    ))),
    e!("special.bdtrin(k, y, p)", |a| one(sp::bdtrin(
        a.operand("k")?,
        a.operand("y")?,
        a.operand("p")?
    ))),
    e!("special.chdtriv(p, x)", |a| one(sp::chdtriv(
        a.operand("p")?,
        a.operand("x")?
    ))),
    e!("special.stdtridf(p, t)", |a| one(sp::stdtridf(
        a.operand("p")?,
        a.operand("t")?
    ))),
    e!("special.nbdtrik(y, n, p)", |a| one(sp::nbdtrik(
        a.operand("y")?,
        a.operand("n")?,
        a.operand("p")?
    ))),
    e!("special.nbdtrin(k, y, p)", |a| one(sp::nbdtrin(
        a.operand("k")?,
        a.operand("y")?,
        a.operand("p")?
    ))),
    e!("special.fdtridfd(dfn, p, x)", |a| one(sp::fdtridfd(
        a.operand("dfn")?,
        a.operand("p")?,
        a.operand("x")?
    ))),
    e!("special.gdtrib(a, p, x)", |a| one(sp::gdtrib(
        a.operand("a")?,
        a.operand("p")?,
        a.operand("x")?
    ))),
    e!("special.gdtrix(a, b, p)", |a| one(sp::gdtrix(
        a.operand("a")?,
        a.operand("b")?,
        a.operand("p")?
    ))),
    e!("special.gdtria(p, b, x)", |a| one(sp::gdtria(
        a.operand("p")?,
        a.operand("b")?,
        a.operand("x")?
    ))),
    e!("special.eval_legendre(n, x)", |a| one(sp::eval_legendre(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_chebyt(n, x)", |a| one(sp::eval_chebyt(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_chebyu(n, x)", |a| one(sp::eval_chebyu(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_chebyc(n, x)", |a| one(sp::eval_chebyc(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_chebys(n, x)", |a| one(sp::eval_chebys(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_sh_chebyt(n, x)", |a| one(sp::eval_sh_chebyt(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_sh_chebyu(n, x)", |a| one(sp::eval_sh_chebyu(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_sh_legendre(n, x)", |a| one(
        sp::eval_sh_legendre(a.operand("n")?, a.operand("x")?)
    )),
    e!("special.eval_laguerre(n, x)", |a| one(sp::eval_laguerre(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_hermite(n, x)", |a| one(sp::eval_hermite(
        a.operand("n")?,
        a.operand("x")?
    ))),
    e!("special.eval_hermitenorm(n, x)", |a| one(
        sp::eval_hermitenorm(a.operand("n")?, a.operand("x")?)
    )),
    e!("special.eval_gegenbauer(n, alpha, x)", |a| one(
        sp::eval_gegenbauer(a.operand("n")?, a.operand("alpha")?, a.operand("x")?)
    )),
    e!("special.eval_genlaguerre(n, alpha, x)", |a| one(
        sp::eval_genlaguerre(a.operand("n")?, a.operand("alpha")?, a.operand("x")?)
    )),
    e!("special.eval_jacobi(n, alpha, beta, x)", |a| one(
        sp::eval_jacobi(
            a.operand("n")?,
            a.operand("alpha")?,
            a.operand("beta")?,
            a.operand("x")?
        )
    )),
    e!("special.eval_sh_jacobi(n, p, q, x)", |a| one(
        sp::eval_sh_jacobi(
            a.operand("n")?,
            a.operand("p")?,
            a.operand("q")?,
            a.operand("x")?
        )
    )),
];
