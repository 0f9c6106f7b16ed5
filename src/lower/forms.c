/* The kernel form of a host-level SOAC statement (lower.h), group code among them. */
#include "lower/lower_internal.h"

#include <string.h>

#include "ir/util.h"
#include "support/heap.h"
#include "support/ptrmap.h"

/* ------------------------------------------------------------ Forms */

/* Whether se is known before the kernel runs: a constant, or a variable that the
 * lambda does not bind. */
static bool known_outside(const struct ir_lambda *l, struct ir_subexp se) {
  if (se.kind == IR_SE_CONST) {
    return true;
  }
  if (se.kind != IR_SE_VAR) {
    return false;
  }
  for (int i = 0; i < l->param_count; i++) {
    if (l->params[i] == se.u.var) {
      return false;
    }
  }
  if (l->index == se.u.var) {
    return false;
  }
  for (int i = 0; i < l->body->stm_count; i++) {
    const struct ir_stm *s = l->body->stms[i];
    for (int k = 0; k < s->pat_count; k++) {
      if (s->pat[k] == se.u.var) {
        return false;
      }
    }
  }
  return true;
}

/* The statement at the top level of body b that binds v, or NULL. */
static const struct ir_stm *binding_of(const struct ir_body *b, const struct ir_var *v) {
  for (int i = 0; i < b->stm_count; i++) {
    for (int k = 0; k < b->stms[i]->pat_count; k++) {
      if (b->stms[i]->pat[k] == v) {
        return b->stms[i];
      }
    }
  }
  return NULL;
}

/* Whether array v of f's body is a private array: made at the top level of the body,
 * by a statement other than indexing a view (Note [private arrays]). */
static bool private_in(const struct ir_lambda *f, const struct ir_var *v) {
  const struct ir_stm *s = binding_of(f->body, v);
  if (s == NULL || v->type.rank == 0) {
    return false;
  }
  return s->exp.kind != IR_INDEX || private_in(f, s->exp.u.index.array);
}

/* Whether an inner SOAC of f reads a private array (the inner SOACs of map2 and segred
 * read their inputs as views). */
static bool reads_private(const struct ir_lambda *f, const struct ir_soac *in) {
  for (int i = 0; i < in->input_count; i++) {
    if (private_in(f, in->inputs[i])) {
      return true;
    }
  }
  return false;
}

/* One level of map2's nest: the body of outer[depth - 1] is scalar statements (no
 * loops, ifs or SOACs), then one map whose results are the body's results, in order,
 * whose width each lambda of the nest leaves unbound (it is known before the kernel),
 * and which reads no private array. Returns the map's index, or -1. */
static int nest_level(const struct ir_lambda *const *outer, int depth) {
  const struct ir_lambda *f = outer[depth - 1];
  const struct ir_body *b = f->body;
  if (b->stm_count == 0) {
    return -1;
  }
  const struct ir_stm *last = b->stms[b->stm_count - 1];
  if (last->exp.kind != IR_SOAC || last->exp.u.soac.kind != IR_SOAC_MAP) {
    return -1;
  }
  const struct ir_soac *in = &last->exp.u.soac;
  for (int d = 0; d < depth; d++) {
    if (!known_outside(outer[d], in->width)) {
      return -1;
    }
  }
  if (reads_private(f, in) || b->result_count != last->pat_count) {
    return -1;
  }
  for (int i = 0; i < b->result_count; i++) {
    if (b->results[i].kind != IR_SE_VAR || b->results[i].u.var != last->pat[i]) {
      return -1;
    }
  }
  for (int i = 0; i + 1 < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    if (s->exp.kind == IR_LOOP || s->exp.kind == IR_SOAC || s->exp.kind == IR_IF ||
        !lower_kernel_stm(s)) {
      return -1;
    }
  }
  return b->stm_count - 1;
}

