//! `spherical_in` and `spherical_kn` (and their derivatives) against SciPy 1.17.1 on every
//! device, float64 and float32 (grids computed with python3; in `tests/data/spherical_ik.txt`, the SciPy call above each section).

use super::grid::{check_outs, columns};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn spherical_in_grid() {
    let [n, z, want, want32] = columns(
        "spherical_ik",
        "spherical_in_grid",
        ["n", "z", "want", "want32"],
    );
    check_outs(&[&n, &z], &[&want], DType::Float64, 4e-15, 1e-300, |a| {
        Ok(vec![sp::spherical_in(a[0], a[1], false)?])
    });
    check_outs(&[&n, &z], &[&want32], DType::Float32, 2e-7, 1e-37, |a| {
        Ok(vec![sp::spherical_in(a[0], a[1], false)?])
    });
}

#[test]
fn spherical_in_d_grid() {
    let [n, z, want, want32] = columns(
        "spherical_ik",
        "spherical_in_d_grid",
        ["n", "z", "want", "want32"],
    );
    check_outs(&[&n, &z], &[&want], DType::Float64, 4e-15, 1e-300, |a| {
        Ok(vec![sp::spherical_in(a[0], a[1], true)?])
    });
    check_outs(&[&n, &z], &[&want32], DType::Float32, 2e-7, 1e-37, |a| {
        Ok(vec![sp::spherical_in(a[0], a[1], true)?])
    });
}

#[test]
fn spherical_kn_grid() {
    let [n, z, want, want32] = columns(
        "spherical_ik",
        "spherical_kn_grid",
        ["n", "z", "want", "want32"],
    );
    check_outs(&[&n, &z], &[&want], DType::Float64, 4e-14, 1e-300, |a| {
        Ok(vec![sp::spherical_kn(a[0], a[1], false)?])
    });
    check_outs(&[&n, &z], &[&want32], DType::Float32, 2e-7, 1e-37, |a| {
        Ok(vec![sp::spherical_kn(a[0], a[1], false)?])
    });
}

#[test]
fn spherical_kn_d_grid() {
    let [n, z, want, want32] = columns(
        "spherical_ik",
        "spherical_kn_d_grid",
        ["n", "z", "want", "want32"],
    );
    check_outs(&[&n, &z], &[&want], DType::Float64, 4e-14, 1e-300, |a| {
        Ok(vec![sp::spherical_kn(a[0], a[1], true)?])
    });
    check_outs(&[&n, &z], &[&want32], DType::Float32, 2e-7, 1e-37, |a| {
        Ok(vec![sp::spherical_kn(a[0], a[1], true)?])
    });
}
