/* Unswitching maps, for the OpenCL backend (lower.h): a map whose lambda branches on
 * a condition that is the same for every element becomes a branch between two maps
 * (Note [unswitching maps]).
 */
#include "lower/lower_internal.h"

#include "ir/util.h"
#include "lower/rewrite.h"
#include "support/heap.h"

/* Note [unswitching maps]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * A map's lambda may branch on a value that does not depend on the element:
 *
 *   map (\x -> let t = tw n; ...; if c(n) then A(x) else B(x)) xs
 *
 * (the FFT library's `fft` picks Stockham's passes when the radices factor n and
 * Bluestein's algorithm otherwise; inlined into `map fft rows`, every row asks). A
 * branch whose arms hold inner SOACs or loops over arrays stops the map from being a
 * kernel when either arm is not group code (B's arrays have sizes computed in the
 * lambda), so the whole map would run on the host. Before lowering plans kernels, such
 * a map becomes, as compilers unswitch loops (and as Futhark's flattening lifts an
 * invariant branch out of a map):
 *
 *   let c' = if w > 0 then { the statements c needs; in c } else { in true }
 *   let ys = if c' then map (\x -> ...; A(x)) xs else map (\x -> ...; B(x)) xs
 *
 * The statements that c needs are those before the branch whose variables all come
 * from outside the lambda (or from such statements): every element would compute
 * them alike. They run once, and only when the map has elements, as the map would run
 * them (their failures and loops stay where they were: for w > 0 the map ran them at
 * least once, for w = 0 never); the copies left in the two lambdas are removed when
 * nothing else there uses them. Each new map keeps the statements before and after the
 * branch, the branch's pattern bound to its arm's results; the second map is a copy
 * with fresh variables. Each map is then planned on its own (and may be unswitched
 * again). A map is unswitched only when lowering would run it on the host and gives
 * one of the two maps a kernel, or kernels once distributed over its lambda (Note
 * [distributing maps] in distribute.c), at the first branch (in order) for which that
 * holds,
 * and only at branches that are not kernel code (lower.h): a branch of scalar code
 * costs a select per element and keeps the map one kernel, and unswitching maps that
 * stay on the host anyway would only copy code (each unswitch doubles the map).
 *
 * A map that is a kernel as it is (group code whose arms hold loops or SOACs over
 * arrays) is unswitched too, at such a branch, when both maps are kernels: a group
 * kernel's local memory holds the arrays of both arms and its registers are those of
 * the heavier one, so that each arm as a kernel of its own fits rows that the two
 * together do not (the FFT library's `stockham` takes one buffer or two by the row's
 * length: tests/backend_opencl/unswitch_group.dsl is a map of scans alike). Such a
 * map is unswitched once, at its first such branch: the two maps are not split again
 * (expand.c), so that k branches make two kernels, not 2^k.
 */

/* An unswitch of statement s, a map: the branch's index in the lambda's body and, by
 * statement, whether c needs it (`slice`). */
struct unswitch {
  struct ir_program *p;
  const struct ir_lambda *f;
  int branch;
  bool *slice;   /* by statement of f's body, before `branch` */
  bool *inside;  /* by variable id: bound by the lambda (parameters, index, patterns) */
};

void lower_stm_free_vars(const struct ir_program *p, const struct ir_stm *s,
                         struct ir_free_vars *fv) {
  ir_free_vars_init(fv, p);
  struct ir_stm *one = (struct ir_stm *)s;
  struct ir_body body = {.stms = &one, .stm_count = 1};
  ir_free_vars_body(fv, &body);
}

/* Whether statement s of the lambda's body uses nothing that the lambda binds but
 * what statements marked invariant bind. */
static bool invariant_stm(struct unswitch *u, const struct ir_stm *s, const bool *invariant) {
  struct ir_free_vars fv;
  lower_stm_free_vars(u->p, s, &fv);
  bool ok = true;
  for (int i = 0; ok && i < fv.count; i++) {
    ok = !u->inside[fv.vars[i]->id] || invariant[fv.vars[i]->id];
  }
  ir_free_vars_free(&fv);
  return ok;
}

/* Marks the statements before the branch that its condition needs, if they are all
 * invariant; false when the condition depends on the element. */
static bool find_slice(struct unswitch *u, struct ir_subexp cond) {
  const struct ir_body *b = u->f->body;
  size_t vars = (size_t)u->p->next_var_id + 1;
  bool *invariant = heap_calloc(vars, sizeof *invariant);
  bool *needed = heap_calloc(vars, sizeof *needed);
  for (int i = 0; i < u->branch; i++) {
    const struct ir_stm *s = b->stms[i];
    if (invariant_stm(u, s, invariant)) {
      for (int k = 0; k < s->pat_count; k++) {
        invariant[s->pat[k]->id] = true;
      }
    }
  }
  bool ok = cond.kind != IR_SE_VAR || !u->inside[cond.u.var->id] || invariant[cond.u.var->id];
  if (ok && cond.kind == IR_SE_VAR) {
    needed[cond.u.var->id] = true;
  }
  /* Backwards: a statement is in the slice when a later one of the slice, or the
   * condition, needs what it binds; it then needs what it uses. */
  for (int i = u->branch - 1; ok && i >= 0; i--) {
    const struct ir_stm *s = b->stms[i];
    for (int k = 0; k < s->pat_count && !u->slice[i]; k++) {
      u->slice[i] = needed[s->pat[k]->id];
    }
    if (!u->slice[i]) {
      continue;
    }
    struct ir_free_vars fv;
    lower_stm_free_vars(u->p, s, &fv);
    for (int k = 0; k < fv.count; k++) {
      needed[fv.vars[k]->id] = true;
    }
    ir_free_vars_free(&fv);
  }
  heap_free(needed);
  heap_free(invariant);
  return ok;
}

