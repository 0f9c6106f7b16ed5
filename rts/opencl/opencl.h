/* The OpenCL host runtime: device choice, the program and its on-disk cache, device
 * memory, transfers, kernel launches, failures reported by kernels, and profiling.
 *
 * Generated OpenCL programs paste this file and opencl.c after the C runtime (util.h,
 * scalar.h, context.h, array.h, context.c, array.c, then opencl.h, opencl.c); the
 * kernels' source starts with prelude.cl. It uses the OpenCL 1.2 API only, so that it
 * runs on every OpenCL implementation still in use, and it follows the C runtime's
 * rules: C99, everything static and named rts_cl_*, and nothing aborts. Every cl*
 * call is checked; a failure leaves a message in the rts_context naming the OpenCL
 * error (CL_OUT_OF_RESOURCES), what was being done and, where given, the source
 * location `where`, and returns an error code of util.h: RTS_DEVICE_ERROR for OpenCL
 * failures, RTS_OUT_OF_MEMORY when device or host memory runs out.
 *
 * The runtime assumes one in-order command queue: a buffer returned to the free list
 * may be reused at once, because any later command that uses it runs after every
 * earlier one. docs/opencl.md describes device choice, the cache and profiling for
 * users.
 */
#ifndef PRISM_RTS_OPENCL_H
#define PRISM_RTS_OPENCL_H

/* The 1.2 API, with clCreateCommandQueue, which the 2.0 headers mark deprecated; a
 * program that asks for a later target still gets no deprecation warnings. */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#endif
#ifdef __APPLE__
#define CL_SILENCE_DEPRECATION
#include <OpenCL/cl.h>
#else
#include <CL/cl.h>
#endif

#include "../c/context.h"

/* ------------------------------------------------------------ Configuration */

/* What the generated API's configuration functions set
 * (prism_context_config_set_device and the like); rts_cl_config_init sets the
 * defaults. The strings are the configuration's own copies. */
struct rts_cl_config {
  char *device;           /* a case-insensitive substring of "PLATFORM: DEVICE", or "#N"
                           * for device N of rts_cl_list_devices; NULL: the first GPU,
                           * else the first device */
  cl_command_queue queue; /* the application's in-order queue, used (and not released)
                           * instead of choosing a device; NULL: make one */
  bool cache;             /* use the on-disk cache of program binaries (default on;
                           * the environment variable PRISM_CACHE=0 turns it off) */
  char *cache_dir;        /* NULL: $XDG_CACHE_HOME/prism, else $HOME/.cache/prism */
  bool profiling;         /* time every kernel launch with events (rts_cl_report) */
  char *build_options;    /* options for clBuildProgram ("-cl-fast-relaxed-math"); NULL: none */
};

static void rts_cl_config_init(struct rts_cl_config *cfg);
static void rts_cl_config_release(struct rts_cl_config *cfg);

/* Set a string of the configuration to a copy of `value` (NULL clears it). Return
 * RTS_SUCCESS, or RTS_OUT_OF_MEMORY with the old value kept. */
static int rts_cl_config_set_device(struct rts_cl_config *cfg, const char *value);
static int rts_cl_config_set_cache_dir(struct rts_cl_config *cfg, const char *value);
static int rts_cl_config_set_build_options(struct rts_cl_config *cfg, const char *value);

/* ------------------------------------------------------------ The runtime's state */

/* The free list keeps at most this many device buffers (Note [free list]). */
#define RTS_CL_FREE_MAX 32
/* Profiling events wait in the runtime until this many are pending, or the next sync. */
#define RTS_CL_PENDING_MAX 256
/* The words of the error buffer (Note [errbuf]): the failure id, padding, and four
 * 64-bit arguments as low and high halves. prelude.cl repeats this layout. */
#define RTS_CL_ERRBUF_WORDS 10
#define RTS_CL_ERRBUF_ARGS 4
/* After them in the same buffer: the result slots (8 bytes each) that reductions leave
 * their results in, read with the failure at each sync, and one counter per kernel
 * (Note [errbuf]). */
