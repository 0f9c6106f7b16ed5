/* Type rules of ranges (a...b, a..<b, a..>b, a..s...b and so on) and of typed holes
 * (???), Futhark's.
 *
 * A range's operands have one integer type, which is its elements' type. Its size is
 * known in Futhark's cases, when the elements are i64 and the operands are sizes
 * (names or constants, or + - * / % of those: exp_as_size):
 *   0..<n and 0..1..<n have size n; a..<b has size b-a; a...b has size b-a+1;
 *   1..2...n has size n.
 * Every other range gets a fresh existential size. Whether a range is valid (a step of
 * 0, or an end that the step does not lead to) is checked at run time
 * (internalise_range.c).
 *
 * A hole has whatever type its use needs. Futhark accepts holes and fails when one is
 * evaluated; Prism rejects a program with a hole, saying the type the hole must have,
 * once the definition around it is checked and that type is known (check_dec.c reports
 * the holes with the literals). */
#include "typecheck/tc.h"

static bool is_int_literal(struct exp *e, uint64_t v) {
  return e != NULL && e->kind == EXP_INT && e->u.int_lit.value == v;
}

/* The size of a range of i64 in Futhark's cases, or NULL. */
static struct size *known_range_size(struct tc *tc, struct exp *e) {
  struct exp *start = e->u.range.start, *second = e->u.range.second, *end = e->u.range.end;
  struct size *n = exp_as_size(tc, end);
  if (n == NULL) {
    return NULL;
  }
  enum range_end k = e->u.range.end_kind;
  if (k == RANGE_UP && is_int_literal(start, 0) &&
      (second == NULL || is_int_literal(second, 1))) {
    return n;
  }
  if (k == RANGE_TO && is_int_literal(start, 1) && is_int_literal(second, 2)) {
    return n;
  }
  struct size *a = second == NULL ? exp_as_size(tc, start) : NULL;
  if (a == NULL || k == RANGE_DOWN) {
    return NULL;
  }
  struct size *diff = size_binop(tc->arena, SIZE_SUB, n, a);
  return k == RANGE_UP ? diff : size_binop(tc->arena, SIZE_ADD, diff, size_const(tc->arena, 1));
}

static void check_range_operand(struct tc *tc, struct type *t, struct exp *operand) {
  if (operand != NULL) {
    expect_type(tc, t, check_exp(tc, operand), operand->loc,
                "the operands of a range have one type, its start's");
  }
}

struct type *check_range(struct tc *tc, struct exp *e) {
  struct type *t = check_exp(tc, e->u.range.start);
  tc->mismatch[0] = '\0';
  if (!constrain(tc, t, TC_INTEGRAL)) {
    diag_fatal(e->u.range.start->loc,
               "a range is made of integers, but its start has type %s", show_type(tc, t));
  }
  check_range_operand(tc, t, e->u.range.second);
  check_range_operand(tc, t, e->u.range.end);
  struct size **dims = ARENA_ARRAY(tc->arena, struct size *, 1); /* kept by the type */
  dims[0] = type_is_prim(t, PRIM_I64) ? known_range_size(tc, e) : NULL;
  if (dims[0] == NULL) {
    dims[0] = fresh_existential(tc, NULL, e->loc);
  }
  return type_array(tc->arena, t, dims, 1);
}

struct type *check_hole(struct tc *tc, struct exp *e) {
  VEC_PUSH(tc->arena, &tc->literals, e);
  return fresh_var(tc, TC_NONE, e->loc);
}
