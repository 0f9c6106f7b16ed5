/* The C API on OpenCL (opencl_api.dsl, compiled with `prismc opencl --library`;
 * docs/opencl.md, "The generated API on OpenCL"): device choice by name, and a
 * context whose device does not exist, which fails every call that needs the device
 * with PRISM_DEVICE_ERROR and never crashes; entry points on arrays; a kernel that
 * fails on an index out of bounds, reported with its source location; raw interop
 * with the application's own context, queue and buffers (new_raw copies, values_raw
 * hands out a buffer whose elements start at offset 0, also for a view into a larger
 * block); the profiling report; the kernel cache in a directory of the test's, and
 * turned off; prism_context_sync; NULL arguments.
 *
 * run-capi.sh runs it when an OpenCL platform is installed, with PRISM_CAPI_TMPDIR
 * set to an empty directory of its own (the cache directories go there).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>

#include "opencl_api.h"

static struct prism_context *ctx;
#define GET_ERROR() prism_context_get_error(ctx)
#include "capi_check.h"

/* The line of opencl_api.dsl where `gather` indexes. */
#define LINE_GATHER 6

/* The application's side: its own OpenCL context and queue on the first device. */
static cl_device_id app_device;
static cl_context app_context;
static cl_command_queue app_queue;

static int app_setup(void) {
  cl_platform_id platform;
  cl_uint count = 0;
  cl_int err;
  if (clGetPlatformIDs(1, &platform, &count) != CL_SUCCESS || count == 0 ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &app_device, &count) != CL_SUCCESS ||
      count == 0) {
    return 0;
  }
  app_context = clCreateContext(NULL, 1, &app_device, NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    return 0;
  }
  app_queue = clCreateCommandQueue(app_context, app_device, 0, &err);
  return err == CL_SUCCESS;
}

static void app_release(void) {
  if (app_queue != NULL) {
    clReleaseCommandQueue(app_queue);
  }
  if (app_context != NULL) {
    clReleaseContext(app_context);
  }
}

/* A buffer of the application's context holding `bytes` bytes of `data`. */
static cl_mem app_buffer(cl_context context, const void *data, size_t bytes) {
  cl_int err;
  cl_mem mem = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes,
                              (void *)data, &err);
  return err == CL_SUCCESS ? mem : NULL;
}

/* The directory for cache `name` under PRISM_CAPI_TMPDIR, or NULL when it is not set. */
static char cache_on[4096], cache_off[4096];

static const char *test_dir(char *buf, size_t size, const char *name) {
  const char *tmp = getenv("PRISM_CAPI_TMPDIR");
  if (tmp == NULL || (size_t)snprintf(buf, size, "%s/%s", tmp, name) >= size) {
    return NULL;
  }
  return buf;
}

/* The files in a directory (0 when it does not exist). */
static int files_in(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (d == NULL) {
    return 0;
  }
  for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
    n += e->d_name[0] != '.';
  }
  closedir(d);
  return n;
}

/* A configuration with the test's cache directory (when run-capi.sh gave one). */
static struct prism_context_config *new_config(void) {
  struct prism_context_config *cfg = prism_context_config_new();
  if (cfg != NULL && test_dir(cache_on, sizeof cache_on, "cache-on") != NULL) {
    prism_context_config_set_cache_dir(cfg, cache_on);
  }
  return cfg;
}

/* A context made from cfg that must have its device. */
static struct prism_context *new_context(struct prism_context_config *cfg, int line) {
  struct prism_context *c = prism_context_new(cfg);
  char *message = c != NULL ? prism_context_get_error(c) : NULL;
  if (c == NULL || message != NULL) {
    capi_fail(__FILE__, line, "prism_context_new sets up the device", message);
  }
  free(message);
  return c;
}

/* The context works after a failure, and has no message left. */
static void check_usable(int line) {
  const float data[3] = {1, 2, 3};
  struct prism_f32_1d *xs = prism_new_f32_1d(ctx, data, 3);
  float sum = 0;
  int err = prism_entry_sum(ctx, &sum, xs);
  char *message = prism_context_get_error(ctx);
  if (xs == NULL || err != 0 || sum != 6 || message != NULL) {
    capi_fail(__FILE__, line, "the context is usable after the failure", message);
  }
  free(message);
  prism_free_f32_1d(ctx, xs);
}

/* ------------------------------------------------------------ Devices */

