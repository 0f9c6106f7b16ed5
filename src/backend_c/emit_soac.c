/* SOACs as sequential C loops, with their lambdas inlined into the loop body.
 *
 * Every SOAC of width w becomes one loop `for (i = 0; i < w; i++)` in a block that
 * first checks the inputs' outer sizes against w and hoists restrict-qualified
 * pointers to the inputs' and outputs' elements, so that a fused map-reduce over f32
 * compiles to the loop one would write by hand:
 *   map        map_fn on row i; scalar results stored, array results copied into row i
 *              (their shapes must agree: "irregular array")
 *   reduce     op folds the rows into accumulators that start at the neutral elements
 *   scan       the same, storing each accumulator (inclusive)
 *   redomap    map_fn, then op on its first k results; the rest as map's
 *   scanomap   map_fn, then scan on its first k results; the rest as map's
 *   scatter    map_fn gives indices then values; in-bounds writes into the destinations
 *   hist       map_fn gives a bucket and values; op combines into the destinations
 *   filter     map_fn gives a bool; the rows it keeps are copied, and counted
 * Lambda parameters are borrowed views (Note [ownership] in emit_own.c): scalars are
 * read from the hoisted pointers, array rows point into their input's block.
 * Destinations of scatter and hist are taken and copied first unless unique. An array
 * result of a map body that an inner SOAC makes is written by that SOAC straight into
 * the outer output's row when the shapes agree (destination passing, as Futhark's
 * memory blocks do), so nested maps allocate nothing per row.
 */
#include <string.h>

#include "backend_c/emit_internal.h"

/* The hoisted pointer to an input's elements, and its row size in elements. */
struct soac_input {
  struct ir_var *array;
  const char *ptr;
  const char *row_elems;
};

/* An output array written row by row: preallocated when its row shape is known before
 * the loop, else allocated with the first row's shape. */
struct soac_output {
  struct ir_var *y;
  struct ir_type row;
  const char *ptr; /* restrict pointer for scalar rows, once allocated */
  bool lazy;
};

static const char *elem(enum prim_type t) {
  return emit_c_elem_type(t);
}

static const char *where_of(struct emitter *e) {
  return e->where;
}

/* ------------------------------------------------------------ Inputs */

static const char *emit_width(struct emitter *e, const struct ir_soac *so) {
  const char *w = emit_c_tmp(e);
  if (so->width.kind != IR_SE_NONE) {
    emit_c_line(e, "const int64_t %s = (int64_t)%s;", w, emit_c_subexp(e, so->width));
  } else if (so->input_count > 0) {
    emit_c_line(e, "const int64_t %s = %s;", w, emit_c_dim(e, so->inputs[0], 0));
  } else {
    emit_c_unsupported(e, NULL, "a SOAC without width or inputs");
  }
  return w;
}

/* Input x of the SOAC must have the width w that the SOAC says: a width error when its
 * outer size differs (the OpenCL backend checks its kernels' inputs with this too). */
void emit_c_check_width(struct emitter *e, const struct ir_soac *so, const struct ir_var *x,
                        const char *w) {
  const char *xn = emit_c_var(e, x);
  emit_c_fail_if(e, emit_c_printf(e, "%s.shape[0] != %s", xn, w),
                 "rts_width_error(ctx, %s, \"%s\", %s.shape[0], %s)", where_of(e),
                 ir_soac_kind_name(so->kind), xn, w);
}

static struct soac_input *emit_inputs(struct emitter *e, const struct ir_soac *so,
                                      const char *w) {
  struct soac_input *in = ARENA_ARRAY(&e->arena, struct soac_input, so->input_count + 1);
  for (int j = 0; j < so->input_count; j++) {
    struct ir_var *x = so->inputs[j];
    const char *xn = emit_c_var(e, x);
    emit_c_check_width(e, so, x, w);
    in[j].array = x;
    in[j].ptr = emit_c_tmp(e);
    in[j].row_elems = emit_c_tmp(e);
    emit_c_line(e, "const %s *restrict %s = (const %s *)%s.data;", elem(x->type.prim),
                in[j].ptr, elem(x->type.prim), xn);
    emit_c_line(e, "const int64_t %s = %s;", in[j].row_elems, emit_c_elems(e, x, 1));
    emit_c_line(e, "(void)%s;", in[j].ptr);
    emit_c_line(e, "(void)%s;", in[j].row_elems);
  }
  return in;
}

