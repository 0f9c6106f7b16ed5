/* The accuracy of stdlib/fft.dsl against FFTW (fft_accuracy.dsl; docs/fft.md, "Accuracy").
 *
 * For every length of 1..64, 2^k, 3^k, 5^k, 7^k, mixed products and primes, and for
 * some 2-D and 3-D shapes, in f32 and in f64: Prism's forward, inverse, real (rfft,
 * irfft) and multi-dimensional transforms of pseudo-random input in [-1, 1), and the
 * round trips ifft (fft x) and irfft n (rfft x). The reference is FFTW in double
 * precision (the inverse scaled by 1/n); an error is the relative rms error
 * rms(prism - ref) / rms(ref). The bounds, from the project's issue:
 *   - f32: at most twice FFTW's own f32 error (fftwf on the same input against the same
 *     reference), and at least F32_FLOOR, since fftwf is exact on some tiny lengths;
 *   - f64: at most 1e-14 * max(1, log2 n), n the number of elements.
 * The inputs are multiples of 2^-23, exact in f32, so both precisions transform the
 * same numbers. The program prints one line per check, then the summary tables of
 * docs/fft.md, "Accuracy", and fails (naming the check) when a bound is broken.
 *
 * The environment variable PRISM_FFT_ACCURACY_MAX caps the number of elements (default
 * FFT_ACCURACY_MAX, 2^20 unless the includer defines it: opencl_fft_accuracy.c, the
 * same checks on the OpenCL backend, does); run-capi.sh sets it under valgrind and the
 * sanitizers, which would take minutes on the largest lengths.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include <fftw3.h>

#include "fft_accuracy.h"

static struct prism_context *ctx;
#define GET_ERROR() prism_context_get_error(ctx)
#include "capi_check.h"

/* The smallest f32 bound: 2^-22, two units of f32 precision. */
#define F32_FLOOR (2.0 * FLT_EPSILON)

enum precision { F32, F64, PRECISIONS };
static const char *const precision_names[PRECISIONS] = {"f32", "f64"};

/* What is compared: a transform with FFTW's, or a round trip with its input. */
enum kind { FWD, INV, RFFT, IRFFT, ROUND, ROUND_REAL, KINDS };
static const char *const kind_names[KINDS] = {"fft",        "ifft",     "rfft",
                                              "irfft",      "ifft(fft)", "irfft(rfft)"};

/* The classes of sizes, one row each in the summary. */
enum size_class { SMALL, POW2, POW3, POW5, POW7, MIXED, PRIME, DIM2, DIM3, CLASSES };
static const char *const class_names[CLASSES] = {
    "1..64", "2^k", "3^k", "5^k", "7^k", "mixed products", "primes", "2-D", "3-D"};

/* The sizes checked in each class: how many, the fewest and the most elements. */
static struct {
  int count;
  int64_t least, most;
} tally[CLASSES];

static void count_size(enum size_class c, int64_t elements) {
  if (tally[c].count == 0 || elements < tally[c].least) {
    tally[c].least = elements;
  }
  if (tally[c].count == 0 || elements > tally[c].most) {
    tally[c].most = elements;
  }
  tally[c].count++;
}

/* A shape of rank 1 to 3. */
struct shape {
  int rank;
  int64_t dims[3];
};

static size_t shape_count(const struct shape *s) {
  size_t n = 1;
  for (int i = 0; i < s->rank; i++) {
    n *= (size_t)s->dims[i];
  }
  return n;
}

static void shape_name(const struct shape *s, char *buf, size_t size) {
  int used = snprintf(buf, size, "%lld", (long long)s->dims[0]);
  for (int i = 1; i < s->rank && used > 0 && (size_t)used < size; i++) {
    used += snprintf(buf + used, size - (size_t)used, "x%lld", (long long)s->dims[i]);
  }
}

/* p, unless the allocation or the FFTW plan that gave it failed: then the test stops,
 * since that says nothing about Prism. */
