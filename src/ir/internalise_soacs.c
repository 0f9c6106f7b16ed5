/* The meaning of the intrinsics in the core IR: SOACs, array primitives, operators
 * and the numeric modules' members. Arrays of tuples are several arrays here, so zip
 * and unzip cost nothing, and a map over an array of pairs reads two arrays. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ir/internalise_internal.h"

int intrinsic_arity(struct tc_binding *b) {
  int n = 0;
  for (struct type *t = type_head(b->scheme.type); t->kind == TYPE_ARROW;
       t = type_head(t->u.arrow.result)) {
    n++;
  }
  return n;
}

static struct ir_subexp *comps_of(struct ictx *c, struct sv *v, int *n) {
  return sv_comps(c, v, n);
}

static struct ir_subexp scalar(struct ictx *c, struct sv *v) {
  int n;
  struct ir_subexp *s = comps_of(c, v, &n);
  if (n != 1) {
    ICE("internalise", c->loc, "expected one scalar, found %d components", n);
  }
  return s[0];
}

static struct sv *one(struct ictx *c, struct type *t, struct ir_subexp se) {
  struct ir_subexp *p = ARENA_NEW(c->arena, struct ir_subexp);
  *p = se;
  return sv_dyn(c, t, p, 1);
}

/* The value of the size parameter `name` of the intrinsic's instantiation. */
static struct ir_subexp inst_size(struct ictx *c, struct sv *fn, const char *name) {
  struct tc_binding *b = fn->u.intrinsic.binding;
  struct tc_inst *inst = fn->u.intrinsic.inst;
  int si = 0;
  for (int i = 0; i < b->scheme.param_count; i++) {
    struct type_param *p = &b->scheme.params[i];
    if (p->kind != TPARAM_SIZE) {
      continue;
    }
    if (strcmp(p->name, name) == 0 && inst != NULL && si < inst->size_count) {
      return eval_size(c, fn->u.intrinsic.env, inst->sizes[si]);
    }
    si++;
  }
  ICE("internalise", c->loc, "intrinsic %s has no size '%s'", b->name, name);
}

/* The outer size of an array value: its first component's, or the typed size. */
static struct ir_subexp width_of(struct ictx *c, struct sv *fn, struct sv *array,
                                 const char *size_name) {
  int n;
  struct ir_subexp *comps = comps_of(c, array, &n);
  return n > 0 ? emit_shape(c, comps[0], 0) : inst_size(c, fn, size_name);
}

static struct ir_var **vars_of(struct ictx *c, struct ir_subexp *comps, int n) {
  struct ir_var **vs = ARENA_ARRAY(c->arena, struct ir_var *, n + 1);
  for (int i = 0; i < n; i++) {
    if (comps[i].kind != IR_SE_VAR) {
      ICE("internalise", c->loc, "an array operand that is not a variable");
    }
    vs[i] = comps[i].u.var;
  }
  return vs;
}

/* Fresh result variables for a value of type t (dims known in the caller's env). */
static struct ir_var **results_for(struct ictx *c, struct sv *fn, struct type *t, int *n) {
  *n = comp_count(t);
  struct ir_type *ts = ARENA_ARRAY(c->arena, struct ir_type, *n + 1);
  comp_types(c, fn->u.intrinsic.env, t, ts);
  struct ir_var **vs = ARENA_ARRAY(c->arena, struct ir_var *, *n + 1);
  for (int i = 0; i < *n; i++) {
    vs[i] = fresh(c, "r", ts[i]);
  }
  return vs;
}

/* Note [computed row sizes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A map over an empty array runs its body never, so the backends learn the size of
 * its rows only from the result's type: map (\r -> r ++ r) xs, with xs: [n][m]i32,
 * has rows of m+m elements, and with n = 0 it must give empty([0][4]i32) for m = 2,
 * not empty([0][0]i32). A size that is a name or a constant stays in the IR type; one
 * that is an expression of known sizes (m+m, k*2) cannot be an IR dimension, so it is
 * computed before the map, into a variable that the result's type names. Sizes that
 * are not known before the map (existential: the rows of a filter) stay unknown, and
 * the first row gives them. */

/* The same, with sizes that are expressions of known sizes ([m+m]) computed before the
 * SOAC (Note [computed row sizes]). */
static struct ir_var **results_computed(struct ictx *c, struct sv *fn, struct type *t,
                                        int *n) {
  *n = comp_count(t);
  struct ir_type *ts = ARENA_ARRAY(c->arena, struct ir_type, *n + 1);
  comp_types_computed(c, fn->u.intrinsic.env, t, ts);
  struct ir_var **vs = ARENA_ARRAY(c->arena, struct ir_var *, *n + 1);
  for (int i = 0; i < *n; i++) {
    vs[i] = fresh(c, "r", ts[i]);
  }
  return vs;
}

static struct sv *emit_soac(struct ictx *c, struct ir_soac s, struct ir_var **pat, int n,
                            struct type *t) {
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = s;
  emit(c, e, pat, n);
  return sv_from_vars(c, t, pat, n);
}

/* ------------------------------------------------------------------- SOACs */

static struct sv *int_map(struct ictx *c, struct sv *fn, struct sv **args, struct type *rt) {
  struct sv *xs = args[1];
  int k;
  struct ir_subexp *in = comps_of(c, xs, &k);
  struct type *row = type_row(c->arena, xs->type);
  struct ir_soac s = {.kind = IR_SOAC_MAP};
  s.width = width_of(c, fn, xs, "n");
  s.inputs = vars_of(c, in, k);
  s.input_count = k;
  s.map_fn = make_lambda(c, args[0], &row, 1, type_row(c->arena, rt));
  int n;
  struct ir_var **pat = results_computed(c, fn, rt, &n);
  if (n != s.map_fn->ret_count) {
    ICE("internalise", c->loc, "map results do not match");
  }
  for (int i = 0; i < n; i++) {
    if (pat[i]->type.rank > 0) {
      pat[i]->type.dims[0] = s.width;
    }
  }
  show_outer_size(c, rt, s.width);
  return emit_soac(c, s, pat, n, rt);
}

