/* The map and map2 forms (lower.h): elementwise kernels, one element of the width per
 * work-item and pass of a grid-stride loop, several elements per pass when map_fn is
 * small and 4 at a time as vectors where the arrays allow (Note [vector loads]).
 */
#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ map */

/* A kernel with one element of [0, w) per work-item and pass: its arguments (the
 * inputs, the first `outputs` arrays of the pattern, the free variables), the grid
 * loop, map_fn at each element and `store` of the results. */
static void store_map(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                      const char *const *res, const char *gi);

/* Note [vector loads]
 * ~~~~~~~~~~~~~~~~~~~
 * A map over arrays of one dimension whose results are stored in order reads and writes
 * its arrays sequentially, as a copy does; GPUs move memory fastest in 16-byte accesses
 * (on NVIDIA's H200 one float per access reaches ~90% of the float4 copy's bandwidth).
 * Such a kernel reads each input and writes each output 4 elements at a time as OpenCL
 * vectors (float4, int4, ...) when every array's address is a multiple of the vector's
 * size, which the kernel tests (buffers are aligned; a slice may not be; the pointer
 * casts tell the compiler so, where vload4 would not), running
 * map_fn on each of the 4 lanes; the last w mod 4 elements, and arrays that are not
 * aligned, take the one-element path.
 */

/* The OpenCL vector of 4 elements of type t, as arrays hold them. */
static const char *vector4_type(struct emitter *e, enum prim_type t) {
  static const char *const base[] = {
      [PRIM_BOOL] = "uchar", [PRIM_I8] = "char",   [PRIM_I16] = "short", [PRIM_I32] = "int",
      [PRIM_I64] = "long",   [PRIM_U8] = "uchar",  [PRIM_U16] = "ushort", [PRIM_U32] = "uint",
      [PRIM_U64] = "ulong",  [PRIM_F16] = "ushort", [PRIM_F32] = "float",
      [PRIM_F64] = "double",
  };
  return emit_c_printf(e, "%s4", base[t]);
}

/* The vector path's loop (Note [vector loads]): `vectors` vectors of 4 per work-item
 * and pass, then the last w mod 4 elements one by one. */
static void emit_vector_loop(struct emitter *e, const struct ir_stm *s,
                             const struct lower_kernel *k, int vectors, store_fn store) {
  const struct ir_soac *so = &s->exp.u.soac;
  struct strbuf cond;
  strbuf_init(&cond);
  for (int i = 0; i < so->input_count + s->pat_count; i++) {
    const struct ir_var *v = i < so->input_count ? so->inputs[i] : s->pat[i - so->input_count];
    strbuf_printf(&cond, "%s((ulong)%s & %d) == 0", i > 0 ? " && " : "", cl_view_of(e, v)->ptr,
                  4 * prim_bytes(v->type.prim) - 1);
  }
  emit_c_line(e, "if (%s) {", cond.data);
  strbuf_free(&cond);
  e->indent++;
  emit_c_line(e, "const long w4 = w / 4;");
  emit_c_line(e, "for (long g0 = get_global_id(0); g0 < w4; g0 += %d * stride) {", vectors);
  e->indent++;
  const char ***res = ARENA_ARRAY(&e->arena, const char **, 4 * vectors);
  const char **args = ARENA_ARRAY(&e->arena, const char *, so->input_count + 1);
  for (int u = 0; u < vectors; u++) {
    emit_c_line(e, "const long v%d = g0 + %d * stride;", u, u);
    for (int l = 0; l < 4; l++) {
      res[4 * u + l] = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
    }
    emit_c_line(e, "if (v%d < w4) {", u);
    e->indent++;
    const char **vec = ARENA_ARRAY(&e->arena, const char *, so->input_count + 1);
    for (int i = 0; i < so->input_count; i++) {
      const struct ir_var *v = so->inputs[i];
      vec[i] = emit_c_tmp(e);
      const char *vt = vector4_type(e, v->type.prim);
      emit_c_line(e, "const %s %s = ((__global const %s *)%s)[v%d];", vt, vec[i], vt,
                  cl_view_of(e, v)->ptr, u);
    }
    for (int l = 0; l < 4; l++) {
      for (int i = 0; i < so->input_count; i++) {
        args[i] = emit_c_printf(e, "%s.s%d", vec[i], l);
      }
      cl_apply_map_fn_args(e, so, args, emit_c_printf(e, "4 * v%d + %d", u, l), res[4 * u + l]);
    }
    e->indent--;
    emit_c_line(e, "}");
  }
  for (int u = 0; u < vectors; u++) {
    emit_c_line(e, "if (v%d < w4) {", u);
    for (int r = 0; r < s->pat_count; r++) {
      const char *t = cl_elem_type(s->pat[r]->type.prim);
      const char *vt = vector4_type(e, s->pat[r]->type.prim);
      emit_c_line(e, "  ((__global %s *)%s)[v%d] = (%s)((%s)%s, (%s)%s, (%s)%s, (%s)%s);", vt,
                  cl_view_of(e, s->pat[r])->ptr, u, vt, t, res[4 * u][r], t, res[4 * u + 1][r],
                  t, res[4 * u + 2][r], t, res[4 * u + 3][r]);
    }
    emit_c_line(e, "}");
  }
  close_loop(e);
  emit_c_line(e, "for (long gi = 4 * w4 + get_global_id(0); gi < w; gi += stride) {");
  e->indent++;
  const char **one = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
  cl_apply_map_fn(e, so, "gi", one);
  store(e, s, k, one, "gi");
  close_loop(e);
  e->indent--;
  emit_c_line(e, "} else {");
}

