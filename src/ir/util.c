/* IR utilities: one walker reaches every operand slot of a statement (subexpressions,
 * variables used as arrays, the dimensions of bound variables' types), and the
 * substitution, use-visiting and copying functions are built on it. What a statement
 * consumes, and what may share memory with it, is decided here once for the passes
 * (Note [consumption through aliases]). */
#include "ir/util.h"

#include <stdlib.h>
#include <string.h>

#include "support/heap.h"

/* ------------------------------------------------------------------ Walker */

struct walker {
  void *ctx;
  void (*se)(void *ctx, struct ir_subexp *slot);  /* an operand */
  void (*var)(void *ctx, struct ir_var **slot);   /* a variable used as an array */
  void (*bound)(void *ctx, struct ir_var *v);     /* a variable bound here (its type) */
  bool shallow; /* skip nested bodies (lambdas' parameters and result types are kept) */
};

static void walk_body(const struct walker *w, struct ir_body *b);

static void walk_type(const struct walker *w, struct ir_type *t) {
  for (int i = 0; i < t->rank; i++) {
    w->se(w->ctx, &t->dims[i]);
  }
}

static void walk_bound(const struct walker *w, struct ir_var *v) {
  walk_type(w, &v->type);
  if (w->bound != NULL) {
    w->bound(w->ctx, v);
  }
}

static void walk_lambda(const struct walker *w, struct ir_lambda *l) {
  if (l == NULL) {
    return;
  }
  for (int i = 0; i < l->param_count; i++) {
    walk_bound(w, l->params[i]);
  }
  if (l->index != NULL) {
    walk_bound(w, l->index);
  }
  for (int i = 0; i < l->ret_count; i++) {
    walk_type(w, &l->ret[i]);
  }
  if (!w->shallow) {
    walk_body(w, l->body);
  }
}

static void walk_dims(const struct walker *w, struct ir_dim_index *d, int n) {
  for (int i = 0; i < n; i++) {
    w->se(w->ctx, &d[i].fixed);
    w->se(w->ctx, &d[i].start);
    w->se(w->ctx, &d[i].end);
    w->se(w->ctx, &d[i].stride);
  }
}

static void walk_exp(const struct walker *w, struct ir_exp *e) {
  switch (e->kind) {
  case IR_SUBEXP:
    w->se(w->ctx, &e->u.se);
    return;
  case IR_UNOP:
    w->se(w->ctx, &e->u.unop.operand);
    return;
  case IR_BINOP:
    w->se(w->ctx, &e->u.binop.lhs);
    w->se(w->ctx, &e->u.binop.rhs);
    w->se(w->ctx, &e->u.binop.addend);
    return;
  case IR_CONVERT:
    w->se(w->ctx, &e->u.convert.operand);
    return;
  case IR_SHAPE:
    w->var(w->ctx, &e->u.shape.array);
    return;
  case IR_INDEX:
  case IR_SLICE:
    w->var(w->ctx, &e->u.index.array);
    walk_dims(w, e->u.index.dims, e->u.index.count);
    return;
  case IR_UPDATE:
    w->var(w->ctx, &e->u.update.array);
    walk_dims(w, e->u.update.dims, e->u.update.count);
    w->se(w->ctx, &e->u.update.value);
    return;
  case IR_IOTA:
    w->se(w->ctx, &e->u.iota.n);
    return;
  case IR_REPLICATE:
    for (int i = 0; i < e->u.replicate.count; i++) {
      w->se(w->ctx, &e->u.replicate.dims[i]);
    }
    w->se(w->ctx, &e->u.replicate.value);
    return;
  case IR_ARRAY_LIT:
    for (int i = 0; i < e->u.array_lit.count; i++) {
      w->se(w->ctx, &e->u.array_lit.elems[i]);
    }
    walk_type(w, &e->u.array_lit.row);
    return;
  case IR_REARRANGE:
    w->var(w->ctx, &e->u.rearrange.array);
    return;
  case IR_RESHAPE:
    w->var(w->ctx, &e->u.reshape.array);
    for (int i = 0; i < e->u.reshape.count; i++) {
      w->se(w->ctx, &e->u.reshape.dims[i]);
    }
    return;
  case IR_CONCAT:
    for (int i = 0; i < e->u.concat.count; i++) {
      w->var(w->ctx, &e->u.concat.arrays[i]);
    }
    return;
  case IR_COPY:
    w->var(w->ctx, &e->u.copy);
    return;
  case IR_ASSERT:
    w->se(w->ctx, &e->u.assert_.cond);
    return;
  case IR_APPLY:
    for (int i = 0; i < e->u.apply.count; i++) {
      w->se(w->ctx, &e->u.apply.args[i]);
    }
    return;
  case IR_IF:
    w->se(w->ctx, &e->u.if_.cond);
    if (!w->shallow) {
      walk_body(w, e->u.if_.then_body);
      walk_body(w, e->u.if_.else_body);
    }
    return;
  case IR_LOOP: {
    struct ir_loop *l = &e->u.loop;
    for (int i = 0; i < l->param_count; i++) {
      w->se(w->ctx, &l->inits[i]);
      walk_bound(w, l->params[i]);
    }
    if (!l->is_while) {
      w->se(w->ctx, &l->bound);
      walk_bound(w, l->index);
    }
    if (!w->shallow) {
      walk_body(w, l->body);
    }
    return;
  }
  case IR_SOAC: {
    struct ir_soac *s = &e->u.soac;
    w->se(w->ctx, &s->width);
    for (int i = 0; i < s->input_count; i++) {
      w->var(w->ctx, &s->inputs[i]);
    }
    for (int i = 0; i < s->dest_count; i++) {
      w->var(w->ctx, &s->dests[i]);
    }
    for (int i = 0; i < s->neutral_count; i++) {
      w->se(w->ctx, &s->neutral[i]);
    }
    walk_lambda(w, s->map_fn);
    walk_lambda(w, s->op);
    return;
  }
  }
}

