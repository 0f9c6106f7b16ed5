/* Ownership of arrays in generated code: who holds a reference, when it is dropped,
 * when it may be moved instead of counted.
 *
 * Note [ownership]
 * ~~~~~~~~~~~~~~~~
 * Every array value lives in a reference-counted block (rts/c/context.h). The scheme
 * is Perceus-like ("Perceus: garbage free reference counting with reuse", Reinking et
 * al., PLDI 2021), decided at compile time per body:
 *  - A body owns the arrays its statements bind, and the ones it adopts: a function
 *    body its parameters, a loop body the loop parameters, each branch of an `if` the
 *    arrays whose last use in the enclosing body is that `if`. Each owned array holds
 *    one reference. Lambda parameters (rows of SOAC inputs, accumulators) and arrays
 *    of enclosing bodies are borrowed: they hold none and are never dropped.
 *  - An owned array is dropped (rts_unref) right after the statement of its last use
 *    in the owning body, or at once if it is never used.
 *  - A statement that needs a reference of its own (binding a copy, a view, an
 *    in-place update, a loop's initial value, a call's argument, a body's result, a
 *    scatter's destination) takes one: it moves the owner's reference when that
 *    statement is the array's last use in its owning body and mentions it once;
 *    otherwise it counts a new one (rts_ref).
 *  - An in-place write (update, scatter, hist) happens only when the block's count is
 *    1 after taking; otherwise the array is copied first. So correctness never depends
 *    on the uniqueness checker, and the common `loop acc = ... for i < n do acc with
 *    [i] = v` updates in place: acc's reference moves from parameter to update to
 *    result every iteration.
 * Every pointer into a block is backed by a reference that some live value holds (a
 * borrowed array's owner is alive while the borrower is), so a count of 1 means that
 * nothing else can see the block, and restrict-qualified pointers in SOAC loops are
 * sound. Dropping or moving sets the C variable's block to NULL, so the failure path of
 * a function can release exactly the blocks still held.
 */
#include <string.h>

#include "backend_c/emit_internal.h"
#include "support/vec.h"

/* ---------------------------------------------------------- Walking uses */

/* Calls fn on every array variable that an expression mentions, nested bodies and
 * lambdas included (a variable mentioned twice is visited twice; see Note [Nested
 * uses] for how often a nested body's are). */
typedef void (*use_fn)(struct emitter *e, struct ir_var *v);

/* The array variables that a nested body uses from outside it. */
struct uses {
  struct ir_var **vars;
  int count;
};

static void walk_exp(struct emitter *e, const struct ir_exp *x, use_fn fn);
static const struct uses *nested_uses(struct emitter *e, const struct ir_body *b,
                                      struct ir_var *const *params, int param_count);

static void walk_var(struct emitter *e, struct ir_var *v, use_fn fn) {
  if (v != NULL && v->type.rank > 0) {
    fn(e, v);
  }
}

static void walk_subexp(struct emitter *e, struct ir_subexp se, use_fn fn) {
  if (se.kind == IR_SE_VAR) {
    walk_var(e, se.u.var, fn);
  }
}

static void walk_subexps(struct emitter *e, const struct ir_subexp *ses, int n, use_fn fn) {
  for (int i = 0; i < n; i++) {
    walk_subexp(e, ses[i], fn);
  }
}

static void walk_vars(struct emitter *e, struct ir_var *const *vs, int n, use_fn fn) {
  for (int i = 0; i < n; i++) {
    walk_var(e, vs[i], fn);
  }
}

static void walk_nested(struct emitter *e, const struct ir_body *b,
                        struct ir_var *const *params, int param_count, use_fn fn) {
  const struct uses *u = nested_uses(e, b, params, param_count);
  walk_vars(e, u->vars, u->count, fn);
}

static void walk_lambda(struct emitter *e, const struct ir_lambda *l, use_fn fn) {
  if (l != NULL) {
    walk_nested(e, l->body, l->params, l->param_count, fn);
  }
}

static void walk_soac(struct emitter *e, const struct ir_soac *s, use_fn fn) {
  walk_vars(e, s->inputs, s->input_count, fn);
  walk_vars(e, s->dests, s->dest_count, fn);
  walk_subexps(e, s->neutral, s->neutral_count, fn);
  walk_lambda(e, s->map_fn, fn);
  walk_lambda(e, s->op, fn);
}

