/* Installing the built-ins in the top-level scope: primitive type names, the array
 * intrinsics (from their signatures in intrinsics.h), the operators, and the numeric
 * modules i8 ... f64. */
#include "typecheck/intrinsics.h"

#include <string.h>

#include "ir/ir.h"
#include "parser/parse.h"
#include "typecheck/tc.h"

static const char *const intrinsic_names[INTR_COUNT] = {
#define X(name, source, sig) [INTR_##name] = source,
    ARRAY_INTRINSICS(X)
#undef X
    [INTR_OPERATOR] = "operator",
    [INTR_NUM_UNARY] = "numeric unary",
    [INTR_NUM_BINARY] = "numeric binary",
    [INTR_NUM_COMPARE] = "numeric comparison",
    [INTR_NUM_PREDICATE] = "numeric predicate",
    [INTR_NUM_INT_COUNT] = "bit count",
    [INTR_NUM_TO_BITS] = "to_bits",
    [INTR_NUM_FROM_BITS] = "from_bits",
    [INTR_NUM_CONST] = "constant",
    [INTR_NUM_REDUCE] = "numeric reduction",
    [INTR_NUM_CONVERT] = "conversion",
    [INTR_NUM_DERIVED] = "numeric function",
};

const char *intrinsic_name(enum intrinsic i) {
  return intrinsic_names[i];
}

static struct tc_binding *new_intrinsic(struct tc *tc, enum intrinsic which, name_t name) {
  struct tc_binding *b = binding_new(tc, BIND_INTRINSIC, name, (struct loc){0});
  b->intrinsic = which;
  return b;
}

/* An array intrinsic from its Prism signature. */
static void install_array_intrinsic(struct tc *tc, enum intrinsic which, const char *name,
                                    const char *signature) {
  struct spec *sp = parse_spec_text(tc->arena, signature, "<intrinsics>");
  int mark = scope_enter(tc);
  tc->return_ext.len = 0;
  bind_type_params(tc, sp->type_params, sp->type_param_count);
  struct type *t = elab_type(tc, sp->type, SIZES_RETURN);
  scope_leave(tc, mark);
  if (tc->return_ext.len > 0) {
    struct type *last = type_head(t);
    while (type_head(last->u.arrow.result)->kind == TYPE_ARROW) {
      last = type_head(last->u.arrow.result);
    }
    last->u.arrow.ext = tc->return_ext.items;
    last->u.arrow.ext_count = tc->return_ext.len;
    tc->return_ext.items = NULL;
    tc->return_ext.len = tc->return_ext.cap = 0;
  }
  struct tc_binding *b = new_intrinsic(tc, which, intern(name));
  b->scheme.params = sp->type_params;
  b->scheme.param_count = sp->type_param_count;
  b->scheme.type = t;
  b->type = t;
  env_bind(tc, &tc->values, b->name, b);
}

/* A polymorphic binary operator: 'a (constraint) : a -> a -> a (or bool). */
static void install_operator(struct tc *tc, const char *symbol, int op,
                             enum type_constraint c, bool returns_bool) {
  struct tc_binding *a = binding_new(tc, BIND_TYPE_PARAM, intern("a"), (struct loc){0});
  a->constraint = c;
  a->liftedness = TPARAM_TYPE;
  struct type_param *params = ARENA_NEW(tc->arena, struct type_param);
  *params = (struct type_param){TPARAM_TYPE, a->name, (struct loc){0}, a};
  struct type *ta = type_param(tc->arena, a);
  struct type *result = returns_bool ? type_prim(tc->arena, PRIM_BOOL) : ta;
  struct type *t = type_arrow(tc->arena, NULL, ta, type_arrow(tc->arena, NULL, ta, result));
  struct tc_binding *b = new_intrinsic(tc, INTR_OPERATOR, intern(symbol));
  b->intrinsic_op = op;
  b->scheme.params = params;
  b->scheme.param_count = 1;
  b->scheme.type = t;
  b->type = t;
  env_bind(tc, &tc->values, b->name, b);
}

static void install_bool_operator(struct tc *tc, const char *symbol, int op) {
  struct type *tb = type_prim(tc->arena, PRIM_BOOL);
  struct type *t = type_arrow(tc->arena, NULL, tb, type_arrow(tc->arena, NULL, tb, tb));
  struct tc_binding *b = new_intrinsic(tc, INTR_OPERATOR, intern(symbol));
  b->intrinsic_op = op;
  b->scheme.type = t;
  b->type = t;
  env_bind(tc, &tc->values, b->name, b);
}

/* ------------------------------------------------------------ Numeric modules */

