/* Group code's steps (the kernel IR's, src/lower/kernel.h): the statements of an
 * intra-group kernel's body as OpenCL C, each array in its slot, inner SOACs shared
 * out among the segment's work-items, with the barriers and failure flags of Note
 * [intra-group kernels] in cl_intra.c, which emits the kernel around them.
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"

void group_barrier(struct emitter *e, const struct intra *g) {
  (void)g;
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
  emit_c_line(e, "gf = gfail;");
}

/* Note [uniform element loops]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The work-items of a group share out an inner SOAC's n elements, RTS_GROUP at a
 * time. The loop is written
 *
 *     for (long jb = RTS_ELEM_FIRST; jb < n && !gf; jb += RTS_GROUP) {
 *       const long j = RTS_ELEM_INDEX(jb);
 *       if (j < n) { BODY }
 *     }
 *
 * and the kernels' prelude (rts/opencl/prelude.cl) picks one of two forms. By default
 * it is `for (j = lid; j < n; j += RTS_GROUP)`: RTS_ELEM_FIRST is lid, the index is jb
 * and the guard is always true (compilers drop it). Where the runtime builds with
 * -DRTS_UNIFORM_ELEMENT_LOOPS (on PoCL), every work-item runs the same trip count from
 * 0 and guards its own element (RTS_ELEM_INDEX(jb) = jb + lid). Both are valid
 * OpenCL, but PoCL's default work-group compiler (loopvec, PoCL 3.1) miscompiles the
 * first when such a loop comes before a loop that holds barriers and whose trip count
 * is a constant: the statements between the barriers before that loop were skipped, so
 * that a group kernel's loop started from the previous row's values
 * (tests/backend_opencl/intra_race.dsl). The uniform form is not the default because
 * it cost NVIDIA's compiler time: rownorm of bench/soacs-opencl ran at 0.64x of the
 * copy with it on an H200 against 0.71x to 0.72x before (bench/RESULTS.md). A
 * specialised build (Note [specialised kernels] in rts/opencl/opencl.c) takes the
 * uniform form too: there n and the group's work-items are constants, so every
 * work-item's trip count is the same constant and the device's compiler unrolls the
 * loop, issuing all of a work-item's global loads before the first use. On the H200
 * that ran the FFT's group kernel 1.0x to 1.45x faster (bench/RESULTS.md). */

/* for (j = lid; j < n; j += seg_items) { BODY } with element failures flagged, in the
 * form of Note [uniform element loops]; seg_items is the work-items of a segment
 * (RTS_GROUP unless the kernel packs segments: Note [segments per group] in
 * src/lower/kernels.c), lid the work-item's place among them. With a variable t, the
 * loop counts the work-item's elements in t instead, unrolled, at most
 * RTS_STAGE_TRIPS of them (a staged scatter's: Note [staged scatters] in
 * src/lower/kernels.c). Its trips past the work-item's last element continue rather
 * than break: with a constant trip count the device's compiler unrolls the loop whole,
 * so that t is a constant in each copy of the body and the staged arrays, indexed by
 * t, become registers. With `break`, clang 14 for nvptx64 left the FFT's staged passes
 * rolled, their arrays in a 3 KiB stack frame of local memory (1632 loads and stores in
 * its PTX; none with `continue`), and on the H200 those passes ran at a third of the
 * speed of a scatter into a second buffer (bench/RESULTS.md, "Passes in place"). */
