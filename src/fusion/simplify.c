/* The simplifier: rewrites core IR to a fixed point (DESIGN.md section 2).
 *
 * Each round walks every function forward once (callees first) and then removes dead
 * code (dce.c); rounds repeat while anything changed, at most SIMPLIFY_ROUNDS times.
 * The forward walk visits each statement after the statements it depends on, so one
 * round folds whole chains, and rebuilds each body into a frame:
 *  - copy and constant propagation: a statement whose value is a known subexpression
 *    is dropped and its variable substituted everywhere after (simplify_bind); the
 *    substitution is applied to each statement's own operands as it is reached;
 *  - scalar rules (fold.c): constant folding, identities, index arithmetic, ranges;
 *  - shapes stated by types (and a concat's, from its operands' constant outer sizes),
 *    indexing of array literals, iota and replicate at known indices, indexing of rows
 *    (a[i][j] = a[i, j]), and dropping the bounds check of an index that ranges prove
 *    in bounds (stm->unsafe);
 *  - an if on a constant is its branch; inside a branch its condition is known; results
 *    equal in both branches are bound outside; asserts of true go;
 *  - loops: none when the bound is 0 or the condition starts false; parameters that
 *    the body passes through unchanged are their initial values; unrolling (unroll.c);
 *  - inlining of non-entry functions that are small or called once (copies with fresh
 *    variables, ir_copy_body), whose functions go when no call remains;
 *  - common subexpressions (cse.c): pure scalar statements, and statements with bodies
 *    whose results are scalars, reuse an equal (alpha-equivalent) statement kept
 *    before in an enclosing frame;
 *  - hoisting: a scalar statement that cannot fail (ir_stm_may_fail) and uses nothing
 *    bound in the loop body or lambda it is in moves before that loop or SOAC; it never
 *    leaves an if's branch, so nothing runs that the program would not have run. A
 *    statement that makes arrays moves alike (a table computed from sizes alone is made
 *    once, not once per element or pass) when, moreover, it has no while loop and
 *    nothing left in the body consumes its results or returns them, so that a buffer
 *    updated in place stays fresh each pass; this is decided when its body's frame
 *    closes (Note [hoisting arrays]).
 * Statements that may fail are never dropped or moved out of their conditions; CSE
 * reuses only statements that dominate the reuse, and which fail whenever it would.
 */
#include <stdlib.h>
#include <string.h>

#include "fusion/fusion.h"
#include "fusion/simplify_internal.h"
#include "support/heap.h"

#define SIMPLIFY_ROUNDS 16

/* ------------------------------------------------------------ Variable facts */

struct var_info *simplify_info(struct simplifier *s, const struct ir_var *v) {
  s->vars = heap_grow(s->vars, &s->var_cap, v->id + 1, sizeof *s->vars);
  return &s->vars[v->id];
}

/* Records a binding in the current frame: no definition, an unknown range. */
static struct var_info *bind_here(struct simplifier *s, struct ir_var *v, int level) {
  struct var_info *info = simplify_info(s, v);
  *info = (struct var_info){.level = level, .range = range_of_type(PRIM_NONE)};
  return info;
}

struct ir_subexp simplify_subexp(const struct simplifier *s, struct ir_subexp se) {
  return ir_subst_apply(&s->subst, se);
}

/* Whether x already has a value in the substitution. */
static bool is_bound(const struct simplifier *s, const struct ir_var *x) {
  return x->id < s->subst.cap && s->subst.to[x->id].kind != IR_SE_NONE;
}

void simplify_bind(struct simplifier *s, struct ir_var *x, struct ir_subexp to) {
  to = simplify_subexp(s, to);
  if (to.kind == IR_SE_VAR && to.u.var == x) {
    return;
  }
  ir_subst_set(&s->subst, x, to);
}

static void unbind(struct simplifier *s, struct ir_var *x) {
  if (x->id < s->subst.cap) {
    s->subst.to[x->id] = ir_se_none();
  }
}

struct ir_stm *simplify_def(struct simplifier *s, struct ir_subexp se, enum ir_exp_kind kind) {
  if (se.kind != IR_SE_VAR) {
    return NULL;
  }
  struct var_info *info = simplify_info(s, se.u.var);
  return info->def != NULL && info->def->exp.kind == kind ? info->def : NULL;
}

/* ------------------------------------------------------------------- Frames */

static void push_frame(struct simplifier *s, enum frame_kind kind) {
  s->depth++;
  s->frames = heap_grow(s->frames, &s->frame_cap, s->depth + 1, sizeof *s->frames);
  struct frame *f = &s->frames[s->depth];
  f->kind = kind;
  f->count = 0;
  f->serial = s->next_serial++;
  s->serial_live =
      heap_grow(s->serial_live, &s->serial_cap, s->next_serial, sizeof *s->serial_live);
  s->serial_live[f->serial] = true;
}

static void frame_add(struct simplifier *s, int level, struct ir_stm *stm) {
  struct frame *f = &s->frames[level];
  f->stms = heap_grow(f->stms, &f->cap, f->count + 1, sizeof *f->stms);
  f->stms[f->count++] = stm;
}

static void hoist_arrays(struct simplifier *s, const struct ir_body *b);

/* Closes the current frame: its statements become the body's, but for arrays that
 * move out (Note [hoisting arrays]). */
static void pop_frame(struct simplifier *s, struct ir_body *b) {
  for (int i = 0; i < b->result_count; i++) {
    b->results[i] = simplify_subexp(s, b->results[i]);
  }
  hoist_arrays(s, b);
  struct frame *f = &s->frames[s->depth];
  b->stms = ARENA_ARRAY(s->p->arena, struct ir_stm *, f->count + 1);
  if (f->count > 0) {
    memcpy(b->stms, f->stms, sizeof *b->stms * (size_t)f->count);
  }
  b->stm_count = b->stm_cap = f->count;
  s->serial_live[f->serial] = false;
  s->depth--;
}

/* ------------------------------------------------------------------ Hoisting */

struct level_ctx {
  struct simplifier *s;
  int max;
};

static void raise_level(void *ctx, const struct ir_var *v) {
  struct level_ctx *c = ctx;
  int level = simplify_info(c->s, v)->level;
  if (level <= c->s->depth && level > c->max) {
    c->max = level;
  }
}

/* The outermost frame that the statement may move to: past the loop bodies and lambdas
 * whose variables it does not use (its pattern's types included), never out of a
 * branch. */
static int invariant_level(struct simplifier *s, const struct ir_stm *stm) {
  int floor = s->depth;
  while (floor > 0 && s->frames[floor].kind != FRAME_BRANCH) {
    floor--;
  }
  if (floor == s->depth) {
    return s->depth;
  }
  struct level_ctx c = {s, floor};
  ir_visit_uses_stm(stm, raise_level, &c);
  return c.max;
}

static bool may_not_end(const struct ir_stm *stm);

/* A scalar operation, or a branch or `for` loop whose results are scalars: what may
 * move out of loop bodies and lambdas as scalar code (Note [hoisting scalar code]). */
