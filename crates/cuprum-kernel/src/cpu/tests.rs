//! Unit tests of the CPU engine, on real values (C semantics computed by hand or by Rust's
//! operations with the same rules).

use super::*;
use cuprum_core::{Array, Complex32, Complex64, DType, Device, Element, Scalar, ext, f16};

fn arr<T: Element>(v: Vec<T>, shape: &[usize]) -> Array {
    Array::from_vec_on(v, shape, Device::Cpu).unwrap()
}
fn zeros(shape: &[usize], d: DType) -> Array {
    cuprum_core::zeros_on(shape, d, Device::Cpu).unwrap()
}
fn ein(n: &str, d: DType) -> VarSpec {
    VarSpec {
        name: n.into(),
        dtype: d,
        kind: VarKind::Elem { output: false },
    }
}
fn eout(n: &str, d: DType) -> VarSpec {
    VarSpec {
        name: n.into(),
        dtype: d,
        kind: VarKind::Elem { output: true },
    }
}
fn raw(n: &str, d: DType, output: bool) -> VarSpec {
    VarSpec {
        name: n.into(),
        dtype: d,
        kind: VarKind::Raw { output },
    }
}
fn sc(n: &str, d: DType) -> VarSpec {
    VarSpec {
        name: n.into(),
        dtype: d,
        kind: VarKind::Scalar,
    }
}

enum A<'a> {
    R(&'a Array),
    S(Scalar),
}

