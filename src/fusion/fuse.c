/* SOAC fusion: chains of SOACs become single SOACs, so intermediate arrays are never
 * written (Futhark's "A T2 graph-reduction approach to fusion" and the redomap paper).
 *
 * Requires verified core IR; produces equivalent, verified IR. Works body by body, inner
 * bodies first. Rules:
 *  - vertical: a MAP whose results are read only as inputs of one later SOAC (MAP,
 *    REDUCE, REDOMAP, SCAN, SCANOMAP, SCATTER, HIST or FILTER) of the same width is
 *    composed into it: the consumer reads the producer's inputs and computes the
 *    producer's lambda itself (map-reduce becomes redomap, map-scan scanomap);
 *  - diagonal: if the producer's results are also used after the consumer, a MAP,
 *    REDOMAP or SCANOMAP consumer also returns them (as map results or map-outs);
 *  - horizontal: two independent SOACs of the same width in one body become one (two
 *    maps; a map and a redomap/scanomap, the map's results as map-outs; two redomaps);
 *  - scatter: a scatter whose indices and values are flatten (reshape) of [w][r] map
 *    results, or ++ of equal-width map results, becomes a scatter of width w with r
 *    writes per element (a radix-r Stockham pass is one loop with r writes);
 *  - iota: an input that is `iota w` is read as the lambda's index, so no iota is made;
 *  - rearrange: an input that is a transpose whose rows the lambda reads element by
 *    element becomes reads of the original array at the swapped indices (reshapes and
 *    rows need nothing: the backends make them views).
 * Never: when the producer's results have other uses that come before the consumer
 * (they would be undefined), when a statement between them consumes one of the
 * producer's inputs or the consumer writes to it (the producer would read new values),
 * or when fusing would compute the producer twice. A scan feeding a reduce stays two
 * SOACs: only maps are producers. */
#include <stdlib.h>
#include <string.h>

#include "fusion/fusion.h"
#include "ir/util.h"
#include "support/heap.h"
#include "support/vec.h"

struct fuser {
  struct ir_program *p;
  bool changed;
  const struct ir_stm **defs; /* by variable id: the iota or rearrange binding it */
  int def_count;              /* entries in defs (variables made later have none) */
};

static void fuse_body(struct fuser *f, struct ir_body *b);

/* ------------------------------------------------------------ Facts of a body */

/* Is v bound by statement s? Returns its position in s's pattern, or -1. */
static int pat_index(const struct ir_stm *s, const struct ir_var *v) {
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i] == v) {
      return i;
    }
  }
  return -1;
}

static int uses_in_results(const struct ir_body *b, const struct ir_var *v) {
  int n = 0;
  for (int i = 0; i < b->result_count; i++) {
    n += b->results[i].kind == IR_SE_VAR && b->results[i].u.var == v;
  }
  return n;
}

/* How statement s (a SOAC) uses v: as how many of its inputs, and in total. */
static int input_uses(const struct ir_soac *s, const struct ir_var *v) {
  int n = 0;
  for (int i = 0; i < s->input_count; i++) {
    n += s->inputs[i] == v;
  }
  return n;
}

/* Does any statement strictly between i and j consume one of the SOAC's inputs? */
static bool inputs_consumed_between(const struct ir_body *b, int i, int j,
                                    const struct ir_soac *producer) {
  for (int k = i + 1; k < j; k++) {
    for (int x = 0; x < producer->input_count; x++) {
      if (ir_stm_consumes(b->stms[k], producer->inputs[x])) {
        return true;
      }
    }
  }
  return false;
}

static bool is_soac(const struct ir_stm *s, enum ir_soac_kind kind) {
  return s->exp.kind == IR_SOAC && s->exp.u.soac.kind == kind;
}

/* --------------------------------------------------------- Building lambdas */

/* A lambda that returns its parameters (one per input row). */
static struct ir_lambda *identity_lambda(struct fuser *f, struct ir_var *const *inputs, int n) {
  struct ir_lambda *l = ir_lambda_new(f->p->arena);
  l->param_count = l->ret_count = n;
  l->params = ARENA_ARRAY(f->p->arena, struct ir_var *, n + 1);
  l->ret = ARENA_ARRAY(f->p->arena, struct ir_type, n + 1);
  struct ir_subexp *res = ARENA_ARRAY(f->p->arena, struct ir_subexp, n + 1);
  for (int i = 0; i < n; i++) {
    struct ir_type t = ir_type_row(inputs[i]->type);
    l->params[i] = ir_var_new(f->p, intern("x"), t);
    l->ret[i] = t;
    res[i] = ir_se_var(l->params[i]);
  }
  ir_body_set_results(f->p->arena, l->body, res, n);
  return l;
}

/* REDUCE and SCAN as REDOMAP and SCANOMAP with an identity map, so one composition
 * serves every consumer. */
static void normalise_consumer(struct fuser *f, struct ir_soac *s) {
  if (s->kind == IR_SOAC_REDUCE || s->kind == IR_SOAC_SCAN) {
    s->map_fn = identity_lambda(f, s->inputs, s->input_count);
    s->kind = s->kind == IR_SOAC_REDUCE ? IR_SOAC_REDOMAP : IR_SOAC_SCANOMAP;
  }
}

