/* Shared state of the OpenCL backend's kernel forms (internal to src/backend_opencl/).
 *
 *   cl_host.c       setup, host statements and their mirrors, device array operations,
 *                   the host parts every form shares
 *   cl_args.c       kernel building: parameters and arguments, kernel mode, launch
 *   cl_map.c        map and map2: elementwise kernels, vector loops
 *   cl_reduce.c     group reductions, reduce and segred
 *   cl_scan.c       scan
 *   cl_scatter.c    scatter
 *   cl_hist.c       hist
 *   cl_intra.c      intra-group kernels
 *   cl_transpose.c  transpose kernels and transposed copies
 *   cl_program.c    dispatch of a planned statement, the runtime and the program's tables
 *
 * The OpenCL backend: the forms of lower.h as kernels and the host code that launches
 * them, and the host side of the memory model (Note [mirrors] in rts/opencl/mirror.h).
 *
 * Every kernel takes the error buffer first, then its sizes, then its arrays, each as
 * a buffer, a byte offset and its lengths (a view of a block, as host arrays are), and
 * the scalars its lambdas use. Host code sets the arguments from the host variables of
 * the same names, makes every array's device copy current (rts_dev), allocates the
 * outputs on the device (rts_alloc_dev) and launches over a grid of RTS_GROUP-sized
 * work-groups, capped so that each work-item takes several elements (a grid-stride
 * loop). Reductions read their scalar results back, which waits for the device and
 * reports kernel failures.
 */
#ifndef PRISM_CL_INTERNAL_H
#define PRISM_CL_INTERNAL_H

#include "backend_opencl/emit_opencl.h"

/* A kernel being built: its parameters and prologue (OpenCL C), while host code that
 * sets the matching arguments goes to the host function. */
/* Kernel code goes to `into` until kernel_end. */
struct kmode {
  struct strbuf saved_body;
  int saved_indent;
  const char *saved_action;
};

struct kbuild {
  const char *name;
  int index;
  struct strbuf params, prologue;
  int nargs;
  struct strbuf body; /* the kernel's code, between kb_body and kb_launch */
  struct kmode mode;
};

/* What an elementwise kernel does with map_fn's results `res` for element gi. */
typedef void (*store_fn)(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                         const char *const *res, const char *gi);

/* ------------------------------------------------------------ cl_host.c */
/* Registers a kernel's name in rts_cl_init's table; returns its index. */
int add_kernel_name(struct emitter *e, const char *name);
/* The SOAC's width as a host constant. */
const char *width_of(struct emitter *e, const struct ir_soac *so);
/* Inputs' outer sizes against the width, as the C backend checks them. */
void check_inputs(struct emitter *e, const struct ir_soac *so, const char *w);
/* An output y of shape [w] (or [w][m]) on the device. */
void alloc_output(struct emitter *e, const struct ir_var *y, const char *w,
                  const char *m);
/* A device buffer of n (n * m) scalars of type t, owned by the function. */
const char *temp_buffer(struct emitter *e, enum prim_type t, const char *n,
                        const char *m);
/* Releases a temp_buffer. */
void release_temp(struct emitter *e, const char *name);

/* ------------------------------------------------------------ cl_args.c */
/* Starts kernel NAME: its error buffer argument first. */
void kb_start(struct emitter *e, struct kbuild *kb, const char *name);
/* The host sets the kernel's next argument from LVALUE of SIZE bytes. */
void kb_set_arg(struct emitter *e, struct kbuild *kb, const char *size,
                const char *lvalue);
/* A long argument named `name` in the kernel, from the host expression `value`. */
void kb_long(struct emitter *e, struct kbuild *kb, const char *name, const char *value);
/* A pointer argument `__global T *name` into a device buffer at a byte offset. */
void kb_pointer(struct emitter *e, struct kbuild *kb, enum prim_type prim,
                const char *mem, const char *offset, const char *name);
/* Long arguments PREFIXd with the lengths of host array `host` of the given rank. */
const char **kb_dims(struct emitter *e, struct kbuild *kb, const char *host, int rank,
                     const char *prefix);
/* An array argument: v's device copy seen as its view (transposed where registered). */
void kb_array(struct emitter *e, struct kbuild *kb, const struct ir_var *v);
/* A device buffer of scalars of type t (partial results): `__global T *name`. */
void kb_buffer(struct emitter *e, struct kbuild *kb, enum prim_type t, const char *name,
               const char *host_block);
/* The arguments every form passes: the lambdas' free variables. */
void kb_free_vars(struct emitter *e, struct kbuild *kb, const struct lower_kernel *k);
/* The launch of kernel kb over `groups` work-groups of RTS_GROUP work-items. */
void launch(struct emitter *e, const struct kbuild *kb, const char *groups);
/* Kernel code from here on goes to the kernel's body. */
void kb_body(struct emitter *e, struct kbuild *kb);
/* Ends the kernel's body, emits the kernel and launches it over `groups` groups. */
void kb_launch(struct emitter *e, struct kbuild *kb, const char *groups);
/* The kernel of k that has the role `suffix` ("", "_group", "_transpose0" ...: the kernel
 * IR names it, src/lower/kernel.h). */
