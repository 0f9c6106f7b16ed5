/* Scalar expressions and array operations of the core IR, as C statements.
 *
 * Scalars: every operator becomes a call of the runtime's rts_OP_TYPE (rts/c/scalar.h,
 * Futhark's semantics), comparisons and logical operators plain C; integer division
 * and modulo, and ** with a negative exponent of zero, are checked for "division by
 * zero" first, unless the divisor is a constant that cannot be zero.
 *
 * Arrays: indexing with fixed indices reads an element or makes a row view inline,
 * bounds-checked unless the statement is #[unsafe]; slices and updates of slices go
 * through the runtime's strided views (rts/c/array.c). Every fresh array gets a block
 * through rts_alloc_array; views take a reference (emit_own.c). Each failed check is a
 * run-time error located at the statement (e->where), with Futhark's wording.
 */
#include <string.h>

#include <math.h>

#include "backend_c/emit_internal.h"

/* Operators that are plain C on their operands: comparisons, logic, bool bits. */
static const char *const c_operators[IR_BINOP_COUNT] = {
    [IR_BINOP_EQ] = "==",   [IR_BINOP_NE] = "!=",   [IR_BINOP_LT] = "<",
    [IR_BINOP_LE] = "<=",   [IR_BINOP_GT] = ">",    [IR_BINOP_GE] = ">=",
    [IR_BINOP_LAND] = "&&", [IR_BINOP_LOR] = "||",
};

static const char *bool_operators[IR_BINOP_COUNT] = {
    [IR_BINOP_BAND] = "&", [IR_BINOP_BOR] = "|", [IR_BINOP_BXOR] = "^",
    [IR_BINOP_MIN] = "&",  [IR_BINOP_MAX] = "|",
};

static const char *sizeof_elem(struct emitter *e, enum prim_type t) {
  return emit_c_printf(e, "sizeof(%s)", emit_c_elem_type(t));
}

/* Copies the shape of `from` (dimensions from_dim..) into `to` (from to_dim on). */
static void copy_shape(struct emitter *e, const char *to, int to_dim, const char *from,
                       int from_dim, int count) {
  for (int d = 0; d < count; d++) {
    emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", to, to_dim + d, from, from_dim + d);
  }
}

/* A dimension of a type as C text when its value is known here, else NULL. */
static const char *known_dim(struct emitter *e, struct ir_subexp d) {
  if (d.kind == IR_SE_CONST) {
    return emit_c_subexp(e, d);
  }
  if (d.kind == IR_SE_VAR && e->vars[d.u.var->id].in_scope) {
    return emit_c_var(e, d.u.var);
  }
  return NULL;
}

static void alloc_array(struct emitter *e, const struct ir_var *y) {
  const char *name = emit_c_var(e, y);
  emit_c_try(e, "rts_alloc_array(ctx, &%s.mem, &%s.data, %s, %d, %s.shape, %s)", name, name,
             sizeof_elem(e, y->type.prim), y->type.rank, name, e->where);
}

/* ------------------------------------------------------------------ Scalars */

static bool is_nonzero_const(struct ir_subexp se) {
  return se.kind == IR_SE_CONST && se.u.c.v.i != 0;
}

static void emit_unop(struct emitter *e, const struct ir_stm *s) {
  enum ir_unop op = s->exp.u.unop.op;
  struct ir_subexp x = s->exp.u.unop.operand;
  enum prim_type from = ir_subexp_type(x).prim, to = s->pat[0]->type.prim;
  const char *y = emit_c_var(e, s->pat[0]), *xs = emit_c_subexp(e, x);
  const char *name = ir_unop_name(op);
  switch (op) {
  case IR_UNOP_NOT:
    emit_c_line(e, "%s = !%s;", y, xs);
    return;
  case IR_UNOP_TO_BITS:
  case IR_UNOP_POPC:
  case IR_UNOP_CLZ:
  case IR_UNOP_CTZ:
    emit_c_line(e, "%s = (%s)rts_%s_%s(%s);", y, emit_c_elem_type(to), name, prim_name(from),
                xs);
    return;
  case IR_UNOP_FROM_BITS:
    emit_c_line(e, "%s = rts_from_bits_%s((uint%d_t)%s);", y, prim_name(to),
                prim_bytes(to) * 8, xs);
    return;
  default:
    break;
  }
  if (from == PRIM_BOOL) {
    /* Only complement, abs and sgn make sense on bool; the bits are the value. */
    emit_c_line(e, "%s = %s%s;", y, op == IR_UNOP_COMPLEMENT ? "!" : "", xs);
    return;
  }
  emit_c_line(e, "%s = rts_%s_%s(%s);", y, name, prim_name(from), xs);
}

