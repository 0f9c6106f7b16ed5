/* The core IR (DESIGN.md section 2, IR 3).
 *
 * Produced by internalise (ir/internalise.c) from the typed AST; transformed by the
 * simplifier and fusion; consumed by lowering and the backends. Its invariants,
 * checked by ir_verify() after every pass:
 *  - first-order and monomorphic: no modules, no type parameters, no function values;
 *    functions are called only by IR_APPLY and lambdas appear only inside SOACs;
 *  - every value is a scalar of a primitive type or an array of one (arrays of tuples
 *    and records became several arrays; tuples became several variables);
 *  - A-normal form: operands are subexpressions (constants or variables); every
 *    variable is bound exactly once (SSA) before its uses, in an enclosing body, as a
 *    function or lambda parameter, or as a loop parameter or index;
 *  - an array type has one dimension per rank; each dimension is a constant, an i64
 *    variable in scope, or unknown (IR_SE_NONE): an existential size that the value
 *    carries at run time and that IR_SHAPE reads;
 *  - a SOAC of width w reads input arrays whose outer dimension is w; its lambdas'
 *    parameters are the rows of the inputs (and accumulators) in order;
 *  - a statement that consumes an array (IR_UPDATE, the destinations of IR_SCATTER and
 *    IR_HIST, unique loop parameters' initial values, unique function arguments) is its
 *    last use in the program's order; the backends may then reuse its memory.
 *
 * Names of kinds and operators come from the X-macro tables below (STYLE.md rule 3).
 */
#ifndef PRISM_IR_H
#define PRISM_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "support/arena.h"
#include "support/diag.h"
#include "support/prim.h"
#include "support/strbuf.h"
#include "support/strtab.h"

struct ir_var;
struct ir_body;
struct ir_lambda;

/* ---------------------------------------------------------------- Subexpressions */

struct ir_const {
  enum prim_type prim;
  union {
    bool b;
    uint64_t i; /* integers: the bits, sign-extended to 64 for signed types; f16: its
                   16 bits (Note [f16] in rts/c/scalar.h) */
    float f32;
    double f64;
  } v;
};

enum ir_subexp_kind {
  IR_SE_NONE,  /* nothing: an unknown dimension, or an absent optional operand */
  IR_SE_CONST, /* c */
  IR_SE_VAR,   /* var */
};

struct ir_subexp {
  enum ir_subexp_kind kind;
  union {
    struct ir_const c;
    struct ir_var *var;
  } u;
};

struct ir_type {
  enum prim_type prim;
  int rank;               /* 0: a scalar */
  struct ir_subexp *dims; /* rank of them */
  bool unique;            /* on function parameters and results */
};

struct ir_var {
  name_t name; /* the source name it came from, or a made-up one */
  int id;      /* unique in the program; printed as name_id */
  struct ir_type type;
};

/* ---------------------------------------------------------------------- Operators */

/*  X(OP, spelling, kind) for unary operators, X(OP, spelling, kind, runtime name) for
 *  binary ones -- kind: what types it takes
 *    A: arithmetic on numbers, I: integers (and bool for & | ^), F: floats,
 *    C: comparison (result bool), L: bool, P: predicate on floats (result bool).
 *  The spelling of a unary operator is also its runtime name, rts_SPELLING_TYPE
 *  (rts/c/scalar.h); a binary operator spelled as a word prints as a call. */
#define IR_UNOPS(X)                 \
  X(NEG, "neg", A)                  \
  X(NOT, "not", L)                  \
  X(COMPLEMENT, "complement", I)    \
  X(ABS, "abs", A)                  \
  X(SGN, "sgn", A)                  \
  X(SQRT, "sqrt", F)                \
  X(CBRT, "cbrt", F)                \
  X(EXP, "exp", F)                  \
  X(LOG, "log", F)                  \
  X(LOG2, "log2", F)                \
  X(LOG10, "log10", F)              \
  X(LOG1P, "log1p", F)              \
  X(SIN, "sin", F)                  \
  X(COS, "cos", F)                  \
  X(TAN, "tan", F)                  \
  X(ASIN, "asin", F)                \
  X(ACOS, "acos", F)                \
  X(ATAN, "atan", F)                \
  X(SINH, "sinh", F)                \
  X(COSH, "cosh", F)                \
  X(TANH, "tanh", F)                \
  X(ASINH, "asinh", F)              \
  X(ACOSH, "acosh", F)              \
  X(ATANH, "atanh", F)              \
  X(ERF, "erf", F)                  \
  X(ERFC, "erfc", F)                \
  X(GAMMA, "gamma", F)              \
  X(LGAMMA, "lgamma", F)            \
  X(FLOOR, "floor", F)              \
  X(CEIL, "ceil", F)                \
  X(ROUND, "round", F)              \
  X(TRUNC, "trunc", F)              \
  X(RSQRT, "rsqrt", F)              \
  X(SINPI, "sinpi", F)              \
  X(COSPI, "cospi", F)              \
  X(TANPI, "tanpi", F)              \
  X(ASINPI, "asinpi", F)            \
  X(ACOSPI, "acospi", F)            \
  X(ATANPI, "atanpi", F)            \
  X(ISNAN, "isnan", P)              \
  X(ISINF, "isinf", P)              \
  X(POPC, "popc", I)                \
  X(CLZ, "clz", I)                  \
  X(CTZ, "ctz", I)                  \
  X(TO_BITS, "to_bits", F)          \
  X(FROM_BITS, "from_bits", F)

