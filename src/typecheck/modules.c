/* The module system: modules, module types, functors, ascription, open and import.
 *
 * Modules exist only in the type checker (DESIGN.md section 2: defunctorisation). A
 * module is a table of members: the bindings its declarations made. A module type is
 * elaborated afresh at every use into items whose abstract types are rigid type
 * parameters of their own, so each functor parameter and each ascription has types
 * distinct from every other.
 *
 * A functor's body is checked once when it is defined, against its parameters' module
 * types (abstract types stay abstract: that is where errors in the body are reported),
 * and then once more, on a fresh copy of its syntax, at every application, with the
 * parameters bound to the actual arguments. Each application thus has definitions of
 * its own, with concrete types: the core IR and the generated code contain only
 * monomorphic functions, and two applications give independent specialised code.
 *
 * Ascription `M : S` (opaque, as in Futhark) makes a view of M: its abstract types are
 * new rigid types that the rest of the program cannot see through (the definition is
 * kept for internalise), and its values are aliases of M's at the types S states. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parser/parse.h"
#include "support/file.h"
#include "typecheck/tc.h"

/* ------------------------------------------------------------ Environments */

static void freeze_namespace(struct tc *tc, struct env *ns, struct ptrmap *out) {
  ptrmap_init(out, tc->arena);
  size_t pos = 0;
  const void *key;
  void *value;
  while (ptrmap_next(&ns->map, &pos, &key, &value)) {
    struct env_entry *e = value;
    if (e != NULL) {
      ptrmap_put(out, key, e->binding);
    }
  }
}

struct frozen_env *env_freeze(struct tc *tc) {
  struct frozen_env *f = ARENA_NEW(tc->arena, struct frozen_env);
  freeze_namespace(tc, &tc->values, &f->values);
  freeze_namespace(tc, &tc->types, &f->types);
  freeze_namespace(tc, &tc->modules, &f->modules);
  freeze_namespace(tc, &tc->mod_types, &f->mod_types);
  return f;
}

static void thaw_namespace(struct tc *tc, struct ptrmap *frozen, struct env *ns) {
  ptrmap_init(&ns->map, tc->arena);
  size_t pos = 0;
  const void *key;
  void *value;
  while (ptrmap_next(frozen, &pos, &key, &value)) {
    struct env_entry *e = ARENA_NEW(tc->arena, struct env_entry);
    e->binding = value;
    ptrmap_put(&ns->map, key, e);
  }
}

void env_thaw_enter(struct tc *tc, struct frozen_env *f, struct saved_env *saved) {
  saved->values = tc->values;
  saved->types = tc->types;
  saved->modules = tc->modules;
  saved->mod_types = tc->mod_types;
  saved->undo_mark = scope_enter(tc);
  saved->current_module = tc->current_module;
  saved->in_local = tc->in_local;
  thaw_namespace(tc, &f->values, &tc->values);
  thaw_namespace(tc, &f->types, &tc->types);
  thaw_namespace(tc, &f->modules, &tc->modules);
  thaw_namespace(tc, &f->mod_types, &tc->mod_types);
  tc->current_module = NULL;
  tc->in_local = false;
}

void env_thaw_leave(struct tc *tc, struct saved_env *saved) {
  scope_leave(tc, saved->undo_mark);
  tc->values = saved->values;
  tc->types = saved->types;
  tc->modules = saved->modules;
  tc->mod_types = saved->mod_types;
  tc->current_module = saved->current_module;
  tc->in_local = saved->in_local;
}

/* The namespace a binding of this kind lives in, in a module and in the scope. */
enum namespace { NS_VALUES, NS_TYPES, NS_MODULES, NS_MODULE_TYPES };

static enum namespace namespace_kind(enum binding_kind kind) {
  switch (kind) {
  case BIND_TYPE:
  case BIND_TYPE_PARAM:
    return NS_TYPES;
  case BIND_MODULE:
    return NS_MODULES;
  case BIND_MODULE_TYPE:
    return NS_MODULE_TYPES;
  default:
    return NS_VALUES;
  }
}

static struct ptrmap *member_map(struct tc_module *m, enum binding_kind kind) {
  struct ptrmap *maps[] = {&m->values, &m->types, &m->modules, &m->mod_types};
  return maps[namespace_kind(kind)];
}

static struct env *namespace_of(struct tc *tc, enum binding_kind kind) {
  struct env *envs[] = {&tc->values, &tc->types, &tc->modules, &tc->mod_types};
  return envs[namespace_kind(kind)];
}

static void add_member(struct tc *tc, struct tc_module *m, struct tc_binding *b) {
  ptrmap_put(member_map(m, b->kind), b->name, b);
  VEC_PUSH(tc->arena, &m->order, b);
}

void module_export(struct tc *tc, struct env *ns, struct tc_binding *b) {
  (void)ns;
  if (tc->current_module != NULL && !tc->in_local) {
    add_member(tc, tc->current_module, b);
  }
}

/* Binds a member under its name, and exports it from the module being checked. */
static void bind_member(struct tc *tc, struct tc_binding *b) {
  env_bind(tc, namespace_of(tc, b->kind), b->name, b);
  module_export(tc, namespace_of(tc, b->kind), b);
}

void define_member(struct tc *tc, struct tc_binding *b) {
  struct tc_module *m = tc->current_module;
  if (m != NULL) {
    struct env *ns = namespace_of(tc, b->kind);
    int which = ns == &tc->values ? 0 : ns == &tc->types ? 1 : ns == &tc->modules ? 2 : 3;
    struct tc_binding *old = ptrmap_get(&m->defined[which], b->name);
    if (old != NULL) {
      diag_error(b->loc, "'%s' is defined twice in the same module or file", b->name);
      diag_note(old->loc, "'%s' is first defined here", b->name);
      diag_abort();
    }
    ptrmap_put(&m->defined[which], b->name, b);
  }
  bind_member(tc, b);
}

void open_module(struct tc *tc, struct tc_module *m) {
  for (int i = 0; i < m->order.len; i++) {
    struct tc_binding *b = m->order.items[i];
    /* A later member of the same name shadows an earlier one inside the module; the
     * table holds the one that counts. */
    if (ptrmap_get(member_map(m, b->kind), b->name) == b) {
      bind_member(tc, b);
    }
  }
}

/* ---------------------------------------------------------- Module types */

/* Note [Abstract types with parameters]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A module type's `type t 'a` is a BIND_TYPE_PARAM whose scheme lists its parameters,
 * and `t i32` in the specs that follow (and M.t i32 outside an ascribed M, P.t i32 in a
 * functor's body) is the type TYPE_APPLY(t, [i32]): a type of its own, equal to another
 * only with the same t and equal arguments, never to a definition. A definition of t is
 * kept as a type written with t's own parameters (`[4]a` for `type t 'a = [4]a`, with
 * the spec's 'a): matching a module puts that definition in the substitution under t,
 * and type_subst replaces each application by the definition at its arguments
 * (type_apply_def). An ascription makes a new t of the same parameters, whose
 * definition (abstract_def) only internalise expands. `S with t 'a = τ` turns t into
 * an abbreviation and rewrites the applications in S's specs. Size parameters
 * (type t [n]) work alike: TYPE_APPLY holds their sizes, and the definition is written
 * with the spec's size names. */

struct subst_builder {
  VEC(struct tc_binding *) type_params;
  VEC(struct type *) types;
  VEC(struct tc_binding *) size_names;
  VEC(struct size *) sizes;
};

static struct tc_subst subst_of(struct subst_builder *b) {
  struct tc_subst s = {b->type_params.items, b->types.items, b->type_params.len,
                       b->size_names.items, b->sizes.items, b->size_names.len};
  return s;
}

static void subst_type(struct tc *tc, struct subst_builder *b, struct tc_binding *from,
                       struct type *to) {
  VEC_PUSH(tc->arena, &b->type_params, from);
  VEC_PUSH(tc->arena, &b->types, to);
}

static void subst_size(struct tc *tc, struct subst_builder *b, struct tc_binding *from,
                       struct size *to) {
  VEC_PUSH(tc->arena, &b->size_names, from);
  VEC_PUSH(tc->arena, &b->sizes, to);
}