static struct sv *int_reduce_scan(struct ictx *c, struct sv *fn, struct sv **args,
                                  struct type *rt, enum ir_soac_kind kind, bool comm) {
  struct sv *xs = args[2];
  int k, m;
  struct ir_subexp *in = comps_of(c, xs, &k);
  struct ir_subexp *ne = comps_of(c, args[1], &m);
  struct type *row = type_row(c->arena, xs->type);
  struct type *ps[2] = {row, row};
  struct ir_soac s = {.kind = kind, .commutative = comm};
  s.width = width_of(c, fn, xs, "n");
  s.inputs = vars_of(c, in, k);
  s.input_count = k;
  s.neutral = ne;
  s.neutral_count = m;
  s.op = make_lambda(c, args[0], ps, 2, row);
  int n;
  struct ir_var **pat = results_for(c, fn, rt, &n);
  if (kind == IR_SOAC_SCAN) {
    for (int i = 0; i < n; i++) {
      pat[i]->type.dims[0] = s.width;
    }
  }
  return emit_soac(c, s, pat, n, rt);
}

/* filter p xs: the count and the kept rows; the rows' outer size is the count. The
 * predicate's lambda also returns the row it keeps (FILTER's map_fn gives the values). */
static struct sv *filter_with(struct ictx *c, struct sv *fn, struct ir_lambda *pred,
                              struct sv *xs, struct type *rt) {
  int k;
  struct ir_subexp *in = comps_of(c, xs, &k);
  struct ir_soac s = {.kind = IR_SOAC_FILTER};
  s.width = width_of(c, fn, xs, "n");
  s.inputs = vars_of(c, in, k);
  s.input_count = k;
  struct ir_subexp *res = ARENA_ARRAY(c->arena, struct ir_subexp, k + 2);
  struct ir_type *ret = ARENA_ARRAY(c->arena, struct ir_type, k + 2);
  res[0] = pred->body->results[0];
  ret[0] = ir_type_scalar(PRIM_BOOL);
  for (int i = 0; i < k; i++) {
    res[i + 1] = ir_se_var(pred->params[i]);
    ret[i + 1] = pred->params[i]->type;
  }
  ir_body_set_results(c->arena, pred->body, res, k + 1);
  pred->ret = ret;
  pred->ret_count = k + 1;
  s.map_fn = pred;
  struct ir_var **pat = ARENA_ARRAY(c->arena, struct ir_var *, k + 2);
  pat[0] = fresh(c, "count", ir_type_scalar(PRIM_I64));
  for (int i = 0; i < k; i++) {
    struct ir_type t = in[i].u.var->type;
    struct ir_type r = ir_type_array(c->arena, t.prim, t.rank, t.dims);
    r.dims[0] = ir_se_var(pat[0]);
    r.unique = false;
    pat[i + 1] = fresh(c, "kept", r);
  }
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = s;
  emit(c, e, pat, k + 1);
  show_outer_size(c, rt, ir_se_var(pat[0]));
  return sv_from_vars(c, rt, pat + 1, k);
}

static struct sv *int_filter(struct ictx *c, struct sv *fn, struct sv **args, struct type *rt) {
  struct type *row = type_row(c->arena, args[1]->type);
  struct ir_lambda *pred = make_lambda(c, args[0], &row, 1, type_prim(c->arena, PRIM_BOOL));
  return filter_with(c, fn, pred, args[1], rt);
}

static struct sv *int_partition(struct ictx *c, struct sv *fn, struct sv **args,
                                struct type *rt) {
  struct type *row = type_row(c->arena, args[1]->type);
  struct type *b = type_prim(c->arena, PRIM_BOOL);
  struct ir_lambda *yes = make_lambda(c, args[0], &row, 1, b);
  struct ir_lambda *no = make_lambda(c, args[0], &row, 1, b);
  /* The second filter keeps the rows the predicate rejects. */
  struct ir_body *saved = c->body;
  c->body = no->body;
  struct ir_exp neg = {.kind = IR_UNOP};
  neg.u.unop.op = IR_UNOP_NOT;
  neg.u.unop.operand = no->body->results[0];
  struct ir_subexp r = emit1(c, "not", ir_type_scalar(PRIM_BOOL), neg);
  ir_body_set_results(c->arena, no->body, &r, 1);
  c->body = saved;
  struct type *h = type_head(rt);
  struct sv *parts[2];
  parts[0] = filter_with(c, fn, yes, args[1], h->u.tuple.elems[0]);
  parts[1] = filter_with(c, fn, no, args[1], h->u.tuple.elems[1]);
  int n0 = parts[0]->u.dyn.count, n1 = parts[1]->u.dyn.count;
  struct ir_subexp *all = ARENA_ARRAY(c->arena, struct ir_subexp, n0 + n1 + 1);
  memcpy(all, parts[0]->u.dyn.comps, sizeof *all * (size_t)n0);
  memcpy(all + n0, parts[1]->u.dyn.comps, sizeof *all * (size_t)n1);
  return sv_dyn(c, rt, all, n0 + n1);
}

