/* The kernel IR's verifier and printer (kernel.h). */
#include <string.h>

#include "ir/util.h"
#include "lower/kernel.h"
#include "lower/lower.h"
#include "support/diag.h"

/* ------------------------------------------------------------ Verifier */

struct check {
  const struct ir_stm *s;
  const struct lower_kernel *k;
  const struct kir_kernel *kk; /* the kernel whose layout group code uses */
  const char *problem;         /* the first invariant found broken */
};

static void fail(const struct check *c, const char *what) {
  struct check *m = (struct check *)c;
  if (m->problem == NULL) {
    m->problem = what;
  }
}

static const struct kir_local *slot_of(const struct kir_kernel *kk, const struct ir_var *v) {
  for (int i = 0; i < kk->local_count; i++) {
    if (kk->local[i].var == v || kk->local[i].param == v) {
      return kk->local[i].extent == KIR_EXTENT_ELEMS ? &kk->local[i] : NULL;
    }
  }
  return NULL;
}

static bool has_slot(const struct kir_kernel *kk, const struct ir_var *v) {
  return slot_of(kk, v) != NULL;
}

/* Whether step st is a staged scatter whose copies include *arg (a variable). */
static bool copies_var(const struct kir_step *st, void *arg) {
  const struct ir_var *v = *(const struct ir_var **)arg;
  for (int k = 0; k < st->shadow_count; k++) {
    if (st->shadow[k] == v) {
      return true;
    }
  }
  return false;
}

/* Only a staged scatter's copy spills (Note [staged scatters] in kernels.c): a slot
 * of that one array, which no loop parameter takes over. */
static void check_spills(const struct check *c, const struct kir_steps *steps) {
  for (int i = 0; i < c->kk->local_count; i++) {
    const struct kir_local *l = &c->kk->local[i];
    const struct ir_var *v = l->var;
    if (l->spill && (l->extent != KIR_EXTENT_ELEMS || v == NULL || l->param != NULL ||
                     !kir_any_step(steps, copies_var, &v))) {
      fail(c, "a buffer in global scratch is not the slot of a staged scatter's copy");
    }
  }
}

static void check_slots(const struct check *c, struct ir_var *const *vars, int from, int to) {
  for (int i = from; i < to; i++) {
    if (vars[i]->type.rank > 0 && !has_slot(c->kk, vars[i])) {
      fail(c, "an array of group code has no slot");
    }
  }
}

/* The tree of a reduction or scan: one group-sized buffer per accumulator. */
static void check_tree(const struct check *c, const struct kir_step *st) {
  const struct ir_lambda *op = st->stm->exp.u.soac.op;
  int n = op->param_count / 2;
  if (st->tree < 0 || st->tree + n > c->kk->local_count) {
    fail(c, "a reduction's tree is outside the local-memory layout");
    return; /* its buffers cannot be read */
  }
  for (int r = 0; r < n; r++) {
    const struct kir_local *l = &c->kk->local[st->tree + r];
    if (l->extent != KIR_EXTENT_GROUP || l->prim != op->params[r]->type.prim) {
      fail(c, "a reduction's tree does not match its accumulators");
    }
  }
}

static bool writes_shared(enum kir_step_kind k) {
  return k != KIR_STEP_SCALAR && k != KIR_STEP_BARRIER && k != KIR_STEP_LOOP &&
         k != KIR_STEP_IF && k != KIR_STEP_BIND && k != KIR_STEP_ROTATE;
}

/* Whether a barrier follows step i: the next step, or the one after the run of fills
 * that the next step joins (Note [fills without barriers] in kernels.c). */
static bool barrier_follows(const struct kir_steps *steps, int i) {
  if (i + 1 == steps->count) {
    return false;
  }
  const struct kir_step *next = &steps->items[i + 1];
  return next->kind == KIR_STEP_BARRIER ||
         (next->kind == KIR_STEP_FILL && kir_fill_joins_run(steps, i + 1, next->stm));
}

