/* Arrays: allocation by shape, strided views and copies, and the messages of failed
 * checks. None of these is on a hot path; they are not inlined, which keeps generated
 * functions small and spares gcc -O3 false -Warray-bounds warnings about shapes whose
 * rank it cannot see.
 *
 * An array value in generated code is a struct of a block (context.h), a pointer to its
 * first element inside the block, and its shape; its elements are always row-major and
 * contiguous. Rows, outer slices with stride 1 and reshapes are views that share the
 * block; other slices and transpositions copy (rts_view_or_copy). Strides and offsets
 * here count elements, not bytes, and may be negative (slices with a negative stride).
 */
#ifndef PRISM_RTS_ARRAY_H
#define PRISM_RTS_ARRAY_H

#include "context.h"

/* One dimension of an index or slice, as the core IR's struct ir_dim_index. */
struct rts_dim_index {
  bool is_slice;
  int64_t fixed;
  bool has_start, has_end, has_stride;
  int64_t start, end, stride;
};

/* The number of elements of a shape (which must belong to an existing array). A shape
 * with a zero dimension has none, whatever its other dimensions: [2^62][4][0] exists,
 * and the product of its first two would overflow. */
static inline int64_t rts_shape_elems(int rank, const int64_t *shape) {
  for (int i = 0; i < rank; i++) {
    if (shape[i] == 0) {
      return 0;
    }
  }
  int64_t n = 1;
  for (int i = 0; i < rank; i++) {
    n *= shape[i];
  }
  return n;
}

/* "[3][4]" into buf. */
RTS_NOINLINE static void rts_shape_text(char *buf, size_t size, int rank, const int64_t *shape);

/* The bytes of an array of the given shape, into *bytes: the one checked size
 * computation that every allocation of an array goes through, host or device (Note
 * [Checked sizes] in array.c). A size that does not fit an int64_t, or a negative
 * dimension, is the error "out of memory: an array of shape [...] is too large";
 * rts_checked_bytes returns -1 for it instead, without a message. */
RTS_NOINLINE static int64_t rts_checked_bytes(size_t elem_size, int rank, const int64_t *shape);
RTS_NOINLINE static int rts_array_bytes(struct rts_context *ctx, size_t elem_size, int rank,
                                        const int64_t *shape, const char *where,
                                        int64_t *bytes);

/* Allocates a block for an array of the given shape (dimensions already checked to
 * be non-negative); an element count that overflows is an out-of-memory error. */
RTS_NOINLINE static int rts_alloc_array(struct rts_context *ctx, struct rts_block **mem,
                                        void **data, size_t elem_size, int rank,
                                        const int64_t *shape, const char *where);

/* The same, with the elements all zero bits when `zeroed`. */
RTS_NOINLINE static int rts_alloc_zeroed_array(struct rts_context *ctx, struct rts_block **mem,
                                               void **data, size_t elem_size, int rank,
                                               const int64_t *shape, bool zeroed,
                                               const char *where);

/* A fresh copy of a contiguous array in a new block. */
RTS_NOINLINE static int rts_copy_array(struct rts_context *ctx, struct rts_block **mem,
                                       void **data, const void *src, size_t elem_size, int rank,
                                       const int64_t *shape, const char *where);

/* Makes *mem a block that only this value references: copies the elements (a
 * contiguous array of the given shape at *data) into a new block when the count is
 * not 1, and drops the reference to the old one. On failure *mem is unchanged. */
RTS_NOINLINE static int rts_make_unique(struct rts_context *ctx, struct rts_block **mem,
                                        void **data, size_t elem_size, int rank,
                                        const int64_t *shape, const char *where);

/* Whether a shape (from the program, so perhaps negative) has `elems` elements. */
RTS_NOINLINE static bool rts_shape_has_elems(int rank, const int64_t *shape, int64_t elems);

/* Copies `rank`-dimensional data of the given counts between strided layouts. */
RTS_NOINLINE static void rts_strided_copy(size_t elem_size, int rank, const int64_t *counts,
                                          char *dst, const int64_t *dst_strides, const char *src,
                                          const int64_t *src_strides);

/* The row-major strides of a contiguous array of the given shape. */
RTS_NOINLINE static void rts_row_major_strides(int rank, const int64_t *shape, int64_t *strides);

