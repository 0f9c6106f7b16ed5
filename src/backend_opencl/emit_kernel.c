/* Kernel code: the statements of a lambda (lower.h's "kernel code") as OpenCL C.
 *
 * Scalars are emitted by the C backend's own scalar emitter (emit_exp.c) in kernel
 * mode, so both backends compute with the same functions (rts/c/scalar.h, which also
 * compiles as OpenCL C). Arrays inside a kernel are views of global memory: a pointer
 * and one length per dimension (struct cl_view), registered by variable id; indexing
 * reads through the pointer, and a fixed index of fewer dimensions than the rank makes
 * a new view. Small arrays that kernel code makes are private arrays instead, one
 * scalar variable per element (emit_private.c). A failed check reports its message id
 * to the error buffer (rts_kernel_fail, rts/opencl/prelude.cl) and takes the kernel's
 * failure action (emit_cl.fail_action): `return;` in kernels without barriers, a jump
 * past the rest of the element otherwise.
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"
#include "ir/util.h"

/* ------------------------------------------------------------ Text */

const char *cl_elem_type(enum prim_type t) {
  return t == PRIM_BOOL ? "uchar" : emit_c_elem_type(t);
}

/* ------------------------------------------------------------ Messages */

int cl_push_string(struct emitter *e, const char ***items, int *count, int *cap,
                   const char *text) {
  if (*count == *cap) {
    *cap = *cap == 0 ? 16 : 2 * *cap;
    const char **grown = ARENA_ARRAY(&e->arena, const char *, *cap);
    if (*count > 0) {
      memcpy(grown, *items, (size_t)*count * sizeof *grown);
    }
    *items = grown;
  }
  (*items)[(*count)++] = text;
  return *count;
}

/* A message's text is a format of the failure's arguments (%lld), so the notes' own
 * percent signs (in file names) are doubled. */
int cl_message(struct emitter *e, const char *text) {
  struct emit_cl *cl = cl_state(e);
  if (cl->notes_text[0] != '\0') {
    struct strbuf b;
    strbuf_init(&b);
    strbuf_printf(&b, "%s\n", text);
    for (const char *p = cl->notes_text; *p != '\0'; p++) {
      strbuf_printf(&b, *p == '%' ? "%%%%" : "%c", *p);
    }
    text = emit_c_printf(e, "%s", b.data);
    strbuf_free(&b);
  }
  return cl_push_string(e, &cl->messages, &cl->message_count, &cl->message_cap, text);
}

void cl_set_where(struct emitter *e, const struct ir_stm *s) {
  cl_state(e)->where_text = emit_c_printf(e, "%s", loc_format(s->loc));
  cl_state(e)->notes_text = ir_trace_notes(&e->arena, s->trace);
}

void cl_fail_with(struct emitter *e, const char *cond, int id, const char *const *args,
                  int nargs) {
  const char *a[4] = {"0", "0", "0", "0"};
  for (int i = 0; i < nargs && i < 4; i++) {
    a[i] = args[i];
  }
  emit_c_line(e, "if (%s) {", cond);
  emit_c_line(e, "  rts_kernel_fail(errbuf, %d, (long)(%s), (long)(%s), (long)(%s), (long)(%s));",
          id, a[0], a[1], a[2], a[3]);
  emit_c_line(e, "  %s", cl_state(e)->fail_action);
  emit_c_line(e, "}");
}

void emit_cl_check(struct emitter *e, const char *cond, const char *message) {
  int id = cl_message(e, emit_c_printf(e, "%s: error: %s", cl_state(e)->where_text, message));
  cl_fail_with(e, cond, id, NULL, 0);
}

void emit_cl_check_value(struct emitter *e, const char *cond, const char *message,
                         const char *value) {
  int id = cl_message(e, emit_c_printf(e, "%s: error: %s", cl_state(e)->where_text, message));
  cl_fail_with(e, cond, id, &value, 1);
}

