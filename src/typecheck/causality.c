/* Causality: every size is computed before it is used (Futhark's causality restriction).
 *
 * Requires the typed AST, with sizes resolved. A call of a function whose result size
 * is not known statically (filter, a slice through a function, an existential return
 * type) makes a fresh size, computed when the call is evaluated; the uses of polymorphic
 * names record it in their instantiation (struct tc_inst: ext). Instantiating a name
 * (giving `length` its size parameter, `<|` its type parameters), or writing an empty
 * array or a coercion whose type has that size, needs the size's value at that point.
 * Walking each definition in Futhark's evaluation order (arguments before the function,
 * the bound expression of a let before its body, left operand before right), a size
 * needed before the expression that computes it is an error:
 *
 *   length <| filter (> 0) xs     -- length is instantiated before filter runs
 *
 * Sizes made otherwise (bound by let [n], parameters, sizes escaping a scope) are known
 * where they are in scope and are not checked here. See Note [Causality]. */
#include <string.h>

#include "typecheck/tc.h"

/* Note [Causality]
 * The evaluation order is a fiction of the type checker (the program is pure, and
 * the compiler may evaluate in any order): it only guarantees that some order exists
 * where every size is known before a value of that size is built. Futhark fixes the
 * order as above and rejects a program that needs a size earlier; so does Prism, with
 * the hint Futhark gives: bind the expression that computes the size with let first
 * (or pipe it: `filter (> 0) xs |> length`). */

/* Note [Ambiguous sizes]
 * A size parameter that occurs only in function types of a function's parameters
 * (`def f [n] (g: [n]i64 -> i64) : i64 = n`) is determined by no argument value: a
 * function does not carry the sizes of its parameter type at run time. A use of f
 * must then fix n some other way (`f (\(xs: [1]i64) -> xs[0])`); if nothing does,
 * the size is ambiguous and the use is rejected, as in Futhark. This walk sees every
 * instantiation once the whole program is checked, so it reports the sizes no
 * unification resolved. */

enum size_state { SIZE_PENDING = 1, SIZE_COMPUTED = 2 };

struct causality {
  struct ptrmap state; /* existential tc_binding -> enum size_state (as a pointer) */
  struct ptrmap made_at; /* existential tc_binding -> struct exp * that computes it */
  bool collecting;     /* first walk: find the sizes instantiations make */
};

static void walk(struct causality *c, struct exp *e);

static void check_size_known(struct causality *c, struct size *s, struct loc loc,
                             const char *what) {
  s = size_head(s);
  if (s->kind == SIZE_BINOP) {
    check_size_known(c, s->u.binop.lhs, loc, what);
    check_size_known(c, s->u.binop.rhs, loc, what);
    return;
  }
  if (s->kind == SIZE_APPLY) {
    for (int i = 0; i < s->u.apply.count; i++) {
      check_size_known(c, s->u.apply.args[i], loc, what);
    }
    return;
  }
  if (s->kind != SIZE_NAME) {
    return;
  }
  if ((uintptr_t)ptrmap_get(&c->state, s->u.name) != SIZE_PENDING) {
    return;
  }
  struct exp *producer = ptrmap_get(&c->made_at, s->u.name);
  /* what: the name instantiated, or "this empty array" / "this coercion". */
  if (strncmp(what, "this ", 5) == 0) {
    diag_error(loc, "size '%s' is used before it is computed: %s needs it, but it is the "
                    "size of a value computed later (causality)", s->u.name->name, what);
  } else {
    diag_error(loc, "size '%s' is used before it is computed: the type of '%s' needs it, but "
                    "it is the size of a value computed later (causality)", s->u.name->name,
               what);
  }
  diag_note(producer->loc, "'%s' is computed here; bind this with let beforehand",
            s->u.name->name);
  diag_abort();
}

struct known_check {
  struct causality *c;
  struct loc loc;
  const char *what;
};

/* Checks the sizes of one part of a type; type_search walks the parts. */
static bool dims_known(struct type *t, void *arg) {
  const struct known_check *k = arg;
  if (t->kind == TYPE_ARRAY) {
    for (int i = 0; i < t->u.array.rank; i++) {
      check_size_known(k->c, t->u.array.dims[i], k->loc, k->what);
    }
  }
  return false;
}

static void check_type_known(struct causality *c, struct type *t, struct loc loc,
                             const char *what) {
  struct known_check k = {.c = c, .loc = loc, .what = what};
  type_search(t, true, dims_known, &k);
}

/* A use of a polymorphic name: its instantiation needs its sizes now; the sizes of its
 * result are computed by the call (the call's arguments were walked before). */
static void instantiation(struct causality *c, struct tc_inst *inst, struct exp *e,
                          const char *name, struct loc loc) {
  if (inst == NULL) {
    return;
  }
  if (c->collecting) {
    for (int i = 0; i < inst->ext_count; i++) {
      ptrmap_put(&c->state, inst->ext[i], (void *)(uintptr_t)SIZE_PENDING);
      ptrmap_put(&c->made_at, inst->ext[i], e);
    }
    return;
  }
  const char *what = name != NULL ? name : "?";
  for (int i = 0; i < inst->size_count; i++) {
    if (size_head(inst->sizes[i])->kind == SIZE_VAR) {
      /* Note [Ambiguous sizes] */
      diag_fatal(loc, "ambiguous size: no array in this use of '%s' determines its size "
                      "parameter (it appears only in function types); add a type ascription",
                 what);
    }
    check_size_known(c, inst->sizes[i], loc, what);
  }
  for (int i = 0; i < inst->type_count; i++) {
    check_type_known(c, inst->types[i], loc, what);
  }
  for (int i = 0; i < inst->ext_count; i++) {
    ptrmap_put(&c->state, inst->ext[i], (void *)(uintptr_t)SIZE_COMPUTED);
  }
}

