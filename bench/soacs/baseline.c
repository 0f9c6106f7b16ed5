/* bench/soacs: hand-written C loops doing the work of soacs.dsl's entry points
 * (baseline.h). Compiled with the same compiler and flags as the generated code. */
#include <stdlib.h>

#include "baseline.h"

float base_mmr_f32(const float *xs, int64_t n) {
  float sum = 0;
  for (int64_t i = 0; i < n; i++) {
    float y = xs[i] * xs[i];
    sum += y * 0.5f + 1;
  }
  return sum;
}

/* Wrapping arithmetic, as Prism's i32: computed in uint32_t. */
int32_t base_mmr_i32(const int32_t *xs, int64_t n) {
  uint32_t sum = 0;
  for (int64_t i = 0; i < n; i++) {
    int32_t y = (int32_t)((uint32_t)xs[i] * 3u + 1u);
    sum += (uint32_t)(y ^ (y >> 3));
  }
  return (int32_t)sum;
}

int32_t *base_map_scan(const int32_t *xs, int64_t n) {
  int32_t *out = malloc(sizeof *out * (size_t)(n > 0 ? n : 1));
  if (out == NULL) {
    return NULL;
  }
  uint32_t acc = 0;
  for (int64_t i = 0; i < n; i++) {
    acc += (uint32_t)xs[i] * 2u + 1u;
    out[i] = (int32_t)acc;
  }
  return out;
}

/* Element i goes to (3 i) mod n: a permutation when 3 does not divide n, so every
 * element of the result is written and it needs no initialisation. */
float *base_map_scatter(const float *xs, int64_t n) {
  float *out = malloc(sizeof *out * (size_t)(n > 0 ? n : 1));
  if (out == NULL) {
    return NULL;
  }
  for (int64_t i = 0; i < n; i++) {
    out[(3 * i) % n] = xs[i] * 2 + 1;
  }
  return out;
}

int base_stockham4(int64_t n, int64_t ns, const float *twr, const float *twi, const float *re,
                   const float *im, float **yr, float **yi) {
  float *outr = malloc(sizeof *outr * (size_t)(n > 0 ? n : 1));
  float *outi = malloc(sizeof *outi * (size_t)(n > 0 ? n : 1));
  if (outr == NULL || outi == NULL) {
    free(outr);
    free(outi);
    return 1;
  }
  int64_t m = n / 4;
  for (int64_t j = 0; j < m; j++) {
    int64_t k = j % ns;
    float xr[4], xi[4];
    for (int q = 0; q < 4; q++) {
      float ar = re[j + q * m], ai = im[j + q * m];
      float wr = twr[q * ns + k], wi = twi[q * ns + k];
      xr[q] = ar * wr - ai * wi;
      xi[q] = ar * wi + ai * wr;
    }
    float s0r = xr[0] + xr[2], s0i = xi[0] + xi[2];
    float d0r = xr[0] - xr[2], d0i = xi[0] - xi[2];
    float s1r = xr[1] + xr[3], s1i = xi[1] + xi[3];
    float d1r = xr[1] - xr[3], d1i = xi[1] - xi[3];
    int64_t d = (j / ns) * ns * 4 + k;
    /* y1 = d0 - i d1, y3 = d0 + i d1 */
    outr[d] = s0r + s1r;
    outi[d] = s0i + s1i;
    outr[d + ns] = d0r + d1i;
    outi[d + ns] = d0i - d1r;
    outr[d + 2 * ns] = s0r - s1r;
    outi[d + 2 * ns] = s0i - s1i;
    outr[d + 3 * ns] = d0r - d1i;
    outi[d + 3 * ns] = d0i + d1r;
  }
  *yr = outr;
  *yi = outi;
  return 0;
}
