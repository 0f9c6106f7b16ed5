/* What rts/c/scalar.h needs from C99 that OpenCL C 1.2 lacks.
 *
 * The kernels of a generated OpenCL program share the C backend's scalar semantics by
 * pasting the C runtime's scalar.h (without its quoted #include lines) after this file,
 * which is OpenCL C only and includes nothing: it supplies the fixed-width integer
 * types and their limits (OpenCL's char, short, int and long are 8, 16, 32 and 64 bits
 * on every device, char signed), turns on doubles (cl_khr_fp64: f64 arithmetic and
 * rts_fptoi_*, which converts through double), and names OpenCL's overloaded math
 * built-ins as C99's float functions (sqrtf, fmodf, tgammaf), which scalar.h spells
 * by pasting the suffix f. Bit counting and bit casts are OpenCL's own in scalar.h
 * (popcount, clz, as_uint), under #ifdef __OPENCL_VERSION__.
 *
 * Floating-point contraction is turned off (OpenCL C may fuse a * b + c into one fma
 * by default), so that every operation in a kernel rounds as it does in C. The host
 * must also build the program with -cl-fp32-correctly-rounded-divide-sqrt where
 * the device supports it (OpenCL 1.2 otherwise allows f32 division and sqrt to be off
 * by up to 3 ulp), and without -cl-fast-relaxed-math, -cl-mad-enable or
 * -cl-denorms-are-zero, which change results. Transcendental functions (exp, sin,
 * pow, ...) agree with C's libm within the few ulp that OpenCL allows, not to the bit.
 * Signalling NaNs (only from_bits makes them) may give different results; quiet NaNs
 * and everything else in scalar.h give the same bits as in C.
 */
#ifndef PRISM_RTS_SCALAR_CL_H
#define PRISM_RTS_SCALAR_CL_H

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

typedef char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef uchar uint8_t;
typedef ushort uint16_t;
typedef uint uint32_t;
typedef ulong uint64_t;

#define INT8_MIN (-128)
#define INT8_MAX 127
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define INT32_MIN (-2147483647 - 1)
#define INT32_MAX 2147483647
#define INT64_MIN (-9223372036854775807L - 1)
#define INT64_MAX 9223372036854775807L
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX 4294967295U
#define UINT64_MAX 18446744073709551615UL
#define INT64_C(c) c##L
#define UINT64_C(c) c##UL

/* C99's float versions of the math functions: OpenCL's built-ins are overloaded. */
#define acosf acos
#define acoshf acosh
#define asinf asin
#define asinhf asinh
#define atan2f atan2
#define atanf atan
#define atanhf atanh
#define cbrtf cbrt
#define copysignf copysign
#define ceilf ceil
#define cosf cos
#define coshf cosh
#define erfcf erfc
#define erff erf
#define exp2f exp2
#define expf exp
#define expm1f expm1
#define fabsf fabs
#define floorf floor
#define fmaf fma
#define fmaxf fmax
#define fminf fmin
#define fmodf fmod
#define hypotf hypot
#define ldexpf ldexp
#define lgammaf lgamma
#define log10f log10
#define log1pf log1p
#define log2f log2
#define logf log
#define nextafterf nextafter
#define powf pow
#define rintf rint
#define roundf round
#define sinf sin
#define sinhf sinh
#define sqrtf sqrt
#define tanf tan
#define tanhf tanh
#define tgammaf tgamma
#define truncf trunc

#endif