static bool scalar_code(const struct ir_stm *stm) {
  if (simplify_scalar_op(stm)) {
    return true;
  }
  if (!(stm->exp.kind == IR_IF || (stm->exp.kind == IR_LOOP && !stm->exp.u.loop.is_while))) {
    return false;
  }
  for (int i = 0; i < stm->pat_count; i++) {
    if (stm->pat[i]->type.rank != 0) {
      return false;
    }
  }
  return true;
}

/* Where a scalar statement goes when it is kept: out of the loop bodies and lambdas
 * it does not depend on when it cannot fail and ends (what walks the statement's
 * bodies runs only then, so that a deep nest of branches costs no more than before). */
static int hoist_target(struct simplifier *s, const struct ir_stm *stm) {
  if (!scalar_code(stm)) {
    return s->depth;
  }
  int level = invariant_level(s, stm);
  if (level == s->depth || ir_stm_may_fail(stm) || may_not_end(stm)) {
    return s->depth;
  }
  return level;
}

/* Note [hoisting scalar code]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Scalar statements that use nothing a loop body or lambda binds move out of it, as
 * arrays do (Note [hoisting arrays]): operations, and branches and `for` loops whose
 * results are scalars (a plan computed from the sizes: the factors n1 and n2 that the
 * FFT library splits a long row into, `split` in stdlib/fft.dsl), when they cannot
 * fail and end (no while loop inside). An array made from them (a table whose length
 * is a branch on the sizes) can then move out of a batch's map too. */

/* Note [hoisting arrays]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * A statement that makes arrays from values bound outside the loop body or lambda it
 * is in makes the same arrays each time the body runs. A table that depends on sizes
 * only (`let t = tabulate n (\k -> f64.cos (f64.i64 k))` inside `map (\row -> ...)
 * rows`) is then made once per call instead of once per row, and the OpenCL backend
 * reads it as an array in global memory in the map's kernel. Such a statement moves
 * out as a scalar one does (to the same level, never out of a branch) when also:
 *  - it cannot fail (ir_stm_may_fail, which looks into its bodies and lambdas) and has
 *    no while loop, here or nested, that might not end: it now runs even where the
 *    body would run no time (an empty batch, a loop of no pass);
 *  - it makes arrays, not views (rows, slices, reshapes and rearranges cost nothing and
 *    stay with their uses), and writes nothing in place itself;
 *  - the rest of the body neither consumes its results, nor an array that may share
 *    their memory, nor returns them (ir_body_may_consume): a buffer that each pass
 *    makes and then updates in place must be fresh each pass;
 *  - out of a lambda, it makes more than a small array of constant shape (at most
 *    SIMPLIFY_SMALL_ARRAY elements), which costs little to make and which kernel code
 *    keeps in registers (Note [private arrays] in src/lower/kernel_code.c); such an array
 *    may still leave loop bodies inside the lambda.
 * What the rest of the body consumes is known only once it is walked, so these
 * statements move when their frame closes (hoist_arrays), in order, each after what it
 * uses: one that uses an array just moved may follow it. The sizes in the types of
 * what it binds are uses too, so they are bound where it goes.
 */

static bool has_array_result(const struct ir_stm *stm) {
  for (int i = 0; i < stm->pat_count; i++) {
    if (stm->pat[i]->type.rank > 0) {
      return true;
    }
  }
  return false;
}

static bool makes_view(const struct ir_stm *stm) {
  switch (stm->exp.kind) {
  case IR_SUBEXP:
  case IR_INDEX:
  case IR_SLICE:
  case IR_RESHAPE:
  case IR_REARRANGE:
    return true;
  default:
    return false;
  }
}

static void note_consumed(void *ctx, const struct ir_var *v) {
  (void)v;
  *(bool *)ctx = true;
}

static bool writes_in_place(const struct ir_stm *stm) {
  bool writes = false;
  ir_visit_consumed(stm, note_consumed, &writes);
  return writes;
}

static bool body_may_not_end(const struct ir_body *b);

/* Whether the statement holds a while loop, which might never end. */
static bool may_not_end(const struct ir_stm *stm) {
  const struct ir_exp *e = &stm->exp;
  if (e->kind == IR_LOOP && e->u.loop.is_while) {
    return true;
  }
  if (e->kind == IR_APPLY) {
    return body_may_not_end(e->u.apply.fun->body);
  }
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int n = ir_stm_bodies(stm, nested);
  for (int i = 0; i < n; i++) {
    if (body_may_not_end(nested[i])) {
      return true;
    }
  }
  return false;
}

static bool body_may_not_end(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    if (may_not_end(b->stms[i])) {
      return true;
    }
  }
  return false;
}

static bool array_hoistable(const struct ir_stm *stm) {
  return has_array_result(stm) && !makes_view(stm) && !ir_stm_may_fail(stm) &&
         !writes_in_place(stm) && !may_not_end(stm);
}

/* Whether t has a constant shape of at most SIMPLIFY_SMALL_ARRAY elements. */
static bool small_type(struct ir_type t) {
  int64_t elems = 1, n;
  for (int d = 0; d < t.rank; d++) {
    if (!const_int_value(t.dims[d], &n) || n < 0 || n > SIMPLIFY_SMALL_ARRAY) {
      return false;
    }
    elems *= n;
    if (elems > SIMPLIFY_SMALL_ARRAY) {
      return false;
    }
  }
  return true;
}

/* Whether every array the statement binds has a constant shape of at most
 * SIMPLIFY_SMALL_ARRAY elements. */
static bool small_arrays(const struct ir_stm *stm) {
  for (int i = 0; i < stm->pat_count; i++) {
    if (!small_type(stm->pat[i]->type)) {
      return false;
    }
  }
  return true;
}

/* The level, at most `level`, that keeps the statement in the innermost lambda it is in
 * between `level` and the current frame. */
static int stay_in_lambda(struct simplifier *s, int level) {
  for (int k = s->depth; k > level; k--) {
    if (s->frames[k].kind == FRAME_LAMBDA) {
      return k;
    }
  }
  return level;
}

/* Where statement i of the closing frame, whose body's results are those of b, goes
 * (Note [hoisting arrays]). */
static int array_target(struct simplifier *s, int i, const struct ir_body *b) {
  struct frame *f = &s->frames[s->depth];
  struct ir_stm *stm = f->stms[i];
  if (!array_hoistable(stm)) {
    return s->depth;
  }
  int level = invariant_level(s, stm);
  if (level < s->depth && small_arrays(stm)) {
    level = stay_in_lambda(s, level);
  }
  if (level == s->depth) {
    return level;
  }
  struct ir_body rest = {.stms = f->stms + i + 1, .stm_count = f->count - i - 1,
                         .results = b->results, .result_count = b->result_count};
  return ir_body_may_consume(&rest, stm->pat, stm->pat_count) ? s->depth : level;
}

/* Moves the array statements of the closing loop body or lambda that may leave it. */
static void hoist_arrays(struct simplifier *s, const struct ir_body *b) {
  struct frame *f = &s->frames[s->depth];
  if (f->kind != FRAME_LOOP && f->kind != FRAME_LAMBDA) {
    return;
  }
  int k = 0;
  for (int i = 0; i < f->count; i++) {
    struct ir_stm *stm = f->stms[i];
    int level = array_target(s, i, b);
    if (level == s->depth) {
      f->stms[k++] = stm;
      continue;
    }
    frame_add(s, level, stm);
    for (int p = 0; p < stm->pat_count; p++) {
      simplify_info(s, stm->pat[p])->level = level;
    }
    s->changes++;
  }
  f->count = k;
}

