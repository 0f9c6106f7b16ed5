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
  struct ir_var *y = let(l->body, 2, 20, "y", ts(PRIM_F32), e_bin(IR_BINOP_MUL, V(x), KF(PRIM_F32, 2)));
  struct ir_var *z = let(l->body, 2, 24, "z", ts(PRIM_F32), e_bin(IR_BINOP_ADD, V(y), KF(PRIM_F32, 1)));
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

int main(void) {
  harness_begin();
  test_map_library();
  test_map_executable();
  return harness_end();
}
