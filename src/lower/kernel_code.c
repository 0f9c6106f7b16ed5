/* What kernel code may hold: scalar statements, private arrays, inner SOACs of
 * constant width (lower.h), and which operators commute. */
#include "lower/lower_internal.h"

#include <string.h>

#include "ir/util.h"
#include "support/heap.h"

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

bool lower_all_scalar(struct ir_var *const *vars, int n) {
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
bool lower_private_stm(const struct ir_stm *s) {
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
bool lower_scalar_operator(const struct ir_lambda *op) {
  return lower_all_scalar(op->params, op->param_count) && lower_kernel_body(op->body);
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
bool lower_rows_of(struct ir_type t, struct ir_subexp w, struct ir_type row) {
  return t.rank == row.rank + 1 && ir_subexp_equal(t.dims[0], w) &&
         has_dims(row, t.dims + 1, row.rank);
}

/* A lambda whose results are scalars or private arrays of its result types. */
bool lower_private_lambda(const struct ir_lambda *l) {
  for (int i = 0; i < l->ret_count; i++) {
    if (!scalar_or_private(l->ret[i]) ||
        (l->ret[i].rank > 0 && !row_operand(l->body->results[i], l->ret[i], 0))) {
      return false;
    }
  }
  return lower_kernel_body(l->body);
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
  if (!lower_scalar_operator(so->op) || (so->map_fn != NULL && !lower_private_lambda(so->map_fn)) ||
      s->pat_count != (so->map_fn != NULL ? so->map_fn->ret_count : k)) {
    return false;
  }
  for (int r = 0; r < s->pat_count; r++) {
    struct ir_type t = s->pat[r]->type;
    bool fits = r < k ? (scan ? lower_rows_of(t, so->width, ir_type_scalar(t.prim)) : t.rank == 0)
                      : lower_rows_of(t, so->width, so->map_fn->ret[r]);
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
bool lower_sequential_reduction(const struct ir_soac *so, const struct ir_stm *s) {
  if (so->kind != IR_SOAC_REDUCE && so->kind != IR_SOAC_REDOMAP) {
    return false;
  }
  if (!lower_all_scalar(s->pat, s->pat_count) || s->pat_count != so->neutral_count) {
    return false;
  }
  if (!lower_all_scalar(so->op->params, so->op->param_count) || !lower_kernel_body(so->op->body)) {
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
      bool loop = lower_sequential_reduction(so, b->stms[i]) &&
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
        (lower_private_type(t) && !lower_rows_of(t, so->width, row))) {
      return false;
    }
  }
  switch (so->kind) {
  case IR_SOAC_MAP:
    for (int r = 0; r < s->pat_count; r++) {
      if (!lower_rows_of(s->pat[r]->type, so->width, so->map_fn->ret[r])) {
        return false;
      }
    }
    return lower_private_lambda(so->map_fn);
  case IR_SOAC_REDUCE:
  case IR_SOAC_SCAN:
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCANOMAP:
    return private_reduction(s);
  case IR_SOAC_SCATTER:
    return private_dests(s);
  case IR_SOAC_HIST:
    return private_dests(s) && lower_scalar_operator(so->op);
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

bool lower_group_if(const struct ir_stm *s) {
  return s->exp.kind == IR_IF && !lower_kernel_stm(s);
}

bool lower_kernel_stm(const struct ir_stm *s) {
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_SUBEXP:
    return lower_all_scalar(s->pat, s->pat_count) || lower_private_stm(s);
  case IR_UNOP:
  case IR_BINOP:
  case IR_CONVERT:
    return lower_all_scalar(s->pat, s->pat_count);
  case IR_SHAPE:
  case IR_ASSERT:
    return true;
  case IR_INDEX:
    return fixed_indices(x->u.index.dims, x->u.index.count);
  case IR_IF:
    return private_vars(s->pat, s->pat_count) && lower_kernel_body(x->u.if_.then_body) &&
           lower_kernel_body(x->u.if_.else_body) &&
           values_fit(x->u.if_.then_body->results, s->pat, s->pat_count) &&
           values_fit(x->u.if_.else_body->results, s->pat, s->pat_count);
  case IR_LOOP:
    return private_vars(x->u.loop.params, x->u.loop.param_count) &&
           private_vars(s->pat, s->pat_count) && lower_kernel_body(x->u.loop.body) &&
           private_loop(s);
  case IR_SOAC:
    /* The sequential loop reads its inputs as views (Note [private arrays]). */
    return private_soac(s) ||
           (lower_sequential_reduction(&x->u.soac, s) &&
            !any_private_type(x->u.soac.inputs, x->u.soac.input_count));
  default:
    return lower_private_stm(s); /* literals, replicate, updates, ... */
  }
}

bool lower_kernel_body(const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    if (!lower_kernel_stm(b->stms[i])) {
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
  return scalar_types(l->ret, l->ret_count) && lower_kernel_body(l->body);
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

