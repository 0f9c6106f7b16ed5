/* Internalising a range a..s...b (and a...b, a..<b, a..>b): Futhark's rules for its
 * validity and its length, then iota and a map.
 *
 * With elements of type T, the step is s - a (or 1, -1 for ..>) in T; read as a signed
 * number, its sign is the direction. The range is invalid, a run-time error at its
 * location that says which rule it broke, when the step is 0 (s == a), when an
 * exclusive range's step goes away from its end (a..<b downwards, a..>b upwards), or
 * when the end lies behind the start:
 *   a..<b: b < a;   a..>b: a <= b;   a...b: b < a upwards, a <= b downwards (so, as
 *   in Futhark, 5..4...5 is invalid while 5...5 is [5]).
 * Its length, computed in i64, is ceil(d / |step|) where d is the distance from start
 * to end (b - a or a - b, in T, then widened) plus one for `...`. The elements are
 * a + i*step for i below the length, in T, wrapping as T's arithmetic does. */
#include "ir/internalise_internal.h"

/* The signed type of T's width, to read a step's direction. */
static enum prim_type signed_of(enum prim_type t) {
  switch (t) {
  case PRIM_U8: return PRIM_I8;
  case PRIM_U16: return PRIM_I16;
  case PRIM_U32: return PRIM_I32;
  case PRIM_U64: return PRIM_I64;
  default: return t;
  }
}

static struct ir_subexp convert(struct ictx *c, struct ir_subexp x, enum prim_type to) {
  return emit_convert(c, "conv", x, to);
}

static struct ir_subexp scalar_of(struct ictx *c, struct ienv *env, struct exp *e) {
  int n;
  struct ir_subexp *comps = sv_comps(c, int_exp(c, env, e), &n);
  if (n != 1) {
    ICE("internalise", e->loc, "a range's operand is not a scalar");
  }
  return comps[0];
}

struct range_parts {
  enum prim_type t;
  struct ir_subexp start, end, step;
  struct ir_subexp step_zero; /* bool */
};

/* A run-time check that `bad` is false, failing with "invalid range: <why>" at the
 * range (Futhark says "Range a..s...b is invalid" with the values; Prism's messages are
 * static, so each says which rule the range broke). */
static void check_range_rule(struct ictx *c, struct ir_subexp bad, const char *why) {
  if (bad.kind == IR_SE_CONST && !bad.u.c.v.b) {
    return;
  }
  struct ir_exp check = {.kind = IR_ASSERT};
  check.u.assert_.cond = emit_binop(c, IR_BINOP_EQ, bad, ir_se_bool(false), PRIM_BOOL);
  check.u.assert_.message = arena_printf(c->arena, "invalid range: %s", why);
  emit(c, check, NULL, 0);
}

/* Checks that the range is valid, for an end of kind k, and returns the distance from
 * its start to its end in i64 (the count of elements for |step| = 1). */
static struct ir_subexp checked_distance(struct ictx *c, struct range_parts *r,
                                         enum range_end k) {
  check_range_rule(c, r->step_zero, "its step is 0 (its second element is its start)");
  struct ir_subexp zero = ir_se_const(ir_const_int(signed_of(r->t), 0));
  struct ir_subexp step_s = convert(c, r->step, signed_of(r->t));
  struct ir_subexp down = emit_binop(c, IR_BINOP_LT, step_s, zero, PRIM_BOOL);
  struct ir_subexp end_behind_up = emit_binop(c, IR_BINOP_LT, r->end, r->start, PRIM_BOOL);
  struct ir_subexp end_behind_down = emit_binop(c, IR_BINOP_LE, r->start, r->end, PRIM_BOOL);
  struct ir_subexp dist_up =
      convert(c, emit_binop(c, IR_BINOP_SUB, r->end, r->start, r->t), PRIM_I64);
  struct ir_subexp dist_down =
      convert(c, emit_binop(c, IR_BINOP_SUB, r->start, r->end, r->t), PRIM_I64);
  if (k == RANGE_UP) {
    check_range_rule(c, down, "a..<b goes up, but its step is negative");
    check_range_rule(c, end_behind_up, "a..<b goes up, but its end is below its start");
    return dist_up;
  }
  if (k == RANGE_DOWN) {
    struct ir_subexp up = emit_binop(c, IR_BINOP_GT, step_s, zero, PRIM_BOOL);
    check_range_rule(c, up, "a..>b goes down, but its step is positive");
    check_range_rule(c, end_behind_down,
                     "a..>b goes down, but its end is not below its start");
    return dist_down;
  }
  /* downwards ? end_behind_down : end_behind_up, and the same of the distances, without
   * branches: x + sel * (y - x) with sel 0 or 1 is exact in wrapping i64. */
  struct ir_subexp behind_down = emit_binop(c, IR_BINOP_LAND, down, end_behind_down, PRIM_BOOL);
  struct ir_subexp not_down = emit_binop(c, IR_BINOP_EQ, down, ir_se_bool(false), PRIM_BOOL);
  struct ir_subexp behind_up = emit_binop(c, IR_BINOP_LAND, not_down, end_behind_up, PRIM_BOOL);
  check_range_rule(c, emit_binop(c, IR_BINOP_LOR, behind_down, behind_up, PRIM_BOOL),
                   "its step leads away from its end");
  struct ir_subexp sel = convert(c, down, PRIM_I64);
  struct ir_subexp diff = emit_binop(c, IR_BINOP_SUB, dist_down, dist_up, PRIM_I64);
  struct ir_subexp chosen = emit_binop(
      c, IR_BINOP_ADD, dist_up, emit_binop(c, IR_BINOP_MUL, sel, diff, PRIM_I64), PRIM_I64);
  return emit_binop(c, IR_BINOP_ADD, chosen, ir_se_i64(1), PRIM_I64);
}

