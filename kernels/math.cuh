// cuprum elementwise math with NumPy semantics, on compute types (bool, the integers, float,
// double, c64, c128). Every function is `op_<numpy name>`; generated kernels call
// `cast<Out>(op_x(ld(a), ld(b)))`.
//
// NumPy rules followed here: integer division and remainder by zero give 0; floor_divide and
// remainder round toward -inf (npy_divmod for floats); maximum/minimum propagate NaN,
// fmax/fmin ignore it; shifts by >= the bit width give 0 (or -1 for a negative signed right
// shift); integer arithmetic wraps; rint rounds half to even; complex comparisons are
// lexicographic (real part first).
// Expects common.cuh before it (the generator concatenates the two).

// ---- float math dispatch (float / double overloads) ----
#define CUPRUM_F1(name, ff, fd)                                               \
    __device__ __forceinline__ float name(float x) { return ff(x); }          \
    __device__ __forceinline__ double name(double x) { return fd(x); }
CUPRUM_F1(m_sqrt, sqrtf, sqrt)
CUPRUM_F1(m_cbrt, cbrtf, cbrt)
CUPRUM_F1(m_exp, expf, exp)
CUPRUM_F1(m_exp2, exp2f, exp2)
CUPRUM_F1(m_expm1, expm1f, expm1)
CUPRUM_F1(m_log, logf, log)
CUPRUM_F1(m_log2, log2f, log2)
CUPRUM_F1(m_log10, log10f, log10)
CUPRUM_F1(m_log1p, log1pf, log1p)
CUPRUM_F1(m_sin, sinf, sin)
CUPRUM_F1(m_cos, cosf, cos)
CUPRUM_F1(m_tan, tanf, tan)
CUPRUM_F1(m_asin, asinf, asin)
CUPRUM_F1(m_acos, acosf, acos)
CUPRUM_F1(m_atan, atanf, atan)
CUPRUM_F1(m_sinh, sinhf, sinh)
CUPRUM_F1(m_cosh, coshf, cosh)
CUPRUM_F1(m_tanh, tanhf, tanh)
CUPRUM_F1(m_asinh, asinhf, asinh)
CUPRUM_F1(m_acosh, acoshf, acosh)
CUPRUM_F1(m_atanh, atanhf, atanh)
CUPRUM_F1(m_floor, floorf, floor)
CUPRUM_F1(m_ceil, ceilf, ceil)
CUPRUM_F1(m_trunc, truncf, trunc)
CUPRUM_F1(m_rint, rintf, rint)
CUPRUM_F1(m_fabs, fabsf, fabs)
#define CUPRUM_F2(name, ff, fd)                                                        \
    __device__ __forceinline__ float name(float x, float y) { return ff(x, y); }      \
    __device__ __forceinline__ double name(double x, double y) { return fd(x, y); }
CUPRUM_F2(m_pow, powf, pow)
CUPRUM_F2(m_fmod, fmodf, fmod)
CUPRUM_F2(m_hypot, hypotf, hypot)
CUPRUM_F2(m_atan2, atan2f, atan2)
CUPRUM_F2(m_copysign, copysignf, copysign)
CUPRUM_F2(m_nextafter, nextafterf, nextafter)
__device__ __forceinline__ bool m_isnan(float x) { return x != x; }
__device__ __forceinline__ bool m_isnan(double x) { return x != x; }
__device__ __forceinline__ bool m_isinf(float x) { return isinf(x); }
__device__ __forceinline__ bool m_isinf(double x) { return isinf(x); }
__device__ __forceinline__ bool m_signbit(float x) { return signbit(x); }
__device__ __forceinline__ bool m_signbit(double x) { return signbit(x); }