/* Appends the statements of `from` to `to`. */
static void append_stms(struct fuser *f, struct ir_body *to, const struct ir_body *from) {
  for (int i = 0; i < from->stm_count; i++) {
    if (to->stm_count == to->stm_cap) {
      int cap = to->stm_cap == 0 ? 8 : to->stm_cap * 2;
      struct ir_stm **fresh = ARENA_ARRAY(f->p->arena, struct ir_stm *, cap);
      if (to->stm_count > 0) {
        memcpy(fresh, to->stms, sizeof *fresh * (size_t)to->stm_count);
      }
      to->stms = fresh;
      to->stm_cap = cap;
    }
    to->stms[to->stm_count++] = from->stms[i];
  }
}

/* The lambda's index, made if it has none. */
static struct ir_var *lambda_index(struct fuser *f, struct ir_lambda *l) {
  if (l->index == NULL) {
    l->index = ir_var_new(f->p, intern("i"), ir_type_scalar(PRIM_I64));
  }
  return l->index;
}

/* Lambda `to` takes over the index of `from` (whose statements it now contains): uses
 * of from's index become uses of to's. */
static void share_index(struct fuser *f, struct ir_subst *sub, struct ir_lambda *to,
                        const struct ir_lambda *from) {
  if (from->index == NULL) {
    return;
  }
  if (to->index == NULL) {
    to->index = from->index;
  } else if (to->index != from->index) {
    ir_subst_set(sub, from->index, ir_se_var(to->index));
  }
  (void)f;
}

/* ------------------------------------------------------------ Vertical fusion */

/* Can producer P (statement i, a MAP) fuse into consumer C (statement j)? Sets *diagonal
 * when P's results are also used after j. */
static bool can_fuse(const struct ir_body *b, int i, int j, bool *diagonal) {
  const struct ir_stm *ps = b->stms[i], *cs = b->stms[j];
  const struct ir_soac *p = &ps->exp.u.soac, *c = &cs->exp.u.soac;
  if (!is_soac(ps, IR_SOAC_MAP) || cs->exp.kind != IR_SOAC ||
      !ir_subexp_equal(p->width, c->width)) {
    return false;
  }
  bool feeds = false;
  *diagonal = false;
  for (int o = 0; o < ps->pat_count; o++) {
    const struct ir_var *v = ps->pat[o];
    int as_input = input_uses(c, v);
    if (as_input != ir_stm_use_count(cs, v)) {
      return false; /* also read inside the consumer's lambdas or as a destination */
    }
    feeds = feeds || as_input > 0;
    for (int k = i + 1; k < j; k++) {
      if (ir_stm_use_count(b->stms[k], v) > 0) {
        return false; /* used before the consumer: it must exist there */
      }
    }
    bool later = uses_in_results(b, v) > 0;
    for (int k = j + 1; k < b->stm_count && !later; k++) {
      later = ir_stm_use_count(b->stms[k], v) > 0;
    }
    *diagonal = *diagonal || later;
  }
  if (!feeds || inputs_consumed_between(b, i, j, p)) {
    return false;
  }
  if (c->kind == IR_SOAC_FILTER) {
    /* A filter keeps computed values only when they are scalars. */
    for (int o = 0; o < ps->pat_count; o++) {
      if (input_uses(c, ps->pat[o]) > 0 && ps->pat[o]->type.rank != 1) {
        return false;
      }
    }
  }
  for (int x = 0; x < p->input_count; x++) {
    for (int d = 0; d < c->dest_count; d++) {
      if (c->dests[d] == p->inputs[x]) {
        return false; /* the consumer writes what the producer reads */
      }
    }
  }
  if (*diagonal) {
    /* Only these consumers can return the producer's results too. */
    return c->kind == IR_SOAC_MAP || c->kind == IR_SOAC_REDOMAP ||
           c->kind == IR_SOAC_SCANOMAP || c->kind == IR_SOAC_REDUCE ||
           c->kind == IR_SOAC_SCAN;
  }
  return true;
}

/* The position of v among vars, or -1. */
static int var_position(struct ir_var *const *vars, int n, const struct ir_var *v) {
  for (int i = 0; i < n; i++) {
    if (vars[i] == v) {
      return i;
    }
  }
  return -1;
}