/* ---------------------------------------------------------------- Keeping */

static void keep_stm(struct simplifier *s, struct ir_stm *stm) {
  uint64_t h = 0;
  struct ir_stm *same = simplify_cse_find(s, stm, &h);
  if (same != NULL) {
    for (int i = 0; i < stm->pat_count; i++) {
      simplify_bind(s, stm->pat[i], ir_se_var(same->pat[i]));
    }
    s->changes++;
    return;
  }
  int level = hoist_target(s, stm);
  s->changes += level < s->depth;
  frame_add(s, level, stm);
  for (int i = 0; i < stm->pat_count; i++) {
    struct var_info *info = bind_here(s, stm->pat[i], level);
    info->def = stm;
    info->def_index = i;
    if (stm->pat_count == 1 && stm->pat[0]->type.rank == 0) {
      info->range = simplify_range_of(s, stm);
    }
  }
  simplify_cse_insert(s, stm, h, level);
}

/* ------------------------------------------------------------ Nested bodies */

static void simplify_body(struct simplifier *s, struct ir_body *b, enum frame_kind kind) {
  push_frame(s, kind);
  simplify_stms(s, b);
  pop_frame(s, b);
}

/* A branch, knowing the value of its condition. */
static void simplify_branch(struct simplifier *s, struct ir_subexp cond, bool value,
                            struct ir_body *b) {
  if (cond.kind == IR_SE_VAR) {
    ir_subst_set(&s->subst, cond.u.var, ir_se_bool(value));
  }
  simplify_body(s, b, FRAME_BRANCH);
  if (cond.kind == IR_SE_VAR) {
    unbind(s, cond.u.var);
  }
}

/* Binds the loop's index: 0 <= i < bound. */
static void bind_index(struct simplifier *s, const struct ir_loop *l) {
  struct var_info *info = bind_here(s, l->index, s->depth);
  struct range b = simplify_range(s, l->bound);
  if (b.known && b.hi >= 1) {
    info->range = (struct range){true, 0, b.hi - 1,
                                 l->bound.kind == IR_SE_VAR ? l->bound.u.var : NULL};
  }
}

static void simplify_loop_body(struct simplifier *s, struct ir_loop *l) {
  push_frame(s, FRAME_LOOP);
  for (int i = 0; i < l->param_count; i++) {
    bind_here(s, l->params[i], s->depth);
  }
  if (!l->is_while) {
    bind_index(s, l);
  }
  simplify_stms(s, l->body);
  pop_frame(s, l->body);
}

/* Gives a lambda parameter the row type of its input where it states less. */
static void refine_param(struct simplifier *s, struct ir_var *param, const struct ir_var *input) {
  struct ir_type row = ir_type_row(input->type);
  struct ir_type *t = &param->type;
  if (t->rank != row.rank || t->prim != row.prim) {
    return;
  }
  for (int d = 0; d < t->rank; d++) {
    if (t->dims[d].kind == IR_SE_NONE && row.dims[d].kind != IR_SE_NONE) {
      struct ir_subexp *dims = ARENA_ARRAY(s->p->arena, struct ir_subexp, t->rank);
      memcpy(dims, t->dims, sizeof *dims * (size_t)t->rank);
      dims[d] = row.dims[d];
      t->dims = dims;
      s->changes++;
    }
  }
}

/* Binds a map function's parameter; a row of iota n is in 0..n-1. */
static void bind_row(struct simplifier *s, struct ir_var *param, struct ir_var *input) {
  struct var_info *info = bind_here(s, param, s->depth);
  struct ir_stm *iota = simplify_def(s, ir_se_var(input), IR_IOTA);
  if (iota == NULL || param->type.rank != 0) {
    return;
  }
  struct ir_subexp n = iota->exp.u.iota.n;
  struct range r = simplify_range(s, n);
  struct range t = range_of_type(param->type.prim); /* iota of a narrow type wraps */
  if (r.known && r.hi >= 1 && t.known && r.hi - 1 <= t.hi) {
    info->range = (struct range){true, 0, r.hi - 1, n.kind == IR_SE_VAR ? n.u.var : NULL};
  }
}

/* Binds a map function's index: in 0..w-1. */
static void bind_lambda_index(struct simplifier *s, struct ir_var *index, struct ir_subexp w) {
  struct var_info *info = bind_here(s, index, s->depth);
  struct range r = simplify_range(s, w);
  if (r.known && r.hi >= 1) {
    info->range = (struct range){true, 0, r.hi - 1, w.kind == IR_SE_VAR ? w.u.var : NULL};
  }
}

static void simplify_lambda(struct simplifier *s, struct ir_lambda *l, struct ir_var **rows,
                            int row_count, struct ir_subexp width) {
  push_frame(s, FRAME_LAMBDA);
  for (int i = 0; i < l->param_count; i++) {
    if (i < row_count) {
      refine_param(s, l->params[i], rows[i]);
      bind_row(s, l->params[i], rows[i]);
    } else {
      bind_here(s, l->params[i], s->depth);
    }
  }
  if (l->index != NULL) {
    bind_lambda_index(s, l->index, width);
  }
  simplify_stms(s, l->body);
  pop_frame(s, l->body);
}

/* ---------------------------------------------------------- Result shapes */

/* Whether a dimension is known here: a constant, or a variable bound outside the
 * bodies just left (a variable a result's type names is in scope there or inside). */
static bool visible_dim(struct simplifier *s, struct ir_subexp d) {
  return d.kind == IR_SE_CONST ||
         (d.kind == IR_SE_VAR && simplify_info(s, d.u.var)->level <= s->depth);
}

/* Fills the unknown dimensions of *t, from dimension `skip` on, with those of `from`
 * (t's dimension d is from's d - skip) that are known here. */
static void refine_dims(struct simplifier *s, struct ir_type *t, struct ir_type from, int skip) {
  for (int d = skip; d < t->rank && t->rank - skip == from.rank; d++) {
    struct ir_subexp known = from.dims[d - skip];
    if (t->dims[d].kind == IR_SE_NONE && visible_dim(s, known)) {
      struct ir_subexp *dims = ARENA_ARRAY(s->p->arena, struct ir_subexp, t->rank);
      memcpy(dims, t->dims, sizeof *dims * (size_t)t->rank);
      dims[d] = known;
      t->dims = dims;
      s->changes++;
    }
  }
}

/* A lambda's result types take the shapes its results' types state, and so do the rows
 * of a map's results: every row then has them. */
static void refine_lambda_results(struct simplifier *s, struct ir_stm *stm, struct ir_lambda *l) {
  for (int i = 0; i < l->ret_count; i++) {
    struct ir_subexp r = l->body->results[i];
    if (r.kind == IR_SE_VAR) {
      refine_dims(s, &l->ret[i], r.u.var->type, 0);
    }
    if (stm->exp.u.soac.kind == IR_SOAC_MAP) {
      refine_dims(s, &stm->pat[i]->type, l->ret[i], 1);
    }
  }
}

