//! The CUDA side of a `jit` kernel: the source of one instantiation (the prelude of helpers,
//! the type parameters' `typedef`s, the signature and the macro's body) and its launch.

use super::rt::{ElemTy, PKind, Spec};
use crate::error::{KernelError, Result};
use crate::source::{ArgPack, map_compile_error};
use cuprum_core::DType;
use cuprum_core::ext::codegen::cupy_c_type;

/// The helpers the generated body calls (`__jit_*`): arithmetic with the CPU's semantics
/// (integer division by zero gives 0, float `%` is `fmod`), math functions for every element
/// type, atomics for every 4- and 8-byte type (native where CUDA has them, a
/// compare-and-swap loop otherwise), the lane index and the step of a `for` loop
/// (`__jit_next`: Rust's ranges, which end where the next value would leave the type).
pub(crate) const PRELUDE: &str = r#"#define JIT_D __device__ __forceinline__
template <class X> JIT_D X __jit_div(X a, X b) {
    if (b == X(0)) return X(0);
    if (X(-1) < X(0) && b == X(-1)) return (X)(X(0) - a);
    return (X)(a / b);
}
JIT_D float __jit_div(float a, float b) { return a / b; }
JIT_D double __jit_div(double a, double b) { return a / b; }
template <class X> JIT_D X __jit_rem(X a, X b) {
    if (b == X(0)) return X(0);
    if (X(-1) < X(0) && b == X(-1)) return X(0);
    return (X)(a % b);
}
JIT_D float __jit_rem(float a, float b) { return fmodf(a, b); }
JIT_D double __jit_rem(double a, double b) { return fmod(a, b); }
#define JIT_M1(N, FF, FD) \
    template <class X> JIT_D X __jit_##N(X a) { return (X)FD((double)a); } \
    JIT_D float __jit_##N(float a) { return FF(a); } \
    JIT_D double __jit_##N(double a) { return FD(a); }
JIT_M1(sqrt, sqrtf, sqrt) JIT_M1(cbrt, cbrtf, cbrt) JIT_M1(exp, expf, exp)
JIT_M1(exp2, exp2f, exp2) JIT_M1(log, logf, log) JIT_M1(log2, log2f, log2)
JIT_M1(log10, log10f, log10) JIT_M1(sin, sinf, sin) JIT_M1(cos, cosf, cos)
JIT_M1(tan, tanf, tan) JIT_M1(asin, asinf, asin) JIT_M1(acos, acosf, acos)
JIT_M1(atan, atanf, atan) JIT_M1(sinh, sinhf, sinh) JIT_M1(cosh, coshf, cosh)
JIT_M1(tanh, tanhf, tanh)
#define JIT_R1(N, FF, FD) \
    template <class X> JIT_D X __jit_##N(X a) { return a; } \
    JIT_D float __jit_##N(float a) { return FF(a); } \
    JIT_D double __jit_##N(double a) { return FD(a); }
