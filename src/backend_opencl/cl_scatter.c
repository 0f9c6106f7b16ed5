/* The scatter form (lower.h): an elementwise kernel whose stores go to the destination's
 * indices; the destination taken as a hist's is (cl_hist.c).
 */
#include "backend_opencl/cl_internal.h"

/* ------------------------------------------------------------ scatter */

void take_dest(struct emitter *e, const struct ir_stm *s, int d) {
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
