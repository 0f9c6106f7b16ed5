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
 * a[i, j] in place; accumulators of several dimensions are flattened to one. A redomap
 * or scanomap with such an operator is split first into a map and the reduce or scan.
 * expand.c calls this on each host-level statement, before lowering plans kernels;
 * the results stay bound to the statement's own variables, and the program passes
 * ir_verify.
 */
#include "lower/lower.h"

#include <string.h>

#include "ir/util.h"
#include "lower/rewrite.h"

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
 * transposed copy (Note [coalescing transposes] in coalesce.c). The map of a scanomap is
 * the intra form (a segmented scan), then one transpose kernel.
 *
 * Accumulators of several dimensions, [d1]..[dr]t, whose operator is a map of such
 * maps (`map2 (map2 (+))`), have d1 * .. * dr columns: xss is reshaped to [n][m] with
 * m that product (a view), op' is the scalar lambdas at the bottom, and the results
 * are reshaped back (a replicate of replicates gives the scalar neutral element; any
 * other neutral row is reshaped too).
 *
 * `redomap(n; xs; ne) f op` with such an op first becomes `let (rows, outs) = map f xs`
 * and the reduction of rows (outs are f's map-outs, bound to the redomap's own); the
 * map is then a kernel of its own when f is kernel code. What stays on the host:
 * tuples of accumulators whose rows differ in size (or are of unknown sizes: the
 * columns of one must be those of all), operators that are not elementwise (reading
 * another element of a row, using its shape in the scalar code, anything but shapes
 * and maps), neutral elements that are not variables, and reductions marked
 * #[sequential].
 */

/* The rewrite of one statement. */
struct interchange {
  struct ir_program *p;
  struct lower_rewrite rw; /* statements stand for the reduction */
  struct ir_body *out;    /* the host body being rebuilt */
  struct ir_stm *s;       /* the reduction */
  const struct ir_soac *so;
  int k;                  /* accumulators */
  int rank;               /* of the accumulators: arrays of rank dimensions */
  struct ir_var **arrays; /* per accumulator: the [n][d..] array reduced, then [n][m] */
  struct ir_subexp *row;  /* the accumulators' dimensions d.. */
  struct ir_subexp m;     /* columns: their product */
  bool scan;
  const int *uses;        /* by variable id: uses in the function, before the rewrite */
  bool *unused;           /* by statement of out: a neutral row no longer used */
};

/* ------------------------------------------------------------ Which operators */

static bool is_param(const struct ir_lambda *op, const struct ir_var *v) {
  for (int i = 0; i < op->param_count; i++) {
    if (op->params[i] == v) {
      return true;
    }
  }
  return false;
}

/* The statement of l's body whose pattern holds v, and where; NULL if none. */
static const struct ir_stm *binder(const struct ir_lambda *l, const struct ir_var *v,
                                   int *at) {
  for (int i = 0; i < l->body->stm_count; i++) {
    const struct ir_stm *s = l->body->stms[i];
    for (int j = 0; j < s->pat_count; j++) {
      if (s->pat[j] == v) {
        *at = j;
        return s;
      }
    }
  }
  return NULL;
}

static bool is_map(const struct ir_stm *s) {
  return s->exp.kind == IR_SOAC && s->exp.u.soac.kind == IR_SOAC_MAP;
}

/* The lambdas around an elementwise lambda, innermost first. */
struct scope {
  const struct ir_lambda *l;
  const struct scope *up;
};

/* Whether f's body uses what the lambdas around it bind: parameters, shapes. */
static bool uses_scope(const struct ir_lambda *f, const struct scope *sc) {
  for (; sc != NULL; sc = sc->up) {
    for (int i = 0; i < sc->l->param_count; i++) {
      if (ir_body_uses(f->body, sc->l->params[i])) {
        return true;
      }
    }
    for (int i = 0; i < sc->l->body->stm_count; i++) {
      const struct ir_stm *s = sc->l->body->stms[i];
      if (s->exp.kind == IR_SHAPE && ir_body_uses(f->body, s->pat[0])) {
        return true;
      }
    }
  }
  return false;
}

