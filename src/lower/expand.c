/* Expansion of filters into kernel forms, for the OpenCL backend (lower.h).
 *
 * No kernel form covers IR_SOAC_FILTER, so without this pass every filter (and every
 * partition, which internalise makes two filters of) runs sequentially on the host.
 * Before lowering plans kernels, each filter at host level whose lambda is kernel code
 * (scalar values) becomes a scanomap, which the scan form covers, and a scatter, which
 * the scatter form covers (Note [filter as scan and scatter]); consecutive filters of
 * the same inputs (a partition) become one scanomap and one scatter
 * (Note [filters side by side]). The statements this makes are core IR and pass
 * ir_verify; the count and the kept arrays stay bound to the filter's own variables, so
 * the existential sizes they carry are unchanged.
 *
 * A filter that keeps rows (arrays of rows of its inputs) scatters them element by
 * element, flattened (Note [filters of rows]). Filters inside lambdas and those marked
 * #[sequential] are left alone. The C backend runs filters as they are, in one
 * sequential pass, and does not call this.
 *
 * The same walk interchanges reductions and scans of rows by vectorised operators into
 * maps over the columns (interchange.c, Note [reductions of rows] there).
 */
#include "lower/lower.h"

#include <string.h>

#include "fusion/fusion.h"
#include "ir/util.h"
#include "lower/rewrite.h"
#include "support/heap.h"

/* Note [filter as scan and scatter]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * `let (count, kept_1 .. kept_v) = filter f xs` over w elements, where f gives a bool
 * `keep` and v values, becomes (Futhark's filter in its GPU pipeline does the same):
 *
 *   let (offs: [w]i64, keeps: [w]bool, outs ..) =
 *     scanomap (\x -> ... f's body ...; let flag = i64 keep in (flag, keep, outs ..))
 *              (+) 0i64 xs
 *   let count = if w == 0 then 0i64 else offs[w - 1]
 *   let blank_j: [count]t_j = replicate count 0
 *   let (kept_1 .. kept_v) =
 *     scatter (blank_1 .. blank_v) (offs, keeps, vals ..)
 *             (\o k vs.. -> let i = o * i64 k - 1 in (i .. i, vs ..))
 *
 * offs is the inclusive scan of the flags, so a kept element goes to offs - 1, its
 * place among the kept ones; the others go to -1, which scatter skips (as Futhark's:
 * writes out of bounds do nothing). The scanomap and the scatter are one kernel form
 * each (scan, scatter), and the count is read back by the host, which needs it anyway
 * to make the destinations.
 *
 * The values the scatter writes: a value that is one of f's parameters (a row of an
 * input, as internalise makes every filter) is read straight from that input; any
 * other value (what fusion made f compute) is a map-out of the scanomap (`outs`).
 */

/* Note [filters side by side]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * `partition p xs` is two filters of xs, one keeping p and one keeping not p
 * (internalise.c). Expanded one by one they would read xs twice and scan twice. So a
 * run of consecutive filters of the same width and the same inputs, none using what
 * an earlier one binds, expands together: one scanomap whose lambda is the filters'
 * lambdas one after the other (the later ones' parameters renamed to the first's),
 * with one i64 accumulator per filter, so that the scan counts every class at once;
 * then the counts, the destinations, and one scatter that writes every filter's kept
 * values, each at the offsets of its own class. The results are those of the filters
 * (one array plus a count per class), bound to the same variables.
 */

/* Note [filters of rows]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * A filter of xs: [w][d]t that keeps its rows (the lambda returns its parameter) has no
 * scatter of rows to write them with: scatter writes scalars. Its rows are scattered as
 * the elements they are made of instead, one scatter per kept array:
 *
 *   let flat: [w*d]t = reshape(xs, [w*d])
 *   let blank: [count*d]t = replicate count*d 0
 *   let kept_flat = scatter blank flat
 *     (\x at e -> let r = e / d; let c = e % d
 *                 in ((offs[r] * i64 keeps[r] - 1) * d + c, x))
 *   let kept: [count][d]t = reshape(kept_flat, [count, d])
 *
 * Element c of a kept row r goes to row offs[r] - 1 of the result; an element of a row
 * not kept to c - d, which is negative, so the scatter skips it. Rows of more
 * dimensions flatten the same way, d the product of them. A reshape of an array laid
 * out in order is a view, not a copy; a kept row is read once and written once, and
 * neighbouring work-items read and write neighbouring elements. [w][0] rows make a
 * scatter of no elements and [count][0] kept rows. The lambda must be kernel code but
 * for these results (its other values are scalars, as for any filter).
 */

