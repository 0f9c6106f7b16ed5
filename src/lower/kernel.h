/* The kernel IR: what lowering decides for each host-level statement that runs on the
 * device (DESIGN.md section 2, IR 4; docs/internals.md).
 *
 * Host code stays core IR. A statement that lowering gives to the device has a struct
 * lower_kernel (lower.h) whose `kernels` are the OpenCL kernels that carry it out, in
 * the order the host launches them, and whose `choice` says how the host picks among
 * them when they are versions of one another. Each kernel states every decision that
 * shapes its code, so that the OpenCL renderer (src/backend_opencl/) only prints:
 *
 *   level      global: work-items take elements on their own; group: a work-group
 *              takes a segment (one element of the outer map) and its work-items share
 *              the segment's inner SOACs, meeting at barriers
 *   geometry   how many work-groups a launch has (a function of a size, evaluated on
 *              the host by the runtime: rts/opencl/mirror.c), their size, how many
 *              elements a work-item takes per pass, and, at group level, the segment's
 *              length and the segments a work-group takes at once
 *   elements   how a work-item's elements are spread: strided (j, j + G, ...: any
 *              order, the operator commutes) or chunked (a contiguous run, for
 *              operators that are only associative)
 *   local      the local-memory layout: each buffer with its element type and length
 *   index      the type of index arithmetic: i64, or narrow (32-bit where the bounds
 *              of the statement's narrow variables fit, checked at launch: `narrow`
 *              in struct lower_kernel, Note [narrow indices] in ranges.c)
 *   steps      group level (intra): the body as explicit steps, one per statement of
 *              the segment's code, with the barriers between them
 *
 * The bodies of the global forms are fixed per form (a grid-stride loop, a two-phase
 * tree, a scan's phases: docs/opencl.md), so their kernels state only the parameters
 * of those bodies (elements per work-item, vectors, strided or chunked, trees, result
 * slots); only group code lists its body as steps.
 *
 * Invariants (kir_verify checks them, after lowering, like ir_verify):
 *   - a barrier is a step of the group body, of a loop step's lists or of an if
 *     step's arms, never inside a per-work-item step: every work-item of the group
 *     reaches it (loop bounds and branches of group code are uniform, lower.h);
 *   - a rotate step follows a barrier, or comes first in a loop's `next` when the
 *     loop's body ends synced (kir_synced_after): every read of the slots it moves
 *     is done;
 *   - a step that writes memory that other work-items read (fill, map, scatter,
 *     reduce, scan, copy) is followed by a barrier before the next step, except a
 *     fill followed by a fill that reads none of the run's arrays (kir_fill_joins_run):
 *     the barrier after the last of such a run serves them all;
 *   - every array a step writes in group memory has a slot in the layout, and every
 *     reduction's tree is a run of the kernel's local buffers, one per accumulator;
 *   - every variable that the kernels' lambdas use from outside is an argument
 *     (lower_kernel.free) or bound by the SOAC (its parameters, index, pattern);
 *   - the versions match the choice (one group and one global kernel for the segment
 *     length, a local and a global version for local memory, two global kernels for
 *     the bins), every kernel takes at least one element per work-item, and each
 *     form's own fields agree (kir_check in kernel_check.c lists them).
 */
#ifndef PRISM_LOWER_KERNEL_H
#define PRISM_LOWER_KERNEL_H

#include <stdbool.h>

#include "ir/ir.h"
#include "support/strbuf.h"

enum kir_level { KIR_GLOBAL, KIR_GROUP };

/* The type of the kernels' index arithmetic: i64, or 32 bits for the narrow variables
 * of the statement when their bounds fit at launch (Note [narrow indices] in ranges.c). */
enum kir_index { KIR_INDEX_I64, KIR_INDEX_NARROW };

/* A bound of the narrow index analysis: an integer expression of constants and of the
 * statement's free variables, which the host evaluates at launch. Arithmetic saturates
 * at +-2^62; DIV is floor division by a divisor taken as at least 1. */
#define KIR_TERMS(X)                                                                     \
  X(KIR_TERM_CONST, "const") X(KIR_TERM_VAR, "var") X(KIR_TERM_ADD, "+")                 \
  X(KIR_TERM_SUB, "-") X(KIR_TERM_MUL, "*") X(KIR_TERM_DIV, "/") X(KIR_TERM_MIN, "min")  \
  X(KIR_TERM_MAX, "max")

enum kir_term_op {
#define X(t, name) t,
  KIR_TERMS(X)
#undef X
};

