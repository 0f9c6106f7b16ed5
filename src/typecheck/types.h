/* Types and sizes of the typed AST, and what names are bound to.
 *
 * The type checker annotates the AST (parser/ast.h) in place with these. After
 * tc_check_program() succeeds:
 *  - every `struct type` reachable from the AST is fully resolved: no TYPE_VAR and no
 *    SIZE_VAR remains once it is passed through type_resolve() (unification variables
 *    are links; type_resolve follows them and normalises arrays of arrays);
 *  - TYPE_PARAM appears only inside polymorphic definitions, where it names one of the
 *    definition's type parameters; internalise substitutes them per instantiation;
 *  - every size is a constant, a name (a size parameter, an i64 variable, or an
 *    existential size introduced by an expression whose result size is not known
 *    statically), or arithmetic on those, written as the program wrote it.
 *
 * Representation. Arrays are TYPE_ARRAY with a non-array element and one size per
 * dimension, so [n][m]f32 is one node of rank 2. Tuples of one element do not exist
 * (they are the element). Record fields are kept sorted by name, so equal record types
 * list fields in the same order; a tuple (a, b) and the record {0: a, 1: b} are the
 * same type, as in Futhark, and unify.
 */
#ifndef PRISM_TYPES_H
#define PRISM_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "parser/ast.h"
#include "support/arena.h"
#include "support/prim.h"
#include "support/strbuf.h"
#include "support/strtab.h"

struct size;
struct type;
struct tc_binding;

/* ------------------------------------------------------------------------- Sizes */

enum size_kind {
  SIZE_CONST, /* value: a non-negative constant */
  SIZE_NAME,  /* name: a size parameter, i64 variable or existential size */
  SIZE_VAR,   /* var: a unification variable; follow var->link when set */
  SIZE_BINOP, /* binop: arithmetic on sizes, e.g. n*m or n+1 */
  SIZE_APPLY, /* apply: a function or operator applied to sizes, e.g. 2**k, i64.max n m */
};

enum size_op { SIZE_ADD, SIZE_SUB, SIZE_MUL, SIZE_DIV, SIZE_MOD };

struct size_var {
  struct size *link; /* NULL while unresolved */
  int level;         /* let-nesting level where it was made (generalisation, escape) */
  int id;            /* tells variables apart */
  name_t origin;     /* the size parameter it instantiates (for messages), or NULL */
  struct loc loc;    /* the expression that made it, for error messages */
  bool scoped;       /* the size of a parameter ([] in its type): it may not become a size
                        bound inside the definition (Note [Anonymous parameter sizes]) */
};

struct size {
  enum size_kind kind;
  union {
    int64_t value;
    struct tc_binding *name;
    struct size_var *var;
    struct {
      enum size_op op;
      struct size *lhs, *rhs;
    } binop;
    struct {
      struct tc_binding *fn; /* an i64 function of i64 arguments (or an operator) */
      struct tc_inst *inst;  /* its type arguments at the use that wrote it, or NULL */
      struct size **args;
      int count;
      const char *written;   /* how the function was written (i64.max, **) */
      bool infix;            /* written as an operator: a**b */
    } apply;
  } u;
};

/* ------------------------------------------------------------------------- Types */

enum type_kind {
  TYPE_PRIM,   /* prim */
  TYPE_ARRAY,  /* array: elem is never an array (after resolution) */
  TYPE_TUPLE,  /* tuple: count != 1; count 0 is the unit type () */
  TYPE_RECORD, /* record: fields sorted by name */
  TYPE_ARROW,  /* arrow: a function type */
  TYPE_PARAM,  /* param: a rigid type parameter 'a (or an abstract type) */
  TYPE_VAR,    /* var: a unification variable; follow var->link when set */
  TYPE_APPLY,  /* apply: an abstract type with parameters applied to types (M.t i32) */
};

/* What a unification variable may become (Futhark's type constraints). */
enum type_constraint {
  TC_NONE,       /* anything */
  TC_NUMERIC,    /* any integer or float type: + - * / ** unary - abs */
  TC_INTEGRAL,   /* integer types: % // %% & | ^ << >> */
  TC_FLOATING,   /* f32, f64 */
  TC_ORDERED,    /* primitive types: < <= > >= min max */
  TC_EQUALITY,   /* anything without functions: == != */
  TC_INT_LIT,    /* an unsuffixed integer literal: numeric, defaults to i32 */
  TC_FLOAT_LIT,  /* an unsuffixed float literal: floating, defaults to f64 */
  TC_FIELDS,     /* a record (or tuple) with at least the fields listed */
};