enum num_shape {
  NUM_UNARY, NUM_BINARY, NUM_COMPARE, NUM_PREDICATE, NUM_INT_COUNT, NUM_TO_BITS,
  NUM_FROM_BITS, NUM_CONST, NUM_REDUCE,
  /* computed by internalise (enum num_derived), of types: */
  NUM_DERIVED_UNARY,    /* t -> t */
  NUM_DERIVED_BINARY,   /* t -> t -> t */
  NUM_DERIVED_TERNARY,  /* t -> t -> t -> t */
  NUM_DERIVED_BITS,     /* i32 */
  NUM_DERIVED_GET_BIT,  /* i32 -> t -> i32 */
  NUM_DERIVED_SET_BIT,  /* i32 -> t -> i32 -> t */
  NUM_DERIVED_FRACTION, /* i64 -> i64 -> t */
  NUM_DERIVED_LDEXP,    /* t -> i32 -> t */
};

static enum prim_type bits_type(enum prim_type p) {
  return p == PRIM_F16 ? PRIM_U16 : p == PRIM_F32 ? PRIM_U32 : PRIM_U64;
}

/* The function type s1 -> s2 -> ... -> result of `count` parameters. */
static struct type *arrows(struct arena *a, struct type **params, int count,
                           struct type *result) {
  for (int i = count - 1; i >= 0; i--) {
    result = type_arrow(a, NULL, params[i], result);
  }
  return result;
}

static struct type *member_type(struct tc *tc, enum num_shape shape, enum prim_type p) {
  struct arena *a = tc->arena;
  struct type *t = type_prim(a, p);
  struct type *i32 = type_prim(a, PRIM_I32), *i64 = type_prim(a, PRIM_I64);
  switch (shape) {
  case NUM_UNARY:
  case NUM_DERIVED_UNARY:
    return type_arrow(a, NULL, t, t);
  case NUM_BINARY:
  case NUM_DERIVED_BINARY:
    return type_arrow(a, NULL, t, type_arrow(a, NULL, t, t));
  case NUM_DERIVED_TERNARY:
    return arrows(a, (struct type *[]){t, t, t}, 3, t);
  case NUM_DERIVED_BITS:
    return i32;
  case NUM_DERIVED_GET_BIT:
    return arrows(a, (struct type *[]){i32, t}, 2, i32);
  case NUM_DERIVED_SET_BIT:
    return arrows(a, (struct type *[]){i32, t, i32}, 3, t);
  case NUM_DERIVED_FRACTION:
    return arrows(a, (struct type *[]){i64, i64}, 2, t);
  case NUM_DERIVED_LDEXP:
    return arrows(a, (struct type *[]){t, i32}, 2, t);
  case NUM_COMPARE:
    return type_arrow(a, NULL, t, type_arrow(a, NULL, t, type_prim(a, PRIM_BOOL)));
  case NUM_PREDICATE:
    return type_arrow(a, NULL, t, type_prim(a, PRIM_BOOL));
  case NUM_INT_COUNT:
    return type_arrow(a, NULL, t, type_prim(a, PRIM_I32));
  case NUM_TO_BITS:
    return type_arrow(a, NULL, t, type_prim(a, bits_type(p)));
  case NUM_FROM_BITS:
    return type_arrow(a, NULL, type_prim(a, bits_type(p)), t);
  case NUM_CONST:
    return t;
  case NUM_REDUCE:
    break;
  }
  /* [n]t -> t, with n a size parameter of the member. */
  return t;
}

static void add_member(struct tc *tc, struct tc_module *m, struct tc_binding *b) {
  ptrmap_put(b->kind == BIND_TYPE ? &m->types : &m->values, b->name, b);
  VEC_PUSH(tc->arena, &m->order, b);
}

/* A conversion member: `name` converts from `from` to `to`. */
static void add_conversion(struct tc *tc, struct tc_module *m, const char *name,
                           enum prim_type from, enum prim_type to) {
  struct tc_binding *b = new_intrinsic(tc, INTR_NUM_CONVERT, intern(name));
  b->intrinsic_prim = to;
  b->intrinsic_from = from;
  b->scheme.type = type_arrow(tc->arena, NULL, type_prim(tc->arena, from),
                              type_prim(tc->arena, to));
  b->type = b->scheme.type;
  add_member(tc, m, b);
}

/* `type t` (and `int_t`, the integer type of a float's bits) in a numeric module, so it
 * matches the prelude's module types numeric, integral, real and float. */
static void add_type_member(struct tc *tc, struct tc_module *m, const char *name,
                            enum prim_type p) {
  struct tc_binding *b = binding_new(tc, BIND_TYPE, intern(name), (struct loc){0});
  b->type = type_prim(tc->arena, p);
  b->scheme.type = b->type;
  add_member(tc, m, b);
}

static void install_reduce_member(struct tc *tc, struct tc_module *m, const char *name,
                                  int op, enum prim_type p) {
  struct tc_binding *n = binding_new(tc, BIND_SIZE, intern("n"), (struct loc){0});
  n->type = type_prim(tc->arena, PRIM_I64);
  n->is_size_param = true;
  struct type_param *params = ARENA_NEW(tc->arena, struct type_param);
  *params = (struct type_param){TPARAM_SIZE, n->name, (struct loc){0}, n};
  struct size **dims = ARENA_ARRAY(tc->arena, struct size *, 1);
  dims[0] = size_name(tc->arena, n);
  struct type *t = type_prim(tc->arena, p);
  struct tc_binding *b = new_intrinsic(tc, INTR_NUM_REDUCE, intern(name));
  b->intrinsic_op = op;
  b->intrinsic_prim = p;
  b->scheme.params = params;
  b->scheme.param_count = 1;
  b->scheme.type = type_arrow(tc->arena, NULL, type_array(tc->arena, t, dims, 1), t);
  b->type = b->scheme.type;
  add_member(tc, m, b);
}

