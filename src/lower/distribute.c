/* Distributing maps over the statements of their lambdas, for the OpenCL backend
 * (lower.h): a map that would run on the host because its lambda is a chain of inner
 * maps, reshapes and transposes of its rows becomes that chain over the whole batch,
 * each inner map one map over every row of every element (Note [distributing maps]).
 */
#include "lower/lower_internal.h"

#include "ir/util.h"
#include "lower/rewrite.h"
#include "support/heap.h"

/* Note [distributing maps]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * A map whose lambda works on its row through a chain of inner SOACs,
 *
 *   map (\x -> let a = reshape [n1][n2] x      -- a view of the row
 *              let b = map f (transpose a)      -- f: group code, say
 *              let c = map g (transpose b)
 *              in reshape [n] (transpose c)) xs
 *
 * (the FFT library's decomposition of a long row into FFTs along both axes of its
 * [n1][n2] view is one), has no kernel form: lowering's forms take a map of scalar
 * code, a nest of such maps, or group code (loops and SOACs over one row each, one
 * work-group a row), and two SOACs whose rows differ in length are neither. It would
 * run on the host, element after element, launching the inner SOACs' kernels for each.
 * Futhark's flattening distributes the map over its lambda's statements instead, and
 * so does this pass, before lowering plans kernels:
 *
 *   let ys = if w > 0 then {
 *       <the lambda's statements that use nothing it binds, in order>
 *       let A = reshape [w][n1][n2] xs          -- the reshape, one dimension more
 *       let B' = map f (reshape [w*n2][n1] (rearrange (0, 2, 1) A))
 *       let B = reshape [w][n2][n1] B'
 *       ...
 *       in reshape [w][n] (rearrange (0, 2, 1) C)
 *     } else { in replicate [w][n] 0 }
 *
 * Each statement of the lambda that uses what the lambda binds must be a reshape or a
 * rearrange of an array the chain has lifted (a parameter, or what an earlier such
 * statement bound), or a map whose inputs are such arrays and whose lambda uses
 * nothing else that the outer lambda binds; the lifted array stands for all w of
 * them, with an outer dimension w. A map of width m over them becomes one map of width
 * w * m over the inputs flattened, whose results are reshaped back to [w][m]..; its
 * index, if it reads one, is the flat index mod m. The other statements use nothing
 * the lambda binds (the sizes of the view, the coercions' assertions, tables that
 * depend on sizes alone): each element would run them alike, so they run once. They
 * run only when the map has elements, as the map would have run them (for w > 0 at
 * least once: their failures are the map's), which the branch on w > 0 keeps; for
 * w = 0 the results are empty arrays of the map's types. The lambda's results must be
 * lifted arrays, each reshaped to its pattern's type, as the map's results.
 *
 * A map is distributed only when lowering would run it on the host and each inner map
 * of the chain, flattened, is then a kernel; else it stays as it was. The flattened
 * maps read their inputs through the reshapes and rearranges, which are views or
 * transposed copies as the kernels' layouts require (Note [coalescing transposes] in
 * coalesce.c). The C backend runs maps as they are and does not call this.
 */

struct distribute {
  struct ir_program *p;
  struct lower_rewrite rw;
  struct ir_subexp width; /* w: the map's */
  struct ir_var *index;   /* the map's index, or NULL */
  bool *inside;           /* by variable id: bound by the lambda */
  bool *invariant;        /* by variable id: bound by a statement that runs once */
  struct ir_var **lifted; /* by variable id: the [w].. array that stands for it */
  bool *row_scalar;       /* by variable id: bound by a statement of the row's scalars */
  struct ir_stm **row_stms; /* those statements, in order */
  int row_count;
  struct ir_body *out;    /* the branch on w > 0 being built */
  struct ir_stm **maps;   /* the flattened maps */
  int map_count;
};

/* Whether every variable in fv is bound outside the lambda or by a statement that runs
 * once, or, with `row`, is the map's index or one of the row's scalars, or, with
 * `arrays`, a lifted array (read at the element's row in a flat map). Frees fv. */
