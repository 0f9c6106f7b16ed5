/* bench/soacs: times the entry points of soacs.dsl (through the generated library,
 * prismc c --library) against the hand-written loops of baseline.c.
 *
 *   harness N RUNS RESULTS
 *   harness --input NAME N FILE
 *
 * For each benchmark: makes inputs of N elements (pseudo-random, never zero), runs the
 * entry point and the C loop once and checks that their results agree, then runs each
 * 2 times to warm up and RUNS times timed, alternating, and writes one line to RESULTS:
 *   NAME PRISM_MS C_MS RATIO PRISM_MIN_MS C_MIN_MS BYTES IO_BYTES
 * (medians in milliseconds; RATIO the median of C_MS / PRISM_MS over the pairs of
 * consecutive runs, which drifts less than the ratio of the medians when the machine is
 * shared; the fastest runs; BYTES read and written by the computation; IO_BYTES the
 * sizes of the entry point's arguments and results). Only the call is timed: the entry
 * point (and prism_context_sync), or the C function; making inputs and freeing results
 * are not. The second form writes benchmark NAME's arguments (the same values) to FILE
 * in Futhark's value syntax, for the generated executable's -P (peak memory). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../harness-util.h"
#include "baseline.h"
#include "soacs.h"

#define WARMUP 2
#define PI 3.14159265358979323846

static struct prism_context *ctx;

static void die(const char *what) {
  char *message = prism_context_get_error(ctx);
  fprintf(stderr, "harness: %s failed: %s\n", what, message != NULL ? message : "");
  free(message);
  exit(1);
}

/* In [0.5, 1.5) or (-1.5, -0.5]: never zero. */
static float rand_f32(void) {
  float x = 0.5f + (float)(rng() >> 40) / (float)(1u << 24);
  return rng() & 1 ? -x : x;
}

/* Never zero. */
static int32_t rand_i32(void) {
  int32_t x = (int32_t)(uint32_t)(rng() >> 32);
  return x != 0 ? x : 1;
}

/* ------------------------------------------------------------------ Checking */

static void check_f32(const char *name, const float *got, const float *want, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    float tolerance = 1e-5f * (fabsf(want[i]) > 1 ? fabsf(want[i]) : 1);
    if (!(fabsf(got[i] - want[i]) <= tolerance)) {
      fprintf(stderr, "harness: %s: element %lld is %.9g, the C loop's %.9g\n", name,
              (long long)i, (double)got[i], (double)want[i]);
      exit(1);
    }
  }
}

static void check_i32(const char *name, const int32_t *got, const int32_t *want, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    if (got[i] != want[i]) {
      fprintf(stderr, "harness: %s: element %lld is %d, the C loop's %d\n", name,
              (long long)i, got[i], want[i]);
      exit(1);
    }
  }
}

/* ------------------------------------------------------------- Writing inputs */

static void write_f32s(FILE *f, const float *xs, int64_t n) {
  fputc('[', f);
  for (int64_t i = 0; i < n; i++) {
    fprintf(f, "%s%.9gf32", i > 0 ? ", " : "", (double)xs[i]);
  }
  fputs("]\n", f);
}

static void write_i32s(FILE *f, const int32_t *xs, int64_t n) {
  fputc('[', f);
  for (int64_t i = 0; i < n; i++) {
    fprintf(f, "%s%di32", i > 0 ? ", " : "", xs[i]);
  }
  fputs("]\n", f);
}

/* ----------------------------------------------------------------- Benchmarks */

/* One benchmark: its inputs, and the two ways of computing its results. */
struct bench {
  const char *name;
  void (*setup)(struct bench *b, int64_t n);
  void (*run_prism)(struct bench *b); /* the timed call */
  void (*run_c)(struct bench *b);     /* the timed call */
  void (*check)(struct bench *b);     /* after one run of each: compare */
  void (*release)(struct bench *b);   /* frees the results of one run of each */
  void (*write_input)(struct bench *b, FILE *f);
  double bytes, io_bytes;
  int64_t n;
  float *xf;
  int32_t *xi;
  struct prism_f32_1d *pf[4];
  struct prism_i32_1d *pi;
  int64_t ns;
  float *twr, *twi, *re, *im;
  /* results */
  float rf, cf;
  int32_t ri, ci;
  struct prism_f32_1d *outf[2];
  struct prism_i32_1d *outi;
  float *cfs[2];
  int32_t *cis;
};

