/* Lowering for the OpenCL backend: which host statements become kernels, and of what
 * form (DESIGN.md section 2, IR 4).
 *
 * The kernel IR of Prism is the core IR with a plan: host code stays core IR (scalars,
 * loops, ifs, calls, array operations, and the SOACs no kernel form covers, which run
 * sequentially on the host), and each SOAC statement at host level that a kernel form
 * covers maps to a struct lower_kernel. The OpenCL backend emits host code with the C
 * emitter and each planned statement as kernel launches (src/backend_opencl/); the C
 * backend needs no plan. `prismc dump --after lower` prints the program with the plan,
 * and `--structure` counts kernels by level.
 *
 * A lambda can run inside a kernel when its body is *kernel code*: scalar operations,
 * assertions, reads of arrays (free arrays, rows of the SOAC's inputs, and rows of those
 * by fixed indices), ifs and loops, inner reductions (redomap and reduce with scalar
 * results), which each work-item runs sequentially, and *private arrays*: arrays whose
 * dimensions are all constants, of at most LOWER_PRIVATE_MAX elements, that kernel code
 * makes (array literals, replicate, iota, copy, updates at fixed indices, concat,
 * reshape, rearrange, rows of private arrays, results of ifs and loops, and of inner
 * map, reduce, scan, scatter and hist of constant width), which each work-item keeps as
 * one scalar variable per element (Note [private arrays] in kernel_code.c). Everything a
 * lambda uses from outside (free variables: arrays, scalars, sizes) becomes a kernel
 * argument.
 *
 * Forms (level in brackets; docs/opencl.md shows the code of each):
 *   map      [global]  map with scalar results, one element per work-item, several
 *                      elements per work-item in a grid-stride loop; or with results
 *                      that are private arrays, each work-item writing its element's
 *                      rows (Note [rows of private arrays] in forms.c)
 *   map2     [global]  map of a map (scalar results) over the flattened index space: the
 *                      outer body's scalar statements recomputed per element; deeper
 *                      nests of maps alike (Note [nests of maps] in forms.c)
 *   reduce   [global]  redomap/reduce with scalar accumulators (and scalar map outputs):
 *                      per-group partial results by a tree in local memory, then one group
 *   scan     [global]  scanomap/scan with scalar elements: group sums, a scan of the
 *                      sums by one group, then each group's scan with its carry-in
 *   scatter  [global]  one work-item per element; writes out of bounds are skipped
 *   hist     [global]  destinations of scalars: one work-item per element, combining
 *                      with an atomic (+ on any number type, min and max on integers),
 *                      or any operator of one accumulator in a compare-and-swap loop;
 *                      several accumulators: work-items own bins, and their work-group
 *                      walks a chunk of the elements once per range of bins, then a
 *                      second kernel combines the groups' results (Note [hist updates]
 *                      in forms.c). Values that are arrays run on the host
 *   segred   [global + group]  a map whose body reduces a row (a segmented reduction):
 *                      a flat version (one work-item per segment) and a group version (one
 *                      work-group per segment, tree in local memory), chosen at run time
 *                      from the segments' count and length
 *   intra    [group x 2]  a map whose body is *group code*: scalar statements (private
 *                      arrays among them), and arrays of one dimension whose lengths are
 *                      known before the kernel, made by replicate, iota, copy, inner maps
 *                      and scatters, inner reductions and scans (a segmented scan is such
 *                      a map), and loops over them. One work-group
 *                      per element of the map; its work-items share each inner SOAC, with
 *                      barriers between; the arrays live in local memory, or, when they
 *                      do not fit, in a global scratch buffer per work-group (the second
 *                      version, chosen at run time from the sizes and
 *                      CL_DEVICE_LOCAL_MEM_SIZE)
 *   rows     [global]  a map whose results are rows of lengths known before the kernel
 *                      (the pattern's), made by concat, replicate, iota, copy, rows of
 *                      views or private arrays: one work-item per element of the rows,
 *                      the body's scalar statements recomputed for each (Note [rows of
 *                      known length] in forms.c)
 *   transpose [global] a rearrange at host level that moves dimensions (transpose), or
 *                      a map whose body only rearranges its row (`map transpose`, the
 *                      rearrange of the whole array that keeps the outer dimension): a
 *                      copy in 64x64 tiles through local memory, whose reads and writes
 *                      are both coalesced (a plain gather when the innermost dimension
 *                      stays innermost)
 *
 * Coalescing (Note [coalescing transposes] in coalesce.c): a map kernel, and segred's flat
 * version, whose work-items walk rows of a two-dimensional array (its input, or a free
 * array read at the work-item's index) in loops or inner reductions read it through a
 * transposed copy, made by one more transpose kernel per array when the sizes say that
 * it pays (chosen at run time). `--structure` counts these kernels with the others
 * (`global`), and all transpose kernels on a line of their own (`transpose N`).
 */