void cl_check_widths(struct emitter *e, const struct ir_soac *so, const char *w,
                     const char *where, bool skip_failed) {
  for (int k = 0; k < so->input_count; k++) {
    const struct cl_view *v = cl_view_of(e, so->inputs[k]);
    const char *args[2] = {v->dims[0], w};
    int id = cl_message(e, emit_c_printf(e,
                                         "%s: error: an input of %s has outer size %%lld, not "
                                         "the width %%lld",
                                         where, ir_soac_kind_name(so->kind)));
    const char *cond = emit_c_printf(e, "%s != %s", v->dims[0], w);
    cl_fail_with(e, skip_failed ? emit_c_printf(e, "!failed && %s", cond) : cond, id, args, 2);
  }
}

/* ------------------------------------------------------------ Views */

struct cl_view *cl_view_of(struct emitter *e, const struct ir_var *v) {
  struct cl_view *w = cl_state(e)->views[v->id];
  if (w == NULL) {
    diag_ice("emit_opencl", (struct loc){0}, "array %s has no view in the kernel",
             emit_c_var(e, v));
  }
  return w;
}

void cl_set_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                 const char *const *dims) {
  struct cl_view *w = ARENA_NEW(&e->arena, struct cl_view);
  w->ptr = ptr;
  w->rank = v->type.rank;
  w->dims = ARENA_ARRAY(&e->arena, const char *, w->rank + 1);
  for (int d = 0; d < w->rank; d++) {
    w->dims[d] = dims[d];
  }
  cl_state(e)->views[v->id] = w;
}

/* A view whose dimension d steps strides[d] elements: an array read through a transposed
 * copy of it (Note [coalescing transposes] in src/lower/coalesce.c). NULL strides: the
 * row-major view of cl_set_view. */
void cl_set_strided_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                         const char *const *dims, const char *const *strides) {
  cl_set_view(e, v, ptr, dims);
  if (strides == NULL) {
    return;
  }
  struct cl_view *w = cl_state(e)->views[v->id];
  w->strides = ARENA_ARRAY(&e->arena, const char *, w->rank + 1);
  for (int d = 0; d < w->rank; d++) {
    w->strides[d] = strides[d];
  }
}

/* The offset in elements of row (or element) i of the view's outer dimension. */
const char *cl_view_row(struct emitter *e, const struct cl_view *w, const char *i) {
  if (w->strides != NULL) {
    return emit_c_printf(e, "(%s) * %s", i, w->strides[0]);
  }
  if (w->rank <= 1) {
    return i;
  }
  return emit_c_printf(e, "(%s) * %s", i, cl_view_elems(e, w, 1));
}

/* The elements of one row of dimension `from` on: a product of the view's lengths. */
const char *cl_view_elems(struct emitter *e, const struct cl_view *w, int from) {
  if (from >= w->rank) {
    return "1";
  }
  struct strbuf b;
  strbuf_init(&b);
  for (int d = from; d < w->rank; d++) {
    strbuf_printf(&b, "%s%s", d > from ? " * " : "", w->dims[d]);
  }
  const char *r = emit_c_printf(e, "(%s)", b.data);
  strbuf_free(&b);
  return r;
}

/* Declares a view variable of v's rank pointing at `ptr`, with dims from `dims` (and
 * strides from `strides`, when not NULL). */
static void declare_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                         const char *const *dims, const char *const *strides) {
  const char *name = emit_c_var(e, v);
  emit_c_line(e, "__global %s *%s = %s;", cl_elem_type(v->type.prim), name, ptr);
  const char **dn = ARENA_ARRAY(&e->arena, const char *, v->type.rank + 1);
  const char **sn = ARENA_ARRAY(&e->arena, const char *, v->type.rank + 1);
  for (int d = 0; d < v->type.rank; d++) {
    dn[d] = emit_c_printf(e, "%s_d%d", name, d);
    emit_c_line(e, "const long %s = %s;", dn[d], dims[d]);
  }
  for (int d = 0; strides != NULL && d < v->type.rank; d++) {
    sn[d] = emit_c_printf(e, "%s_s%d", name, d);
    emit_c_line(e, "const long %s = %s;", sn[d], strides[d]);
  }
  emit_c_line(e, "(void)%s;", name);
  cl_set_strided_view(e, v, name, dn, strides != NULL ? sn : NULL);
}