/* A lambda that returns its parameters rearranged: indices repeated per destination
 * (`per_dest` index parameters first), then the values. */
static struct ir_lambda *routing_lambda(struct ictx *c, struct ir_subexp *index_comps,
                                        int index_count, struct ir_subexp *value_comps,
                                        int value_count, int dests) {
  struct ir_lambda *l = ir_lambda_new(c->arena);
  int np = index_count + value_count;
  l->params = ARENA_ARRAY(c->arena, struct ir_var *, np + 1);
  l->param_count = np;
  for (int i = 0; i < np; i++) {
    struct ir_subexp src = i < index_count ? index_comps[i] : value_comps[i - index_count];
    l->params[i] = fresh(c, i < index_count ? "i" : "v", ir_type_row(ir_subexp_type(src)));
  }
  int nr = dests * index_count + value_count;
  struct ir_subexp *res = ARENA_ARRAY(c->arena, struct ir_subexp, nr + 1);
  l->ret = ARENA_ARRAY(c->arena, struct ir_type, nr + 1);
  int k = 0;
  for (int d = 0; d < dests; d++) {
    for (int i = 0; i < index_count; i++) {
      res[k] = ir_se_var(l->params[i]);
      l->ret[k++] = l->params[i]->type;
    }
  }
  for (int i = 0; i < value_count; i++) {
    res[k] = ir_se_var(l->params[index_count + i]);
    l->ret[k++] = l->params[index_count + i]->type;
  }
  l->ret_count = nr;
  ir_body_set_results(c->arena, l->body, res, nr);
  return l;
}

static struct ir_var **inputs_of(struct ictx *c, struct ir_subexp *a, int na,
                                 struct ir_subexp *b, int nb) {
  struct ir_var **vs = ARENA_ARRAY(c->arena, struct ir_var *, na + nb + 1);
  memcpy(vs, vars_of(c, a, na), sizeof *vs * (size_t)na);
  memcpy(vs + na, vars_of(c, b, nb), sizeof *vs * (size_t)nb);
  return vs;
}

static struct sv *int_scatter(struct ictx *c, struct sv *fn, struct sv **args, struct type *rt,
                              int rank) {
  int nd, ni, nv;
  struct ir_subexp *dest = comps_of(c, args[0], &nd);
  struct ir_subexp *is = comps_of(c, args[1], &ni);
  struct ir_subexp *vs = comps_of(c, args[2], &nv);
  struct ir_soac s = {.kind = IR_SOAC_SCATTER};
  s.width = emit_shape(c, is[0], 0);
  s.inputs = inputs_of(c, is, ni, vs, nv);
  s.input_count = ni + nv;
  s.map_fn = routing_lambda(c, is, ni, vs, nv, nd);
  s.dests = vars_of(c, dest, nd);
  s.dest_count = nd;
  s.dest_ranks = ARENA_ARRAY(c->arena, int, nd + 1);
  for (int i = 0; i < nd; i++) {
    s.dest_ranks[i] = rank;
  }
  struct ir_var **pat = ARENA_ARRAY(c->arena, struct ir_var *, nd + 1);
  for (int i = 0; i < nd; i++) {
    struct ir_type t = dest[i].u.var->type;
    t.unique = false;
    pat[i] = fresh(c, "scattered", t);
  }
  return emit_soac(c, s, pat, nd, rt);
}

static struct sv *hist_into(struct ictx *c, struct sv *op, struct ir_subexp *dest, int nd,
                            struct sv *ne, struct sv *is, struct sv *vs, struct type *rt) {
  int nn, ni, nv;
  struct ir_subexp *neutral = comps_of(c, ne, &nn);
  struct ir_subexp *idx = comps_of(c, is, &ni);
  struct ir_subexp *val = comps_of(c, vs, &nv);
  struct type *row = type_row(c->arena, vs->type);
  struct type *ps[2] = {row, row};
  struct ir_soac s = {.kind = IR_SOAC_HIST};
  s.width = emit_shape(c, idx[0], 0);
  s.inputs = inputs_of(c, idx, ni, val, nv);
  s.input_count = ni + nv;
  s.map_fn = routing_lambda(c, idx, ni, val, nv, 1);
  s.op = make_lambda(c, op, ps, 2, row);
  s.neutral = neutral;
  s.neutral_count = nn;
  s.dests = vars_of(c, dest, nd);
  s.dest_count = nd;
  struct ir_var **pat = ARENA_ARRAY(c->arena, struct ir_var *, nd + 1);
  for (int i = 0; i < nd; i++) {
    struct ir_type t = dest[i].u.var->type;
    t.unique = false;
    pat[i] = fresh(c, "hist", t);
  }
  return emit_soac(c, s, pat, nd, rt);
}

static struct ir_subexp replicate1(struct ictx *c, struct ir_subexp n, struct ir_subexp v) {
  struct ir_type t = ir_subexp_type(v);
  struct ir_type r = ir_type_array(c->arena, t.prim, t.rank + 1, NULL);
  r.dims[0] = n;
  for (int i = 0; i < t.rank; i++) {
    r.dims[i + 1] = t.dims[i];
  }
  struct ir_exp e = {.kind = IR_REPLICATE};
  e.u.replicate.count = 1;
  e.u.replicate.dims = ARENA_NEW(c->arena, struct ir_subexp);
  e.u.replicate.dims[0] = n;
  e.u.replicate.value = v;
  return emit1(c, "replicated", r, e);
}

static struct sv *int_replicate(struct ictx *c, struct sv **args, struct type *rt) {
  struct ir_subexp n = scalar(c, args[0]);
  int k;
  struct ir_subexp *vs = comps_of(c, args[1], &k);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int i = 0; i < k; i++) {
    out[i] = replicate1(c, n, vs[i]);
  }
  show_outer_size(c, rt, n);
  return sv_dyn(c, rt, out, k);
}

