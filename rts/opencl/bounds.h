/* The bounds of narrow index variables (Note [narrow indices] in src/lower/ranges.c):
 * the arithmetic that evaluates them, and the test of whether they fit in 32 bits.
 * The host code of generated OpenCL programs evaluates the bounds at launch
 * (rts_cl_narrow in mirror.c), and the compiler folds constant bounds with the same
 * functions (src/lower/ranges.c includes this file), so that both agree.
 *
 * Integer arithmetic that saturates at +-2^62, far outside the 32 bits that the bounds
 * are compared with, so that no bound overflows; division is floor division by a
 * divisor of at least 1.
 */
#ifndef PRISM_RTS_BOUNDS_H
#define PRISM_RTS_BOUNDS_H

#include <stdbool.h>
#include <stdint.h>

#define RTS_SAT_LIMIT ((int64_t)1 << 62)

/* Bounds must stay this far inside 32 bits: a loop over a narrow index may step past
 * its end by a work-group's size. */
#define RTS_NARROW_ROOM ((int64_t)1 << 16)

static inline int64_t rts_sat(int64_t x) {
  return x > RTS_SAT_LIMIT ? RTS_SAT_LIMIT : x < -RTS_SAT_LIMIT ? -RTS_SAT_LIMIT : x;
}

static inline int64_t rts_sat_add(int64_t x, int64_t y) {
  return rts_sat(x + y); /* both within 2^62: the sum fits */
}

static inline int64_t rts_sat_sub(int64_t x, int64_t y) {
  return rts_sat(x - y);
}

static inline int64_t rts_sat_mul(int64_t x, int64_t y) {
  uint64_t ax = x < 0 ? (uint64_t)-x : (uint64_t)x, ay = y < 0 ? (uint64_t)-y : (uint64_t)y;
  if (ax != 0 && ay > (uint64_t)RTS_SAT_LIMIT / ax) {
    return (x < 0) != (y < 0) ? -RTS_SAT_LIMIT : RTS_SAT_LIMIT;
  }
  return rts_sat(x * y);
}

static inline int64_t rts_sat_div(int64_t x, int64_t y) {
  y = y < 1 ? 1 : y;
  int64_t q = x / y;
  return q * y > x ? q - 1 : q;
}

static inline int64_t rts_sat_min(int64_t x, int64_t y) {
  return x < y ? x : y;
}

static inline int64_t rts_sat_max(int64_t x, int64_t y) {
  return x > y ? x : y;
}

/* Whether bounds from lo to hi fit in 32 bits, with RTS_NARROW_ROOM to spare. */
static inline bool rts_narrow_fits(int64_t lo, int64_t hi) {
  return lo >= INT32_MIN + RTS_NARROW_ROOM && hi <= INT32_MAX - RTS_NARROW_ROOM;
}

#endif
