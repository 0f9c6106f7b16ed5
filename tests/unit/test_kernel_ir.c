/* Unit tests of the kernel IR's verifier (src/lower/kernel_check.c): small programs built
 * by hand are lowered (lower_program), the kernel planned for their SOAC must pass
 * kir_check, and then each invariant of src/lower/kernel.h is broken, one at a time, on
 * a copy of the kernel, which kir_check must reject with the invariant's message.
 *
 * The programs:
 *   intra   map (\r -> let c = replicate m 1 let b = map (*) r c in reduce (+) 0 b) xss:
 *           group code whose steps are fill, barrier, map, barrier, reduce, barrier, with
 *           slots for c and b and a tree for the reduction
 *   segred  map (\r -> reduce (+) 0 r) xss: a group version and a flat one
 *   reduce  reduce (+) 0 xs: one global kernel
 * and kir_synced_after (Note [barriers at the end of a pass] in kernels.c) on lists of
 * the intra kernel's steps and of scalar steps and branches made for it.
 */
#include <string.h>

#include "check.h"
#include "irb.h"
#include "lower/kernel.h"
#include "lower/lower.h"

/* The copies of kernels that the tests break, freed after each program. */
static struct arena scratch;

/* ------------------------------------------------------------ Programs */

/* fun main (xss: [][]i32): []i32 with n = shape xss 0 and m = shape xss 1, whose body
 * maps `row` (a lambda over r: [m]i32 with one i32 result) over xss. Returns the map. */
static const struct ir_stm *map_rows(void (*row)(struct ir_lambda *, struct ir_var *,
                                                 struct ir_var *)) {
  struct ir_var *xss = var("xss", ta(PRIM_I32, 2, NONE(), NONE()));
  struct ir_fun *f = fun("main", 1, vars(1, xss), 1, ta(PRIM_I32, 1, NONE()));
  struct ir_var *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(xss, 0));
  struct ir_var *m = let(f->body, 3, 1, "m", ts(PRIM_I64), e_shape(xss, 1));
  struct ir_var *r = var("r", ta(PRIM_I32, 1, V(m)));
  struct ir_lambda *l = lambda(1, vars(1, r), 1, ts(PRIM_I32));
  row(l, r, m);
  struct ir_var *sums = var("sums", ta(PRIM_I32, 1, V(n)));
  struct ir_stm *s = letn(f->body, 4, 1, vars(1, sums), 1,
                          e_soac(IR_SOAC_MAP, V(n), 1, vars(1, xss), l, NULL, 0, NULL));
  results(f->body, 1, V(sums));
  ir_program_add_fun(irb_prog, f);
  ir_verify(irb_prog, "test");
  return s;
}

/* reduce (+) 0 b over m elements of b; returns the sum. */
static struct ir_var *sum_of(struct ir_body *b, int line, struct ir_var *xs,
                             struct ir_var *m) {
  return let(b, line, 5, "t", ts(PRIM_I32),
             e_soac(IR_SOAC_REDUCE, V(m), 1, vars(1, xs), NULL,
                    op_lambda(IR_BINOP_ADD, PRIM_I32), 1, ses(1, K(PRIM_I32, 0))));
}

/* let c = replicate m 1 let b = map (*) r c in reduce (+) 0 b */
static void intra_row(struct ir_lambda *l, struct ir_var *r, struct ir_var *m) {
  struct ir_var *c = let(l->body, 5, 5, "c", ta(PRIM_I32, 1, V(m)),
                         e_replicate(1, ses(1, V(m)), K(PRIM_I32, 1)));
  struct ir_var *b = let(l->body, 6, 5, "b", ta(PRIM_I32, 1, V(m)),
                         e_soac(IR_SOAC_MAP, V(m), 2, vars(2, r, c),
                                op_lambda(IR_BINOP_MUL, PRIM_I32), NULL, 0, NULL));
  results(l->body, 1, V(sum_of(l->body, 7, b, m)));
}

/* reduce (+) 0 r */
static void segred_row(struct ir_lambda *l, struct ir_var *r, struct ir_var *m) {
  results(l->body, 1, V(sum_of(l->body, 5, r, m)));
}