/* `synced`: whether the group is synced when the steps start (a loop's `next` after a
 * body that ends synced). */
static void check_steps(const struct check *c, const struct kir_steps *steps, bool synced) {
  for (int i = 0; i < steps->count; i++) {
    const struct kir_step *st = &steps->items[i];
    if (writes_shared(st->kind) && !barrier_follows(steps, i)) {
      fail(c, "a step that writes group memory is not followed by a barrier");
    }
    const struct ir_stm *s = st->stm;
    switch (st->kind) {
    case KIR_STEP_FILL:
    case KIR_STEP_MAP:
      check_slots(c, s->pat, 0, s->pat_count);
      break;
    case KIR_STEP_REDUCE:
      check_slots(c, s->pat, s->exp.u.soac.neutral_count, s->pat_count);
      check_tree(c, st);
      break;
    case KIR_STEP_SCAN:
      check_slots(c, s->pat, 0, s->pat_count);
      check_tree(c, st);
      break;
    case KIR_STEP_LOOP:
      check_slots(c, s->exp.u.loop.params, 0, s->exp.u.loop.param_count);
      check_steps(c, &st->init, false);
      check_steps(c, &st->body, false);
      check_steps(c, &st->next, kir_synced_after(&st->body, false));
      break;
    case KIR_STEP_IF:
      check_steps(c, &st->body, false);
      check_steps(c, &st->orelse, false);
      break;
    case KIR_STEP_COPY:
      if (!has_slot(c->kk, st->to)) {
        fail(c, "a copy's destination has no slot");
      }
      break;
    case KIR_STEP_ROTATE:
      if (i == 0 ? !synced : steps->items[i - 1].kind != KIR_STEP_BARRIER) {
        fail(c, "a rotation of slots does not follow a barrier");
      }
      for (int r = 0; r < st->rotate_count; r++) {
        if (!has_slot(c->kk, st->rotate_to[r]) || !has_slot(c->kk, st->rotate_from[r])) {
          fail(c, "a rotation moves an array that has no slot");
        }
      }
      break;
    case KIR_STEP_SCATTER:
      for (int k = 0; k < st->shadow_count; k++) {
        const struct kir_local *l = slot_of(c->kk, st->shadow[k]);
        if (l == NULL || !l->spill) {
          fail(c, "a staged scatter's copy has no slot in global scratch");
        }
      }
      break;
    case KIR_STEP_BIND:
    case KIR_STEP_SCALAR:
    case KIR_STEP_BARRIER:
      break;
    }
  }
}

/* Every variable the SOAC's lambdas use from outside them is an argument. */
static void check_arguments(const struct check *c, const struct ir_program *p) {
  const struct ir_soac *so = &c->s->exp.u.soac;
  struct ir_free_vars fv;
  ir_free_vars_init(&fv, p);
  ir_free_vars_lambda(&fv, so->map_fn);
  ir_free_vars_lambda(&fv, so->op);
  for (int i = 0; i < fv.count; i++) {
    bool found = false;
    for (int j = 0; j < c->k->free_count && !found; j++) {
      found = c->k->free[j] == fv.vars[i];
    }
    if (!found) {
      fail(c, "a variable that the kernel uses is not one of its arguments");
    }
  }
  ir_free_vars_free(&fv);
}

/* A specialised kernel's constants are scalar arguments of the statement, each once. */
static void check_spec_of(const struct check *c, const struct kir_kernel *kk) {
  for (int i = 0; i < kk->spec_count; i++) {
    bool argument = false;
    for (int j = 0; j < c->k->free_count; j++) {
      argument = argument || c->k->free[j] == kk->spec[i];
    }
    for (int j = 0; j < i; j++) {
      argument = argument && kk->spec[j] != kk->spec[i];
    }
    if (!argument || kk->spec[i]->type.rank != 0 || !kk->specialised) {
      fail(c, "a kernel is specialised on what is not one of its scalar arguments");
    }
  }
}

