/* The OpenCL backend: core IR and the kernels that lowering planned -> one C99 file
 * with OpenCL kernels (docs/opencl.md).
 *
 *   emit_kernel.c  kernel code: lambdas' statements as OpenCL C, views of arrays
 *   emit_private.c kernel code's private arrays: one scalar variable per element
 *   cl_*.c         the forms of lower.h as kernels plus host code that launches them,
 *                  the host side of the memory model (Note [mirrors] in
 *                  rts/opencl/mirror.h), and the program's tables (cl_internal.h lists
 *                  the files)
 *   emit_cl_api.c  what the generated API adds on OpenCL: the context and its
 *                  configuration, raw interop with cl_mem buffers
 *
 * The host code is the C backend's (src/backend_c/), which this backend extends through
 * its table of hooks (struct emit_target, cl_program.c): for each host statement the C
 * emitter asks whether lowering planned kernels for it (emit_cl_kernel_stm) and
 * otherwise brackets it with emit_cl_before_host_stm / emit_cl_after_host_stm.
 * cl_internal.h declares what the files share.
 */
#ifndef PRISM_EMIT_OPENCL_H
#define PRISM_EMIT_OPENCL_H

#include "backend_c/emit_c.h"
#include "ir/ir.h"
#include "lower/lower.h"
#include "support/strbuf.h"

/* Requires an IR program that passed ir_verify and its plan of kernels (lower_program);
 * produces what emit_c_program does (o says the prefix, library mode and source name),
 * with kernel launches for the planned statements, the kernels as a table of OpenCL C
 * lines, the OpenCL runtime (rts/opencl/) and the API's device configuration. */
void emit_opencl_program(const struct ir_program *p, const struct lower_plan *plan,
                         const struct emit_c_options *o, struct strbuf *c_out,
                         struct strbuf *h_out, struct strbuf *json_out);

#endif
