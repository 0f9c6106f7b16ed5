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
#include "typecheck/typecheck.h"
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

/* A module's members, by namespace (name_t -> struct tc_binding *), and all of them in
 * the order they were declared. */
struct tc_module {
  name_t name;
  struct ptrmap values;
  struct ptrmap types;
  struct ptrmap modules;
  struct ptrmap mod_types;
  VEC(struct tc_binding *) order;
  struct ptrmap defined[4]; /* what its own declarations define, by namespace (values,
                               types, modules, module types): for duplicates */
};

/* The names visible at some point, kept for later: where a functor or a module type
 * was defined, and the environment every imported file starts from. */
struct frozen_env {
  struct ptrmap values, types, modules, mod_types; /* name_t -> struct tc_binding * */
};

/* What a module expression denotes: a module, or a functor. */
struct mod_value {
  struct tc_module *module;
  struct tc_functor *functor;
};

/* A functor: its parameters, result signature and body, where it was defined, and the
 * arguments it was already given (partial application). Note [Functors as values] in
 * modules.c says which kinds there are. */
struct tc_functor {
  struct mod_param *params; /* all of them; a NULL name binds nothing (S -> R) */
  int param_count;
  struct mod_type_exp *result; /* may be NULL */
  struct mod_exp *body;        /* NULL: known by its module type only, or a view */
  struct tc_functor *inner;    /* a view F : (P: S) -> R: F's applications, seen through R */
  struct frozen_env *env;
  struct tc_subst *substs;     /* applied, in order, to what params and result elaborate to */
  int subst_count;
  struct mod_value *args;      /* the first arg_count parameters' arguments */
  struct loc *arg_locs;        /* where each was given */
  int arg_count;
  struct loc loc;
};

/* A module type: elaborated afresh at every use, so each use has abstract types of its
 * own (a functor's parameter, an include, a with-refinement). */
struct tc_mod_type {
  struct mod_type_exp *exp;
  struct frozen_env *env;
};

/* An elaborated module type. */
enum sig_item_kind { SIG_TYPE, SIG_VAL, SIG_MODULE };

struct sig_item {
  enum sig_item_kind kind;
  name_t name;
  struct loc loc;
  struct tc_binding *binding; /* SIG_TYPE: BIND_TYPE_PARAM (abstract, or manifest);
                                 SIG_VAL: BIND_DEF without definition;
                                 SIG_MODULE: BIND_MODULE of the abstract module, or
                                 of the functor known by its type (sig->functor) */
  struct tc_sig *sig;         /* SIG_MODULE */
  bool included;              /* it came from an `include` (Note [Duplicate specs]) */
};

struct tc_sig {
  VEC(struct sig_item) items;
  struct tc_module *abstract; /* the items as a module, for the specs that follow */
  struct tc_functor *functor; /* the module type of a functor, (P: S) -> R, as a functor
                                 known by its type only; NULL for a module's */
};



/* How `[]` in a type expression is read. */
enum size_mode {
  SIZES_PARAM,    /* a val spec's parameter: [] is a fresh implicit size parameter */
  SIZES_SPEC,     /* a val spec's type: SIZES_PARAM in its parameters, SIZES_RETURN in
                     its result (a value that is no function: SIZES_PARAM) */
  SIZES_INFER,    /* a parameter of a definition or local function: [] is a fresh size
                     variable, which the body may equate with another size, and which
                     the definition generalises into a size parameter (Futhark's rule) */
  SIZES_RETURN,   /* a return type: [] is an existential size of the result */
  SIZES_ASCRIBE,  /* e : t: [] is any size (a fresh unification variable) */
  SIZES_COERCE,   /* e :> t: [] is a fresh existential size */
  SIZES_ABBREV,   /* a type abbreviation: [] only in type~ */
};

/* A growing list of bindings (support/vec.h), a named type so that it can be saved
 * and restored whole. */
struct tc_bindings {
  struct tc_binding **items;
  int len, cap;
};