/* rep x: replicate with the size that the instantiation (the context) gives. */
static struct sv *int_rep(struct ictx *c, struct sv *fn, struct sv **args, struct type *rt) {
  struct sv *n = one(c, NULL, inst_size(c, fn, "n"));
  struct sv *with_size[2] = {n, args[0]};
  return int_replicate(c, with_size, rt);
}

static struct sv *int_hist(struct ictx *c, struct sv **args, struct type *rt) {
  /* hist op ne k is vs: a fresh destination of k neutral elements */
  struct ir_subexp k = scalar(c, args[2]);
  int nn;
  struct ir_subexp *ne = comps_of(c, args[1], &nn);
  struct ir_subexp *dest = ARENA_ARRAY(c->arena, struct ir_subexp, nn + 1);
  for (int i = 0; i < nn; i++) {
    dest[i] = replicate1(c, k, ne[i]);
  }
  return hist_into(c, args[0], dest, nn, args[1], args[3], args[4], rt);
}

static struct sv *int_reduce_by_index(struct ictx *c, struct sv **args, struct type *rt) {
  int nd;
  struct ir_subexp *dest = comps_of(c, args[0], &nd);
  return hist_into(c, args[1], dest, nd, args[2], args[3], args[4], rt);
}

/* --------------------------------------------------------- Array primitives */

static struct sv *int_iota(struct ictx *c, struct sv **args, struct type *rt) {
  struct ir_subexp n = scalar(c, args[0]);
  struct ir_exp e = {.kind = IR_IOTA};
  e.u.iota.n = n;
  struct ir_type t = ir_type_array(c->arena, PRIM_I64, 1, &n);
  return one(c, rt, emit1(c, "iota", t, e));
}

static struct sv *regroup(struct ictx *c, struct sv **args, int count, struct type *rt) {
  VEC(struct ir_subexp) all = {0};
  for (int i = 0; i < count; i++) {
    int n;
    struct ir_subexp *cs = comps_of(c, args[i], &n);
    for (int j = 0; j < n; j++) {
      VEC_PUSH(c->arena, &all, cs[j]);
    }
  }
  return sv_dyn(c, rt, all.items, all.len);
}

static struct sv *int_transpose(struct ictx *c, struct sv **args, struct type *rt) {
  int k;
  struct ir_subexp *cs = comps_of(c, args[0], &k);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int i = 0; i < k; i++) {
    struct ir_type t = ir_subexp_type(cs[i]);
    struct ir_exp e = {.kind = IR_REARRANGE};
    e.u.rearrange.array = cs[i].u.var;
    e.u.rearrange.rank = t.rank;
    e.u.rearrange.perm = ARENA_ARRAY(c->arena, int, t.rank + 1);
    struct ir_type r = ir_type_array(c->arena, t.prim, t.rank, NULL);
    for (int d = 0; d < t.rank; d++) {
      int from = d == 0 ? 1 : d == 1 ? 0 : d;
      e.u.rearrange.perm[d] = from;
      r.dims[d] = t.dims[from];
    }
    out[i] = emit1(c, "transposed", r, e);
  }
  return sv_dyn(c, rt, out, k);
}

static struct ir_subexp reshape1(struct ictx *c, struct ir_subexp array, struct ir_subexp *dims,
                                 int rank) {
  struct ir_type t = ir_subexp_type(array);
  struct ir_exp e = {.kind = IR_RESHAPE};
  e.u.reshape.array = array.u.var;
  e.u.reshape.dims = dims;
  e.u.reshape.count = rank;
  return emit1(c, "reshaped", ir_type_array(c->arena, t.prim, rank, dims), e);
}

static struct sv *int_flatten(struct ictx *c, struct sv **args, struct type *rt) {
  int k;
  struct ir_subexp *cs = comps_of(c, args[0], &k);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int i = 0; i < k; i++) {
    struct ir_type t = ir_subexp_type(cs[i]);
    struct ir_subexp *dims = ARENA_ARRAY(c->arena, struct ir_subexp, t.rank);
    dims[0] = emit_binop(c, IR_BINOP_MUL, emit_shape(c, cs[i], 0), emit_shape(c, cs[i], 1),
                         PRIM_I64);
    for (int d = 2; d < t.rank; d++) {
      dims[d - 1] = emit_shape(c, cs[i], d);
    }
    out[i] = reshape1(c, cs[i], dims, t.rank - 1);
  }
  return sv_dyn(c, rt, out, k);
}

static struct sv *int_unflatten(struct ictx *c, struct sv *fn, struct sv **args,
                                struct type *rt) {
  int k;
  struct ir_subexp *cs = comps_of(c, args[0], &k);
  struct ir_subexp n = inst_size(c, fn, "n"), m = inst_size(c, fn, "m");
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int i = 0; i < k; i++) {
    struct ir_type t = ir_subexp_type(cs[i]);
    struct ir_subexp *dims = ARENA_ARRAY(c->arena, struct ir_subexp, t.rank + 2);
    dims[0] = n;
    dims[1] = m;
    for (int d = 1; d < t.rank; d++) {
      dims[d + 1] = emit_shape(c, cs[i], d);
    }
    out[i] = reshape1(c, cs[i], dims, t.rank + 1);
  }
  return sv_dyn(c, rt, out, k);
}

