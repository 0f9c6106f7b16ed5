/* The rows form (lower.h; Note [rows of known length] in src/lower/forms.c): a map whose
 * elements are rows of lengths known before the kernel, over the flattened rows. Each
 * element of the map has s + 1 work-items, s the sum of its rows' lengths (the kernel
 * argument `s`, each row's length `mR` for result R): work-item j < s writes element j
 * of the rows laid one after the other, the last one the scalar results. Each runs the
 * body's kernel code, skipping the statements that make the rows (the kernel IR lists
 * them), checks its rows' lengths and evaluates its one element. This follows the
 * flattening of Blelloch's NESL, as map2 does for a map of a map. Rows whose lengths
 * the pattern does not know take those of element 0's rows, which a `_sizes` kernel
 * of one work-item computes first and leaves in the error buffer's result slots.
 */
#include "backend_opencl/cl_internal.h"

/* The statement of k that makes row v, or NULL (v is a view or a private array). */
static const struct ir_stm *maker_of(const struct lower_kernel *k, const struct ir_var *v) {
  for (int i = 0; i < k->row_count; i++) {
    if (k->rows[i]->pat[0] == v) {
      return k->rows[i];
    }
  }
  return NULL;
}

static const char *row_length(struct emitter *e, const struct lower_kernel *k,
                              const struct ir_var *v);
static void row_element(struct emitter *e, const struct lower_kernel *k, const struct ir_var *v,
                        const char *o, const char *to);

/* The length of an array of one dimension that kernel code holds: a private array's, or
 * a view's. */
static const char *length_of(struct emitter *e, const struct ir_var *v) {
  const struct cl_private *a = cl_private_of(e, v);
  if (a != NULL) {
    return emit_c_printf(e, "%d", a->count);
  }
  return cl_view_of(e, v)->dims[0];
}

/* Element o (a C expression within the length) of such an array: a view's, or a private
 * array's through a chain of selects. */
static const char *element_of(struct emitter *e, const struct ir_var *v, const char *o) {
  const char *t = emit_c_elem_type(v->type.prim);
  const struct cl_private *a = cl_private_of(e, v);
  if (a == NULL) {
    const struct cl_view *w = cl_view_of(e, v);
    return emit_c_printf(e, "(%s)%s[%s]", t, w->ptr, cl_view_row(e, w, o));
  }
  if (a->count == 0) {
    return emit_c_printf(e, "(%s)0", t);
  }
  const char *chain = a->elems[a->count - 1];
  for (int k = a->count - 2; k >= 0; k--) {
    chain = emit_c_printf(e, "(%s == %d ? %s : %s)", o, k, a->elems[k], chain);
  }
  return chain;
}

/* The length of row v, as the statement that makes it says. */
static const char *row_length(struct emitter *e, const struct lower_kernel *k,
                              const struct ir_var *v) {
  const struct ir_stm *s = maker_of(k, v);
  if (s == NULL) {
    return length_of(e, v);
  }
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_CONCAT: {
    struct strbuf b;
    strbuf_init(&b);
    for (int i = 0; i < x->u.concat.count; i++) {
      strbuf_printf(&b, "%s%s", i > 0 ? " + " : "", row_length(e, k, x->u.concat.arrays[i]));
    }
    const char *sum = emit_c_printf(e, "(%s)", b.len > 0 ? b.data : "0");
    strbuf_free(&b);
    return sum;
  }
  case IR_REPLICATE:
    return emit_c_printf(e, "(long)%s", cl_element(e, x->u.replicate.dims[0], 0));
  case IR_IOTA:
    return emit_c_printf(e, "(long)%s", cl_element(e, x->u.iota.n, 0));
  case IR_COPY:
    return row_length(e, k, x->u.copy);
  case IR_SOAC:
    return emit_c_printf(e, "(long)%s", cl_element(e, x->u.soac.width, 0));
  default:
    diag_ice("emit_opencl", s->loc, "a row made by a statement the rows form does not cover");
  }
}

