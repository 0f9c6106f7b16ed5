/* The scan form (lower.h): a reduce-then-scan of three phases, or a single-pass scan
 * whose tiles look back at their predecessors' published prefixes (Note [single-pass
 * scan], after Merrill and Garland, "Single-pass Parallel Prefix Scan with Decoupled
 * Look-back", 2016).
 */
#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ scan */

/* A scan's element i (when `in_range`): map_fn's values for op in fresh accumulators
 * (the neutral elements otherwise), its map outputs stored. */
const char **scan_element(struct emitter *e, const struct ir_stm *s, const char *in_range) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  const char **one = declare_accumulators(e, so, "one");
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (%s && !failed) {", in_range);
  e->indent++;
  const char **v = cl_reduction_values(e, so, "i", true);
  if (so->map_fn != NULL) {
    store_results(e, s->pat + nacc, s->pat_count - nacc, v + nacc, "i");
  }
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "%s = %s;", one[r], v[r]);
  }
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  cl_state(e)->fail_action = saved;
  return one;
}

/* The work-items' values `mine` (in loc[lid] too) scanned in order across the group
 * (Hillis and Steele): afterwards mine and loc[lid] hold the inclusive prefix. */
void group_scan(struct emitter *e, const struct ir_lambda *op, const char *const *loc,
                const char *const *mine) {
  int k = op->param_count / 2;
  emit_c_line(e, "for (long d = 1; d < RTS_GROUP; d <<= 1) {");
  e->indent++;
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  const char **left = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    const char *t = emit_c_elem_type(op->params[r]->type.prim);
    left[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s = %s;", t, left[r], mine[r]);
    emit_c_line(e, "if (lid >= d) {");
    emit_c_line(e, "  %s = (%s)%s[lid - d];", left[r], t, loc[r]);
    emit_c_line(e, "}");
  }
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if (lid >= d && !failed) {");
  e->indent++;
  const char *label;
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = fail_region(e, &label);
  cl_combine(e, op, left, mine);
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "%s = %s;", mine[r], left[r]);
    emit_c_line(e, "%s[lid] = (%s)%s;", loc[r], cl_elem_type(op->params[r]->type.prim), mine[r]);
  }
  emit_c_line(e, "%s:;", label);
  cl_state(e)->fail_action = saved;
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
}

/* The general scan, in three phases: each group's sum of its chunk, one work-item's
 * exclusive scan of the sums, then each group's scan of its chunk from its carry-in.
 * It reads its input twice. */
