/* The reduce and segred forms (lower.h) and the group reductions they share with scan
 * and intra: each group reduces its part in local memory, and the last group to finish
 * combines the groups' parts (Note [last group]); segred reduces each segment in a
 * group, or its rows in a map's work-items.
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ Group reductions */

/* A fresh label and the failure action that jumps to it, flagging the work-item. */
const char *fail_region(struct emitter *e, const char **label) {
  *label = emit_c_printf(e, "failed_%d", ++cl_state(e)->next_label);
  return emit_c_printf(e, "failed = true; goto %s;", *label);
}

const char **cl_tree(struct emitter *e, const struct kir_kernel *kk, int first, int n) {
  const char **loc = ARENA_ARRAY(&e->arena, const char *, n + 1);
  for (int r = 0; r < n; r++) {
    const struct kir_local *l = &kk->local[first + r];
    if (first + r >= kk->local_count || l->extent != KIR_EXTENT_GROUP) {
      diag_ice("emit_opencl", (struct loc){0}, "kernel %s has no tree at local %d", kk->name,
               first + r);
    }
    loc[r] = l->name;
    emit_c_line(e, "__local %s %s[RTS_GROUP];", cl_elem_type(l->prim), loc[r]);
  }
  return loc;
}

const char **declare_accumulators(struct emitter *e, const struct ir_soac *so,
                                  const char *prefix) {
  int k = so->neutral_count;
  const char **acc = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    acc[r] = emit_c_printf(e, "%s_%d", prefix, r);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(so->op->params[r]->type.prim), acc[r],
            emit_c_subexp(e, so->neutral[r]));
  }
  return acc;
}


/* The group combines loc[0..L) in order into loc[0] (op need not commute). */
void group_tree(struct emitter *e, const struct ir_lambda *op, const char *const *loc) {
  int k = op->param_count / 2;
  emit_c_line(e, "for (long s = 1; s < RTS_GROUP; s <<= 1) {");
  e->indent++;
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if ((lid & (2 * s - 1)) == 0 && lid + s < RTS_GROUP && !failed) {");
  e->indent++;
  const char **a = ARENA_ARRAY(&e->arena, const char *, k + 1);
  const char **b = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    a[r] = emit_c_tmp(e);
    b[r] = emit_c_printf(e, "(%s)%s[lid + s]", emit_c_elem_type(op->params[r]->type.prim),
                         loc[r]);
    emit_c_line(e, "%s %s = %s[lid];", emit_c_elem_type(op->params[r]->type.prim), a[r], loc[r]);
  }
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  cl_combine(e, op, a, b);
  cl_state(e)->fail_action = saved;
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "%s[lid] = (%s)%s;", loc[r], cl_elem_type(op->params[r]->type.prim), a[r]);
  }
  emit_c_line(e, "%s:;", label);
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
}

void store_local(struct emitter *e, const struct ir_lambda *op, const char *const *loc,
                 const char *const *vals, const char *at) {
  int k = op->param_count / 2;
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "%s[%s] = (%s)%s;", loc[r], at, cl_elem_type(op->params[r]->type.prim), vals[r]);
  }
}