struct tc {
  struct arena *arena;
  const struct tc_options *options;
  int level;               /* let-nesting level (for generalisation and escaping sizes) */
  int next_binding_id;
  int next_var_id;       /* of type and size variables (t0, t1, ... in messages) */
  int existential_count; /* of unknown sizes made fresh (d1, d2, ...) */
  struct env values, types, modules, mod_types;
  /* The module whose declarations are being checked: top-level bindings not inside
   * `local` become its members. NULL outside modules (the checked file's top level
   * collects into its own module too). */
  struct tc_module *current_module;
  bool in_local;
  struct tc_module *program_module; /* the checked file's top level */
  struct tc_module *file_module;    /* the top level of the file being checked now */
  /* Imports: files checked so far (canonical path -> struct tc_module *), the chain of
   * files being checked (for cycles), and the environment a file starts from. */
  struct ptrmap files;
  VEC(const char *) file_stack;
  struct frozen_env *base_env;
  uint32_t current_file;
  VEC(struct program *) imported; /* the imported files' syntax, for uniqueness */
  VEC(struct undo) undo;
  /* The definition being checked: its name (a use of it is recursion) and the size and
   * type parameters it gains from [] and from generalisation. */
  name_t current_def;
  struct loc current_def_loc;
  struct tc_bindings implicit_sizes;
  int anon_sizes; /* the definition's sizes named n0, n1, ... so far (its [] and the
                     unknowns generalised into size parameters) */
  /* Literals whose range is checked once their type is known; holes, reported then. */
  VEC(struct exp *) literals;
  /* Existential sizes made by `[]` in the return type being elaborated. */
  struct tc_bindings return_ext;
  /* Sizes made by `[]` or `?[n].` in the type abbreviation being elaborated. */
  VEC(struct tc_binding *) abbrev_ext;
  int arrow_results; /* how many function types' results the type being elaborated is in */
  /* Why the last unification failed, for the error message. */
  char mismatch[512];
  bool in_prelude;         /* checking stdlib/prelude.dsl */
  /* uniqueness.c, across files: top-level def -> the top-level arrays its result may
   * alias (Note [Top-level arrays are shared]). */
  struct ptrmap result_globals;
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
/* Gives b the type scheme of t over the declared type parameters, the sizes that []
 * made (tc->implicit_sizes) and the generalised variables gen, in that order. */
void binding_set_scheme(struct tc *tc, struct tc_binding *b, struct type *t,
                        const struct type_param *declared, int declared_count,
                        struct tc_binding **gen, int gen_count);
struct tc_module *module_new(struct tc *tc, name_t name);
/* Resolves M.N.x in the value, type or module namespace; NULL when unknown. The
 * error message names the part that failed. */
struct tc_binding *lookup_qualified(struct tc *tc, const struct qual_name *q,
                                    enum binding_kind want, struct loc loc);
_Noreturn void error_unknown(struct tc *tc, const char *what, const struct qual_name *q,
                             struct loc loc);
/* The module at the path names[0].names[1]..., or NULL (no error). */
struct tc_module *try_module_path(struct tc *tc, const name_t *names, int count);

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
/* The same for size-lifted types, which may not be array elements: an error
 * "<what> <type>, which is size-lifted" if t is one; its unknown parts may not become one. */
void forbid_size_lifted(struct tc *tc, struct type *t, struct loc loc, const char *what);
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
/* No name may be bound by two of a function's parameters, its size parameters included,
 * nor twice by a let pattern and its size binders: Note [Names bound twice]. */
void check_distinct_params(struct tc *tc, struct type_param *tps, int tcount, struct pat **ps,
                           int count);
void check_distinct_let_binders(struct tc *tc, const name_t *sizes, const struct loc *locs,
                                int size_count, struct pat *p);
/* Whether b is the size of an array of t outside function types (a value of type t
 * determines it): Note [Sizes a value determines]. */
bool size_witnessed(struct type *t, struct tc_binding *b);
/* The size an expression stands for when used as a size (n, 2*n, 5, s.0), or NULL. */
struct size *exp_as_size(struct tc *tc, struct exp *e);
/* The i64 binding that stands for the field path `fields` of base as a size (s.0): one
 * per base and path (Note [Projections in sizes]). */
struct tc_binding *projection_binding(struct tc *tc, struct tc_binding *base,
                                      const name_t *fields, int count);
/* f x where f's parameter x is a tuple or record that sizes of the result project
 * (Note [Projections in sizes]): the substitution of those sizes by the projections of
 * arg, or fresh existentials where arg is not a value sizes can project. */
struct tc_subst projection_subst(struct tc *tc, struct tc_binding *param, struct exp *arg);

/* ------------------------------------------------------------ check_range.c */
/* a...b, a..<b, a..>b and a..s...b etc.: an array of the operands' integer type. */
struct type *check_range(struct tc *tc, struct exp *e);
/* ???: a fresh type, reported with the literals at the end of the definition. */
struct type *check_hole(struct tc *tc, struct exp *e);

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

/* ---------------------------------------------------------------- modules.c */
struct frozen_env *env_freeze(struct tc *tc);
/* Runs the checker's next steps in a frozen environment: tc's namespaces are replaced
 * until env_thaw_leave restores them. */
struct saved_env {
  struct env values, types, modules, mod_types;
  int undo_mark;
  struct tc_module *current_module;
  bool in_local;
  struct tc_module *program_module; /* the checked file's top level */
  struct tc_module *file_module;    /* the top level of the file being checked now */
};
void env_thaw_enter(struct tc *tc, struct frozen_env *f, struct saved_env *saved);
void env_thaw_leave(struct tc *tc, struct saved_env *saved);
/* Adds a top-level binding to the module being checked (unless inside `local`). */
void module_export(struct tc *tc, struct env *ns, struct tc_binding *b);
/* A definition in the module or file being checked: bound, exported, and an error if the
 * same name was already defined there (in the same namespace). */
void define_member(struct tc *tc, struct tc_binding *b);
void check_mod_dec(struct tc *tc, struct dec *d);
void check_mod_type_dec(struct tc *tc, struct dec *d);
void check_open(struct tc *tc, struct dec *d);
void check_import(struct tc *tc, struct dec *d);
/* Makes every member of m visible (and a member of the current module, unless local). */
void open_module(struct tc *tc, struct tc_module *m);
/* Checks a file's declarations as a module (its top level). */
struct tc_module *check_file_decs(struct tc *tc, struct program *p);
/* import "path": the file's module, checked once (in the environment a file starts in). */
struct tc_module *load_file_module(struct tc *tc, const char *path, struct loc use);

/* ------------------------------------------------------------- uniqueness.c */
void check_uniqueness(struct tc *tc, struct program *p);

/* -------------------------------------------------------------- causality.c */
void check_causality(struct tc *tc, struct program *p);

#endif
