/* The kernels of each planned statement (kernel.h): versions, geometry, local memory
 * and the steps of group code. Every choice that shapes a kernel's code is made here;
 * src/backend_opencl/ prints what this file decides. */
#include <stdint.h>
#include <string.h>

#include "ir/util.h"
#include "lower/kernel.h"
#include "lower/lower_internal.h"
#include "support/arena.h"
#include "support/ptrmap.h"

/* ------------------------------------------------------------ Names */

static const char *const grid_names[] = {
#define X(g, name, text) name,
    KIR_GRIDS(X)
#undef X
};

static const char *const step_names[] = {
#define X(k, name) name,
    KIR_STEPS(X)
#undef X
};

static const char *const choice_names[] = {
#define X(c, name, text) name,
    KIR_CHOICES(X)
#undef X
};

static const char *const term_names[] = {
#define X(t, name) name,
    KIR_TERMS(X)
#undef X
};

const char *kir_grid_name(enum kir_grid g) {
  return grid_names[g];
}

const char *kir_step_name(enum kir_step_kind k) {
  return step_names[k];
}

const char *kir_term_name(enum kir_term_op op) {
  return term_names[op];
}

const char *kir_choice_name(enum kir_choice c) {
  return choice_names[c];
}

struct kir_step *kir_add_step(struct arena *a, struct kir_steps *list, enum kir_step_kind k) {
  if (list->count == list->cap) {
    list->cap = list->cap == 0 ? 8 : 2 * list->cap;
    struct kir_step *grown = ARENA_ARRAY(a, struct kir_step, list->cap);
    if (list->count > 0) {
      memcpy(grown, list->items, (size_t)list->count * sizeof *grown);
    }
    list->items = grown;
  }
  struct kir_step *st = &list->items[list->count++];
  memset(st, 0, sizeof *st);
  st->kind = k;
  return st;
}

bool kir_any_step(const struct kir_steps *list,
                  bool (*fn)(const struct kir_step *st, void *arg), void *arg) {
  for (int i = 0; i < list->count; i++) {
    const struct kir_step *st = &list->items[i];
    if (fn(st, arg) || kir_any_step(&st->init, fn, arg) || kir_any_step(&st->body, fn, arg) ||
        kir_any_step(&st->next, fn, arg) || kir_any_step(&st->orelse, fn, arg)) {
      return true;
    }
  }
  return false;
}

/* ------------------------------------------------------------ Building */

struct build {
  struct arena *arena;
  struct lower_kernel *k;
  const struct ir_stm *s;
  struct ptrmap owners; /* group code: kir_find_owners */
  struct ptrmap uses;   /* group code: variable -> its uses in the lambda (intptr_t) */
  struct ptrmap fixed_trips; /* group code: the while loops whose trips the specialised
                              * values fix (Note [unrolled group loops]) */
  bool recording;            /* fixed_loop: fixed_trips is being filled */
};

/* A copy of items[0..count) in the arena with room for one more, zeroed. */
static void *grown_by_one(struct arena *a, const void *items, int count, size_t size) {
  void *grown = arena_alloc(a, size * (size_t)(count + 1));
  if (count > 0) {
    memcpy(grown, items, size * (size_t)count);
  }
  return grown;
}

static struct kir_kernel *add_kernel(struct build *b, const char *suffix, enum kir_level level,
                                     enum kir_grid grid, enum kir_count count) {
  struct lower_kernel *k = b->k;
  k->kernels = grown_by_one(b->arena, k->kernels, k->kernel_count, sizeof *k->kernels);
  struct kir_kernel *kk = &k->kernels[k->kernel_count++];
  kk->name = arena_printf(b->arena, "%s_%d%s", lower_form_name(k->form), k->id, suffix);
  kk->suffix = suffix;
  kk->level = level;
  kk->index = KIR_INDEX_I64;
  kk->geo.grid = grid;
  kk->geo.count = count;
  kk->geo.items = 1;
  kk->geo.segment = (struct ir_subexp){.kind = IR_SE_NONE};
  kk->geo.segments_per_group = level == KIR_GROUP ? 1 : 0;
  return kk;
}

static struct kir_local *add_local(struct build *b, struct kir_kernel *kk, const char *name,
                                   enum prim_type prim, enum kir_extent extent) {
  kk->local = grown_by_one(b->arena, kk->local, kk->local_count, sizeof *kk->local);
  struct kir_local *l = &kk->local[kk->local_count++];
  l->name = name;
  l->prim = prim;
  l->extent = extent;
  l->elems = (struct ir_subexp){.kind = IR_SE_NONE};
  return l;
}

/* One buffer of the group size per accumulator of op: PREFIX_r. Returns the first. */
static int add_tree(struct build *b, struct kir_kernel *kk, const struct ir_lambda *op,
                    const char *prefix) {
  int first = kk->local_count;
  for (int r = 0; r < op->param_count / 2; r++) {
    add_local(b, kk, arena_printf(b->arena, "%s_%d", prefix, r), op->params[r]->type.prim,
              KIR_EXTENT_GROUP);
  }
  return first;
}

/* Elements a work-item takes per pass of an elementwise loop: several when the lambda
 * is small, so that their loads are all in flight before any store (Note [elements per
 * work-item]). */
static int items_of(const struct ir_lambda *f) {
  return f == NULL || lower_unrolled_size(f->body) <= KIR_UNROLL_MAX_STMS ? KIR_UNROLL : 1;
}

/* Note [elements per work-item]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * An elementwise kernel (map, and a commutative reduction's first phase) takes
 * KIR_UNROLL elements per work-item and pass of its grid-stride loop when its lambda
 * holds at most KIR_UNROLL_MAX_STMS statements (inner SOACs unrolled: Note [private
 * arrays] in kernel_code.c), and issues all their reads before any of their writes, which
 * keeps several loads in flight: one element per pass leaves memory bandwidth unused on
 * GPUs. A map whose inputs and outputs all have one dimension also takes its first
 * passes as vectors of 4 (Note [vector loads] in src/backend_opencl/). */
static bool vector_map(const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  if (so->input_count == 0) {
    return false;
  }
  for (int i = 0; i < so->input_count; i++) {
    if (so->inputs[i]->type.rank != 1) {
      return false;
    }
  }
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank != 1) {
      return false;
    }
  }
  return true;
}

/* The coalescing transposes before a map or segred's flat version (coalesce.c). */
static void add_transposes(struct build *b) {
  for (int i = 0; i < b->k->transposed_count; i++) {
    struct kir_kernel *t = add_kernel(b, arena_printf(b->arena, "_transpose%d", i), KIR_GLOBAL,
                                      KIR_GRID_SEGMENTS, KIR_COUNT_TRANSPOSE_TILES);
    t->conditional = true;
    add_local(b, t, "tile", b->k->transposed[i]->type.prim, KIR_EXTENT_TRANSPOSE_TILE);
  }
}

static void add_elementwise(struct build *b, const char *suffix) {
  const struct ir_soac *so = &b->s->exp.u.soac;
  struct kir_kernel *kk = add_kernel(b, suffix, KIR_GLOBAL, KIR_GRID_CAPPED, KIR_COUNT_WIDTH);
  kk->geo.items = items_of(so->map_fn);
  bool vectors =
      KIR_VECTORS && kk->geo.items > 1 && so->kind == IR_SOAC_MAP && vector_map(b->s);
  kk->geo.vectors = vectors ? KIR_VECTOR_PASSES : 0;
  for (int r = 0; so->kind == IR_SOAC_MAP && r < so->map_fn->ret_count; r++) {
    kk->private_rows = kk->private_rows || so->map_fn->ret[r].rank > 0;
  }
}

