/* bench/fft-opencl: batched complex-to-complex FFTs on an OpenCL device (a GPU), Prism
 * against clFFT, VkFFT's OpenCL backend, cuFFT (through CuPy, measured by
 * cupy_peer.py) and a device-to-device copy, in the same run on the same device
 * (DESIGN.md section 6; issue 14, "Benchmark and evidence").
 *
 *   bench TOTAL RUNS DEVICE JSON CUFFT_JSON N ...
 *
 * For each precision (f32, then f64; FFT_PRECISIONS in the environment picks) and
 * each length n, batch = max(1, TOTAL / n) rows of n complex numbers for f32, and
 * max(1, TOTAL / 2 / n) for f64 (the same bytes), are transformed forward (unscaled,
 * exp(-2 pi i j k / n)) by:
 *
 *   - Prism: the entry points fft32 / fft64 of batched.dsl (`map fft32.fft rows`),
 *     from the library `prismc opencl --library` makes of it. Its context picks the
 *     device (DEVICE: a part of "PLATFORM: DEVICE" in any case, "#N", or "" for the
 *     first GPU, else the first device) and makes the command queue that every peer
 *     then uses. The rows are planar, as Prism keeps arrays of pairs: a [batch][n]
 *     array of real parts and one of imaginary parts, made with prism_new_raw_* from
 *     a device buffer, so that nothing crosses to the host while timing.
 *   - clFFT (built with -DHAVE_CLFFT): a 1-D plan of length n, batch rows at a
 *     distance of n, CLFFT_COMPLEX_INTERLEAVED in and out, out of place, baked for the
 *     queue; its temporary buffer, if it asks for one, is made once.
 *   - VkFFT's OpenCL backend (built with -DHAVE_VKFFT -DVKFFT_BACKEND=3): FFTdim 1,
 *     size[0] = n, numberBatches = batch, out of place (isInputFormatted: inputBuffer
 *     the input, buffer the output), interleaved, makeForwardPlanOnly, every other
 *     setting VkFFT's default for the device (it tunes by vendor). A length VkFFT
 *     refuses is "-" in the table.
 *   - copy: clEnqueueCopyBuffer of the interleaved input (8 bytes a complex f32, 16
 *     a complex f64) into another buffer: the device's bandwidth on the same bytes.
 *   - cuFFT: not measured here. cupy_peer.py times cupy.fft.fft on the same sizes and
 *     writes JSON, whose lines this harness reads from CUFFT_JSON ("-": none) to
 *     put cuFFT's GB/s and the ratio to it in the table.
 *
 * Input: element i of the batch (row-major) is (v(2i), v(2i + 1)), v a hash of the
 * index (splitmix64) scaled to a multiple of 2^-23 in [-1, 1), never 0: exact in f32,
 * so both precisions transform the same numbers, and any row can be recomputed. It is
 * made on the host once a size and uploaded into two device buffers, planar (for
 * Prism) and interleaved (for clFFT, VkFFT and the copy), which every run reads.
 *
 * Check: before a peer is timed, its result is compared with FFTW's in double
 * precision (fftw_plan_dft_1d, FFTW_ESTIMATE) on a few rows (the first, middle and last
 * of the batch and of the rows Prism transforms): the relative rms error
 * sqrt(sum |x - ref|^2 / sum |ref|^2) must be at most 2e-6 max(1, log2 n) for f32
 * (about 10x the error of an accurate f32 FFT, docs/fft.md "Accuracy": 2.6e-5 at
 * 2^13) and 2e-14 max(1, log2 n) for f64. The copy is checked bit for bit, and clFFT
 * and VkFFT are checked not to have written their input. A wrong result is not timed
 * ("wrong" in the table), nor is a peer whose first call returned an error ("failed";
 * a library that refuses the size when planning is "-"). The exit status is 1 when
 * Prism failed or was wrong at some size; a peer's failures are only reported.
 *
 * Timing: each peer runs once more to warm up; then RUNS rounds, each running every
 * peer once in turn (Prism, clFFT, VkFFT, copy), each run timed on a monotonic clock:
 * for Prism the entry point and prism_context_sync (its results are freed afterwards,
 * untimed), for clFFT clfftEnqueueTransform and clFinish, for VkFFT VkFFTAppend and
 * clFinish, for the copy clEnqueueCopyBuffer and clFinish. So the times include what
 * each does on the host (launches, Prism's allocations from its free list); cuFFT's
 * are CUDA events around the call, device time only. The median is reported, and
 * GB/s = 2 * bytes a complex * n * batch / median: the input read once and the output
 * written once. Ratios "Prism / X" are of GB/s (above 1: Prism is faster).
 *
 * Prism's FFT still launches work per row (issue 14: a call on 2^26 elements would take
 * minutes on a GPU); so that a run ends, two limits apply, and the table says when
 * they did:
 *   - FFT_PRISM_LIMIT (seconds, default 0.5), to Prism alone: a probe (64 rows, then 8
 *     times more until a call takes 20 ms) estimates a call on the whole batch; above
 *     the limit, Prism transforms only the first rows, as many as take a quarter of it
 *     (at least the probe's), and its GB/s counts those ("(R rows)");
 *   - FFT_BUDGET (seconds, default 10), to every peer: when RUNS runs would take
 *     longer (judged from the warm-up run), fewer, at least 5 ("(K runs)").
 *
 * Prints a Markdown table per precision and writes JSON (rewritten after each size, one
 * size a line, which plot.sh reads). BENCH_REPORT=1 turns on Prism's profiling and
 * prints its kernel report at the end (launches per kernel: issue 14 wants one per
 * batched FFT).
 *
 * Build and run: bench/fft-opencl/run.sh, which finds clFFT and VkFFT and runs CuPy.
 */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <fftw3.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_CLFFT
#include <clFFT.h>
#endif
#ifdef HAVE_VKFFT
#include <vkFFT.h>
#endif

#include "../harness-util.h"
#include "fft.h"

#define CHECK_ROWS 6
#define PROBE_ROWS 64
#define PROBE_MS 20.0
#define MIN_RUNS 5
#define MAX_SIZES 256

enum precision { F32, F64, PRECISION_COUNT };
static const char *const precision_names[PRECISION_COUNT] = {"f32", "f64"};

enum peer { PEER_PRISM, PEER_CLFFT, PEER_VKFFT, PEER_COPY, PEER_COUNT };
static const char *const peer_names[PEER_COUNT] = {"prism", "clfft", "vkfft", "copy"};

