/* bench/soacs: the hand-written C loops that the Prism entry points of soacs.dsl are
 * timed against. Each does the same work as its entry point, written as a C programmer
 * would: one loop, results in freshly allocated arrays (as the entry points return
 * theirs), which the caller frees. */
#ifndef BENCH_SOACS_BASELINE_H
#define BENCH_SOACS_BASELINE_H

#include <stdint.h>

float base_mmr_f32(const float *xs, int64_t n);
int32_t base_mmr_i32(const int32_t *xs, int64_t n);
int32_t *base_map_scan(const int32_t *xs, int64_t n);
float *base_map_scatter(const float *xs, int64_t n);
/* One radix-4 Stockham pass (soacs.dsl, stockham4); *yr and *yi get the results. */
int base_stockham4(int64_t n, int64_t ns, const float *twr, const float *twi, const float *re,
                   const float *im, float **yr, float **yi);

#endif
