/* Building a kernel: its parameters and prologue (OpenCL C) beside the host code that
 * sets the matching arguments (kb_*), kernel mode (kernel code goes to the kernel's
 * body), the launch, and the loops and stores that the kernel forms share.
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ Kernel building */

/* The kernel's name and host index; its arguments come next. */
static void kb_name(struct emitter *e, struct kbuild *kb, const char *name, bool alone) {
  kb->name = name;
  kb->alone = alone;
  kb->index = add_kernel_name(e, name, alone);
  kb->launch_index = cl_state(e)->nidx == NULL
                         ? emit_c_printf(e, "%d", kb->index)
                         : emit_c_printf(e, "%d + %s", kb->index, cl_state(e)->nidx);
  kb->spec = NULL;
  kb->spec_count = 0;
  kb->group_size = NULL;
}

/* The error buffer, the first argument of every kernel. */
static void kb_errbuf(struct emitter *e, struct kbuild *kb) {
  strbuf_init(&kb->params);
  strbuf_init(&kb->prologue);
  kb->nargs = 0;
  strbuf_puts(&kb->params, "volatile __global int *errbuf");
  emit_c_try(e, "rts_cl_set_arg(ctx, ctx->cl, %s, 0, sizeof(cl_mem), &ctx->cl->errbuf, %s)",
             kb->launch_index, e->where);
  kb->nargs = 1;
}

void kb_start(struct emitter *e, struct kbuild *kb, const char *name) {
  kb_name(e, kb, name, false);
  kb_errbuf(e, kb);
}

void kb_start_specialised(struct emitter *e, struct kbuild *kb, const char *name,
                          const struct kb_spec *spec, int count) {
  kb_name(e, kb, name, true);
  kb->spec = spec;
  kb->spec_count = count;
  if (count > 0) {
    const char *index = emit_c_tmp(e), *values = emit_c_tmp(e);
    emit_c_line(e, "int %s = %s;", index, kb->launch_index);
    struct strbuf list;
    strbuf_init(&list);
    for (int i = 0; i < count; i++) {
      strbuf_printf(&list, "%s(int64_t)(%s)", i > 0 ? ", " : "", spec[i].value);
    }
    emit_c_line(e, "const int64_t %s[] = {%s};", values, list.data);
    strbuf_free(&list);
    emit_c_try(e, "rts_cl_specialise(ctx, ctx->cl, &%s, %d, %s, %s)", index, count, values,
               e->where);
    kb->launch_index = index;
  }
  kb_errbuf(e, kb);
}

/* The kernel-side declaration of specialised argument `name` of type `type` from its
 * parameter `param`: the build's constant in the specialised program. `test` turns a
 * value into the variable's (" != 0" for booleans). Returns false when `name` is not
 * among kb's specialised arguments. */
static bool kb_spec_decl(struct kbuild *kb, const char *type, const char *name,
                         const char *param, const char *test) {
  for (int i = 0; i < kb->spec_count; i++) {
    if (strcmp(kb->spec[i].name, name) == 0) {
      strbuf_printf(&kb->prologue,
                    "#ifdef RTS_SPEC_%s\n  const %s %s = RTS_SPEC_%s_%d%s;\n#else\n"
                    "  const %s %s = %s%s;\n#endif\n",
                    kb->name, type, name, kb->name, i, test, type, name, param, test);
      return true;
    }
  }
  return false;
}

void kb_set_arg(struct emitter *e, struct kbuild *kb, const char *size,
                const char *lvalue) {
  emit_c_try(e, "rts_cl_set_arg(ctx, ctx->cl, %s, %d, %s, %s, %s)", kb->launch_index,
             kb->nargs, size, lvalue, e->where);
  kb->nargs++;
}

/* A long argument named `name` in the kernel, from the host expression `value`. */
void kb_long(struct emitter *e, struct kbuild *kb, const char *name, const char *value) {
  const char *t = emit_c_tmp(e);
  emit_c_line(e, "const int64_t %s = %s;", t, value);
  const char *param = emit_c_printf(e, "%s_arg", name);
  strbuf_printf(&kb->params, ", long %s",
                kb_spec_decl(kb, "long", name, param, "") ? param : name);
  kb_set_arg(e, kb, "sizeof(int64_t)", emit_c_printf(e, "&%s", t));
}

