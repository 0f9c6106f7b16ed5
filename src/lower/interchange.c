/* Reductions and scans of rows by vectorised operators, interchanged into maps over
 * the columns, for the OpenCL backend (lower.h).
 *
 * A reduce or scan whose accumulators are arrays has no kernel form: the reduce and
 * scan forms combine scalars. The common such operator is vectorised, a map of a scalar
 * operator over the rows (`reduce (map2 (+)) (replicate m 0) xss`, column sums). Since
 * such an operator combines column j of one row with column j of the other only, the
 * reduction of n rows is m independent reductions of the columns, each with the scalar
 * operator (Note [reductions of rows]): a map over the columns whose body reduces its
 * column, which the segred form covers (intra, next to a scan), reading the input
 * a[i, j] in place. A redomap or scanomap with such an operator is split first into a
 * map and the reduce or scan. expand.c calls this on each host-level statement, before
 * lowering plans kernels; the results stay bound to the statement's own variables, and
 * the program passes ir_verify.
 */
#include "lower/lower.h"

#include "ir/util.h"

/* Note [reductions of rows]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * `let r: [m]t = reduce op ne xss`, xss: [n][m]t, where op is vectorised: its body is
 * the shapes of its parameters and maps whose lambdas are scalar operators of the
 * parameters' elements (a tuple of arrays gives one map per array, from internalise),
 * becomes (Futhark's interchange of a reduction with a map does the same):
 *
 *   let r = map(m) \() at j ->
 *     let ne_j = ne[j]                       -- or the scalar a replicate of ne fills
 *     in redomap(n; neutral ne_j) (\() at i -> xss[i, j]) op'
 *
 * where op' is the maps' lambdas one after the other, their parameters renamed to the
 * scalar parameters of op'. Element j of op's result depends only on elements j of its
 * arguments, so the reduction of the rows is, column by column, the reduction of the
 * column with op'; the neutral element's column j is op''s neutral element (when ne is
 * one of op's, as a reduction requires). A scan is the same with scanomap, whose [m][n]
 * result, transposed, is the scan of the rows:
 *
 *   let s_t: [m][n]t = map(m) \() at j -> scanomap(n; neutral ne_j) (...) op'
 *   let s: [n][m]t = rearrange((1, 0), s_t)
 *
 * The map of a redomap is the segred form; it reads xss[i, j], consecutive in j, so
 * neighbouring work-items of the flat version read neighbouring elements and need no
 * transposed copy (Note [coalescing transposes] in lower.c). The map of a scanomap is
 * the intra form (a segmented scan), then one transpose kernel.
 *
 * `redomap(n; xs; ne) f op` with such an op first becomes `let (rows, outs) = map f xs`
 * and the reduction of rows (outs are f's map-outs, bound to the redomap's own); the
 * map is then a kernel of its own when f is kernel code. Operators of arrays of two or
 * more dimensions, and maps that use their parameters' shapes, stay on the host.
 */

/* The rewrite of one statement. */
struct interchange {
  struct ir_program *p;
  struct ir_body *out;    /* the host body being rebuilt */
  struct ir_stm *s;       /* the reduction */
  const struct ir_soac *so;
  int k;                  /* accumulators */
  struct ir_var **arrays; /* per accumulator: the [n][m] array reduced */
  bool scan;
  const int *uses;        /* by variable id: uses in the function, before the rewrite */
  bool *unused;           /* by statement of out: a neutral row no longer used */
};

static struct ir_stm *add_stm(const struct interchange *x, struct ir_body *b,
                              struct ir_exp e, struct ir_var **pat, int n) {
  struct ir_stm *s = ir_body_add(x->p, b, x->s->loc, e, pat, n);
  s->trace = x->s->trace;
  s->unsafe = x->s->unsafe;
  return s;
}

/* Appends the existing statement s to b. */
static void move_stm(struct ir_program *p, struct ir_body *b, struct ir_stm *s) {
  struct ir_exp none = {.kind = IR_SUBEXP};
  ir_body_add(p, b, s->loc, none, NULL, 0); /* makes room */
  b->stms[b->stm_count - 1] = s;
}