/* The variables that take map_fn's results at one element: one per scalar result, or,
 * in a kernel that writes rows of private arrays, one per element of each result, all
 * in one list (Note [rows of private arrays] in src/lower/forms.c). */
static const char **declare_elements(struct emitter *e, const struct kir_kernel *kk,
                                     const struct ir_lambda *f) {
  if (!kk->private_rows) {
    return declare_results(e, f->ret, f->ret_count);
  }
  int n = 0;
  for (int r = 0; r < f->ret_count; r++) {
    n += ir_type_const_elems(f->ret[r]);
  }
  const char **res = ARENA_ARRAY(&e->arena, const char *, n + 1);
  for (int k = 0; k < n; k++) {
    res[k] = emit_c_tmp(e);
  }
  for (int r = 0, k = 0; r < f->ret_count; r++) {
    for (int j = 0; j < ir_type_const_elems(f->ret[r]); j++, k++) {
      emit_c_line(e, "%s %s;", emit_c_elem_type(f->ret[r].prim), res[k]);
    }
  }
  return res;
}

/* map_fn at element gi, its results into the variables of declare_elements. */
static void apply_elements(struct emitter *e, const struct kir_kernel *kk,
                           const struct ir_soac *so, const char *gi, const char *const *res) {
  if (!kk->private_rows) {
    cl_apply_map_fn(e, so, gi, res);
    return;
  }
  const struct ir_lambda *f = so->map_fn;
  const char *const **lists = ARENA_ARRAY(&e->arena, const char *const *, f->ret_count + 1);
  for (int r = 0, k = 0; r < f->ret_count; k += ir_type_const_elems(f->ret[r]), r++) {
    lists[r] = res + k;
  }
  cl_apply_map_fn_at(e, so, gi, -1, lists);
}