/* Division by zero, and a negative exponent of ** (Note [negative exponents] in
 * rts/c/scalar.h), are run-time errors for integers. */
static void check_divisor(struct emitter *e, enum ir_binop op, enum prim_type t,
                          struct ir_subexp rhs) {
  const char *b = emit_c_subexp(e, rhs);
  bool division = op == IR_BINOP_DIV || op == IR_BINOP_MOD || op == IR_BINOP_QUOT ||
                  op == IR_BINOP_REM;
  bool power = op == IR_BINOP_POW && prim_is_signed(t) &&
               !(rhs.kind == IR_SE_CONST && (int64_t)rhs.u.c.v.i >= 0);
  if (!prim_is_int(t) || (is_nonzero_const(rhs) && division)) {
    return;
  }
  bool target = EMIT_HOOK(e, check);
  if (division) {
    const char *cond = emit_c_printf(e, "%s == 0", b);
    if (!target || !e->target->check(e, cond, "division by zero", NULL)) {
      emit_c_fail_if(e, cond, "rts_division_by_zero(ctx, %s)", e->where);
    }
  } else if (power) {
    const char *cond = emit_c_printf(e, "%s < 0", b);
    if (!target || !e->target->check(e, cond, "negative exponent %lld in integer **", b)) {
      emit_c_fail_if(e, cond, "rts_negative_exponent(ctx, %s, (int64_t)%s)", e->where, b);
    }
  }
}

/* x OP x for a comparison: gcc and clang warn about comparing a variable with itself,
 * and the value is known anyway (for floats, but for NaN, which is unordered). */
static void emit_self_comparison(struct emitter *e, const char *y, enum ir_binop op,
                                 enum prim_type t, const char *x) {
  bool reflexive = op == IR_BINOP_EQ || op == IR_BINOP_LE || op == IR_BINOP_GE;
  if (!prim_is_float(t) || op == IR_BINOP_LT || op == IR_BINOP_GT) {
    emit_c_line(e, "%s = %s;", y, reflexive ? "true" : "false");
  } else {
    emit_c_line(e, "%s = %srts_isnan_%s(%s);", y, reflexive ? "!" : "", prim_name(t), x);
  }
}

bool emit_c_narrow(const struct emitter *e, struct ir_subexp x) {
  if (!e->narrow_code) {
    return false;
  }
  if (x.kind == IR_SE_CONST) {
    int64_t c = (int64_t)x.u.c.v.i;
    return prim_is_int(x.u.c.prim) && c >= INT32_MIN && c <= INT32_MAX;
  }
  return x.kind == IR_SE_VAR && e->vars[x.u.var->id].narrow;
}

/* Whether i64 operator op computes in rts_nidx (Note [narrow indices] in
 * src/lower/ranges.c): its result and operands are narrow, so their values fit in 32
 * bits whenever kernels with rts_nidx = int run, and the 32-bit operator gives the
 * same result; shifts only by constants below 31, where the two agree. */
static bool narrow_binop(const struct emitter *e, const struct ir_stm *s) {
  enum ir_binop op = s->exp.u.binop.op;
  struct ir_subexp rhs = s->exp.u.binop.rhs;
  bool shift = op == IR_BINOP_SHL || op == IR_BINOP_SHR;
  bool arith = op == IR_BINOP_ADD || op == IR_BINOP_SUB || op == IR_BINOP_MUL ||
               op == IR_BINOP_DIV || op == IR_BINOP_MOD || op == IR_BINOP_QUOT ||
               op == IR_BINOP_REM || op == IR_BINOP_MIN || op == IR_BINOP_MAX ||
               op == IR_BINOP_BAND || op == IR_BINOP_BOR || op == IR_BINOP_BXOR;
  return e->narrow_code && s->pat[0]->type.prim == PRIM_I64 && e->vars[s->pat[0]->id].narrow &&
         (arith || (shift && rhs.kind == IR_SE_CONST && rhs.u.c.v.i < 31)) &&
         emit_c_narrow(e, s->exp.u.binop.lhs) && emit_c_narrow(e, rhs);
}

