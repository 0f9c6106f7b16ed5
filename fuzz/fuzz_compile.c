/* libFuzzer targets: the compiler, in process, on arbitrary bytes (docs/robustness.md).
 *
 * One source makes three targets; fuzz/run.sh builds each with its FUZZ_STAGE:
 *   fuzz_parse      the lexer and the parser, and the AST printer  (dump --after parse)
 *   fuzz_typecheck  the whole front end, to the typed AST          (dump --after typecheck)
 *   fuzz_emit       the whole pipeline, to the C source text       (dump --after emit),
 *                   then again through lowering to the OpenCL backend's text
 * Each input is compiled by compile_text() as if it were the file fuzz-input.dsl in the
 * current directory (fuzz/run.sh runs the targets in an empty one, so imports find only
 * the standard library). The C text is made but not compiled.
 *
 * A run must end with status 0 (compiled) or 1 (rejected with a located error). An
 * internal compiler error (status 3) is a finding: the target prints it and aborts, and
 * libFuzzer keeps the input. Crashes, undefined behaviour, leaks, time-outs and running
 * out of memory are findings through the sanitizers and libFuzzer's own limits.
 * Diagnostics go to /dev/null unless PRISM_FUZZ_VERBOSE is set. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "driver.h"
#include "support/diag.h"

#ifndef FUZZ_STAGE
#error "build with -DFUZZ_STAGE=STAGE_PARSE, STAGE_TYPECHECK or STAGE_EMIT (fuzz/run.sh)"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *quiet;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (getenv("PRISM_FUZZ_VERBOSE") == NULL) {
    quiet = fopen("/dev/null", "w");
    diag_set_stream(quiet);
  }
  return 0;
}

static int compile_input(const uint8_t *data, size_t size) {
  struct compile_options opts = {
      .input = "fuzz-input.dsl",
      .prefix = "prism",
      .backend = BACKEND_NONE,
      .dump = true,
      .dump_after = FUZZ_STAGE,
  };
  int status = compile_text(&opts, (const char *)data, size, NULL);
  if (status == 0 && FUZZ_STAGE == STAGE_EMIT) {
    opts.backend = BACKEND_OPENCL;
    status = compile_text(&opts, (const char *)data, size, NULL);
  }
  return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int status = compile_input(data, size);
  if (status == 0 || status == 1) {
    return 0;
  }
  /* Again, with the diagnostics shown: compilation is deterministic. */
  diag_set_stream(stderr);
  fprintf(stderr, "fuzz: the compiler ended with status %d; its messages:\n", status);
  compile_input(data, size);
  abort();
}
