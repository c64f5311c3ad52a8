//! The C subset of a `RawKernel` beyond CUDA's thread model: local arrays, `__constant__`
//! arrays, initializer lists, pointer variables and pointer arithmetic. The same source on every device; the values computed by hand
//! (exact in `float`).

use super::arr;
use cuprum_core::Device;
use cuprum_core::ext::test_util::all_devices;
use cuprum_kernel::{KernelError, LaunchArgs, RawKernel};

/// Runs kernel `name` of `src` as `(x, y, n)` with `x = 0, 1, 2, ...` (`nx` of them) over
/// `grid` blocks of 32 threads on every device; `y` (`ny` elements) must be `want`.
fn check_xy(src: &str, name: &str, (nx, ny, n): (usize, usize, usize), grid: u32, want: &[f32]) {
    let k = RawKernel::new(src, name);
    for d in all_devices() {
        let x = arr((0..nx).map(|v| v as f32).collect(), &[nx], d);
        let y = arr(vec![0.0f32; ny], &[ny], d);
        k.launch(
            grid,
            32,
            0,
            &LaunchArgs::new().array(&x).array(&y).scalar(n as i32),
        )
        .unwrap();
        assert_eq!(y.to_vec::<f32>().unwrap(), want, "{d:?}");
    }
}

/// The launch error of kernel `f(x)` of `src` over one block of `threads` threads.
fn launch_error(src: &str, x: &cuprum_core::Array, threads: u32) -> String {
    RawKernel::new(src, "f")
        .launch(1, threads, 0, &LaunchArgs::new().array(x))
        .unwrap_err()
        .to_string()
}

/// Each source's kernel `f(x, y, 2)` fails to compile with a message holding the text given.
fn compile_errors(cases: &[(&str, &str)]) {
    let x = arr(vec![0.0f32; 4], &[4], Device::Cpu);
    for (src, want) in cases {
        let e = RawKernel::new(src, "f")
            .launch(1, 1, 0, &LaunchArgs::new().array(&x).array(&x).scalar(2i32))
            .unwrap_err();
        assert!(matches!(e, KernelError::Compile { .. }), "{src}: {e}");
        assert!(e.to_string().contains(want), "{src}: {e}");
    }
}

const LOCAL_ARRAYS: &str = r#"
__constant__ float coef[4] = {0.5f, -1.0f, 2.0f, 0.25f};
__constant__ int offs[3] = {10, 20};

__device__ float dot4(const float* a) {
    float s = 0.0f;
    for (int k = 0; k < 4; ++k) s += a[k] * coef[k];
    return s;
}

extern "C" __global__ void local_arrays(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float w[4];
    for (int k = 0; k < 4; ++k) w[k] = x[i] + k;
    int m[2][3] = {1, 2, 3, 4, 5, 6,};
    m[0][1] += (int)threadIdx.x % 2;
    y[i] = dot4(w) + m[1][2] * m[0][1] + offs[2] + offs[1];
}
"#;

#[test]
fn local_and_constant_arrays() {
    // dot4 = 0.5x - (x + 1) + 2(x + 2) + 0.25(x + 3) = 1.75x + 3.75; m[1][2] = 6;
    // m[0][1] = 2 + (threadIdx.x odd); offs = {10, 20, 0}
    let want: Vec<f32> = (0..100)
        .map(|i| 1.75 * i as f32 + 3.75 + 6.0 * (2 + (i % 32) % 2) as f32 + 20.0)
        .collect();
    check_xy(LOCAL_ARRAYS, "local_arrays", (100, 100, 100), 4, &want);
}

#[test]
fn local_array_errors() {
    let x = arr(vec![0.0f32; 8], &[8], Device::Cpu);
    // an index past a thread's own row faults (it never reaches another thread's row)
    let src = r#"extern "C" __global__ void f(float* y) {
            float w[4] = {1.0f, 2.0f, 3.0f, 4.0f};
            y[threadIdx.x] = w[threadIdx.x]; }"#;
    let e = launch_error(src, &x, 8);
    assert!(e.contains("local array 'w'"), "{e}");
    let ok = RawKernel::new(src, "f").launch(1, 4, 0, &LaunchArgs::new().array(&x));
    assert!(ok.is_ok(), "{ok:?}");
    assert_eq!(
        x.to_vec::<f32>().unwrap(),
        vec![1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0]
    );
    compile_errors(&[
        (
            r#"__constant__ float c[2] = {1.0f, 2.0f};
               extern "C" __global__ void f(float* x, float* y, int n) { c[0] = y[0]; }"#,
            "read-only",
        ),
        (
            r#"extern "C" __global__ void f(float* x, float* y, int n) { float w[2] = {1.0f, 2.0f, 3.0f}; }"#,
            "too many initializers",
        ),
        (
            r#"extern "C" __global__ void f(float* x, float* y, int n) { float w[n]; }"#,
            "positive integer constant",
        ),
        (
            r#"extern "C" __global__ void f(float* x, float* y, int n) { double w[4096]; }"#,
            "bytes a thread has",
        ),
    ]);
}