/* acc = op(acc, values of element i), with failures flagged; map outputs stored. */
static void accumulate_element(struct emitter *e, const struct ir_stm *s, const char *const *acc,
                               const char *i, bool guard) {
  const struct ir_soac *so = &s->exp.u.soac;
  int k = so->neutral_count;
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (%s!failed) {", guard ? emit_c_printf(e, "%s < w && ", i) : "");
  e->indent++;
  const char **vals = cl_reduction_values(e, so, i, true);
  if (so->map_fn != NULL) {
    store_results(e, s->pat + k, s->pat_count - k, vals + k, i);
  }
  cl_combine(e, so->op, acc, vals);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  cl_state(e)->fail_action = saved;
}

/* A group's loop over the elements j of [0, n) of one row, which its work-items reduce
 * into their accumulators: strided when the operator commutes, else a chunk of
 * consecutive elements per work-item, so that the group combines them in order. A
 * failed work-item leaves it. */
void open_group_elements(struct emitter *e, bool commutative, const char *n) {
  if (commutative) {
    emit_c_line(e, "for (long j = lid; j < %s && !failed; j += RTS_GROUP) {", n);
  } else {
    emit_c_line(e, "const long per = (%s + RTS_GROUP - 1) / RTS_GROUP;", n);
    emit_c_line(e, "for (long j = lid * per; j < min((lid + 1) * per, %s) && !failed; j++) {",
                n);
  }
  e->indent++;
}

/* Closes the loop (failures jump to `label` after it); the group combines the
 * work-items' accumulators `acc` through `loc`, and every work-item's acc takes the
 * result. */
void close_group_elements(struct emitter *e, const char *label, const struct ir_lambda *op,
                          const char *const *loc, const char *const *acc) {
  close_loop(e);
  emit_c_line(e, "%s:;", label);
  store_local(e, op, loc, acc, "lid");
  group_tree(e, op, loc);
  for (int r = 0; r < op->param_count / 2; r++) {
    emit_c_line(e, "%s = (%s)%s[0];", acc[r], emit_c_elem_type(op->params[r]->type.prim),
                loc[r]);
  }
}

/* The end of a work-item's loop over its elements: the failure region's label, the
 * failure action from before, then its accumulators `acc` combined by the group into
 * loc[..][0]. */
static void close_partial(struct emitter *e, const struct ir_lambda *op, const char *label,
                          const char *saved, const char *const *loc, const char *const *acc) {
  emit_c_line(e, "%s:;", label);
  cl_state(e)->fail_action = saved;
  close_loop(e);
  store_local(e, op, loc, acc, "lid");
  group_tree(e, op, loc);
}

/* Phase 1 of reduce and scan: each group reduces its part of [0, w) into part[group].
 * Commutative operators take a grid-stride loop per work-item; the others go through
 * the group in order, RTS_GROUP elements at a time, over the group's own chunk. */
void group_partials(struct emitter *e, const struct ir_stm *s, const struct kir_kernel *kk,
                    const char *const *parts) {
  const struct ir_soac *so = &s->exp.u.soac;
  int k = so->neutral_count;
  emit_c_line(e, "const long lid = get_local_id(0), grp = get_group_id(0);");
  emit_c_line(e, "bool failed = false;");
  const char **loc = cl_tree(e, kk, 0, k);
  const char **acc = declare_accumulators(e, so, "acc");
  if (kk->elements == KIR_STRIDED) {
    /* Several elements per pass, all read before any is combined (as in
     * emit_elementwise); the operator commutes, so any order is the same. */
    int unroll = kk->geo.items;
    emit_c_line(e, "const long stride = get_global_size(0);");
    emit_c_line(e, "for (long g0 = get_global_id(0); g0 < w; g0 += %d * stride) {", unroll);
    e->indent++;
    const char ***vals = ARENA_ARRAY(&e->arena, const char **, unroll);
    const char **gi = ARENA_ARRAY(&e->arena, const char *, unroll);
    const char *label;
    const char *saved = cl_state(e)->fail_action;
    cl_state(e)->fail_action = fail_region(e, &label);
    for (int u = 0; u < unroll; u++) {
      gi[u] = emit_c_printf(e, "gi%d", u);
      emit_c_line(e, "const long %s = g0 + %d * stride;", gi[u], u);
      const char **names = ARENA_ARRAY(&e->arena, const char *, k + 1);
      for (int r = 0; r < k; r++) {
        names[r] = emit_c_tmp(e);
        emit_c_line(e, "%s %s = %s;", emit_c_elem_type(so->op->params[r]->type.prim), names[r],
                    emit_c_subexp(e, so->neutral[r]));
      }
      vals[u] = names;
      emit_c_line(e, "if (%s < w && !failed) {", gi[u]);
      e->indent++;
      const char **v = cl_reduction_values(e, so, gi[u], true);
      if (so->map_fn != NULL) {
        store_results(e, s->pat + k, s->pat_count - k, v + k, gi[u]);
      }
      for (int r = 0; r < k; r++) {
        emit_c_line(e, "%s = %s;", names[r], v[r]);
      }
      e->indent--;
      emit_c_line(e, "}");
    }
    emit_c_line(e, "if (!failed) {");
    e->indent++;
    for (int u = 0; u < unroll; u++) {
      emit_c_line(e, "if (%s < w) {", gi[u]);
      cl_combine(e, so->op, acc, vals[u]);
      emit_c_line(e, "}");
    }
    e->indent--;
    emit_c_line(e, "}");
    close_partial(e, so->op, label, saved, loc, acc);
  } else {
    emit_c_line(e, "const long chunk = (w + get_num_groups(0) - 1) / get_num_groups(0);");
    emit_c_line(e, "const long start = grp * chunk, end = min(start + chunk, w);");
    emit_c_line(e, "for (long base = start; base < end; base += RTS_GROUP) {");
    e->indent++;
    const char **one = declare_accumulators(e, so, "one");
    emit_c_line(e, "const long i = base + lid;");
    emit_c_line(e, "if (i < end) {");
    e->indent++;
    accumulate_element(e, s, one, "i", false);
    e->indent--;
    emit_c_line(e, "}");
    store_local(e, so->op, loc, one, "lid");
    group_tree(e, so->op, loc);
    emit_c_line(e, "if (lid == 0 && !failed) {");
    e->indent++;
    const char **l0 = ARENA_ARRAY(&e->arena, const char *, k + 1);
    for (int r = 0; r < k; r++) {
      l0[r] = emit_c_printf(e, "(%s)%s[0]", emit_c_elem_type(so->op->params[r]->type.prim),
                            loc[r]);
    }
    const char *label;
    const char *saved = cl_state(e)->fail_action;
    cl_state(e)->fail_action = fail_region(e, &label);
    cl_combine(e, so->op, acc, l0);
    cl_state(e)->fail_action = saved;
    emit_c_line(e, "%s:;", label);
    e->indent--;
    emit_c_line(e, "}");
    emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
    close_loop(e);
    store_local(e, so->op, loc, acc, "lid");
  }
  emit_c_line(e, "if (lid == 0) {");
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "  %s[grp] = %s;", parts[r],
                kk->elements == KIR_STRIDED ? emit_c_printf(e, "%s[0]", loc[r]) : acc[r]);
  }
  emit_c_line(e, "}");
}

