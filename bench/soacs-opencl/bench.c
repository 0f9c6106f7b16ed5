/* bench/soacs-opencl: the SOAC kernels of Prism's OpenCL backend against the copy
 * bandwidth of the same device, measured in the same process (DESIGN.md section 6).
 *
 *   bench N ROW RUNS DEVICE JSON
 *
 * Calls the entry points of soacs.dsl through the library that `prismc opencl --library`
 * makes of it: map, reduce, scan and scatter on N f32, a fused map-map-reduce chain, and
 * the sums of the rows of an [N/ROW][ROW] array (a segmented reduction, one work-group
 * per row when ROW >= 1024), and the rows divided by their sums (an intra-group kernel:
 * one work-group per row, which reads it once and writes it once), and the rows of an
 * [N/64][64] array folded by a loop per row (a map kernel whose work-items walk rows,
 * through a transposed copy when lowering's coalescing transpose pays), and four
 * in-place passes over the rows of the [N/ROW][ROW] array (an intra-group kernel whose
 * scatters read the arrays they write, staged through registers). DEVICE picks
 * the device as the generated code does (the first whose "PLATFORM: DEVICE" name
 * contains it, ignoring case; "#N" for device number N; "" for the first GPU, else the
 * first device), for the library and for the copy.
 *
 * The inputs are pseudo-random in [0.5, 1.5), never zero. Each entry point runs once and
 * its results are checked against a computation on the host (in double precision for
 * sums, with a relative tolerance for f32 rounding; exactly for map and scatter); then it
 * runs twice to warm up and RUNS times timed: each timed run is the call and
 * prism_context_sync, with a monotonic clock, so that it includes what the call does on
 * the host (launches, allocations, reading a reduction's result). Making the inputs and
 * freeing the results are not timed; the inputs are on the device after the first call.
 *
 * The copy: a kernel built here, on its own context on the same device, copying N f32
 * between two buffers as float4 (one per work-item, 256 work-items a group), timed the
 * same way (enqueue and clFinish).
 *
 * Prints a table (name, elements, median ms, GB/s = bytes read and written by the least
 * work that computes the result / median time, and the ratio to the copy's GB/s) and
 * writes the numbers to JSON. BENCH_REPORT=1 in the environment turns on the library's
 * profiling and prints its kernel report at the end (device times per kernel).
 *
 * Build and run: bench/soacs-opencl/run.sh does both. It needs only a C compiler (gcc),
 * the OpenCL headers (<CL/cl.h>; add -I<dir> to CFLAGS when they are elsewhere) and an
 * OpenCL loader or driver library to link with (-lOpenCL; OPENCL_LIBS overrides it).
 *
 * On a machine where NVIDIA's driver is installed but its ICD is not registered (no
 * /etc/OpenCL/vendors/nvidia.icd, as in some containers), point the loader at a directory
 * holding a .icd file that names NVIDIA's library:
 *
 *   mkdir -p /tmp/icd
 *   echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
 *   OCL_ICD_VENDORS=/tmp/icd bench/soacs-opencl/run.sh ./prismc 268435456 nvidia
 *
 * (with ocl-icd's loader; when there is no loader at all, link with the driver's library
 * directly: OPENCL_LIBS=/usr/local/nvidia/lib64/libnvidia-opencl.so.1.)
 */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../harness-util.h"
#include "soacs.h"

#define WARMUP 2
#define COPY_GROUP 256
#define PERMUTE 7919 /* scatter_f32 writes element i to (PERMUTE * i) mod n */

static struct prism_context *ctx;

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

/* Whether got is within a relative tolerance of ref (ref is not near zero here). */
static bool close_to(double got, double ref, double tolerance) {
  return fabs(got - ref) <= tolerance * fabs(ref);
}

/* ------------------------------------------------------------ The device */

/* "PLATFORM: DEVICE" of every device, in OpenCL's order, as rts/opencl lists them. */
struct device {
  cl_device_id id;
  cl_device_type type;
  char name[512];
};

