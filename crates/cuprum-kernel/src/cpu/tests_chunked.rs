//! The chunked execution of straight-line elementwise bodies ([`run::Exec::Auto`]) against
//! the masked batches ([`run::Exec::Masked`]): the same bits for every element, over sizes that
//! span several chunks, a partial last chunk and several rayon tasks.

use super::run::{CHUNK, Exec};
use super::*;
use cuprum_core::{Array, DType, Device, Element, ext, f16};

/// Elements per test: several tasks of chunks, and a partial last chunk.
const N: usize = 40 * CHUNK + 37;

fn spec(name: &str, dtype: DType, output: bool) -> VarSpec {
    VarSpec {
        name: name.into(),
        dtype,
        kind: VarKind::Elem { output },
    }
}

/// A deterministic sequence (a 64-bit LCG), `k`-th value in `0..2^32`.
fn lcg(seed: u64, n: usize) -> Vec<u32> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 32) as u32
        })
        .collect()
}

/// The inputs: `a` float32 and `b` float64 over a wide range with zeros, signed zeros, NaN and
/// infinities sprinkled in; `p`, `q` int32 with zeros, -1 and the extremes (division edge cases).
fn inputs() -> Vec<Array> {
    let r = lcg(1, N);
    let specials32 = [
        0.0f32,
        -0.0,
        f32::NAN,
        f32::INFINITY,
        -f32::INFINITY,
        1e30,
        -3.5,
    ];
    let a: Vec<f32> = r
        .iter()
        .enumerate()
        .map(|(k, &x)| match k % 53 {
            0..=6 => specials32[k % 53],
            _ => (x as f32 / u32::MAX as f32 - 0.5) * 200.0,
        })
        .collect();
    let r = lcg(2, N);
    let b: Vec<f64> = r
        .iter()
        .enumerate()
        .map(|(k, &x)| match k % 41 {
            0 => f64::NAN,
            1 => -0.0,
            2 => 3e9,
            _ => (x as f64 / u32::MAX as f64 - 0.3) * 1e3,
        })
        .collect();
    let specials = [0, -1, 1, i32::MIN, i32::MAX];
    let p: Vec<i32> = lcg(3, N)
        .iter()
        .enumerate()
        .map(|(k, &x)| {
            if k % 29 < 5 {
                specials[k % 29]
            } else {
                x as i32
            }
        })
        .collect();
    let q: Vec<i32> = lcg(4, N)
        .iter()
        .enumerate()
        .map(|(k, &x)| {
            if k % 31 < 5 {
                specials[k % 31]
            } else {
                (x as i32) >> (x % 29)
            }
        })
        .collect();
    vec![
        Array::from_vec_on(a, &[N], Device::Cpu).unwrap(),
        Array::from_vec_on(b, &[N], Device::Cpu).unwrap(),
        Array::from_vec_on(p, &[N], Device::Cpu).unwrap(),
        Array::from_vec_on(q, &[N], Device::Cpu).unwrap(),
    ]
}

/// Runs `op` over the inputs `a`, `b`, `p`, `q` with outputs `outs` under `exec`; returns the
/// outputs' bytes.
fn run(op: &str, outs: &[(&str, DType)], exec: Exec, straight: bool) -> Vec<Vec<u8>> {
    let ins = inputs();
    let mut vars = vec![
        spec("a", DType::Float32, false),
        spec("b", DType::Float64, false),
        spec("p", DType::Int32, false),
        spec("q", DType::Int32, false),
    ];
    vars.extend(outs.iter().map(|(n, d)| spec(n, *d, true)));
    let prog = ElementwiseProgram::compile(&vars, "", "", op, "")
        .unwrap_or_else(|d| panic!("compile failed:\n{d}"));
    assert_eq!(prog.straight, straight, "{op}");
    let out_arrays: Vec<Array> = outs
        .iter()
        .map(|(_, d)| cuprum_core::zeros_on(&[N], *d, Device::Cpu).unwrap())
        .collect();
    let args: Vec<CpuArg<'_>> = ins
        .iter()
        .chain(&out_arrays)
        .map(|x| CpuArg::Array(ext::view(x)))
        .collect();
    prog.run_exec(&args, &[N], exec).unwrap();
    out_arrays.iter().map(bytes).collect()
}

