//! `ellipj` against SciPy 1.17.1 on every device, float64 and float32 (grids computed with
//! python3; in `tests/data/ellipj.txt`, the SciPy call above each section).

use super::grid::{check_outs, columns};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn ellipj_grid() {
    let [u, m, sn, cn, dn, ph, sn32, cn32, dn32, ph32] = columns(
        "ellipj",
        "ellipj_grid",
        [
            "u", "m", "sn", "cn", "dn", "ph", "sn32", "cn32", "dn32", "ph32",
        ],
    );
    check_outs(
        &[&u, &m],
        &[&sn, &cn, &dn, &ph],
        DType::Float64,
        1e-14,
        1e-14,
        |a| {
            let (s, c, d, p) = sp::ellipj(a[0], a[1])?;
            Ok(vec![s, c, d, p])
        },
    );
    check_outs(
        &[&u, &m],
        &[&sn32, &cn32, &dn32, &ph32],
        DType::Float32,
        2e-7,
        1e-7,
        |a| {
            let (s, c, d, p) = sp::ellipj(a[0], a[1])?;
            Ok(vec![s, c, d, p])
        },
    );
}
