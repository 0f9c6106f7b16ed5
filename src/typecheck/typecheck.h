/* The type checker's entry point.
 *
 * tc_check_program: requires the parsed prelude (stdlib/prelude.dsl) and the parsed
 * program; produces the typed AST in place (parser/ast.h "typed:" fields; invariants in
 * typecheck/types.h), checks uniqueness (no use of an array after it was consumed),
 * or reports the first error and unwinds through diag_abort(). */
#ifndef PRISM_TYPECHECK_H
#define PRISM_TYPECHECK_H

#include "parser/ast.h"
#include "support/arena.h"

void tc_check_program(struct arena *a, struct program *prelude, struct program *program);

#endif