#ifndef PRISM_LOWER_H
#define PRISM_LOWER_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "lower/kernel.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/strbuf.h"

/* The most inner maps that map2 flattens (Note [nests of maps] in forms.c). */
#define LOWER_NEST_MAX 4

#define LOWER_FORMS(X)   \
  X(LOWER_MAP, "map")     \
  X(LOWER_MAP2, "map2")   \
  X(LOWER_REDUCE, "reduce") \
  X(LOWER_SCAN, "scan")   \
  X(LOWER_SCATTER, "scatter") \
  X(LOWER_HIST, "hist")   \
  X(LOWER_SEGRED, "segred") \
  X(LOWER_INTRA, "intra") \
  X(LOWER_ROWS, "rows")   \
  X(LOWER_TRANSPOSE, "transpose")

enum lower_form {
#define X(form, name) form,
  LOWER_FORMS(X)
#undef X
};

/* How a hist's kernel combines values into its bins (LOWER_HIST; Note [hist updates] in
 * forms.c): the names that `dump --after lower` prints. */
#define LOWER_ATOMICS(X)                                                                  \
  X(LOWER_ATOMIC_ADD, "atomic add")      /* one atomic of OpenCL C */                    \
  X(LOWER_ATOMIC_MIN, "atomic min")                                                      \
  X(LOWER_ATOMIC_MAX, "atomic max")                                                      \
  X(LOWER_ATOMIC_CAS, "compare-and-swap") /* the operator in a compare-and-swap loop on \
                                            the bin, or on the 32-bit word holding it */ \
  X(LOWER_ATOMIC_NONE, "bins per work-item") /* no atomics: each work-item owns bins   \
                                            and combines its group's chunk's elements */

enum lower_atomic {
#define X(a, name) a,
  LOWER_ATOMICS(X)
#undef X
};

struct lower_kernel {
  enum lower_form form;
  int id;                    /* unique in the program: kernels are named NAME_ID */
  struct ir_var **free;      /* what the lambdas use from outside, each once */
  int free_count;
  /* LOWER_MAP2 and LOWER_SEGRED: the inner SOAC, statement `inner_index` of map_fn */
  const struct ir_stm *inner;
  int inner_index;
  /* LOWER_MAP2: the nest's inner maps, outermost (`inner`) first, each the last
   * statement of the one before's lambda (Note [nests of maps] in forms.c) */
  const struct ir_stm *nest[LOWER_NEST_MAX];
  int nest_count;
  /* LOWER_ROWS: the statements of map_fn's body that make its rows (Note [rows of known
   * length] in forms.c), which the kernel evaluates one element at a time, and the
   * shapes of those rows, which it computes from the statements */
  const struct ir_stm **rows;
  int row_count;
  enum lower_atomic atomic;  /* LOWER_HIST */
  /* LOWER_TRANSPOSE: result dimension i is dimension perm[i] of the array, free[0] */
  int *perm;
  int rank;
  /* LOWER_MAP and LOWER_SEGRED (its flat version): the arrays of two dimensions whose
   * rows the work-items walk, read through a transposed copy when it pays */
  struct ir_var **transposed;
  int transposed_count;
  /* The kernel IR (kernel.h): the kernels, in launch order, and how the host picks */
  struct kir_kernel *kernels;
  int kernel_count;
  enum kir_choice choice;
  struct kir_steps steps;    /* LOWER_INTRA: the segment's code */
  bool result_slots;         /* LOWER_REDUCE: results in the error buffer's slots;
                              * LOWER_ROWS: the rows' lengths, from the _sizes kernel */
  bool lookback;             /* LOWER_SCAN: one kernel with look-back (Note [scan versions]) */
  struct kir_narrow narrow;  /* the narrow index variables (Note [narrow indices]) */
};

struct lower_plan {
  struct arena arena;
  struct ptrmap kernels;     /* const struct ir_stm * -> struct lower_kernel * */
  int kernel_count;
};

/* Before lower_expand_filters: each scatter in a lambda whose lambda reads its
 * destination (or a view of it) reads a copy made right before it (Note [scatters that
 * read their destination] in snapshot.c). */
void lower_snapshot_scatters(struct ir_program *p);