void cl_declare_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                     const char *const *dims) {
  declare_view(e, v, ptr, dims, NULL);
}

/* Binds parameter p to element or row `i` of view w. */
void cl_bind_row(struct emitter *e, struct ir_var *p, const struct cl_view *w, const char *i) {
  if (p->type.rank == 0) {
    emit_c_line(e, "%s %s = (%s)%s[%s];", emit_c_elem_type(p->type.prim), emit_c_var(e, p),
            emit_c_elem_type(p->type.prim), w->ptr, cl_view_row(e, w, i));
    return;
  }
  const char *ptr = emit_c_printf(e, "%s + %s", w->ptr, cl_view_row(e, w, i));
  declare_view(e, p, ptr, w->dims + 1, w->strides != NULL ? w->strides + 1 : NULL);
}

void cl_bind_map_rows(struct emitter *e, const struct ir_soac *so, const char *i) {
  const struct ir_lambda *f = so->map_fn;
  for (int k = 0; k < so->input_count; k++) {
    cl_bind_row(e, f->params[k], cl_view_of(e, so->inputs[k]), i);
  }
  if (f->index != NULL) {
    emit_c_line(e, "const %s %s = %s;", emit_c_var_type(e, f->index), emit_c_var(e, f->index), i);
  }
}

/* ------------------------------------------------------------ Statements */

static void declare_scalar(struct emitter *e, const struct ir_var *v) {
  emit_c_line(e, "%s %s = 0;", emit_c_var_type(e, v), emit_c_var(e, v));
}

/* The condition of a loop of kernel code: it stops early after a failure in group
 * code (the guard is the same on every work-item there). */
static const char *loop_cond(struct emitter *e, const char *cond) {
  if (cl_state(e)->guard == NULL) {
    return cond;
  }
  return emit_c_printf(e, "%s && !%s", cond, cl_state(e)->guard);
}

/* The offset of element idx[0..count) of a strided view: the indices times the strides. */
static const char *strided_offset(struct emitter *e, const struct cl_view *w,
                                  const char *const *idx, int count) {
  struct strbuf b;
  strbuf_init(&b);
  for (int d = 0; d < count; d++) {
    strbuf_printf(&b, "%s%s * %s", d > 0 ? " + " : "", idx[d], w->strides[d]);
  }
  const char *r = emit_c_printf(e, "(%s)", count > 0 ? b.data : "0");
  strbuf_free(&b);
  return r;
}

/* A length that is a constant: its decimal digits (private arrays' lengths are). */
static bool is_number(const char *text) {
  return text[0] != '\0' && strspn(text, "0123456789") == strlen(text);
}

void cl_check_index(struct emitter *e, const struct ir_stm *s, const char *const *idx,
                    int count, const char *const *dims, int rank) {
  if (s->unsafe || count == 0) {
    return;
  }
  struct strbuf cond, msg;
  strbuf_init(&cond);
  strbuf_init(&msg);
  const char *args[4];
  int nargs = 0, variable = 0;
  strbuf_printf(&msg, "%s: error: index [", cl_state(e)->where_text);
  for (int d = 0; d < count; d++) {
    strbuf_printf(&cond, "%s(ulong)%s >= (ulong)%s", d > 0 ? " || " : "", idx[d], dims[d]);
    strbuf_printf(&msg, "%s%%lld", d > 0 ? ", " : "");
    if (nargs < 4) {
      args[nargs++] = idx[d];
    }
  }
  strbuf_puts(&msg, "] out of bounds for array of shape ");
  for (int d = 0; d < rank; d++) {
    variable += is_number(dims[d]) ? 0 : 1;
  }
  /* Constant lengths go into the message, the others are arguments (four at most). */
  if (count + variable <= 4) {
    for (int d = 0; d < rank; d++) {
      if (is_number(dims[d])) {
        strbuf_printf(&msg, "[%s]", dims[d]);
      } else {
        strbuf_puts(&msg, "[%lld]");
        args[nargs++] = dims[d];
      }
    }
  } else {
    strbuf_printf(&msg, "of rank %d", rank);
  }
  int id = cl_message(e, emit_c_printf(e, "%s", msg.data));
  cl_fail_with(e, cond.data, id, args, nargs);
  strbuf_free(&msg);
  strbuf_free(&cond);
}