/* What became of a peer at one size. */
enum outcome {
  ABSENT,      /* not built in (or f64 on a device without it) */
  UNSUPPORTED, /* the library refused the size: "-" */
  FAILED,      /* its first run returned an error: not timed */
  WRONG,       /* its result failed the check: not timed */
  TIMED
};

static struct prism_context_config *cfg;
static struct prism_context *ctx;
static cl_command_queue queue;
static cl_context cl_ctx;
static cl_device_id device;
static char device_name[640] = "";
static bool device_has_f64;
static double prism_limit_ms = 500, budget_ms = 1e4;

/* ------------------------------------------------------------ Utilities */

static void die_prism(const char *what) {
  char *message = prism_context_get_error(ctx);
  fprintf(stderr, "bench: %s failed: %s\n", what, message != NULL ? message : "");
  free(message);
  exit(1);
}

static void die_cl(const char *what, cl_int err) {
  fprintf(stderr, "bench: %s failed with OpenCL error %d\n", what, (int)err);
  exit(1);
}

static cl_mem new_buffer(size_t bytes) {
  cl_int err;
  cl_mem buffer = clCreateBuffer(cl_ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  if (err != CL_SUCCESS) {
    die_cl("clCreateBuffer", err);
  }
  return buffer;
}

static void release(cl_mem *buffer) {
  if (*buffer != NULL) {
    cl_int err = clReleaseMemObject(*buffer);
    if (err != CL_SUCCESS) {
      die_cl("clReleaseMemObject", err);
    }
    *buffer = NULL;
  }
}

static void finish(const char *what) {
  cl_int err = clFinish(queue);
  if (err != CL_SUCCESS) {
    die_cl(what, err);
  }
}

/* splitmix64 of the index: the input's value number `index`, a multiple of 2^-23 in
 * [-1, 1), never 0 (cupy_peer.py computes the same numbers). */
static double input_value(uint64_t index) {
  uint64_t z = index + 0x9E3779B97F4A7C15u;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  z ^= z >> 31;
  double v = (double)((int64_t)(z >> 40) - (1 << 23)) / (double)(1 << 23);
  return v != 0 ? v : 0.5;
}

/* The family of a length, for the JSON and the plot. */
static const char *family_of(int64_t n) {
  static const struct {
    int64_t base;
    const char *name;
  } families[] = {{2, "2^k"}, {3, "3^k"}, {5, "5^k"}, {7, "7^k"}};
  for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
    int64_t m = n;
    while (m % families[i].base == 0) {
      m /= families[i].base;
    }
    if (m == 1) {
      return families[i].name;
    }
  }
  int64_t m = n;
  while (m % 2 == 0) {
    m /= 2;
  }
  return m == 3 && n % 6 == 0 ? "6*2^k" : m == 5 && n % 10 == 0 ? "10*2^k" : "other";
}

/* "2^10" for powers of two, else the number. */
static void size_text(char *buf, size_t size, int64_t n) {
  int k = 0;
  while (((int64_t)1 << k) < n) {
    k++;
  }
  if (((int64_t)1 << k) == n) {
    snprintf(buf, size, "2^%d", k);
  } else {
    snprintf(buf, size, "%lld", (long long)n);
  }
}

/* ------------------------------------------------------------ One size */

/* What the peers work on for one precision and length. */
struct problem {
  enum precision precision;
  int64_t n, batch, count; /* count = n * batch */
  int64_t prism_batch;     /* the rows Prism transforms: batch, or fewer */
  size_t real;             /* bytes of a real: 4 or 8 */
  cl_mem planar;           /* [2][batch][n]: the real parts, then the imaginary parts */
  cl_mem in, out;          /* [batch][n][2]: interleaved input, and the peers' output */
  void *prism_re, *prism_im;         /* Prism's input: [prism_batch][n] each */
  void *prism_out_re, *prism_out_im; /* Prism's last result, until dropped */
  int64_t rows[CHECK_ROWS];          /* the rows checked, ascending */
  int row_count;
  double *ref; /* [row_count][n][2]: FFTW's transform of those rows */
#ifdef HAVE_CLFFT
  clfftPlanHandle clfft_plan;
  cl_mem clfft_tmp;
#endif
#ifdef HAVE_VKFFT
  VkFFTApplication *vkfft_app;
  VkFFTConfiguration vkfft_config;
  uint64_t vkfft_bytes;
#endif
};

/* The results of one size. */
struct result {
  enum precision precision;
  int64_t n, batch;
  enum outcome outcome[PEER_COUNT];
  char why[PEER_COUNT][256]; /* UNSUPPORTED, FAILED: the library's reason */
  int64_t rows[PEER_COUNT]; /* the rows transformed */
  int requested_runs; /* RUNS */
  int runs[PEER_COUNT];
  double median_ms[PEER_COUNT], min_ms[PEER_COUNT], error[PEER_COUNT];
};

/* A [rows][n] array of Prism's from the planar buffer at element `offset`. */
static void *prism_array(struct problem *p, int64_t offset, int64_t rows) {
  void *array = p->precision == F32
                    ? (void *)prism_new_raw_f32_2d(ctx, p->planar, offset, rows, p->n)
                    : (void *)prism_new_raw_f64_2d(ctx, p->planar, offset, rows, p->n);
  if (array == NULL) {
    die_prism("prism_new_raw_*");
  }
  return array;
}

static void prism_free(struct problem *p, void **array) {
  if (*array == NULL) {
    return;
  }
  int err = p->precision == F32 ? prism_free_f32_2d(ctx, *array)
                                 : prism_free_f64_2d(ctx, *array);
  if (err != 0) {
    die_prism("prism_free_*");
  }
  *array = NULL;
}

static cl_mem prism_buffer(struct problem *p, void *array) {
  cl_mem buffer = p->precision == F32 ? prism_values_raw_f32_2d(ctx, array)
                                      : prism_values_raw_f64_2d(ctx, array);
  if (buffer == NULL) {
    die_prism("prism_values_raw_*");
  }
  return buffer;
}

/* One call of the entry point on Prism's input; its result stays in p until
 * prism_drop. False, with Prism's message in why, where it fails. */
static bool prism_run(struct problem *p, char *why, size_t size) {
  int err = p->precision == F32
                ? prism_entry_fft32(ctx, (struct prism_f32_2d **)&p->prism_out_re,
                                    (struct prism_f32_2d **)&p->prism_out_im, p->prism_re,
                                    p->prism_im)
                : prism_entry_fft64(ctx, (struct prism_f64_2d **)&p->prism_out_re,
                                    (struct prism_f64_2d **)&p->prism_out_im, p->prism_re,
                                    p->prism_im);
  if (err == 0 && prism_context_sync(ctx) == 0) {
    return true;
  }
  char *message = prism_context_get_error(ctx);
  snprintf(why, size, "%s", message != NULL ? message : "failed");
  free(message);
  return false;
}

