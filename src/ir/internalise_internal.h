/* Internalisation's shared interface (the files ir/internalise*.c).
 *
 * Internalise is a static interpreter over the typed AST (Futhark's defunctorisation
 * and defunctionalisation in one walk): it evaluates what is known at compile time
 * (functions, closures, partial applications, tuples of functions, type parameters)
 * and emits IR for what is not. A static value (`struct sv`) is either dynamic (IR
 * subexpressions: the flattened components of a value of a function-free type), a
 * function of some kind, or a tuple/record of static values when functions are inside.
 *
 * Flattening: a value of type t is a list of components, each a scalar or an array of
 * a primitive type: prim -> 1; tuple and record -> the concatenation of their fields
 * (records in sorted field order); [n]t -> the components of t, each with [n] added
 * in front; () -> none.
 *
 * The environment is persistent (a linked list, captured by closures); top-level
 * definitions are found through the bindings themselves. */
#ifndef PRISM_INTERNALISE_INTERNAL_H
#define PRISM_INTERNALISE_INTERNAL_H

#include "ir/internalise.h"
#include "ir/ir.h"
#include "parser/ast.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "typecheck/intrinsics.h"
#include "typecheck/types.h"

struct ienv;

enum sv_kind {
  SV_DYNAMIC,       /* dyn: flattened IR components */
  SV_TUPLE,         /* tuple: static values of the fields (tuple order or sorted names) */
  SV_CLOSURE,       /* closure: a lambda and the environment it was made in */
  SV_DEF,           /* def: a top-level definition at an instantiation */
  SV_LOCAL_DEF,     /* local: a let-bound function and its environment */
  SV_INTRINSIC,     /* intrinsic: a built-in at an instantiation */
  SV_PARTIAL,       /* partial: a function applied to fewer arguments than it takes */
  SV_SECTION_RIGHT, /* section: (op y), waiting for the left operand */
  SV_PROJECT,       /* project: (.a.b) */
  SV_INDEX,         /* index: (.[i]), with the indices already evaluated */
  SV_PATH,          /* path: (.a[i].b), with the indices already evaluated */
};

struct sv {
  enum sv_kind kind;
  struct type *type; /* concrete: no type parameters, no unresolved variables */
  union {
    struct {
      struct ir_subexp *comps;
      int count;
    } dyn;
    struct {
      struct sv **elems;
      name_t *names; /* for records; NULL for tuples */
      int count;
    } tuple;
    struct {
      struct exp *lambda;
      struct ienv *env;
    } closure;
    struct {
      struct tc_binding *binding;
      struct type **types;      /* the concrete type arguments, one per type parameter */
      struct ienv *env;         /* SV_LOCAL_DEF: where it was defined */
      struct tc_inst *inst;     /* the instantiation at the use */
      struct ienv *caller_env;  /* where it was used: the instantiation's sizes live there */
    } def;
    struct {
      struct tc_binding *binding;
      struct tc_inst *inst;
      struct ienv *env; /* to resolve the instantiation's types */
    } intrinsic;
    struct {
      struct sv *fn;
      struct sv **args;
      int count;
    } partial;
    struct {
      struct sv *op;    /* the operator as a function value */
      struct sv *right; /* its right operand */
    } section;
    struct {
      name_t *fields;
      int count;
    } project;
    struct {
      struct ir_dim_index *dims; /* the indices, evaluated where the section was made */
      int count;
    } index;
    struct {
      struct path_step *steps;
      struct ir_dim_index **dims; /* per index list, evaluated where the section was made */
      struct type **types;        /* per index list, the type it leaves (concrete) */
      int count;
    } path;
  } u;
};

/* A persistent environment: binding -> static value (values, local functions, sizes as
 * one-component i64 values) or binding -> type (type parameters). */
struct ienv {
  struct tc_binding *key;
  struct sv *value;   /* NULL when this entry is a type or an unknown size */
  struct type *type;  /* the concrete type of a type parameter */
  bool unknown_size;  /* a size parameter no argument shows, called at `call` */
  struct loc call;
  struct ienv *next;
};

/* A specialised first-order function: one per (definition, type arguments). */
struct ispec {
  struct tc_binding *def;
  struct type **types;
  int type_count;
  struct ir_fun *fun;
  struct type *ret_type;      /* the result type in the function's environment */
  struct tc_binding **hidden; /* its sizes that the function returns after its results */
  int hidden_count;           /* (Note [Sizes that values show]) */
  struct ispec *next;
};

struct ictx {
  struct ir_program *prog;
  struct arena *arena;
  struct ir_body *body; /* where statements go */
  struct loc loc;       /* the expression being internalised */
  bool unsafe;          /* inside #[unsafe] */
  bool sequential;      /* inside #[sequential] */
  struct ptrmap specs;  /* def binding -> struct ispec * */
  int depth;            /* inlining depth, bounded so nothing loops */
  bool unroll_next;     /* #[unroll] seen: the next loop is unrolled */
  struct shown_size *shown; /* Note [Sizes that values show], newest first */
};

/* A size a value made in `body` shows: the size `name` is `value`, or the sizes of
 * sv's type are the shapes of its components. */
struct shown_size {
  struct ir_body *body;
  struct tc_binding *name;
  struct ir_subexp value;
  struct sv *sv;
  struct shown_size *next;
};

/* ---------------------------------------------------------- internalise_exp.c */
struct sv *int_exp(struct ictx *c, struct ienv *env, struct exp *e);
/* The function value a name refers to (a variable, definition or intrinsic). */
struct sv *name_value(struct ictx *c, struct ienv *env, struct tc_binding *b,
                      struct tc_inst *inst, struct type *type);

