/* The OpenCL backend: the forms of lower.h as kernels and the host code that launches
 * them, and the host side of the memory model (Note [mirrors] in rts/opencl/mirror.h).
 *
 * Every kernel takes the error buffer first, then its sizes, then its arrays, each as
 * a buffer, a byte offset and its lengths (a view of a block, as host arrays are), and
 * the scalars its lambdas use. Host code sets the arguments from the host variables of
 * the same names, makes every array's device copy current (rts_dev), allocates the
 * outputs on the device (rts_alloc_dev) and launches over a grid of RTS_GROUP-sized
 * work-groups, capped so that each work-item takes several elements (a grid-stride
 * loop). Reductions read their scalar results back, which waits for the device and
 * reports kernel failures.
 */
#include <string.h>

#include "backend_opencl/emit_opencl.h"
#include "ir/util.h"

/* The OpenCL runtime's files, one string a line (build-aux/embed-rts.sh -p rts_cl). */
struct rts_embedded_file {
  const char *name;
  const char *const *lines;
};

#include "backend_opencl/rts_cl_embed.inc"

static const char *const *cl_rts_file(const char *name) {
  for (const struct rts_embedded_file *f = rts_cl_embedded_files; f->name != NULL; f++) {
    if (strcmp(f->name, name) == 0) {
      return f->lines;
    }
  }
  diag_ice("emit_opencl", (struct loc){0}, "the runtime file rts/opencl/%s is not embedded",
           name);
}

/* ------------------------------------------------------------ Setup */

void emit_cl_init(struct emitter *e) {
  e->cl = ARENA_NEW(&e->arena, struct emit_cl);
  memset(e->cl, 0, sizeof *e->cl);
  strbuf_init(&e->cl->source);
  e->cl->views = ARENA_ARRAY(&e->arena, struct cl_view *, e->var_count + 1);
  e->cl->privates = ARENA_ARRAY(&e->arena, struct cl_private *, e->var_count + 1);
  e->cl->arg_of = ARENA_ARRAY(&e->arena, int, e->var_count + 1);
  e->cl->seen = ARENA_ARRAY(&e->arena, int, e->var_count + 1);
  e->cl->transposed = ARENA_ARRAY(&e->arena, const struct cl_transposed *, e->var_count + 1);
  e->cl->fail_action = "return;";
  e->cl->where_text = "<unknown>";
  e->cl->notes_text = "";
}

void emit_cl_free(struct emitter *e) {
  if (e->cl != NULL) {
    strbuf_free(&e->cl->source);
  }
}

static int add_kernel_name(struct emitter *e, const char *name) {
  struct emit_cl *cl = e->cl;
  return cl_push_string(e, &cl->kernel_names, &cl->kernel_count, &cl->kernel_cap, name) - 1;
}

/* ------------------------------------------------------------ Host statements */

struct array_uses {
  struct emitter *e;
  int *seen;
  int stamp;
  struct ir_var **vars;
  int count, cap;
};

static void note_array(void *ctx, const struct ir_var *v) {
  struct array_uses *u = ctx;
  struct emit_var *ev = &u->e->vars[v->id];
  if (v->type.rank == 0 || !ev->in_scope || u->seen[v->id] == u->stamp) {
    return;
  }
  u->seen[v->id] = u->stamp;
  if (u->count == u->cap) {
    u->cap = u->cap == 0 ? 8 : 2 * u->cap;
    struct ir_var **grown = ARENA_ARRAY(&u->e->arena, struct ir_var *, u->cap);
    if (u->count > 0) {
      memcpy(grown, u->vars, (size_t)u->count * sizeof *grown);
    }
    u->vars = grown;
  }
  u->vars[u->count++] = (struct ir_var *)v;
}

/* Does the host statement read or write elements (rather than pass arrays on)? */
static bool touches_elements(const struct ir_stm *s) {
  switch (s->exp.kind) {
  case IR_SUBEXP:
  case IR_UNOP:
  case IR_BINOP:
  case IR_CONVERT:
  case IR_SHAPE:
  case IR_RESHAPE:
  case IR_IF:
  case IR_LOOP:
  case IR_APPLY:
  case IR_ASSERT:
  case IR_IOTA:
    return false;
  case IR_INDEX:
    return s->exp.u.index.count == s->exp.u.index.array->type.rank;
  default:
    return true;
  }
}

void emit_cl_before_host_stm(struct emitter *e, const struct ir_stm *s) {
  if (!touches_elements(s)) {
    return;
  }
  struct array_uses u = {.e = e, .seen = e->cl->seen, .stamp = ++e->cl->stamp};
  ir_visit_uses_stm(s, note_array, &u);
  for (int i = 0; i < u.count; i++) {
    emit_c_try(e, "rts_host(ctx, %s.mem, %s)", emit_c_var(e, u.vars[i]), e->where);
  }
}

void emit_cl_after_host_stm(struct emitter *e, const struct ir_stm *s) {
  bool in_place = s->exp.kind == IR_UPDATE ||
                  (s->exp.kind == IR_SOAC && (s->exp.u.soac.kind == IR_SOAC_SCATTER ||
                                              s->exp.u.soac.kind == IR_SOAC_HIST));
  if (!in_place) {
    return;
  }
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank > 0) {
      emit_c_line(e, "rts_host_wrote(%s.mem);", emit_c_var(e, s->pat[i]));
    }
  }
}

/* A call in the body of a SOAC that runs on the host: the callee's kernels may have
 * left its array results on the device, and the body reads their elements (or copies
 * them into its output's rows) without bracketing, so their host copies are made
 * current here. */
void emit_cl_after_nested_apply(struct emitter *e, const struct ir_stm *s) {
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank > 0) {
      emit_c_try(e, "rts_host(ctx, %s.mem, %s)", emit_c_var(e, s->pat[i]), e->where);
    }
  }
}

/* ------------------------------------------------------------ Device array operations */

/* Arrays of at least this many bytes that replicate makes are filled on the device. */
#define DEVICE_FILL_MIN "(int64_t)65536"

/* replicate of a scalar: filled on the device when large (the host path otherwise). */
static bool device_replicate(struct emitter *e, const struct ir_stm *s,
                             void (*host)(struct emitter *, const struct ir_stm *)) {
  struct ir_subexp v = s->exp.u.replicate.value;
  if (v.kind == IR_SE_VAR && v.u.var->type.rank > 0) {
    return false;
  }
  const struct ir_var *y = s->pat[0];
  const char *yn = emit_c_var(e, y), *t = emit_c_elem_type(y->type.prim);
  const char *bytes = emit_c_tmp(e), *pattern = emit_c_tmp(e);
  int rank = s->exp.u.replicate.count;
  emit_c_line(e, "{");
  e->indent++;
  for (int d = 0; d < rank; d++) {
    emit_c_line(e, "%s.shape[%d] = (int64_t)%s;", yn, d,
                emit_c_subexp(e, s->exp.u.replicate.dims[d]));
  }
  /* -1 for a negative or too large shape: the host path reports it. */
  emit_c_line(e, "const int64_t %s = rts_checked_bytes(sizeof(%s), %d, %s.shape);", bytes, t,
              rank, yn);
  emit_c_line(e, "if (%s >= %s) {", bytes, DEVICE_FILL_MIN);
  e->indent++;
  emit_c_line(e, "const %s %s = %s;", t, pattern, emit_c_subexp(e, v));
  emit_c_try(e, "rts_alloc_dev(ctx, &%s.mem, %s, %s)", yn, bytes, e->where);
  emit_c_line(e, "%s.data = rts_block_data(%s.mem);", yn, yn);
  emit_c_try(e, "rts_cl_fill(ctx, ctx->cl, rts_dev_mem(%s.mem), 0, %s, &%s, sizeof %s, %s)", yn,
             bytes, pattern, pattern, e->where);
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  host(e, s);
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  return true;
}

/* copy of an array whose device copy is the current one: copied on the device. */
static void device_copy(struct emitter *e, const struct ir_stm *s,
                        void (*host)(struct emitter *, const struct ir_stm *)) {
  const struct ir_var *x = s->exp.u.copy, *y = s->pat[0];
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  const char *bytes = emit_c_tmp(e);
  emit_c_line(e, "if (%s.mem->host_stale) {", xn);
  e->indent++;
  for (int d = 0; d < y->type.rank; d++) {
    emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", yn, d, xn, d);
  }
  emit_c_line(e, "int64_t %s = 0;", bytes);
  emit_c_try(e, "rts_array_bytes(ctx, sizeof(%s), %d, %s.shape, %s, &%s)",
             emit_c_elem_type(y->type.prim), y->type.rank, yn, e->where, bytes);
  emit_c_try(e, "rts_alloc_dev(ctx, &%s.mem, %s, %s)", yn, bytes, e->where);
  emit_c_line(e, "%s.data = rts_block_data(%s.mem);", yn, yn);
  emit_c_line(e, "if (%s > 0) {", bytes);
  e->indent++;
  emit_c_try(e,
             "rts_cl_copy(ctx, ctx->cl, rts_dev_mem(%s.mem), 0, rts_dev_mem(%s.mem), "
             "rts_dev_offset(%s.mem, %s.data), %s, %s)",
             yn, xn, xn, xn, bytes, e->where);
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  host(e, s);
  e->indent--;
  emit_c_line(e, "}");
}

bool emit_cl_device_stm(struct emitter *e, const struct ir_stm *s,
                        void (*host)(struct emitter *, const struct ir_stm *)) {
  switch (s->exp.kind) {
  case IR_REPLICATE:
    return device_replicate(e, s, host);
  case IR_COPY:
    if (s->pat[0]->type.rank == 0) {
      return false;
    }
    device_copy(e, s, host);
    return true;
  default:
    return false;
  }
}

/* ------------------------------------------------------------ Kernel building */

/* A kernel being built: its parameters and prologue (OpenCL C), while host code that
 * sets the matching arguments goes to the host function. */
/* Kernel code goes to `into` until kernel_end. */
struct kmode {
  struct strbuf saved_body;
  int saved_indent;
  const char *saved_action;
};

struct kbuild {
  const char *name;
  int index;
  struct strbuf params, prologue;
  int nargs;
  struct strbuf body; /* the kernel's code, between kb_body and kb_launch */
  struct kmode mode;
};

static void kb_start(struct emitter *e, struct kbuild *kb, const char *name) {
  kb->name = name;
  kb->index = add_kernel_name(e, name);
  strbuf_init(&kb->params);
  strbuf_init(&kb->prologue);
  kb->nargs = 0;
  strbuf_puts(&kb->params, "volatile __global int *errbuf");
  emit_c_try(e, "rts_cl_set_arg(ctx, ctx->cl, %d, 0, sizeof(cl_mem), &ctx->cl->errbuf, %s)",
             kb->index, e->where);
  kb->nargs = 1;
}

static void kb_set_arg(struct emitter *e, struct kbuild *kb, const char *size,
                       const char *lvalue) {
  emit_c_try(e, "rts_cl_set_arg(ctx, ctx->cl, %d, %d, %s, %s, %s)", kb->index, kb->nargs, size,
             lvalue, e->where);
  kb->nargs++;
}

/* A long argument named `name` in the kernel, from the host expression `value`. */
static void kb_long(struct emitter *e, struct kbuild *kb, const char *name, const char *value) {
  const char *t = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", t, value);
  strbuf_printf(&kb->params, ", long %s", name);
  kb_set_arg(e, kb, "sizeof(int64_t)", emit_c_printf(e, "&%s", t));
}

static void kb_scalar(struct emitter *e, struct kbuild *kb, const struct ir_var *v) {
  const char *name = emit_c_var(e, v);
  if (e->cl->arg_of[v->id] == kb->index + 1) {
    return;
  }
  e->cl->arg_of[v->id] = kb->index + 1;
  if (v->type.prim == PRIM_BOOL) {
    strbuf_printf(&kb->params, ", uchar %s_arg", name);
    strbuf_printf(&kb->prologue, "  const bool %s = %s_arg != 0;\n", name, name);
  } else {
    strbuf_printf(&kb->params, ", %s %s", emit_c_elem_type(v->type.prim), name);
  }
  kb_set_arg(e, kb, emit_c_printf(e, "sizeof(%s)", emit_c_elem_type(v->type.prim)),
             emit_c_printf(e, "&%s", name));
}

/* A pointer argument `__global T *name` into a device buffer: the host expressions of
 * the buffer and of the byte offset of the first element. */
static void kb_pointer(struct emitter *e, struct kbuild *kb, enum prim_type prim,
                       const char *mem, const char *offset, const char *name) {
  const char *t = cl_elem_type(prim);
  const char *m = emit_c_tmp(e), *o = emit_c_tmp(e);
  emit_c_line(e, "cl_mem %s = %s;", m, mem);
  emit_c_line(e, "const int64_t %s = %s;", o, offset);
  strbuf_printf(&kb->params, ", __global %s *%s_base, long %s_off", t, name, name);
  kb_set_arg(e, kb, "sizeof(cl_mem)", emit_c_printf(e, "&%s", m));
  kb_set_arg(e, kb, "sizeof(int64_t)", emit_c_printf(e, "&%s", o));
  strbuf_printf(&kb->prologue,
                "  __global %s *%s = (__global %s *)((__global char *)%s_base + %s_off);\n", t,
                name, t, name, name);
}

/* Long arguments PREFIXd with the lengths of host array `host` of the given rank. */
static const char **kb_dims(struct emitter *e, struct kbuild *kb, const char *host, int rank,
                            const char *prefix) {
  const char **dims = ARENA_ARRAY(&e->arena, const char *, rank + 1);
  for (int d = 0; d < rank; d++) {
    dims[d] = emit_c_printf(e, "%s%d", prefix, d);
    strbuf_printf(&kb->params, ", long %s", dims[d]);
    kb_set_arg(e, kb, "sizeof(int64_t)", emit_c_printf(e, "&%s.shape[%d]", host, d));
  }
  return dims;
}

/* An array argument: the device copy of host array `host` (made current), seen in the
 * kernel as view `name` of v's rank. */
static void kb_array_named(struct emitter *e, struct kbuild *kb, const struct ir_var *v,
                           const char *host, const char *name) {
  emit_c_try(e, "rts_dev(ctx, %s.mem, %s)", host, e->where);
  kb_pointer(e, kb, v->type.prim, emit_c_printf(e, "rts_dev_mem(%s.mem)", host),
             emit_c_printf(e, "rts_dev_offset(%s.mem, %s.data)", host, host), name);
  cl_set_view(e, v, name, kb_dims(e, kb, host, v->type.rank, emit_c_printf(e, "%s_d", name)));
}

/* An array of two dimensions that the kernel reads through its transposed copy when
 * the host's flag says so (Note [coalescing transposes] in src/lower/lower.c): the
 * copy's buffer or the array's, and the strides of that layout, as arguments. */
