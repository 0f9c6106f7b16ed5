/* Unit tests of the sequential C backend (src/backend_c/), its C API: IR programs
 * built by hand are emitted as libraries and driven from a C main (or as executables),
 * compiled with -Wall -Wextra -pedantic -std=c99 -Werror and run under valgrind when it
 * is installed (emit_c_harness.h). The other aspects are in test_emit_soac.c,
 * test_emit_exp.c and test_emit_control.c. */
#include "emit_c_harness.h"

/* The start of every library test's main: the API header and a checked call. */
#define MAIN_PRELUDE(header)                                                            \
  "#include <stdio.h>\n#include <stdlib.h>\n#include \"" header "\"\n"                 \
  "static int check(struct prism_context *ctx, int err) {\n"                            \
  "  if (err != 0) {\n    char *msg = prism_context_get_error(ctx);\n"                  \
  "    printf(\"error %d: %s\\n\", err, msg != NULL ? msg : \"(none)\");\n"             \
  "    free(msg);\n  }\n  return err;\n}\n"

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
  test_map_library();
  test_map_executable();
  test_api();
  test_two_prefixes();
  test_input_not_changed();
  return harness_end();
}