static void setup_f32(struct bench *b, int64_t n) {
  b->n = n;
  b->xf = xmalloc(sizeof(float) * (size_t)n);
  for (int64_t i = 0; i < n; i++) {
    b->xf[i] = rand_f32();
  }
  if ((b->pf[0] = prism_new_f32_1d(ctx, b->xf, n)) == NULL) {
    die("prism_new_f32_1d");
  }
}

static void setup_i32(struct bench *b, int64_t n) {
  b->n = n;
  b->xi = xmalloc(sizeof(int32_t) * (size_t)n);
  for (int64_t i = 0; i < n; i++) {
    b->xi[i] = rand_i32();
  }
  if ((b->pi = prism_new_i32_1d(ctx, b->xi, n)) == NULL) {
    die("prism_new_i32_1d");
  }
}

static void write_xf(struct bench *b, FILE *f) {
  write_f32s(f, b->xf, b->n);
}

static void write_xi(struct bench *b, FILE *f) {
  write_i32s(f, b->xi, b->n);
}

static void release_nothing(struct bench *b) {
  (void)b;
}

/* map-map-reduce, f32 */
static void mmr_f32_setup(struct bench *b, int64_t n) {
  setup_f32(b, n);
  b->bytes = b->io_bytes = 4.0 * (double)n;
}
static void mmr_f32_prism(struct bench *b) {
  if (prism_entry_mmr_f32(ctx, &b->rf, b->pf[0]) != 0 || prism_context_sync(ctx) != 0) {
    die("mmr_f32");
  }
}
static void mmr_f32_c(struct bench *b) {
  b->cf = base_mmr_f32(b->xf, b->n);
}
static void mmr_f32_check(struct bench *b) {
  check_f32(b->name, &b->rf, &b->cf, 1);
}

/* map-map-reduce, i32 */
static void mmr_i32_setup(struct bench *b, int64_t n) {
  setup_i32(b, n);
  b->bytes = b->io_bytes = 4.0 * (double)n;
}
static void mmr_i32_prism(struct bench *b) {
  if (prism_entry_mmr_i32(ctx, &b->ri, b->pi) != 0 || prism_context_sync(ctx) != 0) {
    die("mmr_i32");
  }
}
static void mmr_i32_c(struct bench *b) {
  b->ci = base_mmr_i32(b->xi, b->n);
}
static void mmr_i32_check(struct bench *b) {
  check_i32(b->name, &b->ri, &b->ci, 1);
}

/* map-scan */
static void map_scan_setup(struct bench *b, int64_t n) {
  setup_i32(b, n);
  b->bytes = b->io_bytes = 8.0 * (double)n;
}
static void map_scan_prism(struct bench *b) {
  if (prism_entry_map_scan(ctx, &b->outi, b->pi) != 0 || prism_context_sync(ctx) != 0) {
    die("map_scan");
  }
}
static void map_scan_c(struct bench *b) {
  if ((b->cis = base_map_scan(b->xi, b->n)) == NULL) {
    die("base_map_scan");
  }
}
static void map_scan_check(struct bench *b) {
  int32_t *got = xmalloc(sizeof(int32_t) * (size_t)b->n);
  if (prism_values_i32_1d(ctx, b->outi, got) != 0) {
    die("prism_values_i32_1d");
  }
  check_i32(b->name, got, b->cis, b->n);
  free(got);
}
static void map_scan_release(struct bench *b) {
  prism_free_i32_1d(ctx, b->outi);
  free(b->cis);
  b->outi = NULL;
  b->cis = NULL;
}

