/* The hist form (lower.h; Note [hist updates] in src/lower/forms.c): an elementwise
 * kernel whose updates of the bins are atomics of OpenCL C or compare-and-swap loops (of
 * the 32-bit word that holds an 8- or 16-bit bin), with a version for few bins that
 * combines into a histogram per work-group in local memory first; and, for several
 * accumulators, kernels without atomics: work-groups over chunks of the elements whose
 * work-items own bins, then one work-item per bin combining the groups' results. The
 * compare-and-swap loop is Futhark's generic update (Henriksen et al., "Compiling
 * generalized histograms for GPU", SC 2020), as is the histogram per work-group.
 */
#include "backend_opencl/cl_internal.h"

/* One atomic update of *p with v. */
static void atomic_update(struct emitter *e, enum lower_atomic op, enum prim_type t,
                          const char *p, const char *v) {
  static const char *const names[] = {"add", "min", "max"};
  switch (t) {
  case PRIM_I32:
  case PRIM_U32:
    emit_c_line(e, "atomic_%s((volatile __global %s *)%s, %s);", names[op],
            t == PRIM_I32 ? "int" : "uint", p, v);
    return;
  case PRIM_I64:
  case PRIM_U64:
    emit_c_line(e, "atom_%s((volatile __global %s *)%s, %s);", names[op],
            t == PRIM_I64 ? "long" : "ulong", p, v);
    return;
  case PRIM_F32:
    emit_c_line(e, "rts_atomic_add_f32((volatile __global uint *)%s, %s);", p, v);
    return;
  case PRIM_F64:
    emit_c_line(e, "rts_atomic_add_f64((volatile __global ulong *)%s, %s);", p, v);
    return;
  default:
    diag_ice("emit_opencl", (struct loc){0}, "no atomic operation on %s", prim_name(t));
  }
}

/* The bits of the bin's word as a value of type t (`bits`: a uint or ulong expression). */
static const char *from_bits(struct emitter *e, enum prim_type t, const char *bits) {
  switch (t) {
  case PRIM_I32:
    return emit_c_printf(e, "as_int(%s)", bits);
  case PRIM_I64:
    return emit_c_printf(e, "as_long(%s)", bits);
  case PRIM_F32:
    return emit_c_printf(e, "as_float(%s)", bits);
  case PRIM_F64:
    return emit_c_printf(e, "as_double(%s)", bits);
  case PRIM_I8:
    return emit_c_printf(e, "as_char((uchar)(%s))", bits);
  case PRIM_I16:
    return emit_c_printf(e, "as_short((ushort)(%s))", bits);
  case PRIM_U8:
  case PRIM_U16:
  case PRIM_F16: /* its bits (Note [f16] in rts/c/scalar.h) */
    return emit_c_printf(e, "(%s)(%s)", emit_c_elem_type(t), bits);
  case PRIM_BOOL:
    return emit_c_printf(e, "((uchar)(%s) != 0)", bits);
  default:
    return bits;
  }
}

/* The bits of value v of type t: a ulong for 64-bit types, else a uint (zero-extended). */
static const char *to_bits(struct emitter *e, enum prim_type t, const char *v) {
  switch (t) {
  case PRIM_I32:
  case PRIM_F32:
    return emit_c_printf(e, "as_uint(%s)", v);
  case PRIM_I64:
  case PRIM_F64:
    return emit_c_printf(e, "as_ulong(%s)", v);
  case PRIM_I8:
    return emit_c_printf(e, "(uint)as_uchar(%s)", v);
  case PRIM_I16:
    return emit_c_printf(e, "(uint)as_ushort(%s)", v);
  case PRIM_U8:
  case PRIM_U16:
  case PRIM_F16:
    return emit_c_printf(e, "(uint)%s", v);
  case PRIM_BOOL:
    return emit_c_printf(e, "(%s ? 1u : 0u)", v);
  default:
    return v;
  }
}

/* The word that a compare-and-swap loop swaps for the bin at `p`: the bin itself, or,
 * for 8- and 16-bit types, the aligned 32-bit word that holds it (the runtime pads
 * buffers to whole words: Note [hist updates] in src/lower/forms.c); sets `shift` and
 * `mask` (NULL for a whole word) to the bin's bits in it. */
