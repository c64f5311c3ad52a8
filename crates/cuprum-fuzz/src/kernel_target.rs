//! The `kernel` target: cuprum-kernel's CPU engine (its C-subset parser, type checker and
//! compiler, and the error diagnostics with line and caret) through the public API,
//! `ElementwiseKernel::new(..).call_one` and `ReductionKernel::new(..).call_one` on the CPU.
//!
//! An input is a selector byte (elementwise or reduction, and the dtype bound to `T`), then
//! the kernel's text sections separated by `\x01`: the preamble and the operation of an
//! elementwise kernel (parameters `T x, raw int32 r, float64 s` → `T z`), or `map_expr`,
//! `reduce_expr`, `post_map_expr` and `identity` of a reduction (`T x` → `T y`). Seeds are
//! kernels of the kind the conformance corpus has (placeholders, raw indexing, C division and
//! casts, preamble functions, `#define`, complex, loops); mutations insert C tokens and
//! keywords, rewrite numbers and swap lines. Every input compiles or gives an error whose text
//! renders; a kernel without loops (`for`, `while`, `do`: they may legitimately never end) is
//! also run on 7 elements, which must give an array of the right shape or an error.

use crate::text::mutate_text;
use crate::{Rng, Target};
use cuprum_core::reduce::Axes;
use cuprum_core::{Array, DType, Device};
use cuprum_kernel::{ElementwiseKernel, ReductionKernel, args};

const WORDS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    ";",
    ",",
    "?",
    ":",
    "=",
    "+=",
    "<<=",
    "++",
    "--",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "&&",
    "||",
    "!",
    "~",
    "^",
    "&",
    "|",
    "==",
    "<",
    "x",
    "z",
    "r[i]",
    "r[",
    "i",
    "s",
    "a",
    "b",
    "y",
    "_ind.size()",
    "_in_ind.size()",
    "r.size()",
    "int",
    "unsigned",
    "long long",
    "float",
    "double",
    "bool",
    "T",
    "const",
    "auto",
    "(int)",
    "(float)",
    "static_cast<T>(",
    "complex<float>",
    "complex<double>",
    "real(",
    "imag(",
    "conj(",
    "abs(",
    "exp(",
    "sqrt(",
    "pow(",
    "fma(",
    "min(",
    "max(",
    "__float_as_int(",
    "__popc(",
    "if",
    "else",
    "return",
    "break",
    "continue",
    "__device__",
    "#define",
    "#include <x>\n",
    "typedef",
    "\n",
    "/*",
    "*/",
    "//",
    "\"",
    "'",
    "1e308",
    "0x7fffffff",
    "-2147483648",
    "1.5f",
    "2u",
    "3ll",
    "0.0/0.0",
    "switch",
    "goto",
    "struct",
    "template",
    "&x",
    "*p",
    "[",
    "]",
    ".",
    "->",
];

/// The kernel-parser target.
pub struct KernelTarget;

const DTYPES: [DType; 8] = [
    DType::Float32,
    DType::Float64,
    DType::Int32,
    DType::Int64,
    DType::UInt8,
    DType::Complex64,
    DType::Bool,
    DType::Float16,
];

fn seed(sel: u8, sections: &[&str]) -> Vec<u8> {
    let mut v = vec![sel];
    v.extend_from_slice(sections.join("\x01").as_bytes());
    v
}

/// Whether `text` has a loop keyword as a whole word.
fn has_loop(text: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| matches!(w, "for" | "while" | "do"))
}

