//! Dispatch arms for the `sparse` area, through `cuprum::sparse` (SciPy's `scipy.sparse`
//! with sparse-*array* semantics) and `cuprum::sparse::linalg` (`scipy.sparse.linalg`).
//!
//! A sparse input occupies four consecutive inputs (`data, indices, indptr, shape` for
//! CSR/CSC, `data, row, col, shape` for COO); dense operands follow.

use super::OpResult;
use crate::CaseError;
use crate::classify::{Classification, Classify, ErrorClass};
use crate::cx::CaseCx;
use cuprum::sparse::linalg::{self as sl, EigOptions, LsqOptions, NormOrd, SolveOptions, Which};
use cuprum::sparse::{self as sp, Indexed, Sparse, SparseBinOp, SparseError};
use cuprum::{Array, DType, Device, IndexItem};
use serde_json::Value;

impl Classify for SparseError {
    fn classify(&self) -> Classification {
        if let SparseError::Core(e) = self {
            return e.classify();
        }
        match ErrorClass::from_name(self.conformance_class()) {
            Some(c) => Classification::Class(c),
            None => Classification::Other,
        }
    }
}

/// Runs `op` when it is a `sparse.*` op; `None` otherwise.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let rest = op.strip_prefix("sparse.")?;
    Some(run(rest, cx))
}

type R<T> = Result<T, CaseError>;

/// The sparse input starting at input `at`, in `format` (`csr`, `csc` or `coo`).
fn sparse_at(cx: &CaseCx<'_>, at: usize, format: &str) -> R<Sparse> {
    let shape = cx
        .array(at + 3)?
        .astype(DType::Int64)?
        .to_device(Device::Cpu)?
        .to_vec::<i64>()?;
    if shape.len() != 2 {
        return Err(CaseError::harness(format!(
            "sparse shape input has {} entries",
            shape.len()
        )));
    }
    let sh = Some((shape[0] as usize, shape[1] as usize));
    let (d, i, p) = (cx.array(at)?, cx.array(at + 1)?, cx.array(at + 2)?);
    Ok(match format {
        "csr" => sp::csr_array((d, i, p), sh)?,
        "csc" => sp::csc_array((d, i, p), sh)?,
        "coo" => sp::coo_array((d, (i, p)), sh)?,
        f => return Err(CaseError::harness(format!("unknown sparse format {f:?}"))),
    })
}

/// The canonical (data, indices, indptr) of a CSR/CSC result.
fn parts(s: &Sparse) -> R<Vec<Array>> {
    let (Some(i), Some(p)) = (s.indices(), s.indptr()) else {
        return Err(CaseError::harness(format!(
            "expected a compressed result, got {:?}",
            s.format()
        )));
    };
    Ok(vec![s.data().clone(), i.clone(), p.clone()])
}

fn dense(s: &Sparse) -> R<Vec<Array>> {
    Ok(vec![s.toarray()?])
}