static struct ir_var *fresh(const struct interchange *x, const char *name, struct ir_type t) {
  return ir_var_new(x->p, intern(name), t);
}

/* ------------------------------------------------------------ Which operators */

static bool is_param(const struct ir_lambda *op, const struct ir_var *v) {
  for (int i = 0; i < op->param_count; i++) {
    if (op->params[i] == v) {
      return true;
    }
  }
  return false;
}

static bool scalars(struct ir_var *const *vars, int n) {
  for (int i = 0; i < n; i++) {
    if (vars[i]->type.rank != 0) {
      return false;
    }
  }
  return true;
}

/* A map of op's body that applies a scalar operator to elements of op's parameters:
 * inputs that are parameters, a kernel-code lambda of scalars that uses no parameter of
 * op (nor its shape) but through its own. */
static bool elementwise_map(const struct ir_lambda *op, const struct ir_stm *s) {
  if (s->exp.kind != IR_SOAC || s->exp.u.soac.kind != IR_SOAC_MAP) {
    return false;
  }
  const struct ir_soac *m = &s->exp.u.soac;
  const struct ir_lambda *f = m->map_fn;
  for (int i = 0; i < m->input_count; i++) {
    if (!is_param(op, m->inputs[i])) {
      return false;
    }
  }
  if (f->index != NULL || !scalars(f->params, f->param_count) || !lower_is_kernel_lambda(f)) {
    return false;
  }
  for (int i = 0; i < f->ret_count; i++) {
    if (f->ret[i].rank != 0) {
      return false;
    }
  }
  for (int i = 0; i < op->param_count; i++) {
    if (ir_body_uses(f->body, op->params[i])) {
      return false;
    }
  }
  return true;
}

/* The statement of op's body whose pattern holds v, and where; NULL if none. */
static const struct ir_stm *binder(const struct ir_lambda *op, const struct ir_var *v,
                                   int *at) {
  for (int i = 0; i < op->body->stm_count; i++) {
    const struct ir_stm *s = op->body->stms[i];
    for (int j = 0; j < s->pat_count; j++) {
      if (s->pat[j] == v) {
        *at = j;
        return s;
      }
    }
  }
  return NULL;
}

/* Whether op is vectorised (Note [reductions of rows]): parameters that are arrays of
 * one dimension, a body of shapes of them and elementwise maps, results that the maps
 * make, and shapes that only the maps' widths and types use. */
static bool vectorised(const struct ir_lambda *op) {
  int k = op->param_count / 2;
  if (op->param_count != 2 * k || op->body->result_count != k) {
    return false;
  }
  for (int i = 0; i < op->param_count; i++) {
    if (op->params[i]->type.rank != 1) {
      return false;
    }
  }
  for (int i = 0; i < op->body->stm_count; i++) {
    const struct ir_stm *s = op->body->stms[i];
    bool shape = s->exp.kind == IR_SHAPE && is_param(op, s->exp.u.shape.array);
    if (!shape && !elementwise_map(op, s)) {
      return false;
    }
  }
  for (int i = 0; i < op->body->stm_count; i++) {
    const struct ir_stm *s = op->body->stms[i];
    for (int j = 0; s->exp.kind == IR_SHAPE && j < op->body->stm_count; j++) {
      const struct ir_stm *m = op->body->stms[j];
      if (m->exp.kind == IR_SOAC && ir_body_uses(m->exp.u.soac.map_fn->body, s->pat[0])) {
        return false;
      }
    }
  }
  for (int r = 0; r < k; r++) {
    struct ir_subexp res = op->body->results[r];
    int at;
    const struct ir_stm *s = res.kind == IR_SE_VAR ? binder(op, res.u.var, &at) : NULL;
    if (s == NULL || s->exp.kind != IR_SOAC ||
        s->exp.u.soac.map_fn->ret[at].prim != op->params[r]->type.prim) {
      return false;
    }
  }
  return true;
}

