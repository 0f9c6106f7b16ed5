/* The f16 conversions of the scalar runtime (rts/c/scalar.h, Note [f16]).
 *
 * f16 -> f32 on all 65,536 bit patterns against the value read off the fields
 * (sign * mantissa * 2^exponent, in double); f32 -> f16 must give back every f16 but
 * NaNs, which stay NaNs with their sign. f32 -> f16 and f64 -> f16 against a reference
 * that rounds in double (x / ulp, rint, ties to even): on every midpoint between two
 * neighbouring f16 values, one f32 (and for f64 a tiny amount, lost in f32) either
 * side of it, the largest finite values and the overflow to inf, the subnormals and
 * the smallest of them, and a sweep over f32 bit patterns. Then a few arithmetic
 * results that must be correctly rounded. Exits 1 on a failure.
 */
#include <math.h>
#include <stdio.h>

#include "../../rts/c/scalar.h"
#include "check.h"

/* The value of an f16 bit pattern, from its fields. */
static double f16_value(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double sign = (h & 0x8000) != 0 ? -1.0 : 1.0;
  if (e == 0x1f) {
    return m != 0 ? NAN : sign * INFINITY;
  }
  return sign * (e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25));
}

/* The f16 value nearest x, ties to even, computed in double (x is exact there). */
static double f16_round(double x) {
  double a = fabs(x);
  if (isnan(x) || a >= 65520.0) {
    return isnan(x) ? x : copysign(INFINITY, x);
  }
  int e = a < 0x1p-14 ? -14 : ilogb(a);
  double ulp = ldexp(1.0, e - 10);
  return copysign(rint(a / ulp) * ulp, x); /* rint: ties to even */
}

static void check_from_f16(void) {
  for (uint32_t h = 0; h < 0x10000; h++) {
    float f = rts_f16_to_f32((uint16_t)h);
    double want = f16_value((uint16_t)h);
    if (isnan(want)) {
      CHECK(isnan(f) && (signbit(f) != 0) == ((h & 0x8000) != 0), "f16 0x%04x: NaN, got %a", h,
            (double)f);
      uint16_t back = rts_f32_to_f16(f);
      CHECK(rts_isnan_f16(back) && (back & 0x8000) == (h & 0x8000), "NaN 0x%04x back: 0x%04x",
            h, back);
    } else {
      CHECK((double)f == want && !signbit(f) == !signbit(want), "f16 0x%04x: %a, want %a", h,
            (double)f, want);
      CHECK(rts_f32_to_f16(f) == h, "f16 0x%04x: back 0x%04x", h, rts_f32_to_f16(f));
      CHECK(rts_f64_to_f16((double)f) == h, "f16 0x%04x: from f64 0x%04x", h,
            rts_f64_to_f16((double)f));
    }
    CHECK(rts_isinf_f16((uint16_t)h) == (bool)isinf(want), "isinf 0x%04x", h);
  }
}

static void check_to_f16_32(float x) {
  double want = f16_round((double)x), got = f16_value(rts_f32_to_f16(x));
  CHECK((isnan(want) && isnan(got)) || (got == want && !signbit(got) == !signbit(want)),
        "f32 %a: f16 %a, want %a", (double)x, got, want);
}

static void check_to_f16_64(double x) {
  double want = f16_round(x), got = f16_value(rts_f64_to_f16(x));
  CHECK((isnan(want) && isnan(got)) || (got == want && !signbit(got) == !signbit(want)),
        "f64 %a: f16 %a, want %a", x, got, want);
}

/* Midpoints between neighbouring finite f16 values (and past 65504, toward 65520),
 * with their neighbours in f32 and in f64. */
static void check_boundaries(void) {
  for (uint32_t h = 0; h < 0x7c00; h++) {
    for (int s = 0; s < 2; s++) {
      double lo = f16_value((uint16_t)h), hi = f16_value((uint16_t)(h + 1));
      double mid = (lo + (h + 1 == 0x7c00 ? 65536.0 : hi)) / 2, sign = s ? -1.0 : 1.0;
      float m = (float)mid; /* exact: f16 midpoints have 12 bits */
      check_to_f16_32((float)(sign * m));
      check_to_f16_32((float)(sign * nextafterf(m, 0)));
      check_to_f16_32((float)(sign * nextafterf(m, INFINITY)));
      check_to_f16_64(sign * mid);
      check_to_f16_64(sign * mid * (1 + 0x1p-40)); /* rounds to mid in f32 */
      check_to_f16_64(sign * mid * (1 - 0x1p-40));
    }
  }
  const float special[] = {65504.0f, 65519.996f, 65520.0f, 65536.0f, 0x1p-24f, 0x1p-25f,
                           0x1.000002p-25f, 0x1.7ffffep-24f, 0x1.8p-24f, 0x1p-14f,
                           0x1.ff8p-15f, 1e-30f, 0x1p-149f, 3e38f, INFINITY, NAN, 0.0f};
  for (size_t i = 0; i < sizeof special / sizeof *special; i++) {
    check_to_f16_32(special[i]);
    check_to_f16_32(-special[i]);
    check_to_f16_64((double)special[i]);
    check_to_f16_64(-(double)special[i]);
  }
  check_to_f16_64(1e300);
  check_to_f16_64(-1e-300);
  CHECK(rts_f32_to_f16(65504.0f) == 0x7bff, "max");
  CHECK(rts_f32_to_f16(65520.0f) == 0x7c00, "65520 overflows");
  CHECK(rts_f32_to_f16(0x1p-25f) == 0x0000, "2^-25 ties to 0");
  CHECK(rts_f32_to_f16(0x1.8p-24f) == 0x0002, "1.5 * 2^-24 ties to 2^-23");
  CHECK(rts_f32_to_f16(-0.0f) == 0x8000, "-0");
}

/* Every 257th f32 bit pattern (257 is odd: each low byte comes up). */
static void check_sweep(void) {
  for (uint64_t b = 0; b <= UINT32_MAX; b += 257) {
    check_to_f16_32(rts_from_bits_f32((uint32_t)b));
  }
}

/* + - * / and sqrt round once: the exact result (in double) rounded to f16. */
static void check_arithmetic(void) {
  for (uint32_t x = 0x3800; x < 0x4400; x += 7) {
    for (uint32_t y = 0x0001; y < 0x7c00; y += 61) {
      double a = f16_value((uint16_t)x), b = f16_value((uint16_t)y);
      uint16_t hx = (uint16_t)x, hy = (uint16_t)y;
      CHECK(f16_value(rts_add_f16(hx, hy)) == f16_round(a + b), "%a + %a", a, b);
      CHECK(f16_value(rts_sub_f16(hx, hy)) == f16_round(a - b), "%a - %a", a, b);
      CHECK(f16_value(rts_mul_f16(hx, hy)) == f16_round(a * b), "%a * %a", a, b);
      CHECK(f16_value(rts_div_f16(hx, hy)) == f16_round(a / b), "%a / %a", a, b);
    }
    double a = f16_value((uint16_t)x);
    CHECK(f16_value(rts_sqrt_f16((uint16_t)x)) == f16_round(sqrt(a)), "sqrt %a", a);
  }
}

int main(void) {
  check_from_f16();
  check_boundaries();
  check_sweep();
  check_arithmetic();
  printf("test_rts_f16: %d of %d checks failed\n", failures, checks);
  return failures == 0 ? 0 : 1;
}
