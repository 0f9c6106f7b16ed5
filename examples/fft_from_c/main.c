/* Calls the batched FFT of fft_rows.dsl from C, through the library that
 * `prismc opencl --library` makes of it (README.md beside this file; run.sh builds and
 * runs it):
 *
 *   1. from host memory: arrays made from C arrays with prism_new_f32_2d, results
 *      copied back with prism_values_f32_2d;
 *   2. from device memory, as cuFFT users hold their data: the program's own cl_mem
 *      buffers, made with clCreateBuffer in the OpenCL context that Prism uses and
 *      filled with clEnqueueWriteBuffer, wrapped with prism_new_raw_f32_2d; the results
 *      come back as cl_mem buffers (prism_values_raw_f32_2d) read with
 *      clEnqueueReadBuffer, and stay on the device from one entry point to the next;
 *   3. a failure, and its message from prism_context_get_error.
 *
 * Every result is checked against the DFT computed here by its definition, in double.
 *
 *   main [--own-queue] [-d DEVICE]
 *
 * By default Prism picks the device (the first GPU, else the first device; -d NAME as
 * in docs/opencl.md) and makes its queue, which the program then asks for. With
 * --own-queue, the program makes its own OpenCL context and queue and gives the queue
 * to Prism, as an application with its own kernels would.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fft_rows.h"

/* Errors of an f32 FFT, relative to the largest magnitude of the exact DFT, stay near
 * 1e-7 log2(n); far above this is a wrong transform. */
#define TOLERANCE 1e-5

/* Prints what failed with the context's pending message; returns 1 for main. `err` is
 * the code, or 0 for a function that returned NULL. */
static int report(struct prism_context *ctx, const char *what, int err) {
  char *message = prism_context_get_error(ctx);
  if (err != 0) {
    fprintf(stderr, "%s failed (error %d): %s\n", what, err, message != NULL ? message : "");
  } else {
    fprintf(stderr, "%s failed: %s\n", what, message != NULL ? message : "");
  }
  free(message);
  return 1;
}

/* Prints a failed OpenCL call; returns 1 for main. */
static int report_cl(const char *what, cl_int err) {
  fprintf(stderr, "%s failed (OpenCL error %d)\n", what, (int)err);
  return 1;
}

/* b rows of n complex numbers, split into real and imaginary parts, row-major. */
struct rows {
  int64_t b, n;
  float *re, *im;
};

static int rows_alloc(struct rows *x, int64_t b, int64_t n) {
  x->b = b;
  x->n = n;
  x->re = malloc((size_t)(b * n) * sizeof(float));
  x->im = malloc((size_t)(b * n) * sizeof(float));
  return x->re != NULL && x->im != NULL;
}

static void rows_free(struct rows *x) {
  free(x->re);
  free(x->im);
}

/* A test signal: pseudo-random parts in [-1, 1). */
static void rows_fill(struct rows *x, unsigned seed) {
  for (int64_t i = 0; i < x->b * x->n; i++) {
    seed = seed * 1103515245u + 12345u;
    x->re[i] = (float)((seed >> 8) % 65536) / 32768.0f - 1.0f;
    seed = seed * 1103515245u + 12345u;
    x->im[i] = (float)((seed >> 8) % 65536) / 32768.0f - 1.0f;
  }
}

/* The largest error of `got` against the DFT of each row of `x` by its definition,
 * X[k] = sum_j x[j] exp(-2 pi i j k / n) (with `inverse`, the + sign and 1/n),
 * relative to the largest magnitude of that DFT. */
static double dft_error(const struct rows *x, const struct rows *got, int inverse) {
  const double pi = 3.14159265358979323846;
  int64_t n = x->n;
  double sign = inverse ? 1.0 : -1.0, scale = inverse ? 1.0 / (double)n : 1.0;
  double error = 0, largest = 0;
  for (int64_t r = 0; r < x->b; r++) {
    const float *xr = x->re + r * n, *xi = x->im + r * n;
    for (int64_t k = 0; k < n; k++) {
      double sr = 0, si = 0;
      for (int64_t j = 0; j < n; j++) {
        double a = sign * 2 * pi * (double)((j * k) % n) / (double)n;
        sr += xr[j] * cos(a) - xi[j] * sin(a);
        si += xr[j] * sin(a) + xi[j] * cos(a);
      }
      sr *= scale;
      si *= scale;
      double dr = got->re[r * n + k] - sr, di = got->im[r * n + k] - si;
      error = fmax(error, sqrt(dr * dr + di * di));
      largest = fmax(largest, sqrt(sr * sr + si * si));
    }
  }
  return error / fmax(largest, 1e-30);
}

