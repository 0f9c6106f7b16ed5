/* The OpenCL backend's host side: its state (emit_cl_init), the host statements'
 * arrays made current on the host and marked after (Note [mirrors] in
 * rts/opencl/mirror.h), replicate and copy done on the device, and the host parts that
 * every kernel form shares (the width and its check, outputs and temporary buffers on
 * the device).
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"
#include "ir/util.h"

/* ------------------------------------------------------------ Setup */

void emit_cl_init(struct emit_cl *cl, const struct ir_program *p, const struct lower_plan *plan) {
  memset(cl, 0, sizeof *cl);
  arena_init(&cl->arena);
  strbuf_init(&cl->source);
  int n = p->next_var_id + 1;
  cl->views = ARENA_ARRAY(&cl->arena, struct cl_view *, n);
  cl->privates = ARENA_ARRAY(&cl->arena, struct cl_private *, n);
  cl->arg_of = ARENA_ARRAY(&cl->arena, int, n);
  cl->seen = ARENA_ARRAY(&cl->arena, int, n);
  cl->transposed = ARENA_ARRAY(&cl->arena, const struct cl_transposed *, n);
  cl->fail_action = "return;";
  cl->where_text = "<unknown>";
  cl->notes_text = "";
  cl->plan = plan;
}

void emit_cl_free(struct emit_cl *cl) {
  strbuf_free(&cl->source);
  arena_free(&cl->arena);
}

int add_kernel_name(struct emitter *e, const char *name, bool alone) {
  struct emit_cl *cl = cl_state(e);
  cl_push_string(e, &cl->kernel_alone, &cl->alone_count, &cl->alone_cap,
                 alone ? "true" : "false");
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
  struct array_uses u = {.e = e, .seen = cl_state(e)->seen, .stamp = ++cl_state(e)->stamp};
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

/* Ends the device path of s (an `if` whose block is open): else the host path. */
static void else_host(struct emitter *e, const struct ir_stm *s,
                      void (*host)(struct emitter *, const struct ir_stm *)) {
  e->indent--;
  emit_c_line(e, "} else {");
  e->indent++;
  host(e, s);
  e->indent--;
  emit_c_line(e, "}");
}

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
  else_host(e, s, host);
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
  else_host(e, s, host);
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

/* ------------------------------------------------------------ Host parts */

/* The SOAC's width as a host constant, its inputs' outer sizes checked against it as
 * the C backend checks them. */
const char *checked_width(struct emitter *e, const struct ir_soac *so) {
  const char *w = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", w, emit_c_subexp(e, so->width));
  for (int i = 0; i < so->input_count; i++) {
    emit_c_check_width(e, so, so->inputs[i], w);
  }
  return w;
}

/* An output y of shape [w] (or [w][m]) on the device. */
void alloc_output(struct emitter *e, const struct ir_var *y, const char *w,
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
const char *temp_buffer(struct emitter *e, enum prim_type t, const char *n,
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

void release_temp(struct emitter *e, const char *name) {
  emit_c_line(e, "rts_unref(ctx, %s.mem);", name);
  emit_c_line(e, "%s.mem = NULL;", name);
}