static void check_specialised(const struct check *c) {
  for (int k = 0; k < c->k->kernel_count; k++) {
    check_spec_of(c, &c->k->kernels[k]);
  }
}

static void check_versions(const struct check *c) {
  const struct lower_kernel *k = c->k;
  int group = 0, global = 0, local_space = 0, packed = 0;
  for (int i = 0; i < k->kernel_count; i++) {
    const struct kir_kernel *kk = &k->kernels[i];
    if (kk->geo.items < 1) {
      fail(c, "a kernel takes no element per work-item");
    }
    if (kk->private_rows && (k->form != LOWER_MAP || kk->geo.vectors > 0)) {
      fail(c, "only a map kernel without vectors writes rows of private arrays");
    }
    if (kk->level == KIR_GROUP) {
      group++;
      local_space += kk->space == KIR_SPACE_LOCAL;
      packed += kk->geo.packed;
      if (kk->geo.grid != KIR_GRID_SEGMENTS || kk->geo.segments_per_group < 1) {
        fail(c, "a group kernel's work-groups do not take segments");
      }
      if (kk->geo.packed && (k->form != LOWER_INTRA || kk->space != KIR_SPACE_LOCAL)) {
        fail(c, "only the local version of group code packs segments");
      }
    } else {
      global++;
    }
  }
  if (k->choice == KIR_GROUP_VERSION && (group != 1 || global < 1)) {
    fail(c, "a choice of the group version needs one group kernel and a global one");
  }
  if (k->choice == KIR_FITS_LOCAL &&
      (group != 2 + packed || local_space != 1 + packed || packed > 1)) {
    fail(c, "a choice of local memory needs a local and a global version");
  }
  if (k->form == LOWER_MAP2 && (k->nest_count < 1 || k->nest[0] != k->inner)) {
    fail(c, "a map2's nest does not start at its inner map");
  }
  for (int i = 0; k->form == LOWER_ROWS && i < k->row_count; i++) {
    if (k->rows[i]->pat_count != 1 ||
        k->rows[i]->pat[0]->type.rank != (k->rows[i]->exp.kind == IR_SHAPE ? 0 : 1)) {
      fail(c, "a statement that makes a row of a rows kernel has no row");
    }
  }
  if (k->choice == KIR_FEW_BINS && (global != 2 || k->form != LOWER_HIST)) {
    fail(c, "a choice by bins needs a hist's two global versions");
  }
  if (k->steps.count > 0 && k->form != LOWER_INTRA) {
    fail(c, "only group code has steps");
  }
}

const char *kir_check(const struct ir_program *p, const struct ir_stm *s,
                      const struct lower_kernel *k) {
  if (k->kernel_count == 0) {
    return "a planned statement has no kernel";
  }
  struct check c = {.s = s, .k = k, .kk = &k->kernels[0]};
  check_versions(&c);
  if (c.problem != NULL) {
    return c.problem;
  }
  check_spills(&c, &k->steps);
  check_steps(&c, &k->steps, false);
  if (k->form != LOWER_TRANSPOSE) { /* a transpose runs no lambda */
    check_arguments(&c, p);
  }
  if (c.problem == NULL) {
    check_specialised(&c);
  }
  return c.problem;
}

void kir_verify(const struct ir_program *p, const struct ir_stm *s,
                const struct lower_kernel *k) {
  const char *problem = kir_check(p, s, k);
  if (problem != NULL) {
    diag_ice("kir_verify", s->loc, "kernel %d (%s): %s", k->id, lower_form_name(k->form),
             problem);
  }
}

/* ------------------------------------------------------------ Printer */