// ---- complex arithmetic ----
template <class C> struct CR;
template <> struct CR<c64> { typedef float t; };
template <> struct CR<c128> { typedef double t; };
#define CUPRUM_C_OPS(C, R)                                                                  \
    __device__ __forceinline__ C cadd(C a, C b) { return mk(a.re + b.re, a.im + b.im); }    \
    __device__ __forceinline__ C csub(C a, C b) { return mk(a.re - b.re, a.im - b.im); }    \
    __device__ __forceinline__ C cmul(C a, C b) {                                           \
        return mk(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);                    \
    }                                                                                       \
    __device__ __forceinline__ C cscale(C a, R s) { return mk(a.re * s, a.im * s); }        \
    __device__ __forceinline__ C cdiv(C a, C b) { /* Smith's algorithm, as NumPy */         \
        R abr = m_fabs(b.re), abi = m_fabs(b.im);                                           \
        if (abr >= abi) {                                                                   \
            if (abr == (R)0 && abi == (R)0) return mk(a.re / abr, a.im / abi);              \
            R rat = b.im / b.re, scl = (R)1 / (b.re + b.im * rat);                          \
            return mk((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);                \
        } else {                                                                            \
            R rat = b.re / b.im, scl = (R)1 / (b.im + b.re * rat);                          \
            return mk((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);                \
        }                                                                                   \
    }                                                                                       \
    __device__ __forceinline__ R cabs_(C a) { return m_hypot(a.re, a.im); }                 \
    __device__ __forceinline__ C cexp_(C a) {                                               \
        if (a.im == (R)0) return mk(m_exp(a.re), a.im);                                     \
        R e = m_exp(a.re);                                                                  \
        return mk(e * m_cos(a.im), e * m_sin(a.im));                                        \
    }                                                                                       \
    __device__ __forceinline__ C clog_(C a) { return mk(m_log(cabs_(a)), m_atan2(a.im, a.re)); } \
    __device__ __forceinline__ C csqrt_(C a) {                                              \
        R re = a.re, im = a.im;                                                             \
        if (re == (R)0 && im == (R)0) return mk((R)0, im);                                  \
        if (isinf(im)) return mk((R)CUPRUM_INF_D, im);                                      \
        R t = m_sqrt((m_fabs(re) + cabs_(a)) * (R)0.5);                                     \
        if (re >= (R)0) return mk(t, im / (2 * t));                                         \
        return mk(m_fabs(im) / (2 * t), m_copysign(t, im));                                 \
    }

CUPRUM_C_OPS(c64, float)
CUPRUM_C_OPS(c128, double)

template <class C> __device__ __forceinline__ C cone() { return mk((typename CR<C>::t)1, (typename CR<C>::t)0); }
template <class C> __device__ __forceinline__ C ci() { return mk((typename CR<C>::t)0, (typename CR<C>::t)1); }
// i*z and -i*z
template <class C> __device__ __forceinline__ C mul_i(C z) { return mk(-z.im, z.re); }
template <class C> __device__ __forceinline__ C mul_mi(C z) { return mk(z.im, -z.re); }
template <class C> __device__ __forceinline__ C csin_(C z) {
    typedef typename CR<C>::t R;
    return mk(m_sin(z.re) * m_cosh(z.im), m_cos(z.re) * m_sinh(z.im));
}
template <class C> __device__ __forceinline__ C ccos_(C z) {
    return mk(m_cos(z.re) * m_cosh(z.im), -(m_sin(z.re) * m_sinh(z.im)));
}
template <class C> __device__ __forceinline__ C csinh_(C z) {
    return mk(m_sinh(z.re) * m_cos(z.im), m_cosh(z.re) * m_sin(z.im));
}
template <class C> __device__ __forceinline__ C ccosh_(C z) {
    return mk(m_cosh(z.re) * m_cos(z.im), m_sinh(z.re) * m_sin(z.im));
}
template <class C> __device__ __forceinline__ C ctanh_(C z) {
    typedef typename CR<C>::t R;
    // tanh(x+iy) = (sinh 2x + i sin 2y) / (cosh 2x + cos 2y), with overflow guard
    if (m_fabs(z.re) > (R)20) return mk(m_copysign((R)1, z.re), m_copysign((R)0, m_sin(2 * z.im)));
    R d = m_cosh(2 * z.re) + m_cos(2 * z.im);
    return mk(m_sinh(2 * z.re) / d, m_sin(2 * z.im) / d);
}
template <class C> __device__ __forceinline__ C ctan_(C z) {  // tan z = -i tanh(i z)
    return mul_mi(ctanh_(mul_i(z)));
}
template <class C> __device__ __forceinline__ C casinh_(C z) {  // log(z + sqrt(z^2 + 1))
    return clog_(cadd(z, csqrt_(cadd(cmul(z, z), cone<C>()))));
}
template <class C> __device__ __forceinline__ C casin_(C z) {  // -i asinh(i z)
    return mul_mi(casinh_(mul_i(z)));
}
template <class C> __device__ __forceinline__ C cacos_(C z) {  // pi/2 - asin z
    typedef typename CR<C>::t R;
    C s = casin_(z);
    return mk((R)1.5707963267948966 - s.re, -s.im);
}
template <class C> __device__ __forceinline__ C cacosh_(C z) {  // log(z + sqrt(z+1) sqrt(z-1))
    return clog_(cadd(z, cmul(csqrt_(cadd(z, cone<C>())), csqrt_(csub(z, cone<C>())))));
}
template <class C> __device__ __forceinline__ C catanh_(C z) {  // 0.5 (log(1+z) - log(1-z))
    typedef typename CR<C>::t R;
    return cscale(csub(clog_(cadd(cone<C>(), z)), clog_(csub(cone<C>(), z))), (R)0.5);
}
template <class C> __device__ __forceinline__ C catan_(C z) {  // -i atanh(i z)
    return mul_mi(catanh_(mul_i(z)));
}
template <class C> __device__ __forceinline__ C cpow_(C a, C b) {
    typedef typename CR<C>::t R;
    if (b.re == (R)0 && b.im == (R)0) return cone<C>();
    if (a.re == (R)0 && a.im == (R)0) {
        if (b.re > (R)0 && b.im == (R)0) return mk((R)0, (R)0);
        return mk((R)CUPRUM_NAN_D, (R)CUPRUM_NAN_D);
    }
    if (b.im == (R)0 && b.re == m_trunc(b.re) && m_fabs(b.re) <= (R)100) {
        // small integer exponents by repeated multiplication, as NumPy does
        long long n = (long long)b.re;
        long long k = n < 0 ? -n : n;
        C r = cone<C>(), p = a;
        while (k) { if (k & 1) r = cmul(r, p); p = cmul(p, p); k >>= 1; }
        return n < 0 ? cdiv(cone<C>(), r) : r;
    }
    return cexp_(cmul(b, clog_(a)));
}
template <class C> __device__ __forceinline__ bool c_lt(C a, C b) {
    return a.re < b.re || (a.re == b.re && a.im < b.im);
}
template <class C> __device__ __forceinline__ bool c_le(C a, C b) {
    return a.re < b.re || (a.re == b.re && a.im <= b.im);
}
template <class C> __device__ __forceinline__ bool c_isnan(C a) { return a.re != a.re || a.im != a.im; }

// ---- generic ops, dispatched by category with `if constexpr` ----
#define CX(T) (Tr<T>::is_complex)
#define FL(T) (Tr<T>::is_float)
#define IN(T) (Tr<T>::is_int)

template <class T> __device__ __forceinline__ T wrap_add(T a, T b) {
    typedef typename Unsigned<T>::t U;
    return (T)((U)a + (U)b);
}
template <class T> __device__ __forceinline__ T wrap_sub(T a, T b) {
    typedef typename Unsigned<T>::t U;
    return (T)((U)a - (U)b);
}
template <class T> __device__ __forceinline__ T wrap_mul(T a, T b) {
    typedef typename Unsigned<T>::t U;
    return (T)((U)a * (U)b);
}

template <class T> __device__ __forceinline__ T op_add(T a, T b) {
    if constexpr (CX(T)) return cadd(a, b);
    else if constexpr (IN(T)) return wrap_add(a, b);
    else if constexpr (FL(T)) return a + b;
    else return a || b;
}
template <class T> __device__ __forceinline__ T op_subtract(T a, T b) {
    if constexpr (CX(T)) return csub(a, b);
    else if constexpr (IN(T)) return wrap_sub(a, b);
    else if constexpr (FL(T)) return a - b;
    else return a != b;
}
template <class T> __device__ __forceinline__ T op_multiply(T a, T b) {
    if constexpr (CX(T)) return cmul(a, b);
    else if constexpr (IN(T)) return wrap_mul(a, b);
    else if constexpr (FL(T)) return a * b;
    else return a && b;
}
template <class T> __device__ __forceinline__ T op_divide(T a, T b) {
    if constexpr (CX(T)) return cdiv(a, b);
    else if constexpr (IN(T)) return b == 0 ? (T)0 : (T)(a / b);
    else return a / b;
}
template <class T> __device__ __forceinline__ T op_floor_divide(T a, T b) {
    if constexpr (IN(T)) {
        if (b == 0) return (T)0;
        if constexpr (Tr<T>::is_signed) {
            if (b == (T)-1) return wrap_sub((T)0, a);
            T q = a / b;
            if ((a % b != 0) && ((a < 0) != (b < 0))) q = q - 1;
            return q;
        } else {
            return a / b;
        }
    } else if constexpr (FL(T)) {
        // npy_floor_divide
        if (b == (T)0) return a / b;
        T mod = m_fmod(a, b);
        T div = (a - mod) / b;
        if (mod != (T)0) {
            if ((b < (T)0) != (mod < (T)0)) div -= (T)1;
        }
        T fd;
        if (div != (T)0) {
            fd = m_floor(div);
            if (div - fd > (T)0.5) fd += (T)1;
        } else {
            fd = m_copysign((T)0, a / b);
        }
        return fd;
    } else if constexpr (CX(T)) {
        return a;  // not reached: rejected on the host
    } else {
        return a && b;
    }
}
template <class T> __device__ __forceinline__ T op_remainder(T a, T b) {
    if constexpr (IN(T)) {
        if (b == 0) return (T)0;
        if constexpr (Tr<T>::is_signed) {
            if (b == (T)-1) return (T)0;
            T r = a % b;
            if (r != 0 && ((r < 0) != (b < 0))) r = r + b;
            return r;
        } else {
            return a % b;
        }
    } else if constexpr (FL(T)) {
        if (b == (T)0) return m_fmod(a, b);
        T mod = m_fmod(a, b);
        if (mod != (T)0) {
            if ((b < (T)0) != (mod < (T)0)) mod += b;
        } else {
            mod = m_copysign((T)0, b);
        }
        return mod;
    } else if constexpr (CX(T)) {
        return a;
    } else {
        return false;
    }
}
template <class T> __device__ __forceinline__ T op_fmod(T a, T b) {
    if constexpr (IN(T)) {
        if (b == 0) return (T)0;
        if constexpr (Tr<T>::is_signed) {
            if (b == (T)-1) return (T)0;
        }
        return a % b;
    } else if constexpr (FL(T)) {
        return m_fmod(a, b);
    } else if constexpr (CX(T)) {
        return a;
    } else {
        return false;
    }
}
template <class T> __device__ __forceinline__ T op_power(T a, T b) {
    if constexpr (IN(T)) {
        if constexpr (Tr<T>::is_signed) {
            if (b < 0) {  // NumPy rejects this on the host; keep it defined
                if (a == 1) return (T)1;
                if (a == (T)-1) return (b & 1) ? (T)-1 : (T)1;
                return (T)0;
            }
        }
        typedef typename Unsigned<T>::t U;
        U r = 1, p = (U)a;
        U k = (U)b;
        while (k) { if (k & 1) r *= p; p *= p; k >>= 1; }
        return (T)r;
    } else if constexpr (FL(T)) {
        return m_pow(a, b);
    } else if constexpr (CX(T)) {
        return cpow_(a, b);
    } else {
        return a || !b;
    }
}
template <class T> __device__ __forceinline__ T op_maximum(T a, T b) {
    if constexpr (CX(T)) { if (c_isnan(a)) return a; if (c_isnan(b)) return b; return c_lt(a, b) ? b : a; }
    else if constexpr (FL(T)) return (a >= b || m_isnan(a)) ? a : b;
    else return a >= b ? a : b;
}
template <class T> __device__ __forceinline__ T op_minimum(T a, T b) {
    if constexpr (CX(T)) { if (c_isnan(a)) return a; if (c_isnan(b)) return b; return c_lt(b, a) ? b : a; }
    else if constexpr (FL(T)) return (a <= b || m_isnan(a)) ? a : b;
    else return a <= b ? a : b;
}
template <class T> __device__ __forceinline__ T op_fmax(T a, T b) {
    if constexpr (CX(T)) { if (c_isnan(b)) return a; if (c_isnan(a)) return b; return c_lt(a, b) ? b : a; }
    else if constexpr (FL(T)) return (a >= b || m_isnan(b)) ? a : b;
    else return a >= b ? a : b;
}
template <class T> __device__ __forceinline__ T op_fmin(T a, T b) {
    if constexpr (CX(T)) { if (c_isnan(b)) return a; if (c_isnan(a)) return b; return c_lt(b, a) ? b : a; }
    else if constexpr (FL(T)) return (a <= b || m_isnan(b)) ? a : b;
    else return a <= b ? a : b;
}
template <class T> __device__ __forceinline__ bool op_equal(T a, T b) {
    if constexpr (CX(T)) return a.re == b.re && a.im == b.im; else return a == b;
}
template <class T> __device__ __forceinline__ bool op_not_equal(T a, T b) {
    if constexpr (CX(T)) return !(a.re == b.re && a.im == b.im); else return a != b;
}
template <class T> __device__ __forceinline__ bool op_less(T a, T b) {
    if constexpr (CX(T)) return c_lt(a, b); else return a < b;
}
template <class T> __device__ __forceinline__ bool op_less_equal(T a, T b) {
    if constexpr (CX(T)) return c_le(a, b); else return a <= b;
}
template <class T> __device__ __forceinline__ bool op_greater(T a, T b) {
    if constexpr (CX(T)) return c_lt(b, a); else return a > b;
}
template <class T> __device__ __forceinline__ bool op_greater_equal(T a, T b) {
    if constexpr (CX(T)) return c_le(b, a); else return a >= b;
}
template <class T> __device__ __forceinline__ bool truth(T a) { return cast<bool>(a); }
template <class T> __device__ __forceinline__ bool op_logical_and(T a, T b) { return truth(a) && truth(b); }
template <class T> __device__ __forceinline__ bool op_logical_or(T a, T b) { return truth(a) || truth(b); }
template <class T> __device__ __forceinline__ bool op_logical_xor(T a, T b) { return truth(a) != truth(b); }
template <class T> __device__ __forceinline__ T op_bitwise_and(T a, T b) { return a & b; }
template <class T> __device__ __forceinline__ T op_bitwise_or(T a, T b) { return a | b; }
template <class T> __device__ __forceinline__ T op_bitwise_xor(T a, T b) { return a ^ b; }
template <class T> __device__ __forceinline__ T op_left_shift(T a, T b) {
    typedef typename Unsigned<T>::t U;
    if ((U)b < (U)Tr<T>::bits) return (T)((U)a << (U)b);
    return (T)0;
}
template <class T> __device__ __forceinline__ T op_right_shift(T a, T b) {
    typedef typename Unsigned<T>::t U;
    if ((U)b < (U)Tr<T>::bits) return (T)(a >> (U)b);
    if constexpr (Tr<T>::is_signed) return a < 0 ? (T)-1 : (T)0;
    return (T)0;
}
template <> __device__ __forceinline__ bool op_left_shift(bool a, bool b) { return b ? false : a; }
template <> __device__ __forceinline__ bool op_right_shift(bool a, bool b) { return b ? false : a; }
template <class T> __device__ __forceinline__ T op_hypot(T a, T b) { return m_hypot(a, b); }
template <class T> __device__ __forceinline__ T op_arctan2(T a, T b) { return m_atan2(a, b); }
template <class T> __device__ __forceinline__ T op_copysign(T a, T b) { return m_copysign(a, b); }
template <class T> __device__ __forceinline__ T op_nextafter(T a, T b) { return m_nextafter(a, b); }

// ---- unary ----
template <class T> __device__ __forceinline__ T op_negative(T a) {
    if constexpr (CX(T)) return mk(-a.re, -a.im);
    else if constexpr (IN(T)) return wrap_sub((T)0, a);
    else if constexpr (FL(T)) return -a;
    else return !a;
}
template <class T> __device__ __forceinline__ T op_positive(T a) { return a; }
template <class T> __device__ __forceinline__ auto op_abs(T a) {
    if constexpr (CX(T)) return cabs_(a);
    else if constexpr (IN(T)) {
        if constexpr (Tr<T>::is_signed) return a < 0 ? wrap_sub((T)0, a) : a;
        else return a;
    } else if constexpr (FL(T)) return m_fabs(a);
    else return a;
}
template <class T> __device__ __forceinline__ T op_sign(T a) {
    if constexpr (CX(T)) {
        typedef typename CR<T>::t R;
        if (c_isnan(a)) return mk((R)CUPRUM_NAN_D, (R)CUPRUM_NAN_D);
        R m = cabs_(a);
        if (m == (R)0) return mk((R)0, (R)0);
        if (isinf(m)) {
            // NumPy 2: sign of an infinite complex is the direction of its infinite parts
            R re = isinf(a.re) ? m_copysign((R)1, a.re) : (R)0;
            R im = isinf(a.im) ? m_copysign((R)1, a.im) : (R)0;
            R n = m_hypot(re, im);
            return mk(re / n, im / n);
        }
        return mk(a.re / m, a.im / m);
    } else if constexpr (FL(T)) {
        return a > (T)0 ? (T)1 : (a < (T)0 ? (T)-1 : (a == (T)0 ? (T)0 : a));
    } else if constexpr (IN(T)) {
        if constexpr (Tr<T>::is_signed) return (T)((a > 0) - (a < 0));
        else return (T)(a > 0);
    } else {
        return a;
    }
}
#define CUPRUM_U_FLOAT(name, mf, cf)                                          \
    template <class T> __device__ __forceinline__ T op_##name(T a) {        \
        if constexpr (CX(T)) return cf(a);                                    \
        else return mf(a);                                                    \
    }
template <class C> __device__ __forceinline__ C cexpm1_(C a) { return csub(cexp_(a), cone<C>()); }
template <class C> __device__ __forceinline__ C clog1p_(C a) { return clog_(cadd(a, cone<C>())); }
template <class C> __device__ __forceinline__ C cexp2_(C a) {
    typedef typename CR<C>::t R;
    return cexp_(cscale(a, (R)0.6931471805599453));
}
template <class C> __device__ __forceinline__ C clog2_(C a) {
    typedef typename CR<C>::t R;
    return cscale(clog_(a), (R)1.4426950408889634);
}
template <class C> __device__ __forceinline__ C clog10_(C a) {
    typedef typename CR<C>::t R;
    return cscale(clog_(a), (R)0.4342944819032518);
}
template <class C> __device__ __forceinline__ C ccbrt_(C a) { return a; }
template <class C> __device__ __forceinline__ C cround_(C a) { return a; }
CUPRUM_U_FLOAT(sqrt, m_sqrt, csqrt_)
CUPRUM_U_FLOAT(cbrt, m_cbrt, ccbrt_)
CUPRUM_U_FLOAT(exp, m_exp, cexp_)
CUPRUM_U_FLOAT(exp2, m_exp2, cexp2_)
CUPRUM_U_FLOAT(expm1, m_expm1, cexpm1_)
CUPRUM_U_FLOAT(log, m_log, clog_)
CUPRUM_U_FLOAT(log2, m_log2, clog2_)
CUPRUM_U_FLOAT(log10, m_log10, clog10_)
CUPRUM_U_FLOAT(log1p, m_log1p, clog1p_)
CUPRUM_U_FLOAT(sin, m_sin, csin_)
CUPRUM_U_FLOAT(cos, m_cos, ccos_)
CUPRUM_U_FLOAT(tan, m_tan, ctan_)
CUPRUM_U_FLOAT(arcsin, m_asin, casin_)
CUPRUM_U_FLOAT(arccos, m_acos, cacos_)
CUPRUM_U_FLOAT(arctan, m_atan, catan_)
CUPRUM_U_FLOAT(sinh, m_sinh, csinh_)
CUPRUM_U_FLOAT(cosh, m_cosh, ccosh_)
CUPRUM_U_FLOAT(tanh, m_tanh, ctanh_)
CUPRUM_U_FLOAT(arcsinh, m_asinh, casinh_)
CUPRUM_U_FLOAT(arccosh, m_acosh, cacosh_)
CUPRUM_U_FLOAT(arctanh, m_atanh, catanh_)
#define CUPRUM_U_ROUND(name, mf)                                              \
    template <class T> __device__ __forceinline__ T op_##name(T a) {        \
        if constexpr (CX(T)) return mk(mf(a.re), mf(a.im));                   \
        else if constexpr (FL(T)) return mf(a);                               \
        else return a;                                                        \
    }