static void kb_transposed_array(struct emitter *e, struct kbuild *kb, const struct ir_var *v,
                                const struct cl_transposed *t) {
  const char *name = emit_c_var(e, v);
  emit_c_try(e, "rts_dev(ctx, %s.mem, %s)", name, e->where);
  kb_pointer(e, kb, v->type.prim,
             emit_c_printf(e, "%s ? rts_dev_mem(%s.mem) : rts_dev_mem(%s.mem)", t->flag,
                           t->copy, name),
             emit_c_printf(e, "%s ? 0 : rts_dev_offset(%s.mem, %s.data)", t->flag, name, name),
             name);
  const char **dims = kb_dims(e, kb, name, 2, emit_c_printf(e, "%s_d", name));
  const char *strides[2] = {emit_c_printf(e, "%s_s0", name), emit_c_printf(e, "%s_s1", name)};
  kb_long(e, kb, strides[0], emit_c_printf(e, "%s ? 1 : %s.shape[1]", t->flag, name));
  kb_long(e, kb, strides[1], emit_c_printf(e, "%s ? %s.shape[0] : 1", t->flag, name));
  cl_set_strided_view(e, v, name, dims, strides);
}

static void kb_array(struct emitter *e, struct kbuild *kb, const struct ir_var *v) {
  if (e->cl->arg_of[v->id] == kb->index + 1) {
    return; /* an input that the lambda also reads freely, say */
  }
  e->cl->arg_of[v->id] = kb->index + 1;
  if (e->cl->transposed[v->id] != NULL) {
    kb_transposed_array(e, kb, v, e->cl->transposed[v->id]);
    return;
  }
  kb_array_named(e, kb, v, emit_c_var(e, v), emit_c_var(e, v));
}

/* A device buffer of scalars of type t (partial results): `__global T *name`. */
static void kb_buffer(struct emitter *e, struct kbuild *kb, enum prim_type t, const char *name,
                      const char *host_block) {
  const char *m = emit_c_tmp(e);
  emit_c_line(e, "cl_mem %s = rts_dev_mem(%s);", m, host_block);
  strbuf_printf(&kb->params, ", __global %s *%s", cl_elem_type(t), name);
  kb_set_arg(e, kb, "sizeof(cl_mem)", emit_c_printf(e, "&%s", m));
}

/* The arguments every form passes: the lambdas' free variables. */
static void kb_free_vars(struct emitter *e, struct kbuild *kb, const struct lower_kernel *k) {
  for (int i = 0; i < k->free_count; i++) {
    const struct ir_var *v = k->free[i];
    if (v->type.rank == 0) {
      kb_scalar(e, kb, v);
    } else {
      kb_array(e, kb, v);
    }
  }
}

/* Emits the kernel: `__kernel void NAME(params) { prologue body }`; the body is what
 * host-mode emission wrote into `body` meanwhile. */
static void kb_finish(struct emitter *e, struct kbuild *kb, struct strbuf *body) {
  struct strbuf *src = &e->cl->source;
  strbuf_printf(src, "__kernel void %s(%s) {\n", kb->name, kb->params.data);
  strbuf_puts(src, kb->prologue.data != NULL ? kb->prologue.data : "");
  strbuf_puts(src, body->data != NULL ? body->data : "");
  strbuf_puts(src, "}\n\n");
  strbuf_free(&kb->params);
  strbuf_free(&kb->prologue);
}


static void kernel_begin(struct emitter *e, struct kmode *m, struct strbuf *into,
                         const char *fail_action) {
  m->saved_body = e->body;
  m->saved_indent = e->indent;
  m->saved_action = e->cl->fail_action;
  e->body = *into;
  e->indent = 1;
  e->in_kernel = true;
  e->cl->fail_action = fail_action;
}

static void kernel_end(struct emitter *e, struct kmode *m, struct strbuf *into) {
  *into = e->body;
  e->body = m->saved_body;
  e->indent = m->saved_indent;
  e->in_kernel = false;
  e->cl->fail_action = m->saved_action;
}

/* The launch of kernel kb over `groups` work-groups of RTS_GROUP work-items. */
static void launch(struct emitter *e, const struct kbuild *kb, const char *groups) {
  const char *g = emit_c_tmp(e), *l = emit_c_tmp(e);
  emit_c_line(e, "const size_t %s = (size_t)(%s) * RTS_GROUP, %s = RTS_GROUP;", g, groups, l);
  emit_c_try(e, "rts_cl_launch(ctx, ctx->cl, %d, 1, &%s, &%s, %s)", kb->index, g, l, e->where);
}

/* Kernel code from here on goes to the kernel's body. */
static void kb_body(struct emitter *e, struct kbuild *kb) {
  strbuf_init(&kb->body);
  kernel_begin(e, &kb->mode, &kb->body, "return;");
}

/* Ends the kernel's body, emits the kernel and launches it over `groups` groups. */
static void kb_launch(struct emitter *e, struct kbuild *kb, const char *groups) {
  kernel_end(e, &kb->mode, &kb->body);
  kb_finish(e, kb, &kb->body);
  strbuf_free(&kb->body);
  launch(e, kb, groups);
}

static const char *kernel_name(struct emitter *e, const struct ir_stm *s,
                               const struct lower_kernel *k, const char *suffix) {
  return emit_c_printf(e, "%s_%d%s", lower_form_name(k->form), k->id, suffix);
}

/* ------------------------------------------------------------ Host parts */

static const char *width_of(struct emitter *e, const struct ir_soac *so) {
  const char *w = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", w, emit_c_subexp(e, so->width));
  return w;
}

/* Inputs' outer sizes against the width, as the C backend checks them. */
static void check_inputs(struct emitter *e, const struct ir_soac *so, const char *w) {
  for (int i = 0; i < so->input_count; i++) {
    const char *x = emit_c_var(e, so->inputs[i]);
    emit_c_fail_if(e, emit_c_printf(e, "%s.shape[0] != %s", x, w),
                   "rts_width_error(ctx, %s, \"%s\", %s.shape[0], %s)", e->where,
                   ir_soac_kind_name(so->kind), x, w);
  }
}

/* An output y of shape [w] (or [w][m]) on the device. */
static void alloc_output(struct emitter *e, const struct ir_var *y, const char *w,
                         const char *m) {
  const char *yn = emit_c_var(e, y);
  emit_c_line(e, "%s.shape[0] = %s;", yn, w);
  if (m != NULL) {
    emit_c_line(e, "%s.shape[1] = %s;", yn, m);
  }
  emit_c_try(e, "rts_alloc_dev_array(ctx, &%s.mem, sizeof(%s), %d, %s.shape, %s)", yn,
             emit_c_elem_type(y->type.prim), m != NULL ? 2 : 1, yn, e->where);
  emit_c_line(e, "%s.data = rts_block_data(%s.mem);", yn, yn);
}

/* A device buffer of n scalars of type t (of n * m when m is not NULL), owned by the
 * function (released on failure); its size is checked as an array's. */
static const char *temp_buffer(struct emitter *e, enum prim_type t, const char *n,
                               const char *m) {
  const char *name = emit_c_owned_tmp(e, m != NULL ? 2 : 1);
  emit_c_line(e, "%s.shape[0] = %s;", name, n);
  if (m != NULL) {
    emit_c_line(e, "%s.shape[1] = %s;", name, m);
  }
  emit_c_try(e, "rts_alloc_dev_array(ctx, &%s.mem, sizeof(%s), %d, %s.shape, %s)", name,
             emit_c_elem_type(t), m != NULL ? 2 : 1, name, e->where);
  return name;
}

static void release_temp(struct emitter *e, const char *name) {
  emit_c_line(e, "rts_unref(ctx, %s.mem);", name);
  emit_c_line(e, "%s.mem = NULL;", name);
}

/* ------------------------------------------------------------ transpose */

/* Note [transpose kernels]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * A transpose kernel copies an array into a new one whose dimension i is the array's
 * dimension perm[i] (row-major both). Let `a` be the array's innermost dimension and
 * `b` the dimension that becomes the copy's innermost. When a = b, rows stay rows: one
 * work-item per element of the copy, in order, reads the element it writes, and
 * neighbours read and write neighbours. Otherwise reading along a and writing along b
 * cannot both follow the work-items' order, so a work-group copies a tile of
 * RTS_TRANSPOSE_TILE x RTS_TRANSPOSE_TILE elements of the (b, a) plane through local
 * memory: its work-items read the tile's rows along a (coalesced), and after a barrier
 * write its columns along b (coalesced), RTS_GROUP / RTS_TRANSPOSE_TILE rows per pass.
 * The tile has one column of padding (tile[64][65]), so that the work-items reading a
 * column of it hit 32 different banks. The other dimensions are batch dimensions: the
 * tiles of every (b, a) plane are numbered in one range, over which the work-groups
 * stride; a group finds its plane's offsets in both arrays from the tile's number.
 */

static void close_loop(struct emitter *e);

/* The kernel code of a transpose whose innermost dimension stays innermost: the
 * copy's elements in order, each read from its place in the array. */
static void transpose_gather(struct emitter *e, int rank, const int *perm) {
  emit_c_line(e, "const long total = d0 * s0;");
  emit_c_line(e, "for (long g = get_global_id(0); g < total; g += get_global_size(0)) {");
  e->indent++;
  emit_c_line(e, "long rest = g, from = 0;");
  for (int i = rank - 1; i >= 0; i--) {
    emit_c_line(e, "from += rest %% d%d * s%d;", perm[i], perm[i]);
    emit_c_line(e, "rest /= d%d;", perm[i]);
  }
  emit_c_line(e, "dst[g] = src[from];");
  close_loop(e);
}

/* The kernel code of a tiled transpose (Note [transpose kernels]); pos[k] is the
 * position in the copy of the array's dimension k. */
static void transpose_tiles(struct emitter *e, enum prim_type t, int rank, const int *perm,
                            const int *pos) {
  int a = rank - 1, b = perm[rank - 1];
  emit_c_line(e, "__local %s tile[RTS_TRANSPOSE_TILE][RTS_TRANSPOSE_TILE + 1];",
              cl_elem_type(t));
  emit_c_line(e, "const long lid = get_local_id(0);");
  emit_c_line(e, "const long tx = lid %% RTS_TRANSPOSE_TILE, ty = lid / RTS_TRANSPOSE_TILE;");
  emit_c_line(e, "const long ta = (d%d + RTS_TRANSPOSE_TILE - 1) / RTS_TRANSPOSE_TILE;", a);
  emit_c_line(e, "const long tb = (d%d + RTS_TRANSPOSE_TILE - 1) / RTS_TRANSPOSE_TILE;", b);
  struct strbuf tiles;
  strbuf_init(&tiles);
  strbuf_puts(&tiles, "ta * tb");
  for (int k = 0; k < rank; k++) {
    if (k != a && k != b) {
      strbuf_printf(&tiles, " * d%d", k);
    }
  }
  emit_c_line(e, "const long tiles = %s;", tiles.data);
  strbuf_free(&tiles);
  emit_c_line(e, "for (long t = get_group_id(0); t < tiles; t += get_num_groups(0)) {");
  e->indent++;
  emit_c_line(e, "const long a0 = t %% ta * RTS_TRANSPOSE_TILE;");
  emit_c_line(e, "const long b0 = t / ta %% tb * RTS_TRANSPOSE_TILE;");
  emit_c_line(e, "long from = 0, to = 0;");
  if (rank > 2) {
    emit_c_line(e, "long rest = t / ta / tb;");
  }
  for (int k = rank - 1; k >= 0; k--) {
    if (k != a && k != b) {
      emit_c_line(e, "from += rest %% d%d * s%d;", k, k);
      emit_c_line(e, "to += rest %% d%d * q%d;", k, pos[k]);
      emit_c_line(e, "rest /= d%d;", k);
    }
  }
  emit_c_line(e, "for (long y = ty; y < RTS_TRANSPOSE_TILE; y += RTS_GROUP / "
                 "RTS_TRANSPOSE_TILE) {");
  emit_c_line(e, "  if (b0 + y < d%d && a0 + tx < d%d) {", b, a);
  emit_c_line(e, "    tile[y][tx] = src[from + (b0 + y) * s%d + a0 + tx];", b);
  emit_c_line(e, "  }");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "for (long y = ty; y < RTS_TRANSPOSE_TILE; y += RTS_GROUP / "
                 "RTS_TRANSPOSE_TILE) {");
  emit_c_line(e, "  if (a0 + y < d%d && b0 + tx < d%d) {", a, b);
  emit_c_line(e, "    dst[to + (a0 + y) * q%d + b0 + tx] = tile[tx][y];", pos[a]);
  emit_c_line(e, "  }");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  close_loop(e);
}

/* Launches a transpose kernel NAME that copies host array `src` (rank `rank`, element
 * type t) into host array `dst`, allocated on the device with its shape set: dimension
 * i of dst is dimension perm[i] of src. In the kernel, dK are src's lengths, sK its
 * strides (row-major) and qI the strides of dst's dimension I. */
static void emit_transpose_kernel(struct emitter *e, const char *name, enum prim_type t,
                                  int rank, const int *perm, const char *src,
                                  const char *dst) {
  struct kbuild kb;
  kb_start(e, &kb, name);
  emit_c_try(e, "rts_dev(ctx, %s.mem, %s)", src, e->where);
  kb_pointer(e, &kb, t, emit_c_printf(e, "rts_dev_mem(%s.mem)", src),
             emit_c_printf(e, "rts_dev_offset(%s.mem, %s.data)", src, src), "src");
  kb_pointer(e, &kb, t, emit_c_printf(e, "rts_dev_mem(%s.mem)", dst),
             emit_c_printf(e, "rts_dev_offset(%s.mem, %s.data)", dst, dst), "dst");
  kb_dims(e, &kb, src, rank, "d");
  int *pos = ARENA_ARRAY(&e->arena, int, rank);
  for (int i = 0; i < rank; i++) {
    pos[perm[i]] = i;
  }
  kb_body(e, &kb);
  emit_c_line(e, "const long s%d = 1, q%d = 1;", rank - 1, rank - 1);
  for (int d = rank - 2; d >= 0; d--) {
    emit_c_line(e, "const long s%d = s%d * d%d, q%d = q%d * d%d;", d, d + 1, d + 1, d, d + 1,
                perm[d + 1]);
  }
  const char *groups;
  if (perm[rank - 1] == rank - 1) {
    transpose_gather(e, rank, perm);
    groups = emit_c_printf(e, "rts_cl_groups(ctx, rts_shape_elems(%d, %s.shape))", rank, src);
  } else {
    transpose_tiles(e, t, rank, perm, pos);
    groups = emit_c_printf(e, "rts_cl_segment_groups(ctx, rts_transpose_tiles(%d, %s.shape, %d))",
                           rank, src, perm[rank - 1]);
  }
  kb_launch(e, &kb, groups);
}