/* A hist (Note [hist updates] in forms.c): elementwise with atomic updates (and, for
 * compare-and-swap, a version with a histogram per work-group), or, without atomics,
 * work-groups over chunks of the elements whose work-items own bins, the chunk a tile at
 * a time in local memory (each element's bin and values), then one work-item per bin
 * combining the groups' results. */
static void build_hist(struct build *b) {
  const struct ir_soac *so = &b->s->exp.u.soac;
  if (b->k->atomic == LOWER_ATOMIC_CAS) {
    /* Few bins: each work-group's own histogram first (Note [hist updates] in forms.c) */
    b->k->choice = KIR_FEW_BINS;
    struct kir_kernel *kk = add_kernel(b, "_local", KIR_GLOBAL, KIR_GRID_PARTIALS,
                                       KIR_COUNT_WIDTH);
    kk->geo.items = items_of(so->op) == 1 ? 1 : items_of(so->map_fn);
    add_local(b, kk, "sub", prim_bytes(b->s->pat[0]->type.prim) == 8 ? PRIM_U64 : PRIM_U32,
              KIR_EXTENT_HIST_BINS);
  }
  if (b->k->atomic != LOWER_ATOMIC_NONE) {
    add_elementwise(b, "");
    if (items_of(so->op) == 1) {
      /* each item's update copies the operator's body */
      b->k->kernels[b->k->kernel_count - 1].geo.items = 1;
    }
    return;
  }
  struct kir_kernel *kk = add_kernel(b, "", KIR_GLOBAL, KIR_GRID_PARTIALS, KIR_COUNT_WIDTH);
  add_local(b, kk, "tile_bin", PRIM_I64, KIR_EXTENT_GROUP);
  add_tree(b, kk, so->op, "tile");
  add_kernel(b, "_combine", KIR_GLOBAL, KIR_GRID_CAPPED, KIR_COUNT_BINS);
}

static enum kir_elements elements_of(const struct ir_soac *so) {
  return lower_commutative(so) ? KIR_STRIDED : KIR_CHUNKED;
}

static void build_reduce(struct build *b) {
  const struct ir_soac *so = &b->s->exp.u.soac;
  struct kir_kernel *kk = add_kernel(b, "", KIR_GLOBAL, KIR_GRID_PARTIALS, KIR_COUNT_WIDTH);
  kk->elements = elements_of(so);
  kk->geo.items = kk->elements == KIR_STRIDED ? items_of(so->map_fn) : 1;
  add_tree(b, kk, so->op, "loc");
  add_tree(b, kk, so->op, "fin_loc");
  b->k->result_slots = so->neutral_count <= KIR_RESULT_SLOTS;
}

/* Note [scan versions]
 * ~~~~~~~~~~~~~~~~~~~~
 * A scan with one accumulator of at most 4 bytes is one kernel with decoupled look-back
 * (Note [look-back scan] in src/backend_opencl/): tiles of RTS_SCAN_TILE elements,
 * taken in order from a counter, each waiting only for its predecessors' published
 * sums. Others run in three phases: per-group sums, a scan of the sums by one group,
 * and each group's scan from its carry. */
static void build_scan(struct build *b) {
  const struct ir_soac *so = &b->s->exp.u.soac;
  const struct ir_lambda *op = so->op;
  if (so->neutral_count == 1 && prim_bytes(op->params[0]->type.prim) <= 4) {
    b->k->lookback = true;
    struct kir_kernel *kk = add_kernel(b, "", KIR_GLOBAL, KIR_GRID_TILES, KIR_COUNT_WIDTH);
    add_local(b, kk, "tile_0", op->params[0]->type.prim, KIR_EXTENT_SCAN_TILE);
    add_tree(b, kk, op, "tot");
    return;
  }
  struct kir_kernel *sums =
      add_kernel(b, "_sums", KIR_GLOBAL, KIR_GRID_PARTIALS, KIR_COUNT_WIDTH);
  sums->elements = KIR_CHUNKED;
  add_tree(b, sums, op, "loc");
  add_kernel(b, "_carries", KIR_GLOBAL, KIR_GRID_ONE, KIR_COUNT_WIDTH); /* one work-item */
  struct kir_kernel *scan = add_kernel(b, "_scan", KIR_GLOBAL, KIR_GRID_PARTIALS, KIR_COUNT_WIDTH);
  add_tree(b, scan, op, "loc");
}

static void build_segred(struct build *b) {
  const struct ir_soac *in = &b->k->inner->exp.u.soac;
  b->k->choice = KIR_GROUP_VERSION;
  struct kir_kernel *g = add_kernel(b, "_group", KIR_GROUP, KIR_GRID_SEGMENTS, KIR_COUNT_WIDTH);
  g->elements = elements_of(in);
  g->geo.segment = in->width;
  add_tree(b, g, in->op, "loc");
  add_transposes(b);
  add_elementwise(b, "_flat");
}

/* ------------------------------------------------------------ Group code (intra) */

/* Note [slots of group code]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Each array that the segment's code makes has a slot of its length: the results of
 * replicate, iota and copy, of inner maps, the array results of reductions (map
 * outputs) and scans, and loop parameters. Slots are numbered in the order the code
 * meets them, and laid out one after the other, each aligned to 8 bytes, after an
 * 8-byte header, in local memory when they all fit with the reductions' trees
 * (KIR_FITS_LOCAL), else in a global scratch buffer per work-group. A staged
 * scatter's copy is always in global scratch, a buffer of its own per segment, laid
 * out the same way (Note [staged scatters]). */
static void add_slot(struct build *b, struct kir_kernel *kk, const struct ir_var *v) {
  if (v->type.rank == 0) {
    return;
  }
  for (int i = 0; i < kk->local_count; i++) {
    if (kk->local[i].var == v) {
      return;
    }
  }
  int n = 0;
  for (int i = 0; i < kk->local_count; i++) {
    n += kk->local[i].var != NULL;
  }
  struct kir_local *l =
      add_local(b, kk, arena_printf(b->arena, "slot_%d", n), v->type.prim, KIR_EXTENT_ELEMS);
  l->var = v;
  l->elems = v->type.dims[0];
}

static void group_steps(struct build *b, struct kir_kernel *kk, struct kir_steps *out,
                        const struct ir_body *body);

static void barrier(struct build *b, struct kir_steps *out) {
  kir_add_step(b->arena, out, KIR_STEP_BARRIER);
}

