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
 * in src/backend_c/emit_own.c). A block whose last reference goes waits on the
 * context's free list for an allocation of about its size (Note [host free list]).
 * The context counts the bytes in live blocks and their peak, for the executable's -P.
 */
#ifndef PRISM_RTS_CONTEXT_H
#define PRISM_RTS_CONTEXT_H

#include "util.h"

#ifdef RTS_OPENCL
struct rts_cl;
struct rts_cl_block;
#endif

/* The free list keeps at most this many blocks, whose capacities add up to at most the
 * larger of RTS_FREE_LIST_MIN_BYTES and the peak of live bytes (Note [host free list]). */
#define RTS_FREE_LIST_MAX 32
#define RTS_FREE_LIST_MIN_BYTES ((int64_t)64 << 20)

/* Whether the free list is on when the environment does not say (PRISM_FREE_LIST):
 * off under AddressSanitizer, so that it reports uses of freed arrays. Compiling a
 * program with -DRTS_FREE_LIST_DEFAULT=0 turns it off too. */
#ifndef RTS_FREE_LIST_DEFAULT
#if defined(__SANITIZE_ADDRESS__)
#define RTS_FREE_LIST_DEFAULT 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RTS_FREE_LIST_DEFAULT 0
#endif
#endif
#endif
#ifndef RTS_FREE_LIST_DEFAULT
#define RTS_FREE_LIST_DEFAULT 1
#endif

struct rts_block;

/* Freed blocks kept for reuse, oldest first (Note [host free list]). */
struct rts_free_list {
  bool enabled;  /* else blocks go back to the system at once */
  int count;
  int64_t bytes; /* the capacities of the blocks kept, added up */
  struct rts_block *blocks[RTS_FREE_LIST_MAX];
};

struct rts_context {
  char *error;          /* the pending message (malloc'ed), or NULL */
  bool error_lost;      /* a message could not be stored for want of memory */
  int64_t mem_current;  /* bytes in live blocks (not in those on the free list) */
  int64_t mem_peak;
  struct rts_free_list free_list;
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
  int64_t refs;     /* references held by live values */
  int64_t bytes;    /* size of the elements */
  int64_t capacity; /* bytes allocated after the header: `bytes`, or more when the free
                     * list gave the block to a smaller array */
#ifdef RTS_OPENCL
  /* The device's copy (Note [mirrors] in rts/opencl/mirror.h). */
  struct rts_cl_block *dev; /* NULL until a kernel needs it */
  int32_t host_stale;       /* the device's copy is newer than the host's */
  int32_t dev_stale;        /* the host's copy is newer than the device's (or no copy) */
#endif
  int64_t padding;  /* makes the header a multiple of 16 bytes, with or without dev */
};

/* Fails to compile where the header would misalign the elements. */
typedef char rts_block_header_is_aligned[sizeof(struct rts_block) % 16 == 0 ? 1 : -1];

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

/* Allocates a block of `bytes` bytes with one reference, from the free list when a
 * block there fits (Note [host free list]). `where` names the source location for the
 * message on failure. */
RTS_NOINLINE static int rts_alloc(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                     const char *where);

/* The same, with the elements all zero bits when `zeroed` (calloc: fresh pages from
 * the system cost nothing to clear, so replicate of 0 is free until written; a block
 * from the free list is cleared with memset). */
RTS_NOINLINE static int rts_alloc_zeroed(struct rts_context *ctx, struct rts_block **out,
                                         int64_t bytes, bool zeroed, const char *where);

/* Puts a block whose last reference went on the free list, or frees it. Not inlined:
 * gcc's -Wuse-after-free would otherwise see the free() of a block on a path where
 * its count reached zero followed by a use of another reference to it, which cannot
 * happen (the count would not have reached zero). */
RTS_NOINLINE static void rts_block_free(struct rts_context *ctx, struct rts_block *b);

/* Gives every block on the free list back to the system (rts_context_release does). */
static void rts_free_list_clear(struct rts_context *ctx);

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

/* Note [host free list]
 * ~~~~~~~~~~~~~~~~~~~~~
 * Generated code allocates a block for every array it makes and frees it when the
 * last reference goes, at the rhythm of the program: once per entry-point call, per
 * loop iteration, per row of a map. glibc maps large blocks afresh and unmaps them at
 * free(), so each allocation also pays a page fault per 4 KiB page on first touch (a
 * batched FFT spent 15% of its time in the kernel so). Hence a block whose last
 * reference goes is kept on the context's free list, and an allocation first takes
 * the smallest block there whose capacity is at least the size asked for and at most
 * twice it (or 4 KiB more, for small sizes), the newest of equals. The block's header
 * keeps its capacity (what malloc gave it) apart from `bytes` (what its array asked
 * for), so nothing but the free list sees the slack.
 *
 * Bounds. The list holds at most RTS_FREE_LIST_MAX blocks, whose capacities add up to
 * at most max(RTS_FREE_LIST_MIN_BYTES, ctx->mem_peak): a program keeps for reuse no
 * more than it has shown that it needs live at once (or 64 MiB), so its footprint
 * stays within twice its peak (or its peak and 64 MiB). A block that would break a
 * bound makes room by freeing the oldest blocks; one larger than the whole bound is
 * freed at once. When malloc fails, the list is emptied and malloc tried again, so the
 * list never causes an out-of-memory error that would not happen without it; and
 * rts_context_release empties it, so nothing outlives the context.
 *
 * Accounting. mem_current and mem_peak (the executable's -P) count the `bytes` of live
 * blocks only: a block leaves mem_current when its last reference goes, kept or freed,
 * and a reused block counts the size asked for, not its capacity.
 *
 * Zeroing. A fresh zeroed block comes from calloc (free for fresh pages); a reused one
 * is cleared with memset of the size asked for.
 *
 * OpenCL. Only host memory is kept. A block's device copy is released when its last
 * reference goes, as before (rts_mirror_free; device buffers have their own free list,
 * Note [free list] in rts/opencl/opencl.h), and a reused block starts as a fresh one
 * does: host copy current, no device copy. So nothing stale can be read.
 *
 * Debugging. A use of a freed array reads a block on the list, where memory checkers
 * cannot see it. PRISM_FREE_LIST=0 (or off, no, false) in the environment turns the
 * list off for contexts made afterwards (for valgrind); builds with AddressSanitizer
 * have it off unless PRISM_FREE_LIST=1 (or on, yes, true) turns it on
 * (RTS_FREE_LIST_DEFAULT).
 */

#endif