/* A transpose statement: rearrange, or a map of one (lower.h). */
static void emit_transpose(struct emitter *e, const struct ir_stm *s,
                           const struct lower_kernel *k) {
  if (s->exp.kind == IR_SOAC) {
    check_inputs(e, &s->exp.u.soac, width_of(e, &s->exp.u.soac));
  }
  const struct ir_var *x = k->free[0], *y = s->pat[0];
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  for (int d = 0; d < k->rank; d++) {
    emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", yn, d, xn, k->perm[d]);
  }
  emit_c_try(e, "rts_alloc_dev_array(ctx, &%s.mem, sizeof(%s), %d, %s.shape, %s)", yn,
             emit_c_elem_type(y->type.prim), k->rank, yn, e->where);
  emit_c_line(e, "%s.data = rts_block_data(%s.mem);", yn, yn);
  emit_transpose_kernel(e, kernel_name(e, s, k, ""), y->type.prim, k->rank, k->perm, xn, yn);
}

/* Before a map kernel (or segred's flat version): the transposed copies of the arrays
 * whose rows its work-items walk, made on the device where rts_cl_coalesce says that
 * they pay, and registered for kb_array (Note [coalescing transposes] in lower.c). */
static void transpose_walked(struct emitter *e, const struct ir_stm *s,
                             const struct lower_kernel *k) {
  static const int swap[2] = {1, 0};
  for (int i = 0; i < k->transposed_count; i++) {
    const struct ir_var *x = k->transposed[i];
    const char *xn = emit_c_var(e, x), *t = emit_c_elem_type(x->type.prim);
    struct cl_transposed *tr = ARENA_NEW(&e->arena, struct cl_transposed);
    tr->flag = emit_c_tmp(e);
    tr->copy = emit_c_owned_tmp(e, 2);
    emit_c_line(e, "const bool %s = rts_cl_coalesce(ctx, %s.shape[0], %s.shape[1], "
                   "(int64_t)sizeof(%s));",
                tr->flag, xn, xn, t);
    emit_c_line(e, "if (%s) {", tr->flag);
    e->indent++;
    emit_c_line(e, "%s.shape[0] = %s.shape[1];", tr->copy, xn);
    emit_c_line(e, "%s.shape[1] = %s.shape[0];", tr->copy, xn);
    emit_c_try(e, "rts_alloc_dev_array(ctx, &%s.mem, sizeof(%s), 2, %s.shape, %s)", tr->copy,
               t, tr->copy, e->where);
    emit_c_line(e, "%s.data = rts_block_data(%s.mem);", tr->copy, tr->copy);
    emit_transpose_kernel(e, kernel_name(e, s, k, emit_c_printf(e, "_transpose%d", i)),
                          x->type.prim, 2, swap, xn, tr->copy);
    e->indent--;
    emit_c_line(e, "}");
    e->cl->transposed[x->id] = tr;
  }
}

/* After the kernel: the copies go (the queue runs in order, so the kernel has them). */
static void release_walked(struct emitter *e, const struct lower_kernel *k) {
  for (int i = 0; i < k->transposed_count; i++) {
    const struct cl_transposed *tr = e->cl->transposed[k->transposed[i]->id];
    emit_c_line(e, "if (%s.mem != NULL) {", tr->copy);
    e->indent++;
    release_temp(e, tr->copy);
    e->indent--;
    emit_c_line(e, "}");
    e->cl->transposed[k->transposed[i]->id] = NULL;
  }
}

/* ------------------------------------------------------------ map */

/* The loop over elements `i` of [0, n) shared by the one-element-per-item kernels. */
static void open_grid_loop(struct emitter *e, const char *i, const char *n) {
  emit_c_line(e, "for (long %s = get_global_id(0); %s < %s; %s += get_global_size(0)) {", i, i, n,
          i);
  e->indent++;
}

static void close_loop(struct emitter *e) {
  e->indent--;
  emit_c_line(e, "}");
}

/* Stores scalar results `res` at position i of the outputs `outs` (views). */
static void store_results(struct emitter *e, struct ir_var *const *outs, int n,
                          const char *const *res, const char *i) {
  for (int r = 0; r < n; r++) {
    const struct cl_view *w = cl_view_of(e, outs[r]);
    emit_c_line(e, "%s[%s] = (%s)%s;", w->ptr, i, cl_elem_type(outs[r]->type.prim), res[r]);
  }
}

static const char **declare_results(struct emitter *e, const struct ir_type *ts, int n) {
  const char **res = ARENA_ARRAY(&e->arena, const char *, n + 1);
  for (int r = 0; r < n; r++) {
    res[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s;", emit_c_elem_type(ts[r].prim), res[r]);
  }
  return res;
}

/* What an elementwise kernel does with map_fn's results `res` for element gi. */
typedef void (*store_fn)(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                         const char *const *res, const char *gi);

/* Elements a work-item of an elementwise kernel takes per pass of its grid-stride loop,
 * when map_fn is small (its inner SOACs unrolled, Note [private arrays] in
 * src/lower/lower.c): all their reads are issued before any of their writes, which
 * keeps several loads in flight (one element per pass leaves memory bandwidth unused on
 * GPUs). */
#ifndef ELEMENTWISE_UNROLL
#define ELEMENTWISE_UNROLL 8
#endif
#define ELEMENTWISE_UNROLL_MAX_STMS 40
/* Whether maps over arrays of one dimension move 4 elements at a time where the arrays are
 * aligned (Note [vector loads]); 0 in a build that measures without. */
#ifndef ELEMENTWISE_VECTORS
#define ELEMENTWISE_VECTORS 1
#endif
/* The vectors of 4 that a work-item takes per pass there. */
#ifndef ELEMENTWISE_VECTOR_PASSES
#define ELEMENTWISE_VECTOR_PASSES 2
#endif

/* A kernel with one element of [0, w) per work-item and pass: its arguments (the
 * inputs, the first `outputs` arrays of the pattern, the free variables), the grid
 * loop, map_fn at each element and `store` of the results. */
static void store_map(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                      const char *const *res, const char *gi);

/* Note [vector loads]
 * ~~~~~~~~~~~~~~~~~~~
 * A map over arrays of one dimension whose results are stored in order reads and writes
 * its arrays sequentially, as a copy does; GPUs move memory fastest in 16-byte accesses
 * (on NVIDIA's H200 one float per access reaches ~90% of the float4 copy's bandwidth).
 * Such a kernel reads each input and writes each output 4 elements at a time as OpenCL
 * vectors (float4, int4, ...) when every array's address is a multiple of the vector's
 * size, which the kernel tests (buffers are aligned; a slice may not be; the pointer
 * casts tell the compiler so, where vload4 would not), running
 * map_fn on each of the 4 lanes; the last w mod 4 elements, and arrays that are not
 * aligned, take the one-element path.
 */

/* The OpenCL vector of 4 elements of type t, as arrays hold them. */
static const char *vector4_type(struct emitter *e, enum prim_type t) {
  static const char *const base[] = {
      [PRIM_BOOL] = "uchar", [PRIM_I8] = "char",   [PRIM_I16] = "short", [PRIM_I32] = "int",
      [PRIM_I64] = "long",   [PRIM_U8] = "uchar",  [PRIM_U16] = "ushort", [PRIM_U32] = "uint",
      [PRIM_U64] = "ulong",  [PRIM_F32] = "float", [PRIM_F64] = "double",
  };
  return emit_c_printf(e, "%s4", base[t]);
}

/* Whether the elementwise kernel of s can take vectors (Note [vector loads]): a map whose
 * inputs and outputs all have one dimension. */
static bool vector_elementwise(const struct ir_stm *s, store_fn store) {
  const struct ir_soac *so = &s->exp.u.soac;
  if (store != store_map || so->input_count == 0) {
    return false;
  }
  for (int i = 0; i < so->input_count; i++) {
    if (so->inputs[i]->type.rank != 1) {
      return false;
    }
  }
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank != 1) {
      return false;
    }
  }
  return true;
}

/* The vector path's loop (Note [vector loads]): ELEMENTWISE_VECTOR_PASSES vectors of 4
 * per work-item and pass, then the last w mod 4 elements one by one. */
static void emit_vector_loop(struct emitter *e, const struct ir_stm *s,
                             const struct lower_kernel *k, store_fn store) {
  const struct ir_soac *so = &s->exp.u.soac;
  int vectors = ELEMENTWISE_VECTOR_PASSES;
  struct strbuf cond;
  strbuf_init(&cond);
  for (int i = 0; i < so->input_count + s->pat_count; i++) {
    const struct ir_var *v = i < so->input_count ? so->inputs[i] : s->pat[i - so->input_count];
    strbuf_printf(&cond, "%s((ulong)%s & %d) == 0", i > 0 ? " && " : "", cl_view_of(e, v)->ptr,
                  4 * prim_bytes(v->type.prim) - 1);
  }
  emit_c_line(e, "if (%s) {", cond.data);
  strbuf_free(&cond);
  e->indent++;
  emit_c_line(e, "const long w4 = w / 4;");
  emit_c_line(e, "for (long g0 = get_global_id(0); g0 < w4; g0 += %d * stride) {", vectors);
  e->indent++;
  const char ***res = ARENA_ARRAY(&e->arena, const char **, 4 * vectors);
  const char **args = ARENA_ARRAY(&e->arena, const char *, so->input_count + 1);
  for (int u = 0; u < vectors; u++) {
    emit_c_line(e, "const long v%d = g0 + %d * stride;", u, u);
    for (int l = 0; l < 4; l++) {
      res[4 * u + l] = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
    }
    emit_c_line(e, "if (v%d < w4) {", u);
    e->indent++;
    const char **vec = ARENA_ARRAY(&e->arena, const char *, so->input_count + 1);
    for (int i = 0; i < so->input_count; i++) {
      const struct ir_var *v = so->inputs[i];
      vec[i] = emit_c_tmp(e);
      const char *vt = vector4_type(e, v->type.prim);
      emit_c_line(e, "const %s %s = ((__global const %s *)%s)[v%d];", vt, vec[i], vt,
                  cl_view_of(e, v)->ptr, u);
    }
    for (int l = 0; l < 4; l++) {
      for (int i = 0; i < so->input_count; i++) {
        args[i] = emit_c_printf(e, "%s.s%d", vec[i], l);
      }
      cl_apply_map_fn_args(e, so, args, emit_c_printf(e, "4 * v%d + %d", u, l), res[4 * u + l]);
    }
    e->indent--;
    emit_c_line(e, "}");
  }
  for (int u = 0; u < vectors; u++) {
    emit_c_line(e, "if (v%d < w4) {", u);
    for (int r = 0; r < s->pat_count; r++) {
      const char *t = cl_elem_type(s->pat[r]->type.prim);
      const char *vt = vector4_type(e, s->pat[r]->type.prim);
      emit_c_line(e, "  ((__global %s *)%s)[v%d] = (%s)((%s)%s, (%s)%s, (%s)%s, (%s)%s);", vt,
                  cl_view_of(e, s->pat[r])->ptr, u, vt, t, res[4 * u][r], t, res[4 * u + 1][r],
                  t, res[4 * u + 2][r], t, res[4 * u + 3][r]);
    }
    emit_c_line(e, "}");
  }
  close_loop(e);
  emit_c_line(e, "for (long gi = 4 * w4 + get_global_id(0); gi < w; gi += stride) {");
  e->indent++;
  const char **one = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
  cl_apply_map_fn(e, so, "gi", one);
  store(e, s, k, one, "gi");
  close_loop(e);
  e->indent--;
  emit_c_line(e, "} else {");
}

static void emit_elementwise(struct emitter *e, const struct ir_stm *s,
                             const struct lower_kernel *k, const char *suffix, const char *w,
                             int outputs, store_fn store) {
  const struct ir_soac *so = &s->exp.u.soac;
  struct kbuild kb;
  kb_start(e, &kb, kernel_name(e, s, k, suffix));
  kb_long(e, &kb, "w", w);
  for (int i = 0; i < so->input_count; i++) {
    kb_array(e, &kb, so->inputs[i]);
  }
  for (int i = 0; i < outputs; i++) {
    kb_array(e, &kb, s->pat[i]);
  }
  kb_free_vars(e, &kb, k);
  kb_body(e, &kb);
  int unroll = lower_unrolled_size(so->map_fn->body) <= ELEMENTWISE_UNROLL_MAX_STMS
                   ? ELEMENTWISE_UNROLL : 1;
  bool vector = ELEMENTWISE_VECTORS && unroll > 1 && vector_elementwise(s, store);
  emit_c_line(e, "const long stride = get_global_size(0);");
  if (vector) {
    emit_vector_loop(e, s, k, store);
    e->indent++;
  }
  emit_c_line(e, "for (long g0 = get_global_id(0); g0 < w; g0 += %d * stride) {", unroll);
  e->indent++;
  const char ***res = ARENA_ARRAY(&e->arena, const char **, unroll);
  const char **gi = ARENA_ARRAY(&e->arena, const char *, unroll);
  for (int u = 0; u < unroll; u++) {
    gi[u] = emit_c_printf(e, "gi%d", u);
    emit_c_line(e, "const long %s = g0 + %d * stride;", gi[u], u);
    res[u] = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
    emit_c_line(e, "if (%s < w) {", gi[u]);
    e->indent++;
    cl_apply_map_fn(e, so, gi[u], res[u]);
    e->indent--;
    emit_c_line(e, "}");
  }
  for (int u = 0; u < unroll; u++) {
    emit_c_line(e, "if (%s < w) {", gi[u]);
    e->indent++;
    store(e, s, k, res[u], gi[u]);
    e->indent--;
    emit_c_line(e, "}");
  }
  close_loop(e);
  if (vector) {
    close_loop(e);
  }
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_groups(ctx, (%s + %d) / %d)", w, unroll - 1, unroll));
}

static void store_map(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                      const char *const *res, const char *gi) {
  (void)k;
  store_results(e, s->pat, s->pat_count, res, gi);
}

/* map over [0, w): one work-item per element. */
static void emit_map_kernel(struct emitter *e, const struct ir_stm *s,
                            const struct lower_kernel *k, const char *w, const char *suffix) {
  emit_elementwise(e, s, k, suffix, w, s->pat_count, store_map);
}

static void emit_map(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  transpose_walked(e, s, k);
  emit_map_kernel(e, s, k, w, "");
  release_walked(e, k);
}

/* ------------------------------------------------------------ map2 */

