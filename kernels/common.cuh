// cuprum common device header: storage types, compute types, NumPy casts.
//
// Embedded into cuprum-core with include_str! and prepended to every generated kernel; compiled
// only through the NVRTC cache (cuprum_core::cuda::nvrtc). No system headers: NVRTC needs none.
//
// Storage types are what sits in memory (f16/bf16 as raw 16-bit words); compute types are what
// arithmetic runs in (float for f16/bf16, as NumPy's half loops do). `ld(x)` maps storage to
// compute, `cast<D>(x)` maps any compute value to any storage type with NumPy `astype` semantics
// (float -> integer saturates and maps NaN to 0, as Rust's `as` does; complex -> real takes the
// real part; anything -> bool is `!= 0`).

typedef signed char i8;
typedef short i16;
typedef int i32;
typedef long long i64;
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

struct __align__(2) f16 { u16 x; };
struct __align__(2) bf16 { u16 x; };
struct __align__(8) c64 { float re, im; };
struct __align__(16) c128 { double re, im; };

#define CUPRUM_INF_F __int_as_float(0x7f800000)
#define CUPRUM_NAN_F __int_as_float(0x7fffffff)
#define CUPRUM_INF_D __longlong_as_double(0x7ff0000000000000LL)
#define CUPRUM_NAN_D __longlong_as_double(0x7fffffffffffffffLL)

// ---- small type traits (no <type_traits> under NVRTC) ----
template <class T> struct Tr { enum { is_int = 0, is_signed = 0, is_float = 0, is_complex = 0, bits = 0 }; };
#define CUPRUM_TR(T, I, S, F, C, B) template <> struct Tr<T> { enum { is_int = I, is_signed = S, is_float = F, is_complex = C, bits = B }; };
CUPRUM_TR(bool, 0, 0, 0, 0, 8)
CUPRUM_TR(i8, 1, 1, 0, 0, 8)
CUPRUM_TR(i16, 1, 1, 0, 0, 16)
CUPRUM_TR(i32, 1, 1, 0, 0, 32)
CUPRUM_TR(i64, 1, 1, 0, 0, 64)
CUPRUM_TR(u8, 1, 0, 0, 0, 8)
CUPRUM_TR(u16, 1, 0, 0, 0, 16)
CUPRUM_TR(u32, 1, 0, 0, 0, 32)
CUPRUM_TR(u64, 1, 0, 0, 0, 64)
CUPRUM_TR(float, 0, 1, 1, 0, 32)
CUPRUM_TR(double, 0, 1, 1, 0, 64)
CUPRUM_TR(c64, 0, 1, 0, 1, 64)
CUPRUM_TR(c128, 0, 1, 0, 1, 128)

template <class T> struct Unsigned { typedef T t; };
template <> struct Unsigned<i8> { typedef u8 t; };
template <> struct Unsigned<i16> { typedef u16 t; };
template <> struct Unsigned<i32> { typedef u32 t; };
template <> struct Unsigned<i64> { typedef u64 t; };

template <class T> struct Lim;
#define CUPRUM_LIM(T, LO, HI) template <> struct Lim<T> { static __device__ __forceinline__ T lo() { return LO; } static __device__ __forceinline__ T hi() { return HI; } };
CUPRUM_LIM(i8, -128, 127)
CUPRUM_LIM(i16, -32768, 32767)
CUPRUM_LIM(i32, (-2147483647 - 1), 2147483647)
CUPRUM_LIM(i64, (-9223372036854775807LL - 1), 9223372036854775807LL)
CUPRUM_LIM(u8, 0, 255)
CUPRUM_LIM(u16, 0, 65535)
CUPRUM_LIM(u32, 0, 4294967295u)
CUPRUM_LIM(u64, 0, 18446744073709551615ull)

