/* Unit tests of the sequential C backend (src/backend_c/): IR programs built by hand
 * are emitted, compiled with -Wall -Wextra -pedantic -std=c99 -Werror, run and checked
 * (emit_c_harness.h). Library-mode programs are driven from a C main through the
 * generated API and run under valgrind when it is installed; executables read their
 * arguments from standard input in Futhark's value syntax. */
#include "emit_c_harness.h"

/* The start of every library test's main: the API header and a checked call. */
#define MAIN_PRELUDE(header)                                                            \
  "#include <stdio.h>\n#include <stdlib.h>\n#include \"" header "\"\n"                 \
  "static int check(struct prism_context *ctx, int err) {\n"                            \
  "  if (err != 0) {\n    char *msg = prism_context_get_error(ctx);\n"                  \
  "    printf(\"error %d: %s\\n\", err, msg != NULL ? msg : \"(none)\");\n"             \
  "    free(msg);\n  }\n  return err;\n}\n"

/* ------------------------------------------------------------------- map */

/* entry main (xs: []f32): []f32 = map (\x -> x * 2 + 1) xs */
static void build_map_f32(void) {
  irb_begin();
  struct ir_var *xs = var("xs", ta(PRIM_F32, 1, NONE()));
  struct ir_fun *f = fun("main", 1, vars(1, xs), 1, ta(PRIM_F32, 1, NONE()));
  struct ir_var *n = let(f->body, 2, 3, "n", ts(PRIM_I64), e_shape(xs, 0));
  struct ir_var *x = var("x", ts(PRIM_F32));
  struct ir_lambda *l = lambda(1, vars(1, x), 1, ts(PRIM_F32));
  struct ir_var *y =
      let(l->body, 2, 20, "y", ts(PRIM_F32), e_bin(IR_BINOP_MUL, V(x), KF(PRIM_F32, 2)));
  struct ir_var *z =
      let(l->body, 2, 24, "z", ts(PRIM_F32), e_bin(IR_BINOP_ADD, V(y), KF(PRIM_F32, 1)));
  results(l->body, 1, V(z));
  struct ir_var *ys = let(f->body, 2, 5, "ys", ta(PRIM_F32, 1, V(n)),
                          e_soac(IR_SOAC_MAP, V(n), 1, vars(1, xs), l, NULL, 0, NULL));
  results(f->body, 1, V(ys));
  entry(f, "main", "0", "xs", "[]f32", "[]f32");
  ir_program_add_fun(irb_prog, f);
}

static void test_map_library(void) {
  build_map_f32();
  const char *main_c = MAIN_PRELUDE("map_lib.h")
      "int main(void) {\n"
      "  struct prism_context_config *cfg = prism_context_config_new();\n"
      "  struct prism_context *ctx = prism_context_new(cfg);\n"
      "  float in[] = {1, 2, 3}, out[3];\n"
      "  struct prism_f32_1d *xs = prism_new_f32_1d(ctx, in, 3), *ys = NULL;\n"
      "  if (check(ctx, prism_entry_main(ctx, &ys, xs)) == 0) {\n"
      "    const int64_t *shape = prism_shape_f32_1d(ctx, ys);\n"
      "    check(ctx, prism_values_f32_1d(ctx, ys, out));\n"
      "    printf(\"%lld: %g %g %g\\n\", (long long)shape[0], out[0], out[1], out[2]);\n"
      "    prism_free_f32_1d(ctx, ys);\n"
      "  }\n"
      "  prism_free_f32_1d(ctx, xs);\n"
      "  prism_context_free(ctx);\n"
      "  prism_context_config_free(cfg);\n"
      "  return 0;\n"
      "}\n";
  if (build_lib("map_lib", main_c)) {
    expect_run("map_lib", "", "", 0, "3: 3 5 7\n", NULL, true);
  }
}

static void test_map_executable(void) {
  build_map_f32();
  if (build_exe("map_exe")) {
    expect_run("map_exe", "", "[1f32, 2f32, 3.5f32]", 0, "[3.0f32, 5.0f32, 8.0f32]\n", NULL, true);
    expect_run("map_exe", "", "empty([0]f32)", 0, "empty([0]f32)\n", NULL, true);
    expect_run("map_exe", "-e nope", "", 1, "", "unknown entry point 'nope'", true);
    expect_run("map_exe", "", "[1f32] [2f32]", 1, "", "extra input", true);
    expect_run("map_exe", "", "[1i32]", 1, "", "error", true);
  }
}

/* ---------------------------------------------------------- SOAC helpers */

/* A function `name` of one array parameter xs: [n]T that starts with n = shape xs 0. */
static struct ir_fun *fun_over(const char *name, enum prim_type t, struct ir_var **xs,
                               struct ir_var **n, int nr, struct ir_type r0, struct ir_type r1) {
  *xs = var("xs", ta(t, 1, NONE()));
  struct ir_fun *f = fun(name, 1, vars(1, *xs), nr, r0, r1);
  *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(*xs, 0));
  return f;
}

