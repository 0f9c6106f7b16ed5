/* Blocks mirrored on the device: the memory model of the OpenCL backend.
 *
 * Note [mirrors]
 * ~~~~~~~~~~~~~~
 * A generated OpenCL program keeps the C backend's arrays (context.h, array.h): every
 * array lives in a struct rts_block with host memory, and views point into it. A block
 * may also have a device copy (rts_block.dev, a struct rts_cl_block of opencl.h) and
 * two flags that say which copy is behind:
 *   - host code (scalar code, sequential SOACs, array operations that run on the host)
 *     calls rts_host first on every block whose elements it reads or writes, and
 *     rts_host_wrote after writing one in place;
 *   - a kernel launch calls rts_dev on every block it reads (uploading a stale device
 *     copy), makes its outputs with rts_alloc_dev (device copy current, host copy
 *     stale), and calls rts_dev_wrote on blocks it writes in place (scatter, hist).
 * So data moves only when the side that reads it is behind, and arrays that kernels
 * make and kernels read never leave the device. The host memory of a block that only
 * the device uses is never touched, so the system commits none of it, unless an
 * earlier array did (the block came from the free list, Note [host free list] in
 * rts/c/context.h; a reused block starts with no device copy, as a new one does).
 *
 * A kernel's failure (Note [errbuf] in opencl.h) is looked for whenever the host waits
 * for the device anyway: before rts_host copies back, and at the end of every entry
 * point (rts_mirror_sync).
 */
#ifndef PRISM_RTS_MIRROR_H
#define PRISM_RTS_MIRROR_H

#include "bounds.h"
#include "opencl.h"

/* Makes the host copy of b current (waiting for the device and copying back when it
 * is stale). A kernel failure reported meanwhile is returned as its error. */
static int rts_host(struct rts_context *ctx, struct rts_block *b, const char *where);

/* Makes the device copy of b current, allocating it when there is none. */
static int rts_dev(struct rts_context *ctx, struct rts_block *b, const char *where);

/* A new block of `bytes` bytes for a kernel's output: its device copy is current. */
static int rts_alloc_dev(struct rts_context *ctx, struct rts_block **out, int64_t bytes,
                         const char *where);

/* The same for an array of the given shape, its size computed by rts_array_bytes (Note
 * [Checked sizes] in rts/c/array.c): what generated code allocates arrays and scratch
 * buffers on the device with. */
static int rts_alloc_dev_array(struct rts_context *ctx, struct rts_block **out,
                               size_t elem_size, int rank, const int64_t *shape,
                               const char *where);

/* The device copy of a block that rts_dev made current, and a view's byte offset. */
static inline cl_mem rts_dev_mem(const struct rts_block *b) {
  return b->dev->mem;
}

static inline int64_t rts_dev_offset(const struct rts_block *b, const void *data) {
  return (int64_t)((const char *)data - (const char *)rts_block_data((struct rts_block *)b));
}

static inline void rts_host_wrote(struct rts_block *b) {
  b->dev_stale = 1;
}

static inline void rts_dev_wrote(struct rts_block *b) {
  b->host_stale = 1;
}

/* Waits for the device and reads the error buffer's failure words and result slots in
 * one read (Note [errbuf] in opencl.h), reporting a kernel's failure as rts_cl_sync
 * does; then rts_dev_result(ctx, r) points at result slot r (8 bytes) as the kernels
 * left it. */
static int rts_dev_results(struct rts_context *ctx);
static const void *rts_dev_result(struct rts_context *ctx, int slot);

/* Reads `bytes` bytes of a device buffer into host memory (a kernel's scalar results),
 * then looks for kernel failures. */
static int rts_dev_read(struct rts_context *ctx, cl_mem mem, int64_t offset, int64_t bytes,
                        void *host, const char *where);

/* Sets up the device and builds the program's kernels: defined by the generated
 * program after its tables of kernels and messages (src/backend_opencl/). */
static int rts_cl_start(struct rts_context *ctx, struct rts_cl *cl,
                        const struct rts_cl_config *cfg);

/* Waits for the device and reports the first kernel failure since the last sync. */
static int rts_mirror_sync(struct rts_context *ctx);

/* As rts_make_unique (array.h), on the device: a block that another value shares is
 * copied into a new block, device to device. */
static int rts_make_unique_dev(struct rts_context *ctx, struct rts_block **mem, void **data,
                               size_t elem_size, int rank, const int64_t *shape,
                               const char *where);

/* ------------------------------------------------------------ Grids */

/* The work-items of a work-group in every kernel (a power of two: the group trees
 * rely on it; at least RTS_TRANSPOSE_TILE, since a transpose kernel's group copies
 * RTS_GROUP / RTS_TRANSPOSE_TILE rows of a tile per pass). A program compiled with
 * -DRTS_GROUP=N takes N instead (tests/backend_opencl/group_sizes.sh runs the group
 * kernels so); the host passes its value to the kernels' build (rts_cl_build). */
