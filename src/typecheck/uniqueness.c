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
 *  - a unique result aliasing a non-unique parameter, or another component of the
 *    result; a loop returning, for a parameter it consumes, an array bound outside it
 *    or one it also returns for another parameter (Note [Results that alias each other]);
 *  - a value held while another part of the same expression consumes what it aliases
 *    (Note [Values held while others are evaluated]);
 *  - a lambda consuming a parameter not declared unique, and a function that consumes
 *    its argument passed to another function (Note [Consuming functions are not
 *    arguments]).
 *  - a tuple given for a consuming parameter, or a consuming loop's initial value,
 *    holding one array twice (Note [Self-aliased consumed values]);
 *  - consuming a top-level array (Note [Top-level arrays are shared]); a let-bound
 *    function computed by consuming (Note [Function values computed by consuming]); a
 *    type ascription hiding that a function consumes (Note [Ascriptions may not hide
 *    consumption]).
 * A function value aliases the arrays it captures (Note [Closures alias]).
 * Branches are checked from the same state and their consumptions joined. */
#include <string.h>

#include "typecheck/intrinsics.h"
#include "typecheck/tc.h"

struct alias_set {
  struct tc_binding **items;
  int len, cap;
};

struct var_state {
  struct alias_set aliases; /* what this variable's value may share memory with */
  struct loc consumed_at;
  bool consumed;
  bool lambda_param;        /* a lambda's parameter not declared unique */
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
  struct ptrmap tuple_sets; /* EXP_TUPLE -> struct alias_set[count]: each element's */
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

/* Whether t holds an array. has_known_arrays counts only arrays that are certainly
 * there (an abstract type, a type parameter or a closure may hold none); has_arrays
 * counts those too (a closure holds what it captures: Note [Closures alias]). */
static bool is_array(struct type *t, void *arg) {
  (void)arg;
  return t->kind == TYPE_ARRAY;
}

static bool may_be_array(struct type *t, void *arg) {
  (void)arg;
  return t->kind == TYPE_ARRAY || t->kind == TYPE_PARAM || t->kind == TYPE_ARROW;
}

static bool has_arrays(struct type *t) {
  return type_search(t, false, may_be_array, NULL);
}

static bool has_known_arrays(struct type *t) {
  return type_search(t, false, is_array, NULL);
}

static void bind_var(struct uq *u, struct tc_binding *b, const struct alias_set *aliases) {
  struct var_state *s = state_of(u, b);
  s->consumed = false;
  s->lambda_param = false;
  s->scope = u->scope;
  s->aliases.len = 0;
  if (aliases != NULL && has_arrays(b->type)) {
    set_union(u, &s->aliases, aliases);
  }
}

/* What bind_pat_vars, mark_lambda_params and pattern_bindings do with each name of a
 * pattern (ast_pat_each_id). */
struct pat_walk {
  struct uq *u;
  const struct alias_set *aliases; /* bind_pat_vars */
  struct alias_set *out;           /* pattern_bindings */
};

static void bind_pat_var(struct pat *id, void *arg) {
  struct pat_walk *w = arg;
  bind_var(w->u, id->u.id.binding, w->aliases);
}

static void bind_pat_vars(struct uq *u, struct pat *p, const struct alias_set *aliases) {
  struct pat_walk w = {u, aliases, NULL};
  ast_pat_each_id(p, bind_pat_var, &w);
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

/* Note [Values held while others are evaluated]
 * The parts of a tuple, record or array literal, the arguments of a call and the
 * array being indexed are evaluated one after the other, and each value is held
 * until the whole is built: a later part may not consume what an earlier one
 * aliases. In `(xs, let ys = xs with [0] = 5 in ys)` and in `xs[let ys = xs with
 * [0] = 5 in ys[1]]` the first xs would be a consumed array. Each part's aliases are
 * checked once the last part was evaluated. */
static void check_held(struct uq *u, const struct alias_set *set, struct loc loc) {
  for (int i = 0; i < set->len; i++) {
    struct var_state *s = state_of(u, set->items[i]);
    if (s->consumed) {
      diag_error(loc, "'%s' is used after being consumed (this value is held while the "
                      "rest of the expression is evaluated)", set->items[i]->name);
      diag_note(s->consumed_at, "'%s' was consumed here", set->items[i]->name);
      diag_abort();
    }
  }
}

/* Note [Top-level arrays are shared]
 * A top-level definition that is an array (`def table = [1, 2, 3]`) is one value shared
 * by every use: it cannot be consumed (`copy` makes a fresh array). A function may
 * return it, and then the result of every call of that function aliases it: each
 * definition records the top-level arrays its result may alias (definitions come
 * before their uses), and a call adds them to its result's aliases, so consuming the
 * result is consuming the definition. (Futhark rejects such functions outright; this
 * is as sound and keeps them legal.)
 * Only definitions whose type certainly holds an array are tracked: a constant of an
 * abstract type (a functor's `h : R.t`) is a scalar in every instance Prism has. */
static bool is_top_level_array(struct tc_binding *b) {
  return b->kind == BIND_DEF && b->let_fun == NULL && b->type != NULL &&
         has_known_arrays(b->type);
}

/* The top-level arrays a call of fn's result may alias. */
static const struct alias_set *result_globals_of(struct uq *u, struct exp *fn) {
  while (fn != NULL && fn->kind == EXP_APPLY) {
    fn = fn->u.apply.fn;
  }
  if (fn == NULL || fn->kind != EXP_VAR || fn->u.var.binding == NULL) {
    return NULL;
  }
  struct tc_binding *b = fn->u.var.binding;
  while (b->alias_of != NULL) {
    b = b->alias_of;
  }
  return ptrmap_get(&u->tc->result_globals, b);
}

static void consume_one(struct uq *u, struct tc_binding *b, struct loc loc) {
  if (b->kind == BIND_DEF) {
    diag_error(loc, "'%s' is consumed here, but it is a top-level definition, which cannot "
                    "be consumed (use copy)", b->name);
    diag_note(b->loc, "'%s' is defined here", b->name);
    diag_abort();
  }
  struct var_state *s = state_of(u, b);
  if ((b->is_param && !b->unique) || s->lambda_param) {
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

static void walk_one(struct exp *e, void *u) {
  walk(u, e);
}

static void walk_dims(struct uq *u, struct dim_index *d, int n) {
  ast_dims_each_exp(d, n, walk_one, u);
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

/* Whether a value of type t holds arrays and shares no memory with anything: it is
 * unique, or it has components with arrays and each of them is (`(*[]t, i64)`). */
static bool fresh_type(struct type *t) {
  if (t->unique) {
    return true;
  }
  struct type *h = type_head(t);
  int count = h->kind == TYPE_TUPLE ? h->u.tuple.count
              : h->kind == TYPE_RECORD ? h->u.record.count
                                       : 0;
  bool any = false;
  for (int i = 0; i < count; i++) {
    struct type *c = h->kind == TYPE_TUPLE ? h->u.tuple.elems[i] : h->u.record.fields[i].type;
    if (has_arrays(c)) {
      if (!fresh_type(c)) {
        return false;
      }
      any = true;
    }
  }
  return any;
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
  return fresh_type(t);
}

/* Whether calling a function of type t consumes one of its arguments. */
static struct tc_binding *shared(const struct alias_set *a, const struct alias_set *b);

/* Note [Self-aliased consumed values]
 * A function that consumes a tuple parameter (or a loop that consumes its tuple
 * parameter) may update each component in place, assuming they share no memory: the
 * value given for it may not hold the same array twice (`g (x, x)`, `loop (a, b) =
 * (x, x)`). Checked where the value is a tuple expression, whose parts are known. */
static void forbid_self_aliased(struct uq *u, struct exp *value, const bool *consumed,
                                const char *what) {
  struct exp *t = value;
  while (t->kind == EXP_ASCRIPT || t->kind == EXP_ATTR) {
    t = t->kind == EXP_ATTR ? t->u.attr.exp : t->u.ascript.exp;
  }
  struct alias_set *sets = t->kind == EXP_TUPLE ? ptrmap_get(&u->tuple_sets, t) : NULL;
  for (int i = 0; sets != NULL && i < t->u.list.count; i++) {
    for (int j = i + 1; j < t->u.list.count; j++) {
      if (consumed != NULL && !consumed[i] && !consumed[j]) {
        continue; /* two parts nothing consumes may share */
      }
      struct tc_binding *b = shared(&sets[i], &sets[j]);
      if (b != NULL) {
        diag_error(t->u.list.elems[j]->loc, "%s holds '%s' twice: its parts may not share "
                                            "memory", what, b->name);
        diag_note(t->u.list.elems[i]->loc, "'%s' is also here", b->name);
        diag_abort();
      }
    }
  }
}

static bool consumes_argument(struct type *t) {
  for (t = type_head(t); t->kind == TYPE_ARROW; t = type_head(t->u.arrow.result)) {
    if (t->u.arrow.param->unique) {
      return true;
    }
  }
  return false;
}

/* Note [Consuming functions are not arguments]
 * The type of a higher-order function does not say how often it calls its function
 * argument, nor on what, so a function that consumes its argument may not be passed
 * to one: `map upd xss` with `upd (r: *[]i32)` would update rows of xss that the map
 * does not own (Futhark's rule too). A pipe `xs |> upd` is an application of upd, and
 * is checked as one. */
static void forbid_consuming_argument(struct exp *arg) {
  if (consumes_argument(arg->type)) {
    diag_fatal(arg->loc, "a function that consumes its argument cannot be passed as an "
                         "argument to another function");
  }
}

/* Note [Ascriptions may not hide consumption]
 * `let h : []f32 -> f32 = f` with `f (xs: *[]f32)` would let `h xs` consume an xs the
 * caller still owns. A type ascription (on a let pattern, an expression, a definition's
 * result) may not give a function that consumes its argument a type whose parameter is
 * not unique. (Unification does not compare uniqueness: it flows through type
 * variables with the values, so only written types are compared, here.) */
static bool hides_consumption(struct type *declared, struct type *actual) {
  declared = type_head(declared);
  actual = type_head(actual);
  if (declared == actual) {
    return false; /* one type cannot hide anything from itself */
  }
  switch (declared->kind) {
  case TYPE_ARROW:
    if (actual->kind != TYPE_ARROW) {
      return false;
    }
    return (!type_head(declared->u.arrow.param)->unique &&
            type_head(actual->u.arrow.param)->unique) ||
           hides_consumption(declared->u.arrow.result, actual->u.arrow.result);
  case TYPE_TUPLE:
    for (int i = 0; actual->kind == TYPE_TUPLE && i < declared->u.tuple.count &&
                    i < actual->u.tuple.count; i++) {
      if (hides_consumption(declared->u.tuple.elems[i], actual->u.tuple.elems[i])) {
        return true;
      }
    }
    return false;
  case TYPE_RECORD:
    for (int i = 0; actual->kind == TYPE_RECORD && i < declared->u.record.count &&
                    i < actual->u.record.count; i++) {
      if (hides_consumption(declared->u.record.fields[i].type,
                            actual->u.record.fields[i].type)) {
        return true;
      }
    }
    return false;
  default:
    return false;
  }
}

static void forbid_hidden_consumption(struct type *declared, struct exp *value) {
  /* Only a function type can hide; asking first keeps shared types of many parts fast
   * (Note [Shared types] in types.c): the comparison below walks pairs of parts. */
  if (declared != NULL && value->type != NULL && type_contains_arrow(declared) &&
      hides_consumption(declared, value->type)) {
    diag_fatal(value->loc, "this function consumes its argument, but the type it is given "
                           "says it does not (a type ascription may not hide consumption)");
  }
}

/* Note [Function values computed by consuming]
 * `let f = update xs` binds a function whose every call updates xs in place: two calls
 * would both consume it (functions disappear at compile time, each call becoming the
 * update). As in Futhark, the expression bound by a let may not consume anything when
 * its value is or contains a function. */
static void forbid_consuming_function_value(struct uq *u, struct exp *let, int mark) {
  struct exp *value = let->u.let.value;
  if (value->type == NULL || !type_contains_arrow(value->type)) {
    return;
  }
  for (int i = mark; i < u->log.len; i++) {
    struct var_state *s = u->log.items[i].state;
    if (s->scope <= u->scope) { /* not a parameter of a lambda inside the value */
      diag_error(value->loc, "this expression consumes an array and computes a function: "
                             "every call of the function would consume it again");
      diag_note(s->consumed_at, "the array is consumed here");
      diag_abort();
    }
  }
}

static struct alias_set walk_apply(struct uq *u, struct exp *fn, struct type *fn_type,
                                   struct exp **args, int count, struct loc loc) {
  struct alias_set fn_set = fn != NULL ? walk(u, fn) : none();
  struct alias_set *sets = ARENA_ARRAY(u->arena, struct alias_set, count + 1);
  for (int i = 0; i < count; i++) {
    sets[i] = walk(u, args[i]);
    forbid_consuming_argument(args[i]);
  }
  for (int i = 0; i < count; i++) {
    check_held(u, &sets[i], args[i]->loc);
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
    forbid_self_aliased(u, args[i], NULL, "argument passed for a consuming parameter");
    consume(u, &sets[i], args[i]->loc);
  }
  struct alias_set r = none();
  if (!result_unique(fn_type, count)) {
    set_union(u, &r, &fn_set); /* what a closure captured: Note [Closures alias] */
    const struct alias_set *globals = result_globals_of(u, fn);
    if (globals != NULL) {
      set_union(u, &r, globals);
    }
    for (int i = 0; i < count; i++) {
      if (!param_unique(fn_type, i)) { /* a consumed argument is gone, not aliased */
        set_union(u, &r, &sets[i]);
      }
    }
  }
  (void)loc;
  return r;
}

/* Note [Closures alias]
 * A lambda or local function that reads an array bound outside it keeps that array
 * alive: calling the function later reads it. So a function value aliases every
 * array (and function) it uses from outside, and the result of applying it aliases
 * them too. `let g = \i -> xs[i]` followed by `let ys = xs with [0] = 1` and a call
 * `g 0` is then a use of xs after it was consumed, and `h (\i -> xs[i]) xs` where h
 * consumes its second argument passes xs twice to one call. (Futhark tracks a
 * closure's aliases the same way.) */
static struct alias_set captured(struct uq *u, int seen, int scope) {
  struct alias_set r = none();
  for (int i = seen; i < u->observed.len; i++) {
    struct tc_binding *b = u->observed.items[i].binding;
    struct var_state *s = state_of(u, b);
    if (s->scope < scope && has_arrays(b->type)) {
      set_add(u, &r, b);
      set_union(u, &r, &s->aliases);
    }
  }
  return r;
}

/* A lambda's parameters may be consumed only when declared unique (as a definition's):
 * `map (\r -> r with [0] = 1) xss` would update the rows of xss. */
static void mark_lambda_param(struct pat *id, void *arg) {
  struct pat_walk *w = arg;
  state_of(w->u, id->u.id.binding)->lambda_param = !id->u.id.binding->unique;
}

static void mark_lambda_params(struct uq *u, struct pat *p) {
  struct pat_walk w = {u, NULL, NULL};
  ast_pat_each_id(p, mark_lambda_param, &w);
}

static void check_unique_result(struct uq *u, struct exp *body, const struct alias_set *r,
                                struct type *result);
static struct type *result_type(struct type *fn, int n);

/* A lambda or local function: its parameters and body, one scope deeper. Its result is
 * checked when its return type is written (an inferred one says nothing). Returns what
 * it captures (Note [Closures alias]). */
static struct alias_set walk_function(struct uq *u, struct pat **params, int count,
                                      bool is_lambda, struct exp *body, struct type *fn_type,
                                      bool declared_result) {
  int seen = u->observed.len;
  u->scope++;
  int saved_loop = u->loop_scope;
  u->loop_scope = -1;
  for (int i = 0; i < count; i++) {
    bind_pat_vars(u, params[i], NULL);
    if (is_lambda) {
      mark_lambda_params(u, params[i]);
    }
  }
  struct alias_set result = walk(u, body);
  if (declared_result && fn_type != NULL) {
    check_unique_result(u, body, &result, result_type(fn_type, count));
  }
  u->loop_scope = saved_loop;
  struct alias_set r = captured(u, seen, u->scope);
  u->scope--;
  return r;
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

/* Note [Results that alias each other]
 * A value returned in a unique position may be consumed by the caller (or, for a loop
 * parameter the body consumes, by the next iteration). It must then share memory with
 * nothing else the caller can still reach: not with another component of the same
 * result (`(xs, xs)` at type `(*[]i32, *[]i32)` would let the caller update one and
 * read the other), and, for a loop, not with an array bound outside the loop (the next
 * iteration would consume it, and every iteration after that would consume it again).
 * The components are known where the result is a tuple expression in tail position
 * (through let, if and the like); elsewhere only the whole result is known, and these
 * checks assume nothing (no false errors). */
typedef VEC(struct exp *) tail_vec;

static bool tail_tuples(struct uq *u, struct exp *e, int n, tail_vec *out) {
  switch (e->kind) {
  case EXP_LET:
    return tail_tuples(u, e->u.let.body, n, out);
  case EXP_LET_FUN:
    return tail_tuples(u, e->u.let_fun.body, n, out);
  case EXP_LET_WITH:
    return tail_tuples(u, e->u.let_with.body, n, out);
  case EXP_ASSERT:
    return tail_tuples(u, e->u.assert_.exp, n, out);
  case EXP_ASCRIPT:
  case EXP_COERCE:
    return tail_tuples(u, e->u.ascript.exp, n, out);
  case EXP_ATTR:
    return tail_tuples(u, e->u.attr.exp, n, out);
  case EXP_IF:
    return tail_tuples(u, e->u.if_.then_branch, n, out) &&
           tail_tuples(u, e->u.if_.else_branch, n, out);
  case EXP_TUPLE:
    if (e->u.list.count != n || ptrmap_get(&u->tuple_sets, e) == NULL) {
      return false;
    }
    VEC_PUSH(u->arena, out, e);
    return true;
  default:
    return false;
  }
}

/* The expression whose value e returns, through lets (for locations). */
static struct exp *tail_exp(struct exp *e) {
  for (;;) {
    switch (e->kind) {
    case EXP_LET:
      e = e->u.let.body;
      break;
    case EXP_LET_FUN:
      e = e->u.let_fun.body;
      break;
    case EXP_LET_WITH:
      e = e->u.let_with.body;
      break;
    default:
      return e;
    }
  }
}

static struct tc_binding *shared(const struct alias_set *a, const struct alias_set *b) {
  for (int i = 0; i < a->len; i++) {
    for (int j = 0; j < b->len; j++) {
      if (a->items[i] == b->items[j]) {
        return a->items[i];
      }
    }
  }
  return NULL;
}

/* Component i of each tail tuple shares nothing with the other components; `what`
 * names the rule broken. */
static void check_components_distinct(struct uq *u, tail_vec *tails, int i, const char *what) {
  for (int t = 0; t < tails->len; t++) {
    struct exp *tuple = tails->items[t];
    struct alias_set *sets = ptrmap_get(&u->tuple_sets, tuple);
    for (int j = 0; j < tuple->u.list.count; j++) {
      struct tc_binding *b = j != i ? shared(&sets[i], &sets[j]) : NULL;
      if (b != NULL) {
        diag_error(tuple->u.list.elems[i]->loc, "%s, but it aliases component %d of the "
                                                "same result (both may be '%s')",
                   what, j + 1, b->name);
        diag_note(tuple->u.list.elems[j]->loc, "component %d is here", j + 1);
        diag_abort();
      }
    }
  }
}

static bool pattern_unique(struct pat *p) {
  return p->type != NULL && p->type->unique;
}

static void add_pattern_binding(struct pat *id, void *arg) {
  struct pat_walk *w = arg;
  set_add(w->u, w->out, id->u.id.binding);
}

static void pattern_bindings(struct uq *u, struct pat *p, struct alias_set *out) {
  struct pat_walk w = {u, NULL, out};
  ast_pat_each_id(p, add_pattern_binding, &w);
}

/* Whether the loop body (its consumptions are the log from mark) consumes a variable
 * of the parameter pattern p, or p is declared unique. */
static bool param_consumed(struct uq *u, struct pat *p, int mark) {
  if (pattern_unique(p)) {
    return true;
  }
  struct alias_set vars = none();
  pattern_bindings(u, p, &vars);
  for (int i = mark; i < u->log.len; i++) {
    for (int j = 0; j < vars.len; j++) {
      if (u->log.items[i].state == state_of(u, vars.items[j])) {
        return true;
      }
    }
  }
  return false;
}

/* What the body returns for a parameter it consumes aliases nothing bound outside the
 * loop: Note [Results that alias each other]. */
static void check_loop_result_fresh(struct uq *u, struct pat *p, const struct alias_set *r,
                                    struct loc loc) {
  for (int i = 0; i < r->len; i++) {
    struct var_state *s = state_of(u, r->items[i]);
    if (s->scope < u->scope) {
      diag_error(loc, "the loop body consumes its parameter, but returns for it a value "
                      "aliasing '%s', which is bound outside the loop (the next iteration "
                      "would consume it)", r->items[i]->name);
      diag_note(p->loc, "the loop parameter");
      diag_abort();
    }
  }
}

static void check_loop_results(struct uq *u, struct exp *e, const struct alias_set *body,
                               int mark) {
  struct pat *p = e->u.loop.pat;
  while (p->kind == PAT_ASCRIPT && !pattern_unique(p)) {
    p = p->u.ascript.pat;
  }
  tail_vec tails = {0};
  if (p->kind != PAT_TUPLE || !tail_tuples(u, e->u.loop.body, p->u.tuple.count, &tails)) {
    if (param_consumed(u, e->u.loop.pat, mark) && p->kind != PAT_TUPLE) {
      check_loop_result_fresh(u, e->u.loop.pat, body, tail_exp(e->u.loop.body)->loc);
    }
    return;
  }
  for (int i = 0; i < p->u.tuple.count; i++) {
    if (!param_consumed(u, p->u.tuple.elems[i], mark)) {
      continue;
    }
    for (int t = 0; t < tails.len; t++) {
      struct alias_set *sets = ptrmap_get(&u->tuple_sets, tails.items[t]);
      check_loop_result_fresh(u, p->u.tuple.elems[i], &sets[i],
                              tails.items[t]->u.list.elems[i]->loc);
    }
    check_components_distinct(u, &tails, i, "the loop body consumes this parameter");
  }
}

/* Which components of a tuple loop pattern the body consumes (NULL: not a tuple). */
static bool *loop_params_consumed(struct uq *u, struct pat *p, int mark) {
  while (p->kind == PAT_ASCRIPT && !pattern_unique(p)) {
    p = p->u.ascript.pat;
  }
  if (p->kind != PAT_TUPLE) {
    return NULL;
  }
  bool *consumed = ARENA_ARRAY(u->arena, bool, p->u.tuple.count);
  for (int i = 0; i < p->u.tuple.count; i++) {
    consumed[i] = param_consumed(u, p->u.tuple.elems[i], mark);
  }
  return consumed;
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
  struct alias_set result = walk(u, e->u.loop.body);
  check_loop_results(u, e, &result, mark);
  bool *consumed = loop_params_consumed(u, e->u.loop.pat, mark);
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
    forbid_self_aliased(u, e->u.loop.init, consumed, "the initial value of a loop that "
                                                     "consumes its parameter");
    consume(u, &init, e->u.loop.init->loc);
    return none();
  }
  return init; /* the result may be the initial value itself */
}

/* The source of an in-place update is consumed, after the value, which must not alias
 * it (the update would change what the value reads). The result is fresh. */
static struct alias_set consume_source(struct uq *u, struct exp *source, struct exp *value,
                                       const char *what, struct loc loc) {
  struct alias_set v = walk(u, value);
  struct alias_set a = walk(u, source);
  for (int i = 0; i < v.len; i++) {
    for (int j = 0; j < a.len; j++) {
      if (v.items[i] == a.items[j]) {
        diag_fatal(value->loc, "the new value aliases '%s', the %s being updated",
                   a.items[j]->name, what);
      }
    }
  }
  consume(u, &a, loc);
  return none();
}

static struct alias_set walk_update(struct uq *u, struct exp *array, struct dim_index *dims,
                                    int count, struct exp *value, struct loc loc) {
  walk_dims(u, dims, count);
  return consume_source(u, array, value, "array", loc);
}

/* e with a[i].b = v: an index list makes it an in-place update of e as a whole (aliases
 * are per variable, as in Futhark). */
static struct alias_set walk_update_path(struct uq *u, struct exp *e) {
  for (int i = 0; i < e->u.update_path.step_count; i++) {
    struct path_step *st = &e->u.update_path.steps[i];
    walk_dims(u, st->indices, st->count);
  }
  return consume_source(u, e->u.update_path.source, e->u.update_path.value, "value", e->loc);
}

static struct alias_set walk_exp(struct uq *u, struct exp *e);

/* A value whose type holds no arrays (and no functions, which may capture arrays)
 * shares no memory: `reduce (+) 0 xs` is a number, not an alias of xs. */
static struct alias_set walk(struct uq *u, struct exp *e) {
  struct alias_set r = walk_exp(u, e);
  return e->type != NULL && !has_arrays(e->type) ? none() : r;
}

static struct alias_set walk_exp(struct uq *u, struct exp *e) {
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
    if (e->u.var.binding != NULL && e->u.var.binding->kind == BIND_DEF &&
        e->u.var.binding->let_fun != NULL) { /* a local function: what it captured */
      observe(u, e->u.var.binding, e->loc);
      return state_of(u, e->u.var.binding)->aliases;
    }
    if (e->u.var.binding != NULL && e->u.var.binding->kind == BIND_DEF &&
        type_head(e->type)->kind != TYPE_ARROW && has_known_arrays(e->type)) {
      set_add(u, &r, e->u.var.binding); /* Note [Top-level arrays are shared] */
    }
    return r;
  case EXP_TUPLE: {
    struct alias_set *elems = ARENA_ARRAY(u->arena, struct alias_set, e->u.list.count);
    for (int i = 0; i < e->u.list.count; i++) {
      elems[i] = walk(u, e->u.list.elems[i]);
      set_union(u, &r, &elems[i]);
    }
    for (int i = 0; i < e->u.list.count; i++) {
      check_held(u, &elems[i], e->u.list.elems[i]->loc);
    }
    ptrmap_put(&u->tuple_sets, e, elems);
    return r;
  }
  case EXP_ARRAY: {
    struct alias_set *elems = ARENA_ARRAY(u->arena, struct alias_set, e->u.list.count + 1);
    for (int i = 0; i < e->u.list.count; i++) {
      elems[i] = walk(u, e->u.list.elems[i]);
    }
    for (int i = 0; i < e->u.list.count; i++) {
      check_held(u, &elems[i], e->u.list.elems[i]->loc);
    }
    return r;
  }
  case EXP_RECORD:
    for (int i = 0; i < e->u.record.count; i++) {
      struct exp_field *f = &e->u.record.fields[i];
      struct alias_set s = walk(u, f->value != NULL ? f->value : f->implicit_var);
      set_union(u, &r, &s);
    }
    check_held(u, &r, e->loc);
    return r;
  case EXP_PROJECT:
    r = walk(u, e->u.project.exp);
    return has_arrays(e->type) ? r : none();
  case EXP_INDEX:
    r = walk(u, e->u.index.array);
    walk_dims(u, e->u.index.indices, e->u.index.count);
    check_held(u, &r, e->u.index.array->loc);
    return has_arrays(e->type) ? r : none();
  case EXP_UPDATE:
    return walk_update(u, e->u.update.array, e->u.update.indices, e->u.update.count,
                       e->u.update.value, e->loc);
  case EXP_UPDATE_PATH:
    return walk_update_path(u, e);
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
    struct tc_binding *op = e->u.binop.binding;
    if (op != NULL && op->kind == BIND_INTRINSIC &&
        (op->intrinsic == INTR_PIPE_RIGHT || op->intrinsic == INTR_PIPE_LEFT)) {
      bool right = op->intrinsic == INTR_PIPE_RIGHT;
      struct exp *fn = right ? e->u.binop.rhs : e->u.binop.lhs;
      struct exp *arg = right ? e->u.binop.lhs : e->u.binop.rhs;
      return walk_apply(u, fn, fn->type, &arg, 1, e->loc);
    }
    struct exp *args[2] = {e->u.binop.lhs, e->u.binop.rhs};
    return walk_apply(u, NULL, type_arrow(u->arena, NULL, e->u.binop.lhs->type,
                                          type_arrow(u->arena, NULL, e->u.binop.rhs->type,
                                                     e->type)),
                      args, 2, e->loc);
  }
  case EXP_NEGATE:
  case EXP_NOT:
    walk(u, e->u.unary);
    return r;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    if (e->u.section.operand != NULL) {
      return walk(u, e->u.section.operand); /* (xs ++) holds xs */
    }
    return r;
  case EXP_SECTION_INDEX:
    walk_dims(u, e->u.section_index.indices, e->u.section_index.count);
    return r;
  case EXP_SECTION_PATH:
    for (int i = 0; i < e->u.section_path.step_count; i++) {
      struct path_step *st = &e->u.section_path.steps[i];
      walk_dims(u, st->indices, st->count);
    }
    return r;
  case EXP_LAMBDA:
    return walk_function(u, e->u.lambda.params, e->u.lambda.param_count, true,
                         e->u.lambda.body, e->type, e->u.lambda.ret != NULL);
  case EXP_LET: {
    int mark = u->log.len;
    struct alias_set v = walk(u, e->u.let.value);
    forbid_consuming_function_value(u, e, mark);
    if (e->u.let.pat->kind == PAT_ASCRIPT) {
      forbid_hidden_consumption(e->u.let.pat->type, e->u.let.value);
    }
    bind_pat_vars(u, e->u.let.pat, &v);
    return walk(u, e->u.let.body);
  }
  case EXP_LET_FUN: {
    struct tc_binding *fb = e->u.let_fun.binding;
    struct alias_set captures =
        walk_function(u, e->u.let_fun.params, e->u.let_fun.param_count, false,
                      e->u.let_fun.value, fb->type, e->u.let_fun.ret != NULL);
    struct var_state *f = state_of(u, fb);
    f->consumed = false;
    f->scope = u->scope;
    f->aliases = captures;
    return walk(u, e->u.let_fun.body);
  }
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
    forbid_hidden_consumption(e->type, e->u.ascript.exp);
    return walk(u, e->u.ascript.exp);
  case EXP_COERCE:
    return walk(u, e->u.ascript.exp);
  case EXP_ATTR:
    return walk(u, e->u.attr.exp);
  case EXP_QUAL_PARENS:
    return walk(u, e->u.qual_parens.exp);
  case EXP_RANGE:
    walk(u, e->u.range.start);
    if (e->u.range.second != NULL) {
      walk(u, e->u.range.second);
    }
    walk(u, e->u.range.end);
    return r; /* a fresh array of integers */
  case EXP_HOLE:
    return r;
  }
  return r;
}

static struct type *result_type(struct type *fn, int n) {
  struct type *t = fn;
  for (int k = 0; k < n && type_head(t)->kind == TYPE_ARROW; k++) {
    t = type_head(t)->u.arrow.result;
  }
  return t;
}

/* A definition's unique result components: Note [Results that alias each other]. */
static void check_unique_components(struct uq *u, struct exp *body, struct type *result) {
  struct type *t = type_head(result);
  if (t->kind != TYPE_TUPLE) {
    return;
  }
  tail_vec tails = {0};
  if (!tail_tuples(u, body, t->u.tuple.count, &tails)) {
    return;
  }
  for (int i = 0; i < t->u.tuple.count; i++) {
    if (t->u.tuple.elems[i]->unique) {
      check_components_distinct(u, &tails, i, "this component of the result is unique");
    }
  }
}

/* A unique result may be consumed by the caller: it may alias only the function's
 * unique parameters, not a parameter that is not unique, an array the function
 * captured from outside it, or a top-level array; and its unique components may not
 * alias each other (Note [Results that alias each other]). */
static void check_unique_result(struct uq *u, struct exp *body, const struct alias_set *r,
                                struct type *result) {
  if (type_head(result)->unique || fresh_type(result)) {
    for (int i = 0; i < r->len; i++) {
      struct tc_binding *b = r->items[i];
      struct var_state *s = state_of(u, b);
      if ((b->is_param && !b->unique) || s->lambda_param) {
        diag_error(body->loc, "the result is declared unique, but it may alias the "
                              "parameter '%s', which is not unique", b->name);
      } else if (is_top_level_array(b)) {
        diag_error(body->loc, "the result is declared unique, but it may alias the "
                              "top-level definition '%s'", b->name);
      } else if (b->kind == BIND_VAR && s->scope < u->scope) {
        diag_error(body->loc, "the result is declared unique, but it may alias '%s', which "
                              "is bound outside the function", b->name);
      } else {
        continue;
      }
      diag_note(b->loc, "'%s' is declared here", b->name);
      diag_abort();
    }
  }
  check_unique_components(u, body, result);
}

static void check_def(struct uq *u, struct dec *d) {
  for (int i = 0; i < d->u.val.param_count; i++) {
    bind_pat_vars(u, d->u.val.params[i], NULL);
  }
  u->scope = 0;
  u->loop_scope = -1;
  struct alias_set r = walk(u, d->u.val.body);
  struct tc_binding *b = d->u.val.binding;
  if (d->u.val.ret != NULL) {
    forbid_hidden_consumption(result_type(b->type, d->u.val.param_count), d->u.val.body);
  }
  struct alias_set *globals = ARENA_NEW(u->arena, struct alias_set);
  for (int i = 0; i < r.len; i++) {
    if (is_top_level_array(r.items[i])) { /* Note [Top-level arrays are shared] */
      set_add(u, globals, r.items[i]);
    }
  }
  if (globals->len > 0) {
    ptrmap_put(&u->tc->result_globals, b, globals);
  }
  check_unique_result(u, d->u.val.body, &r, result_type(b->type, d->u.val.param_count));
}

/* The declarations of module bodies as written (a functor's body is checked once, with
 * its parameters abstract). */
static void check_def_uniqueness(struct dec *d, void *arg) {
  check_def(arg, d);
}

void check_uniqueness(struct tc *tc, struct program *p) {
  struct uq u = {.tc = tc, .arena = tc->arena, .loop_scope = -1};
  ptrmap_init(&u.states, tc->arena);
  ptrmap_init(&u.tuple_sets, tc->arena);
  if (tc->result_globals.arena == NULL) {
    ptrmap_init(&tc->result_globals, tc->arena);
  }
  ast_each_val_dec(p->decs, p->count, check_def_uniqueness, &u);
}
