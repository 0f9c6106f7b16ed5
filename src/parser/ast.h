/* The abstract syntax tree: what was written, with locations.
 *
 * Produced by the parser (parser.y), printed back by ast_print (prismc dump --after
 * parse), and annotated in place by the type checker: the fields marked "typed:" are
 * NULL/zero after parsing and filled by tc_check_program(), which turns this tree into
 * the typed AST of DESIGN.md section 2 (every expression carries its type, every name
 * its binding). Nothing is freed one by one: all nodes live in the AST arena.
 *
 * Invariants after parsing:
 *  - every node has a location spanning its whole text;
 *  - lists are arena arrays with a count; NULL with count 0 when empty;
 *  - names are interned (support/strtab.h), so they compare with ==;
 *  - operator names are their symbols ("+", "|>", "+^"); a binary operator's
 *    precedence was settled by the parser from its leading characters (Futhark's rule).
 *  - parentheses are not kept: (e) is e, except where they change meaning (sections).
 */
#ifndef PRISM_AST_H
#define PRISM_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "support/diag.h"
#include "support/prim.h"
#include "support/strtab.h"

struct arena;       /* support/arena.h */
struct type;        /* typecheck/types.h */
struct tc_binding;  /* typecheck/types.h: what a name refers to */
struct tc_inst;     /* typecheck/types.h: instantiation of a polymorphic reference */

struct exp;
struct pat;
struct type_exp;
struct dec;
struct mod_exp;
struct mod_type_exp;

/* A possibly qualified name: quals[0].quals[1]...name, e.g. f32.sin or M.N.x. */
struct qual_name {
  name_t *quals;
  int qual_count;
  name_t name;
};

/* An attribute: #[name] or #[name(arg, ...)]; args are attributes or integers. */
struct attr {
  struct loc loc;
  name_t name;   /* NULL for an integer atom */
  int64_t value; /* for an integer atom */
  struct attr **args;
  int arg_count;
  bool has_args; /* written with parentheses, even if empty */
};

/* ---------------------------------------------------------------- Type expressions */

#define TYPE_EXP_KINDS(X)                                                      \
  X(TE_VAR, "var")         /* var: a named type (prim, abbreviation, 'a), maybe qualified */ \
  X(TE_TUPLE, "tuple")     /* tuple: (t1, t2, ...); count 0 is the unit type () */ \
  X(TE_RECORD, "record")   /* record: {x: t, y: u} */                          \
  X(TE_ARRAY, "array")     /* array: [size]elem; size NULL for [] */           \
  X(TE_UNIQUE, "unique")   /* unique: *t */                                    \
  X(TE_ARROW, "arrow")     /* arrow: t -> u or (x: t) -> u */                  \
  X(TE_APPLY, "apply")     /* apply: a type constructor applied to a type or size argument */ \
  X(TE_EXIST, "exist")     /* exist: ?[n][m].t, existential sizes */

enum type_exp_kind {
#define X(kind, name) kind,
  TYPE_EXP_KINDS(X)
#undef X
};

struct type_exp_field {
  name_t name; /* "0", "1"... are allowed as field names, as in Futhark */
  struct loc loc;
  struct type_exp *type;
};

struct type_exp {
  enum type_exp_kind kind;
  struct loc loc;
  union {
    struct qual_name var; /* TE_VAR */
    struct {
      struct type_exp **elems;
      int count;
    } tuple; /* TE_TUPLE */
    struct {
      struct type_exp_field *fields;
      int count;
    } record; /* TE_RECORD */
    struct {
      struct exp *size; /* NULL: [] (any size) */
      struct type_exp *elem;
    } array; /* TE_ARRAY */
    struct type_exp *unique; /* TE_UNIQUE */
    struct {
      name_t param_name; /* NULL unless written (x: t) -> u */
      struct type_exp *param, *result;
    } arrow; /* TE_ARROW */
    struct {
      struct type_exp *ctor;
      struct type_exp *type_arg; /* exactly one of type_arg and size_arg is set */
      struct exp *size_arg;      /* [n] argument; NULL with size_any for [] */
      bool size_any;
    } apply; /* TE_APPLY */
    struct {
      name_t *names;
      int count;
      struct type_exp *body;
    } exist; /* TE_EXIST */
  } u;
};

