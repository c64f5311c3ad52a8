//! The lid-driven cavity solver: steady 2-D incompressible Navier–Stokes in the unit square,
//! vorticity–streamfunction form, written with cuprum's public array API, its sparse CG, and
//! (for several ranks) `cuprum::distributed` send/recv and all-reduce.
//!
//! Equations (ω = ∂v/∂x − ∂u/∂y, u = ∂ψ/∂y, v = −∂ψ/∂x, ν = 1/Re):
//!
//! ```text
//! ∂ω/∂t + u ∂ω/∂x + v ∂ω/∂y = ν ∇²ω          −∇²ψ = ω
//! ```
//!
//! on the `n × n` nodes of a uniform grid (`h = 1/(n − 1)`, row `i` is `y = i h`, column `j`
//! is `x = j h`), ψ = 0 on the walls, the lid `y = 1` moving with `u = 1`.
//!
//! Discretisation: second-order central differences for the convection and the Laplacians;
//! wall vorticity by Thom's formula (`ω_wall = −2 ψ_next/h²`, minus `2U/h` on the lid).
//!
//! Iteration to the steady state (a pseudo-time march; only the fixed point matters):
//! 1. velocities from ψ (central differences) and the wall vorticity from ψ, frozen for the step;
//! 2. four explicit stages `ω⁽ᵏ⁾ = ω⁰ + αₖ Δt L(ω⁽ᵏ⁻¹⁾)`, αₖ = 1/4, 1/3, 1/2, 1 (Jameson's
//!    scheme: classical RK4 for the linear operator L of the frozen step), which allows
//!    `Δt ≈ h` for the central convection and `Δt ≈ 0.3 Re h²` for the diffusion;
//! 3. `−∇²ψ = ω` solved exactly every step ([`PoissonMethod::Dst`], the default): the 5-point
//!    Laplacian with ψ = 0 on the walls is diagonal in the discrete sine basis (DST-I), so
//!    `ψ = S ((S ω S) ⊘ Λ) S` with the orthonormal, symmetric `m × m` sine matrix `S` and the
//!    eigenvalues `Λ` — four dense matmuls (cuBLAS dgemm on a GPU, the `gemm` crate on the CPU)
//!    and one elementwise scaling ([`DstPoisson`]). Or ([`PoissonMethod::Cg`]) by conjugate
//!    gradients on the CSR 5-point Laplacian, warm-started from the last ψ and capped at
//!    `cg_iters` iterations per step (cuprum-sparse's `cg` on one device, the same CG written on
//!    the slabs for several ranks).
//!
//! The march stops when `max |ω_new − ω_old| / Δt < tol` (the steady-state residual) and the
//! last Poisson solve met its tolerance (exact for the sine transform; for CG `‖r‖₂ ≤ tol · h² ·
//! √(interior points)`, i.e. a root mean square residual of the ω equation below `tol`).
//!
//! Several ranks: the interior rows are split into horizontal slabs ([`slab`]); each rank holds
//! its rows plus one halo row above and below (or the wall row). The sine-transform solve
//! decomposes over the slabs with one all-reduce of an `m × m` array per step (see
//! [`DstPoisson`]). The hot update is [`Cavity::stage`]: one `cuprum::fuse` kernel per stage.

use cuprum as cp;
use cuprum::distributed::{self as dist, Communicator, ReduceOp};
use cuprum::fuse::prelude::{Axes, Fused, Var, abs, args, fuse, max};
use cuprum::sparse::linalg as la;
use cuprum::{Array, DType, Device, Result, SliceItem};

/// The solver's parameters.
#[derive(Clone, Debug)]
pub struct Params {
    /// Reynolds number `U L / ν`
    pub re: f64,
    /// grid nodes per side (walls included)
    pub n: usize,
    /// steady-state tolerance on `max |∂ω/∂t|`
    pub tol: f64,
    /// `Δt = cfl · min(h, 0.3 Re h²)`
    pub cfl: f64,
    /// step limit
    pub max_steps: usize,
    /// how `−∇²ψ = ω` is solved
    pub poisson: PoissonMethod,
    /// CG iterations per step at most (with [`PoissonMethod::Cg`])
    pub cg_iters: usize,
    /// the residual is read (one synchronisation) every this many steps
    pub check_every: usize,
}

