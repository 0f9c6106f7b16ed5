/* Unit tests of the value reader and writer (rts/c/values.c).
 *
 * Round trips of every type (extremes, NaN, infinities, -0.0, subnormals, random bit
 * patterns), the exact text the writer produces, what the reader accepts, arrays of
 * 10^6 elements (with a generous time bound that only a quadratic reader would miss),
 * empty arrays of several ranks, and every error message with its position. Prints
 * one line per failed check; exits 1 if any failed.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../rts/c/values.h"
#include "../../rts/c/values.c"

#include "check.h"

/* The text rts_write_value writes for v, without its newline; the caller frees. */
static char *write_text(const struct rts_value *v) {
  FILE *f = tmpfile();
  if (f == NULL) {
    perror("tmpfile");
    exit(2);
  }
  if (rts_write_value(f, v) != 0) {
    fprintf(stderr, "rts_write_value failed\n");
    exit(2);
  }
  long len = ftell(f);
  char *text = malloc((size_t)len + 1);
  rewind(f);
  if (text == NULL || fread(text, 1, (size_t)len, f) != (size_t)len) {
    fprintf(stderr, "cannot read back the written text\n");
    exit(2);
  }
  fclose(f);
  text[len] = '\0';
  if (len > 0 && text[len - 1] == '\n') {
    text[len - 1] = '\0';
  }
  return text;
}

static char *copy_text(const char *text) {
  char *copy = malloc(strlen(text) + 1);
  if (copy == NULL) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  return strcpy(copy, text);
}

/* Reads one value of text (which must hold nothing else); returns the error or NULL. */
static char *read_text(const char *text, enum rts_prim prim, int rank, struct rts_value *v) {
  struct rts_reader r;
  char *error = NULL;
  rts_reader_init(&r, text, strlen(text));
  if (rts_read_value(&r, prim, rank, v, &error) != 0) {
    return error != NULL ? error : copy_text("(no message)");
  }
  if (!rts_reader_at_end(&r)) {
    rts_value_free(v);
    return copy_text("text left after the value");
  }
  return NULL;
}

/* Reading text gives a value that is written as want. */
static void check_reads_as(const char *text, enum rts_prim prim, int rank, const char *want,
                           int line) {
  struct rts_value v;
  char *error = read_text(text, prim, rank, &v);
  if (error != NULL) {
    CHECK(false, "line %d: reading '%s': %s", line, text, error);
    free(error);
    return;
  }
  char *got = write_text(&v);
  CHECK(strcmp(got, want) == 0, "line %d: '%s' reads as '%s', want '%s'", line, text, got,
        want);
  free(got);
  rts_value_free(&v);
}
#define READS_AS(text, prim, rank, want) check_reads_as(text, prim, rank, want, __LINE__)

/* Reading text fails with a message that contains want. */
static void check_error(const char *text, enum rts_prim prim, int rank, const char *want,
                        int line) {
  struct rts_value v;
  char *error = read_text(text, prim, rank, &v);
  if (error == NULL) {
    char *got = write_text(&v);
    CHECK(false, "line %d: '%s' reads as '%s', want the error '%s'", line, text, got, want);
    free(got);
    rts_value_free(&v);
    return;
  }
  CHECK(strstr(error, want) != NULL, "line %d: '%s' fails with\n    %s\n  want\n    %s",
        line, text, error, want);
  free(error);
}
#define ERROR(text, prim, rank, want) check_error(text, prim, rank, want, __LINE__)

/* A scalar of type prim with the bytes at elem survives writing and reading back. */
static void check_scalar_round_trip(enum rts_prim prim, const void *elem) {
  int64_t shape[1] = {0};
  struct rts_value v = {prim, 0, shape, (void *)elem};
  char *text = write_text(&v);
  struct rts_value back;
  char *error = read_text(text, RTS_PRIM_ANY, -1, &back);
  if (error != NULL) {
    CHECK(false, "'%s' does not read back: %s", text, error);
    free(error);
    free(text);
    return;
  }
  size_t size = rts_prim_size(prim);
  bool same = back.prim == prim && back.rank == 0;
  if (same && prim == RTS_PRIM_F16) {
    uint16_t x = *(const uint16_t *)elem, y = *(uint16_t *)back.data;
    same = rts_isnan_f16(x) ? rts_isnan_f16(y) : x == y;
  } else if (same && prim == RTS_PRIM_F32) {
    float x = *(const float *)elem, y = *(float *)back.data;
    same = isnan(x) ? isnan(y) : memcmp(&x, &y, size) == 0;
  } else if (same && prim == RTS_PRIM_F64) {
    double x = *(const double *)elem, y = *(double *)back.data;
    same = isnan(x) ? isnan(y) : memcmp(&x, &y, size) == 0;
  } else if (same) {
    same = memcmp(elem, back.data, size) == 0;
  }
  char back_text[64];
  rts_values_format_scalar(back_text, sizeof back_text, back.prim, back.data);
  CHECK(same, "%s reads back as %s", text, back_text);
  rts_value_free(&back);
  free(text);
}