static bool elementwise(const struct ir_lambda *l, int rank, const struct scope *up);

/* A statement of elementwise l's body: a shape of a parameter, or a map of parameters
 * whose lambda is elementwise one rank down. */
static bool elementwise_stm(const struct ir_lambda *l, const struct ir_stm *s, int rank,
                            const struct scope *sc) {
  if (s->exp.kind == IR_SHAPE) {
    return is_param(l, s->exp.u.shape.array);
  }
  if (!is_map(s)) {
    return false;
  }
  const struct ir_soac *m = &s->exp.u.soac;
  for (int i = 0; i < m->input_count; i++) {
    if (!is_param(l, m->inputs[i])) {
      return false;
    }
  }
  return elementwise(m->map_fn, rank - 1, sc);
}

/* Whether l combines its parameters element by element (Note [reductions of rows]):
 * of rank 0, kernel code of scalars that uses nothing the lambdas around bind; of rank
 * r, parameters and results of rank r, a body of shapes and maps of the parameters
 * whose lambdas are elementwise of rank r - 1, and results that the maps make. */
static bool elementwise(const struct ir_lambda *l, int rank, const struct scope *up) {
  if (l->index != NULL) {
    return false;
  }
  for (int i = 0; i < l->param_count; i++) {
    if (l->params[i]->type.rank != rank) {
      return false;
    }
  }
  for (int i = 0; i < l->ret_count; i++) {
    if (l->ret[i].rank != rank) {
      return false;
    }
  }
  if (rank == 0) {
    return lower_is_kernel_lambda(l) && !uses_scope(l, up);
  }
  struct scope sc = {l, up};
  for (int i = 0; i < l->body->stm_count; i++) {
    if (!elementwise_stm(l, l->body->stms[i], rank, &sc)) {
      return false;
    }
  }
  for (int r = 0; r < l->body->result_count; r++) {
    struct ir_subexp res = l->body->results[r];
    int at;
    const struct ir_stm *s = res.kind == IR_SE_VAR ? binder(l, res.u.var, &at) : NULL;
    if (s == NULL || !is_map(s)) {
      return false;
    }
  }
  return true;
}

/* Whether op is vectorised: 2k parameters of the same rank, elementwise, whose results
 * have the types of the accumulators. */
static bool vectorised(const struct ir_lambda *op) {
  int k = op->param_count / 2;
  if (k == 0 || op->param_count != 2 * k || op->body->result_count != k) {
    return false;
  }
  int rank = op->params[0]->type.rank;
  if (rank == 0 || !elementwise(op, rank, NULL)) {
    return false;
  }
  for (int r = 0; r < k; r++) {
    if (ir_subexp_type(op->body->results[r]).prim != op->params[r]->type.prim) {
      return false;
    }
  }
  return true;
}

static bool has_map(const struct ir_soac *so) {
  return so->kind == IR_SOAC_REDOMAP || so->kind == IR_SOAC_SCANOMAP;
}

/* Dimension d of the rows that accumulator i reduces. */
static struct ir_subexp row_dim(const struct ir_soac *so, int i, int d) {
  return has_map(so) ? so->map_fn->ret[i].dims[d] : so->inputs[i]->type.dims[1 + d];
}

/* Whether every accumulator has rows of rank dimensions, all of the same, known, sizes
 * when there are several (the columns of one are those of all). */
