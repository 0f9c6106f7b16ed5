/* Every function of rts/c/scalar.h behind one entry point, scalar_eval, for
 * tests/unit/test_rts_opencl_scalar.c.
 *
 * This file is C99 and OpenCL C at once: the test includes it after scalar.h on the
 * host, and pastes it after scalar_cl.h and scalar.h into an OpenCL program whose
 * kernel (at the end) runs scalar_eval on every case, so that one text says how a case
 * is computed on both sides. A case is an operation (an index into SCALAR_OPS) and
 * two operands as 64-bit patterns; integers are converted to their type (signed ones
 * are stored sign-extended), floats are decoded from their bits. The result is a
 * 64-bit pattern too: integers (and bools) converted to uint64_t, floats as their bits.
 */

/* X(kind, operation, type, C type) for the integer functions of type N. The kinds say
 * how operands are chosen and results compared (scalar_kind in the test). */
#define SCALAR_INT_OPS(X, N, T)                                                     \
  X(INT2, add, N, T) X(INT2, sub, N, T) X(INT2, mul, N, T) X(INT2, min, N, T)        \
  X(INT2, max, N, T) X(INT2, band, N, T) X(INT2, bor, N, T) X(INT2, bxor, N, T)      \
  X(INT2, upow, N, T) X(INT2, pow, N, T) X(INT2, shl, N, T) X(INT2, shr, N, T)       \
  X(DIV, div, N, T) X(DIV, mod, N, T) X(DIV, quot, N, T) X(DIV, rem, N, T)           \
  X(INT1, neg, N, T) X(INT1, abs, N, T) X(INT1, sgn, N, T) X(INT1, complement, N, T) \
  X(INT1, popc, N, T) X(INT1, clz, N, T) X(INT1, ctz, N, T) X(INT2, mul_hi, N, T)

/* The float functions: FLT results must agree to the bit, ULP ones within a few ulp
 * (scalar_ulp_limit in the test). */
#define SCALAR_FLOAT_OPS(X, N, T)                                                   \
  X(FLT2, add, N, T) X(FLT2, sub, N, T) X(FLT2, mul, N, T) X(FLT2, div, N, T)        \
  X(FLT2, mod, N, T) X(FLT2, min, N, T) X(FLT2, max, N, T) X(ULP2, pow, N, T)        \
  X(ULP2, atan2, N, T) X(ULP2, hypot, N, T) X(ULP2, atan2pi, N, T)                  \
  X(FLT2, copysign, N, T) X(FLT2, nextafter, N, T) X(FLT2, ldexp, N, T)              \
  X(FLT2, fma_error, N, T)                                                          \
  X(FLT1, rsqrt, N, T) X(ULP1, sinpi, N, T) X(ULP1, cospi, N, T)                     \
  X(ULP1, tanpi, N, T) X(ULP1, asinpi, N, T) X(ULP1, acospi, N, T)                   \
  X(ULP1, atanpi, N, T)                                                             \
  X(FLT1, neg, N, T) X(FLT1, abs, N, T) X(FLT1, sgn, N, T) X(FLT1, sqrt, N, T)       \
  X(FLT1, floor, N, T) X(FLT1, ceil, N, T) X(FLT1, round, N, T) X(FLT1, trunc, N, T) \
  X(ULP1, cbrt, N, T) X(ULP1, exp, N, T) X(ULP1, log, N, T) X(ULP1, log2, N, T)      \
  X(ULP1, log10, N, T) X(ULP1, log1p, N, T) X(ULP1, sin, N, T) X(ULP1, cos, N, T)    \
  X(ULP1, tan, N, T) X(ULP1, asin, N, T) X(ULP1, acos, N, T) X(ULP1, atan, N, T)     \
  X(ULP1, sinh, N, T) X(ULP1, cosh, N, T) X(ULP1, tanh, N, T) X(ULP1, asinh, N, T)   \
  X(ULP1, acosh, N, T) X(ULP1, atanh, N, T) X(ULP1, erf, N, T) X(ULP1, erfc, N, T)   \
  X(ULP1, gamma, N, T) X(ULP1, lgamma, N, T)                                        \
  X(TEST, isnan, N, T) X(TEST, isinf, N, T) X(TO_BITS, to_bits, N, T)                \
  X(FROM_BITS, from_bits, N, T)