/* A run of filters that expands together, and what expansion makes for it. */
struct expansion {
  struct ir_program *p;
  struct lower_rewrite rw;       /* statements stand for the first filter */
  struct ir_body *out;           /* the body being rebuilt */
  struct ir_stm **filters;       /* the filter statements */
  int count;
  struct ir_lambda *fn;          /* the merged lambda: the scanomap's */
  struct ir_subexp *keeps;       /* per filter: its bool, in fn */
  struct ir_var **offs;          /* per filter: the scan of its flags, then its keeps */
  struct ir_subexp *srcs;        /* per filter and value: the array the scatter reads */
  struct ir_var **blanks;        /* per filter and value: the destination */
  int value_count;               /* values of every filter together */
  bool *rows;                    /* per filter and value: a row, scattered flat */
  int scalar_count;              /* values that are scalars */
};

/* y = lhs op rhs, of type t, added to b. */
static struct ir_subexp add_binop(struct expansion *x, struct ir_body *b, enum ir_binop op,
                                  struct ir_subexp lhs, struct ir_subexp rhs,
                                  enum prim_type t, const char *name) {
  struct ir_exp e = {.kind = IR_BINOP};
  e.u.binop.op = op;
  e.u.binop.lhs = lhs;
  e.u.binop.rhs = rhs;
  struct ir_var *y = rewrite_fresh(&x->rw, name, ir_type_scalar(t));
  rewrite_add(&x->rw, b, e, &y, 1);
  return ir_se_var(y);
}

/* y = i64 keep, added to b. */
static struct ir_subexp add_flag(struct expansion *x, struct ir_body *b,
                                 struct ir_subexp keep) {
  struct ir_exp e = {.kind = IR_CONVERT};
  e.u.convert.operand = keep;
  struct ir_var *y = rewrite_fresh(&x->rw, "flag", ir_type_scalar(PRIM_I64));
  rewrite_add(&x->rw, b, e, &y, 1);
  return ir_se_var(y);
}

/* ------------------------------------------------------------ Which filters */

/* The parameter of fn that se is, or -1. */
static int param_index(const struct ir_lambda *fn, struct ir_subexp se) {
  for (int i = 0; se.kind == IR_SE_VAR && i < fn->param_count; i++) {
    if (fn->params[i] == se.u.var) {
      return i;
    }
  }
  return -1;
}

/* Whether filter lambda l is kernel code but for the rows it keeps: results of one or
 * more dimensions that are its parameters (Note [filters of rows]). */
static bool kernel_filter_lambda(const struct ir_lambda *l) {
  int n = l->body->result_count;
  struct ir_subexp *res = heap_calloc((size_t)n + 1, sizeof *res);
  struct ir_type *ret = heap_calloc((size_t)n + 1, sizeof *ret);
  int k = 0;
  bool rows_are_params = res != NULL && ret != NULL;
  for (int i = 0; rows_are_params && i < n; i++) {
    if (l->ret[i].rank == 0) {
      res[k] = l->body->results[i];
      ret[k++] = l->ret[i];
    } else {
      rows_are_params = rows_are_params && param_index(l, l->body->results[i]) >= 0;
    }
  }
  struct ir_body body = *l->body;
  body.results = res;
  body.result_count = k;
  struct ir_lambda probe = *l;
  probe.body = &body;
  probe.ret = ret;
  probe.ret_count = k;
  bool ok = rows_are_params && lower_is_kernel_lambda(&probe);
  heap_free(res);
  heap_free(ret);
  return ok;
}

static bool expandable(const struct ir_stm *s) {
  return s->exp.kind == IR_SOAC && s->exp.u.soac.kind == IR_SOAC_FILTER && !s->sequential &&
         kernel_filter_lambda(s->exp.u.soac.map_fn);
}

