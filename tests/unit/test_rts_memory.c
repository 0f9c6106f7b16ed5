/* Unit tests of the C runtime's blocks and their free list (rts/c/context.c, Note
 * [host free list] in rts/c/context.h).
 *
 * A freed block is reused by an allocation of its size, or of a size it fits without
 * wasting more than half of it, the smallest such block first; the list keeps at most
 * RTS_FREE_LIST_MAX blocks and max(RTS_FREE_LIST_MIN_BYTES, peak) bytes, oldest out
 * first; a reused block is zeroed when asked and counts only its new size in the
 * memory counters; a failed malloc empties the list and tries again; context release
 * frees everything (the sanitizer build's LeakSanitizer and valgrind see that); and
 * PRISM_FREE_LIST turns the list off and on. The system allocator is replaced by one
 * that fails on demand (RTS_SYSTEM_ALLOC). Built twice, the second time with
 * RTS_OPENCL defined (test_rts_memory_cl), where blocks carry a device copy: a reused
 * block must come back with no device copy and its host copy current. Prints one line
 * per failed check; exits 1 if any failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* The system allocator that the runtime calls: counts calls and fails the next
 * `fail_next` of them. */
static int system_allocs, fail_next;

static void *test_system_alloc(size_t size, bool zeroed) {
  system_allocs++;
  if (fail_next > 0) {
    fail_next--;
    return NULL;
  }
  return zeroed ? calloc(1, size) : malloc(size);
}

#define RTS_SYSTEM_ALLOC(size, zeroed) test_system_alloc((size), (zeroed))

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../../rts/c/util.h"
#include "../../rts/c/context.h"
#include "../../rts/c/context.c"
#pragma GCC diagnostic pop

#include "check.h"

#ifdef RTS_OPENCL
/* The OpenCL runtime's part of freeing a block (rts/opencl/mirror.c): drops the device
 * copy, which here is a pointer that only says whether there is one. */
static int mirror_frees;

static void rts_mirror_free(struct rts_context *ctx, struct rts_block *b) {
  (void)ctx;
  if (b->dev != NULL) {
    mirror_frees++;
    b->dev = NULL;
  }
}
#endif

/* A context whose free list is on, whatever the environment and build say. */
static void context_init(struct rts_context *ctx) {
  rts_context_init(ctx);
  ctx->free_list.enabled = true;
}

/* A new block of `bytes` bytes; failing to get one ends the test. */
static struct rts_block *alloc(struct rts_context *ctx, int64_t bytes, bool zeroed) {
  struct rts_block *b = NULL;
  if (rts_alloc_zeroed(ctx, &b, bytes, zeroed, "test") != RTS_SUCCESS || b == NULL) {
    char *message = rts_take_error(ctx);
    printf("fatal: allocating %lld bytes: %s\n", (long long)bytes,
           message != NULL ? message : "");
    free(message);
    exit(1);
  }
  return b;
}

static bool on_list(const struct rts_context *ctx, const struct rts_block *b) {
  for (int i = 0; i < ctx->free_list.count; i++) {
    if (ctx->free_list.blocks[i] == b) {
      return true;
    }
  }
  return false;
}

/* A freed block is kept, and the next allocation of its size takes it. */
static void test_reuse(void) {
  struct rts_context ctx;
  context_init(&ctx);
  struct rts_block *a = alloc(&ctx, 1000, false);
  CHECK(a->capacity == 1000 && a->bytes == 1000 && a->refs == 1, "a fresh block");
  rts_ref(a);
  rts_unref(&ctx, a);
  CHECK(ctx.free_list.count == 0, "a block still referenced is not kept");
  rts_unref(&ctx, a);
  CHECK(ctx.free_list.count == 1 && ctx.free_list.blocks[0] == a &&
            ctx.free_list.bytes == 1000, "the freed block is kept");
  CHECK(ctx.mem_current == 0 && ctx.mem_peak == 1000, "current %lld, peak %lld",
        (long long)ctx.mem_current, (long long)ctx.mem_peak);
  int before = system_allocs;
  struct rts_block *b = alloc(&ctx, 1000, false);
  CHECK(b == a && system_allocs == before, "the block is reused without malloc");
  CHECK(b->refs == 1 && b->bytes == 1000 && ctx.free_list.count == 0 &&
            ctx.free_list.bytes == 0, "taken off the list");
  CHECK(ctx.mem_current == 1000 && ctx.mem_peak == 1000, "current %lld, peak %lld",
        (long long)ctx.mem_current, (long long)ctx.mem_peak);
  rts_unref(&ctx, b);
  rts_context_release(&ctx);
  CHECK(ctx.free_list.count == 0 && ctx.free_list.bytes == 0, "release empties the list");
}

