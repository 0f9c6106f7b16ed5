/* The C API of a generated program (DESIGN.md section 3), modelled on Futhark's:
 * the header's declarations, the context and array functions, one wrapper per entry
 * point, the executable's entry-point table and main(), and the JSON manifest.
 *
 * An entry point is wrapped twice. The internal `entry_NAME` takes the arguments as
 * internal arrays (borrowed), computes the size parameters from the first argument
 * whose type names them, checks every argument dimension that the type fixes (a size
 * variable or a constant), and calls the IR function with references of its own. The
 * public `PREFIX_entry_NAME` checks for NULL pointers, allocates the result structs
 * before the call (so nothing can fail after it) and calls `entry_NAME`. The
 * executable's glue converts values read by rts/c/values.c into arrays and back and
 * times the call alone.
 */
#include <ctype.h>
#include <string.h>

#include "backend_c/emit_internal.h"
#include "config.h"

/* An array type of the API: element type and rank. */
struct api_type {
  enum prim_type prim;
  int rank;
};

/* ------------------------------------------------------------------ Names */

static const char *prefix(struct emitter *e) {
  return e->opts->prefix != NULL ? e->opts->prefix : "prism";
}

static const char *upper_prefix(struct emitter *e) {
  const char *p = prefix(e);
  size_t n = strlen(p);
  char *s = arena_alloc(&e->arena, n + 1);
  for (size_t i = 0; i < n; i++) {
    s[i] = (char)toupper((unsigned char)p[i]);
  }
  return s;
}

/* prism_f32_2d */
static const char *type_name(struct emitter *e, struct api_type t) {
  return emit_c_printf(e, "%s_%s_%dd", prefix(e), prim_name(t.prim), t.rank);
}

/* "[][]f32" */
static const char *type_text(struct emitter *e, struct ir_type t) {
  struct strbuf b;
  strbuf_init(&b);
  for (int i = 0; i < t.rank; i++) {
    strbuf_puts(&b, "[]");
  }
  strbuf_puts(&b, prim_name(t.prim));
  const char *s = emit_c_printf(e, "%s", b.data);
  strbuf_free(&b);
  return s;
}

static const char *rts_prim(struct emitter *e, enum prim_type t) {
  const char *name = prim_name(t);
  size_t n = strlen(name);
  char *s = arena_alloc(&e->arena, n + 1);
  for (size_t i = 0; i < n; i++) {
    s[i] = (char)toupper((unsigned char)name[i]);
  }
  return emit_c_printf(e, "RTS_PRIM_%s", s);
}

/* The entry point's name as the user wrote it (for messages, the table, JSON). */
static const char *entry_name(const struct ir_fun *f) {
  return f->entry->name != NULL ? f->entry->name : f->name;
}

/* The entry point's name in C identifiers (a name like main' becomes main_). */
static const char *entry_cname(struct emitter *e, const struct ir_fun *f) {
  return emit_c_identifier(e, entry_name(f));
}

/* Note [Entry points with the same C name]
 *
 * An entry point's C name is its name with every character that C does not allow in
 * identifiers made '_' (entry_cname), so that `step'` is PREFIX_entry_step_: readable,
 * and what a user of Futhark expects. Two names can meet there (`f'` and `f_`, `g''`
 * and `g'_`); their functions (PREFIX_entry_NAME, and the internal entry_NAME,
 * glue_NAME, inputs_NAME and outputs_NAME) would be defined twice and the C would not
 * compile, or, with --library, prismc would write a library that does not build. So
 * such a pair is a compile error at the second entry point, with a note at the first:
 * rename one. Other generated names cannot meet an entry point's: the runtime's are
 * rts_ and RTS_, the program's functions fun_NAME_ID, and --prefix may not be one of
 * those namespaces (Note [Prefixes] in src/driver.c). */
void emit_c_check_entry_names(struct emitter *e) {
  const struct ir_program *p = e->prog;
  for (int i = 0; i < p->fun_count; i++) {
    const struct ir_fun *f = p->funs[i];
    if (f->entry == NULL) {
      continue;
    }
    const char *cname = entry_cname(e, f);
    for (int j = 0; j < i; j++) {
      const struct ir_fun *g = p->funs[j];
      if (g->entry == NULL || strcmp(entry_cname(e, g), cname) != 0) {
        continue;
      }
      diag_error(f->entry->name_loc,
                 "the entry points '%s' and '%s' have the same C name %s_entry_%s",
                 entry_name(g), entry_name(f), prefix(e), cname);
      diag_note(g->entry->name_loc, "the entry point '%s' is here; rename one of them",
                entry_name(g));
      diag_abort();
    }
  }
}

/* A C string literal of s (names and type texts: printable ASCII in practice). */
static const char *literal(struct emitter *e, const char *s) {
  struct strbuf b;
  strbuf_init(&b);
  strbuf_putc(&b, '"');
  for (const char *p = s != NULL ? s : ""; *p != '\0'; p++) {
    if (*p == '"' || *p == '\\' || *p == '?') {
      strbuf_putc(&b, '\\');
    }
    if ((unsigned char)*p < 0x20) {
      strbuf_printf(&b, "\\%03o", (unsigned char)*p);
    } else {
      strbuf_putc(&b, *p);
    }
  }
  strbuf_putc(&b, '"');
  const char *r = emit_c_printf(e, "%s", b.data);
  strbuf_free(&b);
  return r;
}