static void test_integer_round_trips(void) {
  int8_t i8s[] = {INT8_MIN, -1, 0, 1, INT8_MAX};
  int16_t i16s[] = {INT16_MIN, -1, 0, 1, INT16_MAX};
  int32_t i32s[] = {INT32_MIN, -1, 0, 1, 123456789, INT32_MAX};
  int64_t i64s[] = {INT64_MIN, INT64_MIN + 1, -1, 0, 1, INT64_MAX};
  uint8_t u8s[] = {0, 1, UINT8_MAX};
  uint16_t u16s[] = {0, 1, UINT16_MAX};
  uint32_t u32s[] = {0, 1, UINT32_MAX};
  uint64_t u64s[] = {0, 1, UINT64_MAX, UINT64_MAX - 1};
  bool bools[] = {false, true};
  for (size_t i = 0; i < sizeof i8s / sizeof *i8s; i++) {
    check_scalar_round_trip(RTS_PRIM_I8, &i8s[i]);
  }
  for (size_t i = 0; i < sizeof i16s / sizeof *i16s; i++) {
    check_scalar_round_trip(RTS_PRIM_I16, &i16s[i]);
  }
  for (size_t i = 0; i < sizeof i32s / sizeof *i32s; i++) {
    check_scalar_round_trip(RTS_PRIM_I32, &i32s[i]);
  }
  for (size_t i = 0; i < sizeof i64s / sizeof *i64s; i++) {
    check_scalar_round_trip(RTS_PRIM_I64, &i64s[i]);
  }
  for (size_t i = 0; i < sizeof u8s / sizeof *u8s; i++) {
    check_scalar_round_trip(RTS_PRIM_U8, &u8s[i]);
  }
  for (size_t i = 0; i < sizeof u16s / sizeof *u16s; i++) {
    check_scalar_round_trip(RTS_PRIM_U16, &u16s[i]);
  }
  for (size_t i = 0; i < sizeof u32s / sizeof *u32s; i++) {
    check_scalar_round_trip(RTS_PRIM_U32, &u32s[i]);
  }
  for (size_t i = 0; i < sizeof u64s / sizeof *u64s; i++) {
    check_scalar_round_trip(RTS_PRIM_U64, &u64s[i]);
  }
  for (size_t i = 0; i < 2; i++) {
    check_scalar_round_trip(RTS_PRIM_BOOL, &bools[i]);
  }
}

static uint64_t random_state = 0x9e3779b97f4a7c15u;

static uint64_t random_bits(void) {
  random_state ^= random_state << 13;
  random_state ^= random_state >> 7;
  random_state ^= random_state << 17;
  return random_state;
}

static void test_float_round_trips(void) {
  float f32s[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.1f, 1e20f, 1e-20f, FLT_MAX, -FLT_MAX,
                  FLT_MIN, 1e-45f /* smallest subnormal */, 16777216.0f, 3.14159265f,
                  (float)INFINITY, -(float)INFINITY, (float)NAN};
  double f64s[] = {0.0, -0.0, 1.0, -1.0, 0.1, 0.3, 1e23, 1e-300, DBL_MAX, -DBL_MAX,
                   DBL_MIN, 5e-324, 9007199254740993.0, 3.141592653589793, INFINITY,
                   -INFINITY, NAN};
  for (size_t i = 0; i < sizeof f32s / sizeof *f32s; i++) {
    check_scalar_round_trip(RTS_PRIM_F32, &f32s[i]);
  }
  for (size_t i = 0; i < sizeof f64s / sizeof *f64s; i++) {
    check_scalar_round_trip(RTS_PRIM_F64, &f64s[i]);
  }
  /* Every f16, in the shortest text that reads back (at most 5 digits). */
  for (uint32_t h = 0; h < 0x10000; h++) {
    uint16_t x = (uint16_t)h;
    check_scalar_round_trip(RTS_PRIM_F16, &x);
  }
  /* Random bit patterns cover every exponent, subnormals and NaN payloads. */
  for (int i = 0; i < 20000; i++) {
    uint64_t bits = random_bits();
    uint32_t bits32 = (uint32_t)bits;
    float f;
    double d;
    memcpy(&f, &bits32, sizeof f);
    memcpy(&d, &bits, sizeof d);
    check_scalar_round_trip(RTS_PRIM_F32, &f);
    check_scalar_round_trip(RTS_PRIM_F64, &d);
  }
}

