/* The run-time context: the pending error message and reference-counted memory.
 *
 * Errors: a failing operation formats its message into the context (rts_error) and
 * returns its error code up to the API function, which returns it to the host; the
 * host takes the message with PREFIX_context_get_error (rts_take_error). Nothing
 * aborts: running out of memory while storing a message only loses the message.
 *
 * Memory: every array's elements live in a block with a reference count. A block is
 * shared by the views that point into it (rows, outer slices, reshapes) and freed when
 * its last reference goes (rts_unref). A block whose count is 1 belongs to one value
 * only and may be updated in place; otherwise writers copy it first (Note [ownership]
 * in src/backend_c/emit_own.c). The context counts the bytes in live blocks and their
 * peak, for the executable's -P.
 */
#ifndef PRISM_RTS_CONTEXT_H
#define PRISM_RTS_CONTEXT_H

#include "util.h"

#ifdef RTS_OPENCL
struct rts_cl;
struct rts_cl_block;
#endif

struct rts_context {
  char *error;          /* the pending message (malloc'ed), or NULL */
  bool error_lost;      /* a message could not be stored for want of memory */
  int64_t mem_current;  /* bytes in live blocks */
  int64_t mem_peak;
#ifdef RTS_OPENCL
  struct rts_cl *cl;    /* the device that mirrors blocks (rts/opencl/mirror.h) */
  const char *const *kernel_messages; /* what kernels' failure ids mean */
  int kernel_message_count;
#endif
};

/* A block of memory: this header, then the elements, 16-byte aligned (the header's
 * size is a multiple of 16 and malloc aligns to at least that on the targets we know;
 * the elements need only the alignment of their type, at most 8). */
struct rts_block {
  int64_t refs;  /* references held by live values */
  int64_t bytes; /* size of the elements */
#ifdef RTS_OPENCL
  /* The device's copy (Note [mirrors] in rts/opencl/mirror.h); the header stays a
   * multiple of 16 bytes. */
  struct rts_cl_block *dev; /* NULL until a kernel needs it */
  int32_t host_stale;       /* the device's copy is newer than the host's */
  int32_t dev_stale;        /* the host's copy is newer than the device's (or no copy) */
#endif
};

#ifdef RTS_OPENCL
/* Drops the device copy of a block that is being freed (rts/opencl/mirror.c). */
static void rts_mirror_free(struct rts_context *ctx, struct rts_block *b);
#endif

static void rts_context_init(struct rts_context *ctx);
static void rts_context_release(struct rts_context *ctx);

/* Stores a message (appended to a pending one) and returns `code`. */
static int rts_error(struct rts_context *ctx, int code, const char *fmt, ...) RTS_PRINTF(3, 4);

/* Formats a message into a fresh buffer (the caller frees it); NULL when out of memory.
 * For runtimes that compose messages from parts (rts/opencl/opencl.c). */
static char *rts_vformat(const char *fmt, va_list ap);

/* The pending message (the caller frees it), or NULL; the context forgets it. */
static char *rts_take_error(struct rts_context *ctx);

/* Allocates a block of `bytes` bytes with one reference. `where` names the source
 * location for the message on failure. */
RTS_NOINLINE static int rts_alloc(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                     const char *where);

/* The same, with the elements all zero bits when `zeroed` (calloc: fresh pages from
 * the system cost nothing to clear, so replicate of 0 is free until written). */
RTS_NOINLINE static int rts_alloc_zeroed(struct rts_context *ctx, struct rts_block **out,
                                         int64_t bytes, bool zeroed, const char *where);

/* Not inlined: gcc's -Wuse-after-free would otherwise see the free() of a block on a
 * path where its count reached zero followed by a use of another reference to it,
 * which cannot happen (the count would not have reached zero). */
RTS_NOINLINE static void rts_block_free(struct rts_context *ctx, struct rts_block *b);

static inline void *rts_block_data(struct rts_block *b) {
  return (void *)(b + 1);
}

static inline void rts_ref(struct rts_block *b) {
  b->refs++;
}

static inline void rts_unref(struct rts_context *ctx, struct rts_block *b) {
  if (--b->refs == 0) {
    rts_block_free(ctx, b);
  }
}

#endif