static void emit_map2(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  const struct ir_soac *in = &k->inner->exp.u.soac;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  const char *mw = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", mw, emit_c_subexp(e, in->width));
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, mw);
  }
  struct kbuild kb;
  kb_start(e, &kb, kernel_name(e, s, k, ""));
  kb_long(e, &kb, "w", w);
  kb_long(e, &kb, "m", mw);
  for (int i = 0; i < so->input_count; i++) {
    kb_array(e, &kb, so->inputs[i]);
  }
  for (int i = 0; i < s->pat_count; i++) {
    kb_array(e, &kb, s->pat[i]);
  }
  kb_free_vars(e, &kb, k);
  kb_body(e, &kb);
  open_grid_loop(e, "g", "w * m");
  emit_c_line(e, "const long i = g / m, j = g - (g / m) * m;");
  const char **res = declare_results(e, in->map_fn->ret, in->map_fn->ret_count);
  emit_c_line(e, "{");
  e->indent++;
  for (int i = 0; i < so->input_count; i++) {
    cl_bind_row(e, f->params[i], cl_view_of(e, so->inputs[i]), "i");
  }
  if (f->index != NULL) {
    emit_c_line(e, "const long %s = i;", emit_c_var(e, f->index));
  }
  struct ir_body prefix = *f->body;
  prefix.stm_count = k->inner_index;
  cl_kernel_body(e, &prefix);
  for (int i = 0; i < in->input_count; i++) {
    const struct cl_view *v = cl_view_of(e, in->inputs[i]);
    const char *args[2] = {v->dims[0], "m"};
    cl_set_where(e, k->inner);
    int id = cl_message(e, emit_c_printf(e,
                                         "%s: error: an input of map has outer size %%lld, not "
                                         "the width %%lld",
                                         e->cl->where_text));
    emit_c_line(e, "if (%s != m) {", v->dims[0]);
    emit_c_line(e, "  rts_kernel_fail(errbuf, %d, %s, %s, 0, 0);", id, args[0], args[1]);
    emit_c_line(e, "  return;");
    emit_c_line(e, "}");
  }
  cl_apply_map_fn(e, in, "j", res);
  e->indent--;
  emit_c_line(e, "}");
  store_results(e, s->pat, s->pat_count, res, "g");
  close_loop(e);
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_groups(ctx, %s * %s)", w, mw));
}

/* ------------------------------------------------------------ Group reductions */

/* A fresh label and the failure action that jumps to it, flagging the work-item. */
static const char *fail_region(struct emitter *e, const char **label) {
  *label = emit_c_printf(e, "failed_%d", ++e->cl->next_label);
  return emit_c_printf(e, "failed = true; goto %s;", *label);
}

/* Declares `__local T PREFIX_r[RTS_GROUP]` per accumulator; returns the names. */
static const char **local_arrays_named(struct emitter *e, const struct ir_lambda *op,
                                       const char *prefix) {
  int k = op->param_count / 2;
  const char **loc = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    loc[r] = emit_c_printf(e, "%s_%d", prefix, r);
    emit_c_line(e, "__local %s %s[RTS_GROUP];", cl_elem_type(op->params[r]->type.prim), loc[r]);
  }
  return loc;
}

static const char **declare_accumulators(struct emitter *e, const struct ir_soac *so,
                                         const char *prefix) {
  int k = so->neutral_count;
  const char **acc = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    acc[r] = emit_c_printf(e, "%s_%d", prefix, r);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(so->op->params[r]->type.prim), acc[r],
            emit_c_subexp(e, so->neutral[r]));
  }
  return acc;
}

static const char **local_arrays(struct emitter *e, const struct ir_lambda *op) {
  return local_arrays_named(e, op, "loc");
}

/* The group combines loc[0..L) in order into loc[0] (op need not commute). */
static void group_tree(struct emitter *e, const struct ir_lambda *op, const char *const *loc) {
  int k = op->param_count / 2;
  emit_c_line(e, "for (long s = 1; s < RTS_GROUP; s <<= 1) {");
  e->indent++;
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if ((lid & (2 * s - 1)) == 0 && lid + s < RTS_GROUP && !failed) {");
  e->indent++;
  const char **a = ARENA_ARRAY(&e->arena, const char *, k + 1);
  const char **b = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    a[r] = emit_c_tmp(e);
    b[r] = emit_c_printf(e, "(%s)%s[lid + s]", emit_c_elem_type(op->params[r]->type.prim),
                         loc[r]);
    emit_c_line(e, "%s %s = %s[lid];", emit_c_elem_type(op->params[r]->type.prim), a[r], loc[r]);
  }
  const char *label;
  const char *saved = e->cl->fail_action;
  e->cl->fail_action = fail_region(e, &label);
  cl_combine(e, op, a, b);
  e->cl->fail_action = saved;
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "%s[lid] = (%s)%s;", loc[r], cl_elem_type(op->params[r]->type.prim), a[r]);
  }
  emit_c_line(e, "%s:;", label);
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
}

static void store_local(struct emitter *e, const struct ir_lambda *op, const char *const *loc,
                        const char *const *vals, const char *at) {
  int k = op->param_count / 2;
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "%s[%s] = (%s)%s;", loc[r], at, cl_elem_type(op->params[r]->type.prim), vals[r]);
  }
}

/* acc = op(acc, values of element i), with failures flagged; map outputs stored. */
static void accumulate_element(struct emitter *e, const struct ir_stm *s, const char *const *acc,
                               const char *i, bool guard) {
  const struct ir_soac *so = &s->exp.u.soac;
  int k = so->neutral_count;
  const char *label;
  const char *saved = e->cl->fail_action;
  e->cl->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (%s!failed) {", guard ? emit_c_printf(e, "%s < w && ", i) : "");
  e->indent++;
  const char **vals = cl_reduction_values(e, so, i, true);
  if (so->map_fn != NULL) {
    store_results(e, s->pat + k, s->pat_count - k, vals + k, i);
  }
  cl_combine(e, so->op, acc, vals);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  e->cl->fail_action = saved;
}

/* Phase 1 of reduce and scan: each group reduces its part of [0, w) into part[group].
 * Commutative operators take a grid-stride loop per work-item; the others go through
 * the group in order, RTS_GROUP elements at a time, over the group's own chunk. */
static void group_partials(struct emitter *e, const struct ir_stm *s, bool strided,
                           const char *const *parts) {
  const struct ir_soac *so = &s->exp.u.soac;
  int k = so->neutral_count;
  emit_c_line(e, "const long lid = get_local_id(0), grp = get_group_id(0);");
  emit_c_line(e, "bool failed = false;");
  const char **loc = local_arrays(e, so->op);
  const char **acc = declare_accumulators(e, so, "acc");
  if (strided) {
    /* Several elements per pass, all read before any is combined (as in
     * emit_elementwise); the operator commutes, so any order is the same. */
    int unroll =
        so->map_fn == NULL || lower_unrolled_size(so->map_fn->body) <= ELEMENTWISE_UNROLL_MAX_STMS
            ? ELEMENTWISE_UNROLL
            : 1;
    emit_c_line(e, "const long stride = get_global_size(0);");
    emit_c_line(e, "for (long g0 = get_global_id(0); g0 < w; g0 += %d * stride) {", unroll);
    e->indent++;
    const char ***vals = ARENA_ARRAY(&e->arena, const char **, unroll);
    const char **gi = ARENA_ARRAY(&e->arena, const char *, unroll);
    const char *label;
    const char *saved = e->cl->fail_action;
    e->cl->fail_action = fail_region(e, &label);
    for (int u = 0; u < unroll; u++) {
      gi[u] = emit_c_printf(e, "gi%d", u);
      emit_c_line(e, "const long %s = g0 + %d * stride;", gi[u], u);
      const char **names = ARENA_ARRAY(&e->arena, const char *, k + 1);
      for (int r = 0; r < k; r++) {
        names[r] = emit_c_tmp(e);
        emit_c_line(e, "%s %s = %s;", emit_c_elem_type(so->op->params[r]->type.prim), names[r],
                    emit_c_subexp(e, so->neutral[r]));
      }
      vals[u] = names;
      emit_c_line(e, "if (%s < w && !failed) {", gi[u]);
      e->indent++;
      const char **v = cl_reduction_values(e, so, gi[u], true);
      if (so->map_fn != NULL) {
        store_results(e, s->pat + k, s->pat_count - k, v + k, gi[u]);
      }
      for (int r = 0; r < k; r++) {
        emit_c_line(e, "%s = %s;", names[r], v[r]);
      }
      e->indent--;
      emit_c_line(e, "}");
    }
    emit_c_line(e, "if (!failed) {");
    e->indent++;
    for (int u = 0; u < unroll; u++) {
      emit_c_line(e, "if (%s < w) {", gi[u]);
      cl_combine(e, so->op, acc, vals[u]);
      emit_c_line(e, "}");
    }
    e->indent--;
    emit_c_line(e, "}");
    emit_c_line(e, "%s:;", label);
    e->cl->fail_action = saved;
    close_loop(e);
    store_local(e, so->op, loc, acc, "lid");
    group_tree(e, so->op, loc);
  } else {
    emit_c_line(e, "const long chunk = (w + get_num_groups(0) - 1) / get_num_groups(0);");
    emit_c_line(e, "const long start = grp * chunk, end = min(start + chunk, w);");
    emit_c_line(e, "for (long base = start; base < end; base += RTS_GROUP) {");
    e->indent++;
    const char **one = declare_accumulators(e, so, "one");
    emit_c_line(e, "const long i = base + lid;");
    emit_c_line(e, "if (i < end) {");
    e->indent++;
    accumulate_element(e, s, one, "i", false);
    e->indent--;
    emit_c_line(e, "}");
    store_local(e, so->op, loc, one, "lid");
    group_tree(e, so->op, loc);
    emit_c_line(e, "if (lid == 0 && !failed) {");
    e->indent++;
    const char **l0 = ARENA_ARRAY(&e->arena, const char *, k + 1);
    for (int r = 0; r < k; r++) {
      l0[r] = emit_c_printf(e, "(%s)%s[0]", emit_c_elem_type(so->op->params[r]->type.prim),
                            loc[r]);
    }
    const char *label;
    const char *saved = e->cl->fail_action;
    e->cl->fail_action = fail_region(e, &label);
    cl_combine(e, so->op, acc, l0);
    e->cl->fail_action = saved;
    emit_c_line(e, "%s:;", label);
    e->indent--;
    emit_c_line(e, "}");
    emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
    close_loop(e);
    store_local(e, so->op, loc, acc, "lid");
  }
  emit_c_line(e, "if (lid == 0) {");
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "  %s[grp] = %s;", parts[r], strided ? emit_c_printf(e, "%s[0]", loc[r]) : acc[r]);
  }
  emit_c_line(e, "}");
}

/* The kernel arguments of the reduce and scan kernels: sizes, inputs, map outputs,
 * free variables. */
static void reduction_args(struct emitter *e, struct kbuild *kb, const struct ir_stm *s,
                           const struct lower_kernel *k, const char *w, bool map_outs) {
  const struct ir_soac *so = &s->exp.u.soac;
  kb_long(e, kb, "w", w);
  for (int i = 0; i < so->input_count; i++) {
    kb_array(e, kb, so->inputs[i]);
  }
  for (int i = map_outs ? so->neutral_count : s->pat_count; i < s->pat_count; i++) {
    kb_array(e, kb, s->pat[i]);
  }
  kb_free_vars(e, kb, k);
}

static const char **partial_buffers(struct emitter *e, const struct ir_soac *so,
                                    const char *count) {
  const char **b = ARENA_ARRAY(&e->arena, const char *, so->neutral_count + 1);
  for (int r = 0; r < so->neutral_count; r++) {
    b[r] = temp_buffer(e, so->op->params[r]->type.prim, count, NULL);
  }
  return b;
}

static const char **buffer_params(struct emitter *e, struct kbuild *kb, const struct ir_soac *so,
                                  const char *const *bufs, const char *prefix) {
  const char **names = ARENA_ARRAY(&e->arena, const char *, so->neutral_count + 1);
  for (int r = 0; r < so->neutral_count; r++) {
    names[r] = emit_c_printf(e, "%s_%d", prefix, r);
    kb_buffer(e, kb, so->op->params[r]->type.prim, names[r],
              emit_c_printf(e, "%s.mem", bufs[r]));
  }
  return names;
}

/* Note [last group]
 * ~~~~~~~~~~~~~~~~~
 * A reduction is one kernel: each work-group reduces its part into part[group] (phase
 * 1), and the last group to finish reduces the parts in order (phase 2), so that no
 * second launch waits for the first (on NVIDIA's OpenCL a dependent launch and its wait
 * cost as much as a tenth of a 1 GiB reduction). Work-item 0 of each group writes its
 * part, fences global memory, and increments the kernel's counter in the error buffer
 * (Note [errbuf] in rts/opencl/opencl.h); the group that takes it to the number of
 * groups minus one is last: every other part was written and fenced before its
 * increment. The last group fences again, reads the parts through volatile pointers
 * (not from a cache filled before they were written), and sets the counter back to 0
 * for the next launch. Its results go to the error buffer's result slots, which the
 * host reads with the failure words in the one read of its wait (rts_dev_results);
 * a reduction with more accumulators than slots writes them to buffers of their own.
 */

/* The error buffer's result slots: RTS_CL_RESULT_SLOTS of rts/opencl/opencl.h. */
#define RESULT_SLOTS 8

/* Phase 2 of a reduction (Note [last group]), after group_partials: the last group
 * combines the parts (`parts`, kernel parameters) into `results` (expressions to
 * assign). */
static void last_group(struct emitter *e, const struct ir_soac *so, int kernel,
                       const char *const *parts, const char *const *results) {
  int nacc = so->neutral_count;
  const char **loc = local_arrays_named(e, so->op, "fin_loc");
  emit_c_line(e, "__local int last_group;");
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  mem_fence(CLK_GLOBAL_MEM_FENCE);");
  emit_c_line(e, "  last_group = atomic_inc(&errbuf[RTS_COUNTERS_AT + %d]) == "
                 "(int)get_num_groups(0) - 1;", kernel);
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if (last_group) {");
  e->indent++;
  emit_c_line(e, "mem_fence(CLK_GLOBAL_MEM_FENCE);");
  emit_c_line(e, "const long n = get_num_groups(0), chunk = (n + RTS_GROUP - 1) / RTS_GROUP;");
  const char **acc = declare_accumulators(e, so, "fin");
  emit_c_line(e, "for (long i = lid * chunk; i < min((lid + 1) * chunk, n); i++) {");
  e->indent++;
  const char **vals = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    enum prim_type t = so->op->params[r]->type.prim;
    vals[r] = emit_c_printf(e, "(%s)((volatile __global %s *)%s)[i]", emit_c_elem_type(t),
                            cl_elem_type(t), parts[r]);
  }
  const char *label;
  const char *saved = e->cl->fail_action;
  e->cl->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (!failed) {");
  cl_combine(e, so->op, acc, vals);
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  e->cl->fail_action = saved;
  close_loop(e);
  store_local(e, so->op, loc, acc, "lid");
  group_tree(e, so->op, loc);
  emit_c_line(e, "if (lid == 0) {");
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "  %s = %s[0];", results[r], loc[r]);
  }
  emit_c_line(e, "  errbuf[RTS_COUNTERS_AT + %d] = 0;", kernel);
  emit_c_line(e, "}");
  close_loop(e);
}