static bool same_inputs(const struct ir_soac *a, const struct ir_soac *b) {
  if (a->input_count != b->input_count || !ir_subexp_equal(a->width, b->width)) {
    return false;
  }
  for (int i = 0; i < a->input_count; i++) {
    if (a->inputs[i] != b->inputs[i]) {
      return false;
    }
  }
  return true;
}

/* Whether filter t may join the run that starts at stms[first] and ends before t. */
static bool joins_run(struct ir_stm **stms, int first, int t) {
  if (!expandable(stms[t]) || !same_inputs(&stms[first]->exp.u.soac, &stms[t]->exp.u.soac)) {
    return false;
  }
  for (int i = first; i < t; i++) {
    for (int j = 0; j < stms[i]->pat_count; j++) {
      if (ir_stm_uses(stms[t], stms[i]->pat[j])) {
        return false;
      }
    }
  }
  return true;
}

/* ------------------------------------------------------------ The scanomap */

/* Moves the body of filter lambda g to the end of f's, g's parameters (and index)
 * renamed to f's; returns g's results, renamed. */
static struct ir_subexp *append_lambda(struct expansion *x, struct ir_lambda *f,
                                       struct ir_lambda *g) {
  if (g->index != NULL && f->index == NULL) {
    f->index = g->index;
  }
  struct ir_subst sub;
  ir_subst_init(&sub, x->p);
  for (int i = 0; i < g->param_count; i++) {
    ir_subst_set(&sub, g->params[i], ir_se_var(f->params[i]));
  }
  if (g->index != NULL && g->index != f->index) {
    ir_subst_set(&sub, g->index, ir_se_var(f->index));
  }
  ir_subst_body(&sub, g->body);
  ir_subst_free(&sub);
  for (int i = 0; i < g->body->stm_count; i++) {
    rewrite_move(x->p, f->body, g->body->stms[i]);
  }
  return g->body->results;
}

/* The (+) of i64 accumulators, n of them. */
static struct ir_lambda *sum_op(struct expansion *x, int n) {
  struct ir_lambda *op = ir_lambda_new(x->p->arena);
  op->params = ARENA_ARRAY(x->p->arena, struct ir_var *, 2 * n);
  op->param_count = 2 * n;
  op->ret = ARENA_ARRAY(x->p->arena, struct ir_type, n);
  op->ret_count = n;
  struct ir_subexp *res = ARENA_ARRAY(x->p->arena, struct ir_subexp, n);
  for (int i = 0; i < 2 * n; i++) {
    op->params[i] = rewrite_fresh(&x->rw, i < n ? "a" : "b", ir_type_scalar(PRIM_I64));
  }
  for (int i = 0; i < n; i++) {
    res[i] = add_binop(x, op->body, IR_BINOP_ADD, ir_se_var(op->params[i]),
                       ir_se_var(op->params[n + i]), PRIM_I64, "sum");
    op->ret[i] = ir_type_scalar(PRIM_I64);
  }
  ir_body_set_results(x->p->arena, op->body, res, n);
  return op;
}

/* Makes x->fn compute every filter's keep, flag and values; fills x->keeps and *flags,
 * and returns the values of all filters, in order. */
static struct ir_subexp *merge_lambdas(struct expansion *x, struct ir_subexp **flags) {
  struct arena *a = x->p->arena;
  x->fn = x->filters[0]->exp.u.soac.map_fn;
  x->keeps = ARENA_ARRAY(a, struct ir_subexp, x->count);
  *flags = ARENA_ARRAY(a, struct ir_subexp, x->count);
  struct ir_subexp *vals = ARENA_ARRAY(a, struct ir_subexp, x->value_count + 1);
  int v = 0;
  for (int t = 0; t < x->count; t++) {
    struct ir_lambda *g = x->filters[t]->exp.u.soac.map_fn;
    struct ir_subexp *res = t == 0 ? g->body->results : append_lambda(x, x->fn, g);
    x->keeps[t] = res[0];
    for (int j = 1; j < g->body->result_count; j++) {
      vals[v++] = res[j];
    }
  }
  for (int t = 0; t < x->count; t++) {
    (*flags)[t] = add_flag(x, x->fn->body, x->keeps[t]);
  }
  return vals;
}

