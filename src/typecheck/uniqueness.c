/* Uniqueness: no array is used after it was consumed (Futhark's alias analysis).
 *
 * Requires the typed AST. Walks each definition in evaluation order, computing for
 * every value the set of variables whose memory it may share (its aliases). An
 * in-place update `a with [i] = v` (and `let a[i] = v`), an argument passed for a
 * unique parameter `*[n]t` (scatter's and reduce_by_index's destinations among them),
 * and the initial value of a loop whose body consumes its parameter, consume the
 * aliases of the value. Errors, each pointing at both places:
 *  - a variable used after it (or something it aliases) was consumed;
 *  - consuming a parameter not declared unique, or something aliasing one;
 *  - a lambda or local function consuming a variable bound outside it, and a loop body
 *    consuming a variable that is not its parameter (it would be consumed twice);
 *  - a unique result aliasing a non-unique parameter.
 * Branches are checked from the same state and their consumptions joined. */
#include <string.h>

#include "typecheck/tc.h"

struct alias_set {
  struct tc_binding **items;
  int len, cap;
};

struct var_state {
  struct alias_set aliases; /* what this variable's value may share memory with */
  struct loc consumed_at;
  bool consumed;
  int scope;                /* the lambda/loop nesting where it was bound */
};

struct consumption {
  struct var_state *state;
};

struct observation {
  struct tc_binding *binding;
  struct loc loc;
};

struct uq {
  struct tc *tc;
  struct arena *arena;
  struct ptrmap states; /* binding -> struct var_state */
  VEC(struct observation) observed; /* every use, in order (loops check them later) */
  VEC(struct consumption) log; /* consumptions, in order, for undoing in branches */
  int scope;            /* current lambda/loop nesting */
  int loop_scope;       /* the nesting of the innermost loop body (-1: none) */
};

static struct var_state *state_of(struct uq *u, struct tc_binding *b) {
  struct var_state *s = ptrmap_get(&u->states, b);
  if (s == NULL) {
    s = ARENA_NEW(u->arena, struct var_state);
    s->scope = 0;
    ptrmap_put(&u->states, b, s);
  }
  return s;
}

static void set_add(struct uq *u, struct alias_set *s, struct tc_binding *b) {
  for (int i = 0; i < s->len; i++) {
    if (s->items[i] == b) {
      return;
    }
  }
  VEC_PUSH(u->arena, s, b);
}

static void set_union(struct uq *u, struct alias_set *into, const struct alias_set *from) {
  for (int i = 0; i < from->len; i++) {
    set_add(u, into, from->items[i]);
  }
}

/* Each node once (Note [Shared types] in types.c). */
static bool has_arrays_walk(struct type *t, unsigned walk) {
  t = type_head(t);
  if (!type_walk_first(t, walk)) {
    return false;
  }
  switch (t->kind) {
  case TYPE_ARRAY:
    return true;
  case TYPE_TUPLE:
    for (int i = 0; i < t->u.tuple.count; i++) {
      if (has_arrays_walk(t->u.tuple.elems[i], walk)) {
        return true;
      }
    }
    return false;
  case TYPE_RECORD:
    for (int i = 0; i < t->u.record.count; i++) {
      if (has_arrays_walk(t->u.record.fields[i].type, walk)) {
        return true;
      }
    }
    return false;
  case TYPE_PARAM:
    return true;
  default:
    return false;
  }
}

static bool has_arrays(struct type *t) {
  return has_arrays_walk(t, type_walk_start());
}

static void bind_var(struct uq *u, struct tc_binding *b, const struct alias_set *aliases) {
  struct var_state *s = state_of(u, b);
  s->consumed = false;
  s->scope = u->scope;
  s->aliases.len = 0;
  if (aliases != NULL && has_arrays(b->type)) {
    set_union(u, &s->aliases, aliases);
  }
}

static void bind_pat_vars(struct uq *u, struct pat *p, const struct alias_set *aliases) {
  switch (p->kind) {
  case PAT_ID:
    bind_var(u, p->u.id.binding, aliases);
    return;
  case PAT_WILDCARD:
    return;
  case PAT_TUPLE:
    for (int i = 0; i < p->u.tuple.count; i++) {
      bind_pat_vars(u, p->u.tuple.elems[i], aliases);
    }
    return;
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      bind_pat_vars(u, p->u.record.fields[i].pat, aliases);
    }
    return;
  case PAT_ASCRIPT:
    bind_pat_vars(u, p->u.ascript.pat, aliases);
    return;
  }
}