static void prism_drop(struct problem *p) {
  prism_free(p, &p->prism_out_re);
  prism_free(p, &p->prism_out_im);
}

static void prism_inputs(struct problem *p, int64_t rows) {
  prism_free(p, &p->prism_re);
  prism_free(p, &p->prism_im);
  p->prism_re = prism_array(p, 0, rows);
  p->prism_im = prism_array(p, p->count, rows);
}

/* The rows that Prism transforms: all of them, unless a call on all would take more
 * than prism_limit_ms. A call on PROBE_ROWS rows, then 8 times as many, until one
 * takes PROBE_MS or covers the batch, estimates it (the second of two calls: the
 * first may upload or build). Leaves Prism's input made for those rows; false where
 * a call fails. */
static bool prism_rows(struct problem *p, char *why, size_t size) {
  int64_t rows = p->batch < PROBE_ROWS ? p->batch : PROBE_ROWS;
  double ms = 0;
  for (;;) {
    prism_inputs(p, rows);
    for (int i = 0; i < 2; i++) {
      double t0 = now_ms();
      bool ok = prism_run(p, why, size);
      ms = now_ms() - t0;
      prism_drop(p);
      if (!ok) {
        return false;
      }
    }
    if (ms >= PROBE_MS || rows == p->batch) {
      break;
    }
    rows = rows * 8 < p->batch ? rows * 8 : p->batch;
  }
  double estimate = ms * (double)p->batch / (double)rows;
  p->prism_batch = p->batch;
  if (estimate > prism_limit_ms) {
    double fit = (double)rows * prism_limit_ms / 4 / ms;
    p->prism_batch = fit < (double)rows ? rows : (int64_t)fit;
  }
  if (p->prism_batch != rows) {
    prism_inputs(p, p->prism_batch);
  }
  return true;
}

/* Stores value v as element i of a host array of the problem's reals. */
static void store(const struct problem *p, void *host, size_t i, double v) {
  if (p->precision == F32) {
    ((float *)host)[i] = (float)v;
  } else {
    ((double *)host)[i] = v;
  }
}

static void write_buffer(cl_mem buffer, size_t bytes, const void *host) {
  cl_int err = clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes, host, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    die_cl("clEnqueueWriteBuffer", err);
  }
}

/* Makes the input on the device, planar and interleaved. */
static void upload_input(struct problem *p) {
  size_t count = (size_t)p->count, bytes = 2 * count * p->real;
  char *planar = xmalloc(bytes), *interleaved = xmalloc(bytes);
  for (size_t i = 0; i < count; i++) {
    store(p, planar, i, input_value(2 * (uint64_t)i));
    store(p, planar, i + count, input_value(2 * (uint64_t)i + 1));
  }
  for (size_t i = 0; i < count; i++) {
    memcpy(interleaved + 2 * i * p->real, planar + i * p->real, p->real);
    memcpy(interleaved + (2 * i + 1) * p->real, planar + (i + count) * p->real, p->real);
  }
  write_buffer(p->planar, bytes, planar);
  write_buffer(p->in, bytes, interleaved);
  free(planar);
  free(interleaved);
}

static void add_row(struct problem *p, int64_t row) {
  int i = p->row_count;
  while (i > 0 && p->rows[i - 1] > row) {
    i--;
  }
  if ((i > 0 && p->rows[i - 1] == row) || p->row_count == CHECK_ROWS) {
    return;
  }
  memmove(&p->rows[i + 1], &p->rows[i], (size_t)(p->row_count - i) * sizeof p->rows[0]);
  p->rows[i] = row;
  p->row_count++;
}

/* The rows to check (the first, middle and last of the batch and of Prism's rows) and
 * FFTW's double-precision transform of them. */
static void make_reference(struct problem *p) {
  p->row_count = 0;
  int64_t ends[2] = {p->batch, p->prism_batch};
  for (int k = 0; k < 2; k++) {
    add_row(p, 0);
    add_row(p, ends[k] / 2);
    add_row(p, ends[k] - 1);
  }
  fftw_complex *in = fftw_malloc((size_t)p->n * sizeof *in);
  fftw_complex *out = fftw_malloc((size_t)p->n * sizeof *out);
  if (in == NULL || out == NULL) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  fftw_plan plan = fftw_plan_dft_1d((int)p->n, in, out, FFTW_FORWARD, FFTW_ESTIMATE);
  if (plan == NULL) {
    fprintf(stderr, "bench: FFTW made no plan for n = %lld\n", (long long)p->n);
    exit(1);
  }
  p->ref = xmalloc((size_t)p->row_count * (size_t)p->n * 2 * sizeof *p->ref);
  for (int r = 0; r < p->row_count; r++) {
    uint64_t first = (uint64_t)(p->rows[r] * p->n);
    for (int64_t j = 0; j < p->n; j++) {
      in[j][0] = input_value(2 * (first + (uint64_t)j));
      in[j][1] = input_value(2 * (first + (uint64_t)j) + 1);
    }
    fftw_execute(plan);
    memcpy(&p->ref[(size_t)r * (size_t)p->n * 2], out, (size_t)p->n * sizeof *out);
  }
  fftw_destroy_plan(plan);
  fftw_free(in);
  fftw_free(out);
}

/* The n elements of a row of `buffer` as doubles, from element `first` on, `stride`
 * apart (1: planar parts, 2: interleaved). */
static void read_row(struct problem *p, cl_mem buffer, int64_t first, int stride,
                     double *out) {
  size_t count = (size_t)p->n * (size_t)stride;
  void *host = xmalloc(count * p->real);
  cl_int err = clEnqueueReadBuffer(queue, buffer, CL_TRUE, (size_t)first * p->real,
                                   count * p->real, host, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    die_cl("clEnqueueReadBuffer", err);
  }
  for (size_t i = 0; i < count; i++) {
    out[i] = p->precision == F32 ? (double)((float *)host)[i] : ((double *)host)[i];
  }
  free(host);
}

/* The relative rms error of the rows that `rows` transformed: in the interleaved
 * buffer `out`, or (out == NULL) in Prism's planar result. */
