//! CPU and CUDA give the same bits: a property test generating random elementwise kernels
//! (expressions over integer and floating-point inputs of random dtypes: arithmetic,
//! comparisons, `?:`, casts, C division and remainder, bitwise operations, `sqrt`, locals and
//! compound assignment) and comparing the CPU kernel engine's results with NVRTC's on every
//! CUDA device, bit for bit (any NaN matches any NaN).
//! `PROPTEST_CASES` sets the number of kernels (default 200). Without a GPU the CPU side still
//! runs every generated kernel.
//!
//! Generated expressions avoid C's undefined behaviour: integer leaves are small (|v| <= 12)
//! and trees shallow, so signed arithmetic never overflows; divisors are guarded against zero;
//! a floating-point value is converted to an integer only after clamping it into the range of
//! `int`; shifts are not generated.

use cuprum_core::ext::test_util::cuda_devices;
use cuprum_core::{Array, DType, DTypeKind, Device};
use cuprum_kernel::{ElementwiseKernel, args, user_c_type};
use proptest::prelude::*;

const INT_DTYPES: [DType; 8] = [
    DType::Int8,
    DType::Int16,
    DType::Int32,
    DType::Int64,
    DType::UInt8,
    DType::UInt16,
    DType::UInt32,
    DType::UInt64,
];
const FLOAT_DTYPES: [DType; 2] = [DType::Float32, DType::Float64];

/// A tiny deterministic generator driving the expression shapes.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
}

/// An integer-valued expression (over the integer inputs `i0`, `i1`).
fn int_expr(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.below(4) == 0 {
        return match r.below(4) {
            0 => "i0".into(),
            1 => "i1".into(),
            2 => format!("{}", r.below(25) as i64 - 12),
            _ => format!("{}u", r.below(13)),
        };
    }
    let a = int_expr(r, depth - 1);
    let b = int_expr(r, depth - 1);
    match r.below(11) {
        0 => format!("({a} + {b})"),
        1 => format!("({a} - {b})"),
        2 => format!("({a} * {b})"),
        3 => format!("({a} / (({b}) == 0 ? 1 : ({b})))"),
        4 => format!("({a} % (({b}) == 0 ? 3 : ({b})))"),
        5 => format!("({a} & {b})"),
        6 => format!("({a} | {b})"),
        7 => format!("({a} ^ {b})"),
        8 => {
            let t = r.pick(&[
                "signed char",
                "unsigned char",
                "short",
                "unsigned short",
                "int",
                "unsigned int",
                "long long",
            ]);
            format!("(({t})({a}))")
        }
        9 => format!("(({a}) < ({b}) ? {a} : {b})"),
        _ => {
            // a clamped float converted back to int
            let f = float_expr(r, depth - 1);
            format!("((int)fmin(fmax((double)({f}), -1e6), 1e6))")
        }
    }
}

/// A floating-point expression (over `f0`, `f1` and integer subexpressions).
fn float_expr(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.below(4) == 0 {
        return match r.below(6) {
            0 => "f0".into(),
            1 => "f1".into(),
            2 => "1.5f".into(),
            3 => "0.1".into(),
            4 => format!("(float)({})", int_expr(r, 0)),
            _ => "-2.25f".into(),
        };
    }
    let a = float_expr(r, depth - 1);
    let b = float_expr(r, depth - 1);
    match r.below(9) {
        0 => format!("({a} + {b})"),
        1 => format!("({a} - {b})"),
        2 => format!("({a} * {b})"),
        3 => format!("({a} / {b})"),
        4 => format!("sqrt(fabs({a}))"),
        5 => format!("(({a}) > ({b}) ? {a} : {b})"),
        6 => format!("((float)({a}))"),
        7 => format!("((double)({a}) * {})", int_expr(r, 1)),
        _ => format!("({a} * {b} + {})", float_expr(r, 0)),
    }
}