struct kir_term {
  enum kir_term_op op;
  int64_t c;                 /* CONST */
  const struct ir_var *var;  /* VAR */
  const struct kir_term *a, *b;
  int depth;                 /* 1 for CONST and VAR; at most KIR_TERM_DEPTH */
};

/* Deeper bounds are unknown, so that printing and evaluating them recurse little. */
#define KIR_TERM_DEPTH 48

/* The narrow variables of a statement's kernel code, and the least lower and greatest
 * upper bound of their values, which the host checks against 32 bits at launch (NULL:
 * a constant known to fit), and the least of the free variables that the bounds assume
 * to be >= 0 (NULL: none), which it checks too. */
struct kir_narrow {
  const struct ir_var **vars;
  int var_count;
  const struct kir_term *lo, *hi, *nonneg;
};

/* The narrow variables of statement s (a SOAC; none for anything else). */
struct arena;
struct kir_narrow kir_narrow_stm(struct arena *a, const struct ir_stm *s);
/* An operator's spelling in printed terms: "+", ..., "min", "max". */
const char *kir_term_name(enum kir_term_op op);
/* Prints a term as an expression. */
void kir_print_term(struct strbuf *out, const struct kir_term *t);

/* A launch's work-groups, from `n` (rts/opencl/mirror.c). */
#define KIR_GRIDS(X)                                                                    \
  X(KIR_GRID_CAPPED, "capped", "enough for n work-items, capped; work-items stride")     \
  X(KIR_GRID_PARTIALS, "partials", "a reduction's first phase: rts_cl_partial_groups")  \
  X(KIR_GRID_TILES, "tiles", "one per tile of RTS_SCAN_TILE elements")                  \
  X(KIR_GRID_SEGMENTS, "segments", "work-groups stride over n segments")                \
  X(KIR_GRID_ONE, "one", "one work-group")

enum kir_grid {
#define X(g, name, text) g,
  KIR_GRIDS(X)
#undef X
};

/* What `n` counts: the statement's width, its width times the inner SOAC's (map2), the
 * elements of the array transposed, its tiles (a tiled transpose), the width times the
 * rows' lengths and one (rows), or the bins of a hist's destinations (a hist without
 * atomics). */
enum kir_count {
  KIR_COUNT_WIDTH,
  KIR_COUNT_FLAT,
  KIR_COUNT_ELEMS,
  KIR_COUNT_TRANSPOSE_TILES,
  KIR_COUNT_ROWS, /* the width times the rows' lengths and one (rows) */
  KIR_COUNT_BINS
};

/* How a work-item's elements of a loop are spread over the range. */
enum kir_elements {
  KIR_STRIDED, /* j, j + G, j + 2G, ...: any order (the operator commutes) */
  KIR_CHUNKED  /* one contiguous run per work-item, in order */
};

struct kir_geometry {
  enum kir_grid grid;
  enum kir_count count;
  int group_size;          /* 0: RTS_GROUP, set when the kernels are built (default 256);
                            * a packed kernel's is its segments per group times a
                            * segment's work-items, chosen at run time */
  int items;               /* elements a work-item takes per pass of its loop */
  int vectors;             /* vectors of 4 that a work-item loads and stores per pass of
                            * its first loop (map; 0: none) */
  struct ir_subexp segment;/* group level: a segment's length (IR_SE_NONE: varies) */
  int segments_per_group;  /* group level: segments a work-group takes at once */
  bool packed;             /* group level: as many segments per group as fit, chosen at
                            * run time (Note [segments per group] in kernels.c) */
};

/* How many elements a buffer of local memory holds. */
enum kir_extent {
  KIR_EXTENT_ELEMS,          /* `elems`, a size (a slot of group code) */
  KIR_EXTENT_GROUP,          /* one per work-item (a reduction's tree) */
  KIR_EXTENT_SCAN_TILE,      /* RTS_SCAN_TILE, padded against bank conflicts */
  KIR_EXTENT_TRANSPOSE_TILE, /* RTS_TRANSPOSE_TILE x (RTS_TRANSPOSE_TILE + 1) */
  KIR_EXTENT_HIST_BINS       /* KIR_HIST_LOCAL_BINS: a work-group's own histogram */
};

/* The most bins of a hist whose work-groups combine into a histogram of their own in
 * local memory, one word per bin, before the destination (Note [hist updates] in
 * forms.c): 8 KiB of 64-bit words. */
#define KIR_HIST_LOCAL_BINS 1024

/* A buffer of local memory (or, for the slots of a group kernel whose space is global,
 * of its work-group's part of a scratch buffer); `var` is the array a slot holds. */