static void *must(void *p, const char *what) {
  if (p == NULL) {
    fprintf(stderr, "%s failed\n", what);
    exit(1);
  }
  return p;
}

static void *new_array(size_t n, size_t size) {
  return must(malloc((n > 0 ? n : 1) * size), "malloc");
}

static double *new_doubles(size_t n) {
  return new_array(n, sizeof(double));
}

/* ------------------------------------------------------------------ Inputs */

static uint64_t random_state;

/* splitmix64. */
static uint64_t random_next(void) {
  uint64_t z = (random_state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* A number in [-1, 1), a multiple of 2^-23 (exact in f32). */
static double random_unit(void) {
  return ((double)(random_next() >> 40) - 8388608.0) / 8388608.0;
}

/* n pseudo-random numbers, the same for the same seed. */
static void fill_random(double *x, size_t n, uint64_t seed) {
  random_state = seed;
  for (size_t i = 0; i < n; i++) {
    x[i] = random_unit();
  }
}

/* ------------------------------------------------------------------ Prism */

static void fill_nan(double *x, size_t n) {
  for (size_t i = 0; i < n; i++) {
    x[i] = NAN;
  }
}

/* Interleaved complex numbers (re, im, re, ...) to and from separate arrays of C. */
#define CONVERSIONS(T, C)                                                                 \
  static void split_##T(const double *z, C *re, C *im, size_t n) {                        \
    for (size_t i = 0; i < n; i++) {                                                      \
      re[i] = (C)z[2 * i];                                                                \
      im[i] = (C)z[2 * i + 1];                                                            \
    }                                                                                     \
  }                                                                                       \
  static void merge_##T(const C *re, const C *im, double *z, size_t n) {                  \
    for (size_t i = 0; i < n; i++) {                                                      \
      z[2 * i] = re[i];                                                                   \
      z[2 * i + 1] = im[i];                                                               \
    }                                                                                     \
  }
CONVERSIONS(f32, float)
CONVERSIONS(f64, double)

/* Defines NAME(inverse, d, len, x, y): Prism's complex transform of rank N over type T
 * (C in C), the entry point FWD or INV, of the len interleaved numbers at x, of shape
 * d, into y (NaN where a call failed, which CHECK_OK reports). */