/* Element o of a concat's pieces into `to`: the piece that holds it. */
static void concat_element(struct emitter *e, const struct lower_kernel *k,
                           const struct ir_exp *x, const char *o, const char *to) {
  int n = x->u.concat.count;
  const char *p = emit_c_tmp(e);
  emit_c_line(e, "long %s = %s;", p, o);
  for (int i = 0; i < n; i++) {
    const struct ir_var *a = x->u.concat.arrays[i];
    const char *len = row_length(e, k, a);
    if (i + 1 < n) {
      emit_c_line(e, "if (%s < %s) {", p, len);
      e->indent++;
    }
    row_element(e, k, a, p, to);
    if (i + 1 < n) {
      e->indent--;
      emit_c_line(e, "} else {");
      e->indent++;
      emit_c_line(e, "%s -= %s;", p, len);
    }
  }
  for (int i = 0; i + 1 < n; i++) {
    e->indent--;
    emit_c_line(e, "}");
  }
}

/* Element o of an inner map's row into `to`: its lambda at its inputs' elements o. */
static void map_element(struct emitter *e, const struct lower_kernel *k,
                        const struct ir_soac *so, const char *o, const char *to) {
  const char **args = ARENA_ARRAY(&e->arena, const char *, so->input_count + 1);
  for (int i = 0; i < so->input_count; i++) {
    const struct ir_var *x = so->inputs[i];
    args[i] = emit_c_tmp(e);
    emit_c_line(e, "%s %s;", emit_c_elem_type(x->type.prim), args[i]);
    row_element(e, k, x, o, args[i]);
  }
  cl_apply_map_fn_args(e, so, args, o, &to);
}

/* Element o of row v into the variable `to`. */
static void row_element(struct emitter *e, const struct lower_kernel *k, const struct ir_var *v,
                        const char *o, const char *to) {
  const struct ir_stm *s = maker_of(k, v);
  const char *t = emit_c_elem_type(v->type.prim);
  if (s == NULL) {
    emit_c_line(e, "%s = %s;", to, element_of(e, v, o));
    return;
  }
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_CONCAT:
    concat_element(e, k, x, o, to);
    return;
  case IR_REPLICATE:
    emit_c_line(e, "%s = (%s)%s;", to, t, cl_element(e, x->u.replicate.value, 0));
    return;
  case IR_IOTA:
    emit_c_line(e, "%s = (%s)%s;", to, t, o);
    return;
  case IR_COPY:
    row_element(e, k, x->u.copy, o, to);
    return;
  case IR_SOAC:
    map_element(e, k, &x->u.soac, o, to);
    return;
  default:
    diag_ice("emit_opencl", s->loc, "a row made by a statement the rows form does not cover");
  }
}

/* Whether s is one of k's rows (or shapes of rows). */
static bool is_row(const struct lower_kernel *k, const struct ir_stm *s) {
  for (int r = 0; r < k->row_count; r++) {
    if (k->rows[r] == s) {
      return true;
    }
  }
  return false;
}

/* The body's kernel code, in order: the statements that make rows are skipped, the
 * shapes of rows computed as their statements say. */
static void kernel_part(struct emitter *e, const struct lower_kernel *k,
                        const struct ir_body *b) {
  struct ir_body one = *b;
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *st = b->stms[i];
    if (!is_row(k, st)) {
      one.stms = b->stms + i;
      one.stm_count = 1;
      cl_kernel_body(e, &one);
    } else if (st->exp.kind == IR_SHAPE) {
      emit_c_line(e, "%s %s = %s;", emit_c_elem_type(st->pat[0]->type.prim),
                  emit_c_var(e, st->pat[0]), row_length(e, k, st->exp.u.shape.array));
    }
  }
}

/* The inputs of the inner maps that make rows against their widths, as map2 checks
 * its inner map's. */
