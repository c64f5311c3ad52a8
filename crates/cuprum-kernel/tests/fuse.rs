//! `fuse` against the unfused calls: seeded random inputs, broadcasting shapes, strided views and
//! several dtypes, on every device. The result must have the unfused dtype and shape and the
//! same values (bit for bit: both run the same element code), and a body whose unfused form
//! fails must fail too.

use cuprum_core as cp;
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Axes, Complex64, DType, Device, Operand, Scalar, s};
use cuprum_kernel::fuse::prelude::*;
use cuprum_kernel::{Arg, KernelError};

/// A small deterministic generator (SplitMix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    fn f64(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 6.0 - 3.0
    }
}

/// A random array of `dtype` and `shape` on `d` (values in [-3, 3), rounded for integers,
/// `> 0` for bool, a random imaginary part for complex).
fn random(rng: &mut Rng, dtype: DType, shape: &[usize], d: Device) -> Array {
    let n: usize = shape.iter().product();
    let re: Vec<f64> = (0..n).map(|_| (rng.f64() * 4.0).round() / 4.0).collect();
    let im: Vec<f64> = (0..n).map(|_| (rng.f64() * 4.0).round() / 4.0).collect();
    let base = Array::from_vec_on(re, shape, d).unwrap();
    match dtype {
        DType::Bool => cuprum_core::greater(&base, 0.0).unwrap(),
        DType::Complex64 | DType::Complex128 => {
            let i = Array::from_vec_on(im, shape, d).unwrap();
            let j = cuprum_core::multiply(&i, Complex64::new(0.0, 1.0)).unwrap();
            cuprum_core::add(&base, &j).unwrap().astype(dtype).unwrap()
        }
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => {
            cuprum_core::abs(&base).unwrap().astype(dtype).unwrap()
        }
        _ => base.astype(dtype).unwrap(),
    }
}

/// Asserts that `fused` and `unfused` agree: both errors, or the same dtype, shape and bytes.
fn agree(case: &str, fused: Result<Array, KernelError>, unfused: cuprum_core::Result<Array>) {
    match (fused, unfused) {
        (Err(_), Err(_)) => {}
        (Ok(f), Ok(u)) => {
            assert_eq!(f.dtype(), u.dtype(), "{case}: dtype");
            assert_eq!(f.shape(), u.shape(), "{case}: shape");
            let (fb, ub) = (f.to_bytes().unwrap(), u.to_bytes().unwrap());
            if fb != ub {
                // report the values (as complex128) for the first difference
                let fv = f
                    .astype(DType::Complex128)
                    .unwrap()
                    .to_vec::<Complex64>()
                    .unwrap();
                let uv = u
                    .astype(DType::Complex128)
                    .unwrap()
                    .to_vec::<Complex64>()
                    .unwrap();
                let k = fv
                    .iter()
                    .zip(&uv)
                    .position(|(a, b)| {
                        a.re.to_bits() != b.re.to_bits() || a.im.to_bits() != b.im.to_bits()
                    })
                    .unwrap_or(0);
                panic!(
                    "{case}: element {k} differs: fused {:?}, unfused {:?}",
                    fv.get(k),
                    uv.get(k)
                );
            }
        }
        (Ok(f), Err(e)) => panic!(
            "{case}: unfused fails ({e}) but fused gives {:?}",
            f.dtype()
        ),
        (Err(e), Ok(u)) => panic!(
            "{case}: fused fails ({e}) but unfused gives {:?}",
            u.dtype()
        ),
    }
}

type Unfused = fn(&[&Array]) -> cuprum_core::Result<Array>;

