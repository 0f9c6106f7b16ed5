/* Unit tests of the C backend's SOACs (src/backend_c/emit_soac.c): map, reduce, scan,
 * redomap, scanomap, filter, scatter and hist, over 1-D and 2-D arrays, emitted as
 * executables that read their arguments in Futhark's value syntax. */
#include "emit_c_harness.h"

static void test_reduce_scan(void) {
  struct ir_var *xs, *n;
  irb_begin();
  struct ir_fun *f = fun_over("main", PRIM_I32, &xs, &n, 2, ts(PRIM_I32), ta(PRIM_I32, 1, NONE()));
  struct ir_var *sum = let(f->body, 3, 1, "sum", ts(PRIM_I32),
                           e_soac(IR_SOAC_REDUCE, V(n), 1, vars(1, xs), NULL,
                                  op_lambda(IR_BINOP_ADD, PRIM_I32), 1, ses(1, K(PRIM_I32, 0))));
  struct ir_var *pre = let(f->body, 4, 1, "pre", ta(PRIM_I32, 1, V(n)),
                           e_soac(IR_SOAC_SCAN, V(n), 1, vars(1, xs), NULL,
                                  op_lambda(IR_BINOP_ADD, PRIM_I32), 1, ses(1, K(PRIM_I32, 0))));
  results(f->body, 2, V(sum), V(pre));
  entry(f, "main", "0", "xs", "[]i32", "i32", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("reduce_scan")) {
    expect_run("reduce_scan", "", "[1, 2, 3, 4]", 0, "10i32\n[1i32, 3i32, 6i32, 10i32]\n", NULL,
               true);
    expect_run("reduce_scan", "", "empty([0]i32)", 0, "0i32\nempty([0]i32)\n", NULL, true);
  }
}

/* reduce (+) 0 (map (\x -> x*x) xs), and the map's result kept too. */
static void test_redomap(void) {
  struct ir_var *xs, *n;
  irb_begin();
  struct ir_fun *f = fun_over("main", PRIM_F32, &xs, &n, 2, ts(PRIM_F32), ta(PRIM_F32, 1, NONE()));
  struct ir_var *x = var("x", ts(PRIM_F32));
  struct ir_lambda *m = lambda(1, vars(1, x), 2, ts(PRIM_F32), ts(PRIM_F32));
  struct ir_var *sq = let(m->body, 3, 5, "sq", ts(PRIM_F32), e_bin(IR_BINOP_MUL, V(x), V(x)));
  results(m->body, 2, V(sq), V(sq));
  struct ir_var *r = var("r", ts(PRIM_F32)), *sqs = var("sqs", ta(PRIM_F32, 1, V(n)));
  letn(f->body, 3, 1, vars(2, r, sqs), 2,
       e_soac(IR_SOAC_REDOMAP, V(n), 1, vars(1, xs), m, op_lambda(IR_BINOP_ADD, PRIM_F32), 1,
              ses(1, KF(PRIM_F32, 0))));
  results(f->body, 2, V(r), V(sqs));
  entry(f, "main", "0", "xs", "[]f32", "f32", "[]f32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("redomap")) {
    expect_run("redomap", "", "[1f32, 2f32, 3f32, 4f32]", 0,
               "30.0f32\n[1.0f32, 4.0f32, 9.0f32, 16.0f32]\n", NULL, true);
  }
}

/* scanomap: prefix sums of x+1, and the map's results. */
static void test_scanomap(void) {
  struct ir_var *xs, *n;
  irb_begin();
  struct ir_fun *f = fun_over("main", PRIM_I64, &xs, &n, 2, ta(PRIM_I64, 1, NONE()),
                              ta(PRIM_I64, 1, NONE()));
  struct ir_var *x = var("x", ts(PRIM_I64));
  struct ir_lambda *m = lambda(1, vars(1, x), 2, ts(PRIM_I64), ts(PRIM_I64));
  struct ir_var *y = let(m->body, 3, 5, "y", ts(PRIM_I64), e_bin(IR_BINOP_ADD, V(x), I64(1)));
  results(m->body, 2, V(y), V(x));
  struct ir_var *sc = var("sc", ta(PRIM_I64, 1, V(n))), *ys = var("ys", ta(PRIM_I64, 1, V(n)));
  letn(f->body, 3, 1, vars(2, sc, ys), 2,
       e_soac(IR_SOAC_SCANOMAP, V(n), 1, vars(1, xs), m, op_lambda(IR_BINOP_MUL, PRIM_I64), 1,
              ses(1, I64(1))));
  results(f->body, 2, V(sc), V(ys));
  entry(f, "main", "0", "xs", "[]i64", "[]i64", "[]i64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("scanomap")) {
    expect_run("scanomap", "", "[1i64, 2i64, 3i64]", 0,
               "[2i64, 6i64, 24i64]\n[1i64, 2i64, 3i64]\n", NULL, true);
  }
}

