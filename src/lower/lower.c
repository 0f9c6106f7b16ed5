/* Lowering for the OpenCL backend: the plan of kernels (see lower.h). */
#include "lower/lower.h"

#include <stdlib.h>
#include <string.h>

#include "ir/util.h"
#include "support/heap.h"

const char *lower_form_name(enum lower_form f) {
  static const char *const names[] = {
#define X(form, name) name,
      LOWER_FORMS(X)
#undef X
  };
  return names[f];
}

const char *lower_atomic_name(enum lower_atomic a) {
  static const char *const names[] = {
#define X(atomic, name) name,
      LOWER_ATOMICS(X)
#undef X
  };
  return names[a];
}

/* ------------------------------------------------------------ Kernel code */

/* Note [private arrays]
 * ~~~~~~~~~~~~~~~~~~~~~
 * Kernel code may make small arrays of constant size: a lookup table written as an
 * array literal, a few counters made by replicate and updated in a loop, the r values of
 * a radix-r butterfly. Each work-item keeps such a *private array* as one scalar
 * variable per element, in row-major order (a_e0, a_e1, ...), never as a C array:
 * OpenCL compilers keep scalars in registers, whereas a private C array that is indexed
 * at run time lives in per-work-item memory on GPUs (slow, and spilled through the
 * caches) and stops vectorisation on CPUs. Every statement over a private array is
 * therefore unrolled when the kernel is emitted (src/backend_opencl/emit_private.c):
 *  - a constant index names the element's variable; an index known only at run time
 *    reads through a chain of selects over the elements (y = i == 1 ? a_e1 : y ...),
 *    and an update at such an index selects per element between the old value and the
 *    new one; both are bounds-checked as the C backend checks them, with its message;
 *  - literals, replicate, iota, copy, concat, reshape and rearrange name each element's
 *    value, ifs and loops carry one variable per element;
 *  - inner map, reduce, scan (with their map parts), scatter and hist of constant width
 *    w copy their lambdas w times, one copy per element, in the order of the C backend's
 *    loops (so floats round the same).
 *
 * The limit, LOWER_PRIVATE_MAX = 64 elements per array: an access at a run-time index
 * costs one select per element, and a GPU gives a work-item at most 255 32-bit
 * registers (NVIDIA), of which 64 f32 elements take a quarter (64 f64 elements half);
 * larger arrays would spill, and would be better in local memory (intra-group kernels).
 * 64 covers what the language's small arrays are for: butterflies of radix up to 64,
 * complex ones of radix 16 as two [16] arrays, 4x4 and 8x8 matrices, small histograms.
 *
 * Which arrays are private is decided by the statement that binds them, not by their
 * type: arrays from outside the kernel and rows of the SOAC's inputs stay views of global
 * memory even when their type is constant, and indexing them reads memory as before.
 * Where a private array is read as a whole (the source of a copy or an update, a loop's
 * initial value, an if's result, an input of an unrolled inner SOAC), a view of a
 * private type may stand instead: its elements are read at constant offsets. So
 * lowering checks types only (every array that kernel code makes, and every array such
 * a statement reads, has a private type) and the emitter knows which variables are
 * private. An inner reduction whose inputs are all views of arrays of any size still
 * runs as a sequential loop; the loop cannot read a private array, so an inner SOAC
 * runs unrolled when an input is private, or when it has array results, and lowering
 * makes sure that such a SOAC can be unrolled: a constant width w <= LOWER_PRIVATE_MAX
 * and inputs of outer size w.
 *
 * Kernel lambdas' own results stay scalars, and map2 and segred (whose inner SOACs run
 * over the flattened index space or a work-group) take no private array as an inner
 * SOAC's input. Group code (intra-group kernels) may make one-dimensional private
 * arrays in its scalar code, which every work-item makes alike; the statements that
 * share their work among the group's work-items (inner SOACs, copies into a loop's
 * arrays) read arrays as views and take no private array (group_private).
 */

static bool kernel_body(const struct ir_body *b);

static bool all_scalar(struct ir_var *const *vars, int n) {
  for (int i = 0; i < n; i++) {
    if (vars[i]->type.rank != 0) {
      return false;
    }
  }
  return true;
}

static bool scalar_types(const struct ir_type *ts, int n) {
  for (int i = 0; i < n; i++) {
    if (ts[i].rank != 0) {
      return false;
    }
  }
  return true;
}

static bool fixed_indices(const struct ir_dim_index *dims, int count) {
  for (int i = 0; i < count; i++) {
    if (dims[i].is_slice) {
      return false;
    }
  }
  return true;
}

bool lower_private_type(struct ir_type t) {
  if (t.rank == 0) {
    return false;
  }
  int64_t elems = 1;
  for (int d = 0; d < t.rank; d++) {
    if (t.dims[d].kind != IR_SE_CONST) {
      return false;
    }
    int64_t n = (int64_t)t.dims[d].u.c.v.i;
    if (n < 0 || n > LOWER_PRIVATE_MAX) {
      return false;
    }
    elems *= n;
    if (elems > LOWER_PRIVATE_MAX) {
      return false;
    }
  }
  return true;
}