/* Declares the lambda's parameters (borrowed) and puts them in scope. */
static void declare_param(struct emitter *e, struct ir_var *p) {
  emit_c_declare(e, p, false);
  e->vars[p->id].owner = -1;
  e->vars[p->id].in_scope = true;
}

static void declare_params(struct emitter *e, const struct ir_lambda *l) {
  for (int i = 0; i < l->param_count; i++) {
    declare_param(e, l->params[i]);
  }
  if (l->index != NULL) {
    declare_param(e, l->index);
  }
}

static void unscope_params(struct emitter *e, const struct ir_lambda *l) {
  for (int i = 0; i < l->param_count; i++) {
    e->vars[l->params[i]->id].in_scope = false;
  }
  if (l->index != NULL) {
    e->vars[l->index->id].in_scope = false;
  }
}

/* Parameter p is row i of input `in`: an element, or a view into its block. */
static void bind_row(struct emitter *e, struct ir_var *p, const struct soac_input *in,
                     const char *i) {
  const char *pn = emit_c_var(e, p), *xn = emit_c_var(e, in->array);
  if (p->type.rank == 0) {
    emit_c_line(e, "%s = %s[%s];", pn, in->ptr, i);
    return;
  }
  emit_c_line(e, "%s.mem = %s.mem;", pn, xn);
  emit_c_line(e, "%s.data = (%s *)%s.data + %s * %s;", pn, elem(p->type.prim), xn, i,
              in->row_elems);
  for (int d = 0; d < p->type.rank; d++) {
    emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", pn, d, xn, d + 1);
  }
}

static void bind_rows(struct emitter *e, struct ir_var *const *params,
                      const struct soac_input *in, int count, const char *i) {
  for (int j = 0; j < count; j++) {
    bind_row(e, params[j], &in[j], i);
  }
}

/* The map_fn's parameters are rows i of the inputs, and its index is i. */
static void bind_map_rows(struct emitter *e, const struct ir_lambda *f,
                          const struct soac_input *in, int count, const char *i) {
  bind_rows(e, f->params, in, count, i);
  if (f->index != NULL) {
    emit_c_line(e, "%s = %s;", emit_c_var(e, f->index), i);
  }
}

/* Parameter p is the value `se` (a scalar, or an array borrowed as it is). */
static void bind_value(struct emitter *e, struct ir_var *p, struct ir_subexp se) {
  if (se.kind == IR_SE_VAR && se.u.var == p) {
    return;
  }
  emit_c_line(e, "%s = %s;", emit_c_var(e, p), emit_c_subexp(e, se));
}

/* ------------------------------------------------------------ Outputs */

static bool row_known(struct emitter *e, const struct ir_var *y, struct ir_type row) {
  for (int d = 0; d < row.rank; d++) {
    bool known = (row.dims[d].kind == IR_SE_CONST) ||
                 (row.dims[d].kind == IR_SE_VAR && e->vars[row.dims[d].u.var->id].in_scope);
    struct ir_subexp yd = y->type.dims[d + 1];
    known = known || yd.kind == IR_SE_CONST ||
            (yd.kind == IR_SE_VAR && e->vars[yd.u.var->id].in_scope);
    if (!known) {
      return false;
    }
  }
  return true;
}

/* The inner dimensions of y from the types, where known; 0 otherwise. */
static void set_row_shape_from_types(struct emitter *e, const struct ir_var *y,
                                     struct ir_type row) {
  for (int d = 0; d < row.rank; d++) {
    struct ir_subexp a = row.dims[d], b = y->type.dims[d + 1];
    const char *v = "0";
    if (a.kind == IR_SE_CONST || (a.kind == IR_SE_VAR && e->vars[a.u.var->id].in_scope)) {
      v = emit_c_subexp(e, a);
    } else if (b.kind == IR_SE_CONST ||
               (b.kind == IR_SE_VAR && e->vars[b.u.var->id].in_scope)) {
      v = emit_c_subexp(e, b);
    }
    emit_c_line(e, "%s.shape[%d] = (int64_t)%s;", emit_c_var(e, y), d + 1, v);
  }
}

static void alloc_output(struct emitter *e, const struct ir_var *y) {
  const char *yn = emit_c_var(e, y);
  emit_c_try(e, "rts_alloc_array(ctx, &%s.mem, &%s.data, sizeof(%s), %d, %s.shape, %s)", yn,
             yn, elem(y->type.prim), y->type.rank, yn, where_of(e));
}

/* Allocates y, or, when y is to become row `index` of an output of an enclosing map
 * whose row has y's shape, makes it a view of that row (destination passing: the
 * enclosing map's copy of the row is then skipped). */
