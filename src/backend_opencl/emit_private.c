/* Kernel code's private arrays (Note [private arrays] in src/lower/kernel_code.c): small
 * arrays of constant size that a work-item makes, kept as one scalar variable per
 * element, in row-major order, so that they live in registers.
 *
 * A private array is registered by variable id (emit_cl.privates) with the names of its
 * elements' C variables, NAME_ID_eK, which no other C name of a kernel takes (variables
 * end in _ID, temporaries are tN). Every statement over private arrays is unrolled:
 * each element of the result is a C variable of its own, defined by an expression over
 * the operands' elements; an index known only at run time becomes a chain of selects.
 * Views of private types (arrays from outside, rows of the inputs) are read element by
 * element where a private array could stand. Nothing here reads memory out of bounds:
 * an index out of bounds fails with the C backend's message (cl_check_index) and, where
 * the kernel carries on after failures (group code), selects some element.
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ Elements */

struct cl_private *cl_private_of(struct emitter *e, const struct ir_var *v) {
  return cl_state(e)->privates[v->id];
}

/* Registers v as a private array; its elements' variables are still to be declared. */
static struct cl_private *new_private(struct emitter *e, const struct ir_var *v) {
  struct cl_private *a = ARENA_NEW(&e->arena, struct cl_private);
  a->count = ir_type_const_elems(v->type);
  a->elems = ARENA_ARRAY(&e->arena, const char *, a->count + 1);
  for (int k = 0; k < a->count; k++) {
    a->elems[k] = emit_c_printf(e, "%s_e%d", emit_c_var(e, v), k);
  }
  cl_state(e)->privates[v->id] = a;
  return a;
}

/* Element k of a view whose type is private: its indices from the type's dimensions,
 * its offset from the view's lengths (which are the same). */
static const char *view_element(struct emitter *e, const struct ir_var *v, int k) {
  const struct cl_view *w = cl_view_of(e, v);
  int rank = v->type.rank;
  const char *offset = NULL;
  for (int d = 0, rest = k, stride = ir_type_const_elems(v->type); d < rank; d++) {
    stride /= (int)v->type.dims[d].u.c.v.i;
    int index = rest / stride;
    rest -= index * stride;
    if (w->strides != NULL) { /* a view through a transposed copy */
      const char *term = emit_c_printf(e, "%d * %s", index, w->strides[d]);
      offset = d == 0 ? term : emit_c_printf(e, "%s + %s", offset, term);
    } else {
      offset = d == 0 ? emit_c_printf(e, "%d", index)
                      : emit_c_printf(e, "(%s) * %s + %d", offset, w->dims[d], index);
    }
  }
  return emit_c_printf(e, "((%s)%s[%s])", emit_c_elem_type(v->type.prim), w->ptr, offset);
}

const char *cl_element(struct emitter *e, struct ir_subexp se, int k) {
  if (se.kind != IR_SE_VAR || se.u.var->type.rank == 0) {
    return emit_c_subexp(e, se);
  }
  struct cl_private *a = cl_private_of(e, se.u.var);
  if (a == NULL) {
    return view_element(e, se.u.var, k);
  }
  return a->elems[k];
}

const char *cl_lvalue(struct emitter *e, const struct ir_var *v, int k) {
  if (v->type.rank == 0) {
    return emit_c_var(e, v);
  }
  struct cl_private *a = cl_private_of(e, v);
  if (a == NULL) {
    diag_ice("emit_opencl", (struct loc){0}, "array %s is not private in the kernel",
             emit_c_var(e, v));
  }
  return a->elems[k];
}

/* Declares v (a scalar or a private array) with the element values `vals`. */
static void define_elements(struct emitter *e, const struct ir_var *v, const char *const *vals) {
  const char *t = emit_c_elem_type(v->type.prim);
  if (v->type.rank == 0) {
    emit_c_line(e, "%s %s = %s;", emit_c_var_type(e, v), emit_c_var(e, v), vals[0]);
    return;
  }
  struct cl_private *a = new_private(e, v);
  for (int k = 0; k < a->count; k++) {
    emit_c_line(e, "%s %s = %s;", t, a->elems[k], vals[k]);
  }
}

static const char **element_list(struct emitter *e, int n) {
  return ARENA_ARRAY(&e->arena, const char *, n + 1);
}

