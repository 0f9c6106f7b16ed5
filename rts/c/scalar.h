/* Scalar arithmetic with Futhark's semantics, as static inline functions.
 *
 * The C emitter turns every unary and binary operator of the core IR into a call
 * rts_OP_TYPE(...) (src/backend_c/emit_exp.c); at -O1 and above they compile to the
 * same instructions as the plain C operators wherever the meanings agree.
 *
 * Integers wrap around (two's complement): + - * neg abs and ** compute in an unsigned
 * type of at least the width of unsigned int, so C's promotions never make them
 * signed and nothing is undefined. Signed / and % round toward negative infinity (the
 * remainder has the sign of the divisor); // and %% truncate toward zero. The caller
 * checks for a zero divisor first and reports "division by zero"; MIN / -1 wraps.
 * Shifts by a negative amount or by the bit width or more give 0 (<<, and >> on
 * unsigned types) or the sign (>> on signed types). Floats compute in their own
 * precision (f32 in float); % on floats has the sign of the divisor; round is rint.
 * Conversions from floats to integers truncate and wrap around, and NaN and the
 * infinities become 0 (rts_fptoi_*); from a signed integer to a wider unsigned one
 * they extend with zeros (u16.i8 (-128) is 128), as Futhark's do.
 *
 * The same file is OpenCL C 1.2, so that kernels compute exactly what the C backend
 * computes: an OpenCL program pastes rts/opencl/scalar_cl.h (the fixed-width types,
 * doubles, C99's names of the math functions) and then this file without its #include
 * lines. Where C and OpenCL C differ, __OPENCL_VERSION__ chooses: OpenCL's popcount
 * and clz for bit counting, as_uint and the like for the bits of floats, and min and
 * max of +0 and -0 made to return x as glibc does. tests/unit/test_rts_opencl_scalar.c
 * compares every function on both sides.
 */
#ifndef PRISM_RTS_SCALAR_H
#define PRISM_RTS_SCALAR_H

#ifndef __OPENCL_VERSION__
#include "util.h"
#endif

/* X(name, C type, unsigned C type of the same width, unsigned type to compute in,
 *   bits, minimum, maximum) */
#define RTS_SIGNED_TYPES(X)                                                   \
  X(i8, int8_t, uint8_t, uint32_t, 8, INT8_MIN, INT8_MAX)                     \
  X(i16, int16_t, uint16_t, uint32_t, 16, INT16_MIN, INT16_MAX)               \
  X(i32, int32_t, uint32_t, uint32_t, 32, INT32_MIN, INT32_MAX)               \
  X(i64, int64_t, uint64_t, uint64_t, 64, INT64_MIN, INT64_MAX)

#define RTS_UNSIGNED_TYPES(X)                                                 \
  X(u8, uint8_t, uint8_t, uint32_t, 8, 0, UINT8_MAX)                          \
  X(u16, uint16_t, uint16_t, uint32_t, 16, 0, UINT16_MAX)                     \
  X(u32, uint32_t, uint32_t, uint32_t, 32, 0, UINT32_MAX)                     \
  X(u64, uint64_t, uint64_t, uint64_t, 64, 0, UINT64_MAX)

/* ------------------------------------------------------------ Bit counting */

static inline int32_t rts_popc64(uint64_t x) {
#if defined(__OPENCL_VERSION__)
  return (int32_t)popcount(x);
#elif defined(__GNUC__) || defined(__clang__)
  return (int32_t)__builtin_popcountll(x);
#else
  int32_t n = 0;
  for (; x != 0; x &= x - 1) {
    n++;
  }
  return n;
#endif
}

/* Leading zeros of the low `bits` bits of x; `bits` when x is 0. */
static inline int32_t rts_clz64(uint64_t x, int bits) {
  if (x == 0) {
    return bits;
  }
#if defined(__OPENCL_VERSION__)
  return (int32_t)clz(x) - (64 - bits);
#elif defined(__GNUC__) || defined(__clang__)
  return (int32_t)__builtin_clzll(x) - (64 - bits);
#else
  int32_t n = 0;
  for (uint64_t bit = UINT64_C(1) << (bits - 1); (x & bit) == 0; bit >>= 1) {
    n++;
  }
  return n;
#endif
}