const struct kir_kernel *cl_kir(const struct lower_kernel *k, const char *suffix);
/* The loop over elements `i` of [0, n) shared by the one-element-per-item kernels. */
void open_grid_loop(struct emitter *e, const char *i, const char *n);
/* Closes a loop that open_grid_loop (or a form) opened. */
void close_loop(struct emitter *e);
/* Stores scalar results `res` at position i of the outputs `outs` (views). */
void store_results(struct emitter *e, struct ir_var *const *outs, int n,
                   const char *const *res, const char *i);
/* Declares one kernel variable per result type; returns their names. */
const char **declare_results(struct emitter *e, const struct ir_type *ts, int n);

/* ------------------------------------------------------------ cl_transpose.c */
/* A transpose statement: rearrange, or a map of one (lower.h). */
void emit_transpose(struct emitter *e, const struct ir_stm *s,
                    const struct lower_kernel *k);
/* Before a map kernel: transposed copies of the arrays its work-items walk. */
void transpose_walked(struct emitter *e, const struct ir_stm *s,
                      const struct lower_kernel *k);
/* After the kernel: the copies go (the queue runs in order, so the kernel has them). */
void release_walked(struct emitter *e, const struct lower_kernel *k);

/* ------------------------------------------------------------ cl_map.c */
/* A kernel with one element of [0, w) per work-item and pass, `store` of results. */
void emit_elementwise(struct emitter *e, const struct ir_stm *s,
                      const struct lower_kernel *k, const char *suffix, const char *w,
                      int outputs, store_fn store);
/* map over [0, w): one work-item per element. */
void emit_map_kernel(struct emitter *e, const struct ir_stm *s,
                     const struct lower_kernel *k, const char *w, const char *suffix);
/* The map form. */
void emit_map(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);
/* The map2 form: a map over the rows of a map, one work-item per inner element. */
void emit_map2(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);

/* ------------------------------------------------------------ cl_reduce.c */
/* A fresh label and the failure action that jumps to it, flagging the work-item. */
const char *fail_region(struct emitter *e, const char **label);
/* Declares the local buffers first..first+n of kk, a reduction's tree (one per
 * accumulator, of the group's size): `__local T NAME[RTS_GROUP]`; returns the names. */
const char **cl_tree(struct emitter *e, const struct kir_kernel *kk, int first, int n);
/* Declares PREFIX_r per accumulator, set to the neutral elements. */
const char **declare_accumulators(struct emitter *e, const struct ir_soac *so,
                                  const char *prefix);
/* The group combines loc[0..L) in order into loc[0] (op need not commute). */
void group_tree(struct emitter *e, const struct ir_lambda *op, const char *const *loc);
/* loc[r][at] = vals[r] for each accumulator r. */
void store_local(struct emitter *e, const struct ir_lambda *op, const char *const *loc,
                 const char *const *vals, const char *at);
/* Phase 1 of reduce and scan: each group reduces its part of [0, w) into part[group]. */
void group_partials(struct emitter *e, const struct ir_stm *s, const struct kir_kernel *kk,
                    const char *const *parts);
/* The kernel arguments of the reduce and scan kernels. */
void reduction_args(struct emitter *e, struct kbuild *kb, const struct ir_stm *s,
                    const struct lower_kernel *k, const char *w, bool map_outs);
/* One temp_buffer of `count` partial results per accumulator. */
const char **partial_buffers(struct emitter *e, const struct ir_soac *so,
                             const char *count);
/* The buffers `bufs` as kernel parameters PREFIX_r; returns their names. */
const char **buffer_params(struct emitter *e, struct kbuild *kb, const struct ir_soac *so,
                           const char *const *bufs, const char *prefix);
/* The reduce form. */
void emit_reduce(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);
/* The segred form. */
void emit_segred(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);

/* ------------------------------------------------------------ cl_scan.c */
/* A scan's element i (when `in_range`): map_fn's values for op in fresh accumulators. */
const char **scan_element(struct emitter *e, const struct ir_stm *s, const char *in_range);
/* The work-items' values `mine` scanned in order across the group (Hillis and Steele). */
void group_scan(struct emitter *e, const struct ir_lambda *op, const char *const *loc,
                const char *const *mine);
/* The scan form. */
void emit_scan(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);

/* ------------------------------------------------------------ cl_scatter.c */
/* The destination d taken by the result (copied on the device unless unique). */
void take_dest(struct emitter *e, const struct ir_stm *s, int d);
/* The scatter form. */
void emit_scatter(struct emitter *e, const struct ir_stm *s,
                  const struct lower_kernel *k);

/* ------------------------------------------------------------ cl_hist.c */
/* The hist form. */
void emit_hist(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);

/* ------------------------------------------------------------ cl_intra.c */
/* The intra form (Note [intra-group kernels]). */
void emit_intra(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);

#endif