/* Note [fills without barriers]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A barrier follows each step of group code that writes memory other work-items read,
 * so that no work-item reads an element before the one that writes it is done. Between
 * two fills (replicate, iota or copy into a slot) in a row it is not needed when the
 * second does not read the first's array: the second writes a slot of its own, which no
 * other array of the code holds at the time (slots change hands only whole, one array
 * each: Note [slots of loops]), and reads arrays that the first does not write, so the
 * two touch no element in common. The barrier after the last fill of such a run then
 * orders all of them before what reads them. That matters more than the barrier costs
 * itself: a work-item at a barrier waits for its loads from global memory to arrive, so
 * the copies of a row's real and imaginary parts (`loop (a, b) = (copy xs, replicate n
 * 0)` loads two arrays) wait for each other's latency, one after the other, when a
 * barrier parts them. On an H200, the FFT's group kernel whose first four fills shared
 * one barrier ran at 1.12x to 1.23x in f32 for n = 64 to 1024 (bench/RESULTS.md). Only
 * fills: a map or scatter reads arrays through its lambda, and its results may be read
 * by index anywhere. */
bool kir_fill_joins_run(const struct kir_steps *list, int end, const struct ir_stm *fill) {
  if (end == 0 || list->items[end - 1].kind != KIR_STEP_FILL) {
    return false;
  }
  for (int j = end - 1; j >= 0 && list->items[j].kind == KIR_STEP_FILL; j--) {
    if (ir_stm_uses(fill, list->items[j].stm->pat[0])) {
      return false;
    }
  }
  return true;
}

/* Note [staged scatters]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * A scatter whose lambda reads its own destination reads a copy made right before it
 * (Note [scatters that read their destination] in snapshot.c): in group code a fill of
 * the copy's slot, a barrier, and the scatter. When the copy is read by the scatter
 * alone, the two become one scatter step that names the copy as a shadow of its
 * destination, and the renderer (group_scatter in src/backend_opencl/cl_group.c)
 * stages it: when each work-item has at most RTS_STAGE_TRIPS elements (prelude.cl),
 * it computes all of them, reading the destination itself, into private memory (its
 * registers), then, after a barrier, writes them; no copy is made. Otherwise it fills
 * the copy's slot and scatters as before. The copy keeps its slot for that case, but
 * in global scratch in every version (`spill` of struct kir_local): its local memory
 * would go unused whenever the scatter is staged, and a pass in place over a row
 * that fills half of local memory would not fit with it (rows of 4096 f32 in 48 KiB:
 * bench/RESULTS.md, "Passes in place").
 * A kernel's scatters are staged only where an element (its values and indices) of the
 * largest of them takes at most STAGE_ELEMENT_BYTES (64; 512 bytes for RTS_STAGE_TRIPS
 * of them); otherwise none is (`staged` of the step, which build_intra clears, and the
 * kernel IR prints "copied first"). The FFT library's passes over one buffer
 * (stdlib/fft.dsl, `stockham_in_place`; 16 complex values and 32 indices an element of
 * radix 16, 3 KiB for 8) made NVIDIA's compiler spill up to 3.6 KiB of registers to
 * memory a work-item (`ptxas -v`), and staged they ran at 0.4x to 0.6x the speed of
 * the copy on the H200; staging only the small scatters of such a kernel (its direct
 * passes) still cost a third, as a kernel's registers are those of its heaviest part
 * (bench/RESULTS.md, "One buffer for rows of 24 to 48 KiB"). bench/soacs-opencl's
 * rowpass (two values and two indices an element, 24 bytes) is staged;
 * tests/backend_opencl/stage_bytes.dsl has a kernel of each kind.
 * On PoCL, where private values that cross a barrier live on a worker thread's stack
 * for the whole work-group, staging is slower than the copy (26 times, for
 * bench/soacs-opencl's rowpass): there only a program compiled with -DRTS_STAGE_TRIPS
 * stages (the tests), at most 2048 elements per group and at least 2 per work-item
 * (with one, PoCL 3.1 gave work-item 0 wrong values; the same kernel staging two or
 * more was right there, and staging one was right on the H200; rts_cl_build in
 * rts/opencl/opencl.c). */

/* Makes the scatter step st of `out` staged when the steps before it are fills of
 * copies of its destinations that only it reads, then a barrier: those fills and the
 * barrier go (Note [staged scatters]). */
static void stage_scatter(struct build *b, struct kir_kernel *kk, struct kir_steps *out,
                          struct kir_step *st) {
  const struct ir_stm *s = st->stm;
  const struct ir_soac *so = &s->exp.u.soac;
  int n = out->count - 1; /* st */
  if (n < 2 || out->items[n - 1].kind != KIR_STEP_BARRIER) {
    return;
  }
  int first = n - 1;
  while (first > 0 && out->items[first - 1].kind == KIR_STEP_FILL) {
    const struct ir_stm *f = out->items[first - 1].stm;
    const struct ir_var *c = f->pat[0];
    bool dest = false;
    for (int d = 0; d < so->dest_count && f->exp.kind == IR_COPY; d++) {
      dest = dest || f->exp.u.copy == so->dests[d];
    }
    int uses = ir_stm_use_count(s, c);
    if (!dest || uses == 0 || uses != (intptr_t)ptrmap_get(&b->uses, c)) {
      break;
    }
    first--;
  }
  int count = n - 1 - first;
  if (count == 0) {
    return;
  }
  st->shadow = ARENA_ARRAY(b->arena, const struct ir_var *, count);
  st->shadowed = ARENA_ARRAY(b->arena, const struct ir_var *, count);
  st->shadow_count = count;
  for (int i = 0; i < count; i++) {
    const struct ir_stm *f = out->items[first + i].stm;
    st->shadow[i] = f->pat[0];
    st->shadowed[i] = f->exp.u.copy;
    for (int l = 0; l < kk->local_count; l++) {
      kk->local[l].spill = kk->local[l].spill || kk->local[l].var == f->pat[0];
    }
  }
  st->staged = true;
  struct kir_step moved = *st;
  out->count = first;
  /* A fill before the removed ones joined their barrier: it gets it back. */
  if (first > 0 && out->items[first - 1].kind == KIR_STEP_FILL) {
    barrier(b, out);
  }
  *kir_add_step(b->arena, out, KIR_STEP_SCATTER) = moved;
}

/* The bytes of an element of the largest scatter among `list` that stage_scatter made
 * staged (its values and indices), into *(int *)arg if larger. Never stops the walk. */
static bool largest_staged(const struct kir_step *st, void *arg) {
  int *max = arg;
  if (st->kind == KIR_STEP_SCATTER && st->shadow_count > 0) {
    const struct ir_lambda *f = st->stm->exp.u.soac.map_fn;
    int bytes = 0;
    for (int r = 0; r < f->ret_count; r++) {
      bytes += prim_bytes(f->ret[r].prim);
    }
    *max = bytes > *max ? bytes : *max;
  }
  return false;
}

/* No scatter of `list` is staged. */
static void unstage(struct kir_steps *list) {
  for (int i = 0; i < list->count; i++) {
    struct kir_step *st = &list->items[i];
    st->staged = false;
    unstage(&st->init);
    unstage(&st->body);
    unstage(&st->next);
    unstage(&st->orelse);
  }
}

/* The most bytes an element of a kernel's staged scatters may take (Note [staged
 * scatters]): a work-item stages RTS_STAGE_TRIPS (8) of them, 512 bytes. */
#define STAGE_ELEMENT_BYTES 64