/* \x -> x OP c over scalars of type t, with result type rt (comparisons: bool). */
static struct ir_lambda *unary_lambda(enum ir_binop op, enum prim_type t, struct ir_subexp c,
                                      enum prim_type rt) {
  struct ir_var *x = var("x", ts(t));
  struct ir_lambda *l = lambda(1, vars(1, x), 1, ts(rt));
  struct ir_var *y = let(l->body, 3, 9, "y", ts(rt), e_bin(op, V(x), c));
  results(l->body, 1, V(y));
  return l;
}

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
  letn(f->body, 3, 1, vars(2, k, kept), 2,
       e_soac(IR_SOAC_FILTER, V(n), 1, vars(1, xs),
              unary_lambda(IR_BINOP_GT, PRIM_I32, K(PRIM_I32, 0), PRIM_BOOL), NULL, 0, NULL));
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

/* ------------------------------------------------------- loops, if, calls */

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

/* ----------------------------------------------------------- 2-D arrays */

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

/* xs[1:3], xs[::-1], xs[i:j:s] and xs[k] on a 1-D array; a row and a column of a 2-D one. */
static void test_slices(void) {
  irb_begin();
  struct ir_var *xs = var("xs", ta(PRIM_I32, 1, NONE())),
                *xss = var("xss", ta(PRIM_I32, 2, NONE(), NONE()));
  struct ir_var *i = var("i", ts(PRIM_I64)), *j = var("j", ts(PRIM_I64)),
                *st = var("s", ts(PRIM_I64));
  struct ir_type t1 = ta(PRIM_I32, 1, NONE());
  struct ir_fun *f =
      fun("main", 5, vars(5, xs, xss, i, j, st), 6, t1, t1, t1, ts(PRIM_I32), t1, t1);
  struct ir_var *a = let(f->body, 2, 1, "a", t1,
                         e_index(IR_SLICE, xs, dims(1, d_slice(I64(1), I64(3), NONE())), 1));
  struct ir_var *b = let(f->body, 3, 1, "b", t1,
                         e_index(IR_SLICE, xs, dims(1, d_slice(NONE(), NONE(), I64(-1))), 1));
  struct ir_var *c = let(f->body, 4, 7, "c", t1,
                         e_index(IR_SLICE, xs, dims(1, d_slice(V(i), V(j), V(st))), 1));
  struct ir_var *d = let(f->body, 5, 7, "d", ts(PRIM_I32),
                         e_index(IR_INDEX, xs, dims(1, d_fix(V(i))), 1));
  struct ir_var *row = let(f->body, 6, 1, "row", t1,
                           e_index(IR_INDEX, xss, dims(1, d_fix(I64(1))), 1));
  struct ir_var *col = let(f->body, 7, 1, "col", t1,
                           e_index(IR_SLICE, xss, dims(2, d_slice(NONE(), NONE(), NONE()),
                                                       d_fix(I64(0))), 2));
  results(f->body, 6, V(a), V(b), V(c), V(d), V(row), V(col));
  entry(f, "main", "00000", "xs", "[]i32", "xss", "[][]i32", "i", "i64", "j", "i64", "s", "i64",
        "[]i32", "[]i32", "[]i32", "i32", "[]i32", "[]i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("slices")) {
    const char *xss_in = " [[1, 2], [3, 4], [5, 6]] ";
    char in[256];
    snprintf(in, sizeof in, "[10, 11, 12, 13, 14] %s 4i64 0i64 -2i64", xss_in);
    expect_run("slices", "", in, 0,
               "[11i32, 12i32]\n[14i32, 13i32, 12i32, 11i32, 10i32]\n[14i32, 12i32]\n14i32\n"
               "[3i32, 4i32]\n[1i32, 3i32, 5i32]\n", NULL, true);
    snprintf(in, sizeof in, "[10, 11, 12, 13, 14] %s 0i64 5i64 2i64", xss_in);
    expect_run("slices", "", in, 0,
               "[11i32, 12i32]\n[14i32, 13i32, 12i32, 11i32, 10i32]\n[10i32, 12i32, 14i32]\n"
               "10i32\n[3i32, 4i32]\n[1i32, 3i32, 5i32]\n", NULL, true);
    snprintf(in, sizeof in, "[10, 11, 12] %s 2i64 1i64 1i64", xss_in);
    expect_run("slices", "", in, 1, "",
               "prog.dsl:4:7: error: index [2:1:1] out of bounds for array of shape [3]", true);
    snprintf(in, sizeof in, "[10, 11, 12] %s 0i64 1i64 0i64", xss_in);
    expect_run("slices", "", in, 1, "", "error: index [0:1:0] out of bounds", true);
    snprintf(in, sizeof in, "[10, 11, 12] %s 3i64 3i64 1i64", xss_in);
    expect_run("slices", "", in, 1, "",
               "prog.dsl:5:7: error: index [3] out of bounds for array of shape [3]", true);
  }
}

