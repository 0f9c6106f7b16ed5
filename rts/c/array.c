/* Arrays: allocation, strided views and copies, and the messages of failed checks
 * (array.h says how arrays are laid out). */
#include "array.h"

static void rts_shape_text(char *buf, size_t size, int rank, const int64_t *shape) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < rank && used < size; i++) {
    int n = snprintf(buf + used, size - used, "[%lld]", (long long)shape[i]);
    if (n < 0) {
      return;
    }
    used += (size_t)n;
  }
}

/* The element count of a shape, or -1 when it does not fit an int64_t. */
static int64_t rts_checked_elems(int rank, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < rank; i++) {
    if (shape[i] < 0) {
      return -1;
    }
    if (shape[i] != 0 && n > INT64_MAX / shape[i]) {
      for (int j = i + 1; j < rank; j++) {
        if (shape[j] == 0) {
          return 0;
        }
      }
      return -1;
    }
    n *= shape[i];
  }
  return n;
}

/* Note [Checked sizes]
 * ~~~~~~~~~~~~~~~~~~~~
 * The sizes of arrays come from the program's values, so `sizeof(T) * n * m` may wrap:
 * replicate 2305843009213710336 1f64 asks for 2^64 + 2^17 bytes, which wraps to 2^17,
 * and the program would then read and write far beyond the small block it got. So no
 * allocation of an array multiplies its dimensions itself: host blocks
 * (rts_alloc_array), device buffers (rts_alloc_dev_array in rts/opencl/mirror.h) and
 * the generated code's scratch buffers all take a shape and call rts_array_bytes,
 * which checks every product and fails with a located out-of-memory error, as
 * Futhark's runtime does. A dimension 0 anywhere makes the array empty, however large
 * the others: [2^62][2^62][0] has no elements and takes no memory; sums of such sizes
 * (the rows of a concat) are checked too (rts_size_overflow). */
static int64_t rts_checked_bytes(size_t elem_size, int rank, const int64_t *shape) {
  int64_t elems = rts_checked_elems(rank, shape);
  if (elems < 0 || elem_size > (size_t)INT64_MAX || elems > INT64_MAX / (int64_t)elem_size) {
    return -1;
  }
  return elems * (int64_t)elem_size;
}

static int rts_array_bytes(struct rts_context *ctx, size_t elem_size, int rank,
                           const int64_t *shape, const char *where, int64_t *bytes) {
  *bytes = rts_checked_bytes(elem_size, rank, shape);
  if (*bytes < 0) {
    char text[256];
    rts_shape_text(text, sizeof text, rank, shape);
    *bytes = 0;
    return rts_error(ctx, RTS_OUT_OF_MEMORY,
                     "%s: error: out of memory: an array of shape %s is too large", where,
                     text);
  }
  return RTS_SUCCESS;
}

static int rts_alloc_array(struct rts_context *ctx, struct rts_block **mem, void **data,
                           size_t elem_size, int rank, const int64_t *shape,
                           const char *where) {
  return rts_alloc_zeroed_array(ctx, mem, data, elem_size, rank, shape, false, where);
}

static int rts_alloc_zeroed_array(struct rts_context *ctx, struct rts_block **mem, void **data,
                                  size_t elem_size, int rank, const int64_t *shape,
                                  bool zeroed, const char *where) {
  int64_t bytes;
  int err = rts_array_bytes(ctx, elem_size, rank, shape, where, &bytes);
  if (err != RTS_SUCCESS) {
    *mem = NULL;
    *data = NULL;
    return err;
  }
  err = rts_alloc_zeroed(ctx, mem, bytes, zeroed, where);
  *data = err == 0 ? rts_block_data(*mem) : NULL;
  return err;
}

static int rts_copy_array(struct rts_context *ctx, struct rts_block **mem, void **data,
                          const void *src, size_t elem_size, int rank,
                          const int64_t *shape, const char *where) {
  int err = rts_alloc_array(ctx, mem, data, elem_size, rank, shape, where);
  if (err == 0 && (*mem)->bytes > 0) {
    memcpy(*data, src, (size_t)(*mem)->bytes);
  }
  return err;
}

static int rts_make_unique(struct rts_context *ctx, struct rts_block **mem, void **data,
                           size_t elem_size, int rank, const int64_t *shape,
                           const char *where) {
  if ((*mem)->refs == 1) {
    return RTS_SUCCESS;
  }
  struct rts_block *fresh;
  void *fresh_data;
  int err = rts_copy_array(ctx, &fresh, &fresh_data, *data, elem_size, rank, shape, where);
  if (err != 0) {
    return err;
  }
  rts_unref(ctx, *mem);
  *mem = fresh;
  *data = fresh_data;
  return RTS_SUCCESS;
}