/* ---------------------------------------------------------------------- Patterns */

#define PAT_KINDS(X)                                                 \
  X(PAT_ID, "id")             /* id: a name (may be an operator, (+)) */ \
  X(PAT_WILDCARD, "wildcard") /* (none): _ */                      \
  X(PAT_TUPLE, "tuple")       /* tuple: (p1, p2, ...); 0 elements is () */ \
  X(PAT_RECORD, "record")     /* record: {x = p, y} */             \
  X(PAT_ASCRIPT, "ascript")   /* ascript: p : t */

enum pat_kind {
#define X(kind, name) kind,
  PAT_KINDS(X)
#undef X
};

struct pat_field {
  name_t name;
  struct loc loc;
  struct pat *pat; /* for {x} the parser makes an PAT_ID x */
};

struct pat {
  enum pat_kind kind;
  struct loc loc;
  union {
    struct {
      name_t name;
      struct tc_binding *binding; /* typed: the variable this pattern binds */
    } id;
    struct {
      struct pat **elems;
      int count;
    } tuple;
    struct {
      struct pat_field *fields;
      int count;
    } record;
    struct {
      struct pat *pat;
      struct type_exp *type;
    } ascript;
  } u;
  struct type *type; /* typed: the type of the value matched */
};

/* Type and size parameters of definitions: [n] 'a '~a '^a */
enum type_param_kind {
  TPARAM_SIZE,        /* [n] */
  TPARAM_TYPE,        /* 'a: a non-functional type without hidden sizes */
  TPARAM_SIZE_LIFTED, /* '~a: may hide sizes */
  TPARAM_LIFTED,      /* '^a: may be a function type */
};

struct type_param {
  enum type_param_kind kind;
  name_t name;
  struct loc loc;
  struct tc_binding *binding; /* typed */
};

/* ------------------------------------------------------------------- Expressions */

#define EXP_KINDS(X)                                                                  \
  X(EXP_INT, "int")               /* int_lit: integer literal, suffix or PRIM_NONE */ \
  X(EXP_FLOAT, "float")           /* float_lit: float literal, suffix or PRIM_NONE */ \
  X(EXP_BOOL, "bool")             /* bool_lit */                                      \
  X(EXP_VAR, "var")               /* var: a name, maybe qualified; also x.f chains */ \
  X(EXP_TUPLE, "tuple")           /* list: (a, b, ...); 0 elements is () */           \
  X(EXP_RECORD, "record")         /* record: {x = a, y} */                            \
  X(EXP_ARRAY, "array")           /* list: [a, b, ...] */                             \
  X(EXP_PROJECT, "project")       /* project: e.field (field may be "0") */           \
  X(EXP_INDEX, "index")           /* index: e[i, j:k:s] */                            \
  X(EXP_UPDATE, "update")         /* update: e with [i] = v */                        \
  X(EXP_RECORD_UPDATE, "record_update") /* record_update: e with x.y = v */          \
  X(EXP_UPDATE_PATH, "update_path") /* update_path: e with a[i].b = v */             \
  X(EXP_APPLY, "apply")           /* apply: f a b c (juxtaposition) */                \
  X(EXP_BINOP, "binop")           /* binop: a op b, including |> <| && || */          \
  X(EXP_NEGATE, "negate")         /* unary: -e */                                     \
  X(EXP_NOT, "not")               /* unary: !e */                                     \
  X(EXP_SECTION_OP, "section")    /* section: (op) */                                 \
  X(EXP_SECTION_LEFT, "section_left")   /* section: (e op) */                         \
  X(EXP_SECTION_RIGHT, "section_right") /* section: (op e) */                         \
  X(EXP_SECTION_PROJECT, "section_project") /* section_project: (.a.b) */             \
  X(EXP_SECTION_INDEX, "section_index")     /* section_index: (.[i]) */               \
  X(EXP_SECTION_PATH, "section_path")       /* section_path: (.a[i].b) */             \
  X(EXP_LAMBDA, "lambda")         /* lambda: \p1 p2 : t -> e */                       \
  X(EXP_LET, "let")               /* let: let p = e in body */                        \
  X(EXP_LET_FUN, "let_fun")       /* let_fun: let f params = e in body */             \
  X(EXP_LET_WITH, "let_with")     /* let_with: let a[i] = v in body */                \
  X(EXP_IF, "if")                 /* if_: if c then a else b */                       \
  X(EXP_LOOP, "loop")             /* loop: loop p = init for/while ... do body */     \
  X(EXP_ASSERT, "assert")         /* assert_: assert c e */                           \
  X(EXP_ASCRIPT, "ascript")       /* ascript: e : t */                                \
  X(EXP_COERCE, "coerce")         /* ascript: e :> t */                               \
  X(EXP_ATTR, "attr")             /* attr: #[a] e */                                  \
  X(EXP_QUAL_PARENS, "qual_parens") /* qual_parens: M.(e), the module open locally */ \
  X(EXP_RANGE, "range")           /* range: a...b, a..<b, a..>b, a..s...b and so on */ \
  X(EXP_HOLE, "hole")             /* nothing: ???, a typed hole */