static void emit_scan_phases(struct emitter *e, const struct ir_stm *s,
                             const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  const struct ir_lambda *op = so->op;
  const char *w = checked_width(e, so);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *groups = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = rts_cl_partial_groups(ctx, %s);", groups, w);
  const char **parts = partial_buffers(e, so, groups);

  /* Phase 1: the sum of each group's chunk, in order (the map outputs wait for phase 3). */
  struct kbuild kb1;
  kb_start(e, &kb1, cl_kir(k, "_sums")->name);
  reduction_args(e, &kb1, s, k, w, false);
  const char **pn = buffer_params(e, &kb1, so, parts, "part");
  kb_body(e, &kb1);
  struct ir_stm sums = *s;
  sums.pat_count = nacc; /* no map outputs in this phase */
  group_partials(e, &sums, cl_kir(k, "_sums"), pn);
  kb_launch(e, &kb1, groups);

  /* Phase 2: the exclusive scan of the sums, by one work-item (there are few). */
  struct kbuild kb2;
  kb_start(e, &kb2, cl_kir(k, "_carries")->name);
  kb_long(e, &kb2, "n", groups);
  kb_free_vars(e, &kb2, k);
  const char **pn2 = buffer_params(e, &kb2, so, parts, "part");
  kb_body(e, &kb2);
  emit_c_line(e, "if (get_global_id(0) != 0) {");
  emit_c_line(e, "  return;");
  emit_c_line(e, "}");
  const char **acc = declare_accumulators(e, so, "acc");
  emit_c_line(e, "for (long i = 0; i < n; i++) {");
  e->indent++;
  const char **vals = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    vals[r] = emit_c_tmp(e);
    emit_c_line(e, "const %s %s = (%s)%s[i];", emit_c_elem_type(op->params[r]->type.prim), vals[r],
            emit_c_elem_type(op->params[r]->type.prim), pn2[r]);
    emit_c_line(e, "%s[i] = (%s)%s;", pn2[r], cl_elem_type(op->params[r]->type.prim), acc[r]);
  }
  cl_combine(e, op, acc, vals);
  close_loop(e);
  kb_launch(e, &kb2, "1");

  /* Phase 3: each group scans its chunk, RTS_GROUP elements at a time, from its carry. */
  struct kbuild kb3;
  kb_start(e, &kb3, cl_kir(k, "_scan")->name);
  reduction_args(e, &kb3, s, k, w, false);
  for (int i = 0; i < s->pat_count; i++) {
    kb_array(e, &kb3, s->pat[i]);
  }
  const char **pn3 = buffer_params(e, &kb3, so, parts, "part");
  kb_body(e, &kb3);
  emit_c_line(e, "const long lid = get_local_id(0), grp = get_group_id(0);");
  emit_c_line(e, "bool failed = false;");
  const char **loc = cl_tree(e, cl_kir(k, "_scan"), 0, nacc);
  const char **run = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    run[r] = emit_c_printf(e, "run_%d", r);
    emit_c_line(e, "%s %s = (%s)%s[grp];", emit_c_elem_type(op->params[r]->type.prim), run[r],
            emit_c_elem_type(op->params[r]->type.prim), pn3[r]);
  }
  emit_c_line(e, "const long chunk = (w + get_num_groups(0) - 1) / get_num_groups(0);");
  emit_c_line(e, "const long start = grp * chunk, end = min(start + chunk, w);");
  emit_c_line(e, "for (long base = start; base < end; base += RTS_GROUP) {");
  e->indent++;
  emit_c_line(e, "const long i = base + lid;");
  const char **one = scan_element(e, s, "i < end");
  store_local(e, op, loc, one, "lid");
  group_scan(e, op, loc, one);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  /* out[i] = run op one; run = run op loc[last]. */
  const char **r2 = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **last = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    r2[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(op->params[r]->type.prim), r2[r], run[r]);
    last[r] = emit_c_printf(e, "(%s)%s[min((long)RTS_GROUP, end - base) - 1]",
                            emit_c_elem_type(op->params[r]->type.prim), loc[r]);
  }
  const char *label3;
  cl_state(e)->fail_action = fail_region(e, &label3);
  emit_c_line(e, "if (i < end && !failed) {");
  e->indent++;
  cl_combine(e, op, r2, one);
  store_results(e, s->pat, nacc, r2, "i");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label3);
  emit_c_line(e, "if (!failed) {");
  e->indent++;
  const char *label4;
  cl_state(e)->fail_action = fail_region(e, &label4);
  cl_combine(e, op, run, last);
  emit_c_line(e, "%s:;", label4);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  cl_state(e)->fail_action = "return;";
  close_loop(e);
  kb_launch(e, &kb3, groups);
  for (int r = 0; r < nacc; r++) {
    release_temp(e, parts[r]);
  }
}

/* Note [single-pass scan]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * scan and scanomap read their input once and write once (Merrill and Garland's
 * decoupled look-back) when their operator combines one value of at most 32 bits (the
 * others take three phases, emit_scan_phases): each work-group takes the next tile of
 * RTS_SCAN_TILE elements (RTS_SCAN_ITEMS per work-item) from a global counter, so every
 * tile before it has
 * a group that started already; it loads the tile through local memory (coalesced),
 * applies map_fn, scans each work-item's consecutive elements and then the work-items'
 * totals, and publishes its aggregate (flag 1). It then looks back over the tiles
 * before it, combining their aggregates until it meets a tile that published its
 * inclusive prefix (flag 2), publishes its own, and the group writes its tile with that
 * prefix. A tile's flag and value share one 64-bit word, written and read atomically
 * (status_word). A group whose elements failed still publishes (its values do not
 * matter then, but the tiles after it wait for them).
 *
 * Where the time goes (H200, 2^28 f32): the look-back is a chain of waits on other
 * groups, each a round trip to L2; walked by one work-item, one predecessor at a time, it
 * kept the scan at half the copy's bandwidth. Now RTS_SCAN_LOOKBACK work-items read that
 * many predecessors' words at once, nearest first (each waits until its word has a
 * flag), and work-item 0 combines the window in order from local memory; a window
 * without an inclusive prefix is followed by the next. And each work-item's elements
 * are only combined before the look-back (its total) and scanned once after it, from
 * the prefix, so the tile passes through local memory once less. Together: 0.48x to
 * 0.73x of the copy (bench/RESULTS.md).
 */