/* --------------------------------------------------------- Entry points */

static bool is_entry(const struct ir_fun *f) {
  return f->entry != NULL;
}

/* The IR parameters that are API inputs, in order. */
static int entry_inputs(const struct ir_fun *f, const struct ir_var **inputs) {
  int n = 0;
  for (int i = 0; i < f->param_count; i++) {
    if (f->entry->param_is_size == NULL || !f->entry->param_is_size[i]) {
      inputs[n++] = f->params[i];
    }
  }
  return n;
}

/* The array types that entry points take or give, each once, in order of use. */
static int api_types(struct emitter *e, struct api_type *out, int cap) {
  int n = 0;
  for (int i = 0; i < e->prog->fun_count; i++) {
    const struct ir_fun *f = e->prog->funs[i];
    if (!is_entry(f)) {
      continue;
    }
    for (int j = 0; j < f->param_count + f->ret_count; j++) {
      struct ir_type t = j < f->param_count ? f->params[j]->type : f->ret[j - f->param_count];
      bool seen = t.rank == 0 || (j < f->param_count && f->entry->param_is_size != NULL &&
                                  f->entry->param_is_size[j]);
      for (int k = 0; k < n && !seen; k++) {
        seen = out[k].prim == t.prim && out[k].rank == t.rank;
      }
      if (!seen && n < cap) {
        out[n++] = (struct api_type){t.prim, t.rank};
      }
    }
  }
  return n;
}

static int max_types(struct emitter *e) {
  int n = 1;
  for (int i = 0; i < e->prog->fun_count; i++) {
    n += e->prog->funs[i]->param_count + e->prog->funs[i]->ret_count;
  }
  return n;
}

/* One parameter of the public entry function. */
static const char *public_param(struct emitter *e, struct ir_type t, bool output, int i) {
  if (t.rank == 0) {
    return output ? emit_c_printf(e, "%s *out%d", emit_c_elem_type(t.prim), i)
                  : emit_c_printf(e, "const %s in%d", emit_c_elem_type(t.prim), i);
  }
  const char *name = type_name(e, (struct api_type){t.prim, t.rank});
  return output ? emit_c_printf(e, "struct %s **out%d", name, i)
                : emit_c_printf(e, "const struct %s *in%d", name, i);
}

static void entry_prototype(struct emitter *e, const struct ir_fun *f, struct strbuf *out) {
  const struct ir_var **inputs = ARENA_ARRAY(&e->arena, const struct ir_var *, f->param_count + 1);
  int n = entry_inputs(f, inputs);
  strbuf_printf(out, "int %s_entry_%s(struct %s_context *ctx", prefix(e), entry_cname(e, f),
                prefix(e));
  for (int i = 0; i < f->ret_count; i++) {
    strbuf_printf(out, ", %s", public_param(e, f->ret[i], true, i));
  }
  for (int i = 0; i < n; i++) {
    strbuf_printf(out, ", %s", public_param(e, inputs[i]->type, false, i));
  }
  strbuf_puts(out, ")");
}

/* ------------------------------------------------------------- Header */

static void declare_array_type(struct emitter *e, struct api_type t, struct strbuf *out) {
  const char *name = type_name(e, t), *p = prefix(e), *c = emit_c_elem_type(t.prim);
  strbuf_printf(out, "struct %s;\n", name);
  strbuf_printf(out, "struct %s *%s_new_%s_%dd(struct %s_context *ctx, const %s *data", name, p,
                prim_name(t.prim), t.rank, p, c);
  for (int d = 0; d < t.rank; d++) {
    strbuf_printf(out, ", int64_t dim%d", d);
  }
  strbuf_puts(out, ");\n");
  strbuf_printf(out, "int %s_free_%s_%dd(struct %s_context *ctx, struct %s *arr);\n", p,
                prim_name(t.prim), t.rank, p, name);
  strbuf_printf(out, "int %s_values_%s_%dd(struct %s_context *ctx, struct %s *arr, %s *data);\n",
                p, prim_name(t.prim), t.rank, p, name, c);
  strbuf_printf(out, "const int64_t *%s_shape_%s_%dd(struct %s_context *ctx, struct %s *arr);\n",
                p, prim_name(t.prim), t.rank, p, name);
  if (EMIT_HOOK(e, declare_raw)) {
    e->target->declare_raw(out, p, name,
                           emit_c_printf(e, "%s_%dd", prim_name(t.prim), t.rank), t.rank);
  }
  strbuf_puts(out, "\n");
}