static void walk_stm(const struct walker *w, struct ir_stm *stm) {
  diag_checkpoint(stm->loc);
  walk_exp(w, &stm->exp);
  for (int i = 0; i < stm->pat_count; i++) {
    walk_bound(w, stm->pat[i]);
  }
}

static void walk_body(const struct walker *w, struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    walk_stm(w, b->stms[i]);
  }
  for (int i = 0; i < b->result_count; i++) {
    w->se(w->ctx, &b->results[i]);
  }
}

/* ------------------------------------------------------------ Substitution */

void ir_subst_init(struct ir_subst *s, const struct ir_program *p) {
  s->cap = p->next_var_id;
  s->to = heap_calloc((size_t)s->cap + 1, sizeof *s->to);
  if (s->to == NULL) {
    diag_out_of_memory();
  }
}

void ir_subst_free(struct ir_subst *s) {
  heap_free(s->to);
  s->to = NULL;
  s->cap = 0;
}

void ir_subst_set(struct ir_subst *s, const struct ir_var *from, struct ir_subexp to) {
  s->to = heap_grow(s->to, &s->cap, from->id + 1, sizeof *s->to);
  s->to[from->id] = to;
}

struct ir_subexp ir_subst_apply(const struct ir_subst *s, struct ir_subexp se) {
  for (int guard = 0; se.kind == IR_SE_VAR && se.u.var->id < s->cap && guard < 1000; guard++) {
    struct ir_subexp to = s->to[se.u.var->id];
    if (to.kind == IR_SE_NONE) {
      break;
    }
    se = to;
  }
  return se;
}

struct ir_var *ir_subst_var(const struct ir_subst *s, struct ir_var *v) {
  struct ir_subexp se = ir_subst_apply(s, ir_se_var(v));
  return se.kind == IR_SE_VAR ? se.u.var : v;
}

struct subst_ctx {
  const struct ir_subst *s;
  bool changed;
};

static void subst_se(void *ctx, struct ir_subexp *slot) {
  struct subst_ctx *c = ctx;
  if (slot->kind != IR_SE_VAR) {
    return;
  }
  struct ir_subexp to = ir_subst_apply(c->s, *slot);
  if (!ir_subexp_equal(to, *slot)) {
    *slot = to;
    c->changed = true;
  }
}

static void subst_var(void *ctx, struct ir_var **slot) {
  struct subst_ctx *c = ctx;
  struct ir_var *to = ir_subst_var(c->s, *slot);
  if (to != *slot) {
    *slot = to;
    c->changed = true;
  }
}

bool ir_subst_stm(const struct ir_subst *s, struct ir_stm *stm) {
  struct subst_ctx c = {s, false};
  struct walker w = {&c, subst_se, subst_var, NULL, false};
  walk_stm(&w, stm);
  return c.changed;
}

bool ir_subst_stm_head(const struct ir_subst *s, struct ir_stm *stm) {
  struct subst_ctx c = {s, false};
  struct walker w = {&c, subst_se, subst_var, NULL, true};
  walk_stm(&w, stm);
  return c.changed;
}

bool ir_subst_body(const struct ir_subst *s, struct ir_body *b) {
  struct subst_ctx c = {s, false};
  struct walker w = {&c, subst_se, subst_var, NULL, false};
  walk_body(&w, b);
  return c.changed;
}

bool ir_subst_lambda(const struct ir_subst *s, struct ir_lambda *l) {
  struct subst_ctx c = {s, false};
  struct walker w = {&c, subst_se, subst_var, NULL, false};
  walk_lambda(&w, l);
  return c.changed;
}

void ir_subst_type(const struct ir_subst *s, struct ir_type *t) {
  struct subst_ctx c = {s, false};
  struct walker w = {&c, subst_se, subst_var, NULL, false};
  walk_type(&w, t);
}