static void emit_binop(struct emitter *e, const struct ir_stm *s) {
  enum ir_binop op = s->exp.u.binop.op;
  enum prim_type t = ir_subexp_type(s->exp.u.binop.lhs).prim;
  const char *y = emit_c_var(e, s->pat[0]);
  const char *a = emit_c_subexp(e, s->exp.u.binop.lhs);
  const char *b = emit_c_subexp(e, s->exp.u.binop.rhs);
  struct ir_subexp lhs = s->exp.u.binop.lhs, rhs = s->exp.u.binop.rhs;
  if (ir_binop_is_comparison(op) && lhs.kind == IR_SE_VAR && rhs.kind == IR_SE_VAR &&
      lhs.u.var == rhs.u.var) {
    emit_self_comparison(e, y, op, t, a);
    return;
  }
  if (c_operators[op] != NULL && t == PRIM_F16) { /* compared as f32: the same order */
    emit_c_line(e, "%s = (rts_f16_to_f32(%s) %s rts_f16_to_f32(%s));", y, a, c_operators[op],
                b);
    return;
  }
  if (c_operators[op] != NULL) {
    emit_c_line(e, "%s = (%s %s %s);", y, a, c_operators[op], b);
    return;
  }
  if (t == PRIM_BOOL) {
    if (bool_operators[op] == NULL) {
      emit_c_unsupported(e, s, "this operator on bool");
    }
    emit_c_line(e, "%s = (bool)(%s %s %s);", y, a, bool_operators[op], b);
    return;
  }
  check_divisor(e, op, t, s->exp.u.binop.rhs);
  if (op == IR_BINOP_FMA) {
    emit_c_line(e, "%s = rts_fma_%s(%s, %s, %s);", y, prim_name(t), a, b,
                emit_c_subexp(e, s->exp.u.binop.addend));
    return;
  }
  if (narrow_binop(e, s)) {
    emit_c_line(e, "%s = RTS_NIDX(%s)(%s, %s);", y, ir_binop_runtime_name(op), a, b);
    return;
  }
  emit_c_line(e, "%s = rts_%s_%s(%s, %s);", y, ir_binop_runtime_name(op), prim_name(t), a, b);
}

static void emit_convert(struct emitter *e, const struct ir_stm *s) {
  struct ir_subexp x = s->exp.u.convert.operand;
  enum prim_type from = ir_subexp_type(x).prim, to = s->pat[0]->type.prim;
  const char *y = emit_c_var(e, s->pat[0]), *xs = emit_c_subexp(e, x);
  const char *ty = emit_c_elem_type(to);
  if (from != to && from == PRIM_F16) {
    /* From f16 through its exact f32 (Note [f16] in rts/c/scalar.h). */
    from = PRIM_F32;
    xs = emit_c_printf(e, "rts_f16_to_f32(%s)", xs);
  }
  if (from == to) {
    emit_c_line(e, "%s = %s;", y, xs);
  } else if (to == PRIM_F16) {
    /* From f64 in one rounding; every other type converts to f32 exactly or rounds
     * to a value that is infinite in f16 anyway (2^24 and up). */
    emit_c_line(e, "%s = %s;", y,
                emit_c_printf(e, from == PRIM_F64 ? "rts_f64_to_f16(%s)"
                                                  : "rts_f32_to_f16((float)%s)", xs));
  } else if (from == PRIM_BOOL) {
    emit_c_line(e, "%s = (%s)(%s ? 1 : 0);", y, ty, xs);
  } else if (to == PRIM_BOOL) {
    emit_c_line(e, "%s = (%s != 0);", y, xs);
  } else if (prim_is_float(from) && prim_is_int(to)) {
    emit_c_line(e, "%s = rts_fptoi_%s((double)%s);", y, prim_name(to), xs);
  } else if (prim_convert_zero_extends(from, to)) {
    /* u16.i8 (-128) is 128, where C would sign-extend. */
    emit_c_line(e, "%s = (%s)(uint%d_t)%s;", y, ty, prim_bytes(from) * 8, xs);
  } else {
    emit_c_line(e, "%s = (%s)%s;", y, ty, xs);
  }
}

void emit_c_scalar_exp(struct emitter *e, const struct ir_stm *s) {
  const char *y = s->pat_count > 0 ? emit_c_var(e, s->pat[0]) : NULL;
  if (y == NULL) {
    emit_c_unsupported(e, s, "a scalar expression without a result");
  }
  switch (s->exp.kind) {
  case IR_SUBEXP:
    emit_c_line(e, "%s = %s;", y, emit_c_subexp(e, s->exp.u.se));
    return;
  case IR_UNOP:
    emit_unop(e, s);
    return;
  case IR_BINOP:
    emit_binop(e, s);
    return;
  case IR_CONVERT:
    emit_convert(e, s);
    return;
  case IR_SHAPE:
    emit_c_line(e, "%s = %s;", y, emit_c_dim(e, s->exp.u.shape.array, s->exp.u.shape.dim));
    return;
  default:
    emit_c_unsupported(e, s, "this expression as a scalar");
  }
}

/* ------------------------------------------------------------- Indexing */

static bool all_fixed(const struct ir_dim_index *dims, int count) {
  for (int i = 0; i < count; i++) {
    if (dims[i].is_slice) {
      return false;
    }
  }
  return true;
}

