/* bench/fft-cpu: batched complex-to-complex (or, with FFT_KIND=real, real-to-complex)
 * f32 FFTs on the CPU, Prism against FFTW, every peer measured in the same process
 * (DESIGN.md section 6).
 *
 *   bench TOTAL RUNS DEVICE JSON [N ...]
 *
 * For each length n (the N arguments, or the default list: 2^3 ... 2^20, 3^k, 5^k,
 * 6 2^k and primes), batch = max(1, TOTAL / n) rows of n complex numbers are
 * transformed by four peers:
 *
 *   - Prism's C backend (one core): the library `prismc c --library --prefix pc` makes
 *     of batched.dsl (`map fft32.fft`), arguments and results as separate re and im
 *     arrays of shape [batch][n];
 *   - FFTW 1 thread: fftwf_plan_many_dft, out of place, interleaved (re, im) pairs,
 *     FFTW_MEASURE, planned after fftwf_plan_with_nthreads(1);
 *   - Prism's OpenCL backend on DEVICE (PoCL here; "none" leaves it out): the library
 *     of `prismc opencl --library --prefix pcl`, with the C library's arguments;
 *   - FFTW with all threads: the same plan made after fftwf_plan_with_nthreads(THREADS)
 *     (the environment's FFTW_THREADS, default: the online processors).
 *
 * Inputs are pseudo-random in [-1, 1), never zero. Each Prism result is first checked
 * against FFTW's 1-thread result (relative rms error sqrt(sum |x - y|^2 / sum |y|^2)
 * < 1e-4), and the threaded FFTW against the 1-thread one; then each peer runs once to
 * warm up, and the timed runs go round-robin (C, FFTW 1, OpenCL, FFTW all, C, ...), so
 * that a busy patch of this shared machine hits all peers alike. Each timed run is one
 * call on a monotonic clock: for Prism the entry point (and prism_context_sync on
 * OpenCL), the results freed afterwards, untimed; for FFTW fftwf_execute. The OpenCL
 * inputs were uploaded by the first call and stay on the device, and the results stay
 * there too: nothing crosses to the host while timing (on PoCL the "device" is host
 * memory anyway).
 *
 * A size gets RUNS timed runs, fewer (at least 3) when RUNS rounds of all its peers
 * would take more than the environment's FFT_BUDGET seconds (default 10); the table
 * says how many. Where the OpenCL backend launches kernels per row (a map it cannot
 * flatten), a call on PoCL takes up to a minute at small n: when a probe on 64 rows
 * says that a call on the whole batch would take more than FFT_CL_LIMIT seconds
 * (default 2), OpenCL transforms only the first rows, as many as take about a quarter
 * of that, and the table says how many (cl_rows).
 *
 * With FFT_KIND=real the rows are n reals and the transform is the real one: Prism's
 * `map fft32.rfft` (batched.dsl's entry rfft, the n/2+1 outputs as separate re and im
 * arrays) against fftwf_plan_many_dft_r2c, FFTW's input a copy of the reals.
 *
 * GFLOPS = 5 n log2(n) batch / t (FFTW's convention, for every n; 2.5 n log2(n) batch
 * / t for real transforms, as FFTW counts them) with t the median;
 * the ratios Prism C / FFTW 1 thread and Prism OpenCL / FFTW all threads are of GFLOPS
 * (above 1: Prism is faster). Prints a Markdown table and writes JSON, rewritten after
 * each size. BENCH_REPORT=1 turns on the OpenCL library's profiling and prints its
 * kernel report at the end.
 *
 * Build and run: bench/fft-cpu/run.sh. Needs FFTW's single-precision libraries
 * (Debian: libfftw3-dev; -lfftw3f_threads -lfftw3f), the OpenCL headers and a loader.
 */
#define _POSIX_C_SOURCE 200809L
#include <fftw3.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../harness-util.h"
#include "fft_c.h"
#include "fft_cl.h"

#define TOLERANCE 1e-4
#define MIN_RUNS 3
#define PROBE_ROWS 64

enum peer { PEER_C, PEER_FFTW1, PEER_CL, PEER_FFTW_ALL, PEER_COUNT };
static const char *const peer_names[PEER_COUNT] = {"prism_c", "fftw_1", "prism_opencl",
                                                    "fftw_all"};

