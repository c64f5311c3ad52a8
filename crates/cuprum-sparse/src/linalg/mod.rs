//! # Sparse linear algebra (`scipy.sparse.linalg`, `cupyx.scipy.sparse.linalg`)
//!
//! | SciPy | cuprum |
//! |---|---|
//! | `LinearOperator(shape, matvec, rmatvec, dtype)` | [`LinearOperator::new`]`(shape, dtype, device, matvec)`[`.with_rmatvec(..)`](LinearOperator::with_rmatvec) |
//! | `aslinearoperator(A)` | [`aslinearoperator`]`(&a)` (a dense `Array`, CSR parts, a sparse matrix, an operator) |
//! | `cg(A, b, x0=, rtol=, atol=, maxiter=, M=, callback=)` | [`cg`]`(&a, &b, SolveOptions::new().rtol(..)...)` → `(x, info)` |
//! | `gmres`, `lgmres`, `bicg`, `bicgstab`, `cgs`, `minres`, `qmr`, `tfqmr` | same form ([`gmres`], [`lgmres`], [`bicg`], [`bicgstab`], [`cgs`], [`minres`], [`qmr`], [`tfqmr`]) |
//! | `lsqr(A, b, damp=, atol=, btol=, conlim=, iter_lim=, x0=)`, `lsmr(...)` | [`lsqr`]`(&a, &b, LsqOptions::new()...)` → [`LsqrResult`]; [`lsmr`] → [`LsmrResult`] |
//! | `spsolve(A, b)` | [`spsolve`]`(&a, &b)` (an exactly singular matrix is an error) |
//! | `splu(A).solve(b)`, `spilu(A)`, `factorized(A)` | [`splu`], [`spilu`] (ILU(0)), [`factorized`] |
//! | `M = LinearOperator(..., spilu(A).solve)` | [`ilu0_operator`] (ILU(0) factorized and applied on the matrix's device: cuSPARSE `csrilu02` + `SpSV` on CUDA) |
//! | `spsolve_triangular(A, b, lower=, unit_diagonal=)` | [`spsolve_triangular`]`(&a, &b, lower, unit_diagonal)` |
//! | `eigsh(A, k, which=, sigma=, ...)`, `eigs`, `svds`, `lobpcg` | [`eigsh`], [`eigs`], [`svds`], [`lobpcg`] |
//! | `expm_multiply(A, B)`, `norm(A, ord)`, `onenormest(A)`, `matrix_power(A, p)` | [`expm_multiply`], [`norm`], [`onenormest`], [`matrix_power`] |
//!
//! **Devices.** The iterative solvers and eigensolvers run where the operator lives: their
//! vectors stay on that device and each iteration reads a few scalars to the host for its
//! convergence test. `spsolve` and `spsolve_triangular` run on the device on CUDA (cuSOLVER's
//! sparse QR, cuSPARSE's `SpSV`); `splu`/`spilu`/`factorized` factorize on the host with faer
//! (an explicit download, documented per function); the small dense projected problems
//! (Hessenberg, tridiagonal, bidiagonal) of the eigensolvers are solved on the host with faer.

#[allow(clippy::too_many_arguments)]
mod cuda;
mod direct;
mod eigen;
mod funcs;
mod iterative;
mod lsq;
mod operator;
mod options;
mod util;

pub use direct::{
    SpIlu, SpLu, Trans, factorized, ilu0, ilu0_operator, jacobi, spilu, splu, spsolve,
    spsolve_triangular,
};
pub use eigen::{EigOptions, Which, eigs, eigsh, lobpcg, svds};
pub use funcs::{NormOrd, expm_multiply, matrix_power, norm, onenormest};
pub use iterative::{CHECK_EVERY, bicg, bicgstab, cg, cgs, gmres, lgmres, minres, qmr, tfqmr};
pub use lsq::{LsmrResult, LsqrResult, lsmr, lsqr};
pub use operator::{AsLinearOperator, LinearOperator, MatvecFn, aslinearoperator};
pub use options::{Callback, LsqOptions, SolveOptions};

#[cfg(test)]
mod tests;
