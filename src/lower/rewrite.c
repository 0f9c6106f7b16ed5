/* Building core IR in lowering's rewrites (rewrite.h). */
#include "lower/rewrite.h"

#include "support/strtab.h"

struct ir_stm *rewrite_add(const struct lower_rewrite *r, struct ir_body *b, struct ir_exp e,
                           struct ir_var **pat, int n) {
  struct ir_stm *s = ir_body_add(r->p, b, r->from->loc, e, pat, n);
  s->trace = r->from->trace;
  s->unsafe = r->from->unsafe;
  return s;
}

void rewrite_move(struct ir_program *p, struct ir_body *b, struct ir_stm *s) {
  struct ir_exp none = {.kind = IR_SUBEXP};
  ir_body_add(p, b, s->loc, none, NULL, 0); /* makes room */
  b->stms[b->stm_count - 1] = s;
}

struct ir_var *rewrite_fresh(const struct lower_rewrite *r, const char *name, struct ir_type t) {
  return ir_var_new(r->p, intern(name), t);
}

struct ir_var *rewrite_reshape(const struct lower_rewrite *r, struct ir_body *b,
                               struct ir_var *v, struct ir_subexp *dims, int count,
                               struct ir_var *to) {
  struct ir_exp e = {.kind = IR_RESHAPE};
  e.u.reshape.array = v;
  e.u.reshape.dims = dims;
  e.u.reshape.count = count;
  if (to == NULL) {
    to = rewrite_fresh(r, "flat", ir_type_array(r->p->arena, v->type.prim, count, dims));
  }
  rewrite_add(r, b, e, &to, 1);
  return to;
}

struct ir_subexp rewrite_read(const struct lower_rewrite *r, struct ir_body *b,
                              struct ir_var *array, const struct ir_subexp *idx, int count) {
  struct ir_exp e = {.kind = IR_INDEX};
  e.u.index.array = array;
  e.u.index.count = count;
  e.u.index.dims = ARENA_ARRAY(r->p->arena, struct ir_dim_index, count);
  for (int i = 0; i < count; i++) {
    e.u.index.dims[i].fixed = idx[i];
  }
  struct ir_var *y = rewrite_fresh(r, "x", ir_type_scalar(array->type.prim));
  rewrite_add(r, b, e, &y, 1)->unsafe = true;
  return ir_se_var(y);
}