/* ------------------------------------------------------- run-time errors */

static void test_assert_division(void) {
  irb_begin();
  struct ir_var *a = var("a", ts(PRIM_I32)), *b = var("b", ts(PRIM_I32));
  struct ir_fun *f = fun("main", 2, vars(2, a, b), 1, ts(PRIM_I32));
  struct ir_var *ok =
      let(f->body, 2, 1, "ok", ts(PRIM_BOOL), e_bin(IR_BINOP_GE, V(a), K(PRIM_I32, 0)));
  ir_body_add(irb_prog, f->body, at(2, 9), e_assert(V(ok), "assertion failed: \"a\" >= 0"), NULL,
              0);
  struct ir_var *q = let(f->body, 3, 11, "q", ts(PRIM_I32), e_bin(IR_BINOP_DIV, V(a), V(b)));
  results(f->body, 1, V(q));
  entry(f, "main", "00", "a", "i32", "b", "i32", "i32");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("assert_div")) {
    expect_run("assert_div", "", "7i32 2i32", 0, "3i32\n", NULL, true);
    expect_run("assert_div", "", "-1i32 2i32", 1, "",
               "prog.dsl:2:9: error: assertion failed: \"a\" >= 0\n", true);
    expect_run("assert_div", "", "1i32 0i32", 1, "", "prog.dsl:3:11: error: division by zero\n",
               true);
    expect_run("assert_div", "-r 3 -t times.txt", "9i32 3i32", 0, "3i32\n", NULL, true);
  }
}

/* --------------------------------------------------------- Scalar semantics */

/* entry main (a: t) (b: t) = (a op0 b, a op1 b, ...) */
static void build_binops(enum prim_type t, const enum ir_binop *ops, int n) {
  irb_begin();
  struct ir_var *a = var("a", ts(t)), *b = var("b", ts(t));
  struct ir_fun *f = fun("main", 2, vars(2, a, b), 0);
  f->ret = ARENA_ARRAY(&irb_arena, struct ir_type, n);
  f->ret_count = n;
  struct ir_subexp *res = ARENA_ARRAY(&irb_arena, struct ir_subexp, n);
  for (int i = 0; i < n; i++) {
    struct ir_type rt = ts(ir_binop_is_comparison(ops[i]) ? PRIM_BOOL : t);
    f->ret[i] = rt;
    res[i] = V(let(f->body, 10 + i, 3, "r", rt, e_bin(ops[i], V(a), V(b))));
  }
  ir_body_set_results(&irb_arena, f->body, res, n);
  entry(f, "main", "00", "a", prim_name(t), "b", prim_name(t));
  for (int i = 0; i < n; i++) {
    f->entry->outputs[i].type_text = prim_name(f->ret[i].prim);
  }
  ir_program_add_fun(irb_prog, f);
}

static const enum ir_binop int_ops[] = {
    IR_BINOP_ADD,  IR_BINOP_SUB, IR_BINOP_MUL, IR_BINOP_DIV, IR_BINOP_MOD,
    IR_BINOP_QUOT, IR_BINOP_REM, IR_BINOP_POW, IR_BINOP_MIN, IR_BINOP_MAX,
    IR_BINOP_BAND, IR_BINOP_BOR, IR_BINOP_BXOR, IR_BINOP_SHL, IR_BINOP_SHR,
    IR_BINOP_LT};