static bool rts_shape_has_elems(int rank, const int64_t *shape, int64_t elems) {
  return rts_checked_elems(rank, shape) == elems;
}

static void rts_row_major_strides(int rank, const int64_t *shape, int64_t *strides) {
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; i--) {
    strides[i] = stride;
    stride *= shape[i];
  }
}

/* One dimension of a strided copy; the element sizes that occur are copied with a
 * constant-size memcpy, which compiles to a single move. */
static void rts_copy_elems(size_t elem_size, int64_t n, char *dst, int64_t dst_stride,
                           const char *src, int64_t src_stride) {
  if (dst_stride == 1 && src_stride == 1) {
    if (n > 0) {
      memcpy(dst, src, (size_t)n * elem_size);
    }
    return;
  }
  int64_t ds = dst_stride * (int64_t)elem_size, ss = src_stride * (int64_t)elem_size;
  switch (elem_size) {
  case 1:
    for (int64_t i = 0; i < n; i++) {
      memcpy(dst + i * ds, src + i * ss, 1);
    }
    break;
  case 2:
    for (int64_t i = 0; i < n; i++) {
      memcpy(dst + i * ds, src + i * ss, 2);
    }
    break;
  case 4:
    for (int64_t i = 0; i < n; i++) {
      memcpy(dst + i * ds, src + i * ss, 4);
    }
    break;
  case 8:
    for (int64_t i = 0; i < n; i++) {
      memcpy(dst + i * ds, src + i * ss, 8);
    }
    break;
  default:
    for (int64_t i = 0; i < n; i++) {
      memcpy(dst + i * ds, src + i * ss, elem_size);
    }
    break;
  }
}

/* Whether a shape has no elements: then nothing is copied, however large its other
 * dimensions (an array of shape [2^62][0] takes no time either). */
static bool rts_no_elems(int rank, const int64_t *shape) {
  for (int i = 0; i < rank; i++) {
    if (shape[i] == 0) {
      return true;
    }
  }
  return false;
}

static void rts_strided_copy(size_t elem_size, int rank, const int64_t *counts, char *dst,
                             const int64_t *dst_strides, const char *src,
                             const int64_t *src_strides) {
  if (rts_no_elems(rank, counts)) {
    return;
  }
  if (rank == 0) {
    memcpy(dst, src, elem_size);
    return;
  }
  if (rank == 1) {
    rts_copy_elems(elem_size, counts[0], dst, dst_strides[0], src, src_strides[0]);
    return;
  }
  int64_t ds = dst_strides[0] * (int64_t)elem_size, ss = src_strides[0] * (int64_t)elem_size;
  for (int64_t i = 0; i < counts[0]; i++) {
    rts_strided_copy(elem_size, rank - 1, counts + 1, dst + i * ds, dst_strides + 1,
                     src + i * ss, src_strides + 1);
  }
}

/* "[1, 2:5:-1]": an index or slice as written, for messages. */
static void rts_dims_text(char *buf, size_t size, int count,
                          const struct rts_dim_index *dims) {
  size_t used = 0;
  for (int i = 0; i < count && used + 1 < size; i++) {
    const struct rts_dim_index *d = &dims[i];
    char part[96] = "";
    if (!d->is_slice) {
      snprintf(part, sizeof part, "%lld", (long long)d->fixed);
    } else {
      char a[24] = "", b[24] = "", c[26] = "";
      if (d->has_start) {
        snprintf(a, sizeof a, "%lld", (long long)d->start);
      }
      if (d->has_end) {
        snprintf(b, sizeof b, "%lld", (long long)d->end);
      }
      if (d->has_stride) {
        snprintf(c, sizeof c, ":%lld", (long long)d->stride);
      }
      snprintf(part, sizeof part, "%s:%s%s", a, b, c);
    }
    int n = snprintf(buf + used, size - used, "%s%s", i > 0 ? ", " : "", part);
    if (n < 0) {
      break;
    }
    used += (size_t)n;
  }
}

static int rts_slice_error(struct rts_context *ctx, const char *where, int count,
                           const struct rts_dim_index *dims, int rank,
                           const int64_t *shape) {
  char index[512], shape_text[256];
  rts_dims_text(index, sizeof index, count, dims);
  rts_shape_text(shape_text, sizeof shape_text, rank, shape);
  return rts_error(ctx, RTS_PROGRAM_ERROR,
                   "%s: error: index [%s] out of bounds for array of shape %s", where, index,
                   shape_text);
}