static const char *open_elements(struct emitter *e, const char *n, const char *type,
                                 const char *t, const char **label) {
  *label = emit_c_printf(e, "elem_%d", ++cl_state(e)->next_label);
  const char *jb = emit_c_tmp(e);
  const char *j = emit_c_tmp(e);
  if (t == NULL) {
    emit_c_line(e, "for (%s %s = RTS_ELEM_FIRST; %s < %s && !gf; %s += seg_items) {", type,
                jb, jb, n, jb);
  } else {
    emit_c_line(e, "#pragma unroll");
    emit_c_line(e, "for (int %s = 0; %s < RTS_STAGE_TRIPS; %s++) {", t, t, t);
    emit_c_line(e, "  const %s %s = RTS_ELEM_FIRST + %s * seg_items;", type, jb, t);
    emit_c_line(e, "  if (%s >= %s || gf) continue;", jb, n);
  }
  emit_c_line(e, "  const %s %s = RTS_ELEM_INDEX(%s);", type, j, jb);
  emit_c_line(e, "  if (%s < %s) {", j, n);
  e->indent += 2;
  cl_state(e)->fail_action = emit_c_printf(e, "gfail = 1; goto %s;", *label);
  cl_state(e)->guard = NULL;
  return j;
}

static const char *open_strided(struct emitter *e, const char *n, const char *type,
                                const char **label) {
  return open_elements(e, n, type, NULL, label);
}

static void close_strided(struct emitter *e, const struct intra *g, const char *label) {
  emit_c_line(e, "%s:;", label);
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  cl_state(e)->fail_action = "gfail = 1; gf = 1;";
  cl_state(e)->guard = "gf";
}


/* The type of an element loop over an inner SOAC's elements: its index's (a narrow
 * index may count in 32 bits: rts_cl_narrow leaves room for the loop's last step). */
static const char *index_type(struct emitter *e, const struct ir_soac *so) {
  const struct ir_var *i = so->map_fn != NULL ? so->map_fn->index : NULL;
  return i != NULL ? emit_c_var_type(e, i) : "long";
}

/* Fills y's slot with the elements of x, a replicate, an iota or a copy. */
static void fill_slot(struct emitter *e, struct intra *g, const struct ir_var *y,
                      const struct ir_exp *x) {
  view_slot(e, g, y);
  const struct cl_view *w = cl_view_of(e, y);
  const char *label, *j = open_strided(e, w->dims[0], "long", &label);
  const char *value;
  if (x->kind == IR_REPLICATE) {
    value = emit_c_subexp(e, x->u.replicate.value);
  } else if (x->kind == IR_IOTA) {
    value = j;
  } else {
    const struct cl_view *from = cl_view_of(e, x->u.copy);
    value = emit_c_printf(e, "%s[%s]", from->ptr, j);
  }
  emit_c_line(e, "%s[%s] = (%s)(%s);", w->ptr, j, cl_elem_type(y->type.prim), value);
  close_strided(e, g, label);
}

static void group_fill(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  fill_slot(e, g, s->pat[0], &s->exp);
}

static void group_map(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int k = 0; k < s->pat_count; k++) {
    view_slot(e, g, s->pat[k]);
  }
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  const char *label, *j = open_strided(e, n, index_type(e, so), &label);
  const char **res = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
  cl_apply_map_fn(e, so, j, res);
  store_results(e, s->pat, s->pat_count, res, j);
  close_strided(e, g, label);
}

/* The writes of one element of scatter s, whose indices and then values are `res`
 * (expressions), each index in bounds of its destination. */
static void scatter_writes(struct emitter *e, const struct ir_stm *s, const char *const *res) {
  const struct ir_soac *so = &s->exp.u.soac;
  int index_count = 0;
  for (int d = 0; d < so->dest_count; d++) {
    index_count += so->dest_writes != NULL ? so->dest_writes[d] : 1;
  }
  for (int d = 0, first = 0, value = index_count; d < so->dest_count; d++) {
    const struct cl_view *v = cl_view_of(e, s->pat[d]);
    int writes = so->dest_writes != NULL ? so->dest_writes[d] : 1;
    for (int k = 0; k < writes; k++, first++, value++) {
      emit_c_line(e, "if ((ulong)(long)%s < (ulong)%s) {", res[first], v->dims[0]);
      emit_c_line(e, "  %s[(long)%s] = (%s)%s;", v->ptr, res[first],
                  cl_elem_type(s->pat[d]->type.prim), res[value]);
      emit_c_line(e, "}");
    }
  }
}

