//! `shichi` against SciPy 1.17.1 on every device, float64 and float32 (grids computed with
//! python3; in `tests/data/shichi.txt`, the SciPy call above each section).

use super::grid::{check_outs, group};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn shichi_grid() {
    let [x, shi, chi, shi32, chi32] = group("shichi", "shichi_grid");
    check_outs(&[&x], &[&shi, &chi], DType::Float64, 2e-15, 1e-16, |a| {
        let (s, c) = sp::shichi(a[0])?;
        Ok(vec![s, c])
    });
    check_outs(&[&x], &[&shi32, &chi32], DType::Float32, 2e-7, 1e-7, |a| {
        let (s, c) = sp::shichi(a[0])?;
        Ok(vec![s, c])
    });
}