/* A device that does not exist: the context is made, with the message, and every
 * call that needs the device fails without crashing; host arrays still work. */
static void test_bogus_device(void) {
  struct prism_context_config *cfg = new_config();
  prism_context_config_set_device(cfg, "no such device, surely");
  ctx = prism_context_new(cfg);
  CHECK(ctx != NULL);
  char *message = prism_context_get_error(ctx);
  CHECK(message != NULL && strstr(message, "no OpenCL device matches") != NULL &&
        strstr(message, "no such device, surely") != NULL);
  free(message);
  const float data[2] = {1, 2};
  float back[2] = {0, 0}, sum = 0;
  struct prism_f32_1d *xs = prism_new_f32_1d(ctx, data, 2), *ys = NULL;
  CHECK(xs != NULL);
  CHECK_OK(prism_values_f32_1d(ctx, xs, back));
  CHECK(back[0] == 1 && back[1] == 2);
  CHECK_ERROR(prism_entry_sum(ctx, &sum, xs), PRISM_DEVICE_ERROR,
              "prism_entry_sum: the context has no OpenCL device");
  CHECK_ERROR(prism_entry_scale(ctx, &ys, 2, xs), PRISM_DEVICE_ERROR, "no OpenCL device");
  CHECK(ys == NULL);
  CHECK_ERROR(prism_context_sync(ctx), PRISM_DEVICE_ERROR, "no OpenCL device");
  CHECK_ERROR(prism_values_raw_f32_1d(ctx, xs) == NULL ? PRISM_DEVICE_ERROR : 0,
              PRISM_DEVICE_ERROR, "prism_values_raw_f32_1d: the context has no OpenCL device");
  CHECK_ERROR(prism_new_raw_f32_1d(ctx, NULL, 0, 0) == NULL ? PRISM_DEVICE_ERROR : 0,
              PRISM_DEVICE_ERROR, "prism_new_raw_f32_1d: the context has no OpenCL device");
  CHECK_DONE();
  CHECK(prism_context_get_command_queue(ctx) == NULL);
  prism_context_report(ctx, stderr); /* prints nothing */
  CHECK_OK(prism_free_f32_1d(ctx, xs));
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  ctx = NULL;
}

/* A device chosen by a part of its name in another case, and by number. */
static void test_device_names(void) {
  char name[256] = "", part[16];
  size_t n = 0;
  CHECK(clGetDeviceInfo(app_device, CL_DEVICE_NAME, sizeof name, name, NULL) == CL_SUCCESS);
  for (; n + 1 < sizeof part && name[n] != '\0' && n < 7; n++) {
    char c = name[n];
    part[n] = (char)(isupper((unsigned char)c) ? tolower((unsigned char)c)
                                                : toupper((unsigned char)c));
  }
  part[n] = '\0';
  const char *names[] = {part, "#0"};
  for (int i = 0; i < 2; i++) {
    struct prism_context_config *cfg = new_config();
    prism_context_config_set_device(cfg, names[i]);
    ctx = new_context(cfg, __LINE__);
    check_usable(__LINE__);
    CHECK(prism_context_get_command_queue(ctx) != NULL);
    prism_context_free(ctx);
    prism_context_config_free(cfg);
  }
  ctx = NULL;
}

/* ------------------------------------------------------------ Entry points */

static void test_entries(void) {
  const float xs_data[4] = {1, 2, 3, 4};
  struct prism_f32_1d *xs = prism_new_f32_1d(ctx, xs_data, 4), *ys = NULL;
  float back[4], sum = 0;
  CHECK_OK(prism_entry_scale(ctx, &ys, 0.5f, xs));
  CHECK_OK(prism_values_f32_1d(ctx, ys, back));
  CHECK(back[0] == 0.5f && back[3] == 2);
  CHECK_OK(prism_entry_sum(ctx, &sum, ys));
  CHECK(sum == 5);
  CHECK_OK(prism_free_f32_1d(ctx, ys));

  /* Large enough for several work-groups. */
  enum { rows = 300, cols = 70 };
  static double m[rows * cols];
  double sums[cols];
  for (int i = 0; i < rows * cols; i++) {
    m[i] = (double)(i % cols) + (double)(i / cols) * 0.25;
  }
  struct prism_f64_2d *a = prism_new_f64_2d(ctx, m, rows, cols);
  struct prism_f64_1d *s = NULL;
  CHECK_OK(prism_entry_column_sums(ctx, &s, a));
  CHECK(s != NULL && prism_shape_f64_1d(ctx, s)[0] == cols);
  CHECK_OK(prism_values_f64_1d(ctx, s, sums));
  int wrong = 0;
  for (int j = 0; j < cols; j++) {
    wrong += sums[j] != (double)j * rows + 0.25 * (rows * (rows - 1) / 2);
  }
  CHECK(wrong == 0);
  CHECK_OK(prism_free_f64_1d(ctx, s));
  CHECK_OK(prism_free_f64_2d(ctx, a));
  CHECK_OK(prism_free_f32_1d(ctx, xs));
  CHECK_OK(prism_context_sync(ctx));
}

