/* Common subexpressions of the simplifier: a hash table of the statements kept so far,
 * each entry belonging to the frame it was kept in.
 *
 * A statement reuses an equal one of a frame still open (an enclosing body: it ran
 * before, on every path to here), never one of a closed frame (a sibling branch or an
 * earlier lambda), so the statement reused dominates the reuse, and failed whenever the
 * reuse would have. Candidates: pure scalar operations, conversions, shapes and scalar
 * reads (equal when their operands are: a commutative operator's in either order), and
 * statements with bodies (if, loop, reduce and other SOACs, calls) whose results are all
 * scalars: those are equal when alpha-equivalent, statement by statement with their
 * bound variables in correspondence (the inlined copies of one function's call, say).
 * Results that are arrays are never shared: a later in-place update of one would
 * consume the other. Closed frames' entries stay in the table, invisible, until the
 * next function, or until the table grows.
 */
#include <stdlib.h>
#include <string.h>

#include "fusion/simplify_internal.h"
#include "support/heap.h"

struct cse_entry {
  uint64_t hash;
  int next;   /* the next entry in the bucket, or -1 */
  int serial; /* the frame use it belongs to */
  struct ir_stm *stm;
};

/* --------------------------------------------------------------- Candidates */

bool simplify_scalar_op(const struct ir_stm *stm) {
  if (stm->pat_count != 1 || stm->pat[0]->type.rank != 0) {
    return false;
  }
  switch (stm->exp.kind) {
  case IR_UNOP:
  case IR_BINOP:
  case IR_CONVERT:
  case IR_SHAPE:
  case IR_INDEX:
    return true;
  default:
    return false;
  }
}

/* Statements with bodies, and calls, whose results are all scalars. */
static bool compound_candidate(const struct ir_stm *stm) {
  for (int i = 0; i < stm->pat_count; i++) {
    if (stm->pat[i]->type.rank != 0) {
      return false;
    }
  }
  switch (stm->exp.kind) {
  case IR_IF:
  case IR_LOOP:
  case IR_APPLY:
    return stm->pat_count > 0;
  case IR_SOAC:
    return stm->pat_count > 0 && stm->exp.u.soac.dest_count == 0;
  default:
    return false;
  }
}

static bool candidate(const struct ir_stm *stm) {
  return simplify_scalar_op(stm) || compound_candidate(stm);
}

/* ------------------------------------------------------------------ Hashing */

static uint64_t mix(uint64_t h, uint64_t v) {
  return (h ^ v) * UINT64_C(0x100000001b3);
}

static uint64_t hash_subexp(struct ir_subexp se) {
  switch (se.kind) {
  case IR_SE_VAR:
    return (uint64_t)se.u.var->id * 2 + 1;
  case IR_SE_CONST:
    return mix(se.u.c.v.i, (uint64_t)se.u.c.prim);
  case IR_SE_NONE:
    break;
  }
  return 0;
}

static uint64_t hash_subexps(uint64_t h, const struct ir_subexp *ses, int n) {
  for (int i = 0; i < n; i++) {
    h = mix(h, hash_subexp(ses[i]));
  }
  return h;
}

/* The head of a statement with bodies: what it reads from outside, not its bodies. */
static uint64_t hash_compound(uint64_t h, const struct ir_exp *e) {
  switch (e->kind) {
  case IR_IF:
    return mix(h, hash_subexp(e->u.if_.cond));
  case IR_LOOP:
    h = mix(h, hash_subexp(e->u.loop.bound));
    return hash_subexps(h, e->u.loop.inits, e->u.loop.param_count);
  case IR_APPLY:
    h = mix(h, (uint64_t)e->u.apply.fun->id);
    return hash_subexps(h, e->u.apply.args, e->u.apply.count);
  case IR_SOAC:
    h = mix(mix(h, (uint64_t)e->u.soac.kind), hash_subexp(e->u.soac.width));
    for (int i = 0; i < e->u.soac.input_count; i++) {
      h = mix(h, (uint64_t)e->u.soac.inputs[i]->id);
    }
    return hash_subexps(h, e->u.soac.neutral, e->u.soac.neutral_count);
  default:
    return h;
  }
}