static int list_devices(struct device *out, int cap) {
  cl_platform_id platforms[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, platforms, &np) != CL_SUCCESS) {
    return 0;
  }
  int count = 0;
  for (cl_uint p = 0; p < np && p < 16; p++) {
    char pname[256] = "";
    cl_device_id ids[64];
    cl_uint nd = 0;
    cl_int err = clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    if (err != CL_SUCCESS) {
      die_cl("clGetPlatformInfo", err);
    }
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 64, ids, &nd) != CL_SUCCESS) {
      continue; /* a platform without devices */
    }
    for (cl_uint d = 0; d < nd && d < 64 && count < cap; d++) {
      char dname[256] = "";
      struct device *e = &out[count++];
      e->id = ids[d];
      if ((err = clGetDeviceInfo(ids[d], CL_DEVICE_NAME, sizeof dname, dname, NULL)) ||
          (err = clGetDeviceInfo(ids[d], CL_DEVICE_TYPE, sizeof e->type, &e->type, NULL))) {
        die_cl("clGetDeviceInfo", err);
      }
      snprintf(e->name, sizeof e->name, "%s: %s", pname, dname);
    }
  }
  return count;
}

/* Whether `part` occurs in `text`, ignoring case: rts_cl_contains_nocase's test, written
 * again because the harness uses the generated library's API only, not the runtime's
 * internals. */
static bool contains_nocase(const char *text, const char *part) {
  size_t n = strlen(part);
  for (; *text != '\0'; text++) {
    size_t i = 0;
    while (i < n && tolower((unsigned char)text[i]) == tolower((unsigned char)part[i])) {
      i++;
    }
    if (i == n) {
      return true;
    }
  }
  return n == 0;
}

/* The device that `name` picks, as rts_cl_pick does; exits when none does. */
static struct device pick_device(const char *name) {
  static struct device devices[256];
  int count = list_devices(devices, 256);
  int pick = -1;
  if (*name == '\0') {
    for (int i = 0; i < count && pick < 0; i++) {
      if (devices[i].type & CL_DEVICE_TYPE_GPU) {
        pick = i;
      }
    }
    pick = pick < 0 && count > 0 ? 0 : pick;
  } else if (name[0] == '#') {
    int k = atoi(name + 1);
    pick = k >= 0 && k < count ? k : -1;
  } else {
    for (int i = 0; i < count && pick < 0; i++) {
      if (contains_nocase(devices[i].name, name)) {
        pick = i;
      }
    }
  }
  if (pick < 0) {
    fprintf(stderr, "bench: no OpenCL device matches \"%s\"; the devices are:\n", name);
    for (int i = 0; i < count; i++) {
      fprintf(stderr, "  #%d: %s\n", i, devices[i].name);
    }
    exit(1);
  }
  return devices[pick];
}

/* ------------------------------------------------------------ The copy kernel */

static const char *copy_source =
    "__kernel void copy4(__global const float4 *restrict a, __global float4 *restrict b,\n"
    "                    long n4) {\n"
    "  long i = get_global_id(0);\n"
    "  if (i < n4) b[i] = a[i];\n"
    "}\n";

/* Times the float4 copy of the first n - n mod 4 elements of xs on the device; fills
 * times[runs]; returns the bytes read and written by one copy. */
static double time_copy(cl_device_id dev, const float *xs, int64_t n, int runs,
                        double *times) {
  cl_int err;
  cl_context cctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    die_cl("clCreateContext", err);
  }
  cl_command_queue queue = clCreateCommandQueue(cctx, dev, 0, &err);
  if (err != CL_SUCCESS) {
    die_cl("clCreateCommandQueue", err);
  }
  cl_program program = clCreateProgramWithSource(cctx, 1, &copy_source, NULL, &err);
  if (err != CL_SUCCESS || (err = clBuildProgram(program, 1, &dev, "", NULL, NULL))) {
    die_cl("building the copy kernel", err);
  }
  cl_kernel kernel = clCreateKernel(program, "copy4", &err);
  if (err != CL_SUCCESS) {
    die_cl("clCreateKernel", err);
  }
  cl_long n4 = n / 4;
  size_t bytes = (size_t)n4 * 4 * sizeof(float);
  cl_mem a = clCreateBuffer(cctx, CL_MEM_READ_ONLY, bytes, NULL, &err);
  if (err != CL_SUCCESS) {
    die_cl("clCreateBuffer", err);
  }
  cl_mem b = clCreateBuffer(cctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
  if (err != CL_SUCCESS) {
    die_cl("clCreateBuffer", err);
  }
  if ((err = clEnqueueWriteBuffer(queue, a, CL_TRUE, 0, bytes, xs, 0, NULL, NULL)) ||
      (err = clSetKernelArg(kernel, 0, sizeof a, &a)) ||
      (err = clSetKernelArg(kernel, 1, sizeof b, &b)) ||
      (err = clSetKernelArg(kernel, 2, sizeof n4, &n4))) {
    die_cl("setting up the copy", err);
  }
  size_t local = COPY_GROUP;
  size_t global = ((size_t)n4 + local - 1) / local * local;
  for (int r = -1 - WARMUP; r < runs; r++) {
    double t0 = now_ms();
    if ((err = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL,
                                      NULL)) ||
        (err = clFinish(queue))) {
      die_cl("running the copy", err);
    }
    double t1 = now_ms();
    if (r == -1 - WARMUP) { /* the first run: check it */
      float *check = xmalloc(bytes);
      if ((err = clEnqueueReadBuffer(queue, b, CL_TRUE, 0, bytes, check, 0, NULL, NULL))) {
        die_cl("reading the copy", err);
      }
      if (memcmp(check, xs, bytes) != 0) {
        fprintf(stderr, "bench: the copy kernel's result is wrong\n");
        exit(1);
      }
      free(check);
    } else if (r >= 0) {
      times[r] = t1 - t0;
    }
  }
  clReleaseMemObject(a);
  clReleaseMemObject(b);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(cctx);
  return 2.0 * (double)bytes;
}