/* fn's results: the flags, the keeps, then the values that are not parameters. */
static void set_scan_results(struct expansion *x, const struct ir_subexp *flags,
                             const struct ir_subexp *vals, int map_outs) {
  struct arena *a = x->p->arena;
  int n = 2 * x->count + map_outs;
  struct ir_subexp *res = ARENA_ARRAY(a, struct ir_subexp, n);
  struct ir_type *ret = ARENA_ARRAY(a, struct ir_type, n);
  int k = 0;
  for (int t = 0; t < x->count; t++) {
    res[k] = flags[t];
    ret[k++] = ir_type_scalar(PRIM_I64);
  }
  for (int t = 0; t < x->count; t++) {
    res[k] = x->keeps[t];
    ret[k++] = ir_type_scalar(PRIM_BOOL);
  }
  for (int v = 0; v < x->value_count; v++) {
    if (x->srcs[v].kind == IR_SE_NONE) {
      res[k] = vals[v];
      ret[k++] = ir_subexp_type(vals[v]);
    }
  }
  ir_body_set_results(a, x->fn->body, res, n);
  x->fn->ret = ret;
  x->fn->ret_count = n;
}

/* An array [w]t. */
static struct ir_type column(struct expansion *x, enum prim_type t) {
  struct ir_subexp w = x->filters[0]->exp.u.soac.width;
  return ir_type_array(x->p->arena, t, 1, &w);
}

/* The scanomap: offsets and keeps per filter, and the map-outs, which become the
 * scatter's sources of the values that are not parameters. */
static void add_scanomap(struct expansion *x) {
  struct arena *a = x->p->arena;
  const struct ir_soac *first = &x->filters[0]->exp.u.soac;
  struct ir_subexp *flags;
  struct ir_subexp *vals = merge_lambdas(x, &flags);
  x->srcs = ARENA_ARRAY(a, struct ir_subexp, x->value_count + 1);
  x->rows = ARENA_ARRAY(a, bool, x->value_count + 1);
  int map_outs = 0;
  for (int v = 0; v < x->value_count; v++) {
    int i = param_index(x->fn, vals[v]);
    x->srcs[v] = i >= 0 ? ir_se_var(first->inputs[i]) : ir_se_none();
    x->rows[v] = i >= 0 && first->inputs[i]->type.rank > 1;
    x->scalar_count += !x->rows[v];
    map_outs += i < 0;
  }
  set_scan_results(x, flags, vals, map_outs);
  int n = x->fn->ret_count;
  struct ir_var **pat = ARENA_ARRAY(a, struct ir_var *, n);
  for (int k = 0; k < n; k++) {
    const char *name = k < x->count ? "offs" : k < 2 * x->count ? "keeps" : "outs";
    pat[k] = rewrite_fresh(&x->rw, name, column(x, x->fn->ret[k].prim));
  }
  for (int v = 0, k = 2 * x->count; v < x->value_count; v++) {
    if (x->srcs[v].kind == IR_SE_NONE) {
      x->srcs[v] = ir_se_var(pat[k++]);
    }
  }
  x->offs = pat;
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = IR_SOAC_SCANOMAP, .width = first->width,
                              .inputs = first->inputs, .input_count = first->input_count,
                              .map_fn = x->fn, .op = sum_op(x, x->count),
                              .neutral_count = x->count};
  e.u.soac.neutral = ARENA_ARRAY(a, struct ir_subexp, x->count);
  for (int t = 0; t < x->count; t++) {
    e.u.soac.neutral[t] = ir_se_i64(0);
  }
  rewrite_add(&x->rw, x->out, e, pat, n);
}

/* ------------------------------------------------------------ Counts, destinations */