/* Whether s is a reduction that this rewrites. */
static bool interchangeable(const struct ir_stm *s) {
  if (s->exp.kind != IR_SOAC || s->sequential) {
    return false;
  }
  const struct ir_soac *so = &s->exp.u.soac;
  switch (so->kind) {
  case IR_SOAC_REDUCE:
  case IR_SOAC_SCAN:
    if (so->input_count != so->neutral_count) {
      return false;
    }
    break;
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCANOMAP:
    for (int i = 0; i < so->neutral_count; i++) {
      if (so->map_fn->ret[i].rank != 1) {
        return false;
      }
    }
    break;
  default:
    return false;
  }
  for (int i = 0; i < so->neutral_count; i++) {
    if (so->neutral[i].kind != IR_SE_VAR) {
      return false;
    }
  }
  return so->neutral_count > 0 && vectorised(so->op);
}

/* ------------------------------------------------------------ The scalar operator */

/* op', the scalar operator of vectorised op: the maps' lambdas one after the other,
 * their parameters renamed to op''s, which are the elements of op's. */
static struct ir_lambda *scalar_operator(const struct interchange *x) {
  struct arena *a = x->p->arena;
  const struct ir_lambda *op = x->so->op;
  struct ir_lambda *f = ir_lambda_new(a);
  f->param_count = op->param_count;
  f->params = ARENA_ARRAY(a, struct ir_var *, op->param_count);
  struct ir_subst sub;
  ir_subst_init(&sub, x->p);
  for (int q = 0; q < op->param_count; q++) {
    f->params[q] = fresh(x, "x", ir_type_row(op->params[q]->type));
  }
  for (int i = 0; i < op->body->stm_count; i++) {
    struct ir_stm *s = op->body->stms[i];
    if (s->exp.kind != IR_SOAC) {
      continue;
    }
    const struct ir_soac *m = &s->exp.u.soac;
    for (int l = 0; l < m->input_count; l++) {
      for (int q = 0; q < op->param_count; q++) {
        if (m->inputs[l] == op->params[q]) {
          ir_subst_set(&sub, m->map_fn->params[l], ir_se_var(f->params[q]));
        }
      }
    }
    ir_subst_body(&sub, m->map_fn->body);
    for (int j = 0; j < m->map_fn->body->stm_count; j++) {
      move_stm(x->p, f->body, m->map_fn->body->stms[j]);
    }
  }
  ir_subst_free(&sub);
  int k = x->k;
  struct ir_subexp *res = ARENA_ARRAY(a, struct ir_subexp, k);
  f->ret = ARENA_ARRAY(a, struct ir_type, k);
  f->ret_count = k;
  for (int r = 0; r < k; r++) {
    int at;
    const struct ir_stm *s = binder(op, op->body->results[r].u.var, &at);
    res[r] = s->exp.u.soac.map_fn->body->results[at];
    f->ret[r] = ir_type_scalar(op->params[r]->type.prim);
  }
  ir_body_set_results(a, f->body, res, k);
  return f;
}

/* ------------------------------------------------------------ Rows of a redomap */

/* The map-out of f that returns the same variable as f's result r, or -1. */
static int same_map_out(const struct ir_lambda *f, int k, int r) {
  const struct ir_subexp *res = f->body->results;
  for (int i = k; res[r].kind == IR_SE_VAR && i < f->ret_count; i++) {
    if (res[i].kind == IR_SE_VAR && res[i].u.var == res[r].u.var) {
      return i;
    }
  }
  return -1;
}

/* `let (rows.., outs..) = map(n; inputs) f`, the map of a redomap or scanomap; the
 * rows become the arrays reduced, the map-outs stay bound to the statement's own. A
 * row that is also a map-out (`let ys = map f xs in (reduce op ne ys, ys)`, fused) is
 * reduced from the map-out, made once. */