static void kb_scalar(struct emitter *e, struct kbuild *kb, const struct ir_var *v) {
  const char *name = emit_c_var(e, v);
  if (cl_state(e)->arg_of[v->id] == kb->index + 1) {
    return;
  }
  cl_state(e)->arg_of[v->id] = kb->index + 1;
  const char *param = emit_c_printf(e, "%s_arg", name);
  if (v->type.prim == PRIM_BOOL) {
    strbuf_printf(&kb->params, ", uchar %s", param);
    if (!kb_spec_decl(kb, "bool", name, param, " != 0")) {
      strbuf_printf(&kb->prologue, "  const bool %s = %s != 0;\n", name, param);
    }
  } else {
    const char *type = emit_c_elem_type(v->type.prim);
    strbuf_printf(&kb->params, ", %s %s", type,
                  kb_spec_decl(kb, type, name, param, "") ? param : name);
  }
  kb_set_arg(e, kb, emit_c_printf(e, "sizeof(%s)", emit_c_elem_type(v->type.prim)),
             emit_c_printf(e, "&%s", name));
}

/* A pointer argument `__global T *name` into a device buffer: the host expressions of
 * the buffer and of the byte offset of the first element. */
void kb_pointer(struct emitter *e, struct kbuild *kb, enum prim_type prim,
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
const char **kb_dims(struct emitter *e, struct kbuild *kb, const char *host, int rank,
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
 * the host's flag says so (Note [coalescing transposes] in src/lower/coalesce.c): the
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

void kb_array(struct emitter *e, struct kbuild *kb, const struct ir_var *v) {
  if (cl_state(e)->arg_of[v->id] == kb->index + 1) {
    return; /* an input that the lambda also reads freely, say */
  }
  cl_state(e)->arg_of[v->id] = kb->index + 1;
  if (cl_state(e)->transposed[v->id] != NULL) {
    kb_transposed_array(e, kb, v, cl_state(e)->transposed[v->id]);
    return;
  }
  kb_array_named(e, kb, v, emit_c_var(e, v), emit_c_var(e, v));
}

/* A device buffer of scalars of type t (partial results): `__global T *name`. */
void kb_buffer(struct emitter *e, struct kbuild *kb, enum prim_type t, const char *name,
               const char *host_block) {
  const char *m = emit_c_tmp(e);
  emit_c_line(e, "cl_mem %s = rts_dev_mem(%s);", m, host_block);
  strbuf_printf(&kb->params, ", __global %s *%s", cl_elem_type(t), name);
  kb_set_arg(e, kb, "sizeof(cl_mem)", emit_c_printf(e, "&%s", m));
}

/* The arguments every form passes: the lambdas' free variables. */
void kb_free_vars(struct emitter *e, struct kbuild *kb, const struct lower_kernel *k) {
  for (int i = 0; i < k->free_count; i++) {
    const struct ir_var *v = k->free[i];
    if (v->type.rank == 0) {
      kb_scalar(e, kb, v);
    } else {
      kb_array(e, kb, v);
    }
  }
}

/* The arguments of a kernel over a SOAC's elements (after its sizes): the SOAC's
 * inputs, the outputs `outs` and the lambdas' free variables. */
void kb_soac_args(struct emitter *e, struct kbuild *kb, const struct ir_soac *so,
                  struct ir_var *const *outs, int out_count, const struct lower_kernel *k) {
  for (int i = 0; i < so->input_count; i++) {
    kb_array(e, kb, so->inputs[i]);
  }
  for (int i = 0; i < out_count; i++) {
    kb_array(e, kb, outs[i]);
  }
  kb_free_vars(e, kb, k);
}

/* Emits the kernel: `__kernel void NAME(params) { prologue body }`; the body is what
 * host-mode emission wrote into `body` meanwhile. */
static void kb_finish(struct emitter *e, struct kbuild *kb, struct strbuf *body) {
  struct strbuf *src = &cl_state(e)->source;
  /* A build of one kernel has only that kernel; a kernel built alone is in no other
   * (Note [kernels built alone] in rts/opencl/opencl.c). */
  if (kb->alone) {
    strbuf_printf(src, "#ifdef RTS_ONLY_%s\n", kb->name);
  } else {
    strbuf_printf(src, "#if !defined(RTS_ONLY) || defined(RTS_ONLY_%s)\n", kb->name);
  }
  strbuf_printf(src, "__kernel void %s(%s) {\n", kb->name, kb->params.data);
  strbuf_puts(src, kb->prologue.data != NULL ? kb->prologue.data : "");
  strbuf_puts(src, body->data != NULL ? body->data : "");
  strbuf_puts(src, "}\n#endif\n\n");
  strbuf_free(&kb->params);
  strbuf_free(&kb->prologue);
}

static void kernel_begin(struct emitter *e, struct kmode *m, struct strbuf *into,
                         const char *fail_action) {
  m->saved_body = e->body;
  m->saved_indent = e->indent;
  m->saved_action = cl_state(e)->fail_action;
  e->body = *into;
  e->indent = 1;
  cl_state(e)->in_kernel = true;
  cl_state(e)->fail_action = fail_action;
  e->narrow_code = cl_state(e)->nidx != NULL;
}

static void kernel_end(struct emitter *e, struct kmode *m, struct strbuf *into) {
  *into = e->body;
  e->body = m->saved_body;
  e->indent = m->saved_indent;
  cl_state(e)->in_kernel = false;
  cl_state(e)->fail_action = m->saved_action;
  e->narrow_code = false;
}

/* The launch of kernel kb over `groups` work-groups of kb->group_size work-items
 * (RTS_GROUP unless set). */
void launch(struct emitter *e, const struct kbuild *kb, const char *groups) {
  const char *g = emit_c_tmp(e), *l = emit_c_tmp(e);
  const char *size = kb->group_size != NULL ? kb->group_size : "RTS_GROUP";
  emit_c_line(e, "const size_t %s = (size_t)(%s), %s = (size_t)(%s) * %s;", l, size, g, groups,
              l);
  emit_c_try(e, "rts_cl_launch(ctx, ctx->cl, %s, 1, &%s, &%s, %s)", kb->launch_index, g, l,
             e->where);
}

/* Kernel code from here on goes to the kernel's body. */
void kb_body(struct emitter *e, struct kbuild *kb) {
  strbuf_init(&kb->body);
  kernel_begin(e, &kb->mode, &kb->body, "return;");
}

/* Ends the kernel's body, emits the kernel and launches it over `groups` groups. */
void kb_launch(struct emitter *e, struct kbuild *kb, const char *groups) {
  kernel_end(e, &kb->mode, &kb->body);
  kb_finish(e, kb, &kb->body);
  strbuf_free(&kb->body);
  launch(e, kb, groups);
}

const struct kir_kernel *cl_kir(const struct lower_kernel *k, const char *suffix) {
  for (int i = 0; i < k->kernel_count; i++) {
    if (strcmp(k->kernels[i].suffix, suffix) == 0) {
      return &k->kernels[i];
    }
  }
  diag_ice("emit_opencl", (struct loc){0}, "lowering planned no kernel of role \"%s\" for %d",
           suffix, k->id);
}

/* The loop over elements `i` of [0, n) shared by the one-element-per-item kernels. */
void open_grid_loop(struct emitter *e, const char *i, const char *n) {
  emit_c_line(e, "for (long %s = get_global_id(0); %s < %s; %s += get_global_size(0)) {", i, i, n,
          i);
  e->indent++;
}

void close_loop(struct emitter *e) {
  e->indent--;
  emit_c_line(e, "}");
}

/* Stores scalar results `res` at position i of the outputs `outs` (views). */
void store_results(struct emitter *e, struct ir_var *const *outs, int n,
                   const char *const *res, const char *i) {
  for (int r = 0; r < n; r++) {
    const struct cl_view *w = cl_view_of(e, outs[r]);
    emit_c_line(e, "%s[%s] = (%s)%s;", w->ptr, i, cl_elem_type(outs[r]->type.prim), res[r]);
  }
}

const char **declare_results(struct emitter *e, const struct ir_type *ts, int n) {
  const char **res = ARENA_ARRAY(&e->arena, const char *, n + 1);
  for (int r = 0; r < n; r++) {
    res[r] = emit_c_tmp(e);
    emit_c_line(e, "%s %s;", emit_c_elem_type(ts[r].prim), res[r]);
  }
  return res;
}
