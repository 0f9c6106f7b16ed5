/* Shared state of the OpenCL backend's files (internal to src/backend_opencl/).
 *
 *   cl_host.c       setup, host statements and their mirrors, device array operations,
 *                   the host parts every form shares
 *   cl_args.c       kernel building: parameters and arguments, kernel mode, launch
 *   cl_map.c        map and map2: elementwise kernels, vector loops
 *   cl_reduce.c     group reductions, reduce and segred
 *   cl_scan.c       scan
 *   cl_scatter.c    scatter
 *   cl_hist.c       hist
 *   cl_intra.c      intra-group kernels: their layout, versions and launches
 *   cl_group.c      the steps of group code, inside intra-group kernels
 *   cl_rows.c       maps whose elements are rows of known lengths, over the rows
 *   cl_transpose.c  transpose kernels and transposed copies
 *   cl_program.c    dispatch of a planned statement, the runtime and the program's tables,
 *                   the hooks of the C emitter (struct emit_target) and the entry point
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

#include "backend_c/emit_internal.h"
#include "backend_opencl/emit_opencl.h"

/* An array inside a kernel: a pointer to its first element in global memory and its
 * lengths (C expressions of the kernel), in row-major order, or, with strides, the
 * distance in elements between neighbours of each dimension (an array read through a
 * transposed copy: Note [coalescing transposes] in src/lower/coalesce.c). */
struct cl_view {
  const char *ptr;
  const char **dims;
  const char **strides; /* NULL: row-major */
  int rank;
};

/* An array that the kernel being emitted may read through a transposed copy: the host
 * variables of the flag that says whether it does and of the copy. */
struct cl_transposed {
  const char *flag;
  const char *copy;
};

/* A private array inside a kernel (Note [private arrays] in src/lower/kernel_code.c): the C
 * variables of its elements, in row-major order. */
struct cl_private {
  const char **elems;
  int count;
};

struct emit_cl {
  struct strbuf source;      /* the kernels' OpenCL C */
  const char **kernel_names; /* in the order of rts_cl_init's table */
  const char **kernel_alone; /* the same: "true" for a kernel built alone, else "false"
                              * (Note [kernels built alone] in rts/opencl/opencl.c) */
  int kernel_count, kernel_cap, alone_count, alone_cap;
  const char **messages;     /* failure messages, id = index + 1 */
  int message_count, message_cap;
  struct cl_view **views;    /* by variable id: arrays readable in the kernel emitted */
  struct cl_private **privates; /* by variable id: the kernels' private arrays */
  int *arg_of;               /* by variable id: 1 + the kernel it is an argument of */
  int *seen;                 /* by variable id: the stamp of the last host statement whose
                              * arrays were collected with it (emit_cl_before_host_stm) */
  int stamp;
  int next_label;            /* labels of failure regions in kernels, numbered */
  const char *fail_action;   /* what a failed check does after reporting */
  /* Group code of intra-group kernels (Note [intra-group kernels]): the flag that a
   * failure sets; scalar statements run only while it is clear, and loops stop when it
   * is set, so that nothing jumps past a barrier. NULL elsewhere. */
  const char *guard;
  const char *where_text;    /* the location of the statement being emitted */
  const char *notes_text;    /* its call trace's notes (ir_trace_notes), "" for none */
  /* by variable id: the arrays of the kernel being built that it may read transposed */
  const struct cl_transposed **transposed;
  const struct lower_plan *plan; /* the kernels of the host statements */
  bool in_kernel;            /* emitting OpenCL C: scalars as in C, checks as kernel failures */
  /* The host variable that holds 0, or the kernel count when the statement's narrow
   * variables do not fit in 32 bits (its kernels then run from the wide program: Note
   * [narrow indices] in src/lower/ranges.c); NULL for a statement without them. */
  const char *nidx;
  struct arena arena;        /* the tables above by variable id */
};

/* The OpenCL backend's state in the C emitter (its target_state). */
static inline struct emit_cl *cl_state(const struct emitter *e) {
  return e->target_state;
}