static struct pc_context *c_ctx;
static struct pcl_context *cl_ctx; /* NULL when DEVICE is "none" */
static int fftw_threads;
static char device_name[512] = "none"; /* "PLATFORM: DEVICE" of the OpenCL context */
static double cl_limit_ms = 2e3; /* FFT_CL_LIMIT: see cl_rows */
static bool real_input;           /* FFT_KIND=real: real-to-complex transforms */

/* ------------------------------------------------------------ Utilities */

static void die_c(const char *what) {
  char *message = pc_context_get_error(c_ctx);
  fprintf(stderr, "bench: %s failed: %s\n", what, message != NULL ? message : "");
  free(message);
  exit(1);
}

static void die_cl(const char *what) {
  char *message = pcl_context_get_error(cl_ctx);
  fprintf(stderr, "bench: %s failed: %s\n", what, message != NULL ? message : "");
  free(message);
  exit(1);
}

/* The relative rms error of the split re/im arrays against interleaved ref. */
static double rms_error(const float *re, const float *im, fftwf_complex *ref,
                        int64_t count) {
  double diff = 0, norm = 0;
  for (int64_t i = 0; i < count; i++) {
    double dr = (double)re[i] - ref[i][0], di = (double)im[i] - ref[i][1];
    diff += dr * dr + di * di;
    norm += (double)ref[i][0] * ref[i][0] + (double)ref[i][1] * ref[i][1];
  }
  return norm > 0 ? sqrt(diff / norm) : sqrt(diff);
}

/* ------------------------------------------------------------ One size */

/* What the peers work on for one n. */
struct problem {
  int64_t n, batch, count; /* count = n * batch */
  int64_t out_count;       /* the outputs: count, or (n/2+1) batch for real input */
  int64_t cl_batch;        /* the rows OpenCL transforms: batch, or fewer (cl_rows) */
  float *re, *im;          /* the input, split */
  fftwf_complex *in, *out; /* the input interleaved, and FFTW's output */
  float *in_real;          /* real input: FFTW's copy of re (in is NULL) */
  fftwf_plan plan1, plan_all;
  struct pc_f32_2d *c_re, *c_im;
  struct pcl_f32_2d *cl_re, *cl_im;
};

static fftwf_plan make_plan(struct problem *p, int threads) {
  int n = (int)p->n;
  int half = n / 2 + 1;
  fftwf_plan_with_nthreads(threads);
  fftwf_plan plan =
      real_input ? fftwf_plan_many_dft_r2c(1, &n, (int)p->batch, p->in_real, NULL, 1, n, p->out,
                                           NULL, 1, half, FFTW_MEASURE)
                 : fftwf_plan_many_dft(1, &n, (int)p->batch, p->in, NULL, 1, n, p->out, NULL, 1,
                                       n, FFTW_FORWARD, FFTW_MEASURE);
  if (plan == NULL) {
    fprintf(stderr, "bench: FFTW made no plan for n = %lld\n", (long long)p->n);
    exit(1);
  }
  return plan;
}

/* Prism's transform of the rows re (and im, for complex input) into *out_re and
 * *out_im, on the C backend and on OpenCL: the entry point of the kind at hand. */
static int c_call(struct pc_f32_2d **out_re, struct pc_f32_2d **out_im,
                  const struct pc_f32_2d *re, const struct pc_f32_2d *im) {
  return real_input ? pc_entry_rfft(c_ctx, out_re, out_im, re)
                    : pc_entry_main(c_ctx, out_re, out_im, re, im);
}

static int cl_call(struct pcl_f32_2d **out_re, struct pcl_f32_2d **out_im,
                   const struct pcl_f32_2d *re, const struct pcl_f32_2d *im) {
  return real_input ? pcl_entry_rfft(cl_ctx, out_re, out_im, re)
                    : pcl_entry_main(cl_ctx, out_re, out_im, re, im);
}

/* The rows that the OpenCL peer transforms: all of them, unless a probe on PROBE_ROWS
 * rows says that a call on the whole batch would take more than cl_limit_ms (the
 * OpenCL backend launches kernels per row where it cannot flatten the map, and PoCL
 * takes microseconds a launch): then as many as take about a quarter of that. The
 * first rows of the input, so that FFTW's result checks them too. */