fn run_ew(
    vars: &[VarSpec],
    types: &[(&str, DType)],
    pre: &str,
    op: &str,
    args: &[A<'_>],
    shape: &[usize],
) -> cuprum_core::Result<()> {
    let td: Vec<(String, DType)> = types.iter().map(|(n, d)| (n.to_string(), *d)).collect();
    let p = ElementwiseProgram::compile_with_types(vars, &td, pre, "", op, "")
        .unwrap_or_else(|d| panic!("compile failed:\n{d}"));
    let held: Vec<Option<Array>> = vars
        .iter()
        .zip(args)
        .map(|(v, a)| match (a, &v.kind) {
            (A::R(x), VarKind::Elem { .. }) => Some(x.broadcast_to(shape).unwrap()),
            (A::R(x), _) => Some((*x).clone()),
            _ => None,
        })
        .collect();
    let cargs: Vec<CpuArg<'_>> = args
        .iter()
        .zip(&held)
        .map(|(a, h)| match (a, h) {
            (A::S(s), _) => CpuArg::Scalar(*s),
            (_, Some(x)) => CpuArg::Array(ext::view(x)),
            _ => unreachable!(),
        })
        .collect();
    p.run(&cargs, shape)
}

/// One int32 input `x`, one output `y` of `out`.
fn unary_i32(op: &str, xs: Vec<i32>, out: DType) -> Array {
    let n = xs.len();
    let x = arr(xs, &[n]);
    let y = zeros(&[n], out);
    run_ew(
        &[ein("x", DType::Int32), eout("y", out)],
        &[],
        "",
        op,
        &[A::R(&x), A::R(&y)],
        &[n],
    )
    .unwrap();
    y
}

fn compile_err(vars: &[VarSpec], pre: &str, op: &str) -> Diagnostic {
    match ElementwiseProgram::compile_with_types(
        vars,
        &[("T".into(), DType::Float32)],
        pre,
        "",
        op,
        "",
    ) {
        Ok(_) => panic!("expected a compile error for {op:?}"),
        Err(d) => d,
    }
}

#[test]
fn tutorial_kernel_f32() {
    let n = 10_000;
    let xs: Vec<f32> = (0..n).map(|i| i as f32 * 0.37 - 100.0).collect();
    let ys: Vec<f32> = (0..n).map(|i| (i as f32).sin()).collect();
    let x = arr(xs.clone(), &[n]);
    let y = arr(ys.clone(), &[n]);
    let z = zeros(&[n], DType::Float32);
    run_ew(
        &[
            ein("x", DType::Float32),
            ein("y", DType::Float32),
            eout("z", DType::Float32),
        ],
        &[],
        "",
        "z = x + y * 2;",
        &[A::R(&x), A::R(&y), A::R(&z)],
        &[n],
    )
    .unwrap();
    let got = z.to_vec::<f32>().unwrap();
    for i in 0..n {
        // `y * 2`: int 2 converts to float; float arithmetic, no contraction
        assert_eq!(
            got[i].to_bits(),
            (xs[i] + ys[i] * 2.0f32).to_bits(),
            "i = {i}"
        );
    }
}

#[test]
fn precedence_table() {
    // every line checks one precedence/associativity rule against the parenthesized form
    type Case = (&'static str, fn(i32) -> i32);
    let cases: &[Case] = &[
        ("y = x + 3 * 4;", |x| x + 12),
        ("y = x - 3 - 4;", |x| (x - 3) - 4),
        ("y = 100 / x / 2;", |x| (100 / x) / 2),
        ("y = x + 10 % 4 * 3;", |x| x + ((10 % 4) * 3)),
        ("y = 1 << x + 1;", |x| 1 << (x + 1)),
        ("y = x & 6 | 1 ^ 3;", |x| (x & 6) | (1 ^ 3)),
        ("y = x ^ 5 & 3;", |x| x ^ (5 & 3)),
        ("y = x < 3 == 1;", |x| ((x < 3) as i32 == 1) as i32),
        ("y = x > 2 && x < 5 || x == 7;", |x| {
            ((x > 2 && x < 5) || x == 7) as i32
        }),
        ("y = x > 3 ? x > 5 ? 2 : 1 : 0;", |x| {
            if x > 3 { if x > 5 { 2 } else { 1 } } else { 0 }
        }),
        ("int a = 1, b = 2; a = b = x; y = a + b;", |x| 2 * x),
        ("y = -x * -2;", |x| (-x) * (-2)),
        ("y = !x + ~x;", |x| ((x == 0) as i32) + !x),
        ("y = (x, 5) + 1;", |_| 6),
        ("y = x >> 1 << 2;", |x| (x >> 1) << 2),
        (
            "int t = x; t += 2 * 3; t -= 1; t *= 2; t /= 3; t %= 5; t <<= 2; t >>= 1; t |= 1; t &= 7; t ^= 2; y = t;",
            |x| {
                let mut t = x;
                t += 6;
                t -= 1;
                t *= 2;
                t /= 3;
                t %= 5;
                t <<= 2;
                t >>= 1;
                t |= 1;
                t &= 7;
                t ^= 2;
                t
            },
        ),
        (
            "int k = x; int a = k++; int b = ++k; int c = k--; int d = --k; y = a * 1000 + b * 100 + c * 10 + d;",
            |x| x * 1000 + (x + 2) * 100 + (x + 2) * 10 + x,
        ),
    ];
    let xs: Vec<i32> = (1..9).collect();
    for (op, f) in cases {
        let y = unary_i32(op, xs.clone(), DType::Int32);
        let want: Vec<i32> = xs.iter().map(|&x| f(x)).collect();
        assert_eq!(y.to_vec::<i32>().unwrap(), want, "{op}");
    }
}

#[test]
fn c_division_and_modulo_on_negatives() {
    let a = arr(vec![-7i32, 7, -7, 7, -1, i32::MIN], &[6]);
    let b = arr(vec![2i32, -2, -2, 2, 3, -1], &[6]);
    let q = zeros(&[6], DType::Int32);
    let r = zeros(&[6], DType::Int32);
    run_ew(
        &[
            ein("a", DType::Int32),
            ein("b", DType::Int32),
            eout("q", DType::Int32),
            eout("r", DType::Int32),
        ],
        &[],
        "",
        "q = a / b; r = a % b;",
        &[A::R(&a), A::R(&b), A::R(&q), A::R(&r)],
        &[6],
    )
    .unwrap();
    assert_eq!(q.to_vec::<i32>().unwrap(), vec![-3, -3, 3, 3, 0, i32::MIN]);
    assert_eq!(r.to_vec::<i32>().unwrap(), vec![-1, 1, -1, 1, -1, 0]);
    // float / int divides in float; int / int truncates
    let y = unary_i32("y = x / 2 + x / 2.0f;", vec![-7, 7], DType::Float32);
    assert_eq!(y.to_vec::<f32>().unwrap(), vec![-3.0 + -3.5, 3.0 + 3.5]);
}

#[test]
fn unsigned_wrap_and_promotion() {
    // uint8 + int → int, wraps when stored to uint8
    let x = arr(vec![56u8, 0, 255, 250], &[4]);
    let y = zeros(&[4], DType::UInt8);
    run_ew(
        &[ein("x", DType::UInt8), eout("y", DType::UInt8)],
        &[],
        "",
        "y = x + 200",
        &[A::R(&x), A::R(&y)],
        &[4],
    )
    .unwrap();
    assert_eq!(y.to_vec::<u8>().unwrap(), vec![0, 200, 199, 194]);
    // uint8 (x + y) / 2 computes in int: 250, 200 → 225
    let a = arr(vec![250u8], &[1]);
    let b = arr(vec![200u8], &[1]);
    let c = zeros(&[1], DType::UInt8);
    run_ew(
        &[
            ein("a", DType::UInt8),
            ein("b", DType::UInt8),
            eout("c", DType::UInt8),
        ],
        &[],
        "",
        "c = (a + b) / 2;",
        &[A::R(&a), A::R(&b), A::R(&c)],
        &[1],
    )
    .unwrap();
    assert_eq!(c.to_vec::<u8>().unwrap(), vec![225]);
    // unsigned int arithmetic wraps; int vs unsigned compares as unsigned
    let y = unary_i32(
        "unsigned int u = 0; u--; unsigned int w = u * 3u; y = (w == 4294967293u) + (x < 0u) * 10 + (-1 < 0) * 100;",
        vec![1],
        DType::Int32,
    );
    // (x < 0u): 1 < 0u false; (-1 < 0) is int comparison: true
    assert_eq!(y.to_vec::<i32>().unwrap(), vec![1 + 100]);
    // int32 -1 stored to uint8 is 255; signed overflow wraps
    let y = unary_i32("y = x;", vec![-1, 256, 257], DType::UInt8);
    assert_eq!(y.to_vec::<u8>().unwrap(), vec![255, 0, 1]);
    let y = unary_i32("y = x + 1;", vec![i32::MAX], DType::Int32);
    assert_eq!(y.to_vec::<i32>().unwrap(), vec![i32::MIN]);
    // long long literal and unsigned long long
    let y = unary_i32(
        "long long a = 3000000000; unsigned long long b = 0ull - 1; y = (a > 0) + (b == 18446744073709551615ull);",
        vec![0],
        DType::Int32,
    );
    assert_eq!(y.to_vec::<i32>().unwrap(), vec![2]);
}

#[test]
fn casts_on_store_match_common_cuh() {
    let xs = vec![f64::NAN, 1e10, -1e10, -2.7, 2.7, -0.5, 255.9, 300.0, -5.0];
    let n = xs.len();
    let x = arr(xs.clone(), &[n]);
    let yi = zeros(&[n], DType::Int32);
    let yu = zeros(&[n], DType::UInt8);
    let yl = zeros(&[n], DType::Int64);
    let yb = zeros(&[n], DType::Bool);
    run_ew(
        &[
            ein("x", DType::Float64),
            eout("yi", DType::Int32),
            eout("yu", DType::UInt8),
            eout("yl", DType::Int64),
            eout("yb", DType::Bool),
        ],
        &[],
        "",
        "yi = x; yu = x; yl = (long long)x; yb = x;",
        &[A::R(&x), A::R(&yi), A::R(&yu), A::R(&yl), A::R(&yb)],
        &[n],
    )
    .unwrap();
    // sat_int: NaN → 0, saturating, truncation toward zero
    assert_eq!(
        yi.to_vec::<i32>().unwrap(),
        vec![0, i32::MAX, i32::MIN, -2, 2, 0, 255, 300, -5]
    );
    assert_eq!(
        yu.to_vec::<u8>().unwrap(),
        vec![0, 255, 0, 0, 2, 0, 255, 255, 0]
    );
    assert_eq!(
        yl.to_vec::<i64>().unwrap(),
        vec![0, 10_000_000_000, -10_000_000_000, -2, 2, 0, 255, 300, -5]
    );
    assert_eq!(
        yb.to_vec::<bool>().unwrap(),
        vec![true, true, true, true, true, true, true, true, true]
    );
    // int64 → float rounds to nearest; then float / int in float
    let x = arr(vec![16777217i64, 7], &[2]);
    let y = zeros(&[2], DType::Float32);
    run_ew(
        &[ein("n", DType::Int64), eout("y", DType::Float32)],
        &[],
        "",
        "y = (float)n / 3",
        &[A::R(&x), A::R(&y)],
        &[2],
    )
    .unwrap();
    assert_eq!(
        y.to_vec::<f32>().unwrap(),
        vec![16777216.0f32 / 3.0, 7.0f32 / 3.0]
    );
    // functional and static_cast forms; float16 output rounds to nearest even
    let x = arr(
        vec![1.0f64 + 1.0 / 2048.0, 1.0 + 3.0 / 2048.0, 65520.0],
        &[3],
    );
    let y = zeros(&[3], DType::Float16);
    let z = zeros(&[3], DType::Int32);
    run_ew(
        &[
            ein("x", DType::Float64),
            eout("y", DType::Float16),
            eout("z", DType::Int32),
        ],
        &[],
        "",
        "y = x; z = static_cast<int>(float(x) * 2) + int(x);",
        &[A::R(&x), A::R(&y), A::R(&z)],
        &[3],
    )
    .unwrap();
    let h = y.to_vec::<f16>().unwrap();
    assert_eq!(h[0], f16::from_f32(1.0));
    assert_eq!(h[1], f16::from_f32(1.0 + 2.0 / 1024.0));
    assert!(h[2].is_infinite());
    assert_eq!(
        z.to_vec::<i32>().unwrap(),
        vec![2 + 1, 2 + 1, 131040 + 65520]
    );
}

#[test]
fn float_arithmetic_is_single_precision_without_contraction() {
    let xs: Vec<f32> = (0..1000).map(|i| 1.0 + i as f32 * 1e-3).collect();
    let n = xs.len();
    let x = arr(xs.clone(), &[n]);
    let y = zeros(&[n], DType::Float32);
    let w = zeros(&[n], DType::Float32);
    run_ew(
        &[
            ein("x", DType::Float32),
            eout("y", DType::Float32),
            eout("w", DType::Float32),
        ],
        &[],
        "",
        "y = x * x - 1.0f + x / 3.0f; w = fma(x, x, -1.0f);",
        &[A::R(&x), A::R(&y), A::R(&w)],
        &[n],
    )
    .unwrap();
    let gy = y.to_vec::<f32>().unwrap();
    let gw = w.to_vec::<f32>().unwrap();
    for i in 0..n {
        let v = xs[i];
        assert_eq!(gy[i].to_bits(), (v * v - 1.0 + v / 3.0).to_bits());
        assert_eq!(gw[i].to_bits(), v.mul_add(v, -1.0).to_bits());
    }
    // a double literal promotes the expression to double, rounded once on the store
    let x = arr(vec![0.1f32, 3.0], &[2]);
    let y = zeros(&[2], DType::Float32);
    run_ew(
        &[ein("x", DType::Float32), eout("y", DType::Float32)],
        &[],
        "",
        "y = x * 0.1;",
        &[A::R(&x), A::R(&y)],
        &[2],
    )
    .unwrap();
    assert_eq!(
        y.to_vec::<f32>().unwrap(),
        vec![(0.1f32 as f64 * 0.1) as f32, (3.0f64 * 0.1) as f32]
    );
}

#[test]
fn comparisons_and_nan_give_bool() {
    let x = arr(vec![1.0f64, f64::NAN, 2.0, 3.0], &[4]);
    let y = arr(vec![1.0f64, 1.0, f64::NAN, 4.0], &[4]);
    let z = zeros(&[4], DType::Bool);
    run_ew(
        &[
            ein("x", DType::Float64),
            ein("y", DType::Float64),
            eout("z", DType::Bool),
        ],
        &[],
        "",
        "z = x >= y",
        &[A::R(&x), A::R(&y), A::R(&z)],
        &[4],
    )
    .unwrap();
    assert_eq!(z.to_vec::<bool>().unwrap(), vec![true, false, false, false]);
}

#[test]
fn loops_break_continue_divergent() {
    // for with continue/break, while, do-while; trip counts differ per lane
    let op = "int s = 0;\n\
              for (int k = 0; k < 100; ++k) { if (k % 2 == 1) continue; if (k > x) break; s += k; }\n\
              int w = 0; int m = x; while (m > 0) { m /= 2; w++; }\n\
              int d = 0; do { d += 1; } while (d < x);\n\
              y = s * 10000 + w * 100 + d;";
    let xs: Vec<i32> = (0..20).collect();
    let y = unary_i32(op, xs.clone(), DType::Int32);
    let want: Vec<i32> = xs
        .iter()
        .map(|&x| {
            let mut s = 0;
            for k in 0..100 {
                if k % 2 == 1 {
                    continue;
                }
                if k > x {
                    break;
                }
                s += k;
            }
            let (mut w, mut m) = (0, x);
            while m > 0 {
                m /= 2;
                w += 1;
            }
            let d = x.max(1);
            s * 10000 + w * 100 + d
        })
        .collect();
    assert_eq!(y.to_vec::<i32>().unwrap(), want);
}

#[test]
fn helper_functions_with_loops_returns_and_references() {
    let pre = "__device__ int collatz_steps(long long n) {\n\
                   int s = 0;\n\
                   while (n != 1) { n = (n % 2 == 0) ? n / 2 : 3 * n + 1; ++s; }\n\
                   return s;\n\
               }\n\
               __device__ inline float sq(float v) { return v * v; }\n\
               __device__ int first_div(int n) { for (int d = 2; d < n; d++) { if (n % d == 0) return d; } return n; }\n\
               __device__ void bump(int& a, int by) { a += by; }\n";
    let xs: Vec<i64> = vec![1, 2, 3, 6, 7, 9, 27, 97];
    let n = xs.len();
    let x = arr(xs.clone(), &[n]);
    let y = zeros(&[n], DType::Int32);
    run_ew(
        &[ein("n", DType::Int64), eout("y", DType::Int32)],
        &[],
        pre,
        "int c = collatz_steps(n); bump(c, 1000 * first_div((int)n)); y = c + (int)sq(2.0f);",
        &[A::R(&x), A::R(&y)],
        &[n],
    )
    .unwrap();
    let collatz = |mut n: i64| {
        let mut s = 0;
        while n != 1 {
            n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
            s += 1;
        }
        s
    };
    let fd = |n: i64| (2..n).find(|d| n % d == 0).unwrap_or(n);
    let want: Vec<i32> = xs
        .iter()
        .map(|&v| (collatz(v) + 1000 * fd(v) + 4) as i32)
        .collect();
    assert_eq!(y.to_vec::<i32>().unwrap(), want);
    assert_eq!(want[6] % 1000, 111 + 4);
}

#[test]
fn complex_values() {
    let zs = vec![
        Complex32::new(1.0, 2.0),
        Complex32::new(-3.0, 0.5),
        Complex32::new(0.0, -1.0),
    ];
    let ws = vec![
        Complex32::new(0.5, -1.0),
        Complex32::new(2.0, 2.0),
        Complex32::new(-1.0, 0.0),
    ];
    let n = zs.len();
    let z = arr(zs.clone(), &[n]);
    let w = arr(ws.clone(), &[n]);
    let p = zeros(&[n], DType::Complex64);
    let q = zeros(&[n], DType::Complex64);
    let r = zeros(&[n], DType::Float32);
    let c = zeros(&[n], DType::Complex128);
    run_ew(
        &[
            ein("z", DType::Complex64),
            ein("w", DType::Complex64),
            eout("p", DType::Complex64),
            eout("q", DType::Complex64),
            eout("r", DType::Float32),
            eout("c", DType::Complex128),
        ],
        &[],
        "",
        "p = z * w + conj(z); q = z / w; r = abs(z) + real(w) * z.imag();\n\
         complex<double> t = complex<double>(imag(z), 1.0); c = t * 2.0;",
        &[A::R(&z), A::R(&w), A::R(&p), A::R(&q), A::R(&r), A::R(&c)],
        &[n],
    )
    .unwrap();
    let gp = p.to_vec::<Complex32>().unwrap();
    let gq = q.to_vec::<Complex32>().unwrap();
    let gr = r.to_vec::<f32>().unwrap();
    let gc = c.to_vec::<Complex64>().unwrap();
    for k in 0..n {
        let (a, b) = (zs[k], ws[k]);
        let prod = Complex32::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
        assert_eq!(gp[k], Complex32::new(prod.re + a.re, prod.im - a.im));
        // the GPU's complex division (kernels/user.cuh), in float
        let d = b.re * b.re + b.im * b.im;
        let qv = Complex32::new(
            (a.re * b.re + a.im * b.im) / d,
            (a.im * b.re - a.re * b.im) / d,
        );
        assert_eq!(gq[k], qv);
        assert_eq!(gr[k], a.re.hypot(a.im) + b.re * a.im);
        assert_eq!(gc[k], Complex64::new(2.0 * a.im as f64, 2.0));
    }
}

#[test]
fn raw_indexing_reads_writes_and_bounds() {
    // cyclic neighbour difference with `size=`-style all-raw arguments
    let x = arr(vec![1.0f64, 4.0, 9.0, 16.0, 25.0, 36.0, 49.0, 64.0], &[8]);
    let y = zeros(&[8], DType::Float64);
    run_ew(
        &[
            raw("x", DType::Float64, false),
            raw("y", DType::Float64, true),
        ],
        &[("T", DType::Float64)],
        "",
        "y[i] = x[(i + 1) % _ind.size()] - x[i]",
        &[A::R(&x), A::R(&y)],
        &[8],
    )
    .unwrap();
    assert_eq!(
        y.to_vec::<f64>().unwrap(),
        vec![3.0, 5.0, 7.0, 9.0, 11.0, 13.0, 15.0, -63.0]
    );
    // raw read of a non-contiguous (transposed) array uses the flat C-order index
    let m = arr((0..6).collect::<Vec<i32>>(), &[2, 3]);
    let mt = m.transpose().unwrap(); // (3, 2): [[0,3],[1,4],[2,5]]
    let out = zeros(&[6], DType::Int32);
    let e = arr(vec![0i32; 6], &[6]);
    run_ew(
        &[
            ein("e", DType::Int32),
            raw("m", DType::Int32, false),
            eout("o", DType::Int32),
        ],
        &[],
        "",
        "o = m[_ind.size() - i - 1] + e + m.size() * 100;",
        &[A::R(&e), A::R(&mt), A::R(&out)],
        &[6],
    )
    .unwrap();
    assert_eq!(
        out.to_vec::<i32>().unwrap(),
        vec![605, 602, 604, 601, 603, 600]
    );
    // short-circuit keeps the out-of-range read from happening; without it, an error
    let w = arr(vec![5i32, -1, 2], &[3]);
    let e = arr(vec![0i32; 6], &[6]);
    let o = zeros(&[6], DType::Int32);
    let vars = [
        ein("e", DType::Int32),
        raw("w", DType::Int32, false),
        eout("o", DType::Int32),
    ];
    run_ew(
        &vars,
        &[],
        "",
        "o = (i < w.size() && w[i] > 0) ? w[i] : -7;",
        &[A::R(&e), A::R(&w), A::R(&o)],
        &[6],
    )
    .unwrap();
    assert_eq!(o.to_vec::<i32>().unwrap(), vec![5, -7, 2, -7, -7, -7]);
    let err = run_ew(
        &vars,
        &[],
        "",
        "o = w[i];",
        &[A::R(&e), A::R(&w), A::R(&o)],
        &[6],
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            cuprum_core::Error::IndexOutOfBounds {
                index: 3..,
                size: 3,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn placeholders_scalars_broadcast_and_inplace() {
    // T t = x * 2; t += 1; t *= t (int32)
    let x = arr(vec![-3i32, 0, 5], &[3]);
    let y = zeros(&[3], DType::Int32);
    run_ew(
        &[ein("x", DType::Int32), eout("y", DType::Int32)],
        &[("T", DType::Int32)],
        "",
        "T t = x * 2; t += 1; t *= t; y = t;",
        &[A::R(&x), A::R(&y)],
        &[3],
    )
    .unwrap();
    assert_eq!(y.to_vec::<i32>().unwrap(), vec![25, 1, 121]);
    // broadcasting (3,1) - (4,) and a float64 scalar
    let a = arr(vec![1.0f32, 2.0, 3.0], &[3, 1]);
    let b = arr(vec![0.5f32, 1.0, 1.5, 2.0], &[4]);
    let z = zeros(&[3, 4], DType::Float32);
    run_ew(
        &[
            ein("x", DType::Float32),
            ein("y", DType::Float32),
            sc("s", DType::Float64),
            eout("z", DType::Float32),
        ],
        &[],
        "",
        "z = (x - y) * s;",
        &[A::R(&a), A::R(&b), A::S(Scalar::Float(0.1)), A::R(&z)],
        &[3, 4],
    )
    .unwrap();
    let got = z.to_vec::<f32>().unwrap();
    for r in 0..3 {
        for c in 0..4 {
            let want = (((r + 1) as f32 - [0.5f32, 1.0, 1.5, 2.0][c]) as f64 * 0.1) as f32;
            assert_eq!(got[r * 4 + c], want);
        }
    }
    // in-place output read by the body: y += x * 2
    let x = arr(vec![1i64, 2, 3], &[3]);
    let y = arr(vec![10i64, 20, 30], &[3]);
    run_ew(
        &[ein("x", DType::Int64), eout("y", DType::Int64)],
        &[],
        "",
        "y += x * 2",
        &[A::R(&x), A::R(&y)],
        &[3],
    )
    .unwrap();
    assert_eq!(y.to_vec::<i64>().unwrap(), vec![12, 24, 36]);
}

#[test]
fn math_functions_and_minmax() {
    let xs: Vec<f32> = vec![0.5, 1.0, 2.0, 10.0];
    let n = xs.len();
    let x = arr(xs.clone(), &[n]);
    let outs: Vec<Array> = (0..6).map(|_| zeros(&[n], DType::Float32)).collect();
    let mut vars = vec![ein("x", DType::Float32)];
    for k in 0..6 {
        vars.push(eout(&format!("o{k}"), DType::Float32));
    }
    let mut args = vec![A::R(&x)];
    args.extend(outs.iter().map(A::R));
    run_ew(
        &vars,
        &[],
        "",
        "o0 = exp(x); o1 = logf(x); o2 = sqrt(x); o3 = pow(x, 1.5f); o4 = fminf(x, 1.0f) + max(x, 2.0f); o5 = tanh(x) + erf(x) + floor(x * 1.5f);",
        &args,
        &[n],
    )
    .unwrap();
    let g: Vec<Vec<f32>> = outs.iter().map(|o| o.to_vec::<f32>().unwrap()).collect();
    for k in 0..n {
        let v = xs[k];
        assert_eq!(g[0][k], v.exp());
        assert_eq!(g[1][k], v.ln());
        assert_eq!(g[2][k], v.sqrt());
        assert_eq!(g[3][k], v.powf(1.5));
        assert_eq!(g[4][k], v.min(1.0) + v.max(2.0));
        assert_eq!(g[5][k], v.tanh() + libm::erff(v) + (v * 1.5).floor());
    }
    // integer min/max/abs stay integers
    let y = unary_i32(
        "y = min(x, 3) * 100 + max(x, -1) * 10 + abs(x);",
        vec![-5, 7],
        DType::Int32,
    );
    assert_eq!(
        y.to_vec::<i32>().unwrap(),
        vec![-500 - 10 + 5, 300 + 70 + 7]
    );
}

#[test]
fn diagnostics_point_at_line_and_column() {
    let vars = [
        ein("x", DType::Float32),
        ein("y", DType::Float32),
        eout("z", DType::Float32),
    ];
    let d = compile_err(&vars, "", "z = x + * y");
    // `*y` is `y[0]`, and `y` is an element, not an array
    assert_eq!((d.section, d.line, d.column), ("operation", 1, 11), "{d}");
    assert!(d.message.contains("can be indexed"), "{d}");
    let d = compile_err(&vars, "", "float t = x;\nz = t + undefined_thing;");
    assert_eq!((d.line, d.column), (2, 9), "{d}");
    assert_eq!(d.source_line, "z = t + undefined_thing;");
    assert!(d.message.contains("undefined_thing"), "{d}");
    let text = d.to_string();
    assert!(
        text.contains("operation:2:9") && text.contains("\n          ^"),
        "{text}"
    );
    let d = compile_err(&vars, "", "x = 1; z = x");
    assert!(d.message.contains("read-only"), "{d}");
    let d = compile_err(&vars, "", "z = (x + y;");
    assert!(d.message.contains("expected ')'"), "{d}");
    let d = compile_err(&vars, "", "switch (1) { }");
    assert!(d.message.contains("'switch' is not supported"), "{d}");
    let d = compile_err(
        &vars,
        "__device__ float f(float a) {\n  return a +;\n}",
        "z = f(x);",
    );
    assert_eq!((d.section, d.line), ("preamble", 2), "{d}");
    let d = compile_err(
        &vars,
        "__device__ int f(int a) { return a ? f(a - 1) : 0; }",
        "z = f(1);",
    );
    assert!(d.message.contains("recursive"), "{d}");
    let d = compile_err(&vars, "", "z = x % y;");
    assert!(d.message.contains("invalid operands to binary %"), "{d}");
    let d = compile_err(&vars, "", "T t = 1; z = t + q;");
    assert!(d.message.contains("\"q\" is undefined"), "{d}");
}

fn run_red(
    ins: &[VarSpec],
    outs: &[VarSpec],
    rt: DType,
    exprs: (&str, &str, &str, &str),
    in_arrs: &[&Array],
    out_arrs: &[&Array],
    axes: &[usize],
) -> cuprum_core::Result<()> {
    let p = ReductionProgram::compile(ins, outs, rt, "", exprs.0, exprs.1, exprs.2, exprs.3)
        .unwrap_or_else(|d| panic!("compile failed:\n{d}"));
    let shape = in_arrs[0].shape().to_vec();
    let held: Vec<Array> = in_arrs
        .iter()
        .map(|a| a.broadcast_to(&shape).unwrap())
        .collect();
    let ci: Vec<CpuArg<'_>> = held.iter().map(|a| CpuArg::Array(ext::view(a))).collect();
    let co: Vec<CpuArg<'_>> = out_arrs
        .iter()
        .map(|a| CpuArg::Array(ext::view(a)))
        .collect();
    p.run(&ci, &co, &shape, axes)
}

#[test]
fn reductions_with_axes() {
    // L2 norm along axis 1 of arange(10).reshape(2, 5)
    let x = arr((0..10).map(|v| v as f32).collect(), &[2, 5]);
    let y = zeros(&[2], DType::Float32);
    run_red(
        &[ein("x", DType::Float32)],
        &[eout("y", DType::Float32)],
        DType::Float32,
        ("x * x", "a + b", "y = sqrt(a)", "0"),
        &[&x],
        &[&y],
        &[1],
    )
    .unwrap();
    let g = y.to_vec::<f32>().unwrap();
    assert!(
        (g[0] - 5.477226).abs() < 1e-5 && (g[1] - 15.9687195).abs() < 1e-5,
        "{g:?}"
    );
    // mean over axes (0, 2) of a (3, 4, 5) array via _in_ind / _out_ind
    let x = arr((0..60).map(|v| v as f64).collect(), &[3, 4, 5]);
    let y = zeros(&[4], DType::Float64);
    run_red(
        &[ein("x", DType::Float64)],
        &[eout("y", DType::Float64)],
        DType::Float64,
        (
            "x",
            "a + b",
            "y = a / (_in_ind.size() / _out_ind.size())",
            "0",
        ),
        &[&x],
        &[&y],
        &[0, 2],
    )
    .unwrap();
    let want: Vec<f64> = (0..4)
        .map(|j| {
            let mut s = 0.0;
            for i in 0..3 {
                for k in 0..5 {
                    s += (i * 20 + j * 5 + k) as f64;
                }
            }
            s / 15.0
        })
        .collect();
    assert_eq!(y.to_vec::<f64>().unwrap(), want);
    // max without identity, int32, lanes over outputs (1000 outputs)
    let xs: Vec<i32> = (0..7000).map(|v| ((v * 7919) % 1013) - 500).collect();
    let x = arr(xs.clone(), &[1000, 7]);
    let y = zeros(&[1000], DType::Int32);
    run_red(
        &[ein("x", DType::Int32)],
        &[eout("y", DType::Int32)],
        DType::Int32,
        ("x", "max(a, b)", "y = a", ""),
        &[&x],
        &[&y],
        &[1],
    )
    .unwrap();
    let want: Vec<i32> = (0..1000)
        .map(|r| *xs[r * 7..r * 7 + 7].iter().max().unwrap())
        .collect();
    assert_eq!(y.to_vec::<i32>().unwrap(), want);
    // a full reduction of 300000 int64 values (lanes over the reduced elements, in parallel)
    let x = arr((0..300_000i64).collect(), &[300_000]);
    let y = zeros(&[], DType::Int64);
    run_red(
        &[ein("x", DType::Int64)],
        &[eout("y", DType::Int64)],
        DType::Int64,
        ("x % 1000", "a + b", "y = a", "0"),
        &[&x],
        &[&y],
        &[0],
    )
    .unwrap();
    assert_eq!(y.to_vec::<i64>().unwrap(), vec![300 * 499_500]);
    // weighted sum with broadcasting (4, 6) * (6,) along axis 1, and an empty axis
    let x = arr((0..24).map(|v| v as f64).collect(), &[4, 6]);
    let w = arr(vec![1.0f64, -1.0, 2.0, 0.5, 0.0, 3.0], &[6]);
    let y = zeros(&[4], DType::Float64);
    run_red(
        &[ein("x", DType::Float64), ein("w", DType::Float64)],
        &[eout("y", DType::Float64)],
        DType::Float64,
        ("x * w", "a + b", "y = a", "0"),
        &[&x, &w],
        &[&y],
        &[1],
    )
    .unwrap();
    let wv = [1.0, -1.0, 2.0, 0.5, 0.0, 3.0];
    let want: Vec<f64> = (0..4)
        .map(|r| (0..6).map(|c| (r * 6 + c) as f64 * wv[c]).sum())
        .collect();
    assert_eq!(y.to_vec::<f64>().unwrap(), want);
    let x = zeros(&[3, 0], DType::Float64);
    let y = arr(vec![7.0f64; 3], &[3]);
    run_red(
        &[ein("x", DType::Float64)],
        &[eout("y", DType::Float64)],
        DType::Float64,
        ("x * x", "a + b", "y = sqrt(a)", "0"),
        &[&x],
        &[&y],
        &[1],
    )
    .unwrap();
    assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0; 3]);
    let err = run_red(
        &[ein("x", DType::Float64)],
        &[eout("y", DType::Float64)],
        DType::Float64,
        ("x", "a + b", "y = a", ""),
        &[&x],
        &[&y],
        &[1],
    )
    .unwrap_err();
    assert!(err.to_string().contains("identity"), "{err}");
}

#[test]
fn large_parallel_run_and_float16() {
    // 100000 elements cross many batches and rayon tasks; float16 loads as float
    let n = 100_000;
    let xs: Vec<f16> = (0..n)
        .map(|i| f16::from_f32((i % 2048) as f32 * 0.25))
        .collect();
    let x = arr(xs.clone(), &[n]);
    let y = zeros(&[n], DType::Float16);
    let k = zeros(&[n], DType::Int64);
    run_ew(
        &[
            ein("x", DType::Float16),
            eout("y", DType::Float16),
            eout("k", DType::Int64),
        ],
        &[],
        "",
        "y = x * 1.5f + 0.1f; k = i * 2;",
        &[A::R(&x), A::R(&y), A::R(&k)],
        &[n],
    )
    .unwrap();
    let gy = y.to_vec::<f16>().unwrap();
    let gk = k.to_vec::<i64>().unwrap();
    for i in 0..n {
        assert_eq!(gy[i], f16::from_f32(xs[i].to_f32() * 1.5 + 0.1), "i = {i}");
        assert_eq!(gk[i], 2 * i as i64);
    }
}

#[test]
fn preamble_defines_typedefs_globals_and_shadowing() {
    let pre = "#include <cupy/complex.cuh>\n\
               #define SCALE 3\n\
               #define OFFSET (SCALE + 1)\n\
               typedef long long idx_t;\n\
               __device__ const int K = 2;\n\
               __device__ idx_t twice(idx_t v) { return v * K; }\n";
    // a parameter named like a type name (`half`) is a variable
    let x = arr(vec![1i32, 2, 3], &[3]);
    let y = zeros(&[3], DType::Int64);
    run_ew(
        &[ein("half", DType::Int32), eout("y", DType::Int64)],
        &[],
        pre,
        "idx_t t = twice(half) * SCALE + OFFSET; y = t + (half);",
        &[A::R(&x), A::R(&y)],
        &[3],
    )
    .unwrap();
    assert_eq!(
        y.to_vec::<i64>().unwrap(),
        vec![6 + 4 + 1, 12 + 4 + 2, 18 + 4 + 3]
    );
    let vars = [ein("x", DType::Float32), eout("z", DType::Float32)];
    let d = compile_err(&vars, "#define SQ(a) ((a) * (a))", "z = SQ(x);");
    assert!(d.message.contains("function-like macros"), "{d}");
    let d = compile_err(&vars, "#ifdef FOO\n#endif", "z = x;");
    assert!(d.message.contains("'#ifdef' is not supported"), "{d}");
    let d = compile_err(&vars, "", "z = x;\natomicAdd(z, 1.0f);");
    assert_eq!(d.line, 2, "{d}");
    assert!(
        d.message
            .contains("'atomicAdd' is not supported by the CPU engine"),
        "{d}"
    );
    let d = compile_err(&vars, "", "float* p = 0; z = x;");
    assert!(d.message.contains("must point into an array"), "{d}");
    let d = compile_err(&vars, "", "float a[4]; z = x;");
    assert!(
        d.message
            .contains("local arrays are supported by the CPU engine only in a RawKernel"),
        "{d}"
    );
    let d = compile_err(&vars, "", "z = threadIdx.x;");
    assert!(d.message.contains("not supported"), "{d}");
}

#[test]
fn bit_intrinsics_and_half_compound_assignment() {
    let y = unary_i32(
        "y = __float_as_int(1.0f) + __popc(x) * 10 + __clz(x) + __ffs(x) * 1000;",
        vec![1, 6, 255],
        DType::Int32,
    );
    let f = |x: i32| {
        0x3f80_0000
            + x.count_ones() as i32 * 10
            + x.leading_zeros() as i32
            + (x.trailing_zeros() as i32 + 1) * 1000
    };
    assert_eq!(y.to_vec::<i32>().unwrap(), vec![f(1), f(6), f(255)]);
    // float16 `y += v` converts v to float and rounds once to half (the GPU's operator+=)
    let x = arr(vec![f16::from_f32(1.0), f16::from_f32(2048.0)], &[2]);
    let y = arr(vec![f16::from_f32(0.5), f16::from_f32(1.0)], &[2]);
    run_ew(
        &[ein("x", DType::Float16), eout("y", DType::Float16)],
        &[],
        "",
        "y += x * 0.1;",
        &[A::R(&x), A::R(&y)],
        &[2],
    )
    .unwrap();
    let want: Vec<f16> = [(1.0f32, 0.5f32), (2048.0, 1.0)]
        .iter()
        .map(|&(a, b)| f16::from_f32(b + ((a as f64 * 0.1) as f32)))
        .collect();
    assert_eq!(y.to_vec::<f16>().unwrap(), want);
}