/// The bodies under test, each with its unfused twin (two arguments).
fn cases2() -> Vec<(&'static str, Fused, Unfused)> {
    use cuprum_core as cp;
    vec![
        ("exp(a)*b+a", fuse(|a: Var, b: Var| exp(a) * b + a), |x| {
            cp::add(&cp::multiply(&cp::exp(x[0])?, x[1])?, x[0])
        }),
        ("2*a+b", fuse(|a: Var, b: Var| 2 * a + b), |x| {
            cp::add(&cp::multiply(2i64, x[0])?, x[1])
        }),
        ("2.5*a-b", fuse(|a: Var, b: Var| 2.5 * a - b), |x| {
            cp::subtract(&cp::multiply(2.5, x[0])?, x[1])
        }),
        (
            "where(a<0.5, a, b*2)",
            fuse(|a: Var, b: Var| where_(less(a, 0.5), a, b * 2)),
            |x| cp::where_(&cp::less(x[0], 0.5)?, x[0], &cp::multiply(x[1], 2i64)?),
        ),
        (
            "maximum(a,b)-minimum(a,1)",
            fuse(|a: Var, b: Var| maximum(a, b) - minimum(a, 1)),
            |x| cp::subtract(&cp::maximum(x[0], x[1])?, &cp::minimum(x[0], 1i64)?),
        ),
        (
            "(a+b).astype(f32)*3",
            fuse(|a: Var, b: Var| (a + b).astype(DType::Float32) * 3),
            |x| cp::multiply(&cp::add(x[0], x[1])?.astype(DType::Float32)?, 3i64),
        ),
        (
            "sqrt(abs(a))+sin(b)",
            fuse(|a: Var, b: Var| sqrt(abs(a)) + sin(b)),
            |x| cp::add(&cp::sqrt(&cp::abs(x[0])?)?, &cp::sin(x[1])?),
        ),
        (
            "logical_and(a>0, b<1)",
            fuse(|a: Var, b: Var| logical_and(greater(a, 0), less(b, 1))),
            |x| cp::logical_and(&cp::greater(x[0], 0i64)?, &cp::less(x[1], 1i64)?),
        ),
        (
            "a//2 + b%3",
            fuse(|a: Var, b: Var| floor_divide(a, 2) + b % 3),
            |x| cp::add(&cp::floor_divide(x[0], 2i64)?, &cp::remainder(x[1], 3i64)?),
        ),
        ("a/b", fuse(|a: Var, b: Var| a / b), |x| {
            cp::divide(x[0], x[1])
        }),
        ("a**2 + b", fuse(|a: Var, b: Var| power(a, 2) + b), |x| {
            cp::add(&cp::power(x[0], 2i64)?, x[1])
        }),
        (
            "clip(a,-1,1)*b",
            fuse(|a: Var, b: Var| clip(a, -1, 1) * b),
            |x| {
                cp::multiply(
                    &cp::clip(x[0], Some(Operand::from(-1i64)), Some(Operand::from(1i64)))?,
                    x[1],
                )
            },
        ),
        ("a == b", fuse(|a: Var, b: Var| equal(a, b)), |x| {
            cp::equal(x[0], x[1])
        }),
        ("-a & b (bitwise)", fuse(|a: Var, b: Var| (-a) & b), |x| {
            cp::bitwise_and(&cp::negative(x[0])?, x[1])
        }),
        (
            "isnan(log(a)) | (b > 2)",
            fuse(|a: Var, b: Var| isnan(log(a)) | greater(b, 2)),
            |x| cp::bitwise_or(&cp::isnan(&cp::log(x[0])?)?, &cp::greater(x[1], 2i64)?),
        ),
        (
            "sum(a*b)",
            fuse(|a: Var, b: Var| sum(a * b, Axes::All, false)),
            |x| cp::multiply(x[0], x[1])?.sum(Axes::All, false),
        ),
        (
            "max(a+b, axis -1, keepdims)",
            fuse(|a: Var, b: Var| (a + b).max(-1, true)),
            |x| cp::add(x[0], x[1])?.max(-1, true),
        ),
        (
            "prod(a - b, axis 0)",
            fuse(|a: Var, b: Var| prod(a - b, 0, false)),
            |x| cp::subtract(x[0], x[1])?.prod(0, false),
        ),
    ]
}

const DTYPES: [DType; 6] = [
    DType::Bool,
    DType::Int32,
    DType::Int64,
    DType::Float32,
    DType::Float64,
    DType::Complex128,
];

/// Shape pairs: equal, broadcasting over a middle axis, against a 0-d array, a trailing axis.
const SHAPES: [(&[usize], &[usize]); 4] = [
    (&[4, 5], &[4, 5]),
    (&[3, 1, 5], &[4, 5]),
    (&[6], &[]),
    (&[2, 3], &[3]),
];