static void alloc_or_view_output(struct emitter *e, const struct ir_var *y) {
  const struct emit_var *ev = &e->vars[y->id];
  if (ev->dest_array == NULL) {
    alloc_output(e, y);
    return;
  }
  const char *yn = emit_c_var(e, y), *dn = emit_c_var(e, ev->dest_array);
  emit_c_line(e, "if (memcmp(%s.shape, %s.shape + 1, sizeof %s.shape) == 0) {", yn, dn, yn);
  emit_c_line(e, "  %s.mem = %s.mem;", yn, dn);
  emit_c_line(e, "  rts_ref(%s.mem);", yn);
  emit_c_line(e, "  %s.data = (%s *)%s.data + %s * %s;", yn, elem(y->type.prim), dn,
              ev->dest_index, emit_c_elems(e, ev->dest_array, 1));
  emit_c_line(e, "} else {");
  e->indent++;
  alloc_output(e, y);
  e->indent--;
  emit_c_line(e, "}");
}

static void prepare_output(struct emitter *e, struct soac_output *o, struct ir_var *y,
                           struct ir_type row, const char *w) {
  const char *yn = emit_c_var(e, y);
  o->y = y;
  o->row = row;
  o->ptr = NULL;
  o->lazy = row.rank > 0 && !row_known(e, y, row);
  emit_c_line(e, "%s.shape[0] = %s;", yn, w);
  if (o->lazy) {
    return;
  }
  set_row_shape_from_types(e, y, row);
  alloc_or_view_output(e, y);
  if (row.rank == 0) {
    o->ptr = emit_c_tmp(e);
    emit_c_line(e, "%s *restrict %s = (%s *)%s.data;", elem(y->type.prim), o->ptr,
                elem(y->type.prim), yn);
  }
}

/* Marks the array results of a map body that statements of the body bind as
 * destinations: row i of the preallocated outputs (alloc_or_view_output). */
static void pass_destinations(struct emitter *e, const struct ir_body *b,
                              struct soac_output *out, int from, int to, const char *i) {
  for (int j = from; j < to; j++) {
    struct ir_subexp r = b->results[j];
    if (out[j].row.rank == 0 || out[j].lazy || r.kind != IR_SE_VAR) {
      continue;
    }
    for (int k = 0; k < b->stm_count; k++) {
      const struct ir_stm *s = b->stms[k];
      for (int p = 0; s->exp.kind == IR_SOAC && p < s->pat_count; p++) {
        if (s->pat[p] == r.u.var) {
          e->vars[r.u.var->id].dest_array = out[j].y;
          e->vars[r.u.var->id].dest_index = i;
        }
      }
    }
  }
}

static void end_destinations(struct emitter *e, const struct ir_body *b) {
  for (int j = 0; j < b->result_count; j++) {
    if (b->results[j].kind == IR_SE_VAR) {
      e->vars[b->results[j].u.var->id].dest_array = NULL;
    }
  }
}

/* Copies array `src` into row `i` of output y (allocating y on row 0 if lazy). */
static void write_row(struct emitter *e, struct soac_output *o, const char *src,
                      const char *i) {
  const char *yn = emit_c_var(e, o->y);
  int r = o->row.rank;
  if (o->lazy) {
    emit_c_line(e, "if (%s == 0) {", i);
    e->indent++;
    for (int d = 0; d < r; d++) {
      emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", yn, d + 1, src, d);
    }
    alloc_output(e, o->y);
    e->indent--;
    emit_c_line(e, "}");
  }
  struct strbuf cond;
  strbuf_init(&cond);
  for (int d = 0; d < r; d++) {
    strbuf_printf(&cond, "%s%s.shape[%d] != %s.shape[%d]", d > 0 ? " || " : "", src, d, yn,
                  d + 1);
  }
  emit_c_fail_if(e, cond.data,
                 "rts_shape_mismatch_error(ctx, %s, \"irregular array: a row\", %d, %s.shape, "
                 "%d, %s.shape + 1)",
                 where_of(e), r, src, r, yn);
  strbuf_free(&cond);
  const char *n = emit_c_elems(e, o->y, 1), *t = elem(o->y->type.prim);
  const char *row = emit_c_printf(e, "(%s *)%s.data + %s * %s", t, yn, i, n);
  emit_c_line(e, "if ((%s *)%s.data != %s) {", t, src, row);
  emit_c_line(e, "  memcpy(%s, %s.data, (size_t)%s * sizeof(%s));", row, src, n, t);
  emit_c_line(e, "}");
}

