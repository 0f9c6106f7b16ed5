/* Building core IR: constructors for variables, types, constants and bodies.
 *
 * Every pass builds IR through these, so ids stay unique and bodies grow the same way.
 * All memory comes from the program's arena. */
#include "ir/ir.h"

#include "../../rts/c/scalar.h" /* f16 rounding, as the generated code rounds */

#include <string.h>

static const char *const unop_names[] = {
#define X(op, spelling, kind) spelling,
    IR_UNOPS(X)
#undef X
};

static const char *const binop_names[] = {
#define X(op, spelling, kind, runtime) spelling,
    IR_BINOPS(X)
#undef X
};

static const char *const binop_runtime_names[] = {
#define X(op, spelling, kind, runtime) runtime,
    IR_BINOPS(X)
#undef X
};

static const char *const exp_kind_names[] = {
#define X(kind, name) name,
    IR_EXP_KINDS(X)
#undef X
};

static const char *const soac_kind_names[] = {
#define X(kind, name) name,
    IR_SOAC_KINDS(X)
#undef X
};

const char *ir_unop_name(enum ir_unop op) {
  return unop_names[op];
}

const char *ir_binop_name(enum ir_binop op) {
  return binop_names[op];
}

const char *ir_binop_runtime_name(enum ir_binop op) {
  return binop_runtime_names[op];
}

bool ir_binop_commutes(enum ir_binop op, enum prim_type t) {
  switch (op) {
  case IR_BINOP_ADD:
  case IR_BINOP_MUL:
  case IR_BINOP_EQ:
  case IR_BINOP_NE:
    return true;
  case IR_BINOP_MIN: /* of +0 and -0, float min gives the first */
  case IR_BINOP_MAX:
  case IR_BINOP_BAND:
  case IR_BINOP_BOR:
  case IR_BINOP_BXOR:
  case IR_BINOP_LAND:
  case IR_BINOP_LOR:
    return !prim_is_float(t);
  default:
    return false;
  }
}

bool ir_binop_is_comparison(enum ir_binop op) {
  switch (op) {
  case IR_BINOP_EQ:
  case IR_BINOP_NE:
  case IR_BINOP_LT:
  case IR_BINOP_LE:
  case IR_BINOP_GT:
  case IR_BINOP_GE:
    return true;
  default:
    return false;
  }
}

const char *ir_exp_kind_name(enum ir_exp_kind k) {
  return exp_kind_names[k];
}

const char *ir_soac_kind_name(enum ir_soac_kind k) {
  return soac_kind_names[k];
}

struct ir_program *ir_program_new(struct arena *a) {
  struct ir_program *p = ARENA_NEW(a, struct ir_program);
  p->arena = a;
  return p;
}

struct ir_var *ir_var_new(struct ir_program *p, name_t name, struct ir_type type) {
  struct ir_var *v = ARENA_NEW(p->arena, struct ir_var);
  v->name = name;
  v->id = p->next_var_id++;
  v->type = type;
  return v;
}

struct ir_type ir_type_scalar(enum prim_type prim) {
  return (struct ir_type){.prim = prim};
}

struct ir_type ir_type_array(struct arena *a, enum prim_type prim, int rank,
                             const struct ir_subexp *dims) {
  struct ir_type t = {.prim = prim, .rank = rank};
  if (rank > 0) {
    t.dims = ARENA_ARRAY(a, struct ir_subexp, rank);
    for (int i = 0; i < rank; i++) {
      t.dims[i] = dims != NULL ? dims[i] : ir_se_none();
    }
  }
  return t;
}

int ir_type_const_elems(struct ir_type t) {
  int64_t elems = 1;
  for (int d = 0; d < t.rank; d++) {
    int64_t n = t.dims[d].kind == IR_SE_CONST ? (int64_t)t.dims[d].u.c.v.i : -1;
    if (n < 0 || n > INT32_MAX / (elems > 0 ? elems : 1)) {
      diag_ice("ir", (struct loc){0}, "the elements of an array of no constant shape");
    }
    elems *= n;
  }
  return (int)elems;
}

struct ir_type ir_type_row(struct ir_type t) {
  struct ir_type r = t;
  r.rank = t.rank > 0 ? t.rank - 1 : 0;
  r.dims = r.rank > 0 ? t.dims + 1 : NULL;
  r.unique = false;
  return r;
}

struct ir_subexp ir_se_var(struct ir_var *v) {
  return (struct ir_subexp){.kind = IR_SE_VAR, .u.var = v};
}

struct ir_subexp ir_se_none(void) {
  return (struct ir_subexp){.kind = IR_SE_NONE};
}

struct ir_subexp ir_se_const(struct ir_const c) {
  return (struct ir_subexp){.kind = IR_SE_CONST, .u.c = c};
}

struct ir_const ir_const_int(enum prim_type prim, int64_t v) {
  struct ir_const c = {.prim = prim};
  if (prim == PRIM_BOOL) {
    c.v.b = v != 0;
    return c;
  }
  if (prim_is_float(prim)) {
    return ir_const_float(prim, (double)v);
  }
  int bits = prim_bytes(prim) * 8;
  uint64_t u = (uint64_t)v;
  if (bits < 64) {
    u &= (UINT64_C(1) << bits) - 1;
    if (prim_is_signed(prim) && (u >> (bits - 1)) != 0) {
      u |= ~((UINT64_C(1) << bits) - 1);
    }
  }
  c.v.i = u;
  return c;
}

