/* Building core IR in lowering's rewrites (expand.c: filters as scans and scatters;
 * interchange.c: reductions of rows as maps over columns). The statements they add
 * stand for one statement of the program, whose location, call trace and #[unsafe]
 * they inherit, so that a failure names the source the user wrote. */
#ifndef PRISM_LOWER_REWRITE_H
#define PRISM_LOWER_REWRITE_H

#include "ir/ir.h"

struct lower_rewrite {
  struct ir_program *p;
  const struct ir_stm *from; /* the statement rewritten */
};

/* Adds `pat = e` to b. */
struct ir_stm *rewrite_add(const struct lower_rewrite *r, struct ir_body *b, struct ir_exp e,
                           struct ir_var **pat, int n);
/* Appends the existing statement s to b. */
void rewrite_move(struct ir_program *p, struct ir_body *b, struct ir_stm *s);
struct ir_var *rewrite_fresh(const struct lower_rewrite *r, const char *name, struct ir_type t);
/* reshape(v, dims), of v's element type, added to b and bound to `to` (or to a fresh
 * variable when `to` is NULL). */
struct ir_var *rewrite_reshape(const struct lower_rewrite *r, struct ir_body *b,
                               struct ir_var *v, struct ir_subexp *dims, int count,
                               struct ir_var *to);
/* array[idx...] (count indices, each in bounds: no check), added to b. */
struct ir_subexp rewrite_read(const struct lower_rewrite *r, struct ir_body *b,
                              struct ir_var *array, const struct ir_subexp *idx, int count);

#endif