/* Which cached block a request takes: at least its size, at most twice it (or 4 KiB
 * more), the smallest such; a reused block counts the size asked for. */
static void test_size_matching(void) {
  struct rts_context ctx;
  context_init(&ctx);
  const int64_t mib = 1 << 20;
  struct rts_block *big = alloc(&ctx, 2 * mib, false);
  struct rts_block *mid = alloc(&ctx, 3 * mib / 2, false);
  struct rts_block *low = alloc(&ctx, 5 * mib / 4, false);
  struct rts_block *small = alloc(&ctx, 100, false);
  rts_unref(&ctx, big);
  rts_unref(&ctx, mid);
  rts_unref(&ctx, low);
  rts_unref(&ctx, small);
  CHECK(ctx.free_list.count == 4, "four blocks kept");

  struct rts_block *b = alloc(&ctx, 3 * mib, false);
  CHECK(b != big && b != mid && b != low && ctx.free_list.count == 4,
        "no cached block is large enough");
  rts_unref(&ctx, b); /* the list now holds 2, 1.5, 1.25 MiB, 100 bytes and 3 MiB */

  b = alloc(&ctx, mib, false);
  CHECK(b == low, "the smallest block that fits is taken");
  CHECK(b->bytes == mib && b->capacity == 5 * mib / 4, "bytes %lld, capacity %lld",
        (long long)b->bytes, (long long)b->capacity);
  CHECK(ctx.mem_current == mib, "a reused block counts its new size: %lld",
        (long long)ctx.mem_current);
  rts_unref(&ctx, b);
  CHECK(on_list(&ctx, low) && low->capacity == 5 * mib / 4, "the block keeps its capacity");

  b = alloc(&ctx, mib / 2, false);
  CHECK(!on_list(&ctx, b) && b != low && b != mid && b != big,
        "a block more than twice the size is left alone");
  rts_unref(&ctx, b);

  struct rts_block *tiny = alloc(&ctx, 10, false);
  CHECK(tiny == small, "a small request takes a block up to 4 KiB larger");
  rts_unref(&ctx, tiny);

  b = alloc(&ctx, 0, false);
  CHECK(b == small, "an empty array takes a small block too");
  CHECK(b->bytes == 0 && ctx.mem_current == 0, "and counts nothing");
  rts_unref(&ctx, b);
  rts_context_release(&ctx);
}

/* Among equal blocks the newest is taken (its memory is the likeliest in cache). */
static void test_newest_first(void) {
  struct rts_context ctx;
  context_init(&ctx);
  struct rts_block *a = alloc(&ctx, 5000, false);
  struct rts_block *b = alloc(&ctx, 5000, false);
  rts_unref(&ctx, a);
  rts_unref(&ctx, b);
  struct rts_block *c = alloc(&ctx, 5000, false);
  CHECK(c == b && ctx.free_list.count == 1 && ctx.free_list.blocks[0] == a,
        "the newest equal block is taken");
  rts_unref(&ctx, c);
  rts_context_release(&ctx);
}

/* A reused block asked for zeroed is zero in the bytes asked for. */
static void test_zeroing(void) {
  struct rts_context ctx;
  context_init(&ctx);
  struct rts_block *a = alloc(&ctx, 8192, false);
  memset(rts_block_data(a), 0xab, 8192);
  rts_unref(&ctx, a);
  struct rts_block *b = alloc(&ctx, 6000, true);
  CHECK(b == a, "the block is reused for a zeroed array");
  const unsigned char *data = rts_block_data(b);
  int64_t nonzero = 0;
  for (int64_t i = 0; i < 6000; i++) {
    nonzero += data[i] != 0;
  }
  CHECK(nonzero == 0, "%lld bytes not zeroed", (long long)nonzero);
  rts_unref(&ctx, b);
  struct rts_block *fresh = alloc(&ctx, 100000, true);
  data = rts_block_data(fresh);
  nonzero = 0;
  for (int64_t i = 0; i < 100000; i++) {
    nonzero += data[i] != 0;
  }
  CHECK(nonzero == 0, "a fresh zeroed block: %lld bytes not zero", (long long)nonzero);
  rts_unref(&ctx, fresh);
  rts_context_release(&ctx);
}