/* Each work-item computes its elements of scatter s, n of them in all, and writes
 * them. */
static void scatter_elements(struct emitter *e, struct intra *g, const struct ir_stm *s,
                             const char *n) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *label, *j = open_strided(e, n, index_type(e, so), &label);
  const char **res = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
  cl_apply_map_fn(e, so, j, res);
  scatter_writes(e, s, res);
  close_strided(e, g, label);
}

/* A staged scatter (Note [staged scatters] in src/lower/kernels.c), when each
 * work-item has at most RTS_STAGE_TRIPS of its n elements: the elements into private
 * arrays, reading the destinations themselves in place of their copies, a barrier,
 * then the writes. */
static void staged_scatter(struct emitter *e, struct intra *g, const struct kir_step *st,
                           const char *n) {
  const struct ir_stm *s = st->stm;
  const struct ir_soac *so = &s->exp.u.soac;
  for (int i = 0; i < st->shadow_count; i++) {
    cl_state(e)->views[st->shadow[i]->id] = cl_view_of(e, st->shadowed[i]);
  }
  int count = so->map_fn->ret_count;
  const char **stage = ARENA_ARRAY(&e->arena, const char *, count + 1);
  const char **at = ARENA_ARRAY(&e->arena, const char *, count + 1);
  for (int r = 0; r < count; r++) {
    stage[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s[RTS_STAGE_ARRAY];", emit_c_elem_type(so->map_fn->ret[r].prim),
                stage[r]);
  }
  const char *label, *t = emit_c_tmp(e);
  const char *j = open_elements(e, n, index_type(e, so), t, &label);
  const char **res = declare_results(e, so->map_fn->ret, count);
  cl_apply_map_fn(e, so, j, res);
  for (int r = 0; r < count; r++) {
    emit_c_line(e, "%s[%s] = %s;", stage[r], t, res[r]);
  }
  close_strided(e, g, label);
  group_barrier(e, g);
  t = emit_c_tmp(e);
  (void)open_elements(e, n, index_type(e, so), t, &label);
  for (int r = 0; r < count; r++) {
    at[r] = emit_c_printf(e, "%s[%s]", stage[r], t);
  }
  scatter_writes(e, s, at);
  close_strided(e, g, label);
}

static void group_scatter(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const struct ir_stm *s = st->stm;
  const struct ir_soac *so = &s->exp.u.soac;
  for (int d = 0; d < so->dest_count; d++) {
    cl_state(e)->views[s->pat[d]->id] = cl_view_of(e, so->dests[d]);
  }
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  if (st->shadow_count == 0) {
    scatter_elements(e, g, s, n);
    return;
  }
  /* The group takes one branch: n and seg_items are the same for all its work-items. */
  if (st->staged) {
    emit_c_line(e, "if (%s <= (long)RTS_STAGE_TRIPS * seg_items) {", n);
    e->indent++;
    staged_scatter(e, g, st, n);
    e->indent--;
    emit_c_line(e, "} else {");
  } else {
    emit_c_line(e, "{");
  }
  e->indent++;
  const char *at = emit_c_tmp(e);
  emit_c_line(e, "long %s = 0;", at);
  for (int i = 0; i < st->shadow_count; i++) {
    const struct ir_var *v = st->shadow[i];
    emit_c_line(e, "__global %s *%s = (__global %s *)(spill_base + %s);",
                cl_elem_type(v->type.prim), slot_name(g, v), cl_elem_type(v->type.prim), at);
    emit_c_line(e, "%s += %s;", at, slot_bytes(e, v));
  }
  for (int i = 0; i < st->shadow_count; i++) {
    struct ir_exp copy = {.kind = IR_COPY};
    copy.u.copy = (struct ir_var *)st->shadowed[i];
    fill_slot(e, g, st->shadow[i], &copy);
  }
  group_barrier(e, g);
  scatter_elements(e, g, s, n);
  e->indent--;
  emit_c_line(e, "}");
}