static bool only_uses(const struct distribute *d, struct ir_free_vars *fv, bool row,
                      bool arrays) {
  bool ok = true;
  for (int i = 0; ok && i < fv->count; i++) {
    const struct ir_var *v = fv->vars[i];
    ok = !d->inside[v->id] || d->invariant[v->id] ||
         (row && (v == d->index || d->row_scalar[v->id])) ||
         (arrays && d->lifted[v->id] != NULL && v->type.rank > 0);
  }
  ir_free_vars_free(fv);
  return ok;
}

static bool available_lambda(const struct distribute *d, const struct ir_lambda *l) {
  struct ir_free_vars fv;
  ir_free_vars_init(&fv, d->p);
  ir_free_vars_lambda(&fv, l);
  return only_uses(d, &fv, true, true);
}

static bool available_dims(const struct distribute *d, const struct ir_subexp *dims, int n) {
  for (int i = 0; i < n; i++) {
    if (dims[i].kind == IR_SE_NONE) {
      return false;
    }
    if (dims[i].kind == IR_SE_VAR && d->inside[dims[i].u.var->id] &&
        !d->invariant[dims[i].u.var->id]) {
      return false;
    }
  }
  return true;
}

/* Whether statement s uses nothing the lambda binds but what runs once. */
static bool runs_once(const struct distribute *d, const struct ir_stm *s) {
  struct ir_free_vars fv;
  lower_stm_free_vars(d->p, s, &fv);
  return only_uses(d, &fv, false, false);
}

/* The type [w] ++ t. */
static struct ir_type with_outer(const struct distribute *d, struct ir_type t,
                                 struct ir_subexp outer) {
  struct ir_subexp *dims = ARENA_ARRAY(d->p->arena, struct ir_subexp, t.rank + 1);
  dims[0] = outer;
  for (int i = 0; i < t.rank; i++) {
    dims[i + 1] = t.dims[i];
  }
  return ir_type_array(d->p->arena, t.prim, t.rank + 1, dims);
}

static struct ir_var *lift_reshape(struct distribute *d, const struct ir_stm *s) {
  struct ir_var *from = d->lifted[s->exp.u.reshape.array->id];
  struct ir_type t = with_outer(d, s->pat[0]->type, d->width);
  struct ir_subexp *dims = ARENA_ARRAY(d->p->arena, struct ir_subexp, t.rank);
  dims[0] = d->width;
  for (int i = 0; i < s->exp.u.reshape.count; i++) {
    dims[i + 1] = s->exp.u.reshape.dims[i];
  }
  return rewrite_reshape(&d->rw, d->out, from, dims, t.rank,
                         rewrite_fresh(&d->rw, "lifted", t));
}

static struct ir_var *lift_copy(struct distribute *d, const struct ir_stm *s) {
  struct ir_exp e = {.kind = IR_COPY};
  e.u.copy = d->lifted[s->exp.u.copy->id];
  struct ir_var *y = rewrite_fresh(&d->rw, "lifted", with_outer(d, s->pat[0]->type, d->width));
  rewrite_add(&d->rw, d->out, e, &y, 1);
  return y;
}

static struct ir_var *lift_rearrange(struct distribute *d, const struct ir_stm *s) {
  int rank = s->exp.u.rearrange.rank;
  struct ir_exp e = {.kind = IR_REARRANGE};
  e.u.rearrange.array = d->lifted[s->exp.u.rearrange.array->id];
  e.u.rearrange.rank = rank + 1;
  e.u.rearrange.perm = ARENA_ARRAY(d->p->arena, int, rank + 1);
  e.u.rearrange.perm[0] = 0;
  for (int i = 0; i < rank; i++) {
    e.u.rearrange.perm[i + 1] = s->exp.u.rearrange.perm[i] + 1;
  }
  struct ir_var *y = rewrite_fresh(&d->rw, "lifted", with_outer(d, s->pat[0]->type, d->width));
  rewrite_add(&d->rw, d->out, e, &y, 1);
  return y;
}