/* ------------------------------------------------------------------- Uses */

struct use_ctx {
  ir_use_fn visit;
  void *ctx;
};

static void use_se(void *ctx, struct ir_subexp *slot) {
  struct use_ctx *c = ctx;
  if (slot->kind == IR_SE_VAR) {
    c->visit(c->ctx, slot->u.var);
  }
}

static void use_var(void *ctx, struct ir_var **slot) {
  struct use_ctx *c = ctx;
  c->visit(c->ctx, *slot);
}

void ir_visit_uses_stm(const struct ir_stm *stm, ir_use_fn visit, void *ctx) {
  struct use_ctx c = {visit, ctx};
  struct walker w = {&c, use_se, use_var, NULL, false};
  walk_stm(&w, (struct ir_stm *)stm);
}

void ir_visit_uses_body(const struct ir_body *b, ir_use_fn visit, void *ctx) {
  struct use_ctx c = {visit, ctx};
  struct walker w = {&c, use_se, use_var, NULL, false};
  walk_body(&w, (struct ir_body *)b);
}

void ir_visit_uses_lambda(const struct ir_lambda *l, ir_use_fn visit, void *ctx) {
  struct use_ctx c = {visit, ctx};
  struct walker w = {&c, use_se, use_var, NULL, false};
  walk_lambda(&w, (struct ir_lambda *)l);
}

struct count_ctx {
  int *counts;
  int cap;
};

static void count_use(void *ctx, const struct ir_var *v) {
  struct count_ctx *c = ctx;
  if (v->id >= 0 && v->id < c->cap) {
    c->counts[v->id]++;
  }
}

int *ir_use_counts(const struct ir_program *p, const struct ir_fun *f) {
  struct count_ctx c = {heap_calloc((size_t)p->next_var_id + 1, sizeof(int)), p->next_var_id};
  if (c.counts == NULL) {
    diag_out_of_memory();
  }
  for (int i = 0; i < f->ret_count; i++) {
    struct use_ctx uc = {count_use, &c};
    struct walker w = {&uc, use_se, use_var, NULL, false};
    walk_type(&w, &f->ret[i]);
  }
  ir_visit_uses_body(f->body, count_use, &c);
  return c.counts;
}

struct find_ctx {
  const struct ir_var *target;
  bool found;
};

static void find_use(void *ctx, const struct ir_var *v) {
  struct find_ctx *c = ctx;
  c->found = c->found || v == c->target;
}

bool ir_body_uses(const struct ir_body *b, const struct ir_var *v) {
  struct find_ctx c = {v, false};
  ir_visit_uses_body(b, find_use, &c);
  return c.found;
}

bool ir_stm_uses(const struct ir_stm *stm, const struct ir_var *v) {
  struct find_ctx c = {v, false};
  ir_visit_uses_stm(stm, find_use, &c);
  return c.found;
}

struct target_count {
  const struct ir_var *target;
  int count;
};

static void count_target(void *ctx, const struct ir_var *v) {
  struct target_count *c = ctx;
  c->count += v == c->target;
}

int ir_stm_use_count(const struct ir_stm *stm, const struct ir_var *v) {
  struct target_count c = {v, 0};
  ir_visit_uses_stm(stm, count_target, &c);
  return c.count;
}

int ir_lambda_use_count(const struct ir_lambda *l, const struct ir_var *v) {
  struct target_count c = {v, 0};
  ir_visit_uses_lambda(l, count_target, &c);
  return c.count;
}

/* ---------------------------------------------------------- Free variables */

/* Note [Free variables]
 * ~~~~~~~~~~~~~~~~~~~~~
 * A variable is free in a lambda or body when it is used there and not bound there.
 * Uses are what ir_visit_uses_* visits: operands, arrays, SOAC inputs and
 * destinations, and the dimensions of every type written there (parameters',
 * results', patterns', literals' rows), so a size that appears only in a type is free
 * too: a kernel must be passed it. Bindings are the lambda's parameters and index, the
 * patterns of the statements, and, nested at any depth, loops' parameters and indices
 * and lambdas' parameters and indices.
 *
 * The bindings of what is added are gathered before its uses are visited. Every
 * variable is bound once (ir.h), so a variable bound anywhere inside is bound wherever
 * inside it is used, whatever order the walk meets use and binding in. Each free
 * variable is listed once, in the order of its first use in the walk; lowering makes a
 * kernel's arguments in this order, so the generated code depends on it. */

static void ignore_se(void *ctx, struct ir_subexp *slot) {
  (void)ctx;
  (void)slot;
}

static void ignore_var(void *ctx, struct ir_var **slot) {
  (void)ctx;
  (void)slot;
}

static void bind_free(void *ctx, struct ir_var *v) {
  struct ir_free_vars *fv = ctx;
  fv->bound[v->id] = true;
}

