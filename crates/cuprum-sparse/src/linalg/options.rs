//! [`SolveOptions`]: SciPy's keyword arguments of the iterative solvers.

use super::LinearOperator;
use cuprum_core::Array;

/// A solver's `callback`: called with the current iterate.
pub type Callback<'a> = Box<dyn FnMut(&Array) + 'a>;

/// The keyword arguments of `cg`, `gmres`, `bicgstab`, ... (`x0`, `rtol`, `atol`, `maxiter`,
/// `M`, `callback`, and `restart`/`shift` for the solvers that have them), with SciPy's
/// defaults: `rtol = 1e-5`, `atol = 0`, `maxiter` per solver, no preconditioner.
///
/// A solver stops when `‖b − A x‖ ≤ max(atol, rtol·‖b‖)` (MINRES: SciPy's own tests on its
/// estimates).
///
/// # Example
/// ```
/// use cuprum_sparse::linalg::SolveOptions;
/// let mut seen = 0;
/// let o = SolveOptions::new().rtol(1e-10).maxiter(100).callback(|_x| seen += 1);
/// assert_eq!(o.rtol, 1e-10);
/// ```
#[non_exhaustive]
pub struct SolveOptions<'a> {
    /// the starting guess (default zeros)
    pub x0: Option<Array>,
    /// relative tolerance (default `1e-5`)
    pub rtol: f64,
    /// absolute tolerance (default `0`)
    pub atol: f64,
    /// iteration limit (default per solver, as SciPy: `10·n` for most; restart cycles for
    /// `gmres`/`lgmres`)
    pub maxiter: Option<usize>,
    /// the preconditioner `M ≈ A⁻¹`, applied as `M.matvec(r)` (see
    /// [`jacobi`](super::jacobi), [`spilu`](super::spilu)/[`ilu0`](super::ilu0))
    pub m: Option<LinearOperator>,
    /// called with the current iterate after each iteration (for `gmres`, after each inner
    /// step's restart cycle ends)
    pub callback: Option<Callback<'a>>,
    /// `gmres`/`lgmres`: the Krylov dimension between restarts (default 20 / 30)
    pub restart: Option<usize>,
    /// `minres`: solve `(A − shift·I) x = b` (default 0)
    pub shift: f64,
    /// `cg` on CUDA without a preconditioner or callback: the convergence test runs on the
    /// device after every iteration, and the host reads its verdict every `check_every`
    /// iterations (default [`CHECK_EVERY`](super::CHECK_EVERY)); the iterations after the
    /// verdict leave `x` as it was, so the result and `info` are those of a test every
    /// iteration. `1` reads every iteration.
    pub check_every: Option<usize>,
}

impl Default for SolveOptions<'_> {
    fn default() -> Self {
        SolveOptions {
            x0: None,
            rtol: 1e-5,
            atol: 0.0,
            maxiter: None,
            m: None,
            callback: None,
            restart: None,
            shift: 0.0,
            check_every: None,
        }
    }
}

impl std::fmt::Debug for SolveOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveOptions")
            .field("x0", &self.x0.as_ref().map(|x| x.shape().to_vec()))
            .field("rtol", &self.rtol)
            .field("atol", &self.atol)
            .field("maxiter", &self.maxiter)
            .field("m", &self.m)
            .field("callback", &self.callback.is_some())
            .field("restart", &self.restart)
            .field("shift", &self.shift)
            .field("check_every", &self.check_every)
            .finish()
    }
}

impl<'a> SolveOptions<'a> {
    /// SciPy's defaults.
    pub fn new() -> Self {
        Self::default()
    }
    cuprum_core::setters! {
        /// Sets `x0`.
        pub fn x0(x0: Array) => x0 = Some(x0);
        /// Sets `rtol`.
        pub fn rtol(rtol: f64) => rtol = rtol;
        /// Sets `atol`.
        pub fn atol(atol: f64) => atol = atol;
        /// Sets `maxiter`.
        pub fn maxiter(maxiter: usize) => maxiter = Some(maxiter);
        /// Sets the preconditioner `M`.
        pub fn m(m: LinearOperator) => m = Some(m);
        /// Sets the callback, called with the current iterate `xk`.
        pub fn callback(f: impl FnMut(&Array) + 'a) => callback = Some(Box::new(f));
        /// Sets `restart` (`gmres`, `lgmres`).
        pub fn restart(restart: usize) => restart = Some(restart);
        /// Sets `check_every` (`cg` on CUDA; 0 counts as 1).
        pub fn check_every(k: usize) => check_every = Some(k.max(1));
        /// Sets `shift` (`minres`).
        pub fn shift(shift: f64) => shift = shift;
    }
}

/// The keyword arguments of [`lsqr`](super::lsqr) and [`lsmr`](super::lsmr) (SciPy's
/// defaults: `damp = 0`, `atol = btol = 1e-6`, `conlim = 1e8`; `iter_lim`/`maxiter` default
/// `2n` for lsqr and `min(m, n)` for lsmr).
///
/// # Example
/// ```
/// use cuprum_sparse::linalg::LsqOptions;
/// let o = LsqOptions::new().atol(1e-12).btol(1e-12).maxiter(1000);
/// assert_eq!(o.btol, 1e-12);
/// ```
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct LsqOptions {
    /// damping: minimize `‖Ax − b‖² + damp²‖x − x0‖²`
    pub damp: f64,
    /// stopping tolerance on `‖Aᴴr‖ / (‖A‖‖r‖)` and the relative residual
    pub atol: f64,
    /// stopping tolerance on `‖r‖ / ‖b‖`
    pub btol: f64,
    /// stop when the condition estimate exceeds this
    pub conlim: f64,
    /// iteration limit (SciPy's `iter_lim` for lsqr, `maxiter` for lsmr)
    pub maxiter: Option<usize>,
    /// the starting guess
    pub x0: Option<Array>,
}

impl Default for LsqOptions {
    fn default() -> Self {
        LsqOptions {
            damp: 0.0,
            atol: 1e-6,
            btol: 1e-6,
            conlim: 1e8,
            maxiter: None,
            x0: None,
        }
    }
}

impl LsqOptions {
    /// SciPy's defaults.
    pub fn new() -> Self {
        Self::default()
    }
    cuprum_core::setters! {
        /// Sets `damp`.
        pub fn damp(v: f64) => damp = v;
        /// Sets `atol`.
        pub fn atol(v: f64) => atol = v;
        /// Sets `btol`.
        pub fn btol(v: f64) => btol = v;
        /// Sets `conlim`.
        pub fn conlim(v: f64) => conlim = v;
        /// Sets the iteration limit (`iter_lim` / `maxiter`).
        pub fn maxiter(v: usize) => maxiter = Some(v);
        /// Sets `x0`.
        pub fn x0(x0: Array) => x0 = Some(x0);
    }
}