static void emit_index(struct emitter *e, const struct ir_stm *s) {
  const struct ir_var *a = s->exp.u.index.array;
  const struct cl_view *w = cl_view_of(e, a);
  int count = s->exp.u.index.count;
  const char **idx = ARENA_ARRAY(&e->arena, const char *, count + 1);
  struct strbuf lin;
  strbuf_init(&lin);
  for (int d = 0; d < count; d++) {
    struct ir_subexp i = s->exp.u.index.dims[d].fixed;
    /* a narrow index addresses a row on its own: no widening (Note [narrow indices]) */
    idx[d] = emit_c_printf(e, count == 1 && emit_c_narrow(e, i) ? "%s" : "(long)%s",
                           emit_c_subexp(e, i));
    if (d == 0) {
      strbuf_printf(&lin, "%s", idx[d]);
    } else {
      const char *prev = emit_c_printf(e, "%s", lin.data);
      strbuf_free(&lin);
      strbuf_init(&lin);
      strbuf_printf(&lin, "(%s) * %s + %s", prev, w->dims[d], idx[d]);
    }
  }
  cl_check_index(e, s, idx, count, w->dims, w->rank);
  const char *offset = count > 0 ? lin.data : "0";
  if (w->strides != NULL) {
    offset = strided_offset(e, w, idx, count);
  }
  const struct ir_var *y = s->pat[0];
  if (y->type.rank == 0 && cl_state(e)->guard != NULL) {
    declare_scalar(e, y);
    emit_c_line(e, "if (!%s) {", cl_state(e)->guard);
    emit_c_line(e, "  %s = (%s)%s[%s];", emit_c_var(e, y), emit_c_elem_type(y->type.prim), w->ptr,
                offset);
    emit_c_line(e, "}");
  } else if (y->type.rank == 0) {
    emit_c_line(e, "%s %s = (%s)%s[%s];", emit_c_elem_type(y->type.prim), emit_c_var(e, y),
            emit_c_elem_type(y->type.prim), w->ptr, offset);
  } else if (w->strides != NULL) {
    declare_view(e, y, emit_c_printf(e, "%s + %s", w->ptr, offset), w->dims + count,
                 w->strides + count);
  } else {
    const char *ptr = emit_c_printf(e, "%s + (%s) * %s", w->ptr, offset,
                                    cl_view_elems(e, w, count));
    cl_declare_view(e, y, ptr, w->dims + count);
  }
  strbuf_free(&lin);
}

static void emit_shape(struct emitter *e, const struct ir_stm *s) {
  const struct ir_var *a = s->exp.u.shape.array;
  if (cl_private_of(e, a) != NULL) {
    emit_c_line(e, "%s = %s;", emit_c_var(e, s->pat[0]),
                emit_c_subexp(e, a->type.dims[s->exp.u.shape.dim]));
    return;
  }
  const struct cl_view *w = cl_view_of(e, a);
  emit_c_line(e, "%s = %s;", emit_c_var(e, s->pat[0]), w->dims[s->exp.u.shape.dim]);
}

static void emit_assert(struct emitter *e, const struct ir_stm *s) {
  const char *msg =
      s->exp.u.assert_.message != NULL ? s->exp.u.assert_.message : "assertion failed";
  struct strbuf escaped; /* the message is a format of rts_cl_format_failure */
  strbuf_init(&escaped);
  for (const char *p = msg; *p != '\0'; p++) {
    strbuf_printf(&escaped, *p == '%' ? "%%%%" : "%c", *p);
  }
  emit_cl_check(e, emit_c_printf(e, "!(%s)", emit_c_subexp(e, s->exp.u.assert_.cond)),
                emit_c_printf(e, "%s", escaped.data));
  strbuf_free(&escaped);
}

/* The results of body b assigned to `to` (scalars and private arrays). */
static void assign_results(struct emitter *e, const struct ir_body *b, struct ir_var *const *to,
                           int n) {
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < ir_type_const_elems(to[i]->type); k++) {
      emit_c_line(e, "%s = %s;", cl_lvalue(e, to[i], k), cl_element(e, b->results[i], k));
    }
  }
}