static struct sv *int_concat(struct ictx *c, struct sv **args, struct type *rt) {
  int k, k2;
  struct ir_subexp *a = comps_of(c, args[0], &k);
  struct ir_subexp *b = comps_of(c, args[1], &k2);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int i = 0; i < k; i++) {
    struct ir_type t = ir_subexp_type(a[i]);
    struct ir_exp e = {.kind = IR_CONCAT};
    e.u.concat.count = 2;
    e.u.concat.arrays = ARENA_ARRAY(c->arena, struct ir_var *, 2);
    e.u.concat.arrays[0] = a[i].u.var;
    e.u.concat.arrays[1] = b[i].u.var;
    struct ir_type r = ir_type_array(c->arena, t.prim, t.rank, NULL);
    for (int d = 1; d < t.rank; d++) {
      r.dims[d] = t.dims[d];
    }
    out[i] = emit1(c, "concat", r, e);
  }
  return sv_dyn(c, rt, out, k);
}

static struct sv *int_copy(struct ictx *c, struct sv **args, struct type *rt) {
  int k;
  struct ir_subexp *cs = comps_of(c, args[0], &k);
  struct ir_subexp *out = ARENA_ARRAY(c->arena, struct ir_subexp, k + 1);
  for (int i = 0; i < k; i++) {
    struct ir_type t = ir_subexp_type(cs[i]);
    if (t.rank == 0) {
      out[i] = cs[i];
      continue;
    }
    struct ir_exp e = {.kind = IR_COPY};
    e.u.copy = cs[i].u.var;
    t.unique = false;
    out[i] = emit1(c, "copy", t, e);
  }
  return sv_dyn(c, rt, out, k);
}

/* --------------------------------------------------------------- Operators */

/* All elements of two arrays equal (their shapes already equal): flatten both, compare
 * elementwise, and reduce with &&. */
static struct ir_subexp arrays_equal(struct ictx *c, struct ir_subexp a, struct ir_subexp b) {
  struct ir_type t = ir_subexp_type(a);
  struct ir_subexp total = ir_se_i64(1);
  for (int d = 0; d < t.rank; d++) {
    total = emit_binop(c, IR_BINOP_MUL, total, emit_shape(c, a, d), PRIM_I64);
  }
  struct ir_subexp fa = reshape1(c, a, arena_dup(c->arena, &total, sizeof total), 1);
  struct ir_subexp fb = reshape1(c, b, arena_dup(c->arena, &total, sizeof total), 1);
  struct ir_soac s = {.kind = IR_SOAC_REDOMAP, .commutative = true};
  s.width = total;
  s.inputs = ARENA_ARRAY(c->arena, struct ir_var *, 2);
  s.inputs[0] = fa.u.var;
  s.inputs[1] = fb.u.var;
  s.input_count = 2;
  struct ir_lambda *eq = ir_lambda_new(c->arena);
  eq->param_count = 2;
  eq->params = ARENA_ARRAY(c->arena, struct ir_var *, 2);
  eq->params[0] = fresh(c, "x", ir_type_scalar(t.prim));
  eq->params[1] = fresh(c, "y", ir_type_scalar(t.prim));
  eq->ret_count = 1;
  eq->ret = ARENA_NEW(c->arena, struct ir_type);
  *eq->ret = ir_type_scalar(PRIM_BOOL);
  struct ir_body *saved = c->body;
  c->body = eq->body;
  struct ir_subexp r = emit_binop(c, IR_BINOP_EQ, ir_se_var(eq->params[0]),
                                  ir_se_var(eq->params[1]), PRIM_BOOL);
  ir_body_set_results(c->arena, eq->body, &r, 1);
  struct ir_lambda *and = ir_lambda_new(c->arena);
  and->param_count = 2;
  and->params = ARENA_ARRAY(c->arena, struct ir_var *, 2);
  and->params[0] = fresh(c, "p", ir_type_scalar(PRIM_BOOL));
  and->params[1] = fresh(c, "q", ir_type_scalar(PRIM_BOOL));
  and->ret_count = 1;
  and->ret = ARENA_NEW(c->arena, struct ir_type);
  *and->ret = ir_type_scalar(PRIM_BOOL);
  c->body = and->body;
  struct ir_subexp r2 = emit_binop(c, IR_BINOP_LAND, ir_se_var(and->params[0]),
                                   ir_se_var(and->params[1]), PRIM_BOOL);
  ir_body_set_results(c->arena, and->body, &r2, 1);
  c->body = saved;
  s.map_fn = eq;
  s.op = and;
  s.neutral = ARENA_NEW(c->arena, struct ir_subexp);
  s.neutral[0] = ir_se_bool(true);
  s.neutral_count = 1;
  struct ir_var *res = fresh(c, "all_equal", ir_type_scalar(PRIM_BOOL));
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac = s;
  emit(c, e, &res, 1);
  return ir_se_var(res);
}

static struct ir_subexp comp_equal(struct ictx *c, struct ir_subexp a, struct ir_subexp b) {
  struct ir_type t = ir_subexp_type(a);
  if (t.rank == 0) {
    return emit_binop(c, IR_BINOP_EQ, a, b, PRIM_BOOL);
  }
  struct ir_subexp same = ir_se_bool(true);
  for (int d = 0; d < t.rank; d++) {
    struct ir_subexp eq = emit_binop(c, IR_BINOP_EQ, emit_shape(c, a, d), emit_shape(c, b, d),
                                     PRIM_BOOL);
    same = d == 0 ? eq : emit_binop(c, IR_BINOP_LAND, same, eq, PRIM_BOOL);
  }
  struct ir_exp x = {.kind = IR_IF};
  x.u.if_.cond = same;
  struct ir_body *saved = c->body;
  x.u.if_.then_body = new_body(c);
  c->body = x.u.if_.then_body;
  struct ir_subexp all = arrays_equal(c, a, b);
  ir_body_set_results(c->arena, x.u.if_.then_body, &all, 1);
  x.u.if_.else_body = new_body(c);
  struct ir_subexp no = ir_se_bool(false);
  ir_body_set_results(c->arena, x.u.if_.else_body, &no, 1);
  c->body = saved;
  return emit1(c, "equal", ir_type_scalar(PRIM_BOOL), x);
}