int lower_private_elems(struct ir_type t) {
  if (t.rank > 0 && !lower_private_type(t)) {
    diag_ice("lower", (struct loc){0}, "the elements of an array that is not private");
  }
  return ir_type_const_elems(t);
}

static bool scalar_or_private(struct ir_type t) {
  return t.rank == 0 || lower_private_type(t);
}

/* Variables that kernel code may bind (loop parameters, results of ifs and loops). */
static bool private_vars(struct ir_var *const *vars, int n) {
  for (int i = 0; i < n; i++) {
    if (!scalar_or_private(vars[i]->type)) {
      return false;
    }
  }
  return true;
}

/* Whether type t has the dimensions dims[0..rank) (no dimension for a scalar). */
static bool has_dims(struct ir_type t, const struct ir_subexp *dims, int rank) {
  if (t.rank != rank) {
    return false;
  }
  for (int d = 0; d < rank; d++) {
    if (!ir_subexp_equal(t.dims[d], dims[d])) {
      return false;
    }
  }
  return true;
}

/* Whether se is a scalar or a row of private type y from dimension `from` on (a view
 * or a private array: kernel code reads its elements one by one). */
static bool row_operand(struct ir_subexp se, struct ir_type y, int from) {
  struct ir_type t = ir_subexp_type(se);
  return (t.rank == 0 || lower_private_type(t)) && has_dims(t, y.dims + from, y.rank - from);
}

/* A statement that makes a private array from private arrays, views of private types
 * and scalars, whose operands have the shapes it needs (so no shape check can fail at
 * run time, and the emitter names every element at compile time). */
static bool private_stm(const struct ir_stm *s) {
  const struct ir_exp *x = &s->exp;
  if (s->pat_count != 1 || !lower_private_type(s->pat[0]->type)) {
    return false;
  }
  struct ir_type y = s->pat[0]->type;
  int64_t n = lower_private_elems(y), sum = 0;
  switch (x->kind) {
  case IR_SUBEXP:
    return row_operand(x->u.se, y, 0);
  case IR_COPY:
    return row_operand(ir_se_var(x->u.copy), y, 0);
  case IR_RESHAPE:
    return lower_private_type(x->u.reshape.array->type) &&
           lower_private_elems(x->u.reshape.array->type) == n;
  case IR_REARRANGE: {
    struct ir_type a = x->u.rearrange.array->type;
    bool permuted = lower_private_type(a) && a.rank == y.rank && x->u.rearrange.rank == y.rank;
    for (int d = 0; permuted && d < y.rank; d++) {
      int from = x->u.rearrange.perm[d];
      permuted = from >= 0 && from < a.rank && ir_subexp_equal(y.dims[d], a.dims[from]);
    }
    return permuted;
  }
  case IR_IOTA:
    return y.rank == 1 && ir_subexp_equal(x->u.iota.n, y.dims[0]);
  case IR_REPLICATE:
    for (int d = 0; d < x->u.replicate.count; d++) {
      if (d >= y.rank || !ir_subexp_equal(x->u.replicate.dims[d], y.dims[d])) {
        return false;
      }
    }
    return row_operand(x->u.replicate.value, y, x->u.replicate.count);
  case IR_ARRAY_LIT:
    for (int i = 0; i < x->u.array_lit.count; i++) {
      if (!row_operand(x->u.array_lit.elems[i], y, 1)) {
        return false;
      }
    }
    return ir_subexp_equal(ir_se_i64(x->u.array_lit.count), y.dims[0]);
  case IR_CONCAT:
    for (int i = 0; i < x->u.concat.count; i++) {
      struct ir_type t = x->u.concat.arrays[i]->type;
      if (!lower_private_type(t) || !has_dims(ir_type_row(t), y.dims + 1, y.rank - 1)) {
        return false; /* rows that differ are an error, which the host reports */
      }
      sum += lower_private_elems(t);
    }
    return sum == n;
  case IR_UPDATE: {
    /* The value is an element, or a row of the array's type. */
    const struct ir_var *a = x->u.update.array;
    return has_dims(a->type, y.dims, y.rank) &&
           fixed_indices(x->u.update.dims, x->u.update.count) &&
           row_operand(x->u.update.value, y, x->u.update.count);
  }
  default:
    return false;
  }
}

/* An operator of scalars (reductions, scans, hist). */
static bool scalar_operator(const struct ir_lambda *op) {
  return all_scalar(op->params, op->param_count) && kernel_body(op->body);
}

/* Whether the values fit the variables: an array value has the private type of its
 * variable, so that the emitter names their elements alike. */
static bool values_fit(const struct ir_subexp *vals, struct ir_var *const *to, int n) {
  for (int i = 0; i < n; i++) {
    if (to[i]->type.rank > 0 && !row_operand(vals[i], to[i]->type, 0)) {
      return false;
    }
  }
  return true;
}

/* Whether array type t is [w] followed by the dimensions of `row`. */
static bool rows_of(struct ir_type t, struct ir_subexp w, struct ir_type row) {
  return t.rank == row.rank + 1 && ir_subexp_equal(t.dims[0], w) &&
         has_dims(row, t.dims + 1, row.rank);
}