#ifndef RTS_GROUP
#define RTS_GROUP 256
#endif
/* The elements of a staged scatter that a work-item holds in private memory at most
 * (Note [staged scatters] in src/lower/kernels.c); a program compiled with
 * -DRTS_STAGE_TRIPS=N takes N instead (0: never staged), and the host passes it to the
 * kernels' build. On PoCL only a program compiled so stages (rts_cl_build). */
#ifndef RTS_STAGE_TRIPS
#define RTS_STAGE_TRIPS 8
#define RTS_STAGE_TRIPS_DEFAULT 1
#else
#define RTS_STAGE_TRIPS_DEFAULT 0
#endif
#if RTS_STAGE_TRIPS < 0 || RTS_STAGE_TRIPS > 64
#error "RTS_STAGE_TRIPS must be between 0 and 64"
#endif
#if RTS_GROUP < 64 || RTS_GROUP > 1024 || (RTS_GROUP & (RTS_GROUP - 1)) != 0
#error "RTS_GROUP must be a power of two from 64 to 1024"
#endif

/* At most the work-items of a work-group of group code that packs segments, unless
 * one segment takes more (rts_cl_segments_per_group; Note [segments per group] in
 * src/lower/kernels.c). A program compiled with -DRTS_PACKED_GROUP=N takes N instead
 * (a power of two from 32 to RTS_GROUP). */
#ifndef RTS_PACKED_GROUP
#define RTS_PACKED_GROUP 64
#endif
#if RTS_PACKED_GROUP < 32 || RTS_PACKED_GROUP > RTS_GROUP || \
    (RTS_PACKED_GROUP & (RTS_PACKED_GROUP - 1)) != 0
#error "RTS_PACKED_GROUP must be a power of two from 32 to RTS_GROUP"
#endif

/* The elements a work-group of a single-pass scan takes at a time (prelude.cl). */
#define RTS_SCAN_TILE (RTS_GROUP * 16)

/* Work-groups for n elements, one element per work-item, capped at
 * RTS_CL_GROUPS_PER_UNIT per compute unit (the kernels loop over the rest). */
#define RTS_CL_GROUPS_PER_UNIT 64
static int64_t rts_cl_groups(struct rts_context *ctx, int64_t n);

/* Work-groups of a reduction's or scan's first phase over n elements (at least 1). */
static int64_t rts_cl_partial_groups(struct rts_context *ctx, int64_t n);

/* Work-groups of a segmented reduction's group version over w segments. */
static int64_t rts_cl_segment_groups(struct rts_context *ctx, int64_t w);

/* Whether an intra-group kernel whose work-groups need `bytes` bytes of local memory
 * can have them (PRISM_INTRA=global forces the global-memory version: tests). */
static bool rts_cl_fits_local(struct rts_context *ctx, int64_t bytes);
/* Segments per work-group of group code that packs them, of w segments whose longest
 * slot has len elements and whose slots take `bytes` bytes each, and into *items the
 * work-items of a segment (mirror.c). */
static int64_t rts_cl_segments_per_group(struct rts_context *ctx, int64_t w, int64_t len,
                                         int64_t bytes, int64_t *items);

static inline int64_t rts_align8(int64_t bytes) {
  return (bytes + 7) & ~(int64_t)7;
}

/* Adds the 8-byte aligned size of an array of n elements of `elem` bytes to *total
 * (an intra-group kernel's memory per work-group); a sum that does not fit an int64_t
 * is an out-of-memory error, as rts_array_bytes reports it. */
static int rts_cl_add_slot(struct rts_context *ctx, const char *where, int64_t *total,
                           int64_t n, int64_t elem);

/* Transpose kernels copy tiles of RTS_TRANSPOSE_TILE x RTS_TRANSPOSE_TILE elements
 * (Note [transpose kernels] in src/backend_opencl/cl_transpose.c; prelude.cl repeats
 * it). The tiles of an array of the given shape whose dimension b becomes innermost: */
#define RTS_TRANSPOSE_TILE 64
static int64_t rts_transpose_tiles(int rank, const int64_t *shape, int b);

/* Whether a kernel whose work-items each walk one row of an array of n rows of m
 * elements of `elem` bytes reads it through a transposed copy (Note [coalescing
 * transposes] in src/lower/coalesce.c). The environment variable PRISM_TRANSPOSE=always
 * or =never forces the choice, =auto (or nothing) leaves it to the sizes. */
static bool rts_cl_coalesce(struct rts_context *ctx, int64_t n, int64_t m, int64_t elem);

/* Whether a segmented reduction of w segments of length m runs one work-group per
 * segment (else one work-item per segment): long segments, or too few to fill the
 * device one per work-item. The environment variable PRISM_SEGMENTED=group or =flat
 * forces one version (for tests and tuning). */
static bool rts_cl_use_group_version(struct rts_context *ctx, int64_t w, int64_t m);

#endif
