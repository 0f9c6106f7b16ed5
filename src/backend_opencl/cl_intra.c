/* The intra form (lower.h): a map whose rows each run in one work-group, the row's
 * arrays in local memory and its inner SOACs shared out among the group's work-items
 * (Note [intra-group kernels]).
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ intra */

/* Note [intra-group kernels]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * One work-group per element `seg` of the map (a grid-stride loop over the groups). The
 * map's body is group code (lower.h): scalar statements run on every work-item alike
 * (they read the same values, so they take the same branches and fail alike), and each
 * array the body makes has a slot of its length in the group's memory: __local memory
 * when all slots fit (the first version), else a slice of a global scratch buffer per
 * work-group (the second). Inner maps, scatters, replicates, iotas and copies run with
 * one element per work-item (strided over the length), followed by a barrier; inner
 * reductions combine in order through a tree in local memory; loops carry their arrays
 * in slots of their own, into which each pass's results are copied between barriers.
 * A work-item that fails in an element sets the group's flag `gfail` and goes on to the
 * barrier; after each barrier the whole group reads the flag and skips to the next
 * element of the map, so no work-item waits at a barrier that the others passed. Each
 * work-item reads the flag into a private `gf` right after each barrier and tests that.
 * The flag is volatile (RTS_FLAG_QUALIFIER, prelude.cl): NVIDIA's compiler (driver
 * 580) miscompiles some kernels whose flag is not; but not on PoCL, which mishandles a
 * volatile __local variable across barriers (the runtime builds for it without).
 */

/* The slots' indices by variable. */
static void find_slots(struct emitter *e, struct intra *g) {
  g->slot_of = ARENA_ARRAY(&e->arena, int, e->var_count + 1);
  for (int i = 0; i < g->kk->local_count; i++) {
    if (g->kk->local[i].var != NULL) {
      g->slot_of[g->kk->local[i].var->id] = i + 1;
    }
    if (g->kk->local[i].param != NULL) {
      g->slot_of[g->kk->local[i].param->id] = i + 1;
    }
  }
}

const char *slot_bytes(struct emitter *e, const struct ir_var *v) {
  return emit_c_printf(e, "rts_align8((int64_t)%s * %d)", emit_c_subexp(e, v->type.dims[0]),
                       prim_bytes(v->type.prim));
}

/* Whether the i-th buffer is a slot in the version's own space, not in the spill
 * buffer (Note [spilled copies]). */
static bool own_slot(const struct intra *g, int i) {
  return g->kk->local[i].var != NULL && !g->kk->local[i].spill;
}

/* `start` + the bytes of the slots of vars[0..count), an expression of the kernel or
 * of the host (unchecked; bytes_sum_checked checks each term). */
static const char *bytes_sum(struct emitter *e, const char *start,
                             const struct ir_var *const *vars, int count) {
  struct strbuf b;
  strbuf_init(&b);
  strbuf_puts(&b, start);
  for (int i = 0; i < count; i++) {
    strbuf_printf(&b, " + %s", slot_bytes(e, vars[i]));
  }
  const char *r = emit_c_printf(e, "%s", b.data);
  strbuf_free(&b);
  return r;
}

/* A new variable of the host: `start` + the bytes of the slots of vars[0..count), each
 * term checked (rts_cl_add_slot fails with a message where the sum overflows). */
static const char *bytes_sum_checked(struct emitter *e, int start,
                                     const struct ir_var *const *vars, int count) {
  const char *total = emit_c_tmp(e);
  emit_c_line(e, "int64_t %s = %d;", total, start);
  for (int i = 0; i < count; i++) {
    emit_c_try(e, "rts_cl_add_slot(ctx, %s, &%s, %s, %d)", e->where, total,
               emit_c_subexp(e, vars[i]->type.dims[0]), prim_bytes(vars[i]->type.prim));
  }
  return total;
}

/* The arrays of the slots in the version's own space, in the layout's order, their
 * number into *count. */
