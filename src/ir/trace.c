/* Call traces of inlined statements (struct ir_trace in ir.h).
 *
 * The simplifier inlines most calls, so a run-time error inside a function would name
 * only the function's line: an error in a library function (a size check in
 * stdlib/fft.dsl, say) would not say which call of the user's made it fail. Inlining
 * therefore records the call in every statement it copies, and the emitters print the
 * chain after the message, as compilers print "in this call" notes and as Futhark
 * prints a backtrace. Calls that stay calls print their own note at run time, when
 * the callee fails (the C emitter's IR_APPLY).
 */
#include "ir/ir.h"
#include "ir/util.h"
#include "support/strbuf.h"

/* `prefix` followed by t: a copy of prefix's chain whose last link points at t. */
static const struct ir_trace *append(struct arena *a, const struct ir_trace *prefix,
                                     const struct ir_trace *t) {
  struct ir_trace *head = NULL, *last = NULL;
  for (; prefix != NULL; prefix = prefix->inner) {
    struct ir_trace *copy = ARENA_NEW(a, struct ir_trace);
    *copy = *prefix;
    copy->inner = t;
    if (last == NULL) {
      head = copy;
    } else {
      last->inner = copy;
    }
    last = copy;
  }
  return head != NULL ? head : t;
}

static void mark_body(struct arena *a, struct ir_body *b, const struct ir_trace *prefix) {
  for (int i = 0; i < b->stm_count; i++) {
    struct ir_stm *s = b->stms[i];
    s->trace = append(a, prefix, s->trace);
    struct ir_body *nested[IR_MAX_STM_BODIES];
    int n = ir_stm_bodies(s, nested);
    for (int j = 0; j < n; j++) {
      mark_body(a, nested[j], prefix);
    }
  }
}

/* The call's own chain (the calls it was inlined through), then the call itself. */
static const struct ir_trace *through(struct arena *a, const struct ir_stm *call) {
  struct ir_trace *here = ARENA_NEW(a, struct ir_trace);
  here->loc = call->loc;
  here->fun = call->exp.u.apply.fun->source_name;
  return append(a, call->trace, here);
}

void ir_trace_inlined(struct ir_program *p, struct ir_body *b, const struct ir_stm *call) {
  mark_body(p->arena, b, through(p->arena, call));
}

const char *ir_trace_call_notes(struct arena *a, const struct ir_stm *call) {
  return ir_trace_notes(a, through(a, call));
}

/* Innermost first: the chain's links in reverse. */
const char *ir_trace_notes(struct arena *a, const struct ir_trace *t) {
  int n = 0;
  for (const struct ir_trace *u = t; u != NULL; u = u->inner) {
    n++;
  }
  const struct ir_trace **links = ARENA_ARRAY(a, const struct ir_trace *, n + 1);
  for (int i = n - 1; i >= 0; i--, t = t->inner) {
    links[i] = t;
  }
  struct strbuf b;
  strbuf_init(&b);
  for (int i = 0; i < n; i++) {
    strbuf_printf(&b, "%s%s: note: in this call of '%s'", i > 0 ? "\n" : "",
                  loc_format(links[i]->loc), links[i]->fun);
  }
  char *notes = arena_printf(a, "%s", n > 0 ? b.data : "");
  strbuf_free(&b);
  return notes;
}
