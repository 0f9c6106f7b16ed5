/* Unit tests of the C backend's control flow and ownership (src/backend_c/emit_c.c,
 * emit_own.c): loops that update arrays in place, copy-on-write when a value is still
 * used, while loops that swap arrays, calls and branches that hand arrays over. */
#include "emit_c_harness.h"

/* loop acc = replicate n 0 for i < n do acc with [i] = i * i: in place, so the peak
 * memory is one array. */
static void test_loop_in_place(void) {
  irb_begin();
  struct ir_var *n = var("n", ts(PRIM_I64));
  struct ir_fun *f = fun("main", 1, vars(1, n), 1, ta(PRIM_I64, 1, V(n)));
  struct ir_var *z = let(f->body, 2, 1, "z", ta(PRIM_I64, 1, V(n)),
                         e_replicate(1, ses(1, V(n)), I64(0)));
  struct ir_var *acc = var("acc", ta(PRIM_I64, 1, V(n))), *i = var("i", ts(PRIM_I64));
  struct ir_body *b = body();
  struct ir_var *sq = let(b, 3, 5, "sq", ts(PRIM_I64), e_bin(IR_BINOP_MUL, V(i), V(i)));
  struct ir_var *acc2 = let(b, 3, 9, "acc2", ta(PRIM_I64, 1, V(n)),
                            e_update(acc, dims(1, d_fix(V(i))), 1, V(sq)));
  results(b, 1, V(acc2));
  struct ir_var *r = let(f->body, 3, 1, "r", ta(PRIM_I64, 1, V(n)),
                         e_for(1, vars(1, acc), ses(1, V(z)), i, V(n), b));
  results(f->body, 1, V(r));
  entry(f, "main", "0", "n", "i64", "[n]i64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("loop_in_place")) {
    expect_run("loop_in_place", "", "4i64", 0, "[0i64, 1i64, 4i64, 9i64]\n", NULL, true);
    expect_run("loop_in_place", "-P", "100000i64", 0, NULL, "peak memory: 800000 bytes", false);
    expect_run("loop_in_place", "", "-1i64", 1, "", "prog.dsl:2:1: error: negative size -1 in "
               "replicate", true);
  }
}

/* The initial value stays in use after the loop: the first update must copy. */
static void test_loop_copy_on_write(void) {
  irb_begin();
  struct ir_var *xs = var("xs", ta(PRIM_I32, 1, NONE()));
  struct ir_fun *f =
      fun("main", 1, vars(1, xs), 2, ta(PRIM_I32, 1, NONE()), ta(PRIM_I32, 1, NONE()));
  struct ir_var *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(xs, 0));
  struct ir_var *acc = var("acc", ta(PRIM_I32, 1, V(n))), *i = var("i", ts(PRIM_I64));
  struct ir_body *b = body();
  struct ir_var *acc2 = let(b, 3, 9, "acc2", ta(PRIM_I32, 1, V(n)),
                            e_update(acc, dims(1, d_fix(V(i))), 1, K(PRIM_I32, 7)));
  results(b, 1, V(acc2));
  struct ir_var *r = let(f->body, 3, 1, "r", ta(PRIM_I32, 1, V(n)),
                         e_for(1, vars(1, acc), ses(1, V(xs)), i, V(n), b));
  results(f->body, 2, V(r), V(xs));
  entry(f, "main", "0", "xs", "[]i32", "[]i32", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("loop_cow")) {
    expect_run("loop_cow", "", "[1, 2]", 0, "[7i32, 7i32]\n[1i32, 2i32]\n", NULL, true);
  }
}

