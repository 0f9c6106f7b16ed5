/* Environments: namespaces of values, types and modules with an undo log.
 *
 * Binding a name pushes (env, name, previous entry) on the undo log; leaving a scope
 * pops back to the mark taken on entry. Lookup is one hash probe. Qualified names
 * (f32.sin, M.N.x) resolve through modules. */
#include <string.h>

#include "typecheck/tc.h"

void env_init(struct tc *tc) {
  ptrmap_init(&tc->values.map, tc->arena);
  ptrmap_init(&tc->types.map, tc->arena);
  ptrmap_init(&tc->modules.map, tc->arena);
  ptrmap_init(&tc->mod_types.map, tc->arena);
  ptrmap_init(&tc->files, tc->arena);
}

int scope_enter(struct tc *tc) {
  return tc->undo.len;
}

void scope_leave(struct tc *tc, int mark) {
  while (tc->undo.len > mark) {
    struct undo u = tc->undo.items[--tc->undo.len];
    ptrmap_put(&u.env->map, u.name, u.previous);
  }
}

void env_bind(struct tc *tc, struct env *env, name_t name, struct tc_binding *b) {
  struct env_entry *previous = ptrmap_get(&env->map, name);
  struct env_entry *e = ARENA_NEW(tc->arena, struct env_entry);
  e->binding = b;
  e->shadowed = previous;
  ptrmap_put(&env->map, name, e);
  struct undo u = {env, name, previous};
  VEC_PUSH(tc->arena, &tc->undo, u);
}

struct tc_binding *env_find(struct env *env, name_t name) {
  struct env_entry *e = ptrmap_get(&env->map, name);
  return e != NULL ? e->binding : NULL;
}

struct tc_binding *binding_new(struct tc *tc, enum binding_kind kind, name_t name,
                               struct loc loc) {
  struct tc_binding *b = ARENA_NEW(tc->arena, struct tc_binding);
  b->kind = kind;
  b->name = name;
  b->loc = loc;
  b->id = tc->next_binding_id++;
  b->level = tc->level;
  return b;
}

void binding_set_scheme(struct tc *tc, struct tc_binding *b, struct type *t,
                        const struct type_param *declared, int declared_count,
                        struct tc_binding **gen, int gen_count) {
  int total = declared_count + tc->implicit_sizes.len + gen_count;
  struct type_param *ps = ARENA_ARRAY(tc->arena, struct type_param, total + 1);
  int k = 0;
  for (int i = 0; i < declared_count; i++) {
    ps[k++] = declared[i];
  }
  for (int i = 0; i < tc->implicit_sizes.len; i++) {
    struct tc_binding *s = tc->implicit_sizes.items[i];
    ps[k++] = (struct type_param){TPARAM_SIZE, s->name, s->loc, s};
  }
  for (int i = 0; i < gen_count; i++) {
    ps[k++] = (struct type_param){gen[i]->liftedness, gen[i]->name, gen[i]->loc, gen[i]};
  }
  b->scheme.params = ps;
  b->scheme.param_count = k;
  b->scheme.type = t;
  b->type = t;
}

struct tc_module *module_new(struct tc *tc, name_t name) {
  struct tc_module *m = ARENA_NEW(tc->arena, struct tc_module);
  m->name = name;
  ptrmap_init(&m->values, tc->arena);
  ptrmap_init(&m->types, tc->arena);
  ptrmap_init(&m->modules, tc->arena);
  ptrmap_init(&m->mod_types, tc->arena);
  for (int i = 0; i < 4; i++) {
    ptrmap_init(&m->defined[i], tc->arena);
  }
  return m;
}

static const char *qual_text(struct tc *tc, const struct qual_name *q) {
  struct strbuf b;
  strbuf_init(&b);
  for (int i = 0; i < q->qual_count; i++) {
    strbuf_printf(&b, "%s.", q->quals[i]);
  }
  strbuf_puts(&b, q->name);
  const char *s = arena_strndup(tc->arena, b.data, b.len);
  strbuf_free(&b);
  return s;
}

_Noreturn void error_unknown(struct tc *tc, const char *what, const struct qual_name *q,
                             struct loc loc) {
  if (q->qual_count == 0 && tc->current_def != NULL && q->name == tc->current_def) {
    diag_error(loc, "'%s' refers to itself: recursion is not supported", q->name);
    diag_note(tc->current_def_loc, "'%s' is being defined here", q->name);
    diag_abort();
  }
  diag_fatal(loc, "unknown %s '%s'", what, qual_text(tc, q));
}

struct tc_module *try_module_path(struct tc *tc, const name_t *names, int count) {
  struct tc_binding *b = env_find(&tc->modules, names[0]);
  for (int i = 1; b != NULL && b->kind == BIND_MODULE && b->module != NULL && i < count; i++) {
    b = ptrmap_get(&b->module->modules, names[i]);
  }
  return b != NULL && b->kind == BIND_MODULE ? b->module : NULL;
}

/* The module named by the qualifiers of q, or an error at the first unknown one. */
static struct tc_module *resolve_module_path(struct tc *tc, const struct qual_name *q,
                                             struct loc loc) {
  struct tc_binding *b = env_find(&tc->modules, q->quals[0]);
  for (int i = 0;; i++) {
    struct qual_name part = {q->quals, i, q->quals[i]};
    if (b == NULL || b->kind != BIND_MODULE) {
      error_unknown(tc, "module", &part, loc);
    }
    if (b->module == NULL) {
      diag_fatal(loc, "'%s' is a functor: apply it to a module before using its members",
                 q->quals[i]);
    }
    if (i + 1 == q->qual_count) {
      return b->module;
    }
    b = ptrmap_get(&b->module->modules, q->quals[i + 1]);
  }
}

struct tc_binding *lookup_qualified(struct tc *tc, const struct qual_name *q,
                                    enum binding_kind want, struct loc loc) {
  if (q->qual_count == 0) {
    struct env *env = want == BIND_TYPE          ? &tc->types
                      : want == BIND_MODULE      ? &tc->modules
                      : want == BIND_MODULE_TYPE ? &tc->mod_types
                                                 : &tc->values;
    return env_find(env, q->name);
  }
  struct tc_module *m = resolve_module_path(tc, q, loc);
  struct ptrmap *ns = want == BIND_TYPE          ? &m->types
                      : want == BIND_MODULE      ? &m->modules
                      : want == BIND_MODULE_TYPE ? &m->mod_types
                                                 : &m->values;
  return ptrmap_get(ns, q->name);
}