#define IR_BINOPS(X)                              \
  X(ADD, "+", A, "add")                           \
  X(SUB, "-", A, "sub")                           \
  X(MUL, "*", A, "mul")                           \
  X(DIV, "/", A, "div")  /* floor division on signed integers, as Futhark */ \
  X(MOD, "%", A, "mod")  /* floor modulo: the sign of the divisor */ \
  X(QUOT, "//", I, "quot") /* division rounding toward zero */ \
  X(REM, "%%", I, "rem") /* remainder of //: the sign of the dividend */ \
  X(POW, "**", A, "pow")                          \
  X(MIN, "min", A, "min")                         \
  X(MAX, "max", A, "max")                         \
  X(MUL_HI, "mul_hi", I, "mul_hi") /* the high half of the double-width product */ \
  X(ATAN2, "atan2", F, "atan2")                   \
  X(ATAN2PI, "atan2pi", F, "atan2pi")             \
  X(HYPOT, "hypot", F, "hypot")                   \
  X(COPYSIGN, "copysign", F, "copysign")          \
  X(NEXTAFTER, "nextafter", F, "nextafter")       \
  X(LDEXP, "ldexp", F, "ldexp") /* the exponent: an integer in the float type */ \
  X(FMA, "fma", F, "fma") /* lhs * rhs + addend, rounded once: three operands */ \
  X(BAND, "&", I, "band")                         \
  X(BOR, "|", I, "bor")                           \
  X(BXOR, "^", I, "bxor")                         \
  X(SHL, "<<", I, "shl")                          \
  X(SHR, ">>", I, "shr") /* arithmetic on signed, logical on unsigned */ \
  X(LAND, "&&", L, NULL)                          \
  X(LOR, "||", L, NULL)                           \
  X(EQ, "==", C, NULL)                            \
  X(NE, "!=", C, NULL)                            \
  X(LT, "<", C, NULL)                             \
  X(LE, "<=", C, NULL)                            \
  X(GT, ">", C, NULL)                             \
  X(GE, ">=", C, NULL)

enum ir_unop {
#define X(op, spelling, kind) IR_UNOP_##op,
  IR_UNOPS(X)
#undef X
  IR_UNOP_COUNT
};

enum ir_binop {
#define X(op, spelling, kind, runtime) IR_BINOP_##op,
  IR_BINOPS(X)
#undef X
  IR_BINOP_COUNT
};

const char *ir_unop_name(enum ir_unop op);
const char *ir_binop_name(enum ir_binop op);
/* The name of the runtime's function for the operator, rts_NAME_TYPE; NULL for the
 * comparisons and logical operators, which are C's. */
const char *ir_binop_runtime_name(enum ir_binop op);
bool ir_binop_is_comparison(enum ir_binop op);
/* Whether x op y is y op x for operands of type t, to the bit (float min and max are
 * not: of +0 and -0 they return the first). */
bool ir_binop_commutes(enum ir_binop op, enum prim_type t);

/* ------------------------------------------------------------------- Expressions */

/* One dimension of an index or slice: a fixed index, or start:end:stride with each part
 * optional (IR_SE_NONE), with Futhark's meaning of a[i:j:s] (defaults depend on the sign
 * of the stride; the backend computes the count and checks the bounds). */
struct ir_dim_index {
  bool is_slice;
  struct ir_subexp fixed;
  struct ir_subexp start, end, stride;
};