/* An index out of bounds inside a kernel: the message names the place and the index. */
static void test_kernel_failure(void) {
  const int32_t xs_data[3] = {10, 20, 30};
  const int64_t good[4] = {2, 0, 1, 2}, bad[4] = {0, 1, 5, 2};
  struct prism_i32_1d *xs = prism_new_i32_1d(ctx, xs_data, 3), *ys = NULL;
  struct prism_i64_1d *is = prism_new_i64_1d(ctx, bad, 4);
  CHECK_ERROR(prism_entry_gather(ctx, &ys, xs, is), PRISM_PROGRAM_ERROR,
              "index [5] out of bounds for array of shape [3]");
  CHECK_LOCATION("opencl_api.dsl", LINE_GATHER);
  CHECK_DONE();
  CHECK(ys == NULL);
  check_usable(__LINE__);
  CHECK_OK(prism_free_i64_1d(ctx, is));
  is = prism_new_i64_1d(ctx, good, 4);
  int32_t back[4];
  CHECK_OK(prism_entry_gather(ctx, &ys, xs, is));
  CHECK_OK(prism_values_i32_1d(ctx, ys, back));
  CHECK(back[0] == 30 && back[1] == 10 && back[2] == 20 && back[3] == 30);
  CHECK_OK(prism_free_i32_1d(ctx, ys));
  CHECK_OK(prism_free_i64_1d(ctx, is));
  CHECK_OK(prism_free_i32_1d(ctx, xs));
}

/* ------------------------------------------------------------ Raw interop */

/* Reads `bytes` bytes of a buffer with the application's queue. */
static int app_read(cl_mem mem, void *out, size_t bytes) {
  return clEnqueueReadBuffer(app_queue, mem, CL_TRUE, 0, bytes, out, 0, NULL, NULL) ==
         CL_SUCCESS;
}

/* new_raw from the application's buffer at an offset, an entry point, values_raw read
 * back on the application's queue; the application's buffer stays its own. */
static void test_raw_round_trip(void) {
  const float data[8] = {-1, -1, 1, 2, 3, 4, 5, 6};
  cl_mem in = app_buffer(app_context, data, sizeof data);
  CHECK(in != NULL);
  struct prism_f32_1d *xs = prism_new_raw_f32_1d(ctx, in, 2, 6), *ys = NULL;
  CHECK(xs != NULL && prism_shape_f32_1d(ctx, xs)[0] == 6);
  /* The array is a copy: overwriting the buffer does not change it. */
  const float zeros[8] = {0};
  CHECK(clEnqueueWriteBuffer(app_queue, in, CL_TRUE, 0, sizeof zeros, zeros, 0, NULL, NULL) ==
        CL_SUCCESS);
  CHECK_OK(prism_entry_scale(ctx, &ys, 2, xs));
  cl_mem out = prism_values_raw_f32_1d(ctx, ys);
  CHECK(out != NULL);
  float back[6] = {0};
  CHECK(out != NULL && app_read(out, back, sizeof back));
  CHECK(back[0] == 2 && back[1] == 4 && back[5] == 12);
  CHECK(prism_values_raw_f32_1d(ctx, ys) == out); /* the same buffer again */
  float host[6] = {0};
  CHECK_OK(prism_values_f32_1d(ctx, xs, host));
  CHECK(host[0] == 1 && host[5] == 6);
  CHECK_OK(prism_free_f32_1d(ctx, ys));
  CHECK_OK(prism_free_f32_1d(ctx, xs));
  CHECK(clReleaseMemObject(in) == CL_SUCCESS);
}