fn bytes(a: &Array) -> Vec<u8> {
    fn b<T: Element + bytemuck::Pod>(a: &Array) -> Vec<u8> {
        bytemuck::cast_slice(&a.to_vec::<T>().unwrap()).to_vec()
    }
    match a.dtype() {
        DType::Float16 => a
            .to_vec::<f16>()
            .unwrap()
            .iter()
            .flat_map(|h| h.to_bits().to_le_bytes())
            .collect(),
        DType::Float32 => b::<f32>(a),
        DType::Float64 => b::<f64>(a),
        DType::Int32 => b::<i32>(a),
        DType::Int64 => b::<i64>(a),
        DType::UInt8 => b::<u8>(a),
        d => panic!("no byte view of {d:?} in this test"),
    }
}

/// The chunked and the masked runs of `op` agree bit for bit (and the chunked one computed
/// something: not every output is all zeros).
fn check(op: &str, outs: &[(&str, DType)], straight: bool) {
    let c = run(op, outs, Exec::Auto, straight);
    let m = run(op, outs, Exec::Masked, straight);
    for (k, ((c, m), (name, _))) in c.iter().zip(&m).zip(outs).enumerate() {
        assert!(c == m, "{op}: output {k} ('{name}') differs");
        assert!(
            c.iter().any(|&x| x != 0),
            "{op}: output '{name}' is all zeros"
        );
    }
}

#[test]
fn chunked_arithmetic_and_casts_match_masked() {
    // float + double arithmetic converted on store, no contraction
    check("z = a + b * 2;", &[("z", DType::Float32)], true);
    check(
        "z = a * a - (float)b; w = a * 3 + b / 7;",
        &[("z", DType::Float32), ("w", DType::Float64)],
        true,
    );
    // casts: float -> integer saturates, NaN -> 0; to unsigned char wraps; to half rounds
    check(
        "c = (unsigned char)p; k = (long long)b; h = a; t = (int)a + (int)b;",
        &[
            ("c", DType::UInt8),
            ("k", DType::Int64),
            ("h", DType::Float16),
            ("t", DType::Int32),
        ],
        true,
    );
}

#[test]
fn chunked_integer_division_matches_masked() {
    // division by zero and INT_MIN / -1 on wrapping integers; shifts past the width
    check(
        "d = p / q; r = p % q; s = (p << (q & 63)) ^ (p >> 3);",
        &[
            ("d", DType::Int32),
            ("r", DType::Int32),
            ("s", DType::Int32),
        ],
        true,
    );
}

#[test]
fn chunked_select_and_logic_match_masked() {
    // pure `?:` and `&&` without side effects stay straight-line (a select, a lane-wise and)
    check(
        "y = a > 0.5f ? a : -b; m = (p > q) * 3 + (p && q) - (a != a);",
        &[("y", DType::Float64), ("m", DType::Int32)],
        true,
    );
}

#[test]
fn chunked_math_functions_match_masked() {
    check(
        "y = sinf(a) + expf(a * 0.01f) + sqrtf(fabsf(a)); \
         z = pow(fabs(b), 0.75) + log1p(fabs(b)) + atan2(b, (double)a) + fmin(b, 1.0) + floor(b);",
        &[("y", DType::Float32), ("z", DType::Float64)],
        true,
    );
}

#[test]
fn bodies_with_control_flow_run_masked_with_the_same_results() {
    // an `if` is not straight-line: `Exec::Auto` falls back to masked batches
    check(
        "if (p > 0) { y = a * 2; } else { y = -b; } for (int k = 0; k < (q & 3); ++k) { y += k; }",
        &[("y", DType::Float64)],
        false,
    );
}

#[test]
fn overwritten_outputs_are_those_of_straight_line_bodies() {
    let vars = [
        spec("x", DType::Float32, false),
        spec("y", DType::Float32, true),
        spec("u", DType::Float32, true),
    ];
    let p = ElementwiseProgram::compile(&vars, "", "", "y = x * 2;", "").unwrap();
    assert!(!p.overwrites(0) && p.overwrites(1) && !p.overwrites(2));
    let p = ElementwiseProgram::compile(&vars, "", "", "if (x > 0) y = x; u = x;", "").unwrap();
    assert!(!p.overwrites(1) && !p.overwrites(2));
}
