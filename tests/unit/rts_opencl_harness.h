/* What the OpenCL runtime's unit tests share: the runtime as generated programs paste
 * it (util.h, scalar.h, context.h, context.c, opencl.h, opencl.c; unused functions
 * allowed), the embedded OpenCL runtime as the backend sees it
 * (rts_cl_embedded_files), a stop for failures that later checks cannot survive, and
 * whether any OpenCL platform is installed (the tests skip themselves with status 77
 * when none is).
 */
#ifndef PRISM_TESTS_RTS_OPENCL_HARNESS_H
#define PRISM_TESTS_RTS_OPENCL_HARNESS_H

#include <stdio.h>
#include <stdlib.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../../rts/c/util.h"
#include "../../rts/c/scalar.h"
#include "../../rts/c/context.h"
#include "../../rts/c/context.c"
#include "../../rts/opencl/opencl.h"
#include "../../rts/opencl/opencl.c"
#pragma GCC diagnostic pop

struct rts_embedded_file {
  const char *name;
  const char *const *lines;
};
#include "backend_opencl/rts_cl_embed.inc"

/* Stops the test: something it needs for the checks that follow failed. Prints the
 * context's message, if ctx is given and has one. */
_Noreturn static void fatal(const char *what, struct rts_context *ctx) {
  char *message = ctx != NULL ? rts_take_error(ctx) : NULL;
  printf("fatal: %s%s%s\n", what, message != NULL ? ": " : "", message != NULL ? message : "");
  free(message);
  exit(1);
}

static bool platform_present(void) {
  cl_uint n = 0;
  return clGetPlatformIDs(0, NULL, &n) == CL_SUCCESS && n > 0;
}

#endif
