/* The generated C API on OpenCL (docs/opencl.md, "The generated API on OpenCL"): what
 * the OpenCL backend adds to the C backend's API (src/backend_c/emit_api.c).
 *
 *   - prog.h includes the OpenCL header (the 1.2 API, as rts/opencl/opencl.h asks for)
 *     and declares the configuration of the device (by name, or the application's own
 *     in-order command queue), of the kernel cache and of profiling, and the report;
 *   - the context holds the C runtime's context and the OpenCL runtime's (struct
 *     rts_cl); `ready` says whether the device was set up. A context whose device
 *     failed is still made, so that its message can be taken: every function that
 *     needs the device then fails with PREFIX_DEVICE_ERROR;
 *   - per array type, raw interop with cl_mem buffers: PREFIX_new_raw_T_Nd copies
 *     elements from the application's buffer, device to device, and
 *     PREFIX_values_raw_T_Nd hands out the array's device buffer, its elements starting
 *     at offset 0 (Note [raw buffers]). What they do is in two functions emitted once
 *     per program (rts_api_new_raw, rts_api_values_raw); emit_api.c defines
 *     PREFIX_new_raw_T_Nd beside PREFIX_new_T_Nd, which it resembles.
 *
 * Every function accepts NULL arguments and returns an error code, or NULL with the
 * message in the context (none for a NULL context).
 */
#include "backend_opencl/cl_internal.h"

/* Note [raw buffers]
 * ~~~~~~~~~~~~~~~~~~
 * An array's elements live in a block (rts/c/context.h) mirrored on the device
 * (Note [mirrors] in rts/opencl/mirror.h), and an array may be a view that starts at
 * an offset into its block: a row of a matrix that an entry point returned, say.
 * PREFIX_values_raw_T_Nd makes the device copy current and returns its buffer; when
 * the view does not start at offset 0, it first copies the elements into a block of
 * the array's own, device to device, so that for the application the elements always
 * start at offset 0 of the buffer, and the array keeps that block from then on. The
 * buffer stays the array's: it is valid until the array is freed, and must not be
 * written (other arrays may share its block). PREFIX_new_raw_T_Nd copies the
 * application's elements into a new block, so the application keeps its buffer and
 * may reuse it once the copy, enqueued on the context's queue, has run.
 */

/* ------------------------------------------------------------ Header */

void emit_cl_api_includes(struct strbuf *out) {
  strbuf_puts(out, "/* The OpenCL 1.2 API, as the library uses it. */\n"
                   "#ifndef CL_TARGET_OPENCL_VERSION\n#define CL_TARGET_OPENCL_VERSION 120\n"
                   "#endif\n"
                   "#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS\n"
                   "#define CL_USE_DEPRECATED_OPENCL_1_2_APIS\n#endif\n"
                   "#ifdef __APPLE__\n#define CL_SILENCE_DEPRECATION\n#include <OpenCL/cl.h>\n"
                   "#else\n#include <CL/cl.h>\n#endif\n\n");
}

void emit_cl_api_declarations(struct strbuf *out, const char *p, const char *P) {
  strbuf_printf(out,
                "#define %s_DEVICE_ERROR 5\n"
                "void %s_context_config_set_command_queue(struct %s_context_config *cfg, "
                "cl_command_queue queue);\n"
                "void %s_context_config_set_profiling(struct %s_context_config *cfg, int flag);\n"
                "void %s_context_config_set_cache(struct %s_context_config *cfg, int flag);\n"
                "void %s_context_config_set_cache_dir(struct %s_context_config *cfg, "
                "const char *dir);\n"
                "/* The context's command queue (NULL when it has no device). */\n"
                "cl_command_queue %s_context_get_command_queue(struct %s_context *ctx);\n"
                "/* Launches and time per kernel (times need profiling set). */\n"
                "void %s_context_report(struct %s_context *ctx, FILE *out);\n\n",
                P, p, p, p, p, p, p, p, p, p, p, p, p);
}

void emit_cl_declare_raw(struct strbuf *out, const char *p, const char *name,
                         const char *suffix, int rank) {
  strbuf_printf(out, "struct %s *%s_new_raw_%s(struct %s_context *ctx, cl_mem data, "
                     "int64_t offset", name, p, suffix, p);
  for (int d = 0; d < rank; d++) {
    strbuf_printf(out, ", int64_t dim%d", d);
  }
  strbuf_puts(out, ");\n");
  strbuf_printf(out,
                "/* The array's device buffer, its elements from offset 0 on (read only). */\n"
                "cl_mem %s_values_raw_%s(struct %s_context *ctx, struct %s *arr);\n",
                p, suffix, p, name);
}