/* `y = op(lhs, rhs)`, an i64, added to b. */
static struct ir_var *add_i64(struct distribute *d, struct ir_body *b, enum ir_binop op,
                              struct ir_subexp lhs, struct ir_subexp rhs, struct ir_var *y) {
  struct ir_exp e = {.kind = IR_BINOP};
  e.u.binop.op = op;
  e.u.binop.lhs = lhs;
  e.u.binop.rhs = rhs;
  if (y == NULL) {
    y = rewrite_fresh(&d->rw, "flat_row", ir_type_scalar(PRIM_I64));
  }
  rewrite_add(&d->rw, b, e, &y, 1);
  return y;
}

/* Makes each read of an element of v in b (nested bodies included) read the lifted
 * array at the element's row: v[i..] becomes lifted[row, i..]. */
static void index_rows(struct distribute *d, struct ir_body *b, const struct ir_var *v,
                       struct ir_var *row) {
  for (int i = 0; i < b->stm_count; i++) {
    struct ir_stm *s = b->stms[i];
    if (s->exp.kind == IR_INDEX && s->exp.u.index.array == v) {
      int n = s->exp.u.index.count;
      struct ir_dim_index *dims = ARENA_ARRAY(d->p->arena, struct ir_dim_index, n + 1);
      dims[0] = (struct ir_dim_index){.fixed = ir_se_var(row)};
      for (int k = 0; k < n; k++) {
        dims[k + 1] = s->exp.u.index.dims[k];
      }
      s->exp.u.index.array = d->lifted[v->id];
      s->exp.u.index.dims = dims;
      s->exp.u.index.count = n + 1;
    }
    struct ir_body *nested[IR_MAX_STM_BODIES];
    for (int k = 0, count = ir_stm_bodies(s, nested); k < count; k++) {
      index_rows(d, nested[k], v, row);
    }
  }
}

/* Copies of the statements of the row's scalars, added to b, their index the row;
 * sub then maps what they bind to what the copies bind. */
static void add_row_scalars(struct distribute *d, struct ir_body *b, struct ir_var *row,
                            struct ir_subst *sub) {
  int n = 0;
  for (int i = 0; i < d->row_count; i++) {
    n += d->row_stms[i]->pat_count;
  }
  struct ir_body stms = {.stms = d->row_stms, .stm_count = d->row_count};
  stms.results = ARENA_ARRAY(d->p->arena, struct ir_subexp, n + 1);
  for (int i = 0; i < d->row_count; i++) {
    for (int k = 0; k < d->row_stms[i]->pat_count; k++) {
      stms.results[stms.result_count++] = ir_se_var(d->row_stms[i]->pat[k]);
    }
  }
  struct ir_body *copy = ir_copy_body(d->p, &stms);
  if (d->index != NULL) {
    struct ir_subst at;
    ir_subst_init(&at, d->p);
    ir_subst_set(&at, d->index, ir_se_var(row));
    ir_subst_body(&at, copy);
    ir_subst_free(&at);
  }
  for (int i = 0; i < copy->stm_count; i++) {
    rewrite_move(d->p, b, copy->stms[i]);
  }
  for (int k = 0; k < n; k++) {
    ir_subst_set(sub, stms.results[k].u.var, copy->results[k]);
  }
}

/* The lambda of a flat map of width w * m in place of f, a map's of width m: its
 * index, the flat one, gives f's as its remainder by m; each lifted array that f
 * reads is read at the element's row, the quotient (both in bounds by construction):
 * its elements' reads index the lifted array, its other uses take the row as a view. */