static bool applies(char which, enum prim_type p) {
  if (p == PRIM_BOOL) {
    return false; /* the bool module has only conversions */
  }
  return which == 'A' || (which == 'I' && prim_is_int(p)) || (which == 'F' && prim_is_float(p));
}

static void install_numeric_module(struct tc *tc, enum prim_type p) {
  static const enum intrinsic kind_of[] = {
      [NUM_UNARY] = INTR_NUM_UNARY,         [NUM_BINARY] = INTR_NUM_BINARY,
      [NUM_COMPARE] = INTR_NUM_COMPARE,     [NUM_PREDICATE] = INTR_NUM_PREDICATE,
      [NUM_INT_COUNT] = INTR_NUM_INT_COUNT, [NUM_TO_BITS] = INTR_NUM_TO_BITS,
      [NUM_FROM_BITS] = INTR_NUM_FROM_BITS, [NUM_CONST] = INTR_NUM_CONST,
      [NUM_REDUCE] = INTR_NUM_REDUCE,
      [NUM_DERIVED_UNARY] = INTR_NUM_DERIVED,    [NUM_DERIVED_BINARY] = INTR_NUM_DERIVED,
      [NUM_DERIVED_TERNARY] = INTR_NUM_DERIVED,  [NUM_DERIVED_BITS] = INTR_NUM_DERIVED,
      [NUM_DERIVED_GET_BIT] = INTR_NUM_DERIVED,  [NUM_DERIVED_SET_BIT] = INTR_NUM_DERIVED,
      [NUM_DERIVED_FRACTION] = INTR_NUM_DERIVED, [NUM_DERIVED_LDEXP] = INTR_NUM_DERIVED,
  };
  struct tc_module *m = module_new(tc, intern(prim_name(p)));
#define X(name, shape, which, op)                                          \
  if (applies(#which[0], p)) {                                             \
    if (shape == NUM_REDUCE) {                                             \
      install_reduce_member(tc, m, name, op, p);                           \
    } else {                                                               \
      struct tc_binding *b = new_intrinsic(tc, kind_of[shape], intern(name)); \
      b->intrinsic_op = op;                                                \
      b->intrinsic_prim = p;                                               \
      b->scheme.type = member_type(tc, shape, p);                          \
      b->type = b->scheme.type;                                            \
      add_member(tc, m, b);                                                \
    }                                                                      \
  }
  NUMERIC_MEMBERS(X)
#undef X
  for (int q = PRIM_BOOL; q < PRIM_COUNT; q++) {
    add_conversion(tc, m, prim_name((enum prim_type)q), (enum prim_type)q, p);
  }
  if (p != PRIM_BOOL) {
    add_conversion(tc, m, "to_i32", p, PRIM_I32);
    add_conversion(tc, m, "to_i64", p, PRIM_I64);
    add_conversion(tc, m, "to_f64", p, PRIM_F64);
  }
  add_type_member(tc, m, "t", p);
  if (prim_is_float(p)) {
    add_type_member(tc, m, "int_t", bits_type(p));
  }
  struct tc_binding *mb = binding_new(tc, BIND_MODULE, m->name, (struct loc){0});
  mb->module = m;
  env_bind(tc, &tc->modules, m->name, mb);
}

static void install_prim_types(struct tc *tc) {
  for (int p = PRIM_BOOL; p < PRIM_COUNT; p++) {
    struct tc_binding *b = binding_new(tc, BIND_TYPE, intern(prim_name((enum prim_type)p)),
                                       (struct loc){0});
    b->type = type_prim(tc->arena, (enum prim_type)p);
    b->scheme.type = b->type;
    env_bind(tc, &tc->types, b->name, b);
  }
}

void intrinsics_install(struct tc *tc) {
  install_prim_types(tc);
  /* Operators first: the array intrinsics' signatures use + and * in sizes. */
#define X(symbol, op, constraint, returns_bool) \
  install_operator(tc, symbol, IR_BINOP_##op, constraint, returns_bool);
  OPERATOR_INTRINSICS(X)
#undef X
#define X(name, source, sig) install_array_intrinsic(tc, INTR_##name, source, sig);
  ARRAY_INTRINSICS(X)
#undef X
  install_bool_operator(tc, "&&", IR_BINOP_LAND);
  install_bool_operator(tc, "||", IR_BINOP_LOR);
  for (int p = PRIM_BOOL; p < PRIM_COUNT; p++) {
    install_numeric_module(tc, (enum prim_type)p);
  }
}