/* values_raw of a view that starts inside its block (a row of a matrix that an entry
 * point returns): the buffer's elements start at offset 0 all the same. */
static void test_raw_view(void) {
  const int32_t m[12] = {0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23};
  struct prism_i32_2d *a = prism_new_i32_2d(ctx, m, 3, 4);
  struct prism_i32_1d *r = NULL, *r1 = NULL;
  CHECK_OK(prism_entry_row(ctx, &r, a, 2));
  CHECK_OK(prism_entry_increment_row(ctx, &r1, a, 1));
  CHECK_OK(prism_free_i32_2d(ctx, a));
  int32_t back[4] = {0}, host[4] = {0};
  cl_mem mem = prism_values_raw_i32_1d(ctx, r);
  CHECK(mem != NULL && app_read(mem, back, sizeof back));
  CHECK(back[0] == 20 && back[1] == 21 && back[3] == 23);
  CHECK_OK(prism_values_i32_1d(ctx, r, host));
  CHECK(host[0] == 20 && host[3] == 23);
  mem = prism_values_raw_i32_1d(ctx, r1);
  CHECK(mem != NULL && app_read(mem, back, sizeof back));
  CHECK(back[0] == 11 && back[3] == 14);
  CHECK_OK(prism_free_i32_1d(ctx, r));
  CHECK_OK(prism_free_i32_1d(ctx, r1));
  /* A 2-D array from a buffer, and an empty one from no buffer at all. */
  cl_mem in = app_buffer(app_context, m, sizeof m);
  a = prism_new_raw_i32_2d(ctx, in, 4, 2, 4);
  CHECK(a != NULL);
  CHECK_OK(prism_entry_row(ctx, &r, a, 1));
  CHECK_OK(prism_values_i32_1d(ctx, r, host));
  CHECK(host[0] == 20 && host[3] == 23);
  CHECK_OK(prism_free_i32_1d(ctx, r));
  CHECK_OK(prism_free_i32_2d(ctx, a));
  a = prism_new_raw_i32_2d(ctx, NULL, 0, 3, 0);
  CHECK(a != NULL && prism_shape_i32_2d(ctx, a)[0] == 3);
  CHECK(prism_values_raw_i32_2d(ctx, a) != NULL);
  CHECK_OK(prism_free_i32_2d(ctx, a));
  CHECK(clReleaseMemObject(in) == CL_SUCCESS);
}

/* A call that must return NULL with an invalid argument's message containing text. */
#define CHECK_RAW_NULL(call, text)                                                        \
  CHECK_ERROR((call) == NULL ? PRISM_INVALID_ARGUMENT : 0, PRISM_INVALID_ARGUMENT, text)

/* Buffers that new_raw refuses, each with its message. */
static void test_raw_errors(void) {
  const float data[4] = {1, 2, 3, 4};
  cl_mem in = app_buffer(app_context, data, sizeof data);
  CHECK_RAW_NULL(prism_new_raw_f32_1d(ctx, in, 1, 4), "the buffer has 16 bytes, too few");
  CHECK_RAW_NULL(prism_new_raw_f32_1d(ctx, in, -1, 2), "negative offset -1");
  CHECK_RAW_NULL(prism_new_raw_f32_1d(ctx, in, 0, -2), "negative dimension -2");
  CHECK_RAW_NULL(prism_new_raw_f32_1d(ctx, NULL, 0, 2), "the buffer is NULL");
  CHECK_RAW_NULL(prism_new_raw_f32_1d(ctx, in, INT64_MAX / 2, 4),
                 "beyond the largest possible buffer");
  CHECK_RAW_NULL(prism_values_raw_f32_1d(ctx, NULL), "prism_values_raw_f32_1d: the array is NULL");
  /* A buffer of another OpenCL context. */
  cl_int err;
  cl_context other = clCreateContext(NULL, 1, &app_device, NULL, NULL, &err);
  CHECK(err == CL_SUCCESS);
  cl_mem foreign = app_buffer(other, data, sizeof data);
  CHECK_RAW_NULL(prism_new_raw_f32_1d(ctx, foreign, 0, 4), "another OpenCL context");
  CHECK_DONE();
  check_usable(__LINE__);
  clReleaseMemObject(foreign);
  clReleaseContext(other);
  clReleaseMemObject(in);
}