/* A while loop that swaps two parameters: (a, b, c) = (b, a, c - 1) while c > 0. */
static void test_while_swap(void) {
  irb_begin();
  struct ir_var *xs = var("xs", ta(PRIM_I32, 1, NONE())), *ys = var("ys", ta(PRIM_I32, 1, NONE()));
  struct ir_var *k = var("k", ts(PRIM_I32));
  struct ir_fun *f = fun("main", 3, vars(3, xs, ys, k), 2, ta(PRIM_I32, 1, NONE()),
                         ta(PRIM_I32, 1, NONE()));
  struct ir_var *c0 =
      let(f->body, 2, 1, "c0", ts(PRIM_BOOL), e_bin(IR_BINOP_GT, V(k), K(PRIM_I32, 0)));
  struct ir_var *a = var("a", ta(PRIM_I32, 1, NONE())), *bb = var("b", ta(PRIM_I32, 1, NONE()));
  struct ir_var *c = var("c", ts(PRIM_I32)), *go = var("go", ts(PRIM_BOOL));
  struct ir_body *b = body();
  struct ir_var *c1 = let(b, 3, 1, "c1", ts(PRIM_I32), e_bin(IR_BINOP_SUB, V(c), K(PRIM_I32, 1)));
  struct ir_var *go1 =
      let(b, 3, 5, "go1", ts(PRIM_BOOL), e_bin(IR_BINOP_GT, V(c1), K(PRIM_I32, 0)));
  results(b, 4, V(bb), V(a), V(c1), V(go1));
  struct ir_var *ra = var("ra", ta(PRIM_I32, 1, NONE())), *rb = var("rb", ta(PRIM_I32, 1, NONE()));
  struct ir_var *rc = var("rc", ts(PRIM_I32)), *rgo = var("rgo", ts(PRIM_BOOL));
  letn(f->body, 3, 1, vars(4, ra, rb, rc, rgo), 4,
       e_while(4, vars(4, a, bb, c, go), ses(4, V(xs), V(ys), V(k), V(c0)), go, b));
  results(f->body, 2, V(ra), V(rb));
  entry(f, "main", "000", "xs", "[]i32", "ys", "[]i32", "k", "i32", "[]i32", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("while_swap")) {
    expect_run("while_swap", "", "[1] [2, 3] 3i32", 0, "[2i32, 3i32]\n[1i32]\n", NULL, true);
    expect_run("while_swap", "", "[1] [2, 3] 0i32", 0, "[1i32]\n[2i32, 3i32]\n", NULL, true);
  }
}

/* f (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 1, called twice; an if around it. */
static void test_apply_if(void) {
  irb_begin();
  struct ir_var *p = var("p", ta(PRIM_I32, 1, NONE())), *j = var("j", ts(PRIM_I64));
  struct ir_fun *g = fun("set1", 2, vars(2, p, j), 1, ta(PRIM_I32, 1, NONE()));
  struct ir_var *q = let(g->body, 5, 3, "q", ta(PRIM_I32, 1, NONE()),
                         e_update(p, dims(1, d_fix(V(j))), 1, K(PRIM_I32, 1)));
  results(g->body, 1, V(q));
  ir_program_add_fun(irb_prog, g);
  struct ir_var *xs = var("xs", ta(PRIM_I32, 1, NONE())), *b = var("b", ts(PRIM_BOOL));
  struct ir_fun *f = fun("main", 2, vars(2, xs, b), 2, ta(PRIM_I32, 1, NONE()),
                         ta(PRIM_I32, 1, NONE()));
  struct ir_var *y1 = let(f->body, 6, 1, "y1", ta(PRIM_I32, 1, NONE()),
                          e_apply(g, 2, ses(2, V(xs), I64(0))));
  struct ir_body *t = body(), *e = body();
  struct ir_var *y2 =
      let(t, 7, 1, "y2", ta(PRIM_I32, 1, NONE()), e_apply(g, 2, ses(2, V(xs), I64(2))));
  results(t, 1, V(y2));
  results(e, 1, V(xs));
  struct ir_var *r = let(f->body, 7, 1, "r", ta(PRIM_I32, 1, NONE()), e_if(V(b), t, e));
  results(f->body, 2, V(y1), V(r));
  entry(f, "main", "00", "xs", "[]i32", "b", "bool", "[]i32", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("apply_if")) {
    expect_run("apply_if", "", "[5, 5, 5] true", 0, "[1i32, 5i32, 5i32]\n[5i32, 5i32, 1i32]\n",
               NULL, true);
    expect_run("apply_if", "", "[5, 5, 5] false", 0, "[1i32, 5i32, 5i32]\n[5i32, 5i32, 5i32]\n",
               NULL, true);
    expect_run("apply_if", "", "[5, 5] true", 1, "",
               "prog.dsl:5:3: error: index [2] out of bounds for array of shape [2]", true);
  }
}

int main(void) {
  harness_begin();
  test_loop_in_place();
  test_loop_copy_on_write();
  test_while_swap();
  test_apply_if();
  return harness_end();
}