#define RTS_CL_RESULT_SLOTS 8
#define RTS_CL_STATUS_WORDS (RTS_CL_ERRBUF_WORDS + 2 * RTS_CL_RESULT_SLOTS)

/* A buffer waiting on the free list. */
struct rts_cl_free_buffer {
  cl_mem mem;
  int64_t capacity; /* its size in bytes */
};

/* A launched kernel's profiling event whose time is not yet counted. */
struct rts_cl_pending_event {
  cl_event event;
  int kernel;
};

/* Specialised kernels (Note [specialised kernels] in rts/opencl/opencl.c): the
 * programs a context keeps at most, the values one may fix, and how a kernel's
 * specialisations must pay: after RTS_CL_SPEC_FREE builds, a kernel is built again for
 * new values only while its specialised launches are at least RTS_CL_SPEC_PAYS times
 * its builds. */
#define RTS_CL_SPEC_KEEP 16
#define RTS_CL_SPEC_VALUES 8
#define RTS_CL_SPEC_FREE 4
#define RTS_CL_SPEC_PAYS 8

/* A kernel built for some values of its arguments; object NULL: the slot is free. */
struct rts_cl_spec {
  int kernel;
  int value_count;
  int64_t values[RTS_CL_SPEC_VALUES];
  cl_program program;
  cl_kernel object;
  uint64_t last_use; /* rts_cl's spec_clock when last chosen */
};

/* What a kernel's specialisations cost and give, and the one chosen for its launch. */
struct rts_cl_spec_use {
  int builds;
  int64_t launches;
  int current; /* the slot of specs that its specialised index means now */
};

/* Per-kernel counters for rts_cl_report. */
struct rts_cl_kernel_stats {
  int64_t launches;
  int64_t ns; /* total run time from profiling events (0 when profiling is off) */
};

struct rts_cl {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  bool owns_queue; /* false: the context and queue are the application's */
  cl_program program; /* the kernels not built alone (Note [kernels built alone]) */
  bool from_cache; /* the program binary came from the on-disk cache */
  /* The same program built with RTS_WIDE_INDEX (Note [narrow indices] in
   * src/lower/ranges.c), on the first launch that needs it; the source and the build's
   * configuration are kept for it and for the kernels built alone. */
  cl_program wide_program;
  char *source;
  struct rts_cl_config build_cfg;

  /* Kernels built for the values of their arguments at launch (rts_cl_specialise):
   * on for GPUs unless PRISM_SPECIALISE says otherwise. */
  bool specialise;
  struct rts_cl_spec specs[RTS_CL_SPEC_KEEP];
  struct rts_cl_spec_use *spec_use; /* one per kernel */
  uint64_t spec_clock;

  int kernel_count;
  /* 2 kernel_count of each, in the order of the names given to rts_cl_init, the narrow
   * kernels and then the wide ones: the kernels, each made on first use (the narrow
   * ones of `program` by rts_cl_init), and the programs of those built alone. */
  cl_kernel *kernels;
  cl_program *alone_programs;
  bool *alone;             /* kernel_count: built alone (Note [kernels built alone]) */
  char **kernel_names;
  struct rts_cl_kernel_stats *stats; /* narrow, wide, then specialised kernels */
  bool profiling;          /* launches are timed (the queue has profiling enabled) */
  bool enqueued;           /* commands were enqueued since the last wait (launches, copies,
                            * fills): mirror.c's syncs skip the wait otherwise */
  struct rts_cl_pending_event pending[RTS_CL_PENDING_MAX];
  int pending_count;

  /* What the device is, and facts that kernels are sized by. */
  char *platform_name, *platform_version, *device_name, *device_version, *driver_version;
  cl_device_type device_type;
  cl_ulong local_mem_size;      /* CL_DEVICE_LOCAL_MEM_SIZE */
  cl_ulong global_mem_size;     /* CL_DEVICE_GLOBAL_MEM_SIZE */
  cl_ulong max_alloc_size;      /* CL_DEVICE_MAX_MEM_ALLOC_SIZE */
  size_t max_work_group_size;   /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
  cl_uint compute_units;        /* CL_DEVICE_MAX_COMPUTE_UNITS */

