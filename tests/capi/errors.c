/* Failures through the C API (errors.dsl): arguments whose shapes contradict the entry
 * point's sizes, failed asserts, indices out of bounds, division by zero, negative and
 * impossible sizes, NULL arguments. Each returns its error code and leaves a message
 * (with FILE:LINE:COL for failures in the program) that prism_context_get_error hands
 * over once; the context stays usable, and nothing leaks, whatever the entry point had
 * allocated before it failed (run-capi.sh runs this under valgrind or ASan). */
#include <stdint.h>

#include "errors.h"

static struct prism_context *ctx;
#define GET_ERROR() prism_context_get_error(ctx)
#include "capi_check.h"

/* The lines of errors.dsl where its entry points fail. */
#define LINE_ASSERT 9
#define LINE_INDEX 10
#define LINE_INDEX_2D 11
#define LINE_DIVIDE 12
#define LINE_REMAINDER 13
#define LINE_REPLICATE 14
#define LINE_LOOP_ASSERT 21
#define LINE_MAP_DIVIDE 24
#define LINE_HELPER_ASSERT 28
#define LINE_UPDATE 35

/* The context works after a failure, and has no message left. */
static void check_usable(int line) {
  int32_t y = 0;
  int err = prism_entry_increment(ctx, &y, 41);
  char *message = prism_context_get_error(ctx);
  if (err != 0 || y != 42 || message != NULL) {
    capi_fail(__FILE__, line, "the context is usable after the failure", message);
  }
  free(message);
}

static void test_get_error(void) {
  /* No failure yet: no message. */
  CHECK(prism_context_get_error(ctx) == NULL);
  int32_t y;
  CHECK(prism_entry_increment(ctx, &y, 1) == PRISM_SUCCESS && y == 2);
  CHECK(prism_context_get_error(ctx) == NULL);
  /* A message is handed over once; the caller frees it. */
  CHECK(prism_entry_checked(ctx, &y, 0) == PRISM_PROGRAM_ERROR);
  char *message = prism_context_get_error(ctx);
  CHECK(message != NULL && strstr(message, "assertion failed") != NULL);
  free(message);
  CHECK(prism_context_get_error(ctx) == NULL);
  /* A message not taken stays (a later call that succeeds does not clear it), and the
   * next failure's message is appended on a line of its own. */
  CHECK(prism_entry_checked(ctx, &y, -1) == PRISM_PROGRAM_ERROR);
  CHECK(prism_entry_increment(ctx, &y, 1) == PRISM_SUCCESS && y == 2);
  CHECK(prism_entry_quotient(ctx, &y, 1, 0) == PRISM_PROGRAM_ERROR);
  message = prism_context_get_error(ctx);
  CHECK(message != NULL && strstr(message, "assertion failed: x > 0\n") != NULL &&
        strstr(message, "division by zero") != NULL);
  free(message);
  CHECK(prism_context_get_error(ctx) == NULL);
}

