//! Real roots of piecewise polynomials (`PPoly.roots`, `CubicSpline.roots`, `sproot`), on the
//! host: each piece's roots are isolated between the roots of its derivative (recursively)
//! and refined by bisection to the last bit.

/// `p(t) = sum_j c[j] t^(k - j)` (descending powers) at `t`.
fn horner(c: &[f64], t: f64) -> f64 {
    c.iter().fold(0.0, |acc, &v| acc * t + v)
}

/// The derivative's coefficients (descending).
fn deriv(c: &[f64]) -> Vec<f64> {
    let k = c.len() - 1;
    c[..k]
        .iter()
        .enumerate()
        .map(|(j, &v)| v * (k - j) as f64)
        .collect()
}

/// [`horner`] for the piecewise polynomials.
pub(crate) fn horner_pub(c: &[f64], t: f64) -> f64 {
    horner(c, t)
}

/// A root of `p` in `[a, b]` where `p(a)` and `p(b)` differ in sign (or one is zero).
fn bisect(c: &[f64], mut a: f64, mut b: f64) -> f64 {
    let mut fa = horner(c, a);
    if fa == 0.0 {
        return a;
    }
    if horner(c, b) == 0.0 {
        return b;
    }
    for _ in 0..200 {
        let m = 0.5 * (a + b);
        if m <= a || m >= b {
            break;
        }
        let fm = horner(c, m);
        if fm == 0.0 {
            return m;
        }
        if (fm < 0.0) == (fa < 0.0) {
            a = m;
            fa = fm;
        } else {
            b = m;
        }
    }
    0.5 * (a + b)
}

/// The real roots of the polynomial `c` (descending powers) in `[a, b]`, ascending.
pub(crate) fn poly_roots(c: &[f64], a: f64, b: f64) -> Vec<f64> {
    // drop leading zeros
    let first = c.iter().position(|&v| v != 0.0);
    let c = match first {
        Some(f) => &c[f..],
        None => return Vec::new(),
    };
    if c.len() == 1 {
        return Vec::new();
    }
    if c.len() == 2 {
        let r = -c[1] / c[0];
        return if r >= a && r <= b {
            vec![r]
        } else {
            Vec::new()
        };
    }
    let mut pts = vec![a];
    pts.extend(
        poly_roots(&deriv(c), a, b)
            .into_iter()
            .filter(|&v| v > a && v < b),
    );
    pts.push(b);
    let mut out: Vec<f64> = Vec::new();
    for w in pts.windows(2) {
        let (l, r) = (w[0], w[1]);
        let (fl, fr) = (horner(c, l), horner(c, r));
        let root = if fl == 0.0 {
            Some(l)
        } else if fr == 0.0 {
            Some(r)
        } else if (fl < 0.0) != (fr < 0.0) {
            Some(bisect(c, l, r))
        } else {
            None
        };
        if let Some(v) = root
            && out.last().is_none_or(|&last| v > last)
        {
            out.push(v);
        }
    }
    out
}

/// The Cauchy bound on the roots of `c`: every root `z` has `|z| <= bound`.
pub(crate) fn cauchy_bound(c: &[f64]) -> f64 {
    match c.iter().position(|&v| v != 0.0) {
        None => 0.0,
        Some(f) => {
            let lead = c[f].abs();
            1.0 + c[f + 1..].iter().fold(0.0f64, |m, v| m.max(v.abs() / lead))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubic_roots() {
        // (t - 1)(t - 2)(t + 3) = t^3 - 7 t + 6
        let r = poly_roots(&[1.0, 0.0, -7.0, 6.0], -10.0, 10.0);
        assert_eq!(r.len(), 3);
        for (x, e) in r.iter().zip([-3.0, 1.0, 2.0]) {
            assert!((x - e).abs() < 1e-14, "{r:?}");
        }
        assert!(poly_roots(&[1.0, 0.0, 1.0], -5.0, 5.0).is_empty());
        assert!(cauchy_bound(&[1.0, 0.0, -7.0, 6.0]) >= 3.0);
    }
}