static struct type *apply_subst(struct tc *tc, struct subst_builder *b, struct type *t) {
  struct tc_subst s = subst_of(b);
  return type_subst(tc->arena, t, &s);
}

static struct tc_sig *elab_sig(struct tc *tc, struct mod_type_exp *mte);

static struct sig_item *find_item(struct tc_sig *sig, enum sig_item_kind kind, name_t name) {
  for (int i = 0; i < sig->items.len; i++) {
    struct sig_item *it = &sig->items.items[i];
    if (it->kind == kind && it->name == name) {
      return it;
    }
  }
  return NULL;
}

static void sig_append(struct tc *tc, struct tc_sig *sig, struct sig_item item) {
  VEC_PUSH(tc->arena, &sig->items, item);
  add_member(tc, sig->abstract, item.binding);
}

static void merge_item(struct tc *tc, struct sig_item *old, struct sig_item *new,
                       struct subst_builder *sb, struct loc use);

/* A spec written in the module type's braces. */
static void sig_add(struct tc *tc, struct tc_sig *sig, enum sig_item_kind kind,
                    struct tc_binding *b, struct tc_sig *sub, struct loc loc) {
  struct sig_item item = {kind, b->name, loc, b, sub, false};
  struct sig_item *old = find_item(sig, kind, b->name);
  if (old != NULL && !old->included) {
    diag_error(loc, "'%s' is specified twice in this module type", b->name);
    diag_note(old->loc, "first specified here");
    diag_abort();
  }
  if (old != NULL) {
    struct subst_builder merged = {0}; /* nothing refers to b yet */
    merge_item(tc, old, &item, &merged, loc);
    return;
  }
  sig_append(tc, sig, item);
  env_bind(tc, namespace_of(tc, b->kind), b->name, b);
}

static void rewrite_item(struct tc *tc, struct sig_item *it, const struct tc_subst *s);

/* Note [Duplicate specs]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * As in Futhark, two specs of one name written in the same braces are an error, but
 * `include` may repeat a name (including the same module type twice is harmless). A
 * module matching the module type must satisfy both specs, so Prism keeps one item
 * that means both: two abstract types become one (the more restrictive liftedness),
 * an abstract type and a definition become the definition, and two definitions or
 * two values must be equal (Futhark accepts unequal ones until a module is matched,
 * which can then never succeed; Prism reports them where the module type is written).
 * Module specs merge member by member. The repeated item's bindings are replaced by
 * the kept item's in the specs that follow (merged). */
static void include_sig(struct tc *tc, struct tc_sig *sig, struct tc_sig *sub,
                        struct loc use) {
  if (sub->functor != NULL) {
    diag_fatal(use, "'include' needs the module type of a module, not of a functor");
  }
  struct subst_builder merged = {0};
  for (int i = 0; i < sub->items.len; i++) {
    struct sig_item item = sub->items.items[i];
    item.included = true;
    if (merged.type_params.len > 0 || merged.size_names.len > 0) {
      struct tc_subst s = subst_of(&merged);
      rewrite_item(tc, &item, &s);
    }
    struct sig_item *old = find_item(sig, item.kind, item.name);
    if (old == NULL) {
      sig_append(tc, sig, item);
      env_bind(tc, namespace_of(tc, item.binding->kind), item.name, item.binding);
    } else {
      merge_item(tc, old, &item, &merged, use);
    }
  }
}

static _Noreturn void conflicting_specs(struct sig_item *old, struct sig_item *new,
                                        struct loc use, const char *what, const char *before,
                                        const char *now) {
  diag_error(use, "'%s' is specified twice in this module type, with different %s: %s, "
                  "but %s before", new->name, what, now, before);
  diag_note(old->loc, "first specified here");
  if (new->loc.line != use.line || new->loc.file != use.file) {
    diag_note(new->loc, "specified again here");
  }
  diag_abort();
}

static struct type *applied_to_params(struct tc *tc, struct tc_binding *ctor,
                                      struct tc_binding *spec);

static bool same_param_kinds(struct tc_binding *a, struct tc_binding *b) {
  if (a->scheme.param_count != b->scheme.param_count) {
    return false;
  }
  for (int i = 0; i < a->scheme.param_count; i++) {
    if ((a->scheme.params[i].kind == TPARAM_SIZE) != (b->scheme.params[i].kind == TPARAM_SIZE)) {
      return false;
    }
  }
  return true;
}

static void merge_type_item(struct tc *tc, struct sig_item *old, struct sig_item *new,
                            struct subst_builder *sb, struct loc use) {
  struct tc_binding *o = old->binding, *n = new->binding;
  if (!same_param_kinds(o, n)) {
    conflicting_specs(old, new, use, "parameters",
                      arena_printf(tc->arena, "%d", o->scheme.param_count),
                      arena_printf(tc->arena, "%d", n->scheme.param_count));
  }
  if (o->scheme.param_count > 0) {
    if (o->kind != BIND_TYPE_PARAM || n->kind != BIND_TYPE_PARAM) {
      conflicting_specs(old, new, use, "definitions", o->kind == BIND_TYPE ? "a definition" :
                        "abstract", n->kind == BIND_TYPE ? "a definition" : "abstract");
    }
    subst_type(tc, sb, n, applied_to_params(tc, o, n));
  } else {
    if (o->manifest != NULL && n->manifest != NULL && !type_equal(o->manifest, n->manifest)) {
      conflicting_specs(old, new, use, "definitions", show_type(tc, o->manifest),
                        show_type(tc, n->manifest));
    }
    if (o->manifest == NULL && n->manifest != NULL) {
      o->manifest = n->manifest;
    }
    subst_type(tc, sb, n, type_param(tc->arena, o));
  }
  if (n->liftedness < o->liftedness) {
    o->liftedness = n->liftedness;
  }
}

static struct type *open_result_sizes(struct tc *tc, struct type *t, struct loc use);

/* Whether a value of spec general's type may be used at spec's type. */
static bool val_spec_covers(struct tc *tc, struct tc_binding *general, struct tc_binding *spec,
                            struct loc use) {
  struct type *want = open_result_sizes(tc, spec->type, use);
  return unify(tc, want, instantiate(tc, general, NULL, use));
}

static void merge_item(struct tc *tc, struct sig_item *old, struct sig_item *new,
                       struct subst_builder *sb, struct loc use) {
  switch (old->kind) {
  case SIG_TYPE:
    merge_type_item(tc, old, new, sb, use);
    return;
  case SIG_VAL: {
    struct tc_binding *o = old->binding, *n = new->binding;
    if (!val_spec_covers(tc, o, n, use) || !val_spec_covers(tc, n, o, use)) {
      conflicting_specs(old, new, use, "types", show_type(tc, o->type), show_type(tc, n->type));
    }
    if (type_is_prim(n->type, PRIM_I64)) {
      subst_size(tc, sb, n, size_name(tc->arena, o));
    }
    return;
  }
  case SIG_MODULE:
    if (old->sig->functor != NULL || new->sig->functor != NULL) {
      conflicting_specs(old, new, use, "module types", "one", "another");
    }
    for (int i = 0; i < new->sig->items.len; i++) {
      struct sig_item item = new->sig->items.items[i];
      if (sb->type_params.len > 0 || sb->size_names.len > 0) {
        struct tc_subst s = subst_of(sb);
        rewrite_item(tc, &item, &s);
      }
      struct sig_item *o = find_item(old->sig, item.kind, item.name);
      if (o == NULL) {
        sig_append(tc, old->sig, item);
      } else {
        merge_item(tc, o, &item, sb, use);
      }
    }
    return;
  }
}

/* The parameters of a spec as this elaboration bound them: the syntax's own bindings
 * change at the next elaboration of the same module type. */
static struct type_param *params_copy(struct tc *tc, struct type_param *ps, int count) {
  struct type_param *copy = ARENA_ARRAY(tc->arena, struct type_param, count + 1);
  memcpy(copy, ps, sizeof *copy * (size_t)count);
  return copy;
}

/* A type with parameters in a module type: an abbreviation (type pair 'a = (a, a)),
 * or an abstract type (type f 'a), which a module must define with as many
 * parameters (Note [Abstract types with parameters]). */