static void emit_reduce(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  bool slots = nacc <= RESULT_SLOTS;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  for (int i = nacc; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *groups = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = rts_cl_partial_groups(ctx, %s);", groups, w);
  const char **parts = partial_buffers(e, so, groups);
  const char **result = slots ? NULL : partial_buffers(e, so, "1");

  struct kbuild kb;
  kb_start(e, &kb, kernel_name(e, s, k, ""));
  reduction_args(e, &kb, s, k, w, true);
  const char **pn = buffer_params(e, &kb, so, parts, "part");
  const char **rn = slots ? NULL : buffer_params(e, &kb, so, result, "result");
  kb_body(e, &kb);
  group_partials(e, s, lower_commutative(so), pn);
  const char **to = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    to[r] = slots ? emit_c_printf(e, "*(volatile __global %s *)(errbuf + RTS_RESULTS_AT + %d)",
                                  cl_elem_type(so->op->params[r]->type.prim), 2 * r)
                  : emit_c_printf(e, "%s[0]", rn[r]);
  }
  last_group(e, so, kb.index, pn, to);
  kb_launch(e, &kb, groups);
  if (slots) {
    emit_c_try(e, "rts_dev_results(ctx)");
  }
  for (int r = 0; r < nacc; r++) {
    const char *y = emit_c_var(e, s->pat[r]);
    bool is_bool = s->pat[r]->type.prim == PRIM_BOOL;
    const char *into = y;
    if (is_bool) {
      into = emit_c_tmp(e);
      emit_c_line(e, "uint8_t %s = 0;", into);
    }
    if (slots) {
      emit_c_line(e, "memcpy(&%s, rts_dev_result(ctx, %d), sizeof %s);", into, r, into);
    } else {
      emit_c_try(e, "rts_dev_read(ctx, rts_dev_mem(%s.mem), 0, sizeof %s, &%s, %s)", result[r],
                 into, into, e->where);
      release_temp(e, result[r]);
    }
    if (is_bool) {
      emit_c_line(e, "%s = %s != 0;", y, into);
    }
    release_temp(e, parts[r]);
  }
}

/* ------------------------------------------------------------ scan */

/* A scan's element i (when `in_range`): map_fn's values for op in fresh accumulators
 * (the neutral elements otherwise), its map outputs stored. */
static const char **scan_element(struct emitter *e, const struct ir_stm *s, const char *in_range) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  const char **one = declare_accumulators(e, so, "one");
  const char *label;
  const char *saved = e->cl->fail_action;
  e->cl->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (%s && !failed) {", in_range);
  e->indent++;
  const char **v = cl_reduction_values(e, so, "i", true);
  if (so->map_fn != NULL) {
    store_results(e, s->pat + nacc, s->pat_count - nacc, v + nacc, "i");
  }
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "%s = %s;", one[r], v[r]);
  }
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  e->cl->fail_action = saved;
  return one;
}

/* The work-items' values `mine` (in loc[lid] too) scanned in order across the group
 * (Hillis and Steele): afterwards mine and loc[lid] hold the inclusive prefix. */
static void group_scan(struct emitter *e, const struct ir_lambda *op, const char *const *loc,
                       const char *const *mine) {
  int k = op->param_count / 2;
  emit_c_line(e, "for (long d = 1; d < RTS_GROUP; d <<= 1) {");
  e->indent++;
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  const char **left = ARENA_ARRAY(&e->arena, const char *, k + 1);
  for (int r = 0; r < k; r++) {
    const char *t = emit_c_elem_type(op->params[r]->type.prim);
    left[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s = %s;", t, left[r], mine[r]);
    emit_c_line(e, "if (lid >= d) {");
    emit_c_line(e, "  %s = (%s)%s[lid - d];", left[r], t, loc[r]);
    emit_c_line(e, "}");
  }
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if (lid >= d && !failed) {");
  e->indent++;
  const char *label;
  const char *saved = e->cl->fail_action;
  e->cl->fail_action = fail_region(e, &label);
  cl_combine(e, op, left, mine);
  for (int r = 0; r < k; r++) {
    emit_c_line(e, "%s = %s;", mine[r], left[r]);
    emit_c_line(e, "%s[lid] = (%s)%s;", loc[r], cl_elem_type(op->params[r]->type.prim), mine[r]);
  }
  emit_c_line(e, "%s:;", label);
  e->cl->fail_action = saved;
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
}

/* The general scan, in three phases: each group's sum of its chunk, one work-item's
 * exclusive scan of the sums, then each group's scan of its chunk from its carry-in.
 * It reads its input twice. */
static void emit_scan_phases(struct emitter *e, const struct ir_stm *s,
                             const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  const struct ir_lambda *op = so->op;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *groups = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = rts_cl_partial_groups(ctx, %s);", groups, w);
  const char **parts = partial_buffers(e, so, groups);

  /* Phase 1: the sum of each group's chunk, in order (the map outputs wait for phase 3). */
  struct kbuild kb1;
  kb_start(e, &kb1, kernel_name(e, s, k, "_sums"));
  reduction_args(e, &kb1, s, k, w, false);
  const char **pn = buffer_params(e, &kb1, so, parts, "part");
  kb_body(e, &kb1);
  struct ir_stm sums = *s;
  sums.pat_count = nacc; /* no map outputs in this phase */
  group_partials(e, &sums, false, pn);
  kb_launch(e, &kb1, groups);

  /* Phase 2: the exclusive scan of the sums, by one work-item (there are few). */
  struct kbuild kb2;
  kb_start(e, &kb2, kernel_name(e, s, k, "_carries"));
  kb_long(e, &kb2, "n", groups);
  kb_free_vars(e, &kb2, k);
  const char **pn2 = buffer_params(e, &kb2, so, parts, "part");
  kb_body(e, &kb2);
  emit_c_line(e, "if (get_global_id(0) != 0) {");
  emit_c_line(e, "  return;");
  emit_c_line(e, "}");
  const char **acc = declare_accumulators(e, so, "acc");
  emit_c_line(e, "for (long i = 0; i < n; i++) {");
  e->indent++;
  const char **vals = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    vals[r] = emit_c_tmp(e);
    emit_c_line(e, "const %s %s = (%s)%s[i];", emit_c_elem_type(op->params[r]->type.prim), vals[r],
            emit_c_elem_type(op->params[r]->type.prim), pn2[r]);
    emit_c_line(e, "%s[i] = (%s)%s;", pn2[r], cl_elem_type(op->params[r]->type.prim), acc[r]);
  }
  cl_combine(e, op, acc, vals);
  close_loop(e);
  kb_launch(e, &kb2, "1");

  /* Phase 3: each group scans its chunk, RTS_GROUP elements at a time, from its carry. */
  struct kbuild kb3;
  kb_start(e, &kb3, kernel_name(e, s, k, "_scan"));
  reduction_args(e, &kb3, s, k, w, false);
  for (int i = 0; i < nacc; i++) {
    kb_array(e, &kb3, s->pat[i]);
  }
  for (int i = nacc; i < s->pat_count; i++) {
    kb_array(e, &kb3, s->pat[i]);
  }
  const char **pn3 = buffer_params(e, &kb3, so, parts, "part");
  kb_body(e, &kb3);
  emit_c_line(e, "const long lid = get_local_id(0), grp = get_group_id(0);");
  emit_c_line(e, "bool failed = false;");
  const char **loc = local_arrays(e, op);
  const char **run = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    run[r] = emit_c_printf(e, "run_%d", r);
    emit_c_line(e, "%s %s = (%s)%s[grp];", emit_c_elem_type(op->params[r]->type.prim), run[r],
            emit_c_elem_type(op->params[r]->type.prim), pn3[r]);
  }
  emit_c_line(e, "const long chunk = (w + get_num_groups(0) - 1) / get_num_groups(0);");
  emit_c_line(e, "const long start = grp * chunk, end = min(start + chunk, w);");
  emit_c_line(e, "for (long base = start; base < end; base += RTS_GROUP) {");
  e->indent++;
  emit_c_line(e, "const long i = base + lid;");
  const char **one = scan_element(e, s, "i < end");
  store_local(e, op, loc, one, "lid");
  group_scan(e, op, loc, one);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  /* out[i] = run op one; run = run op loc[last]. */
  const char **r2 = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **last = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    r2[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(op->params[r]->type.prim), r2[r], run[r]);
    last[r] = emit_c_printf(e, "(%s)%s[min((long)RTS_GROUP, end - base) - 1]",
                            emit_c_elem_type(op->params[r]->type.prim), loc[r]);
  }
  const char *label3;
  e->cl->fail_action = fail_region(e, &label3);
  emit_c_line(e, "if (i < end && !failed) {");
  e->indent++;
  cl_combine(e, op, r2, one);
  store_results(e, s->pat, nacc, r2, "i");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label3);
  emit_c_line(e, "if (!failed) {");
  e->indent++;
  const char *label4;
  e->cl->fail_action = fail_region(e, &label4);
  cl_combine(e, op, run, last);
  emit_c_line(e, "%s:;", label4);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  e->cl->fail_action = "return;";
  close_loop(e);
  kb_launch(e, &kb3, groups);
  for (int r = 0; r < nacc; r++) {
    release_temp(e, parts[r]);
  }
}

/* Note [single-pass scan]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * scan and scanomap read their input once and write once (Merrill and Garland's
 * decoupled look-back) when their operator combines one value of at most 32 bits (the
 * others take three phases, emit_scan_phases): each work-group takes the next tile of
 * RTS_SCAN_TILE elements (RTS_SCAN_ITEMS per work-item) from a global counter, so every
 * tile before it has
 * a group that started already; it loads the tile through local memory (coalesced),
 * applies map_fn, scans each work-item's consecutive elements and then the work-items'
 * totals, and publishes its aggregate (flag 1). It then looks back over the tiles
 * before it, combining their aggregates until it meets a tile that published its
 * inclusive prefix (flag 2), publishes its own, and the group writes its tile with that
 * prefix. A tile's flag and value share one 64-bit word, written and read atomically
 * (status_word). A group whose elements failed still publishes (its values do not
 * matter then, but the tiles after it wait for them).
 *
 * Where the time goes (H200, 2^28 f32): the look-back is a chain of waits on other
 * groups, each a round trip to L2; walked by one work-item, one predecessor at a time, it
 * kept the scan at half the copy's bandwidth. Now RTS_SCAN_LOOKBACK work-items read that
 * many predecessors' words at once, nearest first (each waits until its word has a
 * flag), and work-item 0 combines the window in order from local memory; a window
 * without an inclusive prefix is followed by the next. And each work-item's elements
 * are only combined before the look-back (its total) and scanned once after it, from
 * the prefix, so the tile passes through local memory once less. Together: 0.48x to
 * 0.73x of the copy (bench/RESULTS.md).
 */

/* The status word of a tile: flag (1 aggregate, 2 inclusive prefix) in the high half,
 * the value's bits in the low half, written and read by one 64-bit atomic, so that no
 * reader sees a flag before its value (OpenCL 1.2's fences order only one work-item's
 * own accesses, which is not enough on GPUs). */
static const char *status_word(struct emitter *e, enum prim_type t, const char *flag,
                               const char *v) {
  if (t == PRIM_F32) {
    return emit_c_printf(e, "(((ulong)%s << 32) | (ulong)as_uint(%s))", flag, v);
  }
  return emit_c_printf(e, "(((ulong)%s << 32) | (ulong)(uint)%s)", flag, v);
}

static const char *status_value(struct emitter *e, enum prim_type t, const char *word) {
  if (t == PRIM_F32) {
    return emit_c_printf(e, "as_float((uint)%s)", word);
  }
  return emit_c_printf(e, "(%s)(uint)%s", emit_c_elem_type(t), word);
}

/* The look-back of the single-pass scan (Note [single-pass scan]): publishes the tile's
 * aggregate (its inclusive prefix, for tile 0), combines the predecessors' values into
 * the exclusive prefix pre[0], and publishes the tile's inclusive prefix. The first
 * RTS_SCAN_LOOKBACK work-items each wait for one predecessor's status word, nearest
 * first; work-item 0 combines the window in order, up to the first inclusive prefix;
 * windows follow until one has it. */
static void emit_lookback(struct emitter *e, const struct ir_soac *so, const char *const *tot,
                          const char *const *pre) {
  const struct ir_lambda *op = so->op;
  enum prim_type t0 = op->params[0]->type.prim;
  const char *t = emit_c_elem_type(t0);
  const char **ag = ARENA_ARRAY(&e->arena, const char *, 2);
  const char **got = ARENA_ARRAY(&e->arena, const char *, 2);
  const char **inc = ARENA_ARRAY(&e->arena, const char *, 2);
  ag[0] = emit_c_tmp(e);
  emit_c_line(e, "const %s %s = (%s)%s[RTS_GROUP - 1];", t, ag[0], t, tot[0]);
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  atom_xchg(&status[tile + 1], %s);",
              status_word(e, t0, "(tile == 0 ? 2 : 1)", ag[0]));
  emit_c_line(e, "  look_done = tile == 0;");
  emit_c_line(e, "}");
  const char **ex = declare_accumulators(e, so, "excl");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "for (long end = tile; !look_done; end -= RTS_SCAN_LOOKBACK) {");
  e->indent++;
  emit_c_line(e, "if (lid < RTS_SCAN_LOOKBACK && end - 1 - lid >= 0) {");
  emit_c_line(e, "  ulong word;");
  emit_c_line(e, "  while (((word = *(volatile __global ulong *)&status[end - lid]) >> 32) == 0) {");
  emit_c_line(e, "  }");
  emit_c_line(e, "  look[lid] = word;");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "if (lid == 0) {");
  e->indent++;
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_LOOKBACK && end - 1 - q >= 0; q++) {");
  e->indent++;
  got[0] = emit_c_tmp(e);
  emit_c_line(e, "%s %s = %s;", t, got[0], status_value(e, t0, "look[q]"));
  /* excl = got op excl: the earlier tile's value on the left. */
  const char *saved = e->cl->fail_action;
  e->cl->fail_action = "failed = true;";
  cl_combine(e, op, got, ex);
  e->cl->fail_action = saved;
  emit_c_line(e, "%s = %s;", ex[0], got[0]);
  emit_c_line(e, "if ((uint)(look[q] >> 32) == 2) {");
  emit_c_line(e, "  look_done = 1;");
  emit_c_line(e, "  break;");
  emit_c_line(e, "}");
  close_loop(e);
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  close_loop(e);
  emit_c_line(e, "if (lid == 0) {");
  e->indent++;
  inc[0] = emit_c_tmp(e);
  emit_c_line(e, "%s %s = %s;", t, inc[0], ex[0]);
  cl_combine(e, op, inc, ag);
  emit_c_line(e, "%s = (%s)%s;", pre[0], cl_elem_type(t0), ex[0]);
  emit_c_line(e, "if (tile > 0) {");
  emit_c_line(e, "  atom_xchg(&status[tile + 1], %s);", status_word(e, t0, "2", inc[0]));
  emit_c_line(e, "}");
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
}