/* fun main (xs: []i32): i32 = reduce (+) 0 xs. Returns the reduce. */
static const struct ir_stm *reduce_program(void) {
  struct ir_var *xs, *n;
  struct ir_fun *f = fun_over("main", PRIM_I32, &xs, &n, 1, ts(PRIM_I32), ts(PRIM_I32));
  struct ir_var *t = sum_of(f->body, 3, xs, n);
  results(f->body, 1, V(t));
  ir_program_add_fun(irb_prog, f);
  ir_verify(irb_prog, "test");
  return f->body->stms[f->body->stm_count - 1];
}

/* ------------------------------------------------------------ Breaking kernels */

/* The kernel planned for s, which must be of the form and pass kir_check. */
static const struct lower_kernel *planned(const struct lower_plan *plan, const struct ir_stm *s,
                                          enum lower_form form) {
  const struct lower_kernel *k = lower_kernel_of(plan, s);
  CHECK(k != NULL, "no kernel planned for the %s statement", lower_form_name(form));
  if (k == NULL) {
    return NULL;
  }
  CHECK(k->form == form, "planned %s, expected %s", lower_form_name(k->form),
        lower_form_name(form));
  const char *problem = kir_check(irb_prog, s, k);
  CHECK(problem == NULL, "the %s kernel as planned: %s", lower_form_name(form), problem);
  return k->form == form && problem == NULL ? k : NULL;
}

static void *dup_array(const void *items, int count, size_t size) {
  return count > 0 ? arena_dup(&scratch, items, size * (size_t)count) : NULL;
}

/* A copy of k whose arrays (arguments, kernels, their layouts, steps) may be changed
 * without changing k. The versions of group code share one layout, and so do their
 * copies. */
static struct lower_kernel copy_of(const struct lower_kernel *k) {
  struct lower_kernel c = *k;
  c.free = dup_array(k->free, k->free_count, sizeof *c.free);
  c.kernels = dup_array(k->kernels, k->kernel_count, sizeof *c.kernels);
  for (int i = 0; i < c.kernel_count; i++) {
    const struct kir_kernel *kk = &k->kernels[i];
    bool shared = i > 0 && kk->local == k->kernels[0].local;
    c.kernels[i].local = shared ? c.kernels[0].local
                                : dup_array(kk->local, kk->local_count, sizeof *kk->local);
  }
  c.steps.items = dup_array(k->steps.items, k->steps.count, sizeof *c.steps.items);
  c.steps.cap = c.steps.count;
  return c;
}

/* Removes item i of an array of *count items of the size. */
static void remove_at(void *items, int *count, size_t size, int i) {
  char *p = items;
  memmove(p + size * (size_t)i, p + size * (size_t)(i + 1), size * (size_t)(*count - i - 1));
  (*count)--;
}

/* kir_check must find the broken invariant `expected` in k, broken as `what` says. */
static void expect_broken(const struct ir_stm *s, const struct lower_kernel *k,
                          const char *expected, const char *what) {
  const char *problem = kir_check(irb_prog, s, k);
  CHECK(problem != NULL && strcmp(problem, expected) == 0,
        "%s: kir_check found \"%s\", expected \"%s\"", what,
        problem != NULL ? problem : "nothing", expected);
}

static bool writes_group_memory(enum kir_step_kind k) {
  return k == KIR_STEP_FILL || k == KIR_STEP_MAP || k == KIR_STEP_REDUCE;
}

/* Each step that writes group memory without the barrier after it. */
static void break_barriers(const struct ir_stm *s, const struct lower_kernel *k) {
  int broken = 0;
  for (int i = 0; i + 1 < k->steps.count; i++) {
    if (!writes_group_memory(k->steps.items[i].kind)) {
      continue;
    }
    CHECK(k->steps.items[i + 1].kind == KIR_STEP_BARRIER, "step %d (%s) has no barrier", i,
          kir_step_name(k->steps.items[i].kind));
    struct lower_kernel c = copy_of(k);
    remove_at(c.steps.items, &c.steps.count, sizeof *c.steps.items, i + 1);
    const char *what = arena_printf(&scratch, "the barrier after step %d (%s) removed", i,
                                    kir_step_name(k->steps.items[i].kind));
    expect_broken(s, &c, "a step that writes group memory is not followed by a barrier", what);
    broken++;
  }
  CHECK(broken == 3, "%d steps write group memory, expected 3 (fill, map, reduce)", broken);
}

/* Fills without a barrier between them (Note [fills without barriers] in
 * src/lower/kernels.c): k's steps start fill c, barrier, map b (which reads c). A second
 * fill of c's replicate right after the first, with no barrier, reads nothing the first
 * writes, so kir_check accepts it; the map's statement as a fill reads c, so in that
 * place it breaks the invariant. */