/* At most RTS_FREE_LIST_MAX blocks, the oldest going first. */
static void test_count_bound(void) {
  struct rts_context ctx;
  context_init(&ctx);
  enum { n = RTS_FREE_LIST_MAX + 8 };
  struct rts_block *blocks[n];
  for (int i = 0; i < n; i++) {
    blocks[i] = alloc(&ctx, 64 + i, false);
  }
  for (int i = 0; i < n; i++) {
    rts_unref(&ctx, blocks[i]);
  }
  CHECK(ctx.free_list.count == RTS_FREE_LIST_MAX, "%d blocks kept", ctx.free_list.count);
  bool in_order = true;
  int64_t bytes = 0;
  for (int i = 0; i < RTS_FREE_LIST_MAX; i++) {
    in_order = in_order && ctx.free_list.blocks[i] == blocks[i + 8];
    bytes += 64 + i + 8;
  }
  CHECK(in_order, "the oldest blocks went");
  CHECK(ctx.free_list.bytes == bytes, "%lld bytes kept, not %lld",
        (long long)ctx.free_list.bytes, (long long)bytes);
  rts_context_release(&ctx);
}

/* At most max(RTS_FREE_LIST_MIN_BYTES, peak) bytes, the oldest going first. */
static void test_byte_bound(void) {
  struct rts_context ctx;
  context_init(&ctx);
  const int64_t mib = 1 << 20, min = RTS_FREE_LIST_MIN_BYTES;
  struct rts_block *a = alloc(&ctx, min / 2 + mib, false);
  struct rts_block *b = alloc(&ctx, min / 2 + mib, false);
  int64_t peak = ctx.mem_peak;
  CHECK(peak == min + 2 * mib, "peak %lld", (long long)peak);
  rts_unref(&ctx, a);
  rts_unref(&ctx, b);
  CHECK(ctx.free_list.count == 2 && ctx.free_list.bytes == peak,
        "up to the peak is kept: %lld bytes", (long long)ctx.free_list.bytes);
  struct rts_block *c = alloc(&ctx, mib, false);
  rts_unref(&ctx, c);
  CHECK(ctx.free_list.count == 2 && ctx.free_list.blocks[0] == b &&
            ctx.free_list.blocks[1] == c && ctx.free_list.bytes == min / 2 + 2 * mib,
        "the oldest block made room: %d blocks, %lld bytes", ctx.free_list.count,
        (long long)ctx.free_list.bytes);
  rts_context_release(&ctx);

  /* Below RTS_FREE_LIST_MIN_BYTES of peak, the bound is RTS_FREE_LIST_MIN_BYTES. */
  context_init(&ctx);
  struct rts_block *small[3];
  for (int i = 0; i < 3; i++) {
    small[i] = alloc(&ctx, min / 4, false);
  }
  for (int i = 0; i < 3; i++) {
    rts_unref(&ctx, small[i]);
  }
  struct rts_block *d = alloc(&ctx, min / 2 + 1, false); /* no fit: more than twice */
  CHECK(ctx.free_list.count == 3, "three quarters of the bound kept");
  rts_unref(&ctx, d);
  CHECK(ctx.free_list.count == 2 && ctx.free_list.blocks[1] == d &&
            ctx.free_list.bytes <= min, "two blocks made room: %d left, %lld bytes",
        ctx.free_list.count, (long long)ctx.free_list.bytes);
  rts_context_release(&ctx);
}

/* A failed malloc empties the list and tries again; the error comes only when the
 * second try fails too, and nothing is counted for it. */