/* fma takes three operands, the cases two: fma_error x y is fma(x, y, -(x * y)), the
 * rounding error of the product, which only a correctly rounded fma gets right. */
static float rts_fma_error_f32(float x, float y) { return rts_fma_f32(x, y, -(x * y)); }
static double rts_fma_error_f64(double x, double y) { return rts_fma_f64(x, y, -(x * y)); }

#define SCALAR_OPS(X)                                                               \
  SCALAR_INT_OPS(X, i8, int8_t) SCALAR_INT_OPS(X, i16, int16_t)                      \
  SCALAR_INT_OPS(X, i32, int32_t) SCALAR_INT_OPS(X, i64, int64_t)                    \
  SCALAR_INT_OPS(X, u8, uint8_t) SCALAR_INT_OPS(X, u16, uint16_t)                    \
  SCALAR_INT_OPS(X, u32, uint32_t) SCALAR_INT_OPS(X, u64, uint64_t)                  \
  SCALAR_FLOAT_OPS(X, f32, float) SCALAR_FLOAT_OPS(X, f64, double)                   \
  X(FPTOI, fptoi, i8, int8_t) X(FPTOI, fptoi, i16, int16_t)                          \
  X(FPTOI, fptoi, i32, int32_t) X(FPTOI, fptoi, i64, int64_t)                        \
  X(FPTOI, fptoi, u8, uint8_t) X(FPTOI, fptoi, u16, uint16_t)                        \
  X(FPTOI, fptoi, u32, uint32_t) X(FPTOI, fptoi, u64, uint64_t)

#define SCALAR_OP_ENUM(K, OP, N, T) SCALAR_##OP##_##N,
enum { SCALAR_OPS(SCALAR_OP_ENUM) SCALAR_OP_COUNT };

static float scalar_f32(uint64_t bits) { return rts_from_bits_f32((uint32_t)bits); }
static double scalar_f64(uint64_t bits) { return rts_from_bits_f64(bits); }
static uint64_t scalar_bits_f32(float x) { return rts_to_bits_f32(x); }
static uint64_t scalar_bits_f64(double x) { return rts_to_bits_f64(x); }

/* How each kind calls its function F on the operands a and b. F comes pasted
 * (rts_min_i8): OpenCL headers may define min, abs or clz as macros, which would
 * expand in an operation's name that is passed on alone. */
#define SCALAR_EVAL_INT2(F, N, T) (uint64_t)F((T)a, (T)b)
#define SCALAR_EVAL_DIV(F, N, T) SCALAR_EVAL_INT2(F, N, T)
#define SCALAR_EVAL_INT1(F, N, T) (uint64_t)F((T)a)
#define SCALAR_EVAL_FLT2(F, N, T) scalar_bits_##N(F(scalar_##N(a), scalar_##N(b)))
#define SCALAR_EVAL_ULP2(F, N, T) SCALAR_EVAL_FLT2(F, N, T)
#define SCALAR_EVAL_FLT1(F, N, T) scalar_bits_##N(F(scalar_##N(a)))
#define SCALAR_EVAL_ULP1(F, N, T) SCALAR_EVAL_FLT1(F, N, T)
#define SCALAR_EVAL_TEST(F, N, T) (uint64_t)F(scalar_##N(a))
#define SCALAR_EVAL_TO_BITS(F, N, T) (uint64_t)F(scalar_##N(a))
#define SCALAR_EVAL_FROM_BITS(F, N, T) scalar_bits_##N(F((SCALAR_BITS_##N)a))
#define SCALAR_EVAL_FPTOI(F, N, T) (uint64_t)F(scalar_f64(a))
#define SCALAR_BITS_f32 uint32_t
#define SCALAR_BITS_f64 uint64_t

#define SCALAR_EVAL_CASE(K, OP, N, T) \
  case SCALAR_##OP##_##N:             \
    return SCALAR_EVAL_##K(rts_##OP##_##N, N, T);

static uint64_t scalar_eval(int32_t op, uint64_t a, uint64_t b) {
  switch (op) {
    SCALAR_OPS(SCALAR_EVAL_CASE)
  }
  return 0;
}

#ifdef __OPENCL_VERSION__
__kernel void scalar_eval_cases(__global const int *ops, __global const ulong *as,
                                __global const ulong *bs, __global ulong *results, long n) {
  long i = get_global_id(0);
  if (i < n) {
    results[i] = scalar_eval(ops[i], as[i], bs[i]);
  }
}
#endif
