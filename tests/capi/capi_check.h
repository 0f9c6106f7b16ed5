/* Checks shared by the C API tests (the C files in tests/capi/, run by run-capi.sh).
 *
 * A test includes its generated header(s), defines GET_ERROR() as the call that takes
 * the pending message from its context (e.g. prism_context_get_error(ctx)), includes
 * this file, runs its checks and returns capi_exit(). A failed check prints
 * FILE:LINE, the check, and the context's message where there is one, and the test
 * goes on, so that one run reports every failure. Memory errors and leaks are found by
 * valgrind or AddressSanitizer, under which run-capi.sh runs every test.
 */
#ifndef CAPI_CHECK_H
#define CAPI_CHECK_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define CAPI_UNUSED __attribute__((unused))
#else
#define CAPI_UNUSED
#endif

static int capi_failures = 0;

static void capi_fail(const char *file, int line, const char *what, const char *message) {
  capi_failures++;
  fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
  if (message != NULL) {
    fprintf(stderr, "  message: %s\n", message);
  }
}

/* Whether `message` holds "FILE:LINE:COL: error: " for the program file `file` (the
 * message names it by the path given to prismc, so only its end is compared). */
CAPI_UNUSED static int capi_has_location(const char *message, const char *file, int line) {
  size_t n = strlen(file);
  for (const char *p = strstr(message, file); p != NULL; p = strstr(p + 1, file)) {
    const char *q = p + n;
    char *end;
    if (*q != ':' || strtol(q + 1, &end, 10) != line || *end != ':' ||
        !isdigit((unsigned char)end[1])) {
      continue;
    }
    strtol(end + 1, &end, 10);
    if (strncmp(end, ": error: ", 9) == 0) {
      return 1;
    }
  }
  return 0;
}

static int capi_exit(void) {
  if (capi_failures > 0) {
    fprintf(stderr, "%d check(s) failed\n", capi_failures);
    return 1;
  }
  return 0;
}

/* A condition that must hold. */
#define CHECK(cond)                                                                       \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      capi_fail(__FILE__, __LINE__, #cond, NULL);                                        \
    }                                                                                     \
  } while (0)

/* An API call that must return 0 and leave no message. */
#define CHECK_OK(call)                                                                    \
  do {                                                                                    \
    int capi_err_ = (call);                                                               \
    char *capi_msg_ = GET_ERROR();                                                        \
    if (capi_err_ != 0 || capi_msg_ != NULL) {                                            \
      capi_fail(__FILE__, __LINE__, #call, capi_msg_);                                   \
    }                                                                                     \
    free(capi_msg_);                                                                      \
  } while (0)

/* An API call that must return `code` and leave a message containing `text`; the
 * message is left in capi_message (freed by the next CHECK_ERROR or CHECK_DONE) for
 * further checks. */
CAPI_UNUSED static char *capi_message = NULL;
#define CHECK_ERROR(call, code, text)                                                     \
  do {                                                                                    \
    int capi_err_ = (call);                                                               \
    free(capi_message);                                                                   \
    capi_message = GET_ERROR();                                                           \
    if (capi_err_ != (code)) {                                                            \
      capi_fail(__FILE__, __LINE__, #call " returns " #code, capi_message);              \
    } else if (capi_message == NULL || strstr(capi_message, (text)) == NULL) {            \
      capi_fail(__FILE__, __LINE__, #call " leaves a message containing: " text,         \
                capi_message);                                                            \
    }                                                                                     \
  } while (0)

/* The last CHECK_ERROR's message names FILE:LINE:COL. */
#define CHECK_LOCATION(file, line)                                                        \
  do {                                                                                    \
    if (capi_message == NULL || !capi_has_location(capi_message, (file), (line))) {       \
      capi_fail(__FILE__, __LINE__, "the message names " #file ":" #line ":COL: error:",  \
                capi_message);                                                            \
    }                                                                                     \
  } while (0)

/* Frees the last CHECK_ERROR's message. */
#define CHECK_DONE()                                                                      \
  do {                                                                                    \
    free(capi_message);                                                                   \
    capi_message = NULL;                                                                  \
  } while (0)

#endif