static double check_rows(struct problem *p, cl_mem out, int64_t rows) {
  double *got = xmalloc((size_t)p->n * 2 * sizeof *got);
  double *part = xmalloc((size_t)p->n * sizeof *part);
  double diff = 0, norm = 0;
  for (int r = 0; r < p->row_count && p->rows[r] < rows; r++) {
    int64_t first = p->rows[r] * p->n;
    if (out != NULL) {
      read_row(p, out, 2 * first, 2, got);
    } else {
      for (int k = 0; k < 2; k++) {
        read_row(p, prism_buffer(p, k == 0 ? p->prism_out_re : p->prism_out_im), first, 1,
                 part);
        for (int64_t j = 0; j < p->n; j++) {
          got[2 * j + k] = part[j];
        }
      }
    }
    const double *ref = &p->ref[(size_t)r * (size_t)p->n * 2];
    for (int64_t j = 0; j < 2 * p->n; j++) {
      diff += (got[j] - ref[j]) * (got[j] - ref[j]);
      norm += ref[j] * ref[j];
    }
  }
  free(got);
  free(part);
  return norm > 0 ? sqrt(diff / norm) : sqrt(diff);
}

/* Whether the checked rows of the interleaved buffer hold the input, bit for bit (in
 * the buffer's precision). */
static bool holds_input(struct problem *p, cl_mem buffer) {
  double *got = xmalloc((size_t)p->n * 2 * sizeof *got);
  bool same = true;
  for (int r = 0; r < p->row_count; r++) {
    uint64_t first = (uint64_t)(p->rows[r] * p->n);
    read_row(p, buffer, 2 * (int64_t)first, 2, got);
    for (uint64_t j = 0; j < 2 * (uint64_t)p->n; j++) {
      double want = input_value(2 * first + j);
      same = same && got[j] == (p->precision == F32 ? (double)(float)want : want);
    }
  }
  free(got);
  return same;
}

/* ------------------------------------------------------------ The peers */

#ifdef HAVE_CLFFT
static bool clfft_setup(struct problem *p, char *why, size_t size) {
  size_t length = (size_t)p->n, distance = (size_t)p->n, stride = 1, tmp_bytes = 0;
  clfftStatus s = clfftCreateDefaultPlan(&p->clfft_plan, cl_ctx, CLFFT_1D, &length);
  const char *call = "clfftCreateDefaultPlan";
  if (s == CLFFT_SUCCESS) {
    call = "setting up the plan";
    s = clfftSetPlanPrecision(p->clfft_plan,
                              p->precision == F32 ? CLFFT_SINGLE : CLFFT_DOUBLE);
    s = s ? s : clfftSetLayout(p->clfft_plan, CLFFT_COMPLEX_INTERLEAVED,
                               CLFFT_COMPLEX_INTERLEAVED);
    s = s ? s : clfftSetResultLocation(p->clfft_plan, CLFFT_OUTOFPLACE);
    s = s ? s : clfftSetPlanBatchSize(p->clfft_plan, (size_t)p->batch);
    s = s ? s : clfftSetPlanInStride(p->clfft_plan, CLFFT_1D, &stride);
    s = s ? s : clfftSetPlanOutStride(p->clfft_plan, CLFFT_1D, &stride);
    s = s ? s : clfftSetPlanDistance(p->clfft_plan, distance, distance);
    if (s == CLFFT_SUCCESS) {
      call = "clfftBakePlan";
      s = clfftBakePlan(p->clfft_plan, 1, &queue, NULL, NULL);
    }
    if (s == CLFFT_SUCCESS) {
      call = "clfftGetTmpBufSize";
      s = clfftGetTmpBufSize(p->clfft_plan, &tmp_bytes);
    }
    if (s != CLFFT_SUCCESS && clfftDestroyPlan(&p->clfft_plan) != CLFFT_SUCCESS) {
      fprintf(stderr, "bench: clfftDestroyPlan failed\n");
      exit(1);
    }
  }
  if (s != CLFFT_SUCCESS) {
    snprintf(why, size, "%s: clFFT status %d", call, (int)s);
    return false;
  }
  p->clfft_tmp = tmp_bytes > 0 ? new_buffer(tmp_bytes) : NULL;
  return true;
}

static bool clfft_run(struct problem *p, char *why, size_t size) {
  clfftStatus s = clfftEnqueueTransform(p->clfft_plan, CLFFT_FORWARD, 1, &queue, 0, NULL,
                                        NULL, &p->in, &p->out, p->clfft_tmp);
  if (s != CLFFT_SUCCESS) {
    snprintf(why, size, "clfftEnqueueTransform: clFFT status %d", (int)s);
    return false;
  }
  finish("clFinish after clFFT");
  return true;
}

static void clfft_teardown(struct problem *p) {
  if (clfftDestroyPlan(&p->clfft_plan) != CLFFT_SUCCESS) {
    fprintf(stderr, "bench: clfftDestroyPlan failed\n");
    exit(1);
  }
  release(&p->clfft_tmp);
}
#endif

#ifdef HAVE_VKFFT
static bool vkfft_setup(struct problem *p, char *why, size_t size) {
  VkFFTConfiguration *c = &p->vkfft_config;
  memset(c, 0, sizeof *c);
  p->vkfft_bytes = (uint64_t)p->count * 2 * p->real;
  c->FFTdim = 1;
  c->size[0] = (uint64_t)p->n;
  c->numberBatches = (uint64_t)p->batch;
  c->device = &device;
  c->context = &cl_ctx;
  c->doublePrecision = p->precision == F64;
  c->makeForwardPlanOnly = 1;
  c->bufferSize = &p->vkfft_bytes;
  c->buffer = &p->out;
  c->isInputFormatted = 1;
  c->inputBufferSize = &p->vkfft_bytes;
  c->inputBuffer = &p->in;
  p->vkfft_app = calloc(1, sizeof *p->vkfft_app);
  if (p->vkfft_app == NULL) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  VkFFTResult r = initializeVkFFT(p->vkfft_app, *c);
  if (r != VKFFT_SUCCESS) {
    snprintf(why, size, "initializeVkFFT: VkFFTResult %d", (int)r);
    free(p->vkfft_app); /* initializeVkFFT deleted what it made */
    p->vkfft_app = NULL;
    return false;
  }
  return true;
}