enum exp_kind {
#define X(kind, name) kind,
  EXP_KINDS(X)
#undef X
};

/* One index in a[...]: a fixed index, or a slice start:end:stride with parts optional. */
struct dim_index {
  bool is_slice;
  struct exp *fixed;                 /* when !is_slice */
  struct exp *start, *end, *stride;  /* when is_slice; each may be NULL */
};

/* One step of an update path (e with a[i].b = v): a field, or a list of indices. */
struct path_step {
  bool is_index;
  name_t field;              /* when !is_index */
  struct dim_index *indices; /* when is_index */
  int count;
  struct loc loc;
  struct type *type;         /* typed, for an index list: the type it leaves */
};

struct exp_field {
  name_t name;
  struct loc loc;
  struct exp *value; /* {x} is written with value NULL and means {x = x} */
  struct exp *implicit_var; /* typed: for {x}, the variable reference the checker made */
};

/* How a range ends: a...b takes b, a..<b stops below b, a..>b stops above b. */
enum range_end {
  RANGE_TO,
  RANGE_UP,
  RANGE_DOWN,
};

enum loop_form_kind {
  LOOP_FOR,    /* for i < bound */
  LOOP_FOR_IN, /* for p in array */
  LOOP_WHILE,  /* while cond */
};

struct exp {
  enum exp_kind kind;
  struct loc loc;
  union {
    struct {
      uint64_t value;    /* the magnitude as written (literals are never negative) */
      enum prim_type suffix;
    } int_lit;
    struct {
      double value;
      const char *text;  /* the digits as written, without suffix or '_' */
      enum prim_type suffix;
    } float_lit;
    bool bool_lit;
    struct {
      struct qual_name name;
      struct tc_binding *binding; /* typed: the definition or variable referred to */
      struct tc_inst *inst;       /* typed: type and size arguments of a polymorphic use */
    } var;
    struct {
      struct exp **elems;
      int count;
    } list;
    struct {
      struct exp_field *fields;
      int count;
    } record;
    struct {
      struct exp *exp;
      name_t field;
      struct loc field_loc;
    } project;
    struct {
      struct exp *array;
      struct dim_index *indices;
      int count;
    } index;
    struct {
      struct exp *array;
      struct dim_index *indices;
      int count;
      struct exp *value;
    } update;
    struct {
      struct exp *record;
      name_t *path;
      int path_len;
      struct exp *value;
    } record_update;
    struct {
      struct exp *source;
      struct path_step *steps; /* fields and index lists, at least one index list */
      int step_count;
      struct exp *value;
    } update_path;
    struct {
      struct path_step *steps; /* fields and index lists, mixed */
      int step_count;
    } section_path;
    struct {
      struct exp *fn;
      struct exp **args;
      int count;
    } apply;
    struct {
      struct qual_name op;
      struct loc op_loc;
      struct exp *lhs, *rhs;
      struct tc_binding *binding; /* typed: the operator's definition */
      struct tc_inst *inst;       /* typed */
    } binop;
    struct exp *unary; /* EXP_NEGATE, EXP_NOT */
    struct {
      struct qual_name op;
      struct loc op_loc;
      struct exp *operand; /* the left operand (SECTION_LEFT), the right (SECTION_RIGHT) */
      struct tc_binding *binding; /* typed */
      struct tc_inst *inst;       /* typed */
    } section;
    struct {
      name_t *fields;
      int count;
    } section_project;
    struct {
      struct dim_index *indices;
      int count;
    } section_index;
    struct {
      struct pat **params;
      int param_count;
      struct type_exp *ret; /* may be NULL */
      struct exp *body;
    } lambda;
    struct {
      name_t *sizes; /* let [n] xs = ...: existential sizes bound by name */
      int size_count;
      struct loc *size_locs;
      struct tc_binding **size_bindings; /* typed */
      struct pat *pat;
      struct exp *value;
      struct exp *body;
    } let;
    struct {
      name_t name;
      struct loc name_loc;
      struct type_param *type_params;
      int type_param_count;
      struct pat **params;
      int param_count;
      struct type_exp *ret; /* may be NULL */
      struct exp *value;
      struct exp *body;
      struct tc_binding *binding; /* typed */
    } let_fun;
    struct {
      name_t name;
      struct loc name_loc;
      struct dim_index *indices;
      int count;
      struct exp *value;
      struct exp *body;
      struct tc_binding *source;  /* typed: the array updated */
      struct tc_binding *binding; /* typed: the new variable of the same name */
    } let_with;
    struct {
      struct exp *cond, *then_branch, *else_branch;
    } if_;
    struct {
      struct pat *pat;
      struct exp *init; /* NULL: loop p for ... means loop p = p */
      enum loop_form_kind form;
      name_t index_name;           /* LOOP_FOR */
      struct loc index_loc;        /* LOOP_FOR */
      struct tc_binding *index_binding; /* typed, LOOP_FOR */
      struct exp *bound;           /* LOOP_FOR: the bound; LOOP_WHILE: the condition */
      struct pat *for_in_pat;      /* LOOP_FOR_IN */
      struct exp *for_in_array;    /* LOOP_FOR_IN */
      struct exp *body;
    } loop;
    struct {
      struct exp *cond, *exp;
    } assert_;
    struct {
      struct exp *exp;
      struct type_exp *type;
    } ascript;
    struct {
      struct attr *attr;
      struct exp *exp;
    } attr;
    struct {
      struct qual_name module;
      struct exp *exp;
    } qual_parens;
    struct {
      struct exp *start;
      struct exp *second; /* a..second...b: the step is second - start; may be NULL */
      struct exp *end;
      enum range_end end_kind;
    } range;
  } u;
  struct type *type; /* typed: the type of the value */
};