/* An if's results take the shapes that both branches' results state alike. */
static void refine_if_results(struct simplifier *s, struct ir_stm *stm) {
  for (int i = 0; i < stm->pat_count; i++) {
    struct ir_type t = ir_subexp_type(stm->exp.u.if_.then_body->results[i]);
    struct ir_type f = ir_subexp_type(stm->exp.u.if_.else_body->results[i]);
    if (t.rank == f.rank && t.rank > 0) {
      struct ir_type both = t;
      both.dims = ARENA_ARRAY(s->p->arena, struct ir_subexp, t.rank);
      for (int d = 0; d < t.rank; d++) {
        both.dims[d] = ir_subexp_equal(t.dims[d], f.dims[d]) ? t.dims[d] : ir_se_none();
      }
      refine_dims(s, &stm->pat[i]->type, both, 0);
    }
  }
}

static void simplify_soac_lambdas(struct simplifier *s, struct ir_stm *stm) {
  struct ir_soac *so = &stm->exp.u.soac;
  if (so->map_fn != NULL) {
    simplify_lambda(s, so->map_fn, so->inputs, so->input_count, so->width);
    refine_lambda_results(s, stm, so->map_fn);
  }
  if (so->op != NULL) {
    simplify_lambda(s, so->op, NULL, 0, ir_se_none());
  }
}

/* Simplifies the bodies inside the statement; false when the statement went (an if on
 * a constant, replaced by its branch). */
static bool simplify_nested(struct simplifier *s, struct ir_stm *stm) {
  struct ir_exp *e = &stm->exp;
  switch (e->kind) {
  case IR_IF: {
    struct ir_subexp c = e->u.if_.cond;
    if (c.kind == IR_SE_CONST) {
      struct ir_body *taken = c.u.c.v.b ? e->u.if_.then_body : e->u.if_.else_body;
      simplify_stms(s, taken);
      for (int i = 0; i < stm->pat_count; i++) {
        simplify_bind(s, stm->pat[i], taken->results[i]);
      }
      s->changes++;
      return false;
    }
    simplify_branch(s, c, true, e->u.if_.then_body);
    simplify_branch(s, c, false, e->u.if_.else_body);
    refine_if_results(s, stm);
    return true;
  }
  case IR_LOOP:
    simplify_loop_body(s, &e->u.loop);
    return true;
  case IR_SOAC:
    simplify_soac_lambdas(s, stm);
    return true;
  default:
    return true;
  }
}

/* A concat of arrays whose outer sizes are constants has their sum as its outer size
 * (internalise leaves it unknown), so that lowering sees a small array of constant
 * size (Note [private arrays] in src/lower/kernel_code.c). */
static enum rewrite simplify_concat(struct simplifier *s, struct ir_stm *stm) {
  struct ir_type *t = &stm->pat[0]->type;
  int64_t sum = 0;
  if (t->dims[0].kind != IR_SE_NONE) {
    return REWRITE_KEEP;
  }
  for (int i = 0; i < stm->exp.u.concat.count; i++) {
    int64_t n;
    if (!const_int_value(stm->exp.u.concat.arrays[i]->type.dims[0], &n)) {
      return REWRITE_KEEP;
    }
    sum += n;
  }
  struct ir_subexp *dims = ARENA_ARRAY(s->p->arena, struct ir_subexp, t->rank);
  memcpy(dims, t->dims, sizeof *dims * (size_t)t->rank);
  dims[0] = ir_se_i64(sum);
  t->dims = dims;
  return REWRITE_CHANGED;
}

/* Note [literals of constant rows]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A literal of two or more dimensions comes from internalise as a literal of rows,
 * each row a literal of its own: [[1, 2], [3, 4]] is [r1, r2] with r1 = [1, 2] and
 * r2 = [3, 4]. A literal of rows whose rows are all literals of the same constant size
 * (or reshapes of such, the result of this rule on the rows) becomes one literal of all
 * the elements, in row-major order, reshaped: [1, 2, 3, 4] as [2][2]. Its rows then go
 * (dead code), so that the backend makes one array from one block of static data
 * (Note [literals as static data] in src/backend_c/emit_exp.c) rather than one array
 * and one copy per row, and cannot fail (rows of one size are regular). */

/* The elements of se, in row-major order, when it is a literal of scalars, or a
 * reshape of one, with `count` elements; NULL otherwise. */
static const struct ir_subexp *literal_elems(struct simplifier *s, struct ir_subexp se,
                                             int64_t count) {
  struct ir_stm *def = simplify_def(s, se, IR_RESHAPE);
  if (def != NULL) {
    se = ir_se_var(def->exp.u.reshape.array);
  }
  def = simplify_def(s, se, IR_ARRAY_LIT);
  if (def == NULL || def->exp.u.array_lit.row.rank != 0 ||
      def->exp.u.array_lit.count != count) {
    return NULL;
  }
  return def->exp.u.array_lit.elems;
}

static enum rewrite simplify_array_lit(struct simplifier *s, struct ir_stm *stm) {
  struct ir_exp *e = &stm->exp;
  struct ir_type row = e->u.array_lit.row;
  int n = e->u.array_lit.count;
  int64_t row_count = 1;
  if (row.rank == 0 || n == 0) {
    return REWRITE_KEEP;
  }
  for (int d = 0; d < row.rank; d++) {
    int64_t m;
    if (!const_int_value(row.dims[d], &m) || m <= 0 || m > INT32_MAX / n / row_count) {
      return REWRITE_KEEP;
    }
    row_count *= m;
  }
  for (int i = 0; i < n; i++) {
    if (literal_elems(s, e->u.array_lit.elems[i], row_count) == NULL) {
      return REWRITE_KEEP;
    }
  }
  int total = n * (int)row_count;
  struct ir_subexp *elems = ARENA_ARRAY(s->p->arena, struct ir_subexp, total);
  for (int i = 0; i < n; i++) {
    memcpy(elems + i * row_count, literal_elems(s, e->u.array_lit.elems[i], row_count),
           sizeof *elems * (size_t)row_count);
  }
  struct ir_exp flat = {.kind = IR_ARRAY_LIT};
  flat.u.array_lit.elems = elems;
  flat.u.array_lit.count = total;
  flat.u.array_lit.row = ir_type_scalar(row.prim);
  struct ir_subexp len = ir_se_i64(total);
  struct ir_var *f = simplify_emit(s, "flat", stm->loc, flat,
                                   ir_type_array(s->p->arena, row.prim, 1, &len));
  struct ir_subexp *dims = ARENA_ARRAY(s->p->arena, struct ir_subexp, row.rank + 1);
  dims[0] = ir_se_i64(n);
  memcpy(dims + 1, row.dims, sizeof *dims * (size_t)row.rank);
  *e = (struct ir_exp){.kind = IR_RESHAPE};
  e->u.reshape.array = f;
  e->u.reshape.dims = dims;
  e->u.reshape.count = row.rank + 1;
  stm->unsafe = true; /* the element counts agree: it cannot fail, and goes when unused */
  return REWRITE_CHANGED;
}

/* ---------------------------------------------------------------- Statements */

static enum rewrite simplify_shape(struct simplifier *s, struct ir_stm *stm) {
  struct ir_var *a = stm->exp.u.shape.array;
  int d = stm->exp.u.shape.dim;
  if (a->type.dims[d].kind != IR_SE_NONE) {
    simplify_bind(s, stm->pat[0], a->type.dims[d]);
    return REWRITE_DROP;
  }
  return REWRITE_KEEP;
}

