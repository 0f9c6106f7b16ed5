/* Building core IR by hand in tests, with short names.
 *
 * A thin layer over the builders of src/ir/ir.h: every statement binds fresh variables
 * (SSA) and carries a location in the file "prog.dsl" registered with diag, so that
 * run-time errors of the generated code can be checked against "prog.dsl:L:C". Tests
 * build one program at a time between irb_begin() and irb_end().
 */
#ifndef PRISM_TESTS_IRB_H
#define PRISM_TESTS_IRB_H

#include <stdarg.h>
#include <string.h>

#include "ir/ir.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/strtab.h"

/* Not every test uses every helper. */
#define IRB __attribute__((unused)) static

static struct arena irb_arena;
static struct ir_program *irb_prog;
static uint32_t irb_file;

IRB void irb_begin(void) {
  arena_init(&irb_arena);
  irb_prog = ir_program_new(&irb_arena);
  if (irb_file == 0) {
    static const char text[] = "-- a program built by hand\n";
    irb_file = diag_add_file("prog.dsl", text, sizeof text - 1);
  }
}

IRB void irb_end(void) {
  arena_free(&irb_arena);
  irb_prog = NULL;
}

IRB struct loc at(int line, int col) {
  return (struct loc){irb_file, (uint32_t)line, (uint32_t)col, (uint32_t)line, (uint32_t)col};
}

/* ------------------------------------------------------------ Types, values */

IRB struct ir_type ts(enum prim_type p) {
  return ir_type_scalar(p);
}

/* An array type of rank `rank`, dimensions given as subexpressions. */
IRB struct ir_type ta(enum prim_type p, int rank, ...) {
  struct ir_subexp dims[8];
  va_list ap;
  va_start(ap, rank);
  for (int i = 0; i < rank; i++) {
    dims[i] = va_arg(ap, struct ir_subexp);
  }
  va_end(ap);
  return ir_type_array(&irb_arena, p, rank, dims);
}

IRB struct ir_subexp NONE(void) {
  return ir_se_none();
}

IRB struct ir_var *var(const char *name, struct ir_type t) {
  return ir_var_new(irb_prog, intern(name), t);
}

IRB struct ir_subexp V(struct ir_var *x) {
  return ir_se_var(x);
}

IRB struct ir_subexp K(enum prim_type p, int64_t v) {
  return ir_se_const(ir_const_int(p, v));
}

IRB struct ir_subexp KF(enum prim_type p, double v) {
  return ir_se_const(ir_const_float(p, v));
}

IRB struct ir_subexp I64(int64_t v) {
  return ir_se_i64(v);
}

IRB struct ir_subexp *ses(int n, ...) {
  struct ir_subexp *a = ARENA_ARRAY(&irb_arena, struct ir_subexp, n + 1);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    a[i] = va_arg(ap, struct ir_subexp);
  }
  va_end(ap);
  return a;
}

IRB struct ir_var **vars(int n, ...) {
  struct ir_var **a = ARENA_ARRAY(&irb_arena, struct ir_var *, n + 1);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    a[i] = va_arg(ap, struct ir_var *);
  }
  va_end(ap);
  return a;
}

/* ------------------------------------------------------------ Statements */

/* let x: t = e, at line:col; returns x. */
IRB struct ir_var *let(struct ir_body *b, int line, int col, const char *name,
                          struct ir_type t, struct ir_exp e) {
  struct ir_var *x = var(name, t);
  ir_body_add(irb_prog, b, at(line, col), e, &x, 1);
  return x;
}

IRB struct ir_stm *letn(struct ir_body *b, int line, int col, struct ir_var **pat, int n,
                           struct ir_exp e) {
  return ir_body_add(irb_prog, b, at(line, col), e, pat, n);
}

IRB void results(struct ir_body *b, int n, ...) {
  struct ir_subexp r[16];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    r[i] = va_arg(ap, struct ir_subexp);
  }
  va_end(ap);
  ir_body_set_results(&irb_arena, b, r, n);
}

/* ------------------------------------------------------------ Expressions */

IRB struct ir_exp e_se(struct ir_subexp a) {
  struct ir_exp e = {.kind = IR_SUBEXP};
  e.u.se = a;
  return e;
}

IRB struct ir_exp e_bin(enum ir_binop op, struct ir_subexp a, struct ir_subexp b) {
  struct ir_exp e = {.kind = IR_BINOP};
  e.u.binop.op = op;
  e.u.binop.lhs = a;
  e.u.binop.rhs = b;
  return e;
}

IRB struct ir_exp e_un(enum ir_unop op, struct ir_subexp a) {
  struct ir_exp e = {.kind = IR_UNOP};
  e.u.unop.op = op;
  e.u.unop.operand = a;
  return e;
}

IRB struct ir_exp e_conv(struct ir_subexp a) {
  struct ir_exp e = {.kind = IR_CONVERT};
  e.u.convert.operand = a;
  return e;
}

IRB struct ir_exp e_shape(struct ir_var *a, int dim) {
  struct ir_exp e = {.kind = IR_SHAPE};
  e.u.shape.array = a;
  e.u.shape.dim = dim;
  return e;
}