/* Composes producer P (statement ps) into consumer C (statement cs), in place in cs. */
static void compose(struct fuser *f, struct ir_stm *ps, struct ir_stm *cs, bool diagonal) {
  struct ir_soac *p = &ps->exp.u.soac, *c = &cs->exp.u.soac;
  normalise_consumer(f, c);
  struct ir_lambda *pf = p->map_fn, *cf = c->map_fn;
  struct ir_subst sub;
  ir_subst_init(&sub, f->p);
  /* The consumer's parameters for the producer's results become those results. */
  VEC(struct ir_var *) inputs = {0};
  VEC(struct ir_var *) params = {0};
  for (int k = 0; k < c->input_count; k++) {
    int o = pat_index(ps, c->inputs[k]);
    if (o >= 0) {
      ir_subst_set(&sub, cf->params[k], pf->body->results[o]);
    } else {
      VEC_PUSH(f->p->arena, &inputs, c->inputs[k]);
      VEC_PUSH(f->p->arena, &params, cf->params[k]);
    }
  }
  /* The producer's inputs, shared with the consumer's where they are the same array. */
  for (int x = 0; x < p->input_count; x++) {
    int at = var_position(inputs.items, inputs.len, p->inputs[x]);
    if (at >= 0) {
      ir_subst_set(&sub, pf->params[x], ir_se_var(params.items[at]));
    } else {
      VEC_PUSH(f->p->arena, &inputs, p->inputs[x]);
      VEC_PUSH(f->p->arena, &params, pf->params[x]);
    }
  }
  struct ir_body *body = ir_body_new(f->p->arena);
  append_stms(f, body, pf->body);
  append_stms(f, body, cf->body);
  int extra = diagonal ? ps->pat_count : 0;
  int nres = cf->body->result_count + extra;
  struct ir_subexp *res = ARENA_ARRAY(f->p->arena, struct ir_subexp, nres + 1);
  struct ir_type *ret = ARENA_ARRAY(f->p->arena, struct ir_type, nres + 1);
  memcpy(res, cf->body->results, sizeof *res * (size_t)cf->body->result_count);
  memcpy(ret, cf->ret, sizeof *ret * (size_t)cf->ret_count);
  for (int o = 0; o < extra; o++) {
    res[cf->body->result_count + o] = pf->body->results[o];
    ret[cf->ret_count + o] = pf->ret[o];
  }
  ir_body_set_results(f->p->arena, body, res, nres);
  share_index(f, &sub, cf, pf);
  cf->body = body;
  cf->params = params.items;
  cf->param_count = params.len;
  cf->ret = ret;
  cf->ret_count = nres;
  ir_subst_lambda(&sub, cf);
  ir_subst_free(&sub);
  c->inputs = inputs.items;
  c->input_count = inputs.len;
  if (diagonal) {
    /* The consumer now also binds the producer's results (map results or map-outs). */
    struct ir_var **pat = ARENA_ARRAY(f->p->arena, struct ir_var *, cs->pat_count + extra + 1);
    memcpy(pat, cs->pat, sizeof *pat * (size_t)cs->pat_count);
    memcpy(pat + cs->pat_count, ps->pat, sizeof *pat * (size_t)extra);
    cs->pat = pat;
    cs->pat_count += extra;
  }
}

static void remove_stm(struct ir_body *b, int i) {
  memmove(b->stms + i, b->stms + i + 1, sizeof *b->stms * (size_t)(b->stm_count - i - 1));
  b->stm_count--;
}

/* Fuses one producer into one consumer, the last consumer first; true if it did. */
static bool fuse_vertically(struct fuser *f, struct ir_body *b) {
  for (int j = b->stm_count - 1; j >= 0; j--) {
    struct ir_stm *cs = b->stms[j];
    if (cs->exp.kind != IR_SOAC) {
      continue;
    }
    const struct ir_soac *c = &cs->exp.u.soac;
    for (int k = 0; k < c->input_count; k++) {
      for (int i = j - 1; i >= 0; i--) {
        if (pat_index(b->stms[i], c->inputs[k]) < 0) {
          continue;
        }
        bool diagonal;
        if (can_fuse(b, i, j, &diagonal)) {
          compose(f, b->stms[i], cs, diagonal);
          remove_stm(b, i);
          return true;
        }
        break;
      }
    }
  }
  return false;
}

/* ---------------------------------------------------------- Horizontal fusion */

/* Statement j uses something statement i binds? */
static bool depends_on(const struct ir_stm *later, const struct ir_stm *earlier) {
  for (int o = 0; o < earlier->pat_count; o++) {
    if (ir_stm_use_count(later, earlier->pat[o]) > 0) {
      return true;
    }
  }
  return false;
}

static bool body_has_soac(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    if (b->stms[i]->exp.kind == IR_SOAC) {
      return true;
    }
    struct ir_body *nested[IR_MAX_STM_BODIES];
    int n = ir_stm_bodies(b->stms[i], nested);
    for (int k = 0; k < n; k++) {
      if (body_has_soac(nested[k])) {
        return true;
      }
    }
  }
  return false;
}

/* Whether the body holds an if around a SOAC (a plan that picks an algorithm: the
 * FFT of a row), in its own statements or nested ones. */
static bool body_has_branch_around_soac(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    struct ir_body *nested[IR_MAX_STM_BODIES];
    int n = ir_stm_bodies(s, nested);
    for (int k = 0; k < n; k++) {
      if (s->exp.kind == IR_IF ? body_has_soac(nested[k])
                               : body_has_branch_around_soac(nested[k])) {
        return true;
      }
    }
  }
  return false;
}

/* Two SOACs at i < j can become one at j when they have the same width, j does not use
 * i's results, i's results are not used between them, nothing between them consumes
 * their inputs, and neither writes what the other reads; and not both of them branch
 * around inner SOACs in their lambdas (Note [horizontal fusion of plans]). */
static bool can_merge(const struct ir_body *b, int i, int j) {
  const struct ir_stm *a = b->stms[i], *c = b->stms[j];
  if (!ir_subexp_equal(a->exp.u.soac.width, c->exp.u.soac.width) || depends_on(c, a)) {
    return false;
  }
  for (int k = i + 1; k < j; k++) {
    if (depends_on(b->stms[k], a)) {
      return false;
    }
  }
  const struct ir_lambda *fa = a->exp.u.soac.map_fn, *fc = c->exp.u.soac.map_fn;
  if (fa != NULL && fc != NULL && body_has_branch_around_soac(fa->body) &&
      body_has_branch_around_soac(fc->body)) {
    return false;
  }
  return !inputs_consumed_between(b, i, j, &a->exp.u.soac) &&
         !inputs_consumed_between(b, i, j, &c->exp.u.soac) && a->exp.u.soac.dest_count == 0 &&
         c->exp.u.soac.dest_count == 0;
}

