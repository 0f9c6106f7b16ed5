/* What the files of the simplifier share (simplify.c, cse.c, fold.c, unroll.c, dce.c).
 *
 * The simplifier walks each function's bodies forward once per round, rewriting every
 * statement in place. Its state: a substitution (copy and constant propagation: a
 * variable whose value is known to be another subexpression is bound to it there and
 * its statement dropped), per-variable facts found when the variable was bound (the
 * body level, the defining statement, an integer range), and the stack of bodies being
 * rebuilt (frames), into which statements are kept, possibly hoisted to an outer one.
 * Every fact about a variable is set when its binding is walked, before any use of it
 * is walked (SSA order), so facts are always those of the current round.
 */
#ifndef PRISM_SIMPLIFY_INTERNAL_H
#define PRISM_SIMPLIFY_INTERNAL_H

#include "ir/ir.h"
#include "ir/util.h"

/* Loops and SOACs of a constant width up to this are unrolled ... */
#define SIMPLIFY_UNROLL_WIDTH 16
/* ... when width times the body's size stays under this (#[unroll] loops always). */
#define SIMPLIFY_UNROLL_BUDGET 512
/* Functions this small (in statements, nested ones included) are inlined everywhere;
 * larger ones only where they have a single call site. */
#define SIMPLIFY_INLINE_SIZE 128
/* Functions called in a lambda with small arrays of constant shape: inlined up to this
 * size (Note [inlining calls that pass small arrays] in simplify.c). */
#define SIMPLIFY_LAMBDA_INLINE_SIZE 512

/* An array of constant shape and at most this many elements is not hoisted out of a
 * lambda (Note [hoisting arrays] in simplify.c); lower.h's LOWER_PRIVATE_MAX alike. */
#define SIMPLIFY_SMALL_ARRAY 64

/* What is known of an integer's value: lo <= x <= hi, and x < below when below is not
 * NULL. An unknown range is the whole range of the type (known false for u64). */
struct range {
  bool known;
  int64_t lo, hi;
  struct ir_var *below;
};

struct var_info {
  int level;           /* the frame that binds the variable */
  struct ir_stm *def;  /* the statement that binds it; NULL for parameters */
  int def_index;       /* its place in def's pattern */
  struct range range;  /* integer scalars */
};

enum frame_kind {
  FRAME_FUN,    /* a function's body */
  FRAME_BRANCH, /* a branch of an if: nothing is hoisted out of it */
  FRAME_LOOP,   /* a loop's body */
  FRAME_LAMBDA, /* a SOAC's lambda */
};

/* A body being rebuilt: the statements kept so far. */
struct frame {
  enum frame_kind kind;
  struct ir_stm **stms;
  int count, cap;
  int serial; /* identifies this use of the frame in the CSE table */
};

struct cse_entry;

/* Use counts of dce.c, reused across functions and rounds. */
struct dce_state {
  int *counts, *count_gen, *marks; /* by var id */
  int cap, gen, mark;
};

struct simplifier {
  struct ir_program *p;
  struct ir_subst subst;    /* copy and constant propagation, for the whole run */
  struct ir_subst renames;  /* scratch of ir_copy_body_with, empty between copies */
  struct ir_subst alpha;    /* scratch of cse.c's comparisons, empty between them */
  struct var_info *vars;    /* by var id */
  int var_cap;
  struct frame *frames;     /* frames[0..depth]: the bodies being rebuilt */
  int depth, frame_cap;
  int next_serial;
  bool *serial_live;        /* by serial: the frame is still open */
  int serial_cap;
  struct cse_entry *entries; /* the CSE table: chained entries ... */
  int entry_count, entry_cap;
  int *buckets;             /* ... hashed into buckets (-1: empty) */
  int bucket_count;
  int *calls;               /* by function id: call sites in the program */
  bool inline_in_lambdas;   /* SIMPLIFY_FOR_KERNELS: inline every call in a lambda */
  int changes;              /* rewrites made in this round */
  struct dce_state dce;
};

/* The outcome of the rules on one statement. */
enum rewrite {
  REWRITE_KEEP,    /* keep the statement as it is */
  REWRITE_CHANGED, /* it was rewritten in place: apply the rules again */
  REWRITE_DROP,    /* its results are bound elsewhere (simplify_bind): drop it */
};

/* simplify.c */
struct var_info *simplify_info(struct simplifier *s, const struct ir_var *v);
void simplify_bind(struct simplifier *s, struct ir_var *x, struct ir_subexp to);
struct ir_subexp simplify_subexp(const struct simplifier *s, struct ir_subexp se);
void simplify_stm(struct simplifier *s, struct ir_stm *stm);
void simplify_stms(struct simplifier *s, const struct ir_body *b);
struct ir_var *simplify_emit(struct simplifier *s, const char *name, struct loc loc,
                             struct ir_exp exp, struct ir_type type);
void simplify_emit_stm(struct simplifier *s, struct loc loc, struct ir_exp exp,
                       struct ir_var **pat, int pat_count);
struct ir_stm *simplify_def(struct simplifier *s, struct ir_subexp se, enum ir_exp_kind kind);

/* cse.c: common subexpressions */
bool simplify_scalar_op(const struct ir_stm *stm);
void simplify_cse_reset(struct simplifier *s);
struct ir_stm *simplify_cse_find(struct simplifier *s, const struct ir_stm *stm, uint64_t *hash);
void simplify_cse_insert(struct simplifier *s, struct ir_stm *stm, uint64_t hash, int level);
void simplify_cse_free(struct simplifier *s);

/* fold.c: scalar expressions */
enum rewrite simplify_unop(struct simplifier *s, struct ir_stm *stm);
enum rewrite simplify_binop(struct simplifier *s, struct ir_stm *stm);
enum rewrite simplify_convert(struct simplifier *s, struct ir_stm *stm);
struct range simplify_range(struct simplifier *s, struct ir_subexp se);
struct range simplify_range_of(struct simplifier *s, const struct ir_stm *stm);
struct range range_of_type(enum prim_type t);
bool const_int_value(struct ir_subexp se, int64_t *v);

/* unroll.c: loops and SOACs of a small constant width */
enum rewrite simplify_unroll_loop(struct simplifier *s, struct ir_stm *stm);
enum rewrite simplify_unroll_soac(struct simplifier *s, struct ir_stm *stm);

/* dce.c: dead statements, results and loop parameters of a function */
int simplify_dead_code(struct dce_state *st, struct ir_program *p, struct ir_fun *f);
void simplify_dead_code_free(struct dce_state *st);

#endif
