/* The type checker's internal interface, shared by the files of src/typecheck/.
 *
 * One `struct tc` lives for one compilation. Names are resolved through environments
 * with an undo log (a scope is a mark in the log), so lookup is one hash probe
 * whatever the nesting depth. Unification variables carry the let-level at which they
 * were made: a definition generalises the variables made inside it. */
#ifndef PRISM_TC_H
#define PRISM_TC_H

#include "parser/ast.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "typecheck/types.h"

/* A namespace: name -> innermost binding, with shadowed bindings chained. */
struct env_entry {
  struct tc_binding *binding;
  struct env_entry *shadowed;
};

struct env {
  struct ptrmap map; /* name_t -> struct env_entry * */
};

struct undo {
  struct env *env;
  name_t name;
  struct env_entry *previous;
};

/* A module's members (the numeric pseudo-modules now; user modules later). */
struct tc_module {
  name_t name;
  struct ptrmap values;  /* name_t -> struct tc_binding * */
  struct ptrmap types;
  struct ptrmap modules;
};

/* How `[]` in a type expression is read. */
enum size_mode {
  SIZES_PARAM,    /* a parameter: [] is a fresh implicit size parameter */
  SIZES_RETURN,   /* a return type: [] is an existential size of the result */
  SIZES_ASCRIBE,  /* e : t: [] is any size (a fresh unification variable) */
  SIZES_COERCE,   /* e :> t: [] is a fresh existential size */
  SIZES_ABBREV,   /* a type abbreviation: [] only in type~ */
};

struct tc {
  struct arena *arena;
  int level;               /* let-nesting level (for generalisation and escaping sizes) */
  int next_binding_id;
  struct env values, types, modules;
  VEC(struct undo) undo;
  /* The definition being checked: its name (a use of it is recursion) and the size and
   * type parameters it gains from [] and from generalisation. */
  name_t current_def;
  struct loc current_def_loc;
  VEC(struct tc_binding *) implicit_sizes;
  /* Literals whose range is checked once their type is known. */
  VEC(struct exp *) literals;
  /* Existential sizes made by `[]` in the return type being elaborated. */
  VEC(struct tc_binding *) return_ext;
  /* Sizes made by `[]` in the type abbreviation being elaborated. */
  VEC(struct tc_binding *) abbrev_ext;
  /* Why the last unification failed, for the error message. */
  char mismatch[512];
  bool in_prelude;         /* checking stdlib/prelude.dsl */
  /* Attributes in force (#[unsafe] etc.) are the internaliser's business. */
};

/* ------------------------------------------------------------------- env.c */
void env_init(struct tc *tc);
int scope_enter(struct tc *tc);            /* returns a mark */
void scope_leave(struct tc *tc, int mark); /* undoes every binding since the mark */
void env_bind(struct tc *tc, struct env *env, name_t name, struct tc_binding *b);
struct tc_binding *env_find(struct env *env, name_t name);
struct tc_binding *binding_new(struct tc *tc, enum binding_kind kind, name_t name,
                               struct loc loc);
struct tc_module *module_new(struct tc *tc, name_t name);
/* Resolves M.N.x in the value, type or module namespace; NULL when unknown. The
 * error message names the part that failed. */
struct tc_binding *lookup_qualified(struct tc *tc, const struct qual_name *q,
                                    enum binding_kind want, struct loc loc);
_Noreturn void error_unknown(struct tc *tc, const char *what, const struct qual_name *q,
                             struct loc loc);

/* ------------------------------------------------------------------ unify.c */
/* Unifies two types; false with tc->mismatch set when they cannot be made equal. */
bool unify(struct tc *tc, struct type *a, struct type *b);
bool unify_sizes(struct tc *tc, struct size *a, struct size *b);
/* Unifies, or reports "error: <context>: expected A, found B (detail)" at loc. */
void expect_type(struct tc *tc, struct type *expected, struct type *found, struct loc loc,
                 const char *context);
/* The common type of two branches: sizes that differ become fresh existentials. */
struct type *join_types(struct tc *tc, struct type *a, struct type *b, struct loc loc,
                        const char *context);
/* Functions may not be stored in arrays, returned from branches or carried by loops:
 * an error "<what> <type>" if t is or may be a function; its unknown parts may not
 * become one later. */
void forbid_functions(struct tc *tc, struct type *t, struct loc loc, const char *what);
/* Adds a constraint to a type (numeric, integral, ...); false if it cannot hold. */
bool constrain(struct tc *tc, struct type *t, enum type_constraint c);
const char *constraint_name(enum type_constraint c);
/* Turns the unconstrained type variables made since `level` into type parameters of
 * the definition and returns them (count in *count); overloaded (literal, numeric)
 * ones are defaulted at the top level and left open in local functions. */
struct tc_binding **generalise(struct tc *tc, struct type *t, int level, bool top,
                               int *count);
/* Applies defaults to every variable reachable from t (i32 for integers, f64 for floats). */
void default_type(struct tc *tc, struct type *t);
const char *show_type(struct tc *tc, struct type *t);
const char *show_size(struct tc *tc, struct size *s);
struct type *fresh_var(struct tc *tc, enum type_constraint c, struct loc loc);
struct size *fresh_size(struct tc *tc, struct loc loc);
/* A new existential size name (a result size not known statically). */
struct size *fresh_existential(struct tc *tc, name_t hint, struct loc loc);

/* ------------------------------------------------------------- check_type.c */
struct type *elab_type(struct tc *tc, struct type_exp *te, enum size_mode mode);
struct size *elab_size_exp(struct tc *tc, struct exp *e, bool must);
/* Binds the variables of a pattern to the parts of type t (the pattern's ascriptions
 * are unified with t first). Returns the pattern's type. */
struct type *bind_pattern(struct tc *tc, struct pat *p, struct type *t, bool is_param);
/* The type a pattern needs, with fresh variables where it says nothing. */
struct type *pattern_type(struct tc *tc, struct pat *p, enum size_mode mode);
void bind_type_params(struct tc *tc, struct type_param *ps, int count);
/* No name may be bound by two of a function's parameters. */
void check_distinct_params(struct tc *tc, struct pat **ps, int count);
/* The size an expression stands for when used as a size (n, 2*n, 5), or NULL. */
struct size *exp_as_size(struct tc *tc, struct exp *e);

/* -------------------------------------------------------------- check_exp.c */
struct type *check_exp(struct tc *tc, struct exp *e);
/* Checks e knowing the type it should have (lambdas get their parameter types). */
struct type *check_exp_expect(struct tc *tc, struct exp *e, struct type *expected);
struct type *instantiate(struct tc *tc, struct tc_binding *b, struct tc_inst **inst,
                         struct loc loc);
/* Replaces sizes named by bindings made at a level deeper than `level` by fresh
 * existentials (sizes must not escape the scope that binds them). */
struct type *escape_sizes(struct tc *tc, struct type *t, int level);
/* The same, also returning the fresh existentials it made. */
struct type *escape_sizes_ext(struct tc *tc, struct type *t, int level,
                              struct tc_binding ***made, int *made_count);

/* -------------------------------------------------------------- check_dec.c */
struct program;
void check_decs(struct tc *tc, struct dec **decs, int count);
/* let f params = e in ...: checks f like a definition and sets e->u.let_fun.binding. */
struct type *check_local_function(struct tc *tc, struct exp *e);

/* ------------------------------------------------------------- uniqueness.c */
void check_uniqueness(struct tc *tc, struct program *p);

#endif