static void test_filter(void) {
  struct ir_var *xs, *n;
  irb_begin();
  struct ir_fun *f = fun_over("main", PRIM_I32, &xs, &n, 2, ts(PRIM_I64), ta(PRIM_I32, 1, NONE()));
  struct ir_var *k = var("k", ts(PRIM_I64)), *kept = var("kept", ta(PRIM_I32, 1, NONE()));
  /* map_fn gives the predicate, then the value to keep (here the row itself). */
  struct ir_lambda *pred = unary_lambda(IR_BINOP_GT, PRIM_I32, K(PRIM_I32, 0), PRIM_BOOL);
  struct ir_subexp keep_and_row[2] = {pred->body->results[0], V(pred->params[0])};
  struct ir_type ret[2] = {ts(PRIM_BOOL), ts(PRIM_I32)};
  ir_body_set_results(irb_prog->arena, pred->body, keep_and_row, 2);
  pred->ret = arena_dup(irb_prog->arena, ret, sizeof ret);
  pred->ret_count = 2;
  letn(f->body, 3, 1, vars(2, k, kept), 2,
       e_soac(IR_SOAC_FILTER, V(n), 1, vars(1, xs), pred, NULL, 0, NULL));
  results(f->body, 2, V(k), V(kept));
  entry(f, "main", "0", "xs", "[]i32", "i64", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("filter")) {
    expect_run("filter", "", "[-1, 2, -3, 4, 0]", 0, "2i64\n[2i32, 4i32]\n", NULL, true);
    expect_run("filter", "", "[-1]", 0, "0i64\nempty([0]i32)\n", NULL, true);
  }
}

/* scatter (replicate m 0) is vs, through a map_fn that passes both through. */
static void test_scatter(void) {
  irb_begin();
  struct ir_var *m = var("m", ts(PRIM_I64));
  struct ir_var *is = var("is", ta(PRIM_I64, 1, NONE())), *vs = var("vs", ta(PRIM_I32, 1, NONE()));
  struct ir_fun *f = fun("main", 3, vars(3, m, is, vs), 1, ta(PRIM_I32, 1, V(m)));
  struct ir_var *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(is, 0));
  struct ir_var *dest = let(f->body, 3, 1, "dest", ta(PRIM_I32, 1, V(m)),
                            e_replicate(1, ses(1, V(m)), K(PRIM_I32, 0)));
  struct ir_var *i = var("i", ts(PRIM_I64)), *v = var("v", ts(PRIM_I32));
  struct ir_lambda *l = lambda(2, vars(2, i, v), 2, ts(PRIM_I64), ts(PRIM_I32));
  results(l->body, 2, V(i), V(v));
  struct ir_exp e = e_soac(IR_SOAC_SCATTER, V(n), 2, vars(2, is, vs), l, NULL, 0, NULL);
  e.u.soac.dests = vars(1, dest);
  e.u.soac.dest_count = 1;
  e.u.soac.dest_ranks = ARENA_ARRAY(&irb_arena, int, 1);
  e.u.soac.dest_ranks[0] = 1;
  struct ir_var *out = let(f->body, 4, 1, "out", ta(PRIM_I32, 1, V(m)), e);
  results(f->body, 1, V(out));
  entry(f, "main", "000", "m", "i64", "is", "[]i64", "vs", "[]i32", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("scatter")) {
    expect_run("scatter", "", "5i64 [0i64, 2i64, 9i64, -1i64] [10, 20, 30, 40]", 0,
               "[10i32, 0i32, 20i32, 0i32, 0i32]\n", NULL, true);
    expect_run("scatter", "", "2i64 [0i64] [10, 20]", 1, "", "scatter of width 1", true);
  }
}