/* The writer's exact text (Note [shortest floats]). */
static void test_written_text(void) {
  READS_AS("1f32", RTS_PRIM_ANY, -1, "1.0f32");
  READS_AS("1e20f32", RTS_PRIM_ANY, -1, "1e20f32");
  READS_AS("1000f64", RTS_PRIM_ANY, -1, "1000.0f64");
  READS_AS("0.1f32", RTS_PRIM_ANY, -1, "0.1f32");
  READS_AS("0.00015", RTS_PRIM_ANY, -1, "0.00015f64");
  READS_AS("1.5e-7", RTS_PRIM_ANY, -1, "1.5e-7f64");
  READS_AS("-0.0f32", RTS_PRIM_ANY, -1, "-0.0f32");
  READS_AS("-0.0", RTS_PRIM_ANY, -1, "-0.0f64");
  READS_AS("3.4028235e38f32", RTS_PRIM_ANY, -1, "3.4028235e38f32");
  READS_AS("0.30000001192092896f32", RTS_PRIM_ANY, -1, "0.3f32");
  READS_AS("f32.nan", RTS_PRIM_ANY, -1, "f32.nan");
  READS_AS("-f64.inf", RTS_PRIM_ANY, -1, "-f64.inf");
  READS_AS("f64.inf", RTS_PRIM_ANY, -1, "f64.inf");
  READS_AS("1.5f16", RTS_PRIM_ANY, -1, "1.5f16");
  READS_AS("0.1f16", RTS_PRIM_ANY, -1, "0.1f16");
  READS_AS("65504f16", RTS_PRIM_ANY, -1, "65504.0f16");
  READS_AS("65519.99f16", RTS_PRIM_ANY, -1, "65504.0f16");
  READS_AS("1.00048828125f16", RTS_PRIM_ANY, -1, "1.0f16"); /* a tie, to even */
  READS_AS("1.0004882812500003f16", RTS_PRIM_ANY, -1, "1.001f16");
  READS_AS("2049f16", RTS_PRIM_ANY, -1, "2048.0f16");
  READS_AS("2051f16", RTS_PRIM_ANY, -1, "2052.0f16");
  READS_AS("5.96e-8f16", RTS_PRIM_ANY, -1, "6e-8f16");
  READS_AS("-0f16", RTS_PRIM_ANY, -1, "-0.0f16");
  READS_AS("[f16.nan, -f16.inf, 2]", RTS_PRIM_ANY, -1, "[f16.nan, -f16.inf, 2.0f16]");
  READS_AS("[1, 2.5]", RTS_PRIM_F16, 1, "[1.0f16, 2.5f16]");
  READS_AS("[1, 2]", RTS_PRIM_ANY, -1, "[1i32, 2i32]");
  READS_AS("[[1,2],[3,4]]", RTS_PRIM_ANY, -1, "[[1i32, 2i32], [3i32, 4i32]]");
  READS_AS("[true,false]", RTS_PRIM_ANY, -1, "[true, false]");
  READS_AS("-128i8", RTS_PRIM_ANY, -1, "-128i8");
  READS_AS("18446744073709551615u64", RTS_PRIM_ANY, -1, "18446744073709551615u64");
}

