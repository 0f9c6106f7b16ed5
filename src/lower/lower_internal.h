/* What the files of lowering share: lower.c (the plan and its printing), kernel_code.c
 * (what kernel code may hold: lower.h), forms.c (the form of each statement, group code
 * among them), unswitch.c (what unswitching and distribution share) and coalesce.c
 * (transpose kernels, Note [coalescing transposes]). */
#ifndef PRISM_LOWER_INTERNAL_H
#define PRISM_LOWER_INTERNAL_H

#include "lower/lower.h"

struct ir_free_vars;

/* ---------------------------------------------------------------- kernel_code.c */

/* Whether the variables are scalars. */
bool lower_all_scalar(struct ir_var *const *vars, int n);
/* Whether a statement, or every statement of a body, is kernel code (lower.h). */
bool lower_kernel_stm(const struct ir_stm *s);
/* An if in group code whose arms run as steps of the group (kernel.h, KIR_STEP_IF):
 * one that is not kernel code, which every work-item would run alike. */
bool lower_group_if(const struct ir_stm *s);
bool lower_kernel_body(const struct ir_body *b);
/* A statement that makes a private array from private arrays, views of private types
 * and scalars, whose operands have the shapes it needs. */
bool lower_private_stm(const struct ir_stm *s);
/* An operator of scalars (reductions, scans, hist) whose body is kernel code. */
bool lower_scalar_operator(const struct ir_lambda *op);
/* Whether array type t is [w] followed by the dimensions of `row`. */
bool lower_rows_of(struct ir_type t, struct ir_subexp w, struct ir_type row);
/* A lambda whose results are scalars or private arrays of its result types. */
bool lower_private_lambda(const struct ir_lambda *l);
/* An inner reduction that a work-item runs sequentially: scalar accumulators, scalar
 * results only (no map outputs), kernel-code lambdas. */
bool lower_sequential_reduction(const struct ir_soac *so, const struct ir_stm *s);

/* ---------------------------------------------------------------- forms.c */

/* The kernel form of a host-level SOAC statement into k, or false when it runs on the
 * host. */
bool lower_plan_form(struct lower_plan *plan, const struct ir_program *p,
                     const struct ir_stm *s, struct lower_kernel *k);

/* ---------------------------------------------------------------- unswitch.c */

/* Marks in `bound` (by variable id) what f binds at its top level: its parameters,
 * its index and the patterns of its body's statements. */
void lower_mark_bound(const struct ir_lambda *f, bool *bound);
/* fv, initialised, lists the free variables of statement s (ir_free_vars_free it). */
void lower_stm_free_vars(const struct ir_program *p, const struct ir_stm *s,
                         struct ir_free_vars *fv);

/* ---------------------------------------------------------------- coalesce.c */

/* A transpose kernel for a rearrange at host level that moves dimensions, or a map of
 * one, into k; false otherwise. */
bool lower_plan_transpose(struct lower_plan *plan, const struct ir_stm *s,
                          struct lower_kernel *k);
/* The arrays that a map or segred kernel reads through a transposed copy when it pays
 * (Note [coalescing transposes]); after the free variables. */
void lower_plan_coalescing(struct lower_plan *plan, const struct ir_program *p,
                           const struct ir_soac *so, struct lower_kernel *k);

#endif