static int64_t cl_rows(const struct problem *p) {
  if (p->batch <= PROBE_ROWS) {
    return p->batch;
  }
  struct pcl_f32_2d *re = pcl_new_f32_2d(cl_ctx, p->re, PROBE_ROWS, p->n);
  struct pcl_f32_2d *im = pcl_new_f32_2d(cl_ctx, p->im, PROBE_ROWS, p->n);
  if (re == NULL || im == NULL) {
    die_cl("pcl_new_f32_2d");
  }
  double ms = 0;
  for (int i = 0; i < 2; i++) { /* the first uploads the input */
    struct pcl_f32_2d *out_re = NULL, *out_im = NULL;
    double t0 = now_ms();
    if (cl_call(&out_re, &out_im, re, im) != 0 || pcl_context_sync(cl_ctx) != 0) {
      die_cl("the entry point");
    }
    ms = now_ms() - t0;
    if (pcl_free_f32_2d(cl_ctx, out_re) != 0 || pcl_free_f32_2d(cl_ctx, out_im) != 0) {
      die_cl("pcl_free_f32_2d");
    }
  }
  if (pcl_free_f32_2d(cl_ctx, re) != 0 || pcl_free_f32_2d(cl_ctx, im) != 0) {
    die_cl("pcl_free_f32_2d");
  }
  double estimate = ms * (double)p->batch / PROBE_ROWS;
  if (estimate <= cl_limit_ms) {
    return p->batch;
  }
  int64_t rows = (int64_t)((double)PROBE_ROWS * cl_limit_ms / 4 / ms);
  return rows < PROBE_ROWS ? PROBE_ROWS : rows < p->batch ? rows : p->batch;
}

/* Plans (FFTW_MEASURE overwrites the arrays, so before the input is made), makes the
 * input and Prism's arrays of it. */
static void setup(struct problem *p, int64_t n, int64_t total) {
  p->n = n;
  p->batch = total / n > 0 ? total / n : 1;
  p->count = n * p->batch;
  p->out_count = real_input ? (n / 2 + 1) * p->batch : p->count;
  p->in = real_input ? NULL : fftwf_malloc((size_t)p->count * sizeof(fftwf_complex));
  p->in_real = real_input ? fftwf_malloc((size_t)p->count * sizeof(float)) : NULL;
  p->out = fftwf_malloc((size_t)p->out_count * sizeof(fftwf_complex));
  p->re = xmalloc((size_t)p->count * sizeof(float));
  p->im = xmalloc((size_t)p->count * sizeof(float));
  if ((p->in == NULL && p->in_real == NULL) || p->out == NULL) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  p->plan1 = make_plan(p, 1);
  p->plan_all = make_plan(p, fftw_threads);
  for (int64_t i = 0; i < p->count; i++) {
    float re = (float)((double)(rng() >> 11) / (double)(1ull << 52) - 1.0);
    float im = (float)((double)(rng() >> 11) / (double)(1ull << 52) - 1.0);
    p->re[i] = re != 0 ? re : 0.5f;
    p->im[i] = im != 0 ? im : 0.5f;
    if (real_input) {
      p->in_real[i] = p->re[i];
    } else {
      p->in[i][0] = p->re[i];
      p->in[i][1] = p->im[i];
    }
  }
  p->c_re = pc_new_f32_2d(c_ctx, p->re, p->batch, p->n);
  p->c_im = real_input ? NULL : pc_new_f32_2d(c_ctx, p->im, p->batch, p->n);
  if (p->c_re == NULL || (p->c_im == NULL && !real_input)) {
    die_c("pc_new_f32_2d");
  }
  p->cl_batch = p->batch;
  if (cl_ctx != NULL) {
    p->cl_batch = cl_rows(p);
    p->cl_re = pcl_new_f32_2d(cl_ctx, p->re, p->cl_batch, p->n);
    p->cl_im = real_input ? NULL : pcl_new_f32_2d(cl_ctx, p->im, p->cl_batch, p->n);
    if (p->cl_re == NULL || (p->cl_im == NULL && !real_input)) {
      die_cl("pcl_new_f32_2d");
    }
  }
}

static void teardown(struct problem *p) {
  fftwf_destroy_plan(p->plan1);
  fftwf_destroy_plan(p->plan_all);
  fftwf_free(p->in);
  fftwf_free(p->in_real);
  fftwf_free(p->out);
  free(p->re);
  free(p->im);
  if (pc_free_f32_2d(c_ctx, p->c_re) != 0 ||
      (p->c_im != NULL && pc_free_f32_2d(c_ctx, p->c_im) != 0)) {
    die_c("pc_free_f32_2d");
  }
  if (cl_ctx != NULL && (pcl_free_f32_2d(cl_ctx, p->cl_re) != 0 ||
                         (p->cl_im != NULL && pcl_free_f32_2d(cl_ctx, p->cl_im) != 0))) {
    die_cl("pcl_free_f32_2d");
  }
}