static void elab_type_constructor_spec(struct tc *tc, struct tc_sig *sig, struct spec *sp) {
  int mark = scope_enter(tc);
  bind_type_params(tc, sp->type_params, sp->type_param_count);
  struct type *t = sp->type != NULL ? elab_type(tc, sp->type, SIZES_ABBREV) : NULL;
  scope_leave(tc, mark);
  struct tc_binding *b = binding_new(tc, t != NULL ? BIND_TYPE : BIND_TYPE_PARAM, sp->name,
                                     sp->loc);
  b->liftedness = sp->liftedness;
  b->type = t;
  b->scheme.params = params_copy(tc, sp->type_params, sp->type_param_count);
  b->scheme.param_count = sp->type_param_count;
  b->scheme.type = t;
  sig_add(tc, sig, SIG_TYPE, b, NULL, sp->loc);
}

static void elab_type_spec(struct tc *tc, struct tc_sig *sig, struct spec *sp) {
  if (sp->type_param_count > 0) {
    elab_type_constructor_spec(tc, sig, sp);
    return;
  }
  struct tc_binding *b = binding_new(tc, BIND_TYPE_PARAM, sp->name, sp->loc);
  b->liftedness = sp->liftedness;
  if (sp->type != NULL) {
    b->manifest = elab_type(tc, sp->type, SIZES_ABBREV);
  }
  sig_add(tc, sig, SIG_TYPE, b, NULL, sp->loc);
}

/* The innermost arrow of a function type (whose result is not a function), or NULL. */
static struct type *last_arrow(struct type *t) {
  struct type *last = type_head(t);
  if (last->kind != TYPE_ARROW) {
    return NULL;
  }
  while (type_head(last->u.arrow.result)->kind == TYPE_ARROW) {
    last = type_head(last->u.arrow.result);
  }
  return last;
}

static void elab_val_spec(struct tc *tc, struct tc_sig *sig, struct spec *sp) {
  int mark = scope_enter(tc);
  struct tc_bindings saved_sizes = tc->implicit_sizes, saved_ext = tc->return_ext;
  tc->implicit_sizes = (struct tc_bindings){0};
  tc->return_ext = (struct tc_bindings){0};
  bind_type_params(tc, sp->type_params, sp->type_param_count);
  struct type *t = elab_type(tc, sp->type, SIZES_SPEC);
  scope_leave(tc, mark);
  struct type *last = last_arrow(t);
  if (tc->return_ext.len > 0 && last != NULL) { /* the result's [] and ?[k]: existential */
    last->u.arrow.ext = tc->return_ext.items;
    last->u.arrow.ext_count = tc->return_ext.len;
  }
  tc->return_ext = saved_ext;
  struct tc_binding *b = binding_new(tc, BIND_DEF, sp->name, sp->loc);
  binding_set_scheme(tc, b, t, sp->type_params, sp->type_param_count, NULL, 0);
  tc->implicit_sizes = saved_sizes;
  sig_add(tc, sig, SIG_VAL, b, NULL, sp->loc);
}

static void elab_spec(struct tc *tc, struct tc_sig *sig, struct spec *sp) {
  switch (sp->kind) {
  case SPEC_TYPE:
    elab_type_spec(tc, sig, sp);
    return;
  case SPEC_VAL:
    elab_val_spec(tc, sig, sp);
    return;
  case SPEC_MODULE: {
    struct tc_sig *sub = elab_sig(tc, sp->mod_type);
    struct tc_binding *b = binding_new(tc, BIND_MODULE, sp->name, sp->loc);
    b->module = sub->functor == NULL ? sub->abstract : NULL;
    b->functor = sub->functor;
    sig_add(tc, sig, SIG_MODULE, b, sub, sp->loc);
    return;
  }
  case SPEC_INCLUDE:
    include_sig(tc, sig, elab_sig(tc, sp->mod_type), sp->loc);
    return;
  }
}

static struct tc_sig *new_sig(struct tc *tc) {
  struct tc_sig *sig = ARENA_NEW(tc->arena, struct tc_sig);
  sig->abstract = module_new(tc, NULL);
  return sig;
}

/* The type item a `with` refines: t, or M.N.t through nested module items. */
static struct sig_item *find_type_item(struct tc *tc, struct tc_sig *sig,
                                       const struct qual_name *q, struct loc loc) {
  for (int i = 0; i <= q->qual_count; i++) {
    name_t name = i < q->qual_count ? q->quals[i] : q->name;
    enum sig_item_kind want = i < q->qual_count ? SIG_MODULE : SIG_TYPE;
    struct sig_item *found = NULL;
    for (int j = 0; j < sig->items.len && found == NULL; j++) {
      struct sig_item *it = &sig->items.items[j];
      if (it->kind == want && it->name == name) {
        found = it;
      }
    }
    if (found == NULL) {
      diag_fatal(loc, "the module type has no %s '%s' to refine with 'with'",
                 want == SIG_TYPE ? "type" : "module", name);
    }
    if (want == SIG_TYPE) {
      return found;
    }
    sig = found->sig;
  }
  return NULL;
}

/* Replaces the applications of an abstract type in the items of sig (and of the module
 * types inside it) by its definition, after `with` has given it one. */
static void rewrite_items(struct tc *tc, struct tc_sig *sig, const struct tc_subst *s);

static void rewrite_item(struct tc *tc, struct sig_item *it, const struct tc_subst *s) {
  struct tc_binding *b = it->binding;
  if (it->kind == SIG_MODULE) {
    rewrite_items(tc, it->sig, s);
  } else if (it->kind == SIG_VAL) {
    b->type = type_subst(tc->arena, b->type, s);
    b->scheme.type = b->type;
  } else if (b->kind == BIND_TYPE) {
    b->type = type_subst(tc->arena, b->type, s);
    b->scheme.type = b->type;
  } else if (b->manifest != NULL) {
    b->manifest = type_subst(tc->arena, b->manifest, s);
  }
}

static void functor_add_subst(struct tc *tc, struct tc_functor *f, const struct tc_subst *s);

static void rewrite_items(struct tc *tc, struct tc_sig *sig, const struct tc_subst *s) {
  if (sig->functor != NULL) {
    functor_add_subst(tc, sig->functor, s); /* for what its applications elaborate */
  }
  for (int i = 0; i < sig->items.len; i++) {
    rewrite_item(tc, &sig->items.items[i], s);
  }
}

/* S with t 'a = τ, for an abstract type with parameters: t becomes the abbreviation, with
 * the parameters `with` names (as many, of the same kinds as the spec's). */
static void refine_constructor(struct tc *tc, struct tc_sig *sig, struct tc_binding *b,
                               struct mod_type_exp *mte) {
  if (b->kind == BIND_TYPE) {
    diag_fatal(mte->loc, "type '%s' of the module type is not abstract: it is already "
               "defined", b->name);
  }
  int n = mte->u.with.type_param_count;
  if (n != b->scheme.param_count) {
    diag_fatal(mte->loc, "type '%s' takes %d parameter%s in the module type, but 'with' gives "
               "it %d", b->name, b->scheme.param_count, b->scheme.param_count == 1 ? "" : "s",
               n);
  }
  for (int i = 0; i < n; i++) {
    if ((mte->u.with.type_params[i].kind == TPARAM_SIZE) !=
        (b->scheme.params[i].kind == TPARAM_SIZE)) {
      diag_fatal(mte->u.with.type_params[i].loc, "parameter '%s' of 'with' is not of the kind "
                 "of the module type's parameter '%s'", mte->u.with.type_params[i].name,
                 b->scheme.params[i].name);
    }
  }
  int mark = scope_enter(tc);
  bind_type_params(tc, mte->u.with.type_params, n);
  struct type *def = elab_type(tc, mte->u.with.type, SIZES_ABBREV);
  scope_leave(tc, mark);
  struct tc_subst s = {&b, &def, 1, NULL, NULL, 0};
  b->scheme.params = params_copy(tc, mte->u.with.type_params, n); /* def's parameters */
  rewrite_items(tc, sig, &s);
  b->kind = BIND_TYPE;
  b->type = def;
  b->scheme.type = def;
}