#define PRISM_C2C(NAME, T, C, N, FWD, INV, ...)                                           \
  static void NAME(int inverse, const int64_t *d, size_t len, const double *x,            \
                   double *y) {                                                           \
    C *re = new_array(len, sizeof *re), *im = new_array(len, sizeof *im);                 \
    struct prism_##T##_##N##d *a = NULL, *b = NULL, *yr = NULL, *yi = NULL;               \
    fill_nan(y, 2 * len);                                                                 \
    split_##T(x, re, im, len);                                                            \
    a = prism_new_##T##_##N##d(ctx, re, __VA_ARGS__);                                     \
    b = prism_new_##T##_##N##d(ctx, im, __VA_ARGS__);                                     \
    CHECK(a != NULL && b != NULL);                                                        \
    if (a != NULL && b != NULL) {                                                         \
      CHECK_OK(inverse ? INV(ctx, &yr, &yi, a, b) : FWD(ctx, &yr, &yi, a, b));            \
    }                                                                                     \
    if (yr != NULL && yi != NULL) {                                                       \
      CHECK_OK(prism_values_##T##_##N##d(ctx, yr, re));                                   \
      CHECK_OK(prism_values_##T##_##N##d(ctx, yi, im));                                   \
      merge_##T(re, im, y, len);                                                          \
    }                                                                                     \
    CHECK_OK(prism_free_##T##_##N##d(ctx, a));                                            \
    CHECK_OK(prism_free_##T##_##N##d(ctx, b));                                            \
    CHECK_OK(prism_free_##T##_##N##d(ctx, yr));                                           \
    CHECK_OK(prism_free_##T##_##N##d(ctx, yi));                                           \
    free(re);                                                                             \
    free(im);                                                                             \
  }
PRISM_C2C(c2c_f32_1d, f32, float, 1, prism_entry_fwd32, prism_entry_inv32, d[0])
PRISM_C2C(c2c_f32_2d, f32, float, 2, prism_entry_fft2_32, prism_entry_ifft2_32, d[0], d[1])
PRISM_C2C(c2c_f32_3d, f32, float, 3, prism_entry_fft3_32, prism_entry_ifft3_32, d[0], d[1],
          d[2])
PRISM_C2C(c2c_f64_1d, f64, double, 1, prism_entry_fwd64, prism_entry_inv64, d[0])
PRISM_C2C(c2c_f64_2d, f64, double, 2, prism_entry_fft2_64, prism_entry_ifft2_64, d[0], d[1])
PRISM_C2C(c2c_f64_3d, f64, double, 3, prism_entry_fft3_64, prism_entry_ifft3_64, d[0], d[1],
          d[2])

/* Defines rfft_T(n, x, y): Prism's rfft of the n reals at x into the n/2+1 interleaved
 * numbers at y; and irfft_T(n, y, x), back. */
#define PRISM_REAL(T, C, RFFT, IRFFT)                                                     \
  static void rfft_##T(size_t n, const double *x, double *y) {                            \
    size_t h = n / 2 + 1;                                                                 \
    C *re = new_array(h, sizeof *re), *im = new_array(h, sizeof *im);                     \
    C *xs = new_array(n, sizeof *xs);                                                     \
    struct prism_##T##_1d *a = NULL, *yr = NULL, *yi = NULL;                              \
    fill_nan(y, 2 * h);                                                                   \
    for (size_t i = 0; i < n; i++) {                                                      \
      xs[i] = (C)x[i];                                                                    \
    }                                                                                     \
    a = prism_new_##T##_1d(ctx, xs, (int64_t)n);                                          \
    CHECK(a != NULL);                                                                     \
    if (a != NULL) {                                                                      \
      CHECK_OK(RFFT(ctx, &yr, &yi, a));                                                   \
    }                                                                                     \
    if (yr != NULL && yi != NULL) {                                                       \
      CHECK(prism_shape_##T##_1d(ctx, yr)[0] == (int64_t)h);                              \
      CHECK_OK(prism_values_##T##_1d(ctx, yr, re));                                       \
      CHECK_OK(prism_values_##T##_1d(ctx, yi, im));                                       \
      merge_##T(re, im, y, h);                                                            \
    }                                                                                     \
    CHECK_OK(prism_free_##T##_1d(ctx, a));                                                \
    CHECK_OK(prism_free_##T##_1d(ctx, yr));                                               \
    CHECK_OK(prism_free_##T##_1d(ctx, yi));                                               \
    free(re);                                                                             \
    free(im);                                                                             \
    free(xs);                                                                             \
  }                                                                                       \
  static void irfft_##T(size_t n, const double *y, double *x) {                           \
    size_t h = n / 2 + 1;                                                                 \
    C *re = new_array(h, sizeof *re), *im = new_array(h, sizeof *im);                     \
    C *xs = new_array(n, sizeof *xs);                                                     \
    struct prism_##T##_1d *a = NULL, *b = NULL, *r = NULL;                                \
    fill_nan(x, n);                                                                       \
    split_##T(y, re, im, h);                                                              \
    a = prism_new_##T##_1d(ctx, re, (int64_t)h);                                          \
    b = prism_new_##T##_1d(ctx, im, (int64_t)h);                                          \
    CHECK(a != NULL && b != NULL);                                                        \
    if (a != NULL && b != NULL) {                                                         \
      CHECK_OK(IRFFT(ctx, &r, (int64_t)n, a, b));                                         \
    }                                                                                     \
    if (r != NULL) {                                                                      \
      CHECK_OK(prism_values_##T##_1d(ctx, r, xs));                                        \
      for (size_t i = 0; i < n; i++) {                                                    \
        x[i] = xs[i];                                                                     \
      }                                                                                   \
    }                                                                                     \
    CHECK_OK(prism_free_##T##_1d(ctx, a));                                                \
    CHECK_OK(prism_free_##T##_1d(ctx, b));                                                \
    CHECK_OK(prism_free_##T##_1d(ctx, r));                                                \
    free(re);                                                                             \
    free(im);                                                                             \
    free(xs);                                                                             \
  }
PRISM_REAL(f32, float, prism_entry_rfft32, prism_entry_irfft32)
PRISM_REAL(f64, double, prism_entry_rfft64, prism_entry_irfft64)

/* Prism's complex transform of shape s in precision p, x to y (interleaved). */
static void prism_c2c(enum precision p, int inverse, const struct shape *s, const double *x,
                      double *y) {
  typedef void transform(int, const int64_t *, size_t, const double *, double *);
  static transform *const by_rank[PRECISIONS][3] = {
      {c2c_f32_1d, c2c_f32_2d, c2c_f32_3d}, {c2c_f64_1d, c2c_f64_2d, c2c_f64_3d}};
  by_rank[p][s->rank - 1](inverse, s->dims, shape_count(s), x, y);
}

static void prism_rfft(enum precision p, size_t n, const double *x, double *y) {
  if (p == F32) {
    rfft_f32(n, x, y);
  } else {
    rfft_f64(n, x, y);
  }
}

static void prism_irfft(enum precision p, size_t n, const double *y, double *x) {
  if (p == F32) {
    irfft_f32(n, y, x);
  } else {
    irfft_f64(n, y, x);
  }
}

/* ------------------------------------------------------------------ FFTW */

/* The dimensions of s as FFTW takes them. */
static void shape_ints(const struct shape *s, int *n) {
  for (int i = 0; i < s->rank; i++) {
    n[i] = (int)s->dims[i];
  }
}

/* FFTW's complex transform of shape s in double precision, the inverse scaled by 1/n. */
static void fftw64_c2c(int inverse, const struct shape *s, const double *x, double *y) {
  size_t len = shape_count(s);
  int n[3];
  shape_ints(s, n);
  fftw_complex *in = must(fftw_alloc_complex(len), "fftw_alloc_complex");
  fftw_complex *out = must(fftw_alloc_complex(len), "fftw_alloc_complex");
  memcpy(in, x, len * sizeof *in);
  fftw_plan plan = fftw_plan_dft(s->rank, n, in, out, inverse ? FFTW_BACKWARD : FFTW_FORWARD,
                                 FFTW_ESTIMATE);
  must(plan, "an FFTW plan");
  fftw_execute(plan);
  fftw_destroy_plan(plan);
  for (size_t i = 0; i < len; i++) {
    y[2 * i] = inverse ? out[i][0] / (double)len : out[i][0];
    y[2 * i + 1] = inverse ? out[i][1] / (double)len : out[i][1];
  }
  fftw_free(in);
  fftw_free(out);
}

/* The same in single precision, the scaling in f32 too. */
static void fftw32_c2c(int inverse, const struct shape *s, const double *x, double *y) {
  size_t len = shape_count(s);
  int n[3];
  shape_ints(s, n);
  fftwf_complex *in = must(fftwf_alloc_complex(len), "fftwf_alloc_complex");
  fftwf_complex *out = must(fftwf_alloc_complex(len), "fftwf_alloc_complex");
  for (size_t i = 0; i < len; i++) {
    in[i][0] = (float)x[2 * i];
    in[i][1] = (float)x[2 * i + 1];
  }
  fftwf_plan plan = fftwf_plan_dft(s->rank, n, in, out,
                                   inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
  must(plan, "an FFTW plan");
  fftwf_execute(plan);
  fftwf_destroy_plan(plan);
  float scale = 1.0f / (float)len;
  for (size_t i = 0; i < len; i++) {
    y[2 * i] = inverse ? out[i][0] * scale : out[i][0];
    y[2 * i + 1] = inverse ? out[i][1] * scale : out[i][1];
  }
  fftwf_free(in);
  fftwf_free(out);
}

/* FFTW's r2c transform of the n reals at x into n/2+1 interleaved numbers at y. */
static void fftw64_r2c(size_t n, const double *x, double *y) {
  double *in = must(fftw_alloc_real(n), "fftw_alloc_real");
  fftw_complex *out = must(fftw_alloc_complex(n / 2 + 1), "fftw_alloc_complex");
  memcpy(in, x, n * sizeof *in);
  fftw_plan plan = fftw_plan_dft_r2c_1d((int)n, in, out, FFTW_ESTIMATE);
  must(plan, "an FFTW plan");
  fftw_execute(plan);
  fftw_destroy_plan(plan);
  memcpy(y, out, (n / 2 + 1) * sizeof *out);
  fftw_free(in);
  fftw_free(out);
}

/* The same in single precision. */
static void fftw32_r2c(size_t n, const double *x, double *y) {
  float *in = must(fftwf_alloc_real(n), "fftwf_alloc_real");
  fftwf_complex *out = must(fftwf_alloc_complex(n / 2 + 1), "fftwf_alloc_complex");
  for (size_t i = 0; i < n; i++) {
    in[i] = (float)x[i];
  }
  fftwf_plan plan = fftwf_plan_dft_r2c_1d((int)n, in, out, FFTW_ESTIMATE);
  must(plan, "an FFTW plan");
  fftwf_execute(plan);
  fftwf_destroy_plan(plan);
  for (size_t i = 0; i < n / 2 + 1; i++) {
    y[2 * i] = out[i][0];
    y[2 * i + 1] = out[i][1];
  }
  fftwf_free(in);
  fftwf_free(out);
}

/* FFTW's c2r transform of n/2+1 interleaved numbers at y into n reals at x, scaled by
 * 1/n (a c2r plan destroys its input: it gets a copy). */
static void fftw64_c2r(size_t n, const double *y, double *x) {
  fftw_complex *in = must(fftw_alloc_complex(n / 2 + 1), "fftw_alloc_complex");
  double *out = must(fftw_alloc_real(n), "fftw_alloc_real");
  memcpy(in, y, (n / 2 + 1) * sizeof *in);
  fftw_plan plan = fftw_plan_dft_c2r_1d((int)n, in, out, FFTW_ESTIMATE);
  must(plan, "an FFTW plan");
  fftw_execute(plan);
  fftw_destroy_plan(plan);
  for (size_t i = 0; i < n; i++) {
    x[i] = out[i] / (double)n;
  }
  fftw_free(in);
  fftw_free(out);
}

/* The same in single precision, the scaling in f32 too. */
static void fftw32_c2r(size_t n, const double *y, double *x) {
  fftwf_complex *in = must(fftwf_alloc_complex(n / 2 + 1), "fftwf_alloc_complex");
  float *out = must(fftwf_alloc_real(n), "fftwf_alloc_real");
  for (size_t i = 0; i < n / 2 + 1; i++) {
    in[i][0] = (float)y[2 * i];
    in[i][1] = (float)y[2 * i + 1];
  }
  fftwf_plan plan = fftwf_plan_dft_c2r_1d((int)n, in, out, FFTW_ESTIMATE);
  must(plan, "an FFTW plan");
  fftwf_execute(plan);
  fftwf_destroy_plan(plan);
  float scale = 1.0f / (float)n;
  for (size_t i = 0; i < n; i++) {
    x[i] = out[i] * scale;
  }
  fftwf_free(in);
  fftwf_free(out);
}

/* ------------------------------------------------------------------ Errors and bounds */

/* rms(got - ref) / rms(ref) over n numbers; NaN if got has a NaN. */
static double relative_rms(const double *got, const double *ref, size_t n) {
  double diff = 0, norm = 0;
  for (size_t i = 0; i < n; i++) {
    diff += (got[i] - ref[i]) * (got[i] - ref[i]);
    norm += ref[i] * ref[i];
  }
  return norm > 0 ? sqrt(diff / norm) : sqrt(diff);
}

/* The largest error allowed for a transform of n elements in precision p, where fftwf's
 * error is fftwf_error. */
static double bound(enum precision p, size_t n, double fftwf_error) {
  if (p == F32) {
    return fmax(2 * fftwf_error, F32_FLOOR);
  }
  return 1e-14 * fmax(1, log2((double)n));
}

/* The worst of each class, precision and kind, for the summary. */
struct worst {
  int seen;
  double error;    /* Prism's largest error */
  double ratio;    /* the largest Prism / fftwf, where fftwf is not exact (f32) */
  double of_bound; /* the largest error / bound */
  char where[32];  /* the size of the largest error / bound */
};
static struct worst worst[CLASSES][PRECISIONS][KINDS];
static int checks;

static void record_worst(struct worst *w, double error, double fftw_error, double of_bound,
                         const char *size) {
  if (!w->seen || !(error <= w->error)) {
    w->error = error;
  }
  if (fftw_error > 0 && error / fftw_error > w->ratio) {
    w->ratio = error / fftw_error;
  }
  if (!w->seen || !(of_bound <= w->of_bound)) {
    w->of_bound = of_bound;
    snprintf(w->where, sizeof w->where, "%s", size);
  }
  w->seen = 1;
}

/* Checks Prism's error against the bound, prints the line of the table and keeps the
 * worst. fftw_error is fftwf's for f32 (the bound depends on it), informative for f64
 * (NaN where there is none: FFTW f64 is the reference). */
static void record(enum size_class c, const char *size, size_t n, enum kind k,
                   enum precision p, double error, double fftw_error) {
  double limit = bound(p, n, fftw_error);
  int ok = error <= limit;
  checks++;
  printf("%-16s %-12s %-4s %10.3e ", size, kind_names[k], precision_names[p], error);
  if (isnan(fftw_error)) {
    printf("%10s %8s ", "-", "-");
  } else if (fftw_error > 0) {
    printf("%10.3e %8.3f ", fftw_error, error / fftw_error);
  } else {
    printf("%10.3e %8s ", fftw_error, "-");
  }
  printf("%10.3e %s\n", limit, ok ? "ok" : "FAIL");
  if (!ok) {
    char what[160];
    snprintf(what, sizeof what, "%s %s %s: error %.3e > bound %.3e (fftw %.3e)",
             kind_names[k], precision_names[p], size, error, limit, fftw_error);
    capi_fail(__FILE__, __LINE__, what, NULL);
  }
  record_worst(&worst[c][p][k], error, fftw_error, error / limit, size);
}

/* ------------------------------------------------------------------ The checks */

/* fft, ifft and ifft (fft x) of shape s in precision p. */
static void check_complex(enum size_class c, const struct shape *s, enum precision p) {
  size_t len = shape_count(s);
  char size[32];
  shape_name(s, size, sizeof size);
  double *x = new_doubles(2 * len), *ref = new_doubles(2 * len);
  double *got = new_doubles(2 * len), *back = new_doubles(2 * len);
  double *theirs = new_doubles(2 * len), *theirs_back = new_doubles(2 * len);
  fill_random(x, 2 * len, len * 8 + (uint64_t)s->rank);

  fftw64_c2c(0, s, x, ref);
  prism_c2c(p, 0, s, x, got);
  (p == F32 ? fftw32_c2c : fftw64_c2c)(0, s, x, theirs);
  record(c, size, len, FWD, p, relative_rms(got, ref, 2 * len),
         p == F32 ? relative_rms(theirs, ref, 2 * len) : NAN);

  prism_c2c(p, 1, s, got, back);
  (p == F32 ? fftw32_c2c : fftw64_c2c)(1, s, theirs, theirs_back);
  record(c, size, len, ROUND, p, relative_rms(back, x, 2 * len),
         relative_rms(theirs_back, x, 2 * len));

  fftw64_c2c(1, s, x, ref);
  prism_c2c(p, 1, s, x, got);
  (p == F32 ? fftw32_c2c : fftw64_c2c)(1, s, x, theirs);
  record(c, size, len, INV, p, relative_rms(got, ref, 2 * len),
         p == F32 ? relative_rms(theirs, ref, 2 * len) : NAN);

  free(x);
  free(ref);
  free(got);
  free(back);
  free(theirs);
  free(theirs_back);
}

/* rfft, irfft (of a random half spectrum) and irfft n (rfft x) of length n. */
static void check_real(enum size_class c, size_t n, enum precision p) {
  size_t h = n / 2 + 1;
  char size[32];
  snprintf(size, sizeof size, "%zu", n);
  double *x = new_doubles(n), *ref = new_doubles(2 * h), *got = new_doubles(2 * h);
  double *back = new_doubles(n), *theirs = new_doubles(2 * h);
  double *theirs_back = new_doubles(n);
  fill_random(x, n, n * 8 + 4);

  fftw64_r2c(n, x, ref);
  prism_rfft(p, n, x, got);
  (p == F32 ? fftw32_r2c : fftw64_r2c)(n, x, theirs);
  record(c, size, n, RFFT, p, relative_rms(got, ref, 2 * h),
         p == F32 ? relative_rms(theirs, ref, 2 * h) : NAN);

  prism_irfft(p, n, got, back);
  (p == F32 ? fftw32_c2r : fftw64_c2r)(n, theirs, theirs_back);
  record(c, size, n, ROUND_REAL, p, relative_rms(back, x, n),
         relative_rms(theirs_back, x, n));

  /* A half spectrum of a real signal: the imaginary parts of X[0] and, for even n,
   * X[n/2] are 0. */
  double *spectrum = new_doubles(2 * h), *ref_x = new_doubles(n);
  fill_random(spectrum, 2 * h, n * 8 + 5);
  spectrum[1] = 0;
  if (n % 2 == 0) {
    spectrum[2 * h - 1] = 0;
  }
  fftw64_c2r(n, spectrum, ref_x);
  prism_irfft(p, n, spectrum, back);
  (p == F32 ? fftw32_c2r : fftw64_c2r)(n, spectrum, theirs_back);
  record(c, size, n, IRFFT, p, relative_rms(back, ref_x, n),
         p == F32 ? relative_rms(theirs_back, ref_x, n) : NAN);

  free(x);
  free(ref);
  free(got);
  free(back);
  free(theirs);
  free(theirs_back);
  free(spectrum);
  free(ref_x);
}

#ifndef FFT_ACCURACY_MAX
#define FFT_ACCURACY_MAX ((int64_t)1 << 20)
#endif
static int64_t max_length = FFT_ACCURACY_MAX;

static void check_length(enum size_class c, int64_t n) {
  if (n > max_length) {
    return;
  }
  struct shape s = {1, {n, 1, 1}};
  count_size(c, n);
  for (int p = 0; p < PRECISIONS; p++) {
    check_complex(c, &s, (enum precision)p);
    check_real(c, (size_t)n, (enum precision)p);
  }
}

static void check_shape(int rank, int64_t a, int64_t b, int64_t d) {
  struct shape s = {rank, {a, b, d}};
  if ((int64_t)shape_count(&s) > max_length) {
    return;
  }
  count_size(rank == 2 ? DIM2 : DIM3, (int64_t)shape_count(&s));
  for (int p = 0; p < PRECISIONS; p++) {
    check_complex(rank == 2 ? DIM2 : DIM3, &s, (enum precision)p);
  }
}

/* The powers of one prime, from the first above 64 to the last up to 2^20. */
static void check_powers(enum size_class c, int64_t base, int64_t first) {
  for (int64_t n = first; n <= (int64_t)1 << 20; n *= base) {
    check_length(c, n);
  }
}

/* Every size of the issue. */
static void check_all(void) {
  for (int64_t n = 1; n <= 64; n++) {
    check_length(SMALL, n);
  }
  check_powers(POW2, 2, 128);
  check_powers(POW3, 3, 81);
  check_powers(POW5, 5, 125);
  check_powers(POW7, 7, 343);
  /* Products of the radices' primes, and two lengths with a factor that no radix
   * divides (Bluestein on a composite length). */
  static const int64_t mixed[] = {100,   120,    143,    360,    1000,   3072,   4410,
                                  8198,  10080,  44100,  100000, 362880, 1000000};
  for (size_t i = 0; i < sizeof mixed / sizeof mixed[0]; i++) {
    check_length(MIXED, mixed[i]);
  }
  static const int64_t primes[] = {97, 1009, 4099, 65537};
  for (size_t i = 0; i < sizeof primes / sizeof primes[0]; i++) {
    check_length(PRIME, primes[i]);
  }
  static const int64_t dims2[][2] = {{8, 8}, {16, 12}, {64, 64}, {128, 96}, {3, 5},
                                     {1, 7}, {97, 4}};
  for (size_t i = 0; i < sizeof dims2 / sizeof dims2[0]; i++) {
    check_shape(2, dims2[i][0], dims2[i][1], 1);
  }
  static const int64_t dims3[][3] = {{4, 4, 4}, {8, 6, 10}, {16, 16, 16}, {32, 32, 32},
                                     {3, 5, 7}};
  for (size_t i = 0; i < sizeof dims3 / sizeof dims3[0]; i++) {
    check_shape(3, dims3[i][0], dims3[i][1], dims3[i][2]);
  }
}

/* ------------------------------------------------------------------ The summary */

/* One cell of the summary: the largest error, and the largest ratio to fftwf (f32) or
 * to the bound (f64). */
static void print_cell(const struct worst *w, enum precision p) {
  if (!w->seen) {
    printf(" - |");
  } else if (p == F32) {
    printf(" %.1e (%.2f) |", w->error, w->ratio);
  } else {
    printf(" %.1e (%.3f) |", w->error, w->of_bound);
  }
}

/* The markdown table of precision p: a row per class, a column per kind. */
static void print_summary(enum precision p) {
  printf("\n%s: the largest relative rms error of each class and kind, and in parentheses "
         "%s\n\n| sizes (how many: elements) |",
         precision_names[p],
         p == F32 ? "the largest ratio to fftwf's error on the same input"
                  : "the largest ratio to the bound 1e-14 max(1, log2 n)");
  for (int k = 0; k < KINDS; k++) {
    printf(" %s |", kind_names[k]);
  }
  printf(" worst error / bound |\n|---|");
  for (int k = 0; k <= KINDS; k++) {
    printf("---|");
  }
  printf("\n");
  for (int c = 0; c < CLASSES; c++) {
    const struct worst *worst_k = NULL;
    if (tally[c].count == 0) {
      continue;
    }
    printf("| %s (%d: %lld..%lld) |", class_names[c], tally[c].count,
           (long long)tally[c].least, (long long)tally[c].most);
    for (int k = 0; k < KINDS; k++) {
      const struct worst *w = &worst[c][p][k];
      print_cell(w, p);
      if (w->seen && (worst_k == NULL || !(w->of_bound <= worst_k->of_bound))) {
        worst_k = w;
      }
    }
    if (worst_k == NULL) {
      printf(" - |\n");
    } else {
      printf(" %.3f (%s %s) |\n", worst_k->of_bound, kind_names[worst_k - worst[c][p]],
             worst_k->where);
    }
  }
}

int main(void) {
  const char *max = getenv("PRISM_FFT_ACCURACY_MAX");
  if (max != NULL && atoll(max) > 0) {
    max_length = atoll(max);
  }
  struct prism_context_config *cfg = prism_context_config_new();
  ctx = prism_context_new(cfg);
  CHECK(ctx != NULL);
  if (ctx == NULL) {
    prism_context_config_free(cfg);
    return capi_exit();
  }
  printf("%-16s %-12s %-4s %10s %10s %8s %10s\n", "size", "kind", "type", "prism", "fftw",
         "ratio", "bound");
  check_all();
  print_summary(F32);
  print_summary(F64);
  printf("\n%d checks, %d failed\n", checks, capi_failures);
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  fftw_cleanup();
  fftwf_cleanup();
  return capi_exit();
}
