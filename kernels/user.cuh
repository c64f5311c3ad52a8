// cuprum-kernel: the types a user kernel's body sees (CuPy's names), placed after
// cuprum_core::ext::CUDA_COMMON in every generated kernel.
//
// - float16 / bfloat16: 16-bit storage, converting to and from float (arithmetic runs in float,
//   as CuPy's float16 does);
// - complex<F>: layout-compatible with cuprum's c64/c128 storage, with arithmetic, real(),
//   imag(), conj(), abs(), norm(), arg();
// - CArray<T> (contiguous) and CArrayS<T, ND> (strided): a raw parameter, x[k] with a flat
//   C-order index and x.size();
// - CIndexer: _ind.size() (the loop size).

#undef CX
#undef FL
#undef IN

#define CUPRUM_UK __device__ __forceinline__

struct float16 {
    u16 x;
    float16() = default;
    CUPRUM_UK float16(float f) : x(f2h(f)) {}
    CUPRUM_UK float16(double d) : x(f2h(d2f_odd(d))) {}
    template <class S> CUPRUM_UK float16(S v) : x(f2h(d2f_odd((double)v))) {}
    CUPRUM_UK operator float() const { return h2f(x); }
    CUPRUM_UK float16& operator+=(float v) { x = f2h(h2f(x) + v); return *this; }
    CUPRUM_UK float16& operator-=(float v) { x = f2h(h2f(x) - v); return *this; }
    CUPRUM_UK float16& operator*=(float v) { x = f2h(h2f(x) * v); return *this; }
    CUPRUM_UK float16& operator/=(float v) { x = f2h(h2f(x) / v); return *this; }
};

struct bfloat16 {
    u16 x;
    bfloat16() = default;
    CUPRUM_UK bfloat16(float f) : x(f2b(f)) {}
    CUPRUM_UK bfloat16(double d) : x(f2b(d2f_odd(d))) {}
    template <class S> CUPRUM_UK bfloat16(S v) : x(f2b(d2f_odd((double)v))) {}
    CUPRUM_UK operator float() const { return b2f(x); }
    CUPRUM_UK bfloat16& operator+=(float v) { x = f2b(b2f(x) + v); return *this; }
    CUPRUM_UK bfloat16& operator-=(float v) { x = f2b(b2f(x) - v); return *this; }
    CUPRUM_UK bfloat16& operator*=(float v) { x = f2b(b2f(x) * v); return *this; }
    CUPRUM_UK bfloat16& operator/=(float v) { x = f2b(b2f(x) / v); return *this; }
};

template <class F> struct cuprum_ident { typedef F t; };

template <class F> struct alignas(2 * sizeof(F)) complex {
    F re_, im_;
    complex() = default;
    CUPRUM_UK complex(const F& r) : re_(r), im_(F(0)) {}
    CUPRUM_UK complex(const F& r, const F& i) : re_(r), im_(i) {}
    template <class S> CUPRUM_UK complex(const complex<S>& o) : re_((F)o.real()), im_((F)o.imag()) {}
    CUPRUM_UK F real() const { return re_; }
    CUPRUM_UK F imag() const { return im_; }
    CUPRUM_UK void real(F v) { re_ = v; }
    CUPRUM_UK void imag(F v) { im_ = v; }
    CUPRUM_UK complex& operator+=(const complex& o) { re_ += o.re_; im_ += o.im_; return *this; }
    CUPRUM_UK complex& operator-=(const complex& o) { re_ -= o.re_; im_ -= o.im_; return *this; }
    CUPRUM_UK complex& operator*=(const complex& o) {
        F r = re_ * o.re_ - im_ * o.im_;
        F i = re_ * o.im_ + im_ * o.re_;
        re_ = r; im_ = i; return *this;
    }
    CUPRUM_UK complex& operator/=(const complex& o) {
        F d = o.re_ * o.re_ + o.im_ * o.im_;
        F r = (re_ * o.re_ + im_ * o.im_) / d;
        F i = (im_ * o.re_ - re_ * o.im_) / d;
        re_ = r; im_ = i; return *this;
    }
    CUPRUM_UK complex& operator+=(const F& v) { re_ += v; return *this; }
    CUPRUM_UK complex& operator-=(const F& v) { re_ -= v; return *this; }
    CUPRUM_UK complex& operator*=(const F& v) { re_ *= v; im_ *= v; return *this; }
    CUPRUM_UK complex& operator/=(const F& v) { re_ /= v; im_ /= v; return *this; }
};

