//! `fresnel` against SciPy 1.17.1 on every device, float64 and float32 (a grid computed with
//! python3; in `tests/data/fresnel.txt`, the SciPy call above each section).

use super::grid::{check_outs, group};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn fresnel_grid() {
    let [x, s, c, s32, c32] = group("fresnel", "fresnel_grid");
    check_outs(&[&x], &[&s, &c], DType::Float64, 1e-15, 0.0, |a| {
        let (s, c) = sp::fresnel(a[0])?;
        Ok(vec![s, c])
    });
    check_outs(&[&x], &[&s32, &c32], DType::Float32, 2e-7, 1e-45, |a| {
        let (s, c) = sp::fresnel(a[0])?;
        Ok(vec![s, c])
    });
}
