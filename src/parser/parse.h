/* The parser's entry points.
 *
 * parse_program: requires the file registered with diag_add_file (its text is read
 * from there); produces the AST of DESIGN.md section 1 in the arena `a`, or reports the
 * first syntax error (file:line:col: error: ... with what was expected and found, and
 * a note pointing back at an unclosed bracket) and unwinds through diag_abort().
 *
 * parse_spec_text: parses one module-type specification (`val name 'a [n]: type`)
 * from a string; used by the type checker to read the signatures of intrinsics
 * written in Prism's own type syntax. The string is registered under `origin`. */
#ifndef PRISM_PARSE_H
#define PRISM_PARSE_H

#include <stdint.h>

#include "parser/ast.h"
#include "support/arena.h"

struct program *parse_program(struct arena *a, uint32_t file);
struct spec *parse_spec_text(struct arena *a, const char *text, const char *origin);

#endif