/* Whether se is q * w for a constant q >= 0 (w itself, or w times a constant). */
static bool multiple_of(struct simplifier *s, struct ir_subexp se, const struct ir_var *w,
                        int64_t *q) {
  if (se.kind == IR_SE_VAR && se.u.var == w) {
    *q = 1;
    return true;
  }
  struct ir_stm *def = simplify_def(s, se, IR_BINOP);
  if (def == NULL || def->exp.u.binop.op != IR_BINOP_MUL) {
    return false;
  }
  struct ir_subexp a = def->exp.u.binop.lhs, b = def->exp.u.binop.rhs;
  if (a.kind == IR_SE_CONST) {
    struct ir_subexp t = a;
    a = b;
    b = t;
  }
  return a.kind == IR_SE_VAR && a.u.var == w && const_int_value(b, q) && *q >= 0;
}

/* Whether the definitions show m * w <= dim: dim = q w with q >= m and w not negative,
 * w = dim >> k with 2^k >= m, or w = dim / d (or dim // d) with d >= m, dim not
 * negative. */
static bool fraction_of(struct simplifier *s, const struct ir_var *w, int64_t m,
                        struct ir_subexp dim) {
  struct ir_stm *def = simplify_def(s, ir_se_var((struct ir_var *)w), IR_BINOP);
  int64_t c, q;
  struct range d = simplify_range(s, dim);
  struct range wr = simplify_range(s, ir_se_var((struct ir_var *)w));
  if (wr.known && wr.lo >= 0 && multiple_of(s, dim, w, &q) && q >= m) {
    return true; /* dim = q w */
  }
  if (def == NULL || !ir_subexp_equal(def->exp.u.binop.lhs, dim) ||
      !const_int_value(def->exp.u.binop.rhs, &c) || !d.known || d.lo < 0) {
    return false;
  }
  switch (def->exp.u.binop.op) {
  case IR_BINOP_SHR:
    return c >= 0 && c < 62 && ((int64_t)1 << c) >= m;
  case IR_BINOP_DIV:
  case IR_BINOP_QUOT:
    return c >= m;
  default:
    return false;
  }
}

/* Whether the index is provably in 0..dim-1: by its range, or as x + q w where x < w
 * and (q + 1) w <= dim (the reads x[j + q m] of a radix-r pass, m = n / r, q < r). */
static bool in_bounds(struct simplifier *s, struct ir_subexp index, struct ir_subexp dim) {
  struct range r = simplify_range(s, index);
  int64_t n, q;
  if (r.known && r.lo >= 0) {
    if (const_int_value(dim, &n)) {
      return r.hi < n;
    }
    if ((dim.kind == IR_SE_VAR && r.below == dim.u.var) ||
        (r.below != NULL && fraction_of(s, r.below, 1, dim))) {
      return true;
    }
  }
  /* x + q w: both terms are not negative, and the sum is below (q + 1) w <= dim, so it
   * does not overflow even where the range of the sum is unknown. */
  struct ir_stm *sum = simplify_def(s, index, IR_BINOP);
  if (sum == NULL || sum->exp.u.binop.op != IR_BINOP_ADD) {
    return false;
  }
  struct ir_subexp terms[2] = {sum->exp.u.binop.lhs, sum->exp.u.binop.rhs};
  for (int t = 0; t < 2; t++) {
    struct range x = simplify_range(s, terms[t]);
    if (x.known && x.lo >= 0 && x.below != NULL && multiple_of(s, terms[1 - t], x.below, &q) &&
        q < INT64_MAX && fraction_of(s, x.below, q + 1, dim)) {
      return true;
    }
  }
  return false;
}

static bool all_in_bounds(struct simplifier *s, const struct ir_stm *stm) {
  const struct ir_var *a = stm->exp.u.index.array;
  for (int i = 0; i < stm->exp.u.index.count; i++) {
    if (!in_bounds(s, stm->exp.u.index.dims[i].fixed, a->type.dims[i])) {
      return false;
    }
  }
  return true;
}

/* a[i][j...] = a[i, j...], checking the same bounds. */
static enum rewrite index_row(struct simplifier *s, struct ir_stm *stm, struct ir_stm *row) {
  int n = row->exp.u.index.count, m = stm->exp.u.index.count;
  if (row->unsafe != stm->unsafe || n + m > row->exp.u.index.array->type.rank) {
    return REWRITE_KEEP;
  }
  struct ir_dim_index *dims = ARENA_ARRAY(s->p->arena, struct ir_dim_index, n + m);
  memcpy(dims, row->exp.u.index.dims, sizeof *dims * (size_t)n);
  memcpy(dims + n, stm->exp.u.index.dims, sizeof *dims * (size_t)m);
  stm->exp.u.index.array = row->exp.u.index.array;
  stm->exp.u.index.dims = dims;
  stm->exp.u.index.count = n + m;
  return REWRITE_CHANGED;
}

/* [e0, e1, ...][c, rest...] = e_c[rest...]. A whole row e_c stays a read: the read is
 * a fresh view that the program may update in place, while e_c may be used elsewhere. */
static enum rewrite index_literal(struct simplifier *s, struct ir_stm *stm, struct ir_stm *lit) {
  int64_t c;
  if (!const_int_value(stm->exp.u.index.dims[0].fixed, &c) || c < 0 ||
      c >= lit->exp.u.array_lit.count ||
      (stm->exp.u.index.count == 1 && stm->pat[0]->type.rank > 0)) {
    return REWRITE_KEEP;
  }
  struct ir_subexp elem = lit->exp.u.array_lit.elems[c];
  if (stm->exp.u.index.count == 1) {
    simplify_bind(s, stm->pat[0], elem);
    return REWRITE_DROP;
  }
  stm->exp.u.index.array = elem.u.var;
  stm->exp.u.index.dims++;
  stm->exp.u.index.count--;
  return REWRITE_CHANGED;
}

/* A literal of rows made one literal (Note [literals of constant rows]), read at
 * constant indices in bounds, one per dimension: the element itself. */
static enum rewrite index_reshaped_literal(struct simplifier *s, struct ir_stm *stm,
                                           struct ir_stm *reshape) {
  struct ir_stm *lit = simplify_def(s, ir_se_var(reshape->exp.u.reshape.array), IR_ARRAY_LIT);
  int count = stm->exp.u.index.count;
  if (lit == NULL || lit->exp.u.array_lit.row.rank != 0 || count != reshape->exp.u.reshape.count) {
    return REWRITE_KEEP;
  }
  int64_t offset = 0;
  for (int d = 0; d < count; d++) {
    int64_t i, n;
    if (!const_int_value(stm->exp.u.index.dims[d].fixed, &i) ||
        !const_int_value(reshape->exp.u.reshape.dims[d], &n) || i < 0 || i >= n) {
      return REWRITE_KEEP;
    }
    offset = offset * n + i;
  }
  if (offset >= lit->exp.u.array_lit.count) {
    return REWRITE_KEEP;
  }
  simplify_bind(s, stm->pat[0], lit->exp.u.array_lit.elems[offset]);
  return REWRITE_DROP;
}