static struct tc_sig *elab_with(struct tc *tc, struct mod_type_exp *mte) {
  struct tc_sig *sig = elab_sig(tc, mte->u.with.base);
  struct sig_item *it = find_type_item(tc, sig, &mte->u.with.type_name, mte->loc);
  if (it->binding->manifest != NULL) {
    diag_fatal(mte->loc, "type '%s' of the module type is not abstract: it is already %s",
               it->name, show_type(tc, it->binding->manifest));
  }
  if (mte->u.with.type_param_count > 0 || it->binding->scheme.param_count > 0) {
    refine_constructor(tc, sig, it->binding, mte);
    return sig;
  }
  it->binding->manifest = elab_type(tc, mte->u.with.type, SIZES_ABBREV);
  return sig;
}

static struct mod_value sig_value(struct tc_sig *sig) {
  struct mod_value v = {sig->functor == NULL ? sig->abstract : NULL, sig->functor};
  return v;
}

static void bind_module(struct tc *tc, name_t name, struct loc loc, struct mod_value v) {
  if (name == NULL) {
    return;
  }
  struct tc_binding *p = binding_new(tc, BIND_MODULE, name, loc);
  p->module = v.module;
  p->functor = v.functor;
  env_bind(tc, &tc->modules, name, p);
}

/* (P: S) -> R: checked now, where it is written, and kept as a functor without a body
 * whose applications elaborate R afresh (Note [Functors as values]). */
static struct tc_sig *elab_functor_sig(struct tc *tc, struct mod_type_exp *mte) {
  int mark = scope_enter(tc);
  struct tc_sig *param = elab_sig(tc, mte->u.arrow.param);
  bind_module(tc, mte->u.arrow.param_name, mte->loc, sig_value(param));
  elab_sig(tc, mte->u.arrow.result);
  scope_leave(tc, mark);
  struct tc_functor *f = ARENA_NEW(tc->arena, struct tc_functor);
  f->params = ARENA_NEW(tc->arena, struct mod_param);
  f->params->name = mte->u.arrow.param_name;
  f->params->loc = mte->loc;
  f->params->type = mte->u.arrow.param;
  f->param_count = 1;
  f->result = mte->u.arrow.result;
  f->env = env_freeze(tc);
  f->loc = mte->loc;
  struct tc_sig *sig = new_sig(tc);
  sig->functor = f;
  return sig;
}

static struct tc_sig *elab_sig(struct tc *tc, struct mod_type_exp *mte) {
  switch (mte->kind) {
  case MTE_VAR: {
    struct tc_binding *b = lookup_qualified(tc, &mte->u.var, BIND_MODULE_TYPE, mte->loc);
    if (b == NULL || b->kind != BIND_MODULE_TYPE) {
      error_unknown(tc, "module type", &mte->u.var, mte->loc);
    }
    struct saved_env saved;
    env_thaw_enter(tc, b->mod_type->env, &saved);
    struct tc_sig *sig = elab_sig(tc, b->mod_type->exp);
    env_thaw_leave(tc, &saved);
    return sig;
  }
  case MTE_SPECS: {
    struct tc_sig *sig = new_sig(tc);
    int mark = scope_enter(tc);
    for (int i = 0; i < mte->u.specs.count; i++) {
      elab_spec(tc, sig, mte->u.specs.specs[i]);
    }
    scope_leave(tc, mark);
    return sig;
  }
  case MTE_WITH:
    return elab_with(tc, mte);
  case MTE_ARROW:
    return elab_functor_sig(tc, mte);
  }
  return new_sig(tc);
}

void check_mod_type_dec(struct tc *tc, struct dec *d) {
  /* Elaborated once now, to report errors where the module type is declared. */
  elab_sig(tc, d->u.mod_type.type);
  struct tc_binding *b = binding_new(tc, BIND_MODULE_TYPE, d->u.mod_type.name, d->loc);
  b->mod_type = ARENA_NEW(tc->arena, struct tc_mod_type);
  b->mod_type->exp = d->u.mod_type.type;
  b->mod_type->env = env_freeze(tc);
  define_member(tc, b);
}

/* --------------------------------------------------------------- Matching */

static _Noreturn void missing_member(struct tc *tc, const char *what, struct sig_item *it,
                                     struct loc use) {
  diag_error(use, "the module does not define %s '%s', which its module type requires", what,
             it->name);
  diag_note(it->loc, "'%s' is required here", it->name);
  diag_abort();
}

static struct type *member_type(struct tc *tc, struct tc_binding *mb, struct loc use) {
  if (mb->kind == BIND_TYPE_PARAM) {
    return type_param(tc->arena, mb);
  }
  if (mb->scheme.param_count > 0) {
    diag_fatal(use, "type '%s' of the module takes parameters, which module types do not "
                    "support", mb->name);
  }
  if (mb->abbrev_ext_count == 0) {
    return mb->type;
  }
  /* type~ t = []i32: its hidden sizes are unknowns wherever it is matched. */
  struct tc_subst s = {0};
  s.size_names = mb->abbrev_ext;
  s.size_count = mb->abbrev_ext_count;
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, mb->abbrev_ext_count);
  for (int i = 0; i < mb->abbrev_ext_count; i++) {
    s.sizes[i] = fresh_size(tc, use);
  }
  return type_subst(tc->arena, mb->type, &s);
}

static void match_sig(struct tc *tc, struct tc_module *m, struct tc_sig *sig,
                      struct subst_builder *sb, struct loc use);

static const char *liftedness_keyword(enum type_param_kind l) {
  return l == TPARAM_LIFTED ? "type^" : l == TPARAM_SIZE_LIFTED ? "type~" : "type";
}

/* Note [Liftedness in signatures]
 * A module type's `type t` promises a type that can be an array element and hides no
 * size; `type~ t` may hide sizes, `type^ t` may also be a function. A module may
 * implement a spec only with a type declared at most as lifted as the spec allows, else
 * a user of the signature could put a size-lifted type in an array, or a function in
 * one (Futhark compares the declared liftedness the same way). */
static void check_liftedness(struct sig_item *it, struct tc_binding *mb, struct loc use) {
  if (mb->liftedness <= it->binding->liftedness || mb->liftedness == TPARAM_SIZE) {
    return;
  }
  diag_error(use, "type '%s' is declared %s in the module, but its module type declares it "
                  "%s, which does not allow %s", it->name, liftedness_keyword(mb->liftedness),
             liftedness_keyword(it->binding->liftedness),
             mb->liftedness == TPARAM_LIFTED ? "functions" : "hidden sizes");
  diag_note(it->loc, "the module type's '%s' is here", it->name);
  diag_abort();
}

static _Noreturn void type_item_error(struct sig_item *it, struct loc use, const char *fmt,
                                      ...) {
  va_list ap;
  va_start(ap, fmt);
  char text[512];
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  diag_error(use, "%s", text);
  diag_note(it->loc, "the module type's '%s' is here", it->name);
  diag_abort();
}

struct spec_args {
  struct type **types;
  struct size **sizes;
  int type_count, size_count;
};

/* The spec's parameters as arguments: 'a as the type a, [n] as the size n. */
static struct spec_args spec_params_as_args(struct tc *tc, struct tc_binding *spec) {
  int n = spec->scheme.param_count;
  struct spec_args r = {ARENA_ARRAY(tc->arena, struct type *, n + 1),
                        ARENA_ARRAY(tc->arena, struct size *, n + 1), 0, 0};
  for (int i = 0; i < n; i++) {
    struct tc_binding *p = spec->scheme.params[i].binding;
    if (spec->scheme.params[i].kind == TPARAM_SIZE) {
      r.sizes[r.size_count++] = size_name(tc->arena, p);
    } else {
      r.types[r.type_count++] = type_param(tc->arena, p);
    }
  }
  return r;
}

/* ctor applied to the spec's own parameters: the form in which a definition of the
 * spec's type is kept (Note [Abstract types with parameters]). */
static struct type *applied_to_params(struct tc *tc, struct tc_binding *ctor,
                                      struct tc_binding *spec) {
  struct spec_args r = spec_params_as_args(tc, spec);
  return type_apply(tc->arena, ctor, r.types, r.type_count, r.sizes, r.size_count);
}

