//! The lid-driven cavity solver of `examples/cavity` (issue 21), on small grids: accuracy
//! against Ghia, Ghia and Shin (1982) on a coarse grid, the same answer on every device, and
//! the slab-decomposed solver on 1, 2 and 4 ranks (threads with the TCP backend) against the
//! single-device one. The full-size accuracy check (Re 100 and 1000 on 129² / 257²) is a
//! release run of the example, recorded in docs/cavity.md.

#[allow(dead_code)]
#[path = "../examples/cavity/solver.rs"]
mod solver;

use cuprum::distributed::{Backend, Communicator, InitOptions, generate_token, store::StoreServer};
use cuprum::ext::test_util::all_devices;
use cuprum::{Device, Result};
use solver::{Cavity, DstPoisson, Outcome, Params, PoissonMethod, Ranks, Solution};
use std::time::Duration;

fn run(p: &Params, ranks: Ranks<'_>, d: Device) -> Result<(Outcome, Solution)> {
    let mut c = Cavity::new(p.clone(), ranks, d)?;
    let o = c.run(|_, _| {})?;
    Ok((o, c.gather()?))
}

/// The largest difference of the two centreline profiles.
fn profile_diff(a: &Solution, b: &Solution) -> f64 {
    let (_, ua) = a.u_centerline();
    let (_, ub) = b.u_centerline();
    let (_, va) = a.v_centerline();
    let (_, vb) = b.v_centerline();
    ua.iter()
        .zip(&ub)
        .chain(va.iter().zip(&vb))
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

#[test]
fn re100_on_a_coarse_grid_is_close_to_ghia_on_every_device() {
    let g = solver::ghia(solver::GHIA_JSON, 100.0).expect("Re 100 is tabulated");
    assert_eq!(g.y.len(), 17);
    let mut p = Params::new(100.0, 33);
    p.tol = 1e-3;
    for d in all_devices() {
        let (o, s) = run(&p, Ranks::single(), d).unwrap();
        assert!(o.converged, "{d}: {o:?}");
        let (du, dv) = g.max_deviation(&s);
        // second order on 32 cells: within 0.03 of Ghia's 128-cell values (0.006 on 64 cells,
        // 0.002 on 128; docs/cavity.md)
        assert!(du < 0.03 && dv < 0.03, "{d}: |du| {du}, |dv| {dv}");
        // the minimum of u on the centreline is near y = 0.45, about -0.21
        let (y, u) = s.u_centerline();
        let (k, umin) = u
            .iter()
            .enumerate()
            .fold((0, f64::MAX), |a, (i, &v)| if v < a.1 { (i, v) } else { a });
        assert!(
            (umin + 0.21).abs() < 0.02 && (y[k] - 0.45).abs() < 0.07,
            "{umin} at {}",
            y[k]
        );
    }
}

#[test]
fn every_device_reaches_the_same_steady_state() {
    let mut p = Params::new(400.0, 17);
    p.tol = 1e-7;
    let (o, cpu) = run(&p, Ranks::single(), Device::Cpu).unwrap();
    assert!(o.converged, "{o:?}");
    for d in all_devices() {
        let (o, s) = run(&p, Ranks::single(), d).unwrap();
        assert!(o.converged, "{d}: {o:?}");
        let diff = profile_diff(&cpu, &s);
        assert!(diff < 1e-5, "{d}: profiles differ from the CPU's by {diff}");
    }
}

#[test]
fn the_profiles_satisfy_the_boundary_conditions() {
    let mut p = Params::new(100.0, 17);
    p.tol = 1e-3;
    let (_, s) = run(&p, Ranks::single(), Device::Cpu).unwrap();
    let (y, u) = s.u_centerline();
    let (x, v) = s.v_centerline();
    assert_eq!((y[0], y[16], u[0], u[16]), (0.0, 1.0, 0.0, 1.0));
    assert_eq!((x[0], x[16], v[0], v[16]), (0.0, 1.0, 0.0, 0.0));
    // ψ vanishes on the walls; the primary vortex turns clockwise (ψ < 0 inside)
    let n = s.n;
    for k in 0..n {
        for w in [k, (n - 1) * n + k, k * n, k * n + n - 1] {
            assert_eq!(s.psi[w], 0.0);
        }
    }
    assert!(s.psi[(n / 2) * n + n / 2] < -0.05);
}

#[test]
fn bad_parameters_are_errors() {
    let e = Cavity::new(Params::new(100.0, 3), Ranks::single(), Device::Cpu);
    assert!(matches!(
        e,
        Err(cuprum::Error::BadArgument { arg: "n", .. })
    ));
    let e = Cavity::new(Params::new(-1.0, 17), Ranks::single(), Device::Cpu);
    assert!(matches!(
        e,
        Err(cuprum::Error::OutOfDomain { arg: "re", .. })
    ));
    let mut p = Params::new(100.0, 17);
    p.cfl = 50.0; // far beyond the stability limit
    p.max_steps = 2000;
    let mut c = Cavity::new(p, Ranks::single(), Device::Cpu).unwrap();
    let e = c.run(|_, _| {}).unwrap_err();
    assert!(e.to_string().contains("diverged"), "{e}");
}

fn ghia_dev(s: &Solution) -> (f64, f64) {
    solver::ghia(solver::GHIA_JSON, 100.0)
        .unwrap()
        .max_deviation(s)
}

/// Runs the solver on `world` thread ranks (TCP backend on the CPU) and returns rank 0's
/// outcome and gathered solution.
fn on_ranks(p: &Params, world: usize) -> (Outcome, Solution) {
    let token = generate_token().unwrap();
    let server = StoreServer::bind("127.0.0.1:0", &token).unwrap();
    let port = server.local_addr().port();
    let hs: Vec<_> = (0..world)
        .map(|rank| {
            let (token, p) = (token.clone(), p.clone());
            std::thread::spawn(move || {
                let c = Communicator::init(
                    InitOptions::new()
                        .backend(Backend::Tcp)
                        .rank(rank)
                        .world_size(world)
                        .master_addr("127.0.0.1")
                        .master_port(port)
                        .store_hosted(true)
                        .token(token)
                        .timeout(Duration::from_secs(60)),
                )
                .unwrap();
                run(&p, Ranks::of(&c), Device::Cpu).unwrap()
            })
        })
        .collect();
    let mut out: Vec<(Outcome, Solution)> = hs.into_iter().map(|h| h.join().unwrap()).collect();
    // every rank gathered the same fields and stopped at the same step
    for (o, s) in &out[1..] {
        assert_eq!(o.steps, out[0].0.steps);
        assert_eq!(s.psi, out[0].1.psi);
    }
    drop(server);
    out.swap_remove(0)
}

/// `world` ranks with `on_ranks` against the single-device run with `single` (both to 1e-6).
fn ranks_match_single_device(world: usize, on: PoissonMethod, single: PoissonMethod) {
    let mut p = Params::new(100.0, 33);
    p.tol = 1e-6;
    p.poisson = single;
    let (o1, one) = run(&p, Ranks::single(), Device::Cpu).unwrap();
    p.poisson = on;
    let (o, s) = on_ranks(&p, world);
    assert!(o1.converged && o.converged, "{o1:?} {o:?}");
    let diff = profile_diff(&one, &s);
    assert!(diff < 1e-5, "{world} ranks: profiles differ by {diff}");
    let (a, b) = (ghia_dev(&one), ghia_dev(&s));
    assert!((a.0 - b.0).abs() < 1e-5 && (a.1 - b.1).abs() < 1e-5);
}

#[test]
fn slab_cg_on_one_rank_matches_the_sparse_cg() {
    ranks_match_single_device(1, PoissonMethod::Cg, PoissonMethod::Cg);
}

#[test]
fn two_ranks_with_slab_cg_match_the_single_device_run() {
    ranks_match_single_device(2, PoissonMethod::Cg, PoissonMethod::Dst);
}

#[test]
fn two_ranks_match_the_single_device_run() {
    ranks_match_single_device(2, PoissonMethod::Dst, PoissonMethod::Dst);
}

#[test]
fn four_ranks_match_the_single_device_run() {
    ranks_match_single_device(4, PoissonMethod::Dst, PoissonMethod::Dst);
}

/// A deterministic pseudo-random field in [-1, 1).
fn field(len: usize, seed: u64) -> Vec<f64> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
        .collect()
}

