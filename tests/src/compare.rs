//! The README's checks: `allclose`, `exact`, `bitwise`, `sorted`, `partition` (and the
//! element rules `recompose` builds on), on host copies of arrays.

use crate::values::{HostArray, Values};
use std::cmp::Ordering;

/// Tolerances of an `allclose` comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tol {
    /// relative tolerance
    pub rtol: f64,
    /// absolute tolerance
    pub atol: f64,
}

/// How elements are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElementRule {
    /// the README's tolerance rule (integers and bools exactly)
    AllClose,
    /// `==`, NaN matches NaN, `+0.0 == -0.0`
    Exact,
    /// as `Exact`, and the sign bit of floats must match
    Bitwise,
}

/// Checks shapes, then elements by `rule`. The dtype check is the caller's.
///
/// # Errors
/// A message naming the first mismatching element (multi-index, got, expected) and how many
/// elements differ.
pub fn compare_elements(
    actual: &HostArray,
    expected: &HostArray,
    rule: ElementRule,
    tol: Tol,
) -> Result<(), String> {
    if actual.shape != expected.shape {
        return Err(format!(
            "shape {:?}, expected {:?}",
            actual.shape, expected.shape
        ));
    }
    let n = expected.len();
    let ok = |i: usize| element_ok(&actual.values, &expected.values, i, rule, tol);
    let mut bad = 0usize;
    let mut first = None;
    for i in 0..n {
        match ok(i) {
            Ok(true) => {}
            Ok(false) => {
                bad += 1;
                first.get_or_insert(i);
            }
            Err(m) => return Err(m),
        }
    }
    match first {
        None => Ok(()),
        Some(i) => Err(format!(
            "{bad} of {n} elements differ ({}); first at {:?}: got {}, expected {}",
            rule_name(rule, tol),
            unravel(i, &expected.shape),
            actual.values.show(i),
            expected.values.show(i)
        )),
    }
}

fn rule_name(rule: ElementRule, tol: Tol) -> String {
    match rule {
        ElementRule::AllClose => format!("rtol={:e}, atol={:e}", tol.rtol, tol.atol),
        ElementRule::Exact => "exact".to_string(),
        ElementRule::Bitwise => "bitwise".to_string(),
    }
}

/// The multi-index of C-order position `flat` in `shape`.
pub fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for (k, &n) in shape.iter().enumerate().rev() {
        if n > 0 {
            idx[k] = flat % n;
            flat /= n;
        }
    }
    idx
}

fn element_ok(
    a: &Values,
    e: &Values,
    i: usize,
    rule: ElementRule,
    tol: Tol,
) -> Result<bool, String> {
    Ok(match (a, e) {
        (Values::Bool(a), Values::Bool(e)) => a[i] == e[i],
        (Values::Int(a), Values::Int(e)) => a[i] == e[i],
        (Values::Float(a), Values::Float(e)) => float_ok(a[i], e[i], rule, tol),
        (Values::Complex(a), Values::Complex(e)) => complex_ok(a[i], e[i], rule, tol),
        _ => {
            return Err("the result's element kind differs from the expected one".to_string());
        }
    })
}

/// The README's rule for one real element.
pub fn float_ok(x: f64, e: f64, rule: ElementRule, tol: Tol) -> bool {
    match rule {
        ElementRule::AllClose => {
            if e.is_nan() {
                x.is_nan()
            } else if e.is_infinite() {
                x == e
            } else {
                x.is_finite() && (x - e).abs() <= tol.atol + tol.rtol * e.abs()
            }
        }
        ElementRule::Exact => x == e || (x.is_nan() && e.is_nan()),
        ElementRule::Bitwise => {
            (x.is_nan() && e.is_nan()) || (x == e && x.is_sign_negative() == e.is_sign_negative())
        }
    }
}

/// The README's rule for one complex element: the modulus when both parts of `e` are finite,
/// else part by part.
pub fn complex_ok(x: (f64, f64), e: (f64, f64), rule: ElementRule, tol: Tol) -> bool {
    if rule == ElementRule::AllClose && e.0.is_finite() && e.1.is_finite() {
        if !(x.0.is_finite() && x.1.is_finite()) {
            return false;
        }
        let d = (x.0 - e.0).hypot(x.1 - e.1);
        return d <= tol.atol + tol.rtol * e.0.hypot(e.1);
    }
    float_ok(x.0, e.0, rule, tol) && float_ok(x.1, e.1, rule, tol)
}

/// A total order for sorting results: NumPy's sort order, NaN last; complex lexicographic
/// (real part, then imaginary part).
fn cmp_f64(a: f64, b: f64) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
    }
}

fn cmp_complex(a: (f64, f64), b: (f64, f64)) -> Ordering {
    // NumPy puts any complex with a NaN part last.
    let an = a.0.is_nan() || a.1.is_nan();
    let bn = b.0.is_nan() || b.1.is_nan();
    match (an, bn) {
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => cmp_f64(a.0, b.0).then(cmp_f64(a.1, b.1)),
    }
}