/* Stores the value `se` as row i of the output. */
static void write_output(struct emitter *e, struct soac_output *o, struct ir_subexp se,
                         const char *i) {
  if (o->row.rank == 0) {
    emit_c_line(e, "%s[%s] = %s;", o->ptr, i, emit_c_subexp(e, se));
    return;
  }
  write_row(e, o, emit_c_subexp(e, se), i);
}

/* A lazily allocated output of a SOAC that ran no iteration. */
static void finish_output(struct emitter *e, struct soac_output *o, const char *w) {
  if (!o->lazy) {
    return;
  }
  emit_c_line(e, "if (%s == 0) {", w);
  e->indent++;
  set_row_shape_from_types(e, o->y, o->row);
  alloc_output(e, o->y);
  e->indent--;
  emit_c_line(e, "}");
}

/* ------------------------------------------------------------ Loops */

static const char *open_loop(struct emitter *e, const char *w) {
  const char *i = emit_c_tmp(e);
  emit_c_line(e, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, w, i);
  e->indent++;
  return i;
}

static void close_block(struct emitter *e) {
  e->indent--;
  emit_c_line(e, "}");
}

/* Opens the loop over the rows i < w of the inputs, with the map_fn's parameters bound
 * to the rows, and the parameters of `op` (NULL: none) declared outside it. Returns i. */
static const char *open_map_loop(struct emitter *e, const struct ir_soac *so,
                                 const struct ir_lambda *op, const struct soac_input *in,
                                 const char *w) {
  declare_params(e, so->map_fn);
  if (op != NULL) {
    declare_params(e, op);
  }
  const char *i = open_loop(e, w);
  bind_map_rows(e, so->map_fn, in, so->input_count, i);
  return i;
}

/* Closes what open_map_loop opened, after the map_fn's body `st`. */
static void close_map_loop(struct emitter *e, struct emit_body *st, const struct ir_soac *so,
                           const struct ir_lambda *op) {
  emit_own_close(e, st);
  close_block(e);
  unscope_params(e, so->map_fn);
  if (op != NULL) {
    unscope_params(e, op);
  }
}

/* ------------------------------------------------------- Accumulators */

/* The accumulators of a reduction or scan: scalars in block-local variables, arrays
 * in owned temporaries (released by the failure path). */
static const char **emit_accumulators(struct emitter *e, const struct ir_soac *so) {
  const char **acc = ARENA_ARRAY(&e->arena, const char *, so->neutral_count + 1);
  for (int j = 0; j < so->neutral_count; j++) {
    struct ir_subexp ne = so->neutral[j];
    struct ir_type t = ir_subexp_type(ne);
    if (t.rank == 0) {
      acc[j] = emit_c_tmp(e);
      emit_c_line(e, "%s %s = %s;", elem(t.prim), acc[j], emit_c_subexp(e, ne));
    } else {
      acc[j] = emit_c_owned_tmp(e, t.rank);
      emit_own_take(e, ne.u.var, acc[j]);
    }
  }
  return acc;
}

/* One application of op: its first k parameters are the accumulators, the next k the
 * values; its results become the new accumulators. */
static void emit_combine(struct emitter *e, const struct ir_soac *so, const char **acc,
                         const struct ir_subexp *values) {
  const struct ir_lambda *op = so->op;
  int k = so->neutral_count;
  for (int j = 0; j < k; j++) {
    emit_c_line(e, "%s = %s;", emit_c_var(e, op->params[j]), acc[j]);
    bind_value(e, op->params[k + j], values[j]);
  }
  struct emit_body st;
  emit_own_open(e, &st, op->body, NULL, 0);
  emit_c_body_stms(e, &st);
  const char **next = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int j = 0; j < k; j++) {
    if (op->ret[j].rank == 0) {
      emit_own_result(e, &st, j, acc[j]);
      continue;
    }
    next[j] = emit_c_tmp(e);
    emit_c_line(e, "%s %s;", emit_c_arr_type(e, op->ret[j].rank), next[j]);
    emit_own_result(e, &st, j, next[j]);
  }
  emit_own_close(e, &st);
  for (int j = 0; j < k; j++) {
    if (op->ret[j].rank > 0) {
      emit_own_drop(e, acc[j]);
      emit_c_line(e, "%s = %s;", acc[j], next[j]);
    }
  }
}

/* The subexpressions that name row i of each input (for reduce and scan, whose op
 * takes the rows directly). */