/* For the OpenCL backend, before lower_program: rewrites each filter at host level
 * whose lambda is kernel code (but for the rows it keeps) into a scanomap and scatters,
 * which kernel forms cover, consecutive filters of the same inputs (a partition)
 * together (expand.c), and each reduction of rows by a vectorised operator into a map
 * over the columns (interchange.c). The count, kept arrays and reductions' results stay
 * bound to the same variables; the program passes ir_verify. */
void lower_expand_filters(struct ir_program *p);

/* Whether lowering gives statement s, a SOAC at host level, a kernel form. */
bool lower_on_device(const struct ir_program *p, const struct ir_stm *s);

/* For lower_expand_filters: when s, a map at host level, branches in its lambda on a
 * condition that every element computes alike, and the branch's arms hold inner SOACs
 * or loops, adds to `out` the condition, computed once, and a branch between two maps,
 * one per arm, binding s's pattern, and returns that branch; else NULL, adding nothing
 * (Note [unswitching maps] in unswitch.c). A map that is a kernel as it is is
 * unswitched only with `kernels`; *was_kernel says whether s was one. */
struct ir_stm *lower_unswitch(struct ir_program *p, struct ir_body *out, struct ir_stm *s,
                              bool kernels, bool *was_kernel);

/* For lower_expand_filters: when s, a map at host level, is a chain of inner maps,
 * reshapes and rearranges of its rows whose maps, flattened over every element, are
 * kernels, adds to `out` a branch on the map's width whose first arm runs that chain
 * over the whole batch, binding s's pattern, and returns true; else false, adding
 * nothing (Note [distributing maps] in distribute.c). */
bool lower_distribute(struct ir_program *p, struct ir_body *out, struct ir_stm *s);

/* For lower_expand_filters: when s, a host-level statement, is a reduce, scan, redomap
 * or scanomap whose operator is a map of a scalar operator over rows, adds to `out`
 * the map over the columns that replaces it (interchange.c) and returns true; returns
 * false, adding nothing, otherwise. uses: the use counts of the function's variables
 * (ir_use_counts) before the rewrite, so that a replicated neutral row that only s
 * used is dropped from `out`. */
bool lower_interchange(struct ir_program *p, struct ir_body *out, struct ir_stm *s,
                       const int *uses);

/* Plans the program's kernels (the program is not changed). */
void lower_program(struct lower_plan *plan, const struct ir_program *p);
void lower_plan_free(struct lower_plan *plan);

/* The kernel planned for a statement, or NULL when it runs on the host. */
const struct lower_kernel *lower_kernel_of(const struct lower_plan *plan,
                                           const struct ir_stm *s);

const char *lower_form_name(enum lower_form f);
const char *lower_atomic_name(enum lower_atomic a);

/* prismc dump --after lower: the IR, then the kernels planned, a line each. */
void lower_print(struct strbuf *out, const struct ir_program *p, const struct lower_plan *plan);

/* prismc dump --after lower --structure: "global N", "group N", "host N" (SOACs left
 * on the host) and "transpose N" (transpose kernels, coalescing ones included), then
 * the core IR's counts. */
void lower_print_structure(struct strbuf *out, const struct ir_program *p,
                           const struct lower_plan *plan);

/* Whether the reduction's operator may combine in any order: marked commutative
 * (reduce_comm, hist), or, per accumulator, one operator of the accumulator and the
 * value that commutes on their type (ir_binop_commutes: +, *, ==, !=, and on integers
 * and bools min, max, &, |, ^, &&, ||). */
bool lower_commutative(const struct ir_soac *so);

/* Whether a lambda's body is kernel code (see above) and its results are scalars. */
bool lower_is_kernel_lambda(const struct ir_lambda *l);

/* The most elements a private array holds (Note [private arrays] in kernel_code.c). */
#define LOWER_PRIVATE_MAX 64

/* Whether arrays of type t may be private arrays: rank at least 1, every dimension a
 * constant, at most LOWER_PRIVATE_MAX elements. */
bool lower_private_type(struct ir_type t);
/* The elements of a value of type t: 1 for a scalar, the product of the dimensions of
 * a private type. */
int lower_private_elems(struct ir_type t);

/* The most statements that the copies of an unrolled inner SOAC's lambdas may hold: it
 * keeps kernels (and the time the OpenCL compiler takes over them) small when inner
 * SOACs nest; beyond it the SOAC is not kernel code. */
#define LOWER_UNROLL_BUDGET 4096

/* The statements of a body with its inner SOACs of constant width unrolled (an
 * estimate: each counts its width times its lambdas' statements), at least up to
 * LOWER_UNROLL_BUDGET. */
int64_t lower_unrolled_size(const struct ir_body *b);

#endif