const POINTERS: &str = r#"
__device__ float sum3(const float* p) { return p[0] + p[1] + *(p + 2); }
__device__ void bump(float* q, int n) { for (int k = 0; k < n; ++k) *q++ += 1.0f; }

extern "C" __global__ void pointers(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* row = x + 3 * i;
    float* out = &y[2 * i];
    out[0] = sum3(row);
    float w[3] = {row[2], row[1], *row};
    float* pw = w;
    pw += 1;
    float a = *pw - *(pw - 1);
    float b = *pw++;
    out[1] = a + b + pw[0];
    bump(out, 2);
}
"#;

#[test]
fn pointer_arithmetic() {
    // row i = (3i, 3i+1, 3i+2): out0 = 9i + 3, out1 = -1 + (3i + 1) + 3i; bump adds 1
    let want: Vec<f32> = (0..50)
        .flat_map(|i| [9.0 * i as f32 + 4.0, 6.0 * i as f32 + 1.0])
        .collect();
    check_xy(POINTERS, "pointers", (150, 100, 50), 2, &want);
}

#[test]
fn pointer_errors() {
    let x = arr(vec![0.0f32; 4], &[4], Device::Cpu);
    // a pointer stays bounds-checked against its array
    let e = launch_error(
        r#"extern "C" __global__ void f(float* x) { float* p = x + 3; p[threadIdx.x] = 1.0f; }"#,
        &x,
        2,
    );
    assert!(e.contains("index 4 is out of bounds"), "{e}");
    compile_errors(&[
        (
            r#"extern "C" __global__ void f(float* x, float* y, int n) { float* p = x; p = y; }"#,
            "points into one array",
        ),
        (
            r#"extern "C" __global__ void f(float* x, float* y, int n) { float* p; }"#,
            "needs an initializer",
        ),
        (
            r#"extern "C" __global__ void f(const float* x, float* y, int n) { const float* p = x + 1; p[0] = 2.0f; }"#,
            "read-only",
        ),
        (
            r#"extern "C" __global__ void f(float* x, float* y, int n) { int* p = (x + 1); }"#,
            "cannot point into an array of float",
        ),
    ]);
}

const STRUCTS: &str = r#"
struct Acc { float sum; int count; };

__device__ void push(Acc& a, float v) { a.sum += v; a.count += 1; }
__device__ float mean(const Acc& a) { return a.sum / a.count; }
__device__ float twice_sum(Acc a) { a.sum *= 2.0f; return a.sum; }

extern "C" __global__ void structs(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Acc a = {0.0f, 0};
    for (int k = 0; k <= i % 4; ++k) push(a, x[i] + k);
    Acc b = a;
    b.count = 100;
    float t = twice_sum(a);
    Acc c{1.0f, 1};
    c = b;
    y[2 * i] = mean(a) + t;
    y[2 * i + 1] = c.count + a.count;
}
"#;

#[test]
fn structs_by_value_and_by_reference() {
    // m = i % 4: a.sum = (m + 1) i + m (m + 1) / 2, a.count = m + 1; twice_sum copies
    let want: Vec<f32> = (0..40)
        .flat_map(|i| {
            let (x, m) = (i as f32, (i % 4) as f32);
            let sum = (m + 1.0) * x + m * (m + 1.0) / 2.0;
            [sum / (m + 1.0) + 2.0 * sum, 100.0 + m + 1.0]
        })
        .collect();
    check_xy(STRUCTS, "structs", (40, 80, 40), 2, &want);
}

#[test]
fn struct_errors() {
    let s = "struct P { float a; int b; };\n";
    let cases = [
        (
            "extern \"C\" __global__ void f(float* x, float* y, int n) { P p[4]; }",
            "arrays of structs",
        ),
        ("__device__ P g() { P p; return p; }", "returning a struct"),
        (
            "extern \"C\" __global__ void f(float* x, float* y, int n) { P p; p.c = 1; }",
            "no field 'c'",
        ),
        (
            "extern \"C\" __global__ void f(float* x, float* y, int n) { P p; x[0] = p; }",
            "through its fields",
        ),
        (
            "extern \"C\" __global__ void f(float* x, float* y, int n) { P p = x[0]; }",
            "initializer list",
        ),
    ];
    let srcs: Vec<String> = cases.iter().map(|(c, _)| format!("{s}{c}")).collect();
    let cases: Vec<(&str, &str)> = srcs
        .iter()
        .zip(cases)
        .map(|(s, (_, w))| (s.as_str(), w))
        .collect();
    compile_errors(&cases);
}