static void test_int_semantics(void) {
  build_binops(PRIM_I32, int_ops, 16);
  if (build_exe("ops_i32")) {
    expect_run("ops_i32", "", "-7i32 2i32", 0,
               "-5i32\n-9i32\n-14i32\n-4i32\n1i32\n-3i32\n-1i32\n49i32\n-7i32\n2i32\n"
               "0i32\n-5i32\n-5i32\n-28i32\n-2i32\ntrue\n", NULL, true);
    expect_run("ops_i32", "", "7i32 -2i32", 0,
               "5i32\n9i32\n-14i32\n-4i32\n-1i32\n-3i32\n1i32\n0i32\n-2i32\n7i32\n"
               "6i32\n-1i32\n-7i32\n0i32\n0i32\nfalse\n", NULL, false);
    expect_run("ops_i32", "", "-2147483648i32 -1i32", 0,
               "2147483647i32\n-2147483647i32\n-2147483648i32\n-2147483648i32\n0i32\n"
               "-2147483648i32\n0i32\n0i32\n-2147483648i32\n-1i32\n-2147483648i32\n"
               "-1i32\n2147483647i32\n0i32\n-1i32\ntrue\n", NULL, false);
    expect_run("ops_i32", "", "-1i32 -3i32", 0, NULL, NULL, false);
    expect_run("ops_i32", "", "5i32 40i32", 0,
               "45i32\n-35i32\n200i32\n0i32\n5i32\n0i32\n5i32\n-1413876383i32\n5i32\n40i32\n"
               "0i32\n45i32\n45i32\n0i32\n0i32\ntrue\n", NULL, false);
    expect_run("ops_i32", "", "0i32 -1i32", 1, "", "prog.dsl:17:3: error: division by zero",
               false);
    expect_run("ops_i32", "", "3i32 0i32", 1, "", "prog.dsl:13:3: error: division by zero",
               false);
  }
  build_binops(PRIM_U8, int_ops, 16);
  if (build_exe("ops_u8")) {
    expect_run("ops_u8", "", "200u8 100u8", 0,
               "44u8\n100u8\n32u8\n2u8\n0u8\n2u8\n0u8\n0u8\n100u8\n200u8\n"
               "64u8\n236u8\n172u8\n0u8\n0u8\nfalse\n", NULL, false);
    expect_run("ops_u8", "", "7u8 3u8", 0,
               "10u8\n4u8\n21u8\n2u8\n1u8\n2u8\n1u8\n87u8\n3u8\n7u8\n"
               "3u8\n7u8\n4u8\n56u8\n0u8\nfalse\n", NULL, false);
  }
  build_binops(PRIM_I8, int_ops, 16);
  if (build_exe("ops_i8")) {
    expect_run("ops_i8", "", "-128i8 -1i8", 0,
               "127i8\n-127i8\n-128i8\n-128i8\n0i8\n-128i8\n0i8\n0i8\n-128i8\n-1i8\n"
               "-128i8\n-1i8\n127i8\n0i8\n-1i8\ntrue\n", NULL, false);
    expect_run("ops_i8", "", "3i8 5i8", 0,
               "8i8\n-2i8\n15i8\n0i8\n3i8\n0i8\n3i8\n-13i8\n3i8\n5i8\n"
               "1i8\n7i8\n6i8\n96i8\n0i8\ntrue\n", NULL, false);
  }
}

static const enum ir_binop float_ops[] = {IR_BINOP_ADD, IR_BINOP_SUB, IR_BINOP_MUL,
                                          IR_BINOP_DIV, IR_BINOP_MOD, IR_BINOP_POW,
                                          IR_BINOP_MIN, IR_BINOP_MAX, IR_BINOP_EQ};

static void test_float_semantics(void) {
  build_binops(PRIM_F32, float_ops, 9);
  if (build_exe("ops_f32")) {
    expect_run("ops_f32", "", "7.5f32 -2f32", 0,
               "5.5f32\n9.5f32\n-15.0f32\n-3.75f32\n-0.5f32\n0.017777778f32\n-2.0f32\n"
               "7.5f32\nfalse\n", NULL, true);
    expect_run("ops_f32", "", "-7.5f32 2f32", 0,
               "-5.5f32\n-9.5f32\n-15.0f32\n-3.75f32\n0.5f32\n56.25f32\n-7.5f32\n"
               "2.0f32\nfalse\n", NULL, false);
    expect_run("ops_f32", "", "1f32 0f32", 0,
               "1.0f32\n1.0f32\n0.0f32\nf32.inf\nf32.nan\n1.0f32\n0.0f32\n1.0f32\nfalse\n",
               NULL, false);
  }
}