impl Params {
    /// Defaults for `re` on `n × n` nodes.
    pub fn new(re: f64, n: usize) -> Params {
        Params {
            re,
            n,
            tol: 1e-4,
            cfl: 1.0,
            max_steps: 2_000_000,
            poisson: PoissonMethod::Dst,
            cg_iters: 10,
            check_every: 10,
        }
    }
    /// The grid spacing.
    pub fn h(&self) -> f64 {
        1.0 / (self.n - 1) as f64
    }
    /// The pseudo-time step.
    pub fn dt(&self) -> f64 {
        let h = self.h();
        self.cfl * h.min(0.3 * self.re * h * h)
    }
}

/// How `−∇²ψ = ω` is solved each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoissonMethod {
    /// exactly, by the sine-transform eigen decomposition ([`DstPoisson`], four matmuls)
    Dst,
    /// by conjugate gradients, warm-started, at most `cg_iters` iterations per step
    Cg,
}

impl std::str::FromStr for PoissonMethod {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        match s {
            "dst" => Ok(PoissonMethod::Dst),
            "cg" => Ok(PoissonMethod::Cg),
            _ => Err(format!("unknown Poisson method {s:?}: use dst or cg")),
        }
    }
}

/// The exact solve of `h²(−∇²)ψ = h² ω` on an `m × m` interior with ψ = 0 on the walls, for
/// the rows `[start, start + rows)` of a slab (all rows on one device).
///
/// The DST-I matrix `S_jk = √(2/(m+1)) sin(π j k/(m+1))` (orthonormal and symmetric, `S² = I`)
/// diagonalizes the 1-D second difference with zero ends (eigenvalues `λ_j = 4 sin²(π j/(2(m+1)))`),
/// so the 5-point `h²(−∇²)` is `ψ ↦ S ((S ψ S) ⊙ (λ_j + λ_k)) S` and its inverse
/// `ψ = S ((S ω S) ⊙ h²/(λ_j + λ_k)) S`. On a slab (rows `R`): `S ω S = Σ_ranks S[R,:]ᵀ (ω_R S)`
/// (an all-reduce of the `m × m` partial sums), and `ψ_R = (S[R,:] Ŵ) S`.
pub struct DstPoisson {
    /// `S`, `m × m`
    s: Array,
    /// `S[start .. start + rows, :]`
    s_rows: Array,
    /// `h² / (λ_j + λ_k)`, `m × m`
    scale: Array,
}

impl DstPoisson {
    /// The matrices for an `m × m` interior with spacing `h`, rows `[start, start + rows)`.
    pub fn new(m: usize, start: usize, rows: usize, h: f64, device: Device) -> Result<DstPoisson> {
        if m == 0 || start + rows > m {
            return Err(cp::Error::bad_argument(
                "cavity",
                "rows",
                format!("{start}..{}", start + rows),
                format!("a range of rows within a nonempty interior of {m} rows"),
            ));
        }
        let p = (m + 1) as f64;
        let norm = (2.0 / p).sqrt();
        let period = 2 * (m + 1);
        let s: Vec<f64> = (1..=m)
            .flat_map(|j| {
                (1..=m).map(move |k| {
                    norm * (std::f64::consts::PI * ((j * k) % period) as f64 / p).sin()
                })
            })
            .collect();
        let lam: Vec<f64> = (1..=m)
            .map(|j| {
                let x = (std::f64::consts::PI * j as f64 / (2.0 * p)).sin();
                4.0 * x * x
            })
            .collect();
        let scale: Vec<f64> = lam
            .iter()
            .flat_map(|&a| lam.iter().map(move |&b| h * h / (a + b)))
            .collect();
        let s_rows = s[start * m..(start + rows) * m].to_vec();
        Ok(DstPoisson {
            s: Array::from_vec_on(s, &[m, m], device)?,
            s_rows: Array::from_vec_on(s_rows, &[rows, m], device)?,
            scale: Array::from_vec_on(scale, &[m, m], device)?,
        })
    }

    /// ψ on the slab's rows (`rows × m`, a new array) for ω on them (`rows × m`, any strides).
    pub fn solve(&self, omega: &Array, ranks: Ranks<'_>) -> Result<Array> {
        let a = cp::matmul(omega, &self.s)?; // ω_R S, rows × m
        let hat = cp::matmul(&self.s_rows.transpose()?, &a)?; // S[R,:]ᵀ ω_R S, m × m
        ranks.reduce(&hat, ReduceOp::Sum)?; // S ω S
        cp::multiply_out(&hat, &self.scale, &hat)?;
        let b = cp::matmul(&self.s_rows, &hat)?;
        cp::matmul(&b, &self.s)
    }
}

/// The rows `[start, start + len)` of `m` interior rows that rank `rank` of `world` owns.
pub fn slab(m: usize, world: usize, rank: usize) -> (usize, usize) {
    dist::jacobi::slab(m, world, rank)
}