struct ir_subexp emit_equal(struct ictx *c, struct sv *a, struct sv *b) {
  int na, nb;
  struct ir_subexp *ca = comps_of(c, a, &na);
  struct ir_subexp *cb = comps_of(c, b, &nb);
  struct ir_subexp result = ir_se_bool(true);
  for (int i = 0; i < na && i < nb; i++) {
    struct ir_subexp eq = comp_equal(c, ca[i], cb[i]);
    result = i == 0 ? eq : emit_binop(c, IR_BINOP_LAND, result, eq, PRIM_BOOL);
  }
  return result;
}

struct sv *apply_operator(struct ictx *c, int op, struct sv *a, struct sv *b,
                          struct type *result_type) {
  int na;
  comps_of(c, a, &na);
  bool scalar_operands = na == 1 && ir_subexp_type(a->u.dyn.comps[0]).rank == 0;
  if ((op == IR_BINOP_EQ || op == IR_BINOP_NE) && !scalar_operands) {
    struct ir_subexp eq = emit_equal(c, a, b);
    if (op == IR_BINOP_NE) {
      struct ir_exp n = {.kind = IR_UNOP};
      n.u.unop.op = IR_UNOP_NOT;
      n.u.unop.operand = eq;
      eq = emit1(c, "ne", ir_type_scalar(PRIM_BOOL), n);
    }
    return one(c, result_type, eq);
  }
  struct ir_subexp x = scalar(c, a), y = scalar(c, b);
  enum prim_type p = ir_subexp_type(x).prim;
  enum prim_type r = ir_binop_is_comparison((enum ir_binop)op) ? PRIM_BOOL : p;
  return one(c, result_type, emit_binop(c, (enum ir_binop)op, x, y, r));
}

/* ---------------------------------------------------------- Numeric members */

static struct ir_const highest(enum prim_type p) {
  switch (p) {
  case PRIM_I8:
    return ir_const_int(p, INT8_MAX);
  case PRIM_I16:
    return ir_const_int(p, INT16_MAX);
  case PRIM_I32:
    return ir_const_int(p, INT32_MAX);
  case PRIM_I64:
    return ir_const_int(p, INT64_MAX);
  case PRIM_U8:
  case PRIM_U16:
  case PRIM_U32:
  case PRIM_U64:
    return ir_const_int(p, -1);
  default:
    return ir_const_float(p, INFINITY);
  }
}

static struct ir_const lowest(enum prim_type p) {
  switch (p) {
  case PRIM_I8:
    return ir_const_int(p, INT8_MIN);
  case PRIM_I16:
    return ir_const_int(p, INT16_MIN);
  case PRIM_I32:
    return ir_const_int(p, INT32_MIN);
  case PRIM_I64:
    return ir_const_int(p, INT64_MIN);
  case PRIM_U8:
  case PRIM_U16:
  case PRIM_U32:
  case PRIM_U64:
    return ir_const_int(p, 0);
  default:
    return ir_const_float(p, -INFINITY);
  }
}

static struct ir_const num_const(enum prim_type p, int which) {
  switch ((enum num_const)which) {
  case NUM_CONST_HIGHEST:
    return highest(p);
  case NUM_CONST_LOWEST:
    return lowest(p);
  case NUM_CONST_INF:
    return ir_const_float(p, INFINITY);
  case NUM_CONST_NAN:
    return ir_const_float(p, NAN);
  case NUM_CONST_PI:
    return ir_const_float(p, 3.14159265358979323846);
  case NUM_CONST_E:
    return ir_const_float(p, 2.71828182845904523536);
  case NUM_CONST_EPSILON: /* the distance from 1 to the next larger number */
    return ir_const_float(p, p == PRIM_F16 ? 0x1p-10 : p == PRIM_F32 ? 0x1p-23 : 0x1p-52);
  }
  return ir_const_int(p, 0);
}

static struct ir_lambda *binop_lambda(struct ictx *c, enum ir_binop op, enum prim_type p) {
  struct ir_lambda *l = ir_lambda_new(c->arena);
  l->param_count = 2;
  l->params = ARENA_ARRAY(c->arena, struct ir_var *, 2);
  l->params[0] = fresh(c, "x", ir_type_scalar(p));
  l->params[1] = fresh(c, "y", ir_type_scalar(p));
  l->ret_count = 1;
  l->ret = ARENA_NEW(c->arena, struct ir_type);
  *l->ret = ir_type_scalar(p);
  struct ir_body *saved = c->body;
  c->body = l->body;
  struct ir_subexp r = emit_binop(c, op, ir_se_var(l->params[0]), ir_se_var(l->params[1]), p);
  ir_body_set_results(c->arena, l->body, &r, 1);
  c->body = saved;
  return l;
}