/* Note [horizontal fusion of plans]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Two maps over the same rows whose lambdas each branch around inner SOACs (`map fft
 * rows` and `map ifft rows`: each a branch between Stockham's passes, the split and
 * Bluestein's) stay two maps. Merged, the lambda would hold both branches one after
 * the other, and when an arm of each cannot be a kernel (Bluestein's, a function kept
 * out of line), lowering could make the map neither group code nor the branch between
 * maps that unswitching makes of one such branch (Note [unswitching maps] in
 * src/lower/unswitch.c): the whole batch ran on the host, row by row, where each map
 * alone has its kernels. Apart, each reads the rows once more, which is little beside
 * its inner SOACs. Maps with inner SOACs and loops but no such branch (a segmented
 * reduction, a loop of passes) still merge: group code holds them both. */

static bool fuse_maps_horizontally(struct fuser *f, struct ir_body *b);

/* Merges map A (statement a) into SOAC C (statement c: MAP, REDOMAP or SCANOMAP) as its
 * extra map results. */
static void merge_map(struct fuser *f, struct ir_stm *a, struct ir_stm *c) {
  /* A as a producer none of whose results C reads is exactly a diagonal composition. */
  compose(f, a, c, true);
}

/* Concatenates VEC-less arrays: the first n of a, then the first m of b. */
static void *concat_arrays(struct fuser *f, const void *a, int n, const void *b, int m,
                           size_t size) {
  char *out = arena_alloc(f->p->arena, size * ((size_t)n + (size_t)m + 1));
  if (n > 0) {
    memcpy(out, a, size * (size_t)n);
  }
  if (m > 0) {
    memcpy(out + size * (size_t)n, b, size * (size_t)m);
  }
  return out;
}

/* Two reductions of the same width (a at statement i, c at j) become one redomap whose
 * operator computes both: accumulators and elements are laid out a's then c's. */
static void merge_reductions(struct fuser *f, struct ir_stm *as, struct ir_stm *cs) {
  struct ir_soac *a = &as->exp.u.soac, *c = &cs->exp.u.soac;
  normalise_consumer(f, a);
  normalise_consumer(f, c);
  int ka = a->neutral_count, kc = c->neutral_count;
  int ma = a->map_fn->ret_count - ka, mc = c->map_fn->ret_count - kc;
  /* map_fn: a's body then c's, reading both inputs (shared where the same array). */
  struct ir_subst sub;
  ir_subst_init(&sub, f->p);
  VEC(struct ir_var *) inputs = {0};
  VEC(struct ir_var *) params = {0};
  for (int x = 0; x < a->input_count; x++) {
    VEC_PUSH(f->p->arena, &inputs, a->inputs[x]);
    VEC_PUSH(f->p->arena, &params, a->map_fn->params[x]);
  }
  for (int x = 0; x < c->input_count; x++) {
    int at = var_position(inputs.items, inputs.len, c->inputs[x]);
    if (at >= 0) {
      ir_subst_set(&sub, c->map_fn->params[x], ir_se_var(params.items[at]));
    } else {
      VEC_PUSH(f->p->arena, &inputs, c->inputs[x]);
      VEC_PUSH(f->p->arena, &params, c->map_fn->params[x]);
    }
  }
  struct ir_lambda *m = ir_lambda_new(f->p->arena);
  append_stms(f, m->body, a->map_fn->body);
  append_stms(f, m->body, c->map_fn->body);
  const struct ir_subexp *ra = a->map_fn->body->results, *rc = c->map_fn->body->results;
  struct ir_subexp *res = concat_arrays(f, ra, ka, rc, kc, sizeof *res);
  struct ir_type *ret = concat_arrays(f, a->map_fn->ret, ka, c->map_fn->ret, kc, sizeof *ret);
  res = concat_arrays(f, res, ka + kc, concat_arrays(f, ra + ka, ma, rc + kc, mc, sizeof *res),
                      ma + mc, sizeof *res);
  ret = concat_arrays(f, ret, ka + kc,
                      concat_arrays(f, a->map_fn->ret + ka, ma, c->map_fn->ret + kc, mc,
                                    sizeof *ret),
                      ma + mc, sizeof *ret);
  ir_body_set_results(f->p->arena, m->body, res, ka + kc + ma + mc);
  m->ret = ret;
  m->ret_count = ka + kc + ma + mc;
  m->params = params.items;
  m->param_count = params.len;
  share_index(f, &sub, m, a->map_fn);
  share_index(f, &sub, m, c->map_fn);
  ir_subst_lambda(&sub, m);
  ir_subst_free(&sub);
  /* op: (acc_a, acc_c, elem_a, elem_c) -> (res_a, res_c). */
  struct ir_lambda *op = ir_lambda_new(f->p->arena);
  struct ir_var **accs = concat_arrays(f, a->op->params, ka, c->op->params, kc, sizeof *accs);
  struct ir_var **elems =
      concat_arrays(f, a->op->params + ka, ka, c->op->params + kc, kc, sizeof *elems);
  op->params = concat_arrays(f, accs, ka + kc, elems, ka + kc, sizeof *accs);
  op->param_count = 2 * (ka + kc);
  append_stms(f, op->body, a->op->body);
  append_stms(f, op->body, c->op->body);
  ir_body_set_results(f->p->arena, op->body,
                      concat_arrays(f, a->op->body->results, ka, c->op->body->results, kc,
                                    sizeof(struct ir_subexp)),
                      ka + kc);
  op->ret = concat_arrays(f, a->op->ret, ka, c->op->ret, kc, sizeof *op->ret);
  op->ret_count = ka + kc;
  /* The merged statement binds a's and c's reductions, then their map-outs. */
  struct ir_var **pat = concat_arrays(f, as->pat, ka, cs->pat, kc, sizeof *pat);
  pat = concat_arrays(f, pat, ka + kc,
                      concat_arrays(f, as->pat + ka, ma, cs->pat + kc, mc, sizeof *pat), ma + mc,
                      sizeof *pat);
  c->neutral = concat_arrays(f, a->neutral, ka, c->neutral, kc, sizeof *c->neutral);
  c->neutral_count = ka + kc;
  c->commutative = a->commutative && c->commutative;
  c->inputs = inputs.items;
  c->input_count = inputs.len;
  c->map_fn = m;
  c->op = op;
  cs->pat = pat;
  cs->pat_count = ka + kc + ma + mc;
}