/* Wrapping arithmetic on int64_t, for slice bounds given by the program. */
static int64_t rts_wrap_add(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a + (uint64_t)b);
}

static int64_t rts_wrap_mul(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a * (uint64_t)b);
}

/* Futhark's element count of a slice i:j:s, ceil((j - i) / s), which is negative for
 * some reversed bounds; computed without overflow where the bounds are sane. */
static int64_t rts_slice_count(int64_t i, int64_t j, int64_t s) {
  int64_t d = rts_wrap_add(j, rts_wrap_mul(i, -1));
  if (s > 0 && d >= 0) {
    return d / s + (d % s != 0);
  }
  if (s < 0 && d <= 0) {
    uint64_t ud = (uint64_t)0 - (uint64_t)d, us = (uint64_t)0 - (uint64_t)s;
    return (int64_t)(ud / us + (ud % us != 0));
  }
  /* j - i and s have different signs: |j - i + s - sgn s| < |s|, no overflow. */
  return (d + s - (s > 0 ? 1 : -1)) / s;
}

/* Futhark's bounds rule for a slice: the stride is not zero, and the slice is empty
 * or (forwards) 0 <= i <= j and its last element is in bounds, or (backwards)
 * -1 <= j <= i < n and its last element is in bounds. */
static bool rts_slice_ok(int64_t n, int64_t i, int64_t j, int64_t s, int64_t count) {
  if (s == 0) {
    return false;
  }
  if (count == 0) {
    return true;
  }
  if (count < 0) {
    return false;
  }
  int64_t last = rts_wrap_add(i, rts_wrap_mul(count - 1, s));
  if (s > 0) {
    return 0 <= i && i <= j && 0 <= last && last < n;
  }
  return -1 <= j && j <= i && i < n && 0 <= last && last < n;
}

static int rts_slice_view(struct rts_context *ctx, const char *where, bool check, int rank,
                          const int64_t *shape, int count, const struct rts_dim_index *dims,
                          int64_t *offset, int *view_rank, int64_t *counts,
                          int64_t *strides) {
  int64_t row_strides[64];
  if (rank > 64) {
    return rts_error(ctx, RTS_PROGRAM_ERROR, "%s: error: arrays of rank %d are not supported",
                     where, rank);
  }
  rts_row_major_strides(rank, shape, row_strides);
  int64_t off = 0;
  int r = 0;
  bool empty = false;
  for (int k = 0; k < rank; k++) {
    const struct rts_dim_index *d = k < count ? &dims[k] : NULL;
    int64_t n = shape[k];
    if (d != NULL && !d->is_slice) {
      if (check && (d->fixed < 0 || d->fixed >= n)) {
        return rts_slice_error(ctx, where, count, dims, rank, shape);
      }
      off += d->fixed * row_strides[k];
      continue;
    }
    int64_t s = d != NULL && d->has_stride ? d->stride : 1;
    int64_t i = d != NULL && d->has_start ? d->start : (s > 0 ? 0 : n - 1);
    int64_t j = d != NULL && d->has_end ? d->end : (s > 0 ? n : -1);
    int64_t c = s != 0 ? rts_slice_count(i, j, s) : 0;
    if ((check || s == 0) && !rts_slice_ok(n, i, j, s, c)) {
      return rts_slice_error(ctx, where, count, dims, rank, shape);
    }
    if (c <= 0) {
      c = 0;
      empty = true;
    } else {
      off += i * row_strides[k];
    }
    counts[r] = c;
    strides[r] = s * row_strides[k];
    r++;
  }
  *offset = empty ? 0 : off;
  *view_rank = r;
  return RTS_SUCCESS;
}

static int rts_view_or_copy(struct rts_context *ctx, struct rts_block **mem, void **data,
                            struct rts_block *src_mem, const char *src_data, size_t elem_size,
                            int64_t offset, int rank, const int64_t *counts,
                            const int64_t *strides, const char *where) {
  bool contiguous = true;
  int64_t expected = 1;
  for (int r = rank - 1; r >= 0; r--) {
    if (counts[r] == 0) {
      contiguous = true;
      break;
    }
    if (counts[r] != 1 && strides[r] != expected) {
      contiguous = false;
    }
    expected *= counts[r];
  }
  if (contiguous) {
    rts_ref(src_mem);
    *mem = src_mem;
    *data = (void *)(src_data + offset * (int64_t)elem_size);
    return RTS_SUCCESS;
  }
  int err = rts_alloc_array(ctx, mem, data, elem_size, rank, counts, where);
  if (err != 0) {
    return err;
  }
  int64_t dst_strides[64];
  rts_row_major_strides(rank, counts, dst_strides);
  rts_strided_copy(elem_size, rank, counts, (char *)*data, dst_strides,
                   src_data + offset * (int64_t)elem_size, strides);
  return RTS_SUCCESS;
}