/* Trailing zeros of x; `bits` when x is 0. */
static inline int32_t rts_ctz64(uint64_t x, int bits) {
  if (x == 0) {
    return bits;
  }
#if defined(__OPENCL_VERSION__)
  /* ctz is OpenCL 2.0: count the ones below the lowest one. */
  return (int32_t)popcount((x & (0 - x)) - 1);
#elif defined(__GNUC__) || defined(__clang__)
  return (int32_t)__builtin_ctzll(x);
#else
  int32_t n = 0;
  for (; (x & 1) == 0; x >>= 1) {
    n++;
  }
  return n;
#endif
}

/* ----------------------------------------------------- High half of products */

/* The high 64 bits of the 128-bit product of x and y, from 32-bit halves (C99 has no
 * 128-bit type, and OpenCL C's mul_hi gives the same bits). */
static inline uint64_t rts_umul_hi64(uint64_t x, uint64_t y) {
  uint64_t x_lo = x & 0xFFFFFFFFu, x_hi = x >> 32;
  uint64_t y_lo = y & 0xFFFFFFFFu, y_hi = y >> 32;
  uint64_t lo_lo = x_lo * y_lo, hi_lo = x_hi * y_lo, lo_hi = x_lo * y_hi;
  uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  return x_hi * y_hi + (hi_lo >> 32) + (cross >> 32);
}

/* Signed: the unsigned high half, less y when x < 0 and x when y < 0 (the product of
 * the two's complement readings differs by x * 2^64 and y * 2^64). */
static inline int64_t rts_smul_hi64(int64_t x, int64_t y) {
  uint64_t hi = rts_umul_hi64((uint64_t)x, (uint64_t)y);
  hi -= x < 0 ? (uint64_t)y : 0;
  hi -= y < 0 ? (uint64_t)x : 0;
  return (int64_t)hi;
}

/* The bits above the low `bits` of x * y for operands of at most 32 bits. */
static inline uint64_t rts_umul_hi_narrow(uint64_t x, uint64_t y, int bits) {
  return (x * y) >> bits;
}

/* The bits above the low `bits` of x * y for operands of at most 32 bits, whose
 * product fits in 64. p - (p & mask) is a multiple of 2^bits, so the division is
 * exact and rounds as an arithmetic shift would, without shifting a negative. */
static inline int64_t rts_smul_hi_narrow(int64_t x, int64_t y, int bits) {
  int64_t p = x * y;
  int64_t mask = (INT64_C(1) << bits) - 1;
  return (p - (p & mask)) / (INT64_C(1) << bits);
}

/* ------------------------------------------- Operations common to all integers */

#define RTS_DEFINE_INT_COMMON(N, T, UT, WT, BITS, MIN, MAX)                        \
  static inline T rts_add_##N(T x, T y) { return (T)((WT)(UT)x + (WT)(UT)y); }     \
  static inline T rts_sub_##N(T x, T y) { return (T)((WT)(UT)x - (WT)(UT)y); }     \
  static inline T rts_mul_##N(T x, T y) { return (T)((WT)(UT)x * (WT)(UT)y); }     \
  static inline T rts_neg_##N(T x) { return (T)((WT)0 - (WT)(UT)x); }              \
  static inline T rts_min_##N(T x, T y) { return x < y ? x : y; }                  \
  static inline T rts_max_##N(T x, T y) { return x < y ? y : x; }                  \
  static inline T rts_band_##N(T x, T y) { return (T)(x & y); }                    \
  static inline T rts_bor_##N(T x, T y) { return (T)(x | y); }                     \
  static inline T rts_bxor_##N(T x, T y) { return (T)(x ^ y); }                    \
  static inline T rts_complement_##N(T x) { return (T)(~(WT)(UT)x); }              \
  static inline int32_t rts_popc_##N(T x) { return rts_popc64((UT)x); }            \
  static inline int32_t rts_clz_##N(T x) { return rts_clz64((UT)x, BITS); }        \
  static inline int32_t rts_ctz_##N(T x) { return rts_ctz64((UT)x, BITS); }        \
  /* x ** y for y >= 0, by repeated squaring, wrapping around. */                   \
  static inline T rts_upow_##N(T x, T y) {                                          \
    WT result = 1, base = (WT)(UT)x;                                                \
    for (UT e = (UT)y; e != 0; e >>= 1) {                                           \
      if ((e & 1) != 0) {                                                           \
        result *= base;                                                             \
      }                                                                             \
      base *= base;                                                                 \
    }                                                                               \
    return (T)result;                                                               \
  }

