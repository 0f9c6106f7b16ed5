/* Transpose kernels, and the arrays that a map kernel reads through a transposed copy
 * (Note [coalescing transposes]). */
#include "lower/lower_internal.h"

#include <string.h>

#include "ir/util.h"
#include "support/heap.h"

/* ------------------------------------------------------------ Transposes */

/* Whether a permutation moves some dimension (the identity is a view, not a copy). */
static bool moves_dims(const int *perm, int rank) {
  for (int i = 0; i < rank; i++) {
    if (perm[i] != i) {
      return true;
    }
  }
  return false;
}

/* The rearrange that a map's body is, of its only parameter, or NULL: `map transpose`. */
static const struct ir_exp *mapped_rearrange(const struct ir_soac *so) {
  const struct ir_lambda *f = so->map_fn;
  if (so->kind != IR_SOAC_MAP || so->input_count != 1 || f->index != NULL ||
      f->body->stm_count != 1 || f->body->result_count != 1) {
    return NULL;
  }
  const struct ir_stm *only = f->body->stms[0];
  struct ir_subexp res = f->body->results[0];
  if (only->exp.kind != IR_REARRANGE || only->exp.u.rearrange.array != f->params[0] ||
      res.kind != IR_SE_VAR || res.u.var != only->pat[0]) {
    return NULL;
  }
  return &only->exp;
}

/* transpose: a rearrange at host level that moves dimensions, or a map of one (the
 * rearrange of the whole array with the outer dimension kept first). */
bool lower_plan_transpose(struct lower_plan *plan, const struct ir_stm *s,
                          struct lower_kernel *k) {
  const struct ir_exp *re = &s->exp;
  struct ir_var *array = NULL;
  int outer = 0;
  if (s->exp.kind == IR_SOAC) {
    re = mapped_rearrange(&s->exp.u.soac);
    if (re == NULL) {
      return false;
    }
    array = s->exp.u.soac.inputs[0];
    outer = 1;
  } else {
    array = re->u.rearrange.array;
  }
  if (!moves_dims(re->u.rearrange.perm, re->u.rearrange.rank)) {
    return false;
  }
  k->form = LOWER_TRANSPOSE;
  k->rank = re->u.rearrange.rank + outer;
  k->perm = ARENA_ARRAY(&plan->arena, int, k->rank);
  k->perm[0] = 0;
  for (int i = 0; i < re->u.rearrange.rank; i++) {
    k->perm[outer + i] = outer + re->u.rearrange.perm[i];
  }
  k->free = ARENA_ARRAY(&plan->arena, struct ir_var *, 1);
  k->free[0] = array;
  k->free_count = 1;
  return true;
}

/* ------------------------------------------------------------ Coalescing */

/* Note [coalescing transposes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A map kernel runs one work-item per row of its input. When each work-item walks its
 * row, reading element j in a loop over j (or reducing the row sequentially),
 * neighbouring work-items read elements m apart at every step, so each load of a
 * work-group touches as many cache lines as it has work-items. Read from a transposed
 * copy, where element j of row i sits at j * n + i, the same loads are consecutive:
 * coalesced (Futhark's coalescing pass does the same, making the transposed copy in
 * memory before the kernel).
 *
 * Lowering lists, for the forms map and segred (whose flat version is a map kernel;
 * its group version reads rows coalesced already), the arrays of two dimensions that
 * the work-items walk:
 *   - an input whose row, the lambda's parameter, is read at an index that changes in
 *     a loop or an inner SOAC of the body, or is the input of an inner reduction;
 *   - a free array read so at the work-item's row, the lambda's index: a[i, j] with j
 *     changing, or its row a[i] walked as above.
 * An index "changes" when it depends on a loop's index or parameters, or on an inner
 * lambda's parameters; reads at indices that stay fixed while the body loops gain
 * nothing from the other layout and do not count.
 *
 * The kernel reads such an array through a view whose strides are kernel arguments
 * (struct cl_view), so that one kernel reads either layout; the host decides at run
 * time whether the transposition pays (rts_cl_coalesce in rts/opencl/mirror.h, the
 * knob PRISM_TRANSPOSE), and if so makes the copy with a transpose kernel, which
 * `--structure` counts as one more global kernel per array.
 */

struct walk {
  const struct ir_lambda *f;
  const struct ir_var *array; /* the array of two dimensions */
  bool *row;                  /* by id: rows of the array at the work-item's index */
  bool *varies;               /* by id: values that change within the loops around */
  bool any_varies;            /* scratch of note_varies */
  bool walks;
};

static void note_varies(void *ctx, const struct ir_var *v) {
  struct walk *w = ctx;
  w->any_varies = w->any_varies || w->varies[v->id];
}

static bool varies(const struct walk *w, struct ir_subexp se) {
  return se.kind == IR_SE_VAR && w->varies[se.u.var->id];
}