/* count = if w == 0 then 0 else offs[w - 1], bound to the filter's own count. */
static void add_count(struct expansion *x, struct ir_subexp empty, struct ir_var *offs,
                      struct ir_var *count) {
  struct arena *a = x->p->arena;
  struct ir_subexp w = x->filters[0]->exp.u.soac.width;
  struct ir_exp e = {.kind = IR_IF};
  e.u.if_.cond = empty;
  e.u.if_.then_body = ir_body_new(a);
  e.u.if_.else_body = ir_body_new(a);
  struct ir_subexp zero = ir_se_i64(0);
  ir_body_set_results(a, e.u.if_.then_body, &zero, 1);
  struct ir_body *other = e.u.if_.else_body;
  struct ir_subexp last = add_binop(x, other, IR_BINOP_SUB, w, ir_se_i64(1), PRIM_I64, "last");
  struct ir_exp read = {.kind = IR_INDEX};
  read.u.index.array = offs;
  read.u.index.count = 1;
  read.u.index.dims = ARENA_NEW(a, struct ir_dim_index);
  read.u.index.dims[0].fixed = last;
  struct ir_var *total = rewrite_fresh(&x->rw, "total", ir_type_scalar(PRIM_I64));
  rewrite_add(&x->rw, other, read, &total, 1);
  struct ir_subexp res = ir_se_var(total);
  ir_body_set_results(a, other, &res, 1);
  rewrite_add(&x->rw, x->out, e, &count, 1);
}

/* blank = replicate count 0, of the type of kept (an array [count]t). */
static struct ir_var *add_blank(struct expansion *x, struct ir_var *count, struct ir_var *kept) {
  struct ir_subexp n = ir_se_var(count);
  struct ir_exp e = {.kind = IR_REPLICATE};
  e.u.replicate.dims = ARENA_NEW(x->p->arena, struct ir_subexp);
  e.u.replicate.dims[0] = n;
  e.u.replicate.count = 1;
  e.u.replicate.value = ir_se_const(ir_const_int(kept->type.prim, 0));
  struct ir_var *blank =
      rewrite_fresh(&x->rw, "blank", ir_type_array(x->p->arena, kept->type.prim, 1, &n));
  rewrite_add(&x->rw, x->out, e, &blank, 1);
  return blank;
}

static void add_counts_and_blanks(struct expansion *x) {
  x->blanks = ARENA_ARRAY(x->p->arena, struct ir_var *, x->value_count + 1);
  struct ir_subexp empty = add_binop(x, x->out, IR_BINOP_EQ, x->filters[0]->exp.u.soac.width,
                                     ir_se_i64(0), PRIM_BOOL, "empty");
  int v = 0;
  for (int t = 0; t < x->count; t++) {
    struct ir_stm *s = x->filters[t];
    add_count(x, empty, x->offs[t], s->pat[0]);
    for (int j = 1; j < s->pat_count; j++, v++) {
      x->blanks[v] = x->rows[v] ? NULL : add_blank(x, s->pat[0], s->pat[j]);
    }
  }
}

/* ------------------------------------------------------------ The scatter */

/* The scatter's lambda: per filter t, i_t = offs_t * i64 keep_t - 1; results: each
 * value's filter's index, then the values. */
static struct ir_lambda *scatter_lambda(struct expansion *x, struct ir_var **inputs, int n) {
  struct arena *a = x->p->arena;
  struct ir_lambda *l = ir_lambda_new(a);
  l->params = ARENA_ARRAY(a, struct ir_var *, n);
  l->param_count = n;
  for (int i = 0; i < n; i++) {
    const char *name = i < x->count ? "o" : i < 2 * x->count ? "k" : "v";
    l->params[i] = rewrite_fresh(&x->rw, name, ir_type_row(inputs[i]->type));
  }
  struct ir_subexp *index = ARENA_ARRAY(a, struct ir_subexp, x->count);
  for (int t = 0; t < x->count; t++) {
    struct ir_subexp flag = add_flag(x, l->body, ir_se_var(l->params[x->count + t]));
    struct ir_subexp at = add_binop(x, l->body, IR_BINOP_MUL, ir_se_var(l->params[t]), flag,
                                    PRIM_I64, "at");
    index[t] = add_binop(x, l->body, IR_BINOP_SUB, at, ir_se_i64(1), PRIM_I64, "to");
  }
  int ns = x->scalar_count;
  struct ir_subexp *res = ARENA_ARRAY(a, struct ir_subexp, 2 * ns + 1);
  l->ret = ARENA_ARRAY(a, struct ir_type, 2 * ns + 1);
  l->ret_count = 2 * ns;
  for (int t = 0, v = 0, d = 0; t < x->count; t++) {
    for (int j = 1; j < x->filters[t]->pat_count; j++, v++) {
      if (x->rows[v]) {
        continue;
      }
      res[d] = index[t];
      l->ret[d] = ir_type_scalar(PRIM_I64);
      res[ns + d] = ir_se_var(l->params[2 * x->count + d]);
      l->ret[ns + d] = l->params[2 * x->count + d]->type;
      d++;
    }
  }
  ir_body_set_results(a, l->body, res, 2 * ns);
  return l;
}