/* Runs one peer once; with `check`, compares its result with FFTW's 1-thread result in
 * p->out (which must be current) and returns the relative rms error. */
static double run_peer(struct problem *p, enum peer peer, bool check, float *re, float *im) {
  double error = 0;
  switch (peer) {
  case PEER_C: {
    struct pc_f32_2d *out_re = NULL, *out_im = NULL;
    if (c_call(&out_re, &out_im, p->c_re, p->c_im) != 0) {
      die_c("the entry point");
    }
    if (check) {
      if (pc_values_f32_2d(c_ctx, out_re, re) != 0 || pc_values_f32_2d(c_ctx, out_im, im)) {
        die_c("pc_values_f32_2d");
      }
      error = rms_error(re, im, p->out, p->out_count);
    }
    if (pc_free_f32_2d(c_ctx, out_re) != 0 || pc_free_f32_2d(c_ctx, out_im) != 0) {
      die_c("pc_free_f32_2d");
    }
    break;
  }
  case PEER_CL: {
    struct pcl_f32_2d *out_re = NULL, *out_im = NULL;
    if (cl_call(&out_re, &out_im, p->cl_re, p->cl_im) != 0 || pcl_context_sync(cl_ctx) != 0) {
      die_cl("the entry point");
    }
    if (check) {
      if (pcl_values_f32_2d(cl_ctx, out_re, re) != 0 ||
          pcl_values_f32_2d(cl_ctx, out_im, im) != 0) {
        die_cl("pcl_values_f32_2d");
      }
      error = rms_error(re, im, p->out, p->out_count / p->batch * p->cl_batch);
    }
    if (pcl_free_f32_2d(cl_ctx, out_re) != 0 || pcl_free_f32_2d(cl_ctx, out_im) != 0) {
      die_cl("pcl_free_f32_2d");
    }
    break;
  }
  case PEER_FFTW1:
    fftwf_execute(p->plan1);
    break;
  case PEER_FFTW_ALL:
    if (check) { /* compare with the 1-thread result, then leave that in p->out */
      fftwf_complex *ref = fftwf_malloc((size_t)p->out_count * sizeof *ref);
      memcpy(ref, p->out, (size_t)p->out_count * sizeof *ref);
      fftwf_execute(p->plan_all);
      for (int64_t i = 0; i < p->out_count; i++) {
        re[i] = p->out[i][0];
        im[i] = p->out[i][1];
      }
      error = rms_error(re, im, ref, p->out_count);
      memcpy(p->out, ref, (size_t)p->out_count * sizeof *ref);
      fftwf_free(ref);
    } else {
      fftwf_execute(p->plan_all);
    }
    break;
  default:
    break;
  }
  return error;
}

static double time_peer(struct problem *p, enum peer peer) {
  double t0 = now_ms();
  run_peer(p, peer, false, NULL, NULL);
  return now_ms() - t0;
}

/* The results of one size. */
struct result {
  int64_t n, batch, cl_batch;
  const char *family;
  int runs;
  bool present[PEER_COUNT];
  double median_ms[PEER_COUNT], min_ms[PEER_COUNT], error[PEER_COUNT];
};

static double gflops(const struct result *r, enum peer peer) {
  double batch = (double)(peer == PEER_CL ? r->cl_batch : r->batch);
  double flops = (real_input ? 2.5 : 5.0) * (double)r->n * log2((double)r->n) * batch;
  return flops / (r->median_ms[peer] * 1e6);
}