/* Unary operators on f64 and conversions from it. */
static void test_unops_conversions(void) {
  static const enum ir_unop ops[] = {IR_UNOP_ROUND, IR_UNOP_SGN, IR_UNOP_ABS, IR_UNOP_FLOOR,
                                     IR_UNOP_CEIL, IR_UNOP_TRUNC, IR_UNOP_NEG};
  static const enum prim_type to[] = {PRIM_I32, PRIM_U8, PRIM_I64, PRIM_BOOL, PRIM_F32};
  irb_begin();
  struct ir_var *x = var("x", ts(PRIM_F64)), *k = var("k", ts(PRIM_I8));
  struct ir_fun *f = fun("main", 2, vars(2, x, k), 0);
  int n = 7 + 5 + 3;
  f->ret = ARENA_ARRAY(&irb_arena, struct ir_type, n);
  f->ret_count = n;
  struct ir_subexp *res = ARENA_ARRAY(&irb_arena, struct ir_subexp, n);
  for (int i = 0; i < 7; i++) {
    f->ret[i] = ts(PRIM_F64);
    res[i] = V(let(f->body, 2, 1, "u", ts(PRIM_F64), e_un(ops[i], V(x))));
  }
  for (int i = 0; i < 5; i++) {
    f->ret[7 + i] = ts(to[i]);
    res[7 + i] = V(let(f->body, 3, 1, "c", ts(to[i]), e_conv(V(x))));
  }
  f->ret[12] = ts(PRIM_U16);
  res[12] = V(let(f->body, 4, 1, "c", ts(PRIM_U16), e_conv(V(k))));
  f->ret[13] = ts(PRIM_U64);
  res[13] = V(let(f->body, 4, 1, "t", ts(PRIM_U64), e_un(IR_UNOP_TO_BITS, V(x))));
  f->ret[14] = ts(PRIM_I32);
  res[14] = V(let(f->body, 4, 1, "p", ts(PRIM_I32), e_un(IR_UNOP_POPC, V(k))));
  ir_body_set_results(&irb_arena, f->body, res, n);
  entry(f, "main", "00", "x", "f64", "k", "i8");
  for (int i = 0; i < n; i++) {
    f->entry->outputs[i].type_text = prim_name(f->ret[i].prim);
  }
  ir_program_add_fun(irb_prog, f);
  if (build_exe("unops")) {
    expect_run("unops", "", "2.5f64 -1i8", 0,
               "2.0f64\n1.0f64\n2.5f64\n2.0f64\n3.0f64\n2.0f64\n-2.5f64\n"
               "2i32\n2u8\n2i64\ntrue\n2.5f32\n65535u16\n4612811918334230528u64\n8i32\n",
               NULL, true);
    expect_run("unops", "", "-3.5e9f64 3i8", 0,
               "-3500000000.0f64\n-1.0f64\n3500000000.0f64\n-3500000000.0f64\n-3500000000.0f64\n"
               "-3500000000.0f64\n3500000000.0f64\n"
               "-2147483648i32\n0u8\n-3500000000i64\ntrue\n-3.5e9f32\n3u16\n"
               "13973002476475908096u64\n2i32\n", NULL, false);
    expect_run("unops", "", "f64.nan 0i8", 0,
               "f64.nan\nf64.nan\nf64.nan\nf64.nan\nf64.nan\nf64.nan\nf64.nan\n"
               "0i32\n0u8\n0i64\ntrue\nf32.nan\n0u16\n9221120237041090560u64\n0i32\n",
               NULL, false);
    expect_run("unops", "", "300.7f64 0i8", 0, NULL, NULL, false);
  }
}

/* ------------------------------------------------------------ The C API */

/* entry main [n] (xs: [n]f32) (ys: [n]f32) (k: i64) : [n]f32 = map2 (\x y -> x + y) xs ys,
 * where also ys must have... the same n; and a bad k is an assertion failure. */
static void build_sized(void) {
  irb_begin();
  struct ir_var *n = var("n", ts(PRIM_I64));
  struct ir_var *xs = var("xs", ta(PRIM_F32, 1, V(n))), *ys = var("ys", ta(PRIM_F32, 1, V(n)));
  struct ir_var *k = var("k", ts(PRIM_I64));
  struct ir_fun *f = fun("main", 4, vars(4, n, xs, ys, k), 1, ta(PRIM_F32, 1, V(n)));
  struct ir_var *ok = let(f->body, 2, 1, "ok", ts(PRIM_BOOL), e_bin(IR_BINOP_LT, V(k), I64(10)));
  ir_body_add(irb_prog, f->body, at(2, 3), e_assert(V(ok), "assertion failed"), NULL, 0);
  struct ir_var *zs = let(f->body, 3, 1, "zs", ta(PRIM_F32, 1, V(n)),
                          e_soac(IR_SOAC_MAP, V(n), 2, vars(2, xs, ys),
                                 op_lambda(IR_BINOP_ADD, PRIM_F32), NULL, 0, NULL));
  results(f->body, 1, V(zs));
  entry(f, "main", "1000", "xs", "[n]f32", "ys", "[n]f32", "k", "i64", "[n]f32");
  ir_program_add_fun(irb_prog, f);
}