/* A use of b: an error if b or anything it aliases was consumed. */
static void observe(struct uq *u, struct tc_binding *b, struct loc loc) {
  struct var_state *s = state_of(u, b);
  struct observation o = {b, loc};
  VEC_PUSH(u->arena, &u->observed, o);
  struct tc_binding *culprit = s->consumed ? b : NULL;
  struct var_state *cs = s;
  for (int i = 0; culprit == NULL && i < s->aliases.len; i++) {
    struct var_state *a = state_of(u, s->aliases.items[i]);
    if (a->consumed) {
      culprit = s->aliases.items[i];
      cs = a;
    }
  }
  if (culprit == NULL) {
    return;
  }
  if (culprit == b) {
    diag_error(loc, "'%s' is used after being consumed", b->name);
  } else {
    diag_error(loc, "'%s' is used after '%s', which it aliases, was consumed", b->name,
               culprit->name);
  }
  diag_note(cs->consumed_at, "'%s' was consumed here", culprit->name);
  diag_abort();
}

static void consume_one(struct uq *u, struct tc_binding *b, struct loc loc) {
  struct var_state *s = state_of(u, b);
  if (b->is_param && !b->unique) {
    diag_error(loc, "'%s' is consumed here, but it is a parameter not declared unique",
               b->name);
    diag_note(b->loc, "declare it unique to allow this: (%s: *...)", b->name);
    diag_abort();
  }
  if (s->scope != u->scope && u->loop_scope == u->scope) {
    diag_error(loc, "the loop body consumes '%s', which is not a loop parameter: it would be "
                    "consumed in every iteration", b->name);
    diag_note(b->loc, "'%s' is bound here", b->name);
    diag_abort();
  }
  if (s->scope != u->scope) {
    diag_error(loc, "a function consumes '%s', which is bound outside it", b->name);
    diag_note(b->loc, "'%s' is bound here", b->name);
    diag_abort();
  }
  s->consumed = true;
  s->consumed_at = loc;
  struct consumption c = {s};
  VEC_PUSH(u->arena, &u->log, c);
}

static void consume(struct uq *u, const struct alias_set *set, struct loc loc) {
  for (int i = 0; i < set->len; i++) {
    consume_one(u, set->items[i], loc);
    struct var_state *s = state_of(u, set->items[i]);
    for (int j = 0; j < s->aliases.len; j++) {
      consume_one(u, s->aliases.items[j], loc);
    }
  }
}

static struct alias_set walk(struct uq *u, struct exp *e);

static void walk_dims(struct uq *u, struct dim_index *d, int n) {
  for (int i = 0; i < n; i++) {
    struct exp *parts[] = {d[i].fixed, d[i].start, d[i].end, d[i].stride};
    for (size_t j = 0; j < sizeof parts / sizeof *parts; j++) {
      if (parts[j] != NULL) {
        walk(u, parts[j]);
      }
    }
  }
}

static struct alias_set none(void) {
  return (struct alias_set){0};
}

static struct alias_set var_aliases(struct uq *u, struct tc_binding *b, struct loc loc,
                                    struct type *t) {
  observe(u, b, loc);
  struct alias_set r = none();
  if (!has_arrays(t)) {
    return r;
  }
  set_add(u, &r, b);
  set_union(u, &r, &state_of(u, b)->aliases);
  return r;
}

/* The parameters of a function type, outermost first, and whether each is unique. */
static bool param_unique(struct type *fn, int i) {
  struct type *t = type_head(fn);
  for (int k = 0; k < i && t->kind == TYPE_ARROW; k++) {
    t = type_head(t->u.arrow.result);
  }
  return t->kind == TYPE_ARROW && t->u.arrow.param->unique;
}

static bool result_unique(struct type *fn, int n) {
  struct type *t = fn;
  for (int k = 0; k < n; k++) {
    struct type *h = type_head(t);
    if (h->kind != TYPE_ARROW) {
      return false;
    }
    t = h->u.arrow.result;
  }
  return t->unique;
}

