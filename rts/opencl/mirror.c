/* Blocks mirrored on the device (Note [mirrors] in mirror.h). */
#include "mirror.h"

static int rts_mirror_sync(struct rts_context *ctx) {
  if (!ctx->cl->enqueued) {
    return RTS_SUCCESS; /* nothing ran since the last look at the error buffer */
  }
  ctx->cl->enqueued = false;
  return rts_cl_sync(ctx, ctx->cl, ctx->kernel_messages, ctx->kernel_message_count);
}

/* The error buffer is looked at in the same wait for the device as the data when
 * commands ran since the last look: its read goes first, not blocking, and the in-order
 * queue finishes it before the blocking read of the data. */
static int rts_dev_read(struct rts_context *ctx, cl_mem mem, int64_t offset, int64_t bytes,
                        void *host, const char *where) {
  struct rts_cl *cl = ctx->cl;
  if (!cl->enqueued || bytes == 0) {
    int err = rts_cl_read(ctx, cl, mem, offset, bytes, host, where);
    return err != RTS_SUCCESS ? err : rts_mirror_sync(ctx);
  }
  cl_int cl_err = rts_cl_read_errbuf(cl, CL_FALSE);
  if (cl_err != CL_SUCCESS) {
    return rts_cl_fail(ctx, cl_err, where, "clEnqueueReadBuffer", "reading the error buffer");
  }
  cl->enqueued = false;
  int err = rts_cl_read(ctx, cl, mem, offset, bytes, host, where);
  if (err != RTS_SUCCESS) {
    (void)clFinish(cl->queue); /* the error buffer's read must be over */
    return err;
  }
  return rts_cl_check_failure(ctx, cl, ctx->kernel_messages, ctx->kernel_message_count);
}

static int rts_dev_results(struct rts_context *ctx) {
  ctx->cl->enqueued = false;
  return rts_cl_sync(ctx, ctx->cl, ctx->kernel_messages, ctx->kernel_message_count);
}

static const void *rts_dev_result(struct rts_context *ctx, int slot) {
  return &ctx->cl->status[RTS_CL_ERRBUF_WORDS + 2 * slot];
}

static int rts_host(struct rts_context *ctx, struct rts_block *b, const char *where) {
  if (!b->host_stale) {
    return RTS_SUCCESS;
  }
  int err = rts_dev_read(ctx, b->dev->mem, 0, b->bytes, rts_block_data(b), where);
  if (err == RTS_SUCCESS) {
    b->host_stale = 0;
  }
  return err;
}

static int rts_dev(struct rts_context *ctx, struct rts_block *b, const char *where) {
  if (b->dev == NULL) {
    int err = rts_cl_alloc(ctx, ctx->cl, &b->dev, b->bytes, where);
    if (err != RTS_SUCCESS) {
      return err;
    }
    b->dev_stale = 1;
  }
  if (!b->dev_stale) {
    return RTS_SUCCESS;
  }
  int err = rts_cl_write(ctx, ctx->cl, b->dev->mem, 0, b->bytes, rts_block_data(b), where);
  if (err == RTS_SUCCESS) {
    b->dev_stale = 0;
  }
  return err;
}

static int rts_alloc_dev(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                         const char *where) {
  int err = rts_alloc(ctx, out, bytes, where);
  if (err != RTS_SUCCESS) {
    return err;
  }
  err = rts_cl_alloc(ctx, ctx->cl, &(*out)->dev, bytes, where);
  if (err != RTS_SUCCESS) {
    rts_unref(ctx, *out);
    *out = NULL;
    return err;
  }
  (*out)->dev_stale = 0;
  (*out)->host_stale = 1;
  return RTS_SUCCESS;
}

static int rts_alloc_dev_array(struct rts_context *ctx, struct rts_block **out,
                               size_t elem_size, int rank, const int64_t *shape,
                               const char *where) {
  int64_t bytes;
  int err = rts_array_bytes(ctx, elem_size, rank, shape, where, &bytes);
  if (err != RTS_SUCCESS) {
    *out = NULL;
    return err;
  }
  return rts_alloc_dev(ctx, out, bytes, where);
}

static void rts_mirror_free(struct rts_context *ctx, struct rts_block *b) {
  if (b->dev != NULL) {
    (void)rts_cl_unref(ctx, ctx->cl, b->dev);
    b->dev = NULL;
  }
}

