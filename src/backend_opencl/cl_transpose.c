/* The transpose form (lower.h): a rearrange as a kernel that copies the array, through
 * tiles of local memory when the innermost dimension moves (Note [transpose kernels]),
 * and the transposed copies that map kernels read coalesced (Note [coalescing
 * transposes] in src/lower/coalesce.c).
 */
#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ transpose */

/* Note [transpose kernels]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * A transpose kernel copies an array into a new one whose dimension i is the array's
 * dimension perm[i] (row-major both). Let `a` be the array's innermost dimension and
 * `b` the dimension that becomes the copy's innermost. When a = b, rows stay rows: one
 * work-item per element of the copy, in order, reads the element it writes, and
 * neighbours read and write neighbours. Otherwise reading along a and writing along b
 * cannot both follow the work-items' order, so a work-group copies a tile of
 * RTS_TRANSPOSE_TILE x RTS_TRANSPOSE_TILE elements of the (b, a) plane through local
 * memory: its work-items read the tile's rows along a (coalesced), and after a barrier
 * write its columns along b (coalesced), RTS_GROUP / RTS_TRANSPOSE_TILE rows per pass.
 * The tile has one column of padding (tile[64][65]), so that the work-items reading a
 * column of it hit 32 different banks. The other dimensions are batch dimensions: the
 * tiles of every (b, a) plane are numbered in one range, over which the work-groups
 * stride; a group finds its plane's offsets in both arrays from the tile's number.
 */

/* The kernel code of a transpose whose innermost dimension stays innermost: the
 * copy's elements in order, each read from its place in the array. */
static void transpose_gather(struct emitter *e, int rank, const int *perm) {
  emit_c_line(e, "const long total = d0 * s0;");
  emit_c_line(e, "for (long g = get_global_id(0); g < total; g += get_global_size(0)) {");
  e->indent++;
  emit_c_line(e, "long rest = g, from = 0;");
  for (int i = rank - 1; i >= 0; i--) {
    emit_c_line(e, "from += rest %% d%d * s%d;", perm[i], perm[i]);
    emit_c_line(e, "rest /= d%d;", perm[i]);
  }
  emit_c_line(e, "dst[g] = src[from];");
  close_loop(e);
}

/* The kernel code of a tiled transpose (Note [transpose kernels]); pos[k] is the
 * position in the copy of the array's dimension k. */
static void transpose_tiles(struct emitter *e, enum prim_type t, int rank, const int *perm,
                            const int *pos) {
  int a = rank - 1, b = perm[rank - 1];
  emit_c_line(e, "__local %s tile[RTS_TRANSPOSE_TILE][RTS_TRANSPOSE_TILE + 1];",
              cl_elem_type(t));
  emit_c_line(e, "const long lid = get_local_id(0);");
  emit_c_line(e, "const long tx = lid %% RTS_TRANSPOSE_TILE, ty = lid / RTS_TRANSPOSE_TILE;");
  emit_c_line(e, "const long ta = (d%d + RTS_TRANSPOSE_TILE - 1) / RTS_TRANSPOSE_TILE;", a);
  emit_c_line(e, "const long tb = (d%d + RTS_TRANSPOSE_TILE - 1) / RTS_TRANSPOSE_TILE;", b);
  struct strbuf tiles;
  strbuf_init(&tiles);
  strbuf_puts(&tiles, "ta * tb");
  for (int k = 0; k < rank; k++) {
    if (k != a && k != b) {
      strbuf_printf(&tiles, " * d%d", k);
    }
  }
  emit_c_line(e, "const long tiles = %s;", tiles.data);
  strbuf_free(&tiles);
  emit_c_line(e, "for (long t = get_group_id(0); t < tiles; t += get_num_groups(0)) {");
  e->indent++;
  emit_c_line(e, "const long a0 = t %% ta * RTS_TRANSPOSE_TILE;");
  emit_c_line(e, "const long b0 = t / ta %% tb * RTS_TRANSPOSE_TILE;");
  emit_c_line(e, "long from = 0, to = 0;");
  if (rank > 2) {
    emit_c_line(e, "long rest = t / ta / tb;");
  }
  for (int k = rank - 1; k >= 0; k--) {
    if (k != a && k != b) {
      emit_c_line(e, "from += rest %% d%d * s%d;", k, k);
      emit_c_line(e, "to += rest %% d%d * q%d;", k, pos[k]);
      emit_c_line(e, "rest /= d%d;", k);
    }
  }
  emit_c_line(e, "for (long y = ty; y < RTS_TRANSPOSE_TILE; y += RTS_GROUP / "
                 "RTS_TRANSPOSE_TILE) {");
  emit_c_line(e, "  if (b0 + y < d%d && a0 + tx < d%d) {", b, a);
  emit_c_line(e, "    tile[y][tx] = src[from + (b0 + y) * s%d + a0 + tx];", b);
  emit_c_line(e, "  }");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  emit_c_line(e, "for (long y = ty; y < RTS_TRANSPOSE_TILE; y += RTS_GROUP / "
                 "RTS_TRANSPOSE_TILE) {");
  emit_c_line(e, "  if (a0 + y < d%d && b0 + tx < d%d) {", a, b);
  emit_c_line(e, "    dst[to + (a0 + y) * q%d + b0 + tx] = tile[tx][y];", pos[a]);
  emit_c_line(e, "  }");
  emit_c_line(e, "}");
  emit_c_line(e, "barrier(CLK_LOCAL_MEM_FENCE);");
  close_loop(e);
}