static void walk_exp(struct emitter *e, const struct ir_exp *x, use_fn fn) {
  switch (x->kind) {
  case IR_SUBEXP:
    walk_subexp(e, x->u.se, fn);
    break;
  case IR_UNOP:
  case IR_BINOP:
  case IR_CONVERT:
  case IR_IOTA:
  case IR_ASSERT:
    break;
  case IR_SHAPE:
    walk_var(e, x->u.shape.array, fn);
    break;
  case IR_INDEX:
  case IR_SLICE:
    walk_var(e, x->u.index.array, fn);
    break;
  case IR_UPDATE:
    walk_var(e, x->u.update.array, fn);
    walk_subexp(e, x->u.update.value, fn);
    break;
  case IR_REPLICATE:
    walk_subexp(e, x->u.replicate.value, fn);
    break;
  case IR_ARRAY_LIT:
    walk_subexps(e, x->u.array_lit.elems, x->u.array_lit.count, fn);
    break;
  case IR_REARRANGE:
    walk_var(e, x->u.rearrange.array, fn);
    break;
  case IR_RESHAPE:
    walk_var(e, x->u.reshape.array, fn);
    break;
  case IR_CONCAT:
    walk_vars(e, x->u.concat.arrays, x->u.concat.count, fn);
    break;
  case IR_COPY:
    walk_var(e, x->u.copy, fn);
    break;
  case IR_APPLY:
    walk_subexps(e, x->u.apply.args, x->u.apply.count, fn);
    break;
  case IR_IF:
    walk_nested(e, x->u.if_.then_body, NULL, 0, fn);
    walk_nested(e, x->u.if_.else_body, NULL, 0, fn);
    break;
  case IR_LOOP:
    walk_subexps(e, x->u.loop.inits, x->u.loop.param_count, fn);
    walk_nested(e, x->u.loop.body, x->u.loop.params, x->u.loop.param_count, fn);
    break;
  case IR_SOAC:
    walk_soac(e, &x->u.soac, fn);
    break;
  }
}

/* Note [Nested uses]
 * ~~~~~~~~~~~~~~~~~~
 * Each body that is emitted walks its statements for the uses of the arrays it owns,
 * and each statement is walked again for how often it mentions the arrays that die
 * there. A walk that went down into nested bodies every time would take time
 * quadratic in the depth of nesting (a chain of 10 000 ifs). The walks only look at
 * arrays that an enclosing body owns, so what a nested body (with the parameters of
 * its loop or lambda) contributes is the list of array variables it uses from
 * outside: made once per body, from the lists of the bodies inside it, and kept.
 * The walks only tell one mention from more, so a variable is listed at most twice. */

static void collect_use(struct emitter *e, struct ir_var *v) {
  VEC_PUSH(&e->arena, e->collecting, v);
}

static const struct uses *nested_uses(struct emitter *e, const struct ir_body *b,
                                      struct ir_var *const *params, int param_count) {
  struct uses *u = ptrmap_get(&e->nested_uses, b);
  if (u != NULL) {
    return u;
  }
  struct emit_var_list all = {0};
  for (int k = 0; k < b->stm_count; k++) {
    diag_checkpoint(b->stms[k]->loc);
    struct emit_var_list *outer = e->collecting;
    e->collecting = &all;
    walk_exp(e, &b->stms[k]->exp, collect_use);
    e->collecting = outer;
  }
  for (int i = 0; i < b->result_count; i++) {
    if (b->results[i].kind == IR_SE_VAR && b->results[i].u.var->type.rank > 0) {
      VEC_PUSH(&e->arena, &all, b->results[i].u.var);
    }
  }
  int stamp = ++e->use_stamp;
  for (int i = 0; i < param_count; i++) {
    e->vars[params[i]->id].bound_stamp = stamp;
  }
  for (int k = 0; k < b->stm_count; k++) {
    for (int i = 0; i < b->stms[k]->pat_count; i++) {
      e->vars[b->stms[k]->pat[i]->id].bound_stamp = stamp;
    }
  }
  u = ARENA_NEW(&e->arena, struct uses);
  u->vars = ARENA_ARRAY(&e->arena, struct ir_var *, all.len + 1);
  for (int i = 0; i < all.len; i++) {
    struct emit_var *ev = &e->vars[all.items[i]->id];
    if (ev->bound_stamp == stamp) {
      continue;
    }
    if (ev->seen_stamp != stamp) {
      ev->seen_stamp = stamp;
      ev->seen_times = 0;
    }
    if (ev->seen_times++ < 2) {
      u->vars[u->count++] = all.items[i];
    }
  }
  ptrmap_put(&e->nested_uses, b, u);
  return u;
}