/* The end of an inner reduction or scan: a failure of the block's work-items becomes
 * the group's, and the block closes (the barrier step after it follows). */
static void close_group_soac(struct emitter *e) {
  emit_c_line(e, "if (failed) {");
  emit_c_line(e, "  gfail = 1;");
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  cl_state(e)->fail_action = "gfail = 1; gf = 1;";
  cl_state(e)->guard = "gf";
}

/* The names of a reduction step's tree (its local buffers, declared with the kernel). */
static const char **tree_names(struct emitter *e, const struct intra *g,
                               const struct kir_step *st, int n) {
  const char **loc = ARENA_ARRAY(&e->arena, const char *, n + 1);
  for (int r = 0; r < n; r++) {
    loc[r] = g->kk->local[st->tree + r].name;
  }
  return loc;
}

static void group_reduce(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const struct ir_stm *s = st->stm;
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  for (int k = nacc; k < s->pat_count; k++) {
    view_slot(e, g, s->pat[k]);
  }
  const char **loc = tree_names(e, g, st, nacc);
  const char **acc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    acc[r] = emit_c_var(e, s->pat[r]);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(s->pat[r]->type.prim), acc[r],
                emit_c_subexp(e, so->neutral[r]));
  }
  emit_c_line(e, "{");
  e->indent++;
  emit_c_line(e, "bool failed = false;");
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  const char *label;
  cl_state(e)->fail_action = fail_region(e, &label);
  cl_state(e)->guard = NULL;
  open_group_elements(e, st->elements == KIR_STRIDED, n);
  const char **vals = cl_reduction_values(e, so, "j", true);
  if (so->map_fn != NULL) {
    store_results(e, s->pat + nacc, s->pat_count - nacc, vals + nacc, "j");
  }
  cl_combine(e, so->op, acc, vals);
  close_group_elements(e, label, so->op, loc, acc);
  close_group_soac(e);
}

/* An inner scan or scanomap: the group scans RTS_GROUP elements at a time in order
 * (map_fn's values, the map outputs stored), each chunk by group_scan in its local
 * arrays, from the carry of the chunks before. */
static void group_scan_soac(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const struct ir_stm *s = st->stm;
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  for (int k = 0; k < s->pat_count; k++) {
    view_slot(e, g, s->pat[k]);
  }
  const char **loc = tree_names(e, g, st, nacc);
  emit_c_line(e, "{");
  e->indent++;
  /* false, as in group_reduce: an earlier failure is the group's already (gfail), and
   * PoCL 3.1 skipped this loop's stores when failed started from gf. */
  emit_c_line(e, "bool failed = false;");
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  const char **carry = declare_accumulators(e, so, "carry");
  cl_state(e)->guard = NULL;
  emit_c_line(e, "for (long base = 0; base < %s; base += RTS_GROUP) {", n);
  e->indent++;
  emit_c_line(e, "const long i = base + lid;");
  const char **one = scan_element(e, s, emit_c_printf(e, "i < %s", n));
  store_local(e, so->op, loc, one, "lid");
  group_scan(e, so->op, loc, one);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  const char **y = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **last = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    const char *t = emit_c_elem_type(so->op->params[r]->type.prim);
    y[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s = %s;", t, y[r], carry[r]);
    last[r] = emit_c_printf(e, "(%s)%s[min((long)RTS_GROUP, %s - base) - 1]", t, loc[r], n);
  }
  const char *label;
  cl_state(e)->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (i < %s && !failed) {", n);
  e->indent++;
  cl_combine(e, so->op, y, one);
  store_results(e, s->pat, nacc, y, "i");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "if (!failed) {");
  cl_combine(e, so->op, carry, last);
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  close_loop(e);
  close_group_soac(e);
}

/* Copies view x into the slot of array y, one element per work-item. */
static void copy_into_slot(struct emitter *e, struct intra *g, const struct ir_var *y,
                           const struct cl_view *x) {
  const struct cl_view *w = cl_view_of(e, y);
  const char *label, *j = open_strided(e, w->dims[0], "long", &label);
  emit_c_line(e, "%s[%s] = %s[%s];", w->ptr, j, x->ptr, j);
  close_strided(e, g, label);
}