/* One scatter of every scalar value into its blank, bound to the filters' kept
 * arrays. */
static void add_scatter(struct expansion *x) {
  struct arena *a = x->p->arena;
  int ns = x->scalar_count;
  int n = 2 * x->count + ns;
  struct ir_var **inputs = ARENA_ARRAY(a, struct ir_var *, n);
  memcpy(inputs, x->offs, sizeof *inputs * (size_t)(2 * x->count));
  struct ir_var **pat = ARENA_ARRAY(a, struct ir_var *, ns);
  struct ir_var **dests = ARENA_ARRAY(a, struct ir_var *, ns);
  int *ranks = ARENA_ARRAY(a, int, ns);
  for (int t = 0, v = 0, d = 0; t < x->count; t++) {
    for (int j = 1; j < x->filters[t]->pat_count; j++, v++) {
      if (!x->rows[v]) {
        inputs[2 * x->count + d] = x->srcs[v].u.var;
        pat[d] = x->filters[t]->pat[j];
        dests[d] = x->blanks[v];
        ranks[d++] = 1;
      }
    }
  }
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = IR_SOAC_SCATTER,
                              .width = x->filters[0]->exp.u.soac.width,
                              .inputs = inputs, .input_count = n,
                              .map_fn = scatter_lambda(x, inputs, n), .dests = dests,
                              .dest_count = ns, .dest_ranks = ranks};
  rewrite_add(&x->rw, x->out, e, pat, ns);
}

/* ------------------------------------------------------------ Rows */

/* Dimension d of array v: its type's, or its shape. */
static struct ir_subexp dim_of(struct expansion *x, struct ir_var *v, int d) {
  if (v->type.dims[d].kind != IR_SE_NONE) {
    return v->type.dims[d];
  }
  struct ir_exp e = {.kind = IR_SHAPE};
  e.u.shape.array = v;
  e.u.shape.dim = d;
  struct ir_var *y = rewrite_fresh(&x->rw, "d", ir_type_scalar(PRIM_I64));
  rewrite_add(&x->rw, x->out, e, &y, 1);
  return ir_se_var(y);
}

/* The scatter's lambda for the rows of filter t, d elements each: element e goes to
 * (offs[e / d] * i64 keeps[e / d] - 1) * d + e % d (Note [filters of rows]). */
static struct ir_lambda *row_lambda(struct expansion *x, int t, struct ir_subexp d,
                                    struct ir_type elem) {
  struct arena *a = x->p->arena;
  struct ir_lambda *l = ir_lambda_new(a);
  l->params = ARENA_NEW(a, struct ir_var *);
  l->params[0] = rewrite_fresh(&x->rw, "v", elem);
  l->param_count = 1;
  l->index = rewrite_fresh(&x->rw, "e", ir_type_scalar(PRIM_I64));
  struct ir_body *b = l->body;
  struct ir_subexp e = ir_se_var(l->index);
  struct ir_subexp r = add_binop(x, b, IR_BINOP_DIV, e, d, PRIM_I64, "row");
  struct ir_subexp c = add_binop(x, b, IR_BINOP_MOD, e, d, PRIM_I64, "col");
  struct ir_subexp off = rewrite_read(&x->rw, b, x->offs[t], &r, 1);
  struct ir_subexp flag = add_flag(x, b, rewrite_read(&x->rw, b, x->offs[x->count + t], &r, 1));
  struct ir_subexp at = add_binop(x, b, IR_BINOP_MUL, off, flag, PRIM_I64, "at");
  struct ir_subexp to = add_binop(x, b, IR_BINOP_SUB, at, ir_se_i64(1), PRIM_I64, "to");
  to = add_binop(x, b, IR_BINOP_MUL, to, d, PRIM_I64, "to");
  to = add_binop(x, b, IR_BINOP_ADD, to, c, PRIM_I64, "to");
  struct ir_subexp res[2] = {to, ir_se_var(l->params[0])};
  l->ret = ARENA_ARRAY(a, struct ir_type, 2);
  l->ret[0] = ir_type_scalar(PRIM_I64);
  l->ret[1] = elem;
  l->ret_count = 2;
  ir_body_set_results(a, b, res, 2);
  return l;
}