/* Note [nests of maps]
 * ~~~~~~~~~~~~~~~~~~~~
 * map2 flattens a map of a map: one work-item per element of the inner map, the outer
 * body's scalar statements recomputed for each. A deeper nest, `map (map (map f))`
 * over an array of three dimensions, or maps whose bodies compute scalars from their
 * rows before the next map, flattens alike: the index space is the width times every
 * inner width (each known before the kernel), the work-item splits its flat index
 * into one index per level, and runs each level's scalar statements at its index
 * before the next; each level checks its inputs' outer sizes against its width, as
 * the C backend does. Only the innermost lambda is kernel code with scalar results,
 * so the results are written once each, at the flat index. k->nest lists the inner
 * maps, outermost first; a nest deeper than LOWER_NEST_MAX stays on the host. */

/* map2: the nest of maps below f, outermost first, down to one whose lambda is kernel
 * code with scalar results, in `nest`; returns its depth, or 0 when f is no such nest. */
static int map_nest(const struct ir_lambda *f, const struct ir_stm **nest) {
  const struct ir_lambda *outer[LOWER_NEST_MAX + 1] = {f};
  for (int depth = 1; depth <= LOWER_NEST_MAX; depth++) {
    int at = nest_level(outer, depth);
    if (at < 0) {
      return 0;
    }
    nest[depth - 1] = outer[depth - 1]->body->stms[at];
    const struct ir_lambda *in = nest[depth - 1]->exp.u.soac.map_fn;
    if (lower_is_kernel_lambda(in)) {
      return depth;
    }
    outer[depth] = in;
  }
  return 0;
}

/* segred: the map's body has exactly one inner reduction, at its top level, whose
 * width is known outside, with scalar results and inputs from outside the body. */
static int inner_reduction(const struct ir_lambda *f) {
  int found = -1;
  for (int i = 0; i < f->body->stm_count; i++) {
    const struct ir_stm *s = f->body->stms[i];
    if (s->exp.kind == IR_SOAC) {
      if (found >= 0) {
        return -1;
      }
      found = i;
    }
  }
  if (found < 0) {
    return -1;
  }
  const struct ir_stm *s = f->body->stms[found];
  const struct ir_soac *in = &s->exp.u.soac;
  return known_outside(f, in->width) && lower_sequential_reduction(in, s) && !reads_private(f, in)
             ? found
             : -1;
}

/* ------------------------------------------------------------ Group code */

/* What group code may use: variables bound outside the lambda (known before the
 * kernel), and the arrays group code made so far. */
struct group_scope {
  const bool *inside; /* by id: bound inside the lambda */
  bool *private_array; /* by id: a private array of the work-items, made so far */
  const struct ptrmap *owners; /* kir_find_owners of the lambda's body */
};

static bool known_size(const struct group_scope *g, struct ir_subexp d) {
  return d.kind == IR_SE_CONST || (d.kind == IR_SE_VAR && !g->inside[d.u.var->id]);
}

/* An array that group code makes: one dimension, of a length known outside. */
static bool group_array(const struct group_scope *g, const struct ir_var *v) {
  return v->type.rank == 0 || (v->type.rank == 1 && known_size(g, v->type.dims[0]));
}

static bool group_body(const struct group_scope *g, const struct ir_body *b);

/* Whether any of the variables is a private array (which the statements that share
 * work among the group's work-items cannot read: they read arrays as views). */
static bool any_private(const struct group_scope *g, struct ir_var *const *vars, int n) {
  for (int i = 0; i < n; i++) {
    if (g->private_array[vars[i]->id]) {
      return true;
    }
  }
  return false;
}

static bool private_result(const struct group_scope *g, struct ir_subexp se) {
  return se.kind == IR_SE_VAR && g->private_array[se.u.var->id];
}

/* Scalar code of the group that makes a private array, the same on every work-item
 * (Note [private arrays]): a literal, an update, ... or an if. */