void lower_mark_bound(const struct ir_lambda *f, bool *inside) {
  for (int i = 0; i < f->param_count; i++) {
    inside[f->params[i]->id] = true;
  }
  if (f->index != NULL) {
    inside[f->index->id] = true;
  }
  for (int i = 0; i < f->body->stm_count; i++) {
    const struct ir_stm *s = f->body->stms[i];
    for (int k = 0; k < s->pat_count; k++) {
      inside[s->pat[k]->id] = true;
    }
  }
}

/* The first branch of f's body from `from` on that may be unswitched, or -1;
 * u->slice is set. */
static int find_branch(struct unswitch *u, int from) {
  const struct ir_body *b = u->f->body;
  for (int i = from; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    if (s->exp.kind != IR_IF || lower_kernel_stm(s)) {
      continue;
    }
    u->branch = i;
    for (int k = 0; k < i; k++) {
      u->slice[k] = false;
    }
    if (find_slice(u, s->exp.u.if_.cond)) {
      return i;
    }
  }
  return -1;
}

/* f's body with the branch at `at` replaced by the statements of one arm, its pattern
 * bound to the arm's results; the statements of the slice that nothing else uses go. */
static void take_arm(struct ir_program *p, struct ir_lambda *f, int at, bool then,
                     const bool *slice) {
  struct ir_body *b = f->body;
  struct ir_stm *branch = b->stms[at];
  struct ir_body *arm = then ? branch->exp.u.if_.then_body : branch->exp.u.if_.else_body;
  struct ir_body *out = ir_body_new(p->arena);
  for (int i = 0; i < at; i++) {
    rewrite_move(p, out, b->stms[i]);
  }
  for (int i = 0; i < arm->stm_count; i++) {
    rewrite_move(p, out, arm->stms[i]);
  }
  int after = out->stm_count;
  for (int i = at + 1; i < b->stm_count; i++) {
    rewrite_move(p, out, b->stms[i]);
  }
  out->results = b->results;
  out->result_count = b->result_count;
  /* The branch's pattern becomes the arm's results in what follows. */
  struct ir_subst sub;
  ir_subst_init(&sub, p);
  for (int k = 0; k < branch->pat_count; k++) {
    ir_subst_set(&sub, branch->pat[k], arm->results[k]);
  }
  for (int i = after; i < out->stm_count; i++) {
    ir_subst_stm(&sub, out->stms[i]);
  }
  struct ir_body tail = {.results = out->results, .result_count = out->result_count};
  ir_subst_body(&sub, &tail);
  for (int k = 0; k < f->ret_count; k++) {
    ir_subst_type(&sub, &f->ret[k]);
  }
  ir_subst_free(&sub);
  /* The slice's statements that the rest no longer needs, backwards. */
  bool *keep = heap_calloc((size_t)out->stm_count + 1, sizeof *keep);
  for (int i = 0; i < out->stm_count; i++) {
    keep[i] = true;
  }
  for (int i = at - 1; i >= 0; i--) {
    if (!slice[i]) {
      continue;
    }
    bool used = false;
    for (int k = 0; k < out->stms[i]->pat_count && !used; k++) {
      const struct ir_var *v = out->stms[i]->pat[k];
      for (int j = i + 1; j < out->stm_count && !used; j++) {
        used = keep[j] && ir_stm_uses(out->stms[j], v);
      }
      for (int j = 0; j < out->result_count && !used; j++) {
        used = out->results[j].kind == IR_SE_VAR && out->results[j].u.var == v;
      }
    }
    keep[i] = used;
  }
  ir_body_filter(out, keep);
  heap_free(keep);
  f->body = out;
}

/* A copy of statement s (a map) whose lambda is f, binding fresh variables. */
static struct ir_stm *map_with(struct ir_program *p, const struct ir_stm *s,
                               struct ir_lambda *f, struct ir_body *into) {
  struct lower_rewrite rw = {p, s};
  struct ir_var **pat = ARENA_ARRAY(p->arena, struct ir_var *, s->pat_count + 1);
  for (int i = 0; i < s->pat_count; i++) {
    pat[i] = rewrite_fresh(&rw, "r", s->pat[i]->type);
  }
  struct ir_exp e = s->exp;
  e.u.soac.map_fn = f;
  struct ir_stm *m = rewrite_add(&rw, into, e, pat, s->pat_count);
  m->sequential = s->sequential;
  into->results = ARENA_ARRAY(p->arena, struct ir_subexp, s->pat_count + 1);
  into->result_count = s->pat_count;
  for (int i = 0; i < s->pat_count; i++) {
    into->results[i] = ir_se_var(pat[i]);
  }
  return m;
}