static void emit_scan(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  const struct ir_lambda *op = so->op;
  if (nacc != 1 || prim_bytes(op->params[0]->type.prim) > 4) {
    emit_scan_phases(e, s, k);
    return;
  }
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *tiles = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = (%s + RTS_SCAN_TILE - 1) / RTS_SCAN_TILE;", tiles, w);
  const char *status = temp_buffer(e, PRIM_U64, emit_c_printf(e, "%s + 1", tiles), NULL);
  const char *zero = emit_c_tmp(e);
  emit_c_line(e, "const uint64_t %s = 0;", zero);
  emit_c_try(e, "rts_cl_fill(ctx, ctx->cl, rts_dev_mem(%s.mem), 0, (int64_t)sizeof(uint64_t) * "
                "(%s + 1), &%s, sizeof %s, %s)",
             status, tiles, zero, zero, e->where);

  struct kbuild kb;
  kb_start(e, &kb, kernel_name(e, s, k, ""));
  reduction_args(e, &kb, s, k, w, false);
  for (int i = 0; i < s->pat_count; i++) {
    kb_array(e, &kb, s->pat[i]);
  }
  kb_buffer(e, &kb, PRIM_U64, "status", emit_c_printf(e, "%s.mem", status));
  kb_body(e, &kb);
  emit_c_line(e, "const long lid = get_local_id(0);");
  emit_c_line(e, "__local int tile_slot, look_done;");
  emit_c_line(e, "__local ulong look[RTS_SCAN_LOOKBACK];");
  emit_c_line(e, "bool failed = false;");
  const char **loc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **tot = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **pre = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    const char *ct = cl_elem_type(op->params[r]->type.prim);
    loc[r] = emit_c_printf(e, "tile_%d", r);
    tot[r] = emit_c_printf(e, "tot_%d", r);
    pre[r] = emit_c_printf(e, "prefix_%d", r);
    emit_c_line(e, "__local %s %s[RTS_PAD(RTS_SCAN_TILE)];", ct, loc[r]);
    emit_c_line(e, "__local %s %s[RTS_GROUP];", ct, tot[r]);
    emit_c_line(e, "__local %s %s;", ct, pre[r]);
  }
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  tile_slot = (int)atom_inc(&status[0]);");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "const long tile = tile_slot, base = tile * RTS_SCAN_TILE;");
  /* Load: element base + q*RTS_GROUP + lid, mapped, into the tile. */
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long i = base + q * RTS_GROUP + lid, t = RTS_PAD(q * RTS_GROUP + lid);");
  const char **one = scan_element(e, s, "i < w");
  const char *label;
  store_local(e, op, loc, one, "t");
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  /* Each work-item combines its RTS_SCAN_ITEMS consecutive elements (it scans them
   * once the prefix before them is known, reading them again). */
  const char **run = declare_accumulators(e, so, "run");
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long t = RTS_PAD(lid * RTS_SCAN_ITEMS + q);");
  const char **x = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    x[r] = emit_c_printf(e, "(%s)%s[t]", emit_c_elem_type(op->params[r]->type.prim), loc[r]);
  }
  e->cl->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (!failed) {");
  cl_combine(e, op, run, x);
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  close_loop(e);
  store_local(e, op, tot, run, "lid");
  /* The work-items' totals, scanned in order. */
  group_scan(e, op, tot, run);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_lookback(e, so, tot, pre);
  /* Each element: prefix op (totals before this work-item) op (its elements up to it). */
  const char **mine = declare_accumulators(e, so, "mine");
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "%s = (%s)%s;", mine[r], emit_c_elem_type(op->params[r]->type.prim), pre[r]);
  }
  emit_c_line(e, "if (lid > 0 && !failed) {");
  e->indent++;
  const char **before = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    before[r] = emit_c_printf(e, "(%s)%s[lid - 1]", emit_c_elem_type(op->params[r]->type.prim),
                              tot[r]);
  }
  cl_combine(e, op, mine, before);
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long t = RTS_PAD(lid * RTS_SCAN_ITEMS + q);");
  emit_c_line(e, "if (!failed) {");
  e->indent++;
  cl_combine(e, op, mine, x);
  store_local(e, op, loc, mine, "t");
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "for (long q = 0; q < RTS_SCAN_ITEMS; q++) {");
  e->indent++;
  emit_c_line(e, "const long i = base + q * RTS_GROUP + lid, t = RTS_PAD(q * RTS_GROUP + lid);");
  emit_c_line(e, "if (i < w) {");
  for (int r = 0; r < nacc; r++) {
    const struct cl_view *out = cl_view_of(e, s->pat[r]);
    emit_c_line(e, "  %s[i] = %s[t];", out->ptr, loc[r]);
  }
  emit_c_line(e, "}");
  close_loop(e);
  e->cl->fail_action = "return;";
  kb_launch(e, &kb, tiles);
  release_temp(e, status);
}

/* ------------------------------------------------------------ scatter and hist */

/* The destination d taken by the result (copied on the device unless unique). */
static void take_dest(struct emitter *e, const struct ir_stm *s, int d) {
  struct ir_var *y = s->pat[d], *x = s->exp.u.soac.dests[d];
  const char *yn = emit_c_var(e, y);
  emit_own_take(e, x, yn);
  emit_c_try(e, "rts_make_unique_dev(ctx, &%s.mem, &%s.data, sizeof(%s), %d, %s.shape, %s)", yn,
             yn, emit_c_elem_type(y->type.prim), y->type.rank, yn, e->where);
}

/* The writes of one element of a scatter: in-bounds ones only. */
static void store_scatter(struct emitter *e, const struct ir_stm *s,
                          const struct lower_kernel *k, const char *const *res, const char *gi) {
  (void)k;
  (void)gi;
  const struct ir_soac *so = &s->exp.u.soac;
  int index_count = 0;
  for (int d = 0; d < so->dest_count; d++) {
    index_count += (so->dest_ranks != NULL ? so->dest_ranks[d] : 1) *
                   (so->dest_writes != NULL ? so->dest_writes[d] : 1);
  }
  for (int d = 0, first = 0, value = index_count; d < so->dest_count; d++) {
    int rank = so->dest_ranks != NULL ? so->dest_ranks[d] : 1;
    int writes = so->dest_writes != NULL ? so->dest_writes[d] : 1;
    const struct cl_view *v = cl_view_of(e, s->pat[d]);
    for (int n = 0; n < writes; n++, first += rank, value++) {
      struct strbuf cond, lin;
      strbuf_init(&cond);
      strbuf_init(&lin);
      for (int r = 0; r < rank; r++) {
        strbuf_printf(&cond, "%s(ulong)(long)%s < (ulong)%s", r > 0 ? " && " : "",
                      res[first + r], v->dims[r]);
        if (r == 0) {
          strbuf_printf(&lin, "(long)%s", res[first]);
        } else {
          const char *prev = emit_c_printf(e, "%s", lin.data);
          strbuf_free(&lin);
          strbuf_init(&lin);
          strbuf_printf(&lin, "(%s) * %s + (long)%s", prev, v->dims[r], res[first + r]);
        }
      }
      emit_c_line(e, "if (%s) {", cond.data);
      emit_c_line(e, "  %s[%s] = (%s)%s;", v->ptr, lin.data, cl_elem_type(s->pat[d]->type.prim),
                  res[value]);
      emit_c_line(e, "}");
      strbuf_free(&cond);
      strbuf_free(&lin);
    }
  }
}

static void emit_scatter(struct emitter *e, const struct ir_stm *s,
                         const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  for (int d = 0; d < so->dest_count; d++) {
    take_dest(e, s, d);
  }
  emit_elementwise(e, s, k, "", w, so->dest_count, store_scatter);
  for (int d = 0; d < so->dest_count; d++) {
    emit_c_line(e, "rts_dev_wrote(%s.mem);", emit_c_var(e, s->pat[d]));
  }
}

/* One atomic update of *p with v. */
static void atomic_update(struct emitter *e, enum lower_atomic op, enum prim_type t,
                          const char *p, const char *v) {
  static const char *const names[] = {"add", "min", "max"};
  switch (t) {
  case PRIM_I32:
  case PRIM_U32:
    emit_c_line(e, "atomic_%s((volatile __global %s *)%s, %s);", names[op],
            t == PRIM_I32 ? "int" : "uint", p, v);
    return;
  case PRIM_I64:
  case PRIM_U64:
    emit_c_line(e, "atom_%s((volatile __global %s *)%s, %s);", names[op],
            t == PRIM_I64 ? "long" : "ulong", p, v);
    return;
  case PRIM_F32:
    emit_c_line(e, "rts_atomic_add_f32((volatile __global uint *)%s, %s);", p, v);
    return;
  case PRIM_F64:
    emit_c_line(e, "rts_atomic_add_f64((volatile __global ulong *)%s, %s);", p, v);
    return;
  default:
    diag_ice("emit_opencl", (struct loc){0}, "no atomic operation on %s", prim_name(t));
  }
}

static void store_hist(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                       const char *const *res, const char *gi) {
  (void)gi;
  const struct cl_view *v = cl_view_of(e, s->pat[0]);
  emit_c_line(e, "if ((ulong)(long)%s < (ulong)%s) {", res[0], v->dims[0]);
  e->indent++;
  atomic_update(e, k->atomic, s->pat[0]->type.prim,
                emit_c_printf(e, "&%s[(long)%s]", v->ptr, res[0]), res[1]);
  e->indent--;
  emit_c_line(e, "}");
}

static void emit_hist(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  take_dest(e, s, 0);
  emit_elementwise(e, s, k, "", w, 1, store_hist);
  emit_c_line(e, "rts_dev_wrote(%s.mem);", emit_c_var(e, s->pat[0]));
}

/* ------------------------------------------------------------ segred */

/* The group version: one work-group per segment; the statements around the inner
 * reduction run on every work-item (they are scalar code), the reduction is shared. */
static void emit_segred_group(struct emitter *e, const struct ir_stm *s,
                              const struct lower_kernel *k, const char *w) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  const struct ir_stm *inner = k->inner;
  const struct ir_soac *in = &inner->exp.u.soac;
  int nacc = in->neutral_count;
  struct kbuild kb;
  kb_start(e, &kb, kernel_name(e, s, k, "_group"));
  kb_long(e, &kb, "w", w);
  for (int i = 0; i < so->input_count; i++) {
    kb_array(e, &kb, so->inputs[i]);
  }
  for (int i = 0; i < s->pat_count; i++) {
    kb_array(e, &kb, s->pat[i]);
  }
  kb_free_vars(e, &kb, k);
  kb_body(e, &kb);
  emit_c_line(e, "const long lid = get_local_id(0);");
  const char **loc = local_arrays(e, in->op);
  emit_c_line(e, "for (long seg = get_group_id(0); seg < w; seg += get_num_groups(0)) {");
  e->indent++;
  emit_c_line(e, "bool failed = false;");
  const char **res = declare_results(e, f->ret, f->ret_count);
  emit_c_line(e, "{");
  e->indent++;
  for (int i = 0; i < so->input_count; i++) {
    cl_bind_row(e, f->params[i], cl_view_of(e, so->inputs[i]), "seg");
  }
  if (f->index != NULL) {
    emit_c_line(e, "const long %s = seg;", emit_c_var(e, f->index));
  }
  for (int i = 0; i < k->inner_index; i++) {
    /* Declared before any jump, so that failures can skip their definitions. */
    (void)i;
  }
  const char *label;
  e->cl->fail_action = fail_region(e, &label);
  struct ir_body prefix = *f->body;
  prefix.stm_count = k->inner_index;
  cl_kernel_body(e, &prefix);
  emit_c_line(e, "%s:;", label);
  /* The inner reduction: its accumulators are the statement's pattern. */
  const char **acc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    acc[r] = emit_c_var(e, inner->pat[r]);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(inner->pat[r]->type.prim), acc[r],
            emit_c_subexp(e, in->neutral[r]));
  }
  emit_c_line(e, "const long m = %s;", emit_c_subexp(e, in->width));
  const char *label2;
  e->cl->fail_action = fail_region(e, &label2);
  for (int i = 0; i < in->input_count; i++) {
    const struct cl_view *v = cl_view_of(e, in->inputs[i]);
    int id = cl_message(e, emit_c_printf(e,
                                         "%s: error: an input of %s has outer size %%lld, not "
                                         "the width %%lld",
                                         loc_format(inner->loc), ir_soac_kind_name(in->kind)));
    emit_c_line(e, "if (!failed && %s != m) {", v->dims[0]);
    emit_c_line(e, "  rts_kernel_fail(errbuf, %d, %s, m, 0, 0);", id, v->dims[0]);
    emit_c_line(e, "  %s", e->cl->fail_action);
    emit_c_line(e, "}");
  }
  if (lower_commutative(in)) {
    emit_c_line(e, "for (long j = lid; j < m && !failed; j += RTS_GROUP) {");
  } else {
    emit_c_line(e, "const long per = (m + RTS_GROUP - 1) / RTS_GROUP;");
    emit_c_line(e, "for (long j = lid * per; j < min((lid + 1) * per, m) && !failed; j++) {");
  }
  e->indent++;
  const char **vals = cl_reduction_values(e, in, "j", true);
  cl_combine(e, in->op, acc, vals);
  close_loop(e);
  emit_c_line(e, "%s:;", label2);
  store_local(e, in->op, loc, acc, "lid");
  group_tree(e, in->op, loc);
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "%s = (%s)%s[0];", acc[r], emit_c_elem_type(inner->pat[r]->type.prim), loc[r]);
  }
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  const char *label3;
  e->cl->fail_action = fail_region(e, &label3);
  emit_c_line(e, "if (lid == 0 && !failed) {");
  e->indent++;
  struct ir_body suffix = *f->body;
  suffix.stms = f->body->stms + k->inner_index + 1;
  suffix.stm_count = f->body->stm_count - k->inner_index - 1;
  cl_kernel_body(e, &suffix);
  for (int r = 0; r < f->ret_count; r++) {
    emit_c_line(e, "%s = %s;", res[r], emit_c_subexp(e, f->body->results[r]));
  }
  store_results(e, s->pat, s->pat_count, res, "seg");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label3);
  e->cl->fail_action = "return;";
  e->indent--;
  emit_c_line(e, "}");
  close_loop(e);
  kb_launch(e, &kb, emit_c_printf(e, "rts_cl_segment_groups(ctx, %s)", w));
}

static void emit_segred(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w, NULL);
  }
  const char *mw = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", mw, emit_c_subexp(e, k->inner->exp.u.soac.width));
  emit_c_line(e, "if (rts_cl_use_group_version(ctx, %s, %s)) {", w, mw);
  e->indent++;
  emit_segred_group(e, s, k, w);
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  transpose_walked(e, s, k);
  emit_map_kernel(e, s, k, w, "_flat");
  release_walked(e, k);
  e->indent--;
  emit_c_line(e, "}");
}


/* ------------------------------------------------------------ intra */

/* Note [intra-group kernels]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~
 * One work-group per element `seg` of the map (a grid-stride loop over the groups). The
 * map's body is group code (lower.h): scalar statements run on every work-item alike
 * (they read the same values, so they take the same branches and fail alike), and each
 * array the body makes has a slot of its length in the group's memory: __local memory
 * when all slots fit (the first version), else a slice of a global scratch buffer per
 * work-group (the second). Inner maps, scatters, replicates, iotas and copies run with
 * one element per work-item (strided over the length), followed by a barrier; inner
 * reductions combine in order through a tree in local memory; loops carry their arrays
 * in slots of their own, into which each pass's results are copied between barriers.
 * A work-item that fails in an element sets the group's flag `gfail` and goes on to the
 * barrier; after each barrier the whole group reads the flag and skips to the next
 * element of the map, so no work-item waits at a barrier that the others passed. Each
 * work-item reads the flag into a private `gf` right after each barrier and tests that.
 * The flag is volatile (RTS_FLAG_QUALIFIER, prelude.cl): NVIDIA's compiler (driver
 * 580) miscompiles some kernels whose flag is not; but not on PoCL, which mishandles a
 * volatile __local variable across barriers (the runtime builds for it without).
 */

