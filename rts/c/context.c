/* The run-time context: error messages and memory blocks (context.h says what they
 * are for). */
#include "context.h"

static void rts_context_init(struct rts_context *ctx) {
  ctx->error = NULL;
  ctx->error_lost = false;
  ctx->mem_current = 0;
  ctx->mem_peak = 0;
#ifdef RTS_OPENCL
  ctx->cl = NULL;
  ctx->kernel_messages = NULL;
  ctx->kernel_message_count = 0;
#endif
}

static void rts_context_release(struct rts_context *ctx) {
  free(ctx->error);
  ctx->error = NULL;
}

/* Formats a message into a fresh buffer; NULL when out of memory. */
static char *rts_vformat(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) {
    return NULL;
  }
  char *text = malloc((size_t)n + 1);
  if (text != NULL) {
    vsnprintf(text, (size_t)n + 1, fmt, ap);
  }
  return text;
}

/* Appends `text` to the pending message, on a line of its own. */
static void rts_append_error(struct rts_context *ctx, char *text) {
  if (ctx->error == NULL) {
    ctx->error = text;
    return;
  }
  size_t old = strlen(ctx->error), more = strlen(text);
  char *joined = realloc(ctx->error, old + more + 2);
  if (joined == NULL) {
    ctx->error_lost = true;
  } else {
    joined[old] = '\n';
    memcpy(joined + old + 1, text, more + 1);
    ctx->error = joined;
  }
  free(text);
}

static int rts_error(struct rts_context *ctx, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = rts_vformat(fmt, ap);
  va_end(ap);
  if (text == NULL) {
    ctx->error_lost = true;
  } else {
    rts_append_error(ctx, text);
  }
  return code;
}

static char *rts_take_error(struct rts_context *ctx) {
  char *text = ctx->error;
  ctx->error = NULL;
  if (text == NULL && ctx->error_lost) {
    text = rts_strdup("error: out of memory (the error message was lost)");
  }
  ctx->error_lost = false;
  return text;
}

static int rts_alloc(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                     const char *where) {
  return rts_alloc_zeroed(ctx, out, bytes, false, where);
}

static int rts_alloc_zeroed(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                            bool zeroed, const char *where) {
  struct rts_block *b = NULL;
  if (bytes >= 0 && (uint64_t)bytes <= SIZE_MAX - sizeof *b) {
    b = zeroed ? calloc(1, sizeof *b + (size_t)bytes) : malloc(sizeof *b + (size_t)bytes);
  }
  if (b == NULL) {
    *out = NULL;
    return rts_error(ctx, RTS_OUT_OF_MEMORY,
                     "%s: error: out of memory allocating %lld bytes", where,
                     (long long)bytes);
  }
  b->refs = 1;
  b->bytes = bytes;
#ifdef RTS_OPENCL
  b->dev = NULL;
  b->host_stale = 0;
  b->dev_stale = 1;
#endif
  ctx->mem_current += bytes;
  if (ctx->mem_current > ctx->mem_peak) {
    ctx->mem_peak = ctx->mem_current;
  }
  *out = b;
  return RTS_SUCCESS;
}

RTS_NOINLINE static void rts_block_free(struct rts_context *ctx, struct rts_block *b) {
  ctx->mem_current -= b->bytes;
#ifdef RTS_OPENCL
  rts_mirror_free(ctx, b);
#endif
  free(b);
}