#define IR_SOAC_KINDS(X)                                                            \
  X(MAP, "map")           /* map_fn over inputs; results: arrays of width w */      \
  X(REDUCE, "reduce")     /* op over inputs with neutral; results: scalars/rows */  \
  X(SCAN, "scan")         /* op over inputs with neutral; results: arrays */        \
  X(REDOMAP, "redomap")   /* map_fn then op; results: reductions, then map-outs */  \
  X(SCANOMAP, "scanomap") /* map_fn then op; results: scans, then map-outs */       \
  X(SCATTER, "scatter")   /* map_fn gives indices then values per dest */           \
  X(HIST, "hist")         /* map_fn gives bucket then values; op combines */        \
  X(FILTER, "filter")     /* map_fn gives a bool and values; results: count, kept values */

enum ir_soac_kind {
#define X(kind, name) IR_SOAC_##kind,
  IR_SOAC_KINDS(X)
#undef X
};

struct ir_soac {
  enum ir_soac_kind kind;
  struct ir_subexp width;    /* w: the outer size of every input */
  struct ir_var **inputs;    /* arrays of outer size w */
  int input_count;
  struct ir_lambda *map_fn;  /* MAP, REDOMAP, SCANOMAP, SCATTER, HIST, FILTER */
  struct ir_lambda *op;      /* REDUCE, SCAN, REDOMAP, SCANOMAP, HIST: 2k params */
  struct ir_subexp *neutral; /* k neutral elements of op */
  int neutral_count;
  bool commutative;          /* REDUCE/REDOMAP/HIST: the operator is commutative */
  /* SCATTER and HIST: the destination arrays (consumed), one per written array. For
   * SCATTER, dest_ranks[d] is how many indices one write to dest d takes (1, or 2 for
   * scatter_2d) and dest_writes[d] how many writes to dest d each element makes (NULL:
   * one); map_fn returns all indices first (dest by dest, write by write), then the
   * values (dest by dest, write by write). For HIST, map_fn returns one bucket index,
   * then one value per dest.
   * FILTER: map_fn returns a bool (keep this element?) and then the values to keep; the
   * results are the count, then one array per value (internalise keeps the input rows:
   * map_fn returns them; fusion makes map_fn compute them). */
  struct ir_var **dests;
  int dest_count;
  int *dest_ranks;
  int *dest_writes;
};

struct ir_loop {
  struct ir_var **params;   /* loop-carried values */
  struct ir_subexp *inits;  /* their initial values */
  int param_count;
  bool is_while;
  struct ir_var *index;     /* for: the index, from 0 to bound-1 (an integer type) */
  struct ir_subexp bound;   /* for */
  struct ir_var *cond;      /* while: the bool loop parameter tested before each pass */
  struct ir_body *body;     /* results: the next values of params, in order */
  bool unroll;              /* #[unroll] */
};

#define IR_EXP_KINDS(X)                                                         \
  X(IR_SUBEXP, "subexp")       /* se: a copy of a constant or variable */       \
  X(IR_UNOP, "unop")           /* unop: op operand */                           \
  X(IR_BINOP, "binop")         /* binop: lhs op rhs */                          \
  X(IR_CONVERT, "convert")     /* convert: operand to the pattern's prim type */ \
  X(IR_SHAPE, "shape")         /* shape: dimension dim of array (an i64) */     \
  X(IR_INDEX, "index")         /* index: array[dims]; fixed indices only */     \
  X(IR_SLICE, "slice")         /* index: array[dims]; fixed or slices */        \
  X(IR_UPDATE, "update")       /* update: array with [dims] = value; consumes */ \
  X(IR_IOTA, "iota")           /* iota: 0..n-1 of the pattern's prim type */    \
  X(IR_REPLICATE, "replicate") /* replicate: shape of dims, filled with value */ \
  X(IR_ARRAY_LIT, "array")     /* array_lit: elements (scalars or rows) */      \
  X(IR_REARRANGE, "rearrange") /* rearrange: perm of array's dims */            \
  X(IR_RESHAPE, "reshape")     /* reshape: array to dims (same element count) */ \
  X(IR_CONCAT, "concat")       /* concat: arrays along the outer dimension */   \
  X(IR_COPY, "copy")           /* copy: a fresh array with the same elements */ \
  X(IR_ASSERT, "assert")       /* assert_: cond, message; binds nothing */      \
  X(IR_APPLY, "apply")         /* apply: fun(args) */                           \
  X(IR_IF, "if")               /* if_: cond, then, else */                      \
  X(IR_LOOP, "loop")           /* loop */                                       \
  X(IR_SOAC, "soac")           /* soac */