/* The view src[dims]: offset of its first element, and the count and stride of each of
 * its dimensions (fixed indices drop a dimension; dimensions not indexed are whole).
 * With `check`, indices out of bounds are an error located at `where`. Returns the
 * rank of the view through *view_rank. */
RTS_NOINLINE static int rts_slice_view(struct rts_context *ctx, const char *where, bool check,
                                       int rank, const int64_t *shape, int count,
                                       const struct rts_dim_index *dims, int64_t *offset,
                                       int *view_rank, int64_t *counts, int64_t *strides);

/* The view as an array value: shares src's block when the view is contiguous, and
 * copies it into a new block otherwise. Takes a new reference either way. */
RTS_NOINLINE static int rts_view_or_copy(struct rts_context *ctx, struct rts_block **mem,
                                         void **data, struct rts_block *src_mem,
                                         const char *src_data, size_t elem_size, int64_t offset,
                                         int rank, const int64_t *counts, const int64_t *strides,
                                         const char *where);

/* Writes the contiguous array src (of src_rank dimensions) into the view of dst given
 * by offset, counts and strides; a shape that differs from the view's is an error. */
RTS_NOINLINE static int rts_write_view(struct rts_context *ctx, const char *where, char *dst,
                                       size_t elem_size, int64_t offset, int rank,
                                       const int64_t *counts, const int64_t *strides,
                                       const char *src, int src_rank, const int64_t *src_shape);

/* A new array: src with its dimensions permuted (result dimension i is source
 * dimension perm[i]). `shape` is the source's shape. */
RTS_NOINLINE static int rts_rearrange(struct rts_context *ctx, struct rts_block **mem, void **data,
                                      const char *src, size_t elem_size, int rank,
                                      const int64_t *shape, const int *perm, const char *where);

/* Messages of failed checks; each returns RTS_PROGRAM_ERROR. */
RTS_NOINLINE static int rts_index_error(struct rts_context *ctx, const char *where, int count,
                                        const int64_t *index, int rank, const int64_t *shape);
RTS_NOINLINE static int rts_negative_size_error(struct rts_context *ctx, const char *where,
                                                int64_t size, const char *what);
RTS_NOINLINE static int rts_shape_mismatch_error(struct rts_context *ctx, const char *where,
                                                 const char *what, int rank_a,
                                                 const int64_t *shape_a, int rank_b,
                                                 const int64_t *shape_b);
RTS_NOINLINE static int rts_reshape_error(struct rts_context *ctx, const char *where, int rank,
                                          const int64_t *shape, int new_rank,
                                          const int64_t *new_shape);
RTS_NOINLINE static int rts_division_by_zero(struct rts_context *ctx, const char *where);
/* A size computed as a + b (the rows of a concat) that does not fit an int64_t: an
 * out-of-memory error, as for any array too large (Note [Checked sizes]). */
RTS_NOINLINE static int rts_size_overflow(struct rts_context *ctx, const char *where,
                                          const char *what, int64_t a, int64_t b);
/* x ** y on integers with y < 0 (Note [negative exponents] in scalar.h). */
RTS_NOINLINE static int rts_negative_exponent(struct rts_context *ctx, const char *where,
                                              int64_t exponent);

/* A SOAC input whose outer size is not the SOAC's width. */
RTS_NOINLINE static int rts_width_error(struct rts_context *ctx, const char *where,
                                        const char *soac, int64_t size, int64_t width);

/* The API's constructor of arrays (PREFIX_new_T_Nd, named fname in messages): checks
 * the dimensions and copies the host's data into a new block. */
RTS_NOINLINE static int rts_api_new(struct rts_context *ctx, const char *fname,
                                    struct rts_block **mem, void **data, const void *src,
                                    size_t elem_size, int rank, const int64_t *shape);

/* The API's PREFIX_values_T_Nd: copies an array's elements to the host. */
RTS_NOINLINE static int rts_api_values(struct rts_context *ctx, const char *fname,
                                       const void *data, void *out, size_t elem_size, int rank,
                                       const int64_t *shape);

/* The entry point's check of an argument's shape against its type, e.g.
 *   main: argument 2 ("ys") has shape [3], but its type is [n]f32 with n = 4 */
RTS_NOINLINE static int
rts_argument_shape_error(struct rts_context *ctx, const char *entry, int argno, const char *name,
                         int rank, const int64_t *shape, const char *type_text, int binding_count,
                         const char *const *binding_names, const int64_t *binding_values);

#endif