static bool group_private(const struct group_scope *g, const struct ir_stm *s) {
  if (!lower_private_stm(s) && !(s->exp.kind == IR_IF && lower_kernel_stm(s))) {
    return false;
  }
  for (int i = 0; i < s->pat_count; i++) {
    g->private_array[s->pat[i]->id] = s->pat[i]->type.rank > 0;
  }
  return true;
}

/* A loop of group code: its arrays are the group's, copied from views between passes. */
static bool group_loop(const struct group_scope *g, const struct ir_loop *l) {
  if (!group_body(g, l->body) || kir_loop_next(g->owners, l) == KIR_NEXT_UNSAFE) {
    return false;
  }
  for (int i = 0; i < l->param_count; i++) {
    if (private_result(g, l->inits[i]) || private_result(g, l->body->results[i])) {
      return false;
    }
  }
  return true;
}

/* An if of group code that is not kernel code (lower_group_if): its arms are group
 * code, and its array results are arrays of the group, not private ones. */
static bool group_if(const struct group_scope *g, const struct ir_stm *s) {
  const struct ir_body *arms[2] = {s->exp.u.if_.then_body, s->exp.u.if_.else_body};
  for (int a = 0; a < 2; a++) {
    if (!group_body(g, arms[a])) {
      return false;
    }
    for (int i = 0; i < s->pat_count; i++) {
      if (private_result(g, arms[a]->results[i])) {
        return false;
      }
    }
  }
  return true;
}

static bool group_stm(const struct group_scope *g, const struct ir_stm *s) {
  for (int i = 0; i < s->pat_count; i++) {
    if (!group_array(g, s->pat[i])) {
      return false;
    }
  }
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_REPLICATE:
    return x->u.replicate.count == 1 && ir_subexp_type(x->u.replicate.value).rank == 0;
  case IR_IOTA:
    return true;
  case IR_COPY:
    return !g->private_array[x->u.copy->id];
  case IR_LOOP:
    return group_loop(g, &x->u.loop);
  case IR_IF:
    if (lower_group_if(s)) {
      return group_if(g, s);
    }
    return lower_all_scalar(s->pat, s->pat_count) ? lower_kernel_stm(s) : group_private(g, s);
  case IR_SOAC: {
    const struct ir_soac *so = &x->u.soac;
    if (any_private(g, so->inputs, so->input_count) ||
        any_private(g, so->dests, so->dest_count)) {
      return false;
    }
    switch (so->kind) {
    case IR_SOAC_MAP:
      return lower_is_kernel_lambda(so->map_fn);
    case IR_SOAC_SCATTER:
      for (int d = 0; d < so->dest_count; d++) {
        if (!g->inside[so->dests[d]->id] || (so->dest_ranks != NULL && so->dest_ranks[d] != 1)) {
          return false;
        }
      }
      return lower_is_kernel_lambda(so->map_fn);
    case IR_SOAC_REDUCE:
    case IR_SOAC_REDOMAP:
      /* Scalar accumulators; map outputs become arrays of the group. */
      return lower_all_scalar(s->pat, so->neutral_count) && lower_scalar_operator(so->op) &&
             (so->kind == IR_SOAC_REDUCE || lower_is_kernel_lambda(so->map_fn));
    case IR_SOAC_SCAN:
    case IR_SOAC_SCANOMAP:
      /* Scalar elements; the scanned arrays and map outputs are arrays of the group. */
      return lower_scalar_operator(so->op) &&
             (so->kind == IR_SOAC_SCAN || lower_is_kernel_lambda(so->map_fn));
    default:
      return false;
    }
  }
  default:
    return lower_all_scalar(s->pat, s->pat_count) ? lower_kernel_stm(s) : group_private(g, s);
  }
}

static bool group_body(const struct group_scope *g, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    if (!group_stm(g, b->stms[i])) {
      return false;
    }
  }
  return true;
}

