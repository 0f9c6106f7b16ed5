/* Shared state of the C emitter's files (not part of the backend's interface).
 *
 *   emit_c.c     the program: preamble, runtime, functions, bodies, if/loop/apply
 *   emit_own.c   ownership of arrays: last uses, moves, references, drops
 *   emit_exp.c   scalar expressions and array operations (index, slice, update, ...)
 *   emit_soac.c  SOACs as C loops with their lambdas inlined
 *   emit_api.c   the C API, the entry-point wrappers, the executable's glue, prog.h and
 *                the JSON manifest
 *
 * Generated code: every IR function becomes a static C function returning an error
 * code, with one out-parameter per result. All IR variables of a function are declared
 * at its top (variables are unique, SSA); an array variable is a `struct rts_arrN`
 * (block, data pointer, shape). The failure path (label `fail`) releases every owned
 * array that is still held, so an error anywhere leaks nothing.
 */
#ifndef PRISM_EMIT_INTERNAL_H
#define PRISM_EMIT_INTERNAL_H

#include <stdbool.h>

#include "backend_c/emit_c.h"
#include "ir/ir.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

/* What the emitter knows of an IR variable, indexed by its id. */
struct emit_var {
  const char *cname; /* C identifier: NAME_ID */
  int owner;         /* level of the body that owns its reference now; -1: borrowed */
  int last_use;      /* in the owning body: statement index, stm_count for the results,
                        -1 when never used */
  int mentions;      /* scratch: how often the statement being emitted mentions it */
  bool moveable;     /* the statement being emitted may move its reference */
  bool moved;        /* its reference was moved away by the current statement */
  bool in_scope;     /* bound and visible now (its C variable holds its value) */
  bool declared;     /* declared in the current C function */
  bool narrow;       /* a narrow index variable of the kernels being emitted (Note
                        [narrow indices] in src/lower/ranges.c) */
  /* Destination passing (emit_soac.c): the array whose row `dest_index` this variable
   * becomes, so a SOAC that makes it may write there instead of allocating. */
  const struct ir_var *dest_array;
  const char *dest_index;
  /* Scratch of nested_uses (emit_own.c). */
  int bound_stamp;   /* bound in the body whose uses are being collected */
  int seen_stamp;    /* already seen there ... */
  int seen_times;    /* ... this many times */
};

/* Ownership state of a body being emitted (emit_own.c). */
struct emit_body {
  const struct ir_body *body;
  int level;
  struct ir_var ***dying; /* per statement index, and stm_count for the results: the
                             owned arrays whose last use it is */
  int *dying_count;
  struct ir_var **bound;  /* variables this body put in scope */
  int bound_count, bound_cap;
};

/* A growable list of variables (support/vec.h). */
struct emit_var_list {
  struct ir_var **items;
  int len, cap;
};

struct emitter {
  const struct ir_program *prog;
  const struct emit_c_options *opts;
  struct arena arena;
  struct emit_var *vars; /* by variable id */
  int var_count;
  /* The C function being emitted. */
  struct strbuf body;    /* its statements */
  struct strbuf decls;   /* declarations of its variables */
  struct strbuf cleanup; /* its failure path: releases */
  int indent;
  int level;             /* nesting of the body being emitted */
  int next_tmp;
  bool fail_used;        /* a `goto fail` was emitted */
  const char *where;     /* C string literal: location of the current statement */
  const char *notes;     /* C string literal: its call trace's notes, or NULL for none */
  bool unsafe;           /* the current statement is #[unsafe] */
  int max_rank;          /* highest rank of an array struct used */
  int scan_index;        /* the statement whose uses emit_own.c is counting */
  struct ptrmap nested_uses; /* nested body -> its uses from outside (emit_own.c) */
  struct emit_var_list *collecting; /* where nested_uses collects them */
  int use_stamp;
  int soac_depth;        /* host SOACs being emitted: their lambdas run on the host */
  bool narrow_code;      /* kernel code in which narrow variables are rts_nidx */
  /* The backend that extends this one (emit_c_options), and its state. */
  const struct emit_target *target;
  void *target_state;
};

/* Whether the backend that extends this one has the hook (or field) `name` of struct
 * emit_target. */
#define EMIT_HOOK(e, name) ((e)->target != NULL && (e)->target->name != NULL)

/* ---------------------------------------------------------------- emit_c.c */