RTS_SIGNED_TYPES(RTS_DEFINE_INT_COMMON)
RTS_UNSIGNED_TYPES(RTS_DEFINE_INT_COMMON)

/* ------------------------------------------------------------ Signed integers */

/* Note [narrow division]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * GPUs have no 64-bit integer division: OpenCL compilers call a software routine of
 * several dozen instructions, where a 32-bit division takes a handful. Kernels divide
 * sizes and indices, which are i64 in the language but nonnegative and small, so in
 * OpenCL C the 64-bit division functions first test whether both operands are in
 * [0, 2^31) and then divide in 32 bits (as LLVM's "bypass slow division" does for
 * some targets). For such operands floor and truncating division agree, and so do
 * both remainders, so the result is the same. An FFT's group kernel, whose every pass
 * divides by its sub-transform length, ran twice as fast with it and the guards of
 * Note [failures in group code] (src/backend_opencl/emit_kernel.c) on an H200. C
 * keeps the plain operators (RTS_NARROW is false there).
 */
#ifdef __OPENCL_VERSION__
#define RTS_NARROW(UT, x, y) (sizeof(UT) == 8 && (((UT)(x) | (UT)(y)) >> 31) == 0)
#else
#define RTS_NARROW(UT, x, y) 0
#endif

#define RTS_DEFINE_SIGNED(N, T, UT, WT, BITS, MIN, MAX)                            \
  static inline T rts_abs_##N(T x) { return x < 0 ? rts_neg_##N(x) : x; }         \
  static inline T rts_mul_hi_##N(T x, T y) {                                        \
    return BITS == 64 ? (T)rts_smul_hi64(x, y) : (T)rts_smul_hi_narrow(x, y, BITS); \
  }                                                                                 \
  static inline T rts_sgn_##N(T x) { return (T)((x > 0) - (x < 0)); }              \
  /* Floor division; y != 0. */                                                     \
  static inline T rts_div_##N(T x, T y) {                                           \
    if (RTS_NARROW(UT, x, y)) {                                                     \
      return (T)((uint32_t)x / (uint32_t)y);                                        \
    }                                                                               \
    if (y == -1) {                                                                  \
      return rts_neg_##N(x);                                                        \
    }                                                                               \
    T q = (T)(x / y);                                                               \
    T r = (T)(x % y);                                                               \
    return (r != 0 && ((r < 0) != (y < 0))) ? (T)(q - 1) : q;                       \
  }                                                                                 \
  /* Floor modulo, with the sign of the divisor; y != 0. */                         \
  static inline T rts_mod_##N(T x, T y) {                                           \
    if (RTS_NARROW(UT, x, y)) {                                                     \
      return (T)((uint32_t)x % (uint32_t)y);                                        \
    }                                                                               \
    if (y == -1) {                                                                  \
      return 0;                                                                     \
    }                                                                               \
    T r = (T)(x % y);                                                               \
    return (r != 0 && ((r < 0) != (y < 0))) ? (T)(r + y) : r;                       \
  }                                                                                 \
  /* Division rounding toward zero; y != 0. */                                      \
  static inline T rts_quot_##N(T x, T y) {                                          \
    if (RTS_NARROW(UT, x, y)) {                                                     \
      return (T)((uint32_t)x / (uint32_t)y);                                        \
    }                                                                               \
    return y == -1 ? rts_neg_##N(x) : (T)(x / y);                                   \
  }                                                                                 \
  /* The remainder of quot, with the sign of the dividend; y != 0. */               \
  static inline T rts_rem_##N(T x, T y) {                                           \
    if (RTS_NARROW(UT, x, y)) {                                                     \
      return (T)((uint32_t)x % (uint32_t)y);                                        \
    }                                                                               \
    return y == -1 ? 0 : (T)(x % y);                                                \
  }                                                                                 \
  /* x ** y for y >= 0: generated code checks y first (Note [negative exponents]). */ \
  static inline T rts_pow_##N(T x, T y) {                                           \
    return y >= 0 ? rts_upow_##N(x, y) : 0;                                         \
  }                                                                                 \
  static inline T rts_shl_##N(T x, T y) {                                           \
    return (y < 0 || y >= BITS) ? 0 : (T)((WT)(UT)x << y);                          \
  }                                                                                 \
  /* Arithmetic shift, written without right-shifting a negative number. */        \
  static inline T rts_shr_##N(T x, T y) {                                           \
    if (y < 0 || y >= BITS) {                                                       \
      return (T)(x < 0 ? -1 : 0);                                                   \
    }                                                                               \
    return x < 0 ? (T)~(~x >> y) : (T)(x >> y);                                     \
  }

