/* The sequential C backend: core IR -> one C99 file (DESIGN.md section 3).
 *
 * emit_c_program: requires an IR program that passed ir_verify (callees before
 * callers, entry points marked by fun->entry); produces the text of prog.c, and in
 * library mode the C API header prog.h and the manifest prog.json. The C file is
 * self-contained: it pastes the runtime (rts/c/, embedded at build time) and, for an
 * executable, the main driver that reads arguments in Futhark's value syntax. Only
 * the prefixed API functions are external, so programs compiled with different
 * prefixes link into one application. Code that cannot be generated (an IR construct
 * outside the contract) is an internal compiler error.
 */
#ifndef PRISM_EMIT_C_H
#define PRISM_EMIT_C_H

#include <stdbool.h>

#include "ir/ir.h"
#include "lower/lower.h"
#include "support/strbuf.h"

struct emit_c_options {
  const char *prefix;      /* of the C API's names: "prism" */
  bool library;            /* prog.c + prog.h + prog.json; else an executable's main() */
  const char *source_name; /* the .dsl file, for comments and the manifest */
  /* The OpenCL backend: the kernels that lowering planned (src/lower/lower.h); the host
   * code is this backend's, with kernel launches for the planned statements and the
   * OpenCL runtime (rts/opencl/). NULL: sequential C. */
  const struct lower_plan *plan;
};

/* h_out and json_out may be NULL when not in library mode. */
void emit_c_program(const struct ir_program *p, const struct emit_c_options *o,
                    struct strbuf *c_out, struct strbuf *h_out, struct strbuf *json_out);

#endif