/* Launches a transpose kernel NAME that copies host array `src` (rank `rank`, element
 * type t) into host array `dst`, allocated on the device with its shape set: dimension
 * i of dst is dimension perm[i] of src. In the kernel, dK are src's lengths, sK its
 * strides (row-major) and qI the strides of dst's dimension I. */
static void emit_transpose_kernel(struct emitter *e, const char *name, enum prim_type t,
                                  int rank, const int *perm, const char *src,
                                  const char *dst) {
  struct kbuild kb;
  kb_start(e, &kb, name);
  emit_c_try(e, "rts_dev(ctx, %s.mem, %s)", src, e->where);
  kb_pointer(e, &kb, t, emit_c_printf(e, "rts_dev_mem(%s.mem)", src),
             emit_c_printf(e, "rts_dev_offset(%s.mem, %s.data)", src, src), "src");
  kb_pointer(e, &kb, t, emit_c_printf(e, "rts_dev_mem(%s.mem)", dst),
             emit_c_printf(e, "rts_dev_offset(%s.mem, %s.data)", dst, dst), "dst");
  kb_dims(e, &kb, src, rank, "d");
  int *pos = ARENA_ARRAY(&e->arena, int, rank);
  for (int i = 0; i < rank; i++) {
    pos[perm[i]] = i;
  }
  kb_body(e, &kb);
  emit_c_line(e, "const long s%d = 1, q%d = 1;", rank - 1, rank - 1);
  for (int d = rank - 2; d >= 0; d--) {
    emit_c_line(e, "const long s%d = s%d * d%d, q%d = q%d * d%d;", d, d + 1, d + 1, d, d + 1,
                perm[d + 1]);
  }
  const char *groups;
  if (perm[rank - 1] == rank - 1) {
    transpose_gather(e, rank, perm);
    groups = emit_c_printf(e, "rts_cl_groups(ctx, rts_shape_elems(%d, %s.shape))", rank, src);
  } else {
    transpose_tiles(e, t, rank, perm, pos);
    groups = emit_c_printf(e, "rts_cl_segment_groups(ctx, rts_transpose_tiles(%d, %s.shape, %d))",
                           rank, src, perm[rank - 1]);
  }
  kb_launch(e, &kb, groups);
}

/* A transpose statement: rearrange, or a map of one (lower.h). */
void emit_transpose(struct emitter *e, const struct ir_stm *s,
                    const struct lower_kernel *k) {
  if (s->exp.kind == IR_SOAC) {
    checked_width(e, &s->exp.u.soac);
  }
  const struct ir_var *x = k->free[0], *y = s->pat[0];
  const char *xn = emit_c_var(e, x), *yn = emit_c_var(e, y);
  for (int d = 0; d < k->rank; d++) {
    emit_c_line(e, "%s.shape[%d] = %s.shape[%d];", yn, d, xn, k->perm[d]);
  }
  emit_c_try(e, "rts_alloc_dev_array(ctx, &%s.mem, sizeof(%s), %d, %s.shape, %s)", yn,
             emit_c_elem_type(y->type.prim), k->rank, yn, e->where);
  emit_c_line(e, "%s.data = rts_block_data(%s.mem);", yn, yn);
  emit_transpose_kernel(e, cl_kir(k, "")->name, y->type.prim, k->rank, k->perm, xn, yn);
}

/* Before a map kernel (or segred's flat version): the transposed copies of the arrays
 * whose rows its work-items walk, made on the device where rts_cl_coalesce says that
 * they pay, and registered for kb_array (Note [coalescing transposes] in coalesce.c). */
void transpose_walked(struct emitter *e, const struct ir_stm *s,
                      const struct lower_kernel *k) {
  static const int swap[2] = {1, 0};
  for (int i = 0; i < k->transposed_count; i++) {
    const struct ir_var *x = k->transposed[i];
    const char *xn = emit_c_var(e, x), *t = emit_c_elem_type(x->type.prim);
    struct cl_transposed *tr = ARENA_NEW(&e->arena, struct cl_transposed);
    tr->flag = emit_c_tmp(e);
    tr->copy = emit_c_owned_tmp(e, 2);
    emit_c_line(e, "const bool %s = rts_cl_coalesce(ctx, %s.shape[0], %s.shape[1], "
                   "(int64_t)sizeof(%s));",
                tr->flag, xn, xn, t);
    emit_c_line(e, "if (%s) {", tr->flag);
    e->indent++;
    emit_c_line(e, "%s.shape[0] = %s.shape[1];", tr->copy, xn);
    emit_c_line(e, "%s.shape[1] = %s.shape[0];", tr->copy, xn);
    emit_c_try(e, "rts_alloc_dev_array(ctx, &%s.mem, sizeof(%s), 2, %s.shape, %s)", tr->copy,
               t, tr->copy, e->where);
    emit_c_line(e, "%s.data = rts_block_data(%s.mem);", tr->copy, tr->copy);
    emit_transpose_kernel(e, cl_kir(k, emit_c_printf(e, "_transpose%d", i))->name,
                          x->type.prim, 2, swap, xn, tr->copy);
    e->indent--;
    emit_c_line(e, "}");
    cl_state(e)->transposed[x->id] = tr;
  }
}

/* After the kernel: the copies go (the queue runs in order, so the kernel has them). */
void release_walked(struct emitter *e, const struct lower_kernel *k) {
  for (int i = 0; i < k->transposed_count; i++) {
    const struct cl_transposed *tr = cl_state(e)->transposed[k->transposed[i]->id];
    emit_c_line(e, "if (%s.mem != NULL) {", tr->copy);
    e->indent++;
    release_temp(e, tr->copy);
    e->indent--;
    emit_c_line(e, "}");
    cl_state(e)->transposed[k->transposed[i]->id] = NULL;
  }
}