  cl_mem errbuf; /* failures reported by kernels, results, counters (Note [errbuf]) */
  cl_int status[RTS_CL_STATUS_WORDS]; /* its failure words and result slots as last read */

  struct rts_cl_free_buffer free_list[RTS_CL_FREE_MAX]; /* oldest first */
  int free_count;
  int64_t free_bytes;
};

/* Chooses a device (or takes the configuration's queue), makes the context and queue,
 * builds `source` (from the cache when it can; Note [program cache]), creates the
 * kernels named (kernel_count of them; the names are copied) but those that `alone`
 * marks, which are built on first use (Note [kernels built alone]; `alone` may be NULL
 * for none), and the error buffer. `cfg` may be NULL for the defaults. On failure
 * everything made is released again, the message is in ctx, and rts_cl_release(cl) is
 * harmless. */
static int rts_cl_init(struct rts_context *ctx, struct rts_cl *cl,
                       const struct rts_cl_config *cfg, const char *source,
                       const char *const *kernel_names, const bool *alone, int kernel_count);

/* Waits for the queue and releases everything rts_cl_init made (the queue and context
 * only when they are the runtime's own) and the buffers on the free list. Blocks still
 * referenced must have been released before. Returns CL_SUCCESS or the first error of
 * OpenCL (which then has nothing left to release safely). */
static cl_int rts_cl_release(struct rts_cl *cl);

/* Prints one line per OpenCL device: its index (for "#N"), "PLATFORM: DEVICE" (what a
 * device name matches against), type, compute units, global and local memory, and
 * the largest work-group. Returns CL_SUCCESS, or the error that stopped the listing
 * (CL_PLATFORM_NOT_FOUND_KHR, -1001, when no platform is installed). */
static cl_int rts_cl_list_devices(FILE *out);

/* "CL_OUT_OF_RESOURCES" for an error code of OpenCL 1.2 (and CL_PLATFORM_NOT_FOUND_KHR),
 * "CL_UNKNOWN_ERROR" for any other; messages add the number to an unknown one
 * ("CL_UNKNOWN_ERROR(-9999)"). */
static const char *rts_cl_error_name(cl_int err);

/* ------------------------------------------------------------ Device memory */

/* A device buffer with a reference count, as struct rts_block in context.h: shared by
 * the values that use it, returned to the free list when the last reference goes. */
struct rts_cl_block {
  int64_t refs;     /* references held by live values */
  int64_t bytes;    /* the size asked for (counted in ctx->mem_current) */
  cl_mem mem;
  int64_t capacity; /* the buffer's size: at least bytes, and at least 1 */
};

/* Allocates a block of `bytes` bytes (0 gives a valid 1-byte buffer) with one
 * reference, reusing a buffer of the free list when one fits (Note [free list]). Fails
 * with RTS_OUT_OF_MEMORY when the device has no room, after emptying the free list and
 * trying again. `where` names the source location for the message. */
RTS_NOINLINE static int rts_cl_alloc(struct rts_context *ctx, struct rts_cl *cl,
                                     struct rts_cl_block **out, int64_t bytes,
                                     const char *where);

static inline void rts_cl_ref(struct rts_cl_block *b) {
  b->refs++;
}

/* Drops a reference (NULL: nothing); the last one puts the buffer on the free list.
 * Fails only when releasing a buffer that the bounded free list evicts fails. */
static int rts_cl_unref(struct rts_context *ctx, struct rts_cl *cl, struct rts_cl_block *b);

/* Releases every buffer on the free list (before allocating anew, or to give memory
 * back to the device). */
static int rts_cl_clear_free_list(struct rts_context *ctx, struct rts_cl *cl);