static const char *cas_word(struct emitter *e, enum prim_type t, const char *p,
                            const char **shift, const char **mask) {
  int bytes = prim_bytes(t);
  const char *word = emit_c_tmp(e);
  *shift = *mask = NULL;
  if (bytes >= 4) {
    const char *u = bytes == 8 ? "ulong" : "uint";
    emit_c_line(e, "volatile __global %s *%s = (volatile __global %s *)%s;", u, word, u, p);
    return word;
  }
  const char *at = emit_c_tmp(e);
  *shift = emit_c_tmp(e);
  *mask = emit_c_tmp(e);
  emit_c_line(e, "const uintptr_t %s = (uintptr_t)%s;", at, p);
  emit_c_line(e, "volatile __global uint *%s = (volatile __global uint *)(%s & ~(uintptr_t)3);",
              word, at);
  emit_c_line(e, "#ifdef __ENDIAN_LITTLE__");
  emit_c_line(e, "const uint %s = (uint)(%s & 3) * 8;", *shift, at);
  emit_c_line(e, "#else");
  emit_c_line(e, "const uint %s = (uint)(%d - (%s & 3)) * 8;", *shift, 4 - bytes, at);
  emit_c_line(e, "#endif");
  emit_c_line(e, "const uint %s = %s << %s;", *mask, bytes == 1 ? "0xffu" : "0xffffu", *shift);
  return word;
}

/* The loop that swaps op(value, vals) into `word` (a pointer of the word's type, uint
 * or ulong, in any address space) until no other work-item changed it in between; the
 * value is the word's bits, or those under `mask` at `shift` when mask is not NULL. */
static void cas_loop(struct emitter *e, const struct ir_lambda *op, enum prim_type t,
                     bool wide, const char *word, const char *shift, const char *mask,
                     const char *const *vals) {
  const char *u = wide ? "ulong" : "uint";
  const char *old = emit_c_tmp(e), *seen = emit_c_tmp(e), *acc = emit_c_tmp(e);
  emit_c_line(e, "%s %s = *%s, %s;", u, old, word, seen);
  emit_c_line(e, "do {");
  e->indent++;
  emit_c_line(e, "%s = %s;", seen, old);
  const char *bits = shift == NULL ? seen : emit_c_printf(e, "%s >> %s", seen, shift);
  emit_c_line(e, "%s %s = %s;", emit_c_elem_type(t), acc, from_bits(e, t, bits));
  cl_combine(e, op, (const char *const[]){acc}, vals);
  const char *next = to_bits(e, t, acc);
  if (shift != NULL) {
    next = emit_c_printf(e, "(%s & ~%s) | (%s << %s)", seen, mask, next, shift);
  }
  emit_c_line(e, "%s = %s(%s, %s, %s);", old, wide ? "atom_cmpxchg" : "atomic_cmpxchg", word,
              seen, next);
  e->indent--;
  emit_c_line(e, "} while (%s != %s);", old, seen);
}

/* *p = op(*p, vals) in a compare-and-swap loop on global memory (Note [hist updates] in
 * forms.c). */
static void cas_update(struct emitter *e, const struct ir_lambda *op, enum prim_type t,
                       const char *p, const char *const *vals) {
  emit_c_line(e, "{");
  e->indent++;
  const char *shift, *mask;
  const char *word = cas_word(e, t, p, &shift, &mask);
  cas_loop(e, op, t, prim_bytes(t) == 8, word, shift, mask, vals);
  e->indent--;
  emit_c_line(e, "}");
}

static void store_hist(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                       const char *const *res, const char *gi) {
  (void)gi;
  const struct cl_view *v = cl_view_of(e, s->pat[0]);
  emit_c_line(e, "if ((ulong)(long)%s < (ulong)%s) {", res[0], v->dims[0]);
  e->indent++;
  const char *bin = emit_c_printf(e, "&%s[(long)%s]", v->ptr, res[0]);
  if (k->atomic == LOWER_ATOMIC_CAS) {
    cas_update(e, s->exp.u.soac.op, s->pat[0]->type.prim, bin, res + 1);
  } else {
    atomic_update(e, k->atomic, s->pat[0]->type.prim, bin, res[1]);
  }
  e->indent--;
  emit_c_line(e, "}");
}

/* Bins per work-item, kernel code: the group's tile of elements from `base` (below
 * `end`), each work-item's element's bin and values in local memory (bin -1 where there
 * is none). */