struct intra {
  const struct ir_var **slots; /* arrays with storage, in the order of their offsets */
  int slot_count, slot_cap;
  int *slot_of;                /* by variable id: 1 + slot index */
  const struct ir_stm **reductions; /* inner reductions: their trees' local arrays */
  int reduction_count, reduction_cap;
  const char *space;           /* "__local" or "__global" */
};

static void add_slot(struct emitter *e, struct intra *g, const struct ir_var *v) {
  if (v->type.rank == 0 || g->slot_of[v->id] != 0) {
    return;
  }
  g->slot_count++;
  if (g->slot_count > g->slot_cap) {
    g->slot_cap = g->slot_cap == 0 ? 8 : 2 * g->slot_cap;
    const struct ir_var **grown = ARENA_ARRAY(&e->arena, const struct ir_var *, g->slot_cap);
    if (g->slot_count > 1) {
      memcpy(grown, g->slots, (size_t)(g->slot_count - 1) * sizeof *grown);
    }
    g->slots = grown;
  }
  g->slots[g->slot_count - 1] = v;
  g->slot_of[v->id] = g->slot_count;
}

/* The slots and reductions of group code, in the order emission meets them. */
static void plan_slots(struct emitter *e, struct intra *g, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    switch (s->exp.kind) {
    case IR_REPLICATE:
    case IR_IOTA:
    case IR_COPY:
      add_slot(e, g, s->pat[0]);
      break;
    case IR_LOOP:
      for (int k = 0; k < s->exp.u.loop.param_count; k++) {
        add_slot(e, g, s->exp.u.loop.params[k]);
      }
      plan_slots(e, g, s->exp.u.loop.body);
      break;
    case IR_SOAC:
      if (s->exp.u.soac.kind == IR_SOAC_MAP) {
        for (int k = 0; k < s->pat_count; k++) {
          add_slot(e, g, s->pat[k]);
        }
      } else if (s->exp.u.soac.kind != IR_SOAC_SCATTER) {
        /* A scan's results are arrays too; a reduction's are scalars. */
        enum ir_soac_kind kind = s->exp.u.soac.kind;
        bool scan = kind == IR_SOAC_SCAN || kind == IR_SOAC_SCANOMAP;
        for (int k = scan ? 0 : s->exp.u.soac.neutral_count; k < s->pat_count; k++) {
          add_slot(e, g, s->pat[k]);
        }
        cl_push_string(e, (const char ***)&g->reductions, &g->reduction_count,
                       &g->reduction_cap, (const char *)s);
      }
      break;
    default:
      break;
    }
  }
}

static const char *slot_bytes(struct emitter *e, const struct ir_var *v) {
  return emit_c_printf(e, "rts_align8((int64_t)%s * %d)", emit_c_subexp(e, v->type.dims[0]),
                       prim_bytes(v->type.prim));
}

/* The bytes of all slots: the same expression on the host and in the kernel. */
static const char *slots_total(struct emitter *e, const struct intra *g) {
  struct strbuf b;
  strbuf_init(&b);
  strbuf_puts(&b, "(int64_t)8");
  for (int i = 0; i < g->slot_count; i++) {
    strbuf_printf(&b, " + %s", slot_bytes(e, g->slots[i]));
  }
  const char *r = emit_c_printf(e, "(%s)", b.data);
  strbuf_free(&b);
  return r;
}

/* The local memory of the reductions' trees and the flag. */
static const char *trees_bytes(struct emitter *e, const struct intra *g) {
  struct strbuf b;
  strbuf_init(&b);
  strbuf_puts(&b, "(int64_t)16");
  for (int i = 0; i < g->reduction_count; i++) {
    const struct ir_stm *s = (const struct ir_stm *)g->reductions[i];
    const struct ir_lambda *op = s->exp.u.soac.op;
    for (int r = 0; r < op->param_count / 2; r++) {
      strbuf_printf(&b, " + (int64_t)RTS_GROUP * %d", prim_bytes(op->params[r]->type.prim));
    }
  }
  const char *r = emit_c_printf(e, "(%s)", b.data);
  strbuf_free(&b);
  return r;
}

static const char *slot_name(struct emitter *e, const struct intra *g, const struct ir_var *v) {
  return emit_c_printf(e, "slot_%d", g->slot_of[v->id] - 1);
}

/* v's view is its slot. */
static void view_slot(struct emitter *e, const struct intra *g, const struct ir_var *v) {
  const char *len = emit_c_printf(e, "(long)%s", emit_c_subexp(e, v->type.dims[0]));
  cl_set_view(e, v, slot_name(e, g, v), &len);
}

static void group_barrier(struct emitter *e, const struct intra *g) {
  (void)g;
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);");
  emit_c_line(e, "gf = gfail;");
}

/* Note [uniform element loops]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * The work-items of a group share out an inner SOAC's n elements, RTS_GROUP at a
 * time. The loop is written
 *
 *     for (long jb = RTS_ELEM_FIRST; jb < n && !gf; jb += RTS_GROUP) {
 *       const long j = RTS_ELEM_INDEX(jb);
 *       if (j < n) { BODY }
 *     }
 *
 * and the kernels' prelude (rts/opencl/prelude.cl) picks one of two forms. By default
 * it is `for (j = lid; j < n; j += RTS_GROUP)`: RTS_ELEM_FIRST is lid, the index is jb
 * and the guard is always true (compilers drop it). Where the runtime builds with
 * -DRTS_UNIFORM_ELEMENT_LOOPS (on PoCL), every work-item runs the same trip count from
 * 0 and guards its own element (RTS_ELEM_INDEX(jb) = jb + lid). Both are valid
 * OpenCL, but PoCL's default work-group compiler (loopvec, PoCL 3.1) miscompiles the
 * first when such a loop comes before a loop that holds barriers and whose trip count
 * is a constant: the statements between the barriers before that loop were skipped, so
 * that a group kernel's loop started from the previous row's values
 * (tests/backend_opencl/intra_race.dsl). The uniform form is not the default because
 * it cost NVIDIA's compiler time: rownorm of bench/soacs-opencl ran at 0.64x of the
 * copy with it on an H200 against 0.71x to 0.72x before (bench/RESULTS.md). */

/* for (j = lid; j < n; j += RTS_GROUP) { BODY } with element failures flagged, in the
 * form of Note [uniform element loops]. */
static const char *open_strided(struct emitter *e, const char *n, const char **label) {
  *label = emit_c_printf(e, "elem_%d", ++e->cl->next_label);
  const char *jb = emit_c_tmp(e);
  const char *j = emit_c_tmp(e);
  emit_c_line(e, "for (long %s = RTS_ELEM_FIRST; %s < %s && !gf; %s += RTS_GROUP) {", jb, jb,
              n, jb);
  emit_c_line(e, "  const long %s = RTS_ELEM_INDEX(%s);", j, jb);
  emit_c_line(e, "  if (%s < %s) {", j, n);
  e->indent += 2;
  e->cl->fail_action = emit_c_printf(e, "gfail = 1; goto %s;", *label);
  e->cl->guard = NULL;
  return j;
}

static void close_strided(struct emitter *e, const struct intra *g, const char *label) {
  emit_c_line(e, "%s:;", label);
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  e->cl->fail_action = "gfail = 1; gf = 1;";
  e->cl->guard = "gf";
  group_barrier(e, g);
}

static void group_body(struct emitter *e, struct intra *g, const struct ir_body *b);

static void group_fill(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  const struct ir_var *y = s->pat[0];
  view_slot(e, g, y);
  const struct cl_view *w = cl_view_of(e, y);
  const char *label, *j = open_strided(e, w->dims[0], &label);
  const char *value;
  if (s->exp.kind == IR_REPLICATE) {
    value = emit_c_subexp(e, s->exp.u.replicate.value);
  } else if (s->exp.kind == IR_IOTA) {
    value = j;
  } else {
    const struct cl_view *x = cl_view_of(e, s->exp.u.copy);
    value = emit_c_printf(e, "%s[%s]", x->ptr, j);
  }
  emit_c_line(e, "%s[%s] = (%s)(%s);", w->ptr, j, cl_elem_type(y->type.prim), value);
  close_strided(e, g, label);
}

static void group_map(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int k = 0; k < s->pat_count; k++) {
    view_slot(e, g, s->pat[k]);
  }
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  const char *label, *j = open_strided(e, n, &label);
  const char **res = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
  cl_apply_map_fn(e, so, j, res);
  store_results(e, s->pat, s->pat_count, res, j);
  close_strided(e, g, label);
}

static void group_scatter(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  for (int d = 0; d < so->dest_count; d++) {
    e->cl->views[s->pat[d]->id] = cl_view_of(e, so->dests[d]);
  }
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  const char *label, *j = open_strided(e, n, &label);
  const char **res = declare_results(e, so->map_fn->ret, so->map_fn->ret_count);
  cl_apply_map_fn(e, so, j, res);
  int index_count = 0;
  for (int d = 0; d < so->dest_count; d++) {
    index_count += so->dest_writes != NULL ? so->dest_writes[d] : 1;
  }
  for (int d = 0, first = 0, value = index_count; d < so->dest_count; d++) {
    const struct cl_view *v = cl_view_of(e, s->pat[d]);
    int writes = so->dest_writes != NULL ? so->dest_writes[d] : 1;
    for (int k = 0; k < writes; k++, first++, value++) {
      emit_c_line(e, "if ((ulong)(long)%s < (ulong)%s) {", res[first], v->dims[0]);
      emit_c_line(e, "  %s[(long)%s] = (%s)%s;", v->ptr, res[first],
                  cl_elem_type(s->pat[d]->type.prim), res[value]);
      emit_c_line(e, "}");
    }
  }
  close_strided(e, g, label);
}

/* The end of an inner reduction or scan: a failure of the block's work-items becomes
 * the group's, the block closes, and the group meets at a barrier. */
static void close_group_soac(struct emitter *e, struct intra *g) {
  emit_c_line(e, "if (failed) {");
  emit_c_line(e, "  gfail = 1;");
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  e->cl->fail_action = "gfail = 1; gf = 1;";
  e->cl->guard = "gf";
  group_barrier(e, g);
}

static void group_reduce(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  int index = 0;
  while ((const struct ir_stm *)g->reductions[index] != s) {
    index++;
  }
  for (int k = nacc; k < s->pat_count; k++) {
    view_slot(e, g, s->pat[k]);
  }
  const char **loc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **acc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    loc[r] = emit_c_printf(e, "red%d_%d", index, r);
    acc[r] = emit_c_var(e, s->pat[r]);
    emit_c_line(e, "%s %s = %s;", emit_c_elem_type(s->pat[r]->type.prim), acc[r],
                emit_c_subexp(e, so->neutral[r]));
  }
  emit_c_line(e, "{");
  e->indent++;
  emit_c_line(e, "bool failed = false;");
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  const char *label;
  e->cl->fail_action = fail_region(e, &label);
  e->cl->guard = NULL;
  if (lower_commutative(so)) {
    emit_c_line(e, "for (long j = lid; j < %s && !failed; j += RTS_GROUP) {", n);
  } else {
    emit_c_line(e, "const long per = (%s + RTS_GROUP - 1) / RTS_GROUP;", n);
    emit_c_line(e, "for (long j = lid * per; j < min((lid + 1) * per, %s) && !failed; j++) {",
                n);
  }
  e->indent++;
  const char **vals = cl_reduction_values(e, so, "j", true);
  if (so->map_fn != NULL) {
    store_results(e, s->pat + nacc, s->pat_count - nacc, vals + nacc, "j");
  }
  cl_combine(e, so->op, acc, vals);
  close_loop(e);
  emit_c_line(e, "%s:;", label);
  store_local(e, so->op, loc, acc, "lid");
  group_tree(e, so->op, loc);
  for (int r = 0; r < nacc; r++) {
    emit_c_line(e, "%s = (%s)%s[0];", acc[r], emit_c_elem_type(s->pat[r]->type.prim), loc[r]);
  }
  close_group_soac(e, g);
}

/* An inner scan or scanomap: the group scans RTS_GROUP elements at a time in order
 * (map_fn's values, the map outputs stored), each chunk by group_scan in its local
 * arrays, from the carry of the chunks before. */
static void group_scan_soac(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  const struct ir_soac *so = &s->exp.u.soac;
  int nacc = so->neutral_count;
  int index = 0;
  while ((const struct ir_stm *)g->reductions[index] != s) {
    index++;
  }
  for (int k = 0; k < s->pat_count; k++) {
    view_slot(e, g, s->pat[k]);
  }
  const char **loc = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    loc[r] = emit_c_printf(e, "red%d_%d", index, r);
  }
  emit_c_line(e, "{");
  e->indent++;
  /* false, as in group_reduce: an earlier failure is the group's already (gfail), and
   * PoCL 3.1 skipped this loop's stores when failed started from gf. */
  emit_c_line(e, "bool failed = false;");
  const char *n = emit_c_tmp(e);
  emit_c_line(e, "const long %s = %s;", n, emit_c_subexp(e, so->width));
  const char **carry = declare_accumulators(e, so, "carry");
  e->cl->guard = NULL;
  emit_c_line(e, "for (long base = 0; base < %s; base += RTS_GROUP) {", n);
  e->indent++;
  emit_c_line(e, "const long i = base + lid;");
  const char **one = scan_element(e, s, emit_c_printf(e, "i < %s", n));
  store_local(e, so->op, loc, one, "lid");
  group_scan(e, so->op, loc, one);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  const char **y = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  const char **last = ARENA_ARRAY(&e->arena, const char *, nacc + 1);
  for (int r = 0; r < nacc; r++) {
    const char *t = emit_c_elem_type(so->op->params[r]->type.prim);
    y[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s = %s;", t, y[r], carry[r]);
    last[r] = emit_c_printf(e, "(%s)%s[min((long)RTS_GROUP, %s - base) - 1]", t, loc[r], n);
  }
  const char *label;
  e->cl->fail_action = fail_region(e, &label);
  emit_c_line(e, "if (i < %s && !failed) {", n);
  e->indent++;
  cl_combine(e, so->op, y, one);
  store_results(e, s->pat, nacc, y, "i");
  e->indent--;
  emit_c_line(e, "}");
  emit_c_line(e, "if (!failed) {");
  cl_combine(e, so->op, carry, last);
  emit_c_line(e, "}");
  emit_c_line(e, "%s:;", label);
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  close_loop(e);
  close_group_soac(e, g);
}