/* map-scatter */
static void map_scatter_setup(struct bench *b, int64_t n) {
  if (n % 3 == 0) {
    fprintf(stderr, "harness: map_scatter needs N not a multiple of 3\n");
    exit(1);
  }
  setup_f32(b, n);
  b->bytes = b->io_bytes = 8.0 * (double)n;
}
static void map_scatter_prism(struct bench *b) {
  if (prism_entry_map_scatter(ctx, &b->outf[0], b->pf[0]) != 0 || prism_context_sync(ctx) != 0) {
    die("map_scatter");
  }
}
static void map_scatter_c(struct bench *b) {
  if ((b->cfs[0] = base_map_scatter(b->xf, b->n)) == NULL) {
    die("base_map_scatter");
  }
}
static void map_scatter_check(struct bench *b) {
  float *got = xmalloc(sizeof(float) * (size_t)b->n);
  if (prism_values_f32_1d(ctx, b->outf[0], got) != 0) {
    die("prism_values_f32_1d");
  }
  check_f32(b->name, got, b->cfs[0], b->n);
  free(got);
}
static void map_scatter_release(struct bench *b) {
  prism_free_f32_1d(ctx, b->outf[0]);
  free(b->cfs[0]);
  b->outf[0] = NULL;
  b->cfs[0] = NULL;
}

/* radix-4 Stockham pass: ns = 16 (N/4 must be a multiple of it), twiddles of 4 ns. */
static void stockham_setup(struct bench *b, int64_t n) {
  b->n = n;
  b->ns = 16;
  if (n % 4 != 0 || (n / 4) % b->ns != 0) {
    fprintf(stderr, "harness: stockham4 needs N/4 to be a multiple of 16\n");
    exit(1);
  }
  int64_t t = 4 * b->ns;
  b->twr = xmalloc(sizeof(float) * (size_t)t);
  b->twi = xmalloc(sizeof(float) * (size_t)t);
  for (int64_t q = 0; q < 4; q++) {
    for (int64_t k = 0; k < b->ns; k++) {
      double a = -2 * PI * (double)(q * k) / (double)(4 * b->ns);
      b->twr[q * b->ns + k] = (float)cos(a);
      b->twi[q * b->ns + k] = (float)sin(a);
    }
  }
  b->re = xmalloc(sizeof(float) * (size_t)n);
  b->im = xmalloc(sizeof(float) * (size_t)n);
  for (int64_t i = 0; i < n; i++) {
    b->re[i] = rand_f32();
    b->im[i] = rand_f32();
  }
  if ((b->pf[0] = prism_new_f32_1d(ctx, b->twr, t)) == NULL ||
      (b->pf[1] = prism_new_f32_1d(ctx, b->twi, t)) == NULL ||
      (b->pf[2] = prism_new_f32_1d(ctx, b->re, n)) == NULL ||
      (b->pf[3] = prism_new_f32_1d(ctx, b->im, n)) == NULL) {
    die("prism_new_f32_1d");
  }
  b->bytes = 16.0 * (double)n;
  b->io_bytes = 16.0 * (double)n + 8.0 * (double)t;
}
static void stockham4_prism(struct bench *b) {
  if (prism_entry_stockham4(ctx, &b->outf[0], &b->outf[1], b->ns, b->pf[0], b->pf[1], b->pf[2],
                            b->pf[3]) != 0 ||
      prism_context_sync(ctx) != 0) {
    die("stockham4");
  }
}
static void stockham4_c(struct bench *b) {
  if (base_stockham4(b->n, b->ns, b->twr, b->twi, b->re, b->im, &b->cfs[0], &b->cfs[1]) != 0) {
    die("base_stockham4");
  }
}
static void stockham4_check(struct bench *b) {
  float *got = xmalloc(sizeof(float) * (size_t)b->n);
  for (int r = 0; r < 2; r++) {
    if (prism_values_f32_1d(ctx, b->outf[r], got) != 0) {
      die("prism_values_f32_1d");
    }
    check_f32(b->name, got, b->cfs[r], b->n);
  }
  free(got);
}
static void stockham_release(struct bench *b) {
  for (int r = 0; r < 2; r++) {
    prism_free_f32_1d(ctx, b->outf[r]);
    free(b->cfs[r]);
    b->outf[r] = NULL;
    b->cfs[r] = NULL;
  }
}
static void stockham_write(struct bench *b, FILE *f) {
  fprintf(f, "%lldi64\n", (long long)b->ns);
  write_f32s(f, b->twr, 4 * b->ns);
  write_f32s(f, b->twi, 4 * b->ns);
  write_f32s(f, b->re, b->n);
  write_f32s(f, b->im, b->n);
}