static void mark_inside(bool *inside, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    for (int k = 0; k < s->pat_count; k++) {
      inside[s->pat[k]->id] = true;
    }
    if (s->exp.kind == IR_LOOP) {
      for (int k = 0; k < s->exp.u.loop.param_count; k++) {
        inside[s->exp.u.loop.params[k]->id] = true;
      }
      if (s->exp.u.loop.index != NULL) {
        inside[s->exp.u.loop.index->id] = true;
      }
      mark_inside(inside, s->exp.u.loop.body);
    } else if (s->exp.kind == IR_IF) {
      mark_inside(inside, s->exp.u.if_.then_body);
      mark_inside(inside, s->exp.u.if_.else_body);
    }
  }
}

/* intra: a map whose body is group code with at least one array or inner SOAC, and
 * whose results are scalars or arrays that group code made. */
static bool intra_group(const struct ir_program *p, const struct ir_stm *s) {
  const struct ir_lambda *f = s->exp.u.soac.map_fn;
  bool *inside = heap_calloc((size_t)p->next_var_id + 1, sizeof *inside);
  for (int i = 0; i < f->param_count; i++) {
    inside[f->params[i]->id] = true;
  }
  if (f->index != NULL) {
    inside[f->index->id] = true;
  }
  mark_inside(inside, f->body);
  bool *private_array = heap_calloc((size_t)p->next_var_id + 1, sizeof *private_array);
  struct arena arena;
  arena_init(&arena);
  struct ptrmap owners;
  ptrmap_init(&owners, &arena);
  kir_find_owners(f->body, &owners);
  struct group_scope g = {inside, private_array, &owners};
  bool ok = group_body(&g, f->body);
  bool arrays = false;
  for (int i = 0; ok && i < f->body->stm_count; i++) {
    const struct ir_stm *st = f->body->stms[i];
    arrays = arrays || st->exp.kind == IR_SOAC || st->exp.kind == IR_LOOP ||
             (st->exp.kind == IR_IF && lower_group_if(st)) ||
             (st->pat_count > 0 && st->pat[0]->type.rank > 0);
  }
  for (int i = 0; ok && i < f->ret_count; i++) {
    ok = f->ret[i].rank == 0 || (f->ret[i].rank == 1 && known_size(&g, f->ret[i].dims[0]) &&
                                 f->body->results[i].kind == IR_SE_VAR &&
                                 inside[f->body->results[i].u.var->id] &&
                                 !private_result(&g, f->body->results[i]));
  }
  arena_free(&arena);
  heap_free(private_array);
  heap_free(inside);
  return ok && arrays;
}

/* Note [hist updates]
 * ~~~~~~~~~~~~~~~~~~~
 * A hist's operator is associative and commutative (as in Futhark), so its values may
 * reach a bin in any order; what lowering chooses is how concurrent updates of a bin
 * stay whole (lower_kernel.atomic, printed by `dump --after lower`):
 *  - atomic add, min, max: an operator that is one atomic of OpenCL C (+ on any number
 *    type, + on floats as the runtime's compare-and-swap loop; min and max on 32- and
 *    64-bit integers);
 *  - compare-and-swap: any other operator of one scalar accumulator whose body is kernel
 *    code. A work-item reads the bin, combines, and swaps the result in if the bin still
 *    holds what it read, else retries with what it found (as Futhark's generic update
 *    does); values are compared as bit patterns (as_uint, as_ulong for floats). 8- and
 *    16-bit types (and bool, a byte in global memory) swap the aligned 32-bit word that
 *    holds the bin, keeping its other bytes: the runtime pads every device buffer to a
 *    multiple of 4 bytes (rts_cl_alloc), so that word is inside the buffer. Many
 *    elements of few bins would retry without end on one word (a GPU serialises the
 *    swaps of a word, and the bins of a byte type share one), so when the bins are at
 *    most KIR_HIST_LOCAL_BINS (chosen at run time) each work-group first combines into a
 *    histogram of its own in local memory (one 32- or 64-bit word per bin, set to the
 *    neutral element; swaps there are cheap and contend within the group only), then
 *    combines its bins that changed into the destination, a swap each;
 *  - bins per work-item: several accumulators (a tuple operator), which no swap of one
 *    word updates at once. No atomics: each work-group of a reduction's count takes a
 *    chunk of the elements and, for each range of bins of the group's size in turn,
 *    walks its chunk in tiles: the work-items compute map_fn for one element each into
 *    local memory, then each combines, in order, those of the tile that fall in its
 *    bin, from the neutral element; a second kernel combines the groups' results of each
 *    bin into the destinations. It recomputes map_fn once per range of bins, which pays
 *    only for few bins; it is correct for any operator.
 * Values that are arrays (a hist of rows) run on the host.
 */