/* Checks, warms up and times every peer at length n. */
static struct result measure(int64_t n, const char *family, int64_t total, int runs,
                             double budget_ms) {
  struct problem p;
  struct result r = {.n = n, .family = family};
  setup(&p, n, total);
  r.batch = p.batch;
  r.cl_batch = p.cl_batch;
  float *re = xmalloc((size_t)p.count * sizeof *re);
  float *im = xmalloc((size_t)p.count * sizeof *im);
  fftwf_execute(p.plan1); /* the reference in p.out */
  double warm_ms = 0;
  for (int k = 0; k < PEER_COUNT; k++) {
    r.present[k] = k != PEER_CL || cl_ctx != NULL;
    if (!r.present[k]) {
      continue;
    }
    r.error[k] = run_peer(&p, (enum peer)k, true, re, im);
    if (!(r.error[k] < TOLERANCE)) {
      fprintf(stderr, "bench: n = %lld: %s's relative rms error is %g\n", (long long)n,
              peer_names[k], r.error[k]);
      exit(1);
    }
    warm_ms += time_peer(&p, (enum peer)k); /* the warm-up */
  }
  r.runs = runs;
  if (warm_ms * runs > budget_ms) {
    r.runs = (int)(budget_ms / warm_ms);
    r.runs = r.runs < MIN_RUNS ? MIN_RUNS : r.runs;
  }
  double *times[PEER_COUNT];
  for (int k = 0; k < PEER_COUNT; k++) {
    times[k] = xmalloc((size_t)r.runs * sizeof(double));
  }
  for (int i = 0; i < r.runs; i++) {
    for (int k = 0; k < PEER_COUNT; k++) {
      if (r.present[k]) {
        times[k][i] = time_peer(&p, (enum peer)k);
      }
    }
  }
  for (int k = 0; k < PEER_COUNT; k++) {
    if (r.present[k]) {
      r.median_ms[k] = median(times[k], r.runs);
      r.min_ms[k] = times[k][0]; /* median() sorted them */
    }
    free(times[k]);
  }
  free(re);
  free(im);
  teardown(&p);
  return r;
}

/* ------------------------------------------------------------ Sizes and output */

struct size {
  int64_t n;
  const char *family;
};

/* The default lengths: every power of two from 2^3 to 2^20; 3^k, 5^k and 6 2^k for
 * every other or third k up to about 2^20 (the whole list would take twice as long on
 * a 2-core machine); and primes, which no radix divides: two up to 64 (a direct pass
 * in Prism), the others through Bluestein's algorithm, most just below a power of two
 * (Bluestein's length, 2n - 1 rounded up to a power of two, is then about 2n) and two
 * just above one (where it is about 4n). */
static int default_sizes(struct size *out) {
  static const int64_t primes[] = {11, 61, 257, 2039, 8191, 65537, 262139, 1048573};
  int count = 0;
  for (int k = 3; k <= 20; k++) {
    out[count++] = (struct size){(int64_t)1 << k, "2^k"};
  }
  for (int64_t n = 9; n <= 531441; n *= 9) {
    out[count++] = (struct size){n, "3^k"};
  }
  for (int64_t n = 25; n <= 390625; n *= 25) {
    out[count++] = (struct size){n, "5^k"};
  }
  for (int k = 1; k <= 16; k += 3) {
    out[count++] = (struct size){(int64_t)6 << k, "6*2^k"};
  }
  for (size_t i = 0; i < sizeof primes / sizeof primes[0]; i++) {
    out[count++] = (struct size){primes[i], "prime"};
  }
  return count;
}

/* The family of a length given on the command line. */
static const char *family_of(int64_t n) {
  int64_t m = n;
  if ((m & (m - 1)) == 0) {
    return "2^k";
  }
  if (m % 6 == 0) {
    for (m /= 6; m % 2 == 0; m /= 2) {
    }
    if (m == 1) {
      return "6*2^k";
    }
  }
  for (m = n; m % 3 == 0; m /= 3) {
  }
  if (m == 1) {
    return "3^k";
  }
  for (m = n; m % 5 == 0; m /= 5) {
  }
  if (m == 1) {
    return "5^k";
  }
  for (int64_t d = 2; d * d <= n; d++) {
    if (n % d == 0) {
      return "other";
    }
  }
  return "prime";
}

/* "2^10" for powers of two, else the number. */
static void size_text(char *buf, size_t size, int64_t n) {
  if ((n & (n - 1)) == 0) {
    int k = 0;
    while (((int64_t)1 << k) < n) {
      k++;
    }
    snprintf(buf, size, "2^%d", k);
  } else {
    snprintf(buf, size, "%lld", (long long)n);
  }
}

static void print_header(bool with_cl) {
  printf("| n | batch | runs | Prism C | FFTW 1 thread | C / FFTW 1 |");
  if (with_cl) {
    printf(" Prism PoCL | FFTW %d threads | PoCL / FFTW all |", fftw_threads);
  }
  printf("\n|---|---|---|---|---|---|");
  if (with_cl) {
    printf("---|---|---|");
  }
  printf("\n");
}