static const struct ir_var **own_slots(struct emitter *e, const struct intra *g, int *count) {
  const struct ir_var **vars =
      ARENA_ARRAY(&e->arena, const struct ir_var *, g->kk->local_count + 1);
  *count = 0;
  for (int i = 0; i < g->kk->local_count; i++) {
    if (own_slot(g, i)) {
      vars[(*count)++] = g->kk->local[i].var;
    }
  }
  return vars;
}

/* The bytes of all slots in the version's own space and the group's flag: the same
 * expression on the host and in the kernel. */
static const char *slots_total(struct emitter *e, const struct intra *g) {
  int count = 0;
  const struct ir_var **vars = own_slots(e, g, &count);
  return emit_c_printf(e, "(%s)", bytes_sum(e, "(int64_t)8", vars, count));
}

/* Note [spilled copies]
 * ~~~~~~~~~~~~~~~~~~~~~
 * The copies of a staged scatter's destinations (Note [staged scatters] in
 * src/lower/kernels.c) live in a global buffer of their own, `spill`, in every
 * version: the local memory they would take goes unused whenever the scatter is
 * staged. A copy lives only while its scatter step runs, so each staged step lays out
 * its copies from the start of the segment's part of the buffer, declared where the
 * step fills them; that part is as long as the longest step's copies (spill_bytes),
 * not as all of them: the passes of a loop in place over a row share one row's worth. */

/* What spill_bytes adds up: into `acc`, a variable of the host or of the kernel. */
struct spill_sum {
  struct emitter *e;
  const char *acc;
  bool host;
};

/* A staged step's copies into the maximum (each term checked on the host, as in
 * slots_total_checked); other steps add nothing. Never stops the walk. */
static bool spill_of_step(const struct kir_step *st, void *arg) {
  const struct spill_sum *sum = arg;
  if (st->kind != KIR_STEP_SCATTER || st->shadow_count == 0) {
    return false;
  }
  struct emitter *e = sum->e;
  if (sum->host) {
    const char *t = bytes_sum_checked(e, 0, st->shadow, st->shadow_count);
    emit_c_line(e, "%s = %s > %s ? %s : %s;", sum->acc, t, sum->acc, t, sum->acc);
  } else {
    emit_c_line(e, "%s = max(%s, %s);", sum->acc, sum->acc,
                bytes_sum(e, "(long)0", st->shadow, st->shadow_count));
  }
  return false;
}

/* A segment's bytes of the spill buffer (Note [spilled copies]) for the group code
 * `steps`, into a new variable of the host (each term checked, as in
 * slots_total_checked) or of the kernel; NULL when no step is staged. */
static const char *spill_bytes(struct emitter *e, const struct intra *g,
                               const struct kir_steps *steps, bool host) {
  bool any = false;
  for (int i = 0; i < g->kk->local_count; i++) {
    any = any || g->kk->local[i].spill;
  }
  if (!any) {
    return NULL;
  }
  const char *acc = emit_c_tmp(e);
  emit_c_line(e, "%s %s = 0;", host ? "int64_t" : "long", acc);
  struct spill_sum sum = {e, acc, host};
  kir_any_step(steps, spill_of_step, &sum);
  return acc;
}

/* The local memory of the reductions' trees and the flag. */
static const char *trees_bytes(struct emitter *e, const struct intra *g) {
  struct strbuf b;
  strbuf_init(&b);
  strbuf_puts(&b, "(int64_t)16");
  for (int i = 0; i < g->kk->local_count; i++) {
    if (g->kk->local[i].extent == KIR_EXTENT_GROUP) {
      strbuf_printf(&b, " + (int64_t)RTS_GROUP * %d", prim_bytes(g->kk->local[i].prim));
    }
  }
  const char *r = emit_c_printf(e, "(%s)", b.data);
  strbuf_free(&b);
  return r;
}

