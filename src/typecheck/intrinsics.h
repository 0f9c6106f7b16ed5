/* The built-in functions: SOACs and array primitives, operators, and the numeric
 * modules i8 ... f64 (f32.sin, i64.f32, f32.pi, ...).
 *
 * Array built-ins are declared by their signature in Prism's own type syntax (parsed
 * with parse_spec_text), so a signature reads like the documentation. Everything not
 * primitive (map2, head, take, ...) is written in Prism in stdlib/prelude.dsl.
 * internalise (ir/internalise.c) gives each intrinsic its meaning in the core IR. */
#ifndef PRISM_INTRINSICS_H
#define PRISM_INTRINSICS_H

#include "typecheck/types.h"

/*  X(NAME, source name, signature) */
#define ARRAY_INTRINSICS(X)                                                                \
  X(MAP, "map", "val map 'a [n] 'x: (a -> x) -> [n]a -> *[n]x")                            \
  X(REDUCE, "reduce", "val reduce 'a [n]: (a -> a -> a) -> a -> [n]a -> a")                \
  X(REDUCE_COMM, "reduce_comm", "val reduce_comm 'a [n]: (a -> a -> a) -> a -> [n]a -> a") \
  X(SCAN, "scan", "val scan 'a [n]: (a -> a -> a) -> a -> [n]a -> *[n]a")                  \
  X(FILTER, "filter", "val filter 'a [n]: (a -> bool) -> [n]a -> *[]a")                    \
  X(PARTITION, "partition", "val partition 'a [n]: (a -> bool) -> [n]a -> ([]a, []a)")     \
  X(SCATTER, "scatter", "val scatter 't [k] [n]: *[k]t -> [n]i64 -> [n]t -> *[k]t")       \
  X(SCATTER_2D, "scatter_2d",                                                              \
    "val scatter_2d 't [m] [k] [n]: *[m][k]t -> [n](i64, i64) -> [n]t -> *[m][k]t")        \
  X(HIST, "hist", "val hist 'a [n]: (a -> a -> a) -> a -> (k: i64) -> [n]i64 -> [n]a -> *[k]a") \
  X(REDUCE_BY_INDEX, "reduce_by_index",                                                    \
    "val reduce_by_index 'a [k] [n]: *[k]a -> (a -> a -> a) -> a -> [n]i64 -> [n]a -> *[k]a") \
  X(IOTA, "iota", "val iota: (n: i64) -> *[n]i64")                                         \
  X(REPLICATE, "replicate", "val replicate 't: (n: i64) -> t -> *[n]t")                    \
  X(REP, "rep", "val rep 't [n]: t -> *[n]t") /* replicate, n from the context */           \
  X(ZIP, "zip", "val zip 'a 'b [n]: [n]a -> [n]b -> *[n](a, b)")                           \
  X(ZIP3, "zip3", "val zip3 'a 'b 'c [n]: [n]a -> [n]b -> [n]c -> *[n](a, b, c)")          \
  X(ZIP4, "zip4",                                                                          \
    "val zip4 'a 'b 'c 'd [n]: [n]a -> [n]b -> [n]c -> [n]d -> *[n](a, b, c, d)")          \
  X(ZIP5, "zip5",                                                                          \
    "val zip5 'a 'b 'c 'd 'e [n]: [n]a -> [n]b -> [n]c -> [n]d -> [n]e -> *[n](a, b, c, d, e)") \
  X(UNZIP, "unzip", "val unzip 'a 'b [n]: [n](a, b) -> ([n]a, [n]b)")                      \
  X(UNZIP3, "unzip3", "val unzip3 'a 'b 'c [n]: [n](a, b, c) -> ([n]a, [n]b, [n]c)")       \
  X(UNZIP4, "unzip4",                                                                      \
    "val unzip4 'a 'b 'c 'd [n]: [n](a, b, c, d) -> ([n]a, [n]b, [n]c, [n]d)")             \
  X(UNZIP5, "unzip5",                                                                      \
    "val unzip5 'a 'b 'c 'd 'e [n]: [n](a, b, c, d, e) -> ([n]a, [n]b, [n]c, [n]d, [n]e)") \
  X(TRANSPOSE, "transpose", "val transpose 't [n] [m]: [n][m]t -> *[m][n]t")               \
  X(FLATTEN, "flatten", "val flatten 't [n] [m]: [n][m]t -> [n*m]t")                       \
  X(UNFLATTEN, "unflatten", "val unflatten 't [n] [m]: [n*m]t -> [n][m]t")                 \
  X(CONCAT, "concat", "val concat 't [n] [m]: [n]t -> [m]t -> *[n+m]t")                    \
  X(APPEND, "++", "val ++ 't [n] [m]: [n]t -> [m]t -> *[n+m]t")                            \
  X(LENGTH, "length", "val length 't [n]: [n]t -> i64")                                    \
  X(COPY, "copy", "val copy 't: t -> *t")                                                  \
  X(PIPE_RIGHT, "|>", "val |> '^a '^b: a -> (a -> b) -> b")                                \
  X(PIPE_LEFT, "<|", "val <| '^a '^b: (a -> b) -> a -> b")