void emit_c_line(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *emit_c_tmp(struct emitter *e);
const char *emit_c_printf(struct emitter *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *emit_c_subexp(struct emitter *e, struct ir_subexp se);
const char *emit_c_arr_type(struct emitter *e, int rank);
const char *emit_c_elem_type(enum prim_type t);
const char *emit_c_var(struct emitter *e, const struct ir_var *v);
/* The C type of scalar variable v: its element type, or rts_nidx for a narrow index
 * variable in kernel code. */
const char *emit_c_var_type(struct emitter *e, const struct ir_var *v);
/* Whether se is of 32 bits in kernel code: a narrow variable or an integer constant of
 * 32 bits (Note [narrow indices] in src/lower/ranges.c). */
bool emit_c_narrow(const struct emitter *e, struct ir_subexp se);
/* A C identifier made of name: other characters become '_'. */
const char *emit_c_identifier(struct emitter *e, const char *name);
/* if ((err = CALL) != 0) goto fail; */
void emit_c_try(struct emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* if (COND) { err = CALL; goto fail; } */
void emit_c_fail_if(struct emitter *e, const char *cond, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void emit_c_declare(struct emitter *e, struct ir_var *v, bool owned);
const char *emit_c_owned_tmp(struct emitter *e, int rank);
void emit_c_body_stms(struct emitter *e, struct emit_body *st);
/* Shape expression of dimension d of array variable v. */
const char *emit_c_dim(struct emitter *e, const struct ir_var *v, int d);
/* The elements of array variable v, from dimension `from` on: a product of its shape. */
const char *emit_c_elems(struct emitter *e, const struct ir_var *v, int from);
/* Pastes embedded runtime lines without their quoted #include lines; a file of rts/c. */
void emit_c_paste_lines(struct strbuf *out, const char *const *lines);
void emit_c_paste_rts_file(struct strbuf *out, const char *name);
_Noreturn void emit_c_unsupported(struct emitter *e, const struct ir_stm *s, const char *what);

/* -------------------------------------------------------------- emit_own.c */

void emit_own_open(struct emitter *e, struct emit_body *st, const struct ir_body *b,
                   struct ir_var *const *adopted, int adopted_count);
void emit_own_before(struct emitter *e, struct emit_body *st, int k);
void emit_own_after(struct emitter *e, struct emit_body *st, int k);
/* The owned arrays whose last use is statement k (those an `if` hands to its branches). */
void emit_own_dying(struct emit_body *st, int k, struct ir_var ***vars, int *count);
void emit_own_mark_moved(struct emitter *e, struct ir_var *v);
/* DST = x, taking a reference: moved when x dies here, else counted. */
void emit_own_take(struct emitter *e, struct ir_var *x, const char *dst);
/* DST.mem = x.mem, taking a reference the same way (for views of other ranks). */
void emit_own_take_mem(struct emitter *e, struct ir_var *x, const char *dst);
/* Result i of the body into LVALUE: scalars assigned, arrays taken. */
void emit_own_result(struct emitter *e, struct emit_body *st, int i, const char *lvalue);
void emit_own_close(struct emitter *e, struct emit_body *st);
void emit_own_drop(struct emitter *e, const char *array);
/* Marks a variable bound by the body being emitted (in scope until it closes). */
void emit_own_bind(struct emitter *e, struct emit_body *st, struct ir_var *v);

/* -------------------------------------------------------------- emit_exp.c */

void emit_c_scalar_exp(struct emitter *e, const struct ir_stm *s);
void emit_c_array_exp(struct emitter *e, const struct ir_stm *s);

/* ------------------------------------------------------------- emit_soac.c */

void emit_c_soac(struct emitter *e, const struct ir_stm *s);
/* A width error unless input x of the SOAC has the SOAC's width w (a C expression). */
void emit_c_check_width(struct emitter *e, const struct ir_soac *so, const struct ir_var *x,
                        const char *w);

/* -------------------------------------------------------------- emit_api.c */

/* A compile error when two entry points have the same C name (Note [Entry points with
 * the same C name]). */
void emit_c_check_entry_names(struct emitter *e);
void emit_c_api_declarations(struct emitter *e, struct strbuf *out);
void emit_c_api_definitions(struct emitter *e, struct strbuf *out);
void emit_c_executable_main(struct emitter *e, struct strbuf *out);
void emit_c_manifest(struct emitter *e, struct strbuf *out);
const char *emit_c_fun_name(struct emitter *e, const struct ir_fun *f);

#endif