static void use_free(void *ctx, const struct ir_var *v) {
  ir_free_vars_use(ctx, v);
}

void ir_free_vars_init(struct ir_free_vars *fv, const struct ir_program *p) {
  memset(fv, 0, sizeof *fv);
  fv->bound = heap_calloc((size_t)p->next_var_id + 1, sizeof *fv->bound);
  fv->listed = heap_calloc((size_t)p->next_var_id + 1, sizeof *fv->listed);
  if (fv->bound == NULL || fv->listed == NULL) {
    diag_out_of_memory();
  }
}

void ir_free_vars_free(struct ir_free_vars *fv) {
  heap_free(fv->vars);
  heap_free(fv->bound);
  heap_free(fv->listed);
  memset(fv, 0, sizeof *fv);
}

void ir_free_vars_use(struct ir_free_vars *fv, const struct ir_var *v) {
  if (fv->bound[v->id] || fv->listed[v->id]) {
    return;
  }
  fv->listed[v->id] = true;
  fv->vars = heap_grow(fv->vars, &fv->cap, fv->count + 1, sizeof *fv->vars);
  fv->vars[fv->count++] = (struct ir_var *)v;
}

void ir_free_vars_lambda(struct ir_free_vars *fv, const struct ir_lambda *l) {
  if (l == NULL) {
    return;
  }
  struct walker binds = {fv, ignore_se, ignore_var, bind_free, false};
  walk_lambda(&binds, (struct ir_lambda *)l);
  ir_visit_uses_lambda(l, use_free, fv);
}

void ir_free_vars_body(struct ir_free_vars *fv, const struct ir_body *b) {
  struct walker binds = {fv, ignore_se, ignore_var, bind_free, false};
  walk_body(&binds, (struct ir_body *)b);
  ir_visit_uses_body(b, use_free, fv);
}

/* ---------------------------------------------------------------- Failing */

static bool lambda_may_fail(const struct ir_lambda *l) {
  return l != NULL && ir_body_may_fail(l->body);
}

static bool is_nonzero_const(struct ir_subexp se) {
  if (se.kind != IR_SE_CONST) {
    return false;
  }
  if (prim_is_float(se.u.c.prim)) {
    return true; /* float division never fails */
  }
  return se.u.c.v.i != 0 && !(prim_is_signed(se.u.c.prim) && (int64_t)se.u.c.v.i == -1);
}

static bool is_nonneg_const(struct ir_subexp se) {
  return se.kind == IR_SE_CONST && prim_is_int(se.u.c.prim) &&
         (!prim_is_signed(se.u.c.prim) || (int64_t)se.u.c.v.i >= 0);
}

bool ir_stm_may_fail(const struct ir_stm *stm) {
  const struct ir_exp *e = &stm->exp;
  switch (e->kind) {
  case IR_SUBEXP:
  case IR_UNOP:
  case IR_CONVERT:
  case IR_SHAPE:
  case IR_REARRANGE:
  case IR_COPY:
    return false;
  case IR_BINOP:
    switch (e->u.binop.op) {
    case IR_BINOP_DIV:
    case IR_BINOP_MOD:
    case IR_BINOP_QUOT:
    case IR_BINOP_REM:
      return !prim_is_float(ir_subexp_type(e->u.binop.lhs).prim) &&
             !is_nonzero_const(e->u.binop.rhs);
    case IR_BINOP_POW:
      return prim_is_int(ir_subexp_type(e->u.binop.lhs).prim) && !is_nonneg_const(e->u.binop.rhs);
    default:
      return false;
    }
  case IR_INDEX:
  case IR_SLICE:
  case IR_UPDATE:
    return !stm->unsafe;
  case IR_IOTA:
    return !stm->unsafe && !is_nonneg_const(e->u.iota.n); /* unsafe: n >= 0 is known */
  case IR_REPLICATE:
    for (int i = 0; i < e->u.replicate.count && !stm->unsafe; i++) {
      if (!is_nonneg_const(e->u.replicate.dims[i])) {
        return true; /* unsafe: the sizes are known not negative, as iota's */
      }
    }
    return false;
  case IR_ARRAY_LIT:
    return ir_subexp_type(e->u.array_lit.count > 0 ? e->u.array_lit.elems[0] : ir_se_none()).rank >
           0; /* rows of different shapes */
  case IR_RESHAPE:
    return !stm->unsafe; /* unsafe: the element counts are known to agree */
  case IR_CONCAT:
  case IR_ASSERT:
    return true;
  case IR_APPLY:
    return ir_body_may_fail(e->u.apply.fun->body);
  case IR_IF:
    return ir_body_may_fail(e->u.if_.then_body) || ir_body_may_fail(e->u.if_.else_body);
  case IR_LOOP:
    return ir_body_may_fail(e->u.loop.body);
  case IR_SOAC:
    /* Inputs of the wrong width, irregular results and failing lambdas. */
    return e->u.soac.kind == IR_SOAC_MAP ? lambda_may_fail(e->u.soac.map_fn) ||
                                               e->u.soac.input_count > 1
                                         : true;
  }
  return true;
}