/* ------------------------------------------------------------ Transfers */

/* Copy `bytes` bytes between host memory and a buffer at a byte offset, waiting until
 * the copy is done (the host memory may be reused at once). Nothing happens for 0
 * bytes. */
static int rts_cl_write(struct rts_context *ctx, struct rts_cl *cl, cl_mem mem,
                        int64_t offset, int64_t bytes, const void *host, const char *where);
static int rts_cl_read(struct rts_context *ctx, struct rts_cl *cl, cl_mem mem,
                       int64_t offset, int64_t bytes, void *host, const char *where);

/* Enqueues a copy between buffers (which must not overlap within one buffer). */
static int rts_cl_copy(struct rts_context *ctx, struct rts_cl *cl, cl_mem dst,
                       int64_t dst_offset, cl_mem src, int64_t src_offset, int64_t bytes,
                       const char *where);

/* Enqueues filling `bytes` bytes with copies of a pattern of 1, 2, 4, ..., 128 bytes;
 * offset and bytes must be multiples of the pattern's size. */
static int rts_cl_fill(struct rts_context *ctx, struct rts_cl *cl, cl_mem mem,
                       int64_t offset, int64_t bytes, const void *pattern,
                       size_t pattern_size, const char *where);

/* Checks a buffer that the application hands to the API (PREFIX_new_raw_T_Nd, named
 * `fname` in messages) for an array of shape `shape` (rank dimensions) whose elements,
 * `elem_size` bytes each, start at element `offset` of the buffer: no dimension and
 * not the offset is negative, and the buffer belongs to the runtime's OpenCL context
 * and holds every element (it may be NULL only when there are none). Sets *bytes to
 * the size of the elements; returns RTS_SUCCESS, or RTS_INVALID_ARGUMENT with the
 * message (RTS_DEVICE_ERROR when OpenCL cannot say what the buffer is). */
static int rts_cl_check_app_buffer(struct rts_context *ctx, const struct rts_cl *cl,
                                   const char *fname, cl_mem mem, int64_t offset,
                                   size_t elem_size, int rank, const int64_t *shape,
                                   int64_t *bytes);

/* ------------------------------------------------------------ Kernels */

/* Sets argument `index` of kernel `kernel` (an index into rts_cl_init's names): `size`
 * bytes at `value`; for a cl_mem, &mem and sizeof(cl_mem); for __local memory, NULL
 * and the bytes wanted. */
static int rts_cl_set_arg(struct rts_context *ctx, struct rts_cl *cl, int kernel,
                          cl_uint index, size_t size, const void *value, const char *where);

/* Chooses the kernel built for `values` (count of them, in the order of its RTS_SPEC_
 * macros) in place of kernel `*kernel`, building it on first use (Note [specialised
 * kernels] in opencl.c): *kernel becomes its index for rts_cl_set_arg and
 * rts_cl_launch, until the next call for the same kernel. Leaves *kernel alone when
 * specialisation is off, for the wide program's kernels, and for a kernel whose
 * specialisations do not pay. */
static int rts_cl_specialise(struct rts_context *ctx, struct rts_cl *cl, int *kernel,
                             int count, const int64_t *values, const char *where);

/* Enqueues kernel `kernel` over `dims` (1 to 3) dimensions; `local` may be NULL to let
 * OpenCL choose, else each global size must be a multiple of its local size. A global
 * size of 0 launches nothing (OpenCL forbids it). */
static int rts_cl_launch(struct rts_context *ctx, struct rts_cl *cl, int kernel,
                         cl_uint dims, const size_t *global, const size_t *local,
                         const char *where);

/* Waits for the queue, then looks at the error buffer (Note [errbuf]). When a kernel
 * reported failure i, formats messages[i - 1] with the failure's arguments (each %lld
 * takes the next; %% is a percent sign), clears the buffer and returns
 * RTS_PROGRAM_ERROR. One round trip to the device: a blocking read of the error buffer,
 * which the in-order queue runs after everything enqueued before it. */