/* The element type in global memory (bool is a uchar there). */
const char *cl_elem_type(enum prim_type t);
/* Appends text to a growable list in the emitter's arena; returns the new count. */
int cl_push_string(struct emitter *e, const char ***items, int *count, int *cap,
                   const char *text);
/* Registers a failure message; returns its id. */
int cl_message(struct emitter *e, const char *text);
/* Makes s the statement whose location and call trace messages name. */
void cl_set_where(struct emitter *e, const struct ir_stm *s);

struct cl_view *cl_view_of(struct emitter *e, const struct ir_var *v);
void cl_set_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                 const char *const *dims);
void cl_set_strided_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                         const char *const *dims, const char *const *strides);
const char *cl_view_row(struct emitter *e, const struct cl_view *w, const char *i);
const char *cl_view_elems(struct emitter *e, const struct cl_view *w, int from);
void cl_declare_view(struct emitter *e, const struct ir_var *v, const char *ptr,
                     const char *const *dims);
void cl_bind_row(struct emitter *e, struct ir_var *p, const struct cl_view *w, const char *i);
/* map_fn's parameters bound to row i of the SOAC's inputs (views), its index to i. */
void cl_bind_map_rows(struct emitter *e, const struct ir_soac *so, const char *i);

/* Kernel code of a body (its results are left to the caller). */
void cl_kernel_body(struct emitter *e, const struct ir_body *b);
void cl_combine(struct emitter *e, const struct ir_lambda *op, const char *const *acc,
                const char *const *vals);
void cl_apply_map_fn(struct emitter *e, const struct ir_soac *so, const char *i,
                     const char *const *res);
void cl_apply_map_fn_args(struct emitter *e, const struct ir_soac *so, const char *const *args,
                          const char *i, const char *const *res);
/* map_fn at element `i` (a C expression) of the SOAC's inputs, which is the constant j
 * when j >= 0 (private inputs need it); res[r] lists the C variables that take the
 * elements of result r (one for a scalar). */
void cl_apply_map_fn_at(struct emitter *e, const struct ir_soac *so, const char *i, int j,
                        const char *const *const *res);
/* In kernel code: if cond, the failure with message `id` (cl_message) and up to four
 * i64 arguments, then the failure action. */
void cl_fail_with(struct emitter *e, const char *cond, int id, const char *const *args,
                  int nargs);
/* Fails the kernel unless every input of the inner SOAC `so` has its width w (a kernel
 * expression; the host checks the outer SOAC's: checked_width), with a message located
 * at `where`. With skip_failed, a work-item that failed already (`failed`) skips it. */
void cl_check_widths(struct emitter *e, const struct ir_soac *so, const char *w,
                     const char *where, bool skip_failed);
/* Unless s is #[unsafe], fails with the C backend's message when one of the `count`
 * indices `idx` is out of the lengths `dims` (C expressions; `rank` of them). */
void cl_check_index(struct emitter *e, const struct ir_stm *s, const char *const *idx,
                    int count, const char *const *dims, int rank);

/* emit_private.c: private arrays. */

/* v's private array, or NULL when v is not one. */
struct cl_private *cl_private_of(struct emitter *e, const struct ir_var *v);
/* Element k (row-major) of a scalar, a private array or a view of a private type, as a
 * C expression. */
const char *cl_element(struct emitter *e, struct ir_subexp se, int k);
/* The C variable of element k of v, a scalar or a private array. */
const char *cl_lvalue(struct emitter *e, const struct ir_var *v, int k);
/* Declares v (a scalar, or a private array when it is an array) with the elements of
 * `init`, or zeros when init is IR_SE_NONE. */
void cl_define(struct emitter *e, const struct ir_var *v, struct ir_subexp init);
/* Binds parameter p to row `i` of input x: a view's row, or row j of a private array. */
void cl_bind_input(struct emitter *e, struct ir_var *p, const struct ir_var *x, const char *i,
                   int j);