static struct sv *num_reduce(struct ictx *c, struct tc_binding *b, struct sv *xs,
                             struct type *rt) {
  enum prim_type p = b->intrinsic_prim;
  enum ir_binop op = (enum ir_binop)b->intrinsic_op;
  struct ir_const ne = op == IR_BINOP_ADD   ? ir_const_int(p, 0)
                       : op == IR_BINOP_MUL ? ir_const_int(p, 1)
                       : op == IR_BINOP_MAX ? lowest(p)
                                            : highest(p);
  struct ir_soac s = {.kind = IR_SOAC_REDUCE, .commutative = true};
  struct ir_subexp a = scalar(c, xs);
  s.width = emit_shape(c, a, 0);
  s.inputs = vars_of(c, &a, 1);
  s.input_count = 1;
  s.neutral = ARENA_NEW(c->arena, struct ir_subexp);
  s.neutral[0] = ir_se_const(ne);
  s.neutral_count = 1;
  s.op = binop_lambda(c, op, p);
  struct ir_var *r = fresh(c, "sum", ir_type_scalar(p));
  return emit_soac(c, s, &r, 1, rt);
}

/* ------------------------------------------------- Members computed from others */

static struct ir_subexp d_convert(struct ictx *c, struct ir_subexp x, enum prim_type to) {
  return emit_convert(c, "conv", x, to);
}

static struct ir_subexp d_unop(struct ictx *c, enum ir_unop op, struct ir_subexp x,
                               enum prim_type to) {
  struct ir_exp e = {.kind = IR_UNOP};
  e.u.unop.op = op;
  e.u.unop.operand = x;
  return emit1(c, "u", ir_type_scalar(to), e);
}

static struct ir_subexp d_int(enum prim_type p, int64_t v) {
  return ir_se_const(ir_const_int(p, v));
}

/* The unsigned integer type of p's width (p an integer type, or a float's bits). */
static enum prim_type unsigned_of(enum prim_type p) {
  switch (prim_bytes(p)) {
  case 1:
    return PRIM_U8;
  case 2:
    return PRIM_U16;
  case 4:
    return PRIM_U32;
  default:
    return PRIM_U64;
  }
}

/* x >>> y: a logical shift, >> on the unsigned type of the same width. */
static struct ir_subexp d_lshr(struct ictx *c, enum prim_type p, struct ir_subexp x,
                               struct ir_subexp y) {
  enum prim_type u = unsigned_of(p);
  struct ir_subexp r = emit_binop(c, IR_BINOP_SHR, d_convert(c, x, u), d_convert(c, y, u), u);
  return d_convert(c, r, p);
}

/* Bit `bit` (an i32) of the integer x, as an i32 0 or 1. */
static struct ir_subexp d_get_bit(struct ictx *c, enum prim_type p, struct ir_subexp bit,
                                  struct ir_subexp x) {
  struct ir_subexp shifted = d_lshr(c, p, x, d_convert(c, bit, p));
  return d_convert(c, emit_binop(c, IR_BINOP_BAND, shifted, d_int(p, 1), p), PRIM_I32);
}

/* The integer x with bit `bit` set to b: (x & !(1 << bit)) | (b << bit), in x's type. */
static struct ir_subexp d_set_bit(struct ictx *c, enum prim_type p, struct ir_subexp bit,
                                  struct ir_subexp x, struct ir_subexp b) {
  struct ir_subexp i = d_convert(c, bit, p);
  struct ir_subexp one = emit_binop(c, IR_BINOP_SHL, d_int(p, 1), i, p);
  struct ir_subexp kept = emit_binop(c, IR_BINOP_BAND, x,
                                     d_unop(c, IR_UNOP_COMPLEMENT, one, p), p);
  struct ir_subexp set = emit_binop(c, IR_BINOP_SHL, d_convert(c, b, p), i, p);
  return emit_binop(c, IR_BINOP_BOR, kept, set, p);
}

static struct ir_subexp d_bits(struct ictx *c, enum prim_type p, struct ir_subexp x) {
  return d_unop(c, IR_UNOP_TO_BITS, x, unsigned_of(p));
}

static struct ir_subexp derived(struct ictx *c, enum num_derived which, enum prim_type p,
                                struct ir_subexp *a) {
  switch (which) {
  case NUM_LSHR:
    return d_lshr(c, p, a[0], a[1]);
  case NUM_MAD_HI:
    return emit_binop(c, IR_BINOP_ADD, emit_binop(c, IR_BINOP_MUL_HI, a[0], a[1], p), a[2], p);
  case NUM_NUM_BITS:
    return d_int(PRIM_I32, prim_bytes(p) * 8);
  case NUM_GET_BIT:
    return prim_is_float(p) ? d_get_bit(c, unsigned_of(p), a[0], d_bits(c, p, a[1]))
                            : d_get_bit(c, p, a[0], a[1]);
  case NUM_SET_BIT:
    if (prim_is_float(p)) {
      struct ir_subexp bits = d_set_bit(c, unsigned_of(p), a[0], d_bits(c, p, a[1]), a[2]);
      return d_unop(c, IR_UNOP_FROM_BITS, bits, p);
    }
    return d_set_bit(c, p, a[0], a[1], a[2]);
  case NUM_RECIP:
    return emit_binop(c, IR_BINOP_DIV, ir_se_const(ir_const_float(p, 1)), a[0], p);
  case NUM_LERP: {
    struct ir_subexp d = emit_binop(c, IR_BINOP_SUB, a[1], a[0], p);
    return emit_binop(c, IR_BINOP_ADD, a[0], emit_binop(c, IR_BINOP_MUL, d, a[2], p), p);
  }
  case NUM_MAD:
    return emit_binop(c, IR_BINOP_ADD, emit_binop(c, IR_BINOP_MUL, a[0], a[1], p), a[2], p);
  case NUM_FMA: {
    struct ir_exp e = {.kind = IR_BINOP};
    e.u.binop.op = IR_BINOP_FMA;
    e.u.binop.lhs = a[0];
    e.u.binop.rhs = a[1];
    e.u.binop.addend = a[2];
    return emit1(c, "fma", ir_type_scalar(p), e);
  }
  case NUM_FROM_FRACTION:
    return emit_binop(c, IR_BINOP_DIV, d_convert(c, a[0], p), d_convert(c, a[1], p), p);
  case NUM_LDEXP:
    return emit_binop(c, IR_BINOP_LDEXP, a[0], d_convert(c, a[1], p), p);
  }
  ICE("internalise", c->loc, "unknown derived numeric member %d", (int)which);
}