static void break_fill_runs(const struct ir_stm *s, const struct lower_kernel *k) {
  struct kir_step *steps = ARENA_ARRAY(&scratch, struct kir_step, k->steps.count + 1);
  steps[0] = k->steps.items[0];
  memcpy(steps + 1, k->steps.items, sizeof *steps * (size_t)k->steps.count);
  struct lower_kernel c = copy_of(k);
  c.steps.items = steps; /* fill c, fill c, barrier, map b, ... */
  c.steps.count = c.steps.cap = k->steps.count + 1;
  const char *problem = kir_check(irb_prog, s, &c);
  CHECK(problem == NULL, "two independent fills sharing a barrier: kir_check found \"%s\"",
        problem != NULL ? problem : "");
  steps = ARENA_ARRAY(&scratch, struct kir_step, k->steps.count);
  steps[0] = k->steps.items[0];
  steps[1] = k->steps.items[2]; /* fill c, the map as a fill that reads c, barrier, ... */
  steps[1].kind = KIR_STEP_FILL;
  memcpy(steps + 2, k->steps.items + 3, sizeof *steps * (size_t)(k->steps.count - 3));
  c = copy_of(k);
  c.steps.items = steps;
  c.steps.count = c.steps.cap = k->steps.count - 1;
  expect_broken(s, &c, "a step that writes group memory is not followed by a barrier",
                "a fill that reads the fill before it, with no barrier between them");
}

/* Each slot of group code removed from the layout (the trees after it moved down, so
 * that they still fit), made a buffer of one element per work-item, or put in global
 * scratch as if it were a staged scatter's copy. */
static void break_slots(const struct ir_stm *s, const struct lower_kernel *k) {
  int broken = 0;
  for (int i = 0; i < k->kernels[0].local_count; i++) {
    const struct kir_local *l = &k->kernels[0].local[i];
    if (l->var == NULL) {
      continue;
    }
    struct lower_kernel c = copy_of(k);
    for (int v = 0; v < c.kernel_count; v++) {
      remove_at(c.kernels[v].local, &c.kernels[v].local_count, sizeof *l, i);
    }
    for (int t = 0; t < c.steps.count; t++) {
      c.steps.items[t].tree -= c.steps.items[t].tree > i;
    }
    const char *what = arena_printf(&scratch, "slot %s removed", l->name);
    expect_broken(s, &c, "an array of group code has no slot", what);
    c = copy_of(k);
    c.kernels[0].local[i].extent = KIR_EXTENT_GROUP;
    what = arena_printf(&scratch, "slot %s of one element per work-item", l->name);
    expect_broken(s, &c, "an array of group code has no slot", what);
    c = copy_of(k); /* no scatter here is staged */
    c.kernels[0].local[i].spill = true;
    what = arena_printf(&scratch, "slot %s in global scratch", l->name);
    expect_broken(s, &c, "a buffer in global scratch is not the slot of a staged scatter's copy",
                  what);
    broken++;
  }
  CHECK(broken == 2, "%d slots, expected 2 (c and b)", broken);
}

/* The reduction's tree outside the layout, and of the wrong type or extent. */
static void break_tree(const struct ir_stm *s, const struct lower_kernel *k) {
  int r = k->steps.count - 2;
  CHECK(k->steps.items[r].kind == KIR_STEP_REDUCE, "step %d is %s, expected the reduction", r,
        kir_step_name(k->steps.items[r].kind));
  struct lower_kernel c = copy_of(k);
  c.steps.items[r].tree = c.kernels[0].local_count;
  expect_broken(s, &c, "a reduction's tree is outside the local-memory layout",
                "tree past the layout");
  c = copy_of(k);
  c.steps.items[r].tree = -1;
  expect_broken(s, &c, "a reduction's tree is outside the local-memory layout",
                "tree at -1");
  c = copy_of(k);
  c.kernels[0].local[c.steps.items[r].tree].prim = PRIM_F64;
  expect_broken(s, &c, "a reduction's tree does not match its accumulators", "tree of f64");
  c = copy_of(k);
  c.steps.items[r].tree = 0; /* slot c: i32 but m elements, not one per work-item */
  expect_broken(s, &c, "a reduction's tree does not match its accumulators",
                "tree in a slot");
}