/* What the reader accepts, and the types it gives. */
static void test_syntax(void) {
  READS_AS("1", RTS_PRIM_ANY, -1, "1i32");
  READS_AS("1.5", RTS_PRIM_ANY, -1, "1.5f64");
  READS_AS("1e3", RTS_PRIM_ANY, -1, "1000.0f64");
  READS_AS("1E+3f32", RTS_PRIM_ANY, -1, "1000.0f32");
  READS_AS("1_000i32", RTS_PRIM_ANY, -1, "1000i32");
  READS_AS("1_000.5_0", RTS_PRIM_ANY, -1, "1000.5f64");
  READS_AS("0x1F", RTS_PRIM_ANY, -1, "31i32");
  READS_AS("0xFFu8", RTS_PRIM_ANY, -1, "255u8");
  READS_AS("0xffff_ffffu32", RTS_PRIM_ANY, -1, "4294967295u32");
  /* Negative literals of unsigned types wrap around, as in Futhark's reader. */
  READS_AS("-1u8", RTS_PRIM_ANY, -1, "255u8");
  READS_AS("-0xffu8", RTS_PRIM_ANY, -1, "1u8");
  READS_AS("-300u8", RTS_PRIM_ANY, -1, "212u8");
  READS_AS("-1u32", RTS_PRIM_ANY, -1, "4294967295u32");
  READS_AS("[-1u16, 2]", RTS_PRIM_ANY, -1, "[65535u16, 2u16]");
  READS_AS("-9223372036854775808u64", RTS_PRIM_ANY, -1, "9223372036854775808u64");
  READS_AS("-18446744073709551615u64", RTS_PRIM_ANY, -1, "1u64");
  READS_AS("-0x80i8", RTS_PRIM_ANY, -1, "-128i8");
  READS_AS("2", RTS_PRIM_F32, 0, "2.0f32");
  READS_AS("2", RTS_PRIM_U16, 0, "2u16");
  READS_AS("2.5", RTS_PRIM_F32, 0, "2.5f32");
  READS_AS("[1, 2.5]", RTS_PRIM_ANY, -1, "[1.0f64, 2.5f64]");
  READS_AS("[1, 2f32]", RTS_PRIM_ANY, -1, "[1.0f32, 2.0f32]");
  READS_AS("[1.5, 2, 3f32]", RTS_PRIM_ANY, -1, "[1.5f32, 2.0f32, 3.0f32]");
  READS_AS("[1, 2, 3u8]", RTS_PRIM_ANY, -1, "[1u8, 2u8, 3u8]");
  READS_AS("[[1, 2], [3, 4i64]]", RTS_PRIM_ANY, -1, "[[1i64, 2i64], [3i64, 4i64]]");
  READS_AS("[1, 2]", RTS_PRIM_F64, 1, "[1.0f64, 2.0f64]");
  READS_AS("[f32.nan, -f32.inf, 1]", RTS_PRIM_ANY, -1, "[f32.nan, -f32.inf, 1.0f32]");
  READS_AS("  -- a comment\n [ 1 -- one\n , 2\t]\r\n -- end", RTS_PRIM_ANY, -1,
           "[1i32, 2i32]");
  READS_AS("1e-400", RTS_PRIM_ANY, -1, "0.0f64");
  READS_AS("123456789012345678901234567890", RTS_PRIM_F64, 0,
           "1.2345678901234568e29f64");
  READS_AS("0.1234567890123456789012345", RTS_PRIM_F64, 0, "0.12345678901234568f64");
}

static void test_several_values(void) {
  const char *text = "1i32 [2f32]\n-- between\nempty([0]bool) true";
  const char *want[] = {"1i32", "[2.0f32]", "empty([0]bool)", "true"};
  struct rts_reader r;
  rts_reader_init(&r, text, strlen(text));
  for (int i = 0; i < 4; i++) {
    struct rts_value v;
    char *error = NULL;
    CHECK(!rts_reader_at_end(&r), "value %d missing", i);
    if (rts_read_value(&r, RTS_PRIM_ANY, -1, &v, &error) != 0) {
      CHECK(false, "value %d: %s", i, error);
      free(error);
      return;
    }
    char *got = write_text(&v);
    CHECK(strcmp(got, want[i]) == 0, "value %d is '%s', want '%s'", i, got, want[i]);
    free(got);
    rts_value_free(&v);
  }
  CHECK(rts_reader_at_end(&r), "text left after four values");
}

static void test_empty_arrays(void) {
  READS_AS("empty([0]i32)", RTS_PRIM_ANY, -1, "empty([0]i32)");
  READS_AS("empty([2][0]f32)", RTS_PRIM_ANY, -1, "empty([2][0]f32)");
  READS_AS("empty([0][3]bool)", RTS_PRIM_ANY, -1, "empty([0][3]bool)");
  READS_AS("empty( [1] [2] [0] u8 )", RTS_PRIM_ANY, -1, "empty([1][2][0]u8)");
  READS_AS("empty([0]f64)", RTS_PRIM_F64, 1, "empty([0]f64)");
  struct rts_value v;
  char *error = read_text("empty([2][0]f32)", RTS_PRIM_ANY, -1, &v);
  CHECK(error == NULL, "empty([2][0]f32): %s", error);
  if (error == NULL) {
    char type[64];
    rts_value_type_text(&v, true, type, sizeof type);
    CHECK(strcmp(type, "[2][0]f32") == 0, "empty([2][0]f32) has type %s", type);
    rts_value_type_text(&v, false, type, sizeof type);
    CHECK(strcmp(type, "[][]f32") == 0, "empty([2][0]f32) has type %s", type);
    CHECK(rts_value_count(&v) == 0, "empty([2][0]f32) has %lld elements",
          (long long)rts_value_count(&v));
    rts_value_free(&v);
  }
  free(error);
}