/* Bounds check and element offset of x[i0, ..., i(count-1)] in array `name`. */
static const char *fixed_offset(struct emitter *e, const char *name, int rank,
                                const struct ir_dim_index *dims, int count) {
  const char **idx = ARENA_ARRAY(&e->arena, const char *, count + 1);
  struct strbuf cond, list, off;
  strbuf_init(&cond);
  strbuf_init(&list);
  strbuf_init(&off);
  for (int k = 0; k < count; k++) {
    idx[k] = emit_c_printf(e, "(int64_t)%s", emit_c_subexp(e, dims[k].fixed));
    strbuf_printf(&cond, "%s(uint64_t)%s >= (uint64_t)%s.shape[%d]", k > 0 ? " || " : "",
                  idx[k], name, k);
    strbuf_printf(&list, "%s%s", k > 0 ? ", " : "", idx[k]);
    if (k == 0) {
      strbuf_printf(&off, "%s", idx[k]);
    } else {
      const char *prev = emit_c_printf(e, "(%s) * %s.shape[%d] + %s", off.data, name, k,
                                       idx[k]);
      strbuf_free(&off);
      strbuf_puts(&off, prev);
    }
  }
  for (int k = count; k < rank; k++) {
    const char *prev = emit_c_printf(e, "(%s) * %s.shape[%d]", off.data, name, k);
    strbuf_free(&off);
    strbuf_puts(&off, prev);
  }
  if (!e->unsafe && count > 0) {
    emit_c_fail_if(e, cond.data,
                   "rts_index_error(ctx, %s, %d, (const int64_t[]){%s}, %d, %s.shape)",
                   e->where, count, list.data, rank, name);
  }
  const char *result = count > 0 ? emit_c_printf(e, "%s", off.data) : "0";
  strbuf_free(&cond);
  strbuf_free(&list);
  strbuf_free(&off);
  return result;
}

/* y = x[i, j, ...]: an element, or a row view that shares x's block. */
static void emit_fixed_index(struct emitter *e, const struct ir_stm *s, struct ir_var *x,
                             const struct ir_dim_index *dims, int count) {
  struct ir_var *y = s->pat[0];
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  const char *t = emit_c_elem_type(x->type.prim);
  const char *off = fixed_offset(e, xn, x->type.rank, dims, count);
  if (count == x->type.rank) {
    emit_c_line(e, "%s = ((const %s *)%s.data)[%s];", yn, t, xn, off);
    return;
  }
  emit_c_line(e, "%s.data = (%s *)%s.data + %s;", yn, t, xn, off);
  copy_shape(e, yn, 0, xn, count, x->type.rank - count);
  emit_own_take_mem(e, x, yn);
}

/* The rts_dim_index array describing dims, as a C initializer. */
static const char *dims_initializer(struct emitter *e, const struct ir_dim_index *dims,
                                    int count) {
  struct strbuf b;
  strbuf_init(&b);
  for (int k = 0; k < count; k++) {
    const struct ir_dim_index *d = &dims[k];
    const char *fixed = d->is_slice ? "0" : emit_c_subexp(e, d->fixed);
    strbuf_printf(&b, "%s{%s, (int64_t)%s, %s, %s, %s, (int64_t)%s, (int64_t)%s, (int64_t)%s}",
                  k > 0 ? ", " : "", d->is_slice ? "true" : "false", fixed,
                  d->start.kind != IR_SE_NONE ? "true" : "false",
                  d->end.kind != IR_SE_NONE ? "true" : "false",
                  d->stride.kind != IR_SE_NONE ? "true" : "false", emit_c_subexp(e, d->start),
                  emit_c_subexp(e, d->end), emit_c_subexp(e, d->stride));
  }
  const char *s = emit_c_printf(e, "{%s}", b.data != NULL ? b.data : "");
  strbuf_free(&b);
  return s;
}

/* Declares and computes the view array[dims]: offset tO, rank tR, counts tC and strides
 * tS (names returned through the pointers). Must run inside a block. */
static void emit_view(struct emitter *e, const char *array, int rank,
                      const struct ir_dim_index *dims, int count, const char **off,
                      const char **counts, const char **strides) {
  const char *d = emit_c_tmp(e), *r = emit_c_tmp(e);
  *off = emit_c_tmp(e);
  *counts = emit_c_tmp(e);
  *strides = emit_c_tmp(e);
  emit_c_line(e, "const struct rts_dim_index %s[%d] = %s;", d, count,
              dims_initializer(e, dims, count));
  emit_c_line(e, "int64_t %s = 0, %s[%d] = {0}, %s[%d] = {0};", *off, *counts, rank, *strides,
              rank);
  emit_c_line(e, "int %s = 0;", r);
  emit_c_try(e, "rts_slice_view(ctx, %s, %s, %d, %s.shape, %d, %s, &%s, &%s, %s, %s)",
             e->where, e->unsafe ? "false" : "true", rank, array, count, d, *off, r, *counts,
             *strides);
}

