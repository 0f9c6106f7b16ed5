/* Internalisation: the typed AST to the core IR.
 *
 * internalise_program: requires the prelude and the program, both type checked
 * (tc_check_program); produces the core IR (ir/ir.h): one IR function per entry point
 * of the program, one per specialisation of a first-order definition it calls, and
 * everything else inlined (higher-order functions, lambdas, local functions, sections,
 * and all type parameters are gone). The result passes ir_verify. */
#ifndef PRISM_INTERNALISE_H
#define PRISM_INTERNALISE_H

#include "ir/ir.h"
#include "parser/ast.h"

struct ir_program *internalise_program(struct arena *a, struct program *prelude,
                                       struct program *program);

#endif