/// Positions (C order) of the lanes along `axis`: `(start, stride, len)` per lane.
fn lanes(shape: &[usize], axis: usize) -> Vec<(usize, usize, usize)> {
    let n = shape[axis];
    let inner: usize = shape[axis + 1..].iter().product();
    let outer: usize = shape[..axis].iter().product();
    let mut v = Vec::with_capacity(outer * inner);
    for o in 0..outer {
        for i in 0..inner {
            v.push((o * n * inner + i, inner, n));
        }
    }
    v
}

/// Sorts the values along `axis` (NaN last, complex lexicographic).
pub fn sort_along(values: &mut Values, shape: &[usize], axis: usize) {
    fn sort_lanes<T: Copy>(
        v: &mut [T],
        shape: &[usize],
        axis: usize,
        cmp: impl Fn(&T, &T) -> Ordering,
    ) {
        for (start, stride, len) in lanes(shape, axis) {
            let mut lane: Vec<T> = (0..len).map(|k| v[start + k * stride]).collect();
            lane.sort_by(&cmp);
            for (k, x) in lane.into_iter().enumerate() {
                v[start + k * stride] = x;
            }
        }
    }
    if shape.is_empty() {
        return;
    }
    match values {
        Values::Bool(v) => sort_lanes(v, shape, axis, |a, b| a.cmp(b)),
        Values::Int(v) => sort_lanes(v, shape, axis, |a, b| a.cmp(b)),
        Values::Float(v) => sort_lanes(v, shape, axis, |a, b| cmp_f64(*a, *b)),
        Values::Complex(v) => sort_lanes(v, shape, axis, |a, b| cmp_complex(*a, *b)),
    }
}

/// The `sorted` check: sort `actual` along its last axis, then compare with the `allclose` rule.
///
/// # Errors
/// As [`compare_elements`].
pub fn check_sorted(actual: &HostArray, expected: &HostArray, tol: Tol) -> Result<(), String> {
    let mut a = actual.clone();
    if let Some(last) = a.shape.len().checked_sub(1) {
        let shape = a.shape.clone();
        sort_along(&mut a.values, &shape, last);
    }
    compare_elements(&a, expected, ElementRule::AllClose, tol)
        .map_err(|m| format!("after sorting the result along its last axis: {m}"))
}