/* hist (+) 0 (replicate m 0) buckets values */
static void test_hist(void) {
  irb_begin();
  struct ir_var *m = var("m", ts(PRIM_I64));
  struct ir_var *bs = var("bs", ta(PRIM_I64, 1, NONE())), *vs = var("vs", ta(PRIM_F64, 1, NONE()));
  struct ir_fun *f = fun("main", 3, vars(3, m, bs, vs), 1, ta(PRIM_F64, 1, V(m)));
  struct ir_var *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(bs, 0));
  struct ir_var *dest = let(f->body, 3, 1, "dest", ta(PRIM_F64, 1, V(m)),
                            e_replicate(1, ses(1, V(m)), KF(PRIM_F64, 0)));
  struct ir_var *b = var("b", ts(PRIM_I64)), *v = var("v", ts(PRIM_F64));
  struct ir_lambda *l = lambda(2, vars(2, b, v), 2, ts(PRIM_I64), ts(PRIM_F64));
  results(l->body, 2, V(b), V(v));
  struct ir_exp e = e_soac(IR_SOAC_HIST, V(n), 2, vars(2, bs, vs), l,
                           op_lambda(IR_BINOP_ADD, PRIM_F64), 1, ses(1, KF(PRIM_F64, 0)));
  e.u.soac.dests = vars(1, dest);
  e.u.soac.dest_count = 1;
  struct ir_var *out = let(f->body, 4, 1, "out", ta(PRIM_F64, 1, V(m)), e);
  results(f->body, 1, V(out));
  entry(f, "main", "000", "m", "i64", "bs", "[]i64", "vs", "[]f64", "[]f64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("hist")) {
    expect_run("hist", "",
               "3i64 [0i64, 1i64, 1i64, 2i64, 5i64, -1i64] [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]", 0,
               "[1.0f64, 5.0f64, 4.0f64]\n", NULL, true);
  }
}

/* map (\row -> map (*2) row) xss, map (\row -> reduce (+) 0 row) xss, and the rows'
 * sums of columns by reduce (map2 (+)) over rows (array accumulators). */
static void test_nested_2d(void) {
  irb_begin();
  struct ir_var *xss = var("xss", ta(PRIM_I32, 2, NONE(), NONE()));
  struct ir_fun *f = fun("main", 1, vars(1, xss), 3, ta(PRIM_I32, 2, NONE(), NONE()),
                         ta(PRIM_I32, 1, NONE()), ta(PRIM_I32, 1, NONE()));
  struct ir_var *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(xss, 0));
  struct ir_var *m = let(f->body, 2, 5, "m", ts(PRIM_I64), e_shape(xss, 1));
  /* doubled */
  struct ir_var *row = var("row", ta(PRIM_I32, 1, V(m)));
  struct ir_lambda *outer = lambda(1, vars(1, row), 1, ta(PRIM_I32, 1, V(m)));
  struct ir_var *row2 = let(outer->body, 3, 20, "row2", ta(PRIM_I32, 1, V(m)),
                            e_soac(IR_SOAC_MAP, V(m), 1, vars(1, row),
                                   unary_lambda(IR_BINOP_MUL, PRIM_I32, K(PRIM_I32, 2), PRIM_I32),
                                   NULL, 0, NULL));
  results(outer->body, 1, V(row2));
  struct ir_var *doubled = let(f->body, 3, 1, "doubled", ta(PRIM_I32, 2, V(n), V(m)),
                               e_soac(IR_SOAC_MAP, V(n), 1, vars(1, xss), outer, NULL, 0, NULL));
  /* row sums */
  struct ir_var *row3 = var("row3", ta(PRIM_I32, 1, V(m)));
  struct ir_lambda *summer = lambda(1, vars(1, row3), 1, ts(PRIM_I32));
  struct ir_var *s1 = let(summer->body, 4, 20, "s1", ts(PRIM_I32),
                          e_soac(IR_SOAC_REDUCE, V(m), 1, vars(1, row3), NULL,
                                 op_lambda(IR_BINOP_ADD, PRIM_I32), 1, ses(1, K(PRIM_I32, 0))));
  results(summer->body, 1, V(s1));
  struct ir_var *sums = let(f->body, 4, 1, "sums", ta(PRIM_I32, 1, V(n)),
                            e_soac(IR_SOAC_MAP, V(n), 1, vars(1, xss), summer, NULL, 0, NULL));
  /* column sums: reduce (\a b -> map2 (+) a b) (replicate m 0) xss */
  struct ir_var *zero = let(f->body, 5, 1, "zero", ta(PRIM_I32, 1, V(m)),
                            e_replicate(1, ses(1, V(m)), K(PRIM_I32, 0)));
  struct ir_var *a = var("a", ta(PRIM_I32, 1, V(m))), *b = var("b", ta(PRIM_I32, 1, V(m)));
  struct ir_lambda *add_rows = lambda(2, vars(2, a, b), 1, ta(PRIM_I32, 1, V(m)));
  struct ir_var *ab = let(add_rows->body, 5, 30, "ab", ta(PRIM_I32, 1, V(m)),
                          e_soac(IR_SOAC_MAP, V(m), 2, vars(2, a, b),
                                 op_lambda(IR_BINOP_ADD, PRIM_I32), NULL, 0, NULL));
  results(add_rows->body, 1, V(ab));
  struct ir_var *cols = let(f->body, 5, 1, "cols", ta(PRIM_I32, 1, V(m)),
                            e_soac(IR_SOAC_REDUCE, V(n), 1, vars(1, xss), NULL, add_rows, 1,
                                   ses(1, V(zero))));
  results(f->body, 3, V(doubled), V(sums), V(cols));
  entry(f, "main", "0", "xss", "[][]i32", "[][]i32", "[]i32", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("nested_2d")) {
    expect_run("nested_2d", "", "[[1, 2, 3], [4, 5, 6]]", 0,
               "[[2i32, 4i32, 6i32], [8i32, 10i32, 12i32]]\n[6i32, 15i32]\n[5i32, 7i32, 9i32]\n",
               NULL, true);
    expect_run("nested_2d", "", "empty([0][3]i32)", 0,
               "empty([0][3]i32)\nempty([0]i32)\n[0i32, 0i32, 0i32]\n", NULL, true);
  }
}