static bool vkfft_run(struct problem *p, char *why, size_t size) {
  VkFFTLaunchParams launch;
  memset(&launch, 0, sizeof launch);
  launch.commandQueue = &queue;
  launch.inputBuffer = &p->in;
  launch.buffer = &p->out;
  VkFFTResult r = VkFFTAppend(p->vkfft_app, -1, &launch);
  if (r != VKFFT_SUCCESS) {
    snprintf(why, size, "VkFFTAppend: VkFFTResult %d", (int)r);
    return false;
  }
  finish("clFinish after VkFFT");
  return true;
}

static void vkfft_teardown(struct problem *p) {
  deleteVkFFT(p->vkfft_app);
  free(p->vkfft_app);
  p->vkfft_app = NULL;
}
#endif

static bool copy_run(struct problem *p) {
  cl_int err = clEnqueueCopyBuffer(queue, p->in, p->out, 0, 0,
                                   (size_t)p->count * 2 * p->real, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    die_cl("clEnqueueCopyBuffer", err);
  }
  finish("clFinish after the copy");
  return true;
}

/* Whether peer k is built in and can work in this precision. */
static bool peer_present(const struct problem *p, enum peer k) {
  if (p->precision == F64 && !device_has_f64) {
    return false;
  }
  switch (k) {
  case PEER_CLFFT:
#ifdef HAVE_CLFFT
    return true;
#else
    return false;
#endif
  case PEER_VKFFT:
#ifdef HAVE_VKFFT
    return true;
#else
    return false;
#endif
  default:
    return true;
  }
}

/* Plans peer k for the size; false (with the reason) where the library refuses it. */
static bool peer_setup(struct problem *p, enum peer k, char *why, size_t size) {
  (void)why;
  (void)size;
  switch (k) {
  case PEER_PRISM:
    return prism_rows(p, why, size);
#ifdef HAVE_CLFFT
  case PEER_CLFFT:
    return clfft_setup(p, why, size);
#endif
#ifdef HAVE_VKFFT
  case PEER_VKFFT:
    return vkfft_setup(p, why, size);
#endif
  default:
    return true;
  }
}

/* One run of peer k: the part that is timed. False, with the reason, where the
 * library returns an error (an OpenCL error in clFinish ends the program). */
static bool peer_run(struct problem *p, enum peer k, char *why, size_t size) {
  switch (k) {
  case PEER_PRISM:
    return prism_run(p, why, size);
#ifdef HAVE_CLFFT
  case PEER_CLFFT:
    return clfft_run(p, why, size);
#endif
#ifdef HAVE_VKFFT
  case PEER_VKFFT:
    return vkfft_run(p, why, size);
#endif
  case PEER_COPY:
    return copy_run(p);
  default:
    return false;
  }
}

static void peer_teardown(struct problem *p, enum peer k) {
  switch (k) {
  case PEER_PRISM:
    prism_free(p, &p->prism_re);
    prism_free(p, &p->prism_im);
    break;
#ifdef HAVE_CLFFT
  case PEER_CLFFT:
    clfft_teardown(p);
    break;
#endif
#ifdef HAVE_VKFFT
  case PEER_VKFFT:
    vkfft_teardown(p);
    break;
#endif
  default:
    break;
  }
}

static double tolerance(const struct problem *p) {
  double log2n = log2((double)p->n);
  return (p->precision == F32 ? 2e-6 : 2e-14) * (log2n > 1 ? log2n : 1);
}

/* Runs peer k once and checks its result: the relative rms error, or INFINITY for a
 * copy that is not exact or a peer that wrote its input; NAN where the run failed. */
static double peer_check(struct problem *p, enum peer k, char *why, size_t size) {
  if (!peer_run(p, k, why, size)) {
    return NAN;
  }
  double error = 0;
  switch (k) {
  case PEER_PRISM:
    error = check_rows(p, NULL, p->prism_batch);
    prism_drop(p);
    break;
  case PEER_COPY:
    error = holds_input(p, p->out) ? 0 : INFINITY;
    break;
  default:
    error = check_rows(p, p->out, p->batch);
    if (!holds_input(p, p->in)) {
      fprintf(stderr, "bench: %s wrote its input\n", peer_names[k]);
      error = INFINITY;
      upload_input(p);
    }
    break;
  }
  return error;
}

/* One timed run; a failure now, after a run that passed the check, ends the program. */
static double time_peer(struct problem *p, enum peer k) {
  char why[256];
  double t0 = now_ms();
  if (!peer_run(p, k, why, sizeof why)) {
    fprintf(stderr, "bench: %s n = %lld: %s: %s\n", precision_names[p->precision],
            (long long)p->n, peer_names[k], why);
    exit(1);
  }
  double ms = now_ms() - t0;
  if (k == PEER_PRISM) {
    prism_drop(p);
  }
  return ms;
}

/* Checks, warms up and times the peers that are present at one size. */
static void time_peers(struct problem *p, struct result *r, int runs) {
  double *times[PEER_COUNT] = {NULL};
  int most = 0;
  for (int k = 0; k < PEER_COUNT; k++) {
    if (r->outcome[k] != TIMED) {
      continue;
    }
    double warm_ms = time_peer(p, (enum peer)k);
    r->runs[k] = runs;
    if (warm_ms * runs > budget_ms) {
      r->runs[k] = (int)(budget_ms / warm_ms);
      r->runs[k] = r->runs[k] < MIN_RUNS ? MIN_RUNS : r->runs[k];
    }
    most = r->runs[k] > most ? r->runs[k] : most;
    times[k] = xmalloc((size_t)r->runs[k] * sizeof(double));
  }
  for (int i = 0; i < most; i++) {
    for (int k = 0; k < PEER_COUNT; k++) {
      if (r->outcome[k] == TIMED && i < r->runs[k]) {
        times[k][i] = time_peer(p, (enum peer)k);
      }
    }
  }
  for (int k = 0; k < PEER_COUNT; k++) {
    if (r->outcome[k] == TIMED) {
      r->median_ms[k] = median(times[k], r->runs[k]);
      r->min_ms[k] = times[k][0]; /* median() sorted them */
    }
    free(times[k]);
  }
}