JIT_R1(floor, floorf, floor) JIT_R1(ceil, ceilf, ceil) JIT_R1(round, roundf, round)
JIT_R1(trunc, truncf, trunc)
template <class X> JIT_D X __jit_abs(X a) { return a < X(0) ? (X)(X(0) - a) : a; }
JIT_D float __jit_abs(float a) { return fabsf(a); }
JIT_D double __jit_abs(double a) { return fabs(a); }
template <class X> JIT_D X __jit_min(X a, X b) { return b < a ? b : a; }
JIT_D float __jit_min(float a, float b) { return fminf(a, b); }
JIT_D double __jit_min(double a, double b) { return fmin(a, b); }
template <class X> JIT_D X __jit_max(X a, X b) { return a < b ? b : a; }
JIT_D float __jit_max(float a, float b) { return fmaxf(a, b); }
JIT_D double __jit_max(double a, double b) { return fmax(a, b); }
template <class X> JIT_D X __jit_pow(X a, X e) {
    X r = X(1);
    while (e > X(0)) { if ((e & X(1)) == X(1)) r = (X)(r * a); a = (X)(a * a); e = (X)(e >> 1); }
    return r;
}
JIT_D float __jit_pow(float a, float b) { return powf(a, b); }
JIT_D double __jit_pow(double a, double b) { return pow(a, b); }
template <class X> JIT_D X __jit_powi(X a, int n) { return (X)pow((double)a, (double)n); }
JIT_D float __jit_powi(float a, int n) { return powf(a, (float)n); }
JIT_D double __jit_powi(double a, int n) { return pow(a, (double)n); }
template <class X> JIT_D X __jit_atan2(X a, X b) { return (X)atan2((double)a, (double)b); }
JIT_D float __jit_atan2(float a, float b) { return atan2f(a, b); }
template <class X> JIT_D X __jit_hypot(X a, X b) { return (X)hypot((double)a, (double)b); }
JIT_D float __jit_hypot(float a, float b) { return hypotf(a, b); }
template <class X> JIT_D bool __jit_next(X &v, X end, X st, bool incl) {
    unsigned long long s = st < X(0) ? ~0ull : (st == X(0) ? 1ull : (unsigned long long)st);
    unsigned long long d = (unsigned long long)end - (unsigned long long)v;
    if (incl ? s > d : s >= d) return false;
    v = (X)((unsigned long long)v + s);
    return true;
}
JIT_D bool __jit_next(float &v, float end, float st, bool incl) { v += st; return true; }
JIT_D bool __jit_next(double &v, double end, double st, bool incl) { v += st; return true; }
JIT_D unsigned int __jit_laneid() {
    return ((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) & 31u;
}
template <int S> struct __jit_word;
template <> struct __jit_word<4> { typedef unsigned int U; };
template <> struct __jit_word<8> { typedef unsigned long long U; };
template <class X, class F> JIT_D X __jit_rmw(X* p, F f) {
    typedef typename __jit_word<sizeof(X)>::U U;
    U* q = (U*)p;
    U old = *q, assumed;
    do {
        assumed = old;
        X n = f(*(X*)&assumed);
        old = atomicCAS(q, assumed, *(U*)&n);
    } while (old != assumed);
    return *(X*)&old;
}
#define JIT_NATIVE(N, F, T) JIT_D T __jit_atomic_##N(T* p, T v) { return F(p, v); }
template <class X> JIT_D X __jit_atomic_add(X* p, X v) { return __jit_rmw(p, [=](X o) { return (X)(o + v); }); }
JIT_NATIVE(add, atomicAdd, int) JIT_NATIVE(add, atomicAdd, unsigned int)
JIT_NATIVE(add, atomicAdd, unsigned long long) JIT_NATIVE(add, atomicAdd, float)
JIT_NATIVE(add, atomicAdd, double)
template <class X> JIT_D X __jit_atomic_sub(X* p, X v) { return __jit_rmw(p, [=](X o) { return (X)(o - v); }); }
JIT_NATIVE(sub, atomicSub, int) JIT_NATIVE(sub, atomicSub, unsigned int)
template <class X> JIT_D X __jit_atomic_exch(X* p, X v) { return __jit_rmw(p, [=](X o) { return v; }); }
JIT_NATIVE(exch, atomicExch, int) JIT_NATIVE(exch, atomicExch, unsigned int)
JIT_NATIVE(exch, atomicExch, unsigned long long) JIT_NATIVE(exch, atomicExch, float)
template <class X> JIT_D X __jit_atomic_min(X* p, X v) { return __jit_rmw(p, [=](X o) { return __jit_min(o, v); }); }
JIT_NATIVE(min, atomicMin, int) JIT_NATIVE(min, atomicMin, unsigned int)
JIT_NATIVE(min, atomicMin, long long) JIT_NATIVE(min, atomicMin, unsigned long long)
template <class X> JIT_D X __jit_atomic_max(X* p, X v) { return __jit_rmw(p, [=](X o) { return __jit_max(o, v); }); }
JIT_NATIVE(max, atomicMax, int) JIT_NATIVE(max, atomicMax, unsigned int)
JIT_NATIVE(max, atomicMax, long long) JIT_NATIVE(max, atomicMax, unsigned long long)
template <class X> JIT_D X __jit_atomic_inc(X* p, X v) { return __jit_rmw(p, [=](X o) { return o >= v ? X(0) : (X)(o + X(1)); }); }
JIT_NATIVE(inc, atomicInc, unsigned int)
template <class X> JIT_D X __jit_atomic_dec(X* p, X v) { return __jit_rmw(p, [=](X o) { return (o == X(0) || o > v) ? v : (X)(o - X(1)); }); }
JIT_NATIVE(dec, atomicDec, unsigned int)
template <class X> JIT_D X __jit_atomic_cas(X* p, X c, X v) { return __jit_rmw(p, [=](X o) { return o == c ? v : o; }); }
JIT_D int __jit_atomic_cas(int* p, int c, int v) { return atomicCAS(p, c, v); }
JIT_D unsigned int __jit_atomic_cas(unsigned int* p, unsigned int c, unsigned int v) { return atomicCAS(p, c, v); }
JIT_D unsigned long long __jit_atomic_cas(unsigned long long* p, unsigned long long c, unsigned long long v) { return atomicCAS(p, c, v); }
template <class X> JIT_D X __jit_atomic_and(X* p, X v) { return __jit_rmw(p, [=](X o) { return (X)(o & v); }); }
JIT_D int __jit_atomic_and(int* p, int v) { return atomicAnd(p, v); }
JIT_D unsigned int __jit_atomic_and(unsigned int* p, unsigned int v) { return atomicAnd(p, v); }
JIT_D unsigned long long __jit_atomic_and(unsigned long long* p, unsigned long long v) { return atomicAnd(p, v); }
template <class X> JIT_D X __jit_atomic_or(X* p, X v) { return __jit_rmw(p, [=](X o) { return (X)(o | v); }); }
JIT_D int __jit_atomic_or(int* p, int v) { return atomicOr(p, v); }
JIT_D unsigned int __jit_atomic_or(unsigned int* p, unsigned int v) { return atomicOr(p, v); }
JIT_D unsigned long long __jit_atomic_or(unsigned long long* p, unsigned long long v) { return atomicOr(p, v); }
template <class X> JIT_D X __jit_atomic_xor(X* p, X v) { return __jit_rmw(p, [=](X o) { return (X)(o ^ v); }); }
JIT_D int __jit_atomic_xor(int* p, int v) { return atomicXor(p, v); }
JIT_D unsigned int __jit_atomic_xor(unsigned int* p, unsigned int v) { return atomicXor(p, v); }
JIT_D unsigned long long __jit_atomic_xor(unsigned long long* p, unsigned long long v) { return atomicXor(p, v); }
"#;

/// The C name of the kernel function.
pub(crate) fn kernel_name(spec: &Spec) -> String {
    format!("jit_{}", spec.name)
}

/// The source of one instantiation: `gdt` the dtypes of the type parameters, `ndims` the
/// number of dimensions of each parameter's array (0 for scalars).
pub(crate) fn source(spec: &Spec, gdt: &[DType], ndims: &[usize]) -> String {
    let mut s = String::with_capacity(PRELUDE.len() + spec.body.len() + 512);
    s.push_str(PRELUDE);
    for (name, d) in spec.generics.iter().zip(gdt) {
        s.push_str(&format!("typedef {} {name};\n", cupy_c_type(*d)));
    }
    let mut params: Vec<String> = Vec::new();
    for (p, &nd) in spec.params.iter().zip(ndims) {
        let ct = match p.elem {
            ElemTy::Gen(g) => spec.generics.get(g).copied().unwrap_or("int").to_string(),
            ElemTy::Dt(_, c) => c.to_string(),
        };
        match p.kind {
            PKind::Scalar => params.push(format!("{ct} p_{}", p.name)),
            PKind::In | PKind::Out => {
                let c = if p.kind == PKind::In { "const " } else { "" };
                params.push(format!("{c}{ct}* p_{}", p.name));
                params.push(format!("long long p_{}_len", p.name));
                for k in 0..nd {
                    params.push(format!("long long p_{}_d{k}", p.name));
                }
            }
        }
    }
    s.push_str(&format!(
        "extern \"C\" __global__ void {}({}) {{\n",
        kernel_name(spec),
        params.join(", ")
    ));
    s.push_str(spec.body);
    s.push_str("}\n");
    s
}

/// What a GPU launch passes: per parameter, an array (device pointer, length, dims) or a
/// scalar's bytes.
pub(crate) enum GpuArg {
    Array {
        ptr: u64,
        len: usize,
        dims: Vec<usize>,
    },
    Scalar([u8; 16], usize),
}

/// Compiles (through core's NVRTC cache) and launches on device `ordinal`'s current stream.
pub(crate) fn launch(
    kernel: &super::Kernel,
    ordinal: usize,
    gdt: &[DType],
    ndims: &[usize],
    grid: [u32; 3],
    block: [u32; 3],
    args: &[GpuArg],
) -> Result<()> {
    let f = kernel.function(ordinal, gdt, ndims)?;
    let mut pack = ArgPack::new();
    for a in args {
        match a {
            GpuArg::Array { ptr, len, dims } => {
                pack.push_u64(*ptr);
                pack.push_i64(*len as i64);
                for &d in dims {
                    pack.push_i64(d as i64);
                }
            }
            GpuArg::Scalar(b, n) => pack.push_bytes(&b[..*n], (*n).clamp(1, 16)),
        }
    }
    let mut ptrs = pack.pointers();
    let cfg = cuprum_core::ext::nvrtc::LaunchConfig {
        grid: (grid[0], grid[1], grid[2]),
        block: (block[0], block[1], block[2]),
        shared_mem_bytes: 0,
    };
    // SAFETY: the arguments follow the generated signature one for one (pointer, `long long`
    // length and dims per array, each scalar in its parameter's C type, converted from the
    // argument by `convert_scalar`); the arrays are on `ordinal`, C-contiguous, held by the
    // caller until the launch is queued; the body's indexing is bounds-unchecked as in CUDA C
    // (an index out of bounds is a CUDA error, not host memory).
    unsafe { cuprum_core::ext::nvrtc::launch(&f, cfg, None, &mut ptrs) }?;
    Ok(())
}

/// Compiles one instantiation.
pub(crate) fn compile(
    spec: &Spec,
    ordinal: usize,
    gdt: &[DType],
    ndims: &[usize],
) -> Result<cuprum_core::ext::nvrtc::Function> {
    let src = source(spec, gdt, ndims);
    let name = kernel_name(spec);
    cuprum_core::ext::nvrtc::get_function(ordinal, &src, &name, &["--fmad=false"])
        .map_err(|e| map_compile_error(spec.name, e, &[], &src))
        .map_err(|e: KernelError| e)
}