static bool same_rows(const struct ir_soac *so, int rank) {
  for (int i = 0; i < so->neutral_count; i++) {
    int r = has_map(so) ? so->map_fn->ret[i].rank : so->inputs[i]->type.rank - 1;
    if (r != rank) {
      return false;
    }
    for (int d = 0; i > 0 && d < rank; d++) {
      struct ir_subexp a = row_dim(so, 0, d);
      if (a.kind == IR_SE_NONE || !ir_subexp_equal(a, row_dim(so, i, d))) {
        return false;
      }
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
    break;
  default:
    return false;
  }
  for (int i = 0; i < so->neutral_count; i++) {
    if (so->neutral[i].kind != IR_SE_VAR) {
      return false;
    }
  }
  return vectorised(so->op) && same_rows(so, so->op->params[0]->type.rank);
}

/* ------------------------------------------------------------ The scalar operator */

/* Moves into f the bodies of the scalar lambdas under l (of the given rank), their
 * parameters renamed to f's: index[q] is the parameter of f whose elements l's
 * parameter q holds. */
static void gather_lambdas(const struct interchange *x, struct ir_lambda *f,
                           const struct ir_lambda *l, int rank, const int *index,
                           struct ir_subst *sub) {
  for (int i = 0; i < l->body->stm_count; i++) {
    struct ir_stm *s = l->body->stms[i];
    if (!is_map(s)) {
      continue;
    }
    const struct ir_soac *m = &s->exp.u.soac;
    int *inner = ARENA_ARRAY(x->p->arena, int, m->input_count + 1);
    for (int j = 0; j < m->input_count; j++) {
      for (int q = 0; q < l->param_count; q++) {
        if (m->inputs[j] == l->params[q]) {
          inner[j] = index[q];
        }
      }
    }
    struct ir_lambda *g = m->map_fn;
    if (rank > 1) {
      gather_lambdas(x, f, g, rank - 1, inner, sub);
      continue;
    }
    for (int j = 0; j < m->input_count; j++) {
      ir_subst_set(sub, g->params[j], ir_se_var(f->params[inner[j]]));
    }
    ir_subst_body(sub, g->body);
    for (int j = 0; j < g->body->stm_count; j++) {
      rewrite_move(x->p, f->body, g->body->stms[j]);
    }
  }
}

/* The scalar that the lambdas under l (of the given rank) compute for its result r. */
static struct ir_subexp scalar_result(const struct ir_lambda *l, int rank, int r) {
  int at;
  const struct ir_stm *s = binder(l, l->body->results[r].u.var, &at);
  const struct ir_lambda *g = s->exp.u.soac.map_fn;
  return rank > 1 ? scalar_result(g, rank - 1, at) : g->body->results[at];
}

/* op', the scalar operator of vectorised op: the scalar lambdas under it one after the
 * other, their parameters renamed to op''s, which are the elements of op's. */
static struct ir_lambda *scalar_operator(const struct interchange *x) {
  struct arena *a = x->p->arena;
  const struct ir_lambda *op = x->so->op;
  struct ir_lambda *f = ir_lambda_new(a);
  f->param_count = op->param_count;
  f->params = ARENA_ARRAY(a, struct ir_var *, op->param_count);
  int *index = ARENA_ARRAY(a, int, op->param_count);
  for (int q = 0; q < op->param_count; q++) {
    f->params[q] = rewrite_fresh(&x->rw, "x", ir_type_scalar(op->params[q]->type.prim));
    index[q] = q;
  }
  struct ir_subst sub;
  ir_subst_init(&sub, x->p);
  gather_lambdas(x, f, op, x->rank, index, &sub);
  ir_subst_free(&sub);
  int k = x->k;
  struct ir_subexp *res = ARENA_ARRAY(a, struct ir_subexp, k);
  f->ret = ARENA_ARRAY(a, struct ir_type, k);
  f->ret_count = k;
  for (int r = 0; r < k; r++) {
    res[r] = scalar_result(op, x->rank, r);
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

/* [n] followed by the dimensions of t. */
static struct ir_type outer(const struct interchange *x, struct ir_subexp n, struct ir_type t) {
  struct ir_subexp *dims = ARENA_ARRAY(x->p->arena, struct ir_subexp, t.rank + 1);
  dims[0] = n;
  for (int d = 0; d < t.rank; d++) {
    dims[1 + d] = t.dims[d];
  }
  return ir_type_array(x->p->arena, t.prim, t.rank + 1, dims);
}

/* The parameter of f that f's result r is, or -1. */
static int param_result(const struct ir_lambda *f, int r) {
  struct ir_subexp res = f->body->results[r];
  for (int q = 0; res.kind == IR_SE_VAR && q < f->param_count; q++) {
    if (f->params[q] == res.u.var) {
      return q;
    }
  }
  return -1;
}

/* `let (rows.., outs..) = map(n; inputs) f`, the map of a redomap or scanomap; the
 * rows become the arrays reduced, the map-outs stay bound to the statement's own. A
 * row that is a row of an input is reduced from that input, and one that is also a
 * map-out (`let ys = map f xs in (reduce op ne ys, ys)`, fused) from the map-out: the
 * map makes neither (nor is there a map when nothing is left to make). */
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
    int param = i < x->k ? param_result(f, i) : -1;
    int same = i < x->k ? same_map_out(f, x->k, i) : -1;
    if (param >= 0 || same >= 0) {
      x->arrays[i] = param >= 0 ? so->inputs[param] : x->s->pat[same];
      continue;
    }
    if (i < x->k) {
      x->arrays[i] = rewrite_fresh(&x->rw, "rows", outer(x, so->width, f->ret[i]));
    }
    pat[count] = i < x->k ? x->arrays[i] : x->s->pat[i];
    res[count] = f->body->results[i];
    ret[count++] = f->ret[i];
  }
  ir_body_set_results(a, f->body, res, count);
  f->ret = ret;
  f->ret_count = count;
  if (count == 0) {
    return;
  }
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = IR_SOAC_MAP, .width = so->width, .inputs = so->inputs,
                              .input_count = so->input_count, .map_fn = f};
  rewrite_add(&x->rw, x->out, e, pat, count);
}