fn bad(detail: String) -> cp::Error {
    cp::Error::invalid_value("cavity", detail)
}

/// `a[r0:r1, c0:c1]` (a view).
fn view(a: &Array, r0: usize, r1: usize, c0: usize, c1: usize) -> Result<Array> {
    let sl = |a: usize, b: usize| SliceItem::Slice {
        start: Some(a as isize),
        stop: Some(b as isize),
        step: 1,
    };
    a.slice(&[sl(r0, r1), sl(c0, c1)])
}

/// The five stencil views of a slab array `(rows + 2) × n`: centre, east, west, north, south,
/// each `rows × (n − 2)`.
struct Stencil {
    c: Array,
    e: Array,
    w: Array,
    n: Array,
    s: Array,
}

fn stencil(a: &Array, rows: usize, n: usize) -> Result<Stencil> {
    Ok(Stencil {
        c: view(a, 1, rows + 1, 1, n - 1)?,
        e: view(a, 1, rows + 1, 2, n)?,
        w: view(a, 1, rows + 1, 0, n - 2)?,
        n: view(a, 2, rows + 2, 1, n - 1)?,
        s: view(a, 0, rows, 1, n - 1)?,
    })
}

/// The communicator (several ranks) or none (one device).
#[derive(Clone, Copy)]
pub struct Ranks<'a> {
    comm: Option<&'a Communicator>,
}

impl<'a> Ranks<'a> {
    /// One device, no communication.
    pub fn single() -> Ranks<'static> {
        Ranks { comm: None }
    }
    /// The ranks of `comm` (a world of one is allowed: it uses the slab CG).
    pub fn of(comm: &'a Communicator) -> Ranks<'a> {
        Ranks { comm: Some(comm) }
    }
    fn rank(&self) -> usize {
        self.comm.map_or(0, |c| c.rank())
    }
    fn world(&self) -> usize {
        self.comm.map_or(1, |c| c.world_size())
    }
    /// Halo rows: the first owned row goes to the rank below (whose top halo it is), the last
    /// to the rank above; both halos come back. One group, so no order can deadlock.
    fn exchange(&self, a: &Array, rows: usize) -> Result<()> {
        let Some(comm) = self.comm else {
            return Ok(());
        };
        let (world, rank) = (comm.world_size(), comm.rank());
        if world == 1 {
            return Ok(());
        }
        dist::group(|| {
            if rank > 0 {
                comm.send_recv(&a.index_axis(0, 1)?, &a.index_axis(0, 0)?, rank - 1)?;
            }
            if rank + 1 < world {
                comm.send_recv(
                    &a.index_axis(0, rows as isize)?,
                    &a.index_axis(0, rows as isize + 1)?,
                    rank + 1,
                )?;
            }
            Ok(())
        })?;
        Ok(())
    }
    /// All-reduces a 0-d array in place.
    fn reduce(&self, x: &Array, op: ReduceOp) -> Result<()> {
        if let Some(c) = self.comm
            && c.world_size() > 1
        {
            c.all_reduce(x, x, op)?;
        }
        Ok(())
    }
}

/// How `−∇²ψ = ω` is solved.
enum Poisson {
    /// cuprum-sparse's `cg` on the CSR 5-point Laplacian of the whole interior (one device)
    Sparse { a: cp::sparse::Sparse },
    /// CG written on the slabs: `p` with halo rows and zero wall columns, `r`, `q`, `t`
    Slab {
        p: Array,
        r: Array,
        q: Array,
        t: Array,
    },
    /// the exact sine-transform solve (one device or slabs)
    Dst(DstPoisson),
}

/// The outcome of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// steps taken
    pub steps: usize,
    /// the last steady-state residual `max |∂ω/∂t|`
    pub residual: f64,
    /// whether the residual and the Poisson solve met their tolerances
    pub converged: bool,
    /// CG iterations in all
    pub cg_iterations: usize,
    /// wall time of the march, seconds
    pub seconds: f64,
}

/// The centreline profiles and the fields (ψ and ω on all `n × n` nodes, row `i` = `y`).
#[derive(Clone, Debug)]
pub struct Solution {
    /// nodes per side
    pub n: usize,
    /// ψ, `n × n`, C order
    pub psi: Vec<f64>,
    /// ω, `n × n`, C order
    pub omega: Vec<f64>,
}

