/* The OpenCL backend's emitter (internal to src/backend_opencl/ and the C emitter).
 *
 *   emit_kernel.c  kernel code: lambdas' statements as OpenCL C, views of arrays
 *   emit_private.c kernel code's private arrays: one scalar variable per element
 *   cl_*.c         the forms of lower.h as kernels plus host code that launches them,
 *                  the host side of the memory model (Note [mirrors] in
 *                  rts/opencl/mirror.h), and the program's tables (cl_internal.h lists
 *                  the files)
 *   emit_cl_api.c  what the generated API adds on OpenCL: the context and its
 *                  configuration, raw interop with cl_mem buffers
 *
 * The host code is the C backend's (src/backend_c/): emit_c.c asks this backend, for
 * each host statement, whether lowering planned kernels for it (emit_cl_kernel_stm) and
 * otherwise brackets it with emit_cl_before_host_stm / emit_cl_after_host_stm.
 */
#ifndef PRISM_EMIT_OPENCL_H
#define PRISM_EMIT_OPENCL_H

#include "backend_c/emit_internal.h"

/* An array inside a kernel: a pointer to its first element in global memory and its
 * lengths (C expressions of the kernel), in row-major order, or, with strides, the
 * distance in elements between neighbours of each dimension (an array read through a
 * transposed copy: Note [coalescing transposes] in src/lower/lower.c). */
struct cl_view {
  const char *ptr;
  const char **dims;
  const char **strides; /* NULL: row-major */
  int rank;
};

/* An array that the kernel being emitted may read through a transposed copy: the host
 * variables of the flag that says whether it does and of the copy. */
struct cl_transposed {
  const char *flag;
  const char *copy;
};

/* A private array inside a kernel (Note [private arrays] in src/lower/lower.c): the C
 * variables of its elements, in row-major order. */
struct cl_private {
  const char **elems;
  int count;
};

struct emit_cl {
  struct strbuf source;      /* the kernels' OpenCL C */
  const char **kernel_names; /* in the order of rts_cl_init's table */
  int kernel_count, kernel_cap;
  const char **messages;     /* failure messages, id = index + 1 */
  int message_count, message_cap;
  struct cl_view **views;    /* by variable id: arrays readable in the kernel emitted */
  struct cl_private **privates; /* by variable id: the kernels' private arrays */
  int *arg_of;               /* by variable id: 1 + the kernel it is an argument of */
  int *seen;                 /* by variable id: the stamp of the last host statement whose
                              * arrays were collected with it (emit_cl_before_host_stm) */
  int stamp;
  int next_label;            /* labels of failure regions in kernels, numbered */
  const char *fail_action;   /* what a failed check does after reporting */
  /* Group code of intra-group kernels (Note [intra-group kernels]): the flag that a
   * failure sets; scalar statements run only while it is clear, and loops stop when it
   * is set, so that nothing jumps past a barrier. NULL elsewhere. */
  const char *guard;
  const char *where_text;    /* the location of the statement being emitted */
  const char *notes_text;    /* its call trace's notes (ir_trace_notes), "" for none */
  /* by variable id: the arrays of the kernel being built that it may read transposed */
  const struct cl_transposed **transposed;
};

/* The element type in global memory (bool is a uchar there). */
const char *cl_elem_type(enum prim_type t);
/* Appends text to a growable list in the emitter's arena; returns the new count. */
int cl_push_string(struct emitter *e, const char ***items, int *count, int *cap,
                   const char *text);
/* Registers a failure message; returns its id. */
int cl_message(struct emitter *e, const char *text);
/* Makes s the statement whose location and call trace messages name. */
void cl_set_where(struct emitter *e, const struct ir_stm *s);

struct cl_view *cl_view_of(struct emitter *e, const struct ir_var *v);
void cl_set_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                 const char *const *dims);
void cl_set_strided_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                         const char *const *dims, const char *const *strides);
const char *cl_view_row(struct emitter *e, const struct cl_view *w, const char *i);
const char *cl_view_elems(struct emitter *e, const struct cl_view *w, int from);
void cl_declare_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                     const char *const *dims);
void cl_bind_row(struct emitter *e, struct ir_var *p, const struct cl_view *w, const char *i);

/* Kernel code of a body (its results are left to the caller). */
void cl_kernel_body(struct emitter *e, const struct ir_body *b);
void cl_combine(struct emitter *e, const struct ir_lambda *op, const char *const *acc,
                const char *const *vals);
void cl_apply_map_fn(struct emitter *e, const struct ir_soac *so, const char *i,
                     const char *const *res);
void cl_apply_map_fn_args(struct emitter *e, const struct ir_soac *so, const char *const *args,
                          const char *i, const char *const *res);
/* map_fn at element `i` (a C expression) of the SOAC's inputs, which is the constant j
 * when j >= 0 (private inputs need it); res[r] lists the C variables that take the
 * elements of result r (one for a scalar). */
void cl_apply_map_fn_at(struct emitter *e, const struct ir_soac *so, const char *i, int j,
                        const char *const *const *res);
/* Unless s is #[unsafe], fails with the C backend's message when one of the `count`
 * indices `idx` is out of the lengths `dims` (C expressions; `rank` of them). */
void cl_check_index(struct emitter *e, const struct ir_stm *s, const char *const *idx,
                    int count, const char *const *dims, int rank);

/* emit_private.c: private arrays. */

/* v's private array, or NULL when v is not one. */
struct cl_private *cl_private_of(struct emitter *e, const struct ir_var *v);
/* Element k (row-major) of a scalar, a private array or a view of a private type, as a
 * C expression. */
const char *cl_element(struct emitter *e, struct ir_subexp se, int k);
/* The C variable of element k of v, a scalar or a private array. */
const char *cl_lvalue(struct emitter *e, const struct ir_var *v, int k);
/* Declares v (a scalar, or a private array when it is an array) with the elements of
 * `init`, or zeros when init is IR_SE_NONE. */
void cl_define(struct emitter *e, const struct ir_var *v, struct ir_subexp init);
/* Binds parameter p to row `i` of input x: a view's row, or row j of a private array. */
void cl_bind_input(struct emitter *e, struct ir_var *p, const struct ir_var *x, const char *i,
                   int j);
/* A statement that makes a private array, or indexes one. */
void cl_private_stm(struct emitter *e, const struct ir_stm *s);
/* Whether an inner SOAC runs unrolled (cl_unrolled_soac) rather than as a sequential
 * loop over views. */
bool cl_is_unrolled_soac(struct emitter *e, const struct ir_stm *s);
void cl_unrolled_soac(struct emitter *e, const struct ir_stm *s);
const char **cl_reduction_values(struct emitter *e, const struct ir_soac *so, const char *i,
                                 bool declare);

#endif