/* A lambda whose results are scalars or private arrays of its result types. */
static bool private_lambda(const struct ir_lambda *l) {
  for (int i = 0; i < l->ret_count; i++) {
    if (!scalar_or_private(l->ret[i]) ||
        (l->ret[i].rank > 0 && !row_operand(l->body->results[i], l->ret[i], 0))) {
      return false;
    }
  }
  return kernel_body(l->body);
}

/* Destinations of an inner scatter or hist that it updates as private arrays, one
 * scalar written per index (or per bucket), and its results of their types. */
static bool private_dests(const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int d = 0; d < so->dest_count; d++) {
    struct ir_type t = so->dests[d]->type;
    int rank = so->kind == IR_SOAC_SCATTER && so->dest_ranks != NULL ? so->dest_ranks[d] : 1;
    if (!lower_private_type(t) || t.rank != rank || !has_dims(s->pat[d]->type, t.dims, rank) ||
        !ir_subexp_equal(t.dims[0], so->dests[0]->type.dims[0])) {
      return false;
    }
  }
  return lower_is_kernel_lambda(so->map_fn);
}

/* The results of an unrolled reduce, scan, redomap or scanomap: scalar accumulators
 * (reductions) or rows of the width (scans), then rows of map_fn's other results. */
static bool private_reduction(const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  int k = so->neutral_count;
  bool scan = so->kind == IR_SOAC_SCAN || so->kind == IR_SOAC_SCANOMAP;
  if (!scalar_operator(so->op) || (so->map_fn != NULL && !private_lambda(so->map_fn)) ||
      s->pat_count != (so->map_fn != NULL ? so->map_fn->ret_count : k)) {
    return false;
  }
  for (int r = 0; r < s->pat_count; r++) {
    struct ir_type t = s->pat[r]->type;
    bool fits = r < k ? (scan ? rows_of(t, so->width, ir_type_scalar(t.prim)) : t.rank == 0)
                      : rows_of(t, so->width, so->map_fn->ret[r]);
    if (!fits) {
      return false;
    }
  }
  return true;
}

static bool any_private_type(struct ir_var *const *vars, int n) {
  for (int i = 0; i < n; i++) {
    if (lower_private_type(vars[i]->type)) {
      return true;
    }
  }
  return false;
}

/* An inner reduction that a work-item runs sequentially: scalar accumulators, scalar
 * results only (no map outputs), kernel-code lambdas. */
static bool sequential_reduction(const struct ir_soac *so, const struct ir_stm *s) {
  if (so->kind != IR_SOAC_REDUCE && so->kind != IR_SOAC_REDOMAP) {
    return false;
  }
  if (!all_scalar(s->pat, s->pat_count) || s->pat_count != so->neutral_count) {
    return false;
  }
  if (!all_scalar(so->op->params, so->op->param_count) || !kernel_body(so->op->body)) {
    return false;
  }
  return so->kind == IR_SOAC_REDUCE || lower_is_kernel_lambda(so->map_fn);
}

static int64_t lambda_size(const struct ir_lambda *l) {
  return l != NULL ? lower_unrolled_size(l->body) : 0;
}

int64_t lower_unrolled_size(const struct ir_body *b) {
  int64_t size = 0;
  for (int i = 0; i < b->stm_count && size <= LOWER_UNROLL_BUDGET; i++) {
    const struct ir_exp *x = &b->stms[i]->exp;
    size++;
    if (x->kind == IR_IF) {
      size += lower_unrolled_size(x->u.if_.then_body) + lower_unrolled_size(x->u.if_.else_body);
    } else if (x->kind == IR_LOOP) {
      size += lower_unrolled_size(x->u.loop.body);
    } else if (x->kind == IR_SOAC) {
      /* A sequential reduction over views stays a loop (Note [private arrays]). */
      const struct ir_soac *so = &x->u.soac;
      bool loop = sequential_reduction(so, b->stms[i]) &&
                  !any_private_type(so->inputs, so->input_count);
      int64_t w = so->width.kind == IR_SE_CONST && (int64_t)so->width.u.c.v.i > 0 &&
                          (int64_t)so->width.u.c.v.i <= LOWER_PRIVATE_MAX && !loop
                      ? (int64_t)so->width.u.c.v.i
                      : 1;
      size += w * (lambda_size(so->map_fn) + lambda_size(so->op));
    }
  }
  return size;
}

/* An inner SOAC that can run unrolled, one copy of its lambdas per element: a constant
 * width w of at most LOWER_PRIVATE_MAX, inputs of outer size w whose rows the
 * parameters are, results that are scalars or private arrays, and copies that stay
 * within LOWER_UNROLL_BUDGET statements. */