impl Target for KernelTarget {
    fn name(&self) -> &'static str {
        "kernel"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        vec![
            seed(0, &["", "z = x + s * 2;"]),
            seed(1, &["", "z = (T)(x / 3) + r[i % r.size()];"]),
            seed(2, &["", "z = x % 3 == 0 ? x : -x;"]),
            seed(
                3,
                &[
                    "__device__ T sq(T v) { return v * v; }",
                    "z = sq(x) - (T)s;",
                ],
            ),
            seed(4, &["#define K 7", "z = x + K; z <<= 1;"]),
            seed(5, &["", "z = x * conj(x) + T(real(x), 1);"]),
            seed(
                1,
                &[
                    "",
                    "T acc = 0; for (int k = 0; k < 3; ++k) acc += x; z = acc;",
                ],
            ),
            seed(
                2,
                &[
                    "",
                    "int k = 0; while (k < 4) { k++; if (k == 2) continue; } z = k;",
                ],
            ),
            seed(7, &["", "float t = x; z = t * 0.5f;"]),
            seed(0, &["", "if (i & 1) { z = x; } else z = -x;"]),
            seed(
                3,
                &[
                    "typedef long long ll;",
                    "ll q = (ll)x * 3000000000ll; z = (T)(q >> 3);",
                ],
            ),
            seed(128, &["x * x", "a + b", "y = sqrt(a)", "0"]),
            seed(129, &["x", "max(a, b)", "y = a", "-1e300"]),
            seed(130, &["(x > 0) ? 1 : 0", "a + b", "y = a * 2", "0"]),
            seed(133, &["x * x", "a + b", "y = a", "0"]),
        ]
    }

    fn mutate(&self, rng: &mut Rng, v: &mut Vec<u8>) -> bool {
        if v.is_empty() {
            return false;
        }
        if rng.one_in(16) {
            v[0] = rng.next_u64() as u8;
            return true;
        }
        let mut body = v[1..].to_vec();
        if !mutate_text(rng, &mut body, WORDS) {
            return false;
        }
        v.truncate(1);
        v.extend_from_slice(&body);
        true
    }

    fn run(&self, input: &[u8]) -> bool {
        let Some((&sel, rest)) = input.split_first() else {
            return false;
        };
        let Ok(text) = std::str::from_utf8(rest) else {
            return false;
        };
        let dt = DTYPES[(sel & 7) as usize];
        let sections: Vec<&str> = text.split('\x01').collect();
        let run_it = !has_loop(text);
        let x = Array::from_vec_on((0..7).map(|v| v as f64 - 3.0).collect(), &[7], Device::Cpu)
            .unwrap()
            .astype(dt)
            .unwrap();
        if sel & 128 == 0 {
            let (pre, op) = match sections.as_slice() {
                [op] => ("", *op),
                [pre, op, ..] => (*pre, *op),
                [] => return false,
            };
            let k = match ElementwiseKernel::new("T x, raw int32 r, float64 s", "T z", op, "fz") {
                Ok(k) => k.preamble(pre),
                Err(e) => {
                    let _ = e.to_string();
                    return false;
                }
            };
            if !run_it {
                return false;
            }
            let r = Array::from_vec_on(vec![5i32, -1, 0, 7, 2], &[5], Device::Cpu).unwrap();
            match k.call_one(args![&x, &r, 2.5f64]) {
                Ok(z) => {
                    assert_eq!(z.shape(), &[7]);
                    assert_eq!(z.dtype(), dt);
                    let _ = z.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
                    true
                }
                Err(e) => {
                    let _ = e.to_string();
                    false
                }
            }
        } else {
            let get = |i: usize| sections.get(i).copied().unwrap_or("");
            let k = match ReductionKernel::new("T x", "T y", get(0), get(1), get(2), get(3), "rz") {
                Ok(k) => k,
                Err(e) => {
                    let _ = e.to_string();
                    return false;
                }
            };
            if !run_it {
                return false;
            }
            let x2 = x.reshape(&[7, 1]).unwrap();
            let axis = if sel & 64 == 0 {
                Axes::All
            } else {
                Axes::One(0)
            };
            match k.call_one(args![&x2], axis, sel & 32 != 0) {
                Ok(y) => {
                    assert_eq!(y.dtype(), dt);
                    let _ = y.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap();
                    true
                }
                Err(e) => {
                    let _ = e.to_string();
                    false
                }
            }
        }
    }
}