int ir_stm_bodies(const struct ir_stm *stm, struct ir_body *bodies[IR_MAX_STM_BODIES]) {
  const struct ir_exp *e = &stm->exp;
  int n = 0;
  switch (e->kind) {
  case IR_IF:
    bodies[n++] = e->u.if_.then_body;
    bodies[n++] = e->u.if_.else_body;
    break;
  case IR_LOOP:
    bodies[n++] = e->u.loop.body;
    break;
  case IR_SOAC:
    if (e->u.soac.map_fn != NULL) {
      bodies[n++] = e->u.soac.map_fn->body;
    }
    if (e->u.soac.op != NULL) {
      bodies[n++] = e->u.soac.op->body;
    }
    break;
  default:
    break;
  }
  return n;
}

int ir_body_size(const struct ir_body *b) {
  int n = b->stm_count;
  for (int i = 0; i < b->stm_count; i++) {
    struct ir_body *nested[IR_MAX_STM_BODIES];
    int count = ir_stm_bodies(b->stms[i], nested);
    for (int j = 0; j < count; j++) {
      n += ir_body_size(nested[j]);
    }
  }
  return n;
}

bool ir_body_may_fail(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    if (ir_stm_may_fail(b->stms[i])) {
      return true;
    }
  }
  return false;
}

/* ------------------------------------------------------------- Consumption */

static void visit_var_se(struct ir_subexp se, ir_use_fn visit, void *ctx) {
  if (se.kind == IR_SE_VAR) {
    visit(ctx, se.u.var);
  }
}

void ir_visit_consumed(const struct ir_stm *stm, ir_use_fn visit, void *ctx) {
  const struct ir_exp *e = &stm->exp;
  switch (e->kind) {
  case IR_UPDATE:
    visit(ctx, e->u.update.array);
    return;
  case IR_SOAC:
    for (int i = 0; i < e->u.soac.dest_count; i++) {
      visit(ctx, e->u.soac.dests[i]);
    }
    return;
  case IR_LOOP:
    for (int i = 0; i < e->u.loop.param_count; i++) {
      if (e->u.loop.params[i]->type.unique) {
        visit_var_se(e->u.loop.inits[i], visit, ctx);
      }
    }
    return;
  case IR_APPLY:
    for (int i = 0; i < e->u.apply.count; i++) {
      if (e->u.apply.fun->params[i]->type.unique) {
        visit_var_se(e->u.apply.args[i], visit, ctx);
      }
    }
    return;
  default:
    return;
  }
}

bool ir_stm_consumes(const struct ir_stm *stm, const struct ir_var *v) {
  struct find_ctx c = {v, false};
  ir_visit_consumed(stm, find_use, &c);
  return c.found;
}

/* Note [consumption through aliases]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * ir_body_may_consume follows the arrays that may share memory with the ones it is
 * given, as the type checker's alias analysis does (src/typecheck/uniqueness.c), but
 * on the core IR and conservatively:
 *  - a view of an aliased array (a row or slice read, a reshape, a rearrange, the
 *    array itself under another name) is aliased;
 *  - a lambda's parameter that is a row of an aliased input, every parameter of an
 *    operator whose inputs, neutral elements or map function's results may be aliased,
 *    and a loop parameter whose initial value is aliased are aliased in their bodies;
 *  - every array result of an if, a loop, a call or a SOAC other than a map that may
 *    return an aliased array (a branch's or body's result, an argument, an initial or
 *    neutral value) is aliased; a map's results are fresh arrays, and so are a call's
 *    results that the callee's type declares unique (*[n]t: the type checker made sure
 *    that they alias no argument).
 * Writing in place to an aliased array writes the arrays given. */

struct alias_set {
  const struct ir_var **vars;
  int len, cap;
  bool hit; /* one of them is consumed */
};

static bool alias_has(const struct alias_set *a, const struct ir_var *v) {
  for (int i = 0; i < a->len; i++) {
    if (a->vars[i] == v) {
      return true;
    }
  }
  return false;
}

static bool alias_has_se(const struct alias_set *a, struct ir_subexp se) {
  return se.kind == IR_SE_VAR && alias_has(a, se.u.var);
}

static bool alias_has_any(const struct alias_set *a, const struct ir_subexp *ses, int n) {
  for (int i = 0; i < n; i++) {
    if (alias_has_se(a, ses[i])) {
      return true;
    }
  }
  return false;
}

static void alias_add(struct alias_set *a, const struct ir_var *v) {
  if (v->type.rank == 0 || alias_has(a, v)) {
    return;
  }
  a->vars = heap_grow(a->vars, &a->cap, a->len + 1, sizeof *a->vars);
  a->vars[a->len++] = v;
}