/*  X(symbol, ir_binop, constraint of the operands, result is bool) */
#define OPERATOR_INTRINSICS(X)              \
  X("+", ADD, TC_NUMERIC, false)            \
  X("-", SUB, TC_NUMERIC, false)            \
  X("*", MUL, TC_NUMERIC, false)            \
  X("/", DIV, TC_NUMERIC, false)            \
  X("%", MOD, TC_NUMERIC, false)            \
  X("//", QUOT, TC_INTEGRAL, false)         \
  X("%%", REM, TC_INTEGRAL, false)          \
  X("**", POW, TC_NUMERIC, false)           \
  X("&", BAND, TC_INTEGRAL, false)          \
  X("|", BOR, TC_INTEGRAL, false)           \
  X("^", BXOR, TC_INTEGRAL, false)          \
  X("<<", SHL, TC_INTEGRAL, false)          \
  X(">>", SHR, TC_INTEGRAL, false)          \
  X("==", EQ, TC_EQUALITY, true)            \
  X("!=", NE, TC_EQUALITY, true)            \
  X("<", LT, TC_ORDERED, true)              \
  X("<=", LE, TC_ORDERED, true)             \
  X(">", GT, TC_ORDERED, true)              \
  X(">=", GE, TC_ORDERED, true)

/* Members of the numeric modules.
 *  X(name, shape, which types: A all, I integers, F floats, operation)
 * The operation is an ir_unop or ir_binop (by the shape), an enum num_const, or for
 * the shapes NUM_DERIVED_* an enum num_derived: internalise computes those from other
 * operations (lerp from -, * and +; get_bit from shifts; ...). */