/* Each argument removed from the kernel's arguments. */
static void break_arguments(const struct ir_stm *s, const struct lower_kernel *k) {
  CHECK(k->free_count >= 1, "the %s kernel has no argument (m expected)",
        lower_form_name(k->form));
  for (int i = 0; i < k->free_count; i++) {
    struct lower_kernel c = copy_of(k);
    remove_at(c.free, &c.free_count, sizeof *c.free, i);
    const char *what = arena_printf(&scratch, "%s: argument %s removed",
                                    lower_form_name(k->form), k->free[i]->name);
    expect_broken(s, &c, "a variable that the kernel uses is not one of its arguments", what);
  }
}

/* The versions of group code (KIR_FITS_LOCAL) and their geometry. */
static void break_versions(const struct ir_stm *s, const struct lower_kernel *k) {
  const char *local = "a choice of local memory needs a local and a global version";
  CHECK(k->choice == KIR_FITS_LOCAL && k->kernel_count == 2, "intra: choice %s of %d kernels",
        kir_choice_name(k->choice), k->kernel_count);
  struct lower_kernel c = copy_of(k);
  c.kernel_count = 1;
  expect_broken(s, &c, local, "intra: the global version removed");
  c = copy_of(k);
  c.kernels[0] = c.kernels[1];
  c.kernel_count = 1;
  expect_broken(s, &c, local, "intra: the local version removed");
  c = copy_of(k);
  c.kernels[1].space = KIR_SPACE_LOCAL;
  expect_broken(s, &c, local, "intra: both versions in local memory");
  c = copy_of(k);
  c.kernels[1].geo.segments_per_group = 0;
  expect_broken(s, &c, "a group kernel's work-groups do not take segments",
                "intra: no segment per group");
  c = copy_of(k);
  c.kernels[0].geo.grid = KIR_GRID_CAPPED;
  expect_broken(s, &c, "a group kernel's work-groups do not take segments",
                "intra: capped grid");
  c = copy_of(k);
  c.kernel_count = 0;
  expect_broken(s, &c, "a planned statement has no kernel", "intra: no kernel");
  /* Specialised on its argument m (Note [specialised kernels]), but not twice. */
  const char *spec = "a kernel is specialised on what is not one of its scalar arguments";
  CHECK(k->kernels[0].specialised && k->kernels[0].spec_count == 1 &&
            k->kernels[0].spec[0] == k->free[0],
        "intra: specialised on %d values", k->kernels[0].spec_count);
  struct ir_var *twice[2] = {k->free[0], k->free[0]};
  c = copy_of(k);
  c.kernels[0].spec = twice;
  c.kernels[0].spec_count = 2;
  expect_broken(s, &c, spec, "intra: specialised on m twice");
  c = copy_of(k);
  c.kernels[1].specialised = false;
  expect_broken(s, &c, spec, "intra: constants of a kernel that is not specialised");
}

/* kir_synced_after on the intra kernel's steps (fill, barrier, map, barrier, reduce,
 * barrier), on scalar steps that read an array or none, and on branches. */
static void synced_steps(const struct lower_kernel *k) {
  struct kir_steps prefix = k->steps;
  static const bool after[] = {false, true, false, true, false, true};
  for (int n = 1; n <= 6; n++) {
    prefix.count = n;
    CHECK(kir_synced_after(&prefix, false) == after[n - 1],
          "the first %d steps of the intra kernel: synced after is %d", n, !after[n - 1]);
  }
  struct ir_var *xs = var("xs", ta(PRIM_I32, 1, NONE()));
  struct ir_var *a = var("a", ts(PRIM_I64));
  struct ir_body *b = body();
  let(b, 9, 1, "t", ts(PRIM_I64), e_bin(IR_BINOP_ADD, V(a), I64(1)));
  let(b, 10, 1, "u", ts(PRIM_I32), e_index(IR_INDEX, xs, dims(1, d_fix(I64(0))), 1));
  struct kir_steps list = {0};
  kir_add_step(&scratch, &list, KIR_STEP_BARRIER);
  kir_add_step(&scratch, &list, KIR_STEP_SCALAR)->stm = b->stms[0];
  CHECK(kir_synced_after(&list, false), "a scalar step that reads no array unsyncs");
  kir_add_step(&scratch, &list, KIR_STEP_SCALAR)->stm = b->stms[1];
  CHECK(!kir_synced_after(&list, true), "a scalar step that reads an array keeps the sync");
  struct kir_steps branch = {0};
  struct kir_step *st = kir_add_step(&scratch, &branch, KIR_STEP_IF);
  kir_add_step(&scratch, &st->body, KIR_STEP_BARRIER);
  CHECK(!kir_synced_after(&branch, false), "an if with an empty arm syncs");
  CHECK(kir_synced_after(&branch, true), "an if whose arms add nothing unsyncs");
  kir_add_step(&scratch, &st->orelse, KIR_STEP_SCALAR)->stm = b->stms[1];
  kir_add_step(&scratch, &st->orelse, KIR_STEP_BARRIER);
  CHECK(kir_synced_after(&branch, false), "an if whose arms end at barriers does not sync");
}