static int rts_make_unique_dev(struct rts_context *ctx, struct rts_block **mem, void **data,
                               size_t elem_size, int rank, const int64_t *shape,
                               const char *where) {
  if ((*mem)->refs == 1) {
    return RTS_SUCCESS;
  }
  int64_t bytes = 0;
  int err = rts_array_bytes(ctx, elem_size, rank, shape, where, &bytes);
  if (err == RTS_SUCCESS) {
    err = rts_dev(ctx, *mem, where);
  }
  struct rts_block *fresh = NULL;
  if (err == RTS_SUCCESS) {
    err = rts_alloc_dev(ctx, &fresh, bytes, where);
  }
  if (err == RTS_SUCCESS && bytes > 0) {
    err = rts_cl_copy(ctx, ctx->cl, fresh->dev->mem, 0, (*mem)->dev->mem,
                      rts_dev_offset(*mem, *data), bytes, where);
  }
  if (err != RTS_SUCCESS) {
    if (fresh != NULL) {
      rts_unref(ctx, fresh);
    }
    return err;
  }
  rts_unref(ctx, *mem);
  *mem = fresh;
  *data = rts_block_data(fresh);
  return RTS_SUCCESS;
}

/* Whether a statement's kernels run from the narrow program (Note [narrow indices] in
 * src/lower/ranges.c): every narrow variable's bounds, at least `lo` and at most `hi`
 * (evaluated with bounds.h's arithmetic), fit in 32 bits (rts_narrow_fits), and the
 * free variables that the bounds assume to be >= 0, the least of them `nonneg`, are.
 * PRISM_INDEX=64 says never (the tests of the wide program). */
static bool rts_cl_narrow(int64_t lo, int64_t hi, int64_t nonneg) {
  const char *force = getenv("PRISM_INDEX");
  if (force != NULL && strcmp(force, "64") == 0) {
    return false;
  }
  return rts_narrow_fits(lo, hi) && nonneg >= 0;
}

static int64_t rts_cl_groups(struct rts_context *ctx, int64_t n) {
  int64_t groups = (n + RTS_GROUP - 1) / RTS_GROUP;
  int64_t cap = (int64_t)ctx->cl->compute_units * RTS_CL_GROUPS_PER_UNIT;
  return groups < cap ? groups : cap;
}

static int64_t rts_cl_partial_groups(struct rts_context *ctx, int64_t n) {
  int64_t groups = (n + RTS_GROUP - 1) / RTS_GROUP;
  int64_t cap = (int64_t)ctx->cl->compute_units * 4;
  groups = groups < cap ? groups : cap;
  return groups > 0 ? groups : 1;
}

static int64_t rts_cl_segment_groups(struct rts_context *ctx, int64_t w) {
  int64_t cap = (int64_t)ctx->cl->compute_units * RTS_CL_GROUPS_PER_UNIT;
  return w < cap ? w : cap;
}

static bool rts_cl_use_group_version(struct rts_context *ctx, int64_t w, int64_t m) {
  const char *force = getenv("PRISM_SEGMENTED");
  if (force != NULL && strcmp(force, "group") == 0) {
    return true;
  }
  if (force != NULL && strcmp(force, "flat") == 0) {
    return false;
  }
  int64_t items = (int64_t)ctx->cl->compute_units * RTS_GROUP * 8;
  return m >= 1024 || (m >= 32 && w < items);
}

static bool rts_cl_fits_local(struct rts_context *ctx, int64_t bytes) {
  const char *force = getenv("PRISM_INTRA");
  if (force != NULL && strcmp(force, "global") == 0) {
    return false;
  }
  return bytes <= (int64_t)ctx->cl->local_mem_size;
}

/* Segments per work-group of group code that packs them, and into *items the
 * work-items T of each (Note [segments per group] in src/lower/kernels.c): `len` is
 * the longest slot, `bytes` a segment's slots and the group's flag. T is the power of
 * two >= len / 8 (at least 2 when len >= 8) when len <= RTS_GROUP, RTS_GROUP / 4 when
 * len <= 4 RTS_GROUP, else RTS_GROUP. The group takes RTS_PACKED_GROUP / T segments
 * (at least one), fewer when there are fewer (w), halved until their slots fit in
 * local memory; its size is the segments times T, at most RTS_PACKED_GROUP work-items
 * unless one segment needs more.
 * PRISM_SEGMENTS_PER_GROUP=N caps the segments (1: one segment per group);
 * PRISM_SEGMENT_ITEMS=T (a power of two up to RTS_GROUP) sets T. */