struct ir_const ir_const_float(enum prim_type prim, double v) {
  struct ir_const c = {.prim = prim};
  if (prim == PRIM_F16) {
    c.v.i = rts_f64_to_f16(v);
  } else if (prim == PRIM_F32) {
    c.v.f32 = (float)v;
  } else {
    c.v.f64 = v;
  }
  return c;
}

double ir_const_float_value(struct ir_const c) {
  switch (c.prim) {
  case PRIM_F16:
    return (double)rts_f16_to_f32((uint16_t)c.v.i);
  case PRIM_F32:
    return (double)c.v.f32;
  default:
    return c.v.f64;
  }
}

struct ir_subexp ir_se_i64(int64_t v) {
  return ir_se_const(ir_const_int(PRIM_I64, v));
}

struct ir_subexp ir_se_bool(bool v) {
  struct ir_const c = {.prim = PRIM_BOOL};
  c.v.b = v;
  return ir_se_const(c);
}

/* A full array of `count` pointers copied into one of twice the capacity (8 at first). */
static void **grow_pointers(struct arena *a, void **items, int count, int *cap) {
  *cap = *cap == 0 ? 8 : *cap * 2;
  void **fresh = ARENA_ARRAY(a, void *, *cap);
  if (count > 0) {
    memcpy(fresh, items, sizeof *fresh * (size_t)count);
  }
  return fresh;
}

struct ir_body *ir_body_new(struct arena *a) {
  return ARENA_NEW(a, struct ir_body);
}

struct ir_stm *ir_body_add(struct ir_program *p, struct ir_body *b, struct loc loc,
                           struct ir_exp exp, struct ir_var **pat, int pat_count) {
  if (b->stm_count == b->stm_cap) {
    b->stms = (struct ir_stm **)grow_pointers(p->arena, (void **)b->stms, b->stm_count,
                                              &b->stm_cap);
  }
  struct ir_stm *s = ARENA_NEW(p->arena, struct ir_stm);
  s->loc = loc;
  s->exp = exp;
  s->pat_count = pat_count;
  if (pat_count > 0) {
    s->pat = ARENA_ARRAY(p->arena, struct ir_var *, pat_count);
    memcpy(s->pat, pat, sizeof *pat * (size_t)pat_count);
  }
  b->stms[b->stm_count++] = s;
  return s;
}

void ir_body_set_results(struct arena *a, struct ir_body *b, const struct ir_subexp *res,
                         int count) {
  b->result_count = count;
  b->results = count > 0 ? arena_dup(a, res, sizeof *res * (size_t)count) : NULL;
}

struct ir_lambda *ir_lambda_new(struct arena *a) {
  struct ir_lambda *l = ARENA_NEW(a, struct ir_lambda);
  l->body = ir_body_new(a);
  return l;
}

void ir_soac_drop_input(struct ir_soac *s, int k) {
  struct ir_lambda *l = s->map_fn;
  memmove(s->inputs + k, s->inputs + k + 1, sizeof *s->inputs * (size_t)(s->input_count - k - 1));
  memmove(l->params + k, l->params + k + 1, sizeof *l->params * (size_t)(l->param_count - k - 1));
  s->input_count--;
  l->param_count--;
}

struct ir_fun *ir_fun_new(struct ir_program *p, name_t name, struct loc loc) {
  struct ir_fun *f = ARENA_NEW(p->arena, struct ir_fun);
  f->name = name;
  f->source_name = name;
  f->loc = loc;
  f->body = ir_body_new(p->arena);
  return f;
}

void ir_program_add_fun(struct ir_program *p, struct ir_fun *f) {
  if (p->fun_count == p->fun_cap) {
    p->funs = (struct ir_fun **)grow_pointers(p->arena, (void **)p->funs, p->fun_count,
                                              &p->fun_cap);
  }
  f->id = p->fun_count;
  p->funs[p->fun_count++] = f;
}

struct ir_type ir_subexp_type(struct ir_subexp se) {
  switch (se.kind) {
  case IR_SE_CONST:
    return ir_type_scalar(se.u.c.prim);
  case IR_SE_VAR:
    return se.u.var->type;
  case IR_SE_NONE:
    break;
  }
  return ir_type_scalar(PRIM_NONE);
}

static bool const_equal(struct ir_const a, struct ir_const b) {
  if (a.prim != b.prim) {
    return false;
  }
  if (a.prim == PRIM_BOOL) {
    return a.v.b == b.v.b;
  }
  if (a.prim == PRIM_F32) {
    return memcmp(&a.v.f32, &b.v.f32, sizeof a.v.f32) == 0;
  }
  if (a.prim == PRIM_F64) {
    return memcmp(&a.v.f64, &b.v.f64, sizeof a.v.f64) == 0;
  }
  return a.v.i == b.v.i;
}

bool ir_subexp_equal(struct ir_subexp a, struct ir_subexp b) {
  if (a.kind != b.kind) {
    return false;
  }
  switch (a.kind) {
  case IR_SE_NONE:
    return true;
  case IR_SE_CONST:
    return const_equal(a.u.c, b.u.c);
  case IR_SE_VAR:
    return a.u.var == b.u.var;
  }
  return false;
}

bool ir_type_equal(struct ir_type a, struct ir_type b) {
  if (a.prim != b.prim || a.rank != b.rank) {
    return false;
  }
  for (int i = 0; i < a.rank; i++) {
    if (a.dims[i].kind != IR_SE_NONE && b.dims[i].kind != IR_SE_NONE &&
        !ir_subexp_equal(a.dims[i], b.dims[i])) {
      return false;
    }
  }
  return true;
}