struct type_field {
  name_t name;
  struct type *type;
};

struct type_var {
  struct type *link; /* NULL while unresolved */
  enum type_constraint constraint;
  struct type_field *fields; /* TC_FIELDS: the fields known so far */
  int field_count;
  int level;
  int id;            /* tells variables apart */
  name_t origin;     /* the type parameter it instantiates (for messages), or NULL */
  bool lifted;       /* may become a function type (an argument of a higher-order use) */
  bool sized;        /* may not become a size-lifted type (an array element, an 'a) */
  struct loc loc;    /* where it was made (and the use that constrained it) */
};

struct type {
  enum type_kind kind;
  bool unique; /* *t: only on parameter and return types */
  /* Marks of the walks over shared types (Note [Shared types] in types.c): the last
   * walk that reached this node, and what type_subst or type_resolve made of it there. */
  unsigned walk;
  struct type *walk_result;
  /* A node this one is known to equal (by type_equal or unify), so that comparing
   * two shared types that are equal but not the same node costs their size, not
   * the size of their expansion (Note [Shared types] in types.c). */
  struct type *equal_to;
  union {
    enum prim_type prim;
    struct {
      struct type *elem;
      struct size **dims;
      int rank;
    } array;
    struct {
      struct type **elems;
      int count;
    } tuple;
    struct {
      struct type_field *fields;
      int count;
    } record;
    struct {
      struct tc_binding *param_name; /* (n: i64) -> [n]t: the name sizes may use */
      struct type *param;
      struct type *result;
      struct tc_binding **ext; /* existential sizes of the result (?[k].) */
      int ext_count;
    } arrow;
    struct tc_binding *param;
    struct type_var *var;
    struct {
      /* A module type's `type t 'a` (BIND_TYPE_PARAM with scheme.params), or its view
       * in an ascribed module; one argument per type parameter, in order (Note
       * [Abstract types with parameters] in modules.c). */
      struct tc_binding *ctor;
      struct type **args;   /* one per type parameter, in order */
      int count;
      struct size **sizes;  /* one per size parameter [n], in order */
      int size_count;
    } apply;
  } u;
};

/* ---------------------------------------------------------------------- Bindings */

enum binding_kind {
  BIND_VAR,       /* a local variable or parameter; type */
  BIND_SIZE,      /* a size parameter or existential size; also an i64 value */
  BIND_DEF,       /* a top-level or local function/value definition; scheme */
  BIND_INTRINSIC, /* a built-in function; scheme, intrinsic */
  BIND_TYPE,      /* a type abbreviation; scheme (type params) and type */
  BIND_TYPE_PARAM,/* a type parameter 'a of a definition */
  BIND_MODULE,    /* a module (module) or a functor (functor) */
  BIND_MODULE_TYPE, /* a module type: its syntax and where it was declared (mod_type) */
};

/* A polymorphic type: for all type_params, [size params], type. */
struct tc_scheme {
  struct type_param *params; /* from the AST, with bindings; or made for intrinsics */
  int param_count;
  struct type *type;
};

struct tc_module;   /* typecheck/tc.h: a module's members */
struct tc_functor;  /* typecheck/tc.h: a functor and where it was defined */
struct tc_mod_type; /* typecheck/tc.h: a module type's syntax and environment */