/* The kernel arguments of the reduce and scan kernels: sizes, inputs, map outputs,
 * free variables. */
void reduction_args(struct emitter *e, struct kbuild *kb, const struct ir_stm *s,
                    const struct lower_kernel *k, const char *w, bool map_outs) {
  const struct ir_soac *so = &s->exp.u.soac;
  kb_long(e, kb, "w", w);
  int from = map_outs ? so->neutral_count : s->pat_count;
  kb_soac_args(e, kb, so, s->pat + from, s->pat_count - from, k);
}

const char **partial_buffers(struct emitter *e, const struct ir_soac *so,
                             const char *count) {
  const char **b = ARENA_ARRAY(&e->arena, const char *, so->neutral_count + 1);
  for (int r = 0; r < so->neutral_count; r++) {
    b[r] = temp_buffer(e, so->op->params[r]->type.prim, count, NULL);
  }
  return b;
}

const char **buffer_params(struct emitter *e, struct kbuild *kb, const struct ir_soac *so,
                           const char *const *bufs, const char *prefix) {
  const char **names = ARENA_ARRAY(&e->arena, const char *, so->neutral_count + 1);
  for (int r = 0; r < so->neutral_count; r++) {
    names[r] = emit_c_printf(e, "%s_%d", prefix, r);
    kb_buffer(e, kb, so->op->params[r]->type.prim, names[r],
              emit_c_printf(e, "%s.mem", bufs[r]));
  }
  return names;
}

/* Note [last group]
 * ~~~~~~~~~~~~~~~~~
 * A reduction is one kernel: each work-group reduces its part into part[group] (phase
 * 1), and the last group to finish reduces the parts in order (phase 2), so that no
 * second launch waits for the first (on NVIDIA's OpenCL a dependent launch and its wait
 * cost as much as a tenth of a 1 GiB reduction). Work-item 0 of each group writes its
 * part, fences global memory, and increments the kernel's counter in the error buffer
 * (Note [errbuf] in rts/opencl/opencl.h); the group that takes it to the number of
 * groups minus one is last: every other part was written and fenced before its
 * increment. The last group fences again, reads the parts through volatile pointers
 * (not from a cache filled before they were written), and sets the counter back to 0
 * for the next launch. Its results go to the error buffer's result slots, which the
 * host reads with the failure words in the one read of its wait (rts_dev_results);
 * a reduction with more accumulators than slots writes them to buffers of their own.
 */