/* The module's definition of the spec's type with parameters, written with the spec's
 * parameters: its abbreviation's body, or the application of its own abstract type. */
static struct type *constructor_def(struct tc *tc, struct tc_binding *spec,
                                    struct tc_binding *mb, struct loc use) {
  if (mb->kind == BIND_TYPE_PARAM) {
    return applied_to_params(tc, mb, spec);
  }
  struct spec_args r = spec_params_as_args(tc, spec);
  struct type *def = type_apply_def(tc->arena, mb, mb->type, r.types, r.sizes);
  if (mb->abbrev_ext_count == 0) {
    return def;
  }
  struct tc_subst s = {0}; /* type~ t 'a = [](a, a): its hidden sizes are unknowns */
  s.size_names = mb->abbrev_ext;
  s.size_count = mb->abbrev_ext_count;
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, mb->abbrev_ext_count);
  for (int i = 0; i < mb->abbrev_ext_count; i++) {
    s.sizes[i] = fresh_size(tc, use);
  }
  return type_subst(tc->arena, def, &s);
}

static const char *param_kind_text(enum type_param_kind k) {
  return k == TPARAM_SIZE ? "a size parameter [n]" : k == TPARAM_LIFTED ? "'^"
       : k == TPARAM_SIZE_LIFTED ? "'~" : "'";
}

/* The module's parameters must be as many as the spec's, and each at least as lifted:
 * the module type's users may pass anything its parameter allows. */
static void match_constructor_params(struct sig_item *it, struct tc_binding *mb,
                                     struct loc use) {
  struct tc_binding *spec = it->binding;
  if (spec->scheme.param_count != mb->scheme.param_count) {
    type_item_error(it, use, "type '%s' takes %d parameter%s in the module, but %d in its "
                    "module type", it->name, mb->scheme.param_count,
                    mb->scheme.param_count == 1 ? "" : "s", spec->scheme.param_count);
  }
  for (int i = 0; i < spec->scheme.param_count; i++) {
    enum type_param_kind want = spec->scheme.params[i].kind, have = mb->scheme.params[i].kind;
    if ((want == TPARAM_SIZE) != (have == TPARAM_SIZE) || have < want) {
      const char *have_name = have == TPARAM_SIZE ? "" : mb->scheme.params[i].name;
      const char *want_name = want == TPARAM_SIZE ? "" : spec->scheme.params[i].name;
      type_item_error(it, use, "parameter %d of type '%s' is %s%s in the module, but its "
                      "module type declares %s%s", i + 1, it->name, param_kind_text(have),
                      have_name, param_kind_text(want), want_name);
    }
  }
}

/* A type with parameters: the module's definition replaces the spec's applications in
 * the specs that follow (Note [Abstract types with parameters]). */
static void match_constructor_item(struct tc *tc, struct sig_item *it, struct tc_binding *mb,
                                   struct subst_builder *sb, struct loc use) {
  struct tc_binding *spec = it->binding;
  match_constructor_params(it, mb, use);
  check_liftedness(it, mb, use);
  struct type *def = constructor_def(tc, spec, mb, use);
  if (spec->kind == BIND_TYPE) {
    struct type *want = apply_subst(tc, sb, spec->type);
    if (!type_equal(want, def)) {
      type_item_error(it, use, "type '%s' is %s in the module, but its module type says %s",
                      it->name, show_type(tc, def), show_type(tc, want));
    }
    return;
  }
  if (spec->liftedness == TPARAM_TYPE && mb->abbrev_ext_count > 0) {
    type_item_error(it, use, "type '%s' hides a size (it is declared type~), but its module "
                    "type requires a type without hidden sizes (type, not type~)", it->name);
  }
  if (spec->liftedness != TPARAM_LIFTED && type_contains_arrow(def)) {
    type_item_error(it, use, "type '%s' is the function type %s, but its module type does not "
                    "allow functions (declare it type^)", it->name, show_type(tc, def));
  }
  subst_type(tc, sb, spec, def);
}

static void match_type_item(struct tc *tc, struct tc_module *m, struct sig_item *it,
                            struct subst_builder *sb, struct loc use) {
  struct tc_binding *mb = ptrmap_get(&m->types, it->name);
  if (mb == NULL) {
    missing_member(tc, "type", it, use);
  }
  if (it->binding->scheme.param_count > 0 || mb->scheme.param_count > 0) {
    match_constructor_item(tc, it, mb, sb, use);
    return;
  }
  struct type *actual = member_type(tc, mb, use);
  if (it->binding->manifest != NULL) {
    struct type *want = apply_subst(tc, sb, it->binding->manifest);
    if (!type_equal(want, actual)) {
      diag_error(use, "type '%s' is %s in the module, but its module type says %s", it->name,
                 show_type(tc, actual), show_type(tc, want));
      diag_note(it->loc, "the module type's '%s' is here", it->name);
      diag_abort();
    }
  } else if (it->binding->liftedness == TPARAM_TYPE && mb->abbrev_ext_count > 0) {
    diag_error(use, "type '%s' hides a size (it is declared type~), but its module type "
                    "requires a type without hidden sizes (type, not type~)", it->name);
    diag_note(it->loc, "the module type's '%s' is here", it->name);
    diag_abort();
  } else if (it->binding->liftedness != TPARAM_LIFTED && type_may_be_function(actual)) {
    diag_error(use, "type '%s' is the function type %s, but its module type does not allow "
                    "functions (declare it type^)", it->name, show_type(tc, actual));
    diag_note(it->loc, "the module type's '%s' is here", it->name);
    diag_abort();
  }
  check_liftedness(it, mb, use);
  subst_type(tc, sb, it->binding, actual);
}

/* A spec's existential result sizes (val f: []i32 -> []i32) as unknowns: the module's
 * function may return any size there. */
static struct type *open_result_sizes(struct tc *tc, struct type *t, struct loc use) {
  struct type *last = last_arrow(t);
  if (last == NULL || last->u.arrow.ext_count == 0) {
    return t;
  }
  struct tc_subst s = {0};
  s.size_names = last->u.arrow.ext;
  s.size_count = last->u.arrow.ext_count;
  s.sizes = ARENA_ARRAY(tc->arena, struct size *, s.size_count);
  for (int i = 0; i < s.size_count; i++) {
    s.sizes[i] = fresh_size(tc, use);
  }
  return type_subst(tc->arena, t, &s);
}

static void match_val_item(struct tc *tc, struct tc_module *m, struct sig_item *it,
                           struct subst_builder *sb, struct loc use) {
  struct tc_binding *mb = ptrmap_get(&m->values, it->name);
  if (mb == NULL) {
    missing_member(tc, "value", it, use);
  }
  struct type *want = open_result_sizes(tc, apply_subst(tc, sb, it->binding->type), use);
  struct type *actual = instantiate(tc, mb, NULL, use);
  tc->mismatch[0] = '\0';
  if (!unify(tc, want, actual)) {
    diag_error(use, "'%s' has type %s in the module, but its module type requires %s (%s)",
               it->name, show_type(tc, actual), show_type(tc, want), tc->mismatch);
    diag_note(it->loc, "the module type's '%s' is here", it->name);
    if (mb->loc.file != 0) {
      diag_note(mb->loc, "the module's '%s' is here", it->name);
    }
    diag_abort();
  }
  if (type_is_prim(it->binding->type, PRIM_I64)) {
    subst_size(tc, sb, it->binding, size_name(tc->arena, mb));
  }
}

static void match_value(struct tc *tc, struct mod_value v, struct tc_sig *sig,
                        struct subst_builder *sb, struct loc use);

static void match_sig(struct tc *tc, struct tc_module *m, struct tc_sig *sig,
                      struct subst_builder *sb, struct loc use) {
  for (int i = 0; i < sig->items.len; i++) {
    struct sig_item *it = &sig->items.items[i];
    switch (it->kind) {
    case SIG_TYPE:
      match_type_item(tc, m, it, sb, use);
      break;
    case SIG_VAL:
      match_val_item(tc, m, it, sb, use);
      break;
    case SIG_MODULE: {
      struct tc_binding *mb = ptrmap_get(&m->modules, it->name);
      if (mb == NULL) {
        missing_member(tc, "module", it, use);
      }
      struct mod_value v = {mb->module, mb->functor};
      match_value(tc, v, it->sig, sb, use);
      break;
    }
    }
  }
}

