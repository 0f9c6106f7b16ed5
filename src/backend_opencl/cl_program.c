/* The OpenCL backend's program: the dispatch of a planned host statement to its kernel
 * form, the OpenCL runtime pasted into the host code, and the kernels' program, their
 * names and their failure messages as C tables.
 */
#include <string.h>

#include "backend_opencl/cl_internal.h"

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

/* ------------------------------------------------------------ Dispatch */

/* A bound of the narrow variables on the host, each term once (memo: term -> C). */
static const char *emit_term(struct emitter *e, struct ptrmap *memo, const struct kir_term *t) {
  static const char *const functions[] = {
      [KIR_TERM_ADD] = "rts_sat_add", [KIR_TERM_SUB] = "rts_sat_sub",
      [KIR_TERM_MUL] = "rts_sat_mul", [KIR_TERM_DIV] = "rts_sat_div",
      [KIR_TERM_MIN] = "rts_sat_min", [KIR_TERM_MAX] = "rts_sat_max",
  };
  if (t->op == KIR_TERM_CONST) {
    return emit_c_printf(e, "INT64_C(%lld)", (long long)t->c);
  }
  if (t->op == KIR_TERM_VAR) {
    return emit_c_printf(e, "(int64_t)%s", emit_c_var(e, t->var));
  }
  const char *name = ptrmap_get(memo, t);
  if (name == NULL) {
    const char *a = emit_term(e, memo, t->a), *b = emit_term(e, memo, t->b);
    name = emit_c_tmp(e);
    emit_c_line(e, "const int64_t %s = %s(%s, %s);", name, functions[t->op], a, b);
    ptrmap_put(memo, t, (void *)name);
  }
  return name;
}

/* Before a statement's launches: whether its narrow variables fit in 32 bits (Note
 * [narrow indices] in src/lower/ranges.c), as the offset of its kernels' indices. */
static void narrow_check(struct emitter *e, const struct kir_narrow *n) {
  struct ptrmap memo;
  ptrmap_init(&memo, &e->arena);
  const char *lo = n->lo != NULL ? emit_term(e, &memo, n->lo) : "INT64_C(0)";
  const char *hi = n->hi != NULL ? emit_term(e, &memo, n->hi) : "INT64_C(0)";
  const char *nonneg = n->nonneg != NULL ? emit_term(e, &memo, n->nonneg) : "INT64_C(0)";
  const char *nidx = emit_c_tmp(e);
  emit_c_line(e, "const int %s = rts_cl_narrow(%s, %s, %s) ? 0 : ctx->cl->kernel_count;", nidx,
              lo, hi, nonneg);
  cl_state(e)->nidx = nidx;
  for (int i = 0; i < n->var_count; i++) {
    e->vars[n->vars[i]->id].narrow = true;
  }
}

static void narrow_end(struct emitter *e, const struct kir_narrow *n) {
  cl_state(e)->nidx = NULL;
  for (int i = 0; i < n->var_count; i++) {
    e->vars[n->vars[i]->id].narrow = false;
  }
}

void emit_cl_kernel_stm(struct emitter *e, const struct ir_stm *s,
                        const struct lower_kernel *k) {
  cl_set_where(e, s);
  emit_c_line(e, "{");
  e->indent++;
  if (k->narrow.var_count > 0) {
    narrow_check(e, &k->narrow);
  }
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
  case LOWER_ROWS:
    emit_rows(e, s, k);
    break;
  case LOWER_TRANSPOSE:
    emit_transpose(e, s, k);
    break;
  }
  narrow_end(e, &k->narrow);
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
  static const char *const host_files[] = {"opencl.h", "bounds.h", "mirror.h", "opencl.c",
                                           "mirror.c"};
  for (size_t i = 0; i < sizeof host_files / sizeof *host_files; i++) {
    strbuf_printf(out, "/* ---- rts/opencl/%s ---- */\n", host_files[i]);
    emit_c_paste_lines(out, cl_rts_file(host_files[i]));
  }
}

/* The kernels' program, one string a line: the scalar functions, the prelude, the
 * kernels. */
void emit_cl_program_tables(struct emitter *e, struct strbuf *out) {
  struct emit_cl *cl = cl_state(e);
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
  strbuf_puts(out, "static const bool rts_cl_kernel_alone[] = {\n");
  for (int i = 0; i < cl->alone_count; i++) {
    strbuf_printf(out, "  %s,\n", cl->kernel_alone[i]);
  }
  strbuf_puts(out, "  false\n};\n");
  strbuf_printf(out, "#define RTS_CL_KERNEL_COUNT %d\n\n", cl->kernel_count);
  strbuf_puts(out, "static const char *const rts_cl_messages[] = {\n");
  for (int i = 0; i < cl->message_count; i++) {
    string_table_line(out, cl->messages[i]);
    strbuf_puts(out, ",\n");
  }
  strbuf_puts(out, "  NULL\n};\n");
  strbuf_printf(out, "#define RTS_CL_MESSAGE_COUNT %d\n\n", cl->message_count);
}

/* ------------------------------------------------------------ The backend */

/* A host statement that lowering planned kernels for, or a device array operation. */
static bool host_stm(struct emitter *e, const struct ir_stm *s,
                     void (*host)(struct emitter *e, const struct ir_stm *s)) {
  /* the kernel IR of s (lower.h: the plan's table), read, not computed */
  const struct lower_kernel *kernel = ptrmap_get(&cl_state(e)->plan->kernels, s);
  if (kernel != NULL) {
    emit_cl_kernel_stm(e, s, kernel);
    return true;
  }
  return emit_cl_device_stm(e, s, host);
}

/* Checks in kernel code fail as kernels do; host code keeps the C backend's. */
static bool check(struct emitter *e, const char *cond, const char *message,
                  const char *value) {
  if (!cl_state(e)->in_kernel) {
    return false;
  }
  if (value != NULL) {
    emit_cl_check_value(e, cond, message, value);
  } else {
    emit_cl_check(e, cond, message);
  }
  return true;
}

/* What the OpenCL backend changes in the C backend's host code and API. */
static const struct emit_target opencl_target = {
    .name = "opencl",
    .api_docs = " and docs/opencl.md",
    .preamble = "#define RTS_OPENCL 1\n",
    .host_stm = host_stm,
    .before_host_stm = emit_cl_before_host_stm,
    .after_host_stm = emit_cl_after_host_stm,
    .after_nested_apply = emit_cl_after_nested_apply,
    .check = check,
    .paste_rts = emit_cl_paste_rts,
    .program_tables = emit_cl_program_tables,
    .api_includes = emit_cl_api_includes,
    .api_declarations = emit_cl_api_declarations,
    .define_context = emit_cl_define_context,
    .declare_raw = emit_cl_declare_raw,
    .define_values_raw = emit_cl_define_values_raw,
    .values_prologue = emit_cl_values_prologue,
    .entry_before_call = emit_cl_entry_before_call,
    .entry_after_call = emit_cl_entry_after_call,
    .glue_after_call = emit_cl_glue_after_call,
    .glue_before_outputs = emit_cl_glue_before_outputs,
};

void emit_opencl_program(const struct ir_program *p, const struct lower_plan *plan,
                         const struct emit_c_options *o, struct strbuf *c_out,
                         struct strbuf *h_out, struct strbuf *json_out) {
  struct emit_cl cl;
  emit_cl_init(&cl, p, plan);
  struct emit_c_options with_target = *o;
  with_target.target = &opencl_target;
  with_target.target_state = &cl;
  emit_c_program(p, &with_target, c_out, h_out, json_out);
  emit_cl_free(&cl);
}
