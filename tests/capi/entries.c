/* Entry points of entries.dsl through the C API: tuples and records (one parameter per
 * component), size parameters, unique arguments, results that share memory with their
 * arguments, and the ownership rules: the library copies the caller's buffers, and a
 * result stays valid after the arrays it came from are freed. */
#include <stdint.h>

#include "entries.h"

static struct prism_context *ctx;
#define GET_ERROR() prism_context_get_error(ctx)
#include "capi_check.h"

static struct prism_i32_1d *new_i32(const int32_t *data, int64_t n) {
  struct prism_i32_1d *a = prism_new_i32_1d(ctx, data, n);
  CHECK(a != NULL);
  return a;
}

/* Whether array a holds exactly the n elements of `expect`. */
static int holds_i32(struct prism_i32_1d *a, const int32_t *expect, int64_t n) {
  int32_t out[16];
  if (a == NULL || n > 16 || prism_shape_i32_1d(ctx, a)[0] != n ||
      prism_values_i32_1d(ctx, a, out) != 0) {
    return 0;
  }
  return n == 0 || memcmp(out, expect, (size_t)n * sizeof *out) == 0;
}

static void test_tuples_and_records(void) {
  int32_t q, r;
  CHECK_OK(prism_entry_divmod(ctx, &q, &r, 17, 5));
  CHECK(q == 3 && r == 2);

  /* {sum, max, count}: the out-parameters follow the field names' order. */
  const double xs[4] = {1.5, -2, 8, 0.25};
  struct prism_f64_1d *a = prism_new_f64_1d(ctx, xs, 4);
  int64_t count;
  double max, sum;
  CHECK_OK(prism_entry_stats(ctx, &count, &max, &sum, a));
  CHECK(count == 4 && max == 8 && sum == 7.75);
  CHECK_OK(prism_free_f64_1d(ctx, a));

  int32_t n0;
  bool n1;
  int64_t n2;
  float n3;
  CHECK_OK(prism_entry_nested(ctx, &n0, &n1, &n2, &n3, -4));
  CHECK(n0 == -3 && !n1 && n2 == -8 && n3 == 0.5f);

  /* Records and tuples as arguments: {x, y} then (i32, bool). */
  float p;
  CHECK_OK(prism_entry_point(ctx, &p, 1.5f, 9.0f, 4, true));
  CHECK(p == 6.0f);
  CHECK_OK(prism_entry_point(ctx, &p, 1.5f, 9.0f, 4, false));
  CHECK(p == 9.0f);

  /* Arrays and a scalar in one tuple. */
  const int32_t in[6] = {1, 2, 3, 4, 6, 7};
  const int32_t evens[3] = {2, 4, 6}, odds[3] = {1, 3, 7};
  struct prism_i32_1d *x = new_i32(in, 6), *e = NULL, *o = NULL;
  int64_t n;
  CHECK_OK(prism_entry_evens_odds(ctx, &e, &o, &n, x));
  CHECK(n == 3 && holds_i32(e, evens, 3) && holds_i32(o, odds, 3));
  CHECK_OK(prism_free_i32_1d(ctx, x));
  CHECK_OK(prism_free_i32_1d(ctx, e));
  CHECK_OK(prism_free_i32_1d(ctx, o));
}

/* [](i32, f64) is passed as two arrays and [](f64, i32) comes back as two. */
static void test_arrays_of_tuples(void) {
  const int32_t ints[3] = {1, 2, 3};
  const double reals[3] = {0.5, 1.5, 2.5};
  struct prism_i32_1d *a = new_i32(ints, 3), *ri = NULL;
  struct prism_f64_1d *b = prism_new_f64_1d(ctx, reals, 3), *rf = NULL;
  CHECK_OK(prism_entry_swap_pairs(ctx, &rf, &ri, a, b));
  double out[3];
  CHECK_OK(prism_values_f64_1d(ctx, rf, out));
  CHECK(memcmp(out, reals, sizeof reals) == 0 && holds_i32(ri, ints, 3));
  CHECK_OK(prism_free_i32_1d(ctx, a));
  CHECK_OK(prism_free_f64_1d(ctx, b));
  CHECK_OK(prism_free_i32_1d(ctx, ri));
  CHECK_OK(prism_free_f64_1d(ctx, rf));
}

static void test_sizes(void) {
  const float m[6] = {1, 2, 3, 4, 5, 6}, v[3] = {1, 0, -1};
  struct prism_f32_2d *a = prism_new_f32_2d(ctx, m, 2, 3);
  struct prism_f32_1d *b = prism_new_f32_1d(ctx, v, 3), *r = NULL;
  float out[2];
  CHECK_OK(prism_entry_matvec(ctx, &r, a, b));
  CHECK(r != NULL && prism_shape_f32_1d(ctx, r)[0] == 2);
  CHECK_OK(prism_values_f32_1d(ctx, r, out));
  CHECK(out[0] == -2 && out[1] == -2);
  CHECK_OK(prism_free_f32_2d(ctx, a));
  CHECK_OK(prism_free_f32_1d(ctx, b));
  CHECK_OK(prism_free_f32_1d(ctx, r));

  const int32_t data[5] = {3, -1, 4, -1, 5};
  const int32_t positive[3] = {3, 4, 5};
  struct prism_i32_1d *x = new_i32(data, 5), *y = NULL;
  int64_t n;
  CHECK_OK(prism_entry_length_of(ctx, &n, x));
  CHECK(n == 5);
  CHECK_OK(prism_entry_positives(ctx, &y, x));
  CHECK(holds_i32(y, positive, 3));
  CHECK_OK(prism_free_i32_1d(ctx, x));
  CHECK_OK(prism_free_i32_1d(ctx, y));

  const int64_t three[3] = {10, 20, 30};
  struct prism_i64_1d *t = prism_new_i64_1d(ctx, three, 3);
  CHECK_OK(prism_entry_sum3(ctx, &n, t));
  CHECK(n == 60);
  CHECK_OK(prism_free_i64_1d(ctx, t));
}