static struct sv *num_derived(struct ictx *c, struct tc_binding *b, struct sv **args,
                              struct type *rt) {
  int n = intrinsic_arity(b);
  struct ir_subexp *a = ARENA_ARRAY(c->arena, struct ir_subexp, n + 1);
  for (int i = 0; i < n; i++) {
    a[i] = scalar(c, args[i]);
  }
  return one(c, rt, derived(c, (enum num_derived)b->intrinsic_op, b->intrinsic_prim, a));
}

static struct sv *num_member(struct ictx *c, struct tc_binding *b, struct sv **args,
                             struct type *rt) {
  enum prim_type p = b->intrinsic_prim;
  switch ((enum intrinsic)b->intrinsic) {
  case INTR_NUM_UNARY:
  case INTR_NUM_PREDICATE:
  case INTR_NUM_INT_COUNT:
  case INTR_NUM_TO_BITS:
  case INTR_NUM_FROM_BITS: {
    struct ir_exp e = {.kind = IR_UNOP};
    e.u.unop.op = (enum ir_unop)b->intrinsic_op;
    e.u.unop.operand = scalar(c, args[0]);
    enum prim_type r = type_head(rt)->u.prim;
    return one(c, rt, emit1(c, "u", ir_type_scalar(r), e));
  }
  case INTR_NUM_BINARY:
  case INTR_NUM_COMPARE:
    return apply_operator(c, b->intrinsic_op, args[0], args[1], rt);
  case INTR_NUM_CONST:
    return one(c, rt, ir_se_const(num_const(p, b->intrinsic_op)));
  case INTR_NUM_REDUCE:
    return num_reduce(c, b, args[0], rt);
  case INTR_NUM_CONVERT: {
    struct ir_subexp x = scalar(c, args[0]);
    if (b->intrinsic_from == p) {
      return one(c, rt, x);
    }
    struct ir_exp e = {.kind = IR_CONVERT};
    e.u.convert.operand = x;
    return one(c, rt, emit1(c, "conv", ir_type_scalar(p), e));
  }
  case INTR_NUM_DERIVED:
    return num_derived(c, b, args, rt);
  default:
    break;
  }
  ICE("internalise", c->loc, "unknown numeric intrinsic %s", b->name);
}

/* --------------------------------------------------------------- Dispatcher */

struct sv *apply_intrinsic(struct ictx *c, struct sv *fn, struct sv **args, int count,
                           struct type *rt) {
  struct tc_binding *b = fn->u.intrinsic.binding;
  (void)count;
  switch ((enum intrinsic)b->intrinsic) {
  case INTR_MAP:
    return int_map(c, fn, args, rt);
  case INTR_REDUCE:
    return int_reduce_scan(c, fn, args, rt, IR_SOAC_REDUCE, false);
  case INTR_REDUCE_COMM:
    return int_reduce_scan(c, fn, args, rt, IR_SOAC_REDUCE, true);
  case INTR_SCAN:
    return int_reduce_scan(c, fn, args, rt, IR_SOAC_SCAN, false);
  case INTR_FILTER:
    return int_filter(c, fn, args, rt);
  case INTR_PARTITION:
    return int_partition(c, fn, args, rt);
  case INTR_SCATTER:
    return int_scatter(c, fn, args, rt, 1);
  case INTR_SCATTER_2D:
    return int_scatter(c, fn, args, rt, 2);
  case INTR_HIST:
    return int_hist(c, args, rt);
  case INTR_REDUCE_BY_INDEX:
    return int_reduce_by_index(c, args, rt);
  case INTR_IOTA:
    return int_iota(c, args, rt);
  case INTR_REPLICATE:
    return int_replicate(c, args, rt);
  case INTR_REP:
    return int_rep(c, fn, args, rt);
  case INTR_ZIP:
  case INTR_ZIP3:
  case INTR_ZIP4:
  case INTR_ZIP5:
    return regroup(c, args, intrinsic_arity(b), rt);
  case INTR_UNZIP:
  case INTR_UNZIP3:
  case INTR_UNZIP4:
  case INTR_UNZIP5:
    return regroup(c, args, 1, rt);
  case INTR_TRANSPOSE:
    return int_transpose(c, args, rt);
  case INTR_FLATTEN:
    return int_flatten(c, args, rt);
  case INTR_UNFLATTEN:
    return int_unflatten(c, fn, args, rt);
  case INTR_CONCAT:
  case INTR_APPEND:
    return int_concat(c, args, rt);
  case INTR_LENGTH:
    return one(c, rt, width_of(c, fn, args[0], "n"));
  case INTR_COPY:
    return int_copy(c, args, rt);
  case INTR_OPERATOR:
    return apply_operator(c, b->intrinsic_op, args[0], args[1], rt);
  case INTR_PIPE_RIGHT:
    return apply(c, args[1], &args[0], 1, rt);
  case INTR_PIPE_LEFT:
    return apply(c, args[0], &args[1], 1, rt);
  default:
    return num_member(c, b, args, rt);
  }
}
