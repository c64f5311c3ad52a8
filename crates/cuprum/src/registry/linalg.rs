//! `linalg.*`: NumPy's dense linear algebra through [`crate::linalg`].

use super::{Args, Entry, Value, e, one, two};
use crate::Result;
use crate::linalg::{self as la, NormOrd, QrMode, Uplo};

pub(super) static ENTRIES: &[Entry] = &[
    e!("linalg.inv(a)", |a| Ok(vec![Value::Array(la::inv(
        &a.array("a")?
    )?)])),
    e!("linalg.solve(a, b)", |a| Ok(vec![Value::Array(la::solve(
        &a.array("a")?,
        &a.array("b")?
    )?)])),
    e!("linalg.det(a)", |a| Ok(vec![Value::Array(la::det(
        &a.array("a")?
    )?)])),
    e!("linalg.slogdet(a)", |a| two(Ok(la::slogdet(
        &a.array("a")?
    )?))),
    e!("linalg.eig(a)", |a| two(Ok(la::eig(&a.array("a")?)?))),
    e!("linalg.eigvals(a)", |a| Ok(vec![Value::Array(
        la::eigvals(&a.array("a")?)?
    )])),
    e!("linalg.eigh(a, UPLO='L')", |a| two(Ok(la::eigh(
        &a.array("a")?,
        Uplo::parse(a.str("UPLO")?)?
    )?))),
    e!("linalg.eigvalsh(a, UPLO='L')", |a| Ok(vec![Value::Array(
        la::eigvalsh(&a.array("a")?, Uplo::parse(a.str("UPLO")?)?)?
    )])),
    e!(
        "linalg.svd(a, full_matrices=True, compute_uv=True, hermitian=False)",
        |a| {
            not_hermitian(a)?;
            let r = la::svd(
                &a.array("a")?,
                a.bool("full_matrices")?,
                a.bool("compute_uv")?,
            )?;
            Ok(match (r.u, r.vh) {
                (Some(u), Some(vh)) => vec![Value::Array(u), Value::Array(r.s), Value::Array(vh)],
                _ => vec![Value::Array(r.s)],
            })
        }
    ),
    e!("linalg.svdvals(x)", |a| Ok(vec![Value::Array(
        la::svdvals(&a.array("x")?)?
    )])),
    e!("linalg.qr(a, mode='reduced')", |a| {
        let mode = match a.str("mode")? {
            "reduced" => QrMode::Reduced,
            "complete" => QrMode::Complete,
            "r" => QrMode::R,
            _ => return Err(a.unsupported("mode")),
        };
        let r = la::qr(&a.array("a")?, mode)?;
        Ok(match r.q {
            Some(q) => vec![Value::Array(q), Value::Array(r.r)],
            None => vec![Value::Array(r.r)],
        })
    }),
    e!("linalg.cholesky(a, /, *, upper=False)", |a| {
        let u = if a.bool("upper")? {
            Uplo::Upper
        } else {
            Uplo::Lower
        };
        Ok(vec![Value::Array(la::cholesky(&a.array("a")?, u)?)])
    }),
    e!("linalg.lstsq(a, b, rcond=None)", |a| {
        let r = la::lstsq(&a.array("a")?, &a.array("b")?, a.opt_float("rcond")?)?;
        Ok([r.x, r.residuals, r.rank, r.s]
            .into_iter()
            .map(Value::Array)
            .collect())
    }),
    e!("linalg.pinv(a, rcond=None, hermitian=False)", |a| {
        not_hermitian(a)?;
        one(Ok(la::pinv(&a.array("a")?, a.opt_float("rcond")?)?))
    }),
    e!("linalg.matrix_rank(A, tol=None, hermitian=False)", |a| {
        not_hermitian(a)?;
        one(Ok(la::matrix_rank(&a.array("A")?, a.opt_float("tol")?)?))
    }),
    e!("linalg.norm(x, ord=None, axis=None, keepdims=False)", |a| {
        let axis = a.opt_axes("axis")?;
        Ok(vec![Value::Array(la::norm(
            &a.array("x")?,
            ord(a, "ord")?,
            axis.as_deref(),
            a.bool("keepdims")?,
        )?)])
    }),
    e!("linalg.cond(x, p=None)", |a| Ok(vec![Value::Array(
        la::cond(&a.array("x")?, ord(a, "p")?)?
    )])),
    e!("linalg.matrix_power(a, n)", |a| Ok(vec![Value::Array(
        la::matrix_power(&a.array("a")?, a.int("n")?)?
    )])),
    e!("linalg.tensorsolve(a, b, axes=None)", |a| {
        let axes = a.opt_axes("axes")?;
        Ok(vec![Value::Array(la::tensorsolve(
            &a.array("a")?,
            &a.array("b")?,
            axes.as_deref(),
        )?)])
    }),
    e!("linalg.tensorinv(a, ind=2)", |a| Ok(vec![Value::Array(
        la::tensorinv(&a.array("a")?, a.usize("ind")?)?
    )])),
    e!("linalg.cross(x1, x2, /, *, axis=-1)", |a| {
        if a.int("axis")? != -1 {
            return Err(a.unsupported("axis"));
        }
        Ok(vec![Value::Array(la::cross(
            &a.array("x1")?,
            &a.array("x2")?,
        )?)])
    }),
    e!("linalg.matrix_transpose(x)", |a| one(
        crate::matrix_transpose(&a.array("x")?)
    )),
    e!("linalg.matmul(x1, x2)", |a| one(crate::matmul(
        &a.array("x1")?,
        &a.array("x2")?
    ))),
    e!("linalg.outer(x1, x2)", |a| one(crate::outer(
        &a.array("x1")?,
        &a.array("x2")?
    ))),
];

fn not_hermitian(a: &Args<'_>) -> Result<()> {
    if a.bool("hermitian")? {
        return Err(a.unsupported("hermitian"));
    }
    Ok(())
}

fn ord(a: &Args<'_>, name: &str) -> Result<Option<NormOrd>> {
    Ok(match a.get(name) {
        Value::None => None,
        Value::Str(s) if s == "fro" => Some(NormOrd::Fro),
        Value::Str(s) if s == "nuc" => Some(NormOrd::Nuc),
        _ => Some(NormOrd::P(a.float(name)?)),
    })
}
