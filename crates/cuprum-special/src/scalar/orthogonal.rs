//! The classical orthogonal polynomials of `scipy/special/orthogonal_eval.pxd` (SciPy 1.17.1):
//! integer degree by three-term recurrences (the `_l` routines, SciPy's `'l'` loops), real
//! degree through the Gauss hypergeometric function (`hyp2f1`) or, for the Laguerre family,
//! the confluent one (`hyp1f1`).
//!
//! The CUDA side (`kernels/special/orthogonal.cuh`) runs the same steps in the same order.

use super::NAN;
use super::confluent::hyp1f1;
use super::gamma::{beta, binom, gamma};
use super::gauss_hypergeometric::hyp2f1;

/// `2^(n/2)` for `n >= 0` as the correctly rounded `pow(2, n / 2)`: a power of two, or
/// `sqrt(2)` scaled by one (exact scalings), infinite beyond the float64 range.
fn pow2_half(n: i64) -> f64 {
    let k = n / 2;
    if k > 1023 {
        return f64::INFINITY;
    }
    let m = if n % 2 == 0 {
        1.0
    } else {
        std::f64::consts::SQRT_2
    };
    m * 2f64.powi(k as i32)
}

/// Jacobi `P_n^(alpha, beta)(x)` of real degree: `binom(n + alpha, n) 2F1(-n, n + alpha +
/// beta + 1; alpha + 1; (1 - x) / 2)`.
pub(crate) fn jacobi(n: f64, alpha: f64, beta_: f64, x: f64) -> f64 {
    let d = binom(n + alpha, n);
    let a = -n;
    let b = n + alpha + beta_ + 1.0;
    let c = alpha + 1.0;
    let g = 0.5 * (1.0 - x);
    d * hyp2f1(a, b, c, g)
}

/// Jacobi of integer degree (SciPy's `eval_jacobi_l`): the recurrence of the normalized sum.
pub(crate) fn jacobi_l(n: i64, alpha: f64, beta_: f64, x: f64) -> f64 {
    if n < 0 {
        return jacobi(n as f64, alpha, beta_, x);
    }
    if n == 0 {
        return 1.0;
    }
    if n == 1 {
        return 0.5 * (2.0 * (alpha + 1.0) + (alpha + beta_ + 2.0) * (x - 1.0));
    }
    let mut d = (alpha + beta_ + 2.0) * (x - 1.0) / (2.0 * (alpha + 1.0));
    let mut p = d + 1.0;
    for kk in 0..n - 1 {
        let k = kk as f64 + 1.0;
        let t = 2.0 * k + alpha + beta_;
        d = ((t * (t + 1.0) * (t + 2.0)) * (x - 1.0) * p + 2.0 * k * (k + beta_) * (t + 2.0) * d)
            / (2.0 * (k + alpha + 1.0) * (k + alpha + beta_ + 1.0) * t);
        p += d;
    }
    binom(n as f64 + alpha, n as f64) * p
}

/// Shifted Jacobi `G_n^(p, q)(x)` of real degree.
pub(crate) fn sh_jacobi(n: f64, p: f64, q: f64, x: f64) -> f64 {
    jacobi(n, p - q, q - 1.0, 2.0 * x - 1.0) / binom(2.0 * n + p - 1.0, n)
}

/// Shifted Jacobi of integer degree.
pub(crate) fn sh_jacobi_l(n: i64, p: f64, q: f64, x: f64) -> f64 {
    jacobi_l(n, p - q, q - 1.0, 2.0 * x - 1.0) / binom(2.0 * n as f64 + p - 1.0, n as f64)
}

/// Gegenbauer `C_n^(alpha)(x)` of real degree.
pub(crate) fn gegenbauer(n: f64, alpha: f64, x: f64) -> f64 {
    let d = gamma(n + 2.0 * alpha) / gamma(1.0 + n) / gamma(2.0 * alpha);
    let a = -n;
    let b = n + 2.0 * alpha;
    let c = alpha + 0.5;
    let g = (1.0 - x) / 2.0;
    d * hyp2f1(a, b, c, g)
}