/* Note [barriers at the end of a pass]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * Before a loop's `next` moves its slots (rotate) or copies into them, every work-item
 * must be done reading them, so `next` starts with a barrier. When the body's last
 * step that touches group memory is already followed by a barrier on every path, that
 * barrier is enough, and `next` starts at once: a double-buffered pass (`loop (src,
 * dst) = ... do (pass src dst, src)`, each pass a scatter and its barrier) meets once
 * per trip instead of twice. kir_synced_after walks the steps: a barrier syncs; a
 * scalar step that reads no array (work-items compute the same scalars alike, so no
 * value crosses between them) keeps what held before it; an if is synced after when
 * both its arms are; every other step (one that reads or writes group memory, a
 * nested loop) leaves the group unsynced. */
static void note_array(void *ctx, const struct ir_var *v) {
  *(bool *)ctx = *(bool *)ctx || v->type.rank > 0;
}

bool kir_synced_after(const struct kir_steps *list, bool entry) {
  bool synced = entry;
  for (int i = 0; i < list->count; i++) {
    const struct kir_step *st = &list->items[i];
    if (st->kind == KIR_STEP_BARRIER) {
      synced = true;
    } else if (st->kind == KIR_STEP_IF) {
      synced = kir_synced_after(&st->body, synced) && kir_synced_after(&st->orelse, synced);
    } else if (st->kind == KIR_STEP_SCALAR) {
      bool arrays = false;
      ir_visit_uses_stm(st->stm, note_array, &arrays);
      synced = synced && !arrays;
    } else {
      synced = false;
    }
  }
  return synced;
}

/* Appends a fill step of s and a barrier, in place of the barrier before it when the
 * fill joins the run of fills before that barrier (Note [fills without barriers]). */
static void fill_step(struct build *b, struct kir_steps *out, const struct ir_stm *s) {
  int n = out->count;
  if (n > 0 && out->items[n - 1].kind == KIR_STEP_BARRIER && kir_fill_joins_run(out, n - 1, s)) {
    out->count--;
  }
  kir_add_step(b->arena, out, KIR_STEP_FILL)->stm = s;
  barrier(b, out);
}

/* Note [slots of loops]
 * ~~~~~~~~~~~~~~~~~~~~~
 * Which slot holds an array (kir_owner): its own, or, for an array that another
 * statement's memory already holds, that one's: a scatter's results are its
 * destinations' slots (written in place), a loop's results its parameters' slots, and
 * an if's results the slot that both arms' results are in when that is one slot; an
 * if whose arms' results are in different slots has a slot of its own for each array
 * result, into which each arm copies its result.
 *
 * A loop's parameter takes the slot of its initial value when that is an array of
 * group code in a slot of its own that nothing else uses (`loop (a, b) = (copy xs,
 * replicate n 0)`); other parameters have slots of their own, into which `init`
 * copies their initial values. After each pass, `next` makes the body's results the parameters' values
 * (kir_loop_next), in one of two ways:
 *  - rotate: each array parameter's next value is in its own slot, in another
 *    parameter's slot, or in the slot of an array that the body made (at its top
 *    level), each slot used once and all of the same type and length. Slots are
 *    pointers in the kernel, so the parameters take the slots that hold their next
 *    values and the body's arrays take the slots that were left: no element moves. A
 *    double-buffered pass (`loop (src, dst) = ... do (pass src dst, src)`, where the
 *    pass scatters into dst) swaps two pointers; an array that the body makes afresh
 *    every pass gets the parameter's old slot to write next time. A barrier comes first,
 *    so that no work-item still reads a slot that changes hands;
 *  - copy: otherwise, each result whose slot is not its parameter's is copied into the
 *    parameter's slot, one element per work-item, a barrier before the copies and after
 *    each. A result in the slot of another parameter of the same loop would be read
 *    after it was overwritten: lowering keeps such a loop off the device
 *    (KIR_NEXT_UNSAFE, forms.c).
 */

static const struct ir_var *owner_of(const struct ptrmap *owners, const struct ir_var *v) {
  const struct ir_var *o = ptrmap_get(owners, v);
  return o != NULL ? o : v;
}

const struct ir_var *kir_owner(const struct ptrmap *owners, struct ir_subexp se) {
  return se.kind == IR_SE_VAR ? owner_of(owners, se.u.var) : NULL;
}

void kir_find_owners(const struct ir_body *b, struct ptrmap *owners) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    const struct ir_exp *x = &s->exp;
    if (x->kind == IR_SOAC && x->u.soac.kind == IR_SOAC_SCATTER) {
      for (int d = 0; d < x->u.soac.dest_count; d++) {
        ptrmap_put(owners, s->pat[d], (void *)owner_of(owners, x->u.soac.dests[d]));
      }
    } else if (x->kind == IR_LOOP) {
      kir_find_owners(x->u.loop.body, owners);
      for (int k = 0; k < s->pat_count; k++) {
        ptrmap_put(owners, s->pat[k], x->u.loop.params[k]);
      }
    } else if (x->kind == IR_IF && lower_group_if(s)) {
      kir_find_owners(x->u.if_.then_body, owners);
      kir_find_owners(x->u.if_.else_body, owners);
      for (int k = 0; k < s->pat_count; k++) {
        const struct ir_var *a = kir_owner(owners, x->u.if_.then_body->results[k]);
        const struct ir_var *c = kir_owner(owners, x->u.if_.else_body->results[k]);
        if (s->pat[k]->type.rank > 0 && a != NULL && a == c) {
          ptrmap_put(owners, s->pat[k], (void *)a);
        }
      }
    }
  }
}

static int param_of(const struct ir_loop *l, const struct ir_var *v) {
  for (int i = 0; i < l->param_count; i++) {
    if (l->params[i] == v) {
      return i;
    }
  }
  return -1;
}

static bool made_by_body(const struct ptrmap *owners, const struct ir_body *b,
                         const struct ir_var *v) {
  for (int i = 0; i < b->stm_count; i++) {
    for (int k = 0; k < b->stms[i]->pat_count; k++) {
      if (b->stms[i]->pat[k] == v) {
        return owner_of(owners, v) == v;
      }
    }
  }
  return false;
}

static bool same_slot_type(const struct ir_var *a, const struct ir_var *c) {
  return a->type.prim == c->type.prim && a->type.rank == 1 && c->type.rank == 1 &&
         ir_subexp_equal(a->type.dims[0], c->type.dims[0]);
}

enum kir_next kir_loop_next(const struct ptrmap *owners, const struct ir_loop *l) {
  bool rotate = true, copy = true, moves = false;
  for (int i = 0; i < l->param_count; i++) {
    const struct ir_var *p = l->params[i];
    if (p->type.rank == 0) {
      continue;
    }
    const struct ir_var *y = kir_owner(owners, l->body->results[i]);
    if (y == p) {
      continue;
    }
    moves = true;
    int j = y == NULL ? -1 : param_of(l, y);
    copy = copy && j < 0;
    rotate = rotate && y != NULL && (j >= 0 || made_by_body(owners, l->body, y)) &&
             same_slot_type(p, y);
    for (int k = 0; rotate && k < l->param_count; k++) {
      rotate = k == i || l->params[k]->type.rank == 0 ||
               kir_owner(owners, l->body->results[k]) != y;
    }
  }
  return !moves ? KIR_NEXT_NONE : rotate ? KIR_NEXT_ROTATE : copy ? KIR_NEXT_COPY
                                                                : KIR_NEXT_UNSAFE;
}

/* The rotate step of a loop (Note [slots of loops]): each array parameter takes the
 * slot of its next value; each array of the body whose slot a parameter took takes a
 * slot that no parameter took. */