/* An abstract type with parameters seen through an ascription: a type of its own, with
 * the spec's parameters, whose definition only internalise looks at. */
static struct tc_binding *view_constructor(struct tc *tc, struct sig_item *it,
                                           struct subst_builder *sb,
                                           struct subst_builder *view) {
  struct tc_binding *spec = it->binding;
  struct tc_binding *t = binding_new(tc, BIND_TYPE_PARAM, it->name, it->loc);
  t->liftedness = spec->liftedness;
  t->scheme.params = spec->scheme.params;
  t->scheme.param_count = spec->scheme.param_count;
  t->abstract_def = apply_subst(tc, sb, applied_to_params(tc, spec, spec));
  subst_type(tc, view, spec, applied_to_params(tc, t, spec));
  return t;
}

static struct tc_functor *view_functor(struct tc *tc, struct tc_functor *inner,
                                       struct tc_functor *spec, struct subst_builder *view);

/* The view of m through sig (opaque ascription): see the file's comment. `sb` maps
 * sig's items to m's members (from match_sig); `view` maps them to the view's. */
static struct tc_module *make_view(struct tc *tc, struct tc_module *m, struct tc_sig *sig,
                                   struct subst_builder *sb, struct subst_builder *view) {
  struct tc_module *v = module_new(tc, m->name);
  for (int i = 0; i < sig->items.len; i++) {
    struct sig_item *it = &sig->items.items[i];
    switch (it->kind) {
    case SIG_TYPE: {
      struct tc_binding *t;
      if (it->binding->kind == BIND_TYPE) {
        t = ptrmap_get(&m->types, it->name); /* a known abbreviation stays as it is */
      } else if (it->binding->scheme.param_count > 0) {
        t = view_constructor(tc, it, sb, view);
      } else if (it->binding->manifest != NULL) {
        t = binding_new(tc, BIND_TYPE, it->name, it->loc);
        t->type = apply_subst(tc, view, it->binding->manifest);
        t->scheme.type = t->type;
        subst_type(tc, view, it->binding, t->type);
      } else {
        t = binding_new(tc, BIND_TYPE_PARAM, it->name, it->loc);
        t->liftedness = it->binding->liftedness;
        t->abstract_def = apply_subst(tc, sb, type_param(tc->arena, it->binding));
        subst_type(tc, view, it->binding, type_param(tc->arena, t));
      }
      add_member(tc, v, t);
      break;
    }
    case SIG_VAL: {
      struct tc_binding *target = ptrmap_get(&m->values, it->name);
      struct tc_binding *a = binding_new(tc, BIND_DEF, it->name, it->loc);
      a->alias_of = target->alias_of != NULL ? target->alias_of : target;
      a->scheme.params = it->binding->scheme.params;
      a->scheme.param_count = it->binding->scheme.param_count;
      a->scheme.type = apply_subst(tc, view, it->binding->type);
      a->type = a->scheme.type;
      if (type_is_prim(it->binding->type, PRIM_I64)) {
        subst_size(tc, view, it->binding, size_name(tc->arena, a));
      }
      add_member(tc, v, a);
      break;
    }
    case SIG_MODULE: {
      struct tc_binding *mb = ptrmap_get(&m->modules, it->name);
      struct tc_binding *b = binding_new(tc, BIND_MODULE, it->name, it->loc);
      if (it->sig->functor != NULL) {
        b->functor = view_functor(tc, mb->functor, it->sig->functor, view);
      } else {
        b->module = make_view(tc, mb->module, it->sig, sb, view);
      }
      add_member(tc, v, b);
      break;
    }
    }
  }
  return v;
}

/* ------------------------------------------------------------ Functors */

/* Note [Functors as values]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~
 * Higher-order modules, as in Futhark: a functor may be passed to a functor, returned
 * by one (\(F: S) -> \(G: T) -> ...), bound by a module declaration, ascribed a functor
 * type (P: S) -> R, and specified in a module type (module F: (P: S) -> R). Modules
 * are elaborated at compile time, so a functor is only ever applied, and each
 * application checks a body anew (the file's comment). A struct tc_functor is one of:
 *
 * - a functor written as such (body): an application checks a copy of the body with
 *   the parameters bound to the arguments;
 * - a functor known by its type only (no body, no inner): a parameter of functor type,
 *   or a functor spec of a module type seen from inside a functor. Its application is
 *   R elaborated afresh, with P bound to the argument: new abstract types each time
 *   (application is generative);
 * - a view (inner): F ascribed (P: S) -> R. Its application applies F and ascribes R,
 *   opaquely.
 *
 * A functor matches (P: S) -> R when it can be applied to S's abstract module (or
 * functor) and its result matches R, with P bound to that argument.
 *
 * (P: S) -> R is elaborated where it is written, into a functor known by its type, with
 * the environment of that place; a spec's R may use the module type's earlier specs,
 * so what matching or a view maps those specs to is kept with the functor (substs) and
 * applied to what S and R elaborate to. A view's argument is checked against S as the
 * view's users see it, with the view's abstract types; the functor inside was matched
 * against the types they hide (a module type's `type t` and `module F: (X: {val x: t})
 * -> {val y: t}`, implemented with t = i32, has an F that takes and gives i32), so it
 * is applied, and its result ascribed R, with type_head seeing through the hidden
 * definitions (type_see_through_views). Its body was checked when it was written, and
 * its match against the view's type when the view was made: seeing through only lets
 * the application connect the two. */

static void *dup_items(struct tc *tc, void *items, int count, size_t size) {
  return items == NULL ? NULL : arena_dup(tc->arena, items, size * (size_t)count);
}

/* b as it is now: the builder's arrays grow (and move) as matching goes on. */
static struct tc_subst subst_snapshot(struct tc *tc, struct subst_builder *b) {
  struct tc_subst s = subst_of(b);
  s.type_params = dup_items(tc, s.type_params, s.type_count, sizeof *s.type_params);
  s.types = dup_items(tc, s.types, s.type_count, sizeof *s.types);
  s.size_names = dup_items(tc, s.size_names, s.size_count, sizeof *s.size_names);
  s.sizes = dup_items(tc, s.sizes, s.size_count, sizeof *s.sizes);
  return s;
}

static void functor_add_subst(struct tc *tc, struct tc_functor *f, const struct tc_subst *s) {
  struct tc_subst *all = ARENA_ARRAY(tc->arena, struct tc_subst, f->subst_count + 1);
  if (f->subst_count > 0) {
    memcpy(all, f->substs, sizeof *all * (size_t)f->subst_count);
  }
  all[f->subst_count] = *s;
  f->substs = all;
  f->subst_count++;
}

/* f, with what b maps the module type's specs to applied to its module types. */
static struct tc_functor *functor_through(struct tc *tc, struct tc_functor *f,
                                          struct subst_builder *b) {
  struct tc_functor *g = arena_dup(tc->arena, f, sizeof *f);
  if (b != NULL && (b->type_params.len > 0 || b->size_names.len > 0)) {
    struct tc_subst s = subst_snapshot(tc, b);
    functor_add_subst(tc, g, &s);
  }
  return g;
}

/* A module type of f (a parameter's, or the result's), elaborated in f's environment. */
static struct tc_sig *functor_sig(struct tc *tc, struct tc_functor *f,
                                  struct mod_type_exp *mte) {
  struct tc_sig *sig = elab_sig(tc, ast_copy_mod_type_exp(tc->arena, mte));
  for (int i = 0; i < f->subst_count; i++) {
    rewrite_items(tc, sig, &f->substs[i]);
  }
  return sig;
}

/* inner ascribed the functor type spec (a view). */
static struct tc_functor *view_functor(struct tc *tc, struct tc_functor *inner,
                                       struct tc_functor *spec, struct subst_builder *view) {
  struct tc_functor *g = functor_through(tc, spec, view);
  g->inner = inner;
  g->args = NULL;
  g->arg_locs = NULL;
  g->arg_count = 0;
  return g;
}