static struct alias_set walk_apply(struct uq *u, struct exp *fn, struct type *fn_type,
                                   struct exp **args, int count, struct loc loc) {
  if (fn != NULL) {
    walk(u, fn);
  }
  struct alias_set *sets = ARENA_ARRAY(u->arena, struct alias_set, count + 1);
  for (int i = 0; i < count; i++) {
    sets[i] = walk(u, args[i]);
  }
  for (int i = 0; i < count; i++) {
    if (!param_unique(fn_type, i)) {
      continue;
    }
    /* The other arguments must not share what this one gives up. */
    for (int j = 0; j < count; j++) {
      for (int k = 0; j != i && k < sets[j].len; k++) {
        for (int m = 0; m < sets[i].len; m++) {
          if (sets[j].items[k] == sets[i].items[m]) {
            diag_error(args[i]->loc, "'%s' is consumed by this argument, but is also passed "
                                     "as another argument of the same call",
                       sets[i].items[m]->name);
            diag_note(args[j]->loc, "also passed here");
            diag_abort();
          }
        }
      }
    }
    consume(u, &sets[i], args[i]->loc);
  }
  struct alias_set r = none();
  if (!result_unique(fn_type, count)) {
    for (int i = 0; i < count; i++) {
      set_union(u, &r, &sets[i]);
    }
  }
  (void)loc;
  return r;
}

static struct alias_set walk_function_body(struct uq *u, struct exp *body) {
  u->scope++;
  int saved_loop = u->loop_scope;
  u->loop_scope = -1;
  walk(u, body);
  u->loop_scope = saved_loop;
  u->scope--;
  return none();
}

static struct alias_set walk_lambda(struct uq *u, struct exp *e) {
  u->scope++;
  int saved_loop = u->loop_scope;
  u->loop_scope = -1;
  for (int i = 0; i < e->u.lambda.param_count; i++) {
    bind_pat_vars(u, e->u.lambda.params[i], NULL);
  }
  walk(u, e->u.lambda.body);
  u->loop_scope = saved_loop;
  u->scope--;
  return none();
}

/* Both branches start from the same state; afterwards, both sets of consumptions hold. */
static struct alias_set walk_if(struct uq *u, struct exp *e) {
  walk(u, e->u.if_.cond);
  int mark = u->log.len;
  struct alias_set a = walk(u, e->u.if_.then_branch);
  int then_end = u->log.len;
  struct consumption *then_log = ARENA_ARRAY(u->arena, struct consumption, then_end - mark + 1);
  struct loc *then_locs = ARENA_ARRAY(u->arena, struct loc, then_end - mark + 1);
  for (int i = mark; i < then_end; i++) {
    then_log[i - mark] = u->log.items[i];
    then_locs[i - mark] = u->log.items[i].state->consumed_at;
    u->log.items[i].state->consumed = false;
  }
  u->log.len = mark;
  struct alias_set b = walk(u, e->u.if_.else_branch);
  for (int i = 0; i < then_end - mark; i++) {
    then_log[i].state->consumed = true;
    then_log[i].state->consumed_at = then_locs[i];
    VEC_PUSH(u->arena, &u->log, then_log[i]);
  }
  set_union(u, &a, &b);
  /* What a branch consumed is gone after the if; the result does not alias it (in
   * `if c then xs with [0] = 1 else xs`, the result takes xs's place). */
  struct alias_set live = none();
  for (int i = 0; i < a.len; i++) {
    if (!state_of(u, a.items[i])->consumed) {
      set_add(u, &live, a.items[i]);
    }
  }
  return live;
}

static bool pattern_unique(struct pat *p) {
  return p->type != NULL && p->type->unique;
}