static struct ir_lambda *flat_lambda(struct distribute *d, struct ir_lambda *f,
                                     struct ir_subexp m) {
  struct ir_lambda *g = ARENA_NEW(d->p->arena, struct ir_lambda);
  *g = *f;
  g->index = rewrite_fresh(&d->rw, "flat_index", ir_type_scalar(PRIM_I64));
  g->body = ir_body_new(d->p->arena);
  if (f->index != NULL) {
    add_i64(d, g->body, IR_BINOP_MOD, ir_se_var(g->index), m, f->index);
  }
  struct ir_free_vars fv;
  ir_free_vars_init(&fv, d->p);
  ir_free_vars_lambda(&fv, f);
  struct ir_subst sub;
  ir_subst_init(&sub, d->p);
  struct ir_var *row = NULL;
  bool row_scalars = false;
  for (int i = 0; i < fv.count; i++) {
    struct ir_var *v = fv.vars[i];
    if (!d->inside[v->id] || d->invariant[v->id]) {
      continue;
    }
    if (row == NULL) {
      row = add_i64(d, g->body, IR_BINOP_DIV, ir_se_var(g->index), m, NULL);
    }
    if (v == d->index) {
      ir_subst_set(&sub, v, ir_se_var(row));
      continue;
    }
    if (d->row_scalar[v->id]) {
      row_scalars = true;
      continue;
    }
    index_rows(d, f->body, v, row);
    if (!ir_body_uses(f->body, v)) {
      continue;
    }
    struct ir_exp e = {.kind = IR_INDEX};
    e.u.index.array = d->lifted[v->id];
    e.u.index.count = 1;
    e.u.index.dims = ARENA_NEW(d->p->arena, struct ir_dim_index);
    e.u.index.dims[0].fixed = ir_se_var(row);
    struct ir_var *y = rewrite_fresh(&d->rw, "row", v->type);
    rewrite_add(&d->rw, g->body, e, &y, 1)->unsafe = true;
    ir_subst_set(&sub, v, ir_se_var(y));
  }
  ir_free_vars_free(&fv);
  if (row_scalars) {
    add_row_scalars(d, g->body, row, &sub);
  }
  ir_subst_body(&sub, f->body);
  ir_subst_free(&sub);
  for (int i = 0; i < f->body->stm_count; i++) {
    rewrite_move(d->p, g->body, f->body->stms[i]);
  }
  g->body->results = f->body->results;
  g->body->result_count = f->body->result_count;
  return g;
}

/* The type [m].. t with its outer dimension wm instead. */
static struct ir_type flat_type(const struct distribute *d, struct ir_type t, struct ir_var *wm) {
  struct ir_subexp *dims = ARENA_ARRAY(d->p->arena, struct ir_subexp, t.rank);
  dims[0] = ir_se_var(wm);
  for (int i = 1; i < t.rank; i++) {
    dims[i] = t.dims[i];
  }
  return ir_type_array(d->p->arena, t.prim, t.rank, dims);
}

/* s, a map of width m over lifted arrays, as one map of width w * m over them
 * flattened; binds d->lifted of its pattern to the results reshaped to [w][m]... */
static void lift_map(struct distribute *d, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  struct ir_var *wm = add_i64(d, d->out, IR_BINOP_MUL, d->width, so->width,
                              rewrite_fresh(&d->rw, "flat_width", ir_type_scalar(PRIM_I64)));
  struct ir_exp e = s->exp;
  e.u.soac.width = ir_se_var(wm);
  e.u.soac.inputs = ARENA_ARRAY(d->p->arena, struct ir_var *, so->input_count + 1);
  for (int i = 0; i < so->input_count; i++) {
    struct ir_type t = flat_type(d, so->inputs[i]->type, wm);
    e.u.soac.inputs[i] = rewrite_reshape(&d->rw, d->out, d->lifted[so->inputs[i]->id], t.dims,
                                         t.rank, NULL);
  }
  e.u.soac.map_fn = flat_lambda(d, so->map_fn, so->width);
  struct ir_var **flat = ARENA_ARRAY(d->p->arena, struct ir_var *, s->pat_count + 1);
  for (int k = 0; k < s->pat_count; k++) {
    flat[k] = rewrite_fresh(&d->rw, "flat", flat_type(d, s->pat[k]->type, wm));
  }
  struct ir_stm *m = rewrite_add(&d->rw, d->out, e, flat, s->pat_count);
  m->sequential = s->sequential;
  d->maps[d->map_count++] = m;
  for (int k = 0; k < s->pat_count; k++) {
    struct ir_type t = with_outer(d, s->pat[k]->type, d->width);
    d->lifted[s->pat[k]->id] = rewrite_reshape(&d->rw, d->out, flat[k], t.dims, t.rank,
                                               rewrite_fresh(&d->rw, "lifted", t));
  }
}

