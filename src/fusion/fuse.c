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
 *    writes per element (a radix-r Stockham pass is one loop with r writes).
 * Never: when the producer's results have other uses that come before the consumer
 * (they would be undefined), when a statement between them consumes one of the
 * producer's inputs or the consumer writes to it (the producer would read new values),
 * or when fusing would compute the producer twice. A scan feeding a reduce stays two
 * SOACs: only maps are producers. */
#include <stdlib.h>
#include <string.h>

#include "fusion/fusion.h"
#include "ir/util.h"
#include "support/vec.h"

struct fuser {
  struct ir_program *p;
  bool changed;
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

struct use_counter {
  const struct ir_var *target;
  int count;
};

static void count_target(void *ctx, const struct ir_var *v) {
  struct use_counter *c = ctx;
  c->count += v == c->target;
}

static int uses_in_stm(const struct ir_stm *s, const struct ir_var *v) {
  struct use_counter c = {v, 0};
  ir_visit_uses_stm(s, count_target, &c);
  return c.count;
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

/* The arrays a statement consumes (writes in place). */
static bool consumes(const struct ir_stm *s, const struct ir_var *v) {
  const struct ir_exp *e = &s->exp;
  switch (e->kind) {
  case IR_UPDATE:
    return e->u.update.array == v;
  case IR_SOAC:
    for (int i = 0; i < e->u.soac.dest_count; i++) {
      if (e->u.soac.dests[i] == v) {
        return true;
      }
    }
    return false;
  case IR_LOOP:
    for (int i = 0; i < e->u.loop.param_count; i++) {
      if (e->u.loop.params[i]->type.unique && e->u.loop.inits[i].kind == IR_SE_VAR &&
          e->u.loop.inits[i].u.var == v) {
        return true;
      }
    }
    return false;
  case IR_APPLY:
    for (int i = 0; i < e->u.apply.count; i++) {
      if (e->u.apply.fun->params[i]->type.unique && e->u.apply.args[i].kind == IR_SE_VAR &&
          e->u.apply.args[i].u.var == v) {
        return true;
      }
    }
    return false;
  default:
    return false;
  }
}

/* Does any statement strictly between i and j consume one of the SOAC's inputs? */
static bool inputs_consumed_between(const struct ir_body *b, int i, int j,
                                    const struct ir_soac *producer) {
  for (int k = i + 1; k < j; k++) {
    for (int x = 0; x < producer->input_count; x++) {
      if (consumes(b->stms[k], producer->inputs[x])) {
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
    if (as_input != uses_in_stm(cs, v)) {
      return false; /* also read inside the consumer's lambdas or as a destination */
    }
    feeds = feeds || as_input > 0;
    for (int k = i + 1; k < j; k++) {
      if (uses_in_stm(b->stms[k], v) > 0) {
        return false; /* used before the consumer: it must exist there */
      }
    }
    bool later = uses_in_results(b, v) > 0;
    for (int k = j + 1; k < b->stm_count && !later; k++) {
      later = uses_in_stm(b->stms[k], v) > 0;
    }
    *diagonal = *diagonal || later;
  }
  if (!feeds || inputs_consumed_between(b, i, j, p)) {
    return false;
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
    if (uses_in_stm(later, earlier->pat[o]) > 0) {
      return true;
    }
  }
  return false;
}

/* Two SOACs at i < j can become one at j when they have the same width, j does not use
 * i's results, i's results are not used between them, nothing between them consumes
 * their inputs, and neither writes what the other reads. */
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
  return !inputs_consumed_between(b, i, j, &a->exp.u.soac) &&
         !inputs_consumed_between(b, i, j, &c->exp.u.soac) && a->exp.u.soac.dest_count == 0 &&
         c->exp.u.soac.dest_count == 0;
}

/* Merges map A (statement a) into SOAC C (statement c: MAP, REDOMAP or SCANOMAP) as its
 * extra map results. */
static void merge_map(struct fuser *f, struct ir_stm *a, struct ir_stm *c) {
  /* A as a producer none of whose results C reads is exactly a diagonal composition. */
  compose(f, a, c, true);
}

static bool fuse_horizontally(struct fuser *f, struct ir_body *b) {
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

/* --------------------------------------------------------------- Traversal */

static void fuse_lambda(struct fuser *f, struct ir_lambda *l) {
  if (l != NULL) {
    fuse_body(f, l->body);
  }
}

static void fuse_nested(struct fuser *f, struct ir_stm *s) {
  struct ir_exp *e = &s->exp;
  switch (e->kind) {
  case IR_IF:
    fuse_body(f, e->u.if_.then_body);
    fuse_body(f, e->u.if_.else_body);
    return;
  case IR_LOOP:
    fuse_body(f, e->u.loop.body);
    return;
  case IR_SOAC:
    fuse_lambda(f, e->u.soac.map_fn);
    fuse_lambda(f, e->u.soac.op);
    return;
  default:
    return;
  }
}

static void fuse_body(struct fuser *f, struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    fuse_nested(f, b->stms[i]);
  }
  for (int round = 0; round < 1000; round++) {
    bool any = fuse_vertically(f, b);
    any = fuse_horizontally(f, b) || any;
    if (!any) {
      break;
    }
    f->changed = true;
  }
}

void fuse_program(struct ir_program *p) {
  struct fuser f = {p, false};
  for (int i = 0; i < p->fun_count; i++) {
    fuse_body(&f, p->funs[i]->body);
  }
  ir_verify(p, "fusion");
}