static struct ir_subexp *input_rows(struct emitter *e, const struct ir_soac *so,
                                    const struct soac_input *in, const char *i) {
  struct ir_subexp *rows = ARENA_ARRAY(&e->arena, struct ir_subexp, so->input_count + 1);
  bind_rows(e, so->op->params + so->neutral_count, in, so->input_count, i);
  for (int j = 0; j < so->input_count; j++) {
    rows[j] = ir_se_var(so->op->params[so->neutral_count + j]);
  }
  return rows;
}

/* A scan's output j: scalars stored, arrays copied (preallocated from the neutral
 * element's shape, which every accumulator must keep). */
static void prepare_scan_output(struct emitter *e, struct soac_output *o, struct ir_var *y,
                                const char *acc, struct ir_type t, const char *w) {
  const char *yn = emit_c_var(e, y);
  o->y = y;
  o->row = t;
  o->lazy = false;
  o->ptr = NULL;
  emit_c_line(e, "%s.shape[0] = %s;", yn, w);
  for (int d = 0; d < t.rank; d++) {
    emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", yn, d + 1, acc, d);
  }
  alloc_output(e, y);
  if (t.rank == 0) {
    o->ptr = emit_c_tmp(e);
    emit_c_line(e, "%s *restrict %s = (%s *)%s.data;", elem(y->type.prim), o->ptr,
                elem(y->type.prim), yn);
  }
}

static void store_scan(struct emitter *e, struct soac_output *o, const char *acc,
                       const char *i) {
  if (o->row.rank == 0) {
    emit_c_line(e, "%s[%s] = %s;", o->ptr, i, acc);
  } else {
    write_row(e, o, acc, i);
  }
}

/* The reductions' results: the accumulators, moved into the pattern. */
static void finish_accumulators(struct emitter *e, const struct ir_stm *s, const char **acc,
                                int k) {
  for (int j = 0; j < k; j++) {
    emit_c_line(e, "%s = %s;", emit_c_var(e, s->pat[j]), acc[j]);
    if (s->pat[j]->type.rank > 0) {
      emit_c_line(e, "%s.mem = NULL;", acc[j]);
    }
  }
}

/* ------------------------------------------------------------ map */

static void emit_map(struct emitter *e, const struct ir_stm *s, const char *w,
                     const struct soac_input *in) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  struct soac_output *out = ARENA_ARRAY(&e->arena, struct soac_output, s->pat_count + 1);
  for (int j = 0; j < s->pat_count; j++) {
    prepare_output(e, &out[j], s->pat[j], f->ret[j], w);
  }
  const char *i = open_map_loop(e, so, NULL, in, w);
  struct emit_body st;
  pass_destinations(e, f->body, out, 0, s->pat_count, i);
  emit_own_open(e, &st, f->body, NULL, 0);
  emit_c_body_stms(e, &st);
  end_destinations(e, f->body);
  for (int j = 0; j < s->pat_count; j++) {
    write_output(e, &out[j], f->body->results[j], i);
  }
  close_map_loop(e, &st, so, NULL);
  for (int j = 0; j < s->pat_count; j++) {
    finish_output(e, &out[j], w);
  }
}

/* ------------------------------------------------------- reduce, scan */

/* The outputs of a scan (or scanomap): one per accumulator, rows of the pattern. */
static void prepare_scan_outputs(struct emitter *e, const struct ir_stm *s, const char **acc,
                                 struct soac_output *out, const char *w) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int j = 0; j < so->neutral_count; j++) {
    prepare_scan_output(e, &out[j], s->pat[j], acc[j], ir_subexp_type(so->neutral[j]), w);
  }
}

/* After the loop: a reduction's accumulators are its results; a scan's (scan_out not
 * NULL) were copied into its outputs and are dropped where they hold arrays. */
static void finish_reduce_or_scan(struct emitter *e, const struct ir_stm *s, const char **acc,
                                  const struct soac_output *scan_out) {
  int k = s->exp.u.soac.neutral_count;
  if (scan_out == NULL) {
    finish_accumulators(e, s, acc, k);
    return;
  }
  for (int j = 0; j < k; j++) {
    if (scan_out[j].row.rank > 0) {
      emit_own_drop(e, acc[j]);
    }
  }
}