static struct result measure(enum precision precision, int64_t n, int64_t total, int runs) {
  struct problem p;
  memset(&p, 0, sizeof p);
  p.precision = precision;
  p.n = n;
  p.real = precision == F32 ? sizeof(float) : sizeof(double);
  p.batch = total / n > 0 ? total / n : 1;
  p.count = p.batch * n;
  p.prism_batch = p.batch;
  struct result r;
  memset(&r, 0, sizeof r);
  r.precision = precision;
  r.n = n;
  r.batch = p.batch;
  r.requested_runs = runs;
  if (precision == F64 && !device_has_f64) {
    return r; /* every outcome ABSENT */
  }
  size_t bytes = (size_t)p.count * 2 * p.real;
  p.planar = new_buffer(bytes);
  p.in = new_buffer(bytes);
  p.out = new_buffer(bytes);
  upload_input(&p);
  bool ready[PEER_COUNT] = {false};
  for (int k = 0; k < PEER_COUNT; k++) {
    if (peer_present(&p, (enum peer)k)) {
      ready[k] = peer_setup(&p, (enum peer)k, r.why[k], sizeof r.why[k]);
      r.outcome[k] = ready[k] ? TIMED : k == PEER_PRISM ? FAILED : UNSUPPORTED;
    }
  }
  make_reference(&p);
  for (int k = 0; k < PEER_COUNT; k++) {
    r.rows[k] = k == PEER_PRISM ? p.prism_batch : p.batch;
    if (r.outcome[k] == FAILED) {
      fprintf(stderr, "bench: %s n = %lld: %s failed: %s\n", precision_names[precision],
              (long long)n, peer_names[k], r.why[k]);
    }
    if (r.outcome[k] == TIMED) {
      r.error[k] = peer_check(&p, (enum peer)k, r.why[k], sizeof r.why[k]);
      if (isnan(r.error[k])) {
        r.outcome[k] = FAILED;
        fprintf(stderr, "bench: %s n = %lld: %s failed: %s\n", precision_names[precision],
                (long long)n, peer_names[k], r.why[k]);
      } else if (!(r.error[k] <= tolerance(&p))) {
        fprintf(stderr, "bench: %s n = %lld: %s's relative rms error is %g (bound %g)\n",
                precision_names[precision], (long long)n, peer_names[k], r.error[k],
                tolerance(&p));
        r.outcome[k] = WRONG;
      }
    }
  }
  time_peers(&p, &r, runs);
  for (int k = 0; k < PEER_COUNT; k++) {
    if (ready[k] || k == PEER_PRISM) { /* Prism's arrays may outlive a failed probe */
      peer_teardown(&p, (enum peer)k);
    }
  }
  release(&p.planar);
  release(&p.in);
  release(&p.out);
  free(p.ref);
  return r;
}

/* ------------------------------------------------------------ cuFFT's numbers */

/* One size of cupy_peer.py's JSON. */
struct cufft_entry {
  char precision[8];
  int64_t n, batch;
  double median_ms, gbs, error;
  const char *untimed; /* "wrong", "failed" or NULL (timed) */
};

static struct cufft_entry cufft[2 * MAX_SIZES];
static int cufft_count;
static char cufft_about[512]; /* "CuPy VERSION, DEVICE" */

/* The number after `"key": ` in line, or NAN. */
static double json_number(const char *line, const char *key) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\": ", key);
  const char *at = strstr(line, pattern);
  return at != NULL ? strtod(at + strlen(pattern), NULL) : NAN;
}

/* The string after `"key": "` in line, up to the next quote, into out ("" if none). */
static void json_text(const char *line, const char *key, char *out, size_t size) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\": \"", key);
  const char *at = strstr(line, pattern);
  out[0] = '\0';
  if (at != NULL) {
    at += strlen(pattern);
    size_t len = strcspn(at, "\"");
    len = len < size - 1 ? len : size - 1;
    memcpy(out, at, len);
    out[len] = '\0';
  }
}

/* Reads cupy_peer.py's output: its first line names CuPy and the device, and each
 * size is a line with "precision". */
static void read_cufft(const char *path) {
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "bench: cannot read %s\n", path);
    exit(1);
  }
  char line[4096];
  while (fgets(line, sizeof line, f) != NULL) {
    if (strstr(line, "\"cupy\"") != NULL) {
      char version[64], dev[256];
      json_text(line, "cupy", version, sizeof version);
      json_text(line, "device", dev, sizeof dev);
      snprintf(cufft_about, sizeof cufft_about, "CuPy %s, %s", version, dev);
    }
    if (strstr(line, "\"precision\"") == NULL || cufft_count == 2 * MAX_SIZES) {
      continue;
    }
    struct cufft_entry *e = &cufft[cufft_count++];
    json_text(line, "precision", e->precision, sizeof e->precision);
    e->n = (int64_t)json_number(line, "n");
    e->batch = (int64_t)json_number(line, "batch");
    e->median_ms = json_number(line, "median_ms");
    e->gbs = json_number(line, "gbs");
    e->error = json_number(line, "rel_rms_error");
    e->untimed = strstr(line, "\"wrong\"") != NULL    ? "wrong"
                 : strstr(line, "\"failed\"") != NULL ? "failed"
                 : isnan(e->gbs)                      ? "failed"
                                                      : NULL;
  }
  fclose(f);
}

/* cuFFT's entry for a size, or NULL. */
static const struct cufft_entry *cufft_entry(enum precision precision, int64_t n) {
  for (int i = 0; i < cufft_count; i++) {
    if (cufft[i].n == n && strcmp(cufft[i].precision, precision_names[precision]) == 0) {
      return &cufft[i];
    }
  }
  return NULL;
}

/* cuFFT's entry for a size where it was timed, or NULL. */
static const struct cufft_entry *cufft_for(enum precision precision, int64_t n) {
  const struct cufft_entry *e = cufft_entry(precision, n);
  return e != NULL && e->untimed == NULL ? e : NULL;
}

/* ------------------------------------------------------------ Output */

static double complex_bytes(enum precision precision) {
  return precision == F32 ? 8.0 : 16.0;
}

static double gbs(const struct result *r, enum peer k) {
  double bytes = 2 * complex_bytes(r->precision) * (double)r->n * (double)r->rows[k];
  return bytes / (r->median_ms[k] * 1e6);
}

/* GB/s with 3 significant digits below 1, 2 decimals below 100, none above. */
static int format_gbs(char *buf, size_t size, double v) {
  return v < 1 ? snprintf(buf, size, "%.3g", v)
               : snprintf(buf, size, "%.*f", v < 100 ? 2 : 0, v);
}