static void rotate_step(struct build *b, const struct ir_stm *loop, const struct kir_steps *body,
                        struct kir_steps *next) {
  const struct ir_loop *l = &loop->exp.u.loop;
  int n = l->param_count;
  const struct ir_var **to = ARENA_ARRAY(b->arena, const struct ir_var *, 2 * n + 1);
  const struct ir_var **from = ARENA_ARRAY(b->arena, const struct ir_var *, 2 * n + 1);
  bool *taken = ARENA_ARRAY(b->arena, bool, n + 1);
  int count = 0;
  for (int i = 0; i < n; i++) {
    const struct ir_var *y = l->params[i]->type.rank > 0
                                 ? kir_owner(&b->owners, l->body->results[i])
                                 : NULL;
    int j = y == NULL ? -1 : param_of(l, y);
    if (j >= 0) {
      taken[j] = true;
    }
    if (y != NULL && y != l->params[i]) {
      to[count] = l->params[i];
      from[count++] = y;
    }
  }
  int left = 0;
  for (int i = 0; i < n; i++) {
    const struct ir_var *y = l->params[i]->type.rank > 0
                                 ? kir_owner(&b->owners, l->body->results[i])
                                 : NULL;
    if (y == NULL || param_of(l, y) >= 0) {
      continue;
    }
    while (left < n && (taken[left] || l->params[left]->type.rank == 0)) {
      left++;
    }
    if (left == n) {
      diag_ice("lower", l->body->stm_count > 0 ? l->body->stms[0]->loc : (struct loc){0},
               "a loop's slots do not rotate");
    }
    taken[left] = true;
    to[count] = y;
    from[count++] = l->params[left];
  }
  if (!kir_synced_after(body, false)) {
    barrier(b, next); /* every read of the slots is done */
  }
  struct kir_step *st = kir_add_step(b->arena, next, KIR_STEP_ROTATE);
  st->stm = loop;
  st->rotate_to = to;
  st->rotate_from = from;
  st->rotate_count = count;
}

static void copy_step(struct build *b, struct kir_steps *out, const struct ir_stm *s,
                      const struct ir_var *to, struct ir_subexp from) {
  struct kir_step *c = kir_add_step(b->arena, out, KIR_STEP_COPY);
  c->stm = s;
  c->to = to;
  c->from = from;
  barrier(b, out);
}

/* The slot of the array that loop parameter p starts as, if p may take it: an array of
 * group code in a slot of its own, of p's type, used nowhere else. */
static struct kir_local *init_slot(struct build *b, struct kir_kernel *kk,
                                   const struct ir_var *p, struct ir_subexp init) {
  if (init.kind != IR_SE_VAR || owner_of(&b->owners, init.u.var) != init.u.var ||
      (intptr_t)ptrmap_get(&b->uses, init.u.var) != 1 || !same_slot_type(p, init.u.var)) {
    return NULL;
  }
  for (int i = 0; i < kk->local_count; i++) {
    if (kk->local[i].var == init.u.var && kk->local[i].param == NULL) {
      return &kk->local[i];
    }
  }
  return NULL;
}

static void loop_steps(struct build *b, struct kir_kernel *kk, struct kir_step *st) {
  const struct ir_loop *l = &st->stm->exp.u.loop;
  for (int i = 0; i < l->param_count; i++) {
    struct kir_step *bind = kir_add_step(b->arena, &st->init, KIR_STEP_BIND);
    bind->stm = st->stm;
    bind->param = i;
    if (l->params[i]->type.rank > 0) {
      struct kir_local *from = init_slot(b, kk, l->params[i], l->inits[i]);
      if (from != NULL) {
        from->param = l->params[i];
      } else {
        add_slot(b, kk, l->params[i]);
        copy_step(b, &st->init, st->stm, l->params[i], l->inits[i]);
      }
    }
  }
  group_steps(b, kk, &st->body, l->body);
  switch (kir_loop_next(&b->owners, l)) {
  case KIR_NEXT_NONE:
    break;
  case KIR_NEXT_ROTATE:
    rotate_step(b, st->stm, &st->body, &st->next);
    break;
  case KIR_NEXT_COPY:
  case KIR_NEXT_UNSAFE: /* not planned (forms.c) */
    if (!kir_synced_after(&st->body, false)) {
      barrier(b, &st->next); /* every read of the parameters is done */
    }
    for (int i = 0; i < l->param_count; i++) {
      struct ir_subexp r = l->body->results[i];
      if (l->params[i]->type.rank > 0 && kir_owner(&b->owners, r) != l->params[i]) {
        copy_step(b, &st->next, st->stm, l->params[i], r);
      }
    }
    break;
  }
}

/* Whether a free variable of group code is among the values its kernels are built
 * for (specialise): an integer or boolean scalar. */
static bool specialisable(const struct ir_var *v) {
  return v->type.rank == 0 && (prim_is_int(v->type.prim) || v->type.prim == PRIM_BOOL);
}

/* Note [unrolled group loops]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A while loop of group code whose condition and scalar parameters are computed from
 * the kernel's specialised values alone (its integer and boolean free scalars:
 * specialise) and constants runs the same trips for every launch with those values:
 * a pass loop whose stride grows from 1 to the row's length by a factor chosen from
 * what is left, say. Its step is marked `fixed_trips`; the OpenCL renderer puts an
 * unrolled copy of its first RTS_UNROLL_TRIPS trips before it in the specialised
 * build (src/backend_opencl/cl_group.c), where the device's compiler then folds each
 * trip's parameters to constants: the choice among an if's arms, the divisions by the
 * stride and the inner loops' trip counts. The loop stays after the copy for the
 * trips beyond it, and as the whole loop of the generic build.
 *
 * Which scalars are fixed: the specialised values, constants, and what unary, binary
 * and conversion operations, ifs and loops compute from fixed scalars alone; array
 * reads are not. A loop's parameters are taken as fixed, then each whose next value is
 * not is dropped until none is (the greatest set that the loop keeps fixed). */

/* The fixed scalars of one scope: those bound in it, then the enclosing scopes' (the
 * outermost holds the specialised values). */
struct fixed_scope {
  struct ptrmap vars;
  const struct fixed_scope *up;
};

static bool fixed_se(const struct fixed_scope *sc, struct ir_subexp se) {
  if (se.kind != IR_SE_VAR) {
    return true;
  }
  for (; sc != NULL; sc = sc->up) {
    if (ptrmap_get(&sc->vars, se.u.var) != NULL) {
      return true;
    }
  }
  return false;
}

static void fix_body(struct build *b, struct fixed_scope *sc, const struct ir_body *body);

/* Whether body's results are fixed, its own scalars in a scope on top of up. */
static bool fixed_results(struct build *b, const struct fixed_scope *up,
                          const struct ir_body *body) {
  struct fixed_scope sc = {.up = up};
  ptrmap_init(&sc.vars, b->arena);
  fix_body(b, &sc, body);
  for (int i = 0; i < body->result_count; i++) {
    if (!fixed_se(&sc, body->results[i])) {
      return false;
    }
  }
  return true;
}

/* One round over loop l's body with the parameters kept[] fixed: drops those whose
 * next values are not; returns whether it dropped any. */