/* ----------------------------------------------------------- Last uses */

static void note_use(struct emitter *e, struct ir_var *v) {
  struct emit_var *ev = &e->vars[v->id];
  if (ev->owner == e->level) {
    ev->last_use = e->scan_index;
  }
}

static void count_use(struct emitter *e, struct ir_var *v) {
  struct emit_var *ev = &e->vars[v->id];
  if (ev->owner == e->level && ev->last_use == e->scan_index) {
    ev->mentions++;
  }
}

static void own(struct emitter *e, struct ir_var *v) {
  struct emit_var *ev = &e->vars[v->id];
  ev->owner = e->level;
  ev->last_use = -1;
  ev->moveable = false;
  ev->moved = false;
}

void emit_own_drop(struct emitter *e, const char *array) {
  emit_c_line(e, "rts_unref(ctx, %s.mem);", array);
  emit_c_line(e, "%s.mem = NULL;", array);
}

void emit_own_bind(struct emitter *e, struct emit_body *st, struct ir_var *v) {
  e->vars[v->id].in_scope = true;
  if (st->bound_count == st->bound_cap) {
    int cap = st->bound_cap == 0 ? 16 : st->bound_cap * 2;
    struct ir_var **fresh = ARENA_ARRAY(&e->arena, struct ir_var *, cap);
    if (st->bound_count > 0) {
      memcpy(fresh, st->bound, sizeof *fresh * (size_t)st->bound_count);
    }
    st->bound = fresh;
    st->bound_cap = cap;
  }
  st->bound[st->bound_count++] = v;
}

/* Sorts the owned arrays into per-statement lists of those that die there. */
static void collect_dying(struct emitter *e, struct emit_body *st, struct ir_var **owned,
                          int owned_count) {
  int slots = st->body->stm_count + 1;
  st->dying = ARENA_ARRAY(&e->arena, struct ir_var **, slots);
  st->dying_count = ARENA_ARRAY(&e->arena, int, slots);
  for (int i = 0; i < owned_count; i++) {
    int k = e->vars[owned[i]->id].last_use;
    if (k >= 0) {
      st->dying_count[k]++;
    }
  }
  for (int k = 0; k < slots; k++) {
    st->dying[k] = ARENA_ARRAY(&e->arena, struct ir_var *, st->dying_count[k] + 1);
    st->dying_count[k] = 0;
  }
  for (int i = 0; i < owned_count; i++) {
    int k = e->vars[owned[i]->id].last_use;
    if (k >= 0) {
      st->dying[k][st->dying_count[k]++] = owned[i];
    }
  }
}

void emit_own_open(struct emitter *e, struct emit_body *st, const struct ir_body *b,
                   struct ir_var *const *adopted, int adopted_count) {
  memset(st, 0, sizeof *st);
  st->body = b;
  st->level = ++e->level;
  int cap = adopted_count;
  for (int k = 0; k < b->stm_count; k++) {
    cap += b->stms[k]->pat_count;
  }
  struct ir_var **owned = ARENA_ARRAY(&e->arena, struct ir_var *, cap + 1);
  int n = 0;
  for (int i = 0; i < adopted_count; i++) {
    emit_own_bind(e, st, adopted[i]);
    if (adopted[i]->type.rank > 0) {
      own(e, adopted[i]);
      owned[n++] = adopted[i];
    }
  }
  for (int k = 0; k < b->stm_count; k++) {
    for (int i = 0; i < b->stms[k]->pat_count; i++) {
      if (b->stms[k]->pat[i]->type.rank > 0) {
        own(e, b->stms[k]->pat[i]);
        owned[n++] = b->stms[k]->pat[i];
      }
    }
  }
  for (int k = 0; k < b->stm_count; k++) {
    e->scan_index = k;
    walk_exp(e, &b->stms[k]->exp, note_use);
  }
  e->scan_index = b->stm_count;
  walk_subexps(e, b->results, b->result_count, note_use);
  collect_dying(e, st, owned, n);
  for (int i = 0; i < adopted_count; i++) {
    if (adopted[i]->type.rank > 0 && e->vars[adopted[i]->id].last_use < 0) {
      emit_own_drop(e, emit_c_var(e, adopted[i]));
    }
  }
}