static bool is_var(struct ir_subexp se, const struct ir_var *v) {
  return v != NULL && se.kind == IR_SE_VAR && se.u.var == v;
}

static void walk_body(struct walk *w, const struct ir_body *b, int depth);

/* The parameters (and index) of a loop or of a lambda inside the body change from one
 * pass or call to the next. */
static void bind_varying(struct walk *w, struct ir_var *const *params, int count,
                         const struct ir_var *index) {
  for (int i = 0; i < count; i++) {
    w->varies[params[i]->id] = true;
  }
  if (index != NULL) {
    w->varies[index->id] = true;
  }
}

static void walk_lambda(struct walk *w, const struct ir_lambda *l, int depth) {
  if (l != NULL) {
    bind_varying(w, l->params, l->param_count, l->index);
    walk_body(w, l->body, depth + 1);
  }
}

static void walk_index(struct walk *w, const struct ir_stm *s, int depth) {
  const struct ir_var *a = s->exp.u.index.array;
  const struct ir_dim_index *dims = s->exp.u.index.dims;
  int count = s->exp.u.index.count;
  if (a == w->array && count >= 1 && is_var(dims[0].fixed, w->f->index)) {
    if (count == 1) {
      w->row[s->pat[0]->id] = true; /* a[i]: the work-item's row */
    } else if (depth > 0 && varies(w, dims[1].fixed)) {
      w->walks = true;               /* a[i, j], j changing */
    }
  } else if (w->row[a->id] && count >= 1 && depth > 0 && varies(w, dims[0].fixed)) {
    w->walks = true;                 /* row[j], j changing */
  }
}

static void walk_stm(struct walk *w, const struct ir_stm *s, int depth) {
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_INDEX:
    walk_index(w, s, depth);
    break;
  case IR_IF:
    walk_body(w, x->u.if_.then_body, depth);
    walk_body(w, x->u.if_.else_body, depth);
    break;
  case IR_LOOP:
    bind_varying(w, x->u.loop.params, x->u.loop.param_count, x->u.loop.index);
    walk_body(w, x->u.loop.body, depth + 1);
    break;
  case IR_SOAC:
    for (int i = 0; i < x->u.soac.input_count; i++) {
      w->walks = w->walks || w->row[x->u.soac.inputs[i]->id];
    }
    walk_lambda(w, x->u.soac.map_fn, depth);
    walk_lambda(w, x->u.soac.op, depth);
    break;
  default:
    break;
  }
  if (depth > 0) {
    w->any_varies = false;
    ir_visit_uses_stm(s, note_varies, w);
    for (int i = 0; w->any_varies && i < s->pat_count; i++) {
      w->varies[s->pat[i]->id] = true;
    }
  }
}

static void walk_body(struct walk *w, const struct ir_body *b, int depth) {
  for (int i = 0; i < b->stm_count; i++) {
    walk_stm(w, b->stms[i], depth);
  }
}

/* Whether the work-items of a map with lambda f walk the rows of `array` (an array of
 * two dimensions), whose row is parameter `row` (NULL for a free array). */
static bool walks_rows(const struct ir_program *p, const struct ir_lambda *f,
                       const struct ir_var *array, const struct ir_var *row) {
  struct walk w = {.f = f, .array = array};
  w.row = heap_calloc((size_t)p->next_var_id + 1, sizeof *w.row);
  w.varies = heap_calloc((size_t)p->next_var_id + 1, sizeof *w.varies);
  if (row != NULL) {
    w.row[row->id] = true;
  }
  walk_body(&w, f->body, 0);
  heap_free(w.row);
  heap_free(w.varies);
  return w.walks;
}

static void add_transposed(struct lower_plan *plan, struct lower_kernel *k,
                           struct ir_var *array, int cap) {
  if (k->transposed == NULL) {
    k->transposed = ARENA_ARRAY(&plan->arena, struct ir_var *, cap);
  }
  for (int i = 0; i < k->transposed_count; i++) {
    if (k->transposed[i] == array) {
      return; /* an input that the lambda also reads freely */
    }
  }
  k->transposed[k->transposed_count++] = array;
}

/* The arrays that a map or segred kernel reads through a transposed copy when it pays
 * (Note [coalescing transposes]); after the free variables. */
void lower_plan_coalescing(struct lower_plan *plan, const struct ir_program *p,
                           const struct ir_soac *so, struct lower_kernel *k) {
  const struct ir_lambda *f = so->map_fn;
  int cap = so->input_count + k->free_count + 1;
  for (int i = 0; i < so->input_count; i++) {
    struct ir_var *x = so->inputs[i];
    if (x->type.rank == 2 && walks_rows(p, f, x, f->params[i])) {
      add_transposed(plan, k, x, cap);
    }
  }
  for (int i = 0; f->index != NULL && i < k->free_count; i++) {
    struct ir_var *x = k->free[i];
    if (x->type.rank == 2 && walks_rows(p, f, x, NULL)) {
      add_transposed(plan, k, x, cap);
    }
  }
}