static bool drop_unfixed(struct build *b, const struct fixed_scope *up, const struct ir_loop *l,
                         bool *kept) {
  struct fixed_scope sc = {.up = up};
  ptrmap_init(&sc.vars, b->arena);
  for (int i = 0; i < l->param_count; i++) {
    if (kept[i]) {
      ptrmap_put(&sc.vars, l->params[i], (void *)1);
    }
  }
  if (!l->is_while && fixed_se(up, l->bound)) {
    ptrmap_put(&sc.vars, l->index, (void *)1);
  }
  struct fixed_scope body = {.up = &sc};
  ptrmap_init(&body.vars, b->arena);
  fix_body(b, &body, l->body);
  bool dropped = false;
  for (int i = 0; i < l->param_count; i++) {
    if (kept[i] && !fixed_se(&body, l->body->results[i])) {
      kept[i] = false;
      dropped = true;
    }
  }
  return dropped;
}

/* Whether loop s's results are fixed (its parameters all scalars, each fixed). A while
 * loop whose condition is among the fixed parameters goes in b->fixed_trips, but only
 * from the last round over its body, whose assumptions hold (b->recording). */
static bool fixed_loop(struct build *b, const struct fixed_scope *up, const struct ir_stm *s) {
  const struct ir_loop *l = &s->exp.u.loop;
  bool *kept = ARENA_ARRAY(b->arena, bool, l->param_count + 1);
  for (int i = 0; i < l->param_count; i++) {
    kept[i] = l->params[i]->type.rank == 0 && fixed_se(up, l->inits[i]);
  }
  bool recording = b->recording;
  b->recording = false;
  while (drop_unfixed(b, up, l, kept)) {
  }
  b->recording = recording;
  if (recording) {
    (void)drop_unfixed(b, up, l, kept); /* the same set: records the nested loops */
  }
  bool all = true, cond = false;
  for (int i = 0; i < l->param_count; i++) {
    all = all && kept[i];
    cond = cond || (kept[i] && l->params[i] == l->cond);
  }
  if (recording && l->is_while && cond) {
    ptrmap_put(&b->fixed_trips, s, (void *)1);
  }
  return all && (l->is_while ? cond : fixed_se(up, l->bound));
}

/* Whether statement s's scalars are fixed; marks the fixed trips of its loops. */
static bool fixed_stm(struct build *b, struct fixed_scope *sc, const struct ir_stm *s) {
  const struct ir_exp *x = &s->exp;
  switch (x->kind) {
  case IR_SUBEXP:
    return fixed_se(sc, x->u.se);
  case IR_UNOP:
    return fixed_se(sc, x->u.unop.operand);
  case IR_BINOP:
    return fixed_se(sc, x->u.binop.lhs) && fixed_se(sc, x->u.binop.rhs) &&
           fixed_se(sc, x->u.binop.addend);
  case IR_CONVERT:
    return fixed_se(sc, x->u.convert.operand);
  case IR_IF: {
    bool then = fixed_results(b, sc, x->u.if_.then_body);
    bool orelse = fixed_results(b, sc, x->u.if_.else_body);
    return fixed_se(sc, x->u.if_.cond) && then && orelse;
  }
  case IR_LOOP:
    return fixed_loop(b, sc, s);
  default: /* array reads, SOACs (whose lambdas hold no loop of the whole group) */
    return false;
  }
}

static void fix_body(struct build *b, struct fixed_scope *sc, const struct ir_body *body) {
  for (int i = 0; i < body->stm_count; i++) {
    const struct ir_stm *s = body->stms[i];
    if (fixed_stm(b, sc, s)) {
      for (int k = 0; k < s->pat_count; k++) {
        if (s->pat[k]->type.rank == 0) {
          ptrmap_put(&sc->vars, s->pat[k], (void *)1);
        }
      }
    }
  }
}

/* An if of group code (lower_group_if): each arm's steps, then the copies of its array
 * results into the if's own slots (Note [slots of loops]). */
static void if_steps(struct build *b, struct kir_kernel *kk, struct kir_step *st) {
  const struct ir_stm *s = st->stm;
  const struct ir_body *arms[2] = {s->exp.u.if_.then_body, s->exp.u.if_.else_body};
  struct kir_steps *lists[2] = {&st->body, &st->orelse};
  for (int a = 0; a < 2; a++) {
    group_steps(b, kk, lists[a], arms[a]);
  }
  for (int k = 0; k < s->pat_count; k++) {
    if (s->pat[k]->type.rank == 0 || owner_of(&b->owners, s->pat[k]) != s->pat[k]) {
      continue;
    }
    add_slot(b, kk, s->pat[k]);
    for (int a = 0; a < 2; a++) {
      copy_step(b, lists[a], s, s->pat[k], arms[a]->results[k]);
    }
  }
}

/* The steps of group code (lower.h: intra), with a barrier after each step that
 * writes what other work-items read. */
static void group_steps(struct build *b, struct kir_kernel *kk, struct kir_steps *out,
                        const struct ir_body *body) {
  for (int i = 0; i < body->stm_count; i++) {
    const struct ir_stm *s = body->stms[i];
    struct kir_step *st;
    switch (s->exp.kind) {
    case IR_REPLICATE:
    case IR_IOTA:
    case IR_COPY:
      add_slot(b, kk, s->pat[0]);
      fill_step(b, out, s);
      break;
    case IR_LOOP:
    case IR_IF:
      if (s->exp.kind == IR_IF && !lower_group_if(s)) {
        kir_add_step(b->arena, out, KIR_STEP_SCALAR)->stm = s;
        break;
      }
      st = kir_add_step(b->arena, out, s->exp.kind == IR_LOOP ? KIR_STEP_LOOP : KIR_STEP_IF);
      st->stm = s;
      st->fixed_trips = ptrmap_get(&b->fixed_trips, s) != NULL;
      /* st may move while the nested steps are added: build into a copy. */
      {
        struct kir_step nested = *st;
        if (s->exp.kind == IR_LOOP) {
          loop_steps(b, kk, &nested);
        } else {
          if_steps(b, kk, &nested);
        }
        out->items[out->count - 1] = nested;
      }
      break;
    case IR_SOAC: {
      const struct ir_soac *so = &s->exp.u.soac;
      if (so->kind == IR_SOAC_MAP) {
        for (int k = 0; k < s->pat_count; k++) {
          add_slot(b, kk, s->pat[k]);
        }
        kir_add_step(b->arena, out, KIR_STEP_MAP)->stm = s;
      } else if (so->kind == IR_SOAC_SCATTER) {
        st = kir_add_step(b->arena, out, KIR_STEP_SCATTER);
        st->stm = s;
        stage_scatter(b, kk, out, st);
      } else {
        bool scan = so->kind == IR_SOAC_SCAN || so->kind == IR_SOAC_SCANOMAP;
        for (int k = scan ? 0 : so->neutral_count; k < s->pat_count; k++) {
          add_slot(b, kk, s->pat[k]);
        }
        st = kir_add_step(b->arena, out, scan ? KIR_STEP_SCAN : KIR_STEP_REDUCE);
        st->stm = s;
        st->elements = elements_of(so);
        st->tree = -1; /* set when the trees are laid out, after the slots */
      }
      barrier(b, out);
      break;
    }
    default:
      kir_add_step(b->arena, out, KIR_STEP_SCALAR)->stm = s;
      break;
    }
  }
}

