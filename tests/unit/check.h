/* The check macro that the runtime's unit tests share: CHECK(cond, fmt, ...) counts a
 * check, and on failure counts it, prints the place and the message, and goes on.
 * Each test program includes it once and reports `failures` of `checks` at the end. */
#ifndef PRISM_TESTS_UNIT_CHECK_H
#define PRISM_TESTS_UNIT_CHECK_H

#include <stdio.h>

static int failures, checks;

#define CHECK(cond, ...)                                   \
  do {                                                     \
    checks++;                                              \
    if (!(cond)) {                                         \
      failures++;                                          \
      printf("%s:%d: check failed: ", __FILE__, __LINE__); \
      printf(__VA_ARGS__);                                 \
      printf("\n");                                        \
    }                                                      \
  } while (0)

#endif