static void print_row(const struct result *r) {
  char name[32];
  size_text(name, sizeof name, r->n);
  printf("| %s | %lld | %d | %.2f | %.2f | %.2fx |", name, (long long)r->batch, r->runs,
         gflops(r, PEER_C), gflops(r, PEER_FFTW1), gflops(r, PEER_C) / gflops(r, PEER_FFTW1));
  if (r->present[PEER_CL]) {
    char rows[48] = "";
    if (r->cl_batch < r->batch) {
      snprintf(rows, sizeof rows, " (%lld rows)", (long long)r->cl_batch);
    }
    printf(" %.*f%s | %.2f | %.3gx |", gflops(r, PEER_CL) < 0.1 ? 4 : 2, gflops(r, PEER_CL),
           rows, gflops(r, PEER_FFTW_ALL), gflops(r, PEER_CL) / gflops(r, PEER_FFTW_ALL));
  }
  printf("\n");
  fflush(stdout);
}

/* The first three fields of /proc/loadavg ("" elsewhere): on a shared machine, what
 * else ran during the measurement. */
static void load_average(char *buf, size_t size) {
  buf[0] = '\0';
  FILE *f = fopen("/proc/loadavg", "r");
  if (f != NULL) {
    double a = 0, b = 0, c = 0;
    if (fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3) {
      snprintf(buf, size, "%.2f %.2f %.2f", a, b, c);
    }
    fclose(f);
  }
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s != '\0'; s++) {
    if (*s == '"' || *s == '\\') {
      fputc('\\', f);
    }
    fputc(*s, f);
  }
  fputc('"', f);
}

static void print_json(const char *path, const char *device, int64_t total, int runs,
                       const char *load_before, const struct result *rs, int count) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    exit(1);
  }
  fprintf(f, "{\"device\": ");
  json_string(f, device);
  fprintf(f, ", \"device_name\": ");
  json_string(f, device_name);
  char load_now[64];
  load_average(load_now, sizeof load_now);
  fprintf(f, ", \"total\": %lld, \"runs\": %d, \"fftw_threads\": %d,\n", (long long)total,
          runs, fftw_threads);
  fprintf(f, " \"loadavg_before\": \"%s\", \"loadavg_after\": \"%s\",\n", load_before,
          load_now);
  fprintf(f, " \"kind\": \"%s\",", real_input ? "real" : "complex");
  fprintf(f, " \"gflops\": \"%s n log2(n) batch / median time\",\n \"sizes\": [",
          real_input ? "2.5" : "5");
  for (int i = 0; i < count; i++) {
    const struct result *r = &rs[i];
    fprintf(f, "%s\n  {\"n\": %lld, \"family\": \"%s\", \"batch\": %lld, \"runs\": %d",
            i > 0 ? "," : "", (long long)r->n, r->family, (long long)r->batch, r->runs);
    for (int k = 0; k < PEER_COUNT; k++) {
      if (r->present[k]) {
        fprintf(f, ",\n   \"%s\": {\"median_ms\": %.6f, \"min_ms\": %.6f, \"gflops\": %.4f",
                peer_names[k], r->median_ms[k], r->min_ms[k], gflops(r, (enum peer)k));
        fprintf(f, ", \"rel_rms_error\": %.3g", r->error[k]);
        if (k == PEER_CL) {
          fprintf(f, ", \"batch\": %lld", (long long)r->cl_batch);
        }
        fprintf(f, "}");
      }
    }
    fprintf(f, ",\n   \"c_over_fftw_1\": %.4f",
            gflops(r, PEER_C) / gflops(r, PEER_FFTW1));
    if (r->present[PEER_CL]) {
      fprintf(f, ", \"opencl_over_fftw_all\": %.4f",
              gflops(r, PEER_CL) / gflops(r, PEER_FFTW_ALL));
    }
    fprintf(f, "}");
  }
  fprintf(f, "\n]}\n");
  fclose(f);
}

/* ------------------------------------------------------------ Main */

static struct pc_context_config *c_cfg;
static struct pcl_context_config *cl_cfg;