static bool private_soac(const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  if (so->width.kind != IR_SE_CONST || (int64_t)so->width.u.c.v.i < 0 ||
      (int64_t)so->width.u.c.v.i > LOWER_PRIVATE_MAX || !private_vars(s->pat, s->pat_count) ||
      (int64_t)so->width.u.c.v.i * (lambda_size(so->map_fn) + lambda_size(so->op)) >
          LOWER_UNROLL_BUDGET) {
    return false;
  }
  for (int i = 0; i < so->input_count; i++) {
    struct ir_type t = so->inputs[i]->type;
    struct ir_type row = so->map_fn != NULL ? so->map_fn->params[i]->type
                                            : ir_type_scalar(t.prim);
    if (t.rank == 0 || !ir_subexp_equal(t.dims[0], so->width) ||
        (lower_private_type(t) && !rows_of(t, so->width, row))) {
      return false;
    }
  }
  switch (so->kind) {
  case IR_SOAC_MAP:
    for (int r = 0; r < s->pat_count; r++) {
      if (!rows_of(s->pat[r]->type, so->width, so->map_fn->ret[r])) {
        return false;
      }
    }
    return private_lambda(so->map_fn);
  case IR_SOAC_REDUCE:
  case IR_SOAC_SCAN:
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCANOMAP:
    return private_reduction(s);
  case IR_SOAC_SCATTER:
    return private_dests(s);
  case IR_SOAC_HIST:
    return private_dests(s) && scalar_operator(so->op);
  case IR_SOAC_FILTER:
    return false;
  }
  return false;
}

/* A loop whose private arrays keep their types: initial values, the body's results and
 * the loop's results. */
static bool private_loop(const struct ir_stm *s) {
  const struct ir_loop *l = &s->exp.u.loop;
  for (int i = 0; i < s->pat_count; i++) {
    struct ir_type t = l->params[i]->type;
    if (!has_dims(s->pat[i]->type, t.dims, t.rank)) {
      return false;
    }
  }
  return values_fit(l->inits, l->params, l->param_count) &&
         values_fit(l->body->results, l->params, l->param_count);
}

static bool kernel_stm(const struct ir_stm *s) {
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_SUBEXP:
    return all_scalar(s->pat, s->pat_count) || private_stm(s);
  case IR_UNOP:
  case IR_BINOP:
  case IR_CONVERT:
    return all_scalar(s->pat, s->pat_count);
  case IR_SHAPE:
  case IR_ASSERT:
    return true;
  case IR_INDEX:
    return fixed_indices(x->u.index.dims, x->u.index.count);
  case IR_IF:
    return private_vars(s->pat, s->pat_count) && kernel_body(x->u.if_.then_body) &&
           kernel_body(x->u.if_.else_body) &&
           values_fit(x->u.if_.then_body->results, s->pat, s->pat_count) &&
           values_fit(x->u.if_.else_body->results, s->pat, s->pat_count);
  case IR_LOOP:
    return private_vars(x->u.loop.params, x->u.loop.param_count) &&
           private_vars(s->pat, s->pat_count) && kernel_body(x->u.loop.body) &&
           private_loop(s);
  case IR_SOAC:
    /* The sequential loop reads its inputs as views (Note [private arrays]). */
    return private_soac(s) ||
           (sequential_reduction(&x->u.soac, s) &&
            !any_private_type(x->u.soac.inputs, x->u.soac.input_count));
  default:
    return private_stm(s); /* literals, replicate, updates, ... */
  }
}

static bool kernel_body(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    if (!kernel_stm(b->stms[i])) {
      return false;
    }
  }
  for (int i = 0; i < b->result_count; i++) {
    if (!scalar_or_private(ir_subexp_type(b->results[i]))) {
      return false;
    }
  }
  return true;
}

bool lower_is_kernel_lambda(const struct ir_lambda *l) {
  return scalar_types(l->ret, l->ret_count) && kernel_body(l->body);
}

/* ------------------------------------------------------------ Commutativity */

/* Is v params[a] and w params[b], or the other way round? */
static bool is_param_pair(const struct ir_lambda *op, struct ir_subexp v, struct ir_subexp w,
                          int a, int b) {
  if (v.kind != IR_SE_VAR || w.kind != IR_SE_VAR) {
    return false;
  }
  return (v.u.var == op->params[a] && w.u.var == op->params[b]) ||
         (v.u.var == op->params[b] && w.u.var == op->params[a]);
}

bool lower_commutative(const struct ir_soac *so) {
  if (so->commutative) {
    return true;
  }
  const struct ir_lambda *op = so->op;
  int k = op->param_count / 2;
  if (op->body->result_count != k) {
    return false;
  }
  for (int r = 0; r < k; r++) {
    struct ir_subexp res = op->body->results[r];
    const struct ir_stm *def = NULL;
    for (int i = 0; res.kind == IR_SE_VAR && i < op->body->stm_count; i++) {
      const struct ir_stm *s = op->body->stms[i];
      if (s->pat_count == 1 && s->pat[0] == res.u.var) {
        def = s;
      }
    }
    if (def == NULL || def->exp.kind != IR_BINOP ||
        !ir_binop_commutes(def->exp.u.binop.op, ir_subexp_type(def->exp.u.binop.lhs).prim) ||
        !is_param_pair(op, def->exp.u.binop.lhs, def->exp.u.binop.rhs, r, k + r)) {
      return false;
    }
  }
  return true;
}

/* ------------------------------------------------------------ Free variables */

/* The variables that the SOAC's lambdas use from outside them (Note [Free variables]
 * in ir/util.c), and the neutral elements: the kernel's arguments, in this order. */