RTS_SIGNED_TYPES(RTS_DEFINE_SIGNED)

/* Note [negative exponents]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * An integer x ** y with y < 0 has no integer value (but for x = +-1), and Futhark
 * rejects it at run time. So does Prism: the generated code tests the exponent before
 * rts_pow_N, on the host (rts_negative_exponent in array.h) and in kernels (a kernel
 * failure with the same message), and constant folding leaves such a ** to run
 * (src/fusion/fold.c). rts_pow_N itself gives 0 then, only so that it is total.
 */

/* ---------------------------------------------------------- Unsigned integers */

#define RTS_DEFINE_UNSIGNED(N, T, UT, WT, BITS, MIN, MAX)                          \
  static inline T rts_abs_##N(T x) { return x; }                                   \
  static inline T rts_mul_hi_##N(T x, T y) {                                        \
    return BITS == 64 ? (T)rts_umul_hi64(x, y) : (T)rts_umul_hi_narrow(x, y, BITS); \
  }                                                                                 \
  static inline T rts_sgn_##N(T x) { return (T)(x > 0); }                          \
  static inline T rts_div_##N(T x, T y) {                                           \
    return RTS_NARROW(UT, x, y) ? (T)((uint32_t)x / (uint32_t)y) : (T)(x / y);      \
  }                                                                                 \
  static inline T rts_mod_##N(T x, T y) {                                           \
    return RTS_NARROW(UT, x, y) ? (T)((uint32_t)x % (uint32_t)y) : (T)(x % y);      \
  }                                                                                 \
  static inline T rts_quot_##N(T x, T y) { return rts_div_##N(x, y); }             \
  static inline T rts_rem_##N(T x, T y) { return rts_mod_##N(x, y); }              \
  static inline T rts_pow_##N(T x, T y) { return rts_upow_##N(x, y); }             \
  static inline T rts_shl_##N(T x, T y) {                                           \
    return y >= BITS ? 0 : (T)((WT)x << y);                                         \
  }                                                                                 \
  static inline T rts_shr_##N(T x, T y) { return y >= BITS ? 0 : (T)(x >> y); }

RTS_UNSIGNED_TYPES(RTS_DEFINE_UNSIGNED)

/* ------------------------------------------------------------------- Floats */

/* X(name, C type, suffix of the math.h functions, integer type of the bits, its
 *   OpenCL name) */
#define RTS_FLOAT_TYPES(X)           \
  X(f32, float, f, uint32_t, uint)   \
  X(f64, double, , uint64_t, ulong)

/* The bits of a float and back: memcpy in C, as_TYPE in OpenCL C (no memcpy there). */
#ifdef __OPENCL_VERSION__
#define RTS_DEFINE_BITS(N, T, BITS_T, CL_BITS_T)                                   \
  static inline BITS_T rts_to_bits_##N(T x) { return as_##CL_BITS_T(x); }          \
  static inline T rts_from_bits_##N(BITS_T bits) { return as_##T(bits); }
