/* Utilities over the core IR shared by the middle end (simplify, fuse, lower):
 * visiting every operand, substituting variables, counting uses, free variables, what
 * may fail, what is consumed (written in place), and copying bodies and lambdas with
 * fresh variables.
 *
 * Operands are visited everywhere a variable can appear: expressions' subexpressions,
 * SOAC inputs and destinations, loop parameters' initial values, bodies' results, and
 * the dimensions of every variable's type (a dimension is a use of a size variable). */
#ifndef PRISM_IR_UTIL_H
#define PRISM_IR_UTIL_H

#include "ir/ir.h"

/* A substitution: variable id -> the subexpression that replaces it. */
struct ir_subst {
  struct ir_subexp *to; /* indexed by var id; kind IR_SE_NONE: no replacement */
  int cap;
};

void ir_subst_init(struct ir_subst *s, const struct ir_program *p);
void ir_subst_free(struct ir_subst *s);
void ir_subst_set(struct ir_subst *s, const struct ir_var *from, struct ir_subexp to);
/* The replacement of se (followed transitively), or se itself. */
struct ir_subexp ir_subst_apply(const struct ir_subst *s, struct ir_subexp se);
struct ir_var *ir_subst_var(const struct ir_subst *s, struct ir_var *v); /* only var->var */
/* Rewrites every operand in the statement (and nested bodies) and in the types of the
 * variables it binds. Returns true if anything changed. */
bool ir_subst_stm(const struct ir_subst *s, struct ir_stm *stm);
/* The same for the statement's own operands only: not inside its nested bodies (if
 * branches, loop bodies, lambdas' bodies), but lambdas' parameter and result types and
 * loop parameters' types are rewritten. */
bool ir_subst_stm_head(const struct ir_subst *s, struct ir_stm *stm);
bool ir_subst_body(const struct ir_subst *s, struct ir_body *b);
bool ir_subst_lambda(const struct ir_subst *s, struct ir_lambda *l);
void ir_subst_type(const struct ir_subst *s, struct ir_type *t);

/* Calls visit(ctx, var) for every use of a variable (not for bindings), in a statement
 * with its nested bodies, in a body, or in a lambda. */
typedef void (*ir_use_fn)(void *ctx, const struct ir_var *v);
void ir_visit_uses_stm(const struct ir_stm *stm, ir_use_fn visit, void *ctx);
void ir_visit_uses_body(const struct ir_body *b, ir_use_fn visit, void *ctx);
void ir_visit_uses_lambda(const struct ir_lambda *l, ir_use_fn visit, void *ctx);

/* Use counts of every variable of a function (indexed by var id; the caller frees). */
int *ir_use_counts(const struct ir_program *p, const struct ir_fun *f);

/* The free variables of lambdas and bodies (Note [Free variables] in ir/util.c): the
 * variables they use (every operand that ir_visit_uses_* visits, the dimensions of
 * parameters', results' and patterns' types included) and do not bind (parameters, the
 * index, patterns, nested loops' and lambdas' parameters and indices), each listed
 * once, in the order of first use. Adding several lambdas, bodies and single uses to
 * one set lists the free variables of them all; what one binds stays bound for those
 * added after it. ir_free_vars_free releases the tables (sized by p's variables). */
struct ir_free_vars {
  struct ir_var **vars; /* the free variables, in the order of first use */
  int count;
  int cap;
  bool *bound;  /* by variable id: bound inside what was added */
  bool *listed; /* by variable id: in vars */
};

void ir_free_vars_init(struct ir_free_vars *fv, const struct ir_program *p);
void ir_free_vars_free(struct ir_free_vars *fv);
void ir_free_vars_lambda(struct ir_free_vars *fv, const struct ir_lambda *l); /* l may be NULL */
void ir_free_vars_body(struct ir_free_vars *fv, const struct ir_body *b);
/* A use of v from outside what was added: listed unless bound there or listed. */
void ir_free_vars_use(struct ir_free_vars *fv, const struct ir_var *v);

/* Does the body (or statement) use variable v, anywhere inside? */
bool ir_body_uses(const struct ir_body *b, const struct ir_var *v);
bool ir_stm_uses(const struct ir_stm *stm, const struct ir_var *v);
/* How many times stm (l) uses v (each operand that ir_visit_uses_* visits). */
int ir_stm_use_count(const struct ir_stm *stm, const struct ir_var *v);
int ir_lambda_use_count(const struct ir_lambda *l, const struct ir_var *v);

/* Can evaluating the statement fail at run time (bounds checks, assertions, division by
 * zero, negative sizes, shape mismatches, calls of functions that can)? A statement
 * that cannot fail and whose results are unused may be removed. */
bool ir_stm_may_fail(const struct ir_stm *stm);
bool ir_body_may_fail(const struct ir_body *b);

/* Calls visit(ctx, var) for every array that the statement itself consumes (writes in
 * place, ir.h): an update's array, a scatter's or hist's destinations, the initial
 * values of unique loop parameters, the arguments of a call for unique parameters. Not
 * for what its nested bodies consume. */
void ir_visit_consumed(const struct ir_stm *stm, ir_use_fn visit, void *ctx);
bool ir_stm_consumes(const struct ir_stm *stm, const struct ir_var *v);
/* Whether the body's statements (nested bodies included) consume one of the arrays
 * vars[0..count), bound before the body, or an array that may share memory with one
 * (Note [consumption through aliases] in ir/util.c), or whether the body returns one:
 * whether the arrays must be fresh each time the body runs. */
bool ir_body_may_consume(const struct ir_body *b, struct ir_var *const *vars, int count);

/* The bodies nested in a statement, in order: an if's branches, a loop's body, the
 * bodies of a SOAC's map lambda and operator; returns how many. */
enum { IR_MAX_STM_BODIES = 2 };
int ir_stm_bodies(const struct ir_stm *stm, struct ir_body *bodies[IR_MAX_STM_BODIES]);

/* The number of statements in the body, nested bodies' statements included. */
int ir_body_size(const struct ir_body *b);

/* Copies with fresh variables for everything bound inside; free variables stay. */
struct ir_body *ir_copy_body(struct ir_program *p, const struct ir_body *b);
struct ir_lambda *ir_copy_lambda(struct ir_program *p, const struct ir_lambda *l);
/* ir_copy_body renaming through the caller's substitution, empty before and after (only
 * the entries the copy sets are touched), so that many copies of small bodies cost no
 * allocation the size of the program each. */
struct ir_body *ir_copy_body_with(struct ir_program *p, const struct ir_body *b,
                                  struct ir_subst *scratch);

/* Removes the statements for which keep[i] is false (keep has b->stm_count entries). */
void ir_body_filter(struct ir_body *b, const bool *keep);
/* Replaces statement i of b by the statements of `with` (which are moved). */
void ir_body_splice(struct ir_program *p, struct ir_body *b, int i, const struct ir_body *with);

#endif