// ---- half / bfloat16 conversions ----
__device__ __forceinline__ float h2f(u16 h) {
    float f;
    asm("{ .reg .b16 t; mov.b16 t, %1; cvt.f32.f16 %0, t; }" : "=f"(f) : "h"(h));
    return f;
}
__device__ __forceinline__ u16 f2h(float f) {
    u16 h;
    asm("{ .reg .b16 t; cvt.rn.f16.f32 t, %1; mov.b16 %0, t; }" : "=h"(h) : "f"(f));
    return h;
}
__device__ __forceinline__ float b2f(u16 b) { return __uint_as_float(((u32)b) << 16); }
__device__ __forceinline__ u16 f2b(float f) {
    u32 u = __float_as_uint(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (u16)((u >> 16) | 0x40);  // quiet NaN
    u32 lsb = (u >> 16) & 1u;
    u += 0x7fffu + lsb;  // round to nearest even
    return (u16)(u >> 16);
}
// double -> float rounding to odd: a following round-to-nearest to a narrower format is then
// correctly rounded (no double rounding).
__device__ __forceinline__ float d2f_odd(double d) {
    float f = __double2float_rz(d);
    if ((double)f != d && !(d != d)) {
        u32 u = __float_as_uint(f) | 1u;
        f = __uint_as_float(u);
    }
    return f;
}

// ---- complex helpers ----
__device__ __forceinline__ c64 mk(float r, float i) { c64 z; z.re = r; z.im = i; return z; }
__device__ __forceinline__ c128 mk(double r, double i) { c128 z; z.re = r; z.im = i; return z; }

// ---- ld: storage -> compute ----
template <class T> __device__ __forceinline__ T ld(T x) { return x; }
__device__ __forceinline__ float ld(f16 x) { return h2f(x.x); }
__device__ __forceinline__ float ld(bf16 x) { return b2f(x.x); }

// ---- cast: compute value -> storage type ----
template <class D> struct Cast {
    // integers and bool as destination
    template <class S> static __device__ __forceinline__ D from(S x) {
        if (Tr<D>::is_int) return (D)x;  // int -> int wraps; bool -> int
        return (D)x;
    }
};
template <class D> __device__ __forceinline__ D sat_int(double x) {
    if (x != x) return (D)0;
    if (x <= (double)Lim<D>::lo()) return Lim<D>::lo();
    if (x >= (double)Lim<D>::hi()) return Lim<D>::hi();
    return (D)x;
}
template <class D> __device__ __forceinline__ D cast_real(bool x) { return (D)x; }
#define CUPRUM_INT_CASTS(D)                                                            \
    template <> struct Cast<D> {                                                       \
        static __device__ __forceinline__ D from(bool x) { return (D)x; }              \
        static __device__ __forceinline__ D from(i8 x) { return (D)x; }                \
        static __device__ __forceinline__ D from(i16 x) { return (D)x; }               \
        static __device__ __forceinline__ D from(i32 x) { return (D)x; }               \
        static __device__ __forceinline__ D from(i64 x) { return (D)x; }               \
        static __device__ __forceinline__ D from(u8 x) { return (D)x; }                \
        static __device__ __forceinline__ D from(u16 x) { return (D)x; }               \
        static __device__ __forceinline__ D from(u32 x) { return (D)x; }               \
        static __device__ __forceinline__ D from(u64 x) { return (D)x; }               \
        static __device__ __forceinline__ D from(float x) { return sat_int<D>((double)x); } \
        static __device__ __forceinline__ D from(double x) { return sat_int<D>(x); }   \
        static __device__ __forceinline__ D from(c64 x) { return sat_int<D>((double)x.re); } \
        static __device__ __forceinline__ D from(c128 x) { return sat_int<D>(x.re); } \
    };
CUPRUM_INT_CASTS(i8)
CUPRUM_INT_CASTS(i16)
CUPRUM_INT_CASTS(i32)
CUPRUM_INT_CASTS(i64)
CUPRUM_INT_CASTS(u8)
CUPRUM_INT_CASTS(u16)
CUPRUM_INT_CASTS(u32)
CUPRUM_INT_CASTS(u64)
template <> struct Cast<bool> {
    template <class S> static __device__ __forceinline__ bool from(S x) { return x != (S)0; }
    static __device__ __forceinline__ bool from(c64 x) { return x.re != 0.0f || x.im != 0.0f; }
    static __device__ __forceinline__ bool from(c128 x) { return x.re != 0.0 || x.im != 0.0; }
};
template <> struct Cast<float> {
    template <class S> static __device__ __forceinline__ float from(S x) { return (float)x; }
    static __device__ __forceinline__ float from(c64 x) { return x.re; }
    static __device__ __forceinline__ float from(c128 x) { return (float)x.re; }
};
template <> struct Cast<double> {
    template <class S> static __device__ __forceinline__ double from(S x) { return (double)x; }
    static __device__ __forceinline__ double from(c64 x) { return (double)x.re; }
    static __device__ __forceinline__ double from(c128 x) { return x.re; }
};
template <> struct Cast<f16> {
    template <class S> static __device__ __forceinline__ f16 from(S x) { f16 r; r.x = f2h(d2f_odd((double)x)); return r; }
    static __device__ __forceinline__ f16 from(float x) { f16 r; r.x = f2h(x); return r; }
    static __device__ __forceinline__ f16 from(c64 x) { return from(x.re); }
    static __device__ __forceinline__ f16 from(c128 x) { return from(x.re); }
};
template <> struct Cast<bf16> {
    template <class S> static __device__ __forceinline__ bf16 from(S x) { bf16 r; r.x = f2b(d2f_odd((double)x)); return r; }
    static __device__ __forceinline__ bf16 from(float x) { bf16 r; r.x = f2b(x); return r; }
    static __device__ __forceinline__ bf16 from(c64 x) { return from(x.re); }
    static __device__ __forceinline__ bf16 from(c128 x) { return from(x.re); }
};
template <> struct Cast<c64> {
    template <class S> static __device__ __forceinline__ c64 from(S x) { return mk((float)x, 0.0f); }
    static __device__ __forceinline__ c64 from(c64 x) { return x; }
    static __device__ __forceinline__ c64 from(c128 x) { return mk((float)x.re, (float)x.im); }
};
template <> struct Cast<c128> {
    template <class S> static __device__ __forceinline__ c128 from(S x) { return mk((double)x, 0.0); }
    static __device__ __forceinline__ c128 from(c64 x) { return mk((double)x.re, (double)x.im); }
    static __device__ __forceinline__ c128 from(c128 x) { return x; }
};
template <class D, class S> __device__ __forceinline__ D cast(S x) { return Cast<D>::from(x); }