/* ------------------------------------------------------------ The entry points */

#define SHORT_ROW 64 /* the rows that rowloop walks */

struct inputs {
  const float *xs;        /* n elements */
  int64_t n, rows, row;   /* the [rows][row] array holds the first rows * row */
  int64_t short_rows;     /* the [short_rows][SHORT_ROW] array, likewise */
  struct prism_f32_1d *in1;
  struct prism_f32_2d *in2, *in3;
};

/* One benchmark: runs the entry point once, keeping its result for check(). */
struct bench {
  const char *name;
  int (*run)(const struct inputs *in);
  bool (*check)(const struct inputs *in);
  int64_t (*elements)(const struct inputs *in);
  double (*bytes)(const struct inputs *in);
};

static struct prism_f32_1d *result;   /* the last array result */
static struct prism_f32_2d *result2;  /* the last two-dimensional result */
static float result_scalar;           /* the last scalar result */

static void drop_result(void) {
  if (result != NULL && prism_free_f32_1d(ctx, result) != 0) {
    die_prism("prism_free_f32_1d");
  }
  result = NULL;
  if (result2 != NULL && prism_free_f32_2d(ctx, result2) != 0) {
    die_prism("prism_free_f32_2d");
  }
  result2 = NULL;
}

/* The last array result on the host (freed by the caller). */
static float *result_values(int64_t n) {
  float *out = xmalloc((size_t)n * sizeof *out);
  if (prism_shape_f32_1d(ctx, result)[0] != n || prism_values_f32_1d(ctx, result, out) != 0) {
    die_prism("reading a result");
  }
  return out;
}

static int run_map(const struct inputs *in) {
  return prism_entry_map_f32(ctx, &result, in->in1);
}

static int run_reduce(const struct inputs *in) {
  return prism_entry_reduce_f32(ctx, &result_scalar, in->in1);
}

static int run_scan(const struct inputs *in) {
  return prism_entry_scan_f32(ctx, &result, in->in1);
}

static int run_scatter(const struct inputs *in) {
  return prism_entry_scatter_f32(ctx, &result, in->in1);
}

static int run_chain(const struct inputs *in) {
  return prism_entry_chain_f32(ctx, &result_scalar, in->in1);
}

static int run_rowsum(const struct inputs *in) {
  return prism_entry_rowsum_f32(ctx, &result, in->in2);
}

static int run_rownorm(const struct inputs *in) {
  return prism_entry_rownorm_f32(ctx, &result2, in->in2);
}

static int run_rowpass(const struct inputs *in) {
  return prism_entry_rowpass_f32(ctx, &result2, in->in2);
}

static int run_rowloop(const struct inputs *in) {
  return prism_entry_rowloop_f32(ctx, &result, in->in3);
}

static bool check_map(const struct inputs *in) {
  float *out = result_values(in->n);
  int64_t bad = 0;
  for (int64_t i = 0; i < in->n; i++) {
    bad += out[i] != in->xs[i] * 2.0f + 1.0f;
  }
  free(out);
  return bad == 0;
}

static bool check_reduce(const struct inputs *in) {
  double sum = 0;
  for (int64_t i = 0; i < in->n; i++) {
    sum += in->xs[i];
  }
  return close_to(result_scalar, sum, 1e-3);
}