/* Whether s computes scalars of the row's index (and of what runs once, and of other
 * such scalars) by kernel code that cannot fail: each flat map that uses them
 * computes them again (add_row_scalars). */
static bool row_scalars(const struct distribute *d, const struct ir_stm *s) {
  if (!lower_kernel_stm(s) || ir_stm_may_fail(s) || !lower_all_scalar(s->pat, s->pat_count)) {
    return false;
  }
  struct ir_free_vars fv;
  lower_stm_free_vars(d->p, s, &fv);
  return only_uses(d, &fv, true, false);
}

/* How statement s of the lambda is distributed (it runs once, is lifted, or is one of
 * the row's scalars), or NONE; marks what it binds. */
enum fate { NONE, ONCE, LIFT, ROW };

static enum fate classify(struct distribute *d, struct ir_stm *s) {
  if (runs_once(d, s)) {
    for (int k = 0; k < s->pat_count; k++) {
      d->invariant[s->pat[k]->id] = true;
    }
    return ONCE;
  }
  if (row_scalars(d, s)) {
    for (int k = 0; k < s->pat_count; k++) {
      d->row_scalar[s->pat[k]->id] = true;
    }
    d->row_stms[d->row_count++] = s;
    return ROW;
  }
  const struct ir_exp *e = &s->exp;
  bool ok = false;
  if (e->kind == IR_COPY) {
    ok = d->lifted[e->u.copy->id] != NULL;
  } else if (e->kind == IR_RESHAPE) {
    ok = d->lifted[e->u.reshape.array->id] != NULL &&
         available_dims(d, e->u.reshape.dims, e->u.reshape.count);
  } else if (e->kind == IR_REARRANGE) {
    ok = d->lifted[e->u.rearrange.array->id] != NULL;
  } else if (e->kind == IR_SOAC && e->u.soac.kind == IR_SOAC_MAP && !s->sequential) {
    const struct ir_soac *so = &e->u.soac;
    ok = available_dims(d, &so->width, 1) && available_lambda(d, so->map_fn);
    for (int i = 0; ok && i < so->input_count; i++) {
      ok = d->lifted[so->inputs[i]->id] != NULL;
    }
  }
  for (int k = 0; ok && k < s->pat_count; k++) {
    ok = s->pat[k]->type.rank > 0 && available_dims(d, s->pat[k]->type.dims,
                                                      s->pat[k]->type.rank);
  }
  return ok ? LIFT : NONE;
}

/* Whether a and b have the same dimensions, each the same constant or variable. */
static bool same_dims(struct ir_type a, struct ir_type b) {
  bool same = a.rank == b.rank;
  for (int i = 0; same && i < a.rank; i++) {
    const struct ir_subexp *x = &a.dims[i], *y = &b.dims[i];
    same = x->kind == y->kind &&
           (x->kind != IR_SE_VAR || x->u.var == y->u.var) &&
           (x->kind != IR_SE_CONST || x->u.c.v.i == y->u.c.v.i);
  }
  return same;
}

/* replicate [w].. 0 of the type of v, added to b. */
static struct ir_subexp blank(struct distribute *d, struct ir_body *b, const struct ir_var *v) {
  struct ir_exp e = {.kind = IR_REPLICATE};
  e.u.replicate.dims = v->type.dims;
  e.u.replicate.count = v->type.rank;
  struct ir_const zero = {.prim = v->type.prim};
  e.u.replicate.value = ir_se_const(zero);
  struct ir_var *y = rewrite_fresh(&d->rw, "empty", v->type);
  rewrite_add(&d->rw, b, e, &y, 1);
  return ir_se_var(y);
}