/* Arguments whose shapes contradict the sizes in the entry point's type. */
static void test_shapes(void) {
  const float x3[3] = {1, 2, 3}, x2[2] = {4, 5};
  struct prism_f32_1d *a = prism_new_f32_1d(ctx, x3, 3), *b = prism_new_f32_1d(ctx, x2, 2);
  float f = 0;
  CHECK_ERROR(prism_entry_dot(ctx, &f, a, b), PRISM_PROGRAM_ERROR,
              "dot: argument 2 (\"ys\") has shape [2]");
  check_usable(__LINE__);
  CHECK_ERROR(prism_entry_dot(ctx, &f, b, a), PRISM_PROGRAM_ERROR,
              "dot: argument 2 (\"ys\") has shape [3]");
  CHECK_OK(prism_entry_dot(ctx, &f, a, a));
  CHECK(f == 14);

  const int32_t i4[4] = {1, 2, 3, 4};
  struct prism_i32_1d *c = prism_new_i32_1d(ctx, i4, 4);
  int32_t i = 0;
  CHECK_ERROR(prism_entry_first3(ctx, &i, c), PRISM_PROGRAM_ERROR,
              "first3: argument 1 (\"xs\") has shape [4]");
  check_usable(__LINE__);

  struct prism_i32_2d *m = prism_new_i32_2d(ctx, i4, 1, 4);
  int64_t n = 0;
  CHECK_ERROR(prism_entry_square(ctx, &n, m), PRISM_PROGRAM_ERROR,
              "square: argument 1 (\"a\") has shape [1][4]");
  check_usable(__LINE__);
  CHECK_OK(prism_free_i32_2d(ctx, m));
  m = prism_new_i32_2d(ctx, i4, 2, 2);
  CHECK_OK(prism_entry_square(ctx, &n, m));
  CHECK(n == 2);
  /* [n+1]i32: checked before the body, which would index out of bounds. */
  CHECK_ERROR(prism_entry_last(ctx, &i, 4, c), PRISM_PROGRAM_ERROR,
              "last: argument 2 (\"xs\") has a shape that does not match its type "
              "[n+1]i32");
  check_usable(__LINE__);
  CHECK_OK(prism_entry_last(ctx, &i, 3, c));
  CHECK(i == 4);
  CHECK_DONE();
  CHECK_OK(prism_free_f32_1d(ctx, a));
  CHECK_OK(prism_free_f32_1d(ctx, b));
  CHECK_OK(prism_free_i32_1d(ctx, c));
  CHECK_OK(prism_free_i32_2d(ctx, m));
}

/* Failures inside the program: the message names errors.dsl:LINE:COL. */
static void test_program_errors(void) {
  int32_t i = 0;
  CHECK_ERROR(prism_entry_checked(ctx, &i, -5), PRISM_PROGRAM_ERROR, "assertion failed");
  CHECK_LOCATION("errors.dsl", LINE_ASSERT);
  check_usable(__LINE__);
  CHECK_OK(prism_entry_checked(ctx, &i, 5));
  CHECK(i == 10);

  const int64_t data[3] = {10, 20, 30};
  struct prism_i64_1d *a = prism_new_i64_1d(ctx, data, 3);
  int64_t n = 0;
  CHECK_ERROR(prism_entry_at(ctx, &n, a, 3), PRISM_PROGRAM_ERROR, "out of bounds");
  CHECK_LOCATION("errors.dsl", LINE_INDEX);
  CHECK(strstr(capi_message, "[3]") != NULL);
  check_usable(__LINE__);
  CHECK_ERROR(prism_entry_at(ctx, &n, a, -1), PRISM_PROGRAM_ERROR, "out of bounds");
  CHECK_LOCATION("errors.dsl", LINE_INDEX);
  CHECK_OK(prism_entry_at(ctx, &n, a, 2));
  CHECK(n == 30);
  CHECK_OK(prism_free_i64_1d(ctx, a));

  const double m[6] = {1, 2, 3, 4, 5, 6};
  struct prism_f64_2d *b = prism_new_f64_2d(ctx, m, 2, 3);
  double d = 0;
  CHECK_ERROR(prism_entry_at2(ctx, &d, b, 1, 3), PRISM_PROGRAM_ERROR, "out of bounds");
  CHECK_LOCATION("errors.dsl", LINE_INDEX_2D);
  check_usable(__LINE__);
  CHECK_OK(prism_entry_at2(ctx, &d, b, 1, 2));
  CHECK(d == 6);
  CHECK_OK(prism_free_f64_2d(ctx, b));

  CHECK_ERROR(prism_entry_quotient(ctx, &i, 7, 0), PRISM_PROGRAM_ERROR, "division by zero");
  CHECK_LOCATION("errors.dsl", LINE_DIVIDE);
  check_usable(__LINE__);
  uint64_t u = 0;
  CHECK_ERROR(prism_entry_remainder(ctx, &u, 7, 0), PRISM_PROGRAM_ERROR, "division by zero");
  CHECK_LOCATION("errors.dsl", LINE_REMAINDER);
  check_usable(__LINE__);
  CHECK_OK(prism_entry_remainder(ctx, &u, 7, 4));
  CHECK(u == 3);

  /* Sizes: negative, and too large to allocate. */
  struct prism_f64_1d *r = NULL;
  CHECK_ERROR(prism_entry_make(ctx, &r, -1), PRISM_PROGRAM_ERROR, "negative");
  CHECK_LOCATION("errors.dsl", LINE_REPLICATE);
  check_usable(__LINE__);
  CHECK_ERROR(prism_entry_make(ctx, &r, INT64_C(1) << 58), PRISM_OUT_OF_MEMORY,
              "out of memory");
  CHECK_LOCATION("errors.dsl", LINE_REPLICATE);
  check_usable(__LINE__);
  CHECK_ERROR(prism_entry_make(ctx, &r, INT64_C(1) << 62), PRISM_OUT_OF_MEMORY,
              "out of memory");
  check_usable(__LINE__);
  CHECK(r == NULL);
  CHECK_OK(prism_entry_make(ctx, &r, 3));
  CHECK(r != NULL && prism_shape_f64_1d(ctx, r)[0] == 3);
  CHECK_OK(prism_free_f64_1d(ctx, r));
  CHECK_DONE();
}