static bool check_scan(const struct inputs *in) {
  float *out = result_values(in->n);
  double sum = 0;
  int64_t bad = 0;
  for (int64_t i = 0; i < in->n; i++) {
    sum += in->xs[i];
    bad += !close_to(out[i], sum, 1e-3);
  }
  free(out);
  return bad == 0;
}

static bool check_scatter(const struct inputs *in) {
  float *out = result_values(in->n);
  int64_t bad = 0;
  for (int64_t i = 0; i < in->n; i++) {
    bad += out[(int64_t)(((uint64_t)i * PERMUTE) % (uint64_t)in->n)] != in->xs[i];
  }
  free(out);
  return bad == 0;
}

static bool check_chain(const struct inputs *in) {
  double sum = 0;
  for (int64_t i = 0; i < in->n; i++) {
    double x = in->xs[i];
    sum += x * x * 0.5 + 1;
  }
  return close_to(result_scalar, sum, 1e-3);
}

static bool check_rowsum(const struct inputs *in) {
  float *out = result_values(in->rows);
  int64_t bad = 0;
  for (int64_t r = 0; r < in->rows; r++) {
    double sum = 0;
    for (int64_t j = 0; j < in->row; j++) {
      sum += in->xs[r * in->row + j];
    }
    bad += !close_to(out[r], sum, 1e-4);
  }
  free(out);
  return bad == 0;
}

static bool check_rownorm(const struct inputs *in) {
  int64_t n = in->rows * in->row;
  float *out = xmalloc((size_t)n * sizeof *out);
  const int64_t *shape = prism_shape_f32_2d(ctx, result2);
  if (shape[0] != in->rows || shape[1] != in->row || prism_values_f32_2d(ctx, result2, out) != 0) {
    die_prism("reading a result");
  }
  int64_t bad = 0;
  for (int64_t r = 0; r < in->rows; r++) {
    double sum = 0;
    for (int64_t j = 0; j < in->row; j++) {
      sum += in->xs[r * in->row + j];
    }
    for (int64_t j = 0; j < in->row; j++) {
      bad += !close_to(out[r * in->row + j], in->xs[r * in->row + j] / sum, 1e-4);
    }
  }
  free(out);
  return bad == 0;
}

/* rowpass: four passes of (x[j], x[j + m/2]) -> (sum, difference) at 2 j, 2 j + 1,
 * in double; each result is a sum of 16 inputs (at most 24 in magnitude), so f32
 * rounding leaves it well within 1e-4. */
static bool check_rowpass(const struct inputs *in) {
  int64_t n = in->rows * in->row, h = in->row / 2;
  float *out = xmalloc((size_t)n * sizeof *out);
  double *x = xmalloc((size_t)in->row * sizeof *x);
  double *y = xmalloc((size_t)in->row * sizeof *y);
  const int64_t *shape = prism_shape_f32_2d(ctx, result2);
  if (shape[0] != in->rows || shape[1] != in->row || prism_values_f32_2d(ctx, result2, out) != 0) {
    die_prism("reading a result");
  }
  int64_t bad = 0;
  for (int64_t r = 0; r < in->rows; r++) {
    for (int64_t j = 0; j < in->row; j++) {
      x[j] = in->xs[r * in->row + j];
    }
    for (int pass = 0; pass < 4; pass++) {
      for (int64_t j = 0; j < in->row; j++) {
        y[j] = x[j]; /* an odd row's last element stays */
      }
      for (int64_t j = 0; j < h; j++) {
        y[2 * j] = x[j] + x[j + h];
        y[2 * j + 1] = x[j] - x[j + h];
      }
      double *t = x;
      x = y;
      y = t;
    }
    for (int64_t j = 0; j < in->row; j++) {
      bad += fabs(out[r * in->row + j] - x[j]) > 1e-4;
    }
  }
  free(out);
  free(x);
  free(y);
  return bad == 0;
}

static bool check_rowloop(const struct inputs *in) {
  float *out = result_values(in->short_rows);
  int64_t bad = 0;
  for (int64_t r = 0; r < in->short_rows; r++) {
    double acc = 0;
    for (int64_t j = 0; j < SHORT_ROW; j++) {
      acc = acc * 0.5 + in->xs[r * SHORT_ROW + j];
    }
    bad += !close_to(out[r], acc, 1e-4);
  }
  free(out);
  return bad == 0;
}