static struct alias_set walk_loop(struct uq *u, struct exp *e) {
  struct alias_set init = walk(u, e->u.loop.init);
  struct alias_set array = none();
  if (e->u.loop.form == LOOP_FOR) {
    walk(u, e->u.loop.bound);
  } else if (e->u.loop.form == LOOP_FOR_IN) {
    array = walk(u, e->u.loop.for_in_array);
  }
  u->scope++;
  int saved_loop = u->loop_scope;
  u->loop_scope = u->scope;
  bind_pat_vars(u, e->u.loop.pat, NULL);
  if (e->u.loop.form == LOOP_FOR_IN) {
    bind_pat_vars(u, e->u.loop.for_in_pat, &array); /* rows alias the array */
  } else if (e->u.loop.form == LOOP_WHILE) {
    walk(u, e->u.loop.bound);
  }
  int mark = u->log.len;
  int seen = u->observed.len;
  walk(u, e->u.loop.body);
  bool consumes_params = pattern_unique(e->u.loop.pat);
  for (int i = mark; i < u->log.len; i++) {
    consumes_params = consumes_params || u->log.items[i].state->scope == u->scope;
  }
  u->loop_scope = saved_loop;
  u->scope--;
  if (consumes_params) {
    /* The loop consumes its initial value before the first iteration: the body must
     * not use what the initial value aliases. */
    for (int i = seen; i < u->observed.len; i++) {
      struct observation *o = &u->observed.items[i];
      for (int j = 0; j < init.len; j++) {
        struct var_state *s = state_of(u, o->binding);
        bool aliases = o->binding == init.items[j];
        for (int k = 0; k < s->aliases.len && !aliases; k++) {
          aliases = s->aliases.items[k] == init.items[j];
        }
        if (aliases) {
          diag_error(o->loc, "'%s' is used inside the loop, but the loop consumes it",
                     o->binding->name);
          diag_note(e->u.loop.init->loc, "the loop's initial value '%s' is consumed here, "
                                         "because the loop body updates its parameter in place",
                    init.items[j]->name);
          diag_abort();
        }
      }
    }
    consume(u, &init, e->u.loop.init->loc);
    return none();
  }
  return init; /* the result may be the initial value itself */
}

static struct alias_set walk_update(struct uq *u, struct exp *array, struct dim_index *dims,
                                    int count, struct exp *value, struct loc loc) {
  walk_dims(u, dims, count);
  struct alias_set v = walk(u, value);
  struct alias_set a = walk(u, array);
  for (int i = 0; i < v.len; i++) {
    for (int j = 0; j < a.len; j++) {
      if (v.items[i] == a.items[j]) {
        diag_fatal(value->loc, "the new value aliases '%s', the array being updated",
                   a.items[j]->name);
      }
    }
  }
  consume(u, &a, loc);
  return none();
}

static struct alias_set walk(struct uq *u, struct exp *e) {
  diag_checkpoint(e->loc);
  struct alias_set r = none();
  switch (e->kind) {
  case EXP_INT:
  case EXP_FLOAT:
  case EXP_BOOL:
  case EXP_SECTION_PROJECT:
    return r;
  case EXP_VAR:
    if (e->u.var.binding != NULL && e->u.var.binding->kind == BIND_VAR) {
      return var_aliases(u, e->u.var.binding, e->loc, e->type);
    }
    return r;
  case EXP_TUPLE:
    for (int i = 0; i < e->u.list.count; i++) {
      struct alias_set s = walk(u, e->u.list.elems[i]);
      set_union(u, &r, &s);
    }
    return r;
  case EXP_ARRAY:
    for (int i = 0; i < e->u.list.count; i++) {
      walk(u, e->u.list.elems[i]);
    }
    return r;
  case EXP_RECORD:
    for (int i = 0; i < e->u.record.count; i++) {
      struct exp_field *f = &e->u.record.fields[i];
      struct alias_set s = walk(u, f->value != NULL ? f->value : f->implicit_var);
      set_union(u, &r, &s);
    }
    return r;
  case EXP_PROJECT:
    r = walk(u, e->u.project.exp);
    return has_arrays(e->type) ? r : none();
  case EXP_INDEX:
    r = walk(u, e->u.index.array);
    walk_dims(u, e->u.index.indices, e->u.index.count);
    return has_arrays(e->type) ? r : none();
  case EXP_UPDATE:
    return walk_update(u, e->u.update.array, e->u.update.indices, e->u.update.count,
                       e->u.update.value, e->loc);
  case EXP_RECORD_UPDATE: {
    r = walk(u, e->u.record_update.record);
    struct alias_set v = walk(u, e->u.record_update.value);
    set_union(u, &r, &v);
    return r;
  }
  case EXP_APPLY:
    return walk_apply(u, e->u.apply.fn, e->u.apply.fn->type, e->u.apply.args,
                      e->u.apply.count, e->loc);
  case EXP_BINOP: {
    struct exp *args[2] = {e->u.binop.lhs, e->u.binop.rhs};
    struct alias_set s = walk_apply(u, NULL, type_arrow(u->arena, NULL, e->u.binop.lhs->type,
                                                        type_arrow(u->arena, NULL,
                                                                   e->u.binop.rhs->type,
                                                                   e->type)),
                                    args, 2, e->loc);
    return has_arrays(e->type) ? s : none();
  }
  case EXP_NEGATE:
  case EXP_NOT:
    walk(u, e->u.unary);
    return r;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    if (e->u.section.operand != NULL) {
      walk(u, e->u.section.operand);
    }
    return r;
  case EXP_SECTION_INDEX:
    walk_dims(u, e->u.section_index.indices, e->u.section_index.count);
    return r;
  case EXP_LAMBDA:
    return walk_lambda(u, e);
  case EXP_LET: {
    struct alias_set v = walk(u, e->u.let.value);
    bind_pat_vars(u, e->u.let.pat, &v);
    return walk(u, e->u.let.body);
  }
  case EXP_LET_FUN:
    for (int i = 0; i < e->u.let_fun.param_count; i++) {
      bind_pat_vars(u, e->u.let_fun.params[i], NULL);
    }
    walk_function_body(u, e->u.let_fun.value);
    return walk(u, e->u.let_fun.body);
  case EXP_LET_WITH: {
    walk_dims(u, e->u.let_with.indices, e->u.let_with.count);
    walk(u, e->u.let_with.value);
    struct alias_set a = var_aliases(u, e->u.let_with.source, e->loc,
                                     e->u.let_with.source->type);
    consume(u, &a, e->loc);
    bind_var(u, e->u.let_with.binding, NULL);
    return walk(u, e->u.let_with.body);
  }
  case EXP_IF:
    return walk_if(u, e);
  case EXP_LOOP:
    return walk_loop(u, e);
  case EXP_ASSERT:
    walk(u, e->u.assert_.cond);
    return walk(u, e->u.assert_.exp);
  case EXP_ASCRIPT:
  case EXP_COERCE:
    return walk(u, e->u.ascript.exp);
  case EXP_ATTR:
    return walk(u, e->u.attr.exp);
  case EXP_QUAL_PARENS:
    return walk(u, e->u.qual_parens.exp);
  }
  return r;
}