/* Builds the branch on w > 0 into out; false, adding nothing, when the map's lambda
 * is not such a chain or a flattened map is no kernel. */
static bool distribute_map(struct distribute *d, struct ir_body *out, const struct ir_stm *s,
                           struct ir_lambda *f) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int i = 0; i < f->param_count; i++) {
    if (f->params[i]->type.rank == 0) {
      return false;
    }
    d->lifted[f->params[i]->id] = so->inputs[i];
  }
  for (int k = 0; k < s->pat_count; k++) {
    if (!available_dims(d, s->pat[k]->type.dims, s->pat[k]->type.rank)) {
      return false;
    }
  }
  /* Which statements lift: the inputs' stand-ins are set as the walk goes, to check
   * the next statement's inputs; the real ones are made below. */
  int n = f->body->stm_count;
  enum fate *fate = heap_calloc((size_t)n + 1, sizeof *fate);
  d->row_stms = heap_calloc((size_t)n + 1, sizeof *d->row_stms);
  bool ok = true;
  int inner_maps = 0;
  for (int i = 0; ok && i < n; i++) {
    struct ir_stm *t = f->body->stms[i];
    fate[i] = classify(d, t);
    ok = fate[i] != NONE;
    for (int k = 0; fate[i] == LIFT && k < t->pat_count; k++) {
      d->lifted[t->pat[k]->id] = t->pat[k]; /* a stand-in, replaced below */
    }
    inner_maps += fate[i] == LIFT && t->exp.kind == IR_SOAC;
  }
  for (int k = 0; ok && k < f->body->result_count; k++) {
    struct ir_subexp r = f->body->results[k];
    ok = r.kind == IR_SE_VAR && d->lifted[r.u.var->id] != NULL && d->inside[r.u.var->id];
  }
  if (!ok || inner_maps == 0) {
    heap_free(fate);
    return false;
  }
  d->maps = heap_calloc((size_t)inner_maps, sizeof *d->maps);
  d->out = ir_body_new(d->p->arena);
  for (int i = 0; i < n; i++) {
    struct ir_stm *t = f->body->stms[i];
    if (fate[i] == ONCE) {
      rewrite_move(d->p, d->out, t);
    } else if (fate[i] == ROW) {
      continue; /* copied into the maps that use them */
    } else if (t->exp.kind == IR_COPY) {
      d->lifted[t->pat[0]->id] = lift_copy(d, t);
    } else if (t->exp.kind == IR_RESHAPE) {
      d->lifted[t->pat[0]->id] = lift_reshape(d, t);
    } else if (t->exp.kind == IR_REARRANGE) {
      d->lifted[t->pat[0]->id] = lift_rearrange(d, t);
    } else {
      lift_map(d, t);
    }
  }
  heap_free(fate);
  for (int i = 0; ok && i < d->map_count; i++) {
    ok = lower_on_device(d->p, d->maps[i]);
  }
  heap_free(d->maps);
  if (!ok) {
    return false; /* what was built is left to the arena */
  }
  d->out->results = ARENA_ARRAY(d->p->arena, struct ir_subexp, s->pat_count + 1);
  d->out->result_count = s->pat_count;
  for (int k = 0; k < s->pat_count; k++) {
    struct ir_var *r = d->lifted[f->body->results[k].u.var->id];
    struct ir_type t = s->pat[k]->type;
    if (!same_dims(r->type, t)) {
      r = rewrite_reshape(&d->rw, d->out, r, t.dims, t.rank, rewrite_fresh(&d->rw, "lifted", t));
    }
    d->out->results[k] = ir_se_var(r);
  }
  struct ir_body *empty = ir_body_new(d->p->arena);
  empty->results = ARENA_ARRAY(d->p->arena, struct ir_subexp, s->pat_count + 1);
  empty->result_count = s->pat_count;
  for (int k = 0; k < s->pat_count; k++) {
    empty->results[k] = blank(d, empty, s->pat[k]);
  }
  struct ir_exp gt = {.kind = IR_BINOP};
  gt.u.binop.op = IR_BINOP_GT;
  gt.u.binop.lhs = d->width;
  gt.u.binop.rhs = ir_se_i64(0);
  struct ir_var *some = rewrite_fresh(&d->rw, "some", ir_type_scalar(PRIM_BOOL));
  rewrite_add(&d->rw, out, gt, &some, 1);
  struct ir_exp e = {.kind = IR_IF};
  e.u.if_.cond = ir_se_var(some);
  e.u.if_.then_body = d->out;
  e.u.if_.else_body = empty;
  rewrite_add(&d->rw, out, e, s->pat, s->pat_count);
  return true;
}