static void print_extent(struct strbuf *out, const struct kir_local *l) {
  switch (l->extent) {
  case KIR_EXTENT_ELEMS:
    ir_print_subexp(out, l->elems);
    break;
  case KIR_EXTENT_GROUP:
    strbuf_puts(out, "group");
    break;
  case KIR_EXTENT_SCAN_TILE:
    strbuf_puts(out, "scan tile");
    break;
  case KIR_EXTENT_TRANSPOSE_TILE:
    strbuf_puts(out, "transpose tile");
    break;
  case KIR_EXTENT_HIST_BINS:
    strbuf_printf(out, "%d", KIR_HIST_LOCAL_BINS);
    break;
  }
}

static const char *const count_names[] = {
    [KIR_COUNT_WIDTH] = "width",
    [KIR_COUNT_FLAT] = "width * inner width",
    [KIR_COUNT_ELEMS] = "elements",
    [KIR_COUNT_TRANSPOSE_TILES] = "tiles",
    [KIR_COUNT_ROWS] = "width * (row lengths + 1)",
    [KIR_COUNT_BINS] = "bins",
};

static void print_kernel(struct strbuf *out, const struct kir_kernel *kk) {
  const struct kir_geometry *g = &kk->geo;
  strbuf_printf(out, "  %s: %s, groups %s", kk->name, kk->level == KIR_GROUP ? "group" : "global",
                kir_grid_name(g->grid));
  if (g->grid != KIR_GRID_ONE) {
    strbuf_printf(out, "(%s)", count_names[g->count]);
  }
  strbuf_puts(out, ", group size ");
  if (g->packed) {
    strbuf_puts(out, "segments x items (at run time)");
  } else if (g->group_size == 0) {
    strbuf_puts(out, "RTS_GROUP");
  } else {
    strbuf_printf(out, "%d", g->group_size);
  }
  if (kk->level == KIR_GROUP) {
    if (g->packed) {
      strbuf_puts(out, ", segments packed per group");
    } else {
      strbuf_printf(out, ", %d segment%s per group", g->segments_per_group,
                    g->segments_per_group == 1 ? "" : "s");
    }
    if (g->segment.kind != IR_SE_NONE) {
      strbuf_puts(out, " of ");
      ir_print_subexp(out, g->segment);
    }
  }
  if (g->items > 1) {
    strbuf_printf(out, ", %d items per work-item", g->items);
  }
  if (g->vectors > 0) {
    strbuf_puts(out, ", vectors of 4");
  }
  if (kk->elements == KIR_CHUNKED) {
    strbuf_puts(out, ", chunked");
  }
  if (kk->conditional) {
    strbuf_puts(out, ", when it pays");
  }
  if (kk->private_rows) {
    strbuf_puts(out, ", rows of private arrays");
  }
  if (kk->specialised) {
    strbuf_puts(out, ", specialised");
  }
  strbuf_puts(out, kk->index == KIR_INDEX_NARROW ? ", index narrow\n" : ", index i64\n");
  if (kk->specialised) {
    strbuf_puts(out, "    specialised on");
    for (int i = 0; i < kk->spec_count; i++) {
      strbuf_puts(out, " ");
      ir_print_subexp(out, ir_se_var(kk->spec[i]));
    }
    strbuf_puts(out, kk->geo.packed ? " and its rows per group\n" : "\n");
  }
  for (int i = 0; i < kk->local_count; i++) {
    const struct kir_local *l = &kk->local[i];
    strbuf_printf(out, "    %s %s: %s[", l->var != NULL && (kk->space == KIR_SPACE_GLOBAL ||
                                                               l->spill)
                                              ? "scratch"
                                              : "local",
                  l->name, prim_name(l->prim));
    print_extent(out, l);
    strbuf_puts(out, "]");
    if (l->var != NULL) {
      strbuf_puts(out, " holds ");
      ir_print_subexp(out, ir_se_var((struct ir_var *)l->var));
    }
    if (l->param != NULL) {
      strbuf_puts(out, ", then ");
      ir_print_subexp(out, ir_se_var((struct ir_var *)l->param));
    }
    strbuf_puts(out, "\n");
  }
}