IRB struct ir_dim_index d_fix(struct ir_subexp i) {
  return (struct ir_dim_index){.fixed = i};
}

IRB struct ir_dim_index d_slice(struct ir_subexp i, struct ir_subexp j, struct ir_subexp s) {
  return (struct ir_dim_index){.is_slice = true, .start = i, .end = j, .stride = s};
}

IRB struct ir_dim_index *dims(int n, ...) {
  struct ir_dim_index *a = ARENA_ARRAY(&irb_arena, struct ir_dim_index, n + 1);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    a[i] = va_arg(ap, struct ir_dim_index);
  }
  va_end(ap);
  return a;
}

IRB struct ir_exp e_index(enum ir_exp_kind kind, struct ir_var *a, struct ir_dim_index *d,
                             int n) {
  struct ir_exp e = {.kind = kind};
  e.u.index.array = a;
  e.u.index.dims = d;
  e.u.index.count = n;
  return e;
}

IRB struct ir_exp e_update(struct ir_var *a, struct ir_dim_index *d, int n,
                              struct ir_subexp v) {
  struct ir_exp e = {.kind = IR_UPDATE};
  e.u.update.array = a;
  e.u.update.dims = d;
  e.u.update.count = n;
  e.u.update.value = v;
  return e;
}

IRB struct ir_exp e_iota(struct ir_subexp n) {
  struct ir_exp e = {.kind = IR_IOTA};
  e.u.iota.n = n;
  return e;
}

IRB struct ir_exp e_replicate(int n, struct ir_subexp *d, struct ir_subexp v) {
  struct ir_exp e = {.kind = IR_REPLICATE};
  e.u.replicate.dims = d;
  e.u.replicate.count = n;
  e.u.replicate.value = v;
  return e;
}

IRB struct ir_exp e_array(int n, struct ir_subexp *elems, struct ir_type row) {
  struct ir_exp e = {.kind = IR_ARRAY_LIT};
  e.u.array_lit.elems = elems;
  e.u.array_lit.count = n;
  e.u.array_lit.row = row;
  return e;
}

IRB struct ir_exp e_rearrange(struct ir_var *a, int rank, const int *perm) {
  struct ir_exp e = {.kind = IR_REARRANGE};
  e.u.rearrange.array = a;
  e.u.rearrange.rank = rank;
  e.u.rearrange.perm = arena_dup(&irb_arena, perm, sizeof *perm * (size_t)rank);
  return e;
}

IRB struct ir_exp e_reshape(struct ir_var *a, int n, struct ir_subexp *d) {
  struct ir_exp e = {.kind = IR_RESHAPE};
  e.u.reshape.array = a;
  e.u.reshape.dims = d;
  e.u.reshape.count = n;
  return e;
}

IRB struct ir_exp e_concat(int n, struct ir_var **arrays) {
  struct ir_exp e = {.kind = IR_CONCAT};
  e.u.concat.arrays = arrays;
  e.u.concat.count = n;
  return e;
}

IRB struct ir_exp e_copy(struct ir_var *a) {
  struct ir_exp e = {.kind = IR_COPY};
  e.u.copy = a;
  return e;
}

IRB struct ir_exp e_assert(struct ir_subexp c, const char *msg) {
  struct ir_exp e = {.kind = IR_ASSERT};
  e.u.assert_.cond = c;
  e.u.assert_.message = msg;
  return e;
}

IRB struct ir_exp e_apply(struct ir_fun *f, int n, struct ir_subexp *args) {
  struct ir_exp e = {.kind = IR_APPLY};
  e.u.apply.fun = f;
  e.u.apply.args = args;
  e.u.apply.count = n;
  return e;
}

IRB struct ir_exp e_if(struct ir_subexp c, struct ir_body *t, struct ir_body *f) {
  struct ir_exp e = {.kind = IR_IF};
  e.u.if_.cond = c;
  e.u.if_.then_body = t;
  e.u.if_.else_body = f;
  return e;
}

IRB struct ir_body *body(void) {
  return ir_body_new(&irb_arena);
}

/* A for loop: params with inits, index of type i64 below bound. The caller fills
 * l->body and sets its results. */
IRB struct ir_exp e_for(int n, struct ir_var **params, struct ir_subexp *inits,
                           struct ir_var *index, struct ir_subexp bound, struct ir_body *b) {
  struct ir_exp e = {.kind = IR_LOOP};
  e.u.loop.params = params;
  e.u.loop.inits = inits;
  e.u.loop.param_count = n;
  e.u.loop.index = index;
  e.u.loop.bound = bound;
  e.u.loop.body = b;
  return e;
}

IRB struct ir_exp e_while(int n, struct ir_var **params, struct ir_subexp *inits,
                             struct ir_var *cond, struct ir_body *b) {
  struct ir_exp e = {.kind = IR_LOOP};
  e.u.loop.params = params;
  e.u.loop.inits = inits;
  e.u.loop.param_count = n;
  e.u.loop.is_while = true;
  e.u.loop.cond = cond;
  e.u.loop.body = b;
  return e;
}

