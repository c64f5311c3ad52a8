//! The Hankel functions `H1_v(z) = J_v(z) + i Y_v(z)`, `H2_v(z) = J_v(z) - i Y_v(z)` of a real
//! argument and their scaled forms `H1 e^{-iz}`, `H2 e^{iz}`, from this crate's `jv` and `yv`;
//! for `z < 0`, `z = x e^{i pi}`: `J_v(z) = e^{i pi v} J_v(x)`, `Y_v(z) = e^{-i pi v} Y_v(x) +
//! 2i cos(pi v) J_v(x)` (DLMF 10.11.1, 10.11.2). `kernels/special/hankel.cuh` runs the same
//! steps.

use super::bessel_v::{jv, yv};
use super::{NAN, cospi, sinpi};

/// `(re, im)` of `H1` (`kind` 1) or `H2` (`kind` 2) at `(v, z)`, times `e^{-iz}` (`H1`) or
/// `e^{iz}` (`H2`) when `scaled`.
pub(crate) fn hankel(v: f64, z: f64, kind: u8, scaled: bool) -> (f64, f64) {
    if v.is_nan() || z.is_nan() || z.is_infinite() {
        return (NAN, NAN);
    }
    if z == 0.0 {
        // AMOS's answers at the origin, as SciPy's
        let im = if kind == 2 && !scaled && v == 0.0 {
            f64::INFINITY
        } else {
            NAN
        };
        return (NAN, im);
    }
    let x = z.abs();
    let j = jv(v, x);
    let y = yv(v, x);
    // J and Y at z as complex numbers (jr + i ji, yr + i yi)
    let (jr, ji, yr, yi) = if z > 0.0 {
        (j, 0.0, y, 0.0)
    } else {
        let (c, s) = (cospi(v), sinpi(v));
        (c * j, s * j, c * y, -s * y + 2.0 * c * j)
    };
    // H1 = J + iY, H2 = J - iY
    let (hr, hi) = if kind == 1 {
        (jr - yi, ji + yr)
    } else {
        (jr + yi, ji - yr)
    };
    if !scaled {
        return (hr, hi);
    }
    // times e^{-iz} (H1) or e^{iz} (H2)
    let (c, s) = (z.cos(), z.sin());
    let s = if kind == 1 { -s } else { s };
    (hr * c - hi * s, hr * s + hi * c)
}