static void load_tile(struct emitter *e, const struct ir_stm *s, const char *const *tile) {
  const struct ir_soac *so = &s->exp.u.soac;
  emit_c_line(e, "const long i = base + lid;");
  emit_c_line(e, "%s[lid] = -1;", tile[0]);
  emit_c_line(e, "if (i < end && !failed) {");
  e->indent++;
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  const char **res = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
  cl_apply_map_fn(e, so, "i", res);
  emit_c_line(e, "%s[lid] = (long)%s;", tile[0], res[0]);
  for (int r = 1; r < so->map_fn->ret_count; r++) {
    emit_c_line(e, "%s[lid] = (%s)%s;", tile[r], cl_elem_type(so->map_fn->ret[r].prim), res[r]);
  }
  cl_state(e)->fail_action = saved;
  emit_c_line(e, "%s:;", label);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
}

/* acc = op(acc, vals), failures flagged. */
static void combine_flagged(struct emitter *e, const struct ir_lambda *op, const char *const *acc,
                            const char *const *vals) {
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  cl_combine(e, op, acc, vals);
  cl_state(e)->fail_action = saved;
  emit_c_line(e, "%s:;", label);
}

/* Bins per work-item: the work-item's bin combines the tile's elements of it, in order. */
static void combine_tile(struct emitter *e, const struct ir_stm *s, const char *const *tile,
                         const char *const *acc) {
  const struct ir_lambda *op = s->exp.u.soac.op;
  int k = op->param_count / 2;
  emit_c_line(e, "if (bin < bins && !failed) {");
  e->indent++;
  emit_c_line(e, "const long m = min((long)RTS_GROUP, end - base);");
  emit_c_line(e, "for (long j = 0; j < m; j++) {");
  e->indent++;
  emit_c_line(e, "if (%s[j] == bin) {", tile[0]);
  e->indent++;
  const char **vals = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    vals[r] = emit_c_printf(e, "(%s)%s[j]", emit_c_elem_type(op->params[r]->type.prim),
                            tile[r + 1]);
  }
  combine_flagged(e, op, acc, vals);
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
}

/* Bins per work-item, phase 1: each work-group takes a chunk of the elements and, for
 * each range of RTS_GROUP bins in turn, walks its chunk a tile at a time; its work-items'
 * bins go to the group's row of the partial results `part`. Every work-item of a group
 * reaches each barrier: the loops' bounds are the same across the group. */
static void hist_partials(struct emitter *e, const struct ir_stm *s, const struct kir_kernel *kk,
                          const char *const *part) {
  const struct ir_soac *so = &s->exp.u.soac;
  int n = so->dest_count;
  emit_c_line(e, "const long lid = get_local_id(0), grp = get_group_id(0);");
  emit_c_line(e, "bool failed = false;");
  const char **tile = ARENA_ARRAY(&e->arena, const char *, n + 2);
  tile[0] = kk->local[0].name;
  emit_c_line(e, "__local long %s[RTS_GROUP];", tile[0]);
  const char **trees = cl_tree(e, kk, 1, n);
  for (int d = 0; d < n; d++) {
    tile[d + 1] = trees[d];
  }
  emit_c_line(e, "const long chunk = (w + get_num_groups(0) - 1) / get_num_groups(0);");
  emit_c_line(e, "const long start = grp * chunk, end = min(start + chunk, w);");
  emit_c_line(e, "for (long b0 = 0; b0 < bins; b0 += RTS_GROUP) {");
  e->indent++;
  emit_c_line(e, "const long bin = b0 + lid;");
  const char **acc = declare_accumulators(e, so, "acc");
  emit_c_line(e, "for (long base = start; base < end; base += RTS_GROUP) {");
  e->indent++;
  load_tile(e, s, tile);
  combine_tile(e, s, tile, acc);
  close_loop(e);
  emit_c_line(e, "if (bin < bins) {");
  for (int d = 0; d < n; d++) {
    emit_c_line(e, "  %s[grp * bins + bin] = (%s)%s;", part[d],
                cl_elem_type(so->op->params[d]->type.prim), acc[d]);
  }
  emit_c_line(e, "}");
  close_loop(e);
}

/* Bins per work-item, phase 2: each bin combines the parts' results into its
 * destinations, one work-item per bin. */