CUPRUM_U_ROUND(floor, m_floor)
CUPRUM_U_ROUND(ceil, m_ceil)
CUPRUM_U_ROUND(trunc, m_trunc)
CUPRUM_U_ROUND(rint, m_rint)
template <class T> __device__ __forceinline__ T op_square(T a) { return op_multiply(a, a); }
template <class T> __device__ __forceinline__ T op_reciprocal(T a) {
    if constexpr (CX(T)) return cdiv(cone<T>(), a);
    else if constexpr (FL(T)) return (T)1 / a;
    else if constexpr (IN(T)) return a == 0 ? (T)0 : (T)((T)1 / a);
    else return true;
}
template <class T> __device__ __forceinline__ T op_invert(T a) {
    if constexpr (IN(T)) return (T)~a;
    else return !a;
}
template <class T> __device__ __forceinline__ bool op_logical_not(T a) { return !truth(a); }
template <class T> __device__ __forceinline__ T op_conjugate(T a) {
    if constexpr (CX(T)) return mk(a.re, -a.im); else return a;
}
template <class T> __device__ __forceinline__ auto op_real(T a) {
    if constexpr (CX(T)) return a.re; else return a;
}
template <class T> __device__ __forceinline__ auto op_imag(T a) {
    if constexpr (CX(T)) return a.im; else return (T)0;
}
template <class T> __device__ __forceinline__ auto op_angle(T a) {
    if constexpr (CX(T)) return m_atan2(a.im, a.re);
    else if constexpr (FL(T)) return m_atan2((T)0, a);
    else return m_atan2(0.0, (double)a);
}
template <class T> __device__ __forceinline__ bool op_isnan(T a) {
    if constexpr (CX(T)) return c_isnan(a); else if constexpr (FL(T)) return m_isnan(a); else return false;
}
template <class T> __device__ __forceinline__ bool op_isinf(T a) {
    if constexpr (CX(T)) return isinf(a.re) || isinf(a.im); else if constexpr (FL(T)) return m_isinf(a); else return false;
}
template <class T> __device__ __forceinline__ bool op_isfinite(T a) {
    if constexpr (CX(T)) return isfinite(a.re) && isfinite(a.im); else if constexpr (FL(T)) return isfinite(a); else return true;
}
template <class T> __device__ __forceinline__ bool op_signbit(T a) {
    if constexpr (FL(T)) return m_signbit(a);
    else if constexpr (IN(T)) { if constexpr (Tr<T>::is_signed) return a < 0; else return false; }
    else return false;
}
template <class T> __device__ __forceinline__ T op_deg2rad(T a) { return a * (T)0.017453292519943295; }
template <class T> __device__ __forceinline__ T op_rad2deg(T a) { return a * (T)57.29577951308232; }
template <class T> __device__ __forceinline__ T op_identity(T a) { return a; }