/* ------------------------------------------------------------ The context */

/* rts_cl_start: builds the kernels' program from its table of lines. */
static void define_start(struct emitter *e, struct strbuf *out) {
  struct emit_cl *cl = cl_state(e);
  strbuf_printf(out,
                "static int rts_cl_start(struct rts_context *ctx, struct rts_cl *cl,\n"
                "                        const struct rts_cl_config *cfg) {\n"
                "  size_t len = 1;\n"
                "  for (const char *const *l = rts_cl_program_lines; *l != NULL; l++) {\n"
                "    len += strlen(*l);\n  }\n"
                "  char *source = malloc(len), *at = source;\n"
                "  if (source == NULL) {\n"
                "    return rts_error(ctx, RTS_OUT_OF_MEMORY, \"error: out of memory "
                "building the kernels\");\n  }\n"
                "  for (const char *const *l = rts_cl_program_lines; *l != NULL; l++) {\n"
                "    size_t n = strlen(*l);\n    memcpy(at, *l, n);\n    at += n;\n  }\n"
                "  *at = '\\0';\n"
                "  int err = rts_cl_init(ctx, cl, cfg, source, rts_cl_kernel_names, "
                "rts_cl_kernel_alone, %d);\n"
                "  free(source);\n"
                "  if (err == RTS_SUCCESS) {\n"
                "    ctx->cl = cl;\n    ctx->kernel_messages = rts_cl_messages;\n"
                "    ctx->kernel_message_count = %d;\n  }\n"
                "  return err;\n}\n\n",
                cl->kernel_count, cl->message_count);
}

/* The configuration: the runtime's (struct rts_cl_config) and whether a setting was
 * lost for want of memory, which makes PREFIX_context_new fail. */
static void define_config(struct strbuf *out, const char *p) {
  strbuf_printf(out,
                "struct %s_context_config {\n  struct rts_cl_config cl;\n"
                "  bool lost; /* a setting could not be stored (out of memory) */\n};\n\n"
                "struct %s_context_config *%s_context_config_new(void) {\n"
                "  struct %s_context_config *cfg = calloc(1, sizeof *cfg);\n"
                "  if (cfg != NULL) {\n    rts_cl_config_init(&cfg->cl);\n  }\n"
                "  return cfg;\n}\n\n"
                "void %s_context_config_free(struct %s_context_config *cfg) {\n"
                "  if (cfg != NULL) {\n    rts_cl_config_release(&cfg->cl);\n    free(cfg);\n"
                "  }\n}\n\n",
                p, p, p, p, p, p);
  static const char *const strings[] = {"device", "name", "cache_dir", "dir"};
  for (int i = 0; i < 4; i += 2) {
    strbuf_printf(out,
                  "void %s_context_config_set_%s(struct %s_context_config *cfg, "
                  "const char *%s) {\n"
                  "  if (cfg != NULL && rts_cl_config_set_%s(&cfg->cl, %s) != RTS_SUCCESS) {\n"
                  "    cfg->lost = true;\n  }\n}\n\n",
                  p, strings[i], p, strings[i + 1], strings[i], strings[i + 1]);
  }
  static const char *const flags[] = {"profiling", "cache"};
  for (int i = 0; i < 2; i++) {
    strbuf_printf(out,
                  "void %s_context_config_set_%s(struct %s_context_config *cfg, int flag) {\n"
                  "  if (cfg != NULL) {\n    cfg->cl.%s = flag != 0;\n  }\n}\n\n",
                  p, flags[i], p, flags[i]);
  }
  strbuf_printf(out,
                "void %s_context_config_set_command_queue(struct %s_context_config *cfg, "
                "cl_command_queue queue) {\n"
                "  if (cfg != NULL) {\n    cfg->cl.queue = queue;\n  }\n}\n\n",
                p, p);
}

/* The context: made even when the device fails, with `ready` false and the message
 * kept for PREFIX_context_get_error. */
