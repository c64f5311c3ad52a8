//! `interpolate.*`: SciPy's interpolation through [`crate::scipy::interpolate`], by SciPy's
//! names and signatures. A class is a constructor entry that returns a [`Value::Object`]
//! (`interpolate.CubicSpline(x, y, axis=0, bc_type='not-a-knot', extrapolate=None)`) and one
//! entry per method, `<class>.<method>(self, ...)`, called with [`super::call_method`]
//! (`interpolate.CubicSpline.__call__(self, x, nu=0, extrapolate=None)`).
//!
//! The piecewise-polynomial classes (`PPoly`, `BPoly`, `CubicSpline`, `PchipInterpolator`,
//! `Akima1DInterpolator`, `CubicHermiteSpline`) share `__call__`, `derivative`,
//! `antiderivative`, `integrate`, `roots` and `solve`; a derivative or antiderivative is a
//! `PPoly`, as SciPy's is for the cubic interpolators (SciPy's `BPoly.derivative` stays in
//! the Bernstein basis; the values are the same). `splrep` returns SciPy's `(t, c, k)`, and
//! the FITPACK functions take that tuple or a `BSpline` object as `tck`.
//! `InterpolatedUnivariateSpline` and `LSQUnivariateSpline` return `UnivariateSpline` objects
//! (SciPy's subclasses add no method).
//!
//! SciPy's in-place methods change `self` and return `None`; a registry object is shared and
//! immutable, so their entries return the changed object as a new one and leave `self` as
//! it was: `<PPoly class>.extend(self, c, x)` returns the extended polynomial (a `BPoly` for
//! a `BPoly`, a `PPoly` for the others) and `UnivariateSpline.set_smoothing_factor(self, s)`
//! the refitted spline (`self` itself for an `LSQUnivariateSpline`, whose knots are fixed:
//! SciPy warns and keeps it).
//!
//! `BSpline.design_matrix(x, t, k, extrapolate=False)` is a classmethod, called by name with
//! [`super::call`] (no `self`); its `csr_array` result is an object of class
//! `sparse.csr_array` holding a [`crate::sparse::Sparse`] (`Object::downcast`), as the
//! registry lists no `sparse` functions that would take it.
//!
//! Not listed: the legacy FITPACK 2-d classes and `Rbf`, which cuprum does not implement.

use super::{Args, Entry, Object, Value, e, one};
use crate::scipy::interpolate as si;
use crate::{Array, Error, Result};

/// An interpolator as a registry object of class `class`.
fn obj<T: std::any::Any + Send + Sync>(class: &'static str, v: Result<T>) -> Result<Vec<Value>> {
    Ok(vec![Value::Object(Object::new(class, v?))])
}

fn float(v: f64) -> Value {
    Value::Float(v)
}

/// Refuses a value other than the signature's default for an argument cuprum does not
/// implement.
fn only_default(a: &Args<'_>, name: &str, ok: bool) -> Result<()> {
    if ok { Ok(()) } else { Err(a.unsupported(name)) }
}

/// SciPy's `extrapolate`: `True`, `False`, `'periodic'`; `None` is `None`.
fn extrapolate(a: &Args<'_>, name: &str) -> Result<Option<si::Extrapolate>> {
    Ok(match a.get(name) {
        Value::None => None,
        Value::Bool(true) => Some(si::Extrapolate::Yes),
        Value::Bool(false) => Some(si::Extrapolate::No),
        Value::Str(s) if s == "periodic" => Some(si::Extrapolate::Periodic),
        v => {
            return Err(Error::bad_argument(
                a.op(),
                "extrapolate",
                v.describe(),
                "True, False, 'periodic' or None",
            ));
        }
    })
}

/// An `extrapolate` given at evaluation: cuprum evaluates with the object's own setting, so
/// another one is refused.
fn same_extrapolate(a: &Args<'_>, own: si::Extrapolate) -> Result<()> {
    match extrapolate(a, "extrapolate")? {
        Some(e) if e != own => Err(a.unsupported("extrapolate")),
        _ => Ok(()),
    }
}

/// An `extrapolate` that is a bool (the N-d classes): `None` is `default`.
fn opt_bool(a: &Args<'_>, name: &str, default: bool) -> Result<bool> {
    if a.is_none(name) {
        return Ok(default);
    }
    a.bool(name)
}

/// SciPy's `bc_type` of `CubicSpline`: a name, or a pair of end conditions (each a name or
/// an `(order, value)` pair).
fn bc_type(a: &Args<'_>) -> Result<si::BcType> {
    let end = |v: &Value, first: bool| -> Result<si::Boundary> {
        match v {
            Value::Str(s) => {
                let b = si::BcType::from_name(s)?;
                Ok(if first { b.start } else { b.end })
            }
            Value::List(p) if p.len() == 2 => {
                let order = p[0].as_scalar().map(|s| s.as_i64());
                let value = p[1].as_scalar().map(|s| s.as_f64());
                match (order, value) {
                    (Some(o @ (1 | 2)), Some(value)) => Ok(si::Boundary::Derivative {
                        order: o as u8,
                        value,
                    }),
                    _ => Err(Error::bad_argument(
                        a.op(),
                        "bc_type",
                        v.describe(),
                        "(order, value) with order 1 or 2 and a scalar value",
                    )),
                }
            }
            v => Err(Error::bad_argument(
                a.op(),
                "bc_type",
                v.describe(),
                "a name or an (order, value) pair",
            )),
        }
    };
    match a.get("bc_type") {
        Value::Str(s) => si::BcType::from_name(s),
        Value::List(v) if v.len() == 2 => Ok(si::BcType {
            start: end(&v[0], true)?,
            end: end(&v[1], false)?,
        }),
        v => Err(Error::bad_argument(
            a.op(),
            "bc_type",
            v.describe(),
            "a name or a pair of end conditions",
        )),
    }
}