static void split_map(struct interchange *x) {
  struct arena *a = x->p->arena;
  const struct ir_soac *so = x->so;
  struct ir_lambda *f = so->map_fn;
  int n = f->ret_count;
  struct ir_var **pat = ARENA_ARRAY(a, struct ir_var *, n);
  struct ir_subexp *res = ARENA_ARRAY(a, struct ir_subexp, n);
  struct ir_type *ret = ARENA_ARRAY(a, struct ir_type, n);
  x->arrays = ARENA_ARRAY(a, struct ir_var *, x->k);
  int count = 0;
  for (int i = 0; i < n; i++) {
    int same = i < x->k ? same_map_out(f, x->k, i) : -1;
    if (same >= 0) {
      x->arrays[i] = x->s->pat[same];
      continue;
    }
    if (i < x->k) {
      struct ir_subexp dims[2] = {so->width, f->ret[i].dims[0]};
      x->arrays[i] = fresh(x, "rows", ir_type_array(a, f->ret[i].prim, 2, dims));
    }
    pat[count] = i < x->k ? x->arrays[i] : x->s->pat[i];
    res[count] = f->body->results[i];
    ret[count++] = f->ret[i];
  }
  ir_body_set_results(a, f->body, res, count);
  f->ret = ret;
  f->ret_count = count;
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = IR_SOAC_MAP, .width = so->width, .inputs = so->inputs,
                              .input_count = so->input_count, .map_fn = f};
  add_stm(x, x->out, e, pat, count);
}

/* ------------------------------------------------------------ The map over columns */

/* The statement of the rebuilt body so far that binds v, or -1. */
static int bound_in(const struct ir_body *b, const struct ir_var *v) {
  for (int i = 0; i < b->stm_count; i++) {
    for (int j = 0; j < b->stms[i]->pat_count; j++) {
      if (b->stms[i]->pat[j] == v) {
        return i;
      }
    }
  }
  return -1;
}

/* array[i] (or array[i, j]), of element type t, added to b. */
static struct ir_subexp add_read(const struct interchange *x, struct ir_body *b,
                                 struct ir_var *array, struct ir_var *i, struct ir_var *j) {
  struct ir_exp e = {.kind = IR_INDEX};
  e.u.index.array = array;
  e.u.index.count = j != NULL ? 2 : 1;
  e.u.index.dims = ARENA_ARRAY(x->p->arena, struct ir_dim_index, 2);
  e.u.index.dims[0].fixed = ir_se_var(i);
  if (j != NULL) {
    e.u.index.dims[1].fixed = ir_se_var(j);
  }
  struct ir_var *y = fresh(x, "x", ir_type_scalar(array->type.prim));
  add_stm(x, b, e, &y, 1)->unsafe = true;
  return ir_se_var(y);
}

/* The neutral element of column j, in b: the scalar that a replicate of the neutral
 * row fills (the replicate goes when nothing else uses it), or the row's element j. */
static struct ir_subexp column_neutral(const struct interchange *x, struct ir_body *b,
                                       struct ir_subexp ne, struct ir_var *j) {
  int at = bound_in(x->out, ne.u.var);
  const struct ir_stm *s = at >= 0 ? x->out->stms[at] : NULL;
  if (s != NULL && s->exp.kind == IR_REPLICATE && s->exp.u.replicate.count == 1 &&
      ir_subexp_type(s->exp.u.replicate.value).rank == 0) {
    x->unused[at] = x->unused[at] || x->uses[ne.u.var->id] == 1;
    return s->exp.u.replicate.value;
  }
  return add_read(x, b, ne.u.var, j, NULL);
}

/* The redomap or scanomap of column j, added to b: its map reads xss[i, j]. */
static struct ir_var **add_column_reduction(const struct interchange *x, struct ir_body *b,
                                            struct ir_var *j) {
  struct arena *a = x->p->arena;
  int k = x->k;
  struct ir_lambda *read = ir_lambda_new(a);
  read->index = fresh(x, "i", ir_type_scalar(PRIM_I64));
  read->ret = ARENA_ARRAY(a, struct ir_type, k);
  read->ret_count = k;
  struct ir_subexp *elems = ARENA_ARRAY(a, struct ir_subexp, k);
  struct ir_subexp *neutral = ARENA_ARRAY(a, struct ir_subexp, k);
  struct ir_var **pat = ARENA_ARRAY(a, struct ir_var *, k);
  for (int r = 0; r < k; r++) {
    neutral[r] = column_neutral(x, b, x->so->neutral[r], j);
    elems[r] = add_read(x, read->body, x->arrays[r], read->index, j);
    read->ret[r] = ir_subexp_type(elems[r]);
    struct ir_type t = read->ret[r];
    pat[r] = fresh(x, "r", x->scan ? ir_type_array(a, t.prim, 1, &x->so->width) : t);
  }
  ir_body_set_results(a, read->body, elems, k);
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = x->scan ? IR_SOAC_SCANOMAP : IR_SOAC_REDOMAP,
                              .width = x->so->width, .map_fn = read,
                              .op = scalar_operator(x), .neutral = neutral,
                              .neutral_count = k, .commutative = x->so->commutative};
  add_stm(x, b, e, pat, k);
  return pat;
}