static bool is_reduction(const struct ir_stm *s) {
  return is_soac(s, IR_SOAC_REDUCE) || is_soac(s, IR_SOAC_REDOMAP);
}

static bool fuse_horizontally(struct fuser *f, struct ir_body *b) {
  for (int j = b->stm_count - 1; j > 0; j--) {
    if (!is_reduction(b->stms[j])) {
      continue;
    }
    for (int i = j - 1; i >= 0; i--) {
      if (is_reduction(b->stms[i]) && can_merge(b, i, j)) {
        merge_reductions(f, b->stms[i], b->stms[j]);
        remove_stm(b, i);
        return true;
      }
    }
  }
  return fuse_maps_horizontally(f, b);
}

static bool fuse_maps_horizontally(struct fuser *f, struct ir_body *b) {
  for (int j = b->stm_count - 1; j > 0; j--) {
    struct ir_stm *c = b->stms[j];
    if (c->exp.kind != IR_SOAC) {
      continue;
    }
    enum ir_soac_kind ck = c->exp.u.soac.kind;
    if (ck != IR_SOAC_MAP && ck != IR_SOAC_REDOMAP && ck != IR_SOAC_SCANOMAP &&
        ck != IR_SOAC_REDUCE && ck != IR_SOAC_SCAN) {
      continue;
    }
    for (int i = j - 1; i >= 0; i--) {
      if (is_soac(b->stms[i], IR_SOAC_MAP) && can_merge(b, i, j)) {
        merge_map(f, b->stms[i], c);
        remove_stm(b, i);
        return true;
      }
    }
  }
  return false;
}

/* ------------------------------------------------------------------ Scatter */

/* A scatter whose inputs are each the flattening (reshape [w][r] to [w*r]) of an array,
 * or the concatenation of r arrays of width w, becomes a scatter of width w making r
 * writes per element; its inputs become the rows (or the parts), so a map producing
 * them can then fuse into it. Only scatters whose map_fn just routes its parameters
 * (as internalise makes them) are rewritten. */

/* The parameter each result of a routing lambda returns, or NULL if it is not one. */
static bool routing(const struct ir_lambda *l, int *param_of_result) {
  if (l->body->stm_count != 0) {
    return false;
  }
  for (int r = 0; r < l->body->result_count; r++) {
    struct ir_subexp res = l->body->results[r];
    int at = res.kind == IR_SE_VAR ? var_position(l->params, l->param_count, res.u.var) : -1;
    if (at < 0) {
      return false;
    }
    param_of_result[r] = at;
  }
  return true;
}

/* The statement in b binding v, or -1. */
static int binder_of(const struct ir_body *b, const struct ir_var *v) {
  for (int i = 0; i < b->stm_count; i++) {
    if (pat_index(b->stms[i], v) >= 0) {
      return i;
    }
  }
  return -1;
}

static int use_count_in_body(const struct ir_body *b, const struct ir_var *v) {
  int n = uses_in_results(b, v);
  for (int i = 0; i < b->stm_count; i++) {
    n += ir_stm_use_count(b->stms[i], v);
  }
  return n;
}

/* How input m is split: its parts (concat) or its rows' array (reshape), r of them. */
struct split_input {
  int stm;                 /* the reshape or concat statement */
  bool rows;               /* reshape: one [w][r] array whose row elements are the writes */
  struct ir_var **parts;   /* rows: the [w][r] array; parts: the r arrays of width w */
  int count;               /* r */
  struct ir_subexp width;  /* w */
};

/* Statements reading only the outer size of v (shape(v, 0)): they can be computed from
 * the parts instead. */
static int outer_shape_uses(const struct ir_body *b, const struct ir_var *v) {
  int n = 0;
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_exp *e = &b->stms[i]->exp;
    n += e->kind == IR_SHAPE && e->u.shape.array == v && e->u.shape.dim == 0;
  }
  return n;
}

