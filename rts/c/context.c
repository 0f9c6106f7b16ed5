/* The run-time context: error messages and memory blocks (context.h says what they
 * are for). */
#include "context.h"

/* The system's allocator: malloc, or calloc when zeroed. The unit tests replace it to
 * make allocations fail (tests/unit/test_rts_memory.c). */
#ifndef RTS_SYSTEM_ALLOC
#define RTS_SYSTEM_ALLOC(size, zeroed) ((zeroed) ? calloc(1, (size)) : malloc(size))
#endif

/* Whether a setting in the environment is one of the words given (NULL ends them). */
static bool rts_env_is(const char *value, const char *const *words) {
  for (int i = 0; value != NULL && words[i] != NULL; i++) {
    if (strcmp(value, words[i]) == 0) {
      return true;
    }
  }
  return false;
}

/* The switch `name` of the environment: false for 0, off, no or false, true for 1, on,
 * yes or true, else (unset or another word) `fallback`. */
static bool rts_env_flag(const char *name, bool fallback) {
  static const char *const off[] = {"0", "off", "no", "false", NULL};
  static const char *const on[] = {"1", "on", "yes", "true", NULL};
  const char *env = getenv(name);
  return rts_env_is(env, off) ? false : rts_env_is(env, on) ? true : fallback;
}

/* Whether contexts made now keep freed blocks: RTS_FREE_LIST_DEFAULT unless the
 * environment's PRISM_FREE_LIST says (Note [host free list]). */
static bool rts_free_list_wanted(void) {
  return rts_env_flag("PRISM_FREE_LIST", RTS_FREE_LIST_DEFAULT);
}

static void rts_context_init(struct rts_context *ctx) {
  ctx->error = NULL;
  ctx->error_lost = false;
  ctx->mem_current = 0;
  ctx->mem_peak = 0;
  ctx->free_list.enabled = rts_free_list_wanted();
  ctx->free_list.count = 0;
  ctx->free_list.bytes = 0;
#ifdef RTS_OPENCL
  ctx->cl = NULL;
  ctx->kernel_messages = NULL;
  ctx->kernel_message_count = 0;
#endif
}

static void rts_context_release(struct rts_context *ctx) {
  rts_free_list_clear(ctx);
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

/* ------------------------------------------------------------ The free list */

/* Removes entry i of the free list, keeping the others in order. */
static struct rts_block *rts_free_list_remove(struct rts_free_list *list, int i) {
  struct rts_block *b = list->blocks[i];
  list->bytes -= b->capacity;
  list->count--;
  memmove(&list->blocks[i], &list->blocks[i + 1],
          (size_t)(list->count - i) * sizeof *list->blocks);
  return b;
}

/* The best block of the free list for `bytes` bytes, taken off the list, or NULL:
 * the smallest whose capacity is at least `bytes` and at most twice it (or 4 KiB
 * more), the newest of equals (Note [host free list]). */
static struct rts_block *rts_free_list_take(struct rts_context *ctx, int64_t bytes) {
  struct rts_free_list *list = &ctx->free_list;
  int64_t slack = bytes > 4096 ? bytes : 4096;
  int best = -1;
  for (int i = list->count - 1; i >= 0; i--) {
    int64_t c = list->blocks[i]->capacity;
    if (c >= bytes && c - bytes <= slack && (best < 0 || c < list->blocks[best]->capacity)) {
      best = i;
    }
  }
  return best >= 0 ? rts_free_list_remove(list, best) : NULL;
}

/* Keeps a block whose last reference went, freeing the oldest blocks to make room;
 * false when the list is off or the block alone breaks the bound. */
static bool rts_free_list_put(struct rts_context *ctx, struct rts_block *b) {
  struct rts_free_list *list = &ctx->free_list;
  int64_t limit = ctx->mem_peak > RTS_FREE_LIST_MIN_BYTES ? ctx->mem_peak
                                                          : RTS_FREE_LIST_MIN_BYTES;
  if (!list->enabled || b->capacity > limit) {
    return false;
  }
  while (list->count == RTS_FREE_LIST_MAX || list->bytes > limit - b->capacity) {
    free(rts_free_list_remove(list, 0));
  }
  list->blocks[list->count++] = b;
  list->bytes += b->capacity;
  return true;
}

static void rts_free_list_clear(struct rts_context *ctx) {
  struct rts_free_list *list = &ctx->free_list;
  for (int i = 0; i < list->count; i++) {
    free(list->blocks[i]);
  }
  list->count = 0;
  list->bytes = 0;
}

/* ------------------------------------------------------------ Blocks */

/* A new block from the system, with room for `bytes` bytes after the header; when the
 * system has none, a second try after the free list gives its blocks back. */
static struct rts_block *rts_system_block(struct rts_context *ctx, int64_t bytes,
                                          bool zeroed) {
  size_t size = sizeof(struct rts_block) + (size_t)bytes;
  struct rts_block *b = RTS_SYSTEM_ALLOC(size, zeroed);
  if (b == NULL && ctx->free_list.count > 0) {
    rts_free_list_clear(ctx);
    b = RTS_SYSTEM_ALLOC(size, zeroed);
  }
  if (b != NULL) {
    b->capacity = bytes;
  }
  return b;
}

static int rts_alloc(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                     const char *where) {
  return rts_alloc_zeroed(ctx, out, bytes, false, where);
}

static int rts_alloc_zeroed(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                            bool zeroed, const char *where) {
  struct rts_block *b = NULL;
  if (bytes >= 0 && (uint64_t)bytes <= SIZE_MAX - sizeof *b) {
    b = rts_free_list_take(ctx, bytes);
    if (b == NULL) {
      b = rts_system_block(ctx, bytes, zeroed);
    } else if (zeroed) {
      memset(rts_block_data(b), 0, (size_t)bytes);
    }
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
  if (!rts_free_list_put(ctx, b)) {
    free(b);
  }
}