const char *slot_name(const struct intra *g, const struct ir_var *v) {
  if (g->slot_of[v->id] == 0) {
    diag_ice("emit_opencl", (struct loc){0}, "kernel %s: an array of group code has no slot",
             g->kk->name);
  }
  return g->kk->local[g->slot_of[v->id] - 1].name;
}

/* v's view is its slot. */
void view_slot(struct emitter *e, const struct intra *g, const struct ir_var *v) {
  const char *len = emit_c_printf(e, "(long)%s", emit_c_subexp(e, v->type.dims[0]));
  cl_set_view(e, v, slot_name(g, v), &len);
}

/* The bytes of all slots on the host, into a new variable: the value of slots_total,
 * each term checked (Note [Checked sizes] in rts/c/array.c), so that neither the host
 * nor the kernel, which computes the same sum, sees it wrap. */
static const char *slots_total_checked(struct emitter *e, const struct intra *g) {
  int count = 0;
  const struct ir_var **vars = own_slots(e, g, &count);
  return bytes_sum_checked(e, 8, vars, count);
}

/* The host's choice of segments per group for a kernel that packs them (Note
 * [segments per group] in src/lower/kernels.c), into a new variable, and of the
 * work-items of a segment, into the new variable *items. */
static const char *segments_per_group(struct emitter *e, const struct intra *g,
                                      const char *w, const char *host_total,
                                      const char **items) {
  const char *len = emit_c_tmp(e);
  emit_c_line(e, "int64_t %s = 1;", len);
  for (int i = 0; i < g->kk->local_count; i++) {
    const struct ir_var *v = g->kk->local[i].var;
    if (v != NULL) {
      const char *n = emit_c_subexp(e, v->type.dims[0]);
      emit_c_line(e, "%s = %s > %s ? %s : %s;", len, n, len, n, len);
    }
  }
  const char *spg = emit_c_tmp(e);
  *items = emit_c_tmp(e);
  emit_c_line(e, "int64_t %s = RTS_GROUP;", *items);
  emit_c_line(e, "const int64_t %s = rts_cl_segments_per_group(ctx, %s, %s, %s, &%s);", spg, w,
              len, host_total, *items);
  return spg;
}

/* The arguments that version kk is specialised on (Note [specialised kernels] in
 * rts/opencl/opencl.c), as lowering chose them: its rows per group and work-items per
 * row when packed, then kk->spec. */
static const struct kb_spec *intra_spec(struct emitter *e, const struct kir_kernel *kk,
                                        const char *spg, const char *items, int *count) {
  struct kb_spec *spec = ARENA_ARRAY(&e->arena, struct kb_spec, kk->spec_count + 2);
  *count = 0;
  if (!kk->specialised) {
    return spec;
  }
  if (kk->geo.packed) {
    spec[(*count)++] = (struct kb_spec){"spg", spg};
    spec[(*count)++] = (struct kb_spec){"seg_items", items};
  }
  for (int i = 0; i < kk->spec_count; i++) {
    const char *name = emit_c_var(e, kk->spec[i]);
    spec[(*count)++] = (struct kb_spec){name, name};
  }
  return spec;
}

/* One version of the kernel: slots in `space` memory, `spg` segments per group of
 * `items` work-items each (the host's variables for the packed version, else "1" and
 * NULL: RTS_GROUP); `host_total` is the value of slots_total on the host, `host_spill`
 * that of spill_bytes (NULL: no spill buffer). */