#[test]
fn the_sine_transform_poisson_solve_inverts_the_laplacian_and_matches_cg() {
    use cuprum::sparse::linalg as la;
    // an odd and an even interior, a whole grid and a slab of rows
    for (m, start, rows) in [(31usize, 0usize, 31usize), (20, 0, 20), (20, 7, 6)] {
        let h = 1.0 / (m + 1) as f64;
        let w = field(m * m, m as u64);
        for d in all_devices() {
            let a = solver::laplacian(m, d).unwrap();
            let omega = cuprum::Array::from_vec_on(w.clone(), &[m, m], d).unwrap();
            let full = DstPoisson::new(m, 0, m, h, d).unwrap();
            let psi = full.solve(&omega, Ranks::single()).unwrap();
            assert_eq!(psi.shape(), &[m, m]);
            // h²(−∇²)ψ = h²ω to rounding
            let apsi = a
                .matmul_dense(&psi.reshape(&[(m * m) as isize]).unwrap())
                .unwrap()
                .to_vec::<f64>()
                .unwrap();
            let err = apsi
                .iter()
                .zip(&w)
                .map(|(x, y)| (x - h * h * y).abs())
                .fold(0.0, f64::max);
            assert!(err < 1e-13, "{d}, m = {m}: |Aψ − h²ω| = {err}");
            // the sparse CG to a tight tolerance gives the same ψ
            let b = cuprum::multiply(&omega, h * h)
                .unwrap()
                .reshape(&[(m * m) as isize])
                .unwrap();
            let (x, info) =
                la::cg(&a, &b, la::SolveOptions::new().rtol(1e-13).maxiter(2000)).unwrap();
            assert_eq!(info, 0);
            let x = x.to_vec::<f64>().unwrap();
            let p = psi.to_vec::<f64>().unwrap();
            let diff = x
                .iter()
                .zip(&p)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            let size = p.iter().fold(0.0f64, |a, b| a.max(b.abs()));
            assert!(
                diff < 1e-10 * size.max(1.0),
                "{d}, m = {m}: CG differs by {diff}"
            );
            // a slab's rows: with one rank the partial sums are the whole transform only when the
            // slab is the whole interior; here ω is zero outside the slab's rows
            if rows < m {
                let mut ws = vec![0.0; m * m];
                ws[start * m..(start + rows) * m]
                    .copy_from_slice(&w[start * m..(start + rows) * m]);
                let whole = cuprum::Array::from_vec_on(ws.clone(), &[m, m], d).unwrap();
                let ref_psi = full
                    .solve(&whole, Ranks::single())
                    .unwrap()
                    .to_vec::<f64>()
                    .unwrap();
                let part = DstPoisson::new(m, start, rows, h, d).unwrap();
                let wr = cuprum::Array::from_vec_on(
                    ws[start * m..(start + rows) * m].to_vec(),
                    &[rows, m],
                    d,
                )
                .unwrap();
                let pr = part
                    .solve(&wr, Ranks::single())
                    .unwrap()
                    .to_vec::<f64>()
                    .unwrap();
                let diff = pr
                    .iter()
                    .zip(&ref_psi[start * m..(start + rows) * m])
                    .map(|(a, b)| (a - b).abs())
                    .fold(0.0, f64::max);
                assert!(diff < 1e-13, "{d}: slab rows differ by {diff}");
            }
        }
    }
}

#[test]
fn the_sine_transform_and_the_cg_march_reach_the_same_steady_state() {
    let mut p = Params::new(100.0, 33);
    p.tol = 1e-6;
    for d in all_devices() {
        p.poisson = PoissonMethod::Cg;
        let (oc, cg) = run(&p, Ranks::single(), d).unwrap();
        p.poisson = PoissonMethod::Dst;
        let (od, dst) = run(&p, Ranks::single(), d).unwrap();
        assert!(oc.converged && od.converged, "{d}: {oc:?} {od:?}");
        assert_eq!(od.cg_iterations, 0);
        let diff = profile_diff(&cg, &dst);
        assert!(diff < 1e-5, "{d}: profiles differ by {diff}");
    }
}