static uint64_t cse_hash(const struct ir_stm *stm) {
  const struct ir_exp *e = &stm->exp;
  uint64_t h = mix(mix(UINT64_C(0xcbf29ce484222325), (uint64_t)e->kind),
                   (uint64_t)stm->pat[0]->type.prim * 2 + stm->unsafe);
  switch (e->kind) {
  case IR_UNOP:
    return mix(mix(h, (uint64_t)e->u.unop.op), hash_subexp(e->u.unop.operand));
  case IR_BINOP: /* symmetric, for commutative operators */
    return mix(mix(mix(h, (uint64_t)e->u.binop.op),
                   hash_subexp(e->u.binop.lhs) + hash_subexp(e->u.binop.rhs)),
               hash_subexp(e->u.binop.addend));
  case IR_CONVERT:
    return mix(h, hash_subexp(e->u.convert.operand));
  case IR_SHAPE:
    return mix(mix(h, (uint64_t)e->u.shape.array->id), (uint64_t)e->u.shape.dim);
  case IR_INDEX:
    h = mix(h, (uint64_t)e->u.index.array->id);
    for (int i = 0; i < e->u.index.count; i++) {
      h = mix(h, hash_subexp(e->u.index.dims[i].fixed));
    }
    return h;
  default:
    return hash_compound(mix(h, (uint64_t)stm->pat_count), e);
  }
}

/* ------------------------------------------------------------ Alpha-equivalence */

/* Compares a later statement y with an earlier x: the variables bound inside y map to
 * those bound at the same places inside x (alpha, emptied after each comparison). */
struct alpha {
  struct simplifier *s;
  struct ir_var **mapped; /* y's variables mapped, to empty alpha after */
  int mapped_count, mapped_cap;
};

static void map_var(struct alpha *a, struct ir_var *y, struct ir_var *x) {
  ir_subst_set(&a->s->alpha, y, ir_se_var(x));
  a->mapped = heap_grow(a->mapped, &a->mapped_cap, a->mapped_count + 1, sizeof *a->mapped);
  a->mapped[a->mapped_count++] = y;
}

static bool same_se(const struct alpha *a, struct ir_subexp x, struct ir_subexp y) {
  return ir_subexp_equal(x, ir_subst_apply(&a->s->alpha, y));
}

static bool same_var(const struct alpha *a, const struct ir_var *x, struct ir_var *y) {
  return same_se(a, ir_se_var((struct ir_var *)x), ir_se_var(y));
}

static bool same_ses(const struct alpha *a, const struct ir_subexp *x, const struct ir_subexp *y,
                     int n) {
  for (int i = 0; i < n; i++) {
    if (!same_se(a, x[i], y[i])) {
      return false;
    }
  }
  return true;
}

static bool same_type(const struct alpha *a, struct ir_type x, struct ir_type y) {
  return x.prim == y.prim && x.rank == y.rank && same_ses(a, x.dims, y.dims, x.rank);
}

/* Binds y's variables to x's, when their types agree. */
static bool bind_vars(struct alpha *a, struct ir_var *const *x, struct ir_var *const *y, int n) {
  for (int i = 0; i < n; i++) {
    if (!same_type(a, x[i]->type, y[i]->type)) {
      return false;
    }
    map_var(a, y[i], x[i]);
  }
  return true;
}

static bool same_stm(struct alpha *a, const struct ir_stm *x, const struct ir_stm *y);

static bool same_body(struct alpha *a, const struct ir_body *x, const struct ir_body *y) {
  if (x->stm_count != y->stm_count || x->result_count != y->result_count) {
    return false;
  }
  for (int i = 0; i < x->stm_count; i++) {
    if (!same_stm(a, x->stms[i], y->stms[i])) {
      return false;
    }
  }
  return same_ses(a, x->results, y->results, x->result_count);
}

static bool same_lambda(struct alpha *a, const struct ir_lambda *x, const struct ir_lambda *y) {
  if (x == NULL || y == NULL) {
    return x == y;
  }
  if (x->param_count != y->param_count || x->ret_count != y->ret_count ||
      !bind_vars(a, x->params, y->params, x->param_count) ||
      (x->index == NULL) != (y->index == NULL) ||
      (x->index != NULL && !bind_vars(a, &x->index, &y->index, 1))) {
    return false;
  }
  for (int i = 0; i < x->ret_count; i++) {
    if (!same_type(a, x->ret[i], y->ret[i])) {
      return false;
    }
  }
  return same_body(a, x->body, y->body);
}