void cl_define(struct emitter *e, const struct ir_var *v, struct ir_subexp init) {
  int n = ir_type_const_elems(v->type);
  const char **vals = element_list(e, n);
  for (int k = 0; k < n; k++) {
    vals[k] = init.kind == IR_SE_NONE ? "0" : cl_element(e, init, k);
  }
  define_elements(e, v, vals);
}

void cl_bind_input(struct emitter *e, struct ir_var *p, const struct ir_var *x, const char *i,
                   int j) {
  struct cl_private *a = cl_private_of(e, x);
  if (a == NULL) {
    cl_bind_row(e, p, cl_view_of(e, x), i);
    return;
  }
  if (j < 0) {
    diag_ice("emit_opencl", (struct loc){0}, "private array %s read at a run-time row",
             emit_c_var(e, x));
  }
  int n = ir_type_const_elems(p->type);
  define_elements(e, p, a->elems + j * n);
}

/* The C variables of the elements of row j of private array v (rows of n elements). */
static const char *const *row_lvalues(struct emitter *e, const struct ir_var *v, int j, int n) {
  return cl_private_of(e, v)->elems + j * n;
}

/* ------------------------------------------------------------ Indexing */

/* The value of an integer operand that is a constant, or -1 when it is not one (a
 * negative constant is out of bounds anyway). */
static int64_t constant_index(struct ir_subexp se) {
  return se.kind == IR_SE_CONST ? (int64_t)se.u.c.v.i : -1;
}

/* The row of an array of type t that `count` fixed indices pick, as the number of rows
 * `rows` (the indexed dimensions' product) and the row: a constant when every index is
 * a constant in bounds (returned, with *text NULL), else -1 with *text the C
 * expression. The indices as C expressions go to idx, for the bounds check. */
static int pick_row(struct emitter *e, struct ir_type t, const struct ir_dim_index *dims,
                    int count, const char **idx, const char **text, int *rows) {
  int row = 0;
  bool constant = true;
  struct strbuf b;
  strbuf_init(&b);
  *rows = 1;
  for (int d = 0; d < count; d++) {
    int n = (int)t.dims[d].u.c.v.i;
    int64_t c = constant_index(dims[d].fixed);
    idx[d] = emit_c_printf(e, "(long)%s", emit_c_subexp(e, dims[d].fixed));
    constant = constant && c >= 0 && c < n;
    row = constant ? row * n + (int)c : -1;
    const char *prev = emit_c_printf(e, "%s", d == 0 ? "" : b.data);
    strbuf_free(&b);
    strbuf_init(&b);
    if (d == 0) {
      strbuf_puts(&b, idx[d]);
    } else {
      strbuf_printf(&b, "(%s) * %d + %s", prev, n, idx[d]);
    }
    *rows *= n;
  }
  *text = NULL;
  if (!constant) {
    *text = emit_c_tmp(e);
    emit_c_line(e, "const long %s = %s;", *text, b.data);
  }
  strbuf_free(&b);
  return constant ? row : -1;
}

/* The lengths of private type t in decimal, for the bounds check (which puts them into
 * its message as they are). */
static const char **length_texts(struct emitter *e, struct ir_type t) {
  const char **dims = element_list(e, t.rank);
  for (int d = 0; d < t.rank; d++) {
    dims[d] = emit_c_printf(e, "%d", (int)t.dims[d].u.c.v.i);
  }
  return dims;
}

/* y = x[i, ...]: an element or a row of private array x. At a run-time index, each
 * element of the result starts as row 0's and takes row r's when the index is r. */
static void private_index(struct emitter *e, const struct ir_stm *s) {
  const struct ir_var *x = s->exp.u.index.array, *y = s->pat[0];
  const struct cl_private *a = cl_private_of(e, x);
  int count = s->exp.u.index.count, rows;
  const char **idx = element_list(e, count), *row_text;
  int row = pick_row(e, x->type, s->exp.u.index.dims, count, idx, &row_text, &rows);
  cl_check_index(e, s, idx, count, length_texts(e, x->type), x->type.rank);
  int n = rows > 0 ? a->count / rows : ir_type_const_elems(y->type);
  if (row >= 0) {
    define_elements(e, y, a->elems + row * n);
    return;
  }
  const char **first = element_list(e, n);
  for (int k = 0; k < n; k++) {
    first[k] = rows > 0 ? a->elems[k] : "0";
  }
  define_elements(e, y, first);
  for (int r = 1; r < rows; r++) {
    for (int k = 0; k < n; k++) {
      const char *out = cl_lvalue(e, y, k);
      emit_c_line(e, "%s = %s == %d ? %s : %s;", out, row_text, r, a->elems[r * n + k], out);
    }
  }
}