/// The cases of the integer-degree recurrences decided before any term: NaN for a NaN
/// parameter or argument, 0 for a negative degree, 1 for degree 0.
fn low_degree(n: i64, alpha: f64, x: f64) -> Option<f64> {
    if alpha.is_nan() || x.is_nan() {
        Some(NAN)
    } else if n < 0 {
        Some(0.0)
    } else if n == 0 {
        Some(1.0)
    } else {
        None
    }
}

/// The power series about 0 of an integer-degree polynomial: the sum of the terms `d_kk`,
/// `kk = 0..=a`, from `d_0 = d` by `d_{kk+1} = d_kk ratio(kk, j)` (`j = n - 2a + 2kk`, in
/// floating point: the integer products overflow for degrees beyond 3e9), stopped after the
/// first term whose successor is below 1e-20 of the sum.
fn series_about_zero(n: i64, a: i64, mut d: f64, ratio: impl Fn(i64, f64) -> f64) -> f64 {
    let mut p = 0.0;
    for kk in 0..=a {
        p += d;
        let j = (n - 2 * a + 2 * kk) as f64;
        d *= ratio(kk, j);
        if d.abs() < 1e-20 * p.abs() {
            break;
        }
    }
    p
}

/// An integer-degree polynomial at `x` by the upward recurrence in difference form: from
/// `p_1 = x` and `d_1 = x - 1`, `d_{k+1} = a_k (x - 1) p_k + b_k d_k` and
/// `p_{k+1} = p_k + d_{k+1}` for `k = 1..n-1`, `coef(k)` giving `(a_k, b_k)`. Returns `p_n`.
fn difference_recurrence(n: i64, x: f64, coef: impl Fn(f64) -> (f64, f64)) -> f64 {
    let mut d = x - 1.0;
    let mut p = x;
    for kk in 0..n - 1 {
        let k = kk as f64 + 1.0;
        let (ak, bk) = coef(k);
        d = ak * (x - 1.0) * p + bk * d;
        p += d;
    }
    p
}

/// Gegenbauer of integer degree: the power series about 0 for `|x| < 1e-5`, else the
/// recurrence.
pub(crate) fn gegenbauer_l(n: i64, alpha: f64, x: f64) -> f64 {
    if let Some(v) = low_degree(n, alpha, x) {
        return v;
    }
    if n == 1 {
        return 2.0 * alpha * x;
    }
    if alpha == 0.0 {
        return gegenbauer(n as f64, alpha, x);
    }
    let nf = n as f64;
    if x.abs() < 1e-5 {
        let a = n / 2;
        let af = a as f64;
        let mut d: f64 = if a % 2 == 0 { 1.0 } else { -1.0 };
        d /= beta(alpha, 1.0 + af);
        if n == 2 * a {
            d /= af + alpha;
        } else {
            d *= 2.0 * x;
        }
        return series_about_zero(n, a, d, |kk, j| {
            let kf = kk as f64;
            -4.0 * (x * x) * (af - kf) * (-af + alpha + kf + nf) / ((j + 1.0) * (j + 2.0))
        });
    }
    let p = difference_recurrence(n, x, |k| {
        (2.0 * (k + alpha) / (k + 2.0 * alpha), k / (k + 2.0 * alpha))
    });
    if (alpha / nf).abs() < 1e-8 {
        2.0 * alpha / nf * p
    } else {
        binom(nf + 2.0 * alpha - 1.0, nf) * p
    }
}

/// Chebyshev `T_n(x)` of real degree: `2F1(-n, n; 1/2; (1 - x) / 2)`.
pub(crate) fn chebyt(n: f64, x: f64) -> f64 {
    hyp2f1(-n, n, 0.5, 0.5 * (1.0 - x))
}

