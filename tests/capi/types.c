/* The C API for every primitive type (types.dsl): scalars in and out, and arrays of
 * rank 1, 2 and 3 made from host data, read back (values, shape), passed to an entry
 * point and freed; arrays without elements; all eleven scalar types in one call. */
#include <float.h>
#include <stdint.h>

#include "types.h"

static struct prism_context *ctx;
#define GET_ERROR() prism_context_get_error(ctx)
#include "capi_check.h"

/* Element k of the test data. Integers: element 0 is the type's largest value, so that
 * the entry points' step (x + 1) wraps around to the smallest; floats: element 0 is
 * large, the rest are multiples of 1/4 (doubling is exact); booleans alternate. */
#define INT_VALUE(C, MAX) (k == 0 ? (MAX) : (C)(k - 12))
#define INT_STEP(C, MIN, MAX) (x == (MAX) ? (MIN) : (C)(x + 1))
#define FLOAT_VALUE(C, BIG) (k == 0 ? (C)(BIG) : (C)(k - 12) * (C)0.25)
#define FLOAT_STEP(C) ((C)(x * 2))

/* f16 is its bits in a uint16_t (docs/c-api.md). Element 0 is 65504, whose double is
 * inf; odd elements are subnormal (doubling some makes them normal); the rest are
 * negative normal numbers. The step doubles on the bits, exactly. */
#define F16_VALUE                                                                        \
  (k == 0 ? (uint16_t)0x7bff : k % 2 ? (uint16_t)(k * 40) : (uint16_t)(0xbc00 + k * 0x10))

static uint16_t f16_double(uint16_t x) {
  uint16_t sign = x & 0x8000, a = x & 0x7fff;
  if (a >= 0x7c00) {
    return x; /* inf; no NaN in the data */
  }
  if (a < 0x400) {
    return (uint16_t)(sign | (a << 1)); /* subnormal: the mantissa doubles */
  }
  return (uint16_t)(a >= 0x7800 ? sign | 0x7c00 : sign | (a + 0x400));
}

/* Defines test_T: the scalar entry point, and arrays of rank 1 (24 elements), 2 (4 by
 * 6; the entry point transposes) and 3 (2 by 3 by 4), and arrays without elements. */