static void test_raw(void) {
  struct prism_context_config *cfg = new_config();
  prism_context_config_set_command_queue(cfg, app_queue);
  ctx = new_context(cfg, __LINE__);
  CHECK(prism_context_get_command_queue(ctx) == app_queue);
  test_raw_round_trip();
  test_raw_view();
  test_raw_errors();
  CHECK_OK(prism_context_sync(ctx));
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  ctx = NULL;
  /* The application's queue outlives the context. */
  CHECK(clFinish(app_queue) == CL_SUCCESS);
}

/* ------------------------------------------------------------ Profiling, cache */

/* The report of the context into a string (the caller frees it). */
static char *report_text(void) {
  FILE *f = tmpfile();
  char *text = calloc(1, 65536);
  if (f == NULL || text == NULL) {
    if (f != NULL) {
      fclose(f);
    }
    return text;
  }
  prism_context_report(ctx, f);
  rewind(f);
  size_t n = fread(text, 1, 65535, f);
  text[n] = '\0';
  fclose(f);
  return text;
}

static void test_profiling(void) {
  for (int profiling = 0; profiling <= 1; profiling++) {
    struct prism_context_config *cfg = new_config();
    prism_context_config_set_profiling(cfg, profiling);
    ctx = new_context(cfg, __LINE__);
    check_usable(__LINE__);
    char *text = report_text();
    CHECK(text != NULL && strstr(text, "launches") != NULL && strstr(text, "total") != NULL);
    /* `sum` launched a reduction's kernels: one line each, timed when profiling. */
    CHECK(text != NULL && strstr(text, "reduce") != NULL);
    CHECK(text != NULL && (strstr(text, "profiling is off") == NULL) == profiling);
    free(text);
    prism_context_free(ctx);
    prism_context_config_free(cfg);
  }
  ctx = NULL;
}

/* The cache's files go to the directory set; set_cache(cfg, 0) writes none. */
static void test_cache(void) {
  const char *env = getenv("PRISM_CACHE");
  int cache_allowed = env == NULL || strcmp(env, "0") != 0;
  if (test_dir(cache_on, sizeof cache_on, "cache-on") != NULL && cache_allowed) {
    CHECK(files_in(cache_on) >= 1); /* from the contexts before */
  }
  struct prism_context_config *cfg = prism_context_config_new();
  const char *off = test_dir(cache_off, sizeof cache_off, "cache-off");
  prism_context_config_set_cache_dir(cfg, off);
  prism_context_config_set_cache(cfg, 0);
  ctx = new_context(cfg, __LINE__);
  check_usable(__LINE__);
  if (off != NULL) {
    CHECK(files_in(off) == 0);
  }
  prism_context_free(ctx);
  prism_context_config_free(cfg);
  ctx = NULL;
}

/* NULL everywhere: no crash, error codes or NULL. */
static void test_null(void) {
  prism_context_config_set_device(NULL, "x");
  prism_context_config_set_cache(NULL, 0);
  prism_context_config_set_cache_dir(NULL, "x");
  prism_context_config_set_profiling(NULL, 1);
  prism_context_config_set_command_queue(NULL, NULL);
  prism_context_config_free(NULL);
  prism_context_free(NULL);
  prism_context_report(NULL, stderr);
  CHECK(prism_context_get_error(NULL) == NULL);
  CHECK(prism_context_get_command_queue(NULL) == NULL);
  CHECK(prism_context_sync(NULL) == PRISM_INVALID_ARGUMENT);
  CHECK(prism_new_raw_f32_1d(NULL, NULL, 0, 0) == NULL);
  CHECK(prism_values_raw_f32_1d(NULL, NULL) == NULL);
  float sum;
  CHECK(prism_entry_sum(NULL, &sum, NULL) == PRISM_INVALID_ARGUMENT);
}

int main(void) {
  test_null();
  if (!app_setup()) {
    fprintf(stderr, "cannot set up an OpenCL context of the test's own\n");
    app_release();
    return 1;
  }
  test_bogus_device();
  test_device_names();
  struct prism_context_config *cfg = new_config();
  ctx = new_context(cfg, __LINE__);
  if (ctx != NULL) {
    test_entries();
    test_kernel_failure();
    prism_context_free(ctx);
  }
  prism_context_config_free(cfg);
  ctx = NULL;
  test_raw();
  test_profiling();
  test_cache();
  app_release();
  return capi_exit();
}