static struct mod_value apply_functor(struct tc *tc, struct tc_functor *f, struct mod_value arg,
                                      struct loc use);

static void name_abstract_types(struct tc *tc, struct tc_module *m, name_t prefix);

/* Whether have matches the functor type want (Note [Functors as values]). */
static void match_functor(struct tc *tc, struct tc_functor *have, struct tc_functor *want,
                          struct loc use) {
  struct saved_env saved;
  env_thaw_enter(tc, want->env, &saved);
  struct mod_param *p = &want->params[0];
  struct mod_value arg = sig_value(functor_sig(tc, want, p->type));
  name_abstract_types(tc, arg.module, p->name != NULL ? p->name : intern("_"));
  bind_module(tc, p->name, p->loc, arg);
  struct mod_value result = apply_functor(tc, have, arg, use);
  struct subst_builder sb = {0};
  match_value(tc, result, functor_sig(tc, want, want->result), &sb, use);
  env_thaw_leave(tc, &saved);
}

static void match_value(struct tc *tc, struct mod_value v, struct tc_sig *sig,
                        struct subst_builder *sb, struct loc use) {
  if (sig->functor != NULL && v.functor == NULL) {
    diag_error(use, "a module is given where the module type describes a functor");
    diag_note(sig->functor->loc, "the functor's module type is here");
    diag_abort();
  }
  if (sig->functor == NULL && v.module == NULL) {
    diag_fatal(use, "a functor is used where a module is expected: apply it to arguments "
                    "first");
  }
  if (sig->functor != NULL) {
    match_functor(tc, v.functor, functor_through(tc, sig->functor, sb), use);
  } else {
    match_sig(tc, v.module, sig, sb, use);
  }
}

/* v seen through sig, which it matched with sb. */
static struct mod_value view_of(struct tc *tc, struct mod_value v, struct tc_sig *sig,
                                struct subst_builder *sb) {
  struct subst_builder view = {0};
  struct mod_value r = {0};
  if (sig->functor != NULL) {
    r.functor = view_functor(tc, v.functor, sig->functor, NULL);
  } else {
    r.module = make_view(tc, v.module, sig, sb, &view);
  }
  return r;
}

static struct mod_value ascribe(struct tc *tc, struct mod_value v, struct tc_sig *sig,
                                struct loc use) {
  struct subst_builder sb = {0};
  match_value(tc, v, sig, &sb, use);
  return view_of(tc, v, sig, &sb);
}

/* ------------------------------------------------------- Module expressions */

static struct mod_value check_mod_exp(struct tc *tc, struct mod_exp *m);

static struct tc_module *expect_module(struct mod_value v, struct loc loc) {
  if (v.module == NULL) {
    diag_fatal(loc, "a functor is used where a module is expected: apply it to arguments "
                    "first");
  }
  return v.module;
}

static struct tc_module *check_decs_as_module(struct tc *tc, struct dec **decs, int count,
                                              name_t name) {
  struct tc_module *m = module_new(tc, name);
  struct tc_module *saved = tc->current_module;
  bool saved_local = tc->in_local;
  tc->current_module = m;
  tc->in_local = false;
  int mark = scope_enter(tc);
  check_decs(tc, decs, count);
  scope_leave(tc, mark);
  tc->current_module = saved;
  tc->in_local = saved_local;
  return m;
}

/* Abstract types of a module are shown qualified in messages: M.t, M.N.t. */
static void name_abstract_types(struct tc *tc, struct tc_module *m, name_t prefix) {
  if (m == NULL) {
    return;
  }
  for (int i = 0; i < m->order.len; i++) {
    struct tc_binding *b = m->order.items[i];
    if (b->kind == BIND_TYPE_PARAM && b->display == NULL) {
      b->display = arena_printf(tc->arena, "%s.%s", prefix, b->name);
    } else if (b->kind == BIND_MODULE && b->module != NULL) {
      name_abstract_types(tc, b->module, intern_printf("%s.%s", prefix, b->name));
    }
  }
}

/* Checks a functor's body once, with its parameters bound to abstract modules (or
 * functors) of their module types, so errors in the body are reported where it is
 * written. */
static void check_functor_abstractly(struct tc *tc, struct tc_functor *f) {
  struct saved_env saved;
  env_thaw_enter(tc, f->env, &saved);
  for (int i = 0; i < f->param_count; i++) {
    struct mod_param *p = &f->params[i];
    struct mod_value v = sig_value(functor_sig(tc, f, p->type));
    name_abstract_types(tc, v.module, p->name);
    bind_module(tc, p->name, p->loc, v);
  }
  struct mod_value body = check_mod_exp(tc, f->body);
  if (f->result != NULL) {
    ascribe(tc, body, functor_sig(tc, f, f->result), f->body->loc);
  }
  env_thaw_leave(tc, &saved);
}

static struct tc_functor *new_functor(struct tc *tc, struct mod_param *params, int count,
                                      struct mod_type_exp *result, struct mod_exp *body,
                                      struct loc loc) {
  struct tc_functor *f = ARENA_NEW(tc->arena, struct tc_functor);
  f->params = params;
  f->param_count = count;
  f->result = result;
  f->body = body;
  f->env = env_freeze(tc);
  f->loc = loc;
  check_functor_abstractly(tc, f);
  return f;
}

/* F(A): see Note [Functors as values] for the three kinds of functor. */
static struct mod_value instantiate_functor(struct tc *tc, struct tc_functor *f,
                                            struct loc use) {
  struct saved_env saved;
  env_thaw_enter(tc, f->env, &saved);
  for (int i = 0; i < f->param_count; i++) {
    struct subst_builder sb = {0};
    match_value(tc, f->args[i], functor_sig(tc, f, f->params[i].type), &sb, f->arg_locs[i]);
    bind_module(tc, f->params[i].name, f->params[i].loc, f->args[i]);
  }
  struct mod_value v;
  struct loc at = use;
  if (f->inner != NULL) {
    /* The functor inside works on the definitions its view hides: it was matched
     * against the view's type with them, and its results are seen through R again. */
    struct tc_sig *result = functor_sig(tc, f, f->result);
    struct subst_builder sb = {0};
    bool saved_views = type_see_through_views(tc->arena, true);
    v = apply_functor(tc, f->inner, f->args[0], use);
    match_value(tc, v, result, &sb, use);
    type_see_through_views(tc->arena, saved_views);
    env_thaw_leave(tc, &saved);
    return view_of(tc, v, result, &sb); /* the view's types, not the hidden ones */
  } else if (f->body != NULL) {
    v = check_mod_exp(tc, ast_copy_mod_exp(tc->arena, f->body));
    at = f->body->loc;
  } else {
    v = sig_value(functor_sig(tc, f, f->result)); /* known by its type: R itself */
    env_thaw_leave(tc, &saved);
    return v;
  }
  if (f->result != NULL) {
    v = ascribe(tc, v, functor_sig(tc, f, f->result), at);
  }
  env_thaw_leave(tc, &saved);
  return v;
}

static struct mod_value apply_functor(struct tc *tc, struct tc_functor *f, struct mod_value arg,
                                      struct loc use) {
  struct tc_functor *g = arena_dup(tc->arena, f, sizeof *f);
  g->args = ARENA_ARRAY(tc->arena, struct mod_value, f->arg_count + 1);
  g->arg_locs = ARENA_ARRAY(tc->arena, struct loc, f->arg_count + 1);
  if (f->arg_count > 0) {
    memcpy(g->args, f->args, sizeof *g->args * (size_t)f->arg_count);
    memcpy(g->arg_locs, f->arg_locs, sizeof *g->arg_locs * (size_t)f->arg_count);
  }
  g->arg_locs[g->arg_count] = use;
  g->args[g->arg_count++] = arg;
  struct mod_value v = {0};
  if (g->arg_count < g->param_count) {
    v.functor = g; /* partial application */
  } else {
    v = instantiate_functor(tc, g, use);
  }
  return v;
}