/* y = x with [i, ...] = v: every element of y is x's, or v's in the row updated (at a
 * run-time index, a select per element). x is a private array or a view. */
static void private_update(struct emitter *e, const struct ir_stm *s) {
  const struct ir_var *x = s->exp.u.update.array, *y = s->pat[0];
  struct ir_subexp v = s->exp.u.update.value;
  int count = s->exp.u.update.count, rows;
  const char **idx = element_list(e, count), *row_text;
  int row = pick_row(e, x->type, s->exp.u.update.dims, count, idx, &row_text, &rows);
  cl_check_index(e, s, idx, count, length_texts(e, x->type), x->type.rank);
  int total = ir_type_const_elems(x->type), n = rows > 0 ? total / rows : 0;
  const char **vals = element_list(e, total);
  for (int k = 0; k < total; k++) {
    const char *old = cl_element(e, ir_se_var((struct ir_var *)x), k);
    if (row >= 0) {
      vals[k] = k / n == row ? cl_element(e, v, k % n) : old;
    } else {
      vals[k] = emit_c_printf(e, "%s == %d ? %s : %s", row_text, k / n, cl_element(e, v, k % n),
                              old);
    }
  }
  define_elements(e, y, vals);
}

/* ------------------------------------------------------------ Making arrays */

/* Appends the elements of se to vals from position *at on. */
static void append_elements(struct emitter *e, const char **vals, int *at, struct ir_subexp se) {
  int n = ir_type_const_elems(ir_subexp_type(se));
  for (int k = 0; k < n; k++) {
    vals[(*at)++] = cl_element(e, se, k);
  }
}

/* y = rearrange(perm, x): element (o0, o1, ...) of y is x's element whose index in
 * dimension perm[d] is od. */
static void private_rearrange(struct emitter *e, const struct ir_stm *s, const char **vals) {
  const struct ir_var *x = s->exp.u.rearrange.array, *y = s->pat[0];
  const int *perm = s->exp.u.rearrange.perm;
  int rank = y->type.rank, n = ir_type_const_elems(y->type);
  int *in = ARENA_ARRAY(&e->arena, int, rank + 1);
  for (int k = 0; k < n; k++) {
    for (int d = rank - 1, rest = k; d >= 0; d--) {
      int len = (int)y->type.dims[d].u.c.v.i;
      in[perm[d]] = rest % len;
      rest /= len;
    }
    int flat = 0;
    for (int d = 0; d < rank; d++) {
      flat = flat * (int)x->type.dims[d].u.c.v.i + in[d];
    }
    vals[k] = cl_element(e, ir_se_var((struct ir_var *)x), flat);
  }
}

void cl_private_stm(struct emitter *e, const struct ir_stm *s) {
  const struct ir_exp *x = &s->exp;
  const struct ir_var *y = s->pat[0];
  if (x->kind == IR_INDEX) {
    private_index(e, s);
    return;
  }
  if (x->kind == IR_UPDATE) {
    private_update(e, s);
    return;
  }
  int n = ir_type_const_elems(y->type), at = 0;
  const char **vals = element_list(e, n);
  switch (x->kind) {
  case IR_SUBEXP:
    append_elements(e, vals, &at, x->u.se);
    break;
  case IR_COPY:
    append_elements(e, vals, &at, ir_se_var(x->u.copy));
    break;
  case IR_RESHAPE:
    append_elements(e, vals, &at, ir_se_var(x->u.reshape.array));
    break;
  case IR_ARRAY_LIT:
    for (int i = 0; i < x->u.array_lit.count; i++) {
      append_elements(e, vals, &at, x->u.array_lit.elems[i]);
    }
    break;
  case IR_CONCAT:
    for (int i = 0; i < x->u.concat.count; i++) {
      append_elements(e, vals, &at, ir_se_var(x->u.concat.arrays[i]));
    }
    break;
  case IR_REPLICATE:
    while (at < n) {
      append_elements(e, vals, &at, x->u.replicate.value);
    }
    break;
  case IR_IOTA:
    for (int k = 0; k < n; k++) {
      vals[k] = emit_c_printf(e, "(%s)%d", emit_c_elem_type(y->type.prim), k);
    }
    break;
  case IR_REARRANGE:
    private_rearrange(e, s, vals);
    break;
  default:
    diag_ice("emit_opencl", s->loc, "statement of kind %s making a private array",
             ir_exp_kind_name(x->kind));
  }
  define_elements(e, y, vals);
}