/* Failures after the entry point allocated arrays: nothing leaks, and the arguments
 * (a unique one included) stay valid. */
static void test_failures_after_allocation(void) {
  const int32_t data[6] = {1, 2, 3, 4, 5, 6};
  int32_t out[6];
  struct prism_i32_1d *x = prism_new_i32_1d(ctx, data, 6), *r = NULL, *r2 = NULL;
  struct prism_i32_2d *m = prism_new_i32_2d(ctx, data, 2, 3), *rm = NULL;
  CHECK_ERROR(prism_entry_loop_fail(ctx, &r, x, 10), PRISM_PROGRAM_ERROR, "assertion failed");
  CHECK_LOCATION("errors.dsl", LINE_LOOP_ASSERT);
  CHECK(r == NULL);
  CHECK_OK(prism_entry_loop_fail(ctx, &r, x, 2));
  CHECK_OK(prism_free_i32_1d(ctx, r));

  CHECK_ERROR(prism_entry_map_fail(ctx, &rm, m, 5), PRISM_PROGRAM_ERROR, "division by zero");
  CHECK_LOCATION("errors.dsl", LINE_MAP_DIVIDE);
  CHECK(rm == NULL);
  CHECK_OK(prism_entry_map_fail(ctx, &rm, m, 0));
  CHECK_OK(prism_free_i32_2d(ctx, rm));

  r = NULL;
  CHECK_ERROR(prism_entry_helper_fail(ctx, &r, &r2, x, 10), PRISM_PROGRAM_ERROR,
              "assertion failed");
  CHECK_LOCATION("errors.dsl", LINE_HELPER_ASSERT);
  CHECK(r == NULL && r2 == NULL);

  CHECK_ERROR(prism_entry_update_fail(ctx, &r, x, 6), PRISM_PROGRAM_ERROR, "out of bounds");
  CHECK_LOCATION("errors.dsl", LINE_UPDATE);
  CHECK_OK(prism_values_i32_1d(ctx, x, out));
  CHECK(memcmp(out, data, sizeof data) == 0);
  check_usable(__LINE__);
  CHECK_OK(prism_entry_update_fail(ctx, &r, x, 5));
  CHECK_OK(prism_values_i32_1d(ctx, r, out));
  CHECK(out[0] == 43 && out[1] == 3 && out[5] == 0);
  CHECK_OK(prism_free_i32_1d(ctx, r));
  CHECK_OK(prism_free_i32_1d(ctx, x));
  CHECK_OK(prism_free_i32_2d(ctx, m));
  CHECK_DONE();
}