static int rts_cl_sync(struct rts_context *ctx, struct rts_cl *cl,
                       const char *const *messages, int message_count);

/* The same in two halves, for a wait that a blocking read of results makes anyway
 * (mirror.c): rts_cl_read_errbuf enqueues the read of the error buffer into
 * cl->status (not blocking), and after the blocking command that follows it,
 * rts_cl_check_failure reports what it found. */
static cl_int rts_cl_read_errbuf(struct rts_cl *cl, cl_bool blocking);
static int rts_cl_check_failure(struct rts_context *ctx, struct rts_cl *cl,
                                const char *const *messages, int message_count);

/* Prints launches, total milliseconds and mean microseconds per kernel, the kernel
 * that took longest first. Times need the profiling flag; counts are always kept. */
static void rts_cl_report(struct rts_cl *cl, FILE *out);

/* Note [errbuf]
 * ~~~~~~~~~~~~~
 * A kernel cannot return an error, and stopping the device is not possible, so kernels
 * report failures (an index out of bounds, a failed assert) through a small buffer that
 * every kernel takes as an argument (cl->errbuf, __global int *), and the host looks at
 * it when it synchronises. The layout, in int32 words:
 *
 *   [0]      the failure id: 0 for none, else a 1-based index into the table of
 *            messages that the generated host code passes to rts_cl_sync
 *   [1]      unused (keeps the arguments 8-byte aligned)
 *   [2 + 2k] the low 32 bits of argument k (k < 4), [3 + 2k] the high 32 bits
 *   [10 + 2r] result slot r (r < RTS_CL_RESULT_SLOTS), 8 bytes: a reduction's result r,
 *            which the host reads with the failure words in the one read of a sync
 *            (rts_dev_results in mirror.h), rather than by a read of its own
 *   [26 + k] the counter of kernel k: reductions count their finished work-groups in
 *            it, and the last one combines the groups' results and sets it back to 0
 *            (Note [last group] in src/backend_opencl/cl_reduce.c)
 *
 * prelude.cl's rts_kernel_fail sets [0] with atomic_cmpxchg from 0, and only the
 * work-item that succeeds writes the arguments, so the first failure wins and its
 * arguments are never mixed with another's. Kernels launched after a failure still run
 * (they may test rts_kernel_failed to skip their work); their results are never used,
 * because the entry point returns the error once it syncs. rts_cl_sync clears the
 * buffer after reading a failure, so the context stays usable.
 */

/* Note [free list]
 * ~~~~~~~~~~~~~~~~
 * Generated code allocates and frees device buffers at the rhythm of the host program
 * (once per loop iteration, say), and clCreateBuffer can cost as much as a small kernel.
 * A block whose last reference goes hands its buffer to the free list, and an
 * allocation takes the smallest buffer there that is large enough but not wastefully
 * so (at most twice the size asked for, or 4 KiB more). The list holds at most
 * RTS_CL_FREE_MAX buffers, the oldest going first when it is full. The memory counters
 * (ctx->mem_current, mem_peak) count the bytes of live blocks, as the C runtime does;
 * cl->free_bytes counts what the free list keeps besides.
 */

/* Note [program cache]
 * ~~~~~~~~~~~~~~~~~~~~
 * Building a program from source takes from a tenth of a second to minutes (an FFT on
 * some GPU compilers), so compiled binaries are kept on disk, in one file per key. The
 * key is the SHA-256 of the runtime's cache version, the source, the build options, the
 * platform's name and version and the device's name, version and driver version (each
 * prefixed by its length, so no two lists of texts hash alike); the file is named by
 * its hex digits. A file holds a header (magic, key, length and SHA-256 of the binary)
 * and the binary, so a truncated or foreign file is detected. A miss builds from source
 * and writes the file under a temporary name, then renames it into place, so that
 * concurrent programs never read half a file. Any failure of the cache (no directory,
 * a full disk, a binary the driver rejects) falls back to building from source,
 * silently.
 */

#endif
