//! Double-double arithmetic (`hi + lo`, about 32 significant digits) for power series whose
//! terms cancel: each operation is accurate to about `2^-104` relative, with `mul_add` (a fused
//! multiply-add, as CUDA's `fma`) for the exact products. The CUDA side is `sp_dd_*` in
//! `kernels/special/confluent.cuh`.

/// A double-double number `hi + lo` (`|lo| <= ulp(hi) / 2`).
#[derive(Clone, Copy)]
pub(crate) struct Dd(pub(crate) f64, pub(crate) f64);

/// `a + b` exactly, as a double-double (Knuth's two-sum).
pub(crate) fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd(s, (a - (s - bb)) + (b - bb))
}

/// `a + b` for `|a| >= |b|` (Dekker's fast two-sum); an infinite or NaN `a` (an overflowed
/// operation) is kept with a zero low part rather than turned into NaN.
fn fast_two_sum(a: f64, b: f64) -> Dd {
    if !a.is_finite() {
        return Dd(a, 0.0);
    }
    let s = a + b;
    Dd(s, b - (s - a))
}

impl Dd {
    pub(crate) fn add(self, o: Dd) -> Dd {
        let s = two_sum(self.0, o.0);
        fast_two_sum(s.0, s.1 + self.1 + o.1)
    }
    pub(crate) fn add_f(self, o: f64) -> Dd {
        let s = two_sum(self.0, o);
        fast_two_sum(s.0, s.1 + self.1)
    }
    pub(crate) fn mul(self, o: Dd) -> Dd {
        let p = self.0 * o.0;
        let e = self.0.mul_add(o.0, -p);
        fast_two_sum(p, e + (self.0 * o.1 + self.1 * o.0))
    }
    pub(crate) fn mul_f(self, o: f64) -> Dd {
        let p = self.0 * o;
        let e = self.0.mul_add(o, -p);
        fast_two_sum(p, e + self.1 * o)
    }
    pub(crate) fn div(self, o: Dd) -> Dd {
        let q1 = self.0 / o.0;
        let r = self.add(o.mul_f(-q1));
        fast_two_sum(q1, r.0 / o.0)
    }
}