/* The rows of value v (of filter t, bound to kept) scattered flat, then reshaped. */
static void add_row_scatter(struct expansion *x, int t, int v, struct ir_var *kept) {
  struct arena *a = x->p->arena;
  struct ir_var *xs = x->srcs[v].u.var;
  int rank = xs->type.rank;
  struct ir_subexp *dims = ARENA_ARRAY(a, struct ir_subexp, rank);
  dims[0] = ir_se_var(x->filters[t]->pat[0]);
  struct ir_subexp d = dims[1] = dim_of(x, xs, 1);
  for (int i = 2; i < rank; i++) {
    dims[i] = dim_of(x, xs, i);
    d = add_binop(x, x->out, IR_BINOP_MUL, d, dims[i], PRIM_I64, "d");
  }
  struct ir_subexp *all = ARENA_NEW(a, struct ir_subexp);
  *all = add_binop(x, x->out, IR_BINOP_MUL, x->filters[t]->exp.u.soac.width, d, PRIM_I64,
                   "elems");
  struct ir_var *flat = rewrite_reshape(&x->rw, x->out, xs, all, 1, NULL);
  struct ir_subexp *kept_all = ARENA_NEW(a, struct ir_subexp);
  *kept_all = add_binop(x, x->out, IR_BINOP_MUL, dims[0], d, PRIM_I64, "elems");
  struct ir_exp fill = {.kind = IR_REPLICATE};
  fill.u.replicate.dims = kept_all;
  fill.u.replicate.count = 1;
  fill.u.replicate.value = ir_se_const(ir_const_int(xs->type.prim, 0));
  struct ir_var *blank =
      rewrite_fresh(&x->rw, "blank", ir_type_array(a, xs->type.prim, 1, kept_all));
  rewrite_add(&x->rw, x->out, fill, &blank, 1);
  struct ir_var **dests = ARENA_NEW(a, struct ir_var *);
  *dests = blank;
  struct ir_var **inputs = ARENA_NEW(a, struct ir_var *);
  *inputs = flat;
  int *ranks = ARENA_NEW(a, int);
  *ranks = 1;
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = (struct ir_soac){.kind = IR_SOAC_SCATTER, .width = *all, .inputs = inputs,
                              .input_count = 1,
                              .map_fn = row_lambda(x, t, d, ir_type_scalar(xs->type.prim)),
                              .dests = dests, .dest_count = 1, .dest_ranks = ranks};
  struct ir_var *flat_kept = rewrite_fresh(&x->rw, "kept", blank->type);
  rewrite_add(&x->rw, x->out, e, &flat_kept, 1);
  rewrite_reshape(&x->rw, x->out, flat_kept, dims, rank, kept);
}

static void add_row_scatters(struct expansion *x) {
  for (int t = 0, v = 0; t < x->count; t++) {
    for (int j = 1; j < x->filters[t]->pat_count; j++, v++) {
      if (x->rows[v]) {
        add_row_scatter(x, t, v, x->filters[t]->pat[j]);
      }
    }
  }
}

/* ------------------------------------------------------------ Driver */