/* A statement that makes a private array, or indexes one. */
void cl_private_stm(struct emitter *e, const struct ir_stm *s);
/* Whether an inner SOAC runs unrolled (cl_unrolled_soac) rather than as a sequential
 * loop over views. */
bool cl_is_unrolled_soac(struct emitter *e, const struct ir_stm *s);
void cl_unrolled_soac(struct emitter *e, const struct ir_stm *s);
const char **cl_reduction_values(struct emitter *e, const struct ir_soac *so, const char *i,
                                 bool declare);

/* ------------------------------------------- cl_host.c, cl_program.c, emit_kernel.c */

/* Kernel mode: `if (COND)` the check fails with the message (located at the current
 * statement) and the kernel's failure action. */
void emit_cl_check(struct emitter *e, const char *cond, const char *message);
/* The same with one i64 value for the message's %lld. */
void emit_cl_check_value(struct emitter *e, const char *cond, const char *message,
                         const char *value);
/* Host mode, before and after a host statement: its arrays' host copies made current,
 * and those it wrote in place marked (Note [mirrors] in rts/opencl/mirror.h). */
void emit_cl_before_host_stm(struct emitter *e, const struct ir_stm *s);
void emit_cl_after_host_stm(struct emitter *e, const struct ir_stm *s);
void emit_cl_after_nested_apply(struct emitter *e, const struct ir_stm *s);
/* A host statement that lowering made kernels of. */
void emit_cl_kernel_stm(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);
/* replicate and copy done on the device where that pays; `host` emits the host path
 * (with its arrays made current on the host). Returns false when s is not such. */
bool emit_cl_device_stm(struct emitter *e, const struct ir_stm *s,
                        void (*host)(struct emitter *, const struct ir_stm *));
/* The OpenCL runtime (rts/opencl/), pasted after the C runtime. */
void emit_cl_paste_rts(struct emitter *e, struct strbuf *out);
/* The kernels' program as a C string table, the kernel names and failure messages. */
void emit_cl_program_tables(struct emitter *e, struct strbuf *out);
/* The state of a program's emission with the kernels of `plan`; its release. */
void emit_cl_init(struct emit_cl *cl, const struct ir_program *p, const struct lower_plan *plan);
void emit_cl_free(struct emit_cl *cl);

/* ------------------------------------------------------------- emit_cl_api.c */

/* The header's #include of the OpenCL API (before its declarations). */
void emit_cl_api_includes(struct strbuf *out);
/* The header's declarations of the device's configuration and the report. */
void emit_cl_api_declarations(struct strbuf *out, const char *prefix, const char *upper_prefix);
/* The API's context and its configuration for the OpenCL backend. */
void emit_cl_define_context(struct emitter *e, struct strbuf *out, const char *prefix);
/* The declarations of PREFIX_new_raw_SUFFIX and PREFIX_values_raw_SUFFIX of the array
 * type `name` (struct PREFIX_f32_2d, suffix f32_2d), and the definition of the second
 * (emit_api.c defines the first beside PREFIX_new_SUFFIX); `elem` is the elements' C
 * type. */
void emit_cl_declare_raw(struct strbuf *out, const char *prefix, const char *name,
                         const char *suffix, int rank);
void emit_cl_define_values_raw(struct strbuf *out, const char *prefix, const char *name,
                               const char *suffix, const char *elem, int rank);
/* PREFIX_values_SUFFIX's statements before it reads `arr`: its host copy made current. */
extern const char emit_cl_values_prologue[];
/* Before an entry point's call: a context without a device fails. */
void emit_cl_entry_before_call(struct strbuf *out, const char *fn);
/* After it: the kernels' failures belong to the call. */
void emit_cl_entry_after_call(const struct ir_fun *f, struct strbuf *out);
/* The executable's glue: the same after the call, the results' host copies current. */
void emit_cl_glue_after_call(struct strbuf *out);
void emit_cl_glue_before_outputs(const struct ir_fun *f, struct strbuf *out);

/* ------------------------------------------------------------- kernel forms */