/* ------------------------------------------------------------ Inner SOACs */

bool cl_is_unrolled_soac(struct emitter *e, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int i = 0; i < so->input_count; i++) {
    if (cl_private_of(e, so->inputs[i]) != NULL) {
      return true;
    }
  }
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank > 0) {
      return true;
    }
  }
  return so->kind != IR_SOAC_REDUCE && so->kind != IR_SOAC_REDOMAP;
}

/* Scalar temporaries `names` for the first n results of map_fn, as result lists of one
 * element each (the caller sets the others). */
static const char *const **scalar_results(struct emitter *e, const struct ir_lambda *f,
                                          const char **names, int n) {
  const char *const **res = ARENA_ARRAY(&e->arena, const char *const *, f->ret_count + 1);
  for (int r = 0; r < n; r++) {
    names[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s;", emit_c_elem_type(f->ret[r].prim), names[r]);
    res[r] = &names[r];
  }
  return res;
}

/* map: map_fn's results at element j go to row j of the outputs. */
static void unrolled_map(struct emitter *e, const struct ir_stm *s, int w) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *const **res = ARENA_ARRAY(&e->arena, const char *const *, s->pat_count + 1);
  for (int r = 0; r < s->pat_count; r++) {
    cl_define(e, s->pat[r], ir_se_none());
  }
  for (int j = 0; j < w; j++) {
    for (int r = 0; r < s->pat_count; r++) {
      res[r] = row_lvalues(e, s->pat[r], j, ir_type_const_elems(so->map_fn->ret[r]));
    }
    cl_apply_map_fn_at(e, so, emit_c_printf(e, "%d", j), j, res);
  }
}

/* reduce, redomap, scan, scanomap: from the neutral elements, element by element in
 * order; a scan's outputs take the accumulators after each element, map outputs
 * map_fn's other results. */
static void unrolled_reduction(struct emitter *e, const struct ir_stm *s, int w) {
  const struct ir_soac *so = &s->exp.u.soac;
  int k = so->neutral_count;
  bool scan = so->kind == IR_SOAC_SCAN || so->kind == IR_SOAC_SCANOMAP;
  const char **acc = element_list(e, k);
  for (int r = 0; r < k; r++) {
    enum prim_type t = so->op->params[r]->type.prim;
    acc[r] = scan ? emit_c_tmp(e) : emit_c_var(e, s->pat[r]);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(t), acc[r], emit_c_subexp(e, so->neutral[r]));
  }
  for (int r = scan ? 0 : k; r < s->pat_count; r++) {
    cl_define(e, s->pat[r], ir_se_none());
  }
  const char **vals = element_list(e, so->map_fn != NULL ? so->map_fn->ret_count : k);
  for (int j = 0; j < w; j++) {
    if (so->map_fn != NULL) {
      const char *const **res = scalar_results(e, so->map_fn, vals, k);
      for (int r = k; r < so->map_fn->ret_count; r++) {
        res[r] = row_lvalues(e, s->pat[r], j, ir_type_const_elems(so->map_fn->ret[r]));
      }
      cl_apply_map_fn_at(e, so, emit_c_printf(e, "%d", j), j, res);
    } else {
      for (int r = 0; r < k; r++) {
        vals[r] = cl_element(e, ir_se_var(so->inputs[r]), j);
      }
    }
    cl_combine(e, so->op, acc, vals);
    for (int r = 0; scan && r < k; r++) {
      emit_c_line(e, "%s = %s;", cl_lvalue(e, s->pat[r], j), acc[r]);
    }
  }
}

/* Sets element `flat` (a C expression) of private array y to `value` when `cond`: a
 * select per element. */
static void store_at(struct emitter *e, const struct ir_var *y, const char *cond,
                     const char *flat, const char *value) {
  const struct cl_private *a = cl_private_of(e, y);
  emit_c_line(e, "if (%s) {", cond);
  e->indent++;
  for (int k = 0; k < a->count; k++) {
    emit_c_line(e, "%s = %s == %d ? %s : %s;", a->elems[k], flat, k, value, a->elems[k]);
  }
  e->indent--;
  emit_c_line(e, "}");
}

/* scatter: the writes of element j in order (as the C backend's loop makes them), each
 * skipped when an index is out of bounds. */
