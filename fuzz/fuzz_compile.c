/* libFuzzer targets: the compiler, in process, on arbitrary bytes (docs/robustness.md).
 *
 * One source makes three targets; fuzz/run.sh builds each with its FUZZ_STAGE:
 *   fuzz_parse      the lexer and the parser, and the AST printer  (dump --after parse)
 *   fuzz_typecheck  the whole front end, to the typed AST          (dump --after typecheck)
 *   fuzz_emit       the whole pipeline, to the C source text       (dump --after emit),
 *                   then again through lowering to the OpenCL backend's text
 * and a fourth, fuzz_cc, is fuzz_emit built with FUZZ_COMPILE_C: it also compiles the
 * C text of a sample of the inputs it accepts (Note [Compiling the emitted C]).
 * Each input is compiled by compile_text() as if it were the file fuzz-input.dsl in the
 * current directory (fuzz/run.sh runs the targets in an empty one, so imports find only
 * the standard library).
 *
 * A run must end with status 0 (compiled) or 1 (rejected with a located error). An
 * internal compiler error (status 3) is a finding: the target prints it and aborts, and
 * libFuzzer keeps the input. Crashes, undefined behaviour, leaks, time-outs and running
 * out of memory are findings through the sanitizers and libFuzzer's own limits.
 * Diagnostics go to /dev/null unless PRISM_FUZZ_VERBOSE is set. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "driver.h"
#include "support/diag.h"
#include "support/strbuf.h"

#ifndef FUZZ_STAGE
#error "build with -DFUZZ_STAGE=STAGE_PARSE, STAGE_TYPECHECK or STAGE_EMIT (fuzz/run.sh)"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *quiet;
#ifdef FUZZ_COMPILE_C
static unsigned cc_sample = 16; /* Note [Compiling the emitted C] */
static bool cc_opencl;
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (getenv("PRISM_FUZZ_VERBOSE") == NULL) {
    quiet = fopen("/dev/null", "w");
    diag_set_stream(quiet);
  }
#ifdef FUZZ_COMPILE_C
  const char *sample = getenv("FUZZ_CC_SAMPLE");
  if (sample != NULL && atoi(sample) > 0) {
    cc_sample = (unsigned)atoi(sample);
  }
  /* The OpenCL host code needs <CL/cl.h>: compiled only where the C compiler has it. */
  const char *cc = getenv("FUZZ_SYNTAX_CC") != NULL ? getenv("FUZZ_SYNTAX_CC") : "cc";
  char probe[512];
  snprintf(probe, sizeof probe,
           "echo '#include <CL/cl.h>' | %s -fsyntax-only -x c - > /dev/null 2>&1", cc);
  cc_opencl = system(probe) == 0;
#endif
  return 0;
}

/* Note [Compiling the emitted C]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * fuzz_emit checks that the compiler makes C text without failing, not that the text
 * is C: a program the back end renders wrongly passes it. fuzz_cc also hands that
 * text to the C compiler, `$FUZZ_SYNTAX_CC -std=c99 -fsyntax-only -w` (default cc),
 * for the C backend and for the OpenCL backend's host code (when <CL/cl.h> is
 * there), and a rejection is a finding: the compiler's messages are printed and the
 * target aborts. Running the C compiler takes some 50 ms, far longer than a
 * compilation, so only a sample of the accepted inputs is compiled: those whose
 * FNV-1a hash is 0 modulo FUZZ_CC_SAMPLE (default 16; 1 compiles all). The sample
 * depends on the bytes alone, so a finding reproduces when its file is run again. */
#ifdef FUZZ_COMPILE_C
static bool in_sample(const uint8_t *data, size_t size) {
  uint64_t h = 14695981039346656037u;
  for (size_t i = 0; i < size; i++) {
    h = (h ^ data[i]) * 1099511628211u;
  }
  return h % cc_sample == 0;
}

/* Compiles C text with -fsyntax-only; aborts (a finding) if the compiler rejects it. */
static void check_c(const struct strbuf *c_text, const char *backend) {
  const char *tmpdir = getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp";
  char path[512], log[512];
  snprintf(path, sizeof path, "%s/prism-fuzz-cc-%ld.c", tmpdir, (long)getpid());
  snprintf(log, sizeof log, "%s/prism-fuzz-cc-%ld.log", tmpdir, (long)getpid());
  FILE *f = fopen(path, "w");
  if (f == NULL || fwrite(c_text->data, 1, c_text->len, f) != c_text->len || fclose(f) != 0) {
    fprintf(stderr, "fuzz: cannot write %s\n", path);
    abort();
  }
  const char *cc = getenv("FUZZ_SYNTAX_CC") != NULL ? getenv("FUZZ_SYNTAX_CC") : "cc";
  char cmd[2048];
  snprintf(cmd, sizeof cmd, "%s -std=c99 -fsyntax-only -w '%s' > '%s' 2>&1", cc, path, log);
  int status = system(cmd);
  if (status != 0) {
    fprintf(stderr, "fuzz: the C compiler rejects the %s backend's C (%s); its messages:\n",
            backend, cmd);
    FILE *messages = fopen(log, "r");
    char line[512];
    for (int n = 0; messages != NULL && n < 40 && fgets(line, sizeof line, messages); n++) {
      fputs(line, stderr);
    }
    abort();
  }
  remove(path);
  remove(log);
}
#endif

static int compile_input(const uint8_t *data, size_t size) {
  struct compile_options opts = {
      .input = "fuzz-input.dsl",
      .prefix = "prism",
      .backend = BACKEND_NONE,
      .dump = true,
      .dump_after = FUZZ_STAGE,
  };
#ifdef FUZZ_COMPILE_C
  bool compile = in_sample(data, size);
#else
  bool compile = false;
#endif
  struct strbuf c_text;
  strbuf_init(&c_text);
  int status = compile_text(&opts, (const char *)data, size, compile ? &c_text : NULL);
#ifdef FUZZ_COMPILE_C
  if (status == 0 && compile) {
    check_c(&c_text, "C");
  }
#endif
  if (status == 0 && FUZZ_STAGE == STAGE_EMIT) {
    opts.backend = BACKEND_OPENCL;
    c_text.len = 0;
    status = compile_text(&opts, (const char *)data, size, compile ? &c_text : NULL);
#ifdef FUZZ_COMPILE_C
    if (status == 0 && compile && cc_opencl) {
      check_c(&c_text, "OpenCL");
    }
#endif
  }
  strbuf_free(&c_text);
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