#else
#define RTS_DEFINE_BITS(N, T, BITS_T, CL_BITS_T)                                   \
  static inline BITS_T rts_to_bits_##N(T x) {                                       \
    BITS_T bits;                                                                    \
    memcpy(&bits, &x, sizeof bits);                                                 \
    return bits;                                                                    \
  }                                                                                 \
  static inline T rts_from_bits_##N(BITS_T bits) {                                  \
    T x;                                                                            \
    memcpy(&x, &bits, sizeof x);                                                    \
    return x;                                                                       \
  }
#endif

/* min and max: NaN gives the other operand. When the operands are equal (+0 and -0),
 * C's fmin and fmax may return either, and which one depends on the compiler's flags
 * as well as on the library (glibc returns x; gcc's inline expansion, as in a
 * sanitizer build, returns y; so does PoCL's fmin): these return x everywhere. */
#ifdef __OPENCL_VERSION__
#define RTS_FMIN(F, x, y) ((x) == (y) ? (x) : fmin(x, y))
#define RTS_FMAX(F, x, y) ((x) == (y) ? (x) : fmax(x, y))
#else
#define RTS_FMIN(F, x, y) ((x) == (y) ? (x) : fmin##F(x, y))
#define RTS_FMAX(F, x, y) ((x) == (y) ? (x) : fmax##F(x, y))
#endif

/* pi rounded to the type. */
#define RTS_PI(T) ((T)3.14159265358979323846)