static void emit_slice(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *x = s->exp.u.index.array, *y = s->pat[0];
  const struct ir_dim_index *dims = s->exp.u.index.dims;
  int count = s->exp.u.index.count;
  if (all_fixed(dims, count)) {
    emit_fixed_index(e, s, x, dims, count);
    return;
  }
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  const char *off, *counts, *strides;
  emit_c_line(e, "{");
  e->indent++;
  emit_view(e, xn, x->type.rank, dims, count, &off, &counts, &strides);
  emit_c_try(e, "rts_view_or_copy(ctx, &%s.mem, &%s.data, %s.mem, (const char *)%s.data, %s, "
                "%s, %d, %s, %s, %s)",
             yn, yn, xn, xn, sizeof_elem(e, x->type.prim), off, y->type.rank, counts, strides,
             e->where);
  for (int d = 0; d < y->type.rank; d++) {
    emit_c_line(e, "%s.shape[%d] = %s[%d];", yn, d, counts, d);
  }
  e->indent--;
  emit_c_line(e, "}");
}

/* y = x with [dims] = v: in place when y's block is unique after taking x's reference,
 * else on a copy (Note [ownership]). */
static void emit_update(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *x = s->exp.u.update.array, *y = s->pat[0];
  const struct ir_dim_index *dims = s->exp.u.update.dims;
  int count = s->exp.u.update.count, rank = x->type.rank;
  struct ir_subexp v = s->exp.u.update.value;
  const char *yn = emit_c_var(e, y), *t = emit_c_elem_type(x->type.prim);
  emit_own_take(e, x, yn);
  emit_c_line(e, "if (RTS_UNLIKELY(%s.mem->refs != 1)) {", yn);
  e->indent++;
  emit_c_try(e, "rts_make_unique(ctx, &%s.mem, &%s.data, %s, %d, %s.shape, %s)", yn, yn,
             sizeof_elem(e, x->type.prim), rank, yn, e->where);
  e->indent--;
  emit_c_line(e, "}");
  if (all_fixed(dims, count) && count == rank) {
    const char *off = fixed_offset(e, yn, rank, dims, count);
    emit_c_line(e, "((%s *)%s.data)[%s] = %s;", t, yn, off, emit_c_subexp(e, v));
    return;
  }
  const char *off, *counts, *strides;
  emit_c_line(e, "{");
  e->indent++;
  emit_view(e, yn, rank, dims, count, &off, &counts, &strides);
  if (v.kind != IR_SE_VAR || v.u.var->type.rank == 0) {
    emit_c_unsupported(e, s, "an update of a slice with a scalar");
  }
  int fixed = 0;
  for (int k = 0; k < count; k++) {
    fixed += dims[k].is_slice ? 0 : 1;
  }
  const char *vn = emit_c_var(e, v.u.var);
  emit_c_try(e, "rts_write_view(ctx, %s, (char *)%s.data, %s, %s, %d, %s, %s, "
                "(const char *)%s.data, %d, %s.shape)",
             e->where, yn, sizeof_elem(e, x->type.prim), off, rank - fixed, counts, strides,
             vn, v.u.var->type.rank, vn);
  e->indent--;
  emit_c_line(e, "}");
}

/* -------------------------------------------------------------- Creation */

static void emit_iota(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *y = s->pat[0];
  const char *yn = emit_c_var(e, y), *t = emit_c_elem_type(y->type.prim);
  const char *p = emit_c_tmp(e), *i = emit_c_tmp(e);
  emit_c_line(e, "%s.shape[0] = (int64_t)%s;", yn, emit_c_subexp(e, s->exp.u.iota.n));
  emit_c_fail_if(e, emit_c_printf(e, "%s.shape[0] < 0", yn),
                 "rts_negative_size_error(ctx, %s, %s.shape[0], \"iota\")", e->where, yn);
  alloc_array(e, y);
  emit_c_line(e, "{");
  emit_c_line(e, "  %s *restrict %s = %s.data;", t, p, yn);
  emit_c_line(e, "  for (int64_t %s = 0; %s < %s.shape[0]; %s++) {", i, i, yn, i);
  emit_c_line(e, "    %s[%s] = (%s)%s;", p, i, t, i);
  emit_c_line(e, "  }");
  emit_c_line(e, "}");
}