/* ------------------------------------------------------------------------ Modules */

#define MOD_TYPE_EXP_KINDS(X)                                         \
  X(MTE_VAR, "var")       /* var: a named module type */             \
  X(MTE_SPECS, "specs")   /* specs: { spec ... } */                    \
  X(MTE_WITH, "with")     /* with: S with t = tau */                   \
  X(MTE_ARROW, "arrow")   /* arrow: (P: S) -> T, or S -> T */

enum mod_type_exp_kind {
#define X(kind, name) kind,
  MOD_TYPE_EXP_KINDS(X)
#undef X
};

#define SPEC_KINDS(X)                                                  \
  X(SPEC_VAL, "val")         /* val: val f [n] 'a: t */                 \
  X(SPEC_TYPE, "type")       /* type: type t, type~ t, type t 'a = u */ \
  X(SPEC_MODULE, "module")   /* module: module M: S */                  \
  X(SPEC_INCLUDE, "include") /* include: include S */

enum spec_kind {
#define X(kind, name) kind,
  SPEC_KINDS(X)
#undef X
};

struct spec {
  enum spec_kind kind;
  struct loc loc;
  const char *doc; /* -- | comment before it, or NULL */
  name_t name;     /* SPEC_VAL, SPEC_TYPE, SPEC_MODULE */
  struct type_param *type_params; /* SPEC_VAL, SPEC_TYPE */
  int type_param_count;
  struct type_exp *type;          /* SPEC_VAL: its type; SPEC_TYPE: its definition or NULL */
  enum type_param_kind liftedness; /* SPEC_TYPE: TPARAM_TYPE, _SIZE_LIFTED or _LIFTED */
  struct mod_type_exp *mod_type;  /* SPEC_MODULE, SPEC_INCLUDE */
};