struct tc_binding {
  enum binding_kind kind;
  name_t name;
  struct loc loc;        /* where it was bound */
  int id;                /* unique per compilation */
  struct type *type;     /* BIND_VAR, BIND_SIZE (i64), BIND_TYPE (its definition) */
  struct tc_scheme scheme;   /* BIND_DEF, BIND_INTRINSIC, BIND_TYPE */
  enum type_param_kind liftedness; /* BIND_TYPE_PARAM, BIND_TYPE */
  int intrinsic;         /* BIND_INTRINSIC: enum intrinsic (typecheck/intrinsics.h) */
  int intrinsic_op;      /* BIND_INTRINSIC: the ir_unop/ir_binop/constant it stands for */
  enum prim_type intrinsic_prim; /* BIND_INTRINSIC in a numeric module: its type */
  enum prim_type intrinsic_from; /* BIND_INTRINSIC conversions: the source type */
  enum type_constraint constraint; /* BIND_TYPE_PARAM: what instances must satisfy */
  struct size *size_alias; /* BIND_SIZE bound by let [n] p = e: the size it names */
  /* BIND_VAR of type i64 standing for the field path proj_fields of a tuple or record
   * value proj_base, as a size ([s.0]: Note [Projections in sizes] in check_type.c). The
   * base lists its projections (one binding per path), linked by proj_next. */
  struct tc_binding *proj_base;
  name_t *proj_fields;
  int proj_count;
  struct tc_binding *projections;
  struct tc_binding *proj_next;
  struct tc_binding **abbrev_ext; /* BIND_TYPE of type~: the sizes [] left unknown, */
  int abbrev_ext_count;           /* fresh at every use of the abbreviation */
  struct dec *dec;       /* BIND_DEF at top level: the definition */
  struct exp *let_fun;   /* BIND_DEF local: the EXP_LET_FUN */
  struct tc_module *module; /* BIND_MODULE: a module */
  struct tc_functor *functor; /* BIND_MODULE: a functor */
  struct tc_mod_type *mod_type; /* BIND_MODULE_TYPE */
  /* BIND_TYPE_PARAM made by a module type's `type t`: an abstract type. `manifest` is its
   * definition when the type is transparent (type t = u, S with t = u): such a type is
   * its definition everywhere (type_head follows it). `abstract_def` is the definition
   * hidden by an opaque ascription M : S: the checker never looks at it, internalise
   * does. */
  struct type *manifest;
  struct type *abstract_def;
  /* BIND_DEF made by an ascription M : S or a functor's result signature: it stands for
   * this member of the module, seen at the type the signature gives. */
  struct tc_binding *alias_of;
  const char *display; /* how messages name it, when not by its name (M.t) */
  int level;             /* nesting level of its scope (size escape checks) */
  bool is_entry;         /* BIND_DEF: an entry point */
  bool unique;           /* BIND_VAR: a unique parameter (may be consumed) */
  bool is_param;         /* BIND_VAR: a parameter of a definition (not of a lambda) */
  bool is_size_param;    /* BIND_SIZE: a [n] parameter (vs existential) */
};

/* The type and size arguments of one use of a polymorphic name. */
struct tc_inst {
  struct type **types;  /* one per type parameter of the scheme, in order */
  struct size **sizes;  /* one per size parameter of the scheme, in order */
  int type_count, size_count;
  struct tc_binding **ext; /* the result's existential sizes made for this use */
  int ext_count;
};

/* ------------------------------------------------------------------ Construction */

struct type *type_prim(struct arena *a, enum prim_type p);
struct type *type_array(struct arena *a, struct type *elem, struct size **dims, int rank);
struct type *type_tuple(struct arena *a, struct type **elems, int count);
struct type *type_record(struct arena *a, struct type_field *fields, int count); /* sorts */
struct type *type_arrow(struct arena *a, struct tc_binding *param_name, struct type *param,
                        struct type *result);
struct type *type_param(struct arena *a, struct tc_binding *b);
struct type *type_apply(struct arena *a, struct tc_binding *ctor, struct type **args,
                        int count, struct size **sizes, int size_count);
struct type *type_new_var(struct arena *a, enum type_constraint c, int level, struct loc loc);
struct type *type_unit(struct arena *a);
struct type *type_with_unique(struct arena *a, struct type *t, bool unique);

struct size *size_const(struct arena *a, int64_t v);
struct size *size_name(struct arena *a, struct tc_binding *b);
struct size *size_new_var(struct arena *a, int level, struct loc loc);
struct size *size_binop(struct arena *a, enum size_op op, struct size *l, struct size *r);
struct size *size_apply(struct arena *a, const struct size *like, struct size **args);

/* ------------------------------------------------------------------------ Queries */

/* Follows links at the top (not inside). */
struct type *type_head(struct type *t);
/* Sets whether type_head follows an opaque ascription's hidden definitions (abstract_def);
 * returns the previous setting. */