#define NUMERIC_MEMBERS(X)                     \
  X("abs", NUM_UNARY, A, IR_UNOP_ABS)          \
  X("sgn", NUM_UNARY, A, IR_UNOP_SGN)          \
  X("neg", NUM_UNARY, A, IR_UNOP_NEG)          \
  X("min", NUM_BINARY, A, IR_BINOP_MIN)        \
  X("max", NUM_BINARY, A, IR_BINOP_MAX)        \
  X("+", NUM_BINARY, A, IR_BINOP_ADD)          \
  X("-", NUM_BINARY, A, IR_BINOP_SUB)          \
  X("*", NUM_BINARY, A, IR_BINOP_MUL)          \
  X("/", NUM_BINARY, A, IR_BINOP_DIV)          \
  X("%", NUM_BINARY, A, IR_BINOP_MOD)          \
  X("**", NUM_BINARY, A, IR_BINOP_POW)         \
  X("//", NUM_BINARY, I, IR_BINOP_QUOT)        \
  X("%%", NUM_BINARY, I, IR_BINOP_REM)         \
  X("&", NUM_BINARY, I, IR_BINOP_BAND)         \
  X("|", NUM_BINARY, I, IR_BINOP_BOR)          \
  X("^", NUM_BINARY, I, IR_BINOP_BXOR)         \
  X("<<", NUM_BINARY, I, IR_BINOP_SHL)         \
  X(">>", NUM_BINARY, I, IR_BINOP_SHR)         \
  X("==", NUM_COMPARE, A, IR_BINOP_EQ)         \
  X("!=", NUM_COMPARE, A, IR_BINOP_NE)         \
  X("<", NUM_COMPARE, A, IR_BINOP_LT)          \
  X("<=", NUM_COMPARE, A, IR_BINOP_LE)         \
  X(">", NUM_COMPARE, A, IR_BINOP_GT)          \
  X(">=", NUM_COMPARE, A, IR_BINOP_GE)         \
  X("popc", NUM_INT_COUNT, I, IR_UNOP_POPC)    \
  X("clz", NUM_INT_COUNT, I, IR_UNOP_CLZ)      \
  X("ctz", NUM_INT_COUNT, I, IR_UNOP_CTZ)      \
  X("sqrt", NUM_UNARY, F, IR_UNOP_SQRT)        \
  X("cbrt", NUM_UNARY, F, IR_UNOP_CBRT)        \
  X("exp", NUM_UNARY, F, IR_UNOP_EXP)          \
  X("log", NUM_UNARY, F, IR_UNOP_LOG)          \
  X("log2", NUM_UNARY, F, IR_UNOP_LOG2)        \
  X("log10", NUM_UNARY, F, IR_UNOP_LOG10)      \
  X("log1p", NUM_UNARY, F, IR_UNOP_LOG1P)      \
  X("sin", NUM_UNARY, F, IR_UNOP_SIN)          \
  X("cos", NUM_UNARY, F, IR_UNOP_COS)          \
  X("tan", NUM_UNARY, F, IR_UNOP_TAN)          \
  X("asin", NUM_UNARY, F, IR_UNOP_ASIN)        \
  X("acos", NUM_UNARY, F, IR_UNOP_ACOS)        \
  X("atan", NUM_UNARY, F, IR_UNOP_ATAN)        \
  X("sinh", NUM_UNARY, F, IR_UNOP_SINH)        \
  X("cosh", NUM_UNARY, F, IR_UNOP_COSH)        \
  X("tanh", NUM_UNARY, F, IR_UNOP_TANH)        \
  X("asinh", NUM_UNARY, F, IR_UNOP_ASINH)      \
  X("acosh", NUM_UNARY, F, IR_UNOP_ACOSH)      \
  X("atanh", NUM_UNARY, F, IR_UNOP_ATANH)      \
  X("erf", NUM_UNARY, F, IR_UNOP_ERF)          \
  X("erfc", NUM_UNARY, F, IR_UNOP_ERFC)        \
  X("gamma", NUM_UNARY, F, IR_UNOP_GAMMA)      \
  X("lgamma", NUM_UNARY, F, IR_UNOP_LGAMMA)    \
  X("floor", NUM_UNARY, F, IR_UNOP_FLOOR)      \
  X("ceil", NUM_UNARY, F, IR_UNOP_CEIL)        \
  X("round", NUM_UNARY, F, IR_UNOP_ROUND)      \
  X("trunc", NUM_UNARY, F, IR_UNOP_TRUNC)      \
  X("rsqrt", NUM_UNARY, F, IR_UNOP_RSQRT)      \
  X("sinpi", NUM_UNARY, F, IR_UNOP_SINPI)      \
  X("cospi", NUM_UNARY, F, IR_UNOP_COSPI)      \
  X("tanpi", NUM_UNARY, F, IR_UNOP_TANPI)      \
  X("asinpi", NUM_UNARY, F, IR_UNOP_ASINPI)    \
  X("acospi", NUM_UNARY, F, IR_UNOP_ACOSPI)    \
  X("atanpi", NUM_UNARY, F, IR_UNOP_ATANPI)    \
  X("atan2pi", NUM_BINARY, F, IR_BINOP_ATAN2PI) \
  X("copysign", NUM_BINARY, F, IR_BINOP_COPYSIGN) \
  X("nextafter", NUM_BINARY, F, IR_BINOP_NEXTAFTER) \
  X("mul_hi", NUM_BINARY, I, IR_BINOP_MUL_HI)  \
  X("not", NUM_UNARY, I, IR_UNOP_COMPLEMENT)   \
  X(">>>", NUM_DERIVED_BINARY, I, NUM_LSHR)    \
  X("mad_hi", NUM_DERIVED_TERNARY, I, NUM_MAD_HI) \
  X("num_bits", NUM_DERIVED_BITS, A, NUM_NUM_BITS) \
  X("get_bit", NUM_DERIVED_GET_BIT, A, NUM_GET_BIT) \
  X("set_bit", NUM_DERIVED_SET_BIT, A, NUM_SET_BIT) \
  X("recip", NUM_DERIVED_UNARY, F, NUM_RECIP)  \
  X("lerp", NUM_DERIVED_TERNARY, F, NUM_LERP)  \
  X("mad", NUM_DERIVED_TERNARY, F, NUM_MAD)    \
  X("fma", NUM_DERIVED_TERNARY, F, NUM_FMA)    \
  X("from_fraction", NUM_DERIVED_FRACTION, F, NUM_FROM_FRACTION) \
  X("ldexp", NUM_DERIVED_LDEXP, F, NUM_LDEXP)  \
  X("epsilon", NUM_CONST, F, NUM_CONST_EPSILON) \
  X("atan2", NUM_BINARY, F, IR_BINOP_ATAN2)    \
  X("hypot", NUM_BINARY, F, IR_BINOP_HYPOT)    \
  X("pow", NUM_BINARY, F, IR_BINOP_POW)        \
  X("isnan", NUM_PREDICATE, F, IR_UNOP_ISNAN)  \
  X("isinf", NUM_PREDICATE, F, IR_UNOP_ISINF)  \
  X("to_bits", NUM_TO_BITS, F, IR_UNOP_TO_BITS)      \
  X("from_bits", NUM_FROM_BITS, F, IR_UNOP_FROM_BITS) \
  X("highest", NUM_CONST, A, NUM_CONST_HIGHEST) \
  X("lowest", NUM_CONST, A, NUM_CONST_LOWEST)  \
  X("inf", NUM_CONST, F, NUM_CONST_INF)        \
  X("nan", NUM_CONST, F, NUM_CONST_NAN)        \
  X("pi", NUM_CONST, F, NUM_CONST_PI)          \
  X("e", NUM_CONST, F, NUM_CONST_E)            \
  X("sum", NUM_REDUCE, A, IR_BINOP_ADD)        \
  X("product", NUM_REDUCE, A, IR_BINOP_MUL)    \
  X("maximum", NUM_REDUCE, A, IR_BINOP_MAX)    \
  X("minimum", NUM_REDUCE, A, IR_BINOP_MIN)