static void print_steps(struct strbuf *out, const struct kir_steps *steps, int depth);

static void print_step(struct strbuf *out, const struct kir_step *st, int depth) {
  strbuf_printf(out, "%*s%s", 2 * depth, "", kir_step_name(st->kind));
  switch (st->kind) {
  case KIR_STEP_BARRIER:
    break;
  case KIR_STEP_BIND:
    strbuf_printf(out, " parameter %d", st->param);
    break;
  case KIR_STEP_COPY:
    strbuf_puts(out, " ");
    ir_print_subexp(out, ir_se_var((struct ir_var *)st->to));
    strbuf_puts(out, " from ");
    ir_print_subexp(out, st->from);
    break;
  case KIR_STEP_ROTATE:
    for (int r = 0; r < st->rotate_count; r++) {
      strbuf_puts(out, r == 0 ? " " : ", ");
      ir_print_subexp(out, ir_se_var((struct ir_var *)st->rotate_to[r]));
      strbuf_puts(out, " takes ");
      ir_print_subexp(out, ir_se_var((struct ir_var *)st->rotate_from[r]));
    }
    break;
  default:
    strbuf_puts(out, " ");
    if (st->stm->pat_count > 0) {
      ir_print_subexp(out, ir_se_var(st->stm->pat[0]));
      strbuf_puts(out, " ");
    }
    strbuf_printf(out, "at %d:%d", st->stm->loc.line, st->stm->loc.col);
    if (st->kind == KIR_STEP_REDUCE || st->kind == KIR_STEP_SCAN) {
      strbuf_printf(out, ", tree at local %d", st->tree);
    }
    if (st->kind == KIR_STEP_REDUCE && st->elements == KIR_CHUNKED) {
      strbuf_puts(out, ", chunked");
    }
    if (st->kind == KIR_STEP_LOOP && st->fixed_trips) {
      strbuf_puts(out, ", trips fixed by the specialised values");
    }
    for (int i = 0; i < st->shadow_count; i++) {
      const char *first = st->staged ? ", staged; its copies " : ", copied first; its copies ";
      strbuf_puts(out, i > 0 ? ", " : first);
      ir_print_subexp(out, ir_se_var((struct ir_var *)st->shadow[i]));
      strbuf_puts(out, " of ");
      ir_print_subexp(out, ir_se_var((struct ir_var *)st->shadowed[i]));
    }
    break;
  }
  strbuf_puts(out, "\n");
  if (st->kind == KIR_STEP_LOOP) {
    strbuf_printf(out, "%*sinit\n", 2 * depth + 2, "");
    print_steps(out, &st->init, depth + 2);
    strbuf_printf(out, "%*sbody\n", 2 * depth + 2, "");
    print_steps(out, &st->body, depth + 2);
    strbuf_printf(out, "%*snext\n", 2 * depth + 2, "");
    print_steps(out, &st->next, depth + 2);
  } else if (st->kind == KIR_STEP_IF) {
    strbuf_printf(out, "%*sthen\n", 2 * depth + 2, "");
    print_steps(out, &st->body, depth + 2);
    strbuf_printf(out, "%*selse\n", 2 * depth + 2, "");
    print_steps(out, &st->orelse, depth + 2);
  }
}

static void print_steps(struct strbuf *out, const struct kir_steps *steps, int depth) {
  for (int i = 0; i < steps->count; i++) {
    print_step(out, &steps->items[i], depth);
  }
}