static void lambdas_free_vars(struct lower_plan *plan, const struct ir_program *p,
                              const struct ir_soac *so, struct lower_kernel *k) {
  struct ir_free_vars fv;
  ir_free_vars_init(&fv, p);
  ir_free_vars_lambda(&fv, so->map_fn);
  ir_free_vars_lambda(&fv, so->op);
  for (int i = 0; i < so->neutral_count; i++) {
    if (so->neutral[i].kind == IR_SE_VAR) {
      ir_free_vars_use(&fv, so->neutral[i].u.var);
    }
  }
  k->free = ARENA_ARRAY(&plan->arena, struct ir_var *, fv.count + 1);
  if (fv.count > 0) {
    memcpy(k->free, fv.vars, (size_t)fv.count * sizeof *fv.vars);
  }
  k->free_count = fv.count;
  ir_free_vars_free(&fv);
}

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
        !kernel_stm(s)) {
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
  return known_outside(f, in->width) && sequential_reduction(in, s) && !reads_private(f, in)
             ? found
             : -1;
}

/* ------------------------------------------------------------ Group code */

/* What group code may use: variables bound outside the lambda (known before the
 * kernel), and the arrays group code made so far. */
struct group_scope {
  const bool *inside; /* by id: bound inside the lambda */
  bool *private_array; /* by id: a private array of the work-items, made so far */
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
  if (!private_stm(s) && !(s->exp.kind == IR_IF && kernel_stm(s))) {
    return false;
  }
  for (int i = 0; i < s->pat_count; i++) {
    g->private_array[s->pat[i]->id] = s->pat[i]->type.rank > 0;
  }
  return true;
}

/* A loop of group code: its arrays are the group's, copied from views between passes. */
static bool group_loop(const struct group_scope *g, const struct ir_loop *l) {
  if (!group_body(g, l->body)) {
    return false;
  }
  for (int i = 0; i < l->param_count; i++) {
    if (private_result(g, l->inits[i]) || private_result(g, l->body->results[i])) {
      return false;
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
      return all_scalar(s->pat, so->neutral_count) &&
             all_scalar(so->op->params, so->op->param_count) && kernel_body(so->op->body) &&
             (so->kind == IR_SOAC_REDUCE || lower_is_kernel_lambda(so->map_fn));
    case IR_SOAC_SCAN:
    case IR_SOAC_SCANOMAP:
      /* Scalar elements; the scanned arrays and map outputs are arrays of the group. */
      return all_scalar(so->op->params, so->op->param_count) && kernel_body(so->op->body) &&
             (so->kind == IR_SOAC_SCAN || lower_is_kernel_lambda(so->map_fn));
    default:
      return false;
    }
  }
  default:
    return all_scalar(s->pat, s->pat_count) ? kernel_stm(s) : group_private(g, s);
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
  struct group_scope g = {inside, private_array};
  bool ok = group_body(&g, f->body);
  bool arrays = false;
  for (int i = 0; ok && i < f->body->stm_count; i++) {
    const struct ir_stm *st = f->body->stms[i];
    arrays = arrays || st->exp.kind == IR_SOAC || st->exp.kind == IR_LOOP ||
             (st->pat_count > 0 && st->pat[0]->type.rank > 0);
  }
  for (int i = 0; ok && i < f->ret_count; i++) {
    ok = f->ret[i].rank == 0 || (f->ret[i].rank == 1 && known_size(&g, f->ret[i].dims[0]) &&
                                 f->body->results[i].kind == IR_SE_VAR &&
                                 inside[f->body->results[i].u.var->id] &&
                                 !private_result(&g, f->body->results[i]));
  }
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
    if (!rows_of(s->pat[r]->type, so->width, so->map_fn->ret[r])) {
      return false;
    }
  }
  return private_lambda(so->map_fn);
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
    if (kernel_stm(st) && !row_shape(st, rows, n)) {
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
  if (!scalar_operator(so->op)) {
    return false;
  }
  if (so->dest_count > 1) {
    *out = LOWER_ATOMIC_NONE;
  } else if (!atomic_operator(so, out)) {
    *out = LOWER_ATOMIC_CAS;
  }
  return true;
}

