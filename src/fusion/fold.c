/* Scalar rules of the simplifier: constant folding, algebraic identities, index
 * arithmetic and integer ranges.
 *
 * Folding calls the very functions that generated code calls (rts/c/scalar.h is
 * included here), in the same C types, so a folded constant is bit for bit what the
 * program would have computed: integers wrap around, signed / and % round toward
 * negative infinity and // and %% toward zero, shifts out of range give 0 or the sign,
 * floats compute in their own precision (f32 in float), float-to-integer conversions
 * truncate and wrap and turn NaN and the infinities into 0, and signed-to-unsigned ones
 * extend with zeros. f16 arithmetic and conversions are not folded: the
 * constants of f16 are its bits (Note [f16] in rts/c/scalar.h), and their operations
 * are left to run. What fails at run time is never folded: integer division or modulo
 * by zero, and 0 ** negative on signed integers, stay for the program to report.
 *
 * Identities: x+0, x-0, x*1, x*0, x-x, x&x, x|0, x^x, x<<0, min(x,x), x==x, ... hold
 * for integers and booleans; for floats only x*1, x/1 and pow(x, 0) = 1 (C99 Annex F)
 * do, because of NaN, infinities and -0.0. Constants go to the right of commutative
 * operators, so CSE and the rules see one form. Constant offsets and factors are
 * combined ((x+1)+2 = x+3, (x*2)*4 = x*8: wrap-around arithmetic is associative).
 *
 * Index arithmetic uses ranges (struct range, computed when a variable is bound: loop
 * indices, rows of iota, shapes, and arithmetic on them with overflow checks): with
 * 0 <= k < c and no overflow, (i*c + k) / c = i and (i*c + k) % c = k; x / c = 0 and
 * x % c = x when 0 <= x < c; comparisons and min/max that the ranges decide are folded.
 * Signed / and % by a power of two 2^k are >> k and & (2^k-1) for every x (floor
 * division is the arithmetic shift); // and %% become / and % when x >= 0.
 */
#include "fusion/simplify_internal.h"

#include "../../rts/c/scalar.h" /* the generated code's operators (see above) */

/* ---------------------------------------------------------------- Constants */

#define FOLD_SIGNED(X)     \
  X(I8, i8, int8_t)        \
  X(I16, i16, int16_t)     \
  X(I32, i32, int32_t)     \
  X(I64, i64, int64_t)

#define FOLD_UNSIGNED(X)   \
  X(U8, u8, uint8_t)       \
  X(U16, u16, uint16_t)    \
  X(U32, u32, uint32_t)    \
  X(U64, u64, uint64_t)

#define FOLD_FLOATS(X)      \
  X(F32, f32, float, f32)   \
  X(F64, f64, double, f64)

static bool put_int(struct ir_const *out, enum prim_type t, int64_t v) {
  *out = ir_const_int(t, v);
  return true;
}

static bool put_bool(struct ir_const *out, bool v) {
  out->prim = PRIM_BOOL;
  out->v.b = v;
  return true;
}

/* A NaN folds only when it is the one that the C backend writes for every NaN constant
 * (the quiet NaN of C's NAN macro): others would lose their sign and payload bits. */
static bool put_float(struct ir_const *out, enum prim_type t, double v) {
  *out = ir_const_float(t, v);
  if (t == PRIM_F16) {
    return true; /* its bits are written as they are */
  }
  if (t == PRIM_F32 && isnan(out->v.f32)) {
    return rts_to_bits_f32(out->v.f32) == rts_to_bits_f32(NAN);
  }
  if (t == PRIM_F64 && isnan(out->v.f64)) {
    return rts_to_bits_f64(out->v.f64) == rts_to_bits_f64((double)NAN);
  }
  return true;
}

/* The comparisons, the same on every type; x and y are of the type's C type. */
#define COMPARE_CASES                                                          \
  case IR_BINOP_EQ:                                                            \
    return put_bool(out, x == y);                                              \
  case IR_BINOP_NE:                                                            \
    return put_bool(out, x != y);                                              \
  case IR_BINOP_LT:                                                            \
    return put_bool(out, x < y);                                               \
  case IR_BINOP_LE:                                                            \
    return put_bool(out, x <= y);                                              \
  case IR_BINOP_GT:                                                            \
    return put_bool(out, x > y);                                               \
  case IR_BINOP_GE:                                                            \
    return put_bool(out, x >= y);                                              \
  default:                                                                     \
    return false;