struct kir_local {
  const char *name;
  enum prim_type prim;
  enum kir_extent extent;
  struct ir_subexp elems;
  const struct ir_var *var;
  const struct ir_var *param; /* a loop parameter that starts as `var` and takes its
                               * slot (Note [slots of loops] in kernels.c), or NULL */
  bool spill;                 /* a staged scatter's copy: a slot in global scratch in
                               * every version (Note [staged scatters] in kernels.c) */
};

/* Where a group kernel's slots (arrays of group code) live. */
enum kir_space { KIR_SPACE_LOCAL, KIR_SPACE_GLOBAL };

#define KIR_STEPS(X)                                                                      \
  X(KIR_STEP_SCALAR, "scalar")   /* a statement every work-item runs alike */             \
  X(KIR_STEP_FILL, "fill")       /* replicate, iota or copy into its slot, one element    \
                                    per work-item */                                      \
  X(KIR_STEP_MAP, "map")         /* an inner map, one element per work-item */            \
  X(KIR_STEP_SCATTER, "scatter") /* an inner scatter, one element per work-item; staged    \
                                    when it reads its destinations (`shadow`) */          \
  X(KIR_STEP_REDUCE, "reduce")   /* elements per work-item, then a tree in `tree` */      \
  X(KIR_STEP_SCAN, "scan")       /* group-size chunks, each scanned in `tree` */          \
  X(KIR_STEP_LOOP, "loop")       /* a loop of the whole group: init, body, next */        \
  X(KIR_STEP_IF, "if")           /* a branch of the whole group: body, orelse */          \
  X(KIR_STEP_BIND, "bind")       /* a loop parameter: a scalar, or an array in its slot */\
  X(KIR_STEP_COPY, "copy")       /* an array into the slot of `to` */                     \
  X(KIR_STEP_ROTATE, "rotate")   /* slots change hands: no element moves */               \
  X(KIR_STEP_BARRIER, "barrier") /* the work-group meets; its failure flag is read */

enum kir_step_kind {
#define X(k, name) k,
  KIR_STEPS(X)
#undef X
};

struct kir_steps {
  struct kir_step *items;
  int count, cap;
};

struct kir_step {
  enum kir_step_kind kind;
  const struct ir_stm *stm;    /* the statement (LOOP: the loop; IF: the branch) */
  enum kir_elements elements;  /* REDUCE */
  int tree;                    /* REDUCE, SCAN: the first of its local buffers */
  int param;                   /* BIND: the loop parameter's index */
  const struct ir_var *to;     /* COPY: the array whose slot is written */
  struct ir_subexp from;       /* COPY: the array copied */
  struct kir_steps init, body, next; /* LOOP: parameters bound, the body, the results
                                      * into the parameters' slots (Note [slots of
                                      * loops] in kernels.c); IF: body is the then arm */
  struct kir_steps orelse;     /* IF: the else arm */
  bool fixed_trips;            /* LOOP: a while loop whose trips the specialised values
                                * fix (Note [unrolled group loops] in kernels.c) */
  const struct ir_var **rotate_to, **rotate_from; /* ROTATE: at once, the slot of each
                                      * rotate_to[i] becomes that of rotate_from[i] */
  int rotate_count;
  const struct ir_var **shadow, **shadowed; /* SCATTER: the copies that the scatter's
                                      * lambda reads in place of its destinations
                                      * (Note [staged scatters] in kernels.c) */
  int shadow_count;
  bool staged;                 /* SCATTER with shadows: the renderer may stage it, where
                                * each work-item has few elements (Note [staged
                                * scatters] in kernels.c); else it fills the copies */
};

struct kir_kernel {
  const char *name;            /* FORM_ID SUFFIX: unique in the program */
  const char *suffix;          /* its role among the statement's kernels: "", "_group", ... */
  enum kir_level level;
  enum kir_index index;
  struct kir_geometry geo;
  enum kir_elements elements;  /* how work-items share a reduction's elements */
  struct kir_local *local;     /* the local-memory layout */
  int local_count;
  enum kir_space space;        /* group level: where the slots are */
  bool conditional;            /* launched only when the host says it pays (transposes) */
  bool private_rows;           /* map: results are private arrays, each work-item writes
                                * its element's rows (Note [rows of private arrays]) */
  /* Built again at launch with the values of the statement's free scalars `spec` (and
   * of its rows per group, when packed) as constants (Note [specialised kernels] in
   * rts/opencl/opencl.c). */
  bool specialised;
  struct ir_var **spec;
  int spec_count;
};

