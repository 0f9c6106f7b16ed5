/* The type checker's entry point.
 *
 * tc_check_program: requires the parsed prelude (stdlib/prelude.dsl) and the parsed
 * program; checks the files the program imports (once each, in order); produces the
 * typed AST in place (parser/ast.h "typed:" fields; invariants in
 * typecheck/types.h), checks uniqueness (no use of an array after it was consumed),
 * or reports the first error and unwinds through diag_abort(). */
#ifndef PRISM_TYPECHECK_H
#define PRISM_TYPECHECK_H

#include "parser/ast.h"
#include "support/arena.h"

/* Where imported files are searched, in order after the importing file's directory. */
struct tc_options {
  const char **include_dirs;
  int include_dir_count;
  const char *stdlib_dir;
};

/* Imports are searched next to the importing file, then in options->include_dirs,
 * PRISM_PATH and options->stdlib_dir. */
void tc_check_program(struct arena *a, const struct tc_options *options,
                      struct program *prelude, struct program *program);

#endif
