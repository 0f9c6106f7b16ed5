/* The sequential C backend: core IR -> one C99 file (DESIGN.md section 3).
 *
 * emit_c_program: requires an IR program that passed ir_verify (callees before
 * callers, entry points marked by fun->entry); produces the text of prog.c, and in
 * library mode the C API header prog.h and the manifest prog.json. The C file is
 * self-contained: it pastes the runtime (rts/c/, embedded at build time) and, for an
 * executable, the main driver that reads arguments in Futhark's value syntax. Only
 * the prefixed API functions are external, so programs compiled with different
 * prefixes link into one application. Code that cannot be generated (an IR construct
 * outside the contract) is an internal compiler error. Another backend reuses this one
 * for its host code through a table of hooks (struct emit_target: the OpenCL backend).
 */
#ifndef PRISM_EMIT_C_H
#define PRISM_EMIT_C_H

#include <stdbool.h>

#include "ir/ir.h"
#include "support/strbuf.h"

struct emitter; /* the emitter's state (emit_internal.h) */

/* A backend that extends this one (STYLE.md rule 17; QBE's struct Target, Futhark's
 * Operations record): the places where its host code differs from sequential C. The
 * C emitter calls a hook where it has one and prints its own code otherwise; a NULL
 * table, or a NULL hook, is the sequential C behaviour. The target's own state is
 * e->target_state (emit_c_options.target_state), which this backend never reads. */
struct emit_target {
  const char *name;     /* the manifest's "backend" */
  const char *api_docs; /* more documentation the API header's comment names */
  const char *preamble; /* lines at the top of the C file, before the runtime */
  /* A host statement that the target runs itself (kernels, device array operations);
   * returns false to leave it to the C emitter. `host` emits s's array operation on
   * the host, for a target that runs it there after all. */
  bool (*host_stm)(struct emitter *e, const struct ir_stm *s,
                   void (*host)(struct emitter *e, const struct ir_stm *s));
  /* Around a host statement that the C emitter prints (and before the host path of an
   * array operation); after a call inside a host SOAC's lambda. */
  void (*before_host_stm)(struct emitter *e, const struct ir_stm *s);
  void (*after_host_stm)(struct emitter *e, const struct ir_stm *s);
  void (*after_nested_apply)(struct emitter *e, const struct ir_stm *s);
  /* A run-time check (`if (COND)` it fails with MESSAGE, whose %lld is VALUE when not
   * NULL) in code that is the target's own (a kernel); false: an ordinary C check. */
  bool (*check)(struct emitter *e, const char *cond, const char *message, const char *value);
  /* The target's runtime, after the C runtime; its tables, after the array structs. */
  void (*paste_rts)(struct emitter *e, struct strbuf *out);
  void (*program_tables)(struct emitter *e, struct strbuf *out);
  /* The C API (emit_api.c): the header's #includes and declarations, the context, */
  void (*api_includes)(struct strbuf *out);
  void (*api_declarations)(struct strbuf *out, const char *prefix, const char *upper_prefix);
  void (*define_context)(struct emitter *e, struct strbuf *out, const char *prefix);
  /* raw buffers: PREFIX_new_raw_SUFFIX (emit_api.c defines it beside PREFIX_new_SUFFIX)
   * and PREFIX_values_raw_SUFFIX of array type `name`, whose elements are `elem`, */
  void (*declare_raw)(struct strbuf *out, const char *prefix, const char *name,
                      const char *suffix, int rank);
  void (*define_values_raw)(struct strbuf *out, const char *prefix, const char *name,
                            const char *suffix, const char *elem, int rank);
  /* C statements of PREFIX_values_SUFFIX before it reads `arr`'s elements, */
  const char *values_prologue;
  /* an entry point's C function (named fn) before and after its call, */
  void (*entry_before_call)(struct strbuf *out, const char *fn);
  void (*entry_after_call)(const struct ir_fun *f, struct strbuf *out);
  /* and the executable's glue of an entry point: after its call (before the time is
   * taken), and before its results are printed. */
  void (*glue_after_call)(struct strbuf *out);
  void (*glue_before_outputs)(const struct ir_fun *f, struct strbuf *out);
};

struct emit_c_options {
  const char *prefix;      /* of the C API's names: "prism" */
  bool library;            /* prog.c + prog.h + prog.json; else an executable's main() */
  const char *source_name; /* the .dsl file, for comments and the manifest */
  /* The backend that extends this one, and its state; NULL: sequential C. */
  const struct emit_target *target;
  void *target_state;
};

/* h_out and json_out may be NULL when not in library mode. */
void emit_c_program(const struct ir_program *p, const struct emit_c_options *o,
                    struct strbuf *c_out, struct strbuf *h_out, struct strbuf *json_out);

#endif
