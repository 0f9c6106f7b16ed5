/* bench/harness-util.h: what the benchmark harnesses (bench/soacs/harness.c,
 * bench/soacs-opencl/bench.c) share: allocation that exits on failure, a monotonic clock,
 * the median, and reproducible pseudo-random numbers. Included by one file of each
 * harness, so the functions are static (and inline, so that a harness need not use them
 * all). */
#ifndef PRISM_BENCH_HARNESS_UTIL_H
#define PRISM_BENCH_HARNESS_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline void *xmalloc(size_t bytes) {
  void *p = malloc(bytes > 0 ? bytes : 1);
  if (p == NULL) {
    fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

/* Milliseconds on CLOCK_MONOTONIC (needs _POSIX_C_SOURCE 199309L or later). */
static inline double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static inline int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of v[n] (sorts v). */
static inline double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* xorshift64*: reproducible inputs. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static inline uint64_t rng(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1Du;
}

#endif