/* A constant whose representation is all zero bits (0, +0.0, false): calloc makes it. */
static bool zero_bits(struct ir_subexp v) {
  if (v.kind != IR_SE_CONST) {
    return false;
  }
  switch (v.u.c.prim) {
  case PRIM_F16:
    return v.u.c.v.i == 0;
  case PRIM_F32:
    return v.u.c.v.f32 == 0 && !signbit(v.u.c.v.f32);
  case PRIM_F64:
    return v.u.c.v.f64 == 0 && !signbit(v.u.c.v.f64);
  case PRIM_BOOL:
    return !v.u.c.v.b;
  default:
    return v.u.c.v.i == 0;
  }
}

static void emit_replicate(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *y = s->pat[0];
  int c = s->exp.u.replicate.count;
  struct ir_subexp v = s->exp.u.replicate.value;
  const char *yn = emit_c_var(e, y), *t = emit_c_elem_type(y->type.prim);
  for (int d = 0; d < c; d++) {
    emit_c_line(e, "%s.shape[%d] = (int64_t)%s;", yn, d,
                emit_c_subexp(e, s->exp.u.replicate.dims[d]));
    emit_c_fail_if(e, emit_c_printf(e, "%s.shape[%d] < 0", yn, d),
                   "rts_negative_size_error(ctx, %s, %s.shape[%d], \"replicate\")", e->where,
                   yn, d);
  }
  bool array = v.kind == IR_SE_VAR && v.u.var->type.rank > 0;
  if (array) {
    copy_shape(e, yn, c, emit_c_var(e, v.u.var), 0, v.u.var->type.rank);
  }
  if (zero_bits(v)) {
    emit_c_try(e, "rts_alloc_zeroed_array(ctx, &%s.mem, &%s.data, %s, %d, %s.shape, true, %s)",
               yn, yn, sizeof_elem(e, y->type.prim), y->type.rank, yn, e->where);
    return;
  }
  alloc_array(e, y);
  const char *p = emit_c_tmp(e), *i = emit_c_tmp(e), *n = emit_c_tmp(e);
  emit_c_line(e, "{");
  e->indent++;
  emit_c_line(e, "%s *restrict %s = %s.data;", t, p, yn);
  if (!array) {
    emit_c_line(e, "const int64_t %s = %s;", n, emit_c_elems(e, y, 0));
    emit_c_line(e, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, n, i);
    emit_c_line(e, "  %s[%s] = %s;", p, i, emit_c_subexp(e, v));
  } else {
    const char *vn = emit_c_var(e, v.u.var), *inner = emit_c_elems(e, v.u.var, 0);
    struct strbuf outer;
    strbuf_init(&outer);
    for (int d = 0; d < c; d++) {
      strbuf_printf(&outer, "%s%s.shape[%d]", d > 0 ? " * " : "", yn, d);
    }
    emit_c_line(e, "const int64_t %s = %s > 0 ? %s : 0;", n, inner,
                c > 0 ? outer.data : "(int64_t)1");
    emit_c_line(e, "for (int64_t %s = 0; %s < %s; %s++) {", i, i, n, i);
    emit_c_line(e, "  memcpy(%s + %s * %s, %s.data, (size_t)%s * sizeof(%s));", p, i, inner,
                vn, inner, t);
    strbuf_free(&outer);
  }
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
}

static void emit_array_lit_rows(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *y = s->pat[0];
  int n = s->exp.u.array_lit.count;
  struct ir_type row = s->exp.u.array_lit.row;
  const char *yn = emit_c_var(e, y), *t = emit_c_elem_type(y->type.prim);
  emit_c_line(e, "%s.shape[0] = %d;", yn, n);
  if (n == 0) {
    for (int d = 0; d < row.rank; d++) {
      const char *known = known_dim(e, row.dims[d]);
      emit_c_line(e, "%s.shape[%d] = %s;", yn, d + 1, known != NULL ? known : "0");
    }
    alloc_array(e, y);
    return;
  }
  struct ir_var *first = s->exp.u.array_lit.elems[0].u.var;
  const char *fn = emit_c_var(e, first);
  copy_shape(e, yn, 1, fn, 0, row.rank);
  for (int i = 1; i < n; i++) {
    const char *en = emit_c_var(e, s->exp.u.array_lit.elems[i].u.var);
    emit_c_fail_if(e, emit_c_printf(e, "memcmp(%s.shape, %s.shape, sizeof %s.shape) != 0", fn,
                                    en, fn),
                   "rts_shape_mismatch_error(ctx, %s, \"array literal: rows differ\", %d, "
                   "%s.shape, %d, %s.shape)",
                   e->where, row.rank, fn, row.rank, en);
  }
  alloc_array(e, y);
  const char *inner = emit_c_elems(e, first, 0);
  for (int i = 0; i < n; i++) {
    emit_c_line(e, "memcpy((%s *)%s.data + %d * %s, %s.data, (size_t)%s * sizeof(%s));", t,
                yn, i, inner, emit_c_var(e, s->exp.u.array_lit.elems[i].u.var), inner, t);
  }
}