/* An atomic of OpenCL C for the hist operator: one binary operation of its parameters. */
static bool atomic_operator(const struct ir_soac *so, enum lower_atomic *out) {
  const struct ir_lambda *op = so->op;
  if (op->param_count != 2 || op->body->stm_count != 1 || op->body->result_count != 1) {
    return false;
  }
  const struct ir_stm *s = op->body->stms[0];
  if (s->exp.kind != IR_BINOP || op->body->results[0].kind != IR_SE_VAR ||
      op->body->results[0].u.var != s->pat[0]) {
    return false;
  }
  struct ir_subexp a = s->exp.u.binop.lhs, b = s->exp.u.binop.rhs;
  if (a.kind != IR_SE_VAR || b.kind != IR_SE_VAR) {
    return false;
  }
  bool params = (a.u.var == op->params[0] && b.u.var == op->params[1]) ||
                (a.u.var == op->params[1] && b.u.var == op->params[0]);
  enum prim_type t = s->pat[0]->type.prim;
  bool word = t == PRIM_I32 || t == PRIM_U32 || t == PRIM_I64 || t == PRIM_U64;
  if (!params) {
    return false;
  }
  switch (s->exp.u.binop.op) {
  case IR_BINOP_ADD:
    *out = LOWER_ATOMIC_ADD;
    return word || t == PRIM_F32 || t == PRIM_F64;
  case IR_BINOP_MIN:
    *out = LOWER_ATOMIC_MIN;
    return word;
  case IR_BINOP_MAX:
    *out = LOWER_ATOMIC_MAX;
    return word;
  default:
    return false;
  }
}

/* Note [rows of private arrays]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A map whose lambda is kernel code and whose results are private arrays (rows of a
 * constant size, made per element: `map (\i -> [i, i + 1])`, `map (map (+ 1))` over
 * rows of 3 that simplification unrolled, a table updated in a loop) is a map kernel
 * whose work-items each write their element's rows: the elements of a private row are
 * scalar variables (Note [private arrays]), stored one after the other at the row's
 * offset in the output, which has the dimensions of the row after the width. The
 * kernel IR marks such a kernel (kir_kernel.private_rows); map2 and intra, which cover
 * some of these maps already, are tried first, so that their code stays as it was. */
static bool private_rows(const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int r = 0; r < s->pat_count; r++) {
    if (!lower_rows_of(s->pat[r]->type, so->width, so->map_fn->ret[r])) {
      return false;
    }
  }
  return lower_private_lambda(so->map_fn);
}