static bool split_of(const struct ir_body *b, const struct ir_var *v, struct split_input *out) {
  int i = binder_of(b, v);
  if (i < 0 || use_count_in_body(b, v) - outer_shape_uses(b, v) != 1) {
    return false;
  }
  const struct ir_exp *e = &b->stms[i]->exp;
  if (e->kind == IR_RESHAPE && e->u.reshape.count == 1 && e->u.reshape.array->type.rank == 2 &&
      e->u.reshape.array->type.dims[1].kind == IR_SE_CONST &&
      e->u.reshape.array->type.dims[0].kind != IR_SE_NONE) {
    out->stm = i;
    out->rows = true;
    out->parts = &((struct ir_exp *)e)->u.reshape.array;
    out->count = (int)(int64_t)e->u.reshape.array->type.dims[1].u.c.v.i;
    out->width = e->u.reshape.array->type.dims[0];
    return out->count > 0 && out->count <= 64;
  }
  if (e->kind == IR_CONCAT && e->u.concat.count > 1) {
    struct ir_subexp w = e->u.concat.arrays[0]->type.dims[0];
    for (int k = 0; k < e->u.concat.count; k++) {
      if (w.kind == IR_SE_NONE || !ir_subexp_equal(e->u.concat.arrays[k]->type.dims[0], w)) {
        return false; /* parts of unknown or different widths */
      }
    }
    out->stm = i;
    out->rows = false;
    out->parts = e->u.concat.arrays;
    out->count = e->u.concat.count;
    out->width = w;
    return true;
  }
  return false;
}

/* Element k of input m in the new lambda: part k's parameter, or row[k] (read into the
 * body; unsafe: k is below the row's constant length). */
static struct ir_subexp split_element(struct fuser *f, struct ir_body *body,
                                      const struct split_input *sp, struct ir_var *const *params,
                                      const int *offset, int m, int k, struct loc loc) {
  if (!sp[m].rows) {
    return ir_se_var(params[offset[m] + k]);
  }
  struct ir_exp e = {.kind = IR_INDEX};
  e.u.index.array = params[offset[m]];
  e.u.index.count = 1;
  e.u.index.dims = ARENA_NEW(f->p->arena, struct ir_dim_index);
  e.u.index.dims[0].fixed = ir_se_i64(k);
  struct ir_var *x = ir_var_new(f->p, intern("w"), ir_type_row(params[offset[m]]->type));
  struct ir_stm *st = ir_body_add(f->p, body, loc, e, &x, 1);
  st->unsafe = true;
  return ir_se_var(x);
}

/* Rewrites the scatter at position j if all its inputs are split the same way. */
static bool normalise_scatter(struct fuser *f, struct ir_body *b, int j) {
  struct ir_stm *st = b->stms[j];
  struct ir_soac *s = &st->exp.u.soac;
  int n = s->input_count;
  if (s->dest_writes != NULL || n == 0) {
    return false;
  }
  int *param_of = heap_alloc(sizeof(int) * ((size_t)s->map_fn->body->result_count + 1));
  struct split_input *sp = heap_alloc(sizeof *sp * ((size_t)n + 1));
  if (param_of == NULL || sp == NULL) {
    diag_out_of_memory();
  }
  bool ok = routing(s->map_fn, param_of);
  for (int m = 0; ok && m < n; m++) {
    ok = split_of(b, s->inputs[m], &sp[m]) && sp[m].count == sp[0].count &&
         ir_subexp_equal(sp[m].width, sp[0].width);
  }
  if (!ok) {
    heap_free(param_of);
    heap_free(sp);
    return false;
  }
  int r = sp[0].count;
  /* The new inputs and lambda parameters, input by input. */
  VEC(struct ir_var *) inputs = {0};
  VEC(struct ir_var *) params = {0};
  int *offset = heap_alloc(sizeof(int) * ((size_t)n + 1));
  if (offset == NULL) {
    diag_out_of_memory();
  }
  for (int m = 0; m < n; m++) {
    offset[m] = params.len;
    for (int k = 0; k < (sp[m].rows ? 1 : r); k++) {
      VEC_PUSH(f->p->arena, &inputs, sp[m].parts[k]);
      VEC_PUSH(f->p->arena, &params,
               ir_var_new(f->p, intern("x"), ir_type_row(sp[m].parts[k]->type)));
    }
  }
  struct ir_lambda *l = ir_lambda_new(f->p->arena);
  l->params = params.items;
  l->param_count = params.len;
  /* Results: per dest, per write, its indices; then per dest, per write, its value. */
  VEC(struct ir_subexp) res = {0};
  int index_count = 0;
  for (int d = 0; d < s->dest_count; d++) {
    index_count += s->dest_ranks != NULL ? s->dest_ranks[d] : 1;
  }
  for (int d = 0, first = 0; d < s->dest_count; d++) {
    int rank = s->dest_ranks != NULL ? s->dest_ranks[d] : 1;
    for (int k = 0; k < r; k++) {
      for (int q = 0; q < rank; q++) {
        VEC_PUSH(f->p->arena, &res,
                 split_element(f, l->body, sp, params.items, offset, param_of[first + q], k,
                               st->loc));
      }
    }
    first += rank;
  }
  for (int d = 0; d < s->dest_count; d++) {
    for (int k = 0; k < r; k++) {
      VEC_PUSH(f->p->arena, &res,
               split_element(f, l->body, sp, params.items, offset, param_of[index_count + d], k,
                             st->loc));
    }
  }
  ir_body_set_results(f->p->arena, l->body, res.items, res.len);
  l->ret_count = res.len;
  l->ret = ARENA_ARRAY(f->p->arena, struct ir_type, res.len + 1);
  for (int i = 0; i < res.len; i++) {
    l->ret[i] = ir_subexp_type(res.items[i]);
  }
  s->map_fn = l;
  s->inputs = inputs.items;
  s->input_count = inputs.len;
  s->width = sp[0].width;
  s->dest_writes = ARENA_ARRAY(f->p->arena, int, s->dest_count + 1);
  for (int d = 0; d < s->dest_count; d++) {
    s->dest_writes[d] = r;
  }
  /* Reads of their outer sizes become r * w; the reshapes and concatenations go. */
  for (int i = 0; i < b->stm_count; i++) {
    struct ir_exp *e = &b->stms[i]->exp;
    for (int m = 0; m < n && e->kind == IR_SHAPE; m++) {
      if (e->u.shape.array == b->stms[sp[m].stm]->pat[0] && e->u.shape.dim == 0) {
        e->kind = IR_BINOP;
        e->u.binop.op = IR_BINOP_MUL;
        e->u.binop.lhs = sp[0].width;
        e->u.binop.rhs = ir_se_i64(r);
        e->u.binop.addend = (struct ir_subexp){.kind = IR_SE_NONE};
        break;
      }
    }
  }
  bool *keep = heap_alloc(sizeof *keep * ((size_t)b->stm_count + 1));
  if (keep == NULL) {
    diag_out_of_memory();
  }
  for (int i = 0; i < b->stm_count; i++) {
    keep[i] = true;
  }
  for (int m = 0; m < n; m++) {
    keep[sp[m].stm] = false;
  }
  ir_body_filter(b, keep);
  heap_free(keep);
  heap_free(offset);
  heap_free(param_of);
  heap_free(sp);
  return true;
}