/* ceil(dist / |step|), never negative, never dividing by 0 (the assertion before it
 * has stopped the program in those cases, but the simplifier may move arithmetic). */
static struct ir_subexp range_length(struct ictx *c, struct range_parts *r,
                                     struct ir_subexp dist) {
  struct ir_exp abs = {.kind = IR_UNOP};
  abs.u.unop.op = IR_UNOP_ABS;
  abs.u.unop.operand = convert(c, convert(c, r->step, signed_of(r->t)), PRIM_I64);
  struct ir_subexp pos_step = emit1(c, "pos_step", ir_type_scalar(PRIM_I64), abs);
  struct ir_subexp divisor = emit_binop(c, IR_BINOP_MAX, pos_step, ir_se_i64(1), PRIM_I64);
  struct ir_subexp rounded = emit_binop(
      c, IR_BINOP_ADD, dist, emit_binop(c, IR_BINOP_SUB, divisor, ir_se_i64(1), PRIM_I64),
      PRIM_I64);
  struct ir_subexp n = emit_binop(c, IR_BINOP_DIV, rounded, divisor, PRIM_I64);
  return emit_binop(c, IR_BINOP_MAX, n, ir_se_i64(0), PRIM_I64);
}

/* map (\i -> start + i * step) (iota n), in T. */
static struct ir_var *range_elements(struct ictx *c, struct range_parts *r,
                                     struct ir_subexp n) {
  struct ir_exp iota = {.kind = IR_IOTA};
  iota.u.iota.n = n;
  struct ir_var *is = fresh(c, "range_i", ir_type_array(c->arena, r->t, 1, &n));
  emit(c, iota, &is, 1);

  struct ir_lambda *fn = ir_lambda_new(c->arena);
  struct ir_body *saved = c->body;
  c->body = new_body(c);
  struct ir_var *i = fresh(c, "i", ir_type_scalar(r->t));
  struct ir_subexp offset = emit_binop(c, IR_BINOP_MUL, ir_se_var(i), r->step, r->t);
  struct ir_subexp x = emit_binop(c, IR_BINOP_ADD, r->start, offset, r->t);
  ir_body_set_results(c->arena, c->body, &x, 1);
  fn->body = c->body;
  c->body = saved;
  fn->params = ARENA_ARRAY(c->arena, struct ir_var *, 1);
  fn->params[0] = i;
  fn->param_count = 1;
  fn->ret = ARENA_ARRAY(c->arena, struct ir_type, 1);
  fn->ret[0] = ir_type_scalar(r->t);
  fn->ret_count = 1;

  struct ir_exp map = {.kind = IR_SOAC};
  map.u.soac.kind = IR_SOAC_MAP;
  map.u.soac.width = n;
  map.u.soac.inputs = ARENA_ARRAY(c->arena, struct ir_var *, 1);
  map.u.soac.inputs[0] = is;
  map.u.soac.input_count = 1;
  map.u.soac.map_fn = fn;
  struct ir_var *xs = fresh(c, "range", ir_type_array(c->arena, r->t, 1, &n));
  emit(c, map, &xs, 1);
  return xs;
}

struct sv *int_range(struct ictx *c, struct ienv *env, struct exp *e) {
  struct type *t = concrete(c, env, e->type);
  struct range_parts r = {.t = type_head(type_head(t)->u.array.elem)->u.prim};
  enum range_end k = e->u.range.end_kind;
  r.start = scalar_of(c, env, e->u.range.start);
  if (e->u.range.second != NULL) {
    struct ir_subexp second = scalar_of(c, env, e->u.range.second);
    r.step = emit_binop(c, IR_BINOP_SUB, second, r.start, r.t);
    r.step_zero = emit_binop(c, IR_BINOP_EQ, second, r.start, PRIM_BOOL);
  } else {
    r.step = ir_se_const(ir_const_int(r.t, k == RANGE_DOWN ? -1 : 1));
    r.step_zero = ir_se_bool(false);
  }
  r.end = scalar_of(c, env, e->u.range.end);
  struct ir_subexp dist = checked_distance(c, &r, k);
  struct ir_var *xs = range_elements(c, &r, range_length(c, &r, dist));
  return sv_from_vars(c, t, &xs, 1);
}