/// Values for an input of `dtype`: small integers, or floats with a few specials.
fn values(r: &mut Rng, dtype: DType, n: usize, d: Device) -> Array {
    let unsigned = dtype.kind() == DTypeKind::UInt;
    let ints: Vec<i64> = (0..n)
        .map(|_| {
            if unsigned {
                r.below(13) as i64
            } else {
                r.below(25) as i64 - 12
            }
        })
        .collect();
    let floats: Vec<f64> = (0..n)
        .map(|k| match r.below(16) {
            0 => 0.0,
            1 => -0.0,
            2 if k % 3 == 0 => f64::INFINITY,
            3 => 1e-3,
            _ => ((r.next() >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 200.0,
        })
        .collect();
    let a = match dtype {
        DType::Int8 => Array::from_vec_on(ints.iter().map(|&v| v as i8).collect(), &[n], d),
        DType::Int16 => Array::from_vec_on(ints.iter().map(|&v| v as i16).collect(), &[n], d),
        DType::Int32 => Array::from_vec_on(ints.iter().map(|&v| v as i32).collect(), &[n], d),
        DType::Int64 => Array::from_vec_on(ints.clone(), &[n], d),
        DType::UInt8 => Array::from_vec_on(ints.iter().map(|&v| v as u8).collect(), &[n], d),
        DType::UInt16 => Array::from_vec_on(ints.iter().map(|&v| v as u16).collect(), &[n], d),
        DType::UInt32 => Array::from_vec_on(ints.iter().map(|&v| v as u32).collect(), &[n], d),
        DType::UInt64 => Array::from_vec_on(ints.iter().map(|&v| v as u64).collect(), &[n], d),
        DType::Float32 => Array::from_vec_on(floats.iter().map(|&v| v as f32).collect(), &[n], d),
        _ => Array::from_vec_on(floats.clone(), &[n], d),
    };
    a.unwrap()
}

/// Bitwise equality of two arrays of the same dtype; any NaN matches any NaN.
fn same_bits(a: &Array, b: &Array) -> Result<(), String> {
    let (x, y) = (a.to_bytes().unwrap(), b.to_bytes().unwrap());
    let sz = a.dtype().itemsize();
    for (k, (p, q)) in x.chunks(sz).zip(y.chunks(sz)).enumerate() {
        if p == q {
            continue;
        }
        let nan = |c: &[u8]| match a.dtype() {
            DType::Float32 => f32::from_ne_bytes(c.try_into().unwrap()).is_nan(),
            DType::Float64 => f64::from_ne_bytes(c.try_into().unwrap()).is_nan(),
            _ => false,
        };
        if nan(p) && nan(q) {
            continue;
        }
        return Err(format!("element {k}: cpu {p:?} vs cuda {q:?}"));
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_kernels_give_the_same_bits_on_cpu_and_cuda(
        seed in 1u64..u64::MAX,
        di in proptest::array::uniform2(0usize..INT_DTYPES.len()),
        df in proptest::array::uniform2(0usize..FLOAT_DTYPES.len()),
        dout in 0usize..(INT_DTYPES.len() + FLOAT_DTYPES.len() + 1),
        n in 1usize..300,
        strided in any::<bool>(),
    ) {
        // without a GPU only the CPU side runs (every generated kernel must compile and run)
        let gpus = cuda_devices();
        let mut r = Rng(seed | 1);
        let (ti0, ti1) = (INT_DTYPES[di[0]], INT_DTYPES[di[1]]);
        let (tf0, tf1) = (FLOAT_DTYPES[df[0]], FLOAT_DTYPES[df[1]]);
        let out = if dout < INT_DTYPES.len() {
            INT_DTYPES[dout]
        } else if dout < INT_DTYPES.len() + FLOAT_DTYPES.len() {
            FLOAT_DTYPES[dout - INT_DTYPES.len()]
        } else {
            DType::Bool
        };
        let body = match out.kind() {
            DTypeKind::Float => {
                let e = float_expr(&mut r, 3);
                let e2 = float_expr(&mut r, 2);
                format!(
                    "{t} acc = {e};\nacc += {e2};\nacc *= (f0 < f1 ? 2 : 1);\ny = acc;",
                    t = user_c_type(out)
                )
            }
            DTypeKind::Bool => {
                format!("y = ({}) < ({}) || ({}) == ({});", float_expr(&mut r, 2), float_expr(&mut r, 2), int_expr(&mut r, 2), int_expr(&mut r, 2))
            }
            _ => {
                let e = int_expr(&mut r, 3);
                let e2 = int_expr(&mut r, 2);
                format!("long long acc = {e};\nacc -= {e2};\ny = acc;")
            }
        };
        let k = ElementwiseKernel::new(
            &format!("{} i0, {} i1, {} f0, {} f1", ti0.name(), ti1.name(), tf0.name(), tf1.name()),
            &format!("{} y", out.name()),
            &body,
            "random_kernel",
        ).unwrap();
        let vseed = r.next();
        let make = |d: Device| -> Vec<Array> {
            let mut vr = Rng(vseed | 1);
            let len = if strided { 2 * n } else { n };
            [ti0, ti1, tf0, tf1]
                .iter()
                .map(|&t| {
                    let a = values(&mut vr, t, len, d);
                    if strided {
                        // every other element, reversed: the strided path
                        let f = cuprum_core::manip::flip(&a, None).unwrap();
                        f.slice(&[cuprum_core::SliceItem::Slice { start: None, stop: None, step: 2 }]).unwrap()
                    } else {
                        a
                    }
                })
                .collect()
        };
        let c = make(Device::Cpu);
        let want = k.call_one(args![&c[0], &c[1], &c[2], &c[3]]);
        let want = match want {
            Ok(w) => w,
            Err(e) => return Err(TestCaseError::fail(format!("CPU: {e}\n{body}"))),
        };
        for d in gpus {
            let g = make(d);
            let got = k
                .call_one(args![&g[0], &g[1], &g[2], &g[3]])
                .map_err(|e| TestCaseError::fail(format!("{d}: {e}\n{body}")))?;
            if let Err(m) = same_bits(&want, &got) {
                return Err(TestCaseError::fail(format!(
                    "{d}: {m}\nkernel ({} i0, {} i1, {} f0, {} f1 -> {} y):\n{body}",
                    ti0, ti1, tf0, tf1, out
                )));
            }
        }
    }
}
