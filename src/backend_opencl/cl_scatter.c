/* The scatter and hist forms (lower.h): elementwise kernels whose stores go to the
 * destination's indices, hist's as atomic updates.
 */
#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ scatter and hist */

/* The destination d taken by the result (copied on the device unless unique). */
static void take_dest(struct emitter *e, const struct ir_stm *s, int d) {
  struct ir_var *y = s->pat[d], *x = s->exp.u.soac.dests[d];
  const char *yn = emit_c_var(e, y);
  emit_own_take(e, x, yn);
  emit_c_try(e, "rts_make_unique_dev(ctx, &%s.mem, &%s.data, sizeof(%s), %d, %s.shape, %s)", yn,
             yn, emit_c_elem_type(y->type.prim), y->type.rank, yn, e->where);
}

/* The writes of one element of a scatter: in-bounds ones only. */
static void store_scatter(struct emitter *e, const struct ir_stm *s,
                          const struct lower_kernel *k, const char *const *res, const char *gi) {
  (void)k;
  (void)gi;
  const struct ir_soac *so = &s->exp.u.soac;
  int index_count = 0;
  for (int d = 0; d < so->dest_count; d++) {
    index_count += (so->dest_ranks != NULL ? so->dest_ranks[d] : 1) *
                   (so->dest_writes != NULL ? so->dest_writes[d] : 1);
  }
  for (int d = 0, first = 0, value = index_count; d < so->dest_count; d++) {
    int rank = so->dest_ranks != NULL ? so->dest_ranks[d] : 1;
    int writes = so->dest_writes != NULL ? so->dest_writes[d] : 1;
    const struct cl_view *v = cl_view_of(e, s->pat[d]);
    for (int n = 0; n < writes; n++, first += rank, value++) {
      struct strbuf cond, lin;
      strbuf_init(&cond);
      strbuf_init(&lin);
      for (int r = 0; r < rank; r++) {
        strbuf_printf(&cond, "%s(ulong)(long)%s < (ulong)%s", r > 0 ? " && " : "",
                      res[first + r], v->dims[r]);
        if (r == 0) {
          strbuf_printf(&lin, "(long)%s", res[first]);
        } else {
          const char *prev = emit_c_printf(e, "%s", lin.data);
          strbuf_free(&lin);
          strbuf_init(&lin);
          strbuf_printf(&lin, "(%s) * %s + (long)%s", prev, v->dims[r], res[first + r]);
        }
      }
      emit_c_line(e, "if (%s) {", cond.data);
      emit_c_line(e, "  %s[%s] = (%s)%s;", v->ptr, lin.data, cl_elem_type(s->pat[d]->type.prim),
                  res[value]);
      emit_c_line(e, "}");
      strbuf_free(&cond);
      strbuf_free(&lin);
    }
  }
}

void emit_scatter(struct emitter *e, const struct ir_stm *s,
                  const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = checked_width(e, so);
  for (int d = 0; d < so->dest_count; d++) {
    take_dest(e, s, d);
  }
  emit_elementwise(e, s, k, "", w, so->dest_count, store_scatter);
  for (int d = 0; d < so->dest_count; d++) {
    emit_c_line(e, "rts_dev_wrote(%s.mem);", emit_c_var(e, s->pat[d]));
  }
}

/* One atomic update of *p with v. */
static void atomic_update(struct emitter *e, enum lower_atomic op, enum prim_type t,
                          const char *p, const char *v) {
  static const char *const names[] = {"add", "min", "max"};
  switch (t) {
  case PRIM_I32:
  case PRIM_U32:
    emit_c_line(e, "atomic_%s((volatile __global %s *)%s, %s);", names[op],
            t == PRIM_I32 ? "int" : "uint", p, v);
    return;
  case PRIM_I64:
  case PRIM_U64:
    emit_c_line(e, "atom_%s((volatile __global %s *)%s, %s);", names[op],
            t == PRIM_I64 ? "long" : "ulong", p, v);
    return;
  case PRIM_F32:
    emit_c_line(e, "rts_atomic_add_f32((volatile __global uint *)%s, %s);", p, v);
    return;
  case PRIM_F64:
    emit_c_line(e, "rts_atomic_add_f64((volatile __global ulong *)%s, %s);", p, v);
    return;
  default:
    diag_ice("emit_opencl", (struct loc){0}, "no atomic operation on %s", prim_name(t));
  }
}

static void store_hist(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k,
                       const char *const *res, const char *gi) {
  (void)gi;
  const struct cl_view *v = cl_view_of(e, s->pat[0]);
  emit_c_line(e, "if ((ulong)(long)%s < (ulong)%s) {", res[0], v->dims[0]);
  e->indent++;
  atomic_update(e, k->atomic, s->pat[0]->type.prim,
                emit_c_printf(e, "&%s[(long)%s]", v->ptr, res[0]), res[1]);
  e->indent--;
  emit_c_line(e, "}");
}

void emit_hist(struct emitter *e, const struct ir_stm *s, const struct lower_kernel *k) {
  const struct ir_soac *so = &s->exp.u.soac;
  const char *w = checked_width(e, so);
  take_dest(e, s, 0);
  emit_elementwise(e, s, k, "", w, 1, store_hist);
  emit_c_line(e, "rts_dev_wrote(%s.mem);", emit_c_var(e, s->pat[0]));
}
