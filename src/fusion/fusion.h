/* The middle end: simplification and SOAC fusion on the core IR (DESIGN.md section 2).
 *
 * simplify_program: requires verified core IR; produces equivalent, verified IR in
 * which the rules of simplify.c (constant folding, copy propagation, common
 * subexpressions, dead code, inlining, hoisting, index algebra, unrolling of small
 * loops and maps) have been applied to a fixed point.
 *
 * fuse_program: requires verified core IR; produces equivalent, verified IR in which
 * chains of SOACs are fused (fuse.c: vertical, horizontal and diagonal fusion after
 * Futhark's T2 graph reduction), so that intermediate arrays are not written. */
#ifndef PRISM_FUSION_H
#define PRISM_FUSION_H

#include "ir/ir.h"

/* What the code after simplification runs on. Kernels cannot call functions, so for
 * them every call inside a SOAC's lambda is inlined (Note [inlining into lambdas] in
 * simplify.c); sequential C keeps such calls as C functions. */
enum simplify_target { SIMPLIFY_FOR_C, SIMPLIFY_FOR_KERNELS };

void simplify_program(struct ir_program *p, enum simplify_target target);
/* Removes the functions, but entry points, that nothing calls, until none is left
 * (lowering's rewrites inline calls: Note [distributing maps] in
 * src/lower/distribute.c). */
void simplify_remove_dead_functions(struct ir_program *p);
void fuse_program(struct ir_program *p);

#endif