/* ------------------------------------------------------------ Columns */

/* y = lhs * rhs, an i64 added to the host body. */
static struct ir_subexp add_product(const struct interchange *x, struct ir_subexp lhs,
                                    struct ir_subexp rhs) {
  struct ir_exp e = {.kind = IR_BINOP};
  e.u.binop.op = IR_BINOP_MUL;
  e.u.binop.lhs = lhs;
  e.u.binop.rhs = rhs;
  struct ir_var *y = rewrite_fresh(&x->rw, "m", ir_type_scalar(PRIM_I64));
  rewrite_add(&x->rw, x->out, e, &y, 1);
  return ir_se_var(y);
}

/* The accumulators' dimensions (their shapes where unknown, as there is then only
 * one), the columns, their product, and arrays of rank 2 to reduce, [n][m]: the
 * arrays reshaped when the accumulators have several dimensions. */
static void find_columns(struct interchange *x) {
  struct arena *a = x->p->arena;
  x->row = ARENA_ARRAY(a, struct ir_subexp, x->rank);
  for (int d = 0; d < x->rank; d++) {
    x->row[d] = x->arrays[0]->type.dims[1 + d];
    if (x->row[d].kind == IR_SE_NONE) {
      struct ir_exp e = {.kind = IR_SHAPE};
      e.u.shape.array = x->arrays[0];
      e.u.shape.dim = 1 + d;
      struct ir_var *y = rewrite_fresh(&x->rw, "d", ir_type_scalar(PRIM_I64));
      rewrite_add(&x->rw, x->out, e, &y, 1);
      x->row[d] = ir_se_var(y);
    }
    x->m = d == 0 ? x->row[0] : add_product(x, x->m, x->row[d]);
  }
  for (int i = 0; x->rank > 1 && i < x->k; i++) {
    struct ir_subexp *dims = ARENA_ARRAY(a, struct ir_subexp, 2);
    dims[0] = x->so->width;
    dims[1] = x->m;
    x->arrays[i] = rewrite_reshape(&x->rw, x->out, x->arrays[i], dims, 2, NULL);
  }
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

/* The scalar that replicates in the host body fill the neutral row ne with (one
 * replicate of all its dimensions, or one per dimension), or none; the replicates go
 * when nothing else uses them. */
static struct ir_subexp replicated(const struct interchange *x, struct ir_subexp ne) {
  int *chain = ARENA_ARRAY(x->p->arena, int, x->rank + 1);
  int depth = 0, len = 0;
  while (ne.kind == IR_SE_VAR && depth < x->rank) {
    int at = bound_in(x->out, ne.u.var);
    if (at < 0 || x->out->stms[at]->exp.kind != IR_REPLICATE) {
      return ir_se_none();
    }
    chain[len++] = at;
    depth += x->out->stms[at]->exp.u.replicate.count;
    ne = x->out->stms[at]->exp.u.replicate.value;
  }
  if (depth != x->rank || ir_subexp_type(ne).rank != 0) {
    return ir_se_none();
  }
  for (int i = 0; i < len && x->uses[x->out->stms[chain[i]]->pat[0]->id] == 1; i++) {
    x->unused[chain[i]] = true;
  }
  return ne;
}

/* The neutral element of column j, in b: the scalar that the neutral row is a
 * replicate of, or its element j (of the row flattened). */
static struct ir_subexp column_neutral(const struct interchange *x, struct ir_body *b,
                                       struct ir_subexp ne, struct ir_var *j) {
  struct ir_subexp scalar = replicated(x, ne);
  if (scalar.kind != IR_SE_NONE) {
    return scalar;
  }
  struct ir_var *row = ne.u.var;
  if (x->rank > 1) {
    struct ir_subexp *dims = ARENA_NEW(x->p->arena, struct ir_subexp);
    *dims = x->m;
    row = rewrite_reshape(&x->rw, x->out, row, dims, 1, NULL);
  }
  struct ir_subexp at = ir_se_var(j);
  return rewrite_read(&x->rw, b, row, &at, 1);
}

/* The redomap or scanomap of column j, added to b: its map reads xss[i, j]. */
static struct ir_var **add_column_reduction(const struct interchange *x, struct ir_body *b,
                                            struct ir_var *j) {
  struct arena *a = x->p->arena;
  int k = x->k;
  struct ir_lambda *read = ir_lambda_new(a);
  read->index = rewrite_fresh(&x->rw, "i", ir_type_scalar(PRIM_I64));
  read->ret = ARENA_ARRAY(a, struct ir_type, k);
  read->ret_count = k;
  struct ir_subexp *elems = ARENA_ARRAY(a, struct ir_subexp, k);
  struct ir_subexp *neutral = ARENA_ARRAY(a, struct ir_subexp, k);
  struct ir_var **pat = ARENA_ARRAY(a, struct ir_var *, k);
  for (int r = 0; r < k; r++) {
    neutral[r] = column_neutral(x, b, x->so->neutral[r], j);
    struct ir_subexp at[2] = {ir_se_var(read->index), ir_se_var(j)};
    elems[r] = rewrite_read(&x->rw, read->body, x->arrays[r], at, 2);
    read->ret[r] = ir_subexp_type(elems[r]);
    struct ir_type t = read->ret[r];
    pat[r] = rewrite_fresh(&x->rw, "r", x->scan ? ir_type_array(a, t.prim, 1, &x->so->width) : t);
  }
  ir_body_set_results(a, read->body, elems, k);
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = x->scan ? IR_SOAC_SCANOMAP : IR_SOAC_REDOMAP,
                              .width = x->so->width, .map_fn = read,
                              .op = scalar_operator(x), .neutral = neutral,
                              .neutral_count = k, .commutative = x->so->commutative};
  rewrite_add(&x->rw, b, e, pat, k);
  return pat;
}