static void expand_run(struct ir_program *p, struct ir_body *out, struct ir_stm **filters,
                       int count) {
  struct expansion x = {.p = p, .rw = {.p = p, .from = filters[0]}, .out = out,
                        .filters = filters, .count = count};
  for (int t = 0; t < count; t++) {
    x.value_count += filters[t]->pat_count - 1;
  }
  add_scanomap(&x);
  add_counts_and_blanks(&x);
  if (x.scalar_count > 0) {
    add_scatter(&x);
  }
  add_row_scatters(&x);
}

/* The statements of b, which is left empty for a walk that adds them back rewritten;
 * their count in *n. */
static struct ir_stm **take_stms(struct ir_body *b, int *n) {
  struct ir_stm **stms = b->stms;
  *n = b->stm_count;
  b->stms = NULL;
  b->stm_count = b->stm_cap = 0;
  return stms;
}

/* The bodies of s that run on the host as s's own statements do: an if's branches, a
 * loop's body (not lambdas); their count. */
static int host_bodies(const struct ir_stm *s, struct ir_body *out[2]) {
  if (s->exp.kind == IR_IF) {
    out[0] = s->exp.u.if_.then_body;
    out[1] = s->exp.u.if_.else_body;
    return 2;
  }
  if (s->exp.kind == IR_LOOP) {
    out[0] = s->exp.u.loop.body;
    return 1;
  }
  return 0;
}

/* Rebuilds b with every run of expandable filters expanded; recurses into the bodies
 * of ifs and loops, which run on the host, and not into lambdas. */
static void expand_body(struct ir_program *p, struct ir_body *b, const int *uses) {
  int n;
  struct ir_stm **stms = take_stms(b, &n);
  for (int i = 0; i < n; i++) {
    struct ir_stm *s = stms[i];
    struct ir_body *nested[2];
    for (int k = 0, count = host_bodies(s, nested); k < count; k++) {
      expand_body(p, nested[k], uses);
    }
    if (lower_interchange(p, b, s, uses)) {
      continue;
    }
    if (!expandable(s)) {
      rewrite_move(p, b, s);
      continue;
    }
    int end = i + 1;
    while (end < n && joins_run(stms, i, end)) {
      end++;
    }
    expand_run(p, b, stms + i, end - i);
    i = end - 1;
  }
}

/* Unswitches the maps of b and of the branches and loops in it (unswitch.c), and
 * distributes those that stay on the host over their lambdas where that gives them
 * kernels (distribute.c). With `kernels`, maps that are kernels may be unswitched too,
 * once: the two maps of such an unswitch are not split again, so that a group kernel
 * with many branches on its sizes becomes two kernels, not one for each combination. */
static void unswitch_body(struct ir_program *p, struct ir_body *b, bool kernels) {
  int n;
  struct ir_stm **stms = take_stms(b, &n);
  for (int i = 0; i < n; i++) {
    struct ir_stm *s = stms[i];
    struct ir_body *nested[2];
    for (int k = 0, count = host_bodies(s, nested); k < count; k++) {
      unswitch_body(p, nested[k], kernels);
    }
    bool was_kernel = false;
    struct ir_stm *u = lower_unswitch(p, b, s, kernels, &was_kernel);
    if (u == NULL && lower_distribute(p, b, s)) {
      /* The statements that run once may hold maps of their own. */
      unswitch_body(p, b->stms[b->stm_count - 1]->exp.u.if_.then_body, kernels);
      continue;
    }
    if (u == NULL) {
      rewrite_move(p, b, s);
      continue;
    }
    /* The two maps: each may be unswitched again. */
    unswitch_body(p, u->exp.u.if_.then_body, kernels && !was_kernel);
    unswitch_body(p, u->exp.u.if_.else_body, kernels && !was_kernel);
  }
}

void lower_expand_filters(struct ir_program *p) {
  diag_set_pass("expand");
  for (int i = 0; i < p->fun_count; i++) {
    unswitch_body(p, p->funs[i]->body, true);
  }
  simplify_remove_dead_functions(p); /* what distribution inlined everywhere */
  for (int i = 0; i < p->fun_count; i++) {
    int *uses = ir_use_counts(p, p->funs[i]);
    expand_body(p, p->funs[i]->body, uses);
    heap_free(uses);
  }
}