static void unrolled_scatter(struct emitter *e, const struct ir_stm *s, int w) {
  const struct ir_soac *so = &s->exp.u.soac;
  int index_count = 0;
  for (int d = 0; d < so->dest_count; d++) {
    cl_define(e, s->pat[d], ir_se_var(so->dests[d]));
    index_count += (so->dest_ranks != NULL ? so->dest_ranks[d] : 1) *
                   (so->dest_writes != NULL ? so->dest_writes[d] : 1);
  }
  int n = so->map_fn->ret_count;
  const char **res = element_list(e, n);
  for (int j = 0; j < w; j++) {
    cl_apply_map_fn_at(e, so, emit_c_printf(e, "%d", j), j, scalar_results(e, so->map_fn, res, n));
    for (int d = 0, first = 0, value = index_count; d < so->dest_count; d++) {
      const struct ir_var *y = s->pat[d];
      int rank = y->type.rank, writes = so->dest_writes != NULL ? so->dest_writes[d] : 1;
      for (int k = 0; k < writes; k++, first += rank, value++) {
        struct strbuf cond, flat;
        strbuf_init(&cond);
        strbuf_init(&flat);
        strbuf_puts(&flat, "0");
        for (int r = 0; r < rank; r++) {
          const char *len = emit_c_subexp(e, y->type.dims[r]);
          strbuf_printf(&cond, "%s(ulong)(long)%s < (ulong)%s", r > 0 ? " && " : "",
                        res[first + r], len);
          const char *prev = emit_c_printf(e, "%s", flat.data);
          strbuf_free(&flat);
          strbuf_init(&flat);
          strbuf_printf(&flat, "(%s) * %s + (long)%s", prev, len, res[first + r]);
        }
        store_at(e, y, cond.data, flat.data, res[value]);
        strbuf_free(&cond);
        strbuf_free(&flat);
      }
    }
  }
}

/* hist: dest[b] = op(dest[b], v) for each destination, when bucket b is in bounds; the
 * old values are read through selects. */
static void unrolled_hist(struct emitter *e, const struct ir_stm *s, int w) {
  const struct ir_soac *so = &s->exp.u.soac;
  int k = so->dest_count;
  for (int d = 0; d < k; d++) {
    cl_define(e, s->pat[d], ir_se_var(so->dests[d]));
  }
  const char *len = emit_c_subexp(e, s->pat[0]->type.dims[0]);
  int n = so->map_fn->ret_count;
  const char **res = element_list(e, n), **acc = element_list(e, k);
  for (int j = 0; j < w; j++) {
    cl_apply_map_fn_at(e, so, emit_c_printf(e, "%d", j), j, scalar_results(e, so->map_fn, res, n));
    const char *b = emit_c_tmp(e);
    emit_c_line(e, "const long %s = (long)%s;", b, res[0]);
    emit_c_line(e, "if ((ulong)%s < (ulong)%s) {", b, len);
    e->indent++;
    for (int d = 0; d < k; d++) {
      const struct cl_private *a = cl_private_of(e, s->pat[d]);
      acc[d] = emit_c_tmp(e);
      emit_c_line(e, "%s %s = %s;", emit_c_elem_type(s->pat[d]->type.prim), acc[d], a->elems[0]);
      for (int i = 1; i < a->count; i++) {
        emit_c_line(e, "%s = %s == %d ? %s : %s;", acc[d], b, i, a->elems[i], acc[d]);
      }
    }
    cl_combine(e, so->op, acc, res + 1);
    for (int d = 0; d < k; d++) {
      store_at(e, s->pat[d], "true", b, acc[d]);
    }
    e->indent--;
    emit_c_line(e, "}");
  }
}

void cl_unrolled_soac(struct emitter *e, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  int w = (int)so->width.u.c.v.i;
  switch (so->kind) {
  case IR_SOAC_MAP:
    unrolled_map(e, s, w);
    return;
  case IR_SOAC_REDUCE:
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCAN:
  case IR_SOAC_SCANOMAP:
    unrolled_reduction(e, s, w);
    return;
  case IR_SOAC_SCATTER:
    unrolled_scatter(e, s, w);
    return;
  case IR_SOAC_HIST:
    unrolled_hist(e, s, w);
    return;
  case IR_SOAC_FILTER:
    break;
  }
  diag_ice("emit_opencl", s->loc, "an inner %s cannot be unrolled", ir_soac_kind_name(so->kind));
}