/* How the host picks among a statement's kernels. */
#define KIR_CHOICES(X)                                                                   \
  X(KIR_ALL, "all", "launch each, in order")                                            \
  X(KIR_GROUP_VERSION, "segment length",                                                \
    "the group version when segments are long and few (rts_cl_use_group_version)")     \
  X(KIR_FITS_LOCAL, "local memory",                                                     \
    "slots in local memory when they fit (rts_cl_fits_local), else global scratch; "    \
    "the packed version when it takes several rows per group")                          \
  X(KIR_FEW_BINS, "bins",                                                               \
    "histograms per work-group when the bins are at most KIR_HIST_LOCAL_BINS")

enum kir_choice {
#define X(c, name, text) c,
  KIR_CHOICES(X)
#undef X
};

/* Note [elements per work-item] in kernels.c; a build of the compiler may set them
 * (-DKIR_UNROLL=1, -DKIR_VECTORS=0) to measure without. */
#ifndef KIR_UNROLL
#define KIR_UNROLL 8
#endif
#define KIR_UNROLL_MAX_STMS 40
#ifndef KIR_VECTORS
#define KIR_VECTORS 1
#endif
#define KIR_VECTOR_PASSES 2 /* vectors of 4 per work-item and pass */
/* A reduction's results (and the rows form's lengths) come back in the error buffer's
 * result slots (RTS_CL_RESULT_SLOTS of rts/opencl/opencl.h) when it has at most this
 * many. */
#define KIR_RESULT_SLOTS 8

const char *kir_grid_name(enum kir_grid g);
const char *kir_step_name(enum kir_step_kind k);
const char *kir_choice_name(enum kir_choice c);

/* Appends a step to a list (the list's storage is the arena's). */
struct arena;
struct kir_step *kir_add_step(struct arena *a, struct kir_steps *list, enum kir_step_kind k);

/* Calls fn(step, arg) on each step of the list and of the lists nested in it (a loop's
 * init, body and next, an if's arms), each step before those nested in it, until one
 * call returns true; returns whether one did. */
bool kir_any_step(const struct kir_steps *list,
                  bool (*fn)(const struct kir_step *st, void *arg), void *arg);

/* Whether a fill of statement `fill` may follow the list's first `end` steps with no
 * barrier between them: step end - 1 is a fill, and `fill` reads the array of none of
 * the fills since the barrier before it (Note [fills without barriers] in kernels.c). */
bool kir_fill_joins_run(const struct kir_steps *list, int end, const struct ir_stm *fill);

/* Whether every work-item has met at a barrier since its last access to group memory
 * when it comes to the end of the steps, `entry` telling whether that holds at their
 * start (Note [barriers at the end of a pass] in kernels.c). */
bool kir_synced_after(const struct kir_steps *list, bool entry);

/* Which slot of group code holds an array (Note [slots of loops] in kernels.c). */
struct ptrmap;
/* Fills `owners` (variable -> variable) for the arrays of the body, nested bodies
 * included, that are held in another array's slot. */
void kir_find_owners(const struct ir_body *b, struct ptrmap *owners);
/* The array whose slot holds se (se itself when it has its own), or NULL for a
 * constant. */
const struct ir_var *kir_owner(const struct ptrmap *owners, struct ir_subexp se);

/* How a loop of group code passes its results to its parameters. */
enum kir_next {
  KIR_NEXT_NONE,   /* every array result is in its parameter's slot */
  KIR_NEXT_ROTATE, /* the slots change hands */
  KIR_NEXT_COPY,   /* the results are copied into the parameters' slots */
  KIR_NEXT_UNSAFE  /* a copy would read a slot that another copy wrote: not planned */
};
enum kir_next kir_loop_next(const struct ptrmap *owners, const struct ir_loop *l);

struct lower_kernel;
/* Decides the kernels of statement s, planned as k (its form, free variables and
 * transposed arrays set): k's kernels, choice and steps. */
void kir_build(struct arena *a, const struct ir_stm *s, struct lower_kernel *k);
/* How many of k's kernels are of the level (`--structure` counts them). */
int kir_kernels_at(const struct lower_kernel *k, enum kir_level level);
/* Checks the invariants above: the first one found broken, or NULL. */
const char *kir_check(const struct ir_program *p, const struct ir_stm *s,
                      const struct lower_kernel *k);
/* kir_check, with an internal error when an invariant is broken. */
void kir_verify(const struct ir_program *p, const struct ir_stm *s,
                const struct lower_kernel *k);
/* Prints the kernels of k, a line each, then group code's steps, indented by `indent`. */
void kir_print(struct strbuf *out, const struct ir_stm *s, const struct lower_kernel *k);

#endif