/* A map whose rows have a size known only inside: iota of each element; rows of
 * different lengths are an irregular array. */
static void test_irregular(void) {
  struct ir_var *xs, *n;
  irb_begin();
  struct ir_fun *f = fun_over("main", PRIM_I64, &xs, &n, 1, ta(PRIM_I64, 2, NONE(), NONE()),
                              ts(PRIM_I64));
  struct ir_var *x = var("x", ts(PRIM_I64));
  struct ir_lambda *l = lambda(1, vars(1, x), 1, ta(PRIM_I64, 1, V(x)));
  struct ir_var *r = let(l->body, 3, 12, "r", ta(PRIM_I64, 1, V(x)), e_iota(V(x)));
  results(l->body, 1, V(r));
  struct ir_var *rows = let(f->body, 3, 1, "rows", ta(PRIM_I64, 2, V(n), NONE()),
                            e_soac(IR_SOAC_MAP, V(n), 1, vars(1, xs), l, NULL, 0, NULL));
  results(f->body, 1, V(rows));
  entry(f, "main", "0", "xs", "[]i64", "[][]i64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("irregular")) {
    expect_run("irregular", "", "[2i64, 2i64]", 0, "[[0i64, 1i64], [0i64, 1i64]]\n", NULL, true);
    expect_run("irregular", "", "[2i64, 3i64]", 1, "", "prog.dsl:3:1: error: irregular array",
               true);
    expect_run("irregular", "", "[2i64, -1i64]", 1, "",
               "prog.dsl:3:12: error: negative size -1 in iota", true);
    expect_run("irregular", "", "empty([0]i64)", 0, "empty([0][0]i64)\n", NULL, true);
  }
}