/* Note [literals as static data]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The constant elements of an array literal are a static const array of the function
 * that makes it, copied into the new array with one memcpy; only the elements that are
 * not constants are stored one by one. A store per element made a function of 200 000
 * statements from a 200 000-element literal, which C compilers took minutes over;
 * static data of the same size compiles in a second or two
 * (tests/robustness/literal_size.sh). The OpenCL backend's host code is this code, and
 * the array goes to the device as any host array does. A literal of rows that are
 * constant literals is one literal before it comes here (Note [literals of constant
 * rows] in src/fusion/simplify.c). */
static void emit_array_lit(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *y = s->pat[0];
  if (s->exp.u.array_lit.row.rank > 0) {
    emit_array_lit_rows(e, s);
    return;
  }
  const char *yn = emit_c_var(e, y), *t = emit_c_elem_type(y->type.prim);
  const struct ir_subexp *elems = s->exp.u.array_lit.elems;
  int n = s->exp.u.array_lit.count, consts = 0;
  for (int i = 0; i < n; i++) {
    consts += elems[i].kind == IR_SE_CONST;
  }
  emit_c_line(e, "%s.shape[0] = %d;", yn, n);
  alloc_array(e, y);
  if (consts > 0) {
    const char *data = emit_c_tmp(e);
    emit_c_line(e, "{");
    emit_c_line(e, "  static const %s %s[%d] = {", t, data, n);
    for (int i = 0; i < n; i += 8) {
      struct strbuf line;
      strbuf_init(&line);
      for (int k = i; k < n && k < i + 8; k++) {
        strbuf_printf(&line, "%s%s,", k > i ? " " : "",
                      elems[k].kind == IR_SE_CONST ? emit_c_subexp(e, elems[k]) : "0");
      }
      emit_c_line(e, "    %s", line.data);
      strbuf_free(&line);
    }
    emit_c_line(e, "  };");
    emit_c_line(e, "  memcpy(%s.data, %s, sizeof %s);", yn, data, data);
    emit_c_line(e, "}");
  }
  for (int i = 0; i < n; i++) {
    if (elems[i].kind != IR_SE_CONST) {
      emit_c_line(e, "((%s *)%s.data)[%d] = %s;", t, yn, i, emit_c_subexp(e, elems[i]));
    }
  }
}

/* --------------------------------------------------------- Rearrangement */

static void emit_rearrange(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *x = s->exp.u.rearrange.array, *y = s->pat[0];
  const int *perm = s->exp.u.rearrange.perm;
  int rank = s->exp.u.rearrange.rank;
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  bool identity = true;
  struct strbuf list;
  strbuf_init(&list);
  for (int i = 0; i < rank; i++) {
    identity = identity && perm[i] == i;
    strbuf_printf(&list, "%s%d", i > 0 ? ", " : "", perm[i]);
    emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", yn, i, xn, perm[i]);
  }
  if (identity) {
    emit_c_line(e, "%s.data = %s.data;", yn, xn);
    emit_own_take_mem(e, x, yn);
  } else {
    emit_c_try(e, "rts_rearrange(ctx, &%s.mem, &%s.data, (const char *)%s.data, %s, %d, "
                  "%s.shape, (const int[]){%s}, %s)",
               yn, yn, xn, sizeof_elem(e, x->type.prim), rank, xn, list.data, e->where);
  }
  strbuf_free(&list);
}

static void emit_reshape(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *x = s->exp.u.reshape.array, *y = s->pat[0];
  int c = s->exp.u.reshape.count;
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  for (int d = 0; d < c; d++) {
    emit_c_line(e, "%s.shape[%d] = (int64_t)%s;", yn, d,
                emit_c_subexp(e, s->exp.u.reshape.dims[d]));
  }
  emit_c_fail_if(e, emit_c_printf(e, "!rts_shape_has_elems(%d, %s.shape, %s)", c, yn,
                                  emit_c_elems(e, x, 0)),
                 "rts_reshape_error(ctx, %s, %d, %s.shape, %d, %s.shape)", e->where,
                 x->type.rank, xn, c, yn);
  emit_c_line(e, "%s.data = %s.data;", yn, xn);
  emit_own_take_mem(e, x, yn);
}

