#include <cmath>
#define __device__
#define __forceinline__ inline
#define __global__
#define __restrict__
#define __align__(x)
typedef long long i64; typedef int i32; typedef signed char i8; typedef short i16;
typedef unsigned char u8; typedef unsigned short u16; typedef unsigned int u32; typedef unsigned long long u64;
struct f16 {}; struct bf16 {};
template<class T> struct Cast { static T from(float) { return T(); } };
struct dim3 { unsigned x, y, z; };
static dim3 blockIdx, threadIdx, blockDim, gridDim;
inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __double2float_rn(double d) { return (float)d; }
struct uint4 { unsigned x, y, z, w; }; struct uint2 { unsigned x, y; };
using std::log; using std::exp; using std::sqrt; using std::cos; using std::sin; using std::floor; using std::fabs; using std::fmin;