struct mod_type_exp {
  enum mod_type_exp_kind kind;
  struct loc loc;
  union {
    struct qual_name var;
    struct {
      struct spec **specs;
      int count;
    } specs;
    struct {
      struct mod_type_exp *base;
      struct qual_name type_name;
      struct type_param *type_params;
      int type_param_count;
      struct type_exp *type;
    } with;
    struct {
      name_t param_name; /* NULL for S -> T */
      struct mod_type_exp *param, *result;
    } arrow;
  } u;
};

#define MOD_EXP_KINDS(X)                                              \
  X(MOD_VAR, "var")         /* var: a module name, maybe qualified */ \
  X(MOD_DECS, "decs")       /* decs: { dec ... } */                   \
  X(MOD_APPLY, "apply")     /* apply: F A */                          \
  X(MOD_ASCRIPT, "ascript") /* ascript: M : S */                      \
  X(MOD_LAMBDA, "lambda")   /* lambda: \(P: S) : T -> M */            \
  X(MOD_IMPORT, "import")   /* import: import "path" as a module expression */

enum mod_exp_kind {
#define X(kind, name) kind,
  MOD_EXP_KINDS(X)
#undef X
};

struct mod_param {
  name_t name;
  struct loc loc;
  struct mod_type_exp *type;
};

struct mod_exp {
  enum mod_exp_kind kind;
  struct loc loc;
  union {
    struct qual_name var;
    struct {
      struct dec **decs;
      int count;
    } decs;
    struct {
      struct mod_exp *fn, *arg;
    } apply;
    struct {
      struct mod_exp *mod;
      struct mod_type_exp *type;
    } ascript;
    struct {
      struct mod_param param;
      struct mod_type_exp *result; /* may be NULL */
      struct mod_exp *body;
    } lambda;
    struct {
      const char *path;
    } import;
  } u;
};

/* ------------------------------------------------------------------- Declarations */

#define DEC_KINDS(X)                                                                 \
  X(DEC_VAL, "def")             /* val: def/entry name [sizes] 'types params : t = e */ \
  X(DEC_TYPE, "type")           /* type: type t 'a [n] = u */                       \
  X(DEC_MOD_TYPE, "module type") /* mod_type: module type S = ... */                \
  X(DEC_MOD, "module")          /* mod: module M (P: S) : T = ... */                \
  X(DEC_OPEN, "open")           /* open: open M */                                  \
  X(DEC_IMPORT, "import")       /* import: import "path" */                         \
  X(DEC_LOCAL, "local")         /* local: local dec */