static void alias_check_consumed(void *ctx, const struct ir_var *v) {
  struct alias_set *a = ctx;
  a->hit = a->hit || alias_has(a, v);
}

static void alias_stms(struct alias_set *a, const struct ir_body *b);

/* A lambda: its parameters are rows of the inputs (op: accumulators and elements). */
static void alias_lambda(struct alias_set *a, const struct ir_lambda *l,
                         struct ir_var *const *inputs, int input_count, bool all) {
  if (l == NULL) {
    return;
  }
  for (int i = 0; i < l->param_count; i++) {
    if (all || (i < input_count && alias_has(a, inputs[i]))) {
      alias_add(a, l->params[i]);
    }
  }
  alias_stms(a, l->body);
}

static bool alias_inputs(const struct alias_set *a, const struct ir_soac *so) {
  for (int i = 0; i < so->input_count; i++) {
    if (alias_has(a, so->inputs[i])) {
      return true;
    }
  }
  return alias_has_any(a, so->neutral, so->neutral_count);
}

/* Walks a SOAC's lambdas; whether its results may share memory with an alias. */
static bool alias_soac(struct alias_set *a, const struct ir_soac *so) {
  const struct ir_lambda *f = so->map_fn, *op = so->op;
  bool from = alias_inputs(a, so);
  alias_lambda(a, f, so->inputs, so->input_count, false);
  from = from || (f != NULL && alias_has_any(a, f->body->results, f->body->result_count));
  alias_lambda(a, op, NULL, 0, from);
  if (so->kind == IR_SOAC_MAP) {
    return false;
  }
  return from || (op != NULL && alias_has_any(a, op->body->results, op->body->result_count));
}

static bool alias_loop(struct alias_set *a, const struct ir_loop *l) {
  bool inits = false;
  for (int i = 0; i < l->param_count; i++) {
    if (alias_has_se(a, l->inits[i])) {
      alias_add(a, l->params[i]);
      inits = true;
    }
  }
  alias_stms(a, l->body);
  return inits || alias_has_any(a, l->body->results, l->body->result_count);
}

/* Walks the statement's nested bodies; whether its results may share memory with an
 * alias (Note [consumption through aliases]). */
static bool alias_results(struct alias_set *a, const struct ir_stm *stm) {
  const struct ir_exp *e = &stm->exp;
  switch (e->kind) {
  case IR_SUBEXP:
    return alias_has_se(a, e->u.se);
  case IR_INDEX:
  case IR_SLICE:
    return alias_has(a, e->u.index.array);
  case IR_RESHAPE:
    return alias_has(a, e->u.reshape.array);
  case IR_REARRANGE:
    return alias_has(a, e->u.rearrange.array);
  case IR_APPLY:
    return alias_has_any(a, e->u.apply.args, e->u.apply.count);
  case IR_IF: {
    const struct ir_body *t = e->u.if_.then_body, *f = e->u.if_.else_body;
    alias_stms(a, t);
    alias_stms(a, f);
    return alias_has_any(a, t->results, t->result_count) ||
           alias_has_any(a, f->results, f->result_count);
  }
  case IR_LOOP:
    return alias_loop(a, &e->u.loop);
  case IR_SOAC:
    return alias_soac(a, &e->u.soac);
  default:
    return false;
  }
}

/* Whether result k of the statement is fresh whatever its operands: a call's result
 * that the callee's type declares unique. */
static bool fresh_result(const struct ir_stm *stm, int k) {
  return stm->exp.kind == IR_APPLY && k < stm->exp.u.apply.fun->ret_count &&
         stm->exp.u.apply.fun->ret[k].unique;
}

static void alias_stms(struct alias_set *a, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count && !a->hit; i++) {
    const struct ir_stm *stm = b->stms[i];
    ir_visit_consumed(stm, alias_check_consumed, a);
    if (alias_results(a, stm)) {
      for (int k = 0; k < stm->pat_count; k++) {
        if (!fresh_result(stm, k)) {
          alias_add(a, stm->pat[k]);
        }
      }
    }
  }
}

bool ir_body_may_consume(const struct ir_body *b, struct ir_var *const *vars, int count) {
  struct alias_set a = {NULL, 0, 0, false};
  for (int i = 0; i < count; i++) {
    alias_add(&a, vars[i]);
  }
  alias_stms(&a, b);
  bool hit = a.hit || alias_has_any(&a, b->results, b->result_count);
  heap_free(a.vars);
  return hit;
}

/* ---------------------------------------------------------------- Copying */

struct copier {
  struct ir_program *p;
  struct ir_subst *renames; /* old var -> fresh var */
  struct ir_var **renamed;  /* the old vars renamed, to empty renames after */
  int renamed_count, renamed_cap;
};