/* The kernel form of a host-level SOAC statement, or false when it runs on the host. */
static bool plan_form(struct lower_plan *plan, const struct ir_program *p,
                      const struct ir_stm *s, struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  bool scalar_out = all_scalar(s->pat, 0);
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
    if (intra_group(p, s)) {
      k->form = LOWER_INTRA;
      return true;
    }
    if (private_rows(s)) {
      k->form = LOWER_MAP;
      return true;
    }
    k->rows = ARENA_ARRAY(&plan->arena, const struct ir_stm *,
                          so->map_fn->body->stm_count + 1);
    k->row_count = known_rows(s, k->rows);
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
    if (!scalar_out || !all_scalar(so->op->params, so->op->param_count) ||
        !kernel_body(so->op->body) || (has_map && !lower_is_kernel_lambda(so->map_fn))) {
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

/* ------------------------------------------------------------ Transposes */

/* Whether a permutation moves some dimension (the identity is a view, not a copy). */
static bool moves_dims(const int *perm, int rank) {
  for (int i = 0; i < rank; i++) {
    if (perm[i] != i) {
      return true;
    }
  }
  return false;
}

/* The rearrange that a map's body is, of its only parameter, or NULL: `map transpose`. */
static const struct ir_exp *mapped_rearrange(const struct ir_soac *so) {
  const struct ir_lambda *f = so->map_fn;
  if (so->kind != IR_SOAC_MAP || so->input_count != 1 || f->index != NULL ||
      f->body->stm_count != 1 || f->body->result_count != 1) {
    return NULL;
  }
  const struct ir_stm *only = f->body->stms[0];
  struct ir_subexp res = f->body->results[0];
  if (only->exp.kind != IR_REARRANGE || only->exp.u.rearrange.array != f->params[0] ||
      res.kind != IR_SE_VAR || res.u.var != only->pat[0]) {
    return NULL;
  }
  return &only->exp;
}

/* transpose: a rearrange at host level that moves dimensions, or a map of one (the
 * rearrange of the whole array with the outer dimension kept first). */
static bool plan_transpose(struct lower_plan *plan, const struct ir_stm *s,
                           struct lower_kernel *k) {
  const struct ir_exp *re = &s->exp;
  struct ir_var *array = NULL;
  int outer = 0;
  if (s->exp.kind == IR_SOAC) {
    re = mapped_rearrange(&s->exp.u.soac);
    if (re == NULL) {
      return false;
    }
    array = s->exp.u.soac.inputs[0];
    outer = 1;
  } else {
    array = re->u.rearrange.array;
  }
  if (!moves_dims(re->u.rearrange.perm, re->u.rearrange.rank)) {
    return false;
  }
  k->form = LOWER_TRANSPOSE;
  k->rank = re->u.rearrange.rank + outer;
  k->perm = ARENA_ARRAY(&plan->arena, int, k->rank);
  k->perm[0] = 0;
  for (int i = 0; i < re->u.rearrange.rank; i++) {
    k->perm[outer + i] = outer + re->u.rearrange.perm[i];
  }
  k->free = ARENA_ARRAY(&plan->arena, struct ir_var *, 1);
  k->free[0] = array;
  k->free_count = 1;
  return true;
}

/* ------------------------------------------------------------ Coalescing */

/* Note [coalescing transposes]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A map kernel runs one work-item per row of its input. When each work-item walks its
 * row, reading element j in a loop over j (or reducing the row sequentially),
 * neighbouring work-items read elements m apart at every step, so each load of a
 * work-group touches as many cache lines as it has work-items. Read from a transposed
 * copy, where element j of row i sits at j * n + i, the same loads are consecutive:
 * coalesced (Futhark's coalescing pass does the same, making the transposed copy in
 * memory before the kernel).
 *
 * Lowering lists, for the forms map and segred (whose flat version is a map kernel;
 * its group version reads rows coalesced already), the arrays of two dimensions that
 * the work-items walk:
 *   - an input whose row, the lambda's parameter, is read at an index that changes in
 *     a loop or an inner SOAC of the body, or is the input of an inner reduction;
 *   - a free array read so at the work-item's row, the lambda's index: a[i, j] with j
 *     changing, or its row a[i] walked as above.
 * An index "changes" when it depends on a loop's index or parameters, or on an inner
 * lambda's parameters; reads at indices that stay fixed while the body loops gain
 * nothing from the other layout and do not count.
 *
 * The kernel reads such an array through a view whose strides are kernel arguments
 * (struct cl_view), so that one kernel reads either layout; the host decides at run
 * time whether the transposition pays (rts_cl_coalesce in rts/opencl/mirror.h, the
 * knob PRISM_TRANSPOSE), and if so makes the copy with a transpose kernel, which
 * `--structure` counts as one more global kernel per array.
 */

struct walk {
  const struct ir_lambda *f;
  const struct ir_var *array; /* the array of two dimensions */
  bool *row;                  /* by id: rows of the array at the work-item's index */
  bool *varies;               /* by id: values that change within the loops around */
  bool any_varies;            /* scratch of note_varies */
  bool walks;
};

static void note_varies(void *ctx, const struct ir_var *v) {
  struct walk *w = ctx;
  w->any_varies = w->any_varies || w->varies[v->id];
}

static bool varies(const struct walk *w, struct ir_subexp se) {
  return se.kind == IR_SE_VAR && w->varies[se.u.var->id];
}

static bool is_var(struct ir_subexp se, const struct ir_var *v) {
  return v != NULL && se.kind == IR_SE_VAR && se.u.var == v;
}

static void walk_body(struct walk *w, const struct ir_body *b, int depth);

/* The parameters (and index) of a loop or of a lambda inside the body change from one
 * pass or call to the next. */
static void bind_varying(struct walk *w, struct ir_var *const *params, int count,
                         const struct ir_var *index) {
  for (int i = 0; i < count; i++) {
    w->varies[params[i]->id] = true;
  }
  if (index != NULL) {
    w->varies[index->id] = true;
  }
}

static void walk_lambda(struct walk *w, const struct ir_lambda *l, int depth) {
  if (l != NULL) {
    bind_varying(w, l->params, l->param_count, l->index);
    walk_body(w, l->body, depth + 1);
  }
}

static void walk_index(struct walk *w, const struct ir_stm *s, int depth) {
  const struct ir_var *a = s->exp.u.index.array;
  const struct ir_dim_index *dims = s->exp.u.index.dims;
  int count = s->exp.u.index.count;
  if (a == w->array && count >= 1 && is_var(dims[0].fixed, w->f->index)) {
    if (count == 1) {
      w->row[s->pat[0]->id] = true; /* a[i]: the work-item's row */
    } else if (depth > 0 && varies(w, dims[1].fixed)) {
      w->walks = true;               /* a[i, j], j changing */
    }
  } else if (w->row[a->id] && count >= 1 && depth > 0 && varies(w, dims[0].fixed)) {
    w->walks = true;                 /* row[j], j changing */
  }
}

static void walk_stm(struct walk *w, const struct ir_stm *s, int depth) {
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_INDEX:
    walk_index(w, s, depth);
    break;
  case IR_IF:
    walk_body(w, x->u.if_.then_body, depth);
    walk_body(w, x->u.if_.else_body, depth);
    break;
  case IR_LOOP:
    bind_varying(w, x->u.loop.params, x->u.loop.param_count, x->u.loop.index);
    walk_body(w, x->u.loop.body, depth + 1);
    break;
  case IR_SOAC:
    for (int i = 0; i < x->u.soac.input_count; i++) {
      w->walks = w->walks || w->row[x->u.soac.inputs[i]->id];
    }
    walk_lambda(w, x->u.soac.map_fn, depth);
    walk_lambda(w, x->u.soac.op, depth);
    break;
  default:
    break;
  }
  if (depth > 0) {
    w->any_varies = false;
    ir_visit_uses_stm(s, note_varies, w);
    for (int i = 0; w->any_varies && i < s->pat_count; i++) {
      w->varies[s->pat[i]->id] = true;
    }
  }
}

static void walk_body(struct walk *w, const struct ir_body *b, int depth) {
  for (int i = 0; i < b->stm_count; i++) {
    walk_stm(w, b->stms[i], depth);
  }
}

/* Whether the work-items of a map with lambda f walk the rows of `array` (an array of
 * two dimensions), whose row is parameter `row` (NULL for a free array). */
static bool walks_rows(const struct ir_program *p, const struct ir_lambda *f,
                       const struct ir_var *array, const struct ir_var *row) {
  struct walk w = {.f = f, .array = array};
  w.row = heap_calloc((size_t)p->next_var_id + 1, sizeof *w.row);
  w.varies = heap_calloc((size_t)p->next_var_id + 1, sizeof *w.varies);
  if (row != NULL) {
    w.row[row->id] = true;
  }
  walk_body(&w, f->body, 0);
  heap_free(w.row);
  heap_free(w.varies);
  return w.walks;
}

static void add_transposed(struct lower_plan *plan, struct lower_kernel *k,
                           struct ir_var *array, int cap) {
  if (k->transposed == NULL) {
    k->transposed = ARENA_ARRAY(&plan->arena, struct ir_var *, cap);
  }
  for (int i = 0; i < k->transposed_count; i++) {
    if (k->transposed[i] == array) {
      return; /* an input that the lambda also reads freely */
    }
  }
  k->transposed[k->transposed_count++] = array;
}

/* The arrays that a map or segred kernel reads through a transposed copy when it pays
 * (Note [coalescing transposes]); after the free variables. */
static void plan_coalescing(struct lower_plan *plan, const struct ir_program *p,
                            const struct ir_soac *so, struct lower_kernel *k) {
  const struct ir_lambda *f = so->map_fn;
  int cap = so->input_count + k->free_count + 1;
  for (int i = 0; i < so->input_count; i++) {
    struct ir_var *x = so->inputs[i];
    if (x->type.rank == 2 && walks_rows(p, f, x, f->params[i])) {
      add_transposed(plan, k, x, cap);
    }
  }
  for (int i = 0; f->index != NULL && i < k->free_count; i++) {
    struct ir_var *x = k->free[i];
    if (x->type.rank == 2 && walks_rows(p, f, x, NULL)) {
      add_transposed(plan, k, x, cap);
    }
  }
}

/* ------------------------------------------------------------ The plan */

/* Records kernel k as statement s's, with the next id. */
static struct lower_kernel *add_kernel(struct lower_plan *plan, const struct ir_stm *s,
                                       const struct lower_kernel *k) {
  struct lower_kernel *kp = ARENA_NEW(&plan->arena, struct lower_kernel);
  *kp = *k;
  kp->id = plan->kernel_count++;
  ptrmap_put(&plan->kernels, s, kp);
  return kp;
}

/* The kernel IR of a planned statement (kernels.c), checked. */
static void decide_kernels(struct lower_plan *plan, const struct ir_program *p,
                           const struct ir_stm *s, struct lower_kernel *k) {
  kir_build(&plan->arena, s, k);
  kir_verify(p, s, k);
}

static void plan_body(struct lower_plan *plan, const struct ir_program *p,
                      const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    switch (s->exp.kind) {
    case IR_IF:
      plan_body(plan, p, s->exp.u.if_.then_body);
      plan_body(plan, p, s->exp.u.if_.else_body);
      break;
    case IR_LOOP:
      plan_body(plan, p, s->exp.u.loop.body);
      break;
    case IR_SOAC: {
      struct lower_kernel k = {0};
      if (s->sequential) {
        break;
      }
      if (plan_form(plan, p, s, &k)) {
        struct lower_kernel *kp = add_kernel(plan, s, &k);
        lambdas_free_vars(plan, p, &s->exp.u.soac, kp);
        if (kp->form == LOWER_MAP || kp->form == LOWER_SEGRED) {
          plan_coalescing(plan, p, &s->exp.u.soac, kp);
        }
        decide_kernels(plan, p, s, kp);
      } else if (plan_transpose(plan, s, &k)) {
        decide_kernels(plan, p, s, add_kernel(plan, s, &k));
      }
      break;
    }
    case IR_REARRANGE: {
      struct lower_kernel k = {0};
      if (plan_transpose(plan, s, &k)) {
        decide_kernels(plan, p, s, add_kernel(plan, s, &k));
      }
      break;
    }
    default:
      break;
    }
  }
}