/* A peer's cell: GB/s, "-" (refused), "wrong", or "" (absent). */
static void cell(char *buf, size_t size, const struct result *r, enum peer k) {
  switch (r->outcome[k]) {
  case ABSENT:
    snprintf(buf, size, " ");
    break;
  case UNSUPPORTED:
    snprintf(buf, size, "-");
    break;
  case FAILED:
    snprintf(buf, size, "failed");
    break;
  case WRONG:
    snprintf(buf, size, "wrong (%.1e)", r->error[k]);
    break;
  case TIMED: {
    char rows[32] = "", runs[32] = "";
    if (r->rows[k] < r->batch) {
      snprintf(rows, sizeof rows, "%lld rows", (long long)r->rows[k]);
    }
    if (r->runs[k] < r->requested_runs) {
      snprintf(runs, sizeof runs, "%d runs", r->runs[k]);
    }
    int len = format_gbs(buf, size, gbs(r, k));
    if ((rows[0] != '\0' || runs[0] != '\0') && len > 0 && (size_t)len < size) {
      snprintf(buf + len, size - (size_t)len, " (%s%s%s)", rows,
               rows[0] != '\0' && runs[0] != '\0' ? ", " : "", runs);
    }
    break;
  }
  }
}

static void ratio(char *buf, size_t size, double prism, double other) {
  if (prism > 0 && other > 0 && !isnan(other)) {
    snprintf(buf, size, "%.3gx", prism / other);
  } else {
    snprintf(buf, size, " ");
  }
}

static double timed_gbs(const struct result *r, enum peer k) {
  return r->outcome[k] == TIMED ? gbs(r, k) : NAN;
}

static void print_header(enum precision precision, int64_t total, int runs) {
  printf("\n%s: %lld complex elements a size (batch = that / n), GB/s = 2 * %d bytes * n "
         "* batch / median time of %d runs; %s\n\n",
         precision_names[precision], (long long)total, (int)complex_bytes(precision), runs,
         device_name);
  printf("| n | batch | Prism GB/s | cuFFT GB/s | clFFT GB/s | VkFFT GB/s | copy GB/s "
         "| Prism / cuFFT | Prism / clFFT | Prism / VkFFT |\n");
  printf("|---|---|---|---|---|---|---|---|---|---|\n");
  fflush(stdout);
}

static void print_row(const struct result *r) {
  char name[32], cells[PEER_COUNT][96], cu[32], ratios[3][32];
  size_text(name, sizeof name, r->n);
  for (int k = 0; k < PEER_COUNT; k++) {
    cell(cells[k], sizeof cells[k], r, (enum peer)k);
  }
  const struct cufft_entry *c = cufft_for(r->precision, r->n);
  const struct cufft_entry *untimed = cufft_entry(r->precision, r->n);
  if (c != NULL) {
    format_gbs(cu, sizeof cu, c->gbs);
  } else {
    snprintf(cu, sizeof cu, "%s", untimed != NULL ? untimed->untimed : " ");
  }
  double prism = timed_gbs(r, PEER_PRISM);
  ratio(ratios[0], sizeof ratios[0], prism, c != NULL ? c->gbs : NAN);
  ratio(ratios[1], sizeof ratios[1], prism, timed_gbs(r, PEER_CLFFT));
  ratio(ratios[2], sizeof ratios[2], prism, timed_gbs(r, PEER_VKFFT));
  printf("| %s | %lld | %s | %s | %s | %s | %s | %s | %s | %s |\n", name,
         (long long)r->batch, cells[PEER_PRISM], cu, cells[PEER_CLFFT], cells[PEER_VKFFT],
         cells[PEER_COPY], ratios[0], ratios[1], ratios[2]);
  fflush(stdout);
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s != '\0'; s++) {
    if (*s == '"' || *s == '\\') {
      fprintf(f, "\\%c", *s);
    } else if ((unsigned char)*s < 0x20) {
      fprintf(f, "\\u%04x", (unsigned)*s);
    } else {
      fputc(*s, f);
    }
  }
  fputc('"', f);
}

/* A number, or null where there is none. */
static void json_ratio(FILE *f, const char *key, double prism, double other) {
  if (prism > 0 && other > 0 && !isnan(prism) && !isnan(other)) {
    fprintf(f, ", \"%s\": %.4g", key, prism / other);
  } else {
    fprintf(f, ", \"%s\": null", key);
  }
}

static void json_size(FILE *f, const struct result *r) {
  fprintf(f, "  {\"precision\": \"%s\", \"n\": %lld, \"family\": \"%s\", \"batch\": %lld",
          precision_names[r->precision], (long long)r->n, family_of(r->n),
          (long long)r->batch);
  for (int k = 0; k < PEER_COUNT; k++) {
    switch (r->outcome[k]) {
    case ABSENT:
      break;
    case UNSUPPORTED:
      fprintf(f, ", \"%s\": {\"unsupported\": ", peer_names[k]);
      json_string(f, r->why[k]);
      fprintf(f, "}");
      break;
    case FAILED:
      fprintf(f, ", \"%s\": {\"failed\": ", peer_names[k]);
      json_string(f, r->why[k]);
      fprintf(f, "}");
      break;
    case WRONG:
      fprintf(f, ", \"%s\": {\"wrong\": true, \"rel_rms_error\": %.3g}", peer_names[k],
              r->error[k]);
      break;
    case TIMED:
      fprintf(f,
              ", \"%s\": {\"batch\": %lld, \"runs\": %d, \"median_ms\": %.6f, "
              "\"min_ms\": %.6f, \"gbs\": %.6g, \"rel_rms_error\": %.3g}",
              peer_names[k], (long long)r->rows[k], r->runs[k], r->median_ms[k],
              r->min_ms[k], gbs(r, (enum peer)k), r->error[k]);
      break;
    }
  }
  const struct cufft_entry *c = cufft_for(r->precision, r->n);
  if (c != NULL) {
    fprintf(f,
            ", \"cufft\": {\"batch\": %lld, \"median_ms\": %.6f, \"gbs\": %.6g, "
            "\"rel_rms_error\": %.3g}",
            (long long)c->batch, c->median_ms, c->gbs, c->error);
  } else if (cufft_entry(r->precision, r->n) != NULL) {
    fprintf(f, ", \"cufft\": {\"%s\": true}", cufft_entry(r->precision, r->n)->untimed);
  }
  double prism = timed_gbs(r, PEER_PRISM);
  json_ratio(f, "prism_over_cufft", prism, c != NULL ? c->gbs : NAN);
  json_ratio(f, "prism_over_clfft", prism, timed_gbs(r, PEER_CLFFT));
  json_ratio(f, "prism_over_vkfft", prism, timed_gbs(r, PEER_VKFFT));
  json_ratio(f, "prism_over_copy", prism, timed_gbs(r, PEER_COPY));
  fprintf(f, "}");
}