static void emit_reduce_or_scan(struct emitter *e, const struct ir_stm *s, const char *w,
                                const struct soac_input *in) {
  const struct ir_soac *so = &s->exp.u.soac;
  bool scan = so->kind == IR_SOAC_SCAN;
  int k = so->neutral_count;
  const char **acc = emit_accumulators(e, so);
  struct soac_output *out = ARENA_ARRAY(&e->arena, struct soac_output, k + 1);
  if (scan) {
    prepare_scan_outputs(e, s, acc, out, w);
  }
  declare_params(e, so->op);
  const char *i = open_loop(e, w);
  struct ir_subexp *rows = input_rows(e, so, in, i);
  emit_combine(e, so, acc, rows);
  for (int j = 0; scan && j < k; j++) {
    store_scan(e, &out[j], acc[j], i);
  }
  close_block(e);
  unscope_params(e, so->op);
  finish_reduce_or_scan(e, s, acc, scan ? out : NULL);
}

/* -------------------------------------------------- redomap, scanomap */

static void emit_redomap(struct emitter *e, const struct ir_stm *s, const char *w,
                         const struct soac_input *in) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  bool scan = so->kind == IR_SOAC_SCANOMAP;
  int k = so->neutral_count;
  const char **acc = emit_accumulators(e, so);
  struct soac_output *out = ARENA_ARRAY(&e->arena, struct soac_output, s->pat_count + 1);
  if (scan) {
    prepare_scan_outputs(e, s, acc, out, w);
  }
  for (int j = k; j < s->pat_count; j++) {
    prepare_output(e, &out[j], s->pat[j], f->ret[j], w);
  }
  const char *i = open_map_loop(e, so, so->op, in, w);
  struct emit_body st;
  pass_destinations(e, f->body, out, k, s->pat_count, i);
  emit_own_open(e, &st, f->body, NULL, 0);
  emit_c_body_stms(e, &st);
  end_destinations(e, f->body);
  emit_combine(e, so, acc, f->body->results);
  for (int j = 0; scan && j < k; j++) {
    store_scan(e, &out[j], acc[j], i);
  }
  for (int j = k; j < s->pat_count; j++) {
    write_output(e, &out[j], f->body->results[j], i);
  }
  close_map_loop(e, &st, so, so->op);
  for (int j = k; j < s->pat_count; j++) {
    finish_output(e, &out[j], w);
  }
  finish_reduce_or_scan(e, s, acc, scan ? out : NULL);
}

/* ------------------------------------------------------- scatter, hist */

/* Takes destination d into the pattern and makes it unique (copy-on-write). */
static const char *take_dest(struct emitter *e, const struct ir_stm *s, int d) {
  struct ir_var *y = s->pat[d], *x = s->exp.u.soac.dests[d];
  const char *yn = emit_c_var(e, y);
  emit_own_take(e, x, yn);
  emit_c_try(e, "rts_make_unique(ctx, &%s.mem, &%s.data, sizeof(%s), %d, %s.shape, %s)", yn,
             yn, elem(y->type.prim), y->type.rank, yn, where_of(e));
  const char *p = emit_c_tmp(e);
  emit_c_line(e, "%s *restrict %s = (%s *)%s.data;", elem(y->type.prim), p,
              elem(y->type.prim), yn);
  emit_c_line(e, "(void)%s;", p);
  return p;
}

/* Writes value `v` at the element or row given by `rank_d` indices into dest y, when
 * the indices are in bounds (Futhark ignores the others). */
static void scatter_write(struct emitter *e, struct ir_var *y, const char *p,
                          const struct ir_subexp *idx, int rank_d, struct ir_subexp v) {
  const char *yn = emit_c_var(e, y);
  struct strbuf cond, off;
  strbuf_init(&cond);
  strbuf_init(&off);
  for (int r = 0; r < rank_d; r++) {
    const char *ir = emit_c_printf(e, "(int64_t)%s", emit_c_subexp(e, idx[r]));
    strbuf_printf(&cond, "%s(uint64_t)%s < (uint64_t)%s.shape[%d]", r > 0 ? " && " : "", ir,
                  yn, r);
    const char *prev = r == 0 ? ir : emit_c_printf(e, "(%s) * %s.shape[%d] + %s", off.data,
                                                   yn, r, ir);
    strbuf_free(&off);
    strbuf_puts(&off, prev);
  }
  emit_c_line(e, "if (%s) {", cond.data);
  e->indent++;
  if (y->type.rank == rank_d) {
    emit_c_line(e, "%s[%s] = %s;", p, off.data, emit_c_subexp(e, v));
  } else {
    struct soac_output o = {y, ir_type_array(&e->arena, y->type.prim, y->type.rank - rank_d,
                                             y->type.dims + rank_d),
                            NULL, false};
    const char *vn = emit_c_subexp(e, v), *n = emit_c_elems(e, y, rank_d);
    struct strbuf c2;
    strbuf_init(&c2);
    for (int d = 0; d < o.row.rank; d++) {
      strbuf_printf(&c2, "%s%s.shape[%d] != %s.shape[%d]", d > 0 ? " || " : "", vn, d, yn,
                    d + rank_d);
    }
    emit_c_fail_if(e, c2.data,
                   "rts_shape_mismatch_error(ctx, %s, \"scatter: a value\", %d, %s.shape, %d, "
                   "%s.shape + %d)",
                   where_of(e), o.row.rank, vn, o.row.rank, yn, rank_d);
    emit_c_line(e, "memcpy(%s + (%s) * %s, %s.data, (size_t)%s * sizeof(%s));", p, off.data, n,
                vn, n, elem(y->type.prim));
    strbuf_free(&c2);
  }
  e->indent--;
  emit_c_line(e, "}");
  strbuf_free(&cond);
  strbuf_free(&off);
}