/* `if w > 0 then { slice; in cond } else { in true }`, added to b: the condition. */
static struct ir_subexp guarded_cond(struct ir_program *p, struct ir_body *b,
                                     const struct ir_stm *s, const struct unswitch *u,
                                     struct ir_subexp cond) {
  const struct ir_body *fb = u->f->body;
  bool any = false;
  for (int i = 0; i < u->branch; i++) {
    any = any || u->slice[i];
  }
  if (!any) {
    return cond; /* bound outside the lambda, or a constant */
  }
  struct lower_rewrite rw = {p, s};
  struct ir_body *slice = ir_body_new(p->arena);
  for (int i = 0; i < u->branch; i++) {
    if (u->slice[i]) {
      rewrite_move(p, slice, fb->stms[i]);
    }
  }
  slice->results = ARENA_NEW(p->arena, struct ir_subexp);
  slice->results[0] = cond;
  slice->result_count = 1;
  struct ir_body *then_body = ir_copy_body(p, slice);
  struct ir_body *else_body = ir_body_new(p->arena);
  else_body->results = ARENA_NEW(p->arena, struct ir_subexp);
  else_body->results[0] = ir_se_bool(true);
  else_body->result_count = 1;
  struct ir_exp gt = {.kind = IR_BINOP};
  gt.u.binop.op = IR_BINOP_GT;
  gt.u.binop.lhs = s->exp.u.soac.width;
  gt.u.binop.rhs = ir_se_i64(0);
  struct ir_var *some = rewrite_fresh(&rw, "some", ir_type_scalar(PRIM_BOOL));
  rewrite_add(&rw, b, gt, &some, 1);
  struct ir_exp e = {.kind = IR_IF};
  e.u.if_.cond = ir_se_var(some);
  e.u.if_.then_body = then_body;
  e.u.if_.else_body = else_body;
  struct ir_var *c = rewrite_fresh(&rw, "uniform", ir_type_scalar(PRIM_BOOL));
  rewrite_add(&rw, b, e, &c, 1);
  return ir_se_var(c);
}

/* Whether map m runs on the device as it is, or once distributed over its lambda
 * (distribute.c; what that tries out is left to the arena). */
static bool gains_kernels(struct ir_program *p, struct ir_stm *m) {
  return lower_on_device(p, m) || lower_distribute(p, ir_body_new(p->arena), m);
}

struct ir_stm *lower_unswitch(struct ir_program *p, struct ir_body *b, struct ir_stm *s,
                              bool kernels, bool *was_kernel) {
  if (s->exp.kind != IR_SOAC || s->exp.u.soac.kind != IR_SOAC_MAP || s->sequential) {
    return NULL;
  }
  bool device = lower_on_device(p, s);
  if (device && !kernels) {
    return NULL;
  }
  *was_kernel = device;
  struct ir_lambda *f = s->exp.u.soac.map_fn;
  struct unswitch u = {.p = p, .f = f};
  u.slice = heap_calloc((size_t)f->body->stm_count + 1, sizeof *u.slice);
  u.inside = heap_calloc((size_t)p->next_var_id + 1, sizeof *u.inside);
  lower_mark_bound(f, u.inside);
  struct ir_stm *r = NULL;
  for (int at = find_branch(&u, 0); at >= 0 && r == NULL; at = find_branch(&u, at + 1)) {
    /* Two copies with fresh variables and the same shape, one per arm. */
    struct ir_lambda *arms[2] = {ir_copy_lambda(p, f), ir_copy_lambda(p, f)};
    struct ir_exp e = {.kind = IR_IF};
    e.u.if_.then_body = ir_body_new(p->arena);
    e.u.if_.else_body = ir_body_new(p->arena);
    take_arm(p, arms[0], at, true, u.slice);
    take_arm(p, arms[1], at, false, u.slice);
    struct ir_stm *maps[2] = {map_with(p, s, arms[0], e.u.if_.then_body),
                                    map_with(p, s, arms[1], e.u.if_.else_body)};
    /* Only when it gives an arm a kernel: else the map stays whole (Note [unswitching
     * maps]); the copies are left to the arena. */
    if (device ? lower_on_device(p, maps[0]) && lower_on_device(p, maps[1])
               : gains_kernels(p, maps[0]) || gains_kernels(p, maps[1])) {
      e.u.if_.cond = guarded_cond(p, b, s, &u, f->body->stms[at]->exp.u.if_.cond);
      struct lower_rewrite rw = {p, s};
      r = rewrite_add(&rw, b, e, s->pat, s->pat_count);
    }
  }
  heap_free(u.inside);
  heap_free(u.slice);
  return r;
}