/// One rank's state: its slab of ψ and ω and the temporaries.
pub struct Cavity<'a> {
    p: Params,
    ranks: Ranks<'a>,
    h: f64,
    dt: f64,
    /// owned interior rows
    rows: usize,
    first: bool,
    last: bool,
    /// ψ, `(rows + 2) × n`
    psi: Array,
    /// ω, `(rows + 2) × n` (walls, halos)
    w: Array,
    /// the stage ping-pong partner of `w`
    wa: Array,
    /// ω at the start of the step, `rows × (n − 2)`
    w0: Array,
    /// u/(2h), v/(2h), `rows × (n − 2)`
    cu: Array,
    cv: Array,
    poisson: Poisson,
    /// `dst = w0 + adt ((e + w + n + s − 4c) ν/h² − (cu (e − w) + cv (n − s)))`
    stage_fn: Fused,
    /// `(a − b) k`, the velocities' central differences
    diff_fn: Fused,
    /// `max |a − b|`
    maxdiff_fn: Fused,
    cg_converged: bool,
    /// CG iterations of the last step
    last_cg: usize,
}

/// The stage coefficients αₖ.
const ALPHA: [f64; 4] = [0.25, 1.0 / 3.0, 0.5, 1.0];

impl<'a> Cavity<'a> {
    /// Allocates this rank's slab on `device` (a communicator's own device when `ranks` has
    /// one), ψ = ω = 0 (fluid at rest).
    pub fn new(p: Params, ranks: Ranks<'a>, device: Device) -> Result<Cavity<'a>> {
        if p.n < 5 || p.re <= 0.0 || p.re.is_nan() || p.tol <= 0.0 || p.cfl <= 0.0 {
            return Err(if p.n < 5 {
                cp::Error::bad_argument("cavity", "n", p.n, "n >= 5")
            } else if p.re <= 0.0 || p.re.is_nan() {
                cp::Error::out_of_domain("cavity", "re", p.re, "(0, inf)")
            } else if p.tol <= 0.0 {
                cp::Error::out_of_domain("cavity", "tol", p.tol, "(0, inf)")
            } else {
                cp::Error::out_of_domain("cavity", "cfl", p.cfl, "(0, inf)")
            });
        }
        let n = p.n;
        let m = n - 2;
        let (world, rank) = (ranks.world(), ranks.rank());
        if m < world {
            return Err(cp::Error::bad_argument(
                "cavity",
                "n",
                n,
                format!(
                    "n >= {} so that each of the {world} slabs has an interior row",
                    world + 2
                ),
            ));
        }
        let device = ranks.comm.map_or(device, |c| c.device());
        let (start, rows) = slab(m, world, rank);
        let full = || cp::zeros_on(&[rows + 2, n], DType::Float64, device);
        let inner = || cp::zeros_on(&[rows, m], DType::Float64, device);
        let poisson = if p.poisson == PoissonMethod::Dst {
            Poisson::Dst(DstPoisson::new(m, start, rows, p.h(), device)?)
        } else if ranks.comm.is_none() {
            Poisson::Sparse {
                a: laplacian(m, device)?,
            }
        } else {
            Poisson::Slab {
                p: full()?,
                r: inner()?,
                q: inner()?,
                t: inner()?,
            }
        };
        Ok(Cavity {
            h: p.h(),
            dt: p.dt(),
            ranks,
            rows,
            first: rank == 0,
            last: rank + 1 == world,
            psi: full()?,
            w: full()?,
            wa: full()?,
            w0: inner()?,
            cu: inner()?,
            cv: inner()?,
            poisson,
            stage_fn: stage_fn(1.0 / (p.re * p.h() * p.h())),
            diff_fn: {
                let k = 1.0 / (4.0 * p.h() * p.h());
                fuse(move |a: Var, b: Var| (a - b) * k).with_name("cavity velocity")
            },
            maxdiff_fn: fuse(|a: Var, b: Var| max(abs(a - b), Axes::All, false))
                .with_name("cavity residual"),
            cg_converged: false,
            last_cg: 0,
            p,
        })
    }

    /// The pseudo-time step.
    pub fn dt(&self) -> f64 {
        self.dt
    }

    /// u/(2h) and v/(2h) from ψ (central differences), for the owned rows.
    fn velocities(&self) -> Result<()> {
        let (n, rows) = (self.p.n, self.rows);
        let s = stencil(&self.psi, rows, n)?;
        // u/(2h) = (ψN − ψS)/(2h) / (2h), v/(2h) = −(ψE − ψW)/(2h) / (2h)
        self.diff_fn.call_into(args![&s.n, &s.s], &self.cu)?;
        self.diff_fn.call_into(args![&s.w, &s.e], &self.cv)?;
        Ok(())
    }

    /// Thom's wall vorticity from ψ, into `w`: side walls on the owned rows, the bottom wall on
    /// the first rank, the lid on the last.
    fn wall_vorticity(&self) -> Result<()> {
        let (n, rows, h) = (self.p.n, self.rows, self.h);
        let k = -2.0 / (h * h);
        let (r0, r1) = (1, rows + 1);
        cp::multiply_out(
            &view(&self.psi, r0, r1, 1, 2)?,
            k,
            &view(&self.w, r0, r1, 0, 1)?,
        )?;
        cp::multiply_out(
            &view(&self.psi, r0, r1, n - 2, n - 1)?,
            k,
            &view(&self.w, r0, r1, n - 1, n)?,
        )?;
        if self.first {
            cp::multiply_out(
                &view(&self.psi, 1, 2, 1, n - 1)?,
                k,
                &view(&self.w, 0, 1, 1, n - 1)?,
            )?;
        }
        if self.last {
            let lid = view(&self.w, rows + 1, rows + 2, 1, n - 1)?;
            cp::multiply_out(&view(&self.psi, rows, rows + 1, 1, n - 1)?, k, &lid)?;
            cp::add_out(&lid, -2.0 / h, &lid)?; // U = 1
        }
        Ok(())
    }

    /// The hot update, one explicit stage: `dst = ω⁰ + α Δt L(src)` on the owned interior,
    /// `L(ω) = −(u ∂ω/∂x + v ∂ω/∂y) + ν ∇²ω` with central differences and the frozen velocity
    /// (`cu`, `cv` hold u/(2h), v/(2h)). `src` must have current halo rows; `dst ≠ src`.
    ///
    /// One `cuprum::fuse` kernel (the body is [`stage_fn`]'s; fourteen elementwise operations
    /// unfused, the same bits).
    fn stage(&self, src: &Array, dst: &Array, alpha: f64) -> Result<()> {
        let (n, rows) = (self.p.n, self.rows);
        let s = stencil(src, rows, n)?;
        let dst = view(dst, 1, rows + 1, 1, n - 1)?;
        self.stage_fn.call_into(
            args![
                &self.w0,
                &s.c,
                &s.e,
                &s.w,
                &s.n,
                &s.s,
                &self.cu,
                &self.cv,
                alpha * self.dt
            ],
            &dst,
        )?;
        Ok(())
    }

    /// One pseudo-time step; with `check`, returns the steady-state residual (all ranks).
    pub fn step(&mut self, check: bool) -> Result<Option<f64>> {
        let (n, rows) = (self.p.n, self.rows);
        self.velocities()?;
        self.wall_vorticity()?;
        let wc = view(&self.w, 1, rows + 1, 1, n - 1)?;
        self.w0.assign(&wc)?;
        self.wa.assign(&self.w)?; // the walls (and halos) of the partner
        // stages ping-pong w → wa → w → wa → w
        for (k, &a) in ALPHA.iter().enumerate() {
            let (src, dst) = if k % 2 == 0 {
                (&self.w, &self.wa)
            } else {
                (&self.wa, &self.w)
            };
            if k > 0 {
                self.ranks.exchange(src, rows)?;
            }
            self.stage(src, dst, a)?;
        }
        let residual = if check {
            let m = self.maxdiff_fn.call(args![&wc, &self.w0])?;
            self.ranks.reduce(&m, ReduceOp::Max)?;
            Some(m.item()?.as_f64() / self.dt)
        } else {
            None
        };
        self.ranks.exchange(&self.w, rows)?;
        self.last_cg = self.solve_psi()?;
        Ok(residual)
    }

    /// The Poisson tolerance: `‖h² ω − A ψ‖₂ ≤ tol h² √(interior points)`.
    fn poisson_atol(&self) -> f64 {
        let m = (self.p.n - 2) as f64;
        self.p.tol * self.h * self.h * m
    }

    /// `−∇²ψ = ω` on the interior: at most `cg_iters` CG iterations from the current ψ.
    /// Returns the iterations taken.
    fn solve_psi(&mut self) -> Result<usize> {
        let (n, rows) = (self.p.n, self.rows);
        let m = n - 2;
        let h2 = self.h * self.h;
        let atol = self.poisson_atol();
        let k = self.p.cg_iters;
        let psi_c = view(&self.psi, 1, rows + 1, 1, n - 1)?;
        let w_c = view(&self.w, 1, rows + 1, 1, n - 1)?;
        match &self.poisson {
            Poisson::Dst(d) => {
                psi_c.assign(&d.solve(&w_c, self.ranks)?)?;
                self.ranks.exchange(&self.psi, rows)?;
                self.cg_converged = true;
                Ok(0)
            }
            Poisson::Sparse { a } => {
                let x0 = psi_c.copy()?.reshape(&[(m * m) as isize])?;
                let b = cp::multiply(&w_c, h2)?.reshape(&[(m * m) as isize])?;
                let mut its = 0usize;
                let (x, info) = la::cg(
                    a,
                    &b,
                    la::SolveOptions::new()
                        .x0(x0)
                        .rtol(0.0)
                        .atol(atol)
                        .maxiter(k)
                        .callback(|_| its += 1),
                )?;
                psi_c.assign(&x.reshape(&[m as isize, m as isize])?)?;
                self.cg_converged = info == 0;
                Ok(its)
            }
            Poisson::Slab { p, r, q, t } => {
                let ranks = self.ranks;
                // dot product of two rows × m arrays over all ranks, read on the host
                let dot = |a: &Array, b: &Array| -> Result<f64> {
                    cp::multiply_out(a, b, t)?;
                    let s = t.sum(None::<isize>, false)?;
                    ranks.reduce(&s, ReduceOp::Sum)?;
                    Ok(s.item()?.as_f64())
                };
                // q = A x (h²·(−∇²)) for a slab array x with current halos
                let apply = |x: &Array| -> Result<()> {
                    let s = stencil(x, rows, n)?;
                    cp::add_out(&s.e, &s.w, q)?;
                    cp::add_out(q, &s.n, q)?;
                    cp::add_out(q, &s.s, q)?;
                    cp::multiply_out(&s.c, 4.0, t)?;
                    cp::subtract_out(t, q, q)?;
                    Ok(())
                };
                let p_c = view(p, 1, rows + 1, 1, n - 1)?;
                self.ranks.exchange(&self.psi, rows)?;
                apply(&self.psi)?;
                cp::multiply_out(&w_c, h2, r)?;
                cp::subtract_out(r, q, r)?;
                let mut rr = dot(r, r)?;
                let mut its = 0;
                self.cg_converged = rr.sqrt() <= atol;
                if !self.cg_converged {
                    p_c.assign(r)?;
                    while its < k {
                        its += 1;
                        self.ranks.exchange(p, rows)?;
                        apply(p)?;
                        let alpha = rr / dot(&p_c, q)?;
                        cp::multiply_out(&p_c, alpha, t)?;
                        cp::add_out(&psi_c, t, &psi_c)?;
                        cp::multiply_out(q, alpha, t)?;
                        cp::subtract_out(r, t, r)?;
                        let rr_new = dot(r, r)?;
                        if rr_new.sqrt() <= atol {
                            self.cg_converged = true;
                            break;
                        }
                        cp::multiply_out(&p_c, rr_new / rr, t)?;
                        cp::add_out(r, t, &p_c)?;
                        rr = rr_new;
                    }
                }
                self.ranks.exchange(&self.psi, rows)?;
                Ok(its)
            }
        }
    }

    /// Marches to the steady state; `progress(step, residual)` is called at every check.
    pub fn run(&mut self, mut progress: impl FnMut(usize, f64)) -> Result<Outcome> {
        let t0 = std::time::Instant::now();
        let mut residual = f64::INFINITY;
        let mut steps = 0;
        let mut cg_total = 0;
        let mut converged = false;
        while steps < self.p.max_steps {
            steps += 1;
            let check = steps % self.p.check_every == 0;
            let r = self.step(check)?;
            cg_total += self.last_cg;
            if let Some(r) = r {
                residual = r;
                progress(steps, r);
                if !r.is_finite() {
                    return Err(bad(format!(
                        "the march diverged at step {steps} (residual {r}); lower --cfl"
                    )));
                }
                if r < self.p.tol && self.cg_converged {
                    converged = true;
                    break;
                }
            }
        }
        self.wall_vorticity()?;
        self.psi.device().synchronize()?;
        Ok(Outcome {
            steps,
            residual,
            converged,
            cg_iterations: cg_total,
            seconds: t0.elapsed().as_secs_f64(),
        })
    }

    /// ψ and ω on all `n × n` nodes, gathered on every rank.
    pub fn gather(&self) -> Result<Solution> {
        let n = self.p.n;
        let m = n - 2;
        let world = self.ranks.world();
        let mut psi = vec![0.0; n * n];
        let mut omega = vec![0.0; n * n];
        let (_, max_rows) = slab(m, world, 0);
        let chunk = (max_rows + 2) * n;
        let mine = |a: &Array| -> Result<Vec<f64>> {
            let mut v = a.to_vec::<f64>()?;
            v.resize(chunk, 0.0);
            Ok(v)
        };
        let (all_psi, all_w) = match self.ranks.comm {
            Some(c) if world > 1 => {
                let dev = c.device();
                let g = |a: &Array| -> Result<Vec<f64>> {
                    let x = Array::from_vec_on(mine(a)?, &[chunk], dev)?;
                    let all = Array::empty_on(&[world * chunk], DType::Float64, dev)?;
                    c.all_gather(&x, &all)?;
                    all.to_vec::<f64>()
                };
                (g(&self.psi)?, g(&self.w)?)
            }
            _ => (mine(&self.psi)?, mine(&self.w)?),
        };
        for q in 0..world {
            let (start, len) = slab(m, world, q);
            let base = q * chunk;
            // local rows 1..=len are global rows start+1..=start+len; the wall rows come from
            // the first and the last rank
            let lo = if q == 0 { 0 } else { 1 };
            let hi = if q + 1 == world { len + 1 } else { len };
            for lr in lo..=hi {
                let gr = start + lr;
                let src = &all_psi[base + lr * n..base + (lr + 1) * n];
                psi[gr * n..(gr + 1) * n].copy_from_slice(src);
                let src = &all_w[base + lr * n..base + (lr + 1) * n];
                omega[gr * n..(gr + 1) * n].copy_from_slice(src);
            }
        }
        Ok(Solution { n, psi, omega })
    }
}

/// The fused stage: `dst = w0 + adt ((e + w + n + s − 4c) ν/h² − (cu (e − w) + cv (n − s)))`
/// for the arguments `w0, c, e, w, n, s, cu, cv, adt` (the last a scalar, α Δt), with
/// `ν/h² = nu_h2`: the expression, in the same order, of the fourteen unfused operations.
pub fn stage_fn(nu_h2: f64) -> Fused {
    fuse(move |v: &[Var]| {
        let (w0, c, e, w, n, s, cu, cv, adt) =
            (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
        let adv = cu * (e - w) + cv * (n - s); // u ∂ω/∂x + v ∂ω/∂y (times 2h each)
        let lap = (e + w + n + s - c * 4.0) * nu_h2; // ν ∇²ω
        w0 + (lap - adv) * adt
    })
    .with_name("cavity stage")
}

/// The 5-point Laplacian `h²·(−∇²)` of an `m × m` interior (Dirichlet walls) as CSR on `device`.
pub fn laplacian(m: usize, device: Device) -> Result<cp::sparse::Sparse> {
    let size = m * m;
    let mut indptr = Vec::with_capacity(size + 1);
    let mut indices = Vec::with_capacity(5 * size);
    let mut data = Vec::with_capacity(5 * size);
    indptr.push(0i64);
    for i in 0..m {
        for j in 0..m {
            let r = i * m + j;
            let mut push = |c: usize, v: f64| {
                indices.push(c as i64);
                data.push(v);
            };
            if i > 0 {
                push(r - m, -1.0);
            }
            if j > 0 {
                push(r - 1, -1.0);
            }
            push(r, 4.0);
            if j + 1 < m {
                push(r + 1, -1.0);
            }
            if i + 1 < m {
                push(r + m, -1.0);
            }
            indptr.push(indices.len() as i64);
        }
    }
    let nnz = indices.len();
    let d = Array::from_vec_on(data, &[nnz], device)?;
    let ix = Array::from_vec_on(indices, &[nnz], device)?;
    let ip = Array::from_vec_on(indptr, &[size + 1], device)?;
    Ok(cp::sparse::csr_matrix((&d, &ix, &ip), Some((size, size)))?)
}

impl Solution {
    /// u(0.5, y) at the nodes `y = i h` (central differences of ψ; 0 and 1 at the walls; the
    /// mean of the two middle columns when `n` is even).
    pub fn u_centerline(&self) -> (Vec<f64>, Vec<f64>) {
        let n = self.n;
        let h = 1.0 / (n - 1) as f64;
        let cols: Vec<usize> = if n % 2 == 1 {
            vec![n / 2]
        } else {
            vec![n / 2 - 1, n / 2]
        };
        let y: Vec<f64> = (0..n).map(|i| i as f64 * h).collect();
        let u = (0..n)
            .map(|i| {
                if i == 0 {
                    0.0
                } else if i == n - 1 {
                    1.0
                } else {
                    cols.iter()
                        .map(|&j| {
                            (self.psi[(i + 1) * n + j] - self.psi[(i - 1) * n + j]) / (2.0 * h)
                        })
                        .sum::<f64>()
                        / cols.len() as f64
                }
            })
            .collect();
        (y, u)
    }

    /// v(x, 0.5) at the nodes `x = j h` (as [`u_centerline`](Self::u_centerline)).
    pub fn v_centerline(&self) -> (Vec<f64>, Vec<f64>) {
        let n = self.n;
        let h = 1.0 / (n - 1) as f64;
        let rows: Vec<usize> = if n % 2 == 1 {
            vec![n / 2]
        } else {
            vec![n / 2 - 1, n / 2]
        };
        let x: Vec<f64> = (0..n).map(|j| j as f64 * h).collect();
        let v = (0..n)
            .map(|j| {
                if j == 0 || j == n - 1 {
                    0.0
                } else {
                    -rows
                        .iter()
                        .map(|&i| (self.psi[i * n + j + 1] - self.psi[i * n + j - 1]) / (2.0 * h))
                        .sum::<f64>()
                        / rows.len() as f64
                }
            })
            .collect();
        (x, v)
    }

    /// Velocity components on all nodes (`u`, `v`, each `n × n`; walls from the boundary
    /// conditions).
    pub fn velocity(&self) -> (Vec<f64>, Vec<f64>) {
        let n = self.n;
        let h = 1.0 / (n - 1) as f64;
        let mut u = vec![0.0; n * n];
        let mut v = vec![0.0; n * n];
        for j in 0..n {
            u[(n - 1) * n + j] = 1.0;
        }
        for i in 1..n - 1 {
            for j in 1..n - 1 {
                let k = i * n + j;
                u[k] = (self.psi[k + n] - self.psi[k - n]) / (2.0 * h);
                v[k] = -(self.psi[k + 1] - self.psi[k - 1]) / (2.0 * h);
            }
        }
        (u, v)
    }
}

/// Linear interpolation of `(xs, ys)` (increasing `xs`) at `x`.
pub fn interp(xs: &[f64], ys: &[f64], x: f64) -> f64 {
    let k = xs.partition_point(|&t| t <= x).clamp(1, xs.len() - 1);
    let (x0, x1) = (xs[k - 1], xs[k]);
    ys[k - 1] + (ys[k] - ys[k - 1]) * (x - x0) / (x1 - x0)
}

/// Ghia, Ghia and Shin's centreline table for one Reynolds number.
#[derive(Clone, Debug)]
pub struct Ghia {
    /// `y` of the u(0.5, y) points
    pub y: Vec<f64>,
    /// u(0.5, y)
    pub u: Vec<f64>,
    /// `x` of the v(x, 0.5) points
    pub x: Vec<f64>,
    /// v(x, 0.5)
    pub v: Vec<f64>,
}

/// The table for `re` from `ghia1982.json`'s text, if it tabulates `re`.
pub fn ghia(json: &str, re: f64) -> Option<Ghia> {
    let j: serde_json::Value = serde_json::from_str(json).ok()?;
    let key = format!("{}", re.round() as i64);
    if (re - re.round()).abs() > 1e-9 {
        return None;
    }
    let nums = |v: &serde_json::Value| -> Option<Vec<f64>> {
        v.as_array()?.iter().map(|x| x.as_f64()).collect()
    };
    let uc = &j["u_on_vertical_centerline"];
    let vc = &j["v_on_horizontal_centerline"];
    Some(Ghia {
        y: nums(&uc["y"])?,
        u: nums(&uc["Re"][&key])?,
        x: nums(&vc["x"])?,
        v: nums(&vc["Re"][&key])?,
    })
}

impl Ghia {
    /// The largest |u − u_Ghia| and |v − v_Ghia| over the tabulated points (the solution
    /// interpolated linearly to Ghia's coordinates).
    pub fn max_deviation(&self, s: &Solution) -> (f64, f64) {
        let (y, u) = s.u_centerline();
        let (x, v) = s.v_centerline();
        let du = self
            .y
            .iter()
            .zip(&self.u)
            .map(|(&yy, &g)| (interp(&y, &u, yy) - g).abs())
            .fold(0.0, f64::max);
        let dv = self
            .x
            .iter()
            .zip(&self.v)
            .map(|(&xx, &g)| (interp(&x, &v, xx) - g).abs())
            .fold(0.0, f64::max);
        (du, dv)
    }
}

/// The Ghia table shipped with the repository (`../shared/reference/ghia1982.json` copied to
/// `tests/data/ghia1982.json`).
pub const GHIA_JSON: &str = include_str!("../../../../tests/data/ghia1982.json");