static void test_api(void) {
  build_sized();
  const char *main_c = MAIN_PRELUDE("api.h")
      "int main(void) {\n"
      "  struct prism_context_config *cfg = prism_context_config_new();\n"
      "  prism_context_config_set_device(cfg, \"anything\");\n"
      "  struct prism_context *ctx = prism_context_new(cfg);\n"
      "  float a[] = {1, 2, 3, 4}, b[] = {10, 20, 30, 40}, out[4];\n"
      "  struct prism_f32_1d *xs = prism_new_f32_1d(ctx, a, 4);\n"
      "  struct prism_f32_1d *ys3 = prism_new_f32_1d(ctx, b, 3);\n"
      "  struct prism_f32_1d *ys4 = prism_new_f32_1d(ctx, b, 4), *zs = NULL;\n"
      "  printf(\"%d\\n\", check(ctx, prism_entry_main(ctx, &zs, xs, ys3, 1)));\n"
      "  char *msg = prism_context_get_error(ctx);\n"
      "  printf(\"%s\\n\", msg == NULL ? \"cleared\" : msg);\n"
      "  free(msg);\n"
      "  if (check(ctx, prism_entry_main(ctx, &zs, xs, ys4, 2)) == 0) {\n"
      "    check(ctx, prism_values_f32_1d(ctx, zs, out));\n"
      "    printf(\"%g %g %g %g\\n\", out[0], out[1], out[2], out[3]);\n"
      "    check(ctx, prism_free_f32_1d(ctx, zs));\n"
      "  }\n"
      "  check(ctx, prism_entry_main(ctx, &zs, xs, ys4, 12));\n"
      "  check(ctx, prism_entry_main(ctx, &zs, NULL, ys4, 1));\n"
      "  check(ctx, prism_entry_main(ctx, NULL, xs, ys4, 1));\n"
      "  printf(\"%d\\n\", prism_entry_main(NULL, &zs, xs, ys4, 1));\n"
      "  printf(\"%p\\n\", (void *)prism_new_f32_1d(ctx, a, -1));\n"
      "  check(ctx, 1);\n"
      "  printf(\"%p\\n\", (void *)prism_new_f32_1d(ctx, NULL, 2));\n"
      "  check(ctx, 1);\n"
      "  struct prism_f32_1d *empty = prism_new_f32_1d(ctx, NULL, 0);\n"
      "  printf(\"%lld\\n\", (long long)prism_shape_f32_1d(ctx, empty)[0]);\n"
      "  check(ctx, prism_values_f32_1d(ctx, empty, NULL));\n"
      "  check(ctx, prism_values_f32_1d(ctx, NULL, out));\n"
      "  printf(\"%d %d\\n\", prism_context_sync(ctx), prism_free_f32_1d(ctx, NULL));\n"
      "  prism_free_f32_1d(ctx, empty);\n"
      "  prism_free_f32_1d(ctx, xs);\n"
      "  prism_free_f32_1d(ctx, ys3);\n"
      "  prism_free_f32_1d(ctx, ys4);\n"
      "  prism_context_free(ctx);\n"
      "  prism_context_config_free(cfg);\n"
      "  return 0;\n"
      "}\n";
  if (build_lib("api", main_c)) {
    expect_run("api", "", "", 0,
               "error 2: main: argument 2 (\"ys\") has shape [3], but its type is [n]f32 "
               "with n = 4\n2\ncleared\n11 22 33 44\n"
               "error 2: prog.dsl:2:3: error: assertion failed\n"
               "error 4: prism_entry_main: argument 1 is NULL\n"
               "error 4: prism_entry_main: output 0 is NULL\n4\n(nil)\n"
               "error 1: prism_new_f32_1d: negative dimension -1\n(nil)\n"
               "error 1: prism_new_f32_1d: the data pointer is NULL\n0\n"
               "error 4: prism_values_f32_1d: the array is NULL\n0 0\n",
               NULL, true);
  }
}

/* Two programs with different prefixes in one application. */
static void test_two_prefixes(void) {
  build_map_f32();
  if (!emit_files("first", true, "first")) {
    return;
  }
  build_sized();
  const char *main_c =
      "#include <stdio.h>\n#include \"first.h\"\n#include \"second.h\"\n"
      "int main(void) {\n"
      "  struct first_context_config *c1 = first_context_config_new();\n"
      "  struct second_context_config *c2 = second_context_config_new();\n"
      "  struct first_context *x1 = first_context_new(c1);\n"
      "  struct second_context *x2 = second_context_new(c2);\n"
      "  float a[] = {1, 2}, out[2];\n"
      "  struct first_f32_1d *p = first_new_f32_1d(x1, a, 2), *q = NULL;\n"
      "  struct second_f32_1d *r = second_new_f32_1d(x2, a, 2), *t = NULL;\n"
      "  if (first_entry_main(x1, &q, p) == 0 && second_entry_main(x2, &t, r, r, 0) == 0) {\n"
      "    first_values_f32_1d(x1, q, out);\n"
      "    printf(\"%g %g\\n\", out[0], out[1]);\n"
      "    second_values_f32_1d(x2, t, out);\n"
      "    printf(\"%g %g\\n\", out[0], out[1]);\n"
      "  }\n"
      "  first_free_f32_1d(x1, p);\n  first_free_f32_1d(x1, q);\n"
      "  second_free_f32_1d(x2, r);\n  second_free_f32_1d(x2, t);\n"
      "  first_context_free(x1);\n  second_context_free(x2);\n"
      "  first_context_config_free(c1);\n  second_context_config_free(c2);\n"
      "  return 0;\n}\n";
  if (build_with("second", main_c, "second", "first.c")) {
    expect_run("second", "", "", 0, "3 5\n2 4\n", NULL, true);
  }
}