/* Replaces each call at the top of f's body by the callee's body, copied with fresh
 * variables and its parameters replaced by the arguments (a function kept out of line,
 * #[noinline], whose body is a chain). Calls in what is inlined are inlined in turn
 * (the language has no recursion, so this ends). */
static void inline_calls(struct ir_program *p, struct ir_lambda *f) {
  struct ir_body *b = f->body;
  for (int i = 0; i < b->stm_count; i++) {
    struct ir_stm *call = b->stms[i];
    if (call->exp.kind != IR_APPLY) {
      continue;
    }
    const struct ir_fun *fn = call->exp.u.apply.fun;
    struct ir_body *copy = ir_copy_body(p, fn->body);
    ir_trace_inlined(p, copy, call);
    struct ir_subst sub;
    ir_subst_init(&sub, p);
    for (int k = 0; k < fn->param_count; k++) {
      ir_subst_set(&sub, fn->params[k], call->exp.u.apply.args[k]);
    }
    ir_subst_body(&sub, copy);
    ir_subst_free(&sub);
    /* The call's pattern becomes the copy's results in what follows. */
    ir_subst_init(&sub, p);
    for (int k = 0; k < call->pat_count; k++) {
      ir_subst_set(&sub, call->pat[k], copy->results[k]);
    }
    ir_body_splice(p, b, i, copy);
    for (int j = i + copy->stm_count; j < b->stm_count; j++) {
      ir_subst_stm(&sub, b->stms[j]);
    }
    struct ir_body tail = {.results = b->results, .result_count = b->result_count};
    ir_subst_body(&sub, &tail);
    ir_subst_free(&sub);
    i--; /* the first inlined statement next */
  }
}

bool lower_distribute(struct ir_program *p, struct ir_body *out, struct ir_stm *s) {
  if (s->exp.kind != IR_SOAC || s->exp.u.soac.kind != IR_SOAC_MAP || s->sequential ||
      s->exp.u.soac.width.kind == IR_SE_NONE || lower_on_device(p, s)) {
    return false;
  }
  /* A copy with fresh variables: the walk changes what it lifts. */
  struct ir_lambda *f = ir_copy_lambda(p, s->exp.u.soac.map_fn);
  inline_calls(p, f);
  size_t vars = (size_t)p->next_var_id + 1;
  struct distribute d = {.p = p, .rw = {p, s}, .width = s->exp.u.soac.width};
  d.inside = heap_calloc(vars, sizeof *d.inside);
  d.invariant = heap_calloc(vars, sizeof *d.invariant);
  d.lifted = heap_calloc(vars, sizeof *d.lifted);
  d.row_scalar = heap_calloc(vars, sizeof *d.row_scalar);
  lower_mark_bound(f, d.inside);
  d.index = f->index;
  bool done = distribute_map(&d, out, s, f);
  heap_free(d.row_stms);
  heap_free(d.row_scalar);
  heap_free(d.lifted);
  heap_free(d.invariant);
  heap_free(d.inside);
  return done;
}