/* ------------------------------------------------------------ Tests */

static void test_intra(void) {
  irb_begin();
  arena_init(&scratch);
  const struct ir_stm *s = map_rows(intra_row);
  struct lower_plan plan;
  lower_program(&plan, irb_prog);
  const struct lower_kernel *k = planned(&plan, s, LOWER_INTRA);
  if (k != NULL) {
    static const enum kir_step_kind expected[] = {KIR_STEP_FILL,   KIR_STEP_BARRIER,
                                                  KIR_STEP_MAP,    KIR_STEP_BARRIER,
                                                  KIR_STEP_REDUCE, KIR_STEP_BARRIER};
    bool same = k->steps.count == 6;
    for (int i = 0; same && i < 6; i++) {
      same = k->steps.items[i].kind == expected[i];
    }
    CHECK(same, "intra: the steps are not fill, barrier, map, barrier, reduce, barrier");
    if (same) {
      break_barriers(s, k);
      break_fill_runs(s, k);
      break_slots(s, k);
      break_tree(s, k);
      break_arguments(s, k);
      break_versions(s, k);
      synced_steps(k);
    }
  }
  lower_plan_free(&plan);
  arena_free(&scratch);
  irb_end();
}

static void test_segred(void) {
  irb_begin();
  arena_init(&scratch);
  const struct ir_stm *s = map_rows(segred_row);
  struct lower_plan plan;
  lower_program(&plan, irb_prog);
  const struct lower_kernel *k = planned(&plan, s, LOWER_SEGRED);
  if (k != NULL) {
    const char *versions = "a choice of the group version needs one group kernel and a "
                           "global one";
    CHECK(k->choice == KIR_GROUP_VERSION && k->kernels[0].level == KIR_GROUP,
          "segred: choice %s, first kernel %s", kir_choice_name(k->choice), k->kernels[0].name);
    struct lower_kernel c = copy_of(k);
    remove_at(c.kernels, &c.kernel_count, sizeof *c.kernels, 0);
    expect_broken(s, &c, versions, "segred: the group version removed");
    c = copy_of(k);
    c.kernel_count = 1;
    expect_broken(s, &c, versions, "segred: only the group version");
    c = copy_of(k);
    c.kernels[c.kernel_count - 1].level = KIR_GROUP;
    c.kernels[c.kernel_count - 1].geo.grid = KIR_GRID_SEGMENTS;
    c.kernels[c.kernel_count - 1].geo.segments_per_group = 1;
    expect_broken(s, &c, versions, "segred: two group versions");
    break_arguments(s, k);
  }
  lower_plan_free(&plan);
  arena_free(&scratch);
  irb_end();
}

static void test_reduce(void) {
  irb_begin();
  arena_init(&scratch);
  const struct ir_stm *s = reduce_program();
  struct lower_plan plan;
  lower_program(&plan, irb_prog);
  const struct lower_kernel *k = planned(&plan, s, LOWER_REDUCE);
  if (k != NULL) {
    CHECK(k->kernel_count == 1 && k->kernels[0].level == KIR_GLOBAL,
          "reduce: %d kernels, expected one global kernel", k->kernel_count);
    struct lower_kernel c = copy_of(k);
    c.kernels[0].geo.items = 0;
    expect_broken(s, &c, "a kernel takes no element per work-item", "reduce: 0 items");
    c = copy_of(k);
    kir_add_step(&scratch, &c.steps, KIR_STEP_SCALAR)->stm = s;
    expect_broken(s, &c, "only group code has steps", "reduce: a step");
  }
  lower_plan_free(&plan);
  arena_free(&scratch);
  irb_end();
}

int main(void) {
  strtab_init();
  test_intra();
  test_segred();
  test_reduce();
  strtab_free();
  diag_reset_files();
  printf("%d of %d checks passed\n", checks - failures, checks);
  return failures == 0 ? 0 : 1;
}