/* Arrays that cannot be made: NULL, with a message. */
static void test_bad_arrays(void) {
  const float data[2] = {1, 2};
  struct prism_f32_1d *a = prism_new_f32_1d(ctx, data, -1);
  char *message = prism_context_get_error(ctx);
  CHECK(a == NULL && message != NULL && strstr(message, "prism_new_f32_1d") != NULL &&
        strstr(message, "negative") != NULL);
  free(message);
  a = prism_new_f32_1d(ctx, NULL, 2);
  message = prism_context_get_error(ctx);
  CHECK(a == NULL && message != NULL && strstr(message, "NULL") != NULL);
  free(message);
  const double reals[2] = {1, 2};
  struct prism_f64_2d *b = prism_new_f64_2d(ctx, reals, INT64_C(1) << 40, INT64_C(1) << 40);
  message = prism_context_get_error(ctx);
  CHECK(b == NULL && message != NULL && strstr(message, "out of memory") != NULL);
  free(message);
  b = prism_new_f64_2d(ctx, reals, 1, -2);
  message = prism_context_get_error(ctx);
  CHECK(b == NULL && message != NULL && strstr(message, "negative") != NULL);
  free(message);
  check_usable(__LINE__);
}

/* NULL where the API expects a pointer: an error code (or NULL), never a crash. */
static void test_null_arguments(void) {
  const float data[2] = {1, 2};
  float f = 0, out[2];
  struct prism_f32_1d *a = prism_new_f32_1d(ctx, data, 2);
  CHECK(a != NULL);

  CHECK(prism_context_get_error(NULL) == NULL);
  CHECK(prism_context_sync(NULL) == PRISM_INVALID_ARGUMENT);
  prism_context_free(NULL);
  prism_context_config_free(NULL);
  prism_context_config_set_device(NULL, "device");

  CHECK(prism_new_f32_1d(NULL, data, 2) == NULL);
  CHECK(prism_free_f32_1d(NULL, a) == PRISM_INVALID_ARGUMENT);
  CHECK_OK(prism_free_f32_1d(ctx, NULL));
  CHECK(prism_values_f32_1d(NULL, a, out) == PRISM_INVALID_ARGUMENT);
  CHECK_ERROR(prism_values_f32_1d(ctx, NULL, out), PRISM_INVALID_ARGUMENT,
              "prism_values_f32_1d");
  CHECK_ERROR(prism_values_f32_1d(ctx, a, NULL), PRISM_INVALID_ARGUMENT,
              "prism_values_f32_1d");
  CHECK(prism_shape_f32_1d(ctx, NULL) == NULL);

  CHECK(prism_entry_dot(NULL, &f, a, a) == PRISM_INVALID_ARGUMENT);
  CHECK_ERROR(prism_entry_dot(ctx, NULL, a, a), PRISM_INVALID_ARGUMENT, "prism_entry_dot");
  CHECK_ERROR(prism_entry_dot(ctx, &f, a, NULL), PRISM_INVALID_ARGUMENT, "prism_entry_dot");
  CHECK_ERROR(prism_entry_dot(ctx, &f, NULL, a), PRISM_INVALID_ARGUMENT, "prism_entry_dot");
  struct prism_f64_1d *r = NULL;
  CHECK_ERROR(prism_entry_make(ctx, NULL, 3), PRISM_INVALID_ARGUMENT, "prism_entry_make");
  CHECK(r == NULL);
  CHECK_DONE();
  check_usable(__LINE__);
  CHECK_OK(prism_free_f32_1d(ctx, a));

  /* A context without a configuration: made or refused, but no crash. */
  struct prism_context *other = prism_context_new(NULL);
  if (other != NULL) {
    int32_t y = 0;
    CHECK(prism_entry_increment(other, &y, 1) == PRISM_SUCCESS && y == 2);
    prism_context_free(other);
  }
}

int main(void) {
  struct prism_context_config *cfg = prism_context_config_new();
  CHECK(cfg != NULL);
  ctx = prism_context_new(cfg);
  CHECK(ctx != NULL);
  test_get_error();
  test_shapes();
  test_program_errors();
  test_failures_after_allocation();
  test_bad_arrays();
  test_null_arguments();
  CHECK(prism_context_get_error(ctx) == NULL);
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  return capi_exit();
}