template <class F> CUPRUM_UK complex<F> operator+(const complex<F>& a, const complex<F>& b) { complex<F> r = a; r += b; return r; }
template <class F> CUPRUM_UK complex<F> operator-(const complex<F>& a, const complex<F>& b) { complex<F> r = a; r -= b; return r; }
template <class F> CUPRUM_UK complex<F> operator*(const complex<F>& a, const complex<F>& b) { complex<F> r = a; r *= b; return r; }
template <class F> CUPRUM_UK complex<F> operator/(const complex<F>& a, const complex<F>& b) { complex<F> r = a; r /= b; return r; }
template <class F> CUPRUM_UK complex<F> operator+(const complex<F>& a, const typename cuprum_ident<F>::t& b) { complex<F> r = a; r += b; return r; }
template <class F> CUPRUM_UK complex<F> operator-(const complex<F>& a, const typename cuprum_ident<F>::t& b) { complex<F> r = a; r -= b; return r; }
template <class F> CUPRUM_UK complex<F> operator*(const complex<F>& a, const typename cuprum_ident<F>::t& b) { complex<F> r = a; r *= b; return r; }
template <class F> CUPRUM_UK complex<F> operator/(const complex<F>& a, const typename cuprum_ident<F>::t& b) { complex<F> r = a; r /= b; return r; }
template <class F> CUPRUM_UK complex<F> operator+(const typename cuprum_ident<F>::t& a, const complex<F>& b) { return complex<F>(a) + b; }
template <class F> CUPRUM_UK complex<F> operator-(const typename cuprum_ident<F>::t& a, const complex<F>& b) { return complex<F>(a) - b; }
template <class F> CUPRUM_UK complex<F> operator*(const typename cuprum_ident<F>::t& a, const complex<F>& b) { return complex<F>(a) * b; }
template <class F> CUPRUM_UK complex<F> operator/(const typename cuprum_ident<F>::t& a, const complex<F>& b) { return complex<F>(a) / b; }
template <class F> CUPRUM_UK complex<F> operator-(const complex<F>& a) { return complex<F>(-a.re_, -a.im_); }
template <class F> CUPRUM_UK complex<F> operator+(const complex<F>& a) { return a; }
template <class F> CUPRUM_UK bool operator==(const complex<F>& a, const complex<F>& b) { return a.re_ == b.re_ && a.im_ == b.im_; }
template <class F> CUPRUM_UK bool operator!=(const complex<F>& a, const complex<F>& b) { return !(a == b); }
template <class F> CUPRUM_UK bool operator==(const complex<F>& a, const typename cuprum_ident<F>::t& b) { return a.re_ == b && a.im_ == F(0); }
template <class F> CUPRUM_UK bool operator!=(const complex<F>& a, const typename cuprum_ident<F>::t& b) { return !(a == b); }

template <class F> CUPRUM_UK F real(const complex<F>& z) { return z.real(); }
template <class F> CUPRUM_UK F imag(const complex<F>& z) { return z.imag(); }
CUPRUM_UK float real(float x) { return x; }
CUPRUM_UK double real(double x) { return x; }
CUPRUM_UK float imag(float) { return 0.0f; }
CUPRUM_UK double imag(double) { return 0.0; }
template <class F> CUPRUM_UK complex<F> conj(const complex<F>& z) { return complex<F>(z.re_, -z.im_); }
CUPRUM_UK float abs(const complex<float>& z) { return hypotf(z.re_, z.im_); }
CUPRUM_UK double abs(const complex<double>& z) { return hypot(z.re_, z.im_); }
template <class F> CUPRUM_UK F norm(const complex<F>& z) { return z.re_ * z.re_ + z.im_ * z.im_; }
CUPRUM_UK float arg(const complex<float>& z) { return atan2f(z.im_, z.re_); }
CUPRUM_UK double arg(const complex<double>& z) { return atan2(z.im_, z.re_); }

// A raw parameter: flat C-order indexing.
template <class T> struct CArray {
    T* p;
    long long n;
    CUPRUM_UK T& operator[](long long k) const { return p[k]; }
    CUPRUM_UK long long size() const { return n; }
    CUPRUM_UK T* data() const { return p; }
};
template <class T, int ND> struct CArrayS {
    T* p;
    long long n;
    long long shape[ND];
    long long st[ND];
    CUPRUM_UK T& operator[](long long k) const {
        long long off = 0;
#pragma unroll
        for (int d = ND - 1; d >= 0; --d) {
            long long q = k / shape[d];
            off += (k - q * shape[d]) * st[d];
            k = q;
        }
        return p[off];
    }
    CUPRUM_UK long long size() const { return n; }
    CUPRUM_UK T* data() const { return p; }
};

struct CIndexer {
    long long n;
    CUPRUM_UK long long size() const { return n; }
};

template <class T, int N> struct alignas(sizeof(T) * N) CuprumVec { T v[N]; };