enum num_const { NUM_CONST_HIGHEST, NUM_CONST_LOWEST, NUM_CONST_INF, NUM_CONST_NAN,
                 NUM_CONST_PI, NUM_CONST_E, NUM_CONST_EPSILON };

/* Members that internalise computes from other operations (Futhark's meanings):
 * x >>> y shifts in zeros (>> on the unsigned type of the same width); mad_hi a b c
 * is mul_hi a b + c; num_bits is the width in bits (an i32); get_bit i x is bit i of
 * x (of its bits, for floats) as an i32 0 or 1; set_bit i x b sets bit i of x to b
 * (0 or 1); recip x is 1 / x; lerp v0 v1 t is v0 + (v1 - v0) * t; mad a b c is
 * a * b + c, rounded twice, and fma a b c the same rounded once (IR_BINOP_FMA with
 * its addend); from_fraction x y is t(x) / t(y); ldexp x n is x * 2^n. */
enum num_derived { NUM_LSHR, NUM_MAD_HI, NUM_NUM_BITS, NUM_GET_BIT, NUM_SET_BIT,
                   NUM_RECIP, NUM_LERP, NUM_MAD, NUM_FMA, NUM_FROM_FRACTION, NUM_LDEXP };

enum intrinsic {
#define X(name, source, sig) INTR_##name,
  ARRAY_INTRINSICS(X)
#undef X
  INTR_OPERATOR,      /* a built-in binary operator: intrinsic_op is the ir_binop */
  INTR_NUM_UNARY,     /* t -> t: intrinsic_op is the ir_unop */
  INTR_NUM_BINARY,    /* t -> t -> t: ir_binop */
  INTR_NUM_COMPARE,   /* t -> t -> bool: ir_binop */
  INTR_NUM_PREDICATE, /* t -> bool: ir_unop */
  INTR_NUM_INT_COUNT, /* t -> i32: ir_unop (popc, clz, ctz) */
  INTR_NUM_TO_BITS,   /* f32 -> u32, f64 -> u64 */
  INTR_NUM_FROM_BITS, /* u32 -> f32, u64 -> f64 */
  INTR_NUM_CONST,     /* t: enum num_const */
  INTR_NUM_REDUCE,    /* [n]t -> t: ir_binop folded over the array */
  INTR_NUM_CONVERT,   /* s -> t: intrinsic_from is s, intrinsic_prim is t */
  INTR_NUM_DERIVED,   /* computed from other operations: enum num_derived */
  INTR_COUNT
};

const char *intrinsic_name(enum intrinsic i);

struct tc;

/* Binds every intrinsic in the top-level scope of `tc` and makes the numeric modules
 * (i8 ... u64, f32, f64, bool). */
void intrinsics_install(struct tc *tc);

#endif
