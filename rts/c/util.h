/* Common ground of the C runtime: headers, attributes and error codes.
 *
 * The runtime (rts/c/) is pasted into every program that prismc generates, in the order
 * util.h, scalar.h, context.h, array.h, context.c, array.c, and for executables
 * values.h, values.c, timing.h, driver.c (src/backend_c/emit_c.c). Quoted #include
 * lines are dropped when pasting; they are here so that each file also compiles on its
 * own. Everything is static and named rts_*, so two generated programs link into one
 * application; the only external names are the prefixed API functions that the
 * generated code defines. The code is C99 and warning-free under -Wall -Wextra
 * -pedantic on gcc and clang.
 */
#ifndef PRISM_RTS_UTIL_H
#define PRISM_RTS_UTIL_H

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define RTS_UNUSED __attribute__((unused))
#define RTS_NOINLINE __attribute__((noinline))
#define RTS_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#define RTS_LIKELY(x) __builtin_expect(!!(x), 1)
#define RTS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define RTS_UNUSED
#define RTS_NOINLINE
#define RTS_PRINTF(fmt, args)
#define RTS_LIKELY(x) (x)
#define RTS_UNLIKELY(x) (x)
#endif

/* The error codes of the C API (DESIGN.md section 3); the generated header repeats
 * them with the program's prefix. */
enum rts_status {
  RTS_SUCCESS = 0,
  RTS_PROGRAM_ERROR = 2,    /* bounds, assertion, size mismatch, division by zero */
  RTS_OUT_OF_MEMORY = 3,
  RTS_INVALID_ARGUMENT = 4, /* NULL arguments, negative dimensions (wrong shapes of an
                             * entry point's arguments are program errors, as in Futhark) */
  RTS_DEVICE_ERROR = 5,     /* OpenCL failed: no device, a failed build, a lost device
                             * (rts/opencl/opencl.h) */
};

/* strdup is POSIX, not C99. Returns NULL when out of memory. */
RTS_UNUSED static char *rts_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *copy = malloc(n);
  if (copy != NULL) {
    memcpy(copy, s, n);
  }
  return copy;
}

#endif
