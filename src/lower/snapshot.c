/* Scatters in kernel code that read their destination read a copy of it instead, for
 * the OpenCL backend (lower.h, Note [scatters that read their destination]).
 */
#include "lower/lower_internal.h"

#include "ir/util.h"
#include "lower/rewrite.h"
#include "support/heap.h"

/* Note [scatters that read their destination]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A scatter's lambda reads the values its destination had before the scatter, even
 * where fusion made it read the destination itself:
 *
 *   let vs = map (\j -> xs[j] + xs[j + m]) (iota m)  -- fused into the scatter:
 *   in scatter xs is vs                              -- scatter xs (\j -> .. xs[j] ..)
 *
 * The host code and the kernels of whole SOACs honour that by reference counts: a
 * destination that something else still uses (here the lambda) is copied before it is
 * written (rts_make_unique). Kernel code has no reference counts: group code writes
 * the destination's slot in place, one element per work-item, while other work-items
 * still read it (tests/backend_opencl/scatter_reads_dest.dsl's `main` gave wrong rows).
 * Private code gave the right results without the copy (the test's `small`), but the
 * rewrite does not tell the forms apart: it runs before lowering chooses them, so
 * private code gets the copy too (a copy of a small array in private memory). So,
 * before lowering plans the kernels, such a scatter in a
 * lambda gets a copy of each array it reads that is a destination or a view of one,
 * made right before it, and its lambda reads the copy:
 *
 *   let xs' = copy xs in scatter xs (\j -> .. xs'[j] ..)
 *
 * The copy is a fill of a slot of its own in group code (a barrier orders it before
 * the scatter); the scatter then writes the destination's slot in place, as before.
 * Views are those of the scatter's own body, bound before it (a row or slice, a
 * reshape or a rearrange of a destination or of another such view, or the array under
 * another name); an array of an outer body cannot be a view of a destination, which
 * the scatter's body or one around it binds. Scatters at host level are left alone.
 */

/* Is statement s a view of one of the arrays marked in `aliased` (by variable id)? */
static bool view_of(const struct ir_stm *s, const bool *aliased) {
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_INDEX:
  case IR_SLICE:
    return aliased[x->u.index.array->id];
  case IR_RESHAPE:
    return aliased[x->u.reshape.array->id];
  case IR_REARRANGE:
    return aliased[x->u.rearrange.array->id];
  case IR_SUBEXP:
    return x->u.se.kind == IR_SE_VAR && aliased[x->u.se.u.var->id];
  default:
    return false;
  }
}

struct snapshot {
  struct ir_program *p;
  struct ir_subst subst;
};

/* Adds the copies that the scatter s, statement i of the old body `stms`, needs to b,
 * and points its lambda at them. */
static void snapshot_scatter(struct snapshot *sn, struct ir_body *b, struct ir_stm **stms,
                             int i) {
  struct ir_stm *s = stms[i];
  const struct ir_soac *so = &s->exp.u.soac;
  /* by variable id: a destination of the scatter, or a view of one */
  bool *aliased = heap_calloc((size_t)sn->p->next_var_id, sizeof *aliased);
  for (int d = 0; d < so->dest_count; d++) {
    aliased[so->dests[d]->id] = true;
  }
  for (int j = 0; j < i; j++) {
    if (view_of(stms[j], aliased)) {
      aliased[stms[j]->pat[0]->id] = true;
    }
  }
  struct ir_free_vars fv;
  ir_free_vars_init(&fv, sn->p);
  ir_free_vars_lambda(&fv, so->map_fn);
  struct lower_rewrite rw = {.p = sn->p, .from = s};
  bool any = false;
  for (int k = 0; k < fv.count; k++) {
    struct ir_var *v = fv.vars[k];
    if (v->type.rank == 0 || !aliased[v->id]) {
      continue;
    }
    struct ir_var *old = rewrite_fresh(&rw, v->name, v->type);
    struct ir_exp e = {.kind = IR_COPY};
    e.u.copy = v;
    rewrite_add(&rw, b, e, &old, 1);
    ir_subst_set(&sn->subst, v, (struct ir_subexp){.kind = IR_SE_VAR, .u.var = old});
    any = true;
  }
  if (any) {
    ir_subst_lambda(&sn->subst, s->exp.u.soac.map_fn);
    for (int k = 0; k < fv.count; k++) {
      ir_subst_set(&sn->subst, fv.vars[k], (struct ir_subexp){.kind = IR_SE_NONE});
    }
  }
  ir_free_vars_free(&fv);
  heap_free(aliased);
}

static void snapshot_body(struct snapshot *sn, struct ir_body *b, bool kernel);

/* The bodies nested in s: a SOAC's lambdas are kernel code, the rest is as s is. */
static void snapshot_nested(struct snapshot *sn, struct ir_stm *s, bool kernel) {
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int count = ir_stm_bodies(s, nested);
  for (int k = 0; k < count; k++) {
    snapshot_body(sn, nested[k], kernel || s->exp.kind == IR_SOAC);
  }
}

static void snapshot_body(struct snapshot *sn, struct ir_body *b, bool kernel) {
  int n = b->stm_count;
  struct ir_stm **stms = b->stms;
  if (!kernel) {
    for (int i = 0; i < n; i++) {
      snapshot_nested(sn, stms[i], false);
    }
    return;
  }
  b->stms = NULL;
  b->stm_count = b->stm_cap = 0;
  for (int i = 0; i < n; i++) {
    struct ir_stm *s = stms[i];
    snapshot_nested(sn, s, true);
    if (s->exp.kind == IR_SOAC && s->exp.u.soac.kind == IR_SOAC_SCATTER) {
      snapshot_scatter(sn, b, stms, i);
    }
    rewrite_move(sn->p, b, s);
  }
}

void lower_snapshot_scatters(struct ir_program *p) {
  struct snapshot sn = {.p = p};
  ir_subst_init(&sn.subst, p);
  for (int i = 0; i < p->fun_count; i++) {
    snapshot_body(&sn, p->funs[i]->body, false);
  }
  ir_subst_free(&sn.subst);
}