/* Note [rows of known length]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A map whose elements are rows of one dimension, `map (\r -> r ++ r) xss`,
 * `map (\i -> replicate k i) (iota n)`, rows of its inputs passed through, whose
 * lengths the pattern states with sizes known before the kernel (the output is
 * allocated before any row is made, as the C backend allocates it), runs as one kernel
 * over the flattened rows: each element of the map has `s + 1` work-items, where s
 * is the sum of its rows' lengths; work-item j < s writes element j of the rows laid
 * one after the other, and the last one the scalar results. Each runs the body's
 * kernel code (scalar statements and private arrays) and evaluates one element of
 * the statement that makes its row:
 *   concat of views and private arrays  the element of the piece that holds it
 *   replicate of a scalar                the scalar
 *   iota                                 the position
 *   copy of a view, a view, a private    its element
 *   map of kernel code over such rows    its lambda at the elements of its inputs
 *                                        (whose lengths it checks against its width)
 * Every work-item checks that its element's rows have the lengths of the output's
 * rows, with the C backend's message ("irregular array: a row"), before it reads any
 * piece: the last work-item makes sure that a row of length zero is checked too.
 * The statements that make the rows bind results, or pieces of other rows (`[i] ++ ys
 * ++ r` is two concats), which no kernel code uses but for their lengths (`shape`,
 * which the kernel computes as the row's statement says), so the kernel code skips
 * them; lowering lists them (k->rows), with the shapes of rows.
 *
 * A row whose length the body computes (an existential size: the pattern says `[]`,
 * `map (\i -> iota i)`) has the length of the first element's row, as in the C
 * backend, which allocates the output when the first row is made and checks the
 * others against it: a first kernel (`_sizes`, one work-item) runs the body's kernel
 * code for element 0 and leaves the lengths of its rows in the error buffer's result
 * slots, which the host reads (at most KIR_RESULT_SLOTS of them; a width of 0 gives
 * rows of length 0), then allocates the outputs and launches the rows kernel, whose
 * checks find the rows of other lengths ("irregular array"). */

/* A statement that makes a row of one dimension, one element at a time, from views,
 * private arrays, other rows and scalars. */
static bool row_stm(const struct ir_stm *s) {
  const struct ir_exp *x = &s->exp;
  if (s->pat_count != 1 || s->pat[0]->type.rank != 1) {
    return false;
  }
  switch (x->kind) {
  case IR_CONCAT:
    for (int i = 0; i < x->u.concat.count; i++) {
      if (x->u.concat.arrays[i]->type.rank != 1) {
        return false;
      }
    }
    return true;
  case IR_REPLICATE:
    return x->u.replicate.count == 1 && ir_subexp_type(x->u.replicate.value).rank == 0;
  case IR_IOTA:
    return true;
  case IR_COPY:
    return x->u.copy->type.rank == 1;
  case IR_SOAC:
    /* An inner map of kernel code over rows: element o is its lambda at o. */
    for (int i = 0; i < x->u.soac.input_count; i++) {
      if (x->u.soac.inputs[i]->type.rank != 1) {
        return false;
      }
    }
    return x->u.soac.kind == IR_SOAC_MAP && lower_is_kernel_lambda(x->u.soac.map_fn);
  default:
    return false;
  }
}

struct uses {
  const struct ir_var *v;
  bool used;
};

static void note_use(void *ctx, const struct ir_var *v) {
  struct uses *u = ctx;
  u->used = u->used || u->v == v;
}

/* Whether a statement of body b other than the rows[0..n) uses v. */
static bool used_in(const struct ir_body *b, const struct ir_stm *const *rows, int n,
                    const struct ir_var *v) {
  struct uses u = {v, false};
  for (int i = 0; i < b->stm_count && !u.used; i++) {
    bool row = false;
    for (int r = 0; r < n; r++) {
      row = row || rows[r] == b->stms[i];
    }
    if (!row) {
      ir_visit_uses_stm(b->stms[i], note_use, &u);
    } else if (b->stms[i]->exp.kind == IR_SOAC) {
      /* A map that makes a row reads its inputs element by element, but its lambda
       * may not read a row at other places (`map (\i -> ys[i + n]) (iota n)`, ys a
       * concat): the kernel makes no row as a whole. */
      ir_visit_uses_lambda(b->stms[i]->exp.u.soac.map_fn, note_use, &u);
    }
  }
  return u.used;
}

/* The length of a row made by one of rows[0..n): kernel code reads it as the row's
 * statement computes it. */