#[test]
fn matches_unfused_on_random_inputs() {
    let mut checked = 0;
    for d in all_devices() {
        let mut rng = Rng(0x5eed);
        for (name, f, u) in cases2() {
            for &da in &DTYPES {
                for &db in &[da, DType::Float32, DType::Int64] {
                    for (sa, sb) in SHAPES {
                        let a = random(&mut rng, da, sa, d);
                        let b = random(&mut rng, db, sb, d);
                        let case = format!("{name} [{da} {sa:?}, {db} {sb:?}] on {d}");
                        let (fr, ur) = (f.call(args![&a, &b]), u(&[&a, &b]));
                        match (&fr, &ur) {
                            // float sums and products of the fused reduction: a tolerance
                            (Ok(x), Ok(y))
                                if (name.starts_with("sum(") || name.starts_with("prod("))
                                    && y.dtype().is_inexact() =>
                            {
                                let mag = if name.starts_with("sum(") {
                                    let m = cp::abs(&cp::multiply(&a, &b).unwrap()).unwrap();
                                    Some(
                                        m.astype(DType::Float64)
                                            .unwrap()
                                            .sum(Axes::All, false)
                                            .unwrap(),
                                    )
                                } else {
                                    None
                                };
                                agree_close(&case, x, y, 64, mag.as_ref(), y.dtype());
                            }
                            (Ok(x), Ok(y))
                                if name.starts_with("max(") && y.dtype().is_inexact() =>
                            {
                                agree_values(&case, x, y)
                            }
                            _ => agree(&case, fr, ur),
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1000);
}

#[test]
fn strided_and_reversed_views() {
    use cuprum_core as cp;
    for d in all_devices() {
        let mut rng = Rng(7);
        for &dt in &[
            DType::Float32,
            DType::Float64,
            DType::Int32,
            DType::Complex128,
        ] {
            let base = random(&mut rng, dt, &[9, 14], d);
            let a = base.slice(s![1..8;2, ..;-3]).unwrap(); // (4, 5), strided and reversed
            let b = random(&mut rng, dt, &[5, 4], d).transpose().unwrap(); // (4, 5), F order
            let f = fuse(|a: Var, b: Var| exp(a * 0.25) * b + a);
            let want = cp::add(
                &cp::multiply(&cp::exp(&cp::multiply(&a, 0.25).unwrap()).unwrap(), &b).unwrap(),
                &a,
            );
            agree(&format!("strided {dt} on {d}"), f.call(args![&a, &b]), want);
        }
    }
}

#[test]
fn large_contiguous_with_tail() {
    use cuprum_core as cp;
    for d in all_devices() {
        let mut rng = Rng(11);
        // several boxes on the CPU, a vector tail on CUDA (n % 4 != 0)
        let n = 3 * 6144 + 1001;
        let a = random(&mut rng, DType::Float32, &[n], d);
        let b = random(&mut rng, DType::Float32, &[n], d);
        let f = fuse(|a: Var, b: Var| exp(a) * b + a);
        let want = cp::add(&cp::multiply(&cp::exp(&a).unwrap(), &b).unwrap(), &a);
        agree(&format!("large on {d}"), f.call(args![&a, &b]), want);
        // a misaligned start: the vector path narrows
        let a1 = a.slice(s![1..]).unwrap();
        let b1 = b.slice(s![1..]).unwrap();
        let want = cp::add(&cp::multiply(&cp::exp(&a1).unwrap(), &b1).unwrap(), &a1);
        agree(&format!("misaligned on {d}"), f.call(args![&a1, &b1]), want);
        // a 3-d array cut into boxes along a middle axis
        let c = random(&mut rng, DType::Float64, &[3, 2000, 7], d);
        let g = fuse(|c: Var| c * c - 1.0);
        let want = cp::subtract(&cp::multiply(&c, &c).unwrap(), 1.0);
        agree(&format!("3-d boxes on {d}"), g.call(args![&c]), want);
    }
}

#[test]
fn stencil_into_a_strided_view() {
    use cuprum_core as cp;
    for d in all_devices() {
        let n = 66;
        let mut rng = Rng(3);
        let u = random(&mut rng, DType::Float32, &[n, n], d);
        let alpha = 0.1f64;
        let f = fuse(move |c: Var, up: Var, down: Var, right: Var, left: Var| {
            c + alpha * (up + down + right + left - 4.0 * c)
        });
        let sl = |r: std::ops::Range<isize>, c: std::ops::Range<isize>| {
            u.slice(s![r.start..r.end, c.start..c.end]).unwrap()
        };
        let m = n as isize;
        let (c, up, down, right, left) = (
            sl(1..m - 1, 1..m - 1),
            sl(2..m, 1..m - 1),
            sl(0..m - 2, 1..m - 1),
            sl(1..m - 1, 2..m),
            sl(1..m - 1, 0..m - 2),
        );
        // unfused
        let lap = cp::subtract(
            &cp::add(
                &cp::add(&cp::add(&up, &down).unwrap(), &right).unwrap(),
                &left,
            )
            .unwrap(),
            &cp::multiply(4.0, &c).unwrap(),
        )
        .unwrap();
        let want = cp::add(&c, &cp::multiply(alpha, &lap).unwrap()).unwrap();
        // into another buffer's interior (no alias: the kernel writes the view directly)
        let v = u.copy().unwrap();
        let inner = v.slice(s![1..m - 1, 1..m - 1]).unwrap();
        f.call_into(args![&c, &up, &down, &right, &left], &inner)
            .unwrap();
        agree(
            &format!("stencil into v on {d}"),
            Ok(inner.copy().unwrap()),
            Ok(want.clone()),
        );
        // the edges of v are untouched
        assert_eq!(
            v.slice(s![0, ..]).unwrap().to_bytes().unwrap(),
            u.slice(s![0, ..]).unwrap().to_bytes().unwrap()
        );
        // in place (u[1:-1, 1:-1] = ...): aliasing goes through a temporary, as in NumPy
        f.call_into(args![&c, &up, &down, &right, &left], &c)
            .unwrap();
        agree(
            &format!("stencil in place on {d}"),
            Ok(c.copy().unwrap()),
            Ok(want),
        );
    }
}

#[test]
fn weak_scalars_and_promotion() {
    for d in all_devices() {
        let i8a = Array::from_vec_on(vec![1i8, -2, 100], &[3], d).unwrap();
        // int8 + 1 stays int8 (weak scalar)
        let f = fuse(|x: Var| x + 1);
        assert_eq!(f.call(args![&i8a]).unwrap().dtype(), DType::Int8);
        // int8 + 1000 overflows, as unfused
        let g = fuse(|x: Var| x + 1000);
        let e = g.call(args![&i8a]).unwrap_err();
        assert!(
            matches!(
                cuprum_core::Error::from(e),
                cuprum_core::Error::Overflow { .. }
            ),
            "{d}"
        );
        // int8 < 1000 compares exactly (NumPy 2)
        let h = fuse(|x: Var| less(x, 1000));
        assert_eq!(
            h.call(args![&i8a]).unwrap().to_vec::<bool>().unwrap(),
            vec![true; 3]
        );
        // float32 * 2.5 stays float32; int8 * 2.5 is float64
        let m = fuse(|x: Var| x * 2.5);
        assert_eq!(m.call(args![&i8a]).unwrap().dtype(), DType::Float64);
        let f32a = Array::from_vec_on(vec![1.0f32], &[1], d).unwrap();
        assert_eq!(m.call(args![&f32a]).unwrap().dtype(), DType::Float32);
        // scalar arguments are weak, and take part in the signature
        let k = fuse(|x: Var, s: Var| x * s);
        let r = k.call(args![&f32a, 3.0]).unwrap();
        assert_eq!(r.dtype(), DType::Float32);
        assert_eq!(r.to_vec::<f32>().unwrap(), vec![3.0]);
        assert_eq!(
            k.call(args![&f32a, 4.0]).unwrap().to_vec::<f32>().unwrap(),
            vec![4.0]
        );
        // int64 vs uint64 comparisons are exact
        let s = Array::from_vec_on(vec![-1i64, 5, i64::MAX], &[3], d).unwrap();
        let u = Array::from_vec_on(vec![u64::MAX, 5, i64::MAX as u64 + 1], &[3], d).unwrap();
        let lt = fuse(|a: Var, b: Var| less(a, b));
        assert_eq!(
            lt.call(args![&s, &u]).unwrap().to_vec::<bool>().unwrap(),
            cuprum_core::less(&s, &u).unwrap().to_vec::<bool>().unwrap()
        );
        assert_eq!(
            lt.call(args![&s, &u]).unwrap().to_vec::<bool>().unwrap(),
            vec![true, false, true]
        );
        // a body returning a constant gives a 0-d array of the scalar's default dtype
        let c = fuse(|_x: Var| Var::from(2.0));
        let r = c.call(args![&f32a]).unwrap();
        assert_eq!((r.dtype(), r.shape().to_vec()), (DType::Float64, vec![]));
        // the slice form, any arity
        let sv = fuse(|v: &[Var]| v.iter().fold(Var::from(0), |acc, x| acc + x));
        let r = sv.call(args![&f32a, &f32a, &f32a]).unwrap();
        assert_eq!(r.to_vec::<f32>().unwrap(), vec![3.0]);
        let _ = Scalar::Int(0);
    }
}

#[test]
fn errors() {
    let d = Device::Cpu;
    let a = Array::from_vec_on(vec![1.0f64, 2.0], &[2], d).unwrap();
    let b = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], d).unwrap();
    let f = fuse(|x: Var, y: Var| x + y);
    // arity
    assert!(matches!(
        f.call(args![&a]),
        Err(KernelError::ArgCount { .. })
    ));
    // broadcasting names both shapes
    let e = f.call(args![&a, &b]).unwrap_err().to_string();
    assert!(e.contains("[2]") && e.contains("[3]"), "{e}");
    // a bitwise op on floats is core's dtype error
    let g = fuse(|x: Var| x & 1);
    assert!(matches!(
        cuprum_core::Error::from(g.call(args![&a]).unwrap_err()),
        cuprum_core::Error::DType { .. }
    ));
    // an operation after the reduction
    let h = fuse(|x: Var| sum(x, Axes::All, false) + 1.0);
    assert!(matches!(
        h.call(args![&a]),
        Err(KernelError::InvalidSpec { .. })
    ));
    // integer ** negative scalar
    let p = fuse(|x: Var| power(x, -1));
    let ia = Array::from_vec_on(vec![2i64], &[1], d).unwrap();
    assert!(p.call(args![&ia]).is_err());
    // out: same_kind and broadcast checks
    let out_i = Array::from_vec_on(vec![0i64; 2], &[2], d).unwrap();
    assert!(f.call_into(args![&a, &a], &out_i).is_err());
    let out_small = Array::from_vec_on(vec![0.0f64; 1], &[1], d).unwrap();
    assert!(f.call_into(args![&a, &a], &out_small).is_err());
    // a Var smuggled out of its body and used in another
    let stash = std::sync::Arc::new(std::sync::Mutex::new(None::<Var>));
    let st = stash.clone();
    let s1 = fuse(move |x: Var| {
        *st.lock().unwrap() = Some(x);
        x * 2.0
    });
    s1.call(args![&a]).unwrap();
    let st2 = stash.clone();
    let s2 = fuse(move |y: Var| y + st2.lock().unwrap().unwrap());
    assert!(matches!(
        s2.call(args![&a]),
        Err(KernelError::InvalidSpec { .. })
    ));
}

#[test]
fn into_wider_dtype_and_broadcast_out() {
    for d in all_devices() {
        let a = Array::from_vec_on(vec![1.0f32, 2.0, 3.0], &[3], d).unwrap();
        let f = fuse(|x: Var| x * 2.0);
        // float32 result into float64: same_kind cast through a temporary
        let out = Array::from_vec_on(vec![0.0f64; 3], &[3], d).unwrap();
        f.call_into(args![&a], &out).unwrap();
        assert_eq!(out.to_vec::<f64>().unwrap(), vec![2.0, 4.0, 6.0]);
        // a (3,) result broadcast into a (2, 3) out
        let out2 = Array::from_vec_on(vec![0.0f32; 6], &[2, 3], d).unwrap();
        f.call_into(args![&a], &out2).unwrap();
        assert_eq!(
            out2.to_vec::<f32>().unwrap(),
            vec![2.0, 4.0, 6.0, 2.0, 4.0, 6.0]
        );
        // a reduction into out
        let g = fuse(|x: Var| sum(x, Axes::All, false));
        let o = Array::from_vec_on(vec![0.0f32], (), d).unwrap();
        g.call_into(args![&a], &o).unwrap();
        assert_eq!(o.to_vec::<f32>().unwrap(), vec![6.0]);
        let _: &[Arg<'_>] = args![&a];
    }
}

#[test]
fn cuda_sources() {
    // the generated CUDA C (no GPU needed): vector loads, real float add/multiply as the
    // round-to-nearest intrinsics (never contracted into an FMA across nodes), the strided
    // geometry, constants passed by value
    let a = Array::from_vec_on(vec![1.0f32; 4], &[4], Device::Cpu).unwrap();
    let f = fuse(|a: Var, b: Var| exp(a) * b + a);
    let c = f.cuda_source(args![&a, &a], 4, None).unwrap();
    assert!(
        c.contains("CuprumFuseVec<float, 4> a0 = *reinterpret_cast"),
        "{c}"
    );
    assert!(c.contains("float v3 = __fmul_rn(v2, v1);"), "{c}");
    assert!(c.contains("asm(\"\" : \"+f\"(v3));"), "{c}");
    assert!(c.contains("float v4 = __fadd_rn(v3, v0);"), "{c}");
    let s = f.cuda_source(args![&a, &a], 1, Some(2)).unwrap();
    assert!(
        s.contains("struct CuprumFuseGeom { unsigned int shape[2]; int st[3][2]; };"),
        "{s}"
    );
    let g = fuse(|x: Var| 2.0 * x + 1);
    let c = g.cuda_source(args![&a], 4, None).unwrap();
    assert!(
        c.contains("const float c1, const float c2, const long long n"),
        "{c}"
    );
    assert!(c.contains("__fmul_rn(c1, v0)"), "{c}");
}

/// The values of `a` as complex128 (NaN compares equal to NaN below).
fn values(a: &Array) -> Vec<Complex64> {
    a.astype(DType::Complex128)
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap()
}

fn eps(d: DType) -> f64 {
    match d {
        DType::Float16 => 9.77e-4,
        DType::Float32 | DType::Complex64 => 1.19e-7,
        DType::Float64 | DType::Complex128 => 2.22e-16,
        _ => 0.0,
    }
}

/// Asserts that a fused reduction agrees with the unfused one: same dtype and shape, integers
/// and max/min exactly (NaN where NaN), float sums and products within
/// `4 * n * eps * scale + 2 * eps(result) * |unfused|` (`n` the reduced length, `scale` the
/// matching reduction of |map| from `mag`, the unfused sum of |values| or 1 + |unfused| for
/// products).
fn agree_close(case: &str, f: &Array, u: &Array, n: usize, mag: Option<&Array>, acc: DType) {
    assert_eq!(f.dtype(), u.dtype(), "{case}: dtype");
    assert_eq!(f.shape(), u.shape(), "{case}: shape");
    let (fv, uv) = (values(f), values(u));
    let mv = mag.map(values);
    for (k, (a, b)) in fv.iter().zip(&uv).enumerate() {
        let nan_a = a.re.is_nan() || a.im.is_nan();
        let nan_b = b.re.is_nan() || b.im.is_nan();
        if nan_a || nan_b {
            assert!(
                nan_a && nan_b,
                "{case}: element {k}: fused {a:?}, unfused {b:?}"
            );
            continue;
        }
        let scale = mv.as_ref().map_or(1.0 + b.norm(), |m| m[k].re);
        let tol = 4.0 * n as f64 * eps(acc) * scale + 2.0 * eps(u.dtype()) * b.norm();
        let same_inf = a == b;
        assert!(
            same_inf || (a - b).norm() <= tol,
            "{case}: element {k}: fused {a:?}, unfused {b:?} (tolerance {tol:e})"
        );
    }
}

/// Asserts equal dtype, shape and values (NaN equals NaN, 0.0 equals -0.0: which zero a max or
/// min keeps depends on the order of combination, and the fused order is not core's).
fn agree_values(case: &str, f: &Array, u: &Array) {
    assert_eq!(f.dtype(), u.dtype(), "{case}: dtype");
    assert_eq!(f.shape(), u.shape(), "{case}: shape");
    for (k, (a, b)) in values(f).iter().zip(&values(u)).enumerate() {
        let nan_a = a.re.is_nan() || a.im.is_nan();
        let nan_b = b.re.is_nan() || b.im.is_nan();
        assert!(
            (nan_a && nan_b) || a == b,
            "{case}: element {k}: fused {a:?}, unfused {b:?}"
        );
    }
}

type Body3 = fn(Var, Var) -> Var;

/// A fused reduction of `map` over `axes` against the unfused map and reduction.
#[allow(clippy::too_many_arguments)]
fn check_reduction(
    case: &str,
    kind: &str,
    a: &Array,
    b: &Array,
    map: Body3,
    unfused_map: Unfused,
    axes: Axes,
    keepdims: bool,
) -> bool {
    let ax = axes.clone();
    let f = match kind {
        "sum" => fuse(move |x: Var, y: Var| sum(map(x, y), ax.clone(), keepdims)),
        "prod" => fuse(move |x: Var, y: Var| prod(map(x, y), ax.clone(), keepdims)),
        "max" => fuse(move |x: Var, y: Var| max(map(x, y), ax.clone(), keepdims)),
        _ => fuse(move |x: Var, y: Var| min(map(x, y), ax.clone(), keepdims)),
    };
    let m = unfused_map(&[a, b]).unwrap();
    let u = match kind {
        "sum" => m.sum(axes.clone(), keepdims),
        "prod" => m.prod(axes.clone(), keepdims),
        "max" => m.max(axes.clone(), keepdims),
        _ => m.min(axes.clone(), keepdims),
    };
    let fr = f.call(args![a, b]);
    let (fr, u) = match (fr, u) {
        (Err(_), Err(_)) => return false,
        (Ok(f), Ok(u)) => (f, u),
        (Ok(_), Err(e)) => panic!("{case}: unfused fails ({e}), fused does not"),
        (Err(e), Ok(_)) => panic!("{case}: fused fails ({e}), unfused does not"),
    };
    let n = m.size() / u.size().max(1);
    let acc = match m.dtype() {
        DType::Float16 => DType::Float32,
        d => d,
    };
    let mag = if kind == "sum" && m.dtype().is_inexact() {
        Some(
            cuprum_core::abs(&m)
                .unwrap()
                .astype(DType::Float64)
                .unwrap()
                .sum(axes, keepdims)
                .unwrap(),
        )
    } else {
        None
    };
    if !m.dtype().is_inexact() {
        // integers wrap identically
        agree(case, Ok(fr), Ok(u));
    } else if kind == "max" || kind == "min" {
        // an element of the map
        agree_values(case, &fr, &u);
    } else {
        agree_close(case, &fr, &u, n, mag.as_ref(), acc);
    }
    true
}

const RED_DTYPES: [DType; 7] = [
    DType::Bool,
    DType::Int32,
    DType::Int64,
    DType::Float16,
    DType::Float32,
    DType::Float64,
    DType::Complex64,
];

fn red_axes(nd: usize) -> Vec<Axes> {
    let mut v = vec![Axes::All, Axes::One(0), Axes::One(-1)];
    if nd >= 3 {
        v.push(Axes::One(1));
        v.push(Axes::Many(vec![0, 2]));
        v.push(Axes::Many(vec![1, 2]));
    }
    if nd == 2 {
        v.push(Axes::Many(vec![1, 0]));
    }
    v
}

#[test]
fn fused_reductions_match_unfused() {
    let mut checked = 0;
    for d in all_devices() {
        let mut rng = Rng(0xfeed);
        let shapes: [(&[usize], &[usize]); 3] = [
            (&[3, 1, 5], &[4, 5]),
            (&[2, 3, 4], &[2, 3, 4]),
            (&[6, 1], &[7]),
        ];
        for &dt in &RED_DTYPES {
            for (sa, sb) in shapes {
                let a = random(&mut rng, dt, sa, d);
                let b = random(&mut rng, dt, sb, d);
                let nd = sa.len().max(sb.len());
                for kind in ["sum", "prod", "max", "min"] {
                    let (map, umap): (Body3, Unfused) = if kind == "prod" && dt.is_inexact() {
                        // values near 1, so that products neither overflow nor vanish
                        (
                            |x, y| 1.0 + 0.05 * (x * y),
                            |x| cp::add(1.0, &cp::multiply(0.05, &cp::multiply(x[0], x[1])?)?),
                        )
                    } else {
                        (
                            |x, y| x * y + x,
                            |x| cp::add(&cp::multiply(x[0], x[1])?, x[0]),
                        )
                    };
                    for axes in red_axes(nd) {
                        for keepdims in [false, true] {
                            let case = format!(
                                "{kind}(a*b+a, {axes:?}, {keepdims}) [{dt} {sa:?} {sb:?}] on {d}"
                            );
                            if check_reduction(
                                &case,
                                kind,
                                &a,
                                &b,
                                map,
                                umap,
                                axes.clone(),
                                keepdims,
                            ) {
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 500);
}

#[test]
fn fused_reductions_of_larger_arrays() {
    // several boxes on the CPU (rows cut by box boundaries), the block, vector and split
    // kernels on CUDA; strided and reversed inputs
    for d in all_devices() {
        let mut rng = Rng(0xb16);
        for &dt in &[DType::Float32, DType::Int32, DType::Float64, DType::Float16] {
            for (sa, sb) in [
                (&[3usize, 20000][..], &[20000usize][..]),
                (&[300, 70][..], &[300, 1][..]),
                (&[40000][..], &[1][..]),
            ] {
                let a = random(&mut rng, dt, sa, d);
                let b = random(&mut rng, dt, sb, d);
                for kind in ["sum", "max", "min"] {
                    for axes in [Axes::All, Axes::One(0), Axes::One(-1)] {
                        let case =
                            format!("{kind}(exp(a)*b+a, {axes:?}) [{dt} {sa:?} {sb:?}] on {d}");
                        let (map, umap): (Body3, Unfused) = if dt.is_inexact() {
                            (
                                |x, y| exp(x) * y + x,
                                |x| cp::add(&cp::multiply(&cp::exp(x[0])?, x[1])?, x[0]),
                            )
                        } else {
                            (
                                |x, y| x * y + x,
                                |x| cp::add(&cp::multiply(x[0], x[1])?, x[0]),
                            )
                        };
                        assert!(check_reduction(&case, kind, &a, &b, map, umap, axes, false));
                    }
                }
            }
            // a transposed and a reversed view
            let a = random(&mut rng, dt, &[70, 300], d);
            let at = a.transpose().unwrap();
            let b = random(&mut rng, dt, &[70], d);
            let br = b.slice(s![..;-1]).unwrap();
            for axes in [Axes::All, Axes::One(0), Axes::One(1)] {
                let case = format!("sum(a.T*b[::-1]+a.T, {axes:?}) [{dt}] on {d}");
                assert!(check_reduction(
                    &case,
                    "sum",
                    &at,
                    &br,
                    |x, y| x * y + x,
                    |x| cp::add(&cp::multiply(x[0], x[1])?, x[0]),
                    axes,
                    true,
                ));
            }
        }
    }
}

#[test]
fn fused_reductions_empty_and_nan() {
    for d in all_devices() {
        let e = Array::from_vec_on(Vec::<f32>::new(), &[0, 3], d).unwrap();
        let s = fuse(|x: Var| sum(x * 2.0, 0, false))
            .call(args![&e])
            .unwrap();
        assert_eq!(s.to_vec::<f32>().unwrap(), vec![0.0; 3]);
        let p = fuse(|x: Var| prod(x + 1.0, Axes::All, false))
            .call(args![&e])
            .unwrap();
        assert_eq!(p.to_vec::<f32>().unwrap(), vec![1.0]);
        let ei = Array::from_vec_on(Vec::<i32>::new(), &[0], d).unwrap();
        let si = fuse(|x: Var| sum(x, Axes::All, false))
            .call(args![&ei])
            .unwrap();
        assert_eq!(si.dtype(), DType::Int64);
        assert_eq!(si.to_vec::<i64>().unwrap(), vec![0]);
        // max of an empty axis: the unfused error
        let fm = fuse(|x: Var| max(x, 0, false)).call(args![&e]);
        let um = e.max(0, false);
        assert!(fm.is_err() && um.is_err());
        assert_eq!(
            fm.unwrap_err().to_string(),
            KernelError::from(um.unwrap_err()).to_string()
        );
        // over the other axis: an empty result
        let fm1 = fuse(|x: Var| max(x, 1, false)).call(args![&e]).unwrap();
        assert_eq!(fm1.shape(), &[0]);
        // NaN propagates through max and min (first, middle, last position)
        for pos in [0usize, 2500, 9999] {
            let mut v: Vec<f64> = (0..10000).map(|i| ((i * 37) % 101) as f64).collect();
            v[pos] = f64::NAN;
            let a = Array::from_vec_on(v, &[10000], d).unwrap();
            for dt in [
                DType::Float16,
                DType::Float32,
                DType::Float64,
                DType::Complex64,
            ] {
                let x = a.astype(dt).unwrap();
                let mx = fuse(|x: Var| max(x + 1.0, Axes::All, false))
                    .call(args![&x])
                    .unwrap();
                let mn = fuse(|x: Var| min(x * 2.0, 0, true))
                    .call(args![&x])
                    .unwrap();
                assert!(values(&mx)[0].re.is_nan(), "max {dt} NaN at {pos} on {d}");
                assert!(values(&mn)[0].re.is_nan(), "min {dt} NaN at {pos} on {d}");
                assert_eq!(mn.shape(), &[1]);
                assert_eq!(mx.dtype(), dt);
            }
            // rows without a NaN keep their maximum
            let x = a.reshape(&[100, 100]).unwrap();
            let f = fuse(|x: Var| max(x, 1, false)).call(args![&x]).unwrap();
            agree_values(
                &format!("max rows NaN at {pos} on {d}"),
                &f,
                &x.max(1, false).unwrap(),
            );
        }
        // float16 sums accumulate in float32: 4096 ones + 1 is 4097 rounded once (4096 in f16),
        // not 2048 (where a float16 accumulator stops growing)
        let h = Array::from_vec_on(vec![1.0f32; 4097], &[4097], d)
            .unwrap()
            .astype(DType::Float16)
            .unwrap();
        let hs = fuse(|x: Var| sum(x * 1.0, Axes::All, false))
            .call(args![&h])
            .unwrap();
        assert_eq!(hs.dtype(), DType::Float16);
        assert_eq!(values(&hs)[0].re, 4096.0);
        // out= with keepdims and a wider dtype
        let x = Array::from_vec_on(vec![1i32, 2, 3, 4, 5, 6], &[2, 3], d).unwrap();
        let out = Array::from_vec_on(vec![0.0f64; 2], &[2, 1], d).unwrap();
        fuse(|x: Var| sum(x * x, 1, true))
            .call_into(args![&x], &out)
            .unwrap();
        assert_eq!(out.to_vec::<f64>().unwrap(), vec![14.0, 77.0]);
    }
}

#[test]
fn fused_reduction_cuda_source() {
    // the generated CUDA C of a fused reduction (no GPU needed): core's strided reduction
    // kernels with the fused element function as the map
    let a = Array::from_vec_on(vec![1.0f32; 4], &[4], Device::Cpu).unwrap();
    let f = fuse(|a: Var, b: Var| sum(exp(a) * b + a, Axes::All, false));
    let src = f.cuda_reduction_source(args![&a, &a], 1, 1, false).unwrap();
    for needle in [
        "__device__ __forceinline__ float cuprum_fuse_eval(const float x0, const float x1)",
        "cuprum_fused_red_block(const float* _p_x0, const float* _p_x1, float* _p_y",
        "cuprum_fused_red_blockv(",
        "cuprum_fused_red_finish(",
        "cuprum_fused_red_thread(",
        "cast<float>(ld(cuprum_fuse_eval(x0, x1)))",
        "return a + b;",
    ] {
        assert!(src.contains(needle), "{needle} not in\n{src}");
    }
    let i = Array::from_vec_on(vec![1i32; 4], &[4], Device::Cpu).unwrap();
    let g = fuse(|a: Var| sum(a * 3, 0, false));
    let src = g.cuda_reduction_source(args![&i], 1, 1, true).unwrap();
    assert!(src.contains("return (i64)((u64)a + (u64)b);"), "{src}");
    assert!(src.contains("const i32 c1"), "{src}");
    assert!(src.contains("y = cast<i64>(a)"), "{src}");
    let h = fuse(|a: Var| max(a, Axes::All, false));
    let src = h
        .cuda_reduction_source(args![&a.astype(DType::Float16).unwrap()], 1, 1, false)
        .unwrap();
    assert!(src.contains("-CUPRUM_INF_F"), "{src}");
    assert!(src.contains("y = cast<f16>(a)"), "{src}");
    // a body without a reduction has no reduction source
    assert!(
        fuse(|a: Var| a + 1.0)
            .cuda_reduction_source(args![&a], 1, 1, false)
            .is_err()
    );
}