/* The results of the map over the columns, [m]t or [m][n]t, as the reduction's own:
 * transposed (a scan), reshaped to the accumulators' dimensions (several). */
static void bind_results(struct interchange *x, struct ir_var **pat) {
  struct arena *a = x->p->arena;
  for (int r = 0; r < x->k; r++) {
    struct ir_var *y = pat[r];
    struct ir_var *to = x->rank == 1 ? x->s->pat[r] : NULL;
    if (x->scan) {
      struct ir_exp t = {.kind = IR_REARRANGE};
      t.u.rearrange.array = y;
      t.u.rearrange.rank = 2;
      t.u.rearrange.perm = ARENA_ARRAY(a, int, 2);
      t.u.rearrange.perm[0] = 1;
      t.u.rearrange.perm[1] = 0;
      struct ir_subexp dims[2] = {x->so->width, x->m};
      if (to == NULL) {
        to = rewrite_fresh(&x->rw, "scanned", ir_type_array(a, y->type.prim, 2, dims));
      }
      rewrite_add(&x->rw, x->out, t, &to, 1);
      y = to;
    }
    if (x->rank > 1) {
      int rank = x->rank + x->scan;
      struct ir_subexp *dims = ARENA_ARRAY(a, struct ir_subexp, rank);
      dims[0] = x->so->width;
      memcpy(dims + x->scan, x->row, sizeof *dims * (size_t)x->rank);
      rewrite_reshape(&x->rw, x->out, y, dims, rank, x->s->pat[r]);
    }
  }
}