void lower_program(struct lower_plan *plan, const struct ir_program *p) {
  diag_set_pass("lower");
  arena_init(&plan->arena);
  ptrmap_init(&plan->kernels, &plan->arena);
  plan->kernel_count = 0;
  for (int i = 0; i < p->fun_count; i++) {
    plan_body(plan, p, p->funs[i]->body);
  }
}

void lower_plan_free(struct lower_plan *plan) {
  arena_free(&plan->arena);
}

const struct lower_kernel *lower_kernel_of(const struct lower_plan *plan,
                                           const struct ir_stm *s) {
  return ptrmap_get(&plan->kernels, s);
}

/* ------------------------------------------------------------ Printing */

struct host_counts {
  int host;
};

static void count_host(const struct lower_plan *plan, const struct ir_body *b,
                       struct host_counts *c) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    if (s->exp.kind == IR_IF) {
      count_host(plan, s->exp.u.if_.then_body, c);
      count_host(plan, s->exp.u.if_.else_body, c);
    } else if (s->exp.kind == IR_LOOP) {
      count_host(plan, s->exp.u.loop.body, c);
    } else if (s->exp.kind == IR_SOAC && lower_kernel_of(plan, s) == NULL) {
      c->host++;
    }
  }
}

static void print_vars(struct strbuf *out, struct ir_var *const *vars, int count) {
  for (int j = 0; j < count; j++) {
    strbuf_puts(out, " ");
    ir_print_subexp(out, ir_se_var(vars[j]));
  }
}