/* x op y as the runtime's rts_OP_N computes it, on an integer or a float type K. */
#define INT_BINOP_CASE(OP, N, K)                                               \
  case IR_BINOP_##OP:                                                          \
    return put_int(out, PRIM_##K, (int64_t)rts_##N(x, y));
#define FLOAT_BINOP_CASE(OP, N, K)                                             \
  case IR_BINOP_##OP:                                                          \
    return put_float(out, PRIM_##K, rts_##N(x, y));

/* The cases every integer type shares; division by zero is not folded. */
#define INT_CASES(K, N)                                                        \
  INT_BINOP_CASE(ADD, add_##N, K)                                              \
  INT_BINOP_CASE(SUB, sub_##N, K)                                              \
  INT_BINOP_CASE(MUL, mul_##N, K)                                              \
  case IR_BINOP_DIV:                                                           \
    return y != 0 && put_int(out, PRIM_##K, (int64_t)rts_div_##N(x, y));       \
  case IR_BINOP_MOD:                                                           \
    return y != 0 && put_int(out, PRIM_##K, (int64_t)rts_mod_##N(x, y));       \
  case IR_BINOP_QUOT:                                                          \
    return y != 0 && put_int(out, PRIM_##K, (int64_t)rts_quot_##N(x, y));      \
  case IR_BINOP_REM:                                                           \
    return y != 0 && put_int(out, PRIM_##K, (int64_t)rts_rem_##N(x, y));       \
  INT_BINOP_CASE(MIN, min_##N, K)                                              \
  INT_BINOP_CASE(MAX, max_##N, K)                                              \
  INT_BINOP_CASE(MUL_HI, mul_hi_##N, K)                                        \
  INT_BINOP_CASE(BAND, band_##N, K)                                            \
  INT_BINOP_CASE(BOR, bor_##N, K)                                              \
  INT_BINOP_CASE(BXOR, bxor_##N, K)                                            \
  INT_BINOP_CASE(SHL, shl_##N, K)                                              \
  INT_BINOP_CASE(SHR, shr_##N, K)                                              \
  COMPARE_CASES

/* A negative exponent is a run-time error on signed integers (Note [negative exponents]
 * in rts/c/scalar.h): not folded. */
#define SIGNED_BINOP(K, N, T)                                                  \
  static bool binop_##N(enum ir_binop op, T x, T y, struct ir_const *out) {   \
    switch (op) {                                                              \
    case IR_BINOP_POW:                                                         \
      return y >= 0 && put_int(out, PRIM_##K, (int64_t)rts_pow_##N(x, y));     \
      INT_CASES(K, N)                                                          \
    }                                                                          \
  }
FOLD_SIGNED(SIGNED_BINOP)

#define UNSIGNED_BINOP(K, N, T)                                                \
  static bool binop_##N(enum ir_binop op, T x, T y, struct ir_const *out) {   \
    switch (op) {                                                              \
      INT_BINOP_CASE(POW, pow_##N, K)                                          \
      INT_CASES(K, N)                                                          \
    }                                                                          \
  }
FOLD_UNSIGNED(UNSIGNED_BINOP)

#define FLOAT_BINOP(K, N, T, F)                                                \
  static bool binop_##N(enum ir_binop op, T x, T y, struct ir_const *out) {   \
    switch (op) {                                                              \
      FLOAT_BINOP_CASE(ADD, add_##N, K)                                        \
      FLOAT_BINOP_CASE(SUB, sub_##N, K)                                        \
      FLOAT_BINOP_CASE(MUL, mul_##N, K)                                        \
      FLOAT_BINOP_CASE(DIV, div_##N, K)                                        \
      FLOAT_BINOP_CASE(MOD, mod_##N, K)                                        \
      FLOAT_BINOP_CASE(POW, pow_##N, K)                                        \
      FLOAT_BINOP_CASE(MIN, min_##N, K)                                        \
      FLOAT_BINOP_CASE(MAX, max_##N, K)                                        \
      FLOAT_BINOP_CASE(ATAN2, atan2_##N, K)                                    \
      FLOAT_BINOP_CASE(HYPOT, hypot_##N, K)                                    \
      FLOAT_BINOP_CASE(ATAN2PI, atan2pi_##N, K)                                \
      FLOAT_BINOP_CASE(COPYSIGN, copysign_##N, K)                              \
      FLOAT_BINOP_CASE(NEXTAFTER, nextafter_##N, K)                            \
      FLOAT_BINOP_CASE(LDEXP, ldexp_##N, K)                                    \
      COMPARE_CASES                                                            \
    }                                                                          \
  }
FOLD_FLOATS(FLOAT_BINOP)

/* On bool the backend uses C's operators (emit_exp.c): min is &, max is |. */
static bool binop_bool(enum ir_binop op, bool x, bool y, struct ir_const *out) {
  switch (op) {
  case IR_BINOP_LAND:
  case IR_BINOP_BAND:
  case IR_BINOP_MIN:
    return put_bool(out, x && y);
  case IR_BINOP_LOR:
  case IR_BINOP_BOR:
  case IR_BINOP_MAX:
    return put_bool(out, x || y);
  case IR_BINOP_BXOR:
    return put_bool(out, x != y);
  COMPARE_CASES
  }
}

/* x op y on constants of one type; false when it cannot be folded. */
static bool eval_binop(enum ir_binop op, struct ir_const x, struct ir_const y,
                       struct ir_const *out) {
  switch (x.prim) {
  case PRIM_BOOL:
    return binop_bool(op, x.v.b, y.v.b, out);
#define X(K, N, T)  \
  case PRIM_##K:    \
    return binop_##N(op, (T)x.v.i, (T)y.v.i, out);
    FOLD_SIGNED(X)
    FOLD_UNSIGNED(X)
#undef X
#define X(K, N, T, F) \
  case PRIM_##K:      \
    return binop_##N(op, x.v.F, y.v.F, out);
    FOLD_FLOATS(X)
#undef X
  default:
    return false;
  }
}

#define INT_UNOP(K, N, T)                                                        \
  static bool unop_##N(enum ir_unop op, T x, enum prim_type to, struct ir_const *out) { \
    switch (op) {                                                                \
    case IR_UNOP_NEG:                                                            \
      return put_int(out, PRIM_##K, (int64_t)rts_neg_##N(x));                    \
    case IR_UNOP_COMPLEMENT:                                                     \
      return put_int(out, PRIM_##K, (int64_t)rts_complement_##N(x));             \
    case IR_UNOP_ABS:                                                            \
      return put_int(out, PRIM_##K, (int64_t)rts_abs_##N(x));                    \
    case IR_UNOP_SGN:                                                            \
      return put_int(out, PRIM_##K, (int64_t)rts_sgn_##N(x));                    \
    case IR_UNOP_POPC:                                                           \
      return put_int(out, to, rts_popc_##N(x));                                  \
    case IR_UNOP_CLZ:                                                            \
      return put_int(out, to, rts_clz_##N(x));                                   \
    case IR_UNOP_CTZ:                                                            \
      return put_int(out, to, rts_ctz_##N(x));                                   \
    case IR_UNOP_FROM_BITS:                                                      \
      return to == PRIM_F32 ? put_float(out, to, rts_from_bits_f32((uint32_t)x))  \
           : to == PRIM_F64 ? put_float(out, to, rts_from_bits_f64((uint64_t)x))  \
                            : false;                                             \
    default:                                                                     \
      return false;                                                              \
    }                                                                            \
  }
FOLD_SIGNED(INT_UNOP)
FOLD_UNSIGNED(INT_UNOP)

#define FLOAT_UNOP_CASE(OP, N, K)                                                \
  case IR_UNOP_##OP:                                                             \
    return put_float(out, PRIM_##K, rts_##N(x));

#define FLOAT_UNOP(K, N, T, F)                                                   \
  static bool unop_##N(enum ir_unop op, T x, enum prim_type to, struct ir_const *out) { \
    switch (op) {                                                                \
      FLOAT_UNOP_CASE(NEG, neg_##N, K)                                           \
      FLOAT_UNOP_CASE(ABS, abs_##N, K)                                           \
      FLOAT_UNOP_CASE(SGN, sgn_##N, K)                                           \
      FLOAT_UNOP_CASE(SQRT, sqrt_##N, K)                                         \
      FLOAT_UNOP_CASE(CBRT, cbrt_##N, K)                                         \
      FLOAT_UNOP_CASE(EXP, exp_##N, K)                                           \
      FLOAT_UNOP_CASE(LOG, log_##N, K)                                           \
      FLOAT_UNOP_CASE(LOG2, log2_##N, K)                                         \
      FLOAT_UNOP_CASE(LOG10, log10_##N, K)                                       \
      FLOAT_UNOP_CASE(LOG1P, log1p_##N, K)                                       \
      FLOAT_UNOP_CASE(SIN, sin_##N, K)                                           \
      FLOAT_UNOP_CASE(COS, cos_##N, K)                                           \
      FLOAT_UNOP_CASE(TAN, tan_##N, K)                                           \
      FLOAT_UNOP_CASE(ASIN, asin_##N, K)                                         \
      FLOAT_UNOP_CASE(ACOS, acos_##N, K)                                         \
      FLOAT_UNOP_CASE(ATAN, atan_##N, K)                                         \
      FLOAT_UNOP_CASE(SINH, sinh_##N, K)                                         \
      FLOAT_UNOP_CASE(COSH, cosh_##N, K)                                         \
      FLOAT_UNOP_CASE(TANH, tanh_##N, K)                                         \
      FLOAT_UNOP_CASE(ASINH, asinh_##N, K)                                       \
      FLOAT_UNOP_CASE(ACOSH, acosh_##N, K)                                       \
      FLOAT_UNOP_CASE(ATANH, atanh_##N, K)                                       \
      FLOAT_UNOP_CASE(ERF, erf_##N, K)                                           \
      FLOAT_UNOP_CASE(ERFC, erfc_##N, K)                                         \
      FLOAT_UNOP_CASE(GAMMA, gamma_##N, K)                                       \
      FLOAT_UNOP_CASE(LGAMMA, lgamma_##N, K)                                     \
      FLOAT_UNOP_CASE(FLOOR, floor_##N, K)                                       \
      FLOAT_UNOP_CASE(CEIL, ceil_##N, K)                                         \
      FLOAT_UNOP_CASE(ROUND, round_##N, K)                                       \
      FLOAT_UNOP_CASE(TRUNC, trunc_##N, K)                                       \
      FLOAT_UNOP_CASE(RSQRT, rsqrt_##N, K)                                       \
      FLOAT_UNOP_CASE(SINPI, sinpi_##N, K)                                       \
      FLOAT_UNOP_CASE(COSPI, cospi_##N, K)                                       \
      FLOAT_UNOP_CASE(TANPI, tanpi_##N, K)                                       \
      FLOAT_UNOP_CASE(ASINPI, asinpi_##N, K)                                     \
      FLOAT_UNOP_CASE(ACOSPI, acospi_##N, K)                                     \
      FLOAT_UNOP_CASE(ATANPI, atanpi_##N, K)                                     \
    case IR_UNOP_ISNAN:                                                          \
      return put_bool(out, rts_isnan_##N(x));                                    \
    case IR_UNOP_ISINF:                                                          \
      return put_bool(out, rts_isinf_##N(x));                                    \
    case IR_UNOP_TO_BITS:                                                        \
      return prim_is_int(to) && put_int(out, to, (int64_t)rts_to_bits_##N(x));  \
    default:                                                                     \
      return false;                                                              \
    }                                                                            \
  }
FOLD_FLOATS(FLOAT_UNOP)

/* On bool the backend computes complement as ! and the other arithmetic as the value
 * itself (emit_exp.c). */
static bool unop_bool(enum ir_unop op, bool x, struct ir_const *out) {
  switch (op) {
  case IR_UNOP_NOT:
  case IR_UNOP_COMPLEMENT:
    return put_bool(out, !x);
  case IR_UNOP_NEG:
  case IR_UNOP_ABS:
  case IR_UNOP_SGN:
    return put_bool(out, x);
  default:
    return false;
  }
}

static bool eval_unop(enum ir_unop op, struct ir_const x, enum prim_type to,
                      struct ir_const *out) {
  switch (x.prim) {
  case PRIM_BOOL:
    return unop_bool(op, x.v.b, out);
#define X(K, N, T)  \
  case PRIM_##K:    \
    return unop_##N(op, (T)x.v.i, to, out);
    FOLD_SIGNED(X)
    FOLD_UNSIGNED(X)
#undef X
#define X(K, N, T, F) \
  case PRIM_##K:      \
    return unop_##N(op, x.v.F, to, out);
    FOLD_FLOATS(X)
#undef X
  default:
    return false;
  }
}

/* Float to integer, as rts_fptoi_T((double)x). */
static struct ir_const float_to_int(double x, enum prim_type to) {
  switch (to) {
#define X(K, N, T)  \
  case PRIM_##K:    \
    return ir_const_int(to, (int64_t)rts_fptoi_##N(x));
    FOLD_SIGNED(X)
    FOLD_UNSIGNED(X)
#undef X
  default:
    return ir_const_int(to, 0);
  }
}

/* An integer's value in double or float, converted from its own C type. */
static struct ir_const int_to_float(struct ir_const x, enum prim_type to) {
  if (to == PRIM_F32) {
    return ir_const_float(to, prim_is_signed(x.prim) ? (float)(int64_t)x.v.i : (float)x.v.i);
  }
  return ir_const_float(to, prim_is_signed(x.prim) ? (double)(int64_t)x.v.i : (double)x.v.i);
}

/* A conversion as emit_exp.c's emit_convert writes it; false for a NaN that cannot be
 * written (put_float). */
static bool eval_convert(struct ir_const x, enum prim_type to, struct ir_const *out) {
  enum prim_type from = x.prim;
  double f = prim_is_float(from) ? ir_const_float_value(x) : 0;
  if ((from == PRIM_F16 || to == PRIM_F16) && from != to) {
    return false; /* f16 is left to run (see the top of this file) */
  }
  if (from == to) {
    *out = x;
  } else if (from == PRIM_BOOL) {
    *out = prim_is_float(to) ? ir_const_float(to, x.v.b ? 1.0 : 0.0) : ir_const_int(to, x.v.b);
  } else if (to == PRIM_BOOL) {
    return put_bool(out, prim_is_float(from) ? f != 0 : x.v.i != 0);
  } else if (prim_is_float(from)) {
    if (prim_is_float(to)) {
      return put_float(out, to, f);
    }
    *out = float_to_int(f, to);
  } else {
    uint64_t v = x.v.i;
    if (prim_convert_zero_extends(from, to) && prim_bytes(from) < 8) {
      v &= (UINT64_C(1) << (prim_bytes(from) * 8)) - 1; /* zero-extended, as emit_convert */
    }
    *out = prim_is_float(to) ? int_to_float(x, to) : ir_const_int(to, (int64_t)v);
  }
  return true;
}

/* ------------------------------------------------------------------ Helpers */

bool const_int_value(struct ir_subexp se, int64_t *v) {
  if (se.kind != IR_SE_CONST || !prim_is_int(se.u.c.prim)) {
    return false;
  }
  *v = (int64_t)se.u.c.v.i;
  return true;
}

static bool is_int_const(struct ir_subexp se, int64_t v) {
  int64_t c;
  return const_int_value(se, &c) && c == v;
}

static bool is_bool_const(struct ir_subexp se, bool v) {
  return se.kind == IR_SE_CONST && se.u.c.prim == PRIM_BOOL && se.u.c.v.b == v;
}

static bool is_float_const(struct ir_subexp se, double v) {
  if (se.kind != IR_SE_CONST || !prim_is_float(se.u.c.prim)) {
    return false;
  }
  return ir_const_float_value(se.u.c) == v;
}

/* All bits set: -1 on signed integers, the maximum on unsigned ones, true on bool. */
static bool is_all_ones(struct ir_subexp se, enum prim_type t) {
  if (t == PRIM_BOOL) {
    return is_bool_const(se, true);
  }
  return se.kind == IR_SE_CONST && ir_const_int(t, -1).v.i == se.u.c.v.i;
}

static struct ir_subexp int_const(enum prim_type t, int64_t v) {
  return ir_se_const(ir_const_int(t, v));
}

static bool same_var(struct ir_subexp a, struct ir_subexp b) {
  return a.kind == IR_SE_VAR && b.kind == IR_SE_VAR && a.u.var == b.u.var;
}

/* Binds the statement's one result and drops it. */
static enum rewrite bind_result(struct simplifier *s, struct ir_stm *stm, struct ir_subexp to) {
  simplify_bind(s, stm->pat[0], to);
  return REWRITE_DROP;
}

static enum rewrite bind_const(struct simplifier *s, struct ir_stm *stm, struct ir_const c) {
  return bind_result(s, stm, ir_se_const(c));
}

/* Rewrites the statement into lhs op rhs. */
static enum rewrite set_binop(struct ir_stm *stm, enum ir_binop op, struct ir_subexp lhs,
                              struct ir_subexp rhs) {
  stm->exp.kind = IR_BINOP;
  stm->exp.u.binop.op = op;
  stm->exp.u.binop.lhs = lhs;
  stm->exp.u.binop.rhs = rhs;
  stm->exp.u.binop.addend = (struct ir_subexp){.kind = IR_SE_NONE};
  return REWRITE_CHANGED;
}

/* ------------------------------------------------------------------- Ranges */

static struct range exact(int64_t v) {
  return (struct range){true, v, v, NULL};
}

struct range range_of_type(enum prim_type t) {
  switch (t) {
  case PRIM_BOOL:
    return (struct range){true, 0, 1, NULL};
  case PRIM_U64:
    return (struct range){false, 0, 0, NULL};
  default:
    break;
  }
  if (!prim_is_int(t)) {
    return (struct range){false, 0, 0, NULL};
  }
  int bits = prim_bytes(t) * 8;
  if (!prim_is_signed(t)) {
    return (struct range){true, 0, (int64_t)((UINT64_C(1) << bits) - 1), NULL};
  }
  int64_t max = bits == 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << (bits - 1)) - 1);
  return (struct range){true, -max - 1, max, NULL};
}

/* The range, or the type's range when it does not fit in it. */
static struct range clamp(struct range r, enum prim_type t) {
  struct range full = range_of_type(t);
  if (!r.known || !full.known || r.lo < full.lo || r.hi > full.hi || r.lo > r.hi) {
    return full;
  }
  return r;
}

struct range simplify_range(struct simplifier *s, struct ir_subexp se) {
  int64_t v;
  if (const_int_value(se, &v)) {
    return se.u.c.prim == PRIM_U64 && v < 0 ? range_of_type(PRIM_U64) : exact(v);
  }
  if (se.kind != IR_SE_VAR || se.u.var->type.rank != 0) {
    return range_of_type(PRIM_NONE);
  }
  struct var_info *info = simplify_info(s, se.u.var);
  return info->range.known ? info->range : range_of_type(se.u.var->type.prim);
}

static int64_t floor_div(int64_t a, int64_t c) {
  int64_t q = a / c;
  return (a % c != 0 && (a < 0) != (c < 0)) ? q - 1 : q;
}

static struct range range_add(struct range a, struct range b, bool negate_b) {
  struct range r = {true, 0, 0, NULL};
  int64_t blo = b.lo, bhi = b.hi;
  if (!a.known || !b.known) {
    return (struct range){false, 0, 0, NULL};
  }
  if (negate_b) {
    if (b.lo == INT64_MIN) {
      return (struct range){false, 0, 0, NULL};
    }
    blo = -b.hi;
    bhi = -b.lo;
  }
  if (__builtin_add_overflow(a.lo, blo, &r.lo) || __builtin_add_overflow(a.hi, bhi, &r.hi)) {
    r.known = false;
  }
  return r;
}

static struct range range_mul(struct range a, struct range b) {
  int64_t p[4];
  if (!a.known || !b.known || __builtin_mul_overflow(a.lo, b.lo, &p[0]) ||
      __builtin_mul_overflow(a.lo, b.hi, &p[1]) || __builtin_mul_overflow(a.hi, b.lo, &p[2]) ||
      __builtin_mul_overflow(a.hi, b.hi, &p[3])) {
    return (struct range){false, 0, 0, NULL};
  }
  struct range r = {true, p[0], p[0], NULL};
  for (int i = 1; i < 4; i++) {
    r.lo = p[i] < r.lo ? p[i] : r.lo;
    r.hi = p[i] > r.hi ? p[i] : r.hi;
  }
  return r;
}

/* Division and modulo by a positive constant (floor; // and %% when a >= 0). */
static struct range range_divmod(enum ir_binop op, struct range a, struct range b) {
  bool truncating = op == IR_BINOP_QUOT || op == IR_BINOP_REM;
  if (!a.known || !b.known || b.lo != b.hi || b.lo <= 0 || (truncating && a.lo < 0)) {
    return (struct range){false, 0, 0, NULL};
  }
  int64_t c = b.lo;
  if (op == IR_BINOP_DIV || op == IR_BINOP_QUOT) {
    return (struct range){true, floor_div(a.lo, c), floor_div(a.hi, c), NULL};
  }
  if (a.lo >= 0 && a.hi < c) {
    return a;
  }
  return (struct range){true, 0, c - 1, NULL};
}

static struct range range_binop(enum ir_binop op, struct range a, struct range b) {
  if (!a.known || !b.known) {
    return (struct range){false, 0, 0, NULL};
  }
  switch (op) {
  case IR_BINOP_ADD:
    return range_add(a, b, false);
  case IR_BINOP_SUB:
    return range_add(a, b, true);
  case IR_BINOP_MUL:
    return range_mul(a, b);
  case IR_BINOP_DIV:
  case IR_BINOP_MOD:
  case IR_BINOP_QUOT:
  case IR_BINOP_REM:
    return range_divmod(op, a, b);
  case IR_BINOP_MIN:
    return (struct range){true, a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi, NULL};
  case IR_BINOP_MAX:
    return (struct range){true, a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi, NULL};
  case IR_BINOP_BAND:
    if (b.lo == b.hi && b.lo >= 0) {
      return (struct range){true, 0, a.lo >= 0 && a.hi < b.lo ? a.hi : b.lo, NULL};
    }
    return (struct range){false, 0, 0, NULL};
  case IR_BINOP_SHR:
    if (b.lo == b.hi && b.lo >= 0 && b.lo < 63) {
      int64_t c = INT64_C(1) << b.lo;
      return (struct range){true, floor_div(a.lo, c), floor_div(a.hi, c), NULL};
    }
    return (struct range){false, 0, 0, NULL};
  default:
    return (struct range){false, 0, 0, NULL};
  }
}

/* The range of the statement's first result, an integer scalar. */
/* x % d (floor) and x %% d (x not negative) by a d not negative are below d: d = 0
 * fails, so where the result exists it is in 0..d-1. */
static struct range modulo_range(struct simplifier *s, enum ir_binop op, struct ir_subexp x,
                                 struct ir_var *d) {
  struct range dr = simplify_range(s, ir_se_var(d));
  struct range xr = simplify_range(s, x);
  bool floor = op == IR_BINOP_MOD, trunc = op == IR_BINOP_REM && xr.known && xr.lo >= 0;
  if (!(floor || trunc) || !prim_is_int(d->type.prim) || !dr.known || dr.lo < 0 ||
      dr.hi < 1) {
    return (struct range){false, 0, 0, NULL};
  }
  return (struct range){true, 0, dr.hi - 1, d};
}

/* Whether x - p is x - (x / y) * y (or with //), as modulo_by_division makes x % y:
 * returns IR_BINOP_MOD (or REM) and sets *d to y; else IR_BINOP_SUB. */
static enum ir_binop remainder_of(struct simplifier *s, struct ir_subexp x, struct ir_subexp p,
                                  struct ir_var **d) {
  struct ir_stm *mul = simplify_def(s, p, IR_BINOP);
  if (mul == NULL || mul->exp.u.binop.op != IR_BINOP_MUL ||
      mul->exp.u.binop.rhs.kind != IR_SE_VAR) {
    return IR_BINOP_SUB;
  }
  struct ir_stm *div = simplify_def(s, mul->exp.u.binop.lhs, IR_BINOP);
  if (div == NULL || !ir_subexp_equal(div->exp.u.binop.lhs, x) ||
      !ir_subexp_equal(div->exp.u.binop.rhs, mul->exp.u.binop.rhs) ||
      (div->exp.u.binop.op != IR_BINOP_DIV && div->exp.u.binop.op != IR_BINOP_QUOT)) {
    return IR_BINOP_SUB;
  }
  *d = mul->exp.u.binop.rhs.u.var;
  return div->exp.u.binop.op == IR_BINOP_DIV ? IR_BINOP_MOD : IR_BINOP_REM;
}

struct range simplify_range_of(struct simplifier *s, const struct ir_stm *stm) {
  enum prim_type t = stm->pat[0]->type.prim;
  const struct ir_exp *e = &stm->exp;
  switch (e->kind) {
  case IR_BINOP:
    if (ir_binop_is_comparison(e->u.binop.op)) {
      return range_of_type(t);
    }
    if (e->u.binop.rhs.kind == IR_SE_VAR) {
      struct ir_var *d = e->u.binop.rhs.u.var;
      enum ir_binop op = e->u.binop.op;
      if (op == IR_BINOP_SUB) {
        op = remainder_of(s, e->u.binop.lhs, e->u.binop.rhs, &d); /* x - (x / y) * y */
      }
      struct range m = modulo_range(s, op, e->u.binop.lhs, d);
      if (m.known) {
        return m;
      }
    }
    return clamp(range_binop(e->u.binop.op, simplify_range(s, e->u.binop.lhs),
                             simplify_range(s, e->u.binop.rhs)),
                 t);
  case IR_CONVERT:
    return clamp(simplify_range(s, e->u.convert.operand), t);
  case IR_SHAPE:
    return (struct range){true, 0, INT64_MAX, NULL};
  case IR_UNOP:
    if (e->u.unop.op == IR_UNOP_POPC || e->u.unop.op == IR_UNOP_CLZ ||
        e->u.unop.op == IR_UNOP_CTZ) {
      return clamp((struct range){true, 0, 64, NULL}, t);
    }
    return range_of_type(t);
  default:
    return range_of_type(t);
  }
}

/* ------------------------------------------------------------ Unary, convert */

enum rewrite simplify_unop(struct simplifier *s, struct ir_stm *stm) {
  struct ir_subexp x = stm->exp.u.unop.operand;
  enum ir_unop op = stm->exp.u.unop.op;
  struct ir_const c;
  if (x.kind == IR_SE_CONST) {
    return eval_unop(op, x.u.c, stm->pat[0]->type.prim, &c) ? bind_const(s, stm, c)
                                                             : REWRITE_KEEP;
  }
  /* not (not y), neg (neg y) (wrap-around; floats flip the sign twice) and the
   * complement of the complement are y. */
  struct ir_stm *def = simplify_def(s, x, IR_UNOP);
  bool involution = op == IR_UNOP_NOT || op == IR_UNOP_NEG || op == IR_UNOP_COMPLEMENT;
  if (involution && def != NULL && def->exp.u.unop.op == op) {
    return bind_result(s, stm, def->exp.u.unop.operand);
  }
  return REWRITE_KEEP;
}

enum rewrite simplify_convert(struct simplifier *s, struct ir_stm *stm) {
  struct ir_subexp x = stm->exp.u.convert.operand;
  enum prim_type to = stm->pat[0]->type.prim;
  struct ir_const c;
  if (x.kind == IR_SE_CONST) {
    return eval_convert(x.u.c, to, &c) ? bind_const(s, stm, c) : REWRITE_KEEP;
  }
  if (ir_subexp_type(x).prim == to) {
    return bind_result(s, stm, x);
  }
  return REWRITE_KEEP;
}

/* ------------------------------------------------------------------- Binary */

/* c < y is y > c, and so on. */
static enum ir_binop mirrored(enum ir_binop op) {
  switch (op) {
  case IR_BINOP_LT:
    return IR_BINOP_GT;
  case IR_BINOP_LE:
    return IR_BINOP_GE;
  case IR_BINOP_GT:
    return IR_BINOP_LT;
  case IR_BINOP_GE:
    return IR_BINOP_LE;
  default:
    return op;
  }
}

/* Puts a constant operand on the right. */
static enum rewrite canonical_order(struct ir_stm *stm, enum prim_type t) {
  struct ir_exp *e = &stm->exp;
  enum ir_binop op = e->u.binop.op;
  if (e->u.binop.lhs.kind != IR_SE_CONST || e->u.binop.rhs.kind != IR_SE_VAR) {
    return REWRITE_KEEP;
  }
  if (ir_binop_commutes(op, t) || mirrored(op) != op) {
    return set_binop(stm, mirrored(op), e->u.binop.rhs, e->u.binop.lhs);
  }
  return REWRITE_KEEP;
}

/* x op x on integers and booleans. */
static bool same_operands(enum ir_binop op, enum prim_type t, struct ir_subexp x,
                          struct ir_subexp *out) {
  switch (op) {
  case IR_BINOP_MIN:
  case IR_BINOP_MAX:
  case IR_BINOP_BAND:
  case IR_BINOP_BOR:
  case IR_BINOP_LAND:
  case IR_BINOP_LOR:
    *out = x;
    return true;
  case IR_BINOP_SUB:
  case IR_BINOP_BXOR:
    *out = t == PRIM_BOOL ? ir_se_bool(false) : int_const(t, 0);
    return op == IR_BINOP_BXOR || t != PRIM_BOOL;
  case IR_BINOP_EQ:
  case IR_BINOP_LE:
  case IR_BINOP_GE:
    *out = ir_se_bool(true);
    return true;
  case IR_BINOP_NE:
  case IR_BINOP_LT:
  case IR_BINOP_GT:
    *out = ir_se_bool(false);
    return true;
  default:
    return false;
  }
}

/* x op c with a constant c on the right, on integers and booleans. */
static bool right_identity(enum ir_binop op, enum prim_type t, struct ir_subexp x,
                           struct ir_subexp c, struct ir_subexp *out) {
  bool zero = is_int_const(c, 0) || is_bool_const(c, false);
  bool one = is_int_const(c, 1), ones = is_all_ones(c, t);
  switch (op) {
  case IR_BINOP_ADD:
  case IR_BINOP_SUB:
  case IR_BINOP_SHL:
  case IR_BINOP_SHR:
  case IR_BINOP_BXOR:
    *out = x;
    return zero;
  case IR_BINOP_BOR:
  case IR_BINOP_LOR: /* x | 0 = x, x | ~0 = ~0 */
    *out = zero ? x : c;
    return zero || ones;
  case IR_BINOP_BAND:
  case IR_BINOP_LAND: /* x & 0 = 0, x & ~0 = x */
    *out = zero ? c : x;
    return zero || ones;
  case IR_BINOP_MUL:
    *out = one ? x : c;
    return one || zero;
  case IR_BINOP_DIV:
  case IR_BINOP_QUOT:
    *out = x;
    return one;
  case IR_BINOP_POW: /* x ** 0 = 1, even for x = 0 (rts_upow) */
    *out = one ? x : int_const(t, 1);
    return one || zero;
  case IR_BINOP_MOD:
  case IR_BINOP_REM:
    *out = int_const(t, 0);
    return one;
  case IR_BINOP_EQ: /* on bool: x == true, x != false */
  case IR_BINOP_NE:
    *out = x;
    return t == PRIM_BOOL && is_bool_const(c, op == IR_BINOP_EQ);
  default:
    return false;
  }
}

/* x*1, x/1 and pow(x, 0) on floats; nothing else holds for NaN, inf and -0.0. */
static bool float_identity(enum ir_binop op, enum prim_type t, struct ir_subexp x,
                           struct ir_subexp c, struct ir_subexp *out) {
  if ((op == IR_BINOP_MUL || op == IR_BINOP_DIV) && is_float_const(c, 1.0)) {
    *out = x;
    return true;
  }
  if (op == IR_BINOP_POW && is_float_const(c, 0.0)) {
    *out = ir_se_const(ir_const_float(t, 1.0));
    return true;
  }
  return false;
}

static bool identity(enum ir_binop op, enum prim_type t, struct ir_subexp x, struct ir_subexp y,
                     struct ir_subexp *out) {
  if (prim_is_float(t)) {
    return y.kind == IR_SE_CONST && float_identity(op, t, x, y, out);
  }
  if (same_var(x, y)) {
    return same_operands(op, t, x, out);
  }
  return y.kind == IR_SE_CONST && right_identity(op, t, x, y, out);
}

/* (z + c1) + c2 = z + (c1 + c2), with - as + of the negation; (z * c1) * c2 likewise.
 * Wrap-around addition and multiplication are associative and commutative. Unsigned
 * constants are read as their 64 bits, which wrap the same. */
static enum rewrite combine_constants(struct simplifier *s, struct ir_stm *stm, enum prim_type t) {
  enum ir_binop op = stm->exp.u.binop.op;
  int64_t c2, c1;
  if (!const_int_value(stm->exp.u.binop.rhs, &c2)) {
    return REWRITE_KEEP;
  }
  struct ir_stm *def = simplify_def(s, stm->exp.u.binop.lhs, IR_BINOP);
  if (def == NULL || !const_int_value(def->exp.u.binop.rhs, &c1)) {
    return REWRITE_KEEP;
  }
  enum ir_binop inner = def->exp.u.binop.op;
  uint64_t u1 = (uint64_t)c1, u2 = (uint64_t)c2;
  int bits = prim_bytes(t) * 8;
  if (op == IR_BINOP_MUL && inner == IR_BINOP_MUL) {
    return set_binop(stm, IR_BINOP_MUL, def->exp.u.binop.lhs, int_const(t, (int64_t)(u1 * u2)));
  }
  /* (z >> a) >> b = z >> (a + b), and << likewise, for shifts in 0..bits-1: shifting by
   * the width or more gives what shifting twice does (0, or the sign for >>). */
  if ((op == IR_BINOP_SHR || op == IR_BINOP_SHL) && inner == op && c1 >= 0 && c1 < bits &&
      c2 >= 0 && c2 < bits) {
    return set_binop(stm, op, def->exp.u.binop.lhs, int_const(t, c1 + c2));
  }
  bool additive = op == IR_BINOP_ADD || op == IR_BINOP_SUB;
  if (!additive || (inner != IR_BINOP_ADD && inner != IR_BINOP_SUB)) {
    return REWRITE_KEEP;
  }
  uint64_t sum = (inner == IR_BINOP_ADD ? u1 : 0 - u1) + (op == IR_BINOP_ADD ? u2 : 0 - u2);
  int64_t c = (int64_t)ir_const_int(t, (int64_t)sum).v.i;
  if (prim_is_signed(t) && c < 0 && c != range_of_type(t).lo) {
    return set_binop(stm, IR_BINOP_SUB, def->exp.u.binop.lhs, int_const(t, -c));
  }
  return set_binop(stm, IR_BINOP_ADD, def->exp.u.binop.lhs, int_const(t, c));
}

/* x + c with a negative c is x - (-c), and x - c is x + (-c): one form for CSE. */
static enum rewrite negative_constant(struct ir_stm *stm, enum prim_type t) {
  enum ir_binop op = stm->exp.u.binop.op;
  int64_t c;
  if ((op != IR_BINOP_ADD && op != IR_BINOP_SUB) || !prim_is_signed(t) ||
      !const_int_value(stm->exp.u.binop.rhs, &c) || c >= 0 || c == range_of_type(t).lo) {
    return REWRITE_KEEP;
  }
  return set_binop(stm, op == IR_BINOP_ADD ? IR_BINOP_SUB : IR_BINOP_ADD, stm->exp.u.binop.lhs,
                   int_const(t, -c));
}

/* x / 2^k = x * 2^-k on floats: both round the same exact quotient, for every x
 * (NaN, infinities and zeros included), while 2^-k is a normal number. */
static enum rewrite divide_by_power_of_two(struct ir_stm *stm, enum prim_type t) {
  struct ir_subexp y = stm->exp.u.binop.rhs;
  if (stm->exp.u.binop.op != IR_BINOP_DIV || y.kind != IR_SE_CONST || t == PRIM_F16) {
    return REWRITE_KEEP;
  }
  int e;
  double c = t == PRIM_F32 ? (double)y.u.c.v.f32 : y.u.c.v.f64;
  double inv = t == PRIM_F32 ? (double)(1.0f / y.u.c.v.f32) : 1.0 / c;
  bool normal = t == PRIM_F32 ? isnormal((float)inv) : isnormal(inv);
  if (!isfinite(c) || c == 0 || fabs(frexp(c, &e)) != 0.5 || !normal || inv * c != 1.0) {
    return REWRITE_KEEP;
  }
  return set_binop(stm, IR_BINOP_MUL, stm->exp.u.binop.lhs, ir_se_const(ir_const_float(t, inv)));
}

/* Whether i * c + k fits the type for every i and k in their ranges. */
static bool no_overflow(struct simplifier *s, struct ir_subexp i, int64_t c, struct range k,
                        enum prim_type t) {
  struct range r = range_add(range_mul(simplify_range(s, i), exact(c)), k, false);
  struct range full = range_of_type(t);
  return r.known && full.known && r.lo >= full.lo && r.hi <= full.hi;
}

/* Whether x is i * c (*k = 0) or i * c + k with 0 <= k < c, without overflow. */
static bool split_multiple(struct simplifier *s, struct ir_subexp x, int64_t c, enum prim_type t,
                           struct ir_subexp *i, struct ir_subexp *k) {
  struct ir_stm *def = simplify_def(s, x, IR_BINOP);
  if (def == NULL) {
    return false;
  }
  struct ir_subexp a = def->exp.u.binop.lhs, b = def->exp.u.binop.rhs;
  if (def->exp.u.binop.op == IR_BINOP_MUL && is_int_const(b, c)) {
    *i = a;
    *k = int_const(t, 0);
    return no_overflow(s, a, c, exact(0), t);
  }
  if (def->exp.u.binop.op != IR_BINOP_ADD) {
    return false;
  }
  for (int swap = 0; swap < 2; swap++) {
    struct ir_subexp m = swap ? b : a, rest = swap ? a : b;
    struct ir_stm *mul = simplify_def(s, m, IR_BINOP);
    struct range kr = simplify_range(s, rest);
    if (mul != NULL && mul->exp.u.binop.op == IR_BINOP_MUL &&
        is_int_const(mul->exp.u.binop.rhs, c) && kr.known && kr.lo >= 0 && kr.hi < c &&
        no_overflow(s, mul->exp.u.binop.lhs, c, kr, t)) {
      *i = mul->exp.u.binop.lhs;
      *k = rest;
      return true;
    }
  }
  return false;
}

static int log2_exact(int64_t c) {
  int k = 0;
  while (k < 62 && (INT64_C(1) << k) < c) {
    k++;
  }
  return (INT64_C(1) << k) == c ? k : -1;
}

/* x / c, x % c, x // c and x %% c with a constant c > 0 (see the header). */
static enum rewrite divide_by_constant(struct simplifier *s, struct ir_stm *stm,
                                       enum prim_type t) {
  enum ir_binop op = stm->exp.u.binop.op;
  struct ir_subexp x = stm->exp.u.binop.lhs, i, k;
  int64_t c;
  bool div = op == IR_BINOP_DIV || op == IR_BINOP_QUOT;
  if (!(div || op == IR_BINOP_MOD || op == IR_BINOP_REM) ||
      !const_int_value(stm->exp.u.binop.rhs, &c) || c <= 0) {
    return REWRITE_KEEP;
  }
  struct range r = simplify_range(s, x);
  bool nonneg = !prim_is_signed(t) || (r.known && r.lo >= 0);
  bool truncating = op == IR_BINOP_QUOT || op == IR_BINOP_REM;
  if (nonneg && r.known && r.hi < c) {
    return bind_result(s, stm, div ? int_const(t, 0) : x);
  }
  if (split_multiple(s, x, c, t, &i, &k) && (!truncating || simplify_range(s, i).lo >= 0)) {
    return bind_result(s, stm, div ? i : k);
  }
  if (truncating && nonneg) {
    return set_binop(stm, div ? IR_BINOP_DIV : IR_BINOP_MOD, x, stm->exp.u.binop.rhs);
  }
  int bits = log2_exact(c);
  if (truncating || bits <= 0) {
    return REWRITE_KEEP;
  }
  return div ? set_binop(stm, IR_BINOP_SHR, x, int_const(t, bits))
             : set_binop(stm, IR_BINOP_BAND, x, int_const(t, c - 1));
}

/* Comparisons, min and max that the operands' ranges decide. */
static enum rewrite decide_by_range(struct simplifier *s, struct ir_stm *stm) {
  enum ir_binop op = stm->exp.u.binop.op;
  struct ir_subexp x = stm->exp.u.binop.lhs, y = stm->exp.u.binop.rhs;
  struct range a = simplify_range(s, x), b = simplify_range(s, y);
  bool below = a.known && a.lo >= 0 && y.kind == IR_SE_VAR && a.below == y.u.var;
  if (below && (op == IR_BINOP_LT || op == IR_BINOP_GE)) {
    return bind_result(s, stm, ir_se_bool(op == IR_BINOP_LT));
  }
  if (!a.known || !b.known) {
    return REWRITE_KEEP;
  }
  bool lt = a.hi < b.lo, ge = a.lo >= b.hi, le = a.hi <= b.lo, gt = a.lo > b.hi;
  switch (op) {
  case IR_BINOP_LT:
  case IR_BINOP_GE:
    return lt || ge ? bind_result(s, stm, ir_se_bool(lt == (op == IR_BINOP_LT))) : REWRITE_KEEP;
  case IR_BINOP_LE:
  case IR_BINOP_GT:
    return le || gt ? bind_result(s, stm, ir_se_bool(le == (op == IR_BINOP_LE))) : REWRITE_KEEP;
  case IR_BINOP_EQ:
  case IR_BINOP_NE:
    return lt || gt ? bind_result(s, stm, ir_se_bool(op == IR_BINOP_NE)) : REWRITE_KEEP;
  case IR_BINOP_MIN:
    return le ? bind_result(s, stm, x) : ge ? bind_result(s, stm, y) : REWRITE_KEEP;
  case IR_BINOP_MAX:
    return le ? bind_result(s, stm, y) : ge ? bind_result(s, stm, x) : REWRITE_KEEP;
  case IR_BINOP_BAND: {
    int64_t m;
    bool mask = const_int_value(y, &m) && m >= 0 && m < INT64_MAX && log2_exact(m + 1) >= 0;
    return mask && a.lo >= 0 && a.hi <= m ? bind_result(s, stm, x) : REWRITE_KEEP;
  }
  default:
    return REWRITE_KEEP;
  }
}

/* x % y = x - (x / y) * y (and x %% y with //) for a y that is not a constant: the
 * division is then shared with an x / y elsewhere (CSE), so that computing both, as
 * index arithmetic j / ns and j % ns does, divides once. A failing division fails the
 * same way (by zero, at the same location); y = -1 gives 0 by wrapping arithmetic. */
static enum rewrite modulo_by_division(struct simplifier *s, struct ir_stm *stm,
                                       enum prim_type t) {
  struct ir_exp *e = &stm->exp;
  enum ir_binop op = e->u.binop.op;
  if ((op != IR_BINOP_MOD && op != IR_BINOP_REM) || e->u.binop.rhs.kind != IR_SE_VAR) {
    return REWRITE_KEEP;
  }
  struct ir_exp div = {.kind = IR_BINOP};
  div.u.binop.op = op == IR_BINOP_MOD ? IR_BINOP_DIV : IR_BINOP_QUOT;
  div.u.binop.lhs = e->u.binop.lhs;
  div.u.binop.rhs = e->u.binop.rhs;
  /* The emitted statements may be replaced by equal ones (CSE): use what they became. */
  struct ir_var *q = simplify_emit(s, "q", stm->loc, div, ir_type_scalar(t));
  struct ir_exp mul = {.kind = IR_BINOP};
  mul.u.binop.op = IR_BINOP_MUL;
  mul.u.binop.lhs = simplify_subexp(s, ir_se_var(q));
  mul.u.binop.rhs = e->u.binop.rhs;
  struct ir_var *p = simplify_emit(s, "t", stm->loc, mul, ir_type_scalar(t));
  e->u.binop.op = IR_BINOP_SUB;
  e->u.binop.rhs = simplify_subexp(s, ir_se_var(p));
  return REWRITE_CHANGED;
}

/* fma of three constants, as rts_fma_N computes it. No identities: fma(x, y, 0) is not
 * x * y when the product is -0, and x * 1 + z rounds once where x + z also does, but
 * the rule would be its only use. */
static enum rewrite fold_fma(struct simplifier *s, struct ir_stm *stm) {
  struct ir_subexp x = stm->exp.u.binop.lhs, y = stm->exp.u.binop.rhs;
  struct ir_subexp z = stm->exp.u.binop.addend;
  struct ir_const c;
  if (x.kind != IR_SE_CONST || y.kind != IR_SE_CONST || z.kind != IR_SE_CONST ||
      x.u.c.prim == PRIM_F16) {
    return REWRITE_KEEP;
  }
  bool ok = x.u.c.prim == PRIM_F32
                ? put_float(&c, PRIM_F32, rts_fma_f32(x.u.c.v.f32, y.u.c.v.f32, z.u.c.v.f32))
                : put_float(&c, PRIM_F64, rts_fma_f64(x.u.c.v.f64, y.u.c.v.f64, z.u.c.v.f64));
  return ok ? bind_const(s, stm, c) : REWRITE_KEEP;
}

enum rewrite simplify_binop(struct simplifier *s, struct ir_stm *stm) {
  struct ir_exp *e = &stm->exp;
  struct ir_subexp x = e->u.binop.lhs, y = e->u.binop.rhs, out;
  enum prim_type t = ir_subexp_type(x).prim;
  struct ir_const c;
  if (e->u.binop.op == IR_BINOP_FMA) {
    return fold_fma(s, stm);
  }
  if (x.kind == IR_SE_CONST && y.kind == IR_SE_CONST) {
    return eval_binop(e->u.binop.op, x.u.c, y.u.c, &c) ? bind_const(s, stm, c) : REWRITE_KEEP;
  }
  if (canonical_order(stm, t) == REWRITE_CHANGED) {
    return REWRITE_CHANGED;
  }
  if (identity(e->u.binop.op, t, x, y, &out)) {
    return bind_result(s, stm, out);
  }
  if (prim_is_float(t)) {
    return divide_by_power_of_two(stm, t);
  }
  if (!prim_is_int(t)) {
    return REWRITE_KEEP;
  }
  enum rewrite r = combine_constants(s, stm, t);
  if (r == REWRITE_KEEP) {
    r = negative_constant(stm, t);
  }
  if (r == REWRITE_KEEP) {
    r = decide_by_range(s, stm);
  }
  if (r == REWRITE_KEEP) {
    r = divide_by_constant(s, stm, t);
  }
  if (r == REWRITE_KEEP) {
    r = modulo_by_division(s, stm, t);
  }
  return r;
}
