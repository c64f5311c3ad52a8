// scratch: evaluate every function on the grids of /tmp/grid (not committed)
use cuprum_core::{Array, load, save};
use cuprum_special as sp;
fn main() {
    let d = "/tmp/grid";
    let l = |n: &str| -> Array { load(format!("{d}/{n}.npy")).unwrap() };
    macro_rules! u { ($($f:ident),*) => {$(
        let x = l(concat!("u_", stringify!($f)));
        save(format!("{d}/out_u_{}.npy", stringify!($f)), &sp::$f(&x).unwrap()).unwrap();
    )*}; }
    u!(
        erf, erfc, erfinv, erfcinv, ndtr, ndtri, gamma, gammaln, loggamma, gammasgn, rgamma,
        digamma, psi, zetac, expit, logit, log_expit, entr, j0, j1, y0, y1, i0, i0e, i1, i1e, k0,
        k0e, k1, k1e, ellipk, ellipkm1, ellipe, expi, exp1
    );
    let x = l("u_sici");
    let (s, c) = sp::sici(&x).unwrap();
    save(
        format!("{d}/out_u_sici.npy"),
        &cuprum_core::stack(&[&s, &c], 0).unwrap(),
    )
    .unwrap();
    macro_rules! b { ($($f:ident),*) => {$(
        let a = l(concat!("b_", stringify!($f), "_0"));
        let b = l(concat!("b_", stringify!($f), "_1"));
        save(format!("{d}/out_b_{}.npy", stringify!($f)), &sp::$f(&a, &b).unwrap()).unwrap();
    )*}; }
    b!(
        beta,
        betaln,
        gammainc,
        gammaincc,
        polygamma,
        xlogy,
        xlog1py,
        rel_entr,
        kl_div,
        huber,
        pseudo_huber,
        jv,
        yv,
        iv,
        kv
    );
    let a = l("b_zeta_0");
    let b = l("b_zeta_1");
    save(
        format!("{d}/out_b_zeta.npy"),
        &sp::zeta(&a, Some((&b).into())).unwrap(),
    )
    .unwrap();
    let a = l("t_betainc_0");
    let b = l("t_betainc_1");
    let x = l("t_betainc_2");
    save(
        format!("{d}/out_t_betainc.npy"),
        &sp::betainc(&a, &b, &x).unwrap(),
    )
    .unwrap();
}