/* Prints one check; returns 0 when it passed, 1 when not. */
static int verdict(const char *what, double error) {
  int ok = error < TOLERANCE;
  printf("%s: largest relative error %.2e: %s\n", what, error, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}

/* 1. Host data in, host data out. */
static int fft_from_host(struct prism_context *ctx) {
  struct rows x = {0}, y = {0};
  struct prism_f32_2d *re = NULL, *im = NULL, *out_re = NULL, *out_im = NULL;
  int status = 1;
  if (!rows_alloc(&x, 4, 12) || !rows_alloc(&y, 4, 12)) {
    fprintf(stderr, "out of memory\n");
    goto done;
  }
  rows_fill(&x, 1);

  /* The library copies the host arrays: they may change or go once these return. */
  re = prism_new_f32_2d(ctx, x.re, x.b, x.n);
  im = prism_new_f32_2d(ctx, x.im, x.b, x.n);
  if (re == NULL || im == NULL) {
    status = report(ctx, "prism_new_f32_2d", 0);
    goto done;
  }
  int err = prism_entry_fft_rows(ctx, &out_re, &out_im, re, im);
  if (err != PRISM_SUCCESS) {
    status = report(ctx, "prism_entry_fft_rows", err);
    goto done;
  }
  const int64_t *shape = prism_shape_f32_2d(ctx, out_re);
  if ((err = prism_values_f32_2d(ctx, out_re, y.re)) != PRISM_SUCCESS ||
      (err = prism_values_f32_2d(ctx, out_im, y.im)) != PRISM_SUCCESS) {
    status = report(ctx, "prism_values_f32_2d", err);
    goto done;
  }
  char what[64];
  snprintf(what, sizeof what, "host data: fft_rows of [4][12] gives [%lld][%lld]",
           (long long)shape[0], (long long)shape[1]);
  status = verdict(what, dft_error(&x, &y, 0));

done:
  prism_free_f32_2d(ctx, re);
  prism_free_f32_2d(ctx, im);
  prism_free_f32_2d(ctx, out_re);
  prism_free_f32_2d(ctx, out_im);
  rows_free(&x);
  rows_free(&y);
  return status;
}

/* Reads `count` floats of an array's device buffer into `data`, on Prism's queue. */
static int read_raw(struct prism_context *ctx, cl_command_queue queue,
                    struct prism_f32_2d *arr, int64_t count, float *data) {
  cl_mem buffer = prism_values_raw_f32_2d(ctx, arr);
  if (buffer == NULL) {
    return report(ctx, "prism_values_raw_f32_2d", 0);
  }
  /* The buffer belongs to the array: read it, never write or release it. */
  cl_int err = clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, (size_t)count * sizeof(float),
                                   data, 0, NULL, NULL);
  return err == CL_SUCCESS ? 0 : report_cl("clEnqueueReadBuffer", err);
}

/* 2. Device buffers in, device buffers out: the signal is one buffer of the b x n real
 * parts followed by the b x n imaginary parts, wrapped as two arrays by their offsets. */