/* The reductions' trees after the slots, in the order of the steps. */
static void place_trees(struct build *b, struct kir_kernel *kk, struct kir_steps *steps,
                        int *count) {
  for (int i = 0; i < steps->count; i++) {
    struct kir_step *st = &steps->items[i];
    if (st->kind == KIR_STEP_REDUCE || st->kind == KIR_STEP_SCAN) {
      const char *prefix = arena_printf(b->arena, "red%d", (*count)++);
      st->tree = add_tree(b, kk, st->stm->exp.u.soac.op, prefix);
    } else if (st->kind == KIR_STEP_LOOP || st->kind == KIR_STEP_IF) {
      place_trees(b, kk, &st->body, count);
      place_trees(b, kk, &st->orelse, count);
    }
  }
}

/* Note [segments per group]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A work-group of group code takes one segment (one element of the map) at a time,
 * with all its work-items; when segments are short (an FFT of 8 points) most of them
 * idle. So the local version of a kernel packs several segments into a work-group
 * when it can (kir_geometry.packed): the host chooses the work-items per segment T
 * and the segments per group, and the group has as many work-items as they make
 * (rts_cl_segments_per_group). For a longest slot of len <= RTS_GROUP, T is the
 * power of two at least len / 8, and at least 2 from len = 8: each work-item takes up
 * to 8 elements of a SOAC as wide as the row, and SOACs narrower than the row (a
 * Stockham pass of radix r has len / r work-items) leave few idle. An FFT of n = 64
 * ran at 242 GB/s with T = 64 and 707 with T = 8 (H200, f32; n = 256: 336 and 585); at
 * n = 8, T = 2 ran at 2520 GB/s in f32 and 2720 in f64 where T = 1 ran at 1958 and
 * 1632, while at n = 2 and 4 in f32 T = 1 ran at 2545 and 2667 GB/s and T = 2 at 2121
 * and 1939 (groups of 64; f64 alike at 4, 1.2x faster with T = 2 at 2). Up to
 * len = 4 RTS_GROUP, T is RTS_GROUP / 4: with the kernels specialised on the sizes and
 * rows per group (Note [specialised kernels] in rts/opencl/opencl.c), T = 64 took the
 * FFT from 628 to 1005 GB/s at n = 512, 660 to 1068 at 625, 543 to 885 at 729 and 918
 * to 1012 at 1024 (H200, f32; f64 1.2-1.3x at 512 to 729), where T = 256 leaves most
 * work-items of a radix-16 pass idle. Longer rows keep T = RTS_GROUP.
 *
 * A group takes RTS_PACKED_GROUP / T segments (64 work-items in all; one segment
 * when T is larger), halved until their slots fit in local memory; with one segment
 * and T < RTS_GROUP this version still runs, in a group of T work-items. Small groups
 * pay because a work-item that reaches a barrier waits for the slowest of its group:
 * with more, smaller groups on a compute unit, one group's wait is another's turn. On
 * an H200 (bench/RESULTS.md), this geometry made the FFT 1.05x to 1.27x faster in f32
 * from n = 16 to 1024 (1.75x at 8, with T = 2) than groups of 256 work-items (which had
 * T grow where fewer segments fit), and 1.23x to 1.49x in f64 from 16 to 1024; groups
 * of at most 128 gained less (f64 1.22x to 1.47x), of 32 about as much as 64. Longer
 * rows (T = RTS_GROUP) are unchanged. Each segment has its own slots and its T
 * work-items share its SOACs as a whole group would. The work-items of a group still
 * meet at every barrier together, so packing needs control flow that is the same for
 * every segment: the conditions of group code's loops and branches and the widths of
 * its SOACs must not depend on the segment's data (uniform_control), only on values
 * from outside the map and on scalars computed from them. A group whose last segments
 * are past the end of the map runs them on the last element (the same control flow
 * again) and writes nothing for them. Kernels with reductions or scans (whose trees
 * hold one value per work-item of the group) and the global-scratch version take one
 * segment per group. */

/* Whether group code's control flow is the same for every segment (Note [segments
 * per group]): `variant` marks (by variable) what depends on the segment's data. */
struct uniform {
  struct ptrmap variant;
  bool ok;
};

static bool variant_se(const struct uniform *u, struct ir_subexp se) {
  return se.kind == IR_SE_VAR && ptrmap_get(&u->variant, se.u.var) != NULL;
}

static void mark_variant(struct uniform *u, const struct ir_var *v) {
  ptrmap_put(&u->variant, v, (void *)1);
}

static void note_variant(void *ctx, const struct ir_var *v) {
  struct uniform *u = ctx;
  u->ok = u->ok && ptrmap_get(&u->variant, v) == NULL;
}

/* Whether the statement uses a variable that is variant (anywhere inside it). */
static bool uses_variant(struct uniform *u, const struct ir_stm *s) {
  bool ok = u->ok;
  u->ok = true;
  ir_visit_uses_stm(s, note_variant, u);
  bool variant = !u->ok;
  u->ok = ok;
  return variant;
}

static void uniform_body(struct uniform *u, const struct ir_body *b);

static void uniform_stm(struct uniform *u, const struct ir_stm *s) {
  const struct ir_exp *x = &s->exp;
  if (x->kind == IR_LOOP) {
    const struct ir_loop *l = &x->u.loop;
    for (int i = 0; i < l->param_count; i++) {
      if (l->params[i]->type.rank > 0 || variant_se(u, l->inits[i])) {
        mark_variant(u, l->params[i]);
      }
    }
    /* Parameters become variant through the body's results: to a fixed point. */
    for (int round = 0; round <= l->param_count; round++) {
      uniform_body(u, l->body);
      for (int i = 0; i < l->param_count; i++) {
        if (variant_se(u, l->body->results[i])) {
          mark_variant(u, l->params[i]);
        }
      }
    }
    u->ok = u->ok && !(l->is_while ? ptrmap_get(&u->variant, l->cond) != NULL
                                   : variant_se(u, l->bound));
    for (int i = 0; i < s->pat_count; i++) {
      if (ptrmap_get(&u->variant, l->params[i]) != NULL) {
        mark_variant(u, s->pat[i]);
      }
    }
    return;
  }
  if (x->kind == IR_IF && lower_group_if(s)) {
    u->ok = u->ok && !variant_se(u, x->u.if_.cond);
    uniform_body(u, x->u.if_.then_body);
    uniform_body(u, x->u.if_.else_body);
    for (int i = 0; i < s->pat_count; i++) {
      if (s->pat[i]->type.rank > 0 || variant_se(u, x->u.if_.then_body->results[i]) ||
          variant_se(u, x->u.if_.else_body->results[i])) {
        mark_variant(u, s->pat[i]);
      }
    }
    return;
  }
  if (x->kind == IR_SOAC) {
    u->ok = u->ok && !variant_se(u, x->u.soac.width);
    for (int i = 0; i < s->pat_count; i++) {
      mark_variant(u, s->pat[i]); /* arrays of data, reductions of them */
    }
    return;
  }
  /* A shape is a size known outside (group code's arrays have such lengths); anything
   * else that uses what varies varies, arrays always (their elements are data). */
  bool variant = x->kind != IR_SHAPE && uses_variant(u, s);
  for (int i = 0; i < s->pat_count; i++) {
    if (variant || s->pat[i]->type.rank > 0) {
      mark_variant(u, s->pat[i]);
    }
  }
}