/* ---------------------------------------------------------- Array creation */

static void test_creation(void) {
  irb_begin();
  struct ir_var *n = var("n", ts(PRIM_I64)), *m = var("m", ts(PRIM_I64));
  struct ir_type t1 = ta(PRIM_I32, 1, NONE()), t2 = ta(PRIM_I32, 2, NONE(), NONE());
  struct ir_fun *f =
      fun("main", 2, vars(2, n, m), 8, t1, t2, t2, t2, t1, t1, t2, ta(PRIM_BOOL, 1, NONE()));
  struct ir_var *io = let(f->body, 2, 1, "io", t1, e_iota(V(n)));
  struct ir_var *rep = let(f->body, 3, 1, "rep", t2, e_replicate(1, ses(1, V(m)), V(io)));
  static const int perm[] = {1, 0};
  struct ir_var *tr = let(f->body, 4, 1, "tr", t2, e_rearrange(rep, 2, perm));
  struct ir_var *lit = let(f->body, 5, 1, "lit", t2,
                           e_array(2, ses(2, V(io), V(io)), ta(PRIM_I32, 1, V(n))));
  struct ir_var *flat = let(f->body, 6, 9, "flat", t1, e_reshape(tr, 1, ses(1, NONE())));
  struct ir_var *cat = let(f->body, 7, 1, "cat", t1, e_concat(2, vars(2, io, flat)));
  struct ir_var *cp = let(f->body, 8, 1, "cp", t2, e_copy(lit));
  struct ir_var *bs = let(f->body, 9, 1, "bs", ta(PRIM_BOOL, 1, NONE()),
                          e_array(2, ses(2, ir_se_bool(true), ir_se_bool(false)), ts(PRIM_BOOL)));
  results(f->body, 8, V(io), V(rep), V(tr), V(lit), V(flat), V(cat), V(cp), V(bs));
  /* The reshape's target: n * m, computed before it. */
  struct ir_var *nm = var("nm", ts(PRIM_I64));
  struct ir_stm *mul = ir_body_add(irb_prog, f->body, at(6, 1), e_bin(IR_BINOP_MUL, V(n), V(m)),
                                   &nm, 1);
  memmove(f->body->stms + 5, f->body->stms + 4, sizeof *f->body->stms * 4);
  f->body->stms[4] = mul;
  f->body->stms[5]->exp.u.reshape.dims = ses(1, V(nm));
  entry(f, "main", "00", "n", "i64", "m", "i64", "[]i32", "[][]i32", "[][]i32", "[][]i32",
        "[]i32", "[]i32", "[][]i32", "[]bool");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("creation")) {
    expect_run("creation", "", "3i64 2i64", 0,
               "[0i32, 1i32, 2i32]\n[[0i32, 1i32, 2i32], [0i32, 1i32, 2i32]]\n"
               "[[0i32, 0i32], [1i32, 1i32], [2i32, 2i32]]\n"
               "[[0i32, 1i32, 2i32], [0i32, 1i32, 2i32]]\n[0i32, 0i32, 1i32, 1i32, 2i32, 2i32]\n"
               "[0i32, 1i32, 2i32, 0i32, 0i32, 1i32, 1i32, 2i32, 2i32]\n"
               "[[0i32, 1i32, 2i32], [0i32, 1i32, 2i32]]\n[true, false]\n", NULL, true);
    expect_run("creation", "", "0i64 2i64", 0,
               "empty([0]i32)\nempty([2][0]i32)\nempty([0][2]i32)\nempty([2][0]i32)\n"
               "empty([0]i32)\nempty([0]i32)\nempty([2][0]i32)\n[true, false]\n", NULL, true);
    expect_run("creation", "", "2i64 -2i64", 1, "", "prog.dsl:3:1: error: negative size -2 in "
               "replicate", true);
  }
}