/* A loop parameter: a scalar variable, or an array in its slot. */
static void bind_param(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const struct ir_loop *l = &st->stm->exp.u.loop;
  struct ir_var *p = l->params[st->param];
  if (p->type.rank == 0) {
    emit_c_line(e, "%s %s = %s;", emit_c_var_type(e, p), emit_c_var(e, p),
                emit_c_subexp(e, l->inits[st->param]));
  } else {
    view_slot(e, g, p);
  }
}

/* One trip of a group loop's body: the body's steps, then its results into the
 * parameters. */
static void loop_trip(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const struct ir_loop *l = &st->stm->exp.u.loop;
  group_steps(e, g, &st->body);
  const char **tmp = ARENA_ARRAY(&e->arena, const char *, l->param_count + 1);
  for (int i = 0; i < l->param_count; i++) {
    struct ir_var *p = l->params[i];
    if (p->type.rank == 0) {
      tmp[i] = emit_c_tmp(e);
      emit_c_line(e, "const %s %s = %s;", emit_c_elem_type(p->type.prim), tmp[i],
                  emit_c_subexp(e, l->body->results[i]));
    }
  }
  group_steps(e, g, &st->next);
  for (int i = 0; i < l->param_count; i++) {
    if (l->params[i]->type.rank == 0) {
      emit_c_line(e, "%s = %s;", emit_c_var(e, l->params[i]), tmp[i]);
    }
  }
}

static void group_loop(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const struct ir_stm *s = st->stm;
  const struct ir_loop *l = &s->exp.u.loop;
  group_steps(e, g, &st->init);
  /* The flag is the same on every work-item here (a barrier came last). A loop whose
   * trips the specialised values fix has its first trips unrolled in the specialised
   * build (Note [unrolled group loops] in src/lower/kernels.c). */
  if (st->fixed_trips && g->version->specialised) {
    emit_c_line(e, "#ifdef RTS_SPEC_%s", g->version->name);
    emit_c_line(e, "#pragma unroll");
    const char *u = emit_c_tmp(e);
    emit_c_line(e, "for (int %s = 0; %s < RTS_UNROLL_TRIPS; %s++) {", u, u, u);
    e->indent++;
    emit_c_line(e, "if (!%s || gf) break;", emit_c_var(e, l->cond));
    loop_trip(e, g, st);
    e->indent--;
    emit_c_line(e, "}");
    emit_c_line(e, "#endif");
  }
  if (l->is_while) {
    emit_c_line(e, "while (%s && !gf) {", emit_c_var(e, l->cond));
  } else {
    const char *t = emit_c_elem_type(l->index->type.prim), *i = emit_c_var(e, l->index);
    const char *bound = emit_c_tmp(e);
    emit_c_line(e, "const %s %s = %s;", t, bound, emit_c_subexp(e, l->bound));
    emit_c_line(e, "for (%s %s = 0; %s < %s && !gf; %s++) {", t, i, i, bound, i);
  }
  e->indent++;
  loop_trip(e, g, st);
  e->indent--;
  emit_c_line(e, "}");
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank == 0) {
      emit_c_line(e, "const %s %s = %s;", emit_c_var_type(e, s->pat[i]),
                  emit_c_var(e, s->pat[i]), emit_c_var(e, l->params[i]));
    } else {
      cl_state(e)->views[s->pat[i]->id] = cl_view_of(e, l->params[i]);
    }
  }
}

/* The arms' results into the if's scalar variables (declared before it). */
static void assign_results(struct emitter *e, const struct ir_stm *s, const struct ir_body *arm) {
  for (int k = 0; k < s->pat_count; k++) {
    if (s->pat[k]->type.rank == 0) {
      emit_c_line(e, "%s = %s;", emit_c_var(e, s->pat[k]), emit_c_subexp(e, arm->results[k]));
    }
  }
}