static bool same_index(const struct alpha *a, const struct ir_exp *x, const struct ir_exp *y) {
  if (!same_var(a, x->u.index.array, y->u.index.array) || x->u.index.count != y->u.index.count) {
    return false;
  }
  for (int i = 0; i < x->u.index.count; i++) {
    const struct ir_dim_index *dx = &x->u.index.dims[i], *dy = &y->u.index.dims[i];
    if (dx->is_slice != dy->is_slice || !same_se(a, dx->fixed, dy->fixed) ||
        !same_se(a, dx->start, dy->start) || !same_se(a, dx->end, dy->end) ||
        !same_se(a, dx->stride, dy->stride)) {
      return false;
    }
  }
  return true;
}

static bool same_binop(const struct alpha *a, const struct ir_exp *x, const struct ir_exp *y) {
  enum prim_type t = ir_subexp_type(x->u.binop.lhs).prim;
  if (x->u.binop.op != y->u.binop.op || !same_se(a, x->u.binop.addend, y->u.binop.addend)) {
    return false;
  }
  if (same_se(a, x->u.binop.lhs, y->u.binop.lhs) && same_se(a, x->u.binop.rhs, y->u.binop.rhs)) {
    return true;
  }
  return ir_binop_commutes(x->u.binop.op, t) && same_se(a, x->u.binop.lhs, y->u.binop.rhs) &&
         same_se(a, x->u.binop.rhs, y->u.binop.lhs);
}

static bool same_loop(struct alpha *a, const struct ir_loop *x, const struct ir_loop *y) {
  int n = x->param_count;
  if (n != y->param_count || x->is_while != y->is_while || !same_ses(a, x->inits, y->inits, n) ||
      !bind_vars(a, x->params, y->params, n)) {
    return false;
  }
  if (x->is_while) {
    return same_var(a, x->cond, y->cond) && same_body(a, x->body, y->body);
  }
  return same_se(a, x->bound, y->bound) && bind_vars(a, &x->index, &y->index, 1) &&
         same_body(a, x->body, y->body);
}

static bool same_soac(struct alpha *a, const struct ir_soac *x, const struct ir_soac *y) {
  if (x->kind != y->kind || x->input_count != y->input_count || x->dest_count != 0 ||
      y->dest_count != 0 || x->neutral_count != y->neutral_count ||
      x->commutative != y->commutative || !same_se(a, x->width, y->width) ||
      !same_ses(a, x->neutral, y->neutral, x->neutral_count)) {
    return false;
  }
  for (int i = 0; i < x->input_count; i++) {
    if (!same_var(a, x->inputs[i], y->inputs[i])) {
      return false;
    }
  }
  return same_lambda(a, x->map_fn, y->map_fn) && same_lambda(a, x->op, y->op);
}

/* The kinds that statements inside compared bodies may be; others compare unequal. */
static bool same_exp(struct alpha *a, const struct ir_exp *x, const struct ir_exp *y) {
  switch (x->kind) {
  case IR_SUBEXP:
    return same_se(a, x->u.se, y->u.se);
  case IR_UNOP:
    return x->u.unop.op == y->u.unop.op && same_se(a, x->u.unop.operand, y->u.unop.operand);
  case IR_BINOP:
    return same_binop(a, x, y);
  case IR_CONVERT:
    return same_se(a, x->u.convert.operand, y->u.convert.operand);
  case IR_SHAPE:
    return same_var(a, x->u.shape.array, y->u.shape.array) && x->u.shape.dim == y->u.shape.dim;
  case IR_INDEX:
  case IR_SLICE:
    return same_index(a, x, y);
  case IR_IOTA:
    return same_se(a, x->u.iota.n, y->u.iota.n);
  case IR_REPLICATE:
    return x->u.replicate.count == y->u.replicate.count &&
           same_ses(a, x->u.replicate.dims, y->u.replicate.dims, x->u.replicate.count) &&
           same_se(a, x->u.replicate.value, y->u.replicate.value);
  case IR_ARRAY_LIT:
    return x->u.array_lit.count == y->u.array_lit.count &&
           same_type(a, x->u.array_lit.row, y->u.array_lit.row) &&
           same_ses(a, x->u.array_lit.elems, y->u.array_lit.elems, x->u.array_lit.count);
  case IR_COPY:
    return same_var(a, x->u.copy, y->u.copy);
  case IR_ASSERT:
    return same_se(a, x->u.assert_.cond, y->u.assert_.cond) &&
           strcmp(x->u.assert_.message, y->u.assert_.message) == 0;
  case IR_APPLY:
    return x->u.apply.fun == y->u.apply.fun &&
           same_ses(a, x->u.apply.args, y->u.apply.args, x->u.apply.count);
  case IR_IF:
    return same_se(a, x->u.if_.cond, y->u.if_.cond) &&
           same_body(a, x->u.if_.then_body, y->u.if_.then_body) &&
           same_body(a, x->u.if_.else_body, y->u.if_.else_body);
  case IR_LOOP:
    return same_loop(a, &x->u.loop, &y->u.loop);
  case IR_SOAC:
    return same_soac(a, &x->u.soac, &y->u.soac);
  default:
    return false;
  }
}