/// `make_interp_spline`'s `bc_type`: `None`, `'clamped'`, `'natural'`, `'not-a-knot'`, or a
/// pair of lists of `(order, value)` conditions.
fn spline_bc(a: &Args<'_>) -> Result<si::SplineBc> {
    let conds = |v: &Value| -> Result<Vec<(usize, f64)>> {
        let bad = || {
            Error::bad_argument(
                a.op(),
                "bc_type",
                v.describe(),
                "a list of (order, value) pairs, or None",
            )
        };
        match v {
            Value::None => Ok(Vec::new()),
            Value::List(items) => items
                .iter()
                .map(|p| match p {
                    Value::List(q) if q.len() == 2 => {
                        let o = q[0].as_scalar().map(|s| s.as_i64()).ok_or_else(bad)?;
                        let x = q[1].as_scalar().map(|s| s.as_f64()).ok_or_else(bad)?;
                        Ok((usize::try_from(o).map_err(|_| bad())?, x))
                    }
                    _ => Err(bad()),
                })
                .collect(),
            _ => Err(bad()),
        }
    };
    Ok(match a.get("bc_type") {
        Value::None => si::SplineBc::NotAKnot,
        Value::Str(s) => match s.as_str() {
            "not-a-knot" => si::SplineBc::NotAKnot,
            "clamped" => si::SplineBc::Clamped,
            "natural" => si::SplineBc::Natural,
            _ => return Err(a.unsupported("bc_type")),
        },
        Value::List(v) if v.len() == 2 => si::SplineBc::Derivatives {
            left: conds(&v[0])?,
            right: conds(&v[1])?,
        },
        _ => return Err(a.unsupported("bc_type")),
    })
}

/// FITPACK's `ext`: 0-3 or `'extrapolate'`, `'zeros'`, `'raise'`, `'const'`.
fn splev_ext(a: &Args<'_>, name: &str) -> Result<si::SplevExt> {
    use si::SplevExt as E;
    Ok(match a.get(name) {
        Value::Str(s) => match s.as_str() {
            "extrapolate" => E::Extrapolate,
            "zeros" => E::Zeros,
            "raise" => E::Raise,
            "const" => E::Const,
            _ => return Err(a.unsupported(name)),
        },
        _ => match a.int(name)? {
            0 => E::Extrapolate,
            1 => E::Zeros,
            2 => E::Raise,
            3 => E::Const,
            _ => return Err(a.unsupported(name)),
        },
    })
}

/// `tck`: a `BSpline` object or SciPy's `(t, c, k)` tuple.
fn tck(a: &Args<'_>) -> Result<si::BSpline> {
    match a.get("tck") {
        Value::Object(o) => o.downcast::<si::BSpline>().cloned().ok_or_else(|| {
            Error::bad_argument(a.op(), "tck", o.class(), "a BSpline or a (t, c, k) tuple")
        }),
        Value::List(v) if v.len() == 3 => {
            let k = v[2]
                .as_scalar()
                .map(|s| s.as_i64())
                .and_then(|k| usize::try_from(k).ok())
                .ok_or_else(|| {
                    Error::bad_argument(a.op(), "tck", v[2].describe(), "a degree k >= 0")
                })?;
            si::BSpline::new(
                &v[0].to_array(a.op())?,
                &v[1].to_array(a.op())?,
                k,
                si::Extrapolate::Yes,
                0,
            )
        }
        v => Err(Error::bad_argument(
            a.op(),
            "tck",
            v.describe(),
            "a BSpline or a (t, c, k) tuple",
        )),
    }
}

/// A spline as `tck` came: a `BSpline` object for an object, `(t, c, k)` for a tuple.
fn tck_out(a: &Args<'_>, s: Result<si::BSpline>) -> Result<Vec<Value>> {
    let s = s?;
    if matches!(a.get("tck"), Value::Object(_)) {
        return obj("interpolate.BSpline", Ok(s));
    }
    Ok(vec![
        Value::Array(s.t().clone()),
        Value::Array(s.c()?),
        Value::Int(s.k() as i64),
    ])
}

/// `points`: a tuple of 1-d coordinate arrays, or an `(n, d)` array.
fn scattered(a: &Args<'_>, name: &str) -> Result<Array> {
    match a.get(name) {
        Value::List(v) if v.iter().all(|x| matches!(x, Value::Array(_))) => {
            let cols = a.arrays(name)?;
            let refs: Vec<&Array> = cols.iter().collect();
            crate::stack(&refs, -1)
        }
        _ => a.array(name),
    }
}

