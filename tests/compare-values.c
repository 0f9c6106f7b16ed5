/* compare-values: do the values a program wrote match those a test expects?
 *
 *   compare-values EXPECTED_FILE ACTUAL_FILE
 *
 * Both files hold values in Futhark's syntax (rts/c/values.h). The values of ACTUAL
 * (written by a generated program, so always with suffixes) are read first; each value
 * of EXPECTED is then read with the type of the actual value in its place, so that an
 * unsuffixed literal in a test (`output { 14 }`) takes the program's type, as in
 * `futhark test`. They match when there are as many values, of the same types and
 * shapes, with equal integers and booleans, and floats equal within the tolerance of
 * floats_match(). On a mismatch the first difference is printed (which value, which
 * index, expected and actual), with the number of elements that differ.
 *
 * Exit status: 0 when they match, 1 when they differ or a file does not parse, 2 on
 * bad usage or an I/O error.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rts/c/values.h"
#include "../rts/c/values.c"

/* Floats match when |x - y| <= max(1e-6, 0.002 * max(|x|, |y|)): an absolute tolerance
 * near zero and a relative one elsewhere (Futhark's test tool uses the relative 0.002).
 * NaN matches NaN, and an infinity matches the infinity of the same sign. */
static const double absolute_tolerance = 1e-6;
static const double relative_tolerance = 0.002;

static double tolerance_for(double x, double y) {
  double largest = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
  double relative = relative_tolerance * largest;
  return relative > absolute_tolerance ? relative : absolute_tolerance;
}

static bool floats_match(double x, double y) {
  if (isnan(x) || isnan(y)) {
    return isnan(x) && isnan(y);
  }
  if (isinf(x) || isinf(y)) {
    return x == y;
  }
  return fabs(x - y) <= tolerance_for(x, y);
}

/* Element i of v as a double, for floats. */
static double float_at(const struct rts_value *v, int64_t i) {
  if (v->prim == RTS_PRIM_F16) {
    return (double)rts_f16_to_f32(((const uint16_t *)v->data)[i]);
  }
  return v->prim == RTS_PRIM_F32 ? (double)((const float *)v->data)[i]
                                 : ((const double *)v->data)[i];
}

static bool elements_match(const struct rts_value *expected, const struct rts_value *actual,
                           int64_t i) {
  if (rts_values_prims[expected->prim].is_float) {
    return floats_match(float_at(expected, i), float_at(actual, i));
  }
  size_t size = rts_prim_size(expected->prim);
  if (expected->prim == RTS_PRIM_BOOL) {
    return ((const bool *)expected->data)[i] == ((const bool *)actual->data)[i];
  }
  return memcmp((const char *)expected->data + (size_t)i * size,
                (const char *)actual->data + (size_t)i * size, size) == 0;
}

/* The flat index i as "[1, 2]" in the shape of v. */
static void index_text(const struct rts_value *v, int64_t i, char *buf, size_t size) {
  int64_t index[RTS_VALUES_MAX_RANK];
  for (int d = v->rank - 1; d >= 0; d--) {
    index[d] = v->shape[d] > 0 ? i % v->shape[d] : 0;
    i = v->shape[d] > 0 ? i / v->shape[d] : 0;
  }
  size_t used = (size_t)snprintf(buf, size, "[");
  for (int d = 0; d < v->rank && used < size; d++) {
    used += (size_t)snprintf(buf + used, size - used, "%s%lld", d > 0 ? ", " : "",
                             (long long)index[d]);
  }
  if (used < size) {
    snprintf(buf + used, size - used, "]");
  }
}

/* Prints the first element that differs, and how many do. Returns 0 if none does. */
static int compare_elements(int number, const struct rts_value *expected,
                            const struct rts_value *actual) {
  int64_t count = rts_value_count(expected), differ = 0, first = -1;
  for (int64_t i = 0; i < count; i++) {
    if (!elements_match(expected, actual, i)) {
      first = differ++ == 0 ? i : first;
    }
  }
  if (differ == 0) {
    return 0;
  }
  size_t size = rts_prim_size(expected->prim);
  char type[256], index[256], want[64], got[64];
  rts_value_type_text(expected, true, type, sizeof type);
  rts_values_format_scalar(want, sizeof want, expected->prim,
                           (const char *)expected->data + (size_t)first * size);
  rts_values_format_scalar(got, sizeof got, actual->prim,
                           (const char *)actual->data + (size_t)first * size);
  if (actual->rank == 0) {
    printf("value #%d (%s): expected %s, got %s", number, type, want, got);
  } else {
    index_text(expected, first, index, sizeof index);
    printf("value #%d (%s), index %s: expected %s, got %s", number, type, index, want, got);
  }
  if (rts_values_prims[expected->prim].is_float) {
    double x = float_at(expected, first), y = float_at(actual, first);
    if (!isnan(x) && !isnan(y) && !isinf(x) && !isinf(y)) {
      printf(" (difference %g, tolerance %g)", fabs(x - y), tolerance_for(x, y));
    }
  }
  printf("\n");
  if (count > 1) {
    printf("%lld of %lld elements differ\n", (long long)differ, (long long)count);
  }
  return 1;
}