/* Marks the arrays that statement k may move: those that die there and that it
 * mentions exactly once. */
void emit_own_before(struct emitter *e, struct emit_body *st, int k) {
  for (int i = 0; i < st->dying_count[k]; i++) {
    struct emit_var *ev = &e->vars[st->dying[k][i]->id];
    ev->mentions = 0;
    ev->moved = false;
  }
  e->scan_index = k;
  walk_exp(e, &st->body->stms[k]->exp, count_use);
  for (int i = 0; i < st->dying_count[k]; i++) {
    struct emit_var *ev = &e->vars[st->dying[k][i]->id];
    ev->moveable = ev->mentions == 1;
  }
}

void emit_own_after(struct emitter *e, struct emit_body *st, int k) {
  for (int i = 0; i < st->dying_count[k]; i++) {
    struct ir_var *v = st->dying[k][i];
    struct emit_var *ev = &e->vars[v->id];
    if (!ev->moved) {
      emit_own_drop(e, emit_c_var(e, v));
    }
    ev->moveable = false;
    ev->moved = true;
  }
  const struct ir_stm *s = st->body->stms[k];
  for (int i = 0; i < s->pat_count; i++) {
    struct ir_var *v = s->pat[i];
    if (v->type.rank > 0 && e->vars[v->id].last_use < 0) {
      emit_own_drop(e, emit_c_var(e, v));
    }
  }
}

void emit_own_dying(struct emit_body *st, int k, struct ir_var ***vars, int *count) {
  *vars = st->dying[k];
  *count = st->dying_count[k];
}

void emit_own_mark_moved(struct emitter *e, struct ir_var *v) {
  e->vars[v->id].moved = true;
  e->vars[v->id].moveable = false;
}

/* Whether taking x here may move its reference. */
static bool may_move(struct emitter *e, const struct ir_var *x) {
  const struct emit_var *ev = &e->vars[x->id];
  return ev->owner == e->level && ev->moveable && !ev->moved;
}

void emit_own_take_mem(struct emitter *e, struct ir_var *x, const char *dst) {
  const char *name = emit_c_var(e, x);
  emit_c_line(e, "%s.mem = %s.mem;", dst, name);
  if (may_move(e, x)) {
    emit_c_line(e, "%s.mem = NULL;", name);
    emit_own_mark_moved(e, x);
  } else {
    emit_c_line(e, "rts_ref(%s.mem);", dst);
  }
}

void emit_own_take(struct emitter *e, struct ir_var *x, const char *dst) {
  const char *name = emit_c_var(e, x);
  emit_c_line(e, "%s = %s;", dst, name);
  if (may_move(e, x)) {
    emit_c_line(e, "%s.mem = NULL;", name);
    emit_own_mark_moved(e, x);
  } else {
    emit_c_line(e, "rts_ref(%s.mem);", dst);
  }
}

void emit_own_result(struct emitter *e, struct emit_body *st, int i, const char *lvalue) {
  const struct ir_body *b = st->body;
  struct ir_subexp se = b->results[i];
  if (se.kind != IR_SE_VAR || se.u.var->type.rank == 0) {
    emit_c_line(e, "%s = %s;", lvalue, emit_c_subexp(e, se));
    return;
  }
  struct ir_var *x = se.u.var;
  struct emit_var *ev = &e->vars[x->id];
  bool later = false;
  for (int j = i + 1; j < b->result_count; j++) {
    later = later || (b->results[j].kind == IR_SE_VAR && b->results[j].u.var == x);
  }
  ev->moveable = ev->owner == st->level && ev->last_use == b->stm_count && !later;
  emit_own_take(e, x, lvalue);
  ev->moveable = false;
}

void emit_own_close(struct emitter *e, struct emit_body *st) {
  int k = st->body->stm_count;
  for (int i = 0; i < st->dying_count[k]; i++) {
    struct ir_var *v = st->dying[k][i];
    if (!e->vars[v->id].moved) {
      emit_own_drop(e, emit_c_var(e, v));
    }
    e->vars[v->id].moved = true;
  }
  for (int i = 0; i < st->bound_count; i++) {
    e->vars[st->bound[i]->id].in_scope = false;
  }
  e->level--;
}