static bool same_stm(struct alpha *a, const struct ir_stm *x, const struct ir_stm *y) {
  return x->exp.kind == y->exp.kind && x->unsafe == y->unsafe && x->pat_count == y->pat_count &&
         same_exp(a, &x->exp, &y->exp) && bind_vars(a, x->pat, y->pat, x->pat_count);
}

/* Whether y computes what x did; x's variables for y's are not bound by the caller. */
static bool cse_equal(struct simplifier *s, const struct ir_stm *x, const struct ir_stm *y) {
  struct alpha a = {s, NULL, 0, 0};
  bool same = x->exp.kind == y->exp.kind && x->unsafe == y->unsafe &&
              x->pat_count == y->pat_count && same_exp(&a, &x->exp, &y->exp);
  for (int i = 0; same && i < x->pat_count; i++) {
    same = x->pat[i]->type.prim == y->pat[i]->type.prim;
  }
  for (int i = 0; i < a.mapped_count; i++) {
    s->alpha.to[a.mapped[i]->id] = ir_se_none();
  }
  heap_free(a.mapped);
  return same;
}

/* -------------------------------------------------------------------- Table */

/* Empties the table: only the buckets that entries use (a program of many small
 * functions must not clear a large table for each). */
void simplify_cse_reset(struct simplifier *s) {
  if (s->buckets == NULL) {
    s->bucket_count = 1024;
    s->buckets = heap_alloc(sizeof *s->buckets * (size_t)s->bucket_count);
    if (s->buckets == NULL) {
      diag_out_of_memory();
    }
    memset(s->buckets, -1, sizeof *s->buckets * (size_t)s->bucket_count);
  }
  for (int i = 0; i < s->entry_count; i++) {
    s->buckets[s->entries[i].hash & (uint64_t)(s->bucket_count - 1)] = -1;
  }
  s->entry_count = 0;
  s->next_serial = 0;
}

/* Doubles the buckets, dropping the entries of closed frames. */
static void rehash(struct simplifier *s) {
  int n = s->entry_count;
  s->bucket_count *= 2;
  int *fresh = heap_realloc(s->buckets, sizeof *fresh * (size_t)s->bucket_count);
  if (fresh == NULL) {
    diag_out_of_memory();
  }
  s->buckets = fresh;
  memset(s->buckets, -1, sizeof *s->buckets * (size_t)s->bucket_count);
  s->entry_count = 0;
  for (int i = 0; i < n; i++) {
    struct cse_entry e = s->entries[i];
    if (s->serial_live[e.serial]) {
      int slot = (int)(e.hash & (uint64_t)(s->bucket_count - 1));
      e.next = s->buckets[slot];
      s->entries[s->entry_count] = e;
      s->buckets[slot] = s->entry_count++;
    }
  }
}

struct ir_stm *simplify_cse_find(struct simplifier *s, const struct ir_stm *stm, uint64_t *h) {
  if (!candidate(stm)) {
    return NULL;
  }
  *h = cse_hash(stm);
  for (int i = s->buckets[*h & (uint64_t)(s->bucket_count - 1)]; i >= 0;
       i = s->entries[i].next) {
    struct cse_entry *e = &s->entries[i];
    if (e->hash == *h && s->serial_live[e->serial] && cse_equal(s, e->stm, stm)) {
      return e->stm;
    }
  }
  return NULL;
}

void simplify_cse_insert(struct simplifier *s, struct ir_stm *stm, uint64_t h, int level) {
  if (!candidate(stm)) {
    return;
  }
  if (s->entry_count >= s->bucket_count) {
    rehash(s);
  }
  s->entries = heap_grow(s->entries, &s->entry_cap, s->entry_count + 1, sizeof *s->entries);
  int slot = (int)(h & (uint64_t)(s->bucket_count - 1));
  s->entries[s->entry_count] = (struct cse_entry){h, s->buckets[slot], s->frames[level].serial,
                                                   stm};
  s->buckets[slot] = s->entry_count++;
}

void simplify_cse_free(struct simplifier *s) {
  heap_free(s->entries);
  heap_free(s->buckets);
}