static void walk_one(struct exp *e, void *c) {
  walk(c, e);
}

static void walk_list(struct causality *c, struct exp **es, int n) {
  for (int i = 0; i < n; i++) {
    walk(c, es[i]);
  }
}

static void walk_apply(struct causality *c, struct exp *e) {
  walk_list(c, e->u.apply.args, e->u.apply.count);
  walk(c, e->u.apply.fn);
}

static void walk_loop(struct causality *c, struct exp *e) {
  if (e->u.loop.init != NULL) {
    walk(c, e->u.loop.init);
  }
  if (e->u.loop.form == LOOP_FOR_IN) {
    walk(c, e->u.loop.for_in_array);
  } else {
    walk(c, e->u.loop.bound);
  }
  walk(c, e->u.loop.body);
}

/* Note [Sizes a lambda's parameters show]
 * A lambda's body runs only when the lambda is applied, to arguments whose shapes give
 * the sizes of its parameters' types. So in
 *     map (\(r: [](i32, i32)) -> unzip r) (inner a)
 * the size of r, which the argument `inner a` computes after the lambda is made, is
 * known inside the body (unzip's instantiation needs it), as in Futhark. While the walk
 * is in the body, the pending sizes its parameters' types name count as computed. */
struct lambda_sizes {
  struct causality *c;
  VEC(struct tc_binding *) marked;
};

static void mark_param_size(struct lambda_sizes *l, struct size *s) {
  s = size_head(s);
  if (s->kind == SIZE_NAME &&
      (uintptr_t)ptrmap_get(&l->c->state, s->u.name) == SIZE_PENDING) {
    ptrmap_put(&l->c->state, s->u.name, (void *)(uintptr_t)SIZE_COMPUTED);
    VEC_PUSH(l->c->state.arena, &l->marked, s->u.name);
  }
}

static bool mark_param_dims(struct type *t, void *arg) {
  if (t->kind == TYPE_ARRAY) {
    for (int i = 0; i < t->u.array.rank; i++) {
      mark_param_size(arg, t->u.array.dims[i]);
    }
  }
  return false;
}

static void walk_lambda(struct causality *c, struct exp *e) {
  struct lambda_sizes l = {.c = c};
  for (int i = 0; !c->collecting && i < e->u.lambda.param_count; i++) {
    struct pat *p = e->u.lambda.params[i];
    if (p->type != NULL) {
      type_search(p->type, false, mark_param_dims, &l);
    }
  }
  walk(c, e->u.lambda.body);
  for (int i = 0; i < l.marked.len; i++) {
    ptrmap_put(&c->state, l.marked.items[i], (void *)(uintptr_t)SIZE_PENDING);
  }
}

/* The subexpressions first (a call's arguments before the function, a loop's initial
 * value before its bound), then what this expression itself needs. */
static void walk(struct causality *c, struct exp *e) {
  diag_checkpoint(e->loc);
  switch (e->kind) {
  case EXP_APPLY:
    walk_apply(c, e);
    return;
  case EXP_LOOP:
    walk_loop(c, e);
    return;
  case EXP_LAMBDA:
    walk_lambda(c, e);
    return;
  default:
    ast_exp_each_child(e, walk_one, c);
    break;
  }
  switch (e->kind) {
  case EXP_VAR:
    instantiation(c, e->u.var.inst, e, e->u.var.name.name, e->loc);
    return;
  case EXP_ARRAY:
    if (e->u.list.count == 0 && !c->collecting && e->type != NULL) {
      check_type_known(c, e->type, e->loc, "this empty array");
    }
    return;
  case EXP_BINOP:
    instantiation(c, e->u.binop.inst, e, e->u.binop.op.name, e->u.binop.op_loc);
    return;
  case EXP_SECTION_OP:
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    instantiation(c, e->u.section.inst, e, e->u.section.op.name, e->u.section.op_loc);
    return;
  case EXP_COERCE:
    if (!c->collecting && e->type != NULL) {
      check_type_known(c, e->type, e->loc, "this coercion");
    }
    return;
  default:
    return;
  }
}

static void check_body(struct causality *c, struct exp *body) {
  ptrmap_init(&c->state, c->state.arena);
  ptrmap_init(&c->made_at, c->made_at.arena);
  c->collecting = true;
  walk(c, body);
  c->collecting = false;
  walk(c, body);
}

static void check_val_causality(struct dec *d, void *arg) {
  check_body(arg, d->u.val.body);
}

void check_causality(struct tc *tc, struct program *p) {
  struct causality c = {0};
  ptrmap_init(&c.state, tc->arena);
  ptrmap_init(&c.made_at, tc->arena);
  ast_each_val_dec(p->decs, p->count, check_val_causality, &c);
}