/* (iota n)[i] = i, (replicate([n...], v))[i...] = v and, with more indices,
 * v[rest...]: when the indices are in bounds. */
static enum rewrite index_generated(struct simplifier *s, struct ir_stm *stm,
                                    struct ir_stm *def) {
  struct ir_dim_index *dims = stm->exp.u.index.dims;
  int count = stm->exp.u.index.count;
  if (def->exp.kind == IR_IOTA) {
    struct ir_subexp i = dims[0].fixed;
    if (ir_subexp_type(i).prim != stm->pat[0]->type.prim ||
        !in_bounds(s, i, def->exp.u.iota.n)) {
      return REWRITE_KEEP;
    }
    simplify_bind(s, stm->pat[0], i);
    return REWRITE_DROP;
  }
  int n = def->exp.u.replicate.count;
  struct ir_subexp v = def->exp.u.replicate.value;
  if (count < n || (count > n && v.kind != IR_SE_VAR)) {
    return REWRITE_KEEP;
  }
  for (int i = 0; i < n; i++) {
    if (!in_bounds(s, dims[i].fixed, def->exp.u.replicate.dims[i])) {
      return REWRITE_KEEP;
    }
  }
  if (count == n) {
    if (stm->pat[0]->type.rank > 0) {
      return REWRITE_KEEP; /* a whole row stays a read, as in index_literal */
    }
    simplify_bind(s, stm->pat[0], v);
    return REWRITE_DROP;
  }
  stm->exp.u.index.array = v.u.var;
  stm->exp.u.index.dims += n;
  stm->exp.u.index.count -= n;
  return REWRITE_CHANGED;
}

static enum rewrite simplify_index(struct simplifier *s, struct ir_stm *stm) {
  struct ir_subexp a = ir_se_var(stm->exp.u.index.array);
  struct ir_stm *def;
  if (stm->exp.u.index.count == 0) {
    return REWRITE_KEEP;
  }
  if ((def = simplify_def(s, a, IR_INDEX)) != NULL && index_row(s, stm, def) != REWRITE_KEEP) {
    return REWRITE_CHANGED;
  }
  if ((def = simplify_def(s, a, IR_ARRAY_LIT)) != NULL) {
    enum rewrite r = index_literal(s, stm, def);
    if (r != REWRITE_KEEP) {
      return r;
    }
  }
  if ((def = simplify_def(s, a, IR_RESHAPE)) != NULL) {
    enum rewrite r = index_reshaped_literal(s, stm, def);
    if (r != REWRITE_KEEP) {
      return r;
    }
  }
  def = simplify_def(s, a, IR_IOTA);
  def = def != NULL ? def : simplify_def(s, a, IR_REPLICATE);
  if (def != NULL) {
    enum rewrite r = index_generated(s, stm, def);
    if (r != REWRITE_KEEP) {
      return r;
    }
  }
  if (!stm->unsafe && all_in_bounds(s, stm)) {
    stm->unsafe = true;
    return REWRITE_CHANGED;
  }
  return REWRITE_KEEP;
}

/* What result i of an if is, when the branches tell: the same value in both, or
 * true and false (the condition), or 1 and 0 (the condition converted). */
static struct ir_subexp if_result(struct simplifier *s, struct ir_stm *stm, int i) {
  struct ir_subexp c = stm->exp.u.if_.cond;
  struct ir_subexp t = stm->exp.u.if_.then_body->results[i];
  struct ir_subexp f = stm->exp.u.if_.else_body->results[i];
  if (ir_subexp_equal(t, f)) {
    return t;
  }
  if (ir_subexp_equal(t, ir_se_bool(true)) && ir_subexp_equal(f, ir_se_bool(false))) {
    return c;
  }
  enum prim_type p = stm->pat[i]->type.prim;
  if (stm->pat[i]->type.rank == 0 && prim_is_numeric(p) &&
      ir_subexp_equal(t, ir_se_const(ir_const_int(p, 1))) &&
      ir_subexp_equal(f, ir_se_const(ir_const_int(p, 0)))) {
    struct ir_exp e = {.kind = IR_CONVERT};
    e.u.convert.operand = c;
    struct ir_var *v = simplify_emit(s, "conv", stm->loc, e, ir_type_scalar(p));
    return simplify_subexp(s, ir_se_var(v)); /* what CSE made of it */
  }
  return ir_se_none();
}

static enum rewrite simplify_if(struct simplifier *s, struct ir_stm *stm) {
  for (int i = 0; i < stm->pat_count; i++) {
    if (!is_bound(s, stm->pat[i])) {
      struct ir_subexp to = if_result(s, stm, i);
      if (to.kind != IR_SE_NONE) {
        simplify_bind(s, stm->pat[i], to);
        s->changes++;
      }
    }
  }
  return REWRITE_KEEP;
}

/* Removes loop parameter i, whose value is its initial value throughout. */
static void drop_invariant_param(struct simplifier *s, struct ir_stm *stm, int i) {
  struct ir_loop *l = &stm->exp.u.loop;
  simplify_bind(s, stm->pat[i], l->inits[i]);
  simplify_bind(s, l->params[i], l->inits[i]);
  ir_subst_body(&s->subst, l->body);
  ir_subst_stm_head(&s->subst, stm);
  for (int j = i; j + 1 < l->param_count; j++) {
    l->params[j] = l->params[j + 1];
    l->inits[j] = l->inits[j + 1];
    l->body->results[j] = l->body->results[j + 1];
    stm->pat[j] = stm->pat[j + 1];
  }
  l->param_count--;
  l->body->result_count--;
  stm->pat_count--;
}

static enum rewrite simplify_loop(struct simplifier *s, struct ir_stm *stm) {
  struct ir_loop *l = &stm->exp.u.loop;
  int64_t n;
  bool never = l->is_while ? false : const_int_value(l->bound, &n) &&
                                         (prim_is_signed(l->bound.u.c.prim) ? n <= 0 : n == 0);
  for (int i = 0; l->is_while && i < l->param_count; i++) {
    never = never || (l->params[i] == l->cond && ir_subexp_equal(l->inits[i], ir_se_bool(false)));
  }
  if (never) {
    for (int i = 0; i < stm->pat_count; i++) {
      simplify_bind(s, stm->pat[i], l->inits[i]);
    }
    return REWRITE_DROP;
  }
  for (int i = 0; i < l->param_count; i++) {
    struct ir_subexp r = l->body->results[i];
    if (l->param_count > 1 && l->params[i] != l->cond && r.kind == IR_SE_VAR &&
        r.u.var == l->params[i]) {
      drop_invariant_param(s, stm, i);
      return REWRITE_CHANGED;
    }
  }
  return simplify_unroll_loop(s, stm);
}

/* ------------------------------------------------------------------ Inlining */