static void check_inner_maps(struct emitter *e, const struct lower_kernel *k) {
  for (int r = 0; r < k->row_count; r++) {
    const struct ir_stm *st = k->rows[r];
    if (st->exp.kind != IR_SOAC) {
      continue;
    }
    const struct ir_soac *so = &st->exp.u.soac;
    const char *w = row_length(e, k, st->pat[0]);
    for (int i = 0; i < so->input_count; i++) {
      const char *len = row_length(e, k, so->inputs[i]);
      cl_set_where(e, st);
      int id = cl_message(e, emit_c_printf(e,
                                           "%s: error: an input of map has outer size %%lld, "
                                           "not the width %%lld",
                                           cl_state(e)->where_text));
      const char *args[2] = {len, w};
      cl_fail_with(e, emit_c_printf(e, "%s != %s", len, w), id, args, 2);
    }
  }
}

/* Each row's length against the output's (`m`), with the C backend's message. */
static void check_lengths(struct emitter *e, const struct ir_stm *s,
                          const struct lower_kernel *k, const char *const *m) {
  const struct ir_body *b = s->exp.u.soac.map_fn->body;
  check_inner_maps(e, k);
  for (int r = 0; r < s->pat_count; r++) {
    if (s->pat[r]->type.rank != 2) {
      continue;
    }
    const char *len = row_length(e, k, b->results[r].u.var);
    cl_set_where(e, s);
    int id = cl_message(e, emit_c_printf(e,
                                         "%s: error: irregular array: a row: shape [%%lld] "
                                         "does not match shape [%%lld]",
                                         cl_state(e)->where_text));
    const char *args[2] = {len, m[r]};
    cl_fail_with(e, emit_c_printf(e, "%s != %s", len, m[r]), id, args, 2);
  }
}

/* Work-item j's element: of the row whose run holds it, or the scalar results. */
static void store_element(struct emitter *e, const struct ir_stm *s,
                          const struct lower_kernel *k, const char *const *m) {
  const struct ir_body *b = s->exp.u.soac.map_fn->body;
  struct strbuf off;
  strbuf_init(&off);
  strbuf_puts(&off, "0");
  for (int r = 0; r < s->pat_count; r++) {
    if (s->pat[r]->type.rank != 2) {
      continue;
    }
    const struct ir_var *y = s->pat[r];
    const struct cl_view *w = cl_view_of(e, y);
    emit_c_line(e, "if (j >= %s && j < %s + %s) {", off.data, off.data, m[r]);
    e->indent++;
    const char *o = emit_c_tmp(e), *v = emit_c_tmp(e);
    emit_c_line(e, "const long %s = j - (%s);", o, off.data);
    emit_c_line(e, "%s %s;", emit_c_elem_type(y->type.prim), v);
    row_element(e, k, b->results[r].u.var, o, v);
    emit_c_line(e, "%s[%s + %s] = (%s)%s;", w->ptr, cl_view_row(e, w, "i"), o,
                cl_elem_type(y->type.prim), v);
    e->indent--;
    emit_c_line(e, "}");
    strbuf_printf(&off, " + %s", m[r]);
  }
  strbuf_free(&off);
  emit_c_line(e, "if (j == s) {");
  e->indent++;
  for (int r = 0; r < s->pat_count; r++) {
    if (s->pat[r]->type.rank == 1) {
      emit_c_line(e, "%s[i] = (%s)%s;", cl_view_of(e, s->pat[r])->ptr,
                  cl_elem_type(s->pat[r]->type.prim), cl_element(e, b->results[r], 0));
    }
  }
  e->indent--;
  emit_c_line(e, "}");
}

/* Whether result r is a row whose length the pattern does not know. */
static bool unknown_length(const struct ir_stm *s, int r) {
  return s->pat[r]->type.rank == 2 && s->pat[r]->type.dims[1].kind == IR_SE_NONE;
}

/* Element i's rows bound in a kernel: its rows of the inputs, its index, the body's
 * kernel code. */