static void test_allocation_failure(void) {
  struct rts_context ctx;
  context_init(&ctx);
  struct rts_block *a = alloc(&ctx, 1000, false);
  rts_unref(&ctx, a);
  int before = system_allocs;
  fail_next = 1;
  struct rts_block *b = alloc(&ctx, 100000, false);
  CHECK(system_allocs == before + 2 && ctx.free_list.count == 0,
        "retried after emptying the list: %d calls", system_allocs - before);
  rts_unref(&ctx, b);

  before = system_allocs;
  fail_next = 2; /* b waits on the list, too small for what follows */
  struct rts_block *c = NULL;
  CHECK(rts_alloc(&ctx, &c, 300000, "prog.dsl:3:5") == RTS_OUT_OF_MEMORY && c == NULL,
        "out of memory after the second try");
  CHECK(system_allocs == before + 2 && ctx.free_list.count == 0, "two tries: %d",
        system_allocs - before);
  char *message = rts_take_error(&ctx);
  CHECK(message != NULL &&
            strcmp(message, "prog.dsl:3:5: error: out of memory allocating 300000 bytes") == 0,
        "message: %s", message != NULL ? message : "(none)");
  free(message);
  CHECK(ctx.mem_current == 0, "nothing counted: %lld", (long long)ctx.mem_current);

  before = system_allocs;
  fail_next = 1;
  CHECK(rts_alloc(&ctx, &c, 5, "x") == RTS_OUT_OF_MEMORY, "an empty list: one try fails");
  CHECK(system_allocs == before + 1, "no second try without a list to empty");
  free(rts_take_error(&ctx));

  CHECK(rts_alloc(&ctx, &c, -1, "x") == RTS_OUT_OF_MEMORY && c == NULL, "negative size");
  free(rts_take_error(&ctx));
  fail_next = 0;
  rts_context_release(&ctx);
}

/* The list off: blocks go back at once. */
static void test_disabled(void) {
  struct rts_context ctx;
  context_init(&ctx);
  ctx.free_list.enabled = false;
  struct rts_block *a = alloc(&ctx, 1000, false);
  rts_unref(&ctx, a);
  CHECK(ctx.free_list.count == 0 && ctx.free_list.bytes == 0, "nothing kept");
  rts_context_release(&ctx);
}

/* PRISM_FREE_LIST in the environment, read when a context is made. */
static void test_environment(void) {
  static const struct {
    const char *value;
    bool enabled;
  } cases[] = {{"0", false}, {"off", false}, {"no", false}, {"false", false},
               {"1", true},  {"on", true},   {"yes", true}, {"true", true},
               {"", RTS_FREE_LIST_DEFAULT}, {"maybe", RTS_FREE_LIST_DEFAULT}};
  struct rts_context ctx;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (setenv("PRISM_FREE_LIST", cases[i].value, 1) != 0) {
      printf("fatal: setenv\n");
      exit(1);
    }
    rts_context_init(&ctx);
    CHECK(ctx.free_list.enabled == cases[i].enabled, "PRISM_FREE_LIST=%s", cases[i].value);
    rts_context_release(&ctx);
  }
  unsetenv("PRISM_FREE_LIST");
  rts_context_init(&ctx);
  CHECK(ctx.free_list.enabled == RTS_FREE_LIST_DEFAULT, "unset");
  rts_context_release(&ctx);
}

#ifdef RTS_OPENCL
/* A block freed with a newer device copy comes back as a fresh block: no device copy,
 * host copy current; nothing stale can be read. */
static void test_device_flags(void) {
  struct rts_context ctx;
  context_init(&ctx);
  static int fake_device_copy;
  struct rts_block *a = alloc(&ctx, 4096, false);
  CHECK(a->dev == NULL && a->host_stale == 0 && a->dev_stale == 1, "a fresh block");
  a->dev = (struct rts_cl_block *)(void *)&fake_device_copy;
  a->host_stale = 1;
  a->dev_stale = 0;
  rts_unref(&ctx, a);
  CHECK(mirror_frees == 1 && ctx.free_list.count == 1, "the device copy dropped, host kept");
  struct rts_block *b = alloc(&ctx, 4000, false);
  CHECK(b == a && b->dev == NULL && b->host_stale == 0 && b->dev_stale == 1,
        "the reused block has fresh flags");
  rts_unref(&ctx, b);
  rts_context_release(&ctx);
}
#endif

int main(void) {
  CHECK(sizeof(struct rts_block) % 16 == 0, "header of %zu bytes", sizeof(struct rts_block));
  test_reuse();
  test_size_matching();
  test_newest_first();
  test_zeroing();
  test_count_bound();
  test_byte_bound();
  test_allocation_failure();
  test_disabled();
  test_environment();
#ifdef RTS_OPENCL
  test_device_flags();
#endif
  printf("%d of %d checks failed\n", failures, checks);
  return failures > 0 ? 1 : 0;
}