/* -------------------------------------------------------------- internalise.c */
struct ienv *env_add(struct ictx *c, struct ienv *env, struct tc_binding *b, struct sv *v);
struct ienv *env_add_type(struct ictx *c, struct ienv *env, struct tc_binding *b,
                          struct type *t);
struct sv *env_lookup(struct ienv *env, struct tc_binding *b);
struct ienv *bind_pat(struct ictx *c, struct ienv *env, struct pat *p, struct sv *v);

/* Types: the concrete form of a typed-AST type in env; its flattening. */
/* The most parts a value's type may have (Note [Types too large to flatten]). */
#define IR_MAX_TYPE_PARTS 100000
struct type *concrete(struct ictx *c, struct ienv *env, struct type *t);
int comp_count(struct type *t);
/* The IR types of t's components; dims from the sizes known in env, else unknown. */
void comp_types(struct ictx *c, struct ienv *env, struct type *t, struct ir_type *out);
/* The same, with size expressions of known names computed (emitting statements), as a
 * coercion needs to check them. */
void comp_types_computed(struct ictx *c, struct ienv *env, struct type *t,
                         struct ir_type *out);
struct ir_subexp eval_size(struct ictx *c, struct ienv *env, struct size *s);
/* Note [Sizes that values show]: a value made here, and the outer size of an array of
 * type t that a SOAC made here (an array of () has no component that shows it). */
void show_value_sizes(struct ictx *c, struct sv *v);
void show_outer_size(struct ictx *c, struct type *t, struct ir_subexp size);
void note_shown_size(struct ictx *c, struct tc_binding *name, struct ir_subexp value);
/* The sizes of t that env does not know and no component of a value of type t shows
 * (arrays of ()); and the size at the same place in u as `name` in t. */
int hidden_sizes(struct ictx *c, struct ienv *env, struct type *t,
                 struct tc_binding ***names);
struct size *size_at_same_place(struct type *t, struct type *u, struct tc_binding *name);
/* The value of s here, if env or a value made in this body knows it. */
bool size_value(struct ictx *c, struct ienv *env, struct size *s, struct ir_subexp *out);
/* env with each of names bound to the i64 in values. */
struct ienv *bind_size_values(struct ictx *c, struct ienv *env, struct tc_binding **names,
                              struct ir_subexp *values, int count);
bool size_known(struct ictx *c, struct ienv *env, struct size *s, struct ir_subexp *out);

/* The position of a field among a record's or tuple's fields; -1 where there is none. */
int field_index(struct type *t, name_t field);

/* Static values. sv_new leaves the payload to be filled in. */
struct sv *sv_new(struct ictx *c, enum sv_kind kind, struct type *t);
struct sv *sv_dyn(struct ictx *c, struct type *t, struct ir_subexp *comps, int count);
struct sv *sv_from_vars(struct ictx *c, struct type *t, struct ir_var **vars, int count);
struct ir_subexp *sv_comps(struct ictx *c, struct sv *v, int *count); /* flattens tuples */
struct sv *sv_field(struct ictx *c, struct sv *v, name_t field);
struct sv *sv_tuple_elem(struct ictx *c, struct sv *v, int i);
struct sv *sv_row(struct ictx *c, struct sv *array, struct ir_subexp index);
struct sv *sv_unit(struct ictx *c);

/* Emitting statements into c->body. */
struct ir_var *fresh(struct ictx *c, const char *name, struct ir_type t);
struct ir_subexp emit1(struct ictx *c, const char *name, struct ir_type t, struct ir_exp e);
/* x converted to the scalar type `to` (x itself when it has that type already). */
struct ir_subexp emit_convert(struct ictx *c, const char *name, struct ir_subexp x,
                              enum prim_type to);
struct ir_stm *emit(struct ictx *c, struct ir_exp e, struct ir_var **pat, int n);
struct ir_subexp emit_binop(struct ictx *c, enum ir_binop op, struct ir_subexp a,
                            struct ir_subexp b, enum prim_type result);
struct ir_subexp emit_shape(struct ictx *c, struct ir_subexp array, int dim);
/* Runs fn with c->body set to a fresh body; returns the body (results set by fn). */
struct ir_body *new_body(struct ictx *c);

/* Functions. */
struct sv *apply(struct ictx *c, struct sv *fn, struct sv **args, int count,
                 struct type *result_type);
/* The arity of a function value (how many arguments it takes before a result). */
int sv_arity(struct ictx *c, struct sv *fn);
/* A lambda for a SOAC: parameters are the components of param_types, the body applies
 * fn to them; returns the lambda (results: the components of the result). */
struct ir_lambda *make_lambda(struct ictx *c, struct sv *fn, struct type **param_types,
                              int count, struct type *result_type);
/* The result type of applying a function value of type t to n arguments. */
struct type *result_after(struct type *t, int n);

/* Indexing and slicing a value: one IR index or slice per component. */
struct sv *index_value(struct ictx *c, struct sv *array, struct ir_dim_index *dims, int count,
                       struct type *result_type);

/* --------------------------------------------------------- internalise_range.c */
struct sv *int_range(struct ictx *c, struct ienv *env, struct exp *e);

/* --------------------------------------------------------- internalise_soacs.c */
struct sv *apply_intrinsic(struct ictx *c, struct sv *fn, struct sv **args, int count,
                           struct type *result_type);
int intrinsic_arity(struct tc_binding *b);
/* == and != on values of any function-free type. */
struct ir_subexp emit_equal(struct ictx *c, struct sv *a, struct sv *b);
struct sv *apply_operator(struct ictx *c, int op, struct sv *a, struct sv *b,
                          struct type *result_type);

#endif
