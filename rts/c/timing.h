/* Wall-clock time in microseconds, for the executable's -t (rts/c/driver.c).
 *
 * Uses the POSIX monotonic clock; the generated executable defines _POSIX_C_SOURCE
 * before any header so that it is declared under -std=c99. Elsewhere it falls back to
 * the C library's clock(), which counts processor time: the same for a sequential
 * program that does not wait. */
#ifndef PRISM_RTS_TIMING_H
#define PRISM_RTS_TIMING_H

#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#include "util.h"

RTS_UNUSED static int64_t rts_now_usec(void) {
#if defined(_POSIX_TIMERS) && _POSIX_TIMERS > 0 && defined(CLOCK_MONOTONIC)
  struct timespec ts;
  if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0) {
    return (int64_t)ts.tv_sec * 1000000 + (int64_t)ts.tv_nsec / 1000;
  }
#endif
  return (int64_t)((double)clock() * 1e6 / CLOCKS_PER_SEC);
}

#endif