static void hist_combine(struct emitter *e, const struct ir_stm *s, const char *const *part) {
  const struct ir_soac *so = &s->exp.u.soac;
  int n = so->dest_count;
  emit_c_line(e, "for (long bin = get_global_id(0); bin < bins; bin += get_global_size(0)) {");
  e->indent++;
  const char **acc = declare_accumulators(e, so, "acc");
  for (int d = 0; d < n; d++) {
    const struct cl_view *v = cl_view_of(e, s->pat[d]);
    emit_c_line(e, "if (bin < %s) {", v->dims[0]);
    emit_c_line(e, "  %s = (%s)%s[bin];", acc[d], emit_c_elem_type(s->pat[d]->type.prim), v->ptr);
    emit_c_line(e, "}");
  }
  emit_c_line(e, "for (long g = 0; g < parts; g++) {");
  e->indent++;
  const char **vals = ARENA_ARRAY(&e->arena, const char *, n + 1);
  for (int d = 0; d < n; d++) {
    vals[d] = emit_c_printf(e, "(%s)%s[g * bins + bin]",
                            emit_c_elem_type(so->op->params[d]->type.prim), part[d]);
  }
  combine_flagged(e, so->op, acc, vals);
  close_loop(e);
  for (int d = 0; d < n; d++) {
    const struct cl_view *v = cl_view_of(e, s->pat[d]);
    emit_c_line(e, "if (bin < %s) {", v->dims[0]);
    emit_c_line(e, "  %s[bin] = (%s)%s;", v->ptr, cl_elem_type(s->pat[d]->type.prim), acc[d]);
    emit_c_line(e, "}");
  }
  close_loop(e);
}

/* A hist without atomics (Note [hist updates] in src/lower/forms.c): per-work-group
 * results of every bin (hist_partials), then their combination into the destinations
 * (hist_combine). The work-groups of phase 1 are those of a reduction, fewer when their
 * results would pass HIST_PARTS_MAX elements per accumulator. */
#define HIST_PARTS_MAX "(INT64_C(1) << 22)"
static void emit_hist_bins(struct emitter *e, const struct ir_stm *s,
                           const struct lower_kernel *k, const char *w) {
  const struct ir_soac *so = &s->exp.u.soac;
  int n = so->dest_count;
  const char *bins = emit_c_tmp(e), *parts = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s.shape[0];", bins, emit_c_var(e, s->pat[0]));
  emit_c_line(e, "int64_t %s = rts_cl_partial_groups(ctx, %s);", parts, w);
  emit_c_line(e, "if (%s > 0 && %s > %s / %s) {", bins, parts, HIST_PARTS_MAX, bins);
  emit_c_line(e, "  %s = %s / %s > 0 ? %s / %s : 1;", parts, HIST_PARTS_MAX, bins,
              HIST_PARTS_MAX, bins);
  emit_c_line(e, "}");
  const char **bufs = partial_buffers(e, so, emit_c_printf(e, "%s * %s", parts, bins));
  struct kbuild kb;
  kb_start(e, &kb, cl_kir(k, "")->name);
  kb_long(e, &kb, "w", w);
  kb_long(e, &kb, "bins", bins);
  for (int i = 0; i < so->input_count; i++) {
    kb_array(e, &kb, so->inputs[i]);
  }
  const char **part = buffer_params(e, &kb, so, bufs, "part");
  kb_free_vars(e, &kb, k);
  kb_body(e, &kb);
  hist_partials(e, s, cl_kir(k, ""), part);
  kb_launch(e, &kb, parts);
  kb_start(e, &kb, cl_kir(k, "_combine")->name);
  kb_long(e, &kb, "bins", bins);
  kb_long(e, &kb, "parts", parts);
  for (int d = 0; d < n; d++) {
    kb_array(e, &kb, s->pat[d]);
  }
  part = buffer_params(e, &kb, so, bufs, "part");
  kb_free_vars(e, &kb, k);
  kb_body(e, &kb);
  hist_combine(e, s, part);
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_groups(ctx, %s)", bins));
  for (int d = 0; d < n; d++) {
    release_temp(e, bufs[d]);
  }
}

/* Few bins, kernel code: element gi's value goes into the group's histogram `sub`. */
static void store_sub(struct emitter *e, const struct ir_stm *s, const char *sub, bool wide,
                      const char *const *res) {
  enum prim_type t = s->pat[0]->type.prim;
  emit_c_line(e, "if ((ulong)(long)%s < (ulong)bins) {", res[0]);
  e->indent++;
  const char *word = emit_c_tmp(e);
  emit_c_line(e, "volatile __local %s *%s = &%s[(long)%s];", wide ? "ulong" : "uint", word, sub,
              res[0]);
  cas_loop(e, s->exp.u.soac.op, t, wide, word, NULL, NULL, res + 1);
  e->indent--;
  emit_c_line(e, "}");
}

/* Few bins: the work-item's elements, several per pass (as in emit_elementwise), into the
 * group's histogram; a failure stops the work-item's loop, never a barrier. */