/* The status word of a tile: flag (1 aggregate, 2 inclusive prefix) in the high half,
 * the value's bits in the low half, written and read by one 64-bit atomic, so that no
 * reader sees a flag before its value (OpenCL 1.2's fences order only one work-item's
 * own accesses, which is not enough on GPUs). */
static const char *status_word(struct emitter *e, enum prim_type t, const char *flag,
                               const char *v) {
  if (t == PRIM_F32) {
    return emit_c_printf(e, "(((ulong)%s << 32) | (ulong)as_uint(%s))", flag, v);
  }
  return emit_c_printf(e, "(((ulong)%s << 32) | (ulong)(uint)%s)", flag, v);
}

static const char *status_value(struct emitter *e, enum prim_type t, const char *word) {
  if (t == PRIM_F32) {
    return emit_c_printf(e, "as_float((uint)%s)", word);
  }
  return emit_c_printf(e, "(%s)(uint)%s", emit_c_elem_type(t), word);
}

/* The look-back of the single-pass scan (Note [single-pass scan]): publishes the tile's
 * aggregate (its inclusive prefix, for tile 0), combines the predecessors' values into
 * the exclusive prefix pre[0], and publishes the tile's inclusive prefix. The first
 * RTS_SCAN_LOOKBACK work-items each wait for one predecessor's status word, nearest
 * first; work-item 0 combines the window in order, up to the first inclusive prefix;
 * windows follow until one has it. */
static void emit_lookback(struct emitter *e, const struct ir_soac *so, const char *const *tot,
                          const char *const *pre) {
  const struct ir_lambda *op = so->op;
  enum prim_type t0 = op->params[0]->type.prim;
  const char *t = emit_c_elem_type(t0);
  const char **ag = ARENA_ARRAY(&e->arena, const char *, 2);
  const char **got = ARENA_ARRAY(&e->arena, const char *, 2);
  const char **inc = ARENA_ARRAY(&e->arena, const char *, 2);
  ag[0] = emit_c_tmp(e);
  emit_c_line(e, "const %s %s = (%s)%s[RTS_GROUP - 1];", t, ag[0], t, tot[0]);
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  atom_xchg(&status[tile + 1], %s);",
              status_word(e, t0, "(tile == 0 ? 2 : 1)", ag[0]));
  emit_c_line(e, "  look_done = tile == 0;");
  emit_c_line(e, "}");
  const char **ex = declare_accumulators(e, so, "excl");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "for (long end = tile; !look_done; end -= RTS_SCAN_LOOKBACK) {");
  e->indent++;
  emit_c_line(e, "if (lid < RTS_SCAN_LOOKBACK && end - 1 - lid >= 0) {");
  emit_c_line(e, "  ulong word;");
  emit_c_line(e, "  while (((word = *(volatile __global ulong *)&status[end - lid]) >> 32) == 0) "
                 "{");
  emit_c_line(e, "  }");
  emit_c_line(e, "  look[lid] = word;");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if (lid == 0) {");
  e->indent++;
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_LOOKBACK && end - 1 - q >= 0; q++) {");
  e->indent++;
  got[0] = emit_c_tmp(e);
  emit_c_line(e, "%s %s = %s;", t, got[0], status_value(e, t0, "look[q]"));
  /* excl = got op excl: the earlier tile's value on the left. */
  const char *saved = cl_state(e)->fail_action;
  cl_state(e)->fail_action = "failed = true;";
  cl_combine(e, op, got, ex);
  cl_state(e)->fail_action = saved;
  emit_c_line(e, "%s = %s;", ex[0], got[0]);
  emit_c_line(e, "if ((uint)(look[q] >> 32) == 2) {");
  emit_c_line(e, "  look_done = 1;");
  emit_c_line(e, "  break;");
  emit_c_line(e, "}");
  close_loop(e);
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  close_loop(e);
  emit_c_line(e, "if (lid == 0) {");
  e->indent++;
  inc[0] = emit_c_tmp(e);
  emit_c_line(e, "%s %s = %s;", t, inc[0], ex[0]);
  cl_combine(e, op, inc, ag);
  emit_c_line(e, "%s = (%s)%s;", pre[0], cl_elem_type(t0), ex[0]);
  emit_c_line(e, "if (tile > 0) {");
  emit_c_line(e, "  atom_xchg(&status[tile + 1], %s);", status_word(e, t0, "2", inc[0]));
  emit_c_line(e, "}");
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
}