bool type_see_through_views(struct arena *a, bool on);
/* type_head, and [n]t where t became [m]u made into [n][m]u. */
struct type *type_norm(struct arena *a, struct type *t);
struct size *size_head(struct size *s);

/* Follows all links, normalises [n]([m]t) to [n][m]t; returns a fresh copy only where
 * something changed. */
struct type *type_resolve(struct arena *a, struct type *t);
struct size *size_resolve(struct arena *a, struct size *s);

bool size_equal(struct size *a, struct size *b); /* syntactic, after resolution */
bool type_equal(struct type *a, struct type *b); /* ignoring uniqueness */
int type_rank(struct type *t);                   /* 0 for non-arrays */
struct type *type_row(struct arena *a, struct type *t);        /* [n]t -> t */
struct type *type_elem_scalar(struct type *t);  /* the non-array element */
bool type_is_prim(struct type *t, enum prim_type p);
/* The components of a tuple or record type (t's head), alike: the elements or the
 * fields' types in order; no components for other types. */
int type_part_count(struct type *t);
struct type *type_part(struct type *t, int i);
/* A tuple or record type (t's head) with each component replaced by f(component, arg),
 * in order; t itself where f returns every component as it was. */
typedef struct type *(*type_part_map_fn)(struct type *part, void *arg);
struct type *type_map_parts(struct arena *a, struct type *t, type_part_map_fn f, void *arg);
/* Whether some part of t (t itself, array elements, tuple and record components and,
 * with `arrows`, function parameters and results) is one that `found` accepts; each
 * shared node is asked once (Note [Shared types] in types.c), its head given. */
typedef bool (*type_found_fn)(struct type *t, void *arg);
/* The same for the parts of a size (s itself, a binary operation's operands). */
typedef bool (*size_found_fn)(struct size *s, void *arg);
bool size_search(struct size *s, size_found_fn found, void *arg);
bool type_search(struct type *t, bool arrows, type_found_fn found, void *arg);
bool type_contains_arrow(struct type *t);
/* A function type, or a lifted type parameter '^a that may stand for one. */
bool type_may_be_function(struct type *t);
/* Whether t is or contains an abstract type or type parameter that may hide a size
 * (type~, '~a). */
bool type_may_hide_size(struct type *t);
bool type_is_field_name_tuple(const struct type_field *fields, int count);
struct type *type_field(struct type *t, name_t field); /* of a record/tuple, or NULL */

/* Substitution of type parameters and size names (instantiation, internalise). An
 * abstract type with parameters (a ctor of TYPE_APPLY) may be replaced too: its entry
 * in type_params maps it to its definition, written with the ctor's own parameters
 * (type_apply_def gives each application its instance). */
struct tc_subst {
  struct tc_binding **type_params;
  struct type **types;
  int type_count;
  struct tc_binding **size_names;
  struct size **sizes;
  int size_count;
};
struct type *type_subst(struct arena *a, struct type *t, const struct tc_subst *s);
/* The definition `def` of a type with parameters (written with the parameters of
 * ctor's scheme) applied to arguments: ctor's type parameters replaced by args in def,
 * its size parameters by sizes. */
struct type *type_apply_def(struct arena *a, struct tc_binding *ctor, struct type *def,
                            struct type **args, struct size **sizes);
struct size *size_subst(struct arena *a, struct size *z, const struct tc_subst *s);

/* Walks over a type that reach each node once, however often it is shared (Note
 * [Shared types] in types.c): type_walk_start() begins a walk, and type_walk_first(t,
 * walk) is true the first time that walk reaches t (after type_head), and marks it. */
unsigned type_walk_start(void);
bool type_walk_first(struct type *t, unsigned walk);

/* Printing in Prism syntax: [n][m]f32, (i32, f32), {x: f32}, a -> b. A type that
 * would print longer than TYPE_PRINT_MAX characters is cut short with "..." (Note
 * [Shared types] in types.c). */
#define TYPE_PRINT_MAX 300
void type_print(struct strbuf *b, struct type *t);
void size_print(struct strbuf *b, struct size *s);
const char *type_to_string(struct arena *a, struct type *t);
const char *size_to_string(struct arena *a, struct size *s);

#endif