fn solve_opts(cx: &CaseCx<'_>) -> R<SolveOptions<'static>> {
    let mut o = SolveOptions::new();
    if let Some(r) = cx.kw_f64("rtol")? {
        o = o.rtol(r);
    }
    if let Some(a) = cx.kw_f64("atol")? {
        o = o.atol(a);
    }
    if let Some(m) = cx.kw_usize("maxiter")? {
        o = o.maxiter(m);
    }
    Ok(o)
}

fn lsq_opts(cx: &CaseCx<'_>) -> R<LsqOptions> {
    let mut o = LsqOptions::new();
    if let Some(a) = cx.kw_f64("atol")? {
        o = o.atol(a);
    }
    if let Some(b) = cx.kw_f64("btol")? {
        o = o.btol(b);
    }
    if let Some(m) = cx.kw_usize("iter_lim")?.or(cx.kw_usize("maxiter")?) {
        o = o.maxiter(m);
    }
    Ok(o)
}

fn run(op: &str, cx: &CaseCx<'_>) -> OpResult {
    let (fmt, name) = match op.split_once('_') {
        Some((f @ ("csr" | "csc" | "coo"), n)) => (f, n),
        _ => ("", op),
    };
    // constructors without sparse inputs
    match op {
        "eye" => {
            cx.only_kwargs(&["m", "n", "k", "dtype"])?;
            let m = cx
                .kw_usize("m")?
                .ok_or_else(|| CaseError::harness("eye needs m"))?;
            let n = cx.kw_usize("n")?.unwrap_or(m);
            let k = cx.kw_i64("k")?.unwrap_or(0);
            let dt = cx.kw_dtype("dtype")?.unwrap_or(DType::Float64);
            return dense(&sp::eye_on(m, n, k, dt, sp::Flavour::Array, cx.device)?);
        }
        "identity" => {
            cx.only_kwargs(&["n", "dtype"])?;
            let n = cx
                .kw_usize("n")?
                .ok_or_else(|| CaseError::harness("identity needs n"))?;
            let dt = cx.kw_dtype("dtype")?.unwrap_or(DType::Float64);
            return dense(&sp::eye_on(n, n, 0, dt, sp::Flavour::Array, cx.device)?);
        }
        "diags" => {
            cx.only_kwargs(&["offsets", "shape"])?;
            let offs = cx.kw_ints("offsets")?.unwrap_or_else(|| vec![0]);
            let shape = cx.kw_shape("shape")?.map(|s| (s[0], s[1]));
            let ds = cx.arrays()?;
            return dense(&sp::diags_array(&ds, &offs, shape, None)?);
        }
        _ => {}
    }
    if fmt.is_empty() {
        return Err(CaseError::unsupported(format!(
            "sparse op {op:?} is not dispatched"
        )));
    }
    let a = sparse_at(cx, 0, fmt)?;
    let b4 = || sparse_at(cx, 4, fmt);
    let dense_at = |i: usize| cx.array(i);
    let kw_k = || -> R<i64> { Ok(cx.kw_i64("k")?.unwrap_or(0)) };
    Ok(match name {
        "todense" => dense(&a)?,
        "tocsr" => parts(&a.tocsr()?.sum_duplicates()?)?,
        "tocsc" => parts(&a.tocsc()?.sum_duplicates()?)?,
        "tocoo" => {
            let c = a.tocoo()?;
            vec![
                c.data().clone(),
                c.row().cloned().unwrap_or_else(|| c.data().clone()),
                c.col().cloned().unwrap_or_else(|| c.data().clone()),
            ]
        }
        "sum_duplicates" => parts(&a.sum_duplicates()?)?,
        "matvec" | "matmat" => vec![a.matmul_dense(dense_at(4)?)?],
        "rmatvec" => vec![a.rmatmul_dense(dense_at(4)?)?],
        "matmul_csr" | "matmul_csc" | "matmul_coo" => vec![a.matmul_sparse(&b4()?)?.toarray()?],
        "transpose" => dense(&a.transpose()?)?,
        "dot_T" => dense(&a.matmul_sparse(&a.transpose()?)?)?,
        "mul_scalar" => {
            let s = cx
                .kw_scalar("scalar")?
                .ok_or_else(|| CaseError::harness("needs scalar"))?;
            dense(&a.mul_scalar(s)?)?
        }
        "div_scalar" => {
            let s = cx
                .kw_scalar("scalar")?
                .ok_or_else(|| CaseError::harness("needs scalar"))?;
            dense(&a.div_scalar(s)?)?
        }
        "add" => dense(&a.add(&b4()?)?)?,
        "sub" => dense(&a.sub(&b4()?)?)?,
        "multiply" => dense(&a.multiply(&b4()?)?)?,
        "maximum" => dense(&a.maximum(&b4()?)?)?,
        "minimum" => dense(&a.minimum(&b4()?)?)?,
        "ne" => dense(&a.binop(&b4()?, SparseBinOp::Ne)?)?,
        "mul_dense" => dense(&a.multiply(dense_at(4)?)?)?,
        "sum" => vec![a.sum(cx.kw_i64("axis")?.map(|x| x as isize))?],
        "mean" => vec![a.mean(cx.kw_i64("axis")?.map(|x| x as isize))?],
        "max" => vec![a.max(cx.kw_i64("axis")?.map(|x| x as isize))?],
        "min" => vec![a.min(cx.kw_i64("axis")?.map(|x| x as isize))?],
        "argmax" => vec![a.argmax(cx.kw_i64("axis")?.map(|x| x as isize))?],
        "argmin" => vec![a.argmin(cx.kw_i64("axis")?.map(|x| x as isize))?],
        "diagonal" => vec![a.diagonal(kw_k()?)?],
        "setdiag" => dense(&a.setdiag(dense_at(4)?, kw_k()?)?)?,
        "kron" => dense(&sp::kron(&a, &b4()?)?)?,
        "hstack" | "vstack" | "block_diag" | "bmat" => {
            let n = cx.n_inputs() / 4;
            let blocks: Vec<Sparse> = (0..n)
                .map(|i| sparse_at(cx, 4 * i, fmt))
                .collect::<R<_>>()?;
            let refs: Vec<&Sparse> = blocks.iter().collect();
            let r = match name {
                "hstack" => sp::hstack(&refs)?,
                "vstack" => sp::vstack(&refs)?,
                "block_diag" => sp::block_diag(&refs)?,
                _ => {
                    let Some(Value::Array(rows)) = cx.kw("blocks") else {
                        return Err(CaseError::harness("bmat needs blocks"));
                    };
                    let grid: Vec<Vec<Option<&Sparse>>> = rows
                        .iter()
                        .map(|r| {
                            r.as_array()
                                .map(|r| {
                                    r.iter()
                                        .map(|v| v.as_u64().map(|i| refs[i as usize]))
                                        .collect()
                                })
                                .ok_or_else(|| CaseError::harness("bmat blocks must be lists"))
                        })
                        .collect::<R<_>>()?;
                    sp::bmat(&grid)?
                }
            };
            dense(&r)?
        }
        "tril" => dense(&a.tril(kw_k()?)?)?,
        "triu" => dense(&a.triu(kw_k()?)?)?,
        "power" => {
            let n = cx
                .kw_scalar("n")?
                .ok_or_else(|| CaseError::harness("power needs n"))?;
            dense(&a.power(n)?)?
        }
        "eliminate_zeros" => parts(&a.eliminate_zeros()?)?,
        "sort_indices" => parts(&a.sort_indices()?)?,
        "getrow" => dense(&a.getrow(cx.kw_i64("i")?.unwrap_or(0))?)?,
        "getcol" => dense(&a.getcol(cx.kw_i64("j")?.unwrap_or(0))?)?,
        "getitem" => {
            let expr = cx
                .kw_str("index")?
                .ok_or_else(|| CaseError::harness("getitem needs index"))?;
            let extra: Vec<Array> = (4..cx.n_inputs())
                .map(|i| cx.array(i).cloned())
                .collect::<R<_>>()?;
            let items = IndexItem::parse_expr(expr, &extra)?;
            match a.getitem(&items)? {
                Indexed::Scalar(s) => vec![s],
                Indexed::Sparse(s) => dense(&s)?,
            }
        }
        "astype" => {
            let dt = cx
                .kw_dtype("dtype")?
                .ok_or_else(|| CaseError::harness("astype needs dtype"))?;
            dense(&a.astype(dt)?)?
        }
        "abs" => dense(&a.abs()?)?,
        "sqrt" => dense(&a.sqrt()?)?,
        "conj" => dense(&a.conj()?)?,
        "neg" => dense(&a.neg()?)?,
        "count_nonzero" => vec![Array::from_vec_on(
            vec![a.count_nonzero()? as i64],
            (),
            cx.device,
        )?],
        // ---------------------------------------------------------------- linalg
        "cg" => vec![sl::cg(&a, dense_at(4)?, solve_opts(cx)?)?.0],
        "gmres" => vec![sl::gmres(&a, dense_at(4)?, solve_opts(cx)?)?.0],
        "bicgstab" => vec![sl::bicgstab(&a, dense_at(4)?, solve_opts(cx)?)?.0],
        "cgs" => vec![sl::cgs(&a, dense_at(4)?, solve_opts(cx)?)?.0],
        "minres" => vec![sl::minres(&a, dense_at(4)?, solve_opts(cx)?)?.0],
        "lsqr" => vec![sl::lsqr(&a, dense_at(4)?, lsq_opts(cx)?)?.x],
        "lsmr" => vec![sl::lsmr(&a, dense_at(4)?, lsq_opts(cx)?)?.x],
        "spsolve" => vec![sl::spsolve(&a, dense_at(4)?)?],
        "splu_solve" => vec![sl::splu(&a)?.solve(dense_at(4)?)?],
        "spsolve_triangular" => {
            let lower = cx.kw_bool("lower")?.unwrap_or(true);
            vec![sl::spsolve_triangular(&a, dense_at(4)?, lower, false)?]
        }
        "eigsh" => {
            let k = cx.kw_usize("k")?.unwrap_or(6);
            let mut o = EigOptions::new().return_eigenvectors(false);
            if let Some(w) = cx.kw_str("which")? {
                o = o.which(Which::parse(w)?);
            }
            vec![sl::eigsh(&a, k, o)?.0]
        }
        "svds" => {
            let k = cx.kw_usize("k")?.unwrap_or(6);
            vec![sl::svds(&a, k, EigOptions::new().return_eigenvectors(false))?.1]
        }
        "norm" => {
            let ord = match cx.kw("ord") {
                None => NormOrd::Fro,
                Some(Value::String(s)) => match s.as_str() {
                    "fro" => NormOrd::Fro,
                    "inf" => NormOrd::Inf,
                    "-inf" => NormOrd::MinusInf,
                    o => return Err(CaseError::harness(format!("norm order {o:?}"))),
                },
                Some(Value::Number(n)) => match n.as_i64() {
                    Some(1) => NormOrd::One,
                    Some(-1) => NormOrd::MinusOne,
                    Some(2) => NormOrd::Two,
                    _ => return Err(CaseError::harness(format!("norm order {n}"))),
                },
                Some(o) => return Err(CaseError::harness(format!("norm order {o}"))),
            };
            vec![Array::from_vec_on(vec![sl::norm(&a, ord)?], (), cx.device)?]
        }
        "expm_multiply" => vec![sl::expm_multiply(&a, dense_at(4)?)?],
        _ => {
            return Err(CaseError::unsupported(format!(
                "sparse op {op:?} is not dispatched"
            )));
        }
    })
}