static void emit_scatter(struct emitter *e, const struct ir_stm *s, const char *w,
                         const struct soac_input *in) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  const char **p = ARENA_ARRAY(&e->arena, const char *, so->dest_count + 1);
  int index_count = 0;
  for (int d = 0; d < so->dest_count; d++) {
    p[d] = take_dest(e, s, d);
    index_count += (so->dest_ranks != NULL ? so->dest_ranks[d] : 1) *
                   (so->dest_writes != NULL ? so->dest_writes[d] : 1);
  }
  open_map_loop(e, so, NULL, in, w);
  struct emit_body st;
  emit_own_open(e, &st, f->body, NULL, 0);
  emit_c_body_stms(e, &st);
  const struct ir_subexp *res = f->body->results;
  for (int d = 0, first = 0, value = index_count; d < so->dest_count; d++) {
    int rank_d = so->dest_ranks != NULL ? so->dest_ranks[d] : 1;
    int writes = so->dest_writes != NULL ? so->dest_writes[d] : 1;
    for (int k = 0; k < writes; k++) {
      scatter_write(e, s->pat[d], p[d], res + first, rank_d, res[value++]);
      first += rank_d;
    }
  }
  close_map_loop(e, &st, so, NULL);
}

/* hist: dest[b] = op(dest[b], v) for each destination, when b is in bounds. */
static void hist_update(struct emitter *e, const struct ir_stm *s, const char **p,
                        const struct ir_subexp *res) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *op = so->op;
  int k = so->dest_count;
  const char *b = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = (int64_t)%s;", b, emit_c_subexp(e, res[0]));
  struct strbuf cond;
  strbuf_init(&cond);
  for (int d = 0; d < k; d++) {
    strbuf_printf(&cond, "%s(uint64_t)%s < (uint64_t)%s.shape[0]", d > 0 ? " && " : "", b,
                  emit_c_var(e, s->pat[d]));
  }
  emit_c_line(e, "if (%s) {", cond.data);
  strbuf_free(&cond);
  e->indent++;
  for (int d = 0; d < k; d++) {
    struct ir_var *y = s->pat[d], *a = op->params[d];
    const char *yn = emit_c_var(e, y), *an = emit_c_var(e, a);
    if (a->type.rank == 0) {
      emit_c_line(e, "%s = %s[%s];", an, p[d], b);
    } else {
      emit_c_line(e, "%s.mem = %s.mem;", an, yn);
      emit_c_line(e, "%s.data = %s + %s * %s;", an, p[d], b, emit_c_elems(e, y, 1));
      for (int r = 0; r < a->type.rank; r++) {
        emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", an, r, yn, r + 1);
      }
    }
    bind_value(e, op->params[k + d], res[1 + d]);
  }
  struct emit_body st;
  emit_own_open(e, &st, op->body, NULL, 0);
  emit_c_body_stms(e, &st);
  for (int d = 0; d < k; d++) {
    struct ir_var *y = s->pat[d];
    const char *r = emit_c_subexp(e, op->body->results[d]);
    if (y->type.rank == 1) {
      emit_c_line(e, "%s[%s] = %s;", p[d], b, r);
      continue;
    }
    const char *n = emit_c_elems(e, y, 1);
    emit_c_line(e, "memmove(%s + %s * %s, %s.data, (size_t)%s * sizeof(%s));", p[d], b, n, r,
                n, elem(y->type.prim));
  }
  emit_own_close(e, &st);
  e->indent--;
  emit_c_line(e, "}");
}