static int64_t rts_cl_segments_per_group(struct rts_context *ctx, int64_t w, int64_t len,
                                         int64_t bytes, int64_t *items) {
  int64_t t = RTS_GROUP;
  if (len <= RTS_GROUP) {
    t = len >= 8 ? 2 : 1;
    while (t * 8 < len) {
      t *= 2;
    }
  } else if (len <= 4 * RTS_GROUP) {
    t = RTS_GROUP / 4;
  }
  const char *forced = getenv("PRISM_SEGMENT_ITEMS");
  int64_t f = forced != NULL ? atoll(forced) : 0;
  if (f >= 1 && f <= RTS_GROUP && (f & (f - 1)) == 0) {
    t = f;
  }
  int64_t spg = t < RTS_PACKED_GROUP ? RTS_PACKED_GROUP / t : 1;
  const char *cap = getenv("PRISM_SEGMENTS_PER_GROUP");
  if (cap != NULL && atoll(cap) >= 1 && atoll(cap) < spg) {
    spg = atoll(cap);
  }
  if (spg > w) {
    spg = w > 1 ? w : 1;
  }
  while (spg > 1 && !rts_cl_fits_local(ctx, spg * bytes + 16)) {
    spg /= 2;
  }
  *items = t;
  return spg;
}

static int rts_cl_add_slot(struct rts_context *ctx, const char *where, int64_t *total,
                           int64_t n, int64_t elem) {
  int64_t bytes = 0;
  int err = rts_array_bytes(ctx, (size_t)elem, 1, &n, where, &bytes);
  if (err != RTS_SUCCESS) {
    return err;
  }
  if (bytes > INT64_MAX - 7 - *total) {
    return rts_error(ctx, RTS_OUT_OF_MEMORY,
                     "%s: error: out of memory: the arrays of one work-group are too large",
                     where);
  }
  *total += rts_align8(bytes);
  return RTS_SUCCESS;
}

static int64_t rts_transpose_tiles(int rank, const int64_t *shape, int b) {
  int64_t tiles = (shape[rank - 1] + RTS_TRANSPOSE_TILE - 1) / RTS_TRANSPOSE_TILE *
                  ((shape[b] + RTS_TRANSPOSE_TILE - 1) / RTS_TRANSPOSE_TILE);
  for (int d = 0; d < rank; d++) {
    if (d != b && d != rank - 1) {
      tiles *= shape[d];
    }
  }
  return tiles;
}

/* The transposition pays when all hold:
 *   - the device is a GPU. A CPU device (PoCL) runs a work-group's work-items on one
 *     core, and each walks its row through that core's caches, so strided reads cost
 *     little there: on PoCL, a map that walks rows of 20000 x 200 i32 took 24.9 ms
 *     reading the array, 30.6 ms reading a transposed copy, and 27.0 ms more to make it;
 *   - rows of at least RTS_COALESCE_ROW_BYTES: a work-item walking its row reads the
 *     rest of each 32-byte sector from the cache, so strided reads waste little until
 *     rows are long, and the copy costs one more read and write of the whole array and
 *     a launch. Measured on an H200 (bench/soacs-opencl's rowloop, 2^22 rows of 64 f32,
 *     256 bytes): the map reading the rows in place took 1.07 ms; the transposed copy
 *     0.75 ms and the map reading it 0.26 ms, 1.04 ms together: rows of 256 bytes are
 *     where the copy starts to pay;
 *   - at least RTS_GROUP rows per compute unit: with fewer, the kernel cannot fill the
 *     device, its time is the latency of walking one row, which the layout hardly
 *     changes, and the copy's launch and pass over the array come on top. */
#define RTS_COALESCE_ROW_BYTES 256

static bool rts_cl_coalesce(struct rts_context *ctx, int64_t n, int64_t m, int64_t elem) {
  const char *force = getenv("PRISM_TRANSPOSE");
  if (force != NULL && strcmp(force, "always") == 0) {
    return true;
  }
  if (force != NULL && strcmp(force, "never") == 0) {
    return false;
  }
  return (ctx->cl->device_type & CL_DEVICE_TYPE_GPU) != 0 &&
         m * elem >= RTS_COALESCE_ROW_BYTES &&
         n >= (int64_t)ctx->cl->compute_units * RTS_GROUP;
}