enum ir_exp_kind {
#define X(kind, name) kind,
  IR_EXP_KINDS(X)
#undef X
};

struct ir_fun;

struct ir_exp {
  enum ir_exp_kind kind;
  union {
    struct ir_subexp se;
    struct {
      enum ir_unop op;
      struct ir_subexp operand;
    } unop;
    struct {
      enum ir_binop op;
      struct ir_subexp lhs, rhs;
      struct ir_subexp addend; /* FMA's third operand; IR_SE_NONE for the others */
    } binop;
    struct {
      struct ir_subexp operand; /* converted to the pattern's type */
    } convert;
    struct {
      struct ir_var *array;
      int dim;
    } shape;
    struct {
      struct ir_var *array;
      struct ir_dim_index *dims; /* count <= rank; missing trailing dims are whole */
      int count;
    } index;
    struct {
      struct ir_var *array;      /* consumed */
      struct ir_dim_index *dims;
      int count;
      struct ir_subexp value;    /* a scalar, or an array of the slice's shape */
    } update;
    struct {
      struct ir_subexp n;
    } iota;
    struct {
      struct ir_subexp *dims;    /* the outer dimensions added */
      int count;
      struct ir_subexp value;    /* a scalar or an array */
    } replicate;
    struct {
      struct ir_subexp *elems;
      int count;
      struct ir_type row;        /* the element type (needed when count is 0) */
    } array_lit;
    struct {
      struct ir_var *array;
      int *perm;                 /* result dim i is array dim perm[i] */
      int rank;
    } rearrange;
    struct {
      struct ir_var *array;
      struct ir_subexp *dims;
      int count;
    } reshape;
    struct {
      struct ir_var **arrays;
      int count;
    } concat;
    struct ir_var *copy;
    struct {
      struct ir_subexp cond;
      const char *message;       /* what failed, e.g. "assertion failed" */
    } assert_;
    struct {
      struct ir_fun *fun;
      struct ir_subexp *args;
      int count;
    } apply;
    struct {
      struct ir_subexp cond;
      struct ir_body *then_body, *else_body;
    } if_;
    struct ir_loop loop;
    struct ir_soac soac;
  } u;
};

/* A statement binds its pattern (zero or more fresh variables) to an expression. */
/* A call that a statement was inlined through (simplify.c): where the call was, the
 * function it called, and the next call inwards, inside that function's body. Run-time
 * error messages print the chain as notes after the statement's own location, so that
 * an error inside a library function also names the caller's line (ir_trace_notes).
 * Outermost first, so that inlining a body adds its call in front of every statement's
 * chain and shares the rest (inlining f1 into f2 into ... fN stays linear). */
struct ir_trace {
  struct loc loc;
  name_t fun;
  const struct ir_trace *inner;
};

struct ir_stm {
  struct ir_var **pat;
  int pat_count;
  struct ir_exp exp;
  struct loc loc;    /* the source expression, for run-time error messages */
  const struct ir_trace *trace; /* the calls it was inlined through, outermost first */
  bool unsafe;       /* #[unsafe]: no bounds checks */
  bool sequential;   /* #[sequential] */
};

struct ir_body {
  struct ir_stm **stms;
  int stm_count, stm_cap;
  struct ir_subexp *results;
  int result_count;
};

struct ir_lambda {
  struct ir_var **params;
  int param_count;
  /* A SOAC's map_fn only: NULL, or an i64 variable bound to the position in [0, w) of
   * the element that the parameters are rows of (fusion puts it in place of an input
   * that was `iota w`, so that the iota is never made). */
  struct ir_var *index;
  struct ir_type *ret; /* types of the body's results */
  int ret_count;
  struct ir_body *body;
};

/* How an entry point looks from C: one API value per IR parameter that is not a size
 * parameter, one per result. Sizes are read off the arrays' shapes and checked for
 * agreement by the generated wrapper. */
struct ir_entry_value {
  name_t name;            /* parameter name, or NULL */
  const char *type_text;  /* the type without sizes, e.g. "[]f32" (the manifest's) */
  const char *shape_text; /* the type with its sizes, e.g. "[n][3]f32" (messages) */
  bool unique;
};