/// Chebyshev `T_n(x)` of integer degree (Clenshaw's recurrence, Mason and Handscomb).
pub(crate) fn chebyt_l(k: i64, x: f64) -> f64 {
    let k = k.unsigned_abs();
    let (mut b2, mut b1, mut b0) = (0.0, -1.0, 0.0);
    let x = 2.0 * x;
    for _ in 0..=k {
        b2 = b1;
        b1 = b0;
        b0 = x * b1 - b2;
    }
    (b0 - b2) / 2.0
}

/// Chebyshev `U_n(x)` of real degree: `(n + 1) 2F1(-n, n + 2; 3/2; (1 - x) / 2)`.
pub(crate) fn chebyu(n: f64, x: f64) -> f64 {
    (n + 1.0) * hyp2f1(-n, n + 2.0, 1.5, 0.5 * (1.0 - x))
}

/// Chebyshev `U_n(x)` of integer degree.
pub(crate) fn chebyu_l(k: i64, x: f64) -> f64 {
    let (k, sign) = if k == -1 {
        return 0.0;
    } else if k < -1 {
        (-(k + 2), -1.0)
    } else {
        (k, 1.0)
    };
    let (mut b1, mut b0) = (-1.0, 0.0);
    let x = 2.0 * x;
    for _ in 0..=k {
        let b2 = b1;
        b1 = b0;
        b0 = x * b1 - b2;
    }
    b0 * sign
}

/// Chebyshev `S_n(x) = U_n(x / 2)`.
pub(crate) fn chebys(n: f64, x: f64) -> f64 {
    chebyu(n, 0.5 * x)
}

/// `S_n` of integer degree.
pub(crate) fn chebys_l(n: i64, x: f64) -> f64 {
    chebyu_l(n, 0.5 * x)
}

/// Chebyshev `C_n(x) = 2 T_n(x / 2)`.
pub(crate) fn chebyc(n: f64, x: f64) -> f64 {
    2.0 * chebyt(n, 0.5 * x)
}

/// `C_n` of integer degree.
pub(crate) fn chebyc_l(n: i64, x: f64) -> f64 {
    2.0 * chebyt_l(n, 0.5 * x)
}

/// Shifted `T_n^*(x) = T_n(2x - 1)`.
pub(crate) fn sh_chebyt(n: f64, x: f64) -> f64 {
    chebyt(n, 2.0 * x - 1.0)
}

/// Shifted `T_n^*` of integer degree.
pub(crate) fn sh_chebyt_l(n: i64, x: f64) -> f64 {
    chebyt_l(n, 2.0 * x - 1.0)
}

/// Shifted `U_n^*(x) = U_n(2x - 1)`.
pub(crate) fn sh_chebyu(n: f64, x: f64) -> f64 {
    chebyu(n, 2.0 * x - 1.0)
}

/// Shifted `U_n^*` of integer degree.
pub(crate) fn sh_chebyu_l(n: i64, x: f64) -> f64 {
    chebyu_l(n, 2.0 * x - 1.0)
}

/// Legendre `P_n(x)` of real degree: `2F1(-n, n + 1; 1; (1 - x) / 2)`.
pub(crate) fn legendre(n: f64, x: f64) -> f64 {
    hyp2f1(-n, n + 1.0, 1.0, 0.5 * (1.0 - x))
}

/// Legendre of integer degree: the power series about 0 for `|x| < 1e-5`, else Bonnet's
/// recurrence in the difference form.
pub(crate) fn legendre_l(n: i64, x: f64) -> f64 {
    let n = if n < 0 { -(n + 1) } else { n };
    if n == 0 {
        return 1.0;
    }
    if n == 1 {
        return x;
    }
    if x.abs() < 1e-5 {
        let a = n / 2;
        let af = a as f64;
        let mut d = if a % 2 == 0 { 1.0 } else { -1.0 };
        if n == 2 * a {
            d *= -2.0 / beta(af + 1.0, -0.5);
        } else {
            d *= 2.0 * x / beta(af + 1.0, 0.5);
        }
        return series_about_zero(n, a, d, |kk, j| {
            let num = n as f64 + j + 1.0;
            -2.0 * (x * x) * (af - kk as f64) * num / ((j + 1.0) * (j + 2.0))
        });
    }
    difference_recurrence(n, x, |k| ((2.0 * k + 1.0) / (k + 1.0), k / (k + 1.0)))
}