static struct ir_var *copy_binder(struct copier *c, struct ir_var *v) {
  struct ir_type t = v->type;
  if (t.rank > 0) {
    t.dims = arena_dup(c->p->arena, t.dims, sizeof *t.dims * (size_t)t.rank);
  }
  ir_subst_type(c->renames, &t);
  struct ir_var *fresh = ir_var_new(c->p, v->name, t);
  ir_subst_set(c->renames, v, ir_se_var(fresh));
  c->renamed =
      heap_grow(c->renamed, &c->renamed_cap, c->renamed_count + 1, sizeof *c->renamed);
  c->renamed[c->renamed_count++] = v;
  return fresh;
}

static struct ir_body *copy_body(struct copier *c, const struct ir_body *b);

static struct ir_lambda *copy_lambda(struct copier *c, const struct ir_lambda *l) {
  if (l == NULL) {
    return NULL;
  }
  struct ir_lambda *n = ARENA_NEW(c->p->arena, struct ir_lambda);
  n->param_count = l->param_count;
  n->params = ARENA_ARRAY(c->p->arena, struct ir_var *, l->param_count + 1);
  for (int i = 0; i < l->param_count; i++) {
    n->params[i] = copy_binder(c, l->params[i]);
  }
  n->index = l->index != NULL ? copy_binder(c, l->index) : NULL;
  n->ret_count = l->ret_count;
  n->ret = arena_dup(c->p->arena, l->ret, sizeof *l->ret * (size_t)l->ret_count);
  for (int i = 0; i < n->ret_count; i++) {
    if (n->ret[i].rank > 0) {
      n->ret[i].dims = arena_dup(c->p->arena, n->ret[i].dims,
                                 sizeof *n->ret[i].dims * (size_t)n->ret[i].rank);
    }
    ir_subst_type(c->renames, &n->ret[i]);
  }
  n->body = copy_body(c, l->body);
  return n;
}

static void *dup(struct copier *c, const void *p, size_t size) {
  return size == 0 || p == NULL ? NULL : arena_dup(c->p->arena, p, size);
}

/* A shallow copy of the expression with fresh arrays and nested bodies copied; operands
 * are renamed afterwards by the substitution. */
static struct ir_exp copy_exp(struct copier *c, const struct ir_exp *e) {
  struct ir_exp n = *e;
  switch (e->kind) {
  case IR_INDEX:
  case IR_SLICE:
    n.u.index.dims = dup(c, e->u.index.dims, sizeof *e->u.index.dims * (size_t)e->u.index.count);
    break;
  case IR_UPDATE:
    n.u.update.dims =
        dup(c, e->u.update.dims, sizeof *e->u.update.dims * (size_t)e->u.update.count);
    break;
  case IR_REPLICATE:
    n.u.replicate.dims = dup(c, e->u.replicate.dims,
                             sizeof *e->u.replicate.dims * (size_t)e->u.replicate.count);
    break;
  case IR_ARRAY_LIT:
    n.u.array_lit.elems = dup(c, e->u.array_lit.elems,
                              sizeof *e->u.array_lit.elems * (size_t)e->u.array_lit.count);
    if (n.u.array_lit.row.rank > 0) {
      n.u.array_lit.row.dims =
          dup(c, e->u.array_lit.row.dims,
              sizeof *e->u.array_lit.row.dims * (size_t)e->u.array_lit.row.rank);
    }
    break;
  case IR_REARRANGE:
    n.u.rearrange.perm =
        dup(c, e->u.rearrange.perm, sizeof *e->u.rearrange.perm * (size_t)e->u.rearrange.rank);
    break;
  case IR_RESHAPE:
    n.u.reshape.dims =
        dup(c, e->u.reshape.dims, sizeof *e->u.reshape.dims * (size_t)e->u.reshape.count);
    break;
  case IR_CONCAT:
    n.u.concat.arrays =
        dup(c, e->u.concat.arrays, sizeof *e->u.concat.arrays * (size_t)e->u.concat.count);
    break;
  case IR_APPLY:
    n.u.apply.args = dup(c, e->u.apply.args, sizeof *e->u.apply.args * (size_t)e->u.apply.count);
    break;
  case IR_IF:
    n.u.if_.then_body = copy_body(c, e->u.if_.then_body);
    n.u.if_.else_body = copy_body(c, e->u.if_.else_body);
    break;
  case IR_LOOP: {
    const struct ir_loop *l = &e->u.loop;
    n.u.loop.inits = dup(c, l->inits, sizeof *l->inits * (size_t)l->param_count);
    n.u.loop.params = ARENA_ARRAY(c->p->arena, struct ir_var *, l->param_count + 1);
    for (int i = 0; i < l->param_count; i++) {
      n.u.loop.inits[i] = ir_subst_apply(c->renames, l->inits[i]);
      n.u.loop.params[i] = copy_binder(c, l->params[i]);
      if (l->params[i] == l->cond) {
        n.u.loop.cond = n.u.loop.params[i];
      }
    }
    if (!l->is_while) {
      n.u.loop.index = copy_binder(c, l->index);
    }
    n.u.loop.body = copy_body(c, l->body);
    break;
  }
  case IR_SOAC: {
    const struct ir_soac *s = &e->u.soac;
    n.u.soac.inputs = dup(c, s->inputs, sizeof *s->inputs * (size_t)s->input_count);
    n.u.soac.dests = dup(c, s->dests, sizeof *s->dests * (size_t)s->dest_count);
    n.u.soac.dest_ranks = dup(c, s->dest_ranks, sizeof *s->dest_ranks * (size_t)s->dest_count);
    n.u.soac.dest_writes =
        dup(c, s->dest_writes, sizeof *s->dest_writes * (size_t)s->dest_count);
    n.u.soac.neutral = dup(c, s->neutral, sizeof *s->neutral * (size_t)s->neutral_count);
    n.u.soac.map_fn = copy_lambda(c, s->map_fn);
    n.u.soac.op = copy_lambda(c, s->op);
    break;
  }
  default:
    break;
  }
  return n;
}