struct ir_entry {
  name_t name;               /* the entry point's name */
  struct loc name_loc;       /* where the name is written */
  bool *param_is_size;       /* per IR parameter: a size parameter, not an API input */
  struct ir_entry_value *inputs;  /* per non-size parameter */
  int input_count;
  struct ir_entry_value *outputs; /* per result */
  int output_count;
};

struct ir_fun {
  name_t name;         /* unique: the source name and a number */
  name_t source_name;  /* the name as written, for messages */
  int id;
  struct loc loc;
  struct ir_var **params;
  int param_count;
  struct ir_type *ret; /* dims may name params, or be unknown */
  int ret_count;
  struct ir_body *body;
  struct ir_entry *entry; /* non-NULL for entry points */
  bool noinline;       /* #[noinline]: the simplifier never inlines it */
};

struct ir_program {
  struct ir_fun **funs; /* callees before callers */
  int fun_count, fun_cap;
  int next_var_id;
  struct arena *arena;
};

/* -------------------------------------------------------------------- Building */

struct ir_program *ir_program_new(struct arena *a);
struct ir_var *ir_var_new(struct ir_program *p, name_t name, struct ir_type type);
struct ir_type ir_type_scalar(enum prim_type prim);
struct ir_type ir_type_array(struct arena *a, enum prim_type prim, int rank,
                             const struct ir_subexp *dims);
struct ir_type ir_type_row(struct ir_type t); /* [n]t -> t; shares dims */
/* The elements of a value of type t whose dimensions are all constants: 1 for a
 * scalar, the product of the dimensions for an array (an internal error otherwise). */
int ir_type_const_elems(struct ir_type t);
struct ir_subexp ir_se_var(struct ir_var *v);
struct ir_subexp ir_se_none(void);
struct ir_subexp ir_se_i64(int64_t v);
struct ir_subexp ir_se_bool(bool v);
struct ir_subexp ir_se_const(struct ir_const c);
struct ir_const ir_const_int(enum prim_type prim, int64_t v); /* wraps to prim's width */
struct ir_const ir_const_float(enum prim_type prim, double v); /* rounded to prim */
double ir_const_float_value(struct ir_const c);                 /* a float's value */
struct ir_body *ir_body_new(struct arena *a);
struct ir_stm *ir_body_add(struct ir_program *p, struct ir_body *b, struct loc loc,
                           struct ir_exp exp, struct ir_var **pat, int pat_count);
void ir_body_set_results(struct arena *a, struct ir_body *b, const struct ir_subexp *res,
                         int count);
struct ir_lambda *ir_lambda_new(struct arena *a);
/* Removes a SOAC's input k and its map lambda's parameter k, which reads it. */
void ir_soac_drop_input(struct ir_soac *s, int k);
struct ir_fun *ir_fun_new(struct ir_program *p, name_t name, struct loc loc);
void ir_program_add_fun(struct ir_program *p, struct ir_fun *f);

/* The type of a subexpression (a constant's scalar type or a variable's type). */
struct ir_type ir_subexp_type(struct ir_subexp se);
bool ir_subexp_equal(struct ir_subexp a, struct ir_subexp b);
bool ir_type_equal(struct ir_type a, struct ir_type b); /* prim, rank and known dims */

/* ------------------------------------------------------------ Printing, checking */

void ir_print_program(struct strbuf *out, const struct ir_program *p);
void ir_print_type(struct strbuf *out, struct ir_type t);
void ir_print_subexp(struct strbuf *out, struct ir_subexp se);

/* prismc dump --structure: one line "KIND COUNT" per kind of construct, sorted. */
void ir_print_structure(struct strbuf *out, const struct ir_program *p);

/* Checks the invariants above; an internal compiler error naming `pass` if broken. */
void ir_verify(const struct ir_program *p, const char *pass);

/* Records in every statement of b, nested bodies included, that it was inlined
 * through the call `call` (trace.c). */
void ir_trace_inlined(struct ir_program *p, struct ir_body *b, const struct ir_stm *call);
/* The notes that follow a run-time error message of a statement with trace t: a line
 * "FILE:LINE:COL: note: in this call of 'f'" per call, innermost first, joined by
 * newlines; "" for none. */
const char *ir_trace_notes(struct arena *a, const struct ir_trace *t);
/* The notes for a failure inside the function that the call statement calls: the call
 * itself first, then the calls it was inlined through. */
const char *ir_trace_call_notes(struct arena *a, const struct ir_stm *call);

const char *ir_exp_kind_name(enum ir_exp_kind k);
const char *ir_soac_kind_name(enum ir_soac_kind k);

#endif