/* Every error, with what was expected, what was found and where. */
static void test_errors(void) {
  ERROR("256u8", RTS_PRIM_ANY, -1,
        "integer 256u8 out of range for u8 (0 to 255) at line 1, column 1");
  ERROR("-129i8", RTS_PRIM_ANY, -1, "integer -129i8 out of range for i8 (-128 to 127)");
  ERROR("2147483648", RTS_PRIM_ANY, -1, "integer 2147483648 out of range for i32");
  ERROR("[1, 300]", RTS_PRIM_U8, 1,
        "integer 300 out of range for u8 (0 to 255) at line 1, column 5");
  ERROR("18446744073709551616u64", RTS_PRIM_ANY, -1, "out of range for u64");
  ERROR("0x1_0000_0000_0000_0000u64", RTS_PRIM_ANY, -1, "out of range for u64");
  ERROR("1e39f32", RTS_PRIM_ANY, -1, "number 1e39f32 out of range for f32");
  ERROR("65520f16", RTS_PRIM_ANY, -1, "number 65520f16 out of range for f16");
  ERROR("[1, -1e5]", RTS_PRIM_F16, 1, "number -1e5 out of range for f16");
  ERROR("[[1],[2,3]]", RTS_PRIM_ANY, -1,
        "irregular array: expected a row of length 1 like the first row, found length 2 in "
        "[2,3] at line 1, column 6");
  ERROR("[[1,2],3]", RTS_PRIM_ANY, -1,
        "irregular array: expected an array of rank 1 like the first element, found 3 at "
        "line 1, column 8");
  ERROR("[1,[2]]", RTS_PRIM_ANY, -1,
        "irregular array: expected a scalar like the first element, found [2] at line 1, "
        "column 4");
  ERROR("[1i32, 2f32]", RTS_PRIM_ANY, -1,
        "mixed element types in array: expected i32 (the type of 1i32 at line 1, column 2), "
        "found 2f32 at line 1, column 8");
  ERROR("[1, true]", RTS_PRIM_ANY, -1,
        "mixed element types in array: expected bool (the type of true at line 1, column "
        "5), found 1 at line 1, column 2");
  ERROR("[true, 1.5]", RTS_PRIM_ANY, -1, "expected bool");
  ERROR("[1i32, 2i32]", RTS_PRIM_F32, 2,
        "expected a value of type [][]f32, found [1i32, 2i32] at line 1, column 1");
  ERROR("  [1, 2]", RTS_PRIM_I32, 0,
        "expected a value of type i32, found [1, 2] at line 1, column 3");
  ERROR("3", RTS_PRIM_I32, 1, "expected a value of type []i32, found 3 at line 1, column 1");
  ERROR("[1.0, 2.0f64]", RTS_PRIM_F32, 1,
        "expected an element of type f32, found 2.0f64 at line 1, column 7");
  ERROR("1.5", RTS_PRIM_I32, 0, "expected a value of type i32, found 1.5");
  ERROR("true", RTS_PRIM_I32, 0, "expected a value of type i32, found true");
  ERROR("1", RTS_PRIM_BOOL, 0, "expected a value of type bool, found 1");
  ERROR("empty([0]i32)", RTS_PRIM_F32, 1, "expected a value of type []f32, found empty");
  ERROR("empty([0]i32)", RTS_PRIM_I32, 2, "expected a value of type [][]i32");
  ERROR("[1, 2", RTS_PRIM_ANY, -1,
        "unterminated array: expected ',' or ']', found end of input (the array opened at "
        "line 1, column 1) at line 1, column 6");
  ERROR("[[1, 2],\n [3, 4]", RTS_PRIM_ANY, -1, "found end of input");
  ERROR("[1 2]", RTS_PRIM_ANY, -1, "expected ',' or ']' in array, found 2 at line 1, column 4");
  ERROR("[1,]", RTS_PRIM_ANY, -1, "expected a value, found ']' at line 1, column 4");
  ERROR("[]", RTS_PRIM_ANY, -1, "an empty array is written with its type, as empty([0]i32)");
  ERROR("", RTS_PRIM_ANY, -1, "expected a value, found end of input at line 1, column 1");
  ERROR("1", RTS_PRIM_ANY, 1, "expected a value of rank 1, found 1 at line 1, column 1");
  READS_AS("[1]", RTS_PRIM_F32, -1, "[1.0f32]");
  ERROR("[true]", RTS_PRIM_F32, -1, "expected a value with elements of type f32, found [true]");
  ERROR("  -- only a comment\n", RTS_PRIM_F32, 0,
        "expected a value of type f32, found end of input at line 2, column 1");
  ERROR("foo", RTS_PRIM_ANY, -1, "expected a value, found foo at line 1, column 1");
  ERROR("\n\n  @", RTS_PRIM_ANY, -1, "expected a value, found '@' at line 3, column 3");
  ERROR("-true", RTS_PRIM_ANY, -1, "expected a value, found -true");
  ERROR("1.5i32", RTS_PRIM_ANY, -1, "a decimal number cannot have type i32: 1.5i32");
  ERROR("12xyz", RTS_PRIM_ANY, -1,
        "expected a type suffix such as i32 or f64 in 12xyz, found 'xyz' at line 1, column 3");
  ERROR("empty([2][3]i32)", RTS_PRIM_ANY, -1,
        "expected a shape with a dimension of size 0 in empty(...), found empty([2][3]i32)");
  ERROR("empty(i32)", RTS_PRIM_ANY, -1, "expected '[' in the shape of empty(...), found i32");
  ERROR("empty([0]x32)", RTS_PRIM_ANY, -1,
        "expected '[' or an element type such as i32 in the shape of empty(...), found x32");
  ERROR("empty([-1]i32)", RTS_PRIM_ANY, -1, "expected a size (an i64 of at least 0)");
  ERROR("empty([0]i32", RTS_PRIM_ANY, -1, "expected ')' in empty(...), found end of input");
  ERROR("[empty([0]i32)]", RTS_PRIM_ANY, -1,
        "empty(...) is only a whole value, never an element of an array");
  ERROR("[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]", RTS_PRIM_ANY, -1,
        "arrays nested deeper than 16 levels");
}