/* The number of columns: the arrays' inner size, or their shape when it is unknown. */
static struct ir_subexp columns(const struct interchange *x) {
  struct ir_subexp m = x->arrays[0]->type.dims[1];
  if (m.kind != IR_SE_NONE) {
    return m;
  }
  struct ir_exp e = {.kind = IR_SHAPE};
  e.u.shape.array = x->arrays[0];
  e.u.shape.dim = 1;
  struct ir_var *y = fresh(x, "m", ir_type_scalar(PRIM_I64));
  add_stm(x, x->out, e, &y, 1);
  return ir_se_var(y);
}

/* The map over the columns, bound to the reduction's own results (a reduce) or to
 * arrays [m][n] that are transposed into them (a scan). */
static void add_column_map(struct interchange *x) {
  struct arena *a = x->p->arena;
  int k = x->k;
  struct ir_subexp m = columns(x);
  struct ir_lambda *f = ir_lambda_new(a);
  f->index = fresh(x, "j", ir_type_scalar(PRIM_I64));
  struct ir_var **res = add_column_reduction(x, f->body, f->index);
  struct ir_subexp *results = ARENA_ARRAY(a, struct ir_subexp, k);
  f->ret = ARENA_ARRAY(a, struct ir_type, k);
  f->ret_count = k;
  struct ir_var **pat = ARENA_ARRAY(a, struct ir_var *, k);
  for (int r = 0; r < k; r++) {
    results[r] = ir_se_var(res[r]);
    f->ret[r] = res[r]->type;
    struct ir_subexp dims[2] = {m, x->so->width};
    struct ir_type t = ir_type_array(a, res[r]->type.prim, 1 + x->scan, dims);
    pat[r] = x->scan ? fresh(x, "columns", t) : x->s->pat[r];
  }
  ir_body_set_results(a, f->body, results, k);
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = IR_SOAC_MAP, .width = m, .map_fn = f};
  add_stm(x, x->out, e, pat, k);
  for (int r = 0; x->scan && r < k; r++) {
    struct ir_exp t = {.kind = IR_REARRANGE};
    t.u.rearrange.array = pat[r];
    t.u.rearrange.rank = 2;
    t.u.rearrange.perm = ARENA_ARRAY(a, int, 2);
    t.u.rearrange.perm[0] = 1;
    t.u.rearrange.perm[1] = 0;
    add_stm(x, x->out, t, &x->s->pat[r], 1);
  }
}

/* ------------------------------------------------------------ Driver */

bool lower_interchange(struct ir_program *p, struct ir_body *out, struct ir_stm *s,
                       const int *uses) {
  if (!interchangeable(s)) {
    return false;
  }
  const struct ir_soac *so = &s->exp.u.soac;
  struct interchange x = {.p = p, .out = out, .s = s, .so = so, .k = so->neutral_count,
                          .arrays = so->inputs,
                          .scan = so->kind == IR_SOAC_SCAN || so->kind == IR_SOAC_SCANOMAP,
                          .uses = uses};
  x.unused = ARENA_ARRAY(p->arena, bool, out->stm_count + 1);
  int before = out->stm_count;
  if (so->kind == IR_SOAC_REDOMAP || so->kind == IR_SOAC_SCANOMAP) {
    split_map(&x);
  }
  add_column_map(&x);
  bool *keep = ARENA_ARRAY(p->arena, bool, out->stm_count + 1);
  for (int i = 0; i < out->stm_count; i++) {
    keep[i] = i >= before || !x.unused[i];
  }
  ir_body_filter(out, keep);
  return true;
}