static int fft_from_buffers(struct prism_context *ctx) {
  struct rows x = {0}, y = {0}, z = {0};
  cl_mem signal = NULL;
  cl_int cl_err;
  struct prism_f32_2d *re = NULL, *im = NULL, *f_re = NULL, *f_im = NULL, *g_re = NULL,
                      *g_im = NULL;
  int status = 1;
  if (!rows_alloc(&x, 16, 1000) || !rows_alloc(&y, 16, 1000) || !rows_alloc(&z, 16, 1000)) {
    fprintf(stderr, "out of memory\n");
    goto done;
  }
  rows_fill(&x, 2);
  int64_t count = x.b * x.n;

  /* Prism's queue (the program's own with --own-queue) and its OpenCL context. */
  cl_command_queue queue = prism_context_get_command_queue(ctx);
  cl_context cl_ctx;
  cl_err = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof cl_ctx, &cl_ctx, NULL);
  if (cl_err != CL_SUCCESS) {
    status = report_cl("clGetCommandQueueInfo", cl_err);
    goto done;
  }
  signal = clCreateBuffer(cl_ctx, CL_MEM_READ_WRITE, 2 * (size_t)count * sizeof(float), NULL,
                          &cl_err);
  if (cl_err != CL_SUCCESS) {
    status = report_cl("clCreateBuffer", cl_err);
    goto done;
  }
  /* Blocking uploads, so that x may be freed on any path below. (Non-blocking ones
   * would do too: Prism's copies, enqueued after them on the same in-order queue, run
   * after them.) */
  size_t half = (size_t)count * sizeof(float);
  if ((cl_err = clEnqueueWriteBuffer(queue, signal, CL_TRUE, 0, half, x.re, 0, NULL,
                                     NULL)) != CL_SUCCESS ||
      (cl_err = clEnqueueWriteBuffer(queue, signal, CL_TRUE, half, half, x.im, 0, NULL,
                                     NULL)) != CL_SUCCESS) {
    status = report_cl("clEnqueueWriteBuffer", cl_err);
    goto done;
  }

  /* Arrays from the buffer, device to device; offsets count elements, not bytes. */
  re = prism_new_raw_f32_2d(ctx, signal, 0, x.b, x.n);
  im = prism_new_raw_f32_2d(ctx, signal, count, x.b, x.n);
  if (re == NULL || im == NULL) {
    status = report(ctx, "prism_new_raw_f32_2d", 0);
    goto done;
  }
  int err = prism_entry_fft_rows(ctx, &f_re, &f_im, re, im);
  if (err != PRISM_SUCCESS) {
    status = report(ctx, "prism_entry_fft_rows", err);
    goto done;
  }
  if (read_raw(ctx, queue, f_re, count, y.re) != 0 ||
      read_raw(ctx, queue, f_im, count, y.im) != 0) {
    goto done;
  }
  status = verdict("cl_mem data: fft_rows of [16][1000]", dft_error(&x, &y, 0));

  /* The spectrum is still on the device: the inverse takes it without a copy through
   * the host, and must give the signal back. */
  err = prism_entry_ifft_rows(ctx, &g_re, &g_im, f_re, f_im);
  if (err != PRISM_SUCCESS) {
    status = report(ctx, "prism_entry_ifft_rows", err);
    goto done;
  }
  if (read_raw(ctx, queue, g_re, count, z.re) != 0 ||
      read_raw(ctx, queue, g_im, count, z.im) != 0) {
    status = 1;
    goto done;
  }
  status |= verdict("cl_mem data: ifft_rows of it", dft_error(&y, &z, 1));

done:
  prism_free_f32_2d(ctx, re);
  prism_free_f32_2d(ctx, im);
  prism_free_f32_2d(ctx, f_re);
  prism_free_f32_2d(ctx, f_im);
  prism_free_f32_2d(ctx, g_re);
  prism_free_f32_2d(ctx, g_im);
  /* Prism copied what it needed out of `signal` (OpenCL keeps a buffer alive until
   * the commands that use it are done), so the program may release it now. */
  if (signal != NULL && (cl_err = clReleaseMemObject(signal)) != CL_SUCCESS) {
    status = report_cl("clReleaseMemObject", cl_err);
  }
  rows_free(&x);
  rows_free(&y);
  rows_free(&z);
  return status;
}

/* 3. A failure: real and imaginary parts of different shapes. The entry point returns
 * PRISM_PROGRAM_ERROR and leaves the message in the context, which stays usable. */