static double seconds(void) {
  return (double)clock() / CLOCKS_PER_SEC;
}

/* 10^6 elements: written, read back with and without an expected type, and compared;
 * reading must be linear (the bound is loose enough for sanitizer builds). */
static void test_large_arrays(void) {
  enum { n = 1000000 };
  int64_t shape[2] = {1000, n / 1000};
  float *data = malloc(sizeof(float) * n);
  if (data == NULL) {
    CHECK(false, "out of memory");
    return;
  }
  for (int i = 0; i < n; i++) {
    data[i] = (float)(random_bits() % 2000001) / 1000.0f - 1000.0f;
  }
  struct rts_value v = {RTS_PRIM_F32, 2, shape, data};
  char *text = write_text(&v);
  for (int typed = 0; typed < 2; typed++) {
    struct rts_value back;
    double start = seconds();
    char *error = read_text(text, typed ? RTS_PRIM_F32 : RTS_PRIM_ANY, typed ? 2 : -1, &back);
    double elapsed = seconds() - start;
    CHECK(error == NULL, "reading 10^6 floats: %s", error);
    if (error == NULL) {
      CHECK(back.prim == RTS_PRIM_F32 && back.rank == 2 && back.shape[0] == 1000 &&
                back.shape[1] == n / 1000 && memcmp(back.data, data, sizeof(float) * n) == 0,
            "10^6 floats do not read back");
      CHECK(elapsed < 10.0, "reading 10^6 floats took %.2f s", elapsed);
      printf("read 10^6 f32 (%s) in %.3f s\n", typed ? "typed" : "untyped", elapsed);
      rts_value_free(&back);
    }
    free(error);
  }
  free(text);
  free(data);
}

int main(void) {
  test_integer_round_trips();
  test_float_round_trips();
  test_written_text();
  test_syntax();
  test_several_values();
  test_empty_arrays();
  test_errors();
  test_large_arrays();
  printf("%d of %d checks passed\n", checks - failures, checks);
  return failures == 0 ? 0 : 1;
}