fn grid_opts(a: &Args<'_>) -> Result<si::GridOptions> {
    Ok(si::GridOptions {
        method: si::GridMethod::from_name(a.str("method")?)?,
        bounds_error: a.bool("bounds_error")?,
        fill_value: a.opt_float("fill_value")?,
    })
}

/// Argument `name` as the piecewise polynomial it is (`PPoly` or a class that is one).
fn ppoly_arg<'s>(a: &'s Args<'_>, name: &str) -> Result<&'s si::PPoly> {
    let found = match a.get(name) {
        Value::Object(o) => o
            .downcast::<si::PPoly>()
            .or_else(|| o.downcast::<si::CubicSpline>().map(|p| &**p))
            .or_else(|| o.downcast::<si::PchipInterpolator>().map(|p| &**p))
            .or_else(|| o.downcast::<si::Akima1DInterpolator>().map(|p| &**p))
            .or_else(|| o.downcast::<si::CubicHermiteSpline>().map(|p| &**p))
            .or_else(|| o.downcast::<si::BPoly>().map(|p| &**p)),
        _ => None,
    };
    found.ok_or_else(|| {
        Error::bad_argument(
            a.op(),
            if name == "self" { "self" } else { "pp" },
            a.get(name).describe(),
            "a piecewise polynomial object (PPoly, BPoly, CubicSpline, ...)",
        )
    })
}

/// `self` as the piecewise polynomial it is.
fn ppoly<'s>(a: &'s Args<'_>) -> Result<&'s si::PPoly> {
    ppoly_arg(a, "self")
}

/// `extend(self, c, x)`: the polynomial with the intervals of `(c, x)` added, in `self`'s
/// basis (Bernstein for a `BPoly`, power for the others).
fn extend(a: &Args<'_>) -> Result<Vec<Value>> {
    let (c, x) = (a.array("c")?, a.array("x")?);
    let bpoly = match a.get("self") {
        Value::Object(o) => o.downcast::<si::BPoly>(),
        _ => None,
    };
    if let Some(b) = bpoly {
        let mut b = b.clone();
        b.extend(&c, &x)?;
        return obj("interpolate.BPoly", Ok(b));
    }
    let mut p = ppoly(a)?.clone();
    p.extend(&c, &x)?;
    obj("interpolate.PPoly", Ok(p))
}

/// The methods every piecewise-polynomial class shares, for each class named.
macro_rules! ppoly_methods {
    ($($cls:literal),* $(,)?) => {
        &[$(
            e!(concat!($cls, ".__call__(self, x, nu=0, extrapolate=None)"), |a| {
                let p = ppoly(a)?;
                same_extrapolate(a, p.extrapolate())?;
                one(p.call(&a.array("x")?, a.usize("nu")?))
            }),
            e!(concat!($cls, ".derivative(self, nu=1)"), |a| obj(
                "interpolate.PPoly",
                ppoly(a)?.derivative(a.usize("nu")?)
            )),
            e!(concat!($cls, ".antiderivative(self, nu=1)"), |a| obj(
                "interpolate.PPoly",
                ppoly(a)?.antiderivative(a.usize("nu")?)
            )),
            e!(concat!($cls, ".integrate(self, a, b, extrapolate=None)"), |a| {
                let p = ppoly(a)?;
                same_extrapolate(a, p.extrapolate())?;
                one(p.integrate(a.float("a")?, a.float("b")?))
            }),
            e!(concat!($cls, ".roots(self, discontinuity=True, extrapolate=None)"), |a| one(
                ppoly(a)?.roots(a.bool("discontinuity")?, extrapolate(a, "extrapolate")?)
            )),
            e!(concat!($cls, ".extend(self, c, x)"), extend),
            e!(concat!($cls, ".solve(self, y=0.0, discontinuity=True, extrapolate=None)"), |a| one(
                ppoly(a)?.solve(
                    a.float("y")?,
                    a.bool("discontinuity")?,
                    extrapolate(a, "extrapolate")?
                )
            )),
        )*]
    };
}

/// The methods of the piecewise-polynomial classes.
pub(super) static PPOLY_METHODS: &[Entry] = ppoly_methods!(
    "interpolate.PPoly",
    "interpolate.BPoly",
    "interpolate.CubicSpline",
    "interpolate.PchipInterpolator",
    "interpolate.Akima1DInterpolator",
    "interpolate.CubicHermiteSpline",
);

super::self_objects!(bspline: si::BSpline, univariate: si::UnivariateSpline, ndppoly: si::NdPPoly);

fn usizes(a: &Args<'_>, name: &str) -> Result<Vec<usize>> {
    a.ints(name)?
        .into_iter()
        .map(|v| {
            usize::try_from(v)
                .map_err(|_| Error::bad_argument(a.op(), "nu", v, "non-negative integers"))
        })
        .collect()
}

/// `NdPPoly.integrate_1d`'s result: a polynomial in the other variables, or values.
fn ndppoly_integral(r: Result<si::NdPPolyIntegral>) -> Result<Vec<Value>> {
    Ok(match r? {
        si::NdPPolyIntegral::Poly(p) => vec![Value::Object(Object::new("interpolate.NdPPoly", p))],
        si::NdPPolyIntegral::Values(v) => vec![Value::Array(v)],
    })
}