static void emit_concat(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *y = s->pat[0];
  struct ir_var *const *xs = s->exp.u.concat.arrays;
  int n = s->exp.u.concat.count, rank = y->type.rank;
  const char *yn = emit_c_var(e, y), *t = emit_c_elem_type(y->type.prim);
  const char *first = emit_c_var(e, xs[0]);
  emit_c_line(e, "%s.shape[0] = 0;", yn);
  copy_shape(e, yn, 1, first, 1, rank - 1);
  for (int i = 0; i < n; i++) {
    const char *xn = emit_c_var(e, xs[i]);
    for (int d = 1; d < rank; d++) {
      emit_c_fail_if(e, emit_c_printf(e, "%s.shape[%d] != %s.shape[%d]", xn, d, first, d),
                     "rts_shape_mismatch_error(ctx, %s, \"concat: the rows differ\", %d, "
                     "%s.shape, %d, %s.shape)",
                     e->where, rank, first, rank, xn);
    }
    /* Rows of no elements may be as many as an int64_t holds: their sum may not. */
    emit_c_fail_if(e, emit_c_printf(e, "%s.shape[0] > INT64_MAX - %s.shape[0]", xn, yn),
                   "rts_size_overflow(ctx, %s, \"concat\", %s.shape[0], %s.shape[0])",
                   e->where, yn, xn);
    emit_c_line(e, "%s.shape[0] += %s.shape[0];", yn, xn);
  }
  alloc_array(e, y);
  const char *p = emit_c_tmp(e);
  emit_c_line(e, "{");
  e->indent++;
  emit_c_line(e, "char *%s = %s.data;", p, yn);
  for (int i = 0; i < n; i++) {
    const char *bytes = emit_c_printf(e, "(size_t)%s * sizeof(%s)", emit_c_elems(e, xs[i], 0), t);
    emit_c_line(e, "memcpy(%s, %s.data, %s);", p, emit_c_var(e, xs[i]), bytes);
    emit_c_line(e, "%s += %s;", p, bytes);
  }
  e->indent--;
  emit_c_line(e, "}");
}

static void emit_copy(struct emitter *e, const struct ir_stm *s) {
  struct ir_var *x = s->exp.u.copy, *y = s->pat[0];
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  if (x->type.rank == 0) {
    emit_c_line(e, "%s = %s;", yn, xn);
    return;
  }
  copy_shape(e, yn, 0, xn, 0, x->type.rank);
  emit_c_try(e, "rts_copy_array(ctx, &%s.mem, &%s.data, %s.data, %s, %d, %s.shape, %s)", yn, yn,
             xn, sizeof_elem(e, x->type.prim), x->type.rank, xn, e->where);
}

static void emit_assert(struct emitter *e, const struct ir_stm *s) {
  const char *msg = s->exp.u.assert_.message != NULL ? s->exp.u.assert_.message
                                                     : "assertion failed";
  struct strbuf lit;
  strbuf_init(&lit);
  strbuf_putc(&lit, '"');
  for (const char *p = msg; *p != '\0'; p++) {
    if (*p == '"' || *p == '\\' || *p == '?') {
      strbuf_putc(&lit, '\\');
      strbuf_putc(&lit, *p);
    } else if ((unsigned char)*p < 0x20) {
      strbuf_printf(&lit, "\\%03o", (unsigned char)*p);
    } else {
      strbuf_putc(&lit, *p);
    }
  }
  strbuf_putc(&lit, '"');
  emit_c_fail_if(e, emit_c_printf(e, "!(%s)", emit_c_subexp(e, s->exp.u.assert_.cond)),
                 "rts_error(ctx, RTS_PROGRAM_ERROR, \"%%s: error: %%s\", %s, %s)", e->where,
                 lit.data);
  strbuf_free(&lit);
}

void emit_c_array_exp(struct emitter *e, const struct ir_stm *s) {
  switch (s->exp.kind) {
  case IR_INDEX:
    emit_fixed_index(e, s, s->exp.u.index.array, s->exp.u.index.dims, s->exp.u.index.count);
    return;
  case IR_SLICE:
    emit_slice(e, s);
    return;
  case IR_UPDATE:
    emit_update(e, s);
    return;
  case IR_IOTA:
    emit_iota(e, s);
    return;
  case IR_REPLICATE:
    emit_replicate(e, s);
    return;
  case IR_ARRAY_LIT:
    emit_array_lit(e, s);
    return;
  case IR_REARRANGE:
    emit_rearrange(e, s);
    return;
  case IR_RESHAPE:
    emit_reshape(e, s);
    return;
  case IR_CONCAT:
    emit_concat(e, s);
    return;
  case IR_COPY:
    emit_copy(e, s);
    return;
  case IR_ASSERT:
    emit_assert(e, s);
    return;
  default:
    emit_c_unsupported(e, s, "this expression as an array operation");
  }
}