static void emit_if(struct emitter *e, const struct ir_stm *s) {
  emit_c_line(e, "if (%s) {", emit_c_subexp(e, s->exp.u.if_.cond));
  e->indent++;
  cl_kernel_body(e, s->exp.u.if_.then_body);
  assign_results(e, s->exp.u.if_.then_body, s->pat, s->pat_count);
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  cl_kernel_body(e, s->exp.u.if_.else_body);
  assign_results(e, s->exp.u.if_.else_body, s->pat, s->pat_count);
  e->indent--;
  emit_c_line(e, "}");
}

/* The loop's parameters get the body's results at the end of each pass, through
 * temporaries (a result may read another parameter). */
static void next_params(struct emitter *e, const struct ir_loop *l) {
  const char ***tmp = ARENA_ARRAY(&e->arena, const char **, l->param_count + 1);
  for (int i = 0; i < l->param_count; i++) {
    int n = ir_type_const_elems(l->params[i]->type);
    tmp[i] = ARENA_ARRAY(&e->arena, const char *, n + 1);
    for (int k = 0; k < n; k++) {
      tmp[i][k] = emit_c_tmp(e);
      emit_c_line(e, "const %s %s = %s;", emit_c_elem_type(l->params[i]->type.prim), tmp[i][k],
                  cl_element(e, l->body->results[i], k));
    }
  }
  for (int i = 0; i < l->param_count; i++) {
    for (int k = 0; k < ir_type_const_elems(l->params[i]->type); k++) {
      emit_c_line(e, "%s = %s;", cl_lvalue(e, l->params[i], k), tmp[i][k]);
    }
  }
}

static void emit_loop(struct emitter *e, const struct ir_stm *s) {
  const struct ir_loop *l = &s->exp.u.loop;
  for (int i = 0; i < l->param_count; i++) {
    cl_define(e, l->params[i], l->inits[i]);
  }
  if (l->is_while) {
    emit_c_line(e, "while (%s) {", loop_cond(e, emit_c_var(e, l->cond)));
  } else {
    const char *t = emit_c_elem_type(l->index->type.prim), *i = emit_c_var(e, l->index);
    const char *bound = emit_c_tmp(e);
    emit_c_line(e, "const %s %s = %s;", t, bound, emit_c_subexp(e, l->bound));
    /* the index stays i64 even when narrow: an induction variable that addresses
     * memory through i64 strides (Note [narrow indices]) */
    emit_c_line(e, "for (%s %s = 0; %s; %s++) {", t, i,
                loop_cond(e, emit_c_printf(e, "%s < %s", i, bound)), i);
  }
  e->indent++;
  cl_kernel_body(e, l->body);
  next_params(e, l);
  e->indent--;
  emit_c_line(e, "}");
  for (int i = 0; i < s->pat_count; i++) {
    for (int k = 0; k < ir_type_const_elems(s->pat[i]->type); k++) {
      emit_c_line(e, "%s = %s;", cl_lvalue(e, s->pat[i], k), cl_lvalue(e, l->params[i], k));
    }
  }
}

/* Applies op to accumulators `acc` and values `vals` (scalars), into `acc`. */
void cl_combine(struct emitter *e, const struct ir_lambda *op, const char *const *acc,
                const char *const *vals) {
  int k = op->param_count / 2;
  emit_c_line(e, "{");
  e->indent++;
  for (int i = 0; i < k; i++) {
    const char *t = emit_c_elem_type(op->params[i]->type.prim);
    emit_c_line(e, "%s %s = %s;", t, emit_c_var(e, op->params[i]), acc[i]);
    emit_c_line(e, "%s %s = %s;", t, emit_c_var(e, op->params[k + i]), vals[i]);
  }
  cl_kernel_body(e, op->body);
  for (int i = 0; i < k; i++) {
    emit_c_line(e, "%s = %s;", acc[i], emit_c_subexp(e, op->body->results[i]));
  }
  e->indent--;
  emit_c_line(e, "}");
}