static bool row_shape(const struct ir_stm *s, const struct ir_stm *const *rows, int n) {
  if (s->exp.kind != IR_SHAPE) {
    return false;
  }
  for (int i = 0; i < n; i++) {
    if (rows[i]->exp.kind != IR_SHAPE && rows[i]->pat[0] == s->exp.u.shape.array) {
      return true;
    }
  }
  return false;
}

/* rows: the statements that make f's rows (Note [rows of known length]), in `rows`
 * (room for the body's statements); their count, or -1 when the map is not of the
 * form: its results are scalars or rows of one dimension whose lengths are known
 * outside, and the rest of the body is kernel code, which uses no row. */
static int known_rows(const struct ir_stm *s, const struct ir_stm **rows) {
  const struct ir_lambda *f = s->exp.u.soac.map_fn;
  const struct ir_body *b = f->body;
  bool any_row = false;
  int unknown = 0;
  for (int r = 0; r < s->pat_count; r++) {
    struct ir_type t = s->pat[r]->type;
    bool sized = t.rank == 2 && t.dims[1].kind == IR_SE_NONE;
    unknown += sized;
    if (t.rank == 2 && !sized && !known_outside(f, t.dims[1])) {
      return -1;
    }
    if (t.rank > 2 || (t.rank == 2 && b->results[r].kind != IR_SE_VAR)) {
      return -1;
    }
    any_row = any_row || t.rank == 2;
  }
  int n = 0;
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *st = b->stms[i];
    if (lower_kernel_stm(st) && !row_shape(st, rows, n)) {
      continue;
    }
    if (!row_stm(st) && !row_shape(st, rows, n)) {
      return -1;
    }
    rows[n++] = st;
  }
  for (int i = 0; i < n; i++) {
    if (rows[i]->exp.kind != IR_SHAPE && used_in(b, rows, n, rows[i]->pat[0])) {
      return -1;
    }
  }
  return any_row && unknown <= KIR_RESULT_SLOTS ? n : -1;
}

/* How the hist's kernel updates its bins (Note [hist updates]), or false when it runs
 * on the host: its destinations must hold scalars and its operator be kernel code. */
static bool hist_update(const struct ir_soac *so, enum lower_atomic *out) {
  for (int d = 0; d < so->dest_count; d++) {
    if (so->dests[d]->type.rank != 1) {
      return false;
    }
  }
  if (!lower_scalar_operator(so->op)) {
    return false;
  }
  if (so->dest_count > 1) {
    *out = LOWER_ATOMIC_NONE;
  } else if (!atomic_operator(so, out)) {
    *out = LOWER_ATOMIC_CAS;
  }
  return true;
}

/* Whether the statement is or holds a SOAC or a loop. */
static bool costly_stm(const struct ir_stm *s) {
  if (s->exp.kind == IR_SOAC || s->exp.kind == IR_LOOP) {
    return true;
  }
  struct ir_body *nested[IR_MAX_STM_BODIES];
  int count = ir_stm_bodies(s, nested);
  for (int k = 0; k < count; k++) {
    for (int i = 0; i < nested[k]->stm_count; i++) {
      if (costly_stm(nested[k]->stms[i])) {
        return true;
      }
    }
  }
  return false;
}

/* Whether the statements of b that are not among rows[0..n) hold no SOAC and no loop. */
static bool cheap_beside_rows(const struct ir_body *b, const struct ir_stm *const *rows, int n) {
  for (int i = 0; i < b->stm_count; i++) {
    bool row = false;
    for (int r = 0; r < n; r++) {
      row = row || rows[r] == b->stms[i];
    }
    if (!row && costly_stm(b->stms[i])) {
      return false;
    }
  }
  return true;
}

