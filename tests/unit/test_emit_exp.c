/* Unit tests of the C backend's expressions (src/backend_c/emit_exp.c): Futhark's
 * semantics of integer and float operators and conversions, indexing, slices, updates,
 * array creation, and the located run-time errors of failed checks. */
#include "emit_c_harness.h"

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
  entry(f, "main", "00", "a", prim_name(t), "b", prim_name(t), NULL);
  for (int i = 0; i < n; i++) {
    f->entry->outputs[i].type_text = prim_name(f->ret[i].prim);
  }
  ir_program_add_fun(irb_prog, f);
}

/* ** has its own test: its exponent must not be negative (test_int_pow). */
static const enum ir_binop int_ops[] = {
    IR_BINOP_ADD,  IR_BINOP_SUB, IR_BINOP_MUL, IR_BINOP_DIV, IR_BINOP_MOD,
    IR_BINOP_QUOT, IR_BINOP_REM, IR_BINOP_MIN, IR_BINOP_MAX,
    IR_BINOP_BAND, IR_BINOP_BOR, IR_BINOP_BXOR, IR_BINOP_SHL, IR_BINOP_SHR,
    IR_BINOP_LT};

static void test_int_semantics(void) {
  build_binops(PRIM_I32, int_ops, 15);
  if (build_exe("ops_i32")) {
    expect_run("ops_i32", "", "-7i32 2i32", 0,
               "-5i32\n-9i32\n-14i32\n-4i32\n1i32\n-3i32\n-1i32\n-7i32\n2i32\n"
               "0i32\n-5i32\n-5i32\n-28i32\n-2i32\ntrue\n", NULL, true);
    expect_run("ops_i32", "", "7i32 -2i32", 0,
               "5i32\n9i32\n-14i32\n-4i32\n-1i32\n-3i32\n1i32\n-2i32\n7i32\n"
               "6i32\n-1i32\n-7i32\n0i32\n0i32\nfalse\n", NULL, false);
    expect_run("ops_i32", "", "-2147483648i32 -1i32", 0,
               "2147483647i32\n-2147483647i32\n-2147483648i32\n-2147483648i32\n0i32\n"
               "-2147483648i32\n0i32\n-2147483648i32\n-1i32\n-2147483648i32\n"
               "-1i32\n2147483647i32\n0i32\n-1i32\ntrue\n", NULL, false);
    expect_run("ops_i32", "", "-1i32 -3i32", 0, NULL, NULL, false);
    expect_run("ops_i32", "", "5i32 40i32", 0,
               "45i32\n-35i32\n200i32\n0i32\n5i32\n0i32\n5i32\n5i32\n40i32\n"
               "0i32\n45i32\n45i32\n0i32\n0i32\ntrue\n", NULL, false);
    expect_run("ops_i32", "", "3i32 0i32", 1, "", "prog.dsl:13:3: error: division by zero",
               false);
  }
  build_binops(PRIM_U8, int_ops, 15);
  if (build_exe("ops_u8")) {
    expect_run("ops_u8", "", "200u8 100u8", 0,
               "44u8\n100u8\n32u8\n2u8\n0u8\n2u8\n0u8\n100u8\n200u8\n"
               "64u8\n236u8\n172u8\n0u8\n0u8\nfalse\n", NULL, false);
    expect_run("ops_u8", "", "7u8 3u8", 0,
               "10u8\n4u8\n21u8\n2u8\n1u8\n2u8\n1u8\n3u8\n7u8\n"
               "3u8\n7u8\n4u8\n56u8\n0u8\nfalse\n", NULL, false);
  }
  build_binops(PRIM_I8, int_ops, 15);
  if (build_exe("ops_i8")) {
    expect_run("ops_i8", "", "-128i8 -1i8", 0,
               "127i8\n-127i8\n-128i8\n-128i8\n0i8\n-128i8\n0i8\n-128i8\n-1i8\n"
               "-128i8\n-1i8\n127i8\n0i8\n-1i8\ntrue\n", NULL, false);
    expect_run("ops_i8", "", "3i8 5i8", 0,
               "8i8\n-2i8\n15i8\n0i8\n3i8\n0i8\n3i8\n3i8\n5i8\n"
               "1i8\n7i8\n6i8\n96i8\n0i8\ntrue\n", NULL, false);
  }
}

/* ** wraps around; a negative exponent of a signed type is a located run-time error
 * (Note [negative exponents] in rts/c/scalar.h), whatever the base; on unsigned types
 * large exponents are only large. */