/* The rest of an application of f once its parameters are bound: its index is i, the
 * elements of its result r go to the variables res[r]; closes the block that the caller
 * opened. */
static void apply_bound(struct emitter *e, const struct ir_lambda *f, const char *i,
                        const char *const *const *res) {
  if (f->index != NULL) {
    emit_c_line(e, "const %s %s = %s;", emit_c_var_type(e, f->index), emit_c_var(e, f->index), i);
  }
  cl_kernel_body(e, f->body);
  for (int r = 0; r < f->ret_count; r++) {
    for (int k = 0; k < ir_type_const_elems(f->ret[r]); k++) {
      emit_c_line(e, "%s = %s;", res[r][k], cl_element(e, f->body->results[r], k));
    }
  }
  e->indent--;
  emit_c_line(e, "}");
}

void cl_apply_map_fn_at(struct emitter *e, const struct ir_soac *so, const char *i, int j,
                        const char *const *const *res) {
  const struct ir_lambda *f = so->map_fn;
  emit_c_line(e, "{");
  e->indent++;
  for (int k = 0; k < so->input_count; k++) {
    cl_bind_input(e, f->params[k], so->inputs[k], i, j);
  }
  apply_bound(e, f, i, res);
}

/* res[r] as the list of result r's variables (scalar results: one each). */
static const char *const *const *result_lists(struct emitter *e, const struct ir_lambda *f,
                                              const char *const *res) {
  const char *const **lists = ARENA_ARRAY(&e->arena, const char *const *, f->ret_count + 1);
  for (int r = 0; r < f->ret_count; r++) {
    lists[r] = &res[r];
  }
  return lists;
}

/* The same for element `i` whose inputs' values are the expressions `args` (map_fn's
 * parameters and results are scalars). */
void cl_apply_map_fn_args(struct emitter *e, const struct ir_soac *so, const char *const *args,
                          const char *i, const char *const *res) {
  const struct ir_lambda *f = so->map_fn;
  emit_c_line(e, "{");
  e->indent++;
  for (int k = 0; k < so->input_count; k++) {
    const char *t = emit_c_elem_type(f->params[k]->type.prim);
    emit_c_line(e, "%s %s = (%s)%s;", t, emit_c_var(e, f->params[k]), t, args[k]);
  }
  apply_bound(e, f, i, result_lists(e, f, res));
}

/* Evaluates map_fn on element `i` of the SOAC's inputs (views), leaving its results in
 * the variables `res` (declared by the caller). */
void cl_apply_map_fn(struct emitter *e, const struct ir_soac *so, const char *i,
                     const char *const *res) {
  cl_apply_map_fn_at(e, so, i, -1, result_lists(e, so->map_fn, res));
}

/* The values of element i for op: map_fn's first results, or the inputs' elements. */
const char **cl_reduction_values(struct emitter *e, const struct ir_soac *so, const char *i,
                                 bool declare) {
  int k = so->neutral_count;
  const char **vals = ARENA_ARRAY(&e->arena, const char *, (so->map_fn != NULL
                                                                ? so->map_fn->ret_count
                                                                : k) + 1);
  if (so->map_fn != NULL) {
    for (int r = 0; r < so->map_fn->ret_count; r++) {
      vals[r] = emit_c_tmp(e);
      if (declare) {
        emit_c_line(e, "%s %s;", emit_c_elem_type(so->map_fn->ret[r].prim), vals[r]);
      }
    }
    cl_apply_map_fn(e, so, i, vals);
    return vals;
  }
  for (int r = 0; r < k; r++) {
    const struct cl_view *w = cl_view_of(e, so->inputs[r]);
    vals[r] = emit_c_printf(e, "(%s)%s[%s]", emit_c_elem_type(so->inputs[r]->type.prim), w->ptr,
                            cl_view_row(e, w, i));
  }
  return vals;
}