static void check_def(struct uq *u, struct dec *d) {
  for (int i = 0; i < d->u.val.param_count; i++) {
    bind_pat_vars(u, d->u.val.params[i], NULL);
  }
  u->scope = 0;
  u->loop_scope = -1;
  struct alias_set r = walk(u, d->u.val.body);
  struct tc_binding *b = d->u.val.binding;
  if (result_unique(b->type, d->u.val.param_count)) {
    for (int i = 0; i < r.len; i++) {
      if (r.items[i]->is_param && !r.items[i]->unique) {
        diag_error(d->u.val.body->loc, "the result is declared unique, but it may alias the "
                                       "parameter '%s', which is not unique",
                   r.items[i]->name);
        diag_note(r.items[i]->loc, "'%s' is declared here", r.items[i]->name);
        diag_abort();
      }
    }
  }
}

static void check_decs_uniqueness(struct uq *u, struct dec **decs, int count);

/* The declarations of module bodies as written (a functor's body is checked once, with
 * its parameters abstract). */
static void check_mod_exp_uniqueness(struct uq *u, struct mod_exp *m) {
  switch (m->kind) {
  case MOD_DECS:
    check_decs_uniqueness(u, m->u.decs.decs, m->u.decs.count);
    return;
  case MOD_APPLY:
    check_mod_exp_uniqueness(u, m->u.apply.fn);
    check_mod_exp_uniqueness(u, m->u.apply.arg);
    return;
  case MOD_ASCRIPT:
    check_mod_exp_uniqueness(u, m->u.ascript.mod);
    return;
  case MOD_LAMBDA:
    check_mod_exp_uniqueness(u, m->u.lambda.body);
    return;
  case MOD_VAR:
  case MOD_IMPORT:
    return;
  }
}

static void check_decs_uniqueness(struct uq *u, struct dec **decs, int count) {
  for (int i = 0; i < count; i++) {
    struct dec *d = decs[i];
    while (d->kind == DEC_LOCAL) {
      d = d->u.local;
    }
    if (d->kind == DEC_VAL) {
      check_def(u, d);
    } else if (d->kind == DEC_MOD) {
      check_mod_exp_uniqueness(u, d->u.mod.body);
    } else if (d->kind == DEC_OPEN) {
      check_mod_exp_uniqueness(u, d->u.open);
    }
  }
}

void check_uniqueness(struct tc *tc, struct program *p) {
  struct uq u = {.tc = tc, .arena = tc->arena, .loop_scope = -1};
  ptrmap_init(&u.states, tc->arena);
  check_decs_uniqueness(&u, p->decs, p->count);
}