/* The kernel form of a host-level SOAC statement, or false when it runs on the host. */
bool lower_plan_form(struct lower_plan *plan, const struct ir_program *p,
                     const struct ir_stm *s, struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  bool scalar_out = lower_all_scalar(s->pat, 0);
  for (int i = 0; i < s->pat_count; i++) {
    scalar_out = scalar_out && s->pat[i]->type.rank <= 1;
  }
  switch (so->kind) {
  case IR_SOAC_MAP:
    if (lower_is_kernel_lambda(so->map_fn) && scalar_out) {
      k->inner_index = inner_reduction(so->map_fn);
      if (k->inner_index >= 0) {
        k->form = LOWER_SEGRED;
        k->inner = so->map_fn->body->stms[k->inner_index];
        return true;
      }
      k->form = LOWER_MAP;
      return true;
    }
    k->nest_count = map_nest(so->map_fn, k->nest);
    if (k->nest_count > 0) {
      k->form = LOWER_MAP2;
      k->inner = k->nest[0];
      k->inner_index = so->map_fn->body->stm_count - 1;
      for (int i = 0; i < s->pat_count; i++) {
        if (s->pat[i]->type.rank != k->nest_count + 1) {
          return false;
        }
      }
      return true;
    }
    /* Rows made by statements that the rows form flattens (copies, concats, maps of
     * kernel code) before group code, which would give each element a work-group,
     * when nothing else in the body is costly: the rows form runs the rest once per
     * element of the rows (a reduction of the row there would cost a pass over the row
     * per element: rownorm of bench/soacs-opencl ran 240x slower so). Rows of private
     * arrays as below. */
    k->rows = ARENA_ARRAY(&plan->arena, const struct ir_stm *,
                          so->map_fn->body->stm_count + 1);
    k->row_count = private_rows(s) ? -1 : known_rows(s, k->rows);
    if (k->row_count >= 0 && cheap_beside_rows(so->map_fn->body, k->rows, k->row_count)) {
      k->form = LOWER_ROWS;
      return true;
    }
    if (intra_group(p, s)) {
      k->form = LOWER_INTRA;
      return true;
    }
    if (private_rows(s)) {
      k->form = LOWER_MAP;
      return true;
    }
    if (k->row_count >= 0) {
      k->form = LOWER_ROWS;
      return true;
    }
    return false;
  case IR_SOAC_REDUCE:
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCAN:
  case IR_SOAC_SCANOMAP: {
    bool scan = so->kind == IR_SOAC_SCAN || so->kind == IR_SOAC_SCANOMAP;
    bool has_map = so->kind == IR_SOAC_REDOMAP || so->kind == IR_SOAC_SCANOMAP;
    if (!scalar_out || !lower_all_scalar(so->op->params, so->op->param_count) ||
        !lower_kernel_body(so->op->body) || (has_map && !lower_is_kernel_lambda(so->map_fn))) {
      return false;
    }
    for (int i = 0; !has_map && i < so->input_count; i++) {
      if (so->inputs[i]->type.rank != 1) {
        return false;
      }
    }
    k->form = scan ? LOWER_SCAN : LOWER_REDUCE;
    return true;
  }
  case IR_SOAC_SCATTER:
    if (!lower_is_kernel_lambda(so->map_fn)) {
      return false;
    }
    for (int d = 0; d < so->dest_count; d++) {
      int rank = so->dest_ranks != NULL ? so->dest_ranks[d] : 1;
      if (so->dests[d]->type.rank != rank) {
        return false;
      }
    }
    k->form = LOWER_SCATTER;
    return true;
  case IR_SOAC_HIST:
    if (!lower_is_kernel_lambda(so->map_fn) || !hist_update(so, &k->atomic)) {
      return false;
    }
    k->form = LOWER_HIST;
    return true;
  case IR_SOAC_FILTER:
    return false;
  }
  return false;
}


bool lower_on_device(const struct ir_program *p, const struct ir_stm *s) {
  struct lower_plan plan = {0};
  arena_init(&plan.arena);
  struct lower_kernel k = {0};
  bool device = s->exp.kind == IR_SOAC && !s->sequential && lower_plan_form(&plan, p, s, &k);
  arena_free(&plan.arena);
  return device;
}