/* A branch of the whole group: the condition is the same on every work-item (group
 * code's scalars are), so all take the same arm and meet at its barriers. An array
 * result has its own slot, which each arm's copy step fills, or is the slot that both
 * arms' results are in (Note [slots of loops] in src/lower/kernels.c). */
static void group_if(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const struct ir_stm *s = st->stm;
  for (int k = 0; k < s->pat_count; k++) {
    const struct ir_var *y = s->pat[k];
    if (y->type.rank == 0) {
      emit_c_line(e, "%s %s;", emit_c_var_type(e, y), emit_c_var(e, y));
    } else if (g->slot_of[y->id] != 0) {
      view_slot(e, g, y);
    }
  }
  emit_c_line(e, "if (%s) {", emit_c_subexp(e, s->exp.u.if_.cond));
  e->indent++;
  group_steps(e, g, &st->body);
  assign_results(e, s, s->exp.u.if_.then_body);
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  group_steps(e, g, &st->orelse);
  assign_results(e, s, s->exp.u.if_.else_body);
  e->indent--;
  emit_c_line(e, "}");
  for (int k = 0; k < s->pat_count; k++) {
    const struct ir_var *y = s->pat[k];
    if (y->type.rank > 0 && g->slot_of[y->id] == 0) {
      cl_state(e)->views[y->id] = cl_view_of(e, s->exp.u.if_.then_body->results[k].u.var);
    }
  }
}

/* The slots change hands at once (Note [slots of loops] in src/lower/kernels.c): each
 * slot is a pointer of the work-item, and every work-item moves them alike. */
static void group_rotate(struct emitter *e, struct intra *g, const struct kir_step *st) {
  const char **tmp = ARENA_ARRAY(&e->arena, const char *, st->rotate_count + 1);
  for (int r = 0; r < st->rotate_count; r++) {
    const struct ir_var *from = st->rotate_from[r];
    tmp[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s *%s = %s;", g->space, cl_elem_type(from->type.prim), tmp[r],
                slot_name(g, from));
  }
  for (int r = 0; r < st->rotate_count; r++) {
    emit_c_line(e, "%s = %s;", slot_name(g, st->rotate_to[r]), tmp[r]);
  }
}

/* Group code: the kernel IR's steps (Note [intra-group kernels] in cl_intra.c). */
void group_steps(struct emitter *e, struct intra *g, const struct kir_steps *steps) {
  for (int i = 0; i < steps->count; i++) {
    const struct kir_step *st = &steps->items[i];
    if (st->kind == KIR_STEP_BARRIER) {
      group_barrier(e, g);
      continue;
    }
    diag_checkpoint(st->stm->loc);
    cl_set_where(e, st->stm);
    switch (st->kind) {
    case KIR_STEP_FILL:
      group_fill(e, g, st->stm);
      break;
    case KIR_STEP_MAP:
      group_map(e, g, st->stm);
      break;
    case KIR_STEP_SCATTER:
      group_scatter(e, g, st);
      break;
    case KIR_STEP_REDUCE:
      group_reduce(e, g, st);
      break;
    case KIR_STEP_SCAN:
      group_scan_soac(e, g, st);
      break;
    case KIR_STEP_LOOP:
      group_loop(e, g, st);
      break;
    case KIR_STEP_BIND:
      bind_param(e, g, st);
      break;
    case KIR_STEP_IF:
      group_if(e, g, st);
      break;
    case KIR_STEP_COPY:
      copy_into_slot(e, g, st->to, cl_view_of(e, st->from.u.var));
      break;
    case KIR_STEP_ROTATE:
      group_rotate(e, g, st);
      break;
    case KIR_STEP_SCALAR: {
      struct ir_stm *one_stm = (struct ir_stm *)st->stm;
      struct ir_body one = {.stms = &one_stm, .stm_count = 1};
      cl_kernel_body(e, &one);
      break;
    }
    case KIR_STEP_BARRIER:
      break;
    }
  }
}
