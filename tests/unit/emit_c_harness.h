/* The harness of the C backend's unit tests: emit, compile, run, compare.
 *
 * A test builds an IR program with irb.h, then calls build() to emit it (library or
 * executable), compile it with $PRISM_TEST_CC (default cc) under -Wall -Wextra
 * -pedantic -std=c99 -Werror, and expect_run() to run it and compare its standard
 * output, exit status and a piece of its standard error. Library tests link a C main
 * given as text. When valgrind is installed, runs marked so go under
 * valgrind --leak-check=full --error-exitcode=99. Files go to a fresh directory under
 * the current one, removed at the end when every test passed.
 */
#ifndef PRISM_TESTS_EMIT_C_HARNESS_H
#define PRISM_TESTS_EMIT_C_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend_c/emit_c.h"
#include "irb.h"

static char harness_dir[64];
static int harness_failures, harness_checks;
static bool harness_valgrind;

IRB void fail(const char *test, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

IRB void fail(const char *test, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "FAIL %s: ", test);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  harness_failures++;
}

IRB const char *test_cc(void) {
  const char *cc = getenv("PRISM_TEST_CC");
  return cc != NULL && cc[0] != '\0' ? cc : "cc";
}

IRB bool write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    return false;
  }
  bool ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  struct strbuf b;
  strbuf_init(&b);
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    strbuf_putn(&b, chunk, n);
  }
  fclose(f);
  strbuf_putn(&b, "", 0);
  return strbuf_take(&b);
}

/* Runs a shell command; returns its exit status (-1 when it did not exit). */
IRB int shell(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

IRB int shell(const char *fmt, ...) {
  char cmd[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cmd, sizeof cmd, fmt, ap);
  va_end(ap);
  int status = system(cmd);
  if (status == -1 || !WIFEXITED(status)) {
    return -1;
  }
  return WEXITSTATUS(status);
}

IRB void harness_begin(void) {
  strtab_init();
  snprintf(harness_dir, sizeof harness_dir, "emit-c-test-XXXXXX");
  if (mkdtemp(harness_dir) == NULL) {
    perror("mkdtemp");
    exit(99);
  }
  harness_valgrind = getenv("PRISM_TEST_NO_VALGRIND") == NULL &&
                     shell("command -v valgrind >/dev/null 2>&1") == 0;
}

static int harness_end(void) {
  if (harness_failures == 0 && getenv("PRISM_TEST_KEEP") == NULL) {
    shell("rm -rf %s", harness_dir);
  } else {
    fprintf(stderr, "files kept in %s\n", harness_dir);
  }
  fprintf(stderr, "%d checks, %d failures\n", harness_checks, harness_failures);
  strtab_free();
  diag_reset_files();
  return harness_failures == 0 ? 0 : 1;
}

/* Writes the emitted files of the current program as dir/name.c (and .h, .json for
 * a library); ends the program. */
IRB bool emit_files(const char *name, bool library, const char *prefix) {
  harness_checks++;
  ir_verify(irb_prog, "test");
  struct emit_c_options o = {.prefix = prefix != NULL ? prefix : "prism", .library = library,
                             .source_name = "prog.dsl"};
  struct strbuf c, h, json;
  strbuf_init(&c);
  strbuf_init(&h);
  strbuf_init(&json);
  emit_c_program(irb_prog, &o, &c, &h, &json);
  irb_end();
  char path[256];
  snprintf(path, sizeof path, "%s/%s.c", harness_dir, name);
  bool ok = write_text(path, c.data);
  if (library) {
    snprintf(path, sizeof path, "%s/%s.h", harness_dir, name);
    ok = ok && write_text(path, h.data);
    snprintf(path, sizeof path, "%s/%s.json", harness_dir, name);
    ok = ok && write_text(path, json.data);
  }
  strbuf_free(&c);
  strbuf_free(&h);
  strbuf_free(&json);
  if (!ok) {
    fail(name, "cannot write files");
  }
  return ok;
}

/* Compiles `sources` (in the test directory) into dir/name; with clang too, for its
 * warnings, when it is installed. */
IRB bool compile(const char *name, const char *sources) {
  static const char *flags = "-Wall -Wextra -pedantic -std=c99 -Werror";
  int status = shell("cd %s && %s -O3 -g %s -o %s %s -lm > %s.cc.log 2>&1", harness_dir,
                     test_cc(), flags, name, sources, name);
  if (status == 0 && shell("command -v clang >/dev/null 2>&1") == 0) {
    status = shell("cd %s && clang -fsyntax-only %s %s >> %s.cc.log 2>&1", harness_dir, flags,
                   sources, name);
  }
  if (status != 0) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s.cc.log", harness_dir, name);
    char *log = read_text(path);
    fail(name, "the C compiler failed:\n%.4000s", log != NULL ? log : "");
    free(log);
    return false;
  }
  return true;
}

/* Emits the current program as `name` (a library when main_c is not NULL, linked with
 * that C main and the extra sources) and compiles it. Ends the program. */
IRB bool build_with(const char *name, const char *main_c, const char *prefix,
                       const char *extra) {
  if (!emit_files(name, main_c != NULL, prefix)) {
    return false;
  }
  char sources[512];
  snprintf(sources, sizeof sources, "%s.c", name);
  if (main_c != NULL) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s_main.c", harness_dir, name);
    if (!write_text(path, main_c)) {
      fail(name, "cannot write the main program");
      return false;
    }
    snprintf(sources, sizeof sources, "%s.c %s_main.c %s", name, name,
             extra != NULL ? extra : "");
  }
  return compile(name, sources);
}

IRB bool build_exe(const char *name) {
  return build_with(name, NULL, NULL, NULL);
}

IRB bool build_lib(const char *name, const char *main_c) {
  return build_with(name, main_c, NULL, NULL);
}

/* Runs dir/name with the arguments and standard input given; checks the exit status,
 * that standard output is `out` exactly (unless NULL) and that standard error contains
 * `err` (unless NULL). Under valgrind when `checked` and valgrind is there. */
IRB void expect_run(const char *name, const char *args, const char *input, int status,
                       const char *out, const char *err, bool checked) {
  harness_checks++;
  char path[256];
  snprintf(path, sizeof path, "%s/%s.in", harness_dir, name);
  if (!write_text(path, input != NULL ? input : "")) {
    fail(name, "cannot write the input");
    return;
  }
  bool vg = checked && harness_valgrind;
  int got = shell("cd %s && %s ./%s %s < %s.in > %s.out 2> %s.err", harness_dir,
                  vg ? "valgrind -q --leak-check=full --errors-for-leak-kinds=all "
                       "--error-exitcode=99"
                     : "",
                  name, args != NULL ? args : "", name, name, name);
  snprintf(path, sizeof path, "%s/%s.out", harness_dir, name);
  char *got_out = read_text(path);
  snprintf(path, sizeof path, "%s/%s.err", harness_dir, name);
  char *got_err = read_text(path);
  if (got_out == NULL || got_err == NULL) {
    fail(name, "no output");
  } else if (got != status) {
    fail(name, "exit status %d, expected %d\nstdout:\n%s\nstderr:\n%s", got, status, got_out,
         got_err);
  } else if (out != NULL && strcmp(got_out, out) != 0) {
    fail(name, "stdout:\n%s\nexpected:\n%s\nstderr:\n%s", got_out, out, got_err);
  } else if (err != NULL && strstr(got_err, err) == NULL) {
    fail(name, "stderr:\n%s\nexpected to contain:\n%s", got_err, err);
  }
  free(got_out);
  free(got_err);
}

#endif