void emit_c_api_declarations(struct emitter *e, struct strbuf *out) {
  const char *p = prefix(e), *P = upper_prefix(e);
  strbuf_printf(out,
                "/* The C API of %s (generated by prismc %s; see docs/c-api.md%s of Prism).\n"
                " * Every function returns an error code, or NULL with the error in the\n"
                " * context; %s_context_get_error returns the message (free it). */\n",
                e->opts->source_name != NULL ? e->opts->source_name : "a Prism program",
                PACKAGE_VERSION, EMIT_HOOK(e, api_docs) ? e->target->api_docs : "", p);
  strbuf_printf(out, "#ifndef %s_API_H\n#define %s_API_H\n\n", P, P);
  strbuf_puts(out, "#include <stdbool.h>\n#include <stdint.h>\n#include <stdio.h>\n\n");
  if (EMIT_HOOK(e, api_includes)) {
    e->target->api_includes(out);
  }
  strbuf_puts(out, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  strbuf_printf(out,
                "#define %s_SUCCESS 0\n#define %s_PROGRAM_ERROR 2\n#define %s_OUT_OF_MEMORY 3\n"
                "#define %s_INVALID_ARGUMENT 4\n\n",
                P, P, P, P);
  strbuf_printf(out,
                "struct %s_context_config;\n"
                "struct %s_context_config *%s_context_config_new(void);\n"
                "void %s_context_config_free(struct %s_context_config *cfg);\n"
                "void %s_context_config_set_device(struct %s_context_config *cfg, "
                "const char *name);\n"
                "struct %s_context;\n"
                "struct %s_context *%s_context_new(struct %s_context_config *cfg);\n"
                "void %s_context_free(struct %s_context *ctx);\n"
                "char *%s_context_get_error(struct %s_context *ctx);\n"
                "int %s_context_sync(struct %s_context *ctx);\n\n",
                p, p, p, p, p, p, p, p, p, p, p, p, p, p, p, p, p);
  if (EMIT_HOOK(e, api_declarations)) {
    e->target->api_declarations(out, p, P);
  }
  struct api_type *types = ARENA_ARRAY(&e->arena, struct api_type, max_types(e));
  int n = api_types(e, types, max_types(e));
  for (int i = 0; i < n; i++) {
    declare_array_type(e, types[i], out);
  }
  for (int i = 0; i < e->prog->fun_count; i++) {
    if (is_entry(e->prog->funs[i])) {
      entry_prototype(e, e->prog->funs[i], out);
      strbuf_puts(out, ";\n");
    }
  }
  strbuf_puts(out, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n\n");
}

/* ------------------------------------------------ Context and arrays */

static void define_context(struct emitter *e, struct strbuf *out) {
  const char *p = prefix(e);
  if (EMIT_HOOK(e, define_context)) {
    e->target->define_context(e, out, p);
    return;
  }
  strbuf_printf(out,
                "struct %s_context_config {\n  int unused;\n};\n\n"
                "struct %s_context_config *%s_context_config_new(void) {\n"
                "  return calloc(1, sizeof(struct %s_context_config));\n}\n\n"
                "void %s_context_config_free(struct %s_context_config *cfg) {\n"
                "  free(cfg);\n}\n\n"
                "void %s_context_config_set_device(struct %s_context_config *cfg, "
                "const char *name) {\n  (void)cfg;\n  (void)name;\n}\n\n",
                p, p, p, p, p, p, p, p);
  strbuf_printf(out,
                "struct %s_context {\n  struct rts_context rts;\n};\n\n"
                "struct %s_context *%s_context_new(struct %s_context_config *cfg) {\n"
                "  struct %s_context *ctx = malloc(sizeof *ctx);\n  (void)cfg;\n"
                "  if (ctx != NULL) {\n    rts_context_init(&ctx->rts);\n  }\n"
                "  return ctx;\n}\n\n"
                "void %s_context_free(struct %s_context *ctx) {\n"
                "  if (ctx != NULL) {\n    rts_context_release(&ctx->rts);\n    free(ctx);\n"
                "  }\n}\n\n"
                "char *%s_context_get_error(struct %s_context *ctx) {\n"
                "  return ctx != NULL ? rts_take_error(&ctx->rts) : NULL;\n}\n\n"
                "int %s_context_sync(struct %s_context *ctx) {\n"
                "  return ctx != NULL ? RTS_SUCCESS : RTS_INVALID_ARGUMENT;\n}\n\n",
                p, p, p, p, p, p, p, p, p, p, p);
}

/* PREFIX_new_T_Nd, from host data; with `raw` (a target's raw buffers: OpenCL's),
 * PREFIX_new_raw_T_Nd, from the application's buffer (Note [raw buffers] of the OpenCL
 * backend's API). */
static void define_array_new(struct emitter *e, struct api_type t, bool raw, struct strbuf *out) {
  const char *name = type_name(e, t), *p = prefix(e), *c = emit_c_elem_type(t.prim);
  const char *fn = emit_c_printf(e, raw ? "%s_new_raw_%s_%dd" : "%s_new_%s_%dd", p,
                                 prim_name(t.prim), t.rank);
  strbuf_printf(out, "struct %s *%s(struct %s_context *ctx, ", name, fn, p);
  strbuf_printf(out, raw ? "cl_mem data, int64_t offset" : "const %s *data", c);
  struct strbuf dims;
  strbuf_init(&dims);
  for (int d = 0; d < t.rank; d++) {
    strbuf_printf(out, ", int64_t dim%d", d);
    strbuf_printf(&dims, "%sdim%d", d > 0 ? ", " : "", d);
  }
  strbuf_printf(out,
                ") {\n  const int64_t shape[%d] = {%s};\n  struct %s *arr;\n"
                "  if (ctx == NULL) {\n    return NULL;\n  }\n",
                t.rank, dims.data, name);
  if (raw) {
    strbuf_printf(out,
                  "  if (!ctx->ready) {\n    (void)rts_api_no_device(&ctx->rts, \"%s\");\n"
                  "    return NULL;\n  }\n",
                  fn);
  }
  strbuf_printf(out,
                "  arr = malloc(sizeof *arr);\n"
                "  if (arr == NULL) {\n"
                "    rts_error(&ctx->rts, RTS_OUT_OF_MEMORY, \"%s: out of memory\");\n"
                "    return NULL;\n  }\n"
                "  if (%s(&ctx->rts, \"%s\", &arr->arr.mem, &arr->arr.data, data, %s"
                "sizeof(%s), %d, shape) != 0) {\n    free(arr);\n    return NULL;\n  }\n"
                "  memcpy(arr->arr.shape, shape, sizeof shape);\n  return arr;\n}\n\n",
                fn, raw ? "rts_api_new_raw" : "rts_api_new", fn, raw ? "offset, " : "", c,
                t.rank);
  strbuf_free(&dims);
}

static void define_array_type(struct emitter *e, struct api_type t, struct strbuf *out) {
  const char *name = type_name(e, t), *p = prefix(e), *c = emit_c_elem_type(t.prim);
  const char *suffix = emit_c_printf(e, "%s_%dd", prim_name(t.prim), t.rank);
  strbuf_printf(out, "struct %s {\n  %s arr;\n};\n\n", name, emit_c_arr_type(e, t.rank));
  define_array_new(e, t, false, out);
  strbuf_printf(out,
                "int %s_free_%s(struct %s_context *ctx, struct %s *arr) {\n"
                "  if (ctx == NULL) {\n    return RTS_INVALID_ARGUMENT;\n  }\n"
                "  if (arr != NULL) {\n    rts_unref(&ctx->rts, arr->arr.mem);\n"
                "    free(arr);\n  }\n  return RTS_SUCCESS;\n}\n\n",
                p, suffix, p, name);
  strbuf_printf(out,
                "int %s_values_%s(struct %s_context *ctx, struct %s *arr, %s *data) {\n"
                "  if (ctx == NULL) {\n    return RTS_INVALID_ARGUMENT;\n  }\n"
                "%s"
                "  return rts_api_values(&ctx->rts, \"%s_values_%s\", arr != NULL ? "
                "arr->arr.data : NULL, data, sizeof(%s), %d, arr != NULL ? arr->arr.shape : "
                "NULL);\n}\n\n",
                p, suffix, p, name, c,
                EMIT_HOOK(e, values_prologue) ? e->target->values_prologue : "",
                p, suffix, c, t.rank);
  strbuf_printf(out,
                "const int64_t *%s_shape_%s(struct %s_context *ctx, struct %s *arr) {\n"
                "  (void)ctx;\n  return arr != NULL ? arr->arr.shape : NULL;\n}\n\n",
                p, suffix, p, name);
  if (EMIT_HOOK(e, define_values_raw)) {
    define_array_new(e, t, true, out);
    e->target->define_values_raw(out, p, name, suffix, c, t.rank);
  }
}

/* --------------------------------------------------- Entry wrappers */

/* The value of dimension `d` as C text inside entry_NAME: a size parameter, a scalar
 * argument, or a constant; NULL when the type leaves it unknown. */
static const char *dim_value(struct emitter *e, const struct ir_fun *f,
                             const struct ir_var **inputs, int n, struct ir_subexp d) {
  if (d.kind == IR_SE_CONST) {
    return emit_c_subexp(e, d);
  }
  if (d.kind != IR_SE_VAR) {
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    if (inputs[i] == d.u.var) {
      return emit_c_printf(e, "in%d", i);
    }
  }
  for (int i = 0; i < f->param_count; i++) {
    if (f->params[i] == d.u.var) {
      return emit_c_var(e, d.u.var);
    }
  }
  return NULL;
}

/* Sets each size parameter from the first argument whose type names it. */
static void compute_sizes(struct emitter *e, const struct ir_fun *f,
                          const struct ir_var **inputs, int n, struct strbuf *out) {
  for (int i = 0; i < f->param_count; i++) {
    if (f->entry->param_is_size == NULL || !f->entry->param_is_size[i]) {
      continue;
    }
    const char *from = "0";
    for (int k = 0; k < n && strcmp(from, "0") == 0; k++) {
      for (int d = 0; d < inputs[k]->type.rank; d++) {
        struct ir_subexp dim = inputs[k]->type.dims[d];
        if (dim.kind == IR_SE_VAR && dim.u.var == f->params[i]) {
          from = emit_c_printf(e, "in%d->shape[%d]", k, d);
          break;
        }
      }
    }
    strbuf_printf(out, "  const int64_t %s = %s;\n", emit_c_var(e, f->params[i]), from);
  }
}

/* The check of argument k's shape against its type. */
static void check_argument(struct emitter *e, const struct ir_fun *f,
                           const struct ir_var **inputs, int n, int k, struct strbuf *out) {
  const struct ir_var *x = inputs[k];
  struct strbuf cond, names, values;
  strbuf_init(&cond);
  strbuf_init(&names);
  strbuf_init(&values);
  int bindings = 0;
  for (int d = 0; d < x->type.rank; d++) {
    const char *v = dim_value(e, f, inputs, n, x->type.dims[d]);
    if (v == NULL) {
      continue;
    }
    strbuf_printf(&cond, "%sin%d->shape[%d] != (int64_t)%s", cond.len > 0 ? " || " : "", k, d,
                  v);
    bool listed = false; /* [n][n]: n is named once */
    for (int d2 = 0; d2 < d; d2++) {
      listed = listed || (x->type.dims[d2].kind == IR_SE_VAR &&
                          ir_subexp_equal(x->type.dims[d2], x->type.dims[d]));
    }
    if (x->type.dims[d].kind == IR_SE_VAR && !listed) {
      strbuf_printf(&names, "%s%s", bindings > 0 ? ", " : "",
                    literal(e, x->type.dims[d].u.var->name));
      strbuf_printf(&values, "%s(int64_t)%s", bindings > 0 ? ", " : "", v);
      bindings++;
    }
  }
  if (cond.len > 0) {
    const struct ir_entry_value *ev = &f->entry->inputs[k];
    strbuf_printf(out,
                  "  if (%s) {\n    return rts_argument_shape_error(ctx, %s, %d, %s, %d, "
                  "in%d->shape, %s, %d, %s, %s);\n  }\n",
                  cond.data, literal(e, entry_name(f)), k + 1, literal(e, ev->name),
                  x->type.rank, k,
                  literal(e, ev->shape_text != NULL ? ev->shape_text
                             : ev->type_text != NULL ? ev->type_text
                                                     : "?"),
                  bindings,
                  bindings > 0 ? emit_c_printf(e, "(const char *const[]){%s}", names.data)
                               : "NULL",
                  bindings > 0 ? emit_c_printf(e, "(const int64_t[]){%s}", values.data)
                               : "NULL");
  }
  strbuf_free(&cond);
  strbuf_free(&names);
  strbuf_free(&values);
}

static void define_entry_impl(struct emitter *e, const struct ir_fun *f, struct strbuf *out) {
  const struct ir_var **inputs = ARENA_ARRAY(&e->arena, const struct ir_var *, f->param_count + 1);
  int n = entry_inputs(f, inputs);
  strbuf_printf(out, "static int entry_%s(struct rts_context *ctx", entry_cname(e, f));
  for (int i = 0; i < f->ret_count; i++) {
    strbuf_printf(out, ", %s *out%d",
                  f->ret[i].rank == 0 ? emit_c_elem_type(f->ret[i].prim)
                                      : emit_c_arr_type(e, f->ret[i].rank),
                  i);
  }
  for (int i = 0; i < n; i++) {
    struct ir_type t = inputs[i]->type;
    strbuf_printf(out, t.rank == 0 ? ", %s in%d" : ", const %s *in%d",
                  t.rank == 0 ? emit_c_elem_type(t.prim) : emit_c_arr_type(e, t.rank), i);
  }
  strbuf_puts(out, ") {\n");
  compute_sizes(e, f, inputs, n, out);
  for (int k = 0; k < n; k++) {
    check_argument(e, f, inputs, n, k, out);
  }
  for (int k = 0; k < n; k++) {
    if (inputs[k]->type.rank > 0) {
      strbuf_printf(out, "  rts_ref(in%d->mem);\n", k);
    }
  }
  strbuf_printf(out, "  return %s(ctx", emit_c_fun_name(e, f));
  for (int i = 0; i < f->ret_count; i++) {
    strbuf_printf(out, ", out%d", i);
  }
  for (int i = 0, k = 0; i < f->param_count; i++) {
    if (f->entry->param_is_size != NULL && f->entry->param_is_size[i]) {
      strbuf_printf(out, ", %s", emit_c_var(e, f->params[i]));
    } else {
      strbuf_printf(out, inputs[k]->type.rank > 0 ? ", *in%d" : ", in%d", k);
      k++;
    }
  }
  strbuf_puts(out, ");\n}\n\n");
}

/* The public wrapper's checks of its pointers: every one is an invalid argument. */
static void check_pointers(const struct ir_fun *f, const struct ir_var **inputs, int n,
                           const char *fn, struct strbuf *out) {
  strbuf_puts(out, "  if (ctx == NULL) {\n    return RTS_INVALID_ARGUMENT;\n  }\n");
  for (int i = 0; i < f->ret_count; i++) {
    strbuf_printf(out,
                  "  if (out%d == NULL) {\n    return rts_error(&ctx->rts, "
                  "RTS_INVALID_ARGUMENT, \"%s: output %d is NULL\");\n  }\n",
                  i, fn, i);
  }
  for (int k = 0; k < n; k++) {
    if (inputs[k]->type.rank > 0) {
      strbuf_printf(out,
                    "  if (in%d == NULL) {\n    return rts_error(&ctx->rts, "
                    "RTS_INVALID_ARGUMENT, \"%s: argument %d is NULL\");\n  }\n",
                    k, fn, k + 1);
    }
  }
}

/* Allocates the structs of the array results before the call, so that nothing can
 * fail after it; `frees` receives the code that frees them again. */
static void alloc_results(struct emitter *e, const struct ir_fun *f, const char *fn,
                          struct strbuf *out, struct strbuf *frees) {
  struct strbuf any_null;
  strbuf_init(&any_null);
  for (int i = 0; i < f->ret_count; i++) {
    if (f->ret[i].rank > 0) {
      strbuf_printf(out, "  struct %s *r%d = calloc(1, sizeof *r%d);\n",
                    type_name(e, (struct api_type){f->ret[i].prim, f->ret[i].rank}), i, i);
      strbuf_printf(&any_null, "%sr%d == NULL", any_null.len > 0 ? " || " : "", i);
      strbuf_printf(frees, "    free(r%d);\n", i);
    }
  }
  if (any_null.len > 0) {
    strbuf_printf(out,
                  "  if (%s) {\n%s    return rts_error(&ctx->rts, RTS_OUT_OF_MEMORY, "
                  "\"%s: out of memory\");\n  }\n",
                  any_null.data, frees->data, fn);
  }
  strbuf_free(&any_null);
}

static void define_entry_public(struct emitter *e, const struct ir_fun *f, struct strbuf *out) {
  const struct ir_var **inputs = ARENA_ARRAY(&e->arena, const struct ir_var *, f->param_count + 1);
  int n = entry_inputs(f, inputs);
  const char *fn = emit_c_printf(e, "%s_entry_%s", prefix(e), entry_cname(e, f));
  entry_prototype(e, f, out);
  strbuf_puts(out, " {\n  int err;\n");
  check_pointers(f, inputs, n, fn, out);
  if (EMIT_HOOK(e, entry_before_call)) {
    e->target->entry_before_call(out, fn);
  }
  struct strbuf frees;
  strbuf_init(&frees);
  alloc_results(e, f, fn, out, &frees);
  strbuf_printf(out, "  err = entry_%s(&ctx->rts", entry_cname(e, f));
  for (int i = 0; i < f->ret_count; i++) {
    strbuf_printf(out, f->ret[i].rank > 0 ? ", &r%d->arr" : ", out%d", i);
  }
  for (int k = 0; k < n; k++) {
    strbuf_printf(out, inputs[k]->type.rank > 0 ? ", &in%d->arr" : ", in%d", k);
  }
  strbuf_puts(out, ");\n");
  if (EMIT_HOOK(e, entry_after_call)) {
    e->target->entry_after_call(f, out);
  }
  if (frees.len > 0) {
    strbuf_printf(out, "  if (err != 0) {\n%s    return err;\n  }\n", frees.data);
  }
  for (int i = 0; i < f->ret_count; i++) {
    if (f->ret[i].rank > 0) {
      strbuf_printf(out, "  *out%d = r%d;\n", i, i);
    }
  }
  strbuf_puts(out, "  return err;\n}\n\n");
  strbuf_free(&frees);
}

void emit_c_api_definitions(struct emitter *e, struct strbuf *out) {
  strbuf_puts(out, "/* ---- The C API ---- */\n\n");
  define_context(e, out);
  struct api_type *types = ARENA_ARRAY(&e->arena, struct api_type, max_types(e));
  int n = api_types(e, types, max_types(e));
  for (int i = 0; i < n; i++) {
    define_array_type(e, types[i], out);
  }
  for (int i = 0; i < e->prog->fun_count; i++) {
    const struct ir_fun *f = e->prog->funs[i];
    if (!is_entry(f)) {
      continue;
    }
    const struct ir_var **inputs =
        ARENA_ARRAY(&e->arena, const struct ir_var *, f->param_count + 1);
    if (entry_inputs(f, inputs) != f->entry->input_count ||
        f->entry->output_count != f->ret_count) {
      emit_c_unsupported(e, NULL, "an entry point whose inputs or outputs do not match");
    }
    define_entry_impl(e, f, out);
    define_entry_public(e, f, out);
  }
}

/* ------------------------------------------------ The executable */

static void glue_convert_inputs(struct emitter *e, const struct ir_var **inputs, int n,
                                struct strbuf *out) {
  for (int k = 0; k < n; k++) {
    struct ir_type t = inputs[k]->type;
    const char *c = emit_c_elem_type(t.prim);
    if (t.rank == 0) {
      strbuf_printf(out, "  memcpy(&a%d, in[%d].data, sizeof a%d);\n", k, k, k);
    } else {
      strbuf_printf(out,
                    "  if ((err = rts_arr_from_value(ctx, &a%d.mem, &a%d.data, a%d.shape, "
                    "&in[%d], sizeof(%s))) != 0) {\n    goto done;\n  }\n",
                    k, k, k, k, c);
    }
  }
}

static void glue_convert_outputs(struct emitter *e, const struct ir_fun *f, struct strbuf *out) {
  for (int i = 0; i < f->ret_count; i++) {
    struct ir_type t = f->ret[i];
    const char *c = emit_c_elem_type(t.prim);
    if (t.rank == 0) {
      strbuf_printf(out,
                    "  if ((err = rts_value_from_data(ctx, &out[%d], %s, 0, NULL, &r%d, "
                    "sizeof(%s))) != 0) {\n    goto done;\n  }\n",
                    i, rts_prim(e, t.prim), i, c);
    } else {
      strbuf_printf(out,
                    "  if ((err = rts_value_from_data(ctx, &out[%d], %s, %d, r%d.shape, "
                    "r%d.data, sizeof(%s))) != 0) {\n    goto done;\n  }\n",
                    i, rts_prim(e, t.prim), t.rank, i, i, c);
    }
  }
}

static void define_glue(struct emitter *e, const struct ir_fun *f, struct strbuf *out) {
  const struct ir_var **inputs = ARENA_ARRAY(&e->arena, const struct ir_var *, f->param_count + 1);
  int n = entry_inputs(f, inputs);
  strbuf_printf(out,
                "static int glue_%s(struct rts_context *ctx, const struct rts_value *in, "
                "struct rts_value *out, int64_t *usec) {\n  int err = 0;\n  int64_t start;\n",
                entry_cname(e, f));
  struct strbuf release;
  strbuf_init(&release);
  for (int k = 0; k < n; k++) {
    struct ir_type t = inputs[k]->type;
    strbuf_printf(out, "  %s a%d = {0};\n",
                  t.rank == 0 ? emit_c_elem_type(t.prim) : emit_c_arr_type(e, t.rank), k);
    if (t.rank > 0) {
      strbuf_printf(&release, "  if (a%d.mem != NULL) {\n    rts_unref(ctx, a%d.mem);\n  }\n",
                    k, k);
    }
  }
  for (int i = 0; i < f->ret_count; i++) {
    struct ir_type t = f->ret[i];
    strbuf_printf(out, "  %s r%d = {0};\n",
                  t.rank == 0 ? emit_c_elem_type(t.prim) : emit_c_arr_type(e, t.rank), i);
    if (t.rank > 0) {
      strbuf_printf(&release, "  if (r%d.mem != NULL) {\n    rts_unref(ctx, r%d.mem);\n  }\n",
                    i, i);
    }
  }
  strbuf_puts(out, "  (void)in;\n  (void)out;\n");
  glue_convert_inputs(e, inputs, n, out);
  strbuf_printf(out, "  start = rts_now_usec();\n  err = entry_%s(ctx", entry_cname(e, f));
  for (int i = 0; i < f->ret_count; i++) {
    strbuf_printf(out, ", &r%d", i);
  }
  for (int k = 0; k < n; k++) {
    strbuf_printf(out, inputs[k]->type.rank > 0 ? ", &a%d" : ", a%d", k);
  }
  strbuf_puts(out, ");\n");
  if (EMIT_HOOK(e, glue_after_call)) {
    e->target->glue_after_call(out);
  }
  strbuf_puts(out, "  *usec = rts_now_usec() - start;\n"
                   "  if (err != 0) {\n    goto done;\n  }\n");
  if (EMIT_HOOK(e, glue_before_outputs)) {
    e->target->glue_before_outputs(f, out);
  }
  glue_convert_outputs(e, f, out);
  strbuf_printf(out, "done:\n%s  return err;\n}\n\n", release.data != NULL ? release.data : "");
  strbuf_free(&release);
}

static void define_arg_types(struct emitter *e, const struct ir_fun *f, struct strbuf *out) {
  const struct ir_var **inputs = ARENA_ARRAY(&e->arena, const struct ir_var *, f->param_count + 1);
  int n = entry_inputs(f, inputs);
  if (n > 0) {
    strbuf_printf(out, "static const struct rts_arg_type inputs_%s[] = {\n", entry_cname(e, f));
    for (int k = 0; k < n; k++) {
      const struct ir_entry_value *ev = &f->entry->inputs[k];
      strbuf_printf(out, "    {%s, %s, %s, %d},\n", literal(e, ev->name),
                    literal(e, ev->type_text != NULL ? ev->type_text
                                                     : type_text(e, inputs[k]->type)),
                    rts_prim(e, inputs[k]->type.prim), inputs[k]->type.rank);
    }
    strbuf_puts(out, "};\n");
  }
  if (f->ret_count > 0) {
    strbuf_printf(out, "static const struct rts_arg_type outputs_%s[] = {\n", entry_cname(e, f));
    for (int i = 0; i < f->ret_count; i++) {
      strbuf_printf(out, "    {NULL, %s, %s, %d},\n", literal(e, type_text(e, f->ret[i])),
                    rts_prim(e, f->ret[i].prim), f->ret[i].rank);
    }
    strbuf_puts(out, "};\n");
  }
}

void emit_c_executable_main(struct emitter *e, struct strbuf *out) {
  strbuf_puts(out, "/* ---- The executable: glue between values and entry points ---- */\n\n");
  int count = 0;
  for (int i = 0; i < e->prog->fun_count; i++) {
    const struct ir_fun *f = e->prog->funs[i];
    if (is_entry(f)) {
      define_glue(e, f, out);
      define_arg_types(e, f, out);
      count++;
    }
  }
  if (count > 0) {
    strbuf_puts(out, "\nstatic const struct rts_entry_point rts_entry_points[] = {\n");
    for (int i = 0; i < e->prog->fun_count; i++) {
      const struct ir_fun *f = e->prog->funs[i];
      if (!is_entry(f)) {
        continue;
      }
      const char *name = entry_cname(e, f);
      strbuf_printf(out, "    {%s, %d, %s, %d, %s, glue_%s},\n", literal(e, entry_name(f)),
                    f->entry->input_count,
                    f->entry->input_count > 0 ? emit_c_printf(e, "inputs_%s", name) : "NULL",
                    f->ret_count,
                    f->ret_count > 0 ? emit_c_printf(e, "outputs_%s", name) : "NULL", name);
    }
    strbuf_puts(out, "};\n\n");
  }
  strbuf_printf(out,
                "int main(int argc, char **argv) {\n  return rts_main(argc, argv, %s, %d);\n}\n",
                count > 0 ? "rts_entry_points" : "NULL", count);
}

/* ------------------------------------------------------------ Manifest */

static void json_string(struct strbuf *out, const char *s) {
  strbuf_putc(out, '"');
  for (const char *p = s != NULL ? s : ""; *p != '\0'; p++) {
    unsigned char c = (unsigned char)*p;
    if (c == '"' || c == '\\') {
      strbuf_printf(out, "\\%c", c);
    } else if (c < 0x20) {
      strbuf_printf(out, "\\u%04x", c);
    } else {
      strbuf_putc(out, (char)c);
    }
  }
  strbuf_putc(out, '"');
}

static void manifest_entry(struct emitter *e, const struct ir_fun *f, struct strbuf *out) {
  const struct ir_var **inputs = ARENA_ARRAY(&e->arena, const struct ir_var *, f->param_count + 1);
  int n = entry_inputs(f, inputs);
  strbuf_puts(out, "    ");
  json_string(out, entry_name(f));
  strbuf_printf(out, ": {\n      \"cfun\": \"%s_entry_%s\",\n      \"inputs\": [", prefix(e),
                entry_cname(e, f));
  for (int k = 0; k < n; k++) {
    strbuf_printf(out, "%s\n        {\"name\": ", k > 0 ? "," : "");
    json_string(out, f->entry->inputs[k].name);
    strbuf_printf(out, ", \"type\": \"%s\", \"unique\": %s}", type_text(e, inputs[k]->type),
                  f->entry->inputs[k].unique ? "true" : "false");
  }
  strbuf_printf(out, "%s],\n      \"outputs\": [", n > 0 ? "\n      " : "");
  for (int i = 0; i < f->ret_count; i++) {
    strbuf_printf(out, "%s\n        {\"type\": \"%s\", \"unique\": %s}", i > 0 ? "," : "",
                  type_text(e, f->ret[i]), f->entry->outputs[i].unique ? "true" : "false");
  }
  strbuf_printf(out, "%s]\n    }", f->ret_count > 0 ? "\n      " : "");
}

static void manifest_type(struct emitter *e, struct api_type t, struct strbuf *out) {
  const char *p = prefix(e), *pn = prim_name(t.prim);
  struct ir_type it = {.prim = t.prim, .rank = t.rank};
  strbuf_printf(out,
                "    \"%s\": {\n      \"kind\": \"array\",\n      \"ctype\": \"struct %s *\",\n"
                "      \"rank\": %d,\n      \"elemtype\": \"%s\",\n      \"ops\": {\n"
                "        \"new\": \"%s_new_%s_%dd\",\n        \"free\": \"%s_free_%s_%dd\",\n"
                "        \"shape\": \"%s_shape_%s_%dd\",\n"
                "        \"values\": \"%s_values_%s_%dd\"",
                type_text(e, it), type_name(e, t), t.rank, pn, p, pn, t.rank, p, pn, t.rank, p,
                pn, t.rank, p, pn, t.rank);
  if (EMIT_HOOK(e, define_values_raw)) {
    strbuf_printf(out,
                  ",\n        \"new_raw\": \"%s_new_raw_%s_%dd\",\n"
                  "        \"values_raw\": \"%s_values_raw_%s_%dd\"",
                  p, pn, t.rank, p, pn, t.rank);
  }
  strbuf_puts(out, "\n      }\n    }");
}

void emit_c_manifest(struct emitter *e, struct strbuf *out) {
  strbuf_printf(out, "{\n  \"backend\": \"%s\",\n  \"version\": \"%s\",\n  \"source\": ",
                EMIT_HOOK(e, name) ? e->target->name : "c", PACKAGE_VERSION);
  json_string(out, e->opts->source_name);
  strbuf_puts(out, ",\n  \"entry_points\": {");
  int count = 0;
  for (int i = 0; i < e->prog->fun_count; i++) {
    if (is_entry(e->prog->funs[i])) {
      strbuf_puts(out, count++ > 0 ? ",\n" : "\n");
      manifest_entry(e, e->prog->funs[i], out);
    }
  }
  strbuf_printf(out, "%s},\n  \"types\": {", count > 0 ? "\n  " : "");
  struct api_type *types = ARENA_ARRAY(&e->arena, struct api_type, max_types(e));
  int n = api_types(e, types, max_types(e));
  for (int i = 0; i < n; i++) {
    strbuf_puts(out, i > 0 ? ",\n" : "\n");
    manifest_type(e, types[i], out);
  }
  strbuf_printf(out, "%s}\n}\n", n > 0 ? "\n  " : "");
}