/* "rearrange((1, 0)) of xs" */
static void print_transpose(struct strbuf *out, const struct lower_kernel *k) {
  strbuf_puts(out, "rearrange((");
  for (int d = 0; d < k->rank; d++) {
    strbuf_printf(out, "%s%d", d > 0 ? ", " : "", k->perm[d]);
  }
  strbuf_puts(out, ")) of");
  print_vars(out, k->free, 1);
  strbuf_puts(out, "\n");
}

void lower_print(struct strbuf *out, const struct ir_program *p,
                 const struct lower_plan *plan) {
  ir_print_program(out, p);
  strbuf_puts(out, "\n-- kernels\n");
  size_t pos = 0;
  const void *key;
  void *value;
  /* In the order of their ids, which is the program's order. */
  const struct ir_stm **by_id = heap_calloc((size_t)plan->kernel_count + 1, sizeof *by_id);
  while (ptrmap_next(&plan->kernels, &pos, &key, &value)) {
    by_id[((struct lower_kernel *)value)->id] = key;
  }
  for (int i = 0; i < plan->kernel_count; i++) {
    const struct ir_stm *s = by_id[i];
    const struct lower_kernel *k = lower_kernel_of(plan, s);
    strbuf_printf(out, "kernel %d %s (global %d, group %d) at %s: ", k->id,
                  lower_form_name(k->form), kir_kernels_at(k, KIR_GLOBAL),
                  kir_kernels_at(k, KIR_GROUP), loc_format(s->loc));
    if (k->form == LOWER_TRANSPOSE) {
      print_transpose(out, k);
      kir_print(out, s, k);
      continue;
    }
    strbuf_printf(out, "%s over ", ir_soac_kind_name(s->exp.u.soac.kind));
    ir_print_subexp(out, s->exp.u.soac.width);
    strbuf_puts(out, "; arguments");
    print_vars(out, k->free, k->free_count);
    if (k->transposed_count > 0) {
      strbuf_puts(out, "; transposed when it pays");
      print_vars(out, k->transposed, k->transposed_count);
    }
    strbuf_puts(out, "\n");
    kir_print(out, s, k);
  }
  heap_free(by_id);
}

void lower_print_structure(struct strbuf *out, const struct ir_program *p,
                           const struct lower_plan *plan) {
  int global = 0, group = 0, transpose = 0;
  size_t pos = 0;
  const void *key;
  void *value;
  while (ptrmap_next(&plan->kernels, &pos, &key, &value)) {
    const struct lower_kernel *k = value;
    global += kir_kernels_at(k, KIR_GLOBAL);
    group += kir_kernels_at(k, KIR_GROUP);
    transpose += (k->form == LOWER_TRANSPOSE) + k->transposed_count;
  }
  struct host_counts c = {0};
  for (int i = 0; i < p->fun_count; i++) {
    count_host(plan, p->funs[i]->body, &c);
  }
  strbuf_printf(out, "global %d\ngroup %d\nhost %d\ntranspose %d\n", global, group, c.host,
                transpose);
  ir_print_structure(out, p);
}