#define RTS_DEFINE_FLOAT(N, T, F, BITS_T, CL_BITS_T)                               \
  static inline T rts_add_##N(T x, T y) { return x + y; }                          \
  static inline T rts_sub_##N(T x, T y) { return x - y; }                          \
  static inline T rts_mul_##N(T x, T y) { return x * y; }                          \
  static inline T rts_div_##N(T x, T y) { return x / y; }                          \
  /* The sign of the divisor, as Futhark. */                                        \
  static inline T rts_mod_##N(T x, T y) {                                           \
    T r = fmod##F(x, y);                                                            \
    return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;                            \
  }                                                                                 \
  static inline T rts_pow_##N(T x, T y) { return pow##F(x, y); }                   \
  static inline T rts_min_##N(T x, T y) { return RTS_FMIN(F, x, y); }              \
  static inline T rts_max_##N(T x, T y) { return RTS_FMAX(F, x, y); }              \
  static inline T rts_atan2_##N(T x, T y) { return atan2##F(x, y); }               \
  static inline T rts_hypot_##N(T x, T y) { return hypot##F(x, y); }               \
  static inline T rts_copysign_##N(T x, T y) { return copysign##F(x, y); }         \
  static inline T rts_nextafter_##N(T x, T y) { return nextafter##F(x, y); }       \
  /* x * 2^n, n an integer held in T (internalise converts the i32); beyond +-4096 \
   * every result is 0 or inf. A NaN n (never made by a program) gives NaN. */      \
  static inline T rts_ldexp_##N(T x, T n) {                                         \
    if (n != n) {                                                                   \
      return x + n;                                                                 \
    }                                                                               \
    return ldexp##F(x, n > 4096 ? 4096 : n < -4096 ? -4096 : (int)n);               \
  }                                                                                 \
  static inline T rts_rsqrt_##N(T x) { return (T)1 / sqrt##F(x); }                 \
  /* x * y + z rounded once (C99's fma, OpenCL's correctly rounded fma). */         \
  static inline T rts_fma_##N(T x, T y, T z) { return fma##F(x, y, z); }          \
  /* The *pi functions: sin (pi x) and so on, reducing x exactly (fmod and        \
   * differences of numbers within a factor of two are exact), so that integers     \
   * and halves give exact zeros and ones. */                                       \
  static inline T rts_sinpi_##N(T x) {                                              \
    T r = fmod##F(x, (T)2);                                                         \
    r = r > 1 ? r - 2 : r < -1 ? r + 2 : r;                                         \
    r = r > (T)0.5 ? 1 - r : r < (T)-0.5 ? -1 - r : r;                              \
    return r == 0 ? copysign##F((T)0, x) : sin##F(RTS_PI(T) * r);                   \
  }                                                                                 \
  static inline T rts_cospi_##N(T x) {                                              \
    T r = fabs##F(fmod##F(x, (T)2));                                                \
    r = r > 1 ? 2 - r : r;                                                          \
    if (r == (T)0.5) {                                                              \
      return 0;                                                                     \
    }                                                                               \
    return r < (T)0.25   ? cos##F(RTS_PI(T) * r)                                    \
           : r <= (T)0.75 ? sin##F(RTS_PI(T) * ((T)0.5 - r))                        \
                          : -cos##F(RTS_PI(T) * (1 - r));                           \
  }                                                                                 \
  static inline T rts_tanpi_##N(T x) { return rts_sinpi_##N(x) / rts_cospi_##N(x); } \
  static inline T rts_asinpi_##N(T x) { return asin##F(x) / RTS_PI(T); }           \
  static inline T rts_acospi_##N(T x) { return acos##F(x) / RTS_PI(T); }           \
  static inline T rts_atanpi_##N(T x) { return atan##F(x) / RTS_PI(T); }           \
  static inline T rts_atan2pi_##N(T x, T y) { return atan2##F(x, y) / RTS_PI(T); } \
  static inline T rts_neg_##N(T x) { return -x; }                                  \
  static inline T rts_abs_##N(T x) { return fabs##F(x); }                          \
  /* -1, 0 or 1; NaN stays NaN and zeros keep their sign. */                        \
  static inline T rts_sgn_##N(T x) { return x > 0 ? (T)1 : x < 0 ? (T)-1 : x; }   \
  static inline T rts_sqrt_##N(T x) { return sqrt##F(x); }                         \
  static inline T rts_cbrt_##N(T x) { return cbrt##F(x); }                         \
  static inline T rts_exp_##N(T x) { return exp##F(x); }                           \
  static inline T rts_log_##N(T x) { return log##F(x); }                           \
  static inline T rts_log2_##N(T x) { return log2##F(x); }                         \
  static inline T rts_log10_##N(T x) { return log10##F(x); }                       \
  static inline T rts_log1p_##N(T x) { return log1p##F(x); }                       \
  static inline T rts_sin_##N(T x) { return sin##F(x); }                           \
  static inline T rts_cos_##N(T x) { return cos##F(x); }                           \
  static inline T rts_tan_##N(T x) { return tan##F(x); }                           \
  static inline T rts_asin_##N(T x) { return asin##F(x); }                         \
  static inline T rts_acos_##N(T x) { return acos##F(x); }                         \
  static inline T rts_atan_##N(T x) { return atan##F(x); }                         \
  static inline T rts_sinh_##N(T x) { return sinh##F(x); }                         \
  static inline T rts_cosh_##N(T x) { return cosh##F(x); }                         \
  static inline T rts_tanh_##N(T x) { return tanh##F(x); }                         \
  static inline T rts_asinh_##N(T x) { return asinh##F(x); }                       \
  static inline T rts_acosh_##N(T x) { return acosh##F(x); }                       \
  static inline T rts_atanh_##N(T x) { return atanh##F(x); }                       \
  static inline T rts_erf_##N(T x) { return erf##F(x); }                           \
  static inline T rts_erfc_##N(T x) { return erfc##F(x); }                         \
  static inline T rts_gamma_##N(T x) { return tgamma##F(x); }                      \
  static inline T rts_lgamma_##N(T x) { return lgamma##F(x); }                     \
  static inline T rts_floor_##N(T x) { return floor##F(x); }                       \
  static inline T rts_ceil_##N(T x) { return ceil##F(x); }                         \
  /* To nearest, ties to even (the default rounding mode). */                       \
  static inline T rts_round_##N(T x) { return rint##F(x); }                        \
  static inline T rts_trunc_##N(T x) { return trunc##F(x); }                       \
  static inline bool rts_isnan_##N(T x) { return isnan(x) != 0; }                  \
  static inline bool rts_isinf_##N(T x) { return isinf(x) != 0; }                  \
  RTS_DEFINE_BITS(N, T, BITS_T, CL_BITS_T)

RTS_FLOAT_TYPES(RTS_DEFINE_FLOAT)

/* ---------------------------------------------------------------- f16 */