static void define_context_new(struct strbuf *out, const char *p) {
  strbuf_printf(out,
                "struct %s_context {\n  struct rts_context rts;\n  struct rts_cl cl;\n"
                "  bool ready; /* the device was set up */\n};\n\n"
                "struct %s_context *%s_context_new(struct %s_context_config *cfg) {\n"
                "  struct %s_context *ctx = calloc(1, sizeof *ctx);\n"
                "  if (ctx == NULL) {\n    return NULL;\n  }\n"
                "  rts_context_init(&ctx->rts);\n"
                "  if (cfg != NULL && cfg->lost) {\n"
                "    rts_error(&ctx->rts, RTS_OUT_OF_MEMORY, \"error: out of memory "
                "storing a setting of the configuration\");\n"
                "    return ctx;\n  }\n"
                "  ctx->ready = rts_cl_start(&ctx->rts, &ctx->cl, cfg != NULL ? &cfg->cl : "
                "NULL) == RTS_SUCCESS;\n"
                "  return ctx;\n}\n\n"
                "void %s_context_free(struct %s_context *ctx) {\n"
                "  if (ctx != NULL) {\n    if (ctx->ready) {\n"
                "      (void)rts_cl_release(&ctx->cl);\n    }\n"
                "    rts_context_release(&ctx->rts);\n    free(ctx);\n  }\n}\n\n",
                p, p, p, p, p, p, p);
}

/* The context's other functions, and the message of a context without a device. */
static void define_context_use(struct strbuf *out, const char *p) {
  strbuf_puts(out, "static int rts_api_no_device(struct rts_context *ctx, const char *fname) {\n"
                   "  return rts_error(ctx, RTS_DEVICE_ERROR, \"%s: the context has no "
                   "OpenCL device\", fname);\n}\n\n");
  strbuf_printf(out,
                "char *%s_context_get_error(struct %s_context *ctx) {\n"
                "  return ctx != NULL ? rts_take_error(&ctx->rts) : NULL;\n}\n\n"
                "int %s_context_sync(struct %s_context *ctx) {\n"
                "  if (ctx == NULL) {\n    return RTS_INVALID_ARGUMENT;\n  }\n"
                "  return ctx->ready ? rts_mirror_sync(&ctx->rts)\n"
                "                    : rts_api_no_device(&ctx->rts, \"%s_context_sync\");\n"
                "}\n\n"
                "cl_command_queue %s_context_get_command_queue(struct %s_context *ctx) {\n"
                "  return ctx != NULL && ctx->ready ? ctx->cl.queue : NULL;\n}\n\n"
                "void %s_context_report(struct %s_context *ctx, FILE *out) {\n"
                "  if (ctx != NULL && ctx->ready && out != NULL) {\n"
                "    rts_cl_report(&ctx->cl, out);\n  }\n}\n\n",
                p, p, p, p, p, p, p, p, p);
}

/* What every PREFIX_new_raw_T_Nd and PREFIX_values_raw_T_Nd does (Note [raw buffers]). */
static void define_raw_helpers(struct strbuf *out) {
  strbuf_puts(out,
              "static int rts_api_new_raw(struct rts_context *ctx, const char *fname,\n"
              "                           struct rts_block **mem, void **data, cl_mem src,\n"
              "                           int64_t offset, size_t elem_size, int rank,\n"
              "                           const int64_t *shape) {\n"
              "  int64_t bytes = 0;\n"
              "  int err = rts_cl_check_app_buffer(ctx, ctx->cl, fname, src, offset, "
              "elem_size, rank, shape, &bytes);\n"
              "  *mem = NULL;\n"
              "  if (err == RTS_SUCCESS) {\n"
              "    err = rts_alloc_dev(ctx, mem, bytes, fname);\n  }\n"
              "  if (err == RTS_SUCCESS) {\n"
              "    err = rts_cl_copy(ctx, ctx->cl, rts_dev_mem(*mem), 0, src, "
              "offset * (int64_t)elem_size, bytes, fname);\n"
              "    if (err != RTS_SUCCESS) {\n      rts_unref(ctx, *mem);\n"
              "      *mem = NULL;\n    }\n  }\n"
              "  *data = *mem != NULL ? rts_block_data(*mem) : NULL;\n"
              "  return err;\n}\n\n");
  strbuf_puts(out,
              "static int rts_api_values_raw(struct rts_context *ctx, const char *fname,\n"
              "                              struct rts_block **mem, void **data, "
              "int64_t bytes,\n"
              "                              cl_mem *out) {\n"
              "  struct rts_block *own = NULL;\n"
              "  int64_t offset = rts_dev_offset(*mem, *data);\n"
              "  int err = rts_dev(ctx, *mem, fname);\n"
              "  if (err == RTS_SUCCESS && offset != 0) {\n"
              "    err = rts_alloc_dev(ctx, &own, bytes, fname);\n"
              "    if (err == RTS_SUCCESS) {\n"
              "      err = rts_cl_copy(ctx, ctx->cl, rts_dev_mem(own), 0, rts_dev_mem(*mem), "
              "offset, bytes, fname);\n    }\n"
              "    if (err != RTS_SUCCESS) {\n"
              "      if (own != NULL) {\n        rts_unref(ctx, own);\n      }\n"
              "      return err;\n    }\n"
              "    rts_unref(ctx, *mem);\n    *mem = own;\n    *data = rts_block_data(own);\n"
              "  }\n"
              "  *out = err == RTS_SUCCESS ? rts_dev_mem(*mem) : NULL;\n"
              "  return err;\n}\n\n");
}