void kir_print_term(struct strbuf *out, const struct kir_term *t) {
  switch (t->op) {
  case KIR_TERM_CONST:
    strbuf_printf(out, "%lld", (long long)t->c);
    return;
  case KIR_TERM_VAR:
    ir_print_subexp(out, ir_se_var((struct ir_var *)t->var));
    return;
  case KIR_TERM_MIN:
  case KIR_TERM_MAX:
    strbuf_printf(out, "%s(", kir_term_name(t->op));
    kir_print_term(out, t->a);
    strbuf_puts(out, ", ");
    kir_print_term(out, t->b);
    strbuf_puts(out, ")");
    return;
  default:
    strbuf_puts(out, "(");
    kir_print_term(out, t->a);
    strbuf_printf(out, " %s ", kir_term_name(t->op));
    kir_print_term(out, t->b);
    strbuf_puts(out, ")");
  }
}

/* The narrow variables and the bounds that the host checks. */
static void print_narrow(struct strbuf *out, const struct kir_narrow *n) {
  if (n->var_count == 0) {
    return;
  }
  strbuf_puts(out, "  narrow");
  for (int i = 0; i < n->var_count; i++) {
    strbuf_puts(out, " ");
    ir_print_subexp(out, ir_se_var((struct ir_var *)n->vars[i]));
  }
  strbuf_puts(out, "\n  checked at launch:");
  if (n->lo != NULL) {
    strbuf_puts(out, " ");
    kir_print_term(out, n->lo);
    strbuf_puts(out, " >= -2^31");
  }
  if (n->hi != NULL) {
    strbuf_puts(out, n->lo != NULL ? ", " : " ");
    kir_print_term(out, n->hi);
    strbuf_puts(out, " < 2^31");
  }
  if (n->nonneg != NULL) {
    strbuf_puts(out, n->lo != NULL || n->hi != NULL ? ", " : " ");
    kir_print_term(out, n->nonneg);
    strbuf_puts(out, " >= 0");
  }
  strbuf_puts(out, n->lo == NULL && n->hi == NULL && n->nonneg == NULL
                       ? " nothing (constant bounds)\n"
                       : "\n");
}

void kir_print(struct strbuf *out, const struct ir_stm *s, const struct lower_kernel *k) {
  print_narrow(out, &k->narrow);
  if (k->choice != KIR_ALL) {
    strbuf_printf(out, "  versions by %s\n", kir_choice_name(k->choice));
  }
  if (k->result_slots) {
    strbuf_puts(out, "  results in the error buffer's slots\n");
  }
  if (k->form == LOWER_SCAN) {
    strbuf_puts(out, k->lookback ? "  one pass with look-back\n" : "  three phases\n");
  }
  if (k->form == LOWER_ROWS) {
    strbuf_puts(out, k->row_count == 0 ? "  rows that are views\n" : "  rows made by");
    for (int i = 0; i < k->row_count; i++) {
      const struct ir_exp *x = &k->rows[i]->exp;
      strbuf_printf(out, "%s %s at %d:%d", i > 0 ? "," : "",
                    x->kind == IR_SOAC ? ir_soac_kind_name(x->u.soac.kind)
                                       : ir_exp_kind_name(x->kind),
                    k->rows[i]->loc.line, k->rows[i]->loc.col);
    }
    strbuf_puts(out, k->row_count == 0 ? "" : "\n");
  }
  if (k->form == LOWER_MAP2 && k->nest_count > 1) {
    strbuf_printf(out, "  a nest of %d inner maps, flattened\n", k->nest_count);
  }
  if (k->form == LOWER_HIST) {
    /* 8- and 16-bit bins: their word (Note [hist updates] in forms.c) */
    bool word = k->atomic == LOWER_ATOMIC_CAS && prim_bytes(s->pat[0]->type.prim) < 4;
    strbuf_printf(out, "  update by %s%s\n", lower_atomic_name(k->atomic),
                  word ? " of the 32-bit word that holds the bin" : "");
  }
  for (int i = 0; i < k->kernel_count; i++) {
    print_kernel(out, &k->kernels[i]);
  }
  if (k->steps.count > 0) {
    strbuf_puts(out, "  steps\n");
    print_steps(out, &k->steps, 2);
  }
}
