/* The start of every generated OpenCL program: how kernels report failures.
 *
 * Every kernel takes the runtime's error buffer (rts_cl.errbuf, RTS_CL_ERRBUF_WORDS
 * int32s; Note [errbuf] in rts/opencl/opencl.h) as an argument. A work-item that finds
 * a failure (an index out of bounds, a failed assert) calls rts_kernel_fail with the
 * failure's id, a 1-based index into the table of messages that the host code passes
 * to rts_cl_sync, and four 64-bit values for the message's %lld placeholders (0 for
 * those it does not use). The first failure wins; the host reads it at the next sync.
 *
 * After reporting, a work-item of a kernel without barriers may return. In a kernel
 * with barriers every work-item must reach every barrier, so it carries on with safe
 * values (a clamped index) instead, and skips its writes.
 */

#define RTS_ERRBUF_WORDS 10
/* The error buffer's result slots and kernels' counters, as the words of the buffer
 * (RTS_CL_STATUS_WORDS and Note [errbuf] in rts/opencl/opencl.h). */
#define RTS_RESULTS_AT RTS_ERRBUF_WORDS
#define RTS_RESULT_SLOTS 8
#define RTS_COUNTERS_AT (RTS_RESULTS_AT + 2 * RTS_RESULT_SLOTS)

/* Reports failure `id` with its arguments, unless some failure was reported before. */
void rts_kernel_fail(volatile __global int *errbuf, int id, long a0, long a1, long a2,
                     long a3) {
  if (atomic_cmpxchg(errbuf, 0, id) == 0) {
    errbuf[2] = as_int((uint)a0);
    errbuf[3] = as_int((uint)((ulong)a0 >> 32));
    errbuf[4] = as_int((uint)a1);
    errbuf[5] = as_int((uint)((ulong)a1 >> 32));
    errbuf[6] = as_int((uint)a2);
    errbuf[7] = as_int((uint)((ulong)a2 >> 32));
    errbuf[8] = as_int((uint)a3);
    errbuf[9] = as_int((uint)((ulong)a3 >> 32));
  }
}

/* Whether a failure has been reported (by this launch or an earlier one since the last
 * sync): a kernel may skip its work, since its results will not be used. */
bool rts_kernel_failed(volatile __global int *errbuf) {
  return errbuf[0] != 0;
}

/* The work-items of a work-group in every kernel (RTS_GROUP in mirror.h, which the
 * host passes as a build option). */
#ifndef RTS_GROUP
#define RTS_GROUP 256
#endif

/* Single-pass scans (Note [single-pass scan] in src/backend_opencl/cl_scan.c): the
 * elements of a tile per work-item, and a tile's elements (RTS_SCAN_TILE in mirror.h). */
#define RTS_SCAN_ITEMS 16
#define RTS_SCAN_TILE (RTS_GROUP * RTS_SCAN_ITEMS)
/* The predecessors whose status words a tile's look-back reads at once. */
#define RTS_SCAN_LOOKBACK 32
/* A tile's index in local memory, one word of padding every 32 so that work-items
 * reading RTS_SCAN_ITEMS consecutive elements each hit different banks. */
#define RTS_PAD(i) ((i) + ((i) >> 5))

/* Transpose kernels (Note [transpose kernels] in src/backend_opencl/cl_transpose.c):
 * tiles of RTS_TRANSPOSE_TILE x RTS_TRANSPOSE_TILE elements (mirror.h). */
#define RTS_TRANSPOSE_TILE 64

/* The qualifier of intra-group kernels' failure flag (Note [intra-group kernels] in
 * src/backend_opencl/cl_intra.c): volatile, but where the runtime's build options
 * say otherwise (PoCL). */
#ifndef RTS_FLAG_QUALIFIER
#define RTS_FLAG_QUALIFIER volatile
#endif

/* The element loops of group kernels (Note [uniform element loops] in
 * src/backend_opencl/cl_group.c): `for (jb = RTS_ELEM_FIRST; jb < n; jb += RTS_GROUP)`
 * with the element RTS_ELEM_INDEX(jb), guarded by `< n`. By default a work-item starts
 * at its local id (the guard is then always true and compiles away); where the
 * runtime's build options say RTS_UNIFORM_ELEMENT_LOOPS (PoCL), and in a specialised
 * build (RTS_SPEC_ONLY), whose n and group are constants, every work-item runs the
 * same trip count from 0. */
#if defined(RTS_UNIFORM_ELEMENT_LOOPS) || defined(RTS_SPEC_ONLY)
#define RTS_ELEM_FIRST 0
#define RTS_ELEM_INDEX(jb) ((jb) + lid)
#else
#define RTS_ELEM_FIRST lid
#define RTS_ELEM_INDEX(jb) (jb)
#endif

/* While loops of group code whose trips a specialised build fixes (Note [unrolled
 * group loops] in src/lower/kernels.c): their first RTS_UNROLL_TRIPS trips unrolled. */
#ifndef RTS_UNROLL_TRIPS
#define RTS_UNROLL_TRIPS 8
#endif

/* Staged scatters (Note [staged scatters] in src/lower/kernels.c): a work-item holds at
 * most this many of a scatter's elements in private memory (RTS_STAGE_TRIPS in
 * mirror.h, which the host passes as a build option). */
#ifndef RTS_STAGE_TRIPS
#define RTS_STAGE_TRIPS 8
#endif
#define RTS_STAGE_ARRAY (RTS_STAGE_TRIPS > 0 ? RTS_STAGE_TRIPS : 1) /* 0: never staged */

/* Narrow index arithmetic (Note [narrow indices] in src/lower/ranges.c): the i64
 * variables of kernel code that lowering proved to lie in ranges of the kernel's
 * arguments are of type rts_nidx, and their arithmetic calls RTS_NIDX(OP), the
 * operator on rts_nidx. The host launches a kernel from this program when the ranges
 * fit in 32 bits at launch, and otherwise from the same program built with
 * RTS_WIDE_INDEX, where rts_nidx is the i64 it stands for. */
#ifdef RTS_WIDE_INDEX
typedef long rts_nidx;
#define RTS_NIDX(op) rts_##op##_i64
#else
typedef int rts_nidx;
#define RTS_NIDX(op) rts_##op##_i32
#endif

/* Sizes of intra-group kernels' slots (rts_align8 in mirror.h). */
long rts_align8(long bytes) {
  return (bytes + 7) & ~7L;
}

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

/* hist's + on floats: a compare-and-swap loop on the bits. */
void rts_atomic_add_f32(volatile __global uint *p, float v) {
  uint old = *p, assumed;
  do {
    assumed = old;
    old = atomic_cmpxchg(p, assumed, as_uint(as_float(assumed) + v));
  } while (old != assumed);
}

#ifdef cl_khr_fp64
void rts_atomic_add_f64(volatile __global ulong *p, double v) {
  ulong old = *p, assumed;
  do {
    assumed = old;
    old = atom_cmpxchg(p, assumed, as_ulong(as_double(assumed) + v));
  } while (old != assumed);
}
#endif