static void sub_elements(struct emitter *e, const struct ir_stm *s, const struct kir_kernel *kk,
                         const char *sub, bool wide) {
  const struct ir_soac *so = &s->exp.u.soac;
  int unroll = kk->geo.items;
  emit_c_line(e, "const long stride = get_global_size(0);");
  emit_c_line(e, "for (long g0 = get_global_id(0); g0 < w && !failed; g0 += %d * stride) {",
              unroll);
  e->indent++;
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  const char ***res = ARENA_ARRAY(&e->arena, const char **, unroll);
  const char **gi = ARENA_ARRAY(&e->arena, const char *, unroll);
  for (int u = 0; u < unroll; u++) {
    gi[u] = emit_c_printf(e, "gi%d", u);
    emit_c_line(e, "const long %s = g0 + %d * stride;", gi[u], u);
    res[u] = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
    emit_c_line(e, "if (%s < w) {", gi[u]);
    e->indent++;
    cl_apply_map_fn(e, so, gi[u], res[u]);
    e->indent--;
    emit_c_line(e, "}");
  }
  for (int u = 0; u < unroll; u++) {
    emit_c_line(e, "if (%s < w) {", gi[u]);
    e->indent++;
    store_sub(e, s, sub, wide, res[u]);
    e->indent--;
    emit_c_line(e, "}");
  }
  cl_state(e)->fail_action = saved;
  emit_c_line(e, "%s:;", label);
  close_loop(e);
}

/* A hist of few bins in a compare-and-swap loop (Note [hist updates] in forms.c): each
 * work-group's histogram in local memory, then its bins that changed into the
 * destination. */
static void emit_hist_local(struct emitter *e, const struct ir_stm *s,
                            const struct lower_kernel *k, const char *w) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct kir_kernel *kk = cl_kir(k, "_local");
  enum prim_type t = s->pat[0]->type.prim;
  bool wide = kk->local[0].prim == PRIM_U64;
  struct kbuild kb;
  kb_start(e, &kb, kk->name);
  kb_long(e, &kb, "w", w);
  kb_soac_args(e, &kb, so, s->pat, 1, k);
  kb_body(e, &kb);
  const char *sub = kk->local[0].name;
  const struct cl_view *v = cl_view_of(e, s->pat[0]);
  const char *neutral = to_bits(e, t, emit_c_printf(e, "((%s)%s)", emit_c_elem_type(t),
                                                    emit_c_subexp(e, so->neutral[0])));
  emit_c_line(e, "const long lid = get_local_id(0);");
  emit_c_line(e, "bool failed = false;");
  emit_c_line(e, "__local %s %s[%d];", wide ? "ulong" : "uint", sub, KIR_HIST_LOCAL_BINS);
  emit_c_line(e, "const long bins = %s;", v->dims[0]);
  emit_c_line(e, "for (long b = lid; b < bins; b += get_local_size(0)) {");
  emit_c_line(e, "  %s[b] = %s;", sub, neutral);
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  sub_elements(e, s, kk, sub, wide);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "for (long b = lid; b < bins && !failed; b += get_local_size(0)) {");
  e->indent++;
  emit_c_line(e, "if (%s[b] != %s) {", sub, neutral);
  e->indent++;
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  const char *val = from_bits(e, t, emit_c_printf(e, "%s[b]", sub));
  cas_update(e, so->op, t, emit_c_printf(e, "&%s[b]", v->ptr), (const char *const[]){val});
  cl_state(e)->fail_action = saved;
  emit_c_line(e, "%s:;", label);
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_partial_groups(ctx, (%s + %d) / %d)", w,
                                  kk->geo.items - 1, kk->geo.items));
}

void emit_hist(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = checked_width(e, so);
  for (int d = 0; d < so->dest_count; d++) {
    take_dest(e, s, d);
  }
  if (k->atomic == LOWER_ATOMIC_NONE) {
    emit_hist_bins(e, s, k, w);
  } else if (k->choice == KIR_FEW_BINS) {
    emit_c_line(e, "if (%s.shape[0] <= %d) {", emit_c_var(e, s->pat[0]), KIR_HIST_LOCAL_BINS);
    e->indent++;
    emit_hist_local(e, s, k, w);
    e->indent--;
    emit_c_line(e, "} else {");
    e->indent++;
    emit_elementwise(e, s, k, "", w, 1, store_hist);
    e->indent--;
    emit_c_line(e, "}");
  } else {
    emit_elementwise(e, s, k, "", w, 1, store_hist);
  }
  for (int d = 0; d < so->dest_count; d++) {
    emit_c_line(e, "rts_dev_wrote(%s.mem);", emit_c_var(e, s->pat[d]));
  }
}
