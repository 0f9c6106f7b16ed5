/* The free variables of lambdas and bodies (ir/util.h, Note [Free variables] in
 * ir/util.c): uses in types' dimensions count, everything bound inside (parameters,
 * index, patterns, nested loops' parameters and indices) does not, and each variable
 * is listed once in the order of its first use. */
#include "ir/util.h"
#include "check.h"
#include "irb.h"

/* Whether fv lists exactly the n variables given, in that order. */
static bool lists(const struct ir_free_vars *fv, int n, ...) {
  va_list ap;
  va_start(ap, n);
  bool same = fv->count == n;
  for (int i = 0; same && i < n; i++) {
    same = fv->vars[i] == va_arg(ap, struct ir_var *);
  }
  va_end(ap);
  return same;
}

/* \(row: [n]f32) at i ->
 *   let t = a[i]
 *   let s = loop acc = c for j < k do acc + t
 *   let w: [m]f32 = copy a
 *   in s */
static void test_lambda(void) {
  irb_begin();
  struct ir_var *n = var("n", ts(PRIM_I64)), *m = var("m", ts(PRIM_I64));
  struct ir_var *k = var("k", ts(PRIM_I64)), *c = var("c", ts(PRIM_F32));
  struct ir_var *a = var("a", ta(PRIM_F32, 1, V(m))), *u = var("u", ts(PRIM_F32));
  struct ir_var *row = var("row", ta(PRIM_F32, 1, V(n)));
  struct ir_lambda *l = lambda(1, vars(1, row), 1, ts(PRIM_F32));
  l->index = var("i", ts(PRIM_I64));
  struct ir_var *t = let(l->body, 1, 1, "t", ts(PRIM_F32),
                         e_index(IR_INDEX, a, dims(1, d_fix(V(l->index))), 1));
  struct ir_var *acc = var("acc", ts(PRIM_F32)), *j = var("j", ts(PRIM_I64));
  struct ir_body *inner = body();
  struct ir_var *z = let(inner, 2, 1, "z", ts(PRIM_F32), e_bin(IR_BINOP_ADD, V(acc), V(t)));
  results(inner, 1, V(z));
  struct ir_var *s = let(l->body, 2, 1, "s", ts(PRIM_F32),
                         e_for(1, vars(1, acc), ses(1, V(c)), j, V(k), inner));
  let(l->body, 3, 1, "w", ta(PRIM_F32, 1, V(m)), e_copy(a));
  results(l->body, 1, V(s));

  struct ir_free_vars fv;
  ir_free_vars_init(&fv, irb_prog);
  ir_free_vars_lambda(&fv, l);
  CHECK(lists(&fv, 5, n, a, c, k, m), "free in the lambda: n a c k m (got %d)", fv.count);
  ir_free_vars_use(&fv, acc);
  ir_free_vars_use(&fv, c);
  ir_free_vars_use(&fv, u);
  ir_free_vars_lambda(&fv, NULL);
  CHECK(lists(&fv, 6, n, a, c, k, m, u), "a use adds only what is neither bound nor listed");
  ir_free_vars_free(&fv);
  irb_end();
}

/* if b then (let q = p + 1 in q) else x */
static void test_bodies(void) {
  irb_begin();
  struct ir_var *p = var("p", ts(PRIM_I32)), *x = var("x", ts(PRIM_I32));
  struct ir_body *then_body = body(), *else_body = body();
  struct ir_var *q =
      let(then_body, 1, 1, "q", ts(PRIM_I32), e_bin(IR_BINOP_ADD, V(p), K(PRIM_I32, 1)));
  results(then_body, 1, V(q));
  results(else_body, 1, V(x));

  struct ir_free_vars fv;
  ir_free_vars_init(&fv, irb_prog);
  ir_free_vars_body(&fv, else_body);
  ir_free_vars_body(&fv, then_body);
  ir_free_vars_use(&fv, q);
  CHECK(lists(&fv, 2, x, p), "free in both branches: x p (got %d)", fv.count);
  ir_free_vars_free(&fv);
  irb_end();
}

int main(void) {
  test_lambda();
  test_bodies();
  printf("%d of %d checks failed\n", failures, checks);
  return failures == 0 ? 0 : 1;
}