static void emit_hist(struct emitter *e, const struct ir_stm *s, const char *w,
                      const struct soac_input *in) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  const char **p = ARENA_ARRAY(&e->arena, const char *, so->dest_count + 1);
  for (int d = 0; d < so->dest_count; d++) {
    p[d] = take_dest(e, s, d);
  }
  open_map_loop(e, so, so->op, in, w);
  struct emit_body st;
  emit_own_open(e, &st, f->body, NULL, 0);
  emit_c_body_stms(e, &st);
  hist_update(e, s, p, f->body->results);
  close_map_loop(e, &st, so, so->op);
}

/* ------------------------------------------------------------ filter */

/* The input whose row a kept value is (the value is a parameter of map_fn bound to a
 * row of that input), or -1 for a value computed in map_fn (a scalar). */
static int filter_source(const struct ir_soac *so, struct ir_subexp v) {
  for (int k = 0; v.kind == IR_SE_VAR && k < so->input_count; k++) {
    if (so->map_fn->params[k] == v.u.var) {
      return k;
    }
  }
  return -1;
}

/* filter: map_fn gives (keep, values...); the outputs have the input's width as capacity
 * and the count of kept elements as their outer size. */
static void emit_filter(struct emitter *e, const struct ir_stm *s, const char *w,
                        const struct soac_input *in) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  int outputs = s->pat_count - 1;
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "int64_t %s = 0;", n);
  for (int j = 0; j < outputs; j++) {
    struct ir_var *y = s->pat[1 + j];
    int k = filter_source(so, f->body->results[1 + j]);
    const char *yn = emit_c_var(e, y);
    if (k < 0 && y->type.rank != 1) {
      ICE("emit_c", s->loc, "a filter keeps computed values that are arrays");
    }
    emit_c_line(e, "%s.shape[0] = %s;", yn, w);
    for (int d = 1; d < y->type.rank; d++) {
      emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", yn, d, emit_c_var(e, so->inputs[k]), d);
    }
    alloc_output(e, y);
  }
  const char *i = open_map_loop(e, so, NULL, in, w);
  struct emit_body st;
  emit_own_open(e, &st, f->body, NULL, 0);
  emit_c_body_stms(e, &st);
  emit_c_line(e, "if (%s) {", emit_c_subexp(e, f->body->results[0]));
  for (int j = 0; j < outputs; j++) {
    struct ir_var *y = s->pat[1 + j];
    const char *t = elem(y->type.prim);
    int k = filter_source(so, f->body->results[1 + j]);
    if (k < 0) {
      emit_c_line(e, "  ((%s *)%s.data)[%s] = %s;", t, emit_c_var(e, y), n,
                  emit_c_subexp(e, f->body->results[1 + j]));
      continue;
    }
    emit_c_line(e, "  memcpy((%s *)%s.data + %s * %s, %s + %s * %s, (size_t)%s * sizeof(%s));",
                t, emit_c_var(e, y), n, in[k].row_elems, in[k].ptr, i, in[k].row_elems,
                in[k].row_elems, t);
  }
  emit_c_line(e, "  %s++;", n);
  emit_c_line(e, "}");
  close_map_loop(e, &st, so, NULL);
  emit_c_line(e, "%s = %s;", emit_c_var(e, s->pat[0]), n);
  for (int j = 0; j < outputs; j++) {
    emit_c_line(e, "%s.shape[0] = %s;", emit_c_var(e, s->pat[1 + j]), n);
  }
}

/* ------------------------------------------------------------ Dispatch */

void emit_c_soac(struct emitter *e, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  emit_c_line(e, "{ /* %s */", ir_soac_kind_name(so->kind));
  e->indent++;
  const char *w = emit_width(e, so);
  const struct soac_input *in = emit_inputs(e, so, w);
  switch (so->kind) {
  case IR_SOAC_MAP:
    emit_map(e, s, w, in);
    break;
  case IR_SOAC_REDUCE:
  case IR_SOAC_SCAN:
    emit_reduce_or_scan(e, s, w, in);
    break;
  case IR_SOAC_REDOMAP:
  case IR_SOAC_SCANOMAP:
    emit_redomap(e, s, w, in);
    break;
  case IR_SOAC_SCATTER:
    emit_scatter(e, s, w, in);
    break;
  case IR_SOAC_HIST:
    emit_hist(e, s, w, in);
    break;
  case IR_SOAC_FILTER:
    emit_filter(e, s, w, in);
    break;
  }
  e->indent--;
  emit_c_line(e, "}");
}