static int rts_write_view(struct rts_context *ctx, const char *where, char *dst,
                          size_t elem_size, int64_t offset, int rank, const int64_t *counts,
                          const int64_t *strides, const char *src, int src_rank,
                          const int64_t *src_shape) {
  int64_t src_strides[64];
  bool same = rank == src_rank && rank <= 64;
  for (int i = 0; same && i < rank; i++) {
    same = counts[i] == src_shape[i];
  }
  if (!same) {
    return rts_shape_mismatch_error(ctx, where, "update of a slice", src_rank, src_shape,
                                    rank, counts);
  }
  rts_row_major_strides(rank, counts, src_strides);
  rts_strided_copy(elem_size, rank, counts, dst + offset * (int64_t)elem_size, strides, src,
                   src_strides);
  return RTS_SUCCESS;
}

/* A transposition of the last two dimensions, in tiles that fit the cache. */
static void rts_transpose_tiled(size_t elem_size, int64_t rows, int64_t cols, char *dst,
                                const char *src) {
  const int64_t tile = 32;
  for (int64_t i0 = 0; i0 < rows; i0 += tile) {
    for (int64_t j0 = 0; j0 < cols; j0 += tile) {
      int64_t i1 = i0 + tile < rows ? i0 + tile : rows;
      int64_t j1 = j0 + tile < cols ? j0 + tile : cols;
      for (int64_t i = i0; i < i1; i++) {
        for (int64_t j = j0; j < j1; j++) {
          memcpy(dst + (j * rows + i) * (int64_t)elem_size,
                 src + (i * cols + j) * (int64_t)elem_size, elem_size);
        }
      }
    }
  }
}

static int rts_rearrange(struct rts_context *ctx, struct rts_block **mem, void **data,
                         const char *src, size_t elem_size, int rank, const int64_t *shape,
                         const int *perm, const char *where) {
  /* Zeroed: gcc -O1 cannot see that rank <= 64 bounds every use below. */
  int64_t counts[64] = {0}, src_strides[64] = {0}, row_strides[64] = {0}, dst_strides[64] = {0};
  if (rank > 64) {
    return rts_error(ctx, RTS_PROGRAM_ERROR, "%s: error: arrays of rank %d are not supported",
                     where, rank);
  }
  rts_row_major_strides(rank, shape, row_strides);
  for (int i = 0; i < rank; i++) {
    counts[i] = shape[perm[i]];
    src_strides[i] = row_strides[perm[i]];
  }
  int err = rts_alloc_array(ctx, mem, data, elem_size, rank, counts, where);
  if (err != 0) {
    return err;
  }
  if (rts_no_elems(rank, counts)) {
    return RTS_SUCCESS;
  }
  if (rank == 2 && perm[0] == 1 && perm[1] == 0) {
    rts_transpose_tiled(elem_size, shape[0], shape[1], (char *)*data, src);
    return RTS_SUCCESS;
  }
  rts_row_major_strides(rank, counts, dst_strides);
  rts_strided_copy(elem_size, rank, counts, (char *)*data, dst_strides, src, src_strides);
  return RTS_SUCCESS;
}

static int rts_index_error(struct rts_context *ctx, const char *where, int count,
                           const int64_t *index, int rank, const int64_t *shape) {
  char index_text[512], shape_text[256];
  size_t used = 0;
  index_text[0] = '\0';
  for (int i = 0; i < count && used < sizeof index_text; i++) {
    int n = snprintf(index_text + used, sizeof index_text - used, "%s%lld", i > 0 ? ", " : "",
                     (long long)index[i]);
    if (n < 0) {
      break;
    }
    used += (size_t)n;
  }
  rts_shape_text(shape_text, sizeof shape_text, rank, shape);
  return rts_error(ctx, RTS_PROGRAM_ERROR,
                   "%s: error: index [%s] out of bounds for array of shape %s", where,
                   index_text, shape_text);
}

static int rts_negative_size_error(struct rts_context *ctx, const char *where,
                                   int64_t size, const char *what) {
  return rts_error(ctx, RTS_PROGRAM_ERROR, "%s: error: negative size %lld in %s", where,
                   (long long)size, what);
}