static int64_t elements_n(const struct inputs *in) {
  return in->n;
}

static int64_t elements_rows(const struct inputs *in) {
  return in->rows * in->row;
}

/* Bytes read and written by the least work that computes each result. */
static double bytes_in_out(const struct inputs *in) {
  return 8.0 * (double)in->n;
}

static double bytes_in(const struct inputs *in) {
  return 4.0 * (double)in->n;
}

static double bytes_rowsum(const struct inputs *in) {
  return 4.0 * (double)(in->rows * in->row + in->rows);
}

static double bytes_rows_in_out(const struct inputs *in) {
  return 8.0 * (double)(in->rows * in->row);
}

static int64_t elements_short_rows(const struct inputs *in) {
  return in->short_rows * SHORT_ROW;
}

static double bytes_rowloop(const struct inputs *in) {
  return 4.0 * (double)(in->short_rows * SHORT_ROW + in->short_rows);
}

static const struct bench benches[] = {
    {"map", run_map, check_map, elements_n, bytes_in_out},
    {"reduce", run_reduce, check_reduce, elements_n, bytes_in},
    {"scan", run_scan, check_scan, elements_n, bytes_in_out},
    {"scatter", run_scatter, check_scatter, elements_n, bytes_in_out},
    {"map-map-reduce", run_chain, check_chain, elements_n, bytes_in},
    {"rowsum", run_rowsum, check_rowsum, elements_rows, bytes_rowsum},
    {"rownorm", run_rownorm, check_rownorm, elements_rows, bytes_rows_in_out},
    {"rowloop", run_rowloop, check_rowloop, elements_short_rows, bytes_rowloop},
    {"rowpass", run_rowpass, check_rowpass, elements_rows, bytes_rows_in_out},
};
#define BENCH_COUNT ((int)(sizeof benches / sizeof benches[0]))

/* One call and the sync, timed; the result is freed afterwards, untimed. */
static double time_call(const struct bench *b, const struct inputs *in) {
  double t0 = now_ms();
  if (b->run(in) != 0 || prism_context_sync(ctx) != 0) {
    die_prism(b->name);
  }
  double t1 = now_ms();
  drop_result();
  return t1 - t0;
}

/* ------------------------------------------------------------ Main */

struct row_out {
  const char *name;
  int64_t elements;
  double bytes, median_ms, min_ms;
};