void emit_cl_define_context(struct emitter *e, struct strbuf *out, const char *p) {
  define_start(e, out);
  define_config(out, p);
  define_context_new(out, p);
  define_context_use(out, p);
  define_raw_helpers(out);
}

/* ------------------------------------------------------------ Raw arrays */

void emit_cl_define_values_raw(struct strbuf *out, const char *p, const char *name,
                               const char *suffix, const char *elem, int rank) {
  strbuf_printf(out,
                "cl_mem %s_values_raw_%s(struct %s_context *ctx, struct %s *arr) {\n"
                "  cl_mem mem = NULL;\n"
                "  if (ctx == NULL) {\n    return NULL;\n  }\n"
                "  if (arr == NULL) {\n"
                "    rts_error(&ctx->rts, RTS_INVALID_ARGUMENT, \"%s_values_raw_%s: the array "
                "is NULL\");\n    return NULL;\n  }\n"
                "  if (!ctx->ready) {\n"
                "    (void)rts_api_no_device(&ctx->rts, \"%s_values_raw_%s\");\n"
                "    return NULL;\n  }\n"
                "  (void)rts_api_values_raw(&ctx->rts, \"%s_values_raw_%s\", &arr->arr.mem, "
                "&arr->arr.data, (int64_t)sizeof(%s) * rts_shape_elems(%d, arr->arr.shape), "
                "&mem);\n"
                "  return mem;\n}\n\n",
                p, suffix, p, name, p, suffix, p, suffix, p, suffix, elem, rank);
}

/* ------------------------------------------------------------ Values and entry points */

/* Array values are read on the host: the array's host copy first. */
const char emit_cl_values_prologue[] =
    "  if (arr != NULL) {\n    int err = rts_host(&ctx->rts, arr->arr.mem, \"values\");\n"
    "    if (err != 0) {\n      return err;\n    }\n  }\n";

void emit_cl_entry_before_call(struct strbuf *out, const char *fn) {
  strbuf_printf(out,
                "  if (!ctx->ready) {\n    return rts_api_no_device(&ctx->rts, \"%s\");\n"
                "  }\n",
                fn);
}

void emit_cl_entry_after_call(const struct ir_fun *f, struct strbuf *out) {
  /* Kernels may still run: their failures belong to this call. */
  strbuf_puts(out, "  if (err == 0 && (err = rts_mirror_sync(&ctx->rts)) != 0) {\n");
  for (int i = 0; i < f->ret_count; i++) {
    if (f->ret[i].rank > 0) {
      strbuf_printf(out, "    rts_unref(&ctx->rts, r%d->arr.mem);\n", i);
    }
  }
  strbuf_puts(out, "  }\n");
}

void emit_cl_glue_after_call(struct strbuf *out) {
  strbuf_puts(out, "  if (err == 0) {\n    err = rts_mirror_sync(ctx);\n  }\n");
}

void emit_cl_glue_before_outputs(const struct ir_fun *f, struct strbuf *out) {
  for (int i = 0; i < f->ret_count; i++) {
    if (f->ret[i].rank > 0) {
      strbuf_printf(out, "  if ((err = rts_host(ctx, r%d.mem, \"output\")) != 0) {\n"
                         "    goto done;\n  }\n", i);
    }
  }
}
