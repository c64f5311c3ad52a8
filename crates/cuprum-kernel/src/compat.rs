//! What user CUDA C expects of its compiler and NVRTC lacks: C's math constants (`INFINITY`,
//! `NAN`, `M_PI`, `FLT_MAX`, ... from `<math.h>`, `<float.h>` and `<limits.h>`, which NVRTC
//! does not provide) and CuPy's header names (`#include <cupy/complex.cuh>` and
//! `<cupy/carray.cuh>`: cuprum's `complex<F>`; `<cupy/math_constants.h>`: the constants).
//! The CPU kernel engine knows the same names, so one source compiles alike on both devices.

/// `#define`s of C's constants, each only when not defined already.
pub(crate) const MATH_CONSTANTS: &str = r#"#ifndef CUPRUM_MATH_CONSTANTS
#define CUPRUM_MATH_CONSTANTS
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
#ifndef HUGE_VALF
#define HUGE_VALF __int_as_float(0x7f800000)
#endif
#ifndef HUGE_VAL
#define HUGE_VAL __longlong_as_double(0x7ff0000000000000LL)
#endif
#ifndef M_E
#define M_E 2.7182818284590452354
#endif
#ifndef M_LOG2E
#define M_LOG2E 1.4426950408889634074
#endif
#ifndef M_LOG10E
#define M_LOG10E 0.43429448190325182765
#endif
#ifndef M_LN2
#define M_LN2 0.69314718055994530942
#endif
#ifndef M_LN10
#define M_LN10 2.30258509299404568402
#endif
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#ifndef M_PI_2
#define M_PI_2 1.57079632679489661923
#endif
#ifndef M_PI_4
#define M_PI_4 0.78539816339744830962
#endif
#ifndef M_1_PI
#define M_1_PI 0.31830988618379067154
#endif
#ifndef M_2_PI
#define M_2_PI 0.63661977236758134308
#endif
#ifndef M_2_SQRTPI
#define M_2_SQRTPI 1.12837916709551257390
#endif
#ifndef M_SQRT2
#define M_SQRT2 1.41421356237309504880
#endif
#ifndef M_SQRT1_2
#define M_SQRT1_2 0.70710678118654752440
#endif
#ifndef FLT_MAX
#define FLT_MAX 3.402823466e+38F
#endif
#ifndef FLT_MIN
#define FLT_MIN 1.175494351e-38F
#endif
#ifndef FLT_EPSILON
#define FLT_EPSILON 1.192092896e-07F
#endif
#ifndef DBL_MAX
#define DBL_MAX 1.7976931348623158e+308
#endif
#ifndef DBL_MIN
#define DBL_MIN 2.2250738585072014e-308
#endif
#ifndef DBL_EPSILON
#define DBL_EPSILON 2.2204460492503131e-016
#endif
#ifndef INT_MAX
#define INT_MAX 2147483647
#endif
#ifndef INT_MIN
#define INT_MIN (-2147483647 - 1)
#endif
#ifndef UINT_MAX
#define UINT_MAX 0xffffffffU
#endif
#ifndef LLONG_MAX
#define LLONG_MAX 9223372036854775807LL
#endif
#ifndef LLONG_MIN
#define LLONG_MIN (-9223372036854775807LL - 1)
#endif
#ifndef ULLONG_MAX
#define ULLONG_MAX 0xffffffffffffffffULL
#endif
#endif
"#;

/// The CuPy header a line includes (`cupy/complex.cuh`), if any.
fn cupy_include(line: &str) -> Option<&str> {
    let t = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = t.strip_prefix("include")?.trim();
    let name = rest
        .strip_prefix('<')
        .and_then(|r| r.split('>').next())
        .or_else(|| rest.strip_prefix('"').and_then(|r| r.split('"').next()))?;
    matches!(
        name,
        "cupy/complex.cuh" | "cupy/carray.cuh" | "cupy/math_constants.h"
    )
    .then_some(name)
}

/// User source for NVRTC: the constants first, then `code` with its CuPy includes replaced.
/// `headers` is the text a complex include stands for (empty when the generated source holds
/// cuprum's types already); `origin` is the `#line` file name of `code`'s first line, so
/// that every line keeps its number (the text after a replaced include continues at the
/// include's line + 1).
pub(crate) fn for_nvrtc(code: &str, headers: &str, origin: &str) -> String {
    let mut s = String::with_capacity(MATH_CONSTANTS.len() + code.len() + 64);
    s.push_str(MATH_CONSTANTS);
    s.push_str(&format!("#line 1 \"{origin}\"\n"));
    let mut included = false;
    for (k, line) in code.lines().enumerate() {
        match cupy_include(line) {
            Some(name) if name != "cupy/math_constants.h" && !headers.is_empty() => {
                if !included {
                    s.push_str("#ifndef CUPRUM_USER_TYPES\n#define CUPRUM_USER_TYPES\n");
                    s.push_str(headers);
                    s.push_str("\n#endif\n");
                    included = true;
                }
                s.push_str(&format!("#line {} \"{origin}\"\n", k + 2));
            }
            Some(_) => s.push('\n'),
            None => {
                s.push_str(line);
                s.push('\n');
            }
        }
    }
    s
}

/// cuprum's types for a raw kernel's `#include <cupy/complex.cuh>`: core's common header and
/// the user-kernel header (`complex<F>`, `float16`, `CArray`, ...).
pub(crate) fn raw_headers() -> String {
    let mut h = String::with_capacity(
        cuprum_core::ext::CUDA_COMMON.len() + cuprum_core::ext::codegen::USER_HEADER.len() + 2,
    );
    h.push_str(cuprum_core::ext::CUDA_COMMON);
    h.push('\n');
    h.push_str(cuprum_core::ext::codegen::USER_HEADER);
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_and_cupy_headers() {
        let code = "#include <cupy/complex.cuh>\nextern \"C\" __global__ void f() {}\n";
        let s = for_nvrtc(code, "struct X {};", "source");
        assert!(s.starts_with(MATH_CONSTANTS));
        assert!(s.contains("#define INFINITY"));
        assert!(s.contains("struct X {};"));
        assert!(!s.contains("#include <cupy"));
        // the kernel line keeps its number: line 2 of "source"
        let after = s.split("#line 2 \"source\"\n").nth(1).unwrap();
        assert!(after.starts_with("extern \"C\""));
        // generated sources hold the types already: the include becomes a blank line
        let s = for_nvrtc("#include \"cupy/complex.cuh\"\nint x;\n", "", "g");
        assert!(s.ends_with("#line 1 \"g\"\n\nint x;\n"), "{s}");
        assert_eq!(
            cupy_include("  #  include <cupy/carray.cuh>"),
            Some("cupy/carray.cuh")
        );
        assert_eq!(cupy_include("#include <stdio.h>"), None);
        assert!(raw_headers().contains("struct alignas(2 * sizeof(F)) complex"));
    }
}