static void open_contexts(const char *device, bool report) {
  c_cfg = pc_context_config_new();
  c_ctx = c_cfg != NULL ? pc_context_new(c_cfg) : NULL;
  if (c_ctx == NULL) {
    fprintf(stderr, "bench: pc_context_new failed\n");
    exit(1);
  }
  if (strcmp(device, "none") == 0) {
    return;
  }
  struct pcl_context_config *cfg = cl_cfg = pcl_context_config_new();
  if (cfg == NULL) {
    fprintf(stderr, "bench: pcl_context_config_new failed\n");
    exit(1);
  }
  pcl_context_config_set_device(cfg, device);
  pcl_context_config_set_profiling(cfg, report);
  cl_ctx = pcl_context_new(cfg);
  char *message = cl_ctx != NULL ? pcl_context_get_error(cl_ctx) : NULL;
  if (cl_ctx == NULL || message != NULL) {
    fprintf(stderr, "bench: %s\n", message != NULL ? message : "pcl_context_new failed");
    exit(1);
  }
  cl_device_id dev;
  cl_platform_id platform;
  char pname[256] = "", dname[256] = "";
  cl_command_queue queue = pcl_context_get_command_queue(cl_ctx);
  if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL) == CL_SUCCESS &&
      clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL) == 0 &&
      clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof pname, pname, NULL) == 0 &&
      clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname, dname, NULL) == CL_SUCCESS) {
    snprintf(device_name, sizeof device_name, "%s: %s", pname, dname);
  }
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: bench TOTAL RUNS DEVICE JSON [N ...]\n");
    return 2;
  }
  int64_t total = atoll(argv[1]);
  int runs = atoi(argv[2]);
  const char *device = argv[3], *json = argv[4];
  if (total < 1 || runs < 1) {
    fprintf(stderr, "bench: TOTAL and RUNS must be at least 1\n");
    return 2;
  }
  const char *env = getenv("FFTW_THREADS");
  fftw_threads = env != NULL ? atoi(env) : (int)sysconf(_SC_NPROCESSORS_ONLN);
  fftw_threads = fftw_threads > 0 ? fftw_threads : 1;
  env = getenv("FFT_BUDGET");
  double budget_ms = 1e3 * (env != NULL ? atof(env) : 10.0);
  env = getenv("FFT_CL_LIMIT");
  cl_limit_ms = env != NULL ? 1e3 * atof(env) : cl_limit_ms;
  env = getenv("FFT_KIND");
  real_input = env != NULL && strcmp(env, "real") == 0;
  if (env != NULL && !real_input && strcmp(env, "complex") != 0) {
    fprintf(stderr, "bench: FFT_KIND must be complex or real\n");
    return 2;
  }
  if (fftwf_init_threads() == 0) {
    fprintf(stderr, "bench: fftwf_init_threads failed\n");
    return 1;
  }
  bool report = getenv("BENCH_REPORT") != NULL && strcmp(getenv("BENCH_REPORT"), "1") == 0;
  open_contexts(device, report);

  struct size sizes[128];
  int count = 0;
  if (argc > 5) {
    for (int i = 5; i < argc && count < 128; i++) {
      int64_t n = atoll(argv[i]);
      if (n < 2) {
        fprintf(stderr, "bench: a length must be at least 2\n");
        return 2;
      }
      sizes[count++] = (struct size){n, family_of(n)};
    }
  } else {
    count = default_sizes(sizes);
  }
  printf("%lld %s f32 a size (batch = that / n), GFLOPS = %s n log2(n) batch / t, "
         "median of up to %d runs; OpenCL device: %s; FFTW all = %d threads\n\n",
         (long long)total, real_input ? "real" : "complex", real_input ? "2.5" : "5", runs,
         device_name, fftw_threads);
  print_header(cl_ctx != NULL);
  fflush(stdout);
  struct result *rs = xmalloc((size_t)count * sizeof *rs);
  char load_before[64], load_after[64];
  load_average(load_before, sizeof load_before);
  double t0 = now_ms();
  for (int i = 0; i < count; i++) {
    rs[i] = measure(sizes[i].n, sizes[i].family, total, runs, budget_ms);
    print_row(&rs[i]);
    print_json(json, device, total, runs, load_before, rs, i + 1); /* each time: a partial run counts */
  }
  load_average(load_after, sizeof load_after);
  printf("\n(%.0f s in all; load average before %s, after %s)\n", (now_ms() - t0) / 1e3,
         load_before, load_after);
  if (report && cl_ctx != NULL) {
    printf("\n");
    pcl_context_report(cl_ctx, stdout);
  }
  free(rs);
  pc_context_free(c_ctx);
  pcl_context_free(cl_ctx);
  pc_context_config_free(c_cfg);
  pcl_context_config_free(cl_cfg);
  fftwf_cleanup_threads();
  return 0;
}