/* Note [f16]
 * ~~~~~~~~~~
 * An f16 is its 16 bits (IEEE binary16) in a uint16_t, in C and in OpenCL C alike:
 * arrays, scalars, the C API (as Futhark's, which has no half type in C either) and
 * kernel buffers hold the bits, and no device needs cl_khr_fp16. Arithmetic converts
 * the operands to f32 (exactly), computes in f32 and rounds the result to f16, to
 * nearest with ties to even. For + - * / and sqrt that is the correctly rounded f16
 * result, since f32's 24 bits are more than 2*11+2 and double rounding is then
 * innocuous; so these give the same bits on every backend and device. The other
 * functions are f32's, rounded (fma goes through f64 and rounds once more from there).
 * The conversions below are written on the bits, the same code in C and OpenCL C, so
 * NaNs keep their sign and top payload bits the same way everywhere; f64 goes to f16
 * through f32 rounded to odd, which rounds once in effect (23 > 11 + 1 bits).
 * OpenCL's vload_half and vstore_half_rte (core, no extension) would read and round
 * the same bits, but how they treat NaN payloads is the device's; and native `half`
 * arithmetic (cl_khr_fp16) rounds each operation straight to f16, which is the same
 * for + - * / sqrt but not for the other functions, so neither is used: one code
 * gives one result. tests/unit/test_rts_f16.c checks the conversions exhaustively. */

/* The f32 of an f16: exact. */
static inline float rts_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t e = ((uint32_t)h >> 10) & 0x1fu, mant = (uint32_t)h & 0x3ffu;
  if (e == 0x1fu) {
    return rts_from_bits_f32(sign | 0x7f800000u | (mant << 13));
  }
  if (e == 0) {
    float f = (float)mant * 0x1p-24f; /* zero or subnormal: exact in f32 */
    return sign != 0 ? -f : f;
  }
  return rts_from_bits_f32(sign | ((e + 112u) << 23) | (mant << 13));
}

/* The f16 nearest an f32, ties to even; beyond 65520 in magnitude, inf. */
static inline uint16_t rts_f32_to_f16(float f) {
  uint32_t x = rts_to_bits_f32(f);
  uint32_t sign = (x >> 16) & 0x8000u, a = x & 0x7fffffffu;
  if (a >= 0x7f800000u) { /* inf, or a NaN kept quiet with its top payload bits */
    return (uint16_t)(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0));
  }
  if (a >= 0x477ff000u) { /* 65520 and up */
    return (uint16_t)(sign | 0x7c00u);
  }
  if (a >= 0x38800000u) { /* normal in f16: rebias the exponent, round off 13 bits */
    uint32_t r = a - 0x38000000u;
    r += 0xfffu + ((r >> 13) & 1u);
    return (uint16_t)(sign | (r >> 13));
  }
  if (a <= 0x33000000u) { /* 2^-25 (a tie, to the even 0) and below */
    return (uint16_t)sign;
  }
  /* Subnormal in f16: the nearest integer to |f| * 2^24, ties to even. */
  uint32_t e = a >> 23, m = (a & 0x7fffffu) | 0x800000u, shift = 126u - e;
  uint32_t q = m >> shift, rem = m & ((1u << shift) - 1u), tie = 1u << (shift - 1u);
  q += (rem > tie || (rem == tie && (q & 1u) != 0)) ? 1u : 0u;
  return (uint16_t)(sign | q);
}

/* The f16 nearest an f64: through f32 rounded to odd (truncated, and the last bit set
 * when inexact), which keeps enough to round to f16 as the f64 itself would. */
static inline uint16_t rts_f64_to_f16(double d) {
  float f = (float)d;
  if (d == d && (double)f != d) {
    uint32_t b = rts_to_bits_f32(f);
    if (fabs((double)f) > fabs(d)) {
      b -= 1u; /* toward zero: also from inf to the largest f32 */
    }
    f = rts_from_bits_f32(b | 1u);
  }
  return rts_f32_to_f16(f);
}

#define RTS_F16_UNARY(X) \
  X(neg) X(abs) X(sgn) X(sqrt) X(rsqrt) X(cbrt) X(exp) X(log) X(log2) X(log10) X(log1p) \
  X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(asinh)      \
  X(acosh) X(atanh) X(erf) X(erfc) X(gamma) X(lgamma) X(floor) X(ceil) X(round)       \
  X(trunc) X(sinpi) X(cospi) X(tanpi) X(asinpi) X(acospi) X(atanpi)