/// Shifted Legendre `P_n^*(x) = P_n(2x - 1)`.
pub(crate) fn sh_legendre(n: f64, x: f64) -> f64 {
    legendre(n, 2.0 * x - 1.0)
}

/// Shifted Legendre of integer degree.
pub(crate) fn sh_legendre_l(n: i64, x: f64) -> f64 {
    legendre_l(n, 2.0 * x - 1.0)
}

/// Generalized Laguerre `L_n^(alpha)(x)` of real degree: `binom(n + alpha, n) 1F1(-n; alpha
/// + 1; x)` (SciPy's formula); a non-negative integer `n` takes the recurrence of
/// [`genlaguerre_l`], where the confluent series terminates.
pub(crate) fn genlaguerre(n: f64, alpha: f64, x: f64) -> f64 {
    if alpha <= -1.0 {
        return NAN;
    }
    if n.is_nan() || alpha.is_nan() || x.is_nan() {
        return NAN;
    }
    if n >= 0.0 && n == n.floor() && n < 9.0e15 {
        return genlaguerre_l(n as i64, alpha, x);
    }
    binom(n + alpha, n) * hyp1f1(-n, alpha + 1.0, x)
}

/// Generalized Laguerre of integer degree (the recurrence of the normalized sum).
pub(crate) fn genlaguerre_l(n: i64, alpha: f64, x: f64) -> f64 {
    if alpha <= -1.0 {
        return NAN;
    }
    if let Some(v) = low_degree(n, alpha, x) {
        return v;
    }
    if n == 1 {
        return -x + alpha + 1.0;
    }
    let mut d = -x / (alpha + 1.0);
    let mut p = d + 1.0;
    for kk in 0..n - 1 {
        let k = kk as f64 + 1.0;
        d = -x / (k + alpha + 1.0) * p + (k / (k + alpha + 1.0)) * d;
        p += d;
    }
    binom(n as f64 + alpha, n as f64) * p
}

/// Laguerre `L_n(x)` of real degree.
pub(crate) fn laguerre(n: f64, x: f64) -> f64 {
    genlaguerre(n, 0.0, x)
}

/// Laguerre of integer degree.
pub(crate) fn laguerre_l(n: i64, x: f64) -> f64 {
    genlaguerre_l(n, 0.0, x)
}

/// The probabilists' Hermite polynomial `He_n(x)` (integer degree only; NaN for `n < 0`).
pub(crate) fn hermitenorm(n: i64, x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if n < 0 {
        return NAN;
    }
    if n == 0 {
        return 1.0;
    }
    if n == 1 {
        return x;
    }
    let (mut y3, mut y2) = (0.0, 1.0);
    let mut k = n;
    while k > 1 {
        let y1 = x * y2 - k as f64 * y3;
        y3 = y2;
        y2 = y1;
        k -= 1;
    }
    x * y2 - y3
}

/// The physicists' Hermite polynomial `H_n(x) = 2^(n/2) He_n(sqrt(2) x)`.
pub(crate) fn hermite(n: i64, x: f64) -> f64 {
    if n < 0 {
        return NAN;
    }
    hermitenorm(n, std::f64::consts::SQRT_2 * x) * pow2_half(n)
}

/// The integer degree of an `'l'` loop's float64 operand (exact below 2^53).
#[inline]
pub(crate) fn deg(n: f64) -> i64 {
    n as i64
}