/* Note [inlining into lambdas]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A function is inlined where it is called once, or where its body is small. For
 * kernels (SIMPLIFY_FOR_KERNELS, the OpenCL backend) every call inside a SOAC's lambda
 * is inlined too, whatever its size, as Futhark does for its GPU backends: a kernel
 * cannot call a function of the host, so a map whose lambda calls one (`map fft rows`,
 * where fft is a function of many statements that several entry points call) would
 * run on the host, its inner SOACs launched once per element. Inlined, the body's
 * statements that depend only on values from outside the lambda (a table of the
 * sizes) move out of it (Note [hoisting arrays]), and the lambda may become a kernel.
 * Only calls in the lambdas of SOACs at the function's own level are inlined so: a
 * kernel is made of such a SOAC, and the map of a map of calls (`map fft2 planes`,
 * whose fft2 maps fft over rows) would otherwise copy the callees into each other,
 * each level multiplying the code (a program of fft2 and fft3 grew to 11 MB of C);
 * such a nest runs its outer map on the host, and the inner maps, inlined in their
 * function, become kernels there. Entry points are never inlined (they stay functions
 * of the API), and a function cannot call itself (the language has no recursion), so
 * inlining ends. */
static int lambda_depth(const struct simplifier *s) {
  int n = 0;
  for (int k = s->depth; k >= 0; k--) {
    n += s->frames[k].kind == FRAME_LAMBDA;
  }
  return n;
}

/* Note [inlining calls that pass small arrays]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * On the C backend, a call in a lambda runs once per element, and the arrays it passes
 * are blocks of the heap, allocated and freed every time; inlined, a small array of
 * constant shape is the lambda's own and stays private (a butterfly's [16] inputs and
 * outputs). So a call in a lambda whose array arguments are all such arrays is inlined
 * up to SIMPLIFY_LAMBDA_INLINE_SIZE, beyond the size of other calls: the FFT's radix-16
 * butterfly (220 statements), called by two passes, ran 5x slower as a function.
 * Arrays of other shapes are not private anyway, and inlining whole transforms into a
 * lambda only makes the C larger. For kernels the rule is that of Note [inlining into
 * lambdas]. */
static bool small_arrays_passed(struct simplifier *s, const struct ir_stm *call) {
  int arrays = 0;
  for (int i = 0; i < call->exp.u.apply.count; i++) {
    struct ir_subexp arg = simplify_subexp(s, call->exp.u.apply.args[i]);
    if (arg.kind != IR_SE_VAR || arg.u.var->type.rank == 0) {
      continue;
    }
    if (!small_type(arg.u.var->type)) {
      return false;
    }
    arrays++;
  }
  return arrays > 0;
}

static bool should_inline(struct simplifier *s, const struct ir_stm *call) {
  const struct ir_fun *f = call->exp.u.apply.fun;
  if (f->entry != NULL || f->noinline) {
    return false;
  }
  int size = ir_body_size(f->body);
  return s->calls[f->id] == 1 || size <= SIMPLIFY_INLINE_SIZE ||
         (s->inline_in_lambdas && lambda_depth(s) == 1) ||
         (!s->inline_in_lambdas && lambda_depth(s) > 0 && size <= SIMPLIFY_LAMBDA_INLINE_SIZE &&
          small_arrays_passed(s, call));
}

/* The callee's body, copied with fresh variables, its parameters bound to the
 * arguments while the copy is simplified in place of the call. */
static enum rewrite simplify_apply(struct simplifier *s, struct ir_stm *stm) {
  struct ir_fun *f = stm->exp.u.apply.fun;
  if (!should_inline(s, stm)) {
    return REWRITE_KEEP;
  }
  struct ir_body *copy = ir_copy_body_with(s->p, f->body, &s->renames);
  ir_trace_inlined(s->p, copy, stm);
  for (int i = 0; i < f->param_count; i++) {
    simplify_bind(s, f->params[i], stm->exp.u.apply.args[i]);
  }
  simplify_stms(s, copy);
  for (int i = 0; i < stm->pat_count; i++) {
    simplify_bind(s, stm->pat[i], copy->results[i]);
  }
  for (int i = 0; i < f->param_count; i++) {
    unbind(s, f->params[i]);
  }
  return REWRITE_DROP;
}

/* ---------------------------------------------------------------- Dispatch */

static bool size_known_nonneg(struct simplifier *s, struct ir_subexp n) {
  struct range r = simplify_range(s, n);
  return r.known && r.lo >= 0;
}

/* The sizes of an iota or replicate are known not negative: nothing to check (unsafe),
 * so it is dead when unused, and it may be hoisted (Note [hoisting arrays]). */
static enum rewrite mark_sizes_checked(struct simplifier *s, struct ir_stm *stm,
                                       const struct ir_subexp *sizes, int count) {
  if (stm->unsafe) {
    return REWRITE_KEEP;
  }
  for (int i = 0; i < count; i++) {
    if (!size_known_nonneg(s, sizes[i])) {
      return REWRITE_KEEP;
    }
  }
  stm->unsafe = true;
  return REWRITE_CHANGED;
}

/* A copy has its source's shape: a dimension of the copy's type that is not known
 * (internalise gives a copy its operand's type as it was then; a lambda's parameters
 * learn their sizes later) becomes the source's. */
static enum rewrite simplify_copy(struct ir_stm *stm) {
  struct ir_type *t = &stm->pat[0]->type;
  struct ir_type from = stm->exp.u.copy->type;
  bool changed = false;
  for (int d = 0; d < t->rank && d < from.rank; d++) {
    if (t->dims[d].kind == IR_SE_NONE && from.dims[d].kind != IR_SE_NONE) {
      t->dims[d] = from.dims[d];
      changed = true;
    }
  }
  return changed ? REWRITE_CHANGED : REWRITE_KEEP;
}

/* A map's lambda returns rows of the shape of its results' rows: a dimension of a
 * result type that is not known becomes the pattern's (for a kernel, the length of a
 * row that group code makes must be known outside the lambda). */
static bool refine_map_results(struct ir_stm *stm) {
  const struct ir_soac *so = &stm->exp.u.soac;
  if (so->kind != IR_SOAC_MAP) {
    return false;
  }
  bool changed = false;
  for (int i = 0; i < stm->pat_count && i < so->map_fn->ret_count; i++) {
    struct ir_type *t = &so->map_fn->ret[i];
    struct ir_type outer = stm->pat[i]->type;
    for (int d = 0; d < t->rank && d + 1 < outer.rank; d++) {
      if (t->dims[d].kind == IR_SE_NONE && outer.dims[d + 1].kind != IR_SE_NONE) {
        t->dims[d] = outer.dims[d + 1];
        changed = true;
      }
    }
  }
  return changed;
}

static enum rewrite apply_rules(struct simplifier *s, struct ir_stm *stm) {
  struct ir_exp *e = &stm->exp;
  switch (e->kind) {
  case IR_SUBEXP:
    simplify_bind(s, stm->pat[0], e->u.se);
    return REWRITE_DROP;
  case IR_UNOP:
    return simplify_unop(s, stm);
  case IR_BINOP:
    return simplify_binop(s, stm);
  case IR_CONVERT:
    return simplify_convert(s, stm);
  case IR_SHAPE:
    return simplify_shape(s, stm);
  case IR_CONCAT:
    return simplify_concat(s, stm);
  case IR_INDEX:
    return simplify_index(s, stm);
  case IR_IOTA:
    return mark_sizes_checked(s, stm, &e->u.iota.n, 1);
  case IR_REPLICATE:
    return mark_sizes_checked(s, stm, e->u.replicate.dims, e->u.replicate.count);
  case IR_ASSERT:
    return ir_subexp_equal(e->u.assert_.cond, ir_se_bool(true)) ? REWRITE_DROP : REWRITE_KEEP;
  case IR_ARRAY_LIT:
    return simplify_array_lit(s, stm);
  case IR_APPLY:
    return simplify_apply(s, stm);
  case IR_COPY:
    return simplify_copy(stm);
  case IR_IF:
    return simplify_if(s, stm);
  case IR_LOOP:
    return simplify_loop(s, stm);
  case IR_SOAC:
    return refine_map_results(stm) ? REWRITE_CHANGED : simplify_unroll_soac(s, stm);
  default:
    return REWRITE_KEEP;
  }
}