static int rts_shape_mismatch_error(struct rts_context *ctx, const char *where,
                                    const char *what, int rank_a, const int64_t *shape_a,
                                    int rank_b, const int64_t *shape_b) {
  char a[256], b[256];
  rts_shape_text(a, sizeof a, rank_a, shape_a);
  rts_shape_text(b, sizeof b, rank_b, shape_b);
  return rts_error(ctx, RTS_PROGRAM_ERROR, "%s: error: %s: shape %s does not match shape %s",
                   where, what, a, b);
}

static int rts_reshape_error(struct rts_context *ctx, const char *where, int rank,
                             const int64_t *shape, int new_rank, const int64_t *new_shape) {
  char a[256], b[256];
  rts_shape_text(a, sizeof a, rank, shape);
  rts_shape_text(b, sizeof b, new_rank, new_shape);
  return rts_error(ctx, RTS_PROGRAM_ERROR, "%s: error: cannot reshape array of shape %s to %s",
                   where, a, b);
}

static int rts_division_by_zero(struct rts_context *ctx, const char *where) {
  return rts_error(ctx, RTS_PROGRAM_ERROR, "%s: error: division by zero", where);
}

static int rts_size_overflow(struct rts_context *ctx, const char *where, const char *what,
                             int64_t a, int64_t b) {
  return rts_error(ctx, RTS_OUT_OF_MEMORY,
                   "%s: error: out of memory: the result of %s would have %lld + %lld rows, "
                   "more than an i64 can hold",
                   where, what, (long long)a, (long long)b);
}

static int rts_negative_exponent(struct rts_context *ctx, const char *where,
                                 int64_t exponent) {
  return rts_error(ctx, RTS_PROGRAM_ERROR, "%s: error: negative exponent %lld in integer **",
                   where, (long long)exponent);
}

static int rts_argument_shape_error(struct rts_context *ctx, const char *entry, int argno,
                                    const char *name, int rank, const int64_t *shape,
                                    const char *type_text, int binding_count,
                                    const char *const *binding_names,
                                    const int64_t *binding_values) {
  char shape_text[256], bindings[512] = "";
  rts_shape_text(shape_text, sizeof shape_text, rank, shape);
  size_t used = 0;
  for (int i = 0; i < binding_count && used < sizeof bindings; i++) {
    int n = snprintf(bindings + used, sizeof bindings - used, "%s%s = %lld",
                     i == 0 ? " with " : ", ", binding_names[i],
                     (long long)binding_values[i]);
    if (n < 0) {
      break;
    }
    used += (size_t)n;
  }
  return rts_error(ctx, RTS_PROGRAM_ERROR,
                   "%s: argument %d (\"%s\") has shape %s, but its type is %s%s", entry, argno,
                   name, shape_text, type_text, bindings);
}

static int rts_width_error(struct rts_context *ctx, const char *where, const char *soac,
                           int64_t size, int64_t width) {
  return rts_error(ctx, RTS_PROGRAM_ERROR,
                   "%s: error: %s of width %lld over an array of outer size %lld", where, soac,
                   (long long)width, (long long)size);
}

static int rts_api_new(struct rts_context *ctx, const char *fname, struct rts_block **mem,
                       void **data, const void *src, size_t elem_size, int rank,
                       const int64_t *shape) {
  for (int i = 0; i < rank; i++) {
    if (shape[i] < 0) {
      return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s: negative dimension %lld", fname,
                       (long long)shape[i]);
    }
  }
  int err = rts_alloc_array(ctx, mem, data, elem_size, rank, shape, fname);
  if (err != 0) {
    return err;
  }
  if ((*mem)->bytes > 0) {
    if (src == NULL) {
      rts_unref(ctx, *mem);
      *mem = NULL;
      return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s: the data pointer is NULL", fname);
    }
    memcpy(*data, src, (size_t)(*mem)->bytes);
  }
  return RTS_SUCCESS;
}

static int rts_api_values(struct rts_context *ctx, const char *fname, const void *data,
                          void *out, size_t elem_size, int rank, const int64_t *shape) {
  if (data == NULL || shape == NULL) {
    return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s: the array is NULL", fname);
  }
  int64_t n = rts_shape_elems(rank, shape);
  if (n > 0) {
    if (out == NULL) {
      return rts_error(ctx, RTS_INVALID_ARGUMENT, "%s: the output pointer is NULL", fname);
    }
    memcpy(out, data, (size_t)n * elem_size);
  }
  return RTS_SUCCESS;
}