static int shape_error(struct prism_context *ctx) {
  const float zeros[6] = {0};
  struct prism_f32_2d *re = prism_new_f32_2d(ctx, zeros, 2, 3);
  struct prism_f32_2d *im = prism_new_f32_2d(ctx, zeros, 3, 2);
  struct prism_f32_2d *out_re = NULL, *out_im = NULL;
  int status = 1;
  if (re == NULL || im == NULL) {
    status = report(ctx, "prism_new_f32_2d", 0);
  } else {
    int err = prism_entry_fft_rows(ctx, &out_re, &out_im, re, im);
    char *message = prism_context_get_error(ctx);
    printf("mismatched shapes: error %d: %s\n", err, message != NULL ? message : "(none)");
    free(message);
    status = err == PRISM_PROGRAM_ERROR ? 0 : 1;
  }
  prism_free_f32_2d(ctx, re);
  prism_free_f32_2d(ctx, im);
  prism_free_f32_2d(ctx, out_re);
  prism_free_f32_2d(ctx, out_im);
  return status;
}

/* Prints whose queue the context uses, and its device. */
static void print_queue(struct prism_context *ctx, int own) {
  cl_command_queue queue = prism_context_get_command_queue(ctx);
  cl_device_id device;
  char name[256] = "?";
  if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, NULL) ==
      CL_SUCCESS) {
    if (clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, NULL) != CL_SUCCESS) {
      strcpy(name, "?");
    }
  }
  printf("queue: %s, on %s\n", own ? "the program's own" : "made by Prism", name);
}

/* The first device of type `type` of any platform, in the order OpenCL reports them. */
static int find_device(cl_device_type type, cl_device_id *device) {
  cl_platform_id platforms[16];
  cl_uint count, devices;
  if (clGetPlatformIDs(16, platforms, &count) != CL_SUCCESS) {
    return 0;
  }
  for (cl_uint i = 0; i < count && i < 16; i++) {
    if (clGetDeviceIDs(platforms[i], type, 1, device, &devices) == CL_SUCCESS &&
        devices > 0) {
      return 1;
    }
  }
  return 0;
}

/* The program's own OpenCL context and in-order queue, on the first GPU or else the
 * first device (the device Prism would pick). */
static int make_own_queue(cl_context *cl_ctx, cl_command_queue *queue) {
  cl_device_id device;
  cl_int err;
  if (!find_device(CL_DEVICE_TYPE_GPU, &device) && !find_device(CL_DEVICE_TYPE_ALL, &device)) {
    fprintf(stderr, "no OpenCL device\n");
    return 1;
  }
  *cl_ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    return report_cl("clCreateContext", err);
  }
  *queue = clCreateCommandQueue(*cl_ctx, device, 0, &err);
  if (err != CL_SUCCESS) {
    clReleaseContext(*cl_ctx);
    *cl_ctx = NULL;
    return report_cl("clCreateCommandQueue", err);
  }
  return 0;
}

int main(int argc, char **argv) {
  int own_queue = 0;
  const char *device = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--own-queue") == 0) {
      own_queue = 1;
    } else if (strcmp(argv[i], "-d") == 0 && i + 1 < argc) {
      device = argv[++i];
    } else {
      fprintf(stderr, "usage: %s [--own-queue] [-d DEVICE]\n", argv[0]);
      return 2;
    }
  }

  cl_context own_ctx = NULL;
  cl_command_queue own = NULL;
  if (own_queue && make_own_queue(&own_ctx, &own) != 0) {
    return 1;
  }
  struct prism_context_config *cfg = prism_context_config_new();
  if (cfg == NULL) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  if (own != NULL) {
    prism_context_config_set_command_queue(cfg, own);
  } else if (device != NULL) {
    prism_context_config_set_device(cfg, device);
  }
  /* A context that could not set up its device still comes back, with the message. */
  struct prism_context *ctx = prism_context_new(cfg);
  char *message = ctx != NULL ? prism_context_get_error(ctx) : NULL;
  int status = 1;
  if (ctx == NULL || message != NULL) {
    fprintf(stderr, "%s\n", message != NULL ? message : "out of memory");
    free(message);
  } else {
    print_queue(ctx, own != NULL);
    status = fft_from_host(ctx);
    status |= fft_from_buffers(ctx);
    status |= shape_error(ctx);
  }
  /* The Prism context before the queue it uses, and the configuration last. */
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  if (own != NULL) {
    clReleaseCommandQueue(own);
    clReleaseContext(own_ctx);
  }
  printf("%s\n", status == 0 ? "all checks passed" : "FAILED");
  return status;
}