static void uniform_body(struct uniform *u, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    uniform_stm(u, b->stms[i]);
  }
}

static bool uniform_control(struct arena *a, const struct ir_lambda *f) {
  struct uniform u = {.ok = true};
  ptrmap_init(&u.variant, a);
  for (int i = 0; i < f->param_count; i++) {
    mark_variant(&u, f->params[i]);
  }
  if (f->index != NULL) {
    mark_variant(&u, f->index);
  }
  uniform_body(&u, f->body);
  return u.ok;
}

static bool has_trees(const struct kir_kernel *kk) {
  for (int i = 0; i < kk->local_count; i++) {
    if (kk->local[i].extent == KIR_EXTENT_GROUP) {
      return true;
    }
  }
  return false;
}

static void count_use(void *ctx, const struct ir_var *v) {
  struct ptrmap *uses = ctx;
  ptrmap_put(uses, v, (void *)((intptr_t)ptrmap_get(uses, v) + 1));
}

/* Group code loops over the row's sizes and divides by its loops' parameters: each of
 * the statement's kernels is built again at launch for the values of its integer and
 * boolean free scalars (the sizes and the loops' invariants that the host computes)
 * as constants (Note [specialised kernels] in rts/opencl/opencl.c). Floats are left
 * out: they are data, which may change on every call. */
static void specialise(struct build *b) {
  struct lower_kernel *k = b->k;
  struct ir_var **spec = ARENA_ARRAY(b->arena, struct ir_var *, k->free_count + 1);
  int count = 0;
  for (int i = 0; i < k->free_count; i++) {
    if (specialisable(k->free[i])) {
      spec[count++] = k->free[i];
    }
  }
  for (int i = 0; i < k->kernel_count; i++) {
    k->kernels[i].specialised = true;
    k->kernels[i].spec = spec;
    k->kernels[i].spec_count = count;
  }
}

static void build_intra(struct build *b) {
  const struct ir_lambda *f = b->s->exp.u.soac.map_fn;
  b->k->choice = KIR_FITS_LOCAL;
  for (int v = 0; v < 2; v++) {
    struct kir_kernel *kk = add_kernel(b, v == 0 ? "_local" : "_global", KIR_GROUP,
                                       KIR_GRID_SEGMENTS, KIR_COUNT_WIDTH);
    kk->space = v == 0 ? KIR_SPACE_LOCAL : KIR_SPACE_GLOBAL;
  }
  /* Both versions have the same layout and steps: build them once. */
  struct kir_kernel *first = &b->k->kernels[0];
  ptrmap_init(&b->owners, b->arena);
  kir_find_owners(f->body, &b->owners);
  ptrmap_init(&b->uses, b->arena);
  ir_visit_uses_lambda(f, count_use, &b->uses);
  struct fixed_scope spec = {.up = NULL};
  ptrmap_init(&spec.vars, b->arena);
  for (int i = 0; i < b->k->free_count; i++) {
    if (specialisable(b->k->free[i])) {
      ptrmap_put(&spec.vars, b->k->free[i], (void *)1);
    }
  }
  ptrmap_init(&b->fixed_trips, b->arena);
  b->recording = true;
  (void)fixed_results(b, &spec, f->body);
  group_steps(b, first, &b->k->steps, f->body);
  int staged_bytes = 0;
  kir_any_step(&b->k->steps, largest_staged, &staged_bytes);
  if (staged_bytes > STAGE_ELEMENT_BYTES) {
    unstage(&b->k->steps);
  }
  int trees = 0;
  place_trees(b, first, &b->k->steps, &trees);
  b->k->kernels[1].local = first->local;
  b->k->kernels[1].local_count = first->local_count;
  if (!has_trees(first) && uniform_control(b->arena, f)) {
    /* A third version packs rows (Note [segments per group]); the local one stays
     * for one row per group, where its constant work-items per row fold. */
    struct kir_kernel *packed = add_kernel(b, "_packed", KIR_GROUP, KIR_GRID_SEGMENTS,
                                           KIR_COUNT_WIDTH);
    packed->space = KIR_SPACE_LOCAL;
    packed->geo.packed = true;
    packed->local = b->k->kernels[0].local;
    packed->local_count = b->k->kernels[0].local_count;
  }
  specialise(b);
}

/* The rows form (Note [rows of known length] in forms.c): the lengths of the first
 * element's rows first, when the pattern does not know them, into the result slots. */
static void build_rows(struct build *b) {
  const struct ir_stm *s = b->s;
  for (int r = 0; r < s->pat_count; r++) {
    if (s->pat[r]->type.rank == 2 && s->pat[r]->type.dims[1].kind == IR_SE_NONE) {
      b->k->result_slots = true;
    }
  }
  if (b->k->result_slots) {
    add_kernel(b, "_sizes", KIR_GLOBAL, KIR_GRID_ONE, KIR_COUNT_WIDTH);
  }
  add_kernel(b, "", KIR_GLOBAL, KIR_GRID_CAPPED, KIR_COUNT_ROWS);
}

static void build_transpose(struct build *b) {
  struct lower_kernel *k = b->k;
  if (k->perm[k->rank - 1] == k->rank - 1) {
    add_kernel(b, "", KIR_GLOBAL, KIR_GRID_CAPPED, KIR_COUNT_ELEMS);
  } else {
    struct kir_kernel *kk =
        add_kernel(b, "", KIR_GLOBAL, KIR_GRID_SEGMENTS, KIR_COUNT_TRANSPOSE_TILES);
    add_local(b, kk, "tile", k->free[0]->type.prim, KIR_EXTENT_TRANSPOSE_TILE);
  }
}

void kir_build(struct arena *a, const struct ir_stm *s, struct lower_kernel *k) {
  struct build b = {.arena = a, .k = k, .s = s};
  k->choice = KIR_ALL;
  switch (k->form) {
  case LOWER_MAP:
    add_transposes(&b);
    add_elementwise(&b, "");
    break;
  case LOWER_MAP2:
    add_kernel(&b, "", KIR_GLOBAL, KIR_GRID_CAPPED, KIR_COUNT_FLAT);
    break;
  case LOWER_ROWS:
    build_rows(&b);
    break;
  case LOWER_REDUCE:
    build_reduce(&b);
    break;
  case LOWER_SCAN:
    build_scan(&b);
    break;
  case LOWER_SCATTER:
    add_elementwise(&b, "");
    break;
  case LOWER_HIST:
    build_hist(&b);
    break;
  case LOWER_SEGRED:
    build_segred(&b);
    break;
  case LOWER_INTRA:
    build_intra(&b);
    break;
  case LOWER_TRANSPOSE:
    build_transpose(&b);
    break;
  }
  k->narrow = kir_narrow_stm(a, s);
  for (int i = 0; i < k->kernel_count && k->narrow.var_count > 0; i++) {
    k->kernels[i].index = KIR_INDEX_NARROW;
  }
}

int kir_kernels_at(const struct lower_kernel *k, enum kir_level level) {
  int n = 0;
  for (int i = 0; i < k->kernel_count; i++) {
    n += k->kernels[i].level == level;
  }
  return n;
}