void emit_elementwise(struct emitter *e, const struct ir_stm *s,
                      const struct lower_kernel *k, const char *suffix, const char *w,
                      int outputs, store_fn store) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct kir_kernel *kk = cl_kir(k, suffix);
  struct kbuild kb;
  kb_start(e, &kb, kk->name);
  kb_long(e, &kb, "w", w);
  kb_soac_args(e, &kb, so, s->pat, outputs, k);
  kb_body(e, &kb);
  int unroll = kk->geo.items;
  bool vector = kk->geo.vectors > 0;
  emit_c_line(e, "const long stride = get_global_size(0);");
  if (vector) {
    emit_vector_loop(e, s, k, kk->geo.vectors, store);
    e->indent++;
  }
  emit_c_line(e, "for (long g0 = get_global_id(0); g0 < w; g0 += %d * stride) {", unroll);
  e->indent++;
  const char ***res = ARENA_ARRAY(&e->arena, const char **, unroll);
  const char **gi = ARENA_ARRAY(&e->arena, const char *, unroll);
  for (int u = 0; u < unroll; u++) {
    gi[u] = emit_c_printf(e, "gi%d", u);
    emit_c_line(e, "const long %s = g0 + %d * stride;", gi[u], u);
    res[u] = declare_elements(e, kk, so->map_fn);
    emit_c_line(e, "if (%s < w) {", gi[u]);
    e->indent++;
    apply_elements(e, kk, so, gi[u], res[u]);
    e->indent--;
    emit_c_line(e, "}");
  }
  for (int u = 0; u < unroll; u++) {
    emit_c_line(e, "if (%s < w) {", gi[u]);
    e->indent++;
    store(e, s, k, res[u], gi[u]);
    e->indent--;
    emit_c_line(e, "}");
  }
  close_loop(e);
  if (vector) {
    close_loop(e);
  }
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_groups(ctx, (%s + %d) / %d)", w, unroll - 1, unroll));
}

static void store_map(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                      const char *const *res, const char *gi) {
  if (k->form != LOWER_MAP || !cl_kir(k, "")->private_rows) {
    store_results(e, s->pat, s->pat_count, res, gi);
    return;
  }
  /* Each result's elements, in row-major order, at its row's offset. */
  for (int r = 0, at = 0; r < s->pat_count; r++) {
    const struct cl_view *w = cl_view_of(e, s->pat[r]);
    const char *row = cl_view_row(e, w, gi);
    const char *t = cl_elem_type(s->pat[r]->type.prim);
    for (int j = 0; j < ir_type_const_elems(ir_type_row(s->pat[r]->type)); j++, at++) {
      emit_c_line(e, "%s[%s + %d] = (%s)%s;", w->ptr, row, j, t, res[at]);
    }
  }
}

/* An output y of the shape `shape` (host values, y's rank of them) on the device: rows
 * of private arrays and nests of maps, whose rank may exceed 2. */
static void alloc_shape(struct emitter *e, const struct ir_var *y, const char *const *shape) {
  const char *yn = emit_c_var(e, y);
  for (int d = 0; d < y->type.rank; d++) {
    emit_c_line(e, "%s.shape[%d] = %s;", yn, d, shape[d]);
  }
  emit_c_try(e, "rts_alloc_dev_array(ctx, &%s.mem, sizeof(%s), %d, %s.shape, %s)", yn,
             emit_c_elem_type(y->type.prim), y->type.rank, yn, e->where);
  emit_c_line(e, "%s.data = rts_block_data(%s.mem);", yn, yn);
}

/* [w] followed by the constant dimensions of y's rows. */
static void alloc_rows(struct emitter *e, const struct ir_var *y, const char *w) {
  const char **shape = ARENA_ARRAY(&e->arena, const char *, y->type.rank + 1);
  shape[0] = w;
  for (int d = 1; d < y->type.rank; d++) {
    shape[d] = emit_c_subexp(e, y->type.dims[d]);
  }
  alloc_shape(e, y, shape);
}

/* map over [0, w): one work-item per element. */
void emit_map_kernel(struct emitter *e, const struct ir_stm *s,
                     const struct lower_kernel *k, const char *w, const char *suffix) {
  emit_elementwise(e, s, k, suffix, w, s->pat_count, store_map);
}

void emit_map(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = checked_width(e, so);
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank > 1) {
      alloc_rows(e, s->pat[i], w);
    } else {
      alloc_output(e, s->pat[i], w, NULL);
    }
  }
  transpose_walked(e, s, k);
  emit_map_kernel(e, s, k, w, "");
  release_walked(e, k);
}

/* ------------------------------------------------------------ map2 */

/* One level of map2's nest, at index `i` of the map `so`: the rows of its inputs, its
 * index, its scalar statements before the next map, `next`, whose inputs' outer sizes
 * it checks against that map's width `m`, as the C backend does. */