#define RTS_F16_BINARY(X) \
  X(add) X(sub) X(mul) X(div) X(mod) X(pow) X(min) X(max) X(atan2) X(hypot)        \
  X(copysign) X(ldexp) X(atan2pi)

#define RTS_DEFINE_F16_UNARY(OP)                                                    \
  static inline uint16_t rts_##OP##_f16(uint16_t x) {                               \
    return rts_f32_to_f16(rts_##OP##_f32(rts_f16_to_f32(x)));                       \
  }
#define RTS_DEFINE_F16_BINARY(OP)                                                   \
  static inline uint16_t rts_##OP##_f16(uint16_t x, uint16_t y) {                   \
    return rts_f32_to_f16(rts_##OP##_f32(rts_f16_to_f32(x), rts_f16_to_f32(y)));    \
  }
RTS_F16_UNARY(RTS_DEFINE_F16_UNARY)
RTS_F16_BINARY(RTS_DEFINE_F16_BINARY)

static inline uint16_t rts_fma_f16(uint16_t x, uint16_t y, uint16_t z) {
  return rts_f64_to_f16(fma((double)rts_f16_to_f32(x), (double)rts_f16_to_f32(y),
                            (double)rts_f16_to_f32(z)));
}

/* The next f16 after x toward y, on the bits (f32's nextafter would step too little). */
static inline uint16_t rts_nextafter_f16(uint16_t x, uint16_t y) {
  float fx = rts_f16_to_f32(x), fy = rts_f16_to_f32(y);
  if (fx != fx || fy != fy) {
    return fx != fx ? x : y;
  }
  if (fx == fy) {
    return y;
  }
  if (fx == 0) {
    return (uint16_t)((y & 0x8000u) | 1u);
  }
  return (uint16_t)((fx < fy) == (fx > 0) ? x + 1u : x - 1u);
}

static inline bool rts_isnan_f16(uint16_t x) { return (x & 0x7fffu) > 0x7c00u; }
static inline bool rts_isinf_f16(uint16_t x) { return (x & 0x7fffu) == 0x7c00u; }
static inline uint16_t rts_to_bits_f16(uint16_t x) { return x; }
static inline uint16_t rts_from_bits_f16(uint16_t bits) { return bits; }

/* --------------------------------------------------------------- Conversions */

/* Float to integer, as in Futhark: NaN and the infinities give 0; other values
 * truncate toward zero and wrap around to the type's width as integer arithmetic does
 * (u32.f32 (-1) is 4294967295, i8.f64 200 is -56). fmod is exact, so `m` is the
 * integer part modulo 2^64 with the integer part's sign; the casts take it to the
 * type's width. */
static inline uint64_t rts_fptoi_bits(double x) {
  if (isnan(x) || isinf(x)) {
    return 0;
  }
  double t = trunc(x);
  if (fabs(t) < 9223372036854775808.0) {
    return (uint64_t)(int64_t)t; /* the common case: exact in i64 */
  }
  double m = fmod(t, 18446744073709551616.0);
  return m < 0 ? (uint64_t)0 - (uint64_t)(-m) : (uint64_t)m;
}

#define RTS_DEFINE_FPTOI(N, T, UT)                                                  \
  static inline T rts_fptoi_##N(double x) { return (T)(UT)rts_fptoi_bits(x); }

RTS_DEFINE_FPTOI(i8, int8_t, uint8_t)
RTS_DEFINE_FPTOI(i16, int16_t, uint16_t)
RTS_DEFINE_FPTOI(i32, int32_t, uint32_t)
RTS_DEFINE_FPTOI(i64, int64_t, uint64_t)
RTS_DEFINE_FPTOI(u8, uint8_t, uint8_t)
RTS_DEFINE_FPTOI(u16, uint16_t, uint16_t)
RTS_DEFINE_FPTOI(u32, uint32_t, uint32_t)
RTS_DEFINE_FPTOI(u64, uint64_t, uint64_t)

#endif