#define TYPE_TEST(T, C, VALUE, STEP)                                                      \
  static C value_##T(int k) {                                                             \
    return VALUE;                                                                         \
  }                                                                                       \
  static C step_##T(C x) {                                                                \
    return STEP;                                                                          \
  }                                                                                       \
  static void test_##T(void) {                                                            \
    C data[24], out[24], y;                                                               \
    for (int k = 0; k < 24; k++) {                                                        \
      data[k] = value_##T(k);                                                             \
    }                                                                                     \
    for (int k = 0; k < 3; k++) {                                                         \
      CHECK_OK(prism_entry_scalar_##T(ctx, &y, data[k]));                                 \
      CHECK(y == step_##T(data[k]));                                                      \
    }                                                                                     \
    /* Rank 1. */                                                                         \
    struct prism_##T##_1d *a1 = prism_new_##T##_1d(ctx, data, 24), *r1 = NULL;            \
    CHECK(a1 != NULL);                                                                    \
    CHECK(prism_shape_##T##_1d(ctx, a1)[0] == 24);                                        \
    memset(out, 0, sizeof out);                                                           \
    CHECK_OK(prism_values_##T##_1d(ctx, a1, out));                                        \
    CHECK(memcmp(out, data, sizeof data) == 0);                                           \
    CHECK_OK(prism_entry_rank1_##T(ctx, &r1, a1));                                        \
    CHECK(r1 != NULL && prism_shape_##T##_1d(ctx, r1)[0] == 24);                          \
    CHECK_OK(prism_values_##T##_1d(ctx, r1, out));                                        \
    for (int k = 0; k < 24; k++) {                                                        \
      CHECK(out[k] == step_##T(data[k]));                                                 \
    }                                                                                     \
    CHECK_OK(prism_free_##T##_1d(ctx, a1));                                               \
    CHECK_OK(prism_free_##T##_1d(ctx, r1));                                               \
    /* Rank 2: the result is the transposition. */                                        \
    struct prism_##T##_2d *a2 = prism_new_##T##_2d(ctx, data, 4, 6), *r2 = NULL;          \
    CHECK(a2 != NULL);                                                                    \
    CHECK(prism_shape_##T##_2d(ctx, a2)[0] == 4 && prism_shape_##T##_2d(ctx, a2)[1] == 6); \
    memset(out, 0, sizeof out);                                                           \
    CHECK_OK(prism_values_##T##_2d(ctx, a2, out));                                        \
    CHECK(memcmp(out, data, sizeof data) == 0);                                           \
    CHECK_OK(prism_entry_rank2_##T(ctx, &r2, a2));                                        \
    CHECK(r2 != NULL);                                                                    \
    CHECK(prism_shape_##T##_2d(ctx, r2)[0] == 6 && prism_shape_##T##_2d(ctx, r2)[1] == 4); \
    CHECK_OK(prism_values_##T##_2d(ctx, r2, out));                                        \
    for (int i = 0; i < 6; i++) {                                                         \
      for (int j = 0; j < 4; j++) {                                                       \
        CHECK(out[i * 4 + j] == step_##T(data[j * 6 + i]));                               \
      }                                                                                   \
    }                                                                                     \
    CHECK_OK(prism_free_##T##_2d(ctx, a2));                                               \
    CHECK_OK(prism_free_##T##_2d(ctx, r2));                                               \
    /* Rank 3. */                                                                         \
    struct prism_##T##_3d *a3 = prism_new_##T##_3d(ctx, data, 2, 3, 4), *r3 = NULL;       \
    CHECK(a3 != NULL);                                                                    \
    const int64_t *s3 = prism_shape_##T##_3d(ctx, a3);                                    \
    CHECK(s3[0] == 2 && s3[1] == 3 && s3[2] == 4);                                        \
    memset(out, 0, sizeof out);                                                           \
    CHECK_OK(prism_values_##T##_3d(ctx, a3, out));                                        \
    CHECK(memcmp(out, data, sizeof data) == 0);                                           \
    CHECK_OK(prism_entry_rank3_##T(ctx, &r3, a3));                                        \
    CHECK(r3 != NULL);                                                                    \
    s3 = prism_shape_##T##_3d(ctx, r3);                                                   \
    CHECK(s3[0] == 2 && s3[1] == 3 && s3[2] == 4);                                        \
    CHECK_OK(prism_values_##T##_3d(ctx, r3, out));                                        \
    for (int k = 0; k < 24; k++) {                                                        \
      CHECK(out[k] == step_##T(data[k]));                                                 \
    }                                                                                     \
    CHECK_OK(prism_free_##T##_3d(ctx, a3));                                               \
    CHECK_OK(prism_free_##T##_3d(ctx, r3));                                               \
    /* No elements: the data pointer may be NULL, and the shape is kept. */               \
    a1 = prism_new_##T##_1d(ctx, NULL, 0);                                                \
    CHECK(a1 != NULL && prism_shape_##T##_1d(ctx, a1)[0] == 0);                           \
    CHECK_OK(prism_entry_rank1_##T(ctx, &r1, a1));                                        \
    CHECK(r1 != NULL && prism_shape_##T##_1d(ctx, r1)[0] == 0);                           \
    CHECK_OK(prism_values_##T##_1d(ctx, r1, NULL));                                       \
    CHECK_OK(prism_free_##T##_1d(ctx, a1));                                               \
    CHECK_OK(prism_free_##T##_1d(ctx, r1));                                               \
    a2 = prism_new_##T##_2d(ctx, data, 3, 0);                                             \
    CHECK(a2 != NULL);                                                                    \
    CHECK_OK(prism_entry_rank2_##T(ctx, &r2, a2));                                        \
    CHECK(r2 != NULL);                                                                    \
    CHECK(prism_shape_##T##_2d(ctx, r2)[0] == 0 && prism_shape_##T##_2d(ctx, r2)[1] == 3); \
    CHECK_OK(prism_values_##T##_2d(ctx, r2, out));                                        \
    CHECK_OK(prism_free_##T##_2d(ctx, a2));                                               \
    CHECK_OK(prism_free_##T##_2d(ctx, r2));                                               \
    a3 = prism_new_##T##_3d(ctx, NULL, 5, 0, 7);                                          \
    CHECK(a3 != NULL);                                                                    \
    CHECK_OK(prism_entry_rank3_##T(ctx, &r3, a3));                                        \
    CHECK(r3 != NULL);                                                                    \
    s3 = prism_shape_##T##_3d(ctx, r3);                                                   \
    CHECK(s3[0] == 5 && s3[1] == 0 && s3[2] == 7);                                        \
    CHECK_OK(prism_free_##T##_3d(ctx, a3));                                               \
    CHECK_OK(prism_free_##T##_3d(ctx, r3));                                               \
  }

TYPE_TEST(bool, bool, k % 3 == 0, !x)
TYPE_TEST(i8, int8_t, INT_VALUE(int8_t, INT8_MAX), INT_STEP(int8_t, INT8_MIN, INT8_MAX))
TYPE_TEST(i16, int16_t, INT_VALUE(int16_t, INT16_MAX), INT_STEP(int16_t, INT16_MIN, INT16_MAX))
TYPE_TEST(i32, int32_t, INT_VALUE(int32_t, INT32_MAX), INT_STEP(int32_t, INT32_MIN, INT32_MAX))
TYPE_TEST(i64, int64_t, INT_VALUE(int64_t, INT64_MAX), INT_STEP(int64_t, INT64_MIN, INT64_MAX))
TYPE_TEST(u8, uint8_t, INT_VALUE(uint8_t, UINT8_MAX), INT_STEP(uint8_t, 0, UINT8_MAX))
TYPE_TEST(u16, uint16_t, INT_VALUE(uint16_t, UINT16_MAX), INT_STEP(uint16_t, 0, UINT16_MAX))
TYPE_TEST(u32, uint32_t, INT_VALUE(uint32_t, UINT32_MAX), INT_STEP(uint32_t, 0, UINT32_MAX))
TYPE_TEST(u64, uint64_t, INT_VALUE(uint64_t, UINT64_MAX), INT_STEP(uint64_t, 0, UINT64_MAX))
TYPE_TEST(f16, uint16_t, F16_VALUE, f16_double(x))
TYPE_TEST(f32, float, FLOAT_VALUE(float, 1e30), FLOAT_STEP(float))
TYPE_TEST(f64, double, FLOAT_VALUE(double, 1e300), FLOAT_STEP(double))

/* All eleven types in one call, returned in the opposite order. */
static void test_all_scalars(void) {
  double k;
  float j;
  uint64_t i;
  uint32_t h;
  uint16_t g;
  uint8_t f;
  int64_t e;
  int32_t d;
  int16_t c;
  int8_t b;
  bool a;
  CHECK_OK(prism_entry_all_scalars(ctx, &k, &j, &i, &h, &g, &f, &e, &d, &c, &b, &a, true, -8,
                                   -1600, -320000, INT64_MIN, 200, 60000, 4000000000u,
                                   UINT64_MAX, 1.5f, -2.25));
  CHECK(k == -2.25 && j == 1.5f && i == UINT64_MAX && h == 4000000000u && g == 60000 &&
        f == 200 && e == INT64_MIN && d == -320000 && c == -1600 && b == -8 && a);
}

int main(void) {
  struct prism_context_config *cfg = prism_context_config_new();
  CHECK(cfg != NULL);
  prism_context_config_set_device(cfg, "ignored by the C backend");
  ctx = prism_context_new(cfg);
  CHECK(ctx != NULL);
  CHECK(prism_context_get_error(ctx) == NULL);
  CHECK_OK(prism_context_sync(ctx));
  test_bool();
  test_i8();
  test_i16();
  test_i32();
  test_i64();
  test_u8();
  test_u16();
  test_u32();
  test_u64();
  test_f16();
  test_f32();
  test_f64();
  test_all_scalars();
  CHECK_OK(prism_context_sync(ctx));
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  return capi_exit();
}