/* Phase 2 of a reduction (Note [last group]), after group_partials: the last group
 * combines the parts (`parts`, kernel parameters) into `results` (expressions to
 * assign). */
static void last_group(struct emitter *e, const struct ir_soac *so, const struct kir_kernel *kk,
                       int kernel, const char *const *parts, const char *const *results) {
  int nacc = so->neutral_count;
  const char **loc = cl_tree(e, kk, nacc, nacc);
  emit_c_line(e, "__local int last_group;");
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  mem_fence(CLK_GLOBAL_MEM_FENCE);");
  emit_c_line(e, "  last_group = atomic_inc(&errbuf[RTS_COUNTERS_AT + %d]) == "
                 "(int)get_num_groups(0) - 1;", kernel);
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if (last_group) {");
  e->indent++;
  emit_c_line(e, "mem_fence(CLK_GLOBAL_MEM_FENCE);");
  emit_c_line(e, "const long n = get_num_groups(0), chunk = (n + RTS_GROUP - 1) / RTS_GROUP;");
  const char **acc = declare_accumulators(e, so, "fin");
  emit_c_line(e, "for (long i = lid * chunk; i < min((lid + 1) * chunk, n); i++) {");
  e->indent++;
  const char **vals = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    enum prim_type t = so->op->params[r]->type.prim;
    vals[r] = emit_c_printf(e, "(%s)((volatile __global %s *)%s)[i]", emit_c_elem_type(t),
                            cl_elem_type(t), parts[r]);
  }
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (!failed) {");
  cl_combine(e, so->op, acc, vals);
  emit_c_line(e, "}");
  close_partial(e, so->op, label, saved, loc, acc);
  emit_c_line(e, "if (lid == 0) {");
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "  %s = %s[0];", results[r], loc[r]);
  }
  emit_c_line(e, "  errbuf[RTS_COUNTERS_AT + %d] = 0;", kernel);
  emit_c_line(e, "}");
  close_loop(e);
}

void emit_reduce(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  bool slots = k->result_slots;
  const struct kir_kernel *kk = cl_kir(k, "");
  const char *w = checked_width(e, so);
  for (int i = nacc; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *groups = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = rts_cl_partial_groups(ctx, %s);", groups, w);
  const char **parts = partial_buffers(e, so, groups);
  const char **result = slots ? NULL : partial_buffers(e, so, "1");

  struct kbuild kb;
  kb_start(e, &kb, kk->name);
  reduction_args(e, &kb, s, k, w, true);
  const char **pn = buffer_params(e, &kb, so, parts, "part");
  const char **rn = slots ? NULL : buffer_params(e, &kb, so, result, "result");
  kb_body(e, &kb);
  group_partials(e, s, kk, pn);
  const char **to = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    to[r] = slots ? emit_c_printf(e, "*(volatile __global %s *)(errbuf + RTS_RESULTS_AT + %d)",
                                  cl_elem_type(so->op->params[r]->type.prim), 2 * r)
                  : emit_c_printf(e, "%s[0]", rn[r]);
  }
  last_group(e, so, kk, kb.index, pn, to);
  kb_launch(e, &kb, groups);
  if (slots) {
    emit_c_try(e, "rts_dev_results(ctx)");
  }
  for (int r = 0; r < nacc; r++) {
    const char *y = emit_c_var(e, s->pat[r]);
    bool is_bool = s->pat[r]->type.prim == PRIM_BOOL;
    const char *into = y;
    if (is_bool) {
      into = emit_c_tmp(e);
      emit_c_line(e, "uint8_t %s = 0;", into);
    }
    if (slots) {
      emit_c_line(e, "memcpy(&%s, rts_dev_result(ctx, %d), sizeof %s);", into, r, into);
    } else {
      emit_c_try(e, "rts_dev_read(ctx, rts_dev_mem(%s.mem), 0, sizeof %s, &%s, %s)", result[r],
                 into, into, e->where);
      release_temp(e, result[r]);
    }
    if (is_bool) {
      emit_c_line(e, "%s = %s != 0;", y, into);
    }
    release_temp(e, parts[r]);
  }
}