static void print_json(const char *path, const char *device, const struct inputs *in,
                       int runs, double copy_ms, double copy_bytes,
                       const struct row_out *rows, int count) {
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    fprintf(stderr, "bench: cannot write %s\n", path);
    exit(1);
  }
  double copy_gbs = copy_bytes / copy_ms / 1e6;
  fprintf(f, "{\"device\": \"");
  for (const char *p = device; *p != '\0'; p++) {
    if (*p == '"' || *p == '\\') {
      fputc('\\', f);
    }
    fputc(*p, f);
  }
  fprintf(f, "\", \"n\": %lld, \"row\": %lld, \"runs\": %d,\n", (long long)in->n,
          (long long)in->row, runs);
  fprintf(f, " \"copy\": {\"median_ms\": %.6f, \"bytes\": %.0f, \"gbs\": %.3f},\n", copy_ms,
          copy_bytes, copy_gbs);
  fprintf(f, " \"benchmarks\": [");
  for (int i = 0; i < count; i++) {
    double gbs = rows[i].bytes / rows[i].median_ms / 1e6;
    fprintf(f,
            "%s\n  {\"name\": \"%s\", \"elements\": %lld, \"bytes\": %.0f, "
            "\"median_ms\": %.6f, \"min_ms\": %.6f, \"gbs\": %.3f, \"copy_ratio\": %.4f}",
            i > 0 ? "," : "", rows[i].name, (long long)rows[i].elements, rows[i].bytes,
            rows[i].median_ms, rows[i].min_ms, gbs, gbs / copy_gbs);
  }
  fprintf(f, "\n]}\n");
  fclose(f);
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: bench N ROW RUNS DEVICE JSON\n");
    return 2;
  }
  struct inputs in = {0};
  in.n = atoll(argv[1]);
  in.row = atoll(argv[2]);
  int runs = atoi(argv[3]);
  const char *device_name = argv[4], *json = argv[5];
  if (in.n < 4 || in.n % PERMUTE == 0 || in.row < 1 || in.row > in.n || runs < 1) {
    fprintf(stderr, "bench: N must be at least 4 and not a multiple of %d, ROW in 1..N, "
                    "RUNS at least 1\n", PERMUTE);
    return 2;
  }
  in.rows = in.n / in.row;
  in.short_rows = in.n / SHORT_ROW;
  struct device dev = pick_device(device_name);

  float *xs = xmalloc((size_t)in.n * sizeof *xs);
  for (int64_t i = 0; i < in.n; i++) {
    xs[i] = 0.5f + (float)(rng() >> 40) / (float)(1u << 24);
  }
  in.xs = xs;

  double *times = xmalloc((size_t)runs * sizeof *times);
  double copy_bytes = time_copy(dev.id, xs, in.n, runs, times);
  double copy_ms = median(times, runs);
  double copy_gbs = copy_bytes / copy_ms / 1e6;

  struct prism_context_config *cfg = prism_context_config_new();
  if (cfg == NULL) {
    fprintf(stderr, "bench: prism_context_config_new failed\n");
    return 1;
  }
  prism_context_config_set_device(cfg, device_name);
  bool report = getenv("BENCH_REPORT") != NULL && strcmp(getenv("BENCH_REPORT"), "1") == 0;
  prism_context_config_set_profiling(cfg, report);
  ctx = prism_context_new(cfg);
  if (ctx == NULL) {
    fprintf(stderr, "bench: prism_context_new failed\n");
    return 1;
  }
  char *error = prism_context_get_error(ctx);
  if (error != NULL) {
    fprintf(stderr, "bench: %s\n", error);
    return 1;
  }
  in.in1 = prism_new_f32_1d(ctx, xs, in.n);
  in.in2 = prism_new_f32_2d(ctx, xs, in.rows, in.row);
  in.in3 = prism_new_f32_2d(ctx, xs, in.short_rows, SHORT_ROW);
  if (in.in1 == NULL || in.in2 == NULL || in.in3 == NULL) {
    die_prism("making the inputs");
  }

  printf("device: %s\n", dev.name);
  printf("n = %lld f32 (%.1f MB), rows [%lld][%lld], %d timed runs after %d warm-up\n\n",
         (long long)in.n, 4e-6 * (double)in.n, (long long)in.rows, (long long)in.row, runs,
         WARMUP);
  printf("| %-16s | %10s | %10s | %9s | %8s |\n", "benchmark", "elements", "median ms",
         "GB/s", "/ copy");
  printf("|------------------|------------|------------|-----------|----------|\n");
  printf("| %-16s | %10lld | %10.3f | %9.2f | %7.2fx |\n", "copy (float4)",
         (long long)(in.n / 4 * 4), copy_ms, copy_gbs, 1.0);
  fflush(stdout);

  struct row_out rows[BENCH_COUNT];
  for (int k = 0; k < BENCH_COUNT; k++) {
    const struct bench *b = &benches[k];
    if (b->run(&in) != 0 || prism_context_sync(ctx) != 0) {
      die_prism(b->name);
    }
    if (!b->check(&in)) {
      fprintf(stderr, "bench: %s: wrong result\n", b->name);
      return 1;
    }
    drop_result();
    for (int r = 0; r < WARMUP; r++) {
      (void)time_call(b, &in);
    }
    for (int r = 0; r < runs; r++) {
      times[r] = time_call(b, &in);
    }
    rows[k] = (struct row_out){b->name, b->elements(&in), b->bytes(&in), 0, 0};
    rows[k].median_ms = median(times, runs);
    rows[k].min_ms = times[0];
    double gbs = rows[k].bytes / rows[k].median_ms / 1e6;
    printf("| %-16s | %10lld | %10.3f | %9.2f | %7.2fx |\n", b->name,
           (long long)rows[k].elements, rows[k].median_ms, gbs, gbs / copy_gbs);
    fflush(stdout);
  }
  print_json(json, dev.name, &in, runs, copy_ms, copy_bytes, rows, BENCH_COUNT);
  if (report) {
    printf("\n");
    prism_context_report(ctx, stdout);
  }

  if (prism_free_f32_1d(ctx, in.in1) != 0 || prism_free_f32_2d(ctx, in.in2) != 0 ||
      prism_free_f32_2d(ctx, in.in3) != 0) {
    die_prism("freeing the inputs");
  }
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  free(times);
  free(xs);
  return 0;
}