/* A kernel being built: its parameters and prologue (OpenCL C), while host code that
 * sets the matching arguments goes to the host function. */
/* Kernel code goes to `into` until kernel_end. */
struct kmode {
  struct strbuf saved_body;
  int saved_indent;
  const char *saved_action;
};

/* An argument that a specialised kernel takes as a constant (Note [specialised kernels]
 * in rts/opencl/opencl.c): its name in the kernel and its value on the host. */
struct kb_spec {
  const char *name;
  const char *value;
};

struct kbuild {
  const char *name;
  int index;
  bool alone; /* built alone, on first use (Note [kernels built alone] in rts/opencl/) */
  const char *launch_index; /* the host's index of the kernel: index, its wide version or
                             * its specialised one */
  const struct kb_spec *spec; /* the arguments it is specialised on */
  int spec_count;
  struct strbuf params, prologue;
  int nargs;
  struct strbuf body; /* the kernel's code, between kb_body and kb_launch */
  struct kmode mode;
  const char *group_size; /* the host's work-items per group (NULL: RTS_GROUP) */
};

/* What an elementwise kernel does with map_fn's results `res` for element gi. */
typedef void (*store_fn)(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                         const char *const *res, const char *gi);

/* ------------------------------------------------------------ cl_host.c */
/* Registers a kernel's name in rts_cl_init's table, and whether it is built alone;
 * returns its index. */
int add_kernel_name(struct emitter *e, const char *name, bool alone);
/* The SOAC's width as a host constant, its inputs' outer sizes checked against it. */
const char *checked_width(struct emitter *e, const struct ir_soac *so);
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
/* Starts kernel NAME specialised on the `count` arguments `spec` (Note [specialised
 * kernels] in rts/opencl/opencl.c): the host picks the kernel built for their values,
 * and kb_long and the free variables take those named here as constants. */
void kb_start_specialised(struct emitter *e, struct kbuild *kb, const char *name,
                          const struct kb_spec *spec, int count);
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
/* A SOAC kernel's arguments: the inputs, the outputs `outs`, the free variables. */
void kb_soac_args(struct emitter *e, struct kbuild *kb, const struct ir_soac *so,
                  struct ir_var *const *outs, int out_count, const struct lower_kernel *k);
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
/* A group's loop over the elements j of [0, n) of a row, into its accumulators; its
 * end: the group combines them, and every work-item's accumulators take the result. */
void open_group_elements(struct emitter *e, bool commutative, const char *n);
void close_group_elements(struct emitter *e, const char *label, const struct ir_lambda *op,
                          const char *const *loc, const char *const *acc);
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

/* ------------------------------------------------------------ cl_rows.c */
/* The rows form (Note [rows of known length] in src/lower/forms.c). */
void emit_rows(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);

/* ------------------------------------------------------------ cl_intra.c */
/* The intra form (Note [intra-group kernels] in cl_intra.c). */
void emit_intra(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k);

/* A group kernel being emitted: its layout (the kernel IR's, the same in every version),
 * the version at hand and where its slots are. */
struct intra {
  const struct kir_kernel *kk;  /* the local version: its slots are every version's */
  const struct kir_kernel *version; /* the version being printed (its name, its build) */
  int *slot_of;                /* by variable id: 1 + the index of its slot in kk->local */
  const char *space;           /* "__local" or "__global" */
};

/* The bytes of v's slot (its length times its element's size, aligned to 8). */
const char *slot_bytes(struct emitter *e, const struct ir_var *v);
/* The name of v's slot in the kernel. */
const char *slot_name(const struct intra *g, const struct ir_var *v);
/* v's view is its slot. */
void view_slot(struct emitter *e, const struct intra *g, const struct ir_var *v);

/* ------------------------------------------------------------ cl_group.c */
/* A barrier of the group, after which every work-item reads the failure flag. */
void group_barrier(struct emitter *e, const struct intra *g);
/* Group code: the kernel IR's steps. */
void group_steps(struct emitter *e, struct intra *g, const struct kir_steps *steps);

#endif
