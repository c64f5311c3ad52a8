//! `ellipj` against SciPy 1.17.1 on every device, float64 and float32 (grids computed with
//! python3; in `tests/data/ellipj.txt`, the SciPy call above each section).

use super::grid::{check_outs, group};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn ellipj_grid() {
    let [u, m, sn, cn, dn, ph, sn32, cn32, dn32, ph32] = group("ellipj", "ellipj_grid");
    // float64 within 1e-14 (relative and absolute), float32 within 2e-7 relative, 1e-7 absolute
    for (dt, want, rtol, atol) in [
        (DType::Float64, [&sn, &cn, &dn, &ph], 1e-14, 1e-14),
        (DType::Float32, [&sn32, &cn32, &dn32, &ph32], 2e-7, 1e-7),
    ] {
        let want = want.map(|w| w.as_slice());
        check_outs(&[&u, &m], &want, dt, rtol, atol, |a| {
            let (s, c, d, p) = sp::ellipj(a[0], a[1])?;
            Ok(vec![s, c, d, p])
        });
    }
}