enum dec_kind {
#define X(kind, name) kind,
  DEC_KINDS(X)
#undef X
};

struct dec {
  enum dec_kind kind;
  struct loc loc;
  const char *doc;     /* the -- | comment before it, without the markers; or NULL */
  struct attr **attrs; /* #[...] before it */
  int attr_count;
  union {
    struct {
      bool is_entry;
      name_t name; /* an operator's symbol for def (+) a b = ... */
      struct loc name_loc;
      struct type_param *type_params;
      int type_param_count;
      struct pat **params;
      int param_count;
      struct type_exp *ret; /* may be NULL */
      struct exp *body;
      struct tc_binding *binding; /* typed */
    } val;
    struct {
      name_t name;
      enum type_param_kind liftedness; /* TPARAM_TYPE for type, _SIZE_LIFTED for type~ */
      struct type_param *type_params;
      int type_param_count;
      struct type_exp *type;
    } type;
    struct {
      name_t name;
      struct mod_type_exp *type;
    } mod_type;
    struct {
      name_t name;
      struct mod_param *params;
      int param_count;
      struct mod_type_exp *type; /* may be NULL */
      struct mod_exp *body;
    } mod;
    struct mod_exp *open;
    struct {
      const char *path; /* as written, without .dsl */
      struct loc path_loc;
    } import;
    struct dec *local;
  } u;
};

struct program {
  uint32_t file;    /* diag file id of the source */
  const char *doc;  /* the file's leading -- | comment, if any */
  struct dec **decs;
  int count;
};

/* Calls fn on each expression of n index dimensions, in order (fixed, or start, end
 * and stride of a slice, those given). */
typedef void (*ast_exp_fn)(struct exp *e, void *arg);
void ast_dims_each_exp(const struct dim_index *d, int n, ast_exp_fn fn, void *arg);

/* Calls fn on each expression directly inside e, in source order (those a loop or a
 * section leaves out skipped; a record field written `x` gives its implicit_var). */
void ast_exp_each_child(const struct exp *e, ast_exp_fn fn, void *arg);

/* Calls fn on each name that a pattern binds (its PAT_ID nodes), left to right. */
typedef void (*ast_pat_id_fn)(struct pat *id, void *arg);
void ast_pat_each_id(struct pat *p, ast_pat_id_fn fn, void *arg);

/* Calls fn on each value definition (DEC_VAL) among decs, in order: those inside
 * local declarations, and those of module expressions defined or opened there (module
 * bodies as written: a functor's body once). */
typedef void (*ast_dec_fn)(struct dec *d, void *arg);
void ast_each_val_dec(struct dec **decs, int count, ast_dec_fn fn, void *arg);

const char *exp_kind_name(enum exp_kind k);
const char *pat_kind_name(enum pat_kind k);
const char *dec_kind_name(enum dec_kind k);
const char *type_exp_kind_name(enum type_exp_kind k);

/* Writes the program back as source text that parses to the same tree
 * (prismc dump --after parse). Fully parenthesised where precedence matters. */
struct strbuf;
void ast_print_program(struct strbuf *out, const struct program *p);
void ast_print_exp(struct strbuf *out, const struct exp *e);
void ast_print_type_exp(struct strbuf *out, const struct type_exp *t);
void ast_print_pat(struct strbuf *out, const struct pat *p);

/* Deep copies for re-checking (ast_copy.c): every node and array is new, so the copy
 * shares nothing mutable with the original, and the typed: fields of the copy are
 * cleared, NULL/0. Names, locations, docs and literal texts are shared. */
struct dec *ast_copy_dec(struct arena *a, const struct dec *d);
struct mod_exp *ast_copy_mod_exp(struct arena *a, const struct mod_exp *m);
struct mod_type_exp *ast_copy_mod_type_exp(struct arena *a, const struct mod_type_exp *m);

#endif