static struct bench benches[] = {
#define BENCH(name_, setup_, release_, write_)                                           \
  {.name = #name_, .setup = setup_, .run_prism = name_##_prism, .run_c = name_##_c,       \
   .check = name_##_check, .release = release_, .write_input = write_}
    BENCH(mmr_f32, mmr_f32_setup, release_nothing, write_xf),
    BENCH(mmr_i32, mmr_i32_setup, release_nothing, write_xi),
    BENCH(map_scan, map_scan_setup, map_scan_release, write_xi),
    BENCH(map_scatter, map_scatter_setup, map_scatter_release, write_xf),
    BENCH(stockham4, stockham_setup, stockham_release, stockham_write),
#undef BENCH
};

static void free_inputs(struct bench *b) {
  for (int i = 0; i < 4; i++) {
    prism_free_f32_1d(ctx, b->pf[i]);
  }
  prism_free_i32_1d(ctx, b->pi);
  free(b->xf);
  free(b->xi);
  free(b->twr);
  free(b->twi);
  free(b->re);
  free(b->im);
}

static struct bench *find_bench(const char *name) {
  for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) {
    if (strcmp(benches[i].name, name) == 0) {
      return &benches[i];
    }
  }
  fprintf(stderr, "harness: no benchmark named %s\n", name);
  exit(2);
}

static int write_input(const char *name, int64_t n, const char *path) {
  struct bench *b = find_bench(name);
  b->setup(b, n);
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    perror(path);
    return 1;
  }
  b->write_input(b, f);
  if (fclose(f) != 0) {
    perror(path);
    return 1;
  }
  free_inputs(b);
  return 0;
}

/* Checks, warms up and times benchmark b; one line to results. */
static void run_bench(struct bench *b, int64_t n, int runs, FILE *results) {
  double *tp = xmalloc(sizeof(double) * (size_t)runs);
  double *tc = xmalloc(sizeof(double) * (size_t)runs);
  double *ratio = xmalloc(sizeof(double) * (size_t)runs);
  b->setup(b, n);
  b->run_prism(b);
  b->run_c(b);
  b->check(b);
  b->release(b);
  for (int r = 0; r < WARMUP + runs; r++) {
    double t0 = now_ms();
    b->run_prism(b);
    double t1 = now_ms();
    b->run_c(b);
    double t2 = now_ms();
    b->release(b);
    if (r >= WARMUP) {
      tp[r - WARMUP] = t1 - t0;
      tc[r - WARMUP] = t2 - t1;
      ratio[r - WARMUP] = (t2 - t1) / (t1 - t0);
    }
  }
  double mr = median(ratio, runs), mp = median(tp, runs), mc = median(tc, runs);
  /* median() sorted them: the first is the fastest. */
  fprintf(results, "%s %.3f %.3f %.3f %.3f %.3f %.0f %.0f\n", b->name, mp, mc, mr, tp[0], tc[0],
          b->bytes, b->io_bytes);
  fflush(results);
  free_inputs(b);
  free(tp);
  free(tc);
  free(ratio);
}

int main(int argc, char **argv) {
  bool input = argc == 5 && strcmp(argv[1], "--input") == 0;
  if (argc != 4 && !input) {
    fprintf(stderr, "Usage: harness N RUNS RESULTS\n       harness --input NAME N FILE\n");
    return 2;
  }
  int64_t n = strtoll(argv[input ? 3 : 1], NULL, 10);
  int runs = input ? 1 : atoi(argv[2]);
  if (n <= 0 || runs <= 0) {
    fprintf(stderr, "harness: N and RUNS must be positive\n");
    return 2;
  }
  struct prism_context_config *cfg = prism_context_config_new();
  if (cfg == NULL || (ctx = prism_context_new(cfg)) == NULL) {
    fprintf(stderr, "harness: cannot make a context\n");
    return 1;
  }
  int status = 0;
  if (input) {
    status = write_input(argv[2], n, argv[4]);
  } else {
    FILE *results = fopen(argv[3], "w");
    if (results == NULL) {
      perror(argv[3]);
      return 1;
    }
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) {
      run_bench(&benches[i], n, runs, results);
    }
    status = fclose(results) != 0;
  }
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  return status;
}