static bool normalise_scatters(struct fuser *f, struct ir_body *b) {
  for (int j = 0; j < b->stm_count; j++) {
    if (is_soac(b->stms[j], IR_SOAC_SCATTER) && normalise_scatter(f, b, j)) {
      return true;
    }
  }
  return false;
}

/* -------------------------------------------------------------------- Iota */

/* An input of a SOAC that is `iota w` (w the SOAC's width) is not read: the parameter
 * becomes the lambda's index (converted to the iota's type), and the iota, now unused,
 * is never made. */

/* The statement of kind `kind` binding v (found before fusion), or NULL. */
static const struct ir_stm *def_of(const struct fuser *f, const struct ir_var *v,
                                   enum ir_exp_kind kind) {
  const struct ir_stm *def = v->id < f->def_count ? f->defs[v->id] : NULL;
  return def != NULL && def->exp.kind == kind ? def : NULL;
}

static void find_defs(struct fuser *f, const struct ir_body *b);

static void find_defs_in(struct fuser *f, const struct ir_stm *st) {
  if (st->exp.kind == IR_IOTA || st->exp.kind == IR_REARRANGE) {
    f->defs[st->pat[0]->id] = st;
  }
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int n = ir_stm_bodies(st, nested);
  for (int i = 0; i < n; i++) {
    find_defs(f, nested[i]);
  }
}

static void find_defs(struct fuser *f, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    find_defs_in(f, b->stms[i]);
  }
}

/* Binds v to e at the start of the lambda's body. */
static struct ir_stm *prepend_stm(struct fuser *f, struct ir_lambda *l, struct loc loc,
                                  struct ir_exp e, struct ir_var *v) {
  struct ir_body *body = ir_body_new(f->p->arena);
  struct ir_stm *st = ir_body_add(f->p, body, loc, e, &v, 1);
  append_stms(f, body, l->body);
  ir_body_set_results(f->p->arena, body, l->body->results, l->body->result_count);
  l->body = body;
  return st;
}

/* Binds param to the index at the start of the lambda's body. */
static void bind_param_to_index(struct fuser *f, struct ir_lambda *l, struct ir_var *param,
                                struct loc loc) {
  struct ir_var *index = lambda_index(f, l);
  struct ir_exp e = {.kind = IR_SUBEXP};
  e.u.se = ir_se_var(index);
  if (param->type.prim != PRIM_I64) {
    e.kind = IR_CONVERT;
    e.u.convert.operand = ir_se_var(index);
  }
  prepend_stm(f, l, loc, e, param);
}

static bool absorb_iotas(struct fuser *f, struct ir_stm *st) {
  struct ir_soac *s = &st->exp.u.soac;
  bool any = false;
  for (int k = s->input_count - 1; k >= 0; k--) {
    const struct ir_stm *def = def_of(f, s->inputs[k], IR_IOTA);
    if (def == NULL || s->inputs[k]->type.rank != 1 ||
        (s->width.kind != IR_SE_NONE && !ir_subexp_equal(def->exp.u.iota.n, s->width))) {
      continue;
    }
    normalise_consumer(f, s);
    struct ir_lambda *l = s->map_fn;
    bind_param_to_index(f, l, l->params[k], st->loc);
    ir_soac_drop_input(s, k);
    s->width = def->exp.u.iota.n;
    any = true;
  }
  return any;
}

/* --------------------------------------------------------------- Rearrange */

/* An input of a SOAC that is a rearrangement (a transpose) of array a, whose rows the
 * lambda only reads element by element, is never made: each read row[j, ...] becomes a
 * read of a at the permuted indices of (i, j, ...), i the lambda's index. */

struct row_reads {
  const struct ir_var *row;
  VEC(struct ir_stm *) reads;
};

static void find_row_reads(struct fuser *f, struct row_reads *rr, struct ir_body *b);

static void find_row_reads_in(struct fuser *f, struct row_reads *rr, struct ir_stm *st) {
  struct ir_exp *e = &st->exp;
  if (e->kind == IR_INDEX && e->u.index.array == rr->row &&
      e->u.index.count == rr->row->type.rank) {
    VEC_PUSH(f->p->arena, &rr->reads, st);
  }
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int n = ir_stm_bodies(st, nested);
  for (int i = 0; i < n; i++) {
    find_row_reads(f, rr, nested[i]);
  }
}