/* scatter_2d into a 2-D destination, and a hist into two destinations at once. */
static void test_scatter_2d_hist2(void) {
  irb_begin();
  struct ir_var *is = var("is", ta(PRIM_I64, 1, NONE())), *js = var("js", ta(PRIM_I64, 1, NONE()));
  struct ir_var *vs = var("vs", ta(PRIM_U16, 1, NONE()));
  struct ir_type t2 = ta(PRIM_U16, 2, I64(2), I64(3)), t1 = ta(PRIM_U16, 1, I64(2));
  struct ir_fun *f = fun("main", 3, vars(3, is, js, vs), 3, t2, t1, t1);
  struct ir_var *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(is, 0));
  struct ir_var *dest = let(f->body, 3, 1, "dest", t2, e_replicate(2, ses(2, I64(2), I64(3)),
                                                                    K(PRIM_U16, 0)));
  struct ir_var *i = var("i", ts(PRIM_I64)), *j = var("j", ts(PRIM_I64));
  struct ir_var *v = var("v", ts(PRIM_U16));
  struct ir_lambda *l = lambda(3, vars(3, i, j, v), 3, ts(PRIM_I64), ts(PRIM_I64), ts(PRIM_U16));
  results(l->body, 3, V(i), V(j), V(v));
  struct ir_exp e = e_soac(IR_SOAC_SCATTER, V(n), 3, vars(3, is, js, vs), l, NULL, 0, NULL);
  e.u.soac.dests = vars(1, dest);
  e.u.soac.dest_count = 1;
  e.u.soac.dest_ranks = ARENA_ARRAY(&irb_arena, int, 1);
  e.u.soac.dest_ranks[0] = 2;
  struct ir_var *out = let(f->body, 4, 1, "out", t2, e);
  /* hist (\(a, b) (c, d) -> (a + c, max b d)) into two [2]u16 */
  struct ir_var *h1 = let(f->body, 5, 1, "h1", t1, e_replicate(1, ses(1, I64(2)), K(PRIM_U16, 0)));
  struct ir_var *h2 = let(f->body, 5, 3, "h2", t1, e_replicate(1, ses(1, I64(2)), K(PRIM_U16, 0)));
  struct ir_var *b = var("b", ts(PRIM_I64)), *w = var("w", ts(PRIM_U16));
  struct ir_lambda *m = lambda(2, vars(2, is, vs), 3, ts(PRIM_I64), ts(PRIM_U16), ts(PRIM_U16));
  m->params = vars(2, b, w);
  results(m->body, 3, V(b), V(w), V(w));
  struct ir_var *a1 = var("a1", ts(PRIM_U16)), *a2 = var("a2", ts(PRIM_U16));
  struct ir_var *c1 = var("c1", ts(PRIM_U16)), *c2 = var("c2", ts(PRIM_U16));
  struct ir_lambda *op = lambda(4, vars(4, a1, a2, c1, c2), 2, ts(PRIM_U16), ts(PRIM_U16));
  struct ir_var *s1 = let(op->body, 6, 1, "s1", ts(PRIM_U16), e_bin(IR_BINOP_ADD, V(a1), V(c1)));
  struct ir_var *s2 = let(op->body, 6, 5, "s2", ts(PRIM_U16), e_bin(IR_BINOP_MAX, V(a2), V(c2)));
  results(op->body, 2, V(s1), V(s2));
  struct ir_exp he = e_soac(IR_SOAC_HIST, V(n), 2, vars(2, is, vs), m, op, 2,
                            ses(2, K(PRIM_U16, 0), K(PRIM_U16, 0)));
  he.u.soac.dests = vars(2, h1, h2);
  he.u.soac.dest_count = 2;
  struct ir_var *r1 = var("r1", t1), *r2 = var("r2", t1);
  letn(f->body, 7, 1, vars(2, r1, r2), 2, he);
  results(f->body, 3, V(out), V(r1), V(r2));
  entry(f, "main'", "000", "is", "[]i64", "js", "[]i64", "vs", "[]u16", "[2][3]u16", "[2]u16",
        "[2]u16");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("scatter_2d")) {
    const char *in = "[0i64, 1i64, 1i64, 2i64] [2i64, 0i64, 3i64, 0i64] [7u16, 8u16, 9u16, 10u16]";
    expect_run("scatter_2d", "-e \"main'\"", in, 0,
               "[[0u16, 0u16, 7u16], [8u16, 0u16, 0u16]]\n[7u16, 17u16]\n[7u16, 9u16]\n", NULL,
               true);
    expect_run("scatter_2d", "-b -e \"main'\"", in, 0, NULL, NULL, true);
    harness_checks++;
    char path[256];
    snprintf(path, sizeof path, "%s/scatter_2d.out", harness_dir);
    FILE *bin = fopen(path, "rb");
    unsigned char head[7] = {0};
    if (bin == NULL || fread(head, 1, 7, bin) != 7 || memcmp(head, "b\002\002 u16", 7) != 0) {
      fail("scatter_2d", "-b does not write Futhark's binary format");
    }
    if (bin != NULL) {
      fclose(bin);
    }
  }
}

int main(void) {
  harness_begin();
  test_reduce_scan();
  test_redomap();
  test_scanomap();
  test_filter();
  test_scatter();
  test_hist();
  test_nested_2d();
  test_irregular();
  test_scatter_2d_hist2();
  return harness_end();
}