/* Simplifies one statement (its operands, its nested bodies, then the rules) and keeps
 * it in the current frame or an outer one, unless it went. */
void simplify_stm(struct simplifier *s, struct ir_stm *stm) {
  diag_checkpoint(stm->loc);
  ir_subst_stm_head(&s->subst, stm);
  if (!simplify_nested(s, stm)) {
    return;
  }
  enum rewrite r = REWRITE_CHANGED;
  for (int round = 0; r == REWRITE_CHANGED && round < 32; round++) {
    r = apply_rules(s, stm);
    s->changes += r != REWRITE_KEEP;
  }
  if (r != REWRITE_DROP) {
    keep_stm(s, stm);
  }
}

void simplify_stms(struct simplifier *s, const struct ir_body *b) {
  /* b->stms stays as it is while the frame collects the statements kept. */
  for (int i = 0; i < b->stm_count; i++) {
    simplify_stm(s, b->stms[i]);
  }
}

struct ir_var *simplify_emit(struct simplifier *s, const char *name, struct loc loc,
                             struct ir_exp exp, struct ir_type type) {
  struct ir_var *v = ir_var_new(s->p, intern(name), type);
  simplify_emit_stm(s, loc, exp, &v, 1);
  return v;
}

void simplify_emit_stm(struct simplifier *s, struct loc loc, struct ir_exp exp,
                       struct ir_var **pat, int pat_count) {
  struct ir_stm *stm = ARENA_NEW(s->p->arena, struct ir_stm);
  stm->loc = loc;
  stm->exp = exp;
  stm->pat_count = pat_count;
  stm->pat = ARENA_ARRAY(s->p->arena, struct ir_var *, pat_count + 1);
  memcpy(stm->pat, pat, sizeof *pat * (size_t)pat_count);
  simplify_stm(s, stm);
}

/* ----------------------------------------------------------------- Program */

static void count_calls_body(int *calls, const struct ir_body *b);

static void count_calls_stm(int *calls, const struct ir_stm *stm) {
  if (stm->exp.kind == IR_APPLY) {
    calls[stm->exp.u.apply.fun->id]++;
  }
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int n = ir_stm_bodies(stm, nested);
  for (int i = 0; i < n; i++) {
    count_calls_body(calls, nested[i]);
  }
}

static void count_calls_body(int *calls, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    count_calls_stm(calls, b->stms[i]);
  }
}

static int max_fun_id(const struct ir_program *p) {
  int n = 0;
  for (int i = 0; i < p->fun_count; i++) {
    n = p->funs[i]->id + 1 > n ? p->funs[i]->id + 1 : n;
  }
  return n;
}

static void count_calls(struct simplifier *s) {
  memset(s->calls, 0, sizeof *s->calls * (size_t)max_fun_id(s->p));
  for (int i = 0; i < s->p->fun_count; i++) {
    count_calls_body(s->calls, s->p->funs[i]->body);
  }
}

/* Removes the functions that are not entry points and that nothing calls. */
static void remove_dead_functions(struct simplifier *s) {
  count_calls(s);
  int k = 0;
  for (int i = 0; i < s->p->fun_count; i++) {
    struct ir_fun *f = s->p->funs[i];
    if (f->entry != NULL || s->calls[f->id] > 0) {
      s->p->funs[k++] = f;
    } else {
      s->changes++;
    }
  }
  s->p->fun_count = k;
}

void simplify_remove_dead_functions(struct ir_program *p) {
  int *calls = heap_calloc((size_t)max_fun_id(p) + 1, sizeof *calls);
  for (int removed = 1; removed > 0;) {
    memset(calls, 0, sizeof *calls * (size_t)(max_fun_id(p) + 1));
    for (int i = 0; i < p->fun_count; i++) {
      count_calls_body(calls, p->funs[i]->body);
    }
    int k = 0;
    for (int i = 0; i < p->fun_count; i++) {
      struct ir_fun *f = p->funs[i];
      if (f->entry != NULL || calls[f->id] > 0) {
        p->funs[k++] = f;
      }
    }
    removed = p->fun_count - k;
    p->fun_count = k;
  }
  heap_free(calls);
}

static void simplify_fun(struct simplifier *s, struct ir_fun *f) {
  simplify_cse_reset(s);
  s->depth = -1;
  push_frame(s, FRAME_FUN);
  for (int i = 0; i < f->param_count; i++) {
    bind_here(s, f->params[i], 0);
  }
  /* A parameter that is a dimension of another's type is a size: not negative. */
  for (int i = 0; i < f->param_count; i++) {
    for (int d = 0; d < f->params[i]->type.rank; d++) {
      struct ir_subexp dim = f->params[i]->type.dims[d];
      if (dim.kind == IR_SE_VAR && dim.u.var->type.prim == PRIM_I64) {
        struct var_info *info = simplify_info(s, dim.u.var);
        if (info != NULL && info->def == NULL && (!info->range.known || info->range.lo < 0)) {
          info->range = (struct range){true, 0, INT64_MAX, NULL};
        }
      }
    }
  }
  simplify_stms(s, f->body);
  pop_frame(s, f->body);
  s->changes += simplify_dead_code(&s->dce, s->p, f);
}

static void free_simplifier(struct simplifier *s) {
  for (int i = 0; i < s->frame_cap; i++) {
    heap_free(s->frames[i].stms);
  }
  heap_free(s->frames);
  heap_free(s->vars);
  heap_free(s->serial_live);
  simplify_cse_free(s);
  heap_free(s->calls);
  simplify_dead_code_free(&s->dce);
  ir_subst_free(&s->subst);
  ir_subst_free(&s->renames);
  ir_subst_free(&s->alpha);
}

void simplify_program(struct ir_program *p, enum simplify_target target) {
  diag_set_pass("simplify");
  struct simplifier s = {.p = p, .inline_in_lambdas = target == SIMPLIFY_FOR_KERNELS};
  ir_subst_init(&s.subst, p);
  ir_subst_init(&s.renames, p);
  ir_subst_init(&s.alpha, p);
  s.calls = heap_calloc((size_t)max_fun_id(p) + 1, sizeof *s.calls);
  if (s.calls == NULL) {
    diag_out_of_memory();
  }
  for (int round = 0; round < SIMPLIFY_ROUNDS; round++) {
    s.changes = 0;
    count_calls(&s);
    for (int i = 0; i < p->fun_count; i++) {
      simplify_fun(&s, p->funs[i]);
    }
    remove_dead_functions(&s);
    if (s.changes == 0) {
      break;
    }
  }
  free_simplifier(&s);
  ir_verify(p, "simplify");
}