static void find_row_reads(struct fuser *f, struct row_reads *rr, struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    find_row_reads_in(f, rr, b->stms[i]);
  }
}

/* Rewrites the reads of row (parameter k, a row of `rearrange(a, perm)`). */
static void read_through(struct fuser *f, struct row_reads *rr, const struct ir_exp *re,
                         struct ir_var *index) {
  int rank = re->u.rearrange.rank;
  for (int r = 0; r < rr->reads.len; r++) {
    struct ir_exp *e = &rr->reads.items[r]->exp;
    struct ir_dim_index *dims = ARENA_ARRAY(f->p->arena, struct ir_dim_index, rank);
    dims[re->u.rearrange.perm[0]].fixed = ir_se_var(index);
    for (int d = 1; d < rank; d++) {
      dims[re->u.rearrange.perm[d]] = e->u.index.dims[d - 1];
    }
    e->u.index.array = re->u.rearrange.array;
    e->u.index.dims = dims;
    e->u.index.count = rank;
  }
}

/* An inner SOAC over the elements of a one-dimensional row reads them one by one: its
 * input becomes a read row[i] at the start of its lambda, i its index, so that the
 * rule above applies to `map (\\col -> reduce (+) 0 col) (transpose a)`. */
static void inputs_to_reads(struct fuser *f, struct ir_body *b, struct ir_var *row) {
  for (int j = 0; j < b->stm_count; j++) {
    struct ir_stm *st = b->stms[j];
    struct ir_soac *s = &st->exp.u.soac;
    if (st->exp.kind != IR_SOAC || (s->width.kind != IR_SE_NONE &&
                                    !ir_subexp_equal(s->width, row->type.dims[0]))) {
      continue;
    }
    for (int k = s->input_count - 1; k >= 0; k--) {
      if (s->inputs[k] != row) {
        continue;
      }
      normalise_consumer(f, s);
      struct ir_lambda *l = s->map_fn;
      struct ir_exp e = {.kind = IR_INDEX};
      e.u.index.array = row;
      e.u.index.count = 1;
      e.u.index.dims = ARENA_NEW(f->p->arena, struct ir_dim_index);
      e.u.index.dims[0].fixed = ir_se_var(lambda_index(f, l));
      prepend_stm(f, l, st->loc, e, l->params[k])->unsafe = true;
      ir_soac_drop_input(s, k);
      s->width = row->type.dims[0];
    }
  }
}

static bool absorb_rearranges(struct fuser *f, struct ir_stm *st) {
  struct ir_soac *s = &st->exp.u.soac;
  bool any = false;
  for (int k = s->input_count - 1; k >= 0 && s->map_fn != NULL; k--) {
    const struct ir_stm *def = def_of(f, s->inputs[k], IR_REARRANGE);
    struct ir_lambda *l = s->map_fn;
    if (def == NULL || s->width.kind == IR_SE_NONE ||
        !ir_subexp_equal(s->inputs[k]->type.dims[0], s->width)) {
      continue;
    }
    struct row_reads rr = {l->params[k], {0}};
    if (l->params[k]->type.rank == 1) {
      inputs_to_reads(f, l->body, l->params[k]);
    }
    find_row_reads(f, &rr, l->body);
    if (rr.reads.len != ir_lambda_use_count(l, l->params[k])) {
      continue; /* the row is also used as an array */
    }
    read_through(f, &rr, &def->exp, lambda_index(f, l));
    ir_soac_drop_input(s, k);
    any = true;
  }
  return any;
}

/* Applies `absorb` (absorb_iotas, absorb_rearranges) to each SOAC of b; whether any
 * changed. */
static bool absorb_in_body(struct fuser *f, struct ir_body *b,
                           bool (*absorb)(struct fuser *f, struct ir_stm *st)) {
  bool any = false;
  for (int j = 0; j < b->stm_count; j++) {
    if (b->stms[j]->exp.kind == IR_SOAC) {
      any = absorb(f, b->stms[j]) || any;
    }
  }
  return any;
}

/* --------------------------------------------------------------- Traversal */

static void fuse_nested(struct fuser *f, struct ir_stm *s) {
  diag_checkpoint(s->loc);
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int n = ir_stm_bodies(s, nested);
  for (int i = 0; i < n; i++) {
    fuse_body(f, nested[i]);
  }
}

static void fuse_body(struct fuser *f, struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    fuse_nested(f, b->stms[i]);
  }
  for (int round = 0; round < 1000; round++) {
    bool any = normalise_scatters(f, b);
    any = fuse_vertically(f, b) || any;
    any = fuse_horizontally(f, b) || any;
    any = absorb_in_body(f, b, absorb_iotas) || any;
    any = absorb_in_body(f, b, absorb_rearranges) || any;
    if (!any) {
      break;
    }
    f->changed = true;
  }
}

void fuse_program(struct ir_program *p) {
  diag_set_pass("fusion");
  struct fuser f = {p, false, NULL, 0};
  f.def_count = p->next_var_id;
  f.defs = heap_calloc((size_t)f.def_count + 1, sizeof *f.defs);
  if (f.defs == NULL) {
    diag_out_of_memory();
  }
  for (int i = 0; i < p->fun_count; i++) {
    find_defs(&f, p->funs[i]->body);
  }
  for (int i = 0; i < p->fun_count; i++) {
    fuse_body(&f, p->funs[i]->body);
  }
  heap_free(f.defs);
  ir_verify(p, "fusion");
}