pub(super) static ENTRIES: &[Entry] = &[
    // --- 1-d interpolators
    e!(
        "interpolate.interp1d(x, y, kind='linear', axis=-1, copy=True, bounds_error=None, fill_value=nan, assume_sorted=False)",
        |a| {
            let kind = match a.get("kind") {
                Value::Str(s) => si::Interp1dKind::from_name(s)?,
                _ => si::Interp1dKind::Spline(a.usize("kind")?),
            };
            let fill_value = match a.get("fill_value") {
                Value::Str(s) if s == "extrapolate" => si::FillValue::Extrapolate,
                Value::List(v) if v.len() == 2 => {
                    let num = |x: &Value| {
                        x.as_scalar().map(|s| s.as_f64()).ok_or_else(|| {
                            Error::bad_argument(a.op(), "fill_value", x.describe(), "a number")
                        })
                    };
                    si::FillValue::Pair(num(&v[0])?, num(&v[1])?)
                }
                _ => si::FillValue::Value(a.float("fill_value")?),
            };
            let bounds_error = if a.is_none("bounds_error") {
                None
            } else {
                Some(a.bool("bounds_error")?)
            };
            obj(
                "interpolate.interp1d",
                si::Interp1d::new(
                    &a.array("x")?,
                    &a.array("y")?,
                    si::Interp1dOptions {
                        kind,
                        axis: a.isize("axis")?,
                        bounds_error,
                        fill_value,
                        assume_sorted: a.bool("assume_sorted")?,
                    },
                ),
            )
        }
    ),
    e!("interpolate.interp1d.__call__(self, x)", |a| one(a
        .object::<si::Interp1d>("self")?
        .call(&a.array("x")?))),
    e!(
        "interpolate.CubicSpline(x, y, axis=0, bc_type='not-a-knot', extrapolate=None)",
        |a| obj(
            "interpolate.CubicSpline",
            si::CubicSpline::new(
                &a.array("x")?,
                &a.array("y")?,
                si::CubicSplineOptions {
                    axis: a.isize("axis")?,
                    bc_type: bc_type(a)?,
                    extrapolate: extrapolate(a, "extrapolate")?,
                },
            )
        )
    ),
    e!(
        "interpolate.PchipInterpolator(x, y, axis=0, extrapolate=None)",
        |a| obj(
            "interpolate.PchipInterpolator",
            si::PchipInterpolator::new(
                &a.array("x")?,
                &a.array("y")?,
                a.isize("axis")?,
                extrapolate(a, "extrapolate")?.unwrap_or_default(),
            )
        )
    ),
    e!(
        "interpolate.Akima1DInterpolator(x, y, axis=0, *, method='akima', extrapolate=None)",
        |a| {
            let m = match a.str("method")? {
                "akima" => si::AkimaMethod::Akima,
                "makima" => si::AkimaMethod::Makima,
                _ => return Err(a.unsupported("method")),
            };
            obj(
                "interpolate.Akima1DInterpolator",
                si::Akima1DInterpolator::new(
                    &a.array("x")?,
                    &a.array("y")?,
                    a.isize("axis")?,
                    m,
                    extrapolate(a, "extrapolate")?,
                ),
            )
        }
    ),
    e!(
        "interpolate.CubicHermiteSpline(x, y, dydx, axis=0, extrapolate=None)",
        |a| obj(
            "interpolate.CubicHermiteSpline",
            si::CubicHermiteSpline::new(
                &a.array("x")?,
                &a.array("y")?,
                &a.array("dydx")?,
                a.isize("axis")?,
                extrapolate(a, "extrapolate")?.unwrap_or_default(),
            )
        )
    ),
    e!(
        "interpolate.pchip_interpolate(xi, yi, x, der=0, axis=0)",
        |a| one(si::pchip_interpolate(
            &a.array("xi")?,
            &a.array("yi")?,
            &a.array("x")?,
            a.usize("der")?,
            a.isize("axis")?
        ))
    ),
    // --- piecewise polynomials
    e!(
        "interpolate.PPoly(c, x, extrapolate=None, axis=0)",
        |a| obj(
            "interpolate.PPoly",
            si::PPoly::new(
                &a.array("c")?,
                &a.array("x")?,
                extrapolate(a, "extrapolate")?.unwrap_or_default(),
                a.isize("axis")?
            )
        )
    ),
    e!(
        "interpolate.PPoly.from_spline(tck, extrapolate=None)",
        |a| {
            let p = si::PPoly::from_spline(&tck(a)?)?;
            let p = match extrapolate(a, "extrapolate")? {
                Some(e) if e != p.extrapolate() => si::PPoly::new(&p.c()?, p.x(), e, 0)?,
                _ => p,
            };
            obj("interpolate.PPoly", Ok(p))
        }
    ),
    e!(
        "interpolate.PPoly.from_bernstein_basis(bp, extrapolate=None)",
        |a| obj(
            "interpolate.PPoly",
            si::PPoly::from_bernstein_basis(
                a.object::<si::BPoly>("bp")?,
                extrapolate(a, "extrapolate")?
            )
        )
    ),
    e!(
        "interpolate.BPoly(c, x, extrapolate=None, axis=0)",
        |a| obj(
            "interpolate.BPoly",
            si::BPoly::new(
                &a.array("c")?,
                &a.array("x")?,
                extrapolate(a, "extrapolate")?.unwrap_or_default(),
                a.isize("axis")?
            )
        )
    ),
    e!(
        "interpolate.BPoly.from_power_basis(pp, extrapolate=None)",
        |a| {
            let pp = ppoly_arg(a, "pp")?;
            obj(
                "interpolate.BPoly",
                si::BPoly::from_power_basis(pp, extrapolate(a, "extrapolate")?),
            )
        }
    ),
    e!(
        "interpolate.BPoly.from_derivatives(xi, yi, orders=None, extrapolate=None)",
        |a| {
            only_default(a, "orders", a.is_none("orders"))?;
            only_default(a, "extrapolate", a.is_none("extrapolate"))?;
            let yi: Vec<Vec<f64>> = match a.get("yi") {
                Value::List(rows) => rows
                    .iter()
                    .map(|r| match r {
                        Value::List(_) | Value::Array(_) => r
                            .to_array(a.op())?
                            .astype(crate::DType::Float64)?
                            .to_vec::<f64>(),
                        v => v.as_scalar().map(|s| vec![s.as_f64()]).ok_or_else(|| {
                            Error::bad_argument(a.op(), "yi", v.describe(), "a list of numbers")
                        }),
                    })
                    .collect::<Result<_>>()?,
                v => {
                    return Err(Error::bad_argument(
                        a.op(),
                        "yi",
                        v.describe(),
                        "a list of derivative lists, one per point",
                    ));
                }
            };
            obj(
                "interpolate.BPoly",
                si::BPoly::from_derivatives(&a.array("xi")?, &yi),
            )
        }
    ),
    e!("interpolate.NdPPoly(c, x, extrapolate=None)", |a| {
        let x = a.arrays("x")?;
        let refs: Vec<&Array> = x.iter().collect();
        obj(
            "interpolate.NdPPoly",
            si::NdPPoly::new(&a.array("c")?, &refs, opt_bool(a, "extrapolate", true)?),
        )
    }),
    e!(
        "interpolate.NdPPoly.__call__(self, x, nu=None, extrapolate=None)",
        |a| {
            let nu = if a.is_none("nu") {
                None
            } else {
                Some(usizes(a, "nu")?)
            };
            let ext = if a.is_none("extrapolate") {
                None
            } else {
                Some(a.bool("extrapolate")?)
            };
            one(ndppoly(a)?.call(&a.array("x")?, nu.as_deref(), ext))
        }
    ),
    e!("interpolate.NdPPoly.derivative(self, nu)", |a| obj(
        "interpolate.NdPPoly",
        ndppoly(a)?.derivative(&usizes(a, "nu")?)
    )),
    e!("interpolate.NdPPoly.antiderivative(self, nu)", |a| obj(
        "interpolate.NdPPoly",
        ndppoly(a)?.antiderivative(&usizes(a, "nu")?)
    )),
    e!(
        "interpolate.NdPPoly.integrate(self, ranges, extrapolate=None)",
        |a| {
            let bad = |v: &Value| {
                Error::bad_argument(a.op(), "ranges", v.describe(), "a list of (a, b) pairs")
            };
            let ranges: Vec<(f64, f64)> = match a.get("ranges") {
                Value::List(v) => v
                    .iter()
                    .map(|p| match p {
                        Value::List(q) if q.len() == 2 => {
                            match (q[0].as_scalar(), q[1].as_scalar()) {
                                (Some(x), Some(y)) => Ok((x.as_f64(), y.as_f64())),
                                _ => Err(bad(p)),
                            }
                        }
                        _ => Err(bad(p)),
                    })
                    .collect::<Result<_>>()?,
                v => return Err(bad(v)),
            };
            let ext = if a.is_none("extrapolate") {
                None
            } else {
                Some(a.bool("extrapolate")?)
            };
            one(ndppoly(a)?.integrate(&ranges, ext))
        }
    ),
    e!(
        "interpolate.NdPPoly.integrate_1d(self, a, b, axis, extrapolate=None)",
        |a| {
            let ext = if a.is_none("extrapolate") {
                None
            } else {
                Some(a.bool("extrapolate")?)
            };
            ndppoly_integral(ndppoly(a)?.integrate_1d(
                a.float("a")?,
                a.float("b")?,
                a.isize("axis")?,
                ext,
            ))
        }
    ),
    // --- B-splines
    e!(
        "interpolate.BSpline(t, c, k, extrapolate=True, axis=0)",
        |a| obj(
            "interpolate.BSpline",
            si::BSpline::new(
                &a.array("t")?,
                &a.array("c")?,
                a.usize("k")?,
                extrapolate(a, "extrapolate")?.unwrap_or_default(),
                a.isize("axis")?
            )
        )
    ),
    e!(
        "interpolate.BSpline.__call__(self, x, nu=0, extrapolate=None)",
        |a| {
            let s = bspline(a)?;
            same_extrapolate(a, s.extrapolate())?;
            one(s.call(&a.array("x")?, a.usize("nu")?))
        }
    ),
    e!(
        "interpolate.BSpline.design_matrix(x, t, k, extrapolate=False)",
        |a| obj(
            "sparse.csr_array",
            si::BSpline::design_matrix(
                &a.array("x")?,
                &a.array("t")?,
                a.usize("k")?,
                a.bool("extrapolate")?
            )
        )
    ),
    e!("interpolate.BSpline.derivative(self, nu=1)", |a| obj(
        "interpolate.BSpline",
        bspline(a)?.derivative(a.usize("nu")?)
    )),
    e!("interpolate.BSpline.antiderivative(self, nu=1)", |a| obj(
        "interpolate.BSpline",
        bspline(a)?.antiderivative(a.usize("nu")?)
    )),
    e!(
        "interpolate.BSpline.integrate(self, a, b, extrapolate=None)",
        |a| {
            let s = bspline(a)?;
            same_extrapolate(a, s.extrapolate())?;
            one(s.integrate(a.float("a")?, a.float("b")?))
        }
    ),
    e!(
        "interpolate.make_interp_spline(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True)",
        |a| {
            only_default(a, "t", a.is_none("t"))?;
            obj(
                "interpolate.BSpline",
                si::make_interp_spline(
                    &a.array("x")?,
                    &a.array("y")?,
                    a.usize("k")?,
                    spline_bc(a)?,
                    a.isize("axis")?,
                ),
            )
        }
    ),
    e!(
        "interpolate.make_lsq_spline(x, y, t, k=3, w=None, axis=0, check_finite=True, *, method='qr')",
        |a| {
            only_default(a, "axis", a.int("axis")? == 0)?;
            let w = a.opt_array("w")?;
            obj(
                "interpolate.BSpline",
                si::make_lsq_spline(
                    &a.array("x")?,
                    &a.array("y")?,
                    &a.array("t")?,
                    a.usize("k")?,
                    w.as_ref(),
                ),
            )
        }
    ),
    e!("interpolate.NdBSpline(t, c, k, *, extrapolate=None)", |a| {
        let t = a.arrays("t")?;
        let refs: Vec<&Array> = t.iter().collect();
        let mut k = usizes(a, "k")?;
        if k.len() == 1 {
            k = vec![k[0]; refs.len()];
        }
        obj(
            "interpolate.NdBSpline",
            si::NdBSpline::new(&refs, &a.array("c")?, &k, opt_bool(a, "extrapolate", true)?),
        )
    }),
    e!(
        "interpolate.NdBSpline.__call__(self, xi, *, nu=None, extrapolate=None)",
        |a| {
            only_default(a, "extrapolate", a.is_none("extrapolate"))?;
            let nu = if a.is_none("nu") {
                0
            } else {
                let v = usizes(a, "nu")?;
                match v.split_first() {
                    Some((&n, rest)) if rest.iter().all(|&m| m == n) => n,
                    _ => return Err(a.unsupported("nu")),
                }
            };
            one(a.object::<si::NdBSpline>("self")?.call(&a.array("xi")?, nu))
        }
    ),
    // --- FITPACK
    e!(
        "interpolate.splrep(x, y, w=None, xb=None, xe=None, k=3, task=0, s=None, t=None, full_output=0, per=0, quiet=1)",
        |a| {
            for k in ["w", "xb", "xe", "t"] {
                only_default(a, k, a.is_none(k))?;
            }
            for k in ["task", "full_output", "per"] {
                only_default(a, k, a.int(k)? == 0)?;
            }
            let s = si::splrep(
                &a.array("x")?,
                &a.array("y")?,
                si::SplrepOptions {
                    k: a.usize("k")?,
                    s: a.opt_float("s")?,
                },
            )?;
            Ok(vec![
                Value::Array(s.t().clone()),
                Value::Array(s.c()?),
                Value::Int(s.k() as i64),
            ])
        }
    ),
    e!("interpolate.splev(x, tck, der=0, ext=0)", |a| one(
        si::splev(
            &a.array("x")?,
            &tck(a)?,
            a.usize("der")?,
            splev_ext(a, "ext")?
        )
    )),
    e!("interpolate.splder(tck, n=1)", |a| tck_out(
        a,
        si::splder(&tck(a)?, a.usize("n")?)
    )),
    e!("interpolate.splantider(tck, n=1)", |a| tck_out(
        a,
        si::splantider(&tck(a)?, a.usize("n")?)
    )),
    e!("interpolate.splint(a, b, tck, full_output=0)", |a| {
        only_default(a, "full_output", a.int("full_output")? == 0)?;
        one(si::splint(a.float("a")?, a.float("b")?, &tck(a)?))
    }),
    e!("interpolate.sproot(tck, mest=10)", |a| one(si::sproot(
        &tck(a)?
    ))),
    e!(
        "interpolate.UnivariateSpline(x, y, w=None, bbox=[None, None], k=3, s=None, ext=0, check_finite=False)",
        |a| {
            only_default(a, "bbox", bbox_default(a))?;
            obj(
                "interpolate.UnivariateSpline",
                si::UnivariateSpline::new(
                    &a.array("x")?,
                    &a.array("y")?,
                    si::UnivariateOptions {
                        w: a.opt_array("w")?,
                        k: a.usize("k")?,
                        s: a.opt_float("s")?,
                        ext: splev_ext(a, "ext")?,
                    },
                ),
            )
        }
    ),
    e!(
        "interpolate.InterpolatedUnivariateSpline(x, y, w=None, bbox=[None, None], k=3, ext=0, check_finite=False)",
        |a| {
            only_default(a, "bbox", bbox_default(a))?;
            obj(
                "interpolate.UnivariateSpline",
                si::InterpolatedUnivariateSpline::new(
                    &a.array("x")?,
                    &a.array("y")?,
                    a.opt_array("w")?,
                    a.usize("k")?,
                    splev_ext(a, "ext")?,
                ),
            )
        }
    ),
    e!(
        "interpolate.LSQUnivariateSpline(x, y, t, w=None, bbox=[None, None], k=3, ext=0, check_finite=False)",
        |a| {
            only_default(a, "bbox", bbox_default(a))?;
            obj(
                "interpolate.UnivariateSpline",
                si::LSQUnivariateSpline::new(
                    &a.array("x")?,
                    &a.array("y")?,
                    &a.array("t")?,
                    a.opt_array("w")?,
                    a.usize("k")?,
                    splev_ext(a, "ext")?,
                ),
            )
        }
    ),
    e!(
        "interpolate.UnivariateSpline.__call__(self, x, nu=0, ext=None)",
        |a| {
            let s = univariate(a)?;
            if a.is_none("ext") {
                one(s.call(&a.array("x")?, a.usize("nu")?))
            } else {
                one(si::splev(
                    &a.array("x")?,
                    s.spline(),
                    a.usize("nu")?,
                    splev_ext(a, "ext")?,
                ))
            }
        }
    ),
    e!("interpolate.UnivariateSpline.get_knots(self)", |a| one(
        univariate(a)?.get_knots()
    )),
    e!("interpolate.UnivariateSpline.get_coeffs(self)", |a| one(
        univariate(a)?.get_coeffs()
    )),
    e!("interpolate.UnivariateSpline.get_residual(self)", |a| Ok(
        vec![float(univariate(a)?.get_residual())]
    )),
    e!(
        "interpolate.UnivariateSpline.integral(self, a, b)",
        |a| one(univariate(a)?.integral(a.float("a")?, a.float("b")?))
    ),
    e!("interpolate.UnivariateSpline.derivative(self, n=1)", |a| {
        obj(
            "interpolate.UnivariateSpline",
            univariate(a)?.derivative(a.usize("n")?),
        )
    }),
    e!(
        "interpolate.UnivariateSpline.antiderivative(self, n=1)",
        |a| obj(
            "interpolate.UnivariateSpline",
            univariate(a)?.antiderivative(a.usize("n")?)
        )
    ),
    e!(
        "interpolate.UnivariateSpline.set_smoothing_factor(self, s)",
        |a| {
            let mut s = univariate(a)?.clone();
            s.set_smoothing_factor(a.float("s")?)?;
            obj("interpolate.UnivariateSpline", Ok(s))
        }
    ),
    e!("interpolate.UnivariateSpline.roots(self)", |a| one(
        univariate(a)?.roots()
    )),
    e!(
        "interpolate.UnivariateSpline.derivatives(self, x)",
        |a| one(univariate(a)?.derivatives(a.float("x")?))
    ),
    // --- polynomial interpolation
    e!("interpolate.KroghInterpolator(xi, yi, axis=0)", |a| obj(
        "interpolate.KroghInterpolator",
        si::KroghInterpolator::new(&a.array("xi")?, &a.array("yi")?, a.isize("axis")?)
    )),
    e!("interpolate.KroghInterpolator.__call__(self, x)", |a| one(
        a.object::<si::KroghInterpolator>("self")?
            .call(&a.array("x")?)
    )),
    e!(
        "interpolate.KroghInterpolator.derivative(self, x, der=1)",
        |a| one(a
            .object::<si::KroghInterpolator>("self")?
            .derivative(&a.array("x")?, a.usize("der")?))
    ),
    e!(
        "interpolate.KroghInterpolator.derivatives(self, x, der=None)",
        |a| one(a
            .object::<si::KroghInterpolator>("self")?
            .derivatives(&a.array("x")?, a.opt_usize("der")?.unwrap_or(0)))
    ),
    e!(
        "interpolate.krogh_interpolate(xi, yi, x, der=0, axis=0)",
        |a| one(si::krogh_interpolate(
            &a.array("xi")?,
            &a.array("yi")?,
            &a.array("x")?,
            a.usize("der")?,
            a.isize("axis")?
        ))
    ),
    e!(
        "interpolate.BarycentricInterpolator(xi, yi=None, axis=0, *, wi=None, rng=None)",
        |a| {
            only_default(a, "wi", a.is_none("wi"))?;
            let yi = a.opt_array("yi")?.ok_or_else(|| a.unsupported("yi"))?;
            obj(
                "interpolate.BarycentricInterpolator",
                si::BarycentricInterpolator::new(&a.array("xi")?, &yi, a.isize("axis")?),
            )
        }
    ),
    e!(
        "interpolate.BarycentricInterpolator.__call__(self, x)",
        |a| one(a
            .object::<si::BarycentricInterpolator>("self")?
            .call(&a.array("x")?))
    ),
    e!(
        "interpolate.barycentric_interpolate(xi, yi, x, axis=0, *, der=0, rng=None)",
        |a| {
            only_default(a, "der", a.int("der")? == 0)?;
            one(si::barycentric_interpolate(
                &a.array("xi")?,
                &a.array("yi")?,
                &a.array("x")?,
                a.isize("axis")?,
            ))
        }
    ),
    // --- N-d interpolation
    e!(
        "interpolate.RegularGridInterpolator(points, values, method='linear', bounds_error=True, fill_value=nan, *, solver=None, solver_args=None)",
        |a| {
            only_default(a, "solver", a.is_none("solver"))?;
            only_default(a, "solver_args", a.is_none("solver_args"))?;
            let pts = a.arrays("points")?;
            let refs: Vec<&Array> = pts.iter().collect();
            obj(
                "interpolate.RegularGridInterpolator",
                si::RegularGridInterpolator::new(&refs, &a.array("values")?, grid_opts(a)?),
            )
        }
    ),
    e!(
        "interpolate.RegularGridInterpolator.__call__(self, xi, method=None, *, nu=None)",
        |a| {
            only_default(a, "method", a.is_none("method"))?;
            only_default(a, "nu", a.is_none("nu"))?;
            one(a
                .object::<si::RegularGridInterpolator>("self")?
                .call(&scattered(a, "xi")?))
        }
    ),
    e!(
        "interpolate.interpn(points, values, xi, method='linear', bounds_error=True, fill_value=nan)",
        |a| {
            let pts = a.arrays("points")?;
            let refs: Vec<&Array> = pts.iter().collect();
            one(si::interpn(
                &refs,
                &a.array("values")?,
                &scattered(a, "xi")?,
                grid_opts(a)?,
            ))
        }
    ),
    e!(
        "interpolate.griddata(points, values, xi, method='linear', fill_value=nan, rescale=False)",
        |a| {
            let m = match a.str("method")? {
                "nearest" => si::GriddataMethod::Nearest,
                "linear" => si::GriddataMethod::Linear,
                "cubic" => si::GriddataMethod::Cubic,
                _ => return Err(a.unsupported("method")),
            };
            one(si::griddata(
                &scattered(a, "points")?,
                &a.array("values")?,
                &scattered(a, "xi")?,
                m,
                a.float("fill_value")?,
                a.bool("rescale")?,
            ))
        }
    ),
    e!(
        "interpolate.NearestNDInterpolator(x, y, rescale=False, tree_options=None)",
        |a| {
            only_default(a, "tree_options", a.is_none("tree_options"))?;
            obj(
                "interpolate.NearestNDInterpolator",
                si::NearestNDInterpolator::new(
                    &scattered(a, "x")?,
                    &a.array("y")?,
                    a.bool("rescale")?,
                ),
            )
        }
    ),
    e!(
        "interpolate.NearestNDInterpolator.__call__(self, xi)",
        |a| one(a
            .object::<si::NearestNDInterpolator>("self")?
            .call(&scattered(a, "xi")?))
    ),
    e!(
        "interpolate.LinearNDInterpolator(points, values, fill_value=nan, rescale=False)",
        |a| obj(
            "interpolate.LinearNDInterpolator",
            si::LinearNDInterpolator::new(
                &scattered(a, "points")?,
                &a.array("values")?,
                a.float("fill_value")?,
                a.bool("rescale")?,
            )
        )
    ),
    e!("interpolate.LinearNDInterpolator.__call__(self, xi)", |a| {
        one(a
            .object::<si::LinearNDInterpolator>("self")?
            .call(&scattered(a, "xi")?))
    }),
    e!(
        "interpolate.CloughTocher2DInterpolator(points, values, fill_value=nan, tol=1e-06, maxiter=400, rescale=False)",
        |a| obj(
            "interpolate.CloughTocher2DInterpolator",
            si::CloughTocher2DInterpolator::new(
                &scattered(a, "points")?,
                &a.array("values")?,
                si::CloughTocherOptions {
                    fill_value: a.float("fill_value")?,
                    tol: a.float("tol")?,
                    maxiter: a.usize("maxiter")?,
                    rescale: a.bool("rescale")?,
                },
            )
        )
    ),
    e!(
        "interpolate.CloughTocher2DInterpolator.__call__(self, xi)",
        |a| one(a
            .object::<si::CloughTocher2DInterpolator>("self")?
            .call(&scattered(a, "xi")?))
    ),
    e!(
        "interpolate.RBFInterpolator(y, d, neighbors=None, smoothing=0.0, kernel='thin_plate_spline', epsilon=None, degree=None)",
        |a| obj(
            "interpolate.RBFInterpolator",
            si::RBFInterpolator::new(
                &a.array("y")?,
                &a.array("d")?,
                si::RbfOptions {
                    smoothing: a.float("smoothing")?,
                    kernel: si::RbfKernel::from_name(a.str("kernel")?)?,
                    epsilon: a.opt_float("epsilon")?,
                    degree: a.opt_int("degree")?,
                    neighbors: a.opt_usize("neighbors")?,
                },
            )
        )
    ),
    e!("interpolate.RBFInterpolator.__call__(self, x)", |a| one(a
        .object::<si::RBFInterpolator>("self")?
        .call(&a.array("x")?))),
];

/// `bbox=[None, None]` (the data range), the only value cuprum implements.
fn bbox_default(a: &Args<'_>) -> bool {
    match a.get("bbox") {
        Value::List(v) => v.iter().all(|x| matches!(x, Value::None)),
        Value::None => true,
        _ => false,
    }
}