/* Compares the number-th values; returns 0 if they match. */
static int compare_value(int number, const struct rts_value *expected,
                         const struct rts_value *actual) {
  bool same_shape = expected->prim == actual->prim && expected->rank == actual->rank;
  for (int d = 0; same_shape && d < expected->rank; d++) {
    same_shape = expected->shape[d] == actual->shape[d];
  }
  if (!same_shape) {
    char want[256], got[256];
    rts_value_type_text(expected, true, want, sizeof want);
    rts_value_type_text(actual, true, got, sizeof got);
    printf("value #%d: expected a value of type %s, got one of type %s\n", number, want,
           got);
    return 1;
  }
  return compare_elements(number, expected, actual);
}

/* Reads a whole file; NULL (with a message) on failure. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    perror(path);
    return NULL;
  }
  size_t cap = 1 << 16, used = 0, n;
  char *text = malloc(cap);
  while (text != NULL && (n = fread(text + used, 1, cap - used, f)) > 0) {
    used += n;
    if (used == cap) {
      char *bigger = realloc(text, cap *= 2);
      if (bigger == NULL) {
        free(text);
      }
      text = bigger;
    }
  }
  if (text == NULL || ferror(f)) {
    fprintf(stderr, "%s: %s\n", path, text == NULL ? "out of memory" : "read error");
    free(text);
    fclose(f);
    return NULL;
  }
  fclose(f);
  *len = used;
  return text;
}

/* The values of the actual file, in a growing array. */
struct value_list {
  struct rts_value *values;
  int count, cap;
};

static int read_actual(const char *path, const char *text, size_t len,
                       struct value_list *list) {
  struct rts_reader r;
  rts_reader_init(&r, text, len);
  while (!rts_reader_at_end(&r)) {
    if (list->count == list->cap) {
      list->cap = list->cap == 0 ? 8 : list->cap * 2;
      struct rts_value *bigger = realloc(list->values, sizeof *bigger * (size_t)list->cap);
      if (bigger == NULL) {
        fprintf(stderr, "compare-values: out of memory\n");
        return 2;
      }
      list->values = bigger;
    }
    char *error;
    if (rts_read_value(&r, RTS_PRIM_ANY, -1, &list->values[list->count], &error) != 0) {
      printf("%s: value #%d does not parse: %s\n", path, list->count + 1,
             error != NULL ? error : "out of memory");
      free(error);
      return 1;
    }
    list->count++;
  }
  return 0;
}

/* Reads the number-th expected value, with the type of the actual one when there is
 * one; when it does not have that type, reads it as it is, to report the difference. */
static int read_expected(const char *path, struct rts_reader *r, int number,
                         const struct rts_value *like, struct rts_value *out) {
  struct rts_reader start = *r;
  char *error = NULL;
  if (like != NULL && rts_read_value(r, like->prim, like->rank, out, &error) == 0) {
    return 0;
  }
  char *plain_error = NULL;
  *r = start;
  if (rts_read_value(r, RTS_PRIM_ANY, -1, out, &plain_error) == 0) {
    free(error);
    return 0;
  }
  printf("%s: value #%d does not parse: %s\n", path, number,
         error != NULL ? error : plain_error != NULL ? plain_error : "out of memory");
  free(error);
  free(plain_error);
  return 1;
}

static int compare_files(const char *expected_path, const char *expected_text,
                         size_t expected_len, const char *actual_path,
                         const struct value_list *actual) {
  struct rts_reader r;
  rts_reader_init(&r, expected_text, expected_len);
  int number = 0;
  for (; !rts_reader_at_end(&r); number++) {
    struct rts_value expected;
    const struct rts_value *like = number < actual->count ? &actual->values[number] : NULL;
    if (read_expected(expected_path, &r, number + 1, like, &expected) != 0) {
      return 1;
    }
    int status = like != NULL ? compare_value(number + 1, &expected, like) : 0;
    rts_value_free(&expected);
    if (status != 0) {
      return status;
    }
  }
  if (number != actual->count) {
    printf("expected %d value%s (%s), got %d (%s)\n", number, number == 1 ? "" : "s",
           expected_path, actual->count, actual_path);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "Usage: compare-values EXPECTED_FILE ACTUAL_FILE\n");
    return 2;
  }
  size_t expected_len, actual_len;
  char *expected_text = read_file(argv[1], &expected_len);
  char *actual_text = expected_text != NULL ? read_file(argv[2], &actual_len) : NULL;
  if (actual_text == NULL) {
    free(expected_text);
    return 2;
  }
  struct value_list actual = {NULL, 0, 0};
  int status = read_actual(argv[2], actual_text, actual_len, &actual);
  if (status == 0) {
    status = compare_files(argv[1], expected_text, expected_len, argv[2], &actual);
  }
  for (int i = 0; i < actual.count; i++) {
    rts_value_free(&actual.values[i]);
  }
  free(actual.values);
  free(expected_text);
  free(actual_text);
  return status;
}