/// The `partition` check (`expected` is the fully sorted array).
///
/// # Errors
/// A message naming the lane and `k` that break the partition property, or the mismatch of the
/// sorted result.
pub fn check_partition(
    actual: &HostArray,
    expected: &HostArray,
    kth: &[i64],
    axis: isize,
) -> Result<(), String> {
    if actual.shape != expected.shape {
        return Err(format!(
            "shape {:?}, expected {:?}",
            actual.shape, expected.shape
        ));
    }
    let nd = actual.shape.len() as isize;
    if nd == 0 {
        return compare_elements(
            actual,
            expected,
            ElementRule::Exact,
            Tol {
                rtol: 0.0,
                atol: 0.0,
            },
        );
    }
    let ax = if axis < 0 { axis + nd } else { axis };
    if ax < 0 || ax >= nd {
        return Err(format!("partition axis {axis} out of range for ndim {nd}"));
    }
    let ax = ax as usize;
    let n = actual.shape[ax] as i64;
    let exact = Tol {
        rtol: 0.0,
        atol: 0.0,
    };
    for &k0 in kth {
        let k = if k0 < 0 { k0 + n } else { k0 };
        if k < 0 || k >= n {
            return Err(format!("kth {k0} out of range for an axis of length {n}"));
        }
        let k = k as usize;
        for (start, stride, len) in lanes(&actual.shape, ax) {
            let at = |j: usize| start + j * stride;
            let pivot = at(k);
            let ord = |i: usize, j: usize| -> Ordering {
                match &actual.values {
                    Values::Bool(v) => v[i].cmp(&v[j]),
                    Values::Int(v) => v[i].cmp(&v[j]),
                    Values::Float(v) => cmp_f64(v[i], v[j]),
                    Values::Complex(v) => cmp_complex(v[i], v[j]),
                }
            };
            if !element_ok(
                &actual.values,
                &expected.values,
                pivot,
                ElementRule::Exact,
                exact,
            )? {
                return Err(format!(
                    "result[k={k}] at {:?} is {}, expected {}",
                    unravel(pivot, &actual.shape),
                    actual.values.show(pivot),
                    expected.values.show(pivot)
                ));
            }
            for j in 0..len {
                let o = ord(at(j), pivot);
                if (j < k && o == Ordering::Greater) || (j > k && o == Ordering::Less) {
                    return Err(format!(
                        "not partitioned at kth={k}: element {:?} = {} is on the wrong side of {}",
                        unravel(at(j), &actual.shape),
                        actual.values.show(at(j)),
                        actual.values.show(pivot)
                    ));
                }
            }
        }
    }
    let mut sorted = actual.clone();
    sort_along(&mut sorted.values, &actual.shape, ax);
    compare_elements(&sorted, expected, ElementRule::AllClose, exact)
        .map_err(|m| format!("the partitioned result, once sorted: {m}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cuprum::DType;

    fn f(shape: &[usize], v: &[f64]) -> HostArray {
        HostArray {
            dtype: DType::Float64,
            shape: shape.to_vec(),
            values: Values::Float(v.to_vec()),
        }
    }
    const T: Tol = Tol {
        rtol: 1e-6,
        atol: 1e-9,
    };

    #[test]
    fn allclose_follows_the_readme_rule() {
        let e = f(&[4], &[1.0, f64::NAN, f64::INFINITY, 0.0]);
        let a = f(&[4], &[1.0 + 1e-7, f64::NAN, f64::INFINITY, 1e-10]);
        assert!(compare_elements(&a, &e, ElementRule::AllClose, T).is_ok());
        let a = f(&[4], &[1.0 + 1e-5, f64::NAN, f64::INFINITY, 0.0]);
        let m = compare_elements(&a, &e, ElementRule::AllClose, T).unwrap_err();
        assert!(
            m.contains("1 of 4 elements differ") && m.contains("[0]"),
            "{m}"
        );
        let a = f(&[4], &[1.0, 1.0, f64::INFINITY, 0.0]);
        assert!(compare_elements(&a, &e, ElementRule::AllClose, T).is_err());
        let a = f(&[4], &[1.0, f64::NAN, f64::NEG_INFINITY, 0.0]);
        assert!(compare_elements(&a, &e, ElementRule::AllClose, T).is_err());
        let a = f(&[2, 2], &[1.0, f64::NAN, f64::INFINITY, 0.0]);
        assert!(
            compare_elements(&a, &e, ElementRule::AllClose, T)
                .unwrap_err()
                .contains("shape")
        );
    }

    #[test]
    fn exact_and_bitwise_treat_zero_signs_differently() {
        let e = f(&[2], &[0.0, f64::NAN]);
        let a = f(&[2], &[-0.0, -f64::NAN]);
        assert!(compare_elements(&a, &e, ElementRule::Exact, T).is_ok());
        let m = compare_elements(&a, &e, ElementRule::Bitwise, T).unwrap_err();
        assert!(m.contains("got -0.0, expected 0.0"), "{m}");
    }

    #[test]
    fn complex_uses_the_modulus_when_finite() {
        let e = HostArray {
            dtype: DType::Complex128,
            shape: vec![2],
            values: Values::Complex(vec![(3.0, 4.0), (f64::INFINITY, f64::NAN)]),
        };
        let mut a = e.clone();
        a.values = Values::Complex(vec![(3.0 + 3e-6, 4.0), (f64::INFINITY, f64::NAN)]);
        assert!(compare_elements(&a, &e, ElementRule::AllClose, T).is_ok());
        a.values = Values::Complex(vec![(3.0 + 1e-5, 4.0), (f64::INFINITY, f64::NAN)]);
        assert!(compare_elements(&a, &e, ElementRule::AllClose, T).is_err());
    }

    #[test]
    fn sorted_and_partition_checks() {
        let e = f(&[2, 3], &[1.0, 2.0, f64::NAN, -1.0, 0.0, 5.0]);
        let a = f(&[2, 3], &[f64::NAN, 2.0, 1.0, 5.0, -1.0, 0.0]);
        assert!(check_sorted(&a, &e, T).is_ok());
        let sorted = f(&[5], &[1.0, 2.0, 3.0, 4.0, 5.0]);
        assert!(check_partition(&f(&[5], &[2.0, 1.0, 3.0, 5.0, 4.0]), &sorted, &[2], -1).is_ok());
        let m =
            check_partition(&f(&[5], &[4.0, 1.0, 3.0, 5.0, 2.0]), &sorted, &[2], -1).unwrap_err();
        assert!(m.contains("wrong side"), "{m}");
        let m =
            check_partition(&f(&[5], &[3.0, 1.0, 2.0, 5.0, 4.0]), &sorted, &[2], -1).unwrap_err();
        assert!(m.contains("result[k=2]"), "{m}");
        // axis 0 of a (3, 2) array
        let sorted = f(&[3, 2], &[1.0, 10.0, 2.0, 20.0, 3.0, 30.0]);
        let a = f(&[3, 2], &[2.0, 10.0, 1.0, 20.0, 3.0, 30.0]);
        assert!(check_partition(&a, &sorted, &[2], 0).is_ok());
    }

    #[test]
    fn unravel_is_c_order() {
        assert_eq!(unravel(5, &[2, 3]), vec![1, 2]);
        assert_eq!(unravel(0, &[]), Vec::<usize>::new());
    }
}