static struct ir_body *copy_body(struct copier *c, const struct ir_body *b) {
  struct ir_body *n = ir_body_new(c->p->arena);
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    diag_checkpoint(s->loc);
    struct ir_exp e = copy_exp(c, &s->exp);
    struct ir_stm tmp = {.exp = e};
    /* Operands refer to variables bound before this statement: rename them now
     * (nested bodies were renamed as they were copied). */
    if (e.kind != IR_LOOP) {
      ir_subst_stm(c->renames, &tmp);
    } else {
      tmp.exp.u.loop.bound = ir_subst_apply(c->renames, tmp.exp.u.loop.bound);
    }
    struct ir_var **pat = ARENA_ARRAY(c->p->arena, struct ir_var *, s->pat_count + 1);
    for (int j = 0; j < s->pat_count; j++) {
      pat[j] = copy_binder(c, s->pat[j]);
    }
    struct ir_stm *ns = ir_body_add(c->p, n, s->loc, tmp.exp, pat, s->pat_count);
    ns->unsafe = s->unsafe;
    ns->sequential = s->sequential;
    ns->trace = s->trace;
  }
  n->result_count = b->result_count;
  n->results = dup(c, b->results, sizeof *b->results * (size_t)b->result_count);
  for (int i = 0; i < n->result_count; i++) {
    n->results[i] = ir_subst_apply(c->renames, n->results[i]);
  }
  return n;
}

/* Empties the renaming again: only the entries the copy set. */
static void copier_done(struct copier *c) {
  for (int i = 0; i < c->renamed_count; i++) {
    c->renames->to[c->renamed[i]->id] = ir_se_none();
  }
  heap_free(c->renamed);
}

struct ir_body *ir_copy_body_with(struct ir_program *p, const struct ir_body *b,
                                  struct ir_subst *scratch) {
  struct copier c = {p, scratch, NULL, 0, 0};
  struct ir_body *n = copy_body(&c, b);
  copier_done(&c);
  return n;
}

struct ir_body *ir_copy_body(struct ir_program *p, const struct ir_body *b) {
  struct ir_subst renames;
  ir_subst_init(&renames, p);
  struct ir_body *n = ir_copy_body_with(p, b, &renames);
  ir_subst_free(&renames);
  return n;
}

struct ir_lambda *ir_copy_lambda(struct ir_program *p, const struct ir_lambda *l) {
  struct ir_subst renames;
  ir_subst_init(&renames, p);
  struct copier c = {p, &renames, NULL, 0, 0};
  struct ir_lambda *n = copy_lambda(&c, l);
  copier_done(&c);
  ir_subst_free(&renames);
  return n;
}

/* ----------------------------------------------------------------- Bodies */

void ir_body_filter(struct ir_body *b, const bool *keep) {
  int k = 0;
  for (int i = 0; i < b->stm_count; i++) {
    if (keep[i]) {
      b->stms[k++] = b->stms[i];
    }
  }
  b->stm_count = k;
}

void ir_body_splice(struct ir_program *p, struct ir_body *b, int i, const struct ir_body *with) {
  int n = b->stm_count - 1 + with->stm_count;
  struct ir_stm **stms = ARENA_ARRAY(p->arena, struct ir_stm *, n + 1);
  memcpy(stms, b->stms, sizeof *stms * (size_t)i);
  memcpy(stms + i, with->stms, sizeof *stms * (size_t)with->stm_count);
  memcpy(stms + i + with->stm_count, b->stms + i + 1,
         sizeof *stms * (size_t)(b->stm_count - i - 1));
  b->stms = stms;
  b->stm_count = n;
  b->stm_cap = n;
}