static void emit_intra_version(struct emitter *e, const struct ir_stm *s,
                               const struct lower_kernel *k, struct intra g, const char *w,
                               const struct kir_kernel *kk, const char *host_total,
                               const char *host_spill, const char *spg, const char *items) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  bool local = kk->space == KIR_SPACE_LOCAL;
  int count = 0;
  g.version = kk;
  g.space = local ? "__local" : "__global";
  const char *total = slots_total(e, &g);
  const char *groups = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = rts_cl_segment_groups(ctx, (%s + %s - 1) / %s);", groups, w,
              spg, spg);
  struct kbuild kb;
  const struct kb_spec *spec = intra_spec(e, kk, spg, items, &count);
  kb_start_specialised(e, &kb, kk->name, spec, count);
  kb_long(e, &kb, "w", w);
  if (kk->geo.packed) {
    kb_long(e, &kb, "spg", spg);
    kb_long(e, &kb, "seg_items", items);
    kb.group_size = emit_c_printf(e, "%s * %s", spg, items);
  }
  kb_soac_args(e, &kb, so, s->pat, s->pat_count, k);
  const char *scratch = NULL;
  if (local) {
    strbuf_puts(&kb.params, ", __local char *mem");
    kb_set_arg(e, &kb, emit_c_printf(e, "(size_t)(%s * %s)", host_total, spg), "NULL");
  } else {
    scratch = temp_buffer(e, PRIM_U8, host_total, groups);
    kb_buffer(e, &kb, PRIM_U8, "scratch", emit_c_printf(e, "%s.mem", scratch));
  }
  const char *spill = NULL;
  if (host_spill != NULL) {
    spill = temp_buffer(e, PRIM_U8, host_spill, emit_c_printf(e, "%s * %s", groups, spg));
    kb_buffer(e, &kb, PRIM_U8, "spill", emit_c_printf(e, "%s.mem", spill));
  }
  kb_body(e, &kb);
  /* The work-items of a segment, the segment's place in the group, and the work-item's
   * place in the segment (Note [segments per group] in src/lower/kernels.c): constants
   * but in the packed version, whose seg_items is an argument (a constant where the
   * kernel is specialised). */
  bool packed = kk->geo.packed;
  if (packed) {
    emit_c_line(e, "const long sub = get_local_id(0) / seg_items;");
    emit_c_line(e, "const long lid = get_local_id(0) - sub * seg_items;");
  } else {
    emit_c_line(e, "const long seg_items = RTS_GROUP;");
    emit_c_line(e, "const long lid = get_local_id(0);");
  }
  emit_c_line(e, "RTS_FLAG_QUALIFIER __local int gfail;");
  emit_c_line(e, "int gf = 0; /* gfail as of the last barrier */");
  int trees = 0;
  while (trees < kk->local_count && kk->local[trees].extent != KIR_EXTENT_GROUP) {
    trees++;
  }
  cl_tree(e, kk, trees, kk->local_count - trees);
  if (local) {
    emit_c_line(e, packed ? "__local char *base = mem + sub * %s;" : "__local char *base = mem;",
                total);
  } else {
    emit_c_line(e, "__global char *base = (__global char *)scratch + get_group_id(0) * %s;", total);
  }
  emit_c_line(e, "long offset = 8;");
  for (int i = 0; i < kk->local_count; i++) {
    const struct ir_var *v = kk->local[i].var;
    if (own_slot(&g, i)) {
      emit_c_line(e, "%s %s *%s = (%s %s *)(base + offset);", g.space, cl_elem_type(v->type.prim),
                  kk->local[i].name, g.space, cl_elem_type(v->type.prim));
      emit_c_line(e, "offset += %s;", slot_bytes(e, v));
    }
  }
  if (spill != NULL) {
    const char *bytes = spill_bytes(e, &g, &k->steps, false);
    emit_c_line(e, "__global char *spill_base = (__global char *)spill + %s * %s;",
                packed ? "(get_group_id(0) * spg + sub)" : "get_group_id(0)", bytes);
  }
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  gfail = 0;");
  emit_c_line(e, "}");
  /* A segment past the end runs the last one again and writes nothing. */
  if (packed) {
    emit_c_line(e, "for (long first = get_group_id(0) * spg; first < w; first += get_num_groups(0) * spg) {");
    e->indent++;
    emit_c_line(e, "const bool active = first + sub < w;");
    emit_c_line(e, "const long seg = active ? first + sub : w - 1;");
  } else {
    emit_c_line(e, "for (long seg = get_group_id(0); seg < w; seg += get_num_groups(0)) {");
    e->indent++;
    emit_c_line(e, "const bool active = true;");
  }
  cl_state(e)->fail_action = "gfail = 1; gf = 1;";
  cl_state(e)->guard = "gf";
  group_barrier(e, &g);
  emit_c_line(e, "{");
  e->indent++;
  cl_bind_map_rows(e, so, "seg");
  group_steps(e, &g, &k->steps);
  for (int r = 0; r < f->ret_count; r++) {
    const struct cl_view *out = cl_view_of(e, s->pat[r]);
    struct ir_subexp res = f->body->results[r];
    if (f->ret[r].rank == 0) {
      emit_c_line(e, "if (lid == 0 && active) {");
      emit_c_line(e, "  %s[seg] = (%s)%s;", out->ptr, cl_elem_type(s->pat[r]->type.prim),
                  emit_c_subexp(e, res));
      emit_c_line(e, "}");
    } else {
      const struct cl_view *x = cl_view_of(e, res.u.var);
      /* Note [uniform element loops] in cl_group.c. The loop runs to the row's own
       * length, not to the output's (the same value, but an argument that no build
       * fixes), so that a specialised build's trip count is a constant: to the
       * output's, rownorm of bench/soacs-opencl ran at 0.64x of the copy on the H200,
       * against 0.72x. */
      const char *jb = emit_c_tmp(e);
      const char *j = emit_c_tmp(e);
      emit_c_line(e, "for (long %s = RTS_ELEM_FIRST; %s < %s; %s += seg_items) {", jb, jb,
                  x->dims[0], jb);
      emit_c_line(e, "  const long %s = RTS_ELEM_INDEX(%s);", j, jb);
      emit_c_line(e, "  if (%s < %s && active) {", j, x->dims[0]);
      emit_c_line(e, "    %s[seg * %s + %s] = %s[%s];", out->ptr, out->dims[1], j, x->ptr, j);
      emit_c_line(e, "  }");
      emit_c_line(e, "}");
    }
  }
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  cl_state(e)->fail_action = "return;";
  cl_state(e)->guard = NULL;
  kb_launch(e, &kb, groups);
  if (scratch != NULL) {
    release_temp(e, scratch);
  }
  if (spill != NULL) {
    release_temp(e, spill);
  }
}