/* Copies view x into the slot of array y, one element per work-item. */
static void copy_into_slot(struct emitter *e, struct intra *g, const struct ir_var *y,
                           const struct cl_view *x) {
  const struct cl_view *w = cl_view_of(e, y);
  const char *label, *j = open_strided(e, w->dims[0], &label);
  emit_c_line(e, "%s[%s] = %s[%s];", w->ptr, j, x->ptr, j);
  close_strided(e, g, label);
}

static void group_loop(struct emitter *e, struct intra *g, const struct ir_stm *s) {
  const struct ir_loop *l = &s->exp.u.loop;
  for (int i = 0; i < l->param_count; i++) {
    struct ir_var *p = l->params[i];
    if (p->type.rank == 0) {
      emit_c_line(e, "%s %s = %s;", emit_c_elem_type(p->type.prim), emit_c_var(e, p),
                  emit_c_subexp(e, l->inits[i]));
    } else {
      view_slot(e, g, p);
      copy_into_slot(e, g, p, cl_view_of(e, l->inits[i].u.var));
    }
  }
  /* The flag is the same on every work-item here (a barrier came last). */
  if (l->is_while) {
    emit_c_line(e, "while (%s && !gf) {", emit_c_var(e, l->cond));
  } else {
    const char *t = emit_c_elem_type(l->index->type.prim), *i = emit_c_var(e, l->index);
    const char *bound = emit_c_tmp(e);
    emit_c_line(e, "const %s %s = %s;", t, bound, emit_c_subexp(e, l->bound));
    emit_c_line(e, "for (%s %s = 0; %s < %s && !gf; %s++) {", t, i, i, bound, i);
  }
  e->indent++;
  group_body(e, g, l->body);
  const char **tmp = ARENA_ARRAY(&e->arena, const char *, l->param_count + 1);
  for (int i = 0; i < l->param_count; i++) {
    struct ir_var *p = l->params[i];
    if (p->type.rank == 0) {
      tmp[i] = emit_c_tmp(e);
      emit_c_line(e, "const %s %s = %s;", emit_c_elem_type(p->type.prim), tmp[i],
                  emit_c_subexp(e, l->body->results[i]));
    }
  }
  bool copies = false;
  for (int i = 0; i < l->param_count; i++) {
    struct ir_subexp r = l->body->results[i];
    if (l->params[i]->type.rank > 0 && !(r.kind == IR_SE_VAR && r.u.var == l->params[i])) {
      if (!copies) {
        group_barrier(e, g); /* every read of the parameters is done */
        copies = true;
      }
      copy_into_slot(e, g, l->params[i], cl_view_of(e, r.u.var));
    }
  }
  for (int i = 0; i < l->param_count; i++) {
    if (l->params[i]->type.rank == 0) {
      emit_c_line(e, "%s = %s;", emit_c_var(e, l->params[i]), tmp[i]);
    }
  }
  e->indent--;
  emit_c_line(e, "}");
  for (int i = 0; i < s->pat_count; i++) {
    if (s->pat[i]->type.rank == 0) {
      emit_c_line(e, "const %s %s = %s;", emit_c_elem_type(s->pat[i]->type.prim),
                  emit_c_var(e, s->pat[i]), emit_c_var(e, l->params[i]));
    } else {
      e->cl->views[s->pat[i]->id] = cl_view_of(e, l->params[i]);
    }
  }
}

static void group_body(struct emitter *e, struct intra *g, const struct ir_body *b) {
  for (int i = 0; i < b->stm_count; i++) {
    const struct ir_stm *s = b->stms[i];
    diag_checkpoint(s->loc);
    cl_set_where(e, s);
    switch (s->exp.kind) {
    case IR_REPLICATE:
    case IR_IOTA:
    case IR_COPY:
      group_fill(e, g, s);
      break;
    case IR_LOOP:
      group_loop(e, g, s);
      break;
    case IR_SOAC:
      if (s->exp.u.soac.kind == IR_SOAC_MAP) {
        group_map(e, g, s);
      } else if (s->exp.u.soac.kind == IR_SOAC_SCATTER) {
        group_scatter(e, g, s);
      } else if (s->exp.u.soac.kind == IR_SOAC_SCAN ||
                 s->exp.u.soac.kind == IR_SOAC_SCANOMAP) {
        group_scan_soac(e, g, s);
      } else {
        group_reduce(e, g, s);
      }
      break;
    default: {
      struct ir_body one = {.stms = (struct ir_stm **)&b->stms[i], .stm_count = 1};
      cl_kernel_body(e, &one);
      break;
    }
    }
  }
}

/* The bytes of all slots on the host, into a new variable: the value of slots_total,
 * each term checked (Note [Checked sizes] in rts/c/array.c), so that neither the host
 * nor the kernel, which computes the same sum, sees it wrap. */
static const char *slots_total_checked(struct emitter *e, const struct intra *g) {
  const char *total = emit_c_tmp(e);
  emit_c_line(e, "int64_t %s = 8;", total);
  for (int i = 0; i < g->slot_count; i++) {
    const struct ir_var *v = g->slots[i];
    emit_c_try(e, "rts_cl_add_slot(ctx, %s, &%s, %s, %d)", e->where, total,
               emit_c_subexp(e, v->type.dims[0]), prim_bytes(v->type.prim));
  }
  return total;
}

/* One version of the kernel: slots in `space` memory; `host_total` is the value of
 * slots_total on the host. */
static void emit_intra_version(struct emitter *e, const struct ir_stm *s,
                               const struct lower_kernel *k, struct intra g, const char *w,
                               bool local, const char *groups, const char *host_total) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  g.space = local ? "__local" : "__global";
  const char *total = slots_total(e, &g);
  struct kbuild kb;
  kb_start(e, &kb, kernel_name(e, s, k, local ? "_local" : "_global"));
  kb_long(e, &kb, "w", w);
  for (int i = 0; i < so->input_count; i++) {
    kb_array(e, &kb, so->inputs[i]);
  }
  for (int i = 0; i < s->pat_count; i++) {
    kb_array(e, &kb, s->pat[i]);
  }
  kb_free_vars(e, &kb, k);
  const char *scratch = NULL;
  if (local) {
    strbuf_puts(&kb.params, ", __local char *mem");
    kb_set_arg(e, &kb, emit_c_printf(e, "(size_t)%s", host_total), "NULL");
  } else {
    scratch = temp_buffer(e, PRIM_U8, host_total, groups);
    kb_buffer(e, &kb, PRIM_U8, "scratch", emit_c_printf(e, "%s.mem", scratch));
  }
  kb_body(e, &kb);
  emit_c_line(e, "const long lid = get_local_id(0);");
  emit_c_line(e, "RTS_FLAG_QUALIFIER __local int gfail;");
  emit_c_line(e, "int gf = 0; /* gfail as of the last barrier */");
  for (int i = 0; i < g.reduction_count; i++) {
    const struct ir_stm *r = (const struct ir_stm *)g.reductions[i];
    local_arrays_named(e, r->exp.u.soac.op, emit_c_printf(e, "red%d", i));
  }
  if (local) {
    emit_c_line(e, "__local char *base = mem;");
  } else {
    emit_c_line(e, "__global char *base = (__global char *)scratch + get_group_id(0) * %s;", total);
  }
  emit_c_line(e, "long offset = 8;");
  for (int i = 0; i < g.slot_count; i++) {
    const struct ir_var *v = g.slots[i];
    emit_c_line(e, "%s %s *slot_%d = (%s %s *)(base + offset);", g.space,
                cl_elem_type(v->type.prim), i, g.space, cl_elem_type(v->type.prim));
    emit_c_line(e, "offset += %s;", slot_bytes(e, v));
  }
  emit_c_line(e, "if (lid == 0) {");
  emit_c_line(e, "  gfail = 0;");
  emit_c_line(e, "}");
  emit_c_line(e, "for (long seg = get_group_id(0); seg < w; seg += get_num_groups(0)) {");
  e->indent++;
  e->cl->fail_action = "gfail = 1; gf = 1;";
  e->cl->guard = "gf";
  group_barrier(e, &g);
  emit_c_line(e, "{");
  e->indent++;
  for (int i = 0; i < so->input_count; i++) {
    cl_bind_row(e, f->params[i], cl_view_of(e, so->inputs[i]), "seg");
  }
  if (f->index != NULL) {
    emit_c_line(e, "const long %s = seg;", emit_c_var(e, f->index));
  }
  group_body(e, &g, f->body);
  for (int r = 0; r < f->ret_count; r++) {
    const struct cl_view *out = cl_view_of(e, s->pat[r]);
    struct ir_subexp res = f->body->results[r];
    if (f->ret[r].rank == 0) {
      emit_c_line(e, "if (lid == 0) {");
      emit_c_line(e, "  %s[seg] = (%s)%s;", out->ptr, cl_elem_type(s->pat[r]->type.prim),
                  emit_c_subexp(e, res));
      emit_c_line(e, "}");
    } else {
      const struct cl_view *x = cl_view_of(e, res.u.var);
      /* Note [uniform element loops] */
      const char *jb = emit_c_tmp(e);
      const char *j = emit_c_tmp(e);
      emit_c_line(e, "for (long %s = RTS_ELEM_FIRST; %s < %s; %s += RTS_GROUP) {", jb, jb,
                  out->dims[1], jb);
      emit_c_line(e, "  const long %s = RTS_ELEM_INDEX(%s);", j, jb);
      emit_c_line(e, "  if (%s < %s) {", j, out->dims[1]);
      emit_c_line(e, "    %s[seg * %s + %s] = %s[%s];", out->ptr, out->dims[1], j, x->ptr, j);
      emit_c_line(e, "  }");
      emit_c_line(e, "}");
    }
  }
  e->indent--;
  emit_c_line(e, "}");
  e->indent--;
  emit_c_line(e, "}");
  e->cl->fail_action = "return;";
  e->cl->guard = NULL;
  kb_launch(e, &kb, groups);
  if (scratch != NULL) {
    release_temp(e, scratch);
  }
}

static void emit_intra(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const struct ir_lambda *f = so->map_fn;
  const char *w = width_of(e, so);
  check_inputs(e, so, w);
  for (int i = 0; i < s->pat_count; i++) {
    alloc_output(e, s->pat[i], w,
                 f->ret[i].rank > 0 ? emit_c_subexp(e, f->ret[i].dims[0]) : NULL);
  }
  struct intra g = {0};
  g.slot_of = ARENA_ARRAY(&e->arena, int, e->var_count + 1);
  plan_slots(e, &g, f->body);
  const char *groups = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = rts_cl_segment_groups(ctx, %s);", groups, w);
  const char *total = slots_total_checked(e, &g);
  emit_c_line(e, "if (rts_cl_fits_local(ctx, %s + %s)) {", total, trees_bytes(e, &g));
  e->indent++;
  emit_intra_version(e, s, k, g, w, true, groups, total);
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  emit_intra_version(e, s, k, g, w, false, groups, total);
  e->indent--;
  emit_c_line(e, "}");
}

/* ------------------------------------------------------------ Dispatch */

void emit_cl_kernel_stm(struct emitter *e, const struct ir_stm *s,
                        const struct lower_kernel *k) {
  cl_set_where(e, s);
  emit_c_line(e, "{");
  e->indent++;
  switch (k->form) {
  case LOWER_MAP:
    emit_map(e, s, k);
    break;
  case LOWER_MAP2:
    emit_map2(e, s, k);
    break;
  case LOWER_REDUCE:
    emit_reduce(e, s, k);
    break;
  case LOWER_SCAN:
    emit_scan(e, s, k);
    break;
  case LOWER_SCATTER:
    emit_scatter(e, s, k);
    break;
  case LOWER_HIST:
    emit_hist(e, s, k);
    break;
  case LOWER_SEGRED:
    emit_segred(e, s, k);
    break;
  case LOWER_INTRA:
    emit_intra(e, s, k);
    break;
  case LOWER_TRANSPOSE:
    emit_transpose(e, s, k);
    break;
  }
  e->indent--;
  emit_c_line(e, "}");
}

/* ------------------------------------------------------------ Tables */

static void string_table_line(struct strbuf *out, const char *text) {
  strbuf_puts(out, "  \"");
  for (const char *p = text; *p != '\0'; p++) {
    if (*p == '"' || *p == '\\' || *p == '?') {
      strbuf_printf(out, "\\%c", *p);
    } else if (*p == '\n') {
      strbuf_puts(out, "\\n");
    } else if ((unsigned char)*p < 0x20) {
      strbuf_printf(out, "\\%03o", (unsigned char)*p);
    } else {
      strbuf_putc(out, *p);
    }
  }
  strbuf_puts(out, "\"");
}

void emit_cl_paste_rts(struct emitter *e, struct strbuf *out) {
  (void)e;
  static const char *const host_files[] = {"opencl.h", "mirror.h", "opencl.c", "mirror.c"};
  for (size_t i = 0; i < sizeof host_files / sizeof *host_files; i++) {
    strbuf_printf(out, "/* ---- rts/opencl/%s ---- */\n", host_files[i]);
    emit_c_paste_lines(out, cl_rts_file(host_files[i]));
  }
}

/* The kernels' program, one string a line: the scalar functions, the prelude, the
 * kernels. */
void emit_cl_program_tables(struct emitter *e, struct strbuf *out) {
  struct emit_cl *cl = e->cl;
  struct strbuf all;
  strbuf_init(&all);
  emit_c_paste_lines(&all, cl_rts_file("scalar_cl.h"));
  emit_c_paste_rts_file(&all, "scalar.h");
  emit_c_paste_lines(&all, cl_rts_file("prelude.cl"));
  strbuf_puts(&all, cl->source.data != NULL ? cl->source.data : "");
  strbuf_puts(out, "/* The kernels (OpenCL C), their names and their failure messages. */\n");
  strbuf_puts(out, "static const char *const rts_cl_program_lines[] = {\n");
  const char *p = all.data != NULL ? all.data : "";
  while (*p != '\0') {
    const char *nl = strchr(p, '\n');
    size_t n = nl != NULL ? (size_t)(nl - p) + 1 : strlen(p);
    char *line = arena_strndup(&e->arena, p, n);
    string_table_line(out, line);
    strbuf_puts(out, ",\n");
    p += n;
  }
  strbuf_puts(out, "  NULL\n};\n\n");
  strbuf_free(&all);
  strbuf_puts(out, "static const char *const rts_cl_kernel_names[] = {\n");
  for (int i = 0; i < cl->kernel_count; i++) {
    string_table_line(out, cl->kernel_names[i]);
    strbuf_puts(out, ",\n");
  }
  strbuf_puts(out, "  NULL\n};\n");
  strbuf_printf(out, "#define RTS_CL_KERNEL_COUNT %d\n\n", cl->kernel_count);
  strbuf_puts(out, "static const char *const rts_cl_messages[] = {\n");
  for (int i = 0; i < cl->message_count; i++) {
    string_table_line(out, cl->messages[i]);
    strbuf_puts(out, ",\n");
  }
  strbuf_puts(out, "  NULL\n};\n");
  strbuf_printf(out, "#define RTS_CL_MESSAGE_COUNT %d\n\n", cl->message_count);
}