/* A unique argument: the entry point may update it in place, but the caller's array
 * (a const argument) keeps its elements and must still be freed. */
static void test_unique(void) {
  const int32_t data[3] = {7, 8, 9}, updated[3] = {-1, 8, 9};
  struct prism_i32_1d *x = new_i32(data, 3), *r = NULL, *r2 = NULL;
  CHECK_OK(prism_entry_set_first(ctx, &r, x, -1));
  CHECK(holds_i32(r, updated, 3) && holds_i32(x, data, 3));
  /* The result is fresh: consuming it again leaves it as it was too. */
  CHECK_OK(prism_entry_set_first(ctx, &r2, r, 5));
  CHECK(holds_i32(r, updated, 3));
  CHECK_OK(prism_free_i32_1d(ctx, r));
  CHECK_OK(prism_free_i32_1d(ctx, r2));

  /* The same array given for two unique parameters. */
  const int32_t one[3] = {1, 8, 9}, two[3] = {2, 8, 9};
  CHECK_OK(prism_entry_set_both(ctx, &r, &r2, x, x));
  CHECK(holds_i32(r, one, 3) && holds_i32(r2, two, 3) && holds_i32(x, data, 3));
  CHECK_OK(prism_free_i32_1d(ctx, r));
  CHECK_OK(prism_free_i32_1d(ctx, r2));
  CHECK_OK(prism_free_i32_1d(ctx, x));

  /* A unique 2-D argument updated row by row in a loop. */
  const float m[4] = {1, 2, 3, 4}, scaled[4] = {2, 4, 6, 8};
  struct prism_f32_2d *a = prism_new_f32_2d(ctx, m, 2, 2), *s = NULL;
  float out[4];
  CHECK_OK(prism_entry_scale_rows(ctx, &s, a, 2));
  CHECK_OK(prism_values_f32_2d(ctx, s, out));
  CHECK(memcmp(out, scaled, sizeof out) == 0);
  CHECK_OK(prism_values_f32_2d(ctx, a, out));
  CHECK(memcmp(out, m, sizeof out) == 0);
  CHECK_OK(prism_free_f32_2d(ctx, a));
  CHECK_OK(prism_free_f32_2d(ctx, s));
}

/* Results that are, or are views of, an argument stay valid after it is freed; results
 * that share memory with each other are freed one by one. */
static void test_sharing(void) {
  const int32_t data[6] = {1, 2, 3, 4, 5, 6};
  struct prism_i32_2d *m = prism_new_i32_2d(ctx, data, 2, 3);
  struct prism_i32_1d *row = NULL, *rest = NULL, *same = NULL;
  CHECK_OK(prism_entry_row(ctx, &row, m, 1));
  CHECK_OK(prism_free_i32_2d(ctx, m));
  CHECK(holds_i32(row, data + 3, 3));
  CHECK_OK(prism_entry_rest(ctx, &rest, row));
  CHECK_OK(prism_entry_identity(ctx, &same, row));
  CHECK_OK(prism_free_i32_1d(ctx, row));
  CHECK(holds_i32(rest, data + 4, 2) && holds_i32(same, data + 3, 3));
  CHECK_OK(prism_free_i32_1d(ctx, same));
  CHECK(holds_i32(rest, data + 4, 2));

  const int32_t doubled[2] = {10, 12};
  struct prism_i32_1d *t0 = NULL, *t1 = NULL, *t2 = NULL;
  CHECK_OK(prism_entry_twice(ctx, &t0, &t1, &t2, rest));
  CHECK_OK(prism_free_i32_1d(ctx, rest));
  CHECK_OK(prism_free_i32_1d(ctx, t0));
  CHECK(holds_i32(t1, data + 4, 2) && holds_i32(t2, doubled, 2));
  CHECK_OK(prism_free_i32_1d(ctx, t1));
  CHECK_OK(prism_free_i32_1d(ctx, t2));
}

/* The library copies the caller's buffers: changing them afterwards changes nothing. */
static void test_no_aliasing(void) {
  int32_t buffer[4] = {1, 2, 3, 4};
  const int32_t original[4] = {1, 2, 3, 4};
  struct prism_i32_1d *x = new_i32(buffer, 4), *y = NULL;
  buffer[0] = 100;
  CHECK(holds_i32(x, original, 4));
  CHECK_OK(prism_entry_identity(ctx, &y, x));
  CHECK_OK(prism_values_i32_1d(ctx, y, buffer));
  buffer[1] = 200;
  CHECK(holds_i32(x, original, 4) && holds_i32(y, original, 4));
  CHECK_OK(prism_free_i32_1d(ctx, x));
  CHECK_OK(prism_free_i32_1d(ctx, y));
}

static void test_names(void) {
  int32_t i;
  double d;
  CHECK_OK(prism_entry_step_(ctx, &i, 41));
  CHECK(i == 42);
  CHECK_OK(prism_entry_double(ctx, &d, 1.25));
  CHECK(d == 2.5);
}

int main(void) {
  struct prism_context_config *cfg = prism_context_config_new();
  CHECK(cfg != NULL);
  ctx = prism_context_new(cfg);
  CHECK(ctx != NULL);
  test_tuples_and_records();
  test_arrays_of_tuples();
  test_sizes();
  test_unique();
  test_sharing();
  test_no_aliasing();
  test_names();
  CHECK(prism_context_get_error(ctx) == NULL);
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  return capi_exit();
}