/* The map over the columns, then its results bound to the reduction's own. */
static void add_column_map(struct interchange *x) {
  struct arena *a = x->p->arena;
  int k = x->k;
  struct ir_lambda *f = ir_lambda_new(a);
  f->index = rewrite_fresh(&x->rw, "j", ir_type_scalar(PRIM_I64));
  struct ir_var **res = add_column_reduction(x, f->body, f->index);
  struct ir_subexp *results = ARENA_ARRAY(a, struct ir_subexp, k);
  f->ret = ARENA_ARRAY(a, struct ir_type, k);
  f->ret_count = k;
  struct ir_var **pat = ARENA_ARRAY(a, struct ir_var *, k);
  for (int r = 0; r < k; r++) {
    results[r] = ir_se_var(res[r]);
    f->ret[r] = res[r]->type;
    struct ir_subexp dims[2] = {x->m, x->so->width};
    struct ir_type t = ir_type_array(a, res[r]->type.prim, 1 + x->scan, dims);
    pat[r] = x->scan        ? rewrite_fresh(&x->rw, "columns", t)
             : x->rank == 1 ? x->s->pat[r]
                            : rewrite_fresh(&x->rw, "r", t);
  }
  ir_body_set_results(a, f->body, results, k);
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = IR_SOAC_MAP, .width = x->m, .map_fn = f};
  rewrite_add(&x->rw, x->out, e, pat, k);
  if (x->scan || x->rank > 1) {
    bind_results(x, pat);
  }
}

/* ------------------------------------------------------------ Driver */

bool lower_interchange(struct ir_program *p, struct ir_body *out, struct ir_stm *s,
                       const int *uses) {
  if (!interchangeable(s)) {
    return false;
  }
  const struct ir_soac *so = &s->exp.u.soac;
  struct interchange x = {.p = p, .rw = {.p = p, .from = s}, .out = out, .s = s, .so = so,
                          .k = so->neutral_count,
                          .rank = so->op->params[0]->type.rank,
                          .scan = so->kind == IR_SOAC_SCAN || so->kind == IR_SOAC_SCANOMAP,
                          .uses = uses};
  x.unused = ARENA_ARRAY(p->arena, bool, out->stm_count + 1);
  int before = out->stm_count;
  if (has_map(so)) {
    split_map(&x);
  } else {
    x.arrays = ARENA_ARRAY(p->arena, struct ir_var *, x.k);
    memcpy(x.arrays, so->inputs, sizeof *x.arrays * (size_t)x.k);
  }
  find_columns(&x);
  add_column_map(&x);
  bool *keep = ARENA_ARRAY(p->arena, bool, out->stm_count + 1);
  for (int i = 0; i < out->stm_count; i++) {
    keep[i] = i >= before || !x.unused[i];
  }
  ir_body_filter(out, keep);
  return true;
}