static struct mod_value check_mod_exp(struct tc *tc, struct mod_exp *m) {
  struct mod_value v = {0};
  switch (m->kind) {
  case MOD_VAR: {
    struct tc_binding *b = lookup_qualified(tc, &m->u.var, BIND_MODULE, m->loc);
    if (b == NULL || b->kind != BIND_MODULE) {
      error_unknown(tc, "module", &m->u.var, m->loc);
    }
    v.module = b->module;
    v.functor = b->functor;
    return v;
  }
  case MOD_DECS:
    v.module = check_decs_as_module(tc, m->u.decs.decs, m->u.decs.count, NULL);
    return v;
  case MOD_APPLY: {
    struct mod_value fn = check_mod_exp(tc, m->u.apply.fn);
    if (fn.functor == NULL) {
      diag_fatal(m->u.apply.fn->loc, "this module is not a functor, so it cannot be applied");
    }
    struct mod_value arg = check_mod_exp(tc, m->u.apply.arg);
    return apply_functor(tc, fn.functor, arg, m->u.apply.arg->loc);
  }
  case MOD_ASCRIPT:
    return ascribe(tc, check_mod_exp(tc, m->u.ascript.mod), elab_sig(tc, m->u.ascript.type),
                   m->loc);
  case MOD_LAMBDA:
    v.functor = new_functor(tc, &m->u.lambda.param, 1, m->u.lambda.result, m->u.lambda.body,
                            m->loc);
    return v;
  case MOD_IMPORT:
    v.module = load_file_module(tc, m->u.import.path, m->loc);
    return v;
  }
  return v;
}

void check_mod_dec(struct tc *tc, struct dec *d) {
  struct tc_binding *b = binding_new(tc, BIND_MODULE, d->u.mod.name, d->loc);
  if (d->u.mod.param_count > 0) {
    b->functor = new_functor(tc, d->u.mod.params, d->u.mod.param_count, d->u.mod.type,
                             d->u.mod.body, d->loc);
  } else {
    struct mod_value v = check_mod_exp(tc, d->u.mod.body);
    if (d->u.mod.type != NULL) {
      v = ascribe(tc, v, elab_sig(tc, d->u.mod.type), d->u.mod.body->loc);
    }
    b->module = v.module;
    b->functor = v.functor;
  }
  if (b->module != NULL && b->module->name == NULL) {
    b->module->name = d->u.mod.name;
  }
  name_abstract_types(tc, b->module, d->u.mod.name);
  define_member(tc, b);
}

void check_open(struct tc *tc, struct dec *d) {
  struct mod_value v = check_mod_exp(tc, d->u.open);
  open_module(tc, expect_module(v, d->loc));
}

/* -------------------------------------------------------------------- Files */

struct tc_module *check_file_decs(struct tc *tc, struct program *p) {
  struct tc_module *m = module_new(tc, NULL);
  if (tc->program_module == NULL) {
    tc->program_module = m; /* the first file checked is the program itself */
  }
  struct tc_module *saved = tc->current_module, *saved_file_module = tc->file_module;
  bool saved_local = tc->in_local;
  uint32_t saved_file = tc->current_file;
  tc->current_module = m;
  tc->file_module = m;
  tc->in_local = false;
  tc->current_file = p->file;
  check_decs(tc, p->decs, p->count);
  tc->current_module = saved;
  tc->file_module = saved_file_module;
  tc->in_local = saved_local;
  tc->current_file = saved_file;
  return m;
}

/* Whether path names something readable. access(2), not fopen: opening a FIFO would
 * block (file_read then refuses it: Note [Regular files only] in support/file.c). */
static bool is_file(const char *path) {
  return access(path, R_OK) == 0;
}

/* Candidate paths for `import "p"`: next to the importing file, then -I directories,
 * then PRISM_PATH, then the standard library. */
static char *resolve_import(struct tc *tc, const char *path) {
  char candidate[PATH_MAX];
  const char *importer = diag_file_path(tc->current_file);
  const char *slash = strrchr(importer, '/');
  int dir_len = slash != NULL ? (int)(slash - importer) : 0;
  if (path[0] == '/') {
    snprintf(candidate, sizeof candidate, "%s.dsl", path);
  } else if (dir_len > 0) {
    snprintf(candidate, sizeof candidate, "%.*s/%s.dsl", dir_len, importer, path);
  } else {
    snprintf(candidate, sizeof candidate, "%s.dsl", path);
  }
  if (is_file(candidate)) {
    return arena_strndup(tc->arena, candidate, strlen(candidate));
  }
  if (path[0] == '/') {
    return NULL;
  }
  VEC(const char *) dirs = {0};
  for (int i = 0; tc->options != NULL && i < tc->options->include_dir_count; i++) {
    VEC_PUSH(tc->arena, &dirs, tc->options->include_dirs[i]);
  }
  const char *env = getenv("PRISM_PATH");
  while (env != NULL && *env != '\0') {
    const char *colon = strchr(env, ':');
    size_t n = colon != NULL ? (size_t)(colon - env) : strlen(env);
    if (n > 0) {
      VEC_PUSH(tc->arena, &dirs, arena_strndup(tc->arena, env, n));
    }
    env = colon != NULL ? colon + 1 : NULL;
  }
  if (tc->options != NULL && tc->options->stdlib_dir != NULL) {
    VEC_PUSH(tc->arena, &dirs, tc->options->stdlib_dir);
  }
  for (int i = 0; i < dirs.len; i++) {
    snprintf(candidate, sizeof candidate, "%s/%s.dsl", dirs.items[i], path);
    if (is_file(candidate)) {
      return arena_strndup(tc->arena, candidate, strlen(candidate));
    }
  }
  return NULL;
}

static _Noreturn void import_cycle(struct tc *tc, const char *canonical, struct loc use) {
  struct strbuf cycle;
  strbuf_init(&cycle);
  bool in_cycle = false;
  for (int i = 0; i < tc->file_stack.len; i++) {
    in_cycle = in_cycle || strcmp(tc->file_stack.items[i], canonical) == 0;
    if (in_cycle) {
      strbuf_printf(&cycle, "%s -> ", tc->file_stack.items[i]);
    }
  }
  strbuf_puts(&cycle, canonical);
  char *text = arena_strndup(tc->arena, cycle.data, cycle.len);
  strbuf_free(&cycle);
  diag_fatal(use, "imports form a cycle: %s", text);
}

struct tc_module *load_file_module(struct tc *tc, const char *path, struct loc use) {
  char *found = resolve_import(tc, path);
  if (found == NULL) {
    diag_fatal(use, "cannot find the file imported as \"%s\" (looked for %s.dsl next to this "
                    "file, in the -I directories, PRISM_PATH and the standard library)",
               path, path);
  }
  char canonical[PATH_MAX];
  if (realpath(found, canonical) == NULL) {
    diag_fatal(use, "cannot open '%s': %s", found, strerror(errno));
  }
  name_t key = intern(canonical);
  for (int i = 0; i < tc->file_stack.len; i++) {
    if (tc->file_stack.items[i] == key) {
      import_cycle(tc, key, use);
    }
  }
  struct tc_module *done = ptrmap_get(&tc->files, key);
  if (done != NULL) {
    return done;
  }
  size_t len;
  char *text = file_read(found, &len);
  if (text == NULL && errno == EFBIG) {
    diag_fatal(use, "'%s' is too large: source files may hold at most %zu MiB", found,
               FILE_MAX_SOURCE >> 20);
  }
  if (text == NULL) {
    diag_fatal(use, "cannot read '%s': %s", found, file_strerror(errno));
  }
  uint32_t file = diag_add_file(found, text, len);
  free(text);
  struct program *p = parse_program(tc->arena, file);
  VEC_PUSH(tc->arena, &tc->file_stack, key);
  struct saved_env saved;
  env_thaw_enter(tc, tc->base_env, &saved);
  struct tc_module *m = check_file_decs(tc, p);
  env_thaw_leave(tc, &saved);
  tc->file_stack.len--;
  ptrmap_put(&tc->files, key, m);
  VEC_PUSH(tc->arena, &tc->imported, p);
  return m;
}

void check_import(struct tc *tc, struct dec *d) {
  struct tc_module *m = load_file_module(tc, d->u.import.path, d->u.import.path_loc);
  /* As in Futhark, the imported names are visible here but not exported from here. */
  bool saved = tc->in_local;
  tc->in_local = true;
  open_module(tc, m);
  tc->in_local = saved;
}