static void test_int_pow(void) {
  static const enum ir_binop pow_op[] = {IR_BINOP_POW};
  build_binops(PRIM_I32, pow_op, 1);
  if (build_exe("pow_i32")) {
    expect_run("pow_i32", "", "5i32 40i32", 0, "-1413876383i32\n", NULL, false);
    expect_run("pow_i32", "", "-7i32 3i32", 0, "-343i32\n", NULL, false);
    expect_run("pow_i32", "", "0i32 0i32", 0, "1i32\n", NULL, false);
    expect_run("pow_i32", "", "1i32 -3i32", 1, "",
               "prog.dsl:10:3: error: negative exponent -3 in integer **", false);
    expect_run("pow_i32", "", "0i32 -1i32", 1, "",
               "prog.dsl:10:3: error: negative exponent -1 in integer **", false);
  }
  build_binops(PRIM_I8, pow_op, 1);
  if (build_exe("pow_i8")) {
    expect_run("pow_i8", "", "3i8 5i8", 0, "-13i8\n", NULL, false);
    expect_run("pow_i8", "", "-128i8 -128i8", 1, "",
               "prog.dsl:10:3: error: negative exponent -128 in integer **", false);
  }
  build_binops(PRIM_U8, pow_op, 1);
  if (build_exe("pow_u8")) {
    expect_run("pow_u8", "", "7u8 3u8", 0, "87u8\n", NULL, false);
    expect_run("pow_u8", "", "3u8 255u8", 0, "171u8\n", NULL, false);
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
  entry(f, "main", "00", "x", "f64", "k", "i8", NULL);
  for (int i = 0; i < n; i++) {
    f->entry->outputs[i].type_text = prim_name(f->ret[i].prim);
  }
  ir_program_add_fun(irb_prog, f);
  if (build_exe("unops")) {
    expect_run("unops", "", "2.5f64 -1i8", 0,
               "2.0f64\n1.0f64\n2.5f64\n2.0f64\n3.0f64\n2.0f64\n-2.5f64\n"
               "2i32\n2u8\n2i64\ntrue\n2.5f32\n255u16\n4612811918334230528u64\n8i32\n",
               NULL, true);
    expect_run("unops", "", "-3.5e9f64 3i8", 0,
               "-3500000000.0f64\n-1.0f64\n3500000000.0f64\n-3500000000.0f64\n-3500000000.0f64\n"
               "-3500000000.0f64\n3500000000.0f64\n"
               "794967296i32\n0u8\n-3500000000i64\ntrue\n-3.5e9f32\n3u16\n"
               "13973002476475908096u64\n2i32\n", NULL, false);
    expect_run("unops", "", "f64.nan 0i8", 0,
               "f64.nan\nf64.nan\nf64.nan\nf64.nan\nf64.nan\nf64.nan\nf64.nan\n"
               "0i32\n0u8\n0i64\ntrue\nf32.nan\n0u16\n9221120237041090560u64\n0i32\n",
               NULL, false);
    expect_run("unops", "", "300.7f64 0i8", 0, NULL, NULL, false);
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

/* xss with [1] = row, xs with [1:3] = ys, xs with [::2] = zs, in place and not. */
static void test_updates(void) {
  irb_begin();
  struct ir_type t1 = ta(PRIM_F64, 1, NONE()), t2 = ta(PRIM_F64, 2, NONE(), NONE());
  struct ir_var *xss = var("xss", t2), *row = var("row", t1), *xs = var("xs", t1);
  struct ir_var *ys = var("ys", t1);
  struct ir_fun *f = fun("main", 4, vars(4, xss, row, xs, ys), 4, t2, t1, t1, t1);
  struct ir_var *a = let(f->body, 2, 1, "a", t2, e_update(xss, dims(1, d_fix(I64(1))), 1, V(row)));
  struct ir_var *b = let(f->body, 3, 1, "b", t1,
                         e_update(xs, dims(1, d_slice(I64(1), I64(3), NONE())), 1, V(ys)));
  struct ir_var *c = let(f->body, 4, 1, "c", t1,
                         e_update(b, dims(1, d_slice(NONE(), NONE(), I64(-2))), 1, V(b)));
  results(f->body, 4, V(a), V(b), V(c), V(xs));
  entry(f, "main", "0000", "xss", "[][]f64", "row", "[]f64", "xs", "[]f64", "ys", "[]f64",
        "[][]f64", "[]f64", "[]f64", "[]f64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("updates")) {
    expect_run("updates", "",
               "[[1.0, 2.0], [3.0, 4.0]] [5.0, 6.0] [0.0, 0.0, 0.0, 0.0] [7.0, 8.0]", 1, "",
               "prog.dsl:4:1: error: update of a slice: shape [4] does not match shape [2]", true);
    expect_run("updates", "", "[[1.0, 2.0], [3.0, 4.0]] [5.0, 6.0] [0.0, 0.0, 0.0] [7.0, 8.0]",
               1, "", "shape [3] does not match shape [2]", true);
    expect_run("updates", "", "[[1.0, 2.0]] [5.0, 6.0] [0.0, 0.0] [7.0, 8.0]", 1, "",
               "prog.dsl:2:1: error: index [1] out of bounds for array of shape [1][2]", true);
  }
  irb_begin();
  t1 = ta(PRIM_F64, 1, NONE());
  xs = var("xs", t1);
  ys = var("ys", t1);
  f = fun("main", 2, vars(2, xs, ys), 2, t1, t1);
  b = let(f->body, 3, 1, "b", t1,
          e_update(xs, dims(1, d_slice(I64(1), I64(3), NONE())), 1, V(ys)));
  struct ir_var *r = let(f->body, 4, 1, "r", t1,
                         e_index(IR_SLICE, b, dims(1, d_slice(NONE(), NONE(), I64(-2))), 1));
  c = let(f->body, 5, 1, "c", t1,
          e_update(b, dims(1, d_slice(NONE(), NONE(), I64(-2))), 1, V(ys)));
  results(f->body, 2, V(c), V(r));
  entry(f, "main", "00", "xs", "[]f64", "ys", "[]f64", "[]f64", "[]f64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("updates2")) {
    expect_run("updates2", "", "[0.0, 0.0, 0.0, 0.0] [7.0, 8.0]", 0,
               "[0.0f64, 8.0f64, 8.0f64, 7.0f64]\n[0.0f64, 7.0f64]\n", NULL, true);
  }
}

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

/* Comparisons of a variable with itself are folded (no -Wtautological-compare), but
 * NaN stays unordered. */
static void test_self_comparison(void) {
  static const enum ir_binop ops[] = {IR_BINOP_EQ, IR_BINOP_LT, IR_BINOP_NE, IR_BINOP_GE};
  irb_begin();
  struct ir_var *a = var("a", ts(PRIM_F32)), *b = var("b", ts(PRIM_I32));
  struct ir_fun *f = fun("main", 2, vars(2, a, b), 0);
  f->ret = ARENA_ARRAY(&irb_arena, struct ir_type, 8);
  f->ret_count = 8;
  struct ir_subexp *res = ARENA_ARRAY(&irb_arena, struct ir_subexp, 8);
  for (int i = 0; i < 8; i++) {
    struct ir_var *x = i < 4 ? a : b;
    f->ret[i] = ts(PRIM_BOOL);
    res[i] = V(let(f->body, 2, 1, "c", ts(PRIM_BOOL), e_bin(ops[i % 4], V(x), V(x))));
  }
  ir_body_set_results(&irb_arena, f->body, res, 8);
  entry(f, "main", "00", "a", "f32", "b", "i32", NULL);
  for (int i = 0; i < 8; i++) {
    f->entry->outputs[i].type_text = "bool";
  }
  ir_program_add_fun(irb_prog, f);
  if (build_exe("self_compare")) {
    expect_run("self_compare", "", "f32.nan 1i32", 0,
               "false\nfalse\ntrue\nfalse\ntrue\nfalse\nfalse\ntrue\n", NULL, false);
    expect_run("self_compare", "", "1f32 1i32", 0,
               "true\nfalse\nfalse\ntrue\ntrue\nfalse\nfalse\ntrue\n", NULL, false);
  }
}

/* An array of shape [2^62][0] holds no elements: making, copying and transposing it
 * takes no time. */
static void test_huge_empty(void) {
  irb_begin();
  struct ir_var *n = var("n", ts(PRIM_I64));
  struct ir_type t1 = ta(PRIM_I32, 1, I64(0)), t2 = ta(PRIM_I32, 2, V(n), I64(0));
  struct ir_fun *f = fun("main", 1, vars(1, n), 2, ts(PRIM_I64), ts(PRIM_I64));
  struct ir_var *z = let(f->body, 2, 1, "z", t1, e_iota(I64(0)));
  struct ir_var *r = let(f->body, 3, 1, "r", t2, e_replicate(1, ses(1, V(n)), V(z)));
  static const int perm[] = {1, 0};
  struct ir_var *t =
      let(f->body, 4, 1, "t", ta(PRIM_I32, 2, I64(0), V(n)), e_rearrange(r, 2, perm));
  struct ir_var *c = let(f->body, 5, 1, "c", t2, e_copy(r));
  struct ir_var *a = let(f->body, 6, 1, "a", ts(PRIM_I64), e_shape(c, 0));
  struct ir_var *b = let(f->body, 6, 5, "b", ts(PRIM_I64), e_shape(t, 1));
  results(f->body, 2, V(a), V(b));
  entry(f, "main", "0", "n", "i64", "i64", "i64");
  ir_program_add_fun(irb_prog, f);
  if (build_exe("huge_empty")) {
    expect_run("huge_empty", "", "4611686018427387904i64", 0,
               "4611686018427387904i64\n4611686018427387904i64\n", NULL, true);
  }
}

int main(void) {
  harness_begin();
  test_int_semantics();
  test_int_pow();
  test_float_semantics();
  test_unops_conversions();
  test_slices();
  test_updates();
  test_assert_division();
  test_creation();
  test_shape_errors();
  test_self_comparison();
  test_huge_empty();
  return harness_end();
}