void emit_scan(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  const struct ir_lambda *op = so->op;
  if (!k->lookback) {
    emit_scan_phases(e, s, k);
    return;
  }
  const char *w = checked_width(e, so);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *tiles = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = (%s + RTS_SCAN_TILE - 1) / RTS_SCAN_TILE;", tiles, w);
  const char *status = temp_buffer(e, PRIM_U64, emit_c_printf(e, "%s + 1", tiles), NULL);
  const char *zero = emit_c_tmp(e);
  emit_c_line(e, "const uint64_t %s = 0;", zero);
  emit_c_try(e, "rts_cl_fill(ctx, ctx->cl, rts_dev_mem(%s.mem), 0, (int64_t)sizeof(uint64_t) * "
                "(%s + 1), &%s, sizeof %s, %s)",
             status, tiles, zero, zero, e->where);

  struct kbuild kb;
  kb_start(e, &kb, cl_kir(k, "")->name);
  reduction_args(e, &kb, s, k, w, false);
  for (int i = 0; i < s->pat_count; i++) {
    kb_array(e, &kb, s->pat[i]);
  }
  kb_buffer(e, &kb, PRIM_U64, "status", emit_c_printf(e, "%s.mem", status));
  kb_body(e, &kb);
  emit_c_line(e, "const long lid = get_local_id(0);");
  emit_c_line(e, "__local int tile_slot, look_done;");
  emit_c_line(e, "__local ulong look[RTS_SCAN_LOOKBACK];");
  emit_c_line(e, "bool failed = false;");
  const char **loc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **tot = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **pre = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    const char *ct = cl_elem_type(op->params[r]->type.prim);
    loc[r] = emit_c_printf(e, "tile_%d", r);
    tot[r] = emit_c_printf(e, "tot_%d", r);
    pre[r] = emit_c_printf(e, "prefix_%d", r);
    emit_c_line(e, "__local %s %s[RTS_PAD(RTS_SCAN_TILE)];", ct, loc[r]);
    emit_c_line(e, "__local %s %s[RTS_GROUP];", ct, tot[r]);
    emit_c_line(e, "__local %s %s;", ct, pre[r]);
  }
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  tile_slot = (int)atom_inc(&status[0]);");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "const long tile = tile_slot, base = tile * RTS_SCAN_TILE;");
  /* Load: element base + q*RTS_GROUP + lid, mapped, into the tile. */
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long i = base + q * RTS_GROUP + lid, t = RTS_PAD(q * RTS_GROUP + lid);");
  const char **one = scan_element(e, s, "i < w");
  const char *label;
  store_local(e, op, loc, one, "t");
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  /* Each work-item combines its RTS_SCAN_ITEMS consecutive elements (it scans them
   * once the prefix before them is known, reading them again). */
  const char **run = declare_accumulators(e, so, "run");
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long t = RTS_PAD(lid * RTS_SCAN_ITEMS + q);");
  const char **x = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    x[r] = emit_c_printf(e, "(%s)%s[t]", emit_c_elem_type(op->params[r]->type.prim), loc[r]);
  }
  cl_state(e)->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (!failed) {");
  cl_combine(e, op, run, x);
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  close_loop(e);
  store_local(e, op, tot, run, "lid");
  /* The work-items' totals, scanned in order. */
  group_scan(e, op, tot, run);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_lookback(e, so, tot, pre);
  /* Each element: prefix op (totals before this work-item) op (its elements up to it). */
  const char **mine = declare_accumulators(e, so, "mine");
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "%s = (%s)%s;", mine[r], emit_c_elem_type(op->params[r]->type.prim), pre[r]);
  }
  emit_c_line(e, "if (lid > 0 && !failed) {");
  e->indent++;
  const char **before = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    before[r] = emit_c_printf(e, "(%s)%s[lid - 1]", emit_c_elem_type(op->params[r]->type.prim),
                              tot[r]);
  }
  cl_combine(e, op, mine, before);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long t = RTS_PAD(lid * RTS_SCAN_ITEMS + q);");
  emit_c_line(e, "if (!failed) {");
  e->indent++;
  cl_combine(e, op, mine, x);
  store_local(e, op, loc, mine, "t");
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long i = base + q * RTS_GROUP + lid, t = RTS_PAD(q * RTS_GROUP + lid);");
  emit_c_line(e, "if (i < w) {");
  for (int r = 0; r < nacc; r++) {
    const struct cl_view *out = cl_view_of(e, s->pat[r]);
    emit_c_line(e, "  %s[i] = %s[t];", out->ptr, loc[r]);
  }
  emit_c_line(e, "}");
  close_loop(e);
  cl_state(e)->fail_action = "return;";
  kb_launch(e, &kb, tiles);
  release_temp(e, status);
}