static void bind_element(struct emitter *e, const struct ir_soac *so,
                         const struct lower_kernel *k) {
  cl_bind_map_rows(e, so, "i");
  kernel_part(e, k, so->map_fn->body);
}

/* The _sizes kernel: the lengths of element 0's rows that the pattern does not know,
 * into the host variables mw[r] through the result slots (0 when the width is 0). */
static void emit_sizes(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                       const char *w, const char *const *mw) {
  const struct ir_soac *so = &s->exp.u.soac;
  emit_c_line(e, "if (%s > 0) {", w);
  e->indent++;
  struct kbuild kb;
  kb_start(e, &kb, cl_kir(k, "_sizes")->name);
  kb_long(e, &kb, "w", w);
  kb_soac_args(e, &kb, so, NULL, 0, k);
  kb_body(e, &kb);
  emit_c_line(e, "if (get_global_id(0) == 0) {");
  e->indent++;
  emit_c_line(e, "const long i = 0;");
  bind_element(e, so, k);
  for (int r = 0, slot = 0; r < s->pat_count; r++) {
    if (unknown_length(s, r)) {
      emit_c_line(e, "*(volatile __global long *)(errbuf + RTS_RESULTS_AT + %d) = %s;",
                  2 * slot++, row_length(e, k, so->map_fn->body->results[r].u.var));
    }
  }
  e->indent--;
  emit_c_line(e, "}");
  kb_launch(e, &kb, "1");
  emit_c_try(e, "rts_dev_results(ctx)");
  for (int r = 0, slot = 0; r < s->pat_count; r++) {
    if (unknown_length(s, r)) {
      emit_c_line(e, "memcpy(&%s, rts_dev_result(ctx, %d), sizeof %s);", mw[r], slot++, mw[r]);
    }
  }
  e->indent--;
  emit_c_line(e, "}");
}

void emit_rows(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = checked_width(e, so);
  const char **mw = ARENA_ARRAY(&e->arena, const char *, s->pat_count + 1);
  const char **m = ARENA_ARRAY(&e->arena, const char *, s->pat_count + 1);
  struct strbuf sum;
  strbuf_init(&sum);
  for (int r = 0; r < s->pat_count; r++) {
    if (s->pat[r]->type.rank == 2) {
      mw[r] = emit_c_tmp(e);
      m[r] = emit_c_printf(e, "m%d", r);
      if (unknown_length(s, r)) {
        emit_c_line(e, "int64_t %s = 0;", mw[r]);
      } else {
        emit_c_line(e, "const int64_t %s = %s;", mw[r],
                    emit_c_subexp(e, s->pat[r]->type.dims[1]));
      }
      strbuf_printf(&sum, "%s%s", sum.len > 0 ? " + " : "", mw[r]);
    }
  }
  if (k->result_slots) {
    emit_sizes(e, s, k, w, mw);
  }
  for (int r = 0; r < s->pat_count; r++) {
    alloc_output(e, s->pat[r], w, s->pat[r]->type.rank == 2 ? mw[r] : NULL);
  }
  const char *sw = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", sw, sum.data);
  strbuf_free(&sum);
  struct kbuild kb;
  kb_start(e, &kb, cl_kir(k, "")->name);
  kb_long(e, &kb, "w", w);
  kb_long(e, &kb, "s", sw);
  for (int r = 0; r < s->pat_count; r++) {
    if (s->pat[r]->type.rank == 2) {
      kb_long(e, &kb, m[r], mw[r]);
    }
  }
  kb_soac_args(e, &kb, so, s->pat, s->pat_count, k);
  kb_body(e, &kb);
  open_grid_loop(e, "g", "w * (s + 1)");
  emit_c_line(e, "const long i = g / (s + 1), j = g - (g / (s + 1)) * (s + 1);");
  emit_c_line(e, "{");
  e->indent++;
  bind_element(e, so, k);
  check_lengths(e, s, k, m);
  store_element(e, s, k, m);
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_groups(ctx, %s * (%s + 1))", w, sw));
}