static void print_json(const char *path, const char *device_arg, int64_t total, int runs,
                       const struct result *rs, int count) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    exit(1);
  }
  fprintf(f, "{\"device\": ");
  json_string(f, device_arg);
  fprintf(f, ", \"device_name\": ");
  json_string(f, device_name);
  fprintf(f, ", \"total_f32\": %lld, \"total_f64\": %lld, \"runs\": %d,\n",
          (long long)total, (long long)(total / 2), runs);
  fprintf(f, " \"cufft\": ");
  json_string(f, cufft_about);
  fprintf(f, ",\n \"gbs\": \"2 * bytes a complex * n * batch / median time\",\n"
             " \"sizes\": [\n");
  for (int i = 0; i < count; i++) {
    json_size(f, &rs[i]);
    fprintf(f, "%s\n", i + 1 < count ? "," : "");
  }
  fprintf(f, "]}\n");
  if (fclose(f) != 0) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    exit(1);
  }
}

/* ------------------------------------------------------------ Main */

static void open_context(const char *device_arg, bool report) {
  cfg = prism_context_config_new();
  if (cfg == NULL) {
    fprintf(stderr, "bench: prism_context_config_new failed\n");
    exit(1);
  }
  prism_context_config_set_device(cfg, device_arg);
  prism_context_config_set_profiling(cfg, report);
  ctx = prism_context_new(cfg);
  char *message = ctx != NULL ? prism_context_get_error(ctx) : NULL;
  if (ctx == NULL || message != NULL) {
    fprintf(stderr, "bench: %s\n", message != NULL ? message : "prism_context_new failed");
    exit(1);
  }
  queue = prism_context_get_command_queue(ctx);
  cl_platform_id platform;
  char pname[256] = "", dname[256] = "";
  cl_device_fp_config fp64 = 0;
  cl_int err;
  if ((err = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof cl_ctx, &cl_ctx, NULL)) ||
      (err = clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, NULL)) ||
      (err = clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL)) ||
      (err = clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof pname, pname, NULL)) ||
      (err = clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof dname, dname, NULL)) ||
      (err = clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL))) {
    die_cl("examining Prism's command queue", err);
  }
  snprintf(device_name, sizeof device_name, "%s: %s", pname, dname);
  device_has_f64 = fp64 != 0;
}

static void setup_libraries(void) {
#ifdef HAVE_CLFFT
  clfftSetupData setup;
  memset(&setup, 0, sizeof setup); /* clfftInitSetupData's work, without its inline */
  setup.major = clfftVersionMajor;
  setup.minor = clfftVersionMinor;
  setup.patch = clfftVersionPatch;
  clfftStatus s = clfftSetup(&setup);
  if (s != CLFFT_SUCCESS) {
    fprintf(stderr, "bench: clfftSetup failed with status %d\n", (int)s);
    exit(1);
  }
#endif
}

static void teardown_libraries(void) {
#ifdef HAVE_CLFFT
  if (clfftTeardown() != CLFFT_SUCCESS) {
    fprintf(stderr, "bench: clfftTeardown failed\n");
    exit(1);
  }
#endif
}

/* The precisions of FFT_PRECISIONS ("f32 f64" by default), in that order. */
static int precisions(enum precision *out) {
  const char *env = getenv("FFT_PRECISIONS");
  int count = 0;
  for (int k = 0; k < PRECISION_COUNT; k++) {
    if (env == NULL || strstr(env, precision_names[k]) != NULL) {
      out[count++] = (enum precision)k;
    }
  }
  return count;
}

static void print_peers(void) {
  printf("Peers: clFFT %s, VkFFT %s, cuFFT %s\n",
#ifdef HAVE_CLFFT
         "(interleaved, out of place)",
#else
         "left out",
#endif
#ifdef HAVE_VKFFT
         "(OpenCL backend, interleaved, out of place)",
#else
         "left out",
#endif
         cufft_about[0] != '\0' ? cufft_about : "left out");
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: bench TOTAL RUNS DEVICE JSON CUFFT_JSON N ...\n");
    return 2;
  }
  int64_t total = atoll(argv[1]);
  int runs = atoi(argv[2]);
  const char *device_arg = argv[3], *json = argv[4], *cufft_json = argv[5];
  if (total < 2 || runs < 1) {
    fprintf(stderr, "bench: TOTAL must be at least 2 and RUNS at least 1\n");
    return 2;
  }
  int64_t sizes[MAX_SIZES];
  int size_count = 0;
  for (int i = 6; i < argc; i++) {
    int64_t n = atoll(argv[i]);
    if (n < 2 || size_count == MAX_SIZES) {
      fprintf(stderr, "bench: lengths must be at least 2, and at most %d of them\n",
              MAX_SIZES);
      return 2;
    }
    sizes[size_count++] = n;
  }
  const char *env = getenv("FFT_PRISM_LIMIT");
  prism_limit_ms = env != NULL ? 1e3 * atof(env) : prism_limit_ms;
  env = getenv("FFT_BUDGET");
  budget_ms = env != NULL ? 1e3 * atof(env) : budget_ms;
  bool report = getenv("BENCH_REPORT") != NULL && strcmp(getenv("BENCH_REPORT"), "1") == 0;
  if (strcmp(cufft_json, "-") != 0) {
    read_cufft(cufft_json);
  }
  open_context(device_arg, report);
  setup_libraries();
  print_peers();

  enum precision order[PRECISION_COUNT];
  int precision_count = precisions(order);
  struct result *rs = xmalloc((size_t)(precision_count * size_count) * sizeof *rs);
  int count = 0, status = 0;
  double t0 = now_ms();
  for (int q = 0; q < precision_count; q++) {
    int64_t precision_total = order[q] == F32 ? total : total / 2;
    if (order[q] == F64 && !device_has_f64) {
      printf("\nf64: the device has no double precision\n");
      continue;
    }
    print_header(order[q], precision_total, runs);
    for (int i = 0; i < size_count; i++) {
      rs[count] = measure(order[q], sizes[i], precision_total, runs);
      print_row(&rs[count]);
      enum outcome prism = rs[count].outcome[PEER_PRISM];
      status = prism == WRONG || prism == FAILED ? 1 : status;
      count++;
      print_json(json, device_arg, total, runs, rs, count);
    }
  }
  printf("\n(%.0f s in all; JSON in %s)\n", (now_ms() - t0) / 1e3, json);
  if (report) {
    printf("\n");
    prism_context_report(ctx, stdout);
  }
  if (status != 0) {
    fprintf(stderr, "bench: Prism failed or its result was wrong (see above)\n");
  }
  free(rs);
  teardown_libraries();
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  return status;
}