void emit_intra(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  const char *w = checked_width(e, so);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w,
                 f->ret[i].rank > 0 ? emit_c_subexp(e, f->ret[i].dims[0]) : NULL);
  }
  const struct kir_kernel *in_local = cl_kir(k, "_local"), *in_global = cl_kir(k, "_global");
  struct intra g = {.kk = in_local};
  find_slots(e, &g);
  const char *total = slots_total_checked(e, &g);
  const char *spill = spill_bytes(e, &g, &k->steps, true);
  emit_c_line(e, "if (rts_cl_fits_local(ctx, %s + %s)) {", total, trees_bytes(e, &g));
  e->indent++;
  const struct kir_kernel *in_packed = NULL;
  for (int i = 0; i < k->kernel_count; i++) {
    in_packed = k->kernels[i].geo.packed ? &k->kernels[i] : in_packed;
  }
  if (in_packed != NULL) {
    const char *items = NULL;
    const char *spg = segments_per_group(e, &g, w, total, &items);
    emit_c_line(e, "if (%s > 1 || %s < RTS_GROUP) {", spg, items);
    e->indent++;
    emit_intra_version(e, s, k, g, w, in_packed, total, spill, spg, items);
    e->indent--;
    emit_c_line(e, "} else {");
    e->indent++;
  }
  emit_intra_version(e, s, k, g, w, in_local, total, spill, "1", NULL);
  if (in_packed != NULL) {
    e->indent--;
    emit_c_line(e, "}");
  }
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  emit_intra_version(e, s, k, g, w, in_global, total, spill, "1", NULL);
  e->indent--;
  emit_c_line(e, "}");
}