/* Errors of reshape, concat, array literals and updates of slices. */
static void test_shape_errors(void) {
  irb_begin();
  struct ir_var *xs = var("xs", ta(PRIM_I64, 1, NONE())),
                *ys = var("ys", ta(PRIM_I64, 2, NONE(), NONE()));
  struct ir_var *k = var("k", ts(PRIM_I64));
  struct ir_type t1 = ta(PRIM_I64, 1, NONE()), t2 = ta(PRIM_I64, 2, NONE(), NONE());
  struct ir_fun *f = fun("main", 3, vars(3, xs, ys, k), 3, t2, t2, t1);
  struct ir_var *r = let(f->body, 2, 5, "r", t2, e_reshape(xs, 2, ses(2, V(k), I64(2))));
  struct ir_var *c = let(f->body, 3, 5, "c", t2, e_concat(2, vars(2, ys, r)));
  struct ir_var *u = let(f->body, 4, 5, "u", t1,
                         e_update(xs, dims(1, d_slice(I64(0), V(k), NONE())), 1, V(xs)));
  results(f->body, 3, V(r), V(c), V(u));
  entry(f, "main", "000", "xs", "[]i64", "ys", "[][]i64", "k", "i64", "[][]i64", "[][]i64",
        "[]i64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("shape_errors")) {
    expect_run("shape_errors", "", "[1i64, 2i64, 3i64, 4i64] [[0i64, 0i64]] 2i64", 1, "",
               "prog.dsl:4:5: error: update of a slice: shape [4] does not match shape [2]", true);
    expect_run("shape_errors", "", "[1i64, 2i64, 3i64, 4i64] [[0i64, 0i64]] 3i64", 1, "",
               "prog.dsl:2:5: error: cannot reshape array of shape [4] to [3][2]", true);
    expect_run("shape_errors", "", "[1i64, 2i64, 3i64, 4i64] [[0i64, 0i64, 0i64]] 2i64", 1, "",
               "prog.dsl:3:5: error: concat", true);
    expect_run("shape_errors", "", "[1i64, 2i64, 3i64, 4i64] [[0i64, 0i64]] 4i64", 1, "",
               "prog.dsl:2:5: error: cannot reshape array of shape [4] to [4][2]", true);
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

/* An entry point that updates its argument in place must not change the host's array. */
static void test_input_not_changed(void) {
  irb_begin();
  struct ir_var *xs = var("xs", ta(PRIM_I32, 1, NONE()));
  xs->type.unique = true;
  struct ir_fun *f = fun("main", 1, vars(1, xs), 1, ta(PRIM_I32, 1, NONE()));
  struct ir_var *ys = let(f->body, 2, 1, "ys", ta(PRIM_I32, 1, NONE()),
                          e_update(xs, dims(1, d_fix(I64(0))), 1, K(PRIM_I32, 99)));
  results(f->body, 1, V(ys));
  entry(f, "main", "0", "xs", "*[]i32", "*[]i32");
  f->entry->inputs[0].unique = true;
  ir_program_add_fun(irb_prog, f);
  const char *main_c = MAIN_PRELUDE("unique_in.h")
      "int main(void) {\n"
      "  struct prism_context_config *cfg = prism_context_config_new();\n"
      "  struct prism_context *ctx = prism_context_new(cfg);\n"
      "  int32_t a[] = {1, 2}, b[2], c[2];\n"
      "  struct prism_i32_1d *xs = prism_new_i32_1d(ctx, a, 2), *ys = NULL;\n"
      "  if (check(ctx, prism_entry_main(ctx, &ys, xs)) == 0) {\n"
      "    prism_values_i32_1d(ctx, xs, b);\n"
      "    prism_values_i32_1d(ctx, ys, c);\n"
      "    printf(\"%d %d %d %d\\n\", (int)b[0], (int)b[1], (int)c[0], (int)c[1]);\n"
      "    prism_free_i32_1d(ctx, ys);\n"
      "  }\n"
      "  prism_free_i32_1d(ctx, xs);\n"
      "  prism_context_free(ctx);\n"
      "  prism_context_config_free(cfg);\n"
      "  return 0;\n"
      "}\n";
  if (build_lib("unique_in", main_c)) {
    expect_run("unique_in", "", "", 0, "1 2 99 2\n", NULL, true);
    char path[256];
    snprintf(path, sizeof path, "%s/unique_in.json", harness_dir);
    char *json = read_text(path);
    harness_checks++;
    if (json == NULL || strstr(json, "\"unique\": true") == NULL ||
        strstr(json, "\"cfun\": \"prism_entry_main\"") == NULL ||
        strstr(json, "\"[]i32\": {\n      \"kind\": \"array\"") == NULL) {
      fail("unique_in", "unexpected manifest:\n%s", json != NULL ? json : "(none)");
    }
    free(json);
  }
}

int main(void) {
  harness_begin();
  test_scatter_2d_hist2();
  test_input_not_changed();
  test_api();
  test_two_prefixes();
  test_creation();
  test_shape_errors();
  test_int_semantics();
  test_float_semantics();
  test_unops_conversions();
  test_nested_2d();
  test_irregular();
  test_slices();
  test_assert_division();
  test_loop_in_place();
  test_loop_copy_on_write();
  test_while_swap();
  test_apply_if();
  test_map_library();
  test_map_executable();
  test_reduce_scan();
  test_redomap();
  test_scanomap();
  test_filter();
  test_scatter();
  test_hist();
  return harness_end();
}