static void bind_level(struct emitter *e, const struct ir_soac *so, const char *i,
                       const struct ir_stm *next, const char *m) {
  const struct ir_lambda *f = so->map_fn;
  const struct ir_soac *in = &next->exp.u.soac;
  cl_bind_map_rows(e, so, i);
  struct ir_body prefix = *f->body;
  prefix.stm_count = f->body->stm_count - 1;
  cl_kernel_body(e, &prefix);
  if (in->input_count > 0) {
    cl_set_where(e, next);
  }
  cl_check_widths(e, in, m, cl_state(e)->where_text, false);
}

/* The indices of the levels of a nest deeper than 2, from the flat index g: the
 * innermost varies fastest. */
static void split_index(struct emitter *e, const char *const *idx, const char *const *m,
                        int depth) {
  emit_c_line(e, "long q = g;");
  for (int l = depth; l > 1; l--) {
    emit_c_line(e, "const long %s = q %% %s;", idx[l], m[l]);
    emit_c_line(e, "q = q / %s;", m[l]);
  }
  emit_c_line(e, "const long %s = q %% %s, %s = q / %s;", idx[1], m[1], idx[0], m[1]);
}

/* map2 (Note [nests of maps] in src/lower/forms.c): one work-item per element of the
 * flattened index space, each level bound at its own index. */
void emit_map2(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  int depth = k->nest_count;
  const struct ir_soac *in = &k->nest[depth - 1]->exp.u.soac;
  const char *w = checked_width(e, so);
  /* Host values of the widths, their names in the kernel, and the levels' indices. */
  const char **mw = ARENA_ARRAY(&e->arena, const char *, depth + 2);
  const char **m = ARENA_ARRAY(&e->arena, const char *, depth + 2);
  const char **idx = ARENA_ARRAY(&e->arena, const char *, depth + 2);
  struct strbuf flat, groups;
  strbuf_init(&flat);
  strbuf_init(&groups);
  strbuf_puts(&flat, "w");
  strbuf_puts(&groups, w);
  mw[0] = w;
  idx[0] = "i";
  for (int l = 1; l <= depth; l++) {
    mw[l] = emit_c_tmp(e);
    m[l] = l == 1 ? "m" : emit_c_printf(e, "m%d", l);
    idx[l] = l == 1 ? "j" : emit_c_printf(e, "j%d", l);
    emit_c_line(e, "const int64_t %s = %s;", mw[l],
                emit_c_subexp(e, k->nest[l - 1]->exp.u.soac.width));
    strbuf_printf(&flat, " * %s", m[l]);
    strbuf_printf(&groups, " * %s", mw[l]);
  }
  for (int i = 0; i < s->pat_count; i++) {
    if (depth == 1) {
      alloc_output(e, s->pat[i], w, mw[1]);
    } else {
      alloc_shape(e, s->pat[i], mw);
    }
  }
  struct kbuild kb;
  kb_start(e, &kb, cl_kir(k, "")->name);
  kb_long(e, &kb, "w", w);
  for (int l = 1; l <= depth; l++) {
    kb_long(e, &kb, m[l], mw[l]);
  }
  kb_soac_args(e, &kb, so, s->pat, s->pat_count, k);
  kb_body(e, &kb);
  open_grid_loop(e, "g", flat.data);
  if (depth == 1) {
    emit_c_line(e, "const long i = g / m, j = g - (g / m) * m;");
  } else {
    split_index(e, idx, m, depth);
  }
  const char **res = declare_results(e, in->map_fn->ret, in->map_fn->ret_count);
  emit_c_line(e, "{");
  e->indent++;
  const struct ir_soac *level = so;
  for (int l = 1; l <= depth; l++) {
    bind_level(e, level, idx[l - 1], k->nest[l - 1], m[l]);
    level = &k->nest[l - 1]->exp.u.soac;
  }
  cl_apply_map_fn(e, in, idx[depth], res);
  e->indent--;
  emit_c_line(e, "}");
  store_results(e, s->pat, s->pat_count, res, "g");
  close_loop(e);
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_groups(ctx, %s)", groups.data));
  strbuf_free(&flat);
  strbuf_free(&groups);
}
