/* Large arrays (a million elements) through the C API (large.dsl), and entry points
 * called many times in a loop, failures included, on one context and on many: under
 * valgrind or ASan (run-capi.sh), nothing may leak. */
#include <stdint.h>

#include "large.h"

static struct prism_context *ctx;
#define GET_ERROR() prism_context_get_error(ctx)
#include "capi_check.h"

#define MILLION 1000000

static void test_million(void) {
  float *xs = malloc(MILLION * sizeof *xs), *ys = malloc(MILLION * sizeof *ys);
  CHECK(xs != NULL && ys != NULL);
  for (int i = 0; i < MILLION; i++) {
    xs[i] = (float)(i % 1000) - 500;
  }
  struct prism_f32_1d *a = prism_new_f32_1d(ctx, xs, MILLION), *b = NULL;
  CHECK(a != NULL);
  CHECK_OK(prism_entry_scale(ctx, &b, a, 0.5f));
  CHECK_OK(prism_free_f32_1d(ctx, a));
  CHECK(b != NULL && prism_shape_f32_1d(ctx, b)[0] == MILLION);
  CHECK_OK(prism_values_f32_1d(ctx, b, ys));
  int wrong = 0;
  for (int i = 0; i < MILLION; i++) {
    wrong += ys[i] != xs[i] * 0.5f;
  }
  CHECK(wrong == 0);
  CHECK_OK(prism_free_f32_1d(ctx, b));
  free(xs);
  free(ys);

  struct prism_i64_1d *idx = NULL;
  int64_t sum = 0;
  CHECK_OK(prism_entry_indices(ctx, &idx, MILLION));
  CHECK_OK(prism_entry_sum(ctx, &sum, idx));
  CHECK(sum == (int64_t)MILLION * (MILLION - 1) / 2);
  CHECK_OK(prism_free_i64_1d(ctx, idx));

  /* A thousand by a thousand. */
  double *m = malloc(MILLION * sizeof *m), cols[1000];
  CHECK(m != NULL);
  for (int i = 0; i < MILLION; i++) {
    m[i] = (double)(i / 1000) + (double)(i % 1000) * 1000;
  }
  struct prism_f64_2d *c = prism_new_f64_2d(ctx, m, 1000, 1000);
  struct prism_f64_1d *s = NULL;
  CHECK_OK(prism_entry_column_sums(ctx, &s, c));
  CHECK_OK(prism_values_f64_1d(ctx, s, cols));
  wrong = 0;
  for (int j = 0; j < 1000; j++) {
    wrong += cols[j] != 999.0 * 1000 / 2 + (double)j * 1000 * 1000;
  }
  CHECK(wrong == 0);
  CHECK_OK(prism_free_f64_2d(ctx, c));
  CHECK_OK(prism_free_f64_1d(ctx, s));
  free(m);
}

/* A million-element array consumed and replaced twenty times. */
static void test_consume_in_loop(void) {
  int32_t *data = calloc(MILLION, sizeof *data);
  CHECK(data != NULL);
  struct prism_i32_1d *x = prism_new_i32_1d(ctx, data, MILLION);
  for (int i = 0; i < 20; i++) {
    struct prism_i32_1d *y = NULL;
    CHECK_OK(prism_entry_increment(ctx, &y, x));
    CHECK_OK(prism_free_i32_1d(ctx, x));
    x = y;
  }
  CHECK_OK(prism_values_i32_1d(ctx, x, data));
  CHECK(data[0] == 20 && data[MILLION / 2] == 20 && data[MILLION - 1] == 20);
  CHECK_OK(prism_free_i32_1d(ctx, x));
  free(data);
}

/* Thousands of calls, one in ten failing. */
static void test_many_calls(void) {
  int wrong = 0;
  for (int i = 0; i < 5000; i++) {
    int32_t data[8], sum = 0;
    for (int k = 0; k < 8; k++) {
      data[k] = i + k;
    }
    struct prism_i32_1d *x = prism_new_i32_1d(ctx, data, 8);
    if (i % 10 == 9) {
      int err = prism_entry_checked_sum(ctx, &sum, x, 0);
      char *message = prism_context_get_error(ctx);
      wrong += err != PRISM_PROGRAM_ERROR || message == NULL ||
               strstr(message, "assertion failed") == NULL;
      free(message);
    } else {
      wrong += prism_entry_checked_sum(ctx, &sum, x, INT32_MAX) != 0 || sum != 8 * i + 28;
    }
    wrong += prism_free_i32_1d(ctx, x) != 0;
  }
  CHECK(wrong == 0);
}

/* Contexts made and freed one after another, each used once. */
static void test_many_contexts(struct prism_context_config *cfg) {
  int wrong = 0;
  for (int i = 0; i < 200; i++) {
    struct prism_context *c = prism_context_new(cfg);
    struct prism_i64_1d *idx = NULL;
    int64_t sum = -1;
    wrong += c == NULL || prism_entry_indices(c, &idx, i) != 0 ||
             prism_entry_sum(c, &sum, idx) != 0 || sum != (int64_t)i * (i - 1) / 2 ||
             prism_free_i64_1d(c, idx) != 0;
    prism_context_free(c);
  }
  CHECK(wrong == 0);
}

int main(void) {
  struct prism_context_config *cfg = prism_context_config_new();
  ctx = prism_context_new(cfg);
  CHECK(ctx != NULL);
  test_million();
  test_consume_in_loop();
  test_many_calls();
  test_many_contexts(cfg);
  CHECK(prism_context_get_error(ctx) == NULL);
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  return capi_exit();
}