/* A lambda with the given parameters and result types; the caller builds l->body. */
IRB struct ir_lambda *lambda(int np, struct ir_var **params, int nr, ...) {
  struct ir_lambda *l = ir_lambda_new(&irb_arena);
  l->params = params;
  l->param_count = np;
  l->ret = ARENA_ARRAY(&irb_arena, struct ir_type, nr + 1);
  l->ret_count = nr;
  va_list ap;
  va_start(ap, nr);
  for (int i = 0; i < nr; i++) {
    l->ret[i] = va_arg(ap, struct ir_type);
  }
  va_end(ap);
  return l;
}

/* A binary operator as a lambda \a b -> a op b over scalars of type p. */
IRB struct ir_lambda *op_lambda(enum ir_binop op, enum prim_type p) {
  struct ir_var *a = var("a", ts(p)), *b = var("b", ts(p));
  struct ir_lambda *l = lambda(2, vars(2, a, b), 1, ts(p));
  struct ir_var *r = let(l->body, 1, 1, "r", ts(p), e_bin(op, V(a), V(b)));
  results(l->body, 1, V(r));
  return l;
}

IRB struct ir_exp e_soac(enum ir_soac_kind kind, struct ir_subexp w, int ni,
                           struct ir_var **inputs, struct ir_lambda *map_fn,
                           struct ir_lambda *op, int nn, struct ir_subexp *neutral) {
  struct ir_exp e = {.kind = IR_SOAC};
  e.u.soac.kind = kind;
  e.u.soac.width = w;
  e.u.soac.inputs = inputs;
  e.u.soac.input_count = ni;
  e.u.soac.map_fn = map_fn;
  e.u.soac.op = op;
  e.u.soac.neutral = neutral;
  e.u.soac.neutral_count = nn;
  return e;
}

/* ------------------------------------------------------------ Functions */

/* A function with params; the caller builds f->body, sets results and ret types. */
IRB struct ir_fun *fun(const char *name, int np, struct ir_var **params, int nr, ...) {
  struct ir_fun *f = ir_fun_new(irb_prog, intern(name), at(1, 1));
  f->params = params;
  f->param_count = np;
  f->ret = ARENA_ARRAY(&irb_arena, struct ir_type, nr + 1);
  f->ret_count = nr;
  va_list ap;
  va_start(ap, nr);
  for (int i = 0; i < nr; i++) {
    f->ret[i] = va_arg(ap, struct ir_type);
  }
  va_end(ap);
  return f;
}

/* Makes f an entry point. `sizes` is a string of '0'/'1' per parameter (1: size
 * parameter); then one name and type text per input, then one type text per output,
 * or NULL to leave the outputs' type texts to the caller. */
IRB void entry(struct ir_fun *f, const char *name, const char *sizes, ...) {
  struct ir_entry *en = ARENA_NEW(&irb_arena, struct ir_entry);
  en->name = intern(name);
  en->param_is_size = ARENA_ARRAY(&irb_arena, bool, f->param_count + 1);
  int inputs = 0;
  for (int i = 0; i < f->param_count; i++) {
    en->param_is_size[i] = sizes != NULL && sizes[i] == '1';
    inputs += en->param_is_size[i] ? 0 : 1;
  }
  en->inputs = ARENA_ARRAY(&irb_arena, struct ir_entry_value, inputs + 1);
  en->input_count = inputs;
  en->outputs = ARENA_ARRAY(&irb_arena, struct ir_entry_value, f->ret_count + 1);
  en->output_count = f->ret_count;
  va_list ap;
  va_start(ap, sizes);
  for (int i = 0; i < inputs; i++) {
    en->inputs[i].name = intern(va_arg(ap, const char *));
    en->inputs[i].type_text = va_arg(ap, const char *);
  }
  for (int i = 0; i < f->ret_count; i++) {
    en->outputs[i].type_text = va_arg(ap, const char *);
    if (en->outputs[i].type_text == NULL) {
      break;
    }
  }
  va_end(ap);
  f->entry = en;
}

/* A function `name` of one array parameter xs: [n]T that starts with n = shape xs 0. */
IRB struct ir_fun *fun_over(const char *name, enum prim_type t, struct ir_var **xs,
                               struct ir_var **n, int nr, struct ir_type r0, struct ir_type r1) {
  *xs = var("xs", ta(t, 1, NONE()));
  struct ir_fun *f = fun(name, 1, vars(1, *xs), nr, r0, r1);
  *n = let(f->body, 2, 1, "n", ts(PRIM_I64), e_shape(*xs, 0));
  return f;
}

/* \x -> x OP c over scalars of type t, with result type rt (comparisons: bool). */
IRB struct ir_lambda *unary_lambda(enum ir_binop op, enum prim_type t, struct ir_subexp c,
                                      enum prim_type rt) {
  struct ir_var *x = var("x", ts(t));
  struct ir_lambda *l = lambda(1, vars(1, x), 1, ts(rt));
  struct ir_var *y = let(l->body, 3, 9, "y", ts(rt), e_bin(op, V(x), c));
  results(l->body, 1, V(y));
  return l;
}


#endif