/* ------------------------------------------------------------ segred */

/* The group version: one work-group per segment; the statements around the inner
 * reduction run on every work-item (they are scalar code), the reduction is shared. */
static void emit_segred_group(struct emitter *e, const struct ir_stm *s,
                              const struct lower_kernel *k, const char *w) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  const struct ir_stm *inner = k->inner;
  const struct ir_soac *in = &inner->exp.u.soac;
  int nacc = in->neutral_count;
  const struct kir_kernel *kk = cl_kir(k, "_group");
  struct kbuild kb;
  kb_start(e, &kb, kk->name);
  kb_long(e, &kb, "w", w);
  kb_soac_args(e, &kb, so, s->pat, s->pat_count, k);
  kb_body(e, &kb);
  emit_c_line(e, "const long lid = get_local_id(0);");
  const char **loc = cl_tree(e, kk, 0, nacc);
  emit_c_line(e, "for (long seg = get_group_id(0); seg < w; seg += get_num_groups(0)) {");
  e->indent++;
  emit_c_line(e, "bool failed = false;");
  const char **res = declare_results(e, f->ret, f->ret_count);
  emit_c_line(e, "{");
  e->indent++;
  cl_bind_map_rows(e, so, "seg");
  for (int i = 0; i < k->inner_index; i++) {
    /* Declared before any jump, so that failures can skip their definitions. */
    (void)i;
  }
  const char *label;
  cl_state(e)->fail_action = fail_region(e, &label);
  struct ir_body prefix = *f->body;
  prefix.stm_count = k->inner_index;
  cl_kernel_body(e, &prefix);
  emit_c_line(e, "%s:;", label);
  /* The inner reduction: its accumulators are the statement's pattern. */
  const char **acc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    acc[r] = emit_c_var(e, inner->pat[r]);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(inner->pat[r]->type.prim), acc[r],
            emit_c_subexp(e, in->neutral[r]));
  }
  emit_c_line(e, "const long m = %s;", emit_c_subexp(e, in->width));
  const char *label2;
  cl_state(e)->fail_action = fail_region(e, &label2);
  cl_check_widths(e, in, "m", emit_c_printf(e, "%s", loc_format(inner->loc)), true);
  open_group_elements(e, kk->elements == KIR_STRIDED, "m");
  const char **vals = cl_reduction_values(e, in, "j", true);
  cl_combine(e, in->op, acc, vals);
  close_group_elements(e, label2, in->op, loc, acc);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  const char *label3;
  cl_state(e)->fail_action = fail_region(e, &label3);
  emit_c_line(e, "if (lid == 0 && !failed) {");
  e->indent++;
  struct ir_body suffix = *f->body;
  suffix.stms = f->body->stms + k->inner_index + 1;
  suffix.stm_count = f->body->stm_count - k->inner_index - 1;
  cl_kernel_body(e, &suffix);
  for (int r = 0; r < f->ret_count; r++) {
    emit_c_line(e, "%s = %s;", res[r], emit_c_subexp(e, f->body->results[r]));
  }
  store_results(e, s->pat, s->pat_count, res, "seg");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label3);
  cl_state(e)->fail_action = "return;";
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_segment_groups(ctx, %s)", w));
}

void emit_segred(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = checked_width(e, so);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *mw = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", mw, emit_c_subexp(e, k->inner->exp.u.soac.width));
  emit_c_line(e, "if (rts_cl_use_group_version(ctx, %s, %s)) {", w, mw);
  e->indent++;
  emit_segred_group(e, s, k, w);
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  transpose_walked(e, s, k);
  emit_map_kernel(e, s, k, w, "_flat");
  release_walked(e, k);
  e->indent--;
  emit_c_line(e, "}");
}