/* An inner reduction, run sequentially by the work-item. */
static void emit_sequential_reduction(struct emitter *e, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char **acc = ARENA_ARRAY(&e->arena, const char *, so->neutral_count + 1);
  for (int r = 0; r < so->neutral_count; r++) {
    acc[r] = emit_c_var(e, s->pat[r]);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(s->pat[r]->type.prim), acc[r],
            emit_c_subexp(e, so->neutral[r]));
  }
  const char *w = emit_c_tmp(e), *i = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", w, emit_c_subexp(e, so->width));
  cl_check_widths(e, so, w, cl_state(e)->where_text, false);
  emit_c_line(e, "for (long %s = 0; %s; %s++) {", i,
              loop_cond(e, emit_c_printf(e, "%s < %s", i, w)), i);
  e->indent++;
  const char **vals = cl_reduction_values(e, so, i, true);
  cl_combine(e, so->op, acc, vals);
  e->indent--;
  emit_c_line(e, "}");
}

/* Note [failures in group code]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Group code's scalar statements run on every work-item of the group, and after a
 * failure (the group's flag `gf`, Note [intra-group kernels] in cl_intra.c) the group
 * goes on to the next barrier with whatever values it has. Only what could go wrong on
 * such values is skipped (`if (!gf)`): reading an array (the index may be out of
 * bounds once its computation failed) and the arithmetic that checks its operands
 * (ir_stm_may_fail: an integer division, whose divisor may be the zero that the failed
 * check found, and an integer ** whose exponent may be negative). Other arithmetic is
 * total (rts/c/scalar.h), so it runs unguarded: a guard on every statement kept
 * NVIDIA's compiler from simplifying the scalar code between barriers, and an FFT's
 * group kernel spent half its time there (an H200, bench/fft-opencl). */

static void kernel_stm(struct emitter *e, const struct ir_stm *s) {
  const char *saved = cl_state(e)->where_text, *saved_notes = cl_state(e)->notes_text;
  cl_set_where(e, s);
  switch (s->exp.kind) {
  case IR_SUBEXP:
    if (s->pat[0]->type.rank > 0) {
      cl_private_stm(e, s);
      break;
    }
    /* fall through */
  case IR_UNOP:
  case IR_BINOP:
  case IR_CONVERT:
    declare_scalar(e, s->pat[0]);
    if (cl_state(e)->guard != NULL && ir_stm_may_fail(s)) {
      emit_c_line(e, "if (!%s) {", cl_state(e)->guard);
      e->indent++;
      emit_c_scalar_exp(e, s);
      e->indent--;
      emit_c_line(e, "}");
    } else {
      emit_c_scalar_exp(e, s);
    }
    break;
  case IR_SHAPE:
    declare_scalar(e, s->pat[0]);
    emit_shape(e, s);
    break;
  case IR_INDEX:
    if (cl_private_of(e, s->exp.u.index.array) != NULL) {
      cl_private_stm(e, s);
    } else {
      emit_index(e, s);
    }
    break;
  case IR_ASSERT:
    emit_assert(e, s);
    break;
  case IR_IF:
    for (int i = 0; i < s->pat_count; i++) {
      cl_define(e, s->pat[i], ir_se_none());
    }
    emit_if(e, s);
    break;
  case IR_LOOP:
    for (int i = 0; i < s->pat_count; i++) {
      cl_define(e, s->pat[i], ir_se_none());
    }
    emit_c_line(e, "{");
    e->indent++;
    emit_loop(e, s);
    e->indent--;
    emit_c_line(e, "}");
    break;
  case IR_SOAC:
    if (cl_is_unrolled_soac(e, s)) {
      cl_unrolled_soac(e, s);
    } else {
      emit_sequential_reduction(e, s);
    }
    break;
  default:
    if (s->pat_count == 1 && s->pat[0]->type.rank > 0) {
      cl_private_stm(e, s); /* the other statements that make arrays make private ones */
      break;
    }
    diag_ice("emit_opencl", s->loc, "statement of kind %s in kernel code",
             ir_exp_kind_name(s->exp.kind));
  }
  cl_state(e)->where_text = saved;
  cl_state(e)->notes_text = saved_notes;
}

void cl_kernel_body(struct emitter *e, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    diag_checkpoint(b->stms[i]->loc);
    kernel_stm(e, b->stms[i]);
  }
}
